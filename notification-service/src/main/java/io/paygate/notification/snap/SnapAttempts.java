package io.paygate.notification.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.snap.SnapSigningKeys;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapNotificationSigner;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.paygate.notification.config.NotificationConfig;
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
 * ({@code gateway.notification.snap.channel-id}) and {@code X-SIGNATURE}, base64 SHA256withRSA by
 * {@code gateway.snap.signing-key} over {@code POST:<path and ?query>:lowerhex(SHA-256(minified body)):X-TIMESTAMP};
 * and when the merchant's reply acknowledges it (2xx checked by the caller, and a {@code responseCode} beginning with
 * {@code 200}, e.g. the standard's {@code 2002500}, {@code 2005200}, {@code 2005600}).
 */
@ApplicationScoped
public class SnapAttempts {

    private final SnapSigningKeys keys;
    private final ZoneId zone;
    private final String channelId;
    private final SecureRandom random = new SecureRandom();

    SnapAttempts(SnapSigningKeys keys, GatewayConfig gateway, NotificationConfig config) {
        this.keys = keys;
        this.zone = gateway.timezone();
        this.channelId = config.snap().channelId();
    }

    /**
     * The SNAP headers of one attempt, in order.
     *
     * @param pathAndQuery the callback URL's path, and {@code ?query} when it has one, as on the request line
     * @throws IllegalStateException when this service has no {@code gateway.snap.signing-key}
     */
    public Map<String, String> headers(Merchant merchant, String pathAndQuery, String body, Instant now) {
        SnapNotificationSigner signer = keys.signer()
                .orElseThrow(() -> new IllegalStateException("gateway.snap.signing-key is not set"));
        String timestamp = SnapPaymentNotifications.TIME.format(now.atZone(zone));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SnapHeaders.TIMESTAMP, timestamp);
        headers.put(SnapHeaders.PARTNER_ID, merchant.snap().map(SnapClient::clientKey).orElse(merchant.id()));
        headers.put(SnapHeaders.EXTERNAL_ID, externalId());
        headers.put(SnapHeaders.CHANNEL_ID, channelId);
        headers.put(SnapHeaders.SIGNATURE, signer.sign(pathAndQuery, body, timestamp));
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
