package io.paygate.testsupport.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder on 127.0.0.1 that can cut its clients off and let them back in: {@link #disconnect()} closes the
 * listening socket and every live connection (new connections are refused, as with a stopped server);
 * {@link #reconnect()} listens on the same port again. Put in front of a server whose clients should see it go away
 * and come back, e.g. the embedded Kafka broker, without stopping the server itself.
 */
public final class TcpProxy implements AutoCloseable {

    private final InetAddress bindAddress = InetAddress.getLoopbackAddress();
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final int port;
    private volatile String targetHost;
    private volatile int targetPort;
    private ServerSocket server;
    private Thread acceptor;
    private boolean closed;

    private TcpProxy(ServerSocket server) {
        this.server = server;
        this.port = server.getLocalPort();
    }

    /** Listens on a free port of 127.0.0.1; connections are accepted once a target is set. */
    public static TcpProxy start() {
        return start(0);
    }

    /** Listens on {@code port} of 127.0.0.1 (0: a free one); connections are accepted once a target is set. */
    public static TcpProxy start(int port) {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
            TcpProxy proxy = new TcpProxy(server);
            proxy.acceptIn(server);
            return proxy;
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the TCP proxy: " + e.getMessage(), e);
        }
    }

    /** Where connections are forwarded to. */
    public void target(String host, int port) {
        this.targetHost = host;
        this.targetPort = port;
    }

    /** The port clients connect to (the same across disconnect/reconnect). */
    public int port() {
        return port;
    }

    /** {@code 127.0.0.1:<port>}. */
    public String address() {
        return bindAddress.getHostAddress() + ":" + port;
    }

    public synchronized boolean isConnected() {
        return server != null;
    }

    /** Refuses new connections and drops every live one, until {@link #reconnect()}. */
    public synchronized void disconnect() {
        if (server == null) {
            return;
        }
        closeQuietly(server);
        server = null;
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
        sockets.clear();
        if (acceptor != null) {
            try {
                acceptor.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Listens on the same port again. */
    public synchronized void reconnect() {
        if (server != null || closed) {
            return;
        }
        try {
            ServerSocket again = new ServerSocket();
            again.setReuseAddress(true);
            again.bind(new InetSocketAddress(bindAddress, port), 128);
            server = again;
            acceptIn(again);
        } catch (IOException e) {
            throw new IllegalStateException("Could not listen on port " + port + " again: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        disconnect();
        closed = true;
    }

    private void acceptIn(ServerSocket listening) {
        acceptor = Thread.ofPlatform().name("tcp-proxy-" + port).daemon().start(() -> {
            while (!listening.isClosed()) {
                try {
                    Socket client = listening.accept();
                    // Platform threads of its own: the benchmarks count its CPU as the harness's by thread name
                    // (virtual threads would share their carriers with the service under test).
                    Thread.ofPlatform().name("tcp-proxy-pump").daemon().start(() -> forward(client));
                } catch (IOException e) {
                    return; // closed by disconnect()
                }
            }
        });
    }

    private void forward(Socket client) {
        Socket upstream;
        try {
            upstream = new Socket(targetHost, targetPort);
        } catch (IOException | RuntimeException e) {
            closeQuietly(client);
            return;
        }
        try {
            // Forward each read at once, as the Kafka clients and broker do on their own sockets: with Nagle's
            // algorithm a reply written in two pieces waits for the peer's delayed ACK (~40 ms on loopback), which
            // made every test broker look 40-70 ms slower than Kafka is.
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
        } catch (SocketException e) {
            closeBoth(client, upstream);
            return;
        }
        sockets.add(client);
        sockets.add(upstream);
        synchronized (this) {
            if (server == null) { // disconnected while connecting
                closeBoth(client, upstream);
                return;
            }
        }
        Thread.ofPlatform().name("tcp-proxy-pump").daemon().start(() -> pump(client, upstream));
        pump(upstream, client);
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException ignored) {
            // one side went away
        } finally {
            closeBoth(from, to);
        }
    }

    private void closeBoth(Socket a, Socket b) {
        closeQuietly(a);
        closeQuietly(b);
        sockets.remove(a);
        sockets.remove(b);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (SocketException ignored) {
            // already closed
        } catch (Exception ignored) {
            // nothing to do
        }
    }
}
