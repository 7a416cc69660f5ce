package io.paygate.payment.payment;

/**
 * The seam between the payment core and payment links (docs/contract.md §11), implemented by the {@code link} room, so
 * that the doors where a merchant names its own order id (initiation, SNAP) refuse one of a link's without depending
 * on links.
 */
public interface LinkOrders {

    /**
     * Whether {@code orderId} has the form {@code <link.id>-<n>} (n ≥ 1) of one of the merchant's payment links: the
     * order ids its link page gives its payments, never the merchant's to take.
     */
    boolean isLinkOrderId(String merchantId, String orderId);
}
