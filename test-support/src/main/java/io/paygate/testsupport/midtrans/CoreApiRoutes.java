package io.paygate.testsupport.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The simulator's HTTP side: Core API routes and the 3-D Secure page, answering as Midtrans documents. */
final class CoreApiRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STATUS_PATH = "^/v2/([^/]+)/status$";
    private static final String CANCEL_PATH = "^/v2/([^/]+)/cancel$";
    private static final String REFUND_PATH = "^/v2/([^/]+)/refund(/online/direct)?$";
    private static final String THREE_DS_PATH = "/v2/3ds/redirect/";
    private static final String BANK_DENIAL = "Deny by Bank [CIMB] with code [05] and message [Do not honour]";

    private final MidtransSimulator sim;
    private final MethodRoutes methods;

    CoreApiRoutes(MidtransSimulator sim) {
        this.sim = sim;
        this.methods = new MethodRoutes(sim);
    }

    void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String query = exchange.getRequestURI().getRawQuery();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String method = exchange.getRequestMethod();
            sim.record(new MidtransSimulator.Request(method, path, query,
                    exchange.getRequestHeaders().getFirst("Authorization"), body));
            if (path.equals("/v2/token") && method.equals("GET")) {
                token(exchange, params(query));
            } else if (path.equals("/v2/charge") && method.equals("POST")) {
                charge(exchange, body);
            } else if (path.matches(STATUS_PATH) && method.equals("GET")) {
                status(exchange, URLDecoder.decode(path.replaceAll(STATUS_PATH, "$1"), StandardCharsets.UTF_8));
            } else if (path.matches(CANCEL_PATH) && method.equals("POST")) {
                withTransaction(exchange, MidtransSimulator.Endpoint.CANCEL, path.replaceAll(CANCEL_PATH, "$1"),
                        t -> methods.cancel(exchange, t));
            } else if (path.matches(REFUND_PATH) && method.equals("POST")) {
                boolean direct = path.endsWith("/online/direct");
                JsonNode req = jsonOrNull(body);
                withTransaction(exchange, MidtransSimulator.Endpoint.REFUND, path.replaceAll(REFUND_PATH, "$1"),
                        t -> {
                            if (req == null || !req.isObject()) {
                                json(exchange, 400, error(400, null));
                            } else {
                                methods.refund(exchange, t, req, direct);
                            }
                        });
            } else if (path.matches(MethodRoutes.QR_PATH) && method.equals("GET")) {
                methods.qrCode(exchange, path.replaceAll(MethodRoutes.QR_PATH, "$2"));
            } else if (path.startsWith(MethodRoutes.WALLET_PATH)) {
                methods.wallet(exchange, path.substring(MethodRoutes.WALLET_PATH.length()), method,
                        method.equals("POST") ? params(body) : Map.of());
            } else if (path.startsWith(THREE_DS_PATH)) {
                threeDs(exchange, path.substring(THREE_DS_PATH.length()), method,
                        method.equals("POST") ? params(body) : params(query));
            } else {
                json(exchange, 404, error(404, "The requested resource is not found"));
            }
        }
    }

    private void token(HttpExchange ex, Map<String, String> p) throws IOException {
        Integer failure = sim.takeFailure(MidtransSimulator.Endpoint.TOKEN);
        if (!sim.clientKeyKnown(p.get("client_key"))) {
            json(ex, 401, error(401, null));
            return;
        }
        if (failure != null) {
            json(ex, failure, error(failure, null));
            return;
        }
        String number = p.getOrDefault("card_number", "");
        List<String> problems = new java.util.ArrayList<>();
        if (!number.matches("[0-9]{12,19}") || !io.paygate.model.api.Card.luhn(number)) {
            problems.add("card_number does not match with Luhn algorithm");
        }
        if (!p.getOrDefault("card_exp_month", "").matches("0[1-9]|1[0-2]")) {
            problems.add("card_exp_month must be between 01 and 12");
        }
        if (!p.getOrDefault("card_exp_year", "").matches("20[0-9]{2}")) {
            problems.add("card_exp_year must be in YYYY format");
        }
        if (!p.getOrDefault("card_cvv", "").matches("[0-9]{3,4}")) {
            problems.add("card_cvv must be 3 or 4 digits");
        }
        if (!problems.isEmpty()) {
            Map<String, Object> e = error(400, "One or more parameters in the payload is invalid.");
            e.put("validation_messages", problems);
            json(ex, 400, e);
            return;
        }
        String token = SimulatedCards.masked(number) + "-" + UUID.randomUUID();
        sim.tokens.put(token, number);
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put("status_code", "200");
        ok.put("status_message", "Credit card token is created as Token ID.");
        ok.put("token_id", token);
        ok.put("hash", SimulatedCards.masked(number) + "-xxxx");
        json(ex, 200, ok);
    }

    private void charge(HttpExchange ex, String body) throws IOException {
        String serverKey = serverKey(ex);
        if (!sim.serverKeyKnown(serverKey)) {
            json(ex, 401, error(401, null));
            return;
        }
        Integer failure = sim.takeFailure(MidtransSimulator.Endpoint.CHARGE);
        if (failure != null) {
            json(ex, failure, error(failure, null));
            return;
        }
        JsonNode req;
        try {
            req = JSON.readTree(body);
        } catch (IOException e) {
            json(ex, 413, error(413, null));
            return;
        }
        if (MethodRoutes.opens(req.path("payment_type").asText())) {
            methods.charge(ex, req, serverKey);
            return;
        }
        String orderId = req.path("transaction_details").path("order_id").asText("");
        JsonNode amount = req.path("transaction_details").path("gross_amount");
        String token = req.path("credit_card").path("token_id").asText("");
        if (!"credit_card".equals(req.path("payment_type").asText()) || !orderId.matches("[A-Za-z0-9._~-]{1,50}")
                || !amount.isIntegralNumber() || amount.asLong() <= 0) {
            json(ex, 400, error(400, null));
            return;
        }
        if (sim.byOrder.containsKey(orderId)) {
            json(ex, 406, error(406, null));
            return;
        }
        // a saved token (save_token_id on an earlier charge) charges its card again as the token_id (one-click and
        // recurring charges, as Midtrans documents); an ordinary token is used once
        String number = sim.savedTokens.get(serverKey + " " + token);
        if (number == null) {
            number = sim.tokens.remove(token);
        }
        if (number == null) {
            json(ex, 411, error(411, null));
            return;
        }
        boolean authenticate = req.path("credit_card").path("authentication").asBoolean(false);
        SimTransaction t = new SimTransaction(orderId, BigDecimal.valueOf(amount.asLong()), serverKey,
                SimulatedCards.masked(number), SimulatedCards.of(number));
        if (req.path("credit_card").path("save_token_id").asBoolean(false)) {
            t.savedTokenId = SimulatedCards.masked(number) + "-saved-" + UUID.randomUUID();
            t.savedTokenExpiredAt = java.time.LocalDateTime.now().plusYears(2)
                    .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
            sim.savedTokens.put(serverKey + " " + t.savedTokenId, number);
        }
        switch (t.behaviour) {
            case THREE_DS, THREE_DS_BANK_DENY -> {
                if (authenticate) {
                    t.move("pending", null, "201", "Success, Credit Card transaction is successful");
                } else if (t.behaviour == SimulatedCards.Behaviour.THREE_DS) {
                    t.move("capture", "accept", "200", "Success, Credit Card transaction is successful");
                } else {
                    t.move("deny", "accept", "202", BANK_DENIAL);
                }
            }
            case FRICTIONLESS -> t.move("capture", "accept", "200", "Success, Credit Card transaction is successful");
            case DENY -> t.move("deny", "accept", "202", BANK_DENIAL);
            case FRAUD_CHALLENGE -> t.move("capture", "challenge", "201", "Challenge by FDS");
            case FRAUD_DENY -> t.move("deny", "deny", "202", "Denied by FDS");
        }
        sim.byOrder.put(orderId, t);
        sim.byTransactionId.put(t.transactionId, t);
        pause(sim.takeChargeDelay()); // charged (and known to a status inquiry); the answer is late
        Map<String, Object> answer = t.body();
        answer.remove("signature_key");
        if ("pending".equals(t.transactionStatus)) {
            answer.put("redirect_url", baseUrl(ex) + THREE_DS_PATH + t.transactionId);
        }
        json(ex, 200, answer);
        sim.changed(t);
    }

    private void status(HttpExchange ex, String orderId) throws IOException {
        if (!sim.serverKeyKnown(serverKey(ex))) {
            json(ex, 401, error(401, null));
            return;
        }
        Integer failure = sim.takeFailure(MidtransSimulator.Endpoint.STATUS);
        if (failure == null) {
            failure = sim.takeStatusFailure(orderId);
        }
        if (failure != null) {
            json(ex, failure, error(failure, null));
            return;
        }
        SimTransaction t = sim.byOrder.get(orderId);
        if (t == null || !t.serverKey.equals(serverKey(ex))) {
            json(ex, 404, error(404, "Transaction doesn't exist."));
            return;
        }
        sim.expireIfDue(t);
        json(ex, 200, t.body());
    }

    /** What a cancel or refund call does to the caller's transaction {@code rawOrderId}, after key and failures. */
    private void withTransaction(HttpExchange ex, MidtransSimulator.Endpoint endpoint, String rawOrderId,
                                 TransactionRoute route) throws IOException {
        String serverKey = serverKey(ex);
        if (!sim.serverKeyKnown(serverKey)) {
            json(ex, 401, error(401, null));
            return;
        }
        Integer failure = sim.takeFailure(endpoint);
        if (failure != null) {
            json(ex, failure, error(failure, null));
            return;
        }
        SimTransaction t = sim.byOrder.get(URLDecoder.decode(rawOrderId, StandardCharsets.UTF_8));
        if (t == null || !t.serverKey.equals(serverKey)) {
            json(ex, 404, error(404, "Transaction doesn't exist."));
            return;
        }
        route.handle(t);
    }

    private interface TransactionRoute {
        void handle(SimTransaction t) throws IOException;
    }

    /** The {@code transaction_details.order_id} of a charge body, or null. */
    static String orderIdOf(String chargeBody) {
        JsonNode req = jsonOrNull(chargeBody);
        return req == null ? null : req.path("transaction_details").path("order_id").asText(null);
    }

    private static JsonNode jsonOrNull(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    private void threeDs(HttpExchange ex, String transactionId, String method, Map<String, String> p)
            throws IOException {
        SimTransaction t = sim.byTransactionId.get(transactionId);
        if (t == null) {
            html(ex, 404, "<p>Unknown transaction</p>");
            return;
        }
        String callback = p.get("callback_url");
        if (method.equals("GET")) {
            html(ex, 200, ThreeDsPage.form(t, callback));
            return;
        }
        boolean decided = false;
        synchronized (t) {
            if ("pending".equals(t.transactionStatus)) {
                if (!SimulatedCards.OTP.equals(p.get("otp"))) {
                    t.move("deny", "accept", "202", "Card is not authenticated.");
                } else if (t.behaviour == SimulatedCards.Behaviour.THREE_DS_BANK_DENY) {
                    t.move("deny", "accept", "202", BANK_DENIAL);
                } else {
                    t.move("capture", "accept", "200", "Success, Credit Card transaction is successful");
                }
                decided = true;
            }
        }
        if (decided) {
            sim.changed(t);
        }
        if (callback != null && callback.matches("https?://.+")) {
            String sep = callback.contains("?") ? "&" : "?";
            ex.getResponseHeaders().add("Location", callback + sep + "order_id=" + enc(t.orderId) + "&status_code="
                    + t.statusCode + "&transaction_status=" + t.transactionStatus);
            ex.sendResponseHeaders(303, -1);
            return;
        }
        html(ex, 200, "<p id=\"done\">Authentication finished: " + t.transactionStatus + "</p>");
    }

    static Map<String, Object> error(int code, String message) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("status_code", Integer.toString(code));
        e.put("status_message", message != null ? message : switch (code) {
            case 400 -> "One or more parameters in the payload is invalid.";
            case 401 -> "Access denied due to unauthorized transaction, please check client or server key";
            case 404 -> "The requested resource is not found";
            case 406 -> "Duplicate order ID. order_id has already been utilized previously.";
            case 411 -> "Token id is missing, invalid, or timed out";
            case 412 -> "Merchant cannot modify the status of the transaction";
            case 414 -> "Refund request is rejected due to invalid amount";
            case 413 -> "The request cannot be processed due to malformed syntax in the request body";
            default -> code >= 500 ? "Sorry, we encountered internal server error. We will fix this soon."
                    : "Request failed";
        });
        e.put("id", UUID.randomUUID().toString());
        return e;
    }

    private static String serverKey(HttpExchange ex) {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        if (auth == null || !auth.startsWith("Basic ")) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(auth.substring(6).strip()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 || colon != decoded.length() - 1 ? null : decoded.substring(0, colon);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String baseUrl(HttpExchange ex) {
        return "http://127.0.0.1:" + ex.getLocalAddress().getPort();
    }

    private static Map<String, String> params(String raw) {
        Map<String, String> p = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return p;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            p.put(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return p;
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void json(HttpExchange ex, int status, Object body) throws IOException {
        send(ex, status, "application/json", Notifier.write(body).getBytes(StandardCharsets.UTF_8));
    }

    static void html(HttpExchange ex, int status, String body) throws IOException {
        send(ex, status, "text/html; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    static void send(HttpExchange ex, int status, String type, byte[] bytes) throws IOException {
        ex.getResponseHeaders().add("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
