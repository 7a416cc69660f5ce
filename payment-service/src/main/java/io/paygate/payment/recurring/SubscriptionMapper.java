package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.Credential;
import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.api.recurring.SubscriptionView;
import io.paygate.model.status.SubscriptionStatus;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/** {@link SubscriptionEntity} → the wire's {@code recurring} object (docs/contract.md §1b). */
final class SubscriptionMapper {

    private static final DateTimeFormatter YYYYMMDD = DateTimeFormatter.BASIC_ISO_DATE;

    private SubscriptionMapper() {
    }

    /**
     * @param format how a time is written ({@code YYYY-MM-DD HH:MM:SS} in the gateway's zone)
     */
    static SubscriptionView view(SubscriptionEntity s, ZoneId zone, Function<Instant, String> format) {
        return new SubscriptionView(s.recurringId, s.type, s.productCode, s.status, s.statusDesc, s.amount,
                s.intervalCount, s.intervalUnit, s.maxInterval,
                s.startDate == null ? null : s.startDate.format(YYYYMMDD),
                s.endDate == null ? null : s.endDate.format(YYYYMMDD),
                s.retryMax == null ? null : new RetryPlan(s.retryInterval, s.retryUnit, s.retryMax),
                s.cyclesCharged, nextChargeAt(s, zone, format), credential(s));
    }

    /** The next charge's time while ACTIVE (the retry's, while a declined cycle waits for it); null otherwise. */
    static String nextChargeAt(SubscriptionEntity s, ZoneId zone, Function<Instant, String> format) {
        if (s.status != SubscriptionStatus.ACTIVE || s.anchorAt == null) {
            return null;
        }
        return format.apply(s.retryAt != null ? s.retryAt
                : Schedule.dueAt(s.anchorAt, s.intervalUnit, s.intervalCount, s.nextIndex, zone));
    }

    private static Credential credential(SubscriptionEntity s) {
        if (s.credentialKind == null || s.status == SubscriptionStatus.PENDING) {
            return null;
        }
        return s.credentialKind == CredentialKind.CARD ? Credential.card(s.credentialMask)
                : Credential.directDebit(s.bindingId);
    }
}
