"""Ordinary Thrift-era applications of 0.7 to 1.1, each written against the IDL of the release
it runs on (`RELEASE=<version>`, default 1.0.12): a web session store with TTLs, a log
collector's sink (Flume-like), OpenTSDB-like time series, a durable actor mailbox (Akka 1.x),
JDO objects with KEYS indexes (DataNucleus), FluentCassandra's dynamic super column families
and CQL 2, helenus's CompositeType column families, a Brisk/Hive storage handler's splits and
token scans, cassandra-unit's dataset loads, a URL crawler's big keys, a threaded inbox in
super columns, and two clients built against a later IDL talking to the release (upgrades).
Each scenario owns its keyspace (dropped before and after); the errors are the ones such
applications met.  Recorded with capture.py --api 19 (0.7.10 also unframed)."""
import hashlib
import os
import struct
import zlib

from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column, cosc,
                 super_column, counter_column, mutation, deletion, ins, index_expr,
                 index_clause, column_def, cf_def, ks_def, raw, long_, int32, timeuuid, lexuuid,
                 Abs, EQ, GT, GTE, LT, LTE, KEYS_INDEX, ONE, QUORUM, ALL)
import thriftwire as W

REL = os.environ.get("RELEASE", "1.0.12")
V = tuple(int(x) for x in REL.split(".")[:2])
V07 = V < (0, 8)
HAS_CQL = V >= (0, 8)
HAS_COUNTERS = V >= (0, 8)
HAS_COMPOSITE = V >= (0, 8)
SS = "org.apache.cassandra.locator.SimpleStrategy"


def ksd(name, cfs, rf=1):
    """KsDef as the era's client library built it: 0.7's required replication_factor field,
    strategy_options from 0.8"""
    if V07:
        return W.struct({1: b(name), 2: b(SS), 4: W.i32(rf), 5: W.list_("struct", list(cfs))})
    return ks_def(name, cfs, options={"replication_factor": str(rf)})


def cql(q, compression=2):
    return v19.execute_cql_query(q, compression)


def cql_gz(q):
    """a query sent compressed (Compression.GZIP: zlib's deflate stream, as the servers read it)"""
    return raw("execute_cql_query", {1: W.bin_(zlib.compress(q.encode())), 2: W.i32(1)})


def rp_token(key):
    """RandomPartitioner's token of a key: |md5 as a signed big integer|"""
    d = hashlib.md5(key.encode() if isinstance(key, str) else key).digest()
    return str(abs(int.from_bytes(d, "big", signed=True)))


def comp(*parts, eoc=0):
    """CompositeType name: each component <u16 length><bytes><end-of-component>; the last
    component's end byte is `eoc`"""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", len(p)) + p + bytes([eoc if i == len(parts) - 1 else 0])
    return out


def dyncomp(*parts, eoc=0):
    """DynamicCompositeType name: each component <0x8000|alias><u16 length><bytes><eoc>"""
    out = b""
    for i, (alias, p) in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", 0x8000 | ord(alias)) + struct.pack(">H", len(p)) + p + \
            bytes([eoc if i == len(parts) - 1 else 0])
    return out


def setup(ks, cfs):
    return [v19.system_add_keyspace(ksd(ks, cfs)), v19.set_keyspace(ks)]


# --------------------------------------------------------------------------- session store
@scenario("o19m_sessions", "19", "ttl", keyspace_reset="WebSessions")
def sessions():
    """A web framework's session store: each session a row, its attributes columns written with
    a TTL of the session's idle timeout, re-touched with a new TTL on each request; a flash
    message in a super column with a short TTL; logout removes the row."""
    ks = "WebSessions"
    return [
        v19.describe_version(),
        setup(ks, [cf_def(ks, "Sessions", comparator="UTF8Type",
                          default_validation="UTF8Type", gc_grace=3600),
                   cf_def(ks, "Flash", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type")]),
        v19.batch_mutate({"sess-7f3a": {"Sessions": [
            ins("user_id", "1042", 10, ttl=1800), ins("csrf", "a81bd2", 10, ttl=1800),
            ins("locale", "en_GB", 10, ttl=1800)]}}),
        v19.get_slice("sess-7f3a", cparent("Sessions"), pred(start="", count=100)),
        v19.get("sess-7f3a", cpath("Sessions", col="user_id")),
        # touch on the next request: the same columns with a longer ttl
        v19.insert("sess-7f3a", cparent("Sessions"), column("user_id", "1042", 20, ttl=3600)),
        v19.get("sess-7f3a", cpath("Sessions", col="user_id")),
        v19.get_count("sess-7f3a", cparent("Sessions"), pred(start="", count=100)),
        # "remember me" mistakes: a ttl of 0 meaning forever, a negative one from a clock bug
        v19.insert("sess-7f3a", cparent("Sessions"), column("remember", "1", 30, ttl=0)),
        v19.insert("sess-7f3a", cparent("Sessions"), column("remember", "1", 30, ttl=-60)),
        v19.batch_mutate({"sess-9c01": {"Sessions": [ins("user_id", "77", 40, ttl=0)]}}),
        v19.get_count("sess-7f3a", cparent("Sessions"), pred(start="", count=100)),
        # flash messages: sub-columns of a super column carry their own ttl
        v19.batch_mutate({"sess-7f3a": {"Flash": [mutation(cosc(super_column=super_column(
            "notice", [column("text", "Saved.", 50, ttl=60),
                       column("level", "info", 50, ttl=60)])))]}}),
        v19.get_slice("sess-7f3a", cparent("Flash"), pred(start="", count=10)),
        v19.get("sess-7f3a", cpath("Flash", sc="notice", col="text")),
        v19.get_count("sess-7f3a", cparent("Flash", sc="notice"), pred(start="", count=10)),
        v19.insert("sess-7f3a", cparent("Flash"), column("text", "oops", 55, ttl=60)),
        v19.insert("sess-7f3a", cparent("Flash", sc="notice"), column("seen", "1", 56, ttl=30)),
        v19.get_slice("sess-7f3a", cparent("Flash", sc="notice"), pred(names=["seen", "text"])),
        # a session key read with a super column path on the standard CF
        v19.get("sess-7f3a", cpath("Sessions", sc="user_id", col="x")),
        v19.multiget_slice(["sess-7f3a", "sess-9c01", "sess-gone"], cparent("Sessions"),
                           pred(names=["user_id", "locale"])),
        # logout
        v19.remove("sess-7f3a", cpath("Sessions"), 60),
        v19.remove("sess-7f3a", cpath("Flash"), 60),
        v19.get("sess-7f3a", cpath("Sessions", col="user_id")),
        v19.get_count("sess-7f3a", cparent("Sessions"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Sessions"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=10)),
    ]


# --------------------------------------------------------------------------- log collector
def _hour(h):
    return "web01:2011-06-14T%02d" % h


@scenario("o19m_logsink", "19", "batch", keyspace_reset="FlumeLogs")
def logsink():
    """A log collector's Cassandra sink: one row per host and hour, TimeUUID-named events, a
    second column family of raw bodies by event id, written in big batches; a report scans the
    hour buckets."""
    ks = "FlumeLogs"
    steps = [
        v19.describe_cluster_name(),
        v19.describe_keyspaces(),
        setup(ks, [cf_def(ks, "Events", comparator="TimeUUIDType", default_validation="BytesType"),
                   cf_def(ks, "Bodies", comparator="AsciiType", default_validation="UTF8Type")]),
        v19.describe_ring(ks),
    ]
    mm = {}
    seq = 0
    for h in range(8, 14):
        muts = []
        for i in range(5):
            seq += 1
            muts.append(ins(timeuuid(seq), "event %d of hour %d" % (i, h), 100 + seq))
        mm[_hour(h)] = {"Events": muts}
        mm["body-%02d" % h] = {"Bodies": [ins("line%d" % i, "GET /index.html 200 %d" % i, 100 + h)
                                          for i in range(3)]}
    steps += [
        v19.batch_mutate(mm),
        v19.get_slice(_hour(9), cparent("Events"), pred(start="", count=3)),
        v19.get_slice(_hour(9), cparent("Events"), pred(start=timeuuid(7), finish=timeuuid(9))),
        v19.get_count(_hour(13), cparent("Events"), pred(start="", count=1000)),
        v19.multiget_count([_hour(h) for h in range(7, 15)], cparent("Events"),
                           pred(start="", count=1000)),
        # the report: every bucket, a few events each, paging by the last key
        v19.get_range_slices(cparent("Events"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Bodies"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        # by buckets the operator typed: RandomPartitioner's keys out of token order
        v19.get_range_slices(cparent("Events"), pred(start="", count=1),
                             key_range(start_key=_hour(8), end_key=_hour(13), count=10)),
        v19.get_range_slices(cparent("Events"), pred(start="", count=1),
                             key_range(start_key=_hour(13), end_key=_hour(8), count=10)),
        v19.get_range_slices(cparent("Events"), pred(start="", count=1),
                             key_range(start_key=_hour(10), end_key=_hour(10), count=10)),
        # a sink with a broken UUID generator: 5 bytes
        v19.batch_mutate({_hour(14): {"Events": [ins(b"\x01\x02\x03\x04\x05", "bad", 300)],
                                      "Bodies": [ins("line0", "x", 300)]}}),
        v19.get_count(_hour(14), cparent("Events"), pred(start="", count=10)),
        # an event deleted by the retention job, another read back by its id
        v19.batch_mutate({_hour(8): {"Events": [mutation(deletion_=deletion(
            400, predicate=pred(names=[timeuuid(1), timeuuid(2)])))]}}),
        v19.get_slice(_hour(8), cparent("Events"), pred(start="", count=10)),
        v19.get(_hour(8), cpath("Events", col=timeuuid(3))),
        v19.get(_hour(8), cpath("Events", col=timeuuid(1))),
        # an insert with no timestamp from a hand-written sink
        v19.insert(_hour(8), cparent("Events"), column(timeuuid(99), "late", None)),
        v19.describe_ring(ks),
        v19.describe_ring("NoSuchLogs"),
    ]
    return steps


# --------------------------------------------------------------------------- time series
def _day(metric, d):
    return "%s:2011-09-%02d" % (metric, d)


@scenario("o19m_tsdb", "19", "slices", keyspace_reset="Metrics")
def tsdb():
    """OpenTSDB-like time series: a row per metric per day, columns named by the second of the
    day (LongType) or by a sample number (IntegerType); dashboards slice ranges both ways and
    count samples over days; a retention job deletes old samples."""
    ks = "Metrics"
    steps = [setup(ks, [
        cf_def(ks, "tsdb", comparator="LongType", default_validation="LongType"),
        cf_def(ks, "tsdb_int", comparator="IntegerType", default_validation="BytesType"),
        cf_def(ks, "tsdb_meta", comparator="UTF8Type", default_validation="UTF8Type")])]
    mm = {}
    for d in (12, 13, 14):
        mm[_day("cpu.user", d)] = {"tsdb": [ins(long_(s), long_(s % 97 + d), 10 + d)
                                            for s in range(0, 86400, 7200)]}
        mm[_day("cpu.idle", d)] = {"tsdb_int": [ins(int32(n), b"%d" % (n * d), 10 + d)
                                                for n in (1, 2, 3, 10, 200, 70000)]}
    mm["cpu.user"] = {"tsdb_meta": [ins("unit", "percent", 5), ins("host", "db01", 5)]}
    steps += [
        v19.batch_mutate(mm),
        v19.get_slice(_day("cpu.user", 13), cparent("tsdb"),
                      pred(start=long_(3600), finish=long_(30000))),
        v19.get_slice(_day("cpu.user", 13), cparent("tsdb"),
                      pred(start=long_(30000), finish=long_(3600), reversed=True)),
        v19.get_slice(_day("cpu.user", 13), cparent("tsdb"),
                      pred(start="", finish="", reversed=True, count=3)),
        v19.get_slice(_day("cpu.user", 13), cparent("tsdb"),
                      pred(start=long_(30000), finish=long_(3600))),
        v19.get_slice(_day("cpu.idle", 12), cparent("tsdb_int"),
                      pred(start=b"\x02", finish=b"\x01\x11\x70")),
        v19.get_slice(_day("cpu.idle", 12), cparent("tsdb_int"),
                      pred(start=b"\x00\xc8", finish="", reversed=True, count=2)),
        v19.multiget_count([_day("cpu.user", d) for d in (11, 12, 13, 14)], cparent("tsdb"),
                           pred(start=long_(0), finish=long_(40000), count=1000)),
        v19.multiget_count([_day("cpu.idle", d) for d in (12, 13)], cparent("tsdb_int"),
                           pred(start="", count=4)),
        # a dashboard's slice with a negative count, and a 4-byte name on a LongType row
        v19.get_slice(_day("cpu.user", 12), cparent("tsdb"), pred(start="", count=-1)),
        v19.get_slice(_day("cpu.user", 12), cparent("tsdb"), pred(start=int32(3600), count=5)),
        v19.insert(_day("cpu.user", 15), cparent("tsdb"), column(int32(60), long_(5), 40)),
        v19.insert(_day("cpu.user", 15), cparent("tsdb"), column(long_(60), b"\x05", 40)),
        v19.get_slice(_day("cpu.user", 15), cparent("tsdb"), pred(start="", count=10)),
        # retention: a range delete of the night samples where the release allowed it
        v19.batch_mutate({_day("cpu.user", 12): {"tsdb": [mutation(deletion_=deletion(
            50, predicate=pred(start=long_(0), finish=long_(20000))))]}}),
        v19.batch_mutate({_day("cpu.user", 12): {"tsdb": [mutation(deletion_=deletion(
            50, predicate=pred(names=[long_(0), long_(7200), long_(14400)])))]}}),
        v19.get_slice(_day("cpu.user", 12), cparent("tsdb"), pred(start="", count=3)),
        v19.get_count(_day("cpu.user", 12), cparent("tsdb"), pred(start="", count=100)),
        v19.get(_day("cpu.user", 12), cpath("tsdb", col=long_(7200))),
        v19.get(_day("cpu.user", 12), cpath("tsdb", col=long_(79200))),
        v19.get_range_slices(cparent("tsdb_meta"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove(_day("cpu.idle", 12), cpath("tsdb_int", col=int32(70000)), 60),
        v19.get_slice(_day("cpu.idle", 12), cparent("tsdb_int"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- actor mailbox
@scenario("o19m_mailbox", "19", "queue", keyspace_reset="AkkaMailboxes")
def mailbox():
    """Akka 1.x's durable mailbox: a queue per actor in a row of LongType-named messages;
    dequeue reads one column and removes it; empty queues read nothing; shutdown truncates."""
    ks = "AkkaMailboxes"
    steps = [
        setup(ks, [cf_def(ks, "mailbox", comparator="LongType", default_validation="BytesType",
                          gc_grace=0)]),
        v19.describe_keyspace(ks),
    ]
    for a in ("actor-orders", "actor-billing", "actor-mail"):
        for n in range(1, 4):
            steps.append(v19.insert(a, cparent("mailbox"),
                                    column(long_(n), b"\xac\xed\x00\x05msg-%d" % n, 100 + n),
                                    QUORUM))
    for n in range(1, 4):
        steps += [
            v19.get_slice("actor-orders", cparent("mailbox"), pred(start="", count=1), QUORUM),
            v19.remove("actor-orders", cpath("mailbox", col=long_(n)), 200 + n, QUORUM),
        ]
    steps += [
        # the queue is empty now
        v19.get_slice("actor-orders", cparent("mailbox"), pred(start="", count=1), QUORUM),
        v19.get_count("actor-orders", cparent("mailbox"), pred(start="", count=1000)),
        v19.get("actor-orders", cpath("mailbox", col=long_(1))),
        # a mailbox of an actor that never got a message
        v19.get_slice("actor-nobody", cparent("mailbox"), pred(start="", count=1), QUORUM),
        v19.multiget_count(["actor-orders", "actor-billing", "actor-mail", "actor-nobody"],
                           cparent("mailbox"), pred(start="", count=1000)),
        # a message enqueued again after a dequeue removed it at a later timestamp: hidden
        v19.insert("actor-orders", cparent("mailbox"), column(long_(1), b"again", 150)),
        v19.get_slice("actor-orders", cparent("mailbox"), pred(start="", count=1)),
        v19.insert("actor-orders", cparent("mailbox"), column(long_(4), b"next", 300)),
        v19.get_slice("actor-orders", cparent("mailbox"), pred(start="", count=1)),
        # dequeue at ALL and a message name the queue serializer got wrong (an int)
        v19.get_slice("actor-billing", cparent("mailbox"), pred(start="", count=1), ALL),
        v19.remove("actor-billing", cpath("mailbox", col=int32(1)), 310),
        v19.remove("actor-billing", cpath("mailbox", col=long_(1)), 310, ALL),
        v19.get_range_slices(cparent("mailbox"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        # shutdown
        v19.truncate("mailbox"),
        v19.get_range_slices(cparent("mailbox"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.truncate("mailboxes"),
        v19.get_slice("actor-mail", cparent("mailbox"), pred(start="", count=1)),
    ]
    return steps


# --------------------------------------------------------------------------- JDO objects
@scenario("o19m_jdo", "19", "index", keyspace_reset="JdoStore")
def jdo():
    """DataNucleus's Cassandra plugin: each persistent object a row, a column per field with
    validators from the metadata, KEYS indexes on the queried fields; JDOQL filters become index
    clauses, paged by start key."""
    ks = "JdoStore"
    person = cf_def(ks, "Person", comparator="UTF8Type", default_validation="BytesType",
                    column_metadata=[
                        column_def("firstName", "UTF8Type"),
                        column_def("lastName", "UTF8Type", KEYS_INDEX, "Person_lastName"),
                        column_def("age", "LongType", KEYS_INDEX, "Person_age"),
                        column_def("city", "UTF8Type", KEYS_INDEX),
                        column_def("version", "LongType")])
    people = [("p1", "Ann", "Smith", 34, "Leeds"), ("p2", "Bob", "Smith", 28, "York"),
              ("p3", "Cid", "Jones", 34, "Leeds"), ("p4", "Dee", "Smith", 41, "Leeds"),
              ("p5", "Eve", "Smith", 34, "Hull"), ("p6", "Fay", "Brown", 19, "Leeds")]
    mm = {}
    for i, (k, f, l, a, c) in enumerate(people):
        mm[k] = {"Person": [ins("firstName", f, 10), ins("lastName", l, 10),
                            ins("age", long_(a), 10), ins("city", c, 10),
                            ins("version", long_(1), 10)]}
    P = pred(names=["firstName", "age"])
    return [
        setup(ks, [person]),
        v19.batch_mutate(mm),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("lastName", EQ, "Smith")]), P),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("lastName", EQ, "Smith"), index_expr("age", GT, long_(30))]), P),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "Leeds"), index_expr("age", LTE, long_(34)),
             index_expr("age", GTE, long_(20))]), P),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", EQ, long_(34)), index_expr("lastName", LT, "Sn")]), P),
        # paging a query of two objects a page
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "Leeds")], count=2), pred(names=["firstName"])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "Leeds")], start_key="p3", count=2),
            pred(names=["firstName"])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "Leeds")], start_key="p6", count=2),
            pred(names=["firstName"])),
        # JDOQL "age > 30" alone: no EQ expression
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", GT, long_(30))]), P),
        # a filter on an unindexed field with an indexed EQ
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("lastName", EQ, "Smith"), index_expr("firstName", EQ, "Eve")]), P),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("lastName", EQ, "Smith")], count=0), P),
        # update with optimistic version, then a field the validator refuses (an int for a long)
        v19.batch_mutate({"p2": {"Person": [ins("city", "Leeds", 20),
                                            ins("version", long_(2), 20)]}}),
        v19.insert("p2", cparent("Person"), column("age", int32(29), 21)),
        v19.batch_mutate({"p7": {"Person": [ins("firstName", "Gus", 22),
                                            ins("age", b"41", 22)]}}),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "Leeds")]), pred(names=["firstName", "version"])),
        # delete an object: its index entries go with it
        v19.remove("p4", cpath("Person"), 30),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("lastName", EQ, "Smith")]), pred(start="", count=1)),
        v19.get("p4", cpath("Person", col="firstName")),
        v19.describe_keyspace(ks),
    ]


# --------------------------------------------------------------------------- FluentCassandra
@scenario("o19m_fluent", "19", "cql2", keyspace_reset="FluentBlog")
def fluent():
    """FluentCassandra: dynamic column families created from the app (a super CF of posts by
    LexicalUUID, an Ascii-named tag CF), then from 0.8 its CQL 2 helpers: USE, SELECT FIRST n
    REVERSED, UPDATE ... WHERE KEY IN, DELETE, CREATE COLUMNFAMILY WITH comparator."""
    ks = "FluentBlog"
    steps = [
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "Posts", column_type="Super",
                                            comparator="LexicalUUIDType",
                                            subcomparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Tags", comparator="AsciiType")),
        v19.system_add_column_family(cf_def(ks, "Tags", comparator="AsciiType")),
        v19.describe_schema_versions(),
        v19.batch_mutate({"blog-1": {"Posts": [
            mutation(cosc(super_column=super_column(lexuuid(n), [
                column("title", "Post %d" % n, 10), column("body", "text %d" % n, 10)])))
            for n in (3, 1, 2)]},
            "tag-csharp": {"Tags": [ins("post-1", "", 10), ins("post-3", "", 10)]}}),
        v19.get_slice("blog-1", cparent("Posts"), pred(start="", reversed=True, count=2)),
        v19.get("blog-1", cpath("Posts", sc=lexuuid(2))),
        v19.get("blog-1", cpath("Posts", sc=b"\x00\x01", col="title")),
        v19.insert("tag-csharp", cparent("Tags"), column("p\xf6st-9", "", 11)),
        v19.get_slice("tag-csharp", cparent("Tags"), pred(start="", count=10)),
    ]
    if HAS_CQL:
        TS = 1300000000000000
        steps += [
            cql("USE %s;" % ks),
            cql("CREATE COLUMNFAMILY Comments (KEY varchar PRIMARY KEY, author varchar, "
                "votes bigint) WITH comparator=UTF8Type AND default_validation=UTF8Type "
                "AND comment='post comments';"),
            v19.describe_schema_versions(),
            cql("INSERT INTO Comments (KEY, author, body, votes) VALUES ('c1', 'ann', 'First!', 3)"
                " USING TIMESTAMP %d;" % TS),
            cql("INSERT INTO Comments (KEY, author, body) VALUES ('c2', 'bob', 'Nice') "
                "USING TIMESTAMP %d;" % TS),
            cql("UPDATE Comments USING TIMESTAMP %d SET 'flag' = 'spam', 'votes' = 0 "
                "WHERE KEY IN ('c1', 'c2');" % (TS + 1)),
            cql("SELECT FIRST 2 REVERSED * FROM Comments WHERE KEY = 'c1';"),
            cql("SELECT author, votes FROM Comments WHERE KEY IN ('c1', 'c2', 'c9');"),
            cql("SELECT 'a'..'f' FROM Comments WHERE KEY = 'c1';"),
            cql_gz("SELECT COUNT(*) FROM Comments WHERE KEY = 'c1';"),
            cql("DELETE flag FROM Comments USING TIMESTAMP %d WHERE KEY = 'c2';" % (TS + 2)),
            cql("SELECT * FROM Comments WHERE KEY = 'c2';"),
            # mistakes: a vote that is not a number, an unknown column family, a keyword typo
            cql("UPDATE Comments USING TIMESTAMP %d SET votes = 'many' WHERE KEY = 'c1';"
                % (TS + 3)),
            cql("SELECT * FROM Coments WHERE KEY = 'c1';"),
            cql("SELEC * FROM Comments;"),
            cql("SELECT * FROM Comments WHERE KEY = 'c1'", compression=1),
            cql("DROP COLUMNFAMILY Comments;"),
            cql("SELECT * FROM Comments WHERE KEY = 'c1';"),
        ]
    else:
        steps += [
            v19.system_add_column_family(cf_def(ks, "Comments", comparator="UTF8Type",
                                                default_validation="UTF8Type",
                                                comment="post comments")),
            v19.insert("c1", cparent("Comments"), column("author", "ann", 10)),
            v19.get_slice("c1", cparent("Comments"), pred(start="", reversed=True, count=2)),
            v19.system_drop_column_family("Comments"),
        ]
    steps += [
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Tags"),
        v19.get_slice("tag-csharp", cparent("Tags"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- helenus
CT = "CompositeType(UTF8Type,LongType)"
DCT = "DynamicCompositeType(a=>AsciiType,l=>LongType,u=>UTF8Type)"


@scenario("o19m_helenus", "19", "composite", keyspace_reset="HelenusApp")
def helenus():
    """helenus (Node.js): column families with CompositeType comparators created through
    system_add_column_family, the keyspace read back with describe_keyspace to build its
    column family objects, composite slices with end-of-component bounds, a
    DynamicCompositeType CF with its alias map."""
    ks = "HelenusApp"
    steps = [
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "Timeline", comparator=CT,
                                            default_validation="UTF8Type",
                                            key_validation=None if V07 else "UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Dyn", comparator=DCT)),
        v19.describe_keyspace(ks),
    ]
    if not HAS_COMPOSITE:
        return steps + [v19.describe_keyspaces()]
    rows = []
    for who in ("alice", "bob"):
        for n in (1, 2, 10):
            rows.append(ins(comp(who, long_(n)), "%s said %d" % (who, n), 10 + n))
    steps += [
        v19.batch_mutate({"user:42": {"Timeline": rows}}),
        v19.get_slice("user:42", cparent("Timeline"), pred(start="", count=100)),
        # everything of "alice": start at (alice) eoc 0, finish at (alice) eoc 1
        v19.get_slice("user:42", cparent("Timeline"),
                      pred(start=comp("alice"), finish=comp("alice", eoc=1))),
        # alice after 1 exclusive: (alice, 1) with eoc 1
        v19.get_slice("user:42", cparent("Timeline"),
                      pred(start=comp("alice", long_(1), eoc=1), finish=comp("alice", eoc=1))),
        v19.get_slice("user:42", cparent("Timeline"),
                      pred(start=comp("bob", eoc=1), finish=comp("bob"), reversed=True)),
        v19.get("user:42", cpath("Timeline", col=comp("bob", long_(2)))),
        # helenus's bug of the day: a LongType component of 4 bytes
        v19.insert("user:42", cparent("Timeline"), column(comp("carol", int32(3)), "x", 20)),
        v19.insert("user:42", cparent("Timeline"), column(b"alice", "x", 20)),
        v19.get_count("user:42", cparent("Timeline"),
                      pred(start=comp("bob"), finish=comp("bob", eoc=1))),
        # dynamic composites, aliases a/l/u
        v19.batch_mutate({"d1": {"Dyn": [
            ins(dyncomp(("u", "name"), ("l", long_(1))), "v1", 30),
            ins(dyncomp(("u", "name"), ("l", long_(2))), "v2", 30),
            ins(dyncomp(("a", "tag")), "v3", 30)]}}),
        v19.get_slice("d1", cparent("Dyn"), pred(start="", count=10)),
        v19.get_slice("d1", cparent("Dyn"), pred(start=dyncomp(("u", "name")),
                                                 finish=dyncomp(("u", "name"), eoc=1))),
        v19.insert("d1", cparent("Dyn"), column(dyncomp(("z", "bad")), "v", 31)),
        v19.system_drop_column_family("Dyn"),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Brisk / Hive
@scenario("o19m_brisk", "19", "splits", keyspace_reset="HiveData")
def brisk():
    """Brisk's Hive storage handler: describe_partitioner and describe_snitch to plan, each
    schema change followed by describe_schema_versions until one version, describe_splits of the
    column family, then each split scanned by start/end token (the last one wrapping around)."""
    ks = "HiveData"
    keys = ["row%03d" % i for i in range(12)]
    toks = sorted((int(rp_token(k)), k) for k in keys)
    mid = str(toks[5][0])
    steps = [
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "page_views", comparator="UTF8Type",
                                            default_validation="UTF8Type")),
        v19.describe_schema_versions(),
        v19.batch_mutate({k: {"page_views": [ins("url", "/p/%s" % k, 10),
                                             ins("hits", str(len(k) * 7), 10)]}
                          for k in keys}),
        v19.describe_ring(ks),
        v19.describe_splits("page_views", "0", "85070591730234615865843651857942052864", 128),
        v19.describe_splits("page_views", mid, mid, 64),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_token="0", end_token=mid, count=100)),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_token=mid, end_token="0", count=100)),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_token=mid, end_token=mid, count=5)),
        v19.get_range_slices(cparent("page_views"), pred(start="", count=10),
                             key_range(start_token=str(toks[2][0]), end_token=str(toks[4][0]),
                                       count=100)),
        # a record reader mixing a key with a token, and one sending neither
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_key="row001", end_token=mid, count=10)),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(count=10)),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_token="abc", end_token="0", count=10)),
        v19.get_range_slices(cparent("page_views"), pred(names=["url"]),
                             key_range(start_key=toks[3][1], end_key="", count=3)),
        v19.system_add_column_family(cf_def(ks, "hive_meta", comparator="UTF8Type")),
        v19.describe_schema_versions(),
        v19.system_drop_column_family("hive_meta"),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        # a job configured with a table name that is not there
        v19.describe_splits("no_such_table", "0", "1000", 128),
    ]
    return steps


# --------------------------------------------------------------------------- cassandra-unit
COMPARATORS = ["BytesType", "AsciiType", "UTF8Type", "LongType", "LexicalUUIDType",
               "TimeUUIDType", "IntegerType"]


def _dataset(ks, second=False):
    cfs = []
    for c in COMPARATORS:
        extra = {}
        cfs.append(cf_def(ks, "cf_" + c.replace("Type", "").lower(), comparator=c,
                          default_validation="UTF8Type" if c == "AsciiType" else None,
                          key_validation=None if V07 or c != "UTF8Type" else "UTF8Type",
                          comment="dataset" if not second else "dataset v2", extra=extra))
    cfs.append(cf_def(ks, "cf_super", column_type="Super", comparator="UTF8Type",
                      subcomparator="LongType"))
    if HAS_COUNTERS:
        cfs.append(cf_def(ks, "cf_counter", comparator="UTF8Type",
                          default_validation="CounterColumnType"))
    return cfs


@scenario("o19m_unit", "19", "schema", keyspace_reset="UnitDataSet")
def unit():
    """cassandra-unit style tests: a keyspace loaded from a dataset with a column family of
    every comparator, rows inserted, truncated between tests, dropped at the end and the same
    name loaded again."""
    ks = "UnitDataSet"
    steps = [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, _dataset(ks))),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"k1": {
            "cf_bytes": [ins(b"\x00\xff", b"\x01", 10)],
            "cf_ascii": [ins("name", "caf\xe9", 10)],
            "cf_utf8": [ins("n\xe4me", "v", 10)],
            "cf_long": [ins(long_(-5), "v", 10), ins(long_(5), "v", 10)],
            "cf_lexicaluuid": [ins(lexuuid(2), "v", 10), ins(lexuuid(1), "v", 10)],
            "cf_timeuuid": [ins(timeuuid(5), "v", 10), ins(timeuuid(4), "v", 10)],
            "cf_integer": [ins(b"\xff", "minus one", 10), ins(b"\x01\x00", "256", 10)],
            "cf_super": [mutation(cosc(super_column=super_column("s", [
                column(long_(2), "b", 10), column(long_(1), "a", 10)])))]}}),
        v19.get_slice("k1", cparent("cf_long"), pred(start="", count=10)),
        v19.get_slice("k1", cparent("cf_integer"), pred(start="", count=10)),
        v19.get_slice("k1", cparent("cf_timeuuid"), pred(start="", count=10)),
        v19.get_slice("k1", cparent("cf_super"), pred(start="", count=10)),
        v19.get_slice("k1", cparent("cf_ascii"), pred(start="", count=10)),
        # test 2: truncate every family the dataset loaded, then read
        [v19.truncate("cf_" + c.replace("Type", "").lower()) for c in COMPARATORS[:4]],
        v19.get_slice("k1", cparent("cf_long"), pred(start="", count=10)),
        v19.get_count("k1", cparent("cf_super"), pred(start="", count=10)),
        v19.truncate("cf_super"),
        v19.get_count("k1", cparent("cf_super"), pred(start="", count=10)),
        # values the dataset got wrong
        v19.insert("k2", cparent("cf_lexicaluuid"), column(b"\x01" * 15, "v", 20)),
        v19.insert("k2", cparent("cf_ascii"), column("ok", "caf\xe9", 20)),
        v19.insert("k2", cparent("cf_utf8"), column(b"\xc3\x28", "v", 20)),
        v19.insert("", cparent("cf_bytes"), column("a", "v", 20)),
    ]
    if HAS_COUNTERS:
        steps += [
            v19.add("k1", cparent("cf_counter"), counter_column("hits", 3)),
            v19.add("k1", cparent("cf_counter"), counter_column("hits", 2)),
            v19.get("k1", cpath("cf_counter", col="hits")),
            v19.insert("k1", cparent("cf_counter"), column("hits", long_(1), 30)),
        ]
    steps += [
        v19.system_drop_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, _dataset(ks, second=True)[:3])),
        v19.set_keyspace(ks),
        v19.get_slice("k1", cparent("cf_bytes"), pred(start="", count=10)),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- crawler
@scenario("o19m_crawler", "19", "keys", keyspace_reset="Crawler")
def crawler():
    """A web crawler's frontier: rows keyed by URL, fetch state in columns; a crawler meets
    very long URLs (a 65536-byte key), an empty one, and reads back batches of URLs."""
    ks = "Crawler"
    long_url = "http://example.com/?" + "q" * (65536 - 20)
    ok_url = "http://example.com/?" + "q" * (65535 - 20)
    urls = ["http://example.com/", "http://example.com/a", "http://example.org/b?x=1"]
    return [
        setup(ks, [cf_def(ks, "Frontier", comparator="AsciiType", default_validation="BytesType"),
                   cf_def(ks, "Links", column_type="Super", comparator="BytesType",
                          subcomparator="AsciiType")]),
        v19.batch_mutate({u: {"Frontier": [ins("status", "queued", 10),
                                           ins("depth", int32(i), 10)]}
                          for i, u in enumerate(urls)}),
        v19.multiget_slice(urls + ["http://example.net/"], cparent("Frontier"),
                           pred(names=["status"])),
        v19.insert(long_url, cparent("Frontier"), column("status", "queued", 11)),
        v19.batch_mutate({long_url: {"Frontier": [ins("status", "queued", 11)]}}),
        v19.get(long_url, cpath("Frontier", col="status")),
        v19.insert(ok_url, cparent("Frontier"), column("status", "queued", 12)),
        v19.get_slice(ok_url, cparent("Frontier"), pred(start="", count=5)),
        v19.insert("", cparent("Frontier"), column("status", "queued", 13)),
        v19.multiget_slice(["", urls[0]], cparent("Frontier"), pred(names=["status"])),
        v19.get_count("", cparent("Frontier"), pred(start="", count=5)),
        # fetched: status updated, out-links in a super column per host
        v19.batch_mutate({urls[0]: {
            "Frontier": [ins("status", "fetched", 20), ins("http_code", "200", 20)],
            "Links": [mutation(cosc(super_column=super_column(b"example.com", [
                column("/a", "", 20), column("/c", "", 20)])))]}}),
        v19.get_slice(urls[0], cparent("Links"), pred(start="", count=10)),
        v19.get_slice(urls[0], cparent("Links", sc="example.com"),
                      pred(start="/b", count=10)),
        # a name of non-ascii bytes in the AsciiType column family
        v19.insert(urls[1], cparent("Frontier"), column(b"st\xe4tus", "x", 21)),
        v19.get_range_slices(cparent("Frontier"), pred(names=["status"]),
                             key_range(start_key="", end_key="", count=2)),
        v19.remove(urls[2], cpath("Frontier", col="status"), 30),
        v19.get_slice(urls[2], cparent("Frontier"), pred(start="", count=5)),
        v19.remove(urls[2], cpath("Links", sc="nosuch.host"), 30),
        v19.remove(urls[2], cpath("Frontier", sc="status"), 30),
    ]


# --------------------------------------------------------------------------- inbox
def _tid(n):
    return timeuuid(n, node=0x0a0b0c0d0e0f)


@scenario("o19m_inbox", "19", "super", keyspace_reset="MailApp")
def inbox():
    """A threaded inbox: a super column family keyed by user, a super column per thread
    (TimeUUID), a sub-column per message; reading the newest threads, a whole thread, marking
    read, archiving a thread; and the ordinary path mistakes."""
    ks = "MailApp"
    return [
        setup(ks, [cf_def(ks, "Inbox", column_type="Super", comparator="TimeUUIDType",
                          subcomparator="UTF8Type", default_validation="UTF8Type"),
                   cf_def(ks, "Users", comparator="UTF8Type")]),
        v19.batch_mutate({
            "ann": {"Inbox": [mutation(cosc(super_column=super_column(_tid(n), [
                column("from", "bob", 10 + n), column("subject", "re: %d" % n, 10 + n),
                column("unread", "1", 10 + n)]))) for n in (1, 2, 3, 4)],
                "Users": [ins("email", "ann@example.com", 10)]},
            "bob": {"Inbox": [mutation(cosc(super_column=super_column(_tid(9), [
                column("from", "ann", 19)])))]}}),
        v19.get_slice("ann", cparent("Inbox"), pred(start="", reversed=True, count=2)),
        v19.get_slice("ann", cparent("Inbox", sc=_tid(3)), pred(start="", count=10)),
        v19.get("ann", cpath("Inbox", sc=_tid(3), col="subject")),
        v19.get("ann", cpath("Inbox", sc=_tid(3))),
        v19.get_count("ann", cparent("Inbox"), pred(start="", count=100)),
        v19.multiget_slice(["ann", "bob", "cid"], cparent("Inbox"),
                           pred(start="", reversed=True, count=1)),
        # mark read: remove the sub-column; archive: remove the thread
        v19.remove("ann", cpath("Inbox", sc=_tid(3), col="unread"), 40),
        v19.remove("ann", cpath("Inbox", sc=_tid(1)), 40),
        v19.get_slice("ann", cparent("Inbox"), pred(start="", count=10)),
        v19.get_slice("ann", cparent("Inbox"), pred(names=[_tid(1), _tid(3)])),
        # mistakes: a sub-column path without its super column, a user read with a thread
        # path on the standard CF, a thread id of the wrong length, a delete of a slice of
        # threads
        v19.get("ann", cpath("Inbox", col="subject")),
        v19.get("ann", cpath("Users", sc=_tid(3), col="email")),
        v19.get_slice("ann", cparent("Users", sc="x"), pred(start="", count=10)),
        v19.insert("ann", cparent("Inbox", sc=b"\x00" * 8), column("from", "x", 41)),
        v19.insert("ann", cparent("Inbox"), column(_tid(5), "x", 41)),
        v19.batch_mutate({"ann": {"Inbox": [mutation(deletion_=deletion(
            42, predicate=pred(start=_tid(2), finish=_tid(3))))]}}),
        v19.batch_mutate({"ann": {"Inbox": [mutation(deletion_=deletion(
            42, sc=_tid(4), predicate=pred(names=["unread"])))]}}),
        v19.get_slice("ann", cparent("Inbox", sc=_tid(4)), pred(start="", count=10)),
        v19.get_range_slices(cparent("Inbox"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Inbox", sc=_tid(9)), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=10)),
    ]


# --------------------------------------------------------------------------- upgrades
@scenario("o19m_upgrade12", "19", "upgrade", keyspace_reset="UpgradeApp")
def upgrade12():
    """A client library built against 1.2's IDL (API 19.36) talking to the older cluster during
    an upgrade: KsDef with strategy_options and durable_writes, CfDef with 1.2's caching and
    ttl fields, KeyRange.row_filter, get_paged_slice, describe_token_map, CQL 3 calls."""
    ks = "UpgradeApp"
    cfd = cf_def(ks, "Accounts", comparator="UTF8Type", default_validation="UTF8Type",
                 key_validation="UTF8Type",
                 column_metadata=[column_def("email", "UTF8Type", KEYS_INDEX, "acct_email")],
                 extra={34: W.bin_("KEYS_ONLY"), 37: W.double(0.1), 38: W.boolean(True),
                        40: W.i32(0), 41: W.i32(128), 42: W.bin_("NONE")})
    return [
        v19.describe_version(),
        v19.system_add_keyspace(ks_def(ks, [cfd], durable_writes=True)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"a%d" % i: {"Accounts": [ins("email", "u%d@x.org" % (i % 2), 10),
                                                   ins("plan", "free", 10)]}
                          for i in range(4)}),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("email", EQ, "u1@x.org")])),
        v19.get_paged_slice("Accounts", key_range(start_key="", end_key="", count=3), "plan"),
        v19.describe_token_map(),
        v19.describe_splits("Accounts", "0", "0", 128),
        v19.set_cql_version("3.0.0"),
        v19.execute_cql3_query("SELECT * FROM \"Accounts\" LIMIT 2"),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("email", EQ, "u0@x.org")]), pred(names=["plan"])),
        v19.get_count("a1", cparent("Accounts"), pred(start="", count=10), 10),
        v19.get_slice("a1", cparent("Accounts"), pred(start="", count=10)),
    ]


@scenario("o19m_upgrade08", "19", "upgrade", keyspace_reset="StatsApp")
def upgrade08():
    """A 0.8-era stats application (counters, CQL 2, key_validation_class) pointed at the
    cluster: on 0.7 the calls it lacked; from 0.8 what it had."""
    ks = "StatsApp"
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "PageHits", comparator="UTF8Type", default_validation="CounterColumnType",
                   key_validation="UTF8Type", extra={24: W.boolean(True)}),
            cf_def(ks, "Pages", comparator="UTF8Type", key_validation="UTF8Type",
                   extra={28: W.bin_("url")})], durable_writes=True)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.add("/index", cparent("PageHits"), counter_column("2011-08-01", 5)),
        v19.add("/index", cparent("PageHits"), counter_column("2011-08-01", -2)),
        v19.add("/index", cparent("PageHits"), counter_column("2011-08-02", 1), ALL),
        v19.get_slice("/index", cparent("PageHits"), pred(start="", count=10)),
        v19.remove_counter("/index", cpath("PageHits", col="2011-08-02")),
        v19.get_slice("/index", cparent("PageHits"), pred(start="", count=10)),
        v19.batch_mutate({"/about": {"PageHits": [mutation(cosc(
            counter_column=counter_column("2011-08-01", 7)))]}}),
        v19.get("/about", cpath("PageHits", col="2011-08-01")),
        cql("SELECT COUNT(*) FROM PageHits WHERE KEY = '/index';"),
        cql("SELECT '2011-08-01' FROM PageHits WHERE KEY = '/nowhere';"),
        v19.insert("/about", cparent("Pages"), column("title", "About", 10)),
        v19.get_slice("/about", cparent("Pages"), pred(start="", count=10)),
        v19.describe_keyspaces(),
    ]


# --------------------------------------------------------------------------- migrations
@scenario("o19m_migrate", "19", "schema", keyspace_reset="ShopMigrations")
def migrate():
    """A schema migration tool: reads the keyspace back, changes a column family's definition
    (validators, an index added on a CF that holds data, a comment) with the id it read, and
    meets the changes a release refused: a comparator changed, a keyspace update carrying
    column families, a definition without its id."""
    ks = "ShopMigrations"
    cid = 1000
    base = dict(comparator="UTF8Type", default_validation="BytesType")
    return [
        setup(ks, [cf_def(ks, "Orders", **base)]),
        v19.batch_mutate({"o%d" % i: {"Orders": [ins("status", ["new", "paid"][i % 2], 10),
                                                 ins("total", long_(100 * i), 10)]}
                          for i in range(1, 6)}),
        v19.describe_keyspace(ks),
        # migration 2: validators and an index on status (the data is already there)
        v19.system_update_column_family(cf_def(ks, "Orders", comment="orders v2", extra={16: W.i32(cid)},
            column_metadata=[column_def("status", "UTF8Type", KEYS_INDEX, "orders_status"),
                             column_def("total", "LongType")], **base)),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        # (the rows written before the index are indexed by a build the node runs on its own:
        # a query now would race it; the rows written from now on are indexed with the write)
        v19.insert("o9", cparent("Orders"), column("total", "100", 20)),
        v19.insert("o9", cparent("Orders"), column("status", "shipped", 20)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            [index_expr("status", EQ, "shipped")]), pred(names=["status"])),
        # migration 3 written by hand: no id, then the comparator changed
        v19.system_update_column_family(cf_def(ks, "Orders", comment="orders v3", **base)),
        v19.system_update_column_family(cf_def(ks, "Orders", comparator="AsciiType",
                                               default_validation="BytesType",
                                               extra={16: W.i32(cid)})),
        v19.system_update_column_family(cf_def(ks, "Orderz", comment="typo",
                                               extra={16: W.i32(cid)}, **base)),
        v19.system_update_column_family(cf_def(ks, "Orders", comment="orders v3",
                                               extra={16: W.i32(cid), 14: W.i32(86400)},
                                               **base)),
        v19.describe_keyspace(ks),
        # migration 4: the index dropped again
        v19.system_update_column_family(cf_def(ks, "Orders", comment="orders v4",
                                               extra={16: W.i32(cid)},
                                               column_metadata=[column_def("total", "LongType")],
                                               **base)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            [index_expr("status", EQ, "shipped")]), pred(names=["status"])),
        # the keyspace: replication raised, then an update that carries its column families
        v19.system_update_keyspace(ksd(ks, [], rf=2)),
        v19.describe_keyspace(ks),
        v19.get("o1", cpath("Orders", col="status"), QUORUM),
        v19.system_update_keyspace(ksd(ks, [cf_def(ks, "Orders", **base)], rf=1)),
        v19.system_update_keyspace(ksd("NoSuchShop", [], rf=1)),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.describe_keyspace(ks),
    ]


# --------------------------------------------------------------------------- counters
@scenario("o19m_analytics", "19", "counters", keyspace_reset="Analytics")
def analytics():
    """A web analytics rollup (0.8 on): counters per page per day in a counter CF and per
    referrer in a counter super CF, read back in slices and scans, and the mistakes of a first
    counter app: ANY, a plain insert into a counter CF, a counter into a plain CF."""
    ks = "Analytics"
    if not HAS_COUNTERS:
        return [
            setup(ks, [cf_def(ks, "Hits", comparator="UTF8Type",
                              default_validation="CounterColumnType"),
                       cf_def(ks, "HitsPlain", comparator="UTF8Type",
                              default_validation="LongType")]),
            v19.insert("/", cparent("HitsPlain"), column("2011-05-01", long_(1), 10)),
            v19.get_slice("/", cparent("HitsPlain"), pred(start="", count=10)),
        ]
    return [
        setup(ks, [cf_def(ks, "Hits", comparator="UTF8Type",
                          default_validation="CounterColumnType"),
                   cf_def(ks, "Referrers", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="CounterColumnType"),
                   cf_def(ks, "Pages", comparator="UTF8Type")]),
        v19.batch_mutate({
            "/home": {"Hits": [mutation(cosc(counter_column=counter_column("2011-05-01", 3))),
                               mutation(cosc(counter_column=counter_column("2011-05-02", 1)))],
                      "Referrers": [mutation(cosc(counter_super_column=W.struct({
                          1: b("2011-05-01"), 2: W.list_("struct", [
                              counter_column("google.com", 2),
                              counter_column("bing.com", 1)])})))]},
            "/about": {"Hits": [mutation(cosc(counter_column=counter_column("2011-05-01", 1)))]}}),
        v19.add("/home", cparent("Hits"), counter_column("2011-05-01", 4)),
        v19.add("/home", cparent("Referrers", sc="2011-05-01"), counter_column("google.com", 5)),
        v19.get_slice("/home", cparent("Hits"), pred(start="", count=10)),
        v19.get("/home", cpath("Referrers", sc="2011-05-01", col="google.com")),
        v19.get("/home", cpath("Referrers", sc="2011-05-01")),
        v19.get_slice("/home", cparent("Referrers"), pred(start="", count=10)),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("Hits"),
                           pred(names=["2011-05-01"])),
        v19.get_count("/home", cparent("Referrers", sc="2011-05-01"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Hits"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        # mistakes
        v19.add("/home", cparent("Hits"), counter_column("2011-05-01", 1), 6),
        v19.insert("/home", cparent("Hits"), column("2011-05-03", long_(1), 20)),
        v19.add("/home", cparent("Pages"), counter_column("views", 1)),
        v19.add("/home", cparent("Referrers"), counter_column("google.com", 1)),
        v19.add("/home", cparent("Hits", sc="x"), counter_column("views", 1)),
        v19.get("/home", cpath("Hits", col="2011-05-09")),
        # a reset of one day: remove_counter, then counting again
        v19.remove_counter("/home", cpath("Hits", col="2011-05-02")),
        v19.get_slice("/home", cparent("Hits"), pred(start="", count=10)),
        v19.remove_counter("/home", cpath("Referrers", sc="2011-05-01", col="bing.com")),
        v19.get_slice("/home", cparent("Referrers", sc="2011-05-01"), pred(start="", count=10)),
        v19.batch_mutate({"/about": {"Hits": [mutation(deletion_=deletion(
            None, predicate=pred(names=["2011-05-01"])))]}}),
        v19.batch_mutate({"/about": {"Hits": [mutation(deletion_=deletion(30))]}}),
        v19.get_slice("/about", cparent("Hits"), pred(start="", count=10)),
        v19.truncate("Hits"),
        v19.get_slice("/home", cparent("Hits"), pred(start="", count=10)),
    ]


# --------------------------------------------------------------------------- typed schema
TYPES = ["BytesType", "AsciiType", "UTF8Type", "LongType", "IntegerType", "LexicalUUIDType",
         "TimeUUIDType", "UUIDType", "BooleanType", "DateType", "DoubleType", "FloatType",
         "DecimalType", "Int32Type", "CounterColumnType"]


@scenario("o19m_typed", "19", "validation", keyspace_reset="TypedProfiles")
def typed():
    """A profile store typed column by column (an ORM's mapping of Java fields): each field's
    validator from the mapping, some the release did not know; values checked by them, keys by
    a key validator where the release had one."""
    ks = "TypedProfiles"
    steps = [setup(ks, [cf_def(ks, "Profiles", comparator="UTF8Type",
                               default_validation="UTF8Type",
                               key_validation=None if V07 else "LongType")])]
    for t in TYPES:
        steps.append(v19.system_add_column_family(cf_def(
            ks, "p_" + t.replace("Type", "").lower(), comparator="UTF8Type",
            column_metadata=[column_def("f", t)])))
    key = long_(42)
    steps += [
        v19.describe_keyspace(ks),
        v19.insert(key, cparent("Profiles"), column("name", "Ann", 10)),
        v19.insert("42", cparent("Profiles"), column("name", "Ann", 10)),
        v19.get_slice(key, cparent("Profiles"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Profiles"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("k", cparent("p_long"), column("f", int32(7), 11)),
        v19.insert("k", cparent("p_integer"), column("f", b"", 11)),
        v19.insert("k", cparent("p_integer"), column("f", b"\x00\x80", 11)),
        v19.insert("k", cparent("p_uuid"), column("f", b"\x00" * 16, 11)),
        v19.insert("k", cparent("p_uuid"), column("f", b"\x00" * 10, 11)),
        v19.insert("k", cparent("p_timeuuid"), column("f", lexuuid(3), 11)),
        v19.insert("k", cparent("p_lexicaluuid"), column("f", b"\x11" * 17, 11)),
        v19.insert("k", cparent("p_ascii"), column("f", b"\x80", 11)),
        v19.insert("k", cparent("p_utf8"), column("f", b"\xff\xfe", 11)),
        v19.insert("k", cparent("p_boolean"), column("f", b"\x01", 11)),
        v19.insert("k", cparent("p_date"), column("f", long_(1300000000000), 11)),
        v19.insert("k", cparent("p_date"), column("f", int32(1), 11)),
        v19.insert("k", cparent("p_double"), column("f", b"\x00" * 4, 11)),
        v19.insert("k", cparent("p_bytes"), column("f", b"\x00\x01", 11)),
        v19.batch_mutate({"k": {"p_long": [ins("f", long_(7), 12), ins("g", b"abc", 12)],
                                "p_ascii": [ins("f", "plain", 12)]}}),
        v19.get_slice("k", cparent("p_long"), pred(start="", count=10)),
        v19.multiget_slice(["k", "j"], cparent("p_ascii"), pred(names=["f"])),
    ]
    return steps


def jhash(s):
    """java.lang.String.hashCode: the statement id 1.1 gave a prepared query"""
    h = 0
    for ch in s:
        h = (31 * h + ord(ch)) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def prepare(q):
    return raw("prepare_cql_query", {1: W.bin_(q), 2: W.i32(2)})


def execute_prepared(q, values):
    return raw("execute_prepared_cql_query", {1: W.i32(jhash(q)), 2: W.list_(
        "bin", [b(v) for v in values])})


# --------------------------------------------------------------------------- CQL 2 shop
@scenario("o19m_cql2shop", "19", "cql2", keyspace_reset="cqlshop")
def cql2shop():
    """A small shop written against CQL 2 (0.8 on) through execute_cql_query: keyspace and
    column families created in CQL, a secondary index, batches, key ranges, truncate; on 0.7
    the same shop's Thrift calls."""
    ks = "cqlshop"
    TS = 1310000000000000
    if not HAS_CQL:
        return [
            setup(ks, [cf_def(ks, "products", comparator="UTF8Type", default_validation="UTF8Type",
                              column_metadata=[column_def("category", "UTF8Type", KEYS_INDEX)])]),
            v19.batch_mutate({"sku%d" % i: {"products": [ins("category", "toys", 10),
                                                         ins("name", "Toy %d" % i, 10)]}
                              for i in range(3)}),
            v19.get_indexed_slices(cparent("products"), index_clause(
                [index_expr("category", EQ, "toys")], count=2), pred(names=["name"])),
        ]
    steps = [
        cql("CREATE KEYSPACE cqlshop WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE cqlshop;"),
        cql("CREATE COLUMNFAMILY products (KEY varchar PRIMARY KEY, name varchar, price bigint, "
            "category varchar) WITH comparator = varchar AND default_validation = varchar;"),
        cql("CREATE INDEX products_category ON products (category);"),
        cql("CREATE COLUMNFAMILY carts (KEY varchar PRIMARY KEY) WITH comparator = varchar "
            "AND default_validation = bigint;"),
        cql("BEGIN BATCH USING TIMESTAMP %d\n"
            "INSERT INTO products (KEY, name, price, category) VALUES ('sku1', 'Kite', 1200, 'toys')\n"
            "INSERT INTO products (KEY, name, price, category) VALUES ('sku2', 'Yoyo', 300, 'toys')\n"
            "INSERT INTO products (KEY, name, price, category) VALUES ('sku3', 'Mug', 450, 'kitchen')\n"
            "UPDATE carts SET 'sku1' = 2, 'sku3' = 1 WHERE KEY = 'cart-ann'\n"
            "APPLY BATCH;" % TS),
        cql("SELECT name, price FROM products WHERE KEY = 'sku2';"),
        cql("SELECT name, price FROM products WHERE category = 'toys';"),
        cql("SELECT name FROM products WHERE category = 'toys' AND price > 500;"),
        cql("SELECT name FROM products WHERE price > 500;"),
        cql("SELECT * FROM carts WHERE KEY = 'cart-ann';"),
        cql("SELECT COUNT(*) FROM products;"),
        cql("SELECT name FROM products LIMIT 2;"),
        cql("SELECT FIRST 1 * FROM products WHERE KEY IN ('sku1', 'sku3');"),
        # mistakes: a price that is not a number, a missing key, an unknown column family
        cql("INSERT INTO products (KEY, name, price) VALUES ('sku4', 'Hat', 'cheap') "
            "USING TIMESTAMP %d;" % TS),
        cql("INSERT INTO products (name, price) VALUES ('Hat', 10) USING TIMESTAMP %d;" % TS),
        cql("UPDATE product SET name = 'x' WHERE KEY = 'sku1';"),
        cql("SELECT name FROM products WHERE KEY = 'sku1' AND KEY = 'sku2';"),
        cql("USE nosuchshop;"),
        cql("CREATE KEYSPACE cqlshop WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("DELETE FROM carts USING TIMESTAMP %d WHERE KEY = 'cart-ann';" % (TS + 1)),
        cql("SELECT * FROM carts WHERE KEY = 'cart-ann';"),
        cql("TRUNCATE carts;"),
        cql("SELECT COUNT(*) FROM carts;"),
    ]
    if V >= (1, 0):
        steps += [
            cql("ALTER COLUMNFAMILY products ADD stock int;"),
            cql("ALTER COLUMNFAMILY products ALTER price TYPE varint;"),
            cql("UPDATE products USING TIMESTAMP %d SET stock = 5 WHERE KEY = 'sku1';" % (TS + 2)),
            cql("UPDATE products USING TIMESTAMP %d SET stock = 'five' WHERE KEY = 'sku2';"
                % (TS + 2)),
            cql("DROP INDEX products_category;"),
            cql("SELECT name FROM products WHERE category = 'toys';"),
        ]
    if V >= (1, 1):
        q = "UPDATE products USING TIMESTAMP %d SET stock = ? WHERE KEY = ?;" % (TS + 3)
        steps += [
            prepare(q),
            execute_prepared(q, [b"\x00\x00\x00\x09", "sku1"]),
            execute_prepared(q, ["9"]),
            cql("SELECT stock FROM products WHERE KEY = 'sku1';"),
        ]
    steps += [
        v19.describe_keyspace(ks),
        cql("DROP KEYSPACE cqlshop;"),
        cql("SELECT * FROM products WHERE KEY = 'sku1';"),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta
@scenario("o19m_cql3beta", "19", "cql3", keyspace_reset="chirp")
def cql3beta():
    """A 1.1 application trying CQL 3 (beta) through set_cql_version and execute_cql_query: a
    timeline table with a compound primary key, ORDER BY, a compact table, an index, prepared
    statements; 1.0 and earlier answer set_cql_version as a method they lacked."""
    TS = 1320000000000000
    steps = [v19.set_cql_version("3.0.0")]
    if V < (1, 1):
        return steps + [v19.describe_cluster_name()]
    ins_q = ("INSERT INTO timeline (userid, posted_at, author, body) VALUES (?, ?, ?, ?) "
             "USING TIMESTAMP %d;" % TS)
    steps += [
        cql("CREATE KEYSPACE chirp WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE chirp;"),
        cql("CREATE TABLE users (username text PRIMARY KEY, email text, age int);"),
        cql("CREATE TABLE timeline (userid text, posted_at bigint, author text, body text, "
            "PRIMARY KEY (userid, posted_at));"),
        cql("CREATE TABLE followers (userid text, follower text, since bigint, "
            "PRIMARY KEY (userid, follower)) WITH COMPACT STORAGE;"),
        cql("CREATE INDEX ON users (email);"),
        cql("INSERT INTO users (username, email, age) VALUES ('ann', 'ann@x.org', 31) "
            "USING TIMESTAMP %d;" % TS),
        cql("INSERT INTO users (username, email, age) VALUES ('bob', 'bob@x.org', 27) "
            "USING TIMESTAMP %d;" % TS),
        prepare(ins_q),
        execute_prepared(ins_q, ["ann", long_(1), "bob", "hello"]),
        execute_prepared(ins_q, ["ann", long_(2), "cid", "hi ann"]),
        execute_prepared(ins_q, ["ann", long_(3), "bob", "lunch?"]),
        execute_prepared(ins_q, ["ann", b"\x01", "bob", "bad"]),
        cql("INSERT INTO followers (userid, follower, since) VALUES ('ann', 'bob', 5) "
            "USING TIMESTAMP %d;" % TS),
        cql("SELECT * FROM timeline WHERE userid = 'ann' ORDER BY posted_at DESC LIMIT 2;"),
        cql("SELECT body FROM timeline WHERE userid = 'ann' AND posted_at > 1;"),
        cql("SELECT * FROM users WHERE email = 'bob@x.org';"),
        cql("SELECT * FROM users WHERE age > 30;"),
        cql("SELECT username, age FROM users;"),
        cql("SELECT * FROM followers WHERE userid = 'ann';"),
        cql("SELECT COUNT(*) FROM timeline WHERE userid = 'ann';"),
        cql("UPDATE users USING TIMESTAMP %d SET age = 32 WHERE username = 'ann';" % (TS + 1)),
        cql("DELETE body FROM timeline USING TIMESTAMP %d WHERE userid = 'ann' "
            "AND posted_at = 2;" % (TS + 1)),
        cql("SELECT * FROM timeline WHERE userid = 'ann';"),
        # mistakes
        cql("SELECT * FROM timeline WHERE posted_at = 1;"),
        cql("SELECT * FROM timeline ORDER BY posted_at;"),
        cql("INSERT INTO users (email) VALUES ('x@y.z');"),
        cql("UPDATE users SET age = 'old' WHERE username = 'ann';"),
        cql("SELECT * FROM tweets;"),
        v19.describe_keyspace("chirp"),
        v19.set_cql_version("2.0.0"),
        cql("SELECT * FROM users WHERE KEY = 'ann';"),
        v19.set_cql_version("4.0.0"),
        cql("DROP KEYSPACE chirp;"),
    ]
    return steps


# --------------------------------------------------------------------------- sensor readings
@scenario("o19m_sensors", "19", "cql", keyspace_reset="sensors")
def sensors():
    """A sensor-readings service: on 1.1 in CQL 3 (beta) with a compound key, newest first,
    counters, TTL'd readings, batches and partition deletes; on 0.8 and 1.0 the same service in
    CQL 2 with a reading per column; on 0.7 through Thrift."""
    TS = 1330000000000000
    if V07:
        ks = "sensors"
        return [
            setup(ks, [cf_def(ks, "readings", comparator="LongType", default_validation="UTF8Type")]),
            v19.batch_mutate({"s1": {"readings": [ins(long_(t), "%d.5" % t, 10, ttl=86400)
                                                  for t in (1, 2, 3)]}}),
            v19.get_slice("s1", cparent("readings"), pred(start="", reversed=True, count=2)),
        ]
    if V < (1, 1):
        return [
            cql("CREATE KEYSPACE sensors WITH strategy_class = SimpleStrategy "
                "AND strategy_options:replication_factor = 1;"),
            cql("USE sensors;"),
            cql("CREATE COLUMNFAMILY readings (KEY text PRIMARY KEY) WITH comparator = bigint "
                "AND default_validation = text;"),
            cql("CREATE COLUMNFAMILY totals (KEY text PRIMARY KEY) WITH comparator = text "
                "AND default_validation = counter;"),
            cql("INSERT INTO readings (KEY, 1, 2, 3) VALUES ('s1', '20.5', '21.0', '19.5') "
                "USING TIMESTAMP %d AND TTL 86400;" % TS),
            cql("INSERT INTO readings (KEY, 1, 2) VALUES ('s2', '5.0', '6.0') "
                "USING TIMESTAMP %d;" % TS),
            cql("SELECT FIRST 2 REVERSED * FROM readings WHERE KEY = 's1';"),
            cql("SELECT 2..3 FROM readings WHERE KEY = 's1';"),
            cql("SELECT FIRST 1 * FROM readings WHERE KEY IN ('s1', 's2', 's3');"),
            cql("UPDATE totals SET 'count' = 'count' + 3 WHERE KEY = 's1';"),
            cql("UPDATE totals SET 'count' = 'count' + 2 WHERE KEY = 's1';"),
            cql("UPDATE totals SET 'count' = 5 WHERE KEY = 's1';"),
            cql("SELECT * FROM readings WHERE KEY > 's0' LIMIT 10;"),
            cql("SELECT 'x'..'y' FROM readings WHERE KEY = 's1';"),
            cql("DELETE 1 FROM readings USING TIMESTAMP %d WHERE KEY = 's1';" % (TS + 1)),
            cql("SELECT * FROM readings WHERE KEY = 's1';"),
            cql("TRUNCATE readings;"),
            cql("SELECT * FROM readings WHERE KEY = 's2';"),
            cql("DROP COLUMNFAMILY totals;"),
            cql("DROP KEYSPACE sensors;"),
        ]
    return [
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE sensors WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE sensors;"),
        cql("CREATE TABLE readings (sensor text, ts bigint, value double, unit text, "
            "PRIMARY KEY (sensor, ts)) WITH CLUSTERING ORDER BY (ts DESC);"),
        cql("CREATE TABLE totals (sensor text PRIMARY KEY, n counter);"),
        cql("CREATE TABLE latest (sensor text PRIMARY KEY, ts bigint, value double) "
            "WITH COMPACT STORAGE AND comment = 'last value';"),
        v19.describe_keyspace("sensors"),
        cql("BEGIN BATCH USING TIMESTAMP %d\n"
            "INSERT INTO readings (sensor, ts, value, unit) VALUES ('s1', 1, 20.5, 'C')\n"
            "INSERT INTO readings (sensor, ts, value, unit) VALUES ('s1', 2, 21.0, 'C')\n"
            "INSERT INTO readings (sensor, ts, value, unit) VALUES ('s1', 3, 19.5, 'C')\n"
            "INSERT INTO readings (sensor, ts, value) VALUES ('s2', 1, 5.0)\n"
            "INSERT INTO latest (sensor, ts, value) VALUES ('s1', 3, 19.5)\n"
            "APPLY BATCH;" % TS),
        cql("SELECT * FROM readings WHERE sensor = 's1';"),
        cql("SELECT ts, value FROM readings WHERE sensor = 's1' LIMIT 2;"),
        cql("SELECT ts, value FROM readings WHERE sensor = 's1' ORDER BY ts ASC;"),
        cql("SELECT value FROM readings WHERE sensor = 's1' AND ts >= 2;"),
        cql("SELECT * FROM readings WHERE sensor IN ('s1', 's2') AND ts = 1;"),
        cql("SELECT * FROM latest WHERE sensor = 's1';"),
        cql("SELECT * FROM latest;"),
        cql("UPDATE totals SET n = n + 3 WHERE sensor = 's1';"),
        cql("UPDATE totals SET n = n + 2 WHERE sensor = 's1';"),
        cql("INSERT INTO readings (sensor, ts, value) VALUES ('s3', 1, 1.5) USING TTL 3600 "
            "AND TIMESTAMP %d;" % TS),
        cql("SELECT * FROM readings WHERE sensor = 's3';"),
        cql("DELETE FROM readings USING TIMESTAMP %d WHERE sensor = 's2';" % (TS + 1)),
        cql("SELECT * FROM readings WHERE sensor = 's2';"),
        cql("ALTER TABLE readings ADD note text;"),
        cql("UPDATE readings USING TIMESTAMP %d SET note = 'recalibrated' WHERE sensor = 's1' "
            "AND ts = 2;" % (TS + 2)),
        cql("SELECT ts, note FROM readings WHERE sensor = 's1';"),
        # mistakes
        cql("UPDATE totals SET n = 5 WHERE sensor = 's1';"),
        cql("INSERT INTO readings (sensor, value) VALUES ('s1', 2.0);"),
        cql("SELECT * FROM readings WHERE ts = 2;"),
        cql("SELECT * FROM readings WHERE sensor = 's1' ORDER BY value;"),
        cql("INSERT INTO readings (sensor, ts, value) VALUES ('s1', 'noon', 2.0);"),
        cql("TRUNCATE readings;"),
        cql("SELECT COUNT(*) FROM readings;"),
        cql("DROP TABLE latest;"),
        v19.describe_keyspace("sensors"),
        cql("DROP KEYSPACE sensors;"),
    ]


# --------------------------------------------------------------------------- tuned schema
@scenario("o19m_tuning", "19", "schema", keyspace_reset="tuned")
def tuning():
    """An operator's schema script in the release's CQL (CQL 2 from 0.8, CQL 3 beta on 1.1):
    column families created with the tuning options of the day (caches, compaction, compression,
    read repair, gc grace), altered later, read back by describe_keyspace; the typos such
    scripts carried. 0.7: the same settings through system_add_column_family."""
    if V07:
        ks = "tuned"
        return [
            setup(ks, [cf_def(ks, "events", comparator="UTF8Type", comment="hot",
                              extra={9: W.double(1000), 11: W.double(0.5), 12: W.double(0.1),
                                     14: W.i32(3600), 17: W.i32(2), 18: W.i32(16),
                                     21: W.i32(60), 22: W.i32(64), 23: W.double(0.3)})]),
            v19.describe_keyspace(ks),
            v19.system_update_column_family(cf_def(ks, "events", comparator="UTF8Type",
                                                   comment="warm", extra={16: W.i32(1000),
                                                                          9: W.double(0)})),
            v19.describe_keyspace(ks),
        ]
    steps = []
    if V >= (1, 1):
        steps.append(v19.set_cql_version("3.0.0"))
    steps += [
        cql("CREATE KEYSPACE tuned WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE tuned;"),
    ]
    if V >= (1, 1):
        steps += [
            cql("CREATE TABLE events (id text PRIMARY KEY, body text) WITH comment = 'hot' "
                "AND read_repair_chance = 0.1 AND gc_grace_seconds = 3600 "
                "AND min_compaction_threshold = 2 AND max_compaction_threshold = 16 "
                "AND replicate_on_write = true AND caching = 'ALL';"),
            cql("CREATE TABLE archive (id text PRIMARY KEY, body text) WITH "
                "compaction_strategy_class = 'LeveledCompactionStrategy' AND "
                "compaction_strategy_options:sstable_size_in_mb = 10 AND "
                "compression_parameters:sstable_compression = 'SnappyCompressor' AND "
                "compression_parameters:chunk_length_kb = 64;"),
            cql("CREATE TABLE bad1 (id text PRIMARY KEY, body text) WITH caching = 'SOME';"),
            cql("CREATE TABLE bad2 (id text PRIMARY KEY, body text) WITH read_repair = 0.5;"),
            cql("CREATE TABLE bad3 (id text PRIMARY KEY, body text) WITH "
                "compression_parameters:sstable_compression = 'LZ4Compressor';"),
            v19.describe_keyspace("tuned"),
            cql("ALTER TABLE events WITH comment = 'warm' AND gc_grace_seconds = 864000;"),
            cql("ALTER TABLE events ALTER body TYPE blob;"),
            cql("ALTER TABLE events DROP body;"),
            cql("ALTER TABLE nosuch WITH comment = 'x';"),
            cql("CREATE INDEX events_body ON events (body);"),
            cql("DROP INDEX events_body;"),
            cql("DROP INDEX nosuch_idx;"),
            v19.describe_keyspace("tuned"),
            cql("DROP TABLE archive;"),
            cql("DROP TABLE archive;"),
        ]
    else:
        steps += [
            cql("CREATE COLUMNFAMILY events (KEY text PRIMARY KEY, body text) WITH comment = 'hot' "
                "AND read_repair_chance = 0.1 AND gc_grace_seconds = 3600 "
                "AND min_compaction_threshold = 2 AND max_compaction_threshold = 16 "
                "AND replicate_on_write = true AND row_cache_size = 1000 "
                "AND key_cache_size = 0.5;"),
            cql("CREATE COLUMNFAMILY archive (KEY text PRIMARY KEY) WITH "
                "compaction_strategy_class = 'LeveledCompactionStrategy' AND "
                "compaction_strategy_options:sstable_size_in_mb = 10 AND "
                "compression_parameters:sstable_compression = 'SnappyCompressor';"),
            cql("CREATE COLUMNFAMILY bad1 (KEY text PRIMARY KEY) WITH row_cache_size = 'lots';"),
            cql("CREATE COLUMNFAMILY bad2 (KEY text PRIMARY KEY) WITH read_repair = 0.5;"),
            cql("CREATE COLUMNFAMILY bad3 (KEY text PRIMARY KEY) WITH memtable_throughput_in_mb = 64;"),
            v19.describe_keyspace("tuned"),
            cql("ALTER COLUMNFAMILY events ADD tags text;"),
            cql("ALTER COLUMNFAMILY events ALTER body TYPE blob;"),
            cql("ALTER COLUMNFAMILY events DROP tags;"),
            cql("ALTER COLUMNFAMILY nosuch ADD x text;"),
            cql("CREATE INDEX events_body ON events (body);"),
            cql("DROP INDEX events_body;"),
            cql("DROP INDEX nosuch_idx;"),
            v19.describe_keyspace("tuned"),
            cql("DROP COLUMNFAMILY archive;"),
            cql("DROP COLUMNFAMILY archive;"),
        ]
    steps.append(cql("DROP KEYSPACE tuned;"))
    return steps
