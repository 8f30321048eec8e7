#!/usr/bin/env bash
# Build Apache Cassandra 4.0.14 (or 4.1.7) from a git snapshot, offline, with plain javac (no
# ant, no maven), and install the 3-node cluster wrappers (c40-start-cluster.sh,
# c40-stop-cluster.sh) next to it.
#
#   build-c40.sh OUTDIR GITDIR
#
# GITDIR: a git directory holding the Cassandra history, e.g. what
# `fetch github:thelastpickle/cassandra` returns. Build OUTSIDE any checkout. The source is
# commit SRC_COMMIT (default 7bf67349579411521bcdee4febd209cff63179a6, "Prepare debian
# changelog for 4.0.14"; ca494526025a480bc8530ed3ae472ce8c9cbaf7a, "Prepare debian changelog
# for 4.1.7", builds 4.1.7 with the same jars); from 4.0-rc1 on the tree's lib/ was emptied,
# so the jars are those of LIB_COMMIT (default 1a92e4a6490c0b38ef681c5a3a24309f1fea91ac,
# 4.0-rc1), less its netty-all
# (the snapshot lacks that blob), plus Debian's netty (4.1.48: its netty-all.jar is empty, the
# modules' jars are used), jsr305 and
# compile-command-annotations. Needs JDK 17 (javac, jar) and the Debian packages antlr3,
# libnetty-java, libjsr305-java, libcompile-command-annotations-java. Env JAVA_SHARE
# (/usr/share/java), KEEP_SRC=1 keeps OUTDIR/src-4.0 (the exported tree).
# Result: OUTDIR/4.0/ or OUTDIR/4.1/ (apache-cassandra-VERSION.jar, lib/, conf.orig/, pylib/,
# bin/cqlsh.py, classpath, version, the wrappers).
# What differs from ant's build, none of it changing what the server answers:
#  - the sources are compiled by javac 17 for JDK 17 (the classes need 17 to run);
#  - two unused imports of what the build lacks are dropped (netty's Lz4FrameDecoder, HSQLDB);
#  - rc1's jars are older than 4.0.14's build.xml lists in places (e.g. jackson 2.9 for 2.13,
#    lz4 1.7 for 1.8, netty 4.1.48 for 4.1.58): same APIs for what the server calls;
#  - Debian's netty lacks SslClosedEngineException (4.1.54+): stubs-c40/ has it;
#  - JDK 17 has no Nashorn: script (JavaScript) UDFs are refused (stubs-c40/'s
#    ScriptBasedUDFunction), as on a JVM without a script engine;
#  - 4.1 only: three of its libraries are in neither rc1's lib/ nor Debian. stubs-c41/ has
#    SubnetGroups (the error-reporting exclusion subnets, matched with java.net instead of the
#    ipaddress library) and an empty Jackson JavaTimeModule (java.time values in JSON output
#    are written as beans); StreamingState's one checker-framework @Nullable is dropped;
#  - org/apache/cassandra/hadoop/** is left out (it needs Hadoop jars the tree does not carry);
#  - version.properties is written as ant's release build does.
set -euo pipefail
[ $# -eq 2 ] || { sed -n 2,35p "$0"; exit 2; }
OUT=$(realpath -m "$1")
GIT=$2
SRC_COMMIT=${SRC_COMMIT:-7bf67349579411521bcdee4febd209cff63179a6}
LIB_COMMIT=${LIB_COMMIT:-1a92e4a6490c0b38ef681c5a3a24309f1fea91ac}
HERE=$(cd "$(dirname "$0")" && pwd)
JAVA_SHARE=${JAVA_SHARE:-/usr/share/java}
for f in netty-buffer.jar netty-transport.jar jsr305.jar compile-command-annotations.jar; do
  [ -f "$JAVA_SHARE/$f" ] || { echo "missing $JAVA_SHARE/$f (see the header)" >&2; exit 2; }
done
command -v antlr3 >/dev/null || { echo "no antlr3 (apt-get install antlr3)" >&2; exit 2; }
for c in "$SRC_COMMIT" "$LIB_COMMIT"; do
  git --git-dir="$GIT" rev-parse -q --verify "$c^{commit}" >/dev/null || { echo "$GIT has no commit $c" >&2; exit 2; }
done

log() { echo "[$(date +%H:%M:%S)] ${V:-4.x}: $*"; }
T0=$(date +%s)
S=$OUT/src-4.0
B=$S/build
rm -rf "$S"; mkdir -p "$S" "$B/classes" "$B/gen-java"

log "extract $SRC_COMMIT"
# one subtree at a time: the snapshot lacks some blobs a whole-tree archive trips over
for sub in bin conf pylib src tools; do
  git --git-dir="$GIT" archive --prefix="$sub/" "$SRC_COMMIT:$sub" | tar x -C "$S"
done
git --git-dir="$GIT" show "$SRC_COMMIT:build.xml" > "$S/build.xml"
V=$(sed -n 's/.*<property name="base.version" value="\([^"]*\)".*/\1/p' "$S/build.xml")
[ -n "$V" ] || { echo "no base.version in build.xml" >&2; exit 1; }
H=$OUT/${V%.*}

log "jars of $LIB_COMMIT"
mkdir -p "$S/lib"
git --git-dir="$GIT" ls-tree "$LIB_COMMIT:lib" | while read -r _ type blob name; do
  case $type:$name in
    blob:netty-all-*) ;;                          # blob absent from the snapshot: Debian's instead
    blob:*.jar|blob:*.zip) git --git-dir="$GIT" cat-file blob "$blob" > "$S/lib/$name" ;;
    tree:sigar-bin) git --git-dir="$GIT" archive --prefix=sigar-bin/ "$blob" | tar x -C "$S/lib" ;;
  esac
done
# the python driver cqlsh loads (lib/ of the source commit keeps it)
git --git-dir="$GIT" ls-tree "$SRC_COMMIT:lib" | while read -r _ type blob name; do
  [ "$type" = blob ] && case $name in *.zip) git --git-dir="$GIT" cat-file blob "$blob" > "$S/lib/$name" ;; esac
done
for j in "$S"/lib/*.jar; do unzip -tq "$j" >/dev/null || { echo "broken jar $j" >&2; exit 1; }; done

log "antlr (Cql.g)"
mkdir -p "$B/gen-java/org/apache/cassandra/cql3"
antlr3 -Xconversiontimeout 10000 -Xmaxinlinedfastates 10 -fo "$B/gen-java/org/apache/cassandra/cql3" \
  "$S/src/antlr/Cql.g" >"$B/antlr.log" 2>&1 || { tail -20 "$B/antlr.log" >&2; exit 1; }

log "jflex (StandardTokenizerImpl)"
d=$B/gen-java/org/apache/cassandra/index/sasi/analyzer
mkdir -p "$d"
java -cp "$S/lib/jflex-1.6.0.jar" jflex.Main -q -d "$d" \
  "$S/src/java/org/apache/cassandra/index/sasi/analyzer/StandardTokenizerImpl.jflex"

# Debian's netty modules, by their versioned names (the unversioned ones are links to them)
NETTY=$(ls "$JAVA_SHARE"/netty-*.Final.jar | grep -v -e '/netty-all-' -e 'macos' -e kqueue | tr '\n' ':')
EXT=${NETTY}$JAVA_SHARE/jsr305.jar:$JAVA_SHARE/compile-command-annotations.jar
CP=$(ls "$S"/lib/*.jar | tr '\n' ':')$EXT

# ---- what Debian's netty 4.1.48 lacks: SslClosedEngineException (4.1.54+) is a stub
# (stubs-c40/), and Lz4FrameDecoder (Debian drops netty's lz4 codecs) is imported by
# FrameDecoderLegacyLZ4 for a javadoc link only
LZ=$S/src/java/org/apache/cassandra/net/FrameDecoderLegacyLZ4.java
sed -i '/^import io.netty.handler.codec.compression.Lz4FrameDecoder;$/d' "$LZ"
if grep -q 'Lz4FrameDecoder;' "$LZ"; then echo "$LZ: import not removed" >&2; exit 1; fi
# ---- DiagnosticSnapshotService imports HSQLDB's Table (a Hadoop-side jar) without using it
DS=$S/src/java/org/apache/cassandra/utils/DiagnosticSnapshotService.java
sed -i '/^import org.hsqldb.Table;$/d' "$DS"
if grep -q 'org.hsqldb' "$DS"; then echo "$DS: import not removed" >&2; exit 1; fi

# ---- no Nashorn on JDK 17: stubs-c40/ has a ScriptBasedUDFunction that refuses script UDFs
cp "$HERE/stubs-c40/org/apache/cassandra/cql3/functions/ScriptBasedUDFunction.java" \
  "$S/src/java/org/apache/cassandra/cql3/functions/ScriptBasedUDFunction.java"

STUBS=("$HERE/stubs-c40/io")
case $V in 4.1.*)
  cp "$HERE/stubs-c41/org/apache/cassandra/config/SubnetGroups.java" \
    "$S/src/java/org/apache/cassandra/config/SubnetGroups.java"
  STUBS+=("$HERE/stubs-c41/com")
  SS=$S/src/java/org/apache/cassandra/streaming/StreamingState.java
  sed -i -e '/^import org.checkerframework.checker.nullness.qual.Nullable;$/d' -e 's/@Nullable //' "$SS"
  if grep -q 'checkerframework\|@Nullable' "$SS"; then echo "$SS: annotation not removed" >&2; exit 1; fi
  ;;
esac
find "$S/src/java" "$B/gen-java" "${STUBS[@]}" -name '*.java' | grep -v '/org/apache/cassandra/hadoop/' > "$B/sources.txt"
log "javac ($(wc -l < "$B/sources.txt") files)"
javac -J-Xmx1500m -nowarn -encoding UTF-8 -g -proc:none -XDignore.symbol.file \
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED \
  --add-exports java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
  --add-exports java.management/com.sun.jmx.remote.security=ALL-UNNAMED \
  --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED \
  -cp "$CP" -d "$B/classes" @"$B/sources.txt" 2>"$B/javac.log" \
  || { grep -A3 'error:' "$B/javac.log" | head -80 >&2; exit 1; }
cp -r "$S/src/resources/." "$B/classes/"
mkdir -p "$B/classes/org/apache/cassandra/config"
printf 'CassandraVersion=%s\n' "$V" > "$B/classes/org/apache/cassandra/config/version.properties"

log "install $H"
rm -rf "$H"; mkdir -p "$H/lib" "$H/bin"
(cd "$B/classes" && jar cf "$H/apache-cassandra-$V.jar" .)
cp "$S"/lib/*.jar "$S"/lib/*.zip "$H/lib/"
cp -r "$S/lib/sigar-bin" "$H/lib/"
cp -r "$S/conf" "$H/conf.orig"
cp -r "$S/pylib" "$H/pylib"
cp "$S/bin/cqlsh.py" "$H/bin/"
echo "$H/apache-cassandra-$V.jar:$H/lib/*:$EXT" > "$H/classpath"
echo "$V" > "$H/version"
for w in c40-start-cluster.sh c40-stop-cluster.sh; do install -m 755 "$HERE/$w" "$H/$w"; done
[ "${KEEP_SRC:-0}" = 1 ] || rm -rf "$S"
log "built $H in $(( $(date +%s) - T0 )) s"
