-- CONTRACT §9 "SNAP notifications": a binding that a SNAP binding request (service 07) started or returned is notified
-- to the merchant's snapBindingNotifyUrl too. The binding row remembers the partnerReferenceNo of the first such
-- request, written in the transaction that creates or finds the binding, so every later event of the binding carries
-- it (BindingStatusChanged.snap); NULL for bindings only ever made through /pg/… (their events are unchanged).
ALTER TABLE binding ADD COLUMN snap_partner_reference_no varchar(64);

-- Bindings made through SNAP before this column existed: their earliest reference (a small table; no scan of binding).
UPDATE binding b
SET snap_partner_reference_no = r.partner_reference_no
FROM (SELECT DISTINCT ON (binding_id) binding_id, partner_reference_no
      FROM snap_binding_reference
      ORDER BY binding_id, created_at, partner_reference_no) r
WHERE b.id = r.binding_id;
