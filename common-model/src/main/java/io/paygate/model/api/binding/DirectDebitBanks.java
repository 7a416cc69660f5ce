package io.paygate.model.api.binding;

import java.util.Locale;

/** How a direct-debit source is named to a customer, by binding-service's bank page and payment-service's page. */
public final class DirectDebitBanks {

    private DirectDebitBanks() {
    }

    /** {@code BCA_DD} → {@code BCA}; {@code MANDIRI_DD} → {@code Mandiri}. */
    public static String name(String sourceType) {
        String bank = sourceType.endsWith("_DD") ? sourceType.substring(0, sourceType.length() - 3) : sourceType;
        return bank.length() <= 3 ? bank : bank.charAt(0) + bank.substring(1).toLowerCase(Locale.ROOT);
    }
}
