package io.paygate.merchant;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.testsupport.rest.HealthChecks;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

@QuarkusTest
@MerchantTestResources
class MerchantServiceReadinessTest {

    @Inject
    AgroalDataSource dataSource;

    /** A producer writes through the outbox: a Kafka outage must not take it out of the Service. */
    @Test
    void isReadyWithItsDatabaseAndReportsTheOutboxInsteadOfFailingOnKafka() {
        HealthChecks.assertReady(List.of(HealthChecks.DATABASE, HealthChecks.OUTBOX), List.of(HealthChecks.KAFKA));
    }

    @Test
    void migratesItsOwnDatabaseWithFlywayIncludingTheSharedOutbox() throws Exception {
        HealthChecks.assertMigrated(dataSource, "merchant");
    }
}
