package io.paygate.payment.provider.midtrans;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PublicUrls;
import io.paygate.payment.provider.CardCharge;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeOpening;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.OpenedCharge;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.ProviderCardToken;
import io.paygate.payment.provider.RefundOutcome;
import io.paygate.payment.provider.StoredCardCharge;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.security.GeneralSecurityException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The Midtrans Core API card channel (docs/contract.md §2): card token with the client key ({@code GET /v2/token},
 * the only place the card data go), then {@code POST /v2/charge} {@code credit_card} with 3-D Secure
 * ({@code authentication: true}) under the payment's charge reference as {@code order_id}, never repeated. Midtrans
 * answers: 200 capture/accept → CAPTURED at once; 201 pending + {@code redirect_url} → the customer passes 3-D Secure
 * on Midtrans's page and the HTTP notification decides; 202 deny and the documented 4xx refusals (nothing charged) →
 * FAILED; a 406 (the order id exists), a 5xx, a timeout → unknown, reconciled by {@code GET /v2/{order_id}/status}.
 * Direct debit is not a Midtrans Core API card payment: refused (the page does not offer it).
 *
 * <p>The methods paid later (docs/contract.md §2a) are opened by {@link #openCharge}, cancelled by
 * {@link #cancelCharge} and asked about by {@link #inquire} (the open-charge mapping of {@link MidtransTransaction});
 * refunds go through {@link MidtransRefunds}.
 */
@ApplicationScoped
public class MidtransPaymentChannel implements PaymentChannel {

    public static final String NAME = MidtransAccounts.PROVIDER;
    private static final Logger LOG = Logger.getLogger(MidtransPaymentChannel.class);
    /** docs/contract.md §2a's midtrans column: no direct debit, OVO, DANA or LinkAja through this channel. */
    private static final Set<PaymentMethod> METHODS = EnumSet.of(PaymentMethod.CARD, PaymentMethod.VA_BCA,
            PaymentMethod.VA_BNI, PaymentMethod.VA_BRI, PaymentMethod.VA_PERMATA, PaymentMethod.VA_CIMB,
            PaymentMethod.VA_MANDIRI, PaymentMethod.QRIS, PaymentMethod.GOPAY, PaymentMethod.SHOPEEPAY,
            PaymentMethod.ALFAMART, PaymentMethod.INDOMARET);
    private static final Duration MIN_LIFETIME = Duration.ofSeconds(20);

    private final MidtransAccounts accounts;
    private final MidtransClients clients;
    private final PublicUrls urls;
    private final MidtransRefunds refunds;

    MidtransPaymentChannel(MidtransAccounts accounts, MidtransClients clients, PublicUrls urls) {
        this.accounts = accounts;
        this.clients = clients;
        this.urls = urls;
        this.refunds = new MidtransRefunds(clients, this);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ChargeAccepted chargeCard(CardCharge charge) {
        MidtransAccount account = accounts.require(charge.merchantId());
        if (!"IDR".equals(charge.currency()) || charge.amount().stripTrailingZeros().scale() > 0) {
            // gross_amount is a whole number of rupiah (Midtrans: "Long Int"); nothing is sent
            throw new ChargeRefused("Amount or currency not supported by the payment provider");
        }
        MidtransAnswer token = clients.token(account, charge.card());
        if (token.code() != 200 || token.text("token_id") == null) {
            throw refusedOrUnknown(charge.paymentCode(), charge.reference(), "token", token);
        }
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("token_id", token.text("token_id"));
        card.put("authentication", true);
        if (charge.store()) {
            card.put("save_token_id", true); // docs.midtrans.com: the answer carries saved_token_id
        }
        String fingerprint = charge.store() ? fingerprint(account, charge.card().number()) : null;
        return charge(account, charge.paymentCode(), charge.reference(), charge.amount(), card, charge.returnUrl(),
                true, saved -> fingerprint == null ? null : new ProviderCardToken(saved, fingerprint));
    }

    /**
     * A later charge of a saved card: {@code saved_token_id} as the charge's {@code token_id}, as Midtrans documents
     * for one-click and recurring charges. The customer's one-click charge asks 3-D Secure ({@code authentication});
     * a merchant-initiated one does not, and one Midtrans still wants to challenge is cancelled there and declined.
     */
    @Override
    public ChargeAccepted chargeStoredCard(StoredCardCharge charge) {
        MidtransAccount account = accounts.require(charge.merchantId());
        if (!"IDR".equals(charge.currency()) || charge.amount().stripTrailingZeros().scale() > 0) {
            throw new ChargeRefused("Amount or currency not supported by the payment provider");
        }
        boolean customer = charge.initiator() == StoredCardCharge.Initiator.CUSTOMER;
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("token_id", charge.providerToken());
        card.put("authentication", customer);
        ChargeAccepted accepted = charge(account, charge.paymentCode(), charge.reference(), charge.amount(), card,
                charge.returnUrl(), customer, saved -> null);
        if (!customer && accepted.challengeRequired()) {
            try {
                cancelCharge(charge.merchantId(), charge.reference());
            } catch (RuntimeException e) {
                LOG.warnf("payment %s: midtrans charge %s wanted 3-D Secure without the customer; its cancel failed "
                        + "(%s)", charge.paymentCode(), charge.reference(), e.getClass().getSimpleName());
            }
            throw new ChargeRefused("3-D Secure required");
        }
        return accepted;
    }

    /**
     * Midtrans keeps a saved token until it expires; the Core API offers no call to forget one, so forgetting it is the
     * gateway's: the token is deleted with the stored card and never sent again.
     */
    @Override
    public void forgetCard(String merchantId, String providerToken) {
        // nothing to call: the stored card's row is deleted, so the saved token is never charged again
    }

    /**
     * {@code POST /v2/charge} {@code credit_card} and what its answer means; {@code savedToken} makes the stored card of
     * an answer's {@code saved_token_id} (null: nothing to store).
     */
    private ChargeAccepted charge(MidtransAccount account, String paymentCode, String reference, BigDecimal amount,
                                  Map<String, Object> creditCard, String returnUrl, boolean challengeAllowed,
                                  Function<String, ProviderCardToken> savedToken) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_type", "credit_card");
        body.put("transaction_details", Map.of("order_id", reference, "gross_amount", amount.longValueExact()));
        body.put("credit_card", creditCard);
        MidtransAnswer answer = clients.charge(account, body);
        int code = answer.code();
        if (code != 200 && code != 201 && code != 202) {
            throw refusedOrUnknown(paymentCode, reference, "charge", answer);
        }
        MidtransTransaction t = MidtransTransaction.of(answer.body());
        Optional<ChargeStatus> meaning = t.meaning();
        if (meaning.isEmpty() || !reference.equals(t.orderId())) {
            throw new MidtransUnavailable("midtrans charge: an answer this channel does not understand ("
                    + answer.describe() + ")");
        }
        String saved = answer.text("saved_token_id");
        ProviderCardToken token = saved == null || saved.isBlank() ? null : savedToken.apply(saved);
        ChargeStatus status = meaning.get();
        if (status.state() == ChargeStatus.State.DECIDED && status.status() == PaymentStatus.FAILED) {
            throw new ChargeRefused(status.statusDesc());
        }
        if (status.state() == ChargeStatus.State.DECIDED) {
            return new ChargeAccepted(t.cardInfo(), false, null, status, token);
        }
        String redirect = answer.text("redirect_url");
        if ("pending".equals(t.transactionStatus()) && redirect != null && redirect.matches("https?://\\S+")) {
            return new ChargeAccepted(t.cardInfo(), true, challengeAllowed ? withCallback(redirect, returnUrl) : null,
                    null, token);
        }
        return new ChargeAccepted(t.cardInfo(), false, null, null, token); // e.g. fraud challenge: the notification
    }

    /**
     * The gateway's fingerprint of a card Midtrans saved: Midtrans answers none, so it is an HMAC-SHA256 of the number
     * under the merchant's server key (a secret the database never holds), by which the same card is not stored twice.
     */
    static String fingerprint(MidtransAccount account, String number) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(account.serverKey().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update("midtrans-card:".getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(number.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /**
     * The customer comes back to {@code returnUrl} from Midtrans's 3-D Secure page: {@code callback_url} on the
     * redirect URL, as Midtrans's JS library passes it ({@code MidtransNew3ds.redirect(url, {callbackUrl})}).
     */
    static String withCallback(String redirectUrl, String returnUrl) {
        return redirectUrl + (redirectUrl.contains("?") ? "&" : "?") + "callback_url="
                + URLEncoder.encode(returnUrl, StandardCharsets.UTF_8);
    }

    private static RuntimeException refusedOrUnknown(String paymentCode, String reference, String call,
                                                     MidtransAnswer answer) {
        int code = answer.code();
        LOG.warnf("payment %s: midtrans %s for charge %s answered %s", paymentCode, call, reference,
                answer.describe());
        if (code >= 500 || code == 406 || code < 400 || answer.body() == null) {
            // 406: this order id exists at Midtrans (an earlier charge went through?) — ask, do not guess
            return new MidtransUnavailable("midtrans " + call + ": " + answer.describe());
        }
        return new ChargeRefused(switch (code) {
            case 401, 402, 410 -> "The payment provider refused the merchant's account";
            case 411 -> "The payment provider refused the card token";
            case 429 -> "The payment provider is busy; please try again later";
            default -> "Card refused by the payment provider";
        });
    }

    @Override
    public Set<PaymentMethod> methods() {
        return METHODS;
    }

    /**
     * {@code POST /v2/charge} with the method's {@code payment_type} and a custom expiry ({@link MidtransOpenCharge}),
     * never repeated by this call. A 406 says the order id exists at Midtrans: the same charge, opened by an earlier
     * call whose answer was lost, so Midtrans's status of it is what the customer pays (never a second charge).
     */
    @Override
    public OpenedCharge openCharge(ChargeOpening opening) {
        MidtransAccount account = accounts.require(opening.merchantId());
        if (!METHODS.contains(opening.method()) || MidtransOpenCharge.paymentType(opening.method()) == null) {
            throw new ChargeRefused(opening.method() + " is not available through Midtrans");
        }
        if (!"IDR".equals(opening.currency()) || opening.amount().stripTrailingZeros().scale() > 0) {
            throw new ChargeRefused("Amount or currency not supported by the payment provider");
        }
        Instant now = Instant.now();
        if (opening.expiresAt() == null || !opening.expiresAt().isAfter(now.plus(MIN_LIFETIME))) {
            // Midtrans's custom expiry is at least 20 seconds
            throw new ChargeRefused("The payment expires too soon to be paid with " + opening.method());
        }
        MidtransAnswer answer = clients.charge(account,
                MidtransOpenCharge.body(opening, now, urls.page(opening.paymentCode())));
        int code = answer.code();
        if (code == 406) {
            LOG.infof("payment %s: midtrans knows charge %s already (406); its status tells what was opened",
                    opening.paymentCode(), opening.reference());
            MidtransAnswer known = statusAnswer(account, opening.reference()).orElseThrow(() ->
                    new MidtransUnavailable("midtrans charge: 406 for " + opening.reference() + ", but no status"));
            return MidtransOpenCharge.opened(known.body(), opening.method(), opening.expiresAt());
        }
        if (code == 200 || code == 201 || code == 202) {
            MidtransTransaction t = MidtransTransaction.of(answer.body());
            if (!opening.reference().equals(t.orderId())) {
                throw new MidtransUnavailable("midtrans charge: an answer for another order (" + answer.describe()
                        + ")");
            }
            Optional<ChargeStatus> meaning = t.meaning();
            if (meaning.isPresent() && meaning.get().state() == ChargeStatus.State.DECIDED
                    && meaning.get().status() == PaymentStatus.FAILED) {
                throw new ChargeRefused(meaning.get().statusDesc());
            }
            return MidtransOpenCharge.opened(answer.body(), opening.method(), opening.expiresAt());
        }
        LOG.warnf("payment %s: midtrans charge %s (%s) answered %s", opening.paymentCode(), opening.reference(),
                opening.method(), answer.describe());
        if (code >= 500 || code < 400 || answer.body() == null) {
            throw new MidtransUnavailable("midtrans charge: " + answer.describe());
        }
        throw new ChargeRefused(switch (code) {
            case 401, 410 -> "The payment provider refused the merchant's account";
            case 402 -> opening.method() + " is not enabled for this merchant at the payment provider";
            case 429 -> "The payment provider is busy; please try again later";
            default -> opening.method() + " refused by the payment provider";
        });
    }

    /**
     * {@code POST /v2/{order_id}/cancel}: 200 {@code cancel} → CANCELLED; 404 → never opened there (UNKNOWN); 412
     * (Midtrans cannot change it: settled, expired, cancelled before) and anything else readable → what Midtrans's
     * status says (settlement → CAPTURED, so the payment is captured by it and nothing new is opened).
     */
    @Override
    public ChargeStatus cancelCharge(String merchantId, String reference) {
        MidtransAccount account = accounts.require(merchantId);
        MidtransAnswer answer = clients.cancel(account, reference);
        int code = answer.code();
        if (code == 404) {
            return ChargeStatus.unknown();
        }
        if (code >= 500 || answer.body() == null) {
            throw new MidtransUnavailable("midtrans cancel of " + reference + ": " + answer.describe());
        }
        MidtransTransaction t = MidtransTransaction.of(answer.body());
        if ((code == 200 || code == 202) && reference.equals(t.orderId())
                && "cancel".equalsIgnoreCase(t.transactionStatus())) {
            LOG.infof("midtrans charge %s cancelled", reference);
            return ChargeStatus.decided(PaymentStatus.CANCELLED, null, null);
        }
        LOG.infof("midtrans cancel of charge %s answered %s; asking its status", reference, answer.describe());
        return inquire(merchantId, reference);
    }

    @Override
    public RefundOutcome refund(RefundOrder order) {
        return refunds.refund(accounts.require(order.merchantId()), order);
    }

    @Override
    public RefundOutcome inquireRefund(String merchantId, String chargeReference, String refundReference) {
        return refunds.inquire(accounts.require(merchantId), chargeReference, refundReference);
    }

    @Override
    public ChargeAccepted chargeDirectDebit(DirectDebitCharge charge) {
        throw new ChargeRefused("Direct debit is not available through Midtrans");
    }

    @Override
    public boolean takesDirectDebit() {
        return false;
    }

    /** Midtrans takes the 3-D Secure answer on its own page, never from ours. */
    @Override
    public boolean completeChallenge(String reference, String otp) {
        return false;
    }

    @Override
    public ChargeStatus inquire(String merchantId, String reference) {
        return inquireTransaction(accounts.require(merchantId), reference)
                .map(t -> t.meaning().orElseThrow(() -> new MidtransUnavailable(
                        "midtrans status: transaction_status " + t.transactionStatus() + " not understood")))
                .orElseGet(ChargeStatus::unknown);
    }

    /** {@code GET /v2/{order_id}/status}: the transaction, or empty when Midtrans does not know it (404). */
    Optional<MidtransTransaction> inquireTransaction(MidtransAccount account, String reference) {
        return statusAnswer(account, reference).map(a -> MidtransTransaction.of(a.body()));
    }

    /** {@code GET /v2/{order_id}/status}: the answer about {@code reference}, or empty when Midtrans does not know it. */
    private Optional<MidtransAnswer> statusAnswer(MidtransAccount account, String reference) {
        MidtransAnswer answer = clients.status(account, reference);
        int code = answer.code();
        if (code == 404) {
            return Optional.empty();
        }
        MidtransTransaction t = answer.body() == null ? null : MidtransTransaction.of(answer.body());
        if (code >= 400 && code != 407 || t == null || !reference.equals(t.orderId())) {
            throw new MidtransUnavailable("midtrans status of " + reference + ": " + answer.describe());
        }
        return Optional.of(answer);
    }
}
