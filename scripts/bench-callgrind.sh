#!/usr/bin/env bash
# User-space instructions per call on the server: not part of the
# test command (speed is measured, never asserted). One fresh server (release
# build, data in a temporary directory, the repository's storage-conf.xml)
# runs under valgrind's callgrind; `supercolumn stress --api 19 -t 1` then
# makes KEYS calls of each operation in turn (null: describe_version, insert:
# a batch_mutate of 5 columns of 34 bytes, read: get_slice of that row), the
# counters zeroed before and dumped after each run (`callgrind_control -z/-d`),
# so each figure is that run's instructions in the whole server process
# divided by its calls. `flush` writes the rows made so far to an SSTable
# (`nodetool flush Keyspace1` on the admin surface, whose activity record is
# off) and divides by KEYS: instructions per row flushed; a `read` after it
# reads from that SSTable. Instruction counts do not move with the machine's
# load, unlike times; tokio's polling moves a null call by a few hundred.
#
#   scripts/bench-callgrind.sh [-n KEYS] [--operations "null insert read flush read"] [--keep DIR]
#                              [--gateway]
#
# --gateway runs the server under callgrind as a gateway (`--backend`) in
# front of a backend supercolumn serving the native protocol (started first,
# not instrumented): the instructions are the gateway's alone (
# scripts/bench-gateway.sh has its CPU and context switches per call).
# KEYS defaults to 20000. --keep DIR keeps the dumps (callgrind.out.*) there,
# for `callgrind_annotate --inclusive=yes DIR/FILE`. SUPERCOLUMN_BIN runs that
# binary instead of building one (see scripts/env.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"

keys=20000
operations="null insert read"
keep=
gateway=
while [ $# -gt 0 ]; do
    case $1 in
        -n) keys=$2; shift 2 ;;
        --operations) operations=$2; shift 2 ;;
        --keep) keep=$(absolute_path "$2"); mkdir -p "$keep"; shift 2 ;;
        --gateway) gateway=1; shift ;;
        -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "needs valgrind (Debian: apt-get install valgrind)" >&2; exit 1; }
ensure_binary

work=$(mktemp -d)
dumps=${keep:-$work}
pid=
backend=()
SERVER_PID=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; [ -n "$SERVER_PID" ] && kill -9 "$SERVER_PID" 2>/dev/null; rm -rf "$work"' EXIT
if [ -n "$gateway" ]; then
    . scripts/server-lib.sh
    start_one "$ROOT/storage-conf.xml" --native-listen 127.0.0.1:0
    backend=(--backend "cassandra://127.0.0.1:$NATIVE_PORT" --create-schema)
fi
admin_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
valgrind --tool=callgrind --callgrind-out-file="$dumps/callgrind.out.%p" \
    "$SUPERCOLUMN_BIN" serve --config "$ROOT/storage-conf.xml" --listen 127.0.0.1:0 \
    --admin-listen "127.0.0.1:$admin_port" --activity-log-size 0 \
    --data-dir "$work/data" "${backend[@]}" >"$work/stdout" 2>"$work/stderr" &
pid=$!
port=
for _ in $(seq 1 600); do
    port=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$work/stdout")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/stderr" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "server did not announce its port within 60 s" >&2; exit 1; }

printf '%-8s %8s %16s %14s\n' operation calls instructions per-call
for op in $operations; do
    callgrind_control -z "$pid" >/dev/null 2>&1
    if [ "$op" = flush ]; then
        "$SUPERCOLUMN_BIN" nodetool -p "$admin_port" flush Keyspace1 >"$work/flush.log" 2>&1 || {
            cat "$work/flush.log" >&2
            exit 1
        }
    else
        "$SUPERCOLUMN_BIN" stress --server "127.0.0.1:$port" --api 19 -t 1 -n "$keys" \
            --operation "$op" --keyspace Keyspace1 >"$work/stress-$op.log" 2>&1 || {
            cat "$work/stress-$op.log" >&2
            exit 1
        }
    fi
    before=$(ls "$dumps" | grep -c "^callgrind.out.$pid" || true)
    callgrind_control -d "$op" "$pid" >/dev/null 2>&1
    # The dump is written by the server's next instrumented step.
    for _ in $(seq 1 100); do
        [ "$(ls "$dumps" | grep -c "^callgrind.out.$pid")" -gt "$before" ] && break
        sleep 0.1
    done
    file=$(ls -t "$dumps"/callgrind.out."$pid".* | head -1)
    ir=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$file")
    printf '%-8s %8d %16d %14.0f\n' "$op" "$keys" "$ir" "$(echo "$ir / $keys" | bc -l)"
done
if [ -n "$gateway" ]; then
    # The gateway first (killed with the trap), then its backend and data.
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
    stop_server
    SERVER_PID=
fi
