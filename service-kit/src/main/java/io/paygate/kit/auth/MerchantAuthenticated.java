package io.paygate.kit.auth;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Requires a merchant signature (docs/contract.md §0: X-PARTNER-ID, X-TIMESTAMP, X-SIGNATURE); the merchant is
 * then available from {@link CurrentMerchant}.
 * A JAX-RS name binding: resolved at build time, so the check costs nothing on other endpoints.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface MerchantAuthenticated {
}
