#!/usr/bin/env bash
# Stop the nodes c40-start-cluster.sh started (all, or those given: c40-stop-cluster.sh 2), by
# the pid each node's dir holds. KILL=1 sends SIGKILL at once (a crashed node) instead of
# SIGTERM (SIGKILL after 30 s). Env C40_HOME as for c40-start-cluster.sh.
set -uo pipefail
C=${C40_HOME:-$(cd "$(dirname "$0")" && pwd)}
SIG=TERM
[ "${KILL:-0}" = 1 ] && SIG=KILL
for n in ${*:-1 2 3}; do
  f=$C/node$n/pid
  [ -f "$f" ] || continue
  p=$(cat "$f")
  if kill -0 "$p" 2>/dev/null; then
    kill -"$SIG" "$p"
    for _ in $(seq 1 30); do kill -0 "$p" 2>/dev/null || break; sleep 1; done
    kill -0 "$p" 2>/dev/null && kill -KILL "$p"
    echo "node$n (pid $p) stopped"
  fi
  rm -f "$f"
done
