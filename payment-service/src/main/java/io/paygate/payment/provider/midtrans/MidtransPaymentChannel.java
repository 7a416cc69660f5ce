package io.paygate.payment.provider.midtrans;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ChargeOpening;
import io.paygate.payment.provider.OpenedCharge;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.RefundOutcome;
import io.paygate.payment.provider.CardCharge;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.PaymentChannel;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.Map;
import java.util.Optional;

/**
 * The Midtrans Core API card channel (issue #18, CONTRACT §2): card token with the client key ({@code GET /v2/token},
 * the only place the card data go), then {@code POST /v2/charge} {@code credit_card} with 3-D Secure
 * ({@code authentication: true}) under the payment's charge reference as {@code order_id}, never repeated. Midtrans
 * answers: 200 capture/accept → CAPTURED at once; 201 pending + {@code redirect_url} → the customer passes 3-D Secure
 * on Midtrans's page and the HTTP notification decides; 202 deny and the documented 4xx refusals (nothing charged) →
 * FAILED; a 406 (the order id exists), a 5xx, a timeout → unknown, reconciled by {@code GET /v2/{order_id}/status}.
 * Direct debit is not a Midtrans Core API card payment: refused (the page does not offer it).
 */
@ApplicationScoped
public class MidtransPaymentChannel implements PaymentChannel {

    public static final String NAME = MidtransAccounts.PROVIDER;
    private static final Logger LOG = Logger.getLogger(MidtransPaymentChannel.class);
    private static final Set<PaymentMethod> METHODS = EnumSet.of(PaymentMethod.CARD);

    private final MidtransAccounts accounts;
    private final MidtransClients clients;

    MidtransPaymentChannel(MidtransAccounts accounts, MidtransClients clients) {
        this.accounts = accounts;
        this.clients = clients;
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
            throw refusedOrUnknown(charge, "token", token);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_type", "credit_card");
        body.put("transaction_details", Map.of("order_id", charge.reference(),
                "gross_amount", charge.amount().longValueExact()));
        body.put("credit_card", Map.of("token_id", token.text("token_id"), "authentication", true));
        MidtransAnswer answer = clients.charge(account, body);
        int code = answer.code();
        if (code != 200 && code != 201 && code != 202) {
            throw refusedOrUnknown(charge, "charge", answer);
        }
        MidtransTransaction t = MidtransTransaction.of(answer.body());
        Optional<ChargeStatus> meaning = t.meaning();
        if (meaning.isEmpty() || !charge.reference().equals(t.orderId())) {
            throw new MidtransUnavailable("midtrans charge: an answer this channel does not understand ("
                    + answer.describe() + ")");
        }
        ChargeStatus status = meaning.get();
        if (status.state() == ChargeStatus.State.DECIDED && status.status() == PaymentStatus.FAILED) {
            throw new ChargeRefused(status.statusDesc());
        }
        if (status.state() == ChargeStatus.State.DECIDED) {
            return new ChargeAccepted(t.cardInfo(), false, null, status);
        }
        String redirect = answer.text("redirect_url");
        if ("pending".equals(t.transactionStatus()) && redirect != null && redirect.matches("https?://\\S+")) {
            return new ChargeAccepted(t.cardInfo(), true, withCallback(redirect, charge.returnUrl()), null);
        }
        return new ChargeAccepted(t.cardInfo(), false, null, null); // e.g. fraud challenge: the notification decides
    }

    /**
     * The customer comes back to {@code returnUrl} from Midtrans's 3-D Secure page: {@code callback_url} on the
     * redirect URL, as Midtrans's JS library passes it ({@code MidtransNew3ds.redirect(url, {callbackUrl})}).
     */
    static String withCallback(String redirectUrl, String returnUrl) {
        return redirectUrl + (redirectUrl.contains("?") ? "&" : "?") + "callback_url="
                + URLEncoder.encode(returnUrl, StandardCharsets.UTF_8);
    }

    private static RuntimeException refusedOrUnknown(CardCharge charge, String call, MidtransAnswer answer) {
        int code = answer.code();
        LOG.warnf("payment %s: midtrans %s for charge %s answered %s", charge.paymentCode(), call,
                charge.reference(), answer.describe());
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

    @Override
    public OpenedCharge openCharge(ChargeOpening opening) {
        throw new ChargeRefused(opening.method() + " is not available through Midtrans yet");
    }

    @Override
    public ChargeStatus cancelCharge(String merchantId, String reference) {
        return ChargeStatus.unknown();
    }

    @Override
    public RefundOutcome refund(RefundOrder order) {
        return RefundOutcome.failed("Refunds through Midtrans are not available yet");
    }

    @Override
    public RefundOutcome inquireRefund(String merchantId, String chargeReference, String refundReference) {
        return RefundOutcome.unknown();
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
        MidtransAnswer answer = clients.status(account, reference);
        int code = answer.code();
        if (code == 404) {
            return Optional.empty();
        }
        MidtransTransaction t = answer.body() == null ? null : MidtransTransaction.of(answer.body());
        if (code >= 400 && code != 407 || t == null || !reference.equals(t.orderId())) {
            throw new MidtransUnavailable("midtrans status of " + reference + ": " + answer.describe());
        }
        return Optional.of(t);
    }
}
