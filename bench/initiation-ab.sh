#!/usr/bin/env bash
# Initiation throughput and CPU per initiation of several variants, interleaved in rounds within one run, so that a
# busy machine weighs on every variant alike. A variant is a running stack (deploy/local/run --pg-port P
# --port-offset N, started with the merchant rate limit out of the way as initiation-vs-pgbench.sh says) and an
# optional preselected method (sourceOfFunds.type):
#
#   bench/initiation-ab.sh [--rounds 3] [--clients 16] [--seconds 20] [--warmup 5] LABEL=OFFSET:PGPORT[:METHOD] …
#
#   e.g. before=20000:25432 after=21000:26432 after-va=21000:26432:VA_BCA
#
# Per variant and round: closed-loop initiations/s (InitiationLoad), CPU per initiation of the payment-service JVM
# and of PostgreSQL (postmaster with its live and exited backends, from /proc) over warm-up and measured window,
# per payment created. Rows it created (order ids LOAD-…) are deleted at the end, with their charges.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=3 clients=16 seconds=20 warmup=5 variants=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --clients) clients=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --warmup) warmup=$2; shift 2 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) variants+=("$1"); shift ;;
    esac
done
[ ${#variants[@]} -gt 0 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
source "$root/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null
hdr="${MAVEN_REPO:-$HOME/.m2/repository}/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"
[ -f "$hdr" ] || { echo "HdrHistogram not found at $hdr (set MAVEN_REPO, or run ./mvnw once)" >&2; exit 1; }
export PGPASSWORD=postgres
clk=$(getconf CLK_TCK)

psql_pay() { psql -X -q -h 127.0.0.1 -p "$1" -U postgres -d payment -Atc "$2"; }
cleanup() {
    for v in "${variants[@]}"; do
        IFS=: read -r _ pg _ <<<"${v#*=}"
        psql_pay "$pg" "DELETE FROM sandbox_charge WHERE payment_code IN (SELECT payment_code FROM payment WHERE order_id LIKE 'LOAD-%');
                        DELETE FROM payment_charge WHERE payment_id IN (SELECT id FROM payment WHERE order_id LIKE 'LOAD-%');
                        DELETE FROM payment WHERE order_id LIKE 'LOAD-%';" >/dev/null 2>&1 || true
    done
}
trap cleanup EXIT
ticks() { awk -v c="${2:-0}" '{t = $14 + $15; if (c) t += $16 + $17; print t}' "/proc/$1/stat" 2>/dev/null || echo 0; }
cpu() { # service_pid pg_pid -> "service_ticks postgres_ticks"
    local pg kid
    pg=$(ticks "$2" 1)
    for kid in $(pgrep -P "$2"); do pg=$((pg + $(ticks "$kid"))); done
    echo "$(ticks "$1") $pg"
}
merchants=()
for i in $(seq "$clients"); do
    if ((i % 2)); then merchants+=(demo:demo-client-secret); else merchants+=(demo2:demo2-client-secret); fi
done

echo "== $(date -Is)  load: $(uptime | sed 's/.*load average: //')  clients=$clients warmup=${warmup}s measured=${seconds}s"
for r in $(seq "$rounds"); do
    for v in "${variants[@]}"; do
        label=${v%%=*}
        IFS=: read -r offset pg method <<<"${v#*=}"
        svc=$(ss -ltnpH "sport = :$((8081 + offset))" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
        pgpid=$(ss -ltnpH "sport = :$pg" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
        [ -n "$svc" ] && [ -n "$pgpid" ] || { echo "$label: no service on $((8081 + offset)) or PostgreSQL on $pg" >&2; exit 1; }
        n0=$(psql_pay "$pg" "SELECT count(*) FROM payment WHERE order_id LIKE 'LOAD-%'")
        c0=$(cpu "$svc" "$pgpid")
        out=$("$JAVA_HOME/bin/java" -cp "$hdr" "$root/bench/InitiationLoad.java" ${method:+--method=$method} \
            "http://localhost:$((8081 + offset))" "$warmup" "$seconds" "${merchants[@]}")
        c1=$(cpu "$svc" "$pgpid")
        n1=$(psql_pay "$pg" "SELECT count(*) FROM payment WHERE order_id LIKE 'LOAD-%'")
        tps=$(sed -n 's/.*throughput=\([0-9.]*\).*/\1/p' <<<"$out")
        errors=$(sed -n 's/.*errors=\([0-9]*\).*/\1/p' <<<"$out")
        read -r s0 p0 <<<"$c0"; read -r s1 p1 <<<"$c1"
        awk -v l="$label" -v r="$r" -v t="$tps" -v e="${errors:-?}" -v s="$((s1 - s0))" -v p="$((p1 - p0))" \
            -v n="$((n1 - n0))" -v c="$clk" -v ld="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
            printf "round %d %-12s %8.1f/s  errors %s  CPU per initiation: service %.3f ms, PostgreSQL %.3f ms  (%d payments, load %s)\n",
                   r, l, t, e, s * 1000 / c / n, p * 1000 / c / n, n, ld }'
    done
done
echo "== done  load: $(uptime | sed 's/.*load average: //')"
