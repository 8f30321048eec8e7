#!/usr/bin/env bash
# The testing helpers as an application outside this repository installs and uses them: from the
# packages scripts/package.sh built (dist/, or DIST_DIR), never from the checkout.
#
# python: supercolumn_testing
# 1. installs the helper's wheel (which carries the server binary) and the generated client's
#    (supercolumn-cassandra19), with pytest and thrift (the versions of
#    clients/python/requirements.txt), into a fresh virtual environment in a temporary
#    directory, never into .venv;
# 2. copies the example application (clients/python/examples/testing), the helper's option
#    checks (clients/python/tests/helper) and a capture to replay (a real 1.2.9's traffic,
#    tests/data/capture/real-1.2.9.capture) into the application's directory;
# 3. runs pytest there with no supercolumn on the PATH and no SUPERCOLUMN_BIN: the wheel's
#    binary serves (test_releases.py and test_release_options.py start a server per release
#    with --cassandra-version; test_cassandra_unit.py listens on cassandra-unit's ports).
#
# node: supercolumn-testing
# 1. installs the helper's tarball (which carries the server binary) and the generated client's
#    (supercolumn-cassandra19), with npm's thrift (the version clients/node/package.json
#    pins), into a fresh npm project in a temporary directory;
# 2. copies the example application (clients/node/testing/example) and the capture there;
# 3. runs `node --test` there, the same way with no binary on the PATH (releases.test.js: a
#    server per release; cassandra_unit.test.js: cassandra-unit's ports).
#
# Each application's directory holds a broken storage-conf.xml (a helper must not pick up a
# config from the current directory). One test of each suite listens on cassandra-unit's fixed
# ports (9171, 9142), so the script first waits for any other suite on them to end
# (hold_fixed_ports in scripts/env.sh). The temporary directory is removed afterwards (KEEP=1
# keeps it and prints where). Needs network access to PyPI and npm for pytest and thrift (their
# caches make a second run quick), python3-venv, Node.js and npm.
#
# Usage: scripts/run-testing-helper.sh [python] [node]   (default: both; run scripts/package.sh first)
set -euo pipefail
. "$(dirname "$0")/env.sh"
DIST=${DIST_DIR:-$ROOT/dist}
for pkg in "$DIST"/python/supercolumn_testing-*.whl "$DIST"/npm/supercolumn-testing-*.tgz; do
    [ -f "$pkg" ] || { echo "error: no packages in $DIST: run scripts/package.sh first" >&2; exit 1; }
done

langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(python node)
for l in "${langs[@]}"; do
    case $l in
    python | node) ;;
    *) echo "unknown helper '$l' (python, node)" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/supercolumn-helper.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then
    echo "keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# The PATH the applications run with: the system's, without any directory holding a supercolumn
# (the packages' own binaries must serve).
clean_path=$(path_without_supercolumn)
app_env=(env -u SUPERCOLUMN_BIN PATH="$clean_path")

# A fresh application directory with a config the helper must not read.
app_dir() {
    mkdir -p "$1"
    echo '<Storage><NotAConfig/>' >"$1/storage-conf.xml"
}

run_python() {
    pin() { grep -E "^$1==" clients/python/requirements.txt; }
    python3 -m venv "$work/venv"
    local pip=("$work/venv/bin/python" -m pip --disable-pip-version-check --quiet)
    "${pip[@]}" install "$DIST"/python/supercolumn_testing-*.whl "$DIST"/python/supercolumn_cassandra19-*.whl \
        "$(pin pytest)" "$(pin thrift)"

    local app=$work/python-app
    app_dir "$app"
    cp clients/python/examples/testing/*.py clients/python/examples/testing/*.yaml "$app/"
    cp clients/python/tests/helper/*.py clients/python/tests/helper/*.yaml "$app/"
    cp tests/data/capture/real-1.2.9.capture "$app/"
    (cd "$app" && "${app_env[@]}" PYTHONDONTWRITEBYTECODE=1 \
        "$work/venv/bin/python" -m pytest -q -p no:cacheprovider .)
}

run_node() {
    scripts/system-packages.sh node
    local thrift app=$work/node-app npm=(npm --no-audit --no-fund --loglevel=error --prefer-offline)
    thrift=$(node -p 'require("./clients/node/package.json").dependencies.thrift')
    app_dir "$app"
    cp -r clients/node/testing/example/. "$app/"
    cp tests/data/capture/real-1.2.9.capture "$app/"
    (cd "$app" &&
        echo '{"name": "bloggy-app", "private": true}' >package.json &&
        "${npm[@]}" install "$DIST"/npm/supercolumn-testing-*.tgz "$DIST"/npm/supercolumn-cassandra19-*.tgz \
            "thrift@$thrift" >/dev/null &&
        "${app_env[@]}" "$(command -v node)" --test --test-reporter=spec)
}

hold_fixed_ports
for l in "${langs[@]}"; do
    echo "run-testing-helper: $l"
    t0=$(date +%s%N)
    "run_$l"
    echo "run-testing-helper: $l took $((($(date +%s%N) - t0) / 1000000)) ms (install and suite)"
done
