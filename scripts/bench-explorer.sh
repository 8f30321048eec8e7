#!/usr/bin/env bash
# Explorer API timing: not part of the test command (speed is
# measured, never asserted). A fresh release server (the repository's
# storage-conf.xml, data in a temporary directory, the admin surface on) gets
# KEYS partitions of 5 columns in Keyspace1.Standard1 from `supercolumn stress`;
# then, with the data in memtables and again after a flush (in SSTables), the
# explorer's partition listing is timed: the first page, a page from the
# middle of the ring (`after=`), and a key lookup (`key=`), each RUNS times
# over HTTP with curl (median and max, in ms); and one stats and one ring call,
# which scan the whole column family.
#
#   scripts/bench-explorer.sh [-n KEYS] [--runs RUNS] [--limit PAGE]
#
# KEYS defaults to 100000, RUNS to 20, PAGE to 100. SUPERCOLUMN_BIN runs that
# binary instead of building one (see scripts/env.sh). With GATEWAY=1 (see
# scripts/server-lib.sh) the explorer is asked through a gateway in front of a
# backend supercolumn (the live views of `node::live`), once: a cluster's
# files are not the gateway's to flush.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

keys=100000
runs=20
limit=100
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --limit) limit=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
command -v curl >/dev/null || { echo "bench-explorer.sh needs curl" >&2; exit 1; }
ensure_binary
trap 'for pid in ${SERVER_PID:-} ${BACKEND_PID:-}; do kill -9 "$pid" 2>/dev/null || true; done' EXIT
start_server "$ROOT/storage-conf.xml" --admin-listen 127.0.0.1:0
ADMIN_PORT=$(sed -n 's/^supercolumn admin on .*:\([0-9][0-9]*\)$/\1/p' "$SERVER_OUT")
[ -n "$ADMIN_PORT" ] || { echo "no admin port announced" >&2; exit 1; }
api="http://127.0.0.1:$ADMIN_PORT/api/explorer/keyspaces/Keyspace1/cfs/Standard1"

echo "supercolumn explorer bench: $keys partitions, page of $limit, $runs runs ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
"$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$SERVER_PORT" --api 19 -t 4 -n "$keys" \
    --operation insert --keyspace Keyspace1 >/dev/null

# Median and max of RUNS timings of one URL, in ms.
timed() {
    local label=$1 url=$2
    for _ in $(seq 1 "$runs"); do
        curl -sf -o /dev/null -w '%{time_total}\n' "$url"
    done | sort -n | awk -v label="$label" '
        { t[NR] = $1 * 1000 }
        END { printf "  %-34s median %8.2f ms   max %8.2f ms\n", label, t[int((NR + 1) / 2)], t[NR] }'
}

once() {
    local label=$1 url=$2
    curl -sf -o /dev/null -w '%{time_total}\n' "$url" |
        awk -v label="$label" '{ printf "  %-34s %8.1f ms\n", label, $1 * 1000 }'
}

report() {
    local where=$1 middle first_key count
    count=$(curl -sf "$api/partitions?limit=$limit" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["partitions"]))')
    middle=$(curl -sf "$api/partitions?limit=1000" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitions"][-1]["key_hex"])')
    first_key=$(curl -sf "$api/partitions?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["partitions"][0]["key"])')
    echo "$where ($count partitions on the first page):"
    timed "first page (limit=$limit)" "$api/partitions?limit=$limit"
    timed "page after the 1000th partition" "$api/partitions?limit=$limit&after=$middle"
    timed "key lookup (key=...)" "$api/partitions?key=$(python3 -c 'import sys,urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$first_key")"
    once "stats (whole CF)" "$api/stats"
    curl -sf "$api/stats" | python3 -c 'import json,sys; s=json.load(sys.stdin); print("  stats counted %d partitions, %d cells, %d bytes" % (s["partitions"], s["cells"], s["bytes"]))'
    once "ring nodes=6 rf=3 (whole CF)" "$api/ring?nodes=6&rf=3&partitioner=murmur3"
}

if [ -n "${GATEWAY:-}" ]; then
    report "through a gateway (the backend's data in memtables)"
else
    report "in memtables"
    curl -sf -X POST "http://127.0.0.1:$ADMIN_PORT/flush" -d '{}' >/dev/null
    report "in SSTables (after a flush)"
fi
stop_server
SERVER_PID=
BACKEND_PID=
