package io.paygate.binding;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * The packaged application (the jar in {@code ./mvnw verify}, the native executable with {@code -Pnative}): the
 * whole binding flow, which exercises JSON binding, validation, Qute, Hibernate and the outbox as built.
 */
@QuarkusIntegrationTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "binding_it"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class BindingServiceIT {

    @Test
    void bindApproveOnTheBankPageAndUnbind() {
        // The packaged service has its management interface on: health is there, not on the API port.
        int management = ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
        given().port(management).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/ready").then().statusCode(404);
        String id = newPendingBinding(newCustomerId());
        given().get("/pg/bind/" + id).then().statusCode(200).body(containsString("Authorize direct debit"));
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("otp", "123456")
                .post("/pg/bind/" + id + "/authorize").then().statusCode(303);
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().statusCode(200).body("status", equalTo("ACTIVE"));
        as(SandboxMerchants.DEMO).delete(BIND + "/" + id).then().statusCode(200).body("status", equalTo("UNBOUND"));
        as(SandboxMerchants.DEMO).body("{\"customer\":{}}").post(BIND).then().statusCode(400)
                .body("responseCode", equalTo("4000202"));
    }
}
