#!/usr/bin/env bash
# The one place the test command installs system packages (Debian's, through
# apt-get). Everything else it needs goes inside the repository: Python
# packages into .venv/, the old clients' packages into clients/.
#
# usage: scripts/system-packages.sh [GROUP...]      (default: every group)
#
# Each group checks what its tests need and collects the packages that are
# missing; they are then installed with one apt-get run (root needed; a
# non-root user is told the command to run). Nothing is installed when
# nothing is missing, so running it again costs a few checks.
#
# To add a test that needs a system package, add a `need_...` line to its
# group below (or a new group, listed in GROUPS_ALL and the case below).
set -euo pipefail

GROUPS_ALL=(python jdk node old-clients clients java-unit maven browser)

missing=()
need_command() { command -v "$1" >/dev/null 2>&1 || missing+=("${@:2}"); }
need_file() { [ -e "$1" ] || missing+=("${@:2}"); }

# Python 3 with venv: every Python step runs in the virtual environment the
# scripts create (Debian ships venv/ensurepip separately, as python3-venv).
group_python() {
    need_command python3 python3
    python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
}

# tests/schema/collation_jdk.rs compares CollatingOrderPreservingPartitioner's order
# with java.text.Collator, compiled and run through a JDK.
group_jdk() {
    need_command javac openjdk-17-jdk-headless
    need_command java openjdk-17-jdk-headless
}

# Node.js and npm: the npm clients and the Node testing helper (scripts/run-testing-helper.sh).
group_node() {
    need_command node nodejs
    need_command npm npm
}

# scripts/old-clients.sh: pycassa under Debian's jython (which brings a Java
# runtime), bouncycastle for jython's ssl module, Node.js and npm for the npm
# clients; unshare and ip for scripts/pycassa-suite.sh, which runs pycassa's suite in a
# network namespace of its own.
group_old_clients() {
    need_command unshare util-linux
    need_command ip iproute2
    need_file /usr/share/java/jython.jar jython
    need_file /usr/share/java/bcprov.jar libbcprov-java
    need_file /usr/share/java/bcpkix.jar libbcpkix-java
    need_file /usr/share/java/bcutil.jar libbcutil-java
    need_command java default-jre-headless
    group_node
}

# scripts/run-clients.sh: the Thrift runtimes of the generated clients in clients/<language>/
# and what builds or runs them. Two Debian packages miss a dependency their runtime needs:
# libthrift-perl (Bit::Vector, Class::Accessor) and libthrift-dev (Boost headers).
group_clients() {
    need_command javac openjdk-17-jdk-headless
    need_file /usr/share/java/thrift.jar libthrift-java
    need_file /usr/share/java/slf4j-nop.jar libslf4j-java
    need_command php php-cli
    need_file /usr/lib/php/Transport/TSocket.php php-thrift
    need_command ruby ruby
    ruby -e 'require "thrift"' 2>/dev/null || missing+=(ruby-thrift)
    need_file /usr/share/perl5/Thrift.pm libthrift-perl
    perl -MBit::Vector -e1 2>/dev/null || missing+=(libbit-vector-perl)
    perl -MClass::Accessor -e1 2>/dev/null || missing+=(libclass-accessor-perl)
    need_command g++ g++
    need_file /usr/include/thrift/Thrift.h libthrift-dev
    need_file /usr/include/boost/numeric/conversion/cast.hpp libboost-dev
    group_node
}

# scripts/run-java-unit.sh: supercolumn-unit (clients/java/unit), compiled with javac, and its
# example's tests: JUnit 4 and 5 (junit5 brings the console launcher and the params API), the
# Java Thrift runtime, and the jar's own library: Jackson's core (the admin surface's JSON).
group_java_unit() {
    need_command javac openjdk-17-jdk-headless
    need_command jar openjdk-17-jdk-headless
    need_file /usr/share/java/junit4.jar junit4
    need_file /usr/share/java/hamcrest-core.jar libhamcrest-java
    need_file /usr/share/java/junit-platform-console-standalone.jar junit5
    need_file /usr/share/java/thrift.jar libthrift-java
    need_file /usr/share/java/slf4j-nop.jar libslf4j-java
    need_file /usr/share/java/jackson-core.jar libjackson2-core-java
}

# scripts/run-maven-unit.sh: a fresh Maven project that builds offline against Debian's Maven
# repository (/usr/share/maven-repo) plus dist/maven. Maven itself, and the plugins `mvn test`
# runs, each a package of its own: resources, compiler, surefire (with its JUnit 4 provider);
# the install plugin for `mvn install:install-file`, the other way docs/testing-kit.md gives to
# install the jar. The artifacts the project names: JUnit 4, libthrift, jackson-core.
group_maven() {
    need_command javac openjdk-17-jdk-headless
    need_command mvn maven
    local repo=/usr/share/maven-repo/org/apache/maven/plugins
    need_file $repo/maven-resources-plugin libmaven-resources-plugin-java
    need_file $repo/maven-compiler-plugin libmaven-compiler-plugin-java
    need_file $repo/maven-surefire-plugin libsurefire-java
    need_file $repo/maven-install-plugin libmaven-install-plugin-java
    need_file /usr/share/maven-repo/junit/junit/4.13.2 junit4
    need_file /usr/share/maven-repo/org/apache/thrift/libthrift/0.16.0 libthrift-java
    need_file /usr/share/maven-repo/com/fasterxml/jackson/core/jackson-core/2.14.1 libjackson2-core-java
}

# scripts/run-explorer-browser.sh: the explorer page in Debian's headless chromium, driven
# through chromium-driver (selenium comes from clients/python/requirements.txt).
group_browser() {
    need_command chromium chromium
    need_command chromedriver chromium-driver
}

groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=("${GROUPS_ALL[@]}")
for g in "${groups[@]}"; do
    case $g in
    python) group_python ;;
    jdk) group_jdk ;;
    node) group_node ;;
    old-clients) group_old_clients ;;
    clients) group_clients ;;
    java-unit) group_java_unit ;;
    maven) group_maven ;;
    browser) group_browser ;;
    *) echo "system-packages: unknown group '$g' (${GROUPS_ALL[*]})" >&2; exit 2 ;;
    esac
done

[ ${#missing[@]} -gt 0 ] || exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "system-packages: missing Debian packages: ${missing[*]}" >&2
    echo "  install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
fi
echo "system-packages: installing Debian packages: ${missing[*]} (apt-get; a minute or two)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$log" 2>&1; then
    tail -30 "$log" >&2
    echo "system-packages: apt-get failed" >&2
    exit 1
fi
echo "system-packages: installed"
