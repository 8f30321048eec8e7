# Sourced by start.sh / stop.sh / cli.sh: where the release lives and how to run its JVM.
NODE_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NODE_VERSION=$(cat "$NODE_HOME/version")
NODE_CP=$(cat "$NODE_HOME/classpath")
JAVA=${JAVA:-java}
# JDK 17 closes the java.base internals these releases reach by reflection
JVM_OPENS=(
  --add-exports java.base/jdk.internal.ref=ALL-UNNAMED
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED
  --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
  --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
  --add-exports java.sql/java.sql=ALL-UNNAMED
)
for p in java.lang java.lang.reflect java.io java.nio sun.nio.ch java.util java.util.concurrent \
         java.util.concurrent.atomic java.net; do
  JVM_OPENS+=(--add-opens "java.base/$p=ALL-UNNAMED")
done

pick_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

is_listening() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
