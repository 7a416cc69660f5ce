package io.paygate.payment.credential;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.credential.BindingAttempts.Attempt;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.MethodCatalog;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Charges a binding without the customer (docs/contract.md §1b): a direct-debit purchase, and a subscription cycle
 * paid by direct debit. The caller has asked binding-service that the binding is ACTIVE and the customer's
 * ({@link Bindings}); this submits the payment's next attempt ({@link BindingAttempts#begin}, committed first), calls
 * the merchant's channel outside any transaction, and records its answer. An answer that never comes leaves the
 * payment PROCESSING under that attempt's reference, for reconciliation's status inquiry: never sent again under
 * another reference.
 */
@ApplicationScoped
public class BindingCharges {

    private static final Logger LOG = Logger.getLogger(BindingCharges.class);

    private final BindingAttempts attempts;
    private final PaymentChannels channels;
    private final MethodCatalog catalog;

    BindingCharges(BindingAttempts attempts, PaymentChannels channels, MethodCatalog catalog) {
        this.attempts = attempts;
        this.channels = channels;
        this.catalog = catalog;
    }

    /**
     * Whether {@code merchantId} may charge bindings: its channel takes direct debits at all (the sandbox bank's
     * bindings), and direct debit is among the merchant's methods (docs/contract.md §10).
     */
    public boolean available(String merchantId) {
        return channels.forMerchant(merchantId).takesDirectDebit()
                && catalog.offers(merchantId, PaymentMethod.DIRECT_DEBIT);
    }

    /**
     * Charges the PENDING payment {@code paymentCode} of {@code merchantId} through {@code bindingId}.
     *
     * @return whether an attempt was submitted (false: the payment was not PENDING, nothing was charged)
     */
    public boolean charge(String merchantId, String paymentCode, String bindingId) {
        PaymentChannel channel = channels.forMerchant(merchantId);
        Attempt attempt = attempts.begin(paymentCode, bindingId, channel.name()).orElse(null);
        if (attempt == null) {
            return false;
        }
        ChargeAccepted accepted;
        try {
            accepted = channel.chargeDirectDebit(new DirectDebitCharge(attempt.merchantId(), attempt.reference(),
                    attempt.paymentCode(), attempt.amount(), attempt.currency(), attempt.bindingId()));
        } catch (ChargeRefused refused) {
            attempts.refused(attempt, refused.statusDesc());
            return true;
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the %s direct debit %s failed (%s); left PROCESSING for reconciliation",
                    attempt.paymentCode(), channel.name(), attempt.reference(), e.getClass().getSimpleName());
            return true;
        }
        attempts.accepted(attempt, accepted);
        return true;
    }
}
