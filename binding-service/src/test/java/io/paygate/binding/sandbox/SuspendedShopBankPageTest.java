package io.paygate.binding.sandbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.binding.support.BindingFixtures;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sandbox bank's page of a binding whose merchant is suspended (docs/contract.md §10: its hosted pages' forms are
 * {@code 403SS05}): the code posted is refused with the suspended page, 403, code {@code 4030205}, and changes nothing
 * (no try counted, the binding stays PENDING); the page of a PENDING binding shows that instead of its form, while a
 * decided one shows as before. Reactivated, the code approves it. On main the suspended merchant's binding was
 * approved.
 */
@QuarkusTest
@BindingTestResources
class SuspendedShopBankPageTest {

    private static final String CODE_TEXT = "id=\"response-code\">Code 4030205<";

    @Inject
    Merchants merchants;

    @Inject
    AgroalDataSource dataSource;

    /** Each test's own merchant: the registry's versions of one only ever go up. */
    private String merchantId;
    private MerchantState active;

    @BeforeEach
    void newMerchant() {
        merchantId = "sb-" + UUID.randomUUID().toString().substring(0, 8);
        active = RegistryRecords.active(merchantId, 1, secret());
        publish(active);
    }

    @Test
    void theCodeOfASuspendedMerchantsBindingIsRefusedAndChangesNothing() throws Exception {
        String binding = newBinding();
        publish(RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));

        suspendedPage(BankPageTest.submitOtp(binding, "123456").then());
        suspendedPage(BankPageTest.submitOtp(binding, "000000").then());
        assertEquals("PENDING|0", stateOf(binding));
        given().header("Accept-Language", "id-ID,id;q=0.9").get("/pg/bind/" + binding).then().statusCode(403)
                .body(containsString("id=\"response-code\">Kode 4030205<"))
                .body(containsString("Tidak ada biaya yang ditagih"));

        publish(RegistryRecords.withStatus(active, MerchantStatus.ACTIVE, 3));
        BankPageTest.submitOtp(binding, "000000").then().statusCode(303);
        assertEquals("PENDING|1", stateOf(binding));
        BankPageTest.submitOtp(binding, "123456").then().statusCode(303);
        assertEquals("ACTIVE|1", stateOf(binding));
    }

    @Test
    void aPendingBindingShowsTheSuspendedPageWhileADecidedOneShowsAsBefore() {
        String pending = newBinding();
        String approved = newBinding();
        BankPageTest.submitOtp(approved, "123456").then().statusCode(303);
        publish(RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));

        suspendedPage(given().get("/pg/bind/" + pending).then())
                .body(containsString("The shop cannot take payments at the moment"));
        given().get("/pg/bind/" + approved).then().statusCode(200).body(containsString("data-state=\"ACTIVE\""));
    }

    /** The suspended page: 403, its code as text, no form. */
    private static ValidatableResponse suspendedPage(ValidatableResponse response) {
        return response.statusCode(403).contentType(containsString("text/html"))
                .body(containsString("data-state=\"SUSPENDED\"")).body(containsString(CODE_TEXT))
                .body(not(containsString("<form")));
    }

    private String newBinding() {
        return BindingFixtures.newPendingBinding(merchantId, secret());
    }

    private String stateOf(String bindingId) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT status, otp_attempts FROM binding WHERE id = ?")) {
            s.setString(1, bindingId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getString(1) + "|" + rs.getInt(2);
            }
        }
    }

    private void publish(MerchantState state) {
        BindingFixtures.publish(merchants, state);
    }

    private String secret() {
        return merchantId + "-client-secret";
    }
}
