package io.paygate.payment.support;

import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * merchant-service's registry as payment-service's tests play it (docs/contract.md §10): a merchant's state published
 * on {@code merchant-config} and awaited until this service holds it. The broker outlives a test class: each class
 * gives its merchants ids of their own.
 */
public final class RegistryMerchants {

    private RegistryMerchants() {
    }

    /** Publishes {@code state} and waits until this service holds that version (or a later one). */
    public static void publish(Merchants merchants, MerchantState state) {
        RegistryRecords.publish(KafkaResource.broker(), state);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> merchants.registryVersion(state.id()).orElse(-1L) >= state.version());
    }

    /** {@code state} with these {@code methods} (§2a codes; empty: every method), at {@code version}. */
    public static MerchantState withMethods(MerchantState state, List<String> methods, long version) {
        return new MerchantState(state.id(), state.name(), state.status(), state.provider(), state.currency(), methods,
                state.ipAllowlist(), state.rateLimit(), state.fees(), state.settlementDelayDays(), state.clientSecret(),
                state.notificationSecret(), state.midtrans(), state.snap(), version, Instant.now());
    }

    /** A JSON request signed as merchant {@code id} with {@code clientSecret} (docs/contract.md §0). */
    public static RequestSpecification as(String id, String clientSecret) {
        return given().filter(MerchantSigningFilter.as(id, clientSecret)).contentType("application/json");
    }
}
