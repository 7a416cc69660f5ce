package io.paygate.payment.credential;

import io.paygate.model.crypto.Digests;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.ProviderSecret;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * A direct-debit purchase's one-time password as the payment row keeps it (docs/contract.md §1b): a keyed hash
 * (HMAC-SHA256 with {@code gateway.payment.provider-secret}, over the payment code and the code, so a database dump
 * does not give it away), valid {@link #LIFETIME}, and the wrong answers so far. Each change commits on its own, so a
 * wrong answer counts even though the request is refused.
 */
@ApplicationScoped
public class PurchaseOtpBook {

    /** How long a sent code may be confirmed. */
    public static final Duration LIFETIME = Duration.ofMinutes(5);
    /** The wrong answer that fails the payment. */
    static final int MAX_WRONG = 3;
    static final String EXPIRED = "OTP expired";
    static final String TOO_MANY = "Too many wrong OTPs";

    /** What a confirmation came to. */
    public enum Confirmation { CORRECT, WRONG, EXPIRED, NOT_WAITING, UNKNOWN }

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ProviderSecret secret;
    private final GatewayTime time;

    PurchaseOtpBook(PaymentRepository payments, PaymentTransitions transitions, ProviderSecret secret,
                    GatewayTime time) {
        this.payments = payments;
        this.transitions = transitions;
        this.secret = secret;
        this.time = time;
    }

    /** The hash and expiry of a new code, set on a payment about to be inserted. */
    public void open(PaymentEntity p, String code) {
        p.otpHash = hash(p.paymentCode, code);
        p.otpExpiresAt = time.now().plus(LIFETIME);
    }

    /** A new code for a payment still waiting for its OTP (the old one dies); false when it waits no more. */
    @Transactional
    public boolean renew(String paymentCode, String code) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElse(null);
        if (p == null || p.status != PaymentStatus.PENDING || p.otpHash == null) {
            return false;
        }
        open(p, code);
        return true;
    }

    /** Checks the customer's answer for {@code merchantId}'s payment; a wrong or late one is recorded. */
    @Transactional
    public Confirmation confirm(String merchantId, String paymentCode, String code) {
        PaymentEntity p = payments.lockByCode(paymentCode).filter(found -> found.merchantId.equals(merchantId))
                .orElse(null);
        if (p == null) {
            return Confirmation.UNKNOWN;
        }
        if (p.status != PaymentStatus.PENDING || p.otpHash == null) {
            return Confirmation.NOT_WAITING;
        }
        Instant now = time.now();
        if (!now.isBefore(p.otpExpiresAt)) {
            fail(p, EXPIRED);
            return Confirmation.EXPIRED;
        }
        if (!Digests.hexEquals(p.otpHash, hash(p.paymentCode, code))) {
            p.otpFailures++;
            if (p.otpFailures >= MAX_WRONG) {
                fail(p, TOO_MANY);
            }
            return Confirmation.WRONG;
        }
        return Confirmation.CORRECT;
    }

    private void fail(PaymentEntity p, String statusDesc) {
        p.otpHash = null;
        p.otpExpiresAt = null;
        transitions.move(p, PaymentStatus.FAILED, statusDesc);
    }

    private String hash(String paymentCode, String code) {
        return Digests.hex(Digests.hmacSha256(secret.key(),
                (paymentCode + ":" + code).getBytes(StandardCharsets.UTF_8)));
    }
}
