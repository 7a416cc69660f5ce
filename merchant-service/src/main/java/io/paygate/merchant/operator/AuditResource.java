package io.paygate.merchant.operator;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.merchant.AuditPage;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The audit trail of every change to the merchants (docs/contract.md §10), any operator's bearer token. */
@Path("/admin/audit")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Merchants (operator)")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class AuditResource {

    private final OperatorAudit audit;

    AuditResource(OperatorAudit audit) {
        this.audit = audit;
    }

    @GET
    @Operation(summary = "The audit trail, newest first", description = "Filtered by merchant id, actor "
            + "(operator:<name>, merchant:<id>), from/to (ISO-8601 with offset, on at); limit 1-200 (50). Member names "
            + "only, never a value.")
    @APIResponse(responseCode = "200", description = "A page of entries")
    public AuditPage page(@QueryParam("merchant") String merchant, @QueryParam("actor") String actor,
                          @QueryParam("from") String from, @QueryParam("to") String to,
                          @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return audit.page(merchant, actor, from, to, limit, cursor);
    }
}
