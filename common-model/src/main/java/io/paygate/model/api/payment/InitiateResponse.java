package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply 200 of the initiation (seed §1; docs/contract.md §1). Field names exactly as the seed, including the lower
 * case {@code redirecturl}, {@code appurl} and {@code imageurl}. The same order sent again with the same
 * content gets the same paymentCode, redirecturl and expiryLink.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Hosted payment initiation reply")
public record InitiateResponse(
        @Schema(description = "2000000 on success", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success on success", required = true, maxLength = 500, examples = "Success")
        String responseMessage,
        @Schema(description = "Payment code, unique; the notification's order.reference", maxLength = 30,
                examples = "PC7F3K9Q2M4X8B1N") String paymentCode,
        @Schema(description = "Hosted payment page to send the customer to", required = true, maxLength = 320)
        String redirecturl,
        @Schema(description = "Expiry of the link, YYYY-MM-DD HH:MM:SS in the gateway time zone", required = true,
                maxLength = 19, examples = "2026-11-22 10:15:30") String expiryLink,
        @Schema(description = "Server processing time in milliseconds", required = true, examples = "42")
        Long processingTime,
        @Schema(description = "Wallet app link, for a preselected wallet", maxLength = 320) String appurl,
        @Schema(description = "QR image (PNG), for a preselected QRIS or wallet with a QR", maxLength = 320)
        String imageurl,
        @Schema(description = "Where to pay, for a preselected virtual account, Mandiri bill or store, 1-4 entries",
                maxItems = 4) List<AccountEntry> accountList) {

    /** A success reply ({@code 2000000 Success}). */
    public static InitiateResponse success(String paymentCode, String redirecturl, String expiryLink,
                                           long processingTimeMillis) {
        return new InitiateResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, paymentCode, redirecturl,
                expiryLink, processingTimeMillis, null, null, null);
    }

    /** A success reply for a preselected method: what it needs the customer to pay with (docs/contract.md §1, §2a). */
    public static InitiateResponse success(String paymentCode, String redirecturl, String expiryLink, String appurl,
                                           String imageurl, List<AccountEntry> accountList) {
        return new InitiateResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, paymentCode, redirecturl,
                expiryLink, 0L, appurl, imageurl, accountList == null || accountList.isEmpty() ? null : accountList);
    }

    /** The same reply with another processing time (an idempotent repeat is measured again). */
    public InitiateResponse withProcessingTime(long processingTimeMillis) {
        return new InitiateResponse(responseCode, responseMessage, paymentCode, redirecturl, expiryLink,
                processingTimeMillis, appurl, imageurl, accountList);
    }
}
