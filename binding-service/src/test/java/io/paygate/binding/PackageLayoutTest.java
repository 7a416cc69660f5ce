package io.paygate.binding;

import com.tngtech.archunit.core.domain.JavaAccess;
import io.paygate.binding.binding.BindingRepository;
import io.paygate.testsupport.arch.House;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The house (README "Rooms"): one package per capability under {@code io.paygate.binding}, none named after a layer;
 * the core ({@code binding}) depends on no capability; and what is pretend stays in {@code sandbox}: no class outside
 * it depends on one inside it (the sandbox bank's page and the simulate shortcut reach the binding through
 * {@code BindingService}, the seam a real bank's answer would use). The SNAP door ({@code snap}) is a second door onto
 * the same room: it changes bindings only through {@code BindingService}, and nothing else depends on it. The rules
 * every service keeps are test-support's {@link House}.
 */
class PackageLayoutTest {

    private static final House HOUSE = House.of("io.paygate.binding", "binding",
            Path.of("src/main/java/io/paygate/binding"));

    @Test
    void everyClassLivesInARoomAndNoRoomIsNamedAfterALayer() {
        HOUSE.everyClassLivesInARoomAndNoRoomIsNamedAfterALayer();
    }

    @Test
    void theCoreDependsOnNoCapability() {
        HOUSE.theCoreDependsOnNoCapability();
    }

    @Test
    void nothingOutsideTheSandboxDependsOnIt() {
        HOUSE.nothingOutsideTheSandboxDependsOnIt();
    }

    @Test
    void noSourceOutsideTheSandboxNamesOneOfItsClasses() {
        HOUSE.noSourceOutsideTheSandboxNamesOneOfItsClasses();
    }

    @Test
    void theSnapDoorChangesBindingsOnlyThroughBindingService() {
        noClasses().that().resideInAPackage(HOUSE.room("snap"))
                .should().dependOnClassesThat().areAssignableTo(BindingRepository.class)
                .orShould().setFieldWhere(JavaAccess.Predicates.targetOwner(resideInAPackage(HOUSE.room("binding"))))
                .because("SNAP is a second door onto the same room: its mappers call BindingService, never a second "
                        + "copy of the binding's logic (CONVENTIONS)")
                .check(HOUSE.main());
    }

    @Test
    void nothingButTheSnapDoorDependsOnIt() {
        noClasses().that().resideOutsideOfPackage(HOUSE.room("snap"))
                .should().dependOnClassesThat().resideInAPackage(HOUSE.room("snap"))
                .because("the /pg/ API and the bank page know nothing of SNAP")
                .check(HOUSE.main());
    }
}
