package io.paygate.binding.snap;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.paygate.binding.snap.SnapBindingFixtures.BINDING;
import static io.paygate.binding.snap.SnapBindingFixtures.UNBINDING;
import static io.paygate.binding.snap.SnapBindingFixtures.bindingBody;
import static io.paygate.binding.snap.SnapBindingFixtures.newReference;
import static io.paygate.binding.snap.SnapBindingFixtures.snap;
import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static io.paygate.binding.support.BindingFixtures.simulate;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * docs/contract.md §9 "SNAP notifications", §7: the {@code binding-status} events of a binding a SNAP binding request
 * started or returned carry {@code snap} (the request's reference, the masked phone, why it failed), whichever door
 * changes it afterwards; those of a binding only ever made through {@code /pg/…} are what they always were. Read from
 * the real broker, as notification-service reads them.
 */
@QuarkusTest
@BindingTestResources
class SnapBindingEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    AccessTokens tokens;

    String token;

    @BeforeEach
    void token() {
        token = tokens.issue(DEMO.id());
    }

    @Test
    void aSnapBindingsEventsCarryItsReferenceAndMaskedPhoneThroughApprovalAndAPgUnbinding() {
        String reference = newReference();
        String id = bind(reference, "081298765432", null, "BRI_DD");
        assertEquals(303, given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("otp", "123456").post("/pg/bind/" + id + "/authorize").statusCode());
        as(DEMO).delete(BIND + "/" + id).then().statusCode(200).body("status", equalTo("UNBOUND"));

        List<BindingStatusChanged> events = events(id, 2);
        assertEquals(List.of("ACTIVE", "UNBOUND"), events.stream().map(e -> e.status().name()).toList());
        SnapBindingOrigin expected = new SnapBindingOrigin(reference, "+62 •••• 5432", null);
        assertEquals(List.of(expected, expected), events.stream().map(BindingStatusChanged::snap).toList());
        assertEquals("BRI_DD", events.getFirst().sourceOfFundsType());
    }

    @Test
    void aFailedSnapBindingSaysWhyAndASnapUnbindingIsMarkedToo() {
        String failing = bind(newReference(), "081234567890", newCustomerId(), "BNI_DD");
        simulate(failing, "FAILED").statusCode(200);
        BindingStatusChanged failed = events(failing, 1).getFirst();
        assertEquals("FAILED", failed.status().name());
        assertEquals("SIMULATED", failed.snap().failureReason());

        String reference = newReference();
        String id = bind(reference, "081234567890", newCustomerId(), "MANDIRI_DD");
        simulate(id, "ACTIVE").statusCode(200);
        snap(DEMO, token).body("{\"merchantId\":\"demo\",\"partnerReferenceNo\":\"" + reference + "\"}")
                .post(UNBINDING).then().statusCode(200).body("unlinkResult", equalTo("SUCCESS"));
        List<BindingStatusChanged> events = events(id, 2);
        assertEquals(List.of("ACTIVE", "UNBOUND"), events.stream().map(e -> e.status().name()).toList());
        events.forEach(e -> assertEquals(reference, e.snap().partnerReferenceNo()));
        events.forEach(e -> assertNull(e.snap().failureReason()));
    }

    @Test
    void aPgBindingsEventsCarryNoSnapMember() {
        String id = newPendingBinding(newCustomerId());
        simulate(id, "ACTIVE").statusCode(200);
        as(DEMO).delete(BIND + "/" + id).then().statusCode(200);
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + id, 2, WAIT);
        assertEquals(2, events.size());
        for (EventEnvelope event : events) {
            JsonNode data = event.data();
            assertFalse(data.has("snap"), data.toString());
        }
    }

    @Test
    void aPgBindingASnapRequestReturnsIsNotifiedUnderTheFirstReferenceThatNamedIt() {
        String customer = newCustomerId();
        String id = newPendingBinding(customer); // /pg, BCA_DD
        String first = newReference();
        assertEquals(id, bind(first, "081234567890", customer, "BCA_DD"), "§4: the live binding again");
        assertEquals(id, bind(newReference(), "081234567890", customer, "BCA_DD"));
        simulate(id, "ACTIVE").statusCode(200);
        BindingStatusChanged active = events(id, 1).getFirst();
        assertEquals(new SnapBindingOrigin(first, "+62 •••• 7890", null), active.snap(),
                "the phone of the §4 binding, the reference of the first SNAP request");
    }

    private String bind(String reference, String phone, String userId, String channel) {
        ValidatableResponse reply = snap(DEMO, token).body(bindingBody(reference, phone, userId, channel)).post(BINDING)
                .then().statusCode(200).body("responseCode", equalTo("2000700"));
        return reply.extract().path("referenceNo");
    }

    private static List<BindingStatusChanged> events(String bindingId, int count) {
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + bindingId, count, WAIT);
        assertEquals(count, events.size(), "events of " + bindingId);
        return events.stream().map(e -> e.dataAs(BindingStatusChanged.class)).toList();
    }
}
