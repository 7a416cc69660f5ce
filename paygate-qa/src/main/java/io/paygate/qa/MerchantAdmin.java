package io.paygate.qa;

import io.paygate.model.api.merchant.AuditPage;
import io.paygate.model.api.merchant.MerchantList;
import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.api.merchant.SecretRotation;
import io.paygate.model.api.merchant.SigningKeyRotation;
import io.paygate.model.api.merchant.SuspendRequest;
import io.paygate.model.json.Json;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator API of merchant-service (docs/contract.md §10, {@code /admin/…}) with an operator's bearer token
 * ({@code paygate.ops-token}: the ops token, or a named operator's): create a merchant (its secrets shown once, kept in
 * the {@link CreatedMerchant} it returns), read and list them, merge-patch, suspend and reactivate, rotate its secrets
 * and its SNAP signing key, read the audit trail. Each call fails with the reply unless the gateway answers as the
 * contract says; its {@code …Reply} twin sends what it is given and returns the raw reply, for refusals.
 *
 * <pre>{@code
 * CreatedMerchant shop = paygate.admin().createThrowAway("refunds");   // a merchant of the suite's own
 * Paygate asShop = shop.paygate();                                     // signs as it
 * paygate.admin().suspend(shop.id(), "chargebacks");                   // its requests are 403SS05 within 5 s
 * }</pre>
 */
public final class MerchantAdmin {

    /** RFC 7396's media type, which {@code PATCH /admin/merchants/{id}} takes. */
    public static final String MERGE_PATCH = "application/merge-patch+json";
    private static final String ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final PaygateTarget deployment;
    private final String token;

    /**
     * @param deployment the service URLs, callback URL and operator token; its merchant is only a template (a
     *                   suite without a merchant of its own gets a placeholder one, never used to sign)
     */
    private MerchantAdmin(PaygateTarget deployment, String token) {
        deployment.merchantService();
        this.deployment = deployment;
        this.token = Objects.requireNonNull(token, "token");
    }

    /**
     * The operator API of {@code target}'s deployment with its operator token ({@link Paygate#admin()}).
     *
     * @throws IllegalStateException naming the setting when it has no merchant-service URL or no operator token
     */
    public static MerchantAdmin of(PaygateTarget target) {
        return new MerchantAdmin(target, target.operatorToken("the operator API"));
    }

    /**
     * From the settings alone, no merchant needed: {@code paygate.base-url} (or every service's URL,
     * {@code paygate.merchant-service-url} included) and {@code paygate.ops-token}, and the optional
     * {@code paygate.callback-url}.
     *
     * @throws IllegalArgumentException naming every setting that is missing
     */
    public static MerchantAdmin fromSystemProperties() {
        List<String> missing = Settings.missingForAdmin();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("paygate-qa: the operator API is not configured, missing "
                    + String.join(", ", missing));
        }
        String base = Settings.get("paygate.base-url");
        PaygateTarget deployment = new PaygateTarget(Settings.getOr("paygate.payment-url", base),
                Settings.getOr("paygate.binding-url", base), Settings.getOr("paygate.notification-url", base),
                "operator", "none", "none", Settings.getOr("paygate.callback-url", PaygateTarget.DEFAULT_CALLBACK_URL),
                Optional.of(Settings.get("paygate.ops-token")),
                Optional.of(Settings.getOr("paygate.merchant-service-url", base)),
                Optional.ofNullable(Settings.getOr("paygate.ledger-service-url", base)));
        return of(deployment);
    }

    /** The settings {@link #fromSystemProperties()} lacks, each with its environment variable; empty when none. */
    public static List<String> missingSettings() {
        return Settings.missingForAdmin();
    }

    /** The same deployment as another operator ({@code gateway.operators.<name>.token-sha256}). */
    public MerchantAdmin as(String operatorToken) {
        return new MerchantAdmin(deployment, operatorToken);
    }

    /**
     * {@code POST /admin/merchants}: the merchant with the secrets its {@code 201} showed, as a {@link PaygateTarget}
     * at this deployment. Fails with the reply unless 201 ({@code 4091200} for an id in use).
     */
    public CreatedMerchant create(MerchantRequest request) {
        Response response = createReply(request);
        Waits.expectSecretReply(response, 201, "creating merchant " + request.id());
        MerchantView created = read(response, MerchantView.class);
        return new CreatedMerchant(created, deployment.asMerchant(created.id(), created.clientSecret(),
                created.notificationSecret()));
    }

    /**
     * A merchant for one suite: on the sandbox channel, its id {@code qa-<label>-<random>} (lower case, at most 32
     * characters), its name {@code paygate-qa <label>}. Retire it after the suite ({@link #retire}); the
     * {@link ThrowAwayMerchant} extension does both.
     */
    public CreatedMerchant createThrowAway(String label) {
        return create(new MerchantRequest(throwAwayId(label), "paygate-qa " + label, "sandbox", null, null, null,
                null, null, null, null, null));
    }

    /** The raw reply of {@code POST /admin/merchants} with {@code body} (a {@link MerchantRequest} or a String). */
    public Response createReply(Object body) {
        return json(operator(), body).post(url("/admin/merchants"));
    }

    /** {@code GET /admin/merchants/{id}}: never a secret. Fails with the reply unless 200 ({@code 4041201}). */
    public MerchantView get(String id) {
        return expect(getReply(id), "merchant " + id, MerchantView.class);
    }

    public Response getReply(String id) {
        return operator().get(url("/admin/merchants/" + id));
    }

    /**
     * {@code GET /admin/merchants}, by id, with {@link ListQuery#status}, {@link ListQuery#limit},
     * {@link ListQuery#cursor}.
     */
    public MerchantList list(ListQuery query) {
        return expect(listReply(query), "merchants " + query.parameters(), MerchantList.class);
    }

    public Response listReply(ListQuery query) {
        return operator().queryParams(query.parameters()).get(url("/admin/merchants"));
    }

    /**
     * {@code PATCH /admin/merchants/{id}}, a JSON merge patch (RFC 7396: a member set to null is removed; a String is
     * sent as is, anything else through common-model's mapper with its nulls). Fails with the reply unless 200.
     */
    public MerchantView patch(String id, Object mergePatch) {
        return expect(patchReply(id, mergePatch), "patching merchant " + id, MerchantView.class);
    }

    public Response patchReply(String id, Object mergePatch) {
        String body = mergePatch instanceof String text ? text : Json.write(mergePatch);
        return operator().contentType(MERGE_PATCH + "; charset=UTF-8").body(body)
                .patch(url("/admin/merchants/" + id));
    }

    /** Suspends the merchant: its every request is {@code 403SS05} within 5 s. Fails unless 200. */
    public MerchantView suspend(String id, String reason) {
        return expect(suspendReply(id, new SuspendRequest(reason)), "suspending merchant " + id, MerchantView.class);
    }

    public Response suspendReply(String id, Object body) {
        return json(operator(), body).post(url("/admin/merchants/" + id + "/suspend"));
    }

    public MerchantView reactivate(String id) {
        return expect(reactivateReply(id), "reactivating merchant " + id, MerchantView.class);
    }

    public Response reactivateReply(String id) {
        return operator().post(url("/admin/merchants/" + id + "/reactivate"));
    }

    /**
     * Ends a throw-away merchant: suspended (the registry deletes nothing), whatever state it is in. Fails with the
     * reply unless it is suspended now.
     */
    public void retire(String id, String reason) {
        Response response = suspendReply(id, new SuspendRequest(reason));
        if (response.statusCode() != 409) {
            Waits.expect(response, 200, "retiring merchant " + id);
        }
    }

    /**
     * A new client secret for the merchant; the previous one is accepted for {@code graceSeconds} (null: the
     * gateway's default, a day). Fails unless 200.
     */
    public RotatedSecret rotateClientSecret(String id, Integer graceSeconds) {
        return rotated(rotateClientSecretReply(id, new SecretRotation(graceSeconds)),
                "rotating the client secret of " + id);
    }

    public Response rotateClientSecretReply(String id, Object body) {
        return json(operator(), body).post(url("/admin/merchants/" + id + "/client-secret/rotate"));
    }

    /** A new notification secret; notifications carry both signatures for {@code graceSeconds}. Fails unless 200. */
    public RotatedSecret rotateNotificationSecret(String id, Integer graceSeconds) {
        return rotated(rotateNotificationSecretReply(id, new SecretRotation(graceSeconds)),
                "rotating the notification secret of " + id);
    }

    public Response rotateNotificationSecretReply(String id, Object body) {
        return json(operator(), body).post(url("/admin/merchants/" + id + "/notification-secret/rotate"));
    }

    /**
     * A new gateway signing key for the merchant's SNAP notifications, published at once, signing from
     * {@code activateAt} (null: 7 days from now). Fails unless 200 ({@code 4091200} without SNAP keys).
     */
    public MerchantView rotateSigningKey(String id, OffsetDateTime activateAt) {
        return expect(rotateSigningKeyReply(id, new SigningKeyRotation(activateAt == null ? null
                : activateAt.toString())), "rotating the SNAP signing key of " + id, MerchantView.class);
    }

    public Response rotateSigningKeyReply(String id, Object body) {
        return json(operator(), body).post(url("/admin/merchants/" + id + "/snap-signing-key/rotate"));
    }

    /** The next SNAP signing key signs from now. Fails unless 200. */
    public MerchantView activateSigningKey(String id) {
        return expect(activateSigningKeyReply(id), "activating the SNAP signing key of " + id, MerchantView.class);
    }

    public Response activateSigningKeyReply(String id) {
        return operator().post(url("/admin/merchants/" + id + "/snap-signing-key/activate"));
    }

    /**
     * {@code GET /admin/audit}, newest first, with {@link ListQuery#merchant}, {@link ListQuery#actor},
     * {@link ListQuery#from}, {@link ListQuery#to}, {@link ListQuery#limit}, {@link ListQuery#cursor}.
     */
    public AuditPage audit(ListQuery query) {
        return expect(auditReply(query), "the audit trail " + query.parameters(), AuditPage.class);
    }

    public Response auditReply(ListQuery query) {
        return operator().queryParams(query.parameters()).get(url("/admin/audit"));
    }

    /** An id {@code qa-<label>-<8 random>} of at most 32 of {@code [a-z0-9-]}. */
    static String throwAwayId(String label) {
        String slug = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        slug = slug.length() > 20 ? slug.substring(0, 20).replaceAll("-+$", "") : slug;
        StringBuilder id = new StringBuilder("qa-").append(slug.isEmpty() ? "" : slug + "-");
        for (int i = 0; i < 8; i++) {
            id.append(ID_ALPHABET.charAt(RANDOM.nextInt(ID_ALPHABET.length())));
        }
        return id.toString();
    }

    private RequestSpecification operator() {
        return Calls.asOperator(token);
    }

    private static RequestSpecification json(RequestSpecification request, Object body) {
        return request.contentType("application/json").body(Calls.json(body));
    }

    private String url(String path) {
        return deployment.merchantService() + path;
    }

    /** A rotation's reply, 200 or an error naming {@code what} (never showing a secret). */
    static RotatedSecret rotated(Response response, String what) {
        Waits.expectSecretReply(response, 200, what);
        return read(response, RotatedSecret.class);
    }

    static <T> T expect(Response response, String what, Class<T> type) {
        Waits.expect(response, 200, what);
        return read(response, type);
    }

    static <T> T read(Response response, Class<T> type) {
        return Json.read(response.asString(), type);
    }
}
