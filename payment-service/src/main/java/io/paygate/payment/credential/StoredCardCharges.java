package io.paygate.payment.credential;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.checkout.PaymentSubmissions;
import io.paygate.payment.checkout.PaymentSubmissions.Submission;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.payment.PublicUrls;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.StoredCardCharge;
import io.paygate.payment.provider.StoredCardCharge.Initiator;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The one place a stored card is charged (docs/contract.md §1b): a one-click payment ({@link Initiator#CUSTOMER}) and a
 * subscription's card cycle ({@link Initiator#MERCHANT}). As every charge of this service: the payment row exists
 * (committed) before; {@link #charge} moves it PENDING → PROCESSING under the charge's reference and commits; the
 * provider is called outside any transaction; its answer is recorded in a new one (a refusal: FAILED; an acceptance:
 * its decision, or 3-D Secure waiting on the hosted page, or PROCESSING until the provider's callback). A lost answer
 * leaves the payment PROCESSING and reconciliation asks the provider about the same reference; the same reference
 * sent again is the same charge at the provider.
 */
@ApplicationScoped
public class StoredCardCharges {

    private static final Logger LOG = Logger.getLogger(StoredCardCharges.class);

    private final PaymentRepository payments;
    private final StoredCardRepository cards;
    private final PaymentTransitions transitions;
    private final PaymentSubmissions submissions;
    private final PaymentChannels channels;
    private final ExpiryService expiry;
    private final GatewayTime time;
    private final PaymentConfig config;
    private final PublicUrls urls;

    StoredCardCharges(PaymentRepository payments, StoredCardRepository cards, PaymentTransitions transitions,
                      PaymentSubmissions submissions, PaymentChannels channels, ExpiryService expiry,
                      GatewayTime time, PaymentConfig config, PublicUrls urls) {
        this.payments = payments;
        this.cards = cards;
        this.transitions = transitions;
        this.submissions = submissions;
        this.channels = channels;
        this.expiry = expiry;
        this.time = time;
        this.config = config;
        this.urls = urls;
    }

    /**
     * Charges stored card {@code storedCardId} for the PENDING payment {@code paymentCode} (committed by the caller,
     * never called inside a transaction): its amount and currency, under {@code reference} (the caller's, e.g. a
     * cycle attempt's {@code <paymentCode>-<k>}; null: a new one). Returns after the provider answered and the answer
     * was recorded.
     *
     * @return the payment's status after the answer (CAPTURED, FAILED, or PROCESSING while the provider decides or
     *         3-D Secure waits); empty when the payment was not PENDING (already submitted, ended, expired) or the
     *         card is deleted: nothing was sent
     */
    public Optional<PaymentStatus> charge(String paymentCode, UUID storedCardId, Initiator initiator,
                                          String reference) {
        Optional<Submitted> submitted = QuarkusTransaction.requiringNew()
                .call(() -> submit(paymentCode, storedCardId, reference));
        if (submitted.isEmpty()) {
            return Optional.empty();
        }
        Submission s = submitted.get().submission();
        PaymentChannel channel = submitted.get().channel();
        ChargeAccepted accepted;
        try {
            accepted = channel.chargeStoredCard(new StoredCardCharge(s.merchantId(), s.reference(), s.paymentCode(),
                    s.amount(), s.currency(), submitted.get().providerToken(), initiator,
                    urls.page(s.paymentCode()) + "/3ds-return"));
        } catch (ChargeRefused refused) {
            submissions.refused(s, refused.statusDesc());
            return statusOf(paymentCode);
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the %s stored-card charge %s failed (%s); left PROCESSING for reconciliation",
                    s.paymentCode(), channel.name(), s.reference(), e.getClass().getSimpleName());
            return statusOf(paymentCode);
        }
        submissions.accepted(s, accepted);
        return statusOf(paymentCode);
    }

    private record Submitted(Submission submission, PaymentChannel channel, String providerToken) {
    }

    private Optional<Submitted> submit(String paymentCode, UUID storedCardId, String reference) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElse(null);
        if (p == null) {
            return Optional.empty();
        }
        expiry.expireIfDue(p);
        StoredCardEntity card = cards.findByIdOptional(storedCardId).filter(c -> c.deletedAt == null
                && c.merchantId.equals(p.merchantId)).orElse(null);
        // a cycle payment back PENDING after a declined attempt keeps that attempt's reference until the next one
        boolean cycle = p.cycle != null;
        if (p.status != PaymentStatus.PENDING || (!cycle && p.providerReference != null) || card == null) {
            return Optional.empty();
        }
        Optional<PaymentChannel> channel = channels.byName(card.channel);
        if (channel.isEmpty()) {
            return Optional.empty();
        }
        Instant now = time.now();
        p.method = PaymentMethod.CARD;
        p.cardMask = card.mask;
        p.channel = card.channel;
        p.storedCardId = card.id;
        if (cycle) {
            p.attempt++; // docs/contract.md §1b: attempt k of a cycle is charged under <paymentCode>-<k>
            p.providerReference = p.paymentCode + "-" + p.attempt;
        } else {
            p.providerReference = reference != null ? reference : RandomIds.next("CHG", 24);
        }
        p.submittedAt = now;
        p.nextInquiryAt = now.plus(config.providerTimeout());
        transitions.move(p, PaymentStatus.PROCESSING, null);
        return Optional.of(new Submitted(new Submission(p.merchantId, p.paymentCode, p.providerReference, p.amount,
                p.currency, false), channel.get(), card.providerToken));
    }

    private Optional<PaymentStatus> statusOf(String paymentCode) {
        return QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode).map(p -> p.status));
    }
}
