package io.paygate.kit.web;

import io.paygate.kit.app.KitTestResource;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §0 "Slow clients", request framing (RFC 9112 §6.1): a request with both {@code Content-Length} and
 * {@code Transfer-Encoding}, a {@code Transfer-Encoding} other than {@code chunked} alone, or two of either header is
 * {@code 400SS00} and its connection closed, so nothing hidden behind it is ever read as a request. Issue 31: Netty
 * dropped the {@code Content-Length} of such a request and framed it by its chunks, so an ops request hidden in a
 * body that a front end framed by its length was executed as a second request.
 */
@QuarkusTest
@TestProfile(SlowClientsTest.ShortDeadline.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_slow"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class RequestFramingTest {

    static final String OUTER = "/pg/provider/kit/callback";
    /** An ops request with a side effect ({@link KitTestResource#OPS_CALLS}): executed only if it is smuggled. */
    static final String HIDDEN = "POST /pg/kit/ops HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + SandboxMerchants.OPS_TOKEN + "\r\nContent-Length: 0\r\n\r\n";
    /** A chunked body's last chunk: where a server framing by the chunks ends the first request. */
    static final String LAST_CHUNK = "0\r\n\r\n";

    @BeforeEach
    void warmUp() {
        // A request of its own first, so that every connection below is one the gateway accepted after it started.
        given().get("/pg/kit/open").then().statusCode(200);
    }

    /** Each variant: the headers after {@code Host} and the body; a front end framing by length sees one request. */
    static Stream<Arguments> ambiguousFraming() {
        String chunkedThenHidden = LAST_CHUNK + HIDDEN;
        int length = chunkedThenHidden.length();
        return Stream.of(
                Arguments.of("Content-Length and chunked", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding: chunked\r\n", chunkedThenHidden),
                Arguments.of("Content-Length and CHUNKED", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding: CHUNKED\r\n", chunkedThenHidden),
                Arguments.of("Content-Length and chunked, identity", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding: chunked, identity\r\n",
                        chunkedThenHidden),
                Arguments.of("Content-Length and a tab before chunked", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding:\tchunked\r\n", chunkedThenHidden),
                Arguments.of("Content-Length and two Transfer-Encoding headers", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n",
                        chunkedThenHidden),
                Arguments.of("Content-Length and a space before the colon", "HTTP/1.1",
                        "Content-Length: " + length + "\r\nTransfer-Encoding : chunked\r\n", chunkedThenHidden),
                Arguments.of("two Transfer-Encoding: chunked", "HTTP/1.1",
                        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", chunkedThenHidden),
                Arguments.of("chunked, identity alone", "HTTP/1.1",
                        "Transfer-Encoding: chunked, identity\r\n", chunkedThenHidden),
                Arguments.of("identity alone", "HTTP/1.1", "Transfer-Encoding: identity\r\n", HIDDEN),
                Arguments.of("two Content-Length headers", "HTTP/1.1",
                        "Content-Length: 0\r\nContent-Length: " + HIDDEN.length() + "\r\n", HIDDEN),
                Arguments.of("a Content-Length list", "HTTP/1.1",
                        "Content-Length: " + HIDDEN.length() + ", " + HIDDEN.length() + "\r\n", HIDDEN),
                Arguments.of("chunked in HTTP/1.0", "HTTP/1.0",
                        "Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n", chunkedThenHidden));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ambiguousFraming")
    void anAmbiguouslyFramedRequestIsRefusedAndNothingBehindItIsRead(String variant, String version, String headers,
                                                                     String body) throws Exception {
        int opsBefore = KitTestResource.OPS_CALLS.get();
        String reply = exchange("127.0.0.91", "POST " + OUTER + " " + version + "\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\n" + headers + "\r\n" + body);

        assertTrue(reply.startsWith("HTTP/1.1 400 "), variant + ": " + reply);
        assertTrue(reply.contains("\"responseCode\":\"4000100\""), variant + ": " + reply);
        String detail = variant.contains("space before the colon") ? "malformed request" : "ambiguous message framing";
        assertTrue(reply.contains("\"responseMessage\":\"Bad Request " + detail + "\""), variant + ": " + reply);
        assertTrue(reply.toLowerCase().contains("\r\nconnection: close\r\n"), variant + ": " + reply);
        assertEquals(1, reply.split("HTTP/1\\.1 ", -1).length - 1, variant + ": one reply only: " + reply);
        Thread.sleep(200);
        assertEquals(opsBefore, KitTestResource.OPS_CALLS.get(), variant + ": the hidden ops request ran");
    }

    /**
     * The control: the same hidden request after a well-framed chunked body is a second request, and runs. Coding
     * names are case-insensitive (RFC 9112 §7), so {@code CHUNKED} alone frames by the chunks as every reader does.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chunked", "CHUNKED", "Chunked"})
    void aWellFramedRequestAndTheOnePipelinedBehindItBothRun(String coding) throws Exception {
        int opsBefore = KitTestResource.OPS_CALLS.get();
        String reply = exchange("127.0.0.92", "POST " + OUTER + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: " + coding + "\r\n\r\n2\r\n{}\r\n" + LAST_CHUNK
                + HIDDEN.replace("Content-Length: 0\r\n", "Content-Length: 0\r\nConnection: close\r\n"));

        assertEquals(2, reply.split("HTTP/1\\.1 200 ", -1).length - 1, reply);
        assertEquals(opsBefore + 1, KitTestResource.OPS_CALLS.get());
    }

    /**
     * docs/contract.md §0, §9: headers over the size limit (Quarkus's 20 KiB) are {@code 431SS00} with the contract's
     * body, coded for the path (a SNAP path with its SNAP code, service 26 here), and the connection is closed.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"/pg/kit/echo, 4310100", "/v1.0/transfer-va/status, 4312600"})
    void headersOverTheSizeLimitAreRefusedWithTheCodeOfThePath(String path, String code) throws Exception {
        String reply = exchange("127.0.0.93", "POST " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Big: " + "a".repeat(30 * 1024) + "\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");

        assertTrue(reply.startsWith("HTTP/1.1 431 "), reply);
        assertTrue(reply.contains("\"responseCode\":\"" + code + "\""), reply);
        assertTrue(reply.contains("\"responseMessage\":\"Request Header Fields Too Large\""), reply);
        assertTrue(reply.toLowerCase().contains("\r\nconnection: close\r\n"), reply);
        assertEquals(1, reply.split("HTTP/1\\.1 ", -1).length - 1, "one reply only: " + reply);
    }

    /** Writes {@code request} at once on a fresh connection from {@code address}; every reply until the server closes. */
    static String exchange(String address, String request) throws IOException {
        try (Socket socket = RawRequests.connect(address)) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            // RawRequests.read returns at the server's close; a connection left open ends in a timeout and fails here.
            RawRequests.Reply reply = RawRequests.read(socket);
            assertTrue(socket.getInputStream().read() < 0, "closed by the server: " + reply.text());
            return reply.text();
        }
    }
}
