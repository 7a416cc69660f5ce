package io.paygate.merchant;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.paygate.testsupport.arch.NativeImage;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** merchant-service keeps test-support's native-image rules (issue 48): what a JVM test cannot see fails a native build or start. */
class NativeImageRulesTest {

    @Test
    void theMainClassesKeepTheNativeImageRules() {
        NativeImage.check("io.paygate.merchant");
    }

    /** The shape MerchantRepository.ids() had, which stopped the native merchant-service at start. */
    @Test
    void aPanacheProjectionOntoAClassBreaksTheRule() {
        assertTrue(NativeImage.NO_PANACHE_PROJECTION_ONTO_A_CLASS
                .evaluate(new ClassFileImporter().importClasses(Projecting.class)).hasViolation());
    }

    static final class Projecting {
        List<IdOnly> ids(PanacheQuery<?> query) {
            return query.project(IdOnly.class).list();
        }
    }

    record IdOnly(String id) {
    }
}
