#!/usr/bin/env bash
# The supercolumn_testing helper as an application outside this repository uses it:
#
# 1. builds a wheel of clients/python (the helper alone) and installs it, with
#    pytest and thrift (the versions of clients/python/requirements.txt), into a
#    fresh virtual environment in a temporary directory, never into .venv;
# 2. copies the example application (clients/python/examples/testing) with its
#    own generated client (clients/python/cassandra19) and the helper's option
#    checks (clients/python/tests/helper) into a temporary directory holding a
#    broken storage-conf.xml (the helper must not pick up a config from the
#    current directory);
# 3. runs pytest there, with the binary found on the PATH (no SUPERCOLUMN_BIN).
#
# The virtual environment and the copies are removed afterwards (KEEP=1 keeps
# them and prints where). Needs network access to PyPI (pip's cache makes a
# second run quick) and the python3-venv package.
set -euo pipefail
. "$(dirname "$0")/env.sh"
ensure_binary

work=$(mktemp -d "${TMPDIR:-/tmp}/supercolumn-helper.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then
    echo "keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

pin() { grep -E "^$1==" clients/python/requirements.txt; }
python3 -m venv "$work/venv"
pip=("$work/venv/bin/python" -m pip --disable-pip-version-check --quiet)
"${pip[@]}" wheel --no-deps --wheel-dir "$work/wheels" clients/python
rm -rf clients/python/build clients/python/*.egg-info
"${pip[@]}" install "$work"/wheels/supercolumn_testing-*.whl "$(pin pytest)" "$(pin thrift)"

app=$work/app
mkdir -p "$app"
cp clients/python/examples/testing/*.py clients/python/examples/testing/*.yaml "$app/"
cp clients/python/tests/helper/*.py clients/python/tests/helper/*.yaml "$app/"
cp -r clients/python/cassandra19 "$app/"
echo '<Storage><NotAConfig/>' >"$app/storage-conf.xml"

bindir=$work/bin
mkdir -p "$bindir"
ln -s "$SUPERCOLUMN_BIN" "$bindir/supercolumn"
cd "$app"
env -u SUPERCOLUMN_BIN PATH="$bindir:$PATH" PYTHONDONTWRITEBYTECODE=1 \
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider .
