package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code deploy/local/run --midtrans-merchant ID}: a merchant of the local stack on the Midtrans channel (docs/contract.md §2). */
class MidtransMerchantTest {

    static final Map<String, String> KEYS = Map.of("MIDTRANS_SERVER_KEY", "SB-Mid-server-abc123",
            "MIDTRANS_CLIENT_KEY", "SB-Mid-client-def456");

    @Test
    void everyMerchantStaysOnTheSandboxUnlessToldOtherwise() {
        assertTrue(Options.parse(new String[0], KEYS).extraConfig().isEmpty(), "no provider line, so sandbox");
    }

    @Test
    void aMidtransMerchantGetsTheChannelItsKeysAndMidtranssSandboxByDefault() {
        Options options = Options.parse(new String[] {"--midtrans-merchant", "demo"}, KEYS);

        assertEquals(List.of("gateway.merchants.demo.provider=midtrans",
                "gateway.merchants.demo.midtrans.server-key=SB-Mid-server-abc123",
                "gateway.merchants.demo.midtrans.client-key=SB-Mid-client-def456",
                "gateway.merchants.demo.midtrans.base-url=https://api.sandbox.midtrans.com"), options.extraConfig());
    }

    @Test
    void aBaseUrlPointsTheChannelElsewhereAndSetLinesStillWin() {
        Options options = Options.parse(new String[] {"--set", "gateway.merchants.demo.provider=sandbox",
                "--midtrans-base-url", "http://127.0.0.1:18999/", "--midtrans-merchant", "demo2"}, KEYS);

        assertEquals("gateway.merchants.demo2.midtrans.base-url=http://127.0.0.1:18999", options.extraConfig().get(3));
        assertEquals("gateway.merchants.demo.provider=sandbox", options.extraConfig().getLast(), "--set comes last");
    }

    @Test
    void withoutKeysInTheEnvironmentItSaysWhichIsMissing() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Options.parse(
                new String[] {"--midtrans-merchant", "demo"}, Map.of("MIDTRANS_SERVER_KEY", "SB-Mid-server-abc123")));

        assertTrue(refused.getMessage().startsWith("--midtrans-merchant demo needs MIDTRANS_CLIENT_KEY in the environment"),
                refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"de.mo", "demo\ngateway.ops.token=x", "", "démo", "a b"})
    void refusesAnIdThatIsNoConfigurationKeySegment(String id) {
        assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {"--midtrans-merchant", id}, KEYS));
    }

    @Test
    void refusesAKeyThatWouldWriteAnotherConfigurationLine() {
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--midtrans-merchant", "demo"},
                Map.of("MIDTRANS_SERVER_KEY", "k\ngateway.ops.token=mine", "MIDTRANS_CLIENT_KEY", "c")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://api.sandbox.midtrans.com", "api.sandbox.midtrans.com", "https://x/?a=b", "http://"})
    void refusesABaseUrlThatIsNotAnHttpUrl(String url) {
        assertThrows(IllegalArgumentException.class, () -> Options.parse(
                new String[] {"--midtrans-merchant", "demo", "--midtrans-base-url", url}, KEYS));
    }

    @Test
    void aBaseUrlWithoutAMerchantIsAMistake() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Options.parse(
                new String[] {"--midtrans-base-url", "http://127.0.0.1:1"}, KEYS));

        assertEquals("--midtrans-base-url needs --midtrans-merchant ID", refused.getMessage());
    }

    @Test
    void onlyPaymentServiceAndTheRegistrysSeedGetTheKeysEveryServiceKnowsTheChannel() {
        List<String> channel = new MidtransMerchant("demo", "SB-Mid-server-abc123", "SB-Mid-client-def456",
                "http://127.0.0.1:18999").configLines();
        ServiceConfig config = new ServiceConfig(db -> "jdbc:postgresql://127.0.0.1:1/" + db, "127.0.0.1:2", "i",
                "e", "p", channel);
        List<ServiceSpec> processes = ServiceSpec.all(0, 2);

        for (ServiceSpec process : processes) {
            List<String> lines = config.lines(process, ServiceSpec.all(0));
            boolean keys = lines.stream().anyMatch(l -> l.contains("SB-Mid-server-abc123"));
            // payment-service runs the channel; merchant-service seeds the registry with it (docs/contract.md §10)
            boolean holder = process.name().equals("payment-service") || process.name().equals("merchant-service");
            assertEquals(holder, keys, process.id());
            assertEquals(holder,
                    lines.contains("gateway.merchants.demo.midtrans.base-url=http://127.0.0.1:18999"), process.id());
            assertTrue(lines.contains("gateway.merchants.demo.provider=midtrans"), process.id());
        }
    }

    @Test
    void theBannerNamesTheChannelAndTheNotificationUrlButNoKey() {
        List<String> channel = new MidtransMerchant("demo", "SB-Mid-server-abc123", "SB-Mid-client-def456",
                MidtransMerchant.SANDBOX_BASE_URL).configLines();

        List<String> banner = MidtransMerchant.describe(channel, "http://localhost:8081");

        assertEquals(List.of("Merchants on the Midtrans channel (their keys are payment-service's alone):",
                "  demo pays through Midtrans at https://api.sandbox.midtrans.com; notification URL"
                + " http://localhost:8081/pg/provider/midtrans/notification"), banner);
        assertFalse(new MidtransMerchant("demo", "SB-Mid-server-abc123", "c", "http://h").toString().contains("SB-Mid"));
        assertEquals(List.of(), MidtransMerchant.describe(List.of("gateway.merchants.demo.name=Demo"), "http://h"));
    }

    @Test
    void theUsageExplainsTheOption() {
        assertTrue(Options.USAGE.contains("--midtrans-merchant ID"));
        assertTrue(Options.USAGE.contains("MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY"));
    }
}
