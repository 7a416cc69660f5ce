package io.paygate.payment.sandbox;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A card the sandbox provider keeps for later charges (table {@code sandbox_card}, docs/contract.md §1b): its token,
 * its keyed fingerprint and how the test card behaves when charged again. Never the number, as at a real provider's
 * vault seen from outside.
 */
@Entity
@Table(name = "sandbox_card")
public class SandboxCardEntity {

    @Id
    @Column(length = 64)
    public String token;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    @Column(nullable = false, length = 128)
    public String fingerprint;

    @Column(nullable = false, length = 16)
    @Enumerated(EnumType.STRING)
    public SandboxCards.Stored behaviour;

    @Column(name = "card_info", columnDefinition = "text")
    public String cardInfo;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "forgotten_at")
    public Instant forgottenAt;
}
