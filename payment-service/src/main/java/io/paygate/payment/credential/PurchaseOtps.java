package io.paygate.payment.credential;

/**
 * The seam to whoever sends a direct-debit purchase's one-time password to the customer (the binding's bank, by SMS
 * or its app; docs/contract.md §1b). This build's only sender is the sandbox bank's, whose code is always
 * {@code 123456}; credential code never names it. The gateway keeps only a keyed hash of what was sent.
 */
public interface PurchaseOtps {

    /**
     * Sends the customer of binding {@code bindingId} a new one-time password for payment {@code paymentCode}.
     *
     * @return the code sent, for the gateway to check the customer's answer against
     */
    String send(String merchantId, String paymentCode, String bindingId);
}
