package io.paygate.payment.provider.midtrans;

import io.paygate.payment.payment.PaymentConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Midtrans's status of a charge ({@code GET /v2/{order_id}/status}) for notifications, asked once per state a
 * notification tells of (docs/contract.md §2):
 * <ul>
 *     <li>a state of a charge this replica asked Midtrans about within {@code gateway.payment.midtrans.inquiry-memory}
 *     ({@link MidtransInquiryMemory}) is not asked about again: {@link Inquiry#REMEMBERED}, so no number of copies of
 *     a notification makes this replica ask more than once per memory per charge;</li>
 *     <li>concurrent askers of one charge share one call: a caller shares a call asked about its own state, or one that
 *     started after it arrived, so every answer it gets was asked after its notification was sent (a call already
 *     under way about another state may have been answered before the change the notification tells of).</li>
 * </ul>
 * Only an answer is remembered: a failed inquiry is asked again by the next copy (Midtrans retries a notification
 * answered 502). Per JVM, as an economy the contract allows per replica: each replica asks for itself (at most one
 * inquiry per state, charge and memory each), and applying an answer is idempotent under the payment's row lock.
 */
@ApplicationScoped
public class MidtransInquiries {

    /**
     * What asking came to: Midtrans's transaction (empty when Midtrans does not know the charge), or
     * {@link #REMEMBERED} when the state was asked about within the memory and nothing was asked now.
     */
    record Inquiry(boolean remembered, Optional<MidtransTransaction> transaction) {
        static final Inquiry REMEMBERED = new Inquiry(true, Optional.empty());

        static Inquiry answered(Optional<MidtransTransaction> transaction) {
            return new Inquiry(false, transaction);
        }
    }

    private final ConcurrentHashMap<String, Flight> flights = new ConcurrentHashMap<>();
    private final MidtransInquiryMemory memory;
    private final MidtransPaymentChannel channel;

    MidtransInquiries(MidtransPaymentChannel channel, PaymentConfig config) {
        this.channel = channel;
        this.memory = new MidtransInquiryMemory(config.midtrans().inquiryMemory());
    }

    /**
     * Midtrans's transaction {@code orderId} of {@code account}, asked after this call began, for a notification that
     * tells of {@code state} (a {@link MidtransTransaction#state()}); {@link Inquiry#REMEMBERED} when that state of the
     * charge was asked about within the memory.
     *
     * @throws MidtransUnavailable when Midtrans could not be asked
     */
    Inquiry status(MidtransAccount account, String orderId, String state) {
        String charge = account.merchantId() + " " + orderId;
        long arrived = System.nanoTime();
        while (true) {
            if (memory.asked(charge, state)) {
                return Inquiry.REMEMBERED;
            }
            Flight running = flights.get(charge);
            if (running != null && (running.startedAt - arrived >= 0 || running.state.equals(state))) {
                Optional<MidtransTransaction> answer = running.join();
                memory.remember(charge, state);
                return Inquiry.answered(answer);
            }
            if (running != null) {
                running.awaitQuietly(); // began before this caller, about another state: its answer may predate it
                continue;
            }
            Flight mine = new Flight(System.nanoTime(), state);
            if (flights.putIfAbsent(charge, mine) != null) {
                continue; // another caller began one just now, after this one arrived
            }
            try {
                Optional<MidtransTransaction> answer = channel.inquireTransaction(account, orderId);
                memory.remember(charge, state); // before the flight ends: a copy arriving then finds one or the other
                mine.result.complete(answer);
                return Inquiry.answered(answer);
            } catch (RuntimeException e) {
                mine.result.completeExceptionally(e);
                throw e;
            } finally {
                flights.remove(charge, mine);
            }
        }
    }

    /** One status call under way, and the state it was asked for. */
    private static final class Flight {
        final long startedAt;
        final String state;
        final CompletableFuture<Optional<MidtransTransaction>> result = new CompletableFuture<>();

        Flight(long startedAt, String state) {
            this.startedAt = startedAt;
            this.state = state;
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
