package io.paygate.payment.credential;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.api.credential.OtpConfirmRequest;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentOutcome;
import io.paygate.model.api.payment.RecurringRules;
import io.paygate.model.crypto.Digests;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Direct-debit purchases (docs/contract.md §1b): the initiation body with {@code customer.id} and
 * {@code sourceOfFunds} {@code type} ({@code DIRECT_DEBIT} or the binding's source code), {@code accountId} (an
 * ACTIVE binding of that customer) charged at once without the customer, or opened PENDING with a one-time password
 * and charged when it is confirmed. binding-service is asked about the binding before anything is written and again
 * before every charge; one that is unknown, another merchant's or customer's, of another type or not ACTIVE is
 * {@code 4041101} and nothing is written. Idempotent by {@code order.id} as §1 ({@code 4091100} for other content).
 */
@ApplicationScoped
public class DirectDebitPurchases {

    private static final Logger LOG = Logger.getLogger(DirectDebitPurchases.class);
    private static final Pattern SOURCE_CODE = Pattern.compile("^[A-Z]{2,16}_DD$");
    private static final Pattern OTP = Pattern.compile("^[0-9]{4,8}$");

    private final InitiationService initiation;
    private final Bindings bindings;
    private final BindingCharges charges;
    private final PurchaseOtps otps;
    private final PurchaseOtpBook otpBook;
    private final PaymentRepository payments;
    private final GatewayTime time;

    DirectDebitPurchases(InitiationService initiation, Bindings bindings, BindingCharges charges, PurchaseOtps otps,
                         PurchaseOtpBook otpBook, PaymentRepository payments, GatewayTime time) {
        this.initiation = initiation;
        this.bindings = bindings;
        this.charges = charges;
        this.otps = otps;
        this.otpBook = otpBook;
        this.payments = payments;
        this.time = time;
    }

    /** {@code POST /pg/payment/card/directdebit/purchase}: charged at once. */
    public PurchaseResponse purchase(Merchant merchant, InitiateRequest request) {
        initiation.checkUrls(request);
        if (initiation.isLinkOrderId(merchant, request.order().id())) {
            throw ApiException.invalidFormat("order.id"); // a payment link's (docs/contract.md §11), as initiation
        }
        return purchase(merchant, request, "purchase", created -> {
        });
    }

    /**
     * A purchase another door makes from an initiation body it built (docs/contract.md §9: SNAP's
     * {@code payment-host-to-host} with {@code bankCardToken}): the same checks, charge and idempotency by order id,
     * its content hash kept apart by {@code door}; {@code extra} fills what the door adds before the insert. The door
     * checks its own addresses (a SNAP payment has no {@code url}: its notifications go to the merchant's SNAP URLs).
     */
    public PurchaseResponse purchase(Merchant merchant, InitiateRequest request, String door,
                                     Consumer<PaymentEntity> extra) {
        String bindingId = check(merchant, request);
        String hash = contentHash(door, request);
        PaymentEntity p = repeatOf(merchant, request, hash).orElse(null);
        if (p == null) {
            InternalBinding binding = chargeable(merchant, request, bindingId);
            p = initiation.store(merchant, request, hash, PaymentMethod.DIRECT_DEBIT, created -> {
                created.bindingId = binding.bindingId();
                extra.accept(created);
            }).payment();
        } else if (p.status == PaymentStatus.PENDING) {
            chargeable(merchant, request, bindingId); // a repeat after a crash before the charge: asked again
        }
        if (p.status == PaymentStatus.PENDING) {
            charges.charge(merchant.id(), p.paymentCode, bindingId);
        }
        return reply(p.paymentCode);
    }

    /**
     * {@code POST /pg/payment/card/directdebit/purchase/otp}: the payment opened PENDING and a code sent to the
     * customer; the same body again sends a new code (the old one dies).
     */
    public InitiateResponse openWithOtp(Merchant merchant, InitiateRequest request) {
        initiation.checkUrls(request);
        String bindingId = check(merchant, request);
        String hash = contentHash("purchase-otp", request);
        InternalBinding binding = chargeable(merchant, request, bindingId);
        PaymentEntity repeat = repeatOf(merchant, request, hash).orElse(null);
        PaymentEntity p;
        if (repeat == null) {
            p = initiation.store(merchant, request, hash, PaymentMethod.DIRECT_DEBIT, created -> {
                created.bindingId = binding.bindingId();
                otpBook.open(created, otps.send(merchant.id(), created.paymentCode, binding.bindingId()));
            }).payment();
        } else {
            p = repeat;
            if (otpBook.renew(p.paymentCode, otps.send(merchant.id(), p.paymentCode, bindingId))) {
                LOG.infof("payment %s (merchant %s, order %s): a new OTP sent", p.paymentCode, p.merchantId,
                        p.orderId);
            }
        }
        return InitiateResponse.success(p.paymentCode, null, time.expiryLink(p.linkExpiresAt), 0);
    }

    /** {@code POST /pg/payment/card/directdebit/purchase/otp/confirm}. */
    public PurchaseResponse confirm(Merchant merchant, OtpConfirmRequest request) {
        String otp = request.otp().strip();
        if (!OTP.matcher(otp).matches()) {
            throw ApiException.invalidFormat("otp");
        }
        switch (otpBook.confirm(merchant.id(), request.paymentCode(), otp)) {
            case UNKNOWN -> throw ApiException.notFound();
            case NOT_WAITING -> throw ApiException.conflict("the payment is not waiting for its OTP");
            case WRONG -> throw ApiException.invalidFormat("otp");
            case EXPIRED -> {
                return reply(request.paymentCode());
            }
            case CORRECT -> {
            }
        }
        PaymentEntity p = read(request.paymentCode());
        if (bindings.chargeable(merchant.id(), p.bindingId, p.customerId).isEmpty()) {
            throw ApiException.notFound();
        }
        charges.charge(merchant.id(), p.paymentCode, p.bindingId);
        return reply(p.paymentCode);
    }

    /**
     * The field rules a direct-debit purchase adds to §1's (bean validation and the URL rules, checked first):
     * {@code customer.id}, {@code sourceOfFunds.type} and {@code .accountId} mandatory; no subscription (its first
     * payment is made on the hosted page).
     *
     * @return the binding id ({@code sourceOfFunds.accountId})
     */
    private String check(Merchant merchant, InitiateRequest request) {
        if (request.customer() == null || request.customer().id() == null || request.customer().id().isBlank()) {
            throw ApiException.mandatory("customer.id");
        }
        SourceOfFunds source = request.sourceOfFunds();
        if (source == null || source.type() == null || source.type().isBlank()) {
            throw ApiException.mandatory("sourceOfFunds.type");
        }
        if (PaymentMethod.fromCode(source.type()).filter(m -> m == PaymentMethod.DIRECT_DEBIT).isEmpty()
                && !SOURCE_CODE.matcher(source.type()).matches()) {
            throw ApiException.invalidFormat("sourceOfFunds.type");
        }
        if (!charges.available(merchant.id())) {
            throw ApiException.invalidFormat("sourceOfFunds.type"); // the merchant's channel takes no direct debit
        }
        if (source.accountId() == null || source.accountId().isBlank()) {
            throw ApiException.mandatory("sourceOfFunds.accountId");
        }
        if (request.recurring() != null && RecurringRules.isSubscription(request.recurring())) {
            throw ApiException.invalidFormat("recurring.subscribe");
        }
        return source.accountId();
    }

    /** The binding, when it is ACTIVE, the customer's and of the type named; otherwise {@code 4041101}. */
    private InternalBinding chargeable(Merchant merchant, InitiateRequest request, String bindingId) {
        InternalBinding binding;
        try {
            binding = bindings.chargeable(merchant.id(), bindingId, request.customer().id())
                    .orElseThrow(ApiException::notFound);
        } catch (Bindings.Unavailable e) {
            LOG.warnf("merchant %s, order %s: %s; answered 502", merchant.id(), request.order().id(), e.getMessage());
            throw ApiException.of(ErrorCase.BAD_GATEWAY, "The bank binding could not be checked");
        }
        String type = request.sourceOfFunds().type();
        if (SOURCE_CODE.matcher(type).matches() && !type.equals(binding.sourceOfFundsType())) {
            throw ApiException.notFound(); // a binding of another type
        }
        return binding;
    }

    /** The merchant's payment of this order when it was made by the same request; a different one is 409. */
    private Optional<PaymentEntity> repeatOf(Merchant merchant, InitiateRequest request, String hash) {
        Optional<PaymentEntity> found = QuarkusTransaction.requiringNew()
                .call(() -> payments.findByOrder(merchant.id(), request.order().id()));
        if (found.isPresent() && !found.get().contentHash.equals(hash)) {
            throw ApiException.conflict("order.id already used with different content");
        }
        return found;
    }

    private PaymentEntity read(String paymentCode) {
        return QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode))
                .orElseThrow(ApiException::notFound);
    }

    /** The reply for the payment as committed now. */
    private PurchaseResponse reply(String paymentCode) {
        PaymentEntity p = read(paymentCode);
        return PurchaseResponse.success(p.paymentCode, null, time.expiryLink(p.linkExpiresAt),
                new PaymentOutcome(p.amount, p.status, p.statusDesc));
    }

    /** The initiation's content hash, kept apart per door: the same body to another door is another request. */
    private static String contentHash(String door, InitiateRequest request) {
        return Digests.sha256Hex((door + ":" + CanonicalJson.fingerprint(request)).getBytes(StandardCharsets.UTF_8));
    }
}
