package io.paygate.qa;

import io.restassured.response.Response;

import java.time.Duration;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polling without a library of its own (the kit depends on RestAssured, Jackson and common-model only). */
final class Waits {

    private static final Duration POLL = Duration.ofMillis(250);

    private Waits() {
    }

    static <T> T until(Duration timeout, String what, Supplier<T> probe, Predicate<T> done,
                       Function<T, Object> describe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        while (true) {
            last = probe.get();
            if (last != null && done.test(last)) {
                return last;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Waited " + timeout.toSeconds() + " s for " + what + "; last seen: "
                        + (last == null ? "nothing" : describe.apply(last)));
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }

    static void expect(Response response, int status, String what) {
        if (response.statusCode() != status) {
            throw new AssertionError(what + ": expected HTTP " + status + ", got " + response.statusCode() + ": "
                    + abbreviate(response.asString()));
        }
    }

    /**
     * {@link #expect} for a reply that holds a secret when it succeeds (a creation, a rotation): an unexpected status
     * that is not an error (a 200 for a 201) is reported without the reply, so no secret reaches a test report.
     */
    static void expectSecretReply(Response response, int status, String what) {
        if (response.statusCode() != status && response.statusCode() < 400) {
            throw new AssertionError(what + ": expected HTTP " + status + ", got " + response.statusCode()
                    + " (the reply is not shown: it may hold a secret)");
        }
        expect(response, status, what);
    }

    static String abbreviate(String text) {
        return text == null || text.length() <= 500 ? text : text.substring(0, 500) + "…";
    }
}
