package io.paygate.notification.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.snap.MerchantSigningKeys;
import io.paygate.kit.snap.SnapSigningKeys;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.paygate.notification.config.NotificationConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an attempt of a SNAP notification adds (docs/contract.md §9): the standard's headers, {@code X-TIMESTAMP} (this
 * attempt, {@code gateway.timezone}, whole seconds), {@code X-PARTNER-ID} (the merchant's SNAP client key),
 * {@code X-EXTERNAL-ID} (new for every attempt: 32 random digits, so a merchant that refuses a reused one as the
 * standard says does not refuse a retry; the notification's own id is {@code webhook-id}), {@code CHANNEL-ID}
 * ({@code gateway.notification.snap.channel-id}) and {@code X-SIGNATURE}, base64 SHA256withRSA by the gateway's
 * signing key of that merchant ({@code gateway.merchants.<id>.snap.signing-key}: no two merchants share one, so a
 * notification relayed to another merchant does not verify there) over
 * {@code POST:<path and ?query>:lowerhex(SHA-256(minified body)):X-TIMESTAMP}; and when the merchant's reply
 * acknowledges it (2xx checked by the caller, and a {@code responseCode} beginning with {@code 200}, e.g. the
 * standard's {@code 2002500}, {@code 2005200}, {@code 2005600}). Made at start-up: the service refuses to start while a
 * configured merchant with SNAP keys has no signing key, rather than fail each of its notifications. The key that signs
 * is the registry's where it knows the merchant (its next key from its {@code activateAt} on, {@code kit.snap}).
 */
@ApplicationScoped
@Startup
public class SnapAttempts {

    private final SnapSigningKeys keys;
    private final ZoneId zone;
    private final String channelId;
    private final SecureRandom random = new SecureRandom();

    SnapAttempts(SnapSigningKeys keys, Merchants merchants, GatewayConfig gateway, NotificationConfig config) {
        keys.requireForEverySnapMerchant(merchants.configured());
        this.keys = keys;
        this.zone = gateway.timezone();
        this.channelId = config.snap().channelId();
    }

    /**
     * The SNAP headers of one attempt, in order.
     *
     * @param pathAndQuery the callback URL's path, and {@code ?query} when it has one, as on the request line
     * @throws IllegalStateException when the merchant has no signing key (it has no SNAP keys either: start-up checked)
     */
    public Map<String, String> headers(Merchant merchant, String pathAndQuery, String body, Instant now) {
        MerchantSigningKeys signing = keys.of(merchant.id()).orElseThrow(() -> new IllegalStateException(
                "merchant " + merchant.id() + " has no SNAP signing key (gateway.merchants." + merchant.id()
                        + ".snap.signing-key, or the registry's)"));
        String timestamp = SnapPaymentNotifications.TIME.format(now.atZone(zone));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SnapHeaders.TIMESTAMP, timestamp);
        headers.put(SnapHeaders.PARTNER_ID, merchant.snap().map(SnapClient::clientKey).orElse(merchant.id()));
        headers.put(SnapHeaders.EXTERNAL_ID, externalId());
        headers.put(SnapHeaders.CHANNEL_ID, channelId);
        headers.put(SnapHeaders.SIGNATURE, signing.signer().sign(pathAndQuery, body, timestamp));
        return headers;
    }

    /** Whether a 2xx reply's {@code responseCode} acknowledges a SNAP notification: it begins with {@code 200}. */
    public static boolean acknowledges(String responseCode) {
        return responseCode != null && responseCode.startsWith("200");
    }

    private String externalId() {
        StringBuilder digits = new StringBuilder(32);
        for (int i = 0; i < 32; i++) {
            digits.append((char) ('0' + random.nextInt(10)));
        }
        return digits.toString();
    }
}
