package io.paygate.kit.web;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.RestAssured;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Requests written on a socket as they go on the wire, from a chosen loopback address (Linux routes all of 127/8 to
 * the loopback interface), so that a test is a client address of its own without a proxy header, and sends exactly
 * the request target and body bytes it means.
 */
final class RawRequests {

    private RawRequests() {
    }

    /** The status and the whole text of a reply. */
    record Reply(int status, String text) {
        boolean has(String fragment) {
            return text.contains(fragment);
        }
    }

    /** A connection from {@code localAddress} to the application under test. */
    static Socket connect(String localAddress) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(localAddress, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", RestAssured.port), 5_000);
        return socket;
    }

    /** Headers {@code X-PARTNER-ID}, {@code X-TIMESTAMP}, {@code X-SIGNATURE} as merchant demo over {@code target}. */
    static String signedAsDemo(String method, String target, byte[] body) {
        String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        return RequestSigner.PARTNER_ID + ": " + SandboxMerchants.DEMO.id() + "\r\n"
                + RequestSigner.TIMESTAMP + ": " + timestamp + "\r\n"
                + RequestSigner.SIGNATURE + ": " + RequestSigner.sign(SandboxMerchants.DEMO.clientSecret(), method,
                target, body, timestamp) + "\r\n";
    }

    /** One request on a fresh connection ({@code Connection: close}); the reply read to its end. */
    static Reply send(String localAddress, String method, String target, String headers, byte[] body)
            throws IOException {
        try (Socket socket = connect(localAddress)) {
            socket.setSoTimeout(10_000);
            String head = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + headers
                    + (body.length > 0 ? "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n"
                    : "") + "\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            return read(socket);
        }
    }

    /** The reply on {@code socket} until the server closes it (or its read timeout). */
    static Reply read(Socket socket) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                bytes.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            if (bytes.size() == 0) {
                throw e;
            }
        }
        String text = bytes.toString(StandardCharsets.ISO_8859_1);
        int space = text.indexOf(' ');
        return new Reply(space < 0 ? -1 : Integer.parseInt(text.substring(space + 1, space + 4)), text);
    }

    /** An open connection whose reply is looked for later. */
    static final class Held implements AutoCloseable {
        final Socket socket;
        private final PushbackInputStream in;

        Held(Socket socket) throws IOException {
            this.socket = socket;
            this.in = new PushbackInputStream(socket.getInputStream(), 1);
        }

        /** Whether the server answered (or closed) within {@code millis}, without reading the reply. */
        boolean answered(int millis) throws IOException {
            socket.setSoTimeout(millis);
            try {
                int first = in.read();
                if (first >= 0) {
                    in.unread(first);
                }
                return true;
            } catch (SocketTimeoutException e) {
                return false;
            }
        }

        /** The reply, read until the server closes the connection. */
        Reply reply() throws IOException {
            socket.setSoTimeout(5_000);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            String text = bytes.toString(StandardCharsets.ISO_8859_1);
            int space = text.indexOf(' ');
            return new Reply(space < 0 ? -1 : Integer.parseInt(text.substring(space + 1, space + 4)), text);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
