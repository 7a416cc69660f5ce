package io.paygate.payment.link;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import static io.paygate.payment.link.LinkSlotsTest.CUSTOMER;
import static io.paygate.payment.link.LinkSlotsTest.decide;
import static io.paygate.payment.link.LinkSlotsTest.link;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §6, §7, §11: each move of a link's stored status (PAID when its usageLimit is captured, INACTIVE,
 * EXPIRED by the sweep) writes one {@code payment-link} event to the outbox, keyed {@code <merchantId>:link:<link.id>}
 * with the link's next sequence; a link payment's own events carry {@code link} {id, linkCode}, no other payment's do.
 */
@QuarkusTest
@PaymentTestResources
class LinkEventsTest {

    @Inject
    LinkStarts starts;

    @Inject
    LinkExpiry expiry;

    @Inject
    AgroalDataSource dataSource;
    Db db;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    /** The link's events in the outbox, in the order they were written. */
    List<EventEnvelope> linkEvents(String linkId) {
        return db.values("SELECT payload FROM outbox_event WHERE msg_key = ? ORDER BY position", "demo:link:" + linkId)
                .stream().map(EventEnvelope::fromJson).toList();
    }

    static PaymentLinkState state(EventEnvelope event) {
        return event.dataAs(PaymentLinkStatusChanged.class).link();
    }

    String storedStatus(String linkId) {
        return db.value("SELECT status FROM payment_link WHERE merchant_id = 'demo' AND link_id = ?", linkId);
    }

    @Test
    void theCaptureThatReachesTheUsageLimitMakesTheLinkPaidWithOneEvent() {
        String id = Links.linkId();
        String code = link(2, id);
        String first = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        decide(first, "CAPTURED");
        assertEquals(List.of(), linkEvents(id), "one of two captured: the link stays ACTIVE, nothing to announce");
        String second = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        decide(second, "CAPTURED");

        List<EventEnvelope> events = linkEvents(id);
        assertEquals(1, events.size(), events.toString());
        EventEnvelope paid = events.get(0);
        assertEquals(EventTypes.PAYMENT_LINK, paid.type());
        assertEquals(id, paid.resourceId());
        assertEquals(1, paid.sequence());
        PaymentLinkStatusChanged data = paid.dataAs(PaymentLinkStatusChanged.class);
        assertEquals(new PaymentLinkState(id, code, "PAID", 2, new BigDecimal("300000.00")), data.link());
        assertEquals(Requests.CALLBACK_URL, data.callbackUrl());
        assertEquals("PAID", storedStatus(id));
        Links.get(SandboxMerchants.DEMO, id).then().body("status", equalTo("PAID")).body("paymentCount", equalTo(2));

        // published like every event, with its producer signature (PaymentEvents verifies it on every record)
        List<ConsumerRecord<String, String>> published = PaymentEvents.awaitKey("demo:link:" + id, 1,
                Duration.ofSeconds(30));
        assertEquals(1, published.size());
        assertEquals(paid, EventEnvelope.fromJson(published.get(0).value()));
    }

    @Test
    void aLinkPaymentsEventsCarryTheLinkAndNoOtherPaymentsDo() {
        String id = Links.linkId();
        String code = link(null, id);
        String started = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        decide(started, "CAPTURED");
        PaymentStatusChanged captured = PaymentEvents.awaitOne("demo", started).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, captured.status());
        assertEquals(new PaymentLinkRef(id, code), captured.link());
        assertEquals(List.of(), linkEvents(id), "no usageLimit: a capture never makes the link PAID");

        // the merchant's own payment with an order id of the link's form (made before the link: after it, initiation
        // refuses that order id) is no link payment
        String other = Links.linkId();
        String own = PaymentApi.newPayment(other + "-1");
        link(1, other);
        decide(own, "CAPTURED");
        EventEnvelope ownEvent = PaymentEvents.awaitOne("demo", own);
        assertNull(ownEvent.dataAs(PaymentStatusChanged.class).link());
        assertTrue(!ownEvent.toJson().contains("\"link\""), ownEvent.toJson());
        assertEquals(List.of(), linkEvents(other));
        assertEquals("ACTIVE", storedStatus(other));
    }

    @Test
    void deactivatingWritesOneInactiveEvent() {
        String id = Links.linkId();
        String code = link(3, id);
        decide(starts.start(code, null, CUSTOMER, PageLanguage.ID), "CAPTURED");
        Links.deactivate(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("INACTIVE"));
        Links.deactivate(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("INACTIVE"));

        List<EventEnvelope> events = linkEvents(id);
        assertEquals(1, events.size(), "deactivating again changes nothing: " + events);
        assertEquals(1, events.get(0).sequence());
        assertEquals(new PaymentLinkState(id, code, "INACTIVE", 1, new BigDecimal("150000.00")), state(events.get(0)));
        assertEquals("INACTIVE", storedStatus(id));
    }

    @Test
    void twoSweepersAtOnceExpireEachLinkOnce() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String id = Links.linkId();
            link(null, id);
            ids.add(id);
        }
        db.update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE merchant_id = 'demo'"
                + " AND link_id = ANY (?)", (Object) ids.toArray(String[]::new));
        List<Callable<Integer>> sweepers = List.of(expiry::sweep, expiry::sweep);
        AllAtOnce.run(sweepers); // and the scheduled job of this instance, every second
        // a link the scheduled job held at that moment was skipped by both: it moves it
        await().atMost(Duration.ofSeconds(15)).until(() -> ids.stream().allMatch(i -> "EXPIRED".equals(storedStatus(i))));

        for (String id : ids) {
            List<EventEnvelope> events = linkEvents(id);
            assertEquals(1, events.size(), id + ": " + events);
            assertEquals(1, events.get(0).sequence());
            assertEquals("EXPIRED", state(events.get(0)).status());
            assertEquals(0, state(events.get(0)).paymentCount());
            assertEquals("EXPIRED", storedStatus(id));
        }
        Links.get(SandboxMerchants.DEMO, ids.get(0)).then().body("status", equalTo("EXPIRED"));
        Links.list(SandboxMerchants.DEMO, "status=EXPIRED&limit=200").then().body("links.id", hasItem(ids.get(0)));
    }

    @Test
    void aPaymentStartedBeforeTheExpiryAndCapturedAfterItMakesTheExpiredLinkPaid() {
        String id = Links.linkId();
        String code = link(1, id);
        String started = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        db.update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE merchant_id = 'demo'"
                + " AND link_id = ?", id);
        expiry.sweep();
        await().atMost(Duration.ofSeconds(15)).until(() -> "EXPIRED".equals(storedStatus(id)));
        decide(started, "CAPTURED");

        List<EventEnvelope> events = linkEvents(id);
        assertEquals(List.of("EXPIRED", "PAID"), events.stream().map(e -> state(e).status()).toList());
        assertEquals(List.of(1L, 2L), events.stream().map(EventEnvelope::sequence).toList());
        assertEquals(new PaymentLinkState(id, code, "PAID", 1, new BigDecimal("150000.00")), state(events.get(1)));
        assertEquals("PAID", storedStatus(id));
    }
}
