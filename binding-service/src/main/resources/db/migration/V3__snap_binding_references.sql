-- SNAP account binding (docs/contract.md §9): the partnerReferenceNo of a binding request (service 07) and the
-- binding it started or found, so the inquiry (08) and the unbinding (09) can name a binding by it. Several
-- references may name one binding (binding a live customer and source again returns that binding, §4).
CREATE TABLE snap_binding_reference (
    merchant_id          varchar(64)  NOT NULL,
    partner_reference_no varchar(64)  NOT NULL,
    binding_id           varchar(40)  NOT NULL REFERENCES binding (id),
    created_at           timestamptz  NOT NULL,
    PRIMARY KEY (merchant_id, partner_reference_no)
);
