package io.paygate.payment.provider;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The payment channels of this build by name ({@code sandbox}, {@code midtrans}): a new charge goes to its
 * merchant's channel ({@code gateway.merchants.<id>.provider}, or the registry's {@code provider}, docs/contract.md §2,
 * §10); everything after it (3-D Secure, notifications, reconciliation) to the channel stored with the payment, so a
 * payment stays with the channel that took it even when its merchant is moved to another.
 */
@ApplicationScoped
public class PaymentChannels {

    private final Map<String, PaymentChannel> byName = new LinkedHashMap<>();
    private final Merchants merchants;

    PaymentChannels(Instance<PaymentChannel> channels, Merchants merchants) {
        channels.forEach(c -> byName.put(c.name(), c));
        this.merchants = merchants;
    }

    /** The channel new charges of {@code merchantId} go to (its provider, the registry's where it knows it). */
    public PaymentChannel forMerchant(String merchantId) {
        String name = merchants.find(merchantId).map(Merchant::provider).orElse(PaymentChannel.SANDBOX);
        return byName(name).orElseThrow(() -> new IllegalStateException("no payment channel " + name));
    }

    /** The channel called {@code name} (as stored with a payment), if this build has it. */
    public Optional<PaymentChannel> byName(String name) {
        return Optional.ofNullable(name == null ? null : byName.get(name));
    }

    /** Whether this build has a channel called {@code name}. */
    public boolean has(String name) {
        return byName.containsKey(name);
    }
}
