-- docs/contract.md §11: the e-mail of payment links, written in the transaction that causes it (the link's creation,
-- a link payment's capture) and sent after it commits, never in the payment's path. Sent at most once: a sender claims
-- QUEUED rows (FOR UPDATE SKIP LOCKED) and holds each SENDING under a lease while it talks to the SMTP server; a lease
-- that runs out (the replica died mid-send) makes the row UNKNOWN, never QUEUED again by itself (operations.md).
CREATE TABLE mail_outbox (
    id               uuid          PRIMARY KEY,
    kind             varchar(16)   NOT NULL CHECK (kind IN ('LINK', 'RECEIPT')),
    link             uuid          NOT NULL REFERENCES payment_link (id),
    payment_code     varchar(30),                -- the receipt's payment; null for the link's own mail
    merchant_id      varchar(64)   NOT NULL,
    recipient        varchar(254)  NOT NULL,
    language         varchar(2)    NOT NULL CHECK (language IN ('en', 'id')),
    subject          varchar(998)  NOT NULL,
    text_body        text          NOT NULL,
    html_body        text          NOT NULL,
    state            varchar(8)    NOT NULL CHECK (state IN ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'UNKNOWN')),
    attempts         integer       NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz   NOT NULL,
    lease_until      timestamptz,                -- while SENDING: when another replica may call the outcome unknown
    last_error       varchar(500),
    created_at       timestamptz   NOT NULL,
    sent_at          timestamptz
);

-- Never queued twice: one mail per kind, link and payment (a replayed capture, a repeated create insert nothing).
CREATE UNIQUE INDEX mail_outbox_once ON mail_outbox (kind, link, coalesce(payment_code, ''));
-- The senders' claims, oldest due first; and the leases to look at.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE state = 'QUEUED';
CREATE INDEX mail_outbox_sending ON mail_outbox (lease_until) WHERE state = 'SENDING';
-- The monitor's backlog (payment.mail.MailMonitor): every row not yet sent or given up, never the sent ones.
CREATE INDEX mail_outbox_unsent ON mail_outbox (created_at) WHERE state IN ('QUEUED', 'SENDING', 'UNKNOWN');
