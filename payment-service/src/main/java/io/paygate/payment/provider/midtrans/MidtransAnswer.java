package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One answer of the Core API: its HTTP status and JSON body. Midtrans puts its own {@code status_code} in the body
 * (the official PHP library reads only that one), so {@link #code()} prefers it to the HTTP status.
 */
record MidtransAnswer(int httpStatus, JsonNode body) {

    int code() {
        String code = text("status_code");
        return code != null && code.matches("[0-9]{3}") ? Integer.parseInt(code) : httpStatus;
    }

    /** A text member of the body, or null. */
    String text(String field) {
        JsonNode n = body == null ? null : body.get(field);
        return n == null || n.isNull() || n.isContainerNode() ? null : n.asText();
    }

    /** What an operator may read in a log line: the codes and Midtrans's message (no keys, no card data). */
    String describe() {
        String message = text("status_message");
        return "HTTP " + httpStatus + ", status_code " + code()
                + (message == null ? "" : " (" + message.substring(0, Math.min(message.length(), 200)) + ")");
    }
}
