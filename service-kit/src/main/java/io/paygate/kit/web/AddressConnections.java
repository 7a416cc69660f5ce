package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * docs/contract.md §0 "Slow clients": one client address holds at most {@code gateway.http.per-address-connections} unfinished
 * requests, each counted from its first byte to the end of its reply (or the connection's close). A connection's own
 * decoder counts it from its first byte ({@link GuardedRequestDecoder}, which refuses one more there); this route
 * filter only tells it when each reply ended. A connection from a trusted proxy is counted here instead, for the
 * forwarded client, from the end of the headers (before them, the proxy's address is the only one known; the proxy
 * reads a request's headers whole before it sends them). One more is answered {@code 429SS00} with
 * {@code Retry-After} on the event loop, its connection closed, and charged to the address's rate limit bucket, so an
 * address that keeps trying is soon refused before authentication as well. The count is this replica's (each replica
 * bounds what it holds); the charges go to the shared bucket.
 * <p>
 * Charging takes a database round trip, which must not run on the event loop: refusals are counted per address here
 * and charged in one take per address on a worker thread, so a flood of refusals costs a few database calls, not one
 * each.
 */
@ApplicationScoped
public class AddressConnections {

    private static final Logger LOG = Logger.getLogger(AddressConnections.class);
    /** Before the target, size, type and body filters: everything after it counts. */
    static final int PRIORITY = RequestTargets.PRIORITY + 100;
    /** Addresses with charges waiting beyond this many are not charged (their requests are still refused). */
    private static final int MAX_PENDING = 10_000;

    private final ConcurrentHashMap<String, Integer> open = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Integer> pendingCharges = new ConcurrentHashMap<>();
    private final int limit;
    private final ClientAddresses addresses;
    private final AddressCharges rateLimits;
    private final Vertx vertx;

    AddressConnections(HttpConfig config, ClientAddresses addresses, AddressCharges rateLimits, Vertx vertx) {
        this.limit = config.perAddressConnections();
        this.addresses = addresses;
        this.rateLimits = rateLimits;
        this.vertx = vertx;
    }

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> {
            GuardedRequestDecoder guard = ConnectionGuards.guardOf(context.request());
            if (guard != null && guard.countsItself()) {
                context.addEndHandler(ended -> guard.replied());
                context.next();
                return;
            }
            String client = addresses.clientOf(context.request());
            if (!enter(client)) {
                charge(client);
                EarlyReply.tooManyRequests(context, serviceCodes, 1);
                return;
            }
            AtomicBoolean left = new AtomicBoolean();
            context.addEndHandler(ended -> {
                if (left.compareAndSet(false, true)) {
                    leave(client);
                }
            });
            context.next();
        }, PRIORITY);
    }

    /** Unfinished requests of {@code client} on this replica now. */
    public int unfinished(String client) {
        return open.getOrDefault(client, 0);
    }

    boolean enter(String client) {
        boolean[] admitted = {false};
        open.compute(client, (key, count) -> {
            int now = count == null ? 0 : count;
            if (now >= limit) {
                return count;
            }
            admitted[0] = true;
            return now + 1;
        });
        return admitted[0];
    }

    void leave(String client) {
        open.computeIfPresent(client, (key, count) -> count <= 1 ? null : count - 1);
    }

    /** One refusal of {@code client}, charged with the others that arrive before the worker takes them. */
    void charge(String client) {
        if (!rateLimits.enabled()) {
            return;
        }
        if (pendingCharges.size() >= MAX_PENDING && !pendingCharges.containsKey(client)) {
            return;
        }
        if (pendingCharges.merge(client, 1, Integer::sum) == 1) {
            vertx.executeBlocking(() -> {
                Integer count = pendingCharges.remove(client);
                if (count != null) {
                    rateLimits.chargeAddress(client, count);
                }
                return null;
            }, false).onFailure(e -> LOG.debugf("charging refused requests of %s failed: %s", client, e));
        }
    }
}
