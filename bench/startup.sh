#!/usr/bin/env bash
# Start-to-ready time and idle RSS of each service in JVM mode, for several configurations in one run: by default the
# old default (-Xmx512m, no AOT cache), the chosen one (deploy/local's AotCache.DEFAULT_JVM_OPTIONS with the trained
# AOT cache and -XX:AOTMode=on) and the image's (deploy/docker/Dockerfile.jvm's JAVA_OPTS with the cache), N starts
# of each (default 5), interleaved (default, chosen, image, default, …) so that all see the same machine; medians.
#
#   deploy/local/train                                   # the caches (deploy/local/run also makes them when missing)
#   deploy/local/run --data-dir /tmp/paygate-bench &     # PostgreSQL and Kafka (and one copy of each service)
#   bench/startup.sh /tmp/paygate-bench [N]
#
# Each measured instance is an extra copy of the service on a spare port, with the configuration the local stack
# wrote for it (same database and broker). "Ready" is the first HTTP 200 from /q/health/ready (on the management
# port, the API port + 1000), timed from the moment the process is spawned; "started" is Quarkus's own "started in"
# (its boot after the JVM's); RSS is VmRSS from /proc after 5 s of idling. The load average is printed per round.
#
# Environment:
#   STARTUP_VARIANTS  the configurations, ';'-separated "label=JVM options"; the word "aot" among the options stands
#                     for -XX:AOTCache=<service>/target/quarkus-app/app.aot -XX:AOTMode=on. Default:
#                     "default=-Xmx512m;chosen=aot <AotCache.DEFAULT_JVM_OPTIONS>;image=aot <Dockerfile.jvm's JAVA_OPTS>"
#                     (the image's options with deploy/local's cache, which was trained with the chosen ones: the
#                     image trains its own with its options)
#                     The word "native" runs the service's native executable (<service>/target/<service>-*-runner,
#                     ./mvnw package -Pnative) instead of the JVM, with the variant's other words as its options, e.g.
#                     "native=native -Xmx128m -Xmn16m".
#                     Other words of a variant: "root=DIR" runs the services of another checkout (its quarkus-app and
#                     its cache; e.g. main's, for before ÷ after in one run), "env:NAME=VALUE" sets an environment
#                     variable for that variant (e.g. env:QUARKUS_FLYWAY_MIGRATE_AT_START=false)
#   STARTUP_PORT      the measured instances use the ports after this one (default 18090)
#   STARTUP_SERVICES  which services (default: payment, binding and notification)
#   STARTUP_STEPS     1: also start with -Dquarkus.debug.print-startup-times=true and print, per configuration, the
#                     slowest of Quarkus's start-up steps (medians over the runs, ms)
set -euo pipefail
data=${1:?usage: bench/startup.sh DATA_DIR [N]}
runs=${2:-5}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/deploy/local/jdk.sh"
paygate_select_jdk >/dev/null
chosen=$(sed -n 's/.*DEFAULT_JVM_OPTIONS = "\([^"]*\)".*/\1/p' "$root/deploy/local/src/main/java/io/paygate/local/AotCache.java")
image=$(sed -n 's/^ENV JAVA_OPTS="\([^"]*\)"/\1/p' "$root/deploy/docker/Dockerfile.jvm")
IFS=';' read -r -a variants <<<"${STARTUP_VARIANTS:-default=-Xmx512m;chosen=aot $chosen;image=aot $image}"
port=${STARTUP_PORT:-18090}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }
med() { tr ' ' '\n' <<<"$1" | grep . | median; }
load() { cut -d' ' -f1 /proc/loadavg; }

echo "$runs runs per configuration, interleaved; $("$JAVA_HOME/bin/java" -version 2>&1 | head -1), $(nproc) cores"
wait_ready() { # pid port
    until curl -fs -o /dev/null "http://127.0.0.1:$(($2 + 1000))/q/health/ready"; do
        kill -0 "$1" 2>/dev/null || return 1
        sleep 0.02
    done
}
printf '%-21s %-8s %9s %9s %8s %9s   %s\n' service config "ready ms" "started" "RSS MiB" "anon MiB" \
    "each run: ready ms / RSS MiB (load)"
for svc in ${STARTUP_SERVICES:-payment-service binding-service notification-service}; do
    work=$(mktemp -d)
    cp -r "$data/$svc/config" "$work/config"
    declare -A ready=() started=() rss=() anon=() each=()
    for _ in $(seq "$runs"); do
        for v in "${variants[@]}"; do
            label=${v%%=*}
            read -r -a words <<<"${v#*=}"
            opts=()
            envs=()
            native=
            app="$root/$svc/target/quarkus-app"
            for w in "${words[@]}"; do
                case "$w" in
                    root=*) app="${w#root=}/$svc/target/quarkus-app" ;;
                esac
            done
            for w in "${words[@]}"; do
                case "$w" in
                    aot) opts+=(-XX:AOTCache="$app/app.aot" -XX:AOTMode=on) ;;
                    native) native=$(ls -t "${app%/quarkus-app}/$svc"-*-runner 2>/dev/null | head -1)
                            [ -x "$native" ] || { echo "$svc ($label): no native executable in ${app%/quarkus-app}" >&2; exit 1; } ;;
                    root=*) ;;
                    env:*) envs+=("${w#env:}") ;;
                    *) opts+=("$w") ;;
                esac
            done
            [ "${STARTUP_STEPS:-0}" = 1 ] && opts+=(-Dquarkus.debug.print-startup-times=true)
            port=$((port + 1))
            l=$(load)
            start=$(date +%s%N)
            if [ -n "$native" ]; then
                command=("$native" "${opts[@]}")
            else
                command=("$JAVA_HOME/bin/java" "${opts[@]}" -jar "$app/quarkus-run.jar")
            fi
            (cd "$work" && exec env "${envs[@]}" QUARKUS_HTTP_PORT=$port QUARKUS_MANAGEMENT_PORT=$((port + 1000)) \
                "${command[@]}" >"$work/log" 2>&1) &
            pid=$!
            wait_ready "$pid" "$port" || { echo "$svc ($label) died; the end of its log:" >&2; tail -20 "$work/log" >&2; exit 1; }
            ms=$(( ($(date +%s%N) - start) / 1000000 ))
            sleep 5
            mib=$(( $(awk '/VmRSS/ {print $2}' "/proc/$pid/status") / 1024 ))
            anon_mib=$(( $(awk '/RssAnon/ {print $2}' "/proc/$pid/status") / 1024 ))
            kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
            ready[$label]+="$ms "; rss[$label]+="$mib "; anon[$label]+="$anon_mib "; each[$label]+="$ms/$mib ($l) "
            started[$label]+="$(sed -n 's/.* started in \([0-9.]*\)s.*/\1/p' "$work/log" | head -1 | awk '{print int($1 * 1000)}') "
            if [ "${STARTUP_STEPS:-0}" = 1 ]; then
                sed -n 's/.*Build step \(.*\) completed in: \([0-9]*\)ms/\2 \1/p' "$work/log" | sed "s/^/$label /" >>"$work/steps"
            fi
        done
    done
    for v in "${variants[@]}"; do
        label=${v%%=*}
        printf '%-21s %-8s %9s %9s %8s %9s   %s\n' "$svc" "$label" "$(med "${ready[$label]}")" \
            "$(med "${started[$label]}")" "$(med "${rss[$label]}")" "$(med "${anon[$label]}")" "${each[$label]}"
    done
    if [ "${STARTUP_STEPS:-0}" = 1 ]; then
        for v in "${variants[@]}"; do
            label=${v%%=*}
            echo "  $svc $label, slowest start-up steps (median ms over the runs):"
            for step in $(awk -v l="$label" '$1 == l { print $3 }' "$work/steps" | sort -u); do
                echo "$(awk -v l="$label" -v s="$step" '$1 == l && $3 == s { print $2 }' "$work/steps" | median) $step"
            done | sort -rn | head -12 | sed 's/^/    /'
        done
    fi
    unset ready started rss anon each
    rm -rf "$work"
done
for v in "${variants[@]}"; do echo "  ${v%%=*}: ${v#*=}"; done
