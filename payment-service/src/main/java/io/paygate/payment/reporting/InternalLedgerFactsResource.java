package io.paygate.payment.reporting;

import io.paygate.kit.auth.InternalAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.ledger.LedgerFact;
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

import java.sql.SQLException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Service-to-service: a day's captures, succeeded refunds and paid transfers, for ledger-service's daily reconciliation
 * (docs/contract.md §12). Outside {@code /pg} so the Ingress never routes it; bearer {@code gateway.internal.token}.
 */
@Path("/internal/ledger-facts")
@Produces(MediaType.APPLICATION_JSON)
@InternalAuthenticated
@Tag(name = "Internal", description = "Service to service only (internal token); outside /pg, never routed by the Ingress")
@SecurityRequirement(name = GatewayOpenApiFilter.INTERNAL)
public class InternalLedgerFactsResource {

    static final int DEFAULT_LIMIT = 500;
    static final int MAX_LIMIT = 1000;

    private final LedgerFacts facts;

    InternalLedgerFactsResource(LedgerFacts facts) {
        this.facts = facts;
    }

    @GET
    @Operation(summary = "INTERNAL: a day's money facts of one kind, oldest first (for ledger-service's reconciliation)")
    @APIResponse(responseCode = "200", description = "One page of facts; nextCursor absent on the last")
    @APIResponse(responseCode = "400", description = "date not YYYY-MM-DD, kind not CAPTURE, REFUND or DISBURSEMENT, "
            + "limit not 1-1000, or a cursor not issued for this day and kind",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4001001",
                    value = """
                            {"responseCode":"4001001","responseMessage":"Invalid Field Format date"}""")))
    public LedgerFact.FactPage page(@QueryParam("date") String date, @QueryParam("kind") String kind,
                                @QueryParam("limit") String limit, @QueryParam("cursor") String cursor)
            throws SQLException {
        return facts.page(date(date), kind(kind), limit(limit), cursor);
    }

    private static LocalDate date(String date) {
        if (date == null || date.isEmpty()) {
            throw ApiException.mandatory("date");
        }
        try {
            if (date.length() != 10) {
                throw ApiException.invalidFormat("date");
            }
            return LocalDate.parse(date);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat("date");
        }
    }

    private static LedgerFact.Kind kind(String kind) {
        if (kind == null || kind.isEmpty()) {
            throw ApiException.mandatory("kind");
        }
        for (LedgerFact.Kind k : LedgerFact.Kind.values()) {
            if (k.name().equals(kind)) {
                return k;
            }
        }
        throw ApiException.invalidFormat("kind");
    }

    private static int limit(String limit) {
        if (limit == null || limit.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        try {
            int n = Integer.parseInt(limit);
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalidFormat("limit");
    }
}
