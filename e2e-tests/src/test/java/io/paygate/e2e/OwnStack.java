package io.paygate.e2e;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that starts a stack of its own, at a port offset no other class uses, and never touches the shared one
 * ({@link Stack}): it runs in the second lane, beside the shared stack's classes, one such class at a time
 * (src/test/resources/junit-platform.properties). The suite's time is the longer lane's, not the sum of both
 * (e2e-tests/README.md "Two lanes").
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(OwnStack.LANE)
public @interface OwnStack {

    /** The second lane: one class of its own stack at a time. */
    String LANE = "paygate-e2e-own-stacks";
}
