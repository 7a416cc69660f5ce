package io.paygate.kit;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.events.EventSigning;
import io.paygate.model.event.EventSigner;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A service refuses to start without a usable event signing key (docs/contract.md §7); a previous key joins the signer. */
class EventSigningTest {

    private static final String KEY = "a-production-like-event-signing-key-0123";
    private static final String OLD = "the-previous-event-signing-key-987654321";

    @Test
    void refusesToStartWithoutASigningKey() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> config(Map.of()));
        assertTrue(e.getMessage().contains("gateway.events.signing-key"), e.getMessage());
    }

    @Test
    void refusesToStartWithAKeyShorterThan32Bytes() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> signer(Map.of("gateway.events.signing-key", "too-short-event-key")));
        assertFalse(e.getMessage().contains("too-short-event-key"), "never the key in the message");
        assertThrows(IllegalStateException.class, () -> signer(Map.of("gateway.events.signing-key", KEY,
                "gateway.events.previous-signing-key", "short-old-key")));
    }

    @Test
    void signsWithTheCurrentAndThePreviousKeyDuringARotation() {
        byte[] value = "{\"eventId\":\"e\",\"sequence\":1}".getBytes(StandardCharsets.UTF_8);
        EventSigner signer = signer(Map.of("gateway.events.signing-key", KEY, "gateway.events.previous-signing-key", OLD));
        String header = signer.sign("e", 1, value);
        assertEquals(2, header.split(" ").length);
        assertDoesNotThrow(() -> EventSigner.of(OLD).verify(header, value));
        assertDoesNotThrow(() -> EventSigner.of(KEY).verify(header, value));
        assertEquals(1, signer(Map.of("gateway.events.signing-key", KEY)).sign("e", 1, value).split(" ").length);
    }

    private static EventSigner signer(Map<String, String> properties) {
        return new EventSigning().eventSigner(config(properties));
    }

    private static GatewayConfig config(Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(GatewayConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter()) // "1s", as Quarkus reads it
                .withDefaultValues(all).build();
        return config.getConfigMapping(GatewayConfig.class);
    }
}
