#!/usr/bin/env bash
# The BloggyAppy example in every language with a generated Thrift client (clients/<language>/,
# see clients/README.md), against ONE fresh server on the repository's storage-conf.xml.
#
#   python  examples/bloggyappy.py (0.6), bloggyappy19.py (19.x)     CPython, PyPI thrift
#   java    BloggyAppy06 / BloggyAppy19 (javac, no build tool)       Debian libthrift-java
#   php     bloggyappy06.php / bloggyappy19.php                      Debian php-thrift
#   ruby    bloggyappy06.rb / bloggyappy19.rb                        Debian ruby-thrift
#   perl    bloggyappy19.pl                                          Debian libthrift-perl
#   cpp     bloggyappy19 (g++ -lthrift)                              Debian libthrift-dev
#   node    bloggyappy19.js                                          npm thrift (package.json)
#
# Each example runs unframed and framed, over each API generation it has; PHP also runs twice
# more without its thrift_protocol extension (the pure-PHP protocol), and PHP and Java once more
# with the non-strict binary protocol (no version word in messages). A run passes when it exits
# 0, ends with its "OK:" line and reports the API version of the generation it spoke (2.2.0 for
# 0.6, 19.x for 19.x: the server answers describe_version in the generation the connection
# showed). The examples check every read against what they wrote (exit 1 on a mismatch).
#
# Installs what is missing first (idempotent): Debian packages through
# scripts/system-packages.sh (groups python, clients), the Python virtual environment
# (scripts/env.sh), clients/node/node_modules from package-lock.json. Builds once: the Java
# classes and the C++ binary go to clients/.build/ (gitignored) and are rebuilt only when their
# sources change (a hash of them is kept beside the output).
#
# Usage: scripts/run-clients.sh [LANGUAGE...]   (default: all; python java php ruby perl cpp node)
# Ends with one line per language, "LANGUAGE: ok" or "LANGUAGE: FAIL (why)", then
# "N passed, N failed"; exits non-zero if any language failed.
set -euo pipefail
. "$(dirname "$0")/env.sh"

ALL=(python java php ruby perl cpp node)
CLIENTS=$ROOT/clients
BUILD=$CLIENTS/.build
JAVA_CP=/usr/share/java/thrift.jar:/usr/share/java/slf4j-api.jar:/usr/share/java/slf4j-nop.jar
# Debian's php-thrift installs thrift_protocol.so for PHP 8.2 but its .ini only under
# /etc/php/8.1, so PHP 8.2 does not load it unless asked.
PHP_EXT=(-d extension=thrift_protocol.so)

say() { printf 'run-clients: %s\n' "$*"; }

langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=("${ALL[@]}")
for l in "${langs[@]}"; do
    case " ${ALL[*]} " in
    *" $l "*) ;;
    *) echo "run-clients: unknown language '$l' (${ALL[*]})" >&2; exit 2 ;;
    esac
done
has() { case " ${langs[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac }

# --- install and build (once) ------------------------------------------------------------------

scripts/system-packages.sh python clients
has python && ensure_python

# A hash of the files a build reads; the build is redone only when it changes.
sources_hash() { find "$@" -type f \( -name '*.java' -o -name '*.cpp' -o -name '*.h' \) -print0 |
    sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1; }

build_java() {
    local gen want out
    for gen in 06 19; do
        out=$BUILD/java/$gen
        want=$(sources_hash "$CLIENTS/java/cassandra$gen" "$CLIENTS/java/examples")
        [ "$(cat "$out/.sources" 2>/dev/null)" = "$want" ] && continue
        say "compiling the Java client and example for API $gen (javac)"
        rm -rf "$out"
        mkdir -p "$out"
        # Blog/BlogFlow are shared; each generation's example compiles only with its own
        # generated package (both are org.apache.cassandra.thrift, as in Cassandra).
        javac -nowarn -encoding UTF-8 -d "$out" -cp /usr/share/java/thrift.jar \
            $(find "$CLIENTS/java/cassandra$gen" -name '*.java') \
            "$CLIENTS/java/examples/bloggyappy/Blog.java" "$CLIENTS/java/examples/bloggyappy/BlogFlow.java" \
            "$CLIENTS/java/examples/bloggyappy/BloggyAppy$gen.java" || return 1
        echo "$want" >"$out/.sources"
    done
}

# -O0: the example's speed does not matter, and the generated Cassandra.cpp (1.3 MB of
# (de)serialisers) compiles about twice as fast without optimisation.
CXXFLAGS_CLIENTS=(-std=c++17 -O0 -Wall)

build_cpp() {
    local out=$BUILD/cpp want f
    want=$({ sources_hash "$CLIENTS/cpp/cassandra19" "$CLIENTS/cpp/examples"; echo "${CXXFLAGS_CLIENTS[*]}"; } |
        sha256sum | cut -d' ' -f1)
    [ "$(cat "$out/.sources" 2>/dev/null)" = "$want" ] && return 0
    say "compiling the C++ client and example (g++, a minute or two)"
    rm -rf "$out"
    mkdir -p "$out"
    for f in "$CLIENTS"/cpp/cassandra19/*.cpp "$CLIENTS"/cpp/examples/bloggyappy19.cpp; do
        g++ "${CXXFLAGS_CLIENTS[@]}" -I "$CLIENTS/cpp/cassandra19" -c "$f" -o "$out/$(basename "$f" .cpp).o" ||
            return 1
    done
    g++ -o "$out/bloggyappy19" "$out"/*.o -lthrift || return 1
    echo "$want" >"$out/.sources"
}

install_node() {
    local want
    want=$(sha256sum "$CLIENTS/node/package-lock.json" | cut -d' ' -f1)
    [ "$(cat "$CLIENTS/node/node_modules/.installed-lock" 2>/dev/null)" = "$want" ] && return 0
    say "installing npm packages (npm ci)"
    (cd "$CLIENTS/node" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || return 1
    echo "$want" >"$CLIENTS/node/node_modules/.installed-lock"
}

# A language whose build fails is reported as failed, and the others still run. (The build
# functions return on their first failing command themselves: errexit is off inside a
# function called on the left of `||`.)
declare -A broken=()
has java && { build_java || broken[java]="javac failed"; }
has cpp && { build_cpp || broken[cpp]="g++ failed"; }
has node && { install_node || broken[node]="npm ci failed"; }

# --- one server, every example -------------------------------------------------------------------

. scripts/server-lib.sh
start_server storage-conf.xml
trap 'stop_server >/dev/null 2>&1 || true' EXIT
say "server on 127.0.0.1:$SERVER_PORT"

# The runs of a language: "API LABEL COMMAND..." (API is 06 or 19; the example gets
# --port and, when LABEL starts with framed, --framed).
variants() {
    local g f
    case $1 in
    python)
        for g in 06 19; do for f in unframed framed; do
            echo "$g $f $PYTHON clients/python/examples/bloggyappy$([ $g = 19 ] && echo 19).py"
        done; done ;;
    java)
        for g in 06 19; do for f in unframed framed; do
            echo "$g $f java -cp $BUILD/java/$g:$JAVA_CP bloggyappy.BloggyAppy$g"
        done; done
        echo "19 framed,non-strict java -cp $BUILD/java/19:$JAVA_CP bloggyappy.BloggyAppy19 --non-strict" ;;
    php)
        for g in 06 19; do for f in unframed framed; do
            echo "$g $f php ${PHP_EXT[*]} clients/php/examples/bloggyappy$g.php"
        done; done
        echo "06 unframed,pure-php php clients/php/examples/bloggyappy06.php"
        echo "19 framed,pure-php php clients/php/examples/bloggyappy19.php"
        echo "06 unframed,non-strict php ${PHP_EXT[*]} clients/php/examples/bloggyappy06.php --non-strict" ;;
    ruby)
        for g in 06 19; do for f in unframed framed; do
            echo "$g $f ruby clients/ruby/examples/bloggyappy$g.rb"
        done; done ;;
    perl) for f in unframed framed; do echo "19 $f perl clients/perl/examples/bloggyappy19.pl"; done ;;
    cpp) for f in unframed framed; do echo "19 $f $BUILD/cpp/bloggyappy19"; done ;;
    node) for f in unframed framed; do echo "19 $f node clients/node/bloggyappy19.js"; done ;;
    esac
}

# Runs one variant; prints its time; returns non-zero with the reason in $why (the exit status
# and the first line the example wrote to stderr; its output is shown below the line).
run_variant() {
    local gen=$1 label=$2 out err status=0 start ms want first
    shift 2
    local args=(--port "$SERVER_PORT")
    case $label in framed*) args+=(--framed) ;; esac
    out=$(mktemp)
    err=$(mktemp)
    start=$(date +%s%N)
    timeout 120 "$@" "${args[@]}" >"$out" 2>"$err" || status=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    if [ "$gen" = 06 ]; then want='server speaks API 2\.2\.0'; else want='server speaks API 19\.'; fi
    first=$(grep -m1 -v '^[[:space:]]*$' "$err" | cut -c1-120 || true)
    first=${first%:}
    why=
    if [ $status -ne 0 ]; then
        why="API $gen $label: exit $status$([ $status -eq 124 ] && echo ', timed out')${first:+, $first}"
    elif [ "$(tail -n 1 "$out")" != "OK: every read returned what was written" ]; then
        why="API $gen $label: no OK line"
    elif ! grep -q "^$want" "$out"; then
        why="API $gen $label: $(grep -m1 '^server speaks API' "$out" || echo 'no API version line'), want ${want//\\/}"
    fi
    printf '  %-3s %-20s %5d ms  %s\n' "$gen" "$label" "$ms" "$([ -z "$why" ] && echo ok || echo FAILED)"
    if [ -n "$why" ]; then
        tail -n 15 "$out" | sed 's/^/    | /'
        head -n 25 "$err" | sed 's/^/    ! /'
    fi
    rm -f "$out" "$err"
    [ -z "$why" ]
}

declare -A result=()
passed=0
failed=0
for lang in "${langs[@]}"; do
    say "$lang"
    reasons=()
    if [ -n "${broken[$lang]:-}" ]; then
        reasons+=("${broken[$lang]}")
    else
        lang_start=$(date +%s%N)
        while read -r gen label cmd; do
            # shellcheck disable=SC2086 # the command is words by construction
            run_variant "$gen" "$label" $cmd || reasons+=("$why")
        done < <(variants "$lang")
        say "$lang: $((($(date +%s%N) - lang_start) / 1000000)) ms in all"
    fi
    if [ ${#reasons[@]} -eq 0 ]; then
        result[$lang]=ok
        passed=$((passed + 1))
    else
        result[$lang]="FAIL ($(IFS=';'; echo "${reasons[*]}" | sed 's/;/; /g'))"
        failed=$((failed + 1))
    fi
done

trap - EXIT
server_ok=1
stop_server || { server_ok=0; failed=$((failed + 1)); }

echo
for lang in "${langs[@]}"; do echo "$lang: ${result[$lang]}"; done
[ $server_ok -eq 1 ] || echo "server: FAIL (it did not exit cleanly on SIGTERM)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
