#!/usr/bin/env bash
# Start-to-ready time and idle RSS of each service in JVM mode: the median of N starts (default 5).
#
#   deploy/local/run --data-dir /tmp/paygate-bench &     # PostgreSQL and Kafka (and one copy of each service)
#   bench/startup.sh /tmp/paygate-bench [N]
#
# Each measured instance is an extra copy of the service on a spare port, with the configuration the local stack
# wrote for it (same database and broker). "Ready" is the first HTTP 200 from /q/health/ready (on the management
# port, the API port + 1000), timed from the moment the process is spawned; RSS is VmRSS from /proc after 5 s of idling.
#
# Environment:
#   STARTUP_JAVA_OPTS  the JVM options of the measured instances (default -Xmx512m, the local stack's)
#   STARTUP_AOT=1      first a training run per service with -XX:AOTCacheOutput (JDK 25, JEP 483/514: classes
#                      loaded and linked, and method profiles, cached), stopped with SIGTERM once ready; then the
#                      measured runs use -XX:AOTCache. The cache is kept in the service's target/ directory.
#   STARTUP_PORT       the measured instances use the ports after this one (default 18090)
set -euo pipefail
data=${1:?usage: bench/startup.sh DATA_DIR [N]}
runs=${2:-5}
read -r -a jvm_opts <<<"${STARTUP_JAVA_OPTS:--Xmx512m}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }

printf '%-22s %14s %14s   (%s runs, %s, %s cores, opts: %s%s, load %s)\n' service "ready ms (p50)" \
    "RSS MiB (p50)" "$runs" "$("$JAVA_HOME/bin/java" -version 2>&1 | head -1)" "$(nproc)" "${jvm_opts[*]}" \
    "${STARTUP_AOT:+ +AOT cache}" "$(uptime | sed 's/.*load average: //')"
port=${STARTUP_PORT:-18090}

wait_ready() { # pid port
    until curl -fs -o /dev/null "http://127.0.0.1:$(($2 + 1000))/q/health/ready"; do
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.02
    done
}
for svc in payment-service binding-service notification-service; do
    work=$(mktemp -d)
    cp -r "$data/$svc/config" "$work/config"
    ready_ms=(); rss_mib=()
    opts=("${jvm_opts[@]}")
    if [ -n "${STARTUP_AOT:-}" ]; then
        aot="$root/$svc/target/quarkus-app/app.aot"
        port=$((port + 1))
        (cd "$work" && QUARKUS_HTTP_PORT=$port QUARKUS_MANAGEMENT_PORT=$((port + 1000)) exec "$JAVA_HOME/bin/java" "${jvm_opts[@]}" -XX:AOTCacheOutput="$aot" \
            -jar "$root/$svc/target/quarkus-app/quarkus-run.jar" >"$work/training.log" 2>&1) &
        pid=$!
        wait_ready "$pid" "$port" || { echo "$svc training run died; see $work/training.log" >&2; exit 1; }
        curl -fs -o /dev/null "http://127.0.0.1:$((port + 1000))/q/health" || true
        sleep 2
        kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
        [ -s "$aot" ] || { echo "$svc: no AOT cache written; see $work/training.log" >&2; tail -5 "$work/training.log" >&2; exit 1; }
        opts+=(-XX:AOTCache="$aot")
    fi
    for _ in $(seq "$runs"); do
        port=$((port + 1))
        start=$(date +%s%N)
        (cd "$work" && QUARKUS_HTTP_PORT=$port QUARKUS_MANAGEMENT_PORT=$((port + 1000)) exec "$JAVA_HOME/bin/java" "${opts[@]}" \
            -jar "$root/$svc/target/quarkus-app/quarkus-run.jar" >"$work/log" 2>&1) &
        pid=$!
        wait_ready "$pid" "$port" || { echo "$svc died; see $work/log" >&2; exit 1; }
        ready_ms+=($(( ($(date +%s%N) - start) / 1000000 )))
        sleep 5
        java_pid=$(pgrep -P "$pid" java || echo "$pid")
        rss_mib+=($(( $(awk '/VmRSS/ {print $2}' "/proc/$java_pid/status") / 1024 )))
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    done
    printf '%-22s %14s %14s   ready: %s  rss: %s\n' "$svc" \
        "$(printf '%s\n' "${ready_ms[@]}" | median)" "$(printf '%s\n' "${rss_mib[@]}" | median)" \
        "${ready_ms[*]}" "${rss_mib[*]}"
    rm -rf "$work"
done
