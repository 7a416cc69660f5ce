package io.paygate.payment.provider.midtrans;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which {@code transaction_status} and {@code fraud_status} Midtrans sends under which {@code status_code}
 * (docs.midtrans.com "Code 2xx", "Transaction Status Cycle", and the notification and status examples of its Core API
 * reference): 200 for a successful state (capture and settlement accepted by fraud detection, authorize, cancel,
 * refunds, chargebacks; deny is the 200 answer of the Deny API), 201 while the customer or fraud detection has yet to
 * decide (pending; capture or authorize in fraud challenge), 202 for a denial or an expiry (deny, expire, cancel,
 * failure, a capture denied by fraud detection), 407 for an expired transaction. Anything else is not a body Midtrans
 * sends: a status_code this table does not list, or a status it does not list under that code.
 */
final class MidtransStatusCodes {

    private static final String ANY_FRAUD = "*";
    private static final Set<String> ANY = Set.of(ANY_FRAUD);
    private static final Set<String> ACCEPTED = Set.of("", "accept");

    /** status_code → transaction_status → the fraud_status values it may carry ({@link #ANY}: any). */
    private static final Map<String, Map<String, Set<String>>> SENT = Map.of(
            "200", Map.of(
                    "capture", ACCEPTED, "settlement", ACCEPTED, "authorize", ACCEPTED,
                    "cancel", ANY, "deny", ANY, "refund", ANY, "partial_refund", ANY, "chargeback", ANY,
                    "partial_chargeback", ANY),
            "201", Map.of(
                    "pending", ACCEPTED, "capture", Set.of("challenge"), "authorize", Set.of("challenge")),
            "202", Map.of(
                    "deny", ANY, "expire", ANY, "cancel", ANY, "failure", ANY, "capture", Set.of("deny")),
            "407", Map.of(
                    "expire", ANY));

    private MidtransStatusCodes() {
    }

    /** Whether Midtrans sends {@code transactionStatus} with {@code fraudStatus} (null: none) under {@code statusCode}. */
    static boolean consistent(String statusCode, String transactionStatus, String fraudStatus) {
        if (statusCode == null || transactionStatus == null) {
            return false;
        }
        Map<String, Set<String>> statuses = SENT.get(statusCode.strip());
        if (statuses == null) {
            return false;
        }
        Set<String> frauds = statuses.get(transactionStatus.strip().toLowerCase(Locale.ROOT));
        if (frauds == null) {
            return false;
        }
        String fraud = fraudStatus == null ? "" : fraudStatus.strip().toLowerCase(Locale.ROOT);
        return frauds.contains(ANY_FRAUD) || frauds.contains(fraud);
    }
}
