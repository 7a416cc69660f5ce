package io.paygate.notification;

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
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "notification"))
@WithTestResource(KafkaResource.class)
class NotificationServiceReadinessTest {

    @Inject
    AgroalDataSource dataSource;

    /** notification-service consumes: without Kafka it cannot do its work, so Kafka is part of readiness. */
    @Test
    void isReadyOnlyWithItsDatabaseAndKafkaUp() {
        HealthChecks.assertReady(List.of(HealthChecks.DATABASE, HealthChecks.KAFKA), List.of());
    }

    @Test
    void migratesItsOwnDatabaseWithFlywayIncludingTheSharedOutbox() throws Exception {
        HealthChecks.assertMigrated(dataSource, "notification");
    }
}
