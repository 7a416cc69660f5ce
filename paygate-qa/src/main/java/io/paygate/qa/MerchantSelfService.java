package io.paygate.qa;

import io.paygate.model.api.merchant.IpAllowlistChange;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.api.merchant.SecretRotation;
import io.paygate.model.api.merchant.SnapPublicKeyChange;
import io.restassured.response.Response;

import java.util.List;

/**
 * The merchant's own profile and keys at merchant-service (docs/contract.md §10 "Self-service"), signed as the target's
 * merchant (§0): the profile, client-secret rotation with its grace period (and ending the previous one early),
 * notification-secret rotation and activation, the SNAP public key, the address allowlist. Each call fails with the
 * reply unless it is 200; its {@code …Reply} twin returns the raw reply, for refusals.
 *
 * <pre>{@code
 * RotatedSecret rotated = paygate.selfService().rotateClientSecret(3600);
 * Thread.sleep(5_000);                                          // in force at every service within 5 s
 * Paygate renewed = Paygate.of(paygate.target().withClientSecret(rotated.clientSecret()));
 * renewed.selfService().endPreviousClientSecret();
 * }</pre>
 */
public final class MerchantSelfService {

    private final PaygateTarget target;

    MerchantSelfService(PaygateTarget target) {
        this.target = target;
    }

    /** {@code GET /pg/merchant}: the profile as the operator sees it, never a secret. */
    public MerchantView profile() {
        return MerchantAdmin.expect(profileReply(), "the profile of " + target.merchantId(), MerchantView.class);
    }

    public Response profileReply() {
        return Calls.signed(target).get(url(""));
    }

    /**
     * A new client secret (shown this once); the previous one is accepted for {@code graceSeconds} (null: a day).
     * Sign with the new one from 5 s after this reply: {@link PaygateTarget#withClientSecret}.
     */
    public RotatedSecret rotateClientSecret(Integer graceSeconds) {
        return MerchantAdmin.rotated(rotateClientSecretReply(new SecretRotation(graceSeconds)),
                "rotating the client secret of " + target.merchantId());
    }

    public Response rotateClientSecretReply(Object body) {
        return post("/client-secret/rotate", body);
    }

    /** {@code DELETE /pg/merchant/client-secret/previous}: the previous client secret is refused from now. */
    public MerchantView endPreviousClientSecret() {
        return MerchantAdmin.expect(endPreviousClientSecretReply(), "ending the previous client secret of "
                + target.merchantId(), MerchantView.class);
    }

    public Response endPreviousClientSecretReply() {
        return Calls.signed(target).delete(url("/client-secret/previous"));
    }

    /**
     * A new notification secret (shown this once): until {@code previousExpiresAt} every notification's
     * {@code webhook-signature} carries a signature with each secret, and the body {@code signature} and
     * {@code X-SIGNATURE} stay with the previous one until {@link #activateNotificationSecret()}.
     */
    public RotatedSecret rotateNotificationSecret(Integer graceSeconds) {
        return MerchantAdmin.rotated(rotateNotificationSecretReply(new SecretRotation(graceSeconds)),
                "rotating the notification secret of " + target.merchantId());
    }

    public Response rotateNotificationSecretReply(Object body) {
        return post("/notification-secret/rotate", body);
    }

    /** The body {@code signature} and {@code X-SIGNATURE} use the new notification secret from now. */
    public MerchantView activateNotificationSecret() {
        return MerchantAdmin.expect(activateNotificationSecretReply(), "activating the notification secret of "
                + target.merchantId(), MerchantView.class);
    }

    public Response activateNotificationSecretReply() {
        return Calls.signed(target).post(url("/notification-secret/activate"));
    }

    /**
     * The merchant's new SNAP public key (PEM or base64 DER); access-token requests signed with the previous key are
     * accepted for {@code graceSeconds} (null: a day).
     */
    public MerchantView snapPublicKey(String publicKey, Integer graceSeconds) {
        return MerchantAdmin.expect(snapPublicKeyReply(new SnapPublicKeyChange(publicKey, graceSeconds)),
                "the SNAP public key of " + target.merchantId(), MerchantView.class);
    }

    public Response snapPublicKeyReply(Object body) {
        return put("/snap-public-key", body);
    }

    /**
     * The addresses the merchant's requests may come from (CIDRs; empty: any). A list that would refuse this very
     * request's address is {@code 4091200}: {@link #ipAllowlist(List, boolean)} with {@code force} to apply it anyway.
     */
    public MerchantView ipAllowlist(List<String> cidrs) {
        return ipAllowlist(cidrs, false);
    }

    public MerchantView ipAllowlist(List<String> cidrs, boolean force) {
        return MerchantAdmin.expect(ipAllowlistReply(new IpAllowlistChange(cidrs, force ? Boolean.TRUE : null)),
                "the address allowlist of " + target.merchantId(), MerchantView.class);
    }

    public Response ipAllowlistReply(Object body) {
        return put("/ip-allowlist", body);
    }

    private Response post(String path, Object body) {
        return Calls.signed(target).contentType("application/json").body(Calls.json(body)).post(url(path));
    }

    private Response put(String path, Object body) {
        return Calls.signed(target).contentType("application/json").body(Calls.json(body)).put(url(path));
    }

    private String url(String path) {
        return target.merchantService() + "/pg/merchant" + path;
    }
}
