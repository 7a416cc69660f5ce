package io.paygate.payment.checkout;

/**
 * The payment's merchant is suspended (docs/contract.md §10): a form of its hosted page is refused before anything is
 * read from it or changed, and the page says so ({@code 4030805}, the {@code suspended} view).
 */
public final class ShopSuspended extends RuntimeException {

    public ShopSuspended(String merchantId) {
        super("merchant " + merchantId + " is suspended", null, false, false);
    }
}
