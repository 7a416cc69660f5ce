package io.paygate.payment.credential;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentOutcome;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PublicUrls;
import io.paygate.payment.provider.StoredCardCharge.Initiator;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code POST /pg/payment/card/payment} (docs/contract.md §1b): the initiation body of §1 with {@code customer.id} and
 * {@code card.token}, a stored card of that customer. Every check comes before anything is written (an unknown,
 * deleted or another customer's or merchant's token is {@code 4041101}); the payment is created as an initiation
 * (idempotent by {@code order.id}: the same content answers the same payment, other content {@code 4091100}) and
 * committed, then its stored card is charged by {@link StoredCardCharges}, customer-initiated. The reply says what the
 * provider decided so far, with {@code redirecturl} (the hosted page, which asks the 3-D Secure code) only while the
 * provider waits for 3-D Secure.
 */
@ApplicationScoped
public class OneClickPayments {

    private final InitiationService initiation;
    private final StoredCards cards;
    private final StoredCardCharges charges;
    private final PaymentRepository payments;
    private final GatewayTime time;
    private final PublicUrls urls;

    OneClickPayments(InitiationService initiation, StoredCards cards, StoredCardCharges charges,
                     PaymentRepository payments, GatewayTime time, PublicUrls urls) {
        this.initiation = initiation;
        this.cards = cards;
        this.charges = charges;
        this.payments = payments;
        this.time = time;
        this.urls = urls;
    }

    public PurchaseResponse pay(Merchant merchant, InitiateRequest request) {
        String customerId = request.customer().id();
        if (customerId == null || customerId.isBlank()) {
            throw ApiException.mandatory("customer.id");
        }
        String tokenId = request.card() == null ? null : request.card().token();
        if (tokenId == null || tokenId.isBlank()) {
            throw ApiException.mandatory("card.token");
        }
        SourceOfFunds source = request.sourceOfFunds();
        if (source != null && source.type() != null
                && PaymentMethod.fromCode(source.type()).filter(m -> m == PaymentMethod.CARD).isEmpty()) {
            throw ApiException.invalidFormat("sourceOfFunds.type"); // a stored card pays by card only
        }
        initiation.check(merchant, request); // §1's rules before the token is looked up: nothing answered out of order
        if (!initiation.offers(merchant, PaymentMethod.CARD)) {
            throw ApiException.invalidFormat("sourceOfFunds.type"); // cards are not among the merchant's methods (§10)
        }
        StoredCardEntity card = cards.require(merchant.id(), customerId, tokenId);
        InitiateResponse created = initiation.initiate(merchant, request);
        charges.charge(created.paymentCode(), card.id, Initiator.CUSTOMER, null);
        return reply(created.paymentCode());
    }

    /** The payment as committed now: its outcome so far, the page only while 3-D Secure waits. */
    private PurchaseResponse reply(String paymentCode) {
        PaymentEntity p = QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode))
                .orElseThrow(ApiException::notFound);
        boolean challenge = p.status == PaymentStatus.PROCESSING && p.awaitingOtp;
        return PurchaseResponse.success(p.paymentCode, challenge ? urls.page(p.paymentCode) : null,
                time.expiryLink(p.linkExpiresAt), new PaymentOutcome(p.amount, p.status,
                        p.status == PaymentStatus.FAILED ? p.statusDesc : null));
    }
}
