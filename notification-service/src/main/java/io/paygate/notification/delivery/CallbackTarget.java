package io.paygate.notification.delivery;

import java.net.InetAddress;

/**
 * Where one attempt goes: the URL's host (sent as {@code Host} and TLS SNI, and verified against the certificate),
 * port, scheme and path, and the one checked address that is connected to, so a second DNS answer cannot redirect
 * the request (DNS rebinding).
 */
public record CallbackTarget(String host, int port, boolean ssl, String pathAndQuery, InetAddress address) {
}
