#!/usr/bin/env bash
# start.sh PORT [CASSANDRA_YAML]: start a fresh node of this release (the dir holding this script)
# with Thrift on 127.0.0.1:PORT, wait until that port answers, print the pid as the last stdout line.
# The yaml (default: the release's stock conf/cassandra.yaml) is copied into a new run dir
# (RUN_BASE, default <release>/run) with rpc_port=PORT, addresses 127.0.0.1, free storage (and
# ssl/native) ports, start_rpc true, and data/commitlog/saved_caches under the run dir; nothing
# else changes. The native port (2.0+, kept on) and the JMX port are written to the run dir
# (native_port, jmx_port) and printed on stderr. Env: NODE_HEAP (1G), START_TIMEOUT (180 s).
set -euo pipefail
. "$(dirname "$0")/nodelib.sh"
[ $# -ge 1 ] || { sed -n 2,9p "$0" >&2; exit 2; }
PORT=$1
YAML=${2:-$NODE_HOME/conf.orig/cassandra.yaml}
[ -f "$YAML" ] || { echo "no yaml $YAML" >&2; exit 2; }
if is_listening 127.0.0.1 "$PORT"; then echo "port $PORT is in use" >&2; exit 1; fi
mkdir -p "${RUN_BASE:-$NODE_HOME/run}"
RUN=$(mktemp -d "${RUN_BASE:-$NODE_HOME/run}/$NODE_VERSION.XXXXXX")
mkdir -p "$RUN/conf" "$RUN/data"
cp -r "$NODE_HOME"/conf.orig/. "$RUN/conf/"
SP=$(pick_port); SSP=$(pick_port); NP=$(pick_port); JMX=$(pick_port)
python3 - "$YAML" "$RUN" "$PORT" "$SP" "$SSP" "$NP" > "$RUN/conf/cassandra.yaml" <<'PY'
import re, sys
src, run, port, sp, ssp, np_ = sys.argv[1:7]
# keys set to our values wherever the stock yaml has them (commented-out ones stay out)
repl = {"rpc_port": port, "storage_port": sp, "ssl_storage_port": ssp,
        "native_transport_port": np_, "listen_address": "127.0.0.1", "rpc_address": "127.0.0.1",
        "commitlog_directory": run + "/data/commitlog",
        "saved_caches_directory": run + "/data/saved_caches",
        "start_rpc": "true"}
# keys without which the node would use paths or ports outside the run dir
required = ["rpc_port", "storage_port", "listen_address", "rpc_address", "commitlog_directory",
            "saved_caches_directory"]
lines = open(src, encoding="utf-8").read().splitlines()
out, seen, in_list = [], set(), False
for line in lines:
    m = re.match(r"^([a-z_]+):", line)
    if in_list:
        if line.startswith((" ", "\t", "-")) and line.strip() and not m:
            continue  # the old data_file_directories entries
        in_list = False
    if m and m.group(1) == "data_file_directories":
        out += ["data_file_directories:", "    - " + run + "/data/data"]
        seen.add(m.group(1)); in_list = True
        continue
    if m and m.group(1) in repl:
        out.append("%s: %s" % (m.group(1), repl[m.group(1)])); seen.add(m.group(1))
        continue
    out.append(line)
for k in required:
    if k not in seen:
        out.append("%s: %s" % (k, repl[k]))
if "data_file_directories" not in seen:
    out += ["data_file_directories:", "    - " + run + "/data/data"]
print("\n".join(out))
PY
grep -q '^native_transport_port:' "$RUN/conf/cassandra.yaml" && echo "$NP" > "$RUN/native_port"
echo "$JMX" > "$RUN/jmx_port"
LOGOPT=(-Dlog4j.configuration=log4j-server.properties -Dlog4j.defaultInitOverride=true)
if [ -f "$RUN/conf/logback.xml" ]; then
  LOGOPT=(-Dlogback.configurationFile="$RUN/conf/logback.xml" -Dcassandra.logdir="$RUN/logs")
elif [ -f "$RUN/conf/log4j-server.properties" ]; then
  sed -i "s#^log4j.appender.R.File=.*#log4j.appender.R.File=$RUN/system.log#" "$RUN/conf/log4j-server.properties"
fi
case $NODE_VERSION in
  0.*|1.0.*|1.1.*) MAIN=org.apache.cassandra.thrift.CassandraDaemon;;
  *) MAIN=org.apache.cassandra.service.CassandraDaemon;;
esac
echo "$NODE_VERSION run dir $RUN thrift $PORT storage $SP native $NP jmx $JMX" >&2
# 0.7-2.2: no -javaagent:jamm (its deep sizing walks JDK internals): these releases then fall
# back to their fixed memtable size estimate, as they do whenever the agent is absent.
# 3.x sizes every prepared statement with jamm (ObjectSizes.measureDeep); without the agent jamm
# guesses field offsets with Unsafe, which JDK 17 refuses for the lambdas' hidden classes, so
# prepare_cql3_query would fail: 3.x runs with the agent, as its own cassandra-env.sh starts it,
# and the JDK internals jamm reads opened to it.
AGENT=()
case $NODE_VERSION in
  3.*)
    AGENT=(-javaagent:"$(ls "$NODE_HOME"/lib/jamm-*.jar | head -1)" -Djdk.attach.allowAttachSelf=true)
    for p in java.base/java.lang.module java.base/jdk.internal.loader java.base/jdk.internal.ref \
             java.base/jdk.internal.reflect java.base/jdk.internal.math java.base/jdk.internal.module \
             java.base/jdk.internal.util.jar jdk.management/com.sun.management.internal; do
      AGENT+=(--add-opens "$p=ALL-UNNAMED")
    done;;
esac
(cd "$RUN" && exec nohup "$JAVA" -ea -Xms"${NODE_HEAP:-1G}" -Xmx"${NODE_HEAP:-1G}" -Xss512k \
  "${JVM_OPENS[@]}" "${AGENT[@]}" -Djava.net.preferIPv4Stack=true \
  -Dcom.sun.management.jmxremote.port="$JMX" -Dcom.sun.management.jmxremote.rmi.port="$JMX" \
  -Dcom.sun.management.jmxremote.ssl=false -Dcom.sun.management.jmxremote.authenticate=false \
  -Djava.rmi.server.hostname=127.0.0.1 -Dcassandra.jmx.local.port="$JMX" \
  "${LOGOPT[@]}" -Dcassandra-foreground=yes -Dcassandra.storagedir="$RUN/data" \
  -Dcassandra.config="file://$RUN/conf/cassandra.yaml" -Dcassandra.node.run="$RUN" \
  -cp "$RUN/conf:$NODE_CP" "$MAIN" >"$RUN/stdout.log" 2>&1 </dev/null) &
PID=$!
echo "$PID" > "$RUN/pid"
limit=$(( ${START_TIMEOUT:-180} * 5 )); n=0
until is_listening 127.0.0.1 "$PORT"; do
  if ! kill -0 "$PID" 2>/dev/null; then
    echo "node exited before port $PORT answered; $RUN/stdout.log:" >&2; tail -40 "$RUN/stdout.log" >&2; exit 1
  fi
  n=$((n + 1))
  if [ "$n" -ge "$limit" ]; then
    echo "node $PID did not answer on $PORT in time; killed ($RUN/stdout.log)" >&2; kill -9 "$PID"; exit 1
  fi
  sleep 0.2
done
echo "$PID"
