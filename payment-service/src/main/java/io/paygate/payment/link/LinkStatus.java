package io.paygate.payment.link;

import java.time.Instant;

/**
 * A payment link's status (docs/contract.md §11). The row keeps each move ({@link LinkTransitions}, each a
 * {@code payment-link} event); until the expiry sweep has run, an active link past its {@code expiresAt} reads as
 * {@code EXPIRED}, and an active link whose captured payments reached its {@code usageLimit} (a row of before V31) reads
 * as {@code PAID}. Moves: ACTIVE → PAID (the limit captured), ACTIVE → INACTIVE (the merchant deactivated it),
 * ACTIVE → EXPIRED (the sweep), and EXPIRED → PAID (a payment started before the expiry captured afterwards, reaching
 * the limit: PAID wins over EXPIRED, as it always read); PAID and INACTIVE never change.
 */
public enum LinkStatus {
    ACTIVE, PAID, EXPIRED, INACTIVE;

    /** What a link reads as: its stored status, its captured payments against its limit, and its expiry. */
    static LinkStatus of(String stored, int captured, Integer usageLimit, Instant expiresAt, Instant now) {
        LinkStatus status = valueOf(stored);
        if (status != ACTIVE) {
            return status;
        }
        if (usageLimit != null && captured >= usageLimit) {
            return PAID;
        }
        return now.isBefore(expiresAt) ? ACTIVE : EXPIRED;
    }

    /** Whether the stored status may move to {@code next}. */
    boolean canMoveTo(LinkStatus next) {
        return switch (this) {
            case ACTIVE -> next == PAID || next == INACTIVE || next == EXPIRED;
            case EXPIRED -> next == PAID;
            case PAID, INACTIVE -> false;
        };
    }
}
