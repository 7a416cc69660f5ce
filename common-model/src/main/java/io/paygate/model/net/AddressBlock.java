package io.paygate.model.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** One CIDR block, e.g. {@code 100.64.0.0/10}, and whether an address falls in it. */
record AddressBlock(byte[] network, int prefixLength, String description) {

    static AddressBlock of(String cidr, String description) {
        int slash = cidr.indexOf('/');
        try {
            // Literal addresses only: InetAddress.getByName does not resolve them.
            byte[] network = InetAddress.getByName(cidr.substring(0, slash)).getAddress();
            return new AddressBlock(network, Integer.parseInt(cidr.substring(slash + 1)), description);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("Not a CIDR block: " + cidr, e);
        }
    }

    boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int restBits = prefixLength % 8;
        if (restBits == 0) {
            return true;
        }
        int mask = (0xFF << (8 - restBits)) & 0xFF;
        return (address[fullBytes] & mask) == (network[fullBytes] & mask);
    }
}
