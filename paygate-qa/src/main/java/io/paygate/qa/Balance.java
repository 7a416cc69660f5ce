package io.paygate.qa;

import io.restassured.path.json.JsonPath;

import java.math.BigDecimal;

/**
 * The merchant's balance at ledger-service (docs/contract.md §12, {@code GET /pg/balance}): {@code available} (settled,
 * what a payout may take), {@code pending} (captured, not yet settled), {@code held} (payouts in flight).
 */
public record Balance(BigDecimal available, BigDecimal pending, BigDecimal held, String currency) {

    static Balance from(JsonPath reply) {
        return new Balance(amount(reply, "available"), amount(reply, "pending"), amount(reply, "held"),
                reply.getString("currency"));
    }

    private static BigDecimal amount(JsonPath reply, String member) {
        String value = reply.getString(member);
        if (value == null) {
            throw new AssertionError("the balance has no " + member + ": " + Waits.abbreviate(reply.prettify()));
        }
        return new BigDecimal(value);
    }
}
