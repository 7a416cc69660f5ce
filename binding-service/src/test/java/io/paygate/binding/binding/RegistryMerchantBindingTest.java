package io.paygate.binding.binding;

import io.agroal.api.AgroalDataSource;
import io.paygate.binding.support.BindingFixtures;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.rest.HealthChecks;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §10 in binding-service: it is ready once merchant-config was read (readiness check
 * {@code merchant-config}); a merchant only the registry knows binds; once suspended it is {@code 4030205} and no
 * binding is written; an address outside its allowlist is {@code 4030206}. On main the registry is not read: the
 * merchant is {@code 401 Unknown partner}, there is no such readiness check and no 403.
 */
@QuarkusTest
@BindingTestResources
class RegistryMerchantBindingTest {

    private static final String ID = "rb-shop";
    private static final String SECRET = "rb-shop-client-secret";

    @Inject
    Merchants merchants;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void aRegistryMerchantBindsUntilItIsSuspended() throws Exception {
        await().atMost(Duration.ofSeconds(60)).until(() -> "UP".equals(HealthChecks.readiness().get("merchant-config")));
        MerchantState active = RegistryRecords.active(ID, 1, SECRET);
        publish(active);
        bind(BindingFixtures.newCustomerId()).statusCode(200).body("status", equalTo("PENDING"));

        publish(RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        String customer = BindingFixtures.newCustomerId();
        bind(customer).statusCode(403).body("responseCode", equalTo("4030205"))
                .body("responseMessage", equalTo("Merchant Suspended"));
        assertEquals(0, bindingsOf(customer));

        MerchantState fenced = new MerchantState(ID, active.name(), MerchantStatus.ACTIVE, null, null, null,
                List.of("192.0.2.0/24"), null, null, null, active.clientSecret(), null, null, null, 3, active.updatedAt());
        publish(fenced);
        bind(customer).statusCode(403).body("responseCode", equalTo("4030206"));
        assertEquals(0, bindingsOf(customer));
    }

    private static ValidatableResponse bind(String customerId) {
        return given().filter(MerchantSigningFilter.as(ID, SECRET)).contentType("application/json")
                .body(BindingFixtures.body(customerId, "BCA_DD")).post(BindingFixtures.BIND).then();
    }

    private int bindingsOf(String customerId) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM binding WHERE customer_id = ?")) {
            s.setString(1, customerId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private void publish(MerchantState state) {
        BindingFixtures.publish(merchants, state);
    }
}
