package io.paygate.qa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(WithoutEnvironment.class)
class PaygateTargetTest {

    @Test
    void oneBaseUrlServesEveryServiceAndTheSecretsAreNeverPrinted() {
        PaygateTarget target = PaygateTarget.of("https://staging.example.com/", "acme", "client-secret-value",
                "whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=");
        assertEquals("https://staging.example.com", target.paymentUrl());
        assertEquals("https://staging.example.com", target.bindingUrl());
        assertEquals("https://staging.example.com", target.notificationUrl());
        assertEquals(Optional.of("https://staging.example.com"), target.merchantServiceUrl());
        assertEquals(PaygateTarget.DEFAULT_CALLBACK_URL, target.callbackUrl());
        assertEquals(Optional.empty(), target.opsToken());
        assertFalse(target.toString().contains("client-secret-value"));
        assertFalse(target.toString().contains("whsec_"));
    }

    @Test
    void aMissingSettingIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PaygateTarget.of("https://staging.example.com", "acme", " ", "whsec_x"));
        assertTrue(e.getMessage().contains("client secret"), e.getMessage());
    }

    @Test
    void theInitiationBodyCarriesTheOrderTheMethodAndTheCallbackUrl() {
        String json = PaymentRequest.of("150000.00").withOrderId("QA-1").withMethod("VA_BCA")
                .toJson("https://merchant.example.com/cb");
        io.restassured.path.json.JsonPath body = io.restassured.path.json.JsonPath.from(json);
        assertEquals("QA-1", body.getString("order.id"));
        assertEquals("150000.00", body.getString("order.amount"));
        assertEquals("VA_BCA", body.getString("sourceOfFunds.type"));
        assertEquals("https://merchant.example.com/cb", body.getString("url.callbackUrl"));
        assertEquals("+6281234567890", body.getString("customer.mobilePhone"));
    }

    @Test
    void withoutABaseUrlEachServiceNeedsItsOwnAndTheMissingOnesAreNamed() {
        String before = System.setProperty("paygate.payment-url", "http://localhost:8081");
        try {
            String missing = String.join("; ", PaygateTarget.missingSettings());
            assertTrue(missing.contains("paygate.base-url (PAYGATE_BASE_URL) or paygate.binding-url, "
                    + "paygate.notification-url"), missing);
            assertFalse(missing.contains("paygate.payment-url"), missing);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    PaygateTarget::fromSystemProperties);
            assertTrue(e.getMessage().startsWith("paygate-qa: not configured, missing"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("paygate.payment-url");
            } else {
                System.setProperty("paygate.payment-url", before);
            }
        }
    }

    @Test
    void merchantServicesUrlIsItsOwnSettingOrTheBaseUrlAndOptionalForTheOtherServices() {
        Map<String, String> settings = Map.of("paygate.payment-url", "http://localhost:8081",
                "paygate.binding-url", "http://localhost:8082", "paygate.notification-url", "http://localhost:8083",
                "paygate.merchant", "demo", "paygate.client-secret", "demo-client-secret",
                "paygate.notification-secret", "whsec_x");
        settings.forEach(System::setProperty);
        try {
            PaygateTarget three = PaygateTarget.fromSystemProperties();
            assertEquals(Optional.empty(), three.merchantServiceUrl(), "the three services' settings still suffice");
            assertFalse(three.toString().contains("merchant-service"), three.toString());

            System.setProperty("paygate.merchant-service-url", "http://localhost:8084/");
            PaygateTarget four = PaygateTarget.fromSystemProperties();
            assertEquals(Optional.of("http://localhost:8084"), four.merchantServiceUrl());
            assertEquals("PaygateTarget[payment=http://localhost:8081, binding=http://localhost:8082, notification="
                    + "http://localhost:8083, merchant-service=http://localhost:8084, merchant=demo]", four.toString());

            PaygateTarget other = four.asMerchant("qa-1", "cs-1", "whsec_eQ==");
            assertEquals(List.of("qa-1", "cs-1", "whsec_eQ==", "http://localhost:8081"), List.of(other.merchantId(),
                    other.clientSecret(), other.notificationSecret(), other.paymentUrl()));
            assertEquals(four.merchantServiceUrl(), other.merchantServiceUrl());
            assertEquals("cs-2", other.withClientSecret("cs-2").clientSecret());
            assertEquals("whsec_eQ==", other.withClientSecret("cs-2").notificationSecret());
            assertEquals("whsec_ej0=", other.withNotificationSecret("whsec_ej0=").notificationSecret());
            assertEquals(Optional.of("https://x.example"), three.withMerchantServiceUrl("https://x.example/")
                    .merchantServiceUrl());

            // ledger-service's (docs/contract.md §12) the same way, and kept by every other target made from one.
            assertEquals(Optional.empty(), four.ledgerServiceUrl());
            System.setProperty("paygate.ledger-service-url", "http://localhost:8085/");
            PaygateTarget five = PaygateTarget.fromSystemProperties();
            assertEquals(Optional.of("http://localhost:8085"), five.ledgerServiceUrl());
            assertTrue(five.toString().contains(", ledger-service=http://localhost:8085, merchant=demo]"),
                    five.toString());
            assertEquals(five.ledgerServiceUrl(), five.asMerchant("qa-1", "cs-1", "whsec_eQ==").withOpsToken("t")
                    .withCallbackUrl("https://cb.example").withMerchantServiceUrl("https://m.example")
                    .ledgerServiceUrl());
        } finally {
            settings.keySet().forEach(System::clearProperty);
            System.clearProperty("paygate.merchant-service-url");
            System.clearProperty("paygate.ledger-service-url");
        }
    }
}
