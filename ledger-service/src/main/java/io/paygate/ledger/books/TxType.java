package io.paygate.ledger.books;

/** The types of the merchant's transactions (docs/contract.md §12), one per line. */
public enum TxType {
    CAPTURE, FEE, VAT, REFUND, DISBURSEMENT, SETTLEMENT, ADJUSTMENT
}
