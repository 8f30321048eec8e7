#!/usr/bin/env bash
# Builds what a user installs, into dist/ (gitignored; DIST_DIR or --out DIR elsewhere), each
# the way its ecosystem installs a test dependency (docs/testing-kit.md, "Install"):
#
#   supercolumn-V-ARCH-linux.tar.gz (+ .sha256)  the server: supercolumn-V/bin/supercolumn
#   maven/org/supercolumn/supercolumn-unit/V/     supercolumn-unit-V.jar (cassandra-unit's API,
#                                                  javac --release 8), its pom and sources jar: a
#                                                  Maven file repository (checksums, metadata)
#   maven/org/supercolumn/supercolumn-server-linux-ARCH/V/   the server binary as a jar, a
#                                                  dependency of supercolumn-unit's published pom
#   python/supercolumn_testing-V-...whl           the pytest helper WITH the server binary for
#                                                  this platform, registered as a pytest plugin
#   python/supercolumn_cassandra{19,06}-V-...whl  the generated Thrift clients of both API
#                                                  generations (packages cassandra19, cassandra06)
#   npm/supercolumn-testing-V.tgz                 the Node helper, with the server binary
#   npm/supercolumn-cassandra{19,06}-V.tgz        the generated Node clients
#
# V is Cargo.toml's version; the helpers' own manifests (clients/python/pyproject.toml,
# clients/node/testing/package.json, clients/java/unit/pom.xml) and the binary's --version must
# say the same, else nothing is built. Everything is built in a temporary directory and only
# dist/ is written, so a read-only copy of the repository packages too (with --out and
# CARGO_TARGET_DIR or SUPERCOLUMN_BIN outside it). Needs a JDK, Python 3 and npm; no network.
#
# usage: scripts/package.sh [--out DIR]     (SUPERCOLUMN_BIN: the binary to ship, see scripts/env.sh)
set -euo pipefail
out_arg=
if [ "${1:-}" = --out ]; then
    out_arg=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
    shift 2
fi
[ $# -eq 0 ] || { echo "usage: scripts/package.sh [--out DIR]" >&2; exit 2; }
. "$(dirname "$0")/env.sh"

scripts/system-packages.sh java-unit node
ensure_binary

started=$(date +%s%N)
version=$(sed -n '/^\[package\]/,/^\[/s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml | head -1)
DIST=${out_arg:-${DIST_DIR:-$ROOT/dist}}
case $DIST in /*) ;; *) DIST=$ROOT/$DIST ;; esac

# One version everywhere: a wheel or jar saying another than the server would mislead.
disagree=()
check_version() { [ "$2" = "$version" ] || disagree+=("$1 says '$2'"); }
check_version clients/python/pyproject.toml "$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' clients/python/pyproject.toml)"
check_version clients/node/testing/package.json "$(node -p 'require("./clients/node/testing/package.json").version')"
check_version clients/java/unit/pom.xml "$(sed -n '0,/<version>/s/^  <version>\([^<]*\)<\/version>.*/\1/p' clients/java/unit/pom.xml)"
check_version "$SUPERCOLUMN_BIN --version" "$("$SUPERCOLUMN_BIN" --version | awk '{print $2}')"
if [ ${#disagree[@]} -gt 0 ]; then
    echo "package: Cargo.toml's version is $version, but:" >&2
    printf '  %s\n' "${disagree[@]}" >&2
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/supercolumn-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/dist
mkdir -p "$stage/maven" "$stage/python" "$stage/npm"
arch=$(uname -m)
say() { printf 'package: %s\n' "$*"; }

# Each part in a function; the three that compress the binary run beside the Java build
# (each compression takes seconds), and the script waits for all of them.

# --- the server ------------------------------------------------------------------------------
server_tarball() {
    server=supercolumn-$version-$arch-linux
    mkdir -p "$work/$server/bin"
    cp "$SUPERCOLUMN_BIN" "$work/$server/bin/supercolumn"
    cp LICENSE README.md "$work/$server/"
    # Same files, same bytes: fixed owner, modes, times and order; gzip without a name or time.
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 --mode=u+w,go-w,a+rX -C "$work" -cf - "$server" |
        gzip -n -6 >"$stage/$server.tar.gz"
    (cd "$stage" && sha256sum "$server.tar.gz" >"$server.tar.gz.sha256")
    say "server: $server.tar.gz"
}

# --- supercolumn-unit, a Maven artifact --------------------------------------------------------
maven_artifacts() {
    J=/usr/share/java
    classes=$work/java/classes
    mkdir -p "$classes/META-INF/maven/org.supercolumn/supercolumn-unit"
    # --release 8: the applications it tests are mostly Java 8 code (no API of a later JDK).
    javac -Xlint:all,-options -Werror -encoding UTF-8 --release 8 -d "$classes" \
        -cp "$J/junit4.jar:$J/hamcrest-core.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar:$J/junit-platform-commons.jar:$J/jackson-core.jar" \
        $(find clients/java/unit/src -name '*.java')
    cp clients/java/unit/resources/*.yaml "$classes/"
    # The pom as published: the dependency on this platform's server artifact in place of its marker.
    server_artifact=supercolumn-server-linux-$arch
    sed "s|<!-- @SERVER_DEPENDENCY@ -->|<dependency><groupId>org.supercolumn</groupId><artifactId>$server_artifact</artifactId><version>$version</version><scope>runtime</scope></dependency>|" \
        clients/java/unit/pom.xml >"$work/java/pom.xml"
    grep -q "<artifactId>$server_artifact</artifactId>" "$work/java/pom.xml" ||
        { echo "package: clients/java/unit/pom.xml lost its @SERVER_DEPENDENCY@ marker" >&2; exit 1; }
    cp "$work/java/pom.xml" "$classes/META-INF/maven/org.supercolumn/supercolumn-unit/pom.xml"
    printf 'groupId=org.supercolumn\nartifactId=supercolumn-unit\nversion=%s\n' "$version" \
        >"$classes/META-INF/maven/org.supercolumn/supercolumn-unit/pom.properties"
    repo_dir=$stage/maven/org/supercolumn/supercolumn-unit
    art=$repo_dir/$version
    mkdir -p "$art"
    jar --create --date=1980-01-01T00:00:02Z --file "$art/supercolumn-unit-$version.jar" -C "$classes" .
    jar --create --date=1980-01-01T00:00:02Z --file "$art/supercolumn-unit-$version-sources.jar" \
        -C clients/java/unit/src . -C clients/java/unit/resources .
    cp "$work/java/pom.xml" "$art/supercolumn-unit-$version.pom"
    # The server as a Maven artifact: a jar of the binary alone (and its checksum, which names the
    # copy supercolumn-unit unpacks it to), with a pom of no dependencies.
    server_res=$work/java/server/org/supercolumn/server/linux-$arch
    mkdir -p "$server_res"
    cp "$SUPERCOLUMN_BIN" "$server_res/supercolumn"
    sha256sum "$SUPERCOLUMN_BIN" | cut -d' ' -f1 >"$server_res/supercolumn.sha256"
    server_dir=$stage/maven/org/supercolumn/$server_artifact
    mkdir -p "$server_dir/$version"
    jar --create --date=1980-01-01T00:00:02Z --file "$server_dir/$version/$server_artifact-$version.jar" \
        -C "$work/java/server" .
    cat >"$server_dir/$version/$server_artifact-$version.pom" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.supercolumn</groupId>
  <artifactId>$server_artifact</artifactId>
  <version>$version</version>
  <name>$server_artifact</name>
  <description>The supercolumn server binary for linux-$arch, which supercolumn-unit runs from the classpath</description>
  <licenses><license><name>Apache-2.0</name></license></licenses>
</project>
EOF
    for dir in "$repo_dir" "$server_dir"; do
        cat >"$dir/maven-metadata.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>org.supercolumn</groupId>
  <artifactId>$(basename "$dir")</artifactId>
  <versioning>
    <latest>$version</latest>
    <release>$version</release>
    <versions>
      <version>$version</version>
    </versions>
  </versioning>
</metadata>
EOF
        # The checksums Maven and Gradle verify a repository's files against (else they warn).
        for f in "$dir/$version"/* "$dir/maven-metadata.xml"; do
            sha1sum "$f" | cut -d' ' -f1 | tr -d '\n' >"$f.sha1"
            md5sum "$f" | cut -d' ' -f1 | tr -d '\n' >"$f.md5"
        done
    done
    say "maven: org.supercolumn:supercolumn-unit:$version, org.supercolumn:$server_artifact:$version"
}

# --- Python wheels -------------------------------------------------------------------------------
python_wheels() {
    # The helper's wheel carries the binary, so its platform tag is the binary's: manylinux_2_N for
    # the newest glibc symbol version it links against (pip installs it on that glibc or later).
    glibc=$(python3 -c 'import re, sys
v = [int(m) for m in re.findall(rb"GLIBC_2\.(\d+)", open(sys.argv[1], "rb").read())]
print(max(v) if v else "")' "$SUPERCOLUMN_BIN")
    platform=$([ -n "$glibc" ] && echo "manylinux_2_${glibc}_$arch" || echo "linux_$arch")
    python3 scripts/wheel.py --out "$stage/python" --name supercolumn-testing --version "$version" \
        --tag "py3-none-$platform" \
        --summary "Throwaway supercolumn servers for an application's tests (the server binary included): datasets, primed faults, the record of calls, reset" \
        --readme clients/python/README.md \
        --entry-point pytest11:supercolumn=supercolumn_testing \
        --purelib supercolumn_testing.py=clients/python/supercolumn_testing.py \
        --script supercolumn="$SUPERCOLUMN_BIN" >/dev/null
    for gen in cassandra19 cassandra06; do
        files=()
        for f in clients/python/$gen/*.py; do files+=(--purelib "$gen/$(basename "$f")=$f"); done
        python3 scripts/wheel.py --out "$stage/python" --name "supercolumn-$gen" --version "$version" \
            --summary "The generated Thrift client of supercolumn's $gen API (package $gen)" \
            --requires "thrift>=0.16" "${files[@]}" >/dev/null
    done
    say "python: $(cd "$stage/python" && echo *.whl)"
}

# --- npm packages ---------------------------------------------------------------------------------
npm_packages() {
    npm=(npm --no-audit --no-fund --loglevel=error --offline)
    node_pkg=$work/node/supercolumn-testing
    mkdir -p "$node_pkg/bin"
    cp clients/node/testing/index.js clients/node/testing/README.md clients/node/testing/package.json "$node_pkg/"
    cp "$SUPERCOLUMN_BIN" "$node_pkg/bin/supercolumn"
    chmod -R u+w "$node_pkg" # copies of a read-only checkout's files are read-only too
    # The package as published: the binary listed, and installed as the `supercolumn` command.
    node -e 'const fs = require("fs"), f = process.argv[1], p = JSON.parse(fs.readFileSync(f));
    p.files.push("bin/supercolumn"); p.bin = { supercolumn: "bin/supercolumn" };
    fs.writeFileSync(f, JSON.stringify(p, null, 2) + "\n");' "$node_pkg/package.json"
    thrift_js=$(node -p 'require("./clients/node/package.json").dependencies.thrift')
    for gen in cassandra19 cassandra06; do
        pkg=$work/node/supercolumn-$gen
        mkdir -p "$pkg"
        cp clients/node/$gen/*.js "$pkg/"
        main=Cassandra.js
        node -e 'const [f, name, version, thrift, gen, main] = process.argv.slice(1);
    require("fs").writeFileSync(f, JSON.stringify({
      name, version, description: `The generated Thrift client of the ${gen} API of supercolumn`,
      main, license: "Apache-2.0", dependencies: { thrift },
    }, null, 2) + "\n");' "$pkg/package.json" "supercolumn-$gen" "$version" "$thrift_js" "$gen" "$main"
    done
    "${npm[@]}" pack --silent --pack-destination "$stage/npm" "$work"/node/* >/dev/null # one npm start for all
    say "npm: $(cd "$stage/npm" && echo *.tgz)"
}

pids=()
for part in server_tarball python_wheels npm_packages; do
    "$part" &
    pids+=($!)
done
maven_artifacts
for pid in "${pids[@]}"; do
    wait "$pid" || { echo "package: a part failed (above)" >&2; exit 1; }
done

# Only now is dist/ replaced: a failed run leaves the previous one whole.
rm -rf "$DIST"
mkdir -p "$(dirname "$DIST")"
cp -a "$stage" "$DIST"
say "built $DIST in $((($(date +%s%N) - started) / 1000000)) ms:"
(cd "$DIST" && find . -type f \( -name '*.tar.gz' -o -name '*.jar' -o -name '*.whl' -o -name '*.tgz' \) \
    -printf '%10s  %P\n' | sort -k2)
