"""Ordinary Thrift-era application traffic of 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (author j).

Each scenario is what one application of the era sent over Thrift (CQL 3 over Thrift included),
with the mistakes such applications made, in a keyspace of its own (dropped before and after).
RELEASE=<version> picks what the release's IDL and CQL had (default 2.1.22); one scenario per
release (`j_later_client`) is a client built against a later (or, on 2.1/2.2, an earlier)
IDL talking to the release.  Applications modelled: KairosDB 0.9 on Hector, Zipkin's Cassie
span store, OpenNMS Newts, cassandra-jdbc 1.2, a counter rate limiter, a CQL leaderboard, an
audit log with atomic batches and lightweight transactions, a Thrift-to-CQL migration, table
options set through CQL and read back, 2.1's get_multi_slice, a Spring Data repository, a
Thrift object mapper, a session store.

Record with: RELEASE=2.1.22 capture.py --api 19 --port P --framed --peer "Apache Cassandra
2.1.22" --out DIR ordinary19j.py
"""
import os
import struct

from dsl import (ONE, QUORUM, ANY, EQ, GTE, GT, scenario, v19, ks_def, cf_def, column_def,
                 KEYS_INDEX, cparent, cpath, pred, srange, key_range, index_expr, index_clause,
                 ins, mutation, deletion, column, counter_column, long_, int32, timeuuid, b)
import thriftwire as W

REL = tuple(int(x) for x in os.environ.get("RELEASE", "2.1.22").split("."))
V20 = REL >= (2, 0, 0)
V21 = REL >= (2, 1, 0)
LOCAL_ONE, SERIAL, LOCAL_SERIAL = 11, 9, 10
T0 = 1400000000000          # a millisecond time the applications stored (2014-05-13)
US0 = 1400000000000000      # a microsecond write timestamp CQL writes give


def jhash(s):
    """java.lang.String.hashCode (the Thrift prepared statement id of keyspace + query)"""
    h = 0
    for ch in s.encode("utf-16-be").decode("utf-16-be"):
        h = (31 * h + ord(ch)) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def cql(q, cl=ONE):
    return v19.execute_cql3_query(q, cl)


def prep(q):
    return v19.prepare_cql3_query(q)


def execp(ks, q, values, cl=ONE):
    return v19.execute_prepared_cql3_query(jhash(ks + q), values, cl)


def ddl_ks(ks):
    return cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
               "'replication_factor': 1}" % ks)


def comp(*parts, eoc=0):
    """CompositeType name: each component length-prefixed, its end-of-component byte"""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", len(p)) + p + bytes([eoc if i == len(parts) - 1 else 0])
    return out


def dbl(x):
    return struct.pack(">d", x)


def flt(x):
    return struct.pack(">f", x)


def varint(n):
    ln = max(1, (n.bit_length() + 8) // 8)
    return n.to_bytes(ln, "big", signed=True)


def cas(key, cf, expected, updates, serial=SERIAL, commit=QUORUM):
    return v19_raw("cas", {1: b(key), 2: b(cf),
                           3: None if expected is None else W.list_("struct", expected),
                           4: None if updates is None else W.list_("struct", updates),
                           5: W.i32(serial), 6: W.i32(commit)})


def multi_slice(key, cf, slices, reversed=False, count=None, cl=ONE):
    req = W.struct({1: b(key), 2: cparent(cf),
                    3: W.list_("struct", [W.struct({1: b(s), 2: b(f)}) for s, f in slices]),
                    4: W.boolean(reversed), 5: None if count is None else W.i32(count),
                    6: W.i32(cl)})
    return v19_raw("get_multi_slice", {1: req})


def v19_raw(call, fields):
    from dsl import raw
    return raw(call, fields)


def mutation_counter(name, value):
    from dsl import cosc
    return mutation(cosc(counter_column=counter_column(name, value)))


def sys_add_ks(ksd):
    return v19.system_add_keyspace(ksd)


# ---------------------------------------------------------------- KairosDB 0.9 (Hector)
def kairos_key(metric, t, tags):
    return metric.encode() + b"\x00" + long_(t) + b"\x00" + tags.encode()


@scenario("j_kairos_hector", "19", "KairosDB 0.9 on Hector: metric rows, composite index rows",
          keyspace_reset="kairosdb_j")
def j_kairos_hector():
    """KairosDB 0.9's datastore over Hector: a data_points row per metric, 3-hour row time and
    tags, column names the offset in the row, a row_key_index row per metric whose composite
    names (row time, tags) point at them, and the string_index of metric and tag names."""
    ks = "kairosdb_j"
    h3 = 3 * 3600 * 1000
    r1, r2, r3 = (kairos_key("cpu.load", T0, "host=a:"), kairos_key("cpu.load", T0 + h3, "host=a:"),
                  kairos_key("cpu.load", T0, "host=b:"))
    idx = "CompositeType(LongType,UTF8Type)"
    return [
        v19.describe_cluster_name(),
        v19.describe_keyspace(ks),                     # Hector: does the keyspace exist?
        sys_add_ks(ks_def(ks, [
            cf_def(ks, "data_points", comparator="BytesType", key_validation="BytesType",
                   default_validation="BytesType", gc_grace=864000),
            cf_def(ks, "row_key_index", comparator=idx, key_validation="BytesType",
                   default_validation="BytesType"),
            cf_def(ks, "string_index", comparator="UTF8Type", key_validation="BytesType",
                   default_validation="BytesType")])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({
            r1: {"data_points": [ins(int32(i << 1), dbl(0.5 + i), 10) for i in range(0, 6)]},
            r2: {"data_points": [ins(int32(i << 1), dbl(1.5 + i), 11) for i in range(0, 3)]},
            r3: {"data_points": [ins(int32((i * 60) << 1), long_(i * 7), 12) for i in range(4)]},
            "cpu.load": {"row_key_index": [ins(comp(long_(T0), "host=a:"), "", 13),
                                           ins(comp(long_(T0 + h3), "host=a:"), "", 13),
                                           ins(comp(long_(T0), "host=b:"), "", 13)]},
            "metric_names": {"string_index": [ins("cpu.load", "\x00", 14),
                                              ins("mem.used", "\x00", 14)]},
            "tag_names": {"string_index": [ins("host", "\x00", 14)]},
        }),
        v19.get_slice("metric_names", cparent("string_index"), pred(start="", count=1000)),
        # the query: index row by time range, both bounds inclusive of every tag
        v19.get_slice("cpu.load", cparent("row_key_index"),
                      pred(start=comp(long_(T0)), finish=comp(long_(T0 + h3), eoc=1),
                           count=1000)),
        v19.get_slice("cpu.load", cparent("row_key_index"),
                      pred(start=comp(long_(T0 + 1)), finish=comp(long_(T0 + h3), eoc=1),
                           count=1000)),
        v19.multiget_slice([r1, r2, r3], cparent("data_points"),
                           pred(start=int32(0), finish=int32(1000 << 1), count=1000)),
        v19.get_slice(r1, cparent("data_points"), pred(start=int32(2 << 1), finish=int32(4 << 1))),
        # the latest point of a row
        v19.get_slice(r1, cparent("data_points"), pred(start="", reversed=True, count=1)),
        v19.get_count(r1, cparent("data_points"), pred(start="", count=1000)),
        v19.multiget_count([r1, r2, r3], cparent("data_points"), pred(start="", count=1000)),
        # a bound given the wrong way round
        v19.get_slice(r1, cparent("data_points"), pred(start=int32(8), finish=int32(2))),
        # a name that is not a composite
        v19.insert("cpu.load", cparent("row_key_index"), column("host=c:", "", 15)),
        # a composite with a 4-byte long
        v19.insert("cpu.load", cparent("row_key_index"), column(comp(int32(5), "x"), "", 15)),
        # delete the metric
        v19.batch_mutate({
            "cpu.load": {"row_key_index": [mutation(deletion_=deletion(20, predicate=pred(
                names=[comp(long_(T0), "host=a:"), comp(long_(T0), "host=b:")])))]},
            "metric_names": {"string_index": [mutation(deletion_=deletion(20, predicate=pred(
                names=["cpu.load"])))]},
        }),
        v19.remove(r1, cpath("data_points"), 20),
        v19.get_slice("cpu.load", cparent("row_key_index"), pred(start="", count=1000)),
        v19.get_slice("metric_names", cparent("string_index"), pred(start="", count=1000)),
        v19.multiget_slice([r1, r2], cparent("data_points"), pred(start="", count=2)),
        v19.get_range_slices(cparent("string_index"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]


# ---------------------------------------------------------------- Zipkin (Cassie)
@scenario("j_zipkin_cassie", "19", "Zipkin's Cassie span store: TTL'd wide rows, reversed reads",
          keyspace_reset="zipkin_j")
def j_zipkin_cassie():
    """Zipkin's cassandra span store through Cassie: spans written with a 7-day TTL, index rows
    of LongType timestamps per service read newest first, trace rows multigot."""
    ks = "zipkin_j"
    ttl = 7 * 24 * 3600
    svc = [("web", [(T0 * 1000 + i * 1000, long_(100 + i)) for i in range(5)]),
           ("db", [(T0 * 1000 + i * 1500, long_(100 + i)) for i in range(3)])]
    return [
        v19_raw("describe_version", {}),
        sys_add_ks(ks_def(ks, [
            cf_def(ks, "Traces", comparator="BytesType", key_validation="LongType"),
            cf_def(ks, "ServiceNames", comparator="UTF8Type", key_validation="UTF8Type"),
            cf_def(ks, "SpanNames", comparator="UTF8Type", key_validation="UTF8Type"),
            cf_def(ks, "ServiceNameIndex", comparator="LongType", key_validation="UTF8Type"),
            cf_def(ks, "DurationIndex", comparator="LongType", key_validation="LongType")])),
        v19.set_keyspace(ks),
        v19.batch_mutate(dict(
            [(long_(100 + i), {"Traces": [ins("span-%d-a" % i, "thrift-span-%d" % i, 30, ttl),
                                          ins("span-%d-b" % i, "thrift-child-%d" % i, 30, ttl)],
                               "DurationIndex": [ins(long_(T0 * 1000 + i), "", 30, ttl),
                                                 ins(long_(T0 * 1000 + 500 + i * 7), "", 30,
                                                     ttl)]})
             for i in range(5)]
            + [("services", {"ServiceNames": [ins("web", "", 30, ttl), ins("db", "", 30, ttl)]}),
               ("web", {"SpanNames": [ins("GET /", "", 30, ttl), ins("POST /login", "", 30, ttl)],
                        "ServiceNameIndex": [ins(long_(t), tid, 30, ttl) for t, tid in svc[0][1]]}),
               ("db", {"SpanNames": [ins("query", "", 30, ttl)],
                       "ServiceNameIndex": [ins(long_(t), tid, 30, ttl) for t, tid in svc[1][1]]})])),
        v19.get_slice("services", cparent("ServiceNames"), pred(start="", count=100)),
        v19.get_slice("web", cparent("SpanNames"), pred(start="", count=100)),
        # newest trace ids of a service, then the next page from the end time
        v19.get_slice("web", cparent("ServiceNameIndex"), pred(start="", reversed=True, count=3)),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=long_(T0 * 1000 + 2000), finish=long_(0), reversed=True,
                           count=3)),
        v19.multiget_slice([long_(101), long_(103), long_(999)], cparent("Traces"),
                           pred(start="", count=100)),
        v19.get_slice(long_(102), cparent("DurationIndex"), pred(start="", count=1)),
        v19.get_slice(long_(102), cparent("DurationIndex"), pred(start="", reversed=True, count=1)),
        v19.get_count("web", cparent("ServiceNameIndex"), pred(start="", count=10000)),
        # a config without the TTL: 0 sent
        v19.insert(long_(200), cparent("Traces"), column("span-x", "v", 31, 0)),
        v19.insert(long_(200), cparent("Traces"), column("span-x", "v", 31, -1)),
        # an index column named by a 4-byte int
        v19.insert("web", cparent("ServiceNameIndex"), column(int32(5), long_(1), 31, ttl)),
        # a trace id key of 4 bytes
        v19.get_slice(int32(100), cparent("Traces"), pred(start="", count=10)),
        v19.get(long_(100), cpath("Traces", col="span-0-a")),
        v19.get(long_(100), cpath("Traces", col="span-9")),
        v19.get_range_slices(cparent("ServiceNameIndex"), pred(start="", reversed=True, count=2),
                             key_range(start_key="", end_key="", count=10)),
    ]


# ---------------------------------------------------------------- OpenNMS Newts (CQL 3)
NEWTS_INS = ("INSERT INTO samples (context, partition, resource, collected_at, metric_name, value)"
             " VALUES (?, ?, ?, ?, ?, ?) USING TTL %s")


@scenario("j_newts_cql", "19", "OpenNMS Newts: samples with a composite partition key, prepared",
          keyspace_reset="newts_j")
def j_newts_cql():
    """Newts' sample store through CQL 3 over Thrift: a samples table partitioned by (context,
    partition, resource), prepared inserts with a TTL, range reads of a resource's samples."""
    ks = "newts_j"
    q = NEWTS_INS % ("?" if V20 else "31536000")
    n = 7 if V20 else 6
    ttlv = [int32(31536000)] if V20 else []

    def row(i, metric="ifInOctets"):
        return ["G", int32(7), "node1:eth0", long_(T0 + i * 300000), metric,
                long_(1000 + i * 17)] + ttlv
    return [
        ddl_ks(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE samples (context text, partition int, resource text, "
            "collected_at timestamp, metric_name text, value blob, attributes map<text, text>, "
            "PRIMARY KEY((context, partition, resource), collected_at, metric_name))"),
        cql("CREATE TABLE terms (context text, field text, value text, resource text, "
            "PRIMARY KEY((context, field, value), resource))"),
        prep(q),
        [execp(ks, q, row(i)) for i in range(4)],
        execp(ks, q, row(1, "ifOutOctets")),
        cql("UPDATE samples USING TIMESTAMP %d SET attributes = {'units': 'bytes'} WHERE "
            "context = 'G' AND partition = 7 AND resource = 'node1:eth0' AND collected_at = %d "
            "AND metric_name = 'ifInOctets'" % (US0, T0)),
        cql("SELECT collected_at, metric_name, value FROM samples WHERE context = 'G' AND "
            "partition = 7 AND resource = 'node1:eth0' AND collected_at >= %d AND "
            "collected_at < %d" % (T0 + 1, T0 + 900000)),
        cql("SELECT * FROM samples WHERE context = 'G' AND partition = 7 AND "
            "resource = 'node1:eth0' LIMIT 2"),
        cql("SELECT metric_name, attributes, writetime(attributes) FROM samples WHERE "
            "context = 'G' AND partition = 7 AND resource = 'node1:eth0' AND collected_at = %d"
            % T0),
        # the partition forgotten
        cql("SELECT * FROM samples WHERE context = 'G' AND resource = 'node1:eth0'"),
        # a bind missing
        execp(ks, q, row(5)[:-1]),
        # the partition bound as text
        execp(ks, q, ["G", "7", "node1:eth0", long_(T0), "ifInOctets", long_(1)] + ttlv),
        cql("INSERT INTO terms (context, field, value, resource) VALUES "
            "('G', 'ifName', 'eth0', 'node1:eth0') USING TIMESTAMP %d" % US0),
        cql("INSERT INTO terms (context, field, value, resource) VALUES "
            "('G', 'ifName', 'eth0', 'node2:eth0') USING TIMESTAMP %d" % US0),
        cql("SELECT resource, writetime(resource) FROM terms WHERE context = 'G' AND "
            "field = 'ifName' AND value = 'eth0'"),
        cql("SELECT resource FROM terms WHERE context = 'G' AND field = 'ifName' AND "
            "value = 'eth0' AND resource IN ('node2:eth0', 'node9:eth0')"),
        cql("SELECT * FROM terms WHERE context = 'G' AND field = 'ifName' AND value > 'a'"),
        cql("DELETE FROM samples WHERE context = 'G' AND partition = 7 AND "
            "resource = 'node1:eth0'"),
        cql("SELECT count(*) FROM samples WHERE context = 'G' AND partition = 7 AND "
            "resource = 'node1:eth0'"),
    ]


# ---------------------------------------------------------------- cassandra-jdbc 1.2
JDBC_INS = ("INSERT INTO alltypes (id, a, bi, bl, bo, de, db, fl, ine, te, ts, u, tu, vc, vi) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP 1399999999000000")
JDBC_SEL = "SELECT * FROM alltypes WHERE id = ?"


@scenario("j_jdbc_types", "19", "cassandra-jdbc 1.2: every CQL type through prepared statements",
          keyspace_reset="jdbc_j")
def j_jdbc_types():
    """cassandra-jdbc 1.2: set_cql_version, USE, a table of every type, prepared inserts and
    selects read with their metadata, LIMIT and IN, and the mistakes of a JDBC user."""
    ks = "jdbc_j"

    def vals(i):
        return [int32(i), "ascii-%d" % i, long_(-5000000000 * i), bytes([i, 0, 255]),
                b"\x01" if i % 2 else b"\x00", int32(2) + varint(31415 * i), dbl(i / 4),
                flt(i * 1.5), bytes([10, 0, 0, i]), "text \u00e9 %d" % i, long_(T0 + i),
                bytes.fromhex("550e8400e29b41d4a716446655440%03d" % i), timeuuid(i),
                "varchar %d" % i, varint(-(10 ** 20) * i)]
    return [
        v19.set_cql_version("3.0.0"),
        ddl_ks(ks),
        cql("USE " + ks),
        cql("CREATE TABLE alltypes (id int PRIMARY KEY, a ascii, bi bigint, bl blob, bo boolean, "
            "de decimal, db double, fl float, ine inet, te text, ts timestamp, u uuid, "
            "tu timeuuid, vc varchar, vi varint)"),
        prep(JDBC_INS),
        [execp(ks, JDBC_INS, vals(i)) for i in (1, 2, 3)],
        prep(JDBC_SEL),
        execp(ks, JDBC_SEL, [int32(2)]),
        execp(ks, JDBC_SEL, [int32(9)]),
        cql("SELECT * FROM alltypes WHERE id IN (3, 1, 7)"),
        cql("SELECT id, te, bo FROM alltypes LIMIT 2"),
        cql("SELECT count(*) FROM alltypes"),
        cql("UPDATE alltypes USING TIMESTAMP %d SET te = 'changed', bo = true WHERE id = 1" % US0),
        cql("SELECT te, writetime(te), bo FROM alltypes WHERE id = 1"),
        cql("DELETE bl, vi FROM alltypes WHERE id = 2"),
        cql("SELECT bl, vi, a FROM alltypes WHERE id = 2"),
        # mistakes
        cql("SELECT nosuch FROM alltypes WHERE id = 1"),
        cql("INSERT INTO alltypes (id, nosuch) VALUES (4, 'x')"),
        cql("INSERT INTO alltypes (id, te) VALUES ('4', 'x')"),
        cql("INSERT INTO alltypes (id, u) VALUES (4, 'not-a-uuid')"),
        cql("INSERT INTO alltypes (id, bi) VALUES (4, 3.5)"),
        execp(ks, JDBC_SEL, []),
        execp(ks, JDBC_SEL, ["2"]),
        execp(ks, JDBC_INS, vals(4)[:14]),
        v19.execute_prepared_cql3_query(12345, [int32(1)]),
        cql("SELECT * FROM alltypes WHERE te = 'changed'"),
        cql("SELECT * FROM alltypes WHERE id > 1"),
    ]


# ---------------------------------------------------------------- rate limiter (counters)
@scenario("j_rate_limiter", "19", "a rate limiter on counters: Thrift add and CQL counter tables",
          keyspace_reset="ratelimit_j")
def j_rate_limiter():
    """A per-client rate limiter: Thrift counters per minute bucket (add, read back as a counter
    slice, remove_counter), and the same through a CQL counter table, with the mistakes of
    treating counters as values."""
    ks = "ratelimit_j"
    steps = [
        sys_add_ks(ks_def(ks, [
            cf_def(ks, "hits", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType"),
            cf_def(ks, "clients", comparator="UTF8Type", key_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.add("client:42", cparent("hits"), counter_column("10:00", 1)),
        v19.add("client:42", cparent("hits"), counter_column("10:00", 1)),
        v19.add("client:42", cparent("hits"), counter_column("10:01", 5)),
        v19.add("client:42", cparent("hits"), counter_column("10:00", -1)),
        v19.batch_mutate({"client:7": {"hits": [mutation_counter("10:00", 3),
                                                mutation_counter("10:02", 1)]}}),
        v19.get("client:42", cpath("hits", col="10:00")),
        v19.get_slice("client:42", cparent("hits"), pred(start="10:00", finish="10:59")),
        v19.multiget_slice(["client:42", "client:7", "client:0"], cparent("hits"),
                           pred(names=["10:00", "10:02"])),
        v19.get_count("client:42", cparent("hits"), pred(start="", count=100)),
        # mistakes
        v19.insert("client:42", cparent("hits"), column("10:03", long_(1), 40)),
        v19.add("client:42", cparent("clients"), counter_column("10:00", 1)),
        v19.add("client:42", cparent("hits"), counter_column("10:00", 1), cl=ANY),
        v19.add("client:42", cparent("nosuch"), counter_column("10:00", 1)),
        v19.remove_counter("client:42", cpath("hits", col="10:01")),
        v19.get("client:42", cpath("hits", col="10:01")),
        # the CQL table the new code uses
        cql("CREATE TABLE buckets (client text, window timestamp, hits counter, "
            "PRIMARY KEY (client, window))"),
        [cql("UPDATE buckets SET hits = hits + 1 WHERE client = 'c42' AND window = %d" % T0)
         for _ in range(3)],
        cql("UPDATE buckets SET hits = hits + 10 WHERE client = 'c42' AND window = %d"
            % (T0 + 60000)),
        cql("UPDATE buckets SET hits = hits - 2 WHERE client = 'c7' AND window = %d" % T0),
        cql("SELECT * FROM buckets WHERE client = 'c42'"),
        cql("SELECT hits FROM buckets WHERE client IN ('c42', 'c7') AND window = %d" % T0),
        cql("INSERT INTO buckets (client, window, hits) VALUES ('c1', %d, 1)" % T0),
        cql("UPDATE buckets SET hits = 5 WHERE client = 'c42' AND window = %d" % T0),
        cql("UPDATE buckets USING TTL 60 SET hits = hits + 1 WHERE client = 'c42' AND "
            "window = %d" % T0),
        cql("CREATE TABLE bad_buckets (client text PRIMARY KEY, hits counter, note text)"),
        cql("DELETE FROM buckets WHERE client = 'c7' AND window = %d" % T0),
        cql("SELECT * FROM buckets WHERE client = 'c7'"),
    ]
    if V20:
        steps += [
            cql("UPDATE buckets SET hits = hits + 1 WHERE client = 'c42' AND window = %d "
                "IF hits = 3" % T0),
            cas("client:42", "hits", [], [column("10:09", long_(1), 41)]),
        ]
    return steps



# ---------------------------------------------------------------- leaderboard
@scenario("j_leaderboard", "19", "a game leaderboard: clustering DESC, ORDER BY, LIMIT",
          keyspace_reset="board_j")
def j_leaderboard():
    """A leaderboard on CQL 3: scores clustered by score descending, top-N reads, an index on
    players' country, and the query mistakes of its authors."""
    ks = "board_j"
    scores = [("tetris", 900, "ann"), ("tetris", 1200, "bob"), ("tetris", 1200, "al"),
              ("tetris", 300, "cy"), ("pong", 50, "ann"), ("pong", 75, "dee")]
    return [
        ddl_ks(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE scores (game text, score bigint, player text, at timestamp, "
            "PRIMARY KEY (game, score, player)) WITH CLUSTERING ORDER BY (score DESC, player ASC)"),
        cql("CREATE TABLE players (name text PRIMARY KEY, country text, joined timestamp)"),
        cql("CREATE INDEX players_country ON players (country)"),
        [cql("INSERT INTO scores (game, score, player, at) VALUES ('%s', %d, '%s', %d) "
             "USING TIMESTAMP %d" % (g, s, p, T0 + i, US0 + i)) for i, (g, s, p) in
         enumerate(scores)],
        cql("INSERT INTO players (name, country, joined) VALUES ('ann', 'FI', %d)" % T0),
        cql("INSERT INTO players (name, country, joined) VALUES ('bob', 'SE', %d)" % T0),
        cql("INSERT INTO players (name, country) VALUES ('al', 'FI')"),
        cql("SELECT player, score FROM scores WHERE game = 'tetris' LIMIT 3"),
        cql("SELECT player, score FROM scores WHERE game = 'tetris' ORDER BY score ASC"),
        cql("SELECT player, score FROM scores WHERE game = 'tetris' ORDER BY score DESC, "
            "player ASC LIMIT 2"),
        cql("SELECT player, score, writetime(at) FROM scores WHERE game = 'tetris' AND "
            "score >= 900"),
        cql("SELECT * FROM scores WHERE game = 'tetris' AND score = 1200 AND player > 'al'"),
        cql("SELECT name FROM players WHERE country = 'FI'"),
        cql("SELECT game, score FROM scores WHERE game IN ('pong', 'tetris')"),
        # mistakes
        cql("SELECT * FROM scores WHERE game = 'tetris' ORDER BY player"),
        cql("SELECT * FROM scores ORDER BY score DESC LIMIT 10"),
        cql("SELECT * FROM scores WHERE game > 'a'"),
        cql("SELECT * FROM scores WHERE game = 'tetris' AND player = 'bob'"),
        cql("SELECT * FROM scores WHERE game = 'tetris' AND at > %d" % T0),
        cql("SELECT * FROM scores WHERE game = 'tetris' AND at > %d ALLOW FILTERING" % T0),
        cql("SELECT * FROM players WHERE joined = %d" % T0),
        cql("SELECT * FROM scores WHERE game IN ('pong', 'tetris') ORDER BY score DESC"),
        cql("SELECT game, token(game) FROM scores WHERE token(game) > token('pong')"),
        cql("DELETE FROM scores WHERE game = 'tetris' AND score = 300 AND player = 'cy'"),
        cql("SELECT count(*) FROM scores WHERE game = 'tetris'"),
    ]


# ---------------------------------------------------------------- audit log
@scenario("j_audit_log", "19", "an audit log: atomic batches, lightweight transactions",
          keyspace_reset="audit_j")
def j_audit_log():
    """An audit log written with atomic batches (Thrift atomic_batch_mutate and CQL logged
    batches) and, from 2.0, a lock table and a unique-user table kept with lightweight
    transactions (Thrift cas and CQL IF)."""
    ks = "audit_j"
    steps = [
        sys_add_ks(ks_def(ks, [
            cf_def(ks, "events", comparator="TimeUUIDType", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "by_user", comparator="UTF8Type", key_validation="UTF8Type"),
            cf_def(ks, "event_counts", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType")])),
        v19.set_keyspace(ks),
        v19.atomic_batch_mutate({
            "2014-05-13": {"events": [ins(timeuuid(i), "login user%d" % i, 50) for i in range(4)]},
            "user1": {"by_user": [ins("last_login", "2014-05-13", 50)]},
        }),
        v19.atomic_batch_mutate({
            "2014-05-13": {"events": [ins(timeuuid(9), "logout user1", 51)]},
            "user1": {"by_user": [ins("last_logout", "2014-05-13", 51)]},
        }, cl=QUORUM),
        v19.get_slice("2014-05-13", cparent("events"), pred(start="", reversed=True, count=3)),
        v19.get_slice("user1", cparent("by_user"), pred(start="", count=10)),
        # counts in the same atomic batch
        v19.atomic_batch_mutate({
            "2014-05-13": {"events": [ins(timeuuid(10), "x", 52)],
                           "event_counts": [mutation_counter("login", 1)]}}),
        v19.atomic_batch_mutate({"2014-05-13": {"events": [ins(b"\x00" * 8, "x", 52)]}}),
        v19.atomic_batch_mutate({"2014-05-13": {"events": [
            ins(bytes.fromhex("550e8400e29b41d4a716446655440000"), "x", 52)]}}),
        v19.atomic_batch_mutate({}),
        v19.get_count("2014-05-13", cparent("events"), pred(start="", count=100)),
        cql("CREATE TABLE audit (day text, id timeuuid, who text, what text, "
            "PRIMARY KEY (day, id))"),
        cql("BEGIN BATCH USING TIMESTAMP %d "
            "INSERT INTO audit (day, id, who, what) VALUES ('d1', "
            "50554d6e-29bb-11e5-b345-feff819cdc9f, 'ann', 'create') "
            "INSERT INTO audit (day, id, who, what) VALUES ('d1', "
            "50554d6f-29bb-11e5-b345-feff819cdc9f, 'bob', 'delete') "
            "APPLY BATCH" % US0),
        cql("SELECT who, what, writetime(what) FROM audit WHERE day = 'd1'"),
        cql("BEGIN BATCH INSERT INTO audit (day, id, who) VALUES ('d1', now(), 'x') "
            "UPDATE event_counts SET value = value + 1 WHERE key = 'x' AND column1 = 'y' "
            "APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP %d "
            "INSERT INTO audit (day, id, who, what) VALUES ('d2', "
            "50554d70-29bb-11e5-b345-feff819cdc9f, 'cy', 'read') APPLY BATCH" % (US0 + 1)),
        cql("SELECT who FROM audit WHERE day IN ('d1', 'd2')"),
    ]
    if V20:
        steps += [
            cql("CREATE TABLE locks (name text PRIMARY KEY, owner text, since timestamp)"),
            cql("INSERT INTO locks (name, owner, since) VALUES ('job1', 'a', %d) IF NOT EXISTS"
                % T0),
            cql("INSERT INTO locks (name, owner, since) VALUES ('job1', 'b', %d) IF NOT EXISTS"
                % T0),
            cql("UPDATE locks SET owner = 'b' WHERE name = 'job1' IF owner = 'x'"),
            cql("UPDATE locks SET owner = 'b' WHERE name = 'job1' IF owner = 'a'"),
            cql("SELECT owner FROM locks WHERE name = 'job1'", cl=SERIAL),
            cql("DELETE FROM locks WHERE name = 'job1' IF owner = 'b'"),
            cql("UPDATE locks SET owner = 'c' WHERE name = 'job2' IF owner = 'a'"),
            cql("INSERT INTO locks (name, owner) VALUES ('job3', 'a') IF NOT EXISTS USING "
                "TIMESTAMP %d" % US0),
            cql("INSERT INTO audit (day, id, who) VALUES ('d3', now(), 'x') IF NOT EXISTS",
                cl=SERIAL),
            # Thrift cas on the by_user row: the e-mail claimed once, then changed if unchanged
            v19.insert("user2", cparent("by_user"), column("email", "u2@example.com", 53)),
            cas("user2", "by_user", [], [column("email", "other@example.com", 54)]),
            cas("user2", "by_user", [column("email", "old@example.com", None)],
                [column("email", "new@example.com", 55)]),
            cas("user2", "by_user", [column("email", "u2@example.com", None)],
                [column("email", "new@example.com", 55)]),
            cas("user4", "by_user", [], [column("email", "u4@example.com", 55)]),
            cql("SELECT key, column1, value FROM by_user WHERE key IN ('user2', 'user4')"),
            cas("user3", "by_user", [], [column("email", "u3@example.com", 56)],
                commit=SERIAL),
            cas("2014-05-13", "event_counts", [], [column("login", long_(1), 57)]),
            cas("user3", "by_user", [], [column("email", "u3@example.com", 58)],
                serial=LOCAL_SERIAL, commit=ONE),
            cql("SELECT value FROM by_user WHERE key = 'user3'"),
            v19.get_count("user3", cparent("by_user"), pred(start="", count=10), cl=SERIAL),
            cas("user5", "by_user", [], [column("email", "u5@example.com", 59)], serial=ONE),
            # no expected list at all (the last call: 2.1 closed the connection)
            cas("user5", "by_user", None, [column("email", "u5@example.com", 59)]),
        ]
    return steps


# ---------------------------------------------------------------- Thrift CF read through CQL
@scenario("j_migrate_to_cql", "19", "an app moving a Thrift column family to CQL 3",
          keyspace_reset="legacy_j")
def j_migrate_to_cql():
    """Column families created and written through Thrift, then read through CQL 3 by the
    application's new code: key aliases renamed, an index dropped, a table truncated."""
    ks = "legacy_j"
    return [
        sys_add_ks(ks_def(ks, [
            cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type", column_metadata=[
                       column_def("email", "UTF8Type", KEYS_INDEX, "users_email"),
                       column_def("age", "Int32Type")]),
            cf_def(ks, "Events", comparator="CompositeType(UTF8Type,LongType)",
                   key_validation="UTF8Type", default_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({
            "alice": {"Users": [ins("email", "alice@example.com", 60), ins("age", int32(31), 60),
                                ins("nick", "al", 60)],
                      "Events": [ins(comp("login", long_(T0)), "web", 60),
                                 ins(comp("login", long_(T0 + 5)), "ios", 60),
                                 ins(comp("logout", long_(T0 + 9)), "web", 60)]},
            "bob": {"Users": [ins("email", "bob@example.com", 61), ins("age", int32(44), 61)]},
        }),
        cql("SELECT * FROM \"Users\""),
        cql("SELECT key, email, age FROM \"Users\" WHERE key = 'alice'"),
        cql("SELECT key FROM \"Users\" WHERE email = 'bob@example.com'"),
        cql("SELECT * FROM \"Events\" WHERE key = 'alice'"),
        cql("SELECT * FROM \"Events\" WHERE key = 'alice' AND column1 = 'login' AND "
            "column2 > %d" % T0),
        cql("SELECT * FROM Users"),
        cql("ALTER TABLE \"Users\" RENAME key TO user_id"),
        cql("ALTER TABLE \"Events\" RENAME key TO user_id AND column1 TO kind AND "
            "column2 TO at"),
        cql("ALTER TABLE \"Events\" RENAME value TO device"),
        cql("SELECT user_id, kind, at, device FROM \"Events\" WHERE user_id = 'alice' AND "
            "kind = 'logout'"),
        cql("SELECT user_id, email FROM \"Users\" WHERE user_id IN ('bob', 'alice')"),
        cql("ALTER TABLE \"Users\" ADD country text"),
        cql("INSERT INTO \"Users\" (user_id, email, age) VALUES ('cy', 'cy@example.com', 22) "
            "USING TIMESTAMP %d" % US0),
        v19.get_slice("cy", cparent("Users"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
        cql("DROP INDEX users_email"),
        cql("SELECT user_id FROM \"Users\" WHERE email = 'bob@example.com'"),
        cql("DROP INDEX users_email"),
        cql("TRUNCATE \"Users\""),
        cql("SELECT * FROM \"Users\""),
        v19.get_range_slices(cparent("Users"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("alice", cparent("Events"), pred(start="", count=10)),
    ]


# ---------------------------------------------------------------- table options
def caching_opt():
    if V21:
        return "{'keys': 'ALL', 'rows_per_partition': '100'}"
    if V20:
        return "'all'"
    return "'keys_only'"


@scenario("j_table_options", "19", "table options set through CQL, read back by describe_keyspace",
          keyspace_reset="opts_j")
def j_table_options():
    """A schema tool creating tables with compaction, compression, caching, TTL and gc grace
    options through CQL 3, checking them through describe_keyspace, then altering them."""
    ks = "opts_j"
    ttl = " AND default_time_to_live = 86400" if V20 else ""
    steps = [
        ddl_ks(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE metrics (name text, t timestamp, v double, PRIMARY KEY (name, t)) "
            "WITH comment = 'raw metrics' AND gc_grace_seconds = 3600 "
            "AND compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 160} "
            "AND compression = {'sstable_compression': 'SnappyCompressor', "
            "'chunk_length_kb': 64} AND caching = %s AND bloom_filter_fp_chance = 0.01 "
            "AND read_repair_chance = 0.2%s" % (caching_opt(), ttl)),
        cql("CREATE TABLE rollups (name text PRIMARY KEY, v double) WITH COMPACT STORAGE AND "
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': 8}"),
        v19.describe_keyspace(ks),
        cql("ALTER TABLE metrics WITH gc_grace_seconds = 0 AND compaction = "
            "{'class': 'SizeTieredCompactionStrategy', 'min_threshold': 6} AND comment = ''"),
        cql("ALTER TABLE rollups WITH compression = {'sstable_compression': ''}"),
        v19.describe_keyspace(ks),
        # mistakes
        cql("ALTER TABLE metrics WITH compaction = {'class': 'FooCompactionStrategy'}"),
        cql("ALTER TABLE metrics WITH gc_grace = 10"),
        cql("ALTER TABLE metrics WITH compaction = {'sstable_size_in_mb': 10}"),
        cql("ALTER TABLE metrics WITH compression = {'sstable_compression': 'NoSuchCompressor'}"),
        cql("ALTER TABLE metrics WITH bloom_filter_fp_chance = 2.0"),
        cql("ALTER TABLE metrics WITH default_time_to_live = -1"),
        cql("CREATE TABLE metrics (name text PRIMARY KEY)"),
        v19.insert("cpu", cparent("rollups"), column("v", dbl(0.5), 70)),
        v19.get("cpu", cpath("rollups", col="v")),
    ]
    if V20:
        steps += [
            cql("ALTER TABLE rollups WITH default_time_to_live = 600"),
            v19.insert("mem", cparent("rollups"), column("v", dbl(1.5), 72)),
            v19.get("mem", cpath("rollups", col="v")),
            v19.insert("mem2", cparent("rollups"), column("v", dbl(1.5), 72, 30)),
            v19.get("mem2", cpath("rollups", col="v")),
            cql("ALTER TABLE metrics WITH speculative_retry = '99percentile'"),
            v19.describe_keyspace(ks),
        ]
    if V21:
        steps += [
            cql("ALTER TABLE metrics WITH caching = {'keys': 'NONE', 'rows_per_partition': 'ALL'}"),
            cql("ALTER TABLE metrics WITH caching = {'keys': 'SOME'}"),
            cql("ALTER TABLE metrics WITH compaction = {'class': 'DateTieredCompactionStrategy', "
                "'base_time_seconds': 3600}"),
            v19.describe_keyspace(ks),
        ]
    # a caching value of no release (the last call: 2.1 closed the connection)
    steps.append(cql("ALTER TABLE metrics WITH caching = 'sometimes'"))
    return steps


# ---------------------------------------------------------------- 2.1 get_multi_slice
def j_multi_slice():
    """An application of 2.1 reading several windows of a LongType time line in one call."""
    ks = "multi_j"
    return [
        sys_add_ks(ks_def(ks, [cf_def(ks, "timeline", comparator="LongType",
                                      key_validation="UTF8Type", default_validation="UTF8Type"),
                               cf_def(ks, "tags", comparator="UTF8Type",
                                      key_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"s1": {"timeline": [ins(long_(i * 10), "e%d" % i, 80) for i in range(20)]},
                          "s2": {"tags": [ins(t, "", 80) for t in "abcdefgh"]}}),
        multi_slice("s1", "timeline", [(long_(0), long_(30)), (long_(100), long_(120))]),
        multi_slice("s1", "timeline", [(long_(0), long_(30)), (long_(100), long_(120))], count=3),
        multi_slice("s1", "timeline", [(long_(120), long_(100)), (long_(30), long_(0))],
                    reversed=True),
        multi_slice("s1", "timeline", [(long_(0), long_(50)), (long_(40), long_(70))]),
        multi_slice("s1", "timeline", [("", long_(20)), (long_(180), "")]),
        multi_slice("s2", "tags", [("a", "b"), ("f", "")], count=100),
        multi_slice("s2", "tags", [("f", ""), ("a", "b")]),
        multi_slice("s3", "tags", [("a", "z")]),
        multi_slice("s1", "timeline", [(long_(100), long_(0))]),
        multi_slice("s1", "timeline", []),
        multi_slice("", "tags", [("a", "b")]),
        multi_slice("s1", "nosuch", [("a", "b")]),
        multi_slice("s1", "timeline", [(int32(1), int32(5))]),
    ]


if V21:
    scenario("j_multi_slice", "19", "2.1's get_multi_slice over a time line",
             keyspace_reset="multi_j")(j_multi_slice)


# ---------------------------------------------------------------- Spring Data Cassandra 1.0
@scenario("j_spring_repo", "19", "Spring Data Cassandra 1.0 repository calls",
          keyspace_reset="spring_j")
def j_spring_repo():
    """A Spring Data repository of Person entities: save, findOne, findAll, count, exists,
    delete, a derived finder on an indexed column, and the finder written on a column without
    an index."""
    ks = "spring_j"
    ids = ["5b6962dd-3f90-4c93-8f61-eabfa4a803e%d" % i for i in range(4)]
    return [
        ddl_ks(ks),
        cql("USE " + ks),
        cql("CREATE TABLE person (id uuid PRIMARY KEY, firstname text, lastname text, age int, "
            "tags set<text>)"),
        cql("CREATE INDEX ON person (lastname)"),
        [cql("INSERT INTO person (id, firstname, lastname, age, tags) VALUES (%s, '%s', '%s', %d, "
             "{'a', 't%d'}) USING TIMESTAMP %d" % (ids[i], f, l, a, i, US0))
         for i, (f, l, a) in enumerate([("Ann", "Lee", 31), ("Bo", "Lee", 40), ("Cy", "Ng", 22)])],
        cql("SELECT * FROM person WHERE id = %s" % ids[1]),
        cql("SELECT * FROM person"),
        cql("SELECT count(*) FROM person"),
        cql("SELECT id FROM person WHERE id = %s" % ids[3]),
        cql("SELECT firstname, age FROM person WHERE lastname = 'Lee'"),
        cql("UPDATE person SET tags = tags + {'vip'}, age = 32 WHERE id = %s" % ids[0]),
        cql("UPDATE person SET tags = tags - {'a'} WHERE id = %s" % ids[0]),
        cql("SELECT tags, age FROM person WHERE id = %s" % ids[0]),
        cql("DELETE FROM person WHERE id = %s" % ids[2]),
        cql("SELECT count(*) FROM person LIMIT 10"),
        # mistakes
        cql("INSERT INTO person (firstname, lastname) VALUES ('No', 'Id')"),
        cql("SELECT * FROM person WHERE id = 'not-a-uuid'"),
        cql("SELECT * FROM person WHERE firstname = 'Ann'"),
        cql("SELECT * FROM person WHERE firstname = 'Ann' ALLOW FILTERING"),
        cql("SELECT * FROM person WHERE lastname = 'Lee' AND age > 35"),
        cql("SELECT * FROM person WHERE lastname = 'Lee' AND age > 35 ALLOW FILTERING"),
        cql("UPDATE person SET id = %s WHERE id = %s" % (ids[3], ids[0])),
        cql("SELECT * FROM Person WHERE id = %s" % ids[0]),
        cql("SELECT * FROM persons"),
    ]


# ---------------------------------------------------------------- Thrift object mapper
@scenario("j_object_mapper", "19", "an object mapper on Thrift: entities, indexed finders, paging",
          keyspace_reset="mapper_j")
def j_object_mapper():
    """Easy-Cassandra/Achilles-style entity mapping over Thrift: one row per entity keyed by a
    long id, a column per field, KEYS indexes for finders, range paging for findAll."""
    ks = "mapper_j"
    users = [(i, "user%d" % i, 20 + i * 3, "FI" if i % 2 else "SE") for i in range(1, 7)]
    return [
        v19.describe_keyspaces(),
        sys_add_ks(ks_def(ks, [cf_def(ks, "User", comparator="UTF8Type", key_validation="LongType",
                                      default_validation="BytesType", column_metadata=[
                                          column_def("name", "UTF8Type", KEYS_INDEX, "user_name"),
                                          column_def("age", "LongType"),
                                          column_def("country", "UTF8Type", KEYS_INDEX,
                                                     "user_country")])])),
        v19.set_keyspace(ks),
        v19.batch_mutate({long_(i): {"User": [ins("name", n, 90), ins("age", long_(a), 90),
                                              ins("country", c, 90)]}
                          for i, n, a, c in users}),
        v19.get_slice(long_(3), cparent("User"), pred(start="", count=100)),
        v19.multiget_slice([long_(1), long_(2), long_(99)], cparent("User"),
                           pred(names=["name", "age"])),
        v19.get_indexed_slices(cparent("User"), index_clause([index_expr("name", EQ, "user4")]),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("User"), index_clause(
            [index_expr("country", EQ, "FI"), index_expr("age", GTE, long_(25))]),
            pred(start="", count=100)),
        v19.get_indexed_slices(cparent("User"), index_clause([index_expr("country", EQ, "SE")],
                                                             count=2),
                               pred(names=["name"])),
        v19.get_range_slices(cparent("User"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("User"), pred(names=["name"]),
                             key_range(start_token="-9223372036854775808",
                                       end_token="-9223372036854775808", count=4)),
        v19.get_paged_slice("User", key_range(start_key="", end_key="", count=4), "age"),
        # mistakes
        v19.get_indexed_slices(cparent("User"), index_clause([index_expr("age", GT, long_(25))]),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("User"), index_clause([index_expr("nick", EQ, "x")]),
                               pred(start="", count=100)),
        v19.insert(int32(7), cparent("User"), column("name", "user7", 91)),
        v19.insert(long_(7), cparent("User"), column("age", "abc", 91)),
        v19.batch_mutate({long_(8): {"User": [ins("name", "user8", 91), ins("age", int32(8), 91)]}}),
        v19.get_slice(long_(8), cparent("User"), pred(start="", count=100)),
        v19.batch_mutate({long_(2): {"User": [mutation(deletion_=deletion(92))]},
                          long_(4): {"User": [mutation(deletion_=deletion(92, predicate=pred(
                              names=["age", "country"])))]}}),
        v19.get_indexed_slices(cparent("User"), index_clause([index_expr("country", EQ, "SE")]),
                               pred(start="", count=100)),
        v19.get_range_slices(cparent("User"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
    ]


# ---------------------------------------------------------------- session store
@scenario("j_session_store", "19", "a web session store: TTL columns, removes, truncate",
          keyspace_reset="sessions_j")
def j_session_store():
    """A web framework's session store on Thrift: bootstrap describes, sessions as rows of
    TTL'd columns, reads at the application's consistency, logout removes, a nightly truncate."""
    ks = "sessions_j"
    cl = LOCAL_ONE if V20 else ONE
    return [
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        sys_add_ks(ks_def(ks, [cf_def(ks, "sessions", comparator="UTF8Type",
                                      key_validation="UTF8Type", default_validation="UTF8Type",
                                      gc_grace=3600)])),
        v19.describe_ring(ks),
        v19.set_keyspace(ks),
        [v19.insert("sess-%d" % i, cparent("sessions"), column(k, v, 100 + i, 1800), QUORUM)
         for i in range(3) for k, v in (("user", "u%d" % i), ("csrf", "tok%d" % i))],
        v19.get("sess-1", cpath("sessions", col="user"), cl),
        v19.get_slice("sess-2", cparent("sessions"), pred(names=["user", "csrf", "flash"]), cl),
        v19.insert("sess-1", cparent("sessions"), column("flash", "saved!", 110, 60), cl),
        v19.get_slice("sess-1", cparent("sessions"), pred(start="", count=100), cl),
        v19.remove("sess-1", cpath("sessions", col="flash"), 111, cl),
        v19.remove("sess-0", cpath("sessions"), 111, cl),
        v19.get("sess-0", cpath("sessions", col="user"), cl),
        v19.multiget_slice(["sess-0", "sess-1", "sess-2"], cparent("sessions"),
                           pred(names=["user"]), cl),
        v19.get_range_slices(cparent("sessions"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), cl),
        # a stale write from a slow app server
        v19.insert("sess-2", cparent("sessions"), column("user", "stale", 50, 1800)),
        v19.get("sess-2", cpath("sessions", col="user")),
        # mistakes
        v19.insert("sess-9", cparent("sessions"), column("user", "x", 112, 1800), ANY),
        v19.get("sess-9", cpath("sessions", col="user"), ANY),
        v19.get("", cpath("sessions", col="user")),
        v19.get("sess-1", cpath("sessions")),
        v19.insert("sess-9", cparent("sessions"), column("", "x", 112)),
        v19.truncate("sessions"),
        v19.get_range_slices(cparent("sessions"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("nosuch"),
    ]


# ---------------------------------------------------------------- a client of another IDL
@scenario("j_later_client", "19", "a client built against another release's IDL",
          keyspace_reset="later_j")
def j_later_client():
    """1.2.9 and 2.0.17: a client built against a later IDL (2.1's): CfDef fields the release did
    not declare, LOCAL_ONE, cas and get_multi_slice.  2.1.22 and 2.2.19: an application built
    against 1.2's IDL after the upgrade, sending the CfDef fields it knew."""
    ks = "later_j"
    if V21:
        extra = {24: W.boolean(True), 38: W.boolean(False), 41: W.i32(256), 34: b("ALL"),
                 21: W.i32(60), 11: W.double(200000.0)}
    else:
        extra = {40: W.i32(3600), 42: b("99PERCENTILE"), 44: b("ALL"), 45: W.i32(64),
                 46: W.i32(2048), 39: W.i32(0), 34: b("KEYS_ONLY")}
    steps = [
        sys_add_ks(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type", extra=extra)),
        v19.describe_keyspace(ks),
        v19.insert("i1", cparent("items"), column("name", "widget", 120)),
        v19.get("i1", cpath("items", col="name")),
        v19.get("i1", cpath("items", col="name"), LOCAL_ONE),
        v19.get_slice("i1", cparent("items"), pred(start="", count=10), LOCAL_ONE),
        v19.insert("i2", cparent("items"), column("name", "gadget", 121), LOCAL_ONE),
        v19.get_slice("i2", cparent("items"), pred(start="", count=10)),
    ]
    if not V21:
        steps += [
            multi_slice("i1", "items", [("a", "z")]),
            v19.get("i1", cpath("items", col="name")),
            cas("i3", "items", [], [column("name", "thing", 122)]),
            v19.get_count("i3", cparent("items"), pred(start="", count=10)),
            v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type", extra={
                                                       40: W.i32(0), 44: b("NONE"),
                                                       29: b("LeveledCompactionStrategy")})),
            v19.describe_keyspace(ks),
        ]
    else:
        steps += [
            v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type", extra={
                                                       24: W.boolean(False), 41: W.i32(512),
                                                       34: b("KEYS_ONLY")})),
            v19.describe_keyspace(ks),
            v19.execute_cql_query("SELECT * FROM items WHERE KEY = 'i1'"),
            v19.get_slice("i1", cparent("items"), pred(start="", count=10)),
        ]
    return steps
