-- The sandbox provider's QA controls (docs/contract.md §1b, the QA time control): how it answers the next charge of
-- one credential made without the customer (a subscription's cycle). Keyed by what the provider knows of the
-- credential: its own card token (sandbox_card.token) or the direct-debit binding's id. Taken (deleted) by that charge
-- in the provider's own transaction, so it shapes exactly one charge; a later control replaces one not taken yet.
CREATE TABLE sandbox_charge_control (
    merchant_id          varchar(64)  NOT NULL,
    credential           varchar(255) NOT NULL,
    decline              boolean      NOT NULL,
    answer_delay_seconds integer      NOT NULL CHECK (answer_delay_seconds BETWEEN 0 AND 60),
    created_at           timestamptz  NOT NULL,
    PRIMARY KEY (merchant_id, credential)
);

-- Deleting a stored card pauses its ACTIVE subscriptions in the same transaction (docs/contract.md §1b): found by the
-- card, not by scanning every subscription.
CREATE INDEX subscription_stored_card ON subscription (merchant_id, stored_card_id) WHERE stored_card_id IS NOT NULL;
