package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.api.Customer;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.Order;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.Url;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.initiation.PaymentInserts;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.refund.PaymentCancellation;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What the SNAP payment services share (docs/contract.md §9): a SNAP payment is an ordinary payment made through
 * {@link InitiationService} (order id = {@code partnerReferenceNo}, {@code trxId} for a virtual account; idempotent by
 * it), found again by its references, cancelled through {@link PaymentCancellation}. Nothing here changes a payment but
 * through those services.
 */
@ApplicationScoped
public class SnapPayments {

    /** The longest link a payment may have (docs/contract.md §1, {@code order.timeout}). */
    private static final long MAX_MINUTES = 43_200;
    private static final String RUPIAH = "IDR";

    private final InitiationService initiation;
    private final PaymentRepository payments;
    private final PaymentCancellation cancellation;
    private final SnapRequest snap;
    private final GatewayTime time;
    private final SnapExternalIdNames names;

    SnapPayments(InitiationService initiation, PaymentRepository payments, PaymentCancellation cancellation,
                 SnapRequest snap, GatewayTime time, SnapExternalIdNames names) {
        this.initiation = initiation;
        this.payments = payments;
        this.cancellation = cancellation;
        this.snap = snap;
        this.time = time;
        this.names = names;
    }

    /**
     * The SNAP payment asked for, as it is now; {@code extra} fills the payment's SNAP columns before the insert. With
     * {@code method} its charge is opened (preselected); without one the customer chooses on the hosted page.
     */
    PaymentEntity create(Merchant merchant, String orderId, SnapAmount amount, String amountField, Customer customer,
                         PaymentMethod method, Integer timeoutMinutes, Consumer<PaymentEntity> extra) {
        refuseLinkOrderId(merchant, orderId, "partnerReferenceNo");
        InitiateRequest request = initiation(orderId, amount, amountField, customer, timeoutMinutes);
        PaymentEntity p = method == null ? initiation.store(merchant, request, snap.bodyHash(), null, extra).payment()
                : initiation.initiateWith(merchant, request, method, snap.bodyHash(), extra);
        return read(p.paymentCode);
    }

    /**
     * A SNAP virtual account (docs/contract.md §9): as {@link #create} with {@code method}, all or nothing: the
     * database refuses it while another account with its number is open ({@code 4092700}, nothing written), and one
     * whose charge was not opened under its number is withdrawn before the {@code 5xx} is answered.
     */
    PaymentEntity createVirtualAccount(Merchant merchant, String orderId, SnapAmount amount, String amountField,
                                       Customer customer, PaymentMethod method, Integer timeoutMinutes,
                                       Consumer<PaymentEntity> extra) {
        refuseLinkOrderId(merchant, orderId, "trxId");
        InitiateRequest request = initiation(orderId, amount, amountField, customer, timeoutMinutes);
        try {
            return read(initiation.initiateOrWithdraw(merchant, request, method, snap.bodyHash(), extra).paymentCode);
        } catch (PaymentInserts.OpenNumberTaken e) {
            throw SnapException.of(SnapCase.CONFLICT, null); // the number is still waiting for another bill
        }
    }

    /**
     * {@code 400xx01 <field>} for an order id of the form {@code <link.id>-<n>} of one of the merchant's payment links
     * (docs/contract.md §11): the link page gives those, as initiation refuses them ({@code 4000101 order.id}).
     */
    void refuseLinkOrderId(Merchant merchant, String orderId, String field) {
        if (initiation.isLinkOrderId(merchant, orderId)) {
            throw SnapException.invalidFormat(field);
        }
    }

    private static InitiateRequest initiation(String orderId, SnapAmount amount, String amountField, Customer customer,
                                              Integer timeoutMinutes) {
        requireRupiah(amount, amountField);
        return InitiateRequest.of(
                new Order(orderId, amount.amount().toPlainString(), null, null, RUPIAH, timeoutMinutes, Map.of()),
                customer, new Url(null, null, null, null, null, Map.of()));
    }

    /** {@code 400xx01 <field>.currency} for another currency than rupiah, {@code <field>.value} for nothing to pay. */
    static void requireRupiah(SnapAmount amount, String field) {
        if (!RUPIAH.equals(amount.currency())) {
            throw SnapException.invalidFormat(field + ".currency");
        }
        if (amount.amount().signum() <= 0) {
            throw SnapException.invalidFormat(field + ".value");
        }
    }

    /** Whether the merchant's channel opens {@code method}. */
    boolean offers(Merchant merchant, PaymentMethod method) {
        return initiation.offers(merchant, method);
    }

    /**
     * The link lifetime, in whole minutes (rounded up), that ends at {@code until} (ISO-8601 with an offset); null for
     * none. A time that has passed, or is not one, is {@code 400xx01 <field>}.
     */
    Integer minutesUntil(String until, String field) {
        if (until == null) {
            return null;
        }
        Duration left;
        try {
            left = Duration.between(time.now(), OffsetDateTime.parse(until).toInstant());
        } catch (DateTimeParseException e) {
            throw SnapException.invalidFormat(field);
        }
        if (left.isNegative() || left.isZero()) {
            throw SnapException.invalidFormat(field);
        }
        long minutes = (left.toSeconds() + 59) / 60;
        return (int) Math.min(minutes, MAX_MINUTES);
    }

    PaymentEntity read(String paymentCode) {
        return QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode))
                .orElseThrow(SnapException::notFound);
    }

    /**
     * The merchant's payment made through SNAP service {@code service} named by its order id ({@code partnerReference})
     * or its code ({@code reference}), both when both are sent; unknown, another merchant's, another service's and a
     * mismatch are all {@code 404xx01}.
     */
    PaymentEntity find(Merchant merchant, String service, String partnerReference, String reference) {
        return find(merchant, service, partnerReference, reference, null);
    }

    /**
     * As {@link #find(Merchant, String, String, String)}, {@code externalId} ({@code originalExternalId}) naming it
     * too: alone, the payment of the service it named last ({@link SnapExternalIdNames}); with another reference, it
     * must be one of that payment's names.
     */
    PaymentEntity find(Merchant merchant, String service, String partnerReference, String reference,
                       String externalId) {
        boolean byExternalId = partnerReference == null && reference == null;
        Optional<PaymentEntity> found = byExternalId
                ? names.latest(merchant.id(), externalId, service).map(this::read)
                : QuarkusTransaction.requiringNew().call(() -> partnerReference != null
                        ? payments.findByOrder(merchant.id(), partnerReference)
                        : payments.findByCode(reference));
        return found.filter(p -> p.merchantId.equals(merchant.id()) && service.equals(p.snapService))
                .filter(p -> reference == null || reference.equals(p.paymentCode))
                .filter(p -> externalId == null || byExternalId || names.names(merchant.id(), externalId, p.id))
                .orElseThrow(SnapException::notFound);
    }

    /**
     * As {@link #find(Merchant, String, String, String, String)} for a request that also names the merchant
     * ({@code merchantId}, when sent: else {@code 404xx08}); naming it by none of the three is
     * {@code 400xx02 <mandatory>}.
     */
    PaymentEntity find(Merchant merchant, String merchantId, String service, String partnerReference, String reference,
                       String externalId, String mandatory) {
        requireOwnMerchant(merchant, merchantId);
        if (partnerReference == null && reference == null && externalId == null) {
            throw SnapException.mandatory(mandatory);
        }
        return find(merchant, service, partnerReference, reference, externalId);
    }

    /**
     * {@code reply} to a payment request whose order id is {@code orderId}; when it made or names the payment (2xx),
     * the request's {@code X-EXTERNAL-ID} is kept as one of the payment's names, for {@code originalExternalId}.
     */
    Response named(Merchant merchant, String orderId, Response reply) {
        if (reply.getStatusInfo().getFamily() == Response.Status.Family.SUCCESSFUL) {
            names.name(merchant.id(), orderId, snap.externalId());
        }
        return reply;
    }

    /** The merchant's latest virtual account made through SNAP with this number (spaces removed). */
    Optional<PaymentEntity> findVirtualAccount(Merchant merchant, String number) {
        return QuarkusTransaction.requiringNew().call(() -> payments.findSnapVirtualAccount(merchant.id(), number));
    }

    /**
     * Cancels the payment as {@code POST /pg/payment/card/cancel/{orderId}} does (its open charge first); one already
     * CANCELLED answers again. A paid one is {@code paid}, another that is not PENDING {@code 404xx00}.
     */
    PaymentEntity cancel(Merchant merchant, PaymentEntity p, SnapCase paid) {
        refuseUnlessPending(p, paid);
        try {
            cancellation.cancel(merchant, p.orderId);
        } catch (ApiException e) {
            if (e.errorCase() != ErrorCase.CONFLICT) {
                throw e;
            }
            refuseUnlessPending(read(p.paymentCode), paid); // changed meanwhile (paid, expired)
            throw SnapException.of(SnapCase.INVALID_TRANSACTION_STATUS, null);
        }
        return read(p.paymentCode);
    }

    private static void refuseUnlessPending(PaymentEntity p, SnapCase paid) {
        switch (p.status) {
            case PENDING, CANCELLED -> {
            }
            case CAPTURED, PARTIALLY_REFUNDED, REFUNDED -> throw SnapException.of(paid, null);
            default -> throw SnapException.of(SnapCase.INVALID_TRANSACTION_STATUS, null);
        }
    }

    /** The request's {@code merchantId}, when sent, must name the merchant (its id or SNAP client key): else 404xx08. */
    static void requireOwnMerchant(Merchant merchant, String merchantId) {
        if (merchantId == null || merchantId.equals(merchant.id())
                || merchant.snap().map(SnapClient::clientKey).filter(merchantId::equals).isPresent()) {
            return;
        }
        throw SnapException.of(SnapCase.INVALID_MERCHANT, null);
    }

    /** Whether the payment was paid (and may since have been refunded). */
    static boolean paid(PaymentEntity p) {
        return p.status == PaymentStatus.CAPTURED || p.status == PaymentStatus.PARTIALLY_REFUNDED
                || p.status == PaymentStatus.REFUNDED;
    }
}
