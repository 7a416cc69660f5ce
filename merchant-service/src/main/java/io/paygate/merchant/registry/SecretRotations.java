package io.paygate.merchant.registry;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;

/**
 * The rotations of a merchant's keys (docs/contract.md §6, §9, §10), for the operator and the merchant alike. A rotated
 * secret's previous one lives for the grace given (a second rotation while it lives replaces it: only the secret
 * just replaced stays valid); ended early on request. Each is one change through {@link MerchantChanges}: the new
 * secret is shown in the reply only.
 */
@ApplicationScoped
public class SecretRotations {

    private final MerchantChanges changes;
    private final SecretSealer sealer;

    SecretRotations(MerchantChanges changes, SecretSealer sealer) {
        this.changes = changes;
        this.sealer = sealer;
    }

    /** A new client secret; the current one stays valid for {@code graceSeconds} (0: ended at once). */
    public RotatedSecret rotateClientSecret(Actor actor, String merchantId, int graceSeconds) {
        String secret = GeneratedSecrets.clientSecret();
        MerchantRecord m = changes.change(actor, merchantId, (merchant, now) -> {
            merchant.clientSecretPrevious = graceSeconds == 0 ? null : merchant.clientSecret;
            merchant.clientSecretPreviousExpiresAt = graceSeconds == 0 ? null : now.plusSeconds(graceSeconds);
            merchant.clientSecret = sealer.seal(merchant.id, MerchantState.SECRET_CLIENT, secret);
            merchant.clientSecretRotatedAt = now;
            return MerchantChanges.Change.of("client-secret.rotate", "clientSecret");
        });
        return RotatedSecret.client(secret, m.clientSecretPreviousExpiresAt);
    }

    /** Ends the previous client secret now ({@code 409SS00} when none lives). */
    public MerchantRecord endPreviousClientSecret(Actor actor, String merchantId) {
        return changes.change(actor, merchantId, (merchant, now) -> {
            if (!live(merchant.clientSecretPrevious != null, merchant.clientSecretPreviousExpiresAt, now)) {
                throw ApiException.conflict("no previous client secret is valid");
            }
            merchant.clientSecretPrevious = null;
            merchant.clientSecretPreviousExpiresAt = null;
            return MerchantChanges.Change.of("client-secret.end-previous", "clientSecret.previous");
        });
    }

    /**
     * A new notification secret; notifications carry both signatures for {@code graceSeconds}, the one-value
     * signatures with the previous secret until the merchant activates the new one (docs/contract.md §6).
     */
    public RotatedSecret rotateNotificationSecret(Actor actor, String merchantId, int graceSeconds) {
        String secret = GeneratedSecrets.notificationSecret();
        MerchantRecord m = changes.change(actor, merchantId, (merchant, now) -> {
            merchant.notificationSecretPrevious = graceSeconds == 0 ? null : merchant.notificationSecret;
            merchant.notificationSecretPreviousExpiresAt = graceSeconds == 0 ? null : now.plusSeconds(graceSeconds);
            merchant.notificationSecret = sealer.seal(merchant.id, MerchantState.SECRET_NOTIFICATION, secret);
            merchant.notificationSecretRotatedAt = now;
            merchant.notificationSecretActivated = graceSeconds == 0 ? null : Boolean.FALSE;
            return MerchantChanges.Change.of("notification-secret.rotate", "notificationSecret");
        });
        return RotatedSecret.notification(secret, m.notificationSecretPreviousExpiresAt);
    }

    /** The merchant switched to its new notification secret ({@code 409SS00} when no rotation waits for it). */
    public MerchantRecord activateNotificationSecret(Actor actor, String merchantId) {
        return changes.change(actor, merchantId, (merchant, now) -> {
            if (!live(merchant.notificationSecretPrevious != null, merchant.notificationSecretPreviousExpiresAt, now)
                    || Boolean.TRUE.equals(merchant.notificationSecretActivated)) {
                throw ApiException.conflict("no rotated notification secret waits for activation");
            }
            merchant.notificationSecretActivated = Boolean.TRUE;
            return MerchantChanges.Change.of("notification-secret.activate", "notificationSecret.activated");
        });
    }

    /**
     * A new gateway signing key for the merchant's SNAP notifications, published at once and signing from
     * {@code activateAt} (a next key not yet activated is replaced). {@code 409SS00} for a merchant without SNAP.
     */
    public MerchantRecord rotateSigningKey(Actor actor, String merchantId, Instant activateAt) {
        GeneratedSecrets.SigningKey key = GeneratedSecrets.signingKey();
        return changes.change(actor, merchantId, (merchant, now) -> {
            requireSnap(merchant);
            merchant.snapNextSigningKey = sealer.seal(merchant.id, MerchantState.SECRET_SNAP_SIGNING_KEY,
                    key.privatePem());
            merchant.snapNextSigningPublicKey = key.publicPem();
            merchant.snapNextSigningKeyActivateAt = activateAt;
            return MerchantChanges.Change.of("snap-signing-key.rotate", "snap.nextSigningKey");
        });
    }

    /** The next signing key signs from now; the current one becomes the previous ({@code 409SS00} without one). */
    public MerchantRecord activateSigningKey(Actor actor, String merchantId) {
        return changes.change(actor, merchantId, (merchant, now) -> {
            requireSnap(merchant);
            if (merchant.snapNextSigningKey == null) {
                throw ApiException.conflict("no next SNAP signing key: rotate first");
            }
            merchant.snapPreviousSigningKey = merchant.snapSigningKey;
            merchant.snapPreviousSigningPublicKey = merchant.snapSigningPublicKey;
            merchant.snapSigningKey = merchant.snapNextSigningKey;
            merchant.snapSigningPublicKey = merchant.snapNextSigningPublicKey;
            merchant.snapNextSigningKey = null;
            merchant.snapNextSigningPublicKey = null;
            merchant.snapNextSigningKeyActivateAt = null;
            return MerchantChanges.Change.of("snap-signing-key.activate", "snap.signingKey",
                    "snap.previousSigningKey");
        });
    }

    /**
     * The merchant's new SNAP public key (PEM, checked); the previous one verifies access-token requests for
     * {@code graceSeconds} more. {@code 409SS00} for a merchant without SNAP.
     */
    public MerchantRecord changePublicKey(Actor actor, String merchantId, String publicKeyPem, int graceSeconds) {
        return changes.change(actor, merchantId, (merchant, now) -> {
            requireSnap(merchant);
            if (publicKeyPem.equals(merchant.snapPublicKey)) {
                return new MerchantChanges.Change("snap-public-key.change", java.util.List.of());
            }
            merchant.snapPreviousPublicKey = graceSeconds == 0 ? null : merchant.snapPublicKey;
            merchant.snapPreviousPublicKeyExpiresAt = graceSeconds == 0 ? null
                    : now.plus(Duration.ofSeconds(graceSeconds));
            merchant.snapPublicKey = publicKeyPem;
            return MerchantChanges.Change.of("snap-public-key.change", "snap.publicKey");
        });
    }

    private static void requireSnap(MerchantRecord merchant) {
        if (!merchant.hasSnap()) {
            throw ApiException.conflict("the merchant has no SNAP keys");
        }
    }

    static boolean live(boolean present, Instant expiresAt, Instant now) {
        return present && expiresAt != null && now.isBefore(expiresAt);
    }
}
