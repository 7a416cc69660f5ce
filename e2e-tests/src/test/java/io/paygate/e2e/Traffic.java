package io.paygate.e2e;

import io.restassured.response.Response;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;

/**
 * The merchant {@code demo} and its customers driving resources through their states over {@link Ingress}es, each
 * step sent again until it is answered (the contract makes every one safe to repeat): a binding approved on the bank
 * page and unbound, a card payment, a card payment racing the sandbox's FAILED, a transfer moved by the bank and by
 * the merchant and the operator. Each flow returns the resource to check against what the merchant heard.
 */
final class Traffic {

    private static final int ATTEMPTS = 40;
    private static final Set<String> PAYMENT_FINAL = Set.of("CAPTURED", "FAILED", "EXPIRED");
    private static final Set<String> TRANSFER_MOVING = Set.of("01", "02");

    /** A resource a flow created: where its notifications go, its id in them, the id its status is read by. */
    record Tracked(String path, String id, String lookup, Instant actedAt) {
    }

    private final Ingress payments;
    private final Ingress bindings;
    private final RacingMerchant merchant;

    Traffic(Ingress payments, Ingress bindings, RacingMerchant merchant) {
        this.payments = payments;
        this.bindings = bindings;
        this.merchant = merchant;
    }

    /** Bind, approve on the bank page (OTP), wait up to {@code pause}, unbind: ACTIVE then UNBOUND. */
    Tracked bindApproveUnbind(Duration pause) throws InterruptedException {
        String customer = "CUST-" + UUID.randomUUID();
        String body = """
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}""".formatted(customer);
        String bindingId = bindings.send("bind", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                .body(body).post("/pg/payment/card/directdebit/bind"), ok(200)).path("bindingId");
        bindings.send("authorize", ATTEMPTS, base -> given().baseUri(base).config(Ingress.TIMEOUTS)
                .redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("otp", "123456")
                .post("/pg/bind/" + bindingId + "/authorize"), ok(303));
        pause(pause);
        // 409: an earlier attempt did unbind it, and its answer was lost.
        bindings.send("unbind", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                .delete("/pg/payment/card/directdebit/bind/" + bindingId), ok(200, 409));
        return new Tracked(RacingMerchant.BINDINGS, bindingId, bindingId, Instant.now());
    }

    /** A card payment that the sandbox provider captures. */
    Tracked payByCard() throws InterruptedException {
        String[] payment = initiate();
        postCard(payment[1]);
        return new Tracked(RacingMerchant.PAYMENTS, payment[1], payment[0], Instant.now());
    }

    /**
     * The customer posts the card form while the sandbox is told {@code FAILED} for the same payment, both sent at the
     * same moment to (round robin) different replicas: whichever wins, the payment ends in one final state.
     */
    Tracked payRacingFailed() throws InterruptedException {
        String[] payment = initiate();
        CountDownLatch go = new CountDownLatch(1);
        Thread failer = Thread.ofVirtual().start(() -> {
            try {
                go.await();
                payments.send("simulate", ATTEMPTS, base -> Merchant.ops(base).config(Ingress.TIMEOUTS)
                        .body("{\"status\":\"FAILED\"}").post("/pg/sandbox/payments/" + payment[1] + "/simulate"),
                        ok(200, 409));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        go.countDown();
        postCard(payment[1]);
        failer.join();
        return new Tracked(RacingMerchant.PAYMENTS, payment[1], payment[0], Instant.now());
    }

    /** {@code {orderId, paymentCode}} of a new payment notified to the merchant. */
    private String[] initiate() throws InterruptedException {
        String orderId = "ORD-" + UUID.randomUUID();
        String body = """
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"id":"CUST-R",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, merchant.url(RacingMerchant.PAYMENTS));
        String redirect = payments.send("initiate", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                .body(body).post("/pg/payment/card/initiate"), ok(200)).path("redirecturl");
        return new String[] {orderId, redirect.substring(redirect.lastIndexOf('/') + 1)};
    }

    /** The card form; 303 also when the payment is no longer payable (the FAILED won, or a lost answer's retry). */
    private void postCard(String paymentCode) throws InterruptedException {
        payments.send("card", ATTEMPTS, base -> given().baseUri(base).config(Ingress.TIMEOUTS).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + paymentCode + "/card"), ok(303, 409));
    }

    /** A transfer that the sandbox bank moves {@code 01→02→00} by itself. */
    Tracked transfer() throws InterruptedException {
        String[] transfer = newTransfer();
        return new Tracked(RacingMerchant.DISBURSEMENTS, transfer[0], transfer[0], Instant.now());
    }

    /**
     * A transfer that goes through as many transitions as it can in a short time: every other one the merchant cancels
     * after up to {@code cancelWithin} (winning {@code 01→05} or losing to the bank's {@code 01→02}: 409), and once
     * the bank has paid it ({@code 00}) the operator marks it returned ({@code 04}) at once.
     */
    Tracked transferCancelledOrReturned(Duration cancelWithin) throws InterruptedException {
        String[] transfer = newTransfer();
        if (ThreadLocalRandom.current().nextBoolean()) {
            pause(cancelWithin);
            payments.send("cancel", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                    .post("/pg/disbursement/" + transfer[1] + "/cancel"), ok(200, 409));
        }
        String status = awaitTransfer(transfer[0]);
        if (status.equals("00")) {
            pause(Duration.ofMillis(400)); // while the 00 notification may be on its way to the merchant
            payments.send("ops-status", ATTEMPTS, base -> Merchant.ops(base).config(Ingress.TIMEOUTS)
                    .body("{\"latestTransactionStatus\":\"04\"}").post("/pg/ops/disbursements/" + transfer[1] + "/status"),
                    ok(200));
        }
        return new Tracked(RacingMerchant.DISBURSEMENTS, transfer[0], transfer[0], Instant.now());
    }

    /** {@code {partnerReferenceNo, referenceNo}} of a new transfer to an account the bank pays. */
    private String[] newTransfer() throws InterruptedException {
        String partnerRef = "TRF-" + UUID.randomUUID();
        String body = """
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}"""
                .formatted(partnerRef);
        String referenceNo = payments.send("transfer", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                .body(body).post("/pg/disbursement/transfer"), ok(200)).path("referenceNo");
        return new String[] {partnerRef, referenceNo};
    }

    /** Polls the transfer until the bank is done moving it; its status then. */
    private String awaitTransfer(String partnerRef) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            String status = state(new Tracked(RacingMerchant.DISBURSEMENTS, partnerRef, partnerRef, null));
            if (!TRANSFER_MOVING.contains(status)) {
                return status;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("transfer " + partnerRef + " still moving after 30 s");
    }

    /** The resource's state as its status API tells the merchant. */
    String state(Tracked resource) throws InterruptedException {
        return switch (resource.path()) {
            case RacingMerchant.PAYMENTS -> payments.send("status", ATTEMPTS, base -> Merchant.api(base)
                    .config(Ingress.TIMEOUTS).get("/pg/payment/card/status/" + resource.lookup()), ok(200))
                    .path("result.payment.status");
            case RacingMerchant.BINDINGS -> bindings.send("get", ATTEMPTS, base -> Merchant.api(base)
                    .config(Ingress.TIMEOUTS).get("/pg/payment/card/directdebit/bind/" + resource.lookup()), ok(200))
                    .path("status");
            case RacingMerchant.DISBURSEMENTS -> payments.send("transfer-status", ATTEMPTS, base -> Merchant.api(base)
                    .config(Ingress.TIMEOUTS).get("/pg/disbursement/status/" + resource.lookup()), ok(200))
                    .path("latestTransactionStatus");
            default -> throw new IllegalArgumentException(resource.path());
        };
    }

    /** Whether nothing will move the resource on by itself any more (a payment decided, the bank done). */
    static boolean settled(Tracked resource, String state) {
        return switch (resource.path()) {
            case RacingMerchant.PAYMENTS -> PAYMENT_FINAL.contains(state);
            case RacingMerchant.BINDINGS -> !state.equals("PENDING");
            default -> !TRANSFER_MOVING.contains(state);
        };
    }

    private static java.util.function.Predicate<Response> ok(int... statuses) {
        return response -> java.util.Arrays.stream(statuses).anyMatch(s -> s == response.statusCode());
    }

    private static void pause(Duration upTo) throws InterruptedException {
        if (!upTo.isZero()) {
            Thread.sleep(ThreadLocalRandom.current().nextLong(upTo.toMillis() + 1));
        }
    }
}
