package io.paygate.qa;

import java.util.Objects;
import java.util.Optional;

/**
 * Which deployment a suite talks to and as which merchant. Behind an Ingress one base URL serves every service
 * ({@code paygate.base-url}); the local stack runs each service on its own port, so the payment and notification
 * services may be given their own ({@code paygate.payment-url}, {@code paygate.notification-url}).
 *
 * @param callbackUrl the {@code url.callbackUrl} initiations send: a URL the deployment accepts (https on 443/8443 in
 *                    production). Nothing needs to listen there: the notification log shows what was sent.
 * @param opsToken    only for the ops-token sandbox shortcuts ({@link Sandbox#simulate}); empty elsewhere
 */
public record PaygateTarget(String paymentUrl, String notificationUrl, String merchantId, String clientSecret,
                            String notificationSecret, String callbackUrl, Optional<String> opsToken) {

    /** Where initiations send notifications when {@code paygate.callback-url} is not given. */
    public static final String DEFAULT_CALLBACK_URL = "https://example.com/paygate-qa/callback";

    public PaygateTarget {
        paymentUrl = trimmed(required(paymentUrl, "payment URL"));
        notificationUrl = trimmed(required(notificationUrl, "notification URL"));
        required(merchantId, "merchant");
        required(clientSecret, "client secret");
        required(notificationSecret, "notification secret");
        required(callbackUrl, "callback URL");
        opsToken = Objects.requireNonNullElse(opsToken, Optional.<String>empty()).filter(t -> !t.isBlank());
    }

    /** One base URL for every service (an Ingress). */
    public static PaygateTarget of(String baseUrl, String merchantId, String clientSecret, String notificationSecret) {
        return new PaygateTarget(baseUrl, baseUrl, merchantId, clientSecret, notificationSecret, DEFAULT_CALLBACK_URL,
                Optional.empty());
    }

    /**
     * From {@code -Dpaygate.base-url -Dpaygate.merchant -Dpaygate.client-secret -Dpaygate.notification-secret}, and
     * the optional {@code paygate.payment-url}, {@code paygate.notification-url}, {@code paygate.callback-url},
     * {@code paygate.ops-token} (environment variables {@code PAYGATE_BASE_URL} … are read when a property is absent).
     */
    public static PaygateTarget fromSystemProperties() {
        String base = setting("paygate.base-url");
        return new PaygateTarget(
                settingOr("paygate.payment-url", base),
                settingOr("paygate.notification-url", base),
                setting("paygate.merchant"),
                setting("paygate.client-secret"),
                setting("paygate.notification-secret"),
                settingOr("paygate.callback-url", DEFAULT_CALLBACK_URL),
                Optional.ofNullable(setting("paygate.ops-token")));
    }

    /** Whether {@link #fromSystemProperties()} has what it needs (a suite skips itself otherwise). */
    public static boolean configured() {
        return (setting("paygate.base-url") != null || setting("paygate.payment-url") != null)
                && setting("paygate.merchant") != null && setting("paygate.client-secret") != null
                && setting("paygate.notification-secret") != null;
    }

    public PaygateTarget withCallbackUrl(String url) {
        return new PaygateTarget(paymentUrl, notificationUrl, merchantId, clientSecret, notificationSecret, url,
                opsToken);
    }

    public PaygateTarget withOpsToken(String token) {
        return new PaygateTarget(paymentUrl, notificationUrl, merchantId, clientSecret, notificationSecret,
                callbackUrl, Optional.ofNullable(token));
    }

    /** Never prints the secrets. */
    @Override
    public String toString() {
        return "PaygateTarget[payment=" + paymentUrl + ", notification=" + notificationUrl + ", merchant=" + merchantId
                + "]";
    }

    private static String setting(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = System.getenv(name.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String settingOr(String name, String fallback) {
        String value = setting(name);
        return value == null ? fallback : value;
    }

    private static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("paygate-qa: no " + what + " configured");
        }
        return value;
    }

    private static String trimmed(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
