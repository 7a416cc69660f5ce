package io.paygate.kit.nativeimage;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.ids.SecureRandoms;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the native images register for reflection (issue 48): every record and enum of paygate's packages, found on
 * the class path, so that no type Jackson reads outside REST can be forgotten as MerchantState was.
 */
class RecordsForReflectionTest {

    @Test
    void everyRecordAndEnumOfCommonModelIsRegisteredAndNothingElse() throws Exception {
        Path commonModel = Path.of(MerchantState.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names = RecordsForReflection.classNames(commonModel);
        assertTrue(names.contains(MerchantState.class.getName()), names.toString());
        assertTrue(names.contains(SecureRandoms.class.getName()), "every class is listed, the selection follows");

        List<Class<?>> selected = RecordsForReflection.selected(names, RecordsForReflectionTest::load);
        assertTrue(selected.contains(MerchantState.class), "the merchant-config topic's state, missed by the old list");
        assertTrue(selected.contains(EventEnvelope.class));
        assertTrue(selected.contains(MerchantStatus.class), "enums too");
        assertFalse(selected.contains(SecureRandoms.class), "a class that is no record or enum");
        assertTrue(selected.stream().allMatch(type -> type.isRecord() || type.isEnum()));
    }

    @Test
    void aPathThatIsNoJarOrDirectoryHasNoClasses() {
        assertTrue(RecordsForReflection.classNames(Path.of("/nonexistent/classes.jar")).isEmpty());
        assertTrue(RecordsForReflection.selected(List.of("io.paygate.NoSuchClass"), RecordsForReflectionTest::load)
                .isEmpty());
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, RecordsForReflectionTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
