package io.paygate.kit.web;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.AttributeKey;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.quarkus.vertx.http.HttpServerStart;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import org.jboss.logging.Logger;

import java.util.UUID;

/**
 * Gives every HTTP/1.1 connection of the API port a {@link GuardedRequestDecoder} before it reads a byte
 * (docs/contract.md §0 "Slow clients": request framing, the header deadline, counting from the first byte), and
 * answers what the decoders refused.
 * <p>
 * Neither Quarkus nor Vert.x offers a hook on a new connection of the server Quarkus starts (Vert.x's connection
 * handler belongs to Quarkus, which sets it only for {@code quarkus.http.limits.max-connections}). Every accepted
 * connection, though, is a child of the listening channel, and a Netty handler at the head of the listening
 * channel's pipeline sees each child before Vert.x sets it up. So the first request the server receives (this bean
 * sends one to itself when the server has started, {@link SelfCheck}) puts that handler on its connection's
 * listening channel; from then on every connection is guarded from its first byte. Until then a connection is read
 * as before, which {@link ConnectionGuardsCheck} reports: the service is not ready before its guard is installed.
 * The decoder replaces Vert.x's by the name Vert.x gives it ({@code httpDecoder}), with the options Quarkus built the
 * server with ({@link HttpServerOptionsCustomizer}).
 */
@ApplicationScoped
public class ConnectionGuards implements HttpServerOptionsCustomizer {

    private static final Logger LOG = Logger.getLogger(ConnectionGuards.class);
    /** Before the request id's filter (10,000): the server's own first request leaves no access-log line. */
    static final int HOOK_PRIORITY = 20_000;
    /** After the request id's filter (so that refusals are logged), before the per-address bound. */
    static final int REFUSAL_PRIORITY = AddressConnections.PRIORITY + 50;
    static final String SELF_CHECK_HEADER = "X-Paygate-Connection-Guard";
    private static final String DECODER = "httpDecoder";
    private static final String VERTX_HANDLER = "handler";
    private static final AttributeKey<GuardedRequestDecoder> GUARD = AttributeKey.valueOf("paygate.guard");
    private static final AttributeKey<ConnectionGuards> HOOKED = AttributeKey.valueOf("paygate.guard.hooked");

    private final long headerTimeoutNanos;
    private final AddressConnections connections;
    private final ClientAddresses addresses;
    private final String token = UUID.randomUUID().toString();
    private final SelfCheck selfCheck = new SelfCheck();
    private volatile HttpServerOptions serverOptions;
    private volatile boolean hooked;
    private volatile boolean unguardable;

    ConnectionGuards(HttpConfig config, AddressConnections connections, ClientAddresses addresses) {
        this.headerTimeoutNanos = Math.max(1, config.headerTimeout().toNanos());
        this.connections = connections;
        this.addresses = addresses;
    }

    /** The guard of the connection {@code request} arrived on, or null for one accepted before the guard. */
    static GuardedRequestDecoder guardOf(HttpServerRequest request) {
        Channel channel = channelOf(request);
        return channel == null ? null : channel.attr(GUARD).get();
    }

    /** Whether connections are guarded: the listening channel has its handler and decoders can be built. */
    public boolean installed() {
        return hooked && serverOptions != null && !unguardable;
    }

    /** Installs the guard by a request to this server if no request did yet; whether it is installed. */
    public boolean ensureInstalled() {
        if (!hooked) {
            selfCheck.send(token);
        }
        return installed();
    }

    /** Quarkus's options for the API server, before it starts: the decoders' limits, and where to send the request. */
    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        serverOptions = options;
        selfCheck.target(options.getHost(), options.getPort());
    }

    void started(@ObservesAsync HttpServerStart start) {
        selfCheck.target(start.options().getHost(), start.options().getPort());
        ensureInstalled();
    }

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(this::hook, HOOK_PRIORITY);
        filters.register(context -> refuseOrContinue(context, serviceCodes), REFUSAL_PRIORITY);
    }

    long headerTimeoutNanos() {
        return headerTimeoutNanos;
    }

    AddressConnections connections() {
        return connections;
    }

    ClientAddresses addresses() {
        return addresses;
    }

    /** Every request: on a connection accepted before the guard, installs it on the listening channel. */
    private void hook(RoutingContext context) {
        Channel channel = channelOf(context.request());
        if (channel != null && channel.attr(GUARD).get() == null) {
            hookListener(channel.parent());
            if (token.equals(context.request().getHeader(SELF_CHECK_HEADER))) {
                context.response().setStatusCode(204).putHeader(HttpHeaders.CONNECTION, "close").end();
                return;
            }
        }
        context.next();
    }

    private void refuseOrContinue(RoutingContext context, ServiceCodeResolver serviceCodes) {
        if (context.request().decoderResult() instanceof EarlyRefusal refusal) {
            if (refusal.errorCase == ErrorCase.TOO_MANY_REQUESTS) {
                connections.charge(refusal.client);
                EarlyReply.tooManyRequests(context, serviceCodes, 1);
            } else {
                EarlyReply.send(context, serviceCodes, refusal.errorCase, refusal.detail);
            }
            return;
        }
        context.next();
    }

    private void hookListener(Channel listener) {
        if (listener == null || listener.attr(HOOKED).setIfAbsent(this) != null) {
            return;
        }
        listener.pipeline().addFirst("paygate-connection-guard", new Accepting());
        hooked = true;
        LOG.infof("HTTP connections accepted on %s are guarded: request framing, a header deadline of %d ms",
                listener.localAddress(), headerTimeoutNanos / 1_000_000);
    }

    /** Replaces Vert.x's decoder of a connection Vert.x has just set up. */
    private void guard(ChannelPipeline pipeline) {
        if (pipeline.get(VERTX_HANDLER) == null) {
            return; // Vert.x refused the connection (503) and is closing it
        }
        ChannelHandler decoder = pipeline.get(DECODER);
        HttpServerOptions options = serverOptions;
        if (decoder == null || decoder.getClass() != VertxHttpRequestDecoder.class || options == null) {
            if (!unguardable) {
                unguardable = true;
                LOG.errorf("a connection's pipeline is not the HTTP/1.1 one this guard knows (%s, server options %s): "
                        + "connections are not guarded, and readiness stays DOWN", pipeline.names(),
                        options == null ? "unknown" : "known");
            }
            return;
        }
        GuardedRequestDecoder guarded = new GuardedRequestDecoder(options, this);
        pipeline.replace(DECODER, DECODER, guarded);
        pipeline.channel().attr(GUARD).set(guarded);
    }

    private static Channel channelOf(HttpServerRequest request) {
        return request.connection() instanceof ConnectionBase connection ? connection.channel() : null;
    }

    /** At the head of the listening channel: every accepted connection gets an installer before Vert.x's setup. */
    private final class Accepting extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (message instanceof Channel accepted) {
                accepted.pipeline().addFirst(new Installing());
            }
            ctx.fireChannelRead(message);
        }
    }

    /**
     * First in a new connection's pipeline, before Vert.x's initializer: by the time the connection is registered
     * (before its first read) that initializer has built the HTTP/1.1 pipeline, whose decoder this replaces.
     */
    private final class Installing extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRegistered(ChannelHandlerContext ctx) {
            try {
                guard(ctx.pipeline());
            } finally {
                ctx.pipeline().remove(this);
            }
            ctx.fireChannelRegistered();
        }
    }
}
