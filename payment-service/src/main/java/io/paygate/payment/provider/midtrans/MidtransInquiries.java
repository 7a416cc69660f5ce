package io.paygate.payment.provider.midtrans;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Midtrans's status of a charge ({@code GET /v2/{order_id}/status}) for notifications, with concurrent askers of one
 * charge sharing one call. A caller only shares a call that started after it arrived, so every answer it gets was
 * asked after its notification was sent (a call already under way may have been answered before the change the
 * notification tells of): a burst of notifications for one charge costs at most two calls here. Per JVM only, as an
 * economy: each replica asks for itself, and applying the answer is idempotent under the payment's row lock.
 */
@ApplicationScoped
public class MidtransInquiries {

    private final ConcurrentHashMap<String, Flight> flights = new ConcurrentHashMap<>();
    private final MidtransPaymentChannel channel;

    MidtransInquiries(MidtransPaymentChannel channel) {
        this.channel = channel;
    }

    /**
     * Midtrans's transaction {@code orderId} of {@code account}, asked after this call began; empty when Midtrans
     * does not know it.
     *
     * @throws MidtransUnavailable when Midtrans could not be asked
     */
    Optional<MidtransTransaction> status(MidtransAccount account, String orderId) {
        String key = account.merchantId() + " " + orderId;
        long arrived = System.nanoTime();
        while (true) {
            Flight running = flights.get(key);
            if (running != null && running.startedAt - arrived >= 0) {
                return running.join();
            }
            if (running != null) {
                running.awaitQuietly(); // began before this caller: its answer may predate the notification
                continue;
            }
            Flight mine = new Flight(System.nanoTime());
            if (flights.putIfAbsent(key, mine) != null) {
                continue; // another caller began one just now, after this one arrived
            }
            try {
                Optional<MidtransTransaction> answer = channel.inquireTransaction(account, orderId);
                mine.result.complete(answer);
                return answer;
            } catch (RuntimeException e) {
                mine.result.completeExceptionally(e);
                throw e;
            } finally {
                flights.remove(key, mine);
            }
        }
    }

    /** One status call under way. */
    private static final class Flight {
        final long startedAt;
        final CompletableFuture<Optional<MidtransTransaction>> result = new CompletableFuture<>();

        Flight(long startedAt) {
            this.startedAt = startedAt;
        }

        Optional<MidtransTransaction> join() {
            try {
                return result.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                throw e;
            }
        }

        void awaitQuietly() {
            try {
                result.join();
            } catch (RuntimeException ignored) {
                // the next flight asks again
            }
        }
    }
}
