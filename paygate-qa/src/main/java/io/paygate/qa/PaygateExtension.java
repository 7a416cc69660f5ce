package io.paygate.qa;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.time.Duration;
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
 *       class; and {@link MerchantAdmin}, the operator API ({@code paygate.ops-token});</li>
 *   <li>on a class with {@link ThrowAwayMerchant}: creates a merchant for the class on first use, which the
 *       {@link Paygate}, {@link PaygateTarget} and {@link CallbackReceiver} of its tests are about, and suspends it
 *       after the class; such a class needs the URLs and the operator token instead of a configured merchant.</li>
 * </ul>
 */
public final class PaygateExtension implements ExecutionCondition, ParameterResolver, AfterAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PaygateExtension.class);
    private static final Duration KNOWN_WITHIN = Duration.ofSeconds(30);
    private static final Set<Class<?>> RESOLVED = Set.of(Paygate.class, PaygateTarget.class, CallbackReceiver.class,
            MerchantAdmin.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<String> missing = throwAway(context) ? MerchantAdmin.missingSettings() : PaygateTarget.missingSettings();
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
        ExtensionContext classContext = classContext(context);
        ExtensionContext.Store store = classContext.getStore(NAMESPACE);
        if (type == MerchantAdmin.class) {
            return admin();
        }
        boolean throwAway = throwAway(classContext);
        PaygateTarget target = store.getOrComputeIfAbsent(PaygateTarget.class,
                k -> throwAway ? createThrowAway(classContext, store) : PaygateTarget.fromSystemProperties(),
                PaygateTarget.class);
        if (type == PaygateTarget.class) {
            return target;
        }
        if (type == Paygate.class) {
            return Paygate.of(target);
        }
        if (type == CallbackReceiver.class) {
            return store.getOrComputeIfAbsent(CallbackReceiver.class, k -> {
                CallbackReceiver receiver = CallbackReceiver.fromSystemProperties(target.notificationSecret());
                return throwAway ? receiver : receiver.withSnapOf(target); // a throw-away merchant has no SNAP keys
            }, CallbackReceiver.class);
        }
        throw new ParameterResolutionException("paygate-qa does not resolve " + type.getName());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        CallbackReceiver receiver = store.remove(CallbackReceiver.class, CallbackReceiver.class);
        if (receiver != null) {
            receiver.close();
        }
        CreatedMerchant merchant = store.remove(CreatedMerchant.class, CreatedMerchant.class);
        if (merchant != null) {
            MerchantAdmin.fromSystemProperties().retire(merchant.id(), "paygate-qa: "
                    + context.getRequiredTestClass().getSimpleName() + " finished");
        }
    }

    /**
     * The class's own merchant, kept in the store so that {@link #afterAll} retires it, once every service takes its
     * signature (within 5 s of its creation; {@link #KNOWN_WITHIN} on a loaded deployment).
     */
    private static PaygateTarget createThrowAway(ExtensionContext classContext, ExtensionContext.Store store) {
        CreatedMerchant merchant = admin().createThrowAway(classContext.getRequiredTestClass().getSimpleName());
        store.put(CreatedMerchant.class, merchant);
        return merchant.awaitKnown(KNOWN_WITHIN).target();
    }

    private static MerchantAdmin admin() {
        try {
            return MerchantAdmin.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            throw new ParameterResolutionException(e.getMessage() + " (docs/qa-guide.md)", e);
        }
    }

    private static boolean throwAway(ExtensionContext context) {
        return context.getTestClass().map(c -> c.isAnnotationPresent(ThrowAwayMerchant.class)).orElse(false);
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
