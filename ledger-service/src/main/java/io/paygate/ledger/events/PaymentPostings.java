package io.paygate.ledger.events;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Balances;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.Fees;
import io.paygate.ledger.books.LedgerConfig;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.status.PaymentStatus;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * A payment's money (docs/contract.md §12), posted from its {@code PaymentStatusChanged}:
 * <ul>
 * <li>{@code CAPTURED} (no {@code refund}): pending +gross, −fee, −VAT (the merchant's fee table; the gateway's
 * collected, fees and VAT accounts take the other side); its capture row settles {@code settlementDelayDays} after its
 * capture date in {@code gateway.timezone}. A second CAPTURED of the same payment posts nothing.</li>
 * <li>a {@code refund} whose status is {@code SUCCEEDED}: available −amount, or pending while its payment is not
 * settled (or not yet known: a refund read before its capture); fees are never returned. Once per refund id.</li>
 * <li>{@code REVERSED} (the provider took a captured payment back): like a refund of what was not refunded yet
 * (gross − succeeded refunds), reference the paymentCode; fees are not returned.</li>
 * </ul>
 * Anything else (other statuses, a refund PENDING or FAILED, subscriptions' events) posts nothing.
 */
@ApplicationScoped
public class PaymentPostings {

    private final Books books;
    private final Merchants merchants;
    private final LedgerConfig config;
    private final ZoneId zone;

    PaymentPostings(Books books, Merchants merchants, LedgerConfig config, GatewayConfig gateway) {
        this.books = books;
        this.merchants = merchants;
        this.config = config;
        this.zone = gateway.timezone();
    }

    String post(Connection c, EventEnvelope event, PaymentStatusChanged data) throws SQLException {
        if (data.status() == null || data.paymentCode() == null || !data.paymentCode().equals(event.resourceId())) {
            return "malformed";
        }
        RefundResult refund = data.refund();
        if (refund != null) {
            if (!"SUCCEEDED".equals(refund.status()) || refund.refundId() == null || refund.amount() == null
                    || refund.amount().signum() <= 0) {
                return "ignored";
            }
            return refund(c, event, data.paymentCode(), refund.refundId(), refund.refundId(), refund.amount());
        }
        if (data.status() == PaymentStatus.CAPTURED) {
            return capture(c, event, data);
        }
        if (data.status() == PaymentStatus.REVERSED) {
            return reversal(c, event, data);
        }
        return "ignored";
    }

    private String capture(Connection c, EventEnvelope event, PaymentStatusChanged data) throws SQLException {
        if (data.amount() == null || data.amount().signum() <= 0) {
            return "malformed";
        }
        Merchant merchant = merchants.get(event.merchantId());
        BigDecimal gross = data.amount();
        String method = data.method() == null ? null : data.method().name();
        BigDecimal fee = Fees.fee(merchant.fees().orElse(null), method, gross);
        BigDecimal vat = Fees.vat(fee, config.vatPercent());
        BigDecimal net = gross.subtract(fee).subtract(vat);
        LocalDate settles = event.occurredAt().atZone(zone).toLocalDate()
                .plusDays(merchant.settlementDelayDays().orElse(config.settlementDelayDays()));
        Balances accounts = books.lock(c, event.merchantId());
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO capture (merchant_id, payment_code, order_id, method, captured_at, gross, fee, vat, net,
                                     settlement_date)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")) {
            ps.setString(1, event.merchantId());
            ps.setString(2, data.paymentCode());
            ps.setString(3, data.orderId());
            ps.setString(4, method);
            ps.setTimestamp(5, Timestamp.from(event.occurredAt()));
            ps.setBigDecimal(6, gross);
            ps.setBigDecimal(7, fee);
            ps.setBigDecimal(8, vat);
            ps.setBigDecimal(9, net);
            ps.setDate(10, Date.valueOf(settles));
            if (ps.executeUpdate() == 0) {
                return "duplicate";
            }
        }
        String reference = data.orderId() == null ? data.paymentCode() : data.orderId();
        books.post(c, accounts, Posting.ofEvent(event.merchantId(), "CAPTURE", reference, event.eventId(),
                        event.occurredAt())
                .line(Account.PENDING, TxType.CAPTURE, gross)
                .line(Account.PENDING, TxType.FEE, fee.negate())
                .line(Account.PENDING, TxType.VAT, vat.negate())
                .line(Account.COLLECTED, TxType.CAPTURE, gross.negate())
                .line(Account.FEES, TxType.FEE, fee)
                .line(Account.VAT, TxType.VAT, vat));
        return "posted";
    }

    private String reversal(Connection c, EventEnvelope event, PaymentStatusChanged data) throws SQLException {
        BigDecimal gross = data.amount();
        BigDecimal refunded = BigDecimal.ZERO;
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT (SELECT gross FROM capture WHERE merchant_id = ? AND payment_code = ?),
                       (SELECT coalesce(sum(amount), 0) FROM refund WHERE merchant_id = ? AND payment_code = ?)""")) {
            ps.setString(1, event.merchantId());
            ps.setString(2, data.paymentCode());
            ps.setString(3, event.merchantId());
            ps.setString(4, data.paymentCode());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getBigDecimal(1) != null) {
                    gross = rs.getBigDecimal(1);
                }
                refunded = rs.getBigDecimal(2);
            }
        }
        if (gross == null || gross.subtract(refunded).signum() <= 0) {
            return "ignored";
        }
        return refund(c, event, data.paymentCode(), "REVERSAL:" + data.paymentCode(), data.paymentCode(),
                gross.subtract(refunded));
    }

    private String refund(Connection c, EventEnvelope event, String paymentCode, String refundId, String reference,
                          BigDecimal amount) throws SQLException {
        Balances accounts = books.lock(c, event.merchantId());
        boolean settled;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT settlement_id IS NOT NULL FROM capture WHERE merchant_id = ? AND payment_code = ?")) {
            ps.setString(1, event.merchantId());
            ps.setString(2, paymentCode);
            try (ResultSet rs = ps.executeQuery()) {
                settled = rs.next() && rs.getBoolean(1);
            }
        }
        Account account = settled ? Account.AVAILABLE : Account.PENDING;
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO refund (merchant_id, refund_id, payment_code, amount, account, at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")) {
            ps.setString(1, event.merchantId());
            ps.setString(2, refundId);
            ps.setString(3, paymentCode);
            ps.setBigDecimal(4, amount);
            ps.setString(5, account.column());
            ps.setTimestamp(6, Timestamp.from(event.occurredAt()));
            if (ps.executeUpdate() == 0) {
                return "duplicate";
            }
        }
        books.post(c, accounts, Posting.ofEvent(event.merchantId(), "REFUND", reference, event.eventId(),
                        event.occurredAt())
                .line(account, TxType.REFUND, amount.negate())
                .line(Account.COLLECTED, TxType.REFUND, amount));
        return "posted";
    }
}
