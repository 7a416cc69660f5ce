package io.paygate.kit;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/**
 * docs/contract.md §0: the signature covers the bytes that are read, and a body must say {@code application/json}. Requests
 * are written byte by byte on a socket, since HTTP clients add or normalise the very headers under test.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class ContentTypeRuleTest {

    static final String BODY = KitBehaviourTest.VALID;

    @Test
    void bodyWithoutContentTypeSignedOverNothingIsRefused() throws IOException {
        String reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", ""), null, BODY, false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\""),
                not(containsString("ord-1"))));
    }

    @Test
    void bodyWithoutContentTypeIsRefusedEvenWhenSignedOverItsBytes() throws IOException {
        String reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", BODY), null, BODY, false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\"")));
    }

    @Test
    void chunkedBodyWithoutContentTypeIsRefused() throws IOException {
        String reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", ""), null, BODY, true);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\"")));
    }

    @Test
    void emptyContentTypeIsUnsupportedNotAnError() throws IOException {
        String reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", BODY), "", BODY, false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\"")));
        reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", BODY), "json", BODY, false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\"")));
    }

    @Test
    void chunkedJsonBodyIsVerifiedOverItsBytes() throws IOException {
        String reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", ""), "application/json", BODY, true);
        assertThat(reply, allOf(startsWith("HTTP/1.1 401"), containsString("Unauthorized. Invalid signature")));
        reply = send("POST", "/pg/kit/echo", signed("POST", "/pg/kit/echo", BODY), "application/json", BODY, true);
        assertThat(reply, allOf(startsWith("HTTP/1.1 200"), containsString("\"id\":\"ord-1\"")));
    }

    @Test
    void bodyInAnotherCharsetOrTypeIsRefusedOnSignedEndpoints() throws IOException {
        List<String> headers = signed("POST", "/pg/kit/echo", BODY);
        assertThat(send("POST", "/pg/kit/echo", headers, "application/json; charset=ISO-8859-1", BODY, false),
                startsWith("HTTP/1.1 415"));
        assertThat(send("POST", "/pg/kit/echo", headers, "text/plain", BODY, false), startsWith("HTTP/1.1 415"));
        assertThat(send("POST", "/pg/kit/echo", headers, "application/json; charset=UTF-8", BODY, false),
                startsWith("HTTP/1.1 200"));
    }

    @Test
    void signedBodyOnAnEndpointThatTakesNoneNeedsJsonToo() throws IOException {
        String reply = send("GET", "/pg/kit/whoami", signed("GET", "/pg/kit/whoami", BODY), "text/plain", BODY, false);
        assertThat(reply, startsWith("HTTP/1.1 415"));
        reply = send("GET", "/pg/kit/whoami", signed("GET", "/pg/kit/whoami", ""), null, "", false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 200"), containsString("\"merchant\":\"demo\"")));
    }

    @Test
    void opsBodyWithoutContentTypeIsRefused() throws IOException {
        String reply = send("POST", "/pg/kit/ops", List.of("Authorization: Bearer " + SandboxMerchants.OPS_TOKEN),
                null, "{\"status\":\"CAPTURED\"}", false);
        assertThat(reply, allOf(startsWith("HTTP/1.1 415"), containsString("\"responseCode\":\"4150100\"")));
        reply = send("POST", "/pg/kit/ops", List.of("Authorization: Bearer " + SandboxMerchants.OPS_TOKEN),
                null, "", false);
        assertThat(reply, startsWith("HTTP/1.1 200"));
    }

    private static List<String> signed(String method, String path, String signedBody) {
        String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        String signature = RequestSigner.sign("demo-client-secret", method, path,
                signedBody.getBytes(StandardCharsets.UTF_8), timestamp);
        List<String> headers = new ArrayList<>();
        headers.add("X-PARTNER-ID: demo");
        headers.add("X-TIMESTAMP: " + timestamp);
        headers.add("X-SIGNATURE: " + signature);
        return headers;
    }

    /** One request on a fresh connection; the reply as text, read to its end (the server closes after it). */
    static String send(String method, String path, List<String> headers, String contentType, String body,
                       boolean chunked) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\n")
                .append("Host: localhost\r\nConnection: close\r\n");
        headers.forEach(h -> head.append(h).append("\r\n"));
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (chunked) {
            head.append("Transfer-Encoding: chunked\r\n");
        } else if (bytes.length > 0) {
            head.append("Content-Length: ").append(bytes.length).append("\r\n");
        }
        head.append("\r\n");
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            // one write: a server that refuses on the headers and closes must not break a second write (EPIPE)
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (chunked) {
                request.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                request.write(bytes);
                request.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            } else {
                request.write(bytes);
            }
            OutputStream out = socket.getOutputStream();
            out.write(request.toByteArray());
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            in.transferTo(reply);
            return reply.toString(StandardCharsets.UTF_8);
        }
    }
}
