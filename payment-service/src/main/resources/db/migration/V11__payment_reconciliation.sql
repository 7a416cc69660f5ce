-- Reconciliation (CONTRACT §2): a payment still PROCESSING gateway.payment.provider-timeout after it was submitted is
-- asked of its provider. next_inquiry_at is when it is due (submitted_at + timeout, then the inquiry lease or the
-- backoff of a charge the provider is still deciding); replicas claim due rows FOR UPDATE SKIP LOCKED.
ALTER TABLE payment
    ADD COLUMN submitted_at    timestamptz,
    ADD COLUMN next_inquiry_at timestamptz,
    ADD COLUMN last_inquiry_at timestamptz,
    ADD COLUMN inquiries       integer NOT NULL DEFAULT 0;

-- Payments already PROCESSING when this runs: submitted when they last changed, due after the default timeout.
UPDATE payment SET submitted_at = updated_at, next_inquiry_at = updated_at + interval '10 minutes'
WHERE status = 'PROCESSING';

CREATE INDEX payment_processing_inquiry ON payment (next_inquiry_at) WHERE status = 'PROCESSING';

-- The sandbox provider sends what it knows about the card with its decision (callback and status inquiry).
ALTER TABLE sandbox_charge ADD COLUMN card_info text;
