#!/usr/bin/env bash
# Cassandra's own Thrift system tests (test/system/test_thrift_server.py of the release's tag,
# Python 2 and nose) as a differential check of one release's emulation: the suite runs through
# `supercolumn capture` in front of the real release, then straight against
# `serve --in-memory --cassandra-version V --jvm-heap 1024`; the per-test outcomes of the two
# runs are compared, and the capture (every call the suite made and every reply the real
# release gave) is replayed against the emulation at its pace.
#
#   conformance/releases/systest/run.sh VERSION [OUT_DIR] [unframed]   (0.7.10 ... 1.2.19: the
#                                   releases whose tree has the suite; `unframed`, 0.7 only: the
#                                   suite's client unframed, both sides on the stock yaml with a
#                                   frame size of 0)
#
# The suite is not in this repository: it is read from the source snapshot (GITDIR, default
# /work/.mirror/shyla226+cassandra/repo, `fetch github:shyla226/cassandra`), with the release's
# cassandra.thrift compiled to Python by Debian's thrift-compiler (0.17; its generated code is
# made to import as Python 2 modules) and run with thrift 0.13 and nose in a Python 2.7 virtual
# environment (PY2, default /root/.pyenv/versions/2.7.18/bin/python2.7). The suite's
# __init__.py started bin/cassandra on its test configuration for each test; `harness.py`
# (appended to it) instead points the suite's client at SYSTEST_PORT and starts each test
# from an empty cluster by dropping every keyspace but the system ones. The nodes run on their
# stock yaml, not the suite's test configuration (ByteOrderedPartitioner), so the tests
# written for that partitioner fail on both sides alike.
# Env: RELEASES (/work/scratch-versions: scripts/peers/build-release.sh's builds),
# SUPERCOLUMN_BIN (target/release/supercolumn), TESTS (nose test names; default the suite).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
V=${1:?VERSION}
OUT=${2:-$(mktemp -d /tmp/systest-$V.XXXXXX)}
MODE=${3:-framed}
RELEASES=${RELEASES:-/work/scratch-versions}
GITDIR=${GITDIR:-/work/.mirror/shyla226+cassandra/repo}
PY2=${PY2:-/root/.pyenv/versions/2.7.18/bin/python2.7}
B=${SUPERCOLUMN_BIN:-$ROOT/target/release/supercolumn}
mkdir -p "$OUT"
say() { printf 'systest %s: %s\n' "$V" "$*"; }

# The suite, its generated client and a Python 2 environment, in OUT.
S=$OUT/src
mkdir -p "$S"
git --git-dir="$GITDIR" archive "cassandra-$V" test/system interface/cassandra.thrift 2>/dev/null |
    tar x -C "$S" 2>/dev/null
[ -f "$S/test/system/test_thrift_server.py" ] || { say "no test/system/test_thrift_server.py in cassandra-$V"; exit 2; }
mkdir -p "$S/interface/thrift/gen-py"
thrift --gen py -out "$S/interface/thrift/gen-py" "$S/interface/cassandra.thrift" >/dev/null 2>&1
sed -i 's/^from \.\(ttypes\|constants\|Cassandra\) import/from \1 import/' "$S"/interface/thrift/gen-py/cassandra/*.py
cat "$HERE/harness.py" >>"$S/test/system/__init__.py"
if [ ! -x "$OUT/venv2/bin/nosetests" ]; then
    "$PY2" -m virtualenv -q "$OUT/venv2" >/dev/null 2>&1 || { "$PY2" -m pip install -q virtualenv && "$PY2" -m virtualenv -q "$OUT/venv2"; }
    "$OUT/venv2/bin/pip" install -q "thrift==0.13.0" "nose==1.3.7" 2>/dev/null
fi

# unframed (0.7): a copy of the stock yaml with a frame size of 0, for the node and the emulation
YAML=() CONFIG=()
if [ "$MODE" = unframed ]; then
    case $V in 0.7.*) ;; *) say "served framed clients only"; exit 2;; esac
    sed 's/^thrift_framed_transport_size_in_mb:.*/thrift_framed_transport_size_in_mb: 0/' \
        "$RELEASES/$V/conf.orig/cassandra.yaml" >"$OUT/unframed.yaml"
    YAML=("$OUT/unframed.yaml") CONFIG=(--config "$OUT/unframed.yaml")
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_line() { for _ in $(seq 400); do p=$(sed -n "s/^$2 .*:\([0-9][0-9]*\)$/\1/p" "$1" | head -n 1); [ -n "$p" ] && { echo "$p"; return; }; sleep 0.05; done; }
suite() { # PORT OUTFILE: the suite against PORT, one line per test and outcome
    (cd "$S" && SYSTEST_PORT=$1 SYSTEST_MODE=$MODE "$OUT/venv2/bin/nosetests" -v ${TESTS:-test/system/test_thrift_server.py} 2>&1) |
        grep -E ' \.\.\. (ok|FAIL|ERROR|SKIP)' | sort >"$2"
}
NODE= CAP= EMU=
trap '[ -n "$CAP" ] && kill $CAP 2>/dev/null; [ -n "$EMU" ] && kill $EMU 2>/dev/null; [ -n "$NODE" ] && "$RELEASES/$V/stop.sh" $NODE >/dev/null 2>&1' EXIT

port=$(free_port)
NODE=$(RUN_BASE=$OUT/run "$RELEASES/$V/start.sh" "$port" "${YAML[@]}" 2>"$OUT/node.err" | tail -n 1)
"$B" capture --listen 127.0.0.1:0 --to "127.0.0.1:$port" --file "$OUT/systest.capture" >"$OUT/capture.log" 2>&1 &
CAP=$!
suite "$(wait_line "$OUT/capture.log" "supercolumn capture listening on")" "$OUT/real.txt"
kill $CAP; wait $CAP 2>/dev/null; CAP=
"$RELEASES/$V/stop.sh" "$NODE" >/dev/null 2>&1; NODE=

"$B" serve --in-memory --listen 127.0.0.1:0 --admin-listen off --cassandra-version "$V" --jvm-heap 1024 "${CONFIG[@]}" >"$OUT/emulated.log" 2>&1 &
EMU=$!
suite "$(wait_line "$OUT/emulated.log" "supercolumn listening on")" "$OUT/emulated.txt"
kill $EMU; EMU=

say "real: $(grep -c ' ok$' "$OUT/real.txt") of $(wc -l <"$OUT/real.txt") tests passed; emulated: $(grep -c ' ok$' "$OUT/emulated.txt") of $(wc -l <"$OUT/emulated.txt")"
status=0
if diff "$OUT/real.txt" "$OUT/emulated.txt" >"$OUT/outcomes.diff"; then say "every test's outcome the same"; else say "outcomes differ:"; cat "$OUT/outcomes.diff"; status=1; fi
"$B" replay "$OUT/systest.capture" --cassandra-version "$V" --jvm-heap 1024 "${CONFIG[@]}" --pace --progress 0 >"$OUT/replay.txt" 2>&1 || status=1
say "replay: $(head -n 1 "$OUT/replay.txt")"
sed -n '/by kind of difference/,$p' "$OUT/replay.txt" | head -n 80
exit $status
