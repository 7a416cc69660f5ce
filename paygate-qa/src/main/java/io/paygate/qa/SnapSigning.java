package io.paygate.qa;

import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapTimestamps;
import io.paygate.model.snap.SnapTransactionSigner;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.UUID;

/**
 * Signs each request as a SNAP BI client does (docs/contract.md §9): {@code Authorization: Bearer <access token>},
 * {@code X-TIMESTAMP}, {@code X-PARTNER-ID} (the client key), {@code X-EXTERNAL-ID} (a new UUID per request),
 * {@code CHANNEL-ID}, and {@code X-SIGNATURE} = base64 HMAC-SHA512 with the client secret over
 * {@code METHOD:PATH:token:lowerhex(sha256(minified body)):X-TIMESTAMP}, PATH the path and query as sent. A header the
 * request already has is kept and signed as it is (to send a chosen or repeated {@code X-EXTERNAL-ID}, say). Give the
 * body as a {@code String} or {@code byte[]}, so the bytes signed are the bytes sent. Get the token from
 * {@link SnapClient}.
 *
 * <pre>{@code given().filter(SnapSigning.as("demo", secret, token)).contentType("application/json").body(json).post(url)}</pre>
 */
public final class SnapSigning implements Filter {

    /** The timestamp form midtrans-client sends ({@code Date.toISOString()}): UTC, {@code Z}, milliseconds. */
    private static final DateTimeFormatter MILLIS_Z = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneId.of("UTC"));

    private final String clientKey;
    private final String clientSecret;
    private final String accessToken;
    private final String channelId;
    private final Clock clock;
    private final ZoneId zone;
    private final boolean millisZ;
    private final boolean externalId;

    private SnapSigning(String clientKey, String clientSecret, String accessToken, String channelId, Clock clock,
                        ZoneId zone, boolean millisZ, boolean externalId) {
        this.clientKey = Objects.requireNonNull(clientKey, "clientKey");
        this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
        this.accessToken = Objects.requireNonNull(accessToken, "accessToken");
        this.channelId = Objects.requireNonNull(channelId, "channelId");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.millisZ = millisZ;
        this.externalId = externalId;
    }

    /** Signs as client {@code clientKey} with its client secret and a token it got; {@code CHANNEL-ID} 95221. */
    public static SnapSigning as(String clientKey, String clientSecret, String accessToken) {
        return new SnapSigning(clientKey, clientSecret, accessToken, SnapClient.DEFAULT_CHANNEL_ID, Clock.systemUTC(),
                ZoneId.of("Asia/Jakarta"), false, true);
    }

    /** Timestamps on another clock (stale or future ones). */
    public SnapSigning withClock(Clock other) {
        return new SnapSigning(clientKey, clientSecret, accessToken, channelId, other, zone, millisZ, externalId);
    }

    /** Another {@code CHANNEL-ID}. */
    public SnapSigning withChannelId(String other) {
        return new SnapSigning(clientKey, clientSecret, accessToken, other, clock, zone, millisZ, externalId);
    }

    /** Another bearer token (another merchant's, an expired one). */
    public SnapSigning withAccessToken(String other) {
        return new SnapSigning(clientKey, clientSecret, other, channelId, clock, zone, millisZ, externalId);
    }

    /** Timestamps with {@code zone}'s offset, to the second ({@code 2026-11-21T10:15:30+07:00}), the default. */
    public SnapSigning withOffsetTimestamps(ZoneId other) {
        return new SnapSigning(clientKey, clientSecret, accessToken, channelId, clock, other, false, externalId);
    }

    /** Timestamps as midtrans-client writes them: {@code 2026-11-21T03:15:30.068Z}. */
    public SnapSigning withMillisZTimestamps() {
        return new SnapSigning(clientKey, clientSecret, accessToken, channelId, clock, zone, true, externalId);
    }

    /**
     * No {@code X-EXTERNAL-ID} unless the request sets one (as midtrans-client sends none when its caller passes none:
     * the gateway answers {@code 400xx02}).
     */
    public SnapSigning withoutExternalId() {
        return new SnapSigning(clientKey, clientSecret, accessToken, channelId, clock, zone, millisZ, false);
    }

    /** The {@code X-TIMESTAMP} this filter would send now. */
    public String timestamp() {
        Instant now = clock.instant();
        return millisZ ? MILLIS_Z.format(now) : SnapTimestamps.now(Clock.fixed(now, zone), zone);
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        URI uri = URI.create(request.getURI());
        String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String timestamp = keepOrSet(request, SnapHeaders.TIMESTAMP, timestamp());
        keepOrSet(request, SnapHeaders.PARTNER_ID, clientKey);
        if (externalId) {
            keepOrSet(request, SnapHeaders.EXTERNAL_ID, UUID.randomUUID().toString());
        }
        keepOrSet(request, SnapHeaders.CHANNEL_ID, channelId);
        keepOrSet(request, SnapHeaders.AUTHORIZATION, SnapHeaders.BEARER + accessToken);
        if (!request.getHeaders().hasHeaderWithName(SnapHeaders.SIGNATURE)) {
            request.header(SnapHeaders.SIGNATURE, SnapTransactionSigner.sign(clientSecret, request.getMethod(), path,
                    accessToken, bodyBytes(request.getBody()), timestamp));
        }
        return context.next(request, response);
    }

    private static String keepOrSet(FilterableRequestSpecification request, String name, String value) {
        if (request.getHeaders().hasHeaderWithName(name)) {
            return request.getHeaders().getValue(name);
        }
        request.header(name, value);
        return value;
    }

    static byte[] bodyBytes(Object body) {
        if (body == null) {
            return new byte[0];
        }
        if (body instanceof byte[] bytes) {
            return bytes;
        }
        if (body instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException(
                "SnapSigning signs String or byte[] bodies only, got " + body.getClass().getName());
    }

    /** Never the secret or the token. */
    @Override
    public String toString() {
        return "SnapSigning[" + clientKey + "]";
    }
}
