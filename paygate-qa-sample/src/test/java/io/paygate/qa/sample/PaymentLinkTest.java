package io.paygate.qa.sample;

import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.LinkStatusResponse;
import io.paygate.qa.LinkForm;
import io.paygate.qa.LinkRequest;
import io.paygate.qa.LinkStart;
import io.paygate.qa.LoggedNotification;
import io.paygate.qa.Mailbox;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentStatus;
import io.paygate.qa.TestCard;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A single-use payment link (docs/contract.md §11): a customer opens its page, fills it and pays by card on the hosted
 * page; the link is PAID, its next customer finds it ended, the merchant's log has the signed {@code payment-link}
 * notification, and the customer's receipt arrives by e-mail (where the deployment's mail can be read).
 */
@PaygateTest
class PaymentLinkTest {

    @Test
    void aCustomerPaysASingleUseLinkWhichIsThenPaidAndNotifiedAndTheReceiptArrives(Paygate paygate) {
        LinkRequest request = LinkRequest.of("150000.00").withDescription("Coffee beans 1 kg").withUsageLimit(1)
                .withEmail(true);
        CreateLinkResponse link = paygate.links().create(request);
        assertEquals("ACTIVE", link.status());
        assertTrue(link.whatsappUrl().startsWith("https://wa.me/?text=Coffee%20beans%201%20kg%20"), link.whatsappUrl());
        String email = "qa-" + UUID.randomUUID() + "@example.com";

        LinkStart start = paygate.links().customer(link).start(LinkForm.named("Budi Santoso").email(email));
        paygate.sandbox().payByCard(start.reference(), TestCard.VISA_CAPTURED.number());

        LinkStatusResponse paid = paygate.links().awaitStatus(request.id(), WAIT, "PAID");
        assertEquals(1, paid.paymentCount());
        String orderId = request.id() + "-1";
        assertEquals(orderId, paid.payments().getFirst().orderId());
        PaymentStatus payment = paygate.payments().status(orderId);
        assertEquals("CAPTURED", payment.status());
        assertEquals(410, paygate.links().customer(link).startReply(LinkForm.named("Siti").email(email))
                .statusCode(), "the next customer finds the link paid");

        LoggedNotification notification = awaitLinkNotification(paygate, request.id());
        notification.request().verify(paygate.target().notificationSecret());
        JsonPath body = notification.request().json();
        assertEquals(request.id(), body.getString("link.id"));
        assertEquals(link.linkCode(), body.getString("link.linkCode"));

        assumeTrue(paygate.hasMailbox(), "no paygate.mail-reader-url: the receipt cannot be read here");
        Mailbox.Mail receipt = paygate.mailbox().await(email, WAIT, m -> m.text() != null && m.text().contains(orderId));
        assertTrue(receipt.text().contains("Coffee beans 1 kg"), receipt.text());
    }

    /** The link's newest {@code payment-link} notification once it was sent (attempted) at least once. */
    private static LoggedNotification awaitLinkNotification(Paygate paygate, String linkId) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            var id = paygate.notifications().newestFor("payment-link", linkId);
            if (id.isPresent()) {
                LoggedNotification logged = paygate.notifications().get(id.get());
                if (logged.request() != null && "PAID".equals(logged.request().json().getString("link.status"))) {
                    return logged;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no PAID payment-link notification of " + linkId + " within " + WAIT);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
