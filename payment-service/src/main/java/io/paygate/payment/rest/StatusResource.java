package io.paygate.payment.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.payment.service.PaymentQueries;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
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

/**
 * {@code GET /pg/payment/card/status/{orderId}} and its twin {@code /check/{orderId}} (CONTRACT §3): the merchant's own
 * orders only.
 */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Payments", description = "Hosted payment initiation and status (CONTRACT §1, §3)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class StatusResource {

    private final PaymentQueries queries;
    private final CurrentMerchant merchant;

    StatusResource(PaymentQueries queries, CurrentMerchant merchant) {
        this.queries = queries;
        this.merchant = merchant;
    }

    @GET
    @Path("/status/{orderId}")
    @MerchantAuthenticated
    @Operation(summary = "Payment status by the merchant's order id",
            description = "order, result and card equal those of the payment notification, so they can be compared.")
    @APIResponse(responseCode = "200", description = "The payment",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentStatusResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","paymentCode":"PC8F2K4Q7M1X9B3D",                            "order":{"id":"ORD-1","amount":150000.00,"currency":"IDR","reference":"PC8F2K4Q7M1X9B3D"},                            "result":{"payment":{"amount":150000.00,"status":"CAPTURED","statusDesc":null}},                            "card":{"mask":"411111******1111","info":{"brand":"VISA","type":"CREDIT"}},                            "expiryLink":"2026-11-22 10:15:30"}""")))
    @APIResponse(responseCode = "404", description = "Unknown order, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040301",
                    value = """
                            {"responseCode":"4040301","responseMessage":"Transaction Not Found"}""")))
    public PaymentStatusResponse status(@PathParam("orderId") String orderId) {
        return queries.status(merchant.get(), orderId);
    }

    @GET
    @Path("/check/{orderId}")
    @MerchantAuthenticated
    @Operation(summary = "Payment status by the merchant's order id (the path the seed's home market calls)",
            description = "The same reply as /pg/payment/card/status/{orderId}.")
    @APIResponse(responseCode = "200", description = "The payment",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentStatusResponse.class)))
    @APIResponse(responseCode = "404", description = "Unknown order, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040301",
                    value = """
                            {"responseCode":"4040301","responseMessage":"Transaction Not Found"}""")))
    public PaymentStatusResponse check(@PathParam("orderId") String orderId) {
        return queries.status(merchant.get(), orderId);
    }
}
