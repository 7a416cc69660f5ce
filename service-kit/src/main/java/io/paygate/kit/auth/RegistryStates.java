package io.paygate.kit.auth;

import io.paygate.model.net.Cidr;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapKeys;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;

import static io.paygate.kit.auth.MerchantStateException.Reason.INVALID;
import static io.paygate.kit.auth.MerchantStateException.Reason.NO_KEY;
import static io.paygate.kit.auth.MerchantStateException.Reason.UNDECRYPTABLE;

/**
 * A merchant's state from {@code merchant-config} (common-model's {@link MerchantState}) as a {@link Merchant}: every
 * sealed secret opened with {@link SecretSealer} (bound to this merchant and member: one copied from another merchant's
 * record does not open), every key and address block parsed. All or nothing: a state with one member that does not
 * open or parse is refused whole ({@link MerchantStateException}), so a merchant is never half-updated.
 */
final class RegistryStates {

    private RegistryStates() {
    }

    /**
     * @param sealer the service's sealer, or {@code null} when it has no encryption key
     * @throws MerchantStateException naming the member at fault, never showing a secret
     */
    static Merchant read(MerchantState state, SecretSealer sealer) {
        String id = state.id();
        if (id.isBlank() || id.length() > 64) {
            throw new MerchantStateException(INVALID, "merchant id is not 1-64 characters");
        }
        Opener open = new Opener(id, sealer);
        MerchantState.RotatingSecret client = state.clientSecret();
        Merchant.Builder merchant = Merchant.builder(id).name(state.name()).status(state.status())
                .provider(state.provider()).currency(state.currency()).methods(state.methods())
                .clientSecret(open.secret(MerchantState.SECRET_CLIENT, client.current()))
                .previousClientSecret(client.previous() == null ? null
                        : open.secret(MerchantState.SECRET_CLIENT, client.previous()), client.previousExpiresAt())
                .ipAllowlist(blocks(state.ipAllowlist()))
                .fees(state.fees()).settlementDelayDays(state.settlementDelayDays())
                .fromRegistry(state.version());
        if (state.notificationSecret() != null) {
            merchant.notificationSecrets(notificationSecrets(state.notificationSecret(), open));
        }
        if (state.rateLimit() != null) {
            merchant.rateLimit(rateLimit(state.rateLimit()));
        }
        if (state.snap() != null) {
            snap(state.snap(), open, merchant);
        }
        if (state.midtrans() != null && state.midtrans().serverKey() != null) {
            MerchantState.MidtransAccount midtrans = state.midtrans();
            merchant.midtrans(new Merchant.Midtrans(open.secret(MerchantState.SECRET_MIDTRANS_SERVER_KEY,
                    midtrans.serverKey()), midtrans.clientKey(), midtrans.baseUrl()));
        }
        return merchant.build();
    }

    private static WebhookSecrets notificationSecrets(MerchantState.RotatingSecret secret, Opener open) {
        WebhookSecret current = webhookSecret(open.secret(MerchantState.SECRET_NOTIFICATION, secret.current()));
        WebhookSecret previous = secret.previous() == null ? null
                : webhookSecret(open.secret(MerchantState.SECRET_NOTIFICATION, secret.previous()));
        return new WebhookSecrets(current, previous, secret.previousExpiresAt(), Boolean.TRUE.equals(secret.activated()));
    }

    private static WebhookSecret webhookSecret(String text) {
        try {
            return WebhookSecret.parse(text);
        } catch (IllegalArgumentException e) {
            throw new MerchantStateException(INVALID, "notification secret is not a whsec_ secret");
        }
    }

    private static void snap(MerchantState.SnapState snap, Opener open, Merchant.Builder merchant) {
        merchant.partnerServiceIds(snap.partnerServiceIds());
        if (snap.clientKey() != null && snap.publicKey() != null) {
            if (!ConfiguredMerchants.CLIENT_KEY.matcher(snap.clientKey()).matches()) {
                throw new MerchantStateException(INVALID, "snap.clientKey is not 1-64 visible ASCII characters "
                        + "without '|'");
            }
            PublicKey previous = snap.previousPublicKey() == null ? null
                    : publicKey("snap.previousPublicKey", snap.previousPublicKey());
            merchant.snapClient(new SnapClient(snap.clientKey(), publicKey("snap.publicKey", snap.publicKey()),
                    previous, snap.previousPublicKeyExpiresAt()));
        }
        if (snap.signingKey() != null) {
            merchant.snapSigning(new SnapSigning(privateKey(open, snap.signingKey()),
                    snap.previousSigningKey() == null ? null : privateKey(open, snap.previousSigningKey()),
                    snap.nextSigningKey() == null ? null : privateKey(open, snap.nextSigningKey()),
                    snap.nextSigningKeyActivateAt()));
        }
    }

    private static PublicKey publicKey(String member, String text) {
        try {
            return SnapKeys.publicKey(text);
        } catch (IllegalArgumentException e) {
            throw new MerchantStateException(INVALID, member + " is not an RSA public key of at least "
                    + SnapKeys.MIN_BITS + " bits");
        }
    }

    private static PrivateKey privateKey(Opener open, Sealed sealed) {
        PrivateKey key;
        try {
            key = SnapKeys.privateKey(open.secret(MerchantState.SECRET_SNAP_SIGNING_KEY, sealed));
        } catch (IllegalArgumentException e) {
            throw new MerchantStateException(INVALID, "a SNAP signing key is not an RSA private key");
        }
        if (SnapKeys.bits(key) < SnapKeys.MIN_SIGNING_BITS) {
            throw new MerchantStateException(INVALID, "a SNAP signing key has fewer than " + SnapKeys.MIN_SIGNING_BITS
                    + " bits");
        }
        return key;
    }

    private static List<Cidr> blocks(List<String> texts) {
        List<Cidr> blocks = new ArrayList<>();
        for (String text : texts) {
            try {
                blocks.add(Cidr.of(text));
            } catch (IllegalArgumentException e) {
                throw new MerchantStateException(INVALID, "ipAllowlist: " + e.getMessage());
            }
        }
        return blocks;
    }

    private static Merchant.RateLimit rateLimit(MerchantState.RateLimit limit) {
        try {
            return ConfiguredMerchants.rateLimit("rateLimit.", limit.perSecond() == null ? null
                    : limit.perSecond().doubleValue(), limit.burst());
        } catch (IllegalStateException e) {
            throw new MerchantStateException(INVALID, e.getMessage());
        }
    }

    /** Opens the sealed secrets of one merchant. */
    private record Opener(String merchantId, SecretSealer sealer) {
        String secret(String member, Sealed sealed) {
            if (sealer == null) {
                throw new MerchantStateException(NO_KEY, member + " is sealed and gateway.merchants.encryption-key "
                        + "is not set");
            }
            try {
                return sealer.open(merchantId, member, sealed);
            } catch (IllegalArgumentException e) {
                throw new MerchantStateException(UNDECRYPTABLE, member + ": " + e.getMessage());
            }
        }
    }
}
