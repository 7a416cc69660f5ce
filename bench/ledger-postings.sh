#!/usr/bin/env bash
# Ledger: postings per second and event → balance latency of ledger-service (issue 46). Starts the local stack (one
# replica of every service), publishes N CAPTURED card payments of merchant demo straight onto payment-status, signed
# as payment-service signs them, paced at RATE per second (bench/LedgerLoad.java), and reads demo's balance at
# ledger-service meanwhile. Prints per round: postings/s, min/p10/p50/p99/max event published -> balance showing it.
# Not asserted and not run by CI. Run from the project checkout after a build of the services and deploy/local
# (./mvnw -B -ntp -o -q package -DskipTests).
# usage: bench/ledger-postings.sh [ROUNDS] [EVENTS] [RATE]   (defaults 2 rounds of 15000 events at 500/s)
#        Env OFFSET (default 43000): the stack's port offset.
set -u
rounds=${1:-2}; events=${2:-15000}; rate=${3:-500}
off=${OFFSET:-43000}; kafka=127.0.0.1:$((19092+off)); ledger=http://127.0.0.1:$((8085+off))
source deploy/local/jdk.sh && paygate_select_jdk >/dev/null
hdr=$(ls ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)
cp="ledger-service/target/quarkus-app/lib/main/*:$hdr"
key=$(head -c 32 /dev/urandom | base64 | tr -d '=+/' | head -c 43) # the run's event signing key, for every side
log=/tmp/ledger-bench.$off; rm -rf $log; mkdir -p $log
echo "run: rounds=$rounds events=$events rate=$rate offset=$off log=$log"
GATEWAY_EVENTS_SIGNING_KEY=$key setsid deploy/local/run --port-offset $off --data-dir $log/data --no-aot-cache \
  > $log/stack.log 2>&1 < /dev/null &
spid=$!
for i in $(seq 1 300); do curl -sf -o /dev/null http://127.0.0.1:$((8085+off+1000))/q/health/ready && break; sleep 1; done
svc=$(ss -ltnpH "sport = :$((8085+off))" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
[ -n "$svc" ] || { echo "the stack did not start: $log/stack.log"; kill -TERM -- -$spid; exit 1; }
round() { # label events
  java -cp "$cp" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx512m bench/LedgerLoad.java $kafka $ledger $key $1 $2 \
    $rate 2>&1 | tee -a $log/rounds.out | grep -E '^(ledger|warm)|Exception' || echo "$1: no result (see $log/rounds.out)"
}
round warm $((events/5)) # compiled and connected before anything is measured
for r in $(seq 1 $rounds); do round ledger-$r $events; done
echo "ledger-service JVM options: $(tr '\0' ' ' < /proc/$svc/cmdline | grep -o -- '-XX[^ ]*\|-Xm[^ ]*' | tr '\n' ' ')"
kill -TERM -- -$spid
for i in $(seq 1 40); do kill -0 -- -$spid 2>/dev/null || break; sleep 1; done
kill -KILL -- -$spid 2>/dev/null
true
