#!/usr/bin/env bash
# Real old Cassandra clients against a fresh supercolumn server, each through a
# realistic flow (schema calls, insert/get, batch, super columns, counters, TTL,
# an indexed query):
#   - pycassa 1.11.2 (Python 2) with thrift 0.13.0, run by Debian's jython;
#   - helenus 0.6.10 (npm), Thrift API;
#   - cassandra-client 0.15.2 (npm), its System (Thrift schema) API and its CQL 2 API.
#
# Installs what is missing first (idempotent; apt-get, PyPI and npm only):
#   jython + bouncycastle (jython's ssl module needs it to reach PyPI) and Node.js/npm
#   through scripts/system-packages.sh (the one place system packages are installed),
#   a Python 2 pip/setuptools that jython runs (fetched with the virtual environment's
#   pip), pycassa/thrift/six into clients/pycassa/.site, and clients/node/node_modules
#   from package-lock.json.
#
# The server runs the repo's storage-conf.xml unchanged (no ThriftApiDefault):
# these clients speak API 19.x over framed transport and open with calls both
# generations share (describe_version, describe_keyspace), which a framed
# connection gets as 19.x by default.
#
# pycassa-faults (clients/pycassa/faults.py) runs pycassa against primed faults through the
# admin surface (the server runs with --admin-listen 127.0.0.1:0).
#
# Usage: scripts/old-clients.sh [pycassa] [pycassa-faults] [helenus] [cassandra-client]
#        (default: all)
# Exits non-zero if any flow fails.
set -euo pipefail
. "$(dirname "$0")/env.sh"
NODE_DIR=$ROOT/clients/node

# shellcheck source=scripts/pycassa-lib.sh
. scripts/pycassa-lib.sh

say() { printf '%s\n' "old-clients: $*"; }

install_node() {
    local want
    want=$(sha256sum "$NODE_DIR/package-lock.json" | cut -d' ' -f1)
    if [ "$(cat "$NODE_DIR/node_modules/.installed-lock" 2>/dev/null)" = "$want" ]; then
        return
    fi
    say "installing npm packages (npm ci)"
    (cd "$NODE_DIR" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$want" >"$NODE_DIR/node_modules/.installed-lock"
}

clients=("$@")
[ ${#clients[@]} -gt 0 ] || clients=(pycassa pycassa-faults helenus cassandra-client)
for c in "${clients[@]}"; do
    case $c in
    pycassa | pycassa-faults | helenus | cassandra-client) ;;
    *) echo "unknown client '$c' (pycassa, pycassa-faults, helenus, cassandra-client)" >&2; exit 2 ;;
    esac
done

scripts/system-packages.sh python old-clients
for c in "${clients[@]}"; do
    case $c in
    pycassa | pycassa-faults)
        ensure_python
        install_pycassa
        ;;
    helenus | cassandra-client) install_node ;;
    esac
done

# shellcheck source=scripts/server-lib.sh
source scripts/server-lib.sh
start_server storage-conf.xml --admin-listen 127.0.0.1:0
ADMIN_PORT=$(sed -n 's/^supercolumn admin on .*:\([0-9][0-9]*\)$/\1/p' "$SERVER_OUT")
trap 'stop_server >/dev/null 2>&1 || true' EXIT
say "server on 127.0.0.1:$SERVER_PORT"

passed=()
failed=()
for c in "${clients[@]}"; do
    start=$(date +%s)
    status=0
    case $c in
    pycassa) (cd "$PYCASSA_DIR" && JYTHONPATH=$SITE jython_run flow.py "127.0.0.1:$SERVER_PORT") 2>&1 |
        grep -v '^No handlers could be found for logger "thrift.transport.sslcompat"$' || status=$? ;;
    pycassa-faults) (cd "$PYCASSA_DIR" && JYTHONPATH=$SITE jython_run faults.py \
        "127.0.0.1:$SERVER_PORT" "127.0.0.1:$ADMIN_PORT") 2>&1 |
        grep -v '^No handlers could be found for logger "thrift.transport.sslcompat"$' || status=$? ;;
    helenus) node "$NODE_DIR/helenus_flow.js" "127.0.0.1:$SERVER_PORT" || status=$? ;;
    cassandra-client) node "$NODE_DIR/cassandra_client_flow.js" "127.0.0.1:$SERVER_PORT" || status=$? ;;
    esac
    say "$c: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(($(date +%s) - start)) s"
    if [ $status -eq 0 ]; then passed+=("$c"); else failed+=("$c"); fi
done

trap - EXIT
stop_server
echo "old-clients: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
