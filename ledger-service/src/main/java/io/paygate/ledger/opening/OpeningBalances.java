package io.paygate.ledger.opening;

import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Amounts;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.LedgerConfig;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

/**
 * {@code gateway.ledger.opening-balances.<merchantId>} (docs/contract.md §8: the local stack's demo merchants), posted at
 * start-up as one ADJUSTMENT to available, once ever per merchant: its key {@code opening:<merchantId>} is unique, so
 * replicas starting together post it once (the second waits on the first's row, then finds it).
 */
@ApplicationScoped
public class OpeningBalances {

    private final Books books;
    private final LedgerConfig config;

    OpeningBalances(Books books, LedgerConfig config) {
        this.books = books;
        this.config = config;
    }

    @Transactional
    void onStart(@Observes StartupEvent start) {
        for (Map.Entry<String, String> opening : config.openingBalances().entrySet()) {
            BigDecimal amount;
            try {
                amount = Amounts.parse("gateway.ledger.opening-balances." + opening.getKey(), opening.getValue());
            } catch (RuntimeException e) {
                throw new IllegalStateException("gateway.ledger.opening-balances." + opening.getKey()
                        + " is not an amount like 1000000000.00");
            }
            post(opening.getKey(), amount);
        }
    }

    /** Posts {@code merchantId}'s opening balance unless it was posted before; whether it was posted now. */
    @Transactional
    public boolean post(String merchantId, BigDecimal amount) {
        try (Connection c = books.connection()) {
            return books.post(c, books.lock(c, merchantId), Posting.once(merchantId, "ADJUSTMENT",
                            "OPENING-BALANCE", "opening:" + merchantId, Instant.now())
                    .line(Account.AVAILABLE, TxType.ADJUSTMENT, amount)
                    .line(Account.ADJUSTMENTS, TxType.ADJUSTMENT, amount.negate()));
        } catch (SQLException e) {
            throw new IllegalStateException("opening balance of " + merchantId + " not posted", e);
        }
    }
}
