package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code virtualAccountData} of the virtual account replies (docs/contract.md §9): the account as create-va named it,
 * and in the status reply {@code paymentFlagStatus} ({@code 00} paid, {@code 01} ended unpaid, {@code 02} waiting)
 * with its reason and {@code paidAmount} once paid.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP virtual account data")
public record VaData(
        String partnerServiceId,
        String customerNo,
        @Schema(description = "partnerServiceId + customerNo: the customer transfers to it without the spaces")
        String virtualAccountNo,
        String virtualAccountName,
        String virtualAccountEmail,
        String virtualAccountPhone,
        String trxId,
        String inquiryRequestId,
        String paymentRequestId,
        SnapAmount totalAmount,
        SnapAmount paidAmount,
        String virtualAccountTrxType,
        @Schema(description = "When the account stops taking payment") String expiredDate,
        @Schema(description = "00 paid, 01 ended unpaid, 02 waiting to be paid") String paymentFlagStatus,
        FlagReason paymentFlagReason,
        VaState additionalInfo) {

    /** {@code paymentFlagReason}: the state in English and Indonesian. */
    public record FlagReason(String english, String indonesia) {
    }
}
