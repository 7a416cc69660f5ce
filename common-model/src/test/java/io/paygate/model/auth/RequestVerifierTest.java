package io.paygate.model.auth;

import static io.paygate.model.testing.RequestVectors.*;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RequestVerifierTest {

    private static final byte[] BODY = POST_BODY.getBytes(StandardCharsets.UTF_8);
    private static final Instant SENT = Instant.parse("2026-11-21T03:15:30Z");

    private static RequestVerifier verifierAt(Instant now) {
        return RequestVerifier.standard(Clock.fixed(now, ZoneOffset.UTC));
    }

    private static String reasonOf(Runnable call) {
        return assertThrows(RequestAuthenticationException.class, call::run).reason();
    }

    @Test
    void acceptsThePublishedVector() {
        assertDoesNotThrow(() -> verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE));
        assertDoesNotThrow(() -> verifierAt(SENT).verify(CLIENT_SECRET, GET_METHOD, GET_PATH, null, TIMESTAMP, GET_SIGNATURE));
    }

    @Test
    void acceptsUpperCaseHexSignature() {
        assertDoesNotThrow(() -> verifierAt(SENT).verify(CLIENT_SECRET, "post", POST_PATH, BODY, TIMESTAMP,
                POST_SIGNATURE.toUpperCase()));
    }

    @Test
    void rejectsTamperedBody() {
        byte[] tampered = POST_BODY.replace("150000.00", "1.00").getBytes(StandardCharsets.UTF_8);
        assertEquals("Invalid signature", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, tampered, TIMESTAMP, POST_SIGNATURE)));
    }

    /**
     * docs/contract.md §10: during a rotation a request signed with either live secret is accepted, in either slot, and
     * one signed with neither is not. On main there is no verify with a previous secret.
     */
    @Test
    void acceptsASignatureByThePreviousSecretWhileItIsGiven() {
        assertDoesNotThrow(() -> verifierAt(SENT).verify("a-new-secret", CLIENT_SECRET, POST_METHOD, POST_PATH, BODY,
                TIMESTAMP, POST_SIGNATURE));
        assertDoesNotThrow(() -> verifierAt(SENT).verify(CLIENT_SECRET, "an-old-secret", POST_METHOD, POST_PATH, BODY,
                TIMESTAMP, POST_SIGNATURE));
        assertEquals("Invalid signature", reasonOf(() -> verifierAt(SENT).verify("a-new-secret", null, POST_METHOD,
                POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
        assertEquals("Invalid signature", reasonOf(() -> verifierAt(SENT).verify("a-new-secret", "an-old-secret",
                POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void rejectsWrongSecret() {
        assertEquals("Invalid signature", reasonOf(() ->
                verifierAt(SENT).verify("demo2-client-secret", POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void rejectsOtherPathOrMethod() {
        assertEquals("Invalid signature", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, "/pg/disbursement/transfer", BODY, TIMESTAMP, POST_SIGNATURE)));
        assertEquals("Invalid signature", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, "PUT", POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void rejectsSignatureOfOtherTimestampEvenInsideTheWindow() {
        String other = "2026-11-21T10:15:31+07:00";
        assertEquals("Invalid signature", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, other, POST_SIGNATURE)));
    }

    @Test
    void acceptsTimestampExactlyThreeHundredSecondsAwayInBothDirections() {
        assertDoesNotThrow(() -> verifierAt(SENT.plusSeconds(300))
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE));
        assertDoesNotThrow(() -> verifierAt(SENT.minusSeconds(300))
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE));
    }

    @Test
    void rejectsStaleTimestamp() {
        assertEquals("Timestamp outside the allowed window", reasonOf(() -> verifierAt(SENT.plusSeconds(301))
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void rejectsFutureTimestamp() {
        assertEquals("Timestamp outside the allowed window", reasonOf(() -> verifierAt(SENT.minusSeconds(301))
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void honoursConfiguredTolerance() {
        RequestVerifier strict = new RequestVerifier(Clock.fixed(SENT.plusSeconds(31), ZoneOffset.UTC), Duration.ofSeconds(30));
        assertEquals("Timestamp outside the allowed window", reasonOf(() ->
                strict.verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE)));
    }

    @Test
    void rejectsMissingHeaders() {
        assertEquals("Missing X-TIMESTAMP", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, null, POST_SIGNATURE)));
        assertEquals("Missing X-TIMESTAMP", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, " ", POST_SIGNATURE)));
        assertEquals("Missing X-SIGNATURE", reasonOf(() ->
                verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, null)));
    }

    @Test
    void rejectsTimestampWithoutOffsetOrGarbage() {
        for (String bad : new String[] {"2026-11-21T10:15:30", "2026-11-21 10:15:30+07:00", "1795230930", "yesterday"}) {
            assertEquals("Invalid timestamp", reasonOf(() ->
                    verifierAt(SENT).verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, bad, POST_SIGNATURE)), bad);
        }
    }

    @Test
    void rejectsTruncatedOrNonHexSignature() {
        assertEquals("Invalid signature", reasonOf(() -> verifierAt(SENT)
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, POST_SIGNATURE.substring(0, 127))));
        assertEquals("Invalid signature", reasonOf(() -> verifierAt(SENT)
                .verify(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP, "zz" + POST_SIGNATURE.substring(2))));
    }

    @Test
    void exceptionCarriesTheReasonAsMessage() {
        RequestAuthenticationException e = new RequestAuthenticationException("Unknown partner");
        assertEquals("Unknown partner", e.reason());
        assertEquals("Unknown partner", e.getMessage());
    }
}
