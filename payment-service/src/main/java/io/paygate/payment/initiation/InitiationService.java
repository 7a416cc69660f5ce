package io.paygate.payment.initiation;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantCounter;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.net.DnsResolver;
import io.paygate.kit.net.GatewayPorts;
import io.paygate.model.api.Patterns;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.RecurringRules;
import io.paygate.model.api.payment.Url;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.LinkOrders;
import io.paygate.payment.payment.PaymentCodes;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMapper;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PublicUrls;
import io.paygate.payment.payment.RecurringPayments;
import io.paygate.payment.provider.MethodCatalog;
import io.paygate.payment.provider.MethodCheckout;
import io.paygate.payment.provider.ProviderUnavailable;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.URISyntaxException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Hosted payment initiation (docs/contract.md §1): the checks Bean Validation cannot make, idempotency by
 * (merchant, order.id) with a content hash, and the reply. A preselected method that opens a charge
 * ({@code sourceOfFunds.type}, docs/contract.md §2a) is opened at the provider after the payment is committed, outside any
 * transaction, and the reply carries what the customer pays with; a provider failure is {@code 502SS00}, and the same
 * request again asks the provider for the same charge.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class InitiationService {

    private static final Logger LOG = Logger.getLogger(InitiationService.class);
    private static final int ATTEMPTS = 3;
    /** What a cycle's order id looks like: a {@code recurring.id} (no {@code -}), {@code -}, n ≥ 2. */
    private static final java.util.regex.Pattern CYCLE_ORDER_ID =
            java.util.regex.Pattern.compile("^[A-Za-z0-9._]{1,30}-([2-9]|[1-9][0-9]+)$");

    private final PaymentRepository payments;
    private final PaymentInserts inserts;
    private final PaymentConfig config;
    private final GatewayTime time;
    private final CallbackUrlPolicy callbackPolicy;
    private final PaymentCodes codes;
    private final PublicUrls urls;
    private final MethodCatalog catalog;
    private final MethodCheckout methods;
    private final InitiationReplies replies;
    private final RecurringPayments recurring;
    private final PaymentWithdrawals withdrawals;
    private final LinkOrders linkOrders;
    private final boolean allowLocalUrls;

    private final MerchantCounter initiations;

    InitiationService(PaymentRepository payments, PaymentInserts inserts, PaymentConfig config, GatewayConfig gateway,
                      GatewayTime time, PaymentCodes codes, MeterRegistry metrics, DnsResolver dns,
                      GatewayPorts gatewayPorts, PublicUrls urls, MethodCatalog catalog, MethodCheckout methods,
                      InitiationReplies replies, MerchantTags merchantTags, RecurringPayments recurring,
                      PaymentWithdrawals withdrawals, LinkOrders linkOrders) {
        this.recurring = recurring;
        this.linkOrders = linkOrders;
        this.withdrawals = withdrawals;
        this.initiations = MerchantCounter.register(metrics, merchantTags, "paygate.payments.initiated",
                "Hosted payments created, by merchant (repeats of an idempotent request not counted)");
        this.payments = payments;
        this.inserts = inserts;
        this.config = config;
        this.time = time;
        this.codes = codes;
        this.urls = urls;
        this.catalog = catalog;
        this.methods = methods;
        this.replies = replies;
        this.allowLocalUrls = gateway.callbacks().allowLocal();
        // docs/contract.md §6: the host must resolve (within gateway.callbacks.resolve-timeout), every address and the port pass.
        // A callback host seen within the JDK's cache time is checked against that answer on the request's thread.
        // Never the gateway's own ports on loopback (the local stack): a notification there would read them back.
        this.callbackPolicy = new CallbackUrlPolicy(gateway.callbacks().allowLocal(),
                gateway.callbacks().allowedPorts(), dns::resolveOrCached, gatewayPorts::contains);
    }

    /**
     * Creates the payment, or answers the same reply again for the same order with the same content.
     *
     * @throws ApiException {@code 4000101} for a refused URL or method, {@code 4000102} for a wallet without its
     *                      account, {@code 4090100} for the same order id with different content, {@code 5020100} when
     *                      the provider did not open the preselected method's charge
     */
    public InitiateResponse initiate(Merchant merchant, InitiateRequest request) {
        PaymentMethod method = check(merchant, request);
        checkRecurring(merchant, request);
        if (isLinkOrderId(merchant, request.order().id())) {
            throw ApiException.invalidFormat("order.id"); // a payment link's, as a subscription cycle's is (§1b)
        }
        String hash = contentHash(request);
        PaymentEntity p = createOrFind(merchant, request, hash, method);
        if (method == null || !method.kind().opensCharge()) {
            return reply(p);
        }
        open(p, method);
        return replies.of(p.paymentCode);
    }

    /**
     * A payment another door makes from an initiation body it built (docs/contract.md §9: a SNAP virtual account or
     * QRIS): the same row and idempotency by (merchant, order.id) and {@code hash} as {@link #store}, {@code extra}
     * filling what the door adds, then {@code method}'s charge opened as a preselected one is.
     *
     * @return the payment as inserted or found (read again for what the charge opened)
     * @throws ApiException {@code 409} for the same order id with another content, {@code 502} when the provider did
     *                      not open the charge
     */
    public PaymentEntity initiateWith(Merchant merchant, InitiateRequest request, PaymentMethod method, String hash,
                                      java.util.function.Consumer<PaymentEntity> extra) {
        PaymentEntity p = store(merchant, request, hash, method, extra).payment();
        open(p, method);
        return p;
    }

    /**
     * As {@link #initiateWith}, all or nothing (docs/contract.md §9, a SNAP virtual account): when the charge of a
     * payment this call inserted is not opened as asked (the provider refused, did not answer, or opened another
     * number), the payment is withdrawn ({@link PaymentWithdrawals}) before the failure is answered, so that a 5xx
     * means nothing was made.
     *
     * @throws PaymentInserts.OpenNumberTaken when another open virtual account has the payment's number; nothing was
     *                                        written
     */
    public PaymentEntity initiateOrWithdraw(Merchant merchant, InitiateRequest request, PaymentMethod method,
                                            String hash, java.util.function.Consumer<PaymentEntity> extra) {
        Stored stored = store(merchant, request, hash, method, extra);
        try {
            open(stored.payment(), method);
        } catch (RuntimeException e) {
            if (stored.created()) {
                withdrawals.withdraw(stored.payment().paymentCode);
            }
            throw e;
        }
        return stored.payment();
    }

    /**
     * Whether {@code orderId} is {@code <link.id>-<n>} of one of the merchant's payment links (docs/contract.md §11):
     * the link page's to give, so a door where the merchant names the order id refuses it.
     */
    public boolean isLinkOrderId(Merchant merchant, String orderId) {
        return linkOrders.isLinkOrderId(merchant.id(), orderId);
    }

    /** Whether {@code method} is offered to the merchant (its channel opens it). */
    public boolean offers(Merchant merchant, PaymentMethod method) {
        return catalog.offers(merchant.id(), method);
    }

    private void open(PaymentEntity p, PaymentMethod method) {
        try {
            methods.openPreselected(p.paymentCode, p.merchantId, method);
        } catch (ProviderUnavailable e) {
            LOG.infof("payment %s (merchant %s, order %s): %s not opened (%s); answered 502", p.paymentCode,
                    p.merchantId, p.orderId, method, e.getMessage());
            throw ApiException.of(ErrorCase.BAD_GATEWAY, e.refused()
                    ? "The payment provider refused " + method : "The payment provider did not answer");
        }
    }

    /**
     * The checks of docs/contract.md §1 Bean Validation cannot make (URLs, {@code card.storedOnFile}, the preselected
     * method), without writing anything: a door that creates a payment as an initiation (a one-click payment) runs them
     * before its own look-ups, so a bad field is named before anything else is answered.
     *
     * @return the preselected method, or null
     * @throws ApiException {@code 400SS01}/{@code 400SS02} naming the field
     */
    public PaymentMethod check(Merchant merchant, InitiateRequest request) {
        checkUrls(request);
        checkStoredOnFile(request);
        return preselected(merchant, request.sourceOfFunds());
    }

    /**
     * Inserts the payment, or finds it for a repeat of the same content. The insert is the only write and commits by
     * itself; a charge to open is opened after it, outside any transaction.
     */
    private PaymentEntity createOrFind(Merchant merchant, InitiateRequest request, String hash, PaymentMethod method) {
        return store(merchant, request, hash, method, p -> {
        }).payment();
    }

    /** A payment as {@link #store} left it: inserted now, or the earlier one of the same order and content. */
    public record Stored(PaymentEntity payment, boolean created) {
    }

    /**
     * The initiation's insert for another door that makes a payment from an initiation body (docs/contract.md §1b: a
     * direct-debit purchase): the same row, idempotency by (merchant, order.id) and content {@code hash}, with
     * {@code extra} filling what that door adds before the one insert. A different content is {@code 409}.
     */
    public Stored store(Merchant merchant, InitiateRequest request, String hash, PaymentMethod method,
                        java.util.function.Consumer<PaymentEntity> extra) {
        // Insert first and read only when that inserted nothing: a new order (the usual case) costs one statement, not
        // a look-up and then an insert. ON CONFLICT DO NOTHING waits for a concurrent twin's transaction, so when it
        // inserted nothing the twin has committed and the look-up sees its row.
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            PaymentEntity created = newPayment(merchant, request, hash, method);
            extra.accept(created);
            if (subscribes(request)) {
                created.subscriptionId = UUID.randomUUID();
                created.cycle = 1;
            }
            if (subscribes(request) ? insertWithSubscription(created, request) : insert(created)) {
                initiations.increment(merchant.id());
                // DEBUG, not INFO: the request's access-log line and the row already record it, and formatting a
                // second line per initiation cost 6 % of its CPU and 15 % of its allocation (bench/README.md,
                // issue 36); guarded, so that its arguments (an array, a concatenation) are not built for nothing
                if (LOG.isDebugEnabled()) {
                    LOG.debugf("payment %s (merchant %s, order %s): created PENDING, expires %s%s", created.paymentCode,
                            created.merchantId, created.orderId, created.expiresAt,
                            method == null ? "" : ", " + method + " preselected");
                }
                return new Stored(created, true);
            }
            Optional<PaymentEntity> existing = QuarkusTransaction.requiringNew()
                    .call(() -> payments.findByOrder(merchant.id(), request.order().id()));
            if (existing.isPresent()) {
                if (!existing.get().contentHash.equals(hash)) {
                    throw ApiException.conflict("order.id already used with different content");
                }
                return new Stored(existing.get(), false);
            }
            // No row for the order: the payment code collided (or the twin rolled back): try again.
        }
        throw new IllegalStateException("Could not create or find payment for order after " + ATTEMPTS + " attempts");
    }

    /**
     * The first payment of a subscription and the subscription in one transaction (docs/contract.md §1b): a
     * {@code recurring.id} the merchant already used is {@code 409} and nothing is written.
     */
    private boolean insertWithSubscription(PaymentEntity created, InitiateRequest request) {
        return QuarkusTransaction.requiringNew().call(() -> {
            if (!insert(created)) {
                return false;
            }
            if (!recurring.open(created, request.recurring())) {
                // docs/contract.md §1b: 4091100, the recurring service's conflict, though the path is initiation's
                throw ApiException.conflict("recurring.id already used")
                        .in(ServiceCode.RECURRING_AND_STORED_CREDENTIALS);
            }
            return true;
        });
    }

    private static boolean subscribes(InitiateRequest request) {
        return request.recurring() != null && request.recurring().subscribes();
    }

    /**
     * docs/contract.md §1b: the {@code recurring} member rules (with {@code customer.id} and the methods a subscription
     * allows), a merchant that may take a card or a direct debit (§10: its {@code methods}), and no order id of the
     * form {@code <recurring.id>-<n>} of one of the merchant's subscriptions (the cycles' own).
     */
    private void checkRecurring(Merchant merchant, InitiateRequest request) {
        RecurringRules.first(request, RecurringRules.today(time.clock(), time.zone())).ifPresent(violation -> {
            throw ApiException.of(violation);
        });
        if (subscribes(request) && !catalog.offers(merchant.id(), PaymentMethod.CARD)
                && !catalog.offers(merchant.id(), PaymentMethod.DIRECT_DEBIT)) {
            // nothing could pay its first payment: the page offers a subscription only a card or a direct debit
            throw ApiException.invalidFormat("recurring.subscribe");
        }
        if (CYCLE_ORDER_ID.matcher(request.order().id()).matches()
                && recurring.isCycleOrderId(merchant.id(), request.order().id())) {
            throw ApiException.invalidFormat("order.id");
        }
    }

    private boolean insert(PaymentEntity created) {
        try {
            return inserts.insertIfAbsent(created);
        } catch (SQLException e) {
            // An outage is answered 503SS00 by service-kit's mappers (they look through the causes).
            throw new IllegalStateException("Could not insert payment " + created.paymentCode, e);
        }
    }

    /** The reply for a payment without a preselected charge; the same for every repeat. */
    InitiateResponse reply(PaymentEntity p) {
        return InitiateResponse.success(p.paymentCode, urls.page(p.paymentCode), time.expiryLink(p.linkExpiresAt), 0);
    }

    /** The hosted page of a payment: {@code gateway.payment.public-base-url} + {@code /pg/pay/{code}}. */
    public String redirectUrl(String paymentCode) {
        return urls.page(paymentCode);
    }

    private PaymentEntity newPayment(Merchant merchant, InitiateRequest request, String hash, PaymentMethod method) {
        Instant now = time.now();
        PaymentEntity p = new PaymentEntity();
        p.id = UUID.randomUUID();
        p.paymentCode = codes.next();
        p.merchantId = merchant.id();
        p.contentHash = hash;
        String currency = request.order().currency() != null ? request.order().currency() : merchant.currency();
        PaymentMapper.fill(p, request, currency);
        p.preselected = method;
        // a subscription's first card is stored too: its cycles are charged to it (docs/contract.md §1b)
        p.storeOffered = offersStoring(request) || subscribes(request);
        p.accountId = method != null && method.needsAccount() ? request.sourceOfFunds().accountId() : null;
        p.status = PaymentStatus.PENDING;
        p.createdAt = now;
        p.updatedAt = now;
        Integer timeout = request.order().timeout();
        Instant link = now.plus(timeout == null ? config.linkTtl() : Duration.ofMinutes(timeout));
        p.expiresAt = method != null && method.kind().opensCharge() ? catalog.chargeExpiry(method, now, link) : link;
        p.linkExpiresAt = p.expiresAt;
        return p;
    }

    /** The method {@code sourceOfFunds.type} preselects, or null; refused when unknown or not offered. */
    private PaymentMethod preselected(Merchant merchant, SourceOfFunds source) {
        if (source == null || source.type() == null) {
            return null;
        }
        PaymentMethod method = PaymentMethod.fromCode(source.type())
                .filter(m -> catalog.offers(merchant.id(), m))
                .orElseThrow(() -> ApiException.invalidFormat("sourceOfFunds.type"));
        if (method.needsAccount()) {
            if (source.accountId() == null || source.accountId().isBlank()) {
                throw ApiException.mandatory("sourceOfFunds.accountId");
            }
            if (!source.accountId().matches(Patterns.E164)) {
                throw ApiException.invalidFormat("sourceOfFunds.accountId");
            }
        }
        return method;
    }

    /**
     * docs/contract.md §1b: {@code card.storedOnFile} {@code TO_BE_STORED} (its format is Bean Validation's) stores the
     * card for {@code customer.id}, so it needs one ({@code 4000102 customer.id}).
     */
    private static void checkStoredOnFile(InitiateRequest request) {
        if (offersStoring(request) && (request.customer().id() == null || request.customer().id().isBlank())) {
            throw ApiException.mandatory("customer.id");
        }
    }

    private static boolean offersStoring(InitiateRequest request) {
        return request.card() != null && request.card().toBeStored();
    }

    /** The URL rules of docs/contract.md §1 and §6; a refused one is {@code 400SS01} naming it. */
    public void checkUrls(InitiateRequest request) {
        checkUrls(request.url(), "order " + request.order().id());
    }

    /**
     * The URL rules of docs/contract.md §1 and §6 for an {@code url} object another door keeps for the payments it
     * makes (docs/contract.md §11, a payment link); {@code subject} names its owner in the log line of a refusal.
     *
     * @throws ApiException {@code 400SS01} naming the refused URL
     */
    public void checkUrls(Url url, String subject) {
        Optional<String> refused = callbackPolicy.check(url.callbackUrl());
        if (refused.isPresent()) {
            LOG.debugf("%s: url.callbackUrl refused (%s)", subject, refused.get());
            throw ApiException.invalidFormat("url.callbackUrl");
        }
        String returnUrl = url.returnUrl();
        if (returnUrl != null && !isWebUrl(returnUrl)) {
            throw ApiException.invalidFormat("url.returnUrl");
        }
        checkPageUrl(url.successUrl(), "url.successUrl");
        checkPageUrl(url.failUrl(), "url.failUrl");
        checkPageUrl(url.backUrl(), "url.backUrl");
    }

    /** docs/contract.md §1: absolute https, or http where the local stack allows it; never another scheme. */
    private void checkPageUrl(String url, String field) {
        if (url == null) {
            return;
        }
        if (!isWebUrl(url) || (!allowLocalUrls && !url.regionMatches(true, 0, "https:", 0, 6))) {
            throw ApiException.invalidFormat(field);
        }
    }

    /** An absolute http(s) URL with a host and no user info: safe to send a browser to. */
    static boolean isWebUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null
                    && uri.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** SHA-256 of the RFC 8785 form of the request as received: member order and spacing do not matter. */
    static String contentHash(InitiateRequest request) {
        return CanonicalJson.fingerprint(request);
    }
}
