package io.paygate.payment.provider;

import io.paygate.kit.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The payment channels of this build by name ({@code sandbox}, {@code midtrans}): a new charge goes to its
 * merchant's channel ({@code gateway.merchants.<id>.provider}, docs/contract.md §2); everything after it (3-D Secure,
 * notifications, reconciliation) to the channel stored with the payment, so a payment stays with the channel that
 * took it even when its merchant is moved to another.
 */
@ApplicationScoped
public class PaymentChannels {

    private final Map<String, PaymentChannel> byName = new LinkedHashMap<>();
    private final GatewayConfig gateway;

    PaymentChannels(Instance<PaymentChannel> channels, GatewayConfig gateway) {
        channels.forEach(c -> byName.put(c.name(), c));
        this.gateway = gateway;
    }

    /** The channel new charges of {@code merchantId} go to. */
    public PaymentChannel forMerchant(String merchantId) {
        GatewayConfig.MerchantConfig merchant = gateway.merchants().get(merchantId);
        String name = merchant == null ? PaymentChannel.SANDBOX : merchant.provider();
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
