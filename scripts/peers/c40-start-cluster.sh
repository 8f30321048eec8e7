#!/usr/bin/env bash
# Start a 3-node Cassandra 4.x cluster built by build-c40.sh (or only the nodes given:
# c40-start-cluster.sh 2) on 127.0.0.1-3: storage 7000, native 9042 (4.x has no Thrift),
# JMX 7199/7299/7399. Run from the install dir (the wrapper is installed there) or set C40_HOME.
# Each node lives in $C40_HOME/nodeN (conf/, data/, logs/, pid). Its cassandra.yaml is written
# from conf.orig the first time only: one token per node (nodes 1-3 evenly spaced Murmur3
# tokens, another node N on 127.0.0.N a token of its own choosing). Env (read when the yaml is
# written): C40_CLUSTER_NAME ('Test Cluster'), C40_SEEDS (127.0.0.1), C40_PARTITIONER
# (org.apache.cassandra.dht.Murmur3Partitioner), e.g. a separate one-node OPP cluster:
#   C40_SEEDS=127.0.0.5 C40_PARTITIONER=org.apache.cassandra.dht.OrderPreservingPartitioner \
#     ./c40-start-cluster.sh 5
# Env at every start: C40_HEAP (384m per node), START_TIMEOUT (240 s).
set -euo pipefail
C=${C40_HOME:-$(cd "$(dirname "$0")" && pwd)}
[ -f "$C/classpath" ] || { echo "$C is not a build-c40.sh install (no classpath)" >&2; exit 2; }
HEAP=${C40_HEAP:-384m}
NODES=${*:-1 2 3}
TOKENS=(x -9223372036854775808 -3074457345618258603 3074457345618258602)
JAMM=$(ls "$C"/lib/jamm-*.jar | head -1)

write_yaml() { # NODE DIR
  local n=$1 d=$2 ip=127.0.0.$1
  python3 - "$C/conf.orig/cassandra.yaml" "$d" "$ip" "${TOKENS[$n]:-}" "${C40_CLUSTER_NAME:-Test Cluster}" \
    "${C40_SEEDS:-127.0.0.1}" "${C40_PARTITIONER:-org.apache.cassandra.dht.Murmur3Partitioner}" \
    > "$d/conf/cassandra.yaml" <<'PY'
import re, sys
src, d, ip, token, name, seeds, partitioner = sys.argv[1:8]
text = open(src).read()
def setkey(key, value):
    # the key's own line, or its commented-out default, becomes "key: value"
    global text
    pat = re.compile(r"^#? ?%s:.*$" % re.escape(key), re.M)
    if not pat.search(text):
        text += "\n%s: %s\n" % (key, value)
    else:
        text = pat.sub(lambda _m: "%s: %s" % (key, value), text, count=1)
setkey("cluster_name", "'%s'" % name)
setkey("num_tokens", "1")
if token:
    setkey("initial_token", token)
text = re.sub(r"^allocate_tokens_for_local_replication_factor:.*$", "", text, flags=re.M)
text = re.sub(r'- seeds: ".*"', '- seeds: "%s:7000"' % seeds, text)
setkey("partitioner", partitioner)
for k in ("listen_address", "rpc_address"):
    setkey(k, ip)
for k, sub in (("commitlog_directory", "commitlog"), ("hints_directory", "hints"),
               ("cdc_raw_directory", "cdc_raw"), ("saved_caches_directory", "saved_caches")):
    setkey(k, "%s/%s" % (d, sub))
text = re.sub(r"^# data_file_directories:.*$", "data_file_directories:\n    - %s/data" % d, text, flags=re.M)
# 4.1 renamed the sized keys (and refuses a yaml with both names)
if re.search(r"^#? ?key_cache_size:", text, re.M):
    setkey("key_cache_size", "16MiB")
else:
    setkey("key_cache_size_in_mb", "16")
setkey("auto_bootstrap", "false")
sys.stdout.write(text)
PY
}

for n in $NODES; do
  D=$C/node$n
  if [ -f "$D/pid" ] && kill -0 "$(cat "$D/pid")" 2>/dev/null; then
    echo "node$n already running (pid $(cat "$D/pid"))"; continue
  fi
  mkdir -p "$D/conf" "$D/data" "$D/logs"
  if [ ! -f "$D/conf/cassandra.yaml" ]; then
    write_yaml "$n" "$D"
    cp "$C"/conf.orig/{logback.xml,cassandra-rackdc.properties} "$D/conf/"
    # 4.0's PropertyFileSnitch file (4.1 ships none)
    [ ! -f "$C/conf.orig/cassandra-topology.properties" ] || cp "$C/conf.orig/cassandra-topology.properties" "$D/conf/"
  fi
  # conf/jvm-server.options and jvm11-server.options, less what JDK 17 dropped (CMS, biased
  # locking) and what a shared machine should not do (AlwaysPreTouch, UseNUMA, thread
  # priorities); a small serial-GC heap; the module openings JDK 17 needs (Cassandra 4.1's
  # jvm17 options).
  JVM=(-ea -da:net.openhft... -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$D/logs" -Xss256k
    -XX:+UseTLAB -XX:+ResizeTLAB -XX:+PerfDisableSharedMem -Djava.net.preferIPv4Stack=true
    -XX:+UseSerialGC -Xms"$HEAP" -Xmx"$HEAP" -Xmn96m -XX:MaxDirectMemorySize=256m
    -XX:ActiveProcessorCount=2 -XX:CICompilerCount=2
    -javaagent:"$JAMM" -Djava.library.path="$C/lib/sigar-bin"
    -Dcassandra.jmx.local.port=$((7099 + 100 * n)) -Dcom.sun.management.jmxremote.authenticate=false
    -Djdk.attach.allowAttachSelf=true -Dio.netty.tryReflectionSetAccessible=true
    -Dcassandra.skip_wait_for_gossip_to_settle=0
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/jdk.internal.ref=ALL-UNNAMED
    --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
    --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
    --add-exports java.sql/java.sql=ALL-UNNAMED --add-exports java.base/java.lang.ref=ALL-UNNAMED
    --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED
    --add-opens java.base/java.lang.module=ALL-UNNAMED --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
    --add-opens java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
    --add-opens java.base/jdk.internal.math=ALL-UNNAMED --add-opens java.base/jdk.internal.module=ALL-UNNAMED
    --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
    --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED
    --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED
    --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED
    --add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED
    --add-opens java.base/java.net=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED
    -Dcassandra.logdir="$D/logs" -Dcassandra.storagedir="$D" -Dcassandra-foreground=yes
    -Dcassandra.config="file://$D/conf/cassandra.yaml" -Dlogback.configurationFile="$D/conf/logback.xml"
    -Dcassandra-rackdc.properties="file://$D/conf/cassandra-rackdc.properties")
  cd "$D"
  setsid nohup java "${JVM[@]}" -cp "$D/conf:$(cat "$C/classpath")" \
    org.apache.cassandra.service.CassandraDaemon > "$D/logs/stdout.log" 2>&1 < /dev/null &
  echo $! > "$D/pid"
  echo "node$n (127.0.0.$n) pid $(cat "$D/pid")"
done
# wait for each started node's native port (a node takes 1-3 minutes on a busy machine)
for n in $NODES; do
  for i in $(seq 1 "${START_TIMEOUT:-240}"); do
    if (exec 3<>"/dev/tcp/127.0.0.$n/9042") 2>/dev/null; then echo "node$n up after ${i}s"; break; fi
    if ! kill -0 "$(cat "$C/node$n/pid")" 2>/dev/null; then echo "node$n died; see $C/node$n/logs" >&2; exit 1; fi
    [ "$i" = "${START_TIMEOUT:-240}" ] && { echo "node$n: no native port after ${i}s" >&2; exit 1; }
    sleep 1
  done
done
