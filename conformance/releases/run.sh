#!/usr/bin/env bash
# Record and replay the per-release Thrift cases against real Cassandra releases built by
# scripts/peers/build-release.sh, and replay them against supercolumn.
#
#   run.sh record VERSION [NAME...]  fresh node; capture conformance/scenarios/releases.py into
#                                conformance/releases/VERSION/ (replaces that dir's cases; with
#                                scenario NAMEs, only those, beside the cases already there)
#   run.sh replay VERSION [N]    N times (default 2): fresh node, replay the VERSION cases, stop
#                                (0.7: then again unframed, on its yaml with a frame size of 0)
#   run.sh probe VERSION         fresh node; probe.py's facts into probe/VERSION.json
#   run.sh all VERSION           record, replay twice, probe
#   run.sh supercolumn VERSION   replay the VERSION cases against `supercolumn serve --in-memory
#                                --cassandra-version VERSION`, then cli/VERSION/cli_session.json
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
[ $# -ge 2 ] || { sed -n 2,19p "$0"; exit 2; }
CMD=$1 V=$2
CASES=$HERE/$V
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

NODE_PID="" NODE_RUN=""
# start_node [YAML]: a fresh node of $V (on its stock cassandra.yaml, or YAML)
start_node() {
  local h=$RELEASES_DIR/$V err
  [ -x "$h/start.sh" ] || { echo "release $V not built in $RELEASES_DIR" >&2; exit 2; }
  PORT=$(free_port)
  err=$(mktemp)
  NODE_PID=$("$h/start.sh" "$PORT" "$@" 2>"$err" | tail -1) || { cat "$err" >&2; exit 1; }
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

case $CMD in
  all)
    "$0" record "$V" && "$0" replay "$V" 2 && "$0" probe "$V" >/dev/null
    ;;
  record)
    start_node
    tmp=$(mktemp -d)
    only=(); [ $# -gt 2 ] && only=(--only "${@:3}")
    RELEASE=$V python3 "$CONF/capture.py" --api 19 --port "$PORT" --framed \
      --peer "Apache Cassandra $V" --out "$tmp" "$ROOT/conformance/scenarios/releases.py" \
      "${only[@]}"
    [ ${#only[@]} -gt 0 ] || rm -rf "$CASES"
    mkdir -p "$CASES"
    mv "$tmp"/v19/*.json "$CASES/"; rm -rf "$tmp"
    ;;
  replay)
    for i in $(seq 1 "${3:-2}"); do
      start_node
      echo "== replay $i against $V" >&2
      python3 "$CONF/replay.py" --port "$PORT" "$CASES" || status=$?
      stop_node
      # 0.7 also served unframed clients, when its yaml said so: the same cases unframed
      if unframed_too; then
        yaml=$(mktemp --suffix=.yaml)
        sed 's/^thrift_framed_transport_size_in_mb:.*/thrift_framed_transport_size_in_mb: 0/' \
          "$RELEASES_DIR/$V/conf.orig/cassandra.yaml" >"$yaml"
        start_node "$yaml"
        echo "== replay $i against $V, unframed" >&2
        python3 "$CONF/replay.py" --port "$PORT" --unframed "$CASES" || status=$?
        stop_node; rm -f "$yaml"
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
    serve_sc() {
      PORT=$(free_port)
      "$SC_BIN" serve --in-memory --listen "127.0.0.1:$PORT" --native-listen 127.0.0.1:0 \
        --admin-listen off --cassandra-version "$V" "$@" >>/tmp/sc-$V.log 2>&1 &
      SC=$!
      for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.1; done
    }
    : >/tmp/sc-$V.log
    report=${SC_REPORT:-/dev/null}
    serve_sc
    python3 "$CONF/replay.py" --port "$PORT" "$CASES" > "$report" || status=$?
    tail -2 "$report" 2>/dev/null || true
    # stepdiff on a fresh node too: rel_cache names the id a fresh node gives
    kill "$SC"; wait "$SC" 2>/dev/null || true
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
      serve_sc --config "$yaml"
      out=$(python3 "$CONF/replay.py" --port "$PORT" --unframed "$CASES") || status=$?
      printf 'unframed:\n%s\n' "$out" >> "$report"
      echo "unframed: $(printf '%s\n' "$out" | tail -2 | tr '\n' ' ')"
      kill "$SC"; wait "$SC" 2>/dev/null || true
      rm -f "$yaml"
    fi
    exit "${status:-0}"
    ;;
  *) sed -n 2,18p "$0"; exit 2;;
esac
