package io.paygate.payment.refund;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.error.ResponseCode;
import io.paygate.payment.payment.SurplusEntity;
import io.paygate.payment.payment.SurplusRepository;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /pg/ops/payments/surplus} (ops token, docs/contract.md §2a): money providers took where they should not, newest
 * first, for an operator to refund or settle.
 */
@Path("/pg/ops/payments/surplus")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operations", description = "Operator endpoints (ops token)")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class OpsSurplusResource {

    /** One surplus as listed. */
    public record Surplus(String id, String merchantId, String chargeReference, String method, String amount,
                          String currency, String reason, String state, String createdAt) {
    }

    private final SurplusRepository surpluses;

    OpsSurplusResource(SurplusRepository surpluses) {
        this.surpluses = surpluses;
    }

    @GET
    @OpsAuthenticated
    @Operation(summary = "Money a provider took where it should not (a superseded charge paid, a charge paid after "
            + "the payment ended), newest first")
    public Map<String, Object> list(@QueryParam("limit") @DefaultValue("100") String limit) {
        if (!limit.matches("[1-9][0-9]{0,2}") || Integer.parseInt(limit) > 500) {
            throw ApiException.invalidFormat("limit");
        }
        List<Surplus> items = surpluses.newest(Integer.parseInt(limit)).stream()
                .map(OpsSurplusResource::view).toList();
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("responseCode", ResponseCode.SUCCESS_CODE);
        reply.put("responseMessage", ResponseCode.SUCCESS_MESSAGE);
        reply.put("surplus", items);
        return reply;
    }

    private static Surplus view(SurplusEntity s) {
        return new Surplus(s.id.toString(), s.merchantId, s.chargeReference, s.method == null ? null : s.method.name(),
                s.amount.toPlainString(), s.currency, s.reason, s.state.name(), s.createdAt.toString());
    }
}
