package io.paygate.payment.service;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantCounter;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.net.DnsResolver;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.config.GatewayTime;
import io.paygate.payment.config.PaymentConfig;
import io.paygate.payment.config.SelfAddress;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Hosted payment initiation (CONTRACT §1): the checks Bean Validation cannot make, idempotency by
 * (merchant, order.id) with a content hash, and the reply.
 */
@ApplicationScoped
public class InitiationService {

    private static final Logger LOG = Logger.getLogger(InitiationService.class);
    private static final int ATTEMPTS = 3;

    private final PaymentRepository payments;
    private final PaymentConfig config;
    private final GatewayTime time;
    private final CallbackUrlPolicy callbackPolicy;
    private final PaymentCodes codes;

    private final MerchantCounter initiations;

    InitiationService(PaymentRepository payments, PaymentConfig config, GatewayConfig gateway, GatewayTime time,
                      PaymentCodes codes, MeterRegistry metrics, DnsResolver dns, MerchantTags merchantTags) {
        this.initiations = MerchantCounter.register(metrics, merchantTags, "paygate.payments.initiated",
                "Hosted payments created, by merchant (repeats of an idempotent request not counted)");
        this.payments = payments;
        this.config = config;
        this.time = time;
        this.codes = codes;
        // CONTRACT §6: the host must resolve (within gateway.callbacks.resolve-timeout), every address and the port pass.
        this.callbackPolicy = new CallbackUrlPolicy(gateway.callbacks().allowLocal(),
                gateway.callbacks().allowedPorts(), dns::resolve);
    }

    /**
     * Creates the payment, or answers the same reply again for the same order with the same content.
     *
     * @throws ApiException {@code 4000101} for a refused callback or return URL, {@code 4090100} for the same order
     *                      id with different content
     */
    @Transactional
    public InitiateResponse initiate(Merchant merchant, InitiateRequest request) {
        checkUrls(request);
        String hash = contentHash(request);
        // Insert first and read only when that inserted nothing: a new order (the usual case) costs one statement,
        // not a look-up and then an insert (issue 8's profile). ON CONFLICT DO NOTHING waits for a concurrent twin's
        // transaction, so when it inserted nothing the twin has committed and the look-up sees its row.
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            PaymentEntity created = newPayment(merchant, request, hash);
            if (payments.insertIfAbsent(created)) {
                initiations.increment(merchant.id());
                LOG.infof("payment %s (merchant %s, order %s): created PENDING, expires %s", created.paymentCode,
                        created.merchantId, created.orderId, created.expiresAt);
                return reply(created);
            }
            Optional<PaymentEntity> existing = payments.findByOrder(merchant.id(), request.order().id());
            if (existing.isPresent()) {
                if (!existing.get().contentHash.equals(hash)) {
                    throw ApiException.conflict("order.id already used with different content");
                }
                return reply(existing.get());
            }
            // No row for the order: the payment code collided (or the twin rolled back): try again.
        }
        throw new IllegalStateException("Could not create or find payment for order after " + ATTEMPTS + " attempts");
    }

    /** The reply for a stored payment; the same for every repeat. */
    InitiateResponse reply(PaymentEntity p) {
        return InitiateResponse.success(p.paymentCode, redirectUrl(p.paymentCode), time.expiryLink(p.expiresAt), 0);
    }

    /** The hosted page of a payment: {@code gateway.payment.public-base-url} + {@code /pg/pay/{code}}. */
    public String redirectUrl(String paymentCode) {
        String base = config.publicBaseUrl().map(url -> url.replaceAll("/+$", "")).orElseGet(SelfAddress::baseUrl);
        return base + "/pg/pay/" + paymentCode;
    }

    private PaymentEntity newPayment(Merchant merchant, InitiateRequest request, String hash) {
        Instant now = time.now();
        PaymentEntity p = new PaymentEntity();
        p.id = UUID.randomUUID();
        p.paymentCode = codes.next();
        p.merchantId = merchant.id();
        p.contentHash = hash;
        String currency = request.order().currency() != null ? request.order().currency() : merchant.currency();
        PaymentMapper.fill(p, request, currency);
        p.status = PaymentStatus.PENDING;
        p.createdAt = now;
        p.updatedAt = now;
        p.expiresAt = now.plus(config.linkTtl());
        return p;
    }

    private void checkUrls(InitiateRequest request) {
        Optional<String> refused = callbackPolicy.check(request.url().callbackUrl());
        if (refused.isPresent()) {
            LOG.debugf("order %s: url.callbackUrl refused (%s)", request.order().id(), refused.get());
            throw ApiException.invalidFormat("url.callbackUrl");
        }
        String returnUrl = request.url().returnUrl();
        if (returnUrl != null && !isWebUrl(returnUrl)) {
            throw ApiException.invalidFormat("url.returnUrl");
        }
    }

    /** An absolute http(s) URL with a host and no user info: safe to send a browser to. */
    static boolean isWebUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null
                    && uri.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** SHA-256 of the RFC 8785 form of the request as received: member order and spacing do not matter. */
    static String contentHash(InitiateRequest request) {
        return CanonicalJson.fingerprint(request);
    }
}
