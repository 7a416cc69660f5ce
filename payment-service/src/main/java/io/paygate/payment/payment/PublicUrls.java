package io.paygate.payment.payment;

import jakarta.inject.Singleton;

/**
 * Absolute URLs customers and merchants are given (the hosted page, QR images, sandbox pages): always from
 * {@code gateway.payment.public-base-url}, or this process's own address when unset (the local stack), never from a
 * request's {@code Host}.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class PublicUrls {

    private final PaymentConfig config;

    PublicUrls(PaymentConfig config) {
        this.config = config;
    }

    /** Scheme, host and port, without a trailing slash. */
    public String base() {
        return config.publicBaseUrl().map(url -> url.replaceAll("/+$", "")).orElseGet(SelfAddress::baseUrl);
    }

    /** The hosted page of a payment: the initiation's {@code redirecturl}. */
    public String page(String paymentCode) {
        return base() + "/pg/pay/" + paymentCode;
    }

    /** The QR image of a payment's open charge (docs/contract.md §2a). */
    public String qrImage(String paymentCode) {
        return page(paymentCode) + "/qr.png";
    }
}
