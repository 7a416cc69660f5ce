package io.paygate.qa;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import static io.restassured.RestAssured.given;

/**
 * The sandbox's customer actions (docs/contract.md §2, §2a) over plain HTTP, as a browser would post the pages' forms: no
 * token needed. Each returns once the gateway accepted the action; the payment then reaches its result
 * asynchronously ({@link Payments#awaitStatus}). Absent (404) on a deployment without the sandbox.
 */
public final class Sandbox {

    /** The sandbox wallet's PIN (docs/contract.md §2a). */
    public static final String WALLET_PIN = "123456";
    /** The OTP the sandbox bank page accepts for a binding (docs/contract.md §4). */
    public static final String BANK_OTP = "123456";

    private final PaygateTarget target;

    Sandbox(PaygateTarget target) {
        this.target = target;
    }

    /** Pays on the hosted page with a test card (expiry 12/2031, CVV 123); a {@link TestCard#THREE_DS} card also
     *  answers the 3-D Secure challenge with {@link TestCard#OTP}. */
    public void payByCard(Initiated payment, TestCard card) {
        payByCard(payment.reference(), card.number());
        if (card.challenged()) {
            answerOtp(payment.reference(), TestCard.OTP, Duration.ofSeconds(30));
        }
    }

    /** Posts the hosted page's card form (docs/contract.md §2) with any number; 303 when accepted. */
    public void payByCard(String reference, String cardNumber) {
        Response response = form().formParams(Map.of("cardNumber", cardNumber, "expiryMonth", "12",
                        "expiryYear", "2031", "cvv", "123", "cardholderName", "Budi Santoso"))
                .post(target.paymentUrl() + "/pg/pay/" + reference + "/card");
        Waits.expect(response, 303, "card form of " + reference);
    }

    /** Waits for the 3-D Secure challenge of a card payment and answers it. */
    public void answerOtp(String reference, String otp, Duration timeout) {
        Waits.until(timeout, "the 3-D Secure challenge of " + reference,
                () -> given().get(target.paymentUrl() + "/pg/pay/" + reference + "/state").jsonPath(),
                state -> state.getBoolean("awaitingOtp"), state -> state.getString("status"));
        Response response = form().formParam("otp", otp).post(target.paymentUrl() + "/pg/pay/" + reference + "/otp");
        Waits.expect(response, 303, "3-D Secure form of " + reference);
    }

    /**
     * Pays on the hosted page by direct debit through an {@code ACTIVE} binding of the payment's customer (docs/contract.md
     * §2 {@code /directdebit}); 303 when accepted.
     */
    public void payByDirectDebit(Initiated payment, String bindingId) {
        Response response = form().formParam("bindingId", bindingId)
                .post(target.paymentUrl() + "/pg/pay/" + payment.reference() + "/directdebit");
        Waits.expect(response, 303, "direct debit of " + payment.reference());
    }

    /** The customer approves a binding on the sandbox bank page with {@link #BANK_OTP}; it then turns ACTIVE. */
    public void approveBinding(Binding binding) {
        authorizeBinding(binding.bindingId(), BANK_OTP);
    }

    /** Posts the bank page's OTP form (binding-service {@code /pg/bind/{bindingId}/authorize}); 303 when answered. */
    public void authorizeBinding(String bindingId, String otp) {
        Response response = form().formParam("otp", otp)
                .post(target.bindingUrl() + "/pg/bind/" + bindingId + "/authorize");
        Waits.expect(response, 303, "bank page OTP of binding " + bindingId);
    }

    /** Chooses a method on the hosted page (docs/contract.md §2a "Choosing on the page"); 303 when its charge opened. */
    public void chooseMethod(String reference, String method) {
        Response response = form().formParam("type", method)
                .post(target.paymentUrl() + "/pg/pay/" + reference + "/method");
        Waits.expect(response, 303, "choosing " + method + " for " + reference);
    }

    /** The sandbox bank app pays a virtual account or a Mandiri bill (its bill key), the exact amount. */
    public void payVirtualAccount(String accountNumber, String amount) {
        Response response = form().formParams(Map.of("accountNumber", accountNumber, "amount", amount))
                .post(target.paymentUrl() + "/pg/sandbox/bank-app");
        Waits.expect(response, 200, "bank app paying " + accountNumber);
    }

    /** The sandbox bank app pays a preselected virtual account's initiation. */
    public void payVirtualAccount(Initiated payment) {
        payVirtualAccount(payment.paymentCode(), payment.amount());
    }

    /** The sandbox QRIS app scans the payment's QR image ({@code imageurl}) and pays. */
    public void scanQris(Initiated payment) {
        if (payment.imageUrl() == null) {
            throw new IllegalArgumentException("payment " + payment.reference() + " has no QR image (imageurl)");
        }
        byte[] png = given().get(onPaymentService(payment.imageUrl())).then().statusCode(200)
                .extract().asByteArray();
        Response response = given().redirects().follow(false).multiPart("image", "qr.png", png, "image/png")
                .post(target.paymentUrl() + "/pg/sandbox/qris-app");
        Waits.expect(response, 200, "QRIS app paying " + payment.reference());
    }

    /** The sandbox QRIS app pays a QR's text, as a scanning app reads it. */
    public void payQrisPayload(String payload) {
        Response response = form().formParam("payload", payload).post(target.paymentUrl() + "/pg/sandbox/qris-app");
        Waits.expect(response, 200, "QRIS app paying a payload");
    }

    /** Approves a wallet payment in the sandbox wallet ({@code appurl}; OVO's push) with {@link #WALLET_PIN}. */
    public void approveWallet(Initiated payment) {
        answerWallet(payment, "approve");
    }

    /** Declines it: the payment FAILS with {@code Declined by the customer}. */
    public void declineWallet(Initiated payment) {
        answerWallet(payment, "decline");
    }

    /** Pays a convenience-store code at the sandbox cashier ({@code ALFAMART} or {@code INDOMARET}). */
    public void payAtCashier(String store, String paymentCode, String amount) {
        Response response = form().formParams(Map.of("store", store, "paymentCode", paymentCode, "amount", amount))
                .post(target.paymentUrl() + "/pg/sandbox/cashier");
        Waits.expect(response, 200, "cashier paying " + paymentCode);
    }

    /** Pays a preselected store payment's code at the cashier of its store. */
    public void payAtCashier(Initiated payment) {
        Map<String, Object> account = payment.accountList().isEmpty() ? Map.of() : payment.accountList().getFirst();
        Object store = account.get("store");
        if (store == null) {
            throw new IllegalArgumentException("payment " + payment.reference() + " has no store in its accountList");
        }
        payAtCashier(store.toString(), payment.paymentCode(), payment.amount());
    }

    /**
     * Decides a payment without the page (docs/contract.md §2 "Sandbox shortcut"): {@code CAPTURED} or {@code FAILED}. Needs
     * the ops token ({@code paygate.ops-token}), which a QA suite against staging usually does not hold.
     */
    public void simulate(String reference, String status) {
        String token = target.opsToken().orElseThrow(() -> new IllegalStateException(
                "simulate needs the ops token: -Dpaygate.ops-token=…"));
        Response response = given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body("{\"status\":\"" + status + "\"}")
                .post(target.paymentUrl() + "/pg/sandbox/payments/" + reference + "/simulate");
        Waits.expect(response, 200, "simulate " + status + " for " + reference);
    }

    private void answerWallet(Initiated payment, String action) {
        if (payment.appUrl() == null) {
            throw new IllegalArgumentException("payment " + payment.reference() + " has no wallet link (appurl)");
        }
        Response response = form().formParams(Map.of("action", action, "pin", WALLET_PIN))
                .post(onPaymentService(payment.appUrl()));
        Waits.expect(response, 200, "wallet " + action + " of " + payment.reference());
    }

    /** A link the gateway made, on the payment service this suite talks to (the path is what matters). */
    private String onPaymentService(String link) {
        URI uri = URI.create(link);
        return target.paymentUrl() + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private static RequestSpecification form() {
        return given().redirects().follow(false).contentType("application/x-www-form-urlencoded");
    }
}
