-- Payment methods (CONTRACT §2a): virtual accounts, Mandiri bill, QRIS, e-wallets and store codes open a charge at the
-- provider that the customer then pays while the payment stays PENDING. The new payment states of §2 and §3a.
ALTER TABLE payment DROP CONSTRAINT payment_status_check;
ALTER TABLE payment ADD CONSTRAINT payment_status_check CHECK (status IN ('PENDING', 'PROCESSING', 'CAPTURED', 'FAILED',
    'EXPIRED', 'CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED'));
ALTER TABLE payment DROP CONSTRAINT payment_method_check;
ALTER TABLE payment ADD CONSTRAINT payment_method_check CHECK (method IN ('CARD', 'DIRECT_DEBIT', 'VA_BCA', 'VA_BNI',
    'VA_BRI', 'VA_PERMATA', 'VA_CIMB', 'VA_MANDIRI', 'QRIS', 'GOPAY', 'SHOPEEPAY', 'OVO', 'DANA', 'LINKAJA', 'ALFAMART',
    'INDOMARET'));

ALTER TABLE payment
    -- the method the initiation preselected (sourceOfFunds.type), and the wallet account it named (OVO)
    ADD COLUMN preselected     varchar(16),
    ADD COLUMN account_id      varchar(64),
    -- what the initiation reply said the link's expiry is (expires_at moves with the open charge's lifetime)
    ADD COLUMN link_expires_at timestamptz,
    -- the number or code the customer pays the open (or paying) charge with: the notification's sourceOfFunds
    ADD COLUMN pay_code        varchar(64),
    ADD COLUMN success_url     varchar(2048),
    ADD COLUMN fail_url        varchar(2048),
    ADD COLUMN back_url        varchar(2048);
UPDATE payment SET link_expires_at = expires_at;
ALTER TABLE payment ALTER COLUMN link_expires_at SET NOT NULL;

-- Every charge a method opened at a provider, current or superseded: a provider notification names one by its
-- reference (the provider's order id), so money paid to a superseded charge is still found and never lost.
CREATE TABLE payment_charge (
    reference       varchar(40)   PRIMARY KEY,
    payment_id      uuid          NOT NULL REFERENCES payment (id),
    channel         varchar(32)   NOT NULL,
    method          varchar(16)   NOT NULL,
    state           varchar(16)   NOT NULL CHECK (state IN ('OPENING', 'OPEN', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED')),
    preselected     boolean       NOT NULL DEFAULT false,
    pay_code        varchar(64),      -- VA number, bill key or store code
    biller_code     varchar(16),      -- Mandiri bill
    qr_string       text,             -- the QR's payload (QRIS, wallets with a QR)
    app_url         varchar(2048),    -- the wallet app link
    provider_qr_url varchar(2048),    -- a QR image the provider serves itself, when it gives no payload
    expires_at      timestamptz   NOT NULL,
    created_at      timestamptz   NOT NULL,
    updated_at      timestamptz   NOT NULL
);
CREATE INDEX payment_charge_payment ON payment_charge (payment_id);

-- Money that arrived where it should not (a superseded charge paid, a charge paid twice or after the payment ended):
-- recorded, refunded through the provider where the method allows, otherwise listed for an operator (CONTRACT §2a).
CREATE TABLE payment_surplus (
    id               uuid          PRIMARY KEY,
    payment_id       uuid          NOT NULL REFERENCES payment (id),
    merchant_id      varchar(64)   NOT NULL,
    charge_reference varchar(40)   NOT NULL UNIQUE,
    method           varchar(16),
    amount           numeric(15,2) NOT NULL,
    currency         varchar(3)    NOT NULL,
    reason           varchar(255)  NOT NULL,
    state            varchar(16)   NOT NULL CHECK (state IN ('NEEDS_OPERATOR', 'REFUND_PENDING', 'REFUNDED')),
    created_at       timestamptz   NOT NULL,
    updated_at       timestamptz   NOT NULL
);
CREATE INDEX payment_surplus_listed ON payment_surplus (created_at DESC, id);

-- The sandbox provider's book learns open charges (CONTRACT §2a "Sandbox"): the method, the amount to pay, the number,
-- code or QR payload, and when it runs out. A paid one becomes DECIDED like a card charge and calls back.
ALTER TABLE sandbox_charge DROP CONSTRAINT sandbox_charge_state_check;
ALTER TABLE sandbox_charge ADD CONSTRAINT sandbox_charge_state_check CHECK (state IN ('AWAITING_OTP', 'OPEN', 'DECIDED',
    'NOTIFIED', 'GAVE_UP', 'CANCELLED', 'EXPIRED'));
ALTER TABLE sandbox_charge DROP CONSTRAINT sandbox_charge_outcome_check;
ALTER TABLE sandbox_charge ADD CONSTRAINT sandbox_charge_outcome_check CHECK (outcome IN ('CAPTURED', 'FAILED', 'EXPIRED'));
ALTER TABLE sandbox_charge
    ADD COLUMN merchant_id varchar(64),
    ADD COLUMN method      varchar(16),
    ADD COLUMN amount      numeric(15,2),
    ADD COLUMN currency    varchar(3),
    ADD COLUMN pay_code    varchar(64),
    ADD COLUMN qr_string   text,
    ADD COLUMN account_id  varchar(64),
    ADD COLUMN expires_at  timestamptz,
    ADD COLUMN paid_at     timestamptz;
-- The bank app, QRIS app and cashier find an open charge by what the customer types or scans.
CREATE UNIQUE INDEX sandbox_charge_pay_code ON sandbox_charge (pay_code) WHERE pay_code IS NOT NULL;

-- Reconciliation claims the open charges whose answer is overdue or whose time is up (CONTRACT §2a).
CREATE INDEX payment_open_charge_inquiry ON payment (next_inquiry_at)
    WHERE status = 'PENDING' AND provider_reference IS NOT NULL;
