#!/usr/bin/env bash
# cli.sh HOST PORT [ARGS...]: this release's own cassandra-cli (org.apache.cassandra.cli.CliMain);
# 2.2 and 3.x have none (it was removed in 2.2): then it says so and exits 2.
set -euo pipefail
. "$(dirname "$0")/nodelib.sh"
[ $# -ge 2 ] || { sed -n 2,3p "$0" >&2; exit 2; }
HOST=$1 PORT=$2; shift 2
case $NODE_VERSION in
  2.2.*|3.*) echo "Cassandra $NODE_VERSION has no cassandra-cli (removed in 2.2; use cqlsh)" >&2; exit 2;;
esac
LOGOPT=-Dlog4j.configuration=log4j-tools.properties
[ -f "$NODE_HOME/conf.orig/logback-tools.xml" ] && LOGOPT=-Dlogback.configurationFile=logback-tools.xml
exec "$JAVA" -Xmx256M "${JVM_OPENS[@]}" "$LOGOPT" -cp "$NODE_HOME/conf.orig:$NODE_CP" \
  org.apache.cassandra.cli.CliMain --host "$HOST" --port "$PORT" "$@"
