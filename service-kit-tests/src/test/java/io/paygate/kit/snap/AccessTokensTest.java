package io.paygate.kit.snap;

import io.paygate.model.error.SnapCase;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The self-contained access token (docs/contract.md §9): valid wherever the key is, for 900 s, for its merchant only. */
class AccessTokensTest {

    static final byte[] KEY = "a-token-key-of-at-least-32-bytes-0000".getBytes(StandardCharsets.UTF_8);
    static final byte[] NEW_KEY = "the-next-token-key-of-32-bytes-or-more".getBytes(StandardCharsets.UTF_8);
    static final Instant NOW = Instant.parse("2026-11-21T03:15:30Z");

    static AccessTokens at(Instant instant, byte[]... keys) {
        return new AccessTokens(List.of(keys), Clock.fixed(instant, ZoneOffset.UTC));
    }

    static SnapCase refusal(AccessTokens tokens, String token) {
        return assertThrows(SnapException.class, () -> tokens.verify(token)).snapCase();
    }

    @Test
    void aTokenNamesItsMerchantAndIsValidAnywhereTheKeyIsFor900Seconds() {
        String token = at(NOW, KEY).issue("demo");
        AccessTokens otherReplica = at(NOW.plusSeconds(899), KEY);
        AccessTokens.Claims claims = otherReplica.verify(token);
        assertEquals("demo", claims.merchantId());
        assertEquals(NOW.plusSeconds(900), claims.expiresAt());
        assertEquals(SnapCase.INVALID_TOKEN, refusal(at(NOW.plusSeconds(900), KEY), token));
        assertEquals(SnapCase.INVALID_TOKEN, refusal(at(NOW.plusSeconds(100_000), KEY), token));
    }

    @Test
    void twoTokensOfOneMerchantDiffer() {
        AccessTokens tokens = at(NOW, KEY);
        assertNotEquals(tokens.issue("demo"), tokens.issue("demo"));
    }

    @Test
    void anAlteredTokenOrOneOfAnotherKeyWasNeverIssued() {
        String token = at(NOW, KEY).issue("demo");
        int dot = token.indexOf('.');
        String payload = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
        String otherMerchant = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.replace(":demo", ":demo2").getBytes(StandardCharsets.UTF_8)) + token.substring(dot);
        AccessTokens verifier = at(NOW, KEY);
        assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(verifier, otherMerchant));
        assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(verifier, at(NOW, NEW_KEY).issue("demo")));
        for (String junk : new String[]{"", ".", "abc", "abc.", ".abc", "a.b.c", "***.***", token + ".x",
                token.substring(0, token.length() - 1), "x".repeat(5000)}) {
            assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(verifier, junk), junk);
        }
        assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(verifier, null));
    }

    @Test
    void aRotationAcceptsTheTokensOfThePreviousKeyAndIssuesWithTheNewOne() {
        String old = at(NOW, KEY).issue("demo");
        AccessTokens rotating = at(NOW, NEW_KEY, KEY);
        assertEquals("demo", rotating.verify(old).merchantId());
        String fresh = rotating.issue("demo2");
        assertEquals("demo2", at(NOW, NEW_KEY).verify(fresh).merchantId());
        assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(at(NOW, KEY), fresh));
    }

    @Test
    void aMerchantIdWithColonsSurvives() {
        assertEquals("odd:id", at(NOW, KEY).verify(at(NOW, KEY).issue("odd:id")).merchantId());
    }

    @Test
    void withoutAKeyNothingIsIssuedOrAccepted() {
        AccessTokens none = at(NOW);
        assertThrows(IllegalStateException.class, () -> none.issue("demo"));
        assertEquals(SnapCase.TOKEN_NOT_FOUND, refusal(none, at(NOW, KEY).issue("demo")));
    }

    @Test
    void theServiceDoesNotStartWithoutAKeyWhenMerchantsUseSnapOrWithAShortOne() {
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> AccessTokens.keys(config(null, null), true));
        assertTrue(missing.getMessage().startsWith("gateway.snap.token-key is required"), missing.getMessage());
        assertEquals(List.of(), AccessTokens.keys(config(null, null), false), "no SNAP merchant: no SNAP");
        assertEquals(List.of(), AccessTokens.keys(config(null, null, false), true),
                "a service that serves no SNAP request (notification-service) needs no token key");
        IllegalStateException shortKey = assertThrows(IllegalStateException.class,
                () -> AccessTokens.keys(config("short", null), true));
        assertEquals("gateway.snap.token-key must be at least 32 bytes", shortKey.getMessage());
        IllegalStateException shortPrevious = assertThrows(IllegalStateException.class,
                () -> AccessTokens.keys(config(new String(KEY, StandardCharsets.UTF_8), "short"), true));
        assertEquals("gateway.snap.previous-token-key must be at least 32 bytes", shortPrevious.getMessage());
        assertEquals(2, AccessTokens.keys(config(new String(KEY, StandardCharsets.UTF_8),
                new String(NEW_KEY, StandardCharsets.UTF_8)), true).size());
    }

    static SnapConfig config(String tokenKey, String previousTokenKey) {
        return config(tokenKey, previousTokenKey, true);
    }

    static SnapConfig config(String tokenKey, String previousTokenKey, boolean servesRequests) {
        return new SnapConfig() {
            public java.util.Optional<String> tokenKey() {
                return java.util.Optional.ofNullable(tokenKey);
            }

            public java.util.Optional<String> previousTokenKey() {
                return java.util.Optional.ofNullable(previousTokenKey);
            }

            public int externalIdDays() {
                return 2;
            }

            public Duration idempotencyLease() {
                return Duration.ofSeconds(60);
            }

            public boolean servesRequests() {
                return servesRequests;
            }
        };
    }

    @Test
    void theKeyNeverShows() {
        String text = at(NOW, KEY).toString();
        assertFalse(text.contains("token-key"), text);
        assertTrue(text.contains("1 key"), text);
        assertEquals(Duration.ofSeconds(900), at(NOW, KEY).lifetime());
    }
}
