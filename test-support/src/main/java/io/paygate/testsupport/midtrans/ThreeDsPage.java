package io.paygate.testsupport.midtrans;

/** The simulator's 3-D Secure page: the OTP form the customer's browser opens at {@code redirect_url}. */
final class ThreeDsPage {

    private ThreeDsPage() {
    }

    static String form(SimTransaction t, String callbackUrl) {
        String hidden = callbackUrl == null ? ""
                : "<input type=\"hidden\" name=\"callback_url\" value=\"" + escape(callbackUrl) + "\">";
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>3D Secure (Midtrans simulator)</title></head>
                <body>
                <h1>3D Secure authentication</h1>
                <p>Order <span id="order">%s</span>, amount IDR <span id="amount">%s</span>, card %s</p>
                <form method="post" action="/v2/3ds/redirect/%s" id="otp-form">
                  <label for="otp">OTP (sandbox: 112233)</label>
                  <input type="text" id="otp" name="otp" autocomplete="one-time-code">
                  %s
                  <button type="submit" id="pay">Pay</button>
                </form>
                </body></html>
                """.formatted(escape(t.orderId), t.grossAmount, t.maskedCard, t.transactionId, hidden);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
