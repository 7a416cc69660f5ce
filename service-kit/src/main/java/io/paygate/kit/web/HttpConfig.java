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
     * The request line and headers must arrive whole within this, counted from the first byte of the request (on a
     * kept-alive connection, of each request); otherwise the request is answered {@code 408SS00} and its connection
     * closed. A connection that sends nothing between requests is governed by {@code quarkus.http.idle-timeout}.
     */
    @WithDefault("10s")
    Duration headerTimeout();

    /**
     * Unfinished requests one client address may hold at once ({@link ClientAddresses}), each counted from its first
     * byte to the end of its reply. One more is answered {@code 429SS00} at once, its connection closed, and it costs
     * the address a token of its rate-limit bucket. A connection from a trusted proxy counts for the forwarded client
     * once its headers are read (before that, the only address known is the proxy's).
     */
    @WithDefault("64")
    int perAddressConnections();
}
