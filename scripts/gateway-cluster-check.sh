#!/usr/bin/env bash
# Read-back checks between a real Cassandra cluster and a gateway in front of
# it: data written through either reads back identically through the other
# (names, values, timestamps, TTLs, super columns, deletions, counters). The
# cluster's side is its own Thrift (3.x) or, with --cql, CQL (4.x+, no Thrift).
# Not part of the test command: it needs a cluster.
#
# usage: scripts/gateway-cluster-check.sh URL (--thrift HOST:PORT | --cql HOSTS)
#            [--rf N] [--partitioner CLASS] [--down] [--gateway HOST:PORT]
#   URL          the cluster, as `serve --backend` takes it
#                (cassandra://127.0.0.1,127.0.0.2,127.0.0.3)
#   --thrift     the cluster's own Thrift (start_rpc: true), e.g. 127.0.0.1:9160
#   --cql        a 4.x+ cluster (no Thrift): compare with CQL reads and writes
#                instead (gateway_cql_check.py), e.g. 127.0.0.1,127.0.0.2; needs
#                the python driver (`cassandra`) importable, or CQL_DRIVER_PATH
#                (a PYTHONPATH, e.g. a Cassandra tree's lib/ zips cqlsh uses)
#   --rf         the check keyspace's replication factor (default 3)
#   --partitioner  the cluster's (default Murmur3Partitioner); the gateway
#                must use the same to scan in the cluster's token order
#   --down       one node of the cluster is stopped: check that QUORUM
#                writes and reads succeed and ALL is UnavailableException
#   --gateway    use this running gateway instead of starting one
#
# Each run makes a new keyspace GwCheck_<random> (GwCql_<random> with --cql; left in the cluster to
# inspect). Exits non-zero when any check fails; prints PASS/FAIL per check.
set -uo pipefail
. "$(dirname "$0")/env.sh"

URL=${1:-}
[ -n "$URL" ] && shift
THRIFT="" CQL="" RF=3 DOWN="" GATEWAY=""
PARTITIONER=org.apache.cassandra.dht.Murmur3Partitioner
while [ $# -gt 0 ]; do
    case "$1" in
        --thrift) THRIFT=$2; shift 2 ;;
        --cql) CQL=$2; shift 2 ;;
        --rf) RF=$2; shift 2 ;;
        --partitioner) PARTITIONER=$2; shift 2 ;;
        --down) DOWN=--down; shift ;;
        --gateway) GATEWAY=$2; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
if [ -z "$URL" ] || [ -z "$THRIFT$CQL" ]; then
    sed -n '8,24p' "$0" >&2
    exit 2
fi
ensure_python || exit 1

PID="" DIR=""
cleanup() {
    if [ -n "$PID" ]; then
        kill -TERM "$PID" 2>/dev/null
        wait "$PID" 2>/dev/null
    fi
    [ -n "$DIR" ] && rm -rf "$DIR"
}
trap cleanup EXIT

if [ -z "$GATEWAY" ]; then
    [ -n "${SUPERCOLUMN_BIN:-}" ] || ensure_binary || exit 1
    DIR=$(mktemp -d)
    # No keyspaces of its own: the check declares the one it uses.
    printf 'cluster_name: gateway-check\npartitioner: %s\ncommitlog_sync: periodic\ncommitlog_sync_period_in_ms: 10000\n' \
        "$PARTITIONER" >"$DIR/gateway.yaml"
    : >"$DIR/out"
    "$SUPERCOLUMN_BIN" serve --config "$DIR/gateway.yaml" --listen 127.0.0.1:0 \
        --native-listen 127.0.0.1:0 --data-dir "$DIR/data" --backend "$URL" --create-schema \
        >"$DIR/out" 2>"$DIR/err" &
    PID=$!
    for _ in $(seq 1 600); do
        PORT=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$DIR/out")
        [ -n "$PORT" ] && break
        if ! kill -0 "$PID" 2>/dev/null; then
            echo "the gateway exited before it was ready:" >&2
            cat "$DIR/err" >&2
            PID=""
            exit 1
        fi
        sleep 0.1
    done
    if [ -z "${PORT:-}" ]; then
        echo "the gateway did not announce its port within 60 s" >&2
        tail -20 "$DIR/err" >&2
        exit 1
    fi
    GATEWAY=127.0.0.1:$PORT
    echo "gateway-cluster-check: gateway pid $PID on $GATEWAY, backend $URL"
fi

if [ -n "$CQL" ]; then
    PYTHONPATH=$ROOT/clients/python:$ROOT/scripts${CQL_DRIVER_PATH:+:$CQL_DRIVER_PATH} \
        "$PYTHON" -W ignore "$ROOT/scripts/gateway_cql_check.py" --cql "$CQL" --gateway "$GATEWAY" \
        --rf "$RF" $DOWN
else
    PYTHONPATH=$ROOT/clients/python "$PYTHON" "$ROOT/scripts/gateway_cluster_check.py" \
        --cluster-thrift "$THRIFT" --gateway "$GATEWAY" --rf "$RF" $DOWN
fi
RC=$?
if [ $RC -ne 0 ] && [ -n "$DIR" ]; then
    echo "-- the gateway's log (warnings and errors):"
    grep -E ' (WARN|ERROR) ' "$DIR/err" | grep -v sharding | tail -20
fi
exit $RC
