package io.paygate.payment.rest;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.config.PaymentConfig;
import io.paygate.payment.service.SandboxSimulation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;

/**
 * The QA shortcut (CONTRACT §2): {@code POST /pg/sandbox/payments/{paymentCode}/simulate}
 * {@code {"status":"CAPTURED"|"FAILED"}} with the ops token. Absent (404) when
 * {@code gateway.payment.sandbox-enabled=false}.
 */
@Path("/pg/sandbox/payments")
@Produces(MediaType.APPLICATION_JSON)
public class SandboxResource {

    /** The simulation request: the outcome, and optionally why it failed. */
    public record SimulateRequest(@NotBlank @Pattern(regexp = "CAPTURED|FAILED") String status,
                                  @Size(max = 255) String statusDesc) {
    }

    private final SandboxSimulation simulation;
    private final PaymentConfig config;

    SandboxResource(SandboxSimulation simulation, PaymentConfig config) {
        this.simulation = simulation;
        this.config = config;
    }

    @POST
    @Path("/{paymentCode}/simulate")
    @Consumes(MediaType.APPLICATION_JSON)
    @OpsAuthenticated
    public Map<String, String> simulate(@PathParam("paymentCode") String paymentCode,
                                        @Valid @NotNull SimulateRequest request) {
        if (!config.sandboxEnabled()) {
            throw ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null);
        }
        PaymentStatus status = simulation.simulate(paymentCode, PaymentStatus.valueOf(request.status()),
                request.statusDesc());
        return Map.of("responseCode", ResponseCode.SUCCESS_CODE, "responseMessage", ResponseCode.SUCCESS_MESSAGE,
                "paymentCode", paymentCode, "status", status.name());
    }
}
