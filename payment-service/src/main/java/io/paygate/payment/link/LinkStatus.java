package io.paygate.payment.link;

import java.time.Instant;

/**
 * A payment link's status (docs/contract.md §11). The row keeps {@code ACTIVE}, {@code PAID} or {@code INACTIVE};
 * {@code EXPIRED} is an active link past its {@code expiresAt}, and an active link whose captured payments reached its
 * {@code usageLimit} reads as {@code PAID} even before a start wrote it. Moves: ACTIVE → PAID (the limit captured),
 * ACTIVE → INACTIVE (the merchant deactivated it); PAID and INACTIVE never change.
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
        return this == ACTIVE && (next == PAID || next == INACTIVE);
    }
}
