#!/usr/bin/env bash
# An application built against the newest 19.x IDL, run against older real releases and against
# their emulations, side by side: clients/python/examples/upgrade19.py (row_filter, counters,
# CQL 2 and 3, atomic_batch_mutate, get_paged_slice, describe_splits_ex, a KsDef and CfDefs
# with every field its IDL defaults) against each VERSION.
#
# For each VERSION:
#   1. start the real VERSION (built outside the repository, scripts/peers/build-release.sh) and
#      run the application through `supercolumn capture` in front of it: its transcript
#      (one line per call: the reply, or the exception the release answered) and a capture;
#   2. run the application straight against `serve --in-memory --cassandra-version VERSION
#      --jvm-heap 1024` (the heap the real node was started with) and print where the two
#      transcripts differ, side by side;
#   3. replay the capture against `--cassandra-version VERSION` (`supercolumn replay --json`):
#      every reply compared, masked only where a server assigns.
# Exits non-zero when a transcript or a replay differs. FIXTURES=1 copies the captures to
# tests/data/capture/upgrade19-VERSION.capture (the wire tests replay them).
#
# Usage: scripts/capture-upgrade.sh [VERSION...]   (default: 0.7.10 0.8.10 1.0.12 1.1.12)
# Env: RELEASES (/work/scratch-versions), OUT (a new temporary directory, kept),
#      SUPERCOLUMN_BIN (see scripts/env.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

RELEASES=${RELEASES:-/work/scratch-versions}
VERSIONS=("$@")
[ ${#VERSIONS[@]} -gt 0 ] || VERSIONS=(0.7.10 0.8.10 1.0.12 1.1.12)
OUT=${OUT:-$(mktemp -d /tmp/capture-upgrade.XXXXXX)}
mkdir -p "$OUT"
APP=$ROOT/clients/python/examples/upgrade19.py
say() { printf 'capture-upgrade: %s\n' "$*"; }
for v in "${VERSIONS[@]}"; do
    [ -x "$RELEASES/$v/start.sh" ] || { echo "no real $v in $RELEASES (scripts/peers/build-release.sh)" >&2; exit 2; }
done
ensure_binary
ensure_python

free_port() { "$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

NODE_PID= CAPTURE_PID= EMU_PID= V=
cleanup() {
    [ -n "$CAPTURE_PID" ] && kill "$CAPTURE_PID" 2>/dev/null || true
    [ -n "$EMU_PID" ] && kill "$EMU_PID" 2>/dev/null || true
    [ -n "$NODE_PID" ] && "$RELEASES/$V/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true
}
trap cleanup EXIT

status=0
for V in "${VERSIONS[@]}"; do
    # --- 1. the real release, through the capture proxy ------------------------------------
    node_port=$(free_port)
    NODE_PID=$(RUN_BASE=$OUT/run "$RELEASES/$V/start.sh" "$node_port" 2>>"$OUT/node-$V.log" | tail -n 1)
    capture=$OUT/upgrade19-$V.capture
    "$SUPERCOLUMN_BIN" capture --listen 127.0.0.1:0 --to "127.0.0.1:$node_port" --file "$capture" \
        >"$OUT/capture-$V.log" 2>&1 &
    CAPTURE_PID=$!
    proxy_port=$(wait_line "$OUT/capture-$V.log" "supercolumn capture listening on")
    "$PYTHON" "$APP" --port "$proxy_port" >"$OUT/real-$V.txt" 2>"$OUT/real-$V.err" ||
        { say "the application failed against the real $V:"; tail -n 20 "$OUT/real-$V.err" >&2; exit 1; }
    kill -TERM "$CAPTURE_PID"; wait "$CAPTURE_PID" || true; CAPTURE_PID=
    "$RELEASES/$V/stop.sh" "$NODE_PID" >/dev/null 2>&1 || true; NODE_PID=

    # --- 2. the emulation, straight ---------------------------------------------------------
    "$SUPERCOLUMN_BIN" serve --in-memory --listen 127.0.0.1:0 --admin-listen off \
        --cassandra-version "$V" --jvm-heap 1024 >"$OUT/emulated-$V.log" 2>&1 &
    EMU_PID=$!
    emu_port=$(wait_line "$OUT/emulated-$V.log" "supercolumn listening on")
    "$PYTHON" "$APP" --port "$emu_port" >"$OUT/emulated-$V.txt" 2>"$OUT/emulated-$V.err" ||
        { say "the application failed against the $V emulation:"; tail -n 20 "$OUT/emulated-$V.err" >&2; exit 1; }
    kill -TERM "$EMU_PID"; wait "$EMU_PID" || true; EMU_PID=
    lines=$(wc -l <"$OUT/real-$V.txt")
    if diff -q "$OUT/real-$V.txt" "$OUT/emulated-$V.txt" >/dev/null; then
        say "$V: the application's $lines calls answered alike, real and emulated"
    else
        status=1
        say "$V: the transcripts differ (real | emulated):"
        diff -y --suppress-common-lines -W 200 "$OUT/real-$V.txt" "$OUT/emulated-$V.txt" || true
    fi

    # --- 3. the capture, replayed -----------------------------------------------------------
    rc=0
    "$SUPERCOLUMN_BIN" replay "$capture" --json --progress 0 --cassandra-version "$V" --jvm-heap 1024 \
        >"$OUT/replay-$V.json" 2>"$OUT/replay-$V.err" || rc=$?
    [ $rc -le 1 ] || { cat "$OUT/replay-$V.err" >&2; exit 1; }
    [ $rc -eq 0 ] || status=1
    "$PYTHON" - "$OUT/replay-$V.json" "$V" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("capture-upgrade: %s: replay of the capture %5d calls, %5d identical, %d different%s" % (
    sys.argv[2], r["calls"], r["identical"], r["different"],
    "" if not r["different"] else " (" + ", ".join(
        "%s %d" % (k, v["calls"]) for k, v in sorted(r["by_kind"].items())) + ")"))
PY
    [ -z "${FIXTURES:-}" ] || cp "$capture" "$ROOT/tests/data/capture/upgrade19-$V.capture"
done
say "transcripts, captures and reports in $OUT"
exit $status
