#!/usr/bin/env bash
# The long wire fuzz: mutated requests (from the conformance corpus, both API
# generations, framed and unframed) against the real server binary; fails if
# the server dies, logs a panic, leaves a finished connection hanging or stops
# answering normal calls.
#
# usage: scripts/fuzz.sh [FRAMES] [SEED]     (default 1000000 mutated frames, seed 9)
# The corpus comes from CONFORMANCE_DIR (default ../shared/conformance).
# `cargo test --release --test wire_fuzz` runs the same fuzz with 100,000 frames.
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_FRAMES=${1:-1000000} FUZZ_SEED=${2:-9}
export CONFORMANCE_DIR=${CONFORMANCE_DIR:-$(pwd)/../shared/conformance}
exec cargo test --release --test wire_fuzz -- --ignored --nocapture fuzz_long
