package io.paygate.ledger.books;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One entry to post: its kind, what it is about and what makes it once (an event id, or a key), and its lines. Lines of
 * zero are left out (no fee where none is set); what remains must sum to zero (the database refuses the commit
 * otherwise).
 */
public final class Posting {

    /** One line: an account moves by a signed amount, seen by the merchant as {@code type}. */
    public record Line(Account account, TxType type, BigDecimal amount) {
    }

    private final String merchantId;
    private final String kind;
    private final String reference;
    private final UUID eventId;
    private final String key;
    private final Instant at;
    private final List<Line> lines = new ArrayList<>();

    private Posting(String merchantId, String kind, String reference, UUID eventId, String key, Instant at) {
        this.merchantId = merchantId;
        this.kind = kind;
        this.reference = reference;
        this.eventId = eventId;
        this.key = key;
        this.at = at;
    }

    /** A posting made once per event. */
    public static Posting ofEvent(String merchantId, String kind, String reference, UUID eventId, Instant at) {
        return new Posting(merchantId, kind, reference, eventId, null, at);
    }

    /** A posting made once per {@code key}. */
    public static Posting once(String merchantId, String kind, String reference, String key, Instant at) {
        return new Posting(merchantId, kind, reference, null, key, at);
    }

    public Posting line(Account account, TxType type, BigDecimal amount) {
        if (amount.signum() != 0) {
            lines.add(new Line(account, type, amount));
        }
        return this;
    }

    public String merchantId() {
        return merchantId;
    }

    public String kind() {
        return kind;
    }

    public String reference() {
        return reference;
    }

    public UUID eventId() {
        return eventId;
    }

    public String key() {
        return key;
    }

    public Instant at() {
        return at;
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }
}
