package io.paygate.testsupport.net;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where a process's ports can be reached from, for the tests of docs/contract.md §8 (the local stack listens on
 * 127.0.0.1 only, unless {@code --listen}): this machine's other address, a connection attempt, and the listening
 * sockets of this JVM.
 */
public final class Listeners {

    private Listeners() {
    }

    /** An address of this machine that is not a loopback one (an up interface's IPv4 first), if it has one. */
    public static Optional<InetAddress> nonLoopbackAddress() throws IOException {
        List<InetAddress> found = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (!address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
                    found.add(address);
                }
            }
        }
        return found.stream().sorted((a, b) -> Boolean.compare(!(a instanceof Inet4Address), !(b instanceof Inet4Address)))
                .findFirst();
    }

    /** Whether a TCP connection to {@code port} of {@code address} is accepted (within 2 s). */
    public static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2_000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    /**
     * The local addresses of the listening TCP sockets this JVM holds (the embedded Kafka broker's listeners and its
     * proxy, sinks, simulators), read from Linux's {@code /proc}: as {@code hex-address:port} of {@code /proc/net/tcp}
     * and {@code tcp6}. Empty where there is no {@code /proc}.
     */
    public static List<String> listeningSocketsOfThisJvm() throws IOException {
        Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return List.of();
        }
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> links = Files.list(fds)) {
            for (Path link : links.toList()) {
                try {
                    String target = Files.readSymbolicLink(link).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor went away while listed
                }
            }
        }
        List<String> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table)).stream().skip(1).toList()) {
                String[] f = line.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) { // LISTEN
                    listening.add(f[1]);
                }
            }
        }
        return listening;
    }

    /** Whether a {@code /proc/net/tcp[6]} local address is 127.0.0.0/8, ::1 or ::ffff:127.x.y.z. */
    public static boolean isLoopback(String procAddress) {
        String hex = procAddress.substring(0, procAddress.indexOf(':'));
        if (hex.length() == 8) {
            return hex.endsWith("7F"); // little-endian: the first octet is the last byte
        }
        return hex.equals("00000000000000000000000001000000")
                || (hex.startsWith("0000000000000000FFFF0000") && hex.endsWith("7F"));
    }
}
