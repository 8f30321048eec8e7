#!/usr/bin/env bash
# Hung nodes under load: two of a 3-node cluster's nodes stopped with SIGSTOP
# under QUORUM load through a gateway's Thrift and native ports (and straight
# to the cluster beside it), every failure's kind and latency recorded, the
# nodes resumed, recovery time and lost writes checked; and whether a
# keyspace made through the gateway has every write coordinated by a replica
# from the first one. Not part of the test command: it needs a cluster (e.g.
# ../shared/peers/c311-start-cluster.sh's 3.11 on 127.0.0.1-3).
#
# usage: scripts/gateway-hung-check.sh URL --stop "PID PID" [--jmx HOST:PORT,...]
#            [--pycassa] [--before S] [--hold S] [--after S] [--threads N]
#   URL       the cluster, as `serve --backend` takes it
#             (cassandra://127.0.0.1,127.0.0.2,127.0.0.3); its hosts' Thrift
#             (9160, the first host's) and native (9042) ports are the direct side;
#             a cluster whose first host has no Thrift (4.0+) is compared on its
#             native port only (no direct-thrift, no direct-pycassa)
#   --stop    the pids of the two nodes to stop (e.g. $C311_HOME/node{2,3}/pid);
#             none of them the first host's (the direct Thrift loader's coordinator)
#   --jmx     the nodes' JMX as HOST:PORT,..., in the URL's host order (3.11 from
#             c311-start-cluster.sh: 127.0.0.1:7199,127.0.0.1:7299,127.0.0.1:7399): runs the routing check
#             (scripts/JmxCounts.java, with the JDK's `java`) before the load:
#             an RF 1 keyspace made through the gateway's Thrift, then one
#             through its native port, each written to at once; every node's
#             coordinated writes (ClientRequest Write) must equal the writes it
#             applied to those tables (with RF 1: each write coordinated by
#             its replica)
#   --pycassa also load through pycassa 1.11.2 (jython; scripts/pycassa-lib.sh
#             installs it), to the gateway's Thrift and the first host's, with
#             its pool's default retries (clients/pycassa/hung_load.py)
#   --before/--hold/--after  seconds of load before SIGSTOP (10), stopped (30),
#             after SIGCONT (20); --threads per loader (2)
#   --write-timeout-ms/--read-timeout-ms  the cluster's (2000, 5000: 2.0+ defaults)
#
# GATEWAY_LOG=FILE keeps the gateway's log (RUST_LOG filters it).
# Needs python-driver and thrift importable: clients/.build/native-venv (made
# by scripts/run-native-drivers.sh) or PYTHON. Exits non-zero when a check fails.
set -uo pipefail
. "$(dirname "$0")/env.sh"

URL=${1:-}
[ -n "$URL" ] && shift
STOP="" JMX="" PYCASSA="" PASS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --stop) STOP=$2; shift 2 ;;
        --jmx) JMX=$2; shift 2 ;;
        --pycassa) PYCASSA=1; shift ;;
        --before|--hold|--after|--threads|--write-timeout-ms|--read-timeout-ms) PASS+=("$1" "$2"); shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
if [ -z "$URL" ] || [ -z "$STOP" ]; then
    sed -n '10,36p' "$0" >&2
    exit 2
fi
PY=${PYTHON:-$ROOT/clients/.build/native-venv/bin/python}
"$PY" -c 'import cassandra, thrift' 2>/dev/null ||
    { echo "no python with cassandra-driver and thrift: run scripts/run-native-drivers.sh once, or set PYTHON" >&2; exit 2; }
[ -n "${SUPERCOLUMN_BIN:-}" ] || ensure_binary || exit 1
if [ -n "$PYCASSA" ]; then
    . "$ROOT/scripts/pycassa-lib.sh"
    [ -f "$SITE/.installed-$PYCASSA_VERSION-$THRIFT_VERSION-$SIX_VERSION" ] || { ensure_python && install_pycassa; } || exit 1
    PASS+=(--pycassa "$(jython_command)")
    export JYTHONPATH=$SITE
fi
HOSTS=${URL#cassandra://}
HOSTS=${HOSTS%%\?*}
FIRST=${HOSTS%%,*}

PID="" DIR=$(mktemp -d)
cleanup() {
    # Never leave a node stopped.
    for p in $STOP; do kill -CONT "$p" 2>/dev/null; done
    if [ -n "$PID" ]; then
        kill -TERM "$PID" 2>/dev/null
        wait "$PID" 2>/dev/null
    fi
    [ -z "${GATEWAY_LOG:-}" ] || cp "$DIR/err" "$GATEWAY_LOG"
    rm -rf "$DIR"
}
trap cleanup EXIT

# No --config: the built-in default, which takes the cluster's partitioner and
# creates nothing in it; the check makes its keyspaces through the gateway.
: >"$DIR/out"
(cd "$DIR" && exec "$SUPERCOLUMN_BIN" serve --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
    --admin-listen off --data-dir "$DIR/data" --backend "$URL" >"$DIR/out" 2>"$DIR/err") &
PID=$!
for _ in $(seq 1 600); do
    PORT=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$DIR/out")
    [ -n "$PORT" ] && break
    kill -0 "$PID" 2>/dev/null || { echo "the gateway exited:" >&2; cat "$DIR/err" >&2; PID=""; exit 1; }
    sleep 0.1
done
NATIVE=$(sed -n 's/^supercolumn native on .*:\([0-9][0-9]*\)$/\1/p' "$DIR/out")
[ -n "${PORT:-}" ] && [ -n "$NATIVE" ] || { echo "the gateway did not announce its ports" >&2; exit 1; }
echo "gateway-hung-check: gateway pid $PID, Thrift 127.0.0.1:$PORT, native 127.0.0.1:$NATIVE, backend $URL"

export PYTHONPATH=$ROOT/clients/python:$ROOT/scripts
DIRECT_THRIFT=${FIRST%%:*}:9160
if ! (exec 3<>"/dev/tcp/${FIRST%%:*}/9160") 2>/dev/null; then
    echo "gateway-hung-check: $DIRECT_THRIFT has no Thrift: the direct side is the native port alone"
    DIRECT_THRIFT=""
fi
RC=0
if [ -n "$JMX" ]; then
    "$PY" -W ignore "$ROOT/scripts/gateway_route_check.py" --gateway-thrift "127.0.0.1:$PORT" \
        --gateway-native "127.0.0.1:$NATIVE" --hosts "$HOSTS" --jmx "$JMX" \
        --jmx-tool "$ROOT/scripts/JmxCounts.java" || RC=1
fi
"$PY" -W ignore "$ROOT/scripts/gateway_hung_check.py" --gateway-thrift "127.0.0.1:$PORT" \
    --gateway-native "127.0.0.1:$NATIVE" --cluster-thrift "$DIRECT_THRIFT" \
    --cluster-hosts "$HOSTS" --stop "$STOP" --events "${EVENTS:-/tmp/gateway-hung-events.jsonl}" \
    "${PASS[@]}" || RC=1
if [ $RC -ne 0 ]; then
    echo "-- the gateway's log (warnings and errors):"
    grep -E ' (WARN|ERROR) ' "$DIR/err" | tail -20
fi
exit $RC
