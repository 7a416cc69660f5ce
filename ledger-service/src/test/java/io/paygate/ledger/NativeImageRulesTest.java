package io.paygate.ledger;

import io.paygate.testsupport.arch.NativeImage;
import org.junit.jupiter.api.Test;

/** ledger-service holds nothing in a static field that a native image refuses in its heap (issue 48). */
class NativeImageRulesTest {

    @Test
    void noStaticFieldHoldsARandomNumberGenerator() {
        NativeImage.check("io.paygate.ledger");
    }
}
