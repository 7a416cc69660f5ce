package io.paygate.merchant.registry;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10: the audit entry is written in the change's own transaction. When the database refuses either
 * half (a trigger made to fail here), neither the change, nor its entry, nor its merchant-config event exists; and the
 * audit trail can be neither changed nor emptied.
 */
@QuarkusTest
@MerchantTestResources
class AuditAtomicityTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void anAuditEntryThatCannotBeWrittenTakesItsChangeWithIt() {
        Registry registry = new Registry(dataSource);
        String id = Operator.newId();
        Operator.create(id);
        registry.execute("CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$");
        try {
            registry.execute("CREATE TRIGGER refuse_audit BEFORE INSERT ON merchant_audit FOR EACH ROW "
                    + "EXECUTE FUNCTION refuse_write()");
            registry.writesNothing(() -> Operator.ops().body("{\"reason\":\"x\"}")
                    .post("/admin/merchants/" + id + "/suspend").then().statusCode(500)
                    .body("responseCode", equalTo("5001200")));
            assertEquals(List.of("ACTIVE 1"), registry.strings(
                    "SELECT status || ' ' || version FROM merchant WHERE id = ?", id), "no change without its entry");
            registry.execute("DROP TRIGGER refuse_audit ON merchant_audit");

            registry.execute("CREATE TRIGGER refuse_change BEFORE UPDATE ON merchant FOR EACH ROW "
                    + "EXECUTE FUNCTION refuse_write()");
            registry.writesNothing(() -> Operator.ops().body("{}").post("/admin/merchants/" + id
                    + "/client-secret/rotate").then().statusCode(500));
            assertEquals(List.of("create"), registry.strings(
                    "SELECT action FROM merchant_audit WHERE merchant_id = ?", id), "no entry without its change");
        } finally {
            registry.execute("DROP TRIGGER IF EXISTS refuse_audit ON merchant_audit");
            registry.execute("DROP TRIGGER IF EXISTS refuse_change ON merchant");
            registry.execute("DROP FUNCTION refuse_write()");
        }
        Operator.ops().body("{\"reason\":\"x\"}").post("/admin/merchants/" + id + "/suspend").then().statusCode(200)
                .body("version", equalTo(2));
    }

    @Test
    void theAuditTrailIsAppendOnly() {
        Registry registry = new Registry(dataSource);
        Operator.create(Operator.newId());
        long entries = registry.count("merchant_audit");
        for (String change : List.of("UPDATE merchant_audit SET actor = 'operator:nobody'", "DELETE FROM merchant_audit",
                "TRUNCATE merchant_audit CASCADE")) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> registry.execute(change));
            assertTrue(refused.getMessage().contains("append-only"), refused.getMessage());
        }
        assertEquals(entries, registry.count("merchant_audit"));
    }
}
