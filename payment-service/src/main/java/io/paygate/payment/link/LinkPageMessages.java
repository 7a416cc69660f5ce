package io.paygate.payment.link;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * The texts of the payment link's page (docs/contract.md §11) that the hosted payment page's bundle ({@code msg},
 * {@code checkout.PageMessages}: the frame, the language switch, the suspended view) does not have, in English here and
 * in Bahasa Indonesia in {@code messages/lnk_id.properties}. The template writes {@code {lnk:nameLabel}};
 * {@link LinkPages} calls the bundle of the page's language for what Java words (titles, the fields' errors).
 */
@MessageBundle(value = "lnk", locale = "en")
public interface LinkPageMessages {

    // The form

    @Message("Pay {merchant}")
    String titleForm(String merchant);

    @Message("Fill in your details and continue: you choose how to pay on the next page.")
    String formLead();

    @Message("Amount to pay")
    String amountLabel();

    @Message("In rupiah, from {min} to {max}")
    String amountHint(String min, String max);

    @Message("Your name")
    String nameLabel();

    @Message("E-mail")
    String emailLabel();

    @Message("Mobile number")
    String phoneLabel();

    @Message("For example 0812 3456 7890")
    String phoneHint();

    @Message("How the shop can reach you about this payment: your e-mail, your mobile number, or both.")
    String contactLegend();

    @Message("Continue to payment")
    String continueButton();

    @Message("Link valid until {time}")
    String validUntil(String time);

    // The fields' errors

    @Message("Enter the amount to pay.")
    String amountMissing();

    @Message("Enter the amount in rupiah, digits only, for example 150000.")
    String amountMalformed();

    @Message("Enter an amount from {min} to {max}.")
    String amountOutOfRange(String min, String max);

    @Message("Enter your name.")
    String nameMissing();

    @Message("Enter your name with letters, spaces, dots, hyphens or apostrophes.")
    String nameInvalid();

    @Message("Your name is too long: at most 50 characters for your last name and 50 for the names before it.")
    String nameTooLong();

    @Message("Enter your e-mail or your mobile number.")
    String contactMissing();

    @Message("Enter an e-mail address such as budi@example.com.")
    String emailInvalid();

    @Message("Enter a mobile number such as 0812 3456 7890 or +62 812 3456 7890.")
    String phoneInvalid();

    // The link's other views

    @Message("This payment link has expired")
    String titleExpired();

    @Message("{merchant}'s link can no longer be paid. Nothing was charged. Ask {merchant} for a new link.")
    String expiredText(String merchant);

    @Message("This payment link is no longer active")
    String titleInactive();

    @Message("{merchant} has closed this link. Nothing was charged. Ask {merchant} for a new link if you still want to pay.")
    String inactiveText(String merchant);

    @Message("This payment link has been paid")
    String titlePaid();

    @Message("{merchant} has received every payment this link was for. Nothing more can be paid with it.")
    String paidText(String merchant);

    @Message("This link is being paid")
    String titleBusy();

    @Message("Someone is paying with this link right now. Please try again in a few minutes. Nothing was charged.")
    String busyText();

    @Message("Try again")
    String tryAgain();

    @Message("This link cannot be paid at the moment")
    String titleNoMethod();

    @Message("None of its payment methods is available now. Nothing was charged. Please contact {merchant}.")
    String noMethodText(String merchant);

    @Message("Payment link not found")
    String titleNotfound();

    @Message("Check the address you were given, or ask the shop for a new link.")
    String notfoundText();
}
