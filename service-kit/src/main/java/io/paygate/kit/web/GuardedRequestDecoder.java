package io.paygate.kit.web;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.util.concurrent.ScheduledFuture;
import io.paygate.model.error.ErrorCase;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 connection's request decoder: Vert.x's own, holding docs/contract.md §0 "Slow clients" where the bytes
 * arrive, before Vert.x or any route sees a request.
 * <ul>
 *   <li><b>Framing</b> (RFC 9112 §6.1). A request with both {@code Content-Length} and {@code Transfer-Encoding}, a
 *       {@code Transfer-Encoding} other than {@code chunked} alone (in any case: coding names are case-insensitive,
 *       RFC 9112 §7), {@code Transfer-Encoding} in HTTP/1.0, or two
 *       {@code Content-Length} values is refused: Netty would drop the length and frame by the chunks (so a request
 *       hidden in a body that a front end framed by its length became a second request), or take a body for the next
 *       request. Any other head the decoder cannot read is refused too: headers over the size limit {@code 431SS00},
 *       anything else {@code 400SS00} (a request line over the limit stays Vert.x's 414, its path unknown). The
 *       refused request goes on as an {@link EarlyRefusal} with no body and
 *       {@code Connection: close}, and the decoder reads nothing more from the connection: no second request is ever
 *       read from it.</li>
 *   <li><b>Header deadline.</b> From the first byte of each request (leading empty lines aside) its request line and
 *       headers must be whole within {@code gateway.http.header-timeout}, however the bytes trickle in; otherwise the
 *       request is refused {@code 408SS00}. One timer per connection, checked lazily (as Netty's idle handler does):
 *       a request costs a clock read, not a timer of its own. A connection waiting for its next request is not
 *       timed here: {@code quarkus.http.idle-timeout} governs it.</li>
 *   <li><b>Counting from the first byte.</b> A connection counts against its address's bound
 *       ({@link AddressConnections}) from the first byte of a request until every request it sent is answered and no
 *       next one has begun. The address is the peer's; a connection from a trusted proxy is counted by the route filter
 *       for the forwarded client instead, once the headers are read. Over the bound, the request is refused
 *       {@code 429SS00} at its first byte.</li>
 * </ul>
 * Every field belongs to the connection's event loop.
 */
final class GuardedRequestDecoder extends VertxHttpRequestDecoder {

    private static final String CHUNKED = "chunked";

    private final ConnectionGuards guards;
    private final long headerTimeoutNanos;
    private ChannelHandlerContext ctx;
    /** The last request's end was decoded (or none began): the next byte starts a request. */
    private boolean betweenRequests = true;
    private boolean headPending;
    private long headStartNanos;
    private ScheduledFuture<?> deadline;
    /** The head being read, once its request line is. */
    private HttpRequest current;
    /** A request was refused or given up: every further byte is dropped. */
    private boolean discarding;
    private boolean closed;
    /** The peer's client key when this connection counts itself; null when the route filter counts (a proxy). */
    private String client;
    private boolean clientKnown;
    private boolean counted;
    /** Requests handed on whose reply has not ended (only when this connection counts itself). */
    private int unanswered;

    GuardedRequestDecoder(HttpServerOptions options, ConnectionGuards guards) {
        super(options);
        this.guards = guards;
        this.headerTimeoutNanos = guards.headerTimeoutNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        super.handlerAdded(ctx);
    }

    /** Whether this connection counts against its peer's address itself (so the route filter must not). */
    boolean countsItself() {
        return clientKey() != null;
    }

    /** A request handed on by this decoder was answered (or its exchange ended): any thread. */
    void replied() {
        if (ctx.executor().inEventLoop()) {
            onReplied();
        } else {
            ctx.executor().execute(this::onReplied);
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (discarding) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (betweenRequests) {
            skipLineEnds(in);
            if (!in.isReadable() || !begin(in, out)) {
                return;
            }
        }
        int from = out.size();
        super.decode(ctx, in, out);
        for (int i = from; i < out.size(); i++) {
            Object message = out.get(i);
            if (message instanceof HttpRequest request) {
                headRead();
                ErrorCase refusal = request.decoderResult().isFailure() ? refusalOf(request) : null;
                if (refusal != null) {
                    out.set(i, EarlyRefusal.request(request, refusal,
                            refusal == ErrorCase.BAD_REQUEST ? detailOf(request) : null, null));
                    out.subList(i + 1, out.size()).clear();
                    out.add(LastHttpContent.EMPTY_LAST_CONTENT);
                    discard();
                    in.skipBytes(in.readableBytes());
                    return;
                }
            } else if (message instanceof LastHttpContent) {
                betweenRequests = true;
                release();
            }
        }
    }

    /**
     * RFC 9112 §6.1, checked once the headers are read and before Netty frames the body (it would drop the length of
     * a request that also says chunked). Throwing here makes the decoder refuse the head and read no further.
     */
    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage message) {
        HttpHeaders headers = message.headers();
        if (headers.get(HttpHeaderNames.TRANSFER_ENCODING) != null) {
            List<String> codings = headers.getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (codings.size() != 1 || !CHUNKED.equalsIgnoreCase(codings.get(0)) || headers.contains(HttpHeaderNames.CONTENT_LENGTH)
                    || !HttpVersion.HTTP_1_1.equals(message.protocolVersion())) {
                throw new AmbiguousFraming();
            }
        }
        return super.isContentAlwaysEmpty(message);
    }

    @Override
    protected HttpMessage createMessage(String[] initialLine) {
        HttpMessage message = super.createMessage(initialLine);
        current = (HttpRequest) message;
        return message;
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (discarding) {
            in.skipBytes(in.readableBytes());
            return;
        }
        super.decodeLast(ctx, in, out);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        try {
            super.channelInactive(ctx);
        } finally {
            close();
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        close();
    }

    /** The first byte of a request: its deadline starts, and it counts. False when it was refused instead. */
    private boolean begin(ByteBuf in, List<Object> out) {
        betweenRequests = false;
        headPending = true;
        headStartNanos = System.nanoTime();
        if (deadline == null) {
            deadline = ctx.executor().schedule(this::checkDeadline, headerTimeoutNanos, TimeUnit.NANOSECONDS);
        }
        String key = clientKey();
        if (key != null && !counted) {
            if (!guards.connections().enter(key)) {
                out.add(EarlyRefusal.request(RequestLines.peek(in), ErrorCase.TOO_MANY_REQUESTS, null, key));
                out.add(LastHttpContent.EMPTY_LAST_CONTENT);
                discard();
                in.skipBytes(in.readableBytes());
                return false;
            }
            counted = true;
        }
        return true;
    }

    private void headRead() {
        headPending = false;
        current = null;
        if (clientKey() != null) {
            unanswered++;
        }
    }

    private void checkDeadline() {
        deadline = null;
        if (!headPending || discarding || closed) {
            return;
        }
        long left = headStartNanos + headerTimeoutNanos - System.nanoTime();
        if (left > 0) {
            deadline = ctx.executor().schedule(this::checkDeadline, left, TimeUnit.NANOSECONDS);
            return;
        }
        HttpRequest late = current != null
                ? EarlyRefusal.request(current, ErrorCase.REQUEST_TIMEOUT, EarlyRefusal.HEADERS_LATE, null)
                : EarlyRefusal.request(RequestLines.peek(internalBuffer()), ErrorCase.REQUEST_TIMEOUT,
                EarlyRefusal.HEADERS_LATE, null);
        headRead();
        discard();
        ctx.fireChannelRead(late);
        ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
        ctx.fireChannelReadComplete();
    }

    private void onReplied() {
        if (unanswered > 0) {
            unanswered--;
        }
        release();
    }

    /** The connection stops counting once every request it sent is answered and no next one has begun. */
    private void release() {
        if (counted && unanswered == 0 && betweenRequests) {
            counted = false;
            guards.connections().leave(client);
        }
    }

    /** From now on the decoder drops every byte: the request it refused is the connection's last. */
    private void discard() {
        discarding = true;
        headPending = false;
    }

    private void close() {
        if (closed) {
            return;
        }
        closed = true;
        discarding = true;
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
        if (counted) {
            counted = false;
            guards.connections().leave(client);
        }
    }

    private String clientKey() {
        if (!clientKnown) {
            clientKnown = true;
            SocketAddress peer = ctx.channel().remoteAddress();
            client = peer instanceof InetSocketAddress inet && inet.getAddress() != null
                    ? guards.addresses().directClient(inet.getAddress().getHostAddress()) : null;
        }
        return client;
    }

    /**
     * How a failed head is refused: headers over the size limit {@code 431SS00} (coded for the path like every other
     * refusal, a SNAP path's with its SNAP code), anything else unreadable {@code 400SS00}; null for a request line
     * over the limit, whose path is not known, which Vert.x answers 414 and closes.
     */
    private static ErrorCase refusalOf(HttpRequest request) {
        Throwable cause = request.decoderResult().cause();
        if (cause instanceof TooLongHttpHeaderException) {
            return ErrorCase.REQUEST_HEADER_FIELDS_TOO_LARGE;
        }
        return cause instanceof TooLongFrameException ? null : ErrorCase.BAD_REQUEST;
    }

    /** Ambiguous framing: the rules above, or two lengths (two headers, or a list), which Netty refuses itself. */
    private static String detailOf(HttpRequest request) {
        List<String> lengths = request.headers().getAll(HttpHeaderNames.CONTENT_LENGTH);
        return request.decoderResult().cause() instanceof AmbiguousFraming || lengths.size() > 1
                || lengths.size() == 1 && lengths.get(0).indexOf(',') >= 0
                ? EarlyRefusal.AMBIGUOUS_FRAMING : EarlyRefusal.MALFORMED;
    }

    /**
     * Empty lines before a request line are ignored (RFC 9112 §2.2; the decoder would skip them too): they start no
     * request. Skipped here, so that every request the decoder reads began with {@link #begin} (counted, timed).
     */
    private static void skipLineEnds(ByteBuf in) {
        while (in.isReadable() && (in.getByte(in.readerIndex()) == '\r' || in.getByte(in.readerIndex()) == '\n')) {
            in.skipBytes(1);
        }
    }

    /** The framing rules' refusal: no stack trace, it is an answer. */
    static final class AmbiguousFraming extends RuntimeException {
        AmbiguousFraming() {
            super(EarlyRefusal.AMBIGUOUS_FRAMING, null, false, false);
        }
    }
}
