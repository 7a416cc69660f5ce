package io.paygate.testsupport;

import java.util.List;

/**
 * The sandbox merchants and ops token of docs/contract.md §8: what the local stack configures and what the
 * tests sign with.
 */
public final class SandboxMerchants {

    public record Merchant(String id, String name, String clientSecret, String notificationSecret, String currency) {
    }

    public static final Merchant DEMO = new Merchant("demo", "Demo Store", "demo-client-secret",
            "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=", "IDR");
    public static final Merchant DEMO2 = new Merchant("demo2", "Second Demo Store", "demo2-client-secret",
            "whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=", "IDR");
    public static final List<Merchant> ALL = List.of(DEMO, DEMO2);
    public static final String OPS_TOKEN = "demo-ops-token";

    private SandboxMerchants() {
    }

    /**
     * The {@code gateway.merchants.*} (with their SNAP keys and the gateway's signing keys of their SNAP notifications,
     * {@link SandboxSnap}) and {@code gateway.ops.token} properties the services read.
     */
    public static List<String> configLines() {
        List<String> lines = new java.util.ArrayList<>();
        for (Merchant m : ALL) {
            String prefix = "gateway.merchants." + m.id() + ".";
            lines.add(prefix + "name=" + m.name());
            lines.add(prefix + "client-secret=" + m.clientSecret());
            lines.add(prefix + "notification-secret=" + m.notificationSecret());
            lines.add(prefix + "currency=" + m.currency());
        }
        lines.addAll(SandboxSnap.configLines());
        lines.add("gateway.ops.token=" + OPS_TOKEN);
        return lines;
    }
}
