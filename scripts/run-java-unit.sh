#!/usr/bin/env bash
# supercolumn-unit, the jar with cassandra-unit's API (clients/java/unit), as a Java application
# of the Thrift era meets it:
# 1. installs what it needs from Debian if missing (scripts/system-packages.sh java-unit: the
#    JDK, JUnit 4 and 5, libthrift-java, and the jar's one library, Jackson's core);
# 2. compiles the jar with javac alone (no Maven or Gradle; --release 8, as the Maven artifact of
#    scripts/package.sh): clients/.build/java-unit/supercolumn-unit.jar;
# 3. compiles the example application (clients/java/unit/example/src: a DAO over the generated
#    API 19.x client, clients/java/cassandra19, compiled once and kept while it is unchanged)
#    and its tests, written the cassandra-unit way (JUnit 4 rules, the helper and DataLoader with
#    XML, JSON and YAML datasets, a CQL dataset, JUnit 5 tests with the extension, a
#    parameterized one against two Cassandra releases, and a real 1.2.9's captured traffic
#    replayed, tests/data/capture/real-1.2.9.capture);
# 4. runs the tests with JUnit's console launcher (Jupiter and the JUnit 4 "vintage" engine in
#    one JVM) from an empty directory, with the binary found on the PATH (no SUPERCOLUMN_BIN),
#    and prints the suite's wall time. Its servers listen on cassandra-unit's fixed ports (9171,
#    9142), so it waits for any other suite on them to end (hold_fixed_ports in scripts/env.sh).
#
# Usage: scripts/run-java-unit.sh        (SUPERCOLUMN_BIN: the binary to test, see scripts/env.sh;
#        SUPERCOLUMN_RELEASES=1.0.12,1.2.9: ReleasesTest's releases; SUPERCOLUMN_RELEASE=1.2.9:
#        every server the suite starts answers as that release unless its test names another)
set -euo pipefail
. "$(dirname "$0")/env.sh"

scripts/system-packages.sh java-unit
ensure_binary

J=/usr/share/java
UNIT=clients/java/unit
BUILD=clients/.build/java-unit
CP_JUNIT=$J/junit4.jar:$J/hamcrest-core.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar:$J/junit-platform-commons.jar
# What the jar itself needs at run time (docs/testing-kit.md says why).
CP_UNIT=$J/jackson-core.jar
CP_THRIFT=$J/thrift.jar:$J/slf4j-api.jar:$J/slf4j-nop.jar

say() { printf '\n--- %s\n' "$*"; }
sources_hash() { find "$@" -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1; }

# The generated client: 1.3 MB of Java, compiled only when it changes.
client=$BUILD/cassandra19
want=$(sources_hash clients/java/cassandra19)
if [ "$(cat "$client/.sources" 2>/dev/null)" != "$want" ]; then
    say "compiling the generated API 19.x client (javac, once)"
    rm -rf "$client"
    mkdir -p "$client"
    javac -nowarn -encoding UTF-8 -d "$client" -cp $J/thrift.jar $(find clients/java/cassandra19 -name '*.java')
    echo "$want" >"$client/.sources"
fi

say "compiling supercolumn-unit.jar (javac --release 8)"
rm -rf "$BUILD/jar" "$BUILD/app" "$BUILD/tests"
mkdir -p "$BUILD/jar" "$BUILD/app" "$BUILD/tests"
javac -Xlint:all,-options -Werror -encoding UTF-8 --release 8 -d "$BUILD/jar" -cp "$CP_JUNIT:$CP_UNIT" \
    $(find "$UNIT/src" -name '*.java')
cp "$UNIT"/resources/*.yaml "$BUILD/jar/"
jar --create --file "$BUILD/supercolumn-unit.jar" -C "$BUILD/jar" .

say "compiling the example application and its tests"
javac -encoding UTF-8 -d "$BUILD/app" -cp "$client:$CP_THRIFT" $(find "$UNIT/example/src" -name '*.java')
javac -encoding UTF-8 -d "$BUILD/tests" \
    -cp "$BUILD/supercolumn-unit.jar:$CP_UNIT:$BUILD/app:$client:$CP_THRIFT:$CP_JUNIT:$J/junit-jupiter-params.jar" \
    $(find "$UNIT/example/test" -name '*.java')
cp -r "$UNIT/example/resources/." "$BUILD/tests/"
cp tests/data/capture/real-1.2.9.capture "$BUILD/tests/bloggy/"

# From an empty directory, the binary on the PATH: as an application outside the repository.
run=$(mktemp -d "${TMPDIR:-/tmp}/supercolumn-java-unit.XXXXXX")
trap 'rm -rf "$run"' EXIT
mkdir "$run/bin"
ln -s "$(realpath "$SUPERCOLUMN_BIN")" "$run/bin/supercolumn"
root=$PWD
cp_run=$root/$BUILD/tests:$root/$BUILD/app:$root/$client:$root/$BUILD/supercolumn-unit.jar:$CP_UNIT:$CP_THRIFT:$J/junit4.jar:$J/hamcrest-core.jar

hold_fixed_ports
say "running the example's tests (JUnit console launcher: Jupiter and vintage engines)"
start=$(date +%s%N)
status=0
(cd "$run" && env -u SUPERCOLUMN_BIN PATH="$run/bin:$PATH" \
    java -jar $J/junit-platform-console-standalone.jar --disable-banner --disable-ansi-colors --details=tree \
    --class-path "$cp_run" --scan-class-path "$root/$BUILD/tests" --fail-if-no-tests) || status=$?
ms=$((($(date +%s%N) - start) / 1000000))
echo "supercolumn-unit: the example suite took $ms ms wall time (one JVM: its start, the server's, every test)"
exit $status
