#!/usr/bin/env bash
# cqlsh 2.0.0 (the cqlsh Cassandra 1.0.12 shipped, CQL 2 over Thrift, on the `cql` 1.0.10 Python
# driver) against a real release and against `supercolumn serve --in-memory --cassandra-version V`
# (a manual check: it needs Python 2.7, the driver and the release's build; see README.md).
#
#   run.sh record VERSION            fresh real node: session-cql2.txt piped into cqlsh 2.0.0,
#                                    stdout and stderr merged, masked, into VERSION/session.golden
#   run.sh supercolumn VERSION       the same cqlsh against supercolumn; diff with the golden
#   run.sh ours VERSION              `supercolumn cqlsh` against supercolumn, likewise (no Python;
#                                    tests/shell/shell_cqlsh_releases.rs runs the same check)
#
# Env: PYTHON2 (python2.7), CQLSH2 (1.0.12's bin/cqlsh, its pylib/ beside it), PYTHONPATH (where
# `cql==1.0.10` and `thrift==0.8.0` are installed), RELEASES_DIR (/work/scratch-versions),
# SUPERCOLUMN_BIN (target/release/supercolumn).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
RELEASES_DIR=${RELEASES_DIR:-/work/scratch-versions}
SC_BIN=${SUPERCOLUMN_BIN:-$ROOT/target/release/supercolumn}
[ $# -ge 2 ] || { sed -n 2,14p "$0"; exit 2; }
CMD=$1 V=$2
SESSION=$HERE/session-cql2.txt
GOLDEN=$HERE/$V/session.golden
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# mask: the port, and the node's token in DESCRIBE CLUSTER's range ownership (random per node).
mask() {
  sed -E -e 's/ at 127\.0\.0\.1:[0-9]+\./ at 127.0.0.1:<port>./' \
    -e 's/^ +[0-9]+  \[127\.0\.0\.1\]$/ <token>  [127.0.0.1]/'
}

run_real() {
  local home
  home=$(mktemp -d)
  HOME=$home "${PYTHON2:?set PYTHON2}" "${CQLSH2:?set CQLSH2}" 127.0.0.1 "$1" <"$SESSION" 2>&1 | mask || true
  rm -rf "$home"
}

run_ours() {
  local home
  home=$(mktemp -d)
  HOME=$home "$SC_BIN" cqlsh 127.0.0.1 "$1" <"$SESSION" 2>&1 | mask || true
  rm -rf "$home"
}

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
