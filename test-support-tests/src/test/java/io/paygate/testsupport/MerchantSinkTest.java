package io.paygate.testsupport;

import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MerchantSinkTest {

    private final HttpClient client = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private HttpResponse<String> post(MerchantSink sink, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(sink.url("/callback")))
                .header("webhook-id", "msg_1")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersScriptedRepliesInOrderThenTheDefault() throws Exception {
        try (MerchantSink sink = MerchantSink.start()) {
            sink.enqueue(Reply.status(500, "{}"), Reply.redirect("https://elsewhere.example/"));
            assertEquals(500, post(sink, "{\"a\":1}").statusCode());
            HttpResponse<String> redirect = post(sink, "{\"a\":2}");
            assertEquals(302, redirect.statusCode());
            assertEquals("https://elsewhere.example/", redirect.headers().firstValue("Location").orElseThrow());
            HttpResponse<String> ok = post(sink, "{\"a\":3}");
            assertEquals(200, ok.statusCode());
            assertEquals(Reply.SUCCESS_BODY, ok.body());

            List<MerchantSink.Received> received = sink.awaitReceived(3, Duration.ofSeconds(5));
            assertEquals(List.of("{\"a\":1}", "{\"a\":2}", "{\"a\":3}"),
                    received.stream().map(MerchantSink.Received::body).toList());
            assertEquals("msg_1", received.get(0).header("WEBHOOK-ID"), "header names are case-insensitive");
            assertEquals("/callback", received.get(0).path());
        }
    }

    @Test
    void hangUpClosesTheConnectionWithoutAnAnswerButRecordsTheRequest() throws Exception {
        try (MerchantSink sink = MerchantSink.start()) {
            sink.enqueue(Reply.hangUp());
            assertThrows(java.io.IOException.class, () -> post(sink, "{\"a\":1}"));
            assertEquals(200, post(sink, "{\"a\":2}").statusCode());
            assertEquals(2, sink.awaitReceived(2, Duration.ofSeconds(5)).size());
        }
    }

    @Test
    void awaitFailsWhenFewerRequestsArrive() {
        try (MerchantSink sink = MerchantSink.start()) {
            assertThrows(AssertionError.class, () -> sink.awaitReceived(1, Duration.ofMillis(200)));
        }
    }
}
