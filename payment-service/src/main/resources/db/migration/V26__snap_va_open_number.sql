-- docs/contract.md §9: one virtual account number has at most one open SNAP account at any moment, at any number of
-- replicas. This index decides (a count before the insert let concurrent create-va calls open one number several
-- times): a second open row for a number is refused by the database, and its create-va answers 4092700 having written
-- nothing. "Open" is every state before the payment is decided, PENDING and PROCESSING; a row leaves the index when
-- it is paid, expires, is cancelled or fails, and no state change ever brings one back, so only an insert can be
-- refused. The number is compared as a bank app reads it, without its spaces, across all merchants.
DO $$
DECLARE
    taken text;
BEGIN
    SELECT string_agg(format('%s (orders %s)', number, orders), '; ') INTO taken FROM (
        SELECT replace(snap_virtual_account_no, ' ', '') AS number,
               string_agg(merchant_id || '/' || order_id, ', ' ORDER BY created_at) AS orders
        FROM payment
        WHERE snap_virtual_account_no IS NOT NULL AND status IN ('PENDING', 'PROCESSING')
        GROUP BY 1 HAVING count(*) > 1) twice;
    IF taken IS NOT NULL THEN
        RAISE EXCEPTION 'SNAP virtual account numbers open more than once: %. Cancel all but one of each (delete-va) '
            'with the previous release, then start this one again.', taken;
    END IF;
END $$;

CREATE UNIQUE INDEX payment_snap_va_open ON payment ((replace(snap_virtual_account_no, ' ', '')))
    WHERE snap_virtual_account_no IS NOT NULL AND status IN ('PENDING', 'PROCESSING');
