package io.paygate.merchant;

import io.paygate.testsupport.arch.NativeImage;
import org.junit.jupiter.api.Test;

/** merchant-service holds nothing in a static field that a native image refuses in its heap (issue 48). */
class NativeImageRulesTest {

    @Test
    void noStaticFieldHoldsARandomNumberGenerator() {
        NativeImage.check("io.paygate.merchant");
    }
}
