package io.paygate.ledger.settlement;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.ledger.books.Days;
import io.paygate.model.api.ledger.SettlementRun;
import io.paygate.model.error.ResponseCode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.LocalDate;

/** The operator's settlement run (docs/contract.md §12): what the daily job does, for a day the operator names. */
@Path("/admin/settlements/run")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Settlements (operator)", description = "Settlement runs: an operator's bearer token")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class SettlementAdminResource {

    private final SettlementRunner runner;

    SettlementAdminResource(SettlementRunner runner) {
        this.runner = runner;
    }

    @POST
    @Operation(summary = "Run the settlement as of a day", description = "Settles every capture due on or before "
            + "asOf (YYYY-MM-DD); a merchant settled for that day already settles nothing again")
    @APIResponse(responseCode = "200", description = "The settlements made")
    public SettlementRun run(SettlementRun request) {
        LocalDate asOf = Days.required(request == null ? null : request.asOf(), "asOf");
        return new SettlementRun(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, asOf.toString(),
                runner.run(asOf));
    }
}
