package io.paygate.qa;

import io.paygate.model.json.Json;
import io.paygate.model.snap.SnapAccessTokenSigner;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapServices;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.model.snap.binding.AccountInquiryRequest;
import io.paygate.model.snap.binding.AccountUnbindingRequest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import static io.restassured.RestAssured.given;

/**
 * A SNAP BI client of paygate (docs/contract.md §9), as a merchant's own would be: gets an access token
 * ({@code POST /v1.0/access-token/b2b}, SHA256withRSA over {@code <client key>|<timestamp>} by the merchant's private
 * key), keeps it until a minute before it expires, and signs transaction requests with it ({@link SnapSigning}).
 *
 * <pre>{@code
 * SnapClient snap = paygate.snap();                        // or SnapClient.of(baseUrl, clientKey, secret, privateKeyPem)
 * snap.request().body(createVaJson).post("/v1.0/transfer-va/create-va").then().body("responseCode", is("2002700"));
 * }</pre>
 * The SNAP paths are at the root of the gateway's origin: behind an Ingress the one base URL; on the local stack
 * payment-service's URL for every path but {@code /v1.0/registration-account-*}, which is binding-service's
 * ({@link #at(String)} gives a client for another base URL with the same token).
 */
public final class SnapClient {

    /** SNAP account binding's paths (07, 08, 09): binding-service's, at the root of the origin like every SNAP path. */
    public static final String ACCOUNT_BINDING = "/v1.0/registration-account-binding";
    public static final String ACCOUNT_INQUIRY = "/v1.0/registration-account-inquiry";
    public static final String ACCOUNT_UNBINDING = "/v1.0/registration-account-unbinding";
    public static final String BALANCE_INQUIRY = "/v1.0/balance-inquiry";
    /** A five-digit {@code CHANNEL-ID}, as midtrans-client is usually configured. */
    public static final String DEFAULT_CHANNEL_ID = "95221";
    private static final Duration RENEW_BEFORE_EXPIRY = Duration.ofSeconds(60);

    private final String baseUrl;
    private final String clientKey;
    private final String clientSecret;
    private final PrivateKey privateKey;
    private final Clock clock;
    private final TokenHolder holder;

    private SnapClient(String baseUrl, String clientKey, String clientSecret, PrivateKey privateKey, Clock clock,
                       TokenHolder holder) {
        this.baseUrl = trimmed(Objects.requireNonNull(baseUrl, "baseUrl"));
        this.clientKey = Objects.requireNonNull(clientKey, "clientKey");
        this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
        this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
        this.clock = clock;
        this.holder = holder;
    }

    /**
     * A client of the gateway at {@code baseUrl}.
     *
     * @param privateKey the merchant's RSA private key, PEM or base64 DER (the local stack's demo keys are
     *                   {@code deploy/local/snap/<merchant>-private.pem})
     */
    public static SnapClient of(String baseUrl, String clientKey, String clientSecret, String privateKey) {
        return new SnapClient(baseUrl, clientKey, clientSecret, SnapKeys.privateKey(privateKey), Clock.systemUTC(),
                new TokenHolder());
    }

    /** The same client with a gateway at another base URL (binding-service on the local stack); the token is shared. */
    public SnapClient at(String otherBaseUrl) {
        return new SnapClient(otherBaseUrl, clientKey, clientSecret, privateKey, clock, holder);
    }

    /** The same client on another clock (its token requests are signed with that clock's time). */
    public SnapClient withClock(Clock other) {
        return new SnapClient(baseUrl, clientKey, clientSecret, privateKey, other, new TokenHolder());
    }

    public String baseUrl() {
        return baseUrl;
    }

    public String clientKey() {
        return clientKey;
    }

    /** A token of this merchant: the kept one, or a new one when it is within a minute of expiring. */
    public String accessToken() {
        synchronized (holder) {
            if (holder.token == null || !clock.instant().isBefore(holder.renewAt)) {
                Response reply = tokenReply();
                Waits.expect(reply, 200, "SNAP access token of " + clientKey);
                holder.token = reply.jsonPath().getString("accessToken");
                long seconds = Long.parseLong(reply.jsonPath().getString("expiresIn"));
                holder.renewAt = clock.instant().plusSeconds(seconds).minus(RENEW_BEFORE_EXPIRY);
            }
            return holder.token;
        }
    }

    /** The raw reply of a new token request with {@code {"grantType":"client_credentials"}}. */
    public Response tokenReply() {
        return tokenRequest().body("{\"grantType\":\"client_credentials\"}").post(SnapServices.ACCESS_TOKEN);
    }

    /**
     * A token request signed now, without a body: headers {@code X-CLIENT-KEY}, {@code X-TIMESTAMP},
     * {@code X-SIGNATURE}, JSON content type. For asserting refusals (change a header, send {@code grant_type}).
     */
    public RequestSpecification tokenRequest() {
        String timestamp = SnapSigning.as(clientKey, clientSecret, "-").withClock(clock).timestamp();
        return given().baseUri(baseUrl).contentType("application/json")
                .header(SnapHeaders.CLIENT_KEY, clientKey)
                .header(SnapHeaders.TIMESTAMP, timestamp)
                .header(SnapHeaders.SIGNATURE, SnapAccessTokenSigner.sign(privateKey, clientKey, timestamp));
    }

    /** The filter that signs with a current token. */
    public SnapSigning signing() {
        return SnapSigning.as(clientKey, clientSecret, accessToken()).withClock(clock);
    }

    /** A transaction request at the base URL, JSON, signed with a current token; give the body as a String. */
    public RequestSpecification request() {
        return request(signing());
    }

    /** A transaction request signed by {@code signing} (a variant of {@link #signing()}). */
    public RequestSpecification request(SnapSigning signing) {
        return given().baseUri(baseUrl).contentType("application/json").filter(signing);
    }

    /** POSTs {@code body} (a String as is, anything else through common-model's JSON mapper) to {@code path}. */
    public Response post(String path, Object body) {
        return request().body(body instanceof String text ? text : Json.write(body)).post(path);
    }

    /**
     * Binds a customer's direct debit ({@code POST /v1.0/registration-account-binding}, SNAP 07): reply {@code 2000700}
     * with {@code referenceNo} (the binding id) and {@code redirectUrl} (the bank page). binding-service serves it: on
     * the local stack use the client {@link #at(String) at} its URL ({@code Paygate.snapBindings()}).
     */
    public Response bindAccount(AccountBindingRequest request) {
        return post(ACCOUNT_BINDING, request);
    }

    /** {@code POST /v1.0/registration-account-inquiry} (SNAP 08): reply {@code 2000800}, the binding's state. */
    public Response inquireAccount(AccountInquiryRequest request) {
        return post(ACCOUNT_INQUIRY, request);
    }

    /**
     * The merchant's balance ({@code POST /v1.0/balance-inquiry}, SNAP 11, docs/contract.md §12): reply {@code 2001100}
     * with {@code accountInfos}. ledger-service serves it: on the local stack use the client {@link #at(String) at} its
     * URL ({@code Paygate.snapBalance()}).
     */
    public Response balanceInquiry() {
        return balanceInquiry(Map.of("partnerReferenceNo", "QA-BAL-" + UUID.randomUUID()));
    }

    /** {@link #balanceInquiry()} with {@code body} (a String as is). */
    public Response balanceInquiry(Object body) {
        return post(BALANCE_INQUIRY, body);
    }

    /** {@code POST /v1.0/registration-account-unbinding} (SNAP 09): reply {@code 2000900}, {@code unlinkResult}. */
    public Response unbindAccount(AccountUnbindingRequest request) {
        return post(ACCOUNT_UNBINDING, request);
    }

    /** Never the secret, key or token. */
    @Override
    public String toString() {
        return "SnapClient[" + clientKey + " at " + baseUrl + "]";
    }

    private static String trimmed(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** The token, shared by the clients of one merchant at several base URLs. */
    private static final class TokenHolder {
        private String token;
        private Instant renewAt = Instant.MIN;
    }
}
