package io.paygate.payment.checkout;

import io.paygate.model.api.payment.PaymentMethod;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * How to pay the open charge of a method (docs/contract.md §2a "Choosing on the page"), already worded in the page's language:
 * what to pay with ({@code details}: the number, code or account, each copyable where it is typed somewhere), the QR,
 * the wallet's app button, the steps, and until when. {@code kind} is {@code va}, {@code bill}, {@code qr},
 * {@code wallet}, {@code push} or {@code store}.
 *
 * @param qrDesktopOnly the QR is a wallet's, shown on wide screens only (on a phone the app button pays)
 * @param sandboxUrl    on the sandbox channel, the sandbox page that pays this charge; else null
 */
@TemplateData
public record Instructions(String method, String kind, String title, String lead, List<Detail> details,
                           String qrUrl, String qrAlt, String qrCaption, boolean qrDesktopOnly, String qrDownload,
                           String appUrl, String appButton, List<StepGroup> steps, String expiresAtText,
                           long expiresAtEpochMillis, String countdownText, String sandboxUrl, String sandboxText) {

    /**
     * One thing to pay with; {@code prominent} is the one the customer types (shown large, with a copy button, which
     * copies {@code value} as it is).
     */
    @TemplateData
    public record Detail(String id, String label, String value, boolean copy, boolean prominent, String copyLabel) {

        /** The value as the page writes it: a long number in groups of four ({@link #grouped}). */
        public String shown() {
            return grouped(value);
        }

        /** Whether the page writes the value otherwise than it is copied. */
        public boolean regrouped() {
            return !shown().equals(value);
        }
    }

    /** Steps of one way to pay (ATM, an app, a cashier). */
    @TemplateData
    public record StepGroup(String id, String title, List<String> steps) {
    }

    /** One list of steps (a QR, a wallet, a store) rather than one per channel (ATM, app, internet banking). */
    public boolean oneWayToPay() {
        return steps.size() == 1;
    }

    public boolean hasQr() {
        return qrUrl != null;
    }

    /** The brand's text badge above the instructions. */
    public BrandMarks.Badge badge() {
        return BrandMarks.of(PaymentMethod.valueOf(method));
    }

    /**
     * A number of eight digits or more in groups of four from the left, as people read a card or an account number
     * ({@code 8808123456789012} → {@code 8808 1234 5678 9012}); anything else (a store code, a biller code) as it is.
     */
    static String grouped(String value) {
        if (value == null || !value.matches("[0-9]{8,}")) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + value.length() / 4);
        for (int i = 0; i < value.length(); i++) {
            if (i > 0 && i % 4 == 0) {
                out.append(' ');
            }
            out.append(value.charAt(i));
        }
        return out.toString();
    }
}
