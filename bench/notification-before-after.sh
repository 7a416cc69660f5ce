#!/usr/bin/env bash
# The notification benchmark (notification-service's NotificationThroughputBenchmark) for two checkouts in one run,
# alternating (before, after, before, after, ...), so that both see the same machine; prints each run's figures side
# by side. The "before" checkout needs this branch's benchmark classes (NotificationThroughputBenchmark.java and
# BenchCpu.java copied into its notification-service/src/test/java/io/paygate/notification/) to print CPU figures.
#
#   git worktree add --detach /tmp/before main && cp notification-service/src/test/java/io/paygate/notification/{NotificationThroughputBenchmark,BenchCpu}.java \
#       /tmp/before/notification-service/src/test/java/io/paygate/notification/
#   bench/notification-before-after.sh /tmp/before . [ROUNDS] [extra -D options ...]
#
# Defaults: 20,000 notifications for the throughput phase, 500 events/s for 30 s (after a 30 s settling phase), no
# replica phase. Logs in $BENCH_LOGS (default a new directory under /tmp).
set -euo pipefail
before=$(cd "${1:?usage: bench/notification-before-after.sh BEFORE_DIR AFTER_DIR [ROUNDS] [-Dkey=value ...]}" && pwd)
after=$(cd "${2:?usage}" && pwd)
rounds=${3:-1}
shift 3 2>/dev/null || shift $#
extra=("$@")
logs=${BENCH_LOGS:-$(mktemp -d /tmp/notification-bench-XXXX)}
mkdir -p "$logs"
source "$after/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null

run() { # dir label round
    local log="$logs/$2-$3.log"
    echo "$(date +%T) $2 round $3 (load $(cut -d' ' -f1-3 /proc/loadavg)) -> $log"
    (cd "$1" && ./mvnw -B -ntp -o verify -pl notification-service -am -Dtest=NotificationThroughputBenchmark \
        -Dsurefire.failIfNoSpecifiedTests=false -DskipITs -Dbench.events=20000 -Dbench.seconds=30 -Dbench.rate=500 \
        -Dbench.replicas= "${extra[@]}") >"$log" 2>&1 || { echo "  failed, see $log"; return 0; }
}
summary() { # log
    local log=$1
    awk '
        /BENCH load average/ { load = $4 }
        /BENCH ratio/ { ratio = $NF; split($0, r, "gateway "); split(r[2], g, "/s"); gw = g[1]; split($0, d, "sink "); split(d[2], dd, "/s"); direct = dd[1] }
        /BENCH cpu throughput.*per notification/ { split($0, a, "= JVM "); split(a[2], b, " ms"); tjvm = b[1]; split($0, c, "PostgreSQL "); split(c[2], e, " ms"); tpg = e[1] }
        /BENCH cpu direct.*per notification/ { split($0, a, "= JVM "); split(a[2], b, " ms"); djvm = b[1] }
        /BENCH settled phase/ { settled = 1 }
        settled && /gateway.s own share, per event/ { share = $8 "/" $14 "/" $17 }
        settled && /BENCH cpu at .* per notification/ { split($0, a, "= JVM "); split(a[2], b, " ms"); ljvm = b[1]; split($0, c, "PostgreSQL "); split(c[2], e, " ms"); lpg = e[1] }
        settled && /BENCH stages/ { stages = $0; sub(/.*stages: /, "", stages) }
        settled && /BENCH dispatcher/ { split($0, a, "\\("); claims = a[2]; sub(/\).*/, "", claims) }
        END {
            printf "  ratio %s (%s / %s per s); CPU per notification, throughput: JVM %s ms, PostgreSQL %s ms; bare client JVM %s ms\n", ratio, gw, direct, tjvm, tpg, djvm
            printf "  500/s settled: own share p50/p99/p99.9 %s ms; CPU per event JVM %s ms, PostgreSQL %s ms; %s\n", share, ljvm, lpg, claims
            printf "  stages: %s; load at start %s\n", stages, load
        }' "$log"
}

echo "logs in $logs; $(nproc) cores"
for round in $(seq "$rounds"); do
    run "$before" before "$round" "$@"
    run "$after" after "$round" "$@"
done
for round in $(seq "$rounds"); do
    for label in before after; do
        echo "$label round $round:"
        summary "$logs/$label-$round.log"
    done
done
