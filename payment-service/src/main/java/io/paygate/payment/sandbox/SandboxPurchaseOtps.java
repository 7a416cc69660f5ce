package io.paygate.payment.sandbox;

import io.paygate.payment.credential.PurchaseOtps;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * The sandbox bank's one-time passwords for direct-debit purchases (docs/contract.md §1b): it "sends" the customer
 * {@code 123456}, always, as the sandbox binding page asks for.
 */
@ApplicationScoped
public class SandboxPurchaseOtps implements PurchaseOtps {

    static final String CODE = "123456";
    private static final Logger LOG = Logger.getLogger(SandboxPurchaseOtps.class);

    @Override
    public String send(String merchantId, String paymentCode, String bindingId) {
        LOG.debugf("sandbox bank: OTP for payment %s (binding %s) sent", paymentCode, bindingId);
        return CODE;
    }
}
