package io.paygate.payment.link;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageLanguage;
import io.paygate.kit.web.PageTime;
import io.paygate.model.api.Customer;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.checkout.MethodChoices;
import io.paygate.payment.checkout.MethodMessages;
import io.paygate.payment.checkout.Money;
import io.paygate.payment.mail.MailOutbox;
import io.paygate.payment.mail.OutgoingMail;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMails;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.i18n.Localized;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The e-mail of payment links (docs/contract.md §11), queued in the transaction that causes it and sent later by
 * {@code mail.MailSender}: the link to the customer the link names, when it is created with {@code notify.email}
 * (in Bahasa Indonesia: nobody has chosen a language yet), and the receipt when one of its payments is captured, to
 * that payment's customer, in the language the customer read the link's page in ({@code payment_link_use.language}).
 * Plain text and HTML, from {@code templates/mail/*} and {@link LinkMailMessages}; never a card number or a secret.
 */
@ApplicationScoped
public class LinkMails implements PaymentMails {

    /** The language of the link's own mail: the customer has not opened the page yet. */
    static final PageLanguage LINK_LANGUAGE = PageLanguage.ID;

    private final MailOutbox outbox;
    private final PaymentLinks links;
    private final LinkReplies replies;
    private final Merchants merchants;
    private final GatewayTime time;
    private final LinkMailMessages english;
    private final LinkMailMessages indonesian;
    private final MethodMessages methodsEnglish;
    private final MethodMessages methodsIndonesian;
    private final Template linkText;
    private final Template linkHtml;
    private final Template receiptText;
    private final Template receiptHtml;

    LinkMails(MailOutbox outbox, PaymentLinks links, LinkReplies replies, Merchants merchants, GatewayTime time,
              LinkMailMessages english, @Localized("id") LinkMailMessages indonesian, MethodMessages methodsEnglish,
              @Localized("id") MethodMessages methodsIndonesian, @Location("mail/link.txt") Template linkText,
              @Location("mail/link.html") Template linkHtml, @Location("mail/receipt.txt") Template receiptText,
              @Location("mail/receipt.html") Template receiptHtml) {
        this.outbox = outbox;
        this.links = links;
        this.replies = replies;
        this.merchants = merchants;
        this.time = time;
        this.english = english;
        this.indonesian = indonesian;
        this.methodsEnglish = methodsEnglish;
        this.methodsIndonesian = methodsIndonesian;
        this.linkText = linkText;
        this.linkHtml = linkHtml;
        this.receiptText = receiptText;
        this.receiptHtml = receiptHtml;
    }

    /** The link {@code l} was just inserted (in the caller's transaction): its mail, if it asks for one. */
    void created(LinkRow l) {
        Customer customer = LinkReplies.customer(l);
        if (!l.notifyEmail() || customer == null || customer.email() == null) {
            return;
        }
        PageLanguage language = LINK_LANGUAGE;
        String merchant = merchantName(l.merchantId());
        LinkMailView view = new LinkMailView(language.tag(), customer.firstName(), merchant, l.description(),
                amount(l, language), replies.page(l.linkCode()),
                PageTime.format(l.expiresAt(), time.zone(), language), null, null, null);
        outbox.enqueue(new OutgoingMail(OutgoingMail.Kind.LINK, l.id(), null, l.merchantId(), customer.email(),
                language.tag(), messages(language).linkSubject(merchant), render(linkText, view, language),
                render(linkHtml, view, language)), time.now());
    }

    /** A payment moved to a notified state: a link payment just captured gets its receipt, if the link asks. */
    @Override
    public void changed(PaymentEntity payment, PaymentStatus previous) {
        if (payment.linkId == null || payment.status != PaymentStatus.CAPTURED || payment.customer == null) {
            return; // no link's payment (every other payment's every move passes here): nothing read, nothing parsed
        }
        Customer customer = Json.read(payment.customer, Customer.class);
        if (customer.email() == null) {
            return;
        }
        PaymentLinks.Use use = links.useOf(payment.paymentCode).orElse(null);
        if (use == null || !use.link().notifyEmail()) {
            return;
        }
        LinkRow l = use.link();
        PageLanguage language = use.language();
        String merchant = merchantName(payment.merchantId);
        String amount = Money.format(payment.amount, payment.currency, language);
        Instant captured = payment.updatedAt != null ? payment.updatedAt : time.now();
        LinkMailView view = new LinkMailView(language.tag(), customer.firstName(), merchant, l.description(), amount,
                null, null, payment.method == null ? "-" : MethodChoices.name(payment.method, methods(language)),
                PageTime.format(captured, time.zone(), language), payment.orderId);
        outbox.enqueue(new OutgoingMail(OutgoingMail.Kind.RECEIPT, l.id(), payment.paymentCode, payment.merchantId,
                customer.email(), language.tag(), messages(language).receiptSubject(amount, merchant),
                render(receiptText, view, language), render(receiptHtml, view, language)), time.now());
    }

    private String amount(LinkRow l, PageLanguage language) {
        if (l.amount() != null) {
            return Money.format(l.amount(), l.currency(), language);
        }
        return messages(language).amountRange(money(l.minAmount(), l, language), money(l.maxAmount(), l, language));
    }

    private static String money(BigDecimal amount, LinkRow l, PageLanguage language) {
        return Money.format(amount, l.currency(), language);
    }

    private String merchantName(String merchantId) {
        return merchants.find(merchantId).map(Merchant::name).orElse(merchantId);
    }

    private LinkMailMessages messages(PageLanguage language) {
        return language == PageLanguage.ID ? indonesian : english;
    }

    private MethodMessages methods(PageLanguage language) {
        return language == PageLanguage.ID ? methodsIndonesian : methodsEnglish;
    }

    private static String render(Template template, LinkMailView view, PageLanguage language) {
        return template.data("v", view).setLocale(language.locale()).render();
    }
}
