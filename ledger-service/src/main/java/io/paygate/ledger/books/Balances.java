package io.paygate.ledger.books;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;

/** A merchant's accounts, locked for the current transaction: their row ids and balances. */
public final class Balances {

    private final Map<Account, Long> ids = new EnumMap<>(Account.class);
    private final Map<Account, BigDecimal> balances = new EnumMap<>(Account.class);

    void put(Account account, long id, BigDecimal balance) {
        ids.put(account, id);
        balances.put(account, balance);
    }

    boolean complete() {
        return ids.size() == Account.values().length;
    }

    long id(Account account) {
        return ids.get(account);
    }

    /** The balance when the accounts were locked (postings since then are not in it). */
    public BigDecimal balance(Account account) {
        return balances.getOrDefault(account, BigDecimal.ZERO.setScale(2));
    }
}
