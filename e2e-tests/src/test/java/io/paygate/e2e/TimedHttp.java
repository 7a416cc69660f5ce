package io.paygate.e2e;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Requests with a deadline and their answer time, for the fault tests: a reply that does not come within
 * {@link #TIMEOUT} is a hang, recorded as status 0, never a test that waits for ever. Merchant calls are signed
 * (docs/contract.md §0); the hosted page's card form is posted as a browser posts it.
 */
final class TimedHttp {

    static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private TimedHttp() {
    }

    /** A reply: status (0 = no answer within the deadline, or the connection failed), headers, body, time taken. */
    record Reply(int status, HttpResponse<String> response, double seconds, String failure) {
        String header(String name) {
            return response == null ? null : response.headers().firstValue(name).orElse(null);
        }

        String body() {
            return response == null ? "" : response.body();
        }
    }

    static Reply signed(String baseUrl, SandboxMerchants.Merchant merchant, String method, String path, String json) {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        String timestamp = RequestSigner.timestamp(Clock.systemDefaultZone());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                .header(RequestSigner.PARTNER_ID, merchant.id())
                .header(RequestSigner.TIMESTAMP, timestamp)
                .header(RequestSigner.SIGNATURE, RequestSigner.sign(merchant.clientSecret(), method, path, body, timestamp))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return send(request.build());
    }

    static Reply form(String baseUrl, String path, Map<String, String> fields) {
        String body = fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    static Reply get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build());
    }

    private static Reply send(HttpRequest request) {
        long t0 = System.nanoTime();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response, (System.nanoTime() - t0) / 1e9, null);
        } catch (IOException e) {
            return new Reply(0, null, (System.nanoTime() - t0) / 1e9, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(0, null, (System.nanoTime() - t0) / 1e9, "interrupted");
        }
    }
}
