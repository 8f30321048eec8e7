"""Ordinary Thrift-era use of 1.0.12 and 1.1.12, as applications written for each sent it.

`RELEASE=1.0.12` or `RELEASE=1.1.12` picks the release the applications were built for: each
scenario sends only what that release's IDL declared, except the `of_later_*` ones, which
model a client built against a later IDL talking to the older node (an upgrade under way).
Each scenario owns its keyspace (dropped before and after); writes carry relative timestamps,
CQL 2 writes `USING TIMESTAMP` with a fixed value so what is read back is the same each run.

Modelled clients: phpcassa 1.0 (ColumnFamily/SystemManager), the Ruby `cassandra` gem
0.12-0.23, Pelops and Kundera (JPA over Thrift), Hector's object mapper, cassandra-dbapi2
(CQL 2, compression NONE; 1.1's prepared statements), schema scripts with compression and
compaction options, MapReduce jobs (`describe_splits`, token ranges), test teardown by
truncate, and `describe_schema_versions` waits after schema changes.

Not replayed by CI: recorded by hand (capture.py) and replayed against the emulation to find
differences; what was fixed is recorded by `rel_*` scenarios in releases.py.
"""
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "shared", "conformance")))

import thriftwire as W  # noqa: E402
from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column,  # noqa: E402
                 counter_column, cosc, mutation, ins, ins_super, deletion, column_def,
                 cf_def, ks_def, index_expr, index_clause, long_, int32, raw, Step, Abs,
                 ONE, QUORUM, ALL, LOCAL_QUORUM, EQ, GT, KEYS_INDEX, timeuuid)

RELEASE = os.environ.get("RELEASE", "1.1.12")
V11 = RELEASE.startswith("1.1")
R = "of10_" if not V11 else "of11_"
NONE = 2  # Compression.NONE


def sc(name, topic, ks):
    return scenario(R + name, "19", topic, keyspace_reset=ks)


def wait_schema():
    """what every client library did after a schema change: ask until one version answers"""
    return v19.describe_schema_versions()


def cql(q):
    """CQL 2 as cassandra-dbapi2 sent it (execute_cql_query, Compression.NONE)"""
    return v19.execute_cql_query(q, NONE)


def comp(*parts, eoc=0):
    """a CompositeType name built by the client: per component <len16><bytes><eoc>"""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        e = eoc if i == len(parts) - 1 else 0
        out += _st.pack(">H", len(p)) + p + bytes([e & 0xff])
    return out


# column family ids as a fresh node gives them (the client read them from describe_keyspace
# and sent them back in its updates, as pycassa's and Hector's alter calls did)
CF_IDS = {r: {"OfSchema.Blobs": 1001, "OfJpa.PERSON": 1000} for r in ("1.0.12", "1.1.12")}


def cfid(name):
    n = CF_IDS.get(RELEASE, {}).get(name)
    return {} if n is None else {16: W.i32(n)}


def caches(keys=None, rows=None):
    """1.0's CfDef cache sizes (keys_cached / rows_cached in schema scripts)"""
    d = {}
    if rows is not None:
        d[9] = W.double(rows)
    if keys is not None:
        d[11] = W.double(keys)
    return d


def _java_hash(s):
    """java.lang.String.hashCode (a guess at the statement id; the recording says)"""
    h = 0
    for ch in s:
        h = (31 * h + ord(ch)) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


# ------------------------------------------------------------------ phpcassa 1.0
@sc("php_users", "crud", "OfPhp")
def php_users():
    """phpcassa 1.0: SystemManager creates a keyspace and a typed CF; ColumnFamily inserts,
    reads, multigets, removes; the mistakes: a missing column, a value its validator refuses,
    a read before set_keyspace, a row that does not exist, a column family misspelt."""
    ks = "OfPhp"
    meta = [column_def("email", "UTF8Type"), column_def("visits", "LongType"),
            column_def("born", "IntegerType")]
    cf = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="BytesType", column_metadata=meta,
                extra=caches(keys=200000, rows=0) if not V11 else {34: b("keys_only")})
    return [
        v19.describe_version(),
        v19.get_slice("jdoe", cparent("Users"), pred(start="", count=10)),
        v19.describe_keyspaces().mask("0"),
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"jdoe": {"Users": [ins("email", "jdoe@example.com", 10),
                                              ins("visits", long_(3), 10),
                                              ins("born", b"\x07\xbc", 10),
                                              ins("nick", "jd", 10)]}}),
        v19.insert("asmith", cparent("Users"), column("email", "a@example.com", 11)),
        v19.insert("asmith", cparent("Users"), column("visits", "three", 11)),
        v19.insert("asmith", cparent("Users"), column("visits", long_(1), 11)),
        v19.get("jdoe", cpath("Users", col="email")),
        v19.get("jdoe", cpath("Users", col="phone")),
        v19.get_slice("jdoe", cparent("Users"), pred(start="", count=100)),
        v19.get_slice("jdoe", cparent("Users"), pred(names=["email", "visits", "phone"])),
        v19.multiget_slice(["jdoe", "asmith", "nobody"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_count("jdoe", cparent("Users"), pred(start="", count=100)),
        v19.multiget_count(["jdoe", "asmith"], cparent("Users"), pred(start="", count=100)),
        v19.get_slice("jdoe", cparent("User"), pred(start="", count=100)),
        v19.remove("jdoe", cpath("Users", col="nick"), 12),
        v19.get_slice("jdoe", cparent("Users"), pred(start="", count=100)),
        v19.remove("asmith", cpath("Users"), 13),
        v19.get_slice("asmith", cparent("Users"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.insert("", cparent("Users"), column("email", "x", 14)),
        v19.get("jdoe", cpath("Users", col="email"), cl=LOCAL_QUORUM),
    ]


# ------------------------------------------------------------------ Ruby gem
@sc("ruby_status", "super", "OfRuby")
def ruby_status():
    """The Ruby cassandra gem (0.12-0.23): a Twitter-clone schema with a Standard CF and a
    Super CF of TimeUUID subcolumns; insert hashes, get with :count, super column reads,
    count_columns, get_range key paging, remove; the mistakes: set_keyspace before the
    keyspace exists, a super CF read without its super column, a bad TimeUUID name."""
    ks = "OfRuby"
    sup = cf_def(ks, "UserRelationships", column_type="Super", comparator="UTF8Type",
                 subcomparator="TimeUUIDType")
    st = cf_def(ks, "Statuses", comparator="UTF8Type")
    t1, t2, t3 = timeuuid(1), timeuuid(2), timeuuid(3)
    return [
        v19.set_keyspace(ks),
        v19.system_add_keyspace(ks_def(ks, [st, sup])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"1": {"Statuses": [ins("user_id", "5", 20), ins("text", "hello", 20)]},
                          "2": {"Statuses": [ins("user_id", "5", 21), ins("text", "again", 21)]}}),
        v19.batch_mutate({"5": {"UserRelationships": [
            ins_super("user_timeline", [(t1, "1"), (t2, "2")], 22)]}}),
        v19.insert("5", cparent("UserRelationships", "user_timeline"), column(t3, "3", 23)),
        v19.get_slice("5", cparent("UserRelationships", "user_timeline"),
                      pred(start="", reversed=True, count=2)),
        v19.get("5", cpath("UserRelationships", "user_timeline")),
        v19.get_slice("5", cparent("UserRelationships"), pred(start="", count=100)),
        v19.get("5", cpath("UserRelationships", col="user_timeline")),
        v19.insert("5", cparent("UserRelationships", "user_timeline"),
                   column(b"not-a-uuid", "x", 24)),
        v19.get_count("5", cparent("UserRelationships", "user_timeline"),
                      pred(start="", count=100)),
        v19.get_count("5", cparent("UserRelationships"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Statuses"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=1)),
        v19.get_range_slices(cparent("Statuses"), pred(start="", count=100),
                             key_range(start_key="1", end_key="", count=2)),
        v19.remove("5", cpath("UserRelationships", "user_timeline", t1), 25),
        v19.get_slice("5", cparent("UserRelationships", "user_timeline"),
                      pred(start="", count=100)),
        v19.remove("5", cpath("UserRelationships", "user_timeline"), 26),
        v19.get_slice("5", cparent("UserRelationships"), pred(start="", count=100)),
        v19.multiget_slice(["1", "2", "3"], cparent("Statuses"), pred(names=["text"])),
    ]


# ------------------------------------------------------------------ counters
@sc("counters", "counter", "OfCount")
def counters():
    """Page-view counters (Pelops/Hector counter API): a counter CF and a counter super CF
    (hits per day per URL); add, read, multiget counts, remove_counter; the mistakes: a plain
    column into a counter CF, an add on a non-counter CF, an add with no super column."""
    ks = "OfCount"
    hits = cf_def(ks, "Hits", comparator="UTF8Type", default_validation="CounterColumnType",
                  extra={24: W.boolean(True)})
    daily = cf_def(ks, "DailyHits", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type", default_validation="CounterColumnType",
                   extra={24: W.boolean(True)})
    plain = cf_def(ks, "Pages", comparator="UTF8Type")
    return [
        v19.system_add_keyspace(ks_def(ks, [hits, daily, plain])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.add("/home", cparent("Hits"), counter_column("views", 1)),
        v19.add("/home", cparent("Hits"), counter_column("views", 4)),
        v19.add("/home", cparent("Hits"), counter_column("clicks", -2)),
        v19.add("/about", cparent("Hits"), counter_column("views", 7), cl=QUORUM),
        v19.get("/home", cpath("Hits", col="views")),
        v19.get_slice("/home", cparent("Hits"), pred(start="", count=10)),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("Hits"),
                           pred(names=["views"])),
        v19.batch_mutate({"/home": {"DailyHits": [mutation(cosc(counter_super_column=W.struct({
            1: b("2012-06-01"), 2: W.list_("struct", [counter_column("views", 10),
                                                      counter_column("clicks", 1)])})))]}}),
        v19.add("/home", cparent("DailyHits", "2012-06-02"), counter_column("views", 3)),
        v19.get("/home", cpath("DailyHits", "2012-06-01")),
        v19.get("/home", cpath("DailyHits", "2012-06-01", "views")),
        v19.get_slice("/home", cparent("DailyHits"), pred(start="", count=10)),
        v19.insert("/home", cparent("Hits"), column("views", long_(1), 30)),
        v19.add("/home", cparent("Pages"), counter_column("views", 1)),
        v19.add("/home", cparent("DailyHits"), counter_column("views", 1)),
        v19.remove_counter("/home", cpath("Hits", col="clicks")),
        v19.get_slice("/home", cparent("Hits"), pred(start="", count=10)),
        v19.get("/home", cpath("Hits", col="clicks")),
        v19.get_count("/home", cparent("DailyHits"), pred(start="", count=10)),
        v19.remove("/about", cpath("Hits", col="views"), 31),
    ]


# ------------------------------------------------------------------ composites
@sc("composite_events", "order", "OfComp")
def composite_events():
    """Events by (day, name) in a CompositeType(LongType, UTF8Type) CF, names built by the
    client; slices over one day with end-of-component bytes, reversed, by names; the mistakes:
    a name that is not a composite, a component of the wrong width."""
    ks = "OfComp"
    cf = cf_def(ks, "Events", comparator="CompositeType(LongType,UTF8Type)",
                key_validation="UTF8Type", default_validation="UTF8Type")
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"dev1": {"Events": [
            ins(comp(long_(20120601), "boot"), "ok", 40),
            ins(comp(long_(20120601), "alarm"), "hot", 40),
            ins(comp(long_(20120602), "boot"), "ok", 40),
            ins(comp(long_(20120603), "halt"), "off", 40)]}}),
        v19.get_slice("dev1", cparent("Events"), pred(start="", count=100)),
        v19.get_slice("dev1", cparent("Events"), pred(
            start=comp(long_(20120601)), finish=comp(long_(20120601), eoc=1), count=100)),
        v19.get_slice("dev1", cparent("Events"), pred(
            start=comp(long_(20120601), eoc=1), finish="", count=100)),
        v19.get_slice("dev1", cparent("Events"), pred(
            start=comp(long_(20120603), eoc=1), finish=comp(long_(20120602)), reversed=True,
            count=100)),
        v19.get_slice("dev1", cparent("Events"), pred(
            start=comp(long_(20120602), eoc=-1), finish=comp(long_(20120602), eoc=1), count=1)),
        v19.get("dev1", cpath("Events", col=comp(long_(20120601), "boot"))),
        v19.get_slice("dev1", cparent("Events"), pred(
            names=[comp(long_(20120602), "boot"), comp(long_(20120609), "boot")])),
        v19.insert("dev1", cparent("Events"), column("alarm", "x", 41)),
        v19.insert("dev1", cparent("Events"), column(comp(int32(5), "boot"), "x", 41)),
        v19.get_slice("dev1", cparent("Events"), pred(start=b"\x00", count=100)),
        v19.remove("dev1", cpath("Events", col=comp(long_(20120601), "alarm")), 42),
        v19.get_count("dev1", cparent("Events"), pred(start="", count=100)),
    ]


# ------------------------------------------------------------------ CQL 2 (dbapi2)
@sc("cql2_dbapi", "cql", "ofcql")
def cql2_dbapi():
    """cassandra-dbapi2 with CQL 2: a schema script (keyspace, column families, an index),
    INSERT/UPDATE/DELETE with USING TIMESTAMP, SELECTs by key, by IN, by index, ranges and
    counts; the mistakes: a table that does not exist, a syntax error, a quoted keyspace,
    a value its validator refuses, a query on a column without an index."""
    return [
        cql("CREATE KEYSPACE ofcql WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1"),
        wait_schema(),
        cql("USE ofcql"),
        cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, full_name varchar, "
            "birth_year int, state varchar) WITH comparator = varchar "
            "AND default_validation = varchar"),
        wait_schema(),
        cql("CREATE INDEX users_state ON users (state)"),
        wait_schema(),
        cql("INSERT INTO users (KEY, full_name, birth_year, state) VALUES "
            "('bsanderson', 'Brandon Sanderson', 1975, 'UT') USING TIMESTAMP 1000"),
        cql("INSERT INTO users (KEY, full_name, birth_year, state) VALUES "
            "('prothfuss', 'Patrick Rothfuss', 1973, 'WI') USING TIMESTAMP 1000"),
        cql("INSERT INTO users (KEY, full_name, birth_year, state) VALUES "
            "('htayler', 'Howard Tayler', 1968, 'UT') USING TIMESTAMP 1000"),
        cql("SELECT * FROM users WHERE KEY = 'bsanderson'"),
        cql("SELECT full_name, state FROM users WHERE KEY IN ('prothfuss', 'htayler', 'nobody')"),
        cql("SELECT full_name FROM users WHERE state = 'UT'"),
        cql("SELECT full_name FROM users WHERE birth_year = 1975"),
        cql("SELECT COUNT(*) FROM users"),
        cql("UPDATE users USING TIMESTAMP 1001 SET state = 'TX' WHERE KEY = 'htayler'"),
        cql("SELECT state FROM users WHERE KEY = 'htayler'"),
        cql("DELETE birth_year FROM users USING TIMESTAMP 1002 WHERE KEY = 'prothfuss'"),
        cql("SELECT * FROM users WHERE KEY = 'prothfuss'"),
        cql("INSERT INTO users (KEY, birth_year) VALUES ('x', 'nineteen') USING TIMESTAMP 1003"),
        cql("SELECT * FROM user WHERE KEY = 'bsanderson'"),
        cql("SELEC * FROM users"),
        cql("SELECT FIRST 2 'a'..'g' FROM users WHERE KEY = 'bsanderson'"),
        cql("SELECT * FROM users LIMIT 2"),
        v19.set_keyspace("ofcql"),
        v19.get_slice("bsanderson", cparent("users"), pred(start="", count=10)),
        cql("TRUNCATE users"),
        cql("SELECT * FROM users"),
        cql("DROP COLUMNFAMILY users"),
        wait_schema(),
        cql("SELECT * FROM users"),
    ]


@sc("cql2_counts", "cql", "ofcqlc")
def cql2_counts():
    """CQL 2 counters and typed comparators as dbapi2 sent them: a counter CF updated by
    `SET c = c + n`, a LongType-compared timeline read by FIRST/REVERSED ranges; the
    mistakes: setting a counter to a value, a counter update with a timestamp."""
    return [
        cql("CREATE KEYSPACE ofcqlc WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1"),
        wait_schema(),
        cql("USE ofcqlc"),
        cql("CREATE COLUMNFAMILY hits (KEY ascii PRIMARY KEY) WITH comparator = ascii "
            "AND default_validation = counter"),
        cql("CREATE COLUMNFAMILY timeline (KEY ascii PRIMARY KEY) WITH comparator = bigint "
            "AND default_validation = text"),
        wait_schema(),
        cql("UPDATE hits SET views = views + 1, clicks = clicks + 2 WHERE KEY = 'home'"),
        cql("UPDATE hits SET views = views + 5 WHERE KEY = 'home'"),
        cql("UPDATE hits SET views = 5 WHERE KEY = 'home'"),
        cql("UPDATE hits USING TIMESTAMP 10 SET views = views + 1 WHERE KEY = 'home'"),
        v19.set_keyspace("ofcqlc"),
        v19.get_slice("home", cparent("hits"), pred(start="", count=10)),
        cql("INSERT INTO timeline (KEY, 100, 200, 300) VALUES ('u1', 'a', 'b', 'c') "
            "USING TIMESTAMP 2000"),
        cql("SELECT FIRST 2 100..300 FROM timeline WHERE KEY = 'u1'"),
        cql("SELECT FIRST 1 REVERSED 300..100 FROM timeline WHERE KEY = 'u1'"),
        cql("SELECT 200 FROM timeline WHERE KEY = 'u1'"),
        cql("SELECT 'abc' FROM timeline WHERE KEY = 'u1'"),
        cql("DELETE 200 FROM timeline USING TIMESTAMP 2001 WHERE KEY = 'u1'"),
        cql("SELECT * FROM timeline WHERE KEY = 'u1'"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP 2002 "
            "INSERT INTO timeline (KEY, 400) VALUES ('u2', 'd') "
            "UPDATE timeline SET 500 = 'e' WHERE KEY = 'u2' "
            "APPLY BATCH"),
        cql("SELECT * FROM timeline WHERE KEY = 'u2'"),
        cql("DROP KEYSPACE ofcqlc"),
        wait_schema(),
    ]


# ------------------------------------------------------------------ schema script
@sc("schema_script", "schema", "OfSchema")
def schema_script():
    """An operations schema script (the Thrift calls of a Hector/pycassa migration): column
    families with compression and compaction options, cache sizes (1.0) or caching (1.1),
    describe_keyspace, updates, drops, a describe_schema_versions wait after each change; the
    mistakes: an existing CF added again, an unknown comparator, an unknown compaction class,
    a comparator changed by an update, a keyspace name with a dash."""
    ks = "OfSchema"
    logs = cf_def(ks, "Logs", comparator="TimeUUIDType", default_validation="UTF8Type",
                  extra={32: W.map_("bin", "bin", [(b("sstable_compression"),
                                                    b("org.apache.cassandra.io.compress.SnappyCompressor")),
                                                   (b("chunk_length_kb"), b("64"))]),
                         17: W.i32(4), 18: W.i32(32)})
    blobs = cf_def(ks, "Blobs", comparator="BytesType",
                   extra={29: b("LeveledCompactionStrategy"),
                          30: W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("10"))]),
                          **(caches(keys=1000, rows=100) if not V11 else {34: b("all")})})
    up = {29: b("SizeTieredCompactionStrategy"),
          **(caches(keys=0.5) if not V11 else {34: b("none")})}
    return [
        v19.system_add_keyspace(ks_def("Of-Schema", [])),
        v19.system_add_keyspace(ks_def(ks, [logs])),
        wait_schema(),
        v19.describe_keyspace(ks),
        v19.set_keyspace(ks),
        v19.system_add_column_family(blobs),
        wait_schema(),
        v19.system_add_column_family(blobs),
        v19.system_add_column_family(cf_def(ks, "Bad", comparator="UTF9Type")),
        v19.system_add_column_family(cf_def(ks, "Bad2", extra={
            29: b("org.example.NoSuchStrategy")})),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "Blobs", comparator="BytesType",
                                               comment="blob store", extra=up)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "Blobs", comparator="BytesType",
                                               comment="blob store",
                                               extra={**up, **cfid("OfSchema.Blobs")})),
        wait_schema(),
        v19.system_update_keyspace(ks_def(ks, [], options={"replication_factor": "2"})),
        wait_schema(),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Logs"),
        wait_schema(),
        v19.system_drop_column_family("Logs"),
        v19.describe_keyspace(ks),
        v19.describe_keyspace("OfSchemaMissing"),
        v19.system_update_column_family(cf_def(ks, "Blobs", comparator="UTF8Type",
                                               extra=cfid("OfSchema.Blobs"))),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]


# ------------------------------------------------------------------ MapReduce
@sc("mapreduce", "range", "OfMr")
def mapreduce():
    """A Hadoop job's ColumnFamilyInputFormat and the job that filled its input: the ring,
    the partitioner, describe_splits of each token range, get_range_slices by token from the
    split's start, paged by key; the mistakes: both a start key and a start token, a
    describe_splits of a CF that does not exist."""
    ks = "OfMr"
    cf = cf_def(ks, "Words", comparator="UTF8Type", default_validation="UTF8Type")
    rows = {"w%02d" % i: {"Words": [ins("count", str(i), 50), ins("word", "word%d" % i, 50)]}
            for i in range(12)}
    full = ("0", "170141183460469231731687303715884105727")
    steps = [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_ring(ks),
        v19.describe_splits("Words", full[0], full[1], 65536),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1000),
                             key_range(start_token=full[0], end_token=full[1], count=5)),
        v19.get_range_slices(cparent("Words"), pred(names=["word"]),
                             key_range(start_token=full[1], end_token=full[0], count=5)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_key="w03", start_token=full[0], count=5)),
        v19.get_range_slices(cparent("Words"), pred(names=["count"]),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Words"), pred(names=["count"]),
                             key_range(start_key="w05", end_key="", count=4)),
        v19.get_range_slices(cparent("Words"), pred(names=["count"]),
                             key_range(start_token="85070591730234615865843651857942052864",
                                       end_token="0", count=100)),
    ]
    if V11:
        steps.append(raw("describe_splits_ex", {1: b("Words"), 2: b(full[0]), 3: b(full[1]),
                                                4: W.i32(65536)}))
    steps.append(v19.describe_cluster_name())
    steps.append(v19.describe_splits("Nope", full[0], full[1], 65536))
    return steps


# ------------------------------------------------------------------ Pelops / Kundera indexes
@sc("kundera_index", "index", "OfJpa")
def kundera_index():
    """Kundera (JPA over Thrift, through Pelops): entities in a CF with KEYS indexes on their
    attributes; JPQL queries become get_indexed_slices (1.0) or get_range_slices with a
    row_filter (1.1); the mistakes: a query with no equality on an indexed column, an index
    added on a column with data, a query on a column without an index."""
    ks = "OfJpa"
    meta = [column_def("name", "UTF8Type"), column_def("city", "UTF8Type", KEYS_INDEX,
                                                         "person_city"),
            column_def("age", "LongType", KEYS_INDEX, "person_age")]
    cf = cf_def(ks, "PERSON", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type", column_metadata=meta)
    rows = {}
    for i, (n, c, a) in enumerate([("ann", "Oslo", 30), ("bob", "Rome", 41),
                                   ("cid", "Oslo", 41), ("dee", "Lima", 25)]):
        rows["p%d" % i] = {"PERSON": [ins("name", n, 60), ins("city", c, 60),
                                      ins("age", long_(a), 60)]}
    steps = [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("city", EQ, "Oslo")]),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("city", EQ, "Oslo"), index_expr("age", GT, long_(35))]),
            pred(names=["name"])),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("age", GT, long_(35))]),
                               pred(names=["name"])),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("name", EQ, "bob")]),
                               pred(names=["name"])),
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("city", EQ, "Oslo")], start_key="p1", count=1), pred(names=["name"])),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "PERSON", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               column_metadata=meta + [column_def(
                                                   "name", "UTF8Type", KEYS_INDEX)],
                                               extra=cfid("OfJpa.PERSON"))),
        v19.system_update_column_family(cf_def(ks, "PERSON", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               column_metadata=[column_def(
                                                   "name", "UTF8Type", KEYS_INDEX,
                                                   "person_name"), meta[1], meta[2]],
                                               extra=cfid("OfJpa.PERSON"))),
        wait_schema(),
        v19.remove("p2", cpath("PERSON", col="city"), 61),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("city", EQ, "Oslo")]),
                               pred(names=["name", "city"])),
    ]
    if V11:
        steps += [
            v19.get_range_slices(cparent("PERSON"), pred(names=["name"]), key_range(
                start_key="", end_key="", count=100,
                row_filter=[index_expr("city", EQ, "Rome")])),
            v19.get_range_slices(cparent("PERSON"), pred(names=["name"]), key_range(
                start_key="", end_key="", count=100,
                row_filter=[index_expr("age", EQ, long_(41)), index_expr("city", EQ, "Oslo")])),
            v19.get_range_slices(cparent("PERSON"), pred(names=["name"]), key_range(
                start_key="", end_key="", count=100,
                row_filter=[index_expr("age", GT, long_(1))])),
        ]
    return steps


# ------------------------------------------------------------------ Hector object mapper
@sc("hector_om", "batch", "OfHom")
def hector_om():
    """Hector's object mapper: entities persisted as one row each (a class column and the
    fields), loaded with multiget, updated by batch_mutate with a deletion of the fields set
    to null, deleted by a row deletion; the mistakes: a deletion by SliceRange, a mutation
    with neither column nor deletion, a batch into an unknown CF."""
    ks = "OfHom"
    cf = cf_def(ks, "Customer", comparator="UTF8Type", key_validation="UTF8Type")
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"c1": {"Customer": [ins("_class", "Customer", 70),
                                              ins("name", "Acme", 70),
                                              ins("phone", "555", 70),
                                              ins("fax", "556", 70)]},
                          "c2": {"Customer": [ins("_class", "Customer", 70),
                                              ins("name", "Bolt", 70)]}}),
        v19.multiget_slice(["c1", "c2", "c3"], cparent("Customer"), pred(start="", count=100)),
        v19.batch_mutate({"c1": {"Customer": [
            ins("name", "Acme Inc", 71),
            mutation(deletion_=deletion(71, predicate=pred(names=["fax", "phone"])))]}}),
        v19.get_slice("c1", cparent("Customer"), pred(start="", count=100)),
        v19.batch_mutate({"c1": {"Customer": [
            mutation(deletion_=deletion(72, predicate=pred(start="a", finish="z")))]}}),
        v19.batch_mutate({"c1": {"Customer": [mutation()]}}),
        v19.batch_mutate({"c1": {"Customers": [ins("name", "x", 73)]}}),
        v19.batch_mutate({"c2": {"Customer": [mutation(deletion_=deletion(74))]}}),
        v19.multiget_slice(["c1", "c2"], cparent("Customer"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Customer"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"c1": {"Customer": [mutation(deletion_=deletion(
            None, predicate=pred(names=["name"])))]}}),
        v19.batch_mutate({"c1": {"Customer": [ins("name", "Acme", 75)]}}, cl=ALL),
    ]


# ------------------------------------------------------------------ sessions with TTL
@sc("sessions_ttl", "ttl", "OfSess")
def sessions_ttl():
    """A web session store: columns written with a TTL (an hour, a day), read back with their
    ttl; the mistakes: a TTL of zero, a negative TTL, a column without a timestamp, an empty
    column name, a key over 64k."""
    ks = "OfSess"
    cf = cf_def(ks, "Sessions", comparator="AsciiType", key_validation="AsciiType",
                default_validation="BytesType", gc_grace=3600)
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.insert("s1", cparent("Sessions"), column("user", "jdoe", 80, ttl=3600)),
        v19.batch_mutate({"s1": {"Sessions": [ins("cart", "3 items", 80, ttl=86400),
                                              ins("csrf", "abc", 80)]}}),
        v19.get_slice("s1", cparent("Sessions"), pred(start="", count=100)),
        v19.get("s1", cpath("Sessions", col="user")),
        v19.insert("s1", cparent("Sessions"), column("user", "jdoe", 81, ttl=0)),
        v19.insert("s1", cparent("Sessions"), column("user", "jdoe", 81, ttl=-5)),
        v19.insert("s1", cparent("Sessions"), column("user", "jdoe", None)),
        v19.insert("s1", cparent("Sessions"), column("", "jdoe", 82)),
        v19.insert("s1", cparent("Sessions"), column("caf\u00e9", "x", 82)),
        v19.insert("s" * 70000, cparent("Sessions"), column("user", "x", 82)),
        v19.get_slice("s1", cparent("Sessions"), pred(names=["user", "csrf"])),
        v19.remove("s1", cpath("Sessions"), 83),
        v19.get_count("s1", cparent("Sessions"), pred(start="", count=100)),
    ]


# ------------------------------------------------------------------ test teardown
@sc("test_teardown", "batch", "OfTest")
def test_teardown():
    """An integration test suite's fixture: load rows, assert, truncate every CF in teardown,
    assert empty; the mistakes: truncating a CF of another keyspace's name, a truncate
    before set_keyspace, describe_keyspaces while the test runs."""
    ks = "OfTest"
    a = cf_def(ks, "Orders", comparator="UTF8Type")
    c = cf_def(ks, "Lines", column_type="Super", comparator="LongType", subcomparator="UTF8Type")
    return [
        v19.truncate("Orders"),
        v19.system_add_keyspace(ks_def(ks, [a, c])),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"o1": {"Orders": [ins("total", "10", 90)],
                                 "Lines": [ins_super(long_(1), [("sku", "A"), ("qty", "1")], 90),
                                           ins_super(long_(2), [("sku", "B")], 90)]}}),
        v19.get_slice("o1", cparent("Lines"), pred(start="", count=100)),
        v19.get_slice("o1", cparent("Lines", long_(1)), pred(start="", count=100)),
        v19.get_slice("o1", cparent("Lines", "1"), pred(start="", count=100)),
        v19.truncate("Orders"),
        v19.truncate("Lines"),
        v19.truncate("Order"),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Lines"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.insert("o2", cparent("Orders"), column("total", "5", 91)),
        v19.get("o2", cpath("Orders", col="total")),
    ]


# ------------------------------------------------------------------ release-specific
if V11:
    @sc("cql2_prepared", "cql", "ofprep")
    def cql2_prepared():
        """cassandra-dbapi2 on 1.1 with prepared statements (prepare_cql_query, then
        execute_prepared_cql_query with the bound values as bytes); the mistakes: too few
        values, an unknown statement id, a marker where a column family name goes."""
        prep = "INSERT INTO items (KEY, title, price) VALUES (?, ?, ?) USING TIMESTAMP 3000"
        return [
            cql("CREATE KEYSPACE ofprep WITH strategy_class = SimpleStrategy "
                "AND strategy_options:replication_factor = 1"),
            wait_schema(),
            cql("USE ofprep"),
            cql("CREATE COLUMNFAMILY items (KEY text PRIMARY KEY, title text, price bigint) "
                "WITH comparator = text"),
            wait_schema(),
            raw("prepare_cql_query", {1: b(prep), 2: W.i32(NONE)}),
            raw("execute_prepared_cql_query", {1: W.i32(_java_hash(prep)), 2: W.list_(
                "bin", [b("i1"), b("Lamp"), b(long_(25))])}),
            raw("execute_prepared_cql_query", {1: W.i32(_java_hash(prep)), 2: W.list_(
                "bin", [b("i2"), b("Desk")])}),
            raw("execute_prepared_cql_query", {1: W.i32(12345), 2: W.list_("bin", [])}),
            raw("prepare_cql_query", {1: b("SELECT title, price FROM items WHERE KEY = ?"),
                                      2: W.i32(NONE)}),
            raw("execute_prepared_cql_query", {
                1: W.i32(_java_hash("SELECT title, price FROM items WHERE KEY = ?")),
                2: W.list_("bin", [b("i1")])}),
            raw("prepare_cql_query", {1: b("SELECT * FROM ? WHERE KEY = 'i1'"), 2: W.i32(NONE)}),
            raw("prepare_cql_query", {1: b("SELECT * FROM nothere WHERE KEY = ?"),
                                      2: W.i32(NONE)}),
            cql("SELECT * FROM items WHERE KEY = 'i1'"),
        ]

    @sc("paged_export", "range", "OfPage")
    def paged_export():
        """A 1.1 export job reading a wide-row CF with get_paged_slice (rows wrap into the
        next at the column count), resuming from the last key and column; the mistakes: a
        super CF, a start column with no start key, a key range by token and key at once."""
        ks = "OfPage"
        cf = cf_def(ks, "Wide", comparator="UTF8Type", default_validation="UTF8Type")
        sup = cf_def(ks, "SupWide", column_type="Super", comparator="UTF8Type")
        rows = {"k%d" % i: {"Wide": [ins("c%02d" % j, "v", 100) for j in range(5)]}
                for i in range(4)}
        return [
            v19.system_add_keyspace(ks_def(ks, [cf, sup])),
            wait_schema(),
            v19.set_keyspace(ks),
            v19.batch_mutate(rows),
            v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=30), ""),
            v19.get_paged_slice("Wide", key_range(start_key="k3", end_key="", count=30), "c02"),
            v19.get_paged_slice("Wide", key_range(start_key="k0", end_key="", count=20), "c04"),
            v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=3), ""),
            v19.get_paged_slice("SupWide", key_range(start_key="", end_key="", count=3), ""),
            v19.get_paged_slice("Wide", key_range(start_key="k0", start_token="0", count=3), ""),
            v19.get_paged_slice("Nope", key_range(start_key="", end_key="", count=3), ""),
        ]

    @sc("cql3_beta", "cql", "ofbeta")
    def cql3_beta():
        """An early adopter trying 1.1's CQL 3 beta through execute_cql_query after
        set_cql_version('3.0.0'): a compound primary key table, inserts, a slice; the
        mistakes: a version the node does not know, CQL 2 syntax in CQL 3 mode."""
        return [
            v19.set_cql_version("3.0.0"),
            cql("CREATE KEYSPACE ofbeta WITH strategy_class = SimpleStrategy "
                "AND strategy_options:replication_factor = 1"),
            wait_schema(),
            cql("USE ofbeta"),
            cql("CREATE TABLE timeline (user_id varchar, posted int, body varchar, "
                "PRIMARY KEY (user_id, posted))"),
            wait_schema(),
            cql("INSERT INTO timeline (user_id, posted, body) VALUES ('u1', 1, 'a') "
                "USING TIMESTAMP 4000"),
            cql("INSERT INTO timeline (user_id, posted, body) VALUES ('u1', 2, 'b') "
                "USING TIMESTAMP 4000"),
            cql("SELECT * FROM timeline WHERE user_id = 'u1' AND posted > 1"),
            cql("SELECT FIRST 1 * FROM timeline"),
            v19.set_cql_version("4.0.0"),
            v19.set_cql_version("2.0.0"),
            cql("SELECT * FROM timeline WHERE KEY = 'u1'"),
        ]
else:
    @sc("oldclient_rf", "schema", "OfOld")
    def oldclient_rf():
        """A 0.7-era application kept on 1.0: its KsDef carries the deprecated
        replication_factor instead of strategy_options, NetworkTopologyStrategy by DC, and it
        reads with the 0.7-style get_indexed_slices and CL.ANY reads."""
        ks = "OfOld"
        cf = cf_def(ks, "Data", comparator="BytesType")
        return [
            v19.system_add_keyspace(W.struct({1: b(ks), 2: b(
                "org.apache.cassandra.locator.SimpleStrategy"), 4: W.i32(1),
                5: W.list_("struct", [cf])})),
            wait_schema(),
            v19.describe_keyspace(ks),
            v19.system_add_keyspace(ks_def("OfOldNts", [], strategy=(
                "org.apache.cassandra.locator.NetworkTopologyStrategy"),
                options={"datacenter1": "1"})),
            v19.system_drop_keyspace("OfOldNts"),
            v19.set_keyspace(ks),
            v19.insert("k", cparent("Data"), column("c", "v", 110), cl=6),
            v19.get("k", cpath("Data", col="c"), cl=6),
            v19.get_slice("k", cparent("Data"), pred(start="", count=10), cl=ALL),
        ]

    @sc("cql2_wide", "cql", "ofwide")
    def cql2_wide():
        """CQL 2 on 1.0 over a CF made by Thrift with a LongType comparator and UTF8 keys:
        column ranges, key ranges, the KEY alias; the mistakes: a string where a long name
        goes, an unknown consistency level."""
        ks = "ofwide"
        cf = cf_def(ks, "series", comparator="LongType", key_validation="UTF8Type",
                    default_validation="UTF8Type")
        return [
            v19.system_add_keyspace(ks_def(ks, [cf])),
            wait_schema(),
            v19.set_keyspace(ks),
            v19.batch_mutate({"s1": {"series": [ins(long_(i), "v%d" % i, 120)
                                                for i in range(1, 6)]},
                              "s2": {"series": [ins(long_(9), "v9", 120)]}}),
            cql("SELECT FIRST 3 1..5 FROM series WHERE KEY = 's1'"),
            cql("SELECT REVERSED 5..2 FROM series WHERE KEY = 's1'"),
            cql("SELECT * FROM series WHERE KEY > 's0' LIMIT 10"),
            cql("SELECT 'a' FROM series WHERE KEY = 's1'"),
            cql("SELECT * FROM series USING CONSISTENCY TWELVE WHERE KEY = 's1'"),
            cql("SELECT COUNT(*) FROM series WHERE KEY = 's1'"),
            cql("UPDATE series USING TIMESTAMP 5000 SET 3 = 'x' WHERE KEY = 's1'"),
            cql("SELECT 3 FROM series WHERE KEY = 's1'"),
        ]


# ------------------------------------------------------------------ later clients
@sc("later_client", "client", "OfLater")
def later_client():
    """A client built against 1.2's IDL (Hector 1.1 / pycassa 1.8) talking to this node:
    CfDef fields it added (caching, dclocal_read_repair_chance, populate_io_cache_on_flush,
    index_interval), describe_token_map, execute_cql3_query, a
    KeyRange row_filter; all as that client sent them at connect and in its schema calls."""
    ks = "OfLater"
    cf = cf_def(ks, "Things", comparator="UTF8Type", extra={
        34: b("KEYS_ONLY"), 37: W.double(0.0), 38: W.boolean(False), 39: W.i32(128),
        12: W.double(0.1)})
    return [
        v19.describe_version(),
        v19.describe_token_map(),
        v19.system_add_keyspace(ks_def(ks, [], durable_writes=True)),
        wait_schema(),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf),
        wait_schema(),
        v19.describe_keyspace(ks),
        v19.insert("t1", cparent("Things"), column("color", "red", 130)),
        v19.get_range_slices(cparent("Things"), pred(start="", count=10), key_range(
            start_key="", end_key="", count=10, row_filter=[index_expr("color", EQ, "red")])),
        v19.execute_cql3_query("SELECT * FROM \"Things\"", ONE, NONE),
        v19.set_cql_version("3.0.0"),
        v19.get_paged_slice("Things", key_range(start_key="", end_key="", count=5), ""),
        v19.atomic_batch_mutate({"t2": {"Things": [ins("color", "blue", 131)]}}),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
    ]
