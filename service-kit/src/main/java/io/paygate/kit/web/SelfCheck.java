package io.paygate.kit.web;

import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One request from the service to its own API port, which {@link ConnectionGuards} answers itself (204, before any
 * other route filter, no access-log line) after installing its guard on the listening channel. Blocking: it runs on
 * the thread of the server-start event or of the readiness check, never on the event loop.
 */
final class SelfCheck {

    private static final Logger LOG = Logger.getLogger(SelfCheck.class);
    private static final int TIMEOUT_MILLIS = 2_000;

    private volatile String host;
    private volatile int port;

    /** Where the server listens: a wildcard address is reached on loopback. Port 0 (a test's random port): unknown. */
    void target(String listenHost, int listenPort) {
        String reachable = listenHost == null || listenHost.isBlank() || listenHost.equals("0.0.0.0")
                ? "127.0.0.1" : listenHost.equals("::") || listenHost.equals("[::]") ? "::1" : listenHost;
        host = reachable.startsWith("[") && reachable.endsWith("]")
                ? reachable.substring(1, reachable.length() - 1) : reachable;
        port = listenPort;
    }

    /** Sends the request with {@code token} and waits for the reply; false when the server could not be reached. */
    boolean send(String token) {
        String to = host;
        int at = port;
        if (to == null || at <= 0) {
            return false;
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(to, at), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.getOutputStream().write(("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + ConnectionGuards.SELF_CHECK_HEADER + ": " + token + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // until the server closes: the reply was sent
            }
            return true;
        } catch (IOException e) {
            LOG.warnf("could not reach this service's own HTTP port %s:%d to install its connection guard: %s", to, at,
                    e.toString());
            return false;
        }
    }
}
