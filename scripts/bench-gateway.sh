#!/usr/bin/env bash
# The cluster backend's cost per call: not part of the test command
# (speed is measured, never asserted). `supercolumn stress --api 19` runs of
# each operation in turn (insert: a batch_mutate of 5 columns of 34 bytes;
# read: get_slice of that row), each through a gateway and then the same run
# straight to the cluster's own Thrift ("direct"), back to back under the
# same machine load.
#
# Two set-ups:
# - default: a backend supercolumn serving the native protocol and a gateway
#   in front of it (scripts/server-lib.sh with GATEWAY=1, as CI starts them;
#   the repository's storage-conf.xml); direct is the backend's own Thrift.
# - --cluster URL: a gateway (no --config: it serves the cluster's
#   partitioner) in front of a running cluster, e.g. a Cassandra 3.11 built
#   with ../shared/peers/build-c311.sh; direct is the Thrift port --direct
#   HOST:PORT (default: the URL's first host, port 9160). --cluster-pids
#   "PID..." names the cluster's server processes on this machine (default:
#   $C311_HOME/node*/pid when C311_HOME is set), whose CPU is read from /proc.
#   The run's keyspace (--keyspace, default GatewayBench; SimpleStrategy,
#   replication factor 1) is created through the gateway if absent.
#
# Per run, one row: client throughput; the front's CPU µs per call (the
# gateway; in a direct run the server stress talks to: the backend, or the
# cluster node at --direct) and its context switches per call (voluntary and
# not, summed over its threads from /proc/PID/task/*/status: each thread
# hand-off in a call costs about one on each side, and they hardly move with
# the machine's load); the cluster's CPU µs per call (the backend, or every
# --cluster-pids process summed: the cluster's cost, kept apart); the
# 1-minute load average at the run's end. A pair of each operation runs
# first as a warm-up (printed, not counted). With --runs R each pair is run R
# times and a summary gives per operation the distribution over the runs,
# median and spread (lowest-highest): gateway and direct ops/s, each pair's
# ratio, the gateway's CPU per call beside the direct front's, the cluster's.
#
#   scripts/bench-gateway.sh [-n KEYS] [--threads T] [--operations "insert read"]
#       [--runs R] [--cluster URL [--direct HOST:PORT] [--cluster-pids "PID..."]
#       [--keyspace KS] [--consistency LEVEL] [--split-cpus CLUSTER_CPUS]]
#
# KEYS defaults to 20000, T to 4 (client threads, one connection each), R to
# 1. SUPERCOLUMN_BIN runs that binary instead of building one (see
# scripts/env.sh). User-space instructions per call: bench-callgrind.sh
# --gateway.
#
# --split-cpus CLUSTER_CPUS (with --cluster; e.g. 1, or 2-3): the cluster's
# processes (every thread of --cluster-pids) are pinned to those CPUs with
# taskset and the gateway and the stress client to the others, so that the
# gateway competes with its client, not with the cluster, as on separate
# machines. Without it all share every CPU, and on a small machine the
# ratio then measures the sum of everyone's CPU per call.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

keys=20000
threads=4
operations="insert read"
runs=1
cluster=
direct=
cluster_pids=
keyspace=
consistency=ONE
split_cpus=
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --operations) operations=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --cluster) cluster=$2; shift 2 ;;
        --direct) direct=$2; shift 2 ;;
        --cluster-pids) cluster_pids=$2; shift 2 ;;
        --keyspace) keyspace=$2; shift 2 ;;
        --consistency) consistency=$2; shift 2 ;;
        --split-cpus) split_cpus=$2; shift 2 ;;
        -h|--help) sed -n '2,48p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
ensure_binary
log=$(mktemp /tmp/supercolumn-bench-gateway.XXXXXX.log)
rows=$(mktemp /tmp/supercolumn-bench-gateway.XXXXXX.rows)
gateway_dir=
# The cluster's CPU affinity before --split-cpus, "PID MASK" a line: put
# back on the way out.
affinity=
restore_affinity() {
    local p m
    printf '%s' "$affinity" | while read -r p m; do
        [ -n "$p" ] && taskset -a -p "$m" "$p" >/dev/null 2>&1
    done
    true
}
trap 'for p in "${SERVER_PID:-}" "${BACKEND_PID:-}"; do [ -n "$p" ] && kill -9 "$p" 2>/dev/null; done; [ -z "$gateway_dir" ] || rm -rf "$gateway_dir"; rm -f "$rows"; restore_affinity' EXIT

# Context switches of every thread of process $1 so far (threads that ended
# are not counted: tokio keeps idle pool threads for 10 s, longer than a gap
# between runs' snapshots).
switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null |
        awk '/ctxt_switches:/ { n += $2 } END { print n + 0 }'
}

# CPU clock ticks (user + system) of the processes $@ so far, summed.
ticks() {
    local p n=0 t
    for p in "$@"; do
        # The command name (field 2) may hold spaces: count from after its ')'.
        t=$(sed 's/^.*) //' /proc/"$p"/stat | awk '{ print $12 + $13 }')
        n=$((n + t))
    done
    echo "$n"
}

# One stress run of operation $1 against Thrift address $2, served by
# process $3 (whose CPU and switches are the row's "front" columns); $4 the
# processes behind it (the cluster: space-separated) or empty. Prints one
# row labelled $5 and appends it to $rows.
run() {
    local op=$1 addr=$2 front=$3 back=$4 via=$5 out sw0 sw1 bt0=0 bt1=0 row
    sw0=$(switches "$front")
    # shellcheck disable=SC2086 # a list of pids
    [ -z "$back" ] || bt0=$(ticks $back)
    out=$("$SUPERCOLUMN_BIN" stress --server "$addr" --server-pid "$front" \
        --api 19 -t "$threads" -n "$keys" --operation "$op" --keyspace "$ks" \
        --consistency "$consistency" 2>&1) || {
        printf '%s\n' "$out" >>"$log"
        echo "stress --operation $op ($via) failed:" >&2
        printf '%s\n' "$out" | tail -15 >&2
        exit 1
    }
    sw1=$(switches "$front")
    # shellcheck disable=SC2086
    [ -z "$back" ] || bt1=$(ticks $back)
    printf '== %s %s\n%s\n' "$op" "$via" "$out" >>"$log"
    row=$(printf '%s\n' "$out" | awk -v op="$op" -v via="$via" -v n="$keys" -v sw=$((sw1 - sw0)) \
        -v bt=$((bt1 - bt0)) -v hz="$hz" -v back="$back" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
        /^throughput / { ops = $2 }
        /^server cpu / { cpu = $3 }
        END {
            b = back == "" ? "-" : sprintf("%.1f", bt * 1e6 / hz / n)
            printf "%-9s %-8s %9s %14s %16.2f %14s %6s\n", op, via, ops, cpu, sw / n, b, load
        }
    ')
    if [ -n "${warming:-}" ]; then
        printf '%s (warm-up, not counted)\n' "$row"
    else
        printf '%s\n' "$row" | tee -a "$rows"
    fi
}

# The median of the numbers on stdin, with their spread: "MEDIAN MIN-MAX"
# (a single number alone; "-" for none).
spread() {
    sort -g | awk '{ v[NR] = $1 }
        END {
            if (NR == 0) { print "-"; exit }
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            if (NR == 1) print m; else printf "%s %s-%s\n", m, v[1], v[NR]
        }'
}

# Column $3 of the rows of operation $1 through $2, one a line, in run order.
column() {
    awk -v op="$1" -v via="$2" -v c="$3" '$1 == op && $2 == via && $c != "-" { print $c }' "$rows"
}

# The gateway's ops/s over the direct run's, of each pair of operation $1.
ratios() {
    paste <(column "$1" gateway 3) <(column "$1" direct 3) |
        awk '$2 > 0 { printf "%.2f\n", $1 / $2 }'
}

# Per operation, the medians of the runs side by side, each with the spread
# (lowest-highest) of its runs; the ratio is each pair's own (a pair runs
# back to back under the same load), not the medians' quotient.
summary() {
    local op
    echo "medians of $runs run(s) per side, lowest-highest after each:"
    printf '%-9s %-20s %-20s %-16s %-17s %-19s %-19s %s\n' operation "gw ops/s" "dir ops/s" "ratio" \
        "gw us/op" "dir front us/op" "cluster(gw)" "cluster(dir)"
    for op in $operations; do
        printf '%-9s %-20s %-20s %-16s %-17s %-19s %-19s %s\n' "$op" \
            "$(column "$op" gateway 3 | spread)" "$(column "$op" direct 3 | spread)" \
            "$(ratios "$op" | spread)" \
            "$(column "$op" gateway 4 | spread)" "$(column "$op" direct 4 | spread)" \
            "$(column "$op" gateway 6 | spread)" "$(column "$op" direct 6 | spread)"
    done
}

hz=$(getconf CLK_TCK)
if [ -z "$cluster" ]; then
    ks=${keyspace:-Keyspace1}
    GATEWAY=1 start_server "$ROOT/storage-conf.xml"
    gw_addr=127.0.0.1:$SERVER_PORT
    direct=127.0.0.1:$BACKEND_PORT
    direct_pid=$BACKEND_PID
    back_pids=$BACKEND_PID
    what="a gateway in front of a backend supercolumn"
else
    ks=${keyspace:-GatewayBench}
    if [ -z "$cluster_pids" ] && [ -n "${C311_HOME:-}" ]; then
        cluster_pids=$(cat "$C311_HOME"/node*/pid | tr '\n' ' ')
    fi
    hosts=${cluster#cassandra://}
    hosts=${hosts%%\?*}
    first=${hosts%%,*}
    direct=${direct:-${first%%:*}:9160}
    # The cluster process serving the direct Thrift port: its listening
    # socket's inode, found among the cluster's processes' descriptors.
    direct_pid=
    inode=$(ss -ltnHe "sport = :${direct##*:}" 2>/dev/null |
        awk -v a="${direct}" '$4 == a { for (i = 1; i <= NF; i++) if ($i ~ /^ino:/) { sub("ino:", "", $i); print $i } }' | head -1)
    for p in $cluster_pids; do
        # (grep reads all: with -q it may quit first, and pipefail fail ls)
        if [ -n "$inode" ] && ls -l /proc/"$p"/fd 2>/dev/null | grep -c "socket:\[$inode\]" >/dev/null; then direct_pid=$p; fi
    done
    if [ -z "$direct_pid" ]; then
        echo "no process of --cluster-pids \"$cluster_pids\" listens on $direct (see --help)" >&2
        exit 2
    fi
    back_pids=$cluster_pids
    if [ -n "$split_cpus" ]; then
        # The other CPUs: those of this machine not in CLUSTER_CPUS.
        front_cpus=$(python3 -c '
import os, sys
def cpus(spec):
    out = set()
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out
rest = sorted(set(range(os.cpu_count())) - cpus(sys.argv[1]))
print(",".join(map(str, rest)))' "$split_cpus")
        if [ -z "$front_cpus" ]; then
            echo "--split-cpus $split_cpus leaves no CPU for the gateway and the client" >&2
            exit 2
        fi
        for p in $cluster_pids; do
            affinity+="$p $(taskset -p "$p" | awk '{ print $NF }')"$'\n'
            taskset -a -p -c "$split_cpus" "$p" >/dev/null
        done
        # This shell's children (the gateway, each stress run) inherit it.
        taskset -p -c "$front_cpus" $$ >/dev/null
        echo "cluster on CPUs $split_cpus; gateway and client on CPUs $front_cpus"
    fi
    # No --config and no ./storage-conf.xml: the built-in default, which
    # takes the cluster's partitioner and creates nothing in it.
    gateway_dir=$(mktemp -d)
    : >"$gateway_dir/out"
    (cd "$gateway_dir" && exec "$SUPERCOLUMN_BIN" serve --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
        --admin-listen off --data-dir "$gateway_dir/data" --backend "$cluster" >"$gateway_dir/out" 2>"$gateway_dir/err") &
    SERVER_PID=$!
    SERVER_PORT=
    for _ in $(seq 1 1200); do
        SERVER_PORT=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$gateway_dir/out")
        [ -n "$SERVER_PORT" ] && break
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$gateway_dir/err" >&2; exit 1; }
        sleep 0.05
    done
    [ -n "$SERVER_PORT" ] || { echo "the gateway did not listen within 60 s" >&2; cat "$gateway_dir/err" >&2; exit 1; }
    gw_addr=127.0.0.1:$SERVER_PORT
    what="a gateway in front of $cluster (cluster pids $back_pids; direct: $direct, pid $direct_pid)"
fi
echo "supercolumn gateway bench: $what"
echo "$keys calls per run, $threads client threads, keyspace $ks at $consistency, $runs run(s) ($(nproc --all) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-9s %-8s %9s %14s %16s %14s %6s\n' operation via "ops/s" "front us/op" "front switches" "cluster us/op" load
# A warm-up pair first (not counted): the keyspace made, a JVM's code
# compiled, connections opened.
warming=1
for op in $operations; do
    run "$op" "$gw_addr" "$SERVER_PID" "$back_pids" gateway
    run "$op" "$direct" "$direct_pid" "$([ -n "$cluster" ] && echo "$back_pids")" direct
done
warming=
for op in $operations; do
    for _ in $(seq 1 "$runs"); do
        run "$op" "$gw_addr" "$SERVER_PID" "$back_pids" gateway
        run "$op" "$direct" "$direct_pid" "$([ -n "$cluster" ] && echo "$back_pids")" direct
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
summary
if [ -z "$cluster" ]; then
    stop_server
else
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" || true
fi
SERVER_PID=
echo "stress reports: $log"
