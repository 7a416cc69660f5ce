package io.paygate.model.api.credential;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.payment.PaymentOutcome;
import io.paygate.model.api.payment.PaymentResult;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply of a charge of a credential (docs/contract.md §1b): {@code POST /pg/payment/card/payment} (one-click),
 * {@code POST /pg/payment/card/directdebit/purchase} and its OTP confirmation. The initiation reply's members
 * (§1) plus {@code result.payment}: {@code CAPTURED} or {@code FAILED} once the provider decided, {@code PROCESSING}
 * while it decides. {@code redirecturl} only when the provider asks for 3-D Secure.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Charge of a stored card or binding: the initiation reply plus result.payment")
public record PurchaseResponse(
        @Schema(description = "2000000 on success", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success on success", required = true, examples = "Success") String responseMessage,
        @Schema(description = "Payment code, unique; the notification's order.reference", required = true,
                maxLength = 30, examples = "PC7F3K9Q2M4X8B1N") String paymentCode,
        @Schema(description = "Only when the provider asks for 3-D Secure: where to send the customer", maxLength = 320)
        String redirecturl,
        @Schema(description = "Expiry of the payment, YYYY-MM-DD HH:MM:SS in the gateway time zone", required = true,
                maxLength = 19, examples = "2026-11-22 10:15:30") String expiryLink,
        @Schema(description = "Server processing time in milliseconds", required = true, examples = "42")
        Long processingTime,
        @Schema(description = "The charge's outcome so far", required = true) PaymentResult result) {

    /** A success reply with processing time 0 (set it with {@link #withProcessingTime}). */
    public static PurchaseResponse success(String paymentCode, String redirecturl, String expiryLink,
                                           PaymentOutcome payment) {
        return new PurchaseResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, paymentCode, redirecturl,
                expiryLink, 0L, new PaymentResult(payment, null));
    }

    /** The same reply with another processing time (an idempotent repeat is measured again). */
    public PurchaseResponse withProcessingTime(long processingTimeMillis) {
        return new PurchaseResponse(responseCode, responseMessage, paymentCode, redirecturl, expiryLink,
                processingTimeMillis, result);
    }
}
