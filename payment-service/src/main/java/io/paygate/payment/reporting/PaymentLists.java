package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.list.Page;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.model.api.refund.RefundResponse;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMapper;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.refund.RefundEntity;
import io.paygate.payment.refund.Refunds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The merchant's payments and refunds, newest first (docs/contract.md §3b): filtered, keyset-paginated with a signed cursor,
 * each item the fields of its status reply. A merchant never sees another's.
 */
@ApplicationScoped
public class PaymentLists {

    static final String PAYMENTS = "payments";
    static final String REFUNDS = "refunds";

    private final EntityManager entityManager;
    private final Cursors cursors;
    private final GatewayTime time;
    private final Refunds refunds;
    private final PaymentRepository payments;

    PaymentLists(EntityManager entityManager, Cursors cursors, GatewayTime time, Refunds refunds,
                 PaymentRepository payments) {
        this.entityManager = entityManager;
        this.cursors = cursors;
        this.time = time;
        this.refunds = refunds;
        this.payments = payments;
    }

    @Transactional
    public Page<PaymentStatusResponse> payments(Merchant merchant, String status, String method, ListQuery query,
                                                String cursor) {
        Keyset keyset = paymentsQuery(merchant.id(), status(status), method(method), query,
                cursors.read(PAYMENTS, merchant.id(), cursor).orElse(null));
        @SuppressWarnings("unchecked")
        List<PaymentEntity> rows = keyset.query(entityManager, PaymentEntity.class, query.limit()).getResultList();
        return page(PAYMENTS, merchant, rows, query.limit(),
                p -> PaymentMapper.toStatusResponse(p, time.expiryLink(p.expiresAt)).asItem(),
                p -> new Cursors.Position(p.createdAt, p.id.toString()));
    }

    /** The payments page's query (an index on {@code (merchant_id[, status], created_at DESC, id DESC)} serves it). */
    public static Keyset paymentsQuery(String merchantId, PaymentStatus status, PaymentMethod method, ListQuery query,
                                       Cursors.Position after) {
        return Keyset.of("payment", "created_at", "id", "uuid", merchantId)
                .condition("status = ?", status == null ? null : status.name())
                .condition("method = ?", method == null ? null : method.name())
                .range(query).after(after);
    }

    @Transactional
    public Page<RefundResponse> refunds(Merchant merchant, String orderId, ListQuery query, String cursor) {
        if (orderId != null && !orderId.matches(io.paygate.model.api.Patterns.ORDER_ID)) {
            throw ApiException.invalidFormat("orderId");
        }
        Keyset keyset = refundsQuery(merchant.id(), orderId, query,
                cursors.read(REFUNDS, merchant.id(), cursor).orElse(null));
        @SuppressWarnings("unchecked")
        List<RefundEntity> rows = keyset.query(entityManager, RefundEntity.class, query.limit()).getResultList();
        return page(REFUNDS, merchant, rows, query.limit(),
                r -> refunds.view(r, payments.findByCode(r.paymentCode).orElseThrow()),
                r -> new Cursors.Position(r.createdAt, r.id.toString()));
    }

    public static Keyset refundsQuery(String merchantId, String orderId, ListQuery query, Cursors.Position after) {
        return Keyset.of("refund", "created_at", "id", "uuid", merchantId)
                .condition("order_id = ?", orderId).range(query).after(after);
    }

    private <E, T> Page<T> page(String list, Merchant merchant, List<E> rows, int limit, Function<E, T> view,
                                Function<E, Cursors.Position> position) {
        boolean more = rows.size() > limit;
        List<E> shown = more ? rows.subList(0, limit) : rows;
        String next = more ? cursors.issue(list, merchant.id(), position.apply(shown.get(shown.size() - 1))) : null;
        return Page.of(shown.stream().map(view).toList(), next);
    }

    private static PaymentStatus status(String status) {
        if (status == null) {
            return null;
        }
        return Arrays.stream(PaymentStatus.values()).filter(s -> s.name().equals(status.toUpperCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> ApiException.invalidFormat("status"));
    }

    private static PaymentMethod method(String method) {
        return method == null ? null : PaymentMethod.fromCode(method)
                .orElseThrow(() -> ApiException.invalidFormat("method"));
    }

    static Optional<String> blankToNull(String s) {
        return Optional.ofNullable(s).filter(v -> !v.isBlank());
    }
}
