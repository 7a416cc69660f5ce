package io.paygate.local;

import io.paygate.model.merchant.SecretSealer;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What every process of one run reads from its {@code config/application.properties} (the environment overrides
 * it). All replicas of a service get the same lines except their own ports: the same database, broker, keys and
 * tokens, and the first replica's address as the public one, as behind one Ingress.
 *
 * @param jdbcUrl          a database's JDBC URL by its name ({@code payment}, …)
 * @param providerSecret   key of the sandbox provider's callback signatures, one per run: any payment-service
 *                         replica may receive a callback, as through the Ingress
 * @param extraConfig      lines for every process ({@code --set}, {@code --midtrans-merchant}), last so that they
 *                         win; a merchant's Midtrans keys and URL only for payment-service
 * @param listenAddress    where every process's API and management ports listen: {@value #LOOPBACK} unless
 *                         {@code --listen} says otherwise (the stack runs the sandbox and a published ops token)
 * @param gatewayPorts     every port the stack opens (API and management ports of all replicas, PostgreSQL's, the
 *                         broker's): no callback URL may name them ({@code gateway.callbacks.gateway-ports},
 *                         docs/contract.md §6)
 * @param snapTokenKey     key of the SNAP access tokens ({@code gateway.snap.token-key}, docs/contract.md §9), one per
 *                         run: a token from any replica is good at every one
 * @param encryptionKey    key that seals the merchants' secrets in merchant-service's database and on
 *                         {@code merchant-config} ({@code gateway.merchants.encryption-key}, docs/contract.md §10), one
 *                         per run and the same for every service
 * @param smtpPort         the stack's SMTP server on 127.0.0.1, where payment-service sends the payment links' e-mail
 *                         (docs/contract.md §8, §11); 0: none (payment-service keeps its own mailer settings)
 */
record ServiceConfig(UnaryOperator<String> jdbcUrl, String kafkaBootstrapServers, String internalToken,
                     String eventSigningKey, String providerSecret, List<String> extraConfig, String listenAddress,
                     List<Integer> gatewayPorts, String snapTokenKey, String encryptionKey, int smtpPort) {

    /** Where the services listen unless {@code --listen} says otherwise (docs/contract.md §8). */
    static final String LOOPBACK = "127.0.0.1";

    ServiceConfig {
        extraConfig = List.copyOf(extraConfig);
        gatewayPorts = List.copyOf(gatewayPorts);
    }

    /** Without an SMTP server. */
    ServiceConfig(UnaryOperator<String> jdbcUrl, String kafkaBootstrapServers, String internalToken,
                  String eventSigningKey, String providerSecret, List<String> extraConfig, String listenAddress,
                  List<Integer> gatewayPorts, String snapTokenKey, String encryptionKey) {
        this(jdbcUrl, kafkaBootstrapServers, internalToken, eventSigningKey, providerSecret, extraConfig, listenAddress,
                gatewayPorts, snapTokenKey, encryptionKey, 0);
    }

    /** With a SNAP token key and an encryption key of its own (new for each instance, so one per run). */
    ServiceConfig(UnaryOperator<String> jdbcUrl, String kafkaBootstrapServers, String internalToken,
                  String eventSigningKey, String providerSecret, List<String> extraConfig, String listenAddress,
                  List<Integer> gatewayPorts) {
        this(jdbcUrl, kafkaBootstrapServers, internalToken, eventSigningKey, providerSecret, extraConfig, listenAddress,
                gatewayPorts, newKey(), SecretSealer.generateKey());
    }

    /** On loopback only, with no other stack ports than each service's own. */
    ServiceConfig(UnaryOperator<String> jdbcUrl, String kafkaBootstrapServers, String internalToken,
                  String eventSigningKey, String providerSecret, List<String> extraConfig) {
        this(jdbcUrl, kafkaBootstrapServers, internalToken, eventSigningKey, providerSecret, extraConfig, LOOPBACK,
                List.of());
    }

    /** The lines of {@code process}; {@code firsts} are replica 0 of every service (their addresses are the public ones). */
    List<String> lines(ServiceSpec process, List<ServiceSpec> firsts) {
        List<String> lines = new ArrayList<>();
        lines.add("# Written by deploy/local/run; environment variables take precedence over these.");
        lines.add("quarkus.http.port=" + process.port());
        lines.add("quarkus.management.port=" + process.managementPort());
        lines.add("quarkus.http.host=" + listenAddress);
        lines.add("quarkus.management.host=" + listenAddress);
        lines.add("quarkus.datasource.jdbc.url=" + jdbcUrl.apply(process.database()));
        lines.add("quarkus.datasource.username=" + EmbeddedPostgresServer.USER);
        lines.add("quarkus.datasource.password=" + EmbeddedPostgresServer.PASSWORD);
        lines.add("kafka.bootstrap.servers=" + kafkaBootstrapServers);
        lines.add("gateway.callbacks.allow-local=true");
        if (!gatewayPorts.isEmpty()) { // loopback callbacks, never to a port of the stack (/q/metrics, the database)
            lines.add("gateway.callbacks.gateway-ports=" + String.join(",",
                    gatewayPorts.stream().map(String::valueOf).toList()));
        }
        // The packaged services run in the prod profile; the local stack is the sandbox (docs/contract.md §2, §8).
        lines.add("gateway.sandbox.allowed-in-production=true");
        // Loopback plays the Ingress here: X-Forwarded-Proto/-For from it are believed, as from the real one.
        lines.add("gateway.trusted-proxies=127.0.0.1,::1");
        lines.add("quarkus.swagger-ui.enabled=true");
        lines.add("gateway.internal.token=" + internalToken);
        lines.add("gateway.events.signing-key=" + eventSigningKey);
        lines.add("gateway.snap.token-key=" + snapTokenKey);
        lines.add("gateway.merchants.encryption-key=" + encryptionKey);
        if (process.name().equals("payment-service")) {
            // The hosted page asks binding-service for the customer's ACTIVE direct-debit bindings.
            lines.add("quarkus.rest-client.bindings.url=" + first("binding-service", firsts).baseUrl());
            lines.add("gateway.payment.public-base-url=" + first("payment-service", firsts).baseUrl());
            lines.add("gateway.payment.provider-secret=" + providerSecret);
            // No Ingress here: payment-service's port is the SNAP paths' {base_url}, where a merchant fetches its SNAP
            // notification keys (docs/contract.md §9); it forwards them from notification-service.
            lines.add("gateway.payment.snap-public-keys-from=" + first("notification-service", firsts).baseUrl());
            // A new payout is written only once ledger-service holds its funds (docs/contract.md §12): at the ledger
            // replica of its own number, so that a ledger replica away (a rolling restart) refuses only its partner's
            // payouts and a retry at another payment replica is held, as the Service's other endpoints would hold it.
            lines.add("quarkus.rest-client.ledger.url=" + partner("ledger-service", process, firsts).baseUrl());
            if (smtpPort > 0) {
                // The payment links' e-mail (docs/contract.md §11) goes to the stack's own SMTP server, which keeps it
                // for reading (the launcher prints where); plain SMTP on loopback, no login.
                lines.add("quarkus.mailer.host=127.0.0.1");
                lines.add("quarkus.mailer.port=" + smtpPort);
                lines.add("quarkus.mailer.start-tls=DISABLED");
            }
        }
        if (process.name().equals("ledger-service")) {
            // Its reconciliations ask payment-service's internal API; the sandbox merchants' opening balances.
            lines.add("gateway.ledger.payment-service-url=" + partner("payment-service", process, firsts).baseUrl());
            lines.addAll(SandboxMerchants.ledgerLines());
        }
        if (process.name().equals("binding-service")) {
            lines.add("gateway.binding.public-base-url=" + first("binding-service", firsts).baseUrl());
        }
        // The sandbox merchants, their SNAP client keys and public keys, and the gateway's signing key of each one's
        // SNAP notifications: published in deploy/local/snap (sandbox only). The signing keys only where SNAP
        // notifications are signed, as in Kubernetes (notification-service's Secret), and in merchant-service, which
        // seeds the registry with every member of a configured merchant (docs/contract.md §10), and alone the fees.
        boolean registry = process.name().equals("merchant-service");
        boolean notification = process.name().equals("notification-service");
        SandboxMerchants.configLines().stream()
                .filter(line -> notification || registry || !SandboxSnap.isSigningKey(line))
                .forEach(lines::add);
        if (registry) {
            lines.addAll(SandboxMerchants.registryLines());
        }
        // A merchant's Midtrans keys are the channel's, which only payment-service runs (and the registry's seed).
        boolean payment = process.name().equals("payment-service");
        extraConfig.stream().filter(line -> payment || registry || !MidtransMerchant.paymentOnly(line))
                .forEach(lines::add);
        return lines;
    }

    /** The replica of {@code service} with {@code process}'s number (the first one's ports + 10·k). */
    private static ServiceSpec partner(String service, ServiceSpec process, List<ServiceSpec> firsts) {
        return first(service, firsts).replica(process.replica());
    }

    private static ServiceSpec first(String service, List<ServiceSpec> firsts) {
        return firsts.stream().filter(s -> s.name().equals(service) && s.replica() == 0).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no first replica of " + service));
    }

    /** A fresh random key: 32 bytes, base64url without padding (43 characters). */
    static String newKey() {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(key);
    }

    @Override
    public String toString() { // never the keys
        return "ServiceConfig[kafka=" + kafkaBootstrapServers + ", extraConfig=" + extraConfig.size() + " lines]";
    }
}
