#!/usr/bin/env bash
# What the capture proxy costs an application: not part of the test command (speed is
# measured, never asserted). One in-memory supercolumn serves Thrift and the native protocol;
# `supercolumn stress` runs against it straight ("direct") and through `supercolumn capture`
# in front of it ("proxy", recording into a file), back to back under the same machine load,
# for --api 19 (insert: a batch_mutate of 5 columns of 34 bytes; read: get_slice of that row)
# and --api native (the same cells through prepared statements). Each pair runs RUNS times,
# alternating which goes first. Per run a line: ops/s and median latency of each side, the
# proxy's throughput as a share of direct and its added median latency; then the medians of
# those two figures over the runs, per API and operation, and the capture file's size per
# call. Ends with the proxy's resident memory (VmRSS) sampled over one long run, first and
# last sample, to show it does not grow with the capture.
#
#   scripts/capture-overhead.sh [OUT_DIR]   (default: a new temporary directory, kept)
#
# Env: SECONDS_PER_RUN (10), RUNS (3), THREADS (4), KEYS (5000), RSS_SECONDS (60),
# SUPERCOLUMN_BIN (see scripts/env.sh). Ports: free ones (port 0).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

SECS=${SECONDS_PER_RUN:-10}
RUNS=${RUNS:-3}
THREADS=${THREADS:-4}
KEYS=${KEYS:-5000}
RSS_SECONDS=${RSS_SECONDS:-60}
OUT=${1:-$(mktemp -d /tmp/capture-overhead.XXXXXX)}
mkdir -p "$OUT"
say() { printf 'capture-overhead: %s\n' "$*"; }
ensure_binary

SERVER_PID= PROXY_PID=
cleanup() {
    [ -n "$PROXY_PID" ] && kill "$PROXY_PID" 2>/dev/null || true
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
}
trap cleanup EXIT

"$SUPERCOLUMN_BIN" serve --in-memory --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
    --admin-listen off >"$OUT/server.out" 2>"$OUT/server.err" &
SERVER_PID=$!
THRIFT=$(wait_line "$OUT/server.out" "supercolumn listening on")
NATIVE=$(wait_line "$OUT/server.out" "supercolumn native on")

start_proxy() { # FILE -> PROXY_PID, P_THRIFT, P_NATIVE
    "$SUPERCOLUMN_BIN" capture --listen 127.0.0.1:0 --to "127.0.0.1:$THRIFT" \
        --native-listen 127.0.0.1:0 --native-to "127.0.0.1:$NATIVE" --file "$1" \
        >"$OUT/proxy.out" 2>"$OUT/proxy.err" &
    PROXY_PID=$!
    P_THRIFT=$(wait_line "$OUT/proxy.out" "supercolumn capture listening on")
    P_NATIVE=$(wait_line "$OUT/proxy.out" "supercolumn capture native on")
}
stop_proxy() { kill -TERM "$PROXY_PID"; wait "$PROXY_PID" || true; PROXY_PID=; }

stress() { # API OP PORT LOG -> "ops/s median_ms"
    "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$3" --api "$1" --operation "$2" \
        -n "$KEYS" -t "$THREADS" --duration "$SECS" >"$4" 2>&1
    awk '/^throughput/ {t=$2} /^latency ms/ {m=$4} END {print t, m}' "$4"
}

# Schema and data for the reads: one pass of inserts per API, straight to the server.
for api in 19 native; do
    port=$THRIFT
    [ $api = native ] && port=$NATIVE
    "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$port" --api $api --operation insert \
        -n "$KEYS" -t "$THREADS" >"$OUT/load-$api.log" 2>&1
done

results=$OUT/runs.tsv
: >"$results"
for api in 19 native; do
    for op in insert read; do
        for run in $(seq 1 "$RUNS"); do
            file=$OUT/run-$api-$op-$run.capture
            start_proxy "$file"
            d_port=$THRIFT p_port=$P_THRIFT
            [ $api = native ] && d_port=$NATIVE p_port=$P_NATIVE
            if [ $((run % 2)) = 1 ]; then
                read -r d_ops d_p50 < <(stress $api $op "$d_port" "$OUT/direct-$api-$op-$run.log")
                read -r p_ops p_p50 < <(stress $api $op "$p_port" "$OUT/proxy-$api-$op-$run.log")
            else
                read -r p_ops p_p50 < <(stress $api $op "$p_port" "$OUT/proxy-$api-$op-$run.log")
                read -r d_ops d_p50 < <(stress $api $op "$d_port" "$OUT/direct-$api-$op-$run.log")
            fi
            stop_proxy
            calls=$(awk '/^operations/ {print $2}' "$OUT/proxy-$api-$op-$run.log")
            bytes=$(cat "$file"* | wc -c)
            rm -f "$file"*
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$api" "$op" "$run" "$d_ops" "$d_p50" \
                "$p_ops" "$p_p50" "$calls" "$bytes" >>"$results"
            awk -F'\t' -v r="$run" 'END {printf "capture-overhead: %-6s %-6s run %s  direct %6.0f ops/s p50 %.3f ms  proxy %6.0f ops/s p50 %.3f ms  (%.1f%% of direct, p50 %+.1f%%)\n",
                $1, $2, r, $4, $5, $6, $7, 100 * $6 / $4, 100 * ($7 - $5) / $5}' "$results"
        done
    done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
groups = {}
for api, op, _, d_ops, d_p50, p_ops, p_p50, calls, size in rows:
    g = groups.setdefault((api, op), {"share": [], "p50": [], "bytes": []})
    g["share"].append(100 * float(p_ops) / float(d_ops))
    g["p50"].append(100 * (float(p_p50) - float(d_p50)) / float(d_p50))
    g["bytes"].append(int(size) / max(1, int(calls)))
for (api, op), g in groups.items():
    print("capture-overhead: %-6s %-6s median over %d runs: proxy %.1f%% of direct throughput, "
          "p50 %+.1f%%, %.0f capture bytes per call" % (
              api, op, len(g["share"]), statistics.median(g["share"]),
              statistics.median(g["p50"]), statistics.median(g["bytes"])))
PY

# The proxy's memory over one long capture: it must stay flat while the file grows.
start_proxy "$OUT/long.capture"
"$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$P_THRIFT" --api 19 --operation insert \
    -n "$KEYS" -t "$THREADS" --duration "$RSS_SECONDS" >"$OUT/long.log" 2>&1 &
load=$!
: >"$OUT/rss.txt"
while kill -0 "$load" 2>/dev/null; do
    awk '/^VmRSS/ {print $2}' "/proc/$PROXY_PID/status" >>"$OUT/rss.txt" 2>/dev/null || true
    sleep 1
done
wait "$load" || true
stop_proxy
say "proxy RSS over a ${RSS_SECONDS} s capture ($(wc -c <"$OUT/long.capture") bytes): first $(head -n 3 "$OUT/rss.txt" | tail -n 1) kB, last $(tail -n 1 "$OUT/rss.txt") kB, max $(sort -n "$OUT/rss.txt" | tail -n 1) kB"
rm -f "$OUT/long.capture"*
say "logs in $OUT"
