#!/usr/bin/env bash
# PyPI cqlsh against supercolumn's native protocol: connect, DESCRIBE, SELECT, TRACING, COPY TO.
# Usage: cqlsh_flow.sh CQLSH HOST PORT (the python flow has made keyspace py first).
set -euo pipefail
cqlsh=$1 host=$2 port=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
q() { "$cqlsh" "$host" "$port" --no-color -e "$1"; }
fail() { echo "FAIL: $1"; cat "$2"; exit 1; }
q "SHOW VERSION" >"$out/version"
grep -q "Native protocol v4" "$out/version" || fail "SHOW VERSION" "$out/version"
echo "ok: connected: $(grep "Native protocol" "$out/version")"
# cqlsh 6.2.2 has no client-side DESCRIBE: it sends the statement and prints the server's
# rows when release_version starts with 4+; supercolumn claims 4.0.0 on v4 (docs/compatibility.md, "Native
# protocol") and answers DESCRIBE as 4.0 does.
q "DESCRIBE KEYSPACES" >"$out/keyspaces" 2>&1
for ks in py Keyspace1 BloggyAppy system system_schema; do
    grep -qw "$ks" "$out/keyspaces" || fail "DESCRIBE KEYSPACES: no $ks" "$out/keyspaces"
done
echo "ok: DESCRIBE KEYSPACES ($(wc -w <"$out/keyspaces") keyspaces)"
q "DESCRIBE TABLE py.wide" >"$out/wide" 2>&1
grep -q "^CREATE TABLE py.wide ($" "$out/wide" && grep -q "PRIMARY KEY (p, c)" "$out/wide" &&
    grep -q "CLUSTERING ORDER BY (c ASC)" "$out/wide" || fail "DESCRIBE TABLE py.wide" "$out/wide"
echo "ok: DESCRIBE TABLE of a CQL3 table"
# A storage-conf.xml column family: the dense compact table 3.x made of it.
q 'DESCRIBE TABLE "Keyspace1"."Standard1"' >"$out/std" 2>&1
grep -q '^CREATE TABLE "Keyspace1"."Standard1" ($' "$out/std" && grep -q "column1 blob," "$out/std" &&
    grep -q "WITH COMPACT STORAGE" "$out/std" || fail "DESCRIBE TABLE Keyspace1.Standard1" "$out/std"
echo "ok: DESCRIBE TABLE of a Thrift column family"
q 'USE "Keyspace1"; DESCRIBE TABLES' >"$out/tables" 2>&1
grep -qw Super1 "$out/tables" && grep -qw Standard1 "$out/tables" || fail "DESCRIBE TABLES" "$out/tables"
echo "ok: DESCRIBE TABLES"
q 'DESCRIBE TABLE py.nope' >"$out/nope" 2>&1 || true
grep -q "'nope' not found in keyspace 'py'" "$out/nope" || fail "DESCRIBE of a missing table" "$out/nope"
echo "ok: DESCRIBE of a missing table is refused"
q "SELECT v FROM py.wide WHERE p = 1" >"$out/select"
grep -q "(3 rows)" "$out/select" || fail SELECT "$out/select"
echo "ok: SELECT"
# TRACING ON: cqlsh sends the native tracing flag and reads the session from system_traces. A
# SELECT over tombstones: the first row's value deleted, the third row deleted whole.
q "CREATE TABLE py.traced (p int, c int, v int, PRIMARY KEY (p, c));
   INSERT INTO py.traced (p, c, v) VALUES (1, 1, 1); INSERT INTO py.traced (p, c, v) VALUES (1, 2, 2);
   INSERT INTO py.traced (p, c, v) VALUES (1, 3, 3); DELETE v FROM py.traced WHERE p = 1 AND c = 1;
   DELETE FROM py.traced WHERE p = 1 AND c = 3;" >"$out/traced" 2>&1 || fail "tombstones" "$out/traced"
q "TRACING ON; SELECT v FROM py.traced WHERE p = 1;" >"$out/trace" 2>&1
for step in "Tracing session: " "Execute CQL3 query" "Executing single-partition query on traced" \
    "Read 3 live and 3 tombstoned cells" "Request complete"; do
    grep -q "$step" "$out/trace" || fail "TRACING ON: no \"$step\"" "$out/trace"
done
echo "ok: TRACING ON ($(grep -c '127.0.0.1' "$out/trace") trace lines, the tombstones counted)"
# A traced write: the commit log and memtable it went to.
q "TRACING ON; INSERT INTO py.traced (p, c, v) VALUES (2, 1, 1);" >"$out/wtrace" 2>&1
for step in "Parsing INSERT INTO py.traced" "Appending to commitlog" "Adding to traced memtable" \
    "Request complete"; do
    grep -q "$step" "$out/wtrace" || fail "TRACING ON, INSERT: no \"$step\"" "$out/wtrace"
done
echo "ok: TRACING ON over an INSERT"
q "COPY py.wide (p, c, v) TO '$out/wide.csv'" >"$out/copy" 2>&1
[ -f "$out/wide.csv" ] && [ "$(wc -l <"$out/wide.csv")" -ge 10000 ] || fail "COPY TO" "$out/copy"
echo "ok: COPY TO ($(wc -l <"$out/wide.csv") rows)"
echo "OK: $("$cqlsh" --version)"
