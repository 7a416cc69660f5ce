package io.paygate.payment.link;

/**
 * What a link's e-mail shows (templates {@code mail/link.*} and {@code mail/receipt.*}), formatted for its language;
 * never a card number or a secret. Members a kind does not show are null.
 *
 * @param lang        {@code en} or {@code id}: the HTML's {@code lang}
 * @param name        the customer's first name
 * @param url         the link's page (the link's mail)
 * @param validUntil  the link's expiry (the link's mail)
 * @param method      how the customer paid (the receipt)
 * @param time        when the payment was captured (the receipt)
 * @param orderId     the payment's order id, {@code <link.id>-<n>} (the receipt)
 */
public record LinkMailView(String lang, String name, String merchant, String description, String amount, String url,
                           String validUntil, String method, String time, String orderId) {
}
