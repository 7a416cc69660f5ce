package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.local.LocalStack;
import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 10,000 mutated bodies against each merchant endpoint that takes one (issue 8), correctly signed so that they get
 * past authentication: no 5xx, every refusal in the contract's format ({@code HTTP status + service code + case}),
 * and nothing written for a refused request — the merchant's rows afterwards are exactly the ones it was told were
 * created. The mutations are seeded (the seed is printed), so a failure can be replayed.
 */
class MutatedBodiesIT {

    private static final int PER_ENDPOINT = Integer.getInteger("paygate.e2e.mutations", 10_000);
    private static final int CONCURRENCY = 4;
    private static final Pattern CODE = Pattern.compile("\"responseCode\"\\s*:\\s*\"(\\d{3})(\\d{2})(\\d{2})\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void noMutatedBodyGetsA5xxOrWritesARow() throws Exception {
        LocalStack stack = Stack.get();
        long seed = Long.getLong("paygate.e2e.mutation-seed", System.nanoTime());
        System.out.println("mutated bodies: seed " + seed + " (-Dpaygate.e2e.mutation-seed=" + seed + " replays it)");

        // Callback URLs the local stack accepts without a DNS server (docs/contract.md §6 refuses a name that does not
        // resolve); nothing listens on port 9, so the notifications these create fail their attempts, as before.
        fuzz(stack, "initiate", stack.baseUrl("payment-service"), "POST", "/pg/payment/card/initiate", "01", "payment",
                "SELECT count(*) FROM payment WHERE merchant_id = '" + Stack.FUZZ_MERCHANT + "'",
                n -> """
                        {"order":{"id":"FZ-%d-%s","amount":"150000.00","description":"Coffee"},"customer":{"id":"CUST-9",\
                        "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                        "url":{"callbackUrl":"http://127.0.0.1:9/cb","returnUrl":"https://merchant.example.com/back"}}"""
                        .formatted(n, seed), seed);
        fuzz(stack, "transfer", stack.baseUrl("payment-service"), "POST", "/pg/disbursement/transfer", "04", "payment",
                "SELECT count(*) FROM disbursement WHERE merchant_id = '" + Stack.FUZZ_MERCHANT + "'",
                n -> """
                        {"partnerReferenceNo":"FZ-%d-%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                        "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}"""
                        .formatted(n, seed), seed + 1);
        fuzz(stack, "bind", stack.baseUrl("binding-service"), "POST", "/pg/payment/card/directdebit/bind", "02", "binding",
                "SELECT count(*) FROM binding WHERE merchant_id = '" + Stack.FUZZ_MERCHANT + "'",
                n -> """
                        {"customer":{"id":"FZ-%d-%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                        "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}""".formatted(n, seed), seed + 2);
        fuzz(stack, "callbacks", stack.baseUrl("notification-service"), "PUT", "/pg/merchant/callbacks", "06", "notification",
                "SELECT count(*) FROM merchant_callbacks WHERE merchant_id = '" + Stack.FUZZ_MERCHANT + "'",
                n -> """
                        {"disbursementCallbackUrl":"http://127.0.0.1:9/d/%d",\
                        "bindingCallbackUrl":"http://127.0.0.1:9/b/%d"}""".formatted(n, n), seed + 3);
    }

    /**
     * Sends {@link #PER_ENDPOINT} mutations of {@code base} and checks the replies and the rows: the merchant's rows
     * grow by exactly the number of distinct resources it was told were created (the callbacks registration, one row
     * per merchant, by at most one).
     */
    private void fuzz(LocalStack stack, String name, String baseUrl, String method, String path, String serviceCode,
                      String database, String countRows, IntFunction<String> base, long seed) throws Exception {
        long rowsBefore = count(stack.jdbcUrl(database), countRows);
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        Set<String> created = ConcurrentHashMap.newKeySet();
        AtomicInteger next = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int w = 0; w < CONCURRENCY; w++) {
            workers.add(Thread.ofVirtual().start(() -> {
                for (int n = next.getAndIncrement(); n < PER_ENDPOINT; n = next.getAndIncrement()) {
                    byte[] body = new byte[0];
                    try {
                        body = new Mutator(new Random(seed * 31 + n)).mutate(base.apply(n));
                        HttpResponse<String> reply = send(baseUrl, method, path, body);
                        statuses.computeIfAbsent(reply.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                        String problem = check(reply, serviceCode);
                        if (problem != null) {
                            problems.add(problem + " for body " + preview(body));
                        } else if (reply.statusCode() == 200) {
                            created.add(createdResource(reply.body()));
                        }
                    } catch (Exception e) {
                        problems.add(e + " for body " + preview(body));
                    }
                }
            }));
        }
        for (Thread worker : workers) {
            worker.join();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long rowsAfter = count(stack.jdbcUrl(database), countRows);
        System.out.printf("mutated bodies, %s: %d requests in %.1f s, replies %s, %d accepted%n", name, PER_ENDPOINT,
                seconds, new TreeMap<>(statuses), created.size());

        problems.sort(java.util.Comparator.comparing((String p) -> !p.startsWith("HTTP 5")));
        assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), name + ": " + problems.size() + " problems");
        assertTrue(statuses.keySet().stream().noneMatch(s -> s >= 500), name + ": " + statuses);
        long expected = name.equals("callbacks") ? Math.min(1, rowsBefore + created.size()) - rowsBefore : created.size();
        assertEquals(expected, rowsAfter - rowsBefore, name + ": rows written beyond the accepted requests");
        // Some mutations stay valid (an optional member removed, an unknown member, which the contract ignores).
        assertTrue(created.size() < PER_ENDPOINT / 4, name + ": most mutations must be refused, " + created.size() + " accepted");
    }

    private static HttpResponse<String> send(String baseUrl, String method, String path, byte[] body) throws Exception {
        String timestamp = RequestSigner.timestamp(Clock.systemDefaultZone());
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header(RequestSigner.PARTNER_ID, Stack.FUZZ_MERCHANT)
                .header(RequestSigner.TIMESTAMP, timestamp)
                .header(RequestSigner.SIGNATURE, RequestSigner.sign(Stack.FUZZ_SECRET, method, path, body, timestamp))
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** What is wrong with a reply, or {@code null}: 200 with a success code, or a refusal in the contract's format. */
    private static String check(HttpResponse<String> reply, String serviceCode) {
        if (reply.statusCode() >= 500) {
            return "HTTP " + reply.statusCode() + ": " + reply.body();
        }
        var code = CODE.matcher(reply.body());
        if (!code.find()) {
            return "HTTP " + reply.statusCode() + " without a responseCode: " + reply.body();
        }
        if (!code.group(1).equals(String.valueOf(reply.statusCode()))) {
            return "HTTP " + reply.statusCode() + " with responseCode " + code.group() + ": " + reply.body();
        }
        if (!code.group(2).equals(serviceCode) && !code.group(2).equals("00")) {
            return "service code " + code.group(2) + " instead of " + serviceCode + ": " + reply.body();
        }
        if (reply.statusCode() != 200 && !reply.body().contains("\"responseMessage\"")) {
            return "refusal without a responseMessage: " + reply.body();
        }
        return null;
    }

    /** The id of what a 200 created (or returned): order, transfer, binding, or the merchant's registration. */
    private static String createdResource(String body) throws Exception {
        JsonNode reply = JSON.readTree(body);
        for (String field : List.of("redirecturl", "referenceNo", "bindingId")) {
            if (reply.hasNonNull(field)) {
                return reply.get(field).asText();
            }
        }
        return "registration";
    }

    private static long count(String jdbcUrl, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String preview(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() > 300 ? text.substring(0, 300) + "…(" + body.length + " bytes)" : text;
    }

    /** One random mutation of a valid JSON body: of its bytes, of one of its values or keys, or of the whole. */
    static final class Mutator {
        private static final List<JsonNode> ODD_VALUES = List.of(
                JsonNodeFactory.instance.nullNode(), JsonNodeFactory.instance.textNode(""),
                JsonNodeFactory.instance.textNode("   "), JsonNodeFactory.instance.numberNode(0),
                JsonNodeFactory.instance.numberNode(-1), JsonNodeFactory.instance.numberNode(1.5e308),
                JsonNodeFactory.instance.numberNode(new java.math.BigDecimal("1e400")),
                JsonNodeFactory.instance.booleanNode(true), JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.objectNode(), JsonNodeFactory.instance.textNode("\u0000"),
                JsonNodeFactory.instance.textNode("💳".repeat(40)), JsonNodeFactory.instance.textNode("x".repeat(70_000)),
                JsonNodeFactory.instance.textNode("x".repeat(300)), JsonNodeFactory.instance.textNode("<script>alert(1)</script>"),
                JsonNodeFactory.instance.textNode("'; DROP TABLE payment; --"), JsonNodeFactory.instance.textNode("-150000.00"),
                JsonNodeFactory.instance.textNode("1e9"), JsonNodeFactory.instance.textNode("NaN"),
                JsonNodeFactory.instance.textNode("99999999999999999999.999"), JsonNodeFactory.instance.textNode("\u202Eabc"),
                JsonNodeFactory.instance.textNode("http://10.0.0.1/x"), JsonNodeFactory.instance.textNode("ftp://a/b"));
        private static final List<String> WHOLE = List.of("", "null", "[]", "{}", "\"text\"", "123", "{\"a\":",
                "{".repeat(5_000) + "}".repeat(5_000), "[".repeat(100_000), "\uFEFF{}", "{}{}", "{\"order\":null}");

        private static final byte[] INSERTS = "{}[]\":,\\0-e.\u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        private final Random random;

        Mutator(Random random) {
            this.random = random;
        }

        byte[] mutate(String valid) throws Exception {
            return switch (random.nextInt(10)) {
                case 0, 1, 2 -> bytes(valid.getBytes(StandardCharsets.UTF_8));
                case 3 -> WHOLE.get(random.nextInt(WHOLE.size())).getBytes(StandardCharsets.UTF_8);
                case 4 -> duplicateKey(valid).getBytes(StandardCharsets.UTF_8);
                default -> JSON.writeValueAsBytes(tree((ObjectNode) JSON.readTree(valid)));
            };
        }

        private byte[] bytes(byte[] valid) {
            List<Byte> out = new ArrayList<>(valid.length + 8);
            for (byte b : valid) {
                out.add(b);
            }
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits && !out.isEmpty(); e++) {
                int at = random.nextInt(out.size());
                switch (random.nextInt(5)) {
                    case 0 -> out.set(at, (byte) random.nextInt(256));
                    case 1 -> out.remove(at);
                    case 2 -> out.add(at, INSERTS[random.nextInt(INSERTS.length)]);
                    case 3 -> out.subList(at, out.size()).clear();
                    default -> out.set(at, (byte) (out.get(at) ^ (1 << random.nextInt(8))));
                }
            }
            byte[] bytes = new byte[out.size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = out.get(i);
            }
            return bytes;
        }

        private String duplicateKey(String valid) {
            int brace = valid.indexOf('{', 1);
            return brace < 0 ? valid + "}" : valid.substring(0, brace + 1) + "\"id\":1," + valid.substring(brace + 1);
        }

        /** Replaces, removes or renames one member somewhere in the tree, or adds one it does not know. */
        private JsonNode tree(ObjectNode root) {
            List<ObjectNode> objects = new ArrayList<>();
            collect(root, objects);
            ObjectNode target = objects.get(random.nextInt(objects.size()));
            List<String> names = new ArrayList<>();
            target.fieldNames().forEachRemaining(names::add);
            String field = names.isEmpty() ? "x" : names.get(random.nextInt(names.size()));
            switch (random.nextInt(5)) {
                case 0 -> target.remove(field);
                case 1 -> {
                    JsonNode value = target.remove(field);
                    target.set(field.toUpperCase() + "_", value);
                }
                case 2 -> {
                    ArrayNode wrapped = target.arrayNode();
                    wrapped.add(target.get(field));
                    target.set(field, wrapped);
                }
                default -> target.set(field, ODD_VALUES.get(random.nextInt(ODD_VALUES.size())));
            }
            return root;
        }

        private static void collect(JsonNode node, List<ObjectNode> into) {
            if (node instanceof ObjectNode object) {
                into.add(object);
                object.elements().forEachRemaining(child -> collect(child, into));
            }
        }
    }
}
