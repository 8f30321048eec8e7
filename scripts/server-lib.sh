# Shell helpers to run a throwaway supercolumn server in scripts (sourced, not run).
#
#   start_server CONFIG [extra serve args...]   sets SERVER_PID and SERVER_PORT (and
#                                               NATIVE_PORT when the native protocol is served)
#   stop_server                                 SIGTERM, waits, fails unless it exited 0
#
# The server listens on a free port (--listen 127.0.0.1:0) with its data in a
# fresh temporary directory, and announces the port on stdout. The binary is
# SUPERCOLUMN_BIN, or the release build in cargo's target directory (see
# scripts/env.sh, which must be sourced first).

start_server() {
    local config=$1
    shift
    [ -n "${SUPERCOLUMN_BIN:-}" ] || ensure_binary || return 1
    SERVER_DATA=$(mktemp -d)
    SERVER_OUT="$SERVER_DATA.stdout"
    SERVER_ERR="$SERVER_DATA.stderr"
    "$SUPERCOLUMN_BIN" serve --config "$config" --listen 127.0.0.1:0 --data-dir "$SERVER_DATA" "$@" \
        >"$SERVER_OUT" 2>"$SERVER_ERR" &
    SERVER_PID=$!
    SERVER_PORT=
    for _ in $(seq 1 200); do
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
        echo "server did not announce its port within 10 s" >&2
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
    return "$status"
}
