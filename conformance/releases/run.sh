#!/usr/bin/env bash
# Record and replay the per-release Thrift cases against real Cassandra releases built by
# scripts/peers/build-release.sh, and replay them against supercolumn.
#
#   run.sh record VERSION [NAME...]  capture each scenario of conformance/scenarios/releases.py on a
#                                fresh node of its own into conformance/releases/VERSION/ (replaces
#                                that dir's cases; with scenario NAMEs, only those, beside the
#                                cases already there)
#   run.sh record-unframed VERSION NAME...  (0.7) capture scenarios over the unframed transport,
#                                on the stock yaml with a frame size of 0, into unframed/VERSION/:
#                                the unframed passes replay them in place of the framed recording
#                                of their name (0.7's messages quoting a binary field showed the
#                                frame from its start only when framed)
#   run.sh replay VERSION [N]    N times (default 2): replay each VERSION case on a fresh node
#                                (0.7: then again unframed, on its yaml with a frame size of 0)
#   run.sh probe VERSION         fresh node; probe.py's facts into probe/VERSION.json
#   run.sh all VERSION           record, replay twice, probe
#   run.sh supercolumn VERSION   replay each VERSION case against a fresh `supercolumn serve
#                                --in-memory --cassandra-version VERSION`, then cli/VERSION/cli_session.json
#                                (where recorded) against a fresh one, and for 0.7 the cases
#                                unframed on a yaml that said so; any difference fails it
#                                (replay.py's reports to SC_REPORT, then stepdiff.py's step counts)
#
# Env: RELEASES_DIR (where build-release.sh put the releases; default /work/scratch-versions),
# CONFORMANCE_DIR (the corpus tools; default ../shared/conformance beside the repository),
# SUPERCOLUMN_BIN (default target/release/supercolumn of the repository).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RELEASES_DIR=${RELEASES_DIR:-/work/scratch-versions}
CONF=${CONFORMANCE_DIR:-$(dirname "$ROOT")/shared/conformance}
SC_BIN=${SUPERCOLUMN_BIN:-$ROOT/target/release/supercolumn}
[ $# -ge 2 ] || { sed -n 2,24p "$0"; exit 2; }
CMD=$1 V=$2
CASES=$HERE/$V
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

NODE_PID="" NODE_RUN=""
# start_node [YAML]: a fresh node of $V (on its stock cassandra.yaml, or YAML)
start_node() {
  local h=$RELEASES_DIR/$V err
  [ -x "$h/start.sh" ] || { echo "release $V not built in $RELEASES_DIR" >&2; exit 2; }
  err=$(mktemp)
  # a port picked free can be taken by another process before the node binds it: try again
  for try in 1 2 3; do
    PORT=$(free_port)
    NODE_PID=$("$h/start.sh" "$PORT" "$@" 2>"$err" | tail -1) && break
    [ "$try" -lt 3 ] && grep -q 'Failed to bind\|Address already in use\|is in use' "$err" \
      || { cat "$err" >&2; exit 1; }
    echo "start of $V failed on a taken port, again" >&2
  done
  NODE_RUN=$(sed -n 's/.* run dir \([^ ]*\) .*/\1/p' "$err"); rm -f "$err"
  echo "started $V pid $NODE_PID thrift $PORT ($NODE_RUN)" >&2
}
stop_node() {
  [ -n "$NODE_PID" ] && "$RELEASES_DIR/$V/stop.sh" "$NODE_PID" || true
  NODE_PID=""
}
trap stop_node EXIT
# Whether $V's Thrift port could also be unframed (0.7, by its yaml; later releases framed only:
# Behaviour::FramingFromConfig in src/release/behaviours.rs)
unframed_too() { case $V in 0.7.*) return 0;; *) return 1;; esac; }
# unframed_yaml: a temporary copy of $V's stock yaml with a frame size of 0 (its path)
unframed_yaml() {
  local y
  y=$(mktemp --suffix=.yaml)
  sed 's/^thrift_framed_transport_size_in_mb:.*/thrift_framed_transport_size_in_mb: 0/' \
    "$RELEASES_DIR/$V/conf.orig/cassandra.yaml" >"$y"
  echo "$y"
}
# the cases recorded over the unframed transport (record-unframed), by name
UNFRAMED_CASES=$HERE/unframed/$V

# replay_each START STOP [REPLAY_ARGS...]: each case of $CASES on a fresh node of its own (START
# starts one on $PORT, STOP stops it), as each was recorded: a column family's id in a 0.7-1.0
# message is what the node's creation counter gave, so it depends on what ran before on that
# node. Prints replay.py's reports, then its two summary lines for all the cases. With
# ALT set, a case of ALT's replaces the one of its name.
replay_each() {
  local start=$1 stop=$2 f out rc=0 p=0 fl=0 me=0 mt=0 a b
  shift 2
  for f in "$CASES"/*.json; do
    [ -n "${ALT:-}" ] && [ -e "$ALT/${f##*/}" ] && f=$ALT/${f##*/}
    $start
    out=$(python3 "$CONF/replay.py" --port "$PORT" "$@" "$f") || rc=1
    $stop
    printf '%s\n' "$out" | head -n -2
    read -r a b <<<"$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')"
    p=$((p + ${a:-0})) fl=$((fl + ${b:-0}))
    read -r a b <<<"$(printf '%s\n' "$out" | sed -n 's/^exception messages exact: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')"
    me=$((me + ${a:-0})) mt=$((mt + ${b:-0}))
  done
  echo "$p passed, $fl failed"
  awk -v e="$me" -v t="$mt" 'BEGIN { printf "exception messages exact: %d/%d (%.1f%%)\n", e, t, t ? 100 * e / t : 100 }'
  return $rc
}

case $CMD in
  all)
    "$0" record "$V" && "$0" replay "$V" 2 && "$0" probe "$V" >/dev/null
    ;;
  record)
    # each scenario on a fresh node of its own (as replay_each replays them)
    names=("${@:3}")
    if [ ${#names[@]} -eq 0 ]; then
      mapfile -t names < <(sed -n 's/^ *@scenario("\([a-z0-9_]*\)".*/\1/p' \
        "$ROOT/conformance/scenarios/releases.py")
      rm -rf "$CASES"
    fi
    mkdir -p "$CASES"
    for name in "${names[@]}"; do
      start_node
      tmp=$(mktemp -d)
      RELEASE=$V python3 "$CONF/capture.py" --api 19 --port "$PORT" --framed \
        --peer "Apache Cassandra $V" --out "$tmp" "$ROOT/conformance/scenarios/releases.py" \
        --only "$name"
      stop_node
      # a scenario the release did not have records nothing
      for f in "$tmp"/v19/*.json; do [ -e "$f" ] && mv "$f" "$CASES/"; done
      rm -rf "$tmp"
    done
    ;;
  record-unframed)
    unframed_too || { echo "$V served framed clients only" >&2; exit 2; }
    [ $# -ge 3 ] || { echo "name the scenarios to record unframed" >&2; exit 2; }
    mkdir -p "$UNFRAMED_CASES"
    yaml=$(unframed_yaml)
    for name in "${@:3}"; do
      start_node "$yaml"
      tmp=$(mktemp -d)
      RELEASE=$V python3 "$CONF/capture.py" --api 19 --port "$PORT" --unframed \
        --peer "Apache Cassandra $V" --out "$tmp" "$ROOT/conformance/scenarios/releases.py" \
        --only "$name"
      stop_node
      for f in "$tmp"/v19/*.json; do [ -e "$f" ] && mv "$f" "$UNFRAMED_CASES/"; done
      rm -rf "$tmp"
    done
    rm -f "$yaml"
    ;;
  replay)
    start_unframed() { start_node "$yaml"; }
    for i in $(seq 1 "${3:-2}"); do
      echo "== replay $i against $V" >&2
      replay_each start_node stop_node || status=$?
      # 0.7 also served unframed clients, when its yaml said so: the same cases unframed
      if unframed_too; then
        yaml=$(unframed_yaml)
        echo "== replay $i against $V, unframed" >&2
        ALT=$UNFRAMED_CASES replay_each start_unframed stop_node --unframed || status=$?
        rm -f "$yaml"
      fi
    done
    exit "${status:-0}"
    ;;
  probe)
    start_node
    mkdir -p "$HERE/probe"
    np=(); [ -f "$NODE_RUN/native_port" ] && np=(--native-port "$(cat "$NODE_RUN/native_port")")
    log=$NODE_RUN/stdout.log
    python3 "$HERE/probe.py" --port "$PORT" "${np[@]}" --log "$log" > "$HERE/probe/$V.json"
    cat "$HERE/probe/$V.json"
    ;;
  supercolumn)
    # serve_sc: a fresh in-memory supercolumn answering as $V on $PORT (pid in SC)
    # (--jvm-heap: the recorded nodes' -Xmx, start.sh's NODE_HEAP of 1G; 0.7 and 0.8 sized
    # their default memtable thresholds from it)
    serve_sc() {
      PORT=$(free_port)
      "$SC_BIN" serve --in-memory --listen "127.0.0.1:$PORT" --native-listen 127.0.0.1:0 \
        --admin-listen off --cassandra-version "$V" --jvm-heap 1024 "$@" >>/tmp/sc-$V.log 2>&1 &
      SC=$!
      for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.1; done
    }
    stop_sc() { kill "$SC"; wait "$SC" 2>/dev/null || true; }
    serve_unframed() { serve_sc --config "$yaml"; }
    : >/tmp/sc-$V.log
    report=${SC_REPORT:-/dev/null}
    replay_each serve_sc stop_sc > "$report" || status=$?
    tail -2 "$report" 2>/dev/null || true
    # every step of every case, on one fresh node (stepdiff.py counts steps, not messages)
    serve_sc
    python3 "$HERE/stepdiff.py" --port "$PORT" ${STEPDIFF_ARGS:-} "$CASES" || true
    kill "$SC"; wait "$SC" 2>/dev/null || true
    # the Thrift calls of the release's own cassandra-cli session (cli/, where recorded),
    # on a node of their own: the real one was fresh, and the column family ids the cli
    # sends back are the ones a fresh node's counter gave (replay.py and stepdiff.py each
    # on a fresh one)
    if [ -d "$HERE/cli/$V" ]; then
      serve_sc
      python3 "$CONF/replay.py" --port "$PORT" "$HERE/cli/$V/cli_session.json" >> "$report" \
        || status=$?
      kill "$SC"; wait "$SC" 2>/dev/null || true
      serve_sc
      python3 "$HERE/stepdiff.py" --port "$PORT" ${STEPDIFF_ARGS:-} \
        "$HERE/cli/$V/cli_session.json" | sed -n '1p' || true
      kill "$SC"; wait "$SC" 2>/dev/null || true
    fi
    # 0.7 also served unframed clients, on a yaml saying so: the same cases, unframed, on a
    # fresh node started on such a file (written here: only what 0.7 required, and that)
    if unframed_too; then
      yaml=$(mktemp --suffix=.yaml)
      printf '%s\n' 'cluster_name: Test Cluster' \
        'partitioner: org.apache.cassandra.dht.RandomPartitioner' 'commitlog_sync: periodic' \
        'commitlog_sync_period_in_ms: 10000' 'thrift_framed_transport_size_in_mb: 0' >"$yaml"
      out=$(ALT=$UNFRAMED_CASES replay_each serve_unframed stop_sc --unframed) || status=$?
      printf 'unframed:\n%s\n' "$out" >> "$report"
      echo "unframed: $(printf '%s\n' "$out" | tail -2 | tr '\n' ' ')"
      rm -f "$yaml"
    fi
    exit "${status:-0}"
    ;;
  *) sed -n 2,18p "$0"; exit 2;;
esac
