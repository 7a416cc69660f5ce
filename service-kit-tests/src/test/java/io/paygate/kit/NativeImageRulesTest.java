package io.paygate.kit;

import io.paygate.testsupport.arch.NativeImage;
import org.junit.jupiter.api.Test;

/** service-kit keeps test-support's native-image rules (issue 48): what a JVM test cannot see fails a native build or start. */
class NativeImageRulesTest {

    @Test
    void theMainClassesKeepTheNativeImageRules() {
        NativeImage.check("io.paygate.kit");
    }
}
