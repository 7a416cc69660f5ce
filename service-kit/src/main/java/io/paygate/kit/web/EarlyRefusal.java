package io.paygate.kit.web;

import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.paygate.model.error.ErrorCase;
import io.vertx.core.http.impl.headers.HeadersMultiMap;

/**
 * What {@link GuardedRequestDecoder} decided about a request before Vert.x saw it: refused with {@code errorCase}.
 * It travels as the request's decoder result, which Vert.x hands to the routes as
 * {@link io.vertx.core.http.HttpServerRequest#decoderResult()}; it reads as a success so that Vert.x routes the request
 * (a failed result would go to Vert.x's own invalid-request handler, which closes without the contract's body), and
 * {@link ConnectionGuards}'s filter answers it before any other route filter but the request id's.
 */
final class EarlyRefusal extends DecoderResult {

    static final String AMBIGUOUS_FRAMING = "ambiguous message framing";
    static final String MALFORMED = "malformed request";
    static final String HEADERS_LATE = "headers not received in time";
    private static final String PLACEHOLDER_HOST = "localhost";

    final ErrorCase errorCase;
    /** The reason phrase after the case's message, or null. */
    final String detail;
    /** For a refusal over the per-address bound: the client address it is charged to. */
    final String client;

    private EarlyRefusal(ErrorCase errorCase, String detail, String client) {
        super(SIGNAL_SUCCESS);
        this.errorCase = errorCase;
        this.detail = detail;
        this.client = client;
    }

    /**
     * The refused request as it goes on: {@code original}'s method, target and headers (for the request id), without a
     * body ({@code Content-Length} and {@code Transfer-Encoding} removed; the decoder sends its end right after), with
     * {@code Connection: close}, and as HTTP/1.1 with a {@code Host} (Vert.x Web refuses an HTTP/1.1 request without
     * one before any route filter runs; the refusal never uses it).
     */
    static HttpRequest request(HttpRequest original, ErrorCase errorCase, String detail, String client) {
        HttpHeaders headers = original.headers() instanceof HeadersMultiMap ? original.headers()
                : HeadersMultiMap.httpHeaders();
        return request(original.method(), original.uri(), headers, errorCase, detail, client);
    }

    /** A refused request of which only the start of the request line (if that) arrived. */
    static HttpRequest request(RequestLines.Start start, ErrorCase errorCase, String detail, String client) {
        return request(start.method(), start.target(), HeadersMultiMap.httpHeaders(), errorCase, detail, client);
    }

    private static HttpRequest request(HttpMethod method, String target, HttpHeaders headers, ErrorCase errorCase,
                                       String detail, String client) {
        headers.remove(HttpHeaderNames.CONTENT_LENGTH);
        headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
        headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        if (!headers.contains(HttpHeaderNames.HOST)) {
            headers.set(HttpHeaderNames.HOST, PLACEHOLDER_HOST);
        }
        DefaultHttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers);
        request.setDecoderResult(new EarlyRefusal(errorCase, detail, client));
        return request;
    }
}
