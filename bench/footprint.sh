#!/usr/bin/env bash
# Memory of each service process of a running local stack (deploy/local/run, on the JVM or --native), found by the
# port it listens on: resident set now (VmRSS), its anonymous part (RssAnon: heap, stacks, code the JIT wrote; the
# rest is mapped files such as the jars, the AOT cache or the executable), and the peak (VmHWM). Used by
# bench/README.md's native ÷ JVM figures: once idle, once after a load.
# usage: bench/footprint.sh [PORT_OFFSET] [LABEL]
set -u
off=${1:-0}; label=${2:-}
printf '%-21s %-7s %8s %9s %9s %9s  %s\n' service pid runtime "RSS MiB" "anon MiB" "peak MiB" "$label"
for s in payment-service:8081 binding-service:8082 notification-service:8083 merchant-service:8084 \
         ledger-service:8085; do
    name=${s%%:*} port=$((${s#*:} + off))
    pid=$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
    if [ -z "$pid" ]; then
        printf '%-21s %s\n' "$name" "(nothing listens on $port)"
        continue
    fi
    exe=$(readlink "/proc/$pid/exe")
    case "$exe" in */java) runtime=jvm ;; *) runtime=native ;; esac
    kib() { awk -v k="$1" '$1 == k":" {print $2}' "/proc/$pid/status"; }
    printf '%-21s %-7s %8s %9d %9d %9d\n' "$name" "$pid" "$runtime" $(($(kib VmRSS) / 1024)) \
        $(($(kib RssAnon) / 1024)) $(($(kib VmHWM) / 1024))
done
