package io.paygate.kit.web;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * {@code gateway.http.*}: how long and how many requests a client may keep unfinished (docs/contract.md §0 "Slow clients").
 * The body is read on the event loop ({@link RequestBodies}) before any worker thread is given the request, so a slow
 * client costs a connection and at most 64 KiB of memory, never a thread; these bound how many and how long.
 */
@ConfigMapping(prefix = "gateway.http")
public interface HttpConfig {

    /**
     * The whole request body must arrive within this, counted from the end of its headers; otherwise the request is
     * answered {@code 408SS00} and its connection closed.
     */
    @WithDefault("10s")
    Duration bodyTimeout();

    /**
     * Unfinished requests (headers received, reply not yet sent) one client address may hold at once
     * ({@link ClientAddresses}: behind a trusted proxy, the forwarded client). One more is answered {@code 429SS00} at
     * once, its connection closed, and it costs the address a token of its rate-limit bucket.
     */
    @WithDefault("64")
    int perAddressConnections();
}
