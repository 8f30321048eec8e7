#!/usr/bin/env bash
# supercolumn-unit as a Java 8 application's Maven build gets it: from the Maven file repository
# scripts/package.sh built (dist/maven, or DIST_DIR/maven), never from the checkout.
#
# 1. installs what it needs from Debian if missing (scripts/system-packages.sh maven: Maven and
#    the plugins `mvn test` runs, which Debian ships in /usr/share/maven-repo);
# 2. copies the example project (clients/java/unit/maven-example: its pom, an application DAO
#    hard-coded to localhost:9171, and JUnit 4 tests written as cassandra-unit's README shows)
#    to a fresh temporary directory, its pom naming dist/maven as a file:// repository;
# 3. runs `mvn test` there offline: every other artifact (JUnit, libthrift, jackson-core, the
#    plugins) from Debian's /usr/share/maven-repo, into a fresh local repository; the sources
#    compiled with maven.compiler.release 8;
# 4. with no supercolumn on the PATH and no SUPERCOLUMN_BIN: the server is the binary of the
#    org.supercolumn:supercolumn-server-linux-ARCH artifact, a dependency of supercolumn-unit's pom.
#
# The suite listens on cassandra-unit's fixed ports (9171, 9142), so the script first waits for
# any other suite on them to end (hold_fixed_ports in scripts/env.sh). KEEP=1 keeps the
# temporary directory and prints where.
#
# Usage: scripts/run-maven-unit.sh        (run scripts/package.sh first)
set -euo pipefail
. "$(dirname "$0")/env.sh"
DIST=${DIST_DIR:-$ROOT/dist}
version=$(sed -n '/^\[package\]/,/^\[/s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml | head -1)
if [ ! -f "$DIST/maven/org/supercolumn/supercolumn-unit/$version/supercolumn-unit-$version.jar" ]; then
    echo "error: no supercolumn-unit $version in $DIST/maven: run scripts/package.sh first" >&2
    exit 1
fi
scripts/system-packages.sh maven

work=$(mktemp -d "${TMPDIR:-/tmp}/supercolumn-maven.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then
    echo "keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# The PATH the build runs with: the system's, without any directory holding a supercolumn.
clean_path=$(path_without_supercolumn)

app=$work/app
cp -r clients/java/unit/maven-example "$app"
sed -i -e "s|@SUPERCOLUMN_VERSION@|$version|" -e "s|@SUPERCOLUMN_REPO@|file://$DIST/maven|" "$app/pom.xml"

# Maven Central replaced by Debian's repository (it has no checksum files: not checked) and
# every other repository but dist's mirrored to it, so nothing is fetched from the network.
debian_repo='<id>central</id><url>file:///usr/share/maven-repo</url>
      <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots>'
cat >"$work/settings.xml" <<EOF
<settings>
  <localRepository>$work/m2</localRepository>
  <mirrors>
    <mirror><id>debian</id><mirrorOf>*,!supercolumn,!central</mirrorOf><url>file:///usr/share/maven-repo</url></mirror>
  </mirrors>
  <profiles>
    <profile>
      <id>debian</id>
      <repositories><repository>$debian_repo</repository></repositories>
      <pluginRepositories><pluginRepository>$debian_repo</pluginRepository></pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>debian</activeProfile></activeProfiles>
</settings>
EOF

hold_fixed_ports
start=$(date +%s%N)
status=0
(cd "$app" && env -u SUPERCOLUMN_BIN PATH="$clean_path" \
    mvn --batch-mode --no-transfer-progress --settings "$work/settings.xml" test) || status=$?
ms=$((($(date +%s%N) - start) / 1000000))
echo "run-maven-unit: mvn test (resolve, compile with release 8, the suite) took $ms ms"
[ $status = 0 ] || exit $status
# Java 8's class files (major version 52): the project's and the jar's, as a Java 8 JVM loads them.
(cd "$work" && unzip -qo "$DIST/maven/org/supercolumn/supercolumn-unit/$version/supercolumn-unit-$version.jar" \
    'org/*' -d jar)
for class in $(find "$app/target/classes" "$app/target/test-classes" "$work/jar" -name '*.class'); do
    major=$(od -An -j6 -N2 -tu1 "$class" | awk '{print $1 * 256 + $2}')
    [ "$major" = 52 ] || { echo "error: $class is class file version $major, not Java 8's 52" >&2; exit 1; }
done
echo "run-maven-unit: every class file of the project and of supercolumn-unit is Java 8's (version 52)"
