"""Ordinary Thrift traffic of applications on Cassandra 3.0.24 and 3.11.10 (author zi).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port (`start_rpc: true`, API 20.1.0), mistakes
included. Two kinds of application: legacy Thrift applications kept alive across the upgrade
to 3.x, and applications of the 3.x era that still spoke Thrift or CQL 3 over Thrift:
  * a Thrift driver's connect-time calls and its reads of `system.local` / `system_schema`
  * Titan 1.0 on Astyanax (stores made with LZ4 options, edges at QUORUM, token scans)
  * a Hector application after its upgrade to 3.0 meeting its old static column family
    (column metadata, KEYS index, Hector's full CfDef sent back on an update)
  * pycassa 1.11's SystemManager on 3.x (CompositeType families, alter_column, indexes)
  * a Thrift reader of tables a CQL 3 application made (compact and not)
  * a CQL 3 reporting tool over a Thrift-made family (its key/column1/value names, a rename)
  * super column families on 3.x through Thrift and CQL
  * a Spark/Hadoop split reader's ring and split calls (describe_splits_ex corner cases)
  * a schema tool's system_update_column_family on a CQL table, and two instances racing
  * counters through Thrift add and CQL UPDATE on the same family
  * a session store's TTLs (CfDef default_time_to_live, TTL'd inserts, CQL `ttl()` shapes)
  * consistency levels an application got wrong on a one-node SimpleStrategy cluster
  * calls before a keyspace is set, to a missing keyspace, to a dropped table
  * prepared CQL 3 over Thrift on 3.x (values bound as native protocol v3, wrong widths)
  * user types, tuples and JSON of 3.x (a non-frozen user type from 3.6)
  * the 2.2 types and 3.x functions (`date`, `time`, `smallint`, `tinyint`, `CAST` from 3.2)
  * materialized views queried over execute_cql3_query
  * SASI indexes and `LIKE` (3.4+), `PER PARTITION LIMIT` (3.6+), `GROUP BY` (3.10+)
  * batches: atomic_batch_mutate, CQL BATCH with conditions, cas() on a Thrift family
  * a CQL 3 schema tool's mistakes on 3.x table options
Writes are deterministic: Thrift timestamps relative (`ts=True` values), CQL writes read back
through Thrift or `writetime` carry USING TIMESTAMP.

    RELEASE=3.11.10 capture.py --api 19 --port P --framed --out DIR ordinary19zi.py
"""
import os
import struct as st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause, index_expr, EQ, GTE, long_)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "3.11.10")

import kit  # noqa: E402
from kit import (cadd, comp, exe, i32b, i64b, ks_cql, prep, splits_ex, cas, sins,  # noqa: E402
                 cfd, ksd, coldef, connect, MIN_TOKEN, strmap)
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY  # noqa: E402
from kit import SERIAL, LOCAL_SERIAL, LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = kit.version()
V311 = VER >= (3, 11, 0)
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
BOTH = VER >= (3, 0, 0)
MAX_TOKEN = "9223372036854775807"

sc = kit.registrar("zi_")

M = "org.apache.cassandra.db.marshal."
UTF8, LONG, BYTES, INT32 = M + "UTF8Type", M + "LongType", M + "BytesType", M + "Int32Type"
ASCII, COUNTER, TU = M + "AsciiType", M + "CounterColumnType", M + "TimeUUIDType"


def everything(count=100):
    return pred(start="", finish="", count=count)


def v3coll(items):
    """A collection value bound over Thrift as 3.x reads it (native protocol v3: 4-byte
    count, each element 4-byte length-prefixed)."""
    out = st.pack(">i", len(items))
    for it in items:
        for p in (it if isinstance(it, tuple) else (it,)):
            p = p.encode() if isinstance(p, str) else p
            out += st.pack(">i", len(p)) + p
    return out


def dbl(x):
    return st.pack(">d", x)


# ---------------------------------------------------------------- a driver connects
@sc("driver_connect", "describe", "zi_drv", when=BOTH)
def driver_connect():
    """What a Thrift driver of the 3.x era sent when it opened its pool: the describe calls,
    the CQL version it wanted, then its reads of `system.local` and `system_schema` through
    execute_cql3_query to learn the cluster and the keyspace's tables."""
    ks = "zi_drv"
    return connect() + [
        v19.describe_keyspace("system"),
        v19.describe_keyspace(ks),                              # not there yet
        v19.set_cql_version("3.4.0"),
        v19.set_cql_version("3.0.0"),
        v19.set_cql_version("4.0.0"),
        cql("SELECT cluster_name, partitioner, release_version, cql_version FROM system.local"),
        cql("SELECT peer, data_center FROM system.peers"),
        ks_cql(ks),
        cql("CREATE TABLE %s.accounts (id uuid PRIMARY KEY, email text, created timestamp)"
            % ks),
        cql("CREATE TABLE %s.logins (id uuid, at timeuuid, ip inet, PRIMARY KEY (id, at)) "
            "WITH CLUSTERING ORDER BY (at DESC)" % ks),
        cql("SELECT keyspace_name, durable_writes, replication FROM system_schema.keyspaces "
            "WHERE keyspace_name = '%s'" % ks),
        cql("SELECT table_name, comment, gc_grace_seconds, default_time_to_live, flags "
            "FROM system_schema.tables WHERE keyspace_name = '%s'" % ks),
        cql("SELECT table_name, column_name, kind, position, type, clustering_order "
            "FROM system_schema.columns WHERE keyspace_name = '%s'" % ks),
        cql("SELECT * FROM system_schema.indexes WHERE keyspace_name = '%s'" % ks),
        cql("SELECT * FROM system_schema.types WHERE keyspace_name = '%s'" % ks),
        cql("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '%s' "
            "AND table_name = 'logins'" % ks),
        # the 2.x driver's queries, which 3.x no longer answers
        cql("SELECT * FROM system.schema_keyspaces"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = '%s'" % ks),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
        v19.describe_ring("system"),
    ]


# ---------------------------------------------------------------- Titan 1.0
@sc("titan10_store", "app", "zi_titan", when=BOTH)
def titan10_store():
    """Titan 1.0 on Astyanax against Cassandra 3.0: its keyspace and stores made on first
    open (LZ4 compression options as Titan wrote them), system_properties read at QUORUM,
    edges by batch_mutate, id blocks claimed with reversed slices, full scans by token."""
    ks = "zi_titan"
    lz4 = {"sstable_compression": "org.apache.cassandra.io.compress.LZ4Compressor",
           "chunk_length_kb": "64"}

    def store(name):
        return cfd(ks, name, comparator_type=BYTES, key_validation_class=BYTES,
                   default_validation_class=BYTES, compression_options=lz4)
    vid = [long_(0x200 + i) for i in range(3)]
    return [
        v19.describe_partitioner(),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [], durable=True)),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.system_add_column_family(store("edgestore")),
        v19.system_add_column_family(store("graphindex")),
        v19.system_add_column_family(store("system_properties")),
        v19.system_add_column_family(store("titan_ids")),
        v19.system_add_column_family(store("txlog")),
        v19.system_add_column_family(store("edgestore")),        # a second instance
        v19.get_slice("configuration", cparent("system_properties"), everything(1000), QUORUM),
        v19.batch_mutate({"configuration": {"system_properties": [
            ins("startup-time", i64b(1450000000), 1), ins("titan-version", "1.0.0", 1),
            ins("storage.backend", "cassandrathrift", 1)]}}, QUORUM),
        v19.get_slice(long_(0), cparent("titan_ids"),
                      pred(start="", finish="", reversed=True, count=5), QUORUM),
        v19.insert(long_(0), cparent("titan_ids"), column(long_(-10000), b"\x00\x02", 5),
                   QUORUM),
        v19.get_slice(long_(0), cparent("titan_ids"), everything(5), QUORUM),
        v19.batch_mutate({k: {"edgestore": [ins(b"\x10\x80" + bytes([j]), b"\x01" * (j + 1),
                                                10 + i) for j in range(3)]}
                          for i, k in enumerate(vid)}, QUORUM),
        v19.multiget_slice(vid, cparent("edgestore"),
                           pred(start=b"\x10\x80", finish=b"\x10\x81", count=2), QUORUM),
        v19.get_range_slices(cparent("edgestore"), everything(1),
                             key_range(start_token=MIN_TOKEN, end_token=MAX_TOKEN, count=10),
                             QUORUM),
        v19.get_range_slices(cparent("edgestore"), everything(100),
                             key_range(start_token="0", end_token="0", count=10), QUORUM),
        v19.batch_mutate({vid[0]: {"edgestore": [mutation(deletion_=deletion(
            20, predicate=pred(names=[b"\x10\x80\x01"])))]},
            vid[2]: {"edgestore": [mutation(deletion_=deletion(20))]}}, QUORUM),
        v19.multiget_slice(vid, cparent("edgestore"), everything(), QUORUM),
        v19.get_count(vid[1], cparent("edgestore"), everything(), QUORUM),
        v19.describe_ring(ks),
        v19.truncate("txlog"),
        v19.system_drop_column_family("txlog"),
        v19.get_slice("x", cparent("txlog"), everything(), QUORUM),
    ]


# ---------------------------------------------------------------- Hector after the upgrade
@sc("hector_upgraded", "app", "zi_hector", when=BOTH)
def hector_upgraded():
    """A Hector 1.1 application kept across the upgrade to 3.0: its static family of
    column metadata and a KEYS index, written and read as before, its IndexedSlicesQuery,
    then Hector's full CfDef (with the id it read back) sent to add a column."""
    ks = "zi_hector"
    meta = [coldef("email", UTF8), coldef("state", UTF8, indexed=True, index_name="users_state"),
            coldef("age", LONG)]
    users = cfd(ks, "users", column_type="Standard", comparator_type=UTF8,
                key_validation_class=UTF8, default_validation_class=BYTES,
                column_metadata=meta, gc_grace_seconds=864000, read_repair_chance=0.1,
                min_compaction_threshold=4, max_compaction_threshold=32)
    meta2 = meta + [coldef("city", UTF8)]
    users2 = cfd(ks, "users", column_type="Standard", comparator_type=UTF8,
                 key_validation_class=UTF8, default_validation_class=BYTES,
                 column_metadata=meta2, gc_grace_seconds=864000, read_repair_chance=0.1,
                 min_compaction_threshold=4, max_compaction_threshold=32)
    return [
        v19.system_add_keyspace(ksd(ks, [users])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"ann": {"users": [ins("email", "ann@x", 1), ins("state", "CA", 1),
                                            ins("age", i64b(31), 1)]},
                          "bob": {"users": [ins("email", "bob@x", 1), ins("state", "NY", 1),
                                            ins("age", i64b(40), 1)]},
                          "cid": {"users": [ins("email", "cid@x", 1), ins("state", "CA", 1),
                                            ins("nick", "c", 1)]}}),
        v19.get_slice("ann", cparent("users"), everything()),
        v19.get("cid", cpath("users", col="nick")),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("state", EQ, "CA")]),
                               everything()),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("age", GTE, i64b(35))]), everything()),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("age", EQ, i64b(40))]),
                               everything()),
        # the wrong width for a LongType column
        v19.insert("dan", cparent("users"), column("age", i32b(22), 2)),
        v19.system_update_column_family(users2),
        v19.describe_keyspace(ks),
        v19.insert("ann", cparent("users"), column("city", "LA", 3)),
        v19.get_slice("ann", cparent("users"), pred(names=["city", "email", "zip"])),
        # the same family read by the team's new CQL code
        cql("SELECT * FROM %s.users" % ks),
        cql("SELECT key, email FROM %s.users WHERE state = 'NY'" % ks),
        v19.remove("bob", cpath("users", col="state"), 5),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("state", EQ, "NY")]),
                               everything()),
    ]


# ---------------------------------------------------------------- pycassa SystemManager
@sc("pycassa_sysmgr", "schema", "zi_pyc", when=BOTH)
def pycassa_sysmgr():
    """pycassa 1.11's SystemManager on 3.x: create_keyspace, create_column_family with a
    CompositeType comparator and validators, alter_column, create_index, drop_index,
    get_keyspace_column_families; then ColumnFamily.insert/get with composite names."""
    ks = "zi_pyc"
    ct = "CompositeType(%s,%s)" % (UTF8, LONG)
    return [
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "timeline", comparator_type=ct,
                                         key_validation_class=ASCII,
                                         default_validation_class=UTF8)),
        v19.system_add_column_family(cfd(ks, "profiles", comparator_type=UTF8,
                                         key_validation_class=UTF8,
                                         default_validation_class=BYTES)),
        v19.describe_keyspace(ks),
        # alter_column: the whole CfDef with one more column_metadata
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type=UTF8,
                                            key_validation_class=UTF8,
                                            default_validation_class=BYTES,
                                            column_metadata=[coldef("karma", INT32)])),
        # create_index on that column
        v19.system_update_column_family(cfd(
            ks, "profiles", comparator_type=UTF8, key_validation_class=UTF8,
            default_validation_class=BYTES,
            column_metadata=[coldef("karma", INT32, indexed=True, index_name="karma_idx")])),
        v19.insert("u1", cparent("profiles"), column("karma", i32b(5), 1)),
        v19.insert("u2", cparent("profiles"), column("karma", i32b(9), 1)),
        v19.insert("u2", cparent("profiles"), column("karma", "lots", 2)),
        v19.get_indexed_slices(cparent("profiles"),
                               index_clause([index_expr("karma", EQ, i32b(9))]), everything()),
        v19.batch_mutate({"feed": {"timeline": [ins(comp("a", 3), "x", 1),
                                                ins(comp("a", 1), "y", 1),
                                                ins(comp("b", 2), "z", 1)]}}),
        v19.get_slice("feed", cparent("timeline"), everything()),
        v19.get_slice("feed", cparent("timeline"),
                      pred(start=comp("a", 2), finish=comp("a", eoc=1), count=10)),
        v19.get_slice("feed", cparent("timeline"),
                      pred(start=comp("b", eoc=-1), finish="", reversed=True, count=10)),
        v19.insert("feed", cparent("timeline"), column(b"\x00\x01a", "bad", 2)),
        v19.insert("f\u00e9ed", cparent("timeline"), column(comp("a", 1), "x", 1)),
        # drop_index: the CfDef again without index_type
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type=UTF8,
                                            key_validation_class=UTF8,
                                            default_validation_class=BYTES,
                                            column_metadata=[coldef("karma", INT32)])),
        v19.get_indexed_slices(cparent("profiles"),
                               index_clause([index_expr("karma", EQ, i32b(9))]), everything()),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- Thrift reading CQL tables
@sc("thrift_reads_cql", "cql3", "zi_mixed", when=BOTH)
def thrift_reads_cql():
    """A legacy Thrift batch job reading the tables a newer CQL 3 service made: a COMPACT
    STORAGE table (static and clustered) and a table without it, and writing to them."""
    ks = "zi_mixed"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE kv (k text PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        cql("CREATE TABLE series (k text, t int, v double, PRIMARY KEY (k, t)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE modern (k text, c int, v text, PRIMARY KEY (k, c))"),
        cql("CREATE TABLE flat (k text PRIMARY KEY, a int, b text)"),
        cql("INSERT INTO kv (k, v) VALUES ('a', 'one') USING TIMESTAMP 100"),
        cql("INSERT INTO series (k, t, v) VALUES ('s', 1, 0.5) USING TIMESTAMP 100"),
        cql("INSERT INTO series (k, t, v) VALUES ('s', 2, 1.5) USING TIMESTAMP 100"),
        cql("INSERT INTO modern (k, c, v) VALUES ('m', 1, 'x') USING TIMESTAMP 100"),
        cql("INSERT INTO flat (k, a, b) VALUES ('f', 7, 'y') USING TIMESTAMP 100"),
        v19.describe_keyspace(ks),
        v19.get_slice("a", cparent("kv"), everything()),
        v19.get_slice("s", cparent("series"), everything()),
        v19.get_slice("s", cparent("series"), pred(start=i32b(2), finish="", count=10)),
        v19.get_slice("m", cparent("modern"), everything()),
        v19.get_slice("f", cparent("flat"), everything()),
        v19.get_range_slices(cparent("flat"), everything(),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("s", cparent("series"), column(i32b(3), dbl(2.5), 5)),
        v19.insert("s", cparent("series"), column(i64b(3), dbl(2.5), 5)),
        v19.insert("a", cparent("kv"), column("v", "uno", 5)),
        v19.insert("b", cparent("kv"), column("w", "other", 5)),
        v19.insert("f", cparent("flat"), column("a", i32b(8), 5)),
        cql("SELECT * FROM series WHERE k = 's'"),
        cql("SELECT * FROM kv"),
        cql("SELECT k, a, b FROM flat"),
        v19.get_count("s", cparent("series"), everything()),
        v19.remove("s", cpath("series", col=i32b(1)), 6),
        cql("SELECT t, v FROM series WHERE k = 's'"),
    ]


# ---------------------------------------------------------------- CQL reading Thrift families
@sc("cql_reads_thrift", "cql3", "zi_legacy", when=BOTH)
def cql_reads_thrift():
    """A CQL 3 reporting tool pointed at the families a Thrift application made: a dynamic
    family of LongType names (key, column1, value), a static one with metadata, a family with
    no validators at all; its renames of the generated names, and writes back in CQL."""
    ks = "zi_legacy"
    return [
        v19.system_add_keyspace(ksd(ks, [
            cfd(ks, "events", comparator_type=LONG, key_validation_class=UTF8,
                default_validation_class=UTF8),
            cfd(ks, "users", comparator_type=UTF8, key_validation_class=UTF8,
                default_validation_class=UTF8,
                column_metadata=[coldef("name", UTF8), coldef("age", INT32)]),
            cfd(ks, "blobs")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"e1": {"events": [ins(long_(10), "boot", 1), ins(long_(20), "run", 1),
                                            ins(long_(30), "halt", 1)]},
                          "u1": {"users": [ins("name", "Ann", 1), ins("age", i32b(30), 1),
                                           ins("extra", "free", 1)]},
                          b"\x00\xff": {"blobs": [ins(b"\x01", b"\x02", 1)]}}),
        cql("SELECT * FROM events"),
        cql("SELECT column1, value FROM events WHERE key = 'e1' AND column1 >= 20"),
        cql("SELECT * FROM users"),
        cql("SELECT name, age FROM users WHERE key = 'u1'"),
        cql("SELECT * FROM blobs"),
        cql("SELECT extra FROM users"),
        cql("ALTER TABLE events RENAME key TO source"),
        cql("ALTER TABLE events RENAME column1 TO at"),
        cql("ALTER TABLE events RENAME value TO what"),
        cql("SELECT source, at, what FROM events WHERE source = 'e1' ORDER BY at DESC"),
        cql("INSERT INTO events (source, at, what) VALUES ('e2', 5, 'new') USING TIMESTAMP 7"),
        v19.get_slice("e2", cparent("events"), everything()),
        cql("UPDATE users USING TIMESTAMP 9 SET age = 31 WHERE key = 'u1'"),
        v19.get("u1", cpath("users", col="age")),
        cql("ALTER TABLE users ADD city text"),       # the node drops the connection
        v19.set_keyspace(ks),                         # the pool's new connection
        cql("ALTER TABLE events ADD extra text"),
        cql("SELECT * FROM users WHERE age = 30"),
        cql("DELETE FROM events WHERE source = 'e1' AND at = 20"),
        v19.get_slice("e1", cparent("events"), everything()),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- super columns on 3.x
@sc("super_on_3x", "super", "zi_super", when=BOTH)
def super_on_3x():
    """An old inbox application kept its super column family across the upgrade: super
    columns written, read by super column, sub-columns removed, counted; then the same
    family seen from CQL (3.x's internal columns) and a new super family made."""
    ks = "zi_super"
    inbox = cfd(ks, "inbox", column_type="Super", comparator_type=LONG,
                subcomparator_type=UTF8, key_validation_class=UTF8,
                default_validation_class=UTF8)
    return [
        v19.system_add_keyspace(ksd(ks, [inbox])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"ann": {"inbox": [sins(long_(1), [("from", "bob"), ("subj", "hi")], 1),
                                            sins(long_(2), [("from", "cid"), ("subj", "yo")], 1),
                                            sins(long_(3), [("from", "dan")], 1)]}}),
        v19.get_slice("ann", cparent("inbox"), everything()),
        v19.get_slice("ann", cparent("inbox", long_(2)), everything()),
        v19.get("ann", cpath("inbox", long_(1), "subj")),
        v19.get("ann", cpath("inbox", long_(1))),
        v19.get_slice("ann", cparent("inbox"), pred(start=long_(2), finish="", reversed=True,
                                                    count=10)),
        v19.get_count("ann", cparent("inbox"), everything()),
        v19.get_count("ann", cparent("inbox", long_(1)), everything()),
        v19.remove("ann", cpath("inbox", long_(1), "subj"), 5),
        v19.remove("ann", cpath("inbox", long_(3)), 5),
        v19.get_slice("ann", cparent("inbox"), everything()),
        v19.insert("ann", cparent("inbox"), column("x", "y", 6)),
        v19.insert("ann", cparent("inbox", long_(4)), column("from", "eve", 6)),
        v19.get_range_slices(cparent("inbox"), everything(),
                             key_range(start_key="", end_key="", count=10)),
        cql("SELECT * FROM inbox"),
        cql("INSERT INTO inbox (key, column1, column2, value) VALUES ('bob', 1, 'a', 'b')"),
        v19.system_add_column_family(cfd(ks, "threads", column_type="Super",
                                         comparator_type=UTF8, subcomparator_type=LONG)),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- splits
@sc("split_reader", "range", "zi_splits", when=BOTH)
def split_reader():
    """A Spark 1.x/Hadoop input format over Thrift on 3.x: the ring, splits of the whole
    ring and of a range, the split calls an input format got wrong, then each range read."""
    ks = "zi_splits"
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "docs", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"d%d" % i: {"docs": [ins("body", "text %d" % i, 1)]}
                          for i in range(6)}),
        v19.describe_ring(ks),
        D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                      "0/*/5"),
        # each call the node fails on drops the connection: the pool opens another
        splits_ex("docs", MIN_TOKEN, MIN_TOKEN, 0),
        v19.set_keyspace(ks),
        splits_ex("nope", MIN_TOKEN, MAX_TOKEN, 100),
        splits_ex("docs", "abc", MAX_TOKEN, 100),
        v19.set_keyspace(ks),
        v19.describe_splits("nope", "0", "100", 10),
        v19.describe_splits("docs", "zz", "100", 10),
        v19.set_keyspace(ks),
        v19.get_range_slices(cparent("docs"), everything(),
                             key_range(start_token=MIN_TOKEN, end_token="0", count=100)),
        v19.get_range_slices(cparent("docs"), everything(),
                             key_range(start_token="0", end_token=MIN_TOKEN, count=100)),
        v19.get_range_slices(cparent("docs"), everything(),
                             key_range(start_token="0", end_token="0", count=3)),
        v19.get_paged_slice("docs", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                              count=4), "body"),
        v19.get_range_slices(cparent("docs"), everything(),
                             key_range(start_key="d1", end_token="0", count=10)),
        v19.get_range_slices(cparent("docs"), everything(),
                             key_range(start_key="d3", end_key="d1", count=10)),
    ]


# ---------------------------------------------------------------- schema changes
@sc("schema_tool", "schema", "zi_schema", when=BOTH)
def schema_tool():
    """A Thrift schema tool run against a keyspace whose tables a CQL service owns: updates
    of a CQL table (compact and not) through system_update_column_family, a family dropped
    under a reader, two deployments adding the same family, a keyspace update."""
    ks = "zi_schema"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, total decimal, note text)"),
        cql("CREATE TABLE tags (k text, t text, PRIMARY KEY (k, t)) WITH COMPACT STORAGE"),
        v19.system_update_column_family(cfd(ks, "orders", comparator_type=UTF8,
                                            comment="owned by billing")),
        v19.system_update_column_family(cfd(ks, "tags", comparator_type=UTF8,
                                            comment="tags", gc_grace_seconds=3600)),
        v19.system_update_column_family(cfd(ks, "tags", comparator_type=LONG)),
        v19.system_update_column_family(cfd(ks, "ghost", comparator_type=UTF8)),
        cql("SELECT comment, gc_grace_seconds FROM system_schema.tables "
            "WHERE keyspace_name = '%s'" % ks),
        v19.system_add_column_family(cfd(ks, "audit", comparator_type=TU,
                                         default_validation_class=UTF8)),
        v19.system_add_column_family(cfd(ks, "audit", comparator_type=TU,
                                         default_validation_class=UTF8)),
        cql("CREATE TABLE IF NOT EXISTS audit (key blob PRIMARY KEY)"),
        cql("CREATE TABLE audit (key blob PRIMARY KEY)"),
        v19.system_drop_column_family("orders"),
        cql("SELECT * FROM orders"),
        v19.get_slice("x", cparent("orders"), everything()),
        v19.system_update_keyspace(ksd(ks, [], options={"replication_factor": "2"})),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "extra")])),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- counters
@sc("counters_mixed", "counter", "zi_ctr", when=BOTH)
def counters_mixed():
    """Page-view counters kept by a Thrift service (add, batch counter mutations,
    remove_counter) and read by a CQL dashboard on 3.x; the writes each side got wrong."""
    ks = "zi_ctr"
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "hits", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=COUNTER)])),
        v19.set_keyspace(ks),
        v19.add("/home", cparent("hits"), counter_column("2016-01-01", 3)),
        v19.add("/home", cparent("hits"), counter_column("2016-01-01", 2)),
        v19.add("/home", cparent("hits"), counter_column("2016-01-02", -1)),
        v19.batch_mutate({"/about": {"hits": [cadd("2016-01-01", 7), cadd("2016-01-02", 1)]}}),
        v19.get_slice("/home", cparent("hits"), everything()),
        v19.get("/about", cpath("hits", col="2016-01-01")),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("hits"),
                           pred(names=["2016-01-02"])),
        cql("SELECT * FROM hits"),
        cql("UPDATE hits SET value = value + 10 WHERE key = '/home' AND column1 = '2016-01-01'"),
        cql("UPDATE hits USING TIMESTAMP 5 SET value = value + 1 WHERE key = '/home' "
            "AND column1 = '2016-01-01'"),
        cql("INSERT INTO hits (key, column1, value) VALUES ('/x', 'd', 1)"),
        v19.get("/home", cpath("hits", col="2016-01-01")),
        v19.insert("/home", cparent("hits"), column("2016-01-03", i64b(1), 1)),
        v19.add("/home", cparent("hits"), counter_column("2016-01-01", 1), ANY),
        v19.remove_counter("/about", cpath("hits", col="2016-01-02")),
        v19.get_slice("/about", cparent("hits"), everything()),
        v19.batch_mutate({"/home": {"hits": [mutation(deletion_=deletion(
            None, predicate=pred(names=["2016-01-02"])))]}}),
        v19.get_count("/home", cparent("hits"), everything()),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, n counter, label text)"),
        cql("CREATE TABLE likes (k text PRIMARY KEY, n counter)"),
        cql("UPDATE likes SET n = n + 1 WHERE k = 'p'"),
        cql("UPDATE likes SET n = n + 1 WHERE k = 'p'"),
        cql("SELECT n FROM likes WHERE k = 'p'"),
        v19.get_slice("p", cparent("likes"), everything()),
    ]


# ---------------------------------------------------------------- TTLs
@sc("session_ttls", "crud", "zi_sess", when=BOTH)
def session_ttls():
    """A web session store on Thrift: a family with default_time_to_live, TTL'd inserts
    read back with their TTLs, TTLs the framework got wrong, and the same rows in CQL."""
    ks = "zi_sess"
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "sessions", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8,
                                             default_time_to_live=3600)])),
        v19.set_keyspace(ks),
        v19.insert("s1", cparent("sessions"), column("user", "ann", 1)),
        v19.insert("s1", cparent("sessions"), column("csrf", "t0k", 1, ttl=600)),
        v19.batch_mutate({"s2": {"sessions": [ins("user", "bob", 1, ttl=1200),
                                              ins("cart", "3", 1)]}}),
        v19.get_slice("s1", cparent("sessions"), everything()),
        v19.get_slice("s2", cparent("sessions"), everything()),
        v19.insert("s3", cparent("sessions"), column("user", "cid", 1, ttl=0)),
        v19.insert("s3", cparent("sessions"), column("user", "cid", 1, ttl=-5)),
        v19.insert("s3", cparent("sessions"), column("user", "cid", 1, ttl=630720001)),
        v19.insert("s3", cparent("sessions"), column("user", "cid", 1, ttl=630720000)),
        v19.get("s3", cpath("sessions", col="user")),
        cql("SELECT key, column1, value FROM sessions WHERE key = 's1'"),
        cql("INSERT INTO sessions (key, column1, value) VALUES ('s4', 'user', 'dan') "
            "USING TTL 60 AND TIMESTAMP 10"),
        v19.get("s4", cpath("sessions", col="user")),
        cql("INSERT INTO sessions (key, column1, value) VALUES ('s4', 'user', 'dan') "
            "USING TTL 0 AND TIMESTAMP 11"),
        v19.get("s4", cpath("sessions", col="user")),
        v19.system_update_column_family(cfd(ks, "sessions", comparator_type=UTF8,
                                            key_validation_class=UTF8,
                                            default_validation_class=UTF8,
                                            default_time_to_live=-1)),
        v19.remove("s1", cpath("sessions"), 2),
        v19.get_slice("s1", cparent("sessions"), everything()),
    ]


# ---------------------------------------------------------------- consistency levels
@sc("levels", "crud", "zi_cl", when=BOTH)
def levels():
    """An application's consistency levels on a one-node SimpleStrategy cluster: the
    LOCAL_* and EACH_QUORUM levels of a multi-DC configuration, SERIAL where a write went,
    ANY for reads, levels past the enum; over Thrift and execute_cql3_query."""
    ks = "zi_cl"
    p = cparent("kv")
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "kv", comparator_type=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.insert("a", p, column("c", "1", 1), LOCAL_QUORUM),
        v19.insert("a", p, column("d", "2", 1), EACH_QUORUM),
        v19.insert("a", p, column("e", "3", 1), LOCAL_ONE),
        v19.insert("a", p, column("f", "4", 1), SERIAL),
        v19.insert("a", p, column("g", "5", 1), LOCAL_SERIAL),
        v19.insert("a", p, column("h", "6", 1), ANY),
        v19.insert("a", p, column("i", "7", 1), 42),
        v19.get_slice("a", p, everything(), LOCAL_QUORUM),
        v19.get_slice("a", p, everything(), EACH_QUORUM),
        v19.get_slice("a", p, everything(), ANY),
        v19.get_slice("a", p, everything(), SERIAL),
        v19.get_slice("a", p, everything(), LOCAL_SERIAL),
        v19.get_slice("a", p, everything(), ALL),
        v19.get_range_slices(p, everything(), key_range(start_key="", end_key="", count=5),
                             EACH_QUORUM),
        v19.get_count("a", p, everything(), D.TWO),
        cql("SELECT * FROM kv", cl=ANY),
        cql("SELECT * FROM kv", cl=SERIAL),
        cql("SELECT * FROM kv", cl=EACH_QUORUM),
        cql("INSERT INTO kv (key, column1, value) VALUES (0x62, 'c', 'x') USING TIMESTAMP 3",
            cl=SERIAL),
        cql("INSERT INTO kv (key, column1, value) VALUES (0x62, 'c', 'x') USING TIMESTAMP 3",
            cl=LOCAL_QUORUM),
        cql("SELECT * FROM kv WHERE key = 0x62", cl=D.THREE),
        cql("SELECT * FROM kv WHERE key = 0x62", cl=42),
    ]


# ---------------------------------------------------------------- no keyspace
@sc("no_keyspace", "crud", "zi_nokey", when=BOTH)
def no_keyspace():
    """A worker that forgot set_keyspace after reconnecting, then set one that a deploy had
    not made yet, used a dropped table, and a CQL session that named no keyspace."""
    ks = "zi_nokey"
    return [
        v19.get_slice("a", cparent("kv"), everything()),
        v19.insert("a", cparent("kv"), column("c", "v", 1)),
        cql("SELECT * FROM kv"),
        cql("INSERT INTO kv (key, column1, value) VALUES (0x01, 'a', 'b')"),
        prep("SELECT * FROM kv WHERE key = ?"),
        v19.set_keyspace(ks),
        cql("USE %s" % ks),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "kv")),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "kv", comparator_type=UTF8)])),
        cql("SELECT * FROM kv"),
        cql("USE %s" % ks),
        cql("SELECT * FROM kv"),
        v19.insert("a", cparent("kv"), column("c", "v", 1)),
        v19.set_keyspace(ks),
        v19.insert("a", cparent("kv"), column("c", "v", 1)),
        cql("DROP TABLE kv"),
        v19.insert("a", cparent("kv"), column("c", "v", 2)),
        v19.get_slice("a", cparent("kv"), everything()),
        cql("SELECT * FROM %s.kv" % ks),
        cql("SELECT * FROM \"ZI_NOKEY\".kv"),
        v19.set_keyspace("ZI_NOKEY"),
        v19.set_keyspace(""),
    ]


# ---------------------------------------------------------------- prepared DAO
@sc("prepared_dao", "cql3", "zi_dao", when=BOTH)
def prepared_dao():
    """A DAO layer preparing its statements over Thrift on 3.x (cassandra-jdbc style):
    values bound in native protocol v3 (collections of 4-byte counts), markers in USING and
    LIMIT, the wrong number and widths of values, an id from before a restart."""
    ks = "zi_dao"
    ins_q = ("INSERT INTO items (id, name, price, tags, attrs) VALUES (?, ?, ?, ?, ?) "
             "USING TIMESTAMP ?")
    sel_q = "SELECT id, name, price, tags, attrs FROM items WHERE id = ?"
    in_q = "SELECT id, name FROM items WHERE id IN ?"
    lim_q = "SELECT id FROM items LIMIT ?"
    upd_q = "UPDATE items USING TTL ? AND TIMESTAMP 50 SET name = ? WHERE id = ?"
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE items (id int PRIMARY KEY, name text, price decimal, "
            "tags set<text>, attrs map<text, int>)"),
        prep(ins_q),
        exe(ks, ins_q, [i32b(1), "lamp", b"\x00\x00\x00\x02\x04\xd2", v3coll(["a", "b"]),
                        v3coll([("w", i32b(3))]), i64b(10)]),
        exe(ks, ins_q, [i32b(2), "desk", b"\x00\x00\x00\x00\x05", v3coll([]), v3coll([]),
                        i64b(10)]),
        exe(ks, ins_q, [i32b(3), "", b"", b"", b"", i64b(10)]),
        prep(sel_q),
        exe(ks, sel_q, [i32b(1)]),
        exe(ks, sel_q, [i32b(2)]),
        exe(ks, sel_q, [i32b(3)]),
        prep(in_q),
        exe(ks, in_q, [v3coll([i32b(1), i32b(3), i32b(9)])]),
        prep(lim_q),
        exe(ks, lim_q, [i32b(2)]),
        exe(ks, lim_q, [i32b(0)]),
        prep(upd_q),
        exe(ks, upd_q, [i32b(600), "lamp2", i32b(1)]),
        exe(ks, sel_q, [i32b(1)]),
        # mistakes
        exe(ks, sel_q, []),
        exe(ks, sel_q, [i64b(1)]),
        exe(ks, sel_q, [i32b(1), i32b(2)]),
        exe(ks, ins_q, [i32b(4), "x", b"\x00", v3coll(["a"]), b"", i64b(10)]),
        exe(ks, ins_q, [i32b(5), "x", b"", st.pack(">H", 1) + st.pack(">H", 1) + b"a", b"",
                        i64b(10)]),
        exe(ks, upd_q, [i32b(-1), "x", i32b(1)]),
        exe(ks, lim_q, [i32b(-3)]),
        v19.execute_prepared_cql3_query(-1, [i32b(1)]),
        prep("SELECT * FROM items WHERE name = ?"),
        prep("SELECT * FROM items WHERE id = ? AND id = ?"),
        prep("INSERT INTO items (id) VALUES (?) IF NOT EXISTS"),
        exe(ks, "INSERT INTO items (id) VALUES (?) IF NOT EXISTS", [i32b(9)]),
        exe(ks, "INSERT INTO items (id) VALUES (?) IF NOT EXISTS", [i32b(9)]),
    ]
    if V311:
        pp = "SELECT id FROM items PER PARTITION LIMIT ?"
        out += [prep(pp), exe(ks, pp, [i32b(1)])]
    return out


# ---------------------------------------------------------------- user types, tuples, JSON
@sc("udt_json", "cql3", "zi_udt", when=BOTH)
def udt_json():
    """A profile service on 3.x's user types, tuples and JSON over execute_cql3_query:
    frozen and (3.6+) non-frozen user types, field updates, tuples, INSERT JSON with a
    missing column, SELECT JSON, toJson/fromJson, and the type mistakes it made."""
    ks = "zi_udt"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TYPE address (street text, city text, zip int)"),
        cql("CREATE TYPE phone (kind text, number text)"),
        cql("CREATE TABLE people (id int PRIMARY KEY, name text, home frozen<address>, "
            "phones list<frozen<phone>>, loc tuple<double, double>)"),
        cql("INSERT INTO people (id, name, home, phones, loc) VALUES (1, 'Ann', "
            "{street: '1 Main', city: 'Oslo', zip: 150}, [{kind: 'cell', number: '555'}], "
            "(59.9, 10.7)) USING TIMESTAMP 10"),
        cql("INSERT INTO people JSON '{\"id\": 2, \"name\": \"Bob\", "
            "\"home\": {\"street\": \"2 Side\", \"city\": \"Bergen\", \"zip\": 5003}, "
            "\"loc\": [60.4, 5.3]}'"),
        cql("SELECT * FROM people WHERE id = 1"),
        cql("SELECT JSON * FROM people WHERE id = 2"),
        cql("SELECT JSON name, home FROM people"),
        cql("SELECT home.city, loc FROM people WHERE id = 1"),
        cql("SELECT toJson(home) FROM people WHERE id = 2"),
        cql("INSERT INTO people (id, home) VALUES (3, fromJson('{\"city\": \"Trondheim\"}'))"),
        cql("SELECT home FROM people WHERE id = 3"),
        cql("INSERT INTO people JSON '{\"id\": 2, \"nick\": \"b\"}'"),
        cql("INSERT INTO people JSON '{\"id\": \"two\"}'"),
        cql("INSERT INTO people (id, home) VALUES (4, {street: 'x', country: 'NO'})"),
        cql("INSERT INTO people (id, loc) VALUES (4, (1.0, 2.0, 3.0))"),
        cql("UPDATE people SET home.city = 'Kiel' WHERE id = 1"),
        cql("CREATE TABLE contacts (id int PRIMARY KEY, addr address)"),
        cql("INSERT INTO contacts (id, addr) VALUES (1, {street: 's', city: 'c', zip: 1}) "
            "USING TIMESTAMP 10"),
        cql("UPDATE contacts USING TIMESTAMP 11 SET addr.city = 'Kiel' WHERE id = 1"),
        cql("SELECT addr FROM contacts WHERE id = 1"),
        cql("ALTER TYPE address ADD country text"),
        cql("SELECT home FROM people WHERE id = 1"),
        cql("DROP TYPE phone"),
        cql("DROP TYPE nope"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- 2.2 types, CAST
@sc("sensor_types", "cql3", "zi_types", when=BOTH)
def sensor_types():
    """A sensor gateway on 2.2's types over Thrift on 3.x: date, time, smallint and tinyint
    columns written as literals and bound values, read back in CQL and as raw cells; the
    conversion functions, and CAST (3.2+) in its reports; out-of-range values."""
    ks = "zi_types"
    ins_q = ("INSERT INTO readings (day, at, probe, level, code) VALUES (?, ?, ?, ?, ?) "
             "USING TIMESTAMP 10")
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE readings (day date, at time, probe smallint, level tinyint, "
            "code varint, PRIMARY KEY (day, at))"),
        cql("INSERT INTO readings (day, at, probe, level, code) VALUES ('2016-03-01', "
            "'08:30:00', 12, 3, 42) USING TIMESTAMP 10"),
        cql("INSERT INTO readings (day, at, probe, level, code) VALUES ('2016-03-01', "
            "'08:30:00.250', -7, -128, 1) USING TIMESTAMP 10"),
        prep(ins_q),
        exe(ks, ins_q, [st.pack(">I", (1 << 31) + 16861), i64b(9 * 3600 * 10 ** 9),
                        st.pack(">h", 300), st.pack(">b", 1), b"\x2a"]),
        exe(ks, ins_q, [i32b(16861), i64b(-1), st.pack(">h", 1), b"\x01", b"\x01"]),
        exe(ks, ins_q, [st.pack(">I", (1 << 31) + 16861), i64b(1), i32b(1), b"\x01", b"\x01"]),
        cql("SELECT * FROM readings WHERE day = '2016-03-01'"),
        cql("SELECT day, at, probe FROM readings WHERE day = '2016-03-01' AND at > '08:30:00'"),
        cql("SELECT toUnixTimestamp(day), toTimestamp(day) FROM readings WHERE "
            "day = '2016-03-01' LIMIT 1"),
        v19.get_slice(st.pack(">I", (1 << 31) + 16861), cparent("readings"), everything()),
        cql("INSERT INTO readings (day, at, probe) VALUES ('2016-02-30', '08:00', 1)"),
        cql("INSERT INTO readings (day, at, probe) VALUES ('2016-03-02', '25:00:00', 1)"),
        cql("INSERT INTO readings (day, at, probe) VALUES ('2016-03-02', '08:00', 40000)"),
        cql("INSERT INTO readings (day, at, level) VALUES ('2016-03-02', '08:00', 200)"),
        cql("SELECT max(probe), min(level), sum(code), avg(probe) FROM readings "
            "WHERE day = '2016-03-01'"),
    ]
    if V311:
        out += [
            cql("SELECT CAST(probe AS int), CAST(level AS text), CAST(code AS double) "
                "FROM readings WHERE day = '2016-03-01'"),
            cql("SELECT CAST(day AS timestamp), CAST(at AS text) FROM readings "
                "WHERE day = '2016-03-01'"),
            cql("SELECT CAST(day AS int) FROM readings"),
        ]
    else:
        out += [cql("SELECT CAST(probe AS int) FROM readings")]
    return out


# ---------------------------------------------------------------- materialized views
@sc("views", "cql3", "zi_mv", when=BOTH)
def views():
    """A leaderboard service on 3.x's materialized views over execute_cql3_query: a view
    made before the data, writes to the base read through the view, a delete and an
    update moving a row; the views it could not make or write."""
    ks = "zi_mv"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE scores (user text, game text, score int, PRIMARY KEY (user, game))"),
        cql("CREATE MATERIALIZED VIEW by_game AS SELECT game, score, user FROM scores "
            "WHERE game IS NOT NULL AND score IS NOT NULL AND user IS NOT NULL "
            "PRIMARY KEY (game, score, user) WITH CLUSTERING ORDER BY (score DESC)"),
        cql("INSERT INTO scores (user, game, score) VALUES ('ann', 'chess', 1500) "
            "USING TIMESTAMP 10"),
        cql("INSERT INTO scores (user, game, score) VALUES ('bob', 'chess', 1700) "
            "USING TIMESTAMP 10"),
        cql("INSERT INTO scores (user, game, score) VALUES ('ann', 'go', 900) "
            "USING TIMESTAMP 10"),
        cql("SELECT * FROM by_game WHERE game = 'chess'"),
        cql("UPDATE scores USING TIMESTAMP 11 SET score = 1800 WHERE user = 'ann' "
            "AND game = 'chess'"),
        cql("SELECT user, score FROM by_game WHERE game = 'chess' LIMIT 1"),
        cql("DELETE FROM scores USING TIMESTAMP 12 WHERE user = 'bob' AND game = 'chess'"),
        cql("SELECT * FROM by_game WHERE game = 'chess'"),
        cql("INSERT INTO by_game (game, score, user) VALUES ('go', 1, 'x')"),
        cql("CREATE MATERIALIZED VIEW bad AS SELECT * FROM scores WHERE score IS NOT NULL "
            "PRIMARY KEY (score, user)"),
        cql("SELECT view_name, base_table_name FROM system_schema.views "
            "WHERE keyspace_name = '%s'" % ks),
        v19.describe_keyspace(ks),
        v19.get_slice("chess", cparent("by_game"), everything()),
        cql("DROP TABLE scores"),
        cql("DROP MATERIALIZED VIEW by_game"),
        cql("SELECT * FROM by_game"),
    ]


# ---------------------------------------------------------------- 3.11 queries
@sc("search_311", "cql3", "zi_sasi", when=V311)
def search_311():
    """A product search on 3.11: SASI indexes (CONTAINS and PREFIX modes) queried with LIKE,
    PER PARTITION LIMIT on a clustered table, GROUP BY with aggregates; what it sent that
    3.11 refused."""
    ks = "zi_sasi"
    sasi = "org.apache.cassandra.index.sasi.SASIIndex"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE products (id int PRIMARY KEY, name text, brand text)"),
        cql("CREATE CUSTOM INDEX products_name ON products (name) USING '%s' "
            "WITH OPTIONS = {'mode': 'CONTAINS'}" % sasi),
        cql("CREATE CUSTOM INDEX products_brand ON products (brand) USING '%s'" % sasi),
        cql("INSERT INTO products (id, name, brand) VALUES (1, 'red lamp', 'acme') "
            "USING TIMESTAMP 10"),
        cql("INSERT INTO products (id, name, brand) VALUES (2, 'blue lamp', 'zeta') "
            "USING TIMESTAMP 10"),
        cql("INSERT INTO products (id, name, brand) VALUES (3, 'red desk', 'acme') "
            "USING TIMESTAMP 10"),
        cql("SELECT id, name FROM products WHERE name LIKE '%lamp%'"),
        cql("SELECT id FROM products WHERE brand LIKE 'ac%'"),
        cql("SELECT id FROM products WHERE brand = 'acme'"),
        cql("SELECT id FROM products WHERE brand LIKE '%me'"),
        cql("SELECT id FROM products WHERE id LIKE '1%'"),
        cql("CREATE TABLE sales (shop text, day int, item text, qty int, "
            "PRIMARY KEY (shop, day, item))"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 10 "
            "INSERT INTO sales (shop, day, item, qty) VALUES ('s1', 1, 'a', 2) "
            "INSERT INTO sales (shop, day, item, qty) VALUES ('s1', 1, 'b', 3) "
            "INSERT INTO sales (shop, day, item, qty) VALUES ('s1', 2, 'a', 5) "
            "INSERT INTO sales (shop, day, item, qty) VALUES ('s2', 1, 'c', 1) "
            "APPLY BATCH"),
        cql("SELECT shop, day, item FROM sales PER PARTITION LIMIT 1"),
        cql("SELECT shop, day, item FROM sales PER PARTITION LIMIT 2 LIMIT 3"),
        cql("SELECT shop, day, sum(qty), count(*) FROM sales GROUP BY shop, day"),
        cql("SELECT shop, max(qty) FROM sales WHERE shop = 's1' GROUP BY shop"),
        cql("SELECT shop, day, qty FROM sales GROUP BY shop, item"),
        cql("SELECT shop FROM sales PER PARTITION LIMIT 0"),
        cql("SELECT * FROM sales WHERE shop = 's1' AND item = 'a'"),
        cql("DROP INDEX products_name"),
        cql("SELECT id FROM products WHERE name LIKE '%lamp%'"),
    ]


# ---------------------------------------------------------------- batches
@sc("batches_lwt", "batch", "zi_batch", when=BOTH)
def batches_lwt():
    """An order service's batches on 3.x: atomic_batch_mutate across families, a CQL
    BATCH with conditions on one partition and on two, a counter mixed into a logged batch,
    a cas() on a Thrift family (its committed cells stamped by the ballot, masked)."""
    ks = "zi_batch"
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "orders", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8),
                                         cfd(ks, "by_user", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.atomic_batch_mutate({"o1": {"orders": [ins("user", "ann", 1), ins("total", "9", 1)]},
                                 "ann": {"by_user": [ins("o1", "", 1)]}}, QUORUM),
        v19.atomic_batch_mutate({"o2": {"orders": [ins("user", "bob", 1)]}}, ANY),
        v19.get_slice("o1", cparent("orders"), everything()),
        cas("o3", "orders", None, [column("user", "cid", 2)]),   # no expected: dropped
        v19.set_keyspace(ks),
        cas("o3", "orders", [], [column("user", "cid", 2)]),
        cas("o3", "orders", [], [column("user", "dan", 3)]),
        cas("o3", "orders", [column("user", "cid", 2)], [column("state", "paid", 4)]),
        cas("o3", "orders", [column("user", "zed", 2)], [column("state", "void", 4)]),
        cas("o4", "orders", [], [column("user", "eve", 5)], serial=ONE),
        cql("CREATE TABLE stock (sku text, shop text, n int, PRIMARY KEY (sku, shop))"),
        cql("BEGIN BATCH INSERT INTO stock (sku, shop, n) VALUES ('k', 'a', 1) IF NOT EXISTS "
            "INSERT INTO stock (sku, shop, n) VALUES ('k', 'b', 2) IF NOT EXISTS APPLY BATCH"),
        cql("BEGIN BATCH UPDATE stock SET n = 5 WHERE sku = 'k' AND shop = 'a' IF n = 1 "
            "UPDATE stock SET n = 0 WHERE sku = 'k' AND shop = 'b' IF n = 9 APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO stock (sku, shop, n) VALUES ('k', 'c', 1) IF NOT EXISTS "
            "INSERT INTO stock (sku, shop, n) VALUES ('j', 'c', 2) APPLY BATCH"),
        cql("SELECT shop, n FROM stock WHERE sku = 'k'"),
        cql("CREATE TABLE views (sku text PRIMARY KEY, n counter)"),
        cql("BEGIN BATCH UPDATE views SET n = n + 1 WHERE sku = 'k' "
            "INSERT INTO stock (sku, shop, n) VALUES ('k', 'd', 1) APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE views SET n = n + 1 WHERE sku = 'k' APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 5 INSERT INTO stock (sku, shop, n) VALUES "
            "('m', 'a', 1) IF NOT EXISTS APPLY BATCH"),
        cql("SELECT n FROM views WHERE sku = 'k'"),
    ]


# ---------------------------------------------------------------- wide rows
@sc("wide_paging", "range", "zi_wide", when=BOTH)
def wide_paging():
    """A log archiver paging wide rows on 3.x through Thrift (get_slice pages by the last
    name, get_paged_slice across rows, reversed pages, counts) and the same table in CQL
    (token() paging, paging by clustering); slices with a finish before the start."""
    ks = "zi_wide"
    names = ["%04d" % i for i in range(12)]
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "log", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.batch_mutate({r: {"log": [ins(n, r + n, 1) for n in names]}
                          for r in ("r1", "r2", "r3")}),
        v19.get_slice("r1", cparent("log"), pred(start="", finish="", count=5)),
        v19.get_slice("r1", cparent("log"), pred(start="0004", finish="", count=5)),
        v19.get_slice("r1", cparent("log"), pred(start="0009", finish="", count=5)),
        v19.get_slice("r1", cparent("log"), pred(start="", finish="", reversed=True, count=4)),
        v19.get_slice("r1", cparent("log"), pred(start="0005", finish="0002", reversed=True,
                                                 count=10)),
        v19.get_slice("r1", cparent("log"), pred(start="0005", finish="0002", count=10)),
        v19.get_count("r2", cparent("log"), pred(start="0003", finish="0007", count=100)),
        v19.get_paged_slice("log", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                             count=2), "0010"),
        v19.get_paged_slice("log", key_range(start_key="r2", end_key="", count=2), "0011"),
        v19.multiget_count(["r1", "r2", "r9"], cparent("log"), everything(1000)),
        cql("SELECT key, token(key) FROM log WHERE column1 = '0000' ALLOW FILTERING"),
        cql("SELECT column1 FROM log WHERE key = 'r3' AND column1 > '0008' LIMIT 2"),
        cql("SELECT column1 FROM log WHERE key = 'r3' AND column1 > '0008' "
            "ORDER BY column1 DESC LIMIT 2"),
        cql("SELECT key FROM log WHERE token(key) > token('r1') LIMIT 3"),
        cql("SELECT DISTINCT key FROM log"),
        v19.batch_mutate({"r1": {"log": [mutation(deletion_=deletion(
            5, predicate=pred(slice_range=D.srange("0000", "0009"))))]}}),
        v19.get_slice("r1", cparent("log"), everything()),
    ]


# ---------------------------------------------------------------- DDL mistakes
@sc("ddl_mistakes", "schema", "zi_ddl", when=BOTH)
def ddl_mistakes():
    """A CQL 3 migration tool written for 2.1 run against 3.x: table options in 2.x
    spellings (caching strings, compression's sstable_compression, index_interval,
    populate_io_cache_on_flush), COMPACT STORAGE with collections, counters mixed with other
    columns, a keyspace strategy name misspelt; and what it made instead."""
    ks = "zi_ddl"
    return [
        cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategie', "
            "'replication_factor': 1}" % ks),
        cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy'}" % ks),
        cql("CREATE KEYSPACE %s WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'dc1': 1} AND durable_writes = false" % ks),
        cql("USE %s" % ks),
        cql("CREATE TABLE t1 (k int PRIMARY KEY, v text) WITH caching = 'keys_only'"),
        cql("CREATE TABLE t1 (k int PRIMARY KEY, v text) WITH caching = "
            "{'keys': 'ALL', 'rows_per_partition': 'NONE'}"),
        cql("CREATE TABLE t2 (k int PRIMARY KEY, v text) WITH compression = "
            "{'sstable_compression': 'LZ4Compressor'}"),
        cql("CREATE TABLE t3 (k int PRIMARY KEY, v text) WITH index_interval = 128"),
        cql("CREATE TABLE t3 (k int PRIMARY KEY, v text) WITH populate_io_cache_on_flush = true"),
        cql("CREATE TABLE t3 (k int PRIMARY KEY, v text) WITH compaction = "
            "{'class': 'DateTieredCompactionStrategy', 'base_time_seconds': '60'} "
            "AND default_time_to_live = 100"),
        cql("CREATE TABLE t4 (k int, c int, v list<int>, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE t5 (k int PRIMARY KEY, n counter, v int)"),
        cql("CREATE TABLE t6 (k int PRIMARY KEY, v text) WITH compaction = "
            "{'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': 'DAYS', "
            "'compaction_window_size': '1'}"),
        cql("CREATE TABLE t7 (k int PRIMARY KEY, v text) WITH compression = "
            "{'class': 'LZ4Compressor', 'chunk_length_in_kb': '16'} AND crc_check_chance = 0.5"),
        cql("CREATE TABLE t8 (k int PRIMARY KEY, v text) WITH cdc = true"),
        cql("CREATE TABLE t9 (k int PRIMARY KEY, v duration)"),
        cql("ALTER TABLE t1 WITH gc_grace_seconds = 10 AND comment = 'x'"),
        cql("ALTER TABLE t1 ALTER v TYPE blob"),
        cql("ALTER TABLE t1 ALTER v TYPE int"),
        cql("ALTER TABLE t1 DROP v"),
        cql("ALTER TABLE t1 ADD v int"),
        cql("ALTER TABLE t1 ADD v text"),
        cql("SELECT table_name, caching, compression, compaction FROM system_schema.tables "
            "WHERE keyspace_name = '%s'" % ks),
        v19.describe_keyspace(ks),
    ]
