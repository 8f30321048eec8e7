"""Conformance scenarios for the Thrift API of Cassandra 0.7 to 3.11 (API 19.x and 20.x).

One file for every release: the environment variable RELEASE (0.7.10, 0.8.10, 1.0.12, 1.1.12,
1.2.9, 1.2.19, 2.0.17, 2.1.22, 2.2.19, 3.0.24 or 3.11.10) says which release is being recorded, and each
scenario sends only the calls and struct fields that release had (KsDef.replication_factor in
0.7, counters and CQL 2 from 0.8, CQL 3 through set_cql_version in 1.1 and execute_cql3_query
from 2.0, ...). 3.0 and 3.11 declare 2.2's IDL (API 20.1.0): they get 2.2's calls, and
execute_cql_query is sent to record how they refuse CQL 2.
Scenario names are the same for every release, so the recordings of two releases compare
case by case. Each scenario owns one keyspace (cv_r_<topic>), dropped before and after.

Loaded by the corpus's capture.py (../shared/conformance); see conformance/releases/README.md.
"""
import os
import struct
import sys

import thriftwire as W
from dsl import (EQ, GT, GTE, LT, LTE, KEYS_INDEX, ONE, QUORUM, ALL, ANY, LOCAL_QUORUM, Abs, Step, b,
                 cf_def, column, column_def, cosc, counter_column, cparent, cpath, deletion,
                 index_clause, index_expr, ins, ins_super, int32, key_range, lexuuid, long_,
                 mutation, pred, raw, scenario, super_column, timeuuid, v19)

RELEASE = os.environ.get("RELEASE", "")
if not RELEASE:
    sys.exit("set RELEASE (e.g. RELEASE=0.7.10) to the release being recorded")
R = tuple(int(x) for x in RELEASE.split(".")[:2])

COUNTERS = R >= (0, 8)
CQL2 = R >= (0, 8)                 # 2.2 still declares execute_cql_query: what it answers
CQL3_VIA_VERSION = R == (1, 1)     # CQL 3 beta: set_cql_version + execute_cql_query
CQL3 = R >= (2, 0)                 # execute_cql3_query
PAGED = R >= (1, 1)
M = "org.apache.cassandra.db.marshal."


def ks_def(name, cfs=(), durable_writes=None):
    """A SimpleStrategy KsDef with one replica, as this release wants it."""
    f = {1: b(name), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
         5: W.list_("struct", list(cfs))}
    if R < (0, 8):
        f[4] = W.i32(1)   # 0.7: replication_factor is a required field of its own
    else:
        f[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
    if durable_writes is not None and R >= (0, 8):
        f[6] = W.boolean(durable_writes)
    return W.struct(f)


def setup(ks, *cfs):
    return [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks)]


def thrift_id(ks, query):
    """prepare_cql3_query's id from 1.2: the Java hashCode of the keyspace and the text."""
    h = 0
    for ch in (ks + query).encode("utf-16-be").decode("utf-16-be"):
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def describe_ks(ks):
    return v19.describe_keyspace(ks)


def exact_version():
    """describe_version, compared exactly: an emulation must answer the release's own number."""
    return Step("describe_version", W.struct({}))


def ring(ks):
    # tokens and endpoints depend on the node (random initial token, 256 vnodes from 2.0)
    s = Step("describe_ring", W.struct({1: b(ks)}))
    return s.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def cql2(q):
    """execute_cql_query (CQL 2) with uncompressed text; cell timestamps are server time."""
    return v19.execute_cql_query(q).mask("0/2/*/2/*/3")


def cql3(q, cl=ONE):
    if CQL3:
        return v19.execute_cql3_query(q, cl)
    # 1.1's CQL 3 rows carry cell timestamps (the server's clock)
    return v19.execute_cql_query(q).mask("0/2/*/2/*/3")


# ------------------------------------------------------------------------------ describe
@scenario("rel_describe", "19", "describe", keyspace_reset="cv_r_describe")
def _describe():
    """describe_* calls, the system keyspace's definition, an unknown method"""
    ks = "cv_r_describe"
    out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type", comment="hello"))
    out += [exact_version(), v19.describe_cluster_name(), v19.describe_partitioner(),
            v19.describe_snitch(), describe_ks(ks), describe_ks("system"),
            describe_ks("cv_no_such_ks"), ring(ks), ring("cv_no_such_ks"),
            v19.describe_schema_versions(),
            v19.describe_splits("Std", "0", "0", 128).mask("0"),
            raw("no_such_method", {}),
            raw("describe_version", {1: b("unexpected argument")})]
    if PAGED:
        out.append(v19.describe_token_map())
    out.append(v19.login({"username": "u", "password": "p"}))
    return out


@scenario("rel_connect", "19", "describe", keyspace_reset="cv_r_connect")
def _connect():
    """what a client reads at connect, unmasked: a fresh node's schema version (before 1.1),
    every keyspace the release lists (2.2's system_auth and system_distributed among them) in
    the release's order, and each system keyspace's definition"""
    ks = "cv_r_connect"
    # a fresh node's version: before 1.1 the time UUID of zero, later a digest of what the
    # node's own schema tables hold (their timestamps too)
    versions = v19.describe_schema_versions()
    out = [versions if R < (1, 1) else versions.mask("0")]
    out += setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
    out += [exact_version(), v19.describe_cluster_name(),
            v19.describe_keyspaces().mask("0/*/5/*/16"), describe_ks(ks).mask("0/5/*/16")]
    for name in ["system", "system_traces", "system_auth", "system_distributed"]:
        out += [describe_ks(name).mask("0/5/*/16"), v19.set_keyspace(name)]
    return out


# ------------------------------------------------------------------------------ schema
@scenario("rel_schema", "19", "schema", keyspace_reset="cv_r_schema")
def _schema():
    """add/update/drop keyspace and column family; invalid definitions"""
    ks = "cv_r_schema"
    out = setup(ks, cf_def(ks, "First"))
    extra = {}
    if R >= (0, 8):
        extra[26] = b("UTF8Type")  # key_validation_class
    out += [
        v19.system_add_column_family(cf_def(ks, "Second", comparator="LongType", comment="c2",
                                            gc_grace=3600, default_validation="UTF8Type",
                                            extra=extra)),
        v19.system_add_column_family(cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                                            subcomparator="LongType")),
        describe_ks(ks),
        # (0.7-1.1 want the CF id in the CfDef; 1.1 then drops the connection, so the
        # keyspace is set again after each update)
        v19.system_update_column_family(cf_def(ks, "Second", comparator="LongType",
                                               comment="changed", gc_grace=7200,
                                               default_validation="UTF8Type", extra=extra)),
        v19.set_keyspace(ks),
        describe_ks(ks),
        # a comparator cannot change
        v19.system_update_column_family(cf_def(ks, "Second", comparator="UTF8Type")),
        v19.set_keyspace(ks),
        # same name twice
        v19.system_add_column_family(cf_def(ks, "First")),
        # unknown comparator class
        v19.system_add_column_family(cf_def(ks, "Bad", comparator="NoSuchType")),
        # column family of another keyspace than the session's
        v19.system_add_column_family(cf_def("cv_r_other", "X")),
        # bad names
        v19.system_add_column_family(cf_def(ks, "bad-name")),
        v19.system_add_column_family(cf_def(ks, "")),
        v19.system_drop_column_family("First"),
        v19.system_drop_column_family("NoSuchCF"),
        describe_ks(ks),
        v19.system_update_keyspace(ks_def(ks, durable_writes=False)),
        describe_ks(ks),
        v19.system_add_keyspace(ks_def(ks)),
        v19.system_add_keyspace(ks_def("system")),
        v19.system_drop_keyspace("cv_r_no_such_ks"),
        v19.system_add_keyspace(W.struct({1: b("cv_r_badstrategy"), 2: b("NoSuchStrategy"),
                                          4: W.i32(1), 5: W.list_("struct", [])})),
    ]
    return out


# ------------------------------------------------------------------------------ standard CRUD
COMPARATORS = [("Bytes", "BytesType", [b"\x01", b"\x00\x02", b"a"]),
               ("Ascii", "AsciiType", ["b", "a", "c"]),
               ("Utf8", "UTF8Type", ["\u00e9t\u00e9", "a", "z"]),
               ("Long", "LongType", [long_(5), long_(-1), long_(300)]),
               ("Integer", "IntegerType", [b"\x01\x00", b"\xff", b"\x05"]),
               ("TimeUUID", "TimeUUIDType", [timeuuid(3), timeuuid(1), timeuuid(2)]),
               ("LexUUID", "LexicalUUIDType", [lexuuid(9), lexuuid(2), lexuuid(5)])]


@scenario("rel_crud", "19", "crud", keyspace_reset="cv_r_crud")
def _crud():
    """insert/get/get_slice/multiget/get_count/range/remove over several comparators"""
    ks = "cv_r_crud"
    out = setup(ks, *[cf_def(ks, n, comparator=c) for n, c, _ in COMPARATORS])
    for n, _, names in COMPARATORS:
        for i, name in enumerate(names):
            out.append(v19.insert("k1", cparent(n), column(name, "v%d" % i, 10 + i)))
        out.append(v19.insert("k2", cparent(n), column(names[0], "other", 10)))
        out += [v19.get("k1", cpath(n, col=names[1])),
                v19.get_slice("k1", cparent(n), pred(start="")),
                v19.get_slice("k1", cparent(n), pred(start="", reversed=True, count=2)),
                v19.get_slice("k1", cparent(n), pred(names=[names[2], names[0]])),
                v19.get_count("k1", cparent(n), pred(start="")),
                v19.multiget_slice(["k1", "k2", "k3"], cparent(n), pred(start="")),
                v19.multiget_count(["k1", "k2", "k3"], cparent(n), pred(start=""))]
    n = "Utf8"
    out += [
        v19.get_slice("k1", cparent(n), pred(start="b", finish="y")),
        v19.get_range_slices(cparent(n), pred(start=""), key_range("", "", count=10)),
        v19.get_range_slices(cparent(n), pred(start="", count=1), key_range("", "", count=1)),
        v19.get_range_slices(cparent(n), pred(names=["a"]),
                             key_range(start_token="0", end_token="0", count=10)),
        # overwrite: older timestamp loses, newer wins
        v19.insert("k1", cparent(n), column("a", "older", 5)),
        v19.get("k1", cpath(n, col="a")),
        v19.insert("k1", cparent(n), column("a", "newer", 50)),
        v19.get("k1", cpath(n, col="a")),
        v19.remove("k1", cpath(n, col="a"), 60),
        v19.get("k1", cpath(n, col="a")),
        v19.get_count("k1", cparent(n), pred(start="")),
        v19.remove("k2", cpath(n), 60),
        v19.get_slice("k2", cparent(n), pred(start="")),
        v19.get_range_slices(cparent(n), pred(start=""), key_range("", "", count=10)),
        v19.batch_mutate({"k4": {n: [ins("x", "1", 10), ins("y", "2", 10), ins("z", "3", 10)],
                                 "Ascii": [ins("q", "4", 10)]}}),
        v19.batch_mutate({"k4": {n: [mutation(deletion_=deletion(20, predicate=pred(names=["x"])))]}}),
        v19.get_slice("k4", cparent(n), pred(start="")),
        v19.truncate("Ascii"),
        v19.get_slice("k4", cparent("Ascii"), pred(start="")),
    ]
    return out


# ------------------------------------------------------------------------------ super CFs
@scenario("rel_super", "19", "super", keyspace_reset="cv_r_super")
def _super():
    """Super column families: writes, reads of super columns and sub columns, removes"""
    ks = "cv_r_super"
    out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="LongType"),
                cf_def(ks, "SupB", column_type="Super", comparator="LongType",
                       subcomparator="UTF8Type"))
    out += [
        v19.insert("k", cparent("Sup", "sc1"), column(long_(2), "a", 10)),
        v19.insert("k", cparent("Sup", "sc1"), column(long_(1), "b", 10)),
        v19.insert("k", cparent("Sup", "sc2"), column(long_(7), "c", 10)),
        v19.batch_mutate({"k": {"Sup": [ins_super("sc3", [(long_(3), "d"), (long_(4), "e")], 10)]},
                          "j": {"SupB": [ins_super(long_(8), [("x", "1")], 10)]}}),
        v19.get("k", cpath("Sup", "sc1")),
        v19.get("k", cpath("Sup", "sc1", long_(1))),
        v19.get("k", cpath("Sup", "sc9")),
        v19.get_slice("k", cparent("Sup"), pred(start="")),
        v19.get_slice("k", cparent("Sup"), pred(start="", reversed=True, count=1)),
        v19.get_slice("k", cparent("Sup", "sc3"), pred(start="")),
        v19.get_count("k", cparent("Sup"), pred(start="")),
        v19.get_count("k", cparent("Sup", "sc3"), pred(start="")),
        v19.multiget_slice(["k", "j"], cparent("SupB"), pred(start="")),
        v19.get_range_slices(cparent("Sup"), pred(start=""), key_range("", "", count=10)),
        v19.remove("k", cpath("Sup", "sc1", long_(2)), 20),
        v19.get("k", cpath("Sup", "sc1")),
        v19.remove("k", cpath("Sup", "sc2"), 20),
        v19.batch_mutate({"k": {"Sup": [mutation(deletion_=deletion(20, sc="sc3",
                                                                    predicate=pred(names=[long_(3)])))]}}),
        v19.get_slice("k", cparent("Sup"), pred(start="")),
        # errors: a 4-byte name for LongType sub columns, a super column missing
        v19.insert("k", cparent("Sup", "sc1"), column(int32(1), "x", 10)),
        v19.insert("k", cparent("Sup"), column("nosc", "x", 10)),
        v19.get("k", cpath("Sup", col=long_(1))),
        v19.get_slice("k", cparent("Sup", "sc1"), pred(start="", count=-1)),
    ]
    return out


# ------------------------------------------------------------------------------ TTL
@scenario("rel_ttl", "19", "ttl", keyspace_reset="cv_r_ttl")
def _ttl():
    """TTL columns read back with their ttl; invalid TTLs"""
    ks = "cv_r_ttl"
    out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
    out += [
        v19.insert("k", cparent("Std"), column("t", "v", 1, ttl=3600)),
        v19.get("k", cpath("Std", col="t")),
        v19.get_slice("k", cparent("Std"), pred(start="")),
        v19.insert("k", cparent("Std"), column("z", "v", 1, ttl=0)),
        v19.insert("k", cparent("Std"), column("n", "v", 1, ttl=-5)),
        v19.batch_mutate({"k": {"Std": [ins("b1", "v", 1, ttl=100)]}}),
        v19.get("k", cpath("Std", col="b1")),
        v19.batch_mutate({"k": {"Std": [ins("b2", "v", 1, ttl=-1)]}}),
    ]
    return out


# ------------------------------------------------------------------------------ counters
if COUNTERS:
    @scenario("rel_counter", "19", "counter", keyspace_reset="cv_r_counter")
    def _counter():
        """counter CFs: add, read, remove_counter, super counters, counter errors"""
        ks = "cv_r_counter"
        cv = "CounterColumnType"
        out = setup(ks, cf_def(ks, "Cnt", comparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "Plain", comparator="UTF8Type"))
        out += [
            v19.add("k", cparent("Cnt"), counter_column("c", 5)),
            v19.add("k", cparent("Cnt"), counter_column("c", -2)),
            v19.add("k", cparent("Cnt"), counter_column("d", 10)),
            v19.get("k", cpath("Cnt", col="c")),
            v19.get_slice("k", cparent("Cnt"), pred(start="")),
            v19.get_count("k", cparent("Cnt"), pred(start="")),
            v19.add("k", cparent("SupCnt", "s"), counter_column("x", 3)),
            v19.get("k", cpath("SupCnt", "s")),
            v19.get_slice("k", cparent("SupCnt"), pred(start="")),
            v19.batch_mutate({"k": {"Cnt": [mutation(cosc(counter_column=counter_column("e", 7)))]}}),
            v19.get_slice("k", cparent("Cnt"), pred(start="")),
            v19.remove_counter("k", cpath("Cnt", col="d")),
            v19.get_slice("k", cparent("Cnt"), pred(start="")),
            # errors
            v19.add("k", cparent("Plain"), counter_column("c", 1)),
            v19.insert("k", cparent("Cnt"), column("c", "x", 1)),
            v19.add("k", cparent("Cnt"), counter_column("c", 1), cl=ANY),
            v19.get("k", cpath("Cnt", col="nope")),
        ]
        return out


if COUNTERS:
    @scenario("rel_counterorder", "19", "counter", keyspace_reset="cv_r_counterorder")
    def _counterorder():
        """add checks its level right after the key, before the column parent (found by
        Cassandra's own system tests replayed: 0.8-1.1 validateCommutativeForWrite, 1.2 on
        ConsistencyLevel.validateCounterForWrite): ANY, a level above ONE without
        replicate_on_write (before 2.1), a serial level (2.0 on)"""
        ks = "cv_r_counterorder"
        cv = "CounterColumnType"
        out = setup(ks, cf_def(ks, "Cnt", comparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "NoRep", comparator="UTF8Type", default_validation=cv,
                           extra={24: W.boolean(False)}))
        out += [
            v19.add("k", cparent("Cnt", "x"), counter_column("c", 1), cl=ANY),
            v19.add("k", cparent("SupCnt"), counter_column("c", 1), cl=ANY),
            v19.add("k", cparent("Cnt", "x"), counter_column("c", 1), cl=QUORUM),
            v19.add("k", cparent("NoRep", "x"), counter_column("c", 1), cl=QUORUM),
            v19.add("k", cparent("NoRep"), counter_column("c", 1), cl=QUORUM),
            v19.add("k", cparent("NoRep"), counter_column("c", 2)),
            v19.get_slice("k", cparent("NoRep"), pred(start="")),
            v19.add("", cparent("Cnt", "x"), counter_column("c", 1), cl=ANY),
        ]
        if R >= (2, 0):
            out += [
                v19.add("k", cparent("Cnt", "x"), counter_column("c", 1), cl=9),
                v19.add("k", cparent("SupCnt"), counter_column("c", 1), cl=10),
            ]
        return out


if R >= (2, 1):
    @scenario("rel_counterdel", "19", "counter", keyspace_reset="cv_r_counterdel")
    def _counterdel():
        """a deleted counter stays deleted (found by difftest.py --app): in 2.1 and 2.2 a
        deletion of the counter's cell, super column or row wins over any counter cell,
        whatever the timestamps, so later additions are not seen; 3.0 and 3.11 keep that for
        a deletion of the cell alone (a tombstone cell), a deleted super column or row goes
        by timestamp against what is added later"""
        ks = "cv_r_counterdel"
        cv = "CounterColumnType"
        # 3.x stamped a deletion and an addition with the millisecond (times 1000): an
        # addition in the millisecond of its row's deletion was deleted too. A truncate of
        # another column family (a flush: milliseconds) keeps them apart.
        gap_cf = [cf_def(ks, "Gap", comparator="UTF8Type")] if R >= (3, 0) else []
        gap = [v19.truncate("Gap")] if R >= (3, 0) else []
        out = setup(ks, cf_def(ks, "Cnt", comparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation=cv), *gap_cf)
        add = lambda k, name, n, sc=None: v19.add(k, cparent("Cnt" if sc is None else "SupCnt",
                                                             sc), counter_column(name, n))
        out += [
            add("k", "c1", 5), v19.remove_counter("k", cpath("Cnt", col="c1")), add("k", "c1", 2),
            add("k", "c2", 3),
            v19.get("k", cpath("Cnt", col="c1")),
            v19.get_slice("k", cparent("Cnt"), pred(start="")),
            # deleted before it was ever added to
            v19.remove_counter("n", cpath("Cnt", col="c1")), add("n", "c1", 4),
            add("n", "c1", 1),
            v19.get_slice("n", cparent("Cnt"), pred(start="")),
            # a deleted row
            add("r", "c1", 6), v19.remove_counter("r", cpath("Cnt")), *gap, add("r", "c1", 1),
            v19.get_slice("r", cparent("Cnt"), pred(start="")),
            # sub-columns of a super counter, and a deleted super column
            add("k", "x", 1, "s1"), v19.remove_counter("k", cpath("SupCnt", "s1", "x")),
            add("k", "x", 1, "s1"), add("k", "y", 2, "s1"),
            add("k", "z", 1, "s2"), v19.remove_counter("k", cpath("SupCnt", "s2")), *gap,
            add("k", "z", 5, "s2"),
            v19.get_slice("k", cparent("SupCnt"), pred(start="")),
            # a batch's deletion by name, then a batch adding to it
            v19.batch_mutate({"b": {"Cnt": [mutation(cosc(counter_column=counter_column(
                "c1", 7)))]}}),
            v19.batch_mutate({"b": {"Cnt": [mutation(deletion_=deletion(
                predicate=pred(names=["c1"])))]}}),
            v19.batch_mutate({"b": {"Cnt": [mutation(cosc(counter_column=counter_column(
                "c1", 2))), mutation(cosc(counter_column=counter_column("c2", 2)))]}}),
            v19.get_slice("b", cparent("Cnt"), pred(start="")),
            # a deleted row, added to twice, and one read before it is added to again
            add("t", "c1", 4), add("t", "c2", 1), v19.remove_counter("t", cpath("Cnt")),
            v19.get_slice("t", cparent("Cnt"), pred(start="")), *gap,
            add("t", "c1", 10), add("t", "c1", 100),
            v19.get_slice("t", cparent("Cnt"), pred(start="")),
            v19.get("t", cpath("Cnt", col="c2")),
            # a deleted super column of two sub-columns, one added to again
            add("s", "x", 2, "s3"), add("s", "y", 3, "s3"),
            v19.remove_counter("s", cpath("SupCnt", "s3")), *gap, add("s", "x", 20, "s3"),
            v19.get_slice("s", cparent("SupCnt"), pred(start="")),
            # a whole row of a super counter column family
            add("w", "x", 7, "s4"), v19.remove_counter("w", cpath("SupCnt")), *gap,
            add("w", "x", 1, "s4"),
            v19.get_slice("w", cparent("SupCnt"), pred(start="")),
            # a truncate forgets the counts (3.x: its counter cache too)
            v19.truncate("Cnt"), add("t", "c1", 1),
            v19.get_slice("t", cparent("Cnt"), pred(start="")),
        ]
        return out


# ------------------------------------------------------------------------------ secondary index
@scenario("rel_index", "19", "index", keyspace_reset="cv_r_index")
def _index():
    """KEYS secondary index: get_indexed_slices (and row_filter where KeyRange has it)"""
    ks = "cv_r_index"
    out = setup(ks, cf_def(ks, "Users", comparator="UTF8Type", column_metadata=[
        column_def("state", "UTF8Type", KEYS_INDEX, "state_idx"),
        column_def("age", "LongType", KEYS_INDEX, "age_idx")]))
    for k, st, age in (("u1", "TX", 30), ("u2", "CA", 25), ("u3", "TX", 41), ("u4", "NY", 30)):
        out.append(v19.batch_mutate({k: {"Users": [ins("state", st, 1), ins("age", long_(age), 1),
                                                   ins("name", k.upper(), 1)]}}))
    out += [
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "TX")]),
                               pred(start="")),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "TX"),
                                                               index_expr("age", GT, long_(35))]),
                               pred(start="")),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("age", EQ, long_(30))]),
                               pred(names=["name"])),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "ZZ")]),
                               pred(start="")),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("age", GTE, long_(1))]),
                               pred(start="")),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "TX")], count=1),
                               pred(names=["name"])),
        v19.insert("u5", cparent("Users"), column("age", "notalong", 1)),
        describe_ks(ks),
    ]
    if R >= (1, 1):
        out.append(v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                                        key_range("", "", count=100,
                                                  row_filter=[index_expr("state", EQ, "TX")])))
    return out


# ------------------------------------------------------------------------------ validation
@scenario("rel_invalid", "19", "invalid", keyspace_reset="cv_r_invalid")
def _invalid():
    """requests every release rejects: no keyspace, bad names for the comparator, bad CLs..."""
    ks = "cv_r_invalid"
    out = [v19.insert("k", cparent("Std"), column("a", "v", 1)),      # no keyspace set yet
           v19.get_slice("k", cparent("Std"), pred(start="")),
           v19.set_keyspace("cv_r_no_such_ks")]
    out += setup(ks, cf_def(ks, "Std", comparator="UTF8Type"),
                 cf_def(ks, "Lng", comparator="LongType"),
                 cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type"))
    out += [
        v19.insert("k", cparent("NoSuchCF"), column("a", "v", 1)),
        v19.get("k", cpath("NoSuchCF", col="a")),
        v19.insert("k", cparent("Lng"), column(b"abc", "v", 1)),
        v19.insert("k", cparent("Std"), column(b"\xff\xfe", "v", 1)),
        v19.insert("k", cparent("Std"), column("", "v", 1)),
        v19.insert("", cparent("Std"), column("a", "v", 1)),
        v19.insert("k", cparent("Std", "sc"), column("a", "v", 1)),
        v19.get("k", cpath("Std")),
        v19.get("k", cpath("Std", col="missing")),
        v19.get("k", cpath("Sup", "sc", "missing")),
        v19.get_slice("k", cparent("Lng"), pred(start=b"abc")),
        v19.get_slice("k", cparent("Lng"), pred(start=long_(9), finish=long_(1))),
        v19.get_slice("k", cparent("Std"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("Std"), W.struct({})),
        v19.get_slice("k", cparent("Std"), pred(start=""), cl=ANY),
        v19.get_slice("k", cparent("Std"), pred(start=""), cl=99),
        v19.get_slice("k", cparent("Std"), pred(start=""), cl=QUORUM),
        v19.get_slice("k", cparent("Std"), pred(start=""), cl=ALL),
        v19.multiget_slice([], cparent("Std"), pred(start="")),
        v19.get_range_slices(cparent("Std"), pred(start=""), key_range("b", "a", count=10)),
        v19.get_range_slices(cparent("Std"), pred(start=""), key_range("", "", count=0)),
        v19.get_range_slices(cparent("Std"), pred(start=""),
                             key_range("a", None, end_token="0", count=10)),
        v19.batch_mutate({"k": {"Std": [mutation()]}}),
        v19.batch_mutate({"k": {"Std": [mutation(cosc(column=column("a", "v", 1)),
                                                 deletion(2, predicate=pred(names=["a"])))]}}),
        v19.batch_mutate({"k": {"Std": [mutation(cosc(super_column=super_column(
            "sc", [column("a", "v", 1)])))]}}),
        v19.batch_mutate({"k": {"NoSuchCF": [ins("a", "v", 1)]}}),
        v19.remove("k", cpath("Std", "sc", "a"), 1),
        v19.remove("k", cpath("NoSuchCF"), 1),
        v19.truncate("NoSuchCF"),
        v19.describe_splits("NoSuchCF", "0", "0", 128),
    ]
    return out


# ------------------------------------------------------------------------------ CF cache settings
def cache_fields(row, key, row_save, key_save, provider=None, keys_to_save=None, cf_id=None):
    """CfDef fields 9, 11, 19, 20 (the cache settings of 0.7-1.0), 27 and 31 where the release
    declared them, and the CF id (16) the releases before 1.2 wanted in an update."""
    f = {9: W.double(row), 11: W.double(key), 19: W.i32(row_save), 20: W.i32(key_save)}
    if provider is not None and R >= (0, 8):
        f[27] = b(provider)
    if keys_to_save is not None and R >= (1, 0):
        f[31] = W.i32(keys_to_save)
    if cf_id is not None and R < (1, 2):
        f[16] = W.i32(cf_id)
    return f


@scenario("rel_cache", "19", "cache", keyspace_reset="cv_r_cache")
def _cache():
    """the CfDef's own cache settings (0.7-1.0; ignored from 1.1, which has `caching`): kept,
    defaulted (an update without them too), updated, a fraction, an unknown provider. Before 1.2 an update names the CF by its id, and a
    fresh node gives its first column family 1000: this case must be the first one replayed
    on a fresh node (its name sorts first in the release's directory)."""
    ks = "cv_r_cache"
    prov = "org.apache.cassandra.cache.SerializingCacheProvider"
    return setup(ks) + [
        v19.system_add_column_family(cf_def(ks, "Cached", extra=cache_fields(100, 100, 3, 3))),
        v19.system_add_column_family(cf_def(ks, "Plain")),
        v19.system_add_column_family(cf_def(ks, "Frac", extra=cache_fields(
            0.5, 1234.7, 0, 60, provider=prov, keys_to_save=10))),
        describe_ks(ks),
        v19.system_update_column_family(cf_def(ks, "Cached", extra=cache_fields(
            200, 200, 4, 4, cf_id=1000))),
        v19.set_keyspace(ks),
        describe_ks(ks),
        # an update without the cache fields
        v19.system_update_column_family(cf_def(ks, "Cached", comment="no cache fields",
                                               extra={16: W.i32(1000)} if R < (1, 2)
                                               else {})),
        v19.set_keyspace(ks),
        describe_ks(ks),
        # (a negative size made 0.8 add the column family, then fail the call, then fail
        # to drop the keyspace: left out)
        v19.system_add_column_family(cf_def(ks, "Provider", extra=cache_fields(
            10, 10, 0, 0, provider="NoSuchProvider"))),
        describe_ks(ks),
    ]


# ------------------------------------------------------------------------------ types
# The type names of 0.7 to 2.2 an application could give a column family, with parameterised
# forms (EmptyType, of 1.2 on, is left out: supercolumn has no such type).
TYPES = ["BytesType", "AsciiType", "UTF8Type", "LongType", "IntegerType", "Int32Type",
         "LexicalUUIDType", "TimeUUIDType", "UUIDType", "DateType", "TimestampType",
         "BooleanType", "FloatType", "DoubleType", "DecimalType", "InetAddressType",
         "CompositeType(UTF8Type,LongType)", "CompositeType(UTF8Type,DecimalType)",
         "DynamicCompositeType(a=>AsciiType,b=>LongType)", "ReversedType(LongType)",
         "ListType(UTF8Type)", "org.apache.cassandra.db.marshal.DecimalType",
         "CompositeType(UTF8Type,InetAddressType)", "ReversedType(DecimalType)",
         "DynamicCompositeType(a=>InetAddressType)"]


@scenario("rel_types", "19", "types", keyspace_reset="cv_r_types")
def _types():
    """each type as comparator, default validator, key validator (0.8+) and column validator:
    which ones the release had, and how it refused the others"""
    ks = "cv_r_types"
    out = setup(ks)
    for i, t in enumerate(TYPES):
        out.append(v19.system_add_column_family(cf_def(ks, "C%d" % i, comparator=t)))
        out.append(v19.system_add_column_family(cf_def(ks, "V%d" % i, default_validation=t)))
        if R >= (0, 8):
            out.append(v19.system_add_column_family(cf_def(ks, "K%d" % i, key_validation=t)))
        out.append(v19.system_add_column_family(cf_def(
            ks, "M%d" % i, comparator="UTF8Type", column_metadata=[column_def("c", t)])))
    out.append(v19.system_add_column_family(cf_def(ks, "Sub", column_type="Super",
                                                   comparator="UTF8Type",
                                                   subcomparator="DecimalType")))
    out.append(v19.system_add_column_family(cf_def(ks, "Cnt",
                                                   default_validation="CounterColumnType")))
    return out


# ------------------------------------------------------------------------------ CQL 2
if CQL2:
    @scenario("rel_cql2", "19", "cql2", keyspace_reset="cv_r_cql2")
    def _cql2():
        """CQL 2 through execute_cql_query: keyspace, column family, writes, reads, errors"""
        ks = "cv_r_cql2"
        if R < (1, 1):
            mk = ("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
                  "AND strategy_options:replication_factor = 1" % ks)
        else:
            mk = ("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                  "AND strategy_options:replication_factor = 1" % ks)
        out = [
            cql2(mk),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, age bigint) "
                 "WITH comparator = varchar AND default_validation = varchar"),
            cql2("INSERT INTO users (KEY, name, age) VALUES ('u1', 'Ann', 30)"),
            cql2("INSERT INTO users (KEY, name, age) VALUES ('u2', 'Bob', 41)"),
            cql2("UPDATE users SET name = 'Bo' WHERE KEY = 'u2'"),
            cql2("SELECT * FROM users WHERE KEY = 'u1'"),
            cql2("SELECT name FROM users WHERE KEY = 'u2'"),
            cql2("SELECT name, age FROM users WHERE KEY IN ('u1', 'u2', 'u3')"),
            cql2("SELECT FIRST 1 * FROM users WHERE KEY = 'u1'"),
            cql2("SELECT COUNT(*) FROM users WHERE KEY = 'u1'"),
            cql2("DELETE name FROM users WHERE KEY = 'u1'"),
            cql2("SELECT * FROM users WHERE KEY = 'u1'"),
            cql2("SELECT * FROM users WHERE KEY = 'nobody'"),
            cql2("TRUNCATE users"),
            cql2("SELECT * FROM users WHERE KEY = 'u2'"),
            # errors
            cql2("SELECT * FROM nosuchcf WHERE KEY = 'u1'"),
            cql2("SELEKT * FROM users"),
            cql2("INSERT INTO users (KEY, age) VALUES ('u3', 'notanumber')"),
            cql2("USE cv_r_no_such_ks"),
            cql2("DROP COLUMNFAMILY users"),
            cql2("DROP COLUMNFAMILY users"),
            v19.execute_cql_query("SELECT * FROM users", compression=1),
        ]
        return out


# ------------------------------------------------------------------------------ CQL 3
if CQL3 or CQL3_VIA_VERSION:
    @scenario("rel_cql3", "19", "cql3", keyspace_reset="cv_r_cql3")
    def _cql3():
        """CQL 3 (1.1: set_cql_version 3.0.0 + execute_cql_query; 2.0+: execute_cql3_query)"""
        ks = "cv_r_cql3"
        out = []
        if CQL3_VIA_VERSION:
            out += [v19.set_cql_version("9.9.9"), v19.set_cql_version("3.0.0")]
            mk = ("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                  "AND strategy_options:replication_factor = 1" % ks)
        else:
            mk = ("CREATE KEYSPACE %s WITH replication = "
                  "{'class': 'SimpleStrategy', 'replication_factor': 1}" % ks)
        out += [
            cql3(mk),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE users (id text PRIMARY KEY, name text, age int)"),
            cql3("CREATE TABLE posts (author text, at int, body text, PRIMARY KEY (author, at))"),
            cql3("INSERT INTO users (id, name, age) VALUES ('u1', 'Ann', 30)"),
            cql3("INSERT INTO users (id, name, age) VALUES ('u2', 'Bob', 41)"),
            cql3("INSERT INTO posts (author, at, body) VALUES ('u1', 2, 'second')"),
            cql3("INSERT INTO posts (author, at, body) VALUES ('u1', 1, 'first')"),
            cql3("SELECT * FROM users WHERE id = 'u1'"),
            cql3("SELECT name, age FROM users WHERE id IN ('u1', 'u2', 'u3')"),
            cql3("SELECT * FROM posts WHERE author = 'u1'"),
            cql3("SELECT body FROM posts WHERE author = 'u1' AND at > 1"),
            cql3("SELECT * FROM posts WHERE author = 'u1' ORDER BY at DESC LIMIT 1"),
            cql3("UPDATE users SET age = 31 WHERE id = 'u1'"),
            cql3("DELETE name FROM users WHERE id = 'u1'"),
            cql3("SELECT * FROM users WHERE id = 'u1'"),
            cql3("SELECT COUNT(*) FROM posts WHERE author = 'u1'"),
            # what Thrift sees of a CQL 3 table (cell timestamps are the server's clock)
            v19.get_slice("u1", cparent("posts"), pred(start="")).mask("0/*/1/3"),
            describe_ks(ks),
            # errors
            cql3("SELECT * FROM nosuchtable"),
            cql3("SELEKT * FROM users"),
            cql3("INSERT INTO users (id, age) VALUES ('u3', 'notanint')"),
            cql3("SELECT * FROM posts WHERE body = 'x'"),
            cql3("CREATE TABLE users (id text PRIMARY KEY)"),
            cql3("DROP TABLE users"),
            cql3("SELECT * FROM users"),
        ]
        if CQL3:
            out.append(v19.execute_cql3_query("SELECT * FROM posts", cl=ANY))
        return out


# ------------------------------------------------------------------------------ later IDLs' fields
@scenario("rel_decode", "19", "decode", keyspace_reset="cv_r_decode")
def _decode():
    """what a client of a later IDL sends: struct fields this release did not declare (skipped),
    a consistency level it lacked, a field of another wire type, 0.7/0.8 memtable thresholds;
    last, a column without a timestamp (0.7 refused it inside the Column struct, left the rest
    of the frame unread and closed the connection at the next call)"""
    ks = "cv_r_decode"
    later = {24: b("org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"),  # 1.0
             30: b("KEYS_ONLY"),                                    # caching, 1.1
             34: W.double(0.25),                                    # dclocal_read_repair_chance
             37: W.i32(0),                                          # memtable_flush_period_in_ms
             38: W.i32(3600),                                       # default_time_to_live, 2.0
             40: b("NONE"),                                         # speculative_retry
             99: b("a field no release declared")}
    idx = cf_def(ks, "Idx", comparator="UTF8Type", column_metadata=[
        column_def("birth", M + "LongType", KEYS_INDEX)])
    out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type", extra=dict(later)), idx)
    thresholds = {22: W.i32(128), 23: W.double(0.5), 21: W.i32(60)} if R < (1, 0) else {}
    out += [
        describe_ks(ks),
        v19.system_add_column_family(cf_def(ks, "Mem", comparator="UTF8Type",
                                            extra={**thresholds, 14: b("not an i32")})),
        describe_ks(ks),
    ]
    for k, birth in (("k1", 1), ("k2", 2), ("k3", 2)):
        out.append(v19.insert(k, cparent("Idx"), column("birth", long_(birth), 10)))
    # KeyRange.row_filter (1.1 on): before 1.1 every row comes back
    krange = key_range("", "", count=10)
    krange["f"]["6"] = W.list_("struct", [index_expr("birth", EQ, long_(2))])
    out += [
        v19.get_range_slices(cparent("Idx"), pred(start=""), krange),
        # ColumnOrSuperColumn.counter_column (0.8 on) beside a column
        v19.batch_mutate({"k4": {"Std": [mutation(W.struct({
            1: column("a", "v", 10), 3: W.struct({1: b("c"), 2: W.i64(1)})}))]}}),
        v19.get_slice("k4", cparent("Std"), pred(start="")),
        # LOCAL_ONE (1.2 on)
        v19.get_slice("k4", cparent("Std"), pred(start=""), cl=11),
        v19.get_slice("k4", cparent("Std"), pred(start="")),
        # a level remove did not require, read as null: the method failed on it
        v19.remove("k4", cpath("Std", col="a"), 20, cl=12),
        v19.get_slice("k4", cparent("Std"), pred(start="")),
    ]
    if R < (1, 0):
        # 0.7 and 0.8 refused thresholds not above 0
        out.append(v19.system_add_column_family(cf_def(ks, "Mem0", extra={22: W.i32(0)})))
    if CQL2 and R < (1, 2):
        # 0.8 counted one row only
        out += [cql2("SELECT COUNT(*) FROM Std"), cql2("SELECT COUNT(*) FROM Std WHERE KEY = 'k4'")]
    out += [
        v19.insert("k5", cparent("Std"), W.struct({1: b("a"), 2: b("v")})),
        exact_version(),
    ]
    return out


@scenario("rel_nokeyspace", "19", "nokeyspace")
def _nokeyspace():
    """every data call before set_keyspace: which words each release refused it in"""
    out = [
        v19.get("k", cpath("Std", col="a")),
        v19.get_slice("k", cparent("Std"), pred(start="")),
        v19.get_count("k", cparent("Std"), pred(start="")),
        v19.multiget_slice(["k"], cparent("Std"), pred(start="")),
        v19.multiget_count(["k"], cparent("Std"), pred(start="")),
        v19.get_range_slices(cparent("Std"), pred(start=""), key_range("", "", count=10)),
        v19.get_indexed_slices(cparent("Std"), index_clause([index_expr("a", EQ, "v")]),
                               pred(start="")),
        v19.insert("k", cparent("Std"), column("a", "v", 1)),
        v19.remove("k", cpath("Std"), 1),
        v19.batch_mutate({"k": {"Std": [ins("a", "v", 1)]}}),
        v19.truncate("Std"),
        v19.describe_splits("Std", "0", "0", 128),
        v19.system_drop_column_family("Std"),
    ]
    if R < (1, 1):
        # 0.7 to 1.0 wanted a session keyspace whatever keyspace the CfDef named
        out.append(v19.system_update_column_family(cf_def("cv_r_nokeyspace", "Std",
                                                          comparator="UTF8Type")))
    if CQL2 and R < (1, 2):
        out.append(cql2("SELECT * FROM Std"))
    if COUNTERS:
        out += [v19.add("k", cparent("Cnt"), counter_column("c", 1)),
                v19.remove_counter("k", cpath("Cnt", col="c"))]
    return out


@scenario("rel_client", "19", "client", keyspace_reset="cv_r_client")
def _client():
    """what the differential tester (difftest.py) found on calls of ordinary use: column
    families whose names share a HashMap bucket ('Std', 'Add1003') listed in creation order
    (before 1.2); a range scan of one super column by names, which 0.7-1.0 ordered by the
    super columns' TimeUUIDType and failed on; the checks a remove made before the level it
    read as null; a key checked before the level a read asked for was found unavailable"""
    ks = "cv_r_client"
    extra = {26: b("LongType")} if R >= (0, 8) else {}
    out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type", comment="first"),
                cf_def(ks, "Sup", column_type="Super", comparator="TimeUUIDType",
                       subcomparator="UTF8Type"),
                cf_def(ks, "Keyed", comparator="UTF8Type", extra=extra))
    out += [
        v19.system_add_column_family(cf_def(ks, "Add1003", comparator="AsciiType")),
        v19.system_add_column_family(cf_def(ks, "Other", comparator="AsciiType")),
        describe_ks(ks),
        v19.describe_keyspaces().mask("0/*/5/*/16"),
        v19.insert("k1", cparent("Sup", timeuuid(1)), column("a", "v", 10)),
        v19.get_range_slices(cparent("Sup", timeuuid(1)), pred(names=["a"]),
                             key_range("", "", count=10)),
        v19.set_keyspace(ks),   # 1.1 closed the connection
        v19.get_range_slices(cparent("Sup", timeuuid(1)), pred(start=""),
                             key_range("", "", count=10)),
        v19.get_range_slices(cparent("Sup"), pred(names=[timeuuid(1)]),
                             key_range("", "", count=10)),
        v19.insert("k1", cparent("Std"), column("a", "v", 10)),
        # a level the release may lack, on a column family it has not: the checks first
        v19.remove("k1", cpath("NoSuchCF", col="a"), 20, cl=12),
        v19.remove("k1", cpath("Std", col="a"), 20, cl=12),
    ]
    out += [
        v19.set_keyspace(ks),
        v19.get_slice("k1", cparent("Std"), pred(start="")),
        # THREE (0.8 on) with one replica: unavailable, but only once the key was checked
        v19.get_slice("k1", cparent("Keyed"), pred(start=""), cl=8),
        v19.get("k1", cpath("Keyed", col="a"), cl=8),
        v19.get_slice("k1", cparent("Std"), pred(start=""), cl=8),
        describe_ks(ks),
    ]
    return out

# ------------------------------------------------------------------------------ applications
if R < (1, 2):
    @scenario("rel_oldapps", "19", "client", keyspace_reset="cv_r_oldapps")
    def _oldapps():
        """what difftest.py (its --app sequences too) found before 1.2: the ids 0.7 to 1.1 spent
        on refused schema calls (a 'create if missing' that finds the column family or keyspace
        there); 1.1's system_add_column_family without a session keyspace; 0.7's KsDef replication
        described as sent and its column_metadata in HashMap order; a CfDef's merge_shards_chance
        (0.8, 1.0); CQL 2's CREATE COLUMNFAMILY without shard merging (0.8, 1.0), odd-length hex
        for BytesType (refused from 1.1) and TimeUUIDType's own words (0.8, 1.0). The ids show in
        the messages of 0.7-1.0's updates without one (describe_keyspace masks them: stepdiff.py
        replays every case on one node)"""
        ks = "cv_r_oldapps"

        columns = [column_def("name", "UTF8Type"), column_def("age", "LongType"),
                   column_def("email", "UTF8Type")]
        extra = {25: W.double(0.5)} if (0, 8) <= R < (1, 1) else {}
        kdef = ks_def(ks, [cf_def(ks, "Std", comparator="UTF8Type", comment="first")])
        if R < (0, 8):
            # 0.7's KsDef: options beside the factor, described as sent
            kdef = W.struct({1: b(ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                             3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
                             4: W.i32(1),
                             5: W.list_("struct", [cf_def(ks, "Std", comparator="UTF8Type",
                                                          comment="first")])})
        out = [
            v19.system_add_keyspace(kdef),
            # no session keyspace: 1.1 named the CfDef's keyspace, the others wanted one set
            v19.system_add_column_family(cf_def(ks, "Early", comparator="AsciiType")),
            v19.set_keyspace(ks),
            # a client's "create if missing": refused, after 0.7-1.1 had taken an id for it
            v19.system_add_keyspace(kdef),
            v19.system_add_column_family(cf_def(ks, "Std", comparator="UTF8Type")),
            v19.system_add_column_family(cf_def("cv_r_oldapps_none", "Lost", comparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "bad name", comparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                                column_metadata=columns, extra=extra)),
            describe_ks(ks),
        ]
        if R < (1, 1):
            # the ids compared: 0.7 and 0.8 read a missing one as 0, 1.0 took the next (1.1
            # failed such an update on the server: rel_schema)
            out += [v19.system_update_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                                           column_metadata=columns, extra=extra)),
                    describe_ks(ks)]
        if CQL2 and R < (1, 2):
            out += [
                cql2("CREATE COLUMNFAMILY Lines (KEY varchar PRIMARY KEY) WITH comparator = BytesType "
                     "AND default_validation = varchar"),
                cql2("CREATE COLUMNFAMILY Times (KEY varchar PRIMARY KEY) "
                     "WITH comparator = TimeUUIDType AND default_validation = varchar"),
                describe_ks(ks),
                cql2("UPDATE Lines SET 'c01' = 'odd' WHERE KEY = 'k1'"),
                cql2("UPDATE Lines SET 'c0' = 'even' WHERE KEY = 'k1'"),
                cql2("SELECT * FROM Lines WHERE KEY = 'k1'"),
                cql2("DELETE 'c07' FROM Times WHERE KEY = 'k1'"),
                cql2("SELECT 'notadate' FROM Times WHERE KEY = 'k1'"),
                # created if missing: refused, after taking an id
                cql2("CREATE COLUMNFAMILY Lines (KEY varchar PRIMARY KEY) WITH comparator = BytesType "
                     "AND default_validation = varchar"),
                v19.system_add_column_family(cf_def(ks, "Later", comparator="UTF8Type")),
            ]
            if R < (1, 1):
                out.append(v19.system_update_column_family(cf_def(ks, "Later",
                                                                   comparator="UTF8Type")))
        return out


if R < (1, 2):
    @scenario("rel_newclient", "19", "client", keyspace_reset="cv_r_newclient")
    def _newclient():
        """what an application built against 1.2's IDL (19.36) sends to this older release, its
        keyspace made for the release (difftest.py --app --client 1.2): counter writes in a batch
        (0.7's reader skipped the counter and checked the mutation's shape before its column
        family), the methods of later APIs (answered as unknown), a KeyRange.row_filter (ignored
        before 1.1) and a KsDef of strategy_options alone (0.7 required its replication_factor)"""
        ks = "cv_r_newclient"
        out = setup(ks, cf_def(ks, "Users", comparator="UTF8Type", column_metadata=[
            column_def("age", M + "LongType", KEYS_INDEX)]))
        hits = counter_column("hits", 3)
        csc = W.struct({1: b("sc"), 2: W.list_("struct", [hits])})
        out += [
            v19.insert("u1", cparent("Users"), column("age", long_(20), 10)),
            v19.insert("u2", cparent("Users"), column("age", long_(21), 10)),
            # a counter column family the release never had made
            v19.batch_mutate({"u1": {"Cnt": [mutation(cosc(counter_column=hits))]}}),
            v19.batch_mutate({"u1": {"Cnt": [mutation(cosc(counter_super_column=csc))]}}),
            v19.batch_mutate({"u1": {"Cnt": [ins("a", "v", 10, ttl=0)]}}),
            v19.batch_mutate({"u1": {"Cnt": [ins("a", "v", 10)]}}),
            # a counter into a Standard column family, and beside a plain write
            v19.batch_mutate({"u1": {"Users": [mutation(cosc(counter_column=hits))]}}),
            v19.batch_mutate({"u1": {"Users": [ins("name", "n", 10),
                                               mutation(cosc(counter_column=hits))]}}),
            v19.add("u1", cparent("Users"), hits),
            v19.atomic_batch_mutate({"u1": {"Users": [ins("name", "n", 11)]}}),
            raw("execute_cql3_query", {1: b("SELECT * FROM Users"), 2: W.i32(2), 3: W.i32(1)}),
            raw("describe_token_map", {}).mask("0"),  # 1.1: the node's random token
            raw("trace_next_query", {}),
            v19.get_range_slices(cparent("Users"), pred(start=""), key_range(
                "", "", count=10, row_filter=[index_expr("age", EQ, long_(21))])),
            v19.get_slice("u1", cparent("Users"), pred(start="")),
        ]
        if R < (1, 1):
            out.append(raw("get_paged_slice", {1: b("Users"), 2: key_range("", "", count=10),
                                               3: b(""), 4: W.i32(1)}))
        out.append(v19.system_update_keyspace(W.struct({
            1: b(ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
            3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
            5: W.list_("struct", [])})))
        out.append(describe_ks(ks))
        return out


# ------------------------------------------------------------------------------ range deletions
RANGES = [("", "", False), ("b", "", False), ("", "b", False), ("c", "a", True),
          ("", "b", True), ("b", "", True), ("b", "c", False)]


@scenario("rel_rangedel", "19", "batch", keyspace_reset="cv_r_rangedel")
def _rangedel():
    """batch_mutate deletions by SliceRange (found by difftest.py): refused before 2.0, a range
    tombstone from 2.0 on, whose empty or earlier finish deletes the start name alone"""
    ks = "cv_r_rangedel"
    out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"), cf_def(ks, "L", comparator="LongType"))
    for i, (start, finish, rev) in enumerate(RANGES):
        key = "k%d" % i
        out += [v19.insert(key, cparent("A"), column(n, "v", 1)) for n in "abcd"]
        out += [v19.batch_mutate({key: {"A": [mutation(deletion_=deletion(
                    5, predicate=pred(start=start, finish=finish, reversed=rev)))]}}),
                v19.get_slice(key, cparent("A"), pred(start=""))]
    # names and a range together: the names are deleted
    out += [v19.batch_mutate({"k0": {"A": [mutation(deletion_=deletion(
                6, predicate=pred(names=["a"], slice_range=W.struct({
                    1: b("c"), 2: b("d"), 3: W.boolean(False), 4: W.i32(10)}))))]}}),
            v19.get_slice("k0", cparent("A"), pred(start="")),
            # an invalid bound is still refused for the comparator
            v19.batch_mutate({"z": {"L": [mutation(deletion_=deletion(
                5, predicate=pred(start="ab", finish="")))]}})]
    return out


if R >= (2, 0):
    @scenario("rel_rangebound", "19", "batch", keyspace_reset="cv_r_rangebound")
    def _rangebound():
        """Columns on a bound two range tombstones share (found by difftest.py --app): 2.0 to
        2.2 kept a row's range deletions as adjacent ranges, newest per name, and a read walking
        the row forward (a slice, names, counts, range and paged scans) judged a column on a
        shared bound by the range on its left, a reversed slice by the newer of the two"""
        ks = "cv_r_rangebound"
        out = setup(ks, cf_def(ks, "R", comparator="BytesType"))
        h = bytes.fromhex
        cells = [("0000", 40), ("1000", 60), ("2710", 696), ("3000", 696), ("7530", 700),
                 ("c350", 600), ("d000", 560), ("ea60", 560), ("f000", 1)]
        dels = [("2710", "ea60", 553), ("0000", "7530", 52), ("2710", "c350", 790)]
        # the same deletions in two orders, on two rows
        for key, order in (("u", dels), ("v", dels[::-1])):
            out += [v19.insert(key, cparent("R"), column(h(n), "x", t)) for n, t in cells]
            out += [v19.batch_mutate({key: {"R": [mutation(deletion_=deletion(
                        t, predicate=pred(start=h(a), finish=h(z))))]}}) for a, z, t in order]
        everything = pred(start="")
        backwards = pred(start="", reversed=True)
        out += [v19.get_slice("u", cparent("R"), everything),
                v19.get_slice("u", cparent("R"), backwards),
                v19.get_slice("v", cparent("R"), everything),
                v19.get_slice("u", cparent("R"), pred(start=h("2710"))),
                v19.get_slice("u", cparent("R"), pred(start=h("c350"), finish=h("2710"),
                                                      reversed=True)),
                v19.get_slice("u", cparent("R"), pred(names=[h("2710"), h("3000"),
                                                              h("c350"), h("ea60")])),
                v19.multiget_slice(["u", "v"], cparent("R"), backwards),
                v19.get_count("u", cparent("R"), everything),
                v19.get_count("u", cparent("R"), backwards),
                v19.get_range_slices(cparent("R"), everything, key_range(start_key="", end_key="")),
                v19.get_range_slices(cparent("R"), backwards, key_range(start_key="", end_key="")),
                v19.get_paged_slice("R", key_range(start_key="", end_key="", count=10), "")]
        return out


# ------------------------------------------------------------------------------ super range deletions
SUPER_RANGES = [("", "", False), ("b", "", False), ("", "b", False), ("b", "c", False),
                ("c", "a", True), ("", "b", True), ("b", "d", False), ("bb", "cc", False)]


@scenario("rel_superrangedel", "19", "batch", keyspace_reset="cv_r_superrangedel")
def _superrangedel():
    """batch_mutate deletions by SliceRange of a Super CF's super columns (found by
    ordinary19.py): refused before 2.0; 2.0 to 2.2 a range tombstone over the super column names
    from start to finish (an empty finish, or one before the start, deletes none), 3.x with an
    empty bound open. With a super column: refused before 2.0 and in 3.x (`Cannot delete a range
    of subcolumns in a super column`, the batch unwritten); 2.x deleted those sub-columns (found
    by ordinary19d)"""
    ks = "cv_r_superrangedel"
    out = setup(ks, cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"),
                cf_def(ks, "SL", column_type="Super", comparator="LongType",
                       subcomparator="UTF8Type"))
    sc = lambda name, subs, t: mutation(cosc(super_column=super_column(
        name, [column(n, "v", t) for n in subs])))
    everything = pred(start="")
    for i, (start, finish, rev) in enumerate(SUPER_RANGES):
        key = "k%d" % i
        out += [v19.batch_mutate({key: {"S": [sc(n, "xy", 1) for n in "abcd"]}}),
                v19.batch_mutate({key: {"S": [mutation(deletion_=deletion(
                    5, predicate=pred(start=start, finish=finish, reversed=rev)))]}}),
                v19.get_slice(key, cparent("S"), everything)]
    keys = ["k%d" % i for i in range(len(SUPER_RANGES))]
    out += [v19.get_slice("k3", cparent("S"), pred(start="", reversed=True)),
            v19.get_slice("k3", cparent("S"), pred(start="b", finish="d", count=1)),
            v19.get_slice("k3", cparent("S"), pred(start="d", finish="a", reversed=True,
                                                   count=2)),
            v19.get_slice("k3", cparent("S"), pred(names=["a", "b", "c"])),
            v19.get_slice("k3", cparent("S", "b"), everything),
            v19.get_slice("k3", cparent("S", "d"), everything),
            v19.get("k3", cpath("S", "b", "x")),
            v19.get("k3", cpath("S", "b")),
            v19.get_count("k3", cparent("S"), everything),
            v19.get_count("k3", cparent("S", "c"), everything),
            v19.multiget_slice(keys, cparent("S"), everything),
            v19.multiget_slice(keys, cparent("S"), pred(start="", reversed=True, count=2)),
            v19.multiget_count(keys, cparent("S"), everything),
            v19.get_range_slices(cparent("S"), everything, key_range(start_key="", end_key="")),
            v19.get_range_slices(cparent("S"), pred(start="b", finish="c"),
                                 key_range(start_key="", end_key="")),
            v19.get_range_slices(cparent("S", "c"), everything,
                                 key_range(start_key="", end_key=""))]
    # writes after the deletion: older ones stay deleted, newer ones show
    out += [v19.batch_mutate({"k3": {"S": [sc("b", "z", 3), sc("c", "z", 7), sc("e", "z", 3)]}}),
            v19.get_slice("k3", cparent("S"), everything),
            v19.get_count("k3", cparent("S"), everything)]
    # a second range over the first, newer and older; names given with a range win
    out += [v19.batch_mutate({"k3": {"S": [mutation(deletion_=deletion(
                8, predicate=pred(start="c", finish="e")))]}}),
            v19.get_slice("k3", cparent("S"), everything),
            v19.batch_mutate({"k6": {"S": [mutation(deletion_=deletion(
                2, predicate=pred(start="a", finish="b")))]}}),
            v19.get_slice("k6", cparent("S"), everything),
            # (on a row of no range deleting none: 2.x kept such a range, its end before its
            # start, and a later one added after it in its list went unseen; not emulated)
            v19.batch_mutate({"m": {"S": [sc(n, "x", 1) for n in "abcd"]}}),
            v19.batch_mutate({"m": {"S": [mutation(deletion_=deletion(
                6, predicate=pred(names=["a"], slice_range=W.struct({
                    1: b("c"), 2: b("d"), 3: W.boolean(False), 4: W.i32(10)}))))]}}),
            v19.get_slice("m", cparent("S"), everything)]
    # a LongType super column comparator; a range and a name deletion of a missing row
    out += [v19.batch_mutate({"n": {"SL": [sc(long_(i), "x", 1) for i in (1, 3, 5, 300)]}}),
            v19.batch_mutate({"n": {"SL": [mutation(deletion_=deletion(
                5, predicate=pred(start=long_(2), finish=long_(5))))]}}),
            v19.get_slice("n", cparent("SL"), everything),
            v19.batch_mutate({"n": {"SL": [mutation(deletion_=deletion(
                5, predicate=pred(start=long_(6), finish="")))]}}),
            v19.get_slice("n", cparent("SL"), pred(start="", reversed=True)),
            v19.batch_mutate({"z": {"S": [mutation(deletion_=deletion(
                5, predicate=pred(start="a", finish="b")))]}}),
            v19.get_slice("z", cparent("S"), everything)]
    # with a super column: its sub-columns from start to finish (2.x: composites of the super
    # column and each bound, exact names, so an empty finish, or one before the start, deletes
    # the start name alone)
    for i, (start, finish, rev) in enumerate(SUPER_RANGES):
        key = "s%d" % i
        out += [v19.batch_mutate({key: {"S": [sc("p", "abcd", 1), sc("q", "abcd", 1)]}}),
                v19.batch_mutate({key: {"S": [mutation(deletion_=deletion(
                    5, sc="p", predicate=pred(start=start, finish=finish, reversed=rev)))]}}),
                v19.get_slice(key, cparent("S"), everything)]
    out += [v19.get_slice("s3", cparent("S", "p"), everything),
            v19.get_count("s3", cparent("S", "p"), everything),
            # writes after it: an older one of a deleted name stays deleted, a newer one shows
            v19.batch_mutate({"s3": {"S": [sc("p", "b", 3), sc("p", "c", 7)]}}),
            v19.get_slice("s3", cparent("S", "p"), everything),
            # a sub-column written in the same batch as the deletion, older and newer
            v19.batch_mutate({"w": {"S": [sc("p", "ab", 4), sc("q", "a", 4), sc("p", "x", 9),
                                          mutation(deletion_=deletion(
                                              5, sc="p", predicate=pred(start="", finish="c")))]}}),
            v19.get_slice("w", cparent("S"), everything),
            v19.batch_mutate({"z": {"S": [mutation(deletion_=deletion(
                5, sc="p", predicate=pred(start="a", finish="b"))), sc("r", "x", 9)]}}),
            v19.get_slice("z", cparent("S"), everything),
            v19.batch_mutate({"z": {"S": [mutation(deletion_=deletion(
                sc="p", predicate=pred(start="a", finish="b")))]}})]
    return out


# ------------------------------------------------------------------------------ CQL 3 operations
if R >= (1, 2):
    @scenario("rel_cqlops", "19", "cql3", keyspace_reset="cv_r_cqlops")
    def _cqlops():
        """CQL 3 `c = c + v` (and `-`, prepend, element set) on a column that is neither a counter
        nor a collection (found by ordinary19.py): `Invalid operation (age = age + 1) for non
        counter column age`, the term printed as written (Operation's toString), after the term
        was checked against the column's type"""
        ks = "cv_r_cqlops"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        q = lambda s: v19.execute_cql3_query(s)
        out += [q("CREATE TABLE t (id text PRIMARY KEY, age int, name text, d double, bl blob, "
                  "ok boolean, l list<int>)"),
                q("CREATE TABLE c (id text, ck int, v bigint, PRIMARY KEY (id, ck)) "
                  "WITH COMPACT STORAGE")]
        where = " WHERE id = 'a'"
        for s in ["age = age + 1", "age = age - 1", "age = age + -5", "age = age + 007",
                  "name = name + 'x'", "name = name + 'it''s'", "d = d + 1.5", "d = d - 2",
                  "bl = bl + 0xFF", "ok = ok + true", "age = 1 + age", "age = age + 'x'",
                  "age = age + [1]", "age = age + {1}", "age[0] = 1", "name = 'y' + name",
                  "age = age + 1, name = name + 'x'", "l = l + [1], age = age - 3"]:
            out.append(q("UPDATE t SET " + s + where))
        out += [q("UPDATE c SET v = v + 1 WHERE id = 'a' AND ck = 1"),
                q("UPDATE c SET v = v - 2 WHERE id = 'a' AND ck = 1"),
                v19.prepare_cql3_query("UPDATE t SET age = age + ? WHERE id = ?"),
                v19.prepare_cql3_query("UPDATE t SET name = ? + name WHERE id = ?")]
        if R >= (2, 0):
            out += [v19.prepare_cql3_query("UPDATE t SET age = age - :v WHERE id = :k")]
        out.append(q("SELECT * FROM t"))
        return out

    @scenario("rel_cql3nokeyspace", "19", "nokeyspace")
    def _cql3nokeyspace():
        """CQL 3 statements naming a table without its keyspace on a session that set none
        (found by difftest.py --app on 1.2.9): 1.2's statements asked ClientState.getKeyspace,
        `no keyspace has been specified`; 2.0 on said it at more length"""
        q = lambda s: v19.execute_cql3_query(s)
        return [q("SELECT * FROM t"),
                q("INSERT INTO t (id, seq, body) VALUES ('u1', 1, 'b')"),
                q("UPDATE t SET body = 'u' WHERE id = 'u1' AND seq = 1"),
                q("DELETE FROM t WHERE id = 'u1'"),
                q("SELECT COUNT(*) FROM t"),
                q("CREATE TABLE t (id text, seq int, body text, PRIMARY KEY (id, seq))"),
                q("CREATE INDEX ON t (body)"),
                q("ALTER TABLE t ADD extra text"),
                q("TRUNCATE t"),
                q("DROP TABLE t"),
                q("BEGIN BATCH INSERT INTO t (id, seq, body) VALUES ('u1', 1, 'b') APPLY BATCH"),
                v19.prepare_cql3_query("INSERT INTO t (id, seq, body) VALUES (?, ?, ?)"),
                v19.prepare_cql3_query("SELECT * FROM t WHERE id = ?"),
                q("SELECT * FROM cv_r_nope.t")]

# ------------------------------------------------------------------------------ key aliases
if (2, 0) <= R < (3, 0):
    @scenario("rel_keyaliasupdate", "19", "schema", keyspace_reset="cv_r_keyaliasupdate")
    def _keyaliasupdate():
        """Thrift updates naming the key otherwise than its table (found by difftest.py --app on
        2.0.17): 2.0 and 2.1 kept both partition key columns in the schema (toSchemaUpdate
        dropped no column but a REGULAR one for Thrift) and named the key by the one a HashMap
        iterated last (`KEY` over `key`, `key` over `id` and `user_id`); 2.1 and 2.2 took an
        alias only beside a key validation class, 2.2 replacing the old one. Then a LongType
        comparator refusing a declared name: a dense table (no column declared) rebuilt
        without reading it, `Column name .. is not valid for comparator ..`; a sparse one read it
        in 2.0, `Expected 8 or 0 byte long (4)`"""
        ks = "cv_r_keyaliasupdate"
        rank = column_def("rank", M + "LongType")
        alias = lambda name: {28: b(name)}
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "B", comparator="UTF8Type", key_validation="UTF8Type",
                           extra=alias("id")),
                    cf_def(ks, "D", comparator="UTF8Type"),
                    cf_def(ks, "S", comparator="UTF8Type", column_metadata=[rank]))
        upd = v19.system_update_column_family
        out.append(describe_ks(ks))
        for cf, name in (("A", "user_id"), ("A", "KEY"), ("A", "id"), ("B", "user_id"),
                         ("B", "KEY")):
            out += [upd(cf_def(ks, cf, comparator="UTF8Type", key_validation="UTF8Type",
                               extra=alias(name))),
                    describe_ks(ks)]
        out += [upd(cf_def(ks, "A", comparator="UTF8Type")), describe_ks(ks),
                upd(cf_def(ks, "D", comparator="LongType", column_metadata=[rank])),
                upd(cf_def(ks, "S", comparator="LongType", column_metadata=[rank])),
                describe_ks(ks)]
        return out

# ------------------------------------------------------------------------------ declared names
if R >= (2, 1):
    @scenario("rel_namesconverted", "19", "schema", keyspace_reset="cv_r_namesconverted")
    def _namesconverted():
        """declared column names the comparator refuses (found by difftest.py --app on
        2.2.19, and on 3.x for updates): 2.1's ColumnDefinition.fromThrift and 2.2's on
        ThriftConversion read them with the CfDef's comparator as they converted it, in the
        order the call listed them, before its compaction options or index names were looked
        at; 3.x so too in an update, though the column family keeps its comparator"""
        ks = "cv_r_namesconverted"
        rank = lambda index=None: column_def("rank", M + "LongType", KEYS_INDEX if index else None,
                                             index)
        city = column_def("city", M + "UTF8Type")
        app = lambda comparator, cols, extra=None: cf_def(
            ks, "App", comparator=comparator, column_metadata=cols, extra=extra)
        upd = v19.system_update_column_family
        out = setup(ks, app("UTF8Type", [rank("app_rank"), city]))
        out += [upd(app("LongType", [rank(), city])),
                upd(app("LongType", [city, rank()])),
                upd(app("LongType", [rank("app_r"), city])),
                upd(app("LongType", [rank(), city], {29: b("LeveledCompactionStrategy"),
                                                     30: W.map_("bin", "bin", [(b("x"), b("1"))])})),
                v19.system_add_column_family(cf_def(ks, "New", comparator="LongType",
                                                    column_metadata=[rank(), city])),
                v19.system_add_column_family(cf_def(ks, "New", comparator="LongType",
                                                    column_metadata=[city, rank()])),
                describe_ks(ks)]
        return out

# ------------------------------------------------------------------------------ 3.x Super updates
if R >= (3, 0):
    @scenario("rel_superupdate", "19", "schema", keyspace_reset="cv_r_superupdate")
    def _superupdate():
        """system_update_column_family of a CfDef saying Super on 3.x (found by difftest.py
        --app): the table is rebuilt from the CfDef's declared columns, so one without the
        super columns' map column (named empty, as 3.x describes it; pycassa sends it back)
        failed on the server, which closed the connection; one with it is applied, its
        declared names read with the sub-comparator first"""
        ks = "cv_r_superupdate"
        described = lambda sub: [column_def("", M + "MapType(%s%s,%sBytesType)" % (M, sub, M)),
                                 column_def("value", M + "BytesType")]
        sup = lambda name, sub, **k: cf_def(ks, name, column_type="Super", comparator="UTF8Type",
                                           subcomparator=sub, **k)
        upd = v19.system_update_column_family
        out = setup(ks, sup("Sup", "UTF8Type"), sup("SupL", "LongType"),
                    cf_def(ks, "Std", comparator="UTF8Type"))
        out += [describe_ks(ks),
                upd(sup("Sup", "UTF8Type", column_metadata=described("UTF8Type"), gc_grace=100,
                        comment="as described")),
                describe_ks(ks),
                upd(sup("Sup", "UTF8Type", gc_grace=200, comment="made by the app")),
                v19.set_keyspace(ks),
                upd(sup("Sup", "UTF8Type", comment="not a map",
                        column_metadata=[column_def("", M + "BytesType")])),
                v19.set_keyspace(ks),
                describe_ks(ks),
                upd(sup("SupL", "LongType", column_metadata=described("LongType"))),
                upd(sup("SupL", "LongType", column_metadata=[column_def("x", M + "UTF8Type")])),
                upd(cf_def(ks, "Std", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type")),
                v19.set_keyspace(ks),
                v19.insert("k", cparent("Sup", "sc"), column("c", "v", 1)),
                v19.get_slice("k", cparent("Sup"), pred(start="", finish="")),
                describe_ks(ks)]
        return out

    @scenario("rel_superzero", "19", "read", keyspace_reset="cv_r_superzero")
    def _superzero():
        """slices of count 0 of a Super column family on 3.x (found by difftest.py): a
        batch's deletion of a super column made a range tombstone (`remove` a deleted row),
        and a read limited to no row that met such a tombstone first failed on the server:
        the call timed out; get_count read nothing, a range scan was answered"""
        ks = "cv_r_superzero"
        out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                               subcomparator="UTF8Type"))
        zero = lambda rev=False: pred(start="", finish="", reversed=rev, count=0)
        drop = lambda sc=None, names=None: mutation(deletion_=deletion(
            5, sc=sc, predicate=None if names is None else pred(names=names)))
        out += [v19.batch_mutate({"m": {"Sup": [drop(sc="s1")]}}),
                v19.get_slice("m", cparent("Sup"), zero()),
                v19.get_count("m", cparent("Sup"), zero()),
                v19.multiget_count(["m"], cparent("Sup"), zero()),
                v19.remove("q", cpath("Sup", "s1"), 5),
                v19.get_slice("q", cparent("Sup"), zero()),
                v19.batch_mutate({"r": {"Sup": [drop(names=["s0"])]}}),
                v19.insert("r", cparent("Sup", "s1"), column("c", "v", 6)),
                v19.get_slice("r", cparent("Sup"), zero()),
                v19.get_slice("r", cparent("Sup"), zero(True)),
                v19.get_range_slices(cparent("Sup"), zero(), key_range("", "")),
                v19.get_slice("m", cparent("Sup"), pred(start="", finish="")),
                v19.insert("m", cparent("Sup", "s0"), column("c", "v", 6)),
                v19.get_slice("m", cparent("Sup"), zero()),
                v19.insert("n", cparent("Sup", "s1"), column("c", "v", 4)),
                v19.batch_mutate({"n": {"Sup": [drop(sc="s1")]}}),
                v19.get_slice("n", cparent("Sup"), zero()),
                v19.insert("p", cparent("Sup", "s1"), column("c", "v", 6)),
                v19.batch_mutate({"p": {"Sup": [drop(sc="s2")]}}),
                v19.get_slice("p", cparent("Sup"), zero()),
                v19.get_slice("p", cparent("Sup"), zero(True)),
                v19.multiget_slice(["p", "n"], cparent("Sup"), zero()),
                v19.get_slice("p", cparent("Sup"), pred(start="", finish=""))]
        return out


# ------------------------------------------------------------------------------ comparator changes
if (2, 0) <= R < (3, 0):
    @scenario("rel_comparators", "19", "schema", keyspace_reset="cv_r_comparators")
    def _comparators():
        """system_update_column_family changing a comparator incompatibly (found by
        ordinary19.py): 2.0 and 2.1 say `comparators do not match or are not compatible.`, 2.2
        names both cell layouts (`found SimpleDenseCellNameType; expected
        SimpleSparseCellNameType`: the update's, then the column family's)"""
        ks = "cv_r_comparators"
        out = setup(ks,
                    cf_def(ks, "Sparse", comparator="UTF8Type",
                           column_metadata=[column_def("email", "UTF8Type")]),
                    cf_def(ks, "Dense", comparator="UTF8Type"),
                    cf_def(ks, "Comp", comparator="CompositeType(UTF8Type,Int32Type)"),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        upd = lambda *a, **k: v19.system_update_column_family(cf_def(ks, *a, **k))
        out += [upd("Sparse", comparator="LongType"),
                upd("Sparse", comparator="LongType",
                    column_metadata=[column_def(long_(1), "UTF8Type")]),
                upd("Dense", comparator="LongType"),
                upd("Dense", comparator="LongType",
                    column_metadata=[column_def(long_(1), "UTF8Type")]),
                upd("Comp", comparator="CompositeType(Int32Type,UTF8Type)"),
                upd("Comp", comparator="CompositeType(Int32Type,UTF8Type)",
                    column_metadata=[column_def(b"\x00\x04\x00\x00\x00\x01\x00\x00\x01x\x00",
                                                "UTF8Type")]),
                upd("Sup", column_type="Super", comparator="LongType",
                    subcomparator="UTF8Type"),
                v19.execute_cql3_query("CREATE TABLE %s.t (k text PRIMARY KEY, v int)" % ks),
                upd("t", comparator="LongType"),
                v19.execute_cql3_query("CREATE TABLE %s.c (k text, c int, v int, " % ks +
                                       "PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
                upd("c", comparator="UTF8Type"),
                v19.execute_cql3_query("CREATE TABLE %s.l (k text PRIMARY KEY, s set<int>)" % ks),
                upd("l", comparator="LongType"),
                # the old table's two clustering columns kept for a one-component
                # comparator: 2.2's rebuild failed on the server (the connection closes)
                upd("Comp", comparator="LongType")]
        return out


# ------------------------------------------------------------------------------ compaction options
if (1, 2) <= R < (3, 0):
    @scenario("rel_compactopts", "19", "schema", keyspace_reset="cv_r_compactopts")
    def _compactopts():
        """compaction options the strategy does not read (found by difftest.py --app): 1.2's
        Thrift took them, 2.0 to 2.2 refuse them (`Properties specified [sstable_size_in_mb] are
        not understood by SizeTieredCompactionStrategy`); Leveled reads SizeTiered's own options
        but not the thresholds, `cold_reads_to_omit` only 2.0 and 2.1"""
        ks = "cv_r_compactopts"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        opts = lambda name, strategy, pairs: cf_def(ks, name, comparator="UTF8Type", extra={
            29: None if strategy is None else b(strategy),
            30: W.map_("bin", "bin", [(b(k), b(v)) for k, v in pairs])})
        lcs = "LeveledCompactionStrategy"
        out += [v19.system_add_column_family(opts("A", None, [("sstable_size_in_mb", "10")])),
                v19.system_add_column_family(opts("B", lcs, [("sstable_size_in_mb", "10"),
                                                             ("min_threshold", "4")])),
                v19.system_add_column_family(opts("C", lcs, [("sstable_size_in_mb", "10"),
                                                             ("bucket_low", "0.4"),
                                                             ("enabled", "true")])),
                v19.system_add_column_family(opts("D", None, [("cold_reads_to_omit", "0.1"),
                                                              ("min_threshold", "4")])),
                v19.system_add_column_family(opts("E", None, [("foo", "1"), ("bar", "2"),
                                                              ("tombstone_threshold", "0.3")])),
                v19.system_update_column_family(opts("Std", None,
                                                     [("sstable_size_in_mb", "10")])),
                v19.describe_keyspace(ks)]
        return out


if R >= (1, 2):
    @scenario("rel_compactcql", "19", "schema", keyspace_reset="cv_r_compactcql")
    def _compactcql():
        """compaction maps of CQL 3's CREATE and ALTER TABLE and of a CfDef, checked by the
        strategy's validateOptions: 1.2's CQL 3 refused an option the strategy did not read
        as `Failed to validate compaction options` (its own refusal caught by the catch-all),
        1.2's Thrift took it, 2.0 to 2.2 named it; 2.0 reworded the bucket checks and added
        `enabled`, `unchecked_tombstone_compaction` (and 2.0's `cold_reads_to_omit` range)"""
        ks = "cv_r_compactcql"
        q = v19.execute_cql3_query
        out = setup(ks)
        st = "'class': 'SizeTieredCompactionStrategy'"
        lc = "'class': 'LeveledCompactionStrategy'"
        maps = [
            (st, "'min_threshold': 6, 'bogus_option': 1"),
            (st, "'foo': 1, 'bar': 2"),
            (lc, "'sstable_size_in_mb': 10, 'min_threshold': 4"),
            (st, "'bucket_high': 0.4"),
            (st, "'bucket_low': 'abc'"),
            (st, "'bucket_high': 'x'"),
            (st, "'bucket_low': '1e10', 'bucket_high': '1e9'"),
            (st, "'min_sstable_size': -1"),
            (st, "'min_sstable_size': 'big'"),
            (st, "'tombstone_threshold': -0.5"),
            (st, "'tombstone_threshold': 'lots'"),
            (st, "'tombstone_compaction_interval': -5"),
            (lc, "'sstable_size_in_mb': 0"),
            (lc, "'sstable_size_in_mb': 'big'"),
            (st, "'unchecked_tombstone_compaction': 'maybe'"),
            (st, "'enabled': 'maybe'"),
            (st, "'cold_reads_to_omit': 2.0"),
            (st, "'min_threshold': 'abc'"),
            (st, "'min_threshold': 0"),
            (st, "'min_threshold': 1"),
            (st, "'min_threshold': 8, 'max_threshold': 4"),
            ("'class': 'NoSuchStrategy'", "'min_threshold': 4"),
        ]
        out += [q("CREATE TABLE t (k text PRIMARY KEY, v text)")]
        for i, (cls, opts) in enumerate(maps):
            out.append(q("ALTER TABLE t WITH compaction = {%s, %s}" % (cls, opts)))
            out.append(q("CREATE TABLE c%d (k text PRIMARY KEY, v text) WITH compaction = "
                         "{%s, %s}" % (i, cls, opts)))
        out += [
            q("ALTER TABLE t WITH compaction = {%s, 'sstable_size_in_mb': 64, "
              "'tombstone_threshold': 0.3, 'enabled': 'false'}" % lc),
            q("CREATE TABLE good (k text PRIMARY KEY, v text) WITH compaction = {%s, "
              "'min_threshold': 6, 'bucket_low': 0.3, 'tombstone_compaction_interval': 60}" % st),
        ]
        # (3.x's system_schema.tables is not read: its served columns are 4.0's)
        if R < (3, 0):
            out.append(q("SELECT columnfamily_name, compaction_strategy_class, "
                         "compaction_strategy_options, min_compaction_threshold, "
                         "max_compaction_threshold FROM system.schema_columnfamilies "
                         "WHERE keyspace_name = '%s'" % ks))
        opts = lambda name, strategy, pairs: cf_def(ks, name, comparator="UTF8Type", extra={
            29: b(strategy), 30: W.map_("bin", "bin", [(b(k), b(v)) for k, v in pairs])})
        stcs = "SizeTieredCompactionStrategy"
        out += [
            v19.system_add_column_family(opts("T1", stcs, [("bucket_high", "0.4")])),
            v19.system_add_column_family(opts("T2", stcs, [("enabled", "maybe")])),
            v19.system_add_column_family(opts("T3", stcs, [("unchecked_tombstone_compaction",
                                                             "maybe")])),
            v19.system_add_column_family(opts("T4", stcs, [("min_sstable_size", "x")])),
            v19.system_add_column_family(opts("T5", stcs, [("bucket_low", "1e10"),
                                                           ("bucket_high", "1e9")])),
            v19.system_add_column_family(opts("T6", stcs, [("cold_reads_to_omit", "-1")])),
            describe_ks(ks),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_fnreceiver", "19", "cql3", keyspace_reset="cv_r_fnreceiver")
    def _fnreceiver():
        """a function whose result the receiver does not take (`Type error: cannot assign
        result of function now (type timeuuid) to v (type int)`): 2.1 named the receiver by
        its toString, `ColumnDefinition{name=v, type=..., kind=REGULAR, ...}` for a column,
        `ColumnSpecification{name=value(m), ...}` for a collection's element or a bind
        variable's made-up receiver; 1.2, 2.0 and 2.2 by its name"""
        ks = "cv_r_fnreceiver"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k text, c int, v int, s int static, m map<text, int>, "
              "l list<int>, w int, PRIMARY KEY (k, c))") if R >= (2, 0) else
            q("CREATE TABLE t (k text, c int, v int, m map<text, int>, l list<int>, w int, "
              "PRIMARY KEY (k, c))"),
            q("CREATE INDEX t_w_idx ON t (w)"),
            q("CREATE TABLE p (a int, b text, v int, PRIMARY KEY ((a, b)))"),
            q("CREATE TABLE d (k text, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
            q("CREATE TABLE o (k text PRIMARY KEY, v int)"),
            q("INSERT INTO t (k, c, v) VALUES ('a', 1, now())"),
            q("UPDATE t SET v = now() WHERE k = 'a' AND c = 1"),
            q("UPDATE t SET w = now() WHERE k = 'a' AND c = 1"),
            q("INSERT INTO t (k, c, v) VALUES ('a', now(), 1)"),
            q("INSERT INTO t (k, c, v) VALUES (now(), 1, 1)"),
            q("SELECT * FROM t WHERE k = now()"),
            q("SELECT * FROM t WHERE k = 'a' AND c = now()"),
            q("SELECT * FROM t WHERE k = 'a' AND c > now()"),
            q("SELECT * FROM t WHERE k IN ('a', now())"),
            q("SELECT * FROM t WHERE k = 'a' AND c IN (1, now())"),
            q("SELECT * FROM t WHERE w = now()"),
            q("UPDATE t SET m['x'] = now() WHERE k = 'a' AND c = 1"),
            q("UPDATE t SET m = {'x': now()} WHERE k = 'a' AND c = 1"),
            q("UPDATE t SET l = l + [now()] WHERE k = 'a' AND c = 1"),
            q("UPDATE t SET l[0] = now() WHERE k = 'a' AND c = 1"),
            q("DELETE FROM t WHERE k = now()"),
            q("INSERT INTO p (a, b, v) VALUES (now(), 'x', 1)"),
            q("INSERT INTO p (a, b, v) VALUES (1, 'x', now())"),
            q("INSERT INTO d (k, c, v) VALUES ('a', 1, now())"),
            q("INSERT INTO d (k, c, v) VALUES ('a', now(), 1)"),
            q("INSERT INTO o (k, v) VALUES (now(), 1)"),
            q("INSERT INTO o (k, v) VALUES ('a', now())"),
            q("SELECT * FROM o WHERE token(k) > now()"),
            q("INSERT INTO o (k, v) VALUES ('a', unixTimestampOf(now()))"),
            q("INSERT INTO o (k, v) VALUES ('a', dateOf(now()))"),
        ]
        if R >= (2, 0):
            out.append(q("UPDATE t SET s = now() WHERE k = 'a'"))
        if R >= (2, 1):
            # (2.0 refused a condition's function as the statement was prepared,
            # before any row was read: not emulated, not recorded)
            out.append(q("UPDATE o SET v = 1 WHERE k = 'a' IF v = now()"))
        return out


# ------------------------------------------------------------------------------ key alias
if (2, 0) <= R < (3, 0):
    @scenario("rel_keyalias", "19", "schema", keyspace_reset="cv_r_keyalias")
    def _keyalias():
        """a CfDef's key_alias (found by difftest.py --app: pycassa sent back the CfDef it read):
        2.0 takes it, 2.1 and 2.2 only beside a key_validation_class in the same CfDef"""
        ks = "cv_r_keyalias"
        alias = lambda name, a, validator=None, **k: cf_def(
            ks, name, comparator="UTF8Type", key_validation=validator, extra={28: b(a)}, **k)
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        # (an update's key_alias, which 2.0 and 2.1 described unchanged, is not recorded)
        out += [v19.system_add_column_family(alias("A", "KEY")),
                v19.system_add_column_family(alias("B", "id", "UTF8Type")),
                v19.system_add_column_family(alias("C", "user_id", "LongType")),
                v19.describe_keyspace(ks)]
        return out


# ------------------------------------------------------------------------------ split tokens
if (1, 2) <= R < (3, 0):
    @scenario("rel_splittoken", "19", "describe", keyspace_reset="cv_r_splittoken")
    def _splittoken():
        """describe_splits of a token Murmur3Partitioner cannot read (found by difftest.py
        --app: a RandomPartitioner token): its TokenFactory threw an IllegalArgumentException
        the call did not catch, and the connection closed"""
        ks = "cv_r_splittoken"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [v19.describe_splits("Std", "0", "85070591730234615865843651857942052864", 128)]
        out += [v19.set_keyspace(ks), v19.describe_splits("Std", "0", "0", 128).mask("0")]
        return out


# ------------------------------------------------------------------------------ set_cql_version
if R >= (1, 2):
    @scenario("rel_cqlversion", "19", "cql3", keyspace_reset="cv_r_cqlversion")
    def _cqlversion():
        """set_cql_version then a call of the other CQL (found by difftest.py): 1.2 to 2.1
        refused it (`Cannot execute/prepare CQL3 statement since the CQL has been set to
        CQL2...`), 2.2's set_cql_version did nothing"""
        ks = "cv_r_cqlversion"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            v19.execute_cql3_query("CREATE TABLE t (id text PRIMARY KEY, n int)"),
            v19.set_cql_version("2.0.0"),
            v19.execute_cql3_query("INSERT INTO t (id, n) VALUES ('a', 1)"),
            v19.prepare_cql3_query("SELECT n FROM t WHERE id = ?").mask("0/1"),
            v19.execute_prepared_cql3_query(0, ["a"]),
            v19.set_cql_version("3.0.0"),
            v19.execute_cql3_query("INSERT INTO t (id, n) VALUES ('b', 2)"),
            v19.execute_cql_query("SELECT * FROM Std"),
            raw("prepare_cql_query", {1: b("SELECT * FROM Std"), 2: W.i32(2)}),
            raw("execute_prepared_cql_query", {1: W.i32(0), 2: W.list_("bin", [])}),
            v19.execute_cql3_query("SELECT * FROM t"),
        ]
        return out

    @scenario("rel_cql3tables", "19", "cql3", keyspace_reset="cv_r_cql3tables")
    def _cql3tables():
        """which CQL 3 tables describe_keyspace lists, in what order, with what defaults (found
        by difftest.py): 2.0 on leaves out a table of only a partition key, gives no key alias
        to a composite partition key, and defaults read repair 0.0, DC-local 0.1 and LZ4"""
        ks = "cv_r_cql3tables"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        out += [
            v19.execute_cql3_query("CREATE TABLE k_only (k int PRIMARY KEY)"),
            describe_ks(ks),
            v19.execute_cql3_query("CREATE TABLE simple (id text PRIMARY KEY, name text)"),
            v19.execute_cql3_query("CREATE TABLE compact (id text, seq int, body text, PRIMARY KEY (id, seq)) "
                 "WITH COMPACT STORAGE"),
            v19.execute_cql3_query("CREATE TABLE pair (a int, b int, c int, PRIMARY KEY ((a, b)))"),
            v19.execute_cql3_query("CREATE TABLE pairc (a int, b text, v text, PRIMARY KEY ((a, b))) "
                 "WITH COMPACT STORAGE"),
            describe_ks(ks),
            v19.system_add_column_family(cf_def(ks, "Later", comparator="LongType")),
            describe_ks(ks),
        ]
        return out

    @scenario("rel_prepared", "19", "cql3", keyspace_reset="cv_r_prepared")
    def _prepared():
        """prepare_cql3_query's markers (found by difftest.py): a descending clustering
        column's marker is typed ReversedType, and 2.1 on names each column's marker by the
        column's definition as Java printed it"""
        ks = "cv_r_prepared"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            v19.execute_cql3_query("CREATE TABLE simple (id text PRIMARY KEY, name text, n int)"),
            v19.execute_cql3_query("CREATE TABLE desc_t (id text, seq int, body text, "
                                   "PRIMARY KEY (id, seq)) WITH CLUSTERING ORDER BY (seq DESC)"),
            v19.execute_cql3_query("CREATE TABLE compact (id text, seq int, body text, "
                                   "PRIMARY KEY (id, seq)) WITH COMPACT STORAGE"),
            v19.execute_cql3_query("CREATE TABLE pair (a int, b text, c int, v text, "
                                   "PRIMARY KEY ((a, b), c))"),
            v19.execute_cql3_query("CREATE INDEX simple_n ON simple (n)"),
        ]
        for q in ["SELECT name, n FROM simple WHERE id = ?",
                  "INSERT INTO simple (id, name, n) VALUES (?, ?, ?)",
                  "SELECT * FROM simple WHERE n = ?",
                  "INSERT INTO desc_t (id, seq, body) VALUES (?, ?, ?)",
                  "SELECT body FROM desc_t WHERE id = ? AND seq > ?",
                  "INSERT INTO compact (id, seq, body) VALUES (?, ?, ?)",
                  "UPDATE pair SET v = ? WHERE a = ? AND b = ? AND c = ?",
                  "DELETE FROM pair WHERE a = ? AND b = ?"]:
            out.append(v19.prepare_cql3_query(q).mask("0/1"))
        return out

    @scenario("rel_prepcheck", "19", "cql3", keyspace_reset="cv_r_prepcheck")
    def _prepcheck():
        """prepare_cql3_query runs the statement's checks (found by ordinary19b): the
        statement's prepare() refuses what its execution would, values unknown (unmatched
        names/values, ALLOW FILTERING, ORDER BY, undefined names, counter rules); a counter
        increment's marker is typed CounterColumnType; before 3.0 a missing PRIMARY KEY part
        of a modification is found only when it runs"""
        ks = "cv_r_prepcheck"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            v19.execute_cql3_query("CREATE TABLE tl (k text, c int, v text, PRIMARY KEY (k, c))"),
            v19.execute_cql3_query("CREATE TABLE r (k text, c int, d text, v text, "
                                   "PRIMARY KEY (k, c, d))"),
            v19.execute_cql3_query("CREATE TABLE n (k text PRIMARY KEY, c counter)"),
        ]
        for q in ["INSERT INTO tl (k, c) VALUES (?)",
                  "INSERT INTO r (k, c, d, v) VALUES (?, ?, ?)",
                  "SELECT * FROM tl WHERE c = ?",
                  "SELECT * FROM r WHERE k = ? ORDER BY d DESC",
                  "SELECT nope FROM r WHERE k = ?",
                  "INSERT INTO n (k, c) VALUES (?, ?)",
                  "UPDATE n SET c = ? WHERE k = ?",
                  "UPDATE n SET c = c + ? WHERE k = ?",
                  "UPDATE n SET c = c - ? WHERE k IN (?, ?)"]:
            out.append(v19.prepare_cql3_query(q).mask("0/1"))
        ins = "INSERT INTO r (k, c, v) VALUES (?, ?, ?)"
        dele = "DELETE FROM r WHERE k = ? AND d = ?"
        out += [
            v19.execute_cql3_query("UPDATE n SET c = 5 WHERE k = 'a'"),
            v19.prepare_cql3_query(ins).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, ins), ["a", b"\x00\x00\x00\x01", "x"]),
            v19.prepare_cql3_query(dele).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, dele), ["a", "x"]),
            v19.execute_cql3_query("SELECT * FROM r"),
        ]
        return out

if R >= (2, 0):
    @scenario("rel_words", "19", "invalid", keyspace_reset="cv_r_words")
    def _words():
        """refusals 2.0 worded otherwise (found by difftest.py): a serial level for a write
        (a counter's in its own words), the UUID types' length check"""
        ks = "cv_r_words"
        cfs = [cf_def(ks, "Lex", comparator="LexicalUUIDType"),
               cf_def(ks, "Time", comparator="TimeUUIDType")]
        cfs.append(cf_def(ks, "Cnt", comparator="UTF8Type",
                          default_validation="CounterColumnType"))
        out = setup(ks, *cfs)
        out += [
            v19.insert("k", cparent("Lex"), column(lexuuid(1), "v", 1), cl=9),
            v19.insert("k", cparent("Lex"), column(lexuuid(1), "v", 1), cl=10),
            v19.batch_mutate({"k": {"Lex": [ins(lexuuid(2), "v", 1)]}}, cl=9),
            v19.add("k", cparent("Cnt"), counter_column("c", 1), cl=9),
            v19.insert("k", cparent("Lex"), column("abc", "v", 1)),
            v19.insert("k", cparent("Time"), column("abc", "v", 1)),
            v19.get_slice("k", cparent("Lex"), pred(names=["abcd"])),
            v19.get_slice("k", cparent("Time"), pred(start="ab")),
        ]
        return out


# ------------------------------------------------------------------------------ 1.2 on: unchecked
if R >= (1, 2):
    def _slice(start, finish, rev=False, count=100):
        return W.struct({2: W.struct({1: b(start), 2: b(finish), 3: W.boolean(rev),
                                      4: W.i32(count)})})

    @scenario("rel_count", "19", "read", keyspace_reset="cv_r_count")
    def _count():
        """get_count by a SliceRange (found by difftest.py): 1.2 checked it as get_slice; 2.0
        on checked only the column family, then counted (a level only asked whether enough
        replicas lived; a range running backwards timed out in 2.0 and counted 0 from 2.1);
        3.x failed on a range of names running backwards (the connection closed) and paged a
        negative count forever (3.11 timed out, 3.0 never answered)"""
        ks = "cv_r_count"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "L", comparator="LongType"),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="LongType"),
                    cf_def(ks, "K", comparator="UTF8Type", key_validation="LongType"))
        out += [v19.insert("k", cparent("A"), column(n, "v", 1)) for n in "abcd"]
        out += [v19.insert("k", cparent("L"), column(long_(n), "v", 1)) for n in (1, 5)]
        out += [v19.insert("k", cparent("Sup", "s1"), column(long_(1), "v", 1))]
        counts = [
            v19.get_count("k", cparent("A"), _slice("c", "a")),
            v19.get_count("k", cparent("A"), _slice("a", "c", True)),
            v19.get_count("k", cparent("A"), _slice("a", "c", False, -1)),
            v19.get_count("k", cparent("A"), _slice("", "", False, 0)),
            v19.get_count("k", cparent("A", "sc"), _slice("", "")),
            v19.get_count("k", cparent("L"), _slice("abc", "")),
            v19.get_count("k", cparent("L"), _slice("", "abc")),
            v19.get_count("k", cparent("Sup"), _slice("", "")),
            v19.get_count("k", cparent("Sup", "s1"), _slice("abc", "")),
            v19.get_count("k", cparent("Sup", "s1"), _slice("", "")),
            v19.get_count("", cparent("A"), _slice("", "")),
            v19.get_count("abc", cparent("K"), _slice("", "")),
            v19.get_count("k", cparent("Nope"), _slice("", "")),
            v19.get_count("k", cparent("A"), _slice("", ""), cl=ANY),
            v19.get_count("k", cparent("A"), _slice("", ""), cl=3),  # LOCAL_QUORUM
            v19.get_count("k", cparent("A"), _slice("", ""), cl=9),
            v19.get_count("k", cparent("A"), W.struct({})),
            v19.get_count("k", cparent("A"), _slice("a", "c", False, 2)),
            v19.get_count("k", cparent("A"), pred(names=["a", "zz"])),
            v19.get_count("k", cparent("A", "sc"), pred(names=["a"])),
            v19.multiget_count(["k"], cparent("A"), _slice("c", "a")),
            v19.get_count("k", cparent("A"), _slice("a", "c", False, 1), cl=8),  # THREE
            v19.get_count("k", cparent("A"), _slice("c", "a"), cl=8),  # THREE
        ]
        if R >= (3, 0):
            # 3.x: the bounds equal, the super columns backwards, a super column's
            # sub-columns backwards, a negative count of a row the node lacks
            counts += [
                v19.get_count("k", cparent("A"), _slice("b", "b")),
                v19.get_count("k", cparent("A"), _slice("b", "b", True)),
                v19.get_count("k", cparent("Sup"), _slice("s2", "s1")),
                v19.get_count("k", cparent("Sup"), _slice("s1", "s2", True)),
                v19.get_count("k", cparent("Sup", "s1"), _slice(long_(5), long_(1))),
                v19.get_count("k", cparent("L"), _slice(long_(5), long_(1), True)),
                v19.get_count("k", cparent("L"), _slice(long_(1), long_(5), True)),
                v19.get_count("none", cparent("A"), _slice("", "", False, -1)),
                v19.get_count("k", cparent("Sup"), _slice("", "", False, -2)),
            ]
            # a call 3.x failed on closes the connection: the keyspace set again after each
            counts = [s for c in counts for s in (c, v19.set_keyspace(ks))]
        out += counts
        # a row the node holds as its tombstone alone counts as held (2.0 timed out)
        out += [v19.insert("gone", cparent("A"), column("a", "v", 1)),
                v19.remove("gone", cpath("A"), 5),
                v19.get_count("gone", cparent("A"), _slice("c", "a"))]
        if R >= (3, 0):
            out += [v19.set_keyspace(ks)]
        out += [v19.get_count("gone", cparent("A"), _slice("a", "c"))]
        return out

    @scenario("rel_countunchecked", "19", "read", keyspace_reset="cv_r_countunchecked")
    def _countunchecked():
        """get_count's calls a release did not check (found by difftest.py): 1.2.9 looked the
        column family's store up before any check, whatever the predicate (an unknown one
        closed the connection); 2.0 to 2.2 read nothing for a count of none (whatever the
        level), and a Paxos level read an empty key through a prepare that failed on the
        replica (timed out); 2.1 and 2.2 trimmed a row read by a negative count back with a
        deletion to that count (the connection closed)"""
        ks = "cv_r_countunchecked"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [v19.insert("k", cparent("A"), column(n, "v", 1)) for n in "abc"]
        out += [v19.get_count("k", cparent("Nope"), pred(names=["a"])),
                v19.set_keyspace(ks),
                v19.get_count("k", cparent("Nope"), pred(names=["a"]), cl=QUORUM),
                v19.set_keyspace(ks),
                v19.get_count("k", cparent("A"), pred(names=["a", "b"]))]
        if R >= (2, 0):
            out += [v19.get_count("k", cparent("A"), _slice("", "", False, 0), cl=8),
                    v19.get_count("k", cparent("A"), _slice("", "", False, 1), cl=8),
                    v19.get_count("k", cparent("A"), _slice("c", "a", False, 0), cl=8),
                    v19.get_count("", cparent("A"), _slice("", "", False, 0), cl=9),
                    v19.get_count("", cparent("A"), _slice("", ""), cl=9),
                    v19.get_count("", cparent("A"), _slice("", ""), cl=10),
                    v19.get_count("", cparent("A"), _slice("", "")),
                    v19.get_count("k", cparent("A"), _slice("", ""), cl=9),
                    v19.get_count("k", cparent("A"), pred(names=["a"]), cl=8)]
            # a negative count: 2.1 and 2.2 trimmed a row read back with a deletion to it
            # (an array of a negative size: the connection closed)
            out += [v19.get_count("k", cparent("A"), _slice("", "", False, -1)),
                    v19.remove("gone", cpath("A"), 5),
                    v19.get_count("gone", cparent("A"), _slice("", "", False, -1)),
                    v19.set_keyspace(ks),
                    v19.get_count("gone", cparent("A"), _slice("", "", False, -1), cl=QUORUM),
                    v19.set_keyspace(ks),
                    v19.get_count("none", cparent("A"), _slice("", "", False, -1))]
        return out

    @scenario("rel_reversedprune", "19", "read", keyspace_reset="cv_r_reversedprune")
    def _reversedprune():
        """a filtered read by a reversed slice (found by difftest.py): 2.0 read each matched
        row whole and reversed, then cut it back to the slice into a container that refused
        its second column (timed out). A row that gives one column answers; two, a recent
        tombstone among them (collected until the live ones pass the count; the slice's
        start bound narrowed nothing), time out, by an index or by a row_filter alike; a
        slice in order answers. 2.1 and 2.2 answer the slice's columns in ascending order"""
        ks = "cv_r_reversedprune"
        out = setup(ks, cf_def(ks, "Idx", comparator="UTF8Type", column_metadata=[
            column_def("birth", "LongType", KEYS_INDEX, "rp_birth_idx")]))
        two = [index_expr("birth", EQ, long_(2))]

        def by_index(count, rev=True, start="", finish=""):
            return v19.get_indexed_slices(cparent("Idx"), index_clause(two), pred(
                start=start, finish=finish, reversed=rev, count=count))

        def by_filter(count, rev=True):
            return v19.get_range_slices(cparent("Idx"), pred(start="", reversed=rev, count=count),
                                        key_range("", "", count=10, row_filter=two))
        out += [v19.insert("k2", cparent("Idx"), column("birth", long_(2), 1)),
                by_index(3), by_index(1), by_filter(3),
                v19.insert("k2", cparent("Idx"), column("c04", "x", 1)),
                by_index(3), by_index(1), by_index(3, rev=False), by_index(3, start="c"),
                by_filter(3), by_filter(1),
                v19.remove("k2", cpath("Idx", col="c03"), 5),
                by_index(1), by_index(1, start="c03"), by_index(3, start="c"),
                v19.insert("k3", cparent("Idx"), column("birth", long_(2), 1)),
                v19.remove("k3", cpath("Idx", col="a"), 5),
                by_index(1, start="c"), by_index(3, rev=False), by_index(1),
                v19.remove("k2", cpath("Idx"), 7),
                v19.remove("k3", cpath("Idx"), 7),
                v19.insert("k2", cparent("Idx"), column("birth", long_(2), 9)),
                v19.insert("k3", cparent("Idx"), column("birth", long_(2), 9)),
                by_index(100), by_filter(3), by_index(100, start="b")]
        return out

    @scenario("rel_paged", "19", "read", keyspace_reset="cv_r_paged")
    def _paged():
        """get_paged_slice's count is of columns (found by difftest.py): a row whose columns
        are all deleted comes back empty and counts none, the scan going on to the next"""
        ks = "cv_r_paged"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        for k in ["k%d" % i for i in range(6)]:
            out += [v19.insert(k, cparent("A"), column(n, "v", 1)) for n in ("a", "m")]
        out += [v19.remove(k, cpath("A"), 5) for k in ("k1", "k2", "k4")]
        out += [v19.get_range_slices(cparent("A"), pred(start=""), key_range("", "", count=100))]
        for count in (1, 2, 3, 5, 100):
            out.append(v19.get_paged_slice("A", key_range("", "", count=count), ""))
        out += [v19.get_paged_slice("A", key_range("k3", "", count=2), "b"),
                v19.get_paged_slice("A", key_range("k0", "", count=3), "n")]
        if R >= (1, 2):
            # the start column without the start key's row (from the ring's start, or a key
            # no row has): 1.2 began the first row it scanned there, 2.0 on none
            out += [v19.get_paged_slice("A", key_range("", "", count=c), s)
                    for c, s in ((3, "b"), (100, "n"), (2, "m"))]
            out += [v19.get_paged_slice("A", key_range("k3x", "", count=4), "b")]
        return out

    @scenario("rel_nulllevel", "19", "write", keyspace_reset="cv_r_nulllevel")
    def _nulllevel():
        """remove at a level the release lacked, read as null (found by difftest.py): every
        release made the call's checks first (column family, key, path), 1.2 on then closed
        the connection"""
        ks = "cv_r_nulllevel"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "K", comparator="UTF8Type", key_validation="LongType"))
        out += [v19.insert("k", cparent("A"), column("a", "v", 1))]
        for cl in (9, 11, 12, 99):
            out += [v19.remove("k", cpath("A", col="a"), 5, cl=cl), v19.set_keyspace(ks)]
        out += [v19.remove("k", cpath("Nope", col="a"), 5, cl=12), v19.set_keyspace(ks),
                v19.remove("", cpath("A", col="a"), 5, cl=12), v19.set_keyspace(ks),
                v19.remove("abc", cpath("K", col="a"), 5, cl=12), v19.set_keyspace(ks),
                v19.remove("k", cpath("A", sc="sc", col="a"), 5, cl=12), v19.set_keyspace(ks),
                v19.insert("k", cparent("A"), column("b", "v", 1)),
                v19.remove("k", cpath("A", col="b"), 5, cl=99), v19.set_keyspace(ks),
                v19.get_slice("k", cparent("A"), pred(start=""))]
        return out

    @scenario("rel_superfilter", "19", "read", keyspace_reset="cv_r_superfilter")
    def _superfilter():
        """a row_filter on a Super column family (found by difftest.py): 2.1 and 2.2 read its
        names as the CF's composite cell names and closed the connection, once the range's
        keys and tokens passed their checks"""
        ks = "cv_r_superfilter"
        out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                               subcomparator="LongType"),
                    cf_def(ks, "LSup", column_type="Super", comparator="LongType",
                           subcomparator="UTF8Type"))
        out += [v19.insert("k", cparent("Sup", "s1"), column(long_(1), "v", 1)),
                v19.insert("k", cparent("LSup", long_(1)), column("birth", "v", 1))]
        birth = [index_expr("birth", EQ, long_(3))]
        for parent in (cparent("Sup"), cparent("LSup"), cparent("Sup", "s1")):
            out += [v19.get_range_slices(parent, pred(start=""),
                                         key_range("", "", count=10, row_filter=birth)),
                    v19.set_keyspace(ks)]
        out += [v19.get_range_slices(cparent("Sup"), pred(start=""),
                                     key_range(start_token="0", end_key="k", row_filter=birth)),
                v19.get_range_slices(cparent("Sup"), pred(start=""),
                                     key_range("", "", count=0, row_filter=birth)),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start=""), key_range("", ""))]
        if R < (2, 1):
            # 1.2 read each row by the predicate alone and failed on a row read empty or
            # holding the first expression's super column, at every level (its read stage):
            # timed out; 2.0 failed (timed out) on any row of the range, a range ghost too
            everything = key_range("", "", count=10, row_filter=birth)
            out += [v19.get_range_slices(cparent("Sup"), pred(names=["zz"]), everything),
                    v19.get_range_slices(cparent("Sup"), pred(names=["s1"]), everything),
                    v19.get_range_slices(cparent("Sup"), pred(start="", count=0), everything),
                    v19.get_range_slices(cparent("Sup"), pred(start="", reversed=True, count=1),
                                         everything, cl=QUORUM),
                    v19.get_range_slices(cparent("Sup"), pred(names=["zz"]), key_range(
                        "zzz", "zzz", count=10, row_filter=birth)),
                    v19.insert("k2", cparent("Sup", "birth"), column(long_(2), "v", 1)),
                    v19.get_range_slices(cparent("Sup"), pred(start=""), everything),
                    v19.get_range_slices(cparent("Sup"), pred(names=["s1"]), everything),
                    v19.remove("k2", cpath("Sup"), 5),
                    v19.remove("k", cpath("Sup"), 5),
                    v19.get_range_slices(cparent("Sup"), pred(start=""), everything),
                    v19.get_range_slices(cparent("Sup"), pred(start=""), key_range("", ""))]
        return out

    @scenario("rel_atomicsuper", "19", "batch", keyspace_reset="cv_r_atomicsuper")
    def _atomicsuper():
        """atomic_batch_mutate deleting super columns beside a written sub-column (found by
        difftest.py): 2.0's batch log read the bare super column name as a composite one and,
        for a text name, failed on the server (the connection closed, nothing written)"""
        ks = "cv_r_atomicsuper"
        out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                               subcomparator="UTF8Type"),
                    cf_def(ks, "LSup", column_type="Super", comparator="LongType",
                           subcomparator="UTF8Type"),
                    cf_def(ks, "Std", comparator="UTF8Type"))
        sc = lambda name, sub, t: mutation(cosc(super_column=super_column(
            name, [column(sub, "v", t)])))
        out += [
            v19.atomic_batch_mutate({"a": {"Sup": [sc("sc2", "x", 1),
                                                   mutation(deletion_=deletion(5, sc="sc2"))]}}),
            v19.set_keyspace(ks),
            v19.atomic_batch_mutate({"a": {"Sup": [sc("sc2", "x", 1), mutation(
                deletion_=deletion(5, predicate=pred(names=["sc1"])))]}}),
            v19.set_keyspace(ks),
            v19.get_slice("a", cparent("Sup"), pred(start="")),
            # a deletion alone, or a write alone, or a row deletion beside the write
            v19.atomic_batch_mutate({"b": {"Sup": [mutation(deletion_=deletion(5, sc="sc2"))]}}),
            v19.atomic_batch_mutate({"b": {"Sup": [sc("sc1", "x", 1)],
                                           "Std": [ins("c", "v", 1)]}}),
            v19.atomic_batch_mutate({"b": {"Sup": [sc("sc3", "x", 1),
                                                   mutation(deletion_=deletion(5))]}}),
            # a sub-column's deletion is a written cell too; another row's write is not
            v19.atomic_batch_mutate({"c": {"Sup": [
                mutation(deletion_=deletion(5, sc="sc1", predicate=pred(names=["x"]))),
                mutation(deletion_=deletion(5, sc="sc2"))]}}),
            v19.set_keyspace(ks),
            v19.atomic_batch_mutate({"d": {"Sup": [mutation(deletion_=deletion(5, sc="sc2"))]},
                                     "e": {"Sup": [sc("sc1", "x", 1)]}}),
            # LongType names of small numbers read as an empty first component
            v19.atomic_batch_mutate({"f": {"LSup": [
                mutation(cosc(super_column=super_column(long_(7), [column("x", "v", 1)]))),
                mutation(deletion_=deletion(5, sc=long_(2)))]}}),
            v19.batch_mutate({"g": {"Sup": [sc("sc2", "x", 1),
                                            mutation(deletion_=deletion(5, sc="sc2"))]}}),
            v19.get_range_slices(cparent("Sup"), pred(start=""), key_range("", "")),
            v19.get_range_slices(cparent("LSup"), pred(start=""), key_range("", "")),
            v19.get_range_slices(cparent("Std"), pred(start=""), key_range("", "")),
        ]
        return out

    @scenario("rel_statics", "19", "cql3", keyspace_reset="cv_r_statics")
    def _statics():
        """static columns in CQL 3 over Thrift (found by difftest.py): 2.0 on declared them
        (1.2's grammar refused the word), listed them in SELECT * after the clustering columns
        and before the other ones, and Thrift reads their cells under the static marker"""
        ks = "cv_r_statics"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            # (no list: its cells are named by the server's time UUIDs)
            q("CREATE TABLE ev (id text, seq int, s text static, b text, tags set<text>, "
              "m map<text, int>, PRIMARY KEY (id, seq))"),
            q("INSERT INTO ev (id, seq, s, b, tags, m) VALUES ('a', 1, 'st', 'x', "
              "{'z', 'b', 'm'}, {'zz': 1, 'aa': 2})"),
            q("INSERT INTO ev (id, seq, b) VALUES ('a', 2, 'y')"),
            q("UPDATE ev SET s = 'st2' WHERE id = 'b'"),
            q("SELECT * FROM ev"),
            q("SELECT id, seq, b, s FROM ev WHERE id = 'a'"),
            q("SELECT tags, m FROM ev WHERE id = 'a' AND seq = 1"),
            q("SELECT s FROM ev"),
            q("SELECT COUNT(*) FROM ev"),
            v19.prepare_cql3_query("SELECT b, s, tags FROM ev WHERE id = ?").mask("0/1"),
            v19.prepare_cql3_query("INSERT INTO ev (id, seq, s, b) VALUES (?, ?, ?, ?)")
            .mask("0/1"),
            v19.get_slice("a", cparent("ev"), pred(start="")).mask("0/*/1/3"),
            v19.get_range_slices(cparent("ev"), pred(start=""), key_range("", ""))
            .mask("0/*/2/*/1/3"),
            q("CREATE TABLE plain (k text PRIMARY KEY, s text static)"),
            q("ALTER TABLE ev ADD s2 int static"),
            q("SELECT * FROM ev WHERE id = 'b'"),
        ]
        return out

    @scenario("rel_levels", "19", "invalid", keyspace_reset="cv_r_levels")
    def _levels():
        """LOCAL_QUORUM and EACH_QUORUM on a SimpleStrategy keyspace (found by difftest.py):
        1.2.19 on no longer asked for NetworkTopologyStrategy (EACH_QUORUM still refused for
        a read)"""
        ks = "cv_r_levels"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        for cl in (3, 4):  # LOCAL_QUORUM, EACH_QUORUM
            out += [v19.insert("k", cparent("A"), column("a%d" % cl, "v", 1), cl=cl),
                    v19.batch_mutate({"k": {"A": [ins("b%d" % cl, "v", 1)]}}, cl=cl),
                    v19.remove("k", cpath("A", col="b%d" % cl), 5, cl=cl),
                    v19.get("k", cpath("A", col="a%d" % cl), cl=cl),
                    v19.get_slice("k", cparent("A"), pred(start=""), cl=cl),
                    v19.multiget_slice(["k"], cparent("A"), pred(start=""), cl=cl),
                    v19.get_count("k", cparent("A"), pred(names=["a3"]), cl=cl),
                    v19.get_range_slices(cparent("A"), pred(start=""), key_range("", ""), cl=cl)]
        return out


if R >= (1, 2):
    @scenario("rel_syntax", "19", "cql3", keyspace_reset="cv_r_syntax")
    def _syntax():
        """CQL 3 syntax errors ANTLR recovered from (found by replaying rel_statics on 1.2.19):
        a token that must come next but comes one later makes the one before it extraneous,
        text past a whole statement is extraneous (one token) or a missing EOF, a table name
        followed by what follows no table name is no viable alternative there"""
        ks = "cv_r_syntax"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            q("CREATE TABLE ev (id text, seq int, b text, PRIMARY KEY (id, seq))"),
            q("ALTER TABLE ev ADD s2 int static foo"),
            q("ALTER TABLE ev ADD s2 int static;"),
            q("SELECT * FROM ev LIMIT 10 foo"),
            q("SELECT * FROM ev foo bar"),
            q("SELECT * FROM ev; foo"),
            q("SELECT * FROM ev;;"),
            q("SELECT * FROM ev ; ; foo"),
            q("SELECT * foo FROM ev"),
            q("SELECT * FROM cv_r_syntax.ev foo"),
            q("SELECT * FROM cv_r_syntax.ev foo bar"),
            q("SELECT * FROM ev ev2 WHERE id = 'a'"),
            q("CREATE TABLE plain (k text PRIMARY KEY, s text static foo)"),
            q("CREATE TABLE plain (k text PRIMARY KEY s text)"),
            q("INSERT INTO ev (id, seq) VALUES ('a', 1) foo"),
            q("INSERT INTO ev (id, seq) VALUES ('a' 1)"),
            q("INSERT INTO ev (id, seq) VALUES ('a', 1 x)"),
            q("INSERT INTO ev (id seq) VALUES ('a', 1)"),
            q("UPDATE ev SET b = 'x' WHERE id = 'a' AND seq = 1 foo"),
            q("UPDATE ev SET b = 'x' WHERE id = 'a' AND seq = 1 AND"),
            q("DELETE FROM ev WHERE id = 'a' foo"),
            q("DELETE FROM ev WHERE id = 'a';\n foo"),
            q("SELECT * FROM ev WHERE id = \"a\" foo"),
            q("SELECT * FROM ev WHERE id = \"a\" LIMIT 1 foo"),
            q("SELECT * FROM ev WHERE id = \"a\" AND seq = \"b\""),
            q("TRUNCATE ev foo"),
            q("DROP TABLE ev foo"),
            q("CREATE TABLE t2 (k int PRIMARY KEY, v int) WITH comment = 'x' foo"),
        ]
        return out

    @scenario("rel_timestamp", "19", "cql3", keyspace_reset="cv_r_timestamp")
    def _timestamp():
        """CQL 3's timestamp (found by difftest.py): 1.2's DateType, from 2.0 TimestampType
        (signed order, negative milliseconds) in the tables made, their prepared and result
        metadata, the schema tables and system_traces"""
        ks = "cv_r_timestamp"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            q("CREATE TABLE ev (id text, at timestamp, b text, tl list<timestamp>, "
              "PRIMARY KEY (id, at))"),
            q("CREATE TABLE flat (k int PRIMARY KEY, t timestamp) WITH COMPACT STORAGE"),
            q("INSERT INTO ev (id, at, b) VALUES ('a', 1000, 'y')"),
            q("INSERT INTO ev (id, at, b, tl) VALUES ('a', '1969-01-01 00:00:00+0000', 'z', "
              "['1970-01-02 00:00:00+0000', 5])"),
            q("INSERT INTO ev (id, at, b) VALUES ('a', '1971-01-01 00:00:00+0000', 'w')"),
            q("INSERT INTO flat (k, t) VALUES (1, '1969-12-31 23:59:59+0000')"),
            q("SELECT * FROM ev"),
            q("SELECT at FROM ev WHERE id = 'a' AND at > '1969-06-01 00:00:00+0000'"),
            q("SELECT * FROM flat"),
            v19.prepare_cql3_query("INSERT INTO ev (id, at, b) VALUES (?, ?, ?)").mask("0/1"),
            describe_ks(ks),
            q("SELECT * FROM system_traces.sessions"),
            q("SELECT column_name, validator FROM system.schema_columns "
              "WHERE keyspace_name = 'cv_r_timestamp' AND columnfamily_name = 'ev'"),
            q("ALTER TABLE ev ADD t2 timestamp"),
            q("SELECT t2 FROM ev WHERE id = 'a'"),
        ]
        if R >= (2, 0):
            out += [q("INSERT INTO ev (id, at, b) VALUES ('a', -1000, 'x')"),
                    q("SELECT at, b FROM ev WHERE id = 'a' AND at > -2000")]
        return out


if R >= (2, 0):
    @scenario("rel_distinct", "19", "cql3", keyspace_reset="cv_r_distinct")
    def _distinct():
        """SELECT DISTINCT with static columns (found by difftest.py): 2.0 on select partition
        key and static columns, over a range all the partition key columns; a clustering
        restriction is refused where only key and static columns are selected"""
        ks = "cv_r_distinct"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            q("CREATE TABLE ev (id text, at int, s text static, b text, PRIMARY KEY (id, at))"),
            q("INSERT INTO ev (id, at, s, b) VALUES ('a', 1, 'st', 'x')"),
            q("INSERT INTO ev (id, at, b) VALUES ('a', 2, 'y')"),
            q("UPDATE ev SET s = 'st2' WHERE id = 'b'"),
            q("SELECT DISTINCT id, s FROM ev"),
            q("SELECT DISTINCT s FROM ev"),
            q("SELECT DISTINCT s, id FROM ev WHERE id = 'a'"),
            q("SELECT DISTINCT s FROM ev WHERE id = 'a'"),
            q("SELECT DISTINCT id, b FROM ev"),
            q("SELECT DISTINCT id, writetime(b) FROM ev"),
            q("SELECT DISTINCT id, writetime(s) FROM ev").mask("0/2/*/2/1/2"),
            q("SELECT DISTINCT id FROM ev WHERE id = 'a' AND at = 1"),
            q("SELECT id, s FROM ev WHERE id = 'a' AND at = 1"),
            q("SELECT id, b FROM ev WHERE id = 'a' AND at = 1"),
            q("SELECT DISTINCT id, s FROM ev LIMIT 1"),
            q("SELECT DISTINCT id, s FROM ev WHERE token(id) > token('a')"),
        ]
        return out

    @scenario("rel_checks", "19", "invalid", keyspace_reset="cv_r_checks")
    def _checks():
        """what 2.0 on checked first (found by difftest.py): an update of a column family that
        does not exist refused by the access check's validation ("unconfigured columnfamily"),
        a multiget at SERIAL of more than one row refused once read, a get_count by a SliceRange
        running backwards timing out in 2.0 only on a row the node held (3.x: the connection
        closed, whatever the row)"""
        ks = "cv_r_checks"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        serial = 9
        out += [
            v19.system_update_column_family(cf_def(ks, "Nope", comparator="UTF8Type")),
            v19.system_update_column_family(cf_def("cv_r_nope", "A", comparator="UTF8Type")),
            v19.insert("k1", cparent("A"), column("a", "v", 1)),
            v19.insert("k2", cparent("A"), column("b", "v", 1)),
            v19.multiget_slice(["k1", "k2"], cparent("A"), pred(start=""), cl=serial),
            v19.multiget_count(["k1", "k2"], cparent("A"), pred(start=""), cl=serial),
            v19.multiget_count(["k1", "k1"], cparent("A"), pred(start=""), cl=serial),
            v19.multiget_count(["k1", "k2"], cparent("Nope"), pred(start=""), cl=serial),
            v19.get_count("k9", cparent("A"), pred(start="b", finish="a")),
        ]
        if R >= (3, 0):
            out += [v19.set_keyspace(ks)]   # 3.x closed the connection
        out += [v19.get_count("k9", cparent("A"), pred(start="a", finish="b", reversed=True))]
        return out

if R >= (3, 0):
    @scenario("rel_indexdel", "19", "index", keyspace_reset="cv_r_indexdel")
    def _indexdel():
        """a KEYS index search whose predicate's names leave out the indexed column (found
        by difftest.py): 3.x read each matching row with the indexed column added, then kept
        only the rows named as its fetched columns, so a row comes back with no columns when
        its key was ever deleted (the partition not empty), else not at all"""
        ks = "cv_r_indexdel"
        out = setup(ks, cf_def(ks, "Idx", comparator="UTF8Type", column_metadata=[
            column_def("birth", "LongType", KEYS_INDEX, "birth_idx")]))
        two = [index_expr("birth", EQ, long_(2))]
        out += [
            v19.insert("a", cparent("Idx"), column("birth", long_(2), 10)),
            v19.insert("a", cparent("Idx"), column("c07", "x", 10)),
            v19.remove("b", cpath("Idx"), 5),
            v19.insert("b", cparent("Idx"), column("birth", long_(2), 10)),
            v19.insert("b", cparent("Idx"), column("c02", "y", 10)),
            v19.insert("c", cparent("Idx"), column("c07", "z", 10)),
            v19.remove("c", cpath("Idx"), 20),
            v19.insert("c", cparent("Idx"), column("birth", long_(2), 30)),
            v19.insert("d", cparent("Idx"), column("birth", long_(3), 10)),
            v19.remove("d", cpath("Idx", col="c07"), 10),
            v19.remove("e", cpath("Idx"), 5),
            v19.insert("e", cparent("Idx"), column("birth", long_(3), 10)),
            v19.get_indexed_slices(cparent("Idx"), index_clause(two), pred(names=["c07", "c04"])),
            v19.get_indexed_slices(cparent("Idx"), index_clause(two, count=1),
                                   pred(names=["c07"])),
            v19.get_indexed_slices(cparent("Idx"), index_clause(two), pred(names=["c07", "birth"])),
            v19.get_indexed_slices(cparent("Idx"), index_clause(
                [index_expr("birth", EQ, long_(3))]), pred(names=["c07"])),
            v19.get_range_slices(cparent("Idx"), pred(names=["c07"]),
                                 key_range("", "", count=100, row_filter=two)),
        ]
        return out

if R >= (3, 0):
    @scenario("rel_rangekey", "19", "read", keyspace_reset="cv_r_rangekey")
    def _rangekey():
        """get_range_slices from a start key the column family's key type refuses (found by
        difftest.py): nothing checked the key, the replica's read failed on it and the call
        timed out, the column family empty or not; the level's checks came first"""
        ks = "cv_r_rangekey"
        out = setup(ks, cf_def(ks, "L", comparator="UTF8Type", key_validation="LongType"),
                    cf_def(ks, "E", comparator="UTF8Type", key_validation="LongType"))
        out += [v19.insert(long_(n), cparent("L"), column("a", "v", 1)) for n in (1, 2, 3)]
        out += [
            v19.get_range_slices(cparent("E"), pred(start=""), key_range("k1", "", count=2)),
            v19.get_range_slices(cparent("L"), pred(start=""), key_range("k1", "", count=2)),
            v19.get_range_slices(cparent("L"), pred(names=["a"]), key_range("abc", "", count=1)),
            v19.get_range_slices(cparent("L"), pred(start=""), key_range("k1", "", count=2),
                                 cl=8),  # THREE
            v19.get_range_slices(cparent("L"), pred(start=""),
                                 key_range(long_(2), "", count=1)),
        ]
        return out

# ------------------------------------------------------------------------------ before 1.2: which error
if R < (1, 2):
    @scenario("rel_order", "19", "invalid", keyspace_reset="cv_r_order")
    def _order():
        """Which of several errors a call reports (found by difftest.py --per-node): a batch's
        map as its Java HashMap iterated it (row keys by ByteBuffer.hashCode, column families by
        String.hashCode, in tables sized for twice the entries sent), get_indexed_slices' predicate
        before its index clause, 0.7's insert the key before the column family; in 1.0 a keyspace refused at one CfDef spent the ids of those
        built before it (the next column family's id shows in an update naming it)"""
        ks = "cv_r_order"
        idx = [column_def("birth", "org.apache.cassandra.db.marshal.LongType", KEYS_INDEX,
                          "order_birth")]
        out = setup(ks, cf_def(ks, "B", comparator="LongType"),
                    cf_def(ks, "D", comparator="TimeUUIDType"),
                    cf_def(ks, "I", comparator="UTF8Type", column_metadata=idx))
        bad_long, bad_uuid = ins("abc", "v", 1), ins("abcd", "v", 1)
        out += [
            # u4 (bucket 2 of 8) before u2 (4) and u1 (5): D's error, not B's
            v19.batch_mutate({"u2": {"B": [bad_long]}, "u1": {"B": [ins(long_(1), "v", 1)]},
                              "u4": {"D": [bad_uuid]}}),
            # D (bucket 0 of 4) before B (2)
            v19.batch_mutate({"k": {"B": [bad_long], "D": [bad_uuid]}}),
            v19.batch_mutate({"k": {"B": [ins(long_(2), "v", 1)], "D": [bad_uuid]},
                              "u4": {"B": [bad_long]}}),
            v19.get_indexed_slices(cparent("I"), index_clause([index_expr("birth", GTE, long_(2))]),
                                   pred(start="", count=-1)),
            # 0.7 checked the key by itself first, 0.8 on the column family first
            v19.insert("", cparent("Nope"), column("a", "v", 1)),
        ]
        if R == (1, 0):
            custom = column_def("birth", "org.apache.cassandra.db.marshal.LongType", 1)
            out += [
                v19.system_add_keyspace(ks_def("cv_r_order_no", [
                    cf_def("cv_r_order_no", "X1", comparator="UTF8Type"),
                    cf_def("cv_r_order_no", "X2", comparator="UTF8Type", column_metadata=[custom]),
                    cf_def("cv_r_order_no", "X3", comparator="UTF8Type")])),
                v19.system_add_column_family(cf_def(ks, "E", comparator="UTF8Type")),
                v19.system_update_column_family(cf_def(ks, "E", comparator="UTF8Type",
                                                       comment="by id",
                                                       extra={16: W.i32(1004)})),
                describe_ks(ks),
            ]
        return out


if R < (1, 2):
    @scenario("rel_sysmanager", "19", "schema", keyspace_reset="cv_r_sysmanager")
    def _sysmanager():
        """What pycassa's SystemManager met (found by difftest.py --app): compaction thresholds
        checked as sent (0.7 after filling in the defaults, 0.8 and 1.0 only in a CfDef with
        column metadata, an update again at apply), column names against a changed comparator
        in the order sent, 0.7-1.0's words for a changed comparator and a renamed index, an
        update without key_alias clearing it (0.8-1.1), get_count of an unknown column family
        failing on the server (1.0, 1.1), 0.7's remove checking the key first and its words for
        a value the validator refused. The App column family is a fresh node's first (id
        1000): each case is replayed on a fresh node."""
        ks = "cv_r_sysmanager"
        long_t = M + "LongType"
        rank = lambda index=None: column_def("rank", long_t, KEYS_INDEX if index else None,
                                             index)
        city = column_def("city", M + "UTF8Type")
        app = lambda comparator="UTF8Type", **kw: cf_def(ks, "App", comparator=comparator, **kw)
        thresholds = lambda lo=None, hi=None: {k: W.i32(v) for k, v in ((17, lo), (18, hi))
                                                 if v is not None}
        upd = lambda extra, **kw: v19.system_update_column_family(
            app(extra={**extra, 16: W.i32(1000)}, **kw))
        alias = lambda name: {28: b(name)} if R >= (0, 8) else {}
        out = setup(ks, app(), cf_def(ks, "V", comparator="UTF8Type",
                                      column_metadata=[column_def("age", long_t)]))
        out += [
            v19.system_add_column_family(cf_def(ks, "T0", extra=thresholds(0))),
            v19.system_add_column_family(cf_def(ks, "T1", column_metadata=[],
                                                extra=thresholds(0))),
            v19.system_add_column_family(cf_def(ks, "T2", column_metadata=[],
                                                extra=thresholds(8, 4))),
        ]
        if R != (1, 0):
            # (1.0 added it, failed the call when its store refused the thresholds, then
            # failed to drop the keyspace: not emulated)
            out.append(v19.system_add_column_family(cf_def(ks, "T3", extra=thresholds(8, 4))))
        out += [
            v19.system_add_column_family(cf_def(ks, "T4", column_metadata=[],
                                                extra=thresholds(None, 2))),
            v19.system_add_column_family(cf_def(ks, "T5", column_metadata=[],
                                                extra=thresholds(0, 0))),
            describe_ks(ks),
            upd(thresholds(8, 4)),
            upd(thresholds(6)),
            upd(thresholds(None, 3)),
            upd(alias("id"), column_metadata=[rank("app_rank")]),
            describe_ks(ks),
            upd({}, column_metadata=[rank("other_rank")]),
            upd({}, column_metadata=[rank("app_rank"), city]),
            describe_ks(ks),
        ]
        if R != (1, 1):
            # (1.1 failed a LongType comparator over the column names it held with
            # LongType's own words, `A long is exactly 8 bytes: 4`, sent with them, and on
            # the server, the connection closed, without: not emulated)
            out += [upd({}, comparator="LongType", column_metadata=[rank(), city]),
                    upd({}, comparator="LongType")]
        out += [
            describe_ks(ks),
            v19.insert("k", cparent("V"), column("age", "twenty", 1)),
            v19.insert("k", cparent("V"), column("age", long_(20), 1)),
            v19.remove("", cpath("Nope"), 2),
            v19.remove("", cpath("V"), 2),
            v19.get_count("k", cparent("V"), pred(start="")),
            v19.get_count("k", cparent("Nope"), pred(names=["a"])),
            v19.set_keyspace(ks),
            v19.get_count("k", cparent("Nope"), pred(start="")),
            v19.set_keyspace(ks),
            v19.get_count("k", cparent("V"), pred(start="")),
        ]
        return out


# ------------------------------------------------------------------------------ replicas
if R < (3, 0):
    def replicas_ks(ks, strategy, options, cfs=()):
        """A KsDef of this release with strategy options (0.7: its replication_factor too)."""
        f = {1: b(ks), 2: b(strategy), 3: W.map_("bin", "bin", [(b(k), b(v))
                                                                for k, v in options]),
             5: W.list_("struct", list(cfs))}
        if R < (0, 8):
            f[4] = W.i32(sum(int(v) for _, v in options))
        return W.struct(f)

    @scenario("rel_replicas", "19", "invalid", keyspace_reset="cv_r_replicas")
    def _replicas():
        """Levels on a keyspace asking for more replicas than the one-node ring has (found by
        difftest.py --app): a NetworkTopologyStrategy keyspace of a data center the node is not
        in (SimpleSnitch's is datacenter1), of a factor 2 in datacenter1, then 1, and a
        SimpleStrategy factor of 2: 0.7 fails every read and write (and describe_ring) as an
        internal error; 0.8 to 1.1 find too few live replicas (0.8 and 1.0 fail LOCAL_QUORUM,
        and an EACH_QUORUM read, on the unknown local factor; ANY times out from 1.0); 0.8 and
        1.0 describe no replication_factor without that option; 1.2 on count the live replicas
        the same way (found by difftest.py --app on 1.2.9 and 2.0.17: ONE and LOCAL_QUORUM
        unavailable in a data center without the node), 1.2's ANY still timing out where 2.0's
        coordinator answered having written the hint; from 2.0 LOCAL_ONE counts the local data
        center and a SERIAL read's Paxos round the replicas found; CQL 3 over Thrift alike"""
        ks = "cv_r_replicas"
        nts = "org.apache.cassandra.locator.NetworkTopologyStrategy"
        events = cf_def(ks, "Events", comparator="UTF8Type")

        def probe(n):
            out = []
            # 2.0's LOCAL_ONE (11) and SERIAL (9)
            levels = (ONE, 3, 4, ANY, QUORUM) + ((11, 9) if R >= (2, 0) else ())
            for level in levels:
                out.append(v19.insert("k%d" % n, cparent("Events"), column("e", "x", n),
                                      level))
                out.append(v19.get_slice("k%d" % n, cparent("Events"), pred(start=""), level))
            if R >= (1, 2):
                # CQL 3 over Thrift counted them alike
                for level in (ONE, 3, ANY):
                    out.append(v19.execute_cql3_query(
                        "INSERT INTO \"Events\" (key, column1, value) VALUES (0x6b%02d, 'c', "
                        "0x78)" % n, level))
                for level in (ONE, 3):
                    out.append(v19.execute_cql3_query(
                        "SELECT * FROM \"Events\" WHERE key = 0x6b%02d" % n, level))
            return out + [ring(ks), describe_ks(ks)]

        out = [v19.system_add_keyspace(replicas_ks(ks, nts, [("DC1", "1")], [events])),
               v19.set_keyspace(ks), describe_ks(ks)]
        out += probe(1)
        for n, options in ((2, [("datacenter1", "2")]), (3, [("datacenter1", "1")])):
            out.append(v19.system_update_keyspace(replicas_ks(ks, nts, options)))
            out += probe(n)
        out.append(v19.system_update_keyspace(replicas_ks(
            ks, "org.apache.cassandra.locator.SimpleStrategy", [("replication_factor", "2")])))
        out += probe(4)
        out.append(v19.system_update_keyspace(replicas_ks(
            ks, "org.apache.cassandra.locator.SimpleStrategy", [("replication_factor", "1")])))
        out += probe(5)
        return out


if (1, 2) <= R < (3, 0):
    @scenario("rel_keybound", "19", "read", keyspace_reset="cv_r_keybound")
    def _keybound():
        """range scans bounded by a key the key type refuses (found by difftest.py): no check
        asked the key type, and the replica printed the range with it before reading a row,
        so 1.2 to 2.2 time out; token bounds and empty keys are the ring's ends"""
        ks = "cv_r_keybound"
        birth = column_def("birth", M + "LongType", KEYS_INDEX, "keybound_birth")
        out = setup(ks, cf_def(ks, "L", comparator="UTF8Type", key_validation="LongType"),
                    cf_def(ks, "I", comparator="UTF8Type", key_validation="LongType",
                           column_metadata=[birth]))
        out += [v19.insert(long_(1), cparent("L"), column("a", "v", 1)),
                v19.insert(long_(1), cparent("I"), column("birth", long_(3), 1))]
        everything = pred(start="")
        out += [
            v19.get_range_slices(cparent("L"), everything, key_range("k5", "")),
            v19.get_range_slices(cparent("L"), everything, key_range("", "k5")),
            v19.get_range_slices(cparent("L"), everything, key_range(long_(1), "")),
            v19.get_range_slices(cparent("L"), everything, key_range("", "")),
            v19.get_range_slices(cparent("L"), everything,
                                 key_range(start_token="0", end_token="0")),
            # the level's check came first
            v19.get_range_slices(cparent("L"), everything, key_range("k5", ""), cl=8),
            v19.get_range_slices(cparent("L"), everything, key_range("k5", end_token="0")),
            v19.get_paged_slice("L", key_range("k5", ""), ""),
            v19.get_indexed_slices(cparent("I"), index_clause(
                [index_expr("birth", EQ, long_(3))], start_key="k5"), everything),
            v19.get_indexed_slices(cparent("I"), index_clause(
                [index_expr("birth", EQ, long_(3))]), everything),
        ]
        return out


if R == (1, 1):
    @scenario("rel_pagedstart", "19", "read", keyspace_reset="cv_r_pagedstart")
    def _pagedstart():
        """get_paged_slice in 1.1 (found by difftest.py --app): start_column applies to the
        first row read, whatever its key (the start key's row, or the next one when that key
        has none), the later rows from their first column. 1.1 read the range in parts cut at
        the node's token, each for the whole count; a count above every column the rows hold
        reads them all wherever the fresh node's random token falls"""
        ks = "cv_r_pagedstart"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        for k in ["k%d" % i for i in range(6)]:
            out += [v19.insert(k, cparent("A"), column(n, "v", 1)) for n in ("a", "m", "z")]
        out += [v19.get_paged_slice("A", key_range("", "", count=100), "b"),
                v19.get_paged_slice("A", key_range("k3", "", count=100), "n"),
                v19.get_paged_slice("A", key_range("kx", "", count=100), "n"),
                v19.get_paged_slice("A", key_range("", "", count=100), "zz")]
        return out

    @scenario("rel_superfilter", "19", "read", keyspace_reset="cv_r_superfilter")
    def _superfilter11():
        """a row_filter on a Super column family in 1.1 (found by difftest.py): the scan read
        each row by the predicate alone; a row it found no super column in (and no recent
        row deletion) came without a column family and the filter failed on it, as it did on
        a row holding a super column named as the first expression (a slice fetched that one
        besides, a names predicate only if it named it): no row ever matched. At ONE the node
        read in the client's thread (the connection closed), at QUORUM through its messaging
        (TimedOutException). A deleted super column stays in the row within gc_grace"""
        ks = "cv_r_superfilter"
        out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                               subcomparator="LongType"),
                    cf_def(ks, "LSup", column_type="Super", comparator="LongType",
                           subcomparator="UTF8Type"))
        out += [v19.insert("k", cparent("Sup", "s1"), column(long_(1), "v", 1)),
                v19.insert("k", cparent("LSup", long_(1)), column("birth", "v", 1))]
        birth = [index_expr("birth", EQ, long_(3))]
        both = [index_expr("s1", EQ, long_(3)), index_expr("birth", EQ, long_(3))]
        everything = key_range("", "", count=10, row_filter=birth)
        out += [v19.get_range_slices(cparent("Sup"), pred(start=""), everything),
                v19.get_range_slices(cparent("Sup"), pred(names=["zz"]), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start="t"), everything, cl=QUORUM),
                v19.get_range_slices(cparent("Sup"), pred(names=["s1"]), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(names=["s1"]), everything, cl=QUORUM),
                v19.get_range_slices(cparent("Sup"), pred(start=""),
                                     key_range("", "", count=10, row_filter=both)),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("LSup"), pred(start=""),
                                     key_range("", "", count=10, row_filter=[
                                         index_expr(long_(1), EQ, "v")])),
                v19.set_keyspace(ks),
                v19.insert("k2", cparent("Sup", "birth"), column(long_(2), "v", 1)),
                v19.get_range_slices(cparent("Sup"), pred(start=""), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start=""), everything, cl=QUORUM),
                v19.get_range_slices(cparent("Sup"), pred(names=["s1"]), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start=""),
                                     key_range("k", "k", count=10, row_filter=birth)),
                v19.get_range_slices(cparent("Sup", "s1"), pred(start=""), everything),
                v19.get_range_slices(cparent("Sup", "birth"), pred(start=""), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start=""),
                                     key_range("", "", count=10, row_filter=both)),
                v19.set_keyspace(ks),
                v19.remove("k2", cpath("Sup", "birth"), 5),
                v19.get_range_slices(cparent("Sup"), pred(start=""), everything),
                v19.set_keyspace(ks),
                v19.get_range_slices(cparent("Sup"), pred(start=""), key_range("", ""))]
        return out


if R == (1, 2):
    @scenario("rel_pagedsplit", "19", "read", keyspace_reset="cv_r_pagedsplit")
    def _pagedsplit():
        """get_paged_slice in 1.2 (found by difftest.py --app): a range of tokens wrapping past
        the ring's minimum was read in two parts, each for the whole count of columns (1.2
        merged the parts its node's token cut, never across the minimum). Each part holds a
        row (u1 with one column, u3 with three), so where the fresh node's random token falls
        changes nothing"""
        ks = "cv_r_pagedsplit"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out.append(v19.insert("u1", cparent("A"), column("a", "v", 1)))
        out += [v19.insert("u3", cparent("A"), column(n, "v", 1)) for n in ("a", "b", "c")]
        # Murmur3 tokens: u1 8330233586929153525, u3 -6451359128366072428
        wrap = dict(start_token="8000000000000000000", end_token="-6000000000000000000")
        out += [v19.get_paged_slice("A", key_range(count=n, **wrap), "") for n in (1, 2, 3)]
        out += [v19.get_paged_slice("A", key_range(count=2, **wrap), "b")]
        return out


if R < (1, 2) or R >= (3, 0):
    @scenario("rel_tie", "19", "write", keyspace_reset="cv_r_tie")
    def _tie():
        """A column written twice at one timestamp with one value, with a TTL and without
        (found by difftest.py --app): the later write stays (the memtable reconciled the new
        version against the old, which kept itself on a tie); of two values the greater.
        3.x kept the one living longer, without a TTL, whichever came first"""
        ks = "cv_r_tie"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [
            v19.insert("k", cparent("A"), column("a", "v", 5, ttl=600)),
            v19.insert("k", cparent("A"), column("a", "v", 5)),
            v19.insert("k", cparent("A"), column("b", "v", 5)),
            v19.insert("k", cparent("A"), column("b", "v", 5, ttl=600)),
            v19.insert("k", cparent("A"), column("c", "y", 5, ttl=600)),
            v19.insert("k", cparent("A"), column("c", "x", 5)),
            v19.batch_mutate({"k": {"A": [ins("d", "v", 5), ins("d", "v", 5, ttl=600)]}}),
            v19.batch_mutate({"k": {"A": [ins("e", "v", 5, ttl=600), ins("e", "v", 5)]}}),
            v19.get_slice("k", cparent("A"), pred(start="")),
            v19.insert("k", cparent("A"), column("d", "v", 5)),
            v19.get("k", cpath("A", col="d")),
        ]
        return out


if R < (1, 2):
    @scenario("rel_flush", "19", "write", keyspace_reset="cv_r_flush")
    def _flush():
        """Reads after truncate (found by difftest.py --app): 0.8 to 1.1 flushed every column
        family before truncating one, and a read then met the memtable's version first and the
        SSTables' oldest first, each reconciled against those before it: of two versions tied
        on timestamp and value the flushed one stays (the TTL it was written with), and a
        counter deleted and incremented again counts its flushed increments when the deletion
        was flushed after them (0.7 flushed the truncated column family alone; 1.0 and 1.1
        merged a slice's sources through a priority queue, whose order among equal names
        alternates between sources, and read a names query's SSTables newest first)"""
        ks = "cv_r_flush"
        cfs = [cf_def(ks, "A", comparator="UTF8Type"), cf_def(ks, "T", comparator="UTF8Type")]
        cv = "CounterColumnType"
        if COUNTERS:
            cfs += [cf_def(ks, "Cnt", comparator="UTF8Type", default_validation=cv),
                    cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation=cv)]
        out = setup(ks, *cfs)
        out += [v19.insert("k", cparent("A"), column("a", "v", 5, ttl=600)),
                v19.insert("k", cparent("A"), column("b", "v", 5)),
                v19.insert("k", cparent("A"), column("c", "x", 5))]
        if COUNTERS:
            out += [v19.add("k", cparent("Cnt"), counter_column("c", 1)),
                    v19.add("k", cparent("Cnt"), counter_column("d", 2)),
                    v19.add("k", cparent("SupCnt", "s"), counter_column("x", 3))]
        out += [v19.truncate("T"),
                v19.insert("k", cparent("A"), column("a", "v", 5)),
                v19.insert("k", cparent("A"), column("b", "v", 5, ttl=600)),
                v19.insert("k", cparent("A"), column("c", "y", 5)),
                v19.get_slice("k", cparent("A"), pred(start="")),
                v19.get("k", cpath("A", col="a"))]
        if COUNTERS:
            out += [v19.remove_counter("k", cpath("Cnt", col="c")),
                    v19.remove_counter("k", cpath("SupCnt", "s", "x")),
                    v19.add("k", cparent("Cnt"), counter_column("d", 5)),
                    v19.get_slice("k", cparent("Cnt"), pred(start=""))]
        out += [v19.truncate("T")]
        if COUNTERS:
            out += [v19.add("k", cparent("Cnt"), counter_column("c", 8)),
                    v19.add("k", cparent("SupCnt", "s"), counter_column("x", 4)),
                    v19.get_slice("k", cparent("Cnt"), pred(start="")),
                    v19.get("k", cpath("Cnt", col="c")),
                    v19.get_slice("k", cparent("SupCnt"), pred(start="")),
                    v19.get_count("k", cparent("Cnt"), pred(start=""))]
        out += [v19.get_slice("k", cparent("A"), pred(start="")),
                v19.insert("k", cparent("A"), column("a", "v", 5, ttl=600)),
                v19.get("k", cpath("A", col="a")),
                v19.truncate("A"),
                v19.get_slice("k", cparent("A"), pred(start=""))]
        return out


if (1, 0) <= R < (1, 2):
    @scenario("rel_queue", "19", "write", keyspace_reset="cv_r_queue")
    def _queue():
        """Reads after truncates in 1.0 and 1.1 (found by difftest.py --app): each truncate
        flushed every column family, and a slice merged the memtable and the SSTables through
        a priority queue, whose order among versions tied on timestamp and value alternates
        from name to name (the one met last stays, with its TTL or without); a names query of
        a Standard CF read the memtable, then the SSTables newest timestamp first; one super
        column met its sources first, then last to second"""
        ks = "cv_r_queue"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "T", comparator="UTF8Type"),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        names = "abcdef"

        def write(key, ttls, timestamp=5):
            return [v19.insert(key, cparent("A"),
                               column(n, "v", timestamp, ttl=600 if t == "t" else None))
                    for n, t in zip(names, ttls)]

        def sup(ttls):
            return [v19.insert("k", cparent("S", "s"),
                               column(n, "v", 5, ttl=600 if t == "t" else None))
                    for n, t in zip("xyz", ttls)]
        out += write("k", "t-t-t-") + write("j", "tt-t--") + sup("t-t")
        out += [v19.truncate("T")]
        out += write("k", "ttt---") + write("m", "t-----") + sup("-t-")
        out += [v19.insert("k", cparent("A"), column("z", "v", 9)), v19.truncate("T")]
        out += write("k", "-t-t") + write("j", "t--t-t") + sup("tt")
        out += [v19.get_slice("k", cparent("A"), pred(start="")),
                v19.get_slice("k", cparent("A"), pred(start="", reversed=True)),
                v19.get_slice("k", cparent("A"), pred(start="c", count=3)),
                v19.get_slice("k", cparent("A"), pred(names=list(names))),
                v19.get("k", cpath("A", col="a")),
                v19.get("k", cpath("A", col="e")),
                v19.get_slice("j", cparent("A"), pred(start="")),
                v19.get_slice("j", cparent("A"), pred(names=list(names))),
                v19.get_slice("k", cparent("S"), pred(start="")),
                v19.get_slice("k", cparent("S", "s"), pred(start="")),
                v19.get_slice("k", cparent("S", "s"), pred(names=["x", "y", "z"])),
                v19.get("k", cpath("S", "s", "x")),
                v19.truncate("T"),
                v19.get_slice("k", cparent("A"), pred(start="")),
                v19.get_slice("k", cparent("A"), pred(names=list(names))),
                v19.get_slice("k", cparent("S", "s"), pred(start=""))]
        return out


if R == (0, 8):
    @scenario("rel_cql2ghost", "19", "read", keyspace_reset="cv_r_cql2ghost")
    def _cql2ghost():
        """A CQL 2 SELECT by key of a row whose data are all deleted (found by difftest.py):
        0.8 left out the rows its read found nothing for, but a row whose read met deletions
        (a row deletion, a column's tombstone, within gc_grace: a range scan's ghost) had a
        column family, and showed its key column alone; a key never written is left out.
        Also once the deletions were flushed"""
        ks = "cv_r_cql2ghost"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type", default_validation="UTF8Type",
                               key_validation="UTF8Type"),
                    cf_def(ks, "T", comparator="UTF8Type"))
        out += [v19.insert("k1", cparent("Std"), column("a", "v", 1)),
                cql2("DELETE FROM Std WHERE KEY = 'k1'"),
                v19.insert("k2", cparent("Std"), column("b", "v", 1)),
                v19.remove("k2", cpath("Std", col="b"), 2),
                v19.insert("k4", cparent("Std"), column("c", "v", 1))]
        selects = [cql2("SELECT * FROM Std WHERE KEY = 'k1'"),
                   cql2("SELECT FIRST 2 * FROM Std WHERE KEY = 'k2'"),
                   cql2("SELECT FIRST 3 REVERSED * FROM Std WHERE KEY = 'k2'"),
                   cql2("SELECT 'a', 'b' FROM Std WHERE KEY = 'k1'"),
                   cql2("SELECT * FROM Std WHERE KEY IN ('k1', 'k2', 'k3', 'k4')"),
                   cql2("SELECT * FROM Std WHERE KEY = 'k3'")]
        return out + selects + [v19.truncate("T")] + selects


if (0, 8) <= R < (1, 1):
    @scenario("rel_cql2cfprops", "19", "schema", keyspace_reset="cv_r_cql2cfprops")
    def _cql2cfprops():
        """Found by difftest.py --cql2: CQL 2's CREATE COLUMNFAMILY took row_cache_size,
        key_cache_size and the cache save periods into the definition, as describe_keyspace
        shows them (0.8 and 1.0; 1.1 ignored them); a SELECT by an indexed column with a
        start key sent that key as the index scan's start, inclusive for `>` as for `>=`,
        and the LIMIT as its count"""
        ks = "cv_r_cql2cfprops"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"))
        out += [cql2("CREATE COLUMNFAMILY Users (KEY text PRIMARY KEY, age bigint, email ascii) "
                     "WITH comparator = text AND row_cache_size = 100 AND key_cache_size = 1000 "
                     "AND row_cache_save_period_in_seconds = 60 "
                     "AND key_cache_save_period_in_seconds = 120"),
                cql2("CREATE COLUMNFAMILY Small (KEY text PRIMARY KEY) WITH comparator = text "
                     "AND key_cache_size = 0.5"),
                cql2("CREATE INDEX users_age ON Users (age)")]
        for i in range(6):
            out.append(cql2("INSERT INTO Users (KEY, age, email) VALUES ('k%d', %d, 'e%d')"
                            % (i, 5 if i != 3 else 6, i)))
        out += [cql2("SELECT * FROM Users WHERE age = 5 AND KEY > 'k1' LIMIT 10"),
                cql2("SELECT email FROM Users WHERE age = 5 AND KEY > 'k1' LIMIT 2"),
                cql2("SELECT * FROM Users WHERE age = 5 AND KEY >= 'k4' LIMIT 3"),
                cql2("SELECT * FROM Users WHERE age = 5 AND KEY > 'k3' LIMIT 1"),
                cql2("SELECT * FROM Users WHERE age = 5 LIMIT 3"),
                v19.describe_keyspace(ks)]
        return out


if (0, 8) <= R < (1, 2):
    @scenario("rel_namebytes", "19", "read", keyspace_reset="cv_r_bytenames")
    def _bytenames():
        """Found by difftest.py: CQL 2's REVERSED rows list the columns as the reversed slice
        read them, the last first, the key column (0.8, 1.0) at the end (the row's columns
        were taken in comparator order, then the row reversed); a names read of an
        IntegerType name that compares equal to a stored one but is written otherwise finds
        it in the memtable and not once truncate flushed it (an SSTable asked its bloom filter
        of names, which hashed the bytes)"""
        ks = "cv_r_bytenames"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type", default_validation="UTF8Type",
                               key_validation="UTF8Type"),
                    cf_def(ks, "Sup", column_type="Super", comparator="IntegerType",
                           subcomparator="UTF8Type"),
                    cf_def(ks, "Int", comparator="IntegerType"),
                    cf_def(ks, "T", comparator="UTF8Type"))
        out += [v19.insert("k", cparent("Std"), column(n, "v" + n, 1)) for n in "abc"]
        out += [cql2("SELECT FIRST 2 REVERSED * FROM Std WHERE KEY = 'k'"),
                cql2("SELECT REVERSED 'z'..'a' FROM Std WHERE KEY = 'k'"),
                cql2("SELECT FIRST 2 REVERSED 'c', 'a' FROM Std WHERE KEY = 'k'")]
        zero, wide = b"\x00", b"\x00" * 8
        out += [v19.insert("k", cparent("Sup", zero), column("c", "v", 1)),
                v19.insert("k", cparent("Int"), column(zero, "v", 1))]
        reads = [v19.get_slice("k", cparent("Sup"), pred(names=[wide])),
                 v19.get_slice("k", cparent("Sup"), pred(names=[zero, wide])),
                 v19.multiget_slice(["k"], cparent("Sup"), pred(names=[wide])),
                 v19.get_slice("k", cparent("Int"), pred(names=[wide])),
                 v19.get("k", cpath("Sup", wide, "c")),
                 v19.get_slice("k", cparent("Sup"), pred(start=""))]
        return out + reads + [v19.truncate("T")] + reads

    @scenario("rel_compact", "19", "write", keyspace_reset="cv_r_compact")
    def _compact():
        """Reads after a column family's fourth flush (found by difftest.py --app): with the
        stock min_compaction_threshold of 4, the four small SSTables (one bucket: all under
        50 MB) merged into one before the read, a deleted counter's flushed increments
        reconciled with its deletion there, so an increment after it counts alone (read
        against the separate SSTables it counted the older increments too), and on a gc_grace
        of 0 the compaction (of every SSTable: a major one) purged the tombstones, so a column
        written later under the tombstone's timestamp reads back; twice (the compacted SSTable
        and three new ones compact again). 1.0 and 1.1 compacted too, but purged a tombstone
        only from the second after its deletion: their case has no gc_grace CF"""
        ks = "cv_r_compact"
        cv = "CounterColumnType"
        # 0.8 purged a tombstone deleted at or before now - gc_grace, 1.0 and 1.1 before it
        # only: there a purge at gc_grace 0 depends on the second the compaction ran in
        purges = R == (0, 8)
        cfs = [cf_def(ks, "T", comparator="UTF8Type"),
               cf_def(ks, "Cnt", comparator="UTF8Type", default_validation=cv),
               cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                      subcomparator="UTF8Type", default_validation=cv)]
        if purges:
            cfs.append(cf_def(ks, "G", comparator="UTF8Type", gc_grace=0))
        out = setup(ks, *cfs)

        def gc(*steps):
            return list(steps) if purges else []

        def flush(i):
            # something in every CF but T, so that the truncate of T flushes each
            return gc(v19.insert("j", cparent("G"), column("f%d" % i, "v", 1))) + [
                v19.add("j", cparent("Cnt"), counter_column("f%d" % i, 1)),
                v19.add("j", cparent("SupCnt", "s"), counter_column("f%d" % i, 1)),
                v19.truncate("T")]

        def delete(timestamp):
            return gc(v19.remove("k", cpath("G", col="a"), timestamp)) + [
                v19.remove_counter("k", cpath("Cnt", col="c")),
                v19.remove_counter("k", cpath("SupCnt", "s", "x"))]

        def reads(delta, timestamp):
            return [v19.add("k", cparent("Cnt"), counter_column("c", delta)),
                    v19.add("k", cparent("SupCnt", "s"), counter_column("x", delta))] + gc(
                v19.insert("k", cparent("G"), column("a", "w", timestamp))) + [
                v19.get_slice("k", cparent("Cnt"), pred(start="")),
                v19.get("k", cpath("SupCnt", "s", "x"))] + gc(
                v19.get_slice("k", cparent("G"), pred(start=""))) + [
                v19.get_count("j", cparent("Cnt"), pred(start=""))]
        out += gc(v19.insert("k", cparent("G"), column("a", "v", 10))) + [
            v19.add("k", cparent("Cnt"), counter_column("c", 3)),
            v19.add("k", cparent("SupCnt", "s"), counter_column("x", 3))]
        out += flush(1) + delete(20) + flush(2) + flush(3) + flush(4) + reads(5, 15)
        out += flush(5) + delete(30) + flush(6) + flush(7) + reads(7, 25)
        return out

    @scenario("rel_compactghost", "19", "read", keyspace_reset="cv_r_compactghost")
    def _compactghost():
        """Range ghosts after a column family's fourth flush (found by difftest.py: 1.0.12's
        seed 2070): a truncate flushed every column family, and the fourth SSTable of one
        compacted them all; on a gc_grace of 0 that compaction dropped the rows left with
        tombstones only (a row deletion, a column's tombstone), so a range scan and a count
        no longer list them; on the stock gc_grace the ghost stays"""
        ks = "cv_r_compactghost"
        out = setup(ks, cf_def(ks, "G", comparator="UTF8Type", gc_grace=0),
                    cf_def(ks, "H", comparator="UTF8Type"),
                    cf_def(ks, "T", comparator="UTF8Type"))
        for cf in ("G", "H"):
            out += [v19.insert(k, cparent(cf), column(c, "v", 1))
                    for k, c in (("k1", "a"), ("k2", "b"), ("k3", "c"))]
            out += [v19.remove("k1", cpath(cf), 5), v19.remove("k2", cpath(cf, col="b"), 5)]

        def reads():
            out = []
            for cf in ("G", "H"):
                out += [v19.get_range_slices(cparent(cf), pred(start=""),
                                             key_range("", "", count=10)),
                        v19.get_count("k1", cparent(cf), pred(start=""))]
                if R >= (1, 0):
                    out.append(cql2("SELECT COUNT(*) FROM %s" % cf))
            return out
        out += reads()

        def flush(i):
            return [v19.insert("j", cparent(cf), column("f%d" % i, "v", 1))
                    for cf in ("G", "H")] + [v19.truncate("T")]

        def pause():
            # calls that take the real node a while (each flushes its schema), so that
            # the compaction comes seconds after the deletions (1.0 and 1.1 purged a
            # tombstone from the second after its deletion at gc_grace 0) and is done
            # (it ran in the background) before the reads
            return [v19.system_add_column_family(cf_def(ks, "Z", comparator="UTF8Type")),
                    v19.system_drop_column_family("Z")]
        out += flush(0) + reads() + pause() + pause()
        out += flush(1) + flush(2) + flush(3) + pause() + pause() + reads()
        return out


if R == (0, 7):
    @scenario("rel_batchkey", "19", "invalid")
    def _batchkey():
        """batch_mutate without a session keyspace (found by difftest.py --per-node): 0.7
        checked each row's key, in its map's order, before the first column family's access
        found no keyspace; remove checked the access first"""
        mut = [ins("a", "v", 1)]
        return [
            v19.batch_mutate({"": {"A": mut}}),
            v19.batch_mutate({"k": {"A": mut}}),
            v19.batch_mutate({"": {}}),
            v19.batch_mutate({"k": {}, "": {"A": mut}}),
            v19.batch_mutate({"x" * 70000: {"A": mut}}),
            v19.remove("", cpath("A", col="a"), 5),
        ]


if (1, 2) <= R < (3, 0):
    # 1.2 and 2.0 could not drop the keyspace: its drop is a step of the case there, not
    # the reset (which must succeed)
    @scenario("rel_unopened", "19", "index",
              keyspace_reset="cv_r_unopened" if R >= (2, 1) else None)
    def _unopened():
        """a COMPOSITES index of a column family of plain names, with empty options (found by
        difftest.py): 1.2 asks for an integer prefix_size; 2.0 on take no option (prefix_size
        skipped, any other refused); 2.0 then fails to open the index, the keyspace made as far
        as its column families were opened (their HashMap's order, up to the failing one) and
        the connection closed, and the keyspace could not be dropped (named to replay last on
        a shared node); 2.1 on index it"""
        ks, ks2 = "cv_r_unopened", "cv_r_unopened2"

        def birth(index_type, options=()):
            return W.struct({1: b("birth"), 2: b(M + "LongType"), 3: W.i32(index_type),
                             5: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options])})

        def idx(keyspace, name, *column):
            return cf_def(keyspace, name, comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=list(column))
        out = [] if R >= (2, 1) else [v19.system_drop_keyspace(ks)]
        out += setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [v19.system_add_column_family(idx(ks, "Foo", birth(2, [("foo", "1")]))),
                v19.system_add_column_family(idx(ks, "Two", birth(2, [("zz", "1"), ("b", "2"),
                                                                      ("prefix_size", "1")]))),
                v19.system_add_column_family(idx(ks, "Keys", birth(KEYS_INDEX))),
                v19.system_add_column_family(idx(ks, "Old", birth(2, [("prefix_size", "x")]))),
                v19.set_keyspace(ks),
                describe_ks(ks)]
        cfs = [cf_def(ks2, "Std", comparator="UTF8Type"),
               cf_def(ks2, "Sup", column_type="Super", comparator="UTF8Type",
                      subcomparator="UTF8Type"),
               idx(ks2, "Idx", birth(2)),
               cf_def(ks2, "Cnt", comparator="UTF8Type", default_validation="CounterColumnType")]
        out += [v19.system_add_keyspace(ks_def(ks2, cfs)), v19.set_keyspace(ks),
                describe_ks(ks2), v19.set_keyspace(ks2),
                v19.insert("k", cparent("Std"), column("a", "v", 1)),
                v19.get_slice("k", cparent("Std"), pred(start="")),
                v19.insert("k", cparent("Sup", "s"), column("a", "v", 1)),
                v19.add("k", cparent("Cnt"), counter_column("c", 2))]
        if R != (2, 0):
            # 2.0 could not open these indexes: any use of them closed the connection
            for key, age in (("u1", 30), ("u2", 41), ("u3", 30)):
                out.append(v19.batch_mutate({key: {"Idx": [ins("birth", long_(age), 1),
                                                           ins("name", key, 1)]}}))
            out += [v19.get_indexed_slices(cparent("Idx"), index_clause(
                        [index_expr("birth", EQ, long_(30))]), pred(start="")),
                    v19.system_drop_keyspace(ks2)]
        if R < (2, 1):
            out.append(v19.system_drop_keyspace(ks))
        return out

if R == (2, 0):
    @scenario("rel_unstored", "19", "index")
    def _unstored():
        """2.0's column family whose COMPOSITES index of plain names it could not open (found by
        difftest.py): in the schema without a store, so a read, a count, a column written and
        a drop of it closed the connection while a removal passed; another keyspace's index
        took its index's name; a column family change of the keyspace made the column families
        its creation never reached; dropping the keyspace removed those before it in the
        keyspace's HashMap order, then closed the connection (the keyspace stays: named to
        replay last on a shared node)"""
        ks, other = "cv_r_unstored", "cv_r_unstored2"

        def birth(index_type):
            return W.struct({1: b("birth"), 2: b(M + "LongType"), 3: W.i32(index_type),
                             5: W.map_("bin", "bin", [])})

        def idx(keyspace, index_type):
            return cf_def(keyspace, "Idx", comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=[birth(index_type)])
        cfs = [cf_def(ks, "Std", comparator="UTF8Type"),
               cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                      subcomparator="UTF8Type"),
               idx(ks, 2),
               cf_def(ks, "Cnt", comparator="UTF8Type", default_validation="CounterColumnType")]
        out = [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks), describe_ks(ks),
               v19.insert("k", cparent("Idx"), column("a", "v", 1))]
        for read in (v19.get_slice("k", cparent("Idx"), pred(start="")),
                     v19.get("k", cpath("Idx", col="a")),
                     v19.get_count("k", cparent("Idx"), pred(start="")),
                     v19.multiget_count(["k"], cparent("Idx"), pred(start="")),
                     v19.get_range_slices(cparent("Idx"), pred(start=""),
                                          key_range("", "", count=10)),
                     v19.get_indexed_slices(cparent("Idx"), index_clause(
                         [index_expr("birth", EQ, long_(30))]), pred(start="")),
                     v19.batch_mutate({"k": {"Std": [ins("a", "v", 1)],
                                             "Idx": [ins("a", "v", 1)]}})):
            out += [v19.set_keyspace(ks), read]
        out += [v19.set_keyspace(ks),
                v19.get_slice("k", cparent("Std"), pred(start="")),
                v19.remove("k", cpath("Idx"), 5),
                v19.batch_mutate({"k": {"Idx": [mutation(deletion_=deletion(
                    6, predicate=pred(names=["a"])))]}}),
                v19.insert("k", cparent("Std"), column("a", "v", 1)),
                v19.system_add_keyspace(ks_def(other, [idx(other, KEYS_INDEX)])),
                describe_ks(other), v19.system_drop_keyspace(other),
                v19.system_update_column_family(cf_def(ks, "Std", comparator="UTF8Type",
                                                       comment="updated")),
                describe_ks(ks),
                v19.insert("k", cparent("Sup", "s"), column("a", "v", 1)),
                v19.get_slice("k", cparent("Sup", "s"), pred(start="")),
                v19.system_drop_column_family("Idx"),
                v19.set_keyspace(ks),
                v19.system_drop_keyspace(ks),
                describe_ks(ks)]
        return out

if R >= (1, 2):
    @scenario("rel_evicted", "19", "cql3", keyspace_reset="cv_r_evicted")
    def _evicted():
        """an unknown prepared statement id (found by difftest.py --app): 1.2.9 named its
        cache's size (100000) and the id twice, 1.2.19 on neither"""
        ks = "cv_r_evicted"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [v19.execute_prepared_cql3_query(0, ["u1", "p"]),
                v19.execute_prepared_cql3_query(12345, [])]
        return out

if R >= (3, 0):
    @scenario("rel_compact", "19", "read", keyspace_reset="cv_r_compact")
    def _compact():
        """3.x's tables of Thrift column families (found by difftest.py): a column family with
        declared columns is a static compact table, its declared columns first in every slice
        (forward or reversed) and counted first; a reversed slice of super columns reverses
        each one's subcolumns in a multiget and a range scan too; an index's empty options are
        described as none; a row filter of a Super CF checks its value as the super columns'
        map; in 3.0 a COMPOSITES index of a declared column fails a new keyspace at that
        table"""
        ks, ks2 = "cv_r_compact", "cv_r_compact2"

        def birth(index_type):
            return W.struct({1: b("birth"), 2: b(M + "LongType"), 3: W.i32(index_type),
                             5: W.map_("bin", "bin", [])})
        out = setup(ks, cf_def(ks, "Idx", comparator="UTF8Type", default_validation="UTF8Type",
                               column_metadata=[birth(KEYS_INDEX),
                                                column_def("zeta", M + "UTF8Type")]),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation="UTF8Type"))
        for k in ("k1", "k2"):
            out += [v19.insert(k, cparent("Idx"), column("birth", long_(2), 1)),
                    v19.insert(k, cparent("Idx"), column("zeta", "z", 1))]
            out += [v19.insert(k, cparent("Idx"), column(n, "v", 1)) for n in ("a", "c01", "c02")]
            out += [v19.insert(k, cparent("Sup", sc), column(n, "v", 1))
                    for sc in ("s1", "s2") for n in ("x", "y")]
        out.append(describe_ks(ks))
        for rev, count in ((False, 100), (False, 2), (True, 1), (True, 3), (True, 100)):
            out.append(v19.get_slice("k1", cparent("Idx"), pred(start="", reversed=rev,
                                                                count=count)))
        out += [v19.get_slice("k1", cparent("Idx"), pred(names=["zeta", "a", "birth"])),
                v19.get_slice("k1", cparent("Idx"), pred(start="b", finish="c01")),
                v19.multiget_slice(["k1", "k2"], cparent("Idx"),
                                   pred(start="", reversed=True, count=2)),
                v19.get_range_slices(cparent("Idx"), pred(start="", reversed=True, count=2),
                                     key_range("", "")),
                v19.multiget_slice(["k1", "k2"], cparent("Sup"), pred(start="", reversed=True)),
                v19.get_range_slices(cparent("Sup"), pred(start="", reversed=True),
                                     key_range("", ""))]
        entry = int32(1) + int32(1) + b"x" + int32(1) + b"v"
        for name, value in (("birth", long_(3)), ("birth", b"\x00\x01"),
                            ("birth", int32(1) + int32(8) + long_(1) + int32(1) + b"v"),
                            ("birth", entry), ("value", "v"), ("birth", "")):
            out += [v19.get_range_slices(cparent("Sup"), pred(start=""), key_range(
                        "", "", count=10, row_filter=[index_expr(name, EQ, value)])),
                    v19.set_keyspace(ks)]
        out += [v19.get_range_slices(cparent("Sup", "s1"), pred(start=""), key_range(
                    "", "", count=10, row_filter=[index_expr("birth", EQ, long_(3))])),
                v19.set_keyspace(ks)]
        if R < (3, 11):
            # 3.0's index could not index a static column (3.11 indexed it)
            cfs = [cf_def(ks2, "Std", comparator="UTF8Type"),
                   cf_def(ks2, "Idx", comparator="UTF8Type", column_metadata=[birth(2)]),
                   cf_def(ks2, "Abc", comparator="UTF8Type")]
            out += [v19.system_add_keyspace(ks_def(ks2, cfs)), v19.set_keyspace(ks),
                    describe_ks(ks2), v19.system_drop_keyspace(ks2)]
        return out

    @scenario("rel_widened", "19", "read", keyspace_reset="cv_r_widened")
    def _widened():
        """3.x's reversed slices of a static compact table beyond get_slice (found by
        difftest.py): get_count and multiget_count stop at the slice's count; an index clause
        or a row filter by such a slice finds only the rows that hold declared columns alone,
        their columns in the slice's order; a CfDef's COMPOSITES index needs no prefix_size
        and takes any option (3.0 then fails such an index of a declared column, a static
        one: asked of a Super CF there)"""
        ks = "cv_r_widened"

        def birth(index_type, options=(), name=b"birth"):
            return W.struct({1: b(name), 2: b(M + "LongType"), 3: W.i32(index_type),
                             5: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options])})
        out = setup(ks, cf_def(ks, "Idx", comparator="UTF8Type", default_validation="UTF8Type",
                               column_metadata=[birth(KEYS_INDEX),
                                                column_def("zeta", M + "UTF8Type")]))
        rows = {"k1": [("birth", long_(2)), ("zeta", "z"), ("a", "v"), ("c01", "v"),
                       ("c02", "v")],
                "k2": [("birth", long_(2))],
                "k3": [("birth", long_(2)), ("zeta", "z")],
                "k4": [("birth", long_(3)), ("c01", "v")],
                "k5": [("birth", long_(2)), ("c01", "v")]}
        for key, cols in rows.items():
            out += [v19.insert(key, cparent("Idx"), column(n, v, 1)) for n, v in cols]
        rev = lambda count: pred(start="", reversed=True, count=count)
        out += [v19.get_count("k1", cparent("Idx"), rev(n)) for n in (1, 2, 3, 100)]
        out += [v19.get_count("k1", cparent("Idx"), pred(start="", count=2)),
                v19.get_count("k1", cparent("Idx"), pred(start="c01", finish="b",
                                                         reversed=True, count=1)),
                v19.multiget_count(list(rows), cparent("Idx"), rev(1)),
                v19.multiget_count(list(rows), cparent("Idx"), rev(3))]
        born2 = [index_expr("birth", EQ, long_(2))]
        for n in (1, 3, 100):
            out += [v19.get_indexed_slices(cparent("Idx"), index_clause(born2), rev(n)),
                    v19.get_range_slices(cparent("Idx"), rev(n),
                                         key_range("", "", count=10, row_filter=born2))]
        out += [v19.get_indexed_slices(cparent("Idx"), index_clause(born2),
                                       pred(start="", count=3))]
        # a composite comparator's name: one component, its end-of-component byte
        comp = lambda name, *options: cf_def(
            ks, name, comparator="CompositeType(UTF8Type,UTF8Type)",
            column_metadata=[birth(2, options, name=b"\x00\x05birth\x00")])
        plain = lambda name, *options: cf_def(ks, name, comparator="UTF8Type",
                                              column_metadata=[birth(2, options)])
        sup = lambda name, *options: cf_def(
            ks, name, column_type="Super", comparator="UTF8Type", subcomparator="UTF8Type",
            column_metadata=[birth(2, options)])
        # 3.0 failed both on the server (an index of a static column, whatever the comparator),
        # closing the connection; a super column family's index is refused. (3.11 made a
        # composite comparator's table as a CQL table, which describe_keyspace leaves out.)
        makes = [("Plain", plain)] if R >= (3, 11) else [("Comp", comp), ("Plain", plain)]
        for name, make in makes + [("Sup", sup)]:
            out += [v19.system_add_column_family(make(name)), v19.set_keyspace(ks),
                    v19.system_add_column_family(make(name + "Foo", ("foo", "1"))),
                    v19.set_keyspace(ks)]
        out += [describe_ks(ks)]
        return out

if R == (3, 0):
    @scenario("rel_unmade", "19", "index", keyspace_reset="cv_r_unmade")
    def _unmade():
        """3.0's tables it failed to make (found by difftest.py): a COMPOSITES index of a
        declared column failed a new keyspace at that table (its tables made in name order up
        to it, the connection closed); each later schema change of the keyspace made the
        tables written but unmade, in the order of a HashMap copied from all its tables, up
        to the failing one again; a table written over the failing one kept its index (the
        schema tables merged the two) and failed again"""
        ks = "cv_r_unmade"
        birth = W.struct({1: b("birth"), 2: b(M + "LongType"), 3: W.i32(2),
                          5: W.map_("bin", "bin", [])})
        std = lambda name: cf_def(ks, name, comparator="BytesType")
        cfs = [std("Std"), cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                                  subcomparator="UTF8Type"),
               cf_def(ks, "Idx", comparator="UTF8Type", column_metadata=[birth]),
               cf_def(ks, "Cnt", comparator="UTF8Type", default_validation="CounterColumnType")]
        out = [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks), describe_ks(ks),
               v19.insert("k", cparent("Std"), column("a", "v", 1)),
               v19.system_add_column_family(std("Add1004")), v19.set_keyspace(ks),
               describe_ks(ks), v19.insert("k", cparent("Std"), column("a", "v", 1)),
               v19.insert("k", cparent("Sup", "s"), column("a", "v", 1)),
               v19.system_drop_column_family("Std"), v19.set_keyspace(ks), describe_ks(ks),
               v19.system_add_column_family(std("Idx")), v19.set_keyspace(ks), describe_ks(ks),
               v19.insert("k", cparent("Sup", "s"), column("a", "v", 1)),
               v19.get_slice("k", cparent("Sup"), pred(start=""))]
        return out


# ------------------------------------------------------------------------------ found by
# sending the calls of ordinary19.py (a 1.2.9 application's) to every release
@scenario("rel_cforder", "19", "schema", keyspace_reset="cv_r_cforder")
def _cforder():
    """the order describe_keyspace lists column families in (found by difftest.py --cases
    ordinary19): from 1.1 the ones made with their keyspace went into its map by name (read
    back from the schema tables), sharing buckets in that order; later ones in the order they
    were made; before 1.1 by their ids"""
    ks = "cv_r_cforder"
    names = ["Ints", "I32", "RevL", "RevU", "Comp", "CompL", "Zed", "Alpha"]
    out = setup(ks, *[cf_def(ks, n, comparator="UTF8Type") for n in names])
    out += [describe_ks(ks),
            v19.system_add_column_family(cf_def(ks, "Later", comparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "Early", comparator="UTF8Type")),
            describe_ks(ks),
            v19.system_drop_column_family("Comp"),
            v19.system_update_column_family(cf_def(ks, "I32", comparator="UTF8Type",
                                                   comment="updated")),
            describe_ks(ks)]
    return out


@scenario("rel_cfshape", "19", "schema", keyspace_reset="cv_r_cfshape")
def _cfshape():
    """a CfDef's shape (found by difftest.py --cases ordinary19): a Standard column family
    given a sub-column comparator (refused before 2.0, in 0.7-1.0's own words; 2.0 on dropped
    it), a column type of no kind; 0.8 and 1.0 told a keyspace's replication_factor only from
    its strategy options; the Java text of a Deletion quoted in a refusal"""
    ks = "cv_r_cfshape"
    out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
    out += [v19.system_add_column_family(cf_def(ks, "Sub", column_type="Standard",
                                                comparator="UTF8Type", subcomparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "NoKind", subcomparator="LongType")),
            v19.system_add_column_family(cf_def(ks, "Odd", column_type="Odd")),
            v19.system_add_column_family(cf_def(ks, "Sub2", column_type="Standard",
                                                comparator="UTF8Type", subcomparator="NoSuchType")),
            describe_ks(ks)]
    if R >= (0, 8):
        nts = W.struct({1: b(ks), 2: b("org.apache.cassandra.locator.NetworkTopologyStrategy"),
                        3: W.map_("bin", "bin", [(b("datacenter1"), b("1"))]),
                        5: W.list_("struct", [])})
        out += [v19.system_update_keyspace(nts), describe_ks(ks)]
    if R >= (0, 8):
        # absolute timestamps: the refusal quotes the deletion's (up to 1.2 from the
        # frame's start, then its own bytes)
        out += [v19.batch_mutate({"k": {"Std": [ins("a", "1", Abs(10)),
                                                mutation(deletion_=deletion(Abs(12),
                                                                            sc="s1"))]}}),
                v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(
                    Abs(12), sc="s1", predicate=pred(names=["a", "b"])))]}})]
    return out


@scenario("rel_rangefail", "19", "range", keyspace_reset="cv_r_rangefail")
def _rangefail():
    """ranges (found by difftest.py --cases ordinary19): an empty mutation list's row (2.1 on);
    what a release failed on while reading: get_paged_slice with a row_filter (1.1 and 1.2 failed the read: at QUORUM it timed out,
    1.1 at ONE closed the connection; 2.0 on refused it), then a token that is no number (0.8
    and 1.0: an internal error; the others from 1.1: the connection closed)"""
    ks = "cv_r_rangefail"
    out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"))
    out += [v19.batch_mutate({k: {"R": [ins("a", k, 1)]} for k in ["k1", "k2", "k3"]}),
            # a listed column family of no mutations (2.1 on: an empty row), a key of none
            v19.batch_mutate({"g1": {"R": []}, "g2": {}}),
            v19.get_range_slices(cparent("R"), pred(start=""), key_range("", "", count=10))]
    flt = [index_expr("a", EQ, "k1")]
    if PAGED:
        out += [v19.get_paged_slice("R", key_range("", "", count=5, row_filter=flt), "",
                                    cl=QUORUM),
                v19.get_paged_slice("R", key_range("", "", count=5, row_filter=flt), "")]
        out += [v19.set_keyspace(ks)]
    if R >= (0, 8):
        out += [v19.get_range_slices(cparent("R"), pred(start=""),
                                     key_range(start_token="x", end_token="0", count=5))]
    return out


@scenario("rel_ttlbound", "19", "ttl", keyspace_reset="cv_r_ttlbound")
def _ttlbound():
    """a column's TTL past what the release took (found by difftest.py --cases ordinary19b):
    over twenty years (1.1 on: ttl is too large), or under them with an expiry past 2038, the
    int expiry time overflowing (2.1.20 on: refused, CASSANDRA-14092; before, the column was
    built and its assertion failed: 0.8 and 1.0 an internal error, 1.1 to 2.0 no reply), by
    insert, batch_mutate of standard and super columns, and CQL 3 (1.2 on); then what stayed"""
    ks = "cv_r_ttlbound"
    out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    def again():  # after a connection the release closed or left unanswered
        return v19.set_keyspace(ks)
    out += [
        v19.insert("a", cparent("T"), column("year", "x", 1, ttl=31536000)),
        v19.insert("a", cparent("T"), column("big", "x", 1, ttl=2147483647)), again(),
        v19.batch_mutate({"a": {"T": [ins("b1", "x", 1, ttl=630720001)]}}), again(),
        v19.batch_mutate({"a": {"T": [ins("b2", "x", 1, ttl=700000000),
                                      ins("b3", "y", 1)]}}), again(),
        v19.batch_mutate({"a": {"S": [mutation(cosc(super_column=super_column("sc", [
            column("p", "1", 1, ttl=630720001)])))]}}), again(),
        v19.insert("a", cparent("S", "sc"), column("q", "1", 1, ttl=900000000)), again(),
        v19.insert("a", cparent("T"), column("max", "x", 1, ttl=630720000)), again(),
        v19.batch_mutate({"a": {"T": [ins("b4", "x", 1, ttl=400000000)]}}), again(),
        v19.batch_mutate({"a": {"S": [mutation(cosc(super_column=super_column("s2", [
            column("t", "x", 1), column("u", "x", 1, ttl=500000000)])))]}}), again(),
        v19.get_slice("a", cparent("T"), pred(start="")),
        v19.get_slice("a", cparent("S"), pred(start="")),
    ]
    if R >= (1, 2):
        q = v19.execute_cql3_query
        out += [q("CREATE TABLE t (k text PRIMARY KEY, v text)"),
                q("INSERT INTO t (k, v) VALUES ('a', 'b') USING TTL 400000000"), again(),
                q("UPDATE t USING TTL 630720001 SET v = 'c' WHERE k = 'a'"),
                q("INSERT INTO t (k, v) VALUES ('b', 'b') USING TTL 60"),
                q("SELECT k, v FROM t")]
    return out


if R >= (0, 8):
    @scenario("rel_dyncomposite", "19", "schema", keyspace_reset="cv_r_dyncomposite")
    def _dyncomposite():
        """a DynamicCompositeType comparator described back with its aliases in the order the
        release's HashMap<Byte, ..> of them iterated (TypeParser.getAliasParameters): by the
        alias byte's bucket, then as given within a bucket, the table doubled past 12
        (found by difftest.py --cases ordinary19b)"""
        ks = "cv_r_dyncomposite"
        dct = "DynamicCompositeType(%s)"
        out = setup(ks, cf_def(ks, "D1", comparator=dct % "l=>LongType,s=>UTF8Type,b=>BytesType"),
                    cf_def(ks, "D2", comparator=dct % "q=>LongType,l=>UTF8Type,a=>AsciiType"))
        many = ",".join("%s=>BytesType" % c for c in "qabcdefghijkl")
        out += [
            v19.system_add_column_family(cf_def(ks, "D3", comparator=dct % many)),
            describe_ks(ks).mask("0/5/*/16"),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_cqlwords", "19", "cql3", keyspace_reset="cv_r_cqlwords")
    def _cqlwords():
        """CQL 3 refusals worded per release (found by difftest.py --cases ordinary19): a
        non-EQ relation on the partition key (1.2 at more length), an INSERT into a counter
        table (2.2 on: "statements")"""
        ks = "cv_r_cqlwords"
        q = v19.execute_cql3_query
        return [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                  "'replication_factor': 1}" % ks),
                v19.set_keyspace(ks),
                q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"),
                q("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
                q("INSERT INTO t (k, c, v) VALUES ('a', 1, 'x')"),
                q("SELECT * FROM t WHERE k > 'a'"),
                q("SELECT * FROM t WHERE k >= 'a' AND c = 1"),
                q("INSERT INTO hits (page, n) VALUES ('p', 1)"),
                q("UPDATE hits SET n = n + 2 WHERE page = 'p'"),
                q("SELECT n FROM hits WHERE page = 'p'")]


if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2app", "19", "cql2", keyspace_reset="cv_r_cql2app")
    def _cql2app():
        """CQL 2 as an application of the release wrote it (found by difftest.py --cql2):
        0.8's type words (bytea, date; its int a LongType); a by-key SELECT of named columns
        of a row deleted (a ghost: the names without values), of a row live elsewhere or
        never written (nothing); FloatType's and DoubleType's words; 1.0's KEY naming the
        key of a column family with a key alias; the md5 wording of a backwards range (0.8,
        1.0); an UPDATE without WHERE and a DELETE without WHERE (0.8: a server failure);
        a counter UPDATE without a level on a column family without replicate_on_write (0.8
        and 1.0 checked no level, which is not ONE); TWO (unavailable on one node) and
        EACH_QUORUM (1.1: refused for the strategy first); LOCAL_QUORUM, which 0.8 and 1.0
        checked nowhere (a server failure) and no release checked for a DELETE (1.1 and 1.2
        close the connection: last); CREATE INDEX's empty options (1.1 on), ALTER ... WITH
        setting the bloom filter chance to its default (1.2), DROP INDEX of an unknown index
        and CREATE of an existing column family in each release's words"""
        ks = "cv_r_cql2app"
        key = "KEY" if R < (1, 0) else "user_id"
        words = ("bytea", "date") if R < (1, 0) else ("blob", "timestamp")
        out = [cql2("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy AND "
                    "strategy_options:replication_factor = 1" % ks),
               cql2("USE %s" % ks),
               cql2("CREATE COLUMNFAMILY Users (%s text PRIMARY KEY, name text, age bigint) "
                    "WITH comparator = text AND default_validation = text" % key),
               cql2("CREATE COLUMNFAMILY Typed (KEY bigint PRIMARY KEY, b %s, d %s, i int, "
                    "f float, g double) WITH comparator = ascii" % words),
               cql2("CREATE COLUMNFAMILY Cnt (KEY text PRIMARY KEY) WITH default_validation = "
                    "counter AND comparator = text AND replicate_on_write = false"),
               cql2("CREATE INDEX users_age ON Users (age)")]
        if R >= (1, 1):
            out.append(describe_ks(ks).mask("0/5/*/16"))
        out += [cql2("INSERT INTO Typed (KEY, b, d, i) VALUES (1, 'c0ff', '2011-02-03', 5)"),
                cql2("SELECT b, d, i FROM Typed WHERE KEY = 1"),
                cql2("UPDATE Typed SET f = 'x' WHERE KEY = 1"),
                cql2("UPDATE Typed SET g = 'y' WHERE KEY = 1"),
                cql2("INSERT INTO Users (%s, name, age) VALUES ('k1', 'Ann', 30)" % key),
                cql2("INSERT INTO Users (%s, name, age) VALUES ('k2', 'Bob', 41)" % key),
                cql2("INSERT INTO Users (%s, age) VALUES ('k3', 20)" % key),
                cql2("DELETE name FROM Users WHERE %s = 'k1'" % key),
                cql2("DELETE FROM Users WHERE %s = 'k2'" % key),
                cql2("SELECT name, age FROM Users WHERE %s = 'k1'" % key),
                cql2("SELECT name, age FROM Users WHERE %s = 'k2'" % key),
                cql2("SELECT name FROM Users WHERE %s = 'k3'" % key),
                cql2("SELECT name FROM Users WHERE %s IN ('k2', 'k3', 'k9')" % key),
                cql2("SELECT * FROM Users WHERE %s = 'k2'" % key),
                cql2("SELECT * FROM Users WHERE %s > 'k5' AND %s <= 'k0'" % (key, key)),
                cql2("UPDATE Users SET name = 'x'"),
                cql2("DELETE FROM Users"),
                cql2("UPDATE Cnt SET hits = hits + 1 WHERE KEY = 'k1'"),
                cql2("UPDATE Cnt USING CONSISTENCY ONE SET hits = hits + 2 WHERE KEY = 'k1'"),
                cql2("SELECT hits FROM Cnt WHERE KEY = 'k1'"),
                cql2("SELECT * FROM Users USING CONSISTENCY LOCAL_QUORUM WHERE %s = 'k1'" % key),
                cql2("INSERT INTO Users (%s, name) VALUES ('k4', 'Eve') USING CONSISTENCY "
                     "LOCAL_QUORUM" % key),
                cql2("SELECT * FROM Users USING CONSISTENCY EACH_QUORUM WHERE %s = 'k1'" % key),
                cql2("DROP INDEX no_such_index"),
                cql2("CREATE COLUMNFAMILY Users (KEY text PRIMARY KEY)")]
        if R >= (1, 0):
            out.append(cql2("SELECT * FROM Users WHERE KEY = 'k1'"))
        if R >= (1, 1):
            out += [cql2("SELECT * FROM Users USING CONSISTENCY TWO WHERE %s = 'k1'" % key),
                    cql2("INSERT INTO Users (%s, name) VALUES ('k4', 'Eve') USING CONSISTENCY "
                         "TWO" % key),
                    cql2("CREATE INDEX ON Typed (i)"),
                    cql2("ALTER COLUMNFAMILY Users WITH comment = 'altered'"),
                    describe_ks(ks).mask("0/5/*/16")]
        out += [cql2("SELECT * FROM Users WHERE %s = 'k4'" % key),
                cql2("DELETE FROM Users USING CONSISTENCY LOCAL_QUORUM WHERE %s = 'k1'" % key)]
        return out


if (1, 2) <= R < (3, 0):
    @scenario("rel_batchtie", "19", "write", keyspace_reset="cv_r_batchtie")
    def _batchtie():
        """A column written more than once at one timestamp with one value in one batch_mutate
        list (found by difftest.py --app): 2.1 and 2.2 built the mutation's row in an
        ArrayBackedSortedColumns, which reconciled a cell arriving in name order (or naming
        one already there) against the one it met, the new one staying, and once a cell came
        out of order kept the rest unsorted and, sorting them, reconciled each against what
        came before it, the sorted part's winning over the unsorted's (a later column kept
        longer than an earlier one of two expiring ones, either way); the memtable kept the
        first of two separate writes unless both expire and the later lives longer. 1.2 and
        2.0 keep the later write whatever the order. Values tied on timestamp compare as
        signed bytes"""
        ks = "cv_r_batchtie"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        t = 600

        def batch(cf, *muts, key="k"):
            return v19.batch_mutate({key: {cf: list(muts)}})

        out += [
            # in name order: the later stays
            batch("A", ins("a", "v", 5, ttl=t), ins("a", "v", 5)),
            batch("A", ins("b", "v", 5), ins("b", "v", 5, ttl=t)),
            # a name already there, found by its binary search: the later stays
            batch("A", ins("c", "v", 5, ttl=t), ins("d", "v", 5), ins("c", "v", 5)),
            # both unsorted: the later stays
            batch("A", ins("g", "v", 5), ins("f", "v", 5, ttl=t), ins("f", "v", 5)),
            # sorted then unsorted: the earlier (sorted) stays
            batch("A", ins("i", "v", 5, ttl=t), ins("j", "v", 5), ins("h", "v", 5),
                  ins("i", "v", 5)),
            batch("A", ins("l", "v", 5), ins("m", "v", 5), ins("k", "v", 5),
                  ins("l", "v", 5, ttl=t)),
            # sorted, then twice unsorted: the second unsorted one stays (over the merged one)
            batch("A", ins("o", "v", 5, ttl=t), ins("p", "v", 5), ins("n", "v", 5),
                  ins("o", "v", 5), ins("o", "v", 5)),
            # two expiring ones: the longer lived, either way
            batch("A", ins("q", "v", 5, ttl=t + 5), ins("q", "v", 5, ttl=t)),
            batch("A", ins("r", "v", 5, ttl=t), ins("r", "v", 5, ttl=t + 5)),
            batch("A", ins("t", "v", 5, ttl=t + 5), ins("u", "v", 5), ins("s", "v", 5),
                  ins("t", "v", 5, ttl=t)),
            v19.get_slice("k", cparent("A"), pred(start="")),
            # separate writes: the first stays, unless both expire and the later lives longer
            v19.insert("k2", cparent("A"), column("a", "v", 5, ttl=t)),
            v19.insert("k2", cparent("A"), column("a", "v", 5)),
            v19.insert("k2", cparent("A"), column("b", "v", 5, ttl=t)),
            v19.insert("k2", cparent("A"), column("b", "v", 5, ttl=t + 5)),
            v19.insert("k2", cparent("A"), column("c", "v", 5, ttl=t + 5)),
            v19.insert("k2", cparent("A"), column("c", "v", 5, ttl=t)),
            # values tied on timestamp: the greater as signed bytes
            v19.insert("k2", cparent("A"), column("d", b"\x01", 5)),
            v19.insert("k2", cparent("A"), column("d", b"\x80", 5)),
            v19.insert("k2", cparent("A"), column("e", b"\x80", 5)),
            v19.insert("k2", cparent("A"), column("e", b"\x01", 5)),
            batch("A", ins("f", b"\xff", 5), ins("f", b"\x7f", 5), key="k2"),
            v19.get_slice("k2", cparent("A"), pred(start="")),
            # a super column's sub-columns come in its list's order
            v19.batch_mutate({"k": {"S": [
                mutation(cosc(super_column=super_column("s", [
                    column("y", "v", 5, ttl=t), column("z", "v", 5), column("x", "v", 5),
                    column("y", "v", 5)]))),
                mutation(cosc(super_column=super_column("s", [
                    column("w", "v", 5, ttl=t), column("w", "v", 5)]))),
                mutation(cosc(super_column=super_column("r", [column("a", "v", 5, ttl=t)]))),
                mutation(cosc(super_column=super_column("r", [column("a", "v", 5)])))]}}),
            v19.get_slice("k", cparent("S"), pred(start="")),
        ]
        return out


if (2, 0) <= R < (2, 1):
    @scenario("rel_densekept", "19", "schema", keyspace_reset="cv_r_densekept")
    def _densekept():
        """A Thrift update of a column family made without declared columns (found by
        difftest.py --app): 2.0's CFMetaData.fromThriftForUpdate copied the table's clustering
        column, so it stayed dense whatever the update declared and its rebuild read no
        declared name; CFMetaData.validate then refused one the comparator could not read
        (`Column name ... is not valid`, in the HashMap order of the names), after
        addDefaultIndexNames had named a new index by the comparator's getString, whose
        MarshalException failed on the server (the connection closed). A column family made
        with declared columns was rebuilt sparse, refusing such a name in the type's words"""
        ks = "cv_r_densekept"
        L = M + "LongType"
        rank, city = column_def("rank", L), column_def("city", M + "UTF8Type")
        rank_i = column_def("rank", L, index_type=KEYS_INDEX)
        out = setup(ks, cf_def(ks, "D", comparator="AsciiType"),
                    cf_def(ks, "S", comparator="AsciiType",
                           column_metadata=[column_def("x", M + "UTF8Type")]))
        out += [
            v19.system_update_column_family(cf_def(ks, "D", comparator="AsciiType",
                                                   column_metadata=[rank])),
            v19.system_update_column_family(cf_def(ks, "D", comparator="LongType",
                                                   column_metadata=[rank])),
            v19.system_update_column_family(cf_def(ks, "D", comparator="LongType",
                                                   column_metadata=[rank, city])),
            v19.system_update_column_family(cf_def(ks, "D", comparator="LongType",
                                                   column_metadata=[column_def(
                                                       "rank", L, index_type=KEYS_INDEX,
                                                       index_name="d_rank"), city])),
            v19.system_update_column_family(cf_def(ks, "D", comparator="LongType",
                                                   column_metadata=[rank_i, city])),
            v19.set_keyspace(ks),
            v19.system_update_column_family(cf_def(ks, "D", comparator="LongType",
                                                   column_metadata=[rank_i])),
            v19.set_keyspace(ks),
            v19.system_update_column_family(cf_def(ks, "S", comparator="LongType",
                                                   column_metadata=[column_def(
                                                       "x", M + "UTF8Type")])),
            v19.system_update_column_family(cf_def(ks, "S", comparator="AsciiType",
                                                   column_metadata=[rank_i, city])),
            describe_ks(ks).mask("0/5/*/16"),
        ]
        return out

if (2, 0) <= R < (3, 0):
    @scenario("rel_dropflush", "19", "write", keyspace_reset="cv_r_dropflush")
    def _dropflush():
        """Two writes of a column tied on timestamp and value, a drop between them (found by
        difftest.py --app): from 2.1 dropping a column family or keyspace flushed every column
        family the commit log held writes of (CommitLog.forceRecycleAllSegments), not those of
        a keyspace without durable writes. A names read then took the memtable's version and
        let each SSTable's, newest timestamp first, replace a tie (the later met staying); a
        slice or range scan merged them in a priority queue, the first met staying. 2.0
        flushed nothing, keeping the later write"""
        ks, nd = "cv_r_dropflush", "cv_r_dropflush_nd"
        out = [v19.system_add_keyspace(ks_def(nd, [cf_def(nd, "A", comparator="UTF8Type"),
                                                   cf_def(nd, "G", comparator="UTF8Type")],
                                              durable_writes=False))]
        out += setup(ks, *[cf_def(ks, n, comparator="UTF8Type")
                           for n in ("A", "G1", "G2", "G3", "G4")])
        t = 600

        def reads(key):
            return [v19.get(key, cpath("A", col="c")),
                    v19.get_slice(key, cparent("A"), pred(names=["c", "d"])),
                    v19.get_slice(key, cparent("A"), pred(start="")),
                    v19.get_slice(key, cparent("A"), pred(start="", reversed=True)),
                    v19.multiget_slice([key], cparent("A"), pred(start=""))]

        out += [
            # flushed without a TTL, then written with one
            v19.insert("k", cparent("A"), column("c", "v", 5)),
            v19.system_drop_column_family("G1"),
            v19.insert("k", cparent("A"), column("c", "v", 5, ttl=t)),
            reads("k"),
            v19.get_range_slices(cparent("A"), pred(start=""), key_range(start_key="", end_key="")),
            # flushed with a TTL, then without, then a third in a second SSTable
            v19.insert("k2", cparent("A"), column("c", "v", 5, ttl=t)),
            v19.system_drop_column_family("G2"),
            v19.insert("k2", cparent("A"), column("c", "v", 5)),
            v19.insert("k2", cparent("A"), column("d", "v", 8)),
            reads("k2"),
            v19.system_drop_column_family("G3"),
            v19.insert("k2", cparent("A"), column("c", "v", 5, ttl=t + 300)),
            reads("k2"),
            reads("k"),
            # a keyspace without durable writes is not flushed
            v19.set_keyspace(nd),
            v19.insert("k", cparent("A"), column("c", "v", 5)),
            v19.system_drop_column_family("G"),
            v19.insert("k", cparent("A"), column("c", "v", 5, ttl=t)),
            reads("k"),
            v19.system_drop_keyspace(nd),
            # nor is a drop of a keyspace different
            v19.set_keyspace(ks),
            v19.insert("k3", cparent("A"), column("c", "v", 5)),
            v19.system_add_keyspace(ks_def(nd, [])),
            v19.system_drop_keyspace(nd),
            v19.insert("k3", cparent("A"), column("c", "v", 5, ttl=t)),
            reads("k3"),
            v19.system_drop_column_family("G4"),
        ]

        def delete_range(key, start, finish, at):
            return v19.batch_mutate({key: {"A": [mutation(deletion_=deletion(
                at, predicate=pred(start=start, finish=finish)))]}})

        def count_all(key, reversed=False):
            return v19.get_count(key, cparent("A"), pred(start="", reversed=reversed, count=-1))

        # a count of -1 (2.1 and 2.2 trimmed a row read with a deletion to it, which failed
        # on the server): a flushed range deletion after the row's first cell, and before it
        out += [
            delete_range("k4", "m", "n", 9),
            v19.insert("k4", cparent("A"), column("c", "v", 5)),
            delete_range("k5", "a", "b", 9),
            v19.insert("k5", cparent("A"), column("c", "v", 5)),
            v19.system_add_column_family(cf_def(ks, "G5", comparator="UTF8Type")),
            v19.system_drop_column_family("G5"),
            v19.insert("k4", cparent("A"), column("d", "v", 5)),
            v19.insert("k5", cparent("A"), column("d", "v", 5)),
            # (a count that failed closed the connection: each is followed by set_keyspace)
            [[count_all(k, reversed=r), v19.set_keyspace(ks)]
             for k in ("k4", "k5") for r in (False, True)],
            # and one not flushed
            delete_range("k6", "a", "b", 9),
            v19.insert("k6", cparent("A"), column("c", "v", 5)),
            count_all("k6"),
        ]
        return out

if (2, 0) <= R < (3, 0):
    @scenario("rel_alter", "19", "schema", keyspace_reset="cv_r_alter")
    def _alter():
        """A column family's attributes changed by system_update_column_family, as an operator
        changed them (found by difftest.py --app): a default_time_to_live given to every
        column then written over Thrift without a TTL (insert and batch_mutate, sub-columns
        too; a TTL sent stays); speculative_retry described as the release parsed it (`50ms`
        as `50.0ms`, a percentile as a double, a type upper-cased); from 2.1 the index interval
        range, the minimum defaulting to an index_interval given alone, the maximum to at
        least 2048, and the row cache's cells per partition (ALL unless a number was given,
        0 without a row cache)"""
        ks = "cv_r_alter"

        def upd(name, extra):
            if name == "S":
                return v19.system_update_column_family(cf_def(
                    ks, "S", column_type="Super", comparator="UTF8Type",
                    subcomparator="UTF8Type", extra=extra))
            return v19.system_update_column_family(cf_def(ks, name, comparator="UTF8Type",
                                                          extra=extra))

        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        out += [
            upd("A", {40: W.i32(86400)}), upd("S", {40: W.i32(3600)}), describe_ks(ks),
            v19.insert("k", cparent("A"), column("a", "v", 1)),
            v19.insert("k", cparent("A"), column("b", "v", 1, ttl=60)),
            v19.batch_mutate({"k": {"A": [ins("c", "v", 1), ins("d", "v", 1, ttl=120)],
                                    "S": [mutation(cosc(super_column=super_column(
                                        "s", [column("x", "v", 1),
                                              column("y", "v", 1, ttl=60)])))]}}),
            v19.insert("k", cparent("S", "t"), column("z", "v", 1)),
            v19.get_slice("k", cparent("A"), pred(start="")),
            v19.get_slice("k", cparent("S"), pred(start="")),
            v19.get("k", cpath("A", col="a")),
            upd("A", {40: W.i32(0)}),
            v19.insert("k", cparent("A"), column("e", "v", 1)),
            v19.get("k", cpath("A", col="e")),
        ]
        for retry in ("50ms", "always", "95.5percentile", "99PERCENTILE", "12.25MS", "NONE"):
            out += [upd("A", {42: b(retry)}), describe_ks(ks)]
        if R >= (2, 1):
            for extra in ({45: W.i32(64), 46: W.i32(1024)}, {41: W.i32(256)},
                          {45: W.i32(512)}, {45: W.i32(4096)}, {46: W.i32(4096)},
                          {34: b("ALL")}, {34: b("ROWS_ONLY"), 44: b("10")},
                          {34: b("KEYS_ONLY"), 44: b("10")}, {34: b("ALL"), 44: b("all")}):
                out += [upd("A", extra), describe_ks(ks)]
        return out


def java_hash(text):
    """Java's String.hashCode (over UTF-16 units), as a signed int."""
    h = 0
    for unit in text.encode("utf-16-be").hex(" ", 2).split():
        h = (31 * h + int(unit, 16)) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


if (1, 2) <= R < (3, 0):
    @scenario("rel_cql3app", "19", "cql3", keyspace_reset="cv_r_cql3app")
    def _cql3app():
        """CQL 3 as applications sent it over Thrift (found by difftest.py --cql3): a level
        more replicas than the one live node must serve is unavailable for a statement as for
        a Thrift call (a conditional one's Paxos round from 2.0 needs a quorum whatever the
        level); ALTER TABLE adds and drops columns of a static COMPACT STORAGE table as 1.2's
        and 2.0's CQL 3 saw it, adds a collection to a table without one, and from 2.0 takes a
        type reading the old values (int to varint); compaction options' thresholds are the
        table's; refusals in each release's words (a batch's own timestamps, a COMPACT table's
        value or key columns, LIMIT ? in 1.2, a missing name in a WHERE clause quoting its
        value, the bound values' count, set_cql_version naming the release's CQL 3), and from
        2.0 a COMPACT table's empty clustering value refused"""
        ks = "cv_r_cql3app"
        rf = "cv_r_cql3rf"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            q("CREATE TABLE th (k text PRIMARY KEY, v text) WITH compaction = "
              "{'class': 'SizeTieredCompactionStrategy', 'min_threshold': 6, "
              "'max_threshold': 20}"),
            q("CREATE TABLE sc (k text PRIMARY KEY, v1 text, v2 int) WITH COMPACT STORAGE"),
            q("CREATE TABLE dc (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
            q("CREATE TABLE sp (k text, c int, n int, PRIMARY KEY (k, c))"),
            q("ALTER TABLE sc ADD v3 text"),
            q("INSERT INTO sc (k, v1, v3) VALUES ('a', 'x', 'y')"),
            q("SELECT * FROM sc"),
            q("ALTER TABLE sc ADD l list<int>"),
            q("ALTER TABLE dc ADD w text"),
            q("ALTER TABLE dc DROP v"),
            q("ALTER TABLE sc DROP v1"),
            q("SELECT * FROM sc"),
            q("ALTER TABLE sp ADD tags set<text>"),
            q("INSERT INTO sp (k, c, n, tags) VALUES ('a', 1, 2, {'t'})"),
            q("SELECT * FROM sp"),
            q("ALTER TABLE sp ALTER n TYPE varint"),
            q("ALTER TABLE sp ALTER c TYPE varint"),
            q("CREATE TABLE kb (k text PRIMARY KEY, v int)"),
            q("ALTER TABLE kb ALTER k TYPE blob"),
            # (2.2 types a WHERE value before refusing the COMPACT value column: not emulated)
            q("ALTER TABLE dc ALTER v TYPE %s" % ("text" if R >= (2, 2) else "blob")),
            q("SELECT * FROM sp"),
            describe_ks(ks),
            q("SELECT * FROM sp WHERE nocol = 1"),
            q("SELECT * FROM sp WHERE k = 'a' AND nocol = 'x'"),
            q("SELECT * FROM dc WHERE v = 'z'"),
            q("CREATE INDEX ON dc (k)"),
            q("CREATE INDEX ON dc (v)"),
            q("CREATE INDEX ON sc (k)"),
            q("CREATE INDEX ON sp (k)"),
            q("BEGIN BATCH USING TIMESTAMP 10 UPDATE sp USING TIMESTAMP 5 SET n = 1 "
              "WHERE k = 'b' AND c = 1; APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 10 DELETE FROM sp USING TIMESTAMP 5 "
              "WHERE k = 'b' AND c = 1; APPLY BATCH"),
            v19.prepare_cql3_query("SELECT * FROM sp WHERE k = ? LIMIT ?").mask("0/1"),
        ]
        # the Thrift id of a prepared statement is the hash of its keyspace and text
        sel = "SELECT * FROM sp WHERE k = ?"
        out += [v19.prepare_cql3_query(sel),
                v19.execute_prepared_cql3_query(java_hash(ks + sel), ["a", "b"]),
                v19.execute_prepared_cql3_query(java_hash(ks + sel), ["a"])]
        out += [v19.set_cql_version(v) for v in ("3.1.0", "3.2.0", "3.3.0", "3.0.0")]
        if R >= (2, 0):
            out += [
                q("ALTER TABLE sc ADD s int static"),
                q("UPDATE sp USING TIMESTAMP 5 SET n = 1 WHERE k = 'a' AND c = 1 IF n = 2"),
            ]
        if R == (2, 0):
            # (2.1 writes the empty name, and deleting it deletes the partition: not emulated)
            out += [
                q("CREATE TABLE dct (k text, c text, v text, PRIMARY KEY (k, c)) "
                  "WITH COMPACT STORAGE"),
                q("INSERT INTO dct (k, c, v) VALUES ('a', '', 'x')"),
                q("INSERT INTO dct (k, c, v) VALUES ('a', 'b', 'x')"),
                q("DELETE FROM dct WHERE k = 'a' AND c = ''"),
                q("SELECT * FROM dct"),
            ]
        out += [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 2}" % rf),
            q("CREATE TABLE %s.t (k text PRIMARY KEY, v int)" % rf),
            q("INSERT INTO %s.t (k, v) VALUES ('a', 1)" % rf, cl=ALL),
            q("INSERT INTO %s.t (k, v) VALUES ('a', 1)" % rf, cl=QUORUM),
            q("INSERT INTO %s.t (k, v) VALUES ('a', 1)" % rf),
            q("UPDATE %s.t SET v = 'x' WHERE k = 'a'" % rf, cl=ALL),
            q("SELECT * FROM %s.t" % rf, cl=QUORUM),
            q("SELECT * FROM %s.t WHERE k = 'a'" % rf, cl=ALL),
            q("SELECT * FROM %s.t WHERE k = 'a'" % rf),
            q("BEGIN BATCH INSERT INTO %s.t (k, v) VALUES ('b', 2); APPLY BATCH" % rf, cl=ALL),
        ]
        if R >= (2, 0):
            out.append(q("INSERT INTO %s.t (k, v) VALUES ('c', 1) IF NOT EXISTS" % rf))
        out.append(q("DROP KEYSPACE %s" % rf))
        # last: 1.2 and 2.0 fail it on the server (the connection closes)
        out.append(q("ALTER TABLE dc ALTER c TYPE varint"))
        return out


if R < (1, 2):
    @scenario("rel_negtoken", "19", "range", keyspace_reset="cv_r_negtoken")
    def _negtoken():
        """RandomPartitioner's tokens outside the ring (found by difftest.py --cases
        ordinary19: a 1.2 application's Murmur3 minimum): before 1.2 any integer was a token,
        and StorageProxy.getRestrictedRanges cut the range at the node's token and the minimum
        -1. (-2^63, -1] does not wrap: 0.7 to 1.0 read it to the ring's end (every row), 1.1
        held the keys its row positions contained (none); a range wrapping past 2^127 - 1
        reads the ring; (key, token) ranges (1.1: the key's token after the end token is
        refused); describe_splits prints the tokens as BigInteger did; a range wrapping to
        below -1 from past the node's token fails the read's assertion (QUORUM: timed out;
        ONE: 0.7 to 1.0 an internal error, 1.1 never answers: last); 0.7's token that is no
        number (an internal error)"""
        ks = "cv_r_negtoken"
        out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"))
        keys = ["k%02d" % i for i in range(12)]
        out.append(v19.batch_mutate({k: {"R": [ins("a", k, 1), ins("b", "2", 1)]} for k in keys}))
        m63, mid, top, huge = "-9223372036854775808", str(2 ** 126), str(2 ** 127), str(10 ** 40)

        def rng(s, e, n=20, cl=ONE):
            return v19.get_range_slices(cparent("R"), pred(start=""),
                                        key_range(start_token=s, end_token=e, count=n), cl)

        def by_key(start, end, n=3):
            return v19.get_range_slices(cparent("R"), pred(start=""),
                                        key_range(start_key=start, end_token=end, count=n))
        out += [rng(m63, "-1"), rng(m63, "-1", 3), rng("-5", "-2"), rng(m63, mid),
                rng(m63, mid, 3), rng("-1", mid), rng("-2", mid), rng(m63, "0"), rng("0", top),
                rng(top, "-1"), rng(huge, "1" + huge), rng("1" + huge, huge),
                rng("1" + huge, huge, 2), rng("+5", "-1", 2),
                v19.get_range_slices(cparent("R"), pred(start=""),
                                     key_range(start_key="k06", end_key="", count=3)),
                by_key("k00", m63), by_key("k00", "-1"), by_key("k00", top),
                v19.describe_splits("R", m63, "-1", 128),
                v19.describe_splits("R", "+5", "007", 128),
                v19.describe_splits("R", top, huge, 128)]
        if PAGED:
            out += [v19.get_paged_slice("R", key_range(start_token=m63, end_token="-1", count=5),
                                        ""),
                    v19.get_paged_slice("R", key_range(start_token=m63, end_token=mid, count=5),
                                        "")]
        if R < (0, 8):
            out.append(rng("x", "0", 5))
        top1 = str(2 ** 127 - 1)
        out += [rng("-1", "-1", 2), rng(top1, "-5", 5, QUORUM), v19.set_keyspace(ks),
                rng(top1, "-5", 5)]
        return out

    @scenario("rel_nokeyspace_batch", "19", "nokeyspace")
    def _nokeyspace_batch():
        """batch_mutate before set_keyspace (found by difftest.py --cases ordinary19): 0.7 asked
        for the keyspace only at a column family list's access, after each row's key; a map
        of no list passed (an empty map wrote nothing, but LOCAL_QUORUM looked up the null
        keyspace's strategy; a row's mutation of the null keyspace failed: an internal
        error); 0.8 to 1.1 refused any map first"""
        a = ins("a", "v", 1)
        return [v19.batch_mutate({}), v19.batch_mutate({}, ANY),
                v19.batch_mutate({}, LOCAL_QUORUM), v19.batch_mutate({"r6": {}}),
                v19.batch_mutate({"": {}}), v19.batch_mutate({"r6": {}, "r7": {}}),
                v19.batch_mutate({"r6": {}, "r7": {"Std": [a]}}),
                v19.batch_mutate({"": {}, "r7": {"Std": [a]}}),
                v19.batch_mutate({"r7": {"Std": []}}), v19.batch_mutate({"r6": {}}, LOCAL_QUORUM)]

    @scenario("rel_scanany", "19", "range", keyspace_reset="cv_r_scanany")
    def _scanany():
        """ANY on reads (found by difftest.py --app): 0.7 to 1.0 refused it only in the reads
        by key (CassandraServer.readColumnFamily: get, get_slice, get_count, multiget); range
        and index scans read at ANY as at ONE (ReadCallback waited for one replica); 1.1
        refused it on every read. 1.0 and 1.1 could not load LZ4Compressor (1.2's): a CfDef
        compressing with it is refused (1.0's update without column_metadata: an internal
        error), the column family's first id on a fresh node (1000) naming the updated one;
        1.0 took an empty compressor name for a class (refused), 1.1 for none"""
        ks = "cv_r_scanany"
        users = cf_def(ks, "Users", comparator="UTF8Type",
                       column_metadata=[column_def("age", M + "LongType", KEYS_INDEX,
                                                   "scanany_age")])
        out = setup(ks, users)
        out += [v19.batch_mutate({"u%d" % i: {"Users": [ins("age", long_(20 + i), 1)]}
                                  for i in range(3)}),
                v19.get_range_slices(cparent("Users"), pred(start=""), key_range("", "", count=10),
                                     ANY),
                v19.get_indexed_slices(cparent("Users"),
                                       index_clause([index_expr("age", EQ, long_(21))]),
                                       pred(start=""), ANY),
                v19.get_slice("u1", cparent("Users"), pred(start=""), ANY),
                v19.get_count("u1", cparent("Users"), pred(start=""), ANY),
                v19.multiget_slice(["u1"], cparent("Users"), pred(start=""), ANY)]
        if R >= (1, 0):
            lz4 = {32: W.map_("bin", "bin", [(b("sstable_compression"), b("LZ4Compressor"))])}
            empty = {32: W.map_("bin", "bin", [(b("sstable_compression"), b(""))])}
            out += [v19.system_add_column_family(cf_def(ks, "Z", comparator="UTF8Type",
                                                        extra=lz4)),
                    v19.system_add_column_family(cf_def(ks, "E", comparator="UTF8Type",
                                                        extra=empty)),
                    v19.system_update_column_family(
                        cf_def(ks, "Users", comparator="UTF8Type",
                               extra={**lz4, 16: W.i32(1000)})),
                    describe_ks(ks)]
        return out


if R >= (3, 0):
    @scenario("rel_countersuper", "19", "read", keyspace_reset="cv_r_countersuper")
    def _countersuper():
        """3.x's reversed slices of a counter Super CF (found by ordinary19.py): the
        subcolumns of every super column but the last come reversed, the last's ascending
        (thriftifyCounterSuperColumns reversed a list only when the next began); a plain Super
        CF's all reversed; a slice of one super column's subcolumns reversed"""
        ks = "cv_r_countersuper"
        out = setup(ks, cf_def(ks, "CS", column_type="Super", comparator="UTF8Type",
                               subcomparator="UTF8Type", default_validation="CounterColumnType"),
                    cf_def(ks, "PS", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        for sc in ("s1", "s2", "s3"):
            for c, n in (("a", 1), ("b", 2), ("c", 3)):
                out += [v19.add(k, cparent("CS", sc), counter_column(c, n)) for k in ("k", "k2")]
        rev = lambda count=100, start="": pred(start=start, reversed=True, count=count)
        out += [
            v19.get_slice("k", cparent("CS"), rev()),
            v19.get_slice("k", cparent("CS"), rev(2)),
            v19.get_slice("k", cparent("CS"), rev(1)),
            v19.get_slice("k", cparent("CS"), rev(start="s2")),
            v19.multiget_slice(["k", "k2"], cparent("CS"), rev(2)),
            v19.get_range_slices(cparent("CS"), rev(), key_range("", "")),
            v19.get_slice("k", cparent("CS", "s2"), rev()),
            v19.get_slice("k", cparent("CS"), pred(names=["s3", "s1"])),
            v19.batch_mutate({"k3": {"PS": [ins_super(s, [("a", "1"), ("b", "2")], 1)
                                            for s in ("s1", "s2")]}}),
            v19.get_slice("k3", cparent("PS"), rev()),
        ]
        return out

    @scenario("rel_counterrange", "19", "write", keyspace_reset="cv_r_counterrange")
    def _counterrange():
        """3.x's SliceRange deletions of a counter column family (found by ordinary19.py): a
        range tombstone at the server's time, as a Standard CF's (an empty bound open), its
        counters counted on from the counter cache once added to again; a start after the
        finish refused"""
        ks = "cv_r_counterrange"
        out = setup(ks, cf_def(ks, "Hits", comparator="UTF8Type",
                               default_validation="CounterColumnType"))
        for c in ("a", "b", "m", "z"):
            out += [v19.add(k, cparent("Hits"), counter_column(c, 5)) for k in ("p", "q", "r")]
        dele = lambda key, ts, **kw: v19.batch_mutate(
            {key: {"Hits": [mutation(deletion_=deletion(ts, predicate=pred(**kw)))]}})
        whole = lambda key: v19.get_slice(key, cparent("Hits"), pred(start=""))
        out += [
            dele("p", 1, start="b", finish="m"), whole("p"),
            dele("q", 1, start="m", finish="b"), whole("q"),
            dele("r", None, start=""), whole("r"),
            v19.get("r", cpath("Hits", col="a")),
            v19.get("r", cpath("Hits", col="a"), cl=QUORUM),
            v19.add("r", cparent("Hits"), counter_column("a", 1)), whole("r"),
            v19.add("p", cparent("Hits"), counter_column("b", 1)), whole("p"),
            dele("p", 1, start="", reversed=True), whole("p"),
            dele("q", 1, start="z", finish="b", reversed=True), whole("q"),
        ]
        return out

    @scenario("rel_collections", "19", "cql3", keyspace_reset="cv_r_collections")
    def _collections():
        """3.x's CQL 3 over Thrift spoke the native protocol v3's collections (found by
        ordinary19.py): rows carry [int] counts and lengths, nested collections too, and bound
        values are read so; one in v2's form is refused (Not enough bytes to read a set), or
        fails on the server where an element's length runs past the value"""
        ks = "cv_r_collections"
        q = v19.execute_cql3_query
        ins_s = "INSERT INTO t (id, s) VALUES (?, ?)"
        ins_m = "INSERT INTO t (id, m) VALUES (?, ?)"
        ins_l = "INSERT INTO t (id, l) VALUES (?, ?)"
        sel = "SELECT s, m, l FROM t WHERE id = ?"
        prep = lambda text, vals: v19.execute_prepared_cql3_query(java_hash(ks + text), vals)
        out = setup(ks)
        out += [
            # (frozen collections, nested ones, are 3.x's grammar, not the engine's)
            q("CREATE TABLE t (id text PRIMARY KEY, s set<text>, l list<int>, "
              "m map<text, int>)"),
            q("INSERT INTO t (id, s, l, m) VALUES ('a', {'x', 'yy'}, [1, 2], {'k': 7})"),
            q("SELECT * FROM t"),
            q("SELECT s, l FROM t WHERE id = 'a'"),
            v19.prepare_cql3_query(ins_s),
            prep(ins_s, ["b", b"\x00\x00\x00\x01\x00\x00\x00\x01q"]),
            prep(ins_s, ["c", b"\x00\x01\x00\x01q"]),
            prep(ins_s, ["d", b"\x00\x00\x00\x02\x00\x00\x00\x01q"]),
            prep(ins_s, ["d", b"\x00\x00\x00\x00\x09"]),
            v19.prepare_cql3_query(ins_l),
            prep(ins_l, ["g", b"\x00\x00\x00\x02\x00\x00\x00\x04\x00\x00\x00\x05"
                              b"\x00\x00\x00\x04\x00\x00\x00\x06"]),
            v19.prepare_cql3_query(ins_m),
            prep(ins_m, ["e", b"\x00\x00\x00\x01\x00\x00\x00\x01q\x00\x00\x00\x04"
                              b"\x00\x00\x00\x05"]),
            v19.prepare_cql3_query(sel),
            prep(sel, ["b"]),
            prep(sel, ["e"]),
            prep(sel, ["g"]),
            q("SELECT * FROM t"),
            prep(ins_m, ["f", b"\x00\x01\x00\x01q\x00\x04\x00\x00\x00\x05"]),
            v19.set_keyspace(ks),
            q("SELECT id, m FROM t"),
        ]
        return out

    @scenario("rel_filtered", "19", "index", keyspace_reset="cv_r_filtered")
    def _filtered():
        """3.x's index clauses and row filters of a Standard CF (found by ordinary19.py): each
        partition answered as 3.x built it of the predicate's columns (a reversed read reversed
        back, taken as ascending, searched as a B-tree leaf): the indexed column looked up
        there, only the fetched rows (declared columns selected, the column named value) where
        the predicate left it out, every other expression tested on its column's row there,
        the slice's count last; a dense CF's reversed filter answers ascending"""
        ks = "cv_r_filtered"
        users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                       column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX),
                                        column_def("birth", "LongType", KEYS_INDEX, "birth_idx"),
                                        column_def("name", "UTF8Type")])
        out = setup(ks, users, cf_def(ks, "Dense", comparator="UTF8Type"))
        rows = [("u1", "CA", 1980), ("u2", "NY", 1975), ("u3", "CA", 1990), ("u4", "CA", 1975),
                ("u5", "TX", 1980)]
        out += [v19.batch_mutate({k: {"Users": [
            ins("state", s, 1), ins("birth", long_(y), 1), ins("name", k.upper(), 1),
            ins("a", "dyn", 1), ins("value", "vv", 1), ins("zz", "z", 1)]} for k, s, y in rows})]
        out += [v19.batch_mutate({k: {"Dense": [ins("a", "1", 1), ins("b", k, 1),
                                                 ins("c", "3", 1)]} for k in ("d1", "d2", "d3")})]
        ca = [index_expr("state", EQ, "CA")]
        born = [index_expr("birth", GT, long_(1979))]
        dyn = [index_expr("a", EQ, "dyn")]
        for p in (pred(start="", reversed=True), pred(start="", reversed=True, count=2),
                  pred(start="", count=2), pred(start="a", finish="m"),
                  pred(start="m", finish="a", reversed=True), pred(start="c", finish="z"),
                  pred(start="z", finish="c", reversed=True), pred(names=["name"]),
                  pred(names=["a", "zz"]), pred(names=["a", "name", "value"]),
                  pred(names=["state", "a"])):
            out += [v19.get_indexed_slices(cparent("Users"), index_clause(ca), p),
                    v19.get_range_slices(cparent("Users"), p, key_range("", "", row_filter=ca))]
        for p in (pred(start=""), pred(names=["name"]), pred(start="", reversed=True),
                  pred(start="c", finish="z")):
            out += [v19.get_indexed_slices(cparent("Users"), index_clause(ca + born), p),
                    v19.get_range_slices(cparent("Users"), p, key_range("", "", row_filter=born)),
                    v19.get_range_slices(cparent("Users"), p, key_range("", "", row_filter=dyn))]
        for p in (pred(start=""), pred(start="", reversed=True),
                  pred(start="", reversed=True, count=1), pred(names=["a"]),
                  pred(start="b", finish="c"), pred(start="c", finish="b", reversed=True, count=1)):
            for f in ([index_expr("b", EQ, "d2")], [index_expr("a", EQ, "1")]):
                out.append(v19.get_range_slices(cparent("Dense"), p,
                                                key_range("", "", row_filter=f)))
        out += [
            v19.get_indexed_slices(cparent("Users"), index_clause(ca, count=1), pred(names=["a"])),
            v19.get_indexed_slices(cparent("Users"), index_clause(ca, count=1),
                                   pred(start="z", finish="c", reversed=True)),
            v19.remove("u4", cpath("Users"), 0),
            v19.get_indexed_slices(cparent("Users"), index_clause(ca), pred(names=["a"])),
            v19.get_range_slices(cparent("Users"), pred(names=["a"]),
                                 key_range("", "", count=1, row_filter=ca)),
        ]
        return out

    @scenario("rel_stored", "19", "schema", keyspace_reset="cv_r_stored")
    def _stored():
        """3.x's column families as its schema tables gave them back (found by ordinary19.py):
        declared columns in the order of the table's HashMap sized by Guava 18; of a name
        declared twice the first definition with a later one's index; a DateType comes back
        as TimestampType (comparator, composite components, subcomparator, values, keys,
        declared columns), its names in signed order"""
        ks = "cv_r_stored"
        utf8 = lambda names: [column_def(n, "UTF8Type") for n in names]
        out = setup(ks, cf_def(ks, "M3", comparator="UTF8Type", column_metadata=[
            column_def("email", "UTF8Type"), column_def("age", "Int32Type"),
            column_def("id", "LexicalUUIDType")]))
        for n in range(1, 11):
            out.append(v19.system_add_column_family(cf_def(
                ks, "C%d" % n, comparator="UTF8Type",
                column_metadata=utf8(["c%02d" % i for i in range(n)] + ["x%d" % n]))))
        out += [
            v19.system_add_column_family(cf_def(ks, "Dup", comparator="UTF8Type", column_metadata=[
                column_def("a", "UTF8Type"), column_def("a", "LongType"),
                column_def("b", "LongType"), column_def("b", "UTF8Type", KEYS_INDEX)])),
            v19.system_add_column_family(cf_def(ks, "Dup2", comparator="UTF8Type",
                                                column_metadata=[column_def("a", "UTF8Type"),
                                                                 column_def("a", "NoSuchType")])),
            v19.system_add_column_family(cf_def(ks, "Dt", comparator="DateType",
                                                default_validation="DateType",
                                                key_validation="DateType", column_metadata=[
                                                    column_def(long_(5), "DateType")])),
            v19.system_add_column_family(cf_def(ks, "DtS", column_type="Super",
                                                comparator="DateType", subcomparator="DateType")),
            v19.system_add_column_family(cf_def(ks, "DtC",
                                                comparator="CompositeType(DateType,UTF8Type)")),
            v19.system_add_column_family(cf_def(ks, "DtR", comparator="ReversedType(DateType)")),
            describe_ks(ks),
            v19.insert(long_(1), cparent("Dt"), column(long_(-1000), long_(-5), 1)),
            v19.insert(long_(1), cparent("Dt"), column(long_(1000), long_(5), 1)),
            v19.insert(long_(1), cparent("Dt"), column(long_(0), long_(0), 1)),
            v19.get_slice(long_(1), cparent("Dt"), pred(start="")),
            v19.get_slice(long_(1), cparent("Dt"), pred(start=long_(-5), finish=long_(5))),
            v19.system_update_column_family(cf_def(ks, "M3", comparator="UTF8Type",
                                                   column_metadata=[
                                                       column_def("email", "UTF8Type"),
                                                       column_def("age", "LongType")])),
            describe_ks(ks),
        ]
        return out

    @scenario("rel_pagedwrap", "19", "range", keyspace_reset="cv_r_pagedwrap")
    def _pagedwrap():
        """3.x's get_paged_slice by a token range that wraps (found by ordinary19.py): its
        paging range asserted it did not, which closed the connection (an end at the minimum
        token does not wrap); a row filter refused first"""
        ks = "cv_r_pagedwrap"
        out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"))
        out += [v19.batch_mutate({"k%02d" % i: {"R": [ins("a", "v", 1)]} for i in range(6)})]
        lo, hi = str(-2 ** 63), str(2 ** 63 - 1)
        for start, end in (("0", "0"), ("100", "0"), ("0", "100"), (lo, lo), ("100", lo),
                           (lo, "0"), ("5", "-5"), (hi, lo), (hi, hi), (lo, hi)):
            out += [v19.get_paged_slice("R", key_range(start_token=start, end_token=end,
                                                        count=3), ""),
                    v19.set_keyspace(ks)]
        out += [
            v19.get_paged_slice("R", key_range(start_token="0", end_token="0", count=3,
                                               row_filter=[index_expr("a", EQ, "v")]), ""),
            v19.get_paged_slice("R", key_range(start_key="k01", end_token="0", count=3), ""),
            v19.get_paged_slice("R", key_range(start_token="0", end_token="0", count=0), ""),
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token="0", end_token="0", count=3)),
        ]
        return out

    @scenario("rel_cqlnames", "19", "cql3", keyspace_reset="cv_r_cqlnames")
    def _cqlnames():
        """An unknown column in CQL 3 (found by ordinary19.py): 3.0 named it by where it stood
        (selection, where clause, identifier, IF conditions, ORDER BY), 3.11 as Undefined
        column name X, quoted as CQL would write it; 3.11 asks a SELECT slicing a partition key
        for ALLOW FILTERING (a prepared SELECT naming an unknown column is refused when
        prepared, which the engine does only when it runs: not sent)"""
        ks = "cv_r_cqlnames"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE u (id text PRIMARY KEY, n int)"),
            q("CREATE TABLE tl (user text, at int, body text, PRIMARY KEY (user, at))"),
            q("SELECT nope FROM u"), q('SELECT "Nope" FROM u'), q('SELECT "select" FROM u'),
            q("SELECT id, nope2 FROM u"), q("SELECT id FROM u WHERE nope = 1"),
            q("INSERT INTO u (id, nope) VALUES ('a', 1)"),
            q("UPDATE u SET nope = 1 WHERE id = 'a'"), q("DELETE nope FROM u WHERE id = 'a'"),
            q("SELECT * FROM tl WHERE user = 'a' ORDER BY nope DESC"),
            q("UPDATE u SET n = 1 WHERE id = 'a' IF nope = 2"),
            v19.prepare_cql3_query("UPDATE u SET nope = ? WHERE id = ?"),
            q("SELECT * FROM tl WHERE user > 'a'"), q("SELECT * FROM tl WHERE user <= 'a'"),
            q("SELECT * FROM tl WHERE user > 'a' AND at = 1"),
            q("SELECT * FROM tl WHERE token(user) > 0"),
            q("UPDATE tl SET body = 'x' WHERE user > 'a' AND at = 1"),
            q("DELETE FROM tl WHERE user > 'a' AND at = 1"),
        ]
        return out

    @scenario("rel_cfdefs3x", "19", "schema", keyspace_reset="cv_r_cfdefs3x")
    def _cfdefs3x():
        """3.x's caching, compaction and read levels of Thrift use (found by difftest.py
        --app): caching and cells per row become one caching parameter (ALL with 0 cells is
        KEYS_ONLY, a row cache without cells 100); the thresholds go into the strategy's
        options unless Leveled (described 4 and 32); options a strategy does not understand,
        thresholds of 0, below 2 or crossed are refused; EACH_QUORUM reads are served (the
        engine's schema knows only 1.2's strategies: DateTiered and TimeWindow not sent)"""
        ks = "cv_r_cfdefs3x"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        i = [0]

        def add(fields):
            i[0] += 1
            return v19.system_add_column_family(cf_def(ks, "C%d" % i[0], comparator="UTF8Type",
                                                       extra=fields))
        opts = lambda **kv: W.map_("bin", "bin", [(b(k), b(v)) for k, v in kv.items()])
        out += [
            add({34: b("all")}),
            add({34: b("ALL"), 44: b("0")}),
            add({34: b("ROWS_ONLY"), 44: b("ALL")}),
            add({34: b("KEYS_ONLY"), 44: b("10")}),
            add({44: b("10")}),
            add({34: b("ALL"), 44: b("20")}),
            add({30: opts(sstable_size_in_mb="10")}),
            add({29: b("LeveledCompactionStrategy"), 30: opts(sstable_size_in_mb="10"),
                   17: W.i32(8), 18: W.i32(16)}),
            add({29: b("org.apache.cassandra.db.compaction.LeveledCompactionStrategy")}),
            add({18: W.i32(0)}),
            add({17: W.i32(1)}),
            add({17: W.i32(8), 18: W.i32(6)}),
            add({17: W.i32(2), 30: opts(min_threshold="6")}),
            add({30: opts(min_threshold="x")}),
            add({30: opts(bucket_low="0.4", tombstone_threshold="0.3", enabled="true")}),
            add({30: opts(zzz="1", aaa="2")}),
            describe_ks(ks),
            v19.system_update_column_family(cf_def(ks, "C1", comparator="UTF8Type",
                                                   extra={34: b("ALL"), 44: b("0")})),
            v19.system_update_column_family(cf_def(ks, "C2", comparator="UTF8Type",
                                                   extra={18: W.i32(0)})),
            describe_ks(ks),
            v19.insert("k", cparent("Std"), column("a", "v", 1)),
            v19.get("k", cpath("Std", col="a"), cl=4),
            v19.get_slice("k", cparent("Std"), pred(start=""), cl=4),
            v19.get_range_slices(cparent("Std"), pred(start=""), key_range("", ""), cl=4),
            v19.get_count("k", cparent("Std"), pred(start=""), cl=4),
        ]
        return out


if R >= (2, 1):
    @scenario("rel_cqlversions", "19", "cql3", keyspace_reset="cv_r_cqlversions")
    def _cqlversions():
        """set_cql_version with versions no release had, a malformed one and an empty one: 2.1
        refuses them (ClientState.setCQLVersion); from 2.2 the call does nothing
        (CassandraServer.set_cql_version is empty), and CQL 3 runs on after it
        (found by ordinary19d)"""
        ks = "cv_r_cqlversions"
        q = v19.execute_cql3_query
        return [v19.set_cql_version("9.9.9"), v19.set_cql_version("x"),
                v19.set_cql_version(""), v19.set_cql_version("2.0.0"),
                q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                  "'replication_factor': 1}" % ks),
                v19.set_keyspace(ks),
                q("CREATE TABLE t (k text PRIMARY KEY, v text)"),
                q("INSERT INTO t (k, v) VALUES ('a', 'b')"),
                q("SELECT k, v FROM t")]


@scenario("rel_timeuuidties", "19", "order", keyspace_reset="cv_r_timeuuidties")
def _timeuuidties():
    """TimeUUIDs of one instant ordered by their other bytes as signed values (0xff before 0x01,
    0x80 before 0x7f): TimeUUIDType broke ties with ByteBuffer.compareTo (0.7 to 2.1) and with
    2.2's signed per-byte compare; column names, sub-column names, slice bounds and CQL 3
    clustering (1.2 on) (found by ordinary19c)"""
    ks = "cv_r_timeuuidties"
    out = setup(ks, cf_def(ks, "T", comparator="TimeUUIDType"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="TimeUUIDType"))
    tails = [0x01, 0xff, 0x11, 0x80, 0x7f, 0x00]
    names = [timeuuid(5, node=0x0123456789ab, clock_seq=0)[:8] + bytes([t] * 8) for t in tails]
    names.append(timeuuid(4, node=0xffffffffffff, clock_seq=0x3fff))
    out += [v19.insert("a", cparent("T"), column(n, "v%d" % i, 1)) for i, n in enumerate(names)]
    out += [v19.insert("a", cparent("S", "s"), column(n, "v%d" % i, 1))
            for i, n in enumerate(names)]
    out += [
        v19.get_slice("a", cparent("T"), pred(start="")),
        v19.get_slice("a", cparent("T"), pred(start="", reversed=True)),
        v19.get_slice("a", cparent("T"), pred(start=names[1], finish=names[2])),
        v19.get_slice("a", cparent("T"), pred(start=names[2], finish=names[1], reversed=True,
                                              count=3)),
        v19.get_slice("a", cparent("S", "s"), pred(start="")),
        v19.get_slice("a", cparent("S"), pred(start="")),
    ]
    if R >= (1, 2):
        q = v19.execute_cql3_query
        out += [
            q("CREATE TABLE tl (k text, t timeuuid, v text, PRIMARY KEY (k, t))"),
            q("INSERT INTO tl (k, t, v) VALUES ('a', 00000000-0000-1000-0101-010101010101, 'x')"),
            q("INSERT INTO tl (k, t, v) VALUES ('a', 00000000-0000-1000-ffff-ffffffffffff, 'y')"),
            q("INSERT INTO tl (k, t, v) VALUES ('a', 00000000-0000-1000-8000-000000000000, 'z')"),
            q("SELECT t, v FROM tl WHERE k = 'a'"),
            q("SELECT t, v FROM tl WHERE k = 'a' ORDER BY t DESC"),
            q("SELECT v FROM tl WHERE k = 'a' AND t > 00000000-0000-1000-ffff-ffffffffffff"),
        ]
    return out


if R >= (1, 2):
    @scenario("rel_bindtexts", "19", "cql3", keyspace_reset="cv_r_bindtexts")
    def _bindtexts():
        """A bad bound value as each release refused it (found by ordinary19b.py): the
        validator's text alone, 1.2's types or 2.0's serializers (UUID should be 16 or 0 bytes,
        a decimal's scale, an empty inet taken); a malformed bound collection (1.2 read no
        further than its count, 2.0 refused bytes left over, 2.0's short set said list, an
        element past the end failed from 2.0; 3.x read v3's form); a counter's increment
        checked as a long; a partition key over 64K (2.0's own words), a negative TTL (2.2's
        words), blobAs of bytes of another type; and the same validators on Thrift's names,
        keys, values and index expressions"""
        ks = "cv_r_bindtexts"
        q = v19.execute_cql3_query
        ex = lambda text, vals: v19.execute_prepared_cql3_query(java_hash(ks + text), vals)
        h2 = lambda n: n.to_bytes(2, "big")
        out = setup(ks, cf_def(ks, "Vals", comparator="UTF8Type", column_metadata=[
            column_def("dec", "DecimalType"), column_def("uu", "UUIDType"),
            column_def("tu", "TimeUUIDType"), column_def("lu", "LexicalUUIDType"),
            column_def("ip", "InetAddressType"), column_def("idx", "UUIDType", KEYS_INDEX)]),
            cf_def(ks, "U", comparator="UUIDType", key_validation="UUIDType"))
        out += [
            q("CREATE TABLE t (k text PRIMARY KEY, a ascii, bi bigint, bo boolean, de decimal, "
              "db double, fl float, ip inet, i int, ts timestamp, tu timeuuid, u uuid, "
              "vi varint, l list<int>, s set<text>, m map<text, int>)"),
            q("CREATE TABLE n (k text PRIMARY KEY, c counter)"),
            q("CREATE TABLE pk (k blob PRIMARY KEY, v text)"),
            q("CREATE TABLE pk2 (a blob, b blob, v text, PRIMARY KEY ((a, b)))"),
        ]
        values = [("a", [b"\xff", "\u00e9", b""]), ("bi", [b"\x00" * 4, b""]),
                  ("bo", [b"\x01\x01", b""]), ("de", [b"\x00\x01", b"", b"\x00\x00\x00\x01"]),
                  ("db", [b"\x00" * 7]), ("fl", [b"\x00" * 3]),
                  ("ip", [b"", b"\x01\x02\x03", b"\x00" * 5, bytes(16)]),
                  ("i", [b"\x00" * 5, b""]), ("ts", [b"\x00" * 4]),
                  ("tu", [lexuuid(1), b"\x00" * 15, b"", timeuuid(1)]),
                  ("u", [b"\x00" * 15, b"\x00" * 17, b""]), ("vi", [b""])]
        for col, vals in values:
            text = "INSERT INTO t (k, %s) VALUES (?, ?)" % col
            out.append(v19.prepare_cql3_query(text))
            out += [ex(text, ["%s%d" % (col, n), v]) for n, v in enumerate(vals)]
        out += [q("SELECT k, de, ip, tu, u FROM t WHERE k = '%s'" % k)
                for k in ("de0", "de1", "de2", "ip0", "tu2", "u2")]
        coll = "UPDATE t SET l = ?, s = ?, m = ? WHERE k = ?"
        lst = h2(1) + h2(4) + int32(5)
        none = h2(0)
        # (3.x read these as v3's form: most closed the connection, whose next one has
        # the keyspace set again before the last two)
        out += [v19.prepare_cql3_query(coll)] + [ex(coll, v + ["c%d" % n]) for n, v in enumerate([
            [lst, none, none],
            [lst + b"\x00", none, none],
            [lst, none + b"\x01", none],
            [lst, none, none + b"\x00\x00"],
            [h2(2) + h2(4) + int32(5), none, none],
            [lst, b"", none],
            [lst, h2(3) + h2(1) + b"a", none],
            [lst, none, b""],
            [h2(1) + h2(5) + int32(5), none, none],
            [lst, h2(2) + h2(1) + b"\xff" + h2(9), none],
            [lst, none, h2(1) + h2(1) + b"k" + h2(2) + b"\x00\x01"],
        ])]
        out += [v19.set_keyspace(ks)] + [ex(coll, v + ["c%d" % n]) for n, v in [
            (11, [int32(2) + int32(4) + int32(1) + int32(4) + int32(2), none, none]),
            (12, [int32(1) + int32(4) + int32(5), int32(1) + int32(1) + b"a",
                  int32(1) + int32(1) + b"x" + int32(4) + int32(7)]),
        ]]
        out += [
            v19.set_keyspace(ks),
        ] + [q("SELECT k, l, s, m FROM t WHERE k = 'c%d'" % n) for n in (0, 1, 2, 3, 11, 12)] + [
            q("INSERT INTO t (k, bi) VALUES ('f1', blobAsBigint(0x0001))"),
            q("INSERT INTO t (k, u) VALUES ('f2', blobAsUuid(0x0001))"),
            q("INSERT INTO t (k, de) VALUES ('f3', blobAsDecimal(0x0001))"),
            q("INSERT INTO t (k, a) VALUES ('f4', blobAsAscii(0xff))"),
            q("INSERT INTO t (k, i) VALUES ('f5', blobAsInt(0x00000001))"),
            q("SELECT k, bi, u, de, a, i FROM t WHERE k = 'f3'"),
            q("SELECT k, bi, u, de, a, i FROM t WHERE k = 'f5'"),
        ]
        add = "UPDATE n SET c = c + ? WHERE k = ?"
        sub = "UPDATE n SET c = c - ? WHERE k = ?"
        out += [
            v19.prepare_cql3_query(add),
            ex(add, [int32(3), "a"]),
            ex(add, [b"\x01", "a"]),
            ex(add, [long_(5), "a"]),
            v19.prepare_cql3_query(sub),
            ex(sub, [long_(-(1 << 63)), "a"]),
            ex(sub, [long_(2), "a"]),
            q("SELECT * FROM n"),
            ex(add, [b"", "a"]),
            v19.set_keyspace(ks),
        ]
        ins_pk = "INSERT INTO pk (k, v) VALUES (?, ?)"
        upd_pk = "UPDATE pk SET v = ? WHERE k = ?"
        del_pk = "DELETE FROM pk WHERE k = ?"
        ins_pk2 = "INSERT INTO pk2 (a, b, v) VALUES (?, ?, ?)"
        big = b"\x00" * 65536
        out += [
            v19.prepare_cql3_query(ins_pk), ex(ins_pk, [big, "v"]), ex(ins_pk, [b"", "v"]),
            v19.prepare_cql3_query(upd_pk), ex(upd_pk, ["v", big]),
            v19.prepare_cql3_query(del_pk), ex(del_pk, [big]),
            v19.prepare_cql3_query(ins_pk2),
            ex(ins_pk2, [b"\x01" * 65000, b"\x02" * 600, "v"]),
            ex(ins_pk2, [b"\x01" * 32000, b"\x02" * 33527, "v"]),
            q("SELECT a FROM pk2"),
            q("CREATE TABLE c3 (k text PRIMARY KEY, v text)"),
            q("INSERT INTO c3 (k, v) VALUES ('b', 'b') USING TTL -1"),
            q("UPDATE c3 USING TTL -5 SET v = 'c' WHERE k = 'a'"),
            q("SELECT * FROM c3"),
        ]
        vals = cparent("Vals")
        out += [
            v19.insert("v", vals, column("dec", b"\x00\x01", 1)),
            v19.insert("v", vals, column("dec", b"\x00\x00\x00", 1)),
            v19.insert("v", vals, column("uu", b"\x00" * 15, 1)),
            v19.insert("v", vals, column("tu", b"\x00" * 17, 1)),
            v19.insert("v", vals, column("tu", lexuuid(2), 1)),
            v19.insert("v", vals, column("lu", b"\x00" * 3, 1)),
            v19.insert("v", vals, column("ip", b"", 1)),
            v19.insert("v", vals, column("ip", b"\x01", 1)),
            v19.get_slice("v", vals, pred(start="")),
            v19.insert(lexuuid(3), cparent("U"), column(b"\x00" * 15, "x", 1)),
            v19.insert(b"\x00" * 15, cparent("U"), column(lexuuid(3), "x", 1)),
            v19.get_slice(lexuuid(3), cparent("U"), pred(start=b"\x00" * 3)),
            v19.batch_mutate({lexuuid(3): {"U": [ins(b"\x00" * 14, "x", 1)]}}),
            v19.get_indexed_slices(vals, index_clause([index_expr("idx", EQ, b"\x01")]),
                                   pred(start="")),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_cqlquery", "19", "cql3", keyspace_reset="cv_r_cqlquery")
    def _cqlquery():
        """CQL 3 queries over Thrift as each release prepared, checked and ordered them
        (found by ordinary19b): a prepared BATCH's markers typed ReversedType and named by
        their columns' definitions, token(?)'s argument (arg0(token), 2.2 on
        arg0(system.token)), a collection element's marker (2.1 on a ColumnSpecification,
        3.11 too); the clustering restrictions checked before ALLOW FILTERING, in each
        release's words, an IN on a clustering column that is not the last (refused before
        2.2), 3.x's missing PRIMARY KEY parts; the partitions an IN names (1.2 and 2.0 in the
        IN's order, a key named twice read twice; 2.1 on sorted by the key's type, each
        once), an ORDER BY across them (rows tied on the ordering column in the reverse of
        the partitions' order where the order is reversed, before 3.0); reads at
        EACH_QUORUM (refused 1.2 to 2.2, after the statement's checks) and ANY"""
        ks = "cv_r_cqlquery"
        q = v19.execute_cql3_query
        prep = lambda text: v19.prepare_cql3_query(text).mask("0/1")
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out += [
            q("CREATE TABLE r (k text, c int, d text, v text, PRIMARY KEY (k, c, d)) "
              "WITH CLUSTERING ORDER BY (c DESC, d ASC)"),
            q("CREATE TABLE n (k text PRIMARY KEY, c counter)"),
            q("CREATE TABLE coll (k text PRIMARY KEY, l list<int>, m map<text, int>)"),
            q("CREATE TABLE i (k int, c int, PRIMARY KEY (k, c))"),
            prep("BEGIN BATCH INSERT INTO r (k, c, d, v) VALUES (?, ?, ?, ?); "
                 "DELETE FROM r WHERE k = ? AND c = ? AND d = ?; APPLY BATCH"),
            prep("BEGIN COUNTER BATCH UPDATE n SET c = c + ? WHERE k = ?; "
                 "UPDATE n SET c = c + 1 WHERE k = ?; APPLY BATCH"),
            prep("SELECT * FROM r WHERE token(k) > token(?)"),
            prep("SELECT * FROM r WHERE token(k) <= ?"),
            prep("UPDATE coll SET l[?] = ?, m[?] = ? WHERE k = ?"),
            prep("SELECT * FROM r WHERE k IN (?, ?)"),
            prep("SELECT * FROM r WHERE k = ? AND c = ? AND d IN (?, ?)"),
            prep("SELECT * FROM r WHERE k = ? AND c IN (?, ?)"),
            prep("SELECT * FROM r WHERE d = ?"),
            prep("SELECT * FROM r WHERE k = ? AND d = ?"),
            prep("DELETE FROM r WHERE k = ? AND d = ?"),
            prep("INSERT INTO r (k, c, v) VALUES (?, ?, ?)"),
            prep("INSERT INTO r (c, d, v) VALUES (?, ?, ?)"),
            prep("UPDATE r SET v = ? WHERE k = ? AND d = ?"),
            prep("UPDATE n SET c = c + ? WHERE k > ?"),
            q("SELECT * FROM r WHERE k = 'p' AND c IN (2, 1)"),
        ]
        for k, c, d in [("p", 1, "a"), ("p", 2, "b"), ("q", 1, "a"), ("q", 3, "z"),
                        ("z", 5, "m")]:
            out.append(q("INSERT INTO r (k, c, d, v) VALUES ('%s', %d, '%s', 'v')" % (k, c, d)))
        for k in (10, -1, 2):
            out.append(q("INSERT INTO i (k, c) VALUES (%d, 1)" % k))
        sel = "SELECT k, c FROM r WHERE k IN (?, ?)"
        out += [
            q("SELECT k, c, d FROM r WHERE k IN ('q', 'p') ORDER BY c ASC"),
            q("SELECT k, c, d FROM r WHERE k IN ('q', 'p') ORDER BY c DESC"),
            q("SELECT k, c, d FROM r WHERE k IN ('p', 'q', 'p') ORDER BY c ASC"),
            q("SELECT k, c, d FROM r WHERE k IN ('z', 'q', 'p', 'z')"),
            q("SELECT k, c, d FROM r WHERE k IN ('z', 'q', 'p') LIMIT 2"),
            q("SELECT COUNT(*) FROM r WHERE k IN ('p', 'p')"),
            q("SELECT k, c, d FROM r WHERE k = 'q' AND c = 3 AND d IN ('z', 'a')"),
            q("SELECT k FROM i WHERE k IN (10, -1, 2)"),
            prep(sel),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), ["q", "p"]),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), ["q", "p"], cl=4),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), ["q"], cl=4),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), ["q", "p"], cl=6),
            q("SELECT k, c FROM r WHERE k = 'p'", cl=4),
            q("SELECT k, c FROM nope WHERE k = 'p'", cl=4),
            q("SELECT k, c FROM r WHERE d = 'p'", cl=4),
            q("SELECT k, c FROM r WHERE k = 'p'", cl=6),
        ]
        return out


if R < (0, 8):
    @scenario("rel_splits07", "19", "describe", keyspace_reset="cv_r_splits07")
    def _splits07():
        """describe_splits on 0.7 (found by ordinary19o's split reader): tokens read back as
        given; a token RandomPartitioner could not read (BigInteger's NumberFormatException),
        a keys_per_split of 0 and a column family the keyspace lacked failed on the server and
        the connection closed"""
        ks = "cv_r_splits07"
        out = setup(ks, cf_def(ks, "W", comparator="UTF8Type"))
        out += [v19.insert("k%02d" % i, cparent("W"), column("c", "v", 1)) for i in range(40)]
        out += [v19.describe_splits("W", "0", "0", 128),
                v19.describe_splits("W", "0", "100", 1),
                v19.describe_splits("W", "abc", "100", 8), v19.set_keyspace(ks),
                v19.describe_splits("W", "0", "-5", 8), v19.set_keyspace(ks),
                v19.describe_splits("W", "0", "100", 0), v19.set_keyspace(ks),
                v19.describe_splits("Nope", "0", "100", 8), v19.set_keyspace(ks),
                v19.describe_splits("W", "0", "85070591730234615865843651857942052864", 8)]
        return out


if R >= (0, 8):
    @scenario("rel_splitsest", "19", "describe", keyspace_reset="cv_r_splitsest")
    def _splitsest():
        """describe_splits(_ex) of a node that has not flushed (found by difftest.py --cases
        ordinary19b): StorageService.getSplits sampled only SSTables' index summaries, so the
        range is one split, 1.1 on estimated at (samples + 1) x index_interval = 128 rows (2.1
        on: at least min_index_interval); a keys_per_split of 0 divided by zero, a token the
        partitioner could not read and a keyspace dropped under the session failed on the
        server (0.8 and 1.0: an internal error; 1.1 on: the connection closed); a negative
        keys_per_split was taken; tokens printed back as the release read them"""
        ks = "cv_r_splitsest"
        out = setup(ks, cf_def(ks, "E", comparator="UTF8Type"),
                    cf_def(ks, "W", comparator="UTF8Type"))
        out += [v19.insert("k%02d" % i, cparent("W"), column("c", "v", 1)) for i in range(40)]
        full = "-9223372036854775808" if R >= (1, 2) else "0"

        def again():  # after a call the release failed on the server
            return v19.set_keyspace(ks)
        for cf in ["E", "W"]:
            out += [v19.describe_splits(cf, full, full, 65536),
                    v19.describe_splits(cf, "0", "100", 1),
                    v19.describe_splits(cf, "100", "0", 10),
                    v19.describe_splits(cf, "0", "007", -5),
                    v19.describe_splits(cf, "0", "100", 0), again(),
                    v19.describe_splits(cf, "x", "0", 10), again()]
            if R >= (1, 1):
                ex = "describe_splits_ex"
                out += [raw(ex, {1: b(cf), 2: b(full), 3: b(full), 4: W.i32(65536)}),
                        raw(ex, {1: b(cf), 2: b("0"), 3: b("100"), 4: W.i32(1)}),
                        raw(ex, {1: b(cf), 2: b("+5"), 3: b("-3"), 4: W.i32(-5)}),
                        raw(ex, {1: b(cf), 2: b("-100"), 3: b("100"), 4: W.i32(0)}), again(),
                        raw(ex, {1: b(cf), 2: b("0"), 3: b("y"), 4: W.i32(10)}), again()]
        out += [v19.system_add_keyspace(ks_def(ks + "_gone", [cf_def(ks + "_gone", "G")])),
                v19.set_keyspace(ks + "_gone"),
                v19.system_drop_keyspace(ks + "_gone"),
                v19.describe_splits("G", full, full, 128), again(),
                v19.describe_splits("Nope", full, full, 128)]
        return out


if R >= (0, 8):
    @scenario("rel_cfdefchecks", "19", "schema", keyspace_reset="cv_r_cfdefchecks")
    def _cfdefchecks():
        """a CfDef's parameters as each release judged them (found by difftest.py --cases
        ordinary19b): an update changing Standard to Super or back (1.2: types do not match.;
        2.0 on failed on the server, the connection closed); a caching word the release did
        not know (2.1 and 2.2 read it as JSON: the connection closed on one that was not;
        3.x: Invalid value X for caching parameter); 3.x's words for chances, TTLs, grace,
        index intervals and compression (TableParams.validate, CompressionParams.fromMap),
        and the crc_check_chance 3.x dropped from the compression options"""
        ks = "cv_r_cfdefchecks"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))

        def again():  # after a call the release failed on the server
            return v19.set_keyspace(ks)

        def add(name, fields):
            return v19.system_add_column_family(cf_def(ks, name, extra=fields))
        d = W.double
        out += [v19.system_update_column_family(cf_def(ks, "Std", column_type="Super",
                                                       comparator="UTF8Type")), again(),
                v19.system_update_column_family(cf_def(ks, "Sup", column_type="Standard",
                                                       comparator="UTF8Type")), again(),
                describe_ks(ks)]
        if R >= (1, 1):
            out += [add("C1", {34: b("sometimes")}), again(),
                    add("C2", {34: b("")}), again(),
                    add("C3", {34: b("rows_only")}), again()]
        if R >= (2, 1):
            out += [add("C4", {34: b('{"keys":"ALL","rows_per_partition":"10"}')}), again(),
                    add("C5", {34: b('{"keys":"SOME"}')}), again(),
                    add("C6", {34: b('{"rows_per_partition":"x"}')}), again(),
                    add("C7", {34: b('{"other":"1"}')}), again(),
                    add("C8", {34: b('{"keys":1}')}), again(),
                    add("C9", {34: b("ALL"), 44: b("x")}), again(),
                    add("C10", {34: b("ROWS_ONLY"), 44: b("7")}), again()]
        out += [add("P1", {33: d(1.5)}), again(),
                add("P2", {12: d(2.0)}), again(),
                add("P3", {12: d(-0.1)}), again(),
                add("P4", {14: W.i32(-1)}), again()]
        if R >= (1, 2):
            out += [add("P5", {37: d(1.1)}), again()]
        if R >= (2, 0):
            out += [add("P6", {40: W.i32(-1)}), again(),
                    add("P7", {39: W.i32(-1)}), again()]
        if R >= (2, 1):
            out += [add("P8", {45: W.i32(0)}), again(),
                    add("P9", {45: W.i32(256), 46: W.i32(64)}), again()]
        if R >= (1, 0):
            comp = lambda *kv: W.map_("bin", "bin", [(b(k), b(v)) for k, v in kv])
            out += [add("Z1", {32: comp(("chunk_length_kb", "64"))}), again(),
                    add("Z2", {32: comp(("sstable_compression", "SnappyCompressor"),
                                          ("chunk_length_kb", "3"))}), again(),
                    add("Z3", {32: comp(("sstable_compression", "SnappyCompressor"),
                                          ("chunk_length_kb", "0"))}), again(),
                    add("Z4", {32: comp(("sstable_compression", "SnappyCompressor"),
                                          ("chunk_length_kb", "x"))}), again(),
                    add("Z5", {32: comp(("sstable_compression", "SnappyCompressor"),
                                          ("crc_check_chance", "0.5"))}), again()]
        out += [describe_ks(ks)]
        return out


@scenario("rel_indexneg", "19", "index", keyspace_reset="cv_r_indexneg")
def _indexneg():
    """get_indexed_slices of a negative count (found by difftest.py --cases ordinary19b):
    0.7 to 1.0's StorageProxy.scan sized its row list by it, 1.1 to 2.2 cut the rows read to
    it (subList): it failed on the server (0.7 to 1.0: an internal error; 1.1 to 2.2: the
    connection closed); 3.0 answered the rows"""
    ks = "cv_r_indexneg"
    out = setup(ks, cf_def(ks, "P", comparator="UTF8Type",
                           column_metadata=[column_def("team", M + "UTF8Type", KEYS_INDEX)]))
    out += [v19.insert("p%d" % i, cparent("P"), column("team", "red", 1)) for i in range(3)]
    for count in [-1, 0, -5, 2]:
        out += [v19.get_indexed_slices(cparent("P"),
                                       index_clause([index_expr("team", EQ, "red")], count=count),
                                       pred(start="")),
                v19.set_keyspace(ks)]
    return out


if R < (1, 2):
    @scenario("rel_hugecounts", "19", "index", keyspace_reset="cv_r_hugecounts")
    def _hugecounts():
        """get_indexed_slices and get_range_slices of a count of Integer.MAX_VALUE (Kundera's
        queries, found by ordinary19o) or of one whose row list the heap cannot hold: 0.7 to
        1.0's StorageProxy sized its list of rows by the count (new ArrayList<Row>(count)), and
        the OutOfMemoryError failed the call (an internal error); 1.1 answered the rows"""
        ks = "cv_r_hugecounts"
        out = setup(ks, cf_def(ks, "P", comparator="UTF8Type",
                               column_metadata=[column_def("team", M + "UTF8Type", KEYS_INDEX)]))
        out += [v19.insert("p%d" % i, cparent("P"), column("team", "red", 1)) for i in range(3)]
        for count in [2147483647, 2147483645, 1000000000, 300000000, 20000000, 100]:
            out += [v19.get_indexed_slices(cparent("P"), index_clause(
                        [index_expr("team", EQ, "red")], count=count), pred(start="")),
                    v19.get_range_slices(cparent("P"), pred(start=""),
                                         key_range(start_key="", end_key="", count=count))]
        return out


if R < (1, 2):
    @scenario("rel_oldcfchecks", "19", "schema", keyspace_reset="cv_r_oldcfchecks")
    def _oldcfchecks():
        """A schema tool's CfDefs on 0.7 to 1.1 (found by ordinary19o): 0.8 refused memtable
        thresholds not above 0 only in a CfDef sending column_metadata (validateCfDef returned
        early without) and in any update (CFMetaData.apply); 1.0 failed an update naming a
        row cache provider or compaction strategy it could not load on the server
        (fromThrift's exception wrapped unchecked); 0.7 to 1.0 said "index_name cannot be set
        without index_type" (an index type their IDL lacked read as none); 1.0 and 1.1 failed a
        CUSTOM index whose class they could not load on the server (1.0: internal error, 1.1:
        the connection closed), the schema unchanged"""
        ks = "cv_r_oldcfchecks"

        def cfd(name, meta=None, **extra):
            f = {int(k[1:]): v for k, v in extra.items()}
            return cf_def(ks, name, comparator="UTF8Type", column_metadata=meta, extra=f)
        meta = [column_def("email", M + "UTF8Type")]
        out = setup(ks, cfd("A"))   # the first column family of a fresh node: id 1000
        out += [v19.system_add_column_family(cfd("B", f22=W.i32(0))),
                v19.system_add_column_family(cfd("C", meta, f22=W.i32(0))),
                v19.system_add_column_family(cfd("D", meta, f23=W.double(0))),
                v19.system_update_column_family(cfd("A", f16=W.i32(1000), f21=W.i32(0))),
                v19.system_update_column_family(cfd("A", meta, f16=W.i32(1000),
                                                    f22=W.i32(-1))),
                v19.system_update_column_family(cfd("A", f16=W.i32(1000), f22=W.i32(64))),
                v19.describe_keyspace(ks)]
        if R >= (0, 8):
            out += [v19.system_update_column_family(cfd("A", f16=W.i32(1000),
                                                        f27=b("com.example.NoCache"))),
                    v19.system_update_column_family(cfd("A", f16=W.i32(7),
                                                        f27=b("com.example.NoCache"))),
                    v19.system_add_column_family(cfd("E", f27=b("com.example.NoCache")))]
        if R >= (1, 0):
            out += [v19.system_update_column_family(cfd("A", f16=W.i32(1000),
                                                        f29=b("NoSuchStrategy"))),
                    v19.system_add_column_family(cfd("F", f29=b("NoSuchStrategy")))]
        out += [v19.set_keyspace(ks),
                v19.system_add_column_family(cfd("G", [W.struct({
                    1: b("tag"), 2: b(M + "UTF8Type"), 4: b("tag_idx")})])),
                v19.system_add_column_family(cfd("H", [W.struct({
                    1: b("tag"), 2: b(M + "UTF8Type"), 3: W.i32(1), 4: b("tag_idx"),
                    5: W.map_("bin", "bin", [(b("class_name"), b("org.example.Idx"))])})])),
                v19.set_keyspace(ks),
                v19.system_update_column_family(cfd("A", [W.struct({
                    1: b("tag"), 2: b(M + "UTF8Type"), 3: W.i32(1), 4: b("tag_idx"),
                    5: W.map_("bin", "bin", [(b("class_name"), b("org.example.Idx"))])})],
                    f16=W.i32(1000))),
                v19.set_keyspace(ks),
                v19.describe_keyspace(ks)]
        return out


# ------------------------------------------------------------------------------ CUSTOM index classes on 1.2 to 2.2 (found by ordinary19zz)
if (1, 2) <= R < (3, 0):
    @scenario("rel_customindexclass", "19", "schema", keyspace_reset="cv_r_customindexclass")
    def _customindexclass():
        """1.2 to 2.2's CFMetaData.validate made each index it declared
        (SecondaryIndex.createInstance), rethrowing Class.forName's failure unchecked: a CfDef
        added or updated with a CUSTOM index of a class the node could not load closed the
        connection, the schema unchanged; one without its class_name option was refused in
        words first"""
        ks = "cv_r_customindexclass"

        def cfd(name, meta=None):
            return cf_def(ks, name, comparator="UTF8Type", column_metadata=meta)

        def custom(options):
            return [column_def("email", M + "UTF8Type"), W.struct({
                1: b("tag"), 2: b(M + "UTF8Type"), 3: W.i32(1), 4: b("tag_idx"),
                5: None if options is None else W.map_("bin", "bin", [
                    (b(k), b(v)) for k, v in options.items()])})]
        out = setup(ks, cfd("A", [column_def("email", M + "UTF8Type")]))
        out += [v19.system_add_column_family(cfd("B", custom({"class_name": "org.example.Idx"}))),
                v19.set_keyspace(ks),
                v19.system_update_column_family(cfd("A", custom({"class_name": "org.example.Idx"}))),
                v19.set_keyspace(ks),
                v19.system_add_column_family(cfd("C", custom(None))),
                v19.system_update_column_family(cfd("A", custom({"other": "x"}))),
                v19.describe_keyspace(ks)]
        return out


# ------------------------------------------------------------------------------ dropping a column family of no name (found by ordinary19zz)
if R >= (1, 2):
    @scenario("rel_dropemptycf", "19", "schema", keyspace_reset="cv_r_dropemptycf")
    def _dropemptycf():
        """system_drop_column_family of the empty name: 1.2.9 looked it up and answered as for
        any unknown family (`Cannot drop non existing column family '' in keyspace ...`); from
        1.2.19 hasColumnFamilyAccess validated the name first (`non-empty columnfamily is
        required`, 2.2 on `table`), an unknown one `unconfigured columnfamily X`"""
        ks = "cv_r_dropemptycf"
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [v19.system_drop_column_family(""), v19.system_drop_column_family("Nope"),
                v19.system_drop_column_family("a"), v19.system_drop_column_family("A"),
                v19.system_drop_column_family("A"), v19.system_drop_column_family(""),
                v19.describe_keyspace(ks)]
        return out


# ------------------------------------------------------------------------------ cas commit levels (found by ordinary19zz)
if R >= (2, 0):
    @scenario("rel_cascommitwait", "19", "write", keyspace_reset="cv_r_cascommitwait")
    def _cascommitwait():
        """cas's commit level as StorageProxy.commitPaxos met it: validateForCasCommit refused
        only SERIAL and LOCAL_SERIAL and asked NetworkTopologyStrategy of EACH_QUORUM only
        (LOCAL_QUORUM taken on SimpleStrategy); no live-replica check came before the commit,
        which was sent and applied, then waited for: a level one node cannot meet (TWO,
        THREE) timed out acknowledged by one, the update in; a condition not met committed
        nothing and waited for nothing; empty updates were committed and waited for too"""
        ks = "cv_r_cascommitwait"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"))

        def cas(key, expected, updates, commit):
            return raw("cas", {1: b(key), 2: b("T"), 3: W.list_("struct", expected),
                               4: W.list_("struct", updates), 5: W.i32(9),
                               6: W.i32(commit)}).mask("0/2/*/3")
        v = column("v", "1", 1)
        out += [cas("a", [], [v], 7),          # TWO
                v19.get_slice("a", cparent("T"), pred(start="")).mask("0/*/1/3"),
                cas("b", [], [v], 8),          # THREE
                cas("c", [], [v], LOCAL_QUORUM),
                cas("d", [], [v], 4),          # EACH_QUORUM
                cas("e", [], [v], ALL),
                cas("a", [column("v", "2", 1)], [v], 7),
                cas("f", [], [], 7),
                cas("a", [column("v", "1", 1)], [column("v", "3", 2)], ANY),
                v19.multiget_count(["a", "b", "c", "d", "e", "f"], cparent("T"), pred(start="")),
                v19.get_slice("a", cparent("T"), pred(start="")).mask("0/*/1/3")]
        return out


# ------------------------------------------------------------------------------ get_multi_slice counts and its slice list (found by ordinary19zz)
if R >= (2, 1):
    @scenario("rel_multislicecount", "19", "read", keyspace_reset="cv_r_multislicecount")
    def _multislicecount():
        """get_multi_slice never checked its count: a negative one made 2.1 and 2.2's slice
        filter done before its first column (an empty row) and failed 3.x's read on the
        server once the slices were checked (the connection closed; no slices, no read); and it read its slice
        list's size first thing after the level: a request without the list failed on the
        server (the connection closed)"""
        ks = "cv_r_multislicecount"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"))
        out += [v19.batch_mutate({"k": {"T": [ins(c, "v", 1) for c in "abcde"]}})]

        def multi(count, slices=(("a", "c"), ("d", "")), reversed=False):
            f = {1: b("k"), 2: cparent("T"), 4: W.boolean(reversed), 5: W.i32(count),
                 3: None if slices is None else W.list_("struct", [
                     W.struct({1: b(x), 2: b(y)}) for x, y in slices])}
            return raw("get_multi_slice", {1: W.struct(f)})
        again = v19.set_keyspace(ks)   # after a call that may close the connection
        out += [multi(0), multi(2), multi(3, ()), multi(1, (("c", "a"),)),
                multi(-1), again, multi(-5, (("e", "a"),), True), again, multi(-1, ()), again,
                multi(-1, (("c", "a"),)), again, multi(2, None), again, multi(-1, None)]
        return out


if R >= (1, 1):
    @scenario("rel_keepbloom", "19", "schema", keyspace_reset="cv_r_keepbloom")
    def _bloomkeep():
        """an update that sends no bloom_filter_fp_chance (found by difftest.py --cases
        ordinary19b): 1.2 and 2.0 kept the column family's, their schema row's tombstone of an
        unset chance naming a column "bloomFilterFpChance" the table did not have; the others
        took the update's (none)"""
        ks = "cv_r_keepbloom"
        out = setup(ks, cf_def(ks, "B", comparator="UTF8Type", extra={33: W.double(0.1)}))
        out += [v19.system_update_column_family(cf_def(ks, "B", comparator="UTF8Type",
                                                       extra={33: W.double(0.05)})),
                describe_ks(ks),
                v19.system_update_column_family(cf_def(ks, "B", comparator="UTF8Type",
                                                       comment="no chance")),
                describe_ks(ks)]
        return out


if (1, 0) <= R < (1, 2):
    @scenario("rel_updatekeep", "19", "schema", keyspace_reset="cv_r_alterkeep")
    def _alterkeep():
        """pycassa-style updates of a column family (found by difftest.py --app): an update
        without bloom_filter_fp_chance kept the chance (1.0's CFMetaData.apply copied only a
        set one; 1.1's schema row tombstone named "bloomFilterFpChance"); a LongType
        comparator over a declared 4-byte name: 1.1's fromThrift read it with getString
        before comparing index names, 1.0's addDefaultIndexNames failed on the server for an
        unnamed index; 1.0 looked the column family up before validating the CfDef"""
        ks = "cv_r_alterkeep"

        def upd(comparator="UTF8Type", cols=None, name="A", extra=None):
            return v19.system_update_column_family(cf_def(
                ks, name, column_type="Standard", comparator=comparator, column_metadata=cols,
                extra={16: W.i32(1000), **(extra or {})}))

        rank = column_def("rank", M + "LongType", KEYS_INDEX)
        named = column_def("rank", M + "LongType", KEYS_INDEX, "a_r")
        out = setup(ks, cf_def(ks, "A", column_type="Standard", comparator="UTF8Type",
                               extra={33: W.double(0.001)}))
        out += [upd(extra={8: b("altered")}), describe_ks(ks),
                upd(cols=[rank, column_def("city", M + "UTF8Type")]), describe_ks(ks),
                upd(comparator="LongType", cols=[named]),
                upd(comparator="LongType", cols=[rank]),
                upd(name="Nope", extra={17: W.i32(0)}),
                describe_ks(ks)]
        return out


@scenario("rel_removedefault", "19", "remove", keyspace_reset="cv_r_removedefault")
def _removedefault():
    """remove without its consistency level: the IDL's `4: ConsistencyLevel consistency_level =
    ONE` carries no `required`, so Java's args struct held ONE and the column is removed, on a
    column, a super column's sub-column and a whole row (found by ordinary19d)"""
    ks = "cv_r_removedefault"
    out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    out += [
        v19.insert("k", cparent("T"), column("a", "1", 1)),
        v19.insert("k", cparent("T"), column("b", "2", 1)),
        v19.insert("k", cparent("S", "s"), column("c", "3", 1)),
        v19.insert("r", cparent("T"), column("z", "4", 1)),
        v19.remove("k", cpath("T", col="a"), 2, cl=None),
        v19.remove("k", cpath("S", "s", "c"), 2, cl=None),
        v19.remove("r", cpath("T"), 2, cl=None),
        v19.get_slice("k", cparent("T"), pred(start="")),
        v19.get_slice("k", cparent("S"), pred(start="")),
        v19.get_slice("r", cparent("T"), pred(start="")),
    ]
    return out


if R >= (2, 0):
    @scenario("rel_prefixend", "19", "order", keyspace_reset="cv_r_prefixend")
    def _prefixend():
        """A slice ending at a prefix of a composite comparator's components with
        end-of-component 0 (found by ordinary19b.py): 2.x stopped before the prefix's names;
        3.x's LegacyLayout read it as the prefix plus an empty component, exclusive, and a
        ReversedType (from 2.1) sorted that empty value after the others, so under a reversed
        next component it took in every name of the prefix. Reversed slices, counts,
        multigets and range reads too; a plain next component as before"""
        ks = "cv_r_prefixend"

        def comp(*parts, eoc=0):
            out = b""
            for i, p in enumerate(parts):
                p = p.encode() if isinstance(p, str) else p
                out += len(p).to_bytes(2, "big") + p + bytes([eoc & 0xff if i == len(parts) - 1
                                                              else 0])
            return out

        uuid = lambda n: bytes(15) + bytes([n])
        out = setup(ks, cf_def(ks, "Rev", comparator="CompositeType(UTF8Type,ReversedType("
                                                     "LongType),UUIDType)"),
                    cf_def(ks, "Plain", comparator="CompositeType(UTF8Type,LongType,UUIDType)"))
        rows = [("a", 1, 3), ("a", 5, 1), ("b", 0, 2), ("a", 5, 0), ("c", 2, 4), ("b", 7, 5)]
        for cf in ("Rev", "Plain"):
            out += [v19.insert("r", cparent(cf), column(comp(t, long_(n), uuid(u)), "v", 1))
                    for t, n, u in rows]
            out += [v19.insert("s", cparent(cf), column(comp("b", long_(1), uuid(1)), "v", 1))]
            slices = [
                pred(start=comp("a", long_(3)), finish=comp("b")),
                pred(start="", finish=comp("b")),
                pred(start="", finish=comp("b", eoc=-1)),
                pred(start="", finish=comp("b", eoc=1)),
                pred(start="", finish=comp("a", long_(5))),
                pred(start=comp("b"), finish="", reversed=True),
                pred(start=comp("b"), finish=comp("a"), reversed=True),
                pred(start=comp("c"), finish=comp("a", long_(5)), reversed=True, count=3),
                pred(start=comp("b"), finish=comp("c")),
            ]
            for p in slices:
                out += [v19.get_slice("r", cparent(cf), p),
                        v19.get_count("r", cparent(cf), p)]
            out += [v19.multiget_slice(["r", "s"], cparent(cf), slices[1]),
                    v19.multiget_count(["r", "s"], cparent(cf), slices[1]),
                    v19.get_range_slices(cparent(cf), slices[1], key_range("", "", count=10))]
        return out


if R >= (1, 2):
    @scenario("rel_superpaged", "19", "read", keyspace_reset="cv_r_superpaged")
    def _superpaged():
        """get_paged_slice of a Super column family (found by ordinary19d): 2.0 to 2.2 count
        sub-columns (the paging filter was made anew without the grouping by super column), the
        super column the count runs out in cut to the sub-columns read; 1.2 and 3.x count super
        columns"""
        ks = "cv_r_superpaged"
        out = setup(ks, cf_def(ks, "P", column_type="Super", comparator="UTF8Type",
                               subcomparator="UTF8Type"),
                    cf_def(ks, "A", comparator="UTF8Type"))
        rows = {"blog1": {"1": "bt", "3": "bt", "4": "t"}, "blog2": {"7": "t"},
                "blog3": {"2": "abc", "5": "a"}}
        for key, scs in rows.items():
            out += [v19.insert(key, cparent("A"), column(n, "v", 1)) for n in scs]
        for key, scs in rows.items():
            out += [v19.batch_mutate({key: {"P": [
                mutation(cosc(super_column=super_column(n, [column(c, "v", 1) for c in subs])))
                for n, subs in scs.items()]}})]
        out += [v19.get_range_slices(cparent("P"), pred(start=""), key_range("", "", count=100))]
        for count in (1, 2, 3, 4, 5, 6, 8, 100):
            out.append(v19.get_paged_slice("P", key_range("", "", count=count), ""))
        out += [v19.get_paged_slice("P", key_range("blog1", "", count=3), "3"),
                v19.get_paged_slice("P", key_range("blog3", "", count=2), ""),
                v19.get_paged_slice("P", key_range(start_token="0", end_token="0", count=4), "")]
        # a range wrapping past the ring's minimum (2.x: two parts, each for the whole count)
        out += [v19.get_paged_slice(cf, key_range(start_token="0", end_token="0", count=c), "")
                for cf in ("P", "A") for c in (1, 2, 3, 5)]
        return out


if R >= (2, 0):
    def _cas(key, cf, expected, updates):
        return raw("cas", {1: b(key), 2: b(cf),
                           3: None if expected is None else W.list_("struct", expected),
                           4: None if updates is None else W.list_("struct", updates),
                           5: W.i32(9), 6: W.i32(QUORUM)}).mask("0/2/*/3")

    @scenario("rel_casnull", "19", "write", keyspace_reset="cv_r_casnull")
    def _casnull():
        """cas without `expected` or `updates` (found by ordinary19d): the IDL declares them
        neither required nor with a default, so Java read them as null; the call failed where it
        first used one (a NullPointerException, the connection closed): `updates` once the column
        family, key and super check passed, `expected` once the updates were validated too"""
        ks = "cv_r_casnull"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        a = column("a", "1", 1)
        out += [_cas("k", "T", None, [a]), v19.set_keyspace(ks),
                v19.get_slice("k", cparent("T"), pred(start="")),
                _cas("k", "T", [], None), v19.set_keyspace(ks),
                _cas("k", "T", None, None), v19.set_keyspace(ks),
                _cas("k", "Nope", None, [a]),
                _cas("k", "S", None, [a]),
                _cas("", "T", None, [a]),
                _cas("k", "T", None, [column("a", "1", None)]),
                _cas("k", "T", None, [column("a", None, 1)]),
                _cas("k", "T", [column("a", "1", 1)], None), v19.set_keyspace(ks),
                _cas("k", "T", [], [a]),
                # (cas wrote at its ballot's time)
                v19.get_slice("k", cparent("T"), pred(start="")).mask("0/*/1/3")]
        return out

if R >= (1, 2):
    @scenario("rel_nullcomposites", "19", "schema", keyspace_reset="cv_r_nullcomposites")
    def _nullcomposites():
        """a CfDef's COMPOSITES index without options (found by ordinary19d): 1.2 to 2.2's
        CompositesIndex.validateOptions read the null options (a NullPointerException), so the
        connection closed and nothing changed; with an empty map 1.2 refused it (`Missing option
        prefix_size`)"""
        ks = "cv_r_nullcomposites"
        out = setup(ks, cf_def(ks, "U", comparator="UTF8Type"))
        idx = lambda name: W.struct({1: b(name), 2: b("UTF8Type"), 3: W.i32(2)})
        out += [v19.system_add_column_family(cf_def(ks, "O", comparator="UTF8Type",
                                                    column_metadata=[idx("x")])),
                v19.set_keyspace(ks),
                describe_ks(ks),
                v19.system_update_column_family(cf_def(ks, "U", comparator="UTF8Type",
                                                       column_metadata=[idx("y")])),
                v19.set_keyspace(ks),
                describe_ks(ks)]
        return out


if R >= (2, 1):
    def _multi(key, cf, slices, reversed=False):
        f = {1: b(key), 2: cparent(cf),
             3: W.list_("struct", [W.struct({1: b(s), 2: b(f_)}) for s, f_ in slices]),
             4: W.boolean(reversed) if reversed else None}
        return raw("get_multi_slice", {1: W.struct(f)})

    @scenario("rel_multichecks", "19", "read", keyspace_reset="cv_r_multichecks")
    def _multichecks():
        """get_multi_slice's checks (found by ordinary19d): a Super CF refused, each slice's
        bounds compared (`Column slice at index 1 had start greater than finish`, reversed `...
        had start less than finish`), not validated as a SliceRange's"""
        ks = "cv_r_multichecks"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        out += [v19.insert("k", cparent("T"), column(n, "v", 1)) for n in "abcde"]
        out += [_multi("k", "T", [("a", "b"), ("d", "c")]),
                _multi("k", "T", [("e", "d"), ("a", "b")], reversed=True),
                _multi("k", "T", [("", "b"), ("d", "")]),
                _multi("k", "T", [("d", ""), ("b", "")], reversed=True),
                _multi("k", "S", [("a", "b")]),
                _multi("", "T", [("b", "a")])]
        return out

    def _comp(*parts, eoc=0):
        out = b""
        for i, p in enumerate(parts):
            p = p.encode() if isinstance(p, str) else p
            last = i == len(parts) - 1
            out += len(p).to_bytes(2, "big") + p + bytes([(eoc & 0xff) if last else 0])
        return out

    @scenario("rel_boundnames", "19", "write", keyspace_reset="cv_r_boundnames")
    def _boundnames():
        """a written CompositeType column name ending in end-of-component 1 or -1 (found by
        ordinary19d): 2.1 and 2.2 read it as a cell name (`cellFromByteBuffer`), made a bound
        of it, and the cast failed (the connection closed, nothing written)"""
        ks = "cv_r_boundnames"
        comparator = "CompositeType(UTF8Type,LongType)"
        out = setup(ks, cf_def(ks, "C", comparator=comparator))
        name = lambda eoc: _comp("d", long_(1), eoc=eoc)
        out += [v19.insert("k", cparent("C"), column(name(1), "v", 1)), v19.set_keyspace(ks),
                v19.insert("k", cparent("C"), column(name(-1), "v", 1)), v19.set_keyspace(ks),
                v19.insert("k", cparent("C"), column(name(0), "v", 1)),
                v19.insert("k", cparent("C"), column(_comp("e", eoc=1), "v", 1)),
                v19.set_keyspace(ks),
                v19.batch_mutate({"k": {"C": [ins(name(1), "v", 2)]}}), v19.set_keyspace(ks),
                v19.batch_mutate({"k": {"C": [mutation(deletion_=deletion(
                    3, predicate=pred(names=[name(1)])))]}}), v19.set_keyspace(ks),
                v19.remove("k", cpath("C", col=name(1)), 3), v19.set_keyspace(ks),
                v19.get_slice("k", cparent("C"), pred(start=""))]
        return out


if (1, 2) <= R < (3, 0) and RELEASE != "1.2.9":
    @scenario("rel_cqlupdate", "19", "schema", keyspace_reset="cv_r_cqlupdate")
    def _cqlupdate():
        """system_update_column_family of a CQL3 table (found by ordinary19d): refused from
        1.2.12 (`Cannot modify CQL3 table t as it may break the schema. You should use cqlsh to
        modify CQL3 tables instead.`), 2.0 on once the access check found the table"""
        ks = "cv_r_cqlupdate"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"))
        out += [v19.execute_cql3_query("CREATE TABLE t (k int PRIMARY KEY, v int)"),
                v19.system_update_column_family(cf_def(ks, "t", comparator="UTF8Type")),
                v19.system_update_column_family(cf_def(ks, "t", comparator="UTF8Type",
                                                       comment="x")),
                v19.system_update_column_family(cf_def(ks, "Nope", comparator="UTF8Type"))]
        return out


# ------------------------------------------------------------------------------ 3.x's insert TTL
if R >= (3, 0):
    @scenario("rel_insertttl", "19", "ttl", keyspace_reset="cv_r_insertttl")
    def _insertttl():
        """a column family's default_time_to_live on Thrift writes in 3.x (found by
        ordinary19d): `insert` of a column without a TTL took it (`cellFromColumn`: 3.0's
        `BufferCell.live`, 3.11's `getTtl`), a TTL of 0 was refused (3.0) or none (3.11), and a
        batch's columns kept none (`toLegacyCell`)"""
        ks = "cv_r_insertttl"
        out = setup(ks, cf_def(ks, "T", comparator="UTF8Type", extra={40: W.i32(60)}),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", extra={40: W.i32(30)}),
                    cf_def(ks, "N", comparator="UTF8Type"))
        out += [v19.insert("k", cparent("T"), column("a", "1", 1)),
                v19.insert("k", cparent("T"), column("b", "2", 1, ttl=10)),
                v19.insert("k", cparent("T"), column("c", "3", 1, ttl=0)),
                v19.batch_mutate({"k": {"T": [ins("d", "4", 1), ins("e", "5", 1, ttl=20)]}}),
                v19.insert("k", cparent("S", "s"), column("f", "6", 1)),
                v19.batch_mutate({"k": {"S": [ins_super("t", [("g", "7")], 1)]}}),
                v19.insert("k", cparent("N"), column("h", "8", 1)),
                v19.get("k", cpath("T", col="a")),
                v19.get_slice("k", cparent("T"), pred(start="")),
                v19.get_slice("k", cparent("S"), pred(start="")),
                v19.get_slice("k", cparent("N"), pred(start=""))]
        return out


# ------------------------------------------------------------------------------ get_multi_slice
if R >= (2, 1):
    @scenario("rel_multislice", "19", "slice", keyspace_reset="cv_r_multislice")
    def _multislice():
        """get_multi_slice's bounds (found by ordinary19d): 2.1 and 2.2 checked the order of a
        slice's bounds when both were given (`Column slice at index N had start greater than
        finish`, `Reversed column slice ...`) and refused super column families; 3.x checked
        every slice, an empty bound the smallest start or the greatest finish, and failed on
        the server on a reversed request whose slice passed (`Slice.make(finish, start)`)"""
        ks = "cv_r_multislice"
        out = setup(ks, cf_def(ks, "L", comparator="LongType"),
                    cf_def(ks, "S", column_type="Super", comparator="LongType",
                           subcomparator="UTF8Type"))
        out.append(v19.batch_mutate({"k": {"L": [ins(long_(i), "e%d" % i, 1)
                                                 for i in range(10)]}}))

        def multi(slices, reversed=False, cf="L", count=None):
            f = {1: b("k"), 2: cparent(cf),
                 3: W.list_("struct", [W.struct({1: None if s is None else b(s),
                                                 2: None if e is None else b(e)})
                                       for s, e in slices]),
                 4: W.boolean(reversed) if reversed else None,
                 5: None if count is None else W.i32(count),
                 6: W.i32(ONE)}
            return raw("get_multi_slice", {1: W.struct(f)})
        L = long_
        out += [multi([(L(0), L(2)), (L(8), L(9))]),
                multi([(L(0), L(2)), (L(9), L(8))]),
                multi([(L(5), L(5))]),
                multi([(L(7), b"")]),
                multi([(b"", b"")], count=3),
                multi([(L(2), L(9))], reversed=True),
                multi([(b"", L(9))], reversed=True),
                multi([(L(5), L(5))], reversed=True),
                multi([(b"", b"")], reversed=True),
                multi([], reversed=True),
                multi([(L(0), L(1))], cf="S"),
                multi([(L(9), L(8)), (L(2), L(0))], reversed=True),
                v19.set_keyspace(ks),
                multi([(L(9), L(8)), (L(0), L(2))], reversed=True),
                v19.set_keyspace(ks),
                v19.get_count("k", cparent("L"), pred(start=""))]
        return out


# ------------------------------------------------------------------------------ 3.x's compact ADD
if R >= (3, 0):
    @scenario("rel_compactadd", "19", "cql3", keyspace_reset="cv_r_compactadd")
    def _compactadd():
        """CQL 3's ALTER TABLE ADD on a static compact table in 3.x (found by ordinary19d): the
        checks of AlterTableStatement, then a regular column failed on the server (the table's
        rebuild asserted its one compact value column, `CompactTables.getCompactValueColumn`),
        whether Thrift or CQL made the table"""
        ks = "cv_r_compactadd"
        out = setup(ks, cf_def(ks, "legacy", comparator="UTF8Type",
                               column_metadata=[column_def("age", "Int32Type")],
                               default_validation="UTF8Type", key_validation="UTF8Type"),
                    cf_def(ks, "dyn", comparator="UTF8Type"))
        out += [v19.insert("r1", cparent("legacy"), column("age", int32(5), 1)),
                cql3("ALTER TABLE legacy ADD s text static"),
                cql3("ALTER TABLE legacy ADD age int"),
                cql3("ALTER TABLE legacy ADD key int"),
                cql3("ALTER TABLE legacy ADD l list<int>"),
                cql3("ALTER TABLE dyn ADD x text"),
                cql3("ALTER TABLE legacy ADD city text"),
                v19.set_keyspace(ks),
                cql3("SELECT * FROM legacy"),
                cql3("CREATE TABLE items (id text PRIMARY KEY, title text) WITH COMPACT STORAGE"),
                cql3("ALTER TABLE items ADD price int"),
                v19.set_keyspace(ks),
                cql3("CREATE TABLE plain (id text PRIMARY KEY, title text)"),
                cql3("ALTER TABLE plain ADD price int"),
                cql3("SELECT * FROM items"),
                cql3("SELECT * FROM plain")]
        return out


# ------------------------------------------------------------------------------ 2.2's function names
if R >= (2, 2):
    @scenario("rel_sysnames", "19", "cql3", keyspace_reset="cv_r_sysnames")
    def _sysnames():
        """CQL 3 functions and token ranges over Thrift (found by ordinary19d): from 2.2 a
        function's result column is named by its FunctionName (`system.token(k)`), and a token
        range beside an EQ or IN on the partition key keeps the keys whose token it holds
        (2.2's TokenFilter; before, refused)"""
        ks = "cv_r_sysnames"
        out = [cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                    "'replication_factor': 1}" % ks),
               v19.set_keyspace(ks),
               cql3("CREATE TABLE kv (k text PRIMARY KEY, v text)")]
        out += [cql3("INSERT INTO kv (k, v) VALUES ('k%d', 'v%d') USING TIMESTAMP 1000" % (i, i))
                for i in range(1, 6)]
        out += [cql3("SELECT k, token(k) FROM kv"),
                cql3("SELECT k, token(k) AS t FROM kv WHERE k = 'k2'"),
                cql3("SELECT writetime(v), ttl(v) FROM kv WHERE k = 'k2'"),
                cql3("SELECT blobAsText(textAsBlob(v)) FROM kv WHERE k = 'k2'"),
                cql3("SELECT TOKEN(k) FROM kv WHERE k = 'k2'"),
                cql3("SELECT * FROM kv WHERE token(k) > token('k3') AND k = 'k1'"),
                cql3("SELECT * FROM kv WHERE k = 'k1' AND token(k) <= token('k3')"),
                cql3("SELECT * FROM kv WHERE token(k) >= token('k2') AND k IN ('k1', 'k2', 'k3', "
                     "'k4', 'k5')"),
                cql3("SELECT * FROM kv WHERE token(k) = token('k2') AND k IN ('k1', 'k2')"),
                cql3("SELECT * FROM kv WHERE token(k) > token('k5') AND token(k) < token('k1') "
                     "AND k IN ('k1', 'k2', 'k3', 'k4', 'k5')"),
                cql3("SELECT * FROM kv WHERE token(k) > token('k2') AND token(k) < token('k2') "
                     "AND k = 'k2'")]
        return out


# ------------------------------------------------------------------------------ 3.x's index names
if R >= (3, 0):
    @scenario("rel_indexrename", "19", "index", keyspace_reset="cv_r_indexrename")
    def _indexrename():
        """index names of a Thrift update in 3.x (found by ordinary19d): the update's indexes
        were its CfDef's (ThriftConversion.indexDefsFromThrift), an index renamed or moved to
        another column took the name sent, an unnamed one was named past every index name of
        the keyspace (its own old ones too), a name another table held was refused; a CQL 3
        table (not compact) was not Thrift's to update. (An index renamed to a name its table
        held for another column kept indexing that column, SecondaryIndexManager.reload by
        name; and a declared column an update left out was dropped, its cells no longer read:
        neither emulated, nor read here.)"""
        ks = "cv_r_indexrename"
        users = lambda cols, **k: cf_def(ks, "Users", comparator="UTF8Type", column_metadata=cols,
                                         default_validation="UTF8Type",
                                         key_validation="UTF8Type", **k)
        col = lambda name, cls, idx=None: column_def(name, cls, None if idx is False else
                                                     KEYS_INDEX, idx or None)
        out = setup(ks, users([col("state", "UTF8Type", "users_state"),
                               col("birth", "LongType", "users_birth"),
                               column_def("name", "UTF8Type")]))
        out += [v19.batch_mutate({"u%d" % i: {"Users": [ins("state", s, 1),
                                                         ins("birth", long_(1970 + i), 1),
                                                         ins("name", "n%d" % i, 1)]}
                                  for i, s in enumerate(["TX", "CA", "TX"])})]
        upd = v19.system_update_column_family
        add = v19.system_add_column_family
        out += [upd(users([col("state", "UTF8Type", "users_birth")])),
                describe_ks(ks),
                add(cf_def(ks, "Other", comparator="UTF8Type",
                           column_metadata=[col("x", "UTF8Type", "users_state")])),
                add(cf_def(ks, "Other2", comparator="UTF8Type",
                           column_metadata=[col("y", "UTF8Type", "users_birth")])),
                upd(users([col("state", "UTF8Type"), col("name", "UTF8Type")])),
                describe_ks(ks),
                upd(users([col("state", "UTF8Type"), col("name", "UTF8Type")])),
                describe_ks(ks),
                upd(users([col("state", "UTF8Type", "same"), col("name", "UTF8Type", "same")])),
                upd(users([col("state", "UTF8Type", "users_state")])),
                cql3("CREATE TABLE t (k text PRIMARY KEY, v int)"),
                upd(cf_def(ks, "t", comparator="UTF8Type")),
                cql3("CREATE TABLE c (k text PRIMARY KEY, v int) WITH COMPACT STORAGE"),
                upd(cf_def(ks, "c", comparator="UTF8Type", comment="via thrift")),
                describe_ks(ks)]
        return out


if R < (1, 1):
    @scenario("rel_colmaps", "19", "schema", keyspace_reset="cv_r_colmaps")
    def _colmaps():
        """column_metadata in the order of the map the live definition kept (found by
        ordinary19c): 0.7 copied a CfDef's columns into a HashMap sized for them and put an
        update's new ones into it; 0.8 and 1.0 kept a CfDef's sorted map, but a HashMap of 16
        buckets for a CfDef without column_metadata and for CQL 2's CREATE COLUMNFAMILY, into
        which updates and ALTER ... ADD put new columns"""
        ks = "cv_r_colmaps"
        cols = ["first_name", "last_name", "email", "phone", "city", "zip", "birth_year"]
        out = setup(ks, cf_def(ks, "Two", comparator="UTF8Type", column_metadata=[
                        column_def("email", M + "UTF8Type"), column_def("age", M + "LongType")]),
                    cf_def(ks, "Bare", comparator="UTF8Type"))
        wide = [column_def(c, M + "UTF8Type") for c in cols]
        out += [v19.system_add_column_family(cf_def(ks, "Wide", comparator="UTF8Type",
                                                    column_metadata=wide)),
                describe_ks(ks),
                v19.system_update_column_family(cf_def(
                    ks, "Two", comparator="UTF8Type", extra={16: W.i32(1000)},
                    column_metadata=[column_def("email", M + "UTF8Type"),
                                     column_def("age", M + "LongType"),
                                     column_def("state", M + "UTF8Type", KEYS_INDEX,
                                                "Two_state")])),
                v19.system_update_column_family(cf_def(
                    ks, "Bare", comparator="UTF8Type", extra={16: W.i32(1001)},
                    column_metadata=[column_def("age", M + "LongType")])),
                v19.system_update_column_family(cf_def(
                    ks, "Bare", comparator="UTF8Type", extra={16: W.i32(1001)},
                    column_metadata=[column_def("age", M + "LongType"),
                                     column_def("email", M + "UTF8Type", KEYS_INDEX)])),
                v19.system_update_column_family(cf_def(
                    ks, "Wide", comparator="UTF8Type", extra={16: W.i32(1002)},
                    column_metadata=wide + [column_def("country", M + "UTF8Type"),
                                            column_def("title", M + "UTF8Type")])),
                describe_ks(ks)]
        if CQL2:
            # (no two of the CREATE's columns in one bucket: the statement filled its
            # HashMap from another keyed by Term, whose hash holds an enum's identity hash)
            out += [cql2("CREATE COLUMNFAMILY Q (KEY varchar PRIMARY KEY, full_name varchar, "
                         "birth_year bigint, state varchar, city varchar) "
                         "WITH comparator = varchar;"),
                    cql2("ALTER COLUMNFAMILY Q ADD zip varchar;"),
                    cql2("ALTER COLUMNFAMILY Q ADD phone varchar;"),
                    cql2("ALTER COLUMNFAMILY Q ADD a varchar;"),
                    describe_ks(ks)]
        out += [v19.system_update_column_family(cf_def(
                    ks, "Bare", comparator="UTF8Type", extra={16: W.i32(1001)})),
                describe_ks(ks)]
        return out

    @scenario("rel_cfidreuse", "19", "schema", keyspace_reset="cv_r_cfidreuse")
    def _cfidreuse():
        """column family ids before 1.1 (found by ordinary19c): each column family or keyspace
        added set the counter after the highest live id (CFMetaData.fixMaxId, 1.0's
        Schema.fixCFMaxId), so a dropped column family's id was given again, then the new
        column family's indexes took the next ones; updates carry the ids"""
        ks = "cv_r_cfidreuse"
        idx = [column_def("email", M + "UTF8Type", KEYS_INDEX)]
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [v19.system_drop_column_family("A"),
                v19.system_add_column_family(cf_def(ks, "B", comparator="UTF8Type",
                                                    column_metadata=idx)),
                v19.system_update_column_family(cf_def(ks, "B", comparator="UTF8Type",
                                                       column_metadata=idx, comment="b",
                                                       extra={16: W.i32(1000)})),
                v19.system_add_column_family(cf_def(ks, "C", comparator="UTF8Type")),
                v19.system_update_column_family(cf_def(ks, "C", comparator="UTF8Type",
                                                       comment="c", extra={16: W.i32(1002)})),
                v19.system_drop_column_family("C"),
                v19.system_drop_column_family("B"),
                v19.system_add_keyspace(ks_def("cv_r_cfidreuse2", [
                    cf_def("cv_r_cfidreuse2", "D", comparator="UTF8Type")])),
                v19.set_keyspace("cv_r_cfidreuse2"),
                v19.system_update_column_family(cf_def("cv_r_cfidreuse2", "D",
                                                       comparator="UTF8Type", comment="d",
                                                       extra={16: W.i32(1000)})),
                v19.system_drop_keyspace("cv_r_cfidreuse2")]
        return out


if R == (0, 7):
    @scenario("rel_batchwords", "19", "batch", keyspace_reset="cv_r_batchwords")
    def _batchwords():
        """a value its validator refuses in batch_mutate (found by ordinary19c): 0.7 worded it
        as insert's (ThriftValidation.validateColumnData for both), a super column's
        sub-column too"""
        ks = "cv_r_batchwords"
        out = setup(ks, cf_def(ks, "U", comparator="UTF8Type", column_metadata=[
                        column_def("age", M + "LongType")]),
                    cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation="LongType"))
        out += [v19.batch_mutate({"k": {"U": [ins("first", "Johnny", 1),
                                              ins("age", b"\x01", 1)]}}),
                v19.batch_mutate({"k": {"S": [mutation(cosc(super_column=super_column(
                    "s", [column("a", long_(1), 1), column("b", "xyz", 1)])))]}}),
                v19.get_slice("k", cparent("U"), pred(start=""))]
        return out


if R in ((0, 8), (1, 0)):
    @scenario("rel_dynmixed", "19", "batch", keyspace_reset="cv_r_dynmixed")
    def _dynmixed():
        """DynamicCompositeType names of different types at one position in one batch (found
        by ordinary19c): 0.8's getNextComparator threw where two such names were compared
        (Internal error processing batch_mutate, nothing written); in different rows, or
        differing before, they were never compared; 1.0 ordered the types by class name"""
        ks = "cv_r_dynmixed"
        dct = "DynamicCompositeType(a=>AsciiType,l=>LongType)"

        def comp(*parts):
            out = b""
            for alias, value in parts:
                v = value.encode() if isinstance(value, str) else value
                out += bytes([0x80, ord(alias)]) + len(v).to_bytes(2, "big") + v + b"\x00"
            return out
        l8 = lambda n: n.to_bytes(8, "big")  # noqa: E731
        out = setup(ks, cf_def(ks, "Dyn", comparator=dct))
        out += [v19.batch_mutate({"d": {"Dyn": [ins(comp(("a", "x"), ("l", l8(2))), "1", 10),
                                                ins(comp(("l", l8(5))), "2", 10)]}}),
                v19.get_slice("d", cparent("Dyn"), pred(start="")),
                v19.batch_mutate({"e": {"Dyn": [ins(comp(("a", "x"), ("l", l8(2))), "1", 10),
                                                ins(comp(("a", "x"), ("a", "y")), "2", 10)]}}),
                v19.batch_mutate({"f": {"Dyn": [ins(comp(("a", "x"), ("l", l8(2))), "1", 10),
                                                ins(comp(("a", "y"), ("a", "z")), "2", 10)]},
                                  "g": {"Dyn": [ins(comp(("l", l8(7))), "3", 10)]}}),
                v19.get_slice("e", cparent("Dyn"), pred(start="")),
                v19.get_slice("f", cparent("Dyn"), pred(start="")),
                v19.get_slice("g", cparent("Dyn"), pred(start=""))]
        return out


if R == (0, 8):
    @scenario("rel_cql2alias", "19", "cql", keyspace_reset="cv_r_cql2alias")
    def _cql2alias():
        """0.8's CQL 2 key alias (found by ordinary19c): only KEY named the key in a relation
        (KEY = on an aliased column family refused, quoting KEY; KEY > and KEY >= ... <= key
        ranges), the alias itself an EQ key; CREATE COLUMNFAMILY after USE of a missing
        keyspace refused with the exception's toString"""
        ks = "cv_r_cql2alias"
        out = setup(ks)
        out += [cql2("CREATE COLUMNFAMILY accounts (user_id varchar PRIMARY KEY, "
                     "balance bigint, email varchar) WITH comparator = varchar;"),
                cql2("INSERT INTO accounts (user_id, balance, email) VALUES ('u1', 90, 'a@x');"),
                cql2("INSERT INTO accounts (user_id, balance) VALUES ('u2', 250);"),
                cql2("INSERT INTO accounts (user_id, balance, email) VALUES ('u3', 300, 'c@x');"),
                cql2("SELECT * FROM accounts WHERE KEY = 'u1';"),
                cql2("SELECT * FROM accounts WHERE user_id = 'u1';"),
                cql2("SELECT * FROM accounts WHERE KEY > 'u1' LIMIT 10;"),
                cql2("SELECT * FROM accounts WHERE KEY >= 'u1' AND KEY <= 'u9';"),
                cql2("SELECT balance FROM accounts WHERE KEY >= 'u2';"),
                cql2("USE cv_r_nosuch;"),
                cql2("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY);"),
                cql2("DROP COLUMNFAMILY users;")]
        return out


if R == (1, 1):
    @scenario("rel_failedupdate", "19", "schema", keyspace_reset="cv_r_failedupdate")
    def _failedupdate():
        """1.1's update changing a comparator or the column type (found by ordinary19c): the
        node wrote it to its schema tables, then CFMetaData.apply refused it on the server
        (connection closed); every later change of the keyspace merged it again and failed
        (after adding or dropping its column family), until an update of the column family
        itself wrote over it"""
        ks = "cv_r_failedupdate"
        out = setup(ks, cf_def(ks, "Users", comparator="UTF8Type"),
                    cf_def(ks, "Tags", comparator="UTF8Type"))
        out.append(describe_ks(ks).mask("0/5/*/16"))
        # the ids a fresh node gave: Users 1000, Tags 1001 (keyspace order)
        out += [v19.system_update_column_family(cf_def(ks, "Users", comparator="LongType",
                                                       extra={16: W.i32(1000)})),
                v19.set_keyspace(ks),
                v19.system_drop_column_family("Tags"),
                v19.set_keyspace(ks),
                v19.system_add_column_family(cf_def(ks, "Tags", comparator="AsciiType")),
                v19.set_keyspace(ks),
                v19.system_update_column_family(cf_def(ks, "Users", comparator="UTF8Type",
                                                       comment="mended",
                                                       extra={16: W.i32(1000)})),
                v19.system_drop_column_family("Tags"),
                describe_ks(ks).mask("0/5/*/16")]
        return out


if R >= (2, 1):
    @scenario("rel_collindex", "19", "cql3", keyspace_reset="cv_r_collindex")
    def _collindex():
        """2.1's indexes on collections over Thrift's CQL 3 (found by ordinary19d): CREATE
        INDEX on a list's or set's elements, a map's values or KEYS(m), a map indexed on its
        keys and values at once refused (2.1, 2.2), FULL() refused on a collection that is not
        frozen; CONTAINS and CONTAINS KEY served by such an index (rows in ring order, stale
        elements not found, with a clustering column, with a partition key, with another
        restriction behind ALLOW FILTERING), refused without one in each release's words, on
        a column of another kind, and any other relation on a whole collection refused"""
        ks = "cv_r_collindex"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE ci (k int PRIMARY KEY, l list<text>, s set<int>, "
              "m map<text, int>, v int)"),
            q("CREATE TABLE cc (k int, c int, s set<int>, PRIMARY KEY (k, c))"),
            q("CREATE INDEX ON ci (l)"),
            q("CREATE INDEX ci_s ON ci (s)"),
            q("CREATE INDEX ON ci (KEYS(m))"),
            q("CREATE INDEX ON cc (s)"),
        ]
        if R < (3, 0):
            out += [
                q("CREATE INDEX ON ci (m)"),
                q("CREATE INDEX IF NOT EXISTS ON ci (m)"),
                q("CREATE INDEX IF NOT EXISTS ON ci (KEYS(m))"),
                q("CREATE INDEX ON ci (KEYS(m))"),
                q("CREATE INDEX ON ci (FULL(l))"),
                q("SELECT column_name, index_name, index_options, index_type FROM "
                  "system.schema_columns WHERE keyspace_name = '%s' AND "
                  "columnfamily_name = 'ci'" % ks),
            ]
        out += [
            q("INSERT INTO ci (k, l, s, m, v) VALUES (1, ['a', 'b'], {1, 3}, {'y': 2}, 1) "
              "USING TIMESTAMP 1000"),
            q("INSERT INTO ci (k, l, s, m, v) VALUES (2, ['b'], {3}, {'z': 2}, 2) "
              "USING TIMESTAMP 1000"),
            q("INSERT INTO ci (k, l, s, m, v) VALUES (3, ['c', 'c'], {4}, {'y': 5}, 1) "
              "USING TIMESTAMP 1000"),
            q("INSERT INTO cc (k, c, s) VALUES (1, 1, {5, 6}) USING TIMESTAMP 1000"),
            q("INSERT INTO cc (k, c, s) VALUES (1, 2, {6}) USING TIMESTAMP 1000"),
            q("INSERT INTO cc (k, c, s) VALUES (2, 1, {5}) USING TIMESTAMP 1000"),
            q("SELECT k FROM ci WHERE l CONTAINS 'b'"),
            q("SELECT k, l FROM ci WHERE l CONTAINS 'c'"),
            q("SELECT k FROM ci WHERE s CONTAINS 3"),
            q("SELECT k FROM ci WHERE s CONTAINS 9"),
            q("SELECT k, m FROM ci WHERE m CONTAINS KEY 'y'"),
            q("SELECT * FROM ci WHERE m CONTAINS 2"),
            q("SELECT k FROM ci WHERE k = 1 AND s CONTAINS 3"),
            q("SELECT k FROM ci WHERE s CONTAINS 3 AND v = 1"),
            q("SELECT k FROM ci WHERE s CONTAINS 3 AND v = 1 ALLOW FILTERING"),
            q("SELECT k, c FROM cc WHERE s CONTAINS 5"),
            q("SELECT k, c FROM cc WHERE s CONTAINS 6"),
            q("SELECT k, c FROM cc WHERE k = 1 AND s CONTAINS 6"),
            q("SELECT k FROM ci WHERE s CONTAINS KEY 1"),
            q("SELECT k FROM ci WHERE v CONTAINS 1"),
            q("SELECT * FROM ci WHERE s = {1, 3}"),
            q("SELECT * FROM ci WHERE m > {'a': 1}"),
            q("UPDATE ci USING TIMESTAMP 1001 SET s = s - {3} WHERE k = 1"),
            q("SELECT k FROM ci WHERE s CONTAINS 3"),
            q("DROP INDEX ci_s"),
            q("SELECT k FROM ci WHERE s CONTAINS 3"),
        ]
        return out


if R >= (2, 0):
    @scenario("rel_collcond", "19", "cql3", keyspace_reset="cv_r_collcond")
    def _collcond():
        """conditions on collections (2.0's ColumnCondition; found by ordinary19d): a whole
        list (in order), set or map (in any order) equal to a literal, a map's entry and a
        list's element by index, null and empty; a list index out of bounds, element access on
        a set or a column of another kind refused; not applied shows the whole column"""
        ks = "cv_r_collcond"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE cd (k int PRIMARY KEY, l list<text>, s set<int>, "
              "m map<text, int>, v int)"),
            q("INSERT INTO cd (k, l, s, m, v) VALUES (1, ['a', 'b'], {1, 2}, "
              "{'x': 1, 'y': 2}, 0)"),
            q("INSERT INTO cd (k, v) VALUES (3, 0)"),
            q("UPDATE cd SET v = 1 WHERE k = 1 IF l = ['a', 'b']"),
            q("UPDATE cd SET v = 2 WHERE k = 1 IF l = ['b', 'a']"),
            q("UPDATE cd SET v = 3 WHERE k = 1 IF s = {2, 1}"),
            q("UPDATE cd SET v = 4 WHERE k = 1 IF s = {1}"),
            q("UPDATE cd SET v = 5 WHERE k = 1 IF m = {'y': 2, 'x': 1}"),
            q("UPDATE cd SET v = 6 WHERE k = 1 IF m = {'y': 2}"),
            q("UPDATE cd SET v = 7 WHERE k = 1 IF m['x'] = 1"),
            q("UPDATE cd SET v = 8 WHERE k = 1 IF m['x'] = 5"),
            q("UPDATE cd SET v = 9 WHERE k = 1 IF m['zz'] = null"),
            q("UPDATE cd SET v = 10 WHERE k = 1 IF m['x'] = null"),
            q("UPDATE cd SET v = 11 WHERE k = 1 IF l[1] = 'b'"),
            q("UPDATE cd SET v = 12 WHERE k = 1 IF l[0] = 'b' AND v = 11"),
            q("UPDATE cd SET v = 13 WHERE k = 1 IF l[5] = 'b'"),
            q("UPDATE cd SET v = 14 WHERE k = 1 IF s[1] = 1"),
            q("UPDATE cd SET v = 15 WHERE k = 1 IF v[1] = 1"),
            q("UPDATE cd SET v = 16 WHERE k = 1 IF l = null"),
            q("UPDATE cd SET v = 17 WHERE k = 3 IF l = null"),
            q("UPDATE cd SET v = 18 WHERE k = 3 IF s = {}"),
            q("UPDATE cd SET v = 19 WHERE k = 3 IF m['x'] = null"),
            q("DELETE FROM cd WHERE k = 1 IF m['y'] = 2"),
            q("SELECT * FROM cd"),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_readbounds", "19", "range", keyspace_reset="cv_r_readbounds")
    def _readbounds():
        """what pycassa apps send past a read's bounds (found by driving pycassa against the
        releases): a token Murmur3Partitioner cannot read (a RandomPartitioner-sized number,
        a word) closes the connection (fromString's IllegalArgumentException, uncaught) once
        validateKeyRange and the level passed, but inside validateKeyRange for a (key, token)
        range; a slice start or finish over 65535 bytes (1.2.14 on: refused after the count);
        a DateType given with parameters, as pycassa names types (3.x: TimestampType)"""
        ks = "cv_r_readbounds"
        date = M + "DateType(reversed=false)"
        out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"),
                    cf_def(ks, "D", comparator=date,
                           column_metadata=[column_def(long_(0), date)]))
        out += [v19.batch_mutate({k: {"R": [ins("a", k, 1)]} for k in ["k1", "k2", "k3"]})]

        def again():  # after a connection the release closed
            return v19.set_keyspace(ks)
        big = "85070591730234615865843651857942052864"
        out += [
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token="0", end_token=big, count=10)), again(),
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token=big, end_token="0", count=10)), again(),
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token="x", end_token="0", count=10)), again(),
            # the count's refusal came first
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token="0", end_token=big, count=0)), again(),
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token=big, end_key="k1", count=10)), again(),
            # (key, token): read inside validateKeyRange, before the count
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_key="k1", end_token=big, count=0)), again(),
            v19.get_range_slices(cparent("R"), pred(start=""),
                                 key_range(start_token="-9223372036854775808",
                                           end_token="9223372036854775807", count=10)),
            v19.get_paged_slice("R", key_range(start_token="0", end_token=big, count=5), ""),
            again(),
            v19.get_paged_slice("R", key_range(start_token="0", end_token=big, count=0), ""),
            again(),
            # a slice's bounds
            v19.get_slice("k1", cparent("R"), pred(start="s" * 70000)),
            v19.get_slice("k1", cparent("R"), pred(start="", finish="f" * 65536)),
            v19.get_slice("k1", cparent("R"), pred(start="s" * 65535, finish="t")),
            v19.get_slice("k1", cparent("R"), pred(start="s" * 70000, count=-1)),
            v19.multiget_slice(["k1", "k2"], cparent("R"), pred(start="s" * 70000)),
            v19.get_count("k1", cparent("R"), pred(start="", finish="f" * 70000)),
            v19.get_range_slices(cparent("R"), pred(start="s" * 70000),
                                 key_range("", "", count=10)),
            # DateType with parameters: dates before and after the epoch
            v19.batch_mutate({"d": {"D": [ins(long_(n), long_(n), 1)
                                          for n in [-86400000, 0, 86400000]]}}),
            v19.get_slice("d", cparent("D"), pred(start="")),
            v19.get_slice("d", cparent("D"), pred(start=long_(-1), finish=long_(86400000))),
            describe_ks(ks),
        ]
        return out


if R == (0, 7):
    @scenario("rel_coscboth", "19", "batch", keyspace_reset="cv_r_coscboth")
    def rel_coscboth():
        """0.7 took a batch's ColumnOrSuperColumn holding both a column and a super column: each
        member checked as if alone (the super column's sub-columns only), the column alone
        written (ThriftValidation.validateColumnOrSuperColumn, RowMutation)."""
        ks = "cv_r_coscboth"
        both = lambda sub, t: mutation(cosc(column=column("a", "1", t),  # noqa: E731
                                            super_column=super_column("s", sub)))
        return [
            setup(ks, cf_def(ks, "Std", comparator="UTF8Type"),
                  cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type")),
            v19.batch_mutate({"k": {"Std": [both([], 1)]}}),
            v19.batch_mutate({"k": {"Std": [both([column("x", "2", 2)], 2)]}}),
            v19.batch_mutate({"k": {"Sup": [both([], 3)]}}),
            v19.batch_mutate({"k": {"Sup": [both([column("x", "2", 4)], 4)]}}),
            v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
            v19.get_slice("k", cparent("Sup"), pred(start="", count=10)),
        ]

if R < (1, 1):
    @scenario("rel_cachesize", "19", "schema", keyspace_reset="cv_r_cachesize")
    def rel_cachesize():
        """A CfDef with a negative cache size: the column family is added (and described with
        it), the call then fails on the server as the store sized its cache."""
        ks = "cv_r_cachesize"
        d = W.double
        return [
            setup(ks, cf_def(ks, "Base")),
            v19.system_add_column_family(cf_def(ks, "NegRow", extra={9: d(-5.0)})),
            v19.system_add_column_family(cf_def(ks, "NegKey", extra={11: d(-1.0)})),
            v19.system_add_column_family(cf_def(ks, "Fine", extra={9: d(10.0), 11: d(0.0)})),
            v19.system_update_column_family(cf_def(ks, "Fine", extra={9: d(-2.0),
                                                                      16: W.i32(1003)})),
            describe_ks(ks),
        ]

if (0, 8) <= R < (1, 1):
    @scenario("rel_cql2altername", "19", "cql", keyspace_reset="cv_r_cql2altername")
    def rel_cql2altername():
        """CQL 2 ALTER TABLE naming a column the comparator cannot read: the
        comparator's MarshalException escaped AlterTableStatement (0.8, 1.0: Internal error)."""
        return [
            cql2("CREATE KEYSPACE cv_r_cql2altername WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1;"),
            cql2("USE cv_r_cql2altername;"),
            cql2("CREATE COLUMNFAMILY log (KEY varchar PRIMARY KEY) WITH comparator = bigint;"),
            cql2("ALTER TABLE log ADD level varchar;"),
            cql2("ALTER TABLE log DROP level;"),
            cql2("ALTER TABLE log ADD 5 varchar;"),
            cql2("ALTER TABLE log DROP 6;"),
            v19.describe_keyspace("cv_r_cql2altername"),
        ]


if R == (1, 1):
    @scenario("rel_cqlbetastamps", "19", "cql3", keyspace_reset="cv_r_cqlbetastamps")
    def _betastamps():
        """1.1's CQL 3 beta gave every cell of a row its own write timestamp (USING TIMESTAMP
        read back), key columns -1, a COMPACT STORAGE table's clustering column its cell's."""
        ks = "cv_r_cqlbetastamps"

        def q(text):
            return v19.execute_cql_query(text)
        return [
            v19.set_cql_version("3.0.0"),
            q("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
              "AND strategy_options:replication_factor = 1" % ks),
            q("USE %s" % ks),
            q("CREATE TABLE posts (author varchar, at int, body varchar, tag varchar, "
              "PRIMARY KEY (author, at))"),
            q("CREATE TABLE users (id varchar PRIMARY KEY, name varchar, age int)"),
            q("CREATE TABLE events (dev varchar, at int, what varchar, PRIMARY KEY (dev, at)) "
              "WITH COMPACT STORAGE"),
            q("INSERT INTO posts (author, at, body) VALUES ('a', 1, 'x') USING TIMESTAMP 100"),
            q("INSERT INTO posts (author, at, body, tag) VALUES ('a', 2, 'y', 't') "
              "USING TIMESTAMP 200"),
            q("UPDATE posts USING TIMESTAMP 300 SET tag = 'u' WHERE author = 'a' AND at = 1"),
            q("INSERT INTO users (id, name, age) VALUES ('u1', 'ann', 30) USING TIMESTAMP 400"),
            q("UPDATE users USING TIMESTAMP 500 SET age = 31 WHERE id = 'u1'"),
            q("INSERT INTO users (id, name) VALUES ('u2', 'bob') USING TIMESTAMP 600"),
            q("INSERT INTO events (dev, at, what) VALUES ('d', 5, 'boot') USING TIMESTAMP 700"),
            q("INSERT INTO events (dev, at, what) VALUES ('d', 6, 'halt') USING TIMESTAMP 800"),
            q("SELECT * FROM posts WHERE author = 'a'"),
            q("SELECT body, tag FROM posts WHERE author = 'a' AND at > 1"),
            q("SELECT * FROM users"),
            q("SELECT age FROM users WHERE id = 'u1'"),
            q("SELECT * FROM events WHERE dev = 'd'"),
            q("SELECT at, what FROM events WHERE dev = 'd' AND at < 6"),
            q("SELECT COUNT(*) FROM posts WHERE author = 'a'"),
        ]


if R >= (1, 1):
    @scenario("rel_filternames", "19", "index", keyspace_reset="cv_r_filternames")
    def _filternames():
        """get_range_slices with a row_filter no index answered (no EQ on an indexed
        column): the rows were read by the call's predicate and tested on what it read, so
        a names predicate without the expression's column matched no row until 2.0
        (ExtendedFilter's extra query was only for slices); with a slice, or with the
        column named, the rows matched."""
        ks = "cv_r_filternames"
        cf = cf_def(ks, "P", comparator="UTF8Type", key_validation="UTF8Type",
                    default_validation="UTF8Type",
                    column_metadata=[column_def("city", "UTF8Type", KEYS_INDEX, "p_city"),
                                     column_def("age", "LongType", KEYS_INDEX, "p_age"),
                                     column_def("score", "LongType")])
        rows = {}
        for i, (n, c, a) in enumerate([("ann", "Oslo", 30), ("bob", "Rome", 41),
                                       ("cid", "Oslo", 41), ("dee", "Lima", 25)]):
            rows["p%d" % i] = {"P": [ins("name", n, 1), ins("city", c, 1),
                                     ins("age", long_(a), 1), ins("score", long_(a * 2), 1)]}

        def scan(predicate, *exprs):
            return v19.get_range_slices(cparent("P"), predicate, key_range(
                start_key="", end_key="", count=100, row_filter=list(exprs)))
        older = index_expr("age", GT, long_(35))
        return setup(ks, cf) + [
            v19.batch_mutate(rows),
            scan(pred(names=["name"]), older),
            scan(pred(names=["name", "age"]), older),
            scan(pred(start="", count=100), older),
            scan(pred(start="a", finish="c"), older),
            scan(pred(start="", count=2), older),
            scan(pred(names=["name"]), index_expr("score", GTE, long_(60))),
            scan(pred(names=["score"]), index_expr("score", GTE, long_(60))),
            scan(pred(names=["name"]), index_expr("city", EQ, "Oslo")),
            scan(pred(names=["name"]), index_expr("city", EQ, "Oslo"), older),
            scan(pred(names=["name"]), index_expr("city", GT, "M"), older),
            scan(pred(names=["name", "city"]), index_expr("city", GT, "M"), older),
        ]


if R < (1, 2):
    @scenario("rel_oldschemawords", "19", "schema", keyspace_reset="cv_r_oldschemawords")
    def _oldschemawords():
        """Schema refusals worded otherwise before 1.1: a keyspace name that is not a word
        (AddKeyspace: "Invalid keyspace name"), and from 1.0 a compaction strategy class
        that could not be loaded (CFMetaData.createCompactionStrategy)."""
        ks = "cv_r_oldschemawords"
        out = [
            v19.system_add_keyspace(ks_def("cv-r-oldschemawords")),
            v19.system_add_keyspace(ks_def("cv r")),
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "A", comparator="UTF8Type")])),
            v19.set_keyspace(ks),
        ]
        if R >= (1, 0):
            out += [
                v19.system_add_column_family(cf_def(ks, "B", extra={
                    29: b("org.example.NoSuchStrategy")})),
                v19.system_add_column_family(cf_def(ks, "C", extra={
                    29: b("TieredCompaction")})),
                v19.system_add_column_family(cf_def(ks, "D", extra={
                    29: b("LeveledCompactionStrategy")})),
                v19.describe_keyspace(ks).mask("0/5/*/16"),
            ]
        return out


if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2names", "19", "cql2", keyspace_reset="cv_r_cql2names")
    def _cql2names():
        """CQL 2's keyspace and column family names were a token set (IDENT | STRING_LITERAL
        | INTEGER): a statement with anything else there (a bind marker, a keyword, the end)
        was refused with ANTLR's words for a set, where its other refusals say `no viable
        alternative`."""
        ks = "cv_r_cql2names"
        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "T", comparator="UTF8Type",
                                                       default_validation="UTF8Type")])),
            v19.set_keyspace(ks),
        ]
        # (0.8 and 1.0 had no bind markers: their lexer refused the '?' itself; 0.8 lexed
        # a name and its dot apart otherwise)
        dotted = ["SELECT * FROM %s. WHERE KEY = 'a'" % ks] if R >= (1, 0) else []
        if R >= (1, 1):
            dotted.append("SELECT * FROM %s.? WHERE KEY = 'a'" % ks)
        for q in ["SELECT * FROM ? WHERE KEY = 'a'",
                  "SELECT * FROM WHERE KEY = 'a'",
                  "SELECT * FROM"] + dotted + [
                  "USE ?",
                  "USE",
                  "TRUNCATE ?",
                  "DROP COLUMNFAMILY ?",
                  "INSERT INTO ? (KEY, a) VALUES ('k', 'v')",
                  "UPDATE ? SET a = 'b' WHERE KEY = 'k'",
                  "DELETE FROM ? WHERE KEY = 'k'",
                  "DELETE a FROM WHERE KEY = 'k'",
                  "CREATE INDEX ON ? (a)"]:
            out.append(v19.execute_cql_query(q))
        if R >= (1, 1):
            out.append(raw("prepare_cql_query", {1: b("SELECT * FROM ? WHERE KEY = ?"),
                                                 2: W.i32(2)}))
            out.append(raw("prepare_cql_query", {1: b("UPDATE ? SET a = ? WHERE KEY = ?"),
                                                 2: W.i32(2)}))
        return out


# ------------------------------------------------------------------------------ CQL 3 levels
if R >= (1, 2):
    @scenario("rel_cqllevels", "19", "consistency", keyspace_reset="cv_r_cqllevels")
    def _cqllevels():
        """the levels a CQL 3 statement over Thrift was refused at as it began to run (found by
        ordinary19g's multi-DC DAO on a SimpleStrategy keyspace): 1.2.9's LOCAL_QUORUM and
        EACH_QUORUM only of a NetworkTopologyStrategy keyspace (1.2.19 no longer asked); a
        counter write at ANY (1.2: in a batch too, statement by statement; from 2.0 a batch
        checked no level); from 2.0 a plain write at a serial level, a serial read of more
        than one partition; last, 1.2.9's counter write at LOCAL_QUORUM, which failed on the
        server"""
        ks = "cv_r_cqllevels"
        SERIAL, LOCAL_SERIAL = 9, 10
        q = v19.execute_cql3_query
        out = [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE items (id int PRIMARY KEY, label text)"),
            q("CREATE TABLE stock (id int PRIMARY KEY, n counter)"),
            q("INSERT INTO items (id, label) VALUES (1, 'one') USING TIMESTAMP 10", LOCAL_QUORUM),
            q("SELECT * FROM items WHERE id = 1", LOCAL_QUORUM),
            q("INSERT INTO items (id, label) VALUES (2, 'two') USING TIMESTAMP 11", 4),
            q("SELECT * FROM items WHERE id = 2", 4),
            q("UPDATE stock SET n = n + 1 WHERE id = 1", ANY),
            q("BEGIN COUNTER BATCH UPDATE stock SET n = n + 2 WHERE id = 1 "
              "UPDATE stock SET n = n + 3 WHERE id = 2 APPLY BATCH", ANY),
            q("DELETE FROM stock WHERE id = 2", ANY),
            q("INSERT INTO items (id, label) VALUES (3, 'three') USING TIMESTAMP 12", ANY),
            q("BEGIN BATCH INSERT INTO items (id, label) VALUES (4, 'four') "
              "UPDATE stock SET n = n + 1 WHERE id = 4 APPLY BATCH", ANY),
            v19.prepare_cql3_query("UPDATE stock SET n = n + ? WHERE id = ?"),
            v19.execute_prepared_cql3_query(
                thrift_id(ks, "UPDATE stock SET n = n + ? WHERE id = ?"),
                [long_(5), int32(1)], ANY),
        ]
        if R >= (2, 0):
            out += [
                q("INSERT INTO items (id, label) VALUES (6, 'six') USING TIMESTAMP 13", SERIAL),
                q("UPDATE stock SET n = n + 1 WHERE id = 1", SERIAL),
                q("BEGIN BATCH INSERT INTO items (id, label) VALUES (7, 's') APPLY BATCH",
                  LOCAL_SERIAL),
                q("SELECT * FROM items WHERE id = 1", SERIAL),
                q("SELECT * FROM items WHERE id IN (1, 2)", LOCAL_SERIAL),
                q("SELECT * FROM items WHERE id IN (2)", SERIAL),
                q("INSERT INTO items (id, label) VALUES (8, 'e') IF NOT EXISTS", SERIAL),
            ]
        out += [
            q("SELECT * FROM stock"),
            q("SELECT id, label FROM items"),
            q("UPDATE stock SET n = n + 1 WHERE id = 1", LOCAL_QUORUM),
        ]
        return out

    @scenario("rel_tracesring", "19", "describe", keyspace_reset="cv_r_tracesring")
    def _tracesring():
        """describe_ring of system_traces, a SimpleStrategy keyspace with a ring (only a
        LocalStrategy keyspace had none: StorageService.describeRing), beside system's refusal
        (found by ordinary19g's token-aware client)"""
        ks = "cv_r_tracesring"
        return setup(ks, cf_def(ks, "data", comparator="UTF8Type")) + [
            ring("system_traces"), ring("system"), ring(ks)]

    @scenario("rel_literalkinds", "19", "cql3", keyspace_reset="cv_r_literalkinds")
    def _literalkinds():
        """a collection literal holding a constant of the wrong kind, refused in the
        collection's words (Maps/Sets/Lists.Literal.validateAssignableTo), and 2.0's words for
        a marker in a table's place (Cql.g's cfOrKsName; both found by ordinary19g)"""
        ks = "cv_r_literalkinds"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE p (k text PRIMARY KEY, m map<text, int>, s set<int>, l list<text>)"),
            q("INSERT INTO p (k, m) VALUES ('a', {'x': 'one'})"),
            q("INSERT INTO p (k, m) VALUES ('a', {1: 1})"),
            q("INSERT INTO p (k, s) VALUES ('a', {1, 'two'})"),
            q("INSERT INTO p (k, l) VALUES ('a', ['x', 2])"),
            q("UPDATE p SET m = m + {'y': 2.5} WHERE k = 'a'"),
            q("UPDATE p SET l = l + [true] WHERE k = 'a'"),
            q("INSERT INTO p (k, m, s, l) VALUES ('b', {'x': 1}, {2}, ['z']) USING TIMESTAMP 5"),
            q("SELECT * FROM p"),
            # a marker for the table's name: 2.0's grammar refused it in words of its own
            v19.prepare_cql3_query("SELECT * FROM ? WHERE k = ?"),
            v19.prepare_cql3_query("INSERT INTO %s.? (k) VALUES (?)" % ks),
        ]


if (1, 2) <= R:
    @scenario("rel_compactprefix", "19", "cql3", keyspace_reset="cv_r_compactprefix")
    def _compactprefix():
        """a write of a COMPACT STORAGE table with two clustering columns naming only the
        first: 1.2 to 3.11 wrote the cell under the prefix (only a non-dense table needed the
        whole clustering key); none, or a gap, refused (3.x in its words); every release read
        the prefix's cell back as a row of its own, the later clustering column null (found by
        ordinary19g, and on 3.x by ordinary19z/zd)"""
        ks = "cv_r_compactprefix"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE t (k text, a int, b text, v text, PRIMARY KEY (k, a, b)) "
              "WITH COMPACT STORAGE"),
            q("INSERT INTO t (k, a, b, v) VALUES ('x', 1, 'p', 'full') USING TIMESTAMP 10"),
            q("UPDATE t USING TIMESTAMP 11 SET v = 'prefix' WHERE k = 'x' AND a = 1"),
            q("INSERT INTO t (k, a, v) VALUES ('x', 2, 'ins') USING TIMESTAMP 12"),
            q("UPDATE t USING TIMESTAMP 13 SET v = 'gap' WHERE k = 'x' AND b = 'p'"),
            q("UPDATE t USING TIMESTAMP 14 SET v = 'none' WHERE k = 'x'"),
            v19.set_keyspace(ks),
            v19.get_slice("x", cparent("t"), pred(start="", finish="", count=10)),
            q("SELECT * FROM t WHERE k = 'x' AND a = 1 AND b = 'p'"),
            q("SELECT * FROM t WHERE k = 'x'"),
        ]


if R >= (2, 0):
    @scenario("rel_datetiered", "19", "schema", keyspace_reset="cv_r_datetiered")
    def _datetiered():
        """time-series column families of the 2.x era (found by ordinary19h.py): the
        DateTiered strategy (2.0.11 on) with its options, each option's value checked
        (DateTieredCompactionStrategyOptions.validateOptions), the options it did not read
        refused (2.1 and 2.2 also read SizeTiered's and max_window_size_seconds), its short
        name, an update onto it; TimeWindow (3.0.8 on) where it existed"""
        ks = "cv_r_datetiered"
        dt = "org.apache.cassandra.db.compaction.DateTieredCompactionStrategy"

        def cf(name, strategy, options=None):
            extra = {29: W.bin_(strategy)}
            if options is not None:
                extra[30] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
            return cf_def(ks, name, comparator="TimeUUIDType", key_validation="UTF8Type",
                          default_validation="UTF8Type", extra=extra)
        out = setup(ks)
        out += [
            v19.system_add_column_family(cf("events", dt, {
                "base_time_seconds": "3600", "max_sstable_age_days": "30",
                "timestamp_resolution": "MICROSECONDS"})),
            v19.system_add_column_family(cf("short", "DateTieredCompactionStrategy")),
            v19.system_add_column_family(cf("window", dt, {"max_window_size_seconds": "86400"})),
            v19.system_add_column_family(cf("sized", dt, {"min_sstable_size": "10",
                                                          "min_threshold": "6"})),
            v19.system_add_column_family(cf("b1", dt, {"base_time_seconds": "0"})),
            v19.system_add_column_family(cf("b2", dt, {"base_time_seconds": "soon"})),
            v19.system_add_column_family(cf("b3", dt, {"timestamp_resolution": "SECS"})),
            v19.system_add_column_family(cf("b4", dt, {"max_sstable_age_days": "-1"})),
            v19.system_add_column_family(cf("b5", dt, {"expired_sstable_check_frequency_seconds":
                                                       "-5"})),
            v19.system_add_column_family(cf("b6", dt, {"foo": "1"})),
            v19.system_add_column_family(cf("b7", dt, {"sstable_size_in_mb": "10"})),
            v19.system_add_column_family(cf("tw", "TimeWindowCompactionStrategy")),
            v19.system_add_column_family(cf("plain", "SizeTieredCompactionStrategy")),
            v19.system_update_column_family(cf("plain", dt, {"base_time_seconds": "60"})),
            v19.insert("s1", cparent("events"), column(timeuuid(1), "21.5", 1)),
            v19.get_slice("s1", cparent("events"), pred(start="")),
            describe_ks(ks),
            v19.execute_cql3_query(
                "CREATE TABLE %s.readings (k text, t timeuuid, v text, PRIMARY KEY (k, t)) "
                "WITH compaction = {'class': 'DateTieredCompactionStrategy', "
                "'base_time_seconds': '120'}" % ks),
            v19.execute_cql3_query(
                "CREATE TABLE %s.bad (k text PRIMARY KEY, v text) WITH compaction = "
                "{'class': 'DateTieredCompactionStrategy', 'base_time_seconds': '-1'}" % ks),
        ]
        return out

    @scenario("rel_updatemarker", "19", "cql3", keyspace_reset="cv_r_updatemarker")
    def _updatemarker():
        """a row a CQL UPDATE made has no row marker from 2.0 (CASSANDRA-6782: only INSERT
        writes one), so Thrift reads no marker cell and the row goes when its cells go; an
        INSERT's marker keeps its own timestamp when a later UPDATE (alone or in a batch)
        changes the row (found by ordinary19h.py)"""
        ks = "cv_r_updatemarker"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k text, c int, v text, w text, PRIMARY KEY (k, c))"),
            q("UPDATE t USING TIMESTAMP 1000 SET v = 'a' WHERE k = 'u' AND c = 1"),
            v19.get_slice("u", cparent("t"), pred(start="")),
            q("SELECT * FROM t WHERE k = 'u'"),
            q("DELETE v FROM t USING TIMESTAMP 1001 WHERE k = 'u' AND c = 1"),
            q("SELECT * FROM t WHERE k = 'u'"),
            q("INSERT INTO t (k, c, v) VALUES ('i', 1, 'a') USING TIMESTAMP 1000"),
            q("UPDATE t USING TIMESTAMP 1005 SET w = 'b' WHERE k = 'i' AND c = 1"),
            q("BEGIN BATCH USING TIMESTAMP 1010 UPDATE t SET v = 'c' WHERE k = 'i' AND c = 1 "
              "UPDATE t SET v = 'd' WHERE k = 'i' AND c = 2 APPLY BATCH"),
            v19.get_slice("i", cparent("t"), pred(start="")),
            q("DELETE v FROM t USING TIMESTAMP 1011 WHERE k = 'i' AND c = 2"),
            q("SELECT * FROM t WHERE k = 'i'"),
            q("SELECT count(*) FROM t"),
        ]
        return out

    @scenario("rel_renamekeep", "19", "cql3", keyspace_reset="cv_r_renamekeep")
    def _renamekeep():
        """CQL's ALTER TABLE RENAME of a Thrift-made column family's key: its default
        validator and its indexes' options stay as Thrift gave them (found by
        ordinary19h.py)"""
        ks = "cv_r_renamekeep"
        out = setup(ks, cf_def(ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
                               default_validation="UTF8Type",
                               column_metadata=[column_def("age", "Int32Type"),
                                                column_def("email", "UTF8Type", KEYS_INDEX,
                                                           "users_email")]))
        out += [
            v19.execute_cql3_query("ALTER TABLE users RENAME key TO username"),
            describe_ks(ks),
            v19.execute_cql3_query("CREATE INDEX users_age ON users (age)"),
            describe_ks(ks),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_bytescomparator", "19", "schema", keyspace_reset="cv_r_bytescomparator")
    def _bytescomparator():
        """an admin tool's system_update_column_family without a comparator: BytesType
        replaced UTF8Type (BytesType.isCompatibleWith took UTF8 and Ascii), the stored names
        kept their order; back to UTF8Type refused (found by ordinary19h.py)"""
        ks = "cv_r_bytescomparator"
        out = setup(ks, cf_def(ks, "kv", comparator="UTF8Type", key_validation="UTF8Type",
                               default_validation="UTF8Type"),
                    cf_def(ks, "ak", comparator="AsciiType"))
        out += [
            v19.batch_mutate({"r": {"kv": [ins(n, n, 1) for n in ["b", "a", "é", "c"]],
                                    "ak": [ins(n, n, 1) for n in ["y", "x"]]}}),
            v19.system_update_column_family(cf_def(ks, "kv", comment="no comparator")),
            v19.get_slice("r", cparent("kv"), pred(start="")),
            v19.system_update_column_family(cf_def(ks, "kv", comparator="UTF8Type")),
            v19.system_update_column_family(cf_def(ks, "ak", comparator="BytesType")),
            v19.get_slice("r", cparent("ak"), pred(start="", reversed=True)),
            v19.system_update_column_family(cf_def(ks, "ak", comparator="LongType")),
            describe_ks(ks),
        ]
        return out


if R < (1, 2):
    @scenario("rel_comparatormatch", "19", "schema", keyspace_reset="cv_r_comparatormatch")
    def _comparatormatch():
        """an update changing a column family's comparator or subcomparator, named by its
        id: 0.7 to 1.0 refused any change (CFMetaData.apply compared the types themselves:
        "comparators do not match."), a compatible one too (BytesType over UTF8Type); 1.1
        took a compatible one (found by ordinary19e's schema migration)"""
        ks = "cv_r_comparatormatch"
        ids = lambda i: {16: W.i32(i)}  # noqa: E731 (a fresh node's first ids)
        out = setup(ks) + [
            v19.system_add_column_family(cf_def(ks, "kv", comparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "sup", column_type="Super",
                                                comparator="UTF8Type",
                                                subcomparator="UTF8Type")),
            v19.batch_mutate({"r": {"kv": [ins(n, n, 1) for n in ["b", "a", "c"]]}}),
            v19.system_update_column_family(cf_def(ks, "kv", comparator="UTF8Type",
                                                   comment="same", extra=ids(1000))),
            v19.system_update_column_family(cf_def(ks, "kv", comparator="BytesType",
                                                   extra=ids(1000))),
            v19.get_slice("r", cparent("kv"), pred(start="")),
        ]
        if R < (1, 1):
            out += [v19.system_update_column_family(cf_def(ks, "sup", column_type="Super",
                                                           comparator="UTF8Type",
                                                           subcomparator="BytesType",
                                                           extra=ids(1001)))]
        out += [describe_ks(ks).mask("0/5/*/16")]
        return out


if R < (1, 1):
    @scenario("rel_systemcfadd", "19", "schema", keyspace_reset="cv_r_systemcfadd")
    def _systemcfadd():
        """a column family added to the system keyspace from a session in it: 0.7 took it
        (CassandraServer checked the session's access only), 0.8 and 1.0 refused it in
        ClientState's words (no full stop); then a Super column family with an indexed
        column, refused in ThriftValidation's words ("supercolumns") (found by
        ordinary19e)"""
        ks = "cv_r_systemcfadd"
        out = [
            v19.set_keyspace("system"),
            v19.system_add_column_family(cf_def("system", "Mine")),
        ]
        out += [
            v19.system_add_keyspace(ks_def(ks)),
            v19.set_keyspace(ks),
            v19.system_add_column_family(cf_def(ks, "S", column_type="Super",
                                                column_metadata=[column_def(
                                                    "c", "UTF8Type", KEYS_INDEX)])),
        ]
        return out


if R >= (1, 1):
    @scenario("rel_splitsnokeyspace", "19", "describe", keyspace_reset="cv_r_splitsnokeyspace")
    def _splitsnokeyspace():
        """describe_splits_ex and describe_splits before any set_keyspace: from 1.1 the
        call read its tokens first (CassandraServer.describe_splits_ex built the range before
        asking the session's keyspace), so a token the partitioner could not read failed
        before the missing keyspace was noticed (found by ordinary19h's split reader)"""
        ks = "cv_r_splitsnokeyspace"
        ex = lambda cf, start, end: Step("describe_splits_ex", W.struct({  # noqa: E731
            1: b(cf), 2: b(start), 3: b(end), 4: W.i32(100)}))
        return [
            ex("logs", "0", "0"),
            ex("logs", "abc", "0"),
            v19.describe_splits("logs", "0", "abc", 100),
            v19.describe_splits("logs", "0", "0", 100),
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "logs")])),
            v19.set_keyspace(ks),
            ex("logs", "abc", "0"),
        ]


if (1, 1) <= R < (3, 0):
    @scenario("rel_longnames", "19", "schema", keyspace_reset="cv_r_longnames")
    def _longnames():
        """a column family whose declared column name (16 bytes) its comparator could not
        read: an update making BytesType's column family LongType, and one added so (the
        release's own system test): 1.1 and 1.2 refused it in the words of
        LongType.getString ("A long is exactly 8 bytes: 16"), read as the CQL 3 definition
        was built, 2.0 in CFMetaData.rebuild's (found by the 1.2.9 and 2.0.17 system tests)"""
        ks = "cv_r_longnames"
        cd = column_def("ValidationColumn", "BytesType")
        idf = {16: W.i32(1000)} if R < (1, 2) else {}
        return setup(ks) + [
            v19.system_add_column_family(cf_def(ks, "NewColumnFamily", column_metadata=[cd])),
            v19.system_update_column_family(cf_def(ks, "NewColumnFamily", comparator="LongType",
                                                   column_metadata=[cd], extra=idf)),
            v19.system_update_column_family(cf_def(ks, "NewColumnFamily", comparator="BytesType",
                                                   column_metadata=[cd], gc_grace=1,
                                                   extra=idf)),
            v19.system_add_column_family(cf_def(ks, "L", comparator="LongType",
                                                column_metadata=[cd])),
            v19.system_add_column_family(cf_def(ks, "T", comparator="TimeUUIDType",
                                                column_metadata=[cd])),
            describe_ks(ks),
        ]


if R >= (1, 2):
    @scenario("rel_countermix", "19", "cql3", keyspace_reset="cv_r_countermix")
    def _countermix():
        """CREATE TABLE mixing counters with other columns: 1.2 and 2.0 made it a counter
        table when the first column of their HashMap was one and named the first column of
        the other kind; 2.1 and 2.2 took the first by name (a TreeMap); 3.0 refused the mix
        in its own words (found by ordinary19g)"""
        ks = "cv_r_countermix"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE m1 (k text PRIMARY KEY, n counter, label text)"),
            q("CREATE TABLE m2 (k text PRIMARY KEY, a counter, z text)"),
            q("CREATE TABLE m3 (k text PRIMARY KEY, total counter, hits counter, name text, "
              "zz text)"),
            q("CREATE TABLE m4 (k text, c int, v text, n counter, PRIMARY KEY (k, c))"),
            q("CREATE TABLE m5 (k text PRIMARY KEY, b text, a counter)"),
        ]

    @scenario("rel_ntswords", "19", "schema", keyspace_reset="cv_r_ntswords")
    def _ntswords():
        """a NetworkTopologyStrategy keyspace whose options its constructor refused: 1.2 and
        2.0 said only that the strategy could not be made; from 2.1
        AbstractReplicationStrategy answered the constructor's own exception (Integer's
        NumberFormatException: For input string: "one") (found by ordinary19h)"""
        ks = "cv_r_ntswords"
        nts = "org.apache.cassandra.locator.NetworkTopologyStrategy"

        def ks_nts(name, options):
            return W.struct({1: b(name), 2: b(nts), 5: W.list_("struct", []),
                             3: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options])})
        return [
            v19.system_add_keyspace(ks_nts(ks, [("datacenter1", "one")])),
            v19.system_add_keyspace(ks_nts(ks, [("replication_factor", "1")])),
            v19.system_add_keyspace(ks_nts(ks, [("datacenter1", "")])),
            v19.system_add_keyspace(ks_nts(ks, [("datacenter1", "-1")])),
            v19.system_add_keyspace(ks_nts(ks, [("datacenter1", "1")])),
            v19.system_update_keyspace(ks_nts(ks, [("datacenter1", "2.5")])),
            describe_ks(ks),
        ]


if (2, 0) <= R < (3, 0):
    @scenario("rel_ordertable", "19", "cql3", keyspace_reset="cv_r_ordertable")
    def _ordertable():
        """a table named by the reserved word order: 2.1 reported the last of its parser's
        errors, after ANTLR's recovery took the word for ORDER BY and missed the BY; 2.2 the
        first (found by ordinary19h's prepared orders)"""
        ks = "cv_r_ordertable"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE order (id int PRIMARY KEY, customer text)"),
            q("SELECT * FROM order WHERE customer = 'acme'"),
            q("SELECT id FROM order LIMIT 5"),
            q("DELETE FROM order WHERE id = 1"),
        ]

if R >= (1, 2):
    @scenario("rel_lexerrors", "19", "cql3", keyspace_reset="cv_r_lexerrors")
    def _lexerrors():
        """which syntax error a statement with several is refused by: 1.2 and 2.0 threw their
        lexer's last error (a character no token starts with, skipped) before any of the
        parser's, 2.1 its one ErrorCollector's last (the parser's, when the tokens left did not
        parse), 2.2 the first; a text ending inside a string is ANTLR's mismatched '<EOF>'; a
        marker standing for a name (2.0: `cfOrKsName`, 2.1: `keyspaceName`, `cfName`)"""
        ks = "cv_r_lexerrors"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE " + ks),
            q("CREATE TABLE t (k int PRIMARY KEY, v text)"),
            q("CREATE TABLE order (id int PRIMARY KEY, customer text)"),
            q("SELECT * FROM order WHERE customer = 'acme'"),
            q("SELECT ~k, ! FROM t"),
            q("SELECT ~k FROM t WHERE k = 'x"),
            q("SELECT k FROM t WHERE k = 'x"),
            q('SELECT "k FROM t'),
            q("SELECT k FROM t /* no end"),
            q("SELECT k FROM t WHERE k = 1 AND ~ v = 2 ^"),
            q("INSERT INTO t (k, v) VALUES (1, 'a') USING TTL ~ 5 #"),
            q("UPDATE t SET v = 'b' WHERE k = 1 @"),
            q("SELECT * FROM ? WHERE k = 1"),
            q("USE ?"),
            q("SELECT * FROM ?.t WHERE k = 1"),
            q("INSERT INTO %s.? (k) VALUES (1)" % ks),
            q("SELECT * FROM t WHERE k = 1"),
        ]

if R >= (2, 0):
    @scenario("rel_specretry", "19", "schema", keyspace_reset="cv_r_specretry")
    def _specretry():
        """a CfDef's speculative_retry: 2.0 to 2.2 took any case, a percentile from 0 to 100
        and any delay (CFMetaData.SpeculativeRetry: "invalid speculative_retry type"), 3.x
        NONE and ALWAYS as spelled (SpeculativeRetryParam: "Invalid value .. for option");
        each described as it parsed it; before 3.0 the schema table's row of each, with the
        columns 2.0, 2.1 and 2.2 added to 1.2's (found by ordinary19h)"""
        ks = "cv_r_specretry"
        sr = lambda name, retry, more=None: cf_def(  # noqa: E731
            ks, name, comparator="UTF8Type", extra={42: b(retry), **(more or {})})
        out = setup(ks) + [
            v19.system_add_column_family(sr("bad1", "99TH")),
            v19.system_add_column_family(sr("bad2", "101PERCENTILE")),
            v19.system_add_column_family(sr("low", "always")),
            v19.system_add_column_family(sr("ms", "10ms")),
            v19.system_add_column_family(sr("pct", "99.5percentile")),
            v19.system_add_column_family(sr("up", "ALWAYS", {34: b("ALL"), 40: W.i32(60)})),
            describe_ks(ks),
        ]
        if R < (3, 0):
            cols = ("columnfamily_name, speculative_retry, caching, default_time_to_live, "
                    "memtable_flush_period_in_ms, is_dense, compaction_strategy_options, "
                    "compression_parameters, gc_grace_seconds, bloom_filter_fp_chance, "
                    + ("index_interval" if R < (2, 1)
                       else "min_index_interval, max_index_interval"))
            out += [v19.execute_cql3_query(
                "SELECT %s FROM system.schema_columnfamilies WHERE keyspace_name = '%s'"
                % (cols, ks))]
        return out


if R >= (2, 1):
    @scenario("rel_multibounds", "19", "slice", keyspace_reset="cv_r_multibounds")
    def _multibounds():
        """get_multi_slice as a metrics reader sent it: 2.1 and 2.2 read each bound without
        checking it against the comparator; a request without a key met validateKey after
        the slices; one without a column parent failed on the server (the connection
        closed) (found by ordinary19h.py)"""
        ks = "cv_r_multibounds"

        def multi(fields):
            return raw("get_multi_slice", {1: W.struct(fields)})
        out = setup(ks, cf_def(ks, "m", comparator="LongType", default_validation="UTF8Type"))
        out += [
            v19.batch_mutate({"h": {"m": [ins(long_(t), "v%d" % t, 1) for t in range(0, 50, 10)]}}),
            multi({1: b("h"), 2: cparent("m"), 3: W.list_("struct", [
                W.struct({1: b("abc"), 2: b("")})])}),
            multi({1: b("h"), 2: cparent("m"), 3: W.list_("struct", [
                W.struct({1: b(""), 2: b(long_(10))}), W.struct({1: b(long_(30)), 2: b("")})])}),
            multi({2: cparent("m"), 3: W.list_("struct", [W.struct({1: b(""), 2: b("")})])}),
            multi({1: b("h"), 3: W.list_("struct", [W.struct({1: b(""), 2: b("")})])}),
        ]
        return out


# ------------------------------------------------------------------------------ 2.1's types
def _udt_value(*fields):
    """a UDT or tuple value as 2.1 serialized it (UserType/TupleType): each field an int32
    length (-1: null) and its bytes"""
    out = b""
    for f in fields:
        if f is None:
            out += b"\xff\xff\xff\xff"
        else:
            f = f.encode() if isinstance(f, str) else f
            out += len(f).to_bytes(4, "big") + f
    return out


if (1, 2) <= R < (3, 0):
    @scenario("rel_udt", "19", "cql3", keyspace_reset="cv_r_udt")
    def _udt():
        """2.1's user-defined types, tuples and frozen<> over Thrift's CQL 3 (1.2 and 2.0:
        their parser's refusals): CREATE/ALTER/DROP TYPE, a frozen UDT column written as a
        literal and as a bound value, field selection, tuples, frozen collections in
        collections and in the primary key, the result metadata's type strings and
        system.schema_usertypes (3.x answers otherwise, see the releases README: not
        recorded)"""
        ks = "cv_r_udt"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        q = v19.execute_cql3_query
        out += [
            q("CREATE TYPE address (street text, city text, zip int)"),
            q("CREATE TYPE address (street text)"),
            q("CREATE TYPE IF NOT EXISTS address (street text)"),
            q("CREATE TABLE users (id text PRIMARY KEY, name text, addr frozen<address>)"),
            q("CREATE TABLE users2 (id text PRIMARY KEY, addr address)"),
            q("INSERT INTO users (id, name, addr) VALUES ('u1', 'Ann', "
              "{street: '1 Main St', city: 'Paris', zip: 75001})"),
            q("INSERT INTO users (id, name, addr) VALUES ('u2', 'Bob', {city: 'Lyon'})"),
            q("UPDATE users SET addr = {street: '2 Rue', city: 'Nice', zip: 6000} "
              "WHERE id = 'u3'"),
            q("SELECT * FROM users WHERE id = 'u1'"),
            q("SELECT id, addr FROM users"),
            q("SELECT addr.city, addr.zip FROM users WHERE id = 'u2'"),
            q("SELECT addr.nope FROM users WHERE id = 'u2'"),
            q("INSERT INTO users (id, addr) VALUES ('u4', {nope: 'x'})"),
            q("INSERT INTO users (id, addr) VALUES ('u4', {zip: 'x'})"),
            q("ALTER TYPE address ADD country text"),
            q("ALTER TYPE address RENAME zip TO postcode"),
            q("SELECT * FROM users WHERE id = 'u1'"),
            q("DROP TYPE address"),
            q("CREATE TYPE unused (a int)"),
            q("DROP TYPE unused"),
            q("DROP TYPE unused"),
            q("DROP TYPE IF EXISTS unused"),
            q("SELECT type_name, field_names, field_types FROM system.schema_usertypes "
              "WHERE keyspace_name = 'cv_r_udt'"),
            # tuples
            q("CREATE TABLE pts (k int PRIMARY KEY, p tuple<int, text>, t frozen<tuple<int, int>>)"),
            q("INSERT INTO pts (k, p, t) VALUES (1, (1, 'a'), (2, 3))"),
            q("INSERT INTO pts (k, p) VALUES (2, (5))"),
            q("INSERT INTO pts (k, p) VALUES (3, (1, 'a', 2))"),
            q("SELECT * FROM pts"),
            # frozen collections
            q("CREATE TABLE fz (k int PRIMARY KEY, m map<text, frozen<list<int>>>, "
              "s set<frozen<set<text>>>)"),
            q("INSERT INTO fz (k, m, s) VALUES (1, {'a': [1, 2], 'b': []}, {{'x', 'y'}})"),
            q("UPDATE fz SET m['c'] = [3] WHERE k = 1"),
            q("SELECT * FROM fz"),
            q("CREATE TABLE fk (k frozen<list<int>>, c frozen<set<text>>, v int, "
              "PRIMARY KEY (k, c))"),
            q("INSERT INTO fk (k, c, v) VALUES ([1, 2], {'b', 'a'}, 1)"),
            q("SELECT * FROM fk WHERE k = [1, 2]"),
            q("CREATE TABLE nf (k int PRIMARY KEY, m map<text, list<int>>)"),
            q("CREATE TABLE nfk (k list<int> PRIMARY KEY, v int)"),
        ]
        ins = "INSERT INTO users (id, addr) VALUES (?, ?)"
        sel = "SELECT addr FROM users WHERE id = ?"
        out += [
            v19.prepare_cql3_query(ins).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, ins), [
                "u5", _udt_value("5 Av", "Rome", b"\x00\x00\x00\x07", None)]),
            v19.prepare_cql3_query(sel).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), ["u5"]),
            describe_ks(ks),
        ]
        return out


if (1, 2) <= R < (2, 1):
    @scenario("rel_cqlshschema", "19", "cql3", keyspace_reset="cv_r_cqlshschema")
    def _cqlshschema():
        """what the cqlsh of 1.2 and 2.0 read and sent: 2.0's table options in
        system.schema_columnfamilies (CFMetaData's defaults where a table set none), and a bare
        name where a value is due (cqlsh 4.1.1's `keyspace_name=None` with no keyspace in use),
        refused at the token after it (the function-call lookahead of Cql.g's term)"""
        ks = "cv_r_cqlshschema"
        q = v19.execute_cql3_query
        out = [
            q("CREATE KEYSPACE %s WITH replication = "
                 "{'class': 'SimpleStrategy', 'replication_factor': 1}" % ks),
            q("USE %s" % ks),
            q("CREATE TABLE plain (k int PRIMARY KEY, v text)"),
        ]
        if R >= (2, 0):
            out += [
                q("CREATE TABLE tuned (k int PRIMARY KEY, v text) WITH default_time_to_live = 60 "
                     "AND index_interval = 256 AND memtable_flush_period_in_ms = 1000"),
                q("SELECT columnfamily_name, default_time_to_live, index_interval, "
                     "memtable_flush_period_in_ms, speculative_retry "
                     "FROM system.schema_columnfamilies WHERE keyspace_name = '%s'" % ks),
            ]
        out += [
            q("select * from system.schema_columnfamilies\n"
                 "                   where keyspace_name=None and columnfamily_name='plain'"),
            q("SELECT * FROM plain WHERE k = None AND v = 'x'"),
            q("SELECT * FROM plain WHERE k = None"),
        ]
        return out


if R >= (1, 2):
    @scenario("rel_systables", "19", "cql3")
    def _systables():
        """the system keyspace's own tables in the CQL schema tables (1.2-2.2:
        system.schema_columnfamilies and schema_columns; 3.x: system_schema.tables and columns,
        which list system_schema, system_auth and system_distributed too): every table each
        release defined (SystemKeyspace, SchemaKeyspace, 1.2's CFMetaData), then the columns of
        a few of them as each release showed them"""
        q = v19.execute_cql3_query
        if R < (3, 0):
            out = [
                q("SELECT keyspace_name, columnfamily_name FROM system.schema_columnfamilies "
                  "WHERE keyspace_name = 'system'"),
                q("SELECT keyspace_name, columnfamily_name FROM system.schema_columnfamilies"),
            ]
            cols = "column_name, component_index, validator"
            if R >= (2, 0):
                cols += ", type"
            for t in ["local", "peers", "batchlog", "hints", "IndexInfo", "paxos",
                      "compaction_history", "schema_keyspaces"]:
                out.append(q("SELECT %s FROM system.schema_columns WHERE keyspace_name = "
                             "'system' AND columnfamily_name = '%s'" % (cols, t)))
            out.append(q("SELECT columnfamily_name, column_name, " + cols.split(", ", 1)[1] +
                         " FROM system.schema_columns WHERE keyspace_name = 'system'"))
            return out
        out = [
            q("SELECT keyspace_name, table_name FROM system_schema.tables "
              "WHERE keyspace_name = 'system'"),
            q("SELECT keyspace_name, table_name FROM system_schema.tables"),
        ]
        for t in ["local", "peers", "batches", "hints", "IndexInfo", "paxos",
                  "compaction_history"]:
            out.append(q("SELECT column_name, clustering_order, kind, position, type FROM "
                          "system_schema.columns WHERE keyspace_name = 'system' AND "
                          "table_name = '%s'" % t))
        for ks in ["system_schema", "system_auth", "system_distributed"]:
            out.append(q("SELECT table_name, column_name, kind, position, type FROM "
                         "system_schema.columns WHERE keyspace_name = '%s'" % ks))
        out.append(q("SELECT table_name, column_name, kind, position, type FROM "
                     "system_schema.columns WHERE keyspace_name = 'system'"))
        return out


# ------------------------------------------------------------------------------ the system tests' finds
# (conformance/releases/systest: Cassandra's own test_thrift_server.py, captured and replayed)
@scenario("rel_updateunset", "19", "schema", keyspace_reset="cv_r_updateunset")
def _updateunset():
    """system_update_column_family leaving gc_grace_seconds, default_validation_class and the
    comment unset, as the system tests' index updates did: 0.7 copied the CfDef's fields into
    the live definition as they came (CFMetaData.apply: an unset int 0, an unset validator
    BytesType, an unset comment ""); later releases' defaults otherwise. Before 1.2 an update
    names the CF by its id: a fresh node gives the first column family 1000."""
    ks = "cv_r_updateunset"
    by_id = {16: W.i32(1000)} if R < (1, 2) else {}
    out = setup(ks, cf_def(ks, "V", comparator="BytesType", comment="kept?", gc_grace=100,
                           default_validation="LongType",
                           column_metadata=[column_def("a", "UTF8Type")],
                           extra={12: W.double(0.5)}))
    out += [
        describe_ks(ks),
        v19.system_update_column_family(cf_def(
            ks, "V", comparator="BytesType",
            column_metadata=[column_def("birthdate", "BytesType", KEYS_INDEX)], extra=by_id)),
        describe_ks(ks),
        v19.insert("k", cparent("V"), column("x", long_(1), 1)),
        v19.insert("k", cparent("V"), column("y", "not a long", 1)),
        v19.get_slice("k", cparent("V"), pred(start="")),
    ]
    return out


@scenario("rel_indexnames", "19", "index", keyspace_reset="cv_r_indexnames")
def _indexnames():
    """index names the system tests gave twice: two of one column family's columns indexed
    under one name, a second column family's index named as the first one's, two definitions
    of one column without an index. 0.7 checked each column's name among its CfDef's only
    (ThriftValidation.validateCfDef: the CF and the index name, or the column's hex, "Duplicate
    index names CF.name"); 0.8 on one index name among every column family's"""
    ks = "cv_r_indexnames"
    out = setup(ks, cf_def(ks, "Indexed", column_metadata=[
        column_def("birthdate", "LongType", KEYS_INDEX, "birthdate_index")]))
    out += [
        v19.system_add_column_family(cf_def(ks, "Bad", column_metadata=[
            column_def("foo", "BytesType", KEYS_INDEX, "i"),
            column_def("bar", "BytesType", KEYS_INDEX, "i")])),
        v19.system_add_column_family(cf_def(ks, "Twice", column_metadata=[
            column_def("foo", "BytesType"), column_def("foo", "UTF8Type")])),
        v19.system_add_column_family(cf_def(ks, "Other", column_metadata=[
            column_def("birthdate", "BytesType", KEYS_INDEX, "birthdate_index")])),
        describe_ks(ks),
    ]
    return out


@scenario("rel_superdelstd", "19", "invalid", keyspace_reset="cv_r_superdelstd")
def _superdelstd():
    """a batch's Deletion naming a super column of a standard column family, as the system
    tests' bad batch calls sent it: 0.7's words "deletion of super_column is not possible"
    (ThriftValidation.validateDeletion), "Deletion of super columns ..." from 0.8"""
    ks = "cv_r_superdelstd"
    out = setup(ks, cf_def(ks, "Standard1"))
    out += [
        v19.batch_mutate({"k": {"Standard1": [mutation(deletion_=deletion(Abs(1), sc="sc"))]}}),
        v19.batch_mutate({"k": {"Standard1": [mutation(deletion_=deletion(
            Abs(1), sc="sc", predicate=pred(names=["a"])))]}}),
    ]
    return out


if (1, 2) <= R < (3, 0):
    @scenario("rel_tableprops", "19", "cql3", keyspace_reset="cv_r_tableprops")
    def _tableprops():
        """CQL 3 table properties over Thrift as 1.2 to 2.2 took them (found by ordinary19j's
        schema tool): 1.2's CFPropDefs lacked 2.0's default_time_to_live, index_interval,
        memtable_flush_period_in_ms and speculative_retry (unknown properties); 2.0 to 2.2
        worded the default_time_to_live minimum with its default; 2.2 bounded
        bloom_filter_fp_chance as the table was written and said what a caching map's refusal
        refused; 2.1 and 2.2 read a caching text that
        was neither a legacy name nor a JSON map as JSON and failed on the server (the
        connection closed: the last step)"""
        ks = "cv_r_tableprops"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            v19.set_keyspace(ks),
            q("CREATE TABLE t (k int PRIMARY KEY, v text) WITH comment = 'c'"),
            q("ALTER TABLE t WITH default_time_to_live = -1"),
            q("ALTER TABLE t WITH speculative_retry = 'NONE'"),
            q("ALTER TABLE t WITH comment = 'x' AND memtable_flush_period_in_ms = 0"),
            q("ALTER TABLE t WITH index_interval = 256"),
            q("ALTER TABLE t WITH bloom_filter_fp_chance = 2.0"),
            q("ALTER TABLE t WITH bloom_filter_fp_chance = 0.00001"),
            q("CREATE TABLE u (k int PRIMARY KEY) WITH bloom_filter_fp_chance = 1.5"),
            q("ALTER TABLE t WITH bloom_filter_fp_chance = 0.5 AND gc_grace_seconds = 60"),
            q("ALTER TABLE nosuch WITH default_time_to_live = 5"),
            q("ALTER TABLE t WITH caching = 'keys_only'"),
            q("ALTER TABLE t WITH caching = {'keys': 'some'}"),
            q("ALTER TABLE t WITH caching = {'keys': 'ALL', 'rows_per_partition': 'lots'}"),
            q("ALTER TABLE t WITH caching = {'rows': 'ALL'}"),
            describe_ks(ks).mask("0/5/*/16"),
            q("ALTER TABLE t WITH caching = 'sometimes'"),
        ]

    @scenario("rel_countercql", "19", "cql3", keyspace_reset="cv_r_countercql")
    def _countercql():
        """CQL 3 writes of a counter table over Thrift (found by ordinary19j's rate limiter and
        audit log): 2.1 and 2.2 refused a USING TIMESTAMP or TTL on a counter table's write as
        the statement was validated (1.2 and 2.0 took both), and worded the batch rules and a
        missing index's drop otherwise than 1.2 and 2.0 (a counter statement in a logged
        batch, a plain one in a counter batch; the keyspace's 'tables')"""
        ks = "cv_r_countercql"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            v19.set_keyspace(ks),
            q("CREATE TABLE hits (k text PRIMARY KEY, n counter)"),
            q("CREATE TABLE notes (k text PRIMARY KEY, v text)"),
            q("UPDATE hits SET n = n + 2 WHERE k = 'a'"),
            q("UPDATE hits USING TTL 60 SET n = n + 1 WHERE k = 'a'"),
            q("UPDATE hits USING TIMESTAMP 5 SET n = n + 1 WHERE k = 'a'"),
            q("UPDATE hits USING TIMESTAMP 5 AND TTL 60 SET n = n + 1 WHERE k = 'a'"),
            q("UPDATE hits USING TTL 60 SET nosuch = nosuch + 1 WHERE k = 'a'"),
            q("SELECT n FROM hits WHERE k = 'a'"),
            q("BEGIN BATCH UPDATE hits SET n = n + 1 WHERE k = 'b' APPLY BATCH"),
            q("BEGIN BATCH INSERT INTO notes (k, v) VALUES ('x', 'y') "
              "UPDATE hits SET n = n + 1 WHERE k = 'b' APPLY BATCH"),
            q("BEGIN COUNTER BATCH INSERT INTO notes (k, v) VALUES ('x', 'y') APPLY BATCH"),
            q("BEGIN COUNTER BATCH UPDATE hits SET n = n + 1 WHERE k = 'b' APPLY BATCH"),
            q("SELECT n FROM hits WHERE k = 'b'"),
            q("DROP INDEX nosuch_idx"),
            q("DELETE FROM hits USING TIMESTAMP 5 WHERE k = 'b'"),
            q("SELECT n FROM hits WHERE k = 'b'"),
        ]

    @scenario("rel_partparts", "19", "cql3", keyspace_reset="cv_r_partparts")
    def _partparts():
        """a SELECT restricting some parts of a composite partition key (found by ordinary19j's
        Newts samples table): 1.2 to 2.1 named the first part after a restricted one, or the
        restricted one after an unrestricted; 2.2 named every unrestricted part"""
        ks = "cv_r_partparts"
        q = v19.execute_cql3_query
        return [
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            v19.set_keyspace(ks),
            q("CREATE TABLE s (a text, b int, c text, t int, v int, PRIMARY KEY ((a, b, c), t))"),
            q("INSERT INTO s (a, b, c, t, v) VALUES ('x', 1, 'y', 1, 5) USING TIMESTAMP 10"),
            q("SELECT * FROM s WHERE a = 'x' AND c = 'y'"),
            q("SELECT * FROM s WHERE a = 'x'"),
            q("SELECT * FROM s WHERE b = 1"),
            q("SELECT * FROM s WHERE b = 1 AND c = 'y'"),
            q("SELECT * FROM s WHERE a = 'x' AND b = 1 AND c = 'y'"),
        ]


if (0, 8) <= R < (1, 2):
    @scenario("rel_cql2deadnames", "19", "cql", keyspace_reset="cv_r_cql2deadnames")
    def rel_cql2deadnames():
        """CQL 2 SELECTs of named columns by key where the read met only tombstones (found by
        ordinary19i): the row came back, each asked name without a value, when the read of the
        names met a deleted column or the row's deletion (QueryProcessor's row.cf was not null:
        ColumnFamilyStore.removeDeleted kept a column family holding tombstones within
        gc_grace_seconds); a read that met nothing gave none (0.8 left the row out, 1.0 and 1.1
        gave its key alone), whatever lived elsewhere in the row. (With gc_grace_seconds 0, 0.8
        dropped a tombstone at once, 1.0 and 1.1 at the end of its second: not recorded.)"""
        ks = "cv_r_cql2deadnames"
        return [
            cql2("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY orders (KEY varchar PRIMARY KEY, customer varchar, "
                 "total bigint) WITH comparator = ascii AND default_validation = varchar"),
            cql2("INSERT INTO orders (KEY, customer, total) VALUES ('o1', 'ann', 120) "
                 "USING TIMESTAMP 1000"),
            cql2("INSERT INTO orders (KEY, customer, total) VALUES ('o2', 'bob', 75) "
                 "USING TIMESTAMP 1000"),
            cql2("DELETE total FROM orders USING TIMESTAMP 1001 WHERE KEY = 'o1'"),
            cql2("SELECT total FROM orders WHERE KEY = 'o1'"),
            cql2("SELECT customer, total FROM orders WHERE KEY = 'o1'"),
            cql2("SELECT KEY, total FROM orders WHERE KEY = 'o1'"),
            cql2("SELECT nothing FROM orders WHERE KEY = 'o1'"),
            cql2("SELECT total FROM orders WHERE KEY IN ('o1', 'o2', 'o9')"),
            cql2("DELETE FROM orders USING TIMESTAMP 1002 WHERE KEY = 'o2'"),
            cql2("SELECT customer FROM orders WHERE KEY = 'o2'"),
            cql2("SELECT * FROM orders WHERE KEY = 'o2'"),
            cql2("SELECT customer FROM orders WHERE KEY = 'o9'"),
        ]

if CQL3_VIA_VERSION:
    @scenario("rel_cql3betafilter", "19", "cql3", keyspace_reset="cv_r_cql3betafilter")
    def rel_cql3betafilter():
        """1.1's CQL 3 beta restricting clustering columns and not the partition key (found by
        ordinary19i): the beta had no ALLOW FILTERING (cql3 SelectStatement of 1.1) and read
        the slice over every partition. (Its grammar had no ALLOW FILTERING either: `line 1:34
        missing EOF at 'ALLOW'`, which the emulation takes; not recorded.)"""
        ks = "cv_r_cql3betafilter"
        return [
            v19.set_cql_version("3.0.0"),
            cql3("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE events (user text, at int, what text, PRIMARY KEY (user, at))"),
            cql3("INSERT INTO events (user, at, what) VALUES ('ann', 1, 'login') "
                 "USING TIMESTAMP 1000"),
            cql3("INSERT INTO events (user, at, what) VALUES ('ann', 2, 'logout') "
                 "USING TIMESTAMP 1000"),
            cql3("INSERT INTO events (user, at, what) VALUES ('bob', 1, 'login') "
                 "USING TIMESTAMP 1000"),
            cql3("SELECT * FROM events WHERE at = 1"),
            cql3("SELECT what FROM events WHERE at > 1"),
            cql3("SELECT * FROM events WHERE at >= 1 AND at < 2"),
        ]

if R < (1, 2):
    @scenario("rel_cfthresholds", "19", "schema", keyspace_reset="cv_r_cfthresholds")
    def rel_cfthresholds():
        """A column family added with its minimum compaction threshold above its maximum and
        no column metadata (found by ordinary19i): 0.7 refused it, 0.8 took it, 1.0 took it
        into the schema and then failed as its SizeTieredCompactionStrategy set the store's
        minimum (Internal error; Leveled set a minimum of 1), 1.1 refused it."""
        ks = "cv_r_cfthresholds"
        add = lambda name, extra: v19.system_add_column_family(  # noqa: E731
            cf_def(ks, name, comparator="UTF8Type", extra=extra))
        out = setup(ks, cf_def(ks, "Base"))
        out += [
            add("Above", {17: W.i32(40), 18: W.i32(10)}),
            add("MinOnly", {17: W.i32(40)}),
            add("ZeroMax", {17: W.i32(40), 18: W.i32(0)}),
        ]
        if R >= (1, 0):
            out.append(add("Leveled", {17: W.i32(40), 18: W.i32(10),
                                       29: b("LeveledCompactionStrategy")}))
        out.append(describe_ks(ks))
        return out

if R < (0, 8):
    @scenario("rel_superdeletion07", "19", "batch", keyspace_reset="cv_r_superdeletion07")
    def rel_superdeletion07():
        """A Deletion naming a super column of a standard column family, in 0.7's words
        (ThriftValidation.validateDeletion: "deletion of super_column ...", found by
        ordinary19i); absolute timestamps keep the quoted deletion the same every run."""
        ks = "cv_r_superdeletion07"
        out = setup(ks, cf_def(ks, "Std", comparator="AsciiType"))
        out += [
            v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(Abs(5), sc="x"))]}}),
            v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(
                Abs(6), sc="y", predicate=pred(names=["a"])))]}}),
        ]
        return out


@scenario("rel_indexbuild", "19", "index", keyspace_reset="cv_r_indexbuild")
def _indexbuild():
    """an index added to a column family that holds rows, queried at once (found by the
    ordinary scenarios g_cql_index and h_indexed_lookup): every release answered the schema
    change, then built the index from the stored rows on a thread of its own (0.7's
    ColumnFamilyStore.addIndex, later SecondaryIndex.buildIndexAsync: flush, then index), some
    30-250 ms on a real node; writes made once the index existed were indexed with the write.
    A query at once found only those later writes (0.7-2.1), or timed out (2.2 and 3.x: the
    index not yet queryable); after two slow schema changes and a few writes it found them all
    (g_cql_index's CREATE INDEX then SELECT, h_indexed_lookup's update then query)"""
    ks = "cv_r_indexbuild"
    def city(cf):
        return column_def("city", "UTF8Type", KEYS_INDEX, cf + "_city")

    # name declared from the start: CQL 2's CREATE INDEX wants a declared column, and 3.x kept
    # an undeclared column's cells apart from a column declared later (read as absent)
    plain_name = column_def("name", "UTF8Type")

    def cfdef(cf, cid, cols):
        extra = {16: W.i32(cid)} if R < (0, 8) else None   # 0.7 updates by the CF's id
        return cf_def(ks, cf, comparator="UTF8Type", column_metadata=cols, extra=extra)

    def add_name_index(cf, cid):
        if R >= (0, 8) and R < (1, 2):
            return [v19.execute_cql_query("CREATE INDEX %s_name ON %s (name)" % (cf, cf))]
        name = column_def("name", "UTF8Type", KEYS_INDEX, cf + "_name")
        return [v19.system_update_column_family(cfdef(cf, cid, [city(cf), name]))]

    def by_name(cf, value):
        return v19.get_indexed_slices(cparent(cf), index_clause([index_expr("name", EQ, value)]),
                                      pred(names=["city"]))

    out = setup(ks, cf_def(ks, "P", comparator="UTF8Type", column_metadata=[city("P"), plain_name]),
                cf_def(ks, "Q", comparator="UTF8Type", column_metadata=[city("Q"), plain_name]))
    for cf in ("P", "Q"):
        out.append(v19.batch_mutate({"k%d" % i: {cf: [ins("city", "c%d" % (i % 2), 1),
                                                       ins("name", "n%d" % (i % 3), 1)]}
                                     for i in range(6)}))
    # the index reads' path warmed, as an application's earlier queries did
    out += [v19.get_indexed_slices(cparent(cf), index_clause([index_expr("city", EQ, "c1")]),
                                   pred(names=["name"])) for cf in ("P", "Q", "P")]
    # at once: the first query after the change
    out += add_name_index("P", 1000)
    out.append(by_name("P", "n1"))
    # a write once the index exists (found with the rest later; a query right after it raced
    # the build on a loaded machine: 2.1 and 3.11 had it done by then, 0.7-2.0 not)
    out += add_name_index("Q", 1001)
    out += [v19.insert("k9", cparent("Q"), column("name", "n1", 2))]
    # later: two schema changes (a JVM node took some 100 ms each), a few writes
    out += [v19.system_add_column_family(cf_def(ks, "X%d" % i)) for i in range(2)]
    out += [v19.insert("x%d" % i, cparent("X0"), column("c", "v", 1)) for i in range(4)]
    out += [by_name("P", "n1"), by_name("Q", "n1"), describe_ks(ks)]
    if R >= (1, 2):
        # CQL 3: an index made on the empty table (built at once), its SELECTs warmed, then one
        # added over the rows and queried at once, and after two schema changes and writes
        q = v19.execute_cql3_query
        out += [q("CREATE TABLE t (k text PRIMARY KEY, a text, b int)"),
                q("CREATE INDEX t_a ON t (a)")]
        out += [q("INSERT INTO t (k, a, b) VALUES ('r%d', 'x', %d)" % (i, i % 2)) for i in range(4)]
        out += [q("SELECT k, b FROM t WHERE a = 'x'"), q("SELECT k FROM t WHERE a = 'y'"),
                q("CREATE INDEX t_b ON t (b)")]
        if RELEASE in ("1.2.9", "2.2.19", "3.0.24", "3.11.10"):
            # (1.2.19, 2.0.17 and 2.1.22 often had the build done before this first SELECT)
            out.append(q("SELECT k FROM t WHERE b = 1"))
        out += [v19.system_add_column_family(cf_def(ks, "X%d" % i)) for i in range(2, 4)]
        out += [v19.insert("x%d" % i, cparent("X0"), column("c", "v", 1)) for i in range(4)]
        out += [q("SELECT k FROM t WHERE b = 1")]
    return out


@scenario("rel_indexdeleted", "19", "index", keyspace_reset="cv_r_indexdeleted")
def _indexdeleted():
    """get_indexed_slices with a second expression on a column the row had deleted (found by
    difftest.py --app on 0.7.10 and 0.8.10, seeds 3023, 3089, 3093, 3104): 0.7 to 1.2 read
    the row as the read path kept it (removeDeleted drops a deleted column only after
    gc_grace_seconds), compared the expression with the column's tombstone, whose value is its
    deletion second as a 4-byte int (here below 'n'), and answered the row without it; a
    column shadowed by a later row deletion was gone, and a row without the column failed"""
    ks = "cv_r_indexdeleted"
    cols = [column_def("age", M + "LongType", KEYS_INDEX, "u_age"),
            column_def("name", M + "UTF8Type")]
    out = setup(ks, cf_def(ks, "U", comparator="UTF8Type", column_metadata=cols))
    out.append(v19.batch_mutate({
        "k1": {"U": [ins("age", long_(20), 1), ins("email", "e1", 1)]},   # name: a tombstone only
        "k2": {"U": [ins("age", long_(20), 1), ins("name", "b", 1)]},     # name written, deleted
        "k3": {"U": [ins("age", long_(20), 1), ins("name", "c", 1)]},     # name live
        "k4": {"U": [ins("age", long_(20), 1), ins("email", "e4", 1)]},   # no name at all
        "k5": {"U": [ins("age", long_(20), 3), ins("name", "d", 1)]},     # name under a row deletion
        "k6": {"U": [ins("age", long_(21), 1), ins("name", "e", 1)]},     # another age
    }))
    out += [v19.remove("k1", cpath("U", col="name"), 5),
            v19.remove("k2", cpath("U", col="name"), 5),
            v19.remove("k6", cpath("U", col="name"), 5),
            v19.remove("k5", cpath("U"), 2)]

    def by_age(exprs, p, start="", count=100):
        return v19.get_indexed_slices(cparent("U"), index_clause(
            [index_expr("age", EQ, long_(20))] + exprs, start_key=start, count=count), p)

    lt_n = [index_expr("name", LT, "n")]
    out += [by_age(lt_n, pred(start="")),
            by_age(lt_n, pred(names=["name", "email"])),
            by_age([index_expr("name", LTE, "name of u2")], pred(names=["email"])),
            by_age([index_expr("name", GTE, "a")], pred(start="")),
            by_age(lt_n, pred(start=""), count=1),
            by_age(lt_n, pred(start=""), start="k2", count=2),
            by_age([], pred(start=""))]
    # the tombstone under the later value: written again, it satisfies as the live value
    out += [v19.insert("k2", cparent("U"), column("name", "z", 6)),
            by_age(lt_n, pred(names=["name"]))]
    return out



@scenario("rel_updateindexname", "19", "schema", keyspace_reset="cv_r_updateindexname")
def _updateindexname():
    """system_update_column_family naming its indexes as 0.8 and 1.0 did (found by difftest.py
    --app on 0.8.10, seeds 3000-3059): CassandraServer looked the column family up first
    ("Could not find column family definition to modify." before any check of the CfDef), then
    gave each index sent without a name the default one (CFMetaData.addDefaultIndexNames:
    <cf>_<column>_idx, whatever the index was named: "Cannot modify index name", before the
    compaction thresholds were checked), and failed with an internal error when the comparator
    could not read the column's name (its getString's MarshalException)"""
    ks = "cv_r_updateindexname"

    def cfdef(cf, cid, comparator, cols, extra=None):
        f = dict(extra or {})
        if R < (1, 1):
            f[16] = W.i32(cid)   # 0.7 to 1.0 compared the CfDef's id with the column family's
        return cf_def(ks, cf, comparator=comparator, column_metadata=cols, extra=f or None)

    def a_def(rank_name, city_index, extra=None):
        cols = [column_def("rank", M + "LongType", KEYS_INDEX, rank_name),
                column_def("city", M + "UTF8Type", KEYS_INDEX if city_index else None)]
        return cfdef("A", 1000, "UTF8Type", cols, extra)

    def l_def(name, index_name):
        return cfdef("L", 1001, "LongType",
                     [W.struct({1: W.bin_(name), 2: b(M + "UTF8Type"), 3: W.i32(KEYS_INDEX),
                                4: None if index_name is None else b(index_name)})])

    out = setup(ks, a_def("a_rank", False), l_def(long_(1), "l_one"))
    upd = v19.system_update_column_family
    out += [upd(a_def(None, False)),
            upd(a_def(None, False, {17: W.i32(8), 18: W.i32(4)})),
            upd(a_def("a_rank", True)),
            describe_ks(ks),
            upd(a_def("a_rank", True, {8: b("again")})),
            upd(l_def(long_(1), None)),
            upd(l_def(b"rank", None)),
            upd(l_def(long_(1), "l_one")),
            upd(cf_def(ks, "Nope", comparator="UTF8Type", extra={17: W.i32(0)})),
            describe_ks(ks)]
    return out


if R == (1, 0):
    @scenario("rel_storekept", "19", "schema", keyspace_reset="cv_r_storekept")
    def _storekept():
        """1.0's column family store kept its compaction thresholds apart from the definition
        (found by difftest.py --app on 1.0.12, seeds 3029-3039, 4031, 4050): Leveled's
        constructor set them to 1 and Integer.MAX_VALUE, so an update's reload no longer reset
        them; a new SizeTiered (the class or its options changed) set the maximum first and
        refused one below the store's minimum: the call failed on the server after the schema
        took it, its new index unopened (an indexed read refused it, it took no column family
        id: the next column family's id shows it) until a later update opened it. A column
        family whose store failed as it was added (its minimum above its maximum) fails its
        reads, writes, updates and drop on the server, and its keyspace cannot be dropped"""
        ks, ks2 = "cv_r_storekept", "cv_r_storekept_d"
        lev = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy"
        stcs = "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"
        opts = W.map_("bin", "bin", [(b("min_sstable_size"), b("1048576"))])
        rank = column_def("rank", M + "LongType", KEYS_INDEX)
        city = column_def("city", M + "UTF8Type")

        def a(extra, cols):
            return v19.system_update_column_family(cf_def(
                ks, "A", column_type="Standard", comparator="UTF8Type", column_metadata=cols,
                extra={16: W.i32(1000), 29: b(stcs), **extra}))

        def thresholds(lo, hi):
            return {17: W.i32(lo), 18: W.i32(hi)}

        by_rank = v19.get_indexed_slices(
            cparent("A"), index_clause([index_expr("rank", EQ, long_(1))]), pred(start=""))
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type", extra={29: b(lev)}))
        out += [a(thresholds(8, 16), [city]), describe_ks(ks),
                a({**thresholds(4, 4), 30: opts}, [rank, city]), describe_ks(ks),
                by_rank,
                v19.system_add_column_family(cf_def(ks, "B", comparator="UTF8Type")),
                describe_ks(ks),
                a({**thresholds(4, 4), 30: opts}, [rank, city]),
                a({**thresholds(4, 32), 30: opts}, [rank, city]), describe_ks(ks),
                v19.insert("k1", cparent("A"), column("rank", long_(1), 1)),
                by_rank,
                v19.system_add_column_family(cf_def(ks, "C", comparator="UTF8Type")),
                describe_ks(ks)]
        return out


if R == (1, 0):
    # the keyspace cannot be dropped: made and left by the case, not reset (named to replay
    # last on a shared node)
    @scenario("rel_wedged", "19", "schema", keyspace_reset=None)
    def _wedged():
        """1.0's column family whose store failed as it was added, its minimum compaction
        threshold above its maximum without column metadata (found by difftest.py --app
        --client 1.2 on 1.0.12, seeds 4031, 4050): the schema kept it and the call failed on
        the server; so did a write (a row read timed out in the read stage), an update (the
        schema took it) and its drop (nothing changed: Table.getColumnFamilyStore threw). A
        drop of its keyspace failed after purging the column families it met before it
        (their HashMap's order): the keyspace stayed"""
        ks = "cv_r_wedged"

        def bad(name):
            return v19.system_add_column_family(cf_def(
                ks, name, comparator="UTF8Type", extra={17: W.i32(8), 18: W.i32(4)}))

        out = setup(ks, cf_def(ks, "P", comparator="UTF8Type"))
        out += [bad("D"), bad("E"), describe_ks(ks),
                v19.insert("k1", cparent("D"), column("c", "v", 1)),
                v19.get_slice("k1", cparent("D"), pred(start="")),
                v19.insert("k1", cparent("P"), column("c", "v", 1)),
                v19.system_update_column_family(cf_def(
                    ks, "D", column_type="Standard", comparator="UTF8Type",
                    extra={16: W.i32(1001), 17: W.i32(4), 18: W.i32(32)})),
                v19.system_drop_column_family("E"), describe_ks(ks),
                v19.system_drop_keyspace(ks), describe_ks(ks),
                v19.system_drop_column_family("D"), describe_ks(ks),
                v19.system_drop_keyspace(ks)]
        return out


if R == (1, 1):
    @scenario("rel_updatebroken", "19", "schema", keyspace_reset="cv_r_updatebroken")
    def _updatebroken():
        """1.1's updates in a keyspace whose update of one column family failed on the server
        (its comparator changed: the connection closed, the refused definition stayed in the
        schema tables; found by difftest.py --app on 1.1.12, seed 3012):
        DefsTable.mergeColumnFamilies applied the changed definitions in the order of the
        HashMap of the keyspace's column family names and met the broken one's again, so an
        update of a column family before it (A) was made and one after it (C) was not, the
        connection closing for both, until the broken one was updated back"""
        ks = "cv_r_updatebroken"

        def upd(name, cid, comparator="UTF8Type", comment=None):
            return v19.system_update_column_family(cf_def(
                ks, name, column_type="Standard", comparator=comparator, comment=comment,
                extra={16: W.i32(cid)}))

        out = setup(ks, *[cf_def(ks, n, comparator="UTF8Type") for n in ("A", "B", "C")])
        out += [describe_ks(ks),
                upd("B", 1001, comparator="LongType"), v19.set_keyspace(ks),
                upd("A", 1000, comment="a"), v19.set_keyspace(ks),
                upd("C", 1002, comment="c"), v19.set_keyspace(ks),
                describe_ks(ks),
                upd("B", 1001, comment="b"), v19.set_keyspace(ks),
                upd("C", 1002, comment="c"), v19.set_keyspace(ks),
                describe_ks(ks)]
        return out


if R < (0, 8):
    @scenario("rel_updatemissing", "19", "schema", keyspace_reset="cv_r_updatemissing")
    def _updatemissing():
        """0.7's update looked its column family up once validateCfDef passed and before it
        checked the compaction thresholds (found by difftest.py --app --client 1.2 on 0.7.10,
        seed 4032): a missing one's refusal came first"""
        ks = "cv_r_updatemissing"
        bad = {17: W.i32(8), 18: W.i32(4)}
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [v19.system_update_column_family(cf_def(ks, "Nope", comparator="UTF8Type",
                                                       extra=bad)),
                v19.system_update_column_family(cf_def(ks, "A", comparator="UTF8Type",
                                                       extra={16: W.i32(1000), **bad})),
                describe_ks(ks)]
        return out


if (2, 1) <= R < (3, 0):
    @scenario("rel_compositesrows", "19", "index", keyspace_reset="cv_r_compositesrows")
    def _compositesrows():
        """reads through a COMPOSITES index of a column family of plain names (found by
        difftest.py): 2.1's CompositesSearcher read each hit's CQL row from the index entry's
        clustering prefix, empty for such a column family, so a hit came with the whole row
        (every live column, reversed for a reversed slice) whatever the predicate named,
        bounded or counted; a KEYS index cut its rows back to the predicate"""
        ks = "cv_r_compositesrows"

        def birth(index_type):
            return W.struct({1: b("birth"), 2: b(M + "LongType"), 3: W.i32(index_type),
                             5: W.map_("bin", "bin", [])})

        def cf(name, index_type):
            return cf_def(ks, name, comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=[birth(index_type)])

        def by_birth(age, predicate, count=100, start_key=""):
            return v19.get_indexed_slices(cparent("Idx"), index_clause(
                [index_expr("birth", EQ, long_(age))], start_key=start_key, count=count),
                predicate)

        out = setup(ks, cf("Idx", 2), cf("Keys", KEYS_INDEX))
        for name in ("Idx", "Keys"):
            for key, age, cols in (("u1", 30, "a m z"), ("u2", 41, "m"), ("u3", 30, "c d")):
                out.append(v19.batch_mutate({key: {name: [ins("birth", long_(age), 1)] +
                                                   [ins(c, key + c, 1) for c in cols.split()]}}))
            out.append(v19.remove("u1", cpath(name, col="m"), 2))
        out += [by_birth(30, pred(names=["a"])),
                by_birth(30, pred(names=["nope"])),
                by_birth(30, pred(start="", count=1)),
                by_birth(30, pred(start="", finish="b", count=1)),
                by_birth(30, pred(start="", reversed=True, count=2)),
                by_birth(30, pred(start="", count=0)),
                by_birth(30, pred(start="b")),
                by_birth(30, pred(start="z", reversed=True)),
                by_birth(30, pred(start=""), count=1),
                by_birth(41, pred(names=["birth"])),
                v19.get_indexed_slices(cparent("Idx"), index_clause(
                    [index_expr("birth", EQ, long_(30)), index_expr("c", EQ, "u3c")]),
                    pred(names=["d"])),
                v19.get_indexed_slices(cparent("Keys"), index_clause(
                    [index_expr("birth", EQ, long_(30))]), pred(names=["a"])),
                v19.get_range_slices(cparent("Idx"), pred(names=["a"]), key_range(
                    start_key="", end_key="", row_filter=[index_expr("birth", EQ, long_(30))])),
                v19.get_range_slices(cparent("Idx"), pred(start="b"), key_range(
                    start_key="", end_key="", row_filter=[index_expr("birth", EQ, long_(30))])),
                v19.get_range_slices(cparent("Idx"), pred(start="", reversed=True),
                                     key_range(start_key="", end_key="", row_filter=[
                                         index_expr("birth", EQ, long_(30))])),
                by_birth(30, pred(names=[]))]
        return out


if R >= (3, 0):
    @scenario("rel_staticflush", "19", "read", keyspace_reset="cv_r_staticflush")
    def _staticflush():
        """3.x's reversed slices of a static compact table whose declared and other columns
        a drop's flush put apart (found by difftest.py): ThriftResultsMerger merged the
        declared columns into the others in each source (the memtable, each SSTable), and
        the sources' streams were merged greatest name first, so declared columns flushed
        apart from the others came after them"""
        ks = "cv_r_staticflush"
        declared = [column_def(n, M + "UTF8Type") for n in ("birth", "m", "zeta")]
        out = setup(ks, cf_def(ks, "Idx", comparator="UTF8Type", default_validation="UTF8Type",
                               column_metadata=declared),
                    cf_def(ks, "Tmp", comparator="UTF8Type"))

        def put(key, *names):
            return [v19.insert(key, cparent("Idx"), column(n, "v", 1)) for n in names]
        out += put("a", "birth", "m", "zeta") + put("b", "c01", "n05") + put("c", "birth")
        out += put("d", "birth", "c01") + put("e", "birth", "c01")
        out.append(v19.system_drop_column_family("Tmp"))
        out += put("a", "c01", "n05", "x09") + put("b", "birth", "m", "zeta")
        out += put("c", "zeta", "c01", "n05") + put("d", "zeta", "n05")
        for key in ("a", "b", "c", "d", "e"):
            for rev, count in ((False, 100), (True, 100), (True, 2)):
                out.append(v19.get_slice(key, cparent("Idx"), pred(start="", reversed=rev,
                                                                   count=count)))
        out += [v19.multiget_slice(["a", "d"], cparent("Idx"),
                                   pred(start="", reversed=True, count=3)),
                v19.get_range_slices(cparent("Idx"), pred(start="", reversed=True, count=3),
                                     key_range("", "")),
                v19.get_slice("a", cparent("Idx"), pred(start="y", finish="c", reversed=True))]
        return out


if R < (1, 2):
    @scenario("rel_systemwrite", "19", "crud", keyspace_reset="cv_r_systemwrite")
    def _systemwrite():
        """data written into the system keyspace from a session in it: 0.7 to 1.0 took the
        writes (ClientState.hasColumnFamilyAccess asked only the authority, the keyspace being
        refused to schema changes alone), 1.1 refused them (preventSystemKSSchemaModification,
        its words with a full stop) (found by ordinary19k's raw-API client)"""
        ks = "cv_r_systemwrite"
        return [
            v19.set_keyspace("system"),
            v19.insert("cv_r_sw", cparent("LocationInfo"), column("c", "v", 10)),
            v19.get_slice("cv_r_sw", cparent("LocationInfo"), pred(start="", count=10)),
            v19.batch_mutate({"cv_r_sw": {"LocationInfo": [ins("d", "w", 11)]}}),
            v19.remove("cv_r_sw", cpath("LocationInfo", col="c"), 12),
            v19.get_slice("cv_r_sw", cparent("LocationInfo"), pred(start="", count=10)),
            v19.remove("cv_r_sw", cpath("LocationInfo"), 13),
            v19.get_slice("cv_r_sw", cparent("LocationInfo"), pred(start="", count=10)),
            v19.system_add_keyspace(ks_def(ks)),
            v19.set_keyspace(ks),
            v19.insert("cv_r_sw", cparent("LocationInfo"), column("c", "v", 14)),
        ]


if R < (1, 2):
    @scenario("rel_indexedvalidator", "19", "schema", keyspace_reset="cv_r_indexedvalidator")
    def _indexedvalidator():
        """an update changing an indexed column's validator to an incompatible one: 0.7 to 1.0
        took it (CFMetaData.apply set the column as sent), 1.1 refused it only as it applied
        it (ColumnDefinition.apply in the migration stage: the connection closed, the old
        definition still described); from 1.0 CQL 2's ALTER ... TYPE alike; and an update
        without its id whose thresholds cross: 1.1 refused the thresholds first
        (CFMetaData.validate before the id's failure on apply) (found by ordinary19k)"""
        ks = "cv_r_indexedvalidator"
        age = [column_def("age", "LongType", KEYS_INDEX, "a_age")]
        out = setup(ks, cf_def(ks, "A", comparator="UTF8Type", column_metadata=age))
        out += [
            v19.insert("k1", cparent("A"), column("age", long_(31), 10)),
            v19.system_update_column_family(cf_def(ks, "A", comparator="UTF8Type", column_metadata=age,
                                                   extra={17: W.i32(40), 18: W.i32(4)})),
            describe_ks(ks),
            v19.system_update_column_family(cf_def(
                ks, "A", comparator="UTF8Type",
                column_metadata=[column_def("age", "UTF8Type", KEYS_INDEX, "a_age")],
                extra={16: W.i32(1000)})),
            v19.set_keyspace(ks),
            describe_ks(ks),
            v19.get_slice("k1", cparent("A"), pred(start="", count=10)),
        ]
        return out


if (1, 0) <= R < (1, 2):
    @scenario("rel_indexedvalidatorcql", "19", "schema", keyspace_reset="cv_r_indexedvalidatorcql")
    def _indexedvalidatorcql():
        """CQL 2's ALTER ... TYPE of an indexed column: 1.0 took it, 1.1 failed it as it
        applied it (the connection closed, the old definition still described) (found by
        ordinary19k's CQL 2 application)"""
        ks = "cv_r_indexedvalidatorcql"
        return [
            cql2("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, age int) "
                 "WITH comparator = varchar AND default_validation = varchar"),
            cql2("CREATE INDEX users_age ON users (age)"),
            cql2("INSERT INTO users (KEY, name, age) VALUES ('u1', 'ann', 31) USING TIMESTAMP 1000"),
            cql2("ALTER COLUMNFAMILY users ALTER age TYPE varint"),
            cql2("ALTER COLUMNFAMILY users ALTER name TYPE ascii"),
            describe_ks(ks),
            v19.set_keyspace(ks),
            cql2("SELECT name, age FROM users WHERE KEY = 'u1'"),
        ]


if (0, 8) <= R < (1, 2):
    @scenario("rel_cql2two", "19", "cql2", keyspace_reset="cv_r_cql2two")
    def _cql2two():
        """CQL 2's USING CONSISTENCY TWO and THREE: 0.8's and 1.0's K_LEVEL lacked them (a
        mismatched input, and words a statement may use as names), 1.1 parsed them and found
        one node too few (found by ordinary19k's CQL 2 reports)"""
        ks = "cv_r_cql2two"
        out = setup(ks, cf_def(ks, "P", comparator="UTF8Type", default_validation="UTF8Type"))
        out += [
            v19.insert("p1", cparent("P"), column("two", "2", 10)),
            cql2("SELECT two FROM P USING CONSISTENCY TWO WHERE KEY = 'p1'"),
            cql2("SELECT two FROM P USING CONSISTENCY THREE WHERE KEY = 'p1'"),
            cql2("UPDATE P USING CONSISTENCY TWO SET 'a' = 'b' WHERE KEY = 'p1'"),
            cql2("SELECT two FROM P WHERE KEY = 'p1'"),
            cql2("SELECT two FROM P USING CONSISTENCY ONE WHERE KEY = 'p1'"),
        ]
        return out


# ------------------------------------------------------------------------------ 1.2's CQL 3 grammar
if (1, 2) <= R < (2, 1):
    @scenario("rel_grammar12", "19", "cql3", keyspace_reset="cv_r_grammar12")
    def _grammar12():
        """2.0's IF [NOT] EXISTS, conditions and SELECT DISTINCT sent to 1.2 by an application
        written for 2.0 (found by ordinary19l): 1.2.9's Cql.g had no IF, NOT, EXISTS or
        DISTINCT keywords, so it read them as names and refused the statement where the next
        word fitted no rule; 2.0 runs them (a table named `if` is 1.2's)"""
        ks = "cv_r_grammar12"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE IF NOT EXISTS %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks)]
        out += [v19.execute_cql3_query(q) for q in [
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks,
            "USE %s" % ks,
            "CREATE TABLE t (k text PRIMARY KEY, v int)",
            "CREATE TABLE IF NOT EXISTS t (k text PRIMARY KEY, v int)",
            "CREATE TABLE IF NOT EXISTS %s.u (k text PRIMARY KEY)" % ks,
            "CREATE COLUMNFAMILY IF NOT EXISTS w (k text PRIMARY KEY)",
            "CREATE INDEX IF NOT EXISTS ON t (v)",
            "CREATE INDEX IF NOT EXISTS t_v ON t (v)",
            "INSERT INTO t (k, v) VALUES ('a', 1) IF NOT EXISTS",
            "INSERT INTO t (k, v) VALUES ('b', 1) USING TTL 10 IF NOT EXISTS",
            "UPDATE t SET v = 2 WHERE k = 'a' IF v = 1",
            "UPDATE t SET v = 3 WHERE k = 'a' IF EXISTS",
            "DELETE FROM t WHERE k = 'b' IF v = 1",
            "DELETE FROM t WHERE k = 'zz' IF EXISTS",
            "DELETE v FROM t WHERE k = 'a' IF v = 7",
            "SELECT DISTINCT k FROM t",
            "SELECT DISTINCT k, v FROM t",
            "SELECT DISTINCT * FROM t",
            "SELECT DISTINCT FROM t",
            "SELECT * FROM t",
            "DROP INDEX IF EXISTS t_v",
            "DROP TABLE IF EXISTS nope",
            "DROP COLUMNFAMILY IF EXISTS t",
            "DROP KEYSPACE IF EXISTS cv_r_grammar12_nope",
            "CREATE TABLE if (k text PRIMARY KEY)",
            "CREATE TABLE distinct (k text PRIMARY KEY, exists int)",
            "SELECT exists FROM distinct",
            "DROP TABLE IF",
            "SELECT * FROM t"]]
        return out


# ------------------------------------------------------------------------------ CQL 3 reads of Thrift names
if (1, 2) <= R < (3, 0):
    @scenario("rel_denseprefix", "19", "cql3", keyspace_reset="cv_r_denseprefix")
    def _denseprefix():
        """CQL 3 reads of a column family Thrift made with a CompositeType comparator, where a
        client wrote names of fewer components (found by ordinary19l): a clustering restriction
        keeps their rows, the later clustering columns null (1.2 to 2.2's ColumnGroupMap made a
        row of any name its slice held); and dateOf's result type, DateType on 1.2 and
        TimestampType from 2.0 (TimeuuidFcts.dateOfFct)"""
        ks = "cv_r_denseprefix"

        def comp(*parts):
            out = b""
            for p in parts:
                v = p.encode() if isinstance(p, str) else long_(p)
                out += len(v).to_bytes(2, "big") + v + b"\x00"
            return out
        out = setup(ks, cf_def(ks, "r", comparator="CompositeType(UTF8Type,LongType)",
                               key_validation="UTF8Type", default_validation="LongType"))
        for i, (name, v) in enumerate([(comp("avg", 1), 3), (comp("avg"), 1), (comp("bcd"), 5),
                                       (comp("avg", 2), 4), (comp("cde", 0), 6)]):
            out.append(v19.insert("s1", cparent("r"), column(name, long_(v), 10 + i)))
        out += [v19.execute_cql3_query(q) for q in [
            "SELECT * FROM r",
            "SELECT * FROM r WHERE key = 's1' AND column1 = 'avg'",
            "SELECT column1, value FROM r WHERE key = 's1' AND column1 > 'avg'",
            "SELECT * FROM r WHERE key = 's1' AND column1 >= 'avg' AND column1 <= 'bcd'",
            "SELECT * FROM r WHERE key = 's1' AND column1 < 'cde'",
            "SELECT column2 FROM r WHERE key = 's1' AND column1 = 'avg' ORDER BY column1 DESC",
            "SELECT * FROM r WHERE key = 's1' AND column1 IN ('avg', 'bcd')",
            "SELECT value FROM r WHERE key = 's1' AND column1 = 'avg' AND column2 > 0",
            "SELECT COUNT(*) FROM r WHERE key = 's1' AND column1 = 'avg'",
            "CREATE TABLE tl (u text, t timeuuid, PRIMARY KEY (u, t))",
            "INSERT INTO tl (u, t) VALUES ('a', 50554d6e-29bb-11e5-b345-feff819cdc9f) "
            "USING TIMESTAMP 1000",
            "SELECT dateOf(t), unixTimestampOf(t) FROM tl WHERE u = 'a'"]]
        return out


# ------------------------------------------------------------------------------ CQL 3 on super CFs
if R >= (2, 0):
    @scenario("rel_supercql", "19", "super", keyspace_reset="cv_r_supercql")
    def _supercql():
        """A super column family read and written through CQL 3 over Thrift (found by
        ordinary19l): 2.0 to 2.2 showed it as the table (key, column1, column2, value), the
        super column's name the first clustering column and the sub-column's the second
        (CFMetaData's super CF columns), as 3.x does; a counter super CF's values are its
        counts"""
        ks = "cv_r_supercql"
        inbox = cf_def(ks, "inbox", column_type="Super", comparator="UTF8Type",
                       subcomparator="LongType", key_validation="UTF8Type",
                       default_validation="UTF8Type")
        cnt = cf_def(ks, "sc", column_type="Super", comparator="UTF8Type",
                     subcomparator="UTF8Type", default_validation="CounterColumnType")
        out = setup(ks, inbox, cnt)
        for u in ("ann", "bob"):
            out.append(v19.batch_mutate({u: {"inbox": [
                ins_super(c, [(long_(m), "%s%s%d" % (u, c, m)) for m in range(2)], 10)
                for c in ("a", "b")]}}))
        out.append(v19.add("k", cparent("sc", "s1"), counter_column("c", 3)))
        out += [v19.execute_cql3_query(q) for q in [
            "SELECT * FROM inbox",
            "SELECT * FROM inbox WHERE key = 'ann'",
            "SELECT * FROM inbox WHERE key = 'ann' AND column1 = 'b'",
            "SELECT value FROM inbox WHERE key = 'ann' AND column1 = 'a' AND column2 = 1",
            "SELECT * FROM inbox WHERE key = 'ann' AND column1 > 'a'"] + [
            # (3.x kept each super column's sub-columns ascending here: left out)
            "SELECT * FROM inbox WHERE key = 'ann' ORDER BY column1 DESC"] * (R < (3, 0)) + [
            "SELECT column1, column2 FROM inbox WHERE key = 'ann' AND column1 = 'a' "
            "AND column2 > 0",
            "SELECT COUNT(*) FROM inbox",
            "SELECT * FROM inbox LIMIT 3",
            "SELECT * FROM sc",
            "INSERT INTO inbox (key, column1, column2, value) VALUES ('cid', 'x', 1, 'v') "
            "USING TIMESTAMP 20",
            "UPDATE inbox USING TIMESTAMP 21 SET value = 'w' WHERE key = 'cid' AND "
            "column1 = 'y' AND column2 = 0",
            "SELECT * FROM inbox WHERE key = 'cid'",
            "DELETE FROM inbox USING TIMESTAMP 22 WHERE key = 'cid' AND column1 = 'x' AND "
            "column2 = 1",
            "SELECT * FROM inbox WHERE key IN ('ann', 'cid')",
            "UPDATE sc SET value = value + 2 WHERE key = 0x6b AND column1 = 's1' AND "
            "column2 = 'c'",
            "SELECT * FROM sc"]]
        out += [v19.get_slice("cid", cparent("inbox"), pred(start="", count=10)),
                v19.get_slice("k", cparent("sc"), pred(start="", count=10))]
        return out


if (1, 2) <= R < (2, 0):
    @scenario("rel_supercql12", "19", "super", keyspace_reset="cv_r_supercql12")
    def _supercql12():
        """A super column family read through CQL 3 over Thrift on 1.2 (found by ordinary19l):
        1.2 had no table for it (its CQL3 saw key, column1 and value), and a read that met
        super columns failed on the server, which closed the connection; a read of a row
        with none answered no rows"""
        ks = "cv_r_supercql12"
        inbox = cf_def(ks, "inbox", column_type="Super", comparator="UTF8Type",
                       subcomparator="LongType", key_validation="UTF8Type",
                       default_validation="UTF8Type")
        out = setup(ks, inbox)
        out.append(v19.batch_mutate({"ann": {"inbox": [
            ins_super(c, [(long_(m), "ann%s%d" % (c, m)) for m in range(2)], 10)
            for c in ("a", "b")]}}))
        for q in ["SELECT * FROM inbox",
                  "SELECT * FROM inbox WHERE key = 'ann' AND column1 = 'b'",
                  "SELECT value FROM inbox WHERE key = 'ann' AND column1 = 'a' AND column2 = 1",
                  "SELECT column1, column2 FROM inbox WHERE key = 'ann'",
                  "INSERT INTO inbox (key, column1, column2, value) VALUES ('cid', 'x', 1, 'v')",
                  "SELECT * FROM inbox WHERE key = 'cid'",
                  "SELECT COUNT(*) FROM inbox WHERE key = 'ann'"]:
            out += [v19.execute_cql3_query(q), v19.set_keyspace(ks)]
        out.append(v19.get_slice("ann", cparent("inbox"), pred(start="", count=10)))
        return out


# ------------------------------------------------------------------------------ reserved column names
if (1, 2) <= R < (3, 0):
    @scenario("rel_reservedcol", "19", "cql3", keyspace_reset="cv_r_reservedcol")
    def _reservedcol():
        """A reserved word as a column's name in CREATE TABLE (found by ordinary19l): after a
        comma the grammar's optional column did not start there, so `')'` was wanted at it
        (`mismatched input 'order' expecting ')'`); the first column's was no viable
        alternative; quoted, the word is a name"""
        ks = "cv_r_reservedcol"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [v19.execute_cql3_query(q) for q in [
            "CREATE TABLE a (id text PRIMARY KEY, order int)",
            "CREATE TABLE b (id text PRIMARY KEY, v int, asc ascii)",
            "CREATE TABLE c (id text, key int, PRIMARY KEY (id, key))",
            "CREATE TABLE d (id text, from text, PRIMARY KEY (id))",
            "CREATE TABLE e (select text PRIMARY KEY, v int)",
            "CREATE TABLE f (id text PRIMARY KEY, \"order\" int, \"select\" text)",
            "INSERT INTO f (id, \"order\", \"select\") VALUES ('a', 1, 'x')",
            "SELECT \"order\", \"select\" FROM f"]]
        return out


if R >= (3, 0):
    @scenario("rel_countpaxos", "19", "read", keyspace_reset="cv_r_countpaxos")
    def _countpaxos():
        """3.x's get_count of an empty key (found by difftest.py): by a slice at SERIAL or
        LOCAL_SERIAL it read through StorageProxy.readWithPaxos, whose prepare of an empty key
        failed on the replica, so the coordinator timed out (as 2.0's did); at ONE it counted
        0, and a count of none asked nothing; by names the key was refused first"""
        ks = "cv_r_countpaxos"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"),
                    cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type"))
        out.append(v19.insert("k", cparent("Std"), column("a", "v", 1)))
        for cf in ("Std", "Sup"):
            for cl, count in ((9, 1), (10, 3), (1, 1), (9, 0)):
                out.append(v19.get_count("", cparent(cf), pred(start="", count=count), cl))
            out.append(v19.get_count("", cparent(cf), pred(names=["a"]), 9))
        return out


if R >= (3, 0):
    @scenario("rel_superzeroflush", "19", "read", keyspace_reset="cv_r_superzeroflush")
    def _superzeroflush():
        """a slice of count 0 of a Super column family on 3.x meeting a super column's range
        tombstone first (found by difftest.py): one a drop had flushed to an SSTable was
        answered, one still in the memtable failed on the server (the call timed out)"""
        ks = "cv_r_superzeroflush"
        out = setup(ks, cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                               subcomparator="UTF8Type"),
                    cf_def(ks, "Tmp", comparator="UTF8Type"))
        zero = lambda rev=False: pred(start="", finish="", reversed=rev, count=0)
        drop = lambda sc: mutation(deletion_=deletion(5, sc=sc))
        out += [v19.batch_mutate({"m": {"Sup": [drop("s1")]}}),
                v19.batch_mutate({"n": {"Sup": [drop("s1")]}}),
                v19.get_slice("m", cparent("Sup"), zero()),
                v19.system_drop_column_family("Tmp"),
                v19.get_slice("m", cparent("Sup"), zero()),
                v19.multiget_slice(["m", "n"], cparent("Sup"), zero()),
                v19.batch_mutate({"n": {"Sup": [drop("s0")]}}),
                v19.get_slice("n", cparent("Sup"), zero()),
                v19.get_slice("m", cparent("Sup"), zero(True))]
        return out


# ------------------------------------------------------------------------------ 2.2's CQL types, JSON, aggregates
if R >= (1, 2):
    @scenario("rel_types22", "19", "cql3", keyspace_reset="cv_r_types22")
    def _types22():
        """2.2's new CQL 3 types (date, time, smallint, tinyint), INSERT/SELECT JSON and
        toJson/fromJson, and the built-in aggregates (count, min, max, sum, avg), as an
        application written for 2.2 used them over Thrift; user-defined functions are off
        in the stock yaml. Sent to 1.2 to 2.1 too: what such an application met there"""
        ks = "cv_r_types22"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [v19.execute_cql3_query(q) for q in [
            "CREATE TABLE ev (id int, d date, t time, s smallint, y tinyint, v int, "
            "PRIMARY KEY (id, d))",
            "INSERT INTO ev (id, d, t, s, y, v) VALUES (1, '2015-05-03', '13:30:54.234', 12, "
            "3, 10) USING TIMESTAMP 10",
            "INSERT INTO ev (id, d, t, s, y, v) VALUES (1, '1970-01-01', '00:00:00', -32768, "
            "-128, 20) USING TIMESTAMP 10",
            "INSERT INTO ev (id, d, t, s, y, v) VALUES (1, '2262-04-11', '23:59:59.999999999', "
            "32767, 127, 30) USING TIMESTAMP 10",
            "INSERT INTO ev (id, d, t, s, y, v) VALUES (2, '1900-02-28', '1:2:3', 1, 1, 40) "
            "USING TIMESTAMP 10",
            "INSERT INTO ev (id, d, s, y) VALUES (2, 2147483648, 0, 0) USING TIMESTAMP 10",
            "INSERT INTO ev (id, d, t) VALUES (3, '2015-01-01', 3600000000000)",
            "INSERT INTO ev (id, d, t) VALUES (3, '2015-01-01', '3600000000000')",
            "INSERT INTO ev (id, d) VALUES (3, '-5877641-06-23')",
            "INSERT INTO ev (id, d, s) VALUES (3, '2015-01-01', 40000)",
            "INSERT INTO ev (id, d, y) VALUES (3, '2015-01-01', 200)",
            "INSERT INTO ev (id, d, s) VALUES (3, '2015-01-01', '12')",
            "INSERT INTO ev (id, d) VALUES (3, '2015-13-45')",
            "INSERT INTO ev (id, d) VALUES (3, 'yesterday')",
            "INSERT INTO ev (id, d, t) VALUES (3, '2015-01-01', '25:00:00')",
            "INSERT INTO ev (id, d, t) VALUES (3, '2015-01-01', 'noon')",
            "SELECT * FROM ev",
            "SELECT * FROM ev WHERE id = 1 AND d > '2000-01-01'",
            "SELECT d, t FROM ev WHERE id = 1 ORDER BY d DESC",
            "SELECT count(*), count(v), min(v), max(v), sum(v), avg(v) FROM ev",
            "SELECT min(s), max(s), sum(s), avg(s), min(y), max(y), sum(y), avg(y) FROM ev "
            "WHERE id = 1",
            "SELECT min(d), max(d), min(t), max(t) FROM ev",
            "SELECT COUNT(*) FROM ev WHERE id = 2",
            "SELECT COUNT(*) FROM ev LIMIT 2",
            ] + [
            # (3.x listed the known signatures in an order that changed from one start to
            # the next: left out there)
            "SELECT sum(d) FROM ev",
            "SELECT avg(t) FROM ev"] * (R < (3, 0)) + [
            "SELECT max(nope) FROM ev",
            "SELECT id, max(v) FROM ev WHERE id = 1",
            "SELECT JSON * FROM ev WHERE id = 1",
            "SELECT JSON id, v AS value, s FROM ev WHERE id = 2",
            "SELECT toJson(d), toJson(t), toJson(s), toJson(y) FROM ev WHERE id = 1",
            "SELECT JSON count(*) FROM ev",
            "INSERT INTO ev JSON '{\"id\": 4, \"d\": \"2016-01-01\", \"t\": \"01:02:03\", "
            "\"s\": 5, \"y\": \"6\", \"v\": 7}' USING TIMESTAMP 11",
            "INSERT INTO ev JSON '{\"id\": 4, \"d\": \"2016-01-02\"}' USING TIMESTAMP 11",
            "INSERT INTO ev JSON '{\"id\": 4, \"d\": \"2016-01-03\", \"nope\": 1}'",
            "INSERT INTO ev JSON '{\"id\": 4, \"d\": \"2016-01-03\", \"s\": \"x\"}'",
            "INSERT INTO ev JSON '{\"id\": 4}'",
            # (a JSON text that is not a map: the message names a Java object's identity hash)
            "INSERT INTO ev (id, d, v) VALUES (5, '2016-01-01', fromJson('8')) USING TIMESTAMP 12",
            "SELECT * FROM ev WHERE id IN (4, 5)",
            "SELECT JSON * FROM ev WHERE id = 4",
            "CREATE TABLE kinds (k text PRIMARY KEY, b bigint, f float, db double, dc decimal, "
            "vi varint, ts timestamp, u uuid, l list<int>, m map<text, int>, st set<text>, "
            "bl blob, bo boolean, i inet)",
            "INSERT INTO kinds (k, b, f, db, dc, vi, ts, u, l, m, st, bl, bo, i) VALUES ('a', 1, "
            "1.5, 2.25, 3.125, 12345678901234567890, '2015-05-03 13:30:54+0000', "
            "62c36092-82a1-3a00-93d1-46196ee77204, [1, 2], {'x': 1}, {'p', 'q'}, 0x0102, true, "
            "'127.0.0.1') USING TIMESTAMP 10",
            "INSERT INTO kinds (k, b, f, db, dc, vi) VALUES ('b', -5, -0.5, 1e10, -1.5, -3) "
            "USING TIMESTAMP 10",
            "SELECT sum(b), avg(b), sum(f), avg(f), sum(db), avg(db), sum(dc), avg(dc), "
            "sum(vi), avg(vi) FROM kinds",
            "SELECT min(k), max(k), min(ts), max(u), count(l) FROM kinds",
            "SELECT JSON * FROM kinds WHERE k = 'a'",
            "SELECT JSON k, b FROM kinds",
            "INSERT INTO kinds JSON '{\"k\": \"c\", \"l\": [3, 4], \"m\": {\"y\": 2}, "
            "\"bl\": \"0x0a0b\", \"ts\": 1430659854000, \"dc\": \"1.0\", \"bo\": \"true\"}' "
            "USING TIMESTAMP 13",
            "SELECT * FROM kinds WHERE k = 'c'",
            "SELECT toJson(m), toJson(l), toJson(bl), toJson(ts) FROM kinds WHERE k = 'a'",
            "CREATE FUNCTION twice (x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java "
            "AS 'return x * 2;'",
            "CREATE AGGREGATE total (int) SFUNC twice STYPE int",
            ] + [
            # (3.6's PER PARTITION LIMIT: a syntax error before; not emulated on 3.11)
            "SELECT * FROM ev WHERE id = 1 PER PARTITION LIMIT 1"] * (R != (3, 11)) + [
            "CREATE TABLE ev2 (id smallint PRIMARY KEY, y tinyint, t time)"]]
        if R < (3, 0):
            # 2.2 failed on the server there (the connection closed); 3.x stored a map it
            # read back in another form: left out
            out += [v19.execute_cql3_query(
                "INSERT INTO kinds (k, m) VALUES ('d', fromJson('{\"z\": 1}')) "
                "USING TIMESTAMP 15"), v19.set_keyspace(ks),
                v19.execute_cql3_query("SELECT k, m FROM kinds WHERE k = 'd'")]
        out += [v19.execute_cql3_query(q) for q in [
            "INSERT INTO ev2 (id, y, t) VALUES (7, 8, '10:00:00') USING TIMESTAMP 14",
            "SELECT * FROM ev2 WHERE id = 7",
            "SELECT * FROM ev2 WHERE token(id) > token(0)",
            "CREATE INDEX ON ev (s)",
            ]]
        return out


if CQL2 and R < (1, 2):
    @scenario("rel_cql2deletemissing", "19", "cql2", keyspace_reset="cv_r_cql2deletemissing")
    def _cql2deletemissing():
        """a CQL 2 DELETE of a column family the keyspace lacks, and in a keyspace USE let
        through (found by ordinary19m): 0.8 failed on the server (DeleteStatement read the key
        validator of the metadata it looked up before validating the column family), 1.0 and
        1.1 refused it; a BATCH's DELETE the same"""
        ks = "cv_r_cql2deletemissing"
        return [
            cql2("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY carts (KEY varchar PRIMARY KEY) WITH comparator = varchar"),
            cql2("UPDATE carts USING TIMESTAMP 1000 SET 'a' = 'b' WHERE KEY = 'c1'"),
            cql2("DELETE FROM cart USING TIMESTAMP 1001 WHERE KEY = 'c1'"),
            cql2("DELETE 'a' FROM cart WHERE KEY = 'c1'"),
            cql2("DELETE 'a' FROM carts USING TIMESTAMP 1001 WHERE KEY = 'c1'"),
            cql2("BEGIN BATCH USING TIMESTAMP 1002 UPDATE carts SET 'x' = 'y' WHERE KEY = 'c2' "
                 "DELETE FROM cart WHERE KEY = 'c1' APPLY BATCH"),
            cql2("SELECT * FROM carts WHERE KEY = 'c2'"),
            cql2("USE nosuch_%s" % ks),
            cql2("DELETE FROM carts WHERE KEY = 'c1'"),
            cql2("SELECT * FROM carts WHERE KEY = 'c1'"),
        ]

if CQL3_VIA_VERSION:
    @scenario("rel_cql3betatables", "19", "cql3", keyspace_reset="cv_r_cql3betatables")
    def _cql3betatables():
        """1.1's CQL 3 beta tables as Thrift saw them (found by ordinary19m): no bloom filter
        chance unless given, a COMPACT STORAGE table without clustering columns validating as
        text, a counter table's counter validator, an index made by CREATE INDEX in its
        column's definition; a table of key columns alone refused in the beta's words; prepared
        markers typed by short names; a COMPACT STORAGE table's value type as the default in a
        SELECT's metadata; the beta's own table properties (compaction_strategy_class, prefixed
        compaction and compression options, no LZ4Compressor; an ALTER keeping the chance); its
        grammar's INSERT of two columns at least, its words for counter misuse, for a keyspace
        name taken in another case and for what its migrations refused (the
        ConfigurationException's toString)"""
        ks = "cv_r_cql3betatables"
        ins_q = "INSERT INTO follows (userid, follower, since) VALUES (?, ?, ?)"
        return [
            v19.set_cql_version("3.0.0"),
            cql3("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE users (username text PRIMARY KEY, email text, age int)"),
            cql3("CREATE INDEX ON users (email)"),
            cql3("CREATE TABLE follows (userid text, follower text, since bigint, "
                 "PRIMARY KEY (userid, follower)) WITH COMPACT STORAGE"),
            cql3("CREATE TABLE tags (userid text, tag text, PRIMARY KEY (userid, tag)) "
                 "WITH COMPACT STORAGE"),
            cql3("CREATE TABLE pairs (a text, b text, PRIMARY KEY (a, b))"),
            cql3("CREATE TABLE latest (sensor text PRIMARY KEY, value double) "
                 "WITH COMPACT STORAGE"),
            cql3("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
            cql3("CREATE TABLE tuned (k text PRIMARY KEY, v text) "
                 "WITH bloom_filter_fp_chance = 0.05"),
            cql3("CREATE TABLE archive (k text PRIMARY KEY, v text) WITH "
                 "compaction_strategy_class = 'LeveledCompactionStrategy' AND "
                 "compaction_strategy_options:sstable_size_in_mb = 10 AND "
                 "compression_parameters:sstable_compression = 'SnappyCompressor' AND "
                 "compression_parameters:chunk_length_kb = 32"),
            cql3("CREATE TABLE loose (k text PRIMARY KEY, v text) WITH "
                 "compaction_strategy_options:min_threshold = 2"),
            cql3("CREATE TABLE thresholds (k text PRIMARY KEY, v text) WITH "
                 "min_compaction_threshold = 2"),
            cql3("CREATE TABLE modern (k text PRIMARY KEY, v text) WITH "
                 "compaction = {'class': 'LeveledCompactionStrategy'}"),
            cql3("CREATE TABLE fast (k text PRIMARY KEY, v text) WITH "
                 "compression_parameters:sstable_compression = 'LZ4Compressor'"),
            cql3("ALTER TABLE tuned WITH comment = 'kept chance'"),
            cql3("ALTER TABLE users WITH comment = 'no chance' AND gc_grace_seconds = 60"),
            describe_ks(ks),
            raw("prepare_cql_query", {1: b(ins_q), 2: W.i32(2)}),
            cql3("INSERT INTO follows (userid, follower, since) VALUES ('ann', 'bob', 5) "
                 "USING TIMESTAMP 1000"),
            cql3("SELECT * FROM follows WHERE userid = 'ann'"),
            cql3("SELECT * FROM users WHERE username = 'nobody'"),
            # the beta's words: a single column INSERT, a counter set, a plain column
            # incremented, schema changes its migration refused
            cql3("INSERT INTO users (username) VALUES ('cid')"),
            cql3("INSERT INTO users (username, age) VALUES ('cid')"),
            cql3("UPDATE hits SET n = 5 WHERE page = '/'"),
            cql3("UPDATE hits SET n = n + 1 WHERE page = '/'"),
            cql3("UPDATE users SET age = age + 1 WHERE username = 'ann'"),
            cql3("CREATE TABLE users (username text PRIMARY KEY, email text)"),
            cql3("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks.upper()),
            cql3("DROP TABLE nosuch"),
            cql3("DROP KEYSPACE nosuch_%s" % ks),
        ]


if CQL2 and R < (1, 2):
    @scenario("rel_cql2cfcompound", "19", "cql2", keyspace_reset="cv_r_cql2cfcompound")
    def _cql2cfcompound():
        """CREATE COLUMNFAMILY with compound property names (compression_parameters:...,
        compaction_strategy_options:...; found by ordinary19m): 0.8's grammar took plain
        identifiers only there (a parse error at the compound name), 1.0 on took them; ALTER
        with a type word the grammar lacked (its comparatorType a set of tokens: `mismatched
        input 'X' expecting set null`)"""
        ks = "cv_r_cql2cfcompound"
        return [
            cql2("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1" % ks),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY a (KEY text PRIMARY KEY) WITH comment = 'x' AND "
                 "compression_parameters:sstable_compression = 'SnappyCompressor'"),
            cql2("CREATE COLUMNFAMILY b (KEY text PRIMARY KEY) WITH "
                 "compaction_strategy_options:sstable_size_in_mb = 10"),
            cql2("CREATE COLUMNFAMILY c (KEY text PRIMARY KEY) WITH comment = 'plain'"),
            describe_ks(ks),
            # ALTER's type is a set of words: an unknown one is a mismatched set
            cql2("ALTER COLUMNFAMILY c ADD y blobby"),
            cql2("ALTER COLUMNFAMILY c ADD y 'UTF8Type'"),
            cql2("ALTER COLUMNFAMILY c ADD y text"),
            cql2("ALTER COLUMNFAMILY c ALTER y TYPE widechar"),
        ]


# ------------------------------------------------------------------------------ (key, token) ranges
if R >= (1, 2):
    @scenario("rel_keytokenrange", "19", "read", keyspace_reset="cv_r_keytokenrange")
    def _keytokenrange():
        """A KeyRange of a start key and an end token (ColumnFamilyRecordReader's wide-row
        paging, found by ordinary19n): ThriftValidation.validateKeyRange refused a key whose
        token sorts after the end token (`Start key's token sorts after end token`) unless the
        end is the minimum token; get_range_slices and get_paged_slice alike"""
        ks = "cv_r_keytokenrange"
        out = setup(ks, cf_def(ks, "Std", comparator="UTF8Type"))
        out.append(v19.batch_mutate({k: {"Std": [ins("c", "v", 1)]}
                                     for k in ("host00", "host01", "host02", "host03")}))
        for end in ("0", "-9223372036854775808", "9223372036854775807", "-5000000000000000000",
                    "3000000000000000000"):
            for key in ("host00", "host02"):
                out.append(v19.get_range_slices(cparent("Std"), pred(start="", count=5),
                                                key_range(start_key=key, end_token=end, count=10)))
        out += [v19.get_paged_slice("Std", key_range(start_key="host00", end_token="0", count=5),
                                    ""),
                v19.get_paged_slice("Std", key_range(start_key="host02", end_token="0", count=5),
                                    "")]
        return out


# ------------------------------------------------------------------------------ CQL 3 deletes and blobs
if R >= (1, 2):
    @scenario("rel_cqlkeysin", "19", "cql3", keyspace_reset="cv_r_cqlkeysin")
    def _cqlkeysin():
        """CQL 3 modifications met by ordinary19n: `IN` on a clustering column of an UPDATE or
        DELETE was refused before 3.0 (`Invalid operator IN for PRIMARY KEY part c`; on the
        partition key it was taken); a set's element deleted by `DELETE s['x']` was discarded
        from 2.0 (Sets.Discarder) while 1.2 failed on the server; a hex constant of an odd count
        of digits was refused (`cannot parse 'abc' as hex bytes`) and 1.2 still read a string
        constant as a blob's hex"""
        ks = "cv_r_cqlkeysin"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        T = 1400000000000000
        for q in ["CREATE TABLE t (k text, c int, v text, s set<text>, b blob, "
                  "PRIMARY KEY (k, c))"]:
            out.append(v19.execute_cql3_query(q))
        for k in ("a", "b"):
            for c in (1, 2, 3):
                out.append(v19.execute_cql3_query(
                    "INSERT INTO t (k, c, v, s) VALUES ('%s', %d, 'x', {'p', 'q'}) "
                    "USING TIMESTAMP %d" % (k, c, T)))
        for q in ["DELETE FROM t WHERE k = 'a' AND c IN (1, 2)",
                  "UPDATE t SET v = 'y' WHERE k = 'a' AND c IN (2, 3)",
                  "DELETE FROM t USING TIMESTAMP %d WHERE k IN ('a', 'b') AND c = 3" % (T + 1),
                  "UPDATE t USING TIMESTAMP %d SET v = 'z' WHERE k IN ('a', 'b') AND c = 2"
                  % (T + 1),
                  "SELECT k, c, v FROM t WHERE k IN ('a', 'b')",
                  "UPDATE t USING TIMESTAMP %d SET b = 0xabc WHERE k = 'a' AND c = 1" % (T + 1),
                  "UPDATE t USING TIMESTAMP %d SET b = 0xcafe WHERE k = 'a' AND c = 1" % (T + 1),
                  "UPDATE t USING TIMESTAMP %d SET b = 'beef' WHERE k = 'b' AND c = 1" % (T + 1),
                  "UPDATE t USING TIMESTAMP %d SET b = 'xyz' WHERE k = 'b' AND c = 2" % (T + 1),
                  "SELECT k, c, b FROM t WHERE k IN ('a', 'b')",
                  "DELETE s['p'] FROM t USING TIMESTAMP %d WHERE k = 'b' AND c = 1" % (T + 2)]:
            out += [v19.execute_cql3_query(q), v19.set_keyspace(ks)]
        out.append(v19.execute_cql3_query("SELECT k, c, s FROM t WHERE k = 'b'"))
        return out


# ------------------------------------------------------------------------------ comparator updates
if (1, 1) <= R < (3, 0):
    @scenario("rel_comparatorreread", "19", "schema", keyspace_reset="cv_r_comparatorreread")
    def _comparatorreread():
        """A Thrift update changing a UTF8Type comparator to BytesType with declared columns
        (WSO2 BAM's stream column families, found by ordinary19n; 1.1 by ordinary19o's schema
        tool): CFMetaData.toSchemaUpdate stored the names in the old comparator's words and the merge read them back by
        BytesType.fromString, which failed on the server (the connection closed); the schema
        stayed as it was"""
        ks = "cv_r_comparatorreread"
        meta = [column_def("meta_ip", M + "UTF8Type"), column_def("qty", M + "Int32Type")]
        out = setup(ks, cf_def(ks, "Ev", comparator="UTF8Type", column_metadata=meta))
        out += [v19.insert("r", cparent("Ev"), column("meta_ip", "10.0.0.1", 1)),
                v19.system_update_column_family(cf_def(ks, "Ev", comparator="BytesType",
                                                       column_metadata=meta)),
                v19.set_keyspace(ks),
                describe_ks(ks).mask("0/5/*/16"),
                v19.get_slice("r", cparent("Ev"), pred(start="", count=10)),
                v19.system_update_column_family(cf_def(ks, "Ev", comparator="BytesType")),
                v19.describe_keyspace(ks)]
        return out


# ------------------------------------------------------------------------------ user types grown
# (3.11 printed a column's type altered so as FrozenType(UserType(...)): not emulated)
if R >= (2, 1) and R != (3, 11):
    @scenario("rel_udtgrow", "19", "cql3", keyspace_reset="cv_r_udtgrow")
    def _udtgrow():
        """ALTER TYPE ADD of a type a table used in a list of frozen values and a frozen column
        (Apache James, found by ordinary19n): the table's collection kept compatible (2.1's
        TupleType.isCompatibleWith took the longer type), so values with the new field were
        written and read back; the older ones came without it"""
        ks = "cv_r_udtgrow"
        T = 1420000000000000
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [v19.execute_cql3_query(q) for q in [
            "CREATE TYPE addr (name text, mail text)",
            "CREATE TABLE m (k text, u int, a frozen<addr>, l list<frozen<addr>>, "
            "PRIMARY KEY (k, u))",
            "INSERT INTO m (k, u, a, l) VALUES ('x', 1, {name: 'a', mail: 'b'}, "
            "[{name: 'c', mail: 'd'}]) USING TIMESTAMP %d" % T,
            "ALTER TYPE addr ADD extra text",
            "INSERT INTO m (k, u, a) VALUES ('x', 2, {name: 'e', extra: 'f'}) "
            "USING TIMESTAMP %d" % T,
            "UPDATE m USING TIMESTAMP %d SET l = l + [{name: 'g', extra: 'h'}] "
            "WHERE k = 'x' AND u = 1" % (T + 1),
            "SELECT u, a, l FROM m WHERE k = 'x'",
            "ALTER TYPE addr ADD more int",
            "SELECT u, a FROM m WHERE k = 'x' AND u = 2"]]
        return out


# ------------------------------------------------------------------------------ 1.2's key type changes
if R == (1, 2):
    @scenario("rel_keyalter12", "19", "cql3", keyspace_reset="cv_r_keyalter12")
    def _keyalter12():
        """ALTER TABLE ... ALTER of a partition key column (cqlengine's sync_table, found by
        ordinary19n): 1.2.9's AlterTableStatement set the key's type as given (a counter
        refused); 1.2.12 asked isValueCompatibleWith (`types are incompatible.`)"""
        ks = "cv_r_keyalter12"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [v19.execute_cql3_query(q) for q in [
            "CREATE TABLE p (id uuid, c int, v text, PRIMARY KEY (id, c))",
            "CREATE TABLE q (a int, b text, v text, PRIMARY KEY ((a, b)))",
            "ALTER TABLE p ALTER id TYPE timeuuid",
            "ALTER TABLE p ALTER id TYPE counter",
            "ALTER TABLE q ALTER a TYPE text",
            "ALTER TABLE q ALTER b TYPE blob",
            "ALTER TABLE p ALTER c TYPE text",
            "SELECT column_name, validator FROM system.schema_columns WHERE keyspace_name = "
            "'cv_r_keyalter12' AND columnfamily_name = 'p'",
            "SELECT key_validator FROM system.schema_columnfamilies WHERE keyspace_name = "
            "'cv_r_keyalter12'"]]
        return out


# ------------------------------------------------------------------------------ schema rows of Thrift's and CQL's
if (1, 2) <= R < (3, 0):
    @scenario("rel_thriftaliases", "19", "schema", keyspace_reset="cv_r_thriftaliases")
    def _thriftaliases():
        """The schema_columnfamilies and schema_columns rows of column families Thrift made and
        of a CQL 3 index (an ETL tool reading Hector's column families, found by ordinary19n):
        2.0 and 2.1 wrote a Thrift family's default names (`["key"]`, `["column1"]`, `value`;
        1.2 and 2.2 none), and from 2.0 an index CREATE INDEX made had no options (1.2:
        `{"prefix_size":"1"}`)"""
        ks = "cv_r_thriftaliases"
        out = setup(ks, cf_def(ks, "Dyn", comparator="LongType"),
                    cf_def(ks, "Comp", comparator="CompositeType(UTF8Type,Int32Type)",
                           key_validation="CompositeType(UTF8Type,UTF8Type)"),
                    cf_def(ks, "Stat", comparator="UTF8Type",
                           column_metadata=[column_def("a", M + "UTF8Type")]))
        out.append(v19.system_add_column_family(cf_def(ks, "Dyn2", comparator="UTF8Type",
                                                       default_validation="LongType")))
        q = ("SELECT columnfamily_name, key_aliases, column_aliases, value_alias FROM "
             "system.schema_columnfamilies WHERE keyspace_name = '%s'" % ks)
        out += [v19.execute_cql3_query(q),
                v19.execute_cql3_query("CREATE TABLE t (k text, c int, v text, w int, "
                                       "PRIMARY KEY (k, c))"),
                v19.execute_cql3_query("CREATE TABLE s (k text PRIMARY KEY, v text)"),
                v19.execute_cql3_query("CREATE INDEX t_v ON t (v)"),
                v19.execute_cql3_query("CREATE INDEX ON s (v)"),
                v19.execute_cql3_query("ALTER TABLE \"Dyn\" RENAME key TO id"),
                v19.execute_cql3_query(q),
                v19.execute_cql3_query(
                    "SELECT columnfamily_name, column_name, index_name, index_type, index_options "
                    "FROM system.schema_columns WHERE keyspace_name = '%s'" % ks)]
        return out


# ------------------------------------------------------------------------------ plugins a node lacks (found by ordinary19p)
if (1, 2) <= R < (3, 0):
    @scenario("rel_plugins", "19", "index", keyspace_reset="cv_r_plugins")
    def _plugins():
        """CREATE CUSTOM INDEX and CREATE/DROP TRIGGER naming classes the node does not have
        (cassandra-lucene-index, an audit trigger): 1.2's and 2.0's checks of CUSTOM, USING
        and 2.0's `WITH options`, then the class loaded where the index was made, which
        failed on the server (the connection closed); a trigger's class refused, a missing
        trigger not found. 1.2's grammar had neither `WITH` after USING nor TRIGGER"""
        ks = "cv_r_plugins"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int PRIMARY KEY, a text, b text, m map<text, int>)",
            "CREATE CUSTOM INDEX ON t (a)",
            "CREATE INDEX ON t (a) USING 'org.example.Idx'",
            "CREATE INDEX ON t (a) WITH options = {'x': 'y'}",
            "CREATE CUSTOM INDEX ON t (a) USING 'org.example.Idx' WITH options = "
            "{'class_name': 'org.example.Other'}",
            "CREATE CUSTOM INDEX ON t (a) USING 'org.example.Idx' WITH foo = 1",
            "CREATE CUSTOM INDEX ON t (a) USING 'org.example.Idx' WITH options = 'z'",
            "CREATE CUSTOM INDEX ON t (zz) USING 'org.example.Idx'",
            "CREATE INDEX t_b ON t (b)",
            "CREATE CUSTOM INDEX ON t (b) USING 'org.example.Idx'",
            "CREATE CUSTOM INDEX IF NOT EXISTS ON t (b) USING 'org.example.Idx'",
            "CREATE CUSTOM INDEX ON t (m) USING 'org.example.Idx'"]]
        out += [v19.set_keyspace(ks),
                q("CREATE CUSTOM INDEX a_idx ON t (a) USING 'org.example.Idx' WITH options = "
                  "{'refresh': '1'}"),
                v19.set_keyspace(ks),
                q("SELECT column_name, index_name, index_type FROM system.schema_columns "
                  "WHERE keyspace_name = '%s' AND columnfamily_name = 't'" % ks)]
        out += [q(s) for s in [
            "CREATE TRIGGER tr ON t USING 'org.example.Trigger'",
            "CREATE TRIGGER tr ON nosuch USING 'org.example.Trigger'",
            "CREATE TRIGGER IF NOT EXISTS tr ON t USING 'org.example.Trigger'",
            "DROP TRIGGER tr ON t",
            "DROP TRIGGER IF EXISTS tr ON t",
            "DROP TRIGGER tr ON nosuch"]]
        if R < (2, 0):
            return out
        # a Thrift CfDef's triggers (19.37's field 43): kept as given, described, dropped
        trig = W.list_("struct", [W.struct({1: b("audit"), 2: W.map_("bin", "bin", [
            (b("class"), b("org.example.AuditTrigger"))])})])
        out += [v19.system_add_column_family(cf_def(ks, "Audited", comparator="UTF8Type",
                                                    extra={43: trig})),
                describe_ks(ks).mask("0/5/*/16"),
                q("ALTER TABLE \"Audited\" WITH comment = 'kept'"),
                describe_ks(ks).mask("0/5/*/16"),
                q("DROP TRIGGER audit ON \"Audited\""),
                q("DROP TRIGGER audit ON \"Audited\""),
                describe_ks(ks).mask("0/5/*/16"),
                v19.system_update_column_family(cf_def(ks, "Audited", comparator="UTF8Type",
                                                       extra={43: trig})),
                v19.system_update_column_family(cf_def(ks, "Audited", comparator="UTF8Type",
                                                       comment="no triggers")),
                v19.describe_keyspace(ks)]
        return out

    @scenario("rel_tokenwords", "19", "cql3", keyspace_reset="cv_r_tokenwords")
    def _tokenwords():
        """token() relations of a SELECT as each release judged them (a batch exporter's
        mistakes, found by ordinary19p): 1.2 to 2.1 split `token(a, b) > x` into one relation
        per column, checked each as it came and the value against the `partition key token`
        (the function's arguments against its signature: `Type error: ..`); 2.2 checked the
        columns first and typed the arguments as `arg0(system.token)`"""
        ks = "cv_r_tokenwords"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE u (name text PRIMARY KEY, age int)",
            "CREATE TABLE v (site text, day int, n int, PRIMARY KEY ((site, day), n))",
            "INSERT INTO u (name, age) VALUES ('user1', 1) USING TIMESTAMP 10",
            "INSERT INTO u (name, age) VALUES ('user3', 3) USING TIMESTAMP 10",
            "INSERT INTO u (name, age) VALUES ('user4', 4) USING TIMESTAMP 10",
            "INSERT INTO v (site, day, n) VALUES ('a', 1, 1) USING TIMESTAMP 10",
            "SELECT name FROM u WHERE token(name) > token('user1')",
            "SELECT name FROM u WHERE token(name) = token('user1')",
            "SELECT name FROM u WHERE token(name) > -9223372036854775807 AND token(name) < 0",
            "SELECT n FROM v WHERE token(site, day) >= token('a', 1)",
            "SELECT * FROM v WHERE token(site) > token('a')",
            "SELECT * FROM v WHERE token(site, day) > token('a')",
            "SELECT * FROM v WHERE token(day, site) > token(1, 'a')",
            "SELECT * FROM v WHERE token(site, day) > token('a', 'b')",
            "SELECT name FROM u WHERE token(name) > token('user3') AND name = 'user4'",
            "SELECT name FROM u WHERE token(name) > token(3)",
            "SELECT name FROM u WHERE token(age) > 0",
            "SELECT name FROM u WHERE token(name) > 'abc'",
            "SELECT name FROM u WHERE token(name) > 1.5",
            "SELECT name FROM u WHERE token(name) > 9223372036854775808"]]
        return out

    @scenario("rel_fcts22", "19", "cql3", keyspace_reset="cv_r_fcts22")
    def _fcts22():
        """An app written for 2.2 on every release (found by ordinary19p): 2.2's conversions
        of its new types (`blobAsSmallint`, `tinyintAsBlob`, ...) and its time functions
        (`toDate`, `toTimestamp`, `toUnixTimestamp` of a timeuuid, timestamp or date); a
        timestamp text no format reads (2.2's `Unable to coerce`); a key column in an IF
        (2.0 on); 1.2's empty batch and its words for a map given where a string was read; a
        compression map without its class (2.0 to 2.2)"""
        ks = "cv_r_fcts22"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE r (k text, day date, at timestamp, id timeuuid, s smallint, "
            "y tinyint, PRIMARY KEY (k, day))",
            "CREATE TABLE r2 (k text, day int, at timestamp, id timeuuid, PRIMARY KEY (k, day))",
            "INSERT INTO r (k, day, at, id, s, y) VALUES ('a', '2015-12-29', "
            "'2015-12-29 10:00:00+0000', 50554d6e-29bb-11e5-b345-feff819cdc9f, -5, 7) "
            "USING TIMESTAMP 10",
            "INSERT INTO r2 (k, day, at, id) VALUES ('a', 1, '2015-12-29 10:00:00+0000', "
            "50554d6e-29bb-11e5-b345-feff819cdc9f) USING TIMESTAMP 10",
            "SELECT blobAsSmallint(smallintAsBlob(s)), tinyintAsBlob(y) FROM r WHERE k = 'a'",
            "SELECT toDate(at), toDate(id), toTimestamp(day), toTimestamp(id) FROM r "
            "WHERE k = 'a'",
            "SELECT toUnixTimestamp(day), toUnixTimestamp(at), toUnixTimestamp(id) FROM r "
            "WHERE k = 'a'",
            "SELECT toDate(s) FROM r WHERE k = 'a'",
            "SELECT toUnixTimestamp(at), blobAsBigint(bigintAsBlob(day)) FROM r2 WHERE k = 'a'",
            "INSERT INTO r2 (k, day, at) VALUES ('b', 1, '01/06/2015')",
            "INSERT INTO r2 (k, day, at) VALUES ('b', 1, '2015-02-30')",
            "UPDATE r2 SET at = 0 WHERE k = 'a' AND day = 1 IF k = 'a'",
            "UPDATE r2 SET at = 0 WHERE k = 'a' AND day = 1 IF day = 1",
            "BEGIN BATCH APPLY BATCH",
            "BEGIN UNLOGGED BATCH SELECT * FROM r2 APPLY BATCH",
            "ALTER TABLE r2 WITH compression = {'chunk_length_kb': 64}",
            "ALTER TABLE r2 WITH compression = {'sstable_compression': 'SnappyCompressor', "
            "'chunk_length_kb': 64}",
            "ALTER TABLE r2 WITH compression = {}",
            "ALTER TABLE r2 WITH caching = {'keys': 'ALL'}",
            "ALTER TABLE r2 WITH comment = {'a': 'b'}",
            "ALTER TABLE r2 WITH compaction = 'LeveledCompactionStrategy'"]]
        return out

    @scenario("rel_udtfrozen", "19", "cql3", keyspace_reset="cv_r_udtfrozen")
    def _udtfrozen():
        """An address book of nested user types and tuples (found by ordinary19p): 2.1 to 3.x
        named a user type's and a tuple's components without `FrozenType(..)` (implicit in
        them), a user type named bare as a field was refused as a column's was; 1.2 and 2.0's
        words for a counter in a collection"""
        ks = "cv_r_udtfrozen"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE bad (k int PRIMARY KEY, m map<text, counter>)",
            "CREATE TABLE bad (k int PRIMARY KEY, l list<counter>)"]]
        if R < (2, 1):
            return out
        out += [q(s) for s in [
            "CREATE TYPE phone (kind text, number text)",
            "CREATE TYPE addr (street text, phones list<frozen<phone>>, tags set<text>, "
            "m map<text, frozen<list<int>>>)",
            "CREATE TYPE bad1 (inner phone)",
            "CREATE TYPE bad2 (ps list<phone>)",
            "CREATE TABLE p (id int PRIMARY KEY, home frozen<addr>, "
            "t tuple<int, frozen<list<text>>, frozen<phone>>, hs map<text, frozen<addr>>)",
            "INSERT INTO p (id, home, t) VALUES (1, {street: 's', phones: [{kind: 'm', "
            "number: '1'}], tags: {'a'}, m: {'x': [1, 2]}}, (1, ['a'], {kind: 'k', "
            "number: '2'})) USING TIMESTAMP 10",
            "UPDATE p USING TIMESTAMP 11 SET hs['w'] = {street: 'w'} WHERE id = 1",
            "SELECT home, t, hs FROM p WHERE id = 1",
            "SELECT home.phones, home.m FROM p WHERE id = 1",
            "SELECT column_name, validator FROM system.schema_columns WHERE keyspace_name = "
            "'cv_r_udtfrozen' AND columnfamily_name = 'p'"]]
        return out


if (2, 0) <= R < (3, 0):
    @scenario("rel_casnovalue", "19", "cql3", keyspace_reset="cv_r_casnovalue")
    def _casnovalue():
        """cas() of a column expected without a value (a job-claim queue's 'expect absent',
        found by ordinary19p): 2.0 to 2.2 built the expected cells with their values and
        failed on the server (the connection closed) after the key and updates were checked"""
        ks = "cv_r_casnovalue"

        def cas(key, expected, updates, serial=9, commit=ONE):
            return raw("cas", {1: b(key), 2: b("jobs"), 3: W.list_("struct", expected),
                               4: W.list_("struct", updates), 5: W.i32(serial),
                               6: W.i32(commit)})
        out = setup(ks, cf_def(ks, "jobs", comparator="UTF8Type", key_validation="UTF8Type",
                               default_validation="UTF8Type"))
        out += [v19.insert("j1", cparent("jobs"), column("state", "new", 10)),
                cas("j1", [column("owner", None, None)], [column("owner", "w1", 20)]),
                v19.set_keyspace(ks),
                cas("j1", [column("state", "new", None), column("owner", None, None)],
                    [column("owner", "w1", 20)]),
                v19.set_keyspace(ks),
                cas("j1", [column("owner", None, None)], [column("owner", "w1", 20)],
                    serial=ONE),
                v19.set_keyspace(ks),
                cas("", [column("owner", None, None)], [column("owner", "w1", 20)]),
                cas("j1", [column("state", "old", None)], [column("owner", "w1", 20)]),
                v19.get_slice("j1", cparent("jobs"), pred(start="", count=10))]
        return out


# ------------------------------------------------------------------------------ a dropped column added again (found by ordinary19p)
if (1, 2) <= R < (3, 0):
    @scenario("rel_dropreadd", "19", "cql3", keyspace_reset="cv_r_dropreadd")
    def _dropreadd():
        """A schema-evolution tool dropping a column and adding one of the same name again
        (another type too): from 2.0 the cells written before the drop stay hidden
        (`CFMetaData.droppedColumns`), writes after it show; Thrift reads do not see them
        either. 1.2's grammar had no ALTER ... DROP"""
        ks = "cv_r_dropreadd"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE ev (id text, seq int, tag text, n int, PRIMARY KEY (id, seq))",
            "INSERT INTO ev (id, seq, tag, n) VALUES ('a', 1, 't1', 1) USING TIMESTAMP 1000",
            "INSERT INTO ev (id, seq, tag, n) VALUES ('a', 2, 't2', 2) USING TIMESTAMP 1000",
            "INSERT INTO ev (id, seq, tag) VALUES ('b', 1, 't3') USING TIMESTAMP 1000",
            "ALTER TABLE ev DROP tag",
            "SELECT * FROM ev",
            "ALTER TABLE ev ADD tag text",
            "SELECT id, seq, tag, n FROM ev",
            "INSERT INTO ev (id, seq, tag) VALUES ('a', 1, 'new') USING TIMESTAMP 2000",
            "INSERT INTO ev (id, seq, tag) VALUES ('a', 2, 'old') USING TIMESTAMP 1500",
            "SELECT id, seq, tag FROM ev",
            "ALTER TABLE ev DROP n",
            "ALTER TABLE ev ADD n bigint",
            "SELECT id, seq, n FROM ev WHERE id = 'a'"]]
        out += [v19.get_slice("a", cparent("ev"), pred(start="", count=100)),
                v19.get_count("b", cparent("ev"), pred(start="", count=100))]
        return out


# ------------------------------------------------------------------------------ LocalStrategy keyspaces (found by ordinary19q)
if R < (1, 2):
    @scenario("rel_localstrategy", "19", "schema", keyspace_reset="cv_r_localstrategy")
    def _localstrategy():
        """A provisioning tool making a keyspace of LocalStrategy (copied from the system
        keyspace's definition): 0.7 took it, on add and on update, and served its data; 0.8
        on refused it (`LocalStrategy is reserved for internal use.`)"""
        ks = "cv_r_localstrategy"
        local = "org.apache.cassandra.locator.LocalStrategy"

        def ksd(name, strategy, cfs=()):
            f = {1: b(name), 2: b(strategy), 5: W.list_("struct", list(cfs))}
            if R < (0, 8):
                f[4] = W.i32(1)
            else:
                f[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
            return W.struct(f)
        return [
            v19.system_add_keyspace(ksd(ks, local, [cf_def(ks, "T", comparator="UTF8Type")])),
            describe_ks(ks).mask("0/5/*/16"),
            v19.set_keyspace(ks),
            v19.insert("k1", cparent("T"), column("c", "v", 10)),
            v19.get_slice("k1", cparent("T"), pred(start="", count=10), QUORUM),
            v19.get_range_slices(cparent("T"), pred(start="", count=10),
                                 key_range(start_key="", end_key="", count=10)),
            v19.system_update_keyspace(ksd(ks, "org.apache.cassandra.locator.SimpleStrategy")),
            describe_ks(ks).mask("0/5/*/16"),
            v19.system_update_keyspace(ksd(ks, "LocalStrategy")),
            describe_ks(ks).mask("0/5/*/16"),
            v19.get_slice("k1", cparent("T"), pred(start="", count=10)),
            v19.system_drop_keyspace(ks),
        ]


# ------------------------------------------------------------------------------ CQL 2 ascii terms (found by ordinary19q)
if (0, 8) <= R < (2, 0):
    @scenario("rel_cql2ascii", "19", "cql2", keyspace_reset="cv_r_cql2ascii")
    def _cql2ascii():
        """A CQL 2 app writing accented text into ascii columns, names and keys: the term was
        read by AsciiType.fromString (Java's US-ASCII getBytes), each character it could not
        map stored as '?', none refused"""
        ks = "cv_r_cql2ascii"
        q = lambda s: v19.execute_cql_query(s, 2)
        return [
            q("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
              "AND strategy_options:replication_factor = 1" % ks),
            q("USE %s" % ks),
            q("CREATE COLUMNFAMILY codes (KEY ascii PRIMARY KEY, label ascii) "
              "WITH comparator = ascii AND default_validation = ascii"),
            q("INSERT INTO codes (KEY, label) VALUES ('eur', '\u20ac uro') USING TIMESTAMP 1000"),
            q("INSERT INTO codes (KEY, label, 'caf\u00e9') VALUES ('caf\u00e9', 'cr\u00e8me', "
              "'\U0001F600') USING TIMESTAMP 1000"),
            q("SELECT * FROM codes WHERE KEY = 'eur'"),
            q("SELECT * FROM codes WHERE KEY = 'caf?'"),
            q("SELECT 'caf\u00e9', label FROM codes WHERE KEY = 'caf\u00e9'"),
            q("UPDATE codes USING TIMESTAMP 1001 SET label = '\u65e5\u672c' WHERE KEY = 'eur'"),
            q("SELECT label FROM codes WHERE KEY = 'eur'"),
            v19.get_slice("caf?", cparent("codes"), pred(start="", count=10)),
        ]


# ------------------------------------------------------------------------------ blanks around a type's name (found by ordinary19q)
if R < (1, 2):
    @scenario("rel_typeblanks", "19", "schema", keyspace_reset="cv_r_typeblanks")
    def _typeblanks():
        """A schema template leaving blanks around type names: 0.7 loaded the class by the
        name as sent (`Unable to find abstract-type class '...UTF8Type '`), for comparators,
        sub-comparators and validators alike; 0.8 on read the name with TypeParser,
        blanks skipped"""
        ks = "cv_r_typeblanks"
        out = setup(ks)
        tries = [dict(comparator="UTF8Type "),
                 dict(comparator=" LongType"),
                 dict(comparator=M + "AsciiType "),
                 dict(column_type="Super", comparator="UTF8Type", subcomparator="LongType "),
                 dict(comparator="UTF8Type", default_validation=" UTF8Type"),
                 dict(comparator="UTF8Type",
                      column_metadata=[column_def("age", "LongType ")])]
        for i, kw in enumerate(tries):
            out.append(v19.system_add_column_family(cf_def(ks, "cf%d" % i, **kw)))
        out.append(v19.describe_keyspace(ks))
        return out


# ------------------------------------------------------------------------------ user statements on a stock node (found by ordinary19r)
if (1, 2) <= R < (3, 0):
    @scenario("rel_authanon", "19", "cql3", keyspace_reset="cv_r_authanon")
    def _authanon():
        """A provisioning script's user, permission and (2.2) role statements on a node with the
        stock AllowAllAuthenticator: the session's user is anonymous, refused in each release's
        order of checks (1.2 validated the options first; 2.0 and 2.1 asked for a superuser
        first; 2.2's role manager), a login with credentials changing nothing"""
        ks = "cv_r_authanon"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks)]
        stmts = ["CREATE USER app WITH PASSWORD 'pw'", "CREATE USER app",
                 "CREATE USER 'ops user' WITH PASSWORD 'pw' SUPERUSER",
                 "CREATE USER app NOSUPERUSER", "CREATE USER ''",
                 "ALTER USER app WITH PASSWORD 'pw2'", "ALTER USER app SUPERUSER",
                 "ALTER USER anonymous WITH PASSWORD 'pw2'", "ALTER USER anonymous NOSUPERUSER",
                 "ALTER USER anonymous", "ALTER USER app",
                 "DROP USER app", "DROP USER anonymous", "LIST USERS",
                 "GRANT ALL ON ALL KEYSPACES TO app", "GRANT MODIFY PERMISSION ON KEYSPACE %s TO app" % ks,
                 "GRANT SELECT ON %s.nosuch TO app" % ks, "REVOKE AUTHORIZE ON TABLE %s.t FROM app" % ks,
                 "LIST ALL", "LIST SELECT PERMISSION OF app NORECURSIVE",
                 "LIST ALL PERMISSIONS ON KEYSPACE %s" % ks,
                 "CREATE USER", "CREATE USER 5", "LIST"]
        if R >= (2, 0):
            stmts += ["CREATE USER IF NOT EXISTS app", "DROP USER IF EXISTS app"]
        if R >= (2, 2):
            stmts += ["CREATE ROLE ops", "CREATE ROLE ops WITH SUPERUSER = true",
                      "CREATE ROLE ops WITH LOGIN = true AND PASSWORD = 'x'",
                      "CREATE ROLE ops WITH OPTIONS = {'a': 'b'}", "CREATE ROLE IF NOT EXISTS ops",
                      "ALTER ROLE ops WITH LOGIN = false", "ALTER ROLE ops",
                      "ALTER ROLE anonymous WITH LOGIN = true", "DROP ROLE IF EXISTS ops",
                      "LIST ROLES", "LIST ROLES OF app NORECURSIVE", "GRANT ops TO app",
                      "REVOKE ops FROM app", "GRANT EXECUTE ON ALL FUNCTIONS TO app",
                      "LIST ALL PERMISSIONS ON ROLE ops"]
        out += [q(s) for s in stmts]
        out += [v19.login({"username": "app", "password": "pw"}),
                q("CREATE USER app WITH PASSWORD 'pw'"), q("LIST USERS"),
                v19.prepare_cql3_query("LIST USERS")]
        return out


# ------------------------------------------------------------------------------ function names as written (found by ordinary19r)
if (1, 2) <= R < (3, 0):
    @scenario("rel_fnnames", "19", "cql3", keyspace_reset="cv_r_fnnames")
    def _fnnames():
        """A cache layer's selections through functions: before 2.2 a result column is named by
        the function as the statement wrote it (`blobAsText(k)`, `DATEOF(t)`), 2.2 by its
        system name; a function's type errors name it in lower case; an unknown conversion
        (`blobAsUnknown`) is named as written before 2.2"""
        ks = "cv_r_fnnames"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE c (k blob PRIMARY KEY, n bigint, t timeuuid, s text)",
            "INSERT INTO c (k, n, t, s) VALUES (textAsBlob('a'), 7, "
            "a00dd800-b1f2-11e2-9234-0a0b0c0d0e0f, 'x') USING TIMESTAMP 10",
            "SELECT blobAsText(k), BIGINTASBLOB(n), DateOf(t), unixtimestampof(t), "
            "textAsBlob(s), Token(k) FROM c",
            "SELECT blobastext(textasblob(s)) FROM c",
            "SELECT dateOf(s) FROM c", "SELECT UNIXTIMESTAMPOF(n) FROM c",
            "SELECT textAsBlob(n) FROM c", "SELECT blobAsUnknown(k) FROM c",
            "SELECT noSuchFn(k) FROM c", "SELECT writeTime(s), TTL(s) FROM c"]]
        out += [v19.prepare_cql3_query("SELECT blobAsText(k), dateOf(t) FROM c")]
        return out


# ------------------------------------------------------------------------------ IN on a partition key part (found by ordinary19r)
if (1, 2) <= R < (3, 0):
    @scenario("rel_partin", "19", "cql3", keyspace_reset="cv_r_partin")
    def _partin():
        """A report over (sensor, day) partitions: 1.2 to 2.1 refused an IN on a partition key
        part but the last (2.2 read every combination; 1.2 took an IN of one value as an EQ), after the parts before it were
        restricted"""
        ks = "cv_r_partin"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE r (s text, d int, h int, v int, PRIMARY KEY ((s, d), h))",
            "INSERT INTO r (s, d, h, v) VALUES ('a', 1, 0, 1) USING TIMESTAMP 10",
            "INSERT INTO r (s, d, h, v) VALUES ('b', 1, 0, 2) USING TIMESTAMP 10",
            "INSERT INTO r (s, d, h, v) VALUES ('a', 2, 0, 3) USING TIMESTAMP 10",
            "SELECT s, d, v FROM r WHERE s IN ('a', 'b') AND d = 1",
            "SELECT s, d, v FROM r WHERE s = 'a' AND d IN (2, 1)",
            "SELECT s, d, v FROM r WHERE s IN ('a', 'b') AND d IN (1, 2)",
            "SELECT s, d, v FROM r WHERE s IN ('a') AND d = 1 AND h = 0",
            "SELECT s, d, v FROM r WHERE d = 1 AND s IN ('b', 'a')",
            "SELECT s, d, v FROM r WHERE s IN ('a', 'b')",
            "SELECT s, d, v FROM r WHERE d IN (1, 2)"]]
        return out


# ------------------------------------------------------------------------------ CQL 3 over Thrift: what a schema change and a write meet (found by difftest --cql3)
if R >= (1, 2):
    @scenario("rel_cql3fates", "19", "cql3", keyspace_reset="cv_r_cql3fates")
    def _cql3fates():
        """A CQL 3 application over Thrift, as difftest.py --cql3 found it differing from 2.1:
        prepared statements across schema changes (2.1 on forgot a table's statements when its
        columns or indexes changed or it was dropped; 3.x kept them when only a key column was
        renamed); a COMPACT table's missing or empty clustering value; a key column assigned a
        constant of the wrong type; a list set or deleted by index before it has elements;
        2.1's caching map and the rows per partition it kept; a static column's condition on a
        partition without rows"""
        ks = "cv_r_cql3fates"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"),
                q("CREATE TABLE u (k text PRIMARY KEY, v text)")]
        sel, ins = "SELECT v FROM t WHERE k = ?", "INSERT INTO t (k, c, v) VALUES (?, ?, ?)"
        other = "SELECT v FROM u WHERE k = ?"
        both = "BEGIN BATCH INSERT INTO u (k, v) VALUES (?, 'b'); " \
               "UPDATE t SET v = 'b' WHERE k = ? AND c = 1; APPLY BATCH"

        def run(text, vals):
            return v19.execute_prepared_cql3_query(thrift_id(ks, text), vals)
        one = b"\x00\x00\x00\x01"
        prepare = [v19.prepare_cql3_query(x) for x in (sel, ins, other, both)]
        runs = [run(sel, ["a"]), run(ins, ["a", one, "x"]), run(other, ["a"]),
                run(both, ["a", "a"])]
        out += prepare + runs
        # (a statement kept across a change of a column it names ran as it
        # was prepared: rel_preparedkeep)
        changes = ["ALTER TABLE t WITH comment = 'kept'", "ALTER TABLE t ADD w int",
                   "CREATE INDEX t_v ON t (v)", "DROP INDEX t_v"]
        if (2, 1) <= R < (3, 0):
            changes += ["ALTER TABLE t DROP w", "ALTER TABLE t RENAME k TO k2"]
        for change in changes:
            out += [q(change)] + runs + prepare
        # (1.2 ran a kept statement of a dropped table, and its write failed
        # on the server)
        out += [q("DROP TABLE t")] + (runs if R >= (2, 0) else [])
        # a COMPACT table's clustering value missing or empty
        out += [q("CREATE TABLE cd (k text, c text, v text, PRIMARY KEY (k, c)) "
                  "WITH COMPACT STORAGE"),
                q("CREATE TABLE cd2 (k text, c text, d int, v text, PRIMARY KEY (k, c, d)) "
                  "WITH COMPACT STORAGE")]
        # (1.2.9 wrote an empty name, which its flush then failed on)
        empty = [] if RELEASE == "1.2.9" else [
            "INSERT INTO cd (k, c, v) VALUES ('a', '', 'x') USING TIMESTAMP 10",
            "UPDATE cd USING TIMESTAMP 11 SET v = 'y' WHERE k = 'b' AND c = ''"]
        out += [q(s) for s in [
            "INSERT INTO cd (k, v) VALUES ('a', 'x')",
            "UPDATE cd SET v = 'y' WHERE k = 'a'"] + empty + [
            "INSERT INTO cd2 (k, v) VALUES ('a', 'x')"] + (
            # (3.x's words for the gap are not emulated)
            ["INSERT INTO cd2 (k, d, v) VALUES ('a', 1, 'x')"] if R < (3, 0) else []) + [
            "SELECT * FROM cd"]]
        # a key column assigned
        out += [q("CREATE TABLE n (k int, c blob, v int, PRIMARY KEY (k, c))"),
                q("CREATE TABLE cnt (page blob PRIMARY KEY, hits counter)")]
        out += [q(s) for s in [
            "UPDATE n SET k = 'x' WHERE k = 1 AND c = 0x00",
            "UPDATE n SET k = 5 WHERE k = 1 AND c = 0x00",
            "UPDATE n SET c = 'x' WHERE k = 1 AND c = 0x00",
            "UPDATE n SET c = 0x01, v = 'z' WHERE k = 1 AND c = 0x00",
            "UPDATE n SET k = k + 1 WHERE k = 1 AND c = 0x00",
            "UPDATE cnt SET page = 'k1' WHERE hits = 5",
            "UPDATE cnt SET page = 0x01 WHERE page = 0x02"]]
        # a list by index
        out += [q("CREATE TABLE l (k int PRIMARY KEY, xs list<int>, tag text)")]
        out += [q(s) for s in [
            "UPDATE l SET xs[0] = 42 WHERE k = 1",
            "DELETE xs[0] FROM l WHERE k = 1",
            "INSERT INTO l (k, tag) VALUES (2, 't') USING TIMESTAMP 10",
            "UPDATE l SET xs[1] = 42 WHERE k = 2",
            "UPDATE l USING TIMESTAMP 12 SET xs = [7] WHERE k = 3",
            "UPDATE l SET xs[1] = 42 WHERE k = 3",
            "DELETE xs[2] FROM l WHERE k = 3",
            "UPDATE l SET xs = xs - [7] WHERE k = 4",
            "SELECT * FROM l"]]
        if R >= (2, 0):
            out += [q("CREATE TABLE st (k text, c int, s text static, v text, "
                      "PRIMARY KEY (k, c))")]
            out += [q(s) for s in [
                "UPDATE st SET s = 'x' WHERE k = 'p' IF s = null",
                "SELECT * FROM st WHERE k = 'p'",
                "INSERT INTO st (k, c, v) VALUES ('r', 1, 'v') USING TIMESTAMP 10",
                "UPDATE st SET s = 'y' WHERE k = 'r' IF s = null",
                "UPDATE st SET s = 'z' WHERE k = 'q' IF s = 'w'",
                "UPDATE st SET v = 'z' WHERE k = 'q' AND c = 1 IF v = null",
                "TRUNCATE st",
                "UPDATE st SET s = 'x' WHERE k = 'r' IF s = null",
                "SELECT * FROM st"]]
        if R >= (2, 1):
            sel_cf = ("SELECT columnfamily_name, caching FROM system.schema_columnfamilies "
                      "WHERE keyspace_name = '%s'" % ks)
            out += [q("CREATE TABLE ca (k text, c text, v text, PRIMARY KEY (k, c)) WITH "
                      "COMPACT STORAGE AND caching = {'keys': 'ALL', 'rows_per_partition': "
                      "'ALL'}"),
                    q("CREATE TABLE cb (k text, c text, v text, PRIMARY KEY (k, c)) WITH "
                      "COMPACT STORAGE AND caching = {'keys': 'NONE', 'rows_per_partition': "
                      "'010'}"),
                    describe_ks(ks), q(sel_cf),
                    q("ALTER TABLE ca WITH caching = {'keys': 'ALL', 'rows_per_partition': "
                      "'NONE'}")]
            if R < (3, 0):
                # a legacy name (3.x: a map only)
                out += [q("CREATE TABLE cc (k text, c text, v text, PRIMARY KEY (k, c)) WITH "
                          "COMPACT STORAGE AND caching = 'rows_only'"),
                        q("ALTER TABLE cb WITH caching = 'all'")]
            out += [describe_ks(ks), q(sel_cf)]
        return out


# ------------------------------------------------------------------------------ columns an update adds (found by ordinary19s)
if (1, 1) <= R < (3, 0):
    @scenario("rel_preparedkeep", "19", "cql3", keyspace_reset="cv_r_preparedkeep")
    def _preparedkeep():
        """Prepared statements across their table's column changes: 1.2 and 2.0 ran one as
        the table was when it was prepared (a SELECT * answers the columns it had then, an
        INSERT still writes a column dropped since, a bound value meets the type before ALTER
        ... TYPE, a renamed key keeps its old name); 2.1 on forgot them. Last, a prepared
        SELECT of the dropped table (1.2.9 checked its key, then its read closed the
        connection)"""
        ks = "cv_r_preparedkeep"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"),
                q("INSERT INTO t (k, c, v) VALUES ('a', 1, 'x') USING TIMESTAMP 10")]
        star, ins = "SELECT * FROM t WHERE k = ?", "INSERT INTO t (k, c, v) VALUES (?, ?, ?)"
        insw = "INSERT INTO t (k, c, w) VALUES (?, ?, ?)"
        upd = "UPDATE t SET v = ? WHERE k = ? AND c = ?"

        def run(text, vals):
            return v19.execute_prepared_cql3_query(thrift_id(ks, text), vals)

        def i32(n):
            return n.to_bytes(4, "big", signed=True)
        look = "SELECT * FROM t WHERE k = 'a'"
        out += [v19.prepare_cql3_query(x) for x in (star, ins, upd)]
        out += [run(star, ["a"]), run(ins, ["a", i32(2), "y"])]
        out += [q("ALTER TABLE t ADD w int"), run(star, ["a"]), q(look),
                run(ins, ["a", i32(3), "z"]),
                v19.prepare_cql3_query(insw), v19.prepare_cql3_query(star),
                run(insw, ["a", i32(3), i32(7)]), run(star, ["a"])]
        out += [q("ALTER TABLE t DROP w"), run(insw, ["a", i32(4), i32(8)]), run(star, ["a"]),
                q(look)]
        out += [q("ALTER TABLE t ALTER v TYPE blob"), run(upd, [b"\xff", "a", i32(1)]),
                run(upd, ["q", "a", i32(1)]), run(star, ["a"]), q(look)]
        out += [q("ALTER TABLE t RENAME k TO kk"), run(star, ["a"]),
                run(ins, ["b", i32(1), "r"]), q("SELECT * FROM t")]
        out += [q("DROP TABLE t"), run(star, ["a"]), run(star, [""])]
        return out

    @scenario("rel_livecolumns", "19", "schema", keyspace_reset="cv_r_livecolumns")
    def _livecolumns():
        """pycassa's alter_column and create_index, one update each: 1.1 to 2.2 put an update's
        new columns into the live definition's HashMap (CFMetaData.apply), so `year` added
        before `site` (both in bucket 7) is listed first; a column family made with both lists
        them by name (the schema rows filled its map); a column dropped and declared again
        comes after the others of its bucket. 1.1 wants the id in an update."""
        ks = "cv_r_livecolumns"
        cid = {16: W.i32(1000)} if R < (1, 2) else {}

        def devices(*cols):
            return cf_def(ks, "Devices", comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=list(cols), extra=cid)

        year = column_def("year", M + "IntegerType")
        site = column_def("site", "UTF8Type", KEYS_INDEX, "Devices_site_idx")
        country = column_def("country", "UTF8Type")
        out = setup(ks, cf_def(ks, "Devices", comparator="UTF8Type", default_validation="UTF8Type"))
        out += [v19.system_update_column_family(devices(year)),
                v19.system_update_column_family(devices(year, site)),
                describe_ks(ks),
                v19.system_update_column_family(devices(site)),
                v19.system_update_column_family(devices(site, year, country)),
                describe_ks(ks),
                v19.system_add_column_family(cf_def(ks, "Both", comparator="UTF8Type",
                                                    column_metadata=[year, country,
                                                                     column_def("site",
                                                                                "UTF8Type")])),
                describe_ks(ks)]
        return out


# ------------------------------------------------------------------------------ 1.1's update without its id (found by ordinary19s)
if R == (1, 1):
    @scenario("rel_updateid11", "19", "schema", keyspace_reset="cv_r_updateid11")
    def _updateid11():
        """1.1's system_update_column_family built its CFMetaData (CFMetaData.fromThrift)
        before it failed an update without the column family's id on the server: the
        definition took the counter's next id, so the next column family made came one
        higher; an update of a missing column family, or of a comparator it could not parse,
        took none."""
        ks = "cv_r_updateid11"
        ks2 = "cv_r_updateid11b"
        out = [v19.system_drop_keyspace(ks2)]
        out += setup(ks, cf_def(ks, "A", comparator="UTF8Type"))
        out += [v19.system_update_column_family(cf_def(ks, "Missing", comparator="UTF8Type")),
                v19.system_update_column_family(cf_def(ks, "A", comparator="NoSuchType")),
                v19.system_add_keyspace(ks_def(ks2, [cf_def(ks2, "B")])),
                v19.system_update_column_family(cf_def(ks, "A", comparator="UTF8Type",
                                                       comment="no id")),
                v19.system_add_keyspace(ks_def(ks2 + "x", [cf_def(ks2 + "x", "C")])),
                v19.describe_keyspaces(),
                v19.system_drop_keyspace(ks2),
                v19.system_drop_keyspace(ks2 + "x")]
        return out



# ------------------------------------------------------------------------------ Thrift writes into CQL 3 tables (found by ordinary19r)
def _comp(*parts):
    """A CompositeType name: each component length-prefixed, end-of-component 0."""
    out = b""
    for p in parts:
        p = p.encode() if isinstance(p, str) else p
        out += len(p).to_bytes(2, "big") + p + b"\x00"
    return out


def _i32(n):
    return n.to_bytes(4, "big", signed=True)


if (1, 2) <= R < (3, 0):
    @scenario("rel_thriftcql3", "19", "cql3", keyspace_reset="cv_r_thriftcql3")
    def _thriftcql3():
        """A legacy Thrift tool's calls on tables made by CQL 3: 1.2 on checked a value by the
        validator of the CQL 3 column its name's component named (getColumnDefinitionFromColumnName);
        2.0 on (ThriftValidation.validateColumnNames of a table not Thrift compatible) refused a
        name of too few components, a component naming no column (2.0: nor a key column), a
        collection element of a column that is no collection, in every call that validates
        names: insert, batch_mutate, cas, add, get, remove, a names predicate, a deletion's"""
        ks = "cv_r_thriftcql3"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE people (id text PRIMARY KEY, name text, age int)"),
                q("CREATE TABLE ev (k text, c int, v text, n int, PRIMARY KEY (k, c))"),
                q("CREATE TABLE coll (k text PRIMARY KEY, s set<text>, v text)"),
                q("CREATE TABLE cnt (k text PRIMARY KEY, n counter)"),
                q("CREATE TABLE kv (k text, c int, v int, PRIMARY KEY (k, c)) "
                  "WITH COMPACT STORAGE")]
        P = lambda k, name, value, t=10: v19.insert(k, cparent("people"),
                                                    column(name, value, t))
        out += [P(b"u1", _comp("name"), "Ann"),
                P(b"u1", _comp("age"), _i32(31)),
                P(b"u1", _comp(""), b""),
                P(b"u2", _comp("age"), b""),
                P(b"u2", _comp("email"), "x@y"),
                P(b"u2", _comp("id"), "u2"),
                P(b"u2", _comp("age"), "old"),
                P(b"u2", _comp("name"), b"\xff\xfe"),
                P(b"u2", b"name", "plain")]
        E = lambda name, value: v19.insert(b"e1", cparent("ev"), column(name, value, 10))
        out += [E(_comp(_i32(1), "v"), "x"),
                E(_comp(_i32(1), "n"), _i32(7)),
                E(_comp(_i32(1), "n"), "abc"),
                E(_comp(_i32(1), ""), b""),
                E(_comp(_i32(2), "c"), _i32(2)),
                E(_comp(_i32(2), "k"), "e1"),
                E(_comp(_i32(2), "nope"), "x")]
        if R >= (2, 0):
            # 1.2 looked past the end of the name's components (an internal error)
            out.append(E(_comp(_i32(3)), "x"))
        C = lambda name, value: v19.insert(b"c1", cparent("coll"), column(name, value, 10))
        out += [C(_comp("v"), "x"),
                C(_comp("s", "a"), b""),
                C(_comp("v", "a"), "x"),
                C(_comp("nope", "a"), "x")]
        out += [v19.batch_mutate({b"u3": {"people": [ins(_comp("name"), "Cy", 10),
                                                     ins(_comp("email"), "c@y", 10)]}}),
                v19.batch_mutate({b"u3": {"people": [ins(_comp("name"), "Cy", 10),
                                                     ins(_comp("age"), "x", 10)]}}),
                v19.batch_mutate({b"u1": {"people": [mutation(deletion_=deletion(
                    20, predicate=pred(names=[_comp("email")])))]}}),
                v19.batch_mutate({b"u1": {"people": [mutation(deletion_=deletion(
                    5, predicate=pred(names=[_comp("name")])))]}}),
                v19.get(b"u1", cpath("people", col=_comp("age"))),
                v19.get(b"u1", cpath("people", col=_comp("email"))),
                v19.get_slice(b"u1", cparent("people"), pred(names=[_comp("name"),
                                                                   _comp("email")])),
                v19.get_slice(b"u1", cparent("people"), pred(start=_comp("email"), count=10)),
                v19.get_count(b"u1", cparent("people"), pred(names=[_comp("nope")])),
                v19.multiget_slice([b"u1"], cparent("people"), pred(names=[_comp("age")])),
                v19.remove(b"u1", cpath("people", col=_comp("email")), 30),
                v19.remove(b"u2", cpath("people", col=_comp("age")), 30),
                v19.add(b"n1", cparent("cnt"), counter_column(_comp("n"), 1)),
                v19.add(b"n1", cparent("cnt"), counter_column(_comp("m"), 1)),
                v19.insert(b"p1", cparent("kv"), column(_i32(1), _i32(5), 10)),
                v19.insert(b"p1", cparent("kv"), column(_i32(2), "bad", 10))]
        if R >= (2, 0):
            cas = lambda updates: raw("cas", {
                1: b("u4"), 2: b("people"), 3: W.list_("struct", []),
                4: W.list_("struct", updates), 5: W.i32(9), 6: W.i32(ONE)})
            out += [cas([column(_comp("email"), "d@y", 10)]),
                    cas([column(_comp("age"), "old", 10)]),
                    cas([column(_comp("name"), "Di", 10)])]
        out += [v19.get_slice(b"u1", cparent("people"), pred(start="", count=10)),
                v19.get_slice(b"u2", cparent("people"), pred(start="", count=10)),
                v19.get_slice(b"e1", cparent("ev"), pred(start="", count=20)),
                v19.get_slice(b"c1", cparent("coll"), pred(start="", count=10)),
                q("SELECT id, name, age FROM people"),
                q("SELECT k, c, v, n FROM ev"),
                q("SELECT k, s, v FROM coll")]
        return out


# ------------------------------------------------------------------------------ a table's default TTL on every write path (found by ordinary19r)
if R >= (2, 0):
    @scenario("rel_defaultttl", "19", "ttl", keyspace_reset="cv_r_defaultttl")
    def _defaultttl():
        """2.0 to 2.2 made every cell they created with a TTL of 0 (Column.create, 2.1's
        AbstractCell.create) expire after the table's default_time_to_live: a CQL write without
        USING TTL or with USING TTL 0 (the row marker, a collection's elements), a conditional
        one, a batch's, Thrift's insert, batch_mutate and cas (which dropped a column's own
        TTL); not a tombstone nor a counter"""
        ks = "cv_r_defaultttl"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE d (k text, c text, v text, PRIMARY KEY (k, c)) WITH COMPACT "
                  "STORAGE AND default_time_to_live = 600"),
                q("CREATE TABLE t (k text, c text, v text, s set<text>, PRIMARY KEY (k, c)) "
                  "WITH default_time_to_live = 3600"),
                q("CREATE TABLE n (k text PRIMARY KEY, v counter) WITH default_time_to_live = 60"),
                q("INSERT INTO d (k, c, v) VALUES ('a', 'x', '1') USING TIMESTAMP 10"),
                q("INSERT INTO d (k, c, v) VALUES ('a', 'y', '2') USING TTL 0 AND TIMESTAMP 10"),
                q("INSERT INTO d (k, c, v) VALUES ('a', 'z', '3') USING TTL 50 AND TIMESTAMP 10"),
                q("UPDATE d USING TIMESTAMP 10 SET v = '4' WHERE k = 'b' AND c = 'x'"),
                q("INSERT INTO d (k, c, v) VALUES ('c', 'x', '5') IF NOT EXISTS"),
                q("BEGIN BATCH USING TIMESTAMP 10 INSERT INTO d (k, c, v) VALUES ('b', 'y', '6'); "
                  "INSERT INTO d (k, c, v) VALUES ('b', 'z', '7') USING TTL 40; APPLY BATCH"),
                q("DELETE FROM d USING TIMESTAMP 10 WHERE k = 'b' AND c = 'w'"),
                v19.insert(b"e", cparent("d"), column("a", "8", 10)),
                v19.insert(b"e", cparent("d"), column("b", "9", 10, ttl=30)),
                v19.batch_mutate({b"e": {"d": [ins("c", "10", 10), ins("d", "11", 10, ttl=20),
                                               mutation(deletion_=deletion(
                                                   10, predicate=pred(names=["x"])))]}}),
                raw("cas", {1: b("f"), 2: b("d"), 3: W.list_("struct", []),
                            4: W.list_("struct", [column("a", "12", 10),
                                                  column("b", "13", 10, ttl=25)]),
                            5: W.i32(9), 6: W.i32(ONE)}),
                v19.remove(b"e", cpath("d", col="q"), 10)]
        for key in ("a", "b", "c", "e", "f"):
            # c: a conditional insert, f: cas, written at the Paxos ballot's (server) time
            read = v19.get_slice(key.encode(), cparent("d"), pred(start="", count=10))
            out.append(read.mask("0/*/1/3") if key in ("c", "f") else read)
        out += [q("INSERT INTO t (k, c, v, s) VALUES ('a', 'x', '1', {'p', 'q'}) "
                  "USING TIMESTAMP 10"),
                q("UPDATE t USING TIMESTAMP 10 SET s = s + {'r'} WHERE k = 'a' AND c = 'y'"),
                q("UPDATE t USING TTL 0 AND TIMESTAMP 10 SET v = '2' WHERE k = 'a' AND c = 'y'"),
                v19.get_slice(b"a", cparent("t"), pred(start="", count=20)),
                q("UPDATE n SET v = v + 1 WHERE k = 'a'"),
                q("SELECT k, v FROM n"),
                q("ALTER TABLE d WITH default_time_to_live = 0"),
                q("INSERT INTO d (k, c, v) VALUES ('g', 'x', '1') USING TIMESTAMP 10"),
                v19.insert(b"g", cparent("d"), column("y", "2", 10)),
                v19.get_slice(b"g", cparent("d"), pred(start="", count=10))]
        return out


# ------------------------------------------------------------------------------ what a driver reads of system.local and system.peers (found by ordinary19r)
if R >= (1, 2):
    @scenario("rel_localcols", "19", "cql3", keyspace_reset="cv_r_localcols")
    def _localcols():
        """The columns (names, types, order) of system.local and system.peers as each release
        defined them, read as the DataStax drivers read them at connect; the node's own values
        (tokens, addresses, ids, generation) masked"""
        q = v19.execute_cql3_query
        vals = "0/2/*/2/*/2"
        return [q("SELECT * FROM system.local WHERE key = 'local'").mask(vals),
                q("SELECT * FROM system.local WHERE key = 'remote'"),
                q("SELECT * FROM system.peers"),
                q("SELECT key, bootstrapped, cluster_name, cql_version, data_center, "
                  "native_protocol_version, partitioner, rack, release_version, thrift_version "
                  "FROM system.local"),
                q("SELECT truncated_at, gossip_generation, tokens, host_id, schema_version "
                  "FROM system.local").mask(vals),
                q("SELECT rpc_address, broadcast_address, listen_address FROM system.local")
                .mask(vals),
                q("SELECT peer, preferred_ip, host_id, tokens FROM system.peers"),
                q("SELECT workload FROM system.local")]
# ------------------------------------------------------------------------------ indexes on key parts (found by ordinary19r)
if R >= (1, 2) and R < (3, 0):
    @scenario("rel_keyindex", "19", "cql3", keyspace_reset="cv_r_keyindex")
    def _keyindex():
        """2.0's secondary indexes on a clustering column and on a part of a composite
        partition key (1.2 refused both as PRIMARY KEY parts): their default names (taken
        names get a suffix), a name taken twice, IF NOT EXISTS, the schema rows and Thrift's
        description; SELECTs an EQ on such a part answers through the index (with and without
        the rest of the key, with another restriction, COUNT, LIMIT, after an update and a
        delete), the relations that need ALLOW FILTERING or are refused, ORDER BY; DROP INDEX
        (a qualified name from 2.1), a RENAME of an indexed column, DROP TABLE freeing the
        names"""
        ks = "cv_r_keyindex"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE p (blog text, year int, id int, author text, "
              "PRIMARY KEY ((blog, year), id))"),
            q("CREATE TABLE t2 (k int, c1 int, c2 text, v int, PRIMARY KEY (k, c1, c2))"),
            q("CREATE INDEX ON p (id)"),
            q("CREATE INDEX p_year ON p (year)"),
            q("CREATE INDEX ON p (id)"),
            q("CREATE INDEX p_year ON p (author)"),
            q("CREATE INDEX ON t2 (c2)"),
            q("CREATE INDEX t2_c1_idx ON t2 (v)"),
            q("CREATE INDEX ON t2 (c1)"),
        ]
        if R >= (2, 0):
            out += [
                q("CREATE INDEX IF NOT EXISTS ON p (id)"),
            ]
            out += [q("SELECT column_name, component_index, index_name, index_options, "
                      "index_type, type FROM system.schema_columns WHERE keyspace_name = '%s' "
                      "AND columnfamily_name = '%s'" % (ks, t)) for t in ("p", "t2")]
        out += [describe_ks(ks)]
        for i in range(1, 7):
            out.append(q("INSERT INTO p (blog, year, id, author) VALUES ('b%d', %d, %d, '%s') "
                         "USING TIMESTAMP 10" % (i % 2, 2012 + i % 3, i, "ann" if i < 4 else
                                                 "bob")))
        for k, c1, c2, v in [(1, 1, "x", 1), (1, 2, "x", 2), (1, 2, "y", 3), (2, 1, "x", 4),
                             (3, 3, "z", 5)]:
            out.append(q("INSERT INTO t2 (k, c1, c2, v) VALUES (%d, %d, '%s', %d) "
                         "USING TIMESTAMP 10" % (k, c1, c2, v)))
        out += [
            q("SELECT blog, year, id, author FROM p WHERE id = 3"),
            q("SELECT * FROM p WHERE year = 2013"),
            q("SELECT id FROM p WHERE id = 99"),
            q("SELECT id FROM p WHERE blog = 'b1' AND year = 2013"),
            q("SELECT id FROM p WHERE blog = 'b1' AND year = 2013 AND id = 1"),
            q("SELECT id FROM p WHERE year = 2013 AND id = 4"),
            q("SELECT id FROM p WHERE year = 2013 AND id = 4 ALLOW FILTERING"),
            q("SELECT id FROM p WHERE year = 2013 AND id > 1"),
            q("SELECT id FROM p WHERE year = 2013 AND id > 1 ALLOW FILTERING"),
            q("SELECT id FROM p WHERE id = 3 AND author = 'ann'"),
            q("SELECT id FROM p WHERE id = 3 AND author = 'ann' ALLOW FILTERING"),
            q("SELECT id FROM p WHERE id = 3 AND year = 2012"),
            q("SELECT id FROM p WHERE id = 3 AND year = 2012 ALLOW FILTERING"),
            q("SELECT id FROM p WHERE id > 2"),
            q("SELECT id FROM p WHERE id > 2 ALLOW FILTERING"),
            q("SELECT id FROM p WHERE year > 2012"),
            q("SELECT id FROM p WHERE year IN (2012, 2013)"),
            q("SELECT id FROM p WHERE blog = 'b1' AND year IN (2012, 2013) AND id = 3"),
            q("SELECT id FROM p WHERE blog = 'b1'"),
            q("SELECT id FROM p WHERE id = 3 ORDER BY id DESC"),
            q("SELECT COUNT(*) FROM p WHERE year = 2013"),
            q("SELECT id FROM p WHERE year = 2013 LIMIT 1"),
            q("SELECT k, c1, c2, v FROM t2 WHERE c2 = 'x'"),
            q("SELECT k, c1, c2 FROM t2 WHERE k = 1 AND c2 = 'x'"),
            q("SELECT k, c1, c2 FROM t2 WHERE c1 = 2 AND c2 = 'x'"),
            q("SELECT k, c1, c2 FROM t2 WHERE c1 = 2"),
            q("SELECT k, c1, c2 FROM t2 WHERE k = 1 AND c1 = 2 AND c2 = 'y'"),
            q("SELECT k, c2 FROM t2 WHERE c2 = 'x' AND v = 4 ALLOW FILTERING"),
            q("UPDATE p USING TIMESTAMP 20 SET author = 'zed' WHERE blog = 'b1' AND year = 2013 "
              "AND id = 1"),
            q("DELETE FROM p USING TIMESTAMP 20 WHERE blog = 'b0' AND year = 2013 AND id = 4"),
            q("SELECT id, author FROM p WHERE year = 2013"),
            q("DELETE FROM t2 USING TIMESTAMP 20 WHERE k = 1 AND c1 = 1 AND c2 = 'x'"),
            q("SELECT k, c1 FROM t2 WHERE c2 = 'x'"),
        ]
        # (1.2.19 went on reading a renamed clustering column by its old
        # name: left out there, where no key column had an index.)
        if R >= (2, 0):
            out += [q("ALTER TABLE t2 RENAME c2 TO c3"), q("ALTER TABLE p RENAME id TO ident")]
        out += [
            q("DROP INDEX p_id_idx"),
            q("DROP INDEX p_id_idx"),
            q("SELECT id FROM p WHERE id = 3"),
            q("DROP INDEX %s.p_year" % ks),
            q("SELECT id FROM p WHERE year = 2013"),
        ]
        if R >= (2, 0):
            out += [q("ALTER TABLE p RENAME id TO ident")]
        out += [
            q("DROP TABLE t2"),
            q("CREATE TABLE t2 (k int, c1 int, c2 text, v int, PRIMARY KEY (k, c1, c2))"),
            q("CREATE INDEX ON t2 (c2)"),
            q("CREATE INDEX ON t2 (k)"),
        ]
        if R >= (2, 0):
            out += [q("SELECT column_name, index_name, type FROM system.schema_columns WHERE "
                      "keyspace_name = '%s' AND columnfamily_name = '%s'" % (ks, t))
                    for t in ("p", "t2")]
        return out


# ------------------------------------------------------------------------------ clustering restriction refusals (found by ordinary19r)
if R >= (1, 2):
    @scenario("rel_clusterwords", "19", "cql3", keyspace_reset="cv_r_clusterwords")
    def _clusterwords():
        """each release's words for a clustering column restricted after one that is not, or
        after a slice: 1.2's `PRIMARY KEY part c cannot be restricted (preceding part b is
        either not restricted or by a non-EQ relation)`, 2.0/2.1's `PRIMARY KEY column "c"
        .. (preceding column "b" is not restricted)` / `is restricted by a non-EQ relation)`
        naming the column just before it, 2.2's `.. as preceding column "b" is not restricted`
        naming the first left out, and `Clustering column "c" .. (preceding column "b" is
        restricted by a non-EQ relation)`"""
        ks = "cv_r_clusterwords"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE r (s text, d int, h int, m int, v int, "
                  "PRIMARY KEY ((s, d), h, m))"),
                q("CREATE TABLE r3 (k int, a int, b int, c int, v int, "
                  "PRIMARY KEY (k, a, b, c))")]
        for h, m in [(0, 0), (0, 30), (1, 0), (1, 30)]:
            out.append(q("INSERT INTO r (s, d, h, m, v) VALUES ('s1', 2, %d, %d, 1)" % (h, m)))
        w = "SELECT h, m FROM r WHERE s = 's1' AND d = 2 AND "
        for rel in ["m = 0", "h > 0 AND m > 0", "h > 0 AND m = 0", "h >= 0 AND h < 1 AND m > 0",
                    "h IN (0, 1) AND m = 0", "h = 1 AND m IN (0, 30)", "h = 1 AND m > 0"]:
            out.append(q(w + rel))
        w3 = "SELECT * FROM r3 WHERE k = 1 AND "
        for rel in ["a = 1 AND c = 1", "b = 1 AND c = 1", "c = 1", "a > 0 AND c = 1",
                    "a > 0 AND b = 1", "a = 1 AND b > 0 AND c = 1", "b > 1"]:
            out.append(q(w3 + rel))
        return out

    @scenario("rel_markernames", "19", "cql3", keyspace_reset="cv_r_markernames")
    def _markernames():
        """the names a prepared statement's markers are given (VariableSpecifications from
        2.0): a named marker `:n` names its receiver `n` whatever it binds (a column, TTL,
        TIMESTAMP, LIMIT, IN), 2.1 on printing a `ColumnSpecification{name=n, ..}` (and `IN ?`'s
        list frozen); a LIMIT bound to a value of 3 bytes, 0, -1, 5 bytes, or an empty one (which
        failed on the server: the connection closed)"""
        ks = "cv_r_markernames"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out.append(q("CREATE TABLE u (id int PRIMARY KEY, name text, age int, l list<int>, "
                     "m map<text, int>)"))
        out.append(q("INSERT INTO u (id, name, age) VALUES (1, 'ann', 30)"))
        texts = ["INSERT INTO u (id, name, age) VALUES (:id, :name, :age) USING TTL :ttl AND "
                 "TIMESTAMP :ts",
                 "INSERT INTO u (id, name) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?",
                 "UPDATE u USING TTL :t SET name = :n WHERE id = :k",
                 "UPDATE u SET l = l + :x, m[:k] = :v WHERE id = 1",
                 "UPDATE u SET l[:i] = :x WHERE id = 1",
                 "DELETE FROM u USING TIMESTAMP :ts WHERE id = :id",
                 "SELECT * FROM u WHERE id IN :ids",
                 "SELECT * FROM u WHERE id IN ?",
                 "SELECT * FROM u WHERE id IN (:a, :b) LIMIT :lim",
                 "SELECT * FROM u WHERE id = 1 LIMIT ?",
                 "SELECT * FROM u WHERE token(id) > token(:t)",
                 "SELECT * FROM u WHERE token(id) > :t",
                 "UPDATE u SET age = :age WHERE id = ?",
                 "UPDATE u SET age = :x WHERE id = :x",
                 "SELECT * FROM u WHERE id = :\"Quoted\"",
                 "SELECT * FROM u WHERE id = 1 LIMIT :lim"]
        if R < (2, 0):
            # 1.2's grammar had no named marker, `IN ?` nor `LIMIT ?` (the rest is ANTLR's
            # recovery from the colons, not emulated)
            texts = ["SELECT * FROM u WHERE id IN :ids", "SELECT * FROM u WHERE id IN ?",
                     "SELECT * FROM u WHERE id = 1 LIMIT ?"]
        out += [v19.prepare_cql3_query(t) for t in texts]
        lim = "SELECT * FROM u WHERE id = 1 LIMIT ?"
        out += [v19.execute_prepared_cql3_query(thrift_id(ks, lim), [v])
                for v in [b"\x00\x00\x00\x02", b"\x00\x00\x01", b"\x00\x00\x00\x00",
                          b"\xff\xff\xff\xff", b"", b"\x00\x00\x00\x00\x01"]]
        return out

    @scenario("rel_deleteends", "19", "cql3", keyspace_reset="cv_r_deleteends")
    def _deleteends():
        """DELETE's mistakes: its USING takes TIMESTAMP only (a TTL is a syntax error, 2.1 on
        quoting it); a statement cut short (`DELETE FROM t`, `CREATE USER`, `GRANT .. ON
        KEYSPACE`): ANTLR's end token had no position, so 2.1's snippet was left off; and a
        named column of a row whose clustering key is not given whole (2.0's `Missing
        mandatory PRIMARY KEY part`; 2.1 and 2.2 failed an assertion and closed the
        connection, so this is the scenario's last call)"""
        ks = "cv_r_deleteends"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE t (k text, c int, d int, v text, s text static, "
                  "PRIMARY KEY (k, c, d))"),
                q("INSERT INTO t (k, c, d, v) VALUES ('a', 1, 1, 'x')"),
                q("DELETE FROM t USING TTL 10 WHERE k = 'a'"),
                q("DELETE FROM t USING TIMESTAMP 5 AND TTL 10 WHERE k = 'a'"),
                q("DELETE FROM t USING TTL"),
                q("DELETE FROM t"),
                q("DELETE FROM t WHERE"),
                q("DELETE FROM t WHERE k ="),
                q("DELETE v FROM"),
                q("SELECT *"),
                q("SELECT * FROM"),
                q("SELECT * FROM t WHERE"),
                q("INSERT INTO t (k) VALUES"),
                q("UPDATE t SET"),
                q("CREATE USER"),
                q("DROP USER"),
                q("GRANT SELECT ON KEYSPACE"),
                q("CREATE TABLE x (k int PRIMARY KEY"),
                q("DELETE FROM t\n"),
                q("DELETE FROM t WHERE k = 'a' AND c = 1 AND d IN (1,"),
                q("DELETE s FROM t WHERE k = 'a'"),
                q("DELETE v FROM t WHERE k = 'a' AND c = 1 AND d = 1"),
                q("SELECT * FROM t"),
                q("DELETE v FROM t WHERE k = 'a' AND c = 1")]
        return out

    @scenario("rel_fnargs", "19", "cql3", keyspace_reset="cv_r_fnargs")
    def _fnargs():
        """a function's arguments checked against its declared types (2.0's
        FunctionCall.Raw: `Type error: 42 cannot be passed as argument 0 of function
        textasblob of type text`, 2.2 naming it `system.textasblob`), and blobAsX of a value of
        the wrong size in a selection (`In call to function blobasbigint, value 0x.. is not a
        valid binary representation for type bigint`, from 2.0)"""
        ks = "cv_r_fnargs"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE c (k blob PRIMARY KEY, v blob, t text, i int)"),
                q("INSERT INTO c (k, v) VALUES (textAsBlob('a'), bigintAsBlob(9))"),
                q("INSERT INTO c (k, v) VALUES (textAsBlob('b'), textAsBlob('nine'))"),
                q("INSERT INTO c (k, v) VALUES (textAsBlob('c'), 0x)"),
                q("INSERT INTO c (k, v, t) VALUES (textAsBlob(42), 0x01, 'x')"),
                q("INSERT INTO c (k, v) VALUES (textAsBlob(1.5), 0x01)"),
                q("INSERT INTO c (k, v) VALUES (intAsBlob('x'), 0x01)"),
                q("INSERT INTO c (k, v) VALUES (bigintAsBlob(0x01), 0x01)"),
                q("INSERT INTO c (k, v) VALUES (textAsBlob(null), 0x01)"),
                q("SELECT blobAsBigint(v) FROM c WHERE k = textAsBlob('a')"),
                q("SELECT blobAsBigint(v) FROM c WHERE k = textAsBlob('b')"),
                q("SELECT blobAsBigint(v) FROM c WHERE k = textAsBlob('c')"),
                q("SELECT blobAsInt(v) FROM c WHERE k = textAsBlob('a')"),
                q("SELECT blobAsText(v) FROM c WHERE k = textAsBlob('b')"),
                q("SELECT blobAsBoolean(v) FROM c WHERE k = textAsBlob('b')"),
                q("SELECT blobAsUuid(v) FROM c WHERE k = textAsBlob('a')"),
                q("SELECT k FROM c WHERE k = textAsBlob(7)"),
                q("SELECT k FROM c WHERE k = blobAsText(0x61)"),
                q("UPDATE c SET t = blobAsText(5) WHERE k = 0x61"),
                q("UPDATE c SET i = blobAsInt(0x0102) WHERE k = 0x61"),
                q("SELECT i FROM c WHERE k = 0x61")]
        return out


if R < (1, 2):
    @scenario("rel_namelengths", "19", "schema", keyspace_reset="cv_r_namelengths")
    def _namelengths():
        """0.7 to 1.0 took any `\\w+` as a keyspace, column family or index name, however
        long (Migration.isLegalName; 1.1's CFMetaData.isNameValid added the 48-character
        bound), and 0.7 refused an index name that is not a word in AddColumnFamily's and
        UpdateColumnFamily's words (`Invalid index name: ..`; 0.8's validateCfDef said
        `Illegal index name ..`)."""
        ks = "cv_r_namelengths"
        long_cf = "Events_of_every_customer_account_kept_for_the_audit_log"
        long_ks = "cv_r_namelengths_keyspace_of_more_than_forty_eight_chars"
        idx = lambda name, n: column_def(n, "UTF8Type", KEYS_INDEX, name)
        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "Plain", comparator="UTF8Type")])),
            v19.set_keyspace(ks),
            v19.system_add_column_family(cf_def(ks, long_cf, comparator="UTF8Type")),
            v19.system_add_column_family(cf_def(ks, "G" * 49)),
            v19.system_add_column_family(cf_def(ks, "Idx", comparator="UTF8Type",
                                                column_metadata=[idx("i" * 60, "a")])),
            v19.system_add_column_family(cf_def(ks, "BadIdx", comparator="UTF8Type",
                                                column_metadata=[idx("bad-index name", "a")])),
            v19.system_add_column_family(cf_def(ks, "BadIdx2", comparator="UTF8Type",
                                                column_metadata=[idx("", "a")])),
            v19.system_update_column_family(cf_def(ks, "Plain", comparator="UTF8Type",
                                                   column_metadata=[idx("no way", "a")])),
            v19.describe_keyspace(ks).mask("0/5/*/16"),
            v19.insert("k", cparent(long_cf), column("c", "v", 1)),
            v19.get_slice("k", cparent(long_cf), pred(start="", count=10)),
            v19.system_drop_column_family(long_cf),
            v19.system_add_keyspace(ks_def(long_ks)),
            v19.describe_keyspace(long_ks),
            v19.set_keyspace(long_ks),
            v19.system_drop_keyspace(long_ks),
            v19.system_add_keyspace(ks_def("K" * 49 + "-x")),
        ]
        return out

    @scenario("rel_systemupdate", "19", "schema", keyspace_reset="cv_r_systemupdate")
    def _systemupdate():
        """0.7 and 0.8 took a system_update_keyspace of the system keyspace like any other
        (their handlers checked only the session's access and the name; 1.0 added
        validateKeyspaceNotSystem): its strategy and options replaced, described so after."""
        ks = "cv_r_systemupdate"
        out = [
            v19.system_update_keyspace(ks_def("system")),
            v19.describe_keyspace("system").mask("0/5/*/16"),
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "A", comparator="UTF8Type")])),
            v19.set_keyspace(ks),
            v19.insert("k", cparent("A"), column("c", "v", 1)),
            v19.get_slice("k", cparent("A"), pred(start="", count=10)),
            v19.system_update_keyspace(ks_def("System")),
        ]
        return out

    @scenario("rel_defaultindexname", "19", "schema", keyspace_reset="cv_r_defaultindexname")
    def _defaultindexname():
        """0.8 and 1.0 named each unnamed index before validating a CfDef they add
        (CFMetaData.addDefaultIndexNames, by the comparator's getString), in
        system_add_column_family and each column family of system_add_keyspace: a column
        name the comparator cannot read failed on the server there, where a named index's
        was refused by validateCfDef."""
        ks = "cv_r_defaultindexname"
        keys = lambda n, name=None: column_def(n, "UTF8Type", KEYS_INDEX, name)
        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "A", comparator="UTF8Type")])),
            v19.set_keyspace(ks),
            v19.system_add_column_family(cf_def(ks, "L1", comparator="LongType",
                                                column_metadata=[keys("abc")])),
            v19.system_add_column_family(cf_def(ks, "L2", comparator="LongType",
                                                column_metadata=[keys("abc", "l2_abc")])),
            v19.system_add_column_family(cf_def(ks, "L3", comparator="LongType",
                                                column_metadata=[keys(long_(7))])),
            v19.system_add_column_family(cf_def(ks, "U1", comparator="UTF8Type",
                                                column_metadata=[keys(b"\xff\xfe")])),
            v19.system_add_column_family(cf_def(ks, "N1", comparator="LongType",
                                                column_metadata=[column_def("abc", "UTF8Type")])),
            v19.describe_keyspace(ks).mask("0/5/*/16"),
            v19.system_add_keyspace(ks_def(ks + "2", [
                cf_def(ks + "2", "B", comparator="UTF8Type"),
                cf_def(ks + "2", "L", comparator="LongType", column_metadata=[keys("abc")])])),
            v19.describe_keyspace(ks + "2"),
            v19.system_add_keyspace(ks_def(ks + "3", [
                cf_def(ks + "3", "L", comparator="LongType",
                       column_metadata=[keys("abc", "named")])])),
            v19.system_drop_keyspace(ks + "2"),
        ]
        return out

if (0, 8) <= R < (1, 2):
    @scenario("rel_cql2extraneous", "19", "cql2", keyspace_reset="cv_r_cql2extraneous")
    def _cql2extraneous():
        """CQL 2's ANTLR recovery at a statement's end (`endStmnt: ';'? EOF`): one token
        too many before the end was deleted and reported as `extraneous input 'x' expecting
        EOF`, two or more as `mismatched input`; an INSERT naming no column besides the key
        (or giving no value besides it) met `( ',' term )+` matching nothing: `required
        (...)+ loop did not match anything at input ')'`."""
        ks = "cv_r_cql2extraneous"
        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "T", comparator="UTF8Type",
                                                       default_validation="UTF8Type")])),
            v19.set_keyspace(ks),
        ]
        for q in ["SELECT * FROM T WHERE KEY = 'a' x",
                  "SELECT * FROM T WHERE KEY = 'a' x y",
                  "SELECT * FROM T WHERE KEY = 'a' x;",
                  "SELECT * FROM T WHERE KEY = 'a'; x",
                  "SELECT * FROM T x",
                  "SELECT * FROM T LIMIT 5 x",
                  "UPDATE T SET a = 'b' WHERE KEY = 'k' AND",
                  "UPDATE T SET a = 'b' WHERE KEY = 'k' AND a = 'c'",
                  "DELETE a FROM T WHERE KEY = 'k' 5",
                  "INSERT INTO T (KEY, a) VALUES ('k', 'v') x",
                  "INSERT INTO T (KEY) VALUES ('k')",
                  "INSERT INTO T (KEY, a) VALUES ('k')",
                  "INSERT INTO T (KEY a) VALUES ('k', 'v')",
                  "USE %s x" % ks,
                  "TRUNCATE T x",
                  "DROP COLUMNFAMILY T x",
                  "SELECT * FROM T WHERE KEY = 'k'"]:
            out.append(v19.execute_cql_query(q))
        return out

if R < (1, 2):
    @scenario("rel_updatefirst", "19", "schema", keyspace_reset="cv_r_updatefirst")
    def _updatefirst():
        """0.7 to 1.0 validated an update's CfDef (ThriftValidation.validateCfDef: its type
        classes, an index name without an index type) before CFMetaData.apply compared its
        id with the column family's: an update that sent no id (as a hand-built CfDef did)
        met those refusals first; 1.1 built the definition from the CfDef first."""
        ks = "cv_r_updatefirst"
        cd = lambda **kw: cf_def(ks, "A", comparator="UTF8Type", **kw)
        idf = {16: W.i32(1000)}
        out = [
            v19.system_add_keyspace(ks_def(ks, [cd()])),
            v19.set_keyspace(ks),
            v19.system_update_column_family(cd(default_validation="NoSuchType")),
            v19.system_update_column_family(cf_def(ks, "A", comparator="NoSuchComparator")),
            v19.system_update_column_family(cd(column_metadata=[
                column_def("a", "NoSuchValidator")])),
            v19.system_update_column_family(cd(column_metadata=[
                column_def("a", "UTF8Type", None, "named_only")])),
            v19.system_update_column_family(cd(column_metadata=[
                column_def("a", "UTF8Type", KEYS_INDEX, "bad name")])),
            v19.system_update_column_family(cd(default_validation="LongType")),
            v19.system_update_column_family(cd(default_validation="NoSuchType", extra=idf)),
            v19.system_update_column_family(cd(column_metadata=[
                column_def("a", "UTF8Type", None, "named_only")], extra=idf)),
            v19.system_update_column_family(cd(default_validation="LongType", extra=idf)),
            v19.describe_keyspace(ks).mask("0/5/*/16"),
        ]
        return out

if (0, 8) <= R < (1, 2):
    @scenario("rel_cql2alteralias", "19", "cql2", keyspace_reset="cv_r_cql2alteralias")
    def _cql2alteralias():
        """CQL 2's ALTER COLUMNFAMILY naming the key alias: 0.8 and 1.0 looked it up among the
        declared columns (`Column 'id' was not found in CF 'accounts'`), 1.1 retyped the key;
        an ADD of it was refused `because it equals to key_alias.` (1.2: `to a key alias.`)."""
        ks = "cv_r_cql2alteralias"
        q = lambda s: v19.execute_cql_query(s)
        out = [
            v19.system_add_keyspace(ks_def(ks)),
            v19.set_keyspace(ks),
            q("CREATE COLUMNFAMILY accounts (id bigint PRIMARY KEY, owner text) "
              "WITH comparator = text AND default_validation = text"),
            q("ALTER COLUMNFAMILY accounts ALTER id TYPE text"),
            q("ALTER COLUMNFAMILY accounts ADD id text"),
            q("ALTER COLUMNFAMILY accounts ALTER owner TYPE ascii"),
            q("ALTER COLUMNFAMILY accounts DROP id"),
            q("ALTER COLUMNFAMILY accounts ALTER KEY TYPE text"),
            describe_ks(ks).mask("0/5/*/16"),
        ]
        return out


# ------------------------------------------------------------------------------ multi-column (tuple) relations
def _tup(*ns):
    """A tuple of ints as its marker is bound: each component's length, then its bytes."""
    return b"".join(b"\x00\x00\x00\x04" + _i32(n) for n in ns)


def _tuples(*ts):
    """A list of int tuples bound to `(a, b) IN ?`: the u16 form of lists before 3.0 (Thrift's
    QueryOptions were protocol 2's), the i32 one from 3.0."""
    wide = R >= (3, 0)
    size = (lambda n: n.to_bytes(4, "big")) if wide else (lambda n: n.to_bytes(2, "big"))
    return size(len(ts)) + b"".join(size(len(_tup(*t))) + _tup(*t) for t in ts)


if R >= (1, 2):
    @scenario("rel_multicolumn", "19", "cql3", keyspace_reset="cv_r_multicolumn")
    def _multicolumn():
        """multi-column (tuple) relations on clustering columns in a SELECT (2.0 on:
        `(a, b) > (1, 0)`, `=`, `IN ((..), (..))`, a slice of two bounds, beside single-column
        relations, with ORDER BY DESC and LIMIT, on a table of descending clustering too) and
        every refusal in each release's words (columns skipped or out of order, a column not
        clustering, a tuple of the wrong size, a column restricted twice, restrictions after
        a slice or an IN of tuples, UPDATE/DELETE); 1.2's parse error of the syntax"""
        ks = "cv_r_multicolumn"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE t (k int, a int, b int, c int, v int, PRIMARY KEY (k, a, b, c))"),
                q("CREATE TABLE d (k int, a int, b int, v int, PRIMARY KEY (k, a, b)) "
                  "WITH CLUSTERING ORDER BY (a DESC, b DESC)")]
        for k in (1, 2):
            for a in (0, 1, 2):
                for bb in (0, 1):
                    for c in (0, 1):
                        out.append(q("INSERT INTO t (k, a, b, c, v) VALUES (%d, %d, %d, %d, %d)"
                                     % (k, a, bb, c, k * 100 + a * 10 + bb * 2 + c)))
                    out.append(q("INSERT INTO d (k, a, b, v) VALUES (%d, %d, %d, %d)"
                                 % (k, a, bb, a * 10 + bb)))
        w = "SELECT a, b, c, v FROM t WHERE k = 1 AND "
        if R < (2, 0):
            return out + [q(w + r) for r in ["(a, b) > (1, 0)", "(a, b) IN ((0, 1), (2, 0))",
                                             "a = 1 AND (b, c) = (0, 1)"]]
        rels = [
            "(a, b) > (1, 0)", "(a, b) >= (1, 0)", "(a, b) < (1, 1)", "(a, b) <= (1, 0)",
            "(a, b, c) > (0, 1, 0)", "(a, b, c) <= (0, 1, 0)",
            "(a, b) > (0, 1) AND (a, b) < (2, 0)", "(a, b) > (0, 1) AND (a) < (2)",
            "(a, b, c) >= (0, 1, 1) AND (a, b) <= (1, 0)", "(a) > (1)",
            "(a, b) = (1, 0)", "(a, b, c) = (1, 0, 1)", "(a) = (1)",
            "(a, b) IN ((0, 1), (2, 0))", "(a, b) IN ((2, 0), (0, 1), (2, 0))",
            "(a, b, c) IN ((0, 0, 1), (1, 1, 0))", "(a, b) IN ()", "(a) IN ((1), (2))",
            "a = 1 AND (b, c) > (0, 0)", "a = 1 AND (b, c) IN ((0, 1), (1, 0))",
            "a = 1 AND (b, c) = (1, 1)", "(a, b) = (1, 0) AND c > 0", "(a, b) = (1, 0) AND c IN (1, 0)",
            "a > 0 AND (a, b) < (2, 0)", "(a, b) < (2, 0) AND a > 0", "a >= 1 AND (a, b) <= (2, 0)",
            "(a, b) > (1, 0) ORDER BY a DESC", "(a, b) > (0, 1) AND (a, b) < (2, 0) ORDER BY a DESC",
            "(a, b) IN ((0, 1), (2, 0)) ORDER BY a DESC", "(a, b) > (1, 0) LIMIT 2",
            "(a, b) > (0, 0) ORDER BY a DESC LIMIT 3",
            # refusals
            "(a, c) > (0, 0)", "(b, c) > (0, 0)", "(b, a) > (0, 0)", "(a, v) > (0, 0)",
            "(k, a) = (1, 0)", "(a, a) = (1, 1)", "(a, b) > (1, 0, 0)", "(a, b) > (1)",
            "(a, b) IN ((1, 0), (1))", "(a, b) = (1, 'x')", "(a, b) > (0, null)",
            "(x, a) > (0, 0)", "a = 1 AND (a, b) > (1, 0)", "(a, b) = (1, 0) AND a = 1",
            "(a, b) > (1, 0) AND a = 1", "a = 1 AND (a, b) = (1, 0)",
            "(a, b) > (0, 0) AND c = 1", "(a, b) IN ((0, 1)) AND c = 1", "(a, b) > (0, 0) AND c > 0",
            "(a) > (0) AND (a, b) > (1, 0)", "(a, b) < (2, 0) AND (a) <= (1)",
            "(a, b) > (0, 0) AND (b, c) < (1, 0)", "a > 0 AND (a, b) > (1, 0)",
            "(a, b) = (1, 0) AND (a) = (1)", "(a, b) IN ((0, 1)) AND (a) > (0)",
            "(a, b) > (0, 0) AND (a) IN ((0), (1))", "(a, b) = (1, 0) AND (b, c) = (0, 1)",
            "(a, b) IN ((0, 1), (1, 0)) AND (a) > (0)",
            "a = 1 AND (b) > (0) AND (b, c) < (1, 1)", "(a, b) > (1, 0) ORDER BY b DESC",
        ]
        if R < (2, 2):
            # 2.2 on named the columns two restrictions shared in a HashSet's order, which
            # depended on the JVM (identity hashes): only 2.0's and 2.1's are recorded
            rels += ["(a, b) > (0, 0) AND (a, b) > (1, 0)", "(a, b) < (2, 0) AND (a, b) <= (1, 0)",
                     "(a, b) = (1, 0) AND (a, b) = (1, 0)", "(a, b) IN ((0, 1)) AND (a, b) > (0, 0)",
                     "(a, b) > (0, 0) AND (a, b) IN ((0, 1))"]
        out += [q(w + r) for r in rels]
        out += [q("SELECT * FROM t WHERE (a, b) > (1, 0)"),
                q("SELECT * FROM t WHERE (a, b) > (1, 0) ALLOW FILTERING"),
                q("SELECT * FROM t WHERE k IN (2, 1) AND (a, b) = (2, 1)"),
                q("SELECT * FROM t WHERE k IN (1, 2) AND (a, b) > (1, 1) ORDER BY a DESC"),
                q("SELECT * FROM t WHERE (k, a) > (1, 0)"),
                q("SELECT * FROM t WHERE k = 1 AND (a, b) > (1, 0) AND v = 1")]
        wd = "SELECT a, b, v FROM d WHERE k = 1 AND "
        out += [q(wd + r) for r in ["(a, b) > (1, 0)", "(a, b) <= (1, 0)",
                                    "(a, b) > (0, 1) AND (a, b) < (2, 0)",
                                    "(a, b) IN ((0, 1), (2, 0), (1, 1))", "(a, b) = (1, 1)",
                                    "(a, b) > (1, 0) ORDER BY a ASC", "a = 1 AND (b) < (1)",
                                    "(a, b) >= (1, 1) LIMIT 2"]]
        # 3.0 took a tuple's equality in UPDATE and DELETE (its slice, a range deletion,
        # is not emulated for any relation: left out there)
        out += [q("UPDATE t SET v = 0 WHERE k = 2 AND (a, b, c) = (1, 0, 0)"),
                q("DELETE FROM t WHERE k = 2 AND (a, b, c) = (1, 0, 1)"),
                q("DELETE FROM t WHERE k = 2 AND (a, b) = (1, 1)"),
                q("UPDATE t SET v = 0 WHERE k = 2 AND (a, b, c) = (1, 0)")]
        if R < (3, 0):
            out.append(q("DELETE FROM t WHERE k = 2 AND (a, b) > (1, 0)"))
        out.append(q("SELECT a, b, c, v FROM t WHERE k = 2 AND a = 1"))
        # prepared: a marker for the whole tuple, one per element, IN's
        pw = "SELECT a, b, c FROM t WHERE k = ? AND "
        prepared = [
            ("(a, b) > ?", [[_i32(1), _tup(1, 0)], [_i32(1), _tup(0, 1)]]),
            ("(a, b) > (?, ?)", [[_i32(1), _i32(1), _i32(0)]]),
            ("(a, b) >= (?, 0) AND (a, b) < ?", [[_i32(1), _i32(1), _tup(2, 1)]]),
            ("(a, b) = ?", [[_i32(1), _tup(2, 1)]]),
            ("(a, b, c) = (?, ?, ?)", [[_i32(1), _i32(2), _i32(1), _i32(0)]]),
            ("(a, b) IN ?", [[_i32(1), _tuples((2, 0), (0, 1))], [_i32(1), _tuples()]]),
            ("(a, b) IN (?, ?)", [[_i32(1), _tup(1, 1), _tup(0, 0)]]),
            ("(a, b) IN ((?, ?), (1, 1))", [[_i32(1), _i32(0), _i32(1)]]),
            ("(a, b) > :t", [[_i32(1), _tup(2, 0)]]),
            ("(a, b) IN :ts", []),
            ("a = ? AND (b, c) > (?, ?)", [[_i32(1), _i32(1), _i32(0), _i32(0)]]),
            ("(a, b) > ? LIMIT ?", [[_i32(1), _tup(0, 1), _i32(2)]]),
            ("(a, c) > ?", []),
            ("(a, b) > (?, ?, ?)", []),
        ]
        for rel, runs in prepared:
            text = pw + rel
            out.append(v19.prepare_cql3_query(text))
            out += [v19.execute_prepared_cql3_query(thrift_id(ks, text), vs) for vs in runs]
        dtext = "SELECT a, b FROM d WHERE k = ? AND (a, b) > ?"
        out += [v19.prepare_cql3_query(dtext),
                v19.execute_prepared_cql3_query(thrift_id(ks, dtext), [_i32(1), _tup(1, 0)])]
        return out


# ------------------------------------------------------------------------------ conditions of 2.1 (found by ordinary19u)
if (1, 2) <= R < (3, 0):
    @scenario("rel_condops", "19", "cql3", keyspace_reset="cv_r_condops")
    def _condops():
        """A ledger's lightweight transactions with 2.1's condition operators: `>`, `>=`, `<`,
        `!=`, `IN (..)` on a scalar, a static, a map's entry and a list's element, a null
        compared (refused for an ordering operator); 2.0's rule had `=` or an element after the
        column (no viable alternative at the operator); `IF EXISTS` where IF NOT EXISTS is
        wanted (`missing K_NOT at 'EXISTS'`); 1.2 had no conditions"""
        ks = "cv_r_condops"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE a (id text PRIMARY KEY, bal int, owner text, m map<text, int>, "
            "l list<int>)",
            "INSERT INTO a (id, bal, owner, m, l) VALUES ('x', 100, 'ann', {'k': 5}, [1, 2]) "
            "USING TIMESTAMP 10",
            "INSERT INTO a (id, bal) VALUES ('y', 1) IF NOT EXISTS",
            "INSERT INTO a (id, bal) VALUES ('z', 1) IF EXISTS",
            "UPDATE a SET bal = 90 WHERE id = 'x' IF bal > 100",
            "UPDATE a SET bal = 90 WHERE id = 'x' IF bal >= 100 AND owner = 'ann'",
            "UPDATE a SET bal = 80 WHERE id = 'x' IF bal < 50",
            "UPDATE a SET bal = 80 WHERE id = 'x' IF bal <= 90",
            "UPDATE a SET bal = 70 WHERE id = 'x' IF bal IN (1, 80, 3)",
            "UPDATE a SET bal = 60 WHERE id = 'x' IF bal IN (1, 2)",
            "UPDATE a SET bal = 60 WHERE id = 'x' IF owner != 'bob'",
            "UPDATE a SET bal = 50 WHERE id = 'x' IF owner != null",
            "UPDATE a SET bal = 40 WHERE id = 'x' IF owner = null",
            "UPDATE a SET bal = 40 WHERE id = 'x' IF bal > null",
            "UPDATE a SET bal = 40 WHERE id = 'x' IF m['k'] > 4",
            "UPDATE a SET bal = 30 WHERE id = 'x' IF m['k'] IN (1, 2)",
            "UPDATE a SET bal = 30 WHERE id = 'x' IF l[1] >= 2",
            "UPDATE a SET bal = 20 WHERE id = 'x' IF m['none'] != 3",
            "UPDATE a SET bal = 20 WHERE id = 'q' IF bal < 5",
            "UPDATE a SET bal = 20 WHERE id = 'q' IF bal != 5",
            "UPDATE a SET bal = 20 WHERE id = 'x' IF owner IN ('ann', null)",
            "DELETE FROM a WHERE id = 'x' IF bal > 1000",
            "SELECT id, bal, owner FROM a WHERE id = 'x'"]]
        return out

    @scenario("rel_ucommonwords", "19", "cql3", keyspace_reset="cv_r_ucommonwords")
    def _ucommonwords():
        """A newcomer's CQL 3 mistakes as each release worded them: two PRIMARY KEYs (1.2: one
        and only one), none; a counter set from another counter (`Only expressions of the form
        X = X +<value> are supported.`) or incremented by a string; a TTL of a string (2.0's
        intValue: no viable alternative); an element of a frozen map set (2.1)"""
        ks = "cv_r_ucommonwords"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (a text PRIMARY KEY, b int PRIMARY KEY)",
            "CREATE TABLE t (a text, b int, PRIMARY KEY (a), PRIMARY KEY (b))",
            "CREATE TABLE t (a text PRIMARY KEY, b int, PRIMARY KEY (a, b))",
            "CREATE TABLE t (a text, b int)",
            "CREATE TABLE c (k text PRIMARY KEY, n counter, m counter)",
            "UPDATE c SET n = m + 1 WHERE k = 'a'",
            "UPDATE c SET n = m - 1 WHERE k = 'a'",
            "UPDATE c SET n = n + 'x' WHERE k = 'a'",
            "UPDATE c SET n = n + 1.5 WHERE k = 'a'",
            "UPDATE c SET n = n - 2 WHERE k = 'a'",
            "SELECT n FROM c WHERE k = 'a'",
            "CREATE TABLE v (k text PRIMARY KEY, s text, l list<int>)",
            "UPDATE v SET l = [1] + s WHERE k = 'a'",
            "INSERT INTO v (k, s) VALUES ('a', 'x') USING TTL 'soon'",
            "INSERT INTO v (k, s) VALUES ('a', 'x') USING TIMESTAMP 1.5",
            "UPDATE v USING TTL now SET s = 'y' WHERE k = 'a'",
            "CREATE TABLE f (k text PRIMARY KEY, m frozen<map<text, int>>)",
            "UPDATE f SET m['y'] = 2 WHERE k = 'a'",
            "UPDATE f SET m = m + {'y': 2} WHERE k = 'a'"]]
        return out


# ------------------------------------------------------------------------------ frozen values and type evolution of 2.1 (found by ordinary19u)
if (2, 1) <= R < (3, 0):
    @scenario("rel_frozenwhole", "19", "cql3", keyspace_reset="cv_r_frozenwhole")
    def _frozenwhole():
        """A 2.1 app's frozen columns over Thrift: a whole frozen map, list or set written by a
        literal is stored (and read back) in the v3 form (`Setter`s wrote
        `getWithProtocolVersion(Server.CURRENT_VERSION)`), where a key's literal took version
        2's; an element or addition of a frozen collection refused in its words; ALTER TYPE of
        a type in a clustering column (ADD, RENAME: the comparator's `TupleType` compatible) and
        ALTER of a field to blob (compatible with text), to int (not)"""
        ks = "cv_r_frozenwhole"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE addr (street text, zip int)",
            "CREATE TABLE homes (owner text, home frozen<addr>, since int, "
            "PRIMARY KEY (owner, home))",
            "CREATE TABLE cells (k int PRIMARY KEY, m frozen<map<text, int>>, "
            "l frozen<list<text>>, s frozen<set<int>>)",
            "INSERT INTO homes (owner, home, since) VALUES ('ann', {street: 'Elm', zip: 1}, 2001) "
            "USING TIMESTAMP 10",
            "INSERT INTO cells (k, m, l, s) VALUES (1, {'x': 1, 'a': 2}, ['p', 'q'], {3, 1}) "
            "USING TIMESTAMP 10",
            "UPDATE cells USING TIMESTAMP 11 SET m = {'y': 2}, l = [], s = {7} WHERE k = 2",
            "SELECT k, m, l, s FROM cells",
            "SELECT k FROM cells WHERE k = 1 AND m = {'x': 1, 'a': 2} ALLOW FILTERING",
            "UPDATE cells SET m['z'] = 3 WHERE k = 1",
            "UPDATE cells SET l = l + ['r'] WHERE k = 1",
            "UPDATE cells SET s = s - {3} WHERE k = 1",
            "ALTER TYPE addr ADD city text",
            "ALTER TYPE addr RENAME zip TO postcode",
            "ALTER TYPE addr ALTER street TYPE blob",
            "ALTER TYPE addr ALTER postcode TYPE text",
            "SELECT home, since FROM homes WHERE owner = 'ann'",
            "INSERT INTO homes (owner, home, since) VALUES ('ann', {street: 0x4f616b, postcode: 2, "
            "city: 'Rome'}, 2005) USING TIMESTAMP 12",
            "SELECT home.city, since FROM homes WHERE owner = 'ann'",
            "SELECT type_name, field_names, field_types FROM system.schema_usertypes "
            "WHERE keyspace_name = 'cv_r_frozenwhole'"]]
        return out


# ------------------------------------------------------------------------------ 2.2's function drops on a stock yaml (found by ordinary19u)
if (1, 2) <= R < (3, 0):
    @scenario("rel_fndrops", "19", "cql3", keyspace_reset="cv_r_fndrops")
    def _fndrops():
        """An analytics script's clean-up of its functions: DROP FUNCTION and DROP AGGREGATE
        (IF EXISTS, with and without argument types, qualified, frozen arguments, the system
        keyspace) on 2.2 with user functions disabled, where none can exist: `Unconfigured
        function ks.f(int,int)`, `Cannot drop non existing aggregate 'ks.a'`; syntax errors
        before 2.2; before 2.1 a qualified selector (`system.max(v)`) meets the selector's
        decision at the '.'"""
        ks = "cv_r_fndrops"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k text PRIMARY KEY, v int)",
            "DROP FUNCTION f",
            "DROP FUNCTION IF EXISTS f",
            "DROP FUNCTION cv_r_fndrops.f (int, text)",
            "DROP FUNCTION f ()",
            "DROP FUNCTION f (frozen<list<int>>)",
            "DROP FUNCTION system.now",
            "DROP FUNCTION IF EXISTS other_ks.g (bigint)",
            "DROP AGGREGATE a",
            "DROP AGGREGATE IF EXISTS a",
            "DROP AGGREGATE a (int, text)",
            "DROP AGGREGATE a ()",
            "DROP AGGREGATE system.max",
            "DROP AGGREGATE IF EXISTS a (int)"]]
        if R < (2, 1):
            out += [q("SELECT system.max(v) FROM t"), q("SELECT t.v FROM t")]
        return out


# ------------------------------------------------------------------------------ truncate in a dropped session keyspace (found by ordinary19v)
if R < (1, 2):
    @scenario("rel_truncatedropped", "19", "schema", keyspace_reset="cv_r_truncatedropped")
    def _truncatedropped():
        """A test suite's teardown truncating after another step dropped its keyspace: 0.7 to
        1.1 checked neither name, and the nodes asked to truncate a keyspace no longer defined
        failed to open it and never answered: the call timed out, UnavailableException to 1.0,
        TimedOutException on 1.1; a column family the live keyspace lacks stays 0.7's
        UnavailableException and a success from 0.8."""
        ks = "cv_r_truncatedropped"
        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "A", comparator="UTF8Type")])),
            v19.set_keyspace(ks),
            v19.insert("k", cparent("A"), column("c", "v", 1)),
            v19.truncate("A"),
            v19.truncate("Missing"),
            v19.system_drop_keyspace(ks),
            v19.truncate("A"),
            v19.truncate("Missing"),
            v19.get_slice("k", cparent("A"), pred(start="", count=10)),
            v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "A", comparator="UTF8Type")])),
            v19.truncate("A"),
            v19.get_slice("k", cparent("A"), pred(start="", count=10)),
        ]
        return out


# ------------------------------------------------------------------------------ counters' row markers and batches (found by ordinary19w)
if (1, 2) <= R < (3, 0):
    @scenario("rel_countermarker", "19", "cql3", keyspace_reset="cv_r_countermarker")
    def _countermarker():
        """Page views in a CQL 3 counter table read back by a Thrift exporter: 1.2's UPDATE
        wrote its row marker in a counter table too (a plain cell of no value beside the
        counters, stamped by the node's clock: seen by get_slice, counted by get_count, keeping
        the row after its counters are deleted); 2.1's UNLOGGED batch of counters alone,
        and of counters beside plain writes (`Counter and non-counter mutations cannot exist
        in the same batch`); earlier, `Counter mutations are only allowed in COUNTER
        batches`"""
        ks = "cv_r_countermarker"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE daily (page text, day text, views counter, PRIMARY KEY (page, day))",
            "CREATE TABLE plain (k text PRIMARY KEY, v text)",
            "UPDATE daily SET views = views + 3 WHERE page = 'p' AND day = 'd1'",
            "UPDATE daily SET views = views + 1 WHERE page = 'p' AND day = 'd2'",
            "UPDATE daily SET views = views + 2 WHERE page = 'p' AND day IN ('d3', 'd4')"]]
        out += [
            v19.get_slice("p", cparent("daily"), pred(start="", finish="")).mask("0/*/1/3"),
            v19.get_count("p", cparent("daily"), pred(start="", finish="")),
            v19.get_slice("p", cparent("daily"), pred(start="", finish="", count=2,
                                                      reversed=True)).mask("0/*/1/3"),
        ]
        out += [q(s) for s in [
            "DELETE views FROM daily WHERE page = 'p' AND day = 'd2'",
            "SELECT * FROM daily WHERE page = 'p'",
            "SELECT day FROM daily WHERE page = 'p' AND day = 'd2'",
            "BEGIN UNLOGGED BATCH UPDATE daily SET views = views + 1 WHERE page = 'q' AND "
            "day = 'd1'; UPDATE daily SET views = views + 5 WHERE page = 'q' AND day = 'd2'; "
            "APPLY BATCH",
            "BEGIN UNLOGGED BATCH UPDATE daily SET views = views + 1 WHERE page = 'q' AND "
            "day = 'd1'; INSERT INTO plain (k, v) VALUES ('a', 'b'); APPLY BATCH",
            "BEGIN UNLOGGED BATCH INSERT INTO plain (k, v) VALUES ('a', 'b'); UPDATE daily SET "
            "views = views + 1 WHERE page = 'q' AND day = 'd1'; APPLY BATCH",
            "BEGIN BATCH UPDATE daily SET views = views + 1 WHERE page = 'q' AND day = 'd1'; "
            "APPLY BATCH",
            "BEGIN UNLOGGED BATCH USING TIMESTAMP 5 UPDATE daily SET views = views + 1 WHERE "
            "page = 'q' AND day = 'd1'; APPLY BATCH",
            "SELECT * FROM daily WHERE page = 'q'",
            "SELECT * FROM plain"]]
        out.append(v19.get_count("q", cparent("daily"), pred(start="", finish="")))
        return out

    @scenario("rel_tokenargs", "19", "cql3", keyspace_reset="cv_r_tokenargs")
    def _tokenargs():
        """A sharded scanner's token() over a compound partition key: in a selection 1.2 to
        2.1 counted the arguments first (`Invalid number of arguments in call to function
        token: 2 required but 1 provided`), 2.2 took any selectors as the key's components
        (`token(at)`, `token(day)`); in a WHERE clause the parts out of order were taken by
        1.2, refused by 2.0 (`..partition key order: dev,day`) and 2.1 (its
        `ColumnDefinition`s); 1.2 took a whole collection's literal in a relation (refused for
        want of an index); from 2.1 a CONTAINS value's receiver is `value(c)`, `key(c)`"""
        ks = "cv_r_tokenargs"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE pts (dev text, day int, at int, v int, PRIMARY KEY ((dev, day), at))",
            "CREATE TABLE one (k int PRIMARY KEY, n int)",
            "CREATE TABLE prof (id text PRIMARY KEY, tags set<text>, attrs map<text, int>, "
            "sizes list<int>)",
            "INSERT INTO pts (dev, day, at, v) VALUES ('d1', 1, 1, 10) USING TIMESTAMP 1000",
            "INSERT INTO pts (dev, day, at, v) VALUES ('d1', 2, 7, 20) USING TIMESTAMP 1000",
            "INSERT INTO pts (dev, day, at, v) VALUES ('d2', 1, 3, 30) USING TIMESTAMP 1000",
            "INSERT INTO one (k, n) VALUES (5, 6) USING TIMESTAMP 1000",
            "INSERT INTO prof (id, tags, attrs, sizes) VALUES ('p', {'a'}, {'h': 1}, [2]) "
            "USING TIMESTAMP 1000",
            "SELECT token(at) FROM pts",
            "SELECT token(dev) FROM pts",
            "SELECT token(day, at) FROM pts",
            "SELECT dev, token(dev, day) FROM pts",
            "SELECT token(n) FROM one",
            "SELECT token(k), k FROM one",
            "SELECT dev FROM pts WHERE token(day, dev) > 0",
            "SELECT dev FROM pts WHERE token(day, dev) <= 0",
            "SELECT dev FROM pts WHERE token(dev) > 0",
            "SELECT dev FROM pts WHERE token(dev, day) > token('d1')",
            "SELECT id FROM prof WHERE tags = {'a'}",
            "SELECT id FROM prof WHERE attrs = {'h': 1}",
            "SELECT id FROM prof WHERE sizes = [2]",
            "SELECT id FROM prof WHERE tags = {'a'} ALLOW FILTERING",
            "SELECT id FROM prof WHERE tags CONTAINS 42 ALLOW FILTERING",
            "SELECT id FROM prof WHERE attrs CONTAINS KEY 42 ALLOW FILTERING",
            "SELECT id FROM prof WHERE attrs CONTAINS 'x' ALLOW FILTERING",
            "SELECT id FROM prof WHERE sizes CONTAINS 'x' ALLOW FILTERING"]]
        return out

if R >= (1, 2):
    @scenario("rel_recovery", "19", "cql3", keyspace_reset="cv_r_recovery")
    def _recovery():
        """ANTLR's recovery from a rule that failed on its own decision or match, the last
        error of the text reported: a batch holding a SELECT (1.2's `(...)+` loop, 2.0's
        APPLY) recovered to its `;` (`missing EOF at 'APPLY'`), 1.2's batch of conditional
        updates, relations of 2.1's CONTAINS on 1.2 and 2.0 recovered to the next AND or
        ALLOW, and the same texts with nothing after the failure"""
        ks = "cv_r_recovery"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE orders (id int PRIMARY KEY, cust text, total int)",
            "CREATE TABLE prod (id int PRIMARY KEY, name text, tags set<text>, sizes list<int>)",
            "BEGIN BATCH SELECT * FROM orders; APPLY BATCH",
            "BEGIN BATCH SELECT * FROM orders APPLY BATCH",
            "BEGIN BATCH SELECT * FROM orders; APPLY",
            "BEGIN UNLOGGED BATCH INSERT INTO orders (id) VALUES (1) SELECT * FROM orders; "
            "APPLY BATCH",
            "BEGIN BATCH UPDATE orders SET total = 20 WHERE id = 1 IF total = 10; "
            "UPDATE orders SET cust = 'c1b' WHERE id = 1; APPLY BATCH",
            "BEGIN BATCH UPDATE orders SET total = 20 WHERE id = 1 IF total = 10 APPLY BATCH",
            "SELECT id FROM prod WHERE tags CONTAINS 'red' AND sizes CONTAINS 40 ALLOW FILTERING",
            "SELECT id FROM prod WHERE tags CONTAINS 'red' AND id = 1",
            "SELECT id FROM prod WHERE id = 1 AND tags CONTAINS 'red' LIMIT 2",
            "SELECT id FROM prod WHERE tags CONTAINS 'red'",
            "UPDATE orders SET total = 1 WHERE id CONTAINS 1 AND cust = 'x'",
            "DELETE FROM orders WHERE id ~ 1 AND cust = 'x'",
            "SELECT id FROM prod WHERE id ~ 1 AND name ~ 'x'"]]
        return out


# ------------------------------------------------------------------------------ 3.x's filtering of non-key columns no index serves
if (3, 0) <= R:
    @scenario("rel_filter3x", "19", "cql3", keyspace_reset="cv_r_filter3x")
    def _filter3x():
        """3.0's RowFilter: given ALLOW FILTERING, a SELECT restricting non-key columns no index
        serves scans the ring and checks each row (CONTAINS and CONTAINS KEY on collections,
        EQ and slices on scalar and static columns, beside key and clustering restrictions);
        without it, refused for want of ALLOW FILTERING; the relations 3.x refused on such
        columns (IN, a whole collection's EQ)"""
        ks = "cv_r_filter3x"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE prod (id int PRIMARY KEY, name text, price int, tags set<text>, "
            "sizes list<int>, attrs map<text, int>)",
            "CREATE TABLE ev (k int, c int, v int, s int static, l list<int>, "
            "PRIMARY KEY (k, c))",
            "INSERT INTO prod (id, name, price, tags, sizes, attrs) VALUES "
            "(1, 'a', 5, {'red', 'big'}, [40, 42], {'w': 1, 'h': 2})",
            "INSERT INTO prod (id, name, price, tags, sizes, attrs) VALUES "
            "(2, 'b', 15, {'red'}, [38], {'w': 3})",
            "INSERT INTO prod (id, name, price, tags) VALUES (3, 'a', 25, {'blue'})",
            "INSERT INTO prod (id, name) VALUES (4, 'c')",
            "INSERT INTO prod (id, price, sizes) VALUES (5, 15, [40, 40])",
            "INSERT INTO ev (k, c, v, s, l) VALUES (1, 1, 10, 7, [1, 2])",
            "INSERT INTO ev (k, c, v, l) VALUES (1, 2, 20, [3])",
            "INSERT INTO ev (k, c, v) VALUES (1, 3, 10)",
            "INSERT INTO ev (k, c, v, s) VALUES (2, 1, 20, 8)",
            "INSERT INTO ev (k, c, v, l) VALUES (3, 1, 10, [2])",
            "SELECT id FROM prod WHERE tags CONTAINS 'red' ALLOW FILTERING",
            "SELECT id FROM prod WHERE tags CONTAINS 'red' AND sizes CONTAINS 40 ALLOW FILTERING",
            "SELECT id, sizes FROM prod WHERE sizes CONTAINS 40 ALLOW FILTERING",
            "SELECT id FROM prod WHERE attrs CONTAINS KEY 'w' ALLOW FILTERING",
            "SELECT id FROM prod WHERE attrs CONTAINS 3 ALLOW FILTERING",
            "SELECT id FROM prod WHERE attrs CONTAINS KEY 'w' AND attrs CONTAINS 1 "
            "ALLOW FILTERING",
            "SELECT id FROM prod WHERE tags CONTAINS 'none' ALLOW FILTERING",
            "SELECT id, price FROM prod WHERE price > 10 ALLOW FILTERING",
            "SELECT id FROM prod WHERE price >= 5 AND price < 25 AND name = 'a' ALLOW FILTERING",
            "SELECT id FROM prod WHERE name = 'a' ALLOW FILTERING",
            "SELECT count(*) FROM prod WHERE price = 15 ALLOW FILTERING",
            "SELECT id FROM prod WHERE price = 15 LIMIT 1 ALLOW FILTERING",
            "SELECT id FROM prod WHERE id = 1 AND tags CONTAINS 'red' ALLOW FILTERING",
            "SELECT id FROM prod WHERE id = 2 AND tags CONTAINS 'big' ALLOW FILTERING",
            "SELECT id FROM prod WHERE id IN (1, 2, 3) AND name = 'a' ALLOW FILTERING",
            "SELECT id FROM prod WHERE tags CONTAINS 'red'",
            "SELECT id FROM prod WHERE price > 10",
            "SELECT id FROM prod WHERE name = 'a'",
            "SELECT id FROM prod WHERE price IN (5, 15) ALLOW FILTERING",
            "SELECT id FROM prod WHERE tags = {'red'} ALLOW FILTERING",
            "SELECT id FROM prod WHERE name = 'a' ORDER BY id ALLOW FILTERING",
            "SELECT k, c, v FROM ev WHERE v = 10 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE k = 1 AND v > 10 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE c = 1 AND v = 10 ALLOW FILTERING",
            "SELECT k, c, s FROM ev WHERE s = 7 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE l CONTAINS 2 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE k = 1 AND c > 1 AND v = 10 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE k = 1 AND v = 10 ORDER BY c DESC ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE v = 10"]]
        return out


# ------------------------------------------------------------------------------ relations on a whole collection, a name's field in WHERE (found by ordinary19u)
if (1, 2) <= R < (3, 0):
    @scenario("rel_wholecollrel", "19", "cql3", keyspace_reset="cv_r_wholecollrel")
    def _wholecollrel():
        """A whole collection named by a WHERE relation, prepared and run: 1.2 prepared the
        term like any other and met the column's lack of an index (`No indexed columns
        present in by-columns clause with Equal operator`); 2.0 on refused the relation.
        Then a relation on a field of a column (`home.street = ..`, `c.x > ..`): the relation's
        decision had no viable alternative at the '.', the stream (2.1's snippet) at the name"""
        ks = "cv_r_wholecollrel"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE p (k text PRIMARY KEY, l list<int>, s set<text>, "
                  "m map<text, int>, v int)"),
                q("CREATE TABLE w (k text, c int, v int, PRIMARY KEY (k, c))"),
                v19.prepare_cql3_query("SELECT * FROM p WHERE l = ?"),
                v19.prepare_cql3_query("SELECT * FROM p WHERE s = ?"),
                v19.prepare_cql3_query("SELECT * FROM p WHERE m = ?"),
                v19.prepare_cql3_query("SELECT * FROM p WHERE k = ? AND l = ?"),
                q("SELECT * FROM p WHERE l = [1]"),
                q("SELECT * FROM p WHERE s = {'a'}"),
                q("SELECT * FROM p WHERE m = {'a': 1}"),
                q("SELECT * FROM p WHERE k = 'a' AND s = {'a'}"),
                q("SELECT * FROM p WHERE k = 'a' AND home.street = 'Elm'"),
                q("SELECT * FROM p WHERE home.street = 'Elm'"),
                q("SELECT * FROM w WHERE k = 'a' AND c.x > 1"),
                q("UPDATE p SET v = 1 WHERE k.x = 'a'"),
                q("DELETE FROM w WHERE k = 'a' AND c.x = 1")]
        return out


# ------------------------------------------------------------------------------ 2.2's function schema tables (found by ordinary19u)
if (1, 2) <= R < (3, 0):
    @scenario("rel_fntables", "19", "cql3", keyspace_reset="cv_r_fntables")
    def _fntables():
        """A driver's and an admin tool's reads of 2.2's `system.schema_functions` and
        `schema_aggregates` (keyed by a frozen<list<text>> signature), empty on a stock yaml
        where no user function can be made; unconfigured before 2.2. (2.2.19 closed the
        connection of a SELECT naming a signature, `signature = ['int']`: left out)"""
        ks = "cv_r_fntables"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        for t, n in (("schema_functions", "function_name"), ("schema_aggregates", "aggregate_name")):
            out += [q("SELECT * FROM system.%s" % t),
                    q("SELECT * FROM system.%s WHERE keyspace_name = '%s'" % (t, ks)),
                    q("SELECT %s, signature FROM system.%s WHERE keyspace_name = 'system'" % (n, t)),
                    q("SELECT * FROM system.%s WHERE keyspace_name = '%s' AND %s = 'f'"
                      % (t, ks, n)),
                    q("SELECT count(*) FROM system.%s" % t),
                    q("SELECT keyspace_name, argument_types FROM system.%s WHERE keyspace_name "
                      "IN ('%s', 'system')" % (t, ks))]
        out.append(v19.prepare_cql3_query(
            "SELECT function_name FROM system.schema_functions WHERE keyspace_name = ?"))
        return out


# ------------------------------------------------------------------------------ 1.2's recovery in a USING clause (found by ordinary19u)
if (1, 2) <= R < (2, 0):
    @scenario("rel_usingrecovery", "19", "cql3", keyspace_reset="cv_r_usingrecovery")
    def _usingrecovery():
        """1.2's grammar took a number only after TTL and TIMESTAMP (`K_TTL t=INTEGER`); ANTLR
        recovered from another token (dropped an extra one before the number, conjured a
        missing one before what may follow, else reported it and skipped to AND, SET or the
        statement's end) and parsed on, and 1.2 answered the last error reported"""
        ks = "cv_r_usingrecovery"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
               q("CREATE TABLE c (k text PRIMARY KEY, v text)")]
        out += [v19.prepare_cql3_query(
                    "INSERT INTO c (k, v) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?"),
                v19.prepare_cql3_query(
                    "UPDATE c USING TTL ? AND TIMESTAMP ? SET v = ? WHERE k = ?"),
                v19.prepare_cql3_query("UPDATE c USING TTL ? AND TTL ? SET v = ? WHERE k = ?")]
        out += [q(s) for s in [
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL 'x' AND TIMESTAMP 5",
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL 'x' AND TIMESTAMP 'y'",
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL AND TIMESTAMP 5",
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL",
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL ? 5",
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL 1.5 AND TIMESTAMP now",
            "UPDATE c USING TIMESTAMP 'x' SET v = 'x' WHERE k = 'a'",
            "UPDATE c USING TIMESTAMP SET v = 'x' WHERE k = 'a'",
            "UPDATE c USING TTL x y SET v = 'x' WHERE k = 'a'",
            "BEGIN BATCH INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL ?; "
            "UPDATE c SET v = 'y' WHERE k = 'b' APPLY BATCH",
            "BEGIN BATCH INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL 'x' "
            "UPDATE c SET v = 'y' WHERE k = 'b' APPLY BATCH"]]
        return out


# ------------------------------------------------------------------------------ a decimal name of under 4 bytes (found by ordinary19x)
if (1, 0) <= R < (3, 0):
    @scenario("rel_decimalshort", "19", "types", keyspace_reset="cv_r_decimalshort")
    def _decimalshort():
        """A price history named by DecimalType columns given a name of fewer than the 4 bytes
        of its scale: 1.0 to 1.2 did not check decimals ("no useful check") and failed on the
        server where the name was first compared (1.0: `Internal error processing insert`, 1.1
        and 1.2: the connection closed); 2.0's serializer refuses it (`Expected 0 or at least 4
        bytes (2)`).  Each failure is followed by the set_keyspace a reconnecting client
        sends; a value of 2 bytes under a DecimalType validator is stored by every release."""
        ks = "cv_r_decimalshort"
        d = lambda u, s: s.to_bytes(4, "big", signed=True) + u.to_bytes(2, "big", signed=True)
        out = setup(ks, cf_def(ks, "Prices", comparator=M + "DecimalType",
                               default_validation=M + "UTF8Type"),
                    cf_def(ks, "Hist", column_type="Super", comparator=M + "UTF8Type",
                           subcomparator=M + "DecimalType"),
                    cf_def(ks, "Vals", comparator=M + "UTF8Type",
                           default_validation=M + "DecimalType"))
        out += [
            v19.insert("p", cparent("Prices"), column(d(1999, 2), "a", 10)),
            v19.insert("p", cparent("Prices"), column(b"\x00\x00", "bad", 11)),
            v19.set_keyspace(ks),
            v19.insert("q", cparent("Prices"), column(b"\x01", "bad", 11)),
            v19.set_keyspace(ks),
            v19.batch_mutate({"p": {"Prices": [ins(b"\x00\x00\x01", "bad", 12)]}}),
            v19.set_keyspace(ks),
            v19.insert("h", cparent("Hist", sc="day"), column(b"\x00\x02", "bad", 13)),
            v19.set_keyspace(ks),
            v19.insert("v", cparent("Vals"), column("price", b"\x00\x02", 14)),
            v19.get_slice("v", cparent("Vals"), pred(start="", count=10)),
            v19.insert("p", cparent("Prices"), column(b"", "empty", 15)),
            v19.get_slice("p", cparent("Prices"), pred(start="", count=10)),
        ]
        return out


# ------------------------------------------------------------------------------ a tuple literal where 1.2 and 2.0 took a cast (found by ordinary19u)
if (1, 2) <= R < (3, 0):
    @scenario("rel_castrecovery", "19", "cql3", keyspace_reset="cv_r_castrecovery")
    def _castrecovery():
        """A parenthesized value, `(1, 2)`, where 1.2 and 2.0 read `'(' comparatorType ')'
        term`, a cast: the type's failure at the `1` recovered by dropping tokens up to one
        the rules under way may take next. A relation's single value has no `,` after it, so
        the recovery goes on to the `)` and the cast's value then meets the end of the text
        (`line 0:-1 no viable alternative at input '<EOF>'`) or the next AND; an IN list's,
        a SET's, a VALUES list's and a collection's values stop at the `,`. 2.1 and 2.2 read
        a tuple literal and check it against the column's type"""
        ks = "cv_r_castrecovery"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE pts (k int, c int, v int, l list<int>, PRIMARY KEY (k, c))",
            "INSERT INTO pts (k, c, v) VALUES (1, 1, 1) USING TIMESTAMP 10",
            "SELECT v FROM pts WHERE k = (1, 2)",
            "SELECT v FROM pts WHERE k = (1, 2) AND c = 1",
            "SELECT v FROM pts WHERE k = 1 AND c > (1, 2)",
            "SELECT v FROM pts WHERE k = 1 AND c > (1, 2) LIMIT 3",
            "SELECT v FROM pts WHERE k = (1)",
            "SELECT v FROM pts WHERE k = (int) 1",
            "SELECT v FROM pts WHERE k = (int)",
            "SELECT v FROM pts WHERE token(k) > (1, 2)",
            "SELECT v FROM pts WHERE k IN ((1, 2))",
            "SELECT v FROM pts WHERE k IN ((1, 2), 3)",
            "UPDATE pts USING TIMESTAMP 11 SET v = 2 WHERE k = (1, 2) AND c = 1",
            "UPDATE pts USING TIMESTAMP 11 SET v = (1, 2) WHERE k = 1 AND c = 1",
            "UPDATE pts USING TIMESTAMP 11 SET v = (1, 2), l = [1] WHERE k = 1 AND c = 1",
            "UPDATE pts USING TIMESTAMP 11 SET l = [(1, 2)] WHERE k = 1 AND c = 1",
            "DELETE FROM pts WHERE k = (1, 2)",
            "DELETE FROM pts USING TIMESTAMP 12 WHERE k = 1 AND c = (1, 2)",
            "INSERT INTO pts (k, c, v) VALUES (2, 1, (1, 2))",
            "INSERT INTO pts (k, c, v) VALUES ((1, 2), 1, 1)",
            "SELECT k, c, v FROM pts"]]
        return out


# ------------------------------------------------------------------------------ a KsDef's column families by name, keyspace checks (found by ordinary19y)
if R < (1, 2):
    @scenario("rel_ksdefdups", "19", "schema", keyspace_reset="cv_r_ksdefdups")
    def _ksdefdups():
        """A keyspace page submitting a KsDef that names one column family twice: 0.7 to 1.1
        kept the KsDef's column families in a map by name, the last one replacing the first,
        each having taken an id (the next column family's id tells); the same keyspace added
        again with a strategy class that does not exist (0.7 loaded the class before looking
        for the name, 0.8 on looked first); 0.7's spelling of a CfDef naming another keyspace;
        0.7's replication factor of any sign; 0.8 to 1.1's NetworkTopologyStrategy constructor
        refusing a factor that is no number or a `replication_factor` option, which failed on
        the server (0.8, 1.0: an internal error; 1.1: the connection closed)."""
        ks = "cv_r_ksdefdups"
        nts = "org.apache.cassandra.locator.NetworkTopologyStrategy"

        def kd(strategy, options=None, rf=1, cfs=()):
            f = {1: b(ks), 2: b(strategy), 5: W.list_("struct", list(cfs))}
            if R < (0, 8):
                f[4] = W.i32(rf)
            if options is not None:
                f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
            elif R >= (0, 8):
                f[3] = W.map_("bin", "bin", [(b("replication_factor"), b(str(rf)))])
            return W.struct(f)

        out = [
            v19.system_add_keyspace(ks_def(ks, [cf_def("cv_r_other", "A")])),
            v19.system_add_keyspace(ks_def(ks, [
                cf_def(ks, "A", comparator=M + "UTF8Type", comment="first",
                       column_metadata=[column_def("v", M + "UTF8Type", 0)]),
                cf_def(ks, "B"),
                cf_def(ks, "A", comparator=M + "AsciiType", comment="second")])),
            describe_ks(ks),
            v19.system_add_keyspace(kd("org.apache.cassandra.locator.NoSuch")),
            v19.system_add_keyspace(ks_def(ks)),
            v19.set_keyspace(ks),
            v19.insert("k", cparent("A"), column(b"\xe9", "x", 1)),
            v19.insert("k", cparent("A"), column("v", "x", 1)),
            v19.system_add_column_family(cf_def(ks, "C")),
            describe_ks(ks),
        ]
        if R < (0, 8):
            out += [
                v19.system_update_keyspace(kd("org.apache.cassandra.locator.SimpleStrategy",
                                              rf=-1)),
                describe_ks(ks),
                v19.system_update_keyspace(kd("org.apache.cassandra.locator.SimpleStrategy",
                                              rf=1)),
            ]
        else:
            out += [
                v19.system_update_keyspace(kd(nts, {"datacenter1": "one"})),
                v19.set_keyspace(ks),
                v19.system_update_keyspace(kd(nts, {"replication_factor": "1"})),
                v19.set_keyspace(ks),
                v19.system_update_keyspace(kd(nts, {"datacenter1": "-1"})),
                describe_ks(ks),
                v19.system_drop_keyspace(ks),
                v19.system_add_keyspace(kd(nts, {"datacenter1": "1.5"}, cfs=[cf_def(ks, "A")])),
                describe_ks(ks).mask("0/5/*/16"),
                v19.system_add_keyspace(kd(nts, {"datacenter1": "1"}, cfs=[cf_def(ks, "A")])),
            ]
        out.append(describe_ks(ks))
        return out

    @scenario("rel_partupdate", "19", "schema", keyspace_reset="cv_r_partupdate")
    def _partupdate():
        """An object mapper's schema synchronisation whose update changes an indexed column's
        validator along with the rest (a comment, gc grace, the default validator, a column
        dropped, one added, an unindexed column's validator; 1.0 and 1.1 a compaction
        strategy): 0.7 to 1.0 take it all; 1.1's `CFMetaData.apply` set the fields in place,
        dropped and added the columns and applied the changed ones in its `HashMap` order
        until `ColumnDefinition.apply` refused the indexed one, the connection closed: what
        it had set stays in the live definition (described, and validating writes), the
        compaction strategy set after the columns does not; the update sent again with the
        indexed column's validator relaxed to BytesType (a compatible change, which rewrites
        the column's stored definition) is taken."""
        ks = "cv_r_partupdate"
        cols = [column_def("age", M + "LongType", 0), column_def("email", M + "UTF8Type"),
                column_def("note", M + "BytesType"), column_def("city", M + "UTF8Type", 0)]
        out = setup(ks, cf_def(ks, "Person", comparator=M + "UTF8Type", comment="people",
                               column_metadata=cols))
        out += [v19.insert("p1", cparent("Person"), column("age", long_(30), 1)),
                v19.insert("p1", cparent("Person"), column("other", "free text", 1))]
        extra = {16: W.i32(1000)}
        if R >= (1, 0):
            extra[29] = b("LeveledCompactionStrategy")

        def update(age_class, note_class):
            return v19.system_update_column_family(cf_def(
                ks, "Person", comparator=M + "UTF8Type", comment="people v2", gc_grace=3600,
                default_validation=M + "LongType",
                column_metadata=[column_def("age", age_class, 0),
                                 column_def("note", note_class),
                                 column_def("zip", M + "AsciiType"),
                                 column_def("city", M + "UTF8Type", 0)],
                extra=dict(extra)))

        out += [
            update(M + "UTF8Type", M + "UTF8Type"),
            describe_ks(ks),
            v19.set_keyspace(ks),
            v19.insert("p2", cparent("Person"), column("other", "free text", 2)),
            v19.insert("p2", cparent("Person"), column("zip", b"\xe9", 2)),
            v19.insert("p2", cparent("Person"), column("note", b"\xff", 2)),
            v19.get_slice("p1", cparent("Person"), pred(start="", count=10)),
            update(M + "BytesType", M + "AsciiType"),
            describe_ks(ks),
        ]
        return out


# ------------------------------------------------------------------------------ token() of an empty key (found by ordinary19z)
if (1, 2) <= R < (3, 0):
    @scenario("rel_tokenempty", "19", "cql3", keyspace_reset="cv_r_tokenempty")
    def _tokenempty():
        """An exporter paging by `token(k) > token(?)` binds an empty value on its first page:
        1.2 to 2.2's `TokenFct` built the key and asked the partitioner for its token without
        checking it (an empty key's token is the minimum, so the page starts at the ring's
        start); a compound key's empty parts make a composite; `ALTER KEYSPACE` of a keyspace
        that does not exist is `Unknown keyspace ..`, looked up before its options are
        judged"""
        ks = "cv_r_tokenempty"
        q = v19.execute_cql3_query
        page = "SELECT k, v FROM t WHERE token(k) > token(?) LIMIT 3"
        both = "SELECT a, b FROM c WHERE token(a, b) >= token(?, ?)"
        eq = "SELECT v FROM t WHERE k = ?"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int PRIMARY KEY, v text)",
            "CREATE TABLE s (k text PRIMARY KEY, v text)",
            "CREATE TABLE c (a text, b text, v int, PRIMARY KEY ((a, b)))"]]
        out += [q("INSERT INTO t (k, v) VALUES (%d, 'v%d') USING TIMESTAMP 10" % (i, i))
                for i in range(6)]
        out += [q("INSERT INTO s (k, v) VALUES ('%s', 'x') USING TIMESTAMP 10" % k)
                for k in ["a", "b", "c"]]
        out += [q("INSERT INTO c (a, b, v) VALUES ('%s', '%s', 1) USING TIMESTAMP 10" % ab)
                for ab in [("a", "b"), ("b", "a"), ("x", "y")]]
        out += [v19.prepare_cql3_query(page),
                v19.execute_prepared_cql3_query(thrift_id(ks, page), [b""]),
                v19.execute_prepared_cql3_query(thrift_id(ks, page), [int32(2)]),
                v19.prepare_cql3_query(both),
                v19.execute_prepared_cql3_query(thrift_id(ks, both), [b"", b""]),
                v19.execute_prepared_cql3_query(thrift_id(ks, both), [b"a", b""]),
                v19.prepare_cql3_query(eq),
                v19.execute_prepared_cql3_query(thrift_id(ks, eq), [b""])]
        out += [q(s) for s in [
            "SELECT k FROM s WHERE token(k) > token('')",
            "SELECT k FROM s WHERE token(k) <= token('')",
            "SELECT k FROM s WHERE k = ''",
            "SELECT token(k) FROM s WHERE k = 'a'",
            "ALTER KEYSPACE cv_r_nosuch WITH durable_writes = false",
            "ALTER KEYSPACE cv_r_nosuch WITH replication = {'class': 'NoSuchStrategy'}",
            "ALTER KEYSPACE cv_r_nosuch WITH replication = {'replication_factor': 1}",
            "ALTER KEYSPACE cv_r_nosuch WITH nosuch = 1",
            "ALTER KEYSPACE cv_r_nosuch WITH durable_writes = false AND durable_writes = true",
            "ALTER KEYSPACE %s WITH nosuch = 1" % ks]]
        return out


# ------------------------------------------------------------------------------ a conditional batch's own timestamp (found by ordinary19z)
if (2, 0) <= R < (3, 0):
    @scenario("rel_casbatchts", "19", "cql3", keyspace_reset="cv_r_casbatchts")
    def _casbatchts():
        """An order service's conditional batches carrying `USING TIMESTAMP` of their own: 2.0
        only warned and wrote at the Paxos ballot's time (a timestamp below the row's own
        still overwrites it); 2.1 and 2.2 refuse it, and a COUNTER batch's timestamp too"""
        ks = "cv_r_casbatchts"
        q = v19.execute_cql3_query
        cas = "BEGIN BATCH USING TIMESTAMP ? UPDATE t SET v = ? WHERE k = 'p' AND c = 1 IF v = ?; " \
              "APPLY BATCH"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k text, c int, v int, PRIMARY KEY (k, c))",
            "CREATE TABLE n (k text PRIMARY KEY, hits counter)",
            "INSERT INTO t (k, c, v) VALUES ('p', 1, 1)",
            "BEGIN BATCH USING TIMESTAMP 5 UPDATE t SET v = 2 WHERE k = 'p' AND c = 1 IF v = 1; "
            "INSERT INTO t (k, c, v) VALUES ('p', 2, 7); APPLY BATCH",
            "SELECT c, v FROM t WHERE k = 'p'",
            "BEGIN BATCH USING TIMESTAMP 5 UPDATE t SET v = 3 WHERE k = 'p' AND c = 1 IF v = 1; "
            "APPLY BATCH",
            "BEGIN BATCH USING TIMESTAMP 5 INSERT INTO t (k, c, v) VALUES ('p', 3, 1) IF NOT "
            "EXISTS; APPLY BATCH",
            "BEGIN BATCH USING TIMESTAMP 5 INSERT INTO t (k, c, v) VALUES ('p', 3, 1) IF NOT "
            "EXISTS; INSERT INTO t (k, c, v) VALUES ('p', 4, 1) USING TIMESTAMP 6; APPLY BATCH",
            "BEGIN UNLOGGED BATCH USING TIMESTAMP 5 UPDATE t SET v = 9 WHERE k = 'q' AND c = 1 "
            "IF v = 1; APPLY BATCH",
            "SELECT c, v FROM t WHERE k = 'p'",
            "BEGIN COUNTER BATCH USING TIMESTAMP 5 UPDATE n SET hits = hits + 1 WHERE k = 'a'; "
            "APPLY BATCH",
            "BEGIN COUNTER BATCH UPDATE n SET hits = hits + 1 WHERE k = 'a'; APPLY BATCH",
            "SELECT hits FROM n WHERE k = 'a'"]]
        out += [v19.prepare_cql3_query(cas),
                v19.execute_prepared_cql3_query(thrift_id(ks, cas), [long_(5), int32(4), int32(2)]),
                q("SELECT c, v FROM t WHERE k = 'p' AND c = 1")]
        return out


# ------------------------------------------------------------------------------ a selector name before what no selector takes (found by ordinary19z)
if (1, 2) <= R < (3, 0):
    @scenario("rel_selectorwords", "19", "cql3", keyspace_reset="cv_r_selectorwords")
    def _selectorwords():
        """CQL 2's habits carried into CQL 3's selection (`SELECT FIRST 3 *`, `SELECT REVERSED
        *`, a range of names): the selector's decision, a name or a function call, had no
        viable alternative at the token after the name; ANTLR recovered at what follows a
        selector (`,`, AS, FROM, a function's `)`), the last error standing before 2.2"""
        ks = "cv_r_selectorwords"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))",
            "INSERT INTO t (k, c, v) VALUES ('a', 1, 'x') USING TIMESTAMP 10",
            "SELECT FIRST 3 * FROM t",
            "SELECT FIRST 3 c, v FROM t WHERE k = 'a'",
            "SELECT REVERSED * FROM t WHERE k = 'a'",
            "SELECT REVERSED c FROM t",
            "SELECT c v FROM t",
            "SELECT c, v w FROM t WHERE k = 'a'",
            "SELECT c 'x' FROM t",
            "SELECT writetime(v) x FROM t",
            "SELECT c, v FROM t WHERE k = 'a'"]]
        return out


# ------------------------------------------------------------------------------ 3.x changes no column's or field's type (found by ordinary19u/w/z on 3.x)
if (3, 0) <= R:
    @scenario("rel_altertypes3x", "19", "cql3", keyspace_reset="cv_r_altertypes3x")
    def _altertypes3x():
        """2.x applications' ALTER TABLE ... ALTER c TYPE t and ALTER TYPE u ALTER f TYPE t sent
        to 3.0.24 and 3.11.10: a table's column of any role, found or not, and a user type's
        field were refused once the new type was read (an unknown type still refused as such);
        the other ALTERs of the same table and type ran as before"""
        ks = "cv_r_altertypes3x"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int, c int, v int, b blob, PRIMARY KEY (k, c))",
            "CREATE TABLE d (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
            "CREATE TYPE addr (street text, zip int)",
            "INSERT INTO t (k, c, v) VALUES (1, 1, 1) USING TIMESTAMP 10",
            "ALTER TABLE t ALTER v TYPE varint",
            "ALTER TABLE t ALTER v TYPE blob",
            "ALTER TABLE t ALTER v TYPE int",
            "ALTER TABLE t ALTER k TYPE varint",
            "ALTER TABLE t ALTER c TYPE blob",
            "ALTER TABLE t ALTER nosuch TYPE text",
            "ALTER TABLE t ALTER v TYPE nosuchtype",
            "ALTER TABLE d ALTER v TYPE blob",
            "ALTER TABLE d ALTER c TYPE varint",
            "ALTER TABLE t ADD w text",
            "ALTER TABLE t RENAME c TO cc",
            "ALTER TYPE addr ALTER zip TYPE varint",
            "ALTER TYPE addr ALTER nosuch TYPE text",
            "ALTER TYPE addr ADD city text",
            "ALTER TYPE addr RENAME zip TO postcode",
            "SELECT k, cc, v, w FROM t",
            "ALTER TABLE nosuch ALTER v TYPE blob"]]
        return out


# ------------------------------------------------------------------------------ index names given as the default's shape (found by ordinary19za)
if R < (1, 2):
    @scenario("rel_indexnames07", "19", "index", keyspace_reset="cv_r_indexnames07")
    def _indexnames07():
        """0.7 kept an index's name as its CfDef sent it and named an unnamed one nothing (its
        ColumnDefinition's name null): a name the client gave in the shape 0.8's default name
        had (`<cf>_<column>_idx`), by an add or by an update, is described as given; an unnamed
        index is described without one. 0.8 to 1.1 named unnamed indexes so."""
        ks = "cv_r_indexnames07"
        cdef = lambda name, idx=True, iname=None: column_def(name, "UTF8Type",
                                                             KEYS_INDEX if idx else None, iname)
        posts = lambda cols, **k: cf_def(ks, "Posts", comparator="UTF8Type",
                                         column_metadata=cols, **k)
        out = setup(ks, posts([cdef("author", iname="Posts_author_idx"),
                               cdef("tag"), cdef("lang", iname="by_lang")]),
                    cf_def(ks, "Notes", comparator="UTF8Type",
                           column_metadata=[cdef("topic", False)]))
        out += [describe_ks(ks),
                v19.insert("p1", cparent("Posts"), column("author", "ann", 1)),
                v19.insert("p1", cparent("Posts"), column("tag", "db", 1)),
                v19.get_indexed_slices(cparent("Posts"), index_clause([index_expr(
                    "author", EQ, "ann")]), pred(start="", count=10)),
                v19.get_indexed_slices(cparent("Posts"), index_clause([index_expr(
                    "tag", EQ, "db")]), pred(start="", count=10)),
                v19.system_update_column_family(cf_def(
                    ks, "Notes", comparator="UTF8Type", extra={16: W.i32(1001)} if R < (1, 2)
                    else None, column_metadata=[cdef("topic", iname="Notes_topic_idx")])),
                describe_ks(ks),
                v19.system_update_column_family(cf_def(
                    ks, "Notes", comparator="UTF8Type", extra={16: W.i32(1001)} if R < (1, 2)
                    else None, column_metadata=[cdef("topic", iname="Notes_topic_idx"),
                                                cdef("mood", False)])),
                describe_ks(ks),
                v19.insert("n1", cparent("Notes"), column("topic", "x", 1)),
                v19.get_indexed_slices(cparent("Notes"), index_clause([index_expr(
                    "topic", EQ, "x")]), pred(start="", count=10))]
        return out


# ------------------------------------------------------------------------------ a KeyRange of more than one start or end (found by ordinary19za)
if R < (1, 2):
    @scenario("rel_keyrangeboth11", "19", "range", keyspace_reset="cv_r_keyrangeboth11")
    def _keyrangeboth11():
        """A KeyRange sent with a key and a token at the same end (a client filling every
        field): 1.1 refused it as `exactly one each of {start key, start token} and {end key,
        end token} must be specified` before looking at a start key past the end token
        (ThriftValidation.validateKeyRange's order); 0.7 to 1.0 in their pairs' words"""
        ks = "cv_r_keyrangeboth11"
        out = setup(ks, cf_def(ks, "Docs", comparator="UTF8Type"))
        out.append(v19.batch_mutate({"k%d" % i: {"Docs": [ins("c", "v", 1)]} for i in range(4)}))
        scan = lambda **kr: v19.get_range_slices(cparent("Docs"), pred(start="", count=10),
                                                 key_range(count=10, **kr))
        out += [scan(start_key="a", end_key="b", start_token="0", end_token="1"),
                scan(start_key="a", start_token="0", end_token="1"),
                scan(start_key="a", end_key="a", end_token="1"),
                scan(start_key="a", end_token="1"),
                scan(start_token="0", end_key="a", end_token="1"),
                scan(start_key="", end_key="", start_token="0", end_token="0")]
        return out


# ------------------------------------------------------------------------------ an INSERT without its columns, a SET clause's field, a bare word as a value (found by ordinary19zb)
if (1, 2) <= R < (3, 0):
    @scenario("rel_insertrecovery", "19", "cql3", keyspace_reset="cv_r_insertrecovery")
    def _insertrecovery():
        """A beginner's INSERT without its column list: the table name's decision fails at
        VALUES, ANTLR recovers to the `(` and reads the values as column names, and 1.2 to
        2.1 report the last error (VALUES missed after them); a SET clause's `c.f =` or a word
        after the column fails columnOperation's decision at that token; a bare word where a
        value was due (2.1 and 2.2 quote the stream at the word); 2.2's capitalized words for
        an inet, a timestamp of too many digits and a uuid"""
        ks = "cv_r_insertrecovery"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k text PRIMARY KEY, n int, v text, ip inet, at timestamp, "
            "u uuid, tu timeuuid)",
            "INSERT INTO t VALUES ('a', 1, 'x')",
            "INSERT INTO t VALUES ('a', 1) USING TTL 5",
            "INSERT INTO t VALUES ('a', 1);",
            "INSERT INTO t VALUES",
            "INSERT INTO t VALUES ()",
            "INSERT INTO t VALUES (k, n) VALUES ('a', 1)",
            "INSERT INTO t VALUES (k, n) VALUES ('a', 1) USING TIMESTAMP 5",
            "INSERT INTO t VALUES (k, 5) VALUES ('a', 1)",
            "INSERT INTO t (k, 5) VALUES ('a', 1)",
            "INSERT INTO t (k, 'n') VALUES ('a', 1)",
            "INSERT INTO t SET k = 'a'",
            "INSERT INTO t (k, n, v) VALUES ('a', 2, bob)",
            "INSERT INTO t (k, n, v) VALUES ('a', bob, 'x')",
            "UPDATE t SET v = bob WHERE k = 'a'",
            "UPDATE t SET v.x = 'y' WHERE k = 'a'",
            "UPDATE t SET v 'y' WHERE k = 'a'",
            "UPDATE t SET n + 1 WHERE k = 'a'",
            "UPDATE t SET v = 'y', n 2 WHERE k = 'a'",
            "INSERT INTO t (k, ip) VALUES ('a', 'not-an-ip')",
            "INSERT INTO t (k, at) VALUES ('a', '99999999999999999999')",
            "INSERT INTO t (k, at) VALUES ('a', '01/11/2013')",
            "INSERT INTO t (k, u) VALUES ('a', 'nope')",
            "INSERT INTO t (k, tu) VALUES ('a', 'nope')",
            "INSERT INTO t (k, n, v) VALUES ('a', 1, 'x') USING TIMESTAMP 10",
            "SELECT * FROM t"]]
        return out


# ------------------------------------------------------------------------------ IN on keys, reversed or with an empty value (found by ordinary19z)
if (1, 2) <= R:
    @scenario("rel_inreversed", "19", "cql3", keyspace_reset="cv_r_inreversed")
    def _inreversed():
        """IN on the last clustering column read in the reverse of the comparator's order:
        1.2.7 to 1.2.16 built each IN value's slice bounds by the asked bound, not by the
        reversed one (so did 1.2.9 an EQ on every clustering column), so every slice of a table
        read by slices (not compact) was empty and the SELECT answered no rows; a compact
        table's (read by names) came in the IN's order, 1.2.9 reversing it for the ORDER BY,
        1.2.19 not (2.0 on: the comparator's order, then the ORDER BY's). Then IN on the partition key with an empty value: 2.2
        sorted the keys with the partition key's SimpleCType, which asserted both values
        non-empty unless its type compared by bytes (the connection closed); alone, or of a
        type comparing by bytes, the key's own check refused it"""
        ks = "cv_r_inreversed"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE p (u int, c int, v text, PRIMARY KEY (u, c))",
            "CREATE TABLE r (u int, c int, v text, PRIMARY KEY (u, c)) "
            "WITH CLUSTERING ORDER BY (c DESC)",
            "CREATE TABLE d (u int, c int, v text, PRIMARY KEY (u, c)) WITH COMPACT STORAGE",
            "CREATE TABLE w (u int, a int, c int, v text, PRIMARY KEY (u, a, c))",
            "CREATE TABLE i (id int PRIMARY KEY, v text)",
            "CREATE TABLE s (id text PRIMARY KEY, v text)"]]
        for t in ["p", "r", "d"]:
            out += [q("INSERT INTO %s (u, c, v) VALUES (1, %d, 'v%d') USING TIMESTAMP 10"
                      % (t, c, c)) for c in (1, 2, 3)]
        out += [q("INSERT INTO w (u, a, c, v) VALUES (1, 1, %d, 'w%d') USING TIMESTAMP 10"
                  % (c, c)) for c in (1, 2)]
        out += [q("INSERT INTO i (id, v) VALUES (%d, 'i%d') USING TIMESTAMP 10" % (n, n))
                for n in (1, 2)]
        out += [q("INSERT INTO s (id, v) VALUES ('%s', 's%s') USING TIMESTAMP 10" % (n, n))
                for n in ("a", "b")]
        out += [q(s) for s in [
            "SELECT c, v FROM p WHERE u = 1 AND c IN (3, 1) ORDER BY c DESC",
            "SELECT c, v FROM p WHERE u = 1 AND c IN (3, 1) ORDER BY c ASC",
            "SELECT c FROM p WHERE u = 1 AND c IN (2) ORDER BY c DESC",
            "SELECT c FROM p WHERE u = 1 AND c IN (1, 9) ORDER BY c DESC LIMIT 1",
            "SELECT c, v FROM r WHERE u = 1 AND c IN (1, 3) ORDER BY c ASC",
            "SELECT c, v FROM r WHERE u = 1 AND c IN (1, 3) ORDER BY c DESC",
            "SELECT c, v FROM r WHERE u = 1 AND c IN (1, 3)",
            "SELECT c, v FROM d WHERE u = 1 AND c IN (3, 1) ORDER BY c DESC",
            "SELECT c, v FROM d WHERE u = 1 AND c IN (1, 3)",
            "SELECT c, v FROM d WHERE u = 1 AND c IN (3, 1, 2)",
            "SELECT c, v FROM d WHERE u = 1 AND c IN (1, 3) ORDER BY c DESC",
            "SELECT c, v FROM d WHERE u = 1 AND c IN (2, 9, 2)",
            "SELECT c, v FROM p WHERE u = 1 AND c IN (2, 9, 2)",
            "SELECT a, c, v FROM w WHERE u = 1 AND a = 1 AND c IN (1, 2) ORDER BY a DESC",
            "SELECT a, c, v FROM w WHERE u = 1 AND a = 1 AND c IN (2, 1) ORDER BY a ASC",
            "SELECT c FROM p WHERE u IN (1, 2) AND c IN (1, 2) ORDER BY c DESC",
            "SELECT c, v FROM p WHERE u = 1 AND c = 2 ORDER BY c DESC",
            "SELECT c, v FROM r WHERE u = 1 AND c = 2 ORDER BY c ASC",
            "SELECT c, v FROM d WHERE u = 1 AND c = 2 ORDER BY c DESC",
            "SELECT a, c, v FROM w WHERE u = 1 AND a = 1 AND c = 2 ORDER BY a DESC",
            "SELECT a, c, v FROM w WHERE u = 1 AND a = 1 ORDER BY a DESC",
            "SELECT c FROM p WHERE u = 1 AND c > 1 ORDER BY c DESC"]]
        sel_s = "SELECT id, v FROM s WHERE id IN (?, ?)"
        sel_i1 = "SELECT id, v FROM i WHERE id IN (?)"
        sel_ie = "SELECT id, v FROM i WHERE id = ?"
        sel_i = "SELECT id, v FROM i WHERE id IN (?, ?, ?)"
        out += [v19.prepare_cql3_query(sel_s),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_s), ["", "a"]),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_s), ["b", "a"]),
                v19.prepare_cql3_query(sel_i1),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_i1), [""]),
                v19.prepare_cql3_query(sel_ie),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_ie), [""]),
                v19.prepare_cql3_query(sel_i),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_i),
                                                [_i32(2), _i32(1), _i32(2)]),
                v19.execute_prepared_cql3_query(thrift_id(ks, sel_i),
                                                [_i32(2), b"", _i32(1)]),
                v19.set_keyspace(ks),
                q("SELECT id, v FROM i WHERE id IN (1, 2)")]
        return out


# ------------------------------------------------------------------------------ table property names each release knew (found by ordinary19z)
if (1, 2) <= R < (3, 0):
    @scenario("rel_tablepropnames", "19", "cql3", keyspace_reset="cv_r_tablepropnames")
    def _tablepropnames():
        """CREATE and ALTER TABLE properties: CFPropDefs.validate walked the statement's
        properties as its HashMap<String, Object> iterated them and refused the first name it
        knew neither as a keyword nor as an obsolete one (ignored): 1.2 knew no TTL, index
        interval, retry or flush period and ignored the CQL 3 beta's compaction names; 2.1
        and 2.2 took min_index_interval and max_index_interval (the minimum above 0, the
        maximum not below it) and ignored index_interval, replicate_on_write and
        populate_io_cache_on_flush"""
        ks = "cv_r_tablepropnames"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE a (k int PRIMARY KEY, v text) WITH min_index_interval = 64 "
            "AND max_index_interval = 1024",
            "CREATE TABLE b (k int PRIMARY KEY, v text) WITH max_index_interval = 1024 "
            "AND min_index_interval = 64",
            "CREATE TABLE c (k int PRIMARY KEY, v text) WITH index_interval = 256",
            "CREATE TABLE d (k int PRIMARY KEY, v text) WITH zeta = 1 AND alpha = 2 AND beta = 3",
            "CREATE TABLE d (k int PRIMARY KEY, v text) WITH comment = 'x' AND nope = 1 "
            "AND gc_grace_seconds = 'y'",
            "CREATE TABLE d (k int PRIMARY KEY, v text) WITH compaction_strategy_class = "
            "'LeveledCompactionStrategy' AND colour = 'red'",
            "CREATE TABLE d (k int PRIMARY KEY, v text) WITH replicate_on_write = false "
            "AND populate_io_cache_on_flush = true",
            "CREATE TABLE e (k int PRIMARY KEY, v text) WITH min_index_interval = 0",
            "CREATE TABLE e (k int PRIMARY KEY, v text) WITH min_index_interval = 512 "
            "AND max_index_interval = 256",
            "CREATE TABLE e (k int PRIMARY KEY, v text) WITH max_index_interval = 64",
            "CREATE TABLE f (k int PRIMARY KEY, v text) WITH default_time_to_live = 5 "
            "AND speculative_retry = 'NONE' AND memtable_flush_period_in_ms = 0 "
            "AND unknown_one = 1",
            "ALTER TABLE d WITH min_index_interval = 32",
            "ALTER TABLE d WITH index_interval = 512 AND comment = 'c'",
            "ALTER TABLE d WITH other = 1 AND another = 2",
            "ALTER TABLE d WITH max_index_interval = 16"]]
        cols = ("columnfamily_name, comment, min_index_interval, max_index_interval"
                if R >= (2, 1) else "columnfamily_name, comment, index_interval"
                if R >= (2, 0) else "columnfamily_name, comment, replicate_on_write")
        out.append(q("SELECT %s FROM system.schema_columnfamilies WHERE keyspace_name = '%s'"
                     % (cols, ks)))
        return out


# ------------------------------------------------------------------------------ 3.x's table properties in CQL (found by ordinary19u/z on 3.x)
if (3, 0) <= R:
    @scenario("rel_tableprops3x", "19", "cql3", keyspace_reset="cv_r_tableprops3x")
    def _tableprops3x():
        """2.x applications' table properties sent to 3.0.24 and 3.11.10 (TableAttributes,
        TableParams): the names 3.x no longer knew refused as unknown (the first in its
        HashMap's order), a map property given as text and a text one as a map, numbers that
        are none, a compaction map without its class, and TableParams.validate's bounds in
        3.x's words (compression's chunk length, the bloom filter's chance, gc grace)"""
        ks = "cv_r_tableprops3x"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int PRIMARY KEY, v text) WITH comment = 'x' AND "
            "gc_grace_seconds = 3600",
            "CREATE TABLE c (k int PRIMARY KEY) WITH index_interval = 256",
            "CREATE TABLE c (k int PRIMARY KEY) WITH replicate_on_write = true",
            "CREATE TABLE c (k int PRIMARY KEY) WITH populate_io_cache_on_flush = true",
            "CREATE TABLE c (k int PRIMARY KEY) WITH index_interval = 1 AND nosuch = 2",
            "CREATE TABLE c (k int PRIMARY KEY) WITH max_index_interval = 1 AND foo = 2 "
            "AND bar = 3",
            "CREATE TABLE c (k int PRIMARY KEY) WITH caching = 'all'",
            "CREATE TABLE c (k int PRIMARY KEY) WITH compaction = 'LeveledCompactionStrategy'",
            "CREATE TABLE c (k int PRIMARY KEY) WITH comment = {'a': 'b'}",
            "CREATE TABLE c (k int PRIMARY KEY) WITH gc_grace_seconds = 'ten'",
            "CREATE TABLE c (k int PRIMARY KEY) WITH read_repair_chance = 'x'",
            "CREATE TABLE c (k int PRIMARY KEY) WITH compaction = {'min_threshold': 2}",
            "ALTER TABLE t WITH compression = {'sstable_compression': 'LZ4Compressor', "
            "'chunk_length_kb': 3}",
            "ALTER TABLE t WITH compression = {'sstable_compression': 'LZ4Compressor', "
            "'chunk_length_in_kb': 3}",
            "ALTER TABLE t WITH compression = {'sstable_compression': 'LZ4Compressor', "
            "'chunk_length_kb': 8}",
            "ALTER TABLE t WITH bloom_filter_fp_chance = 0",
            "ALTER TABLE t WITH bloom_filter_fp_chance = 1.5",
            "ALTER TABLE t WITH gc_grace_seconds = -1",
            "ALTER TABLE t WITH default_time_to_live = -5",
            "ALTER TABLE t WITH min_index_interval = 0",
            "ALTER TABLE t WITH memtable_flush_period_in_ms = -1",
            "ALTER TABLE t WITH read_repair_chance = 2.0",
            "ALTER TABLE t WITH caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'} "
            "AND speculative_retry = '99percentile'",
            "SELECT k, v FROM t"]]
        return out


if (2, 2) <= R:
    @scenario("rel_cqlcount3x", "19", "cql3", keyspace_reset="cv_r_cqlcount3x")
    def _cqlcount3x():
        """get_count by a range of a CQL table's row through Thrift: 3.x counted the live cells
        of its rows but not their row markers (a row's liveness was no cell any more), a row
        whole once begun (a count of 1 counts the first row's cells), 2.2 each cell and marker
        up to the count; a predicate of names went through get_slice's count. And a non
        counter column added to a counter table, refused by CFMetaData.validate naming the
        column's definition: 3.0 printed it whole, 3.11 by name. (A reversed count of the
        static table never came back from 3.0.24: left out.)"""
        ks = "cv_r_cqlcount3x"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE carts (u text PRIMARY KEY, items set<text>, tags set<text>, "
            "prefs map<text, int>, note text)",
            "INSERT INTO carts (u, items, tags, note) VALUES ('ann', {'a', 'b'}, {'x'}, 'n') "
            "USING TIMESTAMP 1000",
            "UPDATE carts USING TIMESTAMP 1001 SET prefs['size'] = 3 WHERE u = 'bob'",
            "INSERT INTO carts (u) VALUES ('cid') USING TIMESTAMP 1002",
            "DELETE tags FROM carts USING TIMESTAMP 1003 WHERE u = 'ann'",
            "CREATE TABLE ev (d text, at int, s text static, v text, w int, "
            "PRIMARY KEY (d, at))",
            "INSERT INTO ev (d, at, s, v, w) VALUES ('d1', 1, 'st', 'v1', 1) USING TIMESTAMP 1000",
            "INSERT INTO ev (d, at, v) VALUES ('d1', 2, 'v2') USING TIMESTAMP 1000",
            "INSERT INTO ev (d, at) VALUES ('d1', 3) USING TIMESTAMP 1000",
            "UPDATE ev USING TIMESTAMP 1000 SET w = 4 WHERE d = 'd1' AND at = 4",
            "CREATE TABLE hits (k text PRIMARY KEY, n counter)",
            "UPDATE hits SET n = n + 2 WHERE k = 'a'",
            "ALTER TABLE hits ADD extra int",
            "ALTER TABLE hits ADD more counter",
            "CREATE TABLE plain (k text PRIMARY KEY, v text)",
            "ALTER TABLE plain ADD n counter",
            "CREATE TABLE th (k text PRIMARY KEY, a text, b text, c text) WITH COMPACT STORAGE",
            "INSERT INTO th (k, a, b, c) VALUES ('t', 'x', 'y', 'z') USING TIMESTAMP 1000"]]
        for key in ["ann", "bob", "cid", "nobody"]:
            out.append(v19.get_count(key, cparent("carts"), pred(start="")))
        out += [v19.get_count("ann", cparent("carts"), pred(start="", count=1)),
                v19.get_count("ann", cparent("carts"), pred(start="", count=2)),
                v19.get_count("ann", cparent("carts"), pred(start="", reversed=True, count=2)),
                v19.get_slice("ann", cparent("carts"), pred(start="")),
                v19.multiget_count(["ann", "bob", "cid"], cparent("carts"), pred(start="")),
                v19.get_count("d1", cparent("ev"), pred(start="")),
                v19.get_count("d1", cparent("ev"), pred(start="", count=3)),
                v19.get_slice("d1", cparent("ev"), pred(start="")),
                v19.multiget_count(["d1", "d2"], cparent("ev"), pred(start="")),
                v19.get_count("a", cparent("hits"), pred(start="")),
                v19.get_count("t", cparent("th"), pred(start="", count=1)),
                v19.get_count("t", cparent("th"), pred(start="b", count=1)),
                v19.get_count("t", cparent("th"), pred(start="", reversed=True, count=2))]
        return out


# ------------------------------------------------------------------------------ counter and plain columns mixed by an update (found by ordinary19za/zc)
if (0, 8) <= R < (1, 2):
    @scenario("rel_countermixupdate", "19", "schema", keyspace_reset="cv_r_countermixupd")
    def _countermixupdate():
        """A column of the other kind added to a counter (or a plain) column family by an
        update: 0.8 and 1.0's CQL 2 ALTER COLUMNFAMILY built the update without
        `CFMetaData.validate` (taken, ADD and ALTER ... TYPE alike), 0.8's
        system_update_column_family too; 1.0's Thrift update built the definition with
        `fromThrift`, whose `validate` refused it, rethrown unchecked; 1.1 refused both"""
        ks = "cv_r_countermixupd"
        q = lambda s: v19.execute_cql_query(s)
        out = [
            v19.system_add_keyspace(ks_def(ks)),
            v19.set_keyspace(ks),
            q("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) "
              "WITH comparator = ascii AND default_validation = counter"),
            q("CREATE COLUMNFAMILY posts (KEY varchar PRIMARY KEY, title varchar) "
              "WITH comparator = ascii AND default_validation = varchar"),
            q("ALTER COLUMNFAMILY hits ADD extra varchar"),
            q("ALTER COLUMNFAMILY posts ADD views counter"),
            q("ALTER COLUMNFAMILY posts ALTER title TYPE counter"),
            describe_ks(ks).mask("0/5/*/16"),
            v19.system_update_column_family(cf_def(
                ks, "hits", comparator="AsciiType", default_validation="CounterColumnType",
                column_metadata=[column_def("other", "UTF8Type")],
                extra={16: W.i32(1000)})).mask("0"),
            v19.system_update_column_family(cf_def(
                ks, "posts", comparator="AsciiType", default_validation="UTF8Type",
                column_metadata=[column_def("title", "UTF8Type"),
                                 column_def("likes", "CounterColumnType")],
                extra={16: W.i32(1001)})).mask("0"),
            describe_ks(ks).mask("0/5/*/16"),
        ]
        return out


# ------------------------------------------------------------------------------ a slice starting past a name's length (found by ordinary19zc)
if R < (1, 2):
    @scenario("rel_longslicestart", "19", "read", keyspace_reset="cv_r_longslicestart")
    def _longslicestart():
        """A slice whose start is longer than 65535 bytes: 0.7 to 1.0 made it a Column as
        they iterated a row their memtable held (`Memtable.getSliceIterator`), whose
        constructor asserted the name's length, so the read stage failed and the call timed
        out, for get_slice, get_count and multiget_slice alike, reversed too; a row the
        memtable did not hold, and a super column's sub-columns, were read; 1.1 read them all"""
        ks = "cv_r_longslicestart"
        big = b"s" * 65536
        out = setup(ks, cf_def(ks, "Std", comparator="BytesType"),
                    cf_def(ks, "Sup", column_type="Super", comparator="BytesType",
                           subcomparator="BytesType"))
        out += [
            v19.insert("r", cparent("Std"), column("a", "v", 1)),
            v19.batch_mutate({"r": {"Sup": [ins_super("sc", [("a", "v")], 1)]}}),
            v19.get_slice("r", cparent("Std"), pred(start=big, count=10)),
            v19.get_slice("r", cparent("Std"), pred(start=big, count=10, reversed=True)),
            v19.get_slice("nobody", cparent("Std"), pred(start=big, count=10)),
            v19.get_count("r", cparent("Std"), pred(start=big, count=10)),
            v19.multiget_slice(["nobody", "r"], cparent("Std"), pred(start=big, count=10)),
            v19.get_slice("r", cparent("Std"), pred(start="", finish=big, count=10)),
            v19.get_slice("r", cparent("Sup"), pred(start=big, count=10)),
            v19.get_slice("r", cparent("Sup", "sc"), pred(start=big, count=10)),
        ]
        return out


# ------------------------------------------------------------------------------ a column family its cache sizes left without a store (found by ordinary19zc)
if R < (1, 2):
    @scenario("rel_cachefaildrop", "19", "schema", keyspace_reset="cv_r_cachefaildrop")
    def _cachefaildrop():
        """A column family added with a negative key cache size: 0.7 to 1.0 put it in the
        schema, then its store failed to size its cache (Internal error); the keyspace
        holding it could not be dropped after (DropKeyspace met the column family without
        a store: Internal error, again on a second try); 1.1 ignored the cache sizes"""
        ks = "cv_r_cachefaildrop"
        bad = cf_def(ks, "Bad", comparator="UTF8Type", extra={11: W.double(-1.0)})
        out = setup(ks, cf_def(ks, "Good", comparator="UTF8Type"))
        out += [
            v19.system_add_column_family(bad).mask("0"),
            v19.insert("k", cparent("Good"), column("a", "v", 1)),
            describe_ks(ks).mask("0/5/*/16"),
            v19.system_drop_keyspace(ks).mask("0"),
            v19.system_drop_keyspace(ks).mask("0"),
        ]
        return out


# ------------------------------------------------------------------------------ a COMPACT table's row written by its key alone (found by ordinary19zd)
if (1, 2) <= R < (3, 0):
    @scenario("rel_compactmandatory", "19", "cql3", keyspace_reset="cv_r_compactmandatory")
    def _compactmandatory():
        """A COMPACT STORAGE table with clustering has no row marker: an INSERT naming its
        key alone, with a value column, is `Column v is mandatory for this COMPACT STORAGE
        table` (UpdateStatement, every release with CQL 3), in a batch and prepared too; a
        null value is taken (a deletion); a dense table without a value column takes the key
        alone; a table without clustering takes it too"""
        ks = "cv_r_compactmandatory"
        q = lambda s: v19.execute_cql3_query(s)
        ins_k = "INSERT INTO pts (s, t) VALUES (?, ?)"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE pts (s text, t int, v double, PRIMARY KEY (s, t)) "
            "WITH COMPACT STORAGE",
            "CREATE TABLE \"Wide\" (s text, a int, b int, \"Val\" text, PRIMARY KEY (s, a, b)) "
            "WITH COMPACT STORAGE",
            "CREATE TABLE keys_only (s text, t int, PRIMARY KEY (s, t)) WITH COMPACT STORAGE",
            "CREATE TABLE flat (k text PRIMARY KEY, v int) WITH COMPACT STORAGE",
            "INSERT INTO pts (s, t) VALUES ('a', 1)",
            "INSERT INTO pts (s, t, v) VALUES ('a', 2, null)",
            "INSERT INTO pts (s, t, v) VALUES ('a', 3, 1.5) USING TIMESTAMP 10",
            "INSERT INTO pts (s, t) VALUES ('a', 3) USING TIMESTAMP 20",
            "INSERT INTO \"Wide\" (s, a, b) VALUES ('a', 1, 2)",
            "INSERT INTO \"Wide\" (s, a) VALUES ('a', 1)",
            "INSERT INTO keys_only (s, t) VALUES ('a', 1) USING TIMESTAMP 10",
            "INSERT INTO flat (k) VALUES ('a')",
            "BEGIN BATCH INSERT INTO pts (s, t, v) VALUES ('b', 1, 2.5) "
            "INSERT INTO pts (s, t) VALUES ('b', 2) APPLY BATCH",
            "SELECT * FROM pts",
            "SELECT * FROM keys_only",
            "SELECT * FROM flat"]]
        out += [v19.prepare_cql3_query(ins_k),
                v19.execute_prepared_cql3_query(thrift_id(ks, ins_k), ["c", struct.pack(">i", 1)])]
        return out


# ------------------------------------------------------------------------------ a composite name's value checked before its end-of-component byte (found by ordinary19zd)
if (1, 2) <= R:
    @scenario("rel_compositeorder", "19", "slice", keyspace_reset="cv_r_compositeorder")
    def _compositeorder():
        """AbstractCompositeType.validate reads a component's value, has its type validate
        it, and only then reads its end-of-component byte: a name cut short after a value
        its type refuses is refused for the value (`Expected 8 or 0 byte long (1)`), a good
        value cut short for the missing byte; DynamicCompositeType alike, its comparator
        found first"""
        ks = "cv_r_compositeorder"
        lng = lambda n: struct.pack(">q", n)
        comp_cf = cf_def(ks, "Idx", comparator="CompositeType(LongType,UTF8Type)")
        dyn_cf = cf_def(ks, "Dyn", comparator="DynamicCompositeType(l=>LongType,s=>UTF8Type)")
        out = setup(ks, comp_cf, dyn_cf)
        good = b"\x00\x08" + lng(5) + b"\x00\x00\x02ab\x00"
        names = [b"\x00\x01x", b"\x00\x08" + lng(5), b"\x00\x08" + lng(5) + b"\x00\x00\x02ab",
                 b"\x00\x08" + lng(5) + b"\x00\x00\x02\xff\xfe", b"\x00\x03abc\x01",
                 b"\x00\x08" + lng(5) + b"\x01\x00"]
        out.append(v19.insert("r", cparent("Idx"), column(good, "v", 1)))
        for n in names:
            out += [v19.insert("r", cparent("Idx"), column(n, "v", 1)),
                    v19.get_slice("r", cparent("Idx"), pred(start=n, count=10)),
                    v19.get_slice("r", cparent("Idx"), pred(names=[n]))]
        for n in [b"\x80\x6c\x00\x01x", b"\x80\x6c\x00\x08" + lng(5),
                  b"\x80\x73\x00\x02\xff\xfe", b"\x80\x7a\x00\x01x"]:
            out += [v19.insert("r", cparent("Dyn"), column(n, "v", 1)),
                    v19.get_slice("r", cparent("Dyn"), pred(start=n, count=10))]
        out.append(v19.get_slice("r", cparent("Idx"), pred(start="", count=10)))
        return out


# ------------------------------------------------------------------------------ a map less a set of its keys (found by ordinary19zd)
if (1, 2) <= R:
    @scenario("rel_mapminuskeys", "19", "cql3", keyspace_reset="cv_r_mapminuskeys")
    def _mapminuskeys():
        """`m = m - {'k'}` on a map: 2.1 on prepares the term for a set of the map's keys
        and removes those keys (an element of the wrong type refused in a set literal's
        words); 1.2 and 2.0 refuse the set literal for the map's type"""
        ks = "cv_r_mapminuskeys"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int PRIMARY KEY, m map<text, int>, n map<int, text>)",
            "INSERT INTO t (k, m, n) VALUES (1, {'a': 1, 'b': 2, 'c': 3}, {1: 'x', 2: 'y'}) "
            "USING TIMESTAMP 10",
            "UPDATE t USING TIMESTAMP 20 SET m = m - {'a'} WHERE k = 1",
            "UPDATE t USING TIMESTAMP 20 SET m = m - {'b', 'zz'}, n = n - {2} WHERE k = 1",
            "SELECT m, n FROM t WHERE k = 1",
            "UPDATE t SET m = m - {1} WHERE k = 1",
            "UPDATE t SET m = m - ['c'] WHERE k = 1",
            "UPDATE t SET m = m - {'c': 3} WHERE k = 1",
            "UPDATE t SET m = m - 'c' WHERE k = 1",
            "UPDATE t USING TIMESTAMP 5 SET m = m - {'c'} WHERE k = 1",
            "UPDATE t USING TIMESTAMP 30 SET m = m - {'c'} WHERE k = 2",
            "SELECT k, m FROM t"]]
        return out


# ------------------------------------------------------------------------------ 3.x's server failures a client meets as a closed connection (found by ordinary19w/u on 3.x)
if (3, 0) <= R:
    @scenario("rel_drops3x", "19", "read", keyspace_reset="cv_r_drops3x")
    def _drops3x():
        """What 3.0.24 and 3.11.10 failed on the server, the connection closed without a
        reply (each followed by set_keyspace, the session being lost): get_paged_slice's
        start column decoded as a cell name (LegacyLayout.decodeCellName: a LongType name not
        of 8 bytes, a CQL table's name without its column component, an empty one among
        them; an unknown column refused in words), and token() selecting other columns than
        the key's parts (TokenFct: fewer than a compound key's parts, or more)"""
        ks = "cv_r_drops3x"
        q = v19.execute_cql3_query
        import struct
        comp = lambda *parts: b"".join(struct.pack(">H", len(p)) + p + b"\x00" for p in parts)
        again = v19.set_keyspace(ks)
        whole = lambda n: key_range(start_token="-9223372036854775808",
                                    end_token="-9223372036854775808", count=n)
        out = setup(ks, cf_def(ks, "L", comparator="LongType"),
                    cf_def(ks, "U", comparator="UTF8Type"))
        for k in ("r1", "r2"):
            out += [v19.insert(k, cparent("L"), column(long_(i), "v%d" % i, 10)) for i in range(3)]
            out += [v19.insert(k, cparent("U"), column("c%d" % i, "v", 10)) for i in range(2)]
        out += [v19.get_paged_slice("L", whole(5), b""),
                v19.get_paged_slice("L", key_range("r1", "", count=5), long_(1)),
                v19.get_paged_slice("U", key_range("r1", "", count=5), "abc"),
                v19.get_paged_slice("L", whole(5), "abc"), again,
                v19.get_paged_slice("L", key_range("r1", "", count=5), int32(1)), again]
        out += [q(s) for s in [
            "CREATE TABLE m (k text, at int, body text, PRIMARY KEY (k, at))",
            "CREATE TABLE p (a text, b int, c int, v text, PRIMARY KEY ((a, b), c))",
            "INSERT INTO m (k, at, body) VALUES ('x', 1, 'hi') USING TIMESTAMP 10",
            "INSERT INTO m (k, at, body) VALUES ('y', 2, 'yo') USING TIMESTAMP 10",
            "INSERT INTO p (a, b, c, v) VALUES ('a', 1, 2, 'v') USING TIMESTAMP 10"]]
        out += [v19.get_paged_slice("m", whole(5), comp(int32(1), b"body")),
                v19.get_paged_slice("m", whole(5), comp(int32(1), b"")),
                v19.get_paged_slice("m", whole(5), comp(int32(1), b"nosuch")),
                v19.get_paged_slice("m", whole(5), comp(int32(1))), again,
                v19.get_paged_slice("m", whole(5), b""), again,
                v19.get_paged_slice("m", whole(5), comp(b"ab", b"body")), again]
        out += [q(s) for s in [
            "SELECT token(k) FROM m",
            "SELECT token(at) FROM m",
            "SELECT token(body) FROM m",
            "SELECT token(a, b) FROM p",
            "SELECT token(c, b) FROM p",
            "SELECT token(a) FROM p WHERE a = 'zz' AND b = 1"]]
        out += [q("SELECT token(a) FROM p"), again,
                q("SELECT token(a, b, c) FROM p"), again,
                q("SELECT token(k, at) FROM m"), again,
                q("SELECT k FROM m")]
        return out


# ------------------------------------------------------------------------------ 3.x's index names and counter refusals in CQL (found by ordinary19u/w on 3.x)
if (3, 0) <= R:
    @scenario("rel_index3x", "19", "cql3", keyspace_reset="cv_r_index3x")
    def _index3x():
        """CREATE INDEX on 3.0.24 and 3.11.10 (CreateIndexStatement): a name the keyspace
        already has, on any table, is `Index X already exists`; a column already indexed makes
        the new index a duplicate of the old (named as given, or the first free default name);
        DROP INDEX of no index looks in the keyspace's tables; a counter table's writes with
        USING TIMESTAMP or TTL are refused, and a condition on a counter column before the
        counter table's conditional update"""
        ks = "cv_r_index3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k text PRIMARY KEY, a text, b int)",
            "CREATE TABLE u (k text PRIMARY KEY, c text)",
            "CREATE TABLE n (k text, d int, v counter, w counter, PRIMARY KEY (k, d))",
            "CREATE INDEX t_a ON t (a)",
            "CREATE INDEX ON t (b)",
            "CREATE INDEX t_a ON t (a)",
            "CREATE INDEX t_a ON u (c)",
            "CREATE INDEX t_a2 ON t (a)",
            "CREATE INDEX ON t (a)",
            "CREATE INDEX ON t (b)",
            "CREATE INDEX IF NOT EXISTS t_a ON t (a)",
            "CREATE INDEX u_c_idx ON u (c)",
            "CREATE INDEX ON u (c)",
            "DROP INDEX nosuch",
            "DROP INDEX t_b_idx",
            "DROP INDEX t_b_idx",
            "UPDATE n USING TIMESTAMP 5 SET v = v + 1 WHERE k = 'a' AND d = 1",
            "UPDATE n USING TTL 10 SET v = v + 1 WHERE k = 'a' AND d = 1",
            "UPDATE n USING TIMESTAMP 5 AND TTL 10 SET v = v + 1 WHERE k = 'a' AND d = 1",
            "UPDATE n SET v = v + 1 WHERE k = 'a' AND d = 1 IF v = 1",
            "UPDATE n SET v = v + 1 WHERE k = 'a' AND d = 1 IF EXISTS",
            "UPDATE n SET v = v + 1 WHERE k = 'a' AND d = 1 IF w = 1 AND v = 2",
            "DELETE FROM n USING TIMESTAMP 5 WHERE k = 'a' AND d = 1",
            "SELECT k, d, v FROM n"]]
        return out


# ------------------------------------------------------------------------------ a long slice start over rows found by a scan (found by ordinary19zc)
if R < (1, 2):
    @scenario("rel_longslicescan", "19", "read", keyspace_reset="cv_r_longslicescan")
    def _longslicescan():
        """A slice start longer than 65535 bytes over the rows a scan found: 0.7 to 1.0's
        range scan iterated each row of the memtable in the calling thread, where the
        Column made of the start asserted its length (Internal error processing
        get_range_slices, of a super family's super columns too); an index query read its
        rows in the read stage (timed out); a long finish, a column family without rows and
        rows only flushed (none here) were read; 1.1 read them all"""
        ks = "cv_r_longslicescan"
        big = b"s" * 65536
        out = setup(ks, cf_def(ks, "Std", comparator="BytesType", column_metadata=[
                        column_def("st", "BytesType", KEYS_INDEX, "st_idx")]),
                    cf_def(ks, "Sup", column_type="Super", comparator="BytesType",
                           subcomparator="BytesType"),
                    cf_def(ks, "Empty", comparator="BytesType"))
        rows = key_range(start_key="", end_key="", count=10)
        out += [
            v19.batch_mutate({"r%d" % i: {"Std": [ins("st", "x", 10), ins("b", "v", 10)],
                                          "Sup": [ins_super("sc", [("a", "v")], 10)]}
                              for i in range(3)}),
            v19.get_range_slices(cparent("Std"), pred(start=big, count=10), rows),
            v19.get_range_slices(cparent("Std"), pred(start="", finish=big, count=10), rows),
            v19.get_range_slices(cparent("Empty"), pred(start=big, count=10), rows),
            v19.get_indexed_slices(cparent("Std"), index_clause([index_expr("st", EQ, "x")]),
                                   pred(start=big, count=10)),
            v19.get_indexed_slices(cparent("Std"), index_clause([index_expr("st", EQ, "y")]),
                                   pred(start=big, count=10)),
            v19.get_range_slices(cparent("Sup"), pred(start=big, count=10), rows),
            v19.get_range_slices(cparent("Sup", "sc"), pred(start=big, count=10), rows),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x's range deletions and restriction words (found by ordinary19n/r/u/w/z/zb/zd on 3.x)
if (3, 0) <= R:
    @scenario("rel_rangedel3x", "19", "cql3", keyspace_reset="cv_r_rangedel3x")
    def _rangedel3x():
        """DELETE of a range of CQL rows on 3.0.24 and 3.11.10: a slice of the clustering
        column after the EQ prefix (ascending and descending columns, both bounds, an open
        one, within an IN's partitions) deleted the rows it held, statics kept; the refusals:
        columns named with a range, a slice before the prefix's end, an EQ after the slice,
        two start bounds; an UPDATE or DELETE of static columns naming a row; a SELECT of a
        partition key restricted in part (3.0 listed the parts, 3.11 asked for ALLOW
        FILTERING); an INSERT naming a column twice"""
        ks = "cv_r_rangedel3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE m (k text, a int, b int, v text, s text static, "
            "PRIMARY KEY (k, a, b))",
            "CREATE TABLE d (k text, a int, v text, PRIMARY KEY (k, a)) "
            "WITH CLUSTERING ORDER BY (a DESC)",
            "CREATE TABLE p (x text, y int, z int, v text, PRIMARY KEY ((x, y), z))"]]
        for k in ("p", "q"):
            for a in range(1, 4):
                for b in range(1, 5):
                    out.append(q("INSERT INTO m (k, a, b, v) VALUES ('%s', %d, %d, 'v') "
                                 "USING TIMESTAMP 10" % (k, a, b)))
            out.append(q("UPDATE m USING TIMESTAMP 10 SET s = 'st' WHERE k = '%s'" % k))
        for a in range(1, 7):
            out.append(q("INSERT INTO d (k, a, v) VALUES ('k', %d, 'v') USING TIMESTAMP 10" % a))
        out += [q(s) for s in [
            "DELETE FROM m USING TIMESTAMP 20 WHERE k = 'p' AND a = 1 AND b > 2",
            "DELETE FROM m USING TIMESTAMP 20 WHERE k = 'p' AND a = 2 AND b >= 2 AND b < 4",
            "DELETE FROM m USING TIMESTAMP 20 WHERE k IN ('p', 'q') AND a > 2",
            "DELETE FROM m USING TIMESTAMP 20 WHERE k = 'q' AND a <= 1",
            "SELECT k, a, b, s FROM m",
            "DELETE FROM d USING TIMESTAMP 20 WHERE k = 'k' AND a > 4",
            "DELETE FROM d USING TIMESTAMP 20 WHERE k = 'k' AND a >= 1 AND a <= 2",
            "SELECT a FROM d WHERE k = 'k'",
            "DELETE v FROM m WHERE k = 'p' AND a = 1 AND b > 2",
            "DELETE v FROM m WHERE k = 'p' AND a = 1",
            "DELETE v FROM m WHERE k = 'p'",
            "DELETE FROM m WHERE k = 'p' AND b > 2",
            "DELETE FROM m WHERE k = 'p' AND a > 1 AND b = 2",
            "DELETE FROM m WHERE k = 'p' AND a > 1 AND a >= 2",
            "DELETE FROM m WHERE a > 1",
            "UPDATE m SET s = 'x' WHERE k = 'p' AND a = 1",
            "DELETE s FROM m WHERE k = 'p' AND a = 1 AND b = 1",
            "SELECT * FROM p WHERE x = 'a'",
            "SELECT * FROM p WHERE y = 1",
            "SELECT * FROM p WHERE x = 'a' AND z = 1",
            "INSERT INTO m (k, a, b, nope, v, v) VALUES ('p', 1, 1, 'x', 'y', 'z')"]]
        return out


# ------------------------------------------------------------------------------ 3.x's names of columns and user types (found by ordinary19l/u/zb/zd on 3.x)
if (3, 0) <= R:
    @scenario("rel_udtnames3x", "19", "cql3", keyspace_reset="cv_r_udtnames3x")
    def _udtnames3x():
        """Types and markers as CQL 3 over Thrift named them on 3.0.24 and 3.11.10: a frozen
        user type's class (3.11: inside FrozenType, in a collection not frozen too; 3.0:
        bare), a tuple's and a frozen collection's; a prepared statement's markers of a
        static compact table (3.0 printed its columns' definitions as STATIC ones, 3.11 their
        names); 3.11 calls a key column's collection non-frozen"""
        ks = "cv_r_udtnames3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE addr (street text, zip int)",
            "CREATE TABLE u (id int PRIMARY KEY, home frozen<addr>, "
            "others map<text, frozen<addr>>, hist list<frozen<addr>>, "
            "fl frozen<list<frozen<addr>>>, geo tuple<double, double>, tags frozen<set<text>>)",
            "INSERT INTO u (id, home) VALUES (1, {street: 'a', zip: 1}) USING TIMESTAMP 10",
            "SELECT * FROM u WHERE id = 1",
            "SELECT home, others FROM u",
            "CREATE TABLE c (k text PRIMARY KEY, v text, w int) WITH COMPACT STORAGE",
            "CREATE TABLE l (k list<int> PRIMARY KEY, v int)"]]
        out += [v19.prepare_cql3_query(s) for s in [
            "INSERT INTO u (id, home, others, hist) VALUES (?, ?, ?, ?)",
            "INSERT INTO c (k, v, w) VALUES (?, ?, ?) USING TTL ?",
            "UPDATE c SET v = ? WHERE k = ?",
            "SELECT v FROM c WHERE k = ?"]]
        return out


# ------------------------------------------------------------------------------ 3.x's words for keyspace and table names (found by ordinary19r on 3.x)
if (3, 0) <= R:
    @scenario("rel_schemawords3x", "19", "cql3", keyspace_reset="cv_r_schemawords3x")
    def _schemawords3x():
        """CREATE and ALTER KEYSPACE and CREATE TABLE refused on 3.0.24 and 3.11.10: an
        unknown SimpleStrategy option names the keyspace, a keyspace's or table's name of
        other characters than letters, digits and underscores is not a valid name, an ALTER
        of the system keyspace meets the access check (its words end with a period)"""
        ks = "cv_r_schemawords3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE KEYSPACE cv_r_sw2 WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1, 'foo': 'bar'}",
            "ALTER KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1, 'foo': 'bar'}" % ks,
            "CREATE KEYSPACE \"cv-r-sw\" WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}",
            "CREATE TABLE \"bad-name\" (k int PRIMARY KEY)",
            "ALTER KEYSPACE system WITH durable_writes = false",
            "DROP KEYSPACE system"]]
        return out


# ------------------------------------------------------------------------------ date texts of a timestamp (found by ordinary19zf)
if R >= (1, 2):
    @scenario("rel_datetexts", "19", "cql3", keyspace_reset="cv_r_datetexts")
    def _datetexts():
        """A timestamp written as a date text, as applications formatted it: 1.2 read it by
        JdbcDate's patterns (RFC 822 zones, `GMT+h:mm`, no milliseconds, no `Z`), 2.0 and
        2.1 by TimestampSerializer's (milliseconds, ISO 8601 zones `Z`, `+hh`, `+hhmm`,
        `+hh:mm`, no zone names), 2.2 also a zone's name after a blank; milliseconds past
        999 and fields out of range refused; a number, quoted or not, is milliseconds, and from
        1.2.16 a negative one too"""
        ks = "cv_r_datetexts"
        texts = [
            "2013-05-01 10:00", "2013-05-01 10:00:00", "2013-05-01 10:00:00+0000",
            "2013-05-01 11:00:00+0100", "2013-05-01 10:00:00-0000", "2013-05-01T10:00",
            "2013-05-01T10:00:00", "2013-05-01T10:00:00+0000", "2013-05-01T10:00:00Z",
            "2013-05-01T10:00Z", "2013-05-01 10:00:00Z", "2013-05-01 11:00:00+01",
            "2013-05-01 11:00:00+01:00", "2013-05-01 10:00:00GMT", "2013-05-01 11:00GMT+1:00",
            "2013-05-01 10:00:00UTC", "2013-05-01 10:00:00 UTC", "2013-05-01 11:00:00 +0100",
            "2013-05-01 11:00 GMT+01:00", "2013-05-01 10:00:00.123",
            "2013-05-01 10:00:00.123+0000", "2013-05-01 10:00:00.5Z",
            "2013-05-01T10:00:00.999+00:00", "2013-05-01 10:00:00.1000",
            "2013-05-01 10:00.123", "2013-05-01", "2013-05-01+0000", "2013-05-01Z",
            "2013-05-01 UTC", "2013-05-01 24:00", "2013-05-01 10:60",
            "2013-05-01 10:00:00+2400", "2013/05/01", "1367402400000", "-1", "-86400000",
        ]
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
            v19.execute_cql3_query("CREATE TABLE t (k int PRIMARY KEY, at timestamp)")]
        out += [v19.execute_cql3_query("INSERT INTO t (k, at) VALUES (%d, '%s') "
                                       "USING TIMESTAMP 10" % (i, s))
                for i, s in enumerate(texts)]
        out += [v19.execute_cql3_query("SELECT k, at FROM t WHERE k IN (%s)"
                                       % ", ".join(str(i) for i in range(len(texts))))]
        # a number unquoted: milliseconds, negative from 1.2.16 (CASSANDRA-6718)
        out += [v19.execute_cql3_query("INSERT INTO t (k, at) VALUES (%d, %s) USING TIMESTAMP 10"
                                       % (100 + i, n)) for i, n in enumerate(["5", "-5"])]
        out += [v19.execute_cql3_query("SELECT k, at FROM t WHERE k IN (100, 101)")]
        return out


# ------------------------------------------------------------------------------ how a literal was lexed and parsed (found by ordinary19zf)
if R >= (1, 2):
    @scenario("rel_literallexing", "19", "cql3", keyspace_reset="cv_r_literallexing")
    def _literallexing():
        """Literals a hand-formatting client sent: `NaN` and `Infinity`, signed or not, were
        2.0's constants (1.2 read the words as names: no viable alternative after them);
        a word of hex digits that no number or name can go on as (a digit then a hex
        letter, or eight hex digits then a dash) made the lexer predict a UUID and fail at
        its first character out of place, then lex on past it (1.2, 2.0 and 2.2 report that
        error; 2.1 the parser's after it); 2.2's `$$..$$` strings (a `$` no token before)"""
        ks = "cv_r_literallexing"
        out = [v19.execute_cql3_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
            v19.execute_cql3_query("CREATE TABLE t (k int PRIMARY KEY, f double, g float, "
                                   "u uuid)")]
        out += [v19.execute_cql3_query(q) for q in [
            "INSERT INTO t (k, f) VALUES (1, NaN) USING TIMESTAMP 10",
            "INSERT INTO t (k, f) VALUES (2, -NaN) USING TIMESTAMP 10",
            "INSERT INTO t (k, f, g) VALUES (3, Infinity, -Infinity) USING TIMESTAMP 10",
            # (2.2 worded these `Unable to make double from ..`: not emulated)
            "INSERT INTO t (k, f) VALUES (4, -infinity) USING TIMESTAMP 10" if R < (2, 2) else None,
            "INSERT INTO t (k, f) VALUES (5, nan) USING TIMESTAMP 10" if R < (2, 2) else None,
            "INSERT INTO t (k, f) VALUES (6, - NaN) USING TIMESTAMP 10",
            "SELECT k, f, g FROM t WHERE k IN (1, 2, 3, 4, 5, 6)",
            "SELECT * FROM t WHERE f = NaN",
            "INSERT INTO t (k, u) VALUES (7, 6ba7b8109dad11d180b400c04fd430c8)",
            "INSERT INTO t (k, u) VALUES (8, 6ba7b810)",
            "INSERT INTO t (k, u) VALUES (9, 6ba7b810-9dad-11d1-80b4)",
            "INSERT INTO t (k, u) VALUES (10, deadbeef-xyz)",
            "INSERT INTO t (k, u) VALUES (11, 1e3b)",
            "SELECT * FROM t WHERE k = 1b2c",
            "SELECT * FROM t WHERE u = 6ba7b8109dad11d180b400c04fd430c8 AND k = 1",
            "INSERT INTO t (k, f) VALUES (12, 1e3) USING TIMESTAMP 10",
            "INSERT INTO t (k, u) VALUES (13, 6ba7b810-9dad-11d1-80b4-00c04fd430c8) "
            "USING TIMESTAMP 10",
            "SELECT k, f, u FROM t WHERE k IN (12, 13)",
            "CREATE TABLE s (k int PRIMARY KEY, t text)"]
            # (2.1's snippets of what it lexed around a `$`: not emulated)
            + ([] if R == (2, 1) else [
                "INSERT INTO s (k, t) VALUES (1, $$it's$$) USING TIMESTAMP 10",
                "INSERT INTO s (k, t) VALUES (2, $$a$b$$) USING TIMESTAMP 10",
                "SELECT * FROM s WHERE k IN (1, 2)"]) if q is not None]
        return out


# ------------------------------------------------------------------------------ a CQL 2 line comment ending the text (found by ordinary19ze)
if CQL2 and R < (2, 0):
    @scenario("rel_cql2linecomment", "19", "cql", keyspace_reset="cv_r_cql2linecomment")
    def _cql2linecomment():
        """CQL 2's lexer took a `--` or `//` comment only up to its line end (`COMMENT: ('--' |
        '//') .* ('\\n'|'\\r')`): one the text ends in is refused where the text ends (`line
        L:C mismatched character '<EOF>' expecting set null`), before the statement runs,
        whatever the parser made of the rest; a comment ended by a line end (or a carriage
        return) is skipped"""
        ks = "cv_r_cql2linecomment"
        out = setup(ks, cf_def(ks, "Hosts", comparator="UTF8Type"))
        sel = "SELECT ip FROM Hosts WHERE KEY = 'h1'"
        out += [
            v19.insert("h1", cparent("Hosts"), column("ip", "10.0.0.1", 10)),
            cql2("USE %s" % ks),
            cql2(sel + " -- the host"),
            cql2(sel + " // the host"),
            cql2(sel + " -- the host\n"),
            cql2(sel + " -- the host\r"),
            cql2("-- the host\n" + sel),
            cql2("SELECT ip FROM Hosts -- where\nWHERE KEY = 'h1' -- end"),
            cql2("UPDATE Hosts SET ip = '10.0.0.9' WHERE KEY = 'h1' -- fix"),
            v19.get_slice("h1", cparent("Hosts"), pred(start="", count=10)),
            cql2("-- only a comment"),
            cql2("SELECT FROM Hosts -- broken"),
            cql2("SELECT ip FROM Hosts /* block */ WHERE KEY = 'h1' --"),
        ]
        return out


# ------------------------------------------------------------------------------ 1.1's IN on a clustering column (found by ordinary19ze)
if CQL3_VIA_VERSION:
    @scenario("rel_cql3betain", "19", "cql3", keyspace_reset="cv_r_cql3betain")
    def _cql3betain():
        """1.1's CQL 3 beta took an IN on a clustering column only on the last one: an IN of
        two or more values on another is refused (`PRIMARY KEY part day cannot be restricted
        by IN relation (only the first and last parts can)`), of compact and non-compact
        tables alike; an IN of one value is an equality there; an IN on the partition key or
        (of a compact table) the last clustering column is read"""
        ks = "cv_r_cql3betain"
        t = 1330000000000000
        out = setup(ks)
        out += [v19.set_cql_version("3.0.0"), cql3("USE %s" % ks)]
        for table, compact in (("orders", ""), ("lines", " WITH COMPACT STORAGE")):
            out.append(cql3("CREATE TABLE %s (customer varchar, day int, seq int, total bigint, "
                            "PRIMARY KEY (customer, day, seq))%s" % (table, compact)))
            for c, d, s_, n in [("ann", 1, 1, 10), ("ann", 1, 2, 20), ("ann", 2, 1, 30),
                                ("bob", 1, 1, 5)]:
                out.append(cql3("INSERT INTO %s (customer, day, seq, total) VALUES ('%s', %d, %d, "
                                "%d) USING TIMESTAMP %d" % (table, c, d, s_, n, t)))
            out += [
                cql3("SELECT * FROM %s WHERE customer = 'ann' AND day IN (1, 2)" % table),
                cql3("SELECT * FROM %s WHERE customer = 'ann' AND day IN (1, 2) AND seq = 1"
                     % table),
                cql3("SELECT * FROM %s WHERE customer = 'ann' AND day IN (2)" % table),
                cql3("SELECT total FROM %s WHERE customer = 'ann' AND day IN (1) AND seq = 2"
                     % table),
                cql3("SELECT total FROM %s WHERE customer IN ('ann', 'bob') AND day = 1 "
                     "AND seq = 1" % table),
            ]
            if compact:
                # (of a table not compact, the beta's names lacked the column's own
                # component: such a read found no rows, left out here)
                out.append(cql3("SELECT total FROM %s WHERE customer = 'ann' AND day = 1 "
                                "AND seq IN (1, 2)" % table))
        return out


# ------------------------------------------------------------------------------ 1.1's beta selection (found by ordinary19zq)
if CQL3_VIA_VERSION:
    @scenario("rel_cql3betaselection", "19", "cql3", keyspace_reset="cv_r_cql3betaselection")
    def _cql3betaselection():
        """1.1's CQL 3 beta prepared a SELECT's selection before its WHERE clause, whose terms
        it converted only as the statement ran: a named column the table lacks is refused
        (`Undefined name c in selection clause`) before an unknown column of the WHERE clause
        and before a key term that does not convert (a BytesType key written as text, an int
        key written as text), on a Thrift family and on a CQL 3 table; the known columns with
        such a key meet the conversion's refusal"""
        ks = "cv_r_cql3betaselection"
        t = 1330000000000000
        out = setup(ks, cf_def(ks, "kv", comparator="UTF8Type"))
        out += [
            v19.insert("k", cparent("kv"), column("c", "v", 10)),
            v19.set_cql_version("3.0.0"),
            cql3("CREATE TABLE nums (id int PRIMARY KEY, name varchar)"),
            cql3("INSERT INTO nums (id, name) VALUES (1, 'one') USING TIMESTAMP %d" % t),
            cql3("SELECT c FROM kv WHERE KEY = 'k'"),
            cql3("SELECT c FROM kv WHERE nope = 'k'"),
            cql3("SELECT key, c FROM kv"),
            cql3("SELECT key FROM kv WHERE KEY = 'k'"),
            cql3("SELECT name, nope FROM nums WHERE id = 'x'"),
            cql3("SELECT nope FROM nums WHERE other = 1"),
            cql3("SELECT name FROM nums WHERE id = 'x'"),
            cql3("SELECT name FROM nums WHERE id = 1"),
            cql3("SELECT nope FROM missing WHERE id = 1"),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x: found by ordinary19zi
if R >= (3, 0):
    @scenario("rel_dropunplaced", "19", "cql3", keyspace_reset="cv_r_dropunplaced")
    def _dropunplaced():
        """A keyspace placed in a data centre the node lacks (NetworkTopologyStrategy of
        `dc9`): its reads and writes are refused (Unavailable), while its schema changes,
        ALTER TABLE ... DROP among them, are made: a drop is a schema change no replica
        answers"""
        ks = "cv_r_dropunplaced"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'NetworkTopologyStrategy', "
                 "'dc9': 1}" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE t (k int PRIMARY KEY, a text, b int)"),
            cql3("INSERT INTO t (k, a, b) VALUES (1, 'x', 2) USING TIMESTAMP 10"),
            cql3("SELECT * FROM t"),
            cql3("ALTER TABLE t DROP a"),
            cql3("ALTER TABLE t ADD a text"),
            cql3("ALTER TABLE t DROP b"),
            cql3("ALTER TABLE t DROP b"),
            cql3("CREATE TABLE c (k int, c int, v text, PRIMARY KEY (k, c))"),
            cql3("ALTER TABLE c DROP v"),
            cql3("SELECT * FROM c WHERE k = 1"),
            cql3("SELECT column_name, kind FROM system_schema.columns "
                 "WHERE keyspace_name = '%s' AND table_name = 't'" % ks),
        ]

    @scenario("rel_tableparams3x", "19", "cql3", keyspace_reset="cv_r_tableparams3x")
    def _tableparams3x():
        """3.x's table parameters outside the compression map: `crc_check_chance` (3.0 on,
        a double between 0 and 1) and `cdc` (3.8 on; 3.0 names it an unknown property),
        taken by CREATE and ALTER TABLE beside the others, the table then read and written
        as any other"""
        ks = "cv_r_tableparams3x"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE a (k int PRIMARY KEY, v text) WITH crc_check_chance = 0.5"),
            cql3("CREATE TABLE b (k int PRIMARY KEY, v text) WITH compression = "
                 "{'class': 'LZ4Compressor', 'chunk_length_in_kb': '16'} "
                 "AND crc_check_chance = 0.25 AND comment = 'b'"),
            cql3("CREATE TABLE c (k int PRIMARY KEY, v text) WITH crc_check_chance = 2"),
            cql3("CREATE TABLE c (k int PRIMARY KEY, v text) WITH crc_check_chance = 'x'"),
            cql3("CREATE TABLE d (k int PRIMARY KEY, v text) WITH cdc = true"),
            cql3("CREATE TABLE e (k int PRIMARY KEY, v text) WITH cdc = false "
                 "AND gc_grace_seconds = 5"),
            cql3("ALTER TABLE a WITH crc_check_chance = 1.0"),
            cql3("ALTER TABLE a WITH crc_check_chance = -1"),
            cql3("ALTER TABLE a WITH cdc = true"),
            cql3("INSERT INTO a (k, v) VALUES (1, 'x') USING TIMESTAMP 10"),
            cql3("INSERT INTO b (k, v) VALUES (1, 'y') USING TIMESTAMP 10"),
            cql3("SELECT * FROM a"),
            cql3("SELECT k, v, writetime(v) FROM b"),
            cql3("SELECT table_name, comment, gc_grace_seconds FROM system_schema.tables "
                 "WHERE keyspace_name = '%s'" % ks),
        ]

    @scenario("rel_valueless3x", "19", "describe", keyspace_reset="cv_r_valueless3x")
    def _valueless3x():
        """A COMPACT STORAGE table of clustering columns and no value column, described over
        Thrift: 3.x's hidden value column is of EmptyType, which its CfDef gives as the
        `default_validation_class` (a compact table with a value column, and a Thrift column
        family, give their values' type)"""
        ks = "cv_r_valueless3x"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks),
            v19.set_keyspace(ks),
            cql3("CREATE TABLE tags (k text, t text, PRIMARY KEY (k, t)) WITH COMPACT STORAGE"),
            cql3("CREATE TABLE pairs (k text, a int, b int, PRIMARY KEY (k, a, b)) "
                 "WITH COMPACT STORAGE"),
            cql3("CREATE TABLE scores (k text, t text, v int, PRIMARY KEY (k, t)) "
                 "WITH COMPACT STORAGE"),
            v19.system_add_column_family(cf_def(ks, "Plain", comparator="UTF8Type")),
            cql3("INSERT INTO tags (k, t) VALUES ('a', 'x') USING TIMESTAMP 10"),
            cql3("SELECT * FROM tags"),
            v19.get_slice("a", cparent("tags"), pred(start="", count=10)),
            describe_ks(ks),
        ]


# ------------------------------------------------------------------------------ a CQL 3 line comment ending the text (found by ordinary19zh)
if R >= (1, 2):
    @scenario("rel_cql3linecomment", "19", "cql3", keyspace_reset="cv_r_cql3linecomment")
    def _cql3linecomment():
        """CQL 3's lexer, like CQL 2's, took a `--` or `//` comment only up to its line end
        (`COMMENT: ('--' | '//') .* ('\\n'|'\\r')`): what each release answered to a statement
        (executed or prepared) whose text ends in one, beside comments ended by a line end or
        a carriage return, one before the statement, a block comment, and a text whose other
        lexical or syntax errors come before the comment"""
        ks = "cv_r_cql3linecomment"
        q = v19.execute_cql3_query
        sel = "SELECT ip FROM hosts WHERE h = 'h1'"
        out = setup(ks)
        out += [
            q("CREATE TABLE hosts (h text PRIMARY KEY, ip text)"),
            q("INSERT INTO hosts (h, ip) VALUES ('h1', '10.0.0.1') USING TIMESTAMP 1000"),
            q(sel + " -- the host"),
            q(sel + " // the host"),
            q(sel + " -- the host\n"),
            q(sel + " -- the host\r"),
            q(sel + " --"),
            q("-- the host\n" + sel),
            q("SELECT ip FROM hosts -- where\nWHERE h = 'h1' -- end"),
            q("UPDATE hosts USING TIMESTAMP 1001 SET ip = '10.0.0.9' WHERE h = 'h1' -- fix"),
            q(sel),
            q("-- only a comment"),
            q("SELECT FROM hosts -- broken"),
            q("SELECT ip FROM hosts /* block */ WHERE h = 'h1' --"),
            q("SELECT ip FROM hosts WHERE h = 'h1' -- it's"),
            q("SELECT ip FROM hosts WHERE h = 'h1' ^ -- x"),
            q("SELECT ip FROM hosts WHERE h = 'h1 -- x"),
            v19.prepare_cql3_query(sel + " -- the host"),
            v19.prepare_cql3_query(sel + " -- the host\n"),
        ]
        return out


# ------------------------------------------------------------------------------ an IN of one value on a clustering column (found by ordinary19zh)
if R >= (1, 2):
    @scenario("rel_cql3inone", "19", "cql3", keyspace_reset="cv_r_cql3inone")
    def _cql3inone():
        """An IN of one value, on the last clustering column and on another, on the partition
        key with ORDER BY, with a collection selected, in prepared statements, UPDATE and
        DELETE: where a release took it as an equality (1.2's SelectStatement.Restriction) and
        where as an IN"""
        ks = "cv_r_cql3inone"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k int, c1 int, c2 int, v text, l list<int>, "
              "PRIMARY KEY (k, c1, c2))"),
            q("CREATE TABLE ct (k int, c1 int, c2 int, v text, PRIMARY KEY (k, c1, c2)) "
              "WITH COMPACT STORAGE"),
        ]
        for k, c1, c2 in [(1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 1, 1)]:
            out.append(q("INSERT INTO t (k, c1, c2, v, l) VALUES (%d, %d, %d, 'v%d%d', [%d]) "
                         "USING TIMESTAMP 1000" % (k, c1, c2, c1, c2, c2)))
            out.append(q("INSERT INTO ct (k, c1, c2, v) VALUES (%d, %d, %d, 'v%d%d') "
                         "USING TIMESTAMP 1000" % (k, c1, c2, c1, c2)))
        for t in ("t", "ct"):
            out += [q("SELECT v FROM %s WHERE k = 1 AND c1 = 1 AND c2 IN (2)" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 = 1 AND c2 IN (2, 1)" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (1) AND c2 = 2" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (1, 2) AND c2 = 2" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (2)" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (1, 2)" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (1) AND c2 > 1" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 IN (1, 2) AND c2 > 1" % t),
                    q("SELECT v FROM %s WHERE k = 1 AND c1 = 1 AND c2 IN (2) ORDER BY c1 DESC"
                      % t),
                    q("SELECT v FROM %s WHERE k IN (1) ORDER BY c1 DESC" % t),
                    q("SELECT v FROM %s WHERE k IN (1, 2) ORDER BY c1 DESC" % t)]
        out += [
            q("SELECT l FROM t WHERE k = 1 AND c1 = 1 AND c2 IN (2)"),
            q("SELECT l FROM t WHERE k = 1 AND c1 = 1 AND c2 IN (1, 2)"),
            # (an index made here and read at once is not: 1.2.9 read it before it was built)
            q("UPDATE t USING TIMESTAMP 1001 SET v = 'x' WHERE k = 1 AND c1 = 1 AND c2 IN (1)"),
            q("DELETE FROM t USING TIMESTAMP 1002 WHERE k = 1 AND c1 = 1 AND c2 IN (2)"),
            q("DELETE FROM t USING TIMESTAMP 1002 WHERE k = 1 AND c1 IN (2) AND c2 = 2"),
            q("SELECT c1, c2, v FROM t WHERE k = 1"),
        ]
        for s in ("SELECT v FROM ct WHERE k = ? AND c1 = ? AND c2 IN (?)",
                  "SELECT v FROM ct WHERE k = ? AND c1 IN (?) AND c2 = ?",
                  "SELECT l FROM t WHERE k = ? AND c1 = ? AND c2 IN (?)"):
            out += [v19.prepare_cql3_query(s),
                    v19.execute_prepared_cql3_query(thrift_id(ks, s),
                                                    [int32(1), int32(1), int32(2)])]
        return out


# ------------------------------------------------------------------------------ a LIMIT past an int (found by ordinary19zh)
if R >= (1, 2):
    @scenario("rel_limitint", "19", "cql3", keyspace_reset="cv_r_limitint")
    def _limitint():
        """A SELECT's LIMIT past an int: 1.2's parser read the number itself
        (`Integer.parseInt`), failing the statement, `Failed parsing statement: [...] reason:
        NumberFormatException For input string: "N"`; 2.0 on read it as an int term
        (`Int32Type.fromString`: `unable to make int from 'N'`, capitalized from 2.2), the
        largest int and a bound limit past it beside"""
        ks = "cv_r_limitint"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k int PRIMARY KEY, v text)"),
            q("INSERT INTO t (k, v) VALUES (1, 'a') USING TIMESTAMP 1000"),
            q("SELECT * FROM t LIMIT 2147483648"),
            q("SELECT * FROM t LIMIT 2147483647"),
            q("SELECT * FROM t LIMIT 99999999999999999999"),
            q("SELECT * FROM t WHERE k = 1 LIMIT 4294967296"),
            q("SELECT COUNT(*) FROM t LIMIT 2147483648"),
            q("SELECT * FROM nosuch LIMIT 2147483648"),
            v19.prepare_cql3_query("SELECT * FROM t LIMIT 2147483648"),
        ]
        return out


# ------------------------------------------------------------------------------ toDate of a time before the epoch (found by ordinary19zh)
if R >= (2, 2):
    @scenario("rel_todate", "19", "cql3", keyspace_reset="cv_r_todate")
    def _todate():
        """2.2's toDate of a timestamp counts whole days toward zero
        (`SimpleDateSerializer.timeInMillisToDay`, `TimeUnit.toDays`): a time less than a day
        before the epoch is the epoch's day, one a day and more before it the day before;
        toUnixTimestamp and toTimestamp beside"""
        ks = "cv_r_todate"
        q = v19.execute_cql3_query
        out = setup(ks)
        out.append(q("CREATE TABLE t (k int PRIMARY KEY, at timestamp, d date)"))
        for k, at in enumerate([-1, -1000, -86399999, -86400000, -86400001, -172800001, 0, 1,
                                86399999, 86400000]):
            out.append(q("INSERT INTO t (k, at) VALUES (%d, %d) USING TIMESTAMP 1000" % (k, at)))
        out += [
            q("SELECT k, at, toDate(at), toUnixTimestamp(at) FROM t"),
            q("INSERT INTO t (k, d) VALUES (20, '1969-12-31') USING TIMESTAMP 1000"),
            q("SELECT d, toTimestamp(d), toUnixTimestamp(d) FROM t WHERE k = 20"),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x's Thrift over CQL rows: reversed slices, unknown columns, index classes (found by ordinary19p/u/w on 3.x)
if (3, 0) <= R:
    @scenario("rel_cqlrows3x", "19", "cql3", keyspace_reset="cv_r_cqlrows3x")
    def _cqlrows3x():
        """Thrift over CQL tables on 3.0.24 and 3.11.10: a reversed slice reverses the rows,
        not their cells (the static cells first, then each row, last first, its marker and
        columns ascending, a collection's elements by key), the count taken from that
        order; a column name of no column of the table, written, added to or read by name,
        is refused (`Error validating cell name for CQL3 table T: Unknown column C in table
        KS.T`); a CUSTOM index of a class 3.x did not
        ship is `Unable to find custom indexer class 'C'`"""
        ks = "cv_r_cqlrows3x"
        q = v19.execute_cql3_query

        def comp(*parts):
            out = b""
            for p in parts:
                p = p.encode() if isinstance(p, str) else p
                out += len(p).to_bytes(2, "big") + p + b"\x00"
            return out

        i4 = lambda n: n.to_bytes(4, "big")  # noqa: E731
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE msgs (room text, at int, author text, body text, "
            "PRIMARY KEY (room, at))",
            "CREATE TABLE ledger (acct text, seq int, balance int static, amount int, "
            "note text, PRIMARY KEY (acct, seq))",
            "CREATE TABLE prof (k text PRIMARY KEY, attrs map<text, int>, tags set<text>)",
            "CREATE TABLE hits (page text, day int, n counter, PRIMARY KEY (page, day))",
            "INSERT INTO msgs (room, at, author, body) VALUES ('r', 1, 'ann', 'hi') "
            "USING TIMESTAMP 100",
            "INSERT INTO msgs (room, at, author, body) VALUES ('r', 2, 'bob', 'yo') "
            "USING TIMESTAMP 101",
            "INSERT INTO msgs (room, at, author) VALUES ('r', 3, 'cy') USING TIMESTAMP 102",
            "INSERT INTO msgs (room, at, author, body) VALUES ('s', 1, 'dee', 'ok') "
            "USING TIMESTAMP 103",
            "INSERT INTO ledger (acct, seq, amount, note) VALUES ('a', 1, 40, 'open') "
            "USING TIMESTAMP 1000",
            "INSERT INTO ledger (acct, seq, amount) VALUES ('a', 2, -30) USING TIMESTAMP 1000",
            "UPDATE ledger USING TIMESTAMP 1100 SET balance = 70 WHERE acct = 'a'",
            "INSERT INTO prof (k, attrs, tags) VALUES ('p', {'age': 33, 'h': 170}, {'c', 'd'}) "
            "USING TIMESTAMP 1000"]]
        for cf, key in (("msgs", "r"), ("ledger", "a"), ("prof", "p")):
            for count in (1, 2, 3, 4, 100):
                out.append(v19.get_slice(key, cparent(cf), pred(start="", reversed=True,
                                                                 count=count)))
        out += [
            v19.get_slice("r", cparent("msgs"), pred(start=comp(i4(2), "body"), finish="",
                                                     reversed=True, count=100)),
            # (a bound naming a row's marker took in the whole row on 3.x: not emulated)
            v19.multiget_slice(["r", "s"], cparent("msgs"), pred(start="", reversed=True,
                                                                 count=4)),
            # (a reversed get_count of such a table timed out on 3.0.24: left out)
            v19.get_slice("a", cparent("ledger"), pred(start="", reversed=False, count=3)),
            # (a static cell's name as a bound: 3.x took it, not emulated)
            # names of no column
            v19.insert("r", cparent("msgs"), column(comp(i4(4), "nosuch"), "x", 200)),
            v19.insert("r", cparent("msgs"), column(comp(i4(4), "author"), "dan", 200)),
            v19.add("/", cparent("hits"), counter_column(comp(i4(1), "n"), 2)),
            v19.add("/", cparent("hits"), counter_column(comp(i4(1), "nosuch"), 1)),
            v19.get("r", cpath("msgs", col=comp(i4(1), "nosuch"))),
            v19.get_slice("r", cparent("msgs"), pred(names=[comp(i4(1), "author"),
                                                            comp(i4(1), "nosuch")])),
            v19.remove("r", cpath("msgs", col=comp(i4(1), "nosuch")), 300),
            q("SELECT * FROM msgs WHERE room = 'r'"),
            q("SELECT * FROM hits"),
            # index classes
            q("CREATE CUSTOM INDEX msgs_lucene ON msgs (body) USING "
              "'com.stratio.cassandra.lucene.Index'"),
            q("CREATE CUSTOM INDEX msgs_opts ON msgs (body) USING 'org.example.Idx' "
              "WITH OPTIONS = {'a': '1'}"),
            q("CREATE CUSTOM INDEX ON msgs (author) USING 'org.example.Idx'"),
            q("SELECT index_name FROM system_schema.indexes WHERE keyspace_name = '%s'" % ks),
            # a row marker written by Thrift: the connection closes
            v19.insert("t", cparent("msgs"), column(comp(i4(5), ""), "", 200)),
            v19.set_keyspace(ks),
            v19.batch_mutate({"t": {"msgs": [ins(comp(i4(6), "author"), "eve", 200),
                                             ins(comp(i4(6), ""), "", 200)]}}),
            v19.set_keyspace(ks),
            v19.batch_mutate({"t": {"msgs": [ins(comp(i4(7), "nosuch"), "x", 200)]}}),
            q("SELECT * FROM msgs WHERE room = 't'"),
        ]
        return out


if R >= (3, 0):
    @scenario("rel_index_targets", "19", "cql3", keyspace_reset="cv_r_index_targets")
    def _index_targets():
        """3.0's indexes by target (found by ordinary19u/w/r): a map indexed on its keys,
        values and ENTRIES() side by side, the same target twice a duplicate (IF NOT EXISTS
        quiet), ENTRIES() of a set refused; system_schema.indexes lists each with its target;
        CONTAINS and CONTAINS KEY served until their index is dropped; a CUSTOM index without a
        class or with a `target` option refused; a function named with its keyspace
        (`system.max(v)`)"""
        ks = "cv_r_index_targets"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE it (k int PRIMARY KEY, m map<text, int>, s set<int>, v int)"),
            q("CREATE INDEX it_mk ON it (KEYS(m))"),
            q("CREATE INDEX it_mv ON it (m)"),
            q("CREATE INDEX ON it (ENTRIES(m))"),
            q("CREATE INDEX it_mv2 ON it (m)"),
            q("CREATE INDEX it_mk2 ON it (KEYS(m))"),
            q("CREATE INDEX IF NOT EXISTS it_mk3 ON it (KEYS(m))"),
            q("CREATE INDEX ON it (ENTRIES(s))"),
            q("CREATE INDEX ON it (s)"),
            q("CREATE INDEX ON it (v)"),
            q("CREATE INDEX it_v2 ON it (v)"),
            q("CREATE CUSTOM INDEX ON it (v)"),
            q("CREATE CUSTOM INDEX ON it (v) USING 'org.example.Idx' "
              "WITH OPTIONS = {'target': 'v'}"),
            q("SELECT index_name, kind, options FROM system_schema.indexes "
              "WHERE keyspace_name = '%s'" % ks),
            q("INSERT INTO it (k, m, s, v) VALUES (1, {'a': 1, 'b': 2}, {1}, 1) "
              "USING TIMESTAMP 1000"),
            q("INSERT INTO it (k, m, s, v) VALUES (2, {'b': 3}, {2}, 1) USING TIMESTAMP 1000"),
            q("SELECT k FROM it WHERE m CONTAINS KEY 'b'"),
            q("SELECT k FROM it WHERE m CONTAINS 3"),
            q("SELECT system.max(v), System.count(k), max(k) FROM it"),
            q("DROP INDEX it_mk"),
            q("SELECT k FROM it WHERE m CONTAINS KEY 'b'"),
            q("SELECT k FROM it WHERE m CONTAINS 1"),
            q("DROP INDEX it_m_idx"),
            q("SELECT index_name, options FROM system_schema.indexes "
              "WHERE keyspace_name = '%s'" % ks),
        ]
        return out


# ------------------------------------------------------------------------------ 3.6's PER PARTITION LIMIT (refused by 3.0's grammar)
if (3, 0) <= R:
    @scenario("rel_perpartition3x", "19", "cql3", keyspace_reset="cv_r_perpartition3x")
    def _perpartition3x():
        """3.6's `PER PARTITION LIMIT n` (before `LIMIT`): the first n rows of each partition
        read, then LIMIT over them all; on a table without clustering columns, beside an IN,
        an ORDER BY, a filtering restriction, a bound marker; refused with an aggregate, with
        DISTINCT, at zero or below (`LIMIT must be strictly positive`), after LIMIT; 3.0's
        grammar had no PER: a syntax error"""
        ks = "cv_r_perpartition3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE ev (k int, c int, v int, PRIMARY KEY (k, c))",
            "CREATE TABLE one (k int PRIMARY KEY, v int)",
        ] + ["INSERT INTO ev (k, c, v) VALUES (%d, %d, %d) USING TIMESTAMP 10"
             % (k, c, 10 * k + c) for k in (1, 2, 3) for c in (1, 2, 3)] + [
            "INSERT INTO one (k, v) VALUES (1, 1) USING TIMESTAMP 10",
            "INSERT INTO one (k, v) VALUES (2, 2) USING TIMESTAMP 10",
            "SELECT k, c FROM ev PER PARTITION LIMIT 1",
            "SELECT k, c FROM ev PER PARTITION LIMIT 2 LIMIT 3",
            "SELECT k, c, v FROM ev PER PARTITION LIMIT 2 LIMIT 10",
            "SELECT * FROM ev WHERE k = 2 PER PARTITION LIMIT 2",
            "SELECT k, c FROM ev WHERE k IN (3, 1) PER PARTITION LIMIT 1",
            "SELECT k, c FROM ev WHERE k IN (1, 3) ORDER BY c DESC PER PARTITION LIMIT 2",
            "SELECT k, c FROM ev WHERE k = 1 AND c > 1 PER PARTITION LIMIT 1",
            "SELECT k, c FROM ev WHERE v > 12 PER PARTITION LIMIT 1 ALLOW FILTERING",
            "SELECT k, c FROM ev WHERE c >= 2 PER PARTITION LIMIT 1 ALLOW FILTERING",
            "SELECT * FROM one PER PARTITION LIMIT 1",
            "SELECT k, c FROM ev PER PARTITION LIMIT 5",
            "SELECT count(*) FROM ev PER PARTITION LIMIT 1",
            "SELECT max(v) FROM ev WHERE k = 1 PER PARTITION LIMIT 1",
            "SELECT DISTINCT k FROM ev PER PARTITION LIMIT 1",
            "SELECT k FROM ev PER PARTITION LIMIT 0",
            "SELECT k FROM ev PER PARTITION LIMIT -1",
            "SELECT k FROM ev PER PARTITION LIMIT 2147483648",
            "SELECT k FROM ev PER PARTITION LIMIT 'a'",
            "SELECT k FROM ev LIMIT 2 PER PARTITION LIMIT 1",
            "SELECT k FROM ev PER PARTITION 1",
            "SELECT k FROM ev PER LIMIT 1",
        ]]
        pp = "SELECT k, c FROM ev PER PARTITION LIMIT ?"
        pl = "SELECT k, c FROM ev PER PARTITION LIMIT ? LIMIT ?"
        i4 = lambda n: struct.pack(">i", n)  # noqa: E731
        out += [v19.prepare_cql3_query(pp), v19.prepare_cql3_query(pl)]
        if R >= (3, 6):
            out += [v19.execute_prepared_cql3_query(thrift_id(ks, pp), [i4(1)]),
                    v19.execute_prepared_cql3_query(thrift_id(ks, pp), [i4(0)]),
                    v19.execute_prepared_cql3_query(thrift_id(ks, pp), [b""]),
                    v19.execute_prepared_cql3_query(thrift_id(ks, pl), [i4(2), i4(4)])]
        return out


# ------------------------------------------------------------------------------ 3.10's GROUP BY (refused by 3.0's grammar)
if (3, 0) <= R:
    @scenario("rel_groupby3x", "19", "cql3", keyspace_reset="cv_r_groupby3x")
    def _groupby3x():
        """3.10's `GROUP BY` a prefix of the primary key: one row per group (its first row's
        values for the columns not aggregated), with count, min, max, sum, avg; a partition
        key restricted by EQ may be skipped; LIMIT counts groups, PER PARTITION LIMIT groups
        of a partition; DISTINCT; the refusals of a non-key column, of a column out of order,
        of part of the partition key, of clustering columns with DISTINCT, of an unknown
        column; 3.0's grammar had no GROUP: a syntax error"""
        ks = "cv_r_groupby3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        rows = [("s1", 1, "a", 2), ("s1", 1, "b", 3), ("s1", 2, "a", 5), ("s2", 1, "c", 1),
                ("s2", 3, "a", 4), ("s2", 3, "d", 6), ("s3", 2, "b", 7)]
        out += [q(s) for s in [
            "CREATE TABLE sales (shop text, day int, item text, qty int, note text, "
            "PRIMARY KEY (shop, day, item))",
            "CREATE TABLE m (a int, b int, c int, v int, PRIMARY KEY ((a, b), c))",
        ] + ["INSERT INTO sales (shop, day, item, qty, note) VALUES ('%s', %d, '%s', %d, '%s%d') "
             "USING TIMESTAMP 10" % (s, d, i, n, i, n) for (s, d, i, n) in rows] + [
            "INSERT INTO m (a, b, c, v) VALUES (1, 1, 1, 5) USING TIMESTAMP 10",
            "INSERT INTO m (a, b, c, v) VALUES (1, 1, 2, 6) USING TIMESTAMP 10",
            "INSERT INTO m (a, b, c, v) VALUES (1, 2, 1, 7) USING TIMESTAMP 10",
            "SELECT shop, day, sum(qty), count(*) FROM sales GROUP BY shop, day",
            "SELECT shop, count(*), min(qty), max(qty), avg(qty) FROM sales GROUP BY shop",
            "SELECT shop, day, item, qty FROM sales GROUP BY shop, day",
            "SELECT * FROM sales GROUP BY shop",
            "SELECT shop, day, item, count(qty) FROM sales GROUP BY shop, day, item",
            "SELECT shop, day, sum(qty) FROM sales WHERE shop = 's1' GROUP BY shop, day",
            "SELECT day, sum(qty) FROM sales WHERE shop = 's2' GROUP BY day",
            "SELECT shop, item, sum(qty) FROM sales WHERE shop = 's1' AND day = 1 GROUP BY item",
            "SELECT shop, day, count(*) FROM sales WHERE shop IN ('s3', 's1') GROUP BY shop, day",
            "SELECT shop, day, sum(qty) FROM sales WHERE shop = 's2' GROUP BY shop, day "
            "ORDER BY day DESC",
            "SELECT shop, day, sum(qty) FROM sales GROUP BY shop, day LIMIT 3",
            "SELECT shop, day, sum(qty) FROM sales GROUP BY shop, day PER PARTITION LIMIT 1",
            "SELECT shop, day, sum(qty) FROM sales GROUP BY shop, day PER PARTITION LIMIT 1 "
            "LIMIT 2",
            "SELECT shop, count(*) FROM sales WHERE shop = 'zz' GROUP BY shop",
            "SELECT count(*) FROM sales WHERE shop = 'zz'",
            "SELECT shop, sum(qty) FROM sales WHERE qty > 2 GROUP BY shop ALLOW FILTERING",
            "SELECT DISTINCT shop FROM sales GROUP BY shop",
            "SELECT a, b, sum(v) FROM m GROUP BY a, b",
            "SELECT a, b, c, v FROM m GROUP BY a, b, c",
            "SELECT shop, sum(qty) FROM sales GROUP BY day",
            "SELECT shop, day, qty FROM sales GROUP BY shop, item",
            "SELECT shop, sum(qty) FROM sales GROUP BY qty",
            "SELECT shop, sum(qty) FROM sales GROUP BY nosuch",
            "SELECT shop, sum(qty) FROM sales GROUP BY shop, shop",
            "SELECT a, sum(v) FROM m GROUP BY a",
            "SELECT a, sum(v) FROM m GROUP BY b",
            "SELECT DISTINCT shop FROM sales GROUP BY shop, day",
            "SELECT shop FROM sales ORDER BY day GROUP BY shop",
            "SELECT shop FROM sales GROUP shop",
        ]]
        return out


# ------------------------------------------------------------------------------ a partition key restricted in part, filtered (3.10+)
if (3, 0) <= R:
    @scenario("rel_keyfilter3x", "19", "cql3", keyspace_reset="cv_r_keyfilter3x")
    def _keyfilter3x():
        """A partition key restricted in part (some parts EQ, IN or a slice) or a single
        partition key sliced: 3.0 refused it (`Partition key parts: b must be restricted as
        other parts are`, `Only EQ and IN relation are supported on the partition key`);
        3.10 (CASSANDRA-11031) asked for ALLOW FILTERING and, given it, scanned the ring
        checking each partition's key"""
        ks = "cv_r_keyfilter3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE m (a int, b int, c int, v int, PRIMARY KEY ((a, b), c))",
            "CREATE TABLE one (k int PRIMARY KEY, v int)",
        ] + ["INSERT INTO m (a, b, c, v) VALUES (%d, %d, %d, %d) USING TIMESTAMP 10"
             % (a, bb, c, a * 100 + bb * 10 + c) for a in (1, 2) for bb in (1, 2, 3)
             for c in (1, 2)] + ["INSERT INTO one (k, v) VALUES (%d, %d) USING TIMESTAMP 10"
                                 % (k, k * 10) for k in range(1, 6)] + [
            "SELECT * FROM m WHERE a = 1",
            "SELECT * FROM m WHERE a = 1 ALLOW FILTERING",
            "SELECT a, b, c FROM m WHERE b = 2 ALLOW FILTERING",
            "SELECT a, b, c FROM m WHERE a = 2 AND c = 2 ALLOW FILTERING",
            "SELECT a, b, c, v FROM m WHERE a = 1 AND v > 112 ALLOW FILTERING",
            "SELECT a, b FROM m WHERE a IN (2, 1) ALLOW FILTERING",
            "SELECT a, b FROM m WHERE b > 1 AND a = 1 ALLOW FILTERING",
            "SELECT count(*) FROM m WHERE a = 2 ALLOW FILTERING",
            "SELECT a, b, c FROM m WHERE a = 1 LIMIT 3 ALLOW FILTERING",
            "SELECT DISTINCT a, b FROM m WHERE a = 1 ALLOW FILTERING",
            "SELECT * FROM one WHERE k > 3",
            "SELECT * FROM one WHERE k > 3 ALLOW FILTERING",
            "SELECT * FROM one WHERE k >= 2 AND k < 4 ALLOW FILTERING",
            "SELECT * FROM one WHERE k > 3 AND v = 50 ALLOW FILTERING",
            "SELECT * FROM m WHERE a > 1 AND b = 1 ALLOW FILTERING",
            "SELECT * FROM m WHERE token(a, b) > 0 AND a = 1 ALLOW FILTERING",
        ]]
        return out


# ------------------------------------------------------------------------------ 3.0's refusal of the user types 3.6 let be not frozen
if (3, 0) <= R < (3, 6):
    @scenario("rel_udtcells3x", "19", "cql3", keyspace_reset="cv_r_udtcells3x")
    def _udtcells3x():
        """What 3.0 answered an application of 3.6's user types that are not frozen
        (CASSANDRA-7423): the column without `frozen<>` refused (`Non-frozen User-Defined types
        are not supported, please use frozen<>`), in a key too, inside a collection as a
        non-frozen collection; a field set (`SET u.f = v`) or deleted (`DELETE u.f`) a
        syntax error; the rest meets no table. (3.11 kept each field a cell of its own:
        `rel_udtcells311`.)"""
        ks = "cv_r_udtcells3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE addr (street text, city text, zip int)",
            "CREATE TABLE c (id int PRIMARY KEY, a addr, f frozen<addr>)",
            "INSERT INTO c (id, a, f) VALUES (1, {street: 's', city: 'c', zip: 1}, "
            "{street: 's', city: 'c', zip: 1}) USING TIMESTAMP 10",
            "SELECT * FROM c",
            "UPDATE c USING TIMESTAMP 11 SET a.city = 'Kiel' WHERE id = 1",
            "SELECT a, a.city, a.zip FROM c WHERE id = 1",
            "DELETE a.zip FROM c USING TIMESTAMP 12 WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
            "UPDATE c USING TIMESTAMP 13 SET a = {city: 'Oslo'} WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
            "UPDATE c USING TIMESTAMP 14 SET a.zip = 5 WHERE id = 2",
            "SELECT id, a FROM c WHERE id = 2",
            "SELECT writetime(a) FROM c WHERE id = 1",
            "UPDATE c SET a.nosuch = 1 WHERE id = 1",
            "UPDATE c SET a.zip = 'x' WHERE id = 1",
            "UPDATE c SET f.city = 'x' WHERE id = 1",
            "DELETE f.city FROM c WHERE id = 1",
            "CREATE TABLE bad1 (a addr PRIMARY KEY)",
            "CREATE TABLE bad2 (id int PRIMARY KEY, l list<addr>)",
            "DELETE a FROM c USING TIMESTAMP 20 WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
        ]]
        return out


# ------------------------------------------------------------------------------ 3.6's user types kept field by field
if (3, 0) <= R:
    @scenario("rel_udtcells311", "19", "cql3", keyspace_reset="cv_r_udtcells311")
    def _udtcells311():
        """3.6's user types that are not frozen (CASSANDRA-7423), as an application uses
        them: each field a cell of its own; a whole value written over the old one (its
        fields deleted a microsecond before), one field set or deleted, a null field,
        every field gone a null column; the value and a field selected; a whole value and a
        field bound in a prepared statement; the column's type in system_schema.columns;
        what a field of a frozen one, an unknown field and a wrong type are answered
        (3.0: the column refused, `Non-frozen User-Defined types are not supported, please
        use frozen<>`, and a field's assignment a syntax error)"""
        ks = "cv_r_udtcells311"
        q = v19.execute_cql3_query
        ins = "INSERT INTO c (id, a) VALUES (?, ?) USING TIMESTAMP 40"
        upd = "UPDATE c USING TIMESTAMP 41 SET a.city = ? WHERE id = ?"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE addr (street text, city text, zip int)",
            "CREATE TABLE c (id int PRIMARY KEY, a addr, f frozen<addr>)",
            "SELECT column_name, kind, type FROM system_schema.columns "
            "WHERE keyspace_name = 'cv_r_udtcells311' AND table_name = 'c'",
            "INSERT INTO c (id, a, f) VALUES (1, {street: 's', city: 'c', zip: 1}, "
            "{street: 's', city: 'c', zip: 1}) USING TIMESTAMP 10",
            "SELECT * FROM c",
            "UPDATE c USING TIMESTAMP 11 SET a.city = 'Kiel' WHERE id = 1",
            "SELECT a, a.city, a.zip FROM c WHERE id = 1",
            "DELETE a.zip FROM c USING TIMESTAMP 12 WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
            "UPDATE c USING TIMESTAMP 13 SET a = {city: 'Oslo'} WHERE id = 1",
            "SELECT a, a.street FROM c WHERE id = 1",
            "UPDATE c USING TIMESTAMP 9 SET a.street = 'old' WHERE id = 1",
            "UPDATE c USING TIMESTAMP 14 SET a.street = 'new' WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
            "SELECT writetime(a), writetime(f) FROM c WHERE id = 1",
            "ALTER TABLE c ADD b addr",
            "UPDATE c USING TIMESTAMP 14 SET b.zip = 7 WHERE id = 1",
            "SELECT b FROM c WHERE id = 1",
            "UPDATE c USING TIMESTAMP 14 SET a.zip = 5 WHERE id = 2",
            "SELECT id, a FROM c WHERE id = 2",
            "UPDATE c USING TIMESTAMP 15 SET a.zip = null WHERE id = 2",
            "SELECT id, a FROM c WHERE id = 2",
            "INSERT INTO c (id, a) VALUES (3, {street: null, city: 'x'}) USING TIMESTAMP 16",
            "SELECT a FROM c WHERE id = 3",
            "INSERT INTO c (id, a) VALUES (4, null) USING TIMESTAMP 17",
            "SELECT * FROM c WHERE id = 4",
            "UPDATE c SET a.nosuch = 1 WHERE id = 1",
            "UPDATE c SET a.zip = 'x' WHERE id = 1",
            "UPDATE c SET f.city = 'x' WHERE id = 1",
            "DELETE f.city FROM c WHERE id = 1",
            "DELETE a.nosuch FROM c WHERE id = 1",
            "SELECT a.nosuch FROM c WHERE id = 1",
            "CREATE TABLE bad1 (a addr PRIMARY KEY)",
            "CREATE TABLE bad2 (id int PRIMARY KEY, l list<addr>)",
            "CREATE TABLE bad3 (id int, a addr, PRIMARY KEY (id, a))",
        ]]
        out += [
            v19.prepare_cql3_query(ins).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, ins), [
                int32(5), _udt_value("Main", None, int32(9))]),
            v19.prepare_cql3_query(upd).mask("0/1"),
            v19.execute_prepared_cql3_query(thrift_id(ks, upd), ["Rome", int32(5)]),
            v19.execute_prepared_cql3_query(thrift_id(ks, upd), ["Bonn", int32(6)]),
            q("SELECT id, a FROM c WHERE id IN (5, 6)"),
        ]
        out += [q(s) for s in [
            "DELETE a FROM c USING TIMESTAMP 20 WHERE id = 1",
            "SELECT a FROM c WHERE id = 1",
            "SELECT * FROM c",
        ]]
        out += [describe_ks(ks),
                v19.get_slice(int32(3), cparent("c"), pred(start="", finish=""))]
        return out


# ------------------------------------------------------------------------------ an argument's consistency level left out (found by ordinary19zj)
if (1, 2) <= R < (3, 0):
    @scenario("rel_defaultlevel", "19", "consistency", keyspace_reset="cv_r_defaultlevel")
    def _defaultlevel():
        """A call that leaves out its `required` consistency level: the IDL gave it the default
        ONE, which Java's generated args struct started out holding, so the required check
        passed and the call ran at ONE (get_slice, get, get_count, multiget_slice,
        get_range_slices, insert, remove, batch_mutate); a level of an undeclared value is
        still refused (Java read it as null); execute_cql3_query's level has no default"""
        ks = "cv_r_defaultlevel"
        out = setup(ks, cf_def(ks, "S", comparator="UTF8Type"))
        sp = W.struct({2: W.struct({1: b(""), 2: b(""), 3: W.boolean(False), 4: W.i32(100)})})
        par = W.struct({3: b("S")})
        out += [
            raw("insert", {1: b("k"), 2: par, 3: column("a", "1", 10)}),
            raw("batch_mutate", {1: W.map_("bin", "map", [(b("k"), W.map_("bin", "list", [
                (b("S"), W.list_("struct", [ins("b", "2", 10)]))]))])}),
            raw("get_slice", {1: b("k"), 2: par, 3: sp}),
            raw("get", {1: b("k"), 2: W.struct({3: b("S"), 5: b("a")})}),
            raw("get_count", {1: b("k"), 2: par, 3: sp}),
            raw("multiget_slice", {1: W.list_("bin", [b("k"), b("j")]), 2: par, 3: sp}),
            raw("get_range_slices", {1: par, 2: sp, 3: key_range(start_key="", end_key="",
                                                                   count=10)}),
            raw("remove", {1: b("k"), 2: W.struct({3: b("S"), 5: b("b")}), 3: W.i64(11,
                                                                                   ts=True)}),
            raw("get_slice", {1: b("k"), 2: par, 3: sp, 4: W.i32(99)}),
            raw("execute_cql3_query", {1: b("SELECT * FROM \"S\""), 2: W.i32(2)}),
            v19.get_slice("k", cparent("S"), pred(start="", finish="")),
        ]
        return out


# ------------------------------------------------------------------------------ CREATE INDEX on a counter table (found by ordinary19zj)
if (1, 2) <= R < (3, 0):
    @scenario("rel_counterindex", "19", "index", keyspace_reset="cv_r_counterindex")
    def _counterindex():
        """CREATE INDEX on a counter table: taken by 1.2.9, refused from 1.2.11 (`Secondary
        indexes are not supported on counter tables`), before the column is looked up and
        before IF NOT EXISTS (2.0 on) is considered; a Thrift counter family too"""
        ks = "cv_r_counterindex"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "C", comparator="UTF8Type",
                               default_validation="CounterColumnType",
                               column_metadata=[column_def("n", "CounterColumnType")]))
        out += [
            q("CREATE TABLE likes (k text PRIMARY KEY, n counter)"),
            q("CREATE TABLE hits (k text, d int, n counter, PRIMARY KEY (k, d))"),
            q("CREATE INDEX nosuch_idx ON likes (nosuch)"),
            q("CREATE INDEX ON hits (n)"),
            q("CREATE INDEX IF NOT EXISTS ON hits (n)") if R >= (2, 0) else None,
            q("CREATE INDEX ON \"C\" (n)"),
            q("UPDATE likes SET n = n + 1 WHERE k = 'a'"),
            q("SELECT * FROM likes"),
        ]
        return out


# ------------------------------------------------------------------------------ a prepared SELECT of a dropped table (found by ordinary19zj)
if (1, 2) <= R < (3, 0):
    @scenario("rel_prepareddropped", "19", "cql3", keyspace_reset="cv_r_prepareddropped")
    def _prepareddropped():
        """A prepared SELECT run after its table was dropped: before 1.2.14 nothing checked
        that the table still existed and the read failed on the server, closing the
        connection; later `unconfigured columnfamily T`; a bound count that does not match is
        refused first; the table made again under the statement"""
        ks = "cv_r_prepareddropped"
        q = v19.execute_cql3_query
        s = "SELECT v FROM t WHERE k = ?"
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k int PRIMARY KEY, v text)"),
            q("INSERT INTO t (k, v) VALUES (1, 'a') USING TIMESTAMP 1000"),
            v19.prepare_cql3_query(s),
            v19.execute_prepared_cql3_query(thrift_id(ks, s), [int32(1)]),
            q("DROP TABLE t"),
            v19.execute_prepared_cql3_query(thrift_id(ks, s), []),
            v19.execute_prepared_cql3_query(thrift_id(ks, s), [int32(1)]),
            v19.set_keyspace(ks),
            q("CREATE TABLE t (k int PRIMARY KEY, v text)"),
            v19.execute_prepared_cql3_query(thrift_id(ks, s), [int32(1)]),
        ]
        return out


# ------------------------------------------------------------------------------ 2.0's conditional DELETE keys (found by ordinary19zj)
if (2, 0) <= R < (3, 0):
    @scenario("rel_conddeletekeys", "19", "cql3", keyspace_reset="cv_r_conddeletekeys")
    def _conddeletekeys():
        """A conditional DELETE that leaves a clustering column out: 2.0 refused every one
        (`DELETE statements must restrict all PRIMARY KEY columns with equality relations in
        order to use IF conditions, but column 'c' is not restricted`), 2.1 took a delete of
        statics conditioned on statics by the partition key alone; an IN and an equality
        restriction beside"""
        ks = "cv_r_conddeletekeys"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE l (a text, s int, b int static, o text static, v int, "
              "PRIMARY KEY (a, s))"),
            q("INSERT INTO l (a, s, b, o, v) VALUES ('x', 1, 40, 'ann', 5)"),
            q("DELETE o FROM l WHERE a = 'x' IF b = 40"),
            q("DELETE FROM l WHERE a = 'x' IF EXISTS"),
            q("DELETE v FROM l WHERE a = 'x' IF v = 5"),
            q("DELETE v FROM l WHERE a = 'x' AND s > 0 IF v = 5"),
            q("DELETE v FROM l WHERE a = 'x' AND s IN (1) IF v = 5"),
            q("DELETE o FROM l WHERE a = 'x' AND s = 1 IF b = 40"),
            q("SELECT a, s, b, o, v FROM l"),
        ]
        return out


# ------------------------------------------------------------------------------ DROP TYPE of a type in a tuple (found by ordinary19zj)
if (2, 1) <= R < (3, 0):
    @scenario("rel_droptypetuple", "19", "cql3", keyspace_reset="cv_r_droptypetuple")
    def _droptypetuple():
        """DROP TYPE of a type a table uses only inside a tuple: 2.1 and 2.2 looked into user
        types, collections and composites but not tuples, so the type was dropped under the
        table; used directly or in a list it was refused"""
        ks = "cv_r_droptypetuple"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TYPE a (city text)"),
            q("CREATE TYPE b (zip int)"),
            q("CREATE TYPE c (n int)"),
            q("CREATE TABLE t (k int PRIMARY KEY, d tuple<text, frozen<a>>, "
              "l list<frozen<tuple<int, frozen<b>>>>, f frozen<c>)"),
            q("DROP TYPE c"),
            q("DROP TYPE a"),
            q("DROP TYPE b"),
            q("DROP TYPE c"),
        ]
        return out


# ------------------------------------------------------------------------------ 2.2's keyspace-qualified functions (found by ordinary19zj)
if (2, 2) <= R < (3, 0):
    @scenario("rel_qualifiedfn", "19", "cql3", keyspace_reset="cv_r_qualifiedfn")
    def _qualifiedfn():
        """2.2's function names may carry their keyspace (`system.max(v)`): a selector so named
        is the built-in, its column named as any aggregate's; another keyspace's name is not
        found"""
        ks = "cv_r_qualifiedfn"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE t (k text, n int, v int, PRIMARY KEY (k, n))"),
            q("INSERT INTO t (k, n, v) VALUES ('a', 1, 4)"),
            q("INSERT INTO t (k, n, v) VALUES ('a', 2, 9)"),
            q("SELECT system.max(v), system.count(v), max(v) FROM t WHERE k = 'a'"),
            q("SELECT system.blobasint(intasblob(v)) FROM t WHERE k = 'a'"),
            q("SELECT cv_r_qualifiedfn.max(v) FROM t WHERE k = 'a'"),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x: found by ordinary19zk
if R >= (3, 0):
    @scenario("rel_dropindexed3x", "19", "cql3", keyspace_reset="cv_r_dropindexed3x")
    def _dropindexed3x():
        """An ORM's migration dropping a column a secondary index depends on: 3.x refuses
        it until the index is dropped (3.0 names the column by its definition's debug form,
        3.11 by its name); a static column's and a collection's index too, and an unindexed
        column dropped beside them"""
        ks = "cv_r_dropindexed3x"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE book (a int, isbn text, year int, tags set<text>, "
                 "shelf text static, note text, PRIMARY KEY (a, isbn))"),
            cql3("CREATE INDEX book_year ON book (year)"),
            cql3("CREATE INDEX ON book (tags)"),
            cql3("CREATE INDEX book_shelf ON book (shelf)"),
            cql3("INSERT INTO book (a, isbn, year, note) VALUES (1, 'x', 1999, 'n') "
                 "USING TIMESTAMP 10"),
            cql3("ALTER TABLE book DROP year"),
            cql3("ALTER TABLE book DROP tags"),
            cql3("ALTER TABLE book DROP shelf"),
            cql3("ALTER TABLE book DROP note"),
            cql3("SELECT * FROM book"),
            cql3("DROP INDEX book_year"),
            cql3("ALTER TABLE book DROP year"),
            cql3("SELECT * FROM book WHERE a = 1"),
            cql3("SELECT column_name FROM system_schema.columns WHERE keyspace_name = '%s' "
                 "AND table_name = 'book'" % ks),
        ]

    @scenario("rel_leveledparams3x", "19", "cql3", keyspace_reset="cv_r_leveledparams3x")
    def _leveledparams3x():
        """`system_schema.tables`' compaction map: the thresholds are filled in for a
        strategy that reads them (SizeTiered, DateTiered, TimeWindow), not for
        LeveledCompactionStrategy, whose map is its class and the options given, made by
        CREATE, ALTER or Thrift"""
        ks = "cv_r_leveledparams3x"
        sel = ("SELECT table_name, compaction FROM system_schema.tables WHERE "
               "keyspace_name = '%s'" % ks)
        lcs = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks),
            v19.set_keyspace(ks),
            cql3("CREATE TABLE a (k int PRIMARY KEY, v text) WITH compaction = "
                 "{'class': 'LeveledCompactionStrategy'}"),
            cql3("CREATE TABLE b (k int PRIMARY KEY, v text) WITH compaction = "
                 "{'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 64}"),
            cql3("CREATE TABLE c (k int PRIMARY KEY, v text) WITH compaction = "
                 "{'class': 'SizeTieredCompactionStrategy', 'min_threshold': 6}"),
            cql3("CREATE TABLE d (k int PRIMARY KEY, v text)"),
            cql3("ALTER TABLE d WITH compaction = {'class': 'LeveledCompactionStrategy', "
                 "'sstable_size_in_mb': 160}"),
            cql3("ALTER TABLE a WITH compaction = {'class': 'SizeTieredCompactionStrategy'}"),
            v19.system_add_column_family(cf_def(ks, "Plain", comparator="UTF8Type",
                                                extra={29: b(lcs)})),
            # (the result's metadata: 3.x typed the column frozen<map<text, text>>, another
            # class of difference, masked here)
            cql3(sel).mask("0/4/2/compaction"),
        ]

    @scenario("rel_ringreplicated3x", "19", "describe")
    def _ringreplicated3x():
        """describe_ring of the system keyspaces: `system_auth` (one replica),
        `system_distributed` (three) and `system_traces` (two) are rung as an
        application's keyspace, `system` (LocalStrategy) has none"""
        return [
            v19.describe_ring("system_auth"),
            v19.describe_ring("system_distributed"),
            v19.describe_ring("system_traces"),
            v19.describe_ring("system"),
            # (system_schema's: `There is no ring ..` on 3.x; not yet emulated, which
            # answers `No such keyspace: system_schema`)
        ]

    @scenario("rel_insertorder3x", "19", "cql3", keyspace_reset="cv_r_insertorder3x")
    def _insertorder3x():
        """An INSERT with more than one bad value: 3.x prepares the regular columns' values
        first and the key columns' after (as the WHERE clause it builds), before the
        statement's TTL; an UPDATE's SET values before its WHERE clause's"""
        ks = "cv_r_insertorder3x"
        return [
            cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks),
            cql3("USE %s" % ks),
            cql3("CREATE TABLE slots (day text, at time, room smallint, seats tinyint, "
                 "PRIMARY KEY (day, at))"),
            cql3("INSERT INTO slots (day, at, room, seats) VALUES ('d', '10:00', 1, 200)"),
            cql3("INSERT INTO slots (day, at, room, seats) VALUES ('d', '10:00', 40000, 1)"),
            cql3("INSERT INTO slots (seats, day, at) VALUES (300, 'd', 'x')"),
            cql3("INSERT INTO slots (day, at, seats) VALUES ('d', 'x', 'many')"),
            cql3("INSERT INTO slots (day, at, seats) VALUES (1, '10:00:00', 2)"),
            cql3("INSERT INTO slots (day, at, seats) VALUES ('d', '10:00:00', 500) "
                 "USING TTL -1"),
            cql3("INSERT INTO slots (day, at, seats) VALUES ('d', '10:00:00', 5) "
                 "USING TTL -1"),
            cql3("UPDATE slots SET seats = 900 WHERE day = 'd' AND at = 'x'"),
            cql3("INSERT INTO slots (day, at, seats) VALUES ('d', '10:00:00', 5) "
                 "USING TIMESTAMP 10"),
            cql3("SELECT * FROM slots"),
        ]


# ------------------------------------------------------------------------------ ALTER TABLE RENAME on 1.2.17+ (found by ordinary19zj)
if (1, 2) <= R < (2, 0):
    @scenario("rel_renamelive", "19", "cql3", keyspace_reset="cv_r_renamelive")
    def _renamelive():
        """ALTER TABLE RENAME of key, clustering and value columns (a CQL 3 table's and a
        Thrift family's key/column1/value): 1.2.9 renames them; from 1.2.17 the rename is
        taken but statements and describe_keyspace go on knowing the old names (the live
        definition kept its aliases), a second rename of the old name is taken again, one of
        the new name refused, and a regular column's rename refused as before"""
        ks = "cv_r_renamelive"
        q = v19.execute_cql3_query
        out = setup(ks, cf_def(ks, "T", comparator="LongType", key_validation="UTF8Type",
                               default_validation="UTF8Type"))
        out += [
            v19.insert("u1", cparent("T"), column(struct.pack(">q", 5), "/", 10)),
            q("CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))"),
            q("INSERT INTO t (k, c, v) VALUES (1, 2, 'a') USING TIMESTAMP 1000"),
            q("ALTER TABLE t RENAME k TO kk AND c TO cc"),
            q("SELECT kk, cc, v FROM t"),
            q("SELECT k, c, v FROM t WHERE k = 1 AND c = 2"),
            q("ALTER TABLE t RENAME k TO k2"),
            q("ALTER TABLE t RENAME kk TO k3"),
            q("ALTER TABLE t RENAME v TO w"),
            q("INSERT INTO t (k, c, v) VALUES (1, 3, 'b') USING TIMESTAMP 1000"),
            q("SELECT * FROM t"),
            q('ALTER TABLE "T" RENAME key TO user_id AND column1 TO at'),
            q('ALTER TABLE "T" RENAME value TO page'),
            q('SELECT * FROM "T"'),
            q('SELECT * FROM "T" WHERE user_id = \'u1\''),
            v19.describe_keyspace(ks),
        ]
        return out


# ------------------------------------------------------------------------------ a collection element's receiver (found by ordinary19zl)
if R >= (1, 2):
    @scenario("rel_elementspec", "19", "cql3", keyspace_reset="cv_r_elementspec")
    def _elementspec():
        """A collection element's term is prepared for the element's own receiver: a map's
        `key(m)` and `value(m)`, a list's `value(l)` (its index `idx(l)`), a set's `value(s)`;
        a literal of the wrong type is refused naming it, in an element set by key or index
        and in an element deleted; a whole collection's literal names the column"""
        ks = "cv_r_elementspec"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE carts (id text PRIMARY KEY, items map<text, int>, "
              "picks list<int>, codes set<text>)"),
            q("UPDATE carts SET items['sku'] = 'two' WHERE id = 'a'"),
            q("UPDATE carts SET items[1] = 2 WHERE id = 'a'"),
            q("UPDATE carts SET items['sku'] = [1] WHERE id = 'a'"),
            q("UPDATE carts SET items['sku'] = 3, picks = [1, 2], codes = {'x'} WHERE id = 'a'"),
            q("UPDATE carts SET picks[0] = 'x' WHERE id = 'a'"),
            q("UPDATE carts SET picks['x'] = 5 WHERE id = 'a'"),
            q("DELETE items[1] FROM carts WHERE id = 'a'"),
            q("DELETE codes[1] FROM carts WHERE id = 'a'"),
            q("DELETE picks['x'] FROM carts WHERE id = 'a'"),
            q("UPDATE carts SET items = 3 WHERE id = 'a'"),
            q("SELECT items, picks, codes FROM carts WHERE id = 'a'"),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x's slice bounds of CQL tables, dropped columns, static CAS reads, bind order (found by ordinary19p/r/u/w/zb/zi on 3.x)
if (3, 0) <= R:
    @scenario("rel_slicebounds3x", "19", "cql3", keyspace_reset="cv_r_slicebounds3x")
    def _slicebounds3x():
        """Thrift slices of CQL tables by bounds past the clustering (3.x's
        `LegacyLayout.decodeSliceBound`): one naming a collection alone or no column, or a
        simple column with an element, fails on the server and the connection closes (the
        read's filter is built after the predicate's and the level's checks; a reversed
        slice's finish first); a clustering-only bound is read"""
        ks = "cv_r_slicebounds3x"
        q = v19.execute_cql3_query

        def comp(*parts, eoc=0):
            out = b""
            for i, p in enumerate(parts):
                p = p.encode() if isinstance(p, str) else p
                last = i == len(parts) - 1
                out += len(p).to_bytes(2, "big") + p + bytes([eoc if last else 0])
            return out

        i4 = lambda n: n.to_bytes(4, "big")  # noqa: E731
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE prof (u text PRIMARY KEY, emails set<text>, nick text)",
            "CREATE TABLE ev (k text, at int, what text, tags set<text>, PRIMARY KEY (k, at))",
            "INSERT INTO prof (u, emails, nick) VALUES ('ann', {'a@x', 'b@y'}, 'annie') "
            "USING TIMESTAMP 1000",
            "INSERT INTO ev (k, at, what, tags) VALUES ('e', 1, 'boot', {'t'}) "
            "USING TIMESTAMP 1000",
            "INSERT INTO ev (k, at, what) VALUES ('e', 2, 'run') USING TIMESTAMP 1000"]]
        rng = lambda s, f, rev=False: pred(start=s, finish=f, reversed=rev, count=100)  # noqa: E731
        out += [
            # (a bound naming a simple column, the row marker or a collection's element was
            # cut to its clustering on 3.x, so the slice took in whole rows: not emulated)
            v19.get_slice("e", cparent("ev"), rng(comp(i4(1)), comp(i4(1), eoc=1))),
            # a collection's name alone: the connection closes
            v19.get_slice("ann", cparent("prof"), rng(comp("emails"), comp("emails", eoc=1))),
            v19.set_keyspace(ks),
            v19.get_count("ann", cparent("prof"), rng(comp("emails"), comp("nick", eoc=1))),
            v19.set_keyspace(ks),
            # a reversed slice's finish is its first bound
            v19.get_slice("e", cparent("ev"), rng(comp(i4(2), eoc=1), comp(i4(1), "tags"),
                                                  rev=True)),
            v19.set_keyspace(ks),
            v19.get_slice("e", cparent("ev"), rng(comp(i4(1), "nosuch"), "")),
            v19.set_keyspace(ks),
            v19.get_slice("e", cparent("ev"), rng(comp(i4(1), "what", "x"), "")),
            v19.set_keyspace(ks),
            v19.get_range_slices(cparent("ev"), rng(comp(i4(1), "tags"), ""),
                                 key_range("", "", count=10)),
            v19.set_keyspace(ks),
            # refused before the bounds were read: no keyspace's column family
            v19.get_slice("ann", cparent("nosuch"), rng(comp("emails"), "")),
        ]
        return out

    @scenario("rel_droppedcols3x", "19", "cql3", keyspace_reset="cv_r_droppedcols3x")
    def _droppedcols3x():
        """A column added again after ALTER TABLE ... DROP, judged against the dropped one
        (3.0's `CFMetaData.droppedColumns`): another kind (static, regular) refused, then a
        type that cannot read the old values (`Cannot re-add previously dropped column 'c' of
        type int, incompatible with previous type text`), then any to a counter table; the
        last drop of a name is the one remembered; a new table of the name forgets them"""
        ks = "cv_r_droppedcols3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE ev (k text, c int, tag text, s int STATIC, n bigint, "
            "PRIMARY KEY (k, c))",
            "ALTER TABLE ev DROP tag",
            "ALTER TABLE ev ADD tag int",
            "ALTER TABLE ev ADD tag text STATIC",
            "ALTER TABLE ev ADD tag blob",
            "ALTER TABLE ev DROP tag",
            "ALTER TABLE ev ADD tag text",
            "ALTER TABLE ev DROP s",
            "ALTER TABLE ev ADD s int",
            "ALTER TABLE ev ADD s bigint STATIC",
            "ALTER TABLE ev ADD s int STATIC",
            "ALTER TABLE ev DROP n",
            "ALTER TABLE ev ADD n varint",
            "ALTER TABLE ev DROP n",
            "ALTER TABLE ev ADD n int",
            "ALTER TABLE ev ADD other int",
            "CREATE TABLE hits (k text PRIMARY KEY, a counter, b counter)",
            "ALTER TABLE hits DROP b",
            "ALTER TABLE hits ADD b counter",
            # (a counter table's `ADD b int`: 3.x judged the dropped type before the mix of
            # counters, which the emulation refuses first; left out. So is a table's last
            # collection dropped, which the emulation refuses)
            "CREATE TABLE plain (k text PRIMARY KEY, v text, w int)",
            "ALTER TABLE plain DROP w",
            "DROP TABLE plain",
            "CREATE TABLE plain (k text PRIMARY KEY, v text)",
            "ALTER TABLE plain ADD w text",
        ]]
        return out

    @scenario("rel_casstatic3x", "19", "cql3", keyspace_reset="cv_r_casstatic3x")
    def _casstatic3x():
        """A conditional batch whose conditions are on static columns alone, not applied:
        3.0 read the partition's first live row (to tell one without static values from one
        that does not exist), so the reply shows that row's clustering with the statics"""
        ks = "cv_r_casstatic3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE acct (id text, seq int, bal int static, amount int, "
            "PRIMARY KEY (id, seq))",
            "INSERT INTO acct (id, bal) VALUES ('a', 100) IF NOT EXISTS",
            "BEGIN BATCH UPDATE acct SET bal = 40 WHERE id = 'a' IF bal = 99; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 2, -60) APPLY BATCH",
            "BEGIN BATCH UPDATE acct SET bal = 70 WHERE id = 'a' IF bal = 100; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 3, -30) APPLY BATCH",
            "BEGIN BATCH UPDATE acct SET bal = 40 WHERE id = 'a' IF bal = 100; "
            "INSERT INTO acct (id, seq, amount) VALUES ('a', 1, -60) APPLY BATCH",
            "BEGIN BATCH UPDATE acct SET bal = 1 WHERE id = 'b' IF bal = 1; "
            "INSERT INTO acct (id, seq, amount) VALUES ('b', 1, 1) APPLY BATCH",
            "SELECT * FROM acct",
        ]]
        return out

    @scenario("rel_bindorder3x", "19", "cql3", keyspace_reset="cv_r_bindorder3x")
    def _bindorder3x():
        """A prepared UPDATE appending a list bound in protocol v2's form (which 3.x's v3
        reading fails on the server: the connection closes) unless a USING value the type
        refuses (`Expected 4 or 0 byte int (8)`) came first: 3.x read a collection's value
        as its operation ran, after the statement's keys and USING values"""
        ks = "cv_r_bindorder3x"
        q = v19.execute_cql3_query
        upd = "UPDATE m USING TTL ? SET data = data + ? WHERE k = ? AND t = ?"
        v2list = b"\x00\x01\x00\x08" + struct.pack(">d", 1.5)
        v3list = b"\x00\x00\x00\x01\x00\x00\x00\x08" + struct.pack(">d", 1.5)
        i4 = lambda n: n.to_bytes(4, "big")  # noqa: E731
        i8 = lambda n: n.to_bytes(8, "big")  # noqa: E731
        ex = lambda vals: v19.execute_prepared_cql3_query(thrift_id(ks, upd), vals)  # noqa: E731
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [
            q("CREATE TABLE m (k text, t bigint, data list<double>, PRIMARY KEY (k, t))"),
            v19.prepare_cql3_query(upd),
            ex([i4(600), v3list, "a", i8(1)]),
            ex([i8(600), v2list, "a", i8(2)]),
            ex([i4(600), v2list, "a", i8(3)]),
            v19.set_keyspace(ks),
            q("SELECT k, t, data FROM m"),
        ]
        return out


# ------------------------------------------------------------------------------ a map's entry in a WHERE clause, `m['k'] = v` (found by ordinary19zk on 3.x)
if (2, 2) <= R:
    @scenario("rel_mapentries", "19", "cql3", keyspace_reset="cv_r_mapentries")
    def _mapentries():
        """`m['k'] = v` in a SELECT's WHERE clause: rows whose map holds the key with that
        value, served by an ENTRIES index (or, without one, filtered with ALLOW FILTERING),
        a key and value bound as `key(m)` and `value(m)`; refused on a frozen map, a list, a
        column that is no map, and by any operator but `=`"""
        ks = "cv_r_mapentries"
        q = v19.execute_cql3_query
        sel = "SELECT id FROM docs WHERE attrs[?] = ?"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE docs (id int PRIMARY KEY, kind text, attrs map<text, text>, "
            "extra map<text, int>, fz frozen<map<text, text>>, tags list<text>)",
            "CREATE INDEX docs_entries ON docs (ENTRIES(attrs))",
            "CREATE INDEX docs_kind ON docs (kind)",
            "INSERT INTO docs (id, kind, attrs, extra, fz, tags) VALUES (1, 'post', "
            "{'lang': 'en', 'src': 'web'}, {'a': 1}, {'x': 'y'}, ['t']) USING TIMESTAMP 10",
            "INSERT INTO docs (id, kind, attrs, extra) VALUES (2, 'post', {'lang': 'no'}, "
            "{'a': 2}) USING TIMESTAMP 10",
            "INSERT INTO docs (id, kind, attrs, extra) VALUES (3, 'page', "
            "{'lang': 'en', 'src': 'api'}, {'a': 1, 'b': 1}) USING TIMESTAMP 10",
            "INSERT INTO docs (id, kind) VALUES (4, 'page') USING TIMESTAMP 10",
            "SELECT id FROM docs WHERE attrs['lang'] = 'en'",
            "SELECT id, attrs FROM docs WHERE attrs['src'] = 'api'",
            "SELECT id FROM docs WHERE attrs['lang'] = 'de'",
            "SELECT id FROM docs WHERE attrs['en'] = 'lang'",
            "SELECT id FROM docs WHERE attrs['lang'] = 'en' AND kind = 'post'",
            "SELECT id FROM docs WHERE attrs['lang'] = 'en' AND kind = 'post' ALLOW FILTERING",
            "SELECT id FROM docs WHERE attrs['lang'] = 'en' AND attrs['src'] = 'web' "
            "ALLOW FILTERING",
            "SELECT id FROM docs WHERE extra['a'] = 1",
            "SELECT id FROM docs WHERE extra['a'] = 1 ALLOW FILTERING",
            "SELECT id FROM docs WHERE id = 3 AND attrs['lang'] = 'en'",
            "UPDATE docs USING TIMESTAMP 11 SET attrs['lang'] = 'de' WHERE id = 1",
            "SELECT id FROM docs WHERE attrs['lang'] = 'en'",
            "SELECT id FROM docs WHERE attrs['lang'] = 'de'",
            "SELECT id FROM docs WHERE attrs['lang'] > 'a'",
            "SELECT id FROM docs WHERE fz['x'] = 'y' ALLOW FILTERING",
            "SELECT id FROM docs WHERE tags[0] = 't' ALLOW FILTERING",
            "SELECT id FROM docs WHERE kind['x'] = 'y' ALLOW FILTERING",
            "SELECT id FROM docs WHERE extra['a'] = 'one' ALLOW FILTERING",
            "SELECT id FROM docs WHERE nosuch['a'] = 'b'",
        ]]
        out += [
            v19.prepare_cql3_query(sel),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), [b"lang", b"de"]),
            v19.execute_prepared_cql3_query(thrift_id(ks, sel), [b"src", b"api"]),
        ]
        return out


# ------------------------------------------------------------------------------ the order of CQL 3's checks, and a collection added to a live table (found by difftest --cql3 on 2.0.17)
if R >= (1, 2):
    @scenario("rel_cql3order", "19", "cql3", keyspace_reset="cv_r_cql3order")
    def _cql3order():
        """Which of two faults a CQL 3 statement is refused for, as each release met them:
        a second relation on a regular column before ALLOW FILTERING's; a COMPACT table's
        empty cell name read by name (1.2.9: `zero-length column name`; 1.2.11 to 2.0 in
        words of their own; 2.1 on read nothing); a SET literal before a later unknown column;
        a token slice beside an equality on a key part; a conditional write's unknown column
        before its timestamp (2.0-2.2); an UPDATE of statics naming a row, prepared and
        refused when run before 3.0. And a collection added to a table being written: its
        elements sort by their type, the comparator's collections in the copied map's order"""
        ks = "cv_r_cql3order"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE tim (k text PRIMARY KEY, n int, body text)"),
            q("SELECT * FROM tim WHERE n = 0 AND n = 0"),
            q("SELECT * FROM tim WHERE n = 0 AND n = 1 ALLOW FILTERING"),
            q("SELECT * FROM tim WHERE n > 0 AND n = 1 ALLOW FILTERING"),
            q("SELECT * FROM tim WHERE n = 1 AND n < 5 ALLOW FILTERING"),
            q("CREATE TABLE com (k text, c text, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
            q("INSERT INTO com (k, c, v) VALUES ('k', 'a', 'x')"),
            q("SELECT * FROM com WHERE k = 'k' AND c = ''"),
        ]
        if R < (2, 1):
            out.append(q("SELECT * FROM com WHERE k = 'k' AND c IN ('a', '')"))
        out += [
            q("SELECT * FROM com WHERE k = 'k' AND c > ''"),
            q("CREATE TABLE blobs (k text, c text, v blob, PRIMARY KEY (k, c))"),
            q("UPDATE blobs SET v = 'text', x92 = 'y' WHERE k = 'k' AND c = 'c'"),
            q("UPDATE blobs SET x92 = 'y', v = 'text' WHERE k = 'k' AND c = 'c'"),
            q("CREATE TABLE hits (tenant text, day int, n int, PRIMARY KEY ((tenant, day)))"),
            q("SELECT * FROM hits WHERE tenant = 'a' AND day = 2 AND token(tenant, day) > token('a', 1)"),
            q("SELECT * FROM hits WHERE day = 2 AND token(tenant, day) < token('a', 1)"),
            q("CREATE TABLE users (id text PRIMARY KEY, name text, tags set<text>, "
              "prefs map<text, int>, visits list<timestamp>)"),
            q("INSERT INTO users (id, name, tags) VALUES ('a', 'n', {'x'})"),
            q("ALTER TABLE users ADD x20 set<int>"),
            q("INSERT INTO users (id, x20) VALUES ('b', {42, -1, 7})"),
            q("SELECT x20 FROM users WHERE id = 'b'"),
            q("ALTER TABLE users WITH comment = 'kept'"),
        ]
        def comparator():
            return q("SELECT comparator FROM system.schema_columnfamilies "
                     f"WHERE keyspace_name = '{ks}' AND columnfamily_name = 'users'")
        if R < (3, 0):
            out.append(comparator())
        if R >= (2, 0):
            upd = "UPDATE sta SET s = ? WHERE k = ? AND c = ?"
            out += [
                q("INSERT INTO tim (k, n, x64) VALUES ('k', 1, 2) IF NOT EXISTS USING TIMESTAMP 5"),
                q("UPDATE tim USING TIMESTAMP 5 SET x64 = 1 WHERE k = 'k' IF n = 1"),
                q("CREATE TABLE sta (k text, c int, s text static, v text, PRIMARY KEY (k, c))"),
                v19.prepare_cql3_query(upd).mask("0/1"),
                v19.execute_prepared_cql3_query(thrift_id(ks, upd), ["a", "k", b"\x00\x00\x00\x01"]),
                q("UPDATE sta SET s = 'a' WHERE k = 'k' AND c = 1"),
                q("UPDATE sta SET s = 'a' WHERE k = '' AND c = 1"),
                q("ALTER TABLE users DROP tags"),
            ]
            if R < (3, 0):
                out.append(comparator())
        return out


# ------------------------------------------------------------------------------ a bloom filter chance of 0 (found by ordinary19zm)
if (1, 0) <= R < (1, 3):
    @scenario("rel_zerobloom", "19", "schema", keyspace_reset="cv_r_zerobloom")
    def _zerobloom():
        """A CfDef's `bloom_filter_fp_chance` of 0: 1.0 and 1.1 took it as sent (no check on
        the definition) and described it back; 1.2.1's `CFMetaData.validate` refused it (`Zero
        false positives is impossible; ..`), as CQL 2's `bloom_filter_fp_chance = 0`; a
        chance past 1 or below 0 was not checked; 1.0's CQL 2 had no such keyword (`.. is not a
        valid keyword argument for CREATE COLUMNFAMILY`)"""
        ks = "cv_r_zerobloom"
        bf = lambda name, chance: W.struct({1: b(ks), 2: b(name), 5: b("UTF8Type"),  # noqa: E731
                                            33: W.double(chance)})
        out = setup(ks)
        out += [
            v19.system_add_column_family(bf("Zero", 0.0)),
            v19.system_add_column_family(bf("Tiny", 0.0001)),
            v19.system_add_column_family(bf("One", 1.0)),
            v19.system_add_column_family(bf("Past", 1.5)),
            v19.system_add_column_family(bf("Negative", -0.1)),
            describe_ks(ks),
            v19.insert("k", cparent("Zero"), column("a", "1", 10)),
            v19.get_slice("k", cparent("Zero"), pred(start="", count=10)),
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY ZeroCql (KEY text PRIMARY KEY) WITH comparator = text "
                 "AND bloom_filter_fp_chance = 0"),
            cql2("CREATE COLUMNFAMILY HalfCql (KEY text PRIMARY KEY) WITH comparator = text "
                 "AND bloom_filter_fp_chance = 0.5"),
            describe_ks(ks),
        ]
        return out


# ------------------------------------------------------------------------------ 0.8's CQL 2 CREATE INDEX where USE took a missing keyspace (found by ordinary19zm)
if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2indexks", "19", "cql", keyspace_reset="cv_r_cql2indexks")
    def _cql2indexks():
        """CQL 2's CREATE INDEX looked its column family up in the session keyspace alone
        (`No such column family: ..`), where the other schema statements' migrations refused a
        keyspace 0.8's USE had taken without a check (`No such keyspace: ..`); from 1.0 USE
        refused the keyspace, the session kept its own; from 1.2.14 the access check before the
        lookup validated the column family (`unconfigured columnfamily ..`)"""
        ks = "cv_r_cql2indexks"
        out = setup(ks)
        out += [
            cql2("USE %s" % ks),
            cql2("CREATE COLUMNFAMILY posts (KEY text PRIMARY KEY, title text) WITH "
                 "comparator = text AND default_validation = text"),
            cql2("USE cv_r_cql2indexks_missing"),
            cql2("CREATE INDEX posts_title ON posts (title)"),
            cql2("CREATE INDEX ON posts (title)"),
            cql2("CREATE INDEX ON nothing (title)"),
            cql2("DROP COLUMNFAMILY posts"),
            cql2("SELECT title FROM posts WHERE KEY = 'p1'"),
            cql2("USE %s" % ks),
            cql2("CREATE INDEX posts_title ON posts (title)"),
            cql2("CREATE INDEX ON posts (title)"),
            cql2("CREATE INDEX ON nothing (title)"),
            describe_ks(ks),
        ]
        return out


# ------------------------------------------------------------------------------ 3.x's compact value column renamed over its data (found by ordinary19j/z/zi on 3.x)
if (3, 0) <= R:
    @scenario("rel_renamed_value3x", "19", "cql3", keyspace_reset="cv_r_renamed3x")
    def _renamed_value3x():
        """A COMPACT STORAGE table's value column renamed on 3.0.24 and 3.11.10 while it
        held data: a read meeting a value written before the rename closes the connection
        (the memtable's cells still named the old column); values written after it, and a
        slice that meets none of the old ones, read well; a truncation ends it"""
        ks = "cv_r_renamed3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE kv (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
            "INSERT INTO kv (k, c, v) VALUES ('a', 1, 'x') USING TIMESTAMP 10",
            "INSERT INTO kv (k, c, v) VALUES ('b', 1, 'y') USING TIMESTAMP 10",
            "ALTER TABLE kv RENAME k TO pk AND c TO ck",
            "SELECT * FROM kv WHERE pk = 'a'",
            "ALTER TABLE kv RENAME v TO val",
            "INSERT INTO kv (pk, ck, val) VALUES ('c', 1, 'z') USING TIMESTAMP 11",
            "SELECT * FROM kv WHERE pk = 'c'",
            "SELECT * FROM kv WHERE pk = 'a' AND ck = 2",
            "SELECT val FROM kv WHERE pk = 'a' AND ck = 1"]]
        out += [v19.set_keyspace(ks), q("SELECT * FROM kv")]
        out += [v19.set_keyspace(ks), q("TRUNCATE kv"), q("SELECT * FROM kv"),
                q("INSERT INTO kv (pk, ck, val) VALUES ('a', 1, 'w') USING TIMESTAMP 12"),
                q("SELECT * FROM kv")]
        return out

    @scenario("rel_tableoptions3x", "19", "cql3", keyspace_reset="cv_r_tableopts3x")
    def _tableoptions3x():
        """`system_schema.tables`' speculative_retry as 3.0.24 and 3.11.10 wrote it
        (`99PERCENTILE`, a fraction only where there is one, a delay as a double), and 3.11's
        `cdc`, null on the stock node (cdc_enabled: false) even for a table made WITH cdc"""
        ks = "cv_r_tableopts3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t1 (k int PRIMARY KEY, v text)",
            "CREATE TABLE t2 (k int PRIMARY KEY, v text) WITH speculative_retry = '95.5percentile'",
            "CREATE TABLE t3 (k int PRIMARY KEY, v text) WITH speculative_retry = '10ms'",
            "CREATE TABLE t4 (k int PRIMARY KEY, v text) WITH speculative_retry = 'ALWAYS'",
            "ALTER TABLE t1 WITH speculative_retry = '50PERCENTILE'",
            "SELECT table_name, speculative_retry FROM system_schema.tables "
            "WHERE keyspace_name = '%s'" % ks]]
        if (3, 8) <= R:
            out += [q(s) for s in [
                "CREATE TABLE t5 (k int PRIMARY KEY, v text) WITH cdc = true",
                "SELECT table_name, cdc FROM system_schema.tables WHERE keyspace_name = '%s'" % ks]]
        return out

    @scenario("rel_literalwords3x", "19", "cql3", keyspace_reset="cv_r_litwords3x")
    def _literalwords3x():
        """Refusals 3.0.24 and 3.11.10 worded their own way: a COMPACT STORAGE table's
        collection (3.0 `Non-frozen collection types`, 3.11 `Non-frozen collections and UDTs`),
        a tuple literal of too many elements (its type `frozen<tuple<..>>`), an int JSON value
        (`Unable to make int`), and a call whose `)` is missing before what may follow it
        (`missing ')' at 'FROM'`; 3.0's CAST, which its grammar lacked, so before AS); a
        taken index name on a clustering column or a part of the partition key (`Index X
        already exists`), an unknown column (3.11 `Undefined column name X`); a user type's
        field of a user type not frozen (3.11: `A user type cannot contain non-frozen UDTs`);
        a caching map's sub-option refused with the value given; a CUSTOM index of an unknown
        class on a column indexed already (its class refused: not a duplicate)"""
        ks = "cv_r_litwords3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE c1 (k int, c int, v list<int>, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
            "CREATE TABLE c2 (k int PRIMARY KEY, v set<int>) WITH COMPACT STORAGE",
            "CREATE TABLE tu (k int PRIMARY KEY, geo tuple<double, double>, n int)",
            "INSERT INTO tu (k, geo) VALUES (1, (1.0, 2.0, 3.0))",
            "INSERT INTO tu JSON '{\"k\": \"two\"}'",
            "INSERT INTO tu JSON '{\"k\": 2, \"n\": \"x\"}'",
            "SELECT max(n FROM tu",
            "CREATE INDEX tu_n ON tu (n)",
            "CREATE TABLE p (a int, b int, c int, d int, PRIMARY KEY ((a, b), c))",
            "CREATE INDEX tu_n ON p (c)",
            "CREATE INDEX tu_n ON p (a)",
            "CREATE INDEX tu_n ON p (d)",
            "CREATE INDEX ON p (nosuch)",
            "CREATE INDEX ON p (d)",
            "CREATE CUSTOM INDEX ON p (d) USING 'org.example.X'",
            "CREATE TYPE a1 (x int)",
            "CREATE TYPE a2 (y a1)",
            "CREATE TYPE a3 (y frozen<a1>)",
            "ALTER TABLE p WITH caching = {'keys': 'SOME'}",
            "ALTER TABLE p WITH caching = {'keys': 'none', 'rows_per_partition': 'x'}",
            "ALTER TABLE p WITH caching = {'keys': 'ALL', 'foo': '1'}"]]
        if R == (3, 0):
            out += [q("SELECT CAST(n AS int) FROM tu"), q("SELECT k, CAST(n AS text) AS t FROM tu")]
        return out


# ------------------------------------------------------------------------------ a partition key's parts refused in key order (found by ordinary19zn)
if (1, 2) <= R < (3, 0):
    @scenario("rel_keypartorder", "19", "cql3", keyspace_reset="cv_r_keypartorder")
    def _keypartorder():
        """1.2 to 2.1 judged a partition key's parts in key order once every relation was
        read: an IN on a part but the last is refused before a slice on a later part,
        whichever is written first; a slice on a part is refused after a later relation's
        own refusal"""
        ks = "cv_r_keypartorder"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [q(s) for s in [
            "CREATE TABLE rollups (metric text, day int, hour int, avg double, "
            "PRIMARY KEY ((metric, day), hour))",
            "INSERT INTO rollups (metric, day, hour, avg) VALUES ('cpu', 1, 2, 0.5)",
            "SELECT * FROM rollups WHERE metric IN ('cpu', 'mem') AND day > 1",
            "SELECT * FROM rollups WHERE day > 1 AND metric IN ('cpu', 'mem')",
            "SELECT * FROM rollups WHERE metric IN ('cpu') AND day > 1",
            "SELECT * FROM rollups WHERE metric = 'cpu' AND day > 1",
            "SELECT * FROM rollups WHERE day >= 1 AND metric = 'cpu' AND hour = 'x'",
            "SELECT * FROM rollups WHERE metric IN ('cpu', 'mem') AND day = 1 AND hour > 1",
            "SELECT * FROM rollups WHERE metric = 'cpu' AND day IN (1, 2)"]]
        return out


# ------------------------------------------------------------------------------ `token` as a column's name (found by ordinary19zn)
if (1, 2) <= R < (3, 0):
    @scenario("rel_baretoken", "19", "cql3", keyspace_reset="cv_r_baretoken")
    def _baretoken():
        """TOKEN is reserved: a column named `token` where a relation or a selector begins
        starts `token(...)`, its `(` due next (`mismatched input '=' expecting '('`); a `(`
        one token later drops the token before it and the names are read on (1.2 to 2.1
        answer the last error, 2.2 the first); the function itself, and the name quoted,
        are read as ever"""
        ks = "cv_r_baretoken"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [q(s) for s in [
            "CREATE TABLE resets (token text PRIMARY KEY, email text)",
            "CREATE TABLE resets (\"token\" text PRIMARY KEY, email text)",
            "INSERT INTO resets (\"token\", email) VALUES ('tk1', 'a@x.org')",
            "SELECT email FROM resets WHERE token = 'tk1'",
            "SELECT email FROM resets WHERE token > 'tk1'",
            "DELETE FROM resets WHERE token = 'tk1' AND email = 'x'",
            "UPDATE resets SET email = 'b' WHERE token IN ('tk1', 'tk2')",
            "UPDATE resets SET email = 'b' WHERE token IN ('tk1', 'tk2') AND email = 'x'",
            "SELECT * FROM resets WHERE token IN (email) = 'x'",
            "SELECT token, email FROM resets",
            "SELECT token FROM resets",
            "SELECT email, token FROM resets WHERE \"token\" = 'tk1'",
            "SELECT \"token\", email FROM resets WHERE \"token\" = 'tk1'",
            "SELECT email FROM resets WHERE token(\"token\") > token('a')"]]
        return out


# ------------------------------------------------------------------------------ CQL 2 column definitions ANTLR recovered from (found by ordinary19zo)
if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2cfrecovery", "19", "cql", keyspace_reset="cv_r_cql2cfrecovery")
    def _cql2cfrecovery():
        """CREATE COLUMNFAMILY's column list as every CQL 2 grammar parsed it: a column
        whose definition fits no alternative (a type word the grammar lacks, one in upper case,
        a name after the type, an empty column) is reported (`no viable alternative at input
        ..`) and skipped up to the next `,` or `)`; the parse goes on and the last error
        reported is the one thrown (`throwLastRecognitionError`), so of two bad columns the
        second is named, an error after the list is the one named, and a statement left open
        ends in the column's error"""
        ks = "cv_r_cql2cfrecovery"
        out = setup(ks)
        out += [cql2("USE %s" % ks)] + [cql2(q) for q in [
            "CREATE COLUMNFAMILY a (KEY text PRIMARY KEY, x nosuch, y othertype, z text)",
            "CREATE COLUMNFAMILY b (KEY text PRIMARY KEY, x nosuch) WITH comparator = text",
            "CREATE COLUMNFAMILY b (KEY text PRIMARY KEY, x nosuch) WITH comparator = text junk",
            "CREATE COLUMNFAMILY c (KEY text PRIMARY KEY, x text y, z int)",
            "CREATE COLUMNFAMILY d (KEY text PRIMARY KEY, x nosuch",
            "CREATE COLUMNFAMILY e (KEY text PRIMARY KEY, at timestamp, raw blob, n int)",
            "CREATE COLUMNFAMILY f (KEY text PRIMARY KEY, n INT, m Varchar)",
            "CREATE COLUMNFAMILY g (KEY text PRIMARY KEY,, n int)",
            "CREATE COLUMNFAMILY h (KEY text PRIMARY KEY, n int, )",
            "CREATE COLUMNFAMILY ok (KEY text PRIMARY KEY, n int, s 'UTF8Type')",
        ]] + [describe_ks(ks)]
        return out


# ------------------------------------------------------------------------------ 1.1's beta terms: no true, false or null (found by ordinary19zo)
if CQL3_VIA_VERSION:
    @scenario("rel_cql3betaconstants", "19", "cql3", keyspace_reset="cv_r_cql3betaconsts")
    def _cql3betaconstants():
        """1.1's CQL 3 beta `term` was a string, a UUID, an integer, a float or a bind
        marker: `true`, `false` and `null` were names there (`no viable alternative at input
        'true'`); a boolean column took its value quoted"""
        ks = "cv_r_cql3betaconsts"
        t = 1330000000000000
        out = setup(ks)
        out += [v19.set_cql_version("3.0.0"), cql3("USE %s" % ks)] + [cql3(q) for q in [
            "CREATE TABLE flags (name text PRIMARY KEY, on_ boolean, note text)",
            "INSERT INTO flags (name, on_, note) VALUES ('a', true, 'x') USING TIMESTAMP %d" % t,
            "INSERT INTO flags (name, on_) VALUES ('b', 'true') USING TIMESTAMP %d" % t,
            "INSERT INTO flags (name, on_) VALUES ('c', 'false') USING TIMESTAMP %d" % t,
            "UPDATE flags USING TIMESTAMP %d SET on_ = false WHERE name = 'b'" % (t + 1),
            "UPDATE flags USING TIMESTAMP %d SET note = null WHERE name = 'b'" % (t + 1),
            "INSERT INTO flags (name, note) VALUES ('d', null) USING TIMESTAMP %d" % t,
            "SELECT * FROM flags WHERE name IN ('a', 'b', 'c', 'd')",
        ]]
        return out


# ------------------------------------------------------------------------------ CQL 2 tokens too many or missing (found by ordinary19zo)
if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2recovery", "19", "cql", keyspace_reset="cv_r_cql2recovery")
    def _cql2recovery():
        """ANTLR's single-token recovery in every CQL 2 grammar: a token where the next one
        is the one due is reported (`extraneous input 'x' expecting K_FROM`) and dropped, a
        name where FROM was due is what may follow FROM (`missing K_FROM at 'users'`), and the
        parse goes on, a later error being the one thrown (an INSERT without its column list
        reads the values as the names: `mismatched input '<EOF>' expecting K_VALUES`); 1.1's
        CQL 3 beta takes INTO for missing before a table's name the same way"""
        ks = "cv_r_cql2recovery"
        out = setup(ks, cf_def(ks, "users", comparator="UTF8Type",
                               default_validation="UTF8Type"))
        out += [v19.insert("a", cparent("users"), column("state", "TX", 10)),
                cql2("USE %s" % ks)] + [cql2(q) for q in [
            "SELECT * users WHERE KEY = 'a'",
            "SELECT state users WHERE KEY = 'a'",
            "SELECT * x FROM users WHERE KEY = 'a'",
            "SELECT * users WHERE",
            "INSERT INTO users VALUES ('a', 'b')",
            "INSERT INTO users (KEY, state) x VALUES ('b', 'CA')",
            "SELECT * FROM users WHERE KEY = 'b'",
        ]]
        if CQL3_VIA_VERSION:
            out += [v19.set_cql_version("3.0.0"), cql3("USE %s" % ks)] + [cql3(q) for q in [
                "CREATE TABLE t (k text PRIMARY KEY, v text)",
                "INSERT t (k, v) VALUES ('x', 'y')",
                "INSERT t (k, v) VALUES ('x', 'y') USING TIMESTAMP 1330000000000000 junk",
            ]]
        return out


if COUNTERS:
    @scenario("rel_countermillis", "19", "counter", keyspace_reset="cv_r_countermillis")
    def _countermillis():
        """Counters deleted by CQL, then added to: 0.8 to 2.0 stamped an increment with the
        node's milliseconds and a CQL deletion with microseconds, so the deletion shadows
        every later increment (1.2's UPDATE marked its row: the row shows a null counter;
        2.0's did not: no row). Thrift's counter deletions took the same milliseconds, so an
        increment after remove_counter counts anew. 2.1 and 2.2: any deletion wins; 3.x: the
        count goes on past a deleted row from the counter cache"""
        ks = "cv_r_countermillis"
        cv = "CounterColumnType"
        out = setup(ks, cf_def(ks, "Cnt", comparator="UTF8Type", key_validation="UTF8Type",
                               default_validation=cv))
        add = lambda k, name, n: v19.add(k, cparent("Cnt"), counter_column(name, n))
        slice_ = lambda k: v19.get_slice(k, cparent("Cnt"), pred(start=""))
        # Thrift alone: removed, then added to again
        out += [add("t", "c", 5), v19.remove_counter("t", cpath("Cnt", col="c")),
                add("t", "c", 2), slice_("t")]
        # ... and a row removed, then added to again
        out += [add("u", "c", 6), v19.remove_counter("u", cpath("Cnt")), add("u", "c", 1),
                slice_("u")]
        if CQL2 and R < (3, 0):
            # CQL 2: a column and a row deleted (microseconds), then added to again
            out += [cql2("USE %s" % ks)] + [cql2(x) for x in [
                "UPDATE Cnt SET a = a + 3, b = b + 1 WHERE KEY = 'q'",
                "DELETE a FROM Cnt WHERE KEY = 'q'",
                "UPDATE Cnt SET a = a + 1, b = b + 1 WHERE KEY = 'q'",
                "SELECT a, b FROM Cnt WHERE KEY = 'q'",
                "UPDATE Cnt SET a = a + 4 WHERE KEY = 'r'",
                "DELETE FROM Cnt WHERE KEY = 'r'",
                "UPDATE Cnt SET a = a + 1 WHERE KEY = 'r'",
                "SELECT a FROM Cnt WHERE KEY = 'r'",
            ]]
            # ... and Thrift reading and adding to what CQL 2 deleted
            out += [slice_("q"), add("r", "a", 10), slice_("r")]
        if R >= (1, 2):
            q = v19.execute_cql3_query
            out += [v19.set_keyspace(ks)] + [q(x) for x in [
                "CREATE TABLE tallies (poll int, option text, votes counter, "
                "PRIMARY KEY (poll, option))",
                "CREATE TABLE hits (page text PRIMARY KEY, n counter, m counter)",
                "UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'a'",
                "UPDATE tallies SET votes = votes + 2 WHERE poll = 1 AND option = 'b'",
                "DELETE FROM tallies WHERE poll = 1 AND option = 'a'",
                "UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'a'",
                "SELECT option, votes FROM tallies WHERE poll = 1",
                "DELETE votes FROM tallies WHERE poll = 1 AND option = 'b'",
                "UPDATE tallies SET votes = votes + 5 WHERE poll = 1 AND option = 'b'",
                "SELECT option, votes FROM tallies WHERE poll = 1",
                "SELECT COUNT(*) FROM tallies WHERE poll = 1",
                "UPDATE hits SET n = n + 1, m = m + 1 WHERE page = 'home'",
                "DELETE FROM hits WHERE page = 'home'",
                "UPDATE hits SET n = n + 1 WHERE page = 'home'",
                "SELECT * FROM hits",
                "DELETE m FROM hits WHERE page = 'about'",
                "UPDATE hits SET n = n + 2, m = m + 2 WHERE page = 'about'",
                "SELECT * FROM hits WHERE page = 'about'",
                "UPDATE tallies SET votes = votes + 1 WHERE poll = 2 AND option = 'a'",
                "DELETE FROM tallies WHERE poll = 2",
                "BEGIN COUNTER BATCH UPDATE tallies SET votes = votes + 1 WHERE poll = 2 AND "
                "option = 'a' UPDATE tallies SET votes = votes + 1 WHERE poll = 2 AND "
                "option = 'b' APPLY BATCH",
                "SELECT option, votes FROM tallies WHERE poll = 2",
            ]]
        return out


# ------------------------------------------------------------------------------ tuple slices over mixed clustering orders (found by ordinary19zp)
if (2, 0) <= R < (3, 0):
    @scenario("rel_tuplemixedorder", "19", "cql3", keyspace_reset="cv_r_tuplemixedorder")
    def _tuplemixedorder():
        """a tuple slice `(a, b) > (x, y)` over clustering columns of mixed order (one DESC, one
        ASC): from 2.2.6 the rows beyond the tuple in each column's own order (CASSANDRA-7281);
        2.0 and 2.1 read one slice of the comparator from the bound in the first column's
        order, missing rows and taking others; with two bounds, inclusive bounds, three
        columns, a fixed first column, ORDER BY and LIMIT"""
        ks = "cv_r_tuplemixedorder"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE m (k int, a int, b int, v int, PRIMARY KEY (k, a, b)) "
                  "WITH CLUSTERING ORDER BY (a DESC, b ASC)"),
                q("CREATE TABLE n (k int, a int, b int, c int, v int, PRIMARY KEY (k, a, b, c)) "
                  "WITH CLUSTERING ORDER BY (a ASC, b DESC, c ASC)")]
        for a in (0, 1, 2):
            for bb in (0, 1, 2):
                out.append(q("INSERT INTO m (k, a, b, v) VALUES (1, %d, %d, %d)"
                             % (a, bb, a * 10 + bb)))
                for c in (0, 1):
                    out.append(q("INSERT INTO n (k, a, b, c, v) VALUES (1, %d, %d, %d, %d)"
                                 % (a, bb, c, a * 100 + bb * 10 + c)))
        wm = "SELECT a, b, v FROM m WHERE k = 1 AND "
        out += [q(wm + r) for r in [
            "(a, b) > (1, 1)", "(a, b) >= (1, 1)", "(a, b) < (1, 1)", "(a, b) <= (1, 1)",
            "(a, b) > (0, 1) AND (a, b) < (2, 1)", "(a, b) >= (0, 2) AND (a, b) <= (1, 0)",
            "(a, b) > (1, 1) AND (a, b) < (1, 1)", "(a, b) > (1, 1) LIMIT 2",
            "(a, b) > (1, 1) ORDER BY a ASC", "(a, b) > (0, 1) AND (a, b) < (2, 1) ORDER BY a ASC",
            "(a, b) > (1, 1) ORDER BY a ASC LIMIT 3", "(a, b) > (1, 1) AND a < 2",
            "(a) > (1)", "(a, b) IN ((1, 1), (2, 0))"]]
        wn = "SELECT a, b, c, v FROM n WHERE k = 1 AND "
        out += [q(wn + r) for r in [
            "(a, b, c) > (1, 1, 0)", "(a, b, c) <= (1, 1, 0)", "(a, b) > (1, 1)",
            "(a, b, c) > (0, 2, 1) AND (a, b, c) < (2, 0, 0)", "a = 1 AND (b, c) > (1, 0)",
            "a = 1 AND (b, c) >= (1, 0) AND (b, c) < (2, 1)", "(a, b, c) >= (1, 1, 1) LIMIT 4",
            "(a, b, c) > (1, 1, 0) ORDER BY a DESC"]]
        return out


# ------------------------------------------------------------------------------ IN on a non-key column (found by ordinary19zp)
if R >= (1, 2):
    @scenario("rel_regularin", "19", "cql3", keyspace_reset="cv_r_regularin")
    def _regularin():
        """an IN on a column outside the primary key, indexed or not: refused on 1.2 among the
        checks of the indexed columns (`Cannot use IN operator on column not part of the
        partition key`, before asking for an indexed EQ), on 2.0 and 2.1 once the relation's
        values were read (`IN predicates on non-primary-key columns (v) is not yet supported`:
        a value of the wrong type is refused first), on 2.2 before them; an IN of one value
        is an equality everywhere; beside an indexed EQ, with ALLOW FILTERING, empty; an IN of
        one value on an indexed column, which 1.2 and 2.1 served by the index as an EQ (2.0 asked
        for an index supporting IN, 2.2 refused it as no index query)"""
        ks = "cv_r_regularin"
        q = lambda s: v19.execute_cql3_query(s)
        out = setup(ks)
        out += [q("CREATE TABLE t (k int, c int, v text, w int, PRIMARY KEY (k, c))"),
                q("CREATE INDEX t_w ON t (w)"),
                q("INSERT INTO t (k, c, v, w) VALUES (1, 1, 'a', 10)"),
                q("INSERT INTO t (k, c, v, w) VALUES (1, 2, 'b', 20)"),
                q("INSERT INTO t (k, c, v, w) VALUES (2, 1, 'a', 20)")]
        out += [q("SELECT k, c FROM t WHERE " + r) for r in [
            "v IN ('a', 'b')", "v IN ('a')", "v IN ('a', 'b') ALLOW FILTERING",
            "w IN (10, 20)", "w = 20 AND v IN ('a', 'b')",
            "w = 20 AND v IN ('a', 'b') ALLOW FILTERING", "w = 20 AND v IN ('a') ALLOW FILTERING",
            "v IN (1, 2)", "v IN ()", "k = 1 AND v IN ('a', 'b')",
            "k = 1 AND c = 1 AND v IN ('a', 'b')", "v IN ('a', 'b') AND w = 20",
            "v IN ('a', 'b') AND x = 1", "w IN (20)", "w IN (20) AND v = 'a'"]]
        return out


# ------------------------------------------------------------------------------ the beta's writetime() and ttl() (found by ordinary19zo, ordinary19ze)
if R == (1, 1):
    @scenario("rel_cql3betafunctions", "19", "cql3", keyspace_reset="cv_r_cql3betafuncs")
    def _betafunctions():
        """1.1's CQL 3 beta answered `writetime(c)` and `ttl(c)` in its own row shape: the row
        keyed by its partition key, the function's column named as the beta printed the selector
        (`writetime(c)`, lower case), its value the cell's 8-byte write time or 4-byte TTL with no
        timestamp of its own, none where the cell has none (or never expires), typed `LongType` or
        `Int32Type` under a `UTF8Type` name; a function on a key part refused in the beta's words
        (`Cannot use function writetime on PRIMARY KEY part k`), an undefined name before it"""
        ks = "cv_r_cql3betafuncs"

        def q(text):
            return v19.execute_cql_query(text)
        return [
            v19.set_cql_version("3.0.0"),
            q("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
              "AND strategy_options:replication_factor = 1" % ks),
            q("USE %s" % ks),
            q("CREATE TABLE stock (sku varchar PRIMARY KEY, qty int, note varchar)"),
            q("CREATE TABLE msgs (room varchar, sent int, body varchar, who varchar, "
              "PRIMARY KEY (room, sent))"),
            q("CREATE TABLE ticks (dev varchar, at int, v bigint, PRIMARY KEY (dev, at)) "
              "WITH COMPACT STORAGE"),
            q("INSERT INTO stock (sku, qty) VALUES ('s1', 8) USING TIMESTAMP 1000"),
            q("UPDATE stock USING TIMESTAMP 2000 SET note = 'x' WHERE sku = 's2'"),
            q("INSERT INTO msgs (room, sent, body, who) VALUES ('r', 1, 'hi', 'ann') "
              "USING TIMESTAMP 3000"),
            q("UPDATE msgs USING TIMESTAMP 4000 SET body = 'yo' WHERE room = 'r' AND sent = 2"),
            q("INSERT INTO ticks (dev, at, v) VALUES ('d', 5, 50) USING TIMESTAMP 5000"),
            q("SELECT writetime(qty), sku FROM stock WHERE sku = 's1'"),
            q("SELECT WRITETIME(qty), writetime(note), qty FROM stock"),
            q("SELECT ttl(qty), TTL(note) FROM stock WHERE sku = 's1'"),
            q("SELECT sent, writetime(body), who, writetime(who) FROM msgs WHERE room = 'r'"),
            q("SELECT writetime(v), at FROM ticks WHERE dev = 'd'"),
            q("SELECT writetime(sku) FROM stock"),
            q("SELECT ttl(sent) FROM msgs WHERE room = 'r'"),
            q("SELECT writetime(at) FROM ticks"),
            q("SELECT writetime(nope), ttl(sku) FROM stock"),
            q("SELECT ttl(sku), nope FROM stock"),
            q("SELECT writetime(qty) FROM nope"),
        ]


# ------------------------------------------------------------------------------ 3.10's CAST (found by ordinary19zi, ordinary19zk)
if R >= (3, 10):
    @scenario("rel_cast3x", "19", "cql3", keyspace_reset="cv_r_cast3x")
    def _cast3x():
        """`CAST(x AS type)` as 3.11 answered it: the function `castAs<Type>` of x's type,
        named `cast(x as type)`; numbers narrowed and widened as Java's `Number` did (low bits
        kept, a float saturating toward zero), a decimal from a double's `Double.toString`
        digits, a value to text as its CQL literal (a timestamp in UTC with its milliseconds,
        a decimal's `BigDecimal.toString`), a date to a timestamp and back; a cast to x's own
        type is x (`varchar` of a text column too); a type no function converts to is `c cannot
        be cast to t` (one whose function takes no such argument lists its signatures, in an
        order that changed from one start of the node to the next: left out)"""
        ks = "cv_r_cast3x"
        q = lambda s: v19.execute_cql3_query(s)
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
               q("CREATE TABLE n (k int PRIMARY KEY, ti tinyint, si smallint, i int, bi bigint, "
                 "f float, d double, de decimal, vi varint, t text, a ascii, b boolean, "
                 "ip inet, u uuid, tu timeuuid, ts timestamp, da date, tm time)"),
               q("CREATE TABLE c (k int PRIMARY KEY, hits counter)"),
               q("INSERT INTO n (k, ti, si, i, bi, f, d, de, vi, t, a, b, ip, u, tu, ts, da, tm) "
                 "VALUES (1, -7, 300, 70000, 5000000000, 1.5, 1e12, 12.50, 123456789012345678901, "
                 "'x', 'y', true, '10.0.0.1', 6ba7b810-9dad-41d1-80b4-00c04fd430c8, "
                 "6ba7b810-9dad-11d1-80b4-00c04fd430c8, '2016-03-01 10:00:00.250+0000', "
                 "'2016-03-01', '08:30:00.25') USING TIMESTAMP 10"),
               q("INSERT INTO n (k, f, d, de) VALUES (2, -2.75, 0.1, 0.000000123) "
                 "USING TIMESTAMP 10"),
               q("INSERT INTO n (k, f, d) VALUES (3, NaN, -Infinity) USING TIMESTAMP 10"),
               q("UPDATE c SET hits = hits + 41 WHERE k = 1")]
        out += [q("SELECT %s FROM n WHERE k = %d" % (sel, k)) for k, sel in [
            (1, "CAST(ti AS int), CAST(si AS tinyint), CAST(i AS smallint), CAST(bi AS int)"),
            (1, "CAST(f AS double), CAST(d AS int), CAST(d AS smallint), CAST(de AS int)"),
            (1, "CAST(de AS double), CAST(vi AS bigint), CAST(vi AS int), CAST(d AS decimal)"),
            (1, "CAST(f AS decimal), CAST(i AS varint), CAST(de AS varint), CAST(bi AS float)"),
            (1, "CAST(ti AS text), CAST(f AS text), CAST(d AS text), CAST(de AS ascii)"),
            (1, "CAST(b AS text), CAST(ip AS text), CAST(u AS text), CAST(tu AS ascii)"),
            (1, "CAST(ts AS text), CAST(da AS text), CAST(tm AS text), CAST(a AS text)"),
            (1, "CAST(ts AS date), CAST(da AS timestamp), CAST(tu AS timestamp), CAST(tu AS date)"),
            (1, "CAST(t AS text), CAST(t AS varchar), CAST(i AS int), CAST(vi AS text)"),
            (2, "CAST(f AS int), CAST(d AS decimal), CAST(de AS text), CAST(de AS float)"),
            (2, "CAST(ti AS int), CAST(de AS bigint)"),
            (3, "CAST(f AS int), CAST(d AS bigint), CAST(f AS text), CAST(d AS text)"),
            (1, "cast(i as bigint) AS wide, CAST(ti AS float)"),
            (1, "CAST(i AS varchar)"), (1, "CAST(i AS blob)"), (1, "CAST(ts AS bigint)"), (1, "CAST(nope AS int)"),
            (1, "CAST(i AS nosuchtype)"), (1, "CAST(i AS list<int>)")]]
        out += [q("SELECT CAST(hits AS int), CAST(hits AS text), CAST(hits AS double) "
                  "FROM c WHERE k = 1")]
        return out


# ------------------------------------------------------------------------------ a DELETE's deleteOp decision (found by rel_udtcells3x)
if R >= (1, 2):
    @scenario("rel_deleteop", "19", "cql3", keyspace_reset="cv_r_deleteop")
    def _deleteop():
        """1.2's `deleteOp` chose between a name and an element (and 3.6's field) by the token
        after the name: what each release answered to a DELETE whose name is followed by
        another token (a field, another name, WHERE, an operator, the end), beside the names,
        elements and lists it took, executed and prepared"""
        ks = "cv_r_deleteop"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE d (k int PRIMARY KEY, a text, b text, m map<text, int>)"),
            q("INSERT INTO d (k, a, b, m) VALUES (1, 'x', 'y', {'p': 1, 'q': 2}) "
              "USING TIMESTAMP 10"),
            q("DELETE a.b FROM d WHERE k = 1"),
            q("DELETE a b FROM d WHERE k = 1"),
            q("DELETE a, b c FROM d WHERE k = 1"),
            q("DELETE a WHERE k = 1"),
            q("DELETE a"),
            q("DELETE a, FROM d WHERE k = 1"),
            q("DELETE a = 1 FROM d WHERE k = 1"),
            q("DELETE m['p'] b FROM d WHERE k = 1"),
            q("DELETE a\n.b FROM d WHERE k = 1"),
            q("DELETE b, a.x FROM d WHERE k = 1"),
            q("DELETE m['p'], a FROM d USING TIMESTAMP 11 WHERE k = 1"),
            q("SELECT * FROM d WHERE k = 1"),
            v19.prepare_cql3_query("DELETE a.b FROM d WHERE k = ?"),
            v19.prepare_cql3_query("DELETE a ( FROM d WHERE k = ?"),
        ]
        return out


# ------------------------------------------------------------------------------ an INSERT's columns and a batch's statements, prepared in order (found by difftest --cql3 on 1.2.19)
if R >= (1, 2):
    @scenario("rel_insertorder", "19", "cql3", keyspace_reset="cv_r_insertorder")
    def _insertorder():
        """1.2 to 2.2 prepared an INSERT's values as their loop over its columns met them (a key
        column's too; 3.0 left the key's to the WHERE clause it built), and every release
        prepared each statement of a batch before judging a statement's own timestamp in a
        timestamped batch: what each release answered to an INSERT whose refused literal comes
        before or after an unknown column, and to timestamped batches whose later statement
        names an unknown column or table, a refused literal, or an empty key"""
        ks = "cv_r_insertorder"
        q = v19.execute_cql3_query
        out = setup(ks)
        out += [
            q("CREATE TABLE b (k blob PRIMARY KEY, v int)"),
            q("INSERT INTO b (k, nocol) VALUES ('k4', 1)"),
            q("INSERT INTO b (v, nocol) VALUES ('x', 1)"),
            q("INSERT INTO b (nocol, k) VALUES (1, 'k4')"),
            q("INSERT INTO b (k, v, nocol) VALUES (0x01, 'x', 1)"),
            q("INSERT INTO b (k, v) VALUES ('k4', 'x')"),
            q("INSERT INTO b (v, k) VALUES ('x', 'k4')"),
            q("BEGIN BATCH USING TIMESTAMP 5 INSERT INTO b (k, v) VALUES (0x01, 1) USING TIMESTAMP 6 "
              "INSERT INTO b (k, nocol) VALUES (0x02, 1) APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 5 INSERT INTO b (k, v) VALUES (0x01, 1) USING TIMESTAMP 6 "
              "INSERT INTO nosuch (k) VALUES (0x02) APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 5 INSERT INTO b (k, v) VALUES (0x01, 1) USING TIMESTAMP 6 "
              "INSERT INTO b (k, v) VALUES (0x02, 'x') APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 5 UPDATE b USING TIMESTAMP 6 SET v = 1 WHERE k = 0x01 "
              "DELETE FROM b WHERE k = 0x02 APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 5 UPDATE b USING TIMESTAMP 6 SET v = 1 WHERE k = 0x01 "
              "DELETE FROM b WHERE k = 0x APPLY BATCH"),
            q("BEGIN BATCH USING TIMESTAMP 5 INSERT INTO b (k, v) VALUES (0x03, 3) "
              "UPDATE b SET v = 4 WHERE k = 0x04 APPLY BATCH"),
            q("SELECT * FROM b"),
        ]
        return out
# ------------------------------------------------------------------------------ data centres' quorums (found by ordinary19zr)
if R >= (1, 2) and RELEASE != "1.2.9":
    @scenario("rel_ntsquorums", "19", "consistency", keyspace_reset="cv_r_ntsquorums")
    def _ntsquorums():
        """LOCAL_QUORUM and EACH_QUORUM of a NetworkTopologyStrategy keyspace naming the
        node's data center (datacenter1) beside one the ring lacks, from 1.2.19 (which stopped
        asking for the strategy): a local quorum counted the local data center's factor
        (`localQuorumFor`), served by the node where that factor is 1, unavailable where it is
        2 or 3; EACH_QUORUM writes need every named data center's quorum, QUORUM the whole
        factor's; reads, range and index reads, counts, multigets, batches and counters alike
        (found by ordinary19zr, its operator's copy of production's options)"""
        ks = "cv_r_ntsquorums"
        nts = "org.apache.cassandra.locator.NetworkTopologyStrategy"

        def ks_nts(options, cfs=()):
            return W.struct({1: b(ks), 2: b(nts), 5: W.list_("struct", list(cfs)),
                             3: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options])})
        cfs = [cf_def(ks, "kv", comparator="UTF8Type"),
               cf_def(ks, "hits", comparator="UTF8Type", default_validation="CounterColumnType")]
        out = [v19.system_add_keyspace(ks_nts([("datacenter1", "1"), ("DC2", "1")], cfs)),
               v19.set_keyspace(ks)]

        def probe(n):
            key = "k%d" % n
            steps = []
            for i, level in enumerate((3, 4, QUORUM)):  # LOCAL_QUORUM, EACH_QUORUM, QUORUM
                steps += [
                    v19.insert(key, cparent("kv"), column("c%d" % level, "v", 10 * n + i), level),
                    v19.get_slice(key, cparent("kv"), pred(start=""), level),
                    v19.add(key, cparent("hits"), counter_column("n", 1), level),
                ]
            steps += [
                v19.batch_mutate({key: {"kv": [ins("b", "1", 10 * n + 5)]}}, 3),
                v19.get_count(key, cparent("kv"), pred(start=""), 3),
                v19.multiget_slice([key, "none"], cparent("kv"), pred(start=""), 3),
                v19.get_range_slices(cparent("kv"), pred(names=["b"]),
                                     key_range(start_key="", end_key="", count=10), 3),
                v19.get("k1", cpath("kv", col="c3"), 3),
            ]
            return steps

        out += probe(1)
        for n, options in ((2, [("datacenter1", "2"), ("DC2", "1")]),
                           (3, [("datacenter1", "3"), ("DC2", "1")]),
                           (4, [("datacenter1", "1")])):
            out.append(v19.system_update_keyspace(ks_nts(options)))
            out += probe(n)
        return out


# ------------------------------------------------------------------------------ strategy options (found by ordinary19zr)
if R >= (1, 2):
    @scenario("rel_strategyoptions", "19", "schema", keyspace_reset="cv_r_strategyoptions")
    def _strategyoptions():
        """A KsDef's strategy options the strategy does not recognize: 1.2 built the strategy
        ignoring them (`validateReplicationStrategyIgnoreUnexpected`, kept and described back);
        from 2.0 `validateExpectedOptions` refused the first (`Unrecognized strategy option
        {datacenter1} passed to SimpleStrategy for keyspace k`) before the factor was checked,
        in an add and an update, SimpleStrategy's and OldNetworkTopologyStrategy's;
        NetworkTopologyStrategy takes any data center (found by ordinary19zr's admin tool)"""
        ks = "cv_r_strategyoptions"
        loc = "org.apache.cassandra.locator."

        def ksd_(strategy, options, name=ks):
            return W.struct({1: b(name), 2: b(loc + strategy), 5: W.list_("struct", []),
                             3: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options])})
        return [
            v19.system_add_keyspace(ksd_("SimpleStrategy", [("replication_factor", "1"),
                                                            ("datacenter1", "1")])),
            describe_ks(ks),
            v19.system_drop_keyspace(ks),
            v19.system_add_keyspace(ksd_("SimpleStrategy", [("replication_factor", "1")])),
            v19.system_update_keyspace(ksd_("SimpleStrategy", [("replication_factor", "1"),
                                                               ("durable", "yes")])),
            describe_ks(ks),
            v19.system_update_keyspace(ksd_("SimpleStrategy", [("dc", "1")])),
            v19.system_update_keyspace(ksd_("SimpleStrategy", [("replication_factor", "x"),
                                                               ("dc", "1")])),
            v19.system_update_keyspace(ksd_("OldNetworkTopologyStrategy",
                                            [("replication_factor", "1"), ("DC2", "1")])),
            v19.system_update_keyspace(ksd_("NetworkTopologyStrategy",
                                            [("datacenter1", "1"), ("anything", "2")])),
            describe_ks(ks),
            v19.system_update_keyspace(ksd_("SimpleStrategy", [("replication_factor", "1")])),
            describe_ks(ks),
        ]
# ------------------------------------------------------------------------------ CQL 2 in 0.8, 1.2 and 2.0 (found by ordinary19zs)
if (0, 8) <= R < (1, 1):
    @scenario("rel_cql2dotless", "19", "cql", keyspace_reset="cv_r_cql2dotless")
    def _cql2dotless():
        """0.8's CQL 2 lexer had no `.` token (its names had no keyspace; `..` alone began
        with one): a name `ks.cf` fails where the `.` stands, at the character after it
        (`mismatched character 's' expecting '.'`, `<EOF>` at the end); 1.0 reads the
        keyspace-qualified name"""
        ks = "cv_r_cql2dotless"
        out = setup(ks, cf_def(ks, "users", comparator="UTF8Type",
                               default_validation="UTF8Type"))
        out += [v19.insert("a", cparent("users"), column("state", "TX", 10)),
                cql2("USE %s" % ks)] + [cql2(q) for q in [
            "SELECT * FROM system.schema_keyspaces",
            "SELECT state FROM %s.users WHERE KEY = 'a'" % ks,
            "SELECT * FROM users.",
            "SELECT 'a'..'z' FROM users WHERE KEY = 'a'",
            "SELECT * FROM users WHERE KEY = 1.5",
            "CREATE COLUMNFAMILY system.mine (KEY varchar PRIMARY KEY)",
        ]]
        return out


if (1, 2) <= R < (2, 1):
    @scenario("rel_cql2aliascase", "19", "cql", keyspace_reset="cv_r_cql2aliascase")
    def _cql2aliascase():
        """A CQL 2 key alias in a SELECT's relations: 1.2 compares it upper-cased with the
        alias upper-cased; 2.0 with `getCQL2KeyName`, which upper-cases only `key`, so a
        lower-case alias in `=`, `>`, `<=` is a column relation (`No indexed columns present
        in by-columns clause with "equals" operator`) while `alias IN (..)`, UPDATE and
        DELETE by it still name the key; an alias written in capitals, and `key`, still
        match; and LOCAL_QUORUM / EACH_QUORUM on a SimpleStrategy keyspace: 1.2.9 refuses them
        for the strategy, 1.2.19 and 2.0 serve them (EACH_QUORUM reads still refused)"""
        ks = "cv_r_cql2aliascase"
        out = setup(ks)
        out += [cql2(q) for q in [
            "CREATE COLUMNFAMILY users (user_name varchar PRIMARY KEY, email varchar, "
            "city varchar) WITH comparator = varchar",
            "CREATE COLUMNFAMILY caps (ID varchar PRIMARY KEY, v varchar) WITH comparator = varchar",
            "CREATE COLUMNFAMILY plain (key varchar PRIMARY KEY, v varchar) "
            "WITH comparator = varchar",
            "INSERT INTO users (user_name, email, city) VALUES ('ann', 'a@x', 'Oslo') "
            "USING TIMESTAMP 1000",
            "INSERT INTO users (user_name, email) VALUES ('bob', 'b@x') USING TIMESTAMP 1000",
            "INSERT INTO caps (ID, v) VALUES ('c1', 'x') USING TIMESTAMP 1000",
            "INSERT INTO plain (key, v) VALUES ('p1', 'y') USING TIMESTAMP 1000",
            "SELECT email FROM users WHERE user_name = 'ann'",
            "SELECT email FROM users WHERE USER_NAME = 'ann'",
            "SELECT email FROM users WHERE user_name IN ('ann', 'bob')",
            "SELECT email FROM users WHERE user_name > 'ann'",
            "SELECT email FROM users WHERE user_name = 'ann' AND city = 'Oslo'",
            "SELECT * FROM users WHERE KEY = 'ann'",
            "UPDATE users USING TIMESTAMP 1001 SET city = 'Rome' WHERE user_name = 'bob'",
            "DELETE email FROM users USING TIMESTAMP 1001 WHERE user_name = 'ann'",
            "SELECT email, city FROM users WHERE user_name IN ('ann', 'bob')",
            "SELECT v FROM caps WHERE id = 'c1'",
            "SELECT v FROM caps WHERE ID = 'c1'",
            "SELECT v FROM plain WHERE key = 'p1'",
            "SELECT v FROM plain WHERE KEY = 'p1'",
            "SELECT email FROM users USING CONSISTENCY LOCAL_QUORUM WHERE user_name IN ('bob')",
            "SELECT email FROM users USING CONSISTENCY EACH_QUORUM WHERE user_name IN ('bob')",
            "INSERT INTO users (user_name, email) VALUES ('cy', 'c@x') "
            "USING CONSISTENCY LOCAL_QUORUM AND TIMESTAMP 1000",
            "UPDATE users USING CONSISTENCY EACH_QUORUM AND TIMESTAMP 1000 SET city = 'Bern' "
            "WHERE user_name = 'cy'",
            "DELETE city FROM users USING CONSISTENCY LOCAL_QUORUM AND TIMESTAMP 1001 "
            "WHERE user_name = 'cy'",
            "BEGIN BATCH USING CONSISTENCY LOCAL_QUORUM AND TIMESTAMP 1002 "
            "UPDATE users SET city = 'Lima' WHERE user_name = 'bob' APPLY BATCH",
            "SELECT email, city FROM users WHERE user_name IN ('bob', 'cy')",
        ]]
        return out


# ------------------------------------------------------------------------------ prepared per connection
if (1, 1) <= R < (2, 2):
    def _closed_by_release(ks):
        """A call this release failed on its server, which closed the connection (the next
        call comes on a new one): 1.1's and 1.2's write of a DecimalType name too short to
        hold a scale, 2.0's ALTER of a COMPACT STORAGE table's clustering column, 2.1's CQL 2
        write."""
        if R < (2, 0):
            return [v19.insert("d1", cparent("Dec"), column(b"\x00\x01", "v", 10))]
        if R < (2, 1):
            return [v19.execute_cql3_query("ALTER TABLE c ALTER s TYPE blob")]
        return [cql2("INSERT INTO items (KEY, title) VALUES ('12', 'ab')")]

    def _run_prepared(q_id, values):
        return raw("execute_prepared_cql_query", {1: W.i32(q_id), 2: W.list_("bin", [b(v) for v in values])})

    @scenario("rel_preparedconn", "19", "cql3", keyspace_reset="cv_r_preparedconn")
    def _preparedconn():
        """whose prepared statements a connection runs (found by ordinary19zs): 1.1 to 2.1
        kept CQL 2's in the connection's ClientState, so a new connection does not find
        them (`Prepared query with ID n not found`); 1.1 kept its CQL 3 beta's there too,
        1.2 on shared CQL 3's; 1.1 ran a prepared beta SELECT as one sent whole (row keys,
        cell timestamps, short type names)"""
        ks = "cv_r_preparedconn"
        sel = "SELECT title FROM items WHERE KEY = ?"
        sel_id = thrift_id("", sel)
        out = setup(ks, cf_def(ks, "Dec", comparator="DecimalType"),
                    cf_def(ks, "items", comparator="UTF8Type"))
        out += [
            v19.insert("i1", cparent("items"), column("title", "Lamp", 10)),
            raw("prepare_cql_query", {1: b(sel), 2: W.i32(2)}),
            _run_prepared(sel_id, ["i1"]),
        ]
        ev = "SELECT at, kind FROM ev WHERE id = ?"
        if R < (1, 2):
            ev_id = thrift_id("", ev)
            beta = [
                v19.set_cql_version("3.0.0"),
                v19.execute_cql_query("CREATE TABLE ev (id text, at bigint, kind text, "
                                      "PRIMARY KEY (id, at))"),
                v19.execute_cql_query("INSERT INTO ev (id, at, kind) VALUES ('e1', 100, 'in') "
                                      "USING TIMESTAMP 1000"),
                v19.execute_cql_query("INSERT INTO ev (id, at, kind) VALUES ('e1', 200, 'out') "
                                      "USING TIMESTAMP 1001"),
            ]
            for q in [ev, "SELECT * FROM ev WHERE id = ?", "SELECT writetime(kind) FROM ev WHERE id = ?",
                      "SELECT COUNT(*) FROM ev WHERE id = ?"]:
                beta += [raw("prepare_cql_query", {1: b(q), 2: W.i32(2)}), _run_prepared(thrift_id("", q), ["e1"])]
            beta += [_run_prepared(ev_id, ["e9"]), _run_prepared(ev_id + 1, ["e1"]), v19.set_cql_version("2.0.0")]
            out += beta
        else:
            ev_id = thrift_id(ks, ev)
            out += [
                v19.execute_cql3_query("CREATE TABLE ev (id text, at bigint, kind text, "
                                       "PRIMARY KEY (id, at))"),
                v19.execute_cql3_query("CREATE TABLE c (k text, s int, v text, PRIMARY KEY (k, s)) "
                                       "WITH COMPACT STORAGE"),
                v19.execute_cql3_query("INSERT INTO ev (id, at, kind) VALUES ('e1', 100, 'in') "
                                       "USING TIMESTAMP 1000"),
                v19.prepare_cql3_query(ev),
                v19.execute_prepared_cql3_query(ev_id, ["e1"]),
            ]
        out += _closed_by_release(ks)
        out += [
            v19.set_keyspace(ks),
            _run_prepared(sel_id, ["i1"]),
            raw("prepare_cql_query", {1: b(sel), 2: W.i32(2)}),
            _run_prepared(sel_id, ["i1"]),
        ]
        if R < (1, 2):
            out += [v19.set_cql_version("3.0.0"), _run_prepared(ev_id, ["e1"])]
        else:
            out += [v19.execute_prepared_cql3_query(ev_id, ["e1"])]
        return out


# ------------------------------------------------------------------------------ type changes of sparse families (found by ordinary19zu)
if (1, 2) <= R < (3, 0):
    @scenario("rel_sparsetypechange", "19", "schema", keyspace_reset="cv_r_sparsetypechange")
    def _sparsetypechange():
        """An update changing a column family's type: 2.0 to 2.2 carried the old definition's
        CQL columns that were not cells into the new one, so a family of declared columns
        (sparse: nothing the other type could not place) is refused as 1.2 refused it
        (`types do not match.`; 2.2: `Column family types do not match (found Super;
        expected Standard).`) and the connection lives on, Standard to Super or Super to
        Standard, while a dense one (no declared columns) fails on the server and closes it"""
        ks = "cv_r_sparsetypechange"
        email = column_def("email", "UTF8Type")
        out = setup(ks, cf_def(ks, "users", comparator="UTF8Type", column_metadata=[email]),
                    cf_def(ks, "plain", comparator="UTF8Type"),
                    cf_def(ks, "tags", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", column_metadata=[email]))
        out += [
            v19.system_update_column_family(cf_def(ks, "tags", column_type="Standard",
                                                   comparator="UTF8Type",
                                                   column_metadata=[email])),
            v19.insert("u1", cparent("users"), column("email", "a@x", 10)),
            v19.system_update_column_family(cf_def(ks, "users", column_type="Super",
                                                   comparator="UTF8Type",
                                                   column_metadata=[email])),
            v19.system_update_column_family(cf_def(ks, "users", column_type="Super",
                                                   comparator="UTF8Type",
                                                   subcomparator="UTF8Type")),
            v19.get_slice("u1", cparent("users"), pred(start="", count=10)),
            describe_ks(ks),
            v19.system_update_column_family(cf_def(ks, "plain", column_type="Super",
                                                   comparator="UTF8Type")),
            v19.set_keyspace(ks),
            v19.get_slice("u1", cparent("users"), pred(start="", count=10)),
        ]
        return out


# ------------------------------------------------------------------------------ composite names a comparator cannot walk (found by ordinary19zu)
if (1, 0) <= R < (2, 2):
    @scenario("rel_compositeframe", "19", "schema", keyspace_reset="cv_r_compositeframe")
    def _compositeframe():
        """A declared column name its CompositeType comparator cannot walk (a plain word:
        its first two bytes read as a component's length): 1.1 and 2.0 read each declared
        name with the composite's getString as they built the CQL 3 definition, which threw
        past the end, so the add fails on the server and the connection closes; 1.0, 1.2 and
        2.1 refuse it (`Column name 6e616d65 is not valid for comparator ..`); a well-framed
        name is taken"""
        ks = "cv_r_compositeframe"
        comp = "CompositeType(UTF8Type,LongType)"
        out = setup(ks)
        out += [
            v19.system_add_column_family(cf_def(ks, "events", comparator=comp,
                                                column_metadata=[column_def("name",
                                                                            "UTF8Type")])),
            v19.set_keyspace(ks),
            v19.system_add_column_family(cf_def(ks, "framed", comparator=comp,
                                                column_metadata=[column_def(b"\x00\x01a\x00",
                                                                            "UTF8Type")])),
            describe_ks(ks),
        ]
        return out


if (3, 0) <= R:
    @scenario("rel_tupledelete", "19", "cql3", keyspace_reset="cv_r_tupledelete")
    def _tupledelete():
        """3.0's range deletions by a tuple of the leading clustering columns (`(a, b) <
        (2, 1)`, one range tombstone, two bounds of different lengths), the tuple's refusals
        (out of order, mixed with a single-column relation, a wrong arity); and a
        conditional DELETE whose key is not restricted by = or IN throughout: refused when it
        deletes rows or regular columns (`... in order to delete non static columns`) or is
        conditioned on a regular column, taken for statics alone"""
        ks = "cv_r_tupledelete"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE m (k text, a int, b int, s int static, v int, "
                  "PRIMARY KEY (k, a, b))")]
        out += [q("INSERT INTO m (k, a, b, v) VALUES ('x', %d, %d, %d) USING TIMESTAMP 10"
                  % (a, b_, a * 10 + b_)) for a in (1, 2, 3) for b_ in (0, 1, 2)]
        out += [q(s) for s in [
            "INSERT INTO m (k, s) VALUES ('x', 7) USING TIMESTAMP 10",
            "DELETE FROM m USING TIMESTAMP 20 WHERE k = 'x' AND (a, b) < (2, 1)",
            "SELECT a, b, v FROM m WHERE k = 'x'",
            "DELETE FROM m USING TIMESTAMP 20 WHERE k = 'x' AND (a, b) >= (3, 1) AND (a) <= (3)",
            "SELECT a, b, v, s FROM m WHERE k = 'x'",
            "DELETE FROM m WHERE k = 'x' AND (b, a) > (1, 1)",
            "DELETE FROM m WHERE k = 'x' AND a = 2 AND (a, b) > (2, 1)",
            "DELETE FROM m WHERE k = 'x' AND (a, b) > (2, 1, 0)",
            "DELETE v FROM m WHERE k = 'x' AND (a, b) > (2, 1)",
            "DELETE FROM m WHERE k = 'x' AND a = 2 AND b > 0 IF EXISTS",
            "DELETE FROM m WHERE k = 'x' IF EXISTS",
            "DELETE FROM m WHERE k = 'x' AND a = 2 IF v = 21",
            "DELETE v FROM m WHERE k = 'x' AND a = 2 IF s = 7",
            "DELETE s FROM m WHERE k = 'x' IF v = 21",
            "DELETE s FROM m WHERE k = 'x' IF s = 7",
            "DELETE FROM m WHERE k = 'x' AND a = 2 AND b = 1 IF v = 21",
            "SELECT a, b, v, s FROM m WHERE k = 'x'",
        ]]
        return out


if (1, 2) <= R:
    @scenario("rel_twicebounded", "19", "cql3", keyspace_reset="cv_r_twicebounded")
    def _twicebounded():
        """A SELECT bounding a clustering column twice on one side (`c > 0 AND c > 1`):
        1.2 refuses it as `Invalid restrictions found on c`, 2.0 on as `More than one
        restriction was found for the start bound on c` (the end bound likewise); bounds on
        both sides and a tuple's are read as before"""
        ks = "cv_r_twicebounded"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))")]
        out += [q("INSERT INTO t (k, c, v) VALUES ('x', %d, 'v%d') USING TIMESTAMP 10"
                  % (i, i)) for i in range(4)]
        out += [q(s) for s in [
            "SELECT c FROM t WHERE k = 'x' AND c > 0 AND c > 1",
            "SELECT c FROM t WHERE k = 'x' AND c >= 0 AND c > 1",
            "SELECT c FROM t WHERE k = 'x' AND c < 3 AND c <= 2",
            "SELECT c FROM t WHERE k = 'x' AND c > 0 AND c < 3",
            "SELECT c FROM t WHERE k = 'x' AND c > 0 AND c < 3 AND c > 1",
        ]]
        return out


if (2, 1) <= R:
    @scenario("rel_frozennative", "19", "cql3", keyspace_reset="cv_r_frozennative")
    def _frozennative():
        """`frozen<>` of a native type, refused from 2.1 (`frozen<> is only allowed on
        collections, tuples, and user-defined types (got int)`, the type as it was written),
        in a table's column, in a collection, in a key, in an ALTER; frozen collections,
        tuples and user types taken"""
        ks = "cv_r_frozennative"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE pt (x int, y int)",
            "CREATE TABLE a (k int PRIMARY KEY, v frozen<int>)",
            "CREATE TABLE b (k int PRIMARY KEY, v list<frozen<varchar>>)",
            "CREATE TABLE d (k frozen<uuid> PRIMARY KEY, v int)",
            "CREATE TABLE e (k int PRIMARY KEY, v frozen<list<int>>, p frozen<pt>, "
            "t frozen<tuple<int, text>>)",
            "ALTER TABLE e ADD w frozen<blob>",
            "SELECT * FROM e",
        ]]
        return out


if (3, 0) <= R:
    @scenario("rel_duration", "19", "types", keyspace_reset="cv_r_duration")
    def _duration():
        """3.10's `duration` type: before it an unknown (user) type's name; from it its
        literals (`1h30m`, `-2d10s`, `3mo2w`, ISO 8601's `P1DT2H`, `P2W` and
        `P0001-02-03T04:05:06` unquoted) as months, days and nanoseconds in vints, a string
        or an integer refused (`Invalid STRING constant`, `Unable to convert '90' to a
        duration`), units out of order or twice refused; no slice on one, no key part, no
        set of them nor map key; a bound value of fewer than 3 bytes refused; `max` and
        `count` of one, its JSON form a string"""
        ks = "cv_r_duration"
        q = v19.execute_cql3_query
        ins = "INSERT INTO d (k, c, v) VALUES (?, ?, ?)"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE d (k text, c int, v duration, l list<duration>, "
            "m map<int, duration>, PRIMARY KEY (k, c))",
            "INSERT INTO d (k, c, v) VALUES ('a', 1, 1h30m)",
            "INSERT INTO d (k, c, v) VALUES ('a', 2, -2d10s)",
            "INSERT INTO d (k, c, v, l) VALUES ('a', 3, 3mo2w, [1y2mo, 5ms, 7us, 9ns])",
            "INSERT INTO d (k, c, v, m) VALUES ('a', 4, P1DT2H, {1: P2W, 2: P0001-02-03T04:05:06})",
            "INSERT INTO d (k, c, v) VALUES ('a', 5, 'P1D')",
            "INSERT INTO d (k, c, v) VALUES ('a', 5, 90)",
            "INSERT INTO d (k, c, v) VALUES ('a', 5, 1m2h)",
            "INSERT INTO d (k, c, v) VALUES ('a', 5, 2h2h)",
            "INSERT INTO d (k, c, v) VALUES ('a', 5, 1x)",
            "SELECT c, v, l, m FROM d WHERE k = 'a'",
            "SELECT JSON c, v FROM d WHERE k = 'a'",
            "SELECT v FROM d WHERE k = 'a' AND v > 1h ALLOW FILTERING",
            "SELECT c FROM d WHERE k = 'a' AND v = 1h30m ALLOW FILTERING",
            "SELECT max(v), min(v), count(v) FROM d",
            "CREATE TABLE e (k duration PRIMARY KEY, v int)",
            "CREATE TABLE e (k int, c duration, v int, PRIMARY KEY (k, c))",
            "CREATE TABLE e (k int PRIMARY KEY, s set<duration>)",
            "CREATE TABLE e (k int PRIMARY KEY, m map<duration, int>)",
        ]]
        out += [v19.prepare_cql3_query(ins),
                v19.execute_prepared_cql3_query(thrift_id(ks, ins),
                                                ["b", b"\x00\x00\x00\x01", b"\x02\x04\x06"]),
                v19.execute_prepared_cql3_query(thrift_id(ks, ins),
                                                ["b", b"\x00\x00\x00\x02", b"\x02"]),
                v19.execute_prepared_cql3_query(thrift_id(ks, ins),
                                                ["b", b"\x00\x00\x00\x03", b"\x02\x03\x00"]),
                q("SELECT c, v FROM d WHERE k = 'b'")]
        return out


if (2, 2) <= R:
    @scenario("rel_jsondefault", "19", "cql3", keyspace_reset="cv_r_jsondefault")
    def _jsondefault():
        """`INSERT ... JSON '{...}' DEFAULT UNSET` and `DEFAULT NULL` (3.10): a column the
        map leaves out kept (UNSET) or written as null (NULL, as with no DEFAULT); before
        3.10 a syntax error at DEFAULT, and a word other than NULL or UNSET one at it"""
        ks = "cv_r_jsondefault"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE j (id int PRIMARY KEY, a text, b int)",
            "INSERT INTO j JSON '{\"id\": 1, \"a\": \"x\", \"b\": 2}' USING TIMESTAMP 10",
            "INSERT INTO j JSON '{\"id\": 1, \"b\": 3}' DEFAULT UNSET USING TIMESTAMP 20",
            "SELECT id, a, b FROM j",
            "INSERT INTO j JSON '{\"id\": 1, \"a\": \"y\"}' DEFAULT NULL USING TIMESTAMP 30",
            "SELECT id, a, b FROM j",
            "INSERT INTO j JSON '{\"id\": 2}' DEFAULT NOTHING",
            "INSERT INTO j JSON '{\"id\": 2}' DEFAULT",
            "INSERT INTO j JSON '{\"id\": 2}' DEFAULT UNSET IF NOT EXISTS",
            "SELECT id, a, b FROM j",
        ]]
        return out


if (3, 0) <= R:
    @scenario("rel_clusterfilter", "19", "cql3", keyspace_reset="cv_r_clusterfilter")
    def _clusterfilter():
        """A clustering column restricted after one left out, or after a clustering slice,
        with ALLOW FILTERING: 3.0 refuses it as without (`PRIMARY KEY column "m" cannot be
        restricted as preceding column "y" is not restricted`, `... (preceding column "y" is
        restricted by a non-EQ relation)`), 3.6 on (CASSANDRA-11310) filters the rows read;
        without ALLOW FILTERING refused on both"""
        ks = "cv_r_clusterfilter"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q("CREATE TABLE ev (cal text, y int, m int, d int, v text, "
                  "PRIMARY KEY (cal, y, m, d))")]
        out += [q("INSERT INTO ev (cal, y, m, d, v) VALUES ('%s', %d, %d, %d, 'e%d%d%d')"
                  % (cal, y, m, d, y, m, d))
                for cal in ("c", "o") for y in (2020, 2021) for m in (1, 2) for d in (1, 15)]
        out += [q(s) for s in [
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND m = 2",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND m = 2 ALLOW FILTERING",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND d > 1 ALLOW FILTERING",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND y = 2021 AND d = 15 ALLOW FILTERING",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND y > 2020 AND m = 1 ALLOW FILTERING",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND y >= 2020 AND d < 10 ALLOW FILTERING",
            "SELECT cal, y, m, d FROM ev WHERE m = 2 AND d = 1 ALLOW FILTERING",
            "SELECT y, m, d FROM ev WHERE cal = 'c' AND m = 2 ORDER BY y DESC ALLOW FILTERING",
        ]]
        return out


# ------------------------------------------------------------------------------ writetime() of a negative timestamp (found by ordinary19zw on 1.2.9 and 1.2.19)
if R >= (1, 2):
    @scenario("rel_negwritetime", "19", "cql3", keyspace_reset="cv_r_negwritetime")
    def _negwritetime():
        """1.2's `Selection` marked a dead cell's write time -1 and answered `writetime()`
        null for every negative one; 2.0 marked it `Long.MIN_VALUE` and answered the others:
        what each release answered for cells written at a negative, a zero and a positive
        timestamp, and the cells themselves"""
        ks = "cv_r_negwritetime"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE w (k text, c int, v text, n int, PRIMARY KEY (k, c))",
            "INSERT INTO w (k, c, v, n) VALUES ('a', 1, 'neg', 1) USING TIMESTAMP -5",
            "INSERT INTO w (k, c, v, n) VALUES ('a', 2, 'min', 2) USING TIMESTAMP -1",
            "INSERT INTO w (k, c, v, n) VALUES ('a', 3, 'zero', 3) USING TIMESTAMP 0",
            "INSERT INTO w (k, c, v) VALUES ('a', 4, 'pos') USING TIMESTAMP 7",
            "UPDATE w USING TIMESTAMP -9 SET n = 9 WHERE k = 'a' AND c = 4",
            "SELECT c, v, writetime(v), writetime(n) FROM w WHERE k = 'a'",
            "SELECT writetime(v) FROM w WHERE k = 'a' AND c = 1",
        ]]
        return out


# ------------------------------------------------------------------------------ the words 2.1 and 2.2 reserved (found by ordinary19zw on 2.2.19)
if (2, 0) <= R < (3, 0):
    @scenario("rel_reserved22", "19", "cql3", keyspace_reset="cv_r_reserved22")
    def _reserved22():
        """2.1's grammar added `K_FULL` and 2.2's `K_ENTRIES`, `K_OR`, `K_REPLACE`,
        `K_EXECUTE` and `K_DESCRIBE`, none among its unreserved keywords: what each release
        answered to tables and columns of those names, bare and quoted"""
        ks = "cv_r_reserved22"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        for w in ("full", "entries", "describe", "execute", "or", "replace"):
            out += [q("CREATE TABLE %s (k int PRIMARY KEY, v int)" % w),
                    q("CREATE TABLE t_%s (k int PRIMARY KEY, %s int)" % (w, w)),
                    q("CREATE TABLE \"%s\" (k int PRIMARY KEY, \"%s\" int)" % (w.upper(), w)),
                    q("SELECT %s FROM t_%s" % (w, w))]
        out += [q("INSERT INTO \"ENTRIES\" (k, \"entries\") VALUES (1, 2) USING TIMESTAMP 3"),
                q("SELECT \"entries\" FROM \"ENTRIES\""),
                q("SELECT entries FROM \"ENTRIES\"")]
        return out


# ------------------------------------------------------------------------------ a frozen collection key literal over Thrift (found by ordinary19zw on 2.1.22 and 2.2.19)
if (2, 1) <= R < (3, 0):
    @scenario("rel_frozenkeyv2", "19", "cql3", keyspace_reset="cv_r_frozenkeyv2")
    def _frozenkeyv2():
        """Over Thrift 2.1 and 2.2 wrote a collection literal in protocol v2's form
        (`QueryOptions.fromProtocolV2`) and validated a frozen collection key in v3's
        (`CollectionSerializer.validate`): a v2 count too short for v3's is `Not enough bytes
        to read a set`; an element length read past the value's end is an
        `IllegalArgumentException` of `ByteBufferUtil.readBytes` that failed the request on
        the server, closing the connection (the last step)"""
        ks = "cv_r_frozenkeyv2"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE fs (tags frozen<set<text>>, v int, PRIMARY KEY (tags))",
            "CREATE TABLE fl (ids frozen<list<int>>, c int, v int, PRIMARY KEY (ids, c))",
            "INSERT INTO fs (tags, v) VALUES ({}, 1)",
            "INSERT INTO fl (ids, c, v) VALUES ([], 1, 1)",
            "SELECT * FROM fs",
            "INSERT INTO fl (ids, c, v) VALUES ([7], 1, 1)",
        ]]
        return out


# ------------------------------------------------------------------------------ ALTER TYPE RENAME of a type in a collection (found by ordinary19zw on 2.1.22 and 2.2.19)
if (2, 1) <= R < (3, 0):
    @scenario("rel_udtrename", "19", "cql3", keyspace_reset="cv_r_udtrename")
    def _udtrename():
        """2.1's `CollectionType.isCompatibleWith` asked of a collection column's new type only
        its element names' compatibility and its values' value-compatibility (a user type's
        field names unasked): a field of a type in a map, a list and a set of a table renamed
        and added, the table's types and values read after each"""
        ks = "cv_r_udtrename"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE addr (street text, zip int)",
            "CREATE TABLE c (k int PRIMARY KEY, home frozen<addr>, "
            "m map<text, frozen<addr>>, l list<frozen<addr>>)",
            "CREATE TABLE s (k int PRIMARY KEY, s set<frozen<addr>>)",
            "INSERT INTO c (k, home, m) VALUES (1, {street: 'a', zip: 1}, "
            "{'w': {street: 'b', zip: 2}}) USING TIMESTAMP 5",
            "INSERT INTO s (k, s) VALUES (1, {{street: 'c', zip: 3}}) USING TIMESTAMP 5",
            "ALTER TYPE addr RENAME zip TO postcode",
            "SELECT home, m, l FROM c",
            "SELECT s FROM s",
            "SELECT home.postcode FROM c",
            "ALTER TYPE addr RENAME street TO line1 AND postcode TO pc",
            "ALTER TYPE addr ADD city text",
            "SELECT home, m FROM c",
            "SELECT home.zip FROM c",
        ]]
        return out


# ------------------------------------------------------------------------------ 1.2's counter clustering column printed by its bytes (found by ordinary19zw on 1.2.9)
if R == (1, 2):
    @scenario("rel_counterkey12", "19", "cql3", keyspace_reset="cv_r_counterkey12")
    def _counterkey12():
        """1.2's CreateColumnFamilyStatement printed a counter clustering column by its name's
        ByteBuffer (`java.nio.HeapByteBuffer[pos=0 lim=N cap=N]`): a COMPACT STORAGE table's
        single clustering column in every 1.2, any other to 1.2.16; a partition key column and
        (1.2.17 on) a clustering column of a composite table by name"""
        ks = "cv_r_counterkey12"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE a (k text, cnt counter, PRIMARY KEY (k, cnt))",
            "CREATE TABLE b (k text, cnt counter, PRIMARY KEY (k, cnt)) WITH COMPACT STORAGE",
            "CREATE TABLE c (k text, x int, cnt counter, v counter, PRIMARY KEY (k, x, cnt)) "
            "WITH COMPACT STORAGE",
            "CREATE TABLE d (cnt counter, v counter, PRIMARY KEY (cnt))",
            "CREATE TABLE e (k text, \"Cnt\" counter, v counter, PRIMARY KEY (k, \"Cnt\"))",
        ]]
        return out


# ------------------------------------------------------------------------------ a collection cell's value over Thrift, short (found by ordinary19zw on 2.1.22)
if (2, 1) <= R < (3, 0):
    @scenario("rel_mapcellset", "19", "cql3", keyspace_reset="cv_r_mapcellset")
    def _mapcellset():
        """2.1 and 2.2 checked a Thrift write of a collection's element cell by the whole
        collection type in protocol v3's form; 2.1's MapSerializer kept the set's words for a
        short map (`Not enough bytes to read a set`), 2.2 said map: element cells of a map, a
        set and a list written with a value too short for a count, a set's empty one"""
        ks = "cv_r_mapcellset"
        q = v19.execute_cql3_query

        def cn(col, elem):
            out = b""
            for p in (col.encode(), elem):
                out += struct.pack(">H", len(p)) + p + b"\x00"
            return out
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
               q("CREATE TABLE p (k text PRIMARY KEY, m map<text, int>, s set<text>, "
                 "l list<int>)")]
        cp = W.struct({3: b("p")})

        def put(name, value):
            return v19.insert("k1", cp, W.struct({1: b(name), 2: b(value), 3: W.i64(5)}))
        out += [
            put(cn("m", b"a"), b"\x00\x00\x00\x03"),
            put(cn("m", b"b"), b"\x00\x01"),
            put(cn("s", b"x"), b"\x00\x00\x00\x02"),
            put(cn("s", b"y"), b""),
            put(cn("l", b"\x00" * 16), b"\x00\x00"),
            q("SELECT m, s FROM p"),
        ]
        return out


# ------------------------------------------------------------------------------ CQL 2's index check read only `=` names before 1.2 (found by ordinary19zx on 1.1.12)
if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2indexeqnames", "19", "cql", keyspace_reset="cv_r_cql2indexeqnames")
    def _cql2indexeqnames():
        """CQL 2's SELECT checked for an indexed `=` relation reading each relation's name by
        the comparator: 0.8 to 1.1 read it only for `=` (`No indexed columns ..` for a name
        of another operator the comparator cannot read), 1.2 read every name first (`unable
        to make long from ..`): a LongType family with an index, relations of names that are
        no numbers, by `>`, `=` and after an indexed `=`"""
        ks = "cv_r_cql2indexeqnames"
        five, six = struct.pack(">q", 5), struct.pack(">q", 6)
        out = setup(ks, cf_def(ks, "Daily", comparator="LongType", default_validation="UTF8Type",
                               key_validation="UTF8Type",
                               column_metadata=[column_def(five, "UTF8Type", KEYS_INDEX,
                                                           "daily_five")]))
        out += [v19.insert("d1", cparent("Daily"), column(five, "five", 10)),
                v19.insert("d1", cparent("Daily"), column(six, "six", 10))]
        out += [cql2(q) for q in [
            "SELECT * FROM Daily WHERE KEY > 'd1'",
            "SELECT * FROM Daily WHERE hour > 3",
            "SELECT * FROM Daily WHERE 6 > 'a' AND hour < 'b'",
            "SELECT * FROM Daily WHERE hour = 'x'",
            "SELECT * FROM Daily WHERE 6 = 'six'",
            "SELECT * FROM Daily WHERE 5 = 'five' AND hour > 'b'",
            "SELECT 6 FROM Daily WHERE 5 = 'five'",
        ]]
        return out


# ------------------------------------------------------------------------------ 1.1's CQL 3 beta: a selector's name chosen by its token alone (found by ordinary19zx on 1.1.12)
if R == (1, 1):
    @scenario("rel_cql3betaselectname", "19", "cql3", keyspace_reset="cv_r_cql3betaselectname")
    def _cql3betaselectname():
        """1.1's CQL 3 beta had no function selectors (a name, `writetime(c)`, `ttl(c)`): a
        name was a column whatever followed it, and SELECT's FROM then refused the token
        (`mismatched input '1' expecting K_FROM`, `extraneous input ..`), where 1.2's
        selector decision had no viable alternative: CQL 2's FIRST, two names, a call, a
        field, writetime and ttl, token()"""
        ks = "cv_r_cql3betaselectname"
        out = [v19.set_cql_version("3.0.0"),
               cql3("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy AND "
                    "strategy_options:replication_factor = 1" % ks),
               cql3("USE %s" % ks),
               cql3("CREATE TABLE t (k text PRIMARY KEY, v text)"),
               cql3("INSERT INTO t (k, v) VALUES ('a', 'x') USING TIMESTAMP 10")]
        out += [cql3(q) for q in [
            "SELECT FIRST 1 * FROM t WHERE k = 'a'",
            "SELECT FIRST 1 v FROM t",
            "SELECT v w FROM t",
            "SELECT k, v w x FROM t",
            "SELECT dateOf(v) FROM t",
            "SELECT k.v FROM t",
            "SELECT writetime(v), ttl(v) FROM t WHERE k = 'a'",
            "SELECT token(k) FROM t",
            "SELECT v FROM t WHERE k = 'a'",
        ]]
        return out


# ------------------------------------------------------------------------------ a selector's call left open (3.0.24 and 3.11.10)
if R >= (3, 0):
    @scenario("rel_opencall3x", "19", "cql3", keyspace_reset="cv_r_opencall3x")
    def _opencall3x():
        """A selector's call whose `)` is missing, each kind of argument before what follows
        it: how far 3.0's recovery and 3.11's parser had read when the error's snippet was
        quoted (a name, a name's field, a constant, a second argument, a nested call, CAST,
        writetime, toJson)"""
        ks = "cv_r_opencall3x"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
               q("CREATE TABLE t (k int PRIMARY KEY, n int, s text)")]
        out += [q(s) for s in [
            "SELECT max(n FROM t",
            "SELECT max(n FROM t WHERE k = 1",
            "SELECT max(n x FROM t",
            "SELECT max(n, k FROM t",
            "SELECT max(1 FROM t",
            "SELECT max(min(n) FROM t",
            "SELECT max(n.f FROM t",
            "SELECT toJson(s FROM t",
            "SELECT writetime(s FROM t",
            "SELECT k, max(n FROM t LIMIT 1",
            "SELECT max(n) FROM t WHERE k IN (1 FROM",
            "SELECT blobAsInt(intAsBlob(n FROM t",
        ]]
        if R >= (3, 10):
            out += [q(s) for s in [
                "SELECT CAST(n AS text FROM t",
                "SELECT max(CAST(n AS text) FROM t",
            ]]
        return out


# ------------------------------------------------------------------------------ 1.1's CQL 3 beta: a name after a table's name
if R == (1, 1):
    @scenario("rel_cql3betatablename", "19", "cql3", keyspace_reset="cv_r_cql3betatablename")
    def _cql3betatablename():
        """1.1's CQL 3 beta after a table's name: what a stray name, a second name or a
        keyspace-qualified name followed by another word gets in each statement that names a
        table (SELECT, UPDATE, DELETE, INSERT, TRUNCATE, CREATE INDEX, ALTER, DROP)"""
        ks = "cv_r_cql3betatablename"
        out = [v19.set_cql_version("3.0.0"),
               cql3("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy AND "
                    "strategy_options:replication_factor = 1" % ks),
               cql3("USE %s" % ks),
               cql3("CREATE TABLE t (k text PRIMARY KEY, v text)"),
               cql3("INSERT INTO t (k, v) VALUES ('a', 'x') USING TIMESTAMP 10")]
        out += [cql3(q) for q in [
            "SELECT k FROM t x",
            "SELECT k FROM t x WHERE k = 'a'",
            "SELECT k FROM w x FROM t",
            "SELECT v w x FROM t",
            "SELECT k FROM %s.t x" % ks,
            "SELECT k FROM t.x y",
            "SELECT k FROM t 5",
            "SELECT k FROM t 'a'",
            "UPDATE t x SET v = 'b' WHERE k = 'a'",
            "DELETE FROM t x WHERE k = 'a'",
            "INSERT INTO t x (k, v) VALUES ('b', 'y')",
            "TRUNCATE t x",
            "CREATE INDEX ON t x (v)",
            "ALTER TABLE t x ADD w text",
            "DROP TABLE t x",
            "SELECT k, v FROM t WHERE k = 'a'",
        ]]
        return out


# ------------------------------------------------------------------------------ a field of a field (found by ordinary19zt on 3.0.24 and 3.11.10)
if R >= (2, 1):
    @scenario("rel_udtnested", "19", "cql3", keyspace_reset="cv_r_udtnested")
    def _udtnested():
        """2.1's selector took `('.' field)*`: a field of a user type field that is a user type
        itself, its refusals naming what was selected before the field; 3.x's types table
        printed a nested type's field type frozen (`CQL3Type.UserDefined.toString`)"""
        ks = "cv_r_udtnested"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TYPE version (major int, minor int)",
            "CREATE TYPE firmware (name text, ver frozen<version>, vs frozen<list<frozen<version>>>, "
            "t frozen<tuple<int, frozen<version>>>)",
            "CREATE TABLE devices (id text PRIMARY KEY, fw frozen<firmware>)",
            "INSERT INTO devices (id, fw) VALUES ('d1', {name: 'boot', ver: {major: 1, "
            "minor: 2}})",
            "INSERT INTO devices (id, fw) VALUES ('d2', {name: 'x'})",
            "SELECT id, fw.ver.major, fw.ver.minor, fw.ver FROM devices",
            "SELECT fw.ver.major FROM devices WHERE id = 'd1'",
            "SELECT fw.ver.nope FROM devices",
            "SELECT fw.name.x FROM devices",
            "SELECT id.x FROM devices",
        ]]
        if R >= (3, 0):
            out.append(q("SELECT type_name, field_names, field_types FROM system_schema.types "
                         "WHERE keyspace_name = '%s'" % ks))
        return out


# ------------------------------------------------------------------------------ relations parsed then refused (found by ordinary19zt, zi, zk on 3.0.24 and 3.11.10)
if R >= (2, 2):
    @scenario("rel_refusedrel", "19", "cql3", keyspace_reset="cv_r_refusedrel")
    def _refusedrel():
        """2.2's relations read `!=` and refused it in any relation, quoted as written; 3.0's
        `c IS NOT NULL` (a view's) refused elsewhere; 3.4's LIKE, its value checked as the
        column's, refused without an index supporting it"""
        ks = "cv_r_refusedrel"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        stmts = [
            "CREATE TABLE posts (blog text, at int, title text, PRIMARY KEY (blog, at))",
            "INSERT INTO posts (blog, at, title) VALUES ('b0', 1, 'tea')",
            "SELECT title FROM posts WHERE blog = 'b0' AND at != 0",
            "SELECT title FROM posts WHERE title != 'x' ALLOW FILTERING",
            "SELECT title FROM posts WHERE blog != 'b1'",
            "SELECT title FROM posts WHERE token(blog) != token('b1')",
            "SELECT title FROM posts WHERE blog = 'b0' AND (at) != (1)",
            "SELECT title FROM posts WHERE blog = 'b0' AND nope != 1",
            "SELECT title FROM posts WHERE nope = 1 AND at != 1",
            "UPDATE posts SET title = 'x' WHERE blog = 'b0' AND at != 1",
            "DELETE FROM posts WHERE blog = 'b0' AND at != 1",
        ]
        if R >= (3, 0):
            stmts += [
                "SELECT title FROM posts WHERE blog = 'b0' AND title IS NOT NULL",
                "SELECT title FROM posts WHERE at IS NOT NULL ALLOW FILTERING",
                "SELECT title FROM posts WHERE nope IS NOT NULL",
            ]
        if R >= (3, 10):
            stmts += [
                "SELECT title FROM posts WHERE blog = 'b0' AND title LIKE 't%'",
                "SELECT title FROM posts WHERE title LIKE '%e%' ALLOW FILTERING",
                "SELECT title FROM posts WHERE at LIKE '1%' ALLOW FILTERING",
                "SELECT title FROM posts WHERE nope LIKE 'x'",
                "SELECT title FROM posts WHERE blog LIKE 'b%'",
            ]
        out += [q(s) for s in stmts]
        return out


# ------------------------------------------------------------------------------ writetime/ttl of two names (found by ordinary19zt on 3.0.24)
if R >= (2, 2):
    @scenario("rel_writetimeargs", "19", "cql3", keyspace_reset="cv_r_writetimeargs")
    def _writetimeargs():
        """`K_WRITETIME '(' cident ')'` took one name: a second after a `,` had ANTLR take the
        `)` for missing (2.2 and 3.0: `missing ')' at ','`; 3.10 on, without that recovery,
        `mismatched input ',' expecting ')'`)"""
        ks = "cv_r_writetimeargs"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE t (k int PRIMARY KEY, s text, v int)",
            "SELECT writetime(s, s) FROM t WHERE k = 1",
            "SELECT ttl(s, v) FROM t",
            "SELECT k, writetime(v, s), v FROM t",
            "SELECT writetime(s) AS w, ttl(v, s) AS t FROM t",
        ]]
        return out


# ------------------------------------------------------------------------------ CONTAINS on a frozen collection key column (found by ordinary19zt on 3.0.24 and 3.11.10)
if R >= (3, 0):
    @scenario("rel_containsfrozenkey", "19", "cql3", keyspace_reset="cv_r_containsfrozenkey")
    def _containsfrozenkey():
        """3.x's receiver check took CONTAINS on a frozen collection (a collection type); a
        SELECT's clustering restrictions then refused it without an index (3.0), or an index
        or filtering (3.6 on)"""
        ks = "cv_r_containsfrozenkey"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks)]
        out += [q(s) for s in [
            "CREATE TABLE paths (k int, path frozen<list<int>>, tags frozen<set<text>>, "
            "m frozen<map<text, int>>, v text, PRIMARY KEY (k, path, tags, m))",
            "INSERT INTO paths (k, path, tags, m, v) VALUES (1, [1, 2], {'a'}, {'x': 1}, 'p')",
            "SELECT v FROM paths WHERE k = 1 AND path CONTAINS 1",
            "SELECT v FROM paths WHERE k = 1 AND path = [1, 2] AND tags CONTAINS 'a'",
            "SELECT v FROM paths WHERE k = 1 AND path = [1, 2] AND tags = {'a'} "
            "AND m CONTAINS KEY 'x'",
            "SELECT v FROM paths WHERE k = 1 AND path CONTAINS KEY 1",
            "SELECT v FROM paths WHERE k = 1 AND v CONTAINS 'p'",
        ]]
        return out


# ------------------------------------------------------------------------------ CQL 2 CREATE INDEX of a name the comparator cannot read (found by ordinary19zza on 0.8.10 to 1.1.12)
if CQL2 and R < (2, 0):
    @scenario("rel_cql2indexname", "19", "cql2", keyspace_reset="cv_r_cql2indexname")
    def _cql2indexname():
        """CQL 2's CREATE INDEX of a column the family does not declare named the column by the
        comparator's getString: a term the comparator cannot read (an integer's varint under
        an int comparator of another width, a string under a uuid comparator) threw an
        unchecked MarshalException there, so the statement failed on the server (0.8 and 1.0:
        `Internal error processing execute_cql_query`; 1.1 on: the connection closed, and the
        client reconnects); a readable one was refused by name"""
        ks = "cv_r_cql2indexname"
        q = lambda s: v19.execute_cql_query(s)
        again = v19.set_keyspace(ks)
        return [
            v19.system_add_keyspace(ks_def(ks)), v19.set_keyspace(ks),
            q("CREATE COLUMNFAMILY Ints (KEY text PRIMARY KEY, 7 text) WITH comparator = int"),
            q("CREATE COLUMNFAMILY Longs (KEY text PRIMARY KEY) WITH comparator = bigint"),
            q("CREATE COLUMNFAMILY Ids (KEY text PRIMARY KEY) WITH comparator = uuid"),
            q("CREATE COLUMNFAMILY Words (KEY text PRIMARY KEY) WITH comparator = text"),
            q("CREATE INDEX ON Ints (1)"), again,
            q("CREATE INDEX ON Ints (16909060)"), again,
            q("CREATE INDEX ON Longs (1)"), again,
            q("CREATE INDEX ON Longs ('abcdefgh')"), again,
            q("CREATE INDEX ON Ids ('abc')"), again,
            q("CREATE INDEX ON Words (1)"),
            q("CREATE INDEX ON Words ('title')"),
            q("CREATE INDEX ON Ints (7)"),
        ]


# ------------------------------------------------------------------------------ CQL 2 column named KEY beside an unaliased key (found by ordinary19zza on 1.0.12)
if CQL2 and R < (2, 0):
    @scenario("rel_cql2keycolumn", "19", "cql2", keyspace_reset="cv_r_cql2keycolumn")
    def _cql2keycolumn():
        """CREATE COLUMNFAMILY declaring a column named KEY beside a key it left unaliased:
        1.0 checked the definition as a Thrift CfDef whose key alias was the default `KEY`
        (`Invalid column name: KEY, because it equals the key_alias`), 0.8 and 1.1 on took
        it; a key with an alias met the statement's own check in every release"""
        ks = "cv_r_cql2keycolumn"
        q = lambda s: v19.execute_cql_query(s)
        return [
            v19.system_add_keyspace(ks_def(ks)), v19.set_keyspace(ks),
            q("CREATE COLUMNFAMILY Dup (KEY text PRIMARY KEY, KEY int)"),
            q("CREATE COLUMNFAMILY Dup2 (KEY text PRIMARY KEY, 'KEY' text) WITH "
              "comparator = ascii"),
            q("CREATE COLUMNFAMILY Lower (KEY text PRIMARY KEY, key int)"),
            q("CREATE COLUMNFAMILY Named (id text PRIMARY KEY, id int)"),
            q("CREATE COLUMNFAMILY Named2 (id text PRIMARY KEY, KEY int)"),
            v19.describe_keyspace(ks),
        ]


# ------------------------------------------------------------------------------ a counter deletion listed after its increment (found by ordinary19zzb on 1.2.9)
if COUNTERS:
    @scenario("rel_counterlistorder", "19", "counter", keyspace_reset="cv_r_counterlistorder")
    def _counterlistorder():
        """batch_mutate of a counter column family listing an increment, then a deletion of
        it: the release stamped the increment's cell as it was made and forced the deletion's
        timestamp to its clock as it was validated, in list order, so the deletion was the
        later and deleted the counter (a name, the row, a super column; a client's own
        timestamp on the deletion made no difference); an increment of another counter, or one
        listed after a deletion of another name, stayed"""
        ks = "cv_r_counterlistorder"
        cv = "CounterColumnType"
        out = setup(ks, cf_def(ks, "Cnt", comparator="UTF8Type", key_validation="UTF8Type",
                               default_validation=cv),
                    cf_def(ks, "SupCnt", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", key_validation="UTF8Type",
                           default_validation=cv))
        inc = lambda name, n: mutation(cosc(counter_column=counter_column(name, n)))
        dele = lambda names=None, t=None, sc=None: mutation(deletion_=deletion(
            t, sc=sc, predicate=None if names is None else pred(names=names)))
        sinc = lambda scn, name, n: mutation(cosc(counter_super_column=W.struct(
            {1: b(scn), 2: W.list_("struct", [counter_column(name, n)])})))
        out += [
            v19.batch_mutate({"a": {"Cnt": [inc("h", 4), dele(["h"])]}}),
            v19.batch_mutate({"b": {"Cnt": [inc("h", 4), dele()]}}),
            v19.batch_mutate({"c": {"Cnt": [inc("h", 4), dele(["other"]), inc("g", 1)]}}),
            v19.batch_mutate({"d": {"Cnt": [inc("h", 4), dele(["h"], t=Abs(1))]}}),
            v19.batch_mutate({"e": {"Cnt": [inc("h", 4), inc("i", 2), dele(["h"])],
                                    "SupCnt": [sinc("s", "x", 3), sinc("t", "x", 1),
                                               dele(sc="s")]}}),
            v19.multiget_slice(["a", "b", "c", "d", "e"], cparent("Cnt"), pred(start="")),
            v19.get_slice("e", cparent("SupCnt"), pred(start="")),
        ]
        return out


# ------------------------------------------------------------------------------ CQL 2's lower-case `timestamp` (found by ordinary19zzc on 1.0.12)
if (0, 8) <= R < (1, 3):
    @scenario("rel_cql2typeword", "19", "cql2", keyspace_reset="cv_r_cql2typeword")
    def _cql2typeword():
        """A USING clause's TIMESTAMP in lower case: from 1.0 the grammar's comparatorType
        had the literal `timestamp`, an implicit token matched case-sensitively before the
        keyword rules, so `using timestamp 5` never met K_TIMESTAMP (`no viable alternative
        at input 'timestamp'`) in INSERT, UPDATE, DELETE and BATCH alike, while `Timestamp`
        and `TIMESTAMP` were the keyword; 0.8's literals had `date` instead and took it"""
        ks = "cv_r_cql2typeword"
        q = lambda s: v19.execute_cql_query(s)
        return [
            v19.system_add_keyspace(ks_def(ks)), v19.set_keyspace(ks),
            q("CREATE COLUMNFAMILY T (KEY text PRIMARY KEY) WITH comparator = text AND "
              "default_validation = text"),
            q("INSERT INTO T (KEY, a) VALUES ('k', 'v') using timestamp 5"),
            q("INSERT INTO T (KEY, a) VALUES ('k', 'v') USING TTL 9 and timestamp 5"),
            q("INSERT INTO T (KEY, b) VALUES ('k', 'w') USING Timestamp 6"),
            q("UPDATE T USING timestamp 7 SET a = 'x' WHERE KEY = 'k'"),
            q("DELETE a FROM T USING timestamp 8 WHERE KEY = 'k'"),
            q("BEGIN BATCH using timestamp 9 INSERT INTO T (KEY, c) VALUES ('k', 'z') "
              "APPLY BATCH"),
            q("INSERT INTO T (KEY, timestamp) VALUES ('k', 'v') USING TIMESTAMP 5"),
            q("SELECT * FROM T WHERE KEY = 'k'"),
        ]


# ------------------------------------------------------------------------------ a reversed range scan of whole rows
@scenario("rel_reversedwholerange", "19", "read", keyspace_reset="cv_r_reversedwholerange")
def _reversedwholerange():
    """A reversed get_range_slices of whole rows (no bounds, count Integer.MAX_VALUE): from
    2.0 a range scan read a row's SSTable copy whole, in the file's order, when its slice
    was the full row (DataRange.selectsFullRowFor, whatever the slice's direction), and
    merged the copies in a priority queue in the slice's order; the memtable's copy came
    through the filter, reversed. A slice of one count less, and single-row reads, read
    each copy reversed. 2.1 and 2.2 flushed the family when another was dropped"""
    ks = "cv_r_reversedwholerange"
    most = 2147483647
    out = setup(ks, *[cf_def(ks, n, comparator=c) for n, c in
                      (("A", "UTF8Type"), ("L", "LongType"), ("G1", None), ("G2", None))])

    def scans(cf, first):
        whole = pred(start="", reversed=True, count=most)
        return [
            v19.get_range_slices(cparent(cf), whole, key_range(start_key="", end_key="")),
            v19.get_range_slices(cparent(cf), pred(start="", reversed=True, count=most - 1),
                                 key_range(start_key="", end_key="")),
            v19.get_range_slices(cparent(cf), whole, key_range(start_key=first, end_key="",
                                                                count=1)),
            v19.get_slice(first, cparent(cf), whole),
            v19.multiget_slice([first, "k2"], cparent(cf), whole),
        ]

    def ins(key, cf, name, value, at):
        return v19.insert(key, cparent(cf), column(name, value, at))

    out += [ins("k1", "A", n, "v1", 10) for n in ("a", "c", "e")]
    out += [ins("k3", "A", n, "v3", 10) for n in ("x", "y")]
    out += [ins("k1", "L", long_(n), "l", 10) for n in (1, 3, 5)]
    out += scans("A", "k1")
    out += [v19.system_drop_column_family("G1")]
    out += scans("A", "k1") + scans("L", "k1")
    out += [ins("k1", "A", n, "v2", 11) for n in ("b", "d")]
    out += [ins("k1", "A", "c", "v9", 12), ins("k2", "A", "m", "v", 11),
            ins("k2", "A", "n", "v", 11), ins("k3", "A", "x", "v9", 12)]
    out += [ins("k1", "L", long_(n), "l", 11) for n in (2, 6)]
    out += scans("A", "k1") + scans("L", "k1")
    out += [v19.system_drop_column_family("G2"), ins("k1", "A", "f", "v", 13),
            v19.remove("k1", cpath("A", col="a"), 20), ins("k1", "A", "0", "v", 13)]
    out += scans("A", "k1")
    return out


# ------------------------------------------------------------------------------ a column family added to the system keyspace (found by ordinary19zze on 0.8.10 and 1.0.12)
@scenario("rel_systemcfother", "19", "schema", keyspace_reset="cv_r_systemcfother")
def _systemcfother():
    """system_add_column_family of a CfDef naming the system keyspace, from a session in
    another keyspace and from one in the system keyspace: 0.8 and 1.0 refused a session whose
    keyspace was the system one (ClientState.hasColumnFamilySchemaAccess), whatever keyspace
    the CfDef named, and took the system keyspace's new column family from any other session;
    0.7 took both; 1.1 on refused by the CfDef's keyspace (rel_systemcfadd: both in system)"""
    ks = "cv_r_systemcfother"
    utf8 = "UTF8Type"
    return setup(ks, cf_def(ks, "Own", comparator=utf8)) + [
        v19.system_add_column_family(cf_def("system", "Theirs", comparator=utf8)),
        v19.set_keyspace("system"),
        v19.get_slice("k", cparent("Theirs"), pred(start="")),
        v19.system_add_column_family(cf_def(ks, "Other", comparator=utf8)),
        v19.system_add_column_family(cf_def("system", "Theirs2", comparator=utf8)),
        v19.get_slice("k", cparent("Theirs2"), pred(start="")),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("Other"), pred(start="")),
    ]


# ------------------------------------------------------------------------------ ascii string literals (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_asciiliteral", "19", "cql3", keyspace_reset="cv_r_asciiliteral")
    def _asciiliteral():
        """An ascii string literal holding characters beyond US-ASCII, in a value, a key, a
        WHERE, a collection: 1.2's AsciiType.fromString was String.getBytes(US-ASCII), one `?`
        for each such character (a surrogate pair is one), stored and matched so; 2.0 on
        refused it with the encoder's UnmappableCharacterException (its length: 1, or 2 for a
        character beyond the BMP); a bound value was validated as bytes in every release"""
        ks = "cv_r_asciiliteral"
        q = v19.execute_cql3_query
        ins = "INSERT INTO t (k, a) VALUES (?, ?)"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k ascii PRIMARY KEY, a ascii, n text, s set<ascii>, "
                 "m map<ascii, int>)")]
        out += [q(s) for s in [
            "INSERT INTO t (k, a, n) VALUES ('k1', 'café', 'café') USING TIMESTAMP 5",
            "INSERT INTO t (k, a) VALUES ('k2', 'sushi 🍣 ñ') USING TIMESTAMP 5",
            "INSERT INTO t (k, a) VALUES ('Ä3', 'x') USING TIMESTAMP 5",
            "INSERT INTO t (k, a) VALUES ('k4', '🍣') USING TIMESTAMP 5",
            "UPDATE t USING TIMESTAMP 6 SET s = {'é', 'e', 'ü'}, m = {'ñ': 1} WHERE k = 'k1'",
            "SELECT k, a, n, s, m FROM t",
            "SELECT a FROM t WHERE k = 'Ä3'",
            "SELECT a FROM t WHERE k = '?3'",
            "SELECT a FROM t WHERE k IN ('k1', 'Ä3')",
            "DELETE FROM t WHERE k = 'Ä3'",
            "SELECT k FROM t",
        ]]
        out += [v19.prepare_cql3_query(ins),
                v19.execute_prepared_cql3_query(thrift_id(ks, ins), [b"k5", "é".encode()])]
        if R < (3, 0):
            out.append(v19.get_slice("k1", cparent("t"), pred(start="", count=20)))
        return out


# ------------------------------------------------------------------------------ function arguments and receivers (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_fctargs", "19", "cql3", keyspace_reset="cv_r_fctargs")
    def _fctargs():
        """A selector passed to a blob conversion: 1.2's selectors were assignable only to
        their own CQL type (an ascii column no text, no blob), 2.0's to a type that took their
        values; a function's result assigned: 1.2 wanted the column's own type, 2.0 one whose
        values it took (now() into a uuid, unixTimestampOf into a timestamp, dateOf into a
        bigint); now() selected, a new time UUID each row (its value masked); a call with the
        wrong number of arguments, 2.2 naming the function by its keyspace; 1.2's selectors had
        no alias (`AS` a name where FROM was due)"""
        ks = "cv_r_fctargs"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k int PRIMARY KEY, a ascii, x text, b blob, i int, "
                 "u uuid, tu timeuuid, ts timestamp, n bigint)")]
        out += [q(s) for s in [
            "INSERT INTO t (k, a, x, b, i, tu) VALUES (1, 'asc', 'txt', 0x0000002a, 42, "
            "50554d6e-29bb-11e5-b345-feff819cdc9f) USING TIMESTAMP 5",
            "SELECT blobAsText(a) FROM t", "SELECT textAsBlob(a) FROM t",
            "SELECT asciiAsBlob(x) FROM t", "SELECT textAsBlob(x), asciiAsBlob(a) FROM t",
            "SELECT blobAsText(x) FROM t", "SELECT blobAsInt(i) FROM t",
            "SELECT intAsBlob(i), blobAsInt(b) FROM t", "SELECT bigintAsBlob(i) FROM t",
            "SELECT varintAsBlob(i) FROM t", "SELECT blobAsAscii(textAsBlob(x)) FROM t",
            "SELECT unixTimestampOf(tu), dateOf(tu) FROM t",
            "SELECT bigintAsBlob(unixTimestampOf(tu)) FROM t",
            "SELECT bigintAsBlob(dateOf(tu)) FROM t",
            "INSERT INTO t (k, u) VALUES (2, now())",
            "INSERT INTO t (k, ts) VALUES (3, unixTimestampOf(50554d6e-29bb-11e5-b345-feff819cdc9f))",
            "INSERT INTO t (k, n) VALUES (4, dateOf(50554d6e-29bb-11e5-b345-feff819cdc9f))",
            "INSERT INTO t (k, n) VALUES (5, unixTimestampOf(50554d6e-29bb-11e5-b345-feff819cdc9f))",
            "INSERT INTO t (k, x) VALUES (6, blobAsAscii(0x41))",
            "INSERT INTO t (k, a) VALUES (7, blobAsText(0x41))",
            "INSERT INTO t (k, tu) VALUES (8, now(1))",
            "INSERT INTO t (k, ts) VALUES (9, dateOf())",
            "INSERT INTO t (k, b) VALUES (10, intAsBlob(1, 2))",
            "SELECT k, n, ts FROM t WHERE k IN (3, 4, 5)",
            "SELECT COUNT(*) FROM t WHERE k = 2",
            "SELECT dateOf(tu, tu) FROM t", "SELECT unixTimestampOf() FROM t",
            "SELECT now(1) FROM t", "SELECT now(k) FROM t",
            "SELECT i AS v FROM t", "SELECT k, writetime(x) AS w FROM t WHERE k = 1",
        ]]
        # each row's now() is the node's clock: only its presence and type compared
        out.append(q("SELECT k, now() FROM t WHERE k = 1").mask("0/2/*/2/1/2"))
        return out


# ------------------------------------------------------------------------------ token() arguments (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_tokenvalueorder", "19", "cql3", keyspace_reset="cv_r_tokenvalueorder")
    def _tokenvalueorder():
        """A token relation naming a clustering column beside the key's parts: 1.2 to 2.1 made
        a relation of each column in order and prepared the value at the first key part's, so
        a value of the wrong number of arguments was refused there, before a later column was
        found outside the partition key (a clustering column first: refused as that)"""
        ks = "cv_r_tokenvalueorder"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE p (a int, b text, c int, v int, PRIMARY KEY ((a, b), c))"),
               q("INSERT INTO p (a, b, c, v) VALUES (1, 'x', 1, 1) USING TIMESTAMP 5")]
        out += [q(s) for s in [
            "SELECT v FROM p WHERE token(a, b, c) > token(1, 'x', 1)",
            "SELECT v FROM p WHERE token(a, c) > token(1, 1)",
            "SELECT v FROM p WHERE token(a, c) > token(1)",
            "SELECT v FROM p WHERE token(c, a) > token(1, 1)",
            "SELECT v FROM p WHERE token(c, a, b) > token(1)",
            "SELECT v FROM p WHERE token(a, b, v) > token(1, 'x')",
            "SELECT v FROM p WHERE token(a, b, c) > token(1, 'x')",
            "SELECT v FROM p WHERE token(a, b) > token(1, 'x', 2)",
            "SELECT v FROM p WHERE token(a, b) > token(1, 2)",
        ]]
        return out


# ------------------------------------------------------------------------------ static-only INSERT's row marker (found by ordinary19zzd on 2.0.17)
if (2, 0) <= R < (3, 0):
    @scenario("rel_staticmarker", "19", "cql3", keyspace_reset="cv_r_staticmarker")
    def _staticmarker():
        """An INSERT of static columns alone: 2.0 wrote the row marker of the prefix it built,
        the static one (`UpdateStatement.addUpdateForKey`), seen by Thrift's reads and counts;
        2.1 on left a static prefix unmarked. CQL reads of the partition after its static
        columns were deleted, with and without rows"""
        ks = "cv_r_staticmarker"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE a (id text, t int, s int static, s2 text static, v int, "
                 "PRIMARY KEY (id, t))")]
        out += [q(s) for s in [
            "INSERT INTO a (id, s) VALUES ('x', 1) USING TIMESTAMP 5",
            "INSERT INTO a (id, s, s2) VALUES ('y', 2, 'b') USING TIMESTAMP 5",
            "INSERT INTO a (id, t, v) VALUES ('y', 1, 3) USING TIMESTAMP 5",
            "UPDATE a USING TIMESTAMP 5 SET s = 4 WHERE id = 'z'",
            "INSERT INTO a (id, t, s, v) VALUES ('w', 1, 5, 6) USING TIMESTAMP 5",
        ]]
        out += [v19.get_slice(k, cparent("a"), pred(start="", count=20)) for k in "xyzw"]
        out += [v19.get_count("x", cparent("a"), pred(start="", count=20)),
                q("DELETE s FROM a USING TIMESTAMP 6 WHERE id = 'x'"),
                q("DELETE s, s2 FROM a USING TIMESTAMP 6 WHERE id = 'y'"),
                q("DELETE s FROM a USING TIMESTAMP 6 WHERE id = 'z'"),
                q("SELECT * FROM a WHERE id = 'x'"), q("SELECT * FROM a WHERE id = 'y'"),
                q("SELECT * FROM a WHERE id = 'z'"), q("SELECT * FROM a"),
                q("SELECT DISTINCT id, s FROM a"), q("SELECT COUNT(*) FROM a"),
                v19.get_range_slices(cparent("a"), pred(start="", count=5),
                                     key_range(start_key="", end_key="", count=10))]
        return out


# ------------------------------------------------------------------------------ an index of a frozen collection (found by ordinary19zzd)
if (2, 1) <= R < (3, 0):
    @scenario("rel_frozenindex", "19", "cql3", keyspace_reset="cv_r_frozenindex")
    def _frozenindex():
        """CREATE INDEX of a frozen collection's values, keys or entries: 2.1 took only
        full() (its words: keys of a frozen map, then any other target), 2.2 the same in
        `validateForFrozenCollection`'s words, which named every frozen collection a
        frozen<map>; a frozen user type and a multi-cell set beside"""
        ks = "cv_r_frozenindex"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TYPE pt (x int)"),
               q("CREATE TABLE t (k int PRIMARY KEY, fs frozen<set<text>>, "
                 "fl frozen<list<int>>, fm frozen<map<text, int>>, u frozen<pt>, s set<int>)")]
        # 2.1 named a KEYS target by its IndexTarget, which had no toString (an identity hash)
        named = {"path": "1/1", "regex": r"^Cannot create index on keys of (frozen<map> )?"
                 r"column \S+( with non-map type)?$"}
        out += [q(s) for s in [
            "CREATE INDEX ON t (fs)", "CREATE INDEX ON t (fl)", "CREATE INDEX ON t (fm)"]]
        out += [q(s).mask(named) for s in [
            "CREATE INDEX ON t (keys(fm))", "CREATE INDEX ON t (keys(fs))"]]
        out += [q(s) for s in [
            "CREATE INDEX i1 ON t (u)", "CREATE INDEX ON t (s)",
            "CREATE INDEX IF NOT EXISTS ON t (fs)",
        ]]
        if R >= (2, 2):
            out += [q("CREATE INDEX ON t (entries(fm))"), q("CREATE INDEX ON t (entries(fs))")]
        return out


# ------------------------------------------------------------------------------ a property's decision (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_propertydecision", "19", "cql3", keyspace_reset="cv_r_propertydecision")
    def _propertydecision():
        """A property whose name is not followed by `=` (1.1's `strategy_options:name`, a
        missing `=`, a second word): 2.0's `property` had two alternatives that began
        `ident '='`, so its decision looked past the name and had no viable alternative at
        what stood there (the stream still at the name); 1.2's one alternative matched the
        `=` (`mismatched input`)"""
        ks = "cv_r_propertydecision"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks)]
        out += [q(s) for s in [
            "CREATE KEYSPACE x1 WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1",
            "CREATE KEYSPACE x1 WITH replication {'class': 'SimpleStrategy'}",
            "CREATE TABLE t (k int PRIMARY KEY, v int) WITH comment 'x'",
            "CREATE TABLE t (k int PRIMARY KEY, v int) WITH comment = 'x' AND gc_grace_seconds 5",
            "CREATE TABLE t (k int PRIMARY KEY, v int) WITH comment x = 'y'",
            "ALTER TABLE t WITH comment : 'x'",
            "ALTER KEYSPACE %s WITH durable_writes false" % ks,
        ]]
        return out


# ------------------------------------------------------------------------------ WRITETIME / TTL without their one name (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_writetimeclose", "19", "cql3", keyspace_reset="cv_r_writetimeclose")
    def _writetimeclose():
        """`K_WRITETIME '(' cident ')'` (and TTL's) given no name, two names or an alias: no
        decision of a call's arguments, so the name's match failed where the stream stood (the
        `)`); before a `,` the `)` was taken for missing, and 1.2 to 2.1 read on to answer the
        last error (the extra `)` where FROM was due); 1.2's selectors had no alias"""
        ks = "cv_r_writetimeclose"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k int PRIMARY KEY, v int, w int)")]
        out += [q(s) for s in [
            "SELECT writetime() FROM t", "SELECT k, ttl() FROM t",
            "SELECT writetime(v, w) FROM t", "SELECT ttl(v, w), k FROM t",
            "SELECT writetime(v) AS x FROM t", "SELECT k, ttl(v) AS x FROM t WHERE k = 1",
            "SELECT v AS x FROM t",
        ]]
        return out


# ------------------------------------------------------------------------------ token(..) naming no column (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_tokennamerecovery", "19", "cql3", keyspace_reset="cv_r_tokennamerecovery")
    def _tokennamerecovery():
        """A token relation whose column list holds a value (a string, a number): ANTLR
        reported it and read on past the `,` or `)` it dropped to, so before 2.2 (the last
        error answered) a value that failed later was the answer (a bare name in `token(k)`
        at the `)` after it), else the dropped token; 2.2 answered the first"""
        ks = "cv_r_tokennamerecovery"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k text PRIMARY KEY, v int)")]
        out += [q(s) for s in [
            "SELECT k FROM t WHERE token('a') > token(k)",
            "SELECT k FROM t WHERE token('a') > token('b')",
            "SELECT k FROM t WHERE token(1, k) > token('b') LIMIT 2",
            "SELECT k FROM t WHERE token(k, 2) >= token(v)",
            "SELECT k FROM t WHERE token('a') = 5 AND v = 1",
        ]]
        return out


# ------------------------------------------------------------------------------ a marker as a function's argument (found by ordinary19zzd)
if (1, 2) <= R:
    @scenario("rel_fctmarkers", "19", "cql3", keyspace_reset="cv_r_fctmarkers")
    def _fctmarkers():
        """A bind marker passed to a function: its receiver was the function's parameter
        (`Functions.makeArgSpec`), named `arg0(f)` (2.1 on printed as a ColumnSpecification,
        2.2 with the function's keyspace) and typed as the parameter (`textAsBlob(?)` a text,
        `blobAsInt(?)` a blob); the function checked a bound value only when it ran (2.0 on:
        `blobAsInt` of two bytes refused at execution, never at prepare)"""
        ks = "cv_r_fctmarkers"
        q = v19.execute_cql3_query
        stmts = [
            ("UPDATE t SET x = blobAsText(?) WHERE k = textAsBlob(?)", [b"hey", b"k1"]),
            ("UPDATE t SET i = blobAsInt(?) WHERE k = ?", [b"\x00\x00\x00\x07", b"k1"]),
            ("UPDATE t SET i = blobAsInt(?) WHERE k = ?", [b"\x00\x01", b"k2"]),
            ("INSERT INTO t (k, n) VALUES (?, unixTimestampOf(?))",
             [b"k3", b"\x50\x55\x4d\x6e\x29\xbb\x11\xe5\xb3\x45\xfe\xff\x81\x9c\xdc\x9f"]),
            ("INSERT INTO t (k, n) VALUES (?, unixTimestampOf(?))", [b"k4", b"\x01"]),
            ("SELECT k, x, i, n FROM t WHERE k = bigintAsBlob(?)", [b"\x00" * 8]),
            ("SELECT k, x, i, n FROM t WHERE k IN (textAsBlob(?), ?, 0x6b33)", [b"k1", b"k2"]),
        ]
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k blob PRIMARY KEY, x text, i int, n bigint)")]
        for s, vals in stmts:
            out += [v19.prepare_cql3_query(s),
                    v19.execute_prepared_cql3_query(thrift_id(ks, s), vals)]
        return out


# ------------------------------------------------------------------------------ now() and other calls without arguments as selectors
if R >= (1, 2):
    @scenario("rel_nowselector", "19", "cql3", keyspace_reset="cv_r_nowselector")
    def _nowselector():
        """A selector call without arguments (`SELECT now() FROM system.local`, the way
        applications asked the server for a time UUID): every CQL 3 grammar's
        selectionFunctionArgs took `'(' ')'`, so now() was a selector, and an argument of
        dateOf and unixTimestampOf; a row's value is the server's clock (masked), an empty
        result shows the columns' names and types"""
        ks = "cv_r_nowselector"
        q = v19.execute_cql3_query
        value = "0/2/*/2/*/2"
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), v19.set_keyspace(ks),
               q("CREATE TABLE t (k int PRIMARY KEY, v int)"),
               q("INSERT INTO t (k, v) VALUES (1, 1)")]
        out += [q(s) for s in [
            "SELECT now() FROM t WHERE k = 2",
            "SELECT k, now() FROM t WHERE k = 2",
            "SELECT NOW() FROM t WHERE k = 2",
            "SELECT dateOf(now()) FROM t WHERE k = 2",
            "SELECT unixTimestampOf(now()) FROM t WHERE k = 2",
            "SELECT now(v) FROM t WHERE k = 2",
            "SELECT now() AS n FROM t WHERE k = 2",
            "SELECT uuid() FROM t WHERE k = 2",
            "SELECT toDate(now()) FROM t WHERE k = 2",
            "SELECT token() FROM t WHERE k = 2",
            "SELECT nope() FROM t WHERE k = 2",
        ]]
        # (3.10 took the constant as the call's argument, `Selectable.WithTerm`: the arity refused)
        out.append(q("SELECT now(1) FROM t WHERE k = 2"))
        out += [q("SELECT now() FROM t").mask(value),
                q("SELECT now() FROM system.local").mask(value),
                q("SELECT v, now() FROM t WHERE k = 1").mask("0/2/*/2/1/2")]
        return out


# ------------------------------------------------------------------------------ 3.10's terms as selectors (Selectable.WithTerm)
if R >= (2, 2):
    @scenario("rel_termselectors", "19", "cql3", keyspace_reset="cv_r_termselectors")
    def _termselectors():
        """Constants, literals and bind markers where a selector stands: 3.10's
        `unaliasedSelector` took a `value` and `'(' type ')' value` (Selectable.WithTerm),
        typed by a cast or by the parameter of the function it is given to, named by the term's
        text (`(int)1`, `system.intasblob(1)`), a marker named `[selection]`; a term of no
        known type refused (`Cannot infer type for term ...`), a call that several overloads
        take refused as ambiguous. Before 3.10 each is a syntax error in the grammar's words"""
        ks = "cv_r_termselectors"
        q = v19.execute_cql3_query
        out = [q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': 1}" % ks), q("USE %s" % ks),
               q("CREATE TABLE t (k int PRIMARY KEY, v int, x text, b blob)"),
               q("INSERT INTO t (k, v, x, b) VALUES (1, 7, 'seven', 0x07) USING TIMESTAMP 5")]
        out += [q(s) for s in [
            "SELECT 1 FROM t", "SELECT k, 'a' FROM t", "SELECT null FROM t", "SELECT NULL, k FROM t",
            "SELECT 1.5 FROM t", "SELECT true FROM t", "SELECT 0x01 FROM t", "SELECT -1 FROM t",
            "SELECT [1, 2] FROM t", "SELECT {1, 2} FROM t", "SELECT {'a': 1} FROM t",
            "SELECT (1, 2) FROM t", "SELECT k, 'it''s' FROM t",
            "SELECT (int)1 FROM t WHERE k = 1", "SELECT k, (text)'a', v FROM t",
            "SELECT (bigint)1, (varint)12345678901234567890 FROM t WHERE k = 1",
            "SELECT (int)'a' FROM t", "SELECT (text)1 FROM t", "SELECT (blob)0x0102 FROM t",
            "SELECT (double)1.5, (float)2, (decimal)3.25 FROM t", "SELECT (boolean)true FROM t",
            "SELECT (ascii)'z', (varchar)'y' FROM t", "SELECT (int)null FROM t",
            "SELECT (smallint)3, (tinyint)4 FROM t", "SELECT (int)3000000000 FROM t",
            "SELECT (set<int>){1, 2} FROM t", "SELECT (list<text>)['a', 'b'] FROM t",
            "SELECT (map<text, int>){'a': 1} FROM t", "SELECT (frozen<tuple<int, text>>)(1, 'a') FROM t",
            "SELECT (uuid)62c36092-82a1-3a00-93d1-46196ee77204 FROM t",
            "SELECT (inet)'127.0.0.1' FROM t", "SELECT (date)'2020-01-02' FROM t",
            "SELECT (nope)1 FROM t", "SELECT (int)1 AS one FROM t",
            "SELECT intAsBlob(1) FROM t", "SELECT token(1) FROM t", "SELECT token(k), token(7) FROM t",
            "SELECT blobAsInt(0x00000001) FROM t", "SELECT textAsBlob('abc') FROM t",
            "SELECT intAsBlob('a') FROM t", "SELECT blobAsText(1) FROM t",
            "SELECT max((int)1) FROM t", "SELECT min((text)'a'), count(v) FROM t",
            "SELECT sum((int)2) FROM t", "SELECT CAST((int)1 AS text) FROM t", "SELECT CAST(1 AS text) FROM t",
            "SELECT toJson(1) FROM t", "SELECT toJson((int)1) FROM t", "SELECT now(1) FROM t",
            "SELECT writetime(1) FROM t", "SELECT (int)v FROM t", "SELECT k, (int)-5 FROM t",
            "SELECT intAsBlob(v), intAsBlob(2) FROM t", "SELECT max(0x01), max(true) FROM t",
            "SELECT count((int)1), count(1) FROM t", "SELECT token('a') FROM t", "SELECT dateOf(1) FROM t",
            "SELECT unixTimestampOf(62c36092-82a1-3a00-93d1-46196ee77204) FROM t",
            "SELECT minTimeuuid('2020-01-02 00:00:00+0000') FROM t", "SELECT toDate(1) FROM t",
            "SELECT blobAsInt(null) FROM t", "SELECT textAsBlob([1]) FROM t",
        ]]
        out.append(q("SELECT dateOf(now()), (int)1 FROM t").mask("0/2/*/2/0/2"))
        prepared = [
            ("SELECT ? FROM t", []), ("SELECT :n FROM t", []),
            ("SELECT (int)? FROM t WHERE k = ?", [struct.pack(">i", 9), struct.pack(">i", 1)]),
            ("SELECT k, (text):n FROM t", [b"hello"]),
            ("SELECT intAsBlob(?) FROM t", [struct.pack(">i", 3)]),
            ("SELECT (int)? FROM t", [b"\x01"]),
        ]
        for s, vals in prepared:
            out.append(v19.prepare_cql3_query(s))
            if vals:
                out.append(v19.execute_prepared_cql3_query(thrift_id(ks, s), vals))
        # (a call several overloads take, `max(1)`, is refused listing them in an order that
        # changed from one JVM to the next: not recorded.) Last: from 3.0 token() of more
        # values than the key has fails on the server, closing the connection.
        out.append(q("SELECT token(1, 2) FROM t"))
        return out
