package io.paygate.payment.link;

import io.paygate.payment.payment.LinkOrders;
import jakarta.inject.Singleton;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@link LinkOrders}: {@code <link.id>-<n>} of a link the merchant has (any status: its ids stay the link's). */
@Singleton
public class LinkOrderIds implements LinkOrders {

    /** A link id (1–50, docs/contract.md §11), {@code -}, n ≥ 1: the longest link id before the last dash. */
    private static final Pattern LINK_ORDER_ID = Pattern.compile("^(.{1,50})-[1-9][0-9]{0,8}$");

    private final PaymentLinks links;

    LinkOrderIds(PaymentLinks links) {
        this.links = links;
    }

    @Override
    public boolean isLinkOrderId(String merchantId, String orderId) {
        Matcher m = orderId == null ? null : LINK_ORDER_ID.matcher(orderId);
        return m != null && m.matches() && links.exists(merchantId, m.group(1));
    }
}
