package io.paygate.ledger.holds;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.error.ApiException;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Amounts;
import io.paygate.ledger.books.Balances;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.Fees;
import io.paygate.ledger.books.LedgerConfig;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.paygate.model.api.ledger.HoldReply;
import io.paygate.model.api.ledger.HoldRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Holds for payouts (the plan's internal API): under the merchant's account lock (in the database, so it holds at any
 * number of replicas), a new hold checks {@code available >= amount + fee} and posts available −, held +; the same key
 * again answers the hold it made; not enough available writes nothing.
 */
@ApplicationScoped
public class Holds {

    private static final Pattern REFERENCE = Pattern.compile("[\\x21-\\x7E]{1,64}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    /** What a hold request came to: the HTTP status and the reply. */
    public record Outcome(int status, HoldReply reply) {
    }

    private final Books books;
    private final Merchants merchants;
    private final LedgerConfig config;
    private final Clock clock = Clock.systemUTC();

    Holds(Books books, Merchants merchants, LedgerConfig config) {
        this.books = books;
        this.merchants = merchants;
        this.config = config;
    }

    @Transactional
    public Outcome hold(String merchantId, String partnerReferenceNo, HoldRequest request) {
        Merchant merchant = merchant(merchantId);
        reference("partnerReferenceNo", partnerReferenceNo);
        if (request == null) {
            throw ApiException.badRequest("a JSON body is required");
        }
        reference("referenceNo", request.referenceNo());
        BigDecimal amount = Amounts.parse("amount", request.amount());
        if (request.currency() == null || request.currency().isEmpty()) {
            throw ApiException.mandatory("currency");
        }
        if (!CURRENCY.matcher(request.currency()).matches()) {
            throw ApiException.invalidFormat("currency");
        }
        try (Connection c = books.connection()) {
            Balances accounts = books.lock(c, merchantId);
            BigDecimal available = accounts.balance(Account.AVAILABLE);
            Hold existing = HoldRows.find(c, merchantId, partnerReferenceNo, true).orElse(null);
            if (existing != null) {
                if (existing.amount().compareTo(amount) != 0 || !existing.currency().equals(request.currency())) {
                    return new Outcome(409, HoldReply.refused("CONFLICT", null, null));
                }
                return new Outcome(200, reply(existing, available));
            }
            BigDecimal fee = Fees.fee(merchant.fees().orElse(null), Fees.DISBURSEMENT, amount);
            BigDecimal required = amount.add(fee);
            if (available.compareTo(required) < 0) {
                return new Outcome(422, HoldReply.refused("INSUFFICIENT_FUNDS", Amounts.text(available),
                        Amounts.text(required)));
            }
            Instant now = clock.instant();
            Hold hold = HoldRows.insert(c, merchantId, partnerReferenceNo, request.referenceNo(), amount, fee,
                    request.currency(), Hold.HELD, now, now.plus(config.holdReconcileAfter()));
            books.post(c, accounts, Posting.once(merchantId, "HOLD", partnerReferenceNo, "hold:" + hold.id(), now)
                    .line(Account.AVAILABLE, TxType.DISBURSEMENT, amount.negate())
                    .line(Account.AVAILABLE, TxType.FEE, fee.negate())
                    .line(Account.HELD, TxType.DISBURSEMENT, required));
            return new Outcome(201, reply(hold, available.subtract(required)));
        } catch (SQLException e) {
            throw new IllegalStateException("hold of " + merchantId + " not made", e);
        }
    }

    @Transactional
    public HoldReply find(String merchantId, String partnerReferenceNo) {
        merchant(merchantId);
        reference("partnerReferenceNo", partnerReferenceNo);
        try (Connection c = books.connection()) {
            Hold hold = HoldRows.find(c, merchantId, partnerReferenceNo, false).orElseThrow(ApiException::notFound);
            return reply(hold, null);
        } catch (SQLException e) {
            throw new IllegalStateException("hold of " + merchantId + " not read", e);
        }
    }

    private Merchant merchant(String merchantId) {
        return merchants.find(Objects.requireNonNullElse(merchantId, "")).orElseThrow(ApiException::notFound);
    }

    private static void reference(String field, String value) {
        if (value == null || value.isEmpty()) {
            throw ApiException.mandatory(field);
        }
        if (!REFERENCE.matcher(value).matches()) {
            throw ApiException.invalidFormat(field);
        }
    }

    private static HoldReply reply(Hold hold, BigDecimal available) {
        return new HoldReply(hold.id().toString(), hold.merchantId(), hold.partnerReferenceNo(), hold.referenceNo(),
                Amounts.text(hold.amount()), Amounts.text(hold.fee()), hold.status(),
                available == null ? null : Amounts.text(available), null, null);
    }
}
