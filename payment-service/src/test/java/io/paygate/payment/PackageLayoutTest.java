package io.paygate.payment;

import io.paygate.testsupport.arch.House;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/**
 * The house (README "Rooms"): one package per capability under {@code io.paygate.payment}, none named after a layer;
 * the core ({@code payment}) depends on no capability; and what is pretend stays in {@code sandbox}: no class outside
 * it depends on one inside it (production reaches it only through {@code PaymentChannel}, the provider callback and
 * {@code DisbursementBank}, found by CDI or HTTP), nor does any source outside it name one of its classes (bytecode
 * keeps no trace of an inlined constant such as a channel's name). The rules are test-support's {@link House}.
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
}
