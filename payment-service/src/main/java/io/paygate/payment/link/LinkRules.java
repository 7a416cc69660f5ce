package io.paygate.payment.link;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.link.Link;
import io.paygate.model.api.payment.PaymentMethod;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of docs/contract.md §11 for a {@code link} object that Bean Validation cannot state: an amount or a range
 * (min ≤ max), the expiry, the methods. Each refusal is {@code 400SS01}/{@code 400SS02} naming the field.
 */
final class LinkRules {

    static final Duration DEFAULT_LIFETIME = Duration.ofDays(7);
    static final Duration LONGEST_LIFETIME = Duration.ofDays(180);

    private LinkRules() {
    }

    static void checkAmounts(Link link) {
        boolean range = link.minAmount() != null || link.maxAmount() != null;
        if (link.amount() != null && range) {
            throw ApiException.invalidFormat("link.amount");
        }
        if (link.amount() == null && !range) {
            throw ApiException.mandatory("link.amount");
        }
        if (range && link.minAmount() == null) {
            throw ApiException.mandatory("link.minAmount");
        }
        if (range && link.maxAmount() == null) {
            throw ApiException.mandatory("link.maxAmount");
        }
        if (range && new BigDecimal(link.minAmount()).compareTo(new BigDecimal(link.maxAmount())) > 0) {
            throw ApiException.invalidFormat("link.maxAmount");
        }
    }

    /** {@code expiresAt} as an instant after {@code now} and at most 180 days ahead; absent: 7 days from now. */
    static Instant expiry(String expiresAt, Instant now) {
        if (expiresAt == null) {
            return now.plus(DEFAULT_LIFETIME);
        }
        OffsetDateTime parsed;
        try {
            parsed = OffsetDateTime.parse(expiresAt);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat("link.expiresAt");
        }
        if (parsed.getYear() < 2000 || parsed.getYear() > 9999) {
            throw ApiException.invalidFormat("link.expiresAt");
        }
        Instant at = parsed.toInstant();
        if (!at.isAfter(now) || at.isAfter(now.plus(LONGEST_LIFETIME))) {
            throw ApiException.invalidFormat("link.expiresAt");
        }
        return at;
    }

    /** The methods named (docs/contract.md §2a codes or their aliases), once each, in the order given; null: any. */
    static Set<PaymentMethod> methods(List<String> codes) {
        if (codes == null) {
            return null;
        }
        Set<PaymentMethod> methods = new LinkedHashSet<>();
        for (String code : codes) {
            methods.add(PaymentMethod.fromCode(code).orElseThrow(() -> ApiException.invalidFormat("link.methods")));
        }
        return methods;
    }
}
