#!/usr/bin/env bash
# Notifications: paygate's notification-service against the JVM floor (bench/NotificationFloor.java) on the same
# PostgreSQL and Kafka, same events and merchant endpoint (bench/NotificationLoad.java), alternating rounds in one run.
# Prints per side and round: delivered/s, the JVM's CPU per delivered notification (and PostgreSQL's), p50/p99
# event published -> notification received. Run from the project checkout after a build of the services and
# deploy/local (./mvnw -B -ntp -o -q package -DskipTests -pl notification-service,payment-service,binding-service,deploy/local -am).
# usage: bench/notification-floor.sh [ROUNDS] [EVENTS] [RATE]   (RATE 0 = all events at once, a backlog drained at the
#        consumer's speed; RATE > 0 = paced, latency without a backlog). Env OFFSET (default 42000): the stack's port
#        offset, the sink on 7000 + OFFSET. FLOORS (default "vertx vertx-batch"): the floors to run, one process each,
#        each on its own topic and consumer group: vertx or jdk (the HTTP client), -batch (a poll's rows in one INSERT
#        and one UPDATE, as the service stores them, instead of one of each per notification). Env STACK_ARGS: more
#        options of the stack's deploy/local/run (--native: notification-service from its native executable).
#
# The two sides never consume each other's round: notification-service reads payment-status (its topics are fixed),
# each floor reads payment-status-floor-<client> (created with as many partitions), and each round publishes only to its
# side's topic; the sink also counts deliveries whose path is not its round's (strays, expected 0). Both JVMs stay up all run
# (warm, as the initiation floor's do); the idle side only polls an empty topic, and only the measured side's ticks count.
set -u
rounds=${1:-2}; events=${2:-20000}; rate=${3:-0}
off=${OFFSET:-42000}; pg=$((15432+off)); kafka=127.0.0.1:$((19092+off)); sink=$((7000+off))
source deploy/local/jdk.sh && paygate_select_jdk >/dev/null
hdr=$(ls ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)
cp="notification-service/target/quarkus-app/lib/main/*:$hdr"
jvm="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx128m -Xmn16m" # the stack's services' options (deploy/local/run)
key=$(head -c 32 /dev/urandom | base64 | tr -d '=+/' | head -c 43) # the run's event signing key, for every side
log=/tmp/nfloor-run.$off; rm -rf $log; mkdir -p $log
echo "run: rounds=$rounds events=$events rate=$rate offset=$off log=$log"
# STACK_ARGS: more options of deploy/local/run, e.g. --native (the services from their native executables)
# shellcheck disable=SC2086
GATEWAY_EVENTS_SIGNING_KEY=$key setsid deploy/local/run --port-offset $off --data-dir $log/data --no-aot-cache ${STACK_ARGS:-} \
  > $log/stack.log 2>&1 < /dev/null &
spid=$!
for i in $(seq 1 300); do curl -sf -o /dev/null http://127.0.0.1:$((8083+off+1000))/q/health/ready && break; sleep 1; done
svc=$(ss -ltnpH "sport = :$((8083+off))" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
postmaster=$(ss -ltnpH "sport = :$pg" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
[ -n "$svc" ] && [ -n "$postmaster" ] || { echo "the stack did not start: $log/stack.log"; kill -TERM -- -$spid; exit 1; }
floors=${FLOORS:-vertx vertx-batch}; declare -A fpid
for f in $floors; do
  batch=; [[ $f == *-batch ]] && batch=--batch
  setsid java -cp "$cp" $jvm bench/NotificationFloor.java --http=${f%-batch} $batch $kafka payment-status-floor-$f notification-floor-$f \
    "jdbc:postgresql://127.0.0.1:$pg/notification" postgres postgres 8 $key > $log/floor-$f.log 2>&1 < /dev/null &
  fpid[$f]=$!
done
round() { # label topic pid events
  kill -0 $3 2>/dev/null || { echo "$1: its process $3 is gone (see $log/*.log)"; return; }
  java -cp "$cp" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx512m bench/NotificationLoad.java --rate=$rate --pid=$3 --pg=$postmaster \
    $kafka $2 $sink $key $1 $4 2>&1 | tee -a $log/rounds.out | grep -E '^(paygate|floor|warm)|BAD|Exception' \
    || echo "$1: no result (see $log/rounds.out)"
}
# Warm-up: both JVMs compiled and connected, the floor's topic created, before anything is measured.
round warm-paygate payment-status $svc $((events/4))
for f in $floors; do
  round warm-floor-$f payment-status-floor-$f ${fpid[$f]} $((events/4))
  grep -q "floor assigned" $log/floor-$f.log || echo "floor $f: never assigned partitions (see $log/floor-$f.log)"
done
for r in $(seq 1 $rounds); do
  round paygate$r payment-status $svc $events
  for f in $floors; do round floor-$f$r payment-status-floor-$f ${fpid[$f]} $events; done
done
echo "means over the rounds (rate; JVM ms per delivered; PostgreSQL ms per delivered; e2e p50 / p99 ms):"
grep -E '^(paygate|floor)' $log/rounds.out | awk '{ side=$1; sub(/[0-9]+$/, "", side); n[side]++
  for (i = 2; i <= NF; i++) { split($i, kv, "="); v[side, kv[1]] += kv[2] } }
  END { for (s in n) printf "  %-18s %6.0f/s  jvm %.3f ms  pg %.3f ms  e2e %.1f / %.1f ms  (%d rounds)\n", s,
    v[s, "delivered_per_s"]/n[s], v[s, "cpu_ms_per_delivered"]/n[s], v[s, "pg_ms_per_delivered"]/n[s],
    v[s, "e2e_ms_p50"]/n[s], v[s, "p99"]/n[s], n[s] }'
echo "notification-service ($(readlink /proc/$svc/exe)) options: $(tr '\0' ' ' < /proc/$svc/cmdline | grep -o -- '-XX[^ ]*\|-Xm[^ ]*' | tr '\n' ' ')"
echo "notification-service memory after the rounds: RSS $(($(awk '/^VmRSS/ {print $2}' /proc/$svc/status) / 1024)) MiB," \
  "anonymous $(($(awk '/^RssAnon/ {print $2}' /proc/$svc/status) / 1024)) MiB, peak $(($(awk '/^VmHWM/ {print $2}' /proc/$svc/status) / 1024)) MiB"
for f in $floors; do kill -TERM -- -${fpid[$f]}; done; kill -TERM -- -$spid
for i in $(seq 1 40); do kill -0 -- -$spid 2>/dev/null || break; sleep 1; done
kill -KILL -- -$spid 2>/dev/null; for f in $floors; do kill -KILL -- -${fpid[$f]} 2>/dev/null; done
true
