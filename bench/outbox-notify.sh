#!/usr/bin/env bash
# Issue 17: what the outbox's NOTIFY trigger (service-kit V0_3: AFTER INSERT ... FOR EACH STATEMENT pg_notify) costs a
# committing transaction. PostgreSQL serialises the commits of transactions that NOTIFY (they take a database-wide
# lock on the notification queue in PreCommit_Notify, held until the commit ends), so the question is how much
# throughput the trigger takes from concurrent writers, not its CPU.
#
#   bench/outbox-notify.sh [--port 25871] [--clients 16] [--seconds 15] [--rounds 2] [--fsync on|off]
#
# Starts a throw-away PostgreSQL (the system's, under /tmp, as user nobody), creates two tables shaped like
# outbox_event (one with the trigger, one without) and runs pgbench (-M prepared) inserting one row per transaction
# into each, alternately (plain, trigger, trigger, plain, ...), with a session LISTENing on the channel and reading
# its notifications every 50 ms, as the leading relay does; and a third variant, "deferred": no trigger, the NOTIFY in a
# transaction of its own after the writer's commit, with synchronous_commit off; and a fourth, "coalesced" (what
# service-kit does since issue 17: CommitNotifier): no trigger, and beside the writers one session NOTIFYing back to
# back with synchronous_commit off, as a replica's notifier does when commits never stop (its busiest case). Prints tps
# and latency per round and the medians.
set -euo pipefail
port=25871; clients=16; seconds=15; rounds=2; fsync=on
while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) port=$2; shift 2 ;; --clients) clients=$2; shift 2 ;; --seconds) seconds=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;; --fsync) fsync=$2; shift 2 ;; *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/outbox-notify.XXXXXX)
chown nobody "$dir"
as() { if [[ $(id -u) -eq 0 ]]; then runuser -u nobody -- "$@"; else "$@"; fi; }
cleanup() { [[ -n "${listener:-}" ]] && kill "$listener" 2>/dev/null; as "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
as "$bin/initdb" -D "$dir/data" -U postgres --auth=trust >/dev/null
as "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c fsync=$fsync -c synchronous_commit=$fsync -c max_connections=64" start >/dev/null
psql=(psql -h "$dir" -p "$port" -U postgres -q -v ON_ERROR_STOP=1)
"${psql[@]}" <<'SQL'
CREATE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox_event', '');
    RETURN NULL;
END
$$;
CREATE TABLE plain_outbox (id uuid PRIMARY KEY, topic text NOT NULL, msg_key text NOT NULL, payload text NOT NULL,
                           created_at timestamptz NOT NULL, position bigserial, published_at timestamptz);
CREATE TABLE notify_outbox (LIKE plain_outbox INCLUDING ALL);
CREATE TRIGGER outbox_event_inserted AFTER INSERT ON notify_outbox
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_event_notify();
SQL
for t in plain notify; do
    cat > "$dir/$t.sql" <<SQL
INSERT INTO ${t}_outbox (id, topic, msg_key, payload, created_at)
VALUES (gen_random_uuid(), 'payment-status', 'M1-' || :client_id, repeat('x', 600), now());
SQL
done
# The alternative: the writer's transaction without the trigger, then (after its commit) a NOTIFY of its own in a
# transaction with synchronous_commit off, one per writer transaction (no coalescing: the worst case).
cat > "$dir/deferred.sql" <<SQL
INSERT INTO plain_outbox (id, topic, msg_key, payload, created_at)
VALUES (gen_random_uuid(), 'payment-status', 'M1-' || :client_id, repeat('x', 600), now());
BEGIN;
SET LOCAL synchronous_commit = off;
SELECT pg_notify('outbox_event', '');
COMMIT;
SQL
echo "NOTIFY outbox_event;" > "$dir/notifier.sql"
(echo "LISTEN outbox_event;"; while :; do echo "SELECT 1;"; sleep 0.05; done) | "${psql[@]}" >/dev/null 2>&1 &
listener=$!
echo "== $(date -u +%FT%TZ) PostgreSQL $("$bin/postgres" --version | awk '{print $3}') fsync=$fsync, $clients clients, ${seconds}s per round, load: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A tps
order=(plain notify deferred coalesced)
for ((r = 0; r < rounds; r++)); do
    for t in "${order[@]}"; do
        script=$t notifier= extra=
        if [[ $t == coalesced ]]; then
            script=plain
            PGOPTIONS="-c synchronous_commit=off" pgbench -h "$dir" -p "$port" -U postgres -n -c 1 -T "$seconds" \
                -f "$dir/notifier.sql" postgres > "$dir/notifier.out" 2>&1 &
            notifier=$!
        fi
        out=$(pgbench -h "$dir" -p "$port" -U postgres -n -M prepared -c "$clients" -j 2 -T "$seconds" -f "$dir/$script.sql" postgres 2>&1)
        if [[ -n $notifier ]]; then
            wait "$notifier" || true
            extra=$(printf '  notifier %.0f NOTIFY/s' "$(sed -nE 's/^tps = ([0-9.]+).*/\1/p' "$dir/notifier.out")")
        fi
        rate=$(sed -nE 's/^tps = ([0-9.]+).*/\1/p' <<<"$out")
        lat=$(sed -nE 's/^latency average = ([0-9.]+) ms/\1/p' <<<"$out")
        printf '%-9s round %d  %8.0f tps  latency avg %6s ms  load %s%s\n' "$t" "$r" "$rate" "$lat" "$(cut -d' ' -f1 /proc/loadavg)" "$extra"
        tps[$t]+="$rate "
    done
    order=("${order[3]}" "${order[2]}" "${order[1]}" "${order[0]}")
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
p=$(median "${tps[plain]}"); n=$(median "${tps[notify]}"); d=$(median "${tps[deferred]}"); c=$(median "${tps[coalesced]}")
awk -v p="$p" -v n="$n" -v d="$d" -v c="$c" 'BEGIN{printf "RESULT median tps without the trigger %.0f, with it %.0f (%.3f), NOTIFY after each commit %.0f (%.3f), coalesced notifier beside %.0f (%.3f)\n", p, n, n/p, d, d/p, c, c/p}'
