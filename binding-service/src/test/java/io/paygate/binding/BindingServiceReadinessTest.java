package io.paygate.binding;

import io.agroal.api.AgroalDataSource;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.rest.HealthChecks;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "binding"))
@WithTestResource(KafkaResource.class)
class BindingServiceReadinessTest {

    @Inject
    AgroalDataSource dataSource;

    /** A producer writes through the outbox: a Kafka outage must not take it out of the Service. */
    @Test
    void isReadyWithItsDatabaseAndReportsTheOutboxInsteadOfFailingOnKafka() {
        HealthChecks.assertReady(List.of(HealthChecks.DATABASE, HealthChecks.OUTBOX), List.of(HealthChecks.KAFKA));
    }

    @Test
    void migratesItsOwnDatabaseWithFlywayIncludingTheSharedOutbox() throws Exception {
        HealthChecks.assertMigrated(dataSource, "binding");
    }
}
