package io.paygate.testsupport.midtrans;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The simulator's outgoing HTTP notifications: POST {@code application/json} to the notification URL,
 * retried with a doubling backoff while the receiver does not answer 2xx (as Midtrans retries), each
 * attempt recorded.
 */
final class Notifier implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("midtrans-simulator-notifier").daemon().factory());
    private final List<MidtransSimulator.Delivery> deliveries = new CopyOnWriteArrayList<>();
    private volatile String url;
    private volatile int maxAttempts = 5;
    private volatile Duration firstBackoff = Duration.ofMillis(200);

    void url(String url) {
        this.url = url;
    }

    void retries(int maxAttempts, Duration firstBackoff) {
        this.maxAttempts = maxAttempts;
        this.firstBackoff = firstBackoff;
    }

    List<MidtransSimulator.Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    /** Sends {@code body} after {@code delay}, then retries; nothing when no URL is set. */
    void send(Map<String, Object> body, Duration delay) {
        String target = url;
        if (target == null) {
            return;
        }
        String json = write(body);
        timer.schedule(() -> attempt(target, json, 1), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One synchronous POST of {@code json} (no retry): the receiver's HTTP status, or -1. */
    int postNow(String json) {
        String target = url;
        if (target == null) {
            throw new IllegalStateException("notifyTo(url) first");
        }
        return post(target, json, 1);
    }

    private void attempt(String target, String json, int attempt) {
        int status = post(target, json, attempt);
        if ((status < 200 || status > 299) && attempt < maxAttempts) {
            long wait = firstBackoff.toMillis() << (attempt - 1);
            timer.schedule(() -> attempt(target, json, attempt + 1), wait, TimeUnit.MILLISECONDS);
        }
    }

    private int post(String target, String json, int attempt) {
        int status;
        try {
            status = http.send(HttpRequest.newBuilder(URI.create(target)).timeout(Duration.ofSeconds(5))
                            .header("Content-Type", "application/json").header("Accept", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            status = -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = -1;
        }
        deliveries.add(new MidtransSimulator.Delivery(target, json, status, attempt));
        return status;
    }

    static String write(Object body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
