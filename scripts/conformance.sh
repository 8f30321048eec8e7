#!/usr/bin/env bash
# Replays recorded Cassandra conformance cases against a fresh server.
#
# usage: scripts/conformance.sh [--config FILE] [--skip "NAME..."] [CASES_DIR_OR_FILE...]
#        (default: the 0.6 cases on the config they were recorded under)
#
# --skip leaves out the named scenarios; every other case in the given
# directories runs, so a case added to the corpus is replayed at once.
#
# Starts the release binary on the conformance storage-conf.xml with a free
# port and a temporary data directory, replays the cases unframed and then
# framed, stops the server with SIGTERM and checks that it exited 0. Exits
# non-zero if either replay or the shutdown fails. CONFORMANCE_DIR says where
# the corpus lives (default: ../shared/conformance beside the repository);
# SUPERCOLUMN_BIN, CARGO_TARGET_DIR and VENV_DIR as in scripts/env.sh. replay.py
# runs under the virtual environment's Python.
set -uo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

CONF=$CONFORMANCE_DIR
check_corpus || exit 1
CONFIG="$CONF/config/storage-conf.xml"
SKIP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --config) CONFIG=$2; shift 2 ;;
        --skip) SKIP=$(echo $2); shift 2 ;;
        *) break ;;
    esac
done
if [ $# -gt 0 ]; then CASES=("$@"); else CASES=("$CONF/cases/v06"); fi
ONLY=()
if [ -n "$SKIP" ]; then
    for f in $(find "${CASES[@]}" -name '*.json' | sort); do
        name=$(basename "$f" .json)
        case " $SKIP " in *" $name "*) ;; *) ONLY+=("$name") ;; esac
    done
    echo "conformance: skipping $SKIP"
    ONLY=(--only "${ONLY[@]}")
fi

ensure_binary || exit 1
ensure_python || exit 1
# The 0.6 cases are replayed framed as well as unframed. A framed 0.6 client
# only ever talked to a 0.6.8 whose config said ThriftFramedTransport true, and
# that setting is what keeps such a connection's first ambiguous call
# (describe_keyspace, describe_version) on API 0.6 under ThriftApiDefault auto;
# so the server runs a copy of the config that says so (it serves both
# transports either way, and the 19.x cases show their generation first).
SERVED=$(mktemp --suffix=.conf)
sed 's|<ThriftFramedTransport>false</ThriftFramedTransport>|<ThriftFramedTransport>true</ThriftFramedTransport>|' "$CONFIG" >"$SERVED"
start_server "$SERVED" || { rm -f "$SERVED"; exit 1; }
trap 'kill -9 $SERVER_PID 2>/dev/null || true; rm -f "$SERVED"' EXIT
echo "conformance: server pid $SERVER_PID on port $SERVER_PORT"

RC=0
for MODE in --unframed --framed; do
    # replay.py's timestamp base is the next whole second: runs must start in
    # different seconds, or the second run's reset tombstones cannot hide the
    # first run's writes.
    sleep 1.1
    echo "== replay $MODE"
    "$PYTHON" "$CONF/replay.py" --port "$SERVER_PORT" $MODE "${CASES[@]}" "${ONLY[@]}" || RC=1
done

trap - EXIT
stop_server || RC=1
rm -f "$SERVED"
exit $RC
