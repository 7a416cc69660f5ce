package io.paygate.ledger.support;

import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test resources every ledger-service test class shares: its database, the broker and the sandbox merchants. One
 * set and one profile, so the whole suite is one application start.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "ledger"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
@WithTestResource(PaymentServiceStub.class)
public @interface LedgerTestResources {
}
