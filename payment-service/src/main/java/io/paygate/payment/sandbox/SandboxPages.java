package io.paygate.payment.sandbox;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.kit.web.PageTime;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.checkout.MethodChoices;
import io.paygate.payment.checkout.MethodInstructions;
import io.paygate.payment.checkout.MethodMessages;
import io.paygate.payment.checkout.Money;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.sandbox.SandboxPageView.ChargeView;
import io.quarkus.qute.i18n.Localized;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the sandbox customer pages' views (docs/contract.md §2a "Sandbox"): the apps' forms, what a number or code pays,
 * and what a form did, worded in the page's language; a refusal by {@link SandboxRefusal#reason()}.
 */
@ApplicationScoped
public class SandboxPages {

    static final String BANK = "/pg/sandbox/bank-app";
    static final String QRIS = "/pg/sandbox/qris-app";
    static final String CASHIER = "/pg/sandbox/cashier";
    static final String WALLET = "/pg/sandbox/wallet/";

    private final Merchants merchants;
    private final GatewayTime time;
    private final SandboxPayApps apps;
    private final SandboxMessages english;
    private final SandboxMessages indonesian;
    private final MethodMessages methodsEnglish;

    SandboxPages(Merchants merchants, GatewayTime time, SandboxPayApps apps, SandboxMessages english,
                 @Localized("id") SandboxMessages indonesian, MethodMessages methodsEnglish) {
        this.merchants = merchants;
        this.time = time;
        this.apps = apps;
        this.english = english;
        this.indonesian = indonesian;
        this.methodsEnglish = methodsEnglish;
    }

    SandboxMessages messages(PageLanguage language) {
        return language == PageLanguage.ID ? indonesian : english;
    }

    /** The bank app; with {@code accountNumber}, what that virtual account or bill pays. */
    SandboxPageView bank(PageLanguage language, String accountNumber, Map<String, String> values) {
        ChargeView charge = accountNumber == null || accountNumber.isBlank() ? null
                : lookup(accountNumber.replaceAll("[\\s-]", ""), language, MethodKind.VIRTUAL_ACCOUNT,
                MethodKind.BILL_PAYMENT).orElse(null);
        Map<String, String> shown = charge == null || !values.isEmpty() ? values
                : Map.of("accountNumber", accountNumber.strip(), "amount", charge.amountValue());
        boolean unknown = charge == null && accountNumber != null && !accountNumber.isBlank();
        return form("bank", BANK, messages(language).bankTitle(), language,
                unknown ? Map.of("accountNumber", accountNumber.strip()) : shown, charge,
                unknown ? "accountNumber" : null, unknown ? messages(language).reasonUnknown() : null);
    }

    SandboxPageView qris(PageLanguage language, Map<String, String> values) {
        return form("qris", QRIS, messages(language).qrisTitle(), language, values, null, null, null);
    }

    /** The cashier; with a store code, what it pays. */
    SandboxPageView cashier(PageLanguage language, String paymentCode, Map<String, String> values) {
        ChargeView charge = paymentCode == null || paymentCode.isBlank() ? null
                : lookup(paymentCode.strip(), language, MethodKind.CONVENIENCE_STORE).orElse(null);
        Map<String, String> shown = values;
        if (charge != null && values.get("amount") == null) {
            shown = new HashMap<>(values);
            shown.put("amount", charge.amountValue());
        }
        boolean unknown = charge == null && paymentCode != null && !paymentCode.isBlank() && values.get("amount") == null;
        return form("cashier", CASHIER, messages(language).cashierTitle(), language, shown, charge,
                unknown ? "paymentCode" : null, unknown ? messages(language).reasonUnknown() : null);
    }

    /** The wallet's request for the charge {@code reference}; empty when no wallet charge has it. */
    Optional<SandboxPageView> wallet(PageLanguage language, String reference, Map<String, String> values) {
        if (!wellFormed(reference)) {
            return Optional.empty();
        }
        return lookup(reference, language, MethodKind.EWALLET, MethodKind.EWALLET_PUSH).map(charge ->
                form("wallet", WALLET + reference, messages(language).walletTitle(charge.what()), language, values,
                        charge, null, null));
    }

    /** A form shown again with what to fix in {@code field}: a malformed input (400), a wrong PIN (409). */
    SandboxPageView fix(SandboxPageView shown, String field, SandboxRefusal refusal, PageLanguage language) {
        return new SandboxPageView(shown.page(), shown.app(), shown.lang(), shown.pagePath(), shown.appPath(),
                shown.title(), shown.nonce(), shown.values(), shown.charge(), field,
                reason(refusal, messages(language), language), null, null);
    }

    /** What a form did: paid, or declined at the wallet. */
    SandboxPageView outcome(String app, String appPath, SandboxPayApps.OpenCharge charge, boolean declined,
                            PageLanguage language) {
        SandboxMessages m = messages(language);
        String merchant = merchantName(charge.merchantId());
        String amount = Money.format(charge.amount(), charge.currency(), language);
        return new SandboxPageView(declined ? "declined" : "paid", app, language.tag(), appPath, appPath,
                declined ? m.declinedTitle() : m.paidTitle(), PageHeaders.nonce(), Map.of(), view(charge, language),
                null, null, declined ? m.declinedText(merchant) : m.paidText(amount, merchant),
                "/pg/pay/" + charge.paymentCode());
    }

    /** Nothing was paid: the reason in the page's language. */
    SandboxPageView refused(String app, String appPath, SandboxRefusal refusal, PageLanguage language) {
        SandboxMessages m = messages(language);
        return new SandboxPageView("refused", app, language.tag(), appPath, appPath, m.refusedTitle(),
                PageHeaders.nonce(), Map.of(), null, null, null, m.refusedText(reason(refusal, m, language)), null);
    }

    SandboxPageView notFound(PageLanguage language) {
        SandboxMessages m = messages(language);
        return new SandboxPageView("notfound", null, language.tag(), BANK, BANK, m.notFoundTitle(),
                PageHeaders.nonce(), Map.of(), null, null, null, m.notFoundText(), null);
    }

    /** The page's HTTP status: 400 to fix a field, 409 refused, 404 unknown, 410 a wallet request no longer open. */
    static int status(SandboxPageView view, SandboxRefusal refusal) {
        if (refusal != null) {
            return switch (refusal.kind()) {
                case INVALID -> 400;
                case UNKNOWN -> 404;
                case REFUSED -> 409;
            };
        }
        if ("notfound".equals(view.page())) {
            return 404;
        }
        return "wallet".equals(view.page()) && !view.charge().open() ? 410 : 200;
    }

    private SandboxPageView form(String page, String path, String title, PageLanguage language,
                                 Map<String, String> values, ChargeView charge, String errorField, String errorText) {
        return new SandboxPageView(page, page, language.tag(), path, path, title, PageHeaders.nonce(), values, charge,
                errorField, errorText, null, null);
    }

    private Optional<ChargeView> lookup(String code, PageLanguage language, MethodKind... kinds) {
        return apps.lookup(code).filter(c -> c.method() != null && Arrays.asList(kinds)
                .contains(c.method().kind())).map(c -> view(c, language));
    }

    private ChargeView view(SandboxPayApps.OpenCharge c, PageLanguage language) {
        return new ChargeView(c.reference(), what(c.method()), merchantName(c.merchantId()),
                Money.format(c.amount(), c.currency(), language), c.amount().toPlainString(),
                c.expiresAt() == null ? null : PageTime.format(c.expiresAt(), time.zone(), language),
                c.accountId() == null ? null : MethodInstructions.maskedAccount(c.accountId()), c.open());
    }

    /** The method as a bank or store names it: {@code BCA Virtual Account}, {@code Mandiri Bill Payment}, … */
    private String what(PaymentMethod method) {
        String name = MethodChoices.name(method, methodsEnglish); // brand names read the same in both languages
        return switch (method.kind()) {
            case VIRTUAL_ACCOUNT -> name + " Virtual Account";
            case BILL_PAYMENT -> "Mandiri Bill Payment";
            default -> name;
        };
    }

    private String merchantName(String merchantId) {
        return merchantId == null ? "" : merchants.find(merchantId).map(Merchant::name).orElse(merchantId);
    }

    static boolean wellFormed(String reference) {
        return reference != null && reference.matches("[A-Za-z0-9]{1,40}");
    }

    private static String reason(SandboxRefusal refusal, SandboxMessages m, PageLanguage language) {
        return switch (refusal.reason()) {
            case UNKNOWN -> m.reasonUnknown();
            case WRONG_AMOUNT -> m.reasonWrongAmount(refusal.expectedAmount() == null ? ""
                    : Money.format(refusal.expectedAmount(), "IDR", language));
            case EXPIRED -> m.reasonExpired();
            case CANCELLED -> m.reasonCancelled();
            case DECLINED -> m.reasonDeclined();
            case ALREADY_PAID -> m.reasonAlreadyPaid();
            case WRONG_PIN -> m.reasonWrongPin();
            case QR_CHANGED -> m.reasonQrChanged();
            case INVALID_QR -> m.reasonInvalidQr();
            case INVALID -> switch (refusal.field() == null ? "" : refusal.field()) {
                case "accountNumber" -> m.invalidNumber();
                case "amount" -> m.invalidAmount();
                case "store" -> m.invalidStore();
                case "paymentCode" -> m.invalidCode();
                case "action" -> m.invalidAction();
                case "image" -> m.reasonUnreadableImage();
                default -> m.invalidPayload();
            };
        };
    }
}
