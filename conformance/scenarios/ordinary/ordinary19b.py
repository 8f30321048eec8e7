"""Ordinary 19.x use written by a second application author: what pycassa 1.x's ColumnFamily,
SuperColumnFamily and SystemManager, Hector's templates and a generated client sent to a 1.2.9
cluster (19.36's fields), sent unchanged to every release by `difftest.py V --cases`.

Beside `ordinary19.py` (which it does not repeat): the describe calls a client library made at
connect, pycassa's reads (`get` with column_start/column_finish/column_reversed/column_count,
`xget`'s pages, `multiget` in buffers, counts), TTLs read back after their expiry (a step's
`sleep`, honoured by difftest's runner), schemas made by SystemManager with the options an
application set, index paging from the last key, comparators' boundary values, counters of
every shape, batches across column families, CQL 3 through prepared statements bound with
every type, and the errors such applications met. Each scenario owns one keyspace
(cv_p_<topic>), dropped before and after.

Record from a real 1.2.9 with the corpus's capture.py, join the cases with
`combine_cases.py` (which carries the steps' `sleep`), and send them to each release with
`difftest.py V --cases`. A prepared statement's id is the Java `String.hashCode` of keyspace +
query, as every release from 1.2 computed it for Thrift (`QueryProcessor`), so the steps carry
it. A call a release answered by closing the connection is followed by the `set_keyspace` a
reconnecting client sends, so the rest of its scenario still runs in its keyspace.

The scenarios after `o19b_errors` (the second pass) probe around what the first ones found
the emulation answering otherwise than the releases: TTLs past the maximum, split sizes,
CfDef options described back or refused, CQL 3 bind values and prepared metadata, UUID
validation texts.
"""
import struct as st
import uuid as _u

import thriftwire as W
from dsl import (ANY, EQ, GT, GTE, LT, LTE, KEYS_INDEX, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM,
                 TWO, Abs, cf_def, column, column_def, cosc, counter_column,
                 counter_super_column, cparent, cpath, deletion, index_clause, index_expr, ins,
                 ins_super, int32, key_range, ks_def, long_, mutation, pred, raw, scenario,
                 super_column, timeuuid, v19, b)

M = "org.apache.cassandra.db.marshal."
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"
ALL_ = pred(start="")


def setup(ks, *cfs, **kw):
    return [v19.system_add_keyspace(ks_def(ks, cfs, **kw)), v19.set_keyspace(ks)]


def varint(n):
    size = 1
    while not -(1 << (8 * size - 1)) <= n < (1 << (8 * size - 1)):
        size += 1
    return n.to_bytes(size, "big", signed=True)


def comp(*parts, eoc=0):
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        last = i == len(parts) - 1
        out += st.pack(">H", len(p)) + p + bytes([(eoc & 0xff) if last else 0])
    return out


def dyn(*parts, eoc=0):
    """DynamicCompositeType: each component as <alias byte|0x80><u16 length><bytes><eoc>;
    parts are (alias char, bytes)."""
    out = b""
    for i, (alias, p) in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        last = i == len(parts) - 1
        out += st.pack(">H", 0x8000 | ord(alias)) + st.pack(">H", len(p)) + p + \
            bytes([(eoc & 0xff) if last else 0])
    return out


def jhash(s):
    """Java's String.hashCode (UTF-16 code units, 32-bit wrap)."""
    h = 0
    for unit in st.unpack(">%dH" % (len(s.encode("utf-16-be")) // 2), s.encode("utf-16-be")):
        h = (31 * h + unit) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def cfx(ks, name, **kw):
    """cf_def with 19.36 CfDef fields by name"""
    ids = {"read_repair_chance": (12, W.double), "min_compaction_threshold": (17, W.i32),
           "max_compaction_threshold": (18, W.i32), "replicate_on_write": (24, W.boolean),
           "key_alias": (28, W.bin_), "compaction_strategy": (29, W.bin_),
           "compaction_strategy_options": (30, None), "compression_options": (32, None),
           "bloom_filter_fp_chance": (33, W.double), "caching": (34, W.bin_),
           "dclocal_read_repair_chance": (37, W.double),
           "populate_io_cache_on_flush": (38, W.boolean)}
    extra = {}
    base = {}
    for k, v in kw.items():
        if k in ids:
            fid, f = ids[k]
            if f is None:
                extra[fid] = W.map_("bin", "bin", [(b(a), b(c)) for a, c in v.items()])
            else:
                extra[fid] = f(v)
        else:
            base[k] = v
    return cf_def(ks, name, extra=extra, **base)


def col_def_opts(name, validation, index_type, index_name, options):
    return W.struct({1: b(name), 2: b(validation), 3: W.i32(index_type),
                     4: None if index_name is None else b(index_name),
                     5: W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])})


def sleep(step, seconds):
    """the runner sleeps `seconds` before sending the step (real time passing: TTLs)"""
    step.sleep = seconds
    return step


# ------------------------------------------------------------------------------ describe
@scenario("o19b_describe", "19", "describe", keyspace_reset="cv_p_describe")
def _describe():
    """what pycassa's ConnectionPool, Hector's CassandraHostRetryService and a generated client
    asked at connect and while running: versions, names, partitioner, snitch, ring, splits,
    schema versions, keyspaces, and the describe calls refused"""
    ks = "cv_p_describe"
    return [
        v19.describe_version(),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        v19.set_keyspace("cv_p_describe"),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "CF", comparator="UTF8Type"),
                                            cf_def(ks, "SC", column_type="Super",
                                                   comparator="UTF8Type",
                                                   subcomparator="LongType")])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
        v19.describe_splits("CF", "0", "0", 128),
        v19.describe_splits("CF", "-9223372036854775808", "0", 64),
        v19.describe_splits("CF", "0", "100", 1),
        raw("describe_splits_ex", {1: b("CF"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        raw("describe_splits_ex", {1: b("Nope"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        v19.set_keyspace(ks),
        v19.batch_mutate({"k%d" % i: {"CF": [ins("c", "v", 1)]} for i in range(20)}),
        v19.describe_splits("CF", "0", "0", 5),
        v19.describe_ring("system"),
        v19.describe_keyspace("system"),
        v19.describe_keyspace("cv_p_nope"),
        v19.describe_keyspace(""),
        v19.system_add_keyspace(ks_def("cv_p_describe_nts", [], strategy=NTS,
                                       options={"datacenter1": "1"})),
        v19.describe_ring("cv_p_describe_nts"),
        v19.system_drop_keyspace("cv_p_describe_nts"),
        v19.describe_keyspaces(),
        raw("describe_version", {}),
        v19.set_keyspace(""),
        v19.set_keyspace("CV_P_DESCRIBE"),
        v19.get_slice("k1", cparent("CF"), ALL_),
        raw("trace_next_query", {}).mask("0"),
        raw("login", {1: W.struct({1: W.map_("bin", "bin", [(b("username"), b("u")),
                                                             (b("password"), b("p"))])})}),
        v19.get_slice("k1", cparent("CF"), ALL_),
        v19.set_keyspace(ks),
        # 1.2 closed the connection (a client reconnects and sets its keyspace again)
        v19.describe_splits("Nope", "0", "0", 128),
        v19.set_keyspace(ks),
        v19.describe_ring("cv_p_nope"),
    ]


# ------------------------------------------------------------------------------ pycassa reads
@scenario("o19b_pycassa", "19", "crud", keyspace_reset="cv_p_pycassa")
def _pycassa():
    """pycassa ColumnFamily: insert (with ttl), get with columns / column_start /
    column_finish / column_reversed / column_count, xget pages, multiget by buffers,
    get_count and multiget_count with ranges, remove of columns and rows, typed keys"""
    ks = "cv_p_pycassa"
    users = cf_def(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
                   key_validation="UTF8Type",
                   column_metadata=[column_def("age", "LongType"),
                                    column_def("id", "UUIDType")])
    out = setup(ks, users,
                cf_def(ks, "Line", comparator="LongType", default_validation="UTF8Type",
                       key_validation="LongType"),
                cf_def(ks, "Raw"))
    out += [
        v19.insert("jsmith", cparent("Users"), column("first", "John", 10)),
        v19.batch_mutate({"jsmith": {"Users": [ins("last", "Smith", 10), ins("age", long_(42), 10),
                                               ins("id", _u.UUID(int=7).bytes, 10)]}}),
        v19.batch_mutate({"ajones": {"Users": [ins("first", "Ann", 10),
                                               ins("age", long_(-1), 10, ttl=86400)]}}),
        # get(key)
        v19.get_slice("jsmith", cparent("Users"), pred(start="", count=100)),
        # get(key, columns=[...])
        v19.get_slice("jsmith", cparent("Users"), pred(names=["first", "age", "zzz"])),
        # get(key, column_start, column_finish)
        v19.get_slice("jsmith", cparent("Users"), pred(start="b", finish="l")),
        v19.get_slice("jsmith", cparent("Users"), pred(start="l", finish="b", reversed=True)),
        v19.get_slice("jsmith", cparent("Users"), pred(start="", finish="", reversed=True,
                                                       count=1)),
        v19.get_slice("jsmith", cparent("Users"), pred(start="first", finish="first")),
        v19.get_slice("jsmith", cparent("Users"), pred(start="zz", finish="")),
        v19.get_slice("nobody", cparent("Users"), ALL_),
        v19.get("jsmith", cpath("Users", col="age")),
        v19.get("ajones", cpath("Users", col="last")),
        # multiget
        v19.multiget_slice(["jsmith", "ajones", "nobody", "jsmith"], cparent("Users"),
                           pred(names=["first"])),
        v19.multiget_slice([], cparent("Users"), ALL_),
        v19.get_count("jsmith", cparent("Users"), pred(start="a", finish="g")),
        v19.get_count("jsmith", cparent("Users"), pred(start="", count=2)),
        v19.get_count("nobody", cparent("Users"), ALL_),
        v19.multiget_count(["jsmith", "ajones", "nobody"], cparent("Users"),
                           pred(names=["first", "last"])),
    ]
    # a wide row read with xget's buffer (count = buffer + 1, restarting at the last name)
    out.append(v19.batch_mutate({long_(7): {"Line": [ins(long_(n), "e%d" % n, 10)
                                                     for n in range(-5, 20, 2)]}}))
    out += [
        v19.get_slice(long_(7), cparent("Line"), pred(start="", count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(1), count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(7), count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(13), count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(19), count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start="", reversed=True, count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(13), reversed=True,
                                                      count=4)),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(0), finish=long_(10),
                                                      count=3)),
        v19.get_count(long_(7), cparent("Line"), pred(start=long_(0), finish="")),
        # remove(key, columns=[...]) goes through batch_mutate; remove(key, column=) through remove
        v19.batch_mutate({long_(7): {"Line": [mutation(deletion_=deletion(
            11, predicate=pred(names=[long_(1), long_(3), long_(4)])))]}}),
        v19.remove(long_(7), cpath("Line", col=long_(5)), 11),
        v19.remove(long_(7), cpath("Line", col=long_(7)), 9),
        v19.get_slice(long_(7), cparent("Line"), pred(start=long_(-1), finish=long_(9))),
        v19.remove("ajones", cpath("Users"), 11),
        v19.get_slice("ajones", cparent("Users"), ALL_),
        v19.insert("ajones", cparent("Users"), column("first", "Annie", 11)),
        v19.insert("ajones", cparent("Users"), column("last", "Jones", 12)),
        v19.get_slice("ajones", cparent("Users"), ALL_),
        # typed keys and values refused
        v19.get_slice(b"\x00\x07", cparent("Line"), ALL_),
        v19.insert(long_(1), cparent("Line"), column(long_(1), b"\xff", 10)),
        v19.insert("k", cparent("Line"), column(long_(1), "x", 10)),
        v19.insert("jsmith", cparent("Users"), column("age", "42", 10)),
        v19.insert("jsmith", cparent("Users"), column("id", b"\x01" * 15, 10)),
        v19.insert(b"\xc3\x28", cparent("Users"), column("first", "x", 10)),
        v19.get_slice("jsmith", cparent("Users"), pred(start="z", finish="a")),
        v19.get_slice("jsmith", cparent("Users"), pred(start=b"\xff", finish="")),
        v19.get_slice("jsmith", cparent("Users"), pred()),
        v19.multiget_slice(["jsmith", ""], cparent("Users"), ALL_),
        v19.insert("k", cparent("Raw"), column(b"", "x", 10)),
        v19.insert("k", cparent("Raw"), column(b"n" * 65536, "x", 10)),
        v19.insert(b"k" * 65536, cparent("Raw"), column("a", "x", 10)),
        v19.insert(b"k" * 65535, cparent("Raw"), column("a", "x", 10)),
        v19.get_slice(b"k" * 65535, cparent("Raw"), ALL_),
        v19.insert("k", cparent("Raw"), column("a", None, 10)),
        v19.insert("k", cparent("Raw"), column("a", "x", None)),
        v19.get_slice("k", cparent("Raw"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ super (pycassa)
@scenario("o19b_supercf", "19", "super", keyspace_reset="cv_p_supercf")
def _supercf():
    """pycassa SuperColumnFamily: insert of super columns, get(super_column=), get with
    column_start on super column names, remove(super_column=, columns=), multiget, counts,
    get_range over super columns"""
    ks = "cv_p_supercf"
    out = setup(ks, cf_def(ks, "Tags", column_type="Super", comparator="UTF8Type",
                           subcomparator="UTF8Type", default_validation="UTF8Type",
                           key_validation="UTF8Type"),
                cf_def(ks, "Days", column_type="Super", comparator="IntegerType",
                       subcomparator="Int32Type", default_validation="LongType"))
    out += [
        v19.batch_mutate({"p1": {"Tags": [ins_super("red", [("a", "1"), ("b", "2")], 10),
                                          ins_super("blue", [("c", "3")], 10),
                                          ins_super("green", [("a", "4"), ("z", "5")], 10)]},
                          "p2": {"Tags": [ins_super("red", [("q", "6")], 10)]}}),
        v19.get_slice("p1", cparent("Tags"), pred(start="c", finish="h")),
        v19.get_slice("p1", cparent("Tags"), pred(start="", reversed=True, count=2)),
        v19.get_slice("p1", cparent("Tags", "red"), pred(start="b", finish="")),
        v19.get_slice("p1", cparent("Tags", "nope"), ALL_),
        v19.get_slice("p1", cparent("Tags"), pred(names=["green", "nope", "blue"])),
        v19.get("p1", cpath("Tags", "green")),
        v19.get("p1", cpath("Tags", "green", "z")),
        v19.multiget_slice(["p1", "p2", "p3"], cparent("Tags", "red"), ALL_),
        v19.multiget_slice(["p2", "p1"], cparent("Tags"), pred(names=["red"])),
        v19.multiget_count(["p1", "p2"], cparent("Tags"), pred(start="b", finish="r")),
        v19.get_count("p1", cparent("Tags", "green"), pred(start="b", finish="")),
        v19.get_range_slices(cparent("Tags"), pred(start="", count=1),
                             key_range("", "", count=2)),
        v19.get_range_slices(cparent("Tags", "red"), pred(names=["a", "q"]),
                             key_range("", "", count=10)),
        # remove(key, super_column=..., columns=[...]) and remove(key, super_column=...)
        v19.batch_mutate({"p1": {"Tags": [mutation(deletion_=deletion(
            11, sc="red", predicate=pred(names=["a"])))]}}),
        v19.remove("p1", cpath("Tags", "blue"), 11),
        v19.remove("p1", cpath("Tags", "green", "a"), 11),
        v19.get_slice("p1", cparent("Tags"), ALL_),
        v19.insert("p1", cparent("Tags", "blue"), column("d", "7", 10)),
        v19.insert("p1", cparent("Tags", "blue"), column("e", "8", 12)),
        v19.get_slice("p1", cparent("Tags"), pred(names=["blue"])),
        v19.batch_mutate({"p1": {"Tags": [mutation(deletion_=deletion(13, sc="green"))]}}),
        v19.get_count("p1", cparent("Tags"), ALL_),
        v19.batch_mutate({"p2": {"Tags": [mutation(deletion_=deletion(13))]}}),
        v19.get_range_slices(cparent("Tags"), ALL_, key_range("", "", count=10)),
    ]
    days = [0, -1, 1, 255, -256, 1 << 40]
    out += [
        v19.batch_mutate({"d": {"Days": [ins_super(varint(n), [(int32(h), long_(n * 10 + h))
                                                               for h in (3, -2, 0)], 10)
                                         for n in days]}}),
        v19.get_slice("d", cparent("Days"), pred(start=varint(-1), finish=varint(255))),
        v19.get_slice("d", cparent("Days"), pred(start="", reversed=True, count=3)),
        v19.get_slice("d", cparent("Days", varint(1)), pred(start=int32(-5), finish=int32(1))),
        v19.get_slice("d", cparent("Days", varint(1 << 40)), pred(start="", reversed=True)),
        v19.get("d", cpath("Days", b"\x00\x01", int32(3))),
        v19.get("d", cpath("Days", varint(1), int32(3))),
        v19.remove("d", cpath("Days", varint(0)), 11),
        v19.get_count("d", cparent("Days"), ALL_),
        # refused
        v19.get_slice("d", cparent("Days", varint(1)), pred(start=b"\x00\x01", finish="")),
        v19.insert("d", cparent("Days", varint(1)), column(int32(1), b"\x00\x01", 10)),
        v19.remove("p1", cpath("Tags", col="a"), 11),
        v19.batch_mutate({"p1": {"Tags": [mutation(deletion_=deletion(
            11, predicate=pred(names=["red"]), sc="red"))]}}),
        v19.get_count("p1", cparent("Tags", ""), ALL_),
        v19.get_range_slices(cparent("Tags", "red"), ALL_, key_range("", "", count=0)),
    ]
    return out


# ------------------------------------------------------------------------------ types
@scenario("o19b_types", "19", "order", keyspace_reset="cv_p_types")
def _types():
    """comparators and validators at their boundaries: DynamicCompositeType, ReversedType of
    TimeUUIDType, UUIDType of mixed versions, DateType, BooleanType, DecimalType, DoubleType,
    FloatType, IntegerType of big and empty values, CompositeType of three parts"""
    ks = "cv_p_types"
    dct = "DynamicCompositeType(s=>UTF8Type,l=>LongType,b=>BytesType)"
    out = setup(ks,
                cf_def(ks, "Dyn", comparator=dct),
                cf_def(ks, "RevT", comparator="ReversedType(TimeUUIDType)"),
                cf_def(ks, "U", comparator="UUIDType"),
                cf_def(ks, "F", comparator="FloatType"),
                cf_def(ks, "D", comparator="DoubleType"),
                cf_def(ks, "Big", comparator="IntegerType"),
                cf_def(ks, "Vals", comparator="UTF8Type", column_metadata=[
                    column_def("bool", "BooleanType"), column_def("dec", "DecimalType"),
                    column_def("dbl", "DoubleType"), column_def("flt", "FloatType"),
                    column_def("date", "DateType"), column_def("int", "IntegerType"),
                    column_def("i32", "Int32Type"), column_def("tu", "TimeUUIDType"),
                    column_def("uu", "UUIDType"), column_def("asc", "AsciiType")]),
                cf_def(ks, "C2", comparator="CompositeType(UTF8Type,ReversedType(LongType),"
                                            "UUIDType)"))
    dnames = [dyn(("s", "a"), ("l", long_(2))), dyn(("s", "a"), ("l", long_(-1))),
              dyn(("l", long_(5))), dyn(("s", "b")), dyn(("b", b"\x00")), dyn(("s", ""))]
    out += [
        v19.batch_mutate({"r": {"Dyn": [ins(n, "d%d" % i, 1) for i, n in enumerate(dnames)]}}),
        v19.get_slice("r", cparent("Dyn"), ALL_),
        v19.get_slice("r", cparent("Dyn"), pred(start=dyn(("s", "a")),
                                                 finish=dyn(("s", "a"), eoc=1))),
        v19.get_slice("r", cparent("Dyn"), pred(start="", reversed=True, count=2)),
        v19.insert("r", cparent("Dyn"), column(b"\x80\x73\x00", "bad", 1)),
        v19.insert("r", cparent("Dyn"), column(dyn(("l", b"\x01")), "bad", 1)),
    ]
    tus = [timeuuid(n) for n in (3, 1, 2, 0)]
    out += [
        v19.batch_mutate({"r": {"RevT": [ins(u, "t", 1) for u in tus]}}),
        v19.get_slice("r", cparent("RevT"), ALL_),
        v19.get_slice("r", cparent("RevT"), pred(start=tus[2], finish=tus[3])),
        v19.get_slice("r", cparent("RevT"), pred(start=tus[3], finish=tus[2])),
        v19.insert("r", cparent("RevT"), column(_u.UUID(int=5).bytes, "v0", 1)),
        v19.insert("r", cparent("RevT"), column(_u.uuid5(_u.NAMESPACE_DNS, "x").bytes, "v5",
                                                1)),
    ]
    uu = [timeuuid(7), _u.uuid5(_u.NAMESPACE_DNS, "a").bytes, _u.UUID(int=0).bytes,
          _u.UUID(int=(1 << 128) - 1).bytes, timeuuid(1), _u.UUID(int=4 << 76).bytes]
    out += [
        v19.batch_mutate({"r": {"U": [ins(u, "u", 1) for u in uu]}}),
        v19.get_slice("r", cparent("U"), ALL_),
        v19.get_slice("r", cparent("U"), pred(start=timeuuid(0), finish=timeuuid(9))),
    ]
    fl = [st.pack(">f", x) for x in (0.0, -0.0, 1.5, -1e30, float("inf"), float("nan"))]
    db = [st.pack(">d", x) for x in (-0.0, 0.0, float("-inf"), 5e-324, float("nan"), -1.0)]
    out += [
        v19.batch_mutate({"r": {"F": [ins(x, "f", 1) for x in fl],
                                "D": [ins(x, "d", 1) for x in db]}}),
        v19.get_slice("r", cparent("F"), ALL_),
        v19.get_slice("r", cparent("D"), ALL_),
        v19.get_slice("r", cparent("D"), pred(start=st.pack(">d", -1.0),
                                               finish=st.pack(">d", 0.0))),
        v19.insert("r", cparent("F"), column(st.pack(">d", 1.0), "dbl", 1)),
    ]
    bigs = [0, -1, 1 << 64, -(1 << 64), 1 << 200, 255, -255]
    out += [
        v19.batch_mutate({"r": {"Big": [ins(varint(n), "b", 1) for n in bigs]}}),
        v19.insert("r", cparent("Big"), column(b"\x00\x00\x05", "padded", 1)),
        v19.insert("r", cparent("Big"), column(b"\xff\xff", "padded neg", 1)),
        v19.get_slice("r", cparent("Big"), ALL_),
        v19.get_slice("r", cparent("Big"), pred(start=varint(-1), finish=varint(255))),
        v19.get("r", cpath("Big", col=b"\x05")),
        v19.get_count("r", cparent("Big"), pred(start=varint(-(1 << 70)), finish=varint(0))),
    ]
    vals = [("bool", b"\x01"), ("bool", b""), ("dec", b"\xff\xff\xff\xfe" + varint(-5)),
            ("dbl", st.pack(">d", -2.5)), ("flt", st.pack(">f", 3.25)),
            ("date", long_(-86400000)), ("int", b""), ("i32", int32(-1)),
            ("tu", timeuuid(4)), ("uu", _u.uuid5(_u.NAMESPACE_DNS, "b").bytes),
            ("asc", "plain")]
    out += [v19.insert("v", cparent("Vals"), column(n, x, 1)) for n, x in vals]
    out += [
        v19.get_slice("v", cparent("Vals"), ALL_),
        # values their validators refuse
        v19.insert("v", cparent("Vals"), column("bool", b"\x01\x00", 2)),
        v19.insert("v", cparent("Vals"), column("dec", b"\x00\x01", 2)),
        v19.insert("v", cparent("Vals"), column("dbl", int32(1), 2)),
        v19.insert("v", cparent("Vals"), column("flt", long_(1), 2)),
        v19.insert("v", cparent("Vals"), column("date", int32(1), 2)),
        v19.insert("v", cparent("Vals"), column("i32", b"\x00\x00\x01", 2)),
        v19.insert("v", cparent("Vals"), column("tu", _u.UUID(int=9).bytes, 2)),
        v19.insert("v", cparent("Vals"), column("uu", b"\x00" * 17, 2)),
        v19.insert("v", cparent("Vals"), column("asc", "caf\u00e9", 2)),
        v19.system_add_column_family(cf_def(ks, "Ctr", comparator="UTF8Type", column_metadata=[
            column_def("ctr", "CounterColumnType")])),
        v19.insert("v", cparent("Vals"), column("date", b"", 2)),
        v19.insert("v", cparent("Vals"), column("i32", b"", 2)),
        v19.get_slice("v", cparent("Vals"), pred(names=["date", "i32", "bool"])),
    ]
    c2 = [("a", 1, 3), ("a", 5, 1), ("b", 0, 2), ("a", 5, 0)]
    out += [
        v19.batch_mutate({"r": {"C2": [ins(comp(s, long_(n), _u.UUID(int=u).bytes), "c", 1)
                                       for s, n, u in c2]}}),
        v19.get_slice("r", cparent("C2"), ALL_),
        v19.get_slice("r", cparent("C2"), pred(start=comp("a", long_(5)),
                                                finish=comp("a", long_(5), eoc=1))),
        v19.get_slice("r", cparent("C2"), pred(start=comp("a", eoc=1), finish="",
                                                reversed=True)),
        v19.get_slice("r", cparent("C2"), pred(start=comp("a", long_(3)), finish=comp("b"))),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ TTL
@scenario("o19b_ttl", "19", "ttl", keyspace_reset="cv_p_ttl")
def _ttl():
    """columns written with TTLs (insert, batch, super, indexed) read back with their ttl,
    then again once expired (the runner sleeps): gets, slices, counts, ranges, index reads;
    the TTLs refused"""
    ks = "cv_p_ttl"
    out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"),
                cf_def(ks, "I", comparator="UTF8Type", column_metadata=[
                    column_def("st", "UTF8Type", KEYS_INDEX)]))
    out += [
        v19.insert("a", cparent("T"), column("short", "s", 10, ttl=2)),
        v19.insert("a", cparent("T"), column("long", "l", 10, ttl=86400)),
        v19.insert("a", cparent("T"), column("none", "n", 10)),
        v19.batch_mutate({"b": {"T": [ins("x", "1", 10, ttl=2), ins("y", "2", 10, ttl=2)],
                                "S": [mutation(cosc(super_column=super_column("sc", [
                                    column("p", "1", 10, ttl=2), column("q", "2", 10)])))],
                                "I": [ins("st", "CA", 10, ttl=2), ins("o", "v", 10)]},
                          "c": {"I": [ins("st", "CA", 10)]}}),
        v19.get("a", cpath("T", col="short")),
        v19.get_slice("a", cparent("T"), ALL_),
        v19.get_slice("b", cparent("S", "sc"), ALL_),
        v19.get_indexed_slices(cparent("I"), index_clause([index_expr("st", EQ, "CA")]), ALL_),
        # overwrite a TTL column without TTL, and a plain one with a TTL
        v19.insert("a", cparent("T"), column("none", "n2", 11, ttl=2)),
        v19.insert("a", cparent("T"), column("long", "l2", 11)),
        sleep(v19.get("a", cpath("T", col="short")), 3.2),
        v19.get_slice("a", cparent("T"), ALL_),
        v19.get_count("a", cparent("T"), ALL_),
        v19.get_slice("b", cparent("T"), ALL_),
        v19.get_count("b", cparent("T"), ALL_),
        v19.multiget_slice(["a", "b"], cparent("T"), pred(names=["x", "none"])),
        v19.multiget_count(["a", "b"], cparent("T"), ALL_),
        v19.get_range_slices(cparent("T"), ALL_, key_range("", "", count=10)),
        v19.get_slice("b", cparent("S"), ALL_),
        v19.get_slice("b", cparent("S", "sc"), ALL_),
        v19.get_indexed_slices(cparent("I"), index_clause([index_expr("st", EQ, "CA")]), ALL_),
        v19.get_range_slices(cparent("I"), ALL_, key_range("", "", count=10)),
        # refused
        v19.insert("a", cparent("T"), column("neg", "x", 12, ttl=-1)),
        v19.insert("a", cparent("T"), column("zero", "x", 12, ttl=0)),
        v19.insert("a", cparent("T"), column("huge", "x", 12, ttl=630720001)),
        v19.batch_mutate({"a": {"S": [mutation(cosc(super_column=super_column("sc", [
            column("p", "1", 12, ttl=-5)])))]}}),
        v19.get_slice("a", cparent("T"), pred(names=["max", "huge", "neg"])),
    ]
    return out


# ------------------------------------------------------------------------------ schema
@scenario("o19b_schema", "19", "schema", keyspace_reset="cv_p_schema")
def _schema():
    """SystemManager.create_keyspace / create_column_family / alter_column_family with the
    options an application set: NetworkTopologyStrategy, caching, compaction strategy and its
    options, compression, read repair chances, bloom filter chance, key validation, column
    metadata with indexes; the options refused"""
    ks = "cv_p_schema"
    out = [
        v19.system_add_keyspace(ks_def(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfx(
            ks, "Events", comparator="TimeUUIDType", default_validation="BytesType",
            key_validation="UTF8Type", gc_grace=86400, caching="all",
            compaction_strategy="LeveledCompactionStrategy",
            compaction_strategy_options={"sstable_size_in_mb": "10"},
            compression_options={"sstable_compression": "SnappyCompressor",
                                 "chunk_length_kb": "64"},
            read_repair_chance=0.0, dclocal_read_repair_chance=0.1,
            bloom_filter_fp_chance=0.01)),
        v19.system_add_column_family(cfx(
            ks, "Profiles", comparator="UTF8Type", key_validation="LongType",
            caching="rows_only", min_compaction_threshold=2, max_compaction_threshold=8,
            compaction_strategy="org.apache.cassandra.db.compaction."
                                "SizeTieredCompactionStrategy",
            compaction_strategy_options={"min_sstable_size": "1024"},
            compression_options={"sstable_compression": "DeflateCompressor"},
            replicate_on_write=False, populate_io_cache_on_flush=True,
            column_metadata=[column_def("email", "UTF8Type", KEYS_INDEX, "by_email"),
                             column_def("age", "IntegerType", KEYS_INDEX),
                             column_def("bio", "UTF8Type")])),
        v19.system_add_column_family(cfx(
            ks, "NoComp", comparator="AsciiType", caching="NONE",
            compression_options={"sstable_compression": ""})),
        v19.describe_keyspace(ks),
        v19.insert(long_(1), cparent("Profiles"), column("email", "a@b", 1)),
        v19.insert(long_(1), cparent("Profiles"), column("age", varint(33), 1)),
        v19.get_indexed_slices(cparent("Profiles"), index_clause([
            index_expr("email", EQ, "a@b")]), ALL_),
        # alter_column_family: the described CfDef sent back with changes
        v19.system_update_column_family(cfx(
            ks, "Profiles", comparator="UTF8Type", key_validation="LongType",
            caching="keys_only", gc_grace=0, read_repair_chance=1.0,
            compaction_strategy="LeveledCompactionStrategy",
            column_metadata=[column_def("email", "UTF8Type", KEYS_INDEX, "by_email"),
                             column_def("bio", "UTF8Type", KEYS_INDEX)])),
        v19.get_indexed_slices(cparent("Profiles"), index_clause([
            index_expr("age", EQ, varint(33))]), ALL_),
        v19.system_update_column_family(cfx(ks, "NoComp", comparator="AsciiType",
                                            default_validation="UTF8Type",
                                            compression_options={
                                                "sstable_compression": "SnappyCompressor",
                                                "chunk_length_kb": "16"})),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ks_def(ks, strategy=NTS, options={"datacenter1": "2"})),
        v19.insert("k", cparent("NoComp"), column("a", "b", 1)),
        v19.insert("k", cparent("NoComp"), column("a", "b", 1), cl=QUORUM),
        v19.insert("k", cparent("NoComp"), column("a", "b", 1), cl=LOCAL_QUORUM),
        v19.system_update_keyspace(ks_def(ks, strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        # refused
        v19.system_add_column_family(cfx(ks, "BadCache", caching="sometimes")),
        v19.system_add_column_family(cfx(ks, "BadStrat", compaction_strategy="NoSuchStrategy")),
        v19.system_add_column_family(cfx(ks, "BadLcs",
                                         compaction_strategy="LeveledCompactionStrategy",
                                         compaction_strategy_options={"sstable_size_in_mb":
                                                                      "x"})),
        v19.system_add_column_family(cfx(ks, "BadComp", compression_options={
            "sstable_compression": "NoSuchCompressor"})),
        v19.system_add_column_family(cfx(ks, "BadChunk", compression_options={
            "sstable_compression": "SnappyCompressor", "chunk_length_kb": "3"})),
        v19.system_add_column_family(cfx(ks, "BadBloom", bloom_filter_fp_chance=0.0)),
        v19.system_add_column_family(cfx(ks, "BadRr", read_repair_chance=2.0)),
        v19.system_add_column_family(cfx(ks, "BadThr", min_compaction_threshold=10,
                                         max_compaction_threshold=5)),
        v19.system_add_column_family(cfx(ks, "BadThr1", min_compaction_threshold=1)),
        v19.system_add_column_family(cfx(ks, "BadKey", key_validation="NoSuchType")),
        v19.system_add_column_family(cfx(ks, "BadIdx", comparator="UTF8Type",
                                         column_metadata=[column_def("a", "UTF8Type",
                                                                     KEYS_INDEX, "bad name")])),
        v19.system_add_column_family(cfx(ks, "DupIdx", comparator="UTF8Type",
                                         column_metadata=[column_def("a", "UTF8Type",
                                                                     KEYS_INDEX, "by_email")])),
        v19.system_add_column_family(cfx(ks, "SupIdx", column_type="Super",
                                         comparator="UTF8Type", subcomparator="UTF8Type",
                                         column_metadata=[column_def("a", "UTF8Type",
                                                                     KEYS_INDEX)])),
        v19.system_add_column_family(cfx(ks, "CtrIdx", comparator="UTF8Type",
                                         default_validation="CounterColumnType",
                                         column_metadata=[column_def("a", "CounterColumnType",
                                                                     KEYS_INDEX)])),
        v19.system_add_column_family(cfx(ks, "X" * 49)),
        v19.system_add_keyspace(ks_def("cv_p_" + "x" * 44)),
        v19.system_add_keyspace(ks_def("cv-p-bad")),
        v19.system_update_column_family(cfx(ks, "Events", comparator="UTF8Type")),
        v19.system_update_column_family(cfx(ks, "Events", comparator="TimeUUIDType",
                                            key_validation="LongType")),
        v19.system_update_column_family(cfx(ks, "Events", comparator="TimeUUIDType",
                                            column_type="Super")),
        v19.system_add_column_family(cfx("cv_p_schema_other", "X")),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ index paging
@scenario("o19b_index", "19", "index", keyspace_reset="cv_p_index")
def _index():
    """pycassa get_indexed_slices: pages from the last key (count + 1), EQ with range
    expressions on Int32Type, IntegerType and LongType, slices of the rows, rows changed and
    removed under the index, indexes on a LongType-keyed column family"""
    ks = "cv_p_index"
    out = setup(ks, cf_def(ks, "P", comparator="UTF8Type", key_validation="UTF8Type",
                           default_validation="UTF8Type", column_metadata=[
                               column_def("team", "UTF8Type", KEYS_INDEX),
                               column_def("score", "Int32Type", KEYS_INDEX),
                               column_def("big", "IntegerType"),
                               column_def("when", "LongType")]),
                cf_def(ks, "L", comparator="AsciiType", key_validation="LongType",
                       column_metadata=[column_def("g", "LongType", KEYS_INDEX)]))
    rows = [("p%02d" % i, "red" if i % 3 else "blue", i * 7 % 10 - 3, i * 1000) for i in range(14)]
    out.append(v19.batch_mutate({k: {"P": [ins("team", t, 1), ins("score", int32(s), 1),
                                           ins("big", varint(s * 1000003), 1),
                                           ins("when", long_(w), 1), ins("note", "n" + k, 1)]}
                                 for k, t, s, w in rows}))
    clause = [index_expr("team", EQ, "red")]
    out += [
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=4), pred(names=["score"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=4, start_key="p05"),
                               pred(names=["score"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=4, start_key="p99"),
                               pred(names=["score"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause + [
            index_expr("score", GTE, int32(0)), index_expr("score", LT, int32(4))]),
            pred(start="n", finish="t")),
        v19.get_indexed_slices(cparent("P"), index_clause(clause + [
            index_expr("big", GT, varint(0))]), pred(names=["big"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause + [
            index_expr("when", LTE, long_(5000))]), pred(start="", count=1)),
        v19.get_indexed_slices(cparent("P"), index_clause([
            index_expr("score", EQ, int32(-3))]), pred(names=["team"])),
        v19.get_indexed_slices(cparent("P"), index_clause([
            index_expr("score", EQ, int32(4)), index_expr("team", EQ, "blue")]), ALL_),
        v19.get_indexed_slices(cparent("P"), index_clause(clause + [
            index_expr("note", EQ, "np04")]), pred(names=["note"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause + [
            index_expr("missing", EQ, "x")]), ALL_),
        # changes under the index
        v19.batch_mutate({"p01": {"P": [ins("team", "blue", 2)]},
                          "p02": {"P": [mutation(deletion_=deletion(2))]},
                          "p04": {"P": [mutation(deletion_=deletion(2, predicate=pred(
                              names=["score"])))]}}),
        v19.get_indexed_slices(cparent("P"), index_clause([index_expr("team", EQ, "blue")]),
                               pred(names=["team", "score"])),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=3), pred(
            names=["team"])),
        v19.insert("p02", cparent("P"), column("team", "red", 1)),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=3), pred(
            names=["team"])),
        v19.batch_mutate({long_(n): {"L": [ins("g", long_(n % 2), 1)]} for n in (5, -5, 0, 9)}),
        v19.get_indexed_slices(cparent("L"), index_clause([index_expr("g", EQ, long_(1))]),
                               ALL_),
        v19.get_indexed_slices(cparent("L"), index_clause([index_expr("g", EQ, long_(1))],
                                                          start_key=long_(0)), ALL_),
        v19.get_range_slices(cparent("L"), ALL_, key_range(long_(0), long_(0), count=10)),
        # refused
        v19.get_indexed_slices(cparent("P"), index_clause([index_expr("score", EQ, "x")]), ALL_),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, start_key=b"\xc3\x28"), ALL_),
        v19.get_indexed_slices(cparent("L"), index_clause([index_expr("g", EQ, long_(1))],
                                                          start_key="abc"), ALL_),
        v19.get_indexed_slices(cparent("P"), index_clause(clause, count=-1), ALL_),
        v19.set_keyspace(ks),
        v19.get_indexed_slices(cparent("P"), index_clause(clause), pred(start="", count=-1)),
        v19.get_indexed_slices(cparent("P", "sc"), index_clause(clause), ALL_),
        v19.get_indexed_slices(cparent("P"), index_clause(clause), ALL_, cl=ANY),
    ]
    return out


# ------------------------------------------------------------------------------ range paging
@scenario("o19b_range", "19", "range", keyspace_reset="cv_p_range")
def _range():
    """pycassa get_range with buffer_size: pages of count + 1 from the last key, column_count
    per row, rows removed (range ghosts), finish keys, token ranges in pages, row_count limits"""
    ks = "cv_p_range"
    out = setup(ks, cf_def(ks, "R", comparator="LongType", key_validation="UTF8Type"))
    keys = ["key%d" % i for i in range(15)]
    out.append(v19.batch_mutate({k: {"R": [ins(long_(n), "v", 1) for n in range(i % 4 + 1)]}
                                 for i, k in enumerate(keys)}))
    out += [
        v19.remove("key3", cpath("R"), 2),
        v19.remove("key4", cpath("R", col=long_(0)), 2),
        v19.batch_mutate({"key5": {"R": [mutation(deletion_=deletion(2, predicate=pred(
            names=[long_(0), long_(1)])))]}}),
        v19.get_range_slices(cparent("R"), pred(start="", count=2), key_range("", "", count=6)),
        v19.get_range_slices(cparent("R"), pred(start="", count=2),
                             key_range("key9", "", count=6)),
        v19.get_range_slices(cparent("R"), pred(start="", count=2),
                             key_range("key11", "", count=6)),
        v19.get_range_slices(cparent("R"), pred(start="", count=2),
                             key_range("key0", "", count=6)),
        v19.get_range_slices(cparent("R"), pred(start=long_(1), finish=long_(2)),
                             key_range("", "", count=20)),
        v19.get_range_slices(cparent("R"), pred(names=[long_(3)]), key_range("", "", count=20)),
        v19.get_range_slices(cparent("R"), pred(start="", reversed=True, count=1),
                             key_range("", "", count=4)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("key1", "key1", count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("key7", "key12", count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("nokey", "", count=2)),
        v19.get_range_slices(cparent("R"), pred(start="", count=0), key_range("", "", count=3)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="-1",
                                                           end_token="4611686018427387904",
                                                           count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="4611686018427387904",
                                                           end_token="-1", count=3)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="0", end_token="1",
                                                           count=3)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="-9223372036854775808",
                                                           end_token="-9223372036854775808",
                                                           count=3)),
        v19.get_paged_slice("R", key_range("key9", "", count=4), long_(2)),
        v19.get_paged_slice("R", key_range(start_token="-1", end_token="-1", count=4),
                            long_(1)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=1000000)),
        v19.get_range_slices(cparent("R"), pred(start="", count=1),
                             key_range("", "", count=100), cl=QUORUM),
        v19.get_range_slices(cparent("R"), pred(start="", count=1),
                             key_range("", "", count=100), cl=ALL),
        v19.get_range_slices(cparent("R"), pred(start="", count=1),
                             key_range("", "", count=100), cl=TWO),
        # refused
        v19.get_range_slices(cparent("R"), ALL_, key_range("key1", "", end_token="5", count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="5", end_key="key1",
                                                           count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=5), cl=ANY),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=5), cl=EACH_QUORUM),
        v19.get_range_slices(cparent("R"), pred(start=long_(5), finish=long_(1)),
                             key_range("", "", count=5)),
        v19.get_range_slices(cparent("R", long_(1)), ALL_, key_range("", "", count=5)),
    ]
    return out


# ------------------------------------------------------------------------------ counters
@scenario("o19b_counter", "19", "counter", keyspace_reset="cv_p_counter")
def _counter():
    """pycassa's counter calls (add, remove_counter, get of counter columns by ranges,
    multiget), counters under CompositeType and LongType names, counter super columns removed
    whole, a counter batch across column families and rows, the counter calls refused"""
    ks = "cv_p_counter"
    cv = "CounterColumnType"
    out = setup(ks, cf_def(ks, "Stats", comparator="CompositeType(UTF8Type,LongType)",
                           default_validation=cv, key_validation="UTF8Type"),
                cf_def(ks, "Daily", comparator="LongType", default_validation=cv),
                cf_def(ks, "SDaily", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type", default_validation=cv),
                cf_def(ks, "Meta", comparator="UTF8Type", default_validation=cv,
                       column_metadata=[column_def("n", cv)]),
                cf_def(ks, "Plain", comparator="UTF8Type"))
    out += [v19.add("site", cparent("Stats"), counter_column(comp(p, long_(d)), n))
            for p, d, n in [("home", 2, 5), ("home", 1, 3), ("about", 1, 1), ("home", 2, -2)]]
    out += [
        v19.get_slice("site", cparent("Stats"), ALL_),
        v19.get_slice("site", cparent("Stats"), pred(start=comp("home"),
                                                      finish=comp("home", eoc=1))),
        v19.get_slice("site", cparent("Stats"), pred(start="", reversed=True, count=1)),
        v19.get("site", cpath("Stats", col=comp("home", long_(2)))),
        v19.get_count("site", cparent("Stats"), pred(start=comp("b"), finish="")),
        v19.batch_mutate({"d1": {"Daily": [mutation(cosc(counter_column=counter_column(
            long_(n), n))) for n in (3, 1, 2)],
            "SDaily": [mutation(cosc(counter_super_column=counter_super_column(
                "mon", [counter_column("a", 1), counter_column("b", 2)])))]},
            "d2": {"Daily": [mutation(cosc(counter_column=counter_column(long_(1), -1)))],
                   "SDaily": [mutation(cosc(counter_super_column=counter_super_column(
                       "tue", [counter_column("a", 10)])))]}}),
        v19.multiget_slice(["d1", "d2", "d3"], cparent("Daily"), pred(start=long_(2),
                                                                      finish="")),
        v19.multiget_count(["d1", "d2"], cparent("SDaily"), ALL_),
        v19.get_slice("d1", cparent("SDaily", "mon"), ALL_),
        v19.get_range_slices(cparent("Daily"), pred(start="", count=2), key_range("", "",
                                                                                  count=5)),
        v19.get_range_slices(cparent("SDaily"), ALL_, key_range("", "", count=5)),
        v19.remove_counter("d1", cpath("SDaily", "mon")),
        v19.get_slice("d1", cparent("SDaily"), ALL_),
        v19.remove_counter("d2", cpath("Daily")),
        v19.get_slice("d2", cparent("Daily"), ALL_),
        v19.add("m", cparent("Meta"), counter_column("n", 4)),
        v19.get("m", cpath("Meta", col="n")),
        v19.add("d1", cparent("Daily"), counter_column(long_(3), 1), cl=QUORUM),
        v19.add("d1", cparent("Daily"), counter_column(long_(3), 1), cl=ALL),
        v19.get("d1", cpath("Daily", col=long_(3)), cl=ALL),
        v19.batch_mutate({"d1": {"SDaily": [mutation(deletion_=deletion(
            sc="tue"))]}}),
        # refused
        v19.system_add_column_family(cf_def(ks, "MetaBad", comparator="UTF8Type",
                                            column_metadata=[column_def("n", cv)])),
        v19.add("site", cparent("Stats"), counter_column("plain", 1)),
        v19.add("d1", cparent("Daily"), counter_column(int32(1), 1)),
        v19.add("m", cparent("Meta"), counter_column("other", 1)),
        v19.insert("m", cparent("Meta"), column("n", long_(1), 1)),
        v19.batch_mutate({"d1": {"Daily": [mutation(cosc(counter_column=counter_column(
            long_(1), 1)))], "Plain": [ins("a", "b", 1)]}}),
        v19.atomic_batch_mutate({"d1": {"Daily": [mutation(cosc(
            counter_column=counter_column(long_(1), 1)))]}}),
        v19.batch_mutate({"d1": {"Daily": [mutation(cosc(counter_column=counter_column(
            long_(1), 1)))]}}, cl=ANY),
        v19.remove_counter("d1", cpath("Daily", col=long_(1)), cl=ANY),
        v19.batch_mutate({"d1": {"Daily": [mutation(deletion_=deletion(5, predicate=pred(
            names=[long_(1)])))]}}),
        v19.add("d1", cparent("SDaily"), counter_column("a", 1)),
        v19.add("d1", cparent("Daily"), counter_column(long_(9), 1), cl=EACH_QUORUM),
        v19.get_slice("d1", cparent("Daily"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ batch + truncate
@scenario("o19b_batch", "19", "batch", keyspace_reset="cv_p_batch")
def _batch():
    """Hector's Mutator: batches across standard, super and counter column families, inserts
    and deletions of one row in one batch, slice-range deletions, ties of timestamps between a
    write and a deletion; truncate of each kind, then reads"""
    ks = "cv_p_batch"
    out = setup(ks, cf_def(ks, "A", comparator="UTF8Type", default_validation="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"),
                cf_def(ks, "C", comparator="UTF8Type", default_validation="CounterColumnType"))
    out += [
        v19.batch_mutate({"k1": {"A": [ins("a", "1", 5), ins("b", "2", 5),
                                       mutation(deletion_=deletion(5, predicate=pred(
                                           names=["b"])))],
                                 "S": [ins_super("s", [("x", "1")], 5),
                                       mutation(deletion_=deletion(4, sc="s"))],
                                 "C": [mutation(cosc(counter_column=counter_column("n", 2)))]},
                          "k2": {"A": [mutation(deletion_=deletion(5)), ins("c", "3", 6)]}}),
        v19.multiget_slice(["k1", "k2"], cparent("A"), ALL_),
        v19.get_slice("k1", cparent("S"), ALL_),
        v19.get_slice("k1", cparent("C"), ALL_),
        v19.insert("k3", cparent("A"), column("t", "tie", 7)),
        v19.remove("k3", cpath("A", col="t"), 7),
        v19.get_slice("k3", cparent("A"), ALL_),
        v19.remove("k3", cpath("A"), 8),
        v19.insert("k3", cparent("A"), column("t", "again", 8)),
        v19.get_slice("k3", cparent("A"), ALL_),
        v19.batch_mutate({"k1": {"A": [mutation(deletion_=deletion(9, predicate=pred(
            start="a", finish="b")))]}}),
        v19.batch_mutate({"k1": {"S": [mutation(deletion_=deletion(9, sc="s", predicate=pred(
            start="", finish="")))]}}),
        v19.get_slice("k1", cparent("A"), ALL_),
        v19.batch_mutate({"k%d" % i: {"A": [ins("c%d" % j, "v", 10) for j in range(5)]}
                          for i in range(4, 12)}),
        v19.get_range_slices(cparent("A"), pred(start="", count=1), key_range("", "", count=20)),
        v19.truncate("A"),
        v19.get_range_slices(cparent("A"), ALL_, key_range("", "", count=20)),
        v19.insert("k1", cparent("A"), column("a", "after", 1)),
        v19.get_slice("k1", cparent("A"), ALL_),
        v19.truncate("S"),
        v19.get_slice("k1", cparent("S"), ALL_),
        v19.truncate("C"),
        v19.get_slice("k1", cparent("C"), ALL_),
        v19.add("k1", cparent("C"), counter_column("n", 1)),
        v19.get_slice("k1", cparent("C"), ALL_),
        v19.truncate("Nope"),
        v19.truncate(""),
        v19.batch_mutate({"k1": {"Nope": [ins("a", "1", 1)]}}),
        v19.batch_mutate({"k1": {"A": [ins("a", "1", 1)], "Nope": [ins("a", "1", 1)]}}),
        v19.get_slice("k1", cparent("A"), ALL_),
        v19.batch_mutate({"k1": {"A": [mutation(deletion_=deletion(20, predicate=pred(
            names=[])))]}}),
        v19.batch_mutate({"k1": {"A": [mutation(deletion_=deletion(20, predicate=pred(
            names=[""])))]}}),
        v19.batch_mutate({"k1": {"S": [mutation(deletion_=deletion(20, sc=""))]}}),
        v19.atomic_batch_mutate({"k1": {"S": [ins_super("t", [("y", "2")], 5)],
                                        "A": [ins("z", "z", 5)]}, "k2": {"A": [ins("z", "z", 5)]}}),
        v19.multiget_slice(["k1", "k2"], cparent("A"), pred(names=["z"])),
        v19.get_slice("k1", cparent("S"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ CQL 3 prepared
@scenario("o19b_cql3prep", "19", "cql3", keyspace_reset="cv_p_cql3prep")
def _cql3prep():
    """CQL 3 through prepare_cql3_query + execute_prepared_cql3_query: a table of every type
    bound by markers, collections, counters, TTL and timestamps, IN and LIMIT, clustering order;
    wrong values and counts of values"""
    ks = "cv_p_cql3prep"
    q = v19.execute_cql3_query
    prepared = []

    def prep(query):
        prepared.append(query)
        return v19.prepare_cql3_query(query)

    def ex(query, values, cl=1):
        return v19.execute_prepared_cql3_query(jhash(ks + query), values, cl=cl)

    ins_all = ("INSERT INTO every (k, a, bi, bl, bo, de, db, fl, ip, i, t, ts, tu, u, vc, vi) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    vals = ["k1", "ascii", long_(-9), b"\x00\xff", b"\x01", b"\x00\x00\x00\x02" + varint(-12345),
            st.pack(">d", 2.5), st.pack(">f", -1.5), bytes([10, 0, 0, 1]), int32(-7), "t\u00e9xt",
            long_(1356998400000), timeuuid(3), _u.UUID(int=99).bytes, "vc", varint(1 << 80)]
    coll = "UPDATE coll SET l = l + ?, s = s + ?, m = m + ? WHERE k = ?"
    lst = int32(2) + int32(4) + int32(1) + int32(4) + int32(2)
    sset = st.pack(">H", 2) + st.pack(">H", 1) + b"a" + st.pack(">H", 1) + b"b"
    mp = st.pack(">H", 1) + st.pack(">H", 1) + b"x" + st.pack(">H", 4) + int32(7)
    lst16 = st.pack(">H", 2) + st.pack(">H", 4) + int32(1) + st.pack(">H", 4) + int32(2)
    sel = "SELECT k, c, v FROM tl WHERE k IN (?, ?) LIMIT ?"
    tl_ins = "INSERT INTO tl (k, c, v) VALUES (?, ?, ?) USING TTL 86400"
    tl_ts = "INSERT INTO tl (k, c, v) VALUES (?, ?, ?) USING TIMESTAMP ?"
    ctr = "UPDATE hits SET n = n + ? WHERE page = ?"
    out = [
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE every (k text PRIMARY KEY, a ascii, bi bigint, bl blob, bo boolean, "
          "de decimal, db double, fl float, ip inet, i int, t text, ts timestamp, tu timeuuid, "
          "u uuid, vc varchar, vi varint)"),
        q("CREATE TABLE coll (k int PRIMARY KEY, l list<int>, s set<text>, m map<text, int>)"),
        q("CREATE TABLE tl (k text, c int, v text, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY "
          "(c DESC)"),
        q("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
        prep(ins_all),
        ex(ins_all, vals),
        q("SELECT * FROM every WHERE k = 'k1'"),
        ex(ins_all, ["k2"] + [b""] * 15),
        q("SELECT k, i, vi, bo, t FROM every WHERE k = 'k2'"),
        ex(ins_all, vals[:5]),
        ex(ins_all, ["k3", "ascii", int32(1)] + vals[3:]),
        ex(ins_all, ["k3", "\u00e9"] + vals[2:]),
        ex(ins_all, vals[:8] + [b"\x01\x02\x03"] + vals[9:]),
        prep(coll),
        ex(coll, [lst, sset, mp, int32(1)]),
        ex(coll, [lst16, sset, mp, int32(2)]),
        q("SELECT l, s, m FROM coll WHERE k = 1"),
        q("SELECT l, s, m FROM coll WHERE k = 2"),
        q("UPDATE coll SET l = [9] + l, s = s - {'a'}, m['y'] = 8 WHERE k = 1"),
        q("UPDATE coll SET l[0] = 5 WHERE k = 1"),
        q("DELETE m['x'], l[1] FROM coll WHERE k = 1"),
        q("SELECT * FROM coll WHERE k = 1"),
        q("UPDATE coll SET l[9] = 5 WHERE k = 1"),
        prep(tl_ins),
    ]
    out += [ex(tl_ins, [k, int32(c), "v%d" % c]) for k, c in
            [("a", 1), ("a", 3), ("a", 2), ("b", 1), ("c", 5)]]
    out += [
        prep(sel),
        ex(sel, ["a", "b", int32(2)]),
        ex(sel, ["b", "a", int32(10)]),
        ex(sel, ["a", "b", int32(0)]),
        q("SELECT c, v FROM tl WHERE k = 'a' AND c IN (1, 3)"),
        q("SELECT c, v FROM tl WHERE k = 'a' ORDER BY c ASC LIMIT 2"),
        q("SELECT c, v FROM tl WHERE k = 'a' AND c >= 2 ORDER BY c DESC"),
        q("SELECT ttl(v), writetime(v) FROM tl WHERE k = 'c'").mask("0/2/*/2/*/2"),
        prep(tl_ts),
        ex(tl_ts, ["d", int32(1), "old", long_(5)]),
        ex(tl_ts, ["d", int32(1), "older", long_(4)]),
        q("SELECT v, writetime(v) FROM tl WHERE k = 'd'"),
        prep(ctr),
        ex(ctr, [long_(3), "p"]),
        ex(ctr, [long_(-10), "p"]),
        q("SELECT * FROM hits"),
        prep("UPDATE tl USING TTL ? SET v = ? WHERE k = ? AND c = ?"),
        prep("SELECT * FROM tl WHERE k = ? AND c > ? ORDER BY c ASC"),
        ex("SELECT * FROM tl WHERE k = ? AND c > ? ORDER BY c ASC", ["a", int32(1)]),
        prep("BEGIN BATCH INSERT INTO tl (k, c, v) VALUES (?, ?, ?); "
             "DELETE FROM tl WHERE k = ? AND c = ?; APPLY BATCH"),
        ex("BEGIN BATCH INSERT INTO tl (k, c, v) VALUES (?, ?, ?); "
           "DELETE FROM tl WHERE k = ? AND c = ?; APPLY BATCH",
           ["e", int32(1), "x", "a", int32(1)]),
        q("SELECT k, c FROM tl"),
        # refused
        prep("SELECT * FROM nope WHERE k = ?"),
        prep("INSERT INTO tl (k, c) VALUES (?)"),
        prep("SELECT * FROM tl WHERE c = ?"),
        ex(ctr, [int32(3), "p"]),
        ex(ctr, [long_(1)]),
        v19.execute_prepared_cql3_query(12345, ["x"]),
        ex(sel, ["a", "b", int32(-1)]),
        ex(tl_ins, ["", int32(1), "v"]),
        ex(tl_ins, [b"\x00" * 65536, int32(1), "v"]),
    ]
    return out


# ------------------------------------------------------------------------------ errors
@scenario("o19b_errors", "19", "crud", keyspace_reset="cv_p_errors")
def _errors():
    """the errors an application met in ordinary use: an unknown column family on every call,
    names the comparator refuses, values the validators refuse, empty and too long keys,
    missing timestamps, consistency levels a call or a keyspace cannot serve, paths of the
    wrong shape"""
    ks = "cv_p_errors"
    out = setup(ks, cf_def(ks, "Std", comparator="LongType", default_validation="Int32Type"),
                cf_def(ks, "TU", comparator="TimeUUIDType"),
                cf_def(ks, "Sup", column_type="Super", comparator="UTF8Type",
                       subcomparator="UUIDType"))
    out += [
        v19.insert("k", cparent("Std"), column(long_(1), int32(1), 1)),
        # unknown column family
        v19.get("k", cpath("Nope", col="a")),
        v19.get_slice("k", cparent("Nope"), ALL_),
        v19.get_count("k", cparent("Nope"), ALL_),
        v19.set_keyspace(ks),
        v19.multiget_slice(["k"], cparent("Nope"), ALL_),
        v19.multiget_count(["k"], cparent("Nope"), ALL_),
        v19.get_range_slices(cparent("Nope"), ALL_, key_range("", "", count=1)),
        v19.get_indexed_slices(cparent("Nope"), index_clause([index_expr("a", EQ, "b")]), ALL_),
        v19.insert("k", cparent("Nope"), column("a", "b", 1)),
        v19.remove("k", cpath("Nope"), 1),
        v19.add("k", cparent("Nope"), counter_column("a", 1)),
        v19.remove_counter("k", cpath("Nope")),
        v19.get_paged_slice("Nope", key_range("", "", count=1), ""),
        v19.describe_splits("Nope", "0", "0", 1),
        v19.set_keyspace(ks),
        v19.system_drop_column_family("Nope"),
        v19.get("k", cpath("std", col=long_(1))),
        # names and values refused
        v19.insert("k", cparent("Std"), column(b"\x00\x01\x02", int32(1), 1)),
        v19.insert("k", cparent("Std"), column(long_(2), long_(1), 1)),
        v19.get("k", cpath("Std", col=b"\x01")),
        v19.get_slice("k", cparent("Std"), pred(names=[long_(1), b"\x01"])),
        v19.get_slice("k", cparent("Std"), pred(start=b"\x01\x02", finish="")),
        v19.get_slice("k", cparent("Std"), pred(start="", finish=b"\x01\x02")),
        v19.remove("k", cpath("Std", col=b"\x01"), 2),
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(2, predicate=pred(
            names=[b"\x01"])))]}}),
        v19.insert("k", cparent("TU"), column(_u.UUID("6ba7b810-9dad-41d1-80b4-00c04fd430c8").bytes, "v", 1)),
        v19.insert("k", cparent("TU"), column(_u.UUID(int=4 << 76).bytes, "v", 1)),
        v19.insert("k", cparent("TU"), column(b"\x00" * 16, "v", 1)),
        v19.insert("k", cparent("Sup", "s"), column(b"\x00" * 15, "v", 1)),
        v19.insert("k", cparent("Sup", b"\xc3\x28"), column(b"\x00" * 16, "v", 1)),
        # keys
        v19.get("", cpath("Std", col=long_(1))),
        v19.get_slice("", cparent("Std"), ALL_),
        v19.get_count("", cparent("Std"), ALL_),
        v19.insert("", cparent("Std"), column(long_(1), int32(1), 1)),
        v19.remove("", cpath("Std"), 1),
        v19.multiget_count(["", "k"], cparent("Std"), ALL_),
        v19.get_slice(b"x" * 65536, cparent("Std"), ALL_),
        v19.get(b"x" * 70000, cpath("Std", col=long_(1))),
        v19.multiget_slice([b"x" * 65536], cparent("Std"), ALL_),
        v19.batch_mutate({b"x" * 65536: {"Std": [ins(long_(1), int32(1), 1)]}}),
        # timestamps
        v19.insert("k", cparent("Std"), column(long_(3), int32(1), None)),
        v19.batch_mutate({"k": {"Std": [ins(long_(3), int32(1), None)]}}),
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(None, predicate=pred(
            names=[long_(1)])))]}}),
        v19.insert("k", cparent("Std"), column(long_(4), int32(1), Abs(-5))),
        v19.get("k", cpath("Std", col=long_(4))),
        v19.remove("k", cpath("Std", col=long_(4)), Abs(-4)),
        v19.get("k", cpath("Std", col=long_(4))),
        # levels
        v19.get("k", cpath("Std", col=long_(1)), cl=ANY),
        v19.get("k", cpath("Std", col=long_(1)), cl=EACH_QUORUM),
        v19.get("k", cpath("Std", col=long_(1)), cl=LOCAL_QUORUM),
        v19.get("k", cpath("Std", col=long_(1)), cl=TWO),
        v19.insert("k", cparent("Std"), column(long_(5), int32(1), 1), cl=TWO),
        v19.insert("k", cparent("Std"), column(long_(5), int32(1), 1), cl=ANY),
        v19.insert("k", cparent("Std"), column(long_(5), int32(1), 1), cl=EACH_QUORUM),
        v19.multiget_slice(["k"], cparent("Std"), ALL_, cl=ANY),
        v19.get_count("k", cparent("Std"), ALL_, cl=ANY),
        v19.get("k", cpath("Std", col=long_(1)), cl=9),
        v19.insert("k", cparent("Std"), column(long_(6), int32(1), 1), cl=0),
        # paths of the wrong shape
        v19.get("k", cpath("Std")),
        v19.get("k", cpath("Std", "sc", long_(1))),
        v19.get("k", cpath("Sup", col=b"\x00" * 16)),
        v19.insert("k", cparent("Sup"), column(b"\x00" * 16, "v", 1)),
        v19.get_slice("k", cparent("Std", "sc"), ALL_),
        v19.remove("k", cpath("Std", "sc"), 3),
        v19.get_slice("k", cparent("Std"), pred(start="", count=-5)),
        v19.get_slice("k", cparent("Std"), pred(start="", count=0)),
        v19.get_slice("k", cparent("Std"), pred(names=[])),
        v19.get_slice("k", cparent("Std"), pred(names=[long_(1), long_(1)])),
        v19.get_slice("k", cparent("Std"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ second pass
# Probes around what the first scenarios found differing between the releases and the
# emulation: TTL limits, split sizes, CfDef options described back or refused, CQL 3 bind
# values and prepared statements' metadata, UUID validation texts.

@scenario("o19b_ttlmax", "19", "ttl", keyspace_reset="cv_p_ttlmax")
def _ttlmax():
    """TTLs past the 20-year maximum of 1.1 on (and past what 0.8/1.0's int expiry time held)
    through insert, batch_mutate of standard and super columns, and CQL 3"""
    ks = "cv_p_ttlmax"
    q = v19.execute_cql3_query
    out = setup(ks, cf_def(ks, "T", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    out += [
        v19.insert("a", cparent("T"), column("year", "x", 1, ttl=31536000)),
        v19.get("a", cpath("T", col="year")),
        v19.insert("a", cparent("T"), column("big", "x", 1, ttl=2147483647)),
        v19.batch_mutate({"a": {"T": [ins("b1", "x", 1, ttl=630720001)]}}),
        v19.batch_mutate({"a": {"T": [ins("b2", "x", 1, ttl=700000000),
                                      ins("b3", "y", 1)]}}),
        v19.batch_mutate({"a": {"S": [mutation(cosc(super_column=super_column("sc", [
            column("p", "1", 1, ttl=630720001)])))]}}),
        v19.insert("a", cparent("S", "sc"), column("q", "1", 1, ttl=900000000)),
        v19.get_slice("a", cparent("T"), ALL_),
        v19.get_slice("a", cparent("S"), ALL_),
        q("CREATE TABLE c3 (k text PRIMARY KEY, v text)"),
        q("INSERT INTO c3 (k, v) VALUES ('a', 'b') USING TTL 630720001"),
        q("UPDATE c3 USING TTL 700000000 SET v = 'c' WHERE k = 'a'"),
        q("INSERT INTO c3 (k, v) VALUES ('b', 'b') USING TTL -1"),
        q("SELECT * FROM c3"),
    ]
    return out


@scenario("o19b_splits", "19", "describe", keyspace_reset="cv_p_splits")
def _splits():
    """describe_splits and describe_splits_ex of empty and written column families, by
    keys_per_split, as Hadoop's ColumnFamilyInputFormat asked"""
    ks = "cv_p_splits"
    out = setup(ks, cf_def(ks, "E", comparator="UTF8Type"), cf_def(ks, "W", comparator="UTF8Type"))
    full = "-9223372036854775808"
    out += [
        raw("describe_splits_ex", {1: b("E"), 2: b(full), 3: b(full), 4: W.i32(65536)}),
        raw("describe_splits_ex", {1: b("E"), 2: b("0"), 3: b("100"), 4: W.i32(1)}),
        raw("describe_splits_ex", {1: b("E"), 2: b("-100"), 3: b("100"), 4: W.i32(0)}),
        v19.set_keyspace(ks),
        v19.describe_splits("E", full, full, 65536),
        v19.batch_mutate({"k%03d" % i: {"W": [ins("c", "v", 1)]} for i in range(50)}),
        raw("describe_splits_ex", {1: b("W"), 2: b(full), 3: b(full), 4: W.i32(10)}),
        raw("describe_splits_ex", {1: b("W"), 2: b("0"), 3: b("0"), 4: W.i32(100)}),
        v19.describe_splits("W", full, full, 10),
        v19.describe_splits("W", "0", "0", 1),
        raw("describe_splits_ex", {1: b("W"), 2: b("x"), 3: b("0"), 4: W.i32(10)}),
        v19.set_keyspace(ks),
        v19.describe_splits("W", "0", "-1", -5),
    ]
    return out


@scenario("o19b_cfopts", "19", "schema", keyspace_reset="cv_p_cfopts")
def _cfopts():
    """CfDef options an application set, described back (bloom filter chance, caching,
    read repair, thresholds, compaction and compression options) and the values refused,
    each refusal followed by a set_keyspace as a client reconnecting would send"""
    ks = "cv_p_cfopts"
    out = [v19.system_add_keyspace(ks_def(ks)), v19.set_keyspace(ks)]
    adds = [
        cfx(ks, "Bf1", bloom_filter_fp_chance=0.1),
        cfx(ks, "Bf2", bloom_filter_fp_chance=1.0, caching="ALL"),
        cfx(ks, "Bf3", bloom_filter_fp_chance=0.001, caching="keys_only",
            read_repair_chance=0.5, dclocal_read_repair_chance=0.0),
        cfx(ks, "Lcs", compaction_strategy="LeveledCompactionStrategy",
            compaction_strategy_options={"sstable_size_in_mb": "160"}),
        cfx(ks, "Stc", compaction_strategy="SizeTieredCompactionStrategy",
            compaction_strategy_options={"bucket_low": "0.4", "bucket_high": "1.6"},
            min_compaction_threshold=6, max_compaction_threshold=12),
        cfx(ks, "Cmp", compression_options={"sstable_compression": "LZ4Compressor",
                                            "chunk_length_kb": "128", "crc_check_chance": "0.5"}),
    ]
    out += [v19.system_add_column_family(a) for a in adds]
    out += [
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfx(ks, "Bf1", bloom_filter_fp_chance=0.05,
                                            caching="rows_only")),
        v19.system_update_column_family(cfx(ks, "Stc", min_compaction_threshold=0,
                                            max_compaction_threshold=0)),
        v19.describe_keyspace(ks),
    ]
    bad = [cfx(ks, "X1", caching="sometimes"),
           cfx(ks, "X2", caching=""),
           cfx(ks, "X3", bloom_filter_fp_chance=1.5),
           cfx(ks, "X4", read_repair_chance=-0.1),
           cfx(ks, "X5", dclocal_read_repair_chance=1.1),
           cfx(ks, "X6", compaction_strategy="LeveledCompactionStrategy",
               compaction_strategy_options={"sstable_size_in_mb": "x"}),
           cfx(ks, "X7", compaction_strategy="SizeTieredCompactionStrategy",
               compaction_strategy_options={"no_such_option": "1"}),
           cfx(ks, "X8", compression_options={"sstable_compression": ""}),
           cfx(ks, "X9", compression_options={"chunk_length_kb": "64"}),
           cfx(ks, "X10", compression_options={"sstable_compression": "SnappyCompressor",
                                               "chunk_length_kb": "0"}),
           cfx(ks, "X11", max_compaction_threshold=1),
           cfx(ks, "X12", min_compaction_threshold=40)]
    for a in bad:
        out += [v19.system_add_column_family(a), v19.set_keyspace(ks)]
    out += [
        v19.system_update_column_family(cfx(ks, "Bf1", column_type="Super")),
        v19.set_keyspace(ks),
        v19.system_update_column_family(cfx(ks, "Bf1", key_validation="LongType")),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    return out


@scenario("o19b_binds", "19", "cql3", keyspace_reset="cv_p_binds")
def _binds():
    """CQL 3 bind values column by column: empty values, values of a wrong size or bytes,
    collections in the native protocol's v2 layout and others, counter increments; the
    metadata prepare answers for counters, batches, IN and token markers; prepare-time
    refusals"""
    ks = "cv_p_binds"
    q = v19.execute_cql3_query

    def ex(query, values):
        return v19.execute_prepared_cql3_query(jhash(ks + query), values)

    out = [
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE t (k text PRIMARY KEY, a ascii, bi bigint, bo boolean, de decimal, "
          "db double, fl float, ip inet, i int, ts timestamp, tu timeuuid, u uuid, vi varint, "
          "l list<int>, s set<text>, m map<text, int>)"),
        q("CREATE TABLE r (k text, c int, d text, v text, PRIMARY KEY (k, c, d)) "
          "WITH CLUSTERING ORDER BY (c DESC, d ASC)"),
        q("CREATE TABLE n (k text PRIMARY KEY, c counter)"),
    ]
    good = {"a": "x", "bi": long_(1), "bo": b"\x00", "de": b"\x00\x00\x00\x00\x01",
            "db": st.pack(">d", 1.0), "fl": st.pack(">f", 1.0), "ip": bytes([127, 0, 0, 1]),
            "i": int32(1), "ts": long_(0), "tu": timeuuid(1), "u": _u.UUID(int=1).bytes,
            "vi": b"\x01"}
    wrong = {"a": b"\xff", "bi": b"\x01", "bo": b"\x01\x01", "de": b"\x00\x01",
             "db": b"\x00" * 7, "fl": b"\x00" * 3, "ip": b"\x00" * 5, "i": b"\x00" * 5,
             "ts": b"\x00" * 4, "tu": _u.UUID(int=1).bytes, "u": b"\x00" * 15, "vi": b""}
    for col in ["a", "bi", "bo", "de", "db", "fl", "ip", "i", "ts", "tu", "u", "vi"]:
        query = "INSERT INTO t (k, %s) VALUES (?, ?)" % col
        out += [v19.prepare_cql3_query(query),
                ex(query, ["e_" + col, b""]),
                ex(query, ["w_" + col, wrong[col]]),
                ex(query, ["g_" + col, good[col]])]
    out.append(q("SELECT * FROM t"))
    coll = "UPDATE t SET l = ?, s = ?, m = ? WHERE k = ?"
    v2l = st.pack(">H", 1) + st.pack(">H", 4) + int32(5)
    out += [
        v19.prepare_cql3_query(coll),
        ex(coll, [v2l, st.pack(">H", 0), st.pack(">H", 0), "c1"]),
        ex(coll, [v2l + b"\x00", st.pack(">H", 0), st.pack(">H", 0), "c2"]),
        ex(coll, [st.pack(">H", 1) + st.pack(">H", 1) + b"\x05", st.pack(">H", 0),
                  st.pack(">H", 0), "c3"]),
        ex(coll, [st.pack(">H", 2) + st.pack(">H", 4) + int32(5), st.pack(">H", 0),
                  st.pack(">H", 0), "c4"]),
        ex(coll, [b"", b"", b"", "c5"]),
        ex(coll, [v2l, st.pack(">H", 1) + st.pack(">H", 1) + b"\xff", st.pack(">H", 0), "c6"]),
        v19.set_keyspace(ks),
        ex(coll, [v2l, st.pack(">H", 0), st.pack(">H", 1) + st.pack(">H", 1) + b"k" +
                  st.pack(">H", 2) + b"\x00\x01", "c7"]),
        v19.set_keyspace(ks),
        q("SELECT k, l, s, m FROM t WHERE k IN ('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7')"),
    ]
    cnt = "UPDATE n SET c = c + ? WHERE k = ?"
    out += [
        v19.prepare_cql3_query(cnt),
        ex(cnt, [b"", "a"]),
        v19.set_keyspace(ks),
        ex(cnt, [b"\x01", "a"]),
        ex(cnt, [long_(5), "a"]),
        v19.prepare_cql3_query("UPDATE n SET c = c - ? WHERE k IN (?, ?)"),
        v19.prepare_cql3_query("UPDATE n SET c = ? WHERE k = ?"),
        v19.prepare_cql3_query("BEGIN COUNTER BATCH UPDATE n SET c = c + ? WHERE k = ?; "
                               "UPDATE n SET c = c + 1 WHERE k = ?; APPLY BATCH"),
        v19.prepare_cql3_query("BEGIN BATCH INSERT INTO r (k, c, d, v) VALUES (?, ?, ?, ?); "
                               "UPDATE r SET v = ? WHERE k = ? AND c = ? AND d = ?; "
                               "APPLY BATCH"),
        v19.prepare_cql3_query("INSERT INTO r (k, c, d, v) VALUES (?, ?, ?, ?)"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE k = ? AND c = ? AND d > ?"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE k IN (?, ?) AND c IN (?, ?)"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE token(k) > token(?)"),
        v19.prepare_cql3_query("DELETE v FROM r WHERE k = ? AND c = ? AND d = ?"),
        v19.prepare_cql3_query("UPDATE t SET l = l + ?, m[?] = ? WHERE k = ?"),
        v19.prepare_cql3_query("UPDATE t SET s = s - ?, l[?] = ? WHERE k = ?"),
        # prepare-time refusals
        v19.prepare_cql3_query("INSERT INTO r (k, c, d, v) VALUES (?, ?, ?)"),
        v19.prepare_cql3_query("INSERT INTO r (k, c, v) VALUES (?, ?, ?)"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE d = ?"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE k = ? ORDER BY d DESC"),
        v19.prepare_cql3_query("SELECT nope FROM r WHERE k = ?"),
        v19.prepare_cql3_query("UPDATE t SET i = i + ? WHERE k = ?"),
        v19.prepare_cql3_query("UPDATE n SET c = c + ? WHERE k > ?"),
        v19.prepare_cql3_query("INSERT INTO n (k, c) VALUES (?, ?)"),
        v19.prepare_cql3_query("SELECT * FROM r WHERE k = ? AND d = ?"),
        v19.prepare_cql3_query("DELETE FROM r WHERE k = ? AND d = ?"),
    ]
    ins3 = "INSERT INTO r (k, c, d, v) VALUES (?, ?, ?, ?)"
    out += [ex(ins3, [k, int32(c), d, "v"]) for k, c, d in
            [("p", 1, "a"), ("p", 2, "b"), ("q", 1, "a"), ("q", 3, "z"), ("z", 5, "m")]]
    out += [
        q("SELECT k, c, d FROM r WHERE k IN ('q', 'p', 'z') LIMIT 3"),
        q("SELECT k, c, d FROM r WHERE k IN ('z', 'q') AND c IN (3, 5)"),
        q("SELECT k, c, d FROM r WHERE k IN ('q', 'p') ORDER BY c ASC"),
        q("SELECT k, c, d FROM r WHERE k = 'p' AND c IN (2, 1)"),
        q("SELECT k, c, d FROM r WHERE k = 'q' AND c = 3 AND d IN ('z', 'a')"),
    ]
    return out


@scenario("o19b_uuids", "19", "order", keyspace_reset="cv_p_uuids")
def _uuids():
    """UUID and TimeUUID names, values, keys and index expressions of a wrong size or
    version, and the texts each path refused them with"""
    ks = "cv_p_uuids"
    out = setup(ks, cf_def(ks, "U", comparator="UUIDType", default_validation="UUIDType",
                           key_validation="UUIDType"),
                cf_def(ks, "T", comparator="TimeUUIDType", default_validation="TimeUUIDType",
                       key_validation="TimeUUIDType"),
                cf_def(ks, "I", comparator="UTF8Type", column_metadata=[
                    column_def("u", "UUIDType", KEYS_INDEX),
                    column_def("t", "TimeUUIDType", KEYS_INDEX)]))
    u = _u.UUID(int=3).bytes
    t = timeuuid(3)
    out += [
        v19.insert(u, cparent("U"), column(u, u, 1)),
        v19.insert(u, cparent("U"), column(b"\x00" * 15, u, 1)),
        v19.insert(u, cparent("U"), column(u, b"\x00" * 17, 1)),
        v19.insert(b"\x00" * 15, cparent("U"), column(u, u, 1)),
        v19.insert(u, cparent("U"), column(b"", u, 1)),
        v19.insert(u, cparent("U"), column(u, b"", 1)),
        v19.get_slice(u, cparent("U"), pred(start=b"\x00" * 3, finish="")),
        v19.insert(t, cparent("T"), column(t, t, 1)),
        v19.insert(t, cparent("T"), column(b"\x00" * 15, t, 1)),
        v19.insert(t, cparent("T"), column(t, u, 1)),
        v19.insert(u, cparent("T"), column(t, t, 1)),
        v19.insert(t, cparent("T"), column(u, t, 1)),
        v19.get_slice(t, cparent("T"), pred(start=u, finish="")),
        v19.get_slice(t, cparent("T"), pred(names=[t, b"\x01"])),
        v19.insert("k", cparent("I"), column("u", u, 1)),
        v19.insert("k", cparent("I"), column("t", t, 1)),
        v19.insert("k", cparent("I"), column("u", b"\x01\x02", 1)),
        v19.insert("k", cparent("I"), column("t", u, 1)),
        v19.get_indexed_slices(cparent("I"), index_clause([index_expr("u", EQ, u)]), ALL_),
        v19.get_indexed_slices(cparent("I"), index_clause([index_expr("u", EQ, b"\x01")]),
                               ALL_),
        v19.get_indexed_slices(cparent("I"), index_clause([index_expr("t", EQ, u)]), ALL_),
        v19.batch_mutate({u: {"U": [ins(b"\x00" * 16, b"\x00" * 16, 1),
                                    ins(b"\x00" * 14, u, 1)]}}),
        v19.get_slice(u, cparent("U"), ALL_),
    ]
    return out


@scenario("o19b_more", "19", "crud", keyspace_reset="cv_p_more")
def _more():
    """reads at EACH_QUORUM (refused before 3.0), a TTL under the 20-year maximum whose expiry
    passes 2038 (the releases' int expiry time), IN lists of partition keys in another order
    than the keys' and with a duplicate"""
    ks = "cv_p_more"
    q = v19.execute_cql3_query
    out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    out += [
        v19.batch_mutate({k: {"R": [ins("c", k, 1)]} for k in ("a", "b", "c")}),
        v19.get("a", cpath("R", col="c"), cl=EACH_QUORUM),
        v19.get_slice("a", cparent("R"), ALL_, cl=EACH_QUORUM),
        v19.multiget_slice(["a", "b"], cparent("R"), ALL_, cl=EACH_QUORUM),
        v19.get_count("a", cparent("R"), ALL_, cl=EACH_QUORUM),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=5), cl=EACH_QUORUM),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=5), cl=LOCAL_QUORUM),
        v19.insert("a", cparent("R"), column("t", "x", 1, ttl=400000000)),
        v19.set_keyspace(ks),
        v19.batch_mutate({"a": {"S": [mutation(cosc(super_column=super_column("s", [
            column("t", "x", 1, ttl=500000000)])))]}}),
        v19.set_keyspace(ks),
        v19.get_slice("a", cparent("R"), ALL_),
        q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"),
        q("INSERT INTO t (k, c, v) VALUES ('b', 1, 'x')"),
        q("INSERT INTO t (k, c, v) VALUES ('a', 2, 'y')"),
        q("INSERT INTO t (k, c, v) VALUES ('z', 3, 'z')"),
        q("INSERT INTO t (k, c, v) VALUES ('m', 1, 'w') USING TTL 400000000"),
        v19.set_keyspace(ks),
        q("SELECT k, c FROM t WHERE k IN ('z', 'b', 'a')"),
        q("SELECT k, c FROM t WHERE k IN ('b', 'a', 'b')"),
        q("SELECT k, c FROM t WHERE k IN ('z', 'a') LIMIT 1"),
        q("SELECT k, c FROM t WHERE k = 'a' AND c IN (3, 2, 2)"),
        q("SELECT k, c FROM t WHERE k IN ('b', 'a')", cl=EACH_QUORUM),
        q("SELECT COUNT(*) FROM t WHERE k IN ('z', 'b')"),
    ]
    return out
