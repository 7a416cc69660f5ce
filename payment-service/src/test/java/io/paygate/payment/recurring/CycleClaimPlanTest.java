package io.paygate.payment.recurring;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.CredentialTestResources;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The claim query of {@link CycleClaims} reads subscriptions by index in the plan PostgreSQL caches for a prepared
 * statement (the generic plan, the LIMIT unknown), not by a sequential scan of the table (docs/contract.md §1b: due
 * cycles claimed however many subscriptions there are). Planned over a copy of the table in a schema of its own with
 * 3,000 subscriptions, so that the planner prefers an index where one fits and the other tests' rows stay as they are.
 */
@QuarkusTest
@CredentialTestResources
class CycleClaimPlanTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void theClaimReadsByIndexInTheGenericPlan() throws SQLException {
        List<String> plan = genericPlan(CycleClaims.CLAIM);
        String text = String.join("\n", plan);
        // the copy's partial index (LIKE … INCLUDING ALL names it anew) finds the due ones; the primary key the rest
        assertTrue(text.contains("Index Cond: (next_due_at <="), text);
        assertTrue(text.contains("subscription_pkey"), text);
        assertFalse(text.contains("Seq Scan"), text);
    }

    @Test
    void theSameQueryWrittenWithInScansTheWholeTableSoThePlanCheckCanFail() throws SQLException {
        String in = CycleClaims.CLAIM.replace("id = ANY (ARRAY(", "id IN (").replace("SKIP LOCKED))", "SKIP LOCKED)");
        assertTrue(String.join("\n", genericPlan(in)).contains("Seq Scan"));
    }

    private List<String> genericPlan(String claim) throws SQLException {
        String numbered = claim;
        for (int i = 1; numbered.contains("?"); i++) {
            numbered = numbered.replaceFirst("\\?", "\\$" + i);
        }
        List<String> plan = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                s.execute("CREATE SCHEMA claim_plan");
                s.execute("CREATE TABLE claim_plan.subscription (LIKE public.subscription INCLUDING ALL)");
                s.execute("""
                        INSERT INTO claim_plan.subscription (id, merchant_id, recurring_id, type, amount, currency,
                            interval_count, interval_unit, status, customer_id, first_payment_id, first_order_id,
                            next_due_at, created_at, updated_at)
                        SELECT gen_random_uuid(), 'plan', 'SUB.' || g, 'PURCHASE', 1, 'IDR', 1, 'monthly',
                            CASE WHEN g % 10 < 7 THEN 'ACTIVE' ELSE 'PAUSED' END, 'c' || g, gen_random_uuid(),
                            'O' || g, now() + g * interval '1 minute', now(), now()
                        FROM generate_series(1, 3000) g""");
                s.execute("ANALYZE claim_plan.subscription");
                s.execute("SET LOCAL search_path = claim_plan");
                s.execute("SET LOCAL plan_cache_mode = force_generic_plan");
                s.execute("PREPARE claim_plan_check(timestamptz, timestamptz, int) AS " + numbered);
                try (ResultSet r = s.executeQuery(
                        "EXPLAIN (COSTS OFF) EXECUTE claim_plan_check(now(), now(), 50)")) {
                    while (r.next()) {
                        plan.add(r.getString(1));
                    }
                }
                s.execute("DEALLOCATE claim_plan_check");
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        return plan;
    }
}
