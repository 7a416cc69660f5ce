package io.paygate.ledger.books;

/**
 * The accounts of each merchant (docs/contract.md §12): its own {@code pending}, {@code available} and {@code held}
 * (positive: owed to the merchant), and the gateway's counter accounts of that merchant, so every entry sums to zero
 * and no posting waits on another merchant's rows. Rows are locked in this order (their ids are made in it).
 */
public enum Account {
    PENDING("pending"),
    AVAILABLE("available"),
    HELD("held"),
    COLLECTED("gateway:collected"),
    FEES("gateway:fees"),
    VAT("gateway:vat"),
    PAYOUTS("gateway:payouts"),
    ADJUSTMENTS("gateway:adjustments");

    private final String column;

    Account(String column) {
        this.column = column;
    }

    /** Its name in the database and in the merchant's transactions. */
    public String column() {
        return column;
    }

    /** Whether the merchant sees it (balance, transactions). */
    public boolean merchants() {
        return this == PENDING || this == AVAILABLE || this == HELD;
    }
}
