package io.paygate.testsupport.infra;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A real SMTP server (GreenMail) inside the JVM, on 127.0.0.1, that accepts mail for any address without
 * authentication and keeps what it received. Used by the Quarkus test resource and by the local stack launcher.
 * Clients reach it through a {@link TcpProxy}, so {@link #disconnect()} takes it away from every client as in an
 * outage (connections drop, new ones are refused) and {@link #reconnect()} brings it back on the same port, with the
 * mail received so far. {@link #serveReader(int)} adds {@link MailReader}, an HTTP page of what it received.
 */
public final class EmbeddedMailServer implements AutoCloseable {

    private final GreenMail greenMail;
    private final TcpProxy proxy;
    private MailReader reader;

    private EmbeddedMailServer(GreenMail greenMail, TcpProxy proxy) {
        this.greenMail = greenMail;
        this.proxy = proxy;
    }

    /** Starts a server whose clients connect to a free port. */
    public static EmbeddedMailServer start() {
        return start(0);
    }

    /** Starts a server whose clients connect to {@code port} of 127.0.0.1 (0: a free one). */
    public static EmbeddedMailServer start(int port) {
        String loopback = "127.0.0.1";
        GreenMail greenMail = new GreenMail(new ServerSetup(0, loopback, ServerSetup.PROTOCOL_SMTP).dynamicPort());
        greenMail.start();
        TcpProxy proxy;
        try {
            proxy = TcpProxy.start(port);
        } catch (RuntimeException e) {
            greenMail.stop();
            throw e;
        }
        proxy.target(loopback, greenMail.getSmtp().getPort());
        return new EmbeddedMailServer(greenMail, proxy);
    }

    /** {@code 127.0.0.1}: where clients connect. */
    public String host() {
        return "127.0.0.1";
    }

    /** The port clients connect to (the same across disconnect/reconnect). */
    public int port() {
        return proxy.port();
    }

    /** Every port this server listens on for clients: SMTP's, and the reader's when it serves one. */
    public List<Integer> ports() {
        return reader == null ? List.of(port()) : List.of(port(), reader.port());
    }

    /** Every mail received so far, oldest first (one per recipient: a mail to two addresses is two). */
    public List<ReceivedMail> received() {
        return Arrays.stream(greenMail.getReceivedMessages()).map(EmbeddedMailServer::read).toList();
    }

    /** The mail received for {@code address} (case-insensitive), oldest first. */
    public List<ReceivedMail> receivedBy(String address) {
        String wanted = address.toLowerCase(Locale.ROOT);
        return received().stream().filter(m -> m.to().stream().anyMatch(to -> to.toLowerCase(Locale.ROOT)
                .equals(wanted))).toList();
    }

    /**
     * Waits until {@code address} has received at least {@code count} mails, up to {@code timeout}; the mail it
     * received, oldest first (fewer than {@code count} when the time ran out: the caller's assertion says so).
     */
    public List<ReceivedMail> awaitReceived(String address, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ReceivedMail> mail = receivedBy(address);
        while (mail.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
            mail = receivedBy(address);
        }
        return mail;
    }

    /** Refuses new connections and drops live ones, until {@link #reconnect()}; what it received is kept. */
    public void disconnect() {
        proxy.disconnect();
    }

    /** Listens on the same port again. */
    public void reconnect() {
        proxy.reconnect();
    }

    public boolean isConnected() {
        return proxy.isConnected();
    }

    /** Serves {@link MailReader} on {@code port} of 127.0.0.1 (0: a free one); its base URL. */
    public synchronized String serveReader(int port) {
        if (reader == null) {
            reader = MailReader.start(this, port);
        }
        return reader.url();
    }

    /** The reader's base URL ({@code http://127.0.0.1:<port>}), or null when it serves none. */
    public synchronized String readerUrl() {
        return reader == null ? null : reader.url();
    }

    @Override
    public synchronized void close() {
        if (reader != null) {
            reader.close();
        }
        proxy.close();
        greenMail.stop();
    }

    private static ReceivedMail read(MimeMessage message) {
        try {
            return ReceivedMail.of(message);
        } catch (MessagingException | java.io.IOException e) {
            throw new IllegalStateException("could not read a received mail: " + e.getMessage(), e);
        }
    }
}
