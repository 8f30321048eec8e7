#!/usr/bin/env bash
# Server cost table: not part of the test command (speed is measured, never
# asserted). For each API (Thrift 19, the CQL native protocol) and client
# thread count (one connection each), and for the native protocol each number
# of requests in flight per connection, a fresh server (release build, data
# in a temporary directory, the repository's storage-conf.xml unless --config)
# gets `supercolumn stress` runs of null (describe_version; native: OPTIONS),
# insert (a row of 5 columns of 34 bytes; native: a prepared INSERT of the
# same 5 cells), read (get_slice of the row; native: a prepared SELECT by
# key) and range-slice (10 rows; native: SELECT from token(key) on, LIMIT
# 10), in that order; one table comes out: client throughput and latency,
# the server's CPU time per operation (from /proc, so repeatable under load,
# unlike throughput), that cost as a multiple of the null call's at the same
# thread count, and the server's RSS and thread count after each run.
#
#   scripts/bench.sh [-n KEYS] [--threads "1 4 16"] [--api "19 native 0.6"]
#                    [--in-flight "1 32"] [--operations "null insert read range-slice"]
#                    [--config FILE] [--perf DIR]
#
# --perf DIR also profiles the server during each run (`perf record`, CPU-clock
# samples with DWARF call graphs; Debian's linux-perf) into DIR/API-THREADS-OP.data;
# read one with `perf report -i FILE --no-children` (native runs: native-M-THREADS-OP). Sampling costs the server
# CPU: take the table's figures from a run without it. PERF_FREQ (default 499
# samples/s) and PERF_STACK (default 8192 bytes of stack per sample) tune it.
#
# KEYS (default 200000) is the calls per run and the rows written: 1,000,000
# columns by default. SUPERCOLUMN_BIN runs that binary instead of building one
# (see scripts/env.sh). The stress runs' own reports go to a log named at the
# end.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

keys=200000
threads="1 4 16"
apis="19 native"
in_flight="1 32"
operations="null insert read range-slice"
config=$ROOT/storage-conf.xml
perf_dir=
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --api) apis=$2; shift 2 ;;
        --in-flight) in_flight=$2; shift 2 ;;
        --operations) operations=$2; shift 2 ;;
        --config) config=$(absolute_path "$2"); shift 2 ;;
        --perf) perf_dir=$(absolute_path "$2"); mkdir -p "$perf_dir"; shift 2 ;;
        -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

if [ -n "$perf_dir" ] && ! command -v perf >/dev/null; then
    echo "--perf needs perf (Debian: apt-get install linux-perf)" >&2
    exit 1
fi
ensure_binary
log=$(mktemp /tmp/supercolumn-bench.XXXXXX.log)
table=$(mktemp)
trap 'rm -f "$table"; [ -n "${SERVER_PID:-}" ] && kill -9 "$SERVER_PID" 2>/dev/null || true' EXIT

# One stress run; appends a table row. Its report's lines are parsed by their
# labels (see src/stress/report.rs).
run() {
    local api=$1 t=$2 m=$3 op=$4 out perf_pid= label=$1 port=$SERVER_PORT extra=()
    if [ "$api" = native ]; then
        label=native-$m
        port=$NATIVE_PORT
        extra=(--in-flight "$m")
    fi
    if [ -n "$perf_dir" ]; then
        perf record -q -e cpu-clock -F ${PERF_FREQ:-499} --call-graph dwarf,${PERF_STACK:-8192} -p "$SERVER_PID" \
            -o "$perf_dir/$label-$t-$op.data" >/dev/null 2>&1 &
        perf_pid=$!
        sleep 0.5 # perf attaches before the run starts
    fi
    out=$("$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$port" --server-pid "$SERVER_PID" \
        --api "$api" "${extra[@]}" -t "$t" -n "$keys" --operation "$op" --keyspace Keyspace1 2>&1) || {
        printf '%s\n' "$out" >>"$log"
        echo "stress --api $api ${extra[*]} -t $t --operation $op failed:" >&2
        printf '%s\n' "$out" | tail -15 >&2
        return 1
    }
    if [ -n "$perf_pid" ]; then
        kill -INT "$perf_pid" && wait "$perf_pid" || true
    fi
    printf '== api %s, %s threads, %s\n%s\n' "$label" "$t" "$op" "$out" >>"$log"
    printf '%s\n' "$out" | awk -v api="$label" -v t="$t" -v op="$op" '
        /^throughput / { ops = $2 }
        /^latency ms / { p50 = $4; p99 = $8 }
        /^misses / { misses = $2 }
        /^server cpu / { cpu = $3 }
        /^server  *rss / { rss = $3; thr = $5 }
        END { printf "%s %s %s %s %s %s %s %s %s\n", api, t, op, ops, p50, p99, cpu, rss, thr, misses }
    ' >>"$table"
}

echo "supercolumn bench: $keys calls per run, threads: $threads, API: $apis, native in flight: $in_flight ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
for api in $apis; do
    depths=1
    [ "$api" = native ] && depths=$in_flight
    for t in $threads; do
        for m in $depths; do
            start_server "$config"
            if [ "$api" = native ] && [ -z "${NATIVE_PORT:-}" ]; then
                echo "the server does not serve the native protocol (NativeTransportPort in $config)" >&2
                exit 1
            fi
            for op in $operations; do
                run "$api" "$t" "$m" "$op"
            done
            stop_server
            SERVER_PID=
        done
    done
done

# ratio: a run's server CPU per call over the null call's of the same API and threads.
awk '
    BEGIN {
        printf "%-9s %7s  %-12s %9s %8s %8s %12s %8s %8s %7s\n", "api", "threads", "operation",
            "ops/s", "p50 ms", "p99 ms", "server us/op", "vs null", "RSS MB", "threads"
    }
    { row[NR] = $0; if ($3 == "null") null[$1 " " $2] = $7 }
    END {
        for (i = 1; i <= NR; i++) {
            split(row[i], f, " ")
            base = null[f[1] " " f[2]]
            ratio = (base > 0 && f[7] != "") ? sprintf("%.2f", f[7] / base) : "-"
            printf "%-9s %7s  %-12s %9s %8s %8s %12s %8s %8s %7s\n", f[1], f[2], f[3], f[4], f[5],
                f[6], f[7], ratio, f[8], f[9]
        }
    }
' "$table"
misses=$(awk '$10 > 0' "$table" | wc -l)
[ "$misses" -eq 0 ] || echo "note: $misses runs had misses (reads of rows not written)"
echo "stress reports: $log"
[ -z "$perf_dir" ] || echo "server profiles: $perf_dir"
