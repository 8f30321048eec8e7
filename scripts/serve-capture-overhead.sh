#!/usr/bin/env bash
# What `serve --capture` costs an application: not part of the test command (speed is
# measured, never asserted). Two in-memory supercolumns, one plain ("direct") and one
# recording its own traffic into a file ("tapped": the front ends hand every byte to the
# capture from their own connection tasks, no proxy between), each loaded with the same
# rows; `supercolumn stress` runs against each in turn, in a rotating order under the same
# machine load, for --api 19 and --api native, insert and read (the operations of
# scripts/capture-overhead.sh). Per run a line; then, per API and operation, the medians
# over the runs of the tapped server's throughput as a share of direct, its added median
# latency, and the capture's size per call.
#
#   scripts/serve-capture-overhead.sh [OUT_DIR]   (default: a new temporary directory, kept)
#
# Env: SECONDS_PER_RUN (10), RUNS (3), THREADS (4), KEYS (5000), SUPERCOLUMN_BIN (see scripts/env.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

SECS=${SECONDS_PER_RUN:-10}
RUNS=${RUNS:-3}
THREADS=${THREADS:-4}
KEYS=${KEYS:-5000}
OUT=${1:-$(mktemp -d /tmp/serve-capture-overhead.XXXXXX)}
mkdir -p "$OUT"
say() { printf 'serve-capture-overhead: %s\n' "$*"; }
ensure_binary

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

start() { # NAME ARGS...: a server in the background, its pid kept for the cleanup
    local name=$1
    shift
    "$SUPERCOLUMN_BIN" serve --in-memory --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
        --admin-listen off "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
    PIDS+=($!)
}
start direct
start tapped --capture "$OUT/tapped.capture"
D_THRIFT=$(wait_line "$OUT/direct.out" "supercolumn listening on")
D_NATIVE=$(wait_line "$OUT/direct.out" "supercolumn native on")
T_THRIFT=$(wait_line "$OUT/tapped.out" "supercolumn listening on")
T_NATIVE=$(wait_line "$OUT/tapped.out" "supercolumn native on")

stress() { # API OP PORT LOG -> "ops/s median_ms calls"
    "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$3" --api "$1" --operation "$2" \
        -n "$KEYS" -t "$THREADS" --duration "$SECS" >"$4" 2>&1
    awk '/^throughput/ {t=$2} /^latency ms/ {m=$4} /^operations/ {n=$2} END {print t, m, n}' "$4"
}
port() { # SIDE API
    case $1/$2 in
        direct/19) echo "$D_THRIFT" ;; direct/native) echo "$D_NATIVE" ;;
        tapped/19) echo "$T_THRIFT" ;; tapped/native) echo "$T_NATIVE" ;;
    esac
}

# The rows the reads read, on both servers.
for side in direct tapped; do
    for api in 19 native; do
        "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$(port $side $api)" --api $api \
            --operation insert -n "$KEYS" -t "$THREADS" >"$OUT/load-$side-$api.log" 2>&1
    done
done

results=$OUT/runs.tsv
: >"$results"
for api in 19 native; do
    for op in insert read; do
        for run in $(seq 1 "$RUNS"); do
            before=$(cat "$OUT/tapped.capture"* | wc -c)
            if [ $((run % 2)) = 1 ]; then order="direct tapped"; else order="tapped direct"; fi
            declare -A got=()
            for side in $order; do
                got[$side]=$(stress "$api" "$op" "$(port $side $api)" "$OUT/$side-$api-$op-$run.log")
            done
            sleep 0.1 # the capture's writer takes what is queued every 5 ms
            bytes=$(( $(cat "$OUT/tapped.capture"* | wc -c) - before ))
            read -r d_ops d_p50 _ <<<"${got[direct]}"
            read -r t_ops t_p50 calls <<<"${got[tapped]}"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$api" "$op" "$run" "$d_ops" "$d_p50" \
                "$t_ops" "$t_p50" "$calls" "$bytes" >>"$results"
            awk -F'\t' 'END { printf "serve-capture-overhead: %-6s %-6s run %s  direct %6.0f ops/s p50 %.3f ms  tapped %6.0f ops/s p50 %.3f ms (%.1f%% of direct, p50 %+.1f%%)\n", $1, $2, $3, $4, $5, $6, $7, 100 * $6 / $4, 100 * ($7 - $5) / $5 }' "$results"
            unset got
        done
    done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
groups = {}
for api, op, _, d_ops, d_p50, t_ops, t_p50, calls, size in rows:
    g = groups.setdefault((api, op), {"share": [], "p50": [], "bytes": []})
    g["share"].append(100 * float(t_ops) / float(d_ops))
    g["p50"].append(100 * (float(t_p50) - float(d_p50)) / float(d_p50))
    g["bytes"].append(int(size) / max(1, int(calls)))
med = statistics.median
for (api, op), g in groups.items():
    print("serve-capture-overhead: %-6s %-6s median over %d runs: tapped %.1f%% of direct "
          "throughput, p50 %+.1f%%, %.0f capture bytes per call" % (
              api, op, len(g["share"]), med(g["share"]), med(g["p50"]), med(g["bytes"])))
PY
say "logs in $OUT"
