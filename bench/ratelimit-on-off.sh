#!/usr/bin/env bash
# What the rate limiter costs initiation (issue 15: "initiation throughput with the limiter on, against off; it must
# stay within 10 %"), measured side by side in one run.
#
#   deploy/local/run --data-dir /tmp/bench-stack --pg-port 25432 --port-offset 20000 &
#   bench/ratelimit-on-off.sh /tmp/bench-stack [--pg-port 25432] [--rounds 3] [--clients 16] [--seconds 20]
#                                              [--warmup 5] [--first-warmup 30] [--port 18190]
#                                              [--jvm "A OPTIONS" "B OPTIONS"]
#
# Beside a running local stack it starts two extra copies of payment-service from the same build, with the
# configuration the stack wrote for it (same database, same broker), that differ in one setting:
#   on:  gateway.rate-limit.enabled=true and the merchant limit at 1e6/s (burst 1e6), so that nothing is refused and
#        what is measured is the cost of the shared bucket (one UPSERT per request), not of refusals;
#   off: gateway.rate-limit.enabled=false.
# Then InitiationLoad, closed loop, CLIENTS workers (the two sandbox merchants alternating), against each copy in
# turn, ROUNDS times in the order on, off, off, on, on, off, ... (each pair in both orders, so a drift of the
# machine's load during the run does not favour one side). Each measurement has its own warm-up (the first
# pair a longer one, FIRST_WARMUP s: the JVMs start cold); the first pair is reported but left out of the medians. For each measurement: throughput, p50/p99, and
# the CPU time per initiation of that copy's JVM and of PostgreSQL (from /proc), which depends less on how busy the
# shared machine is than the rates do. Rows written by the benchmark are deleted at the end.
#
# With --jvm, the two copies (named a and b) differ in their JVM options instead, both with the limiter off (issue 17: what -XX:TieredStopAtLevel=1 costs at peak). The word "aot" among the options
# stands for -XX:AOTCache=payment-service/target/quarkus-app/app.aot -XX:AOTMode=on.
set -euo pipefail
data=${1:?usage: bench/ratelimit-on-off.sh DATA_DIR [options]}
shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pg_port=25432 rounds=3 clients=16 seconds=20 warmup=5 first_warmup=30 port=18190
while [ $# -gt 0 ]; do
    case "$1" in
        --pg-port) pg_port=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --clients) clients=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --warmup) warmup=$2; shift 2 ;;
        --first-warmup) first_warmup=$2; shift 2 ;;
        --port) port=$2; shift 2 ;;
        --jvm) jvm_a=$2 jvm_b=$3; shift 3 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
source "$root/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null
hdr="${MAVEN_REPO:-$HOME/.m2/repository}/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"
[ -f "$hdr" ] || { echo "HdrHistogram not found at $hdr (set MAVEN_REPO, or run ./mvnw once)" >&2; exit 1; }
[ -d "$data/payment-service/config" ] || { echo "no local stack configuration in $data" >&2; exit 1; }
export PGPASSWORD=postgres
psql_pay=(psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d payment)
app="$root/payment-service/target/quarkus-app"
jvm_words() { local w; for w in $1; do if [ "$w" = aot ]; then echo "-XX:AOTCache=$app/app.aot -XX:AOTMode=on"; else echo "$w"; fi; done; }
declare -A side_opts
if [ -n "${jvm_a:-}" ]; then
    sides=(a b)
    side_opts[a]=$(jvm_words "$jvm_a") side_opts[b]=$(jvm_words "$jvm_b")
else
    sides=(on off)
    side_opts[on]=${PAYGATE_SERVICE_JAVA_OPTS:--Xmx512m} side_opts[off]=${PAYGATE_SERVICE_JAVA_OPTS:--Xmx512m}
fi

work=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    "${psql_pay[@]}" -c "DELETE FROM payment WHERE order_id LIKE 'LOAD-%'" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

declare -A svc_port svc_pid
start_copy() { # side port env...
    local side=$1 p=$2 jvm_opts; shift 2
    read -r -a jvm_opts <<<"$(echo ${side_opts[$side]})"
    mkdir -p "$work/$side"
    cp -r "$data/payment-service/config" "$work/$side/config"
    (cd "$work/$side" && exec env QUARKUS_HTTP_PORT="$p" QUARKUS_MANAGEMENT_PORT=$((p + 1000)) "$@" "$JAVA_HOME/bin/java" "${jvm_opts[@]}" \
        -jar "$root/payment-service/target/quarkus-app/quarkus-run.jar" >"$work/$side/log" 2>&1) &
    pids+=($!)
    svc_port[$side]=$p
    svc_pid[$side]=$!
}
if [ "${sides[0]}" = on ]; then
    start_copy on $((port + 1)) GATEWAY_RATE_LIMIT_ENABLED=true \
        GATEWAY_RATE_LIMIT_MERCHANT_PER_SECOND=1000000 GATEWAY_RATE_LIMIT_MERCHANT_BURST=1000000
    start_copy off $((port + 2)) GATEWAY_RATE_LIMIT_ENABLED=false
else
    start_copy a $((port + 1)) GATEWAY_RATE_LIMIT_ENABLED=false
    start_copy b $((port + 2)) GATEWAY_RATE_LIMIT_ENABLED=false
fi
for side in "${sides[@]}"; do
    until curl -fs -o /dev/null "http://127.0.0.1:$((svc_port[$side] + 1000))/q/health/ready"; do
        kill -0 "${svc_pid[$side]}" 2>/dev/null || { echo "$side copy died:" >&2; tail -20 "$work/$side/log" >&2; exit 1; }
        sleep 0.5
    done
done

clk=$(getconf CLK_TCK)
pg_pid=$(ss -ltnpH "sport = :$pg_port" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
ticks() { awk -v c="${2:-0}" '{t = $14 + $15; if (c) t += $16 + $17; print t}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pg_ticks() {
    local t kid
    t=$(ticks "$pg_pid" 1)
    for kid in $(pgrep -P "$pg_pid"); do t=$((t + $(ticks "$kid"))); done
    echo "$t"
}
loads() { "${psql_pay[@]}" -Atc "SELECT count(*) FROM payment WHERE order_id LIKE 'LOAD-%'"; }
merchants=()
for i in $(seq "$clients"); do
    if ((i % 2)); then merchants+=(demo:demo-client-secret); else merchants+=(demo2:demo2-client-secret); fi
done

measure() { # side round warmup -> appends "side round throughput p50 p99 svc_ms pg_ms errors" to results
    local side=$1 round=$2 w=$3 jvm s0 p0 n0 s1 p1 n1 out
    jvm=$(pgrep -P "${svc_pid[$side]}" java || echo "${svc_pid[$side]}")
    s0=$(ticks "$jvm"); p0=$(pg_ticks); n0=$(loads)
    out=$("$JAVA_HOME/bin/java" -cp "$hdr" "$root/bench/InitiationLoad.java" "http://127.0.0.1:${svc_port[$side]}" \
        "$w" "$seconds" "${merchants[@]}")
    s1=$(ticks "$jvm"); p1=$(pg_ticks); n1=$(loads)
    awk -v side="$side" -v round="$round" -v s=$((s1 - s0)) -v p=$((p1 - p0)) -v n=$((n1 - n0)) -v c="$clk" \
        -v load="$(cut -d' ' -f1 /proc/loadavg)" '
        /^mode=closed/ { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
        /^latency/ { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
        END { sub("/s", "", v["throughput"]);
              printf "%-3s round %d  %8.1f/s  p50 %6.1f ms  p99 %6.1f ms  CPU/initiation: service %.3f ms, PostgreSQL %.3f ms  errors %s  load %s\n",
                     side, round, v["throughput"], v["p50"], v["p99"], s * 1000 / c / n, p * 1000 / c / n, v["errors"], load }' \
        <<<"$out" | tee -a "$work/results"
}

echo "== $(date -Is)  rounds $rounds, $clients workers, ${warmup}s warm-up + ${seconds}s each, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for side in "${sides[@]}"; do echo "   $side: ${side_opts[$side]//$'\n'/ }"; done
for r in $(seq 0 "$rounds"); do
    if ((r % 2 == 0)); then order=("${sides[0]}" "${sides[1]}"); else order=("${sides[1]}" "${sides[0]}"); fi
    for side in "${order[@]}"; do measure "$side" "$r" "$( ((r == 0)) && echo "$first_warmup" || echo "$warmup")"; done
done
awk -v A="${sides[0]}" -v B="${sides[1]}" '$3 > 0 {   # round 0 warms both JVMs: left out
        n[$1]++; t[$1, n[$1]] = $4 + 0; sv[$1, n[$1]] = $13 + 0; pg[$1, n[$1]] = $16 + 0 }
     function median(a, side, k,   i, j, x, m) {
        for (i = 1; i <= k; i++) m[i] = a[side, i]
        for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (m[j] < m[i]) { x = m[i]; m[i] = m[j]; m[j] = x }
        return (k % 2) ? m[(k + 1) / 2] : (m[k / 2] + m[k / 2 + 1]) / 2 }
     END {
        on = median(t, A, n[A]); off = median(t, B, n[B])
        printf "RESULT median throughput %s %.1f/s, %s %.1f/s: %s/%s %.3f (%+.1f %%); service CPU per initiation %s %.3f ms, %s %.3f ms; PostgreSQL %.3f ms, %.3f ms\n",
               A, on, B, off, A, B, on / off, (on / off - 1) * 100, A, median(sv, A, n[A]), B, median(sv, B, n[B]),
               median(pg, A, n[A]), median(pg, B, n[B]) }' "$work/results"
for side in "${sides[@]}"; do # the copies' memory after the load: now, and the peak (for Kubernetes limits)
    jvm=$(pgrep -P "${svc_pid[$side]}" java || echo "${svc_pid[$side]}")
    awk -v side="$side" '/VmHWM|VmRSS|RssAnon/ { v[$1] = int($2 / 1024) }
        END { printf "%-3s memory after the runs: RSS %d MiB (anonymous %d MiB), peak RSS %d MiB\n", side, v["VmRSS:"], v["RssAnon:"], v["VmHWM:"] }' \
        "/proc/$jvm/status"
done
echo "== done  load: $(cut -d' ' -f1-3 /proc/loadavg)"
