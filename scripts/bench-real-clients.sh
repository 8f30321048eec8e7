#!/usr/bin/env bash
# Server CPU per call under the clients applications use, beside `supercolumn stress`: not part
# of the test command (speed is measured, never asserted). Each run starts a fresh server
# (release build, the repository's storage-conf.xml or --config FILE, data in a temporary
# directory) and makes
# KEYS inserts then KEYS reads of rows of five 34-byte columns with one client:
#
#   java-stress   Cassandra 1.2.9's own stress tool (org.apache.cassandra.stress.Stress,
#                 -t 16, Thrift framed), built from the release's source
#   sc-thrift     supercolumn stress --api 19 -t 16 (the same calls)
#   python-driver PyPI cassandra-driver (pure Python), prepared statements, 16 in flight on
#                 the native protocol (clients/native/driver_load.py)
#   sc-native     supercolumn stress --api native -t 16 (the same rows and statements)
#
# With --real, a real 1.2.9 node (RELEASE_DIR/start.sh, its stock cassandra.yaml: periodic
# commit log on disk) gets the java-stress runs too, alternated with supercolumn's. Server CPU
# is user + system time from /proc/PID/stat over the run; the table gives each figure's median
# over RUNS invocations and its range, and the ratios that matter: a client's cost over
# supercolumn stress's for the same API, and real 1.2.9's cost over supercolumn's under the
# java stress tool. --strace also counts the server's syscalls per call (a separate run under
# `strace -c -f`, which slows the server: not the one the CPU comes from).
#
#   scripts/bench-real-clients.sh --release-dir DIR --cassandra-git GITDIR [-n KEYS] [--runs RUNS]
#                                 [--clients "java-stress sc-thrift python-driver sc-native"]
#                                 [--real] [--strace] [--config FILE]
#
# DIR is a real 1.2.9 as scripts/peers/build-release.sh builds it (its jars, `classpath`,
# start.sh); the stress tool is compiled once into DIR/stress-tool from GITDIR's tag
# cassandra-1.2.9 (tools/stress). KEYS defaults to 100000, RUNS to 3. --config serves supercolumn
# from FILE instead, e.g. src/config/testdata/cassandra-1.2.9.yaml, real 1.2.9's own stock yaml
# (Murmur3Partitioner), so both servers run one configuration; the stress tools then create
# Keyspace1 over Thrift on either server. A yaml without memtable_total_space_in_mb is given the
# third of the real node's heap (start.sh's NODE_HEAP, 1G: 341 MB) that 1.2.9 takes by default,
# rather than the third of a heap sized from this machine's memory. The python-driver venv is
# clients/.build/native-venv, installed as scripts/run-native-drivers.sh installs it.
# SUPERCOLUMN_BIN runs that binary instead of building one (see scripts/env.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

keys=100000
runs=3
clients="java-stress sc-thrift python-driver sc-native"
release_dir=
git_dir=
real=
with_strace=
config=storage-conf.xml
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --clients) clients=$2; shift 2 ;;
        --release-dir) release_dir=$(absolute_path "$2"); shift 2 ;;
        --cassandra-git) git_dir=$(absolute_path "$2"); shift 2 ;;
        --real) real=1; shift ;;
        --strace) with_strace=1; shift ;;
        --config) config=$2; shift 2 ;;
        -h|--help) sed -n '2,36p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$release_dir" ] && [ -f "$release_dir/classpath" ] || {
    echo "--release-dir must name a 1.2.9 built by scripts/peers/build-release.sh" >&2
    exit 2
}
[ -z "$with_strace" ] || command -v strace >/dev/null || {
    echo "--strace needs strace (Debian: apt-get install strace)" >&2
    exit 1
}
ensure_binary
classpath=$(cat "$release_dir/classpath")
tool=$release_dir/stress-tool

# 1.2.9's stress tool, compiled against the release's own jars.
if [ ! -f "$tool/org/apache/cassandra/stress/Stress.class" ]; then
    [ -n "$git_dir" ] || { echo "the stress tool is not built: give --cassandra-git GITDIR" >&2; exit 2; }
    src=$(mktemp -d)
    git --git-dir="$git_dir" archive cassandra-1.2.9 tools/stress | tar -x -C "$src"
    mkdir -p "$tool"
    javac -nowarn -d "$tool" -cp "$classpath" $(find "$src/tools/stress/src" -name '*.java') 2>/dev/null
    rm -rf "$src"
    echo "built 1.2.9's stress tool into $tool"
fi

venv=$ROOT/clients/.build/native-venv
case " $clients " in
    *" python-driver "*)
        [ -x "$venv/bin/python" ] || {
            echo "python-driver is not installed: run scripts/run-native-drivers.sh once" >&2
            exit 1
        } ;;
esac

table=$(mktemp)
log=$(mktemp /tmp/supercolumn-bench-clients.XXXXXX.log)
node_pid=
trap 'rm -f "$table" "${sized:-}"; [ -n "${SERVER_PID:-}" ] && kill -9 "$SERVER_PID" 2>/dev/null; [ -n "$node_pid" ] && "$release_dir/stop.sh" "$node_pid" >/dev/null 2>&1; true' EXIT

# A yaml config without memtable_total_space_in_mb gets the real node's default: a third of its heap.
case $config in
    *.yaml)
        if ! grep -q '^memtable_total_space_in_mb:' "$config"; then
            sized=$(mktemp --suffix=.yaml)
            heap_mb=$(( $(echo "${NODE_HEAP:-1G}" | sed 's/[Gg]$/*1024/; s/[Mm]$//') ))
            { cat "$config"; echo "memtable_total_space_in_mb: $((heap_mb / 3))"; } >"$sized"
            config=$sized
        fi ;;
esac

# One client's operation against a server: THRIFT_PORT NATIVE_PORT CLIENT OP.
drive() {
    local thrift=$1 native=$2 client=$3 op=$4
    case $client in
        java-stress) java -cp "$tool:$classpath" org.apache.cassandra.stress.Stress -d 127.0.0.1 \
            -p "$thrift" -n "$keys" -o "$op" -t 16 ;;
        sc-thrift) "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$thrift" --api 19 -t 16 -n "$keys" \
            --operation "$op" ;;
        python-driver) "$venv/bin/python" clients/native/driver_load.py 127.0.0.1 "$native" "$op" \
            "$keys" 16 ;;
        sc-native) "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$native" --api native -t 16 \
            -n "$keys" --operation "$op" ;;
    esac
}

# Inserts then reads with one client; appends "TARGET CLIENT OP US_PER_CALL" rows.
measure() {
    local target=$1 pid=$2 thrift=$3 native=$4 client=$5 op before after
    for op in insert read; do
        before=$(cpu_ticks "$pid")
        if ! drive "$thrift" "$native" "$client" "$op" >>"$log" 2>&1; then
            echo "$client $op against $target failed (see $log)" >&2
            return 1
        fi
        after=$(cpu_ticks "$pid")
        awk -v t="$target" -v c="$client" -v op="$op" -v d=$((after - before)) -v n="$keys" \
            -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%s %s %s %.1f\n", t, c, op, d / hz * 1e6 / n }' >>"$table"
    done
}

# Syscalls per call of one client's inserts then reads, from strace -c -f.
count_syscalls() {
    local pid=$1 thrift=$2 native=$3 client=$4 op out st
    for op in insert read; do
        out=$(mktemp)
        strace -c -f -p "$pid" -o "$out" 2>/dev/null &
        st=$!
        sleep 0.5
        drive "$thrift" "$native" "$client" "$op" >>"$log" 2>&1 || true
        kill -INT "$st"
        wait "$st" || true
        awk -v c="$client" -v op="$op" -v n="$keys" '
            $NF ~ /^(recvfrom|read|sendto|write|writev|epoll_wait|futex|sched_yield)$/ {
                calls = $4; errs = (NF == 6) ? $5 : 0
                s = s sprintf(" %s %.2f", $NF, calls / n); if (errs > 0) s = s sprintf(" (%.2f failed)", errs / n)
            }
            END { printf "syscalls per call, %s %s:%s\n", c, op, s }' "$out"
        rm -f "$out"
    done
}

echo "supercolumn bench-real-clients: $keys calls per operation, $runs runs, clients: $clients$([ -n "$real" ] && echo ", and real 1.2.9") ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
for r in $(seq 1 "$runs"); do
    for client in $clients; do
        start_server "$config" --native-listen 127.0.0.1:0
        measure supercolumn "$SERVER_PID" "$SERVER_PORT" "$NATIVE_PORT" "$client"
        stop_server
        SERVER_PID=
        if [ -n "$real" ] && [ "$client" = java-stress ]; then
            port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
            node_pid=$(RUN_BASE=$(mktemp -d) "$release_dir/start.sh" "$port" 2>>"$log" | tail -1)
            measure real-1.2.9 "$node_pid" "$port" 0 java-stress
            "$release_dir/stop.sh" "$node_pid" >/dev/null 2>&1 || true
            node_pid=
        fi
    done
done

if [ -n "$with_strace" ]; then
    for client in $clients; do
        start_server "$config" --native-listen 127.0.0.1:0
        count_syscalls "$SERVER_PID" "$SERVER_PORT" "$NATIVE_PORT" "$client"
        stop_server
        SERVER_PID=
    done
fi

# Medians and ranges; ratios of medians.
sort -k1,1 -k2,2 -k3,3 -k4,4n "$table" | awk '
    { k = $1 " " $2 " " $3; v[k, ++n[k]] = $4; if (!(k in seen)) { seen[k] = 1; order[++m] = k } }
    END {
        printf "%-12s %-14s %-7s %14s %16s\n", "server", "client", "op", "median us/call", "range"
        for (i = 1; i <= m; i++) {
            k = order[i]; c = n[k]; med = (c % 2) ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2
            split(k, f, " "); median[k] = med
            printf "%-12s %-14s %-7s %14.1f %7.1f - %6.1f\n", f[1], f[2], f[3], med, v[k, 1], v[k, c]
        }
        for (op = 1; op <= 2; op++) {
            o = (op == 1) ? "insert" : "read"
            r("supercolumn java-stress " o, "supercolumn sc-thrift " o, "java stress tool over supercolumn stress (Thrift), " o)
            r("supercolumn python-driver " o, "supercolumn sc-native " o, "python-driver over supercolumn stress (native), " o)
            r("real-1.2.9 java-stress " o, "supercolumn java-stress " o, "real 1.2.9 over supercolumn under the java stress tool, " o)
        }
    }
    function r(a, b, what) { if ((a in median) && (b in median) && median[b] > 0) printf "%s: %.2f\n", what, median[a] / median[b] }
'
echo "client output: $log"
