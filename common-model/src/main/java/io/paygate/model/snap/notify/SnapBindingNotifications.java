package io.paygate.model.snap.notify;

import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.status.BindingStatus;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * Which change of a binding makes a SNAP binding notification, and its body (docs/contract.md §9, "SNAP
 * notifications"): a binding made through SNAP ({@code snap} in its event) is notified when it becomes ACTIVE, FAILED
 * (refused, too many wrong codes, not approved in time) or UNBOUND (through SNAP's unbinding or {@code /pg/…}'s DELETE
 * alike), the states §6 notifies, with {@link AccountBindingNotification}. PENDING makes none; a binding without
 * {@code snap} makes none.
 */
public final class SnapBindingNotifications {

    private SnapBindingNotifications() {
    }

    /**
     * The body of the SNAP notification of this change, or empty when it makes none.
     *
     * @param merchantId the merchant's id ({@code additionalInfo.merchantId})
     * @param occurredAt when the change happened ({@code finishedTime})
     * @param zone       {@code gateway.timezone}
     * @throws IllegalArgumentException when the event lacks what the body needs (the message names it)
     */
    public static Optional<AccountBindingNotification> body(BindingStatusChanged data, String merchantId,
                                                            Instant occurredAt, ZoneId zone) {
        SnapBindingOrigin snap = data.snap();
        if (snap == null || data.status() == null || !data.status().isNotified()) {
            return Optional.empty();
        }
        require(snap.partnerReferenceNo(), "snap.partnerReferenceNo");
        require(data.bindingId(), "bindingId");
        require(data.sourceOfFundsType(), "sourceOfFundsType");
        require(merchantId, "merchantId");
        String failureReason = data.status() == BindingStatus.FAILED ? snap.failureReason() : null;
        String accountToken = data.status() == BindingStatus.ACTIVE ? data.bindingId() : null;
        return Optional.of(new AccountBindingNotification(snap.partnerReferenceNo(), data.bindingId(), snap.accountNo(),
                accountToken, new AccountBindingNotification.BindingNotifyInfo(data.status().name(),
                        data.sourceOfFundsType(), failureReason,
                        SnapPaymentNotifications.TIME.format(occurredAt.atZone(zone)), merchantId)));
    }

    private static void require(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is missing");
        }
    }
}
