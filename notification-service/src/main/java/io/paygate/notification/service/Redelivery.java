package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.delivery.Dispatcher;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.repository.NotificationEntity;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code POST /pg/notifications/{id}/redeliver} (docs/contract.md §6): one new attempt now, for PENDING, DELIVERED and
 * FAILED notifications alike (e.g. a FAILED one after the merchant registered its address). The notification becomes
 * due at once and the dispatcher is woken; the reply shows it PENDING, and its log shows the attempt moments later.
 * A failed redelivery of a DELIVERED or FAILED notification returns it to that state; a PENDING one keeps its
 * schedule. Refused ({@code 4090700}) for an OBSOLETE notification, a test notification (docs/contract.md §6: never
 * retried) and while an attempt is in flight.
 */
@ApplicationScoped
public class Redelivery {

    private static final Logger LOG = Logger.getLogger(Redelivery.class);

    private final DeliveryQueue queue;
    private final NotificationLog log;
    private final Dispatcher dispatcher;

    Redelivery(DeliveryQueue queue, NotificationLog log, Dispatcher dispatcher) {
        this.queue = queue;
        this.log = log;
        this.dispatcher = dispatcher;
    }

    public NotificationViews.Detail redeliver(String merchantId, String id) throws SQLException {
        NotificationEntity n = log.find(merchantId, id).orElseThrow(ApiException::notFound);
        if (n.status == NotificationStatus.OBSOLETE) {
            throw ApiException.conflict("notification is obsolete: a newer one for " + n.resourceId + " exists");
        }
        if (n.notificationType == NotificationType.TEST) {
            throw ApiException.conflict("a test notification is not sent again: ask for a new one");
        }
        if (!queue.requestRedelivery(UUID.fromString(id), merchantId)) {
            NotificationEntity now = log.find(merchantId, id).orElseThrow(ApiException::notFound);
            if (now.status == NotificationStatus.OBSOLETE) {
                throw ApiException.conflict("notification is obsolete: a newer one for " + n.resourceId + " exists");
            }
            if (now.inFlight(Instant.now())) {
                throw ApiException.conflict("an attempt is in flight");
            }
            throw ApiException.conflict("notification changed meanwhile; try again");
        }
        LOG.infof("notification %s (%s %s of merchant %s) redelivery requested from %s", n.id, n.notificationType.value(),
                n.resourceId, merchantId, n.status);
        // The reply is the state the request made (PENDING), read before the dispatcher is woken: woken first, a quick
        // merchant could already have been delivered to, and the reply would say DELIVERED.
        NotificationViews.Detail requested = log.detail(merchantId, id);
        dispatcher.wake(Dispatcher.Wake.REDELIVERY);
        return requested;
    }
}
