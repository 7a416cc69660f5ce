package io.paygate.binding.binding;

import io.paygate.binding.support.BindingTestResources;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;

import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.binding.support.BindingFixtures.bind;
import static io.paygate.binding.support.BindingFixtures.body;
import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static io.paygate.binding.support.BindingFixtures.simulate;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
@BindingTestResources
class BindingApiTest {

    @Test
    void bindsAPendingBindingWithAnAuthorizationPage() {
        bind(SandboxMerchants.DEMO, body(newCustomerId(), "BRI_DD")).statusCode(200)
                .body("responseCode", equalTo("2000000")).body("responseMessage", equalTo("Success"))
                .body("bindingId", matchesPattern("bnd_[0-9A-Z]{24}"))
                .body("status", equalTo("PENDING"))
                .body("authorizationUrl", startsWith("http://localhost:18282/pg/bind/bnd_"))
                .body("expiresAt", matchesPattern("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+07:00"));
    }

    @Test
    void bindingTheSameCustomerAndSourceAgainReturnsTheLiveBinding() {
        String customer = newCustomerId();
        String first = newPendingBinding(customer);
        bind(SandboxMerchants.DEMO, body(customer, "BCA_DD")).statusCode(200).body("bindingId", equalTo(first));
        simulate(first, "ACTIVE").statusCode(200).body("status", equalTo("ACTIVE"));
        bind(SandboxMerchants.DEMO, body(customer, "BCA_DD")).statusCode(200).body("bindingId", equalTo(first))
                .body("status", equalTo("ACTIVE")).body("authorizationUrl", nullValue());
        bind(SandboxMerchants.DEMO, body(customer, "BNI_DD")).statusCode(200).body("bindingId", not(equalTo(first)));
    }

    @Test
    void aFailedBindingIsReplacedByANewOne() {
        String customer = newCustomerId();
        String first = newPendingBinding(customer);
        simulate(first, "FAILED").statusCode(200).body("status", equalTo("FAILED"));
        bind(SandboxMerchants.DEMO, body(customer, "BCA_DD")).statusCode(200).body("bindingId", not(equalTo(first)))
                .body("status", equalTo("PENDING"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "customer.id missing       | {\"customer\":{\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer.id",
            "customer.email missing    | {\"customer\":{\"id\":\"C1\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer.email",
            "customer.firstName blank  | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer.firstName",
            "customer.lastName missing | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer.lastName",
            "mobilePhone missing       | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer.mobilePhone",
            "customer missing          | {\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000202 | Invalid Mandatory Field customer",
            "sourceOfFunds missing     | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"}} | 4000202 | Invalid Mandatory Field sourceOfFunds",
            "type missing              | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"bank\":\"x\"}} | 4000202 | Invalid Mandatory Field sourceOfFunds.type",
            "customer.id too long      | {\"customer\":{\"id\":\"C12345678901234567890123456789012345678901234567890123456789012345\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000201 | Invalid Field Format customer.id",
            "email malformed           | {\"customer\":{\"id\":\"C1\",\"email\":\"not-an-email\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000201 | Invalid Field Format customer.email",
            "firstName over 50         | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000201 | Invalid Field Format customer.firstName",
            "phone without plus        | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"081234567890\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000201 | Invalid Field Format customer.mobilePhone",
            "unknown source type       | {\"customer\":{\"id\":\"C1\",\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"PAYPAL\"}} | 4000201 | Invalid Field Format sourceOfFunds.type",
            "empty customer object     | {\"customer\":{},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000201 | Invalid Field Format customer",
            "id as a number            | {\"customer\":{\"id\":42,\"email\":\"a@b.co\",\"firstName\":\"A\",\"lastName\":\"B\",\"mobilePhone\":\"+6281234567\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}} | 4000200 | Bad Request wrong type at customer.id",
            "malformed JSON            | {\"customer\": | 4000200 | Bad Request malformed JSON"})
    void refusesBadInputNamingTheFieldAndCreatesNothing(String name, String json, String code, String message)
            throws Exception {
        long before = countBindings();
        bind(SandboxMerchants.DEMO, json).statusCode(Integer.parseInt(code.substring(0, 3)))
                .body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
        assertEquals(before, countBindings(), "nothing written");
    }

    @Test
    void requiresMerchantAuthenticationThoughTheSeedDeclaresNone() {
        given().contentType("application/json").body(body(newCustomerId(), "BCA_DD")).post(BIND).then().statusCode(401)
                .body("responseCode", equalTo("4010200"));
    }

    @Test
    void anotherMerchantsBindingIsNotFound() {
        String id = newPendingBinding(newCustomerId());
        as(SandboxMerchants.DEMO2).get(BIND + "/" + id).then().statusCode(404)
                .body("responseCode", equalTo("4040201")).body("responseMessage", equalTo("Transaction Not Found"));
        as(SandboxMerchants.DEMO2).delete(BIND + "/" + id).then().statusCode(404);
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().statusCode(200).body("status", equalTo("PENDING"));
        as(SandboxMerchants.DEMO).get(BIND + "/bnd_UNKNOWN").then().statusCode(404).body("responseCode", equalTo("4040201"));
    }

    @Test
    void unbindingNeedsAnActiveBindingAndPublishesEveryNotifiedChange() {
        String id = newPendingBinding(newCustomerId());
        as(SandboxMerchants.DEMO).delete(BIND + "/" + id).then().statusCode(409)
                .body("responseCode", equalTo("4090200"));
        simulate(id, "ACTIVE").statusCode(200);
        as(SandboxMerchants.DEMO).delete(BIND + "/" + id).then().statusCode(200).body("status", equalTo("UNBOUND"));
        as(SandboxMerchants.DEMO).delete(BIND + "/" + id).then().statusCode(409);

        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + id, 2, Duration.ofSeconds(20));
        assertEquals(List.of("ACTIVE", "UNBOUND"), events.stream().map(e -> e.data().get("status").asText()).toList());
        assertEquals(List.of(1L, 2L), events.stream().map(EventEnvelope::sequence).toList());
        assertEquals("BCA_DD", events.get(0).data().get("sourceOfFundsType").asText());
        assertEquals("Budi", events.get(0).data().get("customer").get("firstName").asText());
    }

    @Test
    void sandboxSimulationNeedsTheOpsTokenAndAKnownTarget() {
        String id = newPendingBinding(newCustomerId());
        given().contentType("application/json").body("{\"status\":\"ACTIVE\"}")
                .post("/pg/sandbox/bindings/" + id + "/simulate").then().statusCode(401).body("responseCode", equalTo("4010800"));
        simulate(id, "UNBOUND").statusCode(400).body("responseCode", equalTo("4000801"))
                .body("responseMessage", equalTo("Invalid Field Format status"));
        simulate("bnd_NOPE", "ACTIVE").statusCode(404).body("responseCode", equalTo("4040801"));
        simulate(id, "ACTIVE").statusCode(200);
        simulate(id, "FAILED").statusCode(409).body("responseCode", equalTo("4090800"));
    }

    @Test
    void internalListingShowsOnlyActiveBindingsOfThatMerchantsCustomer() {
        String customer = newCustomerId();
        String active = newPendingBinding(customer);
        simulate(active, "ACTIVE").statusCode(200);
        bind(SandboxMerchants.DEMO, body(customer, "BRI_DD")).statusCode(200); // stays PENDING
        given().queryParam("merchantId", "demo").queryParam("customerId", customer).get("/internal/bindings").then()
                .statusCode(401);
        given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                .queryParam("merchantId", "demo").queryParam("customerId", customer).get("/internal/bindings").then()
                .statusCode(200).body("bindings.size()", equalTo(1))
                .body("bindings[0].bindingId", equalTo(active)).body("bindings[0].sourceOfFundsType", equalTo("BCA_DD"))
                .body("bindings[0].label", equalTo("BCA direct debit"));
        given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                .queryParam("merchantId", "demo2").queryParam("customerId", customer).get("/internal/bindings").then()
                .statusCode(200).body("bindings.size()", equalTo(0));
    }

    /** docs/contract.md §1b: payment-service asks whether a binding is ACTIVE and whose it is before charging it. */
    @Test
    void internalLookupAnswersOneBindingOfThatMerchantInAnyStateAndOthersLikeUnknownOnes() {
        String customer = newCustomerId();
        String id = newPendingBinding(customer);
        internal(id, "demo").statusCode(200).body("bindingId", equalTo(id)).body("status", equalTo("PENDING"))
                .body("customerId", equalTo(customer)).body("sourceOfFundsType", equalTo("BCA_DD"))
                .body("label", equalTo("BCA direct debit"));
        simulate(id, "ACTIVE").statusCode(200);
        internal(id, "demo").statusCode(200).body("status", equalTo("ACTIVE"));
        as(SandboxMerchants.DEMO).delete(BIND + "/" + id).then().statusCode(200);
        internal(id, "demo").statusCode(200).body("status", equalTo("UNBOUND")).body("customerId", equalTo(customer));

        String unknown = internal("bnd_NOPE", "demo").statusCode(404).body("responseCode", equalTo("4040201"))
                .body("responseMessage", equalTo("Transaction Not Found")).extract().asString();
        String foreign = internal(id, "demo2").statusCode(404).extract().asString();
        assertEquals(unknown, foreign, "another merchant's binding is answered exactly like an unknown one");
        internal(id, "nobody").statusCode(404).body("responseCode", equalTo("4040201"));
    }

    @Test
    void internalLookupNeedsTheInternalTokenAndAMerchantId() {
        String id = newPendingBinding(newCustomerId());
        given().queryParam("merchantId", "demo").get("/internal/bindings/" + id).then().statusCode(401)
                .body("responseCode", equalTo("4010200")).body("bindingId", nullValue());
        given().header("Authorization", "Bearer not-the-" + SandboxConfigResource.INTERNAL_TOKEN)
                .queryParam("merchantId", "demo").get("/internal/bindings/" + id).then().statusCode(401)
                .body("responseCode", equalTo("4010200")).body("bindingId", nullValue());
        // a merchant's request signature is not the internal token
        as(SandboxMerchants.DEMO).queryParam("merchantId", "demo").get("/internal/bindings/" + id).then()
                .statusCode(401).body("bindingId", nullValue());
        internal(id, null).statusCode(400).body("responseCode", equalTo("4000202"))
                .body("responseMessage", equalTo("Invalid Mandatory Field merchantId"));
        internal(id, " ").statusCode(400).body("responseCode", equalTo("4000202"));
    }

    private static io.restassured.response.ValidatableResponse internal(String bindingId, String merchantId) {
        var request = given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN);
        if (merchantId != null) {
            request.queryParam("merchantId", merchantId);
        }
        return request.get("/internal/bindings/" + bindingId).then();
    }

    @Inject
    AgroalDataSource dataSource;

    long countBindings() throws Exception {
        try (var c = dataSource.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM binding")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
