package io.paygate.kit.config;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Optional;

/**
 * docs/contract.md §2: a production deployment refuses to start while any merchant uses the sandbox channel, the sandbox
 * bank or the simulate endpoints, unless {@code gateway.sandbox.allowed-in-production=true} says that is meant (the
 * local stack says so; it runs the packaged services in the prod profile). Sandboxes in production take no money
 * and decide payments by test card numbers, or let anyone with the ops token decide them: a configuration mistake
 * there must stop the rollout, not reach merchants.
 */
@ApplicationScoped
public class ProductionPosture {

    private static final Logger LOG = Logger.getLogger(ProductionPosture.class);

    void check(@Observes StartupEvent event, GatewayConfig config, Instance<SandboxUse> uses) {
        boolean production = LaunchMode.current() == LaunchMode.NORMAL && ConfigUtils.getProfiles().contains("prod");
        List<String> inUse = uses.stream().flatMap(use -> use.inUse().stream()).toList();
        Optional<String> refusal = refusal(production, config.sandbox().allowedInProduction(), inUse);
        if (refusal.isPresent()) {
            throw new IllegalStateException(refusal.get());
        }
        if (production && !inUse.isEmpty()) {
            LOG.warnf("Running sandbox paths in production (gateway.sandbox.allowed-in-production=true): %s",
                    String.join("; ", inUse));
        }
    }

    /** Why this configuration must not start, if it must not (public for its test). */
    public static Optional<String> refusal(boolean production, boolean allowed, List<String> inUse) {
        if (!production || allowed || inUse.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Refusing to start in production with sandbox paths on: " + String.join("; ", inUse)
                + ". Turn them off, or set gateway.sandbox.allowed-in-production=true if this deployment is meant"
                + " to run the sandbox.");
    }
}
