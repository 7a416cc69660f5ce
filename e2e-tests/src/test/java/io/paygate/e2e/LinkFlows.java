package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.e2e.TimedHttp.Reply;
import io.paygate.model.json.Json;
import io.paygate.qa.LinkCustomer;
import io.paygate.qa.LinkForm;
import io.paygate.qa.LinkStart;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTarget;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedMailServer;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47's race at three replicas of every service ({@link ReplicatedStackIT}): a single-use payment link
 * (docs/contract.md §11) opened by five customers at once, each through another payment-service replica, starts one
 * payment; the other four are told to come back and nothing is made for them. The one is paid by card, the link is
 * PAID at every replica, and a sixth customer finds it ended. The link sends receipts by e-mail: the SMTP server is
 * away while the payment is captured, which neither delays nor fails it, and the receipt arrives once after it is back,
 * to the one customer who paid. The customers use the QA kit's link page ({@link LinkCustomer}: the page's own form,
 * as a browser posts it).
 */
final class LinkFlows {

    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    static final int CUSTOMERS = 5;

    private final ReplicatedStack replicas;

    LinkFlows(ReplicatedStack replicas) {
        this.replicas = replicas;
    }

    /** What the race left: the link's id, the one payment's order id, and the busy replies' status. */
    record Race(String linkId, String orderId, int busyStatus) {
    }

    /**
     * The race; then the merchant at {@code merchant}'s {@link RacingMerchant#LINKS} has heard the link PAID
     * ({@code payment-link}) and the payment CAPTURED with the link named in it.
     */
    Race singleUseLinkOpenedByFiveAtOnce(RacingMerchant merchant) throws Exception {
        String callbackUrl = merchant.url(RacingMerchant.LINKS);
        SandboxMerchants.Merchant demo = SandboxMerchants.DEMO;
        String linkId = "E2E-L-" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        Reply created = TimedHttp.signed(payment(0), demo, "POST", "/pg/payment-links", """
                {"link":{"id":"%s","description":"Coffee beans 1 kg","amount":"150000.00","usageLimit":1},\
                "notify":{"email":true},"url":{"callbackUrl":"%s"}}""".formatted(linkId, callbackUrl));
        assertEquals(200, created.status(), created.body());
        String linkCode = Json.tree(created.body()).path("linkCode").asText();

        CountDownLatch ready = new CountDownLatch(CUSTOMERS);
        List<Future<Response>> sent = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CUSTOMERS; i++) {
                LinkCustomer customer = customerAt(i % ReplicatedStack.REPLICAS, linkCode);
                LinkForm form = LinkForm.named("Customer " + (char) ('A' + i)).email("customer" + i + "@example.com");
                sent.add(executor.submit(() -> {
                    ready.countDown();
                    ready.await();
                    return customer.startReply(form);
                }));
            }
        }
        List<Response> replies = new ArrayList<>();
        for (Future<Response> f : sent) {
            replies.add(f.get());
        }
        List<Response> started = replies.stream().filter(r -> r.statusCode() == 303).toList();
        String payer = "customer" + replies.indexOf(started.isEmpty() ? null : started.getFirst()) + "@example.com";
        List<Response> busy = replies.stream().filter(r -> r.statusCode() != 303).toList();
        assertEquals(1, started.size(), "one payment started: " + statuses(replies));
        assertEquals(1, busy.stream().map(Response::statusCode).distinct().count(),
                "the four others told the same: " + statuses(replies));
        int busyStatus = busy.getFirst().statusCode();
        assertTrue(busyStatus == 409 || busyStatus == 429 || busyStatus == 503, "busy, not ended or refused: "
                + statuses(replies));

        JsonNode link = get(1, demo, linkId);
        assertEquals(1, link.path("payments").size(), "one payment made: " + link);
        String orderId = link.path("payments").get(0).path("orderId").asText();
        assertEquals(linkId + "-1", orderId);
        Reply second = TimedHttp.signed(payment(2), demo, "GET", "/pg/payment/card/status/" + linkId + "-2", null);
        assertEquals(404, second.status(), "nothing made for the others: " + second.body());

        String location = started.getFirst().header("Location");
        LinkStart start = new LinkStart(location.substring(location.lastIndexOf('/') + 1), location);
        EmbeddedMailServer mail = replicas.stack().mail();
        mail.disconnect(); // the SMTP server away while the payment is captured
        Reply card = TimedHttp.form(payment(2), "/pg/pay/" + start.reference() + "/card",
                Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031", "cvv", "123",
                        "cardholderName", "Budi Santoso"));
        assertEquals(303, card.status(), card.body());
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            JsonNode paid = await(k, demo, linkId, l -> l.path("status").asText().equals("PAID"));
            assertEquals(1, paid.path("paymentCount").asInt(), paid.toString());
            assertEquals("CAPTURED", paid.path("payments").get(0).path("status").asText(), paid.toString());
        }
        assertEquals(List.of(), mail.receivedBy(payer), "nothing could be sent yet");
        mail.reconnect();
        assertEquals(1, mail.awaitReceived(payer, 1, DEADLINE).size(), "the receipt, once the server is back");
        Response sixth = customerAt(0, linkCode).startReply(LinkForm.named("Late").email("late@example.com"));
        assertEquals(410, sixth.statusCode(), "a paid link has ended: " + sixth.asString());
        assertEquals(1, get(0, demo, linkId).path("payments").size(), "still one payment");

        assertEquals(1, mail.receivedBy(payer).size(), "one receipt, never two");
        for (int i = 0; i < CUSTOMERS; i++) {
            String address = "customer" + i + "@example.com";
            if (!address.equals(payer)) {
                assertEquals(List.of(), mail.receivedBy(address), "no mail to a customer who paid nothing");
            }
        }
        awaitHeard(merchant, linkId, "PAID");
        awaitHeard(merchant, start.reference(), "CAPTURED");
        JsonNode captured = merchant.bodies(RacingMerchant.LINKS).stream().map(Json::tree)
                .filter(n -> n.path("order").path("reference").asText().equals(start.reference())).findFirst()
                .orElseThrow();
        assertEquals(linkId, captured.path("link").path("id").asText(), "the payment names its link: " + captured);
        assertEquals(linkCode, captured.path("link").path("linkCode").asText(), captured.toString());
        return new Race(linkId, orderId, busyStatus);
    }

    private LinkCustomer customerAt(int k, String linkCode) {
        String base = payment(k);
        PaygateTarget anyone = new PaygateTarget(base, base, base, "nobody", "none", "whsec_bm9uZQ==",
                PaygateTarget.DEFAULT_CALLBACK_URL, Optional.empty());
        return Paygate.of(anyone).links().customer(base + "/pg/link/" + linkCode);
    }

    private String payment(int k) {
        return replicas.baseUrl("payment-service", k);
    }

    private JsonNode get(int k, SandboxMerchants.Merchant merchant, String linkId) {
        Reply reply = TimedHttp.signed(payment(k), merchant, "GET", "/pg/payment-links/" + linkId, null);
        assertEquals(200, reply.status(), reply.body());
        return Json.tree(reply.body());
    }

    private JsonNode await(int k, SandboxMerchants.Merchant merchant, String linkId, Predicate<JsonNode> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        JsonNode last;
        do {
            last = get(k, merchant, linkId);
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(POLL);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("link " + linkId + " at replica " + k + " not as awaited within " + DEADLINE + ": "
                + last);
    }

    private static void awaitHeard(RacingMerchant merchant, String resourceId, String state)
            throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!merchant.heard(RacingMerchant.LINKS, resourceId, state)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the merchant never heard " + resourceId + " " + state + ": "
                        + merchant.bodies(RacingMerchant.LINKS));
            }
            Thread.sleep(POLL);
        }
    }

    private static List<Integer> statuses(List<Response> replies) {
        return replies.stream().map(Response::statusCode).toList();
    }
}
