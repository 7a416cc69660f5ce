package io.paygate.payment.checkout;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * The hosted page's texts about payment methods (docs/contract.md §2, §2a): the groups the page offers and each method's
 * instructions, in English here and in Bahasa Indonesia in {@code messages/method_id.properties} (same keys). Templates
 * write {@code {method:groupWallets}}; {@link MethodInstructions} and {@link MethodChoices} call the methods on the
 * bundle of the page's language. Brand names (banks, wallets, stores, apps) are not translated.
 */
@MessageBundle(value = "method", locale = "en")
public interface MethodMessages {

    // The choice of a method

    @Message("QRIS and e-wallets")
    String groupWallets();

    @Message("Bank transfer (virtual account)")
    String groupAccounts();

    @Message("Convenience store")
    String groupStores();

    @Message("Card")
    String cardChoice();

    @Message("Direct debit")
    String directDebitChoice();

    @Message("Choose another method")
    String chooseAnother();

    @Message("The payment details above stop working when you choose another method.")
    String chooseAnotherHint();

    @Message("We could not get your {method} payment details. Choose it again, or choose another method.")
    String notReady(String method);

    @Message("This payment starts a subscription: your card is stored for its next payments (or your direct-debit "
            + "account is charged for them). Only a card or direct debit can start it.")
    String subscriptionNotice();

    // Titles of the instructions

    @Message("Pay with {bank} Virtual Account")
    String titleVirtualAccount(String bank);

    @Message("Pay with Mandiri Bill Payment")
    String titleBill();

    @Message("Pay with QRIS")
    String titleQris();

    @Message("Pay with {wallet}")
    String titleWallet(String wallet);

    @Message("Pay at {store}")
    String titleStore(String store);

    // What to pay with

    @Message("Virtual account number")
    String vaNumber();

    @Message("Bank")
    String bank();

    @Message("Account name")
    String accountName();

    @Message("Amount to pay")
    String amountToPay();

    @Message("Biller code")
    String billerCode();

    @Message("Bill key")
    String billKey();

    @Message("Store")
    String store();

    @Message("Payment code")
    String paymentCode();

    @Message("Wallet account")
    String walletAccount();

    @Message("Pay exactly {amount}: the bank refuses any other amount.")
    String exactAmount(String amount);

    @Message("Copy")
    String copy();

    @Message("Copy the {what}")
    String copyLabel(String what);

    @Message("Copied")
    String copied();

    @Message("Pay before {time}")
    String payBefore(String time);

    @Message("Time left")
    String timeLeft();

    @Message("Waiting for your payment. This page updates by itself once it arrives.")
    String waiting();

    @Message("How to pay")
    String howToPay();

    // Bank transfer and bill steps

    @Message("ATM")
    String atm();

    @Message("Mobile banking ({app})")
    String mobileBanking(String app);

    @Message("Internet banking ({site})")
    String internetBanking(String site);

    @Message("Insert your {bank} card and enter your PIN.")
    String stepAtmCard(String bank);

    @Message("Open {app} and log in.")
    String stepOpenApp(String app);

    @Message("Log in to {site}.")
    String stepLogIn(String site);

    @Message("Choose {menu}.")
    String stepMenu(String menu);

    @Message("Enter the virtual account number {number}.")
    String stepEnterVa(String number);

    @Message("Enter the biller code {code}.")
    String stepEnterBiller(String code);

    @Message("Enter the bill key {key}.")
    String stepEnterBillKey(String key);

    @Message("Check that the amount is {amount} and the name is {name}, then confirm.")
    String stepCheck(String amount, String name);

    @Message("Confirm with your PIN or your bank's token.")
    String stepConfirm();

    @Message("Other Transactions > Transfer > To BCA Virtual Account")
    String atmMenuBca();

    @Message("m-Transfer > BCA Virtual Account")
    String mobileMenuBca();

    @Message("Fund Transfer > Transfer to BCA Virtual Account")
    String internetMenuBca();

    @Message("Other Menu > Transfer > Virtual Account Billing")
    String atmMenuBni();

    @Message("Transfer > Virtual Account Billing")
    String mobileMenuBni();

    @Message("Transfer > Virtual Account Billing")
    String internetMenuBni();

    @Message("Other Transactions > Payment > Other > BRIVA")
    String atmMenuBri();

    @Message("Payment > BRIVA")
    String mobileMenuBri();

    @Message("Payment > BRIVA")
    String internetMenuBri();

    @Message("Other Transactions > Payment > Other Payments > Virtual Account")
    String atmMenuPermata();

    @Message("Pay Bills > Virtual Account")
    String mobileMenuPermata();

    @Message("Payment > Virtual Account")
    String internetMenuPermata();

    @Message("Transfer > CIMB Niaga Virtual Account")
    String atmMenuCimb();

    @Message("Transfer > Virtual Account")
    String mobileMenuCimb();

    @Message("Transfer > Virtual Account")
    String internetMenuCimb();

    @Message("Pay/Buy > Others > Multi Payment")
    String atmMenuMandiri();

    @Message("Pay > Multipayment")
    String mobileMenuMandiri();

    @Message("Payment > Multi Payment")
    String internetMenuMandiri();

    // QRIS and wallets

    @Message("QRIS code that pays {amount} to {merchant}")
    String qrAlt(String amount, String merchant);

    @Message("Download the QR code")
    String downloadQr();

    @Message("Open the QR code")
    String openQr();

    @Message("Open any app that pays with QRIS: your mobile banking, GoPay, OVO, DANA, ShopeePay or LinkAja.")
    String qrisStepOpen();

    @Message("Scan this QR code. On a phone, download it and open it from your app's gallery.")
    String qrisStepScan();

    @Message("Check that it pays {amount} to {merchant}, then confirm.")
    String stepCheckPayee(String amount, String merchant);

    @Message("Open {wallet}")
    String openWallet(String wallet);

    @Message("Tap the button to open {wallet}.")
    String walletStepOpen(String wallet);

    @Message("Check the amount and approve the payment in {wallet}.")
    String walletStepApprove(String wallet);

    @Message("On a computer? Scan this QR code with {wallet} on your phone.")
    String walletDesktopQr(String wallet);

    @Message("{wallet} QR code that pays {amount} to {merchant}")
    String walletQrAlt(String wallet, String amount, String merchant);

    @Message("We sent the payment to the OVO app of {account}. Approve it there before the time runs out.")
    String ovoPushed(String account);

    @Message("Open OVO on the phone of {account}.")
    String ovoStepOpen(String account);

    @Message("Open the payment notification from {merchant}.")
    String ovoStepNotification(String merchant);

    @Message("Check the amount {amount} and approve with your PIN.")
    String ovoStepApprove(String amount);

    // Convenience stores

    @Message("Go to the cashier of any {store} store.")
    String storeStepGo(String store);

    @Message("Say you want to make a payment for {merchant} and show the payment code {code}.")
    String storeStepCode(String merchant, String code);

    @Message("Pay {amount} and keep the receipt.")
    String storeStepPay(String amount);

    // Sandbox helpers (the sandbox channel only)

    @Message("Sandbox")
    String sandbox();

    @Message("Pay it in the sandbox bank app")
    String sandboxBankApp();

    @Message("Pay it in the sandbox QRIS app")
    String sandboxQrisApp();

    @Message("Open the sandbox wallet")
    String sandboxWallet();

    @Message("Pay it at the sandbox cashier")
    String sandboxCashier();
}
