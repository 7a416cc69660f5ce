package io.paygate.model.status;

/**
 * A status enum with its allowed transitions in one place (CONVENTIONS: states are explicit). A transition
 * to the same state is not a transition: {@code canTransitionTo(this)} is {@code false}; repeating a state
 * change idempotently is the caller's decision.
 *
 * @param <S> the enum itself
 */
public interface Lifecycle<S extends Enum<S> & Lifecycle<S>> {

    /** Whether the contract allows moving from this state to {@code next}. */
    boolean canTransitionTo(S next);

    /** Whether this state never changes again. */
    boolean isFinal();

    /**
     * Returns {@code next} when the move is allowed.
     *
     * @throws IllegalTransitionException when it is not (answered as {@code 409SS00 Conflict})
     */
    default S transitionTo(S next) {
        if (next == null || !canTransitionTo(next)) {
            throw new IllegalTransitionException((Enum<?>) this, next);
        }
        return next;
    }
}
