#!/usr/bin/env bash
# Checks that the dev-dependencies turn on no feature of a crate the server
# itself is built with. Cargo (resolver 2) builds such a crate, everything
# above it and the supercolumn library a second time for `cargo test`, beside
# what `cargo build --release` built: minutes of the test command. Cargo.toml
# turns those features on in [dependencies] too; this catches a dependency
# update that brings a new one. Reads the lock file only (`cargo tree`, no
# build). Exits 1 naming each crate with its two feature sets.
set -euo pipefail
cd "$(dirname "$0")/.."

tree() { cargo tree --locked --prefix none --format '{p} [{f}]' "$@" | sed 's/ (\*)$//' | sort -u; }
python3 - <(tree --edges no-dev) <(tree) <<'PY'
import re, sys

def features(path):
    out = {}
    for line in open(path):
        m = re.match(r"(\S+ v\S+)(?: \([^)]*\))* \[(.*)\]$", line.strip())
        if m:
            out.setdefault(m.group(1), set()).add(m.group(2))
    return out

server, tests = features(sys.argv[1]), features(sys.argv[2])
bad = [(p, f, tests[p]) for p, f in sorted(server.items()) if tests.get(p, f) != f]
for p, f, t in bad:
    print(f"{p}: [{' | '.join(sorted(f))}] for the server, [{' | '.join(sorted(t))}] for the tests",
          file=sys.stderr)
if bad:
    print("check-dev-features: turn these features on in Cargo.toml's [dependencies] too",
          file=sys.stderr)
    sys.exit(1)
print(f"check-dev-features: the tests build the server's {len(server)} crates with its features")
PY
