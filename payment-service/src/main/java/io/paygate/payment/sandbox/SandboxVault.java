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

    /** Keeps the card {@code number} for {@code merchantId}: the card kept before when it is the same card. */
    @Transactional(Transactional.TxType.MANDATORY)
    SandboxCardEntity keep(String merchantId, String number, String cardInfo) {
        String fingerprint = fingerprint(merchantId, number);
        Optional<SandboxCardEntity> known = live(merchantId, fingerprint);
        if (known.isPresent()) {
            return known.get();
        }
        SandboxCardEntity card = new SandboxCardEntity();
        card.token = RandomIds.next("sbxtok_", 24);
        card.merchantId = merchantId;
        card.fingerprint = fingerprint;
        card.behaviour = SandboxCards.storedOf(number);
        card.cardInfo = cardInfo;
        card.createdAt = Instant.now();
        entityManager.persist(card);
        entityManager.flush(); // a concurrent twin's insert fails here, inside the provider's transaction
        return card;
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
