#!/usr/bin/env bash
# Restart after a crash, timed: not part of the test command (speed is
# measured, never asserted). A server (release build, data in a temporary
# directory, the repository's storage-conf.xml with the memtable thresholds
# raised so nothing is flushed) takes `supercolumn stress` inserts (rows of 5
# columns of 34 bytes: 400,000 of them are ~103 MiB of commit log), is killed
# with SIGKILL, then restarted RUNS times, each killed again the same way.
# Per restart it prints the time from exec to the "listening" line (ready),
# the server's CPU time (user + system, from /proc) at that point, its peak
# RSS (VmHWM) and the start-up log's replay line, with the load average.
#
#   scripts/bench-restart.sh [-n ROWS] [--runs RUNS] [--port PORT]
#
# ROWS defaults to 400000, RUNS to 3; PORT (default 0: any free port) is for
# the first server, which the inserts go to. SUPERCOLUMN_BIN runs that binary
# instead of building one (see scripts/env.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

rows=400000
runs=3
port=0
while [ $# -gt 0 ]; do
    case $1 in
        -n) rows=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --port) port=$2; shift 2 ;;
        *) echo "usage: $0 [-n ROWS] [--runs RUNS] [--port PORT]" >&2; exit 2 ;;
    esac
done
[ -n "${SUPERCOLUMN_BIN:-}" ] || ensure_binary

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Nothing is flushed while the inserts run: everything stays in the log
# (and the native protocol is not served: its fixed port may be taken).
sed -e 's|<MemtableThroughputInMB>[0-9]*<|<MemtableThroughputInMB>65536<|' \
    -e 's|<MemtableOperationsInMillions>[0-9.]*<|<MemtableOperationsInMillions>1000<|' \
    -e "/<NativeTransportPort>/d" storage-conf.xml >"$work/storage-conf.xml"

# Starts the server; sets pid and, once it is listening, ready (seconds) and
# the port.
serve() {
    local listen=$1 out=$2
    local t0
    t0=$(date +%s.%N)
    "$SUPERCOLUMN_BIN" serve --config "$work/storage-conf.xml" --listen "$listen" --admin-listen off \
        --data-dir "$work/data" >"$out" 2>"$out.err" &
    pid=$!
    for _ in $(seq 1 12000); do
        if grep -q '^supercolumn listening on' "$out" 2>/dev/null; then
            ready=$(echo "$(date +%s.%N) - $t0" | bc)
            bound=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$out")
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || { cat "$out.err" >&2; return 1; }
        sleep 0.005
    done
    echo "server not ready within 60 s" >&2
    kill -9 "$pid"
    return 1
}

# The server's CPU seconds (utime + stime) and peak RSS in MB.
cpu_of() {
    local tick
    tick=$(getconf CLK_TCK)
    awk -v t="$tick" '{ sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / t }' "/proc/$1/stat"
}
hwm_of() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }

serve "127.0.0.1:$port" "$work/first.out"
"$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$bound" --operation insert -n "$rows" -t 4 \
    >"$work/stress.out" 2>&1
log=$(du -sm "$work/data/commitlog" | cut -f1)
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
echo "inserted $rows rows: ${log} MiB of commit log, then kill -9"
for run in $(seq 1 "$runs"); do
    serve "127.0.0.1:0" "$work/run$run.out"
    cpu=$(cpu_of "$pid")
    hwm=$(hwm_of "$pid")
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    line=$(grep -ho 'commit log: replayed.*' "$work/run$run.out" "$work/run$run.out.err" | head -1)
    kill -9 "$pid"
    wait "$pid" 2>/dev/null || true
    printf 'restart %d: ready in %.3f s, server CPU %s s, peak RSS %s MB, load %s\n  %s\n' \
        "$run" "$ready" "$cpu" "$hwm" "$load" "$line"
done
