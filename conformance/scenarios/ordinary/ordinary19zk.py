"""Ordinary Thrift traffic of applications on Cassandra 3.0.24 and 3.11.10 (author zk).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port (`start_rpc: true`, API 20.1.0), mistakes
included. Legacy Thrift applications kept alive across the upgrade to 3.x, and applications
of the 3.x era that still spoke Thrift or CQL 3 over Thrift, none of them modelled by the
earlier files:
  * Usergrid 2's Astyanax collections (CompositeType entity versions, unique values, edges)
  * JanusGraph 0.1 on its cassandrathrift backend (stores, id blocks, key iteration)
  * KairosDB 1.x on Hector (data_points rows of 4-byte offsets, row_key_index, string_index)
  * Zipkin 1.x's CQL schema through a CQL-over-Thrift driver (traces, indexes, TTLs, IN)
  * an Apache James mailbox on 3.x (CQL tables of frozen user types, counters, UIDs by LWT)
  * an Akka persistence journal written through CQL over Thrift (prepared batches,
    sequence ranges, range deletions, snapshots read newest first)
  * a Rails app on the cassandra-cql gem (literals it quoted itself, counts, deletes)
  * an ORM's describe-like reads of system_schema (tables, columns, views, types, functions)
  * a CQL session store with a table TTL, TTL'd updates and ttl() read back
  * page counters in counter batches through CQL and Thrift
  * a migration tool's schema steps (version table, IF NOT EXISTS, ALTER ... ADD/DROP/WITH)
  * an Elassandra-like secondary-index search (collection indexes, CONTAINS, index paging)
  * a Hector CRUD app on 3.0 (its column families, slices, multigets, counts, removes)
  * pycassa paging on 3.11 (get_range by the last key, xget pages, column_count)
  * a KEYS index made by Thrift and paged by get_indexed_slices on 3.x
  * cassandra-jdbc 2.x prepared CRUD of every common type
  * a monitoring agent's describe calls
  * an inventory's lightweight transactions
  * a product catalogue on materialized views (3.0) and SASI search (3.11)
  * 2.2's types and CAST in a booking app
  * a newcomer's mistakes on 3.x (types, keyspaces, levels, super columns, CQL tables)
Writes are deterministic: Thrift timestamps relative (`ts=True` values), CQL writes read back
through Thrift or `writetime` carry USING TIMESTAMP.

    RELEASE=3.11.10 capture.py --api 19 --port P --framed --out DIR ordinary19zk.py
"""
import os
import struct as st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import dsl as D  # noqa: E402
from dsl import (v19, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause, index_expr, EQ, GTE, GT, long_,
                 uuid_)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "3.11.10")

import kit  # noqa: E402
from kit import (cadd, comp, exe, i32b, i64b, ks_cql, prep, cfd, ksd, coldef,  # noqa: E402
                 connect, hector_cf, MIN_TOKEN)
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL  # noqa: E402
from kit import SERIAL, LOCAL_ONE  # noqa: E402

VER = kit.version()
V311 = VER >= (3, 11, 0)
BOTH = VER >= (3, 0, 0)
LOCAL_QUORUM = D.LOCAL_QUORUM
MAX_TOKEN = "9223372036854775807"

sc = kit.registrar("zk_")

M = "org.apache.cassandra.db.marshal."
UTF8, LONG, BYTES, INT32 = M + "UTF8Type", M + "LongType", M + "BytesType", M + "Int32Type"
ASCII, COUNTER, UUIDT = M + "AsciiType", M + "CounterColumnType", M + "UUIDType"


def everything(count=100):
    return pred(start="", finish="", count=count)


def v3coll(items):
    """A collection bound over Thrift as 3.x reads it (native protocol v3: 4-byte counts
    and lengths)."""
    out = st.pack(">i", len(items))
    for it in items:
        for p in (it if isinstance(it, tuple) else (it,)):
            p = p.encode() if isinstance(p, str) else p
            out += st.pack(">i", len(p)) + p
    return out


U1 = "5f0c2b9e-3c1a-11e6-8000-000000000001"
U2 = "5f0c2b9e-3c1a-11e6-8000-000000000002"
U3 = "5f0c2b9e-3c1a-11e6-8000-000000000003"


# ---------------------------------------------------------------- Usergrid 2
@sc("usergrid2", "app", "zk_ug", when=BOTH)
def usergrid2():
    """Usergrid 2's collection module on Astyanax against 3.0: its families of
    CompositeType names made at start, an entity's versions written and read newest first,
    unique values claimed and checked, graph edges sliced by a composite prefix."""
    ks = "zk_ug"
    ver = "CompositeType(%s,%s)" % (UUIDT, UTF8)
    edge = "CompositeType(%s,%s)" % (UTF8, LONG)
    e1, e2 = uuid_(U1), uuid_(U2)
    return connect() + [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Entity_Version_Data", comparator_type=ver,
                                         key_validation_class=BYTES,
                                         default_validation_class=BYTES)),
        v19.system_add_column_family(cfd(ks, "Unique_Values", comparator_type=BYTES,
                                         key_validation_class=BYTES,
                                         default_validation_class=BYTES)),
        v19.system_add_column_family(cfd(ks, "Graph_Source_Node_Edges", comparator_type=edge,
                                         key_validation_class=BYTES,
                                         default_validation_class=BYTES)),
        v19.describe_schema_versions(),
        v19.batch_mutate({e1: {"Entity_Version_Data": [
            ins(comp(uuid_(U1), "data"), b'{"name":"ann"}', 1),
            ins(comp(uuid_(U2), "data"), b'{"name":"ann b"}', 2)]},
            b"users:name:ann": {"Unique_Values": [ins(e1, b"", 1, ttl=30)]}}, QUORUM),
        v19.get_slice(e1, cparent("Entity_Version_Data"),
                      pred(start="", finish="", reversed=True, count=1), QUORUM),
        v19.get_slice(e1, cparent("Entity_Version_Data"), everything(), QUORUM),
        v19.get_slice(b"users:name:ann", cparent("Unique_Values"), everything(2), QUORUM),
        v19.insert(b"users:name:ann", cparent("Unique_Values"), column(e1, b"", 3), QUORUM),
        v19.get_slice(b"users:name:ann", cparent("Unique_Values"), everything(2), QUORUM),
        v19.batch_mutate({e1: {"Graph_Source_Node_Edges": [
            ins(comp("likes", 10), e2, 1), ins(comp("likes", 20), b"\x01", 1),
            ins(comp("owns", 5), e2, 1)]}}, QUORUM),
        v19.get_slice(e1, cparent("Graph_Source_Node_Edges"),
                      pred(start=comp("likes", eoc=-1), finish=comp("likes", eoc=1), count=10),
                      QUORUM),
        v19.get_slice(e1, cparent("Graph_Source_Node_Edges"),
                      pred(start=comp("likes", 15), finish=comp("likes", eoc=1), count=10),
                      QUORUM),
        v19.multiget_slice([e1, e2], cparent("Graph_Source_Node_Edges"), everything(), QUORUM),
        v19.batch_mutate({e1: {"Entity_Version_Data": [mutation(deletion_=deletion(
            5, predicate=pred(names=[comp(uuid_(U1), "data")])))]}}, QUORUM),
        v19.get_count(e1, cparent("Entity_Version_Data"), everything(), QUORUM),
        v19.insert(e1, cparent("Entity_Version_Data"), column("data", b"x", 6), QUORUM),
    ]


# ---------------------------------------------------------------- JanusGraph 0.1
@sc("janusgraph01", "app", "zk_jg", when=BOTH)
def janusgraph01():
    """JanusGraph 0.1's cassandrathrift backend on 3.x: describe_keyspaces at open, its
    keyspace and stores, the configuration row, id blocks claimed by writing then reading a
    claim column, vertices written and iterated by key (get_range_slices with count 1
    slices), a store cleared by truncate."""
    ks = "zk_jg"

    def store(name):
        return cfd(ks, name, comparator_type=BYTES, key_validation_class=BYTES,
                   default_validation_class=BYTES,
                   compression_options={"sstable_compression":
                                        "org.apache.cassandra.io.compress.LZ4Compressor",
                                        "chunk_length_kb": "16"})
    ks_def = ksd(ks, [store("edgestore"), store("graphindex"), store("janusgraph_ids"),
                      store("system_properties"), store("systemlog")])
    vs = [long_(0x1000 + 8 * i) for i in range(4)]
    return [
        v19.describe_partitioner(),
        v19.system_add_keyspace(ks_def),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.get_slice("configuration", cparent("system_properties"), everything(1000),
                      QUORUM),
        v19.batch_mutate({"configuration": {"system_properties": [
            ins("cache.db-cache", b"\x00", 1), ins("graph.janusgraph-version", "0.1.0", 1)]}},
            QUORUM),
        v19.get_slice("configuration", cparent("system_properties"),
                      pred(names=["graph.janusgraph-version"]), QUORUM),
        # an id block: the claim column, read back to see who won
        v19.insert(long_(1), cparent("janusgraph_ids"), column(long_(-20000) + b"\x7f\x01",
                                                               b"", 3), QUORUM),
        v19.get_slice(long_(1), cparent("janusgraph_ids"),
                      pred(start=long_(-20000), finish=long_(-19999), count=10), QUORUM),
        v19.batch_mutate({v: {"edgestore": [ins(b"\x02", b"\x80", 4 + i),
                                            ins(b"\x30\x01", b"\x81\x02", 4 + i)]}
                          for i, v in enumerate(vs)}, QUORUM),
        v19.batch_mutate({b"\x00\x01name\x00ann": {"graphindex": [ins(b"\x00", vs[0], 4)]}},
                         QUORUM),
        v19.get_slice(b"\x00\x01name\x00ann", cparent("graphindex"), everything(10), QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start="", finish="", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MAX_TOKEN, count=2),
                             QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"\x30", finish=b"\x31", count=5),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10),
                             QUORUM),
        v19.get_slice(vs[1], cparent("edgestore"), pred(start=b"\x02", finish=b"\x03",
                                                        count=1), QUORUM),
        v19.remove(vs[3], cpath("edgestore"), 10, QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start="", finish="", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10),
                             QUORUM),
        v19.truncate("systemlog"),
        v19.get_range_slices(cparent("systemlog"), everything(1),
                             key_range(start_key="", end_key="", count=10), QUORUM),
    ]


# ---------------------------------------------------------------- KairosDB 1.x
@sc("kairosdb_hector", "app", "zk_kdb", when=BOTH)
def kairosdb_hector():
    """KairosDB 1.x on Hector after the move to 3.0: data_points rows (metric + 3-week base
    time + type + tags as the key) of 4-byte offset names with TTL'd values, the
    row_key_index of each metric's rows, the string_index of names; a query's slices by
    offsets, reversed and counted; a delete of a time range; the same family seen in CQL."""
    ks = "zk_kdb"
    dp = hector_cf(ks, "data_points", comparator_type=BYTES)
    rki = hector_cf(ks, "row_key_index", comparator_type=BYTES)
    si = hector_cf(ks, "string_index", comparator_type=UTF8)
    rk = b"cpu.load\x00" + i64b(1451606400000) + b"\x00kairos_long\x00host=a:"
    rk2 = b"cpu.load\x00" + i64b(1453420800000) + b"\x00kairos_long\x00host=a:"

    def off(ms):
        return i32b(ms << 1)
    return [
        v19.system_add_keyspace(ksd(ks, [dp, rki, si])),
        v19.set_keyspace(ks),
        v19.batch_mutate({rk: {"data_points": [ins(off(i * 1000), i64b(i), 1, ttl=86400)
                                               for i in range(5)]},
                          rk2: {"data_points": [ins(off(0), i64b(99), 1)]},
                          b"cpu.load": {"row_key_index": [ins(rk, b"", 1), ins(rk2, b"", 1)]},
                          b"metric_names": {"string_index": [ins("cpu.load", b"\x00", 1)]}}),
        v19.get_slice(b"metric_names", cparent("string_index"), everything(1000)),
        v19.get_slice(b"cpu.load", cparent("row_key_index"),
                      pred(start=rk, finish=rk2, count=100)),
        v19.get_slice(rk, cparent("data_points"), pred(start=off(1000), finish=off(3000),
                                                       count=100)),
        v19.get_slice(rk, cparent("data_points"), pred(start=off(3000), finish=off(0),
                                                       reversed=True, count=2)),
        v19.multiget_slice([rk, rk2], cparent("data_points"), everything(1)),
        v19.get_count(rk, cparent("data_points"), pred(start=off(1000), finish="", count=100)),
        v19.batch_mutate({rk: {"data_points": [mutation(deletion_=deletion(
            5, predicate=pred(names=[off(0), off(1000)])))]}}),
        v19.get_slice(rk, cparent("data_points"), everything()),
        v19.batch_mutate({rk: {"data_points": [mutation(deletion_=deletion(
            6, predicate=pred(slice_range=D.srange(off(2000), off(3000)))))]}}),
        v19.get_slice(rk, cparent("data_points"), everything()),
        v19.remove(b"cpu.load", cpath("row_key_index", col=rk2), 7),
        v19.get_slice(b"cpu.load", cparent("row_key_index"), everything()),
        cql("SELECT key, column1, value FROM data_points LIMIT 3"),
        cql("SELECT * FROM string_index"),
    ]


# ---------------------------------------------------------------- Zipkin 1.x
@sc("zipkin1_cql", "cql3", "zk_zipkin", when=BOTH)
def zipkin1_cql():
    """Zipkin 1.x's Cassandra schema sent by a CQL-over-Thrift driver: traces with a table
    TTL and DateTieredCompactionStrategy, the service and span name tables, the index of
    trace ids by service and time bucket; spans stored with TTLs, queries by IN and by
    bucket with LIMIT, a trace fetched, an index entry past its bucket."""
    ks = "zk_zipkin"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS traces (trace_id bigint, ts timestamp, "
            "span_name text, span blob, PRIMARY KEY (trace_id, ts, span_name)) "
            "WITH compaction = {'class': 'DateTieredCompactionStrategy'} "
            "AND default_time_to_live = 604800"),
        cql("CREATE TABLE IF NOT EXISTS service_names (bucket int, service_name text, "
            "PRIMARY KEY (bucket, service_name))"),
        cql("CREATE TABLE IF NOT EXISTS span_names (service_name text, bucket int, "
            "span_name text, PRIMARY KEY ((service_name, bucket), span_name))"),
        cql("CREATE TABLE IF NOT EXISTS service_name_index (service_name text, bucket int, "
            "ts timestamp, trace_id bigint, PRIMARY KEY ((service_name, bucket), ts)) "
            "WITH CLUSTERING ORDER BY (ts DESC)"),
        cql("INSERT INTO traces (trace_id, ts, span_name, span) VALUES "
            "(100, 1466000000000, 'get', 0x0a0b) USING TTL 604800"),
        cql("INSERT INTO traces (trace_id, ts, span_name, span) VALUES "
            "(100, 1466000000005, 'db', 0x0c)"),
        cql("INSERT INTO traces (trace_id, ts, span_name, span) VALUES "
            "(101, 1466000001000, 'post', 0x0d)"),
        cql("INSERT INTO service_names (bucket, service_name) VALUES (0, 'web')"),
        cql("INSERT INTO service_names (bucket, service_name) VALUES (0, 'db')"),
        cql("INSERT INTO span_names (service_name, bucket, span_name) VALUES ('web', 0, 'get')"),
        cql("INSERT INTO service_name_index (service_name, bucket, ts, trace_id) VALUES "
            "('web', 3, 1466000000000, 100)"),
        cql("INSERT INTO service_name_index (service_name, bucket, ts, trace_id) VALUES "
            "('web', 3, 1466000001000, 101)"),
        cql("SELECT service_name FROM service_names WHERE bucket = 0"),
        cql("SELECT span_name FROM span_names WHERE service_name = 'web' AND bucket = 0"),
        cql("SELECT ts, trace_id FROM service_name_index WHERE service_name = 'web' "
            "AND bucket IN (1, 2, 3) AND ts <= 1466000001000 LIMIT 10"),
        cql("SELECT ts, trace_id FROM service_name_index WHERE service_name = 'web' "
            "AND bucket = 3 AND ts < 1466000001000 LIMIT 1"),
        cql("SELECT trace_id, span FROM traces WHERE trace_id IN (100, 101, 102) LIMIT 100"),
        cql("SELECT span_name FROM traces WHERE trace_id = 100"),
        cql("SELECT ts, trace_id FROM service_name_index WHERE service_name = 'web'"),
        cql("SELECT * FROM service_name_index WHERE bucket = 3 AND ts > 0"),
        cql("SELECT default_time_to_live FROM system_schema.tables WHERE keyspace_name = "
            "'%s' AND table_name = 'traces'" % ks),
        cql("TRUNCATE traces"),
        cql("SELECT count(*) FROM traces"),
    ]


# ---------------------------------------------------------------- Apache James
@sc("james_mailbox", "cql3", "zk_james", when=BOTH)
def james_mailbox():
    """Apache James 3's Cassandra mailbox on 3.x: its tables (a frozen user type for
    properties, a counters table, the UID and modseq tables it advanced by lightweight
    transactions), a message appended, listed, flagged, counted and expunged."""
    ks = "zk_james"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TYPE IF NOT EXISTS property (namespace text, name text, value text)"),
        cql("CREATE TABLE IF NOT EXISTS mailbox (id timeuuid PRIMARY KEY, name text, "
            "uidvalidity bigint, path text)"),
        cql("CREATE TABLE IF NOT EXISTS mailboxCounters (mailboxId timeuuid PRIMARY KEY, "
            "count counter, unseen counter)"),
        cql("CREATE TABLE IF NOT EXISTS mailboxLastUid (mailboxId timeuuid PRIMARY KEY, "
            "nextUid bigint)"),
        cql("CREATE TABLE IF NOT EXISTS message (mailboxId timeuuid, uid bigint, "
            "internalDate timestamp, bodyOctets bigint, flagSeen boolean, flagDeleted boolean, "
            "flagUser set<text>, properties list<frozen<property>>, "
            "PRIMARY KEY (mailboxId, uid))"),
        cql("INSERT INTO mailbox (id, name, uidvalidity, path) VALUES "
            "(%s, 'INBOX', 42, '#private:ann')" % U1),
        cql("SELECT id, name, uidvalidity FROM mailbox WHERE id = %s" % U1),
        cql("SELECT nextUid FROM mailboxLastUid WHERE mailboxId = %s" % U1),
        cql("INSERT INTO mailboxLastUid (mailboxId, nextUid) VALUES (%s, 1) IF NOT EXISTS"
            % U1),
        cql("UPDATE mailboxLastUid SET nextUid = 2 WHERE mailboxId = %s IF nextUid = 1" % U1),
        cql("UPDATE mailboxLastUid SET nextUid = 2 WHERE mailboxId = %s IF nextUid = 1" % U1),
        cql("INSERT INTO message (mailboxId, uid, internalDate, bodyOctets, flagSeen, "
            "flagDeleted, flagUser, properties) VALUES (%s, 1, '2016-06-15 10:00:00+0000', "
            "2048, false, false, {'$Junk'}, [{namespace: 'mime', name: 'type', "
            "value: 'text'}])" % U1),
        cql("INSERT INTO message (mailboxId, uid, internalDate, bodyOctets, flagSeen, "
            "flagDeleted) VALUES (%s, 2, '2016-06-15 10:05:00+0000', 100, true, false)" % U1),
        cql("UPDATE mailboxCounters SET count = count + 1, unseen = unseen + 1 "
            "WHERE mailboxId = %s" % U1),
        cql("UPDATE mailboxCounters SET count = count + 1 WHERE mailboxId = %s" % U1),
        cql("SELECT count, unseen FROM mailboxCounters WHERE mailboxId = %s" % U1),
        cql("SELECT uid, flagSeen, flagUser, properties FROM message WHERE mailboxId = %s"
            % U1),
        cql("SELECT uid FROM message WHERE mailboxId = %s AND uid >= 2" % U1),
        cql("UPDATE message SET flagSeen = true, flagUser = flagUser + {'work'} "
            "WHERE mailboxId = %s AND uid = 1" % U1),
        cql("UPDATE mailboxCounters SET unseen = unseen - 1 WHERE mailboxId = %s" % U1),
        cql("SELECT uid, flagSeen, flagUser FROM message WHERE mailboxId = %s AND uid = 1"
            % U1),
        cql("UPDATE message SET flagDeleted = true WHERE mailboxId = %s AND uid = 2" % U1),
        cql("DELETE FROM message WHERE mailboxId = %s AND uid = 2" % U1),
        cql("SELECT count(*) FROM message WHERE mailboxId = %s" % U1),
        cql("SELECT * FROM message WHERE mailboxId = 'INBOX'"),
        cql("INSERT INTO mailbox (id, name) VALUES (%s, 'Sent')" % U3.replace("8000", "9000")),
    ]


# ---------------------------------------------------------------- Akka persistence
@sc("akka_journal", "cql3", "zk_akka", when=BOTH)
def akka_journal():
    """An Akka persistence journal on 3.x written through prepared CQL over Thrift: its
    messages table partitioned by (persistence_id, partition_nr), events appended in logged
    batches with a timestamp, replayed by sequence ranges, the highest sequence number read,
    events deleted up to a number (3.0's clustering range delete), snapshots newest first."""
    ks = "zk_akka"
    w = ("INSERT INTO messages (persistence_id, partition_nr, sequence_nr, ser_id, event) "
         "VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?")
    r = ("SELECT sequence_nr, event FROM messages WHERE persistence_id = ? AND "
         "partition_nr = ? AND sequence_nr >= ? AND sequence_nr <= ?")
    hi = ("SELECT sequence_nr FROM messages WHERE persistence_id = ? AND partition_nr = ? "
          "ORDER BY sequence_nr DESC LIMIT 1")
    snap = ("SELECT sequence_nr, snapshot FROM snapshots WHERE persistence_id = ? AND "
            "sequence_nr <= ? ORDER BY sequence_nr DESC LIMIT ?")
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS messages (persistence_id text, partition_nr bigint, "
            "sequence_nr bigint, ser_id int, event blob, "
            "PRIMARY KEY ((persistence_id, partition_nr), sequence_nr)) "
            "WITH gc_grace_seconds = 864000 AND compaction = "
            "{'class': 'SizeTieredCompactionStrategy'}"),
        cql("CREATE TABLE IF NOT EXISTS snapshots (persistence_id text, sequence_nr bigint, "
            "timestamp bigint, snapshot blob, PRIMARY KEY (persistence_id, sequence_nr)) "
            "WITH CLUSTERING ORDER BY (sequence_nr DESC)"),
        cql("CREATE TABLE IF NOT EXISTS metadata (persistence_id text PRIMARY KEY, "
            "deleted_to bigint)"),
        prep(w),
        prep(r),
        prep(hi),
    ]
    for n in range(1, 6):
        out.append(exe(ks, w, ["cart-1", i64b(0), i64b(n), i32b(1), b"ev%d" % n,
                               i64b(1000 + n)]))
    out += [
        cql("BEGIN BATCH USING TIMESTAMP 2000 "
            "INSERT INTO messages (persistence_id, partition_nr, sequence_nr, ser_id, event) "
            "VALUES ('cart-2', 0, 1, 1, 0x01); "
            "INSERT INTO messages (persistence_id, partition_nr, sequence_nr, ser_id, event) "
            "VALUES ('cart-2', 0, 2, 1, 0x02) APPLY BATCH"),
        exe(ks, r, ["cart-1", i64b(0), i64b(2), i64b(4)]),
        exe(ks, r, ["cart-1", i64b(1), i64b(1), i64b(9)]),
        exe(ks, hi, ["cart-1", i64b(0)]),
        exe(ks, hi, ["cart-2", i64b(0)]),
        cql("SELECT sequence_nr, writetime(event) FROM messages WHERE persistence_id = "
            "'cart-2' AND partition_nr = 0"),
        cql("INSERT INTO metadata (persistence_id, deleted_to) VALUES ('cart-1', 3)"),
        cql("DELETE FROM messages WHERE persistence_id = 'cart-1' AND partition_nr = 0 "
            "AND sequence_nr <= 3"),
        exe(ks, r, ["cart-1", i64b(0), i64b(0), i64b(99)]),
        cql("SELECT deleted_to FROM metadata WHERE persistence_id = 'cart-1'"),
        cql("DELETE FROM messages WHERE persistence_id = 'cart-1' AND sequence_nr <= 3"),
        prep(snap),
        cql("INSERT INTO snapshots (persistence_id, sequence_nr, timestamp, snapshot) VALUES "
            "('cart-1', 2, 1466000000000, 0xaa)"),
        cql("INSERT INTO snapshots (persistence_id, sequence_nr, timestamp, snapshot) VALUES "
            "('cart-1', 4, 1466000001000, 0xbb)"),
        exe(ks, snap, ["cart-1", i64b(3), i32b(1)]),
        exe(ks, snap, ["cart-1", i64b(9), i32b(2)]),
        exe(ks, r, ["cart-1", i32b(0), i64b(0), i64b(9)]),
    ]
    return out


# ---------------------------------------------------------------- Rails on cassandra-cql
@sc("rails_cql_gem", "cql3", "zk_rails", when=BOTH)
def rails_cql_gem():
    """A Rails app on the cassandra-cql gem against 3.x: its statements built by the gem's
    own quoting (doubled quotes, timestamps as strings, nil as null), a finder by key with
    IN, counts, an update of some columns, a delete of columns then of the row."""
    ks = "zk_rails"
    return [
        ks_cql(ks),
        cql("USE %s" % ks),
        cql("CREATE TABLE posts (id varchar PRIMARY KEY, title varchar, body varchar, "
            "author varchar, published boolean, created_at timestamp, views int)"),
        cql("INSERT INTO posts (id, title, body, author, published, created_at, views) "
            "VALUES ('p1', 'It''s here', 'Hello', 'ann', true, '2016-05-01 12:00:00', 3)"),
        cql("INSERT INTO posts (id, title, body, author, published, created_at, views) "
            "VALUES ('p2', 'Second', 'More', 'bob', false, '2016-05-02', null)"),
        cql("INSERT INTO posts (id, title, author) VALUES ('p3', 'Draft', 'ann')"),
        cql("SELECT * FROM posts WHERE id = 'p1'"),
        cql("SELECT id, title FROM posts WHERE id IN ('p1', 'p2', 'p9')"),
        cql("SELECT COUNT(*) FROM posts"),
        cql("SELECT count(1) FROM posts WHERE id = 'p3'"),
        cql("UPDATE posts SET title = 'It''s here!', views = 4 WHERE id = 'p1'"),
        cql("SELECT title, views, created_at FROM posts WHERE id = 'p1'"),
        cql("DELETE body, views FROM posts WHERE id = 'p1'"),
        cql("SELECT body, views FROM posts WHERE id = 'p1'"),
        cql("DELETE FROM posts WHERE id = 'p2'"),
        cql("SELECT id FROM posts"),
        cql("SELECT * FROM posts WHERE author = 'ann'"),
        cql("INSERT INTO posts (id, views) VALUES ('p4', '12')"),
        cql("INSERT INTO posts (id, created_at) VALUES ('p4', 'yesterday')"),
        cql("UPDATE posts SET views = views + 1 WHERE id = 'p1'"),
        cql("SELECT id, title FROM posts LIMIT 1"),
    ]


# ---------------------------------------------------------------- ORM schema reads
@sc("orm_schema_reads", "cql3", "zk_orm", when=BOTH)
def orm_schema_reads():
    """An ORM's sync step on 3.x: its describe-like reads of system_schema (keyspaces,
    tables, columns, indexes, views, types, functions, aggregates, dropped_columns) to diff
    a model against the table, then the CREATE/ALTER it issued; a `DESCRIBE` it passed
    through as if the server spoke cqlsh."""
    ks = "zk_orm"
    w = "WHERE keyspace_name = '%s'" % ks
    return [
        cql("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = '%s'"
            % ks),
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("SELECT keyspace_name, durable_writes, replication FROM system_schema.keyspaces "
            + w),
        cql("SELECT table_name FROM system_schema.tables " + w),
        cql("CREATE TABLE author (id int PRIMARY KEY, name text)"),
        cql("CREATE TABLE book (author_id int, isbn text, title text, year int, "
            "PRIMARY KEY (author_id, isbn))"),
        cql("CREATE INDEX book_year ON book (year)"),
        cql("SELECT table_name, bloom_filter_fp_chance, caching, compaction, compression, "
            "crc_check_chance, default_time_to_live, gc_grace_seconds FROM "
            "system_schema.tables " + w + " AND table_name = 'book'"),
        cql("SELECT column_name, clustering_order, kind, position, type FROM "
            "system_schema.columns " + w + " AND table_name = 'book'"),
        cql("SELECT index_name, kind, options FROM system_schema.indexes " + w),
        cql("SELECT * FROM system_schema.views " + w),
        cql("SELECT * FROM system_schema.types " + w),
        cql("SELECT * FROM system_schema.functions " + w),
        cql("SELECT * FROM system_schema.aggregates " + w),
        cql("SELECT * FROM system_schema.triggers " + w),
        cql("ALTER TABLE book ADD pages int"),
        cql("ALTER TABLE book DROP year"),
        cql("DROP INDEX book_year"),
        cql("ALTER TABLE book DROP year"),
        cql("SELECT column_name, type FROM system_schema.columns " + w
            + " AND table_name = 'book'"),
        cql("SELECT column_name, type FROM system_schema.dropped_columns " + w),
        cql("DESCRIBE TABLE book"),
        cql("SELECT * FROM system_schema.tables WHERE table_name = 'book'"),
        cql("SELECT * FROM system_schema.columns " + w + " AND column_name = 'isbn'"),
    ]


# ---------------------------------------------------------------- session store
@sc("cql_sessions", "cql3", "zk_sess", when=BOTH)
def cql_sessions():
    """A web framework's CQL session store on 3.x: a table with default_time_to_live,
    sessions written and touched with USING TTL, ttl() and writetime() read back, a TTL of
    0 persisting a remember-me session; then the legacy Thrift admin page listing them."""
    ks = "zk_sess"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE sessions (id text PRIMARY KEY, data blob, user_id int) "
            "WITH default_time_to_live = 1800 AND gc_grace_seconds = 0"),
        cql("INSERT INTO sessions (id, data, user_id) VALUES ('s1', 0x01, 7) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO sessions (id, data, user_id) VALUES ('s2', 0x02, 8) "
            "USING TTL 60 AND TIMESTAMP 100"),
        cql("INSERT INTO sessions (id, data) VALUES ('s3', 0x03) USING TTL 0 AND TIMESTAMP 100"),
        cql("SELECT id, user_id, writetime(data) FROM sessions WHERE id = 's1'"),
        cql("SELECT ttl(data) > 0 FROM sessions WHERE id = 's1'"),
        cql("SELECT ttl(data) FROM sessions WHERE id = 's3'"),
        cql("UPDATE sessions USING TTL 120 AND TIMESTAMP 101 SET data = 0x11 WHERE id = 's2'"),
        cql("SELECT data, writetime(data) FROM sessions WHERE id = 's2'"),
        cql("UPDATE sessions USING TTL -1 SET data = 0x12 WHERE id = 's2'"),
        cql("UPDATE sessions USING TTL 630720001 SET data = 0x12 WHERE id = 's2'"),
        cql("SELECT ttl(id) FROM sessions"),
        v19.get_slice("s3", cparent("sessions"), everything()),
        v19.get_range_slices(cparent("sessions"), pred(names=["user_id"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get("s1", cpath("sessions", col="user_id")),
        cql("DELETE FROM sessions USING TIMESTAMP 102 WHERE id = 's2'"),
        cql("SELECT id FROM sessions WHERE id IN ('s1', 's2', 's3')"),
        cql("ALTER TABLE sessions WITH default_time_to_live = 3600"),
        cql("SELECT default_time_to_live FROM system_schema.tables WHERE keyspace_name = "
            "'%s' AND table_name = 'sessions'" % ks),
    ]


# ---------------------------------------------------------------- counter batches
@sc("counter_batches", "counter", "zk_ctr", when=BOTH)
def counter_batches():
    """Page and referrer counters of an analytics service on 3.x: CQL counter batches,
    a batch mixing counters and plain writes, a counter batch with a timestamp; a Thrift
    worker adding to the same table's compact twin through batch_mutate and reading
    multigets of counts."""
    ks = "zk_ctr"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE page_views (page text, day text, views counter, uniques counter, "
            "PRIMARY KEY (page, day))"),
        cql("CREATE TABLE referrers (page text, ref text, hits counter, PRIMARY KEY (page, ref)) "
            "WITH COMPACT STORAGE"),
        cql("BEGIN COUNTER BATCH "
            "UPDATE page_views SET views = views + 1, uniques = uniques + 1 "
            "WHERE page = '/' AND day = '2016-07-01'; "
            "UPDATE page_views SET views = views + 3 WHERE page = '/a' AND day = '2016-07-01'; "
            "UPDATE referrers SET hits = hits + 2 WHERE page = '/' AND ref = 'google' "
            "APPLY BATCH"),
        cql("BEGIN COUNTER BATCH "
            "UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = '2016-07-01' "
            "APPLY BATCH"),
        cql("SELECT page, day, views, uniques FROM page_views"),
        cql("BEGIN BATCH "
            "UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = '2016-07-02'; "
            "APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH "
            "UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = '2016-07-02'; "
            "APPLY BATCH"),
        cql("BEGIN COUNTER BATCH USING TIMESTAMP 10 "
            "UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = '2016-07-02'; "
            "APPLY BATCH"),
        cql("BEGIN COUNTER BATCH "
            "INSERT INTO referrers (page, ref, hits) VALUES ('/', 'bing', 1) APPLY BATCH"),
        v19.batch_mutate({"/": {"referrers": [cadd("bing", 4), cadd("google", 1)]},
                          "/b": {"referrers": [cadd("direct", 9)]}}),
        v19.add("/", cparent("referrers"), counter_column("google", -1)),
        v19.multiget_slice(["/", "/b", "/c"], cparent("referrers"), everything()),
        v19.multiget_count(["/", "/b", "/c"], cparent("referrers"), everything()),
        cql("SELECT * FROM referrers WHERE page = '/'"),
        cql("UPDATE page_views SET views = views - 2 WHERE page = '/a' AND day = '2016-07-01'"),
        cql("SELECT views FROM page_views WHERE page = '/a' AND day = '2016-07-01'"),
        cql("DELETE FROM page_views WHERE page = '/a'"),
        cql("SELECT count(*) FROM page_views"),
        v19.get_slice("/", cparent("page_views"), everything()),
    ]


# ---------------------------------------------------------------- migration tool
@sc("migrations", "schema", "zk_mig", when=BOTH)
def migrations():
    """A schema migration tool (cassandra-migration style) on 3.x: its version table read
    and written, each script's statements applied with IF NOT EXISTS, a column added and
    renamed, table options changed, an index and a type made, a script run twice."""
    ks = "zk_mig"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS schema_version (id text PRIMARY KEY, version int, "
            "applied_on timestamp, description text, checksum int, success boolean)"),
        cql("SELECT id, version, success FROM schema_version"),
        cql("CREATE TABLE IF NOT EXISTS users (id uuid PRIMARY KEY, email text, name text)"),
        cql("INSERT INTO schema_version (id, version, applied_on, description, checksum, "
            "success) VALUES ('1', 1, '2016-08-01 00:00:00+0000', 'users', 12345, true)"),
        cql("CREATE TABLE IF NOT EXISTS users_by_email (email text PRIMARY KEY, id uuid)"),
        cql("ALTER TABLE users ADD created timestamp"),
        cql("ALTER TABLE users WITH comment = 'v2' AND gc_grace_seconds = 86400"),
        cql("CREATE TYPE IF NOT EXISTS address (street text, zip text)"),
        cql("ALTER TABLE users ADD home frozen<address>"),
        cql("CREATE INDEX IF NOT EXISTS users_name ON users (name)"),
        cql("INSERT INTO schema_version (id, version, applied_on, description, checksum, "
            "success) VALUES ('2', 2, '2016-08-02 00:00:00+0000', 'v2', -5, true)"),
        cql("SELECT id, version, checksum FROM schema_version"),
        # the same script a second time, without IF NOT EXISTS on some statements
        cql("CREATE TABLE IF NOT EXISTS users (id uuid PRIMARY KEY, email text, name text)"),
        cql("ALTER TABLE users ADD created timestamp"),
        cql("CREATE INDEX IF NOT EXISTS users_name ON users (name)"),
        cql("CREATE INDEX users_name ON users (name)"),
        cql("CREATE TYPE address (street text, zip text)"),
        cql("ALTER TABLE users RENAME id TO user_id"),
        cql("ALTER TABLE users_by_email RENAME email TO mail"),
        cql("ALTER TABLE users ALTER name TYPE varchar"),
        cql("ALTER TABLE users WITH compaction = {'class': 'LeveledCompactionStrategy', "
            "'sstable_size_in_mb': 160}"),
        cql("ALTER TABLE users WITH compression = {'sstable_compression': 'SnappyCompressor'}"),
        cql("SELECT table_name, comment, compaction FROM system_schema.tables WHERE "
            "keyspace_name = '%s'" % ks),
        cql("DROP TABLE IF EXISTS users_old"),
        cql("DROP TABLE users_old"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- secondary-index search
@sc("index_search", "cql3", "zk_idx", when=BOTH)
def index_search():
    """An Elassandra-like use of 3.x's secondary indexes from a CQL-over-Thrift search
    layer: indexes on a regular column, a set, map keys, values and entries, queried with
    =, CONTAINS and CONTAINS KEY (tables indexed before their rows), with a key restriction
    and LIMIT; the queries 3.x needs ALLOW FILTERING for."""
    ks = "zk_idx"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE docs (id int PRIMARY KEY, kind text, tags set<text>, "
            "attrs map<text, text>, score int)"),
        cql("CREATE INDEX docs_kind ON docs (kind)"),
        cql("CREATE INDEX docs_tags ON docs (tags)"),
        cql("CREATE INDEX docs_attr_keys ON docs (KEYS(attrs))"),
        cql("CREATE INDEX docs_attr_entries ON docs (ENTRIES(attrs))"),
        cql("INSERT INTO docs (id, kind, tags, attrs, score) VALUES (1, 'post', "
            "{'a', 'b'}, {'lang': 'en', 'src': 'web'}, 5)"),
        cql("INSERT INTO docs (id, kind, tags, attrs, score) VALUES (2, 'post', "
            "{'b'}, {'lang': 'no'}, 7)"),
        cql("INSERT INTO docs (id, kind, tags, attrs, score) VALUES (3, 'page', "
            "{}, {'src': 'api'}, 1)"),
        cql("SELECT id FROM docs WHERE kind = 'post'"),
        cql("SELECT id FROM docs WHERE tags CONTAINS 'b'"),
        cql("SELECT id FROM docs WHERE attrs CONTAINS KEY 'src'"),
        cql("SELECT id FROM docs WHERE attrs['lang'] = 'en'"),
        cql("SELECT id FROM docs WHERE kind = 'post' LIMIT 1"),
        cql("SELECT id FROM docs WHERE kind = 'post' AND score > 5"),
        cql("SELECT id FROM docs WHERE kind = 'post' AND score > 5 ALLOW FILTERING"),
        cql("SELECT id FROM docs WHERE kind = 'post' AND tags CONTAINS 'a' ALLOW FILTERING"),
        cql("SELECT id FROM docs WHERE attrs CONTAINS 'en'"),
        cql("SELECT id FROM docs WHERE id = 1 AND kind = 'post'"),
        cql("SELECT id FROM docs WHERE kind = 'none'"),
        cql("UPDATE docs SET kind = 'page' WHERE id = 2"),
        cql("SELECT id FROM docs WHERE kind = 'page'"),
        cql("DELETE tags FROM docs WHERE id = 1"),
        cql("SELECT id FROM docs WHERE tags CONTAINS 'a'"),
        cql("CREATE INDEX ON docs (score)"),
        cql("SELECT index_name, options FROM system_schema.indexes WHERE keyspace_name = "
            "'%s'" % ks),
    ]


# ---------------------------------------------------------------- Hector CRUD on 3.0
@sc("hector_crud", "crud", "zk_hec", when=BOTH)
def hector_crud():
    """An ordinary Hector 1.1 application on 3.0: its keyspace and column families as
    HFactory made them, ColumnFamilyTemplate writes and reads, SliceQuery pages, multiget,
    CountQuery, deletes of a column and of a row, and its range query over all keys."""
    ks = "zk_hec"
    users = hector_cf(ks, "Users", comparator_type=UTF8, key_validation_class=UTF8,
                      default_validation_class=UTF8)
    events = hector_cf(ks, "Events", comparator_type=LONG, key_validation_class=UTF8)
    p = cparent("Users")
    return connect() + [
        v19.describe_keyspaces().mask("0"),
        v19.system_add_keyspace(ksd(ks, [users, events])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"jsmith": {"Users": [ins("first", "John", 1), ins("last", "Smith", 1),
                                               ins("email", "js@x.org", 1)]},
                          "adoe": {"Users": [ins("first", "Ann", 1), ins("last", "Doe", 1)]}},
                         QUORUM),
        v19.get_slice("jsmith", p, everything(), QUORUM),
        v19.get("jsmith", cpath("Users", col="email"), QUORUM),
        v19.get("adoe", cpath("Users", col="email"), QUORUM),
        v19.get_slice("jsmith", p, pred(start="e", finish="g", count=10), QUORUM),
        v19.get_slice("jsmith", p, pred(start="", finish="", reversed=True, count=2), QUORUM),
        v19.multiget_slice(["jsmith", "adoe", "nobody"], p, pred(names=["first", "last"]),
                           QUORUM),
        v19.get_count("jsmith", p, everything(), QUORUM),
        v19.insert("jsmith", p, column("email", "john@x.org", 2), QUORUM),
        v19.get("jsmith", cpath("Users", col="email"), QUORUM),
        v19.batch_mutate({"e1": {"Events": [ins(long_(t), "ev%d" % t, 1) for t in (5, 1, 3)]}},
                         QUORUM),
        v19.get_slice("e1", cparent("Events"), pred(start=long_(2), finish=long_(9), count=10),
                      QUORUM),
        v19.get_slice("e1", cparent("Events"), pred(start=long_(9), finish="", reversed=True,
                                                    count=2), QUORUM),
        v19.remove("jsmith", cpath("Users", col="email"), 3, QUORUM),
        v19.remove("adoe", cpath("Users"), 3, QUORUM),
        v19.get_range_slices(p, everything(), key_range(start_key="", end_key="", count=100),
                             QUORUM),
        v19.get_range_slices(p, pred(start="", finish="", count=0),
                             key_range(start_key="", end_key="", count=100), QUORUM),
        v19.insert("e1", cparent("Events"), column("seven", "x", 4), QUORUM),
        v19.get_slice("jsmith", p, pred(start="z", finish="a", count=10), QUORUM),
    ]


# ---------------------------------------------------------------- pycassa paging
@sc("pycassa_paging", "range", "zk_pyp", when=BOTH)
def pycassa_paging():
    """pycassa 1.11 on 3.11: ColumnFamily.get_range paged by the last key of each buffer
    (the key repeated at the start of the next page), xget's column pages from the last
    name, get with column_count, multiget in buffers, a TTL'd insert, removes."""
    ks = "zk_pyp"
    p = cparent("items")
    rows = {"k%02d" % i: {"items": [ins("c%02d" % j, "v%d" % (i * 10 + j), 1)
                                    for j in range(4)]} for i in range(7)}
    wide = {"wide": {"items": [ins("n%03d" % j, "x", 1) for j in range(12)]}}
    return [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "items", comparator_type=UTF8,
                                             key_validation_class=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.batch_mutate(wide),
        v19.get_range_slices(p, everything(2), key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(p, everything(2), key_range(start_key="k06", end_key="",
                                                         count=3)),
        v19.get_range_slices(p, everything(2), key_range(start_token=MIN_TOKEN,
                                                         end_token=MIN_TOKEN, count=4)),
        v19.get_slice("wide", p, everything(5)),
        v19.get_slice("wide", p, pred(start="n004", finish="", count=5)),
        v19.get_slice("wide", p, pred(start="n008", finish="", count=5)),
        v19.get_slice("wide", p, pred(start="n011", finish="", count=5)),
        v19.get_slice("k01", p, pred(start="", finish="", count=1)),
        v19.multiget_slice(["k00", "k01", "k02"], p, everything(2)),
        v19.multiget_slice(["k03", "k04", "zz"], p, pred(names=["c00", "c03"])),
        v19.get_count("wide", p, pred(start="n005", finish="n009", count=100)),
        v19.multiget_count(["k00", "wide"], p, everything(5)),
        v19.insert("k00", p, column("tmp", "t", 2, ttl=3600)),
        v19.get_slice("k00", p, pred(names=["tmp"])),
        v19.remove("k00", cpath("items", col="tmp"), 3),
        v19.batch_mutate({"k01": {"items": [mutation(deletion_=deletion(3, predicate=pred(
            names=["c00", "c01"])))]}, "k02": {"items": [mutation(deletion_=deletion(3))]}}),
        v19.get_range_slices(p, everything(1), key_range(start_key="k01", end_key="k03",
                                                         count=10)),
        v19.get_paged_slice("items", key_range(start_key="", end_key="", count=3), "c02"),
    ]


# ---------------------------------------------------------------- KEYS index paging
@sc("keys_index_paging", "index", "zk_kidx", when=BOTH)
def keys_index_paging():
    """A user directory on a Thrift KEYS index kept across the upgrade: the index made
    with the family, rows written, get_indexed_slices paged by start_key, a second
    expression, an index on a column added later by an update, and a query on an
    unindexed column."""
    ks = "zk_kidx"
    meta = [coldef("city", UTF8, indexed=True, index_name="by_city"), coldef("age", LONG)]
    users = cfd(ks, "people", comparator_type=UTF8, key_validation_class=UTF8,
                default_validation_class=UTF8, column_metadata=meta)
    p = cparent("people")
    rows = {}
    for i, city in enumerate(["oslo", "rome", "oslo", "oslo", "lima", "oslo"]):
        rows["u%d" % i] = {"people": [ins("city", city, 1), ins("age", i64b(20 + i), 1)]}
    return [
        v19.system_add_keyspace(ksd(ks, [users])),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.get_indexed_slices(p, index_clause([index_expr("city", EQ, "oslo")], count=2),
                               everything()),
        v19.get_indexed_slices(p, index_clause([index_expr("city", EQ, "oslo")],
                                               start_key="u2", count=2), everything()),
        v19.get_indexed_slices(p, index_clause([index_expr("city", EQ, "oslo"),
                                                index_expr("age", GT, i64b(22))]),
                               pred(names=["age"])),
        v19.get_indexed_slices(p, index_clause([index_expr("age", GTE, i64b(22))]),
                               everything()),
        v19.get_indexed_slices(p, index_clause([index_expr("city", EQ, "paris")]),
                               everything()),
        v19.insert("u9", p, column("city", "rome", 2)),
        v19.remove("u1", cpath("people", col="city"), 2),
        v19.get_indexed_slices(p, index_clause([index_expr("city", EQ, "rome")]),
                               everything()),
        v19.system_update_column_family(cfd(
            ks, "people", comparator_type=UTF8, key_validation_class=UTF8,
            default_validation_class=UTF8,
            column_metadata=meta + [coldef("team", UTF8, indexed=True, index_name="by_team")])),
        v19.insert("u0", p, column("team", "red", 3)),
        v19.insert("u3", p, column("team", "red", 3)),
        v19.get_indexed_slices(p, index_clause([index_expr("team", EQ, "red")]),
                               everything()),
        cql("SELECT key, city FROM people WHERE city = 'oslo'"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- cassandra-jdbc prepared CRUD
@sc("jdbc_prepared", "cql3", "zk_jdbc", when=BOTH)
def jdbc_prepared():
    """cassandra-jdbc 2.1 on 3.0: a DAO's prepared INSERT/SELECT/UPDATE/DELETE bound with
    every common type (uuid, timestamp, boolean, bigint, double, float, decimal, varint,
    inet, text), a null bound as an empty value, an IN on the key, and the setters it got
    wrong."""
    ks = "zk_jdbc"
    ins_q = ("INSERT INTO accounts (id, created, active, balance, rate, ratio, amount, big, "
             "ip, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    sel_q = ("SELECT id, created, active, balance, rate, ratio, amount, big, ip, owner "
             "FROM accounts WHERE id = ?")
    upd_q = "UPDATE accounts SET balance = ?, active = ? WHERE id = ?"
    del_q = "DELETE FROM accounts WHERE id = ?"
    in_q = "SELECT owner FROM accounts WHERE id IN (?, ?)"
    u1, u2 = uuid_(U1), uuid_(U2)
    row1 = [u1, i64b(1467331200000), b"\x01", i64b(1000), st.pack(">d", 1.5),
            st.pack(">f", 0.25), b"\x00\x00\x00\x02\x30\x39", b"\x01\x00", b"\x7f\x00\x00\x01",
            "ann"]
    row2 = [u2, i64b(0), b"\x00", i64b(-5), st.pack(">d", 0.0), st.pack(">f", -1.0),
            b"\x00\x00\x00\x00\x00", b"\x00", b"\x00" * 15 + b"\x01", ""]
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE accounts (id uuid PRIMARY KEY, created timestamp, active boolean, "
            "balance bigint, rate double, ratio float, amount decimal, big varint, ip inet, "
            "owner text)"),
        prep(ins_q),
        exe(ks, ins_q, row1),
        exe(ks, ins_q, row2),
        prep(sel_q),
        exe(ks, sel_q, [u1]),
        exe(ks, sel_q, [u2]),
        exe(ks, sel_q, [uuid_(U3)]),
        prep(upd_q),
        exe(ks, upd_q, [i64b(1100), b"", u1]),
        exe(ks, sel_q, [u1]),
        prep(in_q),
        exe(ks, in_q, [u1, u2]),
        prep(del_q),
        exe(ks, del_q, [u2]),
        exe(ks, in_q, [u1, u2]),
        # setInt on a bigint, setString on a uuid, a boolean of two bytes, an inet of 5
        exe(ks, upd_q, [i32b(1), b"\x01", u1]),
        exe(ks, sel_q, [U1]),
        exe(ks, upd_q, [i64b(1), b"\x00\x01", u1]),
        exe(ks, ins_q, [u2, i64b(0), b"\x01", i64b(0), st.pack(">d", 0.0), st.pack(">f", 0.0),
                        b"\x00\x00\x00\x00\x00", b"\x00", b"\x01\x02\x03\x04\x05", "x"]),
        exe(ks, ins_q, row1[:9]),
        prep("SELECT * FROM acounts WHERE id = ?"),
        prep("SELECT id FROM accounts WHERE owner = ?"),
    ]


# ---------------------------------------------------------------- monitoring agent
@sc("monitor_agent", "describe", "zk_mon", when=BOTH)
def monitor_agent():
    """A monitoring agent's checks against a 3.x node over Thrift: the describe calls of
    each poll, the system keyspaces and its own keyspace described, a canary row written and
    read at each level its config names, schema versions, the ring."""
    ks = "zk_mon"
    p = cparent("canary")
    return [
        kit.describe_version(),
        v19.describe_cluster_name(),
        v19.describe_snitch(),
        v19.describe_partitioner(),
        v19.describe_schema_versions(),
        v19.describe_keyspace("system"),
        v19.describe_keyspace("system_auth"),
        v19.describe_keyspace("system_schema"),
        v19.describe_keyspace("system_traces"),
        v19.describe_keyspace("system_distributed"),
        v19.describe_ring("system"),
        v19.describe_ring("system_auth"),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "canary", comparator_type=UTF8,
                                             default_validation_class=UTF8)])),
        v19.set_keyspace(ks),
        v19.insert("probe", p, column("at", "1", 1), ONE),
        v19.insert("probe", p, column("at", "2", 2), QUORUM),
        v19.insert("probe", p, column("at", "3", 3), LOCAL_QUORUM),
        v19.insert("probe", p, column("at", "4", 4), LOCAL_ONE),
        v19.insert("probe", p, column("at", "5", 5), ALL),
        v19.get("probe", cpath("canary", col="at"), ONE),
        v19.get("probe", cpath("canary", col="at"), LOCAL_QUORUM),
        v19.get("probe", cpath("canary", col="at"), ALL),
        v19.describe_ring(ks),
        v19.describe_token_map(),
        cql("SELECT release_version, schema_version IN (null) FROM system.local"),
        cql("SELECT count(*) FROM system.peers"),
        v19.remove("probe", cpath("canary"), 6),
        v19.get_slice("probe", p, everything()),
    ]


# ---------------------------------------------------------------- inventory LWT
@sc("inventory_lwt", "cql3", "zk_inv", when=BOTH)
def inventory_lwt():
    """An inventory service's lightweight transactions on 3.x: SKUs claimed with IF NOT
    EXISTS, stock decremented with IF on the last value read, a reservation deleted IF
    EXISTS, a conditional update of a missing row, conditions at the serial levels."""
    ks = "zk_inv"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE stock (sku text PRIMARY KEY, qty int, reserved set<text>)"),
        cql("INSERT INTO stock (sku, qty) VALUES ('A-1', 10) IF NOT EXISTS"),
        cql("INSERT INTO stock (sku, qty) VALUES ('A-1', 99) IF NOT EXISTS"),
        cql("SELECT qty FROM stock WHERE sku = 'A-1'"),
        cql("UPDATE stock SET qty = 9 WHERE sku = 'A-1' IF qty = 10"),
        cql("UPDATE stock SET qty = 8 WHERE sku = 'A-1' IF qty = 10"),
        cql("UPDATE stock SET qty = 8, reserved = reserved + {'o1'} WHERE sku = 'A-1' "
            "IF qty = 9", cl=QUORUM),
        cql("UPDATE stock SET qty = 7 WHERE sku = 'A-1' IF qty > 5 AND qty < 9"),
        cql("SELECT qty, reserved FROM stock WHERE sku = 'A-1'", cl=SERIAL),
        cql("UPDATE stock SET qty = 1 WHERE sku = 'B-2' IF qty = 0"),
        cql("UPDATE stock SET qty = 1 WHERE sku = 'B-2' IF EXISTS"),
        cql("DELETE FROM stock WHERE sku = 'B-2' IF EXISTS"),
        cql("INSERT INTO stock (sku, qty) VALUES ('B-2', 3) IF NOT EXISTS"),
        cql("DELETE FROM stock WHERE sku = 'B-2' IF qty = 3"),
        cql("SELECT * FROM stock"),
        cql("UPDATE stock SET qty = 0 WHERE sku = 'A-1' IF reserved CONTAINS 'o1'"),
        cql("UPDATE stock SET qty = 0 WHERE sku = 'A-1' IF qty IN (7, 8)"),
        cql("UPDATE stock SET qty = 2 WHERE sku = 'A-1' IF qty = 0", cl=SERIAL),
        cql("INSERT INTO stock (sku, qty) VALUES ('C-3', 1) USING TIMESTAMP 5 IF NOT EXISTS"),
    ]


# ---------------------------------------------------------------- views and search
@sc("catalog_views", "cql3", "zk_cat", when=BOTH)
def catalog_views():
    """A product catalogue on 3.x: a materialized view of products by brand kept by the
    server, read back after inserts, an update moving a row, a delete; on 3.11 a SASI
    PREFIX index on the name searched with LIKE."""
    ks = "zk_cat"
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE products (sku text PRIMARY KEY, brand text, name text, price int)"),
        cql("CREATE MATERIALIZED VIEW products_by_brand AS SELECT brand, sku, name FROM "
            "products WHERE brand IS NOT NULL AND sku IS NOT NULL PRIMARY KEY (brand, sku)"),
        cql("INSERT INTO products (sku, brand, name, price) VALUES ('s1', 'acme', "
            "'Anvil', 100)"),
        cql("INSERT INTO products (sku, brand, name, price) VALUES ('s2', 'acme', "
            "'Rocket', 900)"),
        cql("INSERT INTO products (sku, brand, name, price) VALUES ('s3', 'zeta', "
            "'Anchor', 50)"),
        cql("SELECT sku, name FROM products_by_brand WHERE brand = 'acme'"),
        cql("UPDATE products SET brand = 'zeta' WHERE sku = 's2'"),
        cql("SELECT brand, sku FROM products_by_brand"),
        cql("DELETE FROM products WHERE sku = 's1'"),
        cql("SELECT sku FROM products_by_brand WHERE brand = 'acme'"),
        cql("SELECT view_name, base_table_name FROM system_schema.views "
            "WHERE keyspace_name = '%s'" % ks),
    ]
    if V311:
        # the search table is indexed before its rows: an index build of existing rows
        # runs in the background
        out += [
            cql("CREATE TABLE search (sku text PRIMARY KEY, name text)"),
            cql("CREATE CUSTOM INDEX search_name ON search (name) USING "
                "'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = "
                "{'mode': 'PREFIX'}"),
            cql("INSERT INTO search (sku, name) VALUES ('s1', 'Anvil')"),
            cql("INSERT INTO search (sku, name) VALUES ('s2', 'Rocket')"),
            cql("INSERT INTO search (sku, name) VALUES ('s3', 'Anchor')"),
            cql("SELECT sku FROM search WHERE name LIKE 'An%'"),
            cql("SELECT sku FROM search WHERE name LIKE 'Rock%'"),
            cql("SELECT sku FROM search WHERE name LIKE '%chor'"),
            cql("SELECT sku FROM search WHERE name = 'Anchor'"),
            cql("SELECT sku FROM search WHERE name LIKE 'An'"),
        ]
    out += [cql("DROP MATERIALIZED VIEW products_by_brand"),
            cql("SELECT * FROM products_by_brand")]
    return out


# ---------------------------------------------------------------- 2.2 types in a booking app
@sc("booking_types", "cql3", "zk_book", when=BOTH)
def booking_types():
    """A booking app written for 3.x's types: a date partition, time clustering, a
    smallint room and tinyint seats, literals and functions (toDate, toTimestamp from
    literals, CAST in its report), out-of-range and malformed values."""
    ks = "zk_book"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE slots (day date, at time, room smallint, seats tinyint, "
            "price decimal, PRIMARY KEY (day, at, room))"),
        cql("INSERT INTO slots (day, at, room, seats, price) VALUES "
            "('2016-09-01', '09:00:00', 101, 4, 12.50)"),
        cql("INSERT INTO slots (day, at, room, seats, price) VALUES "
            "('2016-09-01', '09:30:00.250', 102, 12, 8)"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES ('2016-09-02', '14:00', 101, 2)"),
        cql("SELECT * FROM slots WHERE day = '2016-09-01'"),
        cql("SELECT at, room FROM slots WHERE day = '2016-09-01' AND at >= '09:15:00'"),
        cql("SELECT CAST(seats AS int), CAST(price AS text) FROM slots WHERE day = "
            "'2016-09-01'"),
        cql("SELECT CAST(room AS varchar), CAST(day AS timestamp) FROM slots "
            "WHERE day = '2016-09-02'"),
        cql("SELECT day FROM slots WHERE day IN ('2016-09-01', '2016-09-02') "
            "AND at = '14:00:00'"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES ('2016-09-03', '10:00', 40000, 1)"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES ('2016-09-03', '10:00', 1, 200)"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES ('2016-13-01', '10:00', 1, 1)"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES ('2016-09-03', '25:00', 1, 1)"),
        cql("INSERT INTO slots (day, at, room, seats) VALUES (17000, 36000000000000, 1, 1)"),
        cql("SELECT day, at FROM slots WHERE day = '2016-07-19'"),
        cql("SELECT CAST(seats AS boolean) FROM slots"),
    ]


# ---------------------------------------------------------------- a newcomer's mistakes
@sc("newcomer_mistakes", "crud", "zk_oops", when=BOTH)
def newcomer_mistakes():
    """A developer's first week on a 3.x cluster over Thrift: CQL on no keyspace, the
    wrong keyspace name, Thrift writes to a CQL table by its column names, a super column
    path on a standard family, values of the wrong type in CQL, a level the node refused,
    a system_update_column_family on a CQL table's Thrift twin."""
    ks = "zk_oops"
    return [
        cql("CREATE TABLE notes (id int PRIMARY KEY, body text)"),
        cql("SELECT * FROM zk_nope.notes"),
        ks_cql(ks),
        v19.set_keyspace("zk_Oops"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE notes (id int PRIMARY KEY, body text, n int)"),
        cql("INSERT INTO notes (id, body, n) VALUES (1, 'first', 1) USING TIMESTAMP 10"),
        cql("INSERT INTO notes (id, body) VALUES ('two', 'second')"),
        cql("INSERT INTO notes (id, body) VALUES (2, 42)"),
        cql("INSERT INTO notes (id, n) VALUES (3, 2147483648)"),
        cql("INSERT INTO notes (body) VALUES ('no key')"),
        cql("SELECT * FROM notes WHERE body = 'first'"),
        v19.get_slice(i32b(1), cparent("notes"), everything()),
        v19.insert(i32b(2), cparent("notes"), column("body", "via thrift", 1)),
        v19.get_slice(i32b(2), cparent("notes"), everything()),
        v19.insert("2", cparent("notes"), column("body", "x", 1)),
        v19.get(i32b(1), cpath("notes", "sc", "body")),
        v19.insert(i32b(1), cparent("notes", "sc"), column("body", "x", 1)),
        v19.system_update_column_family(cfd(ks, "notes", comparator_type=UTF8,
                                            comment="made by thrift")),
        v19.system_add_column_family(cfd(ks, "kv", comparator_type=UTF8,
                                         default_validation_class=UTF8)),
        v19.insert("a", cparent("kv"), column("c", "v", 1)),
        v19.get("a", cpath("kv", col="c"), 7),
        v19.get("a", cpath("kv", col="c"), -1),
        cql("SELECT * FROM notes", cl=LOCAL_ONE),
        cql("SELECT * FROM notes", cl=9),
        cql("INSERT INTO notes (id, body) VALUES (5, 'x')", cl=SERIAL),
        cql("SELECT * FROM notes WHERE id = 1"),
        cql("SELEC * FROM notes"),
        v19.get_slice("a", cparent("kv"), pred(start="", finish="", count=-1)),
        v19.get_slice("a", cparent("kv"), pred(names=[])),
    ]
