package io.paygate.notification.repository;

import java.util.List;
import java.util.Set;

/**
 * What one claim leased, and what the dispatcher needs to know about the rest: how many due rows its scan locked
 * ({@code scanned}: its limit when more may be due), and the merchants whose room it filled (more of theirs may be
 * due, and other merchants' rows may lie behind them).
 */
public record Claim(List<ClaimedNotification> claimed, int scanned, Set<String> filled) {

    public Claim {
        claimed = List.copyOf(claimed);
        filled = Set.copyOf(filled);
    }
}
