package io.paygate.payment.link;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Patterns;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.Order;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.Url;
import io.paygate.model.json.CanonicalJson;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.provider.MethodCatalog;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A payment started from a link (docs/contract.md §11), the rule that at most {@code usageLimit} of a link's payments
 * are ever captured, at any number of replicas: in one transaction under the link row's lock, the link's captured
 * payments plus those in flight (PENDING or PROCESSING: anything that could still be captured) must be fewer than its
 * limit, else the start is refused as {@link LinkStartRefused.Reason#BUSY} and nothing is made. Otherwise the link's
 * next n is taken and an ordinary payment {@code <link.id>-<n>} is made through initiation with the link's URLs, in the
 * same transaction, so a slot is never taken without its payment nor a payment made without its slot. A payment that
 * ends FAILED, EXPIRED or CANCELLED frees its slot by that alone (it is no longer counted). The payment may be paid
 * only with the link's methods the merchant is offered now ({@code payment.methods}), and expires
 * {@code gateway.payment.link-payment-timeout} after its start while no method's charge is open (again after one is
 * closed), so a customer who leaves the page frees the slot in minutes; one whose method opened a charge (a virtual
 * account, a store code) waits, and counts, until that charge's own expiry, as long as it can still be paid.
 */
@Singleton
public class LinkStarts {

    private static final Logger LOG = Logger.getLogger(LinkStarts.class);

    private final PaymentLinks links;
    private final InitiationService initiations;
    private final PaymentRepository payments;
    private final Merchants merchants;
    private final MethodCatalog catalog;
    private final GatewayTime time;
    private final PaymentConfig config;

    LinkStarts(PaymentLinks links, InitiationService initiations, PaymentRepository payments, Merchants merchants,
               MethodCatalog catalog, GatewayTime time, PaymentConfig config) {
        this.config = config;
        this.links = links;
        this.initiations = initiations;
        this.payments = payments;
        this.merchants = merchants;
        this.catalog = catalog;
        this.time = time;
    }

    /**
     * Starts a payment from the link.
     *
     * @param amount   what the customer typed: required within the bounds of a link with a range, ignored for a link
     *                 with a fixed amount
     * @param customer the link's own customer wins; otherwise this one (the page's fields), already checked
     * @param language the link page's, kept with the use for the mail that follows (the receipt)
     * @return the payment's code (its hosted page is {@code /pg/pay/{code}})
     * @throws LinkStartRefused naming why; nothing was written
     */
    public String start(String linkCode, String amount, Customer customer, PageLanguage language) {
        return QuarkusTransaction.requiringNew().call(() -> {
            LinkRow l = links.lockByCode(linkCode).orElseThrow(() -> refused(LinkStartRefused.Reason.UNKNOWN));
            Instant now = time.now();
            Merchant merchant = merchants.get(l.merchantId());
            Optional<LinkStartRefused.Reason> refusal = refusal(l, merchant, now);
            if (refusal.isPresent()) {
                LOG.debugf("link %s: refused %s (%d captured, %d in flight, limit %s)", l.linkCode(), refusal.get(),
                        l.counts().captured(), l.counts().inFlight(), l.usageLimit());
                throw refused(refusal.get());
            }
            Set<PaymentMethod> methods = methods(l, merchant);
            String value = amount(l, amount);
            Customer payer = java.util.Objects.requireNonNull(l.customer() != null ? LinkReplies.customer(l) : customer,
                    "customer");
            int n = l.lastN() + 1;
            // an order id the merchant used itself for another payment is passed over, never reused
            while (payments.findByOrder(merchant.id(), l.linkId() + "-" + n).isPresent()) {
                n++;
            }
            String orderId = l.linkId() + "-" + n;
            InitiateRequest request = InitiateRequest.of(new Order(orderId, value, l.description(), l.currency()),
                    payer, new Url(l.callbackUrl(), l.returnUrl(), l.successUrl(), l.failUrl(), l.backUrl(), Map.of()));
            String own = l.methods() == null ? null
                    : methods.stream().map(PaymentMethod::name).collect(Collectors.joining(","));
            int timeout = (int) Math.max(1, config.linkPaymentTimeout().toSeconds());
            InitiationService.Stored stored = initiations.store(merchant, request, CanonicalJson.fingerprint(request),
                    null, p -> {
                        // its page offers the link's methods only, and it waits for a method minutes, not a day
                        p.methods = own;
                        p.choiceTimeoutSeconds = timeout;
                        p.expiresAt = p.expiryWithoutCharge(now);
                    });
            links.recordUse(l.id(), n, orderId, stored.payment().paymentCode, language, now);
            LOG.infof("link %s (merchant %s, id %s): payment %s started as order %s", l.linkCode(), l.merchantId(),
                    l.linkId(), stored.payment().paymentCode, orderId);
            return stored.payment().paymentCode;
        });
    }

    /**
     * Why a start from the link would be refused now, whatever the customer typed: its status (expired, inactive,
     * paid), its merchant suspended, busy (captured + in flight reach the limit), or no method left; empty when it may
     * start. Under the link row's lock this decides; without it (the page before its form) it is what the page shows.
     */
    Optional<LinkStartRefused.Reason> refusal(LinkRow l, Merchant merchant, Instant now) {
        switch (l.status(now)) {
            case EXPIRED -> {
                return Optional.of(LinkStartRefused.Reason.EXPIRED);
            }
            case INACTIVE -> {
                return Optional.of(LinkStartRefused.Reason.INACTIVE);
            }
            case PAID -> {
                return Optional.of(LinkStartRefused.Reason.PAID);
            }
            case ACTIVE -> {
            }
        }
        if (merchant.suspended()) {
            return Optional.of(LinkStartRefused.Reason.SUSPENDED); // docs/contract.md §10, as its payments' pages
        }
        if (l.usageLimit() != null && l.counts().captured() + l.counts().inFlight() >= l.usageLimit()) {
            return Optional.of(LinkStartRefused.Reason.BUSY);
        }
        if (methods(l, merchant).isEmpty()) {
            return Optional.of(LinkStartRefused.Reason.NO_METHOD);
        }
        return Optional.empty();
    }

    /** The link's methods (all when it names none) that the merchant is offered now. */
    private Set<PaymentMethod> methods(LinkRow l, Merchant merchant) {
        Set<PaymentMethod> offered = catalog.offered(merchant.id());
        if (l.methods() == null) {
            return offered;
        }
        return Arrays.stream(l.methods().split(",")).map(PaymentMethod::valueOf).filter(offered::contains)
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    private static String amount(LinkRow l, String typed) {
        if (l.amount() != null) {
            return l.amount().toPlainString();
        }
        if (typed == null || !typed.matches(Patterns.ORDER_AMOUNT)) {
            throw refused(LinkStartRefused.Reason.AMOUNT);
        }
        BigDecimal value = new BigDecimal(typed);
        if (value.compareTo(l.minAmount()) < 0 || value.compareTo(l.maxAmount()) > 0) {
            throw refused(LinkStartRefused.Reason.AMOUNT);
        }
        return typed;
    }

    private static LinkStartRefused refused(LinkStartRefused.Reason reason) {
        return new LinkStartRefused(reason);
    }
}
