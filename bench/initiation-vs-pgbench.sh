#!/usr/bin/env bash
# Initiation throughput as a fraction of what PostgreSQL itself does for the same statements at the same
# concurrency, measured side by side in one run (issue 8), then latency at half the measured throughput.
#
#   bench/initiation-vs-pgbench.sh [--start DATA_DIR] [--pg-port 25432] [--port-offset 20000] [--clients 16]
#                                  [--seconds 30] [--warmup 10]
#
# Without --start it uses a stack that is already running with those ports (deploy/local/run --pg-port P
# --port-offset N), started with the merchant rate limit out of the way (GATEWAY_RATE_LIMIT_MERCHANT_PER_SECOND=1000000
# GATEWAY_RATE_LIMIT_MERCHANT_BURST=1000000: the default 100/s would refuse most of the load); with --start it starts
# one so in DATA_DIR and stops it at the end. What the limiter costs: bench/ratelimit-on-off.sh.
#
# 1. pgbench, -c CLIENTS -j 2 -T SECONDS -M prepared, against the payment database, with a custom script doing what
#    one initiation sends to PostgreSQL (InitiationService.initiate, PaymentRepository.insertIfAbsent): in one
#    transaction, the INSERT … ON CONFLICT DO NOTHING of the payment row with the same columns and values of the
#    same size (the look-up by order only follows when that inserted nothing, i.e. for a repeated order). This is
#    the reference of the ratio. Initiation writes no outbox row (a PENDING payment has no event yet; the first one
#    is written on the first status change), so a second pgbench run adds the outbox_event INSERT that the issue's
#    wording ("payment row + outbox row") asks for, and its ratio is printed too.
# 2. InitiationLoad, closed loop, CLIENTS workers (alternating the two sandbox merchants), WARMUP s then SECONDS s.
# 3. InitiationLoad, open loop at half the throughput of 2, latency from each request's intended start.
# 4. pgbench again, paced at the throughput of 2 (-R): PostgreSQL's CPU per transaction depends on the rate (at a
#    lower rate fewer commits share a WAL flush and every statement wakes a sleeping backend), so what PostgreSQL
#    spends on one initiation is compared with what it spends on the same INSERT at the same rate, not at pgbench's.
# For 1, 2 and 4 it also reports CPU time per transaction, of the service's JVM and of PostgreSQL (postmaster, its
# live backends and the ones that exited, from /proc): on a shared machine that is a steadier figure than the rates.
# Before each of them PostgreSQL is settled: the rows earlier phases (and runs) wrote and deleted are vacuumed and no
# autovacuum worker is left running, so a phase's CPU is its own (an autovacuum of the previous phase's 100,000s of
# rows inside the closed loop's window once made PostgreSQL's share per initiation look 2-3x pgbench's).
# Rows written by the benchmark are deleted at the end (pgbench's ones are marked merchant_id 'pgbench').
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pg_port=25432 offset=20000 clients=16 seconds=30 warmup=10 start_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --start) start_dir=$2; shift 2 ;;
        --pg-port) pg_port=$2; shift 2 ;;
        --port-offset) offset=$2; shift 2 ;;
        --clients) clients=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --warmup) warmup=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
source "$root/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null
base="http://localhost:$((8081 + offset))"
hdr="${MAVEN_REPO:-$HOME/.m2/repository}/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"
[ -f "$hdr" ] || { echo "HdrHistogram not found at $hdr (set MAVEN_REPO, or run ./mvnw once)" >&2; exit 1; }
export PGPASSWORD=postgres
psql_pay=(psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d payment)

stack_pid=""
cleanup() {
    "${psql_pay[@]}" -c "DELETE FROM payment WHERE merchant_id = 'pgbench' OR order_id LIKE 'LOAD-%';
                         DELETE FROM outbox_event WHERE topic = 'pgbench';" >/dev/null 2>&1 || true
    rm -rf "$work"
    if [ -n "$stack_pid" ]; then
        kill -TERM "$stack_pid" 2>/dev/null || true
        wait "$stack_pid" 2>/dev/null || true
    fi
}
work=$(mktemp -d)
trap cleanup EXIT
if [ -n "$start_dir" ]; then
    GATEWAY_RATE_LIMIT_MERCHANT_PER_SECOND=1000000 GATEWAY_RATE_LIMIT_MERCHANT_BURST=1000000 \
        "$root/deploy/local/run" --data-dir "$start_dir" --pg-port "$pg_port" --port-offset "$offset" \
        >"$work/stack.log" 2>&1 &
    stack_pid=$!
fi
until curl -fs -o /dev/null "http://localhost:$((9081 + offset))/q/health/ready"; do  # the management port
    [ -z "$stack_pid" ] || kill -0 "$stack_pid" 2>/dev/null || { cat "$work/stack.log" >&2; exit 1; }
    sleep 1
done

# One initiation's statements, as Hibernate and PaymentRepository.insertIfAbsent send them (same columns, values of
# the same length; the JSON customer is the one InitiationLoad sends, as PaymentMapper stores it).
cat >"$work/initiation.sql" <<'SQL'
\set n random(1, 1000000000)
BEGIN;
INSERT INTO payment (id, payment_code, merchant_id, order_id, content_hash, amount, currency, description,
    customer_id, customer, meta, callback_url, return_url, status, awaiting_otp, sequence, version, expires_at,
    link_expires_at, created_at, updated_at, success_url, fail_url, back_url, preselected, account_id)
VALUES (gen_random_uuid(), 'PC' || substr(md5(random()::text), 1, 16), 'pgbench', 'LOAD-' || :client_id || '-' || :n,
    md5(random()::text) || md5(random()::text), 150000.00, 'IDR', 'Load', NULL,
    '{"email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"}', NULL,
    'https://merchant.example.com/cb', NULL, 'PENDING', false, 0, 0, now() + interval '30 minutes',
    now() + interval '30 minutes', now(), now(), NULL, NULL, NULL, NULL, NULL)
ON CONFLICT DO NOTHING;
END;
SQL
# The same plus an outbox row of a payment event's size (what the issue's "payment row + outbox row" describes).
sed '/^END;/d' "$work/initiation.sql" >"$work/initiation-outbox.sql"
# (No ':' followed by a letter or digit inside literals: pgbench would take it for a variable.)
cat >>"$work/initiation-outbox.sql" <<'SQL'
INSERT INTO outbox_event (id, topic, msg_key, payload, created_at)
VALUES (gen_random_uuid(), 'pgbench', 'pgbench-PC' || (:n)::text,
    '{"eventId":"' || gen_random_uuid() || '","type":"payment.status","merchantId":"pgbench","sequence": 1,'
    || '"occurredAt":"' || now()::text || '","data":{"paymentCode":"PC0000000000000000","orderId":"LOAD-'
    || (:n)::text || '","status":"CAPTURED","amount":"150000.00","currency":"IDR","method":"CARD"}}', now());
END;
SQL

clk=$(getconf CLK_TCK)
svc_pid=$(ss -ltnpH "sport = :$((8081 + offset))" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
pg_pid=$(ss -ltnpH "sport = :$pg_port" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
ticks() { # utime+stime(+cutime+cstime with $2) of pid $1
    awk -v c="${2:-0}" '{t = $14 + $15; if (c) t += $16 + $17; print t}' "/proc/$1/stat" 2>/dev/null || echo 0
}
cpu() { # "service_ticks postgres_ticks": the JVM; the postmaster with its reaped and live children
    local pg kids
    pg=$(ticks "$pg_pid" 1)
    for kid in $(pgrep -P "$pg_pid"); do pg=$((pg + $(ticks "$kid"))); done
    echo "$(ticks "$svc_pid") $pg"
}
per_tx() { # before after count -> "service X ms, postgres Y ms"
    read -r s0 p0 <<<"$1"; read -r s1 p1 <<<"$2"
    awk -v s="$((s1 - s0))" -v p="$((p1 - p0))" -v n="$3" -v c="$clk" \
        'BEGIN {printf "CPU per transaction: service JVM %.2f ms, PostgreSQL %.2f ms\n", s * 1000 / c / n, p * 1000 / c / n}'
}

pgb() { # script label [pgbench options]
    pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" "${@:3}" -h 127.0.0.1 -p "$pg_port" -U postgres \
        -f "$1" payment >"$work/$2.out" 2>&1 || { cat "$work/$2.out" >&2; exit 1; }
    grep -E '^(number of transactions actually|number of failed|latency average|tps)' "$work/$2.out" | sed "s/^/  /" >&2
    awk '/^tps/ {print $3}' "$work/$2.out"
}
load() {
    "$JAVA_HOME/bin/java" -cp "$hdr" "$root/bench/InitiationLoad.java" "$@"
}
settle() { # vacuum what earlier phases left, then wait (at most 120 s) until no autovacuum worker runs
    "${psql_pay[@]}" -c "VACUUM (ANALYZE) payment" -c "VACUUM (ANALYZE) outbox_event" >/dev/null
    for _ in $(seq 120); do
        [ "$("${psql_pay[@]}" -Atc "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'")" = 0 ] \
            && return 0
        sleep 1
    done
}
merchants=()
for i in $(seq "$clients"); do
    if ((i % 2)); then merchants+=(demo:demo-client-secret); else merchants+=(demo2:demo2-client-secret); fi
done

echo "== $(date -Is)  load: $(uptime | sed 's/.*load average: //')"
echo "-- pgbench, initiation's statements (INSERT payment … ON CONFLICT DO NOTHING), -c $clients -j 2 -T $seconds"
settle; c0=$(cpu); pg_tps=$(pgb "$work/initiation.sql" pgbench | tail -1); c1=$(cpu)
per_tx "$c0" "$c1" "$(awk '/actually processed/ {print $NF}' "$work/pgbench.out" | cut -d/ -f1)" | sed "s/^/  /"
echo "-- pgbench, the same + INSERT outbox_event"
pg_tps_outbox=$(pgb "$work/initiation-outbox.sql" pgbench-outbox | tail -1)
echo "-- InitiationLoad closed loop, $clients workers, ${warmup}s warm-up, ${seconds}s measured  (load: $(uptime | sed 's/.*load average: //'))"
loads() { "${psql_pay[@]}" -Atc "SELECT count(*) FROM payment WHERE order_id LIKE 'LOAD-%' AND merchant_id <> 'pgbench'"; }
settle; n0=$(loads); c0=$(cpu); load "$base" "$warmup" "$seconds" "${merchants[@]}" | tee "$work/closed.out" | sed "s/^/  /"; c1=$(cpu)
init_tps=$(sed -n 's/.*throughput=\([0-9.]*\).*/\1/p' "$work/closed.out")
per_tx "$c0" "$c1" "$(( $(loads) - n0 ))" | sed "s/^/  /"   # over warm-up and measured window, per payment created
half=$(awk -v t="$init_tps" 'BEGIN {printf "%.0f", t / 2}')
echo "-- InitiationLoad open loop at half that: $half/s, 5s warm-up, ${seconds}s measured  (load: $(uptime | sed 's/.*load average: //'))"
load --rate="$half" "$base" 5 "$seconds" "${merchants[@]}" | sed "s/^/  /"
paced=$(awk -v t="$init_tps" 'BEGIN {printf "%.0f", t}')
echo "-- pgbench, initiation's statements paced at the closed loop's rate: -R $paced  (load: $(uptime | sed 's/.*load average: //'))"
settle; c0=$(cpu); pgb "$work/initiation.sql" pgbench-paced -R "$paced" >/dev/null; c1=$(cpu)
per_tx "$c0" "$c1" "$(awk '/actually processed/ {print $NF}' "$work/pgbench-paced.out" | cut -d/ -f1)" | sed "s/^/  /"
awk -v i="$init_tps" -v p="$pg_tps" -v o="$pg_tps_outbox" 'BEGIN {
    printf "RESULT initiation %.1f/s  pgbench %.1f tps  ratio %.3f   (pgbench with outbox row %.1f tps, ratio %.3f)\n",
           i, p, i / p, o, i / o }'
echo "== done  load: $(uptime | sed 's/.*load average: //')"
