package io.paygate.ledger.holds;

import io.paygate.kit.auth.Merchants;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Balances;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.Fees;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.paygate.model.status.DisbursementStatus;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * A payout's final states on its hold (docs/contract.md §12; the same from the {@code disbursement-status} event and
 * from the hold reconciliation, each posting made once by its key): {@code 00} debits the hold (held −, the gateway's
 * payouts and fees +); {@code 05}, {@code 06} release it (held −, available +); {@code 04} after {@code 00} returns the
 * amount to available (the fee is not returned). A {@code 00} for a transfer without a hold (a ledger rebuilt from the
 * topics) debits available directly, so a rebuild ends in the same balances.
 */
@ApplicationScoped
public class Payouts {

    private final Books books;
    private final Merchants merchants;

    Payouts(Books books, Merchants merchants) {
        this.books = books;
        this.merchants = merchants;
    }

    /** Applies {@code status} of the transfer (inside the caller's transaction). */
    public void apply(Connection c, String merchantId, String partnerReferenceNo, String referenceNo,
                      BigDecimal amount, String currency, DisbursementStatus status, UUID eventId, Instant at)
            throws SQLException {
        if (status != DisbursementStatus.SUCCESS && status != DisbursementStatus.REFUNDED
                && status != DisbursementStatus.CANCELLED && status != DisbursementStatus.FAILED) {
            return;
        }
        Balances accounts = books.lock(c, merchantId);
        Hold hold = HoldRows.find(c, merchantId, partnerReferenceNo, true).orElse(null);
        if (status == DisbursementStatus.CANCELLED || status == DisbursementStatus.FAILED) {
            if (hold != null && Hold.HELD.equals(hold.status())) {
                books.post(c, accounts, Posting.once(merchantId, "RELEASE", partnerReferenceNo,
                                "release:" + hold.id(), at)
                        .line(Account.HELD, TxType.DISBURSEMENT, hold.total().negate())
                        .line(Account.AVAILABLE, TxType.DISBURSEMENT, hold.total()));
                HoldRows.status(c, hold.id(), Hold.RELEASED, at);
            }
            return;
        }
        if (hold == null) {
            BigDecimal fee = Fees.fee(merchants.find(merchantId).flatMap(m -> m.fees()).orElse(null),
                    Fees.DISBURSEMENT, amount);
            hold = HoldRows.insert(c, merchantId, partnerReferenceNo, referenceNo, amount, fee, currency,
                    Hold.DEBITED, at, at);
            directDebit(c, accounts, hold, at);
        } else if (Hold.HELD.equals(hold.status())) {
            books.post(c, accounts, Posting.once(merchantId, "DISBURSEMENT", partnerReferenceNo, "debit:" + hold.id(), at)
                    .line(Account.HELD, TxType.DISBURSEMENT, hold.total().negate())
                    .line(Account.PAYOUTS, TxType.DISBURSEMENT, hold.amount())
                    .line(Account.FEES, TxType.FEE, hold.fee()));
            HoldRows.status(c, hold.id(), Hold.DEBITED, at);
        } else if (Hold.RELEASED.equals(hold.status())) {
            // Released (the reconciliation found no transfer) and yet paid: the money left, so it is debited now.
            directDebit(c, accounts, hold, at);
            HoldRows.status(c, hold.id(), Hold.DEBITED, at);
        }
        if (status == DisbursementStatus.REFUNDED) {
            books.post(c, accounts, Posting.once(merchantId, "RETURN", partnerReferenceNo, "return:" + hold.id(), at)
                    .line(Account.AVAILABLE, TxType.DISBURSEMENT, hold.amount())
                    .line(Account.PAYOUTS, TxType.DISBURSEMENT, hold.amount().negate()));
        }
    }

    private void directDebit(Connection c, Balances accounts, Hold hold, Instant at) throws SQLException {
        books.post(c, accounts, Posting.once(hold.merchantId(), "DISBURSEMENT", hold.partnerReferenceNo(),
                        "debit:" + hold.id(), at)
                .line(Account.AVAILABLE, TxType.DISBURSEMENT, hold.amount().negate())
                .line(Account.AVAILABLE, TxType.FEE, hold.fee().negate())
                .line(Account.PAYOUTS, TxType.DISBURSEMENT, hold.amount())
                .line(Account.FEES, TxType.FEE, hold.fee()));
    }
}
