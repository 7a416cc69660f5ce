package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.payment.support.Requests;
import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.paygate.payment.snap.SnapPaymentFixtures.CREATE_VA;
import static io.paygate.payment.snap.SnapPaymentFixtures.createVaBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.newCustomerNo;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9, §10 in payment-service: a merchant that only merchant-service's registry knows initiates
 * payments and opens SNAP virtual accounts under the company code the registry gives it (and no other merchant's);
 * once the registry suspends it, initiation is {@code 4030105} and create-va {@code 4032705}, and nothing is written.
 * On main the registry is not read: the merchant is {@code 401 Unknown partner} and its company code no one's.
 */
@QuarkusTest
@PaymentTestResources
class RegistryMerchantTest {

    private static final String ID = "rp-shop";
    private static final String SECRET = "rp-shop-client-secret";
    private static final String CODE = "   88777";

    @Inject
    Merchants merchants;

    @Inject
    AccessTokens tokens;

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void aRegistryMerchantPaysUnderItsOwnCompanyCodeUntilItIsSuspended() {
        MerchantState active = state(1, MerchantStatus.ACTIVE);
        publish(active);
        String orderId = Requests.orderId();
        initiate(orderId).then().statusCode(200).body("responseCode", equalTo("2000000"));
        createVa(CODE).statusCode(200).body("responseCode", equalTo("2002700"));
        createVa(SnapPaymentFixtures.PARTNER_SERVICE_ID).statusCode(400)
                .body("responseCode", equalTo("4002701")); // demo's code is not its

        publish(RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        String refused = Requests.orderId();
        initiate(refused).then().statusCode(403).body("responseCode", equalTo("4030105"))
                .body("responseMessage", equalTo("Merchant Suspended"));
        createVa(CODE).statusCode(403).body("responseCode", equalTo("4032705"))
                .body("responseMessage", equalTo("Do Not Honor"));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ?",
                ID, refused));
        // the payment it made before stays (contract §10: nothing is deleted)
        assertEquals(1, new Db(dataSource).count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ?",
                ID, orderId));
    }

    private static Response initiate(String orderId) {
        return given().filter(MerchantSigningFilter.as(ID, SECRET)).contentType("application/json")
                .body(Json.write(Requests.minimal(orderId))).post("/pg/payment/card/initiate");
    }

    private ValidatableResponse createVa(String partnerServiceId) {
        return given().contentType("application/json").filter(SnapSigning.as(ID, SECRET, tokens.issue(ID)))
                .body(createVaBody(partnerServiceId, newReference(), newCustomerNo(), "150000.00", "VA_BNI"))
                .post(CREATE_VA).then();
    }

    private void publish(MerchantState state) {
        RegistryMerchants.publish(merchants, state);
    }

    private static MerchantState state(long version, MerchantStatus status) {
        MerchantState base = RegistryRecords.active(ID, version, SECRET);
        return new MerchantState(ID, "Registry Shop", status, "sandbox", "IDR", List.of(), List.of(), null, null, null,
                base.clientSecret(), null, null, new MerchantState.SnapState(ID,
                SandboxSnap.publicKeyPem(SandboxMerchants.DEMO), null, null, List.of(CODE), null, null, null, null),
                version, Instant.now());
    }
}
