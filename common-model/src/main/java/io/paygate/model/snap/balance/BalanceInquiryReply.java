package io.paygate.model.snap.balance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * Reply {@code 2001100} of {@code POST /v1.0/balance-inquiry}: the merchant's balance as one {@code accountInfos} entry
 * ({@code availableBalance} = available, {@code floatAmount} = pending, {@code holdAmount} = held, {@code
 * ledgerBalance} = their sum).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP balance inquiry reply")
public record BalanceInquiryReply(
        @Schema(examples = "2001100") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String referenceNo,
        String partnerReferenceNo,
        String accountNo,
        @Schema(description = "The merchant's name") String name,
        List<AccountInfo> accountInfos) implements SnapReply {

    /** One balance of the account. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A balance of the account")
    public record AccountInfo(
            @Schema(examples = "Cash") String balanceType,
            @Schema(description = "available + pending + held") SnapAmount amount,
            @Schema(description = "Captured, not yet settled (pending)") SnapAmount floatAmount,
            @Schema(description = "Held for payouts in flight") SnapAmount holdAmount,
            @Schema(description = "Free to pay out") SnapAmount availableBalance,
            @Schema(description = "available + pending + held") SnapAmount ledgerBalance,
            @Schema(examples = "0001") String status) {
    }
}
