package io.paygate.kit.snap;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The access-token request (docs/contract.md §9, {@code POST /v1.0/access-token/b2b}): requires {@code X-CLIENT-KEY}
 * of a merchant with SNAP keys, {@code X-TIMESTAMP} within 300 s and {@code X-SIGNATURE}, SHA256withRSA over
 * {@code <client key>|<timestamp>} by the merchant's private key. The merchant is then in {@code auth.CurrentMerchant}.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface SnapClientSigned {
}
