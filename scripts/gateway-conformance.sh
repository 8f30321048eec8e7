#!/usr/bin/env bash
# Replays the recorded conformance cases through a gateway (serve --backend)
# and lists what fails there.
#
# usage: scripts/gateway-conformance.sh [--backend URL | --storage compact|noncompact]
#                                      [--config FILE] [--expect FILE | CASES_DIR_OR_FILE...]
#        (default: the 1.2.9 cases and the CQL3 cases on the config they were recorded under, then
#        the 0.6 cases on theirs)
#
# --expect FILE runs only the cases FILE lists (one `api19/NAME`, `cql3/NAME` or `api2/NAME`
# a line; `#` starts a comment), each set on its own config, and fails on any
# of them failing: the regression check CI runs (scripts/test-all.sh), on
# scripts/gateway-conformance.expected. The cases left out, with the reason
# each fails through a gateway, are listed in docs/gateway.md, "Conformance through a gateway".
#
# Without --backend, a backend supercolumn serving the native protocol is
# started first (on the same config, in a temporary directory), and the gateway keeps its
# data there; with --backend URL, the gateway uses that cluster (which must
# use the config's partitioner, or the gateway refuses to start); the gateway creates
# the config's keyspaces there (--create-schema). Each case set gets a fresh pair of servers.
# --storage noncompact asks the gateway for the table layout of Cassandra
# 4.x/5.x (`?storage=noncompact`: static columns, no COMPACT STORAGE) in the
# backend it starts.
# Exits non-zero when any case fails: the list of failing scenarios is the
# work left for the cluster backend (see docs/gateway.md).
set -uo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

CONF=$CONFORMANCE_DIR
check_corpus || exit 1
BACKEND_URL=""
CONFIG=""
EXPECT=""
STORAGE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --backend) BACKEND_URL=$2; shift 2 ;;
        --config) CONFIG=$2; shift 2 ;;
        --expect) EXPECT=$2; shift 2 ;;
        --storage)
            case "$2" in
                compact | noncompact) STORAGE=$2 ;;
                *) echo "gateway-conformance: --storage takes compact or noncompact" >&2; exit 2 ;;
            esac
            shift 2
            ;;
        *) break ;;
    esac
done
ensure_binary || exit 1
ensure_python || exit 1

# One run: CONFIG CASES... through a gateway; prints the replay's report.
run_set() {
    local config=$1
    shift
    local url=$BACKEND_URL backend_pid=""
    if [ -z "$url" ]; then
        start_server "$config" --native-listen 127.0.0.1:0 || return 1
        backend_pid=$SERVER_PID
        BACKEND_DATA=$SERVER_DATA
        url="cassandra://127.0.0.1:$NATIVE_PORT${STORAGE:+?storage=$STORAGE}"
        echo "gateway-conformance: backend pid $backend_pid, native port $NATIVE_PORT"
    fi
    local served
    served=$(mktemp --suffix=.conf)
    sed 's|<ThriftFramedTransport>false</ThriftFramedTransport>|<ThriftFramedTransport>true</ThriftFramedTransport>|' "$config" >"$served"
    if ! start_server "$served" --backend "$url" --create-schema; then
        [ -n "$backend_pid" ] && kill -9 "$backend_pid" 2>/dev/null
        rm -f "$served"
        return 1
    fi
    echo "gateway-conformance: gateway pid $SERVER_PID on port $SERVER_PORT"
    local rc=0
    "$PYTHON" "$CONF/replay.py" --port "$SERVER_PORT" --auto "$@" || rc=1
    stop_server || rc=1
    if [ -n "$backend_pid" ]; then
        kill -TERM "$backend_pid" 2>/dev/null
        wait "$backend_pid" 2>/dev/null
        rm -rf "$BACKEND_DATA" "$BACKEND_DATA.stdout" "$BACKEND_DATA.stderr"
    fi
    rm -f "$served"
    return $rc
}

# The case files of one set (v19, cql3 or v06) that EXPECT lists.
expected_cases() {
    local set=$1 name
    sed -e 's/#.*//' -e 's/[[:space:]]//g' "$EXPECT" | while read -r name; do
        case $name in
            "$set"/*) echo "$CONF/cases/$name.json" ;;
        esac
    done
}

RC=0
if [ -n "$EXPECT" ]; then
    [ -f "$EXPECT" ] || { echo "gateway-conformance: no such list: $EXPECT" >&2; exit 2; }
    for set in v19 cql3 v06; do
        mapfile -t cases < <(expected_cases "$set")
        [ ${#cases[@]} -gt 0 ] || continue
        for f in "${cases[@]}"; do
            [ -f "$f" ] || { echo "gateway-conformance: $EXPECT names a missing case: $f" >&2; exit 2; }
        done
        conf_file=storage-conf.xml
        [ "$set" = v06 ] || conf_file=storage-conf-v19.xml
        echo "== $set: ${#cases[@]} cases expected to pass through a gateway"
        run_set "${CONFIG:-$CONF/config/$conf_file}" "${cases[@]}" || RC=1
    done
    [ $RC -eq 0 ] || echo "gateway-conformance: a case expected to pass failed (a regression), see above" >&2
    exit $RC
elif [ $# -gt 0 ]; then
    run_set "${CONFIG:-$CONF/config/storage-conf-v19.xml}" "$@" || RC=1
else
    echo "== 1.2.9 cases"
    run_set "${CONFIG:-$CONF/config/storage-conf-v19.xml}" "$CONF/cases/v19" || RC=1
    echo "== 1.2.9 CQL3 cases"
    run_set "${CONFIG:-$CONF/config/storage-conf-v19.xml}" "$CONF/cases/cql3" || RC=1
    echo "== 0.6 cases"
    run_set "${CONFIG:-$CONF/config/storage-conf.xml}" "$CONF/cases/v06" || RC=1
fi
exit $RC
