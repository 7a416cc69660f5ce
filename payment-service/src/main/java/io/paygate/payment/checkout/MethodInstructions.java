package io.paygate.payment.checkout;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.checkout.Instructions.Detail;
import io.paygate.payment.checkout.Instructions.StepGroup;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The instructions of a payment's open charge (docs/contract.md §2a "Choosing on the page"), worded in the page's language:
 * the number with the bank's steps for a virtual account, biller code and bill key for a Mandiri bill, the QR for
 * QRIS, the app button (and the QR on a desktop) for a wallet, the push for OVO, the code and the cashier's steps for a
 * store. Only what the provider gave is shown; nothing else of the payment is repeated into the page.
 */
public final class MethodInstructions {

    /** The bank's own apps, as their customers know them: mobile app, internet banking. */
    private record BankApps(String app, String site) {
    }

    private MethodInstructions() {
    }

    /**
     * @param c          the payment, PENDING with an open charge
     * @param merchant   the merchant's name
     * @param amount     the amount as the page writes it
     * @param expiresAt  the charge's expiry as the page writes it
     * @param left       time left until then
     * @param sandbox    whether the charge is the sandbox provider's (its pages pay it)
     */
    static Instructions of(Checkout c, String merchant, String amount, String expiresAt, Duration left,
                           boolean sandbox, MethodMessages m) {
        Checkout.OpenCharge charge = c.charge();
        PaymentMethod method = charge.method();
        String name = MethodChoices.name(method, m);
        String pay = m.payBefore(expiresAt);
        long until = charge.expiresAt() == null ? c.expiresAt().toEpochMilli() : charge.expiresAt().toEpochMilli();
        String countdown = countdown(left);
        return switch (method.kind()) {
            case VIRTUAL_ACCOUNT -> new Instructions(method.name(), "va", m.titleVirtualAccount(name),
                    m.exactAmount(amount), List.of(
                            new Detail("pay-number", m.vaNumber(), charge.payCode(), true, true,
                                    m.copyLabel(lower(m.vaNumber()))),
                            new Detail("bank-name", m.bank(), name, false, false, null),
                            new Detail("account-name", m.accountName(), merchant, false, false, null),
                            new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                    null, null, null, false, null, null, null,
                    bankSteps(method, charge.payCode(), amount, merchant, m), pay, until, countdown,
                    sandbox ? "/pg/sandbox/bank-app?accountNumber=" + query(charge.payCode()) : null,
                    sandbox ? m.sandboxBankApp() : null);
            case BILL_PAYMENT -> new Instructions(method.name(), "bill", m.titleBill(), m.exactAmount(amount),
                    List.of(new Detail("biller-code", m.billerCode(), charge.billerCode(), true, false,
                                    m.copyLabel(lower(m.billerCode()))),
                            new Detail("pay-number", m.billKey(), charge.payCode(), true, true,
                                    m.copyLabel(lower(m.billKey()))),
                            new Detail("account-name", m.accountName(), merchant, false, false, null),
                            new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                    null, null, null, false, null, null, null,
                    billSteps(charge.billerCode(), charge.payCode(), amount, merchant, m), pay, until, countdown,
                    sandbox ? "/pg/sandbox/bank-app?accountNumber=" + query(charge.payCode()) : null,
                    sandbox ? m.sandboxBankApp() : null);
            case QR -> new Instructions(method.name(), "qr", m.titleQris(), null,
                    List.of(new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                    qrUrl(c), m.qrAlt(amount, merchant), null, false,
                    charge.hasQr() ? "qris-" + c.paymentCode() + ".png" : null,
                    charge.hasQr() ? null : link(charge.providerQrUrl()), m.openQr(),
                    List.of(new StepGroup("steps-qris", m.howToPay(), List.of(m.qrisStepOpen(), m.qrisStepScan(),
                            m.stepCheckPayee(amount, merchant)))),
                    pay, until, countdown, sandbox ? "/pg/sandbox/qris-app" : null,
                    sandbox ? m.sandboxQrisApp() : null);
            case EWALLET -> new Instructions(method.name(), "wallet", m.titleWallet(name), null,
                    List.of(new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                    method.hasQr() ? qrUrl(c) : null, m.walletQrAlt(name, amount, merchant),
                    m.walletDesktopQr(name), true, null, link(charge.appUrl()), m.openWallet(name),
                    List.of(new StepGroup("steps-wallet", m.howToPay(), List.of(m.walletStepOpen(name),
                            m.walletStepApprove(name)))),
                    pay, until, countdown, null, null);
            case EWALLET_PUSH -> {
                String account = maskedAccount(c.accountId());
                yield new Instructions(method.name(), "push", m.titleWallet(name), m.ovoPushed(account),
                        List.of(new Detail("wallet-account", m.walletAccount(), account, false, false, null),
                                new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                        null, null, null, false, null, null, null,
                        List.of(new StepGroup("steps-push", m.howToPay(), List.of(m.ovoStepOpen(account),
                                m.ovoStepNotification(merchant), m.ovoStepApprove(amount)))),
                        pay, until, countdown, sandbox ? "/pg/sandbox/wallet/" + query(charge.reference()) : null,
                        sandbox ? m.sandboxWallet() : null);
            }
            case CONVENIENCE_STORE -> new Instructions(method.name(), "store", m.titleStore(name), null,
                    List.of(new Detail("store-name", m.store(), name, false, false, null),
                            new Detail("pay-number", m.paymentCode(), charge.payCode(), true, true,
                                    m.copyLabel(lower(m.paymentCode()))),
                            new Detail("amount-to-pay", m.amountToPay(), amount, false, false, null)),
                    null, null, null, false, null, null, null,
                    List.of(new StepGroup("steps-store", m.howToPay(), List.of(m.storeStepGo(name),
                            m.storeStepCode(merchant, charge.payCode()), m.storeStepPay(amount)))),
                    pay, until, countdown,
                    sandbox ? "/pg/sandbox/cashier?store=" + method.name() + "&paymentCode=" + query(charge.payCode())
                            : null,
                    sandbox ? m.sandboxCashier() : null);
            case CARD, BOUND_ACCOUNT -> throw new IllegalArgumentException(method + " opens no charge");
        };
    }

    /**
     * The QR image the gateway draws from the charge's payload ({@code /pg/pay/{code}/qr.png}); null without one. A QR
     * only the provider serves is not an image here (the page loads images from the gateway only): the app button, or
     * the provider's link, pays.
     */
    private static String qrUrl(Checkout c) {
        return c.charge().hasQr() ? "/pg/pay/" + c.paymentCode() + "/qr.png" : null;
    }

    /**
     * A link the provider gave (a wallet's app link), or null when it could run script or carry a document in the page
     * ({@code javascript:}, {@code data:} …): the provider is a boundary like any other.
     */
    static String link(String url) {
        if (url == null) {
            return null;
        }
        int colon = url.indexOf(':');
        String scheme = colon > 0 ? url.substring(0, colon).toLowerCase(Locale.ROOT) : "";
        boolean safe = scheme.matches("[a-z][a-z0-9+.-]*")
                && !List.of("javascript", "data", "vbscript", "file", "blob").contains(scheme);
        return safe && url.length() <= 2048 ? url : null;
    }

    private static List<StepGroup> bankSteps(PaymentMethod method, String number, String amount, String merchant,
                                             MethodMessages m) {
        String bank = MethodChoices.bankName(method.institution());
        BankApps apps = apps(method);
        String[] menus = menus(method, m);
        String enter = m.stepEnterVa(Instructions.grouped(number));
        String check = m.stepCheck(amount, merchant);
        return List.of(
                new StepGroup("steps-atm", m.atm(), List.of(m.stepAtmCard(bank), m.stepMenu(menus[0]), enter,
                        check)),
                new StepGroup("steps-mobile", m.mobileBanking(apps.app()), List.of(m.stepOpenApp(apps.app()),
                        m.stepMenu(menus[1]), enter, check, m.stepConfirm())),
                new StepGroup("steps-internet", m.internetBanking(apps.site()), List.of(m.stepLogIn(apps.site()),
                        m.stepMenu(menus[2]), enter, check, m.stepConfirm())));
    }

    private static List<StepGroup> billSteps(String billerCode, String billKey, String amount, String merchant,
                                             MethodMessages m) {
        BankApps apps = apps(PaymentMethod.VA_MANDIRI);
        String biller = m.stepEnterBiller(billerCode);
        String key = m.stepEnterBillKey(Instructions.grouped(billKey));
        String check = m.stepCheck(amount, merchant);
        return List.of(
                new StepGroup("steps-atm", m.atm(), List.of(m.stepAtmCard("Mandiri"),
                        m.stepMenu(m.atmMenuMandiri()), biller, key, check)),
                new StepGroup("steps-mobile", m.mobileBanking(apps.app()), List.of(m.stepOpenApp(apps.app()),
                        m.stepMenu(m.mobileMenuMandiri()), biller, key, check, m.stepConfirm())),
                new StepGroup("steps-internet", m.internetBanking(apps.site()), List.of(m.stepLogIn(apps.site()),
                        m.stepMenu(m.internetMenuMandiri()), biller, key, check, m.stepConfirm())));
    }

    private static BankApps apps(PaymentMethod method) {
        return switch (method) {
            case VA_BCA -> new BankApps("BCA mobile", "KlikBCA");
            case VA_BNI -> new BankApps("BNI Mobile Banking", "BNI Internet Banking");
            case VA_BRI -> new BankApps("BRImo", "BRI Internet Banking");
            case VA_PERMATA -> new BankApps("PermataMobile X", "PermataNet");
            case VA_CIMB -> new BankApps("OCTO Mobile", "OCTO Clicks");
            default -> new BankApps("Livin' by Mandiri", "Mandiri Internet Banking");
        };
    }

    /** The bank's menu paths: ATM, mobile app, internet banking. */
    private static String[] menus(PaymentMethod method, MethodMessages m) {
        return switch (method) {
            case VA_BCA -> new String[]{m.atmMenuBca(), m.mobileMenuBca(), m.internetMenuBca()};
            case VA_BNI -> new String[]{m.atmMenuBni(), m.mobileMenuBni(), m.internetMenuBni()};
            case VA_BRI -> new String[]{m.atmMenuBri(), m.mobileMenuBri(), m.internetMenuBri()};
            case VA_PERMATA -> new String[]{m.atmMenuPermata(), m.mobileMenuPermata(), m.internetMenuPermata()};
            default -> new String[]{m.atmMenuCimb(), m.mobileMenuCimb(), m.internetMenuCimb()};
        };
    }

    /**
     * The wallet account as the page shows it: anyone holding the link sees it, so the middle digits are hidden
     * ({@code +6281234567890} → {@code +62812****7890}).
     */
    public static String maskedAccount(String account) {
        if (account == null) {
            return "";
        }
        if (account.length() < 10) {
            return account.length() <= 4 ? "****" : "****" + account.substring(account.length() - 4);
        }
        return account.substring(0, 6) + "****" + account.substring(account.length() - 4);
    }

    /** {@code h:mm:ss} or {@code mm:ss} left, what the live countdown starts from. */
    static String countdown(Duration left) {
        long seconds = Math.max(0, left.toSeconds());
        long h = seconds / 3600;
        long mm = (seconds % 3600) / 60;
        long ss = seconds % 60;
        return h > 0 ? "%d:%02d:%02d".formatted(h, mm, ss) : "%02d:%02d".formatted(mm, ss);
    }

    /** A label inside a sentence ("Copy the virtual account number"). */
    private static String lower(String label) {
        return label.toLowerCase(Locale.ROOT);
    }

    private static String query(String value) {
        return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
    }
}
