package io.paygate.qa;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which deployment a suite talks to and as which merchant. Behind an Ingress one base URL serves every service
 * ({@code paygate.base-url}); the local stack runs each service on its own port, so the payment, binding,
 * notification, merchant and ledger services may be given their own ({@code paygate.payment-url},
 * {@code paygate.binding-url}, {@code paygate.notification-url}, {@code paygate.merchant-service-url},
 * {@code paygate.ledger-service-url}).
 *
 * @param callbackUrl        the {@code url.callbackUrl} initiations send unless a request names its own (a
 *                           {@link CallbackReceiver}'s): a URL the deployment accepts (https on 443/8443 in
 *                           production). Nothing needs to listen there: the notification log shows what was sent.
 * @param opsToken           an operator's bearer token: the ops-token sandbox shortcuts ({@link Sandbox#simulate}) and
 *                           the operator API ({@link MerchantAdmin}); empty elsewhere
 * @param merchantServiceUrl merchant-service, where the operator API ({@link MerchantAdmin}) and the merchant's
 *                           self-service ({@link MerchantSelfService}) are: the base URL behind an Ingress; empty when
 *                           neither it nor {@code paygate.merchant-service-url} is given (only those two need it)
 * @param ledgerServiceUrl   ledger-service, where the balance, its transactions, settlements and the sandbox top-up
 *                           are ({@link Balances}, docs/contract.md §12): the base URL behind an Ingress; empty when
 *                           neither it nor {@code paygate.ledger-service-url} is given (only {@link Balances} needs it)
 */
public record PaygateTarget(String paymentUrl, String bindingUrl, String notificationUrl, String merchantId,
                            String clientSecret, String notificationSecret, String callbackUrl,
                            Optional<String> opsToken, Optional<String> merchantServiceUrl,
                            Optional<String> ledgerServiceUrl) {

    /** Where initiations send notifications when {@code paygate.callback-url} is not given. */
    public static final String DEFAULT_CALLBACK_URL = "https://example.com/paygate-qa/callback";

    public PaygateTarget {
        paymentUrl = trimmed(required(paymentUrl, "payment URL"));
        bindingUrl = trimmed(required(bindingUrl, "binding URL"));
        notificationUrl = trimmed(required(notificationUrl, "notification URL"));
        required(merchantId, "merchant");
        required(clientSecret, "client secret");
        required(notificationSecret, "notification secret");
        required(callbackUrl, "callback URL");
        opsToken = Objects.requireNonNullElse(opsToken, Optional.<String>empty()).filter(t -> !t.isBlank());
        merchantServiceUrl = Objects.requireNonNullElse(merchantServiceUrl, Optional.<String>empty())
                .filter(u -> !u.isBlank()).map(PaygateTarget::trimmed);
        ledgerServiceUrl = Objects.requireNonNullElse(ledgerServiceUrl, Optional.<String>empty())
                .filter(u -> !u.isBlank()).map(PaygateTarget::trimmed);
    }

    /** A target without ledger-service's URL (the kit before the balance calls). */
    public PaygateTarget(String paymentUrl, String bindingUrl, String notificationUrl, String merchantId,
                         String clientSecret, String notificationSecret, String callbackUrl,
                         Optional<String> opsToken, Optional<String> merchantServiceUrl) {
        this(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret, notificationSecret, callbackUrl,
                opsToken, merchantServiceUrl, Optional.empty());
    }

    /** A target without merchant-service's URL (the kit before the operator API; the local stack's three services). */
    public PaygateTarget(String paymentUrl, String bindingUrl, String notificationUrl, String merchantId,
                         String clientSecret, String notificationSecret, String callbackUrl,
                         Optional<String> opsToken) {
        this(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret, notificationSecret, callbackUrl,
                opsToken, Optional.empty(), Optional.empty());
    }

    /** One base URL for every service (an Ingress). */
    public static PaygateTarget of(String baseUrl, String merchantId, String clientSecret, String notificationSecret) {
        return new PaygateTarget(baseUrl, baseUrl, baseUrl, merchantId, clientSecret, notificationSecret,
                DEFAULT_CALLBACK_URL, Optional.empty(), Optional.of(baseUrl), Optional.of(baseUrl));
    }

    /**
     * From {@code -Dpaygate.base-url -Dpaygate.merchant -Dpaygate.client-secret -Dpaygate.notification-secret}, and
     * the optional {@code paygate.payment-url}, {@code paygate.binding-url}, {@code paygate.notification-url},
     * {@code paygate.merchant-service-url}, {@code paygate.ledger-service-url}, {@code paygate.callback-url},
     * {@code paygate.ops-token} (environment
     * variables {@code PAYGATE_BASE_URL} … are read when a property is absent).
     *
     * @throws IllegalArgumentException naming every setting that is missing
     */
    public static PaygateTarget fromSystemProperties() {
        List<String> missing = Settings.missingForTarget();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("paygate-qa: not configured, missing " + String.join(", ", missing));
        }
        String base = Settings.get("paygate.base-url");
        return new PaygateTarget(
                Settings.getOr("paygate.payment-url", base),
                Settings.getOr("paygate.binding-url", base),
                Settings.getOr("paygate.notification-url", base),
                Settings.get("paygate.merchant"),
                Settings.get("paygate.client-secret"),
                Settings.get("paygate.notification-secret"),
                Settings.getOr("paygate.callback-url", DEFAULT_CALLBACK_URL),
                Optional.ofNullable(Settings.get("paygate.ops-token")),
                Optional.ofNullable(Settings.getOr("paygate.merchant-service-url", base)),
                Optional.ofNullable(Settings.getOr("paygate.ledger-service-url", base)));
    }

    /** Whether {@link #fromSystemProperties()} has what it needs (a suite skips itself otherwise). */
    public static boolean configured() {
        return Settings.missingForTarget().isEmpty();
    }

    /** The settings {@link #fromSystemProperties()} lacks, each with its environment variable; empty when none. */
    public static List<String> missingSettings() {
        return Settings.missingForTarget();
    }

    public PaygateTarget withCallbackUrl(String url) {
        return new PaygateTarget(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret,
                notificationSecret, url, opsToken, merchantServiceUrl, ledgerServiceUrl);
    }

    public PaygateTarget withOpsToken(String token) {
        return new PaygateTarget(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret,
                notificationSecret, callbackUrl, Optional.ofNullable(token), merchantServiceUrl, ledgerServiceUrl);
    }

    public PaygateTarget withMerchantServiceUrl(String url) {
        return new PaygateTarget(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret,
                notificationSecret, callbackUrl, opsToken, Optional.ofNullable(url), ledgerServiceUrl);
    }

    public PaygateTarget withLedgerServiceUrl(String url) {
        return new PaygateTarget(paymentUrl, bindingUrl, notificationUrl, merchantId, clientSecret,
                notificationSecret, callbackUrl, opsToken, merchantServiceUrl, Optional.ofNullable(url));
    }

    /**
     * Another merchant at the same deployment (a {@link MerchantAdmin#create created} one), with the same callback
     * URL, operator token and service URLs.
     */
    public PaygateTarget asMerchant(String id, String newClientSecret, String newNotificationSecret) {
        return new PaygateTarget(paymentUrl, bindingUrl, notificationUrl, id, newClientSecret, newNotificationSecret,
                callbackUrl, opsToken, merchantServiceUrl, ledgerServiceUrl);
    }

    /** The same merchant signing with another client secret (after {@link MerchantSelfService#rotateClientSecret}). */
    public PaygateTarget withClientSecret(String secret) {
        return asMerchant(merchantId, secret, notificationSecret);
    }

    /** The same merchant verifying with another notification secret (a rotated one). */
    public PaygateTarget withNotificationSecret(String secret) {
        return asMerchant(merchantId, clientSecret, secret);
    }

    /** merchant-service's URL; fails naming the settings when there is none. */
    String merchantService() {
        return merchantServiceUrl.orElseThrow(() -> new IllegalStateException("paygate-qa: no merchant-service URL "
                + "configured: " + Settings.MERCHANT_SERVICE_URL_SETTING));
    }

    /** ledger-service's URL; fails naming the settings when there is none. */
    String ledgerService() {
        return ledgerServiceUrl.orElseThrow(() -> new IllegalStateException("paygate-qa: no ledger-service URL "
                + "configured: " + Settings.LEDGER_SERVICE_URL_SETTING));
    }

    /** The operator's token; fails naming the setting when there is none. */
    String operatorToken(String what) {
        return opsToken.orElseThrow(() -> new IllegalStateException("paygate-qa: " + what + " needs an operator's "
                + "token: " + Settings.OPS_TOKEN_SETTING));
    }

    /** Never prints the secrets. */
    @Override
    public String toString() {
        return "PaygateTarget[payment=" + paymentUrl + ", binding=" + bindingUrl + ", notification=" + notificationUrl
                + merchantServiceUrl.map(u -> ", merchant-service=" + u).orElse("")
                + ledgerServiceUrl.map(u -> ", ledger-service=" + u).orElse("") + ", merchant=" + merchantId + "]";
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
