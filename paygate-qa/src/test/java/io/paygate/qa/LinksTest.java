package io.paygate.qa;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Customer;
import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.LinkStatusResponse;
import io.paygate.model.json.Json;
import io.paygate.qa.StandIn.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static io.paygate.qa.MerchantAdminTest.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit's payment links (docs/contract.md §11) against a payment-service stand-in that answers the merchant API only
 * when signed as the merchant (§0), and serves a link page whose form posts, as a browser would, to the action the page
 * names with its hidden fields and cookie.
 */
@ExtendWith(WithoutEnvironment.class)
class LinksTest {

    static final String SECRET = "qa-client-secret";
    static final String CALLBACK = "https://merchant.example/callbacks";

    StandIn paymentService;
    Paygate paygate;
    final AtomicInteger statusReads = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        paymentService = new StandIn(this::route);
        String nowhere = "http://127.0.0.1:9";
        paygate = Paygate.of(new PaygateTarget(paymentService.url(), nowhere, nowhere, "qa", SECRET,
                MerchantSelfServiceTest.NOTIFICATION_SECRET, CALLBACK, Optional.empty(), Optional.empty(),
                Optional.empty()));
    }

    @AfterEach
    void stop() {
        paymentService.close();
    }

    private Reply route(StandIn.Request request) {
        String target = request.target();
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        if (path.startsWith("/pg/link/")) {
            return page(request, path);
        }
        if (!request.signedBy("qa", SECRET)) {
            return error(401, "4011300", "Unauthorized. Invalid signature");
        }
        return switch (request.method() + " " + path) {
            case "POST /pg/payment-links" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                    + "\"linkCode\":\"PLABC\",\"url\":\"" + paymentService.url() + "/pg/link/PLABC\",\"whatsappUrl\":"
                    + "\"https://wa.me/?text=x\",\"status\":\"ACTIVE\"}");
            case "GET /pg/payment-links/POSTER%201" -> {
                boolean paid = statusReads.incrementAndGet() >= 3;
                yield Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"id\":\"POSTER 1\","
                        + "\"linkCode\":\"PLABC\",\"status\":\"" + (paid ? "PAID" : "ACTIVE") + "\",\"paymentCount\":"
                        + (paid ? 1 : 0) + ",\"amountCollected\":" + (paid ? "150000.00" : "0") + ",\"payments\":"
                        + "[{\"orderId\":\"POSTER 1-1\",\"status\":\"" + (paid ? "CAPTURED" : "PENDING")
                        + "\",\"amount\":150000.00}]}");
            }
            case "GET /pg/payment-links" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                    + "\"links\":[{\"id\":\"L2\",\"status\":\"ACTIVE\",\"paymentCount\":0,\"amountCollected\":0}],"
                    + "\"nextCursor\":\"n2\"}");
            case "POST /pg/payment-links/L2/deactivate" -> Reply.ok("{\"responseCode\":\"2000000\","
                    + "\"responseMessage\":\"Success\",\"id\":\"L2\",\"status\":\"INACTIVE\",\"paymentCount\":0,"
                    + "\"amountCollected\":0}");
            case "POST /pg/payment-links/L3/deactivate" -> error(409, "4091300", "Conflict. link PAID");
            default -> error(404, "4041300", "Not Found");
        };
    }

    /** PLABC: a form to a path of its own with a hidden field and a cookie; PLEND: an ended link, no form. */
    private Reply page(StandIn.Request request, String path) {
        if (request.method().equals("GET") && path.equals("/pg/link/PLABC")) {
            return Reply.html(200, "<!doctype html><html lang=\"id\"><body><form method=\"get\" action=\"/elsewhere\">"
                    + "</form><form class=\"pay\" action=\"/pg/link/PLABC/start?x=1&amp;y=2\" method=\"POST\">"
                    + "<input type=\"hidden\" name=\"lang\" value=\"en\"><input name=\"name\" value=\"\">"
                    + "<input type='hidden' name='nonce' value='n&amp;1'></form></body></html>",
                    Map.of("Set-Cookie", "paygate_lang=en; Path=/pg"));
        }
        if (request.method().equals("POST") && path.equals("/pg/link/PLABC/start")) {
            if (!"paygate_lang=en".equals(request.header("Cookie"))) {
                return Reply.html(400, "no cookie", Map.of());
            }
            return request.body().contains("name=") ? Reply.html(303, "", Map.of("Location", "/pg/pay/PAY123"))
                    : Reply.html(400, "<p id=\"name-error\">Name needed</p>", Map.of());
        }
        if (path.equals("/pg/link/PLEND")) {
            return Reply.html(410, "<h1>This link has ended</h1>", Map.of());
        }
        return Reply.html(404, "not here", Map.of());
    }

    @Test
    void aLinkIsCreatedSignedWithTheDefaultsAndTheTargetsCallback() {
        Customer budi = new Customer("C-1", "budi@example.com", "Budi", "Santoso", "+6281234567890");
        LinkRequest request = LinkRequest.of("150000.00").withUsageLimit(1).withMethods("QRIS", "VA_BCA")
                .withCustomer(budi).withEmail(true);

        CreateLinkResponse link = paygate.links().create(request);

        assertEquals("PLABC", link.linkCode());
        assertEquals(paymentService.url() + "/pg/link/PLABC", link.url());
        JsonNode sent = Json.tree(paymentService.last().body());
        assertEquals(request.id(), sent.at("/link/id").asText());
        assertTrue(request.id().length() <= 50, request.id());
        assertEquals("150000.00", sent.at("/link/amount").asText());
        assertEquals(1, sent.at("/link/usageLimit").asInt());
        assertEquals("[\"QRIS\",\"VA_BCA\"]", sent.at("/link/methods").toString());
        assertTrue(sent.at("/notify/email").asBoolean());
        assertEquals(CALLBACK, sent.at("/url/callbackUrl").asText());
        assertEquals("budi@example.com", sent.at("/customer/email").asText());
        // optional members not given are not sent: the gateway's defaults apply
        assertTrue(sent.at("/link/minAmount").isMissingNode(), sent.toString());
        assertTrue(sent.at("/link/expiresAt").isMissingNode(), sent.toString());
        assertTrue(sent.at("/url/returnUrl").isMissingNode(), sent.toString());

        Paygate forged = Paygate.of(paygate.target().withClientSecret("not-the-secret"));
        AssertionError refused = assertThrows(AssertionError.class, () -> forged.links().create(request));
        assertTrue(refused.getMessage().contains("expected HTTP 200, got 401"), refused.getMessage());
    }

    @Test
    void anOpenLinkSendsItsBoundsAndNoAmount() {
        paygate.links().create(LinkRequest.open("10000.00", "500000.00").withCallbackUrl("https://other.example/cb"));
        JsonNode sent = Json.tree(paymentService.last().body());
        assertEquals("10000.00", sent.at("/link/minAmount").asText());
        assertEquals("500000.00", sent.at("/link/maxAmount").asText());
        assertTrue(sent.at("/link/amount").isMissingNode(), sent.toString());
        assertTrue(sent.at("/notify").isMissingNode(), sent.toString());
        assertEquals("https://other.example/cb", sent.at("/url/callbackUrl").asText());
    }

    @Test
    void getListAndDeactivateGoToTheLinksPathsAndParseTheirReplies() {
        LinkStatusResponse link = paygate.links().get("POSTER 1");
        assertEquals("GET /pg/payment-links/POSTER%201", paymentService.last().line());
        assertEquals("ACTIVE", link.status());
        assertEquals("POSTER 1-1", link.payments().getFirst().orderId());

        var page = paygate.links().list(ListQuery.all().status("ACTIVE").limit(5));
        String line = paymentService.last().line();
        assertEquals(Set.of("status=ACTIVE", "limit=5"), Set.of(line.substring(line.indexOf('?') + 1).split("&")));
        assertEquals("n2", page.nextCursor());
        assertEquals("L2", page.links().getFirst().id());

        assertEquals("INACTIVE", paygate.links().deactivate("L2").status());
        assertEquals("POST /pg/payment-links/L2/deactivate", paymentService.last().line());
        assertEquals(409, paygate.links().deactivateReply("L3").statusCode());
        AssertionError conflict = assertThrows(AssertionError.class, () -> paygate.links().deactivate("L3"));
        assertTrue(conflict.getMessage().contains("got 409"), conflict.getMessage());
    }

    @Test
    void awaitStatusPollsUntilTheLinkIsPaid() {
        LinkStatusResponse paid = paygate.links().awaitStatus("POSTER 1", Duration.ofSeconds(10), "PAID");
        assertEquals(1, paid.paymentCount());
        assertEquals(0, new BigDecimal("150000.00").compareTo(paid.amountCollected()));
        assertEquals(3, statusReads.get());
    }

    @Test
    void aCustomerPostsThePagesOwnFormWithItsHiddenFieldsAndCookieAndLandsOnTheHostedPage() {
        LinkStart start = paygate.links().customer(paymentService.url() + "/pg/link/PLABC")
                .start(LinkForm.named("Budi Santoso").email("budi@example.com"));

        assertEquals("PAY123", start.reference());
        assertEquals(paymentService.url() + "/pg/pay/PAY123", start.redirectUrl());
        StandIn.Request post = paymentService.last();
        assertEquals("POST", post.method());
        assertEquals("/pg/link/PLABC/start?x=1&y=2", post.target());
        assertEquals(Set.of("lang=en", "nonce=n%261", "name=Budi%20Santoso", "email=budi%40example.com"),
                Set.of(post.body().split("&")));
        assertNull(post.header("X-SIGNATURE"));
    }

    @Test
    void aRefusedFormAndAnEndedLinkAreAnsweredAsThePageSays() {
        LinkCustomer customer = paygate.links().customer(paymentService.url() + "/pg/link/PLABC");
        var refused = customer.startReply(LinkForm.empty().amount("5"));
        assertEquals(400, refused.statusCode());
        assertTrue(refused.asString().contains("name-error"));
        AssertionError failed = assertThrows(AssertionError.class, () -> customer.start(LinkForm.empty()));
        assertTrue(failed.getMessage().contains("expected HTTP 303, got 400"), failed.getMessage());

        var ended = paygate.links().customer(paymentService.url() + "/pg/link/PLEND").startReply(LinkForm.empty());
        assertEquals(410, ended.statusCode());
        StandIn.Request post = paymentService.last();
        assertEquals("POST /pg/link/PLEND", post.method() + " " + post.target());
        assertFalse(post.body().contains("name="));
    }
}
