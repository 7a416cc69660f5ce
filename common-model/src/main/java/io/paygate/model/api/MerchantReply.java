package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a merchant answers to every notification (seed §3/§4): responseCode, responseMessage, processingTime.
 * A notification counts as delivered only on HTTP 2xx with {@code responseCode} {@code 2000000} (docs/contract.md §6).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Merchant's reply to a notification; 2000000 acknowledges it")
public record MerchantReply(
        @Schema(description = "2000000 acknowledges the notification", required = true, examples = "2000000")
        String responseCode,
        @Schema(description = "Result text", required = true, maxLength = 500, examples = "Success")
        String responseMessage,
        @Schema(description = "Merchant's processing time in milliseconds", required = true, examples = "12")
        BigDecimal processingTime) {

    /** The acknowledging reply. */
    public static MerchantReply success(long processingTimeMillis) {
        return new MerchantReply(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, BigDecimal.valueOf(processingTimeMillis));
    }

    /** Whether this reply acknowledges the notification ({@code responseCode} is {@code 2000000}). */
    public boolean acknowledges() {
        return ResponseCode.SUCCESS_CODE.equals(responseCode);
    }
}
