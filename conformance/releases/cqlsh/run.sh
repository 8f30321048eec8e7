#!/usr/bin/env bash
# The cqlsh a release shipped against the real release and against `supercolumn serve --in-memory
# --cassandra-version V` (a manual check: it needs Python 2.7, the shell and the release's build;
# see README.md): for 1.0.12 cqlsh 2.0.0 (CQL 2, on the `cql` 1.0.10 Python driver) running
# session-cql2.txt; for 2.0.17 cqlsh 4.1.1 (CQL 3 over Thrift, its drivers bundled in its lib/)
# running tests/data/shell/cqlsh12/session.cql in a fresh directory holding source_me.cql and
# import_bad.csv.
#
#   run.sh record VERSION            fresh real node: the session piped into the cqlsh,
#                                    stdout and stderr merged, masked, into VERSION/session.golden
#   run.sh supercolumn VERSION       the same cqlsh against supercolumn; diff with the golden
#   run.sh ours VERSION              `supercolumn cqlsh` against supercolumn, likewise (no Python;
#                                    tests/shell/shell_cqlsh_releases.rs runs the same check)
#
# Env: PYTHON2 (python2.7), CQLSH2 (1.0.12's bin/cqlsh, its pylib/ beside it), PYTHONPATH (where
# `cql==1.0.10` and `thrift==0.8.0` are installed), CQLSH20 (2.0.17's bin/cqlsh, its lib/ and
# pylib/ beside it), RELEASES_DIR (/work/scratch-versions), SUPERCOLUMN_BIN
# (target/release/supercolumn).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
RELEASES_DIR=${RELEASES_DIR:-/work/scratch-versions}
SC_BIN=${SUPERCOLUMN_BIN:-$ROOT/target/release/supercolumn}
[ $# -ge 2 ] || { sed -n 2,14p "$0"; exit 2; }
CMD=$1 V=$2
SESSION=$HERE/session-cql2.txt
FILES=
CQLSH=${CQLSH2:-}
case $V in
  2.0.*)
    SESSION=$ROOT/tests/data/shell/cqlsh12/session.cql
    FILES="$ROOT/tests/data/shell/cqlsh12/source_me.cql $ROOT/tests/data/shell/cqlsh12/import_bad.csv"
    CQLSH=${CQLSH20:-}
    ;;
esac
GOLDEN=$HERE/$V/session.golden
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# mask: the port, the node's tokens in DESCRIBE CLUSTER's range ownership (random per node) and
# COPY's timings; supercolumn cqlsh's own `Hint:` lines are left out.
mask() {
  sed -E -e '/^Hint: /d' -e 's/ at 127\.0\.0\.1:[0-9]+\./ at 127.0.0.1:<port>./' \
    -e 's/^ +-?[0-9]+  \[127\.0\.0\.1\]$/ <token>  [127.0.0.1]/' \
    -e 's/ (exported|imported) in [0-9.]+ seconds\./ \1 in <t> seconds./'
}

# run SHELL... : the session piped into the shell from a fresh working directory (with the
# session's files) and a fresh HOME.
run() {
  local home work
  home=$(mktemp -d)
  work=$(mktemp -d)
  # shellcheck disable=SC2086
  [ -z "$FILES" ] || cp $FILES "$work/"
  (cd "$work" && HOME=$home "$@" <"$SESSION" 2>&1 | mask) || true
  rm -rf "$home" "$work"
}

run_real() { run "${PYTHON2:?set PYTHON2}" -u "${CQLSH:?set CQLSH2 or CQLSH20}" 127.0.0.1 "$1"; }

run_ours() { run "$SC_BIN" cqlsh 127.0.0.1 "$1"; }

case $CMD in
  record)
    mkdir -p "$HERE/$V"
    PORT=$(free_port)
    PID=$("$RELEASES_DIR/$V/start.sh" "$PORT" 2>/dev/null | tail -1)
    trap '"$RELEASES_DIR/$V/stop.sh" "$PID" || true' EXIT
    run_real "$PORT" >"$GOLDEN"
    echo "recorded $(wc -l <"$GOLDEN") lines"
    ;;
  supercolumn|ours)
    PORT=$(free_port)
    "$SC_BIN" serve --in-memory --listen "127.0.0.1:$PORT" --admin-listen off \
      --cassandra-version "$V" >/tmp/sc-cqlsh-$V.log 2>&1 &
    SC=$!
    trap 'kill "$SC" 2>/dev/null || true' EXIT
    wait_port "$PORT"
    got=$(mktemp)
    if [ "$CMD" = ours ]; then run_ours "$PORT" >"$got"; else run_real "$PORT" >"$got"; fi
    if diff -u "$GOLDEN" "$got"; then
      echo "cqlsh $V: $(grep -c . "$GOLDEN") lines identical"
    else
      exit 1
    fi
    ;;
  *) sed -n 2,14p "$0"; exit 2;;
esac
