#!/usr/bin/env bash
# stop.sh PID: stop a node started by start.sh (SIGTERM, SIGKILL after STOP_WAIT s, default 20),
# wait for it to exit, then delete its run dir's data (KEEP_DATA=1 keeps it; logs stay).
set -uo pipefail
PID=${1:?usage: stop.sh PID}
kill -0 "$PID" 2>/dev/null || { echo "no process $PID" >&2; exit 0; }
CMD=$(tr '\0' ' ' < "/proc/$PID/cmdline" 2>/dev/null || true)
case $CMD in
  *-Dcassandra.node.run=*) ;;
  *) echo "pid $PID was not started by start.sh: $CMD" >&2; exit 1;;
esac
RUN=$(sed -n 's/.*-Dcassandra\.node\.run=\([^ ]*\).*/\1/p' <<<"$CMD")
kill -TERM "$PID" 2>/dev/null
for _ in $(seq 1 $(( ${STOP_WAIT:-20} * 10 ))); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$PID" 2>/dev/null && kill -KILL "$PID" 2>/dev/null
for _ in $(seq 1 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$PID" 2>/dev/null && { echo "pid $PID still alive" >&2; exit 1; }
[ -n "$RUN" ] && [ -d "$RUN/data" ] && [ "${KEEP_DATA:-0}" != 1 ] && rm -rf "$RUN/data"
exit 0
