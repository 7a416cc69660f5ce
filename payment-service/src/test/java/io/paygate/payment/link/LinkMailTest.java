package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.Customer;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.mail.MailMonitor;
import io.paygate.payment.mail.MailSender;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedMailServer;
import io.paygate.testsupport.infra.ReceivedMail;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.MailResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;

import static io.paygate.payment.support.Requests.with;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The e-mail of payment links (docs/contract.md §11), received by a real SMTP server (test-support's
 * {@link MailResource}, the mailer's mock off): the link to its customer at creation, the receipt at a link payment's
 * capture in the page's language, each queued once whatever is replayed, sent at most once by any number of senders,
 * and an SMTP server that is away delaying the mail, never the payment.
 */
@QuarkusTest
@PaymentTestResources
class LinkMailTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String CARD = "4111 1111 1111 1111";
    /** The scheduled sender's job (MailSender), paused where a test is the only sender. */
    private static final String SENDER_JOB = "mail-sender";

    @Inject
    LinkStarts starts;

    @Inject
    LinkMails mails;

    @Inject
    MailSender sender;

    @Inject
    MailMonitor monitor;

    @Inject
    MeterRegistry metrics;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    PaymentRepository payments;

    @Inject
    Scheduler scheduler;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    static EmbeddedMailServer smtp() {
        return MailResource.server();
    }

    static String address(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    static Customer customer(String email) {
        return new Customer(null, email, "Sari", "Dewi", "+6281311112222");
    }

    /** A link with {@code notify.email} and, when {@code email} is not null, a customer with that e-mail. */
    static ObjectNode notifying(String linkId, String email, boolean notify) {
        ObjectNode body = Links.minimal(linkId);
        with(body, "notify", Json.tree("{\"email\":" + notify + "}"));
        if (email != null) {
            with(body, "customer", Json.tree(Json.write(customer(email))));
        }
        return body;
    }

    List<ReceivedMail> awaitMail(String address, int count) throws InterruptedException {
        List<ReceivedMail> mail = smtp().awaitReceived(address, count, WAIT);
        assertEquals(count, mail.size(), "mail received by " + address + ": " + mail);
        return mail;
    }

    /** Waits until every mail of {@code link} has left the queue (sent, failed or unknown), then reads them. */
    void awaitSettled(String linkId) {
        await().atMost(WAIT).until(() -> db().count("SELECT count(*) FROM mail_outbox m JOIN payment_link l"
                + " ON l.id = m.link WHERE l.link_id = ? AND m.state IN ('QUEUED', 'SENDING')", linkId) == 0);
    }

    Db db() {
        return new Db(dataSource);
    }

    static void decide(String paymentCode, String status) {
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"" + status + "\"}").post("/pg/sandbox/payments/" + paymentCode + "/simulate")
                .then().statusCode(200);
    }

    @Test
    void aLinkCreatedWithNotifyEmailIsMailedToItsCustomerInIndonesian() throws Exception {
        String to = address("link");
        String linkId = Links.linkId();
        String code = Links.created(notifying(linkId, to, true));

        ReceivedMail mail = awaitMail(to, 1).getFirst();
        assertEquals("paygate <no-reply@paygate.local>", mail.from());
        assertEquals("Permintaan pembayaran dari Demo Store", mail.subject());
        String expiry = db().value("SELECT to_char(expires_at AT TIME ZONE 'Asia/Jakarta', 'FMDD')"
                + " FROM payment_link WHERE link_id = ?", linkId);
        for (String body : List.of(mail.text(), mail.html())) {
            assertTrue(body.contains("Halo Sari,"), body);
            assertTrue(body.contains("Demo Store meminta Anda membayar"), body);
            assertTrue(body.contains("Coffee beans 1 kg"), body);
            assertTrue(body.contains("Rp 150.000"), body);
            assertTrue(body.contains("/pg/link/" + code), body);
            assertTrue(body.contains("Berlaku sampai"), body);
            assertTrue(body.contains(expiry + " "), body);
            assertTrue(body.contains("WIB"), body);
        }
        assertTrue(mail.text().contains("Bayar di sini: http"), mail.text());
        assertTrue(mail.html().contains("<html lang=\"id\">"), mail.html());
        assertTrue(mail.html().contains("href=\"http"), mail.html());
    }

    @Test
    void aLinkWithAnAmountRangeSaysSo() throws Exception {
        String to = address("range");
        ObjectNode body = notifying(Links.linkId(), to, true);
        ((ObjectNode) body.get("link")).remove("amount");
        with(body, "link.minAmount", Json.tree("\"10000.00\""));
        with(body, "link.maxAmount", Json.tree("\"50000.00\""));
        Links.created(body);

        assertTrue(awaitMail(to, 1).getFirst().text().contains("Jumlah: Rp 10.000 sampai Rp 50.000 (Anda tentukan)"));
    }

    @Test
    void aRepeatedCreateQueuesTheLinkMailOnce() throws Exception {
        String to = address("again");
        String linkId = Links.linkId();
        ObjectNode body = notifying(linkId, to, true);
        String code = Links.created(body);
        assertEquals(code, Links.created(body));

        awaitSettled(linkId);
        assertEquals(1, db().count("SELECT count(*) FROM mail_outbox m JOIN payment_link l ON l.id = m.link"
                + " WHERE l.link_id = ?", linkId));
        assertEquals(1, awaitMail(to, 1).size());
        assertEquals(1, smtp().receivedBy(to).size());
    }

    @Test
    void noMailIsQueuedWithoutNotifyEmailOrWithoutACustomerEmail() {
        String quiet = Links.linkId();
        Links.created(notifying(quiet, address("quiet"), false));
        String nobody = Links.linkId();
        Links.created(notifying(nobody, null, true));

        assertEquals(0, db().count("SELECT count(*) FROM mail_outbox m JOIN payment_link l ON l.id = m.link"
                + " WHERE l.link_id IN (?, ?)", quiet, nobody));
    }

    @Test
    void theReceiptOfALinkPaymentPaidByCardIsMailedInEnglishWhenThePageWasEnglish() throws Exception {
        String to = address("receipt-en");
        String linkId = Links.linkId();
        String code = Links.created(notifying(linkId, null, true));
        String paymentCode = starts.start(code, null, customer(to), PageLanguage.EN);
        PaymentApi.payByCard(paymentCode, CARD).then().statusCode(303);
        PaymentApi.awaitStatus(linkId + "-1", "CAPTURED");

        ReceivedMail mail = awaitMail(to, 1).getFirst();
        assertEquals("Receipt: Rp 150.000 to Demo Store", mail.subject());
        for (String body : List.of(mail.text(), mail.html())) {
            assertTrue(body.contains("Hello Sari,"), body);
            assertTrue(body.contains("Your payment to Demo Store was received."), body);
            assertTrue(body.contains("Coffee beans 1 kg"), body);
            assertTrue(body.contains("Rp 150.000"), body);
            assertTrue(body.contains("Card"), body);
            assertTrue(body.contains(linkId + "-1"), body);
            assertTrue(body.matches("(?s).*\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} WIB.*"), body);
            assertFalse(body.contains("4111"), "no card number: " + body);
            assertFalse(body.contains("1111"), "no card number: " + body);
            assertFalse(body.contains(paymentCode), "no payment code: " + body);
        }
        assertTrue(mail.text().contains("Payment method: Card"), mail.text());
        assertTrue(mail.text().contains("Order ID: " + linkId + "-1"), mail.text());
        assertTrue(mail.html().contains("<html lang=\"en\">"), mail.html());
    }

    @Test
    void theReceiptIsMailedInIndonesianWhenThePageWasIndonesian() throws Exception {
        String to = address("receipt-id");
        String linkId = Links.linkId();
        String code = Links.created(notifying(linkId, null, true));
        String paymentCode = starts.start(code, null, customer(to), PageLanguage.ID);
        decide(paymentCode, "CAPTURED");

        ReceivedMail mail = awaitMail(to, 1).getFirst();
        assertEquals("Bukti pembayaran: Rp 150.000 kepada Demo Store", mail.subject());
        assertTrue(mail.text().contains("Pembayaran Anda kepada Demo Store telah diterima."), mail.text());
        assertTrue(mail.text().contains("Nomor pesanan: " + linkId + "-1"), mail.text());
        assertTrue(mail.text().contains("Metode pembayaran: "), mail.text());
        assertTrue(mail.html().contains("<html lang=\"id\">"), mail.html());
    }

    @Test
    void noReceiptWithoutNotifyEmailAndNoneForAFailedPayment() {
        String quietTo = address("quiet-receipt");
        String quiet = Links.linkId();
        String quietCode = Links.created(notifying(quiet, null, false));
        decide(starts.start(quietCode, null, customer(quietTo), PageLanguage.EN), "CAPTURED");
        String failedTo = address("failed");
        String failing = Links.linkId();
        String failingCode = Links.created(notifying(failing, null, true));
        decide(starts.start(failingCode, null, customer(failedTo), PageLanguage.EN), "FAILED");

        assertEquals(0, db().count("SELECT count(*) FROM mail_outbox m JOIN payment_link l ON l.id = m.link"
                + " WHERE l.link_id IN (?, ?)", quiet, failing));
    }

    @Test
    void aReplayedCaptureQueuesNoSecondReceipt() throws Exception {
        String to = address("replay");
        String linkId = Links.linkId();
        String code = Links.created(notifying(linkId, null, true));
        String paymentCode = starts.start(code, null, customer(to), PageLanguage.EN);
        decide(paymentCode, "CAPTURED");
        awaitMail(to, 1);

        // the capture told again: the sandbox refuses it, and the receipt's hook run again queues nothing
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + paymentCode + "/simulate")
                .then().statusCode(409);
        QuarkusTransaction.requiringNew().run(() -> {
            PaymentEntity payment = payments.findByCode(paymentCode).orElseThrow();
            mails.changed(payment, PaymentStatus.PENDING);
        });
        sender.runOnce();
        awaitSettled(linkId);
        assertEquals(1, db().count("SELECT count(*) FROM mail_outbox WHERE payment_code = ?", paymentCode));
        assertEquals(1, smtp().receivedBy(to).size());
    }

    @Test
    void anSmtpServerAwayDelaysTheReceiptNeverThePaymentAndItArrivesOnceItIsBack() throws Exception {
        String to = address("outage");
        String linkId = Links.linkId();
        String code = Links.created(notifying(linkId, null, true));
        String paymentCode = starts.start(code, null, customer(to), PageLanguage.EN);
        smtp().disconnect();
        try {
            decide(paymentCode, "CAPTURED");
            assertEquals("CAPTURED", PaymentApi.statusOf(linkId + "-1"));
            await().atMost(WAIT).until(() -> db().count("SELECT count(*) FROM mail_outbox WHERE payment_code = ?"
                    + " AND state = 'QUEUED' AND attempts >= 2 AND last_error LIKE '%Connect%'", paymentCode) == 1);
            monitor.refresh();
            assertTrue(metrics.get("paygate.mail.waiting").gauge().value() >= 1);
            assertEquals(0, smtp().receivedBy(to).size());
        } finally {
            smtp().reconnect();
        }
        assertEquals(1, awaitMail(to, 1).size());
        awaitSettled(linkId);
        sender.runOnce();
        assertEquals("SENT", db().value("SELECT state FROM mail_outbox WHERE payment_code = ?", paymentCode));
        assertEquals(1, smtp().receivedBy(to).size());
        assertEquals("CAPTURED", PaymentApi.statusOf(linkId + "-1"));
    }

    @Test
    void sendersRunningAtOnceNeverSendTheSameMailTwice() throws Exception {
        List<String> recipients = new ArrayList<>();
        List<String> linkIds = new ArrayList<>();
        scheduler.pause(SENDER_JOB); // the mail waits while it is queued, then four senders go at it at once
        try {
            for (int i = 0; i < 12; i++) {
                String to = address("many" + i);
                String linkId = Links.linkId();
                Links.created(notifying(linkId, to, true));
                recipients.add(to);
                linkIds.add(linkId);
            }
            List<Callable<Integer>> senders = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                senders.add(sender::runOnce);
            }
            AllAtOnce.run(senders);
        } finally {
            scheduler.resume(SENDER_JOB);
        }
        for (String linkId : linkIds) {
            awaitSettled(linkId);
        }
        sender.runOnce();
        for (String to : recipients) {
            assertEquals(1, smtp().receivedBy(to).size(), to);
        }
        assertEquals(12, db().count("SELECT count(*) FROM mail_outbox m JOIN payment_link l ON l.id = m.link"
                + " WHERE l.link_id = ANY (?) AND m.state = 'SENT'", (Object) linkIds.toArray(String[]::new)));
    }

    @Test
    void aMailWhoseSenderDiedMidSendIsUnknownAndNeverSentAgain() throws Exception {
        String to = address("died");
        String linkId = Links.linkId();
        scheduler.pause(SENDER_JOB);
        try {
            Links.created(notifying(linkId, to, true));
            // as a sender that claimed it and died before it knew the outcome leaves it
            assertEquals(1, db().update("UPDATE mail_outbox m SET state = 'SENDING', attempts = 1,"
                    + " lease_until = now() - interval '1 second' FROM payment_link l"
                    + " WHERE l.id = m.link AND l.link_id = ? AND m.state = 'QUEUED'", linkId));
            sender.runOnce();
            sender.runOnce();
        } finally {
            scheduler.resume(SENDER_JOB);
        }
        sender.runOnce();

        assertEquals("UNKNOWN", db().value("SELECT m.state FROM mail_outbox m JOIN payment_link l ON l.id = m.link"
                + " WHERE l.link_id = ?", linkId));
        monitor.refresh();
        assertTrue(metrics.get("paygate.mail.unknown").gauge().value() >= 1);
        assertEquals(0, smtp().receivedBy(to).size());
    }
}
