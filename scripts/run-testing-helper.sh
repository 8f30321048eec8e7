#!/usr/bin/env bash
# The testing helpers as an application outside this repository uses them.
#
# python: supercolumn_testing (clients/python)
# 1. builds a wheel of clients/python (the helper alone) and installs it, with
#    pytest and thrift (the versions of clients/python/requirements.txt), into a
#    fresh virtual environment in a temporary directory, never into .venv;
# 2. copies the example application (clients/python/examples/testing) with its
#    own generated client (clients/python/cassandra19) and the helper's option
#    checks (clients/python/tests/helper) into the application's directory;
# 3. runs pytest there (test_releases.py and test_release_options.py start a
#    server per release with --cassandra-version, several releases in one run).
#
# node: supercolumn-testing (clients/node/testing)
# 1. packs the helper with `npm pack` and installs the tarball, with npm's
#    thrift (the version clients/node/package.json pins), into a fresh npm
#    project in a temporary directory;
# 2. copies the example application (clients/node/testing/example) with its own
#    generated client (clients/node/cassandra19) there;
# 3. runs `node --test` there (releases.test.js: a server per release).
#
# Each application's directory holds a broken storage-conf.xml (a helper must not
# pick up a config from the current directory), and the binary is found on the
# PATH (no SUPERCOLUMN_BIN). The temporary directory is removed afterwards (KEEP=1
# keeps it and prints where). Needs network access to PyPI and npm (their caches
# make a second run quick), python3-venv, Node.js and npm.
#
# Usage: scripts/run-testing-helper.sh [python] [node]   (default: both)
set -euo pipefail
. "$(dirname "$0")/env.sh"
ensure_binary

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

bindir=$work/bin
mkdir -p "$bindir"
ln -s "$SUPERCOLUMN_BIN" "$bindir/supercolumn"

# A fresh application directory with a config the helper must not read.
app_dir() {
    mkdir -p "$1"
    echo '<Storage><NotAConfig/>' >"$1/storage-conf.xml"
}

run_python() {
    pin() { grep -E "^$1==" clients/python/requirements.txt; }
    python3 -m venv "$work/venv"
    local pip=("$work/venv/bin/python" -m pip --disable-pip-version-check --quiet)
    "${pip[@]}" wheel --no-deps --wheel-dir "$work/wheels" clients/python
    rm -rf clients/python/build clients/python/*.egg-info
    "${pip[@]}" install "$work"/wheels/supercolumn_testing-*.whl "$(pin pytest)" "$(pin thrift)"

    local app=$work/python-app
    app_dir "$app"
    cp clients/python/examples/testing/*.py clients/python/examples/testing/*.yaml "$app/"
    cp clients/python/tests/helper/*.py clients/python/tests/helper/*.yaml "$app/"
    cp -r clients/python/cassandra19 "$app/"
    (cd "$app" && env -u SUPERCOLUMN_BIN PATH="$bindir:$PATH" PYTHONDONTWRITEBYTECODE=1 \
        "$work/venv/bin/python" -m pytest -q -p no:cacheprovider .)
}

run_node() {
    scripts/system-packages.sh node
    local thrift app=$work/node-app npm=(npm --no-audit --no-fund --loglevel=error --prefer-offline)
    thrift=$(sed -n 's/^ *"thrift": "\([^"]*\)".*/\1/p' clients/node/package.json)
    app_dir "$app"
    # The example's files, its generated client copied in place of the link to it.
    cp -rL clients/node/testing/example/. "$app/"
    (cd "$app" &&
        echo '{"name": "bloggy-app", "private": true}' >package.json &&
        "${npm[@]}" pack --silent --pack-destination "$work" "$ROOT/clients/node/testing" >/dev/null &&
        "${npm[@]}" install "$work"/supercolumn-testing-*.tgz "thrift@$thrift" >/dev/null &&
        env -u SUPERCOLUMN_BIN PATH="$bindir:$PATH" node --test --test-reporter=spec)
}

for l in "${langs[@]}"; do
    echo "run-testing-helper: $l"
    "run_$l"
done
