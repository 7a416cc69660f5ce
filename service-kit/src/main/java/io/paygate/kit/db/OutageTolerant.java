package io.paygate.kit.db;

import jakarta.interceptor.InterceptorBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@code @Scheduled} method of background work: while the database cannot be reached
 * ({@link DatabaseOutage#isCause}), a run that fails for it is logged as one WARN line now and then (no stack trace,
 * none per run) and the next run simply tries again; the first run that succeeds afterwards says so once. Any other
 * failure is rethrown as before. Only for methods that return nothing ({@code void}). See {@link OutageTolerantInterceptor}.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface OutageTolerant {
}
