#!/usr/bin/env bash
# Replays the recorded Cassandra conformance cases against a fresh server.
#
# usage: scripts/conformance.sh [CASES_DIR_OR_FILE...]   (default: the v06 cases)
#
# Builds the release binary, starts it on the conformance storage-conf.xml
# with --listen 127.0.0.1:0 and a temporary data directory, reads the port
# from the ready line, replays the cases unframed and then framed, stops the
# server with SIGTERM and checks that it exited 0. Exits non-zero if the
# build, either replay, or the shutdown fails. CONFORMANCE_DIR overrides
# where the corpus lives (default /work/shared/conformance).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CONF=${CONFORMANCE_DIR:-/work/shared/conformance}
if [ $# -gt 0 ]; then CASES=("$@"); else CASES=("$CONF/cases/v06"); fi

cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml" || { echo "conformance: build failed" >&2; exit 1; }
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/supercolumn"

WORK=$(mktemp -d)
PID=""
cleanup() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill -KILL "$PID" 2>/dev/null; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN" serve --config "$CONF/config/storage-conf.xml" --listen 127.0.0.1:0 --data-dir "$WORK/data" \
    >"$WORK/stdout" 2>"$WORK/server.log" &
PID=$!

PORT=""
for _ in $(seq 1 300); do
    LINE=$(grep -m1 '^supercolumn listening on ' "$WORK/stdout" 2>/dev/null || true)
    if [ -n "$LINE" ]; then PORT=${LINE##*:}; break; fi
    if ! kill -0 "$PID" 2>/dev/null; then break; fi
    sleep 0.1
done
if [ -z "$PORT" ]; then
    echo "conformance: server did not become ready; its log:" >&2
    cat "$WORK/server.log" >&2
    exit 1
fi
echo "conformance: server pid $PID on port $PORT"

RC=0
for MODE in --unframed --framed; do
    # replay.py's timestamp base is the next whole second: runs must start
    # in different seconds or the second run's reset tombstones cannot hide
    # the first run's writes.
    sleep 1.1
    echo "== replay $MODE"
    python3 "$CONF/replay.py" --port "$PORT" $MODE "${CASES[@]}" || RC=1
done

kill -TERM "$PID"
wait "$PID"
STATUS=$?
PID=""
if [ "$STATUS" -ne 0 ]; then
    echo "conformance: server exited with status $STATUS after SIGTERM; its log:" >&2
    tail -n 50 "$WORK/server.log" >&2
    RC=1
else
    echo "conformance: server stopped cleanly"
fi
exit $RC
