package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.RequestScoped;

/**
 * The SNAP headers of the current request, once {@link SnapAuthenticationFilters} verified them: the merchant, the
 * request's {@code X-EXTERNAL-ID} (already claimed for the merchant's day), {@code CHANNEL-ID}, the path's service code
 * and {@code lowerhex(SHA-256(minified body))} (the same body hash the signature covered; {@link SnapIdempotency}
 * compares requests by it).
 */
@RequestScoped
public class SnapRequest {

    private Merchant merchant;
    private ServiceCode service;
    private String bodyHash;
    private String externalId;
    private String channelId;

    void authenticated(Merchant merchant, ServiceCode service, String bodyHash) {
        this.merchant = merchant;
        this.service = service;
        this.bodyHash = bodyHash;
    }

    void headers(String externalId, String channelId) {
        this.externalId = externalId;
        this.channelId = channelId;
    }

    /** The authenticated merchant. */
    public Merchant merchant() {
        return required(merchant);
    }

    /** The path's SNAP service code. */
    public ServiceCode service() {
        return required(service);
    }

    /** {@code lowerhex(SHA-256(minified body))}. */
    public String bodyHash() {
        return required(bodyHash);
    }

    /** The request's {@code X-EXTERNAL-ID} (1–36 characters, new for the merchant today). */
    public String externalId() {
        return required(externalId);
    }

    /** The request's {@code CHANNEL-ID} (1–5 characters). */
    public String channelId() {
        return required(channelId);
    }

    private static <T> T required(T value) {
        if (value == null) {
            throw new IllegalStateException("No SNAP request: is the endpoint @SnapAuthenticated?");
        }
        return value;
    }
}
