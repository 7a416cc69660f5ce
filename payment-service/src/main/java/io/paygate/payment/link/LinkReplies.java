package io.paygate.payment.link;

import io.paygate.model.api.Customer;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.LinkNotify;
import io.paygate.model.api.link.LinkPayment;
import io.paygate.model.api.link.LinkStatusResponse;
import io.paygate.model.json.Json;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PublicUrls;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** A link's replies (docs/contract.md §11): its page's address, its WhatsApp share link, its members and totals. */
@Singleton
class LinkReplies {

    private final PublicUrls urls;
    private final GatewayTime time;

    LinkReplies(PublicUrls urls, GatewayTime time) {
        this.urls = urls;
        this.time = time;
    }

    /** The link's page: {@code {base}/pg/link/{linkCode}}. */
    String page(String linkCode) {
        return urls.base() + "/pg/link/" + linkCode;
    }

    /**
     * {@code https://wa.me/?text=} + the description, a space and the page's address, percent-encoded (a space is
     * {@code %20}, never {@code +}); with the customer's phone digits after {@code wa.me/} when the link names one.
     */
    String whatsapp(LinkRow l) {
        Customer customer = customer(l);
        String phone = customer == null || customer.mobilePhone() == null ? ""
                : customer.mobilePhone().replaceAll("[^0-9]", "");
        String text = URLEncoder.encode(l.description() + " " + page(l.linkCode()), StandardCharsets.UTF_8)
                .replace("+", "%20");
        return "https://wa.me/" + phone + "?text=" + text;
    }

    CreateLinkResponse created(LinkRow l) {
        return CreateLinkResponse.success(l.linkCode(), page(l.linkCode()), whatsapp(l), LinkStatus.ACTIVE.name());
    }

    /** The link as its list holds it: without its payments and without a response code. */
    LinkStatusResponse item(LinkRow l) {
        return of(l, null);
    }

    /** The link as {@code GET /pg/payment-links/{id}} answers it. */
    LinkStatusResponse of(LinkRow l, List<LinkPayment> payments) {
        return new LinkStatusResponse(null, null, l.linkId(), l.linkCode(), page(l.linkCode()), whatsapp(l),
                l.description(), plain(l.amount()), plain(l.minAmount()), plain(l.maxAmount()), l.currency(),
                WireTime.dateTime(l.expiresAt(), time.zone()), l.usageLimit(),
                l.methods() == null ? null : Arrays.asList(l.methods().split(",")), customer(l),
                new LinkNotify(l.notifyEmail()), l.callbackUrl(), l.returnUrl(), l.status(time.now()).name(),
                l.counts().captured(), l.counts().collected(), WireTime.dateTime(l.createdAt(), time.zone()),
                payments);
    }

    static Customer customer(LinkRow l) {
        return l.customer() == null ? null : Json.read(l.customer(), Customer.class);
    }

    private static String plain(BigDecimal amount) {
        return amount == null ? null : amount.toPlainString();
    }
}
