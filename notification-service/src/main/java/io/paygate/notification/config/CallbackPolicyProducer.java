package io.paygate.notification.config;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.notification.delivery.DnsResolver;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The shared callback URL rules (CONTRACT §6) with this service's resolver and {@code gateway.callbacks.allow-local}. */
public class CallbackPolicyProducer {

    @Produces
    @Singleton
    CallbackUrlPolicy callbackUrlPolicy(GatewayConfig config, DnsResolver dns) {
        return new CallbackUrlPolicy(config.callbacks().allowLocal(), dns::resolve);
    }
}
