package io.paygate.payment.sandbox;

import io.paygate.model.ids.RandomIds;
import io.paygate.payment.provider.ProviderCardToken;
import io.paygate.payment.provider.ProviderSecret;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The sandbox provider's card vault (docs/contract.md §1b): a card kept once per merchant, found again by its keyed
 * fingerprint (HMAC-SHA256 under the provider's secret, so nobody without it can test a number against it), charged
 * later by its token. The number itself is never written.
 */
@ApplicationScoped
public class SandboxVault {

    private final EntityManager entityManager;
    private final byte[] key;

    SandboxVault(EntityManager entityManager, ProviderSecret secret) {
        this.entityManager = entityManager;
        this.key = secret.key();
    }

    /**
     * Keeps the card {@code number} for {@code merchantId}: the card kept before when it is the same card. Two charges
     * storing the same card at the same instant get the same card: the insert waits for its twin's and then does
     * nothing ({@code ON CONFLICT DO NOTHING} on the live-fingerprint index), where a plain insert would fail the
     * second charge's whole transaction and leave its payment PROCESSING with nothing at the provider to ask about.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    SandboxCardEntity keep(String merchantId, String number, String cardInfo) {
        String fingerprint = fingerprint(merchantId, number);
        Optional<SandboxCardEntity> known = live(merchantId, fingerprint);
        if (known.isPresent()) {
            return known.get();
        }
        entityManager.createNativeQuery("INSERT INTO sandbox_card (token, merchant_id, fingerprint, behaviour, "
                        + "card_info, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
                        + "ON CONFLICT (merchant_id, fingerprint) WHERE forgotten_at IS NULL DO NOTHING")
                .setParameter(1, RandomIds.next("sbxtok_", 24))
                .setParameter(2, merchantId)
                .setParameter(3, fingerprint)
                .setParameter(4, SandboxCards.storedOf(number).name())
                .setParameter(5, cardInfo)
                .setParameter(6, Instant.now())
                .executeUpdate();
        return live(merchantId, fingerprint).orElseThrow(
                () -> new IllegalStateException("the sandbox vault kept no card for merchant " + merchantId));
    }

    /** The live card {@code token} of {@code merchantId}. */
    @Transactional(Transactional.TxType.MANDATORY)
    Optional<SandboxCardEntity> find(String merchantId, String token) {
        SandboxCardEntity card = token == null ? null : entityManager.find(SandboxCardEntity.class, token);
        return Optional.ofNullable(card).filter(c -> c.merchantId.equals(merchantId) && c.forgottenAt == null);
    }

    /** What the provider answers about a kept card: its token and fingerprint. */
    @Transactional(Transactional.TxType.MANDATORY)
    Optional<ProviderCardToken> tokenOf(String merchantId, String token) {
        return find(merchantId, token).map(c -> new ProviderCardToken(c.token, c.fingerprint));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void forget(String merchantId, String token) {
        SandboxCardEntity card = token == null ? null
                : entityManager.find(SandboxCardEntity.class, token, LockModeType.PESSIMISTIC_WRITE);
        if (card != null && card.merchantId.equals(merchantId) && card.forgottenAt == null) {
            card.forgottenAt = Instant.now();
        }
    }

    private Optional<SandboxCardEntity> live(String merchantId, String fingerprint) {
        return entityManager.createQuery("SELECT c FROM SandboxCardEntity c WHERE c.merchantId = :m "
                        + "AND c.fingerprint = :f AND c.forgottenAt IS NULL", SandboxCardEntity.class)
                .setParameter("m", merchantId).setParameter("f", fingerprint)
                .getResultStream().findFirst();
    }

    private String fingerprint(String merchantId, String number) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(("sandbox-card:" + merchantId + ":").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(number.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
