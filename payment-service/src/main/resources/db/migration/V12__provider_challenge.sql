-- A provider's own 3-D Secure page (Midtrans redirect_url) the hosted page sends the customer to while awaiting_otp.
ALTER TABLE payment ADD COLUMN challenge_url varchar(2048);

-- Provider notifications name the charge by its reference (Midtrans order_id): one payment per reference.
CREATE UNIQUE INDEX payment_provider_reference ON payment (provider_reference) WHERE provider_reference IS NOT NULL;
