package io.paygate.payment.payment;

import org.eclipse.microprofile.config.ConfigProvider;

/**
 * This process's own HTTP address as the running server reports it ({@code quarkus.http.local-base-uri}, which
 * also knows a random test port), e.g. {@code http://localhost:8081}.
 */
public final class SelfAddress {

    private SelfAddress() {
    }

    /** Without a trailing slash. */
    public static String baseUrl() {
        var config = ConfigProvider.getConfig();
        String base = config.getOptionalValue("quarkus.http.local-base-uri", String.class)
                .orElseGet(() -> "http://localhost:" + config.getOptionalValue("quarkus.http.port", Integer.class)
                        .orElse(8080));
        // A server listening on every interface reports 0.0.0.0 (or [::]); its own clients reach it on localhost.
        return base.replaceAll("/+$", "").replace("://0.0.0.0:", "://localhost:").replace("://[::]:", "://localhost:");
    }
}
