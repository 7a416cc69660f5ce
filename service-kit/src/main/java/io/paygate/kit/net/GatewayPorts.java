package io.paygate.kit.net;

import io.paygate.kit.config.GatewayConfig;
import io.quarkus.vertx.http.HttpServer;
import jakarta.inject.Singleton;

import java.util.Set;

/**
 * The gateway's own ports, which no callback URL on a loopback host may use (docs/contract.md §6): this service's API
 * and management ports as bound (a test's random port too), and {@code gateway.callbacks.gateway-ports}, where the
 * launcher lists every service and replica of the stack. Asked at every check, so ports bound after start count.
 */
@Singleton
public class GatewayPorts {

    private final Set<Integer> configured;
    private final HttpServer server;

    public GatewayPorts(GatewayConfig config, HttpServer server) {
        this.configured = Set.copyOf(config.callbacks().gatewayPorts().orElse(Set.of()));
        this.server = server;
    }

    /** Whether {@code port} is one of the gateway's own. */
    public boolean contains(int port) {
        return port > 0 && (configured.contains(port) || port == server.getPort() || port == server.getSecurePort()
                || port == server.getManagementPort());
    }
}
