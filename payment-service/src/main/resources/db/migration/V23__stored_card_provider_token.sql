-- The live cards that hold one provider token (two customers who stored one card number share it, docs/contract.md
-- §1b): a delete locks them all and asks the provider to forget the token only when it deletes the last of them.
CREATE INDEX stored_card_provider_token ON stored_card (merchant_id, channel, provider_token) WHERE deleted_at IS NULL;
