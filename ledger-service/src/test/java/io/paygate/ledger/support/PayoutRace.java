package io.paygate.ledger.support;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static io.restassured.RestAssured.given;

/**
 * Payouts racing settlement runs (docs/contract.md §12) at one merchant: threads holding funds as payment-service
 * does ({@code PUT /internal/holds/…}) while operators run the settlement ({@code POST /admin/settlements/run}), every
 * answer recorded for the test to hold against the books. A holding thread holds its amount under a fresh
 * partnerReferenceNo, again and again, until every run made so far has answered and one hold sent after that was
 * refused (so each round ends with what the runs freed used up); a running thread runs once. A hold answered anything
 * but 201 or 422, a run anything but 200, or an exception, is a failure.
 */
public final class PayoutRace {

    /**
     * Once the runs have answered, each hold takes at least its fee from what they freed, so a refusal must come: a
     * thread still accepted (or failing) after this many stops and says so. No bound before: the runs answer when
     * they answer.
     */
    private static final int MAX_HOLDS_AFTER_RUNS = 1000;

    private final String merchantId;
    private final AtomicInteger unanswered = new AtomicInteger();
    private final Map<String, BigDecimal> held = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final List<String> settlementIds = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();

    public PayoutRace(String merchantId) {
        this.merchantId = merchantId;
    }

    /** A thread of payouts of {@code amount} each. */
    public Callable<Void> holds(String amount) {
        return () -> {
            int afterRuns = 0;
            boolean refusedAfterRuns = false;
            while (!refusedAfterRuns && afterRuns < MAX_HOLDS_AFTER_RUNS) {
                boolean runsAnswered = unanswered.get() == 0;
                refusedAfterRuns = hold(amount) == 422 && runsAnswered;
                afterRuns += runsAnswered ? 1 : 0;
            }
            if (!refusedAfterRuns) {
                failures.add(MAX_HOLDS_AFTER_RUNS + " holds of " + amount + " after the runs, none refused");
            }
            return null;
        };
    }

    /** A settlement run as of {@code asOf} (counted from now: holding threads go on until it answered). */
    public Callable<Void> run(LocalDate asOf) {
        unanswered.incrementAndGet();
        return () -> {
            try {
                Response reply = given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                        .body("{\"asOf\": \"" + asOf + "\"}").post("/admin/settlements/run");
                if (reply.statusCode() == 200) {
                    settlementIds.addAll(reply.jsonPath().getList("settlements.settlementId", String.class));
                } else {
                    failures.add("run " + asOf + ": " + reply.statusCode() + " " + reply.asString());
                }
            } catch (RuntimeException e) {
                failures.add("run " + asOf + ": " + e);
            } finally {
                unanswered.decrementAndGet();
            }
            return null;
        };
    }

    private int hold(String amount) {
        String key = Events.id("RACE");
        try {
            Response reply = given().auth().oauth2(SandboxConfigResource.INTERNAL_TOKEN).contentType(ContentType.JSON)
                    .body("{\"referenceNo\": \"REF-" + key + "\", \"amount\": \"" + amount
                            + "\", \"currency\": \"IDR\"}").put("/internal/holds/" + merchantId + "/" + key);
            if (reply.statusCode() == 201 && amount.equals(reply.jsonPath().getString("amount"))) {
                held.put(key, new BigDecimal(amount).add(new BigDecimal(reply.jsonPath().getString("fee"))));
            } else if (reply.statusCode() == 422
                    && "INSUFFICIENT_FUNDS".equals(reply.jsonPath().getString("reason"))) {
                refused.add(key);
            } else {
                failures.add("hold " + key + ": " + reply.statusCode() + " " + reply.asString());
            }
            return reply.statusCode();
        } catch (RuntimeException e) {
            failures.add("hold " + key + ": " + e);
            return -1;
        }
    }

    /** The holds answered 201: partnerReferenceNo → amount + fee, as the answer said. */
    public Map<String, BigDecimal> held() {
        return Map.copyOf(held);
    }

    /** The partnerReferenceNos answered 422 INSUFFICIENT_FUNDS. */
    public Set<String> refused() {
        return Set.copyOf(refused);
    }

    /** The settlements every run answered it made (all merchants'), one entry per settlement per answer. */
    public List<String> settlementIds() {
        return List.copyOf(settlementIds);
    }

    public List<String> failures() {
        return List.copyOf(failures);
    }
}
