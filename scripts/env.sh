# Where things are, for every script (sourced first thing, before any `cd`):
#
#   ROOT              the repository; sourcing this file changes into it
#   CARGO_TARGET_DIR  honoured as cargo honours it: the binary is looked up in
#                     cargo's own target directory (cargo metadata), never in a
#                     hard-coded target/
#   SUPERCOLUMN_BIN   the supercolumn binary the scripts run. Unset (the usual
#                     case), ensure_binary runs `cargo build --release` and uses
#                     the result; set, that binary is used as it is and nothing
#                     is built
#   CONFORMANCE_DIR   the conformance corpus (default: ../shared/conformance)
#   VENV_DIR          the Python virtual environment the scripts create and use
#                     (default: .venv in the repository, gitignored); PYTHON is
#                     its interpreter once ensure_python has run
#
# Paths given relative in the environment are taken from the caller's
# directory, as a person typing them means, and made absolute here.
#
# Functions: check_corpus, ensure_binary, ensure_python, hold_fixed_ports.

absolute_path() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac }

for _var in CARGO_TARGET_DIR SUPERCOLUMN_BIN CONFORMANCE_DIR VENV_DIR; do
    if [ -n "${!_var:-}" ]; then
        export "$_var=$(absolute_path "${!_var}")"
    fi
done
unset _var

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
CONFORMANCE_DIR=${CONFORMANCE_DIR:-$(cd "$ROOT/.." && pwd)/shared/conformance}
VENV_DIR=${VENV_DIR:-$ROOT/.venv}
export CONFORMANCE_DIR VENV_DIR

# Fails with an explanation unless the conformance corpus is where the tests
# look for it. The test command calls this before anything else, so a missing
# corpus costs seconds, not a build.
check_corpus() {
    local missing=
    [ -f "$CONFORMANCE_DIR/replay.py" ] || missing="$CONFORMANCE_DIR/replay.py"
    [ -n "$missing" ] || [ -d "$CONFORMANCE_DIR/cases/v06" ] || missing="$CONFORMANCE_DIR/cases/v06"
    [ -n "$missing" ] || [ -d "$CONFORMANCE_DIR/cases/v19" ] || missing="$CONFORMANCE_DIR/cases/v19"
    [ -n "$missing" ] || return 0
    cat >&2 <<EOF
error: the conformance corpus is missing ($missing not found).

The corpus is the project's record of real Apache Cassandra 0.6.8 and 1.2.9 servers:
Thrift calls and the replies those servers gave (cases/), the configs they ran with
(config/), and replay.py, which sends the calls to supercolumn and compares the replies.
It is not part of this repository: it lives in the project's shared/ folder, which sits
beside the repository (../shared/conformance) in every working copy and on CI.

Put the shared folder beside the repository, or set CONFORMANCE_DIR to the corpus
(the directory holding replay.py).
EOF
    return 1
}

# cargo's target directory, wherever CARGO_TARGET_DIR or a cargo config put it.
cargo_target_dir() {
    local dir
    dir=$(cargo metadata --no-deps --format-version 1 2>/dev/null |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    printf '%s\n' "${dir:-${CARGO_TARGET_DIR:-$ROOT/target}}"
}

# Sets SUPERCOLUMN_BIN to an executable supercolumn: the one given, or the
# release build (built now if needed; cargo prints its progress).
ensure_binary() {
    if [ -n "${SUPERCOLUMN_BIN:-}" ]; then
        [ -x "$SUPERCOLUMN_BIN" ] && return 0
        echo "error: SUPERCOLUMN_BIN=$SUPERCOLUMN_BIN is not an executable file" >&2
        return 1
    fi
    cargo build --release || { echo "error: cargo build --release failed" >&2; return 1; }
    SUPERCOLUMN_BIN=$(cargo_target_dir)/release/supercolumn
    [ -x "$SUPERCOLUMN_BIN" ] || { echo "error: no binary at $SUPERCOLUMN_BIN after the build" >&2; return 1; }
}

# Creates the virtual environment VENV_DIR (once), installs the pinned Python
# test dependencies into it (again whenever requirements.txt changes), and
# sets PYTHON to its interpreter. Never installs into the system Python:
# Debian's refuses (externally-managed-environment), and it is not ours.
ensure_python() {
    local req=$ROOT/clients/python/requirements.txt want
    if ! "$VENV_DIR/bin/python" -c '' 2>/dev/null; then
        echo "creating the Python virtual environment $VENV_DIR"
        rm -rf "$VENV_DIR"
        if ! python3 -m venv "$VENV_DIR"; then
            echo "error: python3 -m venv failed; on Debian it needs the python3-venv package" \
                "(scripts/system-packages.sh installs it, as root)" >&2
            return 1
        fi
    fi
    want=$(sha256sum "$req" | cut -d' ' -f1)
    if [ "$(cat "$VENV_DIR/.installed-requirements" 2>/dev/null)" != "$want" ]; then
        echo "installing clients/python/requirements.txt into $VENV_DIR"
        "$VENV_DIR/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req" ||
            { echo "error: pip install into $VENV_DIR failed" >&2; return 1; }
        echo "$want" >"$VENV_DIR/.installed-requirements"
    fi
    PYTHON=$VENV_DIR/bin/python
}

# Suites whose servers listen on cassandra-unit's fixed ports (Thrift 9171, native 9142) run one
# at a time on a machine, whichever checkout they come from: this takes a machine-wide lock
# (flock on /tmp/supercolumn-fixed-ports.lock, or SUPERCOLUMN_PORTS_LOCK) that the calling
# script holds until it exits, waiting for another such suite to end first.
# The PATH without any directory holding a supercolumn binary: what the fresh-project suites run
# with, so that the packages' own binaries must serve.
path_without_supercolumn() {
    local d out='' dirs
    IFS=: read -ra dirs <<<"$PATH"
    for d in "${dirs[@]}"; do
        [ -n "$d" ] && [ ! -e "$d/supercolumn" ] && out=${out:+$out:}$d
    done
    printf '%s\n' "$out"
}

hold_fixed_ports() {
    local lock=${SUPERCOLUMN_PORTS_LOCK:-/tmp/supercolumn-fixed-ports.lock}
    exec 9>>"$lock"
    if ! flock -n 9; then
        echo "waiting for another suite on the fixed ports 9171/9142 to end ($lock)"
        flock 9
    fi
}
