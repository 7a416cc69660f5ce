package io.paygate.payment.web;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageHeaders;
import io.paygate.payment.config.GatewayTime;
import io.paygate.payment.service.BindingDirectory;
import io.paygate.payment.service.Checkout;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds {@link PageView}s: which view a payment's state shows, and its texts formatted for the customer. */
@ApplicationScoped
public class PageViews {

    private static final DateTimeFormatter EXPIRES = DateTimeFormatter.ofPattern("d MMM uuuu, HH:mm", Locale.ENGLISH);

    private final Merchants merchants;
    private final GatewayTime time;

    PageViews(Merchants merchants, GatewayTime time) {
        this.merchants = merchants;
        this.time = time;
    }

    /**
     * The view of a payment as it stands, with the form errors and values of a refused submission, if any.
     *
     * @param fromBank this browser came back from the provider's 3-D Secure page ({@code ?from=bank}): a payment
     *                 still waiting for it shows processing (with the bank's link kept), not the link alone
     */
    public PageView of(Checkout c, List<BindingDirectory.ActiveBinding> bindings, Map<String, String> errors,
                       String formError, Map<String, String> values, boolean fromBank) {
        Instant now = time.now();
        String view = viewOf(c, now, fromBank);
        String merchantName = merchants.find(c.merchantId()).map(Merchant::name).orElse(c.merchantId());
        return new PageView(view, titleOf(view), c.paymentCode(), merchantName, c.description(),
                Money.format(c.amount(), c.currency()), c.currency(), timeLeft(Duration.between(now, c.expiresAt())),
                EXPIRES.format(c.expiresAt().atZone(time.zone())) + " (" + time.zone().getId() + ")",
                c.expiresAt().toEpochMilli(), c.statusDesc(), c.cardMask(), c.returnUrl(),
                "pay".equals(view) ? bindings : List.of(), errors, formError, values, PageHeaders.nonce(),
                "challenge".equals(view) || "processing".equals(view) ? c.challengeUrl() : null, c.awaitingOtp());
    }

    /** A page without a payment: {@code notfound}, {@code error} or {@code unavailable} (the database is away). */
    public PageView bare(String view) {
        return new PageView(view, titleOf(view), null, null, null, null, null, null, null, 0, null, null, null,
                List.of(), Map.of(), null, Map.of(), PageHeaders.nonce(), null, false);
    }

    static String viewOf(Checkout c, Instant now, boolean fromBank) {
        return switch (c.status()) {
            case PENDING -> c.payable(now) ? "pay" : "expired";
            case PROCESSING -> c.awaitingOtp() && !(fromBank && c.challengeUrl() != null) ? "challenge" : "processing";
            case CAPTURED -> "captured";
            case FAILED -> "failed";
            case EXPIRED -> "expired";
        };
    }

    /** HTTP status of a view: 410 for an expired link, 404 for an unknown one. */
    static int httpStatus(String view) {
        return switch (view) {
            case "expired" -> 410;
            case "notfound" -> 404;
            case "error" -> 500;
            case "unavailable" -> 503;
            default -> 200;
        };
    }

    private static String titleOf(String view) {
        return switch (view) {
            case "pay" -> "Complete your payment";
            case "challenge" -> "Verify with your bank";
            case "processing" -> "Processing your payment";
            case "captured" -> "Payment successful";
            case "failed" -> "Payment failed";
            case "expired" -> "This payment link has expired";
            case "notfound" -> "Payment not found";
            case "unavailable" -> "Temporarily unavailable";
            default -> "Something went wrong";
        };
    }

    static String timeLeft(Duration left) {
        if (left.isNegative() || left.isZero()) {
            return "expired";
        }
        long minutes = left.toMinutes();
        if (minutes < 1) {
            return "less than a minute";
        }
        if (minutes < 60) {
            return minutes + " min";
        }
        return left.toHours() + " h " + left.toMinutesPart() + " min";
    }
}
