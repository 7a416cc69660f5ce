package io.paygate.ledger;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** No package of ledger-service depends, directly or through others, on a package that depends back on it. */
class PackageCyclesTest {

    @Test
    void noPackageDependsOnItselfThroughAnother() {
        slices().matching("io.paygate.ledger.(**)").should().beFreeOfCycles()
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.paygate.ledger"));
    }
}
