package io.paygate.payment.credential;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.web.RequestTiming;
import io.paygate.model.api.credential.OtpConfirmRequest;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.payment.payment.ExampleReplies;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Direct-debit purchases and their OTP pair (docs/contract.md §1b), service code 11. */
@Path("/pg/payment/card/directdebit/purchase")
@Tag(name = "Direct-debit purchases",
        description = "Charging a customer's ACTIVE binding (docs/contract.md §1b), at once or with an OTP")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class DirectDebitPurchaseResource {

    private final DirectDebitPurchases purchases;
    private final CurrentMerchant merchant;
    private final RequestTiming timing;

    DirectDebitPurchaseResource(DirectDebitPurchases purchases, CurrentMerchant merchant, RequestTiming timing) {
        this.purchases = purchases;
        this.merchant = merchant;
        this.timing = timing;
    }

    @POST
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Charged through the binding: CAPTURED, FAILED, or PROCESSING "
            + "while the bank decides (or the earlier reply for the same order)")
    @APIResponse(responseCode = "404", description = "The binding is unknown, another merchant's or customer's, of "
            + "another type or not ACTIVE; nothing written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "The same order.id with other content",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = ExampleReplies.ORDER_ID_CONFLICT_11)))
    @APIResponse(responseCode = "502", description = "binding-service could not be asked; nothing written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5021100",
                    value = ExampleReplies.BINDING_UNCHECKED_11)))
    @Operation(operationId = "purchaseByDirectDebit", summary = "Charge a customer's ACTIVE binding at once")
    public PurchaseResponse purchase(@Valid @NotNull InitiateRequest request) {
        return purchases.purchase(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }

    @POST
    @Path("/otp")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Opened PENDING and an OTP sent to the customer (the same body "
            + "again: a new OTP)")
    @APIResponse(responseCode = "404", description = "The binding is unknown, another merchant's or customer's, of "
            + "another type or not ACTIVE; nothing written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "The same order.id with other content",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = ExampleReplies.ORDER_ID_CONFLICT_11)))
    @APIResponse(responseCode = "502", description = "binding-service could not be asked; nothing written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5021100",
                    value = ExampleReplies.BINDING_UNCHECKED_11)))
    @Operation(operationId = "openDirectDebitPurchaseWithOtp", summary = "Open a direct-debit purchase and send the customer an OTP")
    public InitiateResponse otp(@Valid @NotNull InitiateRequest request) {
        return purchases.openWithOtp(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }

    @POST
    @Path("/otp/confirm")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The OTP was right (charged) or came too late (FAILED)")
    @APIResponse(responseCode = "404", description = "Unknown or another merchant's paymentCode",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "The payment is not waiting for its OTP",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. the payment is not waiting for its OTP"}""")))
    @Operation(operationId = "confirmDirectDebitPurchase", summary = "Confirm a direct-debit purchase with the customer's OTP")
    public PurchaseResponse confirm(@Valid @NotNull OtpConfirmRequest request) {
        return purchases.confirm(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }
}
