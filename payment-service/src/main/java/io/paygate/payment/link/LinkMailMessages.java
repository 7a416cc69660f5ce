package io.paygate.payment.link;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Every text of the payment links' e-mail (docs/contract.md §11), in English here and in Bahasa Indonesia in
 * {@code messages/mail_id.properties}, each keyed by its method's name; the templates {@code templates/mail/*} write
 * {@code {mail:amount}}, Java calls the subjects on the bundle of the mail's language ({@link LinkMails}). To add one:
 * a method here with its English text and the same key in {@code mail_id.properties} (LinkMailMessagesTest fails until
 * every key is translated with the same parameters).
 */
@MessageBundle(value = "mail", locale = "en")
public interface LinkMailMessages {

    @Message("Payment request from {merchant}")
    String linkSubject(String merchant);

    @Message("Receipt: {amount} to {merchant}")
    String receiptSubject(String amount, String merchant);

    @Message("Hello {name},")
    String greeting(String name);

    @Message("{merchant} asks you to pay for the following. Open the link to choose how to pay.")
    String linkIntro(String merchant);

    @Message("Thank you. Your payment to {merchant} was received.")
    String receiptIntro(String merchant);

    @Message("Merchant")
    String merchant();

    @Message("Description")
    String description();

    @Message("Amount")
    String amount();

    @Message("{min} to {max} (you choose)")
    String amountRange(String min, String max);

    @Message("Pay here")
    String payHere();

    @Message("Pay now")
    String payNow();

    @Message("Valid until")
    String validUntil();

    @Message("Payment method")
    String method();

    @Message("Time")
    String time();

    @Message("Order ID")
    String orderId();

    @Message("If you did not expect this request, you can ignore this e-mail.")
    String ignore();

    @Message("Keep this e-mail as your receipt.")
    String keep();

    @Message("Sent by paygate on behalf of {merchant}. Please do not reply to this e-mail.")
    String sentBy(String merchant);
}
