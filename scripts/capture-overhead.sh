#!/usr/bin/env bash
# What the capture proxy costs an application: not part of the test command (speed is
# measured, never asserted). One in-memory supercolumn serves Thrift and the native protocol;
# `supercolumn stress` runs against it straight ("direct") and through `supercolumn capture`
# in front of it ("proxy", recording into a file), back to back under the same machine load,
# for --api 19 (insert: a batch_mutate of 5 columns of 34 bytes; read: get_slice of that row)
# and --api native (the same cells through prepared statements). When haproxy is installed,
# a third side goes through it ("haproxy": one thread, TCP mode, forwarding without recording):
# what any proxy's extra hop costs on the same machine, beside what recording adds to it.
# Each run takes the sides in a rotating order. Per run a line: ops/s and median latency of
# each side, each proxy's throughput as a share of direct, its added median latency and its
# CPU per call (user + system time of its process over the run, divided by the calls); then
# the medians of those figures over the runs, per API and operation, and the capture file's
# size per call. Ends with the proxy's resident memory (VmRSS) sampled over one long run,
# first and last sample, to show it does not grow with the capture. With RSS_PAUSE, that run
# is bursts of KEYS inserts, each on new connections, RSS_PAUSE seconds apart (hours of an
# application's traffic at a small share of the machine) rather than one flat-out load.
#
#   scripts/capture-overhead.sh [OUT_DIR]   (default: a new temporary directory, kept)
#
# Env: SECONDS_PER_RUN (10), RUNS (3), THREADS (4), KEYS (5000), RSS_SECONDS (60), RSS_PAUSE (0),
# HAPROXY (haproxy; "none" leaves that side out), SUPERCOLUMN_BIN (see scripts/env.sh),
# TARGET_THRIFT and TARGET_NATIVE (ports on 127.0.0.1 of a server already running, e.g. a real
# release from scripts/peers, instead of the in-memory supercolumn), NATIVE_VERSION (4; 2 for a
# 2.0 release).
# Ports: free ones.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

SECS=${SECONDS_PER_RUN:-10}
RUNS=${RUNS:-3}
THREADS=${THREADS:-4}
KEYS=${KEYS:-5000}
RSS_SECONDS=${RSS_SECONDS:-60}
RSS_PAUSE=${RSS_PAUSE:-0}
HAPROXY=${HAPROXY:-haproxy}
OUT=${1:-$(mktemp -d /tmp/capture-overhead.XXXXXX)}
mkdir -p "$OUT"
say() { printf 'capture-overhead: %s\n' "$*"; }
ensure_binary

SERVER_PID= PROXY_PID= REF_PID=
cleanup() {
    [ -n "$PROXY_PID" ] && kill "$PROXY_PID" 2>/dev/null || true
    [ -n "$REF_PID" ] && kill "$REF_PID" 2>/dev/null || true
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
}
trap cleanup EXIT

if [ -n "${TARGET_THRIFT:-}" ]; then
    # A server already running (a real release, say): the proxy in front of what it is for.
    THRIFT=$TARGET_THRIFT
    NATIVE=${TARGET_NATIVE:?TARGET_NATIVE: the native port of the same server}
    say "target: the server on 127.0.0.1:$THRIFT (Thrift) and 127.0.0.1:$NATIVE (native)"
else
    "$SUPERCOLUMN_BIN" serve --in-memory --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
        --admin-listen off >"$OUT/server.out" 2>"$OUT/server.err" &
    SERVER_PID=$!
    THRIFT=$(wait_line "$OUT/server.out" "supercolumn listening on")
    NATIVE=$(wait_line "$OUT/server.out" "supercolumn native on")
fi

start_proxy() { # FILE -> PROXY_PID, P_THRIFT, P_NATIVE
    "$SUPERCOLUMN_BIN" capture --listen 127.0.0.1:0 --to "127.0.0.1:$THRIFT" \
        --native-listen 127.0.0.1:0 --native-to "127.0.0.1:$NATIVE" --file "$1" \
        >"$OUT/proxy.out" 2>"$OUT/proxy.err" &
    PROXY_PID=$!
    P_THRIFT=$(wait_line "$OUT/proxy.out" "supercolumn capture listening on")
    P_NATIVE=$(wait_line "$OUT/proxy.out" "supercolumn capture native on")
}
stop_proxy() { kill -TERM "$PROXY_PID"; wait "$PROXY_PID" || true; PROXY_PID=; }

native_flags() { [ "$1" = native ] && echo --native-version "${NATIVE_VERSION:-4}" || true; }
stress() { # API OP PORT LOG -> "ops/s median_ms calls"
    "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$3" --api "$1" $(native_flags "$1") --operation "$2" \
        -n "$KEYS" -t "$THREADS" --duration "$SECS" >"$4" 2>&1
    awk '/^throughput/ {t=$2} /^latency ms/ {m=$4} /^operations/ {n=$2} END {print t, m, n}' "$4"
}

# The reference forwarder: haproxy, one thread, TCP mode, a port for each protocol.
if [ "$HAPROXY" != none ] && command -v "$HAPROXY" >/dev/null; then
    read -r R_THRIFT R_NATIVE < <(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')
    cat >"$OUT/haproxy.cfg" <<CFG
global
    nbthread 1
defaults
    mode tcp
    timeout connect 5s
    timeout client 60s
    timeout server 60s
listen thrift
    bind 127.0.0.1:$R_THRIFT
    server s 127.0.0.1:$THRIFT
listen native
    bind 127.0.0.1:$R_NATIVE
    server s 127.0.0.1:$NATIVE
CFG
    "$HAPROXY" -f "$OUT/haproxy.cfg" -db >"$OUT/haproxy.out" 2>&1 &
    REF_PID=$!
    sleep 0.5
    kill -0 "$REF_PID" 2>/dev/null || { say "haproxy did not start (see $OUT/haproxy.out)"; exit 1; }
    sides="direct proxy haproxy"
else
    say "no haproxy side (HAPROXY=none, or haproxy not installed)"
    sides="direct proxy"
fi

# Schema and data for the reads: one pass of inserts per API, straight to the server.
for api in 19 native; do
    port=$THRIFT
    [ $api = native ] && port=$NATIVE
    "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$port" --api $api $(native_flags $api) --operation insert \
        -n "$KEYS" -t "$THREADS" >"$OUT/load-$api.log" 2>&1
done

# One side's run: SIDE API OP RUN -> "ops/s median_ms calls cpu_us_per_call" (cpu "-" direct).
side_run() {
    local side=$1 api=$2 op=$3 run=$4 port pid= before after ops p50 calls
    case $side/$api in
        direct/19) port=$THRIFT ;; direct/native) port=$NATIVE ;;
        proxy/19) port=$P_THRIFT pid=$PROXY_PID ;; proxy/native) port=$P_NATIVE pid=$PROXY_PID ;;
        haproxy/19) port=$R_THRIFT pid=$REF_PID ;; haproxy/native) port=$R_NATIVE pid=$REF_PID ;;
    esac
    [ -n "$pid" ] && before=$(cpu_ticks "$pid")
    read -r ops p50 calls < <(stress "$api" "$op" "$port" "$OUT/$side-$api-$op-$run.log")
    if [ -n "$pid" ]; then
        after=$(cpu_ticks "$pid")
        echo "$ops $p50 $calls $(awk -v d=$((after - before)) -v n="$calls" -v hz="$(getconf CLK_TCK)" \
            'BEGIN { printf "%.1f", d / hz * 1e6 / n }')"
    else
        echo "$ops $p50 $calls -"
    fi
}

results=$OUT/runs.tsv
: >"$results"
for api in 19 native; do
    for op in insert read; do
        for run in $(seq 1 "$RUNS"); do
            file=$OUT/run-$api-$op-$run.capture
            start_proxy "$file"
            # The sides in a rotating order, so none always runs first.
            set -- $sides
            for _ in $(seq 2 "$run"); do set -- "$@" "$1"; shift; done
            declare -A got=()
            for side in "$@"; do got[$side]=$(side_run "$side" "$api" "$op" "$run"); done
            stop_proxy
            bytes=$(cat "$file"* | wc -c)
            rm -f "$file"*
            read -r d_ops d_p50 _ _ <<<"${got[direct]}"
            read -r p_ops p_p50 calls p_us <<<"${got[proxy]}"
            read -r r_ops r_p50 _ r_us <<<"${got[haproxy]:-- - - -}"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$api" "$op" "$run" \
                "$d_ops" "$d_p50" "$p_ops" "$p_p50" "$calls" "$bytes" "$p_us" "$r_ops" "$r_p50" "$r_us" \
                >>"$results"
            awk -F'\t' -v r="$run" 'END {
                printf "capture-overhead: %-6s %-6s run %s  direct %6.0f ops/s p50 %.3f ms  proxy %6.0f ops/s p50 %.3f ms %.1f us/call (%.1f%% of direct, p50 %+.1f%%)", $1, $2, r, $4, $5, $6, $7, $10, 100 * $6 / $4, 100 * ($7 - $5) / $5
                if ($11 != "-") printf "  haproxy %6.0f ops/s p50 %.3f ms %.1f us/call (%.1f%%)", $11, $12, $13, 100 * $11 / $4
                printf "\n" }' "$results"
            unset got
        done
    done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
groups = {}
for api, op, _, d_ops, d_p50, p_ops, p_p50, calls, size, p_us, r_ops, r_p50, r_us in rows:
    g = groups.setdefault((api, op), {k: [] for k in ("share", "p50", "bytes", "us", "r_share", "r_p50", "r_us")})
    g["share"].append(100 * float(p_ops) / float(d_ops))
    g["p50"].append(100 * (float(p_p50) - float(d_p50)) / float(d_p50))
    g["bytes"].append(int(size) / max(1, int(calls)))
    g["us"].append(float(p_us))
    if r_ops != "-":
        g["r_share"].append(100 * float(r_ops) / float(d_ops))
        g["r_p50"].append(100 * (float(r_p50) - float(d_p50)) / float(d_p50))
        g["r_us"].append(float(r_us))
med = statistics.median
for (api, op), g in groups.items():
    line = ("capture-overhead: %-6s %-6s median over %d runs: proxy %.1f%% of direct throughput, "
            "p50 %+.1f%%, %.1f us CPU per call, %.0f capture bytes per call" % (
                api, op, len(g["share"]), med(g["share"]), med(g["p50"]), med(g["us"]),
                med(g["bytes"])))
    if g["r_share"]:
        line += "; haproxy %.1f%%, p50 %+.1f%%, %.1f us CPU per call" % (
            med(g["r_share"]), med(g["r_p50"]), med(g["r_us"]))
    print(line)
PY

# The proxy's memory over one long capture: it must stay flat while the file grows.
start_proxy "$OUT/long.capture"
long_load() {
    if [ "$RSS_PAUSE" = 0 ]; then
        "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$P_THRIFT" --api 19 --operation insert \
            -n "$KEYS" -t "$THREADS" --duration "$RSS_SECONDS" >"$OUT/long.log" 2>&1
        return
    fi
    local end=$((SECONDS + RSS_SECONDS)) bursts=0
    while [ "$SECONDS" -lt "$end" ]; do
        "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$P_THRIFT" --api 19 --operation insert \
            -n "$KEYS" -t "$THREADS" >"$OUT/long.log" 2>&1
        bursts=$((bursts + 1))
        sleep "$RSS_PAUSE"
    done
    say "long run: $bursts bursts of $KEYS inserts"
}
long_load &
load=$!
: >"$OUT/rss.txt"
while kill -0 "$load" 2>/dev/null; do
    awk '/^VmRSS/ {print $2}' "/proc/$PROXY_PID/status" >>"$OUT/rss.txt" 2>/dev/null || true
    sleep "$(( RSS_SECONDS > 600 ? 10 : 1 ))"
done
wait "$load" || true
stop_proxy
say "proxy RSS over a ${RSS_SECONDS} s capture ($(wc -c <"$OUT/long.capture") bytes): first $(head -n 3 "$OUT/rss.txt" | tail -n 1) kB, last $(tail -n 1 "$OUT/rss.txt") kB, max $(sort -n "$OUT/rss.txt" | tail -n 1) kB"
rm -f "$OUT/long.capture"*
say "logs in $OUT"
