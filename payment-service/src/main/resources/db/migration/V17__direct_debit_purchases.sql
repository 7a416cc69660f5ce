-- Direct-debit purchases (CONTRACT §1b): a payment charged through a binding without the customer on the page.
-- binding_id: the binding a direct debit charged (the hosted page's, a purchase's, a subscription cycle's); attempt:
-- how many charges the gateway submitted for the payment, each under its own provider reference
-- (<payment_code>-<attempt>); the OTP of a purchase with OTP is kept only as a keyed hash, with its expiry and the
-- wrong answers so far. Nothing of a card or a bank account beyond the binding's id.
ALTER TABLE payment ADD COLUMN binding_id varchar(64);
ALTER TABLE payment ADD COLUMN attempt integer NOT NULL DEFAULT 0;
ALTER TABLE payment ADD COLUMN otp_hash varchar(64);
ALTER TABLE payment ADD COLUMN otp_expires_at timestamptz;
ALTER TABLE payment ADD COLUMN otp_failures integer NOT NULL DEFAULT 0;
