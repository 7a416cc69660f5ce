package io.paygate.notification.support;

import io.paygate.notification.delivery.DnsResolver;
import io.quarkus.test.Mock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tests' DNS: names ending in {@code .test} resolve to what a test said (so a test can make a host name resolve
 * to a private address, or change its answer between registration and delivery); everything else resolves for real.
 */
@Mock
public class TestDns extends DnsResolver {

    private static final Map<String, List<InetAddress>> NAMES = new ConcurrentHashMap<>();

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

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        if (host.endsWith(".test")) {
            List<InetAddress> answer = NAMES.get(host);
            if (answer == null) {
                throw new UnknownHostException(host);
            }
            return answer;
        }
        return super.resolve(host);
    }
}
