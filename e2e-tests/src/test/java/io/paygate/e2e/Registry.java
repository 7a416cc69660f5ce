package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.e2e.TimedHttp.Reply;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * merchant-service as an operator and a merchant use it in the e2e tests (docs/contract.md §10): a throw-away merchant
 * created through the operator API, and for every replica of the services that follow {@code merchant-config}, the
 * cheapest signed request that tells "accepted" (any answer but 401/403) from "refused".
 */
final class Registry {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Registry() {
    }

    /** One created merchant: its id and the secrets shown once. */
    record Created(SandboxMerchants.Merchant merchant, String notificationSecret) {
    }

    /** An operator call to merchant-service at {@code baseUrl} with the local stack's ops token; the reply. */
    static Reply operator(String baseUrl, String method, String path, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TimedHttp.TIMEOUT)
                .header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        long t0 = System.nanoTime();
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response, (System.nanoTime() - t0) / 1e9, null);
        } catch (Exception e) {
            return new Reply(0, null, (System.nanoTime() - t0) / 1e9, e.toString());
        }
    }

    /** Creates merchant {@code e2e-<random>} on the sandbox provider; its secrets from the 201. */
    static Created create(String merchantBaseUrl) {
        return create(merchantBaseUrl, "");
    }

    /**
     * The same with more members of the operator's create request, e.g. {@code ,"fees":{…},"settlementDelayDays":1}
     * (docs/contract.md §10): {@code more} is JSON text that follows the other members, starting with a comma.
     */
    static Created create(String merchantBaseUrl, String more) {
        String id = "e2e-" + UUID.randomUUID().toString().substring(0, 8);
        Reply reply = operator(merchantBaseUrl, "POST", "/admin/merchants", "{\"id\":\"" + id + "\",\"name\":\"E2E "
                + id + "\",\"provider\":\"sandbox\",\"currency\":\"IDR\"" + more + "}");
        if (reply.status() != 201) {
            throw new AssertionError("create " + id + ": " + reply.status() + " " + reply.body());
        }
        JsonNode body = Json.tree(reply.body());
        return new Created(new SandboxMerchants.Merchant(id, "E2E " + id, body.path("clientSecret").asText(),
                body.path("notificationSecret").asText(), "IDR"), body.path("notificationSecret").asText());
    }

    /** The merchant with another client secret. */
    static SandboxMerchants.Merchant withClientSecret(SandboxMerchants.Merchant m, String secret) {
        return new SandboxMerchants.Merchant(m.id(), m.name(), secret, m.notificationSecret(), m.currency());
    }

    /** A replica of a service that reads merchant-config, and its cheapest signed probe. */
    record Probe(String service, int replica, String baseUrl, String path) {
        Reply send(SandboxMerchants.Merchant merchant) {
            return TimedHttp.signed(baseUrl, merchant, "GET", path, null);
        }

        @Override
        public String toString() {
            return service + "#" + replica;
        }
    }

    /** Every replica of payment-, binding-, notification-, merchant- and ledger-service, each a read-only signed GET. */
    static List<Probe> probes(ReplicatedStack replicas) {
        List<Probe> probes = new ArrayList<>();
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            probes.add(new Probe("payment-service", k, replicas.baseUrl("payment-service", k),
                    "/pg/payment/card/status/ORD-PROBE"));
            probes.add(new Probe("binding-service", k, replicas.baseUrl("binding-service", k),
                    "/pg/payment/card/directdebit/bind/BND-PROBE"));
            probes.add(new Probe("notification-service", k, replicas.baseUrl("notification-service", k),
                    "/pg/notifications?limit=1"));
            probes.add(new Probe("merchant-service", k, replicas.baseUrl("merchant-service", k), "/pg/merchant"));
            probes.add(new Probe("ledger-service", k, replicas.baseUrl("ledger-service", k), "/pg/balance"));
        }
        return probes;
    }

    /** Whether a probe's reply says the request was authenticated and let in (a 404 for the unknown id is). */
    static boolean accepted(Reply reply) {
        return reply.status() != 0 && reply.status() != 401 && reply.status() != 403 && reply.status() < 500;
    }

    /** The response code of a reply, or "" when it has none. */
    static String code(Reply reply) {
        try {
            return Json.tree(reply.body()).path("responseCode").asText("");
        } catch (RuntimeException e) {
            return "";
        }
    }
}
