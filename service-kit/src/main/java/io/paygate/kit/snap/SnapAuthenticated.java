package io.paygate.kit.snap;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A SNAP BI transaction endpoint (a {@code /v1.0/} path, docs/contract.md §9): requires {@code Authorization: Bearer}
 * with an access token of the merchant, {@code X-TIMESTAMP}, {@code X-PARTNER-ID} (its client key),
 * {@code X-SIGNATURE} (HMAC-SHA512 with the token over the exact body), {@code CHANNEL-ID} and an
 * {@code X-EXTERNAL-ID} not used by the merchant today. The merchant is then in {@code auth.CurrentMerchant}, the
 * request's SNAP headers in {@link SnapRequest}. A JAX-RS name binding: resolved at build time, so the check costs
 * nothing on other endpoints.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface SnapAuthenticated {
}
