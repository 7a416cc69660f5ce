-- docs/contract.md §1b: while a declined cycle waits for its retry, the subscription's nextChargeAt is the retry's
-- time. next_due_at cannot say it (a claim moves it a lease ahead), so the retry's time is kept on its own: set when
-- an attempt is declined with retries left, cleared when the cycle ends; null while no retry waits.
ALTER TABLE subscription ADD COLUMN retry_at timestamptz;
