package io.paygate.payment.recurring;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.error.ErrorCase;
import io.paygate.payment.credential.Bindings;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Whether a subscription's credential can still be charged, so that it may be resumed (docs/contract.md §1b): its
 * stored card not deleted, its binding ACTIVE and the customer's as binding-service says. binding-service is asked
 * before the subscription's row is locked ({@link #ask}), never while it is held; the answer is weighed under the lock
 * ({@link #requireLive}), with the card, which is this service's own.
 */
@ApplicationScoped
class LiveCredentials {

    static final String DEAD = "The subscription's credential can no longer be charged";
    private static final Logger LOG = Logger.getLogger(LiveCredentials.class);

    /** What binding-service said of a direct-debit subscription's binding. */
    enum BindingAnswer { NOT_ASKED, LIVE, DEAD, UNAVAILABLE }

    private final Bindings bindings;
    private final CardCredentials cards;

    LiveCredentials(Bindings bindings, CardCredentials cards) {
        this.bindings = bindings;
        this.cards = cards;
    }

    /** Asks binding-service about {@code seen}'s binding (outside any transaction), unless it has none or has ended. */
    BindingAnswer ask(SubscriptionEntity seen) {
        if (seen.credentialKind != CredentialKind.DIRECT_DEBIT || seen.status.isFinal()) {
            return BindingAnswer.NOT_ASKED;
        }
        try {
            return bindings.chargeable(seen.merchantId, seen.bindingId, seen.customerId).isPresent()
                    ? BindingAnswer.LIVE : BindingAnswer.DEAD;
        } catch (Bindings.Unavailable e) {
            LOG.warnf("subscription %s (merchant %s): its binding could not be checked (%s)", seen.recurringId,
                    seen.merchantId, e.getMessage());
            return BindingAnswer.UNAVAILABLE;
        }
    }

    /**
     * @param binding what {@link #ask} answered for {@code s} (locked by the caller)
     * @throws ApiException {@code 409} when the credential can no longer be charged; {@code 502} when binding-service
     *                      could not say (nothing changed, the same request may be sent again)
     */
    void requireLive(SubscriptionEntity s, BindingAnswer binding) {
        boolean live;
        if (s.credentialKind == CredentialKind.DIRECT_DEBIT) {
            if (binding != BindingAnswer.LIVE && binding != BindingAnswer.DEAD) {
                throw ApiException.of(ErrorCase.BAD_GATEWAY, "The bank binding could not be checked");
            }
            live = binding == BindingAnswer.LIVE;
        } else {
            live = cards.chargeable(s.merchantId, s.storedCardId);
        }
        if (!live) {
            throw ApiException.conflict(DEAD);
        }
    }
}
