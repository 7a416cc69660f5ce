package io.paygate.notification.config;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.kit.net.DnsResolver;
import io.paygate.kit.net.GatewayPorts;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The shared callback URL rules (docs/contract.md §6) with this service's resolver, {@code gateway.callbacks.allow-local},
 * {@code gateway.callbacks.allowed-ports} and the gateway's own ports ({@link GatewayPorts}).
 */
public class CallbackPolicyProducer {

    @Produces
    @Singleton
    CallbackUrlPolicy callbackUrlPolicy(GatewayConfig config, DnsResolver dns, GatewayPorts gatewayPorts) {
        return new CallbackUrlPolicy(config.callbacks().allowLocal(), config.callbacks().allowedPorts(), dns::resolve,
                gatewayPorts::contains);
    }
}
