package io.paygate.notification.support;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.net.DnsResolver;
import io.quarkus.test.Mock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tests' DNS: names ending in {@code .test} resolve to what a test said (so a test can make a host name resolve
 * to a private address, or change its answer between registration and delivery); names under {@code example.com}
 * resolve to {@value #EXAMPLE_COM} (a public address, so they pass the callback URL rules without a DNS server; no
 * test delivers to them); everything else resolves for real, within the configured time.
 */
@Mock
public class TestDns extends DnsResolver {

    public static final String EXAMPLE_COM = "93.184.216.34";

    private static final Map<String, List<InetAddress>> NAMES = new ConcurrentHashMap<>();

    TestDns(GatewayConfig config) {
        super(config);
    }

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
        if (host.endsWith(".example.com")) {
            return List.of(InetAddress.getByAddress(host, InetAddress.getByName(EXAMPLE_COM).getAddress()));
        }
        return super.resolve(host);
    }
}
