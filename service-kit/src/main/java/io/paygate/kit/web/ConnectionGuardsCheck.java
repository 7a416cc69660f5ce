package io.paygate.kit.web;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness: DOWN until the API port's connections are guarded ({@link ConnectionGuards}: request framing, the header
 * deadline, counting from the first byte), so that no Ingress sends a request to a replica that would read it
 * unguarded. It installs the guard itself if the start-up request could not.
 */
@Readiness
@ApplicationScoped
public class ConnectionGuardsCheck implements HealthCheck {

    private final ConnectionGuards guards;

    ConnectionGuardsCheck(ConnectionGuards guards) {
        this.guards = guards;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("http-connection-guard").status(guards.ensureInstalled()).build();
    }
}
