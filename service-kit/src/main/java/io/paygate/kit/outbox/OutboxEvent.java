package io.paygate.kit.outbox;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One event waiting in (or already sent from) the outbox. Written by {@link Outbox}, sent by {@link OutboxRelay}. */
@Entity
@Table(name = "outbox_event")
public class OutboxEvent extends PanacheEntityBase {

    @Id
    public UUID id;

    /** Assigned by the database: the publication order. */
    @Column(insertable = false, updatable = false)
    public Long position;

    @Column(nullable = false, length = 100)
    public String topic;

    @Column(name = "msg_key", nullable = false, length = 200)
    public String key;

    @Column(nullable = false, columnDefinition = "text")
    public String payload;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "published_at")
    public Instant publishedAt;

    @Column(name = "publish_attempts", nullable = false)
    public int publishAttempts;

    @Column(name = "last_error", length = 500)
    public String lastError;
}
