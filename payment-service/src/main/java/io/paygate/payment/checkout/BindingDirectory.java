package io.paygate.payment.checkout;

import java.util.List;

/**
 * Where the hosted page learns a customer's ACTIVE direct-debit bindings (docs/contract.md §2). binding-service provides
 * the implementation ({@code RemoteBindingDirectory}); when it is down the page offers card only.
 */
public interface BindingDirectory {

    /** The ACTIVE bindings of {@code customerId} at {@code merchantId}; empty when none or unknown. */
    List<ActiveBinding> activeBindings(String merchantId, String customerId);

    /**
     * One ACTIVE binding as the page shows it.
     *
     * @param bindingId         what the direct-debit form posts
     * @param sourceOfFundsType e.g. {@code BCA_DD}
     * @param label             what the customer sees, e.g. {@code BCA direct debit}
     */
    record ActiveBinding(String bindingId, String sourceOfFundsType, String label) {
    }
}
