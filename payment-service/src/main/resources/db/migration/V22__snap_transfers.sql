-- Transfers made through the SNAP door (docs/contract.md §9, /v1.0/transfer-interbank): the request's sourceAccountNo,
-- which the standard makes mandatory and /v1.0/transfer/status answers. Set exactly on the transfers made through
-- SNAP: it is also how the SNAP status finds only those (a /pg/ transfer is answered there as unknown).
-- String(19) as the standard has it. A SNAP transfer's content_hash is the hash of its minified body, so that the
-- same partnerReferenceNo through the other door is another request (§5's 4090400 on /pg/, 4091801 on SNAP).
ALTER TABLE disbursement ADD COLUMN snap_source_account_no varchar(19);
