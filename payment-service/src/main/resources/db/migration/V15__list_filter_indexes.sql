-- The payments list filtered by method, and the refunds list filtered by order, each served by an index in list
-- order (CONTRACT §3b): without them a method the merchant rarely uses, or one order's refunds, were found by reading
-- every row of the merchant (measured: 28,000 rows read for one page of a method, a sequential scan for an order).
-- Payments without a method yet (the hosted page's, before the customer chooses) stay out of the index, so an
-- initiation without sourceOfFunds does not pay for it.
CREATE INDEX payment_merchant_method_listed ON payment (merchant_id, method, created_at DESC, id DESC)
    WHERE method IS NOT NULL;
CREATE INDEX refund_merchant_order_listed ON refund (merchant_id, order_id, created_at DESC, id DESC);
