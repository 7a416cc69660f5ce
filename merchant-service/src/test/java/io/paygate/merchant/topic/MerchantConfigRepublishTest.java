package io.paygate.merchant.topic;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/operations.md "Recovering the registry": {@code POST /admin/merchant-config/republish} writes every merchant's
 * current state to merchant-config again from the database alone, one transaction and one audit entry per merchant,
 * versions unchanged; without an operator's token it writes nothing.
 */
@QuarkusTest
@MerchantTestResources
class MerchantConfigRepublishTest {

    @Inject
    AgroalDataSource dataSource;

    private Registry registry;

    @BeforeEach
    void setUp() {
        registry = new Registry(dataSource);
    }

    @Test
    void everyMerchantIsWrittenAgainAsItIsWithItsAuditEntryAndItsVersionUnchanged() {
        String active = Operator.newId();
        String suspended = Operator.newId();
        Operator.create(active);
        Operator.create(suspended);
        Operator.ops().body("{\"reason\":\"chargebacks\"}").post("/admin/merchants/" + suspended + "/suspend")
                .then().statusCode(200);
        long activeVersion = registry.version(active);
        long suspendedVersion = registry.version(suspended);
        Registry.Counts before = registry.counts();

        Operator.alice().header("X-Request-Id", "republish-1").post("/admin/merchant-config/republish").then()
                .statusCode(200).body("responseCode", equalTo("2000000"))
                .body("republished", equalTo((int) before.merchants()));

        Registry.Counts after = registry.counts();
        assertEquals(before.merchants(), after.merchants());
        assertEquals(before.audit() + before.merchants(), after.audit(), "one audit entry per merchant");
        assertEquals(before.events() + before.merchants(), after.events(), "one event per merchant");
        assertEquals(activeVersion, registry.version(active), "nothing changed: the version stays");
        assertEquals(suspendedVersion, registry.version(suspended));
        assertEquals(List.of("republish operator:alice republish-1 {}"), registry.strings("SELECT action || ' ' || "
                + "actor || ' ' || request_id || ' ' || changed::text FROM merchant_audit WHERE merchant_id = ? "
                + "AND action = 'republish'", suspended));
        assertEquals(before.merchants(), registry.longValue("SELECT count(DISTINCT merchant_id) FROM merchant_audit "
                + "WHERE action = 'republish' AND request_id = 'republish-1'"), "every merchant, each once");

        TopicReader topic = new TopicReader(KafkaResource.broker().bootstrapServers());
        List<EventEnvelope> events = topic.awaitEvents(Topics.MERCHANT_CONFIG, suspended, 3, Duration.ofSeconds(30));
        assertEquals(3, events.size(), "created, suspended, republished");
        MerchantState republished = last(events);
        assertEquals(MerchantStatus.SUSPENDED, republished.status(), "the state as it is now");
        assertEquals(suspendedVersion, republished.version());
        assertEquals(activeVersion, last(topic.awaitEvents(Topics.MERCHANT_CONFIG, active, 2,
                Duration.ofSeconds(30))).version());
    }

    @Test
    void withoutAnOperatorsTokenNothingIsWritten() {
        registry.writesNothing(() -> {
            Operator.as("not-an-operator").post("/admin/merchant-config/republish").then().statusCode(401)
                    .body("responseCode", equalTo("4011200"));
            given().post("/admin/merchant-config/republish").then().statusCode(401);
            return null;
        });
    }

    private static MerchantState last(List<EventEnvelope> events) {
        return Json.fromTree(events.get(events.size() - 1).data(), MerchantState.class);
    }
}
