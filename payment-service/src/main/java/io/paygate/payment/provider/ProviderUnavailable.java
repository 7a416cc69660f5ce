package io.paygate.payment.provider;

/**
 * The payment provider refused or did not answer a call a method needed (opening or cancelling a charge). Nothing
 * changed that the same request cannot repeat: it reuses the same provider order id. Answered {@code 502SS00} to a
 * merchant, and as "try again" on the hosted page.
 */
public class ProviderUnavailable extends RuntimeException {

    private final boolean refused;

    public ProviderUnavailable(String message, boolean refused) {
        super(message, null, false, false);
        this.refused = refused;
    }

    /** Whether the provider definitely refused (the method is not available), rather than failed to answer. */
    public boolean refused() {
        return refused;
    }
}
