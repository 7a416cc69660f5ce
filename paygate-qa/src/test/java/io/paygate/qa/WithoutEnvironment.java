package io.paygate.qa;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.function.UnaryOperator;

/**
 * The kit's settings read no environment variable during each test of the class it extends: what a test sets as system
 * properties is all there is, whatever the shell that runs the build exported (the QA guide exports the secrets, and
 * its {@code -am} runs these tests too).
 */
class WithoutEnvironment implements BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(WithoutEnvironment.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NAMESPACE).put("environment", Settings.environment);
        Settings.environment = name -> null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterEach(ExtensionContext context) {
        Settings.environment = context.getStore(NAMESPACE).remove("environment", UnaryOperator.class);
    }
}
