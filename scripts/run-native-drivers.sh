#!/usr/bin/env bash
# Today's native-protocol clients against fresh supercolumn servers (the native protocol on a
# free port, announced as "supercolumn native on HOST:PORT"):
#
#   python   clients/native/python_flow.py   PyPI cassandra-driver (pure Python: CASS_DRIVER_NO_CYTHON)
#   golden   clients/native/golden_flow.py   the golden CQL3 scenarios through python-driver, their
#                                            rows and cells checked through Thrift as well
#   node     clients/native/node_flow.js     npm cassandra-driver
#   cqlsh    PyPI cqlsh: connect, DESCRIBE (server-side: supercolumn claims 4.0 on v4), SELECT,
#            TRACING ON over tombstones, COPY TO
#   python-faults  clients/native/faults_flow.py  primed native faults (POST /faults, "api":
#                                            "native") through python-driver's retry policies
#   node-faults    clients/native/faults_flow.js  the same through the Node driver
#   python-gateway-failures  clients/native/gateway_failures_flow.py  a gateway whose backend
#                                            supercolumn is paused (SIGSTOP), then killed: the
#                                            driver's ReadTimeout/WriteTimeout, then Unavailable
#   node-gateway-failures    clients/native/gateway_failures_flow.js  the same through the Node
#                                            driver's RetryPolicy (a gateway pair of its own)
#
# The fault flows run against a server of their own with the admin surface on.
# The python and Node flows also log in to a second server that runs SimpleAuthenticator;
# the golden flow has a third, on the conformance config (Murmur3Partitioner).
# Installs what is missing first (idempotent): a virtual environment in
# clients/.build/native-venv (gitignored) from clients/native/requirements.txt, and
# clients/native/node_modules from package.json. Usage: scripts/run-native-drivers.sh
# Ends with one line per client, "NAME: ok" or "NAME: FAIL (why)", then "N passed, N failed".
set -euo pipefail
. "$(dirname "$0")/env.sh"
. "$ROOT/scripts/server-lib.sh"

NATIVE=$ROOT/clients/native
VENV=$ROOT/clients/.build/native-venv
say() { printf 'run-native-drivers: %s\n' "$*"; }

ensure_binary
req_hash=$(sha256sum "$NATIVE/requirements.txt" | cut -d' ' -f1)
if [ "$(cat "$VENV/.installed" 2>/dev/null)" != "$req_hash" ]; then
    say "installing clients/native/requirements.txt into $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    CASS_DRIVER_NO_CYTHON=1 CASS_DRIVER_NO_EXTENSIONS=1 "$VENV/bin/python" -m pip install \
        --quiet --disable-pip-version-check -r "$NATIVE/requirements.txt"
    echo "$req_hash" >"$VENV/.installed"
fi
pkg_hash=$(sha256sum "$NATIVE/package.json" | cut -d' ' -f1)
if [ "$(cat "$NATIVE/node_modules/.installed" 2>/dev/null)" != "$pkg_hash" ]; then
    say "installing npm cassandra-driver"
    (cd "$NATIVE" && npm install --no-audit --no-fund --no-package-lock --loglevel=error >/dev/null)
    echo "$pkg_hash" >"$NATIVE/node_modules/.installed"
fi

# The server with SimpleAuthenticator (alice / secret) first; its variables are kept aside.
AUTH_DIR=$(mktemp -d)
printf 'alice=secret\n' >"$AUTH_DIR/passwd.properties"
printf 'Keyspace1=alice\n' >"$AUTH_DIR/access.properties"
sed "s|<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>|<Authenticator PasswdProperties=\"$AUTH_DIR/passwd.properties\" AccessProperties=\"$AUTH_DIR/access.properties\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>|" \
    storage-conf.xml >"$AUTH_DIR/storage-conf.xml"
grep -q SimpleAuthenticator "$AUTH_DIR/storage-conf.xml" || { echo "no authenticator to replace" >&2; exit 1; }
start_server "$AUTH_DIR/storage-conf.xml"
AUTH_PID=$SERVER_PID AUTH_NATIVE=$NATIVE_PORT AUTH_DATA=$SERVER_DATA
# The golden scenarios were recorded on 1.2.9 with Murmur3Partitioner: their row order and
# token() values need the config the conformance cases were recorded under.
start_server "$CONFORMANCE_DIR/config/storage-conf-v19.xml" --native-listen 127.0.0.1:0
GOLDEN_PID=$SERVER_PID GOLDEN_NATIVE=$NATIVE_PORT GOLDEN_THRIFT=$SERVER_PORT GOLDEN_DATA=$SERVER_DATA
# The fault flows' server: the admin surface on a free port (announced as "supercolumn admin on").
start_server storage-conf.xml --admin-listen 127.0.0.1:0
FAULTS_PID=$SERVER_PID FAULTS_NATIVE=$NATIVE_PORT FAULTS_DATA=$SERVER_DATA FAULTS_ADMIN=
for _ in $(seq 1 200); do
    FAULTS_ADMIN=$(sed -n 's/^supercolumn admin on .*:\([0-9][0-9]*\)$/\1/p' "$SERVER_OUT")
    [ -n "$FAULTS_ADMIN" ] && break
    sleep 0.05
done
# The gateway failure flow's pair: a backend serving native, a gateway in front of it with a
# short timeout_ms (the flow pauses the backend, then kills it) and a keepalive longer than the
# pause (a shorter one gives the paused node's connections up: Unavailable, see docs/gateway.md).
start_one storage-conf.xml --native-listen 127.0.0.1:0
GW_BACKEND_PID=$SERVER_PID GW_BACKEND_DATA=$SERVER_DATA
start_one storage-conf.xml --native-listen 127.0.0.1:0 --create-schema \
    --backend "cassandra://127.0.0.1:$NATIVE_PORT?timeout_ms=1500&connect_timeout_ms=500&keepalive_ms=60000"
GW_PID=$SERVER_PID GW_NATIVE=$NATIVE_PORT GW_DATA=$SERVER_DATA
# The Node driver's twin flow kills its backend too: a pair of its own.
start_one storage-conf.xml --native-listen 127.0.0.1:0
NGW_BACKEND_PID=$SERVER_PID NGW_BACKEND_DATA=$SERVER_DATA
start_one storage-conf.xml --native-listen 127.0.0.1:0 --create-schema \
    --backend "cassandra://127.0.0.1:$NATIVE_PORT?timeout_ms=1500&connect_timeout_ms=500&keepalive_ms=60000"
NGW_PID=$SERVER_PID NGW_NATIVE=$NATIVE_PORT NGW_DATA=$SERVER_DATA
start_server storage-conf.xml
cleanup() {
    stop_server >/dev/null 2>&1 || true
    local pid
    kill -CONT "$GW_BACKEND_PID" "$NGW_BACKEND_PID" 2>/dev/null || true
    for pid in "$AUTH_PID" "$GOLDEN_PID" "$FAULTS_PID" "$GW_PID" "$GW_BACKEND_PID" "$NGW_PID" \
        "$NGW_BACKEND_PID"; do
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$GW_DATA" "$GW_DATA.stdout" "$GW_DATA.stderr"
    rm -rf "$GW_BACKEND_DATA" "$GW_BACKEND_DATA.stdout" "$GW_BACKEND_DATA.stderr"
    rm -rf "$NGW_DATA" "$NGW_DATA.stdout" "$NGW_DATA.stderr"
    rm -rf "$NGW_BACKEND_DATA" "$NGW_BACKEND_DATA.stdout" "$NGW_BACKEND_DATA.stderr"
    rm -rf "$AUTH_DIR" "$AUTH_DATA" "$AUTH_DATA.stdout" "$AUTH_DATA.stderr"
    rm -rf "$GOLDEN_DATA" "$GOLDEN_DATA.stdout" "$GOLDEN_DATA.stderr"
    rm -rf "$FAULTS_DATA" "$FAULTS_DATA.stdout" "$FAULTS_DATA.stderr"
}
trap cleanup EXIT
[ -n "$NATIVE_PORT" ] && [ -n "$AUTH_NATIVE" ] && [ -n "$GOLDEN_NATIVE" ] && [ -n "$FAULTS_NATIVE" ] ||
    { echo "no native port announced" >&2; exit 1; }
[ -n "$FAULTS_ADMIN" ] || { echo "no admin port announced" >&2; exit 1; }
say "servers: native on 127.0.0.1:$NATIVE_PORT (AllowAll), 127.0.0.1:$AUTH_NATIVE (SimpleAuthenticator), 127.0.0.1:$GOLDEN_NATIVE (Murmur3Partitioner, golden), 127.0.0.1:$FAULTS_NATIVE (faults, admin on $FAULTS_ADMIN)"

passed=0 failed=0 results=()
run() { # NAME COMMAND...
    local name=$1 log
    shift
    log=$(mktemp)
    if timeout 300 "$@" >"$log" 2>&1 && grep -q '^OK' "$log"; then
        grep -E '^(ok|OK|skipped):' "$log" | sed "s/^/  $name /"
        results+=("$name: ok"); passed=$((passed + 1))
    else
        tail -25 "$log" | sed "s/^/  $name | /"
        results+=("$name: FAIL (see above)"); failed=$((failed + 1))
    fi
    rm -f "$log"
}

run python "$VENV/bin/python" "$NATIVE/python_flow.py" 127.0.0.1 "$NATIVE_PORT" "$AUTH_NATIVE"
run golden "$VENV/bin/python" "$NATIVE/golden_flow.py" 127.0.0.1 "$GOLDEN_NATIVE" "$GOLDEN_THRIFT"
run node node "$NATIVE/node_flow.js" 127.0.0.1 "$NATIVE_PORT" "$AUTH_NATIVE"
run cqlsh bash "$NATIVE/cqlsh_flow.sh" "$VENV/bin/cqlsh" 127.0.0.1 "$NATIVE_PORT"
run python-faults "$VENV/bin/python" "$NATIVE/faults_flow.py" 127.0.0.1 "$FAULTS_NATIVE" "$FAULTS_ADMIN"
run node-faults node "$NATIVE/faults_flow.js" 127.0.0.1 "$FAULTS_NATIVE" "$FAULTS_ADMIN"
run python-gateway-failures "$VENV/bin/python" "$NATIVE/gateway_failures_flow.py" 127.0.0.1 \
    "$GW_NATIVE" "$GW_BACKEND_PID"
run node-gateway-failures node "$NATIVE/gateway_failures_flow.js" 127.0.0.1 "$NGW_NATIVE" \
    "$NGW_BACKEND_PID"

printf '%s\n' "${results[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
