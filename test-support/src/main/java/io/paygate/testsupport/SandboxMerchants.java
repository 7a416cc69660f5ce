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
    /**
     * The fee table of {@code demo} as the registry holds it (docs/contract.md §8, §12); {@code demo2} has none. Both
     * settle {@value #SETTLEMENT_DELAY_DAYS} day after capture.
     */
    public static final String DEMO_FEES = "{\"CARD\": {\"percent\": \"2.9\", \"fixed\": \"2000\"}, "
            + "\"QRIS\": {\"percent\": \"0.7\"}, \"VA_*\": {\"fixed\": \"4000\"}, "
            + "\"DISBURSEMENT\": {\"fixed\": \"5000\"}}";
    public static final int SETTLEMENT_DELAY_DAYS = 1;
    /**
     * What each sandbox merchant's {@code available} balance starts at in the local stack (docs/contract.md §8, §12):
     * one ADJUSTMENT line that ledger-service posts once, so payouts work from the first minute.
     */
    public static final String OPENING_BALANCE = "1000000000.00";

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

    /**
     * What merchant-service alone seeds the registry with beyond {@link #configLines()} (docs/contract.md §8, §10):
     * {@code demo}'s fees and both merchants' settlement delay.
     */
    public static List<String> registryLines() {
        List<String> lines = new java.util.ArrayList<>();
        lines.add("gateway.merchants.demo.fees=" + DEMO_FEES);
        for (Merchant m : ALL) {
            lines.add("gateway.merchants." + m.id() + ".settlement-delay-days=" + SETTLEMENT_DELAY_DAYS);
        }
        return lines;
    }

    /** What ledger-service alone is given (docs/contract.md §8, §12): every sandbox merchant's opening balance. */
    public static List<String> ledgerLines() {
        return ALL.stream().map(m -> "gateway.ledger.opening-balances." + m.id() + "=" + OPENING_BALANCE).toList();
    }
}
