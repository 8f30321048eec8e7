#!/usr/bin/env bash
# The cluster backend's cost per call: not part of the test command
# (speed is measured, never asserted). A backend supercolumn serving the
# native protocol and a gateway in front of it (scripts/server-lib.sh with
# GATEWAY=1, as CI starts them; release build, fresh temporary directories,
# the repository's storage-conf.xml) get `supercolumn stress --api 19` runs
# of each operation in turn (insert: a batch_mutate of 5 columns of 34
# bytes; read: get_slice of that row). For each run one row comes out: client
# throughput, the gateway's CPU time per call (from /proc, as stress reports
# it), the gateway's context switches per call (voluntary and not, summed
# over its threads from /proc/PID/task/*/status: each thread hand-off in a
# call costs about one on each side, and unlike times they do not move with
# the machine's load), and the backend's CPU per call (kept apart: it is
# the cluster's cost, not the gateway's). Each run through the gateway is
# followed by the same run straight to the backend's own Thrift port
# ("direct": the front is then the backend itself), so the two sides are
# measured back to back under the same machine load; compare their ratios.
#
#   scripts/bench-gateway.sh [-n KEYS] [--threads T] [--operations "insert read"]
#
# KEYS defaults to 20000, T to 4 (client threads, one connection each).
# SUPERCOLUMN_BIN runs that binary instead of building one (see
# scripts/env.sh). User-space instructions per call: bench-callgrind.sh
# --gateway.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

keys=20000
threads=4
operations="insert read"
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --operations) operations=$2; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
ensure_binary
log=$(mktemp /tmp/supercolumn-bench-gateway.XXXXXX.log)
trap 'for p in "${SERVER_PID:-}" "${BACKEND_PID:-}"; do [ -n "$p" ] && kill -9 "$p" 2>/dev/null; done; true' EXIT

# Context switches of every thread of process $1 so far (threads that ended
# are not counted: tokio keeps idle pool threads for 10 s, longer than a gap
# between runs' snapshots).
switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null |
        awk '/ctxt_switches:/ { n += $2 } END { print n + 0 }'
}

# CPU clock ticks (user + system) of process $1 so far.
ticks() {
    # The command name (field 2) may hold spaces: count from after its ')'.
    sed 's/^.*) //' /proc/"$1"/stat | awk '{ print $12 + $13 }'
}

# One stress run of operation $1 against Thrift port $2, served by process
# $3 (whose CPU and switches are the row's "front" columns); $4 is the
# process behind it (the backend) or empty. Prints one row labelled $5.
run() {
    local op=$1 port=$2 front=$3 back=$4 via=$5 out sw0 sw1 bt0=0 bt1=0
    sw0=$(switches "$front")
    [ -z "$back" ] || bt0=$(ticks "$back")
    out=$("$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$port" --server-pid "$front" \
        --api 19 -t "$threads" -n "$keys" --operation "$op" --keyspace Keyspace1 2>&1) || {
        printf '%s\n' "$out" >>"$log"
        echo "stress --operation $op ($via) failed:" >&2
        printf '%s\n' "$out" | tail -15 >&2
        exit 1
    }
    sw1=$(switches "$front")
    [ -z "$back" ] || bt1=$(ticks "$back")
    printf '== %s %s\n%s\n' "$op" "$via" "$out" >>"$log"
    printf '%s\n' "$out" | awk -v op="$op" -v via="$via" -v n="$keys" -v sw=$((sw1 - sw0)) \
        -v bt=$((bt1 - bt0)) -v hz="$hz" -v back="$back" '
        /^throughput / { ops = $2 }
        /^server cpu / { cpu = $3 }
        END {
            b = back == "" ? "-" : sprintf("%.1f", bt * 1e6 / hz / n)
            printf "%-9s %-8s %9s %14s %16.2f %14s\n", op, via, ops, cpu, sw / n, b
        }
    '
}

GATEWAY=1 start_server "$ROOT/storage-conf.xml"
hz=$(getconf CLK_TCK)
echo "supercolumn gateway bench: $keys calls per run, $threads client threads ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-9s %-8s %9s %14s %16s %14s\n' operation via "ops/s" "front us/op" "front switches" "backend us/op"
for op in $operations; do
    run "$op" "$SERVER_PORT" "$SERVER_PID" "$BACKEND_PID" gateway
    run "$op" "$BACKEND_PORT" "$BACKEND_PID" "" direct
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
stop_server
SERVER_PID=
echo "stress reports: $log"
