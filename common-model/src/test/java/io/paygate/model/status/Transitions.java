package io.paygate.model.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import java.util.function.Function;

/** Checks a {@link Lifecycle} against the contract's table of moves, written out independently of the enum. */
final class Transitions {

    private Transitions() {
    }

    /**
     * Every pair of states: allowed exactly when {@code allowed} holds {@code "from->to"} (states written by
     * {@code name}); any other move refused naming both states. @return how many moves are allowed
     */
    static <S extends Enum<S> & Lifecycle<S>> int assertExactly(Class<S> type, Set<String> allowed,
                                                               Function<S, String> name) {
        int count = 0;
        for (S from : type.getEnumConstants()) {
            for (S to : type.getEnumConstants()) {
                String move = name.apply(from) + "->" + name.apply(to);
                boolean expected = allowed.contains(move);
                assertEquals(expected, from.canTransitionTo(to), move);
                if (expected) {
                    count++;
                    assertSame(to, from.transitionTo(to), move);
                } else {
                    IllegalTransitionException e = assertThrows(IllegalTransitionException.class,
                            () -> from.transitionTo(to), move);
                    assertSame(from, e.from(), move);
                    assertSame(to, e.to(), move);
                }
            }
        }
        return count;
    }
}
