package io.paygate.kit.web;

import java.util.OptionalLong;

/**
 * Where {@link AddressConnections} charges refused requests: the client address's rate limit bucket
 * ({@code ratelimit.RateLimits}), kept behind this interface so the HTTP plumbing does not depend on the limiter.
 */
public interface AddressCharges {

    /** Whether rate limiting is on at all. */
    boolean enabled();

    /** Takes {@code count} tokens from {@code client}'s bucket; the wait until the next one when it is empty. */
    OptionalLong chargeAddress(String client, int count);
}
