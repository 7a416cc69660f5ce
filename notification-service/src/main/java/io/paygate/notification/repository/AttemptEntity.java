package io.paygate.notification.repository;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One delivery attempt of a notification: when, how long, the HTTP status or error, the first 1 KiB of the reply, and
 * the request as sent.
 */
@Entity
@Table(name = "notification_attempt")
public class AttemptEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "notification_id", nullable = false)
    public UUID notificationId;

    @Column(nullable = false)
    public int number;

    @Column(name = "attempted_at", nullable = false)
    public Instant attemptedAt;

    @Column(name = "duration_ms", nullable = false)
    public int durationMs;

    @Column(name = "http_status")
    public Integer httpStatus;

    public String error;

    @Column(columnDefinition = "text")
    public String reply;

    /** The body exactly as sent; null when nothing was sent. */
    @Column(name = "request_body", columnDefinition = "text")
    public String requestBody;

    /** The headers sent, a JSON object in the order sent ({@code SentRequest.headersJson}). */
    @Column(name = "request_headers", columnDefinition = "text")
    public String requestHeaders;
}
