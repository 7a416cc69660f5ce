package io.paygate.notification.support;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.net.DnsResolver;
import io.paygate.testsupport.net.TestNames;
import io.quarkus.test.Mock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The tests' DNS ({@link TestNames}): a test can make a host name resolve to a private address, or change its answer
 * between registration and delivery; everything else resolves for real, within the configured time.
 */
@Mock
public class TestDns extends DnsResolver {

    public static final String EXAMPLE_COM = TestNames.EXAMPLE_COM;

    TestDns(GatewayConfig config) {
        super(config);
    }

    public static void answer(String host, String... addresses) {
        TestNames.answer(host, addresses);
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        List<InetAddress> answer = TestNames.lookup(host);
        return answer != null ? answer : super.resolve(host);
    }
}
