package io.paygate.e2e;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Requests written byte by byte on a socket, as an attacker writes them: HTTP clients add or normalise the very
 * headers (Content-Type, Content-Length, Transfer-Encoding) that trust-boundary tests are about.
 */
final class RawHttp {

    private RawHttp() {
    }

    /** The status code and the whole reply text. */
    record Reply(int status, String text) {
        /** The first value of header {@code name} (case-insensitive), or null. */
        String header(String name) {
            for (String line : text.split("\r\n")) {
                if (line.isEmpty()) {
                    break;
                }
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }
    }

    /** A GET of {@code target} exactly as given, with {@code host} (null: the real one) as its Host header. */
    static Reply get(String baseUrl, String target, String host) throws IOException {
        return raw(baseUrl, null, "GET " + target + " HTTP/1.1\r\nHost: " + hostOf(baseUrl, host)
                + "\r\nConnection: close\r\n\r\n", new byte[0]);
    }

    /** A GET of {@code target} exactly as given, signed as merchant demo over {@code signedTarget}. */
    static Reply signedGet(String baseUrl, String target, String signedTarget) throws IOException {
        StringBuilder head = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: " + hostOf(baseUrl, null)
                + "\r\nConnection: close\r\n");
        signedAsDemo("GET", signedTarget, new byte[0]).forEach(h -> head.append(h).append("\r\n"));
        return raw(baseUrl, null, head.append("\r\n").toString(), new byte[0]);
    }

    /** A form post as the hosted page sends it, with {@code host} (null: the real one) as its Host header. */
    static Reply form(String baseUrl, String path, String form, String host) throws IOException {
        byte[] body = form.getBytes(StandardCharsets.UTF_8);
        return raw(baseUrl, null, "POST " + path + " HTTP/1.1\r\nHost: " + hostOf(baseUrl, host)
                + "\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                + body.length + "\r\n\r\n", body);
    }

    /** {@code head} and {@code body} on a fresh connection from {@code localAddress} (null: any); the reply. */
    static Reply raw(String baseUrl, String localAddress, String head, byte[] body) throws IOException {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket()) {
            if (localAddress != null) {
                socket.bind(new java.net.InetSocketAddress(localAddress, 0));
            }
            socket.connect(new java.net.InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(reply);
            String text = reply.toString(StandardCharsets.UTF_8);
            int status = text.startsWith("HTTP/1.1 ") ? Integer.parseInt(text.substring(9, 12)) : -1;
            return new Reply(status, text);
        }
    }

    private static String hostOf(String baseUrl, String host) {
        URI base = URI.create(baseUrl);
        return host != null ? host : base.getHost() + ":" + base.getPort();
    }

    /** {@code X-PARTNER-ID}, {@code X-TIMESTAMP} and an {@code X-SIGNATURE} over {@code signedBody} as merchant demo. */
    static List<String> signedAsDemo(String method, String path, String signedBody) {
        return signedAsDemo(method, path, signedBody.getBytes(StandardCharsets.UTF_8));
    }

    /** The same, over raw bytes (which need not be valid UTF-8). */
    static List<String> signedAsDemo(String method, String path, byte[] signedBody) {
        String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        List<String> headers = new ArrayList<>();
        headers.add(RequestSigner.PARTNER_ID + ": " + SandboxMerchants.DEMO.id());
        headers.add(RequestSigner.TIMESTAMP + ": " + timestamp);
        headers.add(RequestSigner.SIGNATURE + ": " + RequestSigner.sign(SandboxMerchants.DEMO.clientSecret(), method,
                path, signedBody, timestamp));
        return headers;
    }

    /**
     * Sends one request on a fresh connection and reads the reply to its end.
     *
     * @param contentType the header's value, or null for no header at all
     * @param chunked     send the body in one chunk with {@code Transfer-Encoding: chunked} instead of a length
     */
    static Reply send(String baseUrl, String method, String path, List<String> headers, String contentType,
                      byte[] body, boolean chunked) throws IOException {
        URI base = URI.create(baseUrl);
        StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\n")
                .append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n")
                .append("Connection: close\r\n");
        headers.forEach(h -> head.append(h).append("\r\n"));
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (chunked) {
            head.append("Transfer-Encoding: chunked\r\n");
        } else {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (chunked) {
                out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(body);
                out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            } else {
                out.write(body);
            }
            out.flush();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(reply);
            String text = reply.toString(StandardCharsets.UTF_8);
            int status = text.startsWith("HTTP/1.1 ") ? Integer.parseInt(text.substring(9, 12)) : -1;
            return new Reply(status, text);
        }
    }
}
