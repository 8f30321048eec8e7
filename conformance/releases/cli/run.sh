#!/usr/bin/env bash
# A release's own cassandra-cli, statement by statement, against the real release and against
# `supercolumn serve --in-memory --cassandra-version VERSION` (a manual check: it needs the
# release built by scripts/peers/build-release.sh and a JVM; see README.md).
#
#   run.sh record VERSION [NAME]        fresh real node behind cliproxy.py: the session's
#                                       transcript into VERSION/NAME.golden; for the main
#                                       session (NAME `session`, the default) its Thrift calls
#                                       and the node's replies into VERSION/cli_session.json
#                                       (replayed without a JVM by scripts/release-conformance.sh)
#   run.sh supercolumn VERSION [NAME]   the release's cli against supercolumn; prints the
#                                       differences from VERSION/NAME.golden (exit 1 if any)
#   run.sh ours VERSION [NAME]          `supercolumn cli` against supercolumn, likewise (no JVM;
#                                       tests/shell/shell_cli_releases.rs runs the same check)
#
# The session is NAME-0.7.txt for 0.7 and NAME-0.8.txt for 0.8 where there is one, else NAME.txt. Env: RELEASES_DIR
# (default /work/scratch-versions), SUPERCOLUMN_BIN (default target/release/supercolumn).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
RELEASES_DIR=${RELEASES_DIR:-/work/scratch-versions}
SC_BIN=${SUPERCOLUMN_BIN:-$ROOT/target/release/supercolumn}
[ $# -ge 2 ] || { sed -n 2,18p "$0"; exit 2; }
CMD=$1 V=$2 NAME=${3:-session}
SESSION=$HERE/$NAME.txt
case $V in 0.7.* | 0.8.*) [ -f "$HERE/$NAME-${V%.*}.txt" ] && SESSION=$HERE/$NAME-${V%.*}.txt;; esac
OUT=$HERE/$V
GOLDEN=$OUT/$NAME.golden
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# mask: what differs from run to run (timestamps, times, ports, schema versions, the cli's
# home directory).
mask() {
  sed -E -e 's/timestamp=[0-9]+/timestamp=<ts>/g' \
    -e 's/Elapsed time: [0-9.]+ msec\(s\)\./Elapsed time: <t> msec(s)./g' \
    -e 's#127\.0\.0\.1/[0-9]+#127.0.0.1/<port>#g' \
    -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g' \
    -e 's#[^ ]*/\.cassandra/#<home>/.cassandra/#g'
}

# run_cli PORT: the session piped into the release's cli, stdout and stderr merged, masked.
# `cassandra.storagedir` as the release's bin/cassandra-cli set it: 2.1's cli reads the stock
# yaml when `describe` looks for JMX, and without it dies of the yaml's missing directories.
run_cli() {
  local home
  home=$(mktemp -d)
  JAVA_TOOL_OPTIONS="-Duser.home=$home -Dcassandra.storagedir=$home/data" "$RELEASES_DIR/$V/cli.sh" 127.0.0.1 "$1" <"$SESSION" 2>&1 \
    | grep -v '^Picked up JAVA_TOOL_OPTIONS' | mask || true
  rm -rf "$home"
}

# run_ours PORT: the session piped into `supercolumn cli`, merged and masked the same way.
run_ours() {
  local home
  home=$(mktemp -d)
  HOME=$home "$SC_BIN" cli -h 127.0.0.1 -p "$1" <"$SESSION" 2>&1 | mask || true
  printf '\n'
  rm -rf "$home"
}

case $CMD in
  record)
    mkdir -p "$OUT"
    NODE_PORT=$(free_port)
    NODE_PID=$("$RELEASES_DIR/$V/start.sh" "$NODE_PORT" 2>/dev/null | tail -1)
    trap '"$RELEASES_DIR/$V/stop.sh" "$NODE_PID" || true' EXIT
    if [ "$NAME" != session ]; then
      run_cli "$NODE_PORT" >"$GOLDEN"
      echo "recorded $(wc -l <"$GOLDEN") lines"
      exit 0
    fi
    PROXY_PORT=$(free_port)
    python3 "$HERE/../cliproxy.py" --listen "$PROXY_PORT" --to "$NODE_PORT" \
      --out "$OUT/cli_session.json" --name cli_session --peer "Apache Cassandra $V" \
      --notes "the Thrift calls of cassandra-cli $V running $(basename "$SESSION")" &
    PROXY=$!
    wait_port "$PROXY_PORT"
    run_cli "$PROXY_PORT" >"$GOLDEN"
    kill -TERM "$PROXY"; wait "$PROXY" || true
    echo "recorded $(wc -l <"$GOLDEN") lines, $OUT/cli_session.json"
    ;;
  supercolumn|ours)
    PORT=$(free_port)
    "$SC_BIN" serve --in-memory --listen "127.0.0.1:$PORT" --admin-listen off \
      --cassandra-version "$V" --jvm-heap 1024 >/tmp/sc-cli-$V.log 2>&1 &
    SC=$!
    trap 'kill "$SC" 2>/dev/null || true' EXIT
    wait_port "$PORT"
    got=$(mktemp)
    if [ "$CMD" = ours ]; then run_ours "$PORT" >"$got"; else run_cli "$PORT" >"$got"; fi
    if diff -u "$GOLDEN" "$got"; then
      echo "cli $V $NAME: $(grep -c . "$GOLDEN") lines identical"
    else
      exit 1
    fi
    ;;
  *) sed -n 2,18p "$0"; exit 2;;
esac
