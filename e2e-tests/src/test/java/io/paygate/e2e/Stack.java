package io.paygate.e2e;

import io.paygate.local.LocalStack;
import io.paygate.testsupport.SandboxMerchants;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * One local stack for the whole e2e run, started the way {@code deploy/local/run} starts it, on ports
 * 18081–18083 (so a developer's own stack on 8081–8083 can keep running), with short clocks so the suite
 * sees slow things happen: a retry schedule of seconds, a bank that steps every second, and payment links that
 * live {@link #LINK_TTL} (swept every second) instead of 24 h, long enough for any customer in these tests to pay.
 */
final class Stack {

    /** 18081–18083 by default; {@code -Dpaygate.e2e.port-offset=N} moves a second e2e run beside the first. */
    static final int PORT_OFFSET = Integer.getInteger("paygate.e2e.port-offset", 10_000);
    /** A merchant of its own for MutatedBodiesIT, so that counting its rows counts nothing another test wrote. */
    static final String FUZZ_MERCHANT = "fuzz";
    static final String FUZZ_SECRET = "fuzz-client-secret";
    /** The QA team's merchant (QaKitConsumerIT), whose callback URLs its suite registers to a receiver of its own. */
    static final String QA_MERCHANT = "qa";
    static final String QA_SECRET = "qa-client-secret";
    static final String QA_NOTIFICATION_SECRET = "whsec_cGF5Z2F0ZS1xYS1raXQtbm90aWZpY2F0aW9uLWtleSE=";
    /** Lifetime of a payment link in this stack ({@code gateway.payment.link-ttl}). */
    static final Duration LINK_TTL = Duration.ofSeconds(30);
    /**
     * The suite's short clocks and lifted rate limits, for every process ({@link ReplicatedStack}'s three replicas of
     * each service run with the same).
     */
    static final List<String> CONFIG = Stream.concat(QaSnapKeys.configLines().stream(), Stream.of(
                    "gateway.notification.retry.delays=1s,1s,2s",
                    // An attempt gives up after 5 s, and a crashed instance's leases run out after 8 s.
                    "gateway.notification.delivery.timeout=5s",
                    "gateway.notification.delivery.lease=8s",
                    // Few delivery slots, so that one merchant's stuck backlog would fill them all without the
                    // per-merchant share (BrokenMerchantIT).
                    "gateway.notification.delivery.concurrency=8",
                    "gateway.notification.delivery.per-merchant-concurrency=4",
                    "gateway.disbursement.bank-step-delay=1s",
                    "gateway.merchants." + FUZZ_MERCHANT + ".name=Fuzz Store",
                    "gateway.merchants." + FUZZ_MERCHANT + ".client-secret=" + FUZZ_SECRET,
                    "gateway.merchants." + FUZZ_MERCHANT + ".notification-secret=whsec_ZnV6ei1ub3RpZmljYXRpb24tc2VjcmV0LTMyYnl0ZXMh",
                    "gateway.merchants." + FUZZ_MERCHANT + ".currency=IDR",
                    "gateway.merchants." + QA_MERCHANT + ".name=QA Team Store",
                    "gateway.merchants." + QA_MERCHANT + ".client-secret=" + QA_SECRET,
                    "gateway.merchants." + QA_MERCHANT + ".notification-secret=" + QA_NOTIFICATION_SECRET,
                    "gateway.merchants." + QA_MERCHANT + ".currency=IDR",
                    // Payouts hold funds first (docs/contract.md §12): the QA merchant starts with money, as the
                    // local stack's demo merchants do, so the sample suite's transfers are not 4030401.
                    "gateway.ledger.opening-balances." + QA_MERCHANT + "=" + SandboxMerchants.OPENING_BALANCE,
                    "gateway.payment.link-ttl=" + LINK_TTL.toSeconds() + "s",
                    "gateway.payment.expiry-sweep-interval=1s",
                    // Payment-link e-mail (LocalStack.mail()): retried every second while its SMTP server is away.
                    "gateway.mail.retry-delays=1s",
                    // Open charges (virtual accounts, QRIS …) end through reconciliation: ask every second.
                    "gateway.payment.reconcile-interval=1s",
                    // The suite sends many requests a second from one address and one merchant (MutatedBodiesIT);
                    // the rate limits themselves are tested in service-kit and payment-service.
                    "gateway.rate-limit.merchant.per-second=1000000",
                    "gateway.rate-limit.merchant.burst=1000000",
                    "gateway.rate-limit.address.per-second=1000000",
                    "gateway.rate-limit.address.burst=1000000",
                    "gateway.rate-limit.page.per-second=1000000",
                    "gateway.rate-limit.page.burst=1000000")).toList();
    private static LocalStack stack;

    private Stack() {
    }

    static synchronized LocalStack get() throws Exception {
        if (stack == null) {
            Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
            // the SMTP server and its reader on 8086 and 8087 + the offset, as deploy/local/run puts them, so that the docs'
            // commands reading the mail ($PAYGATE_MAIL_URL of deploy/local/urls.sh) run here as printed
            stack = LocalStack.launch(LocalStack.Options.forTests(root, PORT_OFFSET, CONFIG)
                    .withMailPorts(8086 + PORT_OFFSET, 8087 + PORT_OFFSET));
        }
        return stack;
    }

    static String payment() throws Exception {
        return get().baseUrl("payment-service");
    }

    static String binding() throws Exception {
        return get().baseUrl("binding-service");
    }

    static String notification() throws Exception {
        return get().baseUrl("notification-service");
    }
}
