#!/usr/bin/env bash
# The capture-and-replay loop over the CQL native protocol: python-driver and cqlsh captured
# through `supercolumn capture --native-listen/--native-to`, then replayed against supercolumn.
#
#   1. start the server the traffic goes to: supercolumn's default emulation (`serve
#      --in-memory`, what `replay` starts by default), or with CAPTURED=V the real release V
#      built in RELEASES (scripts/peers/build-release.sh; its native port from its run dir);
#   2. put the proxy in front of its native port and run through it, with FLOW=small (the
#      default) clients/native/capture_flow.py and a short cqlsh session, or with FLOW=full
#      clients/native/python_flow.py and clients/native/cqlsh_flow.sh (what
#      scripts/run-native-drivers.sh runs);
#   3. stop the proxy and the server; replay the capture against the default emulation (and,
#      with CAPTURED=V, `--cassandra-version V`), a report per target in OUT_DIR;
#   4. with CAPTURED=V and NEXT=W (default 2.0.17; NEXT= for none), replay it against
#      `--cassandra-version W` and against the real W started fresh, and check that the two
#      reports list the same differing calls (connection, call, opcode, kinds).
#
# Usage: scripts/capture-native.sh [OUT_DIR]   (default: a new temporary directory, kept)
# Env: FLOW (small|full), CAPTURED, NEXT, RELEASES (/work/scratch-versions), PORT_BASE (25200: a real
# node's Thrift port), SUPERCOLUMN_BIN (see scripts/env.sh). Needs the virtual environment
# scripts/run-native-drivers.sh installs (clients/.build/native-venv). Prints one line per
# replay target; exits non-zero when the replay against what was captured (the default
# emulation, or the CAPTURED emulation) differs, or when the two NEXT reports list other calls.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

FLOW=${FLOW:-small}
CAPTURED=${CAPTURED:-}
NEXT=${NEXT-2.0.17}
RELEASES=${RELEASES:-/work/scratch-versions}
PORT_BASE=${PORT_BASE:-25200}
OUT=${1:-$(mktemp -d /tmp/capture-native.XXXXXX)}
mkdir -p "$OUT"
VENV=$ROOT/clients/.build/native-venv
NATIVE=$ROOT/clients/native
say() { printf 'capture-native: %s\n' "$*"; }
[ -x "$VENV/bin/python" ] || { echo "no $VENV: run scripts/run-native-drivers.sh once" >&2; exit 2; }
ensure_binary

SERVER_PID= NODE_PID= CAPTURE_PID=
cleanup() {
    [ -n "$CAPTURE_PID" ] && kill "$CAPTURE_PID" 2>/dev/null || true
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
    [ -n "$NODE_PID" ] && "$RELEASES/$NODE_VERSION/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
}
trap cleanup EXIT

NODE_VERSION=$CAPTURED
start_node() { # VERSION -> NODE_PID, TO_PORT (its native port), THRIFT_PORT
    say "starting the real $1"
    NODE_VERSION=$1
    NODE_PID=$(RUN_BASE=$OUT/run "$RELEASES/$1/start.sh" "$PORT_BASE" 2>>"$OUT/node.log" | tail -n 1)
    TO_PORT=$(cat "$(ls -td "$OUT"/run/"$1".* | head -n 1)/native_port")
    THRIFT_PORT=$PORT_BASE
    # The native transport listens a little after Thrift does.
    for _ in $(seq 1 200); do
        (exec 3<>"/dev/tcp/127.0.0.1/$TO_PORT") 2>/dev/null && break
        sleep 0.1
    done
}
stop_node() {
    "$RELEASES/$NODE_VERSION/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
    NODE_PID=
}
if [ -n "$CAPTURED" ]; then
    start_node "$CAPTURED"
else
    "$SUPERCOLUMN_BIN" serve --in-memory --listen 127.0.0.1:0 --native-listen 127.0.0.1:0 \
        --admin-listen off >"$OUT/server.out" 2>"$OUT/server.err" &
    SERVER_PID=$!
    TO_PORT=$(wait_line "$OUT/server.out" "supercolumn native on")
fi

CAPTURE=$OUT/native.capture
"$SUPERCOLUMN_BIN" capture --native-listen 127.0.0.1:0 --native-to "127.0.0.1:$TO_PORT" \
    --file "$CAPTURE" >"$OUT/capture.out" 2>"$OUT/capture.err" &
CAPTURE_PID=$!
PROXY=$(wait_line "$OUT/capture.out" "supercolumn capture native on")
say "capturing 127.0.0.1:$PROXY -> 127.0.0.1:$TO_PORT into $CAPTURE ($FLOW flow)"

export CASS_DRIVER_NO_CYTHON=1 PYTHONDONTWRITEBYTECODE=1
cqlsh() { "$VENV/bin/python" "$VENV/bin/cqlsh" "$@"; }
if [ "$FLOW" = full ]; then
    # Their checks are run-native-drivers.sh's: one that needs what an in-memory server has
    # not (a commit log) fails without stopping the capture.
    "$VENV/bin/python" "$NATIVE/python_flow.py" 127.0.0.1 "$PROXY" >"$OUT/python.log" 2>&1 ||
        say "python flow: $(tail -n 1 "$OUT/python.log")"
    bash "$NATIVE/cqlsh_flow.sh" "$VENV/bin/cqlsh" 127.0.0.1 "$PROXY" >"$OUT/cqlsh.log" 2>&1 ||
        say "cqlsh flow: $(grep -m1 FAIL "$OUT/cqlsh.log")"
else
    "$VENV/bin/python" "$NATIVE/capture_flow.py" 127.0.0.1 "$PROXY" >"$OUT/python.log" 2>&1 ||
        say "python flow failed: $(tail -n 1 "$OUT/python.log")"
    cqlsh 127.0.0.1 "$PROXY" --no-color -e "CREATE KEYSPACE sh WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TABLE sh.t (k int PRIMARY KEY, v text); INSERT INTO sh.t (k, v) VALUES (1, 'cqlsh');
        SELECT * FROM sh.t; SELECT * FROM sh.nowhere;" >"$OUT/cqlsh.log" 2>&1 || true
fi
say "clients: $(tail -n 1 "$OUT/python.log")"
kill -TERM "$CAPTURE_PID"
wait "$CAPTURE_PID" || true
CAPTURE_PID=
if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || true; SERVER_PID=; fi
if [ -n "$NODE_PID" ]; then stop_node; fi
say "captured $(grep -c '"native_request"' "$CAPTURE") requests on $(grep -c '"type":"open"' "$CAPTURE") connections ($(wc -c <"$CAPTURE") bytes)"

status=0
replay() { # NAME ARGS...
    local name=$1 code=0
    shift
    "$SUPERCOLUMN_BIN" replay "$CAPTURE" "$@" --progress 0 >"$OUT/replay-$name.txt" || code=$?
    say "$name: $(head -n 1 "$OUT/replay-$name.txt") (exit $code)"
    return $code
}
if [ -n "$CAPTURED" ]; then
    replay "emulation-$CAPTURED" --cassandra-version "$CAPTURED" || status=1
    replay default || true
else
    replay default || status=1
fi
if [ -n "$CAPTURED" ] && [ -n "$NEXT" ]; then
    replay_json() { # NAME ARGS...
        local name=$1
        shift
        "$SUPERCOLUMN_BIN" replay "$CAPTURE" "$@" --json --progress 0 >"$OUT/replay-$name.json" || true
        python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
print("capture-native: %s: %d calls compared, %d different" % (sys.argv[2], r["calls"], r["different"]))' \
            "$OUT/replay-$name.json" "$name"
    }
    replay_json "emulation-$NEXT" --cassandra-version "$NEXT"
    start_node "$NEXT"
    replay_json "real-$NEXT" --server "127.0.0.1:$THRIFT_PORT" --native-server "127.0.0.1:$TO_PORT"
    stop_node
    python3 scripts/capture_same_calls.py capture-native "$OUT/replay-emulation-$NEXT.json" \
        "$OUT/replay-real-$NEXT.json" || status=1
fi
say "reports in $OUT"
exit $status
