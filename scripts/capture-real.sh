#!/usr/bin/env bash
# The capture-and-replay loop against real releases (built outside the repository, see
# scripts/peers/build-release.sh): real applications' traffic captured in front of a real
# Cassandra, then replayed against supercolumn and against another release, real and emulated.
#
#   1. start the real CAPTURED release (default 1.2.9) and create the BloggyAppy keyspace with
#      its own cassandra-cli (so the capture's schema record holds it); a 0.6 release has it
#      from its configuration (the project's storage-conf.xml);
#   2. put `supercolumn capture` in front of it and run through the proxy: the BloggyAppy
#      example of the generated clients (19.x, framed: what 1.2 speaks) in Python, Java, Node,
#      Ruby, PHP, Perl and C++ (those whose build is there), and pycassa's flow
#      (clients/pycassa/flow.py under jython); against 0.6 the 2.2.0 clients' example
#      (Python, Java, PHP, Ruby; unframed, as 0.6 speaks) and no pycassa (0.7 and later);
#   3. stop the proxy and the node; replay the capture, at its pace, against supercolumn's
#      default emulation on the node's configuration file (`--config`: its partitioner orders
#      a range scan; and again on the default's own, for the record), `--cassandra-version
#      CAPTURED`, `--cassandra-version NEXT` (default 2.0.17) and the real NEXT release
#      (started fresh, the replay creates the schema); not for 0.6, whose API no later
#      release speaks;
#   4. print one line per target (calls compared, identical, different) and whether the two
#      NEXT reports list the same differing calls (connection, call, method, kinds).
#
# Usage: scripts/capture-real.sh [OUT_DIR]   (default: a new temporary directory, kept)
# Env: RELEASES (/work/scratch-versions), CAPTURED (1.2.9, or 0.6.8: RELEASES/0.6.8/start.sh and
# stop.sh wrapping the peers' start068.sh and stop.sh), NEXT (2.0.17), PORT_BASE (25100:
# the real node takes PORT_BASE, the proxy PORT_BASE+1), SUPERCOLUMN_BIN (see scripts/env.sh).
# Needs what scripts/run-clients.sh and scripts/old-clients.sh pycassa install or build first
# (clients/.build, clients/node/node_modules, clients/pycassa/.site); a client that is not
# there is skipped with a note. Exits non-zero when a replay against supercolumn or the
# CAPTURED emulation differs, or when the two NEXT reports list different calls.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/pycassa-lib.sh

RELEASES=${RELEASES:-/work/scratch-versions}
CAPTURED=${CAPTURED:-1.2.9}
NEXT=${NEXT:-2.0.17}
PORT_BASE=${PORT_BASE:-25100}
NODE_PORT=$PORT_BASE
PROXY_PORT=$((PORT_BASE + 1))
case $CAPTURED in 0.6.*) API=06 NEXT= ;; *) API=19 ;; esac
OUT=${1:-$(mktemp -d /tmp/capture-real.XXXXXX)}
mkdir -p "$OUT"
BUILD=$ROOT/clients/.build
JAVA_CP=/usr/share/java/thrift.jar:/usr/share/java/slf4j-api.jar:/usr/share/java/slf4j-nop.jar

say() { printf 'capture-real: %s\n' "$*"; }
for v in "$CAPTURED" ${NEXT:+"$NEXT"}; do
    [ -x "$RELEASES/$v/start.sh" ] || { echo "no real $v in $RELEASES (scripts/peers/build-release.sh)" >&2; exit 2; }
done
ensure_binary
ensure_python

NODE_PID=
CAPTURE_PID=
cleanup() {
    [ -n "$CAPTURE_PID" ] && kill "$CAPTURE_PID" 2>/dev/null || true
    [ -n "$NODE_PID" ] && "$RELEASES/$CAPTURED/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
}
trap cleanup EXIT

start_node() { # VERSION -> NODE_PID
    say "starting the real $1 on 127.0.0.1:$NODE_PORT"
    NODE_PID=$(RUN_BASE=$OUT/run "$RELEASES/$1/start.sh" "$NODE_PORT" 2>>"$OUT/node.log" | tail -n 1)
}
stop_node() { # VERSION
    "$RELEASES/$1/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
    NODE_PID=
}

# --- 1. the captured release and its schema ---------------------------------------------------
start_node "$CAPTURED"
[ "$API" = 06 ] || cat >"$OUT/schema.cli" <<'CLI'
create keyspace BloggyAppy with placement_strategy = 'SimpleStrategy' and strategy_options = {replication_factor:1};
use BloggyAppy;
create column family Authors with comparator = BytesType;
create column family BlogEntries with comparator = BytesType;
create column family TaggedPosts with comparator = TimeUUIDType;
create column family Comments with column_type = Super and comparator = TimeUUIDType and subcomparator = BytesType;
CLI
[ "$API" = 06 ] || "$RELEASES/$CAPTURED/cli.sh" 127.0.0.1 "$NODE_PORT" -f "$OUT/schema.cli" >"$OUT/schema.log" 2>&1

# --- 2. the applications through the proxy ----------------------------------------------------
CAPTURE=$OUT/real-$CAPTURED.capture
"$SUPERCOLUMN_BIN" capture --listen "127.0.0.1:$PROXY_PORT" --to "127.0.0.1:$NODE_PORT" \
    --file "$CAPTURE" >"$OUT/capture.log" 2>&1 &
CAPTURE_PID=$!
for _ in $(seq 100); do grep -q 'listening on' "$OUT/capture.log" && break; sleep 0.1; done
grep -q 'listening on' "$OUT/capture.log" || { cat "$OUT/capture.log" >&2; exit 1; }

ran=()
skipped=()
app() { # NAME NEEDS COMMAND...: runs COMMAND through the proxy when NEEDS exists
    local name=$1 needs=$2
    shift 2
    if [ ! -e "$needs" ]; then skipped+=("$name (no $needs)"); return; fi
    if "$@" >"$OUT/app-$name.log" 2>&1; then ran+=("$name"); else
        echo "capture-real: $name failed against the real $CAPTURED:" >&2
        tail -n 20 "$OUT/app-$name.log" >&2
        exit 1
    fi
}
if [ "$API" = 06 ]; then
    P=(--port "$PROXY_PORT")
    app python "$PYTHON" "$PYTHON" clients/python/examples/bloggyappy.py "${P[@]}"
    app java "$BUILD/java/06" java -cp "$BUILD/java/06:$JAVA_CP" bloggyappy.BloggyAppy06 "${P[@]}"
    app ruby /usr/bin/ruby ruby clients/ruby/examples/bloggyappy06.rb "${P[@]}"
    app php /usr/bin/php php -d extension=thrift_protocol.so clients/php/examples/bloggyappy06.php "${P[@]}"
fi
P=(--port "$PROXY_PORT" --framed)
[ "$API" = 06 ] || {
app python "$PYTHON" "$PYTHON" clients/python/examples/bloggyappy19.py "${P[@]}"
app java "$BUILD/java/19" java -cp "$BUILD/java/19:$JAVA_CP" bloggyappy.BloggyAppy19 "${P[@]}"
app node clients/node/node_modules node clients/node/bloggyappy19.js "${P[@]}"
app ruby /usr/bin/ruby ruby clients/ruby/examples/bloggyappy19.rb "${P[@]}"
app php /usr/bin/php php -d extension=thrift_protocol.so clients/php/examples/bloggyappy19.php "${P[@]}"
app perl /usr/bin/perl perl clients/perl/examples/bloggyappy19.pl "${P[@]}"
app cpp "$BUILD/cpp/bloggyappy19" "$BUILD/cpp/bloggyappy19" "${P[@]}"
pycassa() { (cd "$PYCASSA_DIR" && JYTHONPATH=$SITE jython_run flow.py "127.0.0.1:$PROXY_PORT"); }
app pycassa "$SITE" pycassa
}
kill -TERM "$CAPTURE_PID"
wait "$CAPTURE_PID" || true
CAPTURE_PID=
stop_node "$CAPTURED"
requests=$(grep -c '"type":"request"' "$CAPTURE" || true)
say "captured $requests calls from ${ran[*]} ($(wc -c <"$CAPTURE") bytes: $CAPTURE)"
[ ${#skipped[@]} -eq 0 ] || say "skipped: ${skipped[*]}"

# --- 3. the replays ---------------------------------------------------------------------------
status=0
replay() { # LABEL MUST_MATCH ARGS...
    local label=$1 must=$2 rc=0
    shift 2
    "$SUPERCOLUMN_BIN" replay "$CAPTURE" --json --pace --progress 0 "$@" >"$OUT/replay-$label.json" 2>"$OUT/replay-$label.err" || rc=$?
    [ $rc -le 1 ] || { cat "$OUT/replay-$label.err" >&2; exit 1; }
    "$PYTHON" - "$OUT/replay-$label.json" "$label" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("capture-real: %-22s %5d calls compared, %5d identical, %4d different%s" % (
    sys.argv[2], r["calls"], r["identical"], r["different"],
    "" if not r["different"] else " (" + ", ".join(
        "%s %d" % (k, v["calls"]) for k, v in sorted(r["by_kind"].items())) + ")"))
PY
    if [ "$must" = yes ] && [ $rc -ne 0 ]; then status=1; fi
}
# The emulations run on the configuration the node ran on: a 0.6 release's keyspaces are its
# configuration; a later one's cassandra.yaml names its partitioner, which orders a range scan.
CONF=()
if [ "$API" = 06 ]; then
    CONF=(--config "$ROOT/storage-conf.xml")
    replay default yes
else
    NODE_CONF=$(ls -td "$OUT"/run/"$CAPTURED".* | head -n 1)/conf/cassandra.yaml
    replay default yes --config "$NODE_CONF"
    # The default emulation on its own stock configuration, for the record only.
    replay default-stock no
fi
replay "emulated-$CAPTURED" yes --cassandra-version "$CAPTURED" "${CONF[@]}"
if [ -z "$NEXT" ]; then say "reports in $OUT"; exit $status; fi
replay "emulated-$NEXT" no --cassandra-version "$NEXT"
start_node "$NEXT"
replay "real-$NEXT" no --server "127.0.0.1:$NODE_PORT"
"$RELEASES/$NEXT/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
NODE_PID=

# --- 4. the two NEXT reports ------------------------------------------------------------------
"$PYTHON" scripts/capture_same_calls.py capture-real "$OUT/replay-emulated-$NEXT.json" \
    "$OUT/replay-real-$NEXT.json" || status=1
say "reports in $OUT"
exit $status
