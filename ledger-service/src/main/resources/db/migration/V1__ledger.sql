-- ledger-service's database (docs/contract.md §12): a double-entry ledger. Every amount is NUMERIC(24,2): a single
-- amount is at most 9999999999999.99 (NUMERIC(15,2)), and sums of billions of them still fit.

-- One row per merchant and account: the merchant's pending, available and held, and the gateway's counter accounts of
-- that merchant (gateway:collected, gateway:fees, gateway:vat, gateway:payouts, gateway:adjustments), so that every
-- entry's lines sum to zero without a single hot gateway row. balance is maintained by the line trigger alone.
CREATE TABLE account (
    id          BIGSERIAL PRIMARY KEY,
    merchant_id VARCHAR(64)    NOT NULL,
    name        VARCHAR(32)    NOT NULL,
    balance     NUMERIC(24, 2) NOT NULL DEFAULT 0,
    CONSTRAINT account_merchant_name UNIQUE (merchant_id, name)
);

-- One posting: its lines sum to zero (checked at commit). event_id: the event it was posted from (once per event);
-- idempotency_key: what makes a posting not from an event happen once (opening balance, hold, settlement).
CREATE TABLE entry (
    id              BIGSERIAL PRIMARY KEY,
    merchant_id     VARCHAR(64)  NOT NULL,
    type            VARCHAR(16)  NOT NULL,
    reference       VARCHAR(128) NOT NULL,
    event_id        UUID,
    idempotency_key VARCHAR(200),
    at              TIMESTAMPTZ  NOT NULL,
    CONSTRAINT entry_event UNIQUE (event_id),
    CONSTRAINT entry_idempotency UNIQUE (idempotency_key)
);

-- The lines of an entry. type: the merchant's transaction type (CAPTURE, FEE, VAT, REFUND, DISBURSEMENT, SETTLEMENT,
-- ADJUSTMENT); balance_after: the account's balance once this line is posted (set by the trigger).
CREATE TABLE line (
    id            BIGSERIAL PRIMARY KEY,
    entry_id      BIGINT         NOT NULL REFERENCES entry (id),
    account_id    BIGINT         NOT NULL REFERENCES account (id),
    merchant_id   VARCHAR(64)    NOT NULL,
    account       VARCHAR(32)    NOT NULL,
    type          VARCHAR(16)    NOT NULL,
    reference     VARCHAR(128)   NOT NULL,
    amount        NUMERIC(24, 2) NOT NULL,
    balance_after NUMERIC(24, 2) NOT NULL DEFAULT 0,
    at            TIMESTAMPTZ    NOT NULL
);
CREATE INDEX line_entry ON line (entry_id);
CREATE INDEX line_merchant_list ON line (merchant_id, at DESC, id DESC);

-- Every consumed event, posted or deliberately ignored, once: inserted in the transaction of its entry.
CREATE TABLE posted_event (
    event_id  UUID        PRIMARY KEY,
    topic     VARCHAR(64) NOT NULL,
    outcome   VARCHAR(16) NOT NULL,
    posted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Captured payments: what a settlement moves and its report lists.
CREATE TABLE capture (
    merchant_id     VARCHAR(64)    NOT NULL,
    payment_code    VARCHAR(64)    NOT NULL,
    order_id        VARCHAR(128),
    method          VARCHAR(32),
    captured_at     TIMESTAMPTZ    NOT NULL,
    gross           NUMERIC(24, 2) NOT NULL,
    fee             NUMERIC(24, 2) NOT NULL,
    vat             NUMERIC(24, 2) NOT NULL,
    net             NUMERIC(24, 2) NOT NULL,
    settlement_date DATE           NOT NULL,
    settlement_id   VARCHAR(64),
    PRIMARY KEY (merchant_id, payment_code)
);
CREATE INDEX capture_unsettled ON capture (merchant_id, settlement_date) WHERE settlement_id IS NULL;

-- Succeeded refunds (and reversals), once each; account: where it was debited (pending while its payment was unsettled).
CREATE TABLE refund (
    merchant_id   VARCHAR(64)    NOT NULL,
    refund_id     VARCHAR(128)   NOT NULL,
    payment_code  VARCHAR(64)    NOT NULL,
    amount        NUMERIC(24, 2) NOT NULL,
    account       VARCHAR(32)    NOT NULL,
    settlement_id VARCHAR(64),
    at            TIMESTAMPTZ    NOT NULL,
    PRIMARY KEY (merchant_id, refund_id)
);
CREATE INDEX refund_payment ON refund (merchant_id, payment_code);

-- Funds held for a payout (docs/contract.md §12), by the merchant's partnerReferenceNo.
CREATE TABLE hold (
    id                   UUID           PRIMARY KEY,
    merchant_id          VARCHAR(64)    NOT NULL,
    partner_reference_no VARCHAR(64)    NOT NULL,
    reference_no         VARCHAR(64)    NOT NULL,
    amount               NUMERIC(15, 2) NOT NULL,
    fee                  NUMERIC(15, 2) NOT NULL,
    currency             CHAR(3)        NOT NULL,
    status               VARCHAR(8)     NOT NULL,
    created_at           TIMESTAMPTZ    NOT NULL,
    updated_at           TIMESTAMPTZ    NOT NULL,
    reconcile_at         TIMESTAMPTZ    NOT NULL,
    CONSTRAINT hold_key UNIQUE (merchant_id, partner_reference_no),
    CONSTRAINT hold_status CHECK (status IN ('HELD', 'DEBITED', 'RELEASED'))
);
CREATE INDEX hold_reconcile ON hold (reconcile_at) WHERE status = 'HELD';

-- One settlement per merchant and day (the run's asOf): never twice.
CREATE TABLE settlement (
    id          VARCHAR(64)    PRIMARY KEY,
    merchant_id VARCHAR(64)    NOT NULL,
    date        DATE           NOT NULL,
    count       INTEGER        NOT NULL,
    gross       NUMERIC(24, 2) NOT NULL,
    fees        NUMERIC(24, 2) NOT NULL,
    vat         NUMERIC(24, 2) NOT NULL,
    net         NUMERIC(24, 2) NOT NULL,
    refunds     NUMERIC(24, 2) NOT NULL,
    created_at  TIMESTAMPTZ    NOT NULL,
    CONSTRAINT settlement_merchant_date UNIQUE (merchant_id, date)
);

-- A line moves its account's balance, in its own statement: the balance is never set without a line.
CREATE FUNCTION line_post() RETURNS trigger AS $$
BEGIN
    UPDATE account SET balance = balance + NEW.amount WHERE id = NEW.account_id RETURNING balance INTO NEW.balance_after;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'line of entry % names no account %', NEW.entry_id, NEW.account_id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER line_post BEFORE INSERT ON line FOR EACH ROW EXECUTE FUNCTION line_post();

-- Only the line trigger changes a balance (it runs one trigger level down).
CREATE FUNCTION account_balance_guard() RETURNS trigger AS $$
BEGIN
    IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'account % balance changed without a line', OLD.id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER account_balance_guard BEFORE UPDATE ON account FOR EACH ROW EXECUTE FUNCTION account_balance_guard();

-- Lines are never changed nor removed (a correction is a new entry).
CREATE FUNCTION line_immutable() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger lines are immutable';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER line_immutable BEFORE UPDATE OR DELETE ON line FOR EACH ROW EXECUTE FUNCTION line_immutable();

-- Double entry, checked at commit: the lines of every entry a transaction wrote sum to zero, and it has at least two.
CREATE FUNCTION entry_balanced() RETURNS trigger AS $$
DECLARE
    total NUMERIC;
    lines INTEGER;
BEGIN
    SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM line WHERE entry_id = NEW.entry_id;
    IF total <> 0 OR lines < 2 THEN
        RAISE EXCEPTION 'entry % is not balanced: % lines summing to %', NEW.entry_id, lines, total
            USING ERRCODE = '23514';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE CONSTRAINT TRIGGER entry_balanced AFTER INSERT ON line DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION entry_balanced();
