package io.paygate.merchant;

import io.paygate.kit.outbox.Outbox;
import io.paygate.testsupport.arch.House;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The house (README "Rooms"): one package per capability under {@code io.paygate.merchant}, none named after a layer;
 * the core ({@code registry}) depends on no capability; and only the core publishes: a merchant's state leaves through
 * {@code MerchantChanges}, in the change's transaction with its audit entry.
 */
class PackageLayoutTest {

    private static final House HOUSE = House.of("io.paygate.merchant", "registry",
            Path.of("src/main/java/io/paygate/merchant"));

    @Test
    void everyClassLivesInARoomAndNoRoomIsNamedAfterALayer() {
        HOUSE.everyClassLivesInARoomAndNoRoomIsNamedAfterALayer();
    }

    @Test
    void theCoreDependsOnNoCapability() {
        HOUSE.theCoreDependsOnNoCapability();
    }

    @Test
    void onlyTheRegistryWritesToTheOutbox() {
        noClasses().that().resideOutsideOfPackage(HOUSE.room("registry"))
                .should().dependOnClassesThat().areAssignableTo(Outbox.class)
                .because("a merchant's state is published by MerchantChanges alone, in the change's transaction with "
                        + "its audit entry")
                .check(HOUSE.main());
    }
}
