package io.paygate.kit.auth;

import io.paygate.kit.observability.LogContext;
import jakarta.enterprise.context.RequestScoped;

/**
 * The merchant the current request was authenticated as; set by {@link AuthenticationFilters} or, on SNAP paths, by
 * {@code kit.snap.SnapAuthenticationFilters}.
 */
@RequestScoped
public class CurrentMerchant {

    private Merchant merchant;

    /** For authentication filters only: the request is from {@code merchant}, its credentials verified. */
    public void set(Merchant merchant) {
        this.merchant = merchant;
        LogContext.authenticated(merchant.id());
    }

    /** The authenticated merchant. @throws IllegalStateException on an endpoint without {@link MerchantAuthenticated} */
    public Merchant get() {
        if (merchant == null) {
            throw new IllegalStateException("No authenticated merchant: is the endpoint @MerchantAuthenticated?");
        }
        return merchant;
    }
}
