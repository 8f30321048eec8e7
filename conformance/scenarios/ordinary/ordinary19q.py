"""Ordinary Thrift-era applications of 0.7 to 1.1, each written against the IDL of the release
it runs on (`RELEASE=<version>`, default 1.0.12), none of them modelled by the earlier files:
the YCSB benchmark's Cassandra bindings, Mahout's CassandraDataModel recommender store, a C++
app on libcassandra, a PHP app on Cassandra-PHP-Client-Library, a Rails app on the `cassandra`
gem (get_columns, multi_get, count_columns, get_range with :start/:finish, nested super column
hashes, counters via `add`), a Storm/Rainbird-style hierarchical counter topology, a Titan
0.1-style graph store on raw byte names, a Clojure app on clj-hector, a Django app on
pycassa's ColumnFamilyMap with typed validators, Hector virtual keyspaces (key prefixes),
deletes at every level carrying only a timestamp, an operator's replication and truncate
chores, a Hadoop job (ColumnFamilyInputFormat's splits and token scans, OutputFormat's
mutations, Pig's schema read), a Play app on cassandra-jdbc's CQL 2 wide-row syntax, a DBA's
CQL 2 session and storage options, keyspace strategies, Lucandra's term vectors, schema
evolution, an inbox search on super columns, typed names of every comparator, `add` counters,
pycassa paging, texts in several scripts, CQL 2 literals, retries at one timestamp, type names
as templates spelt them, a key/value service, a KEYS index's life, a monitoring agent's
describe calls, expiring sub-columns, the mistakes of hand-rolled clients, and clients built
against a later IDL.  Each scenario owns
its keyspace (dropped before); the errors are the ones such applications met.  Recorded with
capture.py --api 19."""
import hashlib
import os
import struct

from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column, cosc,
                 super_column, counter_column, counter_super_column, mutation, deletion, ins,
                 index_expr, index_clause, column_def, cf_def, ks_def, raw, long_, int32,
                 timeuuid, lexuuid, EQ, GT, GTE, LT, LTE, KEYS_INDEX, ONE, QUORUM, ALL, ANY,
                 TWO)
import thriftwire as W

REL = os.environ.get("RELEASE", "1.0.12")
V = tuple(int(x) for x in REL.split(".")[:2])
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)
SS = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"


def sc(name, topic, ks, when=True):
    """Register the scenario only when the release had what its application needs."""
    def deco(fn):
        if not when:
            return fn
        return scenario("o19q_" + name, "19", topic, keyspace_reset=ks)(fn)
    return deco


def ksd(name, cfs, rf=1, strategy=SS, options=None):
    """KsDef as the era's client library built it: 0.7's required replication_factor field,
    strategy_options from 0.8"""
    if V07:
        f = {1: b(name), 2: b(strategy), 4: W.i32(rf), 5: W.list_("struct", list(cfs))}
        if options:
            f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
        return W.struct(f)
    return ks_def(name, cfs, strategy=strategy,
                  options=options if options is not None else {"replication_factor": str(rf)})


def setup(ks, cfs, **kw):
    return [v19.system_add_keyspace(ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def cql(q):
    return v19.execute_cql_query(q, 2)


def rp_token(key):
    d = hashlib.md5(key.encode() if isinstance(key, str) else key).digest()
    return str(abs(int.from_bytes(d, "big", signed=True)))


def dele(names=None, ts_=None, sc_=None, slice_=None):
    if slice_ is not None:
        return mutation(deletion_=deletion(ts_, sc=sc_, predicate=pred(slice_range=slice_)))
    return mutation(deletion_=deletion(ts_, sc=sc_, predicate=None if names is None
                                       else pred(names=names)))


def cadd(name, n):
    return mutation(cosc(counter_column=counter_column(name, n)))


def f32(x):
    return struct.pack(">f", x)


# --------------------------------------------------------------------------- YCSB
@sc("ycsb", "benchmark", "usertable")
def ycsb():
    """The YCSB benchmark's CassandraClient7/8/10: the operator's `usertable` keyspace with a
    `data` column family, set_keyspace per thread, insert as one batch_mutate of ten fields,
    read of all fields (a SliceRange of count 1000000) and of named fields, scan as a
    get_range_slices from the start key with the record count, update of one field, delete of
    the row by a ColumnPath naming only the column family, and reads of deleted rows."""
    ks = "usertable"
    keys = ["user%d" % (1000 + 37 * i) for i in range(8)]
    steps = [
        v19.describe_keyspaces(),
        setup(ks, [cf_def(ks, "data")]),
    ]
    for i, k in enumerate(keys):
        steps.append(v19.batch_mutate({k: {"data": [
            ins("field%d" % f, bytes([(i * 7 + f * 13 + j) % 251 for j in range(20)]), 10)
            for f in range(10)]}}))
    steps += [
        v19.get_slice(keys[0], cparent("data"), pred(start="", count=1000000)),
        v19.get_slice(keys[1], cparent("data"), pred(names=["field3", "field0", "field9"])),
        v19.get_slice("user999999", cparent("data"), pred(start="", count=1000000)),
        v19.get_range_slices(cparent("data"), pred(start="", count=1000000),
                             key_range(start_key=keys[2], end_key="", count=4)),
        v19.get_range_slices(cparent("data"), pred(names=["field1"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.batch_mutate({keys[3]: {"data": [ins("field4", "updated", 20)]}}),
        v19.get_slice(keys[3], cparent("data"), pred(names=["field4"])),
        v19.remove(keys[4], cpath("data"), 30),
        v19.get_slice(keys[4], cparent("data"), pred(start="", count=1000000)),
        v19.get_range_slices(cparent("data"), pred(names=["field2"]),
                             key_range(start_key="", end_key="", count=100)),
        # the operator's reset between runs
        v19.truncate("data"),
        v19.get_range_slices(cparent("data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Mahout
@sc("mahout", "slices", "recommender")
def mahout():
    """Mahout 0.5's CassandraDataModel (on Hector): LongType-keyed users and items column
    families holding float preferences, the userIDs/itemIDs rows listing every id, a
    setPreference written as one mutator batch over four column families, preference reads
    (Hector's CountQuery and SliceQuery with Integer.MAX_VALUE counts), a removePreference,
    and refresh()'s scan of all users."""
    ks = "recommender"
    cfs = [cf_def(ks, "users", comparator="LongType"),
           cf_def(ks, "items", comparator="LongType"),
           cf_def(ks, "userIDs", comparator="LongType"),
           cf_def(ks, "itemIDs", comparator="LongType")]
    prefs = [(1, 101, 5.0), (1, 102, 3.0), (1, 103, 2.5), (2, 101, 2.0), (2, 104, 4.0),
             (3, 102, 4.5), (3, 103, 1.0), (3, 104, 3.5), (4, 101, 4.0)]
    MAXI = 2147483647
    steps = [v19.describe_cluster_name(), v19.describe_keyspaces(), setup(ks, cfs)]
    for n, (u, it, v) in enumerate(prefs):
        steps.append(v19.batch_mutate({
            long_(u): {"users": [ins(long_(it), f32(v), 10 + n)]},
            long_(it): {"items": [ins(long_(u), f32(v), 10 + n)]},
            "userIDs": {"userIDs": [ins(long_(u), "", 10 + n)]},
            "itemIDs": {"itemIDs": [ins(long_(it), "", 10 + n)]},
        }))
    steps += [
        v19.get_count("userIDs", cparent("userIDs"), pred(start="", count=MAXI)),
        v19.get_count("itemIDs", cparent("itemIDs"), pred(start="", count=MAXI)),
        v19.get_slice("userIDs", cparent("userIDs"), pred(start="", count=MAXI)),
        v19.get_slice(long_(1), cparent("users"), pred(start="", count=MAXI)),
        v19.get(long_(3), cpath("users", col=long_(104))),
        v19.get(long_(3), cpath("users", col=long_(101))),
        v19.multiget_slice([long_(101), long_(104)], cparent("items"), pred(start="", count=MAXI)),
        v19.get_count(long_(101), cparent("items"), pred(start="", count=MAXI)),
        # removePreference(3, 104)
        v19.batch_mutate({long_(3): {"users": [dele([long_(104)], 50)]},
                          long_(104): {"items": [dele([long_(3)], 50)]}}),
        v19.get_slice(long_(3), cparent("users"), pred(start=long_(102), finish=long_(200),
                                                       count=MAXI)),
        # refresh(): every user row
        v19.get_range_slices(cparent("users"), pred(start="", count=MAXI),
                             key_range(start_key="", end_key="", count=1000)),
        # an item id written as a 4-byte int by a buggy importer
        v19.insert(long_(5), cparent("users"), column(int32(101), f32(1.0), 60)),
        v19.get_slice(long_(5), cparent("users"), pred(start=int32(1), count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- libcassandra
@sc("libcassandra", "raw", "CppApp")
def libcassandra():
    """A C++ service on libcassandra: its Cassandra object's describe calls, createKeyspace and
    createColumnFamily, insertColumn (with and without a TTL), getColumnValue and getColumn
    (NotFoundException), getSuperColumn, getSliceNames, getSliceRange, getRangeSlice,
    getCount, removeColumn, removeSuperColumn, dropColumnFamily and dropKeyspace."""
    ks = "CppApp"
    steps = [
        v19.describe_cluster_name(),
        v19.describe_version(),
        v19.describe_keyspaces(),
        setup(ks, []),
        v19.system_add_column_family(cf_def(ks, "Config", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Hosts", column_type="Super",
                                            comparator="UTF8Type", subcomparator="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.insert("svc1", cparent("Config"), column("port", "8080", 10)),
        v19.insert("svc1", cparent("Config"), column("host", "10.0.0.1", 10)),
        v19.insert("svc1", cparent("Config"), column("lease", "abc", 10, ttl=86400)),
        v19.insert("svc2", cparent("Config"), column("port", "9090", 10)),
        v19.get("svc1", cpath("Config", col="port")),
        v19.get("svc1", cpath("Config", col="lease")),
        v19.get("svc1", cpath("Config", col="missing")),
        v19.get("nosuch", cpath("Config", col="port")),
        v19.get_slice("svc1", cparent("Config"), pred(names=["host", "port", "zzz"])),
        v19.get_slice("svc1", cparent("Config"), pred(start="h", finish="m", count=10)),
        v19.get_range_slices(cparent("Config"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("svc1", cparent("Config"), pred(start="", count=100)),
        v19.insert("rack1", cparent("Hosts", sc="web1"), column("ip", "10.1.0.1", 10)),
        v19.insert("rack1", cparent("Hosts", sc="web1"), column("cpu", "8", 10)),
        v19.insert("rack1", cparent("Hosts", sc="web2"), column("ip", "10.1.0.2", 10)),
        v19.get("rack1", cpath("Hosts", sc="web1")),
        v19.get("rack1", cpath("Hosts", sc="web1", col="ip")),
        v19.get("rack1", cpath("Hosts", sc="web9")),
        v19.get_count("rack1", cparent("Hosts"), pred(start="", count=100)),
        v19.get_count("rack1", cparent("Hosts", sc="web1"), pred(start="", count=100)),
        v19.remove("svc1", cpath("Config", col="host"), 20),
        v19.remove("rack1", cpath("Hosts", sc="web1"), 20),
        v19.get_slice("rack1", cparent("Hosts"), pred(start="", count=100)),
        v19.get_slice("svc1", cparent("Config"), pred(start="", count=100)),
        # insertColumn given a super column name on a standard family
        v19.insert("svc1", cparent("Config", sc="oops"), column("x", "1", 30)),
        # getColumn without a column name on a standard family
        v19.get("svc1", cpath("Config")),
        v19.system_drop_column_family("Config"),
        v19.get("svc2", cpath("Config", col="port")),
        v19.system_drop_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- PHP client library
@sc("phplib", "index", "CassandraExample")
def phplib():
    """A PHP site on Cassandra-PHP-Client-Library: createKeyspace, useKeyspace (set_keyspace
    then describe_keyspace for its schema cache), createStandardColumnFamily with an indexed
    age column, createSuperColumnFamily, insert of arrays, get/getColumns/getColumnRange,
    getMultiple, getWhere with an equality and with a greater-than only, getKeyRange and getAll
    paged by its 100-row buffer (here 2), getColumnCount, remove of columns, truncate."""
    ks = "CassandraExample"
    user = cf_def(ks, "user", comparator="UTF8Type", default_validation="UTF8Type",
                  column_metadata=[column_def("email", "UTF8Type"),
                                   column_def("age", "LongType", KEYS_INDEX)])
    cities = cf_def(ks, "cities", column_type="Super", comparator="UTF8Type",
                    subcomparator="UTF8Type", default_validation="UTF8Type")
    users = [("user.john", "john@x.ee", 23), ("user.jane", "jane@x.ee", 24),
             ("user.chuck", "chuck@x.ee", 34), ("user.sheldon", "sh@x.ee", 23)]
    steps = [
        v19.describe_version(),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(user),
        v19.system_add_column_family(cities),
        v19.describe_keyspace(ks),
    ]
    for i, (k, em, age) in enumerate(users):
        steps.append(v19.batch_mutate({k: {"user": [
            ins("email", em, 10 + i), ins("name", k[5:].title(), 10 + i),
            ins("age", long_(age), 10 + i)]}}))
    steps += [
        v19.batch_mutate({"Estonia": {"cities": [
            mutation(cosc(super_column=super_column("Tallinn", [
                column("population", "411980", 10), column("comment", "Capital", 10)]))),
            mutation(cosc(super_column=super_column("Tartu", [
                column("population", "98589", 10)])))]}}),
        v19.get_slice("user.john", cparent("user"), pred(start="", count=100)),
        v19.get_slice("user.john", cparent("user"), pred(names=["email", "age"])),
        v19.get_slice("user.john", cparent("user"), pred(start="age", finish="email", count=100)),
        v19.multiget_slice(["user.jane", "user.nobody", "user.chuck"], cparent("user"),
                           pred(start="", count=100)),
        v19.get_indexed_slices(cparent("user"), index_clause(
            [index_expr("age", EQ, long_(23))], count=100), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("user"), index_clause(
            [index_expr("age", GT, long_(20))], count=100), pred(start="", count=100)),
        v19.get_range_slices(cparent("user"), pred(start="", count=100),
                             key_range(start_key="user.a", end_key="user.z", count=2)),
        v19.get_range_slices(cparent("user"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_count("user.john", cparent("user"), pred(start="", count=100)),
        v19.get_slice("Estonia", cparent("cities"), pred(names=["Tallinn"])),
        v19.get_slice("Estonia", cparent("cities", sc="Tallinn"), pred(start="", count=100)),
        v19.get("Estonia", cpath("cities", sc="Tartu", col="population")),
        v19.batch_mutate({"user.john": {"user": [dele(["email"], 20)]}}),
        v19.get_slice("user.john", cparent("user"), pred(start="", count=100)),
        # the library's getWhere with a column name the comparator cannot read
        v19.get_indexed_slices(cparent("user"), index_clause(
            [index_expr("age", EQ, "23")], count=100), pred(start="", count=100)),
        v19.truncate("user"),
        v19.get_slice("user.jane", cparent("user"), pred(start="", count=100)),
        v19.truncate("nosuchcf"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Ruby gem (Rails)
@sc("rails", "super", "RailsBlog")
def rails():
    """A Rails blog on the `cassandra` gem: insert of a hash of super columns (a post's
    comments keyed by TimeUUID), get of one super column and of one sub-column,
    get_columns over super column names, multi_get with :count, count_columns and
    multi_count_columns, exists? (a slice of count 1), get with :start/:finish/:reversed,
    get_range with :start_key/:finish_key/:key_count, get_range_keys (a predicate of count
    1), remove of a sub-column, a super column and a whole row, and `add` for view
    counters (0.8 on)."""
    ks = "RailsBlog"
    cfs = [cf_def(ks, "Posts", comparator="UTF8Type"),
           cf_def(ks, "Comments", column_type="Super", comparator="TimeUUIDType",
                  subcomparator="UTF8Type")]
    if V08:
        cfs.append(cf_def(ks, "Views", comparator="UTF8Type",
                          default_validation="CounterColumnType"))
    t = [timeuuid(i) for i in range(6)]
    steps = [v19.describe_keyspaces(), setup(ks, cfs)]
    for i in range(3):
        steps.append(v19.batch_mutate({"post%d" % i: {"Posts": [
            ins("title", "Post %d" % i, 10), ins("body", "text %d" % i, 10),
            ins("author", ["ann", "bob"][i % 2], 10)]}}))
    steps += [
        v19.batch_mutate({"post0": {"Comments": [
            mutation(cosc(super_column=super_column(t[j], [
                column("by", "u%d" % j, 20), column("text", "c%d" % j, 20)])))
            for j in range(5)]}}),
        v19.get("post0", cpath("Comments", sc=t[2])),
        v19.get("post0", cpath("Comments", sc=t[2], col="text")),
        v19.get_slice("post0", cparent("Comments"), pred(names=[t[1], t[3], t[5]])),
        v19.get_slice("post0", cparent("Comments"), pred(start=t[1], finish=t[3], count=100)),
        v19.get_slice("post0", cparent("Comments"), pred(start="", reversed=True, count=2)),
        v19.get_slice("post0", cparent("Comments"), pred(start=t[3], finish=t[1],
                                                         reversed=True, count=100)),
        v19.multiget_slice(["post0", "post1", "post9"], cparent("Posts"),
                           pred(start="", count=2)),
        v19.get_count("post0", cparent("Comments"), pred(start="", count=100)),
        v19.multiget_count(["post0", "post1", "post9"], cparent("Posts"),
                           pred(start="", count=100)),
        v19.get_slice("post9", cparent("Posts"), pred(start="", count=1)),
        v19.get_slice("post1", cparent("Posts"), pred(start="", count=1)),
        v19.get_range_slices(cparent("Posts"), pred(start="", count=100),
                             key_range(start_key="post0", end_key="post2", count=100)),
        v19.get_range_slices(cparent("Posts"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove("post0", cpath("Comments", sc=t[0], col="by"), 30),
        v19.remove("post0", cpath("Comments", sc=t[4]), 30),
        v19.get_slice("post0", cparent("Comments"), pred(start="", count=100)),
        v19.remove("post2", cpath("Posts"), 30),
        v19.get_range_slices(cparent("Posts"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        # a comment keyed by a plain string (the gem's caller forgot SimpleUUID)
        v19.batch_mutate({"post1": {"Comments": [
            mutation(cosc(super_column=super_column("2011-01-01", [column("by", "x", 40)])))]}}),
    ]
    if V08:
        steps += [
            v19.add("post0", cparent("Views"), counter_column("total", 1)),
            v19.add("post0", cparent("Views"), counter_column("total", 4)),
            v19.add("post0", cparent("Views"), counter_column("mobile", 2)),
            v19.get("post0", cpath("Views", col="total")),
            v19.get_slice("post0", cparent("Views"), pred(start="", count=100)),
            v19.multiget_slice(["post0", "post1"], cparent("Views"), pred(names=["total"])),
            # `add` on the Posts family
            v19.add("post0", cparent("Posts"), counter_column("total", 1)),
        ]
    return steps


# --------------------------------------------------------------------------- Storm/Rainbird
@sc("rainbird", "counters", "Rainbird", when=V08)
def rainbird():
    """A Storm topology writing Rainbird-style hierarchical counters: each event increments
    its path's prefixes (com, com.example, com.example/blog) at minute, hour and day
    resolution in one counter batch_mutate (LongType bucket names), then the dashboard's reads:
    the last N buckets reversed, a bucket range, several paths by multiget_slice, a
    multiget_count, a counter super column family of per-host rollups, and the nightly purge
    of an old day's counter by remove_counter."""
    ks = "Rainbird"
    cfs = [cf_def(ks, res, comparator="LongType", default_validation="CounterColumnType",
                  key_validation="UTF8Type")
           for res in ("Minutes", "Hours", "Days")]
    cfs.append(cf_def(ks, "HostRollups", column_type="Super", comparator="UTF8Type",
                      subcomparator="LongType", default_validation="CounterColumnType"))
    steps = setup(ks, cfs)
    events = [("com.example/blog", 5), ("com.example/blog", 61), ("com.example/shop", 62),
              ("com.other", 125), ("com.example/blog", 1441), ("com.example/shop", 1500)]
    for path, minute in events:
        prefixes = ["com", path.split("/")[0], path] if "/" in path else ["com", path]
        muts = {}
        for p in prefixes:
            muts[p] = {"Minutes": [cadd(long_(minute), 1)],
                       "Hours": [cadd(long_(minute // 60), 1)],
                       "Days": [cadd(long_(minute // 1440), 1)]}
        steps.append(v19.batch_mutate(muts))
    steps += [
        v19.batch_mutate({"web1": {"HostRollups": [
            mutation(cosc(counter_super_column=counter_super_column(
                "com.example", [counter_column(long_(0), 3), counter_column(long_(1), 2)])))]},
            "web2": {"HostRollups": [
                mutation(cosc(counter_super_column=counter_super_column(
                    "com.example", [counter_column(long_(0), 1)])))]}}),
        v19.get_slice("com", cparent("Minutes"), pred(start="", reversed=True, count=3)),
        v19.get_slice("com.example", cparent("Hours"), pred(start=long_(0), finish=long_(1),
                                                            count=100)),
        v19.multiget_slice(["com", "com.example", "com.example/blog", "com.nothing"],
                           cparent("Days"), pred(start="", count=100)),
        v19.multiget_count(["com", "com.example/shop"], cparent("Minutes"),
                           pred(start="", count=100)),
        v19.get("com.other", cpath("Hours", col=long_(2))),
        v19.get_slice("web1", cparent("HostRollups"), pred(start="", count=100)),
        v19.get_slice("web1", cparent("HostRollups", sc="com.example"),
                      pred(start="", count=100)),
        v19.get("web2", cpath("HostRollups", sc="com.example", col=long_(0))),
        v19.get_range_slices(cparent("Days"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove_counter("com", cpath("Days", col=long_(0))),
        v19.get_slice("com", cparent("Days"), pred(start="", count=100)),
        # a bucket name of the wrong width
        v19.add("com", cparent("Minutes"), counter_column("5", 1)),
        # an increment by a normal column mutation
        v19.batch_mutate({"com": {"Minutes": [ins(long_(9), long_(1), 10)]}}),
        v19.get_slice("com", cparent("Minutes"), pred(start=long_(9), finish=long_(9))),
    ]
    return steps


# --------------------------------------------------------------------------- Titan 0.1 graph store
@sc("graph", "bytes", "titan")
def graph():
    """A Titan 0.1-style graph store on raw Thrift: a describe_keyspace of the missing keyspace
    (NotFoundException) before creating it, BytesType stores, the partitioner check, id block
    claims written at QUORUM and read back, the claim deleted by name, edges as byte-encoded
    names sliced by byte ranges, a vertex's adjacency by multiget_slice, key iteration by
    get_range_slices paging on the last key, and a vertex removal by row tombstone."""
    ks = "titan"
    cfs = [cf_def(ks, n) for n in ("edgestore", "propertyindex", "titan_ids")]
    vid = [struct.pack(">q", 4 * (i + 1)) for i in range(5)]
    steps = [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, cfs)),
        v19.describe_partitioner(),
        v19.set_keyspace(ks),
        v19.insert(struct.pack(">i", 1), cparent("titan_ids"),
                   column(struct.pack(">qB", 1000, 7), b"", 10), QUORUM),
        v19.get_slice(struct.pack(">i", 1), cparent("titan_ids"),
                      pred(start=b"", count=5), QUORUM),
        v19.batch_mutate({struct.pack(">i", 1): {"titan_ids": [
            dele([struct.pack(">qB", 1000, 7)], 11)]}}, QUORUM),
    ]
    edges = {}
    for i, v in enumerate(vid):
        muts = [ins(b"\x00\x01" + struct.pack(">q", 100 + i), b"name%d" % i, 20)]
        for j in range(i):
            muts.append(ins(b"\x02\x05" + vid[j], b"\x01", 20))
        edges[v] = {"edgestore": muts}
    steps += [
        v19.batch_mutate(edges, QUORUM),
        v19.batch_mutate({b"name3": {"propertyindex": [ins(vid[3], b"", 20)]}}),
        v19.get_slice(vid[4], cparent("edgestore"), pred(start=b"\x02", finish=b"\x02\xff",
                                                         count=100)),
        v19.get_slice(vid[4], cparent("edgestore"), pred(start=b"\x00", finish=b"\x01",
                                                         count=100)),
        v19.multiget_slice(vid[:3], cparent("edgestore"),
                           pred(start=b"\x02\x05", finish=b"\x02\x06", count=100)),
        v19.get_slice(b"name3", cparent("propertyindex"), pred(start=b"", count=10)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", count=1),
                             key_range(start_key=b"", end_key=b"", count=3)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", count=1),
                             key_range(start_key=vid[2], end_key=b"", count=3)),
        v19.batch_mutate({vid[3]: {"edgestore": [dele(None, 30)]},
                          vid[4]: {"edgestore": [dele([b"\x02\x05" + vid[3]], 30)]}}),
        v19.get_slice(vid[4], cparent("edgestore"), pred(start=b"\x02", finish=b"\x02\xff",
                                                         count=100)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", count=1),
                             key_range(start_key=b"", end_key=b"", count=10)),
        # an empty row key from an uninitialised vertex id
        v19.get_slice(b"", cparent("edgestore"), pred(start=b"", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- Clojure clj-hector
@sc("clj", "ttl", "CljApp")
def clj():
    """A Clojure service on clj-hector: ddl/add-keyspace with its column families (a super
    one, a LongType one), put with :ttl, get-rows, get-columns with :n-serializer, a
    count-columns with :start/:end (CountQuery's Integer.MAX_VALUE count), delete-columns,
    get-super-rows and the keyspace's drop."""
    ks = "CljApp"
    cfs = [cf_def(ks, "a", comparator="UTF8Type"),
           cf_def(ks, "b", comparator="LongType"),
           cf_def(ks, "c", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type")]
    steps = [
        v19.system_add_keyspace(ksd(ks, cfs)),
        v19.describe_keyspaces(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"row1": {"a": [ins("k", "v", 10, ttl=3600), ins("k2", "v2", 10)]}}),
        v19.batch_mutate({"row1": {"b": [ins(long_(n), "n%d" % n, 10) for n in (1, 5, 9, 20)]}}),
        v19.batch_mutate({"row1": {"c": [mutation(cosc(super_column=super_column(
            "sc1", [column("x", "1", 10), column("y", "2", 10)])))]}}),
        v19.multiget_slice(["row1", "row2"], cparent("a"), pred(start="", count=100)),
        v19.get_slice("row1", cparent("a"), pred(names=["k", "nope"])),
        v19.get_count("row1", cparent("b"), pred(start=long_(2), finish=long_(10),
                                                 count=2147483647)),
        v19.get_slice("row1", cparent("b"), pred(start=long_(2), finish=long_(10), count=100)),
        v19.multiget_slice(["row1"], cparent("c"), pred(start="", count=100)),
        v19.multiget_slice(["row1"], cparent("c", sc="sc1"), pred(names=["y"])),
        v19.batch_mutate({"row1": {"a": [dele(["k"], 20)], "b": [dele([long_(5)], 20)]}}),
        v19.get_slice("row1", cparent("a"), pred(start="", count=100)),
        v19.get_count("row1", cparent("b"), pred(start="", count=2147483647)),
        # a TTL of zero and a negative one
        v19.insert("row2", cparent("a"), column("z", "0", 30, ttl=0)),
        v19.insert("row2", cparent("a"), column("z", "0", 30, ttl=-5)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Django ColumnFamilyMap
@sc("djangomap", "validators", "DjangoMap")
def djangomap():
    """A Django app on pycassa's ColumnFamilyMap: a model of typed attributes (DateType and
    UUIDType from 0.8; 0.7's LongType and LexicalUUIDType) created with create_column_family's
    column validators and an index on the date, objects inserted whole, get and multiget
    with the model's columns, get_indexed_slices of an equality plus a date range, a value the
    validator refuses, remove of an instance, and alter_column adding a validator later."""
    ks = "DjangoMap"
    datet = "DateType" if V08 else "LongType"
    uuidt = "UUIDType" if V08 else "LexicalUUIDType"
    meta = [column_def("created", datet, KEYS_INDEX), column_def("owner", uuidt),
            column_def("status", "AsciiType", KEYS_INDEX), column_def("score", "LongType")]
    if V08:
        meta.append(column_def("ratio", "DoubleType"))
        meta.append(column_def("active", "BooleanType"))
    steps = [
        v19.describe_keyspaces(),
        setup(ks, [cf_def(ks, "Article", comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=meta)]),
        v19.describe_keyspace(ks),
    ]
    for i in range(5):
        cols = [ins("created", long_(1300000000000 + i * 86400000), 10),
                ins("owner", lexuuid(i + 1), 10), ins("status", ["draft", "live"][i % 2], 10),
                ins("score", long_(i * 10), 10), ins("title", "Article %d" % i, 10)]
        if V08:
            cols += [ins("ratio", struct.pack(">d", i / 4), 10),
                     ins("active", b"\x01" if i % 2 else b"\x00", 10)]
        steps.append(v19.batch_mutate({"a%d" % i: {"Article": cols}}))
    names = ["created", "owner", "status", "score", "title"] + (["ratio", "active"] if V08 else [])
    steps += [
        v19.get_slice("a1", cparent("Article"), pred(names=names)),
        v19.multiget_slice(["a0", "a3", "a7"], cparent("Article"), pred(names=names)),
        v19.get_indexed_slices(cparent("Article"), index_clause(
            [index_expr("status", EQ, "live"),
             index_expr("created", GTE, long_(1300000000000 + 86400000)),
             index_expr("created", LT, long_(1300000000000 + 4 * 86400000))], count=100),
            pred(names=["title", "created"])),
        v19.get_indexed_slices(cparent("Article"), index_clause(
            [index_expr("created", EQ, long_(1300000000000))], count=100),
            pred(names=["title"])),
        # the model's bad values
        v19.insert("a9", cparent("Article"), column("created", "2011-03-13", 20)),
        v19.insert("a9", cparent("Article"), column("owner", b"\x01" * 15, 20)),
        v19.batch_mutate({"a9": {"Article": [ins("score", "ten", 20), ins("title", "x", 20)]}}),
        v19.get_slice("a9", cparent("Article"), pred(start="", count=100)),
        v19.remove("a2", cpath("Article"), 30),
        v19.get_indexed_slices(cparent("Article"), index_clause(
            [index_expr("status", EQ, "draft")], count=100), pred(names=["title"])),
        # alter_column: the migration adds a validator on title
        v19.system_update_column_family(cf_def(
            ks, "Article", comparator="UTF8Type", default_validation="UTF8Type",
            column_metadata=meta + [column_def("title", "AsciiType")])),
        v19.describe_keyspace(ks),
        v19.insert("a0", cparent("Article"), column("title", "caf\xe9", 40)),
        v19.get_slice("a0", cparent("Article"), pred(names=["title"])),
    ]
    return steps


# --------------------------------------------------------------------------- Hector virtual keyspaces
@sc("virtualks", "keys", "SaaS")
def virtualks():
    """A multi-tenant app on Hector's virtual keyspaces: every row key carries the tenant's
    prefix, range scans run from the prefix to the prefix followed by 0xFF (under the
    stock RandomPartitioner a key range whose end sorts before its start, refused), so
    tenants fall back to token ranges; multiget of prefixed keys, one tenant's rows
    deleted, and an index query restricted to a tenant through an extra equality."""
    ks = "SaaS"
    meta = [column_def("tenant", "UTF8Type", KEYS_INDEX)]
    steps = [setup(ks, [cf_def(ks, "Items", comparator="UTF8Type",
                               default_validation="UTF8Type", column_metadata=meta)])]
    for tenant in ("acme", "globex"):
        steps.append(v19.batch_mutate({"%s\x00item%d" % (tenant, i): {"Items": [
            ins("tenant", tenant, 10), ins("name", "%s-%d" % (tenant, i), 10)]}
            for i in range(4)}))
    acme = ["acme\x00item%d" % i for i in range(4)]
    steps += [
        v19.multiget_slice(acme[:3] + ["acme\x00item9"], cparent("Items"),
                           pred(names=["name"])),
        v19.get_range_slices(cparent("Items"), pred(names=["name"]),
                             key_range(start_key="acme\x00", end_key="acme\x00\xff",
                                       count=100)),
        v19.get_range_slices(cparent("Items"), pred(names=["name"]),
                             key_range(start_token=rp_token(acme[0]),
                                       end_token=rp_token(acme[1]), count=100)),
        v19.get_indexed_slices(cparent("Items"), index_clause(
            [index_expr("tenant", EQ, "globex")], count=100), pred(names=["name"])),
        v19.get_indexed_slices(cparent("Items"), index_clause(
            [index_expr("tenant", EQ, "acme")], start_key=acme[2], count=2),
            pred(names=["name"])),
        v19.batch_mutate({k: {"Items": [dele(None, 20)]} for k in acme[:2]}),
        v19.get_indexed_slices(cparent("Items"), index_clause(
            [index_expr("tenant", EQ, "acme")], count=100), pred(names=["name"])),
        v19.get_range_slices(cparent("Items"), pred(names=["tenant"]),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- deletes by timestamp
@sc("tombstones", "deletes", "Tombs")
def tombstones():
    """Deletes carrying only a timestamp at each level and the reads after them: a row
    tombstone older and newer than its columns, a super column's and a sub-column's, a
    write older than the row tombstone (hidden) and one newer (shown), a tie, a batch Deletion
    with a SliceRange predicate (refused before 1.2), one without a timestamp, one naming a
    super column with no predicate, then get_count over column ranges and multiget_count."""
    ks = "Tombs"
    cfs = [cf_def(ks, "Std", comparator="UTF8Type"),
           cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type")]
    steps = setup(ks, cfs) + [
        v19.batch_mutate({"r1": {"Std": [ins(c, c.upper(), 100) for c in "abcdef"]},
                          "r2": {"Std": [ins(c, c.upper(), 100) for c in "abc"]}}),
        v19.batch_mutate({"s1": {"Sup": [mutation(cosc(super_column=super_column(
            scn, [column(c, c, 100) for c in "xyz"]))) for scn in ("p", "q", "r")]}}),
        v19.remove("r1", cpath("Std"), 99),
        v19.get_count("r1", cparent("Std"), pred(start="", count=100)),
        v19.remove("r1", cpath("Std"), 100),
        v19.get_slice("r1", cparent("Std"), pred(start="", count=100)),
        v19.insert("r1", cparent("Std"), column("g", "G", 100)),
        v19.insert("r1", cparent("Std"), column("h", "H", 101)),
        v19.get_slice("r1", cparent("Std"), pred(start="", count=100)),
        v19.remove("s1", cpath("Sup", sc="q"), 100),
        v19.remove("s1", cpath("Sup", sc="p", col="y"), 100),
        v19.get_slice("s1", cparent("Sup"), pred(start="", count=100)),
        v19.get_count("s1", cparent("Sup"), pred(start="", count=100)),
        v19.get_count("s1", cparent("Sup", sc="p"), pred(start="", count=100)),
        v19.get("s1", cpath("Sup", sc="q", col="x")),
        v19.insert("s1", cparent("Sup", sc="q"), column("w", "new", 101)),
        v19.get_slice("s1", cparent("Sup", sc="q"), pred(start="", count=100)),
        v19.batch_mutate({"r2": {"Std": [dele(slice_=srange("a", "b"), ts_=110)]}}),
        v19.get_slice("r2", cparent("Std"), pred(start="", count=100)),
        v19.batch_mutate({"r2": {"Std": [dele(["c"], None)]}}),
        v19.batch_mutate({"s1": {"Sup": [dele(None, 120, sc_="r")]}}),
        v19.get_slice("s1", cparent("Sup"), pred(start="", count=100)),
        v19.batch_mutate({"s1": {"Sup": [dele(["x", "z"], 120, sc_="p")]}}),
        v19.get_slice("s1", cparent("Sup", sc="p"), pred(start="", count=100)),
        v19.get_count("r2", cparent("Std"), pred(start="b", finish="c", count=100)),
        v19.get_count("r2", cparent("Std"), pred(start="c", finish="b", reversed=True,
                                                 count=1)),
        v19.multiget_count(["r1", "r2", "r3", "s1"], cparent("Std"),
                           pred(start="a", finish="g", count=100)),
        v19.get_range_slices(cparent("Std"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- operator chores
@sc("ops", "admin", "OpsKs")
def ops():
    """An operator's script: set_keyspace on a keyspace not yet made, login on a node with
    no authenticator, replication raised to 2 on a one-node ring (QUORUM and ALL then
    unavailable, ONE fine), a switch to NetworkTopologyStrategy naming the snitch's data
    center and back, truncate of a column family, of a missing one and of a super one, and
    describe_ring of a missing keyspace."""
    ks = "OpsKs"
    cfs = [cf_def(ks, "Data", comparator="UTF8Type"),
           cf_def(ks, "SData", column_type="Super", comparator="UTF8Type")]
    steps = [
        v19.set_keyspace(ks),
        v19.login({"username": "ops", "password": "secret"}),
        setup(ks, cfs),
        v19.login({"username": "ops", "password": "secret"}),
        v19.batch_mutate({"k%d" % i: {"Data": [ins("v", str(i), 10)]} for i in range(3)}),
        v19.system_update_keyspace(ksd(ks, [], rf=2)),
        v19.describe_keyspace(ks),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ONE),
        v19.insert("k9", cparent("Data"), column("v", "9", 20), ALL),
        v19.insert("k9", cparent("Data"), column("v", "9", 20), TWO),
        v19.insert("k9", cparent("Data"), column("v", "9", 20), ANY),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.get_slice("k9", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.describe_keyspace(ks),
        v19.truncate("Data"),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("Missing"),
        v19.insert("s", cparent("SData", sc="a"), column("b", "c", 30)),
        v19.truncate("SData"),
        v19.get_slice("s", cparent("SData"), pred(start="", count=10)),
        v19.describe_ring("NoSuchKs"),
        v19.describe_ring(ks),
        v19.system_drop_keyspace(ks),
        v19.set_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hadoop job
@sc("hadoop", "splits", "HadoopJob")
def hadoop():
    """A Hadoop job on ColumnFamilyInputFormat and ColumnFamilyOutputFormat, with Pig's
    CassandraStorage reading the schema first: describe_keyspace for validators, describe_ring
    and describe_partitioner, describe_splits over the whole ring, the record reader's token
    range scans (start_token/end_token from the keys' tokens, paged by the last key's token),
    1.1's wide-row get_paged_slice over whole rows, and the reducer's batch of inserts and
    deletions (a Deletion naming columns; the output format's SliceRange deletion, refused)."""
    ks = "HadoopJob"
    cfs = [cf_def(ks, "Input", comparator="UTF8Type", default_validation="UTF8Type"),
           cf_def(ks, "Output", comparator="UTF8Type", default_validation="LongType")]
    keys = ["doc%d" % i for i in range(8)]
    toks = sorted((int(rp_token(k)), k) for k in keys)
    steps = setup(ks, cfs) + [v19.describe_keyspace(ks), v19.describe_partitioner(),
                              v19.describe_ring(ks)]
    steps.append(v19.batch_mutate({k: {"Input": [ins("w%d" % j, "word%d" % ((i + j) % 3), 10)
                                                 for j in range(3)]}
                                   for i, k in enumerate(keys)}))
    steps += [
        v19.describe_splits("Input", "0", "0", 65536),
        # the reader's first page of a split: (token of the first key - 1, token of the 6th]
        v19.get_range_slices(cparent("Input"), pred(start="", count=100),
                             key_range(start_token=str(toks[0][0] - 1),
                                       end_token=str(toks[5][0]), count=3)),
        v19.get_range_slices(cparent("Input"), pred(start="", count=100),
                             key_range(start_token=str(toks[2][0]),
                                       end_token=str(toks[5][0]), count=3)),
        v19.get_range_slices(cparent("Input"), pred(start="", count=100),
                             key_range(start_token=str(toks[5][0]),
                                       end_token=str(toks[0][0]), count=100)),
        # a start key with an end token, as a mis-configured reader sent it
        v19.get_range_slices(cparent("Input"), pred(start="", count=100),
                             key_range(start_key=toks[1][1], end_token=str(toks[4][0]),
                                       count=100)),
    ]
    if V11:
        steps += [
            v19.get_paged_slice("Input", key_range(start_key="", end_key="", count=100), ""),
            v19.get_paged_slice("Input", key_range(start_token=str(toks[3][0]),
                                                   end_token=str(toks[6][0]), count=100), "w1"),
        ]
    steps += [
        v19.batch_mutate({"word%d" % w: {"Output": [ins("count", long_(10 + w), 20),
                                                    dele(["stale"], 20)]} for w in range(3)}),
        v19.batch_mutate({"word0": {"Output": [dele(slice_=srange("", ""), ts_=25)]}}),
        v19.get_range_slices(cparent("Output"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        # the output format given text where LongType values go
        v19.batch_mutate({"word9": {"Output": [ins("count", "12", 20)]}}),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 (Play app)
@sc("playcql", "cql2", "playapp", when=V08)
def playcql():
    """A Play! app on cassandra-jdbc's CQL 2: CREATE KEYSPACE and COLUMNFAMILY with typed
    columns, INSERTs and UPDATEs USING TIMESTAMP, wide-row SELECTs with FIRST, REVERSED and
    a '..' column range, SELECT with KEY IN and a key range with LIMIT, count(*), a counter
    UPDATE (c = c + 1), DELETE of columns and a BATCH, and the mistakes its users typed."""
    steps = [
        cql("CREATE KEYSPACE playapp WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1"),
        cql("USE playapp"),
        cql("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY) WITH comparator = bigint "
            "AND default_validation = varchar"),
        cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, email varchar, age bigint)"),
        cql("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH "
            "default_validation = counter AND comparator = varchar"),
    ]
    for i in range(6):
        steps.append(cql("INSERT INTO events (KEY, %d) VALUES ('stream1', 'ev%d') "
                         "USING TIMESTAMP 1000" % (100 + i * 10, i)))
    steps += [
        cql("INSERT INTO users (KEY, email, age) VALUES ('bob', 'bob@x', 30) USING TIMESTAMP 1000"),
        cql("UPDATE users USING TIMESTAMP 1001 SET age = 31 WHERE KEY = 'bob'"),
        cql("INSERT INTO users (KEY, email, age) VALUES ('amy', 'amy@x', 25) USING TIMESTAMP 1000"),
        cql("SELECT FIRST 3 * FROM events WHERE KEY = 'stream1'"),
        cql("SELECT FIRST 2 REVERSED * FROM events WHERE KEY = 'stream1'"),
        cql("SELECT 110..140 FROM events WHERE KEY = 'stream1'"),
        cql("SELECT FIRST 1 REVERSED 150..100 FROM events WHERE KEY = 'stream1'"),
        cql("SELECT email, age FROM users WHERE KEY IN ('bob', 'amy', 'zed')"),
        cql("SELECT * FROM users WHERE KEY = 'bob'"),
        cql("SELECT COUNT(*) FROM events WHERE KEY = 'stream1'"),
        cql("SELECT email FROM users LIMIT 1"),
        cql("UPDATE hits SET home = home + 1 WHERE KEY = 'day1'"),
        cql("UPDATE hits SET home = home + 2, about = about + 1 WHERE KEY = 'day1'"),
        cql("DELETE email FROM users USING TIMESTAMP 1002 WHERE KEY = 'amy'"),
        cql("SELECT * FROM users WHERE KEY = 'amy'"),
        cql("BEGIN BATCH USING TIMESTAMP 1003 "
            "INSERT INTO users (KEY, email) VALUES ('cat', 'cat@x') "
            "UPDATE users SET age = 5 WHERE KEY = 'cat' "
            "DELETE age FROM users WHERE KEY = 'bob' APPLY BATCH"),
        cql("SELECT email, age FROM users WHERE KEY IN ('bob', 'cat')"),
        # the mistakes: a non-number where bigint goes, an unknown family, a typo
        cql("INSERT INTO users (KEY, age) VALUES ('dan', 'old') USING TIMESTAMP 1000"),
        cql("SELECT * FROM userz WHERE KEY = 'bob'"),
        cql("SELEC * FROM users"),
        cql("UPDATE hits SET home = 5 WHERE KEY = 'day1'"),
        cql("DROP KEYSPACE playapp"),
    ]
    return steps


# --------------------------------------------------------------------------- hand-rolled client
@sc("mistakes", "validation", "Hand")
def mistakes():
    """A hand-rolled Thrift client's mistakes (a team's own wrapper): a predicate with both
    names and a range, neither, a slice whose start sorts after its finish, a negative count,
    a KeyRange with keys and tokens, none, or a count of 0, a multiget naming one key twice, an
    empty mutation map, a Mutation with neither part, a read at ANY,
    a ColumnParent naming a super column on a standard family, an empty column name."""
    ks = "Hand"
    cfs = [cf_def(ks, "Things", comparator="UTF8Type")]
    steps = setup(ks, cfs) + [
        v19.batch_mutate({"t1": {"Things": [ins("a", "1", 10), ins("b", "2", 10)]}}),
        v19.get_slice("t1", cparent("Things"), W.struct({
            1: W.list_("bin", [b("a")]), 2: srange("", "", False, 10)})),
        v19.get_slice("t1", cparent("Things"), W.struct({})),
        v19.get_slice("t1", cparent("Things"), pred(start="b", finish="a", count=10)),
        v19.get_slice("t1", cparent("Things"), pred(start="a", finish="b", reversed=True,
                                                    count=10)),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=-1)),
        v19.get_range_slices(cparent("Things"), pred(start="", count=10),
                             key_range(start_key="", end_key="", start_token="0",
                                       end_token="0", count=10)),
        v19.get_range_slices(cparent("Things"), pred(start="", count=10),
                             key_range(count=10)),
        v19.get_range_slices(cparent("Things"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=0)),
        v19.multiget_slice(["t1", "t1"], cparent("Things"), pred(start="", count=10)),
        v19.batch_mutate({}),
        v19.batch_mutate({"t1": {"Things": [mutation()]}}),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10), ANY),
        v19.get_slice("t1", cparent("Things", sc="x"), pred(start="", count=10)),
        v19.insert("t1", cparent("Things"), column("", "v", 20)),
        v19.get("t1", cpath("Things", col="")),
        v19.get_slice("t1", cparent("Nope"), pred(start="", count=10)),
        v19.remove("t1", cpath("Things", col="a"), 30, cl=ANY),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL clients
@sc("hector11", "upgrade", "HectorLater")
def hector11():
    """Hector 1.1 (built against 1.1's IDL) pointed at the cluster during an upgrade: its
    CfDef with 1.1's caching word, dclocal_read_repair_chance and 1.0's compaction and
    compression options and bloom filter chance, then the 1.1 methods its newer code paths
    tried (get_paged_slice, describe_splits_ex, set_cql_version) and the plain calls."""
    ks = "HectorLater"
    cfd = cf_def(ks, "Events", comparator="UTF8Type", default_validation="UTF8Type",
                 extra={34: W.bin_("KEYS_ONLY"), 37: W.double(0.0), 33: W.double(0.01),
                        29: W.bin_("SizeTieredCompactionStrategy"),
                        32: W.map_("bin", "bin", [(b("sstable_compression"),
                                                   b("SnappyCompressor"))])})
    return [
        v19.describe_cluster_name(),
        v19.system_add_keyspace(ks_def(ks, [cfd], durable_writes=True) if V08 else ksd(ks, [cfd])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"e%d" % i: {"Events": [ins("type", "click", 10)]} for i in range(3)}),
        v19.get_paged_slice("Events", key_range(start_key="", end_key="", count=10), ""),
        raw("describe_splits_ex", {1: b("Events"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        v19.set_cql_version("3.0.0"),
        v19.get_range_slices(cparent("Events"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]


@sc("pycassa17", "upgrade", "PyLater")
def pycassa17():
    """pycassa 1.7 (built against 1.1's IDL) on the older cluster: SystemManager's
    create_keyspace with strategy_options only (no replication_factor field) and
    create_column_family passing key_validation_class, key_alias and 1.0's
    row_cache_provider; ColumnFamily.insert and get, get_count and xget's buffered slices."""
    ks = "PyLater"
    cfd = cf_def(ks, "Things", comparator="UTF8Type", default_validation="UTF8Type",
                 key_validation="UTF8Type",
                 extra={28: W.bin_("thing_id"), 24: W.boolean(True),
                        27: W.bin_("org.apache.cassandra.cache.SerializingCacheProvider")})
    return [
        v19.describe_version(),
        v19.system_add_keyspace(ks_def(ks, []) if V08 else ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd),
        v19.describe_keyspace(ks),
        v19.insert("t1", cparent("Things"), column("name", "first", 10)),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=100)),
        v19.get_count("t1", cparent("Things"), pred(start="", count=100)),
        v19.get_slice("t1", cparent("Things"), pred(start="name", count=2)),
    ]


# --------------------------------------------------------------------------- Lucandra term vectors
@sc("lucandra", "super", "Lucandra")
def lucandra():
    """Lucandra's index layout: a TermInfo super column family keyed index/field/term whose
    super columns are document ids holding a term's frequency and positions, a Documents
    family of stored fields; indexing as one batch per document, a query's term rows by
    multiget_slice (all documents, then a page after the last id), a prefix query's term
    keys by get_range_slices, a document's deletion as super column Deletions across its
    terms, and the term rows read again."""
    ks = "Lucandra"
    cfs = [cf_def(ks, "TermInfo", column_type="Super", comparator="BytesType",
                  subcomparator="BytesType"),
           cf_def(ks, "Documents", comparator="BytesType")]
    docs = {1: "the quick fox", 2: "the lazy dog", 3: "quick quick dog"}
    steps = setup(ks, cfs)
    for d, text in docs.items():
        words = text.split()
        muts = {}
        for w in sorted(set(words)):
            pos = b"".join(struct.pack(">i", p) for p, x in enumerate(words) if x == w)
            muts["idx/body/" + w] = {"TermInfo": [mutation(cosc(super_column=super_column(
                struct.pack(">i", d), [column("freq", struct.pack(">i", words.count(w)), 10),
                                       column("pos", pos, 10)])))]}
        muts["idx/%d" % d] = {"Documents": [ins("body", text, 10)]}
        steps.append(v19.batch_mutate(muts))
    steps += [
        v19.multiget_slice(["idx/body/quick", "idx/body/dog", "idx/body/cat"],
                           cparent("TermInfo"), pred(start="", count=1000)),
        v19.get_slice("idx/body/the", cparent("TermInfo"),
                      pred(start=struct.pack(">i", 1) + b"\x00", count=10)),
        v19.get_slice("idx/body/quick", cparent("TermInfo", sc=struct.pack(">i", 3)),
                      pred(names=["freq"])),
        v19.get_range_slices(cparent("TermInfo"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.multiget_slice(["idx/1", "idx/3"], cparent("Documents"), pred(names=["body"])),
        v19.batch_mutate({"idx/body/" + w: {"TermInfo": [dele(None, 20, sc_=struct.pack(">i", 2))]}
                          for w in ("the", "lazy", "dog")}),
        v19.batch_mutate({"idx/2": {"Documents": [dele(None, 20)]}}),
        v19.multiget_slice(["idx/body/lazy", "idx/body/dog"], cparent("TermInfo"),
                           pred(start="", count=1000)),
        v19.get_count("idx/body/the", cparent("TermInfo"), pred(start="", count=1000)),
        v19.multiget_count(["idx/body/the", "idx/body/lazy"], cparent("TermInfo"),
                           pred(start="", count=1000)),
        v19.get_range_slices(cparent("TermInfo"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- pycassa alter_column_family
@sc("alter", "schema", "Evolve")
def alter():
    """A pycassa deployment script's schema evolution: create_column_family with defaults,
    alter_column_family of gc_grace_seconds, comment, read_repair_chance and compaction
    thresholds (each a system_update_column_family of the described definition with its id),
    create_index on an existing column, alter_column of another, a drop and re-creation of a
    column family under the same name, and reads across the changes."""
    ks = "Evolve"
    steps = [v19.describe_keyspaces()] + setup(ks, [cf_def(ks, "Users", comparator="UTF8Type",
                                                           default_validation="UTF8Type")]) + [
        v19.batch_mutate({"u%d" % i: {"Users": [ins("city", ["oslo", "rome"][i % 2], 10),
                                                ins("age", long_(20 + i), 10)]}
                          for i in range(4)}),
        v19.describe_keyspace(ks),
    ]
    base = dict(comparator="UTF8Type", default_validation="UTF8Type")
    steps += [
        v19.system_update_column_family(cf_def(ks, "Users", gc_grace=3600, comment="people",
                                               extra={12: W.double(0.5), 16: W.i32(1000),
                                                      17: W.i32(2), 18: W.i32(16)}, **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "Users", gc_grace=3600, comment="people",
                                               column_metadata=[column_def(
                                                   "city", "UTF8Type", KEYS_INDEX)],
                                               extra={16: W.i32(1000)}, **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(ks, "Users", gc_grace=3600, comment="people",
                                               column_metadata=[
                                                   column_def("city", "UTF8Type", KEYS_INDEX),
                                                   column_def("age", "LongType")],
                                               extra={16: W.i32(1000)}, **base)),
        v19.describe_keyspace(ks),
        v19.insert("u9", cparent("Users"), column("age", "old", 20)),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        # an update that forgot the id
        v19.system_update_column_family(cf_def(ks, "Users", comment="no id", **base)),
        # an update changing the comparator
        v19.system_update_column_family(cf_def(ks, "Users", comparator="BytesType",
                                               extra={16: W.i32(1000)})),
        v19.system_drop_column_family("Users"),
        v19.system_add_column_family(cf_def(ks, "Users", comparator="UTF8Type")),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- keyspace strategies
@sc("strategies", "schema", "Strat")
def strategies():
    """A provisioning tool's keyspaces, as the era's operators wrote them: the strategy by its
    short name, OldNetworkTopologyStrategy, NetworkTopologyStrategy over two data centers,
    LocalStrategy, an unknown class, SimpleStrategy without a replication factor (0.8 on)
    and with one that is no number, a keyspace update carrying column families, an update of
    a missing keyspace, a duplicate keyspace, and the data calls of a keyspace dropped under
    the session."""
    cfs = lambda ks: [cf_def(ks, "T", comparator="UTF8Type")]
    steps = [
        v19.system_add_keyspace(ksd("Strat", cfs("Strat"), strategy="SimpleStrategy")),
        v19.describe_keyspace("Strat"),
        v19.system_add_keyspace(ksd("StratOld", [], strategy=
                                    "org.apache.cassandra.locator.OldNetworkTopologyStrategy")),
        v19.describe_keyspace("StratOld"),
        v19.system_add_keyspace(ksd("StratNts", [], strategy=NTS,
                                    options={"DC1": "2", "DC2": "1"})),
        v19.describe_keyspace("StratNts"),
        v19.system_add_keyspace(ksd("StratLocal", [], strategy=
                                    "org.apache.cassandra.locator.LocalStrategy")),
        v19.system_add_keyspace(ksd("StratBad", [], strategy="org.example.MyStrategy")),
        v19.system_add_keyspace(ksd("Strat", [])),
        v19.set_keyspace("StratNts"),
        v19.system_add_column_family(cf_def("StratNts", "T", comparator="UTF8Type")),
        v19.insert("k", cparent("T"), column("c", "v", 10)),
        v19.insert("k", cparent("T"), column("c", "v", 10), QUORUM),
        v19.get_slice("k", cparent("T"), pred(start="", count=10)),
        v19.system_update_keyspace(ksd("StratNts", cfs("StratNts"), strategy=NTS,
                                       options={"datacenter1": "1"})),
        v19.system_update_keyspace(ksd("NoSuchKs", [])),
        v19.set_keyspace("Strat"),
        v19.insert("k", cparent("T"), column("c", "v", 10)),
        v19.system_drop_keyspace("Strat"),
        v19.insert("k", cparent("T"), column("c", "v", 20)),
        v19.get_slice("k", cparent("T"), pred(start="", count=10)),
        v19.describe_keyspaces(),
    ]
    if V08:
        steps += [
            v19.system_add_keyspace(ks_def("StratNoRf", [], options={})),
            v19.system_add_keyspace(ks_def("StratNaN", [], options={"replication_factor": "two"})),
            v19.system_add_keyspace(ks_def("StratZero", [], options={"replication_factor": "0"})),
            v19.describe_keyspace("StratZero"),
        ]
    return steps


# --------------------------------------------------------------------------- super column scans
@sc("superscan", "super", "Inbox")
def superscan():
    """An inbox search on super column families, the use Cassandra was written for: a term
    index (user rows, term super columns, message id sub-columns) scanned across users by
    get_range_slices with a ColumnParent naming one super column, a names predicate of
    super columns over a key range, get_indexed_slices on the super family (refused), a
    super column family declared with an indexed sub-column, counts at each level, and the
    writes its buggy first version sent (no super column, an empty super column name)."""
    ks = "Inbox"
    cfs = [cf_def(ks, "Terms", column_type="Super", comparator="UTF8Type",
                  subcomparator="LongType")]
    steps = setup(ks, cfs)
    for u in range(4):
        steps.append(v19.batch_mutate({"user%d" % u: {"Terms": [
            mutation(cosc(super_column=super_column(term, [
                column(long_(100 * u + m), "", 10) for m in range(u + 1)])))
            for term in ("hello", "meeting", "lunch")[:u + 1]]}}))
    steps += [
        v19.get_range_slices(cparent("Terms", sc="meeting"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Terms"), pred(names=["lunch", "hello"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Terms", sc="hello"),
                             pred(start=long_(101), finish=long_(250), count=100),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_indexed_slices(cparent("Terms"), index_clause(
            [index_expr("hello", EQ, "")], count=10), pred(start="", count=10)),
        v19.multiget_count(["user1", "user3", "user7"], cparent("Terms"),
                           pred(start="", count=100)),
        v19.multiget_count(["user1", "user3"], cparent("Terms", sc="hello"),
                           pred(start="", count=100)),
        v19.get_count("user3", cparent("Terms", sc="lunch"),
                      pred(start=long_(301), finish=long_(302), count=100)),
        v19.insert("user9", cparent("Terms"), column("hello", "", 20)),
        v19.insert("user9", cparent("Terms", sc=""), column(long_(1), "", 20)),
        v19.batch_mutate({"user9": {"Terms": [mutation(cosc(super_column=super_column(
            "bye", [])))]}}),
        v19.get_slice("user9", cparent("Terms"), pred(start="", count=10)),
        v19.system_add_column_family(cf_def(ks, "Indexed", column_type="Super",
                                            comparator="UTF8Type", subcomparator="UTF8Type",
                                            column_metadata=[column_def("state", "UTF8Type",
                                                                        KEYS_INDEX)])),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 DBA session
@sc("cql2dba", "cql2", "dbaks", when=V08)
def cql2dba():
    """A DBA's cqlsh (CQL 2) session: CREATE KEYSPACE on NetworkTopologyStrategy, a column
    family with typed columns and storage options, CREATE INDEX and an indexed SELECT,
    ALTER to add, retype and drop columns, writes USING CONSISTENCY, TTL and TIMESTAMP, a
    DELETE over KEY IN, TRUNCATE, DROP INDEX (1.0 on), describe_keyspace of what CQL made,
    and the statements it mistyped."""
    steps = [
        cql("CREATE KEYSPACE dbaks WITH strategy_class = 'NetworkTopologyStrategy' "
            "AND strategy_options:datacenter1 = 1"),
        cql("USE dbaks"),
        cql("CREATE COLUMNFAMILY staff (KEY varchar PRIMARY KEY, name varchar, dept varchar, "
            "salary bigint, hired timestamp) WITH comment = 'staff list' "
            "AND gc_grace_seconds = 86400 AND read_repair_chance = 0.5"),
        cql("CREATE INDEX staff_dept ON staff (dept)"),
        cql("INSERT INTO staff (KEY, name, dept, salary) VALUES ('e1', 'Ann', 'ops', 100) "
            "USING CONSISTENCY ONE AND TIMESTAMP 1000"),
        cql("INSERT INTO staff (KEY, name, dept, salary) VALUES ('e2', 'Bo', 'dev', 120) "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO staff (KEY, name, dept) VALUES ('e3', 'Cy', 'ops') "
            "USING TIMESTAMP 1000 AND TTL 86400"),
        cql("SELECT name, salary FROM staff WHERE dept = 'ops'"),
        cql("SELECT name FROM staff WHERE dept = 'ops' AND salary > 50"),
        cql("SELECT name FROM staff WHERE salary = 100"),
        cql("ALTER COLUMNFAMILY staff ADD phone varchar"),
        cql("ALTER COLUMNFAMILY staff ALTER salary TYPE varint"),
        cql("ALTER COLUMNFAMILY staff DROP phone"),
        cql("SELECT * FROM staff WHERE KEY = 'e1'"),
        cql("DELETE salary FROM staff USING TIMESTAMP 1001 WHERE KEY IN ('e1', 'e2')"),
        cql("SELECT salary, name FROM staff WHERE KEY IN ('e1', 'e2')"),
        v19.describe_keyspace("dbaks"),
        cql("SELECT name FROM staff USING CONSISTENCY QUORUM WHERE KEY = 'e2'"),
        cql("SELECT name FROM staff USING CONSISTENCY ALL WHERE KEY = 'e2'"),
        cql("TRUNCATE staff"),
        cql("SELECT * FROM staff"),
        cql("CREATE INDEX ON staff (nosuch)"),
        cql("CREATE INDEX staff_dept2 ON staff (dept)"),
        cql("INSERT INTO staff (KEY, salary) VALUES ('e4', 'lots')"),
        cql("CREATE COLUMNFAMILY staff (KEY varchar PRIMARY KEY)"),
        cql("ALTER COLUMNFAMILY nosuch ADD x varchar"),
    ]
    if V10:
        steps += [cql("DROP INDEX staff_dept"), cql("SELECT name FROM staff WHERE dept = 'ops'"),
                  cql("DROP INDEX staff_dept")]
    steps += [cql("DROP COLUMNFAMILY staff"), cql("DROP KEYSPACE dbaks")]
    return steps


# --------------------------------------------------------------------------- time series of typed names
@sc("typedseries", "slices", "Series")
def typedseries():
    """A sensor store naming columns by the reading's type: IntegerType sequence numbers
    (negative and wide ones), LexicalUUIDType and TimeUUIDType event ids, AsciiType tags,
    (0.8 on) a CompositeType of (LongType, ReversedType(UTF8Type)) and (1.0 on) Int32Type and
    DecimalType names; slices forwards and backwards over each, and names each refuses."""
    ks = "Series"
    cfs = [cf_def(ks, "BySeq", comparator="IntegerType"),
           cf_def(ks, "ByLex", comparator="LexicalUUIDType"),
           cf_def(ks, "ByTime", comparator="TimeUUIDType"),
           cf_def(ks, "Tags", comparator="AsciiType")]
    if V08:
        cfs.append(cf_def(ks, "Comp",
                          comparator="CompositeType(LongType,ReversedType(UTF8Type))"))
    if V10:
        cfs.append(cf_def(ks, "Small", comparator="Int32Type"))
        cfs.append(cf_def(ks, "Money", comparator="DecimalType"))
    steps = setup(ks, cfs)
    ints = [b"\xff", b"\x00", b"\x01", b"\x00\x80", b"\x7f", b"\xff\x7f", b"\x01\x00\x00\x00\x00"]
    steps += [
        v19.batch_mutate({"s": {"BySeq": [ins(n, "v", 10) for n in ints]}}),
        v19.get_slice("s", cparent("BySeq"), pred(start="", count=100)),
        v19.get_slice("s", cparent("BySeq"), pred(start=b"\x00", finish=b"\x00\x80", count=100)),
        v19.get_slice("s", cparent("BySeq"), pred(start="", reversed=True, count=3)),
        v19.batch_mutate({"s": {"ByLex": [ins(lexuuid(n), "v", 10) for n in (3, 1, 2)]}}),
        v19.get_slice("s", cparent("ByLex"), pred(start=lexuuid(2), count=100)),
        v19.insert("s", cparent("ByLex"), column(b"\x01" * 8, "v", 10)),
        v19.batch_mutate({"s": {"ByTime": [ins(timeuuid(n), "v", 10) for n in (30, 10, 20)]}}),
        v19.get_slice("s", cparent("ByTime"), pred(start=timeuuid(30), finish=timeuuid(10),
                                                   reversed=True, count=100)),
        v19.insert("s", cparent("ByTime"), column(lexuuid(5), "v", 10)),
        v19.batch_mutate({"s": {"Tags": [ins(t, "1", 10) for t in ("beta", "Alpha", "gamma")]}}),
        v19.get_slice("s", cparent("Tags"), pred(start="B", count=100)),
        v19.insert("s", cparent("Tags"), column("caf\xe9", "1", 10)),
    ]
    if V08:
        def c2(n, s, eoc=0):
            return (struct.pack(">H", 8) + long_(n) + b"\x00" + struct.pack(">H", len(s))
                    + s.encode() + bytes([eoc]))
        steps += [
            v19.batch_mutate({"s": {"Comp": [ins(c2(n, t), "v", 10)
                                             for n in (1, 2) for t in ("a", "b", "c")]}}),
            v19.get_slice("s", cparent("Comp"), pred(start="", count=100)),
            v19.get_slice("s", cparent("Comp"), pred(start=struct.pack(">H", 8) + long_(2) + b"\x00",
                                                     finish=struct.pack(">H", 8) + long_(2) + b"\x01",
                                                     count=100)),
            v19.get_slice("s", cparent("Comp"), pred(start=c2(1, "b"), finish=c2(2, "b"),
                                                     count=100)),
            v19.insert("s", cparent("Comp"), column(long_(1), "v", 10)),
        ]
    if V10:
        steps += [
            v19.batch_mutate({"s": {"Small": [ins(int32(n), "v", 10) for n in (-5, 7, 0)]}}),
            v19.get_slice("s", cparent("Small"), pred(start=int32(-10), finish=int32(5),
                                                      count=100)),
            v19.insert("s", cparent("Small"), column(long_(1), "v", 10)),
            v19.batch_mutate({"s": {"Money": [
                ins(struct.pack(">i", 2) + bytes([0x04, 0xd2]), "12.34", 10),
                ins(struct.pack(">i", 0) + bytes([0x05]), "5", 10),
                ins(struct.pack(">i", 1) + bytes([0xff]), "-0.1", 10)]}}),
            v19.get_slice("s", cparent("Money"), pred(start="", count=100)),
        ]
    return steps


# --------------------------------------------------------------------------- counters through `add`
@sc("addcounters", "counters", "Clicks", when=V08)
def addcounters():
    """A click tracker calling `add` one column at a time (Hector's incrementCounter, the Ruby
    gem's add): at ONE and QUORUM, at ANY (refused for counters), into a counter super
    column through the ColumnParent, into a Standard column family of plain columns, a
    negative delta, reads of each by get, multiget_slice and get_range_slices, a row's counts
    by get_count, and a whole counter row removed (nothing added after)."""
    ks = "Clicks"
    cfs = [cf_def(ks, "Hits", comparator="UTF8Type", default_validation="CounterColumnType"),
           cf_def(ks, "HitsBy", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type", default_validation="CounterColumnType"),
           cf_def(ks, "Plain", comparator="UTF8Type")]
    steps = setup(ks, cfs) + [
        v19.add("home", cparent("Hits"), counter_column("total", 1)),
        v19.add("home", cparent("Hits"), counter_column("total", 2), QUORUM),
        v19.add("home", cparent("Hits"), counter_column("total", 3), ANY),
        v19.add("home", cparent("Hits"), counter_column("bots", -4)),
        v19.add("about", cparent("Hits"), counter_column("total", 7)),
        v19.add("home", cparent("HitsBy", sc="2012-01-01"), counter_column("us", 5)),
        v19.add("home", cparent("HitsBy", sc="2012-01-01"), counter_column("fr", 1)),
        v19.add("home", cparent("HitsBy", sc="2012-01-02"), counter_column("us", 2)),
        v19.add("home", cparent("HitsBy"), counter_column("us", 2)),
        v19.add("home", cparent("Plain"), counter_column("total", 1)),
        v19.add("home", cparent("Hits"), counter_column("total", 0)),
        v19.get("home", cpath("Hits", col="total")),
        v19.get("home", cpath("Hits", col="bots")),
        v19.get("home", cpath("HitsBy", sc="2012-01-01")),
        v19.get("home", cpath("HitsBy", sc="2012-01-01", col="us")),
        v19.multiget_slice(["home", "about", "contact"], cparent("Hits"),
                           pred(start="", count=100)),
        v19.get_slice("home", cparent("HitsBy"), pred(start="", reversed=True, count=1)),
        v19.get_range_slices(cparent("Hits"), pred(names=["total"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_count("home", cparent("HitsBy"), pred(start="", count=100)),
        v19.get_count("home", cparent("HitsBy", sc="2012-01-01"), pred(start="", count=100)),
        v19.insert("home", cparent("Hits"), column("total", long_(1), 10)),
        v19.remove_counter("about", cpath("Hits")),
        v19.get_slice("about", cparent("Hits"), pred(start="", count=100)),
        v19.remove_counter("home", cpath("HitsBy", sc="2012-01-02")),
        v19.get_slice("home", cparent("HitsBy"), pred(start="", count=100)),
        v19.remove("home", cpath("Hits", col="bots"), 20),
    ]
    return steps


# --------------------------------------------------------------------------- pycassa paging
@sc("paging", "paging", "Paging")
def paging():
    """pycassa's xget and get_range buffering over a wide row and a key range: each next page
    starting at the last column (count+1, the first dropped), reversed pages, a key range
    paged by the last key, token ranges that wrap and that cover the ring, and the last
    column of each of several rows (a reversed multiget of count 1)."""
    ks = "Paging"
    steps = setup(ks, [cf_def(ks, "Wide", comparator="UTF8Type")])
    steps.append(v19.batch_mutate({"w": {"Wide": [ins("c%02d" % i, str(i), 10)
                                                  for i in range(12)]}}))
    steps.append(v19.batch_mutate({"k%d" % i: {"Wide": [ins("c%02d" % j, "x", 10)
                                                        for j in range(i + 1)]}
                                   for i in range(6)}))
    keys = ["k%d" % i for i in range(6)] + ["w"]
    toks = sorted(int(rp_token(k)) for k in keys)
    steps += [
        v19.get_slice("w", cparent("Wide"), pred(start="", count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="c04", count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="c08", count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="c11", count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="", reversed=True, count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="c07", reversed=True, count=5)),
        v19.get_slice("w", cparent("Wide"), pred(start="c03", finish="c00", reversed=True,
                                                 count=5)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=2),
                             key_range(start_key="k3", end_key="", count=3)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_token=str(toks[4]), end_token=str(toks[1]),
                                       count=100)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_token=str(toks[2]), end_token=str(toks[2]),
                                       count=100)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_token="0", end_token="0", count=4)),
        v19.multiget_slice(["k1", "k4", "w", "zz"], cparent("Wide"),
                           pred(start="", reversed=True, count=1)),
        v19.multiget_count(["k1", "k4", "w", "zz"], cparent("Wide"),
                           pred(start="c01", finish="c03", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- text names
@sc("texts", "validation", "Texts")
def texts():
    """A localised catalogue's text names and values: UTF8Type names in several scripts
    (ordered by their bytes), AsciiType names, invalid UTF-8 in a name, a value and (0.8 on)
    a UTF8Type key, an AsciiType value above 127, a slice between multi-byte bounds, and a
    multiget of keys in several scripts."""
    ks = "Texts"
    cfs = [cf_def(ks, "Names", comparator="UTF8Type", default_validation="UTF8Type"),
           cf_def(ks, "Codes", comparator="AsciiType", default_validation="AsciiType")]
    if V08:
        cfs.append(cf_def(ks, "ByKey", comparator="UTF8Type", key_validation="UTF8Type"))
    names = ["z", "\u00e9t\u00e9", "\u65e5\u672c", "\U0001F600", "A", "\u0416"]
    steps = setup(ks, cfs) + [
        v19.batch_mutate({"p": {"Names": [ins(n, n + "!", 10) for n in names]}}),
        v19.get_slice("p", cparent("Names"), pred(start="", count=100)),
        v19.get_slice("p", cparent("Names"), pred(start="\u00e9", finish="\u65e5\u672c",
                                                  count=100)),
        v19.get_slice("p", cparent("Names"), pred(names=["\u0416", "\u00e9t\u00e9", "x"])),
        v19.insert("p", cparent("Names"), column(b"\xc3\x28", "v", 10)),
        v19.insert("p", cparent("Names"), column("ok", b"\xff\xfe", 10)),
        v19.insert("p", cparent("Names"), column(b"\xed\xa0\x80", "v", 10)),
        v19.insert("p", cparent("Codes"), column("US", "dollar", 10)),
        v19.insert("p", cparent("Codes"), column("EU", b"\xe2\x82\xac", 10)),
        v19.insert("p", cparent("Codes"), column(b"\xc3\xa9", "x", 10)),
        v19.get_slice("p", cparent("Codes"), pred(start="", count=100)),
        v19.batch_mutate({"\u65e5\u672c": {"Names": [ins("a", "1", 10)]},
                          "\u00e9t\u00e9": {"Names": [ins("a", "1", 10)]}}),
        v19.multiget_slice(["\u65e5\u672c", "\u00e9t\u00e9", "p"], cparent("Names"),
                           pred(names=["a"])),
    ]
    if V08:
        steps += [
            v19.insert(b"\xc3\x28", cparent("ByKey"), column("a", "1", 10)),
            v19.insert("\u00e9", cparent("ByKey"), column("a", "1", 10)),
            v19.get_range_slices(cparent("ByKey"), pred(start="", count=10),
                                 key_range(start_key="", end_key="", count=10)),
        ]
    return steps


# --------------------------------------------------------------------------- CQL 2 literals
@sc("cql2types", "cql2", "cqltypes", when=V08)
def cql2types():
    """A reporting app writing every CQL 2 type through literals (cassandra-dbapi2 quoting):
    uuid, timestamp as a date string and as milliseconds, boolean, float, double, varint,
    ascii, blob as hex, (1.0 on) int and decimal; reads back by name, a column family keyed
    by uuid, and the literals each type refused."""
    steps = [
        cql("CREATE KEYSPACE cqltypes WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1"),
        cql("USE cqltypes"),
        # 0.8's grammar named timestamp `date` and blob `bytea`
        cql("CREATE COLUMNFAMILY vals (KEY varchar PRIMARY KEY, u uuid, t %s, "
            "b boolean, f float, d double, v varint, a ascii, x %s%s)"
            % ("timestamp" if V10 else "date", "blob" if V10 else "bytea",
               ", i int, m decimal" if V10 else "")),
        cql("CREATE COLUMNFAMILY byid (KEY uuid PRIMARY KEY, name varchar)"),
        cql("INSERT INTO vals (KEY, u, t, b, f, d, v, a, x) VALUES ('r1', "
            "550e8400-e29b-41d4-a716-446655440000, '2011-02-03 04:05:00+0000', true, 1.5, "
            "2.25, 12345678901234567890, 'abc', 'cafe') USING TIMESTAMP 1000"),
        cql("INSERT INTO vals (KEY, t, b, v) VALUES ('r2', 1296705900000, false, -5) "
            "USING TIMESTAMP 1000"),
        cql("SELECT u, t, b, f, d, v, a, x FROM vals WHERE KEY = 'r1'"),
        cql("SELECT t, b, v FROM vals WHERE KEY = 'r2'"),
        cql("INSERT INTO byid (KEY, name) VALUES (550e8400-e29b-41d4-a716-446655440000, 'n') "
            "USING TIMESTAMP 1000"),
        cql("SELECT name FROM byid WHERE KEY = 550e8400-e29b-41d4-a716-446655440000"),
        cql("INSERT INTO vals (KEY, u) VALUES ('r3', 'not-a-uuid')"),
        cql("INSERT INTO vals (KEY, t) VALUES ('r3', 'yesterday')"),
        cql("INSERT INTO vals (KEY, b) VALUES ('r3', 'maybe')"),
        cql("INSERT INTO vals (KEY, f) VALUES ('r3', 'x1.5')"),
        cql("INSERT INTO vals (KEY, x) VALUES ('r3', 'xyz')"),
        cql("INSERT INTO vals (KEY, a) VALUES ('r3', '\u00e9')"),
    ]
    if V10:
        steps += [
            cql("INSERT INTO vals (KEY, i, m) VALUES ('r4', -7, '3.14') USING TIMESTAMP 1000"),
            cql("SELECT i, m FROM vals WHERE KEY = 'r4'"),
            cql("INSERT INTO vals (KEY, i) VALUES ('r5', 3000000000)"),
            cql("INSERT INTO vals (KEY, m) VALUES ('r5', 'pi')"),
        ]
    steps.append(cql("DROP KEYSPACE cqltypes"))
    return steps


# --------------------------------------------------------------------------- retries at one timestamp
@sc("reconcile", "timestamps", "Retries")
def reconcile():
    """A queue consumer that retries writes with the message's own timestamp, so writes and
    deletes meet at equal timestamps: two values at one timestamp (each order), a write and
    a remove at one timestamp (each order), both in one batch, an expiring and a plain
    column at one timestamp, a row tombstone and a super column tombstone tied with their
    columns, and the reads that show which won."""
    ks = "Retries"
    cfs = [cf_def(ks, "Msgs", comparator="UTF8Type"),
           cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type")]
    steps = setup(ks, cfs) + [
        v19.insert("m", cparent("Msgs"), column("a", "v1", 10)),
        v19.insert("m", cparent("Msgs"), column("a", "v2", 10)),
        v19.insert("m", cparent("Msgs"), column("b", "v2", 10)),
        v19.insert("m", cparent("Msgs"), column("b", "v1", 10)),
        v19.insert("m", cparent("Msgs"), column("c", "x", 10)),
        v19.remove("m", cpath("Msgs", col="c"), 10),
        v19.remove("m", cpath("Msgs", col="d"), 10),
        v19.insert("m", cparent("Msgs"), column("d", "x", 10)),
        v19.batch_mutate({"m": {"Msgs": [ins("e", "x", 10), dele(["e"], 10)]}}),
        v19.batch_mutate({"m": {"Msgs": [dele(["f"], 10), ins("f", "x", 10)]}}),
        v19.batch_mutate({"m": {"Msgs": [ins("g", "y", 10), ins("g", "x", 10)]}}),
        v19.insert("m", cparent("Msgs"), column("h", "same", 10, ttl=86400)),
        v19.insert("m", cparent("Msgs"), column("h", "same", 10)),
        v19.insert("m", cparent("Msgs"), column("i", "same", 10)),
        v19.insert("m", cparent("Msgs"), column("i", "same", 10, ttl=86400)),
        v19.insert("m", cparent("Msgs"), column("j", "", 10)),
        v19.insert("m", cparent("Msgs"), column("j", "z", 10)),
        v19.get_slice("m", cparent("Msgs"), pred(start="", count=100)),
        v19.batch_mutate({"n": {"Msgs": [ins("a", "1", 20), ins("b", "2", 21)]}}),
        v19.remove("n", cpath("Msgs"), 20),
        v19.get_slice("n", cparent("Msgs"), pred(start="", count=100)),
        v19.batch_mutate({"s": {"Sup": [mutation(cosc(super_column=super_column(
            "p", [column("x", "1", 30), column("y", "2", 31)])))]}}),
        v19.remove("s", cpath("Sup", sc="p"), 30),
        v19.get_slice("s", cparent("Sup"), pred(start="", count=100)),
        v19.get("s", cpath("Sup", sc="p", col="x")),
        v19.insert("s", cparent("Sup", sc="p"), column("x", "again", 30)),
        v19.get_slice("s", cparent("Sup", sc="p"), pred(start="", count=100)),
        v19.get_count("m", cparent("Msgs"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Msgs"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- type names in definitions
@sc("typenames", "schema", "TypeNames")
def typenames():
    """A schema generator's type names, each the way some template spelled it: full class
    names, short ones, a lower-case one, trailing blanks, parameters with blanks, a type the
    release did not have yet (DateType on 0.7, Int32Type on 0.8), an application's own
    class, and a ColumnDef validator and a default validator of each; describe_keyspace of
    what was taken."""
    ks = "TypeNames"
    M = "org.apache.cassandra.db.marshal."
    tries = [("Full", M + "UTF8Type", None), ("Short", "LongType", None),
             ("Lower", "utf8type", None), ("Blank", "UTF8Type ", None),
             ("Custom", "com.example.MyType", None),
             ("Rev", "ReversedType(LongType)" if V08 else "TimeUUIDType", None),
             ("Spaced", "CompositeType(UTF8Type, LongType)" if V08 else "AsciiType", None),
             ("Dated", "DateType", None), ("Int32", "Int32Type", None),
             ("ValFull", "BytesType", M + "LongType"), ("ValShort", "BytesType", "IntegerType"),
             ("ValBad", "BytesType", "Longtype"), ("ValCounter", "BytesType",
                                                    "CounterColumnType")]
    steps = setup(ks, [])
    for name, comp, dv in tries:
        steps.append(v19.system_add_column_family(cf_def(ks, name, comparator=comp,
                                                         default_validation=dv)))
    steps += [
        v19.system_add_column_family(cf_def(ks, "Cols", comparator="UTF8Type", column_metadata=[
            column_def("a", "LongType"), column_def("b", M + "TimeUUIDType")])),
        v19.system_add_column_family(cf_def(ks, "ColsBad", comparator="UTF8Type",
                                            column_metadata=[column_def("a", "Long")])),
        v19.system_add_column_family(cf_def(ks, "SubTyped", column_type="Super",
                                            comparator="UTF8Type", subcomparator="LongType ")),
        v19.system_add_column_family(cf_def(ks, "Kind", column_type="super",
                                            comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Kind2", column_type="Sub",
                                            comparator="UTF8Type")),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- key/value service
@sc("kvstore", "raw", "KV")
def kvstore():
    """A key/value service on `get` and `insert`: misses answered by NotFoundException at
    each consistency level, a value read back at ALL on the one-node ring, a super column
    family read by super column path alone, a get naming no column family, removes at ALL and
    ANY, slices of count 0, a multiget of many keys, and a value of 1 MB."""
    ks = "KV"
    cfs = [cf_def(ks, "Store", comparator="BytesType"),
           cf_def(ks, "Nested", column_type="Super", comparator="BytesType")]
    big = bytes(range(256)) * 4096
    keys = ["key%03d" % i for i in range(40)]
    steps = setup(ks, cfs) + [
        v19.get("missing", cpath("Store", col="v")),
        v19.get("missing", cpath("Store", col="v"), QUORUM),
        v19.get("missing", cpath("Store", col="v"), ALL),
        v19.insert("k", cparent("Store"), column("v", "1", 10), ALL),
        v19.get("k", cpath("Store", col="v"), ALL),
        v19.insert("k", cparent("Nested", sc="s"), column("v", "1", 10)),
        v19.get("k", cpath("Nested", sc="s")),
        v19.get("k", cpath("Nested", col="v")),
        v19.get("k", cpath(None, col="v")),
        v19.get("k", cpath("Store", sc="s", col="v")),
        v19.insert("k", cparent("Nested"), column("v", "1", 10)),
        v19.get_slice("k", cparent("Store"), pred(start="", count=0)),
        v19.get_count("k", cparent("Store"), pred(start="", count=0)),
        v19.remove("k", cpath("Store", col="v"), 20, cl=ALL),
        v19.remove("k", cpath("Store", col="w"), 20, cl=ANY),
        v19.get("k", cpath("Store", col="v")),
        v19.batch_mutate({k: {"Store": [ins("v", k, 30)]} for k in keys}),
        v19.multiget_slice(keys + ["nokey"], cparent("Store"), pred(names=["v"])),
        v19.multiget_count(keys[:5], cparent("Store"), pred(start="", count=10)),
        v19.insert("big", cparent("Store"), column("v", big, 40)),
        v19.get_count("big", cparent("Store"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Store"), pred(names=["nothere"]),
                             key_range(start_key="", end_key="", count=5)),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 storage options
@sc("cql2options", "cql2", "optks", when=V08)
def cql2options():
    """An ops team's CQL 2 DDL with storage options: read repair, gc grace, replicate_on_write,
    comparator and default validation, (1.0 on) compaction strategy and its options and
    compression parameters, (1.1) caching; options the release did not know and values it
    could not read; describe_keyspace of the result and ALTER of a column's type."""
    steps = [
        cql("CREATE KEYSPACE optks WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1"),
        cql("USE optks"),
        cql("CREATE COLUMNFAMILY plain (KEY varchar PRIMARY KEY, v varchar) WITH "
            "read_repair_chance = 0.25 AND gc_grace_seconds = 3600 AND "
            "replicate_on_write = false AND comparator = ascii AND "
            "default_validation = varchar AND min_compaction_threshold = 2 AND "
            "max_compaction_threshold = 8"),
        cql("CREATE COLUMNFAMILY unknownopt (KEY varchar PRIMARY KEY) WITH colour = 'blue'"),
        cql("CREATE COLUMNFAMILY badval (KEY varchar PRIMARY KEY) WITH "
            "gc_grace_seconds = 'soon'"),
        cql("CREATE COLUMNFAMILY badrr (KEY varchar PRIMARY KEY) WITH read_repair_chance = 2.0"),
    ]
    if V10:
        steps += [
            cql("CREATE COLUMNFAMILY lev (KEY varchar PRIMARY KEY) WITH "
                "compaction_strategy_class = 'LeveledCompactionStrategy' AND "
                "compaction_strategy_options:sstable_size_in_mb = 10"),
            cql("CREATE COLUMNFAMILY comp (KEY varchar PRIMARY KEY) WITH "
                "compression_parameters:sstable_compression = 'SnappyCompressor' AND "
                "compression_parameters:chunk_length_kb = 64"),
            cql("CREATE COLUMNFAMILY comp2 (KEY varchar PRIMARY KEY) WITH "
                "compression_parameters:sstable_compression = 'NoSuchCompressor'"),
            cql("CREATE COLUMNFAMILY comp3 (KEY varchar PRIMARY KEY) WITH "
                "compression_parameters:sstable_compression = 'DeflateCompressor' AND "
                "compression_parameters:chunk_length_kb = 3"),
        ]
    if V11:
        steps += [
            cql("CREATE COLUMNFAMILY cached (KEY varchar PRIMARY KEY) WITH caching = 'rows_only'"),
            cql("CREATE COLUMNFAMILY cached2 (KEY varchar PRIMARY KEY) WITH caching = 'some'"),
        ]
    steps += [
        v19.describe_keyspace("optks"),
        cql("ALTER COLUMNFAMILY plain ALTER v TYPE bigint"),
        cql("INSERT INTO plain (KEY, v) VALUES ('a', 'text') USING TIMESTAMP 1000"),
        cql("ALTER COLUMNFAMILY plain ALTER KEY TYPE bigint"),
        cql("ALTER COLUMNFAMILY plain ADD v varchar"),
        cql("DROP KEYSPACE optks"),
    ]
    return steps


# --------------------------------------------------------------------------- a KEYS index's life
@sc("indexlife", "index", "IdxLife")
def indexlife():
    """A pycassa app's KEYS index over its life, each change made before the data it serves:
    create_index on an empty column family, writes, an indexed value changed (the old value
    no longer answers), a column removed, a row removed, paging by start_key, drop_index
    (the update without the index type) and the query refused after, and the index made
    again under another name."""
    ks = "IdxLife"
    base = dict(comparator="UTF8Type", default_validation="UTF8Type")
    steps = setup(ks, [cf_def(ks, "People", **base)]) + [
        v19.system_update_column_family(cf_def(ks, "People", column_metadata=[
            column_def("team", "UTF8Type", KEYS_INDEX, "people_team")],
            extra={16: W.i32(1000)}, **base)),
        v19.describe_keyspace(ks),
    ]
    steps.append(v19.batch_mutate({"p%d" % i: {"People": [
        ins("team", ["red", "blue"][i % 3 == 0], 10), ins("name", "n%d" % i, 10)]}
        for i in range(6)}))
    q = lambda team, start="", count=100: v19.get_indexed_slices(
        cparent("People"), index_clause([index_expr("team", EQ, team)], start_key=start,
                                        count=count), pred(names=["name", "team"]))
    steps += [
        q("red"), q("blue"),
        v19.insert("p1", cparent("People"), column("team", "blue", 20)),
        q("red"), q("blue"),
        v19.remove("p2", cpath("People", col="team"), 20),
        v19.remove("p4", cpath("People"), 20),
        q("red"),
        q("red", count=1),
        q("red", start="p5", count=2),
        v19.system_update_column_family(cf_def(ks, "People", column_metadata=[
            column_def("team", "UTF8Type")], extra={16: W.i32(1000)}, **base)),
        v19.describe_keyspace(ks),
        q("red"),
        v19.system_update_column_family(cf_def(ks, "People", column_metadata=[
            column_def("team", "UTF8Type", KEYS_INDEX, "team_idx2")],
            extra={16: W.i32(1000)}, **base)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- monitoring agent
@sc("monitor", "describe", "Monitored")
def monitor():
    """A monitoring agent's minute loop (an OpsCenter-like collector): cluster name, version,
    partitioner, snitch, schema versions, the ring of every keyspace (the system keyspace's
    too), the token map (0.8 on), the system keyspace's definition, and an application
    column family's splits."""
    ks = "Monitored"
    steps = setup(ks, [cf_def(ks, "Metrics", comparator="UTF8Type")]) + [
        v19.describe_cluster_name(),
        v19.describe_version(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        v19.describe_ring(ks),
        v19.describe_ring("system"),
        v19.describe_keyspace("system"),
        v19.describe_splits("Metrics", "0", "0", 128),
    ]
    if V08:
        steps.append(v19.describe_token_map())
    return steps


# --------------------------------------------------------------------------- expiring sub-columns
@sc("superttl", "super", "SuperTtl")
def superttl():
    """A presence service keeping each user's devices as super columns of expiring
    sub-columns: mixed TTLs in one super column, a super column rewritten, counts at both
    levels, sub-columns deleted by a batch Deletion naming them inside the super column, a
    Deletion of a SliceRange inside a super column (refused before 1.2), and reads."""
    ks = "SuperTtl"
    cfs = [cf_def(ks, "Presence", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type")]
    steps = setup(ks, cfs) + [
        v19.batch_mutate({"u1": {"Presence": [mutation(cosc(super_column=super_column(
            "phone", [column("seen", "t1", 10, ttl=600), column("ip", "1.2.3.4", 10, ttl=86400),
                      column("model", "x", 10)])))]}}),
        v19.batch_mutate({"u1": {"Presence": [mutation(cosc(super_column=super_column(
            "laptop", [column("seen", "t2", 10, ttl=600)])))]}}),
        v19.get_slice("u1", cparent("Presence"), pred(start="", count=100)),
        v19.get_count("u1", cparent("Presence", sc="phone"), pred(start="", count=100)),
        v19.batch_mutate({"u1": {"Presence": [mutation(cosc(super_column=super_column(
            "phone", [column("seen", "t3", 20, ttl=300)])))]}}),
        v19.get("u1", cpath("Presence", sc="phone", col="seen")),
        v19.batch_mutate({"u1": {"Presence": [dele(["ip"], 30, sc_="phone")]}}),
        v19.get_slice("u1", cparent("Presence", sc="phone"), pred(start="", count=100)),
        v19.batch_mutate({"u1": {"Presence": [dele(slice_=srange("a", "z"), ts_=30,
                                                   sc_="laptop")]}}),
        v19.get_slice("u1", cparent("Presence"), pred(start="", count=100)),
        v19.multiget_count(["u1", "u2"], cparent("Presence"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- a 0.6-era client left over
@sc("oldclient", "upgrade", "OldClient")
def oldclient():
    """A service still built against 0.6's IDL after the upgrade: consistency levels 0.6 had
    (ZERO, DCQUORUM, DCQUORUMSYNC) and one no IDL had (a write's refusal quotes its
    absolute timestamp: reads only), 0.6's methods (get_range_slice,
    batch_insert, get_string_property, describe_keyspace's old shape through the new name)
    answered as unknown, and the calls it shared with the new IDL."""
    ks = "OldClient"
    steps = setup(ks, [cf_def(ks, "Std", comparator="UTF8Type")]) + [
        v19.insert("k", cparent("Std"), column("a", "1", 10), 3),
        v19.insert("k", cparent("Std"), column("a", "1", 10), 4),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10), 0),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10), 42),
        raw("get_string_property", {1: b("cluster name")}),
        raw("get_range_slice", {1: b(ks), 2: cparent("Std"), 3: pred(start="", count=10),
                                4: b(""), 5: b(""), 6: W.i32(10), 7: W.i32(1)}),
        raw("batch_insert", {1: b(ks), 2: b("k"), 3: W.map_("bin", "list", []),
                             4: W.i32(1)}),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- 1.1 row filters and paging
@sc("rowfilter", "index", "Filters", when=V11)
def rowfilter():
    """A 1.1 report job on get_range_slices with KeyRange.row_filter (an indexed equality
    plus ranges on other columns, a filter of ranges only, one on a column of the wrong
    width), get_paged_slice from a start column over a Standard family and over a Super one,
    and a paged read with a count smaller than one row."""
    ks = "Filters"
    meta = [column_def("kind", "UTF8Type", KEYS_INDEX), column_def("size", "LongType")]
    cfs = [cf_def(ks, "Files", comparator="UTF8Type", default_validation="UTF8Type",
                  column_metadata=meta),
           cf_def(ks, "Dirs", column_type="Super", comparator="UTF8Type",
                  subcomparator="UTF8Type")]
    steps = setup(ks, cfs)
    steps.append(v19.batch_mutate({"f%d" % i: {"Files": [
        ins("kind", ["doc", "img"][i % 2], 10), ins("size", long_(100 * i), 10),
        ins("name", "file%d" % i, 10)]} for i in range(6)}))
    steps.append(v19.batch_mutate({"d": {"Dirs": [mutation(cosc(super_column=super_column(
        "s%d" % i, [column("x", "1", 10)]))) for i in range(3)]}}))
    steps += [
        v19.get_range_slices(cparent("Files"), pred(names=["name", "size"]),
                             key_range(start_key="", end_key="", count=100, row_filter=[
                                 index_expr("kind", EQ, "doc"),
                                 index_expr("size", GTE, long_(200))])),
        v19.get_range_slices(cparent("Files"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=100, row_filter=[
                                 index_expr("size", LT, long_(300))])),
        v19.get_range_slices(cparent("Files"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=100, row_filter=[
                                 index_expr("kind", EQ, "img"),
                                 index_expr("size", GT, "300")])),
        v19.get_paged_slice("Files", key_range(start_key="", end_key="", count=100), "name"),
        v19.get_paged_slice("Dirs", key_range(start_key="", end_key="", count=100), "s1"),
        v19.get_paged_slice("Files", key_range(start_key="f3", end_key="", count=100), "kind"),
    ]
    return steps
