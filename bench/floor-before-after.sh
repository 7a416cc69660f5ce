#!/usr/bin/env bash
# Initiation against the JVM floor, before ÷ after in one run: payment-service of another checkout ("before"),
# payment-service of this one ("after") and the floor (Floor.java: the least any JVM gateway must do for the same
# request) on the same PostgreSQL and broker, the same load generator (bench/InitiationLoad.java), rounds alternating
# before, after, floor so that a busy machine weighs on all three alike.
#
#   ./mvnw -B -ntp -q package -DskipTests                      # in both checkouts
#   bench/floor-before-after.sh BEFORE_DIR [ROUNDS] [SECONDS] [WORKERS]
#
# Floor.java is the team's (../shared/bench/Floor.java, or FLOOR=path). The stack is this checkout's
# (deploy/local/run --port-offset 40000, data in /tmp/floor-before-after, the merchant rate limit lifted to 1e6/s as
# the other initiation benchmarks lift it); the two measured payment-service processes are extra copies on spare
# ports with the configuration the stack wrote, the JVM options of the local stack (C1, the serial collector,
# -Xmx128m -Xmn16m) and no AOT cache (the cache is a start-up matter; both sides alike). The floor runs with the
# options floor-vs-paygate.sh gives it.
#
# After a warm-up (WARMUP seconds per side, default 60), per side and round, closed loop (WORKERS connections,
# default 16; 5 s warm-up, SECONDS measured, default 20): initiations/s, latency, and the JVM's CPU per initiation
# (utime+stime of the process from /proc over warm-up and window, ÷ requests answered). Then, per side, an open
# loop at half its best closed rate (30 s after 10 s warm-up): p50/p99/p99.9 from the intended start (no
# coordinated omission), and the CPU per initiation at that rate.
# Everything is stopped at the end (process groups); the payment rows it made stay in the throw-away database.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
before=$(cd "${1:?usage: bench/floor-before-after.sh BEFORE_DIR [ROUNDS] [SECONDS] [WORKERS]}" && pwd)
rounds=${2:-3}; secs=${3:-20}; workers=${4:-16}
floor=${FLOOR:-$root/../shared/bench/Floor.java}
[ -f "$floor" ] || { echo "no Floor.java at $floor (set FLOOR=)" >&2; exit 2; }
off=40000; pg=$((15432 + off)); api=$((8081 + off)); bport=$((api + 100)); aport=$((api + 110)); fport=$((api + 120))
source deploy/local/jdk.sh && paygate_select_jdk >/dev/null
hdr="${MAVEN_REPO:-$HOME/.m2/repository}/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"
log=/tmp/floor-before-after; rm -rf $log; mkdir -p $log
export GATEWAY_RATE_LIMIT_MERCHANT_PER_SECOND=1000000 GATEWAY_RATE_LIMIT_MERCHANT_BURST=1000000
setsid deploy/local/run --no-aot-cache --port-offset $off --data-dir $log/data > $log/stack.log 2>&1 < /dev/null &
spid=$!
pids=()
stop() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    kill -TERM -- -$spid 2>/dev/null
    for _ in $(seq 1 40); do kill -0 -- -$spid 2>/dev/null || break; sleep 1; done
    kill -KILL -- -$spid 2>/dev/null
}
trap stop EXIT
for _ in $(seq 1 300); do grep -q "Sandbox merchants" $log/stack.log && break; sleep 1; done
grep -q "Sandbox merchants" $log/stack.log || { echo "the stack did not start: $log/stack.log" >&2; exit 1; }
service() { # label checkout port
    local w=$log/$1
    mkdir -p $w && cp -r $log/data/payment-service/config $w/config
    (cd $w && QUARKUS_HTTP_PORT=$3 QUARKUS_MANAGEMENT_PORT=$(($3 + 1000)) exec java -XX:+UseSerialGC \
        -XX:TieredStopAtLevel=1 -Xmx128m -Xmn16m -jar "$2/payment-service/target/quarkus-app/quarkus-run.jar" \
        > $w/log 2>&1 < /dev/null) &
    pids+=($!)
    for _ in $(seq 1 120); do curl -sf -o /dev/null http://127.0.0.1:$(($3 + 1000))/q/health/ready && return; sleep 1; done
    echo "$1 did not become ready: $w/log" >&2; exit 1
}
service before "$before" $bport
service after "$root" $aport
java -cp "payment-service/target/quarkus-app/lib/main/*" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx128m \
    "$floor" $fport "jdbc:postgresql://127.0.0.1:$pg/payment" postgres postgres 8 > $log/floor.log 2>&1 &
pids+=($!)
for _ in $(seq 1 60); do grep -q listening $log/floor.log && break; sleep 1; done
pid_of() { ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }
declare -A port=([before]=$bport [after]=$aport [floor]=$fport) best=()
ticks() { awk '{print $14+$15}' /proc/$1/stat; }
args=""; for _ in $(seq 1 $workers); do args="$args demo:demo-client-secret"; done
echo "$(date -u +%FT%TZ) $(nproc) cores, $(java -version 2>&1 | head -1); before=$before ($(git -C "$before" rev-parse --short HEAD)), after=$root ($(git rev-parse --short HEAD))"
closed() { # side round
    local p; p=$(pid_of ${port[$1]}); local t0 t1 out rate
    t0=$(ticks $p)
    out=$(java -cp "$hdr" bench/InitiationLoad.java http://127.0.0.1:${port[$1]} 5 $secs $args 2>&1)
    t1=$(ticks $p)
    echo "$out" > $log/$1-closed-$2.out
    rate=$(echo "$out" | grep -o -E 'throughput=[0-9.]+' | head -1 | cut -d= -f2)
    awk -v b="${best[$1]:-0}" -v r="${rate:-0}" 'BEGIN { exit !(r > b) }' && best[$1]=$rate
    printf '%-6s round %d closed: %7.1f/s errors=%s %s; JVM CPU %s ms per initiation (load %s)\n' $1 $2 "${rate:-0}" \
        "$(echo "$out" | grep -o -E 'errors=[0-9]+' | head -1 | cut -d= -f2)" "$(echo "$out" | grep '^latency' | head -1)" \
        "$(awk -v t=$((t1 - t0)) -v r="${rate:-0}" -v s=$((secs + 5)) 'BEGIN { if (r > 0) printf "%.3f", t * 10 / (r * s); else print "?" }')" \
        "$(cut -d' ' -f1 /proc/loadavg)"
}
open() { # side
    local p; p=$(pid_of ${port[$1]}); local rate t0 t1 out
    rate=$(awk -v b="${best[$1]}" 'BEGIN { printf "%d", b / 2 }')
    t0=$(ticks $p)
    out=$(java -cp "$hdr" bench/InitiationLoad.java --rate=$rate http://127.0.0.1:${port[$1]} 10 30 demo:demo-client-secret 2>&1)
    t1=$(ticks $p)
    echo "$out" > $log/$1-open.out
    printf '%-6s open loop at %d/s (half its best closed rate): %s; %s; JVM CPU %s ms per initiation\n' $1 $rate \
        "$(echo "$out" | grep '^latency' | head -1)" "$(echo "$out" | grep -o -E 'achieved=[0-9.]+/s errors=[0-9]+|errors=[0-9]+ achieved=[0-9.]+/s' | head -1)" \
        "$(awk -v t=$((t1 - t0)) -v r=$rate 'BEGIN { printf "%.3f", t * 10 / (r * 40) }')"
}
# Warm-up: each side WARMUP seconds (default 60) of the same closed loop, unmeasured. Without an AOT cache the services'
# JIT needs it: in a first run without it, their CPU per initiation fell round by round (2.0, 1.6, 1.1 ms), the floor's
# did not.
for side in before after floor; do
    java -cp "$hdr" bench/InitiationLoad.java http://127.0.0.1:${port[$side]} ${WARMUP:-60} 1 $args > $log/$side-warmup.out 2>&1
done
for r in $(seq 1 $rounds); do
    for side in before after floor; do closed $side $r; done
done
for side in before after floor; do open $side; done
echo "best closed rates: before ${best[before]}/s, after ${best[after]}/s, floor ${best[floor]}/s; ratio to the floor: before $(awk -v a=${best[before]} -v f=${best[floor]} 'BEGIN{printf "%.2f", a/f}'), after $(awk -v a=${best[after]} -v f=${best[floor]} 'BEGIN{printf "%.2f", a/f}')"
echo "logs in $log"
