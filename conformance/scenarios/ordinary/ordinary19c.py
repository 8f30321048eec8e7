"""Ordinary 19.x use as an application written for one release of 0.7 to 1.1 sent it: what
pycassa 1.0-1.7 (ConnectionPool, ColumnFamily, SuperColumnFamily, SystemManager), Hector
0.7/0.8/1.0 (templates, mutators, range and index queries, counters) and Hadoop's
ColumnFamilyInputFormat sent to a node of that release, on its stock cassandra.yaml.

The environment variable RELEASE (0.7.10, 0.8.10, 1.0.12 or 1.1.12) says which release the
application was written for; each scenario sends only the calls and struct fields that
release's IDL declares and an application of its era used: 0.7's KsDef with its required
`replication_factor`, counters, CQL 2 (`execute_cql_query`) and composite comparators from
0.8, compression and compaction options from 1.0, `caching`, `get_paged_slice` and
`describe_splits_ex` from 1.1. An update sends the column family's `id` back,
as pycassa's `alter_column_family` and Hector's `updateColumnFamily` did (the id a fresh
node gave: `o19c_00_schema` runs first on a fresh node, and the names sort in file order so a
replay of the whole folder runs them in the recorded order).

Each scenario owns one keyspace (o19c_<topic>), dropped before and after by capture.py.
A step marked with `sleep(step, seconds)` waits that long before it is sent (a TTL's expiry):
when loaded by capture.py the file makes the corpus runner honour it; a replay must honour the
`sleep` the recording carries (see the runner note at `sleep`).

    RELEASE=0.8.10 capture.py --api 19 --port P --framed --peer "Apache Cassandra 0.8.10" \\
        --out DIR conformance/scenarios/ordinary/ordinary19c.py
"""
import hashlib
import os
import struct as st
import sys
import time
import uuid as _u
import zlib

import thriftwire as W
from dsl import (ALL, ANY, EACH_QUORUM, EQ, GT, GTE, KEYS_INDEX, LOCAL_QUORUM, LT, ONE, QUORUM,
                 TWO, Abs, Step, b, cf_def, column, column_def, cosc, counter_column,
                 counter_super_column, cparent, cpath, deletion, index_clause, index_expr, ins,
                 ins_super, key_range, long_, mutation, pred, raw, scenario, timeuuid, v19)

RELEASE = os.environ.get("RELEASE", "")
if not RELEASE:
    sys.exit("set RELEASE (0.7.10, 0.8.10, 1.0.12 or 1.1.12) to the release being recorded")
R = tuple(int(x) for x in RELEASE.split(".")[:2])

V07 = R < (0, 8)
COUNTERS = R >= (0, 8)
CQL2 = R >= (0, 8)
COMPOSITE = R >= (0, 8)          # CompositeType from 0.8.1
KEY_VALIDATION = R >= (0, 8)
V10 = R >= (1, 0)                # compression, compaction strategy, bloom filter chance
V11 = R >= (1, 1)                # caching, get_paged_slice, describe_splits_ex, token map
M = "org.apache.cassandra.db.marshal."
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"
INT_MAX = 2147483647

# ------------------------------------------------------------------------------ mechanics
_SLEEPS = {}


def sleep(step, seconds):
    """Wait `seconds` before sending the step (real time passing: a TTL's expiry). capture.py
    does not know the field: this file teaches the corpus runner it (below), and the step's
    `sleep` is kept on the Step for tools that write it into the recorded case."""
    step.sleep = seconds
    _SLEEPS[id(step.args)] = seconds
    return step


try:
    import corpus as _corpus

    if not getattr(_corpus.Runner, "_o19c_sleeps", False):
        _orig_call = _corpus.Runner.call

        def _call(self, name, args):
            s = _SLEEPS.get(id(args))
            if s:
                time.sleep(s)
            return _orig_call(self, name, args)

        _corpus.Runner.call = _call
        _corpus.Runner._o19c_sleeps = True
except ImportError:
    pass


def opts(**kw):
    return W.map_("bin", "bin", [(b(k), b(str(v))) for k, v in kw.items()])


def ks_def(name, cfs=(), hector=False, durable=None):
    """The KsDef an application of this release sent: 0.7's required replication_factor; from
    0.8 pycassa put it in strategy_options, Hector 0.8/1.0 in both (field 4 still declared
    before 1.1's removal of its use) and durable_writes."""
    f = {1: b(name), 2: b(SIMPLE), 5: W.list_("struct", list(cfs))}
    if V07:
        f[4] = W.i32(1)
    else:
        f[3] = opts(replication_factor=1)
        if hector and not V11:
            f[4] = W.i32(1)
        if durable is not None:
            f[6] = W.boolean(durable)
    return W.struct(f)


# CfDef options by name: (field id, typed constructor, first release, last release)
_CF_OPTS = {
    "row_cache_size": (9, W.double, (0, 7), (1, 0)),
    "key_cache_size": (11, W.double, (0, 7), (1, 0)),
    "read_repair_chance": (12, W.double, (0, 7), (9, 9)),
    "min_compaction_threshold": (17, W.i32, (0, 7), (9, 9)),
    "max_compaction_threshold": (18, W.i32, (0, 7), (9, 9)),
    "row_cache_save_period_in_seconds": (19, W.i32, (0, 7), (1, 0)),
    "key_cache_save_period_in_seconds": (20, W.i32, (0, 7), (1, 0)),
    "memtable_flush_after_mins": (21, W.i32, (0, 7), (0, 8)),
    "memtable_throughput_in_mb": (22, W.i32, (0, 7), (0, 8)),
    "memtable_operations_in_millions": (23, W.double, (0, 7), (0, 8)),
    "replicate_on_write": (24, W.boolean, (0, 8), (9, 9)),
    "key_validation_class": (26, W.bin_, (0, 8), (9, 9)),
    "compaction_strategy": (29, W.bin_, (1, 0), (9, 9)),
    "compaction_strategy_options": (30, None, (1, 0), (9, 9)),
    "compression_options": (32, None, (1, 0), (9, 9)),
    "bloom_filter_fp_chance": (33, W.double, (1, 0), (9, 9)),
    "caching": (34, W.bin_, (1, 1), (9, 9)),
    "id": (16, W.i32, (0, 7), (9, 9)),
}


def cf(ks, name, **kw):
    """A CfDef with the options this release declared (others the application did not set)."""
    extra, base = {}, {}
    for k, v in kw.items():
        if v is None:
            continue
        if k in _CF_OPTS:
            fid, f, lo, hi = _CF_OPTS[k]
            if not lo <= R <= hi:
                continue
            extra[fid] = opts(**v) if f is None else f(v)
        else:
            base[k] = v
    return cf_def(ks, name, extra=extra, **base)


def setup(ks, *cfs, hector=False):
    return [v19.system_add_keyspace(ks_def(ks, cfs, hector=hector)), v19.set_keyspace(ks)]


def agree():
    """pycassa's SystemManager and Hector waited for schema agreement after each change"""
    return v19.describe_schema_versions()


def version():
    """describe_version compared exactly: the release's own API version"""
    return Step("describe_version", W.struct({}))


def ring(ks):
    return Step("describe_ring", W.struct({1: b(ks)})).mask("0/*/1", "0/*/2", "0/*/3")


def desc(ks):
    return v19.describe_keyspace(ks)


def cql(q, gzip=False):
    """CQL 2: cell timestamps are the server's clock"""
    if gzip:
        step = Step("execute_cql_query", W.struct({1: b(zlib.compress(q.encode())),
                                                   2: W.i32(1)}))
    else:
        step = v19.execute_cql_query(q)
    return step.mask("0/2/*/2/*/3")


def md5_token(key):
    """RandomPartitioner's token of a key: abs(BigInteger(md5(key)))"""
    k = key.encode() if isinstance(key, str) else key
    return str(abs(int.from_bytes(hashlib.md5(k).digest(), "big", signed=True)))


def comp(*parts, eoc=0):
    """CompositeType name: <u16 len><bytes><eoc> per component, eoc on the last one"""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        out += st.pack(">H", len(p)) + p + bytes([(eoc & 0xff) if i == len(parts) - 1 else 0])
    return out


def tu(seq, node=0x0123456789ab):
    return timeuuid(seq, node=node)


def cpred(start, finish, reversed=False, count=100):
    return pred(start=start, finish=finish, reversed=reversed, count=count)


# ------------------------------------------------------------------------------ 00 schema
@scenario("o19c_00_schema", "19", "schema", keyspace_reset="o19c_schema")
def _schema():
    """SystemManager: create_keyspace, create_column_family with the options users set,
    alter_column_family (the described CfDef sent back, id included before 1.1),
    alter_column, create_index, drop_column_family, update keyspace, and the schema errors
    such code met (a duplicate name, an unknown class, a missing keyspace or column family)"""
    ks = "o19c_schema"
    # pycassa's SystemManager set the keyspace before each column family change (0.7 wanted it)
    out = [v19.system_add_keyspace(ks_def(ks)), agree(), v19.set_keyspace(ks)]
    users = cf(ks, "Users", comparator="UTF8Type", default_validation="BytesType",
               comment="user accounts", gc_grace=86400, read_repair_chance=0.5,
               key_cache_size=100000.0, row_cache_size=0.0, min_compaction_threshold=4,
               max_compaction_threshold=32, key_validation_class=M + "UTF8Type",
               replicate_on_write=True, bloom_filter_fp_chance=0.01, caching="keys_only",
               column_metadata=[column_def("email", M + "UTF8Type"),
                                column_def("age", M + "LongType")])
    out += [v19.system_add_column_family(users), agree()]
    logs = cf(ks, "Logs", comparator="LongType", default_validation="UTF8Type",
              compaction_strategy="org.apache.cassandra.db.compaction.LeveledCompactionStrategy",
              compaction_strategy_options={"sstable_size_in_mb": 10},
              compression_options={"sstable_compression":
                                   "org.apache.cassandra.io.compress.SnappyCompressor",
                                   "chunk_length_kb": 64},
              memtable_throughput_in_mb=32, memtable_flush_after_mins=60)
    out += [v19.system_add_column_family(logs), agree()]
    sup = cf(ks, "Threads", column_type="Super", comparator="UTF8Type",
             subcomparator="LongType", comment="forum threads")
    out += [v19.system_add_column_family(sup), agree(), v19.set_keyspace(ks), desc(ks)]
    # alter: pycassa fetched the CfDef from describe_keyspace and sent it back changed, its id
    # included (the ids a fresh node gives: 1000 on, in creation order; 1.1 without the id
    # took a new one and failed the update: "Column family ID mismatch")
    upd = cf(ks, "Users", comparator="UTF8Type", default_validation="BytesType",
             comment="user accounts v2", gc_grace=3600, read_repair_chance=0.1,
             key_cache_size=100000.0, row_cache_size=0.0, min_compaction_threshold=4,
             max_compaction_threshold=32, key_validation_class=M + "UTF8Type",
             replicate_on_write=True, bloom_filter_fp_chance=0.01, caching="all",
             id=1000,
             column_metadata=[column_def("email", M + "UTF8Type"),
                              column_def("age", M + "LongType"),
                              column_def("state", M + "UTF8Type", KEYS_INDEX, "Users_state")])
    out += [v19.system_update_column_family(upd), agree(), desc(ks)]
    # writes through the new metadata, a read through the index
    out += [v19.insert("alice", cparent("Users"), column("state", "CA", 10)),
            v19.insert("alice", cparent("Users"), column("age", long_(31), 10)),
            v19.insert("bob", cparent("Users"), column("state", "NV", 10)),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("state", EQ, "CA")]), pred(start="")),
            v19.insert("carol", cparent("Users"), column("age", "thirty", 10))]
    # errors
    out += [v19.system_add_column_family(cf(ks, "Users", comparator="UTF8Type")),
            v19.system_add_column_family(cf(ks, "Bad", comparator="NoSuchType")),
            v19.system_add_column_family(cf("o19c_nosuch", "X", comparator="UTF8Type")),
            v19.system_add_column_family(cf(ks, "bad-name", comparator="UTF8Type")),
            v19.system_drop_column_family("NoSuchCF"),
            v19.system_add_keyspace(ks_def(ks)),
            v19.system_update_column_family(cf(ks, "Missing", comparator="UTF8Type"))]
    # a stale id (an application's cached CfDef of another column family)
    out.append(v19.system_update_column_family(
        cf(ks, "Logs", comparator="LongType", default_validation="UTF8Type", id=1000,
           comment="stale")))
    out.append(v19.set_keyspace(ks))  # the client's reconnect (1.1 closed the connection)
    out += [v19.system_drop_column_family("Logs"), agree(), desc(ks),
            v19.system_update_keyspace(ks_def(ks, durable=False if not V07 else None)),
            agree(), desc(ks)]
    return out


# ------------------------------------------------------------------------------ 01 connect
@scenario("o19c_01_connect", "19", "describe", keyspace_reset="o19c_connect")
def _connect():
    """what pycassa's ConnectionPool and Hector's cluster asked at connect and while running:
    the API version, the keyspace's definition (pycassa's ColumnFamily loads its CfDef), the
    ring, names, schema agreement; the describe calls of a wrong keyspace"""
    ks = "o19c_connect"
    out = [version(), v19.describe_cluster_name(), v19.describe_keyspaces().mask("0/*/5/*/16")]
    out += [v19.system_add_keyspace(ks_def(ks, [cf(ks, "Users", comparator="UTF8Type",
                                                   default_validation="UTF8Type")])),
            agree(), v19.set_keyspace(ks), desc(ks), ring(ks), v19.describe_partitioner(),
            v19.describe_snitch(), desc("system"),
            v19.login({"username": "app", "password": "secret"}),
            v19.insert("k1", cparent("Users"), column("name", "first", 5)),
            v19.get_slice("k1", cparent("Users"), pred(start="")),
            v19.set_keyspace("o19c_NoSuchKeyspace"),
            v19.get_slice("k1", cparent("Users"), pred(start="")),
            desc("o19c_NoSuchKeyspace"), ring("o19c_NoSuchKeyspace"),
            v19.describe_keyspaces().mask("0/*/5/*/16")]
    if V11:
        out.append(v19.describe_token_map().mask("0"))
    out += [version(), v19.describe_cluster_name()]
    return out


# ------------------------------------------------------------------------------ 02 users
@scenario("o19c_02_users", "19", "crud", keyspace_reset="o19c_users")
def _users():
    """pycassa ColumnFamily on a UTF8 column family with typed column metadata: insert (one
    column through insert, several through batch_mutate), get with columns, column_start and
    _finish, column_reversed and column_count, multiget, get_count, multiget_count, remove of
    a column and of a row, stale timestamps, a value its validator refuses"""
    ks = "o19c_users"
    users = cf(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
               key_validation_class=M + "UTF8Type",
               column_metadata=[column_def("age", M + "LongType"),
                                column_def("id", M + "LexicalUUIDType")])
    out = setup(ks, users)
    out += [v19.insert("jsmith", cparent("Users"), column("first", "John", 10)),
            v19.batch_mutate({"jsmith": {"Users": [ins("last", "Smith", 10),
                                                   ins("age", long_(42), 10),
                                                   ins("email", "js@example.com", 10)]},
                              "bjones": {"Users": [ins("first", "Bob", 10),
                                                   ins("last", "Jones", 10),
                                                   ins("age", long_(27), 10)]}}),
            v19.get_slice("jsmith", cparent("Users"), pred(start="", count=100)),
            v19.get_slice("jsmith", cparent("Users"), pred(names=["first", "age", "nope"])),
            v19.get_slice("jsmith", cparent("Users"), pred(start="a", finish="f")),
            v19.get_slice("jsmith", cparent("Users"), pred(start="", reversed=True, count=1)),
            v19.get_slice("jsmith", cparent("Users"), pred(start="last", finish="", count=2)),
            v19.get("jsmith", cpath("Users", col="email")),
            v19.get("jsmith", cpath("Users", col="phone")),
            v19.get("nobody", cpath("Users", col="email")),
            v19.get_slice("nobody", cparent("Users"), pred(start="")),
            v19.multiget_slice(["jsmith", "bjones", "nobody"], cparent("Users"),
                               pred(start="", count=100)),
            v19.get_count("jsmith", cparent("Users"), pred(start="", count=INT_MAX)),
            v19.multiget_count(["jsmith", "bjones", "nobody"], cparent("Users"),
                               pred(start="", count=INT_MAX)),
            # an update, an older write that loses, a newer one that wins
            v19.insert("jsmith", cparent("Users"), column("email", "john@example.com", 20)),
            v19.insert("jsmith", cparent("Users"), column("email", "old@example.com", 15)),
            v19.get("jsmith", cpath("Users", col="email")),
            v19.remove("jsmith", cpath("Users", col="email"), 18),
            v19.get("jsmith", cpath("Users", col="email")),
            v19.remove("jsmith", cpath("Users", col="email"), 21),
            v19.get("jsmith", cpath("Users", col="email")),
            v19.remove("bjones", cpath("Users"), 30),
            v19.get_slice("bjones", cparent("Users"), pred(start="")),
            v19.insert("bjones", cparent("Users"), column("first", "Robert", 25)),
            v19.get_slice("bjones", cparent("Users"), pred(start="")),
            v19.insert("bjones", cparent("Users"), column("first", "Bobby", 31)),
            v19.get_slice("bjones", cparent("Users"), pred(start="")),
            # validators
            v19.insert("jsmith", cparent("Users"), column("age", "42", 40)),
            v19.insert("jsmith", cparent("Users"), column("id", "not-a-uuid", 40)),
            v19.insert("jsmith", cparent("Users"), column("id", _u.UUID(int=7).bytes, 40)),
            v19.batch_mutate({"jsmith": {"Users": [ins("first", "Johnny", 41),
                                                   ins("age", b"\x01", 41)]}}),
            v19.get_slice("jsmith", cparent("Users"), pred(start="")),
            # consistency levels apps set
            v19.insert("cl", cparent("Users"), column("a", "1", 10), QUORUM),
            v19.insert("cl", cparent("Users"), column("b", "2", 10), ALL),
            v19.insert("cl", cparent("Users"), column("c", "3", 10), ANY),
            v19.get_slice("cl", cparent("Users"), pred(start=""), QUORUM),
            v19.get_slice("cl", cparent("Users"), pred(start=""), ALL),
            v19.get_slice("cl", cparent("Users"), pred(start=""), ANY),
            v19.get_count("cl", cparent("Users"), pred(start="", count=INT_MAX), QUORUM)]
    return out


# ------------------------------------------------------------------------------ 03 blog
@scenario("o19c_03_blog", "19", "super", keyspace_reset="o19c_blog")
def _blog():
    """BloggyAppy ("WTF is a SuperColumn"): Authors, BlogEntries, TaggedPosts (TimeUUID
    names, newest first) and Comments (a super column family: a comment per TimeUUID super
    column), read as the article's application read them"""
    ks = "o19c_blog"
    out = setup(ks,
                cf(ks, "Authors", comparator="BytesType"),
                cf(ks, "BlogEntries", comparator="BytesType"),
                cf(ks, "TaggedPosts", comparator="TimeUUIDType"),
                cf(ks, "Comments", column_type="Super", comparator="TimeUUIDType",
                   subcomparator="BytesType"))
    out += [v19.batch_mutate({"arin": {"Authors": [ins("email", "arin@example.com", 1),
                                                   ins("bio", "bla", 1)]},
                              "joe": {"Authors": [ins("email", "joe@example.com", 1)]}})]
    posts = [("i-got-a-new-guitar", "arin", ["music", "guitar", "__notag__"]),
             ("another-cool-guitar", "arin", ["guitar", "__notag__"]),
             ("scream-is-the-best-movie-ever", "joe", ["movie", "__notag__"])]
    for n, (slug, author, tags) in enumerate(posts):
        out.append(v19.batch_mutate(
            dict([(slug, {"BlogEntries": [ins("title", slug.replace("-", " "), 2),
                                          ins("body", "text of " + slug, 2),
                                          ins("author", author, 2),
                                          ins("tags", ",".join(tags[:-1]), 2)]})] +
                 [(t, {"TaggedPosts": [ins(tu(n + 1), slug, 2)]}) for t in tags])))
    for n, (who, txt) in enumerate([("joe", "nice"), ("sam", "meh"), ("amy", "cool")]):
        out.append(v19.insert("i-got-a-new-guitar", cparent("Comments", tu(100 + n)),
                              column("commenter", who, 3)))
        out.append(v19.insert("i-got-a-new-guitar", cparent("Comments", tu(100 + n)),
                              column("comment", txt, 3)))
    out.append(v19.batch_mutate({"another-cool-guitar": {"Comments": [
        ins_super(tu(200), [("commenter", "joe"), ("comment", "again")], 3)]}}))
    out += [
        # the front page: the 10 newest posts of __notag__, then their entries
        v19.get_slice("__notag__", cparent("TaggedPosts"), pred(start="", reversed=True,
                                                                 count=10)),
        v19.multiget_slice([p[0] for p in posts] + ["no-such-post"], cparent("BlogEntries"),
                           pred(start="")),
        v19.get_slice("guitar", cparent("TaggedPosts"), pred(start="", reversed=True, count=1)),
        v19.get_slice("guitar", cparent("TaggedPosts"),
                      pred(start=tu(2), finish="", reversed=True, count=10)),
        # comments, newest first, and a comment's fields
        v19.get_slice("i-got-a-new-guitar", cparent("Comments"),
                      pred(start="", reversed=True, count=2)),
        v19.get_slice("i-got-a-new-guitar", cparent("Comments", tu(101)), pred(start="")),
        v19.get("i-got-a-new-guitar", cpath("Comments", tu(101), "commenter")),
        v19.get("i-got-a-new-guitar", cpath("Comments", tu(102))),
        v19.get("i-got-a-new-guitar", cpath("Comments", tu(999))),
        v19.get_count("i-got-a-new-guitar", cparent("Comments"), pred(start="", count=INT_MAX)),
        v19.get_count("i-got-a-new-guitar", cparent("Comments", tu(100)),
                      pred(start="", count=INT_MAX)),
        v19.multiget_slice(["i-got-a-new-guitar", "another-cool-guitar", "none"],
                           cparent("Comments"), pred(start="", count=1)),
        v19.multiget_count(["i-got-a-new-guitar", "another-cool-guitar"], cparent("Comments"),
                           pred(start="", count=INT_MAX)),
        # moderation: a field, a whole comment, a comment through a mutator's deletion
        v19.remove("i-got-a-new-guitar", cpath("Comments", tu(100), "comment"), 4),
        v19.remove("i-got-a-new-guitar", cpath("Comments", tu(101)), 4),
        v19.batch_mutate({"i-got-a-new-guitar": {"Comments": [
            mutation(deletion_=deletion(4, sc=tu(102), predicate=pred(names=["commenter"])))]}}),
        v19.get_slice("i-got-a-new-guitar", cparent("Comments"), pred(start="")),
        v19.get_range_slices(cparent("Comments"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=10)),
        # a post deleted: its entry row and its tag columns
        v19.remove("scream-is-the-best-movie-ever", cpath("BlogEntries"), 5),
        v19.batch_mutate({"movie": {"TaggedPosts": [
            mutation(deletion_=deletion(5, predicate=pred(names=[tu(3)])))]},
            "__notag__": {"TaggedPosts": [
                mutation(deletion_=deletion(5, predicate=pred(names=[tu(3)])))]}}),
        v19.get_slice("__notag__", cparent("TaggedPosts"), pred(start="", reversed=True)),
        v19.get_range_slices(cparent("BlogEntries"), pred(names=["title"]),
                             key_range(start_key="", end_key="", count=10)),
        # what a wrong path gave
        v19.get("i-got-a-new-guitar", cpath("Comments", col="commenter")),
        v19.get_slice("arin", cparent("Authors", "email"), pred(start="")),
        v19.insert("x", cparent("Comments"), column("commenter", "z", 6)),
        v19.insert("x", cparent("TaggedPosts"), column("not-a-uuid", "z", 6)),
    ]
    return out


# ------------------------------------------------------------------------------ 04 timeline
@scenario("o19c_04_timeline", "19", "order", keyspace_reset="o19c_timeline")
def _timeline():
    """time series: a TimeUUID timeline paged as pycassa's xget and Hector's ColumnSliceIterator
    paged it (from the last name, one more), newest first; LongType event counts by time and
    score; the names those comparators refused"""
    ks = "o19c_timeline"
    out = setup(ks, cf(ks, "Timeline", comparator="TimeUUIDType",
                       default_validation="UTF8Type"),
                cf(ks, "Events", comparator="LongType", default_validation="UTF8Type"))
    out.append(v19.batch_mutate({"user1": {"Timeline": [
        ins(tu(i, node=0x0123456789ab + (i % 3)), "tweet %d" % i, 10 + i) for i in range(12)]}}))
    # two tweets in the same 100ns, different nodes
    out.append(v19.batch_mutate({"user1": {"Timeline": [
        ins(tu(5, node=0x111111111111), "tweet 5b", 30),
        ins(tu(5, node=0xffffffffffff), "tweet 5c", 30)]}}))
    page = 5
    out += [v19.get_slice("user1", cparent("Timeline"), pred(start="", count=page)),
            v19.get_slice("user1", cparent("Timeline"),
                          pred(start=tu(3, node=0x0123456789ab), count=page + 1)),
            v19.get_slice("user1", cparent("Timeline"),
                          pred(start=tu(7, node=0x0123456789ab + 1), count=page + 1)),
            v19.get_slice("user1", cparent("Timeline"),
                          pred(start=tu(11, node=0x0123456789ab + 2), count=page + 1)),
            v19.get_slice("user1", cparent("Timeline"), pred(start="", reversed=True,
                                                             count=page)),
            v19.get_slice("user1", cparent("Timeline"),
                          pred(start=tu(7, node=0x0123456789ab + 1), reversed=True,
                               count=page + 1)),
            v19.get_slice("user1", cparent("Timeline"),
                          pred(start=tu(4), finish=tu(6), count=100)),
            v19.get_count("user1", cparent("Timeline"), pred(start="", count=INT_MAX)),
            v19.get_count("user1", cparent("Timeline"),
                          pred(start=tu(2), finish=tu(8), count=INT_MAX))]
    out.append(v19.batch_mutate({"2012-05-01": {"Events": [
        ins(long_(t), "event at %d" % t, 10) for t in
        (1336000000, 1336000060, -5, 0, 1336003600, 7, 1 << 40)]}}))
    out += [v19.get_slice("2012-05-01", cparent("Events"), pred(start="")),
            v19.get_slice("2012-05-01", cparent("Events"),
                          pred(start=long_(0), finish=long_(1336000060))),
            v19.get_slice("2012-05-01", cparent("Events"),
                          pred(start=long_(1336003600), finish=long_(0), reversed=True,
                               count=3)),
            v19.get_slice("2012-05-01", cparent("Events"),
                          pred(names=[long_(7), long_(8), long_(-5)])),
            v19.get("2012-05-01", cpath("Events", col=long_(1336000000))),
            v19.remove("2012-05-01", cpath("Events", col=long_(0)), 11),
            v19.get_slice("2012-05-01", cparent("Events"), pred(start="", count=3)),
            # refused names
            v19.insert("2012-05-01", cparent("Events"), column(b"\x00\x01", "short", 12)),
            v19.insert("2012-05-01", cparent("Events"), column("1336000000", "text", 12)),
            v19.get_slice("2012-05-01", cparent("Events"), pred(start=b"\x01\x02\x03",
                                                               finish="")),
            v19.insert("user1", cparent("Timeline"), column(_u.UUID(int=5).bytes, "v4", 12)),
            v19.insert("user1", cparent("Timeline"), column(b"0123", "short", 12)),
            v19.get_slice("user1", cparent("Timeline"), pred(start="abc", finish="")),
            v19.get_slice("user1", cparent("Timeline"), pred(start=tu(8), finish=tu(2))),
            v19.get_slice("2012-05-01", cparent("Events"),
                          pred(start=long_(10), finish=long_(1), count=10))]
    return out


# ------------------------------------------------------------------------------ 05 range
@scenario("o19c_05_range", "19", "range", keyspace_reset="o19c_range")
def _range():
    """pycassa's get_range and Hector's RangeSlicesQuery: pages of rows from the last key (the
    first row of each page a repeat), columns by name and by slice, deleted rows (range
    ghosts), and the key ranges RandomPartitioner refused"""
    ks = "o19c_range"
    out = setup(ks, cf(ks, "Items", comparator="UTF8Type", default_validation="UTF8Type"))
    keys = ["item%02d" % i for i in range(14)]
    out.append(v19.batch_mutate({k: {"Items": [ins("name", "Item " + k, 10),
                                                ins("price", str(i * 3), 10),
                                                ins("stock", str(i % 4), 10)]}
                                 for i, k in enumerate(keys)}))
    # the order of RandomPartitioner: the keys sorted by their tokens
    order = sorted(keys, key=lambda k: int(md5_token(k)))
    out += [v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=5)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key=order[4], end_key="", count=5)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key=order[8], end_key="", count=5)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key=order[12], end_key="", count=5)),
            v19.get_range_slices(cparent("Items"), pred(names=["price"]),
                                 key_range(start_key="", end_key="", count=100), QUORUM),
            v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                                 key_range(start_key=order[2], end_key=order[6], count=100)),
            # the rows removed come back without columns
            v19.remove(order[1], cpath("Items"), 20),
            v19.batch_mutate({order[3]: {"Items": [mutation(deletion_=deletion(20))]}}),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=5)),
            v19.get_range_slices(cparent("Items"), pred(names=["stock"]),
                                 key_range(start_key="", end_key="", count=4)),
            # key ranges backwards, keys with tokens, an empty count
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key=order[6], end_key=order[2], count=100)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="item00", start_token="0", count=10)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=0)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=-1)),
            v19.get_range_slices(cparent("NoSuchCF"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=100), ANY),
            v19.truncate("Items"),
            v19.get_range_slices(cparent("Items"), pred(start=""),
                                 key_range(start_key="", end_key="", count=100)),
            v19.truncate("NoSuchCF")]
    return out


# ------------------------------------------------------------------------------ 06 hadoop
@scenario("o19c_06_hadoop", "19", "range", keyspace_reset="o19c_hadoop")
def _hadoop():
    """ColumnFamilyInputFormat and ColumnFamilyRecordReader of the release: describe_ring for
    the ranges, describe_splits per range, then get_range_slices by tokens, each page from the
    last row's token; ColumnFamilyOutputFormat's batch_mutate of the results"""
    ks = "o19c_hadoop"
    out = setup(ks, cf(ks, "Words", comparator="UTF8Type", default_validation="UTF8Type"),
                cf(ks, "Counts", comparator="UTF8Type", default_validation="UTF8Type"))
    keys = ["doc%d" % i for i in range(9)]
    out.append(v19.batch_mutate({k: {"Words": [ins("text", "the quick brown fox %d" % i, 10),
                                               ins("lang", "en", 10)]}
                                 for i, k in enumerate(keys)}))
    out += [ring(ks), v19.describe_partitioner(),
            v19.describe_splits("Words", "0", "0", 65536),
            v19.describe_splits("Words", "0", "85070591730234615865843651857942052864", 65536),
            v19.describe_splits("Words", "85070591730234615865843651857942052864", "0", 16)]
    if V11:
        out += [Step("describe_splits_ex", W.struct({1: b("Words"), 2: b("0"), 3: b("0"),
                                                     4: W.i32(65536)})),
                Step("describe_splits_ex", W.struct({1: b("NoSuchCF"), 2: b("0"), 3: b("0"),
                                                     4: W.i32(65536)})),
                v19.set_keyspace(ks)]  # the client's reconnect (1.1 closed the connection)
    order = sorted(keys, key=lambda k: int(md5_token(k)))
    out += [v19.get_range_slices(cparent("Words"), pred(start="", count=INT_MAX),
                                 key_range(start_token="0", end_token="0", count=4)),
            v19.get_range_slices(cparent("Words"), pred(start="", count=INT_MAX),
                                 key_range(start_token=md5_token(order[3]), end_token="0",
                                           count=4)),
            v19.get_range_slices(cparent("Words"), pred(start="", count=INT_MAX),
                                 key_range(start_token=md5_token(order[6]), end_token="0",
                                           count=4)),
            v19.get_range_slices(cparent("Words"), pred(names=["text"]),
                                 key_range(start_token="0",
                                           end_token="85070591730234615865843651857942052864",
                                           count=100)),
            v19.get_range_slices(cparent("Words"), pred(names=["text"]),
                                 key_range(start_token="85070591730234615865843651857942052864",
                                           end_token="0", count=100)),
            v19.get_range_slices(cparent("Words"), pred(names=["text"]),
                                 key_range(start_token="not-a-token", end_token="0",
                                           count=100)),
            v19.set_keyspace(ks)]  # the client's reconnect (1.1 closed the connection)
    out.append(v19.batch_mutate({w: {"Counts": [ins("count", str(n), 20)]}
                                 for w, n in [("the", 9), ("quick", 9), ("fox", 9)]}))
    out += [v19.get_range_slices(cparent("Counts"), pred(start=""),
                                 key_range(start_token="0", end_token="0", count=100)),
            v19.describe_splits("NoSuchCF", "0", "0", 65536)]
    return out


# ------------------------------------------------------------------------------ 07 index
@scenario("o19c_07_index", "19", "index", keyspace_reset="o19c_index")
def _index():
    """secondary indexes as pycassa's get_indexed_slices and Hector's IndexedSlicesQuery used
    them: an EQ with more expressions, pages from the last key, an updated and a removed row,
    an index added by system_update_column_family, and the clauses refused"""
    ks = "o19c_index"
    users = cf(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
               column_metadata=[column_def("state", M + "UTF8Type", KEYS_INDEX),
                                column_def("birth_year", M + "LongType", KEYS_INDEX,
                                           "birth_idx")])
    out = setup(ks, users)
    rows = [("u1", "UT", 1970), ("u2", "UT", 1980), ("u3", "CA", 1975), ("u4", "UT", 1975),
            ("u5", "TX", 1980), ("u6", "UT", 1990), ("u7", "CA", 1980)]
    out.append(v19.batch_mutate({k: {"Users": [ins("state", s, 10),
                                               ins("birth_year", long_(y), 10),
                                               ins("name", "user " + k, 10)]}
                                 for k, s, y in rows}))
    ut = index_expr("state", EQ, "UT")
    out += [v19.get_indexed_slices(cparent("Users"), index_clause([ut]), pred(start="")),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([ut, index_expr("birth_year", GT, long_(1972))]),
                                   pred(names=["birth_year"])),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("birth_year", EQ, long_(1980)),
                                                 index_expr("state", LT, "UT")]),
                                   pred(start="")),
            v19.get_indexed_slices(cparent("Users"), index_clause([ut], count=2),
                                   pred(start="", count=1)),
            v19.get_indexed_slices(cparent("Users"), index_clause([ut], start_key="u2", count=3),
                                   pred(start="", count=1)),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([ut, index_expr("name", GTE, "user u4")]),
                                   pred(names=["name"]), QUORUM),
            # a row moves to another state, one is removed
            v19.insert("u1", cparent("Users"), column("state", "NV", 20)),
            v19.remove("u6", cpath("Users"), 20),
            v19.get_indexed_slices(cparent("Users"), index_clause([ut]), pred(names=["state"])),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("state", EQ, "NV")]),
                                   pred(start="")),
            # refused clauses
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("birth_year", GT, long_(1970))]),
                                   pred(start="")),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("name", EQ, "user u2")]),
                                   pred(start="")),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("birth_year", EQ, "1980")]),
                                   pred(start="")),
            v19.get_indexed_slices(cparent("NoSuchCF"), index_clause([ut]), pred(start="")),
            v19.get_indexed_slices(cparent("Users"), index_clause([]), pred(start="")),
            v19.get_indexed_slices(cparent("Users"), index_clause([ut]), pred(start=""), ANY)]
    if V11:
        # 1.1's KeyRange.row_filter: a range read with an index expression
        out.append(v19.get_range_slices(cparent("Users"), pred(names=["state"]),
                                        key_range(start_key="", end_key="", count=10,
                                                  row_filter=[ut])))
    return out


# ------------------------------------------------------------------------------ 08 batch
@scenario("o19c_08_batch", "19", "batch", keyspace_reset="o19c_batch")
def _batch():
    """Hector's Mutator (every write a batch_mutate, at QUORUM by default): insertions and
    deletions across rows and column families, deletions by names and of whole rows and super
    columns, a deletion and an insertion of one column in one batch, and the mutations 0.7 to
    1.1 refused (a slice range deletion, a mutation with neither part, both parts)"""
    ks = "o19c_batch"
    out = setup(ks, cf(ks, "Orders", comparator="UTF8Type", default_validation="UTF8Type"),
                cf(ks, "OrderLines", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type", default_validation="UTF8Type"),
                cf(ks, "ByCustomer", comparator="UTF8Type"), hector=True)
    out += [v19.batch_mutate({
        "o1": {"Orders": [ins("customer", "c1", 10), ins("status", "new", 10),
                          ins("total", "30", 10)],
               "OrderLines": [ins_super("line1", [("sku", "A"), ("qty", "1")], 10),
                              ins_super("line2", [("sku", "B"), ("qty", "2")], 10)]},
        "o2": {"Orders": [ins("customer", "c1", 10), ins("status", "new", 10)],
               "OrderLines": [ins_super("line1", [("sku", "C"), ("qty", "5")], 10)]},
        "c1": {"ByCustomer": [ins("o1", "", 10), ins("o2", "", 10)]}}, QUORUM),
        v19.multiget_slice(["o1", "o2"], cparent("Orders"), pred(start=""), QUORUM),
        v19.get_slice("o1", cparent("OrderLines"), pred(start=""), QUORUM),
        v19.get_slice("c1", cparent("ByCustomer"), pred(start=""), QUORUM),
        # status change and a line removed, one batch
        v19.batch_mutate({
            "o1": {"Orders": [ins("status", "shipped", 20),
                              mutation(deletion_=deletion(20, predicate=pred(names=["total"])))],
                   "OrderLines": [mutation(deletion_=deletion(20, sc="line2")),
                                  mutation(deletion_=deletion(
                                      20, sc="line1", predicate=pred(names=["qty"])))]}}, QUORUM),
        v19.get_slice("o1", cparent("Orders"), pred(start=""), QUORUM),
        v19.get_slice("o1", cparent("OrderLines"), pred(start=""), QUORUM),
        # an order cancelled: its row and its index column, one batch
        v19.batch_mutate({"o2": {"Orders": [mutation(deletion_=deletion(30))],
                                 "OrderLines": [mutation(deletion_=deletion(30))]},
                          "c1": {"ByCustomer": [mutation(deletion_=deletion(
                              30, predicate=pred(names=["o2"])))]}}, QUORUM),
        v19.multiget_slice(["o1", "o2"], cparent("Orders"), pred(start=""), QUORUM),
        v19.get_count("c1", cparent("ByCustomer"), pred(start="", count=INT_MAX), QUORUM),
        # delete and re-insert one column in one batch (same timestamp: the tombstone wins)
        v19.batch_mutate({"o1": {"Orders": [
            mutation(deletion_=deletion(40, predicate=pred(names=["status"]))),
            ins("status", "returned", 40)]}}, QUORUM),
        v19.get("o1", cpath("Orders", col="status"), QUORUM),
        v19.batch_mutate({"o1": {"Orders": [ins("status", "returned", 41)]}}, QUORUM),
        v19.get("o1", cpath("Orders", col="status"), QUORUM),
        # what the releases refused
        v19.batch_mutate({"o1": {"Orders": [mutation(deletion_=deletion(
            50, predicate=pred(start="a", finish="z")))]}}, QUORUM),
        v19.batch_mutate({"o1": {"Orders": [mutation()]}}, QUORUM),
        v19.batch_mutate({"o1": {"Orders": [mutation(
            cosc(column=column("x", "y", 50)), deletion(50))]}}, QUORUM),
        v19.batch_mutate({"o1": {"NoSuchCF": [ins("x", "y", 50)]}}, QUORUM),
        v19.batch_mutate({"o1": {"OrderLines": [ins("x", "y", 50)]}}, QUORUM),
        v19.batch_mutate({"o1": {"Orders": [ins_super("x", [("a", "b")], 50)]}}, QUORUM),
        v19.batch_mutate({"": {"Orders": [ins("x", "y", 50)]}}, QUORUM),
        v19.batch_mutate({"o3": {"Orders": [mutation(cosc(column=column("x", "y", None)))]}},
                         QUORUM),
        v19.batch_mutate({"o3": {"Orders": [ins("x", "y", 50)]}}, ANY),
        v19.set_keyspace(ks),  # the client's reconnect, where the release closed it
        v19.batch_mutate({}, QUORUM),
        v19.get_range_slices(cparent("Orders"), pred(start=""),
                             key_range(start_key="", end_key="", count=100), QUORUM),
        v19.truncate("OrderLines"),
        v19.get_slice("o1", cparent("OrderLines"), pred(start=""), QUORUM)]
    return out


# ------------------------------------------------------------------------------ 09 ttl
@scenario("o19c_09_ttl", "19", "ttl", keyspace_reset="o19c_ttl")
def _ttl():
    """sessions and caches with a TTL (pycassa's ttl=, Hector's setTtl): read back at once
    with their ttl, then after they expired (the runner sleeps): gets, slices, counts, range
    and multiget reads; a TTL refreshed by a rewrite; the TTLs refused"""
    ks = "o19c_ttl"
    out = setup(ks, cf(ks, "Sessions", comparator="UTF8Type", default_validation="UTF8Type"))
    out += [v19.insert("s1", cparent("Sessions"), column("user", "alice", 10, ttl=2)),
            v19.insert("s1", cparent("Sessions"), column("created", "now", 10)),
            v19.batch_mutate({"s2": {"Sessions": [ins("user", "bob", 10, ttl=2),
                                                  ins("token", "abc", 10, ttl=2)]},
                              "s3": {"Sessions": [ins("user", "carl", 10, ttl=3600)]}}),
            v19.get("s1", cpath("Sessions", col="user")),
            v19.get_slice("s2", cparent("Sessions"), pred(start="")),
            v19.get_count("s2", cparent("Sessions"), pred(start="", count=INT_MAX)),
            # s3 refreshed without a TTL, s1's user with a longer one
            v19.insert("s3", cparent("Sessions"), column("user", "carl", 11)),
            v19.insert("s1", cparent("Sessions"), column("token", "t", 11, ttl=600)),
            sleep(v19.get("s1", cpath("Sessions", col="user")), 3.5),
            v19.get_slice("s1", cparent("Sessions"), pred(start="")),
            v19.get_slice("s2", cparent("Sessions"), pred(start="")),
            v19.get_count("s2", cparent("Sessions"), pred(start="", count=INT_MAX)),
            v19.multiget_slice(["s1", "s2", "s3"], cparent("Sessions"), pred(start="")),
            v19.multiget_count(["s1", "s2", "s3"], cparent("Sessions"),
                               pred(start="", count=INT_MAX)),
            v19.get_range_slices(cparent("Sessions"), pred(start=""),
                                 key_range(start_key="", end_key="", count=100)),
            v19.get_slice("s3", cparent("Sessions"), pred(start="")),
            # refused
            v19.insert("s4", cparent("Sessions"), column("user", "x", 20, ttl=0)),
            v19.insert("s4", cparent("Sessions"), column("user", "x", 20, ttl=-1)),
            v19.batch_mutate({"s4": {"Sessions": [ins("user", "x", 20, ttl=0)]}}),
            v19.get_slice("s4", cparent("Sessions"), pred(start=""))]
    return out


# ------------------------------------------------------------------------------ 10 errors
@scenario("o19c_10_errors", "19", "invalid", keyspace_reset="o19c_errors")
def _errors():
    """the errors applications hit: no keyspace set yet, an unknown keyspace or column family,
    a path of the wrong kind (super against standard and back), names and values of the wrong
    type, an empty key or name, a slice backwards, a negative count, missing rows"""
    ks = "o19c_errors"
    out = [v19.get("k", cpath("Std", col="c")),
           v19.insert("k", cparent("Std"), column("c", "v", 1)),
           v19.get_range_slices(cparent("Std"), pred(start=""),
                                key_range(start_key="", end_key="", count=10))]
    out += setup(ks, cf(ks, "Std", comparator="UTF8Type"),
                 cf(ks, "Sup", column_type="Super", comparator="UTF8Type",
                    subcomparator="UTF8Type"),
                 cf(ks, "Nums", comparator="LongType", default_validation="LongType"),
                 cf(ks, "Asc", comparator="AsciiType"),
                 cf(ks, "Ints", comparator="IntegerType"))
    out += [v19.insert("k", cparent("Std"), column("c", "v", 1)),
            v19.get("k", cpath("std", col="c")),
            v19.get("k", cpath("NoSuchCF", col="c")),
            v19.get("k", cpath("Std")),
            v19.get("k", cpath("Std", "sc", "c")),
            v19.get("k", cpath("Sup", col="c")),
            v19.get_slice("k", cparent("Std", "sc"), pred(start="")),
            v19.insert("k", cparent("Sup"), column("c", "v", 1)),
            v19.insert("k", cparent("Std"), column("", "v", 1)),
            v19.insert("", cparent("Std"), column("c", "v", 1)),
            v19.insert("k", cparent("Std"), column(b"\xff\xfe", "v", 1)),
            v19.insert("k", cparent("Asc"), column("caf\u00e9", "v", 1)),
            v19.insert("k", cparent("Nums"), column(long_(1), "abc", 1)),
            v19.insert("k", cparent("Nums"), column(long_(1), long_(5), 1)),
            v19.insert("k", cparent("Ints"), column(b"\x00\x80", "v", 1)),
            v19.insert("k", cparent("Ints"), column(b"\xff", "v", 1)),
            v19.insert("k", cparent("Ints"), column(b"\x01\x00\x00\x00\x00\x00\x00\x00\x00",
                                                    "v", 1)),
            v19.get_slice("k", cparent("Ints"), pred(start="")),
            v19.get_slice("k", cparent("Std"), pred(start="z", finish="a")),
            v19.get_slice("k", cparent("Std"), pred(start="", count=-1)),
            v19.get_slice("k", cparent("Std"), pred()),
            v19.get_slice("k", cparent("Std"), pred(names=["c"], start="")),
            v19.get_slice("", cparent("Std"), pred(start="")),
            v19.multiget_slice(["k", ""], cparent("Std"), pred(start="")),
            v19.multiget_slice([], cparent("Std"), pred(start="")),
            v19.get("missing", cpath("Std", col="c")),
            v19.get("k", cpath("Std", col="missing")),
            v19.get("k", cpath("Sup", "sc")),
            v19.remove("k", cpath("Std", col="c"), Abs(0)),
            v19.remove("k", cpath("NoSuchCF"), 2),
            v19.remove("k", cpath("Sup", col="c"), 2),
            v19.get_count("k", cparent("Std"), pred(start="", count=INT_MAX)),
            # (a timestamp of its own: 0.7 quoted the column in its message)
            v19.insert("k", cparent("Std"), column("c", None, Abs(1000))),
            v19.insert("k", cparent("Std"), column("c", "v", None)),
            v19.set_keyspace(ks),  # the client's reconnect, where the release closed it
            v19.describe_keyspace("o19c_gone"),
            v19.system_drop_keyspace("o19c_gone"),
            v19.set_keyspace("o19c_gone"),
            v19.get("k", cpath("Std", col="c")),
            raw("get_slice", {1: b("k"), 2: cparent("Std"), 3: pred(start=""), 4: W.i32(99)}),
            raw("get_slice", {1: b("k"), 2: cparent("Std"), 4: W.i32(1)}),
            v19.get("k", cpath("Std", col="c"))]
    return out


# ------------------------------------------------------------------------------ 11 types
@scenario("o19c_11_types", "19", "order", keyspace_reset="o19c_types")
def _types():
    """the other comparators applications chose: BytesType and AsciiType names, IntegerType
    scores, LexicalUUIDType ids (UUIDType from 0.8), a super column family whose super columns
    are LongType and subcolumns TimeUUIDType, each read in order and reversed"""
    ks = "o19c_types"
    cfs = [cf(ks, "Raw", comparator="BytesType"), cf(ks, "Asc", comparator="AsciiType"),
           cf(ks, "Scores", comparator="IntegerType"),
           cf(ks, "Lex", comparator="LexicalUUIDType"),
           cf(ks, "Buckets", column_type="Super", comparator="LongType",
              subcomparator="TimeUUIDType")]
    if not V07:
        cfs.append(cf(ks, "Uuids", comparator="UUIDType"))
    out = setup(ks, *cfs)
    out += [v19.batch_mutate({"r": {
        "Raw": [ins(x, "v", 1) for x in (b"\x00", b"\xff", b"a", b"A", b"\x00\x00", b"ab")],
        "Asc": [ins(x, "v", 1) for x in ("b", "B", "a", "aa", "_")],
        "Scores": [ins(x, "v", 1) for x in (b"\x00", b"\x7f", b"\x80", b"\x00\x80", b"\xff",
                                            b"\xff\x7f", b"\x01\x00")],
        "Lex": [ins(_u.UUID(int=(n << 100) | 5).bytes, "v", 1) for n in (3, 1, 2)],
        "Buckets": [ins_super(long_(h), [(tu(h * 10 + i), "e%d" % i) for i in range(3)], 1)
                    for h in (3600, 0, 7200, -3600)]}})]
    for c in ("Raw", "Asc", "Scores", "Lex"):
        out += [v19.get_slice("r", cparent(c), pred(start="")),
                v19.get_slice("r", cparent(c), pred(start="", reversed=True, count=3))]
    out += [v19.get_slice("r", cparent("Scores"), pred(start=b"\xff", finish=b"\x7f")),
            v19.get_slice("r", cparent("Buckets"), pred(start="", count=2)),
            v19.get_slice("r", cparent("Buckets"),
                          pred(start=long_(7200), finish=long_(0), reversed=True)),
            v19.get_slice("r", cparent("Buckets", long_(3600)),
                          pred(start="", reversed=True, count=2)),
            v19.get("r", cpath("Buckets", long_(0), tu(1))),
            v19.get_count("r", cparent("Buckets", long_(7200)), pred(start="", count=INT_MAX)),
            v19.insert("r", cparent("Buckets", long_(0)), column(b"xx", "v", 2)),
            v19.insert("r", cparent("Buckets", b"\x01"), column(tu(1), "v", 2)),
            v19.insert("r", cparent("Lex"), column(b"\x01\x02", "v", 2))]
    if not V07:
        out += [v19.batch_mutate({"r": {"Uuids": [ins(tu(50), "t", 1),
                                                   ins(_u.UUID(int=1 << 70).bytes, "r", 1),
                                                   ins(tu(10), "t", 1),
                                                   ins(_u.UUID(int=9).bytes, "z", 1)]}}),
                v19.get_slice("r", cparent("Uuids"), pred(start="")),
                v19.get_slice("r", cparent("Uuids"), pred(start="", reversed=True, count=2))]
    return out


# ------------------------------------------------------------------------------ 12 counters
if COUNTERS:
    @scenario("o19c_12_counters", "19", "counter", keyspace_reset="o19c_counters")
    def _counters():
        """0.8's counters as Hector's CounterMutator and pycassa's add() used them: page views
        by day (a counter column family), by hour (a counter super column family), reads of
        one, many and a range, counts, a removed counter, and what counters refused"""
        ks = "o19c_counters"
        out = setup(ks, cf(ks, "PageViews", comparator="UTF8Type",
                           default_validation="CounterColumnType", replicate_on_write=True),
                    cf(ks, "Hourly", column_type="Super", comparator="UTF8Type",
                       subcomparator="LongType", default_validation="CounterColumnType",
                       replicate_on_write=True),
                    cf(ks, "Plain", comparator="UTF8Type"))
        out += [v19.add("/home", cparent("PageViews"), counter_column("2012-05-01", 1)),
                v19.add("/home", cparent("PageViews"), counter_column("2012-05-01", 5)),
                v19.add("/home", cparent("PageViews"), counter_column("2012-05-02", -2)),
                v19.add("/about", cparent("PageViews"), counter_column("2012-05-01", 1), QUORUM),
                v19.get("/home", cpath("PageViews", col="2012-05-01")),
                v19.get_slice("/home", cparent("PageViews"), pred(start="")),
                v19.multiget_slice(["/home", "/about", "/none"], cparent("PageViews"),
                                   pred(start="")),
                v19.get_count("/home", cparent("PageViews"), pred(start="", count=INT_MAX)),
                v19.batch_mutate({"/home": {"PageViews": [
                    mutation(cosc(counter_column=counter_column("2012-05-01", 10))),
                    mutation(cosc(counter_column=counter_column("2012-05-03", 1)))]},
                    "/contact": {"PageViews": [
                        mutation(cosc(counter_column=counter_column("2012-05-01", 3)))]}}),
                v19.get_range_slices(cparent("PageViews"), pred(start=""),
                                     key_range(start_key="", end_key="", count=100)),
                v19.add("/home", cparent("Hourly", "2012-05-01"), counter_column(long_(13), 4)),
                v19.add("/home", cparent("Hourly", "2012-05-01"), counter_column(long_(9), 2)),
                v19.batch_mutate({"/home": {"Hourly": [mutation(cosc(
                    counter_super_column=counter_super_column(
                        "2012-05-02", [counter_column(long_(0), 1),
                                       counter_column(long_(13), 7)])))]}}),
                v19.get_slice("/home", cparent("Hourly"), pred(start="")),
                v19.get_slice("/home", cparent("Hourly", "2012-05-01"),
                              pred(start="", reversed=True)),
                v19.get("/home", cpath("Hourly", "2012-05-02", long_(13))),
                v19.get("/home", cpath("Hourly", "2012-05-02")),
                # removed counters
                v19.remove_counter("/about", cpath("PageViews", col="2012-05-01")),
                v19.get("/about", cpath("PageViews", col="2012-05-01")),
                v19.remove_counter("/home", cpath("Hourly", "2012-05-01")),
                v19.get_slice("/home", cparent("Hourly"), pred(start="")),
                # refused
                v19.add("/home", cparent("Plain"), counter_column("x", 1)),
                v19.insert("/home", cparent("PageViews"), column("x", long_(1), 1)),
                v19.add("/home", cparent("PageViews"), counter_column("x", 1), ANY),
                v19.add("/home", cparent("NoSuchCF"), counter_column("x", 1)),
                v19.add("/home", cparent("Hourly"), counter_column(long_(1), 1)),
                v19.add("/home", cparent("Hourly", "d"), counter_column("notlong", 1)),
                v19.batch_mutate({"/home": {"PageViews": [ins("x", long_(1), 1)]}}),
                v19.batch_mutate({"/home": {"Plain": [
                    mutation(cosc(counter_column=counter_column("x", 1)))]}}),
                v19.remove("/home", cpath("PageViews", col="2012-05-02"), 5),
                v19.get_slice("/home", cparent("PageViews"), pred(start="")),
                v19.truncate("PageViews"),
                v19.get_slice("/home", cparent("PageViews"), pred(start=""))]
        return out


# ------------------------------------------------------------------------------ 13 cql
if CQL2:
    @scenario("o19c_13_cql", "19", "cql", keyspace_reset="o19c_cql")
    def _cql():
        """CQL 2 through execute_cql_query, as the era's cql driver and Hector's CqlQuery sent
        it: CREATE KEYSPACE and COLUMNFAMILY, USE, INSERT, UPDATE (with USING CONSISTENCY and
        TTL), SELECT by key, IN, column range, FIRST/REVERSED, COUNT, an index, BATCH, DELETE,
        counters, TRUNCATE, a GZIP-compressed query, and the errors a typo gave"""
        q = [cql("CREATE KEYSPACE o19c_cql WITH strategy_class = 'SimpleStrategy' "
                 "AND strategy_options:replication_factor = 1;"),
             cql("USE o19c_cql;"),
             cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, full_name varchar, "
                 "birth_year bigint, state varchar) WITH comparator = varchar "
                 "AND default_validation = varchar;"),
             cql("CREATE INDEX users_state ON users (state);"),
             cql("INSERT INTO users (KEY, full_name, birth_year, state) "
                 "VALUES ('jsmith', 'John Smith', 1975, 'UT');"),
             cql("INSERT INTO users (KEY, full_name, birth_year, state) "
                 "VALUES ('bjones', 'Bob Jones', 1980, 'CA');"),
             cql("UPDATE users USING CONSISTENCY QUORUM SET full_name = 'Amy Lee', "
                 "birth_year = 1990, state = 'UT' WHERE KEY = 'alee';"),
             cql("SELECT full_name, birth_year FROM users WHERE KEY = 'jsmith';"),
             cql("SELECT * FROM users WHERE KEY = 'jsmith';"),
             cql("SELECT * FROM users WHERE KEY IN ('jsmith', 'alee', 'nobody');"),
             cql("SELECT 'birth_year'..'state' FROM users WHERE KEY = 'jsmith';"),
             cql("SELECT FIRST 1 REVERSED * FROM users WHERE KEY = 'bjones';"),
             cql("SELECT * FROM users WHERE state = 'UT';"),
             cql("SELECT full_name FROM users WHERE state = 'UT' AND birth_year > 1980;"),
             cql("SELECT COUNT(*) FROM users WHERE KEY = 'jsmith';"),
             cql("SELECT * FROM users LIMIT 10;"),
             cql("SELECT * FROM users WHERE KEY = 'nobody';"),
             cql("UPDATE users USING TTL 86400 SET state = 'NV' WHERE KEY = 'bjones';"),
             cql("SELECT state FROM users WHERE KEY = 'bjones';"),
             cql("BEGIN BATCH USING CONSISTENCY ONE "
                 "INSERT INTO users (KEY, full_name) VALUES ('k1', 'K One') "
                 "UPDATE users SET full_name = 'K Two' WHERE KEY = 'k2' "
                 "DELETE birth_year FROM users WHERE KEY = 'jsmith' "
                 "APPLY BATCH;"),
             cql("SELECT * FROM users WHERE KEY IN ('k1', 'k2', 'jsmith');"),
             cql("DELETE FROM users WHERE KEY = 'alee';"),
             cql("SELECT * FROM users WHERE KEY = 'alee';"),
             cql("SELECT * FROM users WHERE state = 'CA';", gzip=True),
             cql("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH comparator = ascii "
                 "AND default_validation = counter;"),
             cql("UPDATE hits SET home = home + 1, about = about + 2 WHERE KEY = 'site';"),
             cql("UPDATE hits SET home = home + 5 WHERE KEY = 'site';"),
             cql("SELECT home, about FROM hits WHERE KEY = 'site';"),
             # typos and wrong names
             cql("SELECT * FROM nosuchcf WHERE KEY = 'x';"),
             cql("SELEC * FROM users;"),
             cql("INSERT INTO users (KEY, birth_year) VALUES ('x', 'not a number');"),
             cql("USE o19c_nosuch;"),
             cql("SELECT * FROM users WHERE full_name = 'John Smith';"),
             cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY);"),
             cql("TRUNCATE users;"),
             cql("SELECT * FROM users LIMIT 10;"),
             cql("DROP COLUMNFAMILY hits;"),
             v19.describe_keyspace("o19c_cql")]
        return q


# ------------------------------------------------------------------------------ 14 composite
if COMPOSITE:
    @scenario("o19c_14_composite", "19", "composite", keyspace_reset="o19c_composite")
    def _composite():
        """composite column names (0.8.1's CompositeType), as Hector's Composite and pycassa's
        tuples wrote them: (day, hour) and (user, long) names, slices of one component by the
        end-of-component byte, reversed, a name of the wrong shape; DynamicCompositeType"""
        ks = "o19c_composite"
        out = setup(ks, cf(ks, "Stats", comparator="CompositeType(UTF8Type,LongType)",
                           default_validation="UTF8Type"),
                    cf(ks, "Dyn", comparator="DynamicCompositeType(a=>AsciiType,l=>LongType)"))
        names = [("2012-05-01", 0), ("2012-05-01", 13), ("2012-05-01", -1),
                 ("2012-05-02", 5), ("2012-04-30", 23), ("2012-05-02", 0)]
        out.append(v19.batch_mutate({"site": {"Stats": [
            ins(comp(d, long_(h)), "%s %d" % (d, h), 10) for d, h in names]}}))
        out += [v19.get_slice("site", cparent("Stats"), pred(start="")),
                v19.get_slice("site", cparent("Stats"),
                              pred(start=comp("2012-05-01"), finish=comp("2012-05-01", eoc=1))),
                v19.get_slice("site", cparent("Stats"),
                              pred(start=comp("2012-05-01", long_(0)),
                                   finish=comp("2012-05-01", eoc=1))),
                v19.get_slice("site", cparent("Stats"),
                              pred(start=comp("2012-05-01", eoc=1), finish=comp("2012-05-01"),
                                   reversed=True)),
                v19.get_slice("site", cparent("Stats"),
                              pred(start=comp("2012-05-01", eoc=1), finish="", count=2)),
                v19.get_slice("site", cparent("Stats"),
                              pred(names=[comp("2012-05-02", long_(5)),
                                          comp("2012-05-02", long_(6))])),
                v19.get("site", cpath("Stats", col=comp("2012-04-30", long_(23)))),
                v19.get_count("site", cparent("Stats"),
                              pred(start=comp("2012-05-02"), finish=comp("2012-05-02", eoc=1),
                                   count=INT_MAX)),
                v19.remove("site", cpath("Stats", col=comp("2012-05-01", long_(-1))), 11),
                v19.get_slice("site", cparent("Stats"),
                              pred(start=comp("2012-05-01"), finish=comp("2012-05-01", eoc=1))),
                # wrong shapes
                v19.insert("site", cparent("Stats"), column(comp("2012", b"\x01"), "x", 12)),
                v19.insert("site", cparent("Stats"), column("plain", "x", 12)),
                v19.insert("site", cparent("Stats"),
                           column(comp("a", long_(1), "extra"), "x", 12))]

        def dyn(*parts):
            o = b""
            for alias, p in parts:
                p = p.encode() if isinstance(p, str) else p
                o += st.pack(">H", 0x8000 | ord(alias)) + st.pack(">H", len(p)) + p + b"\x00"
            return o
        out += [v19.batch_mutate({"d": {"Dyn": [ins(dyn(("a", "x"), ("l", long_(2))), "1", 10),
                                                 ins(dyn(("a", "x"), ("l", long_(1))), "2", 10),
                                                 ins(dyn(("l", long_(5))), "3", 10),
                                                 ins(dyn(("a", "b")), "4", 10)]}}),
                v19.get_slice("d", cparent("Dyn"), pred(start="")),
                v19.get_slice("d", cparent("Dyn"), pred(start="", reversed=True, count=2))]
        return out


# ------------------------------------------------------------------------------ 15 paged (1.1)
if V11:
    @scenario("o19c_15_wide", "19", "range", keyspace_reset="o19c_wide")
    def _wide():
        """1.1's wide-row reads: get_paged_slice as ColumnFamilyRecordReader's wide-row mode
        used it (from a key and a column, across rows), and the token map"""
        ks = "o19c_wide"
        out = setup(ks, cf(ks, "Wide", comparator="UTF8Type", default_validation="UTF8Type"))
        keys = ["w%d" % i for i in range(5)]
        out.append(v19.batch_mutate({k: {"Wide": [ins("c%02d" % j, "%s.%d" % (k, j), 10)
                                                  for j in range(6)]} for k in keys}))
        order = sorted(keys, key=lambda k: int(md5_token(k)))
        # (1.1 gave each of the ring's two ranges either side of the node's own random token
        # the whole count: a page crossing that token held up to twice the count of columns,
        # by where the node's token fell among the keys; the counts here end each page inside
        # its first row or take every column)
        out += [v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=100), ""),
                v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=4), ""),
                v19.get_paged_slice("Wide", key_range(start_key=order[1], end_key="", count=3),
                                    "c03"),
                v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=2),
                                    "c04"),
                v19.get_paged_slice("NoSuchCF", key_range(start_key="", end_key="", count=7), ""),
                v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=7), "",
                                    ANY),
                v19.describe_token_map().mask("0"),
                v19.describe_splits("Wide", "0", "0", 1024),
                desc(ks)]
        return out


# ------------------------------------------------------------------------------ 16 topology
def jhash(s):
    """Java's String.hashCode: 1.1's CQL 2 prepared statement id (QueryProcessor)"""
    h = 0
    for unit in st.unpack(">%dH" % (len(s.encode("utf-16-be")) // 2), s.encode("utf-16-be")):
        h = (31 * h + unit) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def ks_nts(name, dcs, cfs=()):
    """a NetworkTopologyStrategy KsDef as production applications made it"""
    f = {1: b(name), 2: b("org.apache.cassandra.locator.NetworkTopologyStrategy"),
         3: opts(**dcs), 5: W.list_("struct", list(cfs))}
    if V07:
        f[4] = W.i32(sum(int(v) for v in dcs.values()))
    return W.struct(f)


def ks_simple_rf(name, rf):
    f = {1: b(name), 2: b(SIMPLE), 5: W.list_("struct", [])}
    if V07:
        f[4] = W.i32(rf)
    else:
        f[3] = opts(replication_factor=rf)
    return W.struct(f)


@scenario("o19c_16_topology", "19", "describe", keyspace_reset="o19c_topology")
def _topology():
    """the replication an application's keyspace was given in production and on a developer's
    one-node cluster: NetworkTopologyStrategy with datacenter1, the consistency levels apps
    configured (LOCAL_QUORUM, EACH_QUORUM, TWO), a replication factor of 3 on one node
    (UnavailableException), and the keyspace updated back"""
    ks = "o19c_topology"
    users = cf(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
               column_metadata=[column_def("state", M + "UTF8Type", KEYS_INDEX)])
    out = [v19.system_add_keyspace(ks_nts(ks, {"datacenter1": 1}, [users])), agree(),
           v19.set_keyspace(ks), desc(ks), ring(ks)]
    out += [v19.insert("a", cparent("Users"), column("state", "UT", 10), LOCAL_QUORUM),
            v19.insert("b", cparent("Users"), column("state", "UT", 10), EACH_QUORUM),
            v19.batch_mutate({"c": {"Users": [ins("state", "CA", 10)]}}, LOCAL_QUORUM),
            v19.get_slice("a", cparent("Users"), pred(start=""), LOCAL_QUORUM),
            v19.get_slice("b", cparent("Users"), pred(start=""), EACH_QUORUM),
            v19.multiget_slice(["a", "b", "c"], cparent("Users"), pred(start=""), LOCAL_QUORUM),
            v19.get_range_slices(cparent("Users"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10), LOCAL_QUORUM),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("state", EQ, "UT")]), pred(start=""),
                                   LOCAL_QUORUM),
            v19.insert("d", cparent("Users"), column("state", "NV", 10), TWO),
            v19.get_slice("a", cparent("Users"), pred(start=""), TWO),
            # a replication factor of 3 on the one node
            v19.system_update_keyspace(ks_simple_rf(ks, 3)), agree(), desc(ks),
            v19.insert("e", cparent("Users"), column("state", "UT", 11), ONE),
            v19.insert("e", cparent("Users"), column("state", "UT", 11), QUORUM),
            v19.batch_mutate({"e": {"Users": [ins("x", "y", 11)]}}, ALL),
            v19.get_slice("a", cparent("Users"), pred(start=""), ONE),
            v19.get_slice("a", cparent("Users"), pred(start=""), QUORUM),
            v19.get_count("a", cparent("Users"), pred(start="", count=INT_MAX), QUORUM),
            v19.get_range_slices(cparent("Users"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10), QUORUM),
            v19.get_range_slices(cparent("Users"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10), ONE),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("state", EQ, "UT")]), pred(start=""),
                                   QUORUM),
            v19.insert("e", cparent("Users"), column("state", "UT", 12), LOCAL_QUORUM),
            ring(ks),
            v19.system_update_keyspace(ks_simple_rf(ks, 1)), agree(),
            v19.insert("e", cparent("Users"), column("state", "UT", 13), QUORUM),
            v19.get_slice("e", cparent("Users"), pred(start=""), ALL),
            v19.system_update_keyspace(ks_nts(ks, {"dc2": 1})), agree(),
            v19.insert("f", cparent("Users"), column("state", "UT", 14), ONE),
            v19.get_slice("a", cparent("Users"), pred(start=""), ONE),
            desc(ks)]
    return out


# ------------------------------------------------------------------------------ 17 cache
@scenario("o19c_17_cache", "19", "crud", keyspace_reset="o19c_cache")
def _cache():
    """column families with the row cache on (row_cache_size before 1.1, caching 'all' in
    1.1), as read-heavy applications configured them: reads, overwrites, deletions of columns,
    rows and super columns, slices and counts read through the cache"""
    ks = "o19c_cache"
    out = setup(ks, cf(ks, "Profiles", comparator="UTF8Type", default_validation="UTF8Type",
                       row_cache_size=1000.0, key_cache_size=1000.0, caching="all"),
                cf(ks, "Groups", column_type="Super", comparator="UTF8Type",
                   subcomparator="UTF8Type", row_cache_size=500.0, caching="rows_only"))
    out += [v19.batch_mutate({"p1": {"Profiles": [ins("name", "Ann", 10), ins("city", "Oslo", 10),
                                                  ins("zip", "0150", 10)]},
                              "g1": {"Groups": [ins_super("admins", [("p1", "2012")], 10),
                                                ins_super("users", [("p1", "2011"),
                                                                    ("p2", "2012")], 10)]}}),
            v19.get_slice("p1", cparent("Profiles"), pred(start="")),
            v19.get_slice("p1", cparent("Profiles"), pred(start="")),
            v19.insert("p1", cparent("Profiles"), column("city", "Bergen", 20)),
            v19.get_slice("p1", cparent("Profiles"), pred(start="")),
            v19.get("p1", cpath("Profiles", col="city")),
            v19.remove("p1", cpath("Profiles", col="zip"), 20),
            v19.get_slice("p1", cparent("Profiles"), pred(names=["zip", "name"])),
            v19.get_count("p1", cparent("Profiles"), pred(start="", count=INT_MAX)),
            v19.insert("p1", cparent("Profiles"), column("city", "Stale", 15)),
            v19.get_slice("p1", cparent("Profiles"), pred(start="", reversed=True, count=1)),
            v19.remove("p1", cpath("Profiles"), 30),
            v19.get_slice("p1", cparent("Profiles"), pred(start="")),
            v19.insert("p1", cparent("Profiles"), column("name", "Ann", 31)),
            v19.get_slice("p1", cparent("Profiles"), pred(start="")),
            v19.get_range_slices(cparent("Profiles"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get_slice("g1", cparent("Groups"), pred(start="")),
            v19.get_slice("g1", cparent("Groups", "users"), pred(start="")),
            v19.remove("g1", cpath("Groups", "users", "p1"), 20),
            v19.get_slice("g1", cparent("Groups"), pred(start="")),
            v19.remove("g1", cpath("Groups", "admins"), 20),
            v19.get_slice("g1", cparent("Groups"), pred(start="")),
            v19.get_count("g1", cparent("Groups"), pred(start="", count=INT_MAX)),
            v19.insert("g1", cparent("Groups", "admins"), column("p3", "2013", 21)),
            v19.get_slice("g1", cparent("Groups"), pred(start="")),
            v19.truncate("Profiles"),
            v19.get_slice("p1", cparent("Profiles"), pred(start=""))]
    return out


# ------------------------------------------------------------------------------ 18 super
@scenario("o19c_18_super", "19", "super", keyspace_reset="o19c_super")
def _super():
    """a super column family read every way pycassa's SuperColumnFamily and Hector's
    SuperSliceQuery/SubSliceQuery/SuperRangeQuery read it: by super column names, by a slice of
    subcolumns, counts of subcolumns, multiget of one super column, ranges restricted to a
    super column, whole super rows removed, and a super column's subcolumns by names"""
    ks = "o19c_super"
    out = setup(ks, cf(ks, "Stats", column_type="Super", comparator="LongType",
                       subcomparator="UTF8Type", default_validation="UTF8Type",
                       comment="daily stats per site"))
    days = [20120501, 20120502, 20120503]
    muts = {}
    for s in ("site-a", "site-b", "site-c"):
        muts[s] = {"Stats": [ins_super(long_(d), [("hits", str(d % 100)), ("users", "7"),
                                                  ("bytes", "1000")], 10) for d in days]}
    out.append(v19.batch_mutate(muts))
    out += [v19.get_slice("site-a", cparent("Stats"), pred(names=[long_(20120502),
                                                                   long_(20120509)])),
            v19.get_slice("site-a", cparent("Stats"), pred(start=long_(20120502), finish="")),
            v19.get_slice("site-a", cparent("Stats", long_(20120501)),
                          pred(start="c", finish="z")),
            v19.get_slice("site-a", cparent("Stats", long_(20120501)),
                          pred(names=["users", "nope"])),
            v19.get_count("site-a", cparent("Stats", long_(20120503)),
                          pred(names=["hits", "users", "x"])),
            v19.multiget_slice(["site-a", "site-b", "site-x"], cparent("Stats", long_(20120502)),
                               pred(start="")),
            v19.multiget_count(["site-a", "site-b"], cparent("Stats"), pred(start="",
                                                                           count=INT_MAX)),
            v19.get_range_slices(cparent("Stats", long_(20120503)), pred(names=["hits"]),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get_range_slices(cparent("Stats"), pred(start="", reversed=True, count=1),
                                 key_range(start_key="", end_key="", count=10)),
            v19.remove("site-b", cpath("Stats"), 20),
            v19.get_range_slices(cparent("Stats"), pred(start="", count=1),
                                 key_range(start_key="", end_key="", count=10)),
            v19.batch_mutate({"site-c": {"Stats": [mutation(deletion_=deletion(
                20, predicate=pred(names=[long_(20120501), long_(20120503)])))]}}),
            v19.get_slice("site-c", cparent("Stats"), pred(start="")),
            v19.batch_mutate({"site-c": {"Stats": [mutation(deletion_=deletion(
                20, sc=long_(20120502), predicate=pred(names=["bytes", "users"])))]}}),
            v19.get("site-c", cpath("Stats", long_(20120502))),
            v19.insert("site-c", cparent("Stats", long_(20120502)),
                       column("hits", "99", 15)),
            v19.insert("site-c", cparent("Stats", long_(20120502)),
                       column("hits", "100", 25, ttl=3600)),
            v19.get("site-c", cpath("Stats", long_(20120502), "hits")),
            v19.remove("site-a", cpath("Stats", long_(20120501)), 5),
            v19.get_slice("site-a", cparent("Stats"), pred(start="", count=1)),
            v19.get_count("site-a", cparent("Stats"), pred(start="", count=INT_MAX)),
            v19.get_slice("site-a", cparent("Stats", long_(20120501)),
                          pred(start="", reversed=True)),
            v19.get_range_slices(cparent("Stats", "notlong"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get_slice("site-a", cparent("Stats"), pred(start=long_(20120503),
                                                           finish=long_(20120501))),
            v19.remove("site-a", cpath("Stats", None, "hits"), 30)]
    return out


# ------------------------------------------------------------------------------ 19 cql more
if CQL2:
    @scenario("o19c_19_cql_app", "19", "cql", keyspace_reset="o19c_cqlapp")
    def _cql_app():
        """CQL 2 of an application's data access layer: a named key alias, bigint and uuid
        keys and names, ALTER COLUMNFAMILY, USING CONSISTENCY levels, ranges of rows by
        LIMIT, key ranges under RandomPartitioner, DELETE of columns, DROP INDEX, and (1.1)
        prepared statements through prepare_cql_query and execute_prepared_cql_query"""
        ks = "o19c_cqlapp"
        out = setup(ks)
        out += [cql("CREATE COLUMNFAMILY accounts (user_id varchar PRIMARY KEY, email varchar, "
                    "balance bigint) WITH comparator = varchar AND default_validation = varchar;"),
                cql("INSERT INTO accounts (user_id, email, balance) VALUES ('u1', 'a@x', 100);"),
                cql("INSERT INTO accounts (user_id, email, balance) "
                    "VALUES ('u2', 'b@x', 250) USING CONSISTENCY QUORUM;"),
                cql("SELECT email, balance FROM accounts WHERE user_id = 'u1';"),
                cql("SELECT * FROM accounts WHERE user_id IN ('u1', 'u2');"),
                cql("SELECT * FROM accounts WHERE KEY = 'u1';"),
                cql("SELECT * FROM accounts USING CONSISTENCY ALL WHERE user_id = 'u2';"),
                cql("SELECT * FROM accounts USING CONSISTENCY ANY WHERE user_id = 'u2';"),
                cql("UPDATE accounts SET balance = 90 WHERE user_id = 'u1';"),
                cql("ALTER COLUMNFAMILY accounts ADD created bigint;"),
                cql("UPDATE accounts SET created = 1336000000 WHERE user_id = 'u1';"),
                cql("ALTER COLUMNFAMILY accounts ALTER email TYPE ascii;"),
                cql("ALTER COLUMNFAMILY accounts DROP created;"),
                cql("ALTER COLUMNFAMILY accounts ADD email varchar;"),
                cql("SELECT * FROM accounts WHERE user_id = 'u1';"),
                cql("CREATE INDEX ON accounts (balance);"),
                # (the rows written before the index are built in the background: a value only
                # a later row has)
                cql("INSERT INTO accounts (user_id, email, balance) VALUES ('u3', 'c@x', 300);"),
                cql("SELECT email FROM accounts WHERE balance = 300;"),
                cql("DROP INDEX accounts_balance_idx;"),
                cql("SELECT email FROM accounts WHERE balance = 250;"),
                cql("DELETE email FROM accounts WHERE user_id = 'u2';"),
                cql("SELECT * FROM accounts LIMIT 1;"),
                cql("SELECT COUNT(*) FROM accounts LIMIT 5;"),
                cql("SELECT * FROM accounts WHERE KEY > 'u1' LIMIT 10;"),
                cql("SELECT * FROM accounts WHERE KEY >= 'u1' AND KEY <= 'u9';"),
                cql("CREATE COLUMNFAMILY events (KEY bigint PRIMARY KEY) WITH comparator = uuid "
                    "AND default_validation = ascii;"),
                cql("INSERT INTO events (KEY, 3f1a2b3c-e9d4-11f1-b82b-e700f669bcfc) "
                    "VALUES (42, 'login');"),
                cql("INSERT INTO events (KEY, 5e6f7a8b-e9d4-11f1-b82b-e700f669bcfc) "
                    "VALUES (42, 'logout');"),
                cql("SELECT * FROM events WHERE KEY = 42;"),
                cql("SELECT FIRST 1 REVERSED * FROM events WHERE KEY = 42;"),
                cql("INSERT INTO events (KEY, 'not-a-uuid') VALUES (42, 'x');"),
                cql("SELECT * FROM events WHERE KEY = 'abc';"),
                cql("UPDATE accounts SET balance = balance + 1 WHERE user_id = 'u1';"),
                cql("SELECT * FROM accounts WHERE user_id = 'u1' AND email = 'a@x';"),
                v19.describe_keyspace(ks)]
        if V11:
            q1 = "SELECT email, balance FROM accounts WHERE user_id = ?;"
            q2 = "UPDATE accounts SET balance = ? WHERE user_id = ?;"
            out += [Step("prepare_cql_query", W.struct({1: b(q1), 2: W.i32(2)})),
                    Step("execute_prepared_cql_query", W.struct({
                        1: W.i32(jhash(q1)), 2: W.list_("bin", [b("u1")])})).mask("0/2/*/2/*/3"),
                    Step("prepare_cql_query", W.struct({1: b(q2), 2: W.i32(2)})),
                    Step("execute_prepared_cql_query", W.struct({
                        1: W.i32(jhash(q2)), 2: W.list_("bin", [b("77"), b("u2")])})),
                    Step("execute_prepared_cql_query", W.struct({
                        1: W.i32(jhash(q1)), 2: W.list_("bin", [b("u2")])})).mask("0/2/*/2/*/3"),
                    Step("execute_prepared_cql_query", W.struct({
                        1: W.i32(jhash(q1)), 2: W.list_("bin", [])})),
                    Step("execute_prepared_cql_query", W.struct({
                        1: W.i32(12345), 2: W.list_("bin", [b("u1")])})),
                    Step("prepare_cql_query", W.struct({1: b("SELEC x;"), 2: W.i32(2)}))]
        return out


# ------------------------------------------------------------------------------ 20 evolution
@scenario("o19c_20_evolution", "19", "schema", keyspace_reset="o19c_evolution")
def _evolution():
    """a schema evolving under a running application, as its migration scripts changed it with
    pycassa's SystemManager (describe, change, send back with the id): column metadata added
    and removed, validators changed, a secondary index added to a column already written, gc
    grace and (by release) memtable, compression, compaction and caching settings, many
    column families in one keyspace, one dropped and made again"""
    ks = "o19c_evolution"
    names = ["Users", "Sessions", "Events", "Audit", "Tags", "Friends", "Inbox", "Outbox"]
    out = [v19.system_add_keyspace(ks_def(ks)), agree(), v19.set_keyspace(ks)]
    for n in names:
        out += [v19.system_add_column_family(cf(ks, n, comparator="UTF8Type")), agree()]
    out += [desc(ks), v19.describe_keyspaces().mask("0/*/5/*/16")]
    # the id the node gave Users: before 1.1 the next after the highest id still defined
    # (every earlier scenario's keyspace is dropped: 1000 again), in 1.1 a counter that every
    # column family made on the node since it started moved (the scenarios before, in order)
    base_id = 1000 if R < (1, 1) else 1054
    users = dict(comparator="UTF8Type", id=base_id)
    out += [v19.batch_mutate({"u%d" % i: {"Users": [ins("email", "u%d@x" % i, 10),
                                                     ins("age", long_(20 + i), 10)]}
                              for i in range(4)}),
            v19.system_update_column_family(cf(
                ks, "Users", default_validation="UTF8Type", gc_grace=600,
                column_metadata=[column_def("age", M + "LongType")], **users)), agree(),
            v19.insert("u9", cparent("Users"), column("age", "old", 11)),
            v19.system_update_column_family(cf(
                ks, "Users", default_validation="BytesType", gc_grace=600,
                column_metadata=[column_def("age", M + "LongType"),
                                 column_def("email", M + "UTF8Type", KEYS_INDEX)],
                memtable_throughput_in_mb=16, memtable_flush_after_mins=30,
                compression_options={"sstable_compression":
                                     "org.apache.cassandra.io.compress.DeflateCompressor"},
                compaction_strategy="org.apache.cassandra.db.compaction."
                                    "LeveledCompactionStrategy",
                caching="none", **users)), agree(), desc(ks),
            v19.insert("u4", cparent("Users"), column("email", "u4@x", 12)),
            v19.get_indexed_slices(cparent("Users"),
                                   index_clause([index_expr("email", EQ, "u4@x")]),
                                   pred(start="")),
            # the metadata removed again; a comparator change refused
            v19.system_update_column_family(cf(ks, "Users", default_validation="BytesType",
                                               **users)), agree(),
            v19.system_update_column_family(cf(ks, "Users", comparator="LongType",
                                               id=base_id)),
            v19.system_update_column_family(cf(ks, "Users", comparator="UTF8Type",
                                               column_type="Super", id=base_id)),
            v19.set_keyspace(ks),  # the client's reconnect, where a release closed it
            v19.get_slice("u1", cparent("Users"), pred(start="")),
            # one dropped and made again, then a keyspace update with column families (refused)
            # (1.1 had written the refused update into its schema tables: every later change
            # of the keyspace failed on it, closing the connection)
            v19.system_drop_column_family("Tags"), agree(), v19.set_keyspace(ks),
            v19.get_slice("t", cparent("Tags"), pred(start="")),
            v19.system_add_column_family(cf(ks, "Tags", comparator="AsciiType")), agree(),
            v19.set_keyspace(ks),
            v19.insert("t", cparent("Tags"), column("a", "1", 13)),
            v19.get_slice("t", cparent("Tags"), pred(start="")),
            v19.system_update_keyspace(ks_def(ks, [cf(ks, "More", comparator="UTF8Type")])),
            v19.truncate("Users"),
            v19.get_count("u1", cparent("Users"), pred(start="", count=INT_MAX)),
            desc(ks)]
    return out


# ------------------------------------------------------------------------------ 21 keyspaces
@scenario("o19c_21_keyspaces", "19", "describe", keyspace_reset="o19c_ks_main")
def _keyspaces():
    """an application with several keyspaces (one per tenant), as its admin tool listed,
    switched and dropped them: describe_keyspaces in the release's order, set_keyspace between
    them, the keyspace dropped under a connection that used it"""
    extra = ["o19c_ks_tenant_b", "o19c_ks_tenant_a", "o19c_ks_archive"]
    out = [v19.system_drop_keyspace(k).mask("0") for k in extra]
    out.append(v19.system_add_keyspace(ks_def("o19c_ks_main", [cf("o19c_ks_main", "Data",
                                                                  comparator="UTF8Type")])))
    for k in extra:
        out.append(v19.system_add_keyspace(ks_def(k, [cf(k, "Data", comparator="UTF8Type")])))
    out += [agree(), v19.describe_keyspaces().mask("0/*/5/*/16")]
    for k in extra + ["o19c_ks_main"]:
        out += [v19.set_keyspace(k), v19.insert("row", cparent("Data"), column("ks", k, 10)),
                v19.get_slice("row", cparent("Data"), pred(start=""))]
    out += [v19.set_keyspace("o19c_ks_archive"),
            v19.system_drop_keyspace("o19c_ks_archive"), agree(),
            v19.get_slice("row", cparent("Data"), pred(start="")),
            v19.insert("row", cparent("Data"), column("x", "y", 11)),
            v19.describe_keyspace("o19c_ks_archive"),
            v19.set_keyspace("o19c_ks_tenant_a"),
            v19.get_slice("row", cparent("Data"), pred(start="")),
            v19.system_drop_keyspace("o19c_ks_tenant_a"),
            v19.system_drop_keyspace("o19c_ks_tenant_b"), agree(),
            v19.describe_keyspaces().mask("0/*/5/*/16"),
            v19.system_drop_keyspace("o19c_ks_tenant_b")]
    return out


# ------------------------------------------------------------------------------ 22 keys
@scenario("o19c_22_keys", "19", "crud", keyspace_reset="o19c_keys")
def _keys():
    """row keys as applications made them: long ids (a LongType key validator from 0.8),
    UUID keys, binary keys, a key repeated in a multiget, very long and odd keys; counts capped
    by the slice count"""
    ks = "o19c_keys"
    cfs = [cf(ks, "ById", comparator="UTF8Type", key_validation_class=M + "LongType"),
           cf(ks, "ByUuid", comparator="UTF8Type", key_validation_class=M + "UUIDType"),
           cf(ks, "Raw", comparator="UTF8Type")]
    out = setup(ks, *cfs)
    out += [v19.batch_mutate({long_(i): {"ById": [ins("n", str(i), 10)]} for i in (1, 2, 300)}),
            v19.insert(long_(-1), cparent("ById"), column("n", "-1", 10)),
            v19.insert(b"\x01\x02", cparent("ById"), column("n", "short", 10)),
            v19.insert("12345678", cparent("ById"), column("n", "text", 10)),
            v19.get_range_slices(cparent("ById"), pred(start=""),
                                 key_range(start_key="", end_key="", count=10)),
            v19.multiget_slice([long_(1), long_(2), long_(1), long_(9)], cparent("ById"),
                               pred(start="")),
            v19.multiget_count([long_(300), long_(300)], cparent("ById"),
                               pred(start="", count=INT_MAX)),
            v19.insert(_u.UUID(int=42).bytes, cparent("ByUuid"), column("n", "u", 10)),
            v19.insert(b"not-a-uuid", cparent("ByUuid"), column("n", "u", 10)),
            v19.get_slice(_u.UUID(int=42).bytes, cparent("ByUuid"), pred(start="")),
            v19.batch_mutate({b"\x00": {"Raw": [ins("n", "zero", 10)]},
                              b"\xff\xfe": {"Raw": [ins("n", "ff", 10)]},
                              "k" * 1000: {"Raw": [ins("n", "long", 10)]},
                              "caf\u00e9 \u2603": {"Raw": [ins("n", "utf8", 10)]}}),
            v19.get_range_slices(cparent("Raw"), pred(names=["n"]),
                                 key_range(start_key="", end_key="", count=10)),
            v19.multiget_slice([b"\x00", "k" * 1000, "caf\u00e9 \u2603", "missing"],
                               cparent("Raw"), pred(start="")),
            v19.insert("k" * 70000, cparent("Raw"), column("n", "huge", 10)),
            v19.batch_mutate({"wide": {"Raw": [ins("c%03d" % i, "v", 10) for i in range(150)]}}),
            v19.get_count("wide", cparent("Raw"), pred(start="", count=INT_MAX)),
            v19.get_count("wide", cparent("Raw"), pred(start="", count=100)),
            v19.get_count("wide", cparent("Raw"), pred(start="c140", finish="", count=5)),
            v19.get_slice("wide", cparent("Raw"), pred(start="c148", finish="")),
            v19.get_slice("wide", cparent("Raw"), pred(start="", count=0)),
            v19.multiget_count(["wide", "missing"], cparent("Raw"), pred(start="", count=120))]
    return out


# ------------------------------------------------------------------------------ 23 metadata
@scenario("o19c_23_metadata", "19", "schema", keyspace_reset="o19c_metadata")
def _metadata():
    """column metadata as applications declared it, read back by pycassa's ColumnFamily (its
    validators come from describe_keyspace, in the order the release listed them): one to
    seven declared columns at creation, columns added by updates, by CQL 2's ALTER (0.8+),
    and an index named by the application"""
    ks = "o19c_metadata"
    cols = ["first_name", "last_name", "email", "phone", "city", "zip", "birth_year"]
    out = setup(ks, *[cf(ks, "T%d" % n, comparator="UTF8Type",
                         column_metadata=[column_def(c, M + "UTF8Type") for c in cols[:n]])
                      for n in (1, 2, 3, 5, 7)])
    out.append(desc(ks))
    if CQL2:
        out += [cql("CREATE COLUMNFAMILY Q2 (KEY varchar PRIMARY KEY, a varchar, b bigint) "
                    "WITH comparator = varchar;"),
                cql("CREATE COLUMNFAMILY Q5 (KEY varchar PRIMARY KEY, first_name varchar, "
                    "last_name varchar, email varchar, phone varchar, city varchar) "
                    "WITH comparator = varchar;"),
                cql("ALTER COLUMNFAMILY Q2 ADD zip varchar;"),
                cql("ALTER COLUMNFAMILY Q2 ADD city varchar;"),
                cql("CREATE INDEX q5_city ON Q5 (city);"),
                desc(ks)]
    return out


# ------------------------------------------------------------------------------ 24 mixed (0.8+)
if COUNTERS:
    @scenario("o19c_24_mixed", "19", "batch", keyspace_reset="o19c_mixed")
    def _mixed():
        """what a 0.8-era application mixed: counters and plain columns in one batch (the
        releases refused a counter column family's plain column), composite names with a
        reversed component (newest first), counter super columns read by name, a column
        written twice in one batch"""
        ks = "o19c_mixed"
        out = setup(ks, cf(ks, "Counts", comparator="UTF8Type",
                           default_validation="CounterColumnType"),
                    cf(ks, "Plain", comparator="UTF8Type"),
                    cf(ks, "SupCounts", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type", default_validation="CounterColumnType"),
                    cf(ks, "Feed", comparator="CompositeType(UTF8Type,ReversedType(LongType))"))
        out += [v19.batch_mutate({"k": {"Counts": [mutation(cosc(
                    counter_column=counter_column("views", 3)))],
                    "Plain": [ins("last_view", "now", 10)]}}),
                v19.get_slice("k", cparent("Counts"), pred(start="")),
                v19.get_slice("k", cparent("Plain"), pred(start="")),
                v19.batch_mutate({"k": {"Counts": [mutation(cosc(
                    counter_column=counter_column("views", 1))), ins("plain", "x", 11)]}}),
                v19.batch_mutate({"k": {"Plain": [ins("a", "1", 12), ins("a", "2", 12),
                                                  ins("b", "1", 13), ins("b", "2", 12)]}}),
                v19.get_slice("k", cparent("Plain"), pred(names=["a", "b"])),
                v19.batch_mutate({"k": {"Counts": [
                    mutation(cosc(counter_column=counter_column("views", 1))),
                    mutation(cosc(counter_column=counter_column("views", 1)))]}}),
                v19.get("k", cpath("Counts", col="views")),
                v19.batch_mutate({"k": {"SupCounts": [mutation(cosc(
                    counter_super_column=counter_super_column(
                        "2012", [counter_column("jan", 5), counter_column("feb", 7)]))),
                    mutation(cosc(counter_super_column=counter_super_column(
                        "2011", [counter_column("dec", 1)])))]}}),
                v19.get_slice("k", cparent("SupCounts"), pred(names=["2012", "2010"])),
                v19.get_slice("k", cparent("SupCounts", "2012"), pred(names=["feb"])),
                v19.get_count("k", cparent("SupCounts"), pred(start="", count=INT_MAX)),
                v19.multiget_slice(["k", "z"], cparent("SupCounts", "2011"), pred(start=""))]
        out.append(v19.batch_mutate({"feed": {"Feed": [
            ins(comp(u, long_(t)), "%s@%d" % (u, t), 10)
            for u, t in [("ann", 100), ("ann", 300), ("ann", 200), ("bob", 50), ("bob", 60)]]}}))
        out += [v19.get_slice("feed", cparent("Feed"), pred(start="")),
                v19.get_slice("feed", cparent("Feed"),
                              pred(start=comp("ann"), finish=comp("ann", eoc=1), count=2)),
                v19.get_slice("feed", cparent("Feed"),
                              pred(start=comp("ann", long_(200)), finish=comp("ann", eoc=1))),
                v19.get_slice("feed", cparent("Feed"), pred(start="", reversed=True, count=3))]
        return out


# ------------------------------------------------------------------------------ 25 keys only
@scenario("o19c_25_keysonly", "19", "range", keyspace_reset="o19c_keysonly")
def _keysonly():
    """Hector's KeyIterator and keys-only queries (a slice of count 0), pycassa's multiget of
    many keys in one call, empty values, writes and removes at ANY, counts by names"""
    ks = "o19c_keysonly"
    out = setup(ks, cf(ks, "Items", comparator="UTF8Type", default_validation="UTF8Type",
                       column_metadata=[column_def("kind", M + "UTF8Type", KEYS_INDEX)]))
    keys = ["key%03d" % i for i in range(40)]
    out.append(v19.batch_mutate({k: {"Items": [ins("kind", "even" if i % 2 == 0 else "odd", 10),
                                                ins("flag", "", 10)]}
                                 for i, k in enumerate(keys)}, QUORUM))
    order = sorted(keys, key=lambda k: int(md5_token(k)))
    out += [v19.get_range_slices(cparent("Items"), pred(start="", count=0),
                                 key_range(start_key="", end_key="", count=15), QUORUM),
            v19.get_range_slices(cparent("Items"), pred(start="", count=0),
                                 key_range(start_key=order[14], end_key="", count=15), QUORUM),
            v19.get_range_slices(cparent("Items"), pred(start="", count=0),
                                 key_range(start_key=order[28], end_key="", count=15), QUORUM),
            v19.get_indexed_slices(cparent("Items"),
                                   index_clause([index_expr("kind", EQ, "odd")], count=5),
                                   pred(start="", count=0)),
            v19.multiget_slice(keys + ["nokey%d" % i for i in range(5)], cparent("Items"),
                               pred(names=["flag"])),
            v19.multiget_count(keys[:10], cparent("Items"), pred(names=["kind", "flag", "x"])),
            v19.get_count("key001", cparent("Items"), pred(names=["kind", "x"])),
            v19.get("key001", cpath("Items", col="flag")),
            v19.remove("key002", cpath("Items", col="flag"), 20, ANY),
            v19.remove("key003", cpath("Items"), 20, ANY),
            v19.insert("key004", cparent("Items"), column("kind", "odd", 20), ANY),
            v19.get_indexed_slices(cparent("Items"),
                                   index_clause([index_expr("kind", EQ, "odd")], count=100),
                                   pred(start="", count=0)),
            v19.get_range_slices(cparent("Items"), pred(names=["flag"]),
                                 key_range(start_key="", end_key="", count=6))]
    return out
