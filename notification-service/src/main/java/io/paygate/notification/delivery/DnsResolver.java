package io.paygate.notification.delivery;

import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Host name to addresses, for the callback URL checks at registration and at delivery (a seam: tests replace this
 * bean to make a name resolve to a private address). Blocking: call it off the event loop.
 */
@ApplicationScoped
public class DnsResolver {

    public List<InetAddress> resolve(String host) throws UnknownHostException {
        return Arrays.asList(InetAddress.getAllByName(host));
    }
}
