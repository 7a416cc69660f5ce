# Sourced by deploy/local/run and .ci/run: selects a JDK 21+ and exports JAVA_HOME and PATH for it. In your own bash,
# before ./mvnw:  source deploy/local/jdk.sh && paygate_select_jdk
# Order: $JAVA_HOME if it is 21+, the default `java` if it is 21+, then the newest 21+ JDK under the
# usual install roots. Otherwise it says what to install and returns 1.

paygate_java_major() {
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
        | awk -F'= ' '/java.specification.version/ { print $2; exit }' | cut -d. -f1
}

paygate_select_jdk() {
    local candidates=() c major
    [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
    if command -v java >/dev/null 2>&1; then
        candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
    fi
    for c in $(ls -d /usr/lib/jvm/*/ /opt/java/*/ /opt/jdk*/ /usr/local/java/*/ 2>/dev/null | sort -r -V); do
        candidates+=("${c%/}")
    done
    for c in "${candidates[@]}"; do
        [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
        major=$(paygate_java_major "$c")
        if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
            if [ -n "${JAVA_HOME:-}" ] && [ "$c" != "$JAVA_HOME" ]; then
                echo "note: JAVA_HOME=$JAVA_HOME is older than 21; using $c" >&2
            fi
            export JAVA_HOME="$c"
            export PATH="$JAVA_HOME/bin:$PATH"
            return 0
        fi
    done
    cat >&2 <<MSG
paygate needs a JDK 21 or newer and found none (JAVA_HOME, the default java, /usr/lib/jvm, /opt/java).
Install one, e.g. 'apt-get install openjdk-21-jdk-headless' or Eclipse Temurin 21, and set JAVA_HOME to it.
MSG
    return 1
}

# Run instead of sourced, it can set nothing in the caller's shell: it says which JDK it would pick and how to use it.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    paygate_select_jdk || exit 1
    echo "JDK 21+: $JAVA_HOME. This file is sourced, not run; in bash: source deploy/local/jdk.sh && paygate_select_jdk" >&2
fi
