package io.paygate.notification;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Events that arrive while PostgreSQL is away (issue #16): the consumer waits with them unacknowledged, readiness is
 * DOWN and liveness stays UP (the throttled commit strategy's unprocessed-record check, which would have made liveness
 * DOWN for good after 60 s, is off), the merchant API answers {@code 5030700}; once the database is back each event is
 * stored once and delivered once.
 */
@QuarkusTest
@NotificationTestResources
class DatabaseOutageIngestTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void eventsThatArriveWhileTheDatabaseIsAwayAreStoredAndDeliveredOnceItIsBack() throws Exception {
        assertEquals(0, ConfigProvider.getConfig().getValue(
                "mp.messaging.connector.smallrye-kafka.throttled.unprocessed-record-max-age.ms", Integer.class));
        try (MerchantSink sink = MerchantSink.start()) {
            NotificationDb db = new NotificationDb(dataSource);
            EmbeddedPostgresServer postgres = PostgresResource.server();
            List<EventEnvelope> events = List.of(
                    Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback")),
                    Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback")));
            postgres.stop();
            try {
                for (EventEnvelope event : events) {
                    Events.send(event);
                }
                await().atMost(Duration.ofSeconds(15)).until(() ->
                        given().get("/q/health/ready").statusCode() == 503);
                given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
                MerchantApi.as(DEMO).get("/pg/notifications").then().statusCode(503)
                        .header("Retry-After", "5").body("responseCode", equalTo("5030700"));
                Thread.sleep(3_000); // the consumer retries meanwhile
                given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
                assertEquals(0, sink.received().size());
            } finally {
                postgres.restart();
            }
            sink.awaitReceived(2, Duration.ofSeconds(30));
            for (EventEnvelope event : events) {
                await().atMost(Duration.ofSeconds(20)).until(() ->
                        "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
                assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ?", event.eventId()));
            }
            await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 2);
            given().get("/q/health/ready").then().statusCode(200);
        }
    }
}
