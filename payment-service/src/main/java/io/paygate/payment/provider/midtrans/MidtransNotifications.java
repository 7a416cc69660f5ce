package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.SurplusRepository;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.ProviderDecisions;
import io.paygate.payment.provider.RefundOutcome;
import io.paygate.payment.refund.RefundBook;
import io.paygate.payment.refund.RefundEntity;
import io.paygate.payment.refund.RefundRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Midtrans HTTP notifications (docs.midtrans.com "HTTP(S) Notification / Webhooks", "Handling HTTP Notification").
 * A notification is a hint, never a decision (docs/contract.md §2): its {@code signature_key} covers only {@code order_id},
 * {@code status_code} and {@code gross_amount} and carries no time, so its {@code transaction_status} and
 * {@code fraud_status} are unsigned and one signed body stays valid forever. So:
 * <ol>
 *     <li>the {@code order_id} must name a Midtrans charge of a payment, current or superseded ({@code 404}, charged
 *     to the client address) and the signature must be that merchant's ({@code 401});</li>
 *     <li>a body whose statuses contradict its {@code status_code} is refused ({@code 400}, charged): Midtrans never
 *     sends one, an edited body does;</li>
 *     <li>only a notification that could change something makes the gateway ask Midtrans
 *     ({@code GET /v2/{order_id}/status}, Midtrans's own "challenge response" advice), and only that answer decides,
 *     through {@link ProviderDecisions} (payments, reversals, surpluses) or {@link RefundBook} (refunds) like every
 *     other decision: an outcome for a payment that waits for this charge; a denial of a CAPTURED payment's charge
 *     (Midtrans's reversal, {@code deny} after {@code settlement} → REVERSED); a payment of a superseded charge or of a
 *     payment that ended unpaid (→ surplus, once per charge, unless Midtrans says it refunded it all); a {@code refund}
 *     / {@code partial_refund} while a refund through this charge is PENDING (it decides that refund; it never invents
 *     one). Anything else changes nothing and asks nothing; above all the capture of a payment paid by this very charge
 *     (CAPTURED, refunded since, or reversed): the gateway knows it, and that money is the payment's own, never a
 *     surplus. So a replayed genuine notification never makes the gateway call Midtrans again and again;</li>
 *     <li>a state of a charge already asked about within {@code gateway.payment.midtrans.inquiry-memory} is not asked
 *     about again ({@link MidtransInquiries}): copies of an edited notification cost one inquiry per replica and
 *     memory.</li>
 * </ol>
 * Midtrans stops retrying on any 2xx; a failed inquiry is {@code 502} so that it retries later.
 */
@ApplicationScoped
public class MidtransNotifications {

    private static final Logger LOG = Logger.getLogger(MidtransNotifications.class);
    private static final List<String> MANDATORY =
            List.of("order_id", "status_code", "gross_amount", "signature_key", "transaction_status");

    /** What a verified notification is worth asking about. */
    private enum Route { NOTHING, DECISION, SURPLUS, REFUNDS }

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;
    private final ProviderDecisions decisions;
    private final MidtransAccounts accounts;
    private final MidtransInquiries inquiries;
    private final RefundRepository refunds;
    private final RefundBook refundBook;
    private final SurplusRepository surpluses;

    MidtransNotifications(PaymentRepository payments, PaymentChargeRepository charges, ProviderDecisions decisions,
                          MidtransAccounts accounts, MidtransInquiries inquiries, RefundRepository refunds,
                          RefundBook refundBook, SurplusRepository surpluses) {
        this.payments = payments;
        this.charges = charges;
        this.decisions = decisions;
        this.accounts = accounts;
        this.inquiries = inquiries;
        this.refunds = refunds;
        this.refundBook = refundBook;
        this.surpluses = surpluses;
    }

    /**
     * Handles one notification body.
     *
     * @throws ApiException 400 (not a JSON object, a member missing, statuses that contradict the status_code), 404
     *                      (no Midtrans charge has this order_id), 401 (the signature is not the merchant's), 409
     *                      (Midtrans's own answer does not match the payment), 502 (Midtrans could not be asked);
     *                      nothing changed
     */
    public void receive(byte[] raw) {
        MidtransTransaction t = MidtransTransaction.of(parse(raw));
        PaymentEntity p = payments.findByCharge(t.orderId())
                .filter(found -> MidtransPaymentChannel.NAME.equals(channelOf(found, t.orderId())))
                .orElseThrow(() -> ApiException.notFound().chargingAddress());
        MidtransAccount account = accounts.of(p.merchantId).orElse(null);
        if (account == null || !MidtransSignatureCheck.verify(t, account.serverKey())) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: signature_key does not match",
                    t.orderId(), p.paymentCode);
            throw ApiException.unauthorized("Invalid provider signature");
        }
        if (t.contradictsStatusCode()) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: transaction_status %s, fraud_status %s "
                    + "under status_code %s is not a body Midtrans sends", t.orderId(), p.paymentCode,
                    t.transactionStatus(), t.fraudStatus(), t.statusCode());
            throw ApiException.badRequest("transaction_status contradicts status_code").chargingAddress();
        }
        switch (route(p, t)) {
            case NOTHING -> LOG.debugf("midtrans notification for charge %s (payment %s, %s): %s, nothing to ask",
                    t.orderId(), p.paymentCode, p.status, t.transactionStatus());
            case DECISION -> decide(account, p, t, false);
            case SURPLUS -> decide(account, p, t, true);
            case REFUNDS -> decideRefunds(account, p, t.orderId());
        }
    }

    private Route route(PaymentEntity p, MidtransTransaction t) {
        boolean current = t.orderId().equals(p.providerReference);
        if (t.isRefund()) {
            return pendingRefunds(p, t.orderId()).isEmpty() ? Route.NOTHING : Route.REFUNDS;
        }
        boolean awaiting = p.status == PaymentStatus.PROCESSING || p.hasOpenCharge();
        if (current && awaiting) {
            return t.claimsOutcome() ? Route.DECISION : Route.NOTHING;
        }
        if (current && p.status.isPaid()) {
            // this charge paid the payment and the gateway knows it: its capture again (Midtrans's retry, a replay)
            // tells nothing new, whatever was refunded since; only a denial of a CAPTURED payment's charge can
            return p.status == PaymentStatus.CAPTURED && t.isDenial() ? Route.DECISION : Route.NOTHING;
        }
        if (t.claimsPaid() && (!current || p.status.isFinal())) {
            // money where it should not be (a superseded charge, a payment that ended unpaid), once per charge; only
            // a charge paid later can take money on its own
            boolean worthAsking = QuarkusTransaction.requiringNew().call(() -> opensCharge(p, t.orderId())
                    && !surpluses.recordedFor(t.orderId()));
            return worthAsking ? Route.SURPLUS : Route.NOTHING;
        }
        return Route.NOTHING;
    }

    private List<RefundEntity> pendingRefunds(PaymentEntity p, String orderId) {
        return QuarkusTransaction.requiringNew().call(() -> refunds.pendingOfCharge(p.id, orderId));
    }

    /** Whether charge {@code reference} of {@code p}, as paygate recorded it, is of a method paid later. */
    private boolean opensCharge(PaymentEntity p, String reference) {
        PaymentMethod method = reference.equals(p.providerReference) ? p.method
                : charges.findOf(p.id, reference).map(c -> c.method).orElse(null);
        return method != null && method.kind().opensCharge();
    }

    private void decide(MidtransAccount account, PaymentEntity p, MidtransTransaction t, boolean surplus) {
        MidtransInquiries.Inquiry inquiry = status(account, p, t.orderId(), t.state());
        if (inquiry.remembered()) {
            remembered(p, t.orderId(), t.state());
            return;
        }
        Optional<MidtransTransaction> asked = inquiry.transaction();
        if (surplus && asked.filter(MidtransTransaction::isFullRefund).isPresent()) {
            LOG.infof("midtrans notification for charge %s (payment %s) says %s; Midtrans's status says the charge was "
                    + "refunded in full: it holds no money, nothing changed", t.orderId(), p.paymentCode,
                    t.transactionStatus());
            return;
        }
        ChargeStatus decided = meaning(p, t.orderId(), asked);
        if (decided.state() != ChargeStatus.State.DECIDED) {
            LOG.infof("midtrans notification for charge %s (payment %s) says %s; Midtrans's status says still "
                    + "deciding: nothing changed", t.orderId(), p.paymentCode, t.transactionStatus());
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> apply(p.paymentCode, t.orderId(), decided));
    }

    /**
     * Midtrans's refunds of the charge decide the PENDING refunds sent through it that it lists. The state asked about
     * is the set of those refunds: a new refund is a new question, copies about the same ones are not.
     */
    private void decideRefunds(MidtransAccount account, PaymentEntity p, String orderId) {
        List<RefundEntity> pending = pendingRefunds(p, orderId);
        String state = "refunds " + String.join(" ", pending.stream().map(r -> r.providerReference).sorted().toList());
        MidtransInquiries.Inquiry inquiry = status(account, p, orderId, state);
        if (inquiry.remembered()) {
            remembered(p, orderId, "refund");
            return;
        }
        MidtransTransaction asked = inquiry.transaction()
                .orElseThrow(() -> ApiException.conflict("Midtrans does not know this charge"));
        for (RefundEntity r : pending) {
            if (asked.refund(r.providerReference).isPresent()) {
                refundBook.record(r.id, RefundOutcome.succeeded());
            } else {
                LOG.infof("midtrans refund notification for charge %s: refund %s (payment %s) is not listed yet",
                        orderId, r.refundId, p.paymentCode);
            }
        }
    }

    private static void remembered(PaymentEntity p, String orderId, String state) {
        LOG.debugf("midtrans notification for charge %s (payment %s): %s was asked about within the inquiry memory; "
                + "acknowledged, nothing asked", orderId, p.paymentCode, state);
    }

    private static JsonNode parse(byte[] raw) {
        JsonNode body;
        try {
            body = Json.tree(new String(raw, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw ApiException.badRequest("malformed JSON");
        }
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("malformed JSON");
        }
        for (String field : MANDATORY) {
            if (!body.hasNonNull(field) || !body.get(field).isValueNode() || body.get(field).asText().isBlank()) {
                throw ApiException.mandatory(field);
            }
        }
        return body;
    }

    /**
     * What Midtrans's own status of the charge ({@code asked}) means for the payment, if it matches the payment. A
     * denial of a CAPTURED payment's charge is its reversal.
     */
    private static ChargeStatus meaning(PaymentEntity p, String orderId, Optional<MidtransTransaction> asked) {
        Optional<ChargeStatus> meaning = asked.filter(a -> a.amountIs(p.amount)).flatMap(MidtransTransaction::meaning);
        if (meaning.isEmpty()) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: Midtrans's status (%s) does not "
                    + "match the payment", orderId, p.paymentCode,
                    asked.map(a -> a.transactionStatus() + ", gross_amount " + a.grossAmount()).orElse("unknown charge"));
            throw ApiException.conflict("Midtrans's status does not match the payment");
        }
        if (p.status == PaymentStatus.CAPTURED && orderId.equals(p.providerReference) && asked.get().isDenial()) {
            return ChargeStatus.decided(PaymentStatus.REVERSED, "Reversed by the provider", null);
        }
        return meaning.get();
    }

    private MidtransInquiries.Inquiry status(MidtransAccount account, PaymentEntity p, String orderId, String state) {
        try {
            return inquiries.status(account, orderId, state);
        } catch (MidtransUnavailable e) {
            LOG.warnf("midtrans notification for charge %s (payment %s): the status inquiry failed (%s); Midtrans "
                    + "will send it again", orderId, p.paymentCode, e.getMessage());
            throw ApiException.of(ErrorCase.BAD_GATEWAY, "the status inquiry failed");
        }
    }

    private void apply(String paymentCode, String reference, ChargeStatus decided) {
        PaymentEntity locked = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        ProviderDecisions.Applied applied = decisions.applyLocked(locked, new ProviderDecision(reference, paymentCode,
                decided.status(), decided.statusDesc(), decided.cardInfo()));
        if (applied == ProviderDecisions.Applied.PAYMENT_FINAL) {
            LOG.warnf("midtrans status of charge %s (payment %s) says %s, but the payment is %s: ignored",
                    reference, paymentCode, decided.status(), locked.status);
        }
    }

    /** The channel that took charge {@code reference}: the payment's current one, or the superseded charge's own. */
    private String channelOf(PaymentEntity p, String reference) {
        if (reference.equals(p.providerReference)) {
            return p.channel;
        }
        return charges.findOf(p.id, reference).map(c -> c.channel).orElse(null);
    }
}
