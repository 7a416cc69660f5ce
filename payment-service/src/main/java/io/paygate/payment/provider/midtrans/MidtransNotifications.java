package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.error.ApiException;
import io.paygate.model.json.Json;
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
 * Midtrans HTTP notifications (docs.midtrans.com "HTTP(S) Notification / Webhooks", "Handling HTTP Notification"):
 * the {@code order_id} names the payment's charge; the {@code signature_key} is verified with the server key of that
 * payment's merchant before anything else is believed. A notification whose status this code does not understand or
 * whose {@code gross_amount} is not the payment's amount is not trusted: Midtrans is asked ({@code GET /v2/{order_id}/
 * status}) and its answer is used, if it matches the payment. The decision is recorded through
 * {@link ProviderDecisions}, the sandbox callback's path (same transition, same event); a repeated notification, a
 * stale {@code pending} and anything after a final state change nothing and are acknowledged, so Midtrans stops
 * retrying.
 */
@ApplicationScoped
public class MidtransNotifications {

    private static final Logger LOG = Logger.getLogger(MidtransNotifications.class);
    private static final List<String> MANDATORY =
            List.of("order_id", "status_code", "gross_amount", "signature_key", "transaction_status");

    private final PaymentRepository payments;
    private final ProviderDecisions decisions;
    private final MidtransAccounts accounts;
    private final MidtransPaymentChannel channel;

    MidtransNotifications(PaymentRepository payments, ProviderDecisions decisions, MidtransAccounts accounts,
                          MidtransPaymentChannel channel) {
        this.payments = payments;
        this.decisions = decisions;
        this.accounts = accounts;
        this.channel = channel;
    }

    /**
     * Handles one notification body.
     *
     * @throws ApiException 400 (not a JSON object, a member missing), 404 (no payment has this order_id), 401 (the
     *                      signature is not the merchant's), 409 (doubtful, and Midtrans's own answer does not match
     *                      the payment either); nothing changed
     */
    public void receive(byte[] raw) {
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
        MidtransTransaction t = MidtransTransaction.of(body);
        PaymentEntity p = payments.findByReference(MidtransPaymentChannel.NAME, t.orderId())
                .orElseThrow(ApiException::notFound);
        MidtransAccount account = accounts.of(p.merchantId).orElse(null);
        if (account == null || !MidtransSignatureCheck.verify(t, account.serverKey())) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: signature_key does not match",
                    t.orderId(), p.paymentCode);
            throw ApiException.unauthorized("Invalid provider signature");
        }
        ChargeStatus meaning = t.meaning().filter(m -> t.amountIs(p.amount)).orElseGet(() -> ask(account, p, t));
        if (meaning.state() != ChargeStatus.State.DECIDED) {
            LOG.debugf("midtrans notification for charge %s (payment %s): %s, still deciding", t.orderId(),
                    p.paymentCode, t.transactionStatus());
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> apply(p.paymentCode, t.orderId(), meaning));
    }

    /** A doubtful notification: Midtrans's own answer instead, when it matches the payment. */
    private ChargeStatus ask(MidtransAccount account, PaymentEntity p, MidtransTransaction doubtful) {
        LOG.warnf("midtrans notification for charge %s (payment %s) is doubtful (transaction_status %s, gross_amount "
                + "%s): asking Midtrans", doubtful.orderId(), p.paymentCode, doubtful.transactionStatus(),
                doubtful.grossAmount());
        Optional<MidtransTransaction> asked = channel.inquireTransaction(account, doubtful.orderId());
        Optional<ChargeStatus> meaning = asked.filter(a -> a.amountIs(p.amount)).flatMap(MidtransTransaction::meaning);
        if (meaning.isEmpty()) {
            LOG.warnf("midtrans notification for charge %s (payment %s) refused: Midtrans's status does not match "
                    + "the payment either", doubtful.orderId(), p.paymentCode);
            throw ApiException.conflict("the notification does not match the payment");
        }
        return meaning.get();
    }

    private void apply(String paymentCode, String reference, ChargeStatus decided) {
        PaymentEntity locked = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        ProviderDecisions.Applied applied = decisions.applyLocked(locked, new ProviderDecision(reference, paymentCode,
                decided.status(), decided.statusDesc(), decided.cardInfo()));
        if (applied == ProviderDecisions.Applied.PAYMENT_FINAL) {
            LOG.warnf("midtrans notification for charge %s (payment %s) says %s, but the payment is %s: ignored",
                    reference, paymentCode, decided.status(), locked.status);
        }
    }
}
