package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.testsupport.rest.HealthChecks;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

@QuarkusTest
@LedgerTestResources
class LedgerServiceReadinessTest {

    @Inject
    AgroalDataSource dataSource;

    /** A consumer: the broker is part of its readiness (the ledger is as current as the events it read). */
    @Test
    void isReadyWithItsDatabaseAndTheBroker() {
        HealthChecks.assertReady(List.of(HealthChecks.DATABASE, HealthChecks.KAFKA), List.of());
    }

    @Test
    void migratesItsOwnDatabaseWithFlyway() throws Exception {
        HealthChecks.assertMigrated(dataSource, "ledger");
    }
}
