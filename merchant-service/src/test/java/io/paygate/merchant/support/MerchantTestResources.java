package io.paygate.merchant.support;

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
 * The test resources merchant-service's test classes share: its database, the broker and the sandbox merchants (which
 * it seeds). Classes with the same set (and profile) share one application start.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "merchant"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
public @interface MerchantTestResources {
}
