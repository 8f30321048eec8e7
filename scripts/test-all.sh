#!/usr/bin/env bash
# The whole test suite: the one command the README names and CI runs.
#
# 1. installs what the tests need (Python's thrift package for the generated
#    Python client; nothing else is needed beyond the Rust toolchain);
# 2. checks formatting and lints;
# 3. runs every Rust test (unit, property, crash and wire tests) in release mode;
# 4. replays the recorded Cassandra 0.6.8 conformance cases against the server,
#    unframed and framed;
# 5. runs the BloggyAppy example app against the server on the repo's config.
#
# The conformance corpus lives beside the repository in ../shared/conformance;
# set CONFORMANCE_DIR to point elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
CONFORMANCE_DIR=${CONFORMANCE_DIR:-$ROOT/../shared/conformance}

step() { printf '\n=== %s ===\n' "$*"; }

step "python test dependencies"
python3 -m pip install --quiet --disable-pip-version-check -r clients/python/requirements.txt

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --release --all-targets --quiet -- -D warnings

step "cargo test (unit, property, crash, wire)"
cargo test --release

step "conformance: Cassandra 0.6.8 cases"
CONFORMANCE_DIR=$CONFORMANCE_DIR scripts/conformance.sh "$CONFORMANCE_DIR/cases/v06"

step "example: BloggyAppy"
scripts/run-example.sh

echo
echo "all tests passed"
