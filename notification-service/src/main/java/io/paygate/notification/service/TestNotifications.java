package io.paygate.notification.service;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapSigningKeys;
import io.paygate.model.api.notification.TestNotificationRequest;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.delivery.AttemptOutcome;
import io.paygate.notification.delivery.Deliverer;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.TestNotificationRecords;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;

/**
 * {@code POST /pg/merchant/callbacks/test} (docs/contract.md §6 "Test notification"): one notification of the type
 * asked for, its documented example body marked as a test ({@link TestNotificationBodies}), sent now to {@code url} or
 * to the URL registered for the type, by the same {@link Deliverer} as every notification: the same signatures (HMAC
 * body {@code signature} and {@code X-SIGNATURE}, or the SNAP headers signed with the merchant's gateway key), the
 * Standard Webhooks headers under its own id, the delivery-time address check, no redirect followed, the same reading
 * of the reply. The caller waits for that one attempt (at most {@code gateway.notification.delivery.timeout}, plus the
 * DNS lookup's bound); it is never retried. It is logged, type {@code test}, with its attempt and request.
 */
@ApplicationScoped
public class TestNotifications {

    private static final Logger LOG = Logger.getLogger(TestNotifications.class);

    private final CallbackUrlPolicy policy;
    private final CallbackRegistrations registrations;
    private final SnapSigningKeys snapKeys;
    private final Deliverer deliverer;
    private final TestNotificationRecords records;
    private final ZoneId zone;

    TestNotifications(CallbackUrlPolicy policy, CallbackRegistrations registrations, SnapSigningKeys snapKeys,
                      Deliverer deliverer, TestNotificationRecords records, GatewayConfig gateway) {
        this.policy = policy;
        this.registrations = registrations;
        this.snapKeys = snapKeys;
        this.deliverer = deliverer;
        this.records = records;
        this.zone = gateway.timezone();
    }

    public NotificationViews.TestNotificationResult send(Merchant merchant, TestNotificationRequest request)
            throws SQLException {
        NotificationType type = NotificationType.fromValue(request.type()).filter(NotificationType::fromEvents)
                .orElseThrow(() -> ApiException.invalidFormat("type"));
        if (type.snap() && (merchant.snap().isEmpty() || snapKeys.of(merchant.id()).isEmpty())) {
            throw ApiException.conflict("type " + type.value() + " is a SNAP notification, and this merchant has no "
                    + "SNAP keys");
        }
        String url = destination(merchant.id(), type, request.url());
        UUID id = UUID.randomUUID();
        String orderId = TestNotificationBodies.newOrderId();
        String payload = TestNotificationBodies.payload(type, orderId, merchant.id(), Instant.now(), zone);
        // Sent as the type it imitates, so it is signed and read as that type is; logged as a test.
        AttemptOutcome outcome = deliverer.attempt(new ClaimedNotification(id, null, merchant.id(), type, orderId, url,
                payload, 0, null, null));
        AttemptRecord attempt = new AttemptRecord(outcome.startedAt(),
                (int) Math.min(Integer.MAX_VALUE, outcome.durationMillis()), outcome.httpStatus(), outcome.error(),
                outcome.reply(), outcome.acknowledged() ? NotificationStatus.DELIVERED : NotificationStatus.FAILED,
                null, outcome.request());
        records.record(id, merchant.id(), orderId, url, payload, attempt);
        LOG.infof("merchant %s test notification %s (%s, %s) to %s: %s", merchant.id(), id, type.value(), orderId,
                CallbackRegistrations.hostOf(url),
                outcome.acknowledged() ? "delivered" : "not delivered: " + outcome.error());
        return new NotificationViews.TestNotificationResult(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, id,
                type.value(), orderId, outcome.acknowledged(), outcome.httpStatus(), attempt.durationMs(),
                outcome.reply(), outcome.error());
    }

    /** {@code url} when it passes the callback URL rules ({@code 400SS01 url}), else the type's registered URL. */
    private String destination(String merchantId, NotificationType type, String url) {
        if (url != null) {
            if (policy.check(url).isPresent()) {
                throw ApiException.invalidFormat("url");
            }
            return url;
        }
        return type.registeredUrlField().map(field -> registrations.get(merchantId).url(field))
                .orElseThrow(() -> ApiException.mandatory("url"));
    }
}
