package io.paygate.testsupport.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tests' host names, shared by each service's {@code TestDns} mock (there is no DNS server where the tests run):
 * names ending in {@code .test} resolve to what a test said (so a test can point a name at a private address, or
 * change its answer between registration and delivery) and otherwise not at all; names under {@code example.com}
 * resolve to {@value #EXAMPLE_COM}, a public address that passes the callback URL rules (no test connects to it).
 */
public final class TestNames {

    public static final String EXAMPLE_COM = "93.184.216.34";

    private static final Map<String, List<InetAddress>> NAMES = new ConcurrentHashMap<>();

    private TestNames() {
    }

    /** From now on {@code host} (ending in {@code .test}) resolves to {@code addresses}, in that order. */
    public static void answer(String host, String... addresses) {
        try {
            InetAddress[] resolved = new InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) {
                resolved[i] = InetAddress.getByAddress(host, InetAddress.getByName(addresses[i]).getAddress());
            }
            NAMES.put(host, List.of(resolved));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * The test's answer for {@code host}, or null when the name is not the tests' own (the caller resolves it for
     * real). @throws UnknownHostException for a {@code .test} name no test has answered
     */
    public static List<InetAddress> lookup(String host) throws UnknownHostException {
        if (host.endsWith(".test")) {
            List<InetAddress> answer = NAMES.get(host);
            if (answer == null) {
                throw new UnknownHostException(host);
            }
            return answer;
        }
        if (host.endsWith(".example.com")) {
            return List.of(InetAddress.getByAddress(host, InetAddress.getByName(EXAMPLE_COM).getAddress()));
        }
        return null;
    }
}
