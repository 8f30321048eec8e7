# Shell helpers to run a throwaway supercolumn server in scripts (sourced, not run).
#
#   start_server CONFIG [extra serve args...]   sets SERVER_PID and SERVER_PORT (and
#                                               NATIVE_PORT when the native protocol is served)
#   stop_server                                 SIGTERM, waits, fails unless it exited 0
#   wait_line FILE PREFIX                       prints the port of FILE's first line
#                                               "PREFIX ...:PORT" once it is there (20 s)
#
# With GATEWAY=1 in the environment, start_server starts a pair instead: a
# backend supercolumn on CONFIG serving the native protocol (BACKEND_PID, its
# own Thrift on BACKEND_PORT), then
# the server asked for as a gateway in front of it (--backend
# cassandra://127.0.0.1:PORT --create-schema); stop_server stops both. The scripts that run
# clients against a server thereby run them through a gateway unchanged.
# GATEWAY_STORAGE=noncompact (or compact) adds `?storage=...` to that URL: the
# table layout of Cassandra 4.x/5.x (static columns) rather than 3.x's.
#
# The server listens on a free port (--listen 127.0.0.1:0) with its data in a
# fresh temporary directory, and announces the port on stdout. The binary is
# SUPERCOLUMN_BIN, or the release build in cargo's target directory (see
# scripts/env.sh, which must be sourced first).

start_server() {
    BACKEND_PID=
    if [ -n "${GATEWAY:-}" ]; then
        start_one "$1" --native-listen 127.0.0.1:0 || return 1
        BACKEND_PID=$SERVER_PID
        BACKEND_PORT=$SERVER_PORT
        BACKEND_DATA=$SERVER_DATA
        local url="cassandra://127.0.0.1:$NATIVE_PORT"
        case "${GATEWAY_STORAGE:-}" in
            "") ;;
            compact | noncompact) url="$url?storage=$GATEWAY_STORAGE" ;;
            *)
                echo "GATEWAY_STORAGE must be compact or noncompact, not '$GATEWAY_STORAGE'" >&2
                kill -9 "$BACKEND_PID" 2>/dev/null
                return 1
                ;;
        esac
        if ! start_one "$@" --backend "$url" --create-schema; then
            kill -9 "$BACKEND_PID" 2>/dev/null
            return 1
        fi
        return 0
    fi
    start_one "$@"
}

start_one() {
    local config=$1
    shift
    [ -n "${SUPERCOLUMN_BIN:-}" ] || ensure_binary || return 1
    SERVER_DATA=$(mktemp -d)
    SERVER_OUT="$SERVER_DATA.stdout"
    SERVER_ERR="$SERVER_DATA.stderr"
    # Throwaway servers keep the admin surface off unless asked for: they
    # must not race for its default port (127.0.0.1:7199).
    local admin=(--admin-listen off) a
    for a in "$@"; do
        if [ "$a" = --admin-listen ]; then admin=(); fi
    done
    # Made before the server starts: the port lines are read from them at once.
    : >"$SERVER_OUT"
    : >"$SERVER_ERR"
    "$SUPERCOLUMN_BIN" serve --config "$config" --listen 127.0.0.1:0 --data-dir "$SERVER_DATA" \
        "${admin[@]}" "$@" >"$SERVER_OUT" 2>"$SERVER_ERR" &
    SERVER_PID=$!
    SERVER_PORT=
    # A gateway creates its schema's keyspaces and tables in the cluster and
    # awaits schema agreement before it listens: on a real multi-node
    # cluster that takes longer than 10 s.
    local wait_s=10 arg
    for arg in "$@"; do
        if [ "$arg" = --backend ]; then wait_s=60; fi
    done
    for _ in $(seq 1 $((wait_s * 20))); do
        SERVER_PORT=$(sed -n 's/^supercolumn listening on .*:\([0-9][0-9]*\)$/\1/p' "$SERVER_OUT")
        NATIVE_PORT=$(sed -n 's/^supercolumn native on .*:\([0-9][0-9]*\)$/\1/p' "$SERVER_OUT")
        [ -n "$SERVER_PORT" ] && break
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "server exited before it was ready:" >&2
            cat "$SERVER_ERR" >&2
            return 1
        fi
        sleep 0.05
    done
    if [ -z "$SERVER_PORT" ]; then
        echo "server did not announce its port within $wait_s s" >&2
        cat "$SERVER_ERR" >&2
        kill -9 "$SERVER_PID" 2>/dev/null
        return 1
    fi
}

stop_server() {
    local status=0
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "server exited with status $status after SIGTERM:" >&2
        tail -20 "$SERVER_ERR" >&2
    fi
    rm -rf "$SERVER_DATA" "$SERVER_OUT" "$SERVER_ERR"
    if [ -n "${BACKEND_PID:-}" ]; then
        local backend_status=0
        kill -TERM "$BACKEND_PID" 2>/dev/null || true
        wait "$BACKEND_PID" || backend_status=$?
        if [ "$backend_status" -ne 0 ]; then
            echo "backend exited with status $backend_status after SIGTERM:" >&2
            tail -20 "$BACKEND_DATA.stderr" >&2
            status=$backend_status
        fi
        rm -rf "$BACKEND_DATA" "$BACKEND_DATA.stdout" "$BACKEND_DATA.stderr"
        BACKEND_PID=
    fi
    return "$status"
}

wait_line() { # FILE PREFIX -> the port of the first line starting with PREFIX
    for _ in $(seq 1 400); do
        local p
        p=$(sed -n "s/^$2 .*:\([0-9][0-9]*\)$/\1/p" "$1" | head -n 1)
        [ -n "$p" ] && { echo "$p"; return 0; }
        sleep 0.05
    done
    echo "no '$2' line in $1" >&2
    return 1
}

cpu_ticks() { # PID -> its user + system time so far, in clock ticks (getconf CLK_TCK)
    sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}
