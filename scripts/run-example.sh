#!/usr/bin/env bash
# Runs the BloggyAppy example (clients/python/examples/bloggyappy.py) against a
# fresh server on the repository's own storage-conf.xml, unframed and framed,
# with the virtual environment's Python (the generated client needs `thrift`).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. scripts/server-lib.sh

ensure_binary
ensure_python
start_server storage-conf.xml
trap 'kill -9 $SERVER_PID ${BACKEND_PID:-} 2>/dev/null || true' EXIT
"$PYTHON" clients/python/examples/bloggyappy.py --port "$SERVER_PORT"
# ThriftFramedTransport is false in storage-conf.xml, but the server detects the
# transport per connection, so a framed client works on the same port.
"$PYTHON" clients/python/examples/bloggyappy.py --port "$SERVER_PORT" --framed
trap - EXIT
stop_server
