package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ResponseCode;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.SentRequest;
import io.paygate.notification.repository.AttemptEntity;
import io.paygate.notification.repository.NotificationEntity;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The merchant's delivery log (docs/contract.md §6): pages of its notifications, newest first, filtered by
 * {@link LogSearch} (status, type, resource id, order id, event id, creation time), with an opaque cursor (stable under
 * concurrent inserts: it names a position, not an offset), and one notification with all its attempts. Another
 * merchant's notification is answered exactly like an unknown one (404).
 */
@ApplicationScoped
public class NotificationLog {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    private static final String CURSOR_PREFIX = "p1:";

    @Transactional
    public NotificationViews.Page list(String merchantId, LogSearch search, Integer limit, String cursor) {
        StringBuilder query = new StringBuilder("merchantId = :merchant");
        Map<String, Object> params = new HashMap<>();
        params.put("merchant", merchantId);
        and(query, params, "status = :status", "status", search.status());
        and(query, params, "notificationType = :type", "type", search.type());
        and(query, params, "resourceId = :resource", "resource", search.resourceId());
        if (search.resourceId() != null && search.type() == null) {
            // Every type, named: PostgreSQL then reaches the resource's rows through notification_resource
            // (merchant, type, resource id) one type at a time instead of reading all of the merchant's.
            and(query, params, "notificationType in :types", "types", List.of(NotificationType.values()));
        }
        and(query, params, "orderId = :order", "order", search.orderId());
        and(query, params, "eventId = :event", "event", search.eventId());
        and(query, params, "createdAt >= :from", "from", search.from());
        and(query, params, "createdAt < :to", "to", search.to());
        // Always bounded: notification_merchant_position is partial on "position IS NOT NULL", which this implies
        // (V4 says why).
        params.put("before", cursor == null ? Long.MAX_VALUE : decodeCursor(cursor));
        query.append(" and logPosition < :before");
        int size = limit == null ? DEFAULT_LIMIT : limit;
        if (size < 1 || size > MAX_LIMIT) {
            throw ApiException.invalidFormat("limit");
        }
        List<NotificationEntity> rows = NotificationEntity.<NotificationEntity>find(query.toString(),
                Sort.descending("logPosition"), params).range(0, size).list();
        String next = null;
        if (rows.size() > size) {
            rows = rows.subList(0, size);
            next = encodeCursor(rows.get(size - 1).logPosition);
        }
        return new NotificationViews.Page(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                rows.stream().map(NotificationLog::summary).toList(), next);
    }

    /** Adds {@code condition} and its parameter when {@code value} is given (a filter of the search). */
    private static void and(StringBuilder query, Map<String, Object> params, String condition, String name,
                            Object value) {
        if (value != null) {
            query.append(" and ").append(condition);
            params.put(name, value);
        }
    }

    @Transactional
    public NotificationViews.Detail detail(String merchantId, String id) {
        NotificationEntity n = find(merchantId, id).orElseThrow(ApiException::notFound);
        List<AttemptEntity> rows = AttemptEntity.<AttemptEntity>find("notificationId", Sort.ascending("id"), n.id)
                .list();
        List<NotificationViews.Attempt> attempts = rows.stream()
                .map(a -> new NotificationViews.Attempt(a.number, a.attemptedAt, a.httpStatus, a.durationMs, a.error,
                        a.reply))
                .toList();
        return new NotificationViews.Detail(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, n.id,
                n.notificationType.value(), n.resourceId, n.status.name(), n.attempts, n.lastAttemptAt, n.lastHttpStatus,
                nextAttemptAt(n), n.createdAt, n.lastError, n.deliveredAt, attempts, latestRequest(rows));
    }

    /** The request of the latest attempt that sent one (attempts that sent nothing have none). */
    private static NotificationViews.Request latestRequest(List<AttemptEntity> attempts) {
        for (AttemptEntity a : attempts.reversed()) {
            if (a.requestBody != null && a.requestHeaders != null) {
                return new NotificationViews.Request(a.requestBody, SentRequest.parseHeaders(a.requestHeaders));
            }
        }
        return null;
    }

    /** The merchant's own notification; a malformed, unknown or foreign id is simply absent. */
    @Transactional
    public Optional<NotificationEntity> find(String merchantId, String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return NotificationEntity.<NotificationEntity>findByIdOptional(uuid)
                .filter(n -> n.merchantId.equals(merchantId));
    }

    private static NotificationViews.Summary summary(NotificationEntity n) {
        return new NotificationViews.Summary(n.id, n.notificationType.value(), n.resourceId, n.status.name(), n.attempts,
                n.lastAttemptAt, n.lastHttpStatus, nextAttemptAt(n), n.createdAt);
    }

    private static Instant nextAttemptAt(NotificationEntity n) {
        return n.status == NotificationStatus.PENDING ? n.nextAttemptAt : null;
    }

    static String encodeCursor(long position) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((CURSOR_PREFIX + position).getBytes(StandardCharsets.UTF_8));
    }

    static long decodeCursor(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (!text.startsWith(CURSOR_PREFIX)) {
                throw ApiException.invalidFormat("cursor");
            }
            return Long.parseLong(text.substring(CURSOR_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat("cursor");
        }
    }
}
