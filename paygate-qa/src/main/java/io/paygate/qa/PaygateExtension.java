package io.paygate.qa;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.List;
import java.util.Set;

/**
 * The JUnit 5 extension behind {@link PaygateTest} (or {@code @ExtendWith(PaygateExtension.class)}):
 * <ul>
 *   <li>skips the tests, with the missing settings named, unless {@link PaygateTarget#fromSystemProperties()} has
 *       what it needs ({@code paygate.base-url}, {@code .merchant}, {@code .client-secret},
 *       {@code .notification-secret}, or their {@code PAYGATE_…} environment variables);</li>
 *   <li>resolves parameters of type {@link Paygate} and {@link PaygateTarget} (one per test class), and
 *       {@link CallbackReceiver}: one per test class, started on first use with
 *       {@link CallbackReceiver#fromSystemProperties} and the merchant's notification secret, verifying SNAP
 *       notifications with the merchant's own gateway keys ({@link CallbackReceiver#withSnapOf}), stopped after the
 *       class.</li>
 * </ul>
 */
public final class PaygateExtension implements ExecutionCondition, ParameterResolver, AfterAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PaygateExtension.class);
    private static final Set<Class<?>> RESOLVED = Set.of(Paygate.class, PaygateTarget.class, CallbackReceiver.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<String> missing = PaygateTarget.missingSettings();
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("paygate-qa: configured");
        }
        return ConditionEvaluationResult.disabled("paygate-qa: no deployment configured, missing "
                + String.join(", ", missing) + "; give them as -D properties or environment variables"
                + " (docs/qa-guide.md)");
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return RESOLVED.contains(parameter.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        ExtensionContext.Store store = classContext(context).getStore(NAMESPACE);
        PaygateTarget target = store.getOrComputeIfAbsent(PaygateTarget.class,
                k -> PaygateTarget.fromSystemProperties(), PaygateTarget.class);
        if (type == PaygateTarget.class) {
            return target;
        }
        if (type == Paygate.class) {
            return Paygate.of(target);
        }
        if (type == CallbackReceiver.class) {
            return store.getOrComputeIfAbsent(CallbackReceiver.class,
                    k -> CallbackReceiver.fromSystemProperties(target.notificationSecret()).withSnapOf(target),
                    CallbackReceiver.class);
        }
        throw new ParameterResolutionException("paygate-qa does not resolve " + type.getName());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        CallbackReceiver receiver = context.getStore(NAMESPACE).remove(CallbackReceiver.class, CallbackReceiver.class);
        if (receiver != null) {
            receiver.close();
        }
    }

    /** The context of the test class (a method's parent), where the class's target and receiver live. */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getTestMethod().isPresent() && current.getParent().isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }
}
