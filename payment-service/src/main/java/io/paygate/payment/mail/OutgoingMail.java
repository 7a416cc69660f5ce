package io.paygate.payment.mail;

import java.util.UUID;

/**
 * One mail to queue (docs/contract.md §11), written in full when its cause commits.
 *
 * @param kind        what it is; with {@code link} and {@code paymentCode}, what makes it once only
 * @param paymentCode the payment it is about, or null for the link's own mail
 * @param language    {@code en} or {@code id}
 */
public record OutgoingMail(Kind kind, UUID link, String paymentCode, String merchantId, String recipient,
                           String language, String subject, String text, String html) {

    public enum Kind {
        /** The link, to the customer the link names, when it is created. */
        LINK,
        /** The receipt of one of the link's payments, to its customer, when it is captured. */
        RECEIPT
    }
}
