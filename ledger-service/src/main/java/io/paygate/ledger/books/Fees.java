package io.paygate.ledger.books;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Map;

/**
 * A merchant's fee table (docs/contract.md §12): {@code {"CARD": {"percent": "2.9", "fixed": "2000"}, "VA_*": {...}}}.
 * The entry of the exact method code wins, then its family ({@code VA_*} for {@code VA_BCA}); none: no fee. fee =
 * gross × percent / 100 + fixed, and VAT = fee × VAT percent / 100, each rounded half-up to the rupiah (whole rupiah,
 * written with two decimals). Amounts are {@link BigDecimal} throughout: nothing overflows or loses a sen.
 */
public final class Fees {

    /** The fee code of a payout (docs/contract.md §10 {@code fees.DISBURSEMENT}). */
    public static final String DISBURSEMENT = "DISBURSEMENT";

    private Fees() {
    }

    /** The fee on {@code gross} paid with {@code method} (a §2a code, or {@link #DISBURSEMENT}), or 0.00. */
    public static BigDecimal fee(JsonNode table, String method, BigDecimal gross) {
        JsonNode entry = entry(table, method);
        if (entry == null) {
            return zero();
        }
        BigDecimal percent = number(entry.get("percent"));
        BigDecimal fixed = number(entry.get("fixed"));
        BigDecimal fee = gross.multiply(percent).divide(BigDecimal.valueOf(100)).add(fixed);
        return rupiah(fee);
    }

    /** The VAT on {@code fee} at {@code percent}. */
    public static BigDecimal vat(BigDecimal fee, BigDecimal percent) {
        return rupiah(fee.multiply(percent).divide(BigDecimal.valueOf(100)));
    }

    /** Half-up to the rupiah, with two decimals. */
    public static BigDecimal rupiah(BigDecimal amount) {
        return amount.setScale(0, RoundingMode.HALF_UP).setScale(2, RoundingMode.UNNECESSARY);
    }

    public static BigDecimal zero() {
        return BigDecimal.ZERO.setScale(2, RoundingMode.UNNECESSARY);
    }

    private static JsonNode entry(JsonNode table, String method) {
        if (table == null || !table.isObject() || method == null) {
            return null;
        }
        JsonNode exact = table.get(method);
        if (exact != null && exact.isObject()) {
            return exact;
        }
        JsonNode family = null;
        int longest = -1;
        for (Iterator<Map.Entry<String, JsonNode>> it = table.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            if (key.endsWith("*") && e.getValue().isObject()) {
                String prefix = key.substring(0, key.length() - 1);
                if (method.startsWith(prefix) && prefix.length() > longest) {
                    family = e.getValue();
                    longest = prefix.length();
                }
            }
        }
        return family;
    }

    private static BigDecimal number(JsonNode node) {
        if (node == null || node.isNull()) {
            return BigDecimal.ZERO;
        }
        try {
            return node.isNumber() ? node.decimalValue() : new BigDecimal(node.asText().trim());
        } catch (NumberFormatException e) {
            return BigDecimal.ZERO;
        }
    }
}
