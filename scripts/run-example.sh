#!/usr/bin/env bash
# Runs the BloggyAppy example (clients/python/examples/bloggyappy.py) against a
# fresh server on the repository's own storage-conf.xml, unframed and framed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/server-lib.sh

start_server storage-conf.xml
trap 'kill -9 $SERVER_PID 2>/dev/null || true' EXIT
python3 clients/python/examples/bloggyappy.py --port "$SERVER_PORT"
# ThriftFramedTransport is false in storage-conf.xml, but the server detects the
# transport per connection, so a framed client works on the same port.
python3 clients/python/examples/bloggyappy.py --port "$SERVER_PORT" --framed
trap - EXIT
stop_server
