package io.paygate.qa;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A JUnit 5 test class (or method) against a paygate deployment: {@link PaygateExtension} hands its tests a
 * configured {@link Paygate}, {@link PaygateTarget}, {@link CallbackReceiver} or {@link MerchantAdmin} as parameters,
 * and skips them with the missing settings named when the {@code paygate.*} properties (or {@code PAYGATE_*} variables)
 * are absent. With {@link ThrowAwayMerchant} the class acts as a merchant made for it alone.
 *
 * <pre>{@code
 * @PaygateTest
 * class CardTest {
 *     @Test
 *     void captured(Paygate paygate, CallbackReceiver receiver) { ... }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PaygateExtension.class)
public @interface PaygateTest {
}
