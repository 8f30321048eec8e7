"""Ordinary 19.x use on the corpus's topics, written once as a 1.2.9 application would write it
(19.36's fields: KsDefs of `strategy_options`, counters, CompositeType, CQL 3 through
`execute_cql3_query`) and sent unchanged to every release by `difftest.py V --cases`: what an
application built against a later IDL meets on an older cluster, and what each release answers
to calls nobody wrote for it.

The topics are the corpus's v19 ones (order of IntegerType, Int32Type, ReversedType and
CompositeType names; super columns; counters; batches; indexes; schema changes; ranges;
CQL 3), each as a second scenario beside the corpus's, mixing use with the errors applications
met. Each scenario owns one keyspace (cv_o_<topic>), dropped before and after.

Loaded by the corpus's capture.py (../shared/conformance): record it from a real 1.2.9 to get
the cases, then `conformance/releases/difftest.py V --cases DIR` sends their calls to release V
and to its emulation (conformance/releases/README.md).
"""
import struct as st
import uuid as _u

import thriftwire as W
from dsl import (ANY, EQ, GT, GTE, LT, KEYS_INDEX, QUORUM, b, cf_def, column, column_def,
                 cosc, counter_column, counter_super_column, cparent, cpath, deletion,
                 index_clause, index_expr, ins, ins_super, int32, key_range, ks_def, lexuuid, long_,
                 mutation, pred, scenario, super_column, timeuuid, v19)

M = "org.apache.cassandra.db.marshal."


def setup(ks, *cfs):
    return [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks)]


def varint(n):
    """IntegerType: the shortest big-endian two's complement."""
    size = 1
    while not -(1 << (8 * size - 1)) <= n < (1 << (8 * size - 1)):
        size += 1
    return n.to_bytes(size, "big", signed=True)


def comp(*parts, eoc=0):
    """CompositeType: each component as <u16 length><bytes><end-of-component>."""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        last = i == len(parts) - 1
        out += st.pack(">H", len(p)) + p + bytes([(eoc & 0xff) if last else 0])
    return out


ALL_ = pred(start="")


# ------------------------------------------------------------------------------ order
@scenario("o19_order", "19", "order", keyspace_reset="cv_o_order")
def _order():
    """IntegerType, Int32Type, ReversedType and CompositeType names: order, bounds, counts and
    names their comparators refuse"""
    ks = "cv_o_order"
    out = setup(ks,
                cf_def(ks, "Ints", comparator="IntegerType"),
                cf_def(ks, "I32", comparator="Int32Type"),
                cf_def(ks, "RevL", comparator="ReversedType(LongType)"),
                cf_def(ks, "RevU", comparator=M + "ReversedType(" + M + "UTF8Type)"),
                cf_def(ks, "Comp", comparator="CompositeType(UTF8Type,IntegerType)"),
                cf_def(ks, "CompL", comparator="CompositeType(LongType,ReversedType(UTF8Type))"))
    ints = [5, -1, 0, 300, -129, 1 << 70, 127, 128, -128]
    out += [v19.batch_mutate({"r": {"Ints": [ins(varint(n), "i%d" % n, 1) for n in ints]}})]
    out += [
        v19.get_slice("r", cparent("Ints"), ALL_),
        v19.get_slice("r", cparent("Ints"), pred(start="", reversed=True, count=4)),
        v19.get_slice("r", cparent("Ints"), pred(start=varint(0), finish=varint(200))),
        v19.get_slice("r", cparent("Ints"), pred(start=varint(200), finish=varint(-1),
                                                  reversed=True)),
        v19.get_count("r", cparent("Ints"), pred(start=varint(-128), finish=varint(128))),
        v19.get("r", cpath("Ints", col=b"\x00\x05")),
        v19.get("r", cpath("Ints", col=varint(5))),
        v19.get_slice("r", cparent("Ints"), pred(names=[varint(300), b"\x00\x00\x01\x2c",
                                                        varint(7)])),
    ]
    for n in [7, -3, 0, 2147483647, -2147483648, 65536]:
        out.append(v19.insert("r", cparent("I32"), column(int32(n), "v%d" % n, 1)))
    out += [
        v19.get_slice("r", cparent("I32"), ALL_),
        v19.get_slice("r", cparent("I32"), pred(start=int32(0), finish=int32(100000))),
        v19.get_slice("r", cparent("I32"), pred(start="", reversed=True, count=2)),
        v19.insert("r", cparent("I32"), column(b"\x00\x01", "short", 1)),
        v19.insert("r", cparent("I32"), column(long_(1), "long", 1)),
        v19.get_slice("r", cparent("I32"), pred(start=b"\x01", finish="")),
        v19.insert("r", cparent("Ints"), column(b"", "empty", 1)),
    ]
    for n in [3, -7, 42, 0]:
        out.append(v19.insert("r", cparent("RevL"), column(long_(n), "l%d" % n, 1)))
    out += [
        v19.get_slice("r", cparent("RevL"), ALL_),
        v19.get_slice("r", cparent("RevL"), pred(start=long_(10), finish=long_(-10))),
        v19.get_slice("r", cparent("RevL"), pred(start=long_(-10), finish=long_(10))),
        v19.get_slice("r", cparent("RevL"), pred(start="", reversed=True)),
        v19.insert("r", cparent("RevL"), column(int32(1), "bad", 1)),
    ]
    out += [v19.batch_mutate({"r": {"RevU": [ins(n, n.upper(), 1) for n in
                                             ["apple", "Banana", "cherry", "\u00e9clair", "a"]]}})]
    out += [
        v19.get_slice("r", cparent("RevU"), ALL_),
        v19.get_slice("r", cparent("RevU"), pred(start="c", finish="", count=2)),
        v19.get_count("r", cparent("RevU"), ALL_),
        v19.insert("r", cparent("RevU"), column(b"\xff\xfe", "bad utf8", 1)),
    ]
    cells = [("a", 2), ("a", 1), ("b", -5), ("a", 300), ("", 0), ("b", 10)]
    out += [v19.batch_mutate({"r": {"Comp": [ins(comp(s, varint(n)), "%s%d" % (s, n), 1)
                                             for s, n in cells]}})]
    out += [
        v19.get_slice("r", cparent("Comp"), ALL_),
        v19.get_slice("r", cparent("Comp"), pred(start=comp("a"), finish=comp("a", eoc=1))),
        v19.get_slice("r", cparent("Comp"), pred(start=comp("a", varint(2)),
                                                  finish=comp("b", eoc=-1))),
        v19.get_slice("r", cparent("Comp"), pred(start=comp("b", eoc=1), finish=comp("a"),
                                                  reversed=True)),
        v19.get_slice("r", cparent("Comp"), pred(names=[comp("a", varint(1)),
                                                        comp("z", varint(1))])),
        v19.get_count("r", cparent("Comp"), pred(start=comp("a", eoc=1), finish="")),
        v19.get("r", cpath("Comp", col=comp("b", varint(-5)))),
        v19.insert("r", cparent("Comp"), column(b"\x00\x05ab", "truncated", 1)),
        v19.insert("r", cparent("Comp"), column(comp("a", varint(1), "x"), "three", 1)),
    ]
    for n, s in [(2, "x"), (2, "y"), (1, "z"), (-4, "a")]:
        out.append(v19.insert("r", cparent("CompL"), column(comp(long_(n), s), "v", 1)))
    out += [
        v19.get_slice("r", cparent("CompL"), ALL_),
        v19.get_slice("r", cparent("CompL"), pred(start=comp(long_(2)),
                                                   finish=comp(long_(2), eoc=1))),
        v19.get_slice("r", cparent("CompL"), pred(start="", reversed=True, count=3)),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ super
@scenario("o19_super", "19", "super", keyspace_reset="cv_o_super")
def _super():
    """Super column families of TimeUUID and UTF8 names: writes, reads, counts, scans, removes,
    and the paths a Super column family refuses"""
    ks = "cv_o_super"
    out = setup(ks,
                cf_def(ks, "Events", column_type="Super", comparator="TimeUUIDType",
                       subcomparator="UTF8Type"),
                cf_def(ks, "Users", column_type="Super", comparator="UTF8Type",
                       subcomparator="BytesType", default_validation="UTF8Type"),
                cf_def(ks, "Plain", comparator="UTF8Type"))
    t = [timeuuid(i) for i in range(4)]
    out += [
        v19.batch_mutate({"k1": {"Events": [ins_super(t[2], [("who", "b"), ("what", "y")], 1),
                                            ins_super(t[0], [("who", "a")], 1)],
                                 "Users": [ins_super("alice", [("age", "30"), ("city", "Oslo")], 1)]},
                          "k2": {"Events": [ins_super(t[1], [("who", "c")], 1)]}}),
        v19.insert("k1", cparent("Events", t[3]), column("who", "d", 2)),
        v19.insert("k1", cparent("Users", "bob"), column("age", "41", 1)),
        v19.get("k1", cpath("Events", t[2])),
        v19.get("k1", cpath("Events", t[2], "what")),
        v19.get("k1", cpath("Events", t[2], "nope")),
        v19.get("k1", cpath("Users", "carol")),
        v19.get_slice("k1", cparent("Events"), ALL_),
        v19.get_slice("k1", cparent("Events"), pred(start="", reversed=True, count=2)),
        v19.get_slice("k1", cparent("Events"), pred(start=t[1], finish=t[2])),
        v19.get_slice("k1", cparent("Events"), pred(names=[t[0], t[1], t[3]])),
        v19.get_slice("k1", cparent("Events", t[2]), pred(start="w", finish="wz")),
        v19.get_slice("k1", cparent("Users", "alice"), pred(names=["city", "zip"])),
        v19.get_count("k1", cparent("Events"), ALL_),
        v19.get_count("k1", cparent("Events", t[2]), ALL_),
        v19.multiget_slice(["k1", "k2", "k3"], cparent("Events"), pred(start="", count=1)),
        v19.multiget_count(["k1", "k2"], cparent("Events"), ALL_),
        v19.get_range_slices(cparent("Events"), pred(start="", count=1),
                             key_range("", "", count=10)),
        v19.get_range_slices(cparent("Users", "alice"), ALL_, key_range("", "", count=10)),
        # writes that replace and delete
        v19.insert("k1", cparent("Users", "alice"), column("age", "31", 5)),
        v19.insert("k1", cparent("Users", "alice"), column("age", "29", 3)),
        v19.get("k1", cpath("Users", "alice", "age")),
        v19.remove("k1", cpath("Users", "alice", "city"), 6),
        v19.remove("k1", cpath("Events", t[0]), 6),
        v19.batch_mutate({"k1": {"Users": [mutation(deletion_=deletion(6, sc="bob"))]}}),
        v19.batch_mutate({"k1": {"Events": [mutation(deletion_=deletion(
            6, predicate=pred(names=[t[3]])))]}}),
        v19.get_slice("k1", cparent("Events"), ALL_),
        v19.get_slice("k1", cparent("Users"), ALL_),
        v19.insert("k1", cparent("Users", "bob"), column("age", "42", 4)),
        v19.get_slice("k1", cparent("Users", "bob"), ALL_),
        v19.remove("k2", cpath("Events"), 6),
        v19.get_slice("k2", cparent("Events"), ALL_),
        # what a Super column family refuses
        v19.insert("k1", cparent("Events"), column("who", "x", 1)),
        v19.insert("k1", cparent("Events", b"short"), column("who", "x", 1)),
        v19.insert("k1", cparent("Users", "alice"), column("age", b"\xc3\x28", 1)),
        v19.get("k1", cpath("Events")),
        v19.get("k1", cpath("Events", col="who")),
        v19.get("k1", cpath("Plain", "sc", "c")),
        v19.get_slice("k1", cparent("Plain", "sc"), ALL_),
        v19.batch_mutate({"k1": {"Events": [ins("who", "x", 1)]}}),
        v19.batch_mutate({"k1": {"Plain": [ins_super("sc", [("a", "b")], 1)]}}),
        v19.batch_mutate({"k1": {"Users": [mutation(cosc(super_column=super_column(
            "dave", [])))]}}),
        v19.get("k1", cpath("Users", "")),
    ]
    return out


# ------------------------------------------------------------------------------ counters
@scenario("o19_counter", "19", "counter", keyspace_reset="cv_o_counter")
def _counter():
    """counter column families, standard and super: additions, reads, counts, batches,
    removals, and the writes they refuse"""
    ks = "cv_o_counter"
    cv = "CounterColumnType"
    out = setup(ks,
                cf_def(ks, "Hits", comparator="UTF8Type", default_validation=cv),
                cf_def(ks, "ByDay", column_type="Super", comparator="LongType",
                       subcomparator="UTF8Type", default_validation=cv),
                cf_def(ks, "Plain", comparator="UTF8Type"))
    out += [
        v19.add("page1", cparent("Hits"), counter_column("views", 1)),
        v19.add("page1", cparent("Hits"), counter_column("views", 1)),
        v19.add("page1", cparent("Hits"), counter_column("views", 40)),
        v19.add("page1", cparent("Hits"), counter_column("likes", -3)),
        v19.add("page2", cparent("Hits"), counter_column("views", 0)),
        v19.add("page1", cparent("Hits"), counter_column("big", 9223372036854775807)),
        v19.add("page1", cparent("Hits"), counter_column("big", 1)),
        v19.get("page1", cpath("Hits", col="views")),
        v19.get("page1", cpath("Hits", col="big")),
        v19.get("page2", cpath("Hits", col="views")),
        v19.get("page3", cpath("Hits", col="views")),
        v19.get_slice("page1", cparent("Hits"), ALL_),
        v19.get_slice("page1", cparent("Hits"), pred(names=["likes", "shares"])),
        v19.get_count("page1", cparent("Hits"), ALL_),
        v19.multiget_slice(["page1", "page2", "page9"], cparent("Hits"), ALL_),
        v19.get_range_slices(cparent("Hits"), pred(start="", count=2),
                             key_range("", "", count=10)),
        v19.add("k", cparent("ByDay", long_(20120101)), counter_column("clicks", 5)),
        v19.add("k", cparent("ByDay", long_(20120102)), counter_column("clicks", 2)),
        v19.add("k", cparent("ByDay", long_(20120101)), counter_column("opens", 1)),
        v19.get("k", cpath("ByDay", long_(20120101))),
        v19.get("k", cpath("ByDay", long_(20120101), "clicks")),
        v19.get_slice("k", cparent("ByDay"), pred(start="", reversed=True)),
        v19.get_count("k", cparent("ByDay", long_(20120101)), ALL_),
        v19.batch_mutate({"page1": {"Hits": [
            mutation(cosc(counter_column=counter_column("views", 10))),
            mutation(cosc(counter_column=counter_column("shares", 2)))]},
            "k": {"ByDay": [mutation(cosc(counter_super_column=counter_super_column(
                long_(20120103), [counter_column("clicks", 7)])))]}}),
        v19.get_slice("page1", cparent("Hits"), ALL_),
        v19.get_slice("k", cparent("ByDay"), ALL_),
        v19.remove_counter("page1", cpath("Hits", col="likes")),
        v19.remove_counter("k", cpath("ByDay", long_(20120102))),
        v19.get_slice("page1", cparent("Hits"), ALL_),
        v19.get_slice("k", cparent("ByDay"), ALL_),
        v19.batch_mutate({"page1": {"Hits": [mutation(deletion_=deletion(
            predicate=pred(names=["shares"])))]}}),
        v19.get_slice("page1", cparent("Hits"), ALL_),
        # what counters refuse, and what is refused counters
        v19.add("page1", cparent("Plain"), counter_column("c", 1)),
        v19.insert("page1", cparent("Hits"), column("views", "1", 1)),
        v19.batch_mutate({"page1": {"Hits": [ins("views", "1", 1)]}}),
        v19.batch_mutate({"page1": {"Plain": [mutation(cosc(
            counter_column=counter_column("c", 1)))]}}),
        v19.add("page1", cparent("Hits"), counter_column("views", 1), cl=ANY),
        v19.add("page1", cparent("ByDay"), counter_column("clicks", 1)),
        v19.add("page1", cparent("Hits", "sc"), counter_column("views", 1)),
        v19.add("", cparent("Hits"), counter_column("views", 1)),
        v19.add("page1", cparent("Nope"), counter_column("views", 1)),
        v19.remove_counter("page1", cpath("Plain", col="c")),
        v19.batch_mutate({"page1": {"Hits": [mutation(deletion_=deletion(
            1, predicate=pred(start="")))]}}),
        v19.get("page1", cpath("Hits", col="views"), cl=QUORUM),
    ]
    return out


# ------------------------------------------------------------------------------ batches
@scenario("o19_batch", "19", "batch", keyspace_reset="cv_o_batch")
def _batch():
    """batch_mutate and atomic_batch_mutate over rows and column families: writes and
    deletions by name, by super column and by row; timestamps deciding; the batches refused"""
    ks = "cv_o_batch"
    out = setup(ks,
                cf_def(ks, "A", comparator="UTF8Type"),
                cf_def(ks, "L", comparator="LongType", default_validation="LongType"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    out += [
        v19.batch_mutate({"r1": {"A": [ins("a", "1", 10), ins("b", "2", 10), ins("c", "3", 10)],
                                 "L": [ins(long_(1), long_(100), 10)],
                                 "S": [ins_super("s1", [("x", "1"), ("y", "2")], 10)]},
                          "r2": {"A": [ins("a", "old", 10)]},
                          "r3": {"A": [ins("z", "z", 10, ttl=86400)]}}),
        v19.batch_mutate({"r2": {"A": [ins("a", "new", 11), ins("b", "older", 9)]}}),
        v19.multiget_slice(["r1", "r2", "r3"], cparent("A"), ALL_),
        v19.batch_mutate({"r1": {"A": [mutation(deletion_=deletion(12, predicate=pred(
            names=["a", "nope"])))],
                                 "S": [mutation(deletion_=deletion(12, sc="s1", predicate=pred(
                                     names=["x"])))]},
                          "r2": {"A": [mutation(deletion_=deletion(9))]}}),
        v19.get_slice("r1", cparent("A"), ALL_),
        v19.get_slice("r1", cparent("S"), ALL_),
        v19.get_slice("r2", cparent("A"), ALL_),
        v19.batch_mutate({"r2": {"A": [mutation(deletion_=deletion(20))]}}),
        v19.get_slice("r2", cparent("A"), ALL_),
        v19.batch_mutate({"r2": {"A": [ins("a", "after", 15)]}}),
        v19.get_slice("r2", cparent("A"), ALL_),
        v19.atomic_batch_mutate({"r4": {"A": [ins("q", "1", 10)], "L": [ins(long_(5), long_(5),
                                                                             10)]}}),
        v19.get_slice("r4", cparent("L"), ALL_),
        v19.atomic_batch_mutate({"r4": {"A": [ins("q", "1", 10)]}}, cl=ANY),
        v19.batch_mutate({"r5": {"A": [ins("a", "1", 10)]}}, cl=ANY),
        v19.batch_mutate({"r5": {"A": [ins("b", "1", 10)]}}, cl=QUORUM),
        v19.get_slice("r5", cparent("A"), ALL_),
        v19.batch_mutate({}),
        v19.batch_mutate({"r6": {}}),
        v19.batch_mutate({"r6": {"A": []}}),
        v19.get_range_slices(cparent("A"), pred(start="", count=1), key_range("", "", count=10)),
        # refused
        v19.batch_mutate({"r1": {"L": [ins(b"\x01", long_(1), 10)]}}),
        v19.batch_mutate({"r1": {"L": [ins(long_(2), b"\x01\x02", 10)]}}),
        v19.batch_mutate({"": {"A": [ins("a", "1", 10)]}}),
        v19.batch_mutate({"r1": {"A": [ins("a", "1", 10),
                                       mutation(deletion_=deletion(12, sc="s1"))]}}),
        v19.batch_mutate({"r1": {"A": [mutation(cosc(column("a", "1", 10)),
                                                deletion(12))]}}),
        v19.batch_mutate({"r1": {"A": [mutation(deletion_=deletion(None))]}}),
        v19.batch_mutate({"r1": {"A": [mutation(cosc())]}}),
        v19.batch_mutate({"r1": {"A": [ins("a", "1", None)]}}),
        v19.batch_mutate({"r1": {"S": [mutation(deletion_=deletion(12, predicate=pred(
            start="", finish="")))]}}),
        v19.batch_mutate({"r1": {"A": [ins("", "1", 10)]}}),
        v19.batch_mutate({"r1": {"A": [ins("a", "1", 10, ttl=0)]}}),
        v19.get_slice("r1", cparent("A"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ indexes
@scenario("o19_index", "19", "index", keyspace_reset="cv_o_index")
def _index():
    """KEYS indexes on LongType and UTF8Type values: EQ with GT/GTE/LT, start_key paging,
    counts, the clauses refused; an index added by an update"""
    ks = "cv_o_index"
    users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX),
                                    column_def("birth", "LongType", KEYS_INDEX, "birth_idx"),
                                    column_def("name", "UTF8Type")])
    out = setup(ks, users, cf_def(ks, "Plain", comparator="UTF8Type"))
    rows = [("u1", "CA", 1980), ("u2", "NY", 1975), ("u3", "CA", 1990), ("u4", "CA", 1975),
            ("u5", "TX", 1980)]
    out += [v19.batch_mutate({k: {"Users": [ins("state", s, 1), ins("birth", long_(y), 1),
                                            ins("name", k.upper(), 1)]} for k, s, y in rows})]
    out += [
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA"),
                                                               index_expr("birth", GT, long_(1979))]),
                               pred(names=["birth"])),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("birth", EQ, long_(1975)),
                                                               index_expr("state", LT, "NZ")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                              count=1), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                              start_key="u3"), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "ZZ")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")]),
                               pred(start="", count=1, reversed=True)),
        v19.insert("u3", cparent("Users"), column("state", "NY", 2)),
        v19.remove("u1", cpath("Users", col="state"), 2),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "NY")]),
                               pred(names=["name"])),
        # refused
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("birth", GTE,
                                                                          long_(1980))]), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("name", EQ, "U1")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Plain"), index_clause([index_expr("a", EQ, "b")]), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([]), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("birth", EQ, "1980")]),
                               ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                              count=0), ALL_),
        v19.insert("u9", cparent("Users"), column("birth", "x", 1)),
        # an index added by an update, then used
        v19.system_update_column_family(cf_def(ks, "Plain", comparator="UTF8Type",
                                               column_metadata=[column_def("c", "UTF8Type",
                                                                           KEYS_INDEX)])),
        v19.insert("p1", cparent("Plain"), column("c", "v", 1)),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ schema
@scenario("o19_schema", "19", "schema", keyspace_reset="cv_o_schema")
def _schema():
    """keyspace and column family definitions: options an application sets, updates,
    metadata, drops, and the definitions refused"""
    ks = "cv_o_schema"
    out = [v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "First", comparator="UTF8Type",
                                                       comment="the first",
                                                       default_validation="UTF8Type",
                                                       key_validation="UTF8Type",
                                                       gc_grace=3600)], durable_writes=False)),
           v19.set_keyspace(ks),
           v19.describe_keyspace(ks)]
    out += [
        v19.system_add_column_family(cf_def(ks, "Opts", comparator="LongType", extra={
            17: W.i32(2), 18: W.i32(20), 24: W.boolean(True),
            12: W.double(0.5)})),
        v19.system_add_column_family(cf_def(ks, "Meta", comparator="UTF8Type", column_metadata=[
            column_def("email", "UTF8Type"), column_def("age", "Int32Type"),
            column_def("id", "LexicalUUIDType")])),
        v19.system_add_column_family(cf_def(ks, "Sup", column_type="Super",
                                            comparator="UTF8Type", subcomparator="LongType")),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Meta"), column("age", int32(3), 1)),
        v19.insert("k", cparent("Meta"), column("age", "three", 1)),
        v19.insert("k", cparent("Meta"), column("other", "anything", 1)),
        v19.system_update_column_family(cf_def(ks, "Meta", comparator="UTF8Type",
                                               comment="updated", column_metadata=[
                                                   column_def("email", "UTF8Type"),
                                                   column_def("age", "LongType")])),
        v19.insert("k", cparent("Meta"), column("age", long_(3), 1)),
        v19.system_update_column_family(cf_def(ks, "Meta", comparator="LongType")),
        v19.system_update_column_family(cf_def(ks, "Nope", comparator="UTF8Type")),
        v19.system_update_column_family(cf_def("other", "Meta", comparator="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ks_def(ks, durable_writes=True)),
        v19.system_update_keyspace(ks_def(ks, strategy="org.apache.cassandra.locator."
                                                       "NetworkTopologyStrategy",
                                          options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        # refused
        v19.system_add_column_family(cf_def(ks, "First", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Bad", comparator="NoSuchType")),
        v19.system_add_column_family(cf_def(ks, "Bad name", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def("nokeyspace", "X", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Std", column_type="Standard",
                                            subcomparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, "Odd", column_type="Odd")),
        v19.system_add_column_family(cf_def(ks, "Dup", column_metadata=[
            column_def("a", "UTF8Type"), column_def("a", "LongType")])),
        v19.system_add_keyspace(ks_def(ks)),
        v19.system_add_keyspace(ks_def("cv_o_schema2", strategy="NoSuchStrategy")),
        v19.system_add_keyspace(ks_def("cv_o_schema2", options={})),
        v19.system_add_keyspace(ks_def("cv_o_schema2", options={"replication_factor": "x"})),
        v19.system_add_keyspace(ks_def("system")),
        v19.system_drop_column_family("Nope"),
        v19.system_drop_column_family("Opts"),
        v19.insert("k", cparent("Opts"), column(long_(1), "v", 1)),
        v19.system_drop_keyspace("cv_o_schema_none"),
        v19.describe_keyspace("cv_o_schema_none"),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ ranges
@scenario("o19_range", "19", "range", keyspace_reset="cv_o_range")
def _range():
    """get_range_slices by keys and by tokens, paging from the last key, get_paged_slice,
    ranges of deleted rows, the ranges refused"""
    ks = "cv_o_range"
    out = setup(ks, cf_def(ks, "R", comparator="UTF8Type"),
                cf_def(ks, "S", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type"))
    keys = ["k%02d" % i for i in range(12)]
    out += [v19.batch_mutate({k: {"R": [ins("a", k, 1), ins("b", "2", 1), ins("c", "3", 1)]}
                              for k in keys})]
    out += [
        v19.get_range_slices(cparent("R"), pred(start="", count=1), key_range("", "", count=5)),
        v19.get_range_slices(cparent("R"), pred(names=["b"]), key_range("k03", "", count=3)),
        v19.get_range_slices(cparent("R"), pred(start="", count=2),
                             key_range(start_token="0", end_token="0", count=4)),
        v19.get_range_slices(cparent("R"), pred(start="b", finish=""),
                             key_range(start_token="-9223372036854775808",
                                       end_token="-1", count=20)),
        v19.get_range_slices(cparent("R"), pred(start="", count=1),
                             key_range(start_token="100", end_token="0", count=20)),
        v19.remove("k05", cpath("R"), 2),
        v19.remove("k06", cpath("R", col="a"), 2),
        v19.get_range_slices(cparent("R"), pred(names=["a"]), key_range("", "", count=20)),
        v19.get_range_slices(cparent("R"), pred(start="", count=100), key_range("", "", count=1)),
        v19.get_paged_slice("R", key_range("", "", count=5), "b"),
        v19.get_paged_slice("R", key_range(start_token="0", end_token="0", count=7), ""),
        v19.batch_mutate({"x": {"S": [ins_super("s1", [("a", "1")], 1),
                                      ins_super("s2", [("b", "2")], 1)]}}),
        v19.get_range_slices(cparent("S"), pred(start="", count=1), key_range("", "", count=5)),
        v19.get_range_slices(cparent("S", "s2"), ALL_, key_range("", "", count=5)),
        # refused
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=0)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", "", count=-1)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("b", "a", count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("a", "", start_token="0",
                                                            count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range(count=5)),
        v19.get_range_slices(cparent("R"), ALL_, key_range("", end_token="0", count=5)),
        v19.get_range_slices(cparent("Nope"), ALL_, key_range("", "", count=5)),
        v19.get_paged_slice("S", key_range("", "", count=5), ""),
        v19.get_paged_slice("R", key_range("", "", count=5, row_filter=[
            index_expr("a", EQ, "k01")]), ""),
        v19.get_range_slices(cparent("R"), pred(start=""), key_range("", "", count=5, row_filter=[
            index_expr("a", EQ, "k01")])),
        # a token the partitioner cannot read: 1.2 closed the connection
        v19.get_range_slices(cparent("R"), ALL_, key_range(start_token="x", end_token="0",
                                                            count=5)),
    ]
    return out


# ------------------------------------------------------------------------------ CQL 3
@scenario("o19_cql3", "19", "cql3", keyspace_reset="cv_o_cql3")
def _cql3():
    """CQL 3 through execute_cql3_query: a keyspace and tables made in CQL, writes with TTL and
    timestamps, counters, an index, ALTER, the queries refused; the tables seen through
    Thrift"""
    ks = "cv_o_cql3"
    q = v19.execute_cql3_query
    out = [
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE users (id text PRIMARY KEY, name text, age int, tags set<text>)"),
        q("CREATE TABLE timeline (user text, at bigint, body text, PRIMARY KEY (user, at)) "
          "WITH CLUSTERING ORDER BY (at DESC)"),
        q("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
        q("CREATE TABLE legacy (k text, c text, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
        q("CREATE INDEX ON users (age)"),
        q("INSERT INTO users (id, name, age, tags) VALUES ('a', 'Ann', 30, {'x', 'y'}) "
          "USING TIMESTAMP 1000"),
        q("INSERT INTO users (id, name, age) VALUES ('b', 'Bob', 30) USING TTL 86400"),
        q("UPDATE users SET tags = tags + {'z'}, age = 31 WHERE id = 'a'"),
        q("SELECT id, name, age, tags FROM users WHERE id = 'a'"),
        q("SELECT id, name FROM users WHERE age = 30"),
        q("SELECT COUNT(*) FROM users"),
        q("INSERT INTO timeline (user, at, body) VALUES ('a', 1, 'one')"),
        q("INSERT INTO timeline (user, at, body) VALUES ('a', 2, 'two')"),
        q("INSERT INTO timeline (user, at, body) VALUES ('a', 3, 'three')"),
        q("SELECT at, body FROM timeline WHERE user = 'a' AND at > 1"),
        q("SELECT at, body FROM timeline WHERE user = 'a' ORDER BY at ASC LIMIT 2"),
        q("DELETE body FROM timeline WHERE user = 'a' AND at = 2"),
        q("SELECT * FROM timeline WHERE user = 'a'"),
        q("UPDATE hits SET n = n + 3 WHERE page = 'p'"),
        q("UPDATE hits SET n = n - 1 WHERE page = 'p'"),
        q("SELECT n FROM hits WHERE page = 'p'"),
        q("INSERT INTO legacy (k, c, v) VALUES ('k', 'c1', 'v1')"),
        q("SELECT * FROM legacy WHERE k = 'k'"),
        q("BEGIN BATCH INSERT INTO users (id, name) VALUES ('c', 'Cy'); "
          "DELETE FROM users WHERE id = 'b'; APPLY BATCH"),
        q("SELECT id, name FROM users"),
        q("ALTER TABLE users ADD email text"),
        q("SELECT id, email FROM users WHERE id = 'c'"),
        v19.describe_keyspace(ks),
        v19.get_slice("k", cparent("legacy"), ALL_),
        # refused
        q("SELECT * FROM nope"),
        q("SELECT nope FROM users"),
        q("SELECT * FROM timeline WHERE at = 1"),
        q("SELECT * FROM users WHERE name = 'Ann'"),
        q("INSERT INTO users (id, age) VALUES ('d', 'old')"),
        q("INSERT INTO hits (page, n) VALUES ('p', 1)"),
        q("UPDATE users SET age = age + 1 WHERE id = 'a'"),
        q("SELECT * FROM timeline WHERE user > 'a'"),
        q("CREATE TABLE users (id text PRIMARY KEY)"),
        q("SELEC * FROM users"),
        q("DROP TABLE nope"),
        q("DROP TABLE legacy"),
        q("TRUNCATE timeline"),
        q("SELECT * FROM timeline WHERE user = 'a'"),
    ]
    return out


# ------------------------------------------------------------------------------ second round
@scenario("o19_order2", "19", "order", keyspace_reset="cv_o_order2")
def _order2():
    """more comparators' orders: TimeUUIDType (equal times, other nodes), LexicalUUIDType,
    UUIDType, AsciiType, BytesType, DoubleType, DecimalType, DateType, BooleanType, and
    CompositeType slices by one component"""
    ks = "cv_o_order2"
    out = setup(ks,
                cf_def(ks, "TU", comparator="TimeUUIDType"),
                cf_def(ks, "LU", comparator="LexicalUUIDType"),
                cf_def(ks, "U", comparator="UUIDType"),
                cf_def(ks, "A", comparator="AsciiType"),
                cf_def(ks, "B", comparator="BytesType"),
                cf_def(ks, "D", comparator="DoubleType"),
                cf_def(ks, "Dec", comparator="DecimalType"),
                cf_def(ks, "Dt", comparator="DateType"),
                cf_def(ks, "Bo", comparator="BooleanType"),
                cf_def(ks, "C3", comparator="CompositeType(IntegerType,UTF8Type,LongType)"))
    tus = [timeuuid(5), timeuuid(5, node=0x1), timeuuid(1), timeuuid(5, clock_seq=0x2222),
           timeuuid(9)]
    out += [v19.batch_mutate({"r": {"TU": [ins(u, "t%d" % i, 1) for i, u in enumerate(tus)]}}),
            v19.get_slice("r", cparent("TU"), ALL_),
            v19.get_slice("r", cparent("TU"), pred(start=timeuuid(5), finish=timeuuid(9))),
            v19.get_slice("r", cparent("TU"), pred(start="", reversed=True, count=3)),
            v19.insert("r", cparent("TU"), column(lexuuid(1), "v4", 1)),
            v19.insert("r", cparent("TU"), column(b"\x00" * 15, "short", 1))]

    lus = [_u.UUID(int=n).bytes for n in [5, 1 << 127, 3, (1 << 128) - 1]]
    out += [v19.batch_mutate({"r": {"LU": [ins(u, "l", 1) for u in lus],
                                    "U": [ins(u, "u", 1) for u in lus + [timeuuid(3)]]}}),
            v19.get_slice("r", cparent("LU"), ALL_),
            v19.get_slice("r", cparent("U"), ALL_)]
    out += [v19.batch_mutate({"r": {"A": [ins(n, "a", 1) for n in ["b", "B", "a", "_", "aa"]],
                                    "B": [ins(n, "b", 1) for n in [b"\xff", b"\x00", b"\x7f",
                                                                    b"\x80", b"\x00\x00"]]}}),
            v19.get_slice("r", cparent("A"), ALL_),
            v19.get_slice("r", cparent("B"), ALL_),
            v19.insert("r", cparent("A"), column("\u00e9", "non-ascii", 1)),
            v19.get_slice("r", cparent("B"), pred(start=b"\x01", finish=b"\x80"))]
    dbl = [st.pack(">d", x) for x in [1.5, -2.0, 0.0, 1e10, -0.5]]
    out += [v19.batch_mutate({"r": {"D": [ins(x, "d", 1) for x in dbl]}}),
            v19.get_slice("r", cparent("D"), ALL_),
            v19.insert("r", cparent("D"), column(b"\x00\x01", "short", 1))]
    dec = [b"\x00\x00\x00\x01" + varint(15), b"\x00\x00\x00\x00" + varint(-3),
           b"\x00\x00\x00\x02" + varint(12345)]
    out += [v19.batch_mutate({"r": {"Dec": [ins(x, "x", 1) for x in dec]}}),
            v19.get_slice("r", cparent("Dec"), ALL_)]
    dates = [long_(n) for n in [1000, -1000, 0, 1356998400000]]
    out += [v19.batch_mutate({"r": {"Dt": [ins(x, "x", 1) for x in dates],
                                    "Bo": [ins(b"\x01", "t", 1), ins(b"\x00", "f", 1)]}}),
            v19.get_slice("r", cparent("Dt"), ALL_),
            v19.get_slice("r", cparent("Bo"), ALL_),
            v19.insert("r", cparent("Dt"), column(int32(5), "short", 1))]
    c3 = [(1, "a", 5), (1, "a", 2), (-1, "z", 0), (1, "b", 1), (300, "", 7)]
    out += [v19.batch_mutate({"r": {"C3": [ins(comp(varint(i), s, long_(n)), "c", 1)
                                           for i, s, n in c3]}}),
            v19.get_slice("r", cparent("C3"), ALL_),
            v19.get_slice("r", cparent("C3"), pred(start=comp(varint(1)),
                                                    finish=comp(varint(1), eoc=1))),
            v19.get_slice("r", cparent("C3"), pred(start=comp(varint(1), "a", eoc=1),
                                                    finish="")),
            v19.get_slice("r", cparent("C3"), pred(start=comp(varint(1), "b"), finish="",
                                                    reversed=True)),
            v19.get_count("r", cparent("C3"), pred(start=comp(varint(1), eoc=-1),
                                                    finish=comp(varint(1), eoc=1))),
            v19.insert("r", cparent("C3"), column(comp(varint(1), "a", int32(1)), "bad", 1))]
    return out


@scenario("o19_super2", "19", "super", keyspace_reset="cv_o_super2")
def _super2():
    """super columns of LongType names with TimeUUID sub-columns: counts and slices of both
    levels, reversed, TTLs, batches removing sub-columns by name, multiget counts"""
    ks = "cv_o_super2"
    out = setup(ks, cf_def(ks, "S", column_type="Super", comparator="LongType",
                           subcomparator="TimeUUIDType", default_validation="UTF8Type"))
    t = [timeuuid(i) for i in range(6)]
    out += [
        v19.batch_mutate({k: {"S": [ins_super(long_(n), [(t[j], "v%d%d" % (n, j))
                                                          for j in range(n % 4 + 1)], 1)
                                    for n in [3, -1, 10, 0]]} for k in ["a", "b"]}),
        v19.insert("a", cparent("S", long_(3)), column(t[5], "ttl", 2, ttl=3600)),
        v19.get_slice("a", cparent("S"), pred(start="", count=2)),
        v19.get_slice("a", cparent("S"), pred(start=long_(10), finish=long_(0), reversed=True)),
        v19.get_slice("a", cparent("S", long_(3)), pred(start="", reversed=True, count=2)),
        v19.get_slice("a", cparent("S", long_(3)), pred(start=t[1], finish=t[5])),
        v19.get_slice("a", cparent("S", long_(3)), pred(names=[t[5], t[0], t[4]])),
        v19.get_count("a", cparent("S", long_(3)), pred(start=t[1], finish="")),
        v19.get_count("a", cparent("S"), pred(start=long_(0), finish="", count=2)),
        v19.multiget_count(["a", "b", "c"], cparent("S", long_(3)), ALL_),
        v19.multiget_slice(["b", "a"], cparent("S", long_(10)), pred(start="", count=1)),
        v19.batch_mutate({"a": {"S": [mutation(deletion_=deletion(
            3, sc=long_(3), predicate=pred(names=[t[0], t[1]]))),
            mutation(deletion_=deletion(3, predicate=pred(names=[long_(-1)])))]}}),
        v19.get_slice("a", cparent("S"), ALL_),
        v19.remove("b", cpath("S", long_(10), t[2]), 3),
        v19.remove("b", cpath("S", long_(0)), 0),
        v19.get_slice("b", cparent("S"), ALL_),
        v19.get_range_slices(cparent("S", long_(10)), pred(start="", count=2),
                             key_range("", "", count=5)),
        v19.get_range_slices(cparent("S"), pred(names=[long_(3), long_(99)]),
                             key_range("", "", count=5)),
        # refused
        v19.get_slice("a", cparent("S", long_(3)), pred(start=b"\x01", finish="")),
        v19.insert("a", cparent("S", b"\x01\x02"), column(t[0], "x", 1)),
        v19.get_slice("a", cparent("S"), pred(start=long_(5), finish=long_(1))),
        v19.get("a", cpath("S", long_(3), b"short")),
        v19.remove("a", cpath("S", col=t[0]), 5),
    ]
    return out


@scenario("o19_counter2", "19", "counter", keyspace_reset="cv_o_counter2")
def _counter2():
    """counters at every consistency level, counter deletions followed by additions, super
    counters removed by sub-column, counts and scans of counters"""
    ks = "cv_o_counter2"
    cv = "CounterColumnType"
    out = setup(ks, cf_def(ks, "C", comparator="AsciiType", default_validation=cv),
                cf_def(ks, "SC", column_type="Super", comparator="AsciiType",
                       subcomparator="LongType", default_validation=cv))
    for cl in [1, 2, 5, 7, 8, 3, 4, 0]:
        out.append(v19.add("k", cparent("C"), counter_column("c%d" % cl, cl), cl=cl))
    out += [v19.get_slice("k", cparent("C"), ALL_),
            v19.get("k", cpath("C", col="c1"), cl=5),
            v19.get("k", cpath("C", col="c1"), cl=7),
            v19.remove_counter("k", cpath("C", col="c1"), cl=2),
            v19.remove_counter("k", cpath("C", col="c2"), cl=6),
            v19.add("k", cparent("C"), counter_column("c1", 10)),
            v19.get("k", cpath("C", col="c1")),
            v19.get_count("k", cparent("C"), ALL_),
            v19.add("k", cparent("SC", "s"), counter_column(long_(1), 3)),
            v19.add("k", cparent("SC", "s"), counter_column(long_(2), 4)),
            v19.add("k", cparent("SC", "t"), counter_column(long_(1), 5)),
            v19.remove_counter("k", cpath("SC", "s", long_(1))),
            v19.get_slice("k", cparent("SC"), ALL_),
            v19.get_slice("k", cparent("SC", "s"), ALL_),
            v19.get_count("k", cparent("SC"), ALL_),
            v19.multiget_count(["k", "z"], cparent("SC", "t"), ALL_),
            v19.get_range_slices(cparent("C"), pred(names=["c1", "c5"]),
                                 key_range("", "", count=5)),
            v19.batch_mutate({"k": {"SC": [mutation(deletion_=deletion(
                sc="t", predicate=pred(names=[long_(1)])))]}}),
            v19.get_slice("k", cparent("SC"), ALL_),
            v19.batch_mutate({"k2": {"C": [mutation(cosc(counter_column=counter_column(
                "x", -7))), mutation(cosc(counter_column=counter_column("x", 2)))]}}),
            v19.get("k2", cpath("C", col="x")),
            # refused
            v19.add("k", cparent("SC", "s"), counter_column("notlong", 1)),
            v19.add("k", cparent("C"), counter_column("", 1)),
            v19.get_slice("k", cparent("C"), pred(start="", count=-1)),
            v19.remove_counter("k", cpath("C"), cl=0),
            ]
    return out
