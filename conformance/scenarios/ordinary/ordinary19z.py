"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (author z).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Spring Data Cassandra 1.0's CassandraTemplate (QueryBuilder output: quoted names, no
    blanks, IF NOT EXISTS, USING TTL with bind markers)
  * Titan 0.5's Thrift store manager (BytesType stores, LZ4 compression options, token
    scans, deletions by names and by slice)
  * KairosDB 0.9's data points (binary row keys, 4-byte column offsets, TTLs, reversed
    slices, counts over ranges, its row key index)
  * a Priam-style backup agent's describe calls
  * CQL 3 token paging through prepared statements bound with wrong widths and empty values
  * ALTER TABLE sequences on a COMPACT STORAGE table and a CQL 3 table, with their errors
  * a time series of (sensor, day) partitions: DISTINCT, IN on clustering, ORDER BY with
    LIMIT, writetime() and ttl()
  * CQL 2 of a legacy PHP app where the release still had it
  * list operations by index and value, prepared list binds
  * secondary-index queries with and without ALLOW FILTERING
  * keyspace administration in CQL 3
  * a Thrift CompositeType family read and written through CQL 3
  * blobs and the blob conversion functions
  * Usergrid-style schema bootstrap reading the schema tables
  * a super column family seen by a CQL 3 dashboard
  * CQL 3 batches with timestamps, conditions and mixed statements
  * a newcomer's CQL-over-Thrift mistakes (no keyspace, compression, versions)
  * a client built against 3.0's IDL talking to the older releases
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (scenario, v19, b, cf_def, ks_def, column_def, column, cparent, cpath, pred,  # noqa: E402
                 key_range, mutation, deletion, ins, ins_super, index_expr, index_clause, EQ)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (comp, exe, i32b, i64b, ks_cql, prep, splits_ex, strmap)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM  # noqa: E402
from kit import LOCAL_SERIAL, LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V20 = VER >= (2, 0)
V21 = VER >= (2, 1)
V22 = VER >= (2, 2)
MIN_TOKEN = kit.MIN_TOKEN


# ---------------------------------------------------------------- Spring Data Cassandra
@scenario("z_spring_template", "19", "cql3", keyspace_reset="z_spring")
def spring_template():
    """Spring Data Cassandra 1.0's CassandraTemplate on the DataStax QueryBuilder: the
    keyspace and table made IF NOT EXISTS (1.2 refuses and the app falls back), quoted
    mixed-case names, statements without blanks and with a trailing ';', insertIfNotExists,
    a conditional update, prepared writes with USING TTL ? and TIMESTAMP ?, a delete IF
    EXISTS, and the app's wrong-case column."""
    ks = "z_spring"
    ins_ttl = 'INSERT INTO "Person"("id","firstName","age") VALUES (?,?,?) USING TTL ?;'
    ins_ts = 'INSERT INTO "Person"("id","firstName","age") VALUES (?,?,?) USING TIMESTAMP ?;'
    steps = [
        cql("CREATE KEYSPACE IF NOT EXISTS z_spring WITH replication = {'class': "
            "'SimpleStrategy', 'replication_factor': 1};"),
    ]
    if not V20:
        steps.append(ks_cql(ks))
    steps += [
        v19.set_keyspace(ks),
        cql('CREATE TABLE IF NOT EXISTS "Person" ("id" text, "firstName" text, "age" int, '
            'PRIMARY KEY ("id"));'),
    ]
    if not V20:
        steps.append(cql('CREATE TABLE "Person" ("id" text, "firstName" text, "age" int, '
                         'PRIMARY KEY ("id"));'))
    steps += [
        cql('INSERT INTO "Person"("id","firstName","age") VALUES (\'p1\',\'Ann\',33) '
            'USING TIMESTAMP 1000;'),
        cql('INSERT INTO "Person"("id","firstName","age") VALUES (\'p1\',\'Bob\',40) '
            'IF NOT EXISTS;'),
        cql('INSERT INTO "Person"("id","firstName","age") VALUES (\'p2\',\'Cy\',20) '
            'IF NOT EXISTS USING TTL 86400;'),
        cql('UPDATE "Person" SET "age"=34 WHERE "id"=\'p1\' IF "age"=33;'),
        cql('UPDATE "Person" SET "age"=35 WHERE "id"=\'p1\' IF "age"=33;'),
        cql('SELECT * FROM "Person" WHERE "id"=\'p1\';'),
        cql('SELECT "firstName","age" FROM "Person" WHERE "id" IN (\'p1\',\'p2\',\'p3\');'),
        cql('SELECT firstName FROM "Person";'),
        cql('SELECT * FROM Person;'),
        prep(ins_ttl),
        prep(ins_ts),
        exe(ks, ins_ts, ["p3", "Dee", i32b(51), i64b(2000)]),
        exe(ks, ins_ts, ["p4", "Eve", i32b(52), i32b(2000)]),
        exe(ks, ins_ttl, ["p5", "Fay", i32b(53), i32b(3600)]),
        exe(ks, ins_ttl, ["p6", "Gus", i32b(54), i64b(3600)]),
        exe(ks, ins_ttl, ["p7", "Hal", i32b(55), i32b(-1)]),
        exe(ks, ins_ttl, ["p8", "Ida", i32b(56), b""]),
        cql('SELECT "id","firstName" FROM "Person";'),
        cql('SELECT COUNT(*) FROM "Person";'),
        cql('DELETE FROM "Person" WHERE "id"=\'p3\' IF EXISTS;'),
        cql('DELETE FROM "Person" WHERE "id"=\'p9\' IF EXISTS;'),
        cql('SELECT "id" FROM "Person" WHERE "id"=\'p3\';'),
        cql('TRUNCATE "Person";'),
        cql('DROP TABLE IF EXISTS "Person";'),
        cql('DROP TABLE IF EXISTS "Person";'),
    ]
    return steps


# ---------------------------------------------------------------- Titan 0.5 Thrift store
@scenario("z_titan05_thrift", "19", "schema", keyspace_reset="z_titan")
def titan05_thrift():
    """Titan 0.5's CassandraThriftStoreManager: the keyspace made by system_add_keyspace
    with no column families, its stores added one by one with BytesType names and keys and
    LZ4 compression options, a store it re-creates (already exists), edges written by
    batch_mutate with deletions by names, slices of byte ranges, a token scan in pages,
    and a slice deletion of a vertex's properties."""
    ks = "z_titan"
    comp_opts = {32: strmap({"sstable_compression":
                             "org.apache.cassandra.io.compress.LZ4Compressor",
                             "chunk_length_kb": "16"})}

    def store(name):
        return cf_def(ks, name, comparator="org.apache.cassandra.db.marshal.BytesType",
                      key_validation="org.apache.cassandra.db.marshal.BytesType",
                      default_validation="org.apache.cassandra.db.marshal.BytesType",
                      extra=comp_opts)

    v1, v2, v3 = b"\x00\x00\x00\x00\x00\x00\x04\x01", b"\x00\x00\x00\x00\x00\x00\x08\x01", \
        b"\x00\x00\x00\x00\x00\x00\x0c\x01"
    e = {v1: {"edgestore": [ins(b"\x10\x01", b"\x05name\x00Ann", 10),
                            ins(b"\x10\x02", b"\x20", 10),
                            ins(b"\x30\x00\x08\x01", b"\x01", 10),
                            ins(b"\x30\x00\x0c\x01", b"\x02", 10)]},
         v2: {"edgestore": [ins(b"\x10\x01", b"\x05name\x00Bob", 10),
                            ins(b"\x30\x00\x04\x01", b"\x01", 10)]},
         v3: {"edgestore": [ins(b"\x10\x01", b"\x05name\x00Cy", 10)]},
         b"\x81name\x00Ann": {"graphindex": [ins(v1, b"", 10)]}}
    return [
        v19.describe_partitioner(),
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.describe_keyspace(ks),
        v19.set_keyspace(ks),
        v19.system_add_column_family(store("edgestore")),
        v19.system_add_column_family(store("graphindex")),
        v19.system_add_column_family(store("system_properties")),
        v19.system_add_column_family(store("titan_ids")),
        v19.system_add_column_family(store("edgestore")),
        v19.batch_mutate(e, cl=QUORUM),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"\x30", finish=b"\x31"), cl=QUORUM),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"\x10", finish=b"\x10\xff",
                                                      count=1)),
        v19.multiget_slice([v1, v2, v3, b"\x00"], cparent("edgestore"),
                           pred(start=b"\x10\x01", finish=b"\x10\x02")),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=2)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token="0", end_token=MIN_TOKEN, count=2)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token="0", end_token="0", count=2)),
        v19.get_slice(b"\x81name\x00Ann", cparent("graphindex"), pred(start=b"", finish=b"")),
        v19.batch_mutate({v1: {"edgestore": [
            mutation(deletion_=deletion(20, predicate=pred(names=[b"\x30\x00\x0c\x01"])))]}}),
        v19.batch_mutate({v2: {"edgestore": [
            mutation(deletion_=deletion(20, predicate=pred(start=b"\x10", finish=b"\x10\xff")))]}}),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"", finish=b"")),
        v19.get_slice(v2, cparent("edgestore"), pred(start=b"", finish=b"")),
        v19.insert(b"\x00", cparent("titan_ids"), column(b"\x00\x00\x00\x00\x00\x00\x00\x01",
                                                       b"\x00\x00\x00\x00\x00\x00\x27\x10",
                                                       30)),
        v19.get_slice(b"\x00", cparent("titan_ids"), pred(start=b"", finish=b"",
                                                          reversed=True, count=5)),
        v19.remove(v3, cpath("edgestore"), 40),
        v19.get_count(v3, cparent("edgestore"), pred(start=b"", finish=b"")),
    ]


# ---------------------------------------------------------------- KairosDB
@scenario("z_kairosdb", "19", "wide_rows", keyspace_reset="z_kairos")
def kairosdb():
    """KairosDB 0.9's Hector datastore: data_points rows keyed by metric name, a 3-week
    row time and the data type, columns named by 4-byte offsets (a long or a double
    flag in the low bit), TTL'd points, the latest point by a reversed slice of one, a
    range of points, counts over ranges, the row_key_index and string_index families, a
    deletion of points by name and a delete of a whole row key entry."""
    ks = "z_kairos"
    dp = cf_def(ks, "data_points", comparator="BytesType", key_validation="BytesType",
                default_validation="BytesType")
    rki = cf_def(ks, "row_key_index", comparator="BytesType", key_validation="BytesType",
                 default_validation="BytesType")
    si = cf_def(ks, "string_index", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="BytesType")

    def rk(metric, t, typ="kairos_long"):
        return metric.encode() + b"\x00" + i64b(t) + b"\x00" + typ.encode()

    def off(n, dbl=False):
        return i32b((n << 1) | (1 if dbl else 0))

    r1, r2, r3 = rk("cpu", 1378000000000), rk("cpu", 1379814400000), \
        rk("mem", 1378000000000, "kairos_double")
    m = {r1: {"data_points": [ins(off(i * 1000), i64b(i * 3), 10) for i in range(8)]},
         r2: {"data_points": [ins(off(i * 500), i64b(100 + i), 10, ttl=864000)
                              for i in range(4)]},
         r3: {"data_points": [ins(off(7, True), _st.pack(">d", 1.5), 10)]},
         b"cpu": {"row_key_index": [ins(r1, b"", 10), ins(r2, b"", 10)]},
         b"mem": {"row_key_index": [ins(r3, b"", 10)]},
         "metric_names": {"string_index": [ins("cpu", b"", 10), ins("mem", b"", 10)]},
         "tag_names": {"string_index": [ins("host", b"", 10)]}}
    return [
        v19.describe_cluster_name(),
        v19.system_add_keyspace(ks_def(ks, [dp, rki, si])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m, cl=ONE),
        v19.get_slice("metric_names", cparent("string_index"), pred(start="", finish="")),
        v19.get_slice(b"cpu", cparent("row_key_index"),
                      pred(start=rk("cpu", 0), finish=rk("cpu", 1379900000000))),
        v19.get_slice(r1, cparent("data_points"), pred(start=off(2000), finish=off(5000))),
        v19.get_slice(r1, cparent("data_points"), pred(start="", finish="", reversed=True,
                                                       count=1)),
        v19.get_slice(r1, cparent("data_points"), pred(start=off(5000), finish=off(2000),
                                                       reversed=True, count=2)),
        v19.get_slice(r1, cparent("data_points"), pred(start=off(5000), finish=off(2000))),
        v19.get_slice(r2, cparent("data_points"), pred(start="", finish="")),
        v19.multiget_slice([r1, r2, r3], cparent("data_points"),
                           pred(start=off(1000), finish=off(1500, True))),
        v19.get_count(r1, cparent("data_points"), pred(start=off(2000), finish="")),
        v19.get_count(r1, cparent("data_points"), pred(start="", finish="", count=3)),
        v19.multiget_count([r1, r2, r3, b"none"], cparent("data_points"),
                           pred(start="", finish="")),
        v19.batch_mutate({r1: {"data_points": [
            mutation(deletion_=deletion(20, predicate=pred(names=[off(0), off(1000)])))]}}),
        v19.remove(b"cpu", cpath("row_key_index", col=r1), 20),
        v19.get_slice(r1, cparent("data_points"), pred(start="", finish="", count=3)),
        v19.get_slice(b"cpu", cparent("row_key_index"), pred(start="", finish="")),
        v19.get_range_slices(cparent("string_index"), pred(start="", finish=""),
                             key_range(start_key="", end_key="", count=10)),
        v19.get(r3, cpath("data_points", col=off(7, True))),
        v19.get(r3, cpath("data_points", col=off(7))),
    ]


# ---------------------------------------------------------------- Priam
@scenario("z_priam_agent", "19", "describe", keyspace_reset="z_priam")
def priam_agent():
    """A Priam-style backup and token agent: the cluster's name, version, partitioner and
    snitch, the ring of a keyspace it made by Thrift, the token map, splits of a family,
    schema versions, and the mistakes: a ring of a missing keyspace, splits of a missing
    family and of inverted tokens."""
    ks = "z_priam"
    cf = cf_def(ks, "backups", comparator="UTF8Type", key_validation="UTF8Type")
    steps = [
        v19.describe_cluster_name(),
        D.raw("describe_version", {}),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_ring("z_nosuch"),
        v19.system_add_keyspace(ks_def(ks, [cf])),
        v19.describe_ring(ks),
        v19.describe_token_map(),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"snap%d" % i: {"backups": [ins("file", "f%d" % i, 5)]}
                          for i in range(6)}),
        splits_ex("backups", MIN_TOKEN, MIN_TOKEN, 128),
        splits_ex("nosuch", MIN_TOKEN, MIN_TOKEN, 128),
        v19.describe_splits("backups", "0", "100", 128),
        v19.describe_ring("system"),
        v19.describe_keyspace("z_nosuch"),
    ]
    return steps


# ---------------------------------------------------------------- token paging binds
@scenario("z_token_paging_binds", "19", "cql3", keyspace_reset="z_tpage")
def token_paging_binds():
    """A CQL 3 exporter paging an int-keyed table by `token(id) > token(?)` through
    prepared statements: the right binds, a key bound as a long, an empty key, three
    bytes; 2.0's LIMIT ? bound 0, negative, as a long and empty; an equality bound empty."""
    ks = "z_tpage"
    ins_q = "INSERT INTO ev (id, v) VALUES (?, ?) USING TIMESTAMP 1000"
    page = "SELECT id, v FROM ev WHERE token(id) > token(?) LIMIT 3"
    eq = "SELECT v FROM ev WHERE id = ?"
    lim = "SELECT id FROM ev WHERE token(id) > token(?) LIMIT ?"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE ev (id int PRIMARY KEY, v text)"),
             prep(ins_q)]
    for i in range(8):
        steps.append(exe(ks, ins_q, [i32b(i), "v%d" % i]))
    steps += [
        cql("SELECT id, token(id) FROM ev"),
        prep(page),
        exe(ks, page, [i32b(3)]),
        exe(ks, page, [i32b(6)]),
        exe(ks, page, [i64b(3)]),
        exe(ks, page, [b""]),
        exe(ks, page, [b"\x00\x00\x03"]),
        exe(ks, page, []),
        prep(eq),
        exe(ks, eq, [i32b(2)]),
        exe(ks, eq, [b""]),
        exe(ks, eq, [i32b(99)]),
        prep(lim),
    ]
    if V20:
        steps += [
            exe(ks, lim, [i32b(3), i32b(2)]),
            exe(ks, lim, [i32b(3), i32b(0)]),
            exe(ks, lim, [i32b(3), i32b(-1)]),
            exe(ks, lim, [i32b(3), i64b(2)]),
            exe(ks, lim, [i32b(3), b""]),
        ]
    steps += [
        cql("SELECT id FROM ev WHERE token(id) > token(3) AND token(id) < token(3)"),
        cql("SELECT id FROM ev WHERE token(id) >= token(3) LIMIT 2"),
        cql("SELECT id FROM ev WHERE token(id) > token('a')"),
    ]
    return steps


# ---------------------------------------------------------------- ALTER sequences
@scenario("z_alter_sequences", "19", "schema", keyspace_reset="z_alter")
def alter_sequences():
    """A migration tool's ALTER TABLE steps on a COMPACT STORAGE table (renames of the key
    and clustering columns, a retyped value, the refused add and drop) and on a CQL 3 table
    (add, drop, rename, retype, their errors), each read back by a SELECT."""
    ks = "z_alter"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE kv (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
        cql("INSERT INTO kv (k, c, v) VALUES ('a', 1, 'x') USING TIMESTAMP 1000"),
        cql("ALTER TABLE kv RENAME k TO pk"),
        cql("ALTER TABLE kv RENAME c TO ck AND pk TO key2"),
        cql("ALTER TABLE kv RENAME v TO val"),
        cql("ALTER TABLE kv ADD extra int"),
        cql("ALTER TABLE kv DROP v"),
        cql("ALTER TABLE kv ALTER v TYPE blob"),
        cql("ALTER TABLE kv ALTER c TYPE blob"),
        cql("ALTER TABLE kv ALTER c TYPE varint"),
        cql("SELECT * FROM kv"),
        cql("CREATE TABLE users (id text PRIMARY KEY, name text, age int)"),
        cql("INSERT INTO users (id, name, age) VALUES ('u1', 'Ann', 30) USING TIMESTAMP 1000"),
        cql("ALTER TABLE users ADD email text"),
        cql("ALTER TABLE users ADD email text"),
        cql("ALTER TABLE users ADD name int"),
        cql("ALTER TABLE users DROP nosuch"),
        cql("ALTER TABLE users DROP id"),
        cql("ALTER TABLE users RENAME name TO full_name"),
        cql("ALTER TABLE users RENAME id TO uid"),
        cql("ALTER TABLE users RENAME uid TO age"),
        cql("ALTER TABLE users ALTER age TYPE varint"),
        cql("ALTER TABLE users ALTER age TYPE text"),
        cql("ALTER TABLE users ALTER name TYPE blob"),
        cql("ALTER TABLE users ALTER nosuch TYPE blob"),
        cql("ALTER TABLE users WITH comment = 'people' AND gc_grace_seconds = 3600"),
        cql("ALTER TABLE users WITH nosuch_option = 1"),
        cql("ALTER TABLE nosuch ADD x int"),
        cql("UPDATE users USING TIMESTAMP 2000 SET email = 'a@x' WHERE uid = 'u1'"),
        cql("SELECT * FROM users"),
        cql("ALTER TABLE users DROP email"),
        cql("SELECT * FROM users"),
    ]


# ---------------------------------------------------------------- time series
@scenario("z_timeseries", "19", "cql3", keyspace_reset="z_ts")
def timeseries():
    """Sensor readings partitioned by (sensor, day) and clustered newest first: a day read
    by range and LIMIT, ORDER BY ascending, IN on the clustering column, DISTINCT of the
    partition key, writetime() and ttl() of written values, the mistakes of an ORDER BY
    without a partition restricted and a range on a partition key part."""
    ks = "z_ts"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE readings (sensor text, day text, ts timestamp, val double, "
                 "unit text, PRIMARY KEY ((sensor, day), ts)) WITH CLUSTERING ORDER BY "
                 "(ts DESC)")]
    for s in ["s1", "s2"]:
        for d in ["2013-09-01", "2013-09-02"]:
            for h in range(3):
                steps.append(cql(
                    "INSERT INTO readings (sensor, day, ts, val, unit) VALUES ('%s', '%s', "
                    "'%s %02d:00:00+0000', %d.5, 'C') USING TIMESTAMP %d"
                    % (s, d, d, h * 6, h + 20, 1000 + h)))
    steps += [
        cql("SELECT ts, val FROM readings WHERE sensor = 's1' AND day = '2013-09-01'"),
        cql("SELECT ts, val FROM readings WHERE sensor = 's1' AND day = '2013-09-01' "
            "AND ts >= '2013-09-01 06:00:00+0000' LIMIT 1"),
        cql("SELECT ts, val FROM readings WHERE sensor = 's1' AND day = '2013-09-01' "
            "ORDER BY ts ASC LIMIT 2"),
        cql("SELECT ts FROM readings WHERE sensor = 's1' AND day = '2013-09-01' "
            "AND ts IN ('2013-09-01 00:00:00+0000', '2013-09-01 12:00:00+0000')"),
        cql("SELECT DISTINCT sensor, day FROM readings"),
        cql("SELECT DISTINCT sensor FROM readings"),
        cql("SELECT writetime(val), ttl(val) FROM readings WHERE sensor = 's2' AND "
            "day = '2013-09-02' LIMIT 2"),
        cql("SELECT writetime(sensor) FROM readings WHERE sensor = 's2' AND day = '2013-09-02'"),
        cql("SELECT ts, val FROM readings ORDER BY ts DESC"),
        cql("SELECT ts FROM readings WHERE sensor = 's1' AND day > '2013-09-01'"),
        cql("SELECT ts FROM readings WHERE sensor = 's1'"),
        cql("SELECT ts FROM readings WHERE sensor = 's1' AND day = '2013-09-01' ORDER BY val"),
        cql("SELECT count(*) FROM readings WHERE sensor = 's2' AND day = '2013-09-01'"),
        cql("DELETE FROM readings USING TIMESTAMP 2000 WHERE sensor = 's2' AND "
            "day = '2013-09-01' AND ts = '2013-09-01 06:00:00+0000'"),
        cql("SELECT ts FROM readings WHERE sensor = 's2' AND day = '2013-09-01'"),
        cql("SELECT ts FROM readings WHERE sensor = 's2' AND day IN ('2013-09-01', "
            "'2013-09-02') LIMIT 4"),
    ]
    return steps


# ---------------------------------------------------------------- CQL 2 legacy app
@scenario("z_cql2_legacy", "19", "cql2", keyspace_reset="z_cql2")
def cql2_legacy():
    """A PHP app written for 1.0 on phpcassa's CQL 2 path, still running against the
    newer node: set_cql_version('2.0.0'), a column family of typed columns made by CQL 2,
    writes at chosen timestamps, FIRST/REVERSED slices, a name range, a count, an index and
    its query, a delete; where the release dropped CQL 2 the calls are refused."""
    ks = "z_cql2"
    return [
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.set_cql_version("2.0.0"),
        v19.execute_cql_query("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, "
                              "name varchar, age int) WITH comparator = varchar AND "
                              "default_validation = varchar"),
        v19.execute_cql_query("INSERT INTO users (KEY, name, age) VALUES ('u1', 'Ann', 30) "
                              "USING TIMESTAMP 1000"),
        v19.execute_cql_query("UPDATE users USING CONSISTENCY QUORUM AND TIMESTAMP 1000 SET "
                              "name = 'Bob', age = 41, city = 'Oslo' WHERE KEY = 'u2'"),
        v19.execute_cql_query("SELECT * FROM users WHERE KEY = 'u1'"),
        v19.execute_cql_query("SELECT FIRST 1 REVERSED * FROM users WHERE KEY = 'u2'"),
        v19.execute_cql_query("SELECT 'age'..'name' FROM users WHERE KEY = 'u2'"),
        v19.execute_cql_query("SELECT COUNT(*) FROM users"),
        v19.execute_cql_query("CREATE INDEX users_age ON users (age)"),
        v19.execute_cql_query("SELECT name FROM users WHERE age = 41"),
        v19.execute_cql_query("DELETE city FROM users USING TIMESTAMP 2000 WHERE KEY = 'u2'"),
        v19.execute_cql_query("SELECT * FROM users WHERE KEY IN ('u1', 'u2')"),
        v19.execute_cql_query("SELECT * FROM users WHERE KEY = 'u1' AND age > 10"),
        v19.execute_cql_query("TRUNCATE users"),
        v19.execute_cql_query("SELECT * FROM users"),
        v19.set_cql_version("3.0.0"),
        cql("SELECT * FROM users"),
    ]


# ---------------------------------------------------------------- lists
@scenario("z_list_ops", "19", "cql3", keyspace_reset="z_list")
def list_ops():
    """A to-do app keeping each user's items in a list: appends and prepends, a set by
    index and one past the end, a delete by index, a removal by value, a prepared append of
    a bound list and an index bound by a marker, and the list read back each time."""
    ks = "z_list"
    app = "UPDATE todo USING TIMESTAMP 3000 SET items = items + ? WHERE id = ?"
    setq = "UPDATE todo USING TIMESTAMP 3100 SET items[?] = ? WHERE id = ?"
    lst = _st.pack(">H", 2) + _st.pack(">H", 1) + b"x" + _st.pack(">H", 1) + b"y"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE todo (id text PRIMARY KEY, items list<text>, done set<int>)"),
        cql("INSERT INTO todo (id, items) VALUES ('u1', ['a', 'b', 'c']) USING TIMESTAMP 1000"),
        cql("UPDATE todo USING TIMESTAMP 1100 SET items[1] = 'B' WHERE id = 'u1'"),
        cql("UPDATE todo USING TIMESTAMP 1100 SET items[7] = 'z' WHERE id = 'u1'"),
        cql("UPDATE todo USING TIMESTAMP 1100 SET items[1] = 'B' WHERE id = 'u9'"),
        cql("SELECT items FROM todo WHERE id = 'u1'"),
        cql("DELETE items[0] FROM todo WHERE id = 'u1'"),
        cql("SELECT items FROM todo WHERE id = 'u1'"),
        cql("UPDATE todo USING TIMESTAMP 1200 SET items = items - ['c'] WHERE id = 'u1'"),
        cql("SELECT items FROM todo WHERE id = 'u1'"),
        cql("UPDATE todo USING TIMESTAMP 1300 SET done = done + {3}, items = items + ['d'] "
            "WHERE id = 'u1'"),
        cql("UPDATE todo SET items = items + 'e' WHERE id = 'u1'"),
        cql("UPDATE todo SET done = done + [1] WHERE id = 'u1'"),
        cql("UPDATE todo SET done[0] = 1 WHERE id = 'u1'"),
        prep(app), prep(setq),
        exe(ks, app, [lst, "u2"]),
        exe(ks, setq, [i32b(0), "X", "u2"]),
        exe(ks, setq, [i32b(5), "X", "u2"]),
        cql("SELECT id, items, done FROM todo"),
        cql("DELETE items FROM todo USING TIMESTAMP 4000 WHERE id = 'u2'"),
        cql("SELECT items FROM todo WHERE id = 'u2'"),
    ]


# ---------------------------------------------------------------- index filters
@scenario("z_index_filters", "19", "indexes", keyspace_reset="z_ixf")
def index_filters():
    """A user directory on CQL 3 secondary indexes: an equality on the indexed column,
    with a second condition with and without ALLOW FILTERING, a range alone on the indexed
    column, a condition on an unindexed column, two indexed columns, an index on the key
    part refused, and get_indexed_slices from the Thrift side."""
    ks = "z_ixf"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE people (id text PRIMARY KEY, city text, age int, team text)"),
             cql("CREATE INDEX people_city ON people (city)"),
             cql("CREATE INDEX ON people (team)")]
    rows = [("p1", "oslo", 30, "red"), ("p2", "oslo", 40, "blue"), ("p3", "rome", 30, "red"),
            ("p4", "oslo", 50, "red")]
    for r in rows:
        steps.append(cql("INSERT INTO people (id, city, age, team) VALUES ('%s', '%s', %d, "
                         "'%s') USING TIMESTAMP 1000" % r))
    steps += [
        cql("SELECT id FROM people WHERE city = 'oslo'"),
        cql("SELECT id FROM people WHERE city = 'oslo' AND age > 35"),
        cql("SELECT id FROM people WHERE city = 'oslo' AND age > 35 ALLOW FILTERING"),
        cql("SELECT id FROM people WHERE city = 'oslo' AND team = 'red'"),
        cql("SELECT id FROM people WHERE city = 'oslo' AND team = 'red' ALLOW FILTERING"),
        cql("SELECT id FROM people WHERE city > 'a'"),
        cql("SELECT id FROM people WHERE age = 30"),
        cql("SELECT id FROM people WHERE age = 30 ALLOW FILTERING"),
        cql("SELECT count(*) FROM people WHERE team = 'red'"),
        cql("SELECT id FROM people WHERE city = 'oslo' LIMIT 1"),
        cql("CREATE INDEX ON people (id)"),
        cql("CREATE INDEX people_city ON people (age)"),
        v19.get_indexed_slices(cparent("people"),
                               index_clause([index_expr("city", EQ, "rome")]),
                               pred(start="", finish="")),
        cql("DROP INDEX people_city"),
        cql("SELECT id FROM people WHERE city = 'oslo'"),
        cql("DROP INDEX people_city"),
    ]
    return steps


# ---------------------------------------------------------------- keyspace admin
@scenario("z_keyspace_admin", "19", "schema", keyspace_reset="z_ksadm")
def keyspace_admin():
    """An operator's CQL 3 keyspace chores: a keyspace on NetworkTopologyStrategy, altered
    to SimpleStrategy and to durable_writes false, described by Thrift, USE through CQL
    then a table made without a keyspace name, the mistakes: no replication, no class,
    a strategy's missing factor, an unknown strategy, a keyspace that exists, a drop of one
    that does not."""
    ks = "z_ksadm"
    return [
        cql("CREATE KEYSPACE z_ksadm WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'datacenter1': 1}"),
        cql("CREATE KEYSPACE z_ksadm WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}"),
        cql("CREATE KEYSPACE z_ksadm2"),
        cql("CREATE KEYSPACE z_ksadm2 WITH replication = {'replication_factor': 1}"),
        cql("CREATE KEYSPACE z_ksadm2 WITH replication = {'class': 'SimpleStrategy'}"),
        cql("CREATE KEYSPACE z_ksadm2 WITH replication = {'class': 'NoSuchStrategy'}"),
        cql("ALTER KEYSPACE z_ksadm WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 2}"),
        cql("ALTER KEYSPACE z_ksadm WITH durable_writes = false"),
        v19.describe_keyspace(ks),
        cql("USE z_ksadm"),
        cql("CREATE TABLE t (k int PRIMARY KEY, v text)"),
        cql("INSERT INTO t (k, v) VALUES (1, 'a') USING TIMESTAMP 1000"),
        cql("SELECT * FROM z_ksadm.t"),
        cql("USE nosuch_ks"),
        cql("SELECT * FROM t"),
        cql("ALTER KEYSPACE nosuch_ks WITH durable_writes = true"),
        cql("DROP KEYSPACE nosuch_ks"),
        cql("DROP TABLE z_ksadm.nosuch"),
        cql("ALTER KEYSPACE z_ksadm WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1} AND durable_writes = true"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- Thrift composite via CQL 3
@scenario("z_composite_cf_cql", "19", "cql3", keyspace_reset="z_ccf")
def composite_cf_cql():
    """An Astyanax app's CompositeType(UTF8Type, Int32Type) family of UTF8 keys, written by
    Thrift, read by a newer CQL 3 service as (key, column1, column2, value), a range on the
    second component, CQL 3 writes read back by Thrift, and a component of the wrong width."""
    ks = "z_ccf"
    cf = cf_def(ks, "events", comparator="CompositeType(UTF8Type, Int32Type)",
                key_validation="UTF8Type", default_validation="UTF8Type")
    m = {"u1": {"events": [ins(comp("login", i32b(1)), "web", 10),
                           ins(comp("login", i32b(2)), "app", 10),
                           ins(comp("view", i32b(1)), "home", 10)]},
         "u2": {"events": [ins(comp("login", i32b(5)), "web", 10)]}}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m),
        cql("SELECT * FROM events WHERE key = 'u1'"),
        cql("SELECT column2, value FROM events WHERE key = 'u1' AND column1 = 'login' "
            "AND column2 > 1"),
        cql("SELECT * FROM events WHERE key = 'u1' AND column2 = 1"),
        cql("SELECT * FROM events WHERE key = 'u1' ORDER BY column1 DESC"),
        cql("INSERT INTO events (key, column1, column2, value) VALUES ('u2', 'view', 3, "
            "'cart') USING TIMESTAMP 1000"),
        cql("INSERT INTO events (key, column1, value) VALUES ('u2', 'view', 'x') "
            "USING TIMESTAMP 1100"),
        v19.get_slice("u2", cparent("events"), pred(start="", finish="")),
        v19.insert("u2", cparent("events"), column(comp("view", b"\x00\x01"), "bad", 20)),
        v19.insert("u2", cparent("events"), column(comp("view"), "half", 20)),
        v19.get_slice("u2", cparent("events"), pred(start=comp("view"),
                                                    finish=comp("view", eoc=1))),
        cql("DELETE FROM events USING TIMESTAMP 2000 WHERE key = 'u1' AND column1 = 'login' "
            "AND column2 = 1"),
        cql("SELECT count(*) FROM events WHERE key = 'u1'"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- blobs
@scenario("z_blob_store", "19", "cql3", keyspace_reset="z_blob")
def blob_store():
    """A content-addressed blob store: blob keys as hex constants, an empty blob, the
    conversion functions in writes and selections, a string where a blob goes, odd hex."""
    ks = "z_blob"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE chunks (h blob PRIMARY KEY, data blob, size bigint, name text)"),
        cql("INSERT INTO chunks (h, data, size, name) VALUES (0xcafe01, 0x00ff00, 3, 'a') "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO chunks (h, data, size) VALUES (0xcafe02, 0x, 0) USING TIMESTAMP 1000"),
        cql("INSERT INTO chunks (h, data, size, name) VALUES (textAsBlob('k3'), "
            "bigintAsBlob(7), 8, blobAsText(0x6869)) USING TIMESTAMP 1000"),
        cql("SELECT * FROM chunks WHERE h = 0xcafe01"),
        cql("SELECT h, blobAsBigint(data), size FROM chunks WHERE h = 0x6b33"),
        cql("SELECT name, textAsBlob(name) FROM chunks WHERE h = 0x6b33"),
        cql("SELECT data FROM chunks WHERE h = 0xcafe02"),
        cql("SELECT * FROM chunks WHERE h = 0xCAFE01"),
        cql("INSERT INTO chunks (h, data) VALUES ('cafe03', 0x01)"),
        cql("INSERT INTO chunks (h, data) VALUES (0xcafe0, 0x01)"),
        cql("INSERT INTO chunks (h, size) VALUES (0xcafe04, 0x0000000000000001)"),
        cql("SELECT h FROM chunks WHERE h IN (0xcafe01, 0xcafe02, 0xdead)"),
        v19.get_slice(b"\xca\xfe\x01", cparent("chunks"), pred(start="", finish="")).mask(
            "0/*/0/3"),
        cql("DELETE FROM chunks USING TIMESTAMP 2000 WHERE h = 0xcafe01"),
        cql("SELECT count(*) FROM chunks"),
    ]


# ---------------------------------------------------------------- schema bootstrap
@scenario("z_schema_bootstrap", "19", "schema", keyspace_reset="z_boot")
def schema_bootstrap():
    """A Usergrid-style bootstrap checking its schema through the schema tables before
    creating what is missing: the keyspace row, the tables of the keyspace with their
    comparators and validators, the columns of one table, the cluster name from
    system.local; then what it made by Thrift and CQL seen in the same tables."""
    ks = "z_boot"
    ent = cf_def(ks, "Entity_Properties", comparator="BytesType", key_validation="UUIDType",
                 default_validation="BytesType")
    return [
        cql("SELECT keyspace_name, durable_writes, strategy_class FROM system.schema_keyspaces "
            "WHERE keyspace_name = 'z_boot'"),
        v19.system_add_keyspace(ks_def(ks, [ent])),
        v19.set_keyspace(ks),
        cql("CREATE TABLE \"Entity_Dictionaries\" (key blob, column1 blob, value blob, "
            "PRIMARY KEY (key, column1)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE apps (id uuid PRIMARY KEY, name text, org text)"),
        cql("CREATE INDEX apps_org ON apps (org)"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options FROM "
            "system.schema_keyspaces WHERE keyspace_name = 'z_boot'"),
        cql("SELECT columnfamily_name, comparator, default_validator, key_validator, type, "
            "gc_grace_seconds FROM system.schema_columnfamilies WHERE keyspace_name = 'z_boot'"),
        cql("SELECT column_name, component_index, index_name, index_type, validator FROM "
            "system.schema_columns WHERE keyspace_name = 'z_boot' AND columnfamily_name = "
            "'apps'"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies WHERE "
            "keyspace_name = 'z_boot' AND columnfamily_name = 'Entity_Properties'"),
        cql("SELECT cluster_name, partitioner FROM system.local WHERE key = 'local'"),
        cql("SELECT * FROM system.schema_keyspaces WHERE keyspace_name = 'nosuch'"),
        cql("SELECT nosuch FROM system.schema_keyspaces"),
    ]


# ---------------------------------------------------------------- super CF via CQL 3
@scenario("z_super_cql3", "19", "super", keyspace_reset="z_super")
def super_cql3():
    """An old inbox on a super column family (Thrift) that a CQL 3 dashboard now reads:
    the super CF described, selected through CQL 3, written through CQL 3; and the Thrift
    side's own reads of it."""
    ks = "z_super"
    inbox = cf_def(ks, "Inbox", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type")
    m = {"ann": {"Inbox": [ins_super("m1", [("from", "bob"), ("subj", "hi")], 10),
                           ins_super("m2", [("from", "cy"), ("subj", "yo")], 10)]}}
    return [
        v19.system_add_keyspace(ks_def(ks, [inbox])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.get_slice("ann", cparent("Inbox"), pred(start="", finish="")),
        v19.get_slice("ann", cparent("Inbox", sc="m1"), pred(names=["subj"])),
        v19.get_count("ann", cparent("Inbox"), pred(start="", finish="")),
        cql("SELECT * FROM \"Inbox\""),
        cql("SELECT * FROM \"Inbox\" WHERE key = 'ann'"),
        cql("INSERT INTO \"Inbox\" (key, column1, column2, value) VALUES ('ann', 'm3', "
            "'from', 'dee') USING TIMESTAMP 1000"),
        cql("SELECT count(*) FROM \"Inbox\""),
        v19.get_slice("ann", cparent("Inbox"), pred(start="", finish="")),
    ]


# ---------------------------------------------------------------- batches
@scenario("z_cql_batches", "19", "cql3", keyspace_reset="z_batch")
def cql_batches():
    """An order service's CQL 3 batches: a logged batch with a timestamp on the batch, one
    with timestamps on its statements, both at once, an unlogged batch over two tables,
    a batch holding a SELECT, a conditional batch over one partition and over two (2.0),
    a batch of deletions and inserts of one row."""
    ks = "z_batch"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id text, line int, item text, qty int, PRIMARY KEY (id, line))"),
        cql("CREATE TABLE totals (id text PRIMARY KEY, n int)"),
        cql("BEGIN BATCH USING TIMESTAMP 1000 INSERT INTO orders (id, line, item, qty) VALUES "
            "('o1', 1, 'pen', 2); INSERT INTO orders (id, line, item, qty) VALUES ('o1', 2, "
            "'ink', 1); INSERT INTO totals (id, n) VALUES ('o1', 3) APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO orders (id, line, item) VALUES ('o2', 1, 'cap') USING "
            "TIMESTAMP 1100; UPDATE totals USING TIMESTAMP 1100 SET n = 1 WHERE id = 'o2'; "
            "APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 1200 INSERT INTO orders (id, line, item) VALUES "
            "('o3', 1, 'x') USING TIMESTAMP 1200; APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 1300 UPDATE orders SET qty = 5 WHERE "
            "id = 'o1' AND line = 1; DELETE FROM totals WHERE id = 'o2'; APPLY BATCH"),
        cql("BEGIN BATCH SELECT * FROM orders; APPLY BATCH"),
        cql("BEGIN BATCH USING TTL 100 INSERT INTO totals (id, n) VALUES ('o4', 1); "
            "APPLY BATCH"),
        cql("SELECT * FROM orders"),
        cql("SELECT * FROM totals"),
        cql("BEGIN BATCH USING TIMESTAMP 1400 DELETE FROM orders WHERE id = 'o1' AND line = 2; "
            "INSERT INTO orders (id, line, item, qty) VALUES ('o1', 2, 'ink', 9); APPLY BATCH"),
        cql("SELECT line, item, qty FROM orders WHERE id = 'o1'"),
    ]
    if V20:
        steps += [
            cql("BEGIN BATCH INSERT INTO orders (id, line, item) VALUES ('o5', 1, 'a') IF NOT "
                "EXISTS; INSERT INTO orders (id, line, item) VALUES ('o5', 2, 'b'); "
                "APPLY BATCH"),
            cql("BEGIN BATCH INSERT INTO orders (id, line, item) VALUES ('o5', 1, 'a') IF NOT "
                "EXISTS; INSERT INTO orders (id, line, item) VALUES ('o6', 1, 'b'); "
                "APPLY BATCH"),
            cql("BEGIN BATCH USING TIMESTAMP 1500 UPDATE totals SET n = 2 WHERE id = 'o5' "
                "IF n = 1; APPLY BATCH"),
            cql("SELECT line, item FROM orders WHERE id = 'o5'"),
        ]
    return steps


# ---------------------------------------------------------------- newcomer mistakes
@scenario("z_newcomer_mistakes", "19", "cql3", keyspace_reset="z_newb")
def newcomer_mistakes():
    """A newcomer's first day of CQL over Thrift: a query before any keyspace is set, the
    GZIP flag on a plain query, CQL versions the node lacks, a keyspace of the wrong case,
    a statement of two queries, an empty query, a reserved word as a column, a trailing
    comma, a quoted string in double quotes."""
    ks = "z_newb"
    return [
        cql("SELECT * FROM t"),
        cql("CREATE TABLE t (k int PRIMARY KEY)"),
        v19.execute_cql3_query("SELECT * FROM system.local", compression=1),
        v19.set_cql_version("3.1.0"),
        v19.set_cql_version("3.0.0-beta1"),
        v19.set_cql_version("4.0.0"),
        v19.set_cql_version("3"),
        ks_cql(ks),
        v19.set_keyspace("Z_NEWB"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE t (k int PRIMARY KEY, v text,)"),
        cql("CREATE TABLE t (k int PRIMARY KEY, v text)"),
        cql("INSERT INTO t (k, v) VALUES (1, \"one\")"),
        cql("INSERT INTO t (k, v) VALUES (1, 'one'); INSERT INTO t (k, v) VALUES (2, 'two')"),
        cql(""),
        cql("   "),
        cql("CREATE TABLE u (k int PRIMARY KEY, select text)"),
        cql("CREATE TABLE u (k int PRIMARY KEY, \"select\" text)"),
        cql("INSERT INTO u (k, \"select\") VALUES (1, 'x') USING TIMESTAMP 1000"),
        cql("SELECT \"select\" FROM u"),
        cql("SELECT * FROM t WHERE v = 'one'"),
        cql("SELECT * FROM t WHERE k = '1'"),
        cql("INSERT INTO t (k) VALUES (3)"),
        cql("INSERT INTO t (v) VALUES ('x')"),
        cql("UPDATE t SET k = 2 WHERE k = 1"),
    ]


# ---------------------------------------------------------------- 3.0's IDL client
@scenario("z_client_30_idl", "19", "idl", keyspace_reset="z_idl30")
def client_30_idl():
    """A client generated from 3.0's cassandra.thrift talking to the older release:
    CfDef fields of later releases (cells_per_row_to_cache, memtable flush period,
    default TTL, speculative retry, min and max index interval, triggers), get_multi_slice,
    describe_local_ring, LOCAL_ONE and LOCAL_SERIAL levels."""
    ks = "z_idl30"
    cf = cf_def(ks, "items", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type",
                extra={39: W.i32(3600000), 40: W.i32(86400), 42: b("99PERCENTILE"),
                       43: W.list_("struct", []), 44: b("ALL"), 45: W.i32(128),
                       46: W.i32(2048)})
    steps = [
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf),
        v19.system_add_column_family(cf_def(ks, "plain", comparator="UTF8Type")),
        v19.describe_keyspace(ks),
        # 1.2 refuses a level it lacks quoting the request's absolute timestamp: read only
        v19.insert("k1", cparent("plain"), column("a", "1", 10), cl=LOCAL_ONE if V20 else ONE),
        v19.insert("k1", cparent("plain"), column("b", "2", 10)),
        v19.get_slice("k1", cparent("plain"), pred(start="", finish=""), cl=LOCAL_ONE),
        v19.get_slice("k1", cparent("plain"), pred(start="", finish=""), cl=LOCAL_SERIAL),
        D.raw("get_multi_slice", {1: W.struct({
            1: b("k1"), 2: cparent("plain"),
            3: W.list_("struct", [W.struct({1: b("a"), 2: b("a")}),
                                  W.struct({1: b("b"), 2: b("c")})]),
            4: W.boolean(False), 5: W.i32(10), 6: W.i32(ONE)})}),
        D.raw("describe_local_ring", {1: b(ks)}).mask("0"),
        cql("SELECT * FROM plain", cl=LOCAL_ONE),
    ]
    return steps


# ---------------------------------------------------------------- CQL 2 habits in CQL 3
@scenario("z_cql2_habits", "19", "cql3", keyspace_reset="z_habit")
def cql2_habits():
    """An app ported from CQL 2 to CQL 3 keeps its old habits: USING CONSISTENCY, SELECT
    FIRST, the KEY column, CREATE COLUMNFAMILY with a comparator, a name range, REVERSED,
    a WITH of CQL 2's options; then the CQL 3 statements it settles on."""
    ks = "z_habit"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE COLUMNFAMILY old (KEY text PRIMARY KEY, v text) WITH comparator = text"),
        cql("CREATE COLUMNFAMILY old (KEY text PRIMARY KEY, v text)"),
        cql("CREATE TABLE old2 (k text PRIMARY KEY, v text) WITH default_validation = text"),
        cql("CREATE TABLE old3 (k text PRIMARY KEY, v text) WITH comment = 'x' AND "
            "replicate_on_write = true"),
        cql("INSERT INTO old (KEY, v) VALUES ('a', 'x') USING CONSISTENCY QUORUM"),
        cql("INSERT INTO old (KEY, v) VALUES ('a', 'x') USING TIMESTAMP 1000"),
        cql("SELECT FIRST 3 * FROM old WHERE KEY = 'a'"),
        cql("SELECT REVERSED * FROM old WHERE KEY = 'a'"),
        cql("SELECT 'a'..'z' FROM old WHERE KEY = 'a'"),
        cql("SELECT * FROM old WHERE KEY = 'a'"),
        cql("SELECT key FROM old"),
        cql("UPDATE old USING CONSISTENCY ONE SET v = 'y' WHERE KEY = 'a'"),
        cql("DELETE v FROM old USING CONSISTENCY ONE WHERE KEY = 'a'"),
        cql("SELECT COUNT(*) FROM old"),
        cql("SELECT COUNT(1) FROM old"),
        cql("SELECT * FROM old LIMIT 0"),
        cql("TRUNCATE old"),
        cql("DROP COLUMNFAMILY old"),
        cql("DROP TABLE old"),
    ]


# ---------------------------------------------------------------- Thrift admin on CQL 3 tables
@scenario("z_thrift_admin_cql3", "19", "schema", keyspace_reset="z_tadm")
def thrift_admin_cql3():
    """A Hector-based admin console pointed at a keyspace of CQL 3 tables: it describes
    them, changes a comment and gc_grace through system_update_column_family with the
    CfDef it read back, adds a column family next to them, scans a compound table with
    get_range_slices, writes a row of a simple table by Thrift and drops a CQL 3 table by
    Thrift."""
    ks = "z_tadm"
    simple_def = cf_def(ks, "simple", comparator="UTF8Type", key_validation="UTF8Type",
                        default_validation="BytesType", comment="updated by thrift",
                        gc_grace=3600,
                        column_metadata=[column_def("v", "UTF8Type")],
                        extra={16: None})
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE simple (k text PRIMARY KEY, v text)"),
        cql("CREATE TABLE wide (k text, c int, v text, PRIMARY KEY (k, c))"),
        cql("INSERT INTO simple (k, v) VALUES ('a', 'x') USING TIMESTAMP 1000"),
        cql("INSERT INTO wide (k, c, v) VALUES ('a', 1, 'x') USING TIMESTAMP 1000"),
        cql("INSERT INTO wide (k, c, v) VALUES ('a', 2, 'y') USING TIMESTAMP 1000"),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(simple_def),
        v19.system_update_column_family(cf_def(ks, "wide", comparator="UTF8Type",
                                               comment="changed")),
        v19.system_update_column_family(cf_def(ks, "nosuch", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "legacy", comparator="UTF8Type",
                                            key_validation="UTF8Type")),
        cql("SELECT * FROM simple"),
        v19.get_range_slices(cparent("wide"), pred(start="", finish=""),
                             key_range(start_key="", end_key="")),
        v19.get_range_slices(cparent("simple"), pred(start="", finish=""),
                             key_range(start_key="", end_key="")),
        v19.insert("b", cparent("simple"), column("v", "from thrift", 20)),
        cql("SELECT * FROM simple"),
        v19.system_drop_column_family("wide"),
        cql("SELECT * FROM wide"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- IN markers
@scenario("z_in_markers", "19", "cql3", keyspace_reset="z_inm")
def in_markers():
    """A DAO fetching users and their posts by lists of ids: IN with a marker per value,
    2.0's `IN ?` with a bound list (one, several, empty), IN on the last clustering
    column with markers, an IN of no values, duplicates, and a list of the wrong type."""
    ks = "z_inm"
    one_each = "SELECT id, name FROM users WHERE id IN (?, ?, ?)"
    whole = "SELECT id, name FROM users WHERE id IN ?"
    posts = "SELECT pid, title FROM posts WHERE uid = ? AND pid IN (?, ?)"

    def lst(*items):
        out = _st.pack(">H", len(items))
        for it in items:
            out += _st.pack(">H", len(it)) + it
        return out

    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE users (id int PRIMARY KEY, name text)"),
             cql("CREATE TABLE posts (uid int, pid int, title text, PRIMARY KEY (uid, pid))")]
    for i in range(1, 5):
        steps.append(cql("INSERT INTO users (id, name) VALUES (%d, 'u%d') USING TIMESTAMP 1000"
                         % (i, i)))
        steps.append(cql("INSERT INTO posts (uid, pid, title) VALUES (1, %d, 't%d') "
                         "USING TIMESTAMP 1000" % (i, i)))
    steps += [
        prep(one_each),
        exe(ks, one_each, [i32b(3), i32b(1), i32b(9)]),
        exe(ks, one_each, [i32b(2), i32b(2), i32b(2)]),
        exe(ks, one_each, [i32b(2), b"", i32b(1)]),
        prep(posts),
        exe(ks, posts, [i32b(1), i32b(4), i32b(2)]),
        prep(whole),
    ]
    if V20:
        steps += [
            exe(ks, whole, [lst(i32b(4), i32b(1))]),
            exe(ks, whole, [lst()]),
            exe(ks, whole, [lst(i32b(1), i32b(1))]),
            exe(ks, whole, [lst(b"\x00\x01")]),
            exe(ks, whole, [i32b(1)]),
        ]
    steps += [
        cql("SELECT id FROM users WHERE id IN ()"),
        cql("SELECT id FROM users WHERE id IN (1, 1, 2)"),
        cql("SELECT pid FROM posts WHERE uid = 1 AND pid IN (3, 1) ORDER BY pid DESC"),
        cql("SELECT pid FROM posts WHERE uid IN (1, 2) AND pid = 1"),
        cql("SELECT id FROM users WHERE id IN ('1')"),
    ]
    return steps


# ---------------------------------------------------------------- table options
@scenario("z_table_options", "19", "schema", keyspace_reset="z_topt")
def table_options():
    """A cqlengine-style sync of table options: compaction of each strategy with its
    options, compression turned off and chosen, caching, bloom filter chance, read repair,
    speculative retry and index intervals where the release had them, the mistakes of an
    unknown compaction class, a chunk length that is no power of two, and the options read
    back through the schema table."""
    ks = "z_topt"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE a (k int PRIMARY KEY, v text) WITH compaction = {'class': "
            "'LeveledCompactionStrategy', 'sstable_size_in_mb': 64} AND compression = "
            "{'sstable_compression': ''} AND bloom_filter_fp_chance = 0.1 AND "
            "read_repair_chance = 0.2 AND dclocal_read_repair_chance = 0.05"),
        cql("CREATE TABLE b (k int PRIMARY KEY, v text) WITH compaction = {'class': "
            "'SizeTieredCompactionStrategy', 'min_threshold': 6, 'max_threshold': 40} AND "
            "compression = {'sstable_compression': 'DeflateCompressor', 'chunk_length_kb': 128}"),
        cql("CREATE TABLE c (k int PRIMARY KEY) WITH compaction = {'class': 'NoSuchStrategy'}"),
        cql("CREATE TABLE c (k int PRIMARY KEY) WITH compression = {'sstable_compression': "
            "'LZ4Compressor', 'chunk_length_kb': 3}"),
        cql("CREATE TABLE c (k int PRIMARY KEY) WITH compaction = {'class': "
            "'LeveledCompactionStrategy', 'sstable_size_in_mb': -1}"),
        cql("CREATE TABLE c (k int PRIMARY KEY) WITH bloom_filter_fp_chance = 0"),
        cql("CREATE TABLE c (k int PRIMARY KEY) WITH caching = 'all'"),
        cql("CREATE TABLE d (k int PRIMARY KEY) WITH speculative_retry = '99percentile'"),
        cql("CREATE TABLE e (k int PRIMARY KEY) WITH index_interval = 256"),
        cql("CREATE TABLE f (k int PRIMARY KEY) WITH min_index_interval = 64 AND "
            "max_index_interval = 1024"),
        cql("ALTER TABLE a WITH compaction = {'class': 'SizeTieredCompactionStrategy'}"),
        cql("ALTER TABLE b WITH compression = {'sstable_compression': 'SnappyCompressor'}"),
        cql("SELECT columnfamily_name, bloom_filter_fp_chance, read_repair_chance, "
            "compaction_strategy_class, compaction_strategy_options, compression_parameters "
            "FROM system.schema_columnfamilies WHERE keyspace_name = 'z_topt'"),
    ]
    return steps
