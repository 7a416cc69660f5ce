package io.paygate.e2e;

import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What an Ingress does in front of the replicas of one service, as far as these tests need it: requests go round
 * robin over the replicas' API ports, and a replica that refuses the connection (killed, or restarting) is skipped for
 * the next one, since nothing reached it. Everything else is the client's business: the merchant (the tests) sends
 * the same request again, which the contract makes safe (same {@code order.id}, {@code partnerReferenceNo},
 * customer). Every outcome is counted per endpoint, so a test can show that nothing failed other than cleanly.
 */
final class Ingress {

    /** Short socket timeouts: a replica that dies mid-request must not hold a test for minutes. */
    static final RestAssuredConfig TIMEOUTS = RestAssuredConfig.config().httpClient(HttpClientConfig.httpClientConfig()
            .setParam("http.connection.timeout", 2_000).setParam("http.socket.timeout", 15_000));
    private static final Duration BACKOFF = Duration.ofMillis(200);

    private final String service;
    private final List<String> replicas;
    private final AtomicInteger next = new AtomicInteger();
    /** endpoint → outcome ({@code 200}, {@code 503}, {@code refused}, {@code reset}) → count. */
    private final Map<String, Map<String, LongAdder>> outcomes = new ConcurrentHashMap<>();

    Ingress(String service, List<String> replicas) {
        this.service = service;
        this.replicas = List.copyOf(replicas);
    }

    /**
     * Sends {@code request} (given a replica's base URL) until {@code done} accepts the response, at most
     * {@code attempts} times: a refused connection moves on to the next replica at once, any other failure (no
     * reply, a 5xx) is counted and sent again after a short pause, as a merchant retries.
     *
     * @throws AssertionError when no attempt was accepted, with the last outcome
     */
    Response send(String endpoint, int attempts, Function<String, Response> request, Predicate<Response> done)
            throws InterruptedException {
        String last = "nothing";
        for (int attempt = 0; attempt < attempts; attempt++) {
            Response response = route(endpoint, request);
            if (response != null && done.test(response)) {
                return response;
            }
            last = response == null ? "no reply" : response.statusCode() + " " + response.asString();
            Thread.sleep(BACKOFF);
        }
        throw new AssertionError(service + " " + endpoint + ": no accepted answer in " + attempts + " attempts; last "
                + last);
    }

    /** One request through the Ingress: the response, or null when the chosen replica broke it off. */
    private Response route(String endpoint, Function<String, Response> request) {
        for (int tried = 0; tried < replicas.size(); tried++) {
            String replica = replicas.get(Math.floorMod(next.getAndIncrement(), replicas.size()));
            try {
                Response response = request.apply(replica);
                count(endpoint, Integer.toString(response.statusCode()));
                return response;
            } catch (Exception e) {
                if (causedBy(e, ConnectException.class)) {
                    count(endpoint, "refused");
                    continue; // nothing was sent: the next replica
                }
                count(endpoint, "reset");
                return null;
            }
        }
        return null;
    }

    private void count(String endpoint, String outcome) {
        outcomes.computeIfAbsent(endpoint, e -> new ConcurrentHashMap<>())
                .computeIfAbsent(outcome, o -> new LongAdder()).increment();
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** Replies with a 5xx other than 503 (a replica that is shutting down may say 503; nobody may say 500). */
    Map<String, Long> unclean() {
        Map<String, Long> unclean = new TreeMap<>();
        outcomes.forEach((endpoint, counts) -> counts.forEach((outcome, n) -> {
            if (outcome.startsWith("5") && !outcome.equals("503")) {
                unclean.merge(service + " " + endpoint + " " + outcome, n.sum(), Long::sum);
            }
        }));
        return unclean;
    }

    /** Every outcome so far, e.g. {@code {card={303=40, refused=2}}}. */
    Map<String, Map<String, Long>> outcomes() {
        Map<String, Map<String, Long>> copy = new TreeMap<>();
        outcomes.forEach((endpoint, counts) -> {
            Map<String, Long> c = new TreeMap<>();
            counts.forEach((outcome, n) -> c.put(outcome, n.sum()));
            copy.put(endpoint, c);
        });
        return copy;
    }

    void resetCounts() {
        outcomes.clear();
    }
}
