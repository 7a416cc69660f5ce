package io.paygate.qa;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@link PaygateTest} class: its tests act as a merchant made for the class alone instead of the configured one.
 * {@link PaygateExtension} creates it with the operator API ({@link MerchantAdmin#createThrowAway}, named after the
 * class) when a test first asks for a {@link Paygate}, {@link PaygateTarget} or {@link CallbackReceiver}, hands every
 * test of the class that merchant (the receiver verifies with its notification secret), and suspends it after the
 * class ({@link MerchantAdmin#retire}). The class needs the deployment's URLs and an operator's token
 * ({@code paygate.ops-token}), not {@code paygate.merchant} and its secrets; without them it is skipped, naming what
 * is missing.
 *
 * <pre>{@code
 * @PaygateTest
 * @ThrowAwayMerchant
 * class SuspensionTest {
 *     @Test
 *     void aSuspendedMerchantIsRefused(Paygate paygate, MerchantAdmin admin) { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ThrowAwayMerchant {
}
