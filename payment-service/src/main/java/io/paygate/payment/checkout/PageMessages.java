package io.paygate.payment.checkout;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Every text of the hosted payment page (docs/contract.md §2), in English here and in Bahasa Indonesia in
 * {@code messages/msg_id.properties}, each keyed by its method's name. Templates write {@code {msg:cardNumber}}, Java
 * calls the method on the bundle of the page's language ({@link PageViews}). A message is a Qute
 * template over its parameters. To add one: a method here with its English text, the same key in
 * {@code msg_id.properties} (PageMessagesTest fails until every key is translated and uses the same parameters).
 */
@MessageBundle(value = "msg", locale = "en")
public interface PageMessages {

    // The page's frame

    @Message("Secure payment")
    String securePayment();

    @Message("Language")
    String languageSwitch();

    @Message("English")
    String languageEn();

    @Message("Bahasa Indonesia")
    String languageId();

    @Message("Ref. {code}")
    String reference(String code);

    @Message("Time left to pay:")
    String timeLeftLabel();

    @Message("Pay before {time}")
    String payBefore(String time);

    @Message("less than a minute")
    String timeLeftUnderMinute();

    @Message("{minutes} min")
    String timeLeftMinutes(String minutes);

    @Message("{hours} h {minutes} min")
    String timeLeftHours(String hours, String minutes);

    @Message("expired")
    String timeLeftNone();

    // Titles, one per view

    @Message("Complete your payment")
    String titlePay();

    @Message("Verify with your bank")
    String titleChallenge();

    @Message("Processing your payment")
    String titleProcessing();

    @Message("Payment successful")
    String titleCaptured();

    @Message("Payment failed")
    String titleFailed();

    @Message("This payment link has expired")
    String titleExpired();

    @Message("Payment not found")
    String titleNotfound();

    @Message("Temporarily unavailable")
    String titleUnavailable();

    @Message("Something went wrong")
    String titleError();

    @Message("This shop cannot take payments right now")
    String titleSuspended();

    // The card and direct-debit forms

    @Message("Please check the highlighted fields.")
    String errorSummary();

    @Message("Pay by card")
    String cardHeading();

    @Message("Cards accepted")
    String cardsAccepted();

    @Message("Card number")
    String cardNumber();

    @Message("Expiry date")
    String expiryDate();

    @Message("Month")
    String expiryMonth();

    @Message("MM")
    String expiryMonthHint();

    @Message("Year")
    String expiryYear();

    @Message("YYYY")
    String expiryYearHint();

    @Message("Security code")
    String cvv();

    @Message("3 digits on the back, 4 on the front for Amex")
    String cvvHint();

    @Message("Name on card")
    String cardholderName();

    @Message("Save this card for my next payments")
    String saveCard();

    @Message("We keep only a token, the masked number and the expiry, never the full number or the security code.")
    String saveCardHint();

    @Message("Pay {amount}")
    String payButton(String amount);

    @Message("Pay by direct debit")
    String directDebitHeading();

    @Message("Your linked accounts")
    String directDebitAccounts();

    @Message("{bank} direct debit")
    String directDebitAccount(String bank);

    @Message("Pay {amount} by direct debit")
    String directDebitButton(String amount);

    // Why a submission was refused (checkout.Refusal)

    @Message("Enter a valid card number.")
    String cardNumberInvalid();

    @Message("Enter the expiry month, 01 to 12.")
    String expiryMonthInvalid();

    @Message("Enter the expiry year, e.g. {example}.")
    String expiryYearInvalid(String example);

    @Message("This card has expired.")
    String cardExpired();

    @Message("Check the expiry year.")
    String expiryYearTooFar();

    @Message("Enter the 3-digit security code.")
    String cvvThreeDigits();

    @Message("Enter the 4-digit security code.")
    String cvvFourDigits();

    @Message("Enter the name on the card.")
    String cardholderNameMissing();

    @Message("Direct debit is not available for this payment. Pay by card.")
    String directDebitUnavailable();

    @Message("This direct debit account is not available. Choose another method.")
    String bindingUnavailable();

    @Message("Enter the code from your bank: 4 to 8 digits.")
    String otpMalformed();

    // 3-D Secure

    @Message("Your bank asks you to approve {amount} with the card {card} on its own page.")
    String challengeAtProvider(String amount, String card);

    @Message("Continue to your bank")
    String challengeContinue();

    @Message("Did not finish at your bank?")
    String challengeNotFinished();

    @Message("Your bank sent a one-time code for the card {card}. Enter it to approve {amount}.")
    String challengeOtpIntro(String amount, String card);

    @Message("One-time code")
    String otpLabel();

    @Message("Sandbox: the code is 123456.")
    String otpSandboxHint();

    @Message("Verify")
    String otpButton();

    // Processing and the results

    @Message("Please keep this page open. It updates by itself.")
    String processingKeepOpen();

    @Message("Check again")
    String checkAgain();

    @Message("{merchant} has received {amount}.")
    String capturedReceived(String merchant, String amount);

    @Message("Paid with card {card}.")
    String capturedCard(String card);

    @Message("Return to {merchant}")
    String returnTo(String merchant);

    @Message("Back to {merchant}")
    String backTo(String merchant);

    @Message("Taking you back to {merchant} in {seconds} seconds.")
    String autoReturn(String merchant, String seconds);

    @Message("Taking you back to {merchant} in 1 second.")
    String autoReturnOne(String merchant);

    @Message("Stay on this page")
    String stayHere();

    @Message("You will stay on this page.")
    String autoReturnStopped();

    @Message("{reason}. You have not been charged.")
    String failedReason(String reason);

    @Message("The payment was not completed. You have not been charged.")
    String failedNoReason();

    @Message("Card declined")
    String reasonCardDeclined();

    @Message("Insufficient funds")
    String reasonInsufficientFunds();

    @Message("3-D Secure authentication failed")
    String reasonThreeDsFailed();

    @Message("Not decided by the provider")
    String reasonNotDecided();

    @Message("You declined the payment")
    String reasonDeclinedByCustomer();

    @Message("The time to pay has passed. Ask {merchant} for a new payment link.")
    String expiredText(String merchant);

    @Message("This payment was cancelled")
    String titleCancelled();

    @Message("{merchant} cancelled this payment. Nothing will be charged. Ask {merchant} for a new payment link.")
    String cancelledText(String merchant);

    @Message("This payment method is not available. Choose another one.")
    String methodUnavailable();

    @Message("This wallet needs the account the merchant named. Choose another method.")
    String methodNeedsAccount();

    @Message("This payment method is not available right now. Choose another one.")
    String methodRefusedByProvider();

    @Message("The payment provider did not answer. Please try again.")
    String providerDidNotAnswer();

    @Message("This payment link is not valid. Check the link you were given, or ask the shop for a new one.")
    String notfoundText();

    @Message("We could not complete this request. Nothing was charged. Please try again in a moment.")
    String errorText();

    @Message("The shop cannot take payments at the moment. Nothing was charged. Please contact the shop.")
    String suspendedText();

    @Message("Code {code}")
    String responseCode(String code);
}
