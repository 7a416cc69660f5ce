-- docs/contract.md §11: a payment started from a payment link (the link page) may be paid only with the link's
-- methods the merchant is offered when it starts (§2a codes, comma separated; null: every method offered, as any
-- other payment), on its hosted page and every form that charges it.
ALTER TABLE payment ADD COLUMN methods text;

-- How long a link payment waits while no method's charge is open (gateway.payment.link-payment-timeout): it expires
-- after this from its start, and again from the moment a method's charge is closed, so a customer who leaves the
-- page frees the link's slot in minutes, not after the 24 h link lifetime. Null: any other payment (link_expires_at).
ALTER TABLE payment ADD COLUMN choice_timeout_seconds integer CHECK (choice_timeout_seconds > 0);
