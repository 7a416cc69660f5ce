package io.paygate.payment.credential;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.LogCapture;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * PCI DSS for stored cards (docs/contract.md §1b, §2): saving a card and charging it one-click keep only the provider's
 * token, the mask, the brand and the expiry. The card number (in any spacing) is in no row of any table of the
 * service's database (a dump of every table as text), in no log line and in no Kafka record; the provider's token,
 * which charges the card, is in no log line and no Kafka record either (the database keeps it: it is the stored card).
 */
@QuarkusTest
@PaymentTestResources
class CardDataNeverKeptTest {

    private static final String NUMBER = "5555555555554444";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void savingAndChargingACardLeavesItsNumberNowhere() {
        String customer = "CUST-" + UUID.randomUUID().toString().substring(0, 12);
        String firstOrder = Requests.orderId();
        String oneClickOrder = Requests.orderId();
        String firstCode;
        String oneClickCode;
        String logs;
        try (LogCapture capture = LogCapture.start()) {
            firstCode = PaymentApi.initiate(StoredCardApi.offeringToStore(firstOrder, customer)).then()
                    .statusCode(200).extract().path("paymentCode");
            StoredCardApi.payByCard(firstCode, "5555 5555 5555 4444", true).then().statusCode(303);
            PaymentApi.awaitStatus(firstOrder, "CAPTURED");
            String tokenId = StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                    .extract().path("cards[0].tokenId");
            assertNotNull(tokenId, "the card was stored");
            oneClickCode = StoredCardApi.pay(SandboxMerchants.DEMO,
                    StoredCardApi.oneClick(oneClickOrder, customer, tokenId)).then().statusCode(200)
                    .extract().path("paymentCode");
            PaymentApi.awaitStatus(oneClickOrder, "CAPTURED");
            logs = capture.text();
        }
        Db db = new Db(dataSource);
        String providerToken = db.value("SELECT provider_token FROM stored_card WHERE customer_id = ?", customer);
        assertNotNull(providerToken);

        String dump = dumpEveryTable(db);
        assertFalse(dump.isEmpty());
        for (String form : List.of(NUMBER, "5555 5555 5555 4444", "5555-5555-5555-4444")) {
            assertFalse(dump.contains(form), "the card number is in a table");
            assertFalse(logs.contains(form), "the card number is in the logs");
        }
        assertFalse(logs.contains(providerToken), "the provider's token is in the logs");
        assertEquals(0, db.count("SELECT count(*) FROM payment WHERE card_token IS NOT NULL AND customer_id = ?",
                customer), "the token waits on the payment only until the capture stores it");

        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        records.addAll(PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), firstCode, 1, Duration.ofSeconds(30)));
        records.addAll(PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), oneClickCode, 1,
                Duration.ofSeconds(30)));
        for (ConsumerRecord<String, String> record : records) {
            assertFalse(record.value().contains(NUMBER), "the card number is in a Kafka record");
            assertFalse(record.value().contains(providerToken), "the provider's token is in a Kafka record");
        }
    }

    /** Every row of every table of the service's schema, as text: what a database dump would hold. */
    private static String dumpEveryTable(Db db) {
        StringBuilder dump = new StringBuilder();
        for (String table : db.values("SELECT table_name FROM information_schema.tables "
                + "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")) {
            for (String row : db.values("SELECT t::text FROM \"" + table.replace("\"", "") + "\" t")) {
                dump.append(table).append(": ").append(row).append('\n');
            }
        }
        return dump.toString();
    }
}
