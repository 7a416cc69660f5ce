package io.paygate.local;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy/local/urls.sh}: the line the launcher prints points a shell at the stack, so the tours' commands work
 * as printed at any port offset.
 */
class UrlsScriptTest {

    private static final String SHOW = "; echo \"$PAYGATE_PORT_OFFSET $PAYGATE_PAYMENT_URL $PAYGATE_BINDING_URL "
            + "$PAYGATE_NOTIFICATION_URL $PAYGATE_MERCHANT_SERVICE_URL $PAYGATE_LEDGER_URL $PAYGATE_MERCHANT_URL\"";

    @Test
    void theOffsetGivenMovesEveryAddressTheToursUse() throws Exception {
        String out = bash(Map.of(), "source urls.sh 30000 >/dev/null" + SHOW);

        assertEquals("30000 http://localhost:38081 http://localhost:38082 http://localhost:38083 http://localhost:38084 "
                + "http://localhost:38085 http://localhost:39000\n",
                out);
    }

    @Test
    void withoutAnOffsetItFollowsTheExportedOneElseZero() throws Exception {
        assertEquals("500 http://localhost:8581 http://localhost:8582 http://localhost:8583 http://localhost:8584 "
                + "http://localhost:8585 http://localhost:9500\n",
                bash(Map.of("PAYGATE_PORT_OFFSET", "500"), "source urls.sh >/dev/null" + SHOW));
        assertEquals("0 http://localhost:8081 http://localhost:8082 http://localhost:8083 http://localhost:8084 "
                + "http://localhost:8085 http://localhost:9000\n",
                bash(Map.of(), "source urls.sh >/dev/null" + SHOW));
    }

    @Test
    void itSaysWhatItSetAndRefusesAnOffsetThatIsNoNumberSettingNothing() throws Exception {
        assertTrue(bash(Map.of(), "source urls.sh 100").startsWith("paygate at port offset 100: payment "
                + "http://localhost:8181"));
        assertEquals("2 unset\n", bash(Map.of(), "source urls.sh x1 2>/dev/null; echo \"$? ${PAYGATE_PAYMENT_URL:-unset}\""));
    }

    @Test
    void runInsteadOfSourcedItSaysHowToUseIt() throws Exception {
        assertEquals("2\n", bash(Map.of(), "bash urls.sh 2>/dev/null; echo $?"));
    }

    @Test
    void theLauncherPrintsTheLineForItsOwnOffset() {
        assertEquals("Tours and tools in another shell: source deploy/local/urls.sh", LocalStack.toursLine(0));
        assertEquals("Tours and tools in another shell: source deploy/local/urls.sh 30000", LocalStack.toursLine(30000));
    }

    private static String bash(Map<String, String> environment, String script) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "--noprofile", "--norc", "-c", script)
                .directory(Path.of("").toAbsolutePath().toFile()).redirectErrorStream(false);
        builder.environment().keySet().removeIf(k -> k.startsWith("PAYGATE_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        return out;
    }
}
