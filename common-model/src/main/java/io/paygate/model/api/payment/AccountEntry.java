package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One entry of the initiation reply's {@code accountList} (docs/contract.md §2a): where to pay. A virtual account has
 * {@code type VA}, {@code bank}, {@code accountNumber}, {@code accountName}; a Mandiri bill {@code type BILL},
 * {@code bank}, {@code billerCode}, {@code billKey}; a store code {@code type STORE}, {@code store},
 * {@code paymentCode}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Where to pay: a virtual account, a Mandiri bill or a store code")
public record AccountEntry(
        @Schema(description = "VA, BILL or STORE", examples = "VA") String type,
        @Schema(description = "Bank of a virtual account or bill", examples = "BCA") String bank,
        @Schema(description = "Virtual account number", examples = "1234500012345678") String accountNumber,
        @Schema(description = "Name the bank shows for the account (the merchant)", examples = "Demo Store")
        String accountName,
        @Schema(description = "Mandiri biller code", examples = "70012") String billerCode,
        @Schema(description = "Mandiri bill key", examples = "812345678901") String billKey,
        @Schema(description = "Convenience store", examples = "ALFAMART") String store,
        @Schema(description = "Code to pay at the store's cashier", examples = "ALF1234567890") String paymentCode) {

    public static AccountEntry virtualAccount(String bank, String accountNumber, String accountName) {
        return new AccountEntry("VA", bank, accountNumber, accountName, null, null, null, null);
    }

    public static AccountEntry bill(String bank, String billerCode, String billKey) {
        return new AccountEntry("BILL", bank, null, null, billerCode, billKey, null, null);
    }

    public static AccountEntry store(String store, String paymentCode) {
        return new AccountEntry("STORE", null, null, null, null, null, store, paymentCode);
    }
}
