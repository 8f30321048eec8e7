"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (author zb).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Cyanite (Graphite on Cassandra): metric rows of list<double> appended with USING TTL ?
  * Rhombus (Pardot's time-series layer): sharded index tables of timeuuid clustering
  * Calliope (Spark on Cassandra over Thrift): ring, splits and token-range scans
  * cassy (Haskell Thrift client): a UTF8Type column family's everyday calls
  * the Ruby `cassandra` gem 0.23: schema from a hash, columns, ranges, counters, CQL
  * a storm-cassandra counting bolt: counter batches, multiget counts, counter super columns
  * Hibernate OGM's CQL 3 dialect: quoted tables, every literal type, LWT id sequences
  * Apache Camel's camel-cassandraql: prepared CRUD and an idempotent repository
  * Presto's connector reading the schema tables and token ranges
  * a web session store on CQL 3 TTLs and timestamps
  * a client built against 2.1's IDL (get_multi_slice, cas, newer CfDef fields, LOCAL_ONE)
  * Astyanax reading a CQL 3 table of two clustering columns through Thrift composites
  * page-view analytics on CQL 3 counters
  * a shopping cart on 2.0's static columns
  * a profile service on 2.1's user types
  * a beginner's mistakes over execute_cql3_query
  * Apache Gora's Hector store (super column families of a record's fields)
  * a mutagen-style schema migration tool mixing Thrift and CQL 3
  * a REST API paging a CQL 3 partition and then the table by token()
  * the Python `cql` dbapi2 driver (CQL version, quoting, prepared `?` markers)
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (scenario, v19, b, cf_def, ks_def, column, cparent, cpath, pred, key_range,  # noqa: E402
                 mutation, deletion, ins, ins_super, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cas, coll, comp, exe, i32b, i64b, ks_cql, multi_slice, prep, splits_ex)  # noqa: E402
from kit import cql3 as cql  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V20 = VER >= (2, 0)
V21 = VER >= (2, 1)
V22 = VER >= (2, 2)
MIN_TOKEN = kit.MIN_TOKEN
MAX_TOKEN = "9223372036854775807"

from dsl import ONE, QUORUM, ALL, ANY  # noqa: E402
from kit import SERIAL, LOCAL_ONE  # noqa: E402


def dbl(x):
    return _st.pack(">d", x)


def ccol(name, value):
    return W.struct({1: b(name), 2: W.i64(value)})


def cmut(name, value):
    return mutation(cosc_=cosc(counter_column=ccol(name, value)))


def ring_mask(step):
    return step.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


# ---------------------------------------------------------------- Cyanite
@scenario("zb_cyanite", "19", "cql3", keyspace_reset="zb_cyan")
def cyanite():
    """Cyanite's metric store: a partition per (tenant, period, rollup, path), points as
    list<double> appended by a prepared UPDATE USING TTL ? (1.2 has no marker there and the
    app falls back to a literal TTL), a path index read by prefix ranges, IN over paths."""
    ks = "zb_cyan"
    upd = ("UPDATE metric USING TTL ? SET data = data + ? WHERE tenant = '' AND rollup = ? "
           "AND period = ? AND path = ? AND time = ?;")
    upd12 = ("UPDATE metric USING TTL 86400 SET data = data + ? WHERE tenant = '' AND "
             "rollup = ? AND period = ? AND path = ? AND time = ?;")
    sel = ("SELECT path,data,time FROM metric WHERE path IN (?, ?) AND tenant = '' AND "
           "rollup = ? AND period = ? AND time >= ? AND time <= ? ORDER BY time ASC;")
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE metric (tenant text, period int, rollup int, path text, time bigint, "
            "data list<double>, PRIMARY KEY ((tenant, period, rollup, path), time)) WITH "
            "compaction = {'class': 'SizeTieredCompactionStrategy'} AND "
            "caching = 'keys_only'" if not V21 else
            "CREATE TABLE metric (tenant text, period int, rollup int, path text, time bigint, "
            "data list<double>, PRIMARY KEY ((tenant, period, rollup, path), time)) WITH "
            "compaction = {'class': 'SizeTieredCompactionStrategy'} AND "
            "caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}"),
        cql("CREATE TABLE path (tenant text, path text, leaf boolean, PRIMARY KEY (tenant, path))"),
        prep(upd),
    ]
    pts = [("web.cpu", 60, 1440, 100, 0.5), ("web.cpu", 60, 1440, 160, 0.75),
           ("web.mem", 60, 1440, 100, 512.0), ("web.cpu", 60, 1440, 100, 0.25)]
    if V20:
        for p, r, per, t, v in pts:
            steps.append(exe(ks, upd, [i32b(86400), coll([dbl(v)]), i32b(r), i32b(per), p,
                                       i64b(t)]))
        steps.append(exe(ks, upd, [i64b(86400), coll([dbl(1.0)]), i32b(60), i32b(1440),
                                   "web.io", i64b(100)]))
    else:
        steps.append(prep(upd12))
        for p, r, per, t, v in pts:
            steps.append(exe(ks, upd12, [coll([dbl(v)]), i32b(r), i32b(per), p, i64b(t)]))
    steps += [
        prep(sel),
        exe(ks, sel, ["web.cpu", "web.mem", i32b(60), i32b(1440), i64b(0), i64b(1000)]),
        cql("SELECT path,data,time FROM metric WHERE path IN ('web.cpu', 'web.mem') AND "
            "tenant = '' AND rollup = 60 AND period = 1440 AND time >= 0 AND time <= 1000 "
            "ORDER BY time DESC;"),
        cql("SELECT data FROM metric WHERE tenant = '' AND rollup = 60 AND period = 1440 AND "
            "path = 'web.cpu' AND time = 100"),
        cql("UPDATE metric SET data = [1.5] WHERE tenant = '' AND rollup = 60 AND "
            "period = 1440 AND path = 'web.cpu'"),
        cql("SELECT * FROM metric WHERE path = 'web.cpu'"),
        cql("BEGIN BATCH INSERT INTO path (tenant, path, leaf) VALUES ('', 'web', false) "
            "INSERT INTO path (tenant, path, leaf) VALUES ('', 'web.cpu', true) "
            "INSERT INTO path (tenant, path, leaf) VALUES ('', 'web.mem', true) "
            "INSERT INTO path (tenant, path, leaf) VALUES ('', 'db.cpu', true) APPLY BATCH"),
        cql("SELECT path, leaf FROM path WHERE tenant = '' AND path > 'web.' AND path < 'web/'"),
        cql("SELECT path FROM path WHERE tenant = '' AND path >= 'a' LIMIT 2"),
        cql("SELECT path FROM path WHERE leaf = true"),
        cql("SELECT path FROM path WHERE path = 'web'"),
    ]
    return steps


# ---------------------------------------------------------------- Rhombus
@scenario("zb_rhombus", "19", "cql3", keyspace_reset="zb_rhom")
def rhombus():
    """Rhombus's object mapper: a table of objects by timeuuid, index tables sharded by
    month, a shard index, batches at one timestamp, newest-first pages by a timeuuid bound,
    deletes of an object from every index in one batch."""
    ks = "zb_rhom"
    u = ["%08x-5b1f-11e3-8000-000000000001" % (0x10000000 + i) for i in range(6)]
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql('CREATE TABLE "__shardindex" (tablename varchar, indexvalues varchar, shardid bigint, '
            'targetrowkey varchar, PRIMARY KEY ((tablename, indexvalues), shardid, '
            'targetrowkey)) WITH CLUSTERING ORDER BY (shardid DESC, targetrowkey ASC)'),
        cql("CREATE TABLE event (id timeuuid PRIMARY KEY, type varchar, account bigint, "
            "value int)"),
        cql("CREATE TABLE event7ac2 (shardid bigint, id timeuuid, type varchar, account bigint, "
            "value int, PRIMARY KEY ((shardid, account), id)) WITH CLUSTERING ORDER BY (id DESC)"),
    ]
    batch = "BEGIN UNLOGGED BATCH USING TIMESTAMP 1000 "
    for i, uid in enumerate(u):
        batch += ("INSERT INTO event (id, type, account, value) VALUES (%s, 'click', 7, %d); "
                  "INSERT INTO event7ac2 (shardid, id, type, account, value) VALUES "
                  "(%d, %s, 'click', 7, %d); " % (uid, i, 201311 + i // 3, uid, i))
    batch += ("INSERT INTO \"__shardindex\" (tablename, indexvalues, shardid, targetrowkey) "
              "VALUES ('event7ac2', '7', 201311, '201311:7'); "
              "INSERT INTO \"__shardindex\" (tablename, indexvalues, shardid, targetrowkey) "
              "VALUES ('event7ac2', '7', 201312, '201312:7'); APPLY BATCH")
    steps += [
        cql(batch),
        cql("SELECT * FROM \"__shardindex\" WHERE tablename = 'event7ac2' AND indexvalues = '7' "
            "AND shardid <= 201312"),
        cql("SELECT * FROM event7ac2 WHERE shardid = 201312 AND account = 7 LIMIT 2"),
        cql("SELECT * FROM event7ac2 WHERE shardid = 201311 AND account = 7 AND id < %s "
            "LIMIT 2" % u[2]),
        cql("SELECT * FROM event7ac2 WHERE shardid = 201311 AND account = 7 AND id > %s "
            "ORDER BY id ASC" % u[0]),
        cql("SELECT id, value FROM event WHERE id IN (%s, %s, %s)" % (u[5], u[1], u[3])),
        cql("SELECT * FROM event7ac2 WHERE shardid IN (201311, 201312) AND account = 7"),
        cql("SELECT * FROM event7ac2 WHERE account = 7 AND id > %s" % u[0]),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 2000 DELETE FROM event WHERE id = %s; "
            "DELETE FROM event7ac2 WHERE shardid = 201311 AND account = 7 AND id = %s; "
            "APPLY BATCH" % (u[1], u[1])),
        cql("SELECT id, value FROM event7ac2 WHERE shardid = 201311 AND account = 7"),
        cql("SELECT COUNT(*) FROM event"),
        cql("SELECT dateOf(id), value FROM event WHERE id = %s" % u[0]),
        cql("SELECT * FROM event7ac2 WHERE shardid = 201311 AND account = 7 AND "
            "id > minTimeuuid('2013-01-01 00:00:00+0000') AND "
            "id < maxTimeuuid('2013-12-31 00:00:00+0000')"),
        cql("INSERT INTO event (id, type, account, value) VALUES ('%s', 'x', 7, 1)" % u[0]),
        cql("INSERT INTO event (id, type, account, value) VALUES (now(), 'x', 7, 1) "
            "USING TIMESTAMP 500 AND TTL 60"),
    ]
    return steps


# ---------------------------------------------------------------- Calliope
@scenario("zb_calliope", "19", "cql3", keyspace_reset="zb_call")
def calliope():
    """Calliope's Spark RDD over Thrift: the keyspace's ring (masked, vnodes), its splits,
    a CQL 3 table read by token ranges (prepared bigint tokens, wrong widths too) and the
    same table read raw by get_range_slices over the whole ring."""
    ks = "zb_call"
    q = "SELECT id, name, score FROM players WHERE token(id) > ? AND token(id) <= ? LIMIT 1000"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE players (id text PRIMARY KEY, name text, score int)"),
    ]
    for i in range(6):
        steps.append(cql("INSERT INTO players (id, name, score) VALUES ('p%d', 'n%d', %d) "
                         "USING TIMESTAMP 100" % (i, i, i * 10)))
    steps += [
        v19.describe_partitioner(),
        ring_mask(v19.describe_ring(ks)),
        splits_ex("players", MIN_TOKEN, MIN_TOKEN, 65536),
        prep(q),
        exe(ks, q, [i64b(-(1 << 63)), i64b((1 << 63) - 1)]),
        exe(ks, q, [i64b(0), i64b((1 << 63) - 1)]),
        exe(ks, q, [i32b(0), i64b(5)]),
        cql("SELECT id, token(id) FROM players WHERE token(id) > %s" % MIN_TOKEN),
        v19.get_range_slices(cparent("players"), pred(start="", finish="", count=100),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=3)),
        v19.get_range_slices(cparent("players"), pred(start="", finish="", count=100),
                             key_range(start_token="0", end_token=MAX_TOKEN, count=100)),
    ]
    if V20:
        steps.append(ring_mask(D.raw("describe_local_ring", {1: b(ks)})))
    # 2.0 closes the connection on a missing family's splits: last
    steps += [splits_ex("nope", MIN_TOKEN, MIN_TOKEN, 65536), v19.set_keyspace(ks),
              # a token that is no number: 2.1 closes the connection
              v19.get_range_slices(cparent("players"), pred(start="", finish="", count=100),
                                   key_range(start_token="abc", end_token="0", count=10))]
    return steps


# ---------------------------------------------------------------- cassy (Haskell)
@scenario("zb_cassy", "19", "thrift", keyspace_reset="zb_cassy")
def cassy():
    """cassy's Database.Cassandra.Basic: a keyspace made by a KsDef with one UTF8Type column
    family, inserts, gets of a missing column and row, slices by range and reversed, multiget,
    counts, a row deletion by a slice predicate, remove of a column and of the row."""
    ks = "zb_cassy"
    cf = cf_def(ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="BytesType")
    steps = [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    for k, cols in (("alice", [("age", "31"), ("email", "a@x"), ("name", "Alice")]),
                    ("bob", [("age", "40"), ("name", "Bob")])):
        for c, v in cols:
            steps.append(v19.insert(k, cparent("users"), column(c, v, 10)))
    steps += [
        v19.get("alice", cpath("users", col="name")),
        v19.get("alice", cpath("users", col="zip")),
        v19.get("carol", cpath("users", col="name")),
        v19.get_slice("alice", cparent("users"), pred(start="", finish="", count=2)),
        v19.get_slice("alice", cparent("users"), pred(start="", finish="", reversed=True,
                                                      count=2)),
        v19.get_slice("alice", cparent("users"), pred(start="b", finish="f")),
        v19.get_slice("alice", cparent("users"), pred(start="z", finish="a")),
        v19.get_slice("alice", cparent("users"), pred(names=["name", "zip", "age"])),
        v19.multiget_slice(["alice", "bob", "carol"], cparent("users"),
                           pred(start="", finish="")),
        v19.get_count("alice", cparent("users"), pred(start="", finish="")),
        v19.multiget_count(["alice", "bob", "carol"], cparent("users"),
                           pred(start="", finish="")),
        v19.batch_mutate({"alice": {"users": [
            mutation(deletion_=deletion(timestamp=11, predicate=pred(start="a", finish="b")))]}}),
        v19.get_slice("alice", cparent("users"), pred(start="", finish="")),
        v19.remove("bob", cpath("users", col="age"), 11),
        v19.get_slice("bob", cparent("users"), pred(start="", finish="")),
        v19.remove("bob", cpath("users"), 12),
        v19.get_slice("bob", cparent("users"), pred(start="", finish="")),
        v19.insert("bob", cparent("users"), column("name", "Bob2", 11)),
        v19.get_slice("bob", cparent("users"), pred(start="", finish="")),
        v19.insert("bob", cparent("users"), column("name", "Bob3", 13)),
        v19.get("bob", cpath("users", col="name")),
        v19.insert("", cparent("users"), column("name", "x", 13)),
        v19.get_slice("alice", cparent("users"), pred(start="", finish="", count=-1)),
        v19.get("alice", cpath("users")),
    ]
    return steps


# ---------------------------------------------------------------- Ruby cassandra gem
@scenario("zb_ruby_gem", "19", "thrift", keyspace_reset="zb_ruby")
def ruby_gem():
    """The Ruby `cassandra` gem 0.23: add_keyspace from a KsDef with strategy options,
    add_column_family of a Users family (BytesType key, UTF8Type names), a counter family,
    insert as batch_mutate, get, exists?, get_range paging by last key, count_columns,
    add, get of a counter, remove, and its `execute` of CQL 3 on the Thrift families."""
    ks = "zb_ruby"
    steps = [
        D.raw("describe_version", {}),
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                            default_validation="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Counts", comparator="UTF8Type",
                                            default_validation="CounterColumnType")),
        v19.describe_keyspace(ks),
    ]
    for i in range(5):
        steps.append(v19.batch_mutate({"u%d" % i: {"Users": [
            ins("screen_name", "user%d" % i, 100), ins("state", "CA" if i % 2 else "NY", 100)]}}))
    steps += [
        v19.get_slice("u1", cparent("Users"), pred(start="", finish="", count=100), cl=QUORUM),
        v19.get_slice("u9", cparent("Users"), pred(start="", finish="", count=1), cl=QUORUM),
        v19.get_range_slices(cparent("Users"), pred(start="", finish="", count=100),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_count("u1", cparent("Users"), pred(start="", finish="", count=100)),
        v19.add("u1", cparent("Counts"), ccol("logins", 1)),
        v19.add("u1", cparent("Counts"), ccol("logins", 2)),
        v19.add("u1", cparent("Counts"), ccol("views", 10)),
        v19.get("u1", cpath("Counts", col="logins")),
        v19.get_slice("u1", cparent("Counts"), pred(start="", finish="")),
        v19.add("u1", cparent("Users"), ccol("logins", 1)),
        v19.insert("u1", cparent("Counts"), column("logins", "x", 100)),
        v19.remove("u2", cpath("Users", col="state"), 101),
        v19.get_slice("u2", cparent("Users"), pred(start="", finish="")),
        cql("SELECT * FROM Users"),
        cql('SELECT * FROM "Users"'),
        cql('SELECT key, screen_name FROM "Users"'),
        cql('SELECT * FROM "Counts"'),
        cql('UPDATE "Counts" SET views = views + 5 WHERE key = 0x7531'),
        v19.get("u1", cpath("Counts", col="views")),
    ]
    return steps


# ---------------------------------------------------------------- storm-cassandra counters
@scenario("zb_storm_counters", "19", "thrift", keyspace_reset="zb_storm")
def storm_counters():
    """storm-cassandra's counter bolt: a counter family and a counter super family made by
    Hector's CfDefs, counter batches for a tuple's fields, multiget counts, slices, a counter
    super column read back, remove_counter, and a batch mixing counters and plain columns."""
    ks = "zb_storm"
    steps = [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "WordCount", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType"),
            cf_def(ks, "HourlyCount", column_type="Super", comparator="LongType",
                   subcomparator="UTF8Type", default_validation="CounterColumnType"),
            cf_def(ks, "Words", comparator="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"doc1": {"WordCount": [cmut("the", 3), cmut("cat", 1)]},
                          "doc2": {"WordCount": [cmut("the", 1), cmut("dog", 2)]}}),
        v19.batch_mutate({"doc1": {"WordCount": [cmut("the", 2)]}}),
        v19.multiget_slice(["doc1", "doc2", "doc3"], cparent("WordCount"),
                           pred(start="", finish="")),
        v19.multiget_count(["doc1", "doc2"], cparent("WordCount"), pred(start="", finish="")),
        v19.get_slice("doc1", cparent("WordCount"), pred(names=["the", "zebra"])),
        v19.batch_mutate({"web": {"HourlyCount": [mutation(cosc_=cosc(
            counter_super_column=W.struct({1: b(i64b(10)), 2: W.list_("struct", [
                ccol("hits", 5), ccol("misses", 1)])})))]}}),
        v19.add("web", cparent("HourlyCount", sc=i64b(11)), ccol("hits", 7)),
        v19.add("web", cparent("HourlyCount"), ccol("hits", 7)),
        v19.get_slice("web", cparent("HourlyCount"), pred(start="", finish="")),
        v19.get_slice("web", cparent("HourlyCount", sc=i64b(10)), pred(start="", finish="")),
        v19.get("web", cpath("HourlyCount", sc=i64b(11), col="hits")),
        v19.get_count("web", cparent("HourlyCount"), pred(start="", finish="")),
        v19.remove_counter("doc2", cpath("WordCount", col="dog")),
        v19.get_slice("doc2", cparent("WordCount"), pred(start="", finish="")),
        v19.batch_mutate({"doc1": {"WordCount": [cmut("x", 1)], "Words": [ins("x", "1", 10)]}}),
        v19.batch_mutate({"doc1": {"WordCount": [ins("y", "1", 10)]}}),
        v19.batch_mutate({"doc1": {"WordCount": [mutation(deletion_=deletion(
            predicate=pred(names=["cat"])))]}}),
        v19.get_slice("doc1", cparent("WordCount"), pred(start="", finish="")),
        v19.get_range_slices(cparent("WordCount"), pred(start="", finish=""),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("WordCount"),
        v19.get_slice("doc1", cparent("WordCount"), pred(start="", finish="")),
    ]
    return steps


# ---------------------------------------------------------------- Hibernate OGM
@scenario("zb_hibernate_ogm", "19", "cql3", keyspace_reset="zb_ogm")
def hibernate_ogm():
    """Hibernate OGM's CQL 3 dialect: quoted mixed-case tables, entities of every mapped
    type written as literals, a table-based id generator advanced by lightweight
    transactions (a syntax error on 1.2, where the app cannot run), an association table."""
    ks = "zb_ogm"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql('CREATE TABLE "Customer" ("id" uuid, "name" text, "born" timestamp, "vip" boolean, '
            '"balance" decimal, "visits" varint, "ip" inet, "photo" blob, "rating" float, '
            '"score" double, PRIMARY KEY ("id"))'),
        cql('CREATE TABLE "hibernate_sequences" ("sequence_name" text PRIMARY KEY, '
            '"next_val" bigint)'),
        cql('CREATE TABLE "Customer_Orders" ("Customer_id" uuid, "orders_id" bigint, '
            'PRIMARY KEY ("Customer_id", "orders_id"))'),
        cql('INSERT INTO "Customer" ("id","name","born","vip","balance","visits","ip","photo",'
            '"rating","score") VALUES (62c36092-82a1-3a00-93d1-46196ee77204, \'Ann\', '
            '\'2013-11-01 10:00:00+0000\', true, 12.50, 12345678901234567890, \'10.0.0.1\', '
            '0xcafe, 1.5, 2.25) USING TIMESTAMP 1000'),
        cql('INSERT INTO "Customer" ("id","name","born") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77205, \'Bob\', \'2013-11-01\') USING TIMESTAMP 1000'),
        cql('INSERT INTO "Customer" ("id","name","born") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77206, \'Cy\', 1383300000000) USING TIMESTAMP 1000'),
        cql('SELECT * FROM "Customer" WHERE "id" = 62c36092-82a1-3a00-93d1-46196ee77204'),
        cql('SELECT "name", "born" FROM "Customer" WHERE "id" IN '
            '(62c36092-82a1-3a00-93d1-46196ee77205, 62c36092-82a1-3a00-93d1-46196ee77206)'),
        cql('INSERT INTO "Customer" ("id","born") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77207, \'01/11/2013\')'),
        cql('INSERT INTO "Customer" ("id","ip") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77207, \'not-an-ip\')'),
        cql('INSERT INTO "Customer" ("id","vip") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77207, \'yes\')'),
        cql('INSERT INTO "Customer" ("id","balance") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77207, \'12.5\')'),
        cql('INSERT INTO "hibernate_sequences" ("sequence_name", "next_val") VALUES '
            '(\'Order\', 1) IF NOT EXISTS'),
        cql('INSERT INTO "hibernate_sequences" ("sequence_name", "next_val") VALUES '
            '(\'Order\', 1) IF NOT EXISTS'),
        cql('UPDATE "hibernate_sequences" SET "next_val" = 2 WHERE "sequence_name" = \'Order\' '
            'IF "next_val" = 1'),
        cql('UPDATE "hibernate_sequences" SET "next_val" = 2 WHERE "sequence_name" = \'Order\' '
            'IF "next_val" = 1'),
        cql('SELECT "next_val" FROM "hibernate_sequences" WHERE "sequence_name" = \'Order\'',
            cl=SERIAL if V20 else ONE),
        cql('INSERT INTO "Customer_Orders" ("Customer_id", "orders_id") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77204, 1) USING TIMESTAMP 1000'),
        cql('INSERT INTO "Customer_Orders" ("Customer_id", "orders_id") VALUES '
            '(62c36092-82a1-3a00-93d1-46196ee77204, 2) USING TIMESTAMP 1000'),
        cql('SELECT "orders_id" FROM "Customer_Orders" WHERE '
            '"Customer_id" = 62c36092-82a1-3a00-93d1-46196ee77204'),
        cql('DELETE FROM "Customer_Orders" USING TIMESTAMP 2000 WHERE '
            '"Customer_id" = 62c36092-82a1-3a00-93d1-46196ee77204'),
        cql('SELECT * FROM "Customer_Orders"'),
        cql('DELETE "name", "photo" FROM "Customer" USING TIMESTAMP 2000 WHERE '
            '"id" = 62c36092-82a1-3a00-93d1-46196ee77204'),
        cql('SELECT "name", "photo", "vip" FROM "Customer" WHERE '
            '"id" = 62c36092-82a1-3a00-93d1-46196ee77204'),
        cql('SELECT * FROM "customer"'),
    ]
    return steps


# ---------------------------------------------------------------- Apache Camel
@scenario("zb_camel", "19", "cql3", keyspace_reset="zb_camel")
def camel():
    """camel-cassandraql: prepared CRUD of a user table (a Camel body bound as a list of
    values, one missing or extra), its idempotent repository keyed by (name, key) with IF
    NOT EXISTS from 2.0 and a plain INSERT on 1.2, and its aggregation repository of blobs."""
    ks = "zb_camel"
    ins_q = "insert into camel_user(login, first_name, last_name) values (?, ?, ?)"
    sel_q = "select login, first_name, last_name from camel_user where login = ?"
    del_q = "delete from camel_user where login = ?"
    idem_ins = ("INSERT INTO CAMEL_IDEMPOTENT(NAME,KEY) VALUES (?,?) IF NOT EXISTS" if V20
                else "INSERT INTO CAMEL_IDEMPOTENT(NAME,KEY) VALUES (?,?)")
    idem_sel = "SELECT KEY FROM CAMEL_IDEMPOTENT WHERE NAME=? AND KEY=?"
    agg_ins = ("INSERT INTO CAMEL_AGGREGATION(NAME,KEY,EXCHANGE_ID,EXCHANGE) VALUES (?,?,?,?)")
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("create table camel_user (login varchar primary key, first_name varchar, "
            "last_name varchar)"),
        cql("CREATE TABLE CAMEL_IDEMPOTENT (NAME varchar, KEY varchar, PRIMARY KEY (NAME, KEY))"),
        cql("CREATE TABLE CAMEL_AGGREGATION (NAME varchar, KEY varchar, EXCHANGE_ID varchar, "
            "EXCHANGE blob, PRIMARY KEY (NAME, KEY))"),
        prep(ins_q), prep(sel_q), prep(del_q),
        exe(ks, ins_q, ["jdoe", "John", "Doe"]),
        exe(ks, ins_q, ["ajones", "Alice", "Jones"]),
        exe(ks, ins_q, ["x", "y"]),
        exe(ks, ins_q, ["x", "y", "z", "w"]),
        exe(ks, sel_q, ["jdoe"]),
        exe(ks, sel_q, ["nobody"]),
        exe(ks, del_q, ["jdoe"]),
        exe(ks, sel_q, ["jdoe"]),
        cql("select * from camel_user"),
        prep(idem_ins), prep(idem_sel),
        exe(ks, idem_ins, ["myRepo", "msg-1"]),
        exe(ks, idem_ins, ["myRepo", "msg-1"]),
        exe(ks, idem_sel, ["myRepo", "msg-1"]),
        exe(ks, idem_sel, ["myRepo", "msg-2"]),
        cql("DELETE FROM CAMEL_IDEMPOTENT WHERE NAME='myRepo' AND KEY='msg-1'"),
        cql("TRUNCATE CAMEL_IDEMPOTENT"),
        cql("SELECT * FROM camel_idempotent"),
        prep(agg_ins),
        exe(ks, agg_ins, ["agg", "k1", "ID-1", b"\xac\xed\x00\x05"]),
        cql("SELECT KEY, EXCHANGE_ID, EXCHANGE FROM CAMEL_AGGREGATION WHERE NAME='agg'"),
        cql("SELECT KEY FROM CAMEL_AGGREGATION WHERE NAME='agg' AND KEY='k1' AND "
            "EXCHANGE_ID='ID-1'"),
        cql("DELETE FROM CAMEL_AGGREGATION WHERE NAME='agg' AND KEY IN ('k1', 'k2')"),
    ]
    return steps


# ---------------------------------------------------------------- Presto connector
@scenario("zb_presto_meta", "19", "cql3", keyspace_reset="zb_presto")
def presto_meta():
    """Presto's Cassandra connector: the schema tables read for a keyspace's tables and
    columns (2.0's `type` column asked of 1.2 too), then a table's partitions by token
    ranges with DISTINCT and the rows of one partition."""
    ks = "zb_presto"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (cust text, day int, seq int, total double, note text, "
            "PRIMARY KEY ((cust, day), seq))"),
        cql("CREATE TABLE plain (id int PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options FROM "
            "system.schema_keyspaces WHERE keyspace_name = 'zb_presto'"),
        cql("SELECT columnfamily_name, comparator, key_validator, default_validator, "
            "key_aliases, column_aliases, value_alias FROM system.schema_columnfamilies WHERE "
            "keyspace_name = 'zb_presto'"),
        cql("SELECT column_name, component_index, validator, index_name FROM "
            "system.schema_columns WHERE keyspace_name = 'zb_presto' AND "
            "columnfamily_name = 'orders'"),
        cql("SELECT column_name, type FROM system.schema_columns WHERE "
            "keyspace_name = 'zb_presto' AND columnfamily_name = 'plain'"),
    ]
    for c in ("acme", "bolt"):
        for d in (1, 2):
            steps.append(cql("INSERT INTO orders (cust, day, seq, total) VALUES ('%s', %d, 1, "
                             "%d.5) USING TIMESTAMP 100" % (c, d, d)))
    steps += [
        cql("INSERT INTO plain (id, v) VALUES (1, 'a') USING TIMESTAMP 100"),
        cql("SELECT DISTINCT cust, day FROM orders"),
        cql("SELECT DISTINCT cust, day, token(cust, day) FROM orders WHERE "
            "token(cust, day) > %s" % MIN_TOKEN),
        cql("SELECT DISTINCT cust FROM orders"),
        cql("SELECT * FROM orders WHERE cust = 'acme' AND day = 1"),
        cql("SELECT * FROM orders WHERE cust = 'acme'"),
        cql("SELECT * FROM orders WHERE cust = 'acme' ALLOW FILTERING"),
        cql("SELECT cust, seq, total FROM orders WHERE token(cust, day) >= token('acme', 1)"),
        cql("SELECT COUNT(*) FROM orders"),
        cql("SELECT * FROM plain"),
    ]
    return steps


# ---------------------------------------------------------------- session store
@scenario("zb_sessions", "19", "cql3", keyspace_reset="zb_sess")
def sessions():
    """A web framework's session store on CQL 3: sessions written with a TTL and a
    timestamp, touched by an UPDATE extending the TTL, read with writetime(), removed at
    logout, a table default TTL from 2.0, and the TTLs a careless config sent."""
    ks = "zb_sess"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE sessions (sid text PRIMARY KEY, uid int, data blob, "
            "last_seen timestamp)"),
        cql("INSERT INTO sessions (sid, uid, data, last_seen) VALUES ('s1', 7, 0x01, "
            "'2014-01-01 00:00:00+0000') USING TTL 1800 AND TIMESTAMP 1000"),
        cql("INSERT INTO sessions (sid, uid, data) VALUES ('s2', 8, 0x02) USING TIMESTAMP 1000 "
            "AND TTL 1800"),
        cql("UPDATE sessions USING TTL 3600 AND TIMESTAMP 1001 SET last_seen = "
            "'2014-01-01 00:10:00+0000' WHERE sid = 's1'"),
        cql("SELECT sid, uid, writetime(uid), writetime(last_seen) FROM sessions WHERE "
            "sid = 's1'"),
        cql("SELECT writetime(sid) FROM sessions WHERE sid = 's1'"),
        cql("INSERT INTO sessions (sid, uid) VALUES ('s3', 9) USING TTL 0 AND TIMESTAMP 1000"),
        cql("INSERT INTO sessions (sid, uid) VALUES ('s3', 9) USING TTL -5"),
        cql("INSERT INTO sessions (sid, uid) VALUES ('s3', 9) USING TTL 1800.5"),
        cql("INSERT INTO sessions (sid, uid) VALUES ('s3', 9) USING TIMESTAMP 'now'"),
        cql("SELECT sid, uid FROM sessions"),
        cql("DELETE FROM sessions USING TIMESTAMP 2000 WHERE sid = 's2'"),
        cql("DELETE uid FROM sessions USING TIMESTAMP 2000 WHERE sid = 's1'"),
        cql("SELECT sid, uid, data FROM sessions"),
        cql("DELETE FROM sessions USING TTL 10 WHERE sid = 's1'"),
        cql("CREATE TABLE tokens (t text PRIMARY KEY, uid int) WITH default_time_to_live = 600"),
        cql("INSERT INTO tokens (t, uid) VALUES ('a', 1) USING TIMESTAMP 1000"),
        cql("SELECT uid, writetime(uid) FROM tokens"),
        cql("ALTER TABLE tokens WITH default_time_to_live = 0"),
        cql("ALTER TABLE sessions WITH gc_grace_seconds = 3600"),
    ]
    return steps


# ---------------------------------------------------------------- client of 2.1's IDL
@scenario("zb_idl21_client", "19", "thrift", keyspace_reset="zb_idl21")
def idl21_client():
    """A client generated from 2.1's IDL: CfDefs carrying 2.0 and 2.1 fields
    (memtable_flush_period_in_ms, default_time_to_live, speculative_retry,
    cells_per_row_to_cache), LOCAL_ONE reads, get_multi_slice, cas, describe_local_ring,
    against releases that lacked some of them."""
    ks = "zb_idl21"
    cf = cf_def(ks, "items", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type",
                extra={42: W.i32(3600000), 43: W.i32(0), 44: b("99.0PERCENTILE"),
                       46: b("100")})
    cf2 = cf_def(ks, "ttl_items", comparator="UTF8Type", extra={43: W.i32(86400)})
    steps = [
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf),
        v19.system_add_column_family(cf2),
        v19.describe_keyspace(ks),
        v19.insert("i1", cparent("items"), column("a", "1", 10)),
        v19.insert("i1", cparent("items"), column("b", "2", 10)),
        v19.insert("i1", cparent("items"), column("c", "3", 10)),
        v19.get_slice("i1", cparent("items"), pred(start="", finish=""), cl=LOCAL_ONE),
        v19.get_slice("i1", cparent("items"), pred(start="", finish=""), cl=ONE),
        multi_slice("i1", "items", [("a", "a"), ("c", "")]),
        multi_slice("i1", "items", [("a", "b")], reversed_=True, count=1),
        cas("i2", "items", [], [column("a", "x", 10)]),
        cas("i2", "items", [column("a", "x", 10)], [column("a", "y", 11)]),
        cas("i2", "items", [column("a", "z", 10)], [column("a", "w", 12)]),
        v19.get_slice("i2", cparent("items"), pred(start="", finish="")).mask("0/*/1/3"),
        ring_mask(D.raw("describe_local_ring", {1: b(ks)})),
        v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={43: W.i32(60), 44: b("ALWAYS")})),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={44: b("sometimes")})),
        # no expected list at all: 2.0 closes the connection, so last
        cas("i3", "items", None, [column("a", "x", 10)]),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax on CQL 3 tables
@scenario("zb_astyanax_cql3", "19", "thrift", keyspace_reset="zb_asty")
def astyanax_cql3():
    """Astyanax 1.56 reading a CQL 3 table of two clustering columns as a Thrift family:
    describe_keyspace of the table, CompositeType slices bounded by end-of-component bytes,
    counts, multiget, and a composite column written back by Thrift."""
    ks = "zb_asty"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE events (device text, day int, seq int, kind text, v int, "
            "PRIMARY KEY (device, day, seq))"),
        cql("CREATE TABLE flat (device text, day int, seq int, v int, "
            "PRIMARY KEY (device, day, seq)) WITH COMPACT STORAGE"),
    ]
    for d in (1, 2):
        for s in (1, 2, 3):
            steps.append(cql("INSERT INTO events (device, day, seq, kind, v) VALUES "
                             "('d1', %d, %d, 'k', %d) USING TIMESTAMP 100" % (d, s, d * 10 + s)))
            steps.append(cql("INSERT INTO flat (device, day, seq, v) VALUES "
                             "('d1', %d, %d, %d) USING TIMESTAMP 100" % (d, s, d * 10 + s)))
    steps += [
        v19.describe_keyspace(ks),
        v19.get_slice("d1", cparent("flat"), pred(start=comp(i32b(1), eoc=0),
                                                  finish=comp(i32b(1), eoc=1))),
        v19.get_slice("d1", cparent("flat"), pred(start=comp(i32b(1), i32b(2)),
                                                  finish=comp(i32b(2), eoc=0xff))),
        v19.get_slice("d1", cparent("flat"), pred(start=comp(i32b(2), eoc=1), finish="",
                                                  reversed=True, count=2)),
        v19.get_count("d1", cparent("flat"), pred(start="", finish="")),
        v19.get_slice("d1", cparent("events"), pred(start=comp(i32b(2), eoc=0),
                                                    finish=comp(i32b(2), eoc=1))),
        v19.get_count("d1", cparent("events"), pred(start="", finish="")),
        v19.multiget_slice(["d1", "d2"], cparent("flat"), pred(start="", finish="", count=2)),
        v19.insert("d1", cparent("flat"), column(comp(i32b(3), i32b(1)), i32b(31), 200)),
        v19.insert("d1", cparent("flat"), column(comp(i32b(3)), i32b(30), 200)),
        v19.insert("d1", cparent("flat"), column(comp(i32b(3), i32b(2)), "bad", 200)),
        cql("SELECT * FROM flat WHERE device = 'd1' AND day = 3"),
        v19.get_slice("d1", cparent("flat"), pred(names=[comp(i32b(1), i32b(2))])),
        v19.remove("d1", cpath("flat", col=comp(i32b(1), i32b(1))), 300),
        cql("SELECT day, seq, v FROM flat WHERE device = 'd1' AND day = 1"),
        v19.get_range_slices(cparent("events"), pred(start="", finish="", count=3),
                             key_range(start_key="", end_key="", count=5)),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 counters
@scenario("zb_pageviews", "19", "cql3", keyspace_reset="zb_pv")
def pageviews():
    """Page-view analytics on CQL 3 counter tables: several counters a row, clustering by
    day, prepared increments bound with wrong widths, counter batches, a counter deleted,
    reads by range, and the mistakes (SET to a value, INSERT, USING TTL)."""
    ks = "zb_pv"
    inc = "UPDATE views SET hits = hits + ?, bytes = bytes + ? WHERE page = ? AND day = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE views (page text, day int, hits counter, bytes counter, "
            "PRIMARY KEY (page, day))"),
        cql("UPDATE views SET hits = hits + 1, bytes = bytes + 512 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET hits = hits + 1 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET hits = hits - 3 WHERE page = '/' AND day = 2"),
        prep(inc),
        exe(ks, inc, [i64b(2), i64b(100), "/about", i32b(1)]),
        exe(ks, inc, [i32b(2), i64b(100), "/about", i32b(1)]),
        exe(ks, inc, [i64b(5), i64b(0), "/about", i32b(2)]),
        cql("BEGIN COUNTER BATCH UPDATE views SET hits = hits + 1 WHERE page = '/' AND day = 3; "
            "UPDATE views SET hits = hits + 1 WHERE page = '/about' AND day = 3; APPLY BATCH"),
        cql("SELECT * FROM views WHERE page = '/'"),
        cql("SELECT day, hits FROM views WHERE page = '/about' AND day >= 2"),
        cql("SELECT hits FROM views WHERE page IN ('/', '/about') AND day = 1"),
        cql("UPDATE views SET hits = 5 WHERE page = '/' AND day = 1"),
        cql("INSERT INTO views (page, day, hits) VALUES ('/', 9, 1)"),
        cql("UPDATE views USING TTL 60 SET hits = hits + 1 WHERE page = '/' AND day = 1"),
        cql("UPDATE views SET hits = hits + 1, day = 2 WHERE page = '/'"),
        cql("UPDATE views SET hits = hits + 1 WHERE page = '/'"),
        cql("DELETE FROM views WHERE page = '/' AND day = 2"),
        cql("SELECT day, hits, bytes FROM views WHERE page = '/'"),
        cql("SELECT COUNT(*) FROM views WHERE page = '/about'"),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, c counter, v int)"),
        cql("ALTER TABLE views ADD extra int"),
        cql("ALTER TABLE views ADD more counter"),
    ]
    return steps


# ---------------------------------------------------------------- static columns
@scenario("zb_static_cart", "19", "cql3", keyspace_reset="zb_cart")
def static_cart():
    """A shopping cart on 2.0's static columns (the cart's owner and state shared by its
    lines; a syntax error on 1.2, where the app keeps them in a second table), a
    conditional checkout on the static column, DISTINCT of the statics."""
    ks = "zb_cart"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE cart (cart_id int, owner text static, state text static, "
            "sku text, qty int, PRIMARY KEY (cart_id, sku))"),
    ]
    if not V20:
        steps += [
            cql("CREATE TABLE cart (cart_id int, sku text, qty int, PRIMARY KEY (cart_id, sku))"),
            cql("CREATE TABLE cart_head (cart_id int PRIMARY KEY, owner text, state text)"),
        ]
    steps += [
        cql("INSERT INTO cart (cart_id, owner, state) VALUES (1, 'ann', 'open') "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO cart (cart_id, sku, qty) VALUES (1, 'apple', 3) USING TIMESTAMP 100"),
        cql("INSERT INTO cart (cart_id, sku, qty) VALUES (1, 'pear', 1) USING TIMESTAMP 100"),
        cql("INSERT INTO cart (cart_id, owner, sku, qty) VALUES (2, 'bob', 'fig', 2) "
            "USING TIMESTAMP 100"),
        cql("SELECT * FROM cart WHERE cart_id = 1"),
        cql("SELECT DISTINCT cart_id, owner, state FROM cart"),
        cql("SELECT owner, sku FROM cart WHERE cart_id = 2"),
        cql("UPDATE cart USING TIMESTAMP 200 SET state = 'paid' WHERE cart_id = 1"),
        cql("UPDATE cart USING TIMESTAMP 200 SET qty = 4 WHERE cart_id = 1"),
        cql("UPDATE cart SET state = 'shipped' WHERE cart_id = 1 IF state = 'paid'"),
        cql("UPDATE cart SET state = 'shipped' WHERE cart_id = 1 IF state = 'paid'"),
        cql("SELECT cart_id, sku, state FROM cart WHERE cart_id = 1"),
        cql("DELETE FROM cart USING TIMESTAMP 300 WHERE cart_id = 1 AND sku = 'apple'"),
        cql("DELETE FROM cart USING TIMESTAMP 300 WHERE cart_id = 2 AND sku = 'fig'"),
        cql("SELECT * FROM cart"),
        cql("CREATE TABLE bad (k int PRIMARY KEY, s int static)"),
        cql("SELECT COUNT(*) FROM cart WHERE cart_id = 1"),
    ]
    return steps


# ---------------------------------------------------------------- user types
@scenario("zb_udt_profile", "19", "cql3", keyspace_reset="zb_udt")
def udt_profile():
    """A profile service on 2.1's user types: an address type, a frozen address and a map
    of frozen addresses in a table, field selection, whole-value updates, a tuple of
    (lat, lon); what 1.2 and 2.0 answered to the same schema."""
    ks = "zb_udt"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE address (street text, city text, zip int)"),
        cql("CREATE TABLE profile (uid int PRIMARY KEY, name text, home frozen<address>, "
            "others map<text, frozen<address>>, loc frozen<tuple<double, double>>)"),
        cql("INSERT INTO profile (uid, name, home, others, loc) VALUES (1, 'ann', "
            "{street: '1 Main', city: 'Oslo', zip: 150}, {'work': {street: '2 Side', "
            "city: 'Oslo', zip: 151}}, (59.9, 10.7)) USING TIMESTAMP 100"),
        cql("INSERT INTO profile (uid, name, home) VALUES (2, 'bob', {city: 'Rome'}) "
            "USING TIMESTAMP 100"),
        cql("SELECT * FROM profile WHERE uid = 1"),
        cql("SELECT name, home.city, home.zip FROM profile WHERE uid IN (1, 2)"),
        cql("UPDATE profile USING TIMESTAMP 200 SET others['cabin'] = {street: 'Lake', "
            "city: 'Hol', zip: 3576} WHERE uid = 1"),
        cql("SELECT others FROM profile WHERE uid = 1"),
        cql("UPDATE profile SET home.city = 'Bergen' WHERE uid = 1"),
        cql("INSERT INTO profile (uid, home) VALUES (3, {street: 'x', town: 'y'})"),
        cql("INSERT INTO profile (uid, home) VALUES (3, {street: 'x', zip: 'y'})"),
        cql("ALTER TYPE address ADD country text"),
        cql("SELECT home FROM profile WHERE uid = 2"),
        cql("CREATE TABLE plainudt (uid int PRIMARY KEY, home address)"),
        cql("DROP TYPE address"),
        cql("CREATE TYPE IF NOT EXISTS address (street text)"),
    ]
    return steps


# ---------------------------------------------------------------- beginner's mistakes
@scenario("zb_mistakes", "19", "cql3", keyspace_reset="zb_oops")
def mistakes():
    """A beginner's first day over execute_cql3_query: queries before set_keyspace, a
    keyspace named with capitals unquoted, a missing table, type mismatches, a key left
    out, a reserved word as a column, a non-key WHERE without an index, ORDER BY on a
    partition key, a LIMIT of 0, a write at ANY and a read at ANY."""
    ks = "zb_oops"
    steps = [
        cql("SELECT * FROM users"),
        cql("CREATE KEYSPACE zb_Oops WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}"),
        v19.set_keyspace("zb_Oops"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE users (id int PRIMARY KEY, name text, age int)"),
        cql("CREATE TABLE users (id int PRIMARY KEY, name text)"),
        cql("CREATE TABLE users2 (id int, name text)"),
        cql("CREATE TABLE users3 (id int PRIMARY KEY, select text)"),
        cql("INSERT INTO users (id, name, age) VALUES (1, 'ann', 30) USING TIMESTAMP 100"),
        cql("INSERT INTO users (id, name, age) VALUES ('2', 'bob', 31)"),
        cql("INSERT INTO users (id, name, age) VALUES (2, bob, 31)"),
        cql("INSERT INTO users (id, name, age) VALUES (2, 'bob', '31')"),
        cql("INSERT INTO users (name, age) VALUES ('bob', 31)"),
        cql("INSERT INTO users (id, name) VALUES (2, 'bob', 31)"),
        cql("INSERT INTO users (id, nam) VALUES (2, 'bob')"),
        cql("INSERT INTO users VALUES (2, 'bob', 31)"),
        cql("SELECT * FROM users WHERE name = 'ann'"),
        cql("SELECT * FROM users WHERE age > 20 ALLOW FILTERING"),
        cql("SELECT * FROM users ORDER BY id"),
        cql("SELECT * FROM users LIMIT 0"),
        cql("SELECT * FROM users WHERE id = 1;;"),
        cql("SELECT * FROM zb_oops.nosuch"),
        cql("SELECT * FROM nosuch_ks.users"),
        cql("UPDATE users SET age = 32 WHERE name = 'ann'"),
        cql("DELETE FROM users WHERE age = 30"),
        cql("INSERT INTO users (id, name) VALUES (3, 'cy') USING TIMESTAMP 100", cl=ANY),
        cql("SELECT * FROM users WHERE id = 1", cl=ANY),
        cql("SELECT * FROM users WHERE id = 3", cl=ALL),
        cql("select ID, Name from USERS where ID = 1"),
        cql('select "ID" from users'),
        cql("DROP TABLE nosuch"),
        cql("DROP KEYSPACE nosuch_ks"),
    ]
    return steps


# ---------------------------------------------------------------- Apache Gora
@scenario("zb_gora", "19", "thrift", keyspace_reset="zb_gora")
def gora():
    """Apache Gora's Hector store (Nutch 2 web pages): a keyspace of a standard family `f`
    and a super family `sc` of BytesType names, a page's simple fields as columns and its
    maps (outlinks, headers) as super columns, a key-range query, deleteByQuery by keys."""
    ks = "zb_gora"
    steps = [
        v19.describe_keyspaces().mask("0"),
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "f", comparator="BytesType", gc_grace=864000),
            cf_def(ks, "sc", column_type="Super", comparator="BytesType",
                   subcomparator="BytesType", gc_grace=864000)])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
    ]
    pages = ["com.example:http/", "com.example:http/a", "org.apache:http/"]
    for i, p in enumerate(pages):
        steps.append(v19.batch_mutate({p: {
            "f": [ins("bas", "http://x/", 100), ins("st", i32b(i), 100), ins("ts", i64b(i), 100)],
            "sc": [ins_super("ol", [("http://y/", "anchor%d" % i)], 100),
                   ins_super("h", [("Content-Type", "text/html")], 100)]}}))
    steps += [
        v19.get_slice(pages[0], cparent("f"), pred(names=["bas", "st", "ts"])),
        v19.get_slice(pages[0], cparent("sc"), pred(start="", finish="")),
        v19.get_slice(pages[0], cparent("sc", sc="ol"), pred(start="", finish="")),
        v19.get_range_slices(cparent("f"), pred(names=["st"]),
                             key_range(start_key="com.example:", end_key="com.example;",
                                       count=10)),
        v19.get_range_slices(cparent("sc"), pred(start="", finish=""),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_slice(pages, cparent("sc", sc="h"), pred(start="", finish="")),
        v19.batch_mutate({pages[1]: {"f": [mutation(deletion_=deletion(timestamp=101))],
                                     "sc": [mutation(deletion_=deletion(timestamp=101))]}}),
        v19.batch_mutate({pages[0]: {"sc": [mutation(deletion_=deletion(
            timestamp=101, sc="ol", predicate=pred(names=["http://y/"])))]}}),
        v19.get_slice(pages[0], cparent("sc"), pred(start="", finish="")),
        v19.get_slice(pages[1], cparent("f"), pred(start="", finish="")),
        v19.remove(pages[2], cpath("sc", sc="h"), 101),
        v19.get_slice(pages[2], cparent("sc"), pred(start="", finish="")),
        v19.insert(pages[2], cparent("sc"), column("x", "y", 102)),
        v19.get_count(pages[2], cparent("sc"), pred(start="", finish="")),
        v19.get_count(pages[2], cparent("sc", sc="ol"), pred(start="", finish="")),
    ]
    return steps


# ---------------------------------------------------------------- migration tool
@scenario("zb_mutagen", "19", "cql3", keyspace_reset="zb_mig")
def mutagen():
    """A mutagen-style migration runner: its Thrift `schema_version` family with UTF8Type
    names, the state read and written per step, CQL 3 steps run one by one (ALTER ADD,
    RENAME, DROP, an index), schema agreement polled between them, a failing step."""
    ks = "zb_mig"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "schema_version", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type")),
        v19.get_slice("state", cparent("schema_version"), pred(start="", finish="")),
        cql("CREATE TABLE account (id uuid PRIMARY KEY, email text, created timestamp)"),
        v19.describe_schema_versions(),
        v19.insert("state", cparent("schema_version"), column("version", "001", 10)),
        v19.insert("state", cparent("schema_version"), column("001_change", "ok", 10)),
        cql("ALTER TABLE account ADD status text"),
        cql("ALTER TABLE account ADD status int"),
        cql("ALTER TABLE account ALTER status TYPE blob"),
        cql("ALTER TABLE account DROP created"),
        cql("ALTER TABLE account RENAME id TO account_id"),
        cql("ALTER TABLE account RENAME email TO mail"),
        cql("CREATE INDEX account_email ON account (email)"),
        cql("CREATE INDEX ON account (email)"),
        v19.describe_schema_versions(),
        v19.insert("state", cparent("schema_version"), column("version", "002", 11)),
        cql("SELECT * FROM schema_version"),
        cql("SELECT key, column1, value FROM schema_version WHERE key = 'state'"),
        cql("INSERT INTO account (id, email, status) VALUES "
            "(62c36092-82a1-3a00-93d1-46196ee77204, 'a@x', 'new') USING TIMESTAMP 100"),
        cql("SELECT email, status FROM account WHERE email = 'a@x'"),
        cql("DROP INDEX account_email"),
        cql("DROP INDEX account_email"),
        cql("ALTER TABLE account WITH comment = 'accounts' AND read_repair_chance = 0.2"),
        v19.describe_keyspace(ks),
        v19.get_slice("state", cparent("schema_version"), pred(start="", finish="")),
    ]
    return steps


# ---------------------------------------------------------------- REST paging
@scenario("zb_rest_paging", "19", "cql3", keyspace_reset="zb_rest")
def rest_paging():
    """A REST API's paging: a partition of comments read in pages by the last clustering
    value (prepared, both directions), then every partition by token(), with a page size
    bound as a marker from 2.0 and the app's off-by-one mistakes."""
    ks = "zb_rest"
    page = "SELECT id, body FROM comments WHERE post = ? AND id > ? LIMIT 3"
    back = "SELECT id, body FROM comments WHERE post = ? AND id < ? ORDER BY id DESC LIMIT 3"
    lim = "SELECT id FROM comments WHERE post = ? LIMIT ?"
    tok = "SELECT post, id FROM comments WHERE token(post) > token(?) LIMIT 4"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE comments (post text, id int, body text, PRIMARY KEY (post, id))"),
    ]
    for p in ("p1", "p2", "p3"):
        for i in range(1, 8 if p == "p1" else 3):
            steps.append(cql("INSERT INTO comments (post, id, body) VALUES ('%s', %d, 'c%d') "
                             "USING TIMESTAMP 100" % (p, i, i)))
    steps += [
        prep(page), prep(back), prep(tok),
        exe(ks, page, ["p1", i32b(0)]),
        exe(ks, page, ["p1", i32b(3)]),
        exe(ks, page, ["p1", i32b(6)]),
        exe(ks, page, ["p1", i32b(7)]),
        exe(ks, back, ["p1", i32b(100)]),
        exe(ks, back, ["p1", i32b(5)]),
        exe(ks, page, ["p1", i64b(3)]),
        exe(ks, page, ["p1"]),
        prep(lim),
    ]
    if V20:
        steps += [exe(ks, lim, ["p1", i32b(2)]), exe(ks, lim, ["p1", i32b(0)]),
                  exe(ks, lim, ["p1", i32b(-1)])]
    steps += [
        cql("SELECT post, id FROM comments LIMIT 4"),
        exe(ks, tok, [""]),
        exe(ks, tok, ["p1"]),
        exe(ks, tok, ["p3"]),
        cql("SELECT post, id FROM comments WHERE token(post) > token('p2')"),
        cql("SELECT post, id FROM comments WHERE post > 'p1'"),
        cql("SELECT id FROM comments WHERE post = 'p1' AND id > 2 AND id <= 4"),
        cql("SELECT id FROM comments WHERE post = 'p1' AND id > 5 AND id < 3"),
        cql("SELECT id FROM comments WHERE post = 'p1' ORDER BY id DESC LIMIT 2"),
        cql("SELECT id FROM comments WHERE post = 'p1' ORDER BY body"),
    ]
    return steps


# ---------------------------------------------------------------- Python cql dbapi2
@scenario("zb_pycql_dbapi", "19", "cql3", keyspace_reset="zb_pycql")
def pycql_dbapi():
    """The Python `cql` 1.4 dbapi2 driver: set_cql_version, a `USE` statement, queries its
    own `:name` interpolation quoted (doubled quotes, unicode, blobs as hex), prepared
    statements where the driver turned `:name` into `?`, values bound per marker, and a
    cursor's description of an empty result."""
    ks = "zb_pycql"
    ins_q = "INSERT INTO notes (id, author, body, stars) VALUES (?, ?, ?, ?)"
    sel_q = "SELECT author, body, stars FROM notes WHERE id = ?"
    steps = [
        v19.set_cql_version("3.0.0"),
        D.raw("describe_version", {}),
        ks_cql(ks),
        cql('USE "zb_pycql"'),
        cql("CREATE TABLE notes (id int PRIMARY KEY, author text, body text, stars float, "
            "raw blob)"),
        cql("INSERT INTO notes (id, author, body) VALUES (1, 'O''Brien', 'it''s ok') "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO notes (id, author, body) VALUES (2, 'Zo\u00eb', '\u65e5\u672c') "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO notes (id, raw) VALUES (3, 0x00ff10) USING TIMESTAMP 100"),
        cql("INSERT INTO notes (id, raw) VALUES (4, '00ff10')"),
        cql("SELECT * FROM notes WHERE id IN (1, 2, 3)"),
        cql("SELECT * FROM notes WHERE id = 99"),
        prep(ins_q), prep(sel_q),
        prep("SELECT author FROM notes WHERE id = :id"),
        exe(ks, ins_q, [i32b(5), "ann", "hello", _st.pack(">f", 4.5)]),
        exe(ks, ins_q, [i32b(6), "ann", "hello", _st.pack(">d", 4.5)]),
        exe(ks, sel_q, [i32b(5)]),
        exe(ks, sel_q, [b"\x00\x00\x00\x05\x00"]),
        exe(ks, sel_q, []),
        v19.execute_prepared_cql3_query(12345, [i32b(5)]),
        v19.set_cql_version("3.1.0"),
        v19.set_cql_version("2.0.0"),
        cql("SELECT author FROM notes WHERE id = 1"),
    ]
    return steps
