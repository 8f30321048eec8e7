#!/bin/bash
# Regenerates v1/: a data directory in the layout before named files
# (data/data/cf<id>-<generation>-<Component>.db, data/markers, data/schema.json),
# written by a supercolumn binary of that era (e.g. commit dc32cf5) given as
# OLD_BIN. Phase 1 writes and stops cleanly (everything flushed to SSTables);
# phase 2 writes, truncates Keyspace1.Standard2 and is killed, so the commit
# log holds records on both sides of the truncation and a counter increment.
# tests/storage/storage_layout.rs reads the result back through the new layout.
set -euo pipefail
cd "$(dirname "$0")"
: "${OLD_BIN:?set OLD_BIN to a supercolumn binary that writes the old layout}"
PORT=${PORT:-19361}
rm -rf v1
SERVER=
start() { "$OLD_BIN" serve --config conf.xml --data-dir v1 --listen 127.0.0.1:$PORT >/dev/null 2>&1 & SERVER=$!; sleep 1.5; }
cli() { "$OLD_BIN" cli --port $PORT -k Keyspace1 -e "$1"; }
cql() { "$OLD_BIN" cqlsh --port $PORT -e "$1"; }
start
cql "CREATE KEYSPACE dyn WITH replication = {'class':'SimpleStrategy','replication_factor':1};
     CREATE TABLE dyn.users (id text PRIMARY KEY, email text, age int);
     INSERT INTO dyn.users (id, email, age) VALUES ('alice', 'alice@example.com', 30);
     INSERT INTO dyn.users (id, email, age) VALUES ('bob', 'bob@example.com', 40);
     CREATE TABLE dyn.hits (page text PRIMARY KEY, n counter);
     UPDATE dyn.hits SET n = n + 5 WHERE page = 'home';"
cli "set Standard1[utf8('k1')][utf8('c1')] = utf8('v1'); set Standard1[utf8('k2')][utf8('c1')] = utf8('v2');
     set Standard2[utf8('row1')]['name'] = utf8('one');
     set Super1[utf8('s1')]['sc1']['sub1'] = utf8('x'); set Super1[utf8('s1')]['sc2']['sub2'] = utf8('y');"
kill -TERM $SERVER; wait $SERVER || true
start
cli "set Standard1[utf8('k3')][utf8('c1')] = utf8('v3'); set Standard2[utf8('row0b')]['name'] = utf8('before truncate');"
cql "TRUNCATE \"Keyspace1\".\"Standard2\";"
cli "set Standard2[utf8('row2')]['name'] = utf8('two'); set Super1[utf8('s2')]['sc1']['sub1'] = utf8('z');"
cql "UPDATE dyn.hits SET n = n + 2 WHERE page = 'home';
     INSERT INTO dyn.users (id, email, age) VALUES ('carol', 'carol@example.com', 50);"
kill -KILL $SERVER; wait $SERVER || true
find v1 -type f | sort
