package io.paygate.model.api.refund;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply 200 of {@code POST /pg/payment/card/cancel/{orderId}} (docs/contract.md §3a). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Cancellation reply")
public record CancelResponse(
        @Schema(description = "2000000", examples = "2000000") String responseCode,
        @Schema(description = "Success", examples = "Success") String responseMessage,
        @Schema(description = "The merchant's order id", examples = "ORD-20261121-0001") String orderId,
        @Schema(description = "The payment code", examples = "PC8F2K4Q7M1X9B3D") String paymentCode,
        @Schema(description = "CANCELLED", examples = "CANCELLED") String status) {

    public static CancelResponse cancelled(String orderId, String paymentCode) {
        return new CancelResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, orderId, paymentCode,
                "CANCELLED");
    }
}
