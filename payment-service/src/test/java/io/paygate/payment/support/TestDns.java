package io.paygate.payment.support;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.net.DnsResolver;
import io.paygate.testsupport.net.TestNames;
import io.quarkus.test.Mock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** The tests' DNS ({@link TestNames}); address literals still go to the service's own bounded resolver. */
@Mock
public class TestDns extends DnsResolver {

    TestDns(GatewayConfig config) {
        super(config);
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        List<InetAddress> answer = TestNames.lookup(host);
        return answer != null ? answer : super.resolve(host);
    }
}
