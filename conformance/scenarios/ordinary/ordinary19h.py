"""Ordinary Thrift-era use of Cassandra 2.1 to 3.11, as applications still on Thrift sent it.

One author's scenarios, written without the earlier ordinary19*.py in view: a Titan 0.5 graph
store, a Usergrid-style entity store on DynamicCompositeType, an application mixing Thrift
writes with CQL reads of the same table (COMPACT STORAGE static and dynamic), 2.1's counters,
a time-series reader on get_multi_slice, a Spark/Hadoop split reader (describe_splits_ex),
Thrift schema changes on CQL-created tables, 2.1-era table options (DTCS, caching JSON,
speculative_retry, default_time_to_live), a Hector session store with TTLs and range
deletions, prepared CQL over Thrift, a cas() lock, a client built against 1.2's IDL on a
2.x node, and keyspace administration. Each scenario owns its keyspace (dropped before and
after); CQL writes read back carry USING TIMESTAMP, Thrift writes relative timestamps.

RELEASE (2.1.22, 2.2.19, 3.0.24, 3.11.10) may be set; every scenario here is in all of them.
"""
import os
import struct

import thriftwire as W
from dsl import (scenario, v19, cparent, cpath, pred, srange, column, counter_column, cosc,
                 mutation, deletion, ins, key_range, index_expr, index_clause, column_def,
                 cf_def, ks_def, raw, b, Abs, long_, timeuuid, uuid_, ONE, QUORUM, ANY, ALL, EQ, GTE,
                 KEYS_INDEX)

RELEASE = os.environ.get("RELEASE", "2.1.22")
BT = "org.apache.cassandra.db.marshal.BytesType"
UTF8 = "org.apache.cassandra.db.marshal.UTF8Type"
LONG = "org.apache.cassandra.db.marshal.LongType"
TU = "org.apache.cassandra.db.marshal.TimeUUIDType"
COUNTER = "org.apache.cassandra.db.marshal.CounterColumnType"
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"


def sstr(s):
    return W.bin_(s)


def smap(d):
    return W.map_("bin", "bin", [(b(k), b(v)) for k, v in d.items()])


def cql(q, cl=ONE):
    return v19.execute_cql3_query(q, cl=cl)


def ks_cql(ks):
    return cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
               "'replication_factor': 1}" % ks)


def comp(*parts):
    """CompositeType name: each component as 2-byte length, bytes, end-of-component 0."""
    out = b""
    for p in parts:
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", len(p)) + p + b"\x00"
    return out


def dcomp(*parts):
    """DynamicCompositeType name with aliases: (alias char, bytes) per component."""
    out = b""
    for alias, p in parts:
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", 0x8000 | ord(alias)) + struct.pack(">H", len(p)) + p + b"\x00"
    return out


def multi_slice(key, cf, slices, reversed_=None, count=None, cl=None):
    req = W.struct({1: b(key), 2: cparent(cf),
                    3: W.list_("struct", [W.struct({1: None if s is None else b(s),
                                                    2: None if f is None else b(f)})
                                          for s, f in slices]),
                    4: None if reversed_ is None else W.boolean(reversed_),
                    5: None if count is None else W.i32(count),
                    6: None if cl is None else W.i32(cl)})
    return raw("get_multi_slice", {1: req})


def splits_ex(cf, start, end, keys):
    return raw("describe_splits_ex", {1: b(cf), 2: b(start), 3: b(end), 4: W.i32(keys)})


def cas(key, cf, expected, updates, serial=9, commit=2):
    # a committed proposal's cells carry its ballot's time (Commit.newProposal), not ours
    return raw("cas", {1: b(key), 2: b(cf),
                       3: None if expected is None else W.list_("struct", expected),
                       4: None if updates is None else W.list_("struct", updates),
                       5: W.i32(serial), 6: W.i32(commit)}).mask("0/2/*/3")


def java_hash(s):
    """Java's String.hashCode (UTF-16 units), as a signed int32."""
    h = 0
    for u in struct.unpack(">%dH" % (len(s.encode("utf-16-be")) // 2), s.encode("utf-16-be")):
        h = (31 * h + u) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def thrift_id(ks, q):
    """The id 2.1-3.x give a statement prepared over Thrift (QueryProcessor.computeThriftId:
    the hash of keyspace + query text)."""
    return java_hash(ks + q)


def desc_ks(ks):
    return v19.describe_keyspace(ks)


MINT = "-9223372036854775808"
MAXT = "9223372036854775807"


# ------------------------------------------------------------------------- Titan 0.5
@scenario("h_titan_store", "19", "app", keyspace_reset="h_titan")
def h_titan_store():
    """Titan 0.5's Thrift store manager: keyspace and its stores made on first open, edges
    written as BytesType columns by batch_mutate (QUORUM), ids claimed in titan_ids, full
    scans by token ranges; a second instance racing to add a store it just saw missing."""
    ks = "h_titan"
    lz4 = {"sstable_compression": "org.apache.cassandra.io.compress.LZ4Compressor",
           "chunk_length_kb": "64"}

    def store(name):
        return cf_def(ks, name, comparator=BT, key_validation=BT, default_validation=BT,
                      extra={32: smap(lz4)})
    steps = [
        v19.describe_partitioner(),
        desc_ks(ks),                                  # NotFoundException: first open
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"})),
        v19.describe_schema_versions(),
        desc_ks(ks),
        v19.system_add_column_family(store("edgestore")),
        v19.set_keyspace(ks),
        v19.system_add_column_family(store("graphindex")),
        v19.system_add_column_family(store("system_properties")),
        v19.system_add_column_family(store("titan_ids")),
        v19.system_add_column_family(store("edgestore")),
        v19.system_add_column_family(store("edgestore")),   # the racing instance
        v19.get_slice("configuration", cparent("system_properties"),
                      pred(start="", finish="", count=1000), QUORUM),
        v19.batch_mutate({"configuration": {"system_properties": [
            ins("cache.db-cache", "\x01", 1), ins("storage.backend", "cassandrathrift", 1),
            ins("titan-version", "0.5.4", 1)]}}, QUORUM),
    ]
    vid = [long_(0x100 + i) for i in range(4)]
    edges = {}
    for i, k in enumerate(vid):
        edges[k] = {"edgestore": [ins(b"\x10\x80" + bytes([j]), b"\x00" * (j + 1), 10 + i)
                                  for j in range(3)]}
    steps += [
        v19.get_slice(long_(0x0), cparent("titan_ids"), pred(start=b"", finish=b"", reversed=True,
                                                            count=5), QUORUM),
        v19.insert(long_(0x0), cparent("titan_ids"),
                   column(long_(-1000), b"\x00\x01", 5), QUORUM),
        v19.get_slice(long_(0x0), cparent("titan_ids"), pred(start=b"", finish=b"", count=5),
                      QUORUM),
        v19.batch_mutate(edges, QUORUM),
        v19.multiget_slice(vid[:3], cparent("edgestore"),
                           pred(start=b"\x10\x80", finish=b"\x10\x81", count=2), QUORUM),
        v19.get_slice(vid[3], cparent("edgestore"),
                      pred(start=b"\x10\x80\x01", finish=b"", count=100), QUORUM),
        # removing an edge: deletion by names, then the vertex row
        v19.batch_mutate({vid[0]: {"edgestore": [mutation(deletion_=deletion(
            20, predicate=pred(names=[b"\x10\x80\x01"])))]},
            vid[1]: {"edgestore": [mutation(deletion_=deletion(20))]}}, QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token=MINT, end_token=MAXT, count=10), QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=100),
                             key_range(start_token="0", end_token=MAXT, count=10), QUORUM),
        # Titan's getKeys given a key range on a hashed partitioner
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_key=vid[0], end_key=vid[3], count=10), QUORUM),
        # the index store: composite-free byte keys
        v19.batch_mutate({b"\x01name\x00marko": {"graphindex": [ins(long_(0x101), b"", 30)]},
                          b"\x01name\x00vadas": {"graphindex": [ins(long_(0x102), b"", 30)]}},
                         QUORUM),
        v19.get_slice(b"\x01name\x00marko", cparent("graphindex"),
                      pred(start=b"", finish=b"", count=100), QUORUM),
        v19.get_count(b"\x01name\x00vadas", cparent("graphindex"),
                      pred(start=b"", finish=b"", count=100), QUORUM),
        # clear storage (tests): truncate every store
        v19.truncate("edgestore"),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token=MINT, end_token=MAXT, count=10), QUORUM),
        v19.system_drop_column_family("titan_ids"),
        v19.get_slice(long_(0x0), cparent("titan_ids"), pred(start=b"", finish=b"", count=5),
                      QUORUM),
    ]
    return steps


# ------------------------------------------------------------------------- Usergrid
@scenario("h_usergrid_entities", "19", "app", keyspace_reset="h_ug")
def h_usergrid_entities():
    """A Usergrid-style entity store: entity properties under UUID row keys, an index CF on
    DynamicCompositeType with its alias map, a counter CF for application counters; a
    DynamicComposite name the alias map does not know, and counters sent with insert."""
    ks = "h_ug"
    dct = ("DynamicCompositeType(a=>AsciiType,b=>BytesType,i=>IntegerType,x=>LexicalUUIDType,"
           "l=>LongType,t=>TimeUUIDType,s=>UTF8Type,u=>UUIDType,A=>AsciiType(reversed=true),"
           "B=>BytesType(reversed=true),I=>IntegerType(reversed=true),"
           "X=>LexicalUUIDType(reversed=true),L=>LongType(reversed=true),"
           "T=>TimeUUIDType(reversed=true),S=>UTF8Type(reversed=true),"
           "U=>UUIDType(reversed=true))")
    e1 = uuid_("5dc5b6d8-3c8a-11e4-9c2a-0123456789ab")
    e2 = uuid_("5dc5b6d9-3c8a-11e4-9c2a-0123456789ab")
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "Entity_Properties", comparator="UTF8Type", key_validation="UUIDType",
                   default_validation="BytesType"),
            cf_def(ks, "Entity_Index_Entries", comparator=dct, key_validation="BytesType",
                   default_validation="BytesType"),
            cf_def(ks, "Counters", comparator="UTF8Type", default_validation="CounterColumnType",
                   key_validation="BytesType", extra={34: sstr("ALL")}),
        ])),
        v19.set_keyspace(ks),
        v19.batch_mutate({e1: {"Entity_Properties": [
            ins("uuid", e1, 100), ins("type", "user", 100), ins("username", "edanuff", 100),
            ins("created", long_(1410000000000), 100)]},
            e2: {"Entity_Properties": [
                ins("uuid", e2, 100), ins("type", "user", 100), ins("username", "tnine", 100)]}},
            QUORUM),
        v19.multiget_slice([e1, e2], cparent("Entity_Properties"),
                           pred(names=["type", "username", "email"]), QUORUM),
        v19.batch_mutate({b"users:username": {"Entity_Index_Entries": [
            ins(dcomp(("s", "edanuff"), ("u", e1)), b"", 100),
            ins(dcomp(("s", "tnine"), ("u", e2)), b"", 100)]}}, QUORUM),
        v19.get_slice(b"users:username", cparent("Entity_Index_Entries"),
                      pred(start=dcomp(("s", "e")), finish=dcomp(("s", "f")), count=10), QUORUM),
        v19.get_slice(b"users:username", cparent("Entity_Index_Entries"),
                      pred(start=b"", finish=b"", reversed=True, count=1), QUORUM),
        # an alias the comparator was not told of
        v19.insert(b"users:username", cparent("Entity_Index_Entries"),
                   column(dcomp(("z", "x")), b"", 101), QUORUM),
        # application counters
        v19.add(b"application.requests", cparent("Counters"), counter_column("2014-09-12", 5)),
        v19.add(b"application.requests", cparent("Counters"), counter_column("2014-09-12", 3)),
        v19.batch_mutate({b"application.requests": {"Counters": [
            mutation(cosc(counter_column=counter_column("2014-09-13", 1)))]},
            b"user.logins": {"Counters": [
                mutation(cosc(counter_column=counter_column("2014-09-13", 2)))]}}, ONE),
        v19.get_slice(b"application.requests", cparent("Counters"),
                      pred(start="", finish="", count=10)),
        v19.get(b"user.logins", cpath("Counters", col="2014-09-13")),
        # a developer's mistake: counters sent as ordinary columns
        v19.insert(b"user.logins", cparent("Counters"), column("2014-09-14", long_(1), 102)),
        v19.add(e1, cparent("Entity_Properties"), counter_column("visits", 1)),
        v19.remove(e2, cpath("Entity_Properties"), 200, QUORUM),
        v19.get_slice(e2, cparent("Entity_Properties"), pred(start="", finish="", count=10)),
        v19.get_range_slices(cparent("Entity_Properties"), pred(names=["username"]),
                             key_range(start_key=b"", end_key=b"", count=10)),
        # a key that is not a UUID
        v19.get_slice(b"edanuff", cparent("Entity_Properties"), pred(start="", finish="")),
    ]


# ---------------------------------------------------------------- Thrift writes, CQL reads
@scenario("h_mixed_compact", "19", "cql", keyspace_reset="h_mix")
def h_mixed_compact():
    """An app whose writer is still on Thrift and whose new reader is CQL: tables created
    in CQL WITH COMPACT STORAGE (dynamic and static), rows written by Thrift batch_mutate,
    read back by CQL SELECTs; the writer also sends a column the static table never
    declared, and the reader a filter the table cannot serve."""
    ks = "h_mix"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE events (device text, at bigint, reading text, "
            "PRIMARY KEY (device, at)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE devices (id text PRIMARY KEY, model text, firmware int) "
            "WITH COMPACT STORAGE"),
        desc_ks(ks),
        v19.batch_mutate({"dev-1": {"events": [ins(long_(t), "r%d" % t, 10) for t in (3, 1, 2)]},
                          "dev-2": {"events": [ins(long_(5), "r5", 10)]}}),
        v19.batch_mutate({"dev-1": {"devices": [ins("model", "TH-100", 10),
                                                ins("firmware", struct.pack(">i", 7), 10)]},
                          "dev-2": {"devices": [ins("model", "TH-200", 10)]}}),
        cql("SELECT * FROM events WHERE device = 'dev-1'"),
        cql("SELECT at, reading FROM events WHERE device = 'dev-1' AND at >= 2 ORDER BY at DESC"),
        cql("SELECT * FROM devices WHERE id = 'dev-1'"),
        cql("SELECT id, model FROM devices"),
        # an undeclared column written through Thrift: CQL cannot see it
        v19.insert("dev-2", cparent("devices"), column("location", "lab", 11)),
        v19.get_slice("dev-2", cparent("devices"), pred(start="", finish="")),
        cql("SELECT * FROM devices WHERE id = 'dev-2'"),
        # a wrongly typed value for a declared int column
        v19.insert("dev-2", cparent("devices"), column("firmware", "seven", 12)),
        cql("SELECT reading FROM events WHERE at = 2"),
        cql("SELECT reading FROM events WHERE at = 2 ALLOW FILTERING"),
        cql("UPDATE events USING TIMESTAMP 1000000 SET reading = 'late' "
            "WHERE device = 'dev-3' AND at = 9"),
        v19.get_slice("dev-3", cparent("events"), pred(start="", finish="")),
        cql("SELECT device, at, writetime(reading) FROM events WHERE device = 'dev-3'"),
        cql("DELETE FROM events USING TIMESTAMP 1000001 WHERE device = 'dev-3' AND at = 9"),
        cql("SELECT * FROM events WHERE device = 'dev-3'"),
        # a non-compact CQL table written through Thrift like the compact ones
        cql("CREATE TABLE readings (device text, at bigint, value text, "
            "PRIMARY KEY (device, at))"),
        v19.insert("dev-1", cparent("readings"), column(long_(1), "x", 10)),
        v19.get_slice("dev-1", cparent("readings"), pred(start="", finish="")),
    ]


@scenario("h_thrift_cf_cql", "19", "cql", keyspace_reset="h_tcq")
def h_thrift_cf_cql():
    """A column family created through Thrift years ago, now read (and written) through CQL:
    its default key/column1/value names, a renamed key, a UTF8 and a TimeUUID dynamic CF,
    and the metadata column whose type was declared."""
    ks = "h_tcq"
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type",
                   column_metadata=[column_def("age", "Int32Type"),
                                    column_def("email", "UTF8Type", KEYS_INDEX, "users_email")]),
            cf_def(ks, "timeline", comparator="TimeUUIDType", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
        ])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"alice": {"users": [ins("email", "alice@example.com", 5),
                                              ins("age", struct.pack(">i", 31), 5),
                                              ins("nick", "al", 5)]},
                          "bob": {"users": [ins("email", "bob@example.com", 5)]}}),
        v19.batch_mutate({"alice": {"timeline": [ins(timeuuid(i), "post %d" % i, 6)
                                                 for i in range(3)]}}),
        cql("SELECT * FROM users WHERE key = 'alice'"),
        cql("SELECT key, email FROM users WHERE email = 'bob@example.com'"),
        cql("SELECT * FROM timeline WHERE key = 'alice' LIMIT 2"),
        cql("SELECT column1, value FROM timeline WHERE key = 'alice' ORDER BY column1 DESC"),
        cql("SELECT nick FROM users WHERE key = 'alice'"),
        cql("INSERT INTO users (key, email, age) VALUES ('carol', 'carol@example.com', 25) "
            "USING TIMESTAMP 1000000"),
        v19.get_slice("carol", cparent("users"), pred(start="", finish="")),
        v19.get_indexed_slices(cparent("users"),
                               index_clause([index_expr("email", EQ, "carol@example.com")]),
                               pred(names=["age", "email"])),
        cql("ALTER TABLE users RENAME key TO username"),
        cql("SELECT username, age FROM users WHERE username = 'carol'"),
        cql("INSERT INTO timeline (key, column1, value) VALUES ('bob', "
            "50554d6e-29bb-11e5-b345-feff819cdc9f, 'hi') USING TIMESTAMP 1000000"),
        v19.get_slice("bob", cparent("timeline"), pred(start=b"", finish=b"")),
        desc_ks(ks),
    ]


# ------------------------------------------------------------------------- counters
@scenario("h_counters21", "19", "counter", keyspace_reset="h_cnt")
def h_counters21():
    """Page-view counters on 2.1's counters: add, batch adds over several rows, reads,
    counts, a remove_counter and what a later add of the removed counter reads; the ANY
    level and a super counter column the CF does not have; CQL reading the same counters."""
    ks = "h_cnt"
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "page_views", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType"),
            cf_def(ks, "daily", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType"),
        ])),
        v19.set_keyspace(ks),
        v19.add("/home", cparent("page_views"), counter_column("hits", 1)),
        v19.add("/home", cparent("page_views"), counter_column("hits", 1)),
        v19.add("/home", cparent("page_views"), counter_column("uniques", 1)),
        v19.batch_mutate({"/about": {"page_views": [
            mutation(cosc(counter_column=counter_column("hits", 10)))]},
            "/home": {"page_views": [
                mutation(cosc(counter_column=counter_column("hits", -1)))]}}),
        v19.get("/home", cpath("page_views", col="hits")),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("page_views"),
                           pred(start="", finish="")),
        v19.multiget_count(["/home", "/about"], cparent("page_views"), pred(start="", finish="")),
        v19.add("/home", cparent("page_views"), counter_column("hits", 1), ANY),
        v19.remove_counter("/about", cpath("page_views", col="hits")),
        v19.get("/about", cpath("page_views", col="hits")),
        v19.add("/about", cparent("page_views"), counter_column("hits", 2)),
        v19.get("/about", cpath("page_views", col="hits")),
        # super counters: per-day, per-page
        v19.add("site", cparent("daily", "2015-01-01"), counter_column("/home", 3)),
        v19.add("site", cparent("daily", "2015-01-01"), counter_column("/about", 1)),
        v19.add("site", cparent("daily", "2015-01-02"), counter_column("/home", 4)),
        v19.get_slice("site", cparent("daily"), pred(start="", finish="")),
        v19.get("site", cpath("daily", "2015-01-01", "/home")),
        v19.get_count("site", cparent("daily", "2015-01-01"), pred(start="", finish="")),
        v19.remove_counter("site", cpath("daily", "2015-01-02")),
        v19.get_slice("site", cparent("daily"), pred(start="", finish="")),
        # mistakes
        v19.add("/home", cparent("page_views", "2015"), counter_column("hits", 1)),
        v19.add("/home", cparent("page_views"), counter_column("hits", 1), ALL),
        v19.remove("/home", cpath("page_views", col="uniques"), 30),
        v19.get_slice("/home", cparent("page_views"), pred(start="", finish="")),
        cql("SELECT * FROM page_views"),
        cql("UPDATE page_views SET value = value + 5 WHERE key = '/home' AND column1 = 'hits'"),
        v19.get("/home", cpath("page_views", col="hits")),
    ]


# ------------------------------------------------------------------------- get_multi_slice
@scenario("h_multi_slice", "19", "slice", keyspace_reset="h_ms")
def h_multi_slice():
    """A metrics reader on 2.1's get_multi_slice: several time windows of a LongType row in
    one call, reversed, capped by count, open-ended; then what a client gets wrong (no
    slices, no column parent, a super CF, a window given backwards)."""
    ks = "h_ms"
    pts = [long_(t) for t in range(0, 100, 10)]
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "metrics", comparator="LongType", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "sup", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type"),
        ])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"cpu.host1": {"metrics": [ins(p, "v%d" % i, 1) for i, p in
                                                    enumerate(pts)]}}),
        multi_slice("cpu.host1", "metrics", [(long_(0), long_(20)), (long_(50), long_(70))]),
        multi_slice("cpu.host1", "metrics", [(long_(50), long_(70)), (long_(0), long_(20))]),
        multi_slice("cpu.host1", "metrics", [(long_(0), long_(40)), (long_(30), long_(60))]),
        multi_slice("cpu.host1", "metrics", [(long_(0), long_(20)), (long_(50), long_(70))],
                    count=4),
        multi_slice("cpu.host1", "metrics", [(long_(70), long_(50)), (long_(20), long_(0))],
                    reversed_=True),
        multi_slice("cpu.host1", "metrics", [(long_(0), long_(20)), (long_(50), long_(70))],
                    reversed_=True),
        multi_slice("cpu.host1", "metrics", [(b"", long_(10)), (long_(80), b"")]),
        multi_slice("cpu.host1", "metrics", [(long_(20), long_(0))]),
        multi_slice("cpu.host2", "metrics", [(b"", b"")], cl=QUORUM),
        multi_slice("cpu.host1", "metrics", []),
        multi_slice("cpu.host1", "nosuch", [(b"", b"")]),
        multi_slice("x", "sup", [(b"", b"")]),
        multi_slice("cpu.host1", "metrics", [(b"abc", b"")]),
        raw("get_multi_slice", {1: W.struct({1: b("cpu.host1"), 3: W.list_("struct", [
            W.struct({1: b(long_(0)), 2: b(long_(20))})])})}),
    ]


# ------------------------------------------------------------------------- Spark/Hadoop
@scenario("h_spark_splits", "19", "range", keyspace_reset="h_spark")
def h_spark_splits():
    """A Spark/Hadoop input format: the ring and the partitioner, describe_splits_ex over
    the whole token range and over one vnode-sized range, each split scanned by tokens
    with get_range_slices and get_paged_slice; a job misconfigured with a CF of another
    keyspace and with a non-numeric token."""
    ks = "h_spark"
    rows = {"k%02d" % i: {"logs": [ins("c%d" % j, "v%d%d" % (i, j), 1) for j in range(3)]}
            for i in range(12)}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "logs", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type")])),
        v19.describe_ring(ks),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        splits_ex("logs", MINT, MAXT, 65536),
        splits_ex("logs", "0", "1000000000000000000", 4),
        v19.get_range_slices(cparent("logs"), pred(start="", finish="", count=2),
                             key_range(start_token=MINT, end_token="0", count=100)),
        v19.get_range_slices(cparent("logs"), pred(start="", finish="", count=2),
                             key_range(start_token="0", end_token=MINT, count=100)),
        v19.get_paged_slice("logs", key_range(start_token=MINT, end_token=MAXT, count=5), "c1"),
        v19.get_paged_slice("logs", key_range(start_key="k03", end_key="", count=4), "c2"),
        v19.get_range_slices(cparent("logs"), pred(names=["c0"]),
                             key_range(start_key="k05", end_key="k05", count=100)),
        v19.get_range_slices(cparent("logs"), pred(start="", finish="", count=2),
                             key_range(start_key="k01", end_token="0", count=100)),
        v19.get_range_slices(cparent("logs"), pred(start="", finish="", count=2),
                             key_range(count=100)),
        splits_ex("nosuch", MINT, MAXT, 65536),
        splits_ex("logs", "abc", MAXT, 65536),
        v19.get_range_slices(cparent("logs"), pred(start="", finish="", count=2),
                             key_range(start_token="abc", end_token="0", count=100)),
    ]


# ------------------------------------------------------------- Thrift DDL on CQL tables
@scenario("h_thrift_ddl_cql", "19", "schema", keyspace_reset="h_ddl")
def h_thrift_ddl_cql():
    """An old admin tool (Thrift DDL) pointed at a keyspace whose tables are now made in
    CQL: describe_keyspace lists them, the tool updates a comment and gc_grace on a compact
    table and on a CQL3 table, tries to add an index and to add a CF a CQL table owns,
    then drops a CQL table by Thrift."""
    ks = "h_ddl"
    return [
        ks_cql(ks),
        cql("CREATE TABLE %s.sessions (id text PRIMARY KEY, user_name text, started bigint)" % ks),
        cql("CREATE TABLE %s.kv (k text PRIMARY KEY, v text) WITH COMPACT STORAGE" % ks),
        cql("CREATE TABLE %s.wide (k text, c int, v text, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE AND CLUSTERING ORDER BY (c DESC)" % ks),
        desc_ks(ks),
        v19.describe_keyspaces().mask({"path": "0", "unordered": True}, "0/*/5/*/16"),
        v19.set_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "kv", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               comment="key/value store", gc_grace=3600)),
        v19.system_update_column_family(cf_def(ks, "kv", comment="no comparator given")),
        v19.system_update_column_family(cf_def(ks, "sessions", comparator="UTF8Type",
                                               comment="sessions by id", gc_grace=600)),
        v19.system_update_column_family(cf_def(
            ks, "sessions", comparator="CompositeType(org.apache.cassandra.db.marshal.UTF8Type)",
            key_validation="UTF8Type", comment="sessions by id", gc_grace=600)),
        v19.system_update_column_family(cf_def(
            ks, "kv", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("v", "UTF8Type", KEYS_INDEX, "kv_v")])),
        v19.system_add_column_family(cf_def(ks, "sessions", comparator="UTF8Type")),
        cql("SELECT columnfamily_name, comment, gc_grace_seconds FROM system.schema_columnfamilies "
            "WHERE keyspace_name = '%s'" % ks),
        v19.system_drop_column_family("sessions"),
        cql("SELECT * FROM sessions"),
        v19.system_update_column_family(cf_def(ks, "wide", comparator="ReversedType(Int32Type)",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               comment="wide rows")),
        desc_ks(ks),
    ]


# ------------------------------------------------------------- 2.1 table options
@scenario("h_table_options21", "19", "schema", keyspace_reset="h_opt")
def h_table_options21():
    """A time-series CF made the 2.1 way through Thrift: DateTieredCompactionStrategy with
    its options, caching in 2.1's JSON form, speculative_retry, default_time_to_live, index
    intervals; the same read back by describe_keyspace; the options an operator mistypes."""
    ks = "h_opt"
    dt = "org.apache.cassandra.db.compaction.DateTieredCompactionStrategy"

    def ts_cf(name, extra, comparator="TimeUUIDType"):
        return cf_def(ks, name, comparator=comparator, key_validation="UTF8Type",
                      default_validation="UTF8Type", extra=extra)
    good = {29: sstr(dt), 30: smap({"base_time_seconds": "3600", "max_sstable_age_days": "30",
                                    "timestamp_resolution": "MICROSECONDS"}),
            34: sstr('{"keys":"ALL", "rows_per_partition":"NONE"}'),
            42: sstr("99PERCENTILE"), 40: W.i32(86400), 45: W.i32(128), 46: W.i32(2048),
            33: W.double(0.01), 39: W.i32(0)}
    return [
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(ts_cf("sensor_data", good)),
        desc_ks(ks),
        v19.insert("s1", cparent("sensor_data"), column(timeuuid(1), "21.5", 10)),
        v19.insert("s1", cparent("sensor_data"), column(timeuuid(2), "21.7", 10, ttl=60)),
        v19.get_slice("s1", cparent("sensor_data"), pred(start=b"", finish=b"")),
        v19.system_add_column_family(ts_cf("bad1", {29: sstr(dt), 30: smap(
            {"base_time_seconds": "3600", "max_window_size_seconds": "86400"})})),
        v19.system_add_column_family(ts_cf("bad2", {34: sstr('{"keys":"SOME"}')})),
        v19.system_add_column_family(ts_cf("bad3", {42: sstr("99TH")})),
        v19.system_add_column_family(ts_cf("bad4", {40: W.i32(-1)})),
        v19.system_add_column_family(ts_cf("bad5", {29: sstr("DateTiered")})),
        v19.system_add_column_family(ts_cf("bad6", {45: W.i32(2048), 46: W.i32(128)})),
        # 2.0-style caching words and a short class name still accepted?
        v19.system_add_column_family(ts_cf("legacy", {34: sstr("keys_only"),
                                                      29: sstr("DateTieredCompactionStrategy"),
                                                      42: sstr("10ms")})),
        v19.system_add_column_family(ts_cf("rows", {34: sstr("ALL"), 44: sstr("10")},
                                           comparator="UTF8Type")),
        desc_ks(ks),
        v19.system_update_column_family(ts_cf("sensor_data", {
            29: sstr(dt), 30: smap({"base_time_seconds": "60"}),
            34: sstr('{"keys":"NONE", "rows_per_partition":"ALL"}'),
            42: sstr("ALWAYS"), 40: W.i32(0)})),
        cql("SELECT compaction_strategy_options, caching, speculative_retry, "
            "default_time_to_live FROM system.schema_columnfamilies WHERE keyspace_name = "
            "'h_opt' AND columnfamily_name = 'sensor_data'"),
        v19.insert("s2", cparent("sensor_data"), column(timeuuid(3), "19.0", 11)),
        v19.get_slice("s2", cparent("sensor_data"), pred(start=b"", finish=b"")),
    ]


# ------------------------------------------------------------- Hector session store
@scenario("h_hector_sessions", "19", "ttl", keyspace_reset="h_sess")
def h_hector_sessions():
    """A web session store written with Hector 2.0 on a 2.1 cluster: sessions inserted with
    TTLs, attributes removed by a slice-range deletion in batch_mutate, sessions counted,
    invalidated by row deletion; a TTL of 0 and a negative one, a deletion without a
    timestamp, a Deletion naming a super column on a standard CF."""
    ks = "h_sess"
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "Sessions", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type",
                                                   gc_grace=3600)])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"sess-a": {"Sessions": [
            ins("attr:cart", "3 items", 10, ttl=1800), ins("attr:lang", "en", 10, ttl=1800),
            ins("attr:theme", "dark", 10, ttl=1800), ins("user", "u1", 10, ttl=1800)]},
            "sess-b": {"Sessions": [ins("user", "u2", 10, ttl=1800)]}}, QUORUM),
        v19.get_slice("sess-a", cparent("Sessions"), pred(start="attr:", finish="attr;"), QUORUM),
        v19.multiget_count(["sess-a", "sess-b", "sess-c"], cparent("Sessions"),
                           pred(start="", finish=""), QUORUM),
        v19.batch_mutate({"sess-a": {"Sessions": [mutation(deletion_=deletion(
            11, predicate=pred(start="attr:", finish="attr:lang")))]}}, QUORUM),
        v19.get_slice("sess-a", cparent("Sessions"), pred(start="", finish=""), QUORUM),
        v19.batch_mutate({"sess-a": {"Sessions": [mutation(deletion_=deletion(
            12, predicate=pred(names=["attr:theme"])))]}}, QUORUM),
        v19.get_count("sess-a", cparent("Sessions"), pred(start="", finish=""), QUORUM),
        v19.insert("sess-b", cparent("Sessions"), column("touch", "1", 13, ttl=0)),
        v19.insert("sess-b", cparent("Sessions"), column("touch", "1", 13, ttl=-5)),
        v19.batch_mutate({"sess-b": {"Sessions": [ins("touch", "1", 13, ttl=0)]}}),
        v19.batch_mutate({"sess-b": {"Sessions": [mutation(deletion_=deletion(
            predicate=pred(names=["user"])))]}}),
        v19.batch_mutate({"sess-b": {"Sessions": [mutation(deletion_=deletion(
            Abs(14), sc="user"))]}}),
        v19.batch_mutate({"sess-b": {"Sessions": [mutation(
            cosc(column=column("x", "1", 14)), deletion(14))]}}),
        v19.remove("sess-b", cpath("Sessions"), 15, QUORUM),
        v19.get_slice("sess-b", cparent("Sessions"), pred(start="", finish="")),
        v19.get_range_slices(cparent("Sessions"), pred(start="", finish="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get("sess-a", cpath("Sessions", col="user"), QUORUM),
        v19.get("sess-a", cpath("Sessions", col="attr:lang"), QUORUM),
    ]


# ------------------------------------------------------------- prepared CQL over Thrift
@scenario("h_prepared_orders", "19", "cql", keyspace_reset="h_ord")
def h_prepared_orders():
    """An order service on CQL over Thrift (prepare_cql3_query once, execute many): inserts
    with bound values and explicit timestamps, an IF NOT EXISTS insert twice, a logged
    batch, a select by partition, and the binding mistakes (a value short, a bad int)."""
    ks = "h_ord"
    INS = ("INSERT INTO orders (customer, order_id, total, status) VALUES (?, ?, ?, ?) "
           "USING TIMESTAMP 1000000")
    SEL = "SELECT order_id, total, status FROM orders WHERE customer = ?"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE orders (customer text, order_id int, total bigint, status text, "
            "PRIMARY KEY (customer, order_id))"),
        v19.prepare_cql3_query(INS).mask("0/1"),
        v19.execute_prepared_cql3_query(thrift_id(ks, INS), ["acme", struct.pack(">i", 3),
                                                             long_(42), "new"]),
        v19.execute_prepared_cql3_query(thrift_id(ks, INS), ["acme", struct.pack(">i", 4),
                                                             long_(43)]),
        v19.execute_prepared_cql3_query(thrift_id(ks, INS), ["acme", b"\x00\x04",
                                                             long_(43), "new"]),
        v19.prepare_cql3_query(SEL).mask("0/1"),
        v19.execute_prepared_cql3_query(thrift_id(ks, SEL), ["acme"]),
        v19.execute_prepared_cql3_query(12345, ["acme"]),
        cql("INSERT INTO orders (customer, order_id, total, status) VALUES "
            "('acme', 1, 1500, 'new') USING TIMESTAMP 1000000"),
        cql("INSERT INTO orders (customer, order_id, total, status) VALUES "
            "('acme', 2, 250, 'new') IF NOT EXISTS"),
        cql("INSERT INTO orders (customer, order_id, total, status) VALUES "
            "('acme', 2, 999, 'dup') IF NOT EXISTS"),
        cql("UPDATE orders SET status = 'paid' WHERE customer = 'acme' AND order_id = 2 "
            "IF status = 'new'"),
        cql("UPDATE orders SET status = 'paid' WHERE customer = 'acme' AND order_id = 2 "
            "IF status = 'new'"),
        cql("BEGIN BATCH USING TIMESTAMP 1000010 "
            "INSERT INTO orders (customer, order_id, total, status) VALUES ('zeta', 1, 10, 'new') "
            "UPDATE orders SET status = 'shipped' WHERE customer = 'acme' AND order_id = 1 "
            "APPLY BATCH"),
        cql("SELECT order_id, total, status, writetime(total) FROM orders "
            "WHERE customer = 'acme' AND order_id = 1"),
        cql("SELECT customer, order_id, status FROM orders WHERE customer = 'zeta'"),
        cql("SELECT * FROM orders WHERE status = 'new'"),
        cql("SELECT count(*) FROM orders"),
        cql("INSERT INTO orders (customer, order_id, total) VALUES ('acme', 'x', 1)"),
        cql("INSERT INTO orders (customer, total) VALUES ('acme', 1)"),
        cql("SELECT * FROM order WHERE customer = 'acme'"),
        cql("UPDATE orders SET total = total + 1 WHERE customer = 'acme' AND order_id = 1"),
        cql("DELETE FROM orders USING TIMESTAMP 1000020 WHERE customer = 'zeta'"),
        cql("SELECT * FROM orders WHERE customer = 'zeta'"),
        v19.get_slice("acme", cparent("orders"), pred(start=b"", finish=b"", count=3)),
    ]


# ------------------------------------------------------------- cas() lock
@scenario("h_cas_lock", "19", "crud", keyspace_reset="h_lock")
def h_cas_lock():
    """A distributed lock on Thrift's cas(): take the lock if absent, a second owner
    refused (the current holder returned), release by compare-and-set, take again; then
    the levels a client gets wrong and cas on a counter CF."""
    ks = "h_lock"
    SERIAL, LOCAL_SERIAL = 9, 10
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "locks", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "ctr", comparator="UTF8Type", default_validation="CounterColumnType"),
        ])),
        v19.set_keyspace(ks),
        cas("job:nightly", "locks", [], [column("owner", "worker-1", 10)]),
        cas("job:nightly", "locks", [], [column("owner", "worker-2", 11)]),
        v19.get("job:nightly", cpath("locks", col="owner"), QUORUM).mask("0/1/3"),
        cas("job:nightly", "locks", [column("owner", "worker-2", None)],
            [column("owner", "", 12)]),
        cas("job:nightly", "locks", [column("owner", "worker-1", None)],
            [column("owner", "worker-3", 13)]),
        cas("job:weekly", "locks", [column("owner", "x", None)], [column("owner", "w", 15)],
            serial=LOCAL_SERIAL),
        cas("job:nightly", "locks", [column("owner", "worker-3", None)],
            [column("owner", "w", 16)], commit=SERIAL),
        cas("job:nightly", "nosuch", [], [column("owner", "w", 17)]),
        cas("c", "ctr", [], [column("n", long_(1), 18)]),
        cas("job:x", "locks", [], []),
        v19.get_slice("job:nightly", cparent("locks"), pred(start="", finish="")).mask("0/*/1/3"),
        cql("SELECT * FROM locks"),
        cas("job:nightly", "locks", [column("owner", "worker-3", None)],
            [column("owner", "w", 16)], serial=ONE),
        cas("job:nightly", "locks", None, [column("owner", "worker-4", 14)]),
    ]


# ------------------------------------------------------------- 1.2-era client on 2.x
@scenario("h_old_client", "19", "schema", keyspace_reset="h_old")
def h_old_client():
    """An application upgraded from 1.2 without rebuilding its Hector: its CfDefs carry
    the fields 1.2's IDL had (replicate_on_write, populate_io_cache_on_flush,
    index_interval, caching KEYS_ONLY, column_aliases), its reads use the calls it knew;
    the node answers what its own IDL declares."""
    ks = "h_old"
    old = {24: W.boolean(True), 38: W.boolean(False), 41: W.i32(128),
           34: sstr("KEYS_ONLY"), 12: W.double(0.1), 37: W.double(0.0),
           17: W.i32(4), 18: W.i32(32)}
    return [
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type", extra=old)),
        v19.system_add_column_family(cf_def(ks, "Wide", comparator="CompositeType(UTF8Type,"
                                            "LongType)", key_validation="UTF8Type",
                                            extra={35: W.list_("bin", [b("tag"), b("seq")]),
                                                   36: b("body"), 28: b("uid")})),
        v19.system_add_column_family(cf_def(ks, "Legacy", comparator="UTF8Type",
                                            extra={9: W.double(0.0), 11: W.double(200000.0),
                                                   21: W.i32(60), 22: W.i32(64),
                                                   27: sstr("org.apache.cassandra.cache."
                                                            "SerializingCacheProvider")})),
        desc_ks(ks),
        v19.insert("u1", cparent("Users"), column("name", "Ann", 5)),
        v19.insert("u1", cparent("Wide"), column(comp("a", long_(1)), "x", 5)),
        v19.get_slice("u1", cparent("Wide"), pred(start=comp("a"), finish=b"")),
        v19.get_slice("u1", cparent("Users"), pred(start="", finish="")),
        raw("describe_version", {}),
        raw("describe_splits", {1: b("Users"), 2: b(MINT), 3: b(MAXT), 4: W.i32(128)}),
        v19.execute_cql_query("SELECT * FROM Users WHERE KEY = 'u1'"),
        v19.set_cql_version("3.0.0"),
        v19.set_cql_version("2.0.0"),
        v19.system_update_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={24: W.boolean(False), 34: sstr("ALL")})),
        desc_ks(ks),
    ]


# ------------------------------------------------------------- keyspace administration
@scenario("h_ks_admin", "19", "schema", keyspace_reset="h_adm")
def h_ks_admin():
    """An ops script of the 2.x era: a keyspace with NetworkTopologyStrategy by data centre,
    its replication changed, durable_writes off for a scratch keyspace, a CF added within
    it; the mistakes (a misspelt strategy, SimpleStrategy without a factor, a DC factor
    that is not a number, a keyspace name with a dash, dropping a keyspace twice)."""
    ks = "h_adm"
    return [
        v19.describe_cluster_name(),
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "audit", comparator="TimeUUIDType",
                                                   key_validation="UTF8Type")],
                                       strategy=NTS, options={"datacenter1": "1"})),
        desc_ks(ks),
        v19.system_update_keyspace(ks_def(ks, [], strategy=NTS,
                                          options={"datacenter1": "1", "dc2": "2"})),
        desc_ks(ks),
        v19.system_update_keyspace(ks_def(ks, [], strategy=SIMPLE,
                                          options={"replication_factor": "1"},
                                          durable_writes=False)),
        desc_ks(ks),
        v19.system_add_keyspace(ks_def("h_adm_bad", [], strategy="SimpleStrategy",
                                       options={})),
        v19.system_add_keyspace(ks_def("h_adm_bad", [], strategy="NetworkTopology",
                                       options={"datacenter1": "1"})),
        v19.system_add_keyspace(ks_def("h_adm_bad", [], strategy=NTS,
                                       options={"datacenter1": "one"})),
        v19.system_add_keyspace(ks_def("h-adm-bad", [])),
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.system_update_keyspace(ks_def("h_adm_none", [])),
        v19.system_update_keyspace(ks_def(ks, [cf_def(ks, "extra")])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "extra", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def("h_adm_other", "x")),
        v19.insert("k", cparent("audit"), column(timeuuid(7), "login", 1)),
        v19.get_slice("k", cparent("audit"), pred(start=b"", finish=b"")),
        v19.describe_ring(ks),
        raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                    "0/*/5"),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.describe_keyspace(ks),
    ]


# ------------------------------------------------------------- indexed lookups
@scenario("h_indexed_lookup", "19", "index", keyspace_reset="h_idx")
def h_indexed_lookup():
    """A customer directory on secondary indexes through Thrift: users by city and by age
    range, paged by start_key, an index added later by system_update_column_family, and
    the clauses an index cannot serve (no EQ, an unindexed column only)."""
    ks = "h_idx"
    users = {"u%d" % i: {"users": [ins("city", ["paris", "oslo", "rome"][i % 3], 1),
                                   ins("age", long_(20 + i), 1), ins("name", "n%d" % i, 1)]}
             for i in range(8)}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(
            ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("city", "UTF8Type", KEYS_INDEX, "users_city"),
                             column_def("age", "LongType")])])),
        v19.set_keyspace(ks),
        v19.batch_mutate(users),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("city", EQ, "oslo")]),
                               pred(names=["name", "age"])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("city", EQ, "paris"), index_expr("age", GTE, long_(23))]),
            pred(start="", finish="")),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("city", EQ, "paris")], count=2), pred(names=["name"])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("city", EQ, "paris")], start_key="u3", count=2), pred(names=["name"])),
        v19.get_range_slices(cparent("users"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("city", EQ, "rome")])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("age", GTE, long_(23))]), pred(names=["name"])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("name", EQ, "n1")]), pred(names=["name"])),
        v19.system_update_column_family(cf_def(
            ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("city", "UTF8Type", KEYS_INDEX, "users_city"),
                             column_def("age", "LongType"),
                             column_def("name", "UTF8Type", KEYS_INDEX, "users_name")])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("name", EQ, "n1")]), pred(names=["city"])),
        v19.insert("u1", cparent("users"), column("age", "old", 2)),
        v19.remove("u4", cpath("users", col="city"), 3),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("city", EQ, "oslo")]),
                               pred(names=["name"])),
        cql("SELECT key, name FROM users WHERE city = 'rome'"),
        desc_ks(ks),
    ]
