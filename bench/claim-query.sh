#!/usr/bin/env bash
# The notification dispatcher's claim (DeliveryClaim's statements, copied below, in a transaction with
# DeliveryQueue.ROWS_BY_KEY as the dispatcher runs it; since issue 16 two statements: the candidates with their
# advisory try-locks, then the lease of those without a sibling in flight) with 1M pending rows
# against 10k pending rows: median and p99 time per claim, and the ratio (issue 8's goal: at most 2).
#
#   bench/claim-query.sh [--pg-port 25432] [--claims 1000] [--rounds 3] [--sizes "10000 1000000"]
#
# Works in its own databases (claimbench_N, one per size) on the PostgreSQL at --pg-port (the local stack's, say),
# created from
# notification-service's Flyway migrations as they are in the source tree (V*.sql in version order), so a new
# migration is measured as soon as it exists. For each size N:
#   * N PENDING rows: 5 % due (next_attempt_at over the last hour), 5 % leased by a live instance (claim_token set,
#     lease ends within the next minute), 90 % waiting for a later retry (next_attempt_at over the next 24 h);
#   * N DELIVERED rows and N/100 FAILED rows (next_attempt_at NULL), as a table that has been in use has;
#   * 50 merchants, all three notification types, merchant_callbacks rows for each merchant;
#   * VACUUM ANALYZE, then EXPLAIN (ANALYZE, BUFFERS) of one claim.
# Then --rounds rounds, each measuring every size in turn (so a change in the machine's load hits all sizes alike):
# --claims claims with pgbench (one client, prepared, each claim of 100 rows in a transaction that is rolled back so
# every claim sees the same table), per-claim times from pgbench's transaction log (BEGIN + both statements +
# ROLLBACK);
# median and p99 per size and round, and the ratio of the medians per round.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pg_port=25432 claims=1000 rounds=3 sizes="10000 1000000"
while [ $# -gt 0 ]; do
    case "$1" in
        --pg-port) pg_port=$2; shift 2 ;;
        --claims) claims=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
export PGPASSWORD=postgres
psql_db() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pg_port" -U postgres -d "$1" "${@:2}"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/claim.sql" <<'SQL'
BEGIN;
SET LOCAL enable_seqscan = off; -- DeliveryQueue.ROWS_BY_KEY, as the dispatcher runs it
-- DeliveryClaim.CANDIDATES: two merchants at their share of the slots, two with some room, the rest not in flight.
SELECT coalesce(array_agg(id) FILTER (WHERE mine), '{}') AS ids FROM (
WITH room AS (
    SELECT * FROM unnest('{merchant-1,merchant-2,merchant-3,merchant-4}'::text[], '{0,0,5,40}'::int[])
                  AS r(merchant_id, room)),
locked AS (
    SELECT n.id, n.merchant_id, n.type, n.resource_id, n.sequence, n.next_attempt_at FROM notification n
    WHERE n.status = 'PENDING' AND n.next_attempt_at <= now()
      AND n.merchant_id NOT IN (SELECT merchant_id FROM room WHERE room.room <= 0)
      AND NOT EXISTS (SELECT 1 FROM notification s WHERE s.merchant_id = n.merchant_id AND s.type = n.type
                          AND s.resource_id = n.resource_id AND s.id <> n.id
                          AND s.claim_token IS NOT NULL AND s.next_attempt_at > now())
    ORDER BY n.next_attempt_at
    LIMIT 100
    FOR UPDATE OF n SKIP LOCKED),
first AS (
    SELECT DISTINCT ON (merchant_id, type, resource_id) * FROM locked
    ORDER BY merchant_id, type, resource_id, sequence),
due AS MATERIALIZED (
    SELECT f.id, f.merchant_id, f.type, f.resource_id, f.place, coalesce(r.room, 128) AS room FROM (
        SELECT *, row_number() OVER (PARTITION BY merchant_id ORDER BY next_attempt_at, id) AS place
        FROM first) f
    LEFT JOIN room r ON r.merchant_id = f.merchant_id
    WHERE f.place <= coalesce(r.room, 128))
SELECT d.id, d.merchant_id, d.place >= d.room, (SELECT count(*) FROM locked),
       EXISTS (SELECT 1 FROM notification s WHERE s.merchant_id = d.merchant_id AND s.type = d.type
                   AND s.resource_id = d.resource_id AND s.id <> d.id AND s.claim_token IS NOT NULL
                   AND NOT (s.next_attempt_at > now())),
       pg_try_advisory_xact_lock(hashtextextended(d.merchant_id || chr(31) || d.type || chr(31) || d.resource_id, 0))
FROM due d) AS c(id, merchant_id, filled, scanned, stale, mine) \gset
-- DeliveryClaim.LEASE (REVOKE runs only when a sibling's lease ran out: never in this table)
UPDATE notification n
SET next_attempt_at = now() + make_interval(secs => 10.0), claim_token = gen_random_uuid()
WHERE n.id = ANY (:ids::uuid[])
  AND NOT EXISTS (SELECT 1 FROM notification s WHERE s.merchant_id = n.merchant_id AND s.type = n.type
                      AND s.resource_id = n.resource_id AND s.id <> n.id AND s.claim_token IS NOT NULL)
RETURNING n.id, n.merchant_id, n.type, n.resource_id, n.payload, n.attempts, n.redelivery_of,
          CASE n.type WHEN 'payment' THEN n.callback_url
                      ELSE (SELECT CASE n.type WHEN 'disbursement' THEN c.disbursement_callback_url
                                               ELSE c.binding_callback_url END
                            FROM merchant_callbacks c WHERE c.merchant_id = n.merchant_id) END;
ROLLBACK;
SQL

fill() { # N  (into claimbench_N)
    psql_db "claimbench_$1" <<SQL
TRUNCATE notification_attempt, notification, merchant_callbacks;
INSERT INTO merchant_callbacks
SELECT 'merchant-' || m, 'https://m' || m || '.example.com/disbursements', 'https://m' || m || '.example.com/bindings', now()
FROM generate_series(1, 50) m;
-- g: 0 .. 2N + N/100 - 1; first N pending, next N delivered, the rest failed.
INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status, callback_url, payload,
    attempts, next_attempt_at, claim_token, last_attempt_at, last_http_status, last_error, occurred_at, created_at,
    delivered_at)
SELECT gen_random_uuid(), gen_random_uuid(), 'merchant-' || ((g / 3) % 50 + 1),
       (ARRAY['payment', 'payment', 'disbursement', 'binding'])[(g / 20) % 4 + 1],
       'PC' || lpad(g::text, 16, '0'), 1 + g % 3,
       CASE WHEN g < $1 THEN 'PENDING' WHEN g < 2 * $1 THEN 'DELIVERED' ELSE 'FAILED' END,
       CASE WHEN (g / 20) % 4 < 2 THEN 'https://m' || ((g / 3) % 50 + 1) || '.example.com/cb' END,
       '{"type":"payment.status","data":{"paymentCode":"PC' || lpad(g::text, 16, '0') || '","orderId":"ORDER-' || g
           || '","status":"CAPTURED","amount":"150000.00","currency":"IDR","method":"CARD","cardMask":"411111******1111",'
           || '"statusDesc":"Success","updatedAt":"2026-11-21T10:00:00+07:00"}}',
       CASE WHEN g < $1 THEN 1 + g % 8 WHEN g < 2 * $1 THEN 1 ELSE 13 END,
       CASE WHEN g >= $1 THEN NULL
            WHEN g % 20 = 0 THEN now() - random() * interval '1 hour'              -- due
            WHEN g % 20 = 1 THEN now() + random() * interval '1 minute'            -- leased elsewhere
            ELSE now() + random() * interval '24 hours' END,                       -- a later retry
       CASE WHEN g < $1 AND g % 20 = 1 THEN gen_random_uuid() END,
       now() - interval '1 hour', CASE WHEN g < 2 * $1 THEN 200 ELSE 503 END, NULL,
       now() - interval '2 hours', now() - interval '2 hours',
       CASE WHEN g >= $1 AND g < 2 * $1 THEN now() - interval '1 hour' END
FROM generate_series(0, 2 * $1 + $1 / 100 - 1) g;
VACUUM ANALYZE notification;
VACUUM ANALYZE merchant_callbacks;
SQL
}

median_p99() { # file of microseconds -> "median_ms p99_ms"
    sort -n "$1" | awk '{a[NR]=$1} END {printf "%.3f %.3f", a[int((NR+1)/2)]/1000, a[int(NR*0.99)]/1000}'
}

echo "== $(date -Is)  load: $(uptime | sed 's/.*load average: //')"
for n in $sizes; do
    psql_db postgres -c "DROP DATABASE IF EXISTS claimbench_$n" -c "CREATE DATABASE claimbench_$n"
    for f in $(ls "$root"/notification-service/src/main/resources/db/migration/V*.sql | sort -V); do
        psql_db "claimbench_$n" -f "$f" >/dev/null
        echo "migration $(basename "$f") in claimbench_$n"
    done
    t0=$(date +%s)
    fill "$n"
    echo "-- $n pending ($((n / 20)) due), $n delivered, $((n / 100)) failed; filled in $(( $(date +%s) - t0 )) s; load: $(uptime | sed 's/.*load average: //')"
    psql_db "claimbench_$n" -t -c "SELECT 'size ' || pg_size_pretty(pg_total_relation_size('notification'))" | head -1
    # the candidates statement (the lease of up to 100 rows by id is a primary-key lookup each)
    sed -n '/^SELECT coalesce/,/gset$/p' "$work/claim.sql" | sed -e 's/ \\gset$/;/' \
        -e '1s/^/EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) /' >"$work/explain.sql"
    for _ in 1 2; do # the second one, with a warm cache, is shown
        echo "BEGIN; SET LOCAL enable_seqscan = off;" | cat - "$work/explain.sql" <(echo "ROLLBACK;") | psql_db "claimbench_$n" >"$work/plan"
    done
    sed 's/^/   /' "$work/plan"
done
for round in $(seq "$rounds"); do
    echo "-- round $round  load: $(uptime | sed 's/.*load average: //')"
    declare -A med=()
    for n in $sizes; do
        (cd "$work" && rm -f claim_log* && pgbench -n -M prepared -c 1 -t "$claims" -l --log-prefix=claim_log \
            -h 127.0.0.1 -p "$pg_port" -U postgres -f "$work/claim.sql" "claimbench_$n" >/dev/null 2>&1)
        cat "$work"/claim_log* | awk '{print $3}' >"$work/times.$n"
        read -r m p <<<"$(median_p99 "$work/times.$n")"
        med[$n]=$m
        echo "RESULT round $round, $n pending: claim of 100 median ${m} ms, p99 ${p} ms ($claims claims)"
    done
    set -- $sizes
    awk -v a="${med[$2]}" -v b="${med[$1]}" -v n1="$1" -v n2="$2" -v r="$round" \
        'BEGIN {printf "RESULT round %s ratio (median %s / median %s pending): %.2f\n", r, n2, n1, a / b}'
done
for n in $sizes; do psql_db postgres -c "DROP DATABASE IF EXISTS claimbench_$n"; done
echo "== done  load: $(uptime | sed 's/.*load average: //')"
