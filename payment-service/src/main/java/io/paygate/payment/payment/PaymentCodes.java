package io.paygate.payment.payment;

import io.paygate.model.ids.RandomIds;
import jakarta.inject.Singleton;


/**
 * New payment codes: {@code PC} + 16 characters of Crockford base32 (80 random bits), 18 characters in all
 * (docs/contract.md §1: at most 30). Unguessable, because the code alone opens the hosted page.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class PaymentCodes {

    static final String PATTERN = RandomIds.pattern("PC", 16);

    public String next() {
        return RandomIds.next("PC", 16);
    }

    /** Whether {@code value} can be a payment code at all (saves a database look-up for junk). */
    public static boolean isWellFormed(String value) {
        return value != null && value.matches(PATTERN);
    }
}
