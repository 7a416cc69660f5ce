package io.paygate.kit.outbox;

import io.paygate.kit.observability.LogContext;
import io.paygate.model.event.EventEnvelope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

/**
 * Writes events in the caller's transaction (docs/contract.md §7): the state change and its event commit together or not
 * at all, so a Kafka outage loses nothing. After the commit the leading relay is woken, on whichever replica it runs
 * ({@link OutboxRelay#committed()}: a local wake and a coalesced NOTIFY sent outside the transaction), so the event
 * leaves at once.
 *
 * <p><b>The caller's part of the ordering guarantee.</b> The relay publishes a resource's events in position order
 * (the identity assigned at insert), which is their commit order only if two transactions writing events for the
 * same resource cannot both be in flight: the transaction must change the resource's own row (its event
 * {@code sequence}) under the row lock ({@code PESSIMISTIC_WRITE}) or an {@code @Version} check. Every caller does:
 * payment-service's {@code PaymentTransitions} (payments locked by the caller, {@code @Version}),
 * {@code LinkTransitions} (the link row {@code FOR UPDATE}, its sequence in that row),
 * {@code DisbursementService} ({@code findLocked}, {@code @Version}) and binding-service's {@code BindingService}
 * ({@code findLocked} or, for unbind and expiry on read, the {@code @Version} check, which makes the loser of a race
 * roll back with its event).
 */
@ApplicationScoped
public class Outbox {

    private final TransactionSynchronizationRegistry transactions;
    private final OutboxRelay relay;

    Outbox(TransactionSynchronizationRegistry transactions, OutboxRelay relay) {
        this.transactions = transactions;
        this.relay = relay;
    }

    /**
     * Adds {@code event} for {@code topic}, keyed {@code merchantId:resourceId}; must run inside a transaction. An
     * event without a request id gets the one of the request being served, if any (docs/contract.md §0 "Request ids": the
     * notifications it causes log it).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void enqueue(String topic, EventEnvelope envelope) {
        EventEnvelope event = envelope.requestId() == null
                ? envelope.withRequestId(LogContext.currentRequestId()) : envelope;
        OutboxEvent row = new OutboxEvent();
        row.id = event.eventId();
        row.topic = topic;
        row.key = event.key();
        row.payload = event.toJson();
        row.createdAt = event.occurredAt();
        row.persist();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    relay.committed();
                }
            }
        });
    }
}
