package io.paygate.payment.provider;

import io.paygate.payment.payment.PaymentConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

/**
 * The key of the provider callback signatures: {@code gateway.payment.provider-secret}, or a random key for this
 * process when it is unset (one replica only: a callback answered by another replica would be refused).
 */
@ApplicationScoped
public class ProviderSecret {

    private static final Logger LOG = Logger.getLogger(ProviderSecret.class);

    private final byte[] key;

    ProviderSecret(PaymentConfig config) {
        if (config.providerSecret().isPresent() && !config.providerSecret().get().isBlank()) {
            key = config.providerSecret().get().getBytes(StandardCharsets.UTF_8);
        } else {
            key = new byte[32];
            new SecureRandom().nextBytes(key);
            LOG.warn("gateway.payment.provider-secret is not set: using a random key for this process "
                    + "(set it when running more than one replica)");
        }
    }

    /** The key bytes; do not log them. */
    public byte[] key() {
        return key.clone();
    }
}
