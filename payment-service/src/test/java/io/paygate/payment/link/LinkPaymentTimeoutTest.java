package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.paygate.payment.link.LinkPageForms.page;
import static io.paygate.payment.link.LinkPageForms.paymentOf;
import static io.paygate.payment.link.LinkPageForms.post;
import static io.paygate.payment.support.Requests.with;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code gateway.payment.link-payment-timeout} (docs/contract.md §11): a link payment on which no method's charge is
 * open expires after it (seconds here), so a single-use link a customer left is free again for the next one instead of
 * "being paid" for the 24 h of a payment link; a method's charge keeps the payment (and its slot) for the charge's own
 * lifetime, and closing that charge starts the short wait again. On i47-links the first payment held the link a day.
 */
@QuarkusTest
@TestProfile(LinkPaymentTimeoutTest.ShortWait.class)
@PaymentTestResources
class LinkPaymentTimeoutTest {

    public static class ShortWait implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.payment.link-payment-timeout", "6s");
        }
    }

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    @Test
    void aSingleUseLinkALeftPaymentHeldIsFreeAgainAfterTheTimeout() {
        String id = Links.linkId();
        String link = Links.created(with(Links.minimal(id), "link.usageLimit", JsonNodeFactory.instance.numberNode(1)));
        String left = paymentOf(post(link, "name", "Budi Santoso", "email", "budi@example.com"));
        page(link).then().statusCode(409).body(containsString("data-view=\"busy\""));

        await().atMost(Duration.ofSeconds(60)).until(() -> "EXPIRED".equals(db().statusOf(left)));
        page(link).then().statusCode(200).body(containsString("data-view=\"form\""));
        String next = paymentOf(post(link, "name", "Sari Dewi", "email", "sari@example.com"));
        assertEquals(next, db().value("SELECT payment_code FROM payment WHERE order_id = ?", id + "-2"));
    }

    @Test
    void anOpenChargeKeepsThePaymentAndClosingItStartsTheShortWaitAgain() {
        String link = Links.created(Links.minimal(Links.linkId()));
        String code = paymentOf(post(link, "name", "Budi Santoso", "email", "budi@example.com"));
        Methods.choose(code, "VA_BNI").then().statusCode(303);
        assertEquals(1, db().count("SELECT count(*) FROM payment WHERE payment_code = ? AND status = 'PENDING' "
                + "AND expires_at > now() + interval '23 hours'", code));

        Methods.choose(code, "CARD").then().statusCode(303); // the virtual account is cancelled: no charge open
        assertEquals(1, db().count("SELECT count(*) FROM payment WHERE payment_code = ? AND status = 'PENDING' "
                + "AND expires_at <= now() + interval '6 seconds'", code));
        await().atMost(Duration.ofSeconds(60)).until(() -> "EXPIRED".equals(db().statusOf(code)));
    }
}
