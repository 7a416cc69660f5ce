-- Disbursements (CONTRACT §5): a merchant's transfer to a beneficiary account and its 00–07 status.
CREATE TABLE disbursement (
    reference_no             varchar(40)   PRIMARY KEY,   -- the gateway's id = originalReferenceNo
    merchant_id              varchar(64)   NOT NULL,
    partner_reference_no     varchar(64)   NOT NULL,
    content_hash             varchar(64)   NOT NULL,      -- SHA-256 (hex) of the RFC 8785 form of the request
    beneficiary_bank_code    varchar(6)    NOT NULL,
    beneficiary_account_name varchar(64)   NOT NULL,
    beneficiary_account_no   varchar(64)   NOT NULL,
    amount                   numeric(15,2) NOT NULL CHECK (amount > 0),
    currency                 varchar(3)    NOT NULL,
    notes                    text,
    status                   varchar(2)    NOT NULL CHECK (status IN ('00', '01', '02', '03', '04', '05', '06')),
    transaction_date         timestamptz   NOT NULL,      -- created
    transfer_date_time       timestamptz   NOT NULL,      -- the latest status change
    next_bank_step_at        timestamptz,                 -- when the sandbox bank moves it next (null: it won't)
    sequence                 bigint        NOT NULL DEFAULT 0,
    version                  bigint        NOT NULL DEFAULT 0,
    CONSTRAINT disbursement_merchant_partner_ref UNIQUE (merchant_id, partner_reference_no)
);

CREATE INDEX disbursement_bank_due ON disbursement (next_bank_step_at) WHERE next_bank_step_at IS NOT NULL;
