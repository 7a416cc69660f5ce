-- service-kit: the rate limits' token buckets (CONTRACT §0 "Rate limits"), shared by every replica of the service.
-- One row per bucket in GCRA form: tat_us is the time (unix microseconds) at which the bucket is full again; a
-- request costs 1/rate of it, and fits while tat_us stays within burst/rate of now. One call of rate_limit_take per
-- request (or per few requests of a busy merchant) reads and moves it (kit.ratelimit.SharedBuckets).
--
-- UNLOGGED: the buckets are not worth a WAL record and an fsync per request. A crash or a fail-over empties the
-- table, which only refills every bucket (a few seconds of leniency). fillfactor leaves room for HOT updates: the
-- key never changes, so an update touches no index.
CREATE UNLOGGED TABLE rate_limit_bucket (
    bucket_key varchar(200) PRIMARY KEY,   -- 'm:<merchant id>', 'a:<address>', 'p:<address>'
    tat_us     bigint       NOT NULL,
    granted    integer      NOT NULL       -- tokens the last call took (what rate_limit_take returns)
) WITH (fillfactor = 50);

-- Takes up to `wanted` tokens (at least one, or none) from bucket `bucket`, refilled one per `interval_us`, holding
-- `capacity_us / interval_us` (the burst). One statement, the database's clock for every replica: the upsert takes
-- the tokens there are and leaves the row as it was when there is none. Returns how many it took.
CREATE FUNCTION rate_limit_take(bucket varchar, interval_us bigint, capacity_us bigint, wanted integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    now_us bigint := (extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
    taken  integer;
BEGIN
    INSERT INTO rate_limit_bucket AS b (bucket_key, tat_us, granted)
    VALUES (bucket, now_us + interval_us * LEAST(wanted, capacity_us / interval_us),
            LEAST(wanted, capacity_us / interval_us))
    ON CONFLICT (bucket_key) DO UPDATE
        SET granted = LEAST(wanted, (now_us + capacity_us - GREATEST(b.tat_us, now_us)) / interval_us),
            tat_us = GREATEST(b.tat_us, now_us)
                     + interval_us * LEAST(wanted, (now_us + capacity_us - GREATEST(b.tat_us, now_us)) / interval_us)
        WHERE now_us + capacity_us - GREATEST(b.tat_us, now_us) >= interval_us
    RETURNING b.granted INTO taken;
    RETURN COALESCE(taken, 0);
END
$$;
