package io.paygate.payment.support;

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
 * {@link PaymentTestResources} plus binding-service's internal API over HTTP ({@link BindingServiceResource}): the
 * set of the tests that charge bindings (direct-debit purchases, subscriptions), sharing one application start.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "payment"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
@WithTestResource(BindingServiceResource.class)
public @interface CredentialTestResources {
}
