package io.paygate.kit.registry;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@value #NAME} (docs/contract.md §10: a service is ready only once it has read {@code merchant-config}
 * to the end offsets it found at start): DOWN until the {@link MerchantConfigFollower} caught up, and DOWN while the
 * topic holds records this service cannot open for want of {@code gateway.merchants.encryption-key}. UP when the
 * registry is off. Once caught up it stays UP with the broker away (the merchants held keep serving).
 */
@Readiness
@ApplicationScoped
public class MerchantConfigReadiness implements HealthCheck {

    public static final String NAME = "merchant-config";

    private final MerchantConfigFollower follower;

    MerchantConfigReadiness(MerchantConfigFollower follower) {
        this.follower = follower;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
        if (!follower.enabled()) {
            return response.up().withData("registry", "off").build();
        }
        if (follower.keyMissing()) {
            return response.down().withData("problem", "records refused: gateway.merchants.encryption-key is not set")
                    .build();
        }
        if (!follower.caughtUp()) {
            return response.down().withData("waiting for", follower.waitingFor()).build();
        }
        return response.up().build();
    }
}
