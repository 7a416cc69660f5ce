package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import io.paygate.payment.service.ProviderDecisions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Midtrans HTTP notifications (docs.midtrans.com "HTTP(S) Notification / Webhooks", "Handling HTTP Notification").
 * A notification is a hint, never a decision (CONTRACT §2): its {@code signature_key} covers only {@code order_id},
 * {@code status_code} and {@code gross_amount} and carries no time, so its {@code transaction_status} and
 * {@code fraud_status} are unsigned and one signed body stays valid forever. So:
 * <ol>
 *     <li>the {@code order_id} must name a payment's charge ({@code 404}, charged to the client address) and the
 *     signature must be that merchant's ({@code 401});</li>
 *     <li>a body whose statuses contradict its {@code status_code} is refused ({@code 400}, charged): Midtrans never
 *     sends one, an edited body does;</li>
 *     <li>a notification that would decide the payment (or says something not understood) makes the gateway ask
 *     Midtrans ({@code GET /v2/{order_id}/status}, Midtrans's own "challenge response" advice), and only that answer
 *     decides, through {@link ProviderDecisions} like every other decision. A notification for a payment that no
 *     longer waits for its provider (neither PROCESSING nor PENDING with an open charge), or one that says "still
 *     deciding", changes nothing and asks nothing: a replayed genuine notification never makes the gateway call
 *     Midtrans again and again.</li>
 * </ol>
 * Midtrans stops retrying on any 2xx; a failed inquiry is {@code 502} so that it retries later.
 */
@ApplicationScoped
public class MidtransNotifications {

    private static final Logger LOG = Logger.getLogger(MidtransNotifications.class);
    private static final List<String> MANDATORY =
            List.of("order_id", "status_code", "gross_amount", "signature_key", "transaction_status");

    private final PaymentRepository payments;
    private final ProviderDecisions decisions;
    private final MidtransAccounts accounts;
    private final MidtransInquiries inquiries;

    MidtransNotifications(PaymentRepository payments, ProviderDecisions decisions, MidtransAccounts accounts,
                          MidtransInquiries inquiries) {
        this.payments = payments;
        this.decisions = decisions;
        this.accounts = accounts;
        this.inquiries = inquiries;
    }

    /**
     * Handles one notification body.
     *
     * @throws ApiException 400 (not a JSON object, a member missing, statuses that contradict the status_code), 404
     *                      (no payment has this order_id), 401 (the signature is not the merchant's), 409 (Midtrans's
     *                      own answer does not match the payment), 502 (Midtrans could not be asked); nothing changed
     */
    public void receive(byte[] raw) {
        MidtransTransaction t = MidtransTransaction.of(parse(raw));
        PaymentEntity p = payments.findByReference(MidtransPaymentChannel.NAME, t.orderId())
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
        boolean undecided = p.status == PaymentStatus.PROCESSING
                || (p.status == PaymentStatus.PENDING && p.hasOpenCharge());
        if (!undecided || !t.claimsOutcome()) {
            LOG.debugf("midtrans notification for charge %s (payment %s, %s): %s, nothing to ask", t.orderId(),
                    p.paymentCode, p.status, t.transactionStatus());
            return;
        }
        ChargeStatus decided = ask(account, p, t.orderId());
        if (decided.state() != ChargeStatus.State.DECIDED) {
            LOG.infof("midtrans notification for charge %s (payment %s) says %s; Midtrans's status says still "
                    + "deciding: nothing changed", t.orderId(), p.paymentCode, t.transactionStatus());
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> apply(p.paymentCode, t.orderId(), decided));
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

    /** Midtrans's own status of the charge: what it means for the payment, if it matches the payment. */
    private ChargeStatus ask(MidtransAccount account, PaymentEntity p, String orderId) {
        Optional<MidtransTransaction> asked;
        try {
            asked = inquiries.status(account, orderId);
        } catch (MidtransUnavailable e) {
            LOG.warnf("midtrans notification for charge %s (payment %s): the status inquiry failed (%s); Midtrans "
                    + "will send it again", orderId, p.paymentCode, e.getMessage());
            throw ApiException.of(ErrorCase.BAD_GATEWAY, "the status inquiry failed");
        }
        Optional<ChargeStatus> meaning = asked.filter(a -> a.amountIs(p.amount)).flatMap(MidtransTransaction::meaning);
        if (meaning.isEmpty()) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: Midtrans's status (%s) does not "
                    + "match the payment", orderId, p.paymentCode,
                    asked.map(a -> a.transactionStatus() + ", gross_amount " + a.grossAmount()).orElse("unknown charge"));
            throw ApiException.conflict("Midtrans's status does not match the payment");
        }
        return meaning.get();
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
}
