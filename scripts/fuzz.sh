#!/usr/bin/env bash
# The long wire fuzz against the real server binary; fails if the server
# dies, logs a panic, leaves a finished connection hanging or stops answering
# normal calls.
#   Thrift: mutated requests from the conformance corpus, both API
#   generations, framed and unframed.
#   native: mutated CQL native-protocol requests of every opcode, versions 1
#   to 4, uncompressed and lz4/snappy (tests/native/wire_native_fuzz.rs).
#
# usage: scripts/fuzz.sh [FRAMES] [SEED]          Thrift (default 1000000 mutated frames, seed 9)
#        scripts/fuzz.sh native [FRAMES] [SEED]   the native protocol, the same defaults
# The Thrift corpus comes from CONFORMANCE_DIR (default ../shared/conformance).
# `cargo test --release --test wire -- transport::fuzz::` (`--test native --
# wire_native_fuzz::`) runs the same fuzz with 100,000 frames.
set -euo pipefail
cd "$(dirname "$0")/.."
test=wire name=wire::transport::fuzz::fuzz_long
if [ "${1:-}" = native ]; then
    test=native name=native::wire_native_fuzz::native_fuzz_long
    shift
fi
export FUZZ_FRAMES=${1:-1000000} FUZZ_SEED=${2:-9}
export CONFORMANCE_DIR=${CONFORMANCE_DIR:-$(pwd)/../shared/conformance}
exec cargo test --release --test "$test" -- --ignored --nocapture --exact "$name"
