package io.paygate.model.status;

/** A state change the lifecycle does not allow; services answer it with {@code 409SS00 Conflict}. */
public final class IllegalTransitionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Enum<?> from;
    private final transient Enum<?> to;

    public IllegalTransitionException(Enum<?> from, Enum<?> to) {
        super("Illegal " + from.getDeclaringClass().getSimpleName() + " transition " + from + " -> " + to);
        this.from = from;
        this.to = to;
    }

    /** The current state. */
    public Enum<?> from() {
        return from;
    }

    /** The refused next state ({@code null} when none was given). */
    public Enum<?> to() {
        return to;
    }
}
