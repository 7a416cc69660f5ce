-- CONTRACT §6: GET /pg/notifications/{id} shows what the latest attempt sent, so a QA suite can verify a notification
-- without a public endpoint. Per attempt (the table is insert-only): the body exactly as sent and the headers the
-- gateway set, as a JSON object in the order sent. Null for attempts that sent nothing (no URL, a refused address)
-- and for attempts made before this version. Signatures only: no secret is ever written here.
ALTER TABLE notification_attempt ADD COLUMN request_body text;
ALTER TABLE notification_attempt ADD COLUMN request_headers text;
