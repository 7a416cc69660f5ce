package io.paygate.payment.sandbox;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * The texts of the sandbox's customer pages (docs/contract.md §2a "Sandbox": bank app, QRIS app, wallet, cashier), in English
 * here and in Bahasa Indonesia in {@code messages/sbx_id.properties}. The template writes {@code {sbx:bankTitle}};
 * {@link SandboxPages} calls the bundle of the page's language for what Java words (refusals, outcomes).
 */
@MessageBundle(value = "sbx", locale = "en")
public interface SandboxMessages {

    @Message("Sandbox")
    String sandbox();

    @Message("No real money moves: this page stands in for a customer's bank, QRIS app or wallet, or a store's cashier.")
    String banner();

    @Message("Sandbox pages")
    String appsNav();

    @Message("Bank app")
    String navBank();

    @Message("QRIS app")
    String navQris();

    @Message("Cashier")
    String navCashier();

    // The bank app

    @Message("Sandbox bank app")
    String bankTitle();

    @Message("Pay a virtual account or a Mandiri bill by its number.")
    String bankIntro();

    @Message("Virtual account number or Mandiri bill key")
    String accountNumber();

    @Message("Look up")
    String lookUp();

    @Message("Amount")
    String amount();

    @Message("in rupiah, e.g. 150000")
    String amountHint();

    @Message("Pay")
    String pay();

    // What a number or code pays

    @Message("What you pay")
    String chargeHeading();

    @Message("To")
    String payee();

    @Message("For")
    String method();

    @Message("Amount")
    String chargeAmount();

    @Message("Valid until")
    String validUntil();

    @Message("Account")
    String account();

    @Message("This code no longer takes payments (paid, expired or cancelled).")
    String notOpen();

    // The QRIS app

    @Message("Sandbox QRIS app")
    String qrisTitle();

    @Message("Pay a QRIS code: paste its text as a scanner reads it, or upload the QR image saved from the payment page.")
    String qrisIntro();

    @Message("QRIS code text")
    String payload();

    @Message("or the QR image")
    String image();

    @Message("PNG or JPEG, up to 60 KB")
    String imageHint();

    // The wallet

    @Message("Sandbox {wallet}")
    String walletTitle(String wallet);

    @Message("{merchant} asks you to pay {amount}.")
    String walletIntro(String merchant, String amount);

    @Message("PIN")
    String pin();

    @Message("Sandbox PIN: 123456")
    String pinHint();

    @Message("Approve and pay")
    String approve();

    @Message("Decline")
    String decline();

    // The cashier

    @Message("Sandbox cashier")
    String cashierTitle();

    @Message("Take a payment code at a convenience store.")
    String cashierIntro();

    @Message("Store")
    String store();

    @Message("Payment code")
    String paymentCode();

    @Message("Take payment")
    String takePayment();

    // Outcomes

    @Message("Payment successful")
    String paidTitle();

    @Message("Paid {amount} to {merchant}. The payment page updates by itself.")
    String paidText(String amount, String merchant);

    @Message("Payment declined")
    String declinedTitle();

    @Message("You declined the payment to {merchant}. Nothing was paid.")
    String declinedText(String merchant);

    @Message("Not paid")
    String refusedTitle();

    @Message("{reason} Nothing was paid.")
    String refusedText(String reason);

    @Message("Back to the payment page")
    String backToPaymentPage();

    @Message("Make another payment")
    String another();

    @Message("Not found")
    String notFoundTitle();

    @Message("This sandbox page does not exist.")
    String notFoundText();

    @Message("Please check the highlighted field.")
    String fixField();

    // Why nothing was paid (sandbox.SandboxRefusal)

    @Message("No open payment has this number or code.")
    String reasonUnknown();

    @Message("Wrong amount: this code takes exactly {amount}.")
    String reasonWrongAmount(String amount);

    @Message("This payment code has expired.")
    String reasonExpired();

    @Message("This payment code was cancelled.")
    String reasonCancelled();

    @Message("This payment was declined.")
    String reasonDeclined();

    @Message("This payment code is already paid.")
    String reasonAlreadyPaid();

    @Message("Wrong PIN.")
    String reasonWrongPin();

    @Message("This QR code was changed. Scan the one on the payment page.")
    String reasonQrChanged();

    @Message("This is not a valid QRIS code: its format or its check digits (CRC) are wrong.")
    String reasonInvalidQr();

    @Message("No QR code could be read in this image.")
    String reasonUnreadableImage();

    @Message("Enter the number shown on the payment page (digits only).")
    String invalidNumber();

    @Message("Enter the amount in rupiah, e.g. 150000.")
    String invalidAmount();

    @Message("Choose Alfamart or Indomaret.")
    String invalidStore();

    @Message("Enter the payment code shown on the payment page.")
    String invalidCode();

    @Message("Paste a QRIS code, or upload its image.")
    String invalidPayload();

    @Message("Approve or decline the payment.")
    String invalidAction();
}
