package io.paygate.payment.sandbox;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentConfig;
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

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Map;

/**
 * The QA shortcut (docs/contract.md §2): {@code POST /pg/sandbox/payments/{paymentCode}/simulate}
 * {@code {"status":"CAPTURED"|"FAILED"}} with the ops token. Absent (404) when
 * {@code gateway.payment.sandbox-enabled=false}.
 */
@Path("/pg/sandbox/payments")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sandbox", description = "Sandbox only, never in production (404 there): QA shortcuts that decide"
        + " payments, bindings and subscription cycles as a customer or provider would")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class SandboxResource {

    /** The simulation request: the outcome, and optionally why it failed. */
    @Schema(name = "PaymentSimulateRequest")
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
    @Operation(operationId = "sandboxSimulatePayment",
            summary = "Decide a payment without the hosted page: CAPTURED or FAILED")
    @APIResponse(responseCode = "200", description = "Decided",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "2000000",
                    value = """
                            {"responseCode":"2000000","responseMessage":"Success","paymentCode":"PC8F2K4Q7M1X9B3D","status":"CAPTURED"}""")))
    @APIResponse(responseCode = "400", description = "status missing or not CAPTURED/FAILED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000801", value = """
                            {"responseCode":"4000801","responseMessage":"Invalid Field Format status"}"""),
                    @ExampleObject(name = "4000802", value = """
                            {"responseCode":"4000802","responseMessage":"Invalid Mandatory Field status"}""")}))
    @APIResponse(responseCode = "404", description = "Unknown paymentCode; or the sandbox is disabled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4040801", value = """
                            {"responseCode":"4040801","responseMessage":"Transaction Not Found"}"""),
                    @ExampleObject(name = "4040800", value = """
                            {"responseCode":"4040800","responseMessage":"Not Found"}""")}))
    @APIResponse(responseCode = "409", description = "The payment is already final",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090800",
                    value = """
                            {"responseCode":"4090800","responseMessage":"Conflict. payment is already CAPTURED"}""")))
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
