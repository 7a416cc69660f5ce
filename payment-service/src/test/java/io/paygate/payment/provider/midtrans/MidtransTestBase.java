package io.paygate.payment.provider.midtrans;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every Midtrans test class shares (each also carries the same {@code @QuarkusTest}, {@code @TestProfile} and
 * resources, so all of them run in one application start): the simulator notifies this application, normally.
 */
abstract class MidtransTestBase {

    static final MidtransSimulator SIM = MidtransSetup.simulator();
    static final String NOTIFICATION_PATH = "/pg/provider/midtrans/notification";

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void notifyThisApplication() {
        SIM.notifyTo("http://localhost:" + RestAssured.port + NOTIFICATION_PATH)
                .notifications(MidtransSimulator.Notifications.NORMAL);
    }

    @AfterEach
    void notifyNormally() {
        SIM.notifications(MidtransSimulator.Notifications.NORMAL);
    }
}
