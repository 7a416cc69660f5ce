package io.paygate.kit.auth;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §10: named operator tokens, stored hashed; {@code gateway.ops.token} is operator {@code ops}. */
class OperatorsTest {

    private static final String ALICE = Operators.tokenSha256("alice-token");

    @Test
    void eachTokenNamesItsOperatorAndTheOpsTokenIsOperatorOps() {
        Operators operators = new Operators(Map.of("alice", ALICE, "bob", Operators.tokenSha256("bob-token")),
                Optional.of("ops-token"));
        assertEquals(Optional.of("alice"), operators.authenticate("alice-token"));
        assertEquals(Optional.of("bob"), operators.authenticate("bob-token"));
        assertEquals(Optional.of("ops"), operators.authenticate("ops-token"));
        assertEquals(Optional.empty(), operators.authenticate(ALICE));
        assertEquals(Optional.empty(), operators.authenticate(""));
        assertEquals(Optional.empty(), operators.authenticate(null));
    }

    @Test
    void withoutAnyOperatorNoTokenIsAccepted() {
        Operators none = new Operators(Map.of(), Optional.empty());
        assertFalse(none.any());
        assertEquals(Optional.empty(), none.authenticate("anything"));
        assertTrue(new Operators(Map.of(), Optional.of("t")).any());
    }

    @Test
    void aMalformedHashOrNameStopsTheServiceNamingTheKeyButNotTheValue() {
        IllegalStateException upper = assertThrows(IllegalStateException.class,
                () -> new Operators(Map.of("alice", ALICE.toUpperCase()), Optional.empty()));
        assertTrue(upper.getMessage().startsWith("gateway.operators.alice.token-sha256"), upper.getMessage());
        assertFalse(upper.getMessage().contains(ALICE.toUpperCase()));
        assertThrows(IllegalStateException.class,
                () -> new Operators(Map.of("alice", "alice-token"), Optional.empty()));
        assertThrows(IllegalStateException.class,
                () -> new Operators(Map.of("Alice!", ALICE), Optional.empty()));
    }

    @Test
    void theOpsTokenAndAHashForOpsMustNameTheSameToken() {
        assertEquals(Optional.of("ops"), new Operators(Map.of("ops", Operators.tokenSha256("t")), Optional.of("t"))
                .authenticate("t"));
        assertThrows(IllegalStateException.class,
                () -> new Operators(Map.of("ops", ALICE), Optional.of("another")));
    }
}
