package io.paygate.payment.provider;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.OpenCharges.Current;
import io.paygate.payment.provider.OpenCharges.Reserved;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.Optional;

/**
 * Opening and closing a method's charge at the provider (docs/contract.md §2a), outside any database transaction: the
 * initiation's preselected method, a method chosen on the page, and the cancellation of the current charge before
 * another method (or a card) is used. A provider that has the current charge paid already when asked to cancel it
 * captures the payment instead, and nothing new is opened.
 */
@ApplicationScoped
public class MethodCheckout {

    private static final Logger LOG = Logger.getLogger(MethodCheckout.class);
    private static final int ATTEMPTS = 3;

    private final OpenCharges charges;
    private final PaymentChannels channels;
    private final Merchants merchants;

    MethodCheckout(OpenCharges charges, PaymentChannels channels, Merchants merchants) {
        this.charges = charges;
        this.channels = channels;
        this.merchants = merchants;
    }

    /**
     * Opens (or finds open) a charge of {@code method} for a PENDING payment, cancelling a current charge of another
     * method first.
     *
     * @return whether a charge of {@code method} is open now (false: the payment is no longer PENDING, e.g. the
     *         cancelled charge had been paid)
     * @throws ProviderUnavailable when the provider refused or did not answer; the payment keeps what it had (an
     *                             OPENING charge is opened again with the same reference next time)
     */
    public boolean open(String paymentCode, String merchantId, PaymentMethod method, boolean preselected) {
        PaymentChannel channel = channels.forMerchant(merchantId);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<Reserved> reserved;
            try {
                reserved = charges.reserve(paymentCode, method, channel.name(), preselected);
            } catch (OpenCharges.AnotherCharge another) {
                if (!close(another.current())) {
                    return false;
                }
                continue;
            }
            if (reserved.isEmpty()) {
                return false;
            }
            Reserved r = reserved.get();
            if (!r.alreadyOpen()) {
                openAtProvider(channels.byName(r.channel()).orElse(channel), r);
            }
            return true;
        }
        throw new ProviderUnavailable("the payment's charge kept changing", false);
    }

    /**
     * Opens the charge of the method the initiation preselected, once: a repeat of the initiation asks the provider
     * again only while that charge is still OPENING (same reference), and never touches a charge the customer chose
     * on the page since.
     *
     * @throws ProviderUnavailable when the provider refused or did not answer
     */
    public void openPreselected(String paymentCode, String merchantId, PaymentMethod method) {
        PaymentChannel channel = channels.forMerchant(merchantId);
        Optional<Reserved> reserved;
        try {
            reserved = charges.reservePreselected(paymentCode, method, channel.name());
        } catch (OpenCharges.AnotherCharge another) {
            return; // the customer chose another method on the page meanwhile
        }
        reserved.filter(r -> !r.alreadyOpen())
                .ifPresent(r -> openAtProvider(channels.byName(r.channel()).orElse(channel), r));
    }

    /**
     * Cancels the current charge at its provider, if the payment has one, so another method can be used.
     *
     * @return whether the payment is still PENDING without a charge (false: the charge had been paid or decided)
     * @throws ProviderUnavailable when the provider could not cancel it: nothing else may be opened yet
     */
    public boolean closeCurrent(Current current) {
        return close(current);
    }

    private void openAtProvider(PaymentChannel channel, Reserved r) {
        String merchantName = merchants.find(r.merchantId()).map(Merchant::name).orElse(r.merchantId());
        OpenedCharge opened;
        try {
            opened = channel.openCharge(r.opening(merchantName));
        } catch (ChargeRefused refused) {
            if (!r.preselected()) {
                // the customer chooses again; a preselected charge stays OPENING, so the merchant's retry asks again
                charges.refused(r.paymentCode(), r.reference(), refused.statusDesc());
            }
            throw new ProviderUnavailable(refused.statusDesc(), true);
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the %s provider did not open %s charge %s (%s); the same reference is asked again "
                    + "next time", r.paymentCode(), channel.name(), r.method(), r.reference(),
                    e.getClass().getSimpleName());
            throw new ProviderUnavailable("the payment provider did not answer", false);
        }
        charges.opened(r.paymentCode(), r.reference(), opened);
        if (r.number() != null && !r.number().equals(opened.payCode())) {
            cancelUnchosenNumber(r);
        }
    }

    /**
     * docs/contract.md §9: a virtual account the provider opened under another number than the one chosen (a real
     * acquirer may prefix its own code) is cancelled at once, so no one is told a number the merchant did not choose.
     * It was recorded first, so money paid to it meanwhile is still found.
     *
     * @throws ProviderUnavailable always; refused when the provider cancelled it
     */
    private void cancelUnchosenNumber(Reserved r) {
        LOG.warnf("payment %s: the %s provider opened %s charge %s under another number than the one chosen; "
                + "cancelling it", r.paymentCode(), r.channel(), r.method(), r.reference());
        boolean cancelled = close(new Current(r.paymentCode(), r.merchantId(), r.reference(), r.method(),
                r.channel()));
        throw new ProviderUnavailable("the payment provider opened another number than the one chosen", cancelled);
    }

    private boolean close(Current current) {
        PaymentChannel channel = channels.byName(current.channel())
                .orElseThrow(() -> new ProviderUnavailable("no channel " + current.channel(), false));
        ChargeStatus status;
        try {
            status = channel.cancelCharge(current.merchantId(), current.reference());
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the %s provider did not cancel charge %s (%s)", current.paymentCode(),
                    channel.name(), current.reference(), e.getClass().getSimpleName());
            throw new ProviderUnavailable("the payment provider did not cancel the open charge", false);
        }
        if (status.state() == ChargeStatus.State.UNKNOWN || (status.state() == ChargeStatus.State.DECIDED
                && (status.status() == PaymentStatus.CANCELLED || status.status() == PaymentStatus.EXPIRED))) {
            charges.cancelled(current.paymentCode(), current.reference());
            return true;
        }
        if (status.state() == ChargeStatus.State.DECIDED) {
            charges.decidedInstead(current.paymentCode(), current.reference(), status);
            return false;
        }
        throw new ProviderUnavailable("the payment provider still processes the open charge", false);
    }
}
