package io.paygate.notification.delivery;

import io.paygate.notification.config.NotificationConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * POSTs notifications with Vert.x's non-blocking HTTP client (pooled keep-alive connections, thousands of requests
 * in flight on a couple of event-loop threads). Why not the JDK client: an attempt must connect to the address that
 * was checked (docs/contract.md §6, no DNS rebinding) while still sending the URL's host as {@code Host} and TLS SNI and
 * verifying the certificate against it; Vert.x does exactly that with {@link RequestOptions#setServer}. Redirects are
 * never followed; the whole exchange must finish within {@code gateway.notification.delivery.timeout}; replies are
 * read up to {@code max-reply-bytes}.
 */
@ApplicationScoped
public class HttpSender {

    private static final String USER_AGENT = "paygate-notification/1";

    private final Vertx vertx;
    private final NotificationConfig.Delivery config;
    private final HttpClient client;

    HttpSender(Vertx vertx, NotificationConfig config) {
        this.vertx = vertx;
        this.config = config.delivery();
        int timeoutMillis = (int) this.config.timeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions()
                        .setKeepAlive(true)
                        .setConnectTimeout(timeoutMillis)
                        .setForceSni(true)
                        .setVerifyHost(true)
                        .setDecompressionSupported(false)
                        .setMaxRedirects(0),
                new PoolOptions().setHttp1MaxSize(this.config.connectionsPerHost()).setMaxWaitQueueSize(-1));
    }

    void close(@Observes ShutdownEvent event) {
        client.close();
    }

    /** Every header a POST carries: the fixed ones, then {@code headers}, in that order (the attempt log shows them). */
    static Map<String, String> asSent(Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("Content-Type", "application/json");
        all.put("User-Agent", USER_AGENT);
        all.putAll(headers);
        return all;
    }

    /** Sends {@code body} to the target; completes with the reply, or exceptionally (connect error, timeout). */
    public CompletableFuture<HttpReply> post(CallbackTarget target, Map<String, String> headers, byte[] body) {
        return send(target, asSent(headers), body);
    }

    /** {@link #post} with every header already as sent ({@link #asSent}): the attempt log's copy is the one sent. */
    CompletableFuture<HttpReply> send(CallbackTarget target, Map<String, String> sentHeaders, byte[] body) {
        long timeoutMillis = config.timeout().toMillis();
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(target.address(), target.port())))
                .setHost(target.host())
                .setPort(target.port())
                .setSsl(target.ssl())
                .setURI(target.pathAndQuery())
                .setFollowRedirects(false)
                .setConnectTimeout(timeoutMillis)
                .setIdleTimeout(timeoutMillis);
        sentHeaders.forEach(options::putHeader);

        CompletableFuture<HttpReply> result = new CompletableFuture<>();
        AtomicReference<HttpClientRequest> request = new AtomicReference<>();
        long timer = vertx.setTimer(timeoutMillis, id -> {
            if (result.completeExceptionally(new TimeoutException("no reply within " + config.timeout().toSeconds() + " s"))) {
                reset(request.get());
            }
        });
        result.whenComplete((reply, error) -> vertx.cancelTimer(timer));
        // The reply handlers are set inside the chain, in the same event as the response head (not in a listener
        // added later), so no chunk of the body can arrive before them.
        client.request(options)
                .compose(req -> {
                    request.set(req);
                    return req.send(Buffer.buffer(body)).compose(response -> read(response, req));
                })
                .onSuccess(result::complete)
                .onFailure(result::completeExceptionally);
        return result;
    }

    /** Reads the reply up to {@code max-reply-bytes}; a longer one is cut (connection reset) and marked truncated. */
    private Future<HttpReply> read(HttpClientResponse response, HttpClientRequest request) {
        int max = config.maxReplyBytes();
        Promise<HttpReply> promise = Promise.promise();
        Buffer received = Buffer.buffer();
        String retryAfter = response.getHeader("Retry-After");
        response.handler(chunk -> {
            if (promise.future().isComplete()) {
                return;
            }
            if (received.length() + chunk.length() > max) {
                received.appendBuffer(chunk, 0, max - received.length());
                promise.tryComplete(new HttpReply(response.statusCode(), retryAfter, received.getBytes(), true));
                request.reset();
                return;
            }
            received.appendBuffer(chunk);
        });
        response.exceptionHandler(promise::tryFail);
        response.endHandler(v -> promise.tryComplete(
                new HttpReply(response.statusCode(), retryAfter, received.getBytes(), false)));
        return promise.future();
    }

    private static void reset(HttpClientRequest request) {
        if (request != null) {
            request.reset();
        }
    }
}
