"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19.

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * an OpsCenter-style monitoring agent: its keyspace of LongType rollup rows with TTLs, its
    events in CompositeType rows, the ring and split calls, its compaction settings updated
  * a client negotiating CQL versions (`set_cql_version` of every shape), CQL 2 where it was
    gone, GZIP-compressed CQL 3 as cassandra-dbapi2 could send it
  * phpcassa 1.1 on a CompositeType(LongType, UTF8Type) family: inclusive and exclusive
    composite slices by end-of-component bytes, counts, slice deletions
  * a bank ledger on 2.0's conditional batches, static columns, IF EXISTS, conditions on
    collection elements, comparisons and IN conditions
  * a chat app's CQL 3 tables (clustering DESC) read and truncated by a Thrift ops tool
  * 2.1's frozen user types and tuples in primary keys, type evolution and its refusals
  * 2.2's user functions and aggregates on the stock yaml (disabled), and native functions
  * 2.2's JSON of collections, user types and tuples
  * Hector 0.7 and pycassa 1.0-era clients (older IDLs: deprecated CfDef fields, KsDef's
    replication_factor), and a client of 2.2's IDL on the older releases
  * counters through CQL 3 and Thrift's add on the same table, and their refusals
  * table options of a time series (compaction, compression, caching, bloom filters) in CQL
    and in Thrift updates as Astyanax set them
  * an index's life in CQL (named, qualified drops, IF [NOT] EXISTS, 2.1's KEYS() and
    CONTAINS), read through get_indexed_slices
  * a newcomer's CQL 3 mistakes, prepared collection binds in the Thrift-era encoding,
    connect-time schema table reads for its own keyspace, TTLs and timestamps seen by Thrift
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys
import zlib

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (scenario, v19, b, cf_def, ks_def, column_def, column, cparent, cpath, pred,  # noqa: E402
                 key_range, mutation, deletion, ins, counter_column, cosc, index_expr,
                 index_clause, long_, EQ, GT, KEYS_INDEX, ONE, QUORUM)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (coll, comp, exe, i32b, i64b, ks_cql, prep, splits_ex)  # noqa: E402
from kit import cql3 as cql  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V20 = VER >= (2, 0)
V21 = VER >= (2, 1)
V22 = VER >= (2, 2)
MIN_TOKEN = kit.MIN_TOKEN


def cql_gzip(q, cl=ONE):
    return D.raw("execute_cql3_query", {1: b(zlib.compress(q.encode())), 2: W.i32(1),
                                        3: W.i32(cl)})


# ---------------------------------------------------------------- OpsCenter-style agent
@scenario("u_opscenter_agent", "19", "monitoring", keyspace_reset="u_OpsCenter")
def opscenter_agent():
    """A monitoring agent's own keyspace made by Thrift: rollup families of LongType names
    (timestamps) and DoubleType-ish values written with TTLs by batch_mutate, an events
    family of CompositeType(LongType, UTF8Type), settings rows; newest-first reads, multigets,
    range scans, the ring and split calls it polled, then a compaction update as it tuned
    the rollups (leveled, its sstable size) and a gc_grace change."""
    ks = "u_OpsCenter"
    roll = cf_def(ks, "rollups60", comparator="LongType", key_validation="UTF8Type",
                  default_validation="BytesType", gc_grace=0,
                  extra={17: W.i32(4), 18: W.i32(32), 8: b("{\"info\": \"OpsCenter rollups\"}")})
    events = cf_def(ks, "events", comparator="CompositeType(LongType,UTF8Type)",
                    key_validation="UTF8Type", default_validation="UTF8Type")
    settings = cf_def(ks, "settings", comparator="UTF8Type", key_validation="UTF8Type",
                      default_validation="UTF8Type")
    m = {}
    for node in ("127.0.0.1", "127.0.0.2"):
        for i in range(4):
            m.setdefault(node + "-heap", {}).setdefault("rollups60", []).append(
                ins(long_(1380000000 + 60 * i), _st.pack(">d", 100.5 + i), 10 + i, ttl=604800))
    return [
        v19.describe_cluster_name(), v19.describe_partitioner(), v19.describe_snitch(),
        v19.system_add_keyspace(ks_def(ks, [roll, events, settings])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.get_slice(b"127.0.0.1-heap", cparent("rollups60"),
                      pred(start="", finish="", reversed=True, count=2)),
        v19.get_slice(b"127.0.0.1-heap", cparent("rollups60"),
                      pred(start=long_(1380000060), finish=long_(1380000120), count=10)),
        v19.multiget_slice([b"127.0.0.1-heap", b"127.0.0.2-heap", b"127.0.0.3-heap"],
                           cparent("rollups60"), pred(start="", count=1, reversed=True)),
        v19.multiget_count([b"127.0.0.1-heap", b"127.0.0.2-heap"], cparent("rollups60"),
                           pred(start=long_(1380000060), count=100)),
        v19.batch_mutate({"cluster": {"events": [
            ins(comp(long_(1380000000), "node-up"), "127.0.0.1", 20),
            ins(comp(long_(1380000030), "compaction"), "ks.cf", 21),
            ins(comp(long_(1380000090), "node-down"), "127.0.0.2", 22, ttl=3600)]}}),
        v19.get_slice(b"cluster", cparent("events"),
                      pred(start=comp(long_(1380000030)), finish=comp(long_(1380000090), eoc=1),
                           count=10)),
        v19.get_slice(b"cluster", cparent("events"),
                      pred(start=comp(long_(1380000030), eoc=1), finish="", count=10)),
        v19.insert(b"agent", cparent("settings"), column("poll_interval", "60", 30)),
        v19.insert(b"agent", cparent("settings"), column("version", "3.2.2", 30)),
        v19.get_range_slices(cparent("settings"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("rollups60"), pred(start="", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.describe_ring(ks),
        v19.describe_token_map(),
        splits_ex("rollups60", MIN_TOKEN, MIN_TOKEN, 128),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(
            ks, "rollups60", comparator="LongType", key_validation="UTF8Type",
            default_validation="BytesType", gc_grace=0,
            extra={29: b("LeveledCompactionStrategy"),
                   30: W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("160"))])})),
        v19.system_update_column_family(cf_def(
            ks, "settings", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type", gc_grace=3600)),
        v19.describe_keyspace(ks),
        v19.remove(b"127.0.0.2-heap", cpath("rollups60"), 40),
        v19.get_count(b"127.0.0.2-heap", cparent("rollups60"), pred(start="", count=100)),
        v19.truncate("events"),
        v19.get_slice(b"cluster", cparent("events"), pred(start="", count=10)),
    ]


# ---------------------------------------------------------------- CQL version negotiation
@scenario("u_cql_versions", "19", "cql3", keyspace_reset="u_vers")
def cql_versions():
    """Drivers negotiating CQL: set_cql_version with 3.0.0, the release's own, a later one,
    2.0.0 and nonsense; CQL 2 through execute_cql_query after each; Hector's CqlQuery after
    useCql3; a GZIP-compressed CQL 3 query as cassandra-dbapi2 could send; a compression
    value no IDL had."""
    ks = "u_vers"
    return [
        v19.set_cql_version("3.0.0"),
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE kv (k text PRIMARY KEY, v text)"),
        v19.execute_cql_query("SELECT * FROM kv"),
        v19.set_cql_version("2.0.0"),
        v19.execute_cql_query("SELECT * FROM kv WHERE KEY = 'a'"),
        cql("INSERT INTO kv (k, v) VALUES ('a', 'one') USING TIMESTAMP 10"),
        v19.set_cql_version("3.1.0"),
        v19.set_cql_version("3.3.1"),
        v19.set_cql_version("4.0.0"),
        v19.set_cql_version("1.0.0"),
        v19.set_cql_version("three"),
        v19.set_cql_version("3"),
        v19.set_cql_version("3.0.0-beta1"),
        cql("SELECT k, v FROM kv"),
        cql_gzip("SELECT k, v, writetime(v) FROM kv WHERE k = 'a'"),
        cql_gzip("INSERT INTO kv (k, v) VALUES ('b', 'two') USING TIMESTAMP 11"),
        cql("SELECT k, v FROM kv WHERE k IN ('a', 'b')"),
        D.raw("execute_cql3_query", {1: b("SELECT k FROM kv"), 2: W.i32(1), 3: W.i32(ONE)}),
        D.raw("execute_cql3_query", {1: b("SELECT k FROM kv"), 2: W.i32(7), 3: W.i32(ONE)}),
        v19.prepare_cql3_query("SELECT v FROM kv WHERE k = ?"),
        D.raw("prepare_cql3_query", {1: b(zlib.compress(b"SELECT k FROM kv WHERE k = ?")),
                                     2: W.i32(1)}),
        exe(ks, "SELECT k FROM kv WHERE k = ?", ["b"]),
        v19.execute_cql_query("SELECT v FROM kv WHERE KEY = 'a'"),
    ]


# ---------------------------------------------------------------- phpcassa composites
@scenario("u_phpcassa_composites", "19", "composite", keyspace_reset="u_php")
def phpcassa_composites():
    """phpcassa 1.1's CompositeType support on a CompositeType(LongType, UTF8Type) family:
    inserts of composite names, slices whose ends are inclusive or exclusive by their
    end-of-component bytes (phpcassa's array(x, array(y, false))), reversed slices, counts
    of a composite range, a removal of one composite column, a batch deletion by a
    SliceRange (refused where unsupported) and by names."""
    ks = "u_php"
    cfd = cf_def(ks, "Timeline", comparator="CompositeType(LongType,UTF8Type)",
                 key_validation="UTF8Type", default_validation="UTF8Type")
    rows = []
    for day in (1, 2, 3):
        for tag in ("a", "b", "c"):
            rows.append(ins(comp(long_(day), tag), "d%d%s" % (day, tag), 10 + day))
    return [
        v19.system_add_keyspace(ks_def(ks, [cfd])), v19.set_keyspace(ks),
        v19.batch_mutate({"user1": {"Timeline": rows}}),
        # inclusive on both ends
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(1), "b"), finish=comp(long_(2), "b"), count=100)),
        # exclusive start (eoc 1 after the first component), inclusive end of day 2
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(1), eoc=1), finish=comp(long_(2), eoc=1),
                           count=100)),
        # exclusive end: eoc -1 on the finish
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(2)), finish=comp(long_(3), "b", eoc=-1), count=100)),
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(3), eoc=1), finish=comp(long_(2)), reversed=True,
                           count=4)),
        v19.get_count(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(2)), finish=comp(long_(2), eoc=1), count=100)),
        v19.multiget_count([b"user1", b"user2"], cparent("Timeline"),
                           pred(start=comp(long_(3)), finish=comp(long_(3), eoc=1))),
        v19.remove(b"user1", cpath("Timeline", col=comp(long_(1), "a")), 20),
        v19.batch_mutate({"user1": {"Timeline": [mutation(deletion_=deletion(
            21, predicate=pred(start=comp(long_(2)), finish=comp(long_(2), eoc=1))))]}}),
        v19.batch_mutate({"user1": {"Timeline": [mutation(deletion_=deletion(
            22, predicate=pred(names=[comp(long_(3), "c"), comp(long_(9), "z")])))]}}),
        v19.get_slice(b"user1", cparent("Timeline"), pred(start="", count=100)),
        # mistakes: a name with a component of the wrong width, a slice start after its finish
        v19.insert(b"user1", cparent("Timeline"), column(comp("abc", "x"), "bad", 30)),
        v19.insert(b"user1", cparent("Timeline"), column(long_(5), "bad", 30)),
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(3)), finish=comp(long_(1)), count=10)),
        v19.get_slice(b"user1", cparent("Timeline"),
                      pred(start=comp(long_(1), "b", "extra"), finish="", count=10)),
    ]


# ---------------------------------------------------------------- conditional batches
@scenario("u_cond_ledger", "19", "lwt", keyspace_reset="u_ledger")
def cond_ledger():
    """A bank ledger on 2.0's lightweight transactions: the balance a static column,
    entries clustering rows, a conditional BATCH that checks the balance and inserts an
    entry, IF EXISTS / IF NOT EXISTS, conditions on a map's entry and a list's element, IN
    and comparison conditions, and the refusals (a batch over two partitions, a counter,
    USING TIMESTAMP in a conditional statement). On 1.2 the statics and IF are refused."""
    ks = "u_ledger"
    steps = [ks_cql(ks), v19.set_keyspace(ks)]
    if not V20:
        return steps + [
            cql("CREATE TABLE acct (id text, seq int, bal int static, amount int, "
                "PRIMARY KEY (id, seq))"),
            cql("CREATE TABLE acct (id text, seq int, amount int, PRIMARY KEY (id, seq))"),
            cql("INSERT INTO acct (id, seq, amount) VALUES ('a', 1, 5) IF NOT EXISTS"),
            cql("UPDATE acct SET amount = 6 WHERE id = 'a' AND seq = 1 IF amount = 5"),
            cql("BEGIN BATCH INSERT INTO acct (id, seq, amount) VALUES ('a', 2, 5) "
                "APPLY BATCH"),
            cql("SELECT seq, amount FROM acct WHERE id = 'a'"),
        ]
    return steps + [
        cql("CREATE TABLE acct (id text, seq int, bal int static, owner text static, "
            "amount int, PRIMARY KEY (id, seq))"),
        cql("CREATE TABLE prefs (id text PRIMARY KEY, opts map<text, text>, hist list<int>, "
            "level int)"),
        cql("INSERT INTO acct (id, bal, owner) VALUES ('a', 100, 'ann') IF NOT EXISTS"),
        cql("INSERT INTO acct (id, bal, owner) VALUES ('a', 50, 'eve') IF NOT EXISTS"),
        cql("BEGIN BATCH UPDATE acct SET bal = 70 WHERE id = 'a' IF bal = 100; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 1, -30) APPLY BATCH"),
        cql("BEGIN BATCH UPDATE acct SET bal = 40 WHERE id = 'a' IF bal = 100; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 2, -60) APPLY BATCH"),
        cql("SELECT id, seq, bal, owner, amount FROM acct WHERE id = 'a'"),
        cql("SELECT DISTINCT id, bal FROM acct"),
        cql("BEGIN BATCH UPDATE acct SET bal = 1 WHERE id = 'a' IF bal = 70; "
            "UPDATE acct SET bal = 1 WHERE id = 'b' IF bal = 0 APPLY BATCH"),
        cql("BEGIN BATCH UPDATE acct SET bal = 1 WHERE id = 'a' IF bal = 70; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 3, 1) USING TIMESTAMP 5 "
            "APPLY BATCH"),
        cql("UPDATE acct SET amount = -31 WHERE id = 'a' AND seq = 1 IF EXISTS"),
        cql("UPDATE acct SET amount = 9 WHERE id = 'a' AND seq = 9 IF EXISTS"),
        cql("DELETE FROM acct WHERE id = 'a' AND seq = 9 IF EXISTS"),
        cql("UPDATE acct SET bal = 65 WHERE id = 'a' IF bal > 60 AND owner = 'ann'"),
        cql("UPDATE acct SET bal = 60 WHERE id = 'a' IF bal IN (1, 2, 65)"),
        cql("UPDATE acct SET bal = 55 WHERE id = 'a' IF owner != null"),
        cql("SELECT bal, owner FROM acct WHERE id = 'a' LIMIT 1"),
        cql("INSERT INTO prefs (id, opts, hist, level) VALUES ('p', {'lang': 'en'}, [1, 2], 1)"
            " IF NOT EXISTS"),
        cql("UPDATE prefs SET level = 2 WHERE id = 'p' IF opts['lang'] = 'en'"),
        cql("UPDATE prefs SET level = 3 WHERE id = 'p' IF opts['lang'] = 'fr'"),
        cql("UPDATE prefs SET level = 4 WHERE id = 'p' IF hist[1] = 2"),
        cql("UPDATE prefs SET level = 5 WHERE id = 'p' IF hist = [1, 2]"),
        cql("UPDATE prefs SET level = 6 WHERE id = 'p' IF opts = {'lang': 'en'} AND level = 5"),
        cql("DELETE FROM prefs WHERE id = 'p' IF level = 9"),
        cql("SELECT id, opts, hist, level FROM prefs WHERE id = 'p'"),
        # mistakes
        cql("UPDATE acct USING TIMESTAMP 9 SET bal = 1 WHERE id = 'a' IF bal = 55"),
        cql("UPDATE acct SET bal = 1 WHERE id IN ('a', 'b') IF bal = 55"),
        cql("UPDATE acct SET amount = 1 WHERE id = 'a' IF amount = 1"),
        cql("UPDATE prefs SET level = 1 WHERE id = 'p' IF nosuch = 1"),
        cql("INSERT INTO prefs (id, level) VALUES ('q', 1) IF EXISTS"),
        cql("UPDATE prefs SET level = 1 WHERE id = 'p' IF NOT EXISTS"),
    ]


# ---------------------------------------------------------------- chat app, Thrift ops tool
@scenario("u_chat_thrift_ops", "19", "migrate", keyspace_reset="u_chat")
def chat_thrift_ops():
    """A chat app's CQL 3 tables (messages clustered newest first, a COMPACT rooms table)
    read by an ops tool speaking Thrift: describe_keyspace of the reversed comparator,
    get_slice and get_count over the composite cells, a range scan, get_paged_slice,
    splits, a Thrift truncate of a CQL table, and CQL reads after each."""
    ks = "u_chat"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE messages (room text, at bigint, author text, body text, "
            "PRIMARY KEY (room, at)) WITH CLUSTERING ORDER BY (at DESC)"),
        cql("CREATE TABLE rooms (name text PRIMARY KEY, topic text) WITH COMPACT STORAGE"),
        cql("INSERT INTO messages (room, at, author, body) VALUES ('lobby', 1, 'ann', 'hi') "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO messages (room, at, author, body) VALUES ('lobby', 2, 'bob', 'yo') "
            "USING TIMESTAMP 101"),
        cql("INSERT INTO messages (room, at, author) VALUES ('lobby', 3, 'cy') "
            "USING TIMESTAMP 102"),
        cql("INSERT INTO messages (room, at, author, body) VALUES ('dev', 1, 'ann', 'ship') "
            "USING TIMESTAMP 103"),
        cql("INSERT INTO rooms (name, topic) VALUES ('lobby', 'general') USING TIMESTAMP 104"),
        cql("SELECT at, author, body FROM messages WHERE room = 'lobby' LIMIT 2"),
        cql("SELECT at, author FROM messages WHERE room = 'lobby' ORDER BY at ASC"),
        cql("SELECT at FROM messages WHERE room = 'lobby' AND at < 3 AND at >= 1"),
        v19.describe_keyspace(ks),
        v19.get_slice(b"lobby", cparent("messages"), pred(start="", count=100)),
        v19.get_slice(b"lobby", cparent("messages"), pred(start="", count=3, reversed=True)),
        v19.get_count(b"lobby", cparent("messages"), pred(start="", count=100)),
        v19.get_range_slices(cparent("messages"), pred(start="", count=2),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.get_paged_slice("messages", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=3), ""),
        v19.get_range_slices(cparent("rooms"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        splits_ex("messages", MIN_TOKEN, MIN_TOKEN, 64),
        v19.insert(b"lobby", cparent("rooms"), column("topic", "chatter", 200)),
        cql("SELECT name, topic FROM rooms"),
        v19.truncate("messages"),
        cql("SELECT room, at FROM messages"),
        v19.truncate("nosuch"),
        cql("TRUNCATE rooms"),
        v19.get_range_slices(cparent("rooms"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        cql("TRUNCATE u_chat.nosuch"),
    ]


# ---------------------------------------------------------------- 2.1 frozen keys
@scenario("u_frozen_keys", "19", "cql3", keyspace_reset="u_frozen")
def frozen_keys():
    """A 2.1 app keying rows by frozen user types and tuples: a frozen address as a
    clustering column, a tuple partition key, a frozen map column, equality reads of whole
    values, ALTER TYPE ADD and RENAME, CREATE TYPE IF NOT EXISTS, DROP TYPE of a type in use,
    the schema_usertypes row; on 1.2 and 2.0 what the same script met."""
    ks = "u_frozen"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE addr (street text, zip int)"),
        cql("CREATE TYPE IF NOT EXISTS addr (street text)"),
        cql("CREATE TABLE homes (owner text, home frozen<addr>, since int, "
            "PRIMARY KEY (owner, home))"),
        cql("CREATE TABLE cells (pos frozen<tuple<int, int>> PRIMARY KEY, tags frozen<map<text, "
            "int>>, label text)"),
        cql("INSERT INTO homes (owner, home, since) VALUES ('ann', {street: 'Elm', zip: 1}, "
            "2001) USING TIMESTAMP 10"),
        cql("INSERT INTO homes (owner, home, since) VALUES ('ann', {street: 'Oak', zip: 2}, "
            "2005) USING TIMESTAMP 10"),
        cql("SELECT home, since FROM homes WHERE owner = 'ann'"),
        cql("SELECT since FROM homes WHERE owner = 'ann' AND home = {street: 'Oak', zip: 2}"),
        cql("SELECT home.street FROM homes WHERE owner = 'ann'"),
        cql("INSERT INTO cells (pos, tags, label) VALUES ((1, 2), {'x': 1}, 'a') "
            "USING TIMESTAMP 10"),
        cql("SELECT pos, tags, label FROM cells WHERE pos = (1, 2)"),
        cql("UPDATE cells USING TIMESTAMP 11 SET tags['y'] = 2 WHERE pos = (1, 2)"),
        cql("UPDATE cells USING TIMESTAMP 11 SET tags = {'y': 2} WHERE pos = (1, 2)"),
        cql("SELECT tags FROM cells WHERE pos = (1, 2)"),
        cql("ALTER TYPE addr ADD city text"),
        cql("ALTER TYPE addr RENAME zip TO postcode"),
        cql("SELECT home FROM homes WHERE owner = 'ann'"),
        cql("ALTER TYPE addr ALTER street TYPE blob"),
        cql("ALTER TYPE addr RENAME nosuch TO other"),
        cql("DROP TYPE addr"),
        cql("DROP TYPE IF EXISTS nosuch"),
        cql("CREATE TABLE bad1 (k text PRIMARY KEY, a addr)"),
        cql("CREATE TABLE bad2 (k frozen<list<int>>, c int, PRIMARY KEY (k, c))"),
        cql("SELECT type_name, field_names, field_types FROM system.schema_usertypes "
            "WHERE keyspace_name = 'u_frozen'"),
        cql("SELECT home FROM homes WHERE owner = 'ann' AND home.street = 'Elm'"),
    ]


# ---------------------------------------------------------------- 2.2 user functions
@scenario("u_udf_stock", "19", "cql3", keyspace_reset="u_udf")
def udf_stock():
    """An analytics script written for 2.2's functions, run on a stock yaml (user-defined
    functions disabled): CREATE FUNCTION in Java and JavaScript, OR REPLACE, IF NOT EXISTS,
    drops of functions that do not exist, an aggregate over them, the schema_functions
    table, native functions and aggregates it fell back to."""
    ks = "u_udf"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE scores (player text, game int, pts int, PRIMARY KEY (player, game))"),
        cql("INSERT INTO scores (player, game, pts) VALUES ('ann', 1, 10) USING TIMESTAMP 5"),
        cql("INSERT INTO scores (player, game, pts) VALUES ('ann', 2, 30) USING TIMESTAMP 5"),
        cql("CREATE FUNCTION dbl (x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java "
            "AS 'return x * 2;'"),
        cql("CREATE OR REPLACE FUNCTION u_udf.dbl (x int) RETURNS NULL ON NULL INPUT "
            "RETURNS int LANGUAGE javascript AS 'x * 2'"),
        cql("CREATE FUNCTION IF NOT EXISTS plus (a int, b int) CALLED ON NULL INPUT "
            "RETURNS int LANGUAGE java AS 'return a + b;'"),
        cql("CREATE AGGREGATE total (int) SFUNC plus STYPE int INITCOND 0"),
        cql("DROP FUNCTION dbl"),
        cql("DROP FUNCTION IF EXISTS dbl"),
        cql("DROP FUNCTION u_udf.plus (int, int)"),
        cql("DROP AGGREGATE total"),
        cql("DROP AGGREGATE IF EXISTS total"),
        cql("SELECT dbl(pts) FROM scores WHERE player = 'ann'"),
        cql("SELECT function_name FROM system.schema_functions WHERE keyspace_name = 'u_udf'"),
        cql("SELECT aggregate_name FROM system.schema_aggregates "
            "WHERE keyspace_name = 'u_udf'"),
        cql("SELECT sum(pts), max(pts), min(game), count(pts) FROM scores "
            "WHERE player = 'ann'"),
        cql("SELECT avg(pts) FROM scores WHERE player = 'ann' AND game > 1"),
        cql("SELECT system.max(pts) FROM scores WHERE player = 'ann'"),
        cql("SELECT sum(player) FROM scores"),
        cql("SELECT game, sum(pts) FROM scores WHERE player = 'ann'"),
        cql("SELECT blobAsInt(intAsBlob(pts)) FROM scores WHERE player = 'ann'"),
    ]


# ---------------------------------------------------------------- 2.2 JSON nested
@scenario("u_json_nested", "19", "cql3", keyspace_reset="u_json")
def json_nested():
    """A REST gateway on 2.2's JSON: INSERT JSON of collections, a user type and a tuple,
    SELECT JSON of them, toJson of single columns, fromJson in an UPDATE, bad JSON texts it
    passed on from callers (a list where a map is, a string for an int, a user type field
    that is none)."""
    ks = "u_json"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE phone (kind text, num text)"),
        cql("CREATE TABLE contacts (id int PRIMARY KEY, name text, tags set<text>, "
            "attrs map<text, int>, phones list<frozen<phone>>, loc frozen<tuple<double, double>>)"),
        cql("INSERT INTO contacts JSON '{\"id\": 1, \"name\": \"Ann\", \"tags\": [\"b\", \"a\"], "
            "\"attrs\": {\"age\": 30}, \"phones\": [{\"kind\": \"home\", \"num\": \"555\"}], "
            "\"loc\": [1.5, -2.25]}' USING TIMESTAMP 10"),
        cql("INSERT INTO contacts JSON '{\"id\": 2, \"name\": null}' USING TIMESTAMP 10"),
        cql("SELECT JSON id, name, tags, attrs, phones FROM contacts WHERE id = 1"),
        cql("SELECT id, toJson(tags), toJson(phones) FROM contacts WHERE id = 1"),
        cql("SELECT JSON name AS \"fullName\", attrs FROM contacts WHERE id = 1"),
        cql("UPDATE contacts USING TIMESTAMP 11 SET attrs = fromJson('{\"age\": 31, "
            "\"kids\": 2}') WHERE id = 1"),
        cql("SELECT attrs FROM contacts WHERE id = 1"),
        cql("INSERT INTO contacts JSON '{\"id\": 3, \"attrs\": [1, 2]}'"),
        cql("INSERT INTO contacts JSON '{\"id\": \"x\"}'"),
        cql("INSERT INTO contacts JSON '{\"id\": 4, \"phones\": [{\"kind\": \"w\", "
            "\"fax\": \"1\"}]}'"),
        cql("INSERT INTO contacts JSON '{\"id\": 5, \"loc\": [1.0]}'"),
        cql("INSERT INTO contacts JSON '{\"id\": 6, \"tags\": \"a\"}'"),
        cql("SELECT JSON id FROM contacts WHERE id IN (1, 2, 3)"),
        # last: the tuple's JSON (2.2 failed it on the server, closing the connection)
        cql("SELECT JSON * FROM contacts WHERE id = 2"),
        v19.set_keyspace(ks),
        cql("SELECT JSON id, loc FROM contacts WHERE id = 1"),
    ]


# ---------------------------------------------------------------- a Hector 0.7-built client
@scenario("u_old_idl_hector07", "19", "upgrade", keyspace_reset="u_hector07")
def old_idl_hector07():
    """A Hector 0.7 app never rebuilt: KsDef with its required replication_factor and no
    strategy options (then with them), CfDefs carrying 0.7's cache sizes, memtable and
    save-period fields; describe_splits (the 0.7 call), key-range scans, a column family
    update that still sets the cache sizes, describe_keyspace of what the release kept."""
    ks = "u_hector07"
    old = {9: W.double(0.0), 11: W.double(200000.0), 19: W.i32(0), 20: W.i32(14400),
           21: W.i32(1440), 22: W.i32(64), 23: W.double(0.3), 12: W.double(1.0)}
    users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type", extra=dict(old))
    no_opts = W.struct({1: b(ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                        4: W.i32(1), 5: W.list_("struct", [users])})
    with_opts = W.struct({1: b(ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                          3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
                          4: W.i32(1), 5: W.list_("struct", [users])})
    upd = dict(old)
    upd.update({9: W.double(1000.0), 11: W.double(0.5)})
    return [
        D.raw("describe_version", {}),
        D.Step("system_add_keyspace", W.struct({1: no_opts})).mask("0"),
        D.Step("system_add_keyspace", W.struct({1: with_opts})).mask("0"),
        v19.set_keyspace(ks),
        v19.batch_mutate({"u%d" % i: {"Users": [ins("name", "user%d" % i, 10),
                                                 ins("email", "u%d@x" % i, 10)]}
                          for i in range(5)}),
        v19.describe_splits("Users", MIN_TOKEN, MIN_TOKEN, 2),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             key_range(start_key="u1", end_key="", count=3)),
        v19.system_update_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type", extra=upd)),
        v19.system_add_column_family(cf_def(ks, "Counters", comparator="UTF8Type",
                                            default_validation="CounterColumnType",
                                            extra={24: W.boolean(True), 25: W.double(0.1)})),
        v19.add(b"hits", cparent("Counters"), counter_column("home", 3)),
        v19.get(b"hits", cpath("Counters", col="home")),
        v19.system_add_column_family(cf_def(ks, "Cached", comparator="BytesType",
                                            extra={27: b("org.apache.cassandra.cache."
                                                         "SerializingCacheProvider"),
                                                   31: W.i32(100), 9: W.double(500.0)})),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- a client of 2.2's IDL
@scenario("u_later_idl22", "19", "upgrade", keyspace_reset="u_idl22")
def later_idl22():
    """A client generated from 2.2's IDL talking to each release: a CfDef with 2.0's
    default_time_to_live and speculative_retry, 2.1's cells_per_row_to_cache and index
    intervals, a trigger list; get_multi_slice reversed with a column count; describe_local_ring;
    cas with LOCAL_SERIAL; LOCAL_ONE reads; trace_next_query masked."""
    ks = "u_idl22"
    cfd = cf_def(ks, "docs", comparator="UTF8Type", key_validation="UTF8Type",
                 default_validation="UTF8Type",
                 extra={39: W.i32(0), 40: W.i32(0), 42: b("ALWAYS"),
                        43: W.list_("struct", []), 44: b("ALL"), 45: W.i32(64),
                        46: W.i32(4096)})
    return [
        v19.system_add_keyspace(ks_def(ks, [cfd])), v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"d1": {"docs": [ins(c, c.upper(), 10) for c in "abcdefg"]}}),
        D.raw("get_multi_slice", {1: W.struct({
            1: b("d1"), 2: W.struct({3: b("docs")}),
            3: W.list_("struct", [W.struct({1: b("f"), 2: b("e")}),
                                  W.struct({1: b("c"), 2: b("a")})]),
            4: W.boolean(True), 5: W.i32(3), 6: W.i32(ONE)})}),
        D.raw("get_multi_slice", {1: W.struct({
            1: b("d1"), 2: W.struct({3: b("docs")}),
            3: W.list_("struct", [W.struct({1: b("a"), 2: b("c")}),
                                  W.struct({1: b("b"), 2: b("d")})]),
            4: W.boolean(False), 5: W.i32(10), 6: W.i32(ONE)})}),
        D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                      "0/*/5"),
        D.raw("cas", {1: b("d2"), 2: b("docs"), 3: W.list_("struct", []),
                      4: W.list_("struct", [column("a", "x", 20)]), 5: W.i32(10),
                      6: W.i32(ONE)}).mask("0/2/*/3"),
        v19.get_slice(b"d1", cparent("docs"), pred(start="", count=2), cl=11),
        D.raw("trace_next_query", {}).mask("0"),
        v19.get_slice(b"d1", cparent("docs"), pred(names=["a", "g"])),
        v19.system_update_column_family(cf_def(ks, "docs", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={40: W.i32(3600), 42: b("99PERCENTILE")})),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- counters, CQL and Thrift
@scenario("u_counters_mixed", "19", "counter", keyspace_reset="u_cnt")
def counters_mixed():
    """Page-view counters in a CQL 3 table bumped by CQL (literal and prepared) and by a
    Thrift worker's add over the table's composite cell names; read by both; the mistakes
    of INSERT into a counter table, a SET of a value, a counter beside a regular column,
    a counter in a collection, a TTL on an increment, a condition on a counter."""
    ks = "u_cnt"
    q = "UPDATE views SET n = n + ? WHERE page = ? AND day = ?"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE views (page text, day int, n counter, uniq counter, "
            "PRIMARY KEY (page, day))"),
        cql("UPDATE views SET n = n + 5, uniq = uniq + 1 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET n = n - 2 WHERE page = '/' AND day = 1"),
        prep(q),
        exe(ks, q, [i64b(7), "/", i32b(2)]),
        exe(ks, q, [i32b(7), "/", i32b(2)]),
        v19.add(b"/", cparent("views"), counter_column(comp(i32b(1), "n"), 10)),
        v19.add(b"/", cparent("views"), counter_column(comp(i32b(3), "uniq"), 1)),
        cql("SELECT day, n, uniq FROM views WHERE page = '/'"),
        v19.get_count(b"/", cparent("views"), pred(start="", count=100)),
        cql("BEGIN COUNTER BATCH UPDATE views SET n = n + 1 WHERE page = '/a' AND day = 1; "
            "UPDATE views SET n = n + 1 WHERE page = '/b' AND day = 1 APPLY BATCH"),
        cql("SELECT page, day, n FROM views WHERE page IN ('/a', '/b')"),
        # mistakes
        cql("INSERT INTO views (page, day, n) VALUES ('/', 9, 1)"),
        cql("UPDATE views SET n = 3 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET n = n + 'x' WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET n = uniq + 1 WHERE page = '/' AND day = 1"),
        cql("UPDATE views USING TTL 10 SET n = n + 1 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET n = n + 1 WHERE page = '/'"),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, n counter, label text)"),
        cql("CREATE TABLE coll (k text PRIMARY KEY, ns list<counter>)"),
        cql("CREATE TABLE nokey (k counter PRIMARY KEY, n counter)"),
        v19.add(b"/", cparent("views"), counter_column(comp(i32b(4), "nosuch"), 1)),
        v19.insert(b"/", cparent("views"), column(comp(i32b(5), "n"), i64b(1), 10)),
        cql("SELECT day, n FROM views WHERE page = '/' AND day >= 2"),
    ] + ([
        cql("UPDATE views SET n = n + 1 WHERE page = '/' AND day = 1 IF n = 1"),
    ] if V20 else [])


# ---------------------------------------------------------------- table options
@scenario("u_ts_options", "19", "schema", keyspace_reset="u_tsopt")
def ts_options():
    """A time-series service tuning its tables: compaction (size tiered with thresholds;
    leveled; 2.0.11's date tiered on 2.x), compression (Snappy, Deflate, LZ4 chunk sizes,
    disabled), bloom filter chance, caching and gc grace in CQL, read back by
    describe_keyspace; then Astyanax's Thrift updates of the same options."""
    ks = "u_tsopt"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE raw (src text, at bigint, v double, PRIMARY KEY (src, at)) WITH "
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': 6, "
            "'max_threshold': 48} AND compression = {'sstable_compression': 'DeflateCompressor',"
            " 'chunk_length_kb': 128} AND bloom_filter_fp_chance = 0.05 AND gc_grace_seconds = 0"),
        cql("CREATE TABLE hourly (src text, at bigint, v double, PRIMARY KEY (src, at)) WITH "
            "compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 64} "
            "AND compression = {'sstable_compression': ''}"),
        cql("ALTER TABLE raw WITH compression = {'sstable_compression': 'SnappyCompressor'} "
            "AND comment = 'raw points'"),
        cql("ALTER TABLE hourly WITH compaction = {'class': 'SizeTieredCompactionStrategy'}"),
        cql("ALTER TABLE hourly WITH compression = {'sstable_compression': 'LZ4Compressor', "
            "'chunk_length_kb': 3}"),
        cql("ALTER TABLE hourly WITH compaction = {'class': 'NoSuchStrategy'}"),
        cql("ALTER TABLE hourly WITH compaction = {'min_threshold': 2}"),
        cql("ALTER TABLE hourly WITH bloom_filter_fp_chance = 0"),
        cql("ALTER TABLE hourly WITH gc_grace_seconds = -1"),
    ]
    if V20:
        steps += [
            cql("CREATE TABLE daily (src text, at bigint, v double, PRIMARY KEY (src, at)) WITH "
                "compaction = {'class': 'DateTieredCompactionStrategy', 'base_time_seconds': "
                "'3600', 'max_sstable_age_days': '30'} AND default_time_to_live = 86400"),
            cql("ALTER TABLE daily WITH compaction = {'class': 'DateTieredCompactionStrategy', "
                "'timestamp_resolution': 'MILLISECONDS'}"),
            cql("ALTER TABLE raw WITH memtable_flush_period_in_ms = 60000 AND "
                "speculative_retry = '95percentile'"),
        ]
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(
            ks, "hourly", comparator="LongType", key_validation="UTF8Type",
            default_validation="BytesType",
            extra={29: b("org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"),
                   30: W.map_("bin", "bin", [(b("min_threshold"), b("8"))]),
                   32: W.map_("bin", "bin", [(b("sstable_compression"),
                                              b("org.apache.cassandra.io.compress."
                                                "SnappyCompressor")),
                                             (b("chunk_length_kb"), b("64"))]),
                   33: W.double(0.02), 14: W.i32(600)})),
    ]
    return steps


# ---------------------------------------------------------------- an index's life in CQL
@scenario("u_index_life", "19", "index", keyspace_reset="u_idxlife")
def index_life():
    """A catalogue's indexes created before its data: named and unnamed, IF NOT EXISTS,
    a duplicate, a drop qualified by keyspace, IF EXISTS, 2.1's index of a map's keys and a
    set's values queried by CONTAINS KEY / CONTAINS, 3.0's ENTRIES refused; a COMPACT table's
    CQL index read by a Thrift get_indexed_slices."""
    ks = "u_idxlife"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE items (id text PRIMARY KEY, cat text, price int, tags set<text>, "
            "attrs map<text, text>)"),
        cql("CREATE TABLE legacy (id text PRIMARY KEY, color text) WITH COMPACT STORAGE"),
        cql("CREATE INDEX items_cat ON items (cat)"),
        cql("CREATE INDEX ON items (price)"),
        cql("CREATE INDEX items_cat ON items (cat)"),
        cql("CREATE INDEX IF NOT EXISTS items_cat ON items (cat)"),
        cql("CREATE INDEX legacy_color ON legacy (color)"),
        cql("CREATE INDEX ON items (tags)"),
    ] + ([cql("CREATE INDEX attr_keys ON items (KEYS(attrs))")] if V21 else []) + [
        cql("INSERT INTO items (id, cat, price, tags, attrs) VALUES ('i1', 'book', 10, "
            "{'new'}, {'lang': 'en'}) USING TIMESTAMP 10"),
        cql("INSERT INTO items (id, cat, price, tags, attrs) VALUES ('i2', 'book', 20, "
            "{'used'}, {'lang': 'fr'}) USING TIMESTAMP 10"),
        cql("INSERT INTO items (id, cat, price) VALUES ('i3', 'toy', 20) USING TIMESTAMP 10"),
        cql("INSERT INTO legacy (id, color) VALUES ('l1', 'red') USING TIMESTAMP 10"),
        cql("INSERT INTO legacy (id, color) VALUES ('l2', 'red') USING TIMESTAMP 10"),
        cql("SELECT id FROM items WHERE cat = 'book'"),
        cql("SELECT id FROM items WHERE price = 20"),
        cql("SELECT id FROM items WHERE cat = 'book' AND price = 20"),
        cql("SELECT id FROM items WHERE cat = 'book' AND price = 20 ALLOW FILTERING"),
        cql("SELECT id FROM items WHERE price > 10 ALLOW FILTERING"),
        cql("SELECT id FROM items WHERE cat = 'book' AND price > 10 ALLOW FILTERING"),
        v19.get_indexed_slices(cparent("legacy"), index_clause([index_expr("color", EQ, "red")],
                                                               count=10),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("legacy"), index_clause([index_expr("color", GT, "a")],
                                                               count=10),
                               pred(start="", count=10)),
        cql("DROP INDEX u_idxlife.items_price_idx"),
        cql("DROP INDEX items_price_idx"),
        cql("DROP INDEX IF EXISTS items_price_idx"),
        cql("SELECT id FROM items WHERE price = 20"),
    ]
    if V21:
        steps += [
            cql("SELECT id FROM items WHERE tags CONTAINS 'new'"),
            cql("SELECT id FROM items WHERE attrs CONTAINS KEY 'lang'"),
            cql("SELECT id FROM items WHERE attrs CONTAINS 'en'"),
            cql("CREATE INDEX ON items (ENTRIES(attrs))"),
            cql("CREATE INDEX ON items (FULL(tags))"),
        ]
    steps += [
        cql("SELECT index_name, index_type FROM system.schema_columns "
            "WHERE keyspace_name = 'u_idxlife' AND columnfamily_name = 'items'"),
        cql("DROP INDEX nosuch_idx"),
        cql("CREATE INDEX ON items (id)"),
    ]
    return steps


# ---------------------------------------------------------------- a newcomer's mistakes
@scenario("u_newcomer_cql3", "19", "cql3", keyspace_reset="u_newbie")
def newcomer_cql3():
    """A developer's first week of CQL 3 through a Thrift driver, with the exception each
    mistake met: missing key parts, keys in SET, duplicates, unknown columns, ORDER BY and
    restrictions the release refused, a LIMIT of 0, an empty IN, writetime of a collection,
    ttl of a key, a keyspace not chosen, type mismatches."""
    ks = "u_newbie"
    return [
        cql("SELECT * FROM posts"),
        cql("CREATE TABLE posts (a int PRIMARY KEY)"),
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE posts (blog text, id int, title text, likes int, tags list<text>, "
            "PRIMARY KEY (blog, id))"),
        cql("CREATE TABLE posts (blog text PRIMARY KEY)"),
        cql("CREATE TABLE nokey (a text, b int)"),
        cql("CREATE TABLE twokeys (a text PRIMARY KEY, b int PRIMARY KEY)"),
        cql("CREATE TABLE dup (a text PRIMARY KEY, b int, b text)"),
        cql("CREATE TABLE badkey (a text, b int, PRIMARY KEY (a, c))"),
        cql("CREATE TABLE listkey (a list<text> PRIMARY KEY, b int)"),
        cql("INSERT INTO posts (blog, id, title) VALUES ('b', 1, 'first') USING TIMESTAMP 10"),
        cql("INSERT INTO posts (blog, title) VALUES ('b', 'x')"),
        cql("INSERT INTO posts (id, title) VALUES (2, 'x')"),
        cql("INSERT INTO posts (blog, id, title, title) VALUES ('b', 2, 'x', 'y')"),
        cql("INSERT INTO posts (blog, id, nosuch) VALUES ('b', 2, 'x')"),
        cql("INSERT INTO posts (blog, id, title) VALUES ('b', 2)"),
        cql("INSERT INTO posts (blog, id, likes) VALUES ('b', 2, 'many')"),
        cql("INSERT INTO posts (blog, id, title) VALUES ('b', 'two', 'x')"),
        cql("UPDATE posts SET id = 3 WHERE blog = 'b' AND id = 1"),
        cql("UPDATE posts SET title = 'x' WHERE blog = 'b'"),
        cql("UPDATE posts SET title = 'x' WHERE id = 1"),
        cql("UPDATE posts SET likes = likes + 1 WHERE blog = 'b' AND id = 1"),
        cql("SELECT nosuch FROM posts WHERE blog = 'b'"),
        cql("SELECT * FROM posts WHERE title = 'first'"),
        cql("SELECT * FROM posts WHERE id = 1"),
        cql("SELECT * FROM posts WHERE blog = 'b' ORDER BY title"),
        cql("SELECT * FROM posts ORDER BY id DESC"),
        cql("SELECT * FROM posts WHERE blog = 'b' LIMIT 0"),
        cql("SELECT * FROM posts WHERE blog = 'b' LIMIT -1"),
        cql("SELECT id FROM posts WHERE blog IN ()"),
        cql("SELECT writetime(tags) FROM posts WHERE blog = 'b'"),
        cql("SELECT ttl(id) FROM posts WHERE blog = 'b'"),
        cql("SELECT writetime(title), title FROM posts WHERE blog = 'b' AND id = 1"),
        cql("SELECT * FROM posts WHERE blog = 'b' AND id > 'x'"),
        cql("SELECT * FROM posts WHERE blog = 'b' AND id = 1 AND id = 2"),
        cql("DELETE title FROM posts WHERE blog = 'b'"),
        cql("DELETE FROM posts WHERE id = 1"),
        cql("DROP TABLE nosuch"),
        cql("USE nosuch_ks"),
        cql("SELECT blog, id, title FROM posts"),
    ]


# ---------------------------------------------------------------- prepared collections
@scenario("u_prepared_collections", "19", "cql3", keyspace_reset="u_prepcoll")
def prepared_collections():
    """A Java app's prepared statements over collections bound in the Thrift-era encoding:
    whole lists, sets and maps, appends and merges by marker, a map entry and a list element
    by marker, removals by marker, null binds, a collection bound with a short body, IN ? on
    2.0, the mistakes of a marker as a list index on a set."""
    ks = "u_prepcoll"
    qi = "INSERT INTO p (k, l, s, m) VALUES (?, ?, ?, ?) USING TIMESTAMP 10"
    qa = "UPDATE p USING TIMESTAMP 11 SET l = l + ?, s = s + ?, m = m + ? WHERE k = ?"
    qe = "UPDATE p USING TIMESTAMP 12 SET m[?] = ?, l[?] = ? WHERE k = ?"
    qr = "UPDATE p USING TIMESTAMP 13 SET s = s - ?, l = l - ? WHERE k = ?"
    qd = "DELETE m[?] FROM p USING TIMESTAMP 14 WHERE k = ?"
    qs = "SELECT k, l, s, m FROM p WHERE k = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE p (k text PRIMARY KEY, l list<int>, s set<text>, m map<text, bigint>)"),
        prep(qi), prep(qa), prep(qe), prep(qr), prep(qd), prep(qs),
        exe(ks, qi, ["a", coll([i32b(1), i32b(2)]), coll(["x", "y"]),
                     coll([("one", i64b(1))])]),
        exe(ks, qs, ["a"]),
        exe(ks, qa, [coll([i32b(3)]), coll(["z"]), coll([("two", i64b(2))]), "a"]),
        exe(ks, qe, ["three", i64b(3), i32b(0), i32b(9), "a"]),
        exe(ks, qs, ["a"]),
        exe(ks, qr, [coll(["x"]), coll([i32b(2)]), "a"]),
        exe(ks, qd, ["one", "a"]),
        exe(ks, qs, ["a"]),
        exe(ks, qe, ["four", i64b(4), i32b(7), i32b(1), "a"]),
        exe(ks, qi, ["b", coll([]), coll([]), coll([])]),
        exe(ks, qs, ["b"]),
        exe(ks, qi, ["c", coll([i32b(1)])[:-2], coll(["x"]), coll([])]),
        exe(ks, qi, ["d", coll([b"\x00\x01"]), coll(["x"]), coll([])]),
        exe(ks, qi, ["e", i32b(1), coll(["x"]), coll([])]),
        exe(ks, qs, ["c"]),
        prep("UPDATE p SET s[?] = 'x' WHERE k = ?"),
        prep("SELECT * FROM p WHERE l = ?"),
    ]
    if V20:
        qin = "SELECT k, s FROM p WHERE k IN ?"
        steps += [prep(qin), exe(ks, qin, [coll(["a", "b", "zz"])])]
    return steps


# ---------------------------------------------------------------- connect-time schema reads
@scenario("u_schema_reads", "19", "describe", keyspace_reset="u_meta")
def schema_reads():
    """An admin UI's schema browser for one keyspace: the keyspace row, its tables' rows with
    the columns every release had, columns with their kinds, key aliases of a Thrift-made
    family, triggers (2.0), user types (2.1) and functions (2.2) where the release had the
    tables; tables it read that the release lacked."""
    ks = "u_meta"
    cf_cols = ("columnfamily_name, comparator, key_validator, default_validator, "
               "gc_grace_seconds, comment, bloom_filter_fp_chance, type")
    col_cols = "columnfamily_name, column_name, component_index, validator, index_name"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE t1 (a int, b text, c int, d map<text, int>, PRIMARY KEY ((a, b), c))"
            " WITH comment = 'two-part key'"),
        cql("CREATE TABLE t2 (k bigint PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        v19.system_add_column_family(cf_def(ks, "thrifty", comparator="UTF8Type",
                                            key_validation="LongType",
                                            default_validation="UTF8Type",
                                            column_metadata=[column_def("age", "Int32Type")])),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
            "FROM system.schema_keyspaces WHERE keyspace_name = 'u_meta'"),
        cql("SELECT %s FROM system.schema_columnfamilies WHERE keyspace_name = 'u_meta'" % cf_cols),
        cql("SELECT %s FROM system.schema_columns WHERE keyspace_name = 'u_meta' "
            "AND columnfamily_name = 't1'" % col_cols),
        cql("SELECT %s FROM system.schema_columns WHERE keyspace_name = 'u_meta' "
            "AND columnfamily_name IN ('t2', 'thrifty')" % col_cols),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'u_meta' AND columnfamily_name > 't2'"),
        cql("SELECT count(*) FROM system.schema_columns WHERE keyspace_name = 'u_meta'"),
        cql("SELECT * FROM system.schema_triggers WHERE keyspace_name = 'u_meta'"),
        cql("SELECT * FROM system.schema_usertypes WHERE keyspace_name = 'u_meta'"),
        cql("SELECT * FROM system.schema_functions WHERE keyspace_name = 'u_meta'"),
        cql("SELECT * FROM system.schema_aggregates WHERE keyspace_name = 'u_meta'"),
        cql("SELECT keyspace_name FROM system_schema.keyspaces"),
        cql("SELECT key_aliases, column_aliases, value_alias FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'u_meta' AND columnfamily_name = 't2'"),
        cql("INSERT INTO system.schema_keyspaces (keyspace_name, durable_writes) "
            "VALUES ('u_meta', false)"),
        cql("DELETE FROM system.schema_columnfamilies WHERE keyspace_name = 'u_meta'"),
    ]
    return steps


# ---------------------------------------------------------------- TTLs seen by Thrift
@scenario("u_ttl_thrift_view", "19", "ttl", keyspace_reset="u_ttlv")
def ttl_thrift_view():
    """A cache service writing with CQL 3's USING TTL and TIMESTAMP (literal, prepared with
    both markers), read back by a Thrift reader's get_slice whose Columns carry the ttl and
    timestamp; TTL 0, an update removing a TTL, the mistakes of a negative TTL, a TTL over 20
    years, a negative timestamp marker, a TTL on a DELETE."""
    ks = "u_ttlv"
    q = "INSERT INTO c (k, v) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE c (k text PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        cql("CREATE TABLE w (k text, c int, v text, PRIMARY KEY (k, c))"),
        cql("INSERT INTO c (k, v) VALUES ('a', 'x') USING TTL 3600 AND TIMESTAMP 100"),
        cql("INSERT INTO c (k, v) VALUES ('b', 'y') USING TIMESTAMP 101 AND TTL 0"),
        cql("UPDATE c USING TTL 7200 AND TIMESTAMP 102 SET v = 'z' WHERE k = 'c'"),
        prep(q),
        exe(ks, q, ["d", "w", i32b(600), i64b(103)]),
        exe(ks, q, ["e", "w", i32b(-1), i64b(103)]),
        exe(ks, q, ["f", "w", i32b(700000000), i64b(103)]),
        exe(ks, q, ["g", "w", i32b(60), i64b(-5)]),
        exe(ks, q, ["h", "w", i64b(60), i64b(103)]),
        v19.multiget_slice([b"a", b"b", b"c", b"d", b"g"], cparent("c"), pred(start="", count=10)),
        cql("UPDATE c USING TIMESTAMP 200 SET v = 'x2' WHERE k = 'a'"),
        v19.get_slice(b"a", cparent("c"), pred(start="", count=10)),
        cql("INSERT INTO w (k, c, v) VALUES ('r', 1, 'v1') USING TTL 300 AND TIMESTAMP 300"),
        v19.get_slice(b"r", cparent("w"), pred(start="", count=10)),
        cql("SELECT k, v, writetime(v) FROM c WHERE k IN ('a', 'b', 'g')"),
        cql("INSERT INTO c (k, v) VALUES ('i', 'x') USING TTL -5"),
        cql("INSERT INTO c (k, v) VALUES ('i', 'x') USING TTL 630720001"),
        cql("DELETE FROM c USING TTL 5 WHERE k = 'a'"),
        cql("INSERT INTO c (k, v) VALUES ('i', 'x') USING TTL 'soon'"),
        cql("INSERT INTO c (k, v) VALUES ('i', 'x') USING TIMESTAMP 1 AND TIMESTAMP 2"),
        v19.insert(b"t", cparent("c"), column("v", "thrift", 400, ttl=0)),
        v19.insert(b"t", cparent("c"), column("v", "thrift", 400, ttl=-1)),
        v19.insert(b"t", cparent("c"), column("v", "thrift", 400, ttl=630720001)),
    ]


# ---------------------------------------------------------------- a pycassa 1.0-era client
@scenario("u_old_idl_pycassa10", "19", "upgrade", keyspace_reset="u_pyc10")
def old_idl_pycassa10():
    """pycassa 1.0's SystemManager (built on 1.0's IDL) creating families on the newer
    release: replicate_on_write, key_alias, row_cache_provider and merge_shards_chance in
    the CfDef, a KEYS index named by the manager, an indexed slice with its start_key paging,
    alter of the replicate flag, a super column family's CfDef with its subcomparator."""
    ks = "u_pyc10"
    people = cf_def(ks, "People", comparator="UTF8Type", key_validation="UTF8Type",
                    default_validation="UTF8Type",
                    column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "People_state"),
                                     column_def("birth", "LongType")],
                    extra={24: W.boolean(True), 28: b("name"), 25: W.double(0.1),
                           27: b("org.apache.cassandra.cache.ConcurrentLinkedHashCacheProvider")})
    sup = cf_def(ks, "Groups", column_type="Super", comparator="UTF8Type",
                 subcomparator="LongType", key_validation="UTF8Type")
    rows = {"p%d" % i: {"People": [ins("state", "CA" if i % 2 else "NY", 10),
                                   ins("birth", long_(1980 + i), 10)]} for i in range(6)}
    return [
        v19.system_add_keyspace(ks_def(ks, [people, sup])), v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.get_indexed_slices(cparent("People"),
                               index_clause([index_expr("state", EQ, "CA")], count=2),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("People"),
                               index_clause([index_expr("state", EQ, "CA"),
                                             index_expr("birth", GT, long_(1981))], count=10),
                               pred(names=["birth"])),
        v19.get_indexed_slices(cparent("People"),
                               index_clause([index_expr("state", EQ, "CA")], start_key="p3",
                                            count=2),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("People"),
                               index_clause([index_expr("birth", GT, long_(1981))], count=10),
                               pred(start="", count=10)),
        v19.batch_mutate({"admins": {"Groups": [D.ins_super("g1", [(long_(1), "ann"),
                                                                   (long_(2), "bob")], 20)]}}),
        v19.get_slice(b"admins", cparent("Groups", "g1"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(
            ks, "People", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "People_state"),
                             column_def("birth", "LongType")],
            extra={24: W.boolean(False), 28: b("id")})),
        v19.describe_keyspace(ks),
        cql("SELECT * FROM \"People\" WHERE state = 'NY'"),
    ]


# ---------------------------------------------------------------- static catalogue
@scenario("u_static_catalog", "19", "cql3", keyspace_reset="u_statics")
def static_catalog():
    """A product catalogue keeping a product's name in a static column beside its variants:
    static-only inserts and updates, a static column added by ALTER, DISTINCT reads of the
    statics, a delete of a static, and the refusals (a static in a COMPACT table, without
    clustering, in the key, a static restricted with a clustering column in a DELETE)."""
    ks = "u_statics"
    steps = [ks_cql(ks), v19.set_keyspace(ks)]
    if not V20:
        return steps + [
            cql("CREATE TABLE products (pid text, sku text, name text static, price int, "
                "PRIMARY KEY (pid, sku))"),
            cql("SELECT DISTINCT pid FROM products"),
        ]
    return steps + [
        cql("CREATE TABLE products (pid text, sku text, name text static, price int, "
            "PRIMARY KEY (pid, sku))"),
        cql("INSERT INTO products (pid, name) VALUES ('p1', 'Lamp') USING TIMESTAMP 10"),
        cql("INSERT INTO products (pid, sku, price) VALUES ('p1', 'red', 20) "
            "USING TIMESTAMP 10"),
        cql("INSERT INTO products (pid, sku, price, name) VALUES ('p1', 'blue', 25, 'Lamp 2') "
            "USING TIMESTAMP 11"),
        cql("INSERT INTO products (pid, sku, price) VALUES ('p2', 'one', 5) USING TIMESTAMP 10"),
        cql("SELECT pid, sku, name, price FROM products"),
        cql("SELECT DISTINCT pid, name FROM products"),
        cql("SELECT name FROM products WHERE pid = 'p1'"),
        cql("UPDATE products USING TIMESTAMP 12 SET name = 'Lamp 3' WHERE pid = 'p2'"),
        cql("ALTER TABLE products ADD brand text static"),
        cql("UPDATE products USING TIMESTAMP 13 SET brand = 'Acme' WHERE pid = 'p1'"),
        cql("SELECT pid, sku, brand, name FROM products WHERE pid IN ('p1', 'p2')"),
        cql("DELETE name FROM products USING TIMESTAMP 14 WHERE pid = 'p1'"),
        cql("SELECT pid, sku, name, price FROM products WHERE pid = 'p1'"),
        cql("SELECT pid, sku, name FROM products WHERE pid = 'p1' AND sku = 'red'"),
        # refusals
        cql("UPDATE products SET name = 'x' WHERE pid = 'p1' AND sku = 'red'"),
        cql("DELETE name FROM products WHERE pid = 'p1' AND sku = 'red'"),
        cql("UPDATE products SET price = 1 WHERE pid = 'p1'"),
        cql("CREATE TABLE c1 (k text, c text, s text static, v text, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE c2 (k text PRIMARY KEY, s text static)"),
        cql("CREATE TABLE c3 (k text, c text static, PRIMARY KEY (k, c))"),
        cql("ALTER TABLE products ADD v2 int static, v3 int"),
        cql("CREATE INDEX ON products (name)"),
        cql("SELECT DISTINCT pid, price FROM products"),
    ]


# ---------------------------------------------------------------- a Thrift-generated app
@scenario("u_thrift_cpp_app", "19", "crud", keyspace_reset="u_cpp")
def thrift_cpp_app():
    """A C++ service on Thrift-generated stubs (no client library): UTF8 rows of TimeUUID-free
    names, per-column TTLs, removes at column and row level with explicit timestamps, slices
    by names and ranges, get of a missing column (NotFoundException), multiget with a
    duplicated key, range paging by the last key, and its missing-field mistakes (a Column
    without a timestamp, an empty key, a count of 0, a ColumnParent naming no family)."""
    ks = "u_cpp"
    cfd = cf_def(ks, "Docs", comparator="UTF8Type", key_validation="UTF8Type",
                 default_validation="UTF8Type")
    return [
        v19.system_add_keyspace(ks_def(ks, [cfd])), v19.set_keyspace(ks),
        v19.insert(b"doc1", cparent("Docs"), column("title", "One", 10)),
        v19.insert(b"doc1", cparent("Docs"), column("body", "text", 10, ttl=86400)),
        v19.insert(b"doc2", cparent("Docs"), column("title", "Two", 10)),
        v19.insert(b"doc3", cparent("Docs"), column("title", "Three", 10)),
        v19.get(b"doc1", cpath("Docs", col="title")),
        v19.get(b"doc1", cpath("Docs", col="nosuch")),
        v19.get(b"nosuch", cpath("Docs", col="title")),
        v19.get_slice(b"doc1", cparent("Docs"), pred(names=["title", "body", "zz"])),
        v19.multiget_slice([b"doc1", b"doc1", b"doc2"], cparent("Docs"), pred(names=["title"])),
        v19.get_range_slices(cparent("Docs"), pred(names=["title"]),
                             key_range(start_key="", end_key="", count=2)),
        v19.remove(b"doc1", cpath("Docs", col="body"), 11),
        v19.remove(b"doc2", cpath("Docs"), 11),
        v19.remove(b"doc3", cpath("Docs", col="title"), 5),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        # mistakes
        v19.insert(b"doc4", cparent("Docs"), column("title", "x", None)),
        v19.insert(b"", cparent("Docs"), column("title", "x", 12)),
        v19.insert(b"doc4", cparent("Docs"), column("", "x", 12)),
        v19.get_slice(b"doc1", cparent("Docs"), pred(start="", count=0)),
        v19.get_slice(b"doc1", cparent("Docs"), pred(start="", count=-1)),
        v19.get_slice(b"doc1", cparent(None), pred(start="", count=10)),
        v19.get_slice(b"doc1", cparent("Docs"), W.struct({})),
        v19.get(b"doc1", cpath("Docs")),
        v19.get(b"doc1", cpath("Docs", sc="x", col="title")),
        v19.remove(b"doc1", cpath("Docs", col="title"), 13, cl=None),
        v19.get_slice(b"doc1", cparent("Docs"), pred(start="", count=10), cl=ONE),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=10),
                             key_range(start_key="doc3", end_key="doc1", count=10)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=10),
                             key_range(count=10)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=10),
                             key_range(start_key="", end_key="", start_token=MIN_TOKEN,
                                       count=10)),
    ]


# ---------------------------------------------------------------- quorum and batch levels
@scenario("u_thrift_batches_levels", "19", "batch", keyspace_reset="u_levels")
def thrift_batches_levels():
    """A Netflix-style DAO's batch_mutate and atomic_batch_mutate over two families and
    several rows at each level a SimpleStrategy keyspace of one replica answers, deletions
    mixed with inserts for one row in one batch, a batch naming an unknown family, an empty
    mutation, a Mutation with both parts, a counter mutation in a standard family."""
    ks = "u_levels"
    a = cf_def(ks, "A", comparator="UTF8Type", key_validation="UTF8Type",
               default_validation="UTF8Type")
    c = cf_def(ks, "C", comparator="UTF8Type", default_validation="CounterColumnType")
    steps = [v19.system_add_keyspace(ks_def(ks, [a, c])), v19.set_keyspace(ks)]
    for i, cl in enumerate((1, 2, 5, 6, 3, 4, 7, 8)):
        steps.append(v19.batch_mutate({"r%d" % i: {"A": [ins("x", str(cl), 10)]}}, cl=cl))
    steps += [
        v19.atomic_batch_mutate({"r9": {"A": [ins("x", "a", 10), ins("y", "b", 10)]},
                                 "r8": {"A": [ins("x", "c", 10)]}}, cl=QUORUM),
        v19.atomic_batch_mutate({"r9": {"A": [ins("x", "a", 10)]}}, cl=6),
        v19.atomic_batch_mutate({"c1": {"C": [mutation(cosc(counter_column=counter_column(
            "n", 1)))]}}),
        v19.batch_mutate({"c1": {"C": [mutation(cosc(counter_column=counter_column("n", 2)))]}},
                         cl=6),
        v19.batch_mutate({"c1": {"C": [mutation(cosc(counter_column=counter_column("n", 3)))]}},
                         cl=2),
        v19.get(b"c1", cpath("C", col="n")),
        v19.batch_mutate({"r9": {"A": [mutation(deletion_=deletion(11)),
                                       ins("z", "after", 12)]}}),
        v19.get_slice(b"r9", cparent("A"), pred(start="", count=10)),
        v19.get_range_slices(cparent("A"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=20), cl=5),
        v19.batch_mutate({"r1": {"Nope": [ins("x", "1", 10)]}}),
        v19.batch_mutate({"r1": {"A": []}}),
        v19.batch_mutate({}),
        v19.batch_mutate({"r1": {"A": [mutation(cosc(column=column("x", "1", 10)),
                                                deletion(10))]}}),
        v19.batch_mutate({"r1": {"A": [mutation()]}}),
        v19.batch_mutate({"r1": {"A": [mutation(cosc(counter_column=counter_column("n", 1)))]}}),
        v19.batch_mutate({"r1": {"C": [ins("x", "1", 10)]}}),
        v19.get_slice(b"r1", cparent("A"), pred(start="", count=10), cl=0),
        v19.get_slice(b"r1", cparent("A"), pred(start="", count=10), cl=6),
        v19.get_slice(b"r1", cparent("A"), pred(start="", count=10), cl=99),
    ]
    return steps
