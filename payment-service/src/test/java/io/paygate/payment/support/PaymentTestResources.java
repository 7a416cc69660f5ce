package io.paygate.payment.support;

import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.MailResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test resources most payment-service test classes share: its database, the broker, the sandbox merchants, a
 * stand-in for ledger-service's hold API (a transfer is written only once its funds are held, docs/contract.md §12),
 * and a real SMTP server with the mailer's mock off (payment links' e-mail, §11).
 * Classes with the same set (and profile) share one application start, so a class needing other resources names them
 * all itself rather than adding to this set.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "payment"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
@WithTestResource(LedgerServiceResource.class)
@WithTestResource(MailResource.class)
public @interface PaymentTestResources {
}
