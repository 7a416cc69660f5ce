package io.paygate.ledger.reconciliation;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.ledger.books.Days;
import io.paygate.model.api.ledger.ReconciliationReport;
import io.paygate.model.error.ResponseCode;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.LocalDate;

/** The operator's daily reconciliation (docs/contract.md §12): payment-service's money facts of a day against the ledger. */
@Path("/admin/reconciliation")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Reconciliation (operator)", description = "The ledger against payment-service: an operator's bearer token")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class ReconciliationResource {

    private final Reconciliation reconciliation;

    ReconciliationResource(Reconciliation reconciliation) {
        this.reconciliation = reconciliation;
    }

    @GET
    @Operation(summary = "Reconcile a day", description = "payment-service's captures, succeeded refunds and transfers "
            + "paid (00) of date (YYYY-MM-DD in gateway.timezone) against the ledger's postings of them; differences "
            + "is empty when both agree")
    @APIResponse(responseCode = "200", description = "The day's differences, empty when healthy")
    @APIResponse(responseCode = "503", description = "payment-service could not be asked (away, failing); nothing to "
            + "compare with: ask again",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5031400",
                    value = """
                            {"responseCode":"5031400","responseMessage":"Service Unavailable"}""")))
    public ReconciliationReport reconcile(@QueryParam("date") String date) {
        LocalDate day = Days.required(date, "date");
        return new ReconciliationReport(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, day.toString(),
                reconciliation.differences(day));
    }
}
