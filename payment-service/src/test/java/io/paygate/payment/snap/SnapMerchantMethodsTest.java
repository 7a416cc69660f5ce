package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.paygate.payment.snap.SnapPaymentFixtures.CREATE_VA;
import static io.paygate.payment.snap.SnapPaymentFixtures.DEBIT_PAY;
import static io.paygate.payment.snap.SnapPaymentFixtures.QR_GENERATE;
import static io.paygate.payment.snap.SnapPaymentFixtures.createVaBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.debitBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.generateBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.newCustomerNo;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * SNAP's doors of a merchant whose registry entry names its {@code methods} (docs/contract.md §9, §10): create-va
 * opens only a bank of those ({@code 4002701 additionalInfo.channel} for another, as for one its channel does not
 * offer; {@code 4002702} when it names none and the default {@code VA_BCA} is not the merchant's); QRIS and a
 * direct debit through {@code bankCardToken} are {@code Feature Not Allowed}. Nothing is written. On main the default
 * bank was opened whatever the merchant's methods said.
 */
@QuarkusTest
@PaymentTestResources
class SnapMerchantMethodsTest {

    private static final String ID = "mm-snap-shop";
    private static final String SECRET = "mm-snap-shop-client-secret";
    private static final String CODE = "   88555";

    @Inject
    Merchants merchants;

    @Inject
    AccessTokens tokens;

    @Inject
    AgroalDataSource dataSource;

    @BeforeEach
    void onlyVirtualAccountsOfBni() {
        MerchantState base = RegistryRecords.active(ID, 1, SECRET);
        RegistryMerchants.publish(merchants, new MerchantState(ID, "Methods Shop", MerchantStatus.ACTIVE, "sandbox",
                "IDR", List.of("VA_BNI"), List.of(), null, null, null, base.clientSecret(), null, null,
                new MerchantState.SnapState(ID, SandboxSnap.publicKeyPem(SandboxMerchants.DEMO), null, null,
                        List.of(CODE), null, null, null, null), 1, Instant.now()));
    }

    @Test
    void createVaOpensOnlyABankOfTheMerchants() {
        int before = paymentsOfMerchant();
        createVa("VA_BCA").statusCode(400).body("responseCode", equalTo("4002701"))
                .body("responseMessage", equalTo("Invalid Field Format additionalInfo.channel"));
        createVa(null).statusCode(400).body("responseCode", equalTo("4002702"))
                .body("responseMessage", equalTo("Invalid Mandatory Field additionalInfo.channel"));
        assertEquals(before, paymentsOfMerchant());
        createVa("VA_BNI").statusCode(200).body("responseCode", equalTo("2002700"));
        assertEquals(before + 1, paymentsOfMerchant());
    }

    @Test
    void qrisAndADirectDebitOutsideTheMerchantsAreNotAllowed() {
        int before = paymentsOfMerchant();
        post(QR_GENERATE, generateBody(newReference(), "25000.00").replace("\"demo\"", "\"" + ID + "\""))
                .statusCode(403).body("responseCode", equalTo("4034701"));
        post(DEBIT_PAY, debitBody(newReference(), "BND-any", "45000.00").replace("\"demo\"", "\"" + ID + "\""))
                .statusCode(403).body("responseCode", equalTo("4035401"));
        assertEquals(before, paymentsOfMerchant());
    }

    private ValidatableResponse createVa(String channel) {
        return post(CREATE_VA, createVaBody(CODE, newReference(), newCustomerNo(), "150000.00", channel));
    }

    private ValidatableResponse post(String path, String body) {
        return given().contentType("application/json").filter(SnapSigning.as(ID, SECRET, tokens.issue(ID)))
                .body(body).post(path).then();
    }

    private int paymentsOfMerchant() {
        return new Db(dataSource).count("SELECT count(*) FROM payment WHERE merchant_id = ?", ID);
    }
}
