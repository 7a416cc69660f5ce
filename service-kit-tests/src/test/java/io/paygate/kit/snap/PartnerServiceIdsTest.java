package io.paygate.kit.snap;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9, "Virtual account numbers belong to one merchant": a merchant's company codes are its own, as
 * configured in a properties file or the environment (which drop leading spaces), and a configuration that would give
 * one number to two merchants stops the service naming the key.
 */
class PartnerServiceIdsTest {

    @Test
    void aCodeIsItsDigitsWhetherWrittenPaddedOrNot() {
        PartnerServiceIds codes = new PartnerServiceIds(Map.of("demo", List.of("12345", "   12346"),
                "demo2", List.of("22345")));
        for (String sent : new String[]{"   12345", "12345", "   12346", "12346"}) {
            assertTrue(codes.belongsTo("demo", sent), sent);
            assertFalse(codes.belongsTo("demo2", sent), sent);
        }
        assertTrue(codes.belongsTo("demo2", "   22345"));
        for (String other : new String[]{"   22345", "  123456", "    1234", "00012345", "", "        "}) {
            assertFalse(codes.belongsTo("demo", other), other);
        }
        assertFalse(codes.belongsTo("demo", null));
        assertFalse(codes.belongsTo("acme", "   12345"), "a merchant without codes has none");
        assertEquals("   12345", PartnerServiceIds.padded("12345"));
        assertEquals("12345678", PartnerServiceIds.padded("12345678"));
    }

    @Test
    void theCodesAsAPropertiesFileOrTheEnvironmentGiveThem() {
        // a properties file drops a value's leading spaces; the list's later elements keep theirs
        GatewayConfig fromFile = config(properties("""
                gateway.merchants.demo.snap.partner-service-ids=   12345,   12346
                """), Map.of());
        PartnerServiceIds codes = new PartnerServiceIds(fromFile);
        assertTrue(codes.belongsTo("demo", "   12345"));
        assertTrue(codes.belongsTo("demo", "   12346"));
        assertTrue(codes.belongsTo("demo2", "   22345"), "the test-support lines, written without padding");

        GatewayConfig fromEnvironment = config(Map.of(), Map.of("GATEWAY_MERCHANTS_DEMO_SNAP_PARTNER_SERVICE_IDS",
                "12347"));
        PartnerServiceIds env = new PartnerServiceIds(fromEnvironment);
        assertTrue(env.belongsTo("demo", "   12347"));
        assertFalse(env.belongsTo("demo", "   12345"), "the environment's list replaces the file's");
    }

    @Test
    void aCodeThatIsNotOneToEightDigitsStopsTheService() {
        for (String bad : new String[]{"", "   ", "123456789", "12a45", "12 45", "-1234", "１２３"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> new PartnerServiceIds(Map.of("acme", List.of(bad))), bad);
            assertEquals("gateway.merchants.acme.snap.partner-service-ids: \"" + bad + "\" is not a company code of "
                    + "1-8 digits (written without its padding)", e.getMessage());
        }
    }

    @Test
    void aCodeTwoMerchantsShareOrThatBeginsAnothersStopsTheService() {
        IllegalStateException shared = assertThrows(IllegalStateException.class, () -> new PartnerServiceIds(
                Map.of("acme", List.of("12345"), "bravo", List.of("99999", "   12345"))));
        assertEquals("gateway.merchants.bravo.snap.partner-service-ids: \"   12345\" is merchant acme's \"   12345\": "
                + "a company code belongs to one merchant, and no number may be both's", shared.getMessage());

        // every number under 123456 is a number under 12345 too (numbers are read without their spaces)
        for (List<String> overlapping : List.of(List.of("123456"), List.of("1234"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new PartnerServiceIds(
                    Map.of("acme", List.of("12345"), "bravo", overlapping)), overlapping.toString());
            assertTrue(e.getMessage().startsWith("gateway.merchants.bravo.snap.partner-service-ids: \""
                    + PartnerServiceIds.padded(overlapping.get(0)) + "\" overlaps merchant acme's \"   12345\""),
                    e.getMessage());
        }
        // one merchant's own codes may overlap: its numbers are its own either way
        assertTrue(new PartnerServiceIds(Map.of("acme", List.of("12345", "123456"))).belongsTo("acme", "  123456"));
    }

    /** The sandbox merchants' lines (with their SNAP codes), then {@code file}, then {@code environment}. */
    private static GatewayConfig config(Map<String, String> file, Map<String, String> environment) {
        Map<String, String> sandbox = new HashMap<>();
        for (String line : SandboxMerchants.configLines()) {
            int eq = line.indexOf('=');
            if (line.startsWith("gateway.merchants.")) {
                sandbox.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        sandbox.put("gateway.events.signing-key", "an-event-signing-key-of-at-least-32-bytes");
        return new SmallRyeConfigBuilder().withMapping(GatewayConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter()) // "1s", as Quarkus reads it
                .withSources(new PropertiesConfigSource(sandbox, "sandbox", 100))
                .withSources(new PropertiesConfigSource(file, "application.properties", 250))
                .withSources(new EnvConfigSource(environment, 300))
                .build().getConfigMapping(GatewayConfig.class);
    }

    private static Map<String, String> properties(String text) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> map = new HashMap<>();
        properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
        return map;
    }
}
