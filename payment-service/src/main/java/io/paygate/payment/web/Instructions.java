package io.paygate.payment.web;

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

    /** One thing to pay with; {@code prominent} is the one the customer types (shown large, with a copy button). */
    @TemplateData
    public record Detail(String id, String label, String value, boolean copy, boolean prominent, String copyLabel) {
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
}
