package io.paygate.payment;

import com.tngtech.archunit.core.domain.JavaAccess;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.testsupport.arch.House;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The house (README "Rooms"): one package per capability under {@code io.paygate.payment}, none named after a layer;
 * the core ({@code payment}) depends on no capability; and what is pretend stays in {@code sandbox}: no class outside
 * it depends on one inside it (production reaches it only through {@code PaymentChannel}, the provider callback and
 * {@code DisbursementBank}, found by CDI or HTTP), nor does any source outside it name one of its classes (bytecode
 * keeps no trace of an inlined constant such as a channel's name). The SNAP door ({@code snap}) is a second door onto
 * the same rooms: it makes, cancels and refunds payments only through the services the {@code /pg/} API uses (never
 * {@code PaymentTransitions}, never a field of the core's), and nothing else depends on it. The rules are test-support's
 * {@link House}.
 */
class PackageLayoutTest {

    private static final House HOUSE = House.of("io.paygate.payment", "payment",
            Path.of("src/main/java/io/paygate/payment"));

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
    void theSnapDoorChangesPaymentsOnlyThroughTheServices() {
        noClasses().that().resideInAPackage(HOUSE.room("snap"))
                .should().dependOnClassesThat().areAssignableTo(PaymentTransitions.class)
                .orShould().setFieldWhere(JavaAccess.Predicates.targetOwner(resideInAPackage(HOUSE.room("payment"))))
                .because("SNAP is a second door onto the same rooms: it calls the services the /pg/ API calls, never "
                        + "a second copy of payment logic (CONVENTIONS)")
                .check(HOUSE.main());
    }

    @Test
    void nothingButTheSnapDoorDependsOnIt() {
        noClasses().that().resideOutsideOfPackage(HOUSE.room("snap"))
                .should().dependOnClassesThat().resideInAPackage(HOUSE.room("snap"))
                .because("the /pg/ API, the pages and the providers know nothing of SNAP")
                .check(HOUSE.main());
    }
}
