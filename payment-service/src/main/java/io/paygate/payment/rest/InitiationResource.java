package io.paygate.payment.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.web.RequestTiming;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.payment.service.InitiationService;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import io.paygate.kit.openapi.GatewayOpenApiFilter;

/** {@code POST /pg/payment/card/initiate} (seed §1; CONTRACT §1). */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Payments", description = "Hosted payment initiation and status (CONTRACT §1, §3)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class InitiationResource {

    private final InitiationService initiations;
    private final CurrentMerchant merchant;
    private final RequestTiming timing;

    InitiationResource(InitiationService initiations, CurrentMerchant merchant, RequestTiming timing) {
        this.initiations = initiations;
        this.merchant = merchant;
        this.timing = timing;
    }

    @POST
    @Path("/initiate")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @Operation(summary = "Initiate a hosted payment",
            description = "Returns the hosted page (redirecturl) to send the customer to. Idempotent per order.id: "
                    + "the same content again gets the same reply, different content gets 4090100.")
    @APIResponse(responseCode = "200", description = "Initiated (or the earlier reply for the same order)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = InitiateResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","paymentCode":"PC8F2K4Q7M1X9B3D",                            "redirecturl":"https://pay.example.com/pg/pay/PC8F2K4Q7M1X9B3D",                            "expiryLink":"2026-11-22 10:15:30","processingTime":12}""")))
    @APIResponse(responseCode = "400", description = "A field breaks its rule (CONTRACT §1), or is missing",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000101 order.amount", value = """
                            {"responseCode":"4000101","responseMessage":"Invalid Field Format order.amount"}"""),
                    @ExampleObject(name = "4000101 url.callbackUrl", description = "not https, or a private host", value = """
                            {"responseCode":"4000101","responseMessage":"Invalid Field Format url.callbackUrl"}"""),
                    @ExampleObject(name = "4000102 order.id", value = """
                            {"responseCode":"4000102","responseMessage":"Invalid Mandatory Field order.id"}"""),
                    @ExampleObject(name = "4000102 customer.mobilePhone", value = """
                            {"responseCode":"4000102","responseMessage":"Invalid Mandatory Field customer.mobilePhone"}""")}))
    @APIResponse(responseCode = "409", description = "The order.id was already initiated with different content",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090100",
                    value = """
                            {"responseCode":"4090100","responseMessage":"Conflict. order.id already used with different content"}""")))
    public InitiateResponse initiate(@Valid @NotNull InitiateRequest request) {
        return initiations.initiate(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }
}
