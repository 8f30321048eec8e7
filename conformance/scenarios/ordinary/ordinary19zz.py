"""Ordinary API 19 traffic of Thrift applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and
2.2.19 (author zz).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * a Hector-era ring probe (describe_ring / describe_local_ring / describe_token_map,
    describe_splits_ex, on unknown keyspaces and the system keyspace) then trace_next_query
  * a feed service's multiget_slice / multiget_count over duplicated, missing and empty keys
  * a user directory scanned by get_range_slices with row_filter over an indexed and an
    unindexed column (count limits, the filter column outside the predicate)
  * an order service's atomic_batch_mutate over three families, and the batches it got wrong
  * a hand-written client on 2.0's Thrift `cas` (absent row, expected columns present,
    mismatched and missing, serial levels, a counter family)
  * a chart service's get_multi_slice (2.1 on) over a LongType family
  * an app's CqlResult handling through prepare/execute_prepared with wrong bind counts and ids
  * a CompositeType(UTF8Type, LongType) index driven by end-of-component bytes
  * a ReversedType(LongType) leaderboard read, paged and sliced back to front
  * deletions by SliceRange in batch_mutate, on a standard and a super family
  * counters through Thrift (add, CounterColumn and CounterSuperColumn batches, counts,
    remove_counter then add again, the counter mistakes)
  * TTL'd columns with explicit timestamps (the TTL read back, refused TTLs)
  * an operator adding and dropping indexes through system_update_column_family (KEYS,
    CUSTOM with and without its options, index_type cleared)
  * a schema tool polling describe_schema_versions around adds and drops
  * keyspace edits (durable_writes, NetworkTopologyStrategy by data centre, the refusals)
  * consistency levels a single node refuses, through every Thrift write and read call
  * a nightly job truncating families mid-flow
  * Hadoop's ColumnFamilyInputFormat in wide-row mode (get_paged_slice by Murmur3 tokens and
    a start column, token ranges computed by the client)
  * pycassa 1.9's xget column paging and get_range key paging
  * a super column family of user sessions (paths to super columns, sub-column ranges)
  * a capacity planner's table options through system_update_column_family, and the
    changes refused (comparator, key validator, thresholds, caching)
  * a home-grown wrapper's malformed batch_mutate shapes (both fields set, missing
    timestamps and values, names and ranges together, keys and names past 64 KiB)
  * Kundera-style get_indexed_slices over two KEYS indexes (EQ with LT/GTE, paging, counts,
    unindexed EQ, wrong widths, rows leaving the index)
  * a reporting script reading Thrift-made families through execute_cql3_query
Writes are deterministic: Thrift timestamps absolute, no TTL expiry raced, values written by
`cas` read back only through counts or masked timestamps.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, ins, index_clause,  # noqa: E402
                 index_expr, mutation, cosc, counter_column, counter_super_column,
                 super_column, srange, EQ, GT, GTE, LT)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (comp, dele, cadd, i64b, cas, multi_slice, splits_ex, SERIAL,  # noqa: E402
                 LOCAL_SERIAL, LOCAL_ONE, MIN_TOKEN)
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY, TWO, THREE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V2 = VER[:2]
EACH_QUORUM, LOCAL_QUORUM = D.EACH_QUORUM, D.LOCAL_QUORUM
Abs = D.Abs
T = 1390000000000000
KEYS, CUSTOM = 0, 1

sc = kit.registrar("zz_")


def at(n):
    return Abs(T + n)


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100, row_filter=None):
    return key_range(start_key="", end_key="", count=count, row_filter=row_filter)


def new_ks(ks, cfs, **kw):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def utf8_cf(ks, name, **kw):
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    base.update(kw)
    return kit.cfd(ks, name, **base)


def coldef(name, validation, index_type=None, index_name=None, options=None):
    f = {1: b(name), 2: b(validation),
         3: None if index_type is None else W.i32(index_type),
         4: None if index_name is None else b(index_name),
         5: None if options is None else kit.strmap(options)}
    return W.struct(f)


def trace():
    return D.raw("trace_next_query", {}).mask("0")


def local_ring(ks):
    if VER < (1, 2, 11):
        return kit.unknown("describe_local_ring", {1: b(ks)})
    return D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                         "0/*/5")


def cas_or_unknown(key, cf, expected, updates, serial=SERIAL, commit=QUORUM):
    if V2 < (2, 0):
        return kit.unknown("cas", {1: b(key), 2: b(cf)})
    return cas(key, cf, expected, updates, serial, commit)


def masked_slice(key, cf, predicate, cl=ONE):
    """A read of columns `cas` wrote (their timestamps are the ballot's)."""
    return v19.get_slice(key, cparent(cf), predicate, cl).mask("0/*/1/3")


def ccol(name, n):
    return counter_column(name, n)


# ---------------------------------------------------------------- ring probe
@sc("ring_probe", "describe", "zz_ring")
def ring_probe():
    """A Hector-era monitoring agent: the pool's connect calls, the ring of its keyspace
    (and of the local data centre where the release had describe_local_ring), the token map,
    splits of a family by the minimum token both ends, the ring of the system keyspace,
    splits of an unknown family, trace_next_query before a read and a refused write, and
    splits ending on a token that does not parse."""
    ks = "zz_ring"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Hosts")])
    steps += [
        v19.insert("h1", cparent("Hosts"), column("state", "up", at(1))),
        v19.describe_ring(ks),
        local_ring(ks),
        v19.describe_token_map(),
        splits_ex("Hosts", MIN_TOKEN, MIN_TOKEN, 128),
        v19.describe_ring("system"),
        trace(),
        v19.get_slice("h1", cparent("Hosts"), all_cols()),
        trace(),
        v19.insert("h2", cparent("Hosts"), column("", "x", at(2))),
        v19.get("h1", cpath("Hosts", col="state")),
        # an unknown family, a token the partitioner cannot parse: 2.0 on drops the
        # connection for the first, each release for the second
        splits_ex("Nope", MIN_TOKEN, MIN_TOKEN, 128),
        D.raw("describe_splits_ex", {1: b("Hosts"), 2: b("0"), 3: b("not-a-token"),
                                     4: W.i32(128)}),
    ]
    return steps


# ---------------------------------------------------------------- multiget
@sc("feed_multiget", "multiget", "zz_feed")
def feed_multiget():
    """A news feed fanning out reads: multiget_slice of followed users' timelines with a
    user listed twice and one never written, multiget_count of the same with a names
    predicate naming a column twice, a reversed first-item read, an empty key list, an empty
    key among others, a super column parent on a standard family, and a count of zero."""
    ks = "zz_feed"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Timeline")])
    rows = {}
    for u, items in (("ann", ["p1", "p2", "p3"]), ("bob", ["p4"]), ("cyd", ["p5", "p6"])):
        rows[u] = {"Timeline": [ins(i, "post " + i, at(n)) for n, i in enumerate(items, 1)]}
    steps += [
        v19.batch_mutate(rows),
        v19.multiget_slice(["ann", "bob", "ann", "zed"], cparent("Timeline"), all_cols()),
        v19.multiget_count(["cyd", "ann", "cyd", "zed"], cparent("Timeline"), all_cols()),
        v19.multiget_count(["ann", "bob"], cparent("Timeline"), pred(names=["p1", "p1", "p4"])),
        v19.multiget_slice(["ann", "cyd"], cparent("Timeline"), all_cols(1, True)),
        v19.multiget_slice([], cparent("Timeline"), all_cols()),
        v19.multiget_slice(["ann", ""], cparent("Timeline"), all_cols()),
        v19.multiget_count(["", "bob"], cparent("Timeline"), all_cols()),
        v19.multiget_slice(["ann"], cparent("Timeline", sc="p1"), all_cols()),
        v19.multiget_slice(["ann", "bob"], cparent("Timeline"), all_cols(0)),
        v19.multiget_count(["ann"], cparent("Timeline"), pred(start="p2", finish="p1")),
        v19.multiget_slice(["bob", "ann"], cparent("Timeline"),
                           pred(names=["p4", "p2", "zz"])),
    ]
    return steps


# ---------------------------------------------------------------- row_filter scans
@sc("directory_row_filter", "index", "zz_dir")
def directory_row_filter():
    """A user directory: a family with a KEYS index on `state` and an unindexed LongType
    `age`, made before its rows, scanned by get_range_slices with row_filter on the indexed
    column, on the unindexed one alone, on both, with a count limit, with the filtered column
    outside the predicate, by get_indexed_slices without an EQ, and with a value the
    validator refuses."""
    ks = "zz_dir"
    users = utf8_cf(ks, "Users", column_metadata=[
        coldef("state", "UTF8Type", KEYS, "users_state"), coldef("age", "LongType")])
    steps = kit.connect() + new_ks(ks, [users])
    people = [("u1", "CA", 31), ("u2", "NY", 45), ("u3", "CA", 22), ("u4", "TX", 60),
              ("u5", "CA", 51)]
    steps.append(v19.batch_mutate({
        k: {"Users": [ins("state", s, at(1)), ins("age", i64b(a), at(1)),
                      ins("name", "name-" + k, at(1))]} for k, s, a in people}))
    ca = index_expr("state", EQ, "CA")
    old = index_expr("age", GT, i64b(40))
    steps += [
        v19.get_range_slices(cparent("Users"), all_cols(), everything(row_filter=[ca])),
        v19.get_range_slices(cparent("Users"), all_cols(), everything(row_filter=[old])),
        v19.get_range_slices(cparent("Users"), all_cols(), everything(row_filter=[ca, old])),
        v19.get_range_slices(cparent("Users"), all_cols(), everything(2, row_filter=[ca])),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             everything(row_filter=[ca, old])),
        v19.get_indexed_slices(cparent("Users"), index_clause([old]), all_cols()),
        v19.get_indexed_slices(cparent("Users"), index_clause([ca, old], count=1),
                               pred(names=["name"])),
        v19.get_range_slices(cparent("Users"), all_cols(),
                             everything(row_filter=[index_expr("age", GTE, "forty")])),
        v19.get_range_slices(cparent("Users"), all_cols(),
                             everything(row_filter=[index_expr("nick", EQ, "x")])),
        v19.get_range_slices(cparent("Users"), all_cols(),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10,
                                       row_filter=[ca])),
    ]
    return steps


# ---------------------------------------------------------------- atomic batches
@sc("order_atomic", "batch", "zz_order")
def order_atomic():
    """An order service writing an order, its lines and the customer's order index in one
    atomic_batch_mutate, read back; then its mistakes: a counter increment in the atomic
    batch, a family that does not exist, a Mutation with neither field, a Deletion without
    a timestamp, an empty mutation map, and the same batch at ANY."""
    ks = "zz_order"
    counts = kit.cfd(ks, "OrderCounts", comparator_type="UTF8Type",
                     default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Orders"), utf8_cf(ks, "OrderLines"),
                                        utf8_cf(ks, "CustomerOrders"), counts])
    steps += [
        v19.atomic_batch_mutate({
            "o1": {"Orders": [ins("customer", "c1", at(1)), ins("total", "30", at(1))],
                   "OrderLines": [ins("sku1", "2", at(1)), ins("sku2", "1", at(1))]},
            "c1": {"CustomerOrders": [ins("o1", "", at(1))]}}, QUORUM),
        v19.multiget_slice(["o1", "c1"], cparent("Orders"), all_cols()),
        v19.get_slice("o1", cparent("OrderLines"), all_cols()),
        v19.get_slice("c1", cparent("CustomerOrders"), all_cols()),
        v19.atomic_batch_mutate({"o2": {"Orders": [ins("customer", "c1", at(2))],
                                        "OrderCounts": [cadd("placed", 1)]}}),
        v19.atomic_batch_mutate({"o3": {"Orders": [ins("customer", "c2", at(3))],
                                        "Invoices": [ins("due", "x", at(3))]}}),
        v19.atomic_batch_mutate({"o4": {"Orders": [mutation()]}}),
        v19.atomic_batch_mutate({"o5": {"Orders": [dele(["total"])]}}),
        v19.atomic_batch_mutate({}),
        v19.atomic_batch_mutate({"o6": {"Orders": [ins("customer", "c3", at(6))]}}, ANY),
        v19.multiget_count(["o2", "o3", "o4", "o5", "o6"], cparent("Orders"), all_cols()),
        v19.batch_mutate({"o7": {"OrderCounts": [cadd("placed", 1)],
                                 "Orders": [ins("customer", "c4", at(7))]}}),
        v19.get_slice("o7", cparent("OrderCounts"), all_cols()),
        v19.atomic_batch_mutate({"o1": {"Orders": [dele(t=at(9))],
                                        "OrderLines": [dele(t=at(9))]},
                                 "c1": {"CustomerOrders": [dele(["o1"], t=at(9))]}}),
        v19.multiget_count(["o1", "c1"], cparent("Orders"), all_cols()),
        v19.get_count("c1", cparent("CustomerOrders"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- Thrift cas
@sc("thrift_cas", "cas", "zz_cas")
def thrift_cas():
    """A hand-written client claiming user names with 2.0's Thrift `cas`: the claim of an
    absent row, the same claim again (its current values back), a conditional update whose
    expected column matches, one that mismatches, one expecting a column that is not there,
    LOCAL_SERIAL, the serial level given as ONE, the commit level given as SERIAL, TWO,
    LOCAL_QUORUM and EACH_QUORUM, a counter family, an unknown family, and no expected list at
    all; reads of what cas wrote are counts or masked. On 1.2 the
    method is unknown."""
    ks = "zz_cas"
    counts = kit.cfd(ks, "Hits", comparator_type="UTF8Type",
                     default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Names"), counts])
    own = column("owner", "u1", at(1))
    steps += [
        cas_or_unknown("alice", "Names", [], [own, column("since", "2014", at(1))]),
        cas_or_unknown("alice", "Names", [], [column("owner", "u2", at(2))]),
        masked_slice("alice", "Names", all_cols()),
        cas_or_unknown("alice", "Names", [column("owner", "u1", at(3))],
                       [column("owner", "u3", at(3))]),
        cas_or_unknown("alice", "Names", [column("owner", "u1", at(4))],
                       [column("owner", "u4", at(4))]),
        cas_or_unknown("alice", "Names", [column("nick", "al", at(5))],
                       [column("owner", "u5", at(5))]),
        cas_or_unknown("bob", "Names", [], [column("owner", "u6", at(6))], LOCAL_SERIAL),
        cas_or_unknown("cyd", "Names", [], [column("owner", "u7", at(7))], ONE),
        cas_or_unknown("cyd", "Names", [], [column("owner", "u7", at(7))], SERIAL, SERIAL),
        cas_or_unknown("cyd", "Hits", [], [column("n", i64b(1), at(8))]),
        cas_or_unknown("cyd", "Nope", [], [column("owner", "u7", at(8))]),
        cas_or_unknown("dan", "Names", [], []),
        # the commit level copied from the app's write setting
        cas_or_unknown("fay", "Names", [], [column("owner", "u9", at(9))], SERIAL, TWO),
        cas_or_unknown("gus", "Names", [], [column("owner", "u9", at(9))], SERIAL,
                       LOCAL_QUORUM),
        cas_or_unknown("hal", "Names", [], [column("owner", "u9", at(9))], SERIAL,
                       EACH_QUORUM),
        v19.multiget_count(["alice", "bob", "cyd", "dan", "fay", "gus", "hal"],
                           cparent("Names"), all_cols()),
        v19.get("alice", cpath("Names", col="owner")).mask("0/1/3"),
        # no expected list at all: the server drops the connection
        cas_or_unknown("eve", "Names", None, [column("owner", "u8", at(9))]),
    ]
    return steps


# ---------------------------------------------------------------- get_multi_slice
@sc("chart_multi_slice", "slices", "zz_chart", when=V2 >= (2, 1))
def chart_multi_slice():
    """A chart service on 2.1's get_multi_slice: minute samples of a LongType family read
    by several ranges, ranges that overlap, the ranges given back to front, reversed with a
    count, an open finish, no ranges at all, a count of -1, an unknown family, a super family,
    an empty key, and no slice list at all."""
    ks = "zz_chart"
    samples = kit.cfd(ks, "Samples", comparator_type="LongType", key_validation_class="UTF8Type",
                      default_validation_class="UTF8Type")
    supers = kit.cfd(ks, "Supers", column_type="Super", comparator_type="UTF8Type",
                     subcomparator_type="UTF8Type")
    steps = kit.connect() + new_ks(ks, [samples, supers])
    steps.append(v19.batch_mutate({"cpu": {"Samples": [ins(i64b(m), "v%d" % m, at(m))
                                                       for m in range(0, 100, 10)]}}))
    L = i64b
    steps += [
        multi_slice("cpu", "Samples", [(L(0), L(20)), (L(50), L(70))]),
        multi_slice("cpu", "Samples", [(L(0), L(40)), (L(30), L(60))]),
        multi_slice("cpu", "Samples", [(L(50), L(70)), (L(0), L(20))]),
        multi_slice("cpu", "Samples", [(L(90), L(60)), (L(30), L(10))], True, 3),
        multi_slice("cpu", "Samples", [(L(0), L(10)), (L(80), b"")], count=2),
        multi_slice("cpu", "Samples", []),
        multi_slice("cpu", "Samples", [(b"", b"")], count=4),
        multi_slice("cpu", "Samples", [(b"\x01", b"")]),
        multi_slice("cpu", "Samples", [(L(0), L(90))], count=-1),
        multi_slice("cpu", "Nope", [(L(0), L(10))]),
        multi_slice("cpu", "Supers", [("a", "b")]),
        multi_slice("", "Samples", [(L(0), L(10))]),
        # a request built without its slice list: the server drops the connection
        D.raw("get_multi_slice", {1: W.struct({1: b("cpu"), 2: cparent("Samples"),
                                                5: W.i32(10)})}),
    ]
    return steps


# ---------------------------------------------------------------- prepared CqlResult
@sc("prepared_results", "cql3", "zz_prep")
def prepared_results():
    """A reporting app on execute_cql3_query and prepared statements: a table made and
    written, CqlResult rows of a SELECT, a prepared INSERT bound with too few and too many
    values, an unknown item id, a prepared SELECT bound right, a statement that does not
    parse, the CQL 2 prepared method given the CQL 3 id, and COUNT(*)."""
    ks = "zz_prep"
    steps = kit.connect() + [kit.ks_cql(ks), v19.set_keyspace(ks)]
    ins_q = "INSERT INTO visits (page, day, n) VALUES (?, ?, ?) USING TIMESTAMP %d" % (T + 1)
    sel_q = "SELECT day, n FROM visits WHERE page = ? AND day >= ?"
    steps += [
        cql("CREATE TABLE visits (page text, day int, n bigint, PRIMARY KEY (page, day))"),
        kit.prep(ins_q),
        kit.exe(ks, ins_q, ["/home", kit.i32b(1), i64b(10)]),
        kit.exe(ks, ins_q, ["/home", kit.i32b(2), i64b(12)]),
        kit.exe(ks, ins_q, ["/home", kit.i32b(3)]),
        kit.exe(ks, ins_q, ["/home", kit.i32b(3), i64b(1), "extra"]),
        kit.exe(ks, ins_q, ["/home", i64b(3), i64b(1)]),
        v19.execute_prepared_cql3_query(12345, ["/home"]),
        kit.prep(sel_q),
        kit.exe(ks, sel_q, ["/home", kit.i32b(2)]),
        kit.exe(ks, sel_q, ["/home", kit.i32b(2)], ALL),
        cql("SELECT * FROM visits WHERE page = '/home'"),
        kit.prep("SELEC day FROM visits"),
        kit.prep("SELECT nope FROM visits WHERE page = ?"),
        D.raw("execute_prepared_cql_query", {1: W.i32(kit.jhash(ks + sel_q)),
                                             2: W.list_("bin", [b("/home"), b(kit.i32b(1))])}),
        cql("SELECT COUNT(*) FROM visits WHERE page = '/home'"),
        cql("UPDATE visits USING TIMESTAMP %d SET n = 5 WHERE page = '/about' AND day = 1"
            % (T + 2)),
        v19.get_slice("/about", cparent("visits"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- composites by EOC
@sc("composite_eoc", "composite", "zz_comp")
def composite_eoc():
    """A tag index on CompositeType(UTF8Type, LongType) names written through Thrift and
    read by end-of-component bytes: a prefix slice (EOC 0 to 1), the prefix excluded from the
    start (EOC 1), the finish exclusive (EOC -1), a slice across two prefixes, reversed within
    one, names of full composites, a count of one prefix, a name of one component only, and a
    malformed composite refused."""
    ks = "zz_comp"
    tags = kit.cfd(ks, "TagIndex", comparator_type="CompositeType(UTF8Type,LongType)",
                   key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [tags])
    cols = [ins(comp(t, n), "doc%d" % n, at(n)) for t in ("java", "rust", "scala")
            for n in (1, 5, 9)]
    steps += [
        v19.batch_mutate({"tags": {"TagIndex": cols}}),
        v19.get_slice("tags", cparent("TagIndex"), pred(start=comp("rust", eoc=0),
                                                        finish=comp("rust", eoc=1))),
        v19.get_slice("tags", cparent("TagIndex"), pred(start=comp("java", eoc=1),
                                                        finish=comp("scala", eoc=-1))),
        v19.get_slice("tags", cparent("TagIndex"), pred(start=comp("java", 5, eoc=1),
                                                        finish=comp("rust", 5, eoc=-1))),
        v19.get_slice("tags", cparent("TagIndex"), pred(start=comp("rust", eoc=1),
                                                        finish=comp("rust", eoc=0),
                                                        reversed=True)),
        v19.get_slice("tags", cparent("TagIndex"), pred(start=comp("java", 9),
                                                        finish=comp("rust", 1))),
        v19.get_slice("tags", cparent("TagIndex"),
                      pred(names=[comp("scala", 9), comp("java", 1), comp("go", 1)])),
        v19.get_count("tags", cparent("TagIndex"), pred(start=comp("scala", eoc=0),
                                                        finish=comp("scala", eoc=1))),
        v19.insert("tags", cparent("TagIndex"), column(comp("go"), "doc0", at(20))),
        v19.get_slice("tags", cparent("TagIndex"), all_cols(3)),
        v19.insert("tags", cparent("TagIndex"), column(b"\x00\x04go", "bad", at(21))),
        v19.insert("tags", cparent("TagIndex"), column(comp("go", "x"), "bad", at(21))),
        v19.batch_mutate({"tags": {"TagIndex": [dele(rng=srange(comp("java", eoc=0),
                                                                comp("java", eoc=1)),
                                                     t=at(30))]}}),
        v19.get_slice("tags", cparent("TagIndex"), all_cols(4)),
    ]
    return steps


# ---------------------------------------------------------------- reversed comparator
@sc("reversed_board", "order", "zz_board")
def reversed_board():
    """A leaderboard on ReversedType(LongType) names: the top three, a slice from a score
    down, a slice written in ascending order (back to front for this comparator), the
    reversed slice (lowest first), get_paged_slice of the board by tokens, and a name of the
    wrong width."""
    ks = "zz_board"
    board = kit.cfd(ks, "Board", comparator_type="ReversedType(LongType)",
                    key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [board])
    L = i64b
    steps += [
        v19.batch_mutate({"g1": {"Board": [ins(L(s), p, at(1)) for s, p in
                                           ((100, "ann"), (250, "bob"), (75, "cyd"),
                                            (300, "dan"), (180, "eve"))]},
                          "g2": {"Board": [ins(L(10), "fay", at(1))]}}),
        v19.get_slice("g1", cparent("Board"), all_cols(3)),
        v19.get_slice("g1", cparent("Board"), pred(start=L(200), finish=L(80))),
        v19.get_slice("g1", cparent("Board"), pred(start=L(80), finish=L(200))),
        v19.get_slice("g1", cparent("Board"), pred(start=L(80), finish=L(200), reversed=True)),
        v19.get_slice("g1", cparent("Board"), all_cols(2, True)),
        v19.get_paged_slice("Board", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                               count=4), ""),
        v19.get_paged_slice("Board", key_range(start_key="g1", end_key="", count=3), L(180)),
        v19.insert("g1", cparent("Board"), column(b"\x00\x01", "bad", at(2))),
        v19.get_count("g1", cparent("Board"), pred(start=L(250), finish=L(100))),
    ]
    return steps


# ---------------------------------------------------------------- slice deletions
@sc("slice_deletions", "delete", "zz_sdel")
def slice_deletions():
    """A retention job deleting by SliceRange in batch_mutate (1.2 on): a range of a
    standard row, a range of sub-columns of one super column, a range of super columns, a
    range without a timestamp, a reversed range, a range with a count, and names with a
    super column on the standard family; each read back."""
    ks = "zz_sdel"
    logs = utf8_cf(ks, "Logs")
    sess = kit.cfd(ks, "Sessions", column_type="Super", comparator_type="UTF8Type",
                   subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [logs, sess])
    steps += [
        v19.batch_mutate({
            "app": {"Logs": [ins("2014-01-%02d" % d, "line%d" % d, at(d)) for d in range(1, 9)]},
            "u1": {"Sessions": [kit.sins("s%d" % s, [("a", "1"), ("b", "2"), ("c", "3")], at(1))
                                for s in range(1, 5)]}}),
        v19.batch_mutate({"app": {"Logs": [dele(rng=srange("2014-01-02", "2014-01-04"),
                                                t=at(20))]}}),
        v19.get_slice("app", cparent("Logs"), all_cols()),
        v19.batch_mutate({"u1": {"Sessions": [dele(rng=srange("a", "b"), t=at(20),
                                                   sc_="s1")]}}),
        v19.get_slice("u1", cparent("Sessions", sc="s1"), all_cols()),
        v19.batch_mutate({"u1": {"Sessions": [dele(rng=srange("s3", ""), t=at(20))]}}),
        v19.get_slice("u1", cparent("Sessions"), all_cols()),
        v19.batch_mutate({"app": {"Logs": [dele(rng=srange("2014-01-05", "2014-01-06"))]}}),
        v19.batch_mutate({"app": {"Logs": [dele(rng=srange("2014-01-08", "2014-01-06", True),
                                                t=at(21))]}}),
        v19.batch_mutate({"app": {"Logs": [dele(rng=srange("", "", False, 1), t=at(22))]}}),
        v19.get_slice("app", cparent("Logs"), all_cols()),
        v19.batch_mutate({"app": {"Logs": [dele(["2014-01-05"], t=at(23), sc_="x")]}}),
        v19.batch_mutate({"u1": {"Sessions": [dele(rng=srange("s2", "s1"), t=at(24))]}}),
        v19.get_count("u1", cparent("Sessions"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- counters
@sc("thrift_counters", "counters", "zz_cnt")
def thrift_counters():
    """A page-view service on Thrift counters: add, CounterColumn and CounterSuperColumn
    batches, reads and counts, multiget of counters, remove_counter then add again, and its
    mistakes: a counter into a standard family, a Column into a counter family, an add at
    ANY, a remove_counter of a whole super column, and a get of an unknown counter."""
    ks = "zz_cnt"
    views = kit.cfd(ks, "Views", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                    default_validation_class="CounterColumnType")
    by_day = kit.cfd(ks, "ViewsByDay", column_type="Super", comparator_type="UTF8Type",
                     subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                     default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [views, by_day, utf8_cf(ks, "Pages")])
    csc = counter_super_column
    steps += [
        v19.add("/home", cparent("Views"), ccol("total", 3)),
        v19.add("/home", cparent("Views"), ccol("total", 2)),
        v19.batch_mutate({"/home": {"Views": [cadd("mobile", 4), cadd("total", 1)]},
                          "/about": {"Views": [cadd("total", 7)]}}),
        v19.batch_mutate({"/home": {"ViewsByDay": [
            mutation(cosc(counter_super_column=csc("2014-01-01", [ccol("hits", 5),
                                                                  ccol("uniq", 2)]))),
            mutation(cosc(counter_super_column=csc("2014-01-02", [ccol("hits", 1)])))]}}),
        v19.add("/home", cparent("ViewsByDay", sc="2014-01-02"), ccol("hits", 9)),
        v19.get_slice("/home", cparent("Views"), all_cols()),
        v19.get("/home", cpath("Views", col="total")),
        v19.get_count("/home", cparent("Views"), all_cols()),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("Views"),
                           pred(names=["total"])),
        v19.get_slice("/home", cparent("ViewsByDay"), all_cols()),
        v19.get_count("/home", cparent("ViewsByDay", sc="2014-01-01"), all_cols()),
        v19.remove_counter("/about", cpath("Views", col="total")),
        v19.get_slice("/about", cparent("Views"), all_cols()),
        v19.add("/home", cparent("Pages"), ccol("total", 1)),
        v19.batch_mutate({"/home": {"Views": [ins("title", "Home", at(1))]}}),
        v19.add("/home", cparent("Views"), ccol("total", 1), ANY),
        v19.remove_counter("/home", cpath("ViewsByDay", sc="2014-01-01")),
        v19.get_slice("/home", cparent("ViewsByDay"), all_cols()),
        v19.get("/home", cpath("Views", col="nope")),
        v19.add("/home", cparent("ViewsByDay"), ccol("hits", 1)),
    ]
    return steps


# ---------------------------------------------------------------- TTLs
@sc("ttl_columns", "ttl", "zz_ttl")
def ttl_columns():
    """A token store writing TTL'd columns with explicit timestamps (a day, a year): the
    TTL read back by get and slices, an overwrite without TTL, a batch of TTL'd columns, and
    the TTLs refused: zero, negative, and past the twenty years a release accepted."""
    ks = "zz_ttl"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Tokens")])
    steps += [
        v19.insert("t1", cparent("Tokens"), column("user", "ann", at(1), 86400)),
        v19.insert("t1", cparent("Tokens"), column("scope", "read", at(1), 31536000)),
        v19.get("t1", cpath("Tokens", col="user")),
        v19.get_slice("t1", cparent("Tokens"), all_cols()),
        v19.insert("t1", cparent("Tokens"), column("user", "ann", at(2))),
        v19.get("t1", cpath("Tokens", col="user")),
        v19.batch_mutate({"t2": {"Tokens": [ins("user", "bob", at(3), 3600),
                                            ins("scope", "write", at(3), 7200)]}}),
        v19.get_slice("t2", cparent("Tokens"), all_cols()),
        v19.insert("t3", cparent("Tokens"), column("user", "cyd", at(4), 0)),
        v19.insert("t3", cparent("Tokens"), column("user", "cyd", at(4), -5)),
        v19.insert("t3", cparent("Tokens"), column("user", "cyd", at(4), 700000000)),
        v19.batch_mutate({"t3": {"Tokens": [ins("user", "cyd", at(5), -1)]}}),
        v19.get_count("t3", cparent("Tokens"), all_cols()),
        v19.remove("t1", cpath("Tokens", col="scope"), at(6)),
        v19.get_slice("t1", cparent("Tokens"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- index administration
@sc("index_admin", "index", "zz_idx")
def index_admin():
    """An operator adding an index through system_update_column_family (a KEYS index on a
    declared column), the family described, rows written and found, a CUSTOM index without its class option,
    the index dropped by clearing index_type, the query that then finds no index, an index
    on a name the comparator refuses, an unknown index type, and a CUSTOM index naming a
    class that does not exist."""
    ks = "zz_idx"
    plain = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Devices")])
    steps += [
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type", KEYS, "devices_owner")], **plain)),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"d%d" % i: {"Devices": [ins("owner", "o%d" % (i % 2), at(i)),
                                                  ins("model", "m%d" % i, at(i))]}
                          for i in range(1, 5)}),
        v19.get_indexed_slices(cparent("Devices"), index_clause([index_expr("owner", EQ, "o1")]),
                               all_cols()),
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type", KEYS, "devices_owner"),
            coldef("model", "UTF8Type", CUSTOM, "devices_model")], **plain)),
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type")], **plain)),
        v19.describe_keyspace(ks),
        v19.get_indexed_slices(cparent("Devices"), index_clause([index_expr("owner", EQ, "o1")]),
                               all_cols()),
        v19.get_range_slices(cparent("Devices"), pred(names=["owner"]),
                             everything(row_filter=[index_expr("owner", EQ, "o0")])),
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type"), coldef(b"\xff\xfe", "UTF8Type", KEYS)], **plain)),
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type", 7)], **plain)),
        # a CUSTOM index class that cannot be loaded: the server drops the connection
        v19.system_update_column_family(kit.cfd(ks, "Devices", column_metadata=[
            coldef("owner", "UTF8Type", KEYS, "devices_owner"),
            coldef("model", "UTF8Type", CUSTOM, "devices_model",
                   {"class_name": "com.example.NoSuchIndex"})], **plain)),
    ]
    return steps


# ---------------------------------------------------------------- schema agreement
@sc("schema_agreement", "schema", "zz_sch")
def schema_agreement():
    """A migration tool waiting for schema agreement around each change: versions polled,
    a family added, polled, the same family added again, a family dropped and added back
    under its name, a drop of a family that does not exist, a second keyspace of the same
    name, the keyspace described, a family of another keyspace's name in the CfDef."""
    ks = "zz_sch"
    steps = kit.connect() + [v19.describe_schema_versions()] + new_ks(ks, [])
    steps += [
        v19.describe_schema_versions(),
        v19.system_add_column_family(utf8_cf(ks, "Events")),
        v19.describe_schema_versions(),
        v19.system_add_column_family(utf8_cf(ks, "Events")),
        v19.insert("e1", cparent("Events"), column("kind", "boot", at(1))),
        v19.system_drop_column_family("Events"),
        v19.describe_schema_versions(),
        v19.get_slice("e1", cparent("Events"), all_cols()),
        v19.system_add_column_family(utf8_cf(ks, "Events")),
        v19.get_slice("e1", cparent("Events"), all_cols()),
        v19.system_drop_column_family("Missing"),
        v19.system_add_keyspace(kit.ksd(ks, [])),
        v19.system_add_column_family(utf8_cf("zz_other", "Events2")),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family(""),
        v19.describe_schema_versions(),
    ]
    return steps


# ---------------------------------------------------------------- keyspace edits
@sc("keyspace_edits", "schema", "zz_kse")
def keyspace_edits():
    """An admin tool editing a keyspace: made with durable_writes off on
    NetworkTopologyStrategy in the node's data centre, described, written at ONE and
    LOCAL_QUORUM, moved to a data centre the ring lacks (writes then unavailable), back to
    SimpleStrategy with durable writes on, and the edits refused: cf_defs in the update, no
    replication_factor, an unknown strategy class, a non-numeric factor."""
    ks = "zz_kse"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Items")], strategy=kit.NTS,
                                   options={"datacenter1": "1"}, durable=False)
    steps += [
        v19.describe_keyspace(ks),
        v19.insert("i1", cparent("Items"), column("name", "lamp", at(1))),
        v19.insert("i2", cparent("Items"), column("name", "desk", at(1)), LOCAL_QUORUM),
        v19.get_slice("i2", cparent("Items"), all_cols(), LOCAL_QUORUM),
        v19.system_update_keyspace(kit.ksd(ks, [], strategy=kit.NTS, options={"dc2": "1"})),
        v19.insert("i3", cparent("Items"), column("name", "sofa", at(2))),
        v19.get_slice("i1", cparent("Items"), all_cols()),
        v19.system_update_keyspace(kit.ksd(ks, [], rf=1, durable=True)),
        v19.describe_keyspace(ks),
        v19.get_slice("i1", cparent("Items"), all_cols(), QUORUM),
        v19.system_update_keyspace(kit.ksd(ks, [utf8_cf(ks, "Items")], rf=1)),
        v19.system_update_keyspace(kit.ksd(ks, [], options={})),
        v19.system_update_keyspace(kit.ksd(ks, [], strategy="org.example.NoStrategy")),
        v19.system_update_keyspace(kit.ksd(ks, [], options={"replication_factor": "one"})),
        v19.system_update_keyspace(kit.ksd("zz_kse_none", [], rf=1)),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- refused levels
@sc("levels_thrift", "consistency", "zz_lvl")
def levels_thrift():
    """A client whose level setting was wrong for a one-node SimpleStrategy cluster, through
    each Thrift call: writes at TWO and THREE, reads at ANY, EACH_QUORUM and LOCAL_QUORUM,
    counts and multigets at SERIAL, a range scan at ALL, a counter add at TWO, a remove at
    ANY, LOCAL_ONE (an unknown value for 1.2.9's IDL), and a level of no known value."""
    ks = "zz_lvl"
    cnt = kit.cfd(ks, "Cnt", comparator_type="UTF8Type",
                  default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Data"), cnt])
    steps += [
        v19.insert("k1", cparent("Data"), column("a", "1", at(1))),
        v19.insert("k1", cparent("Data"), column("b", "2", at(1)), TWO),
        v19.batch_mutate({"k2": {"Data": [ins("a", "1", at(1))]}}, THREE),
        v19.get_slice("k1", cparent("Data"), all_cols(), ANY),
        v19.get("k1", cpath("Data", col="a"), EACH_QUORUM),
        v19.get_count("k1", cparent("Data"), all_cols(), LOCAL_QUORUM),
        v19.get_count("k1", cparent("Data"), all_cols(), SERIAL),
        v19.multiget_slice(["k1"], cparent("Data"), all_cols(), LOCAL_SERIAL),
        v19.get_range_slices(cparent("Data"), all_cols(), everything(), ALL),
        v19.get_range_slices(cparent("Data"), all_cols(), everything(), ANY),
        v19.add("k1", cparent("Cnt"), ccol("n", 1), TWO),
        v19.add("k1", cparent("Cnt"), ccol("n", 1), ANY),
        v19.remove("k1", cpath("Data", col="a"), at(2), ANY),
        v19.get_slice("k1", cparent("Data"), all_cols(), LOCAL_ONE),
        v19.insert("k3", cparent("Data"), column("a", "1", at(3)), LOCAL_ONE),
        v19.get_slice("k1", cparent("Data"), all_cols(), 42),
        v19.insert("k1", cparent("Data"), column("c", "3", at(3)), EACH_QUORUM),
        v19.get_slice("k1", cparent("Data"), all_cols(), QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- truncate
@sc("nightly_truncate", "truncate", "zz_trunc")
def nightly_truncate():
    """A nightly job rebuilding a staging family: rows written and scanned, the family
    truncated, scanned again, rewritten with older timestamps than the truncated data (still
    seen), a counter family truncated and added to again, and a truncate of an unknown
    family and of the empty name."""
    ks = "zz_trunc"
    cnt = kit.cfd(ks, "Stats", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                  default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Staging"), cnt])
    steps += [
        v19.batch_mutate({"r%d" % i: {"Staging": [ins("v", "new%d" % i, at(100))],
                                      "Stats": [cadd("rows", 1)]} for i in range(3)}),
        v19.get_range_slices(cparent("Staging"), all_cols(), everything()),
        v19.truncate("Staging"),
        v19.get_range_slices(cparent("Staging"), all_cols(), everything()),
        v19.insert("r1", cparent("Staging"), column("v", "old1", at(10))),
        v19.get_range_slices(cparent("Staging"), all_cols(), everything()),
        v19.get_count("r1", cparent("Staging"), all_cols()),
        v19.truncate("Stats"),
        v19.add("r0", cparent("Stats"), ccol("rows", 5)),
        v19.get_slice("r0", cparent("Stats"), all_cols()),
        v19.truncate("Nope"),
        v19.truncate(""),
    ]
    return steps


# ---------------------------------------------------------------- Hadoop wide rows
@sc("hadoop_wide_rows", "range", "zz_hwr")
def hadoop_wide_rows():
    """Hadoop's ColumnFamilyInputFormat in wide-row mode: the split's token range, pages of
    get_paged_slice from the range's start token and from the last key and column a page
    ended on, get_range_slices over token ranges the client computed from Murmur3 tokens
    (exclusive start), a wrapping range, and the ranges refused (keys and tokens mixed,
    a start key after the end key)."""
    ks = "zz_hwr"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Wide")])
    keys = ["k%d" % i for i in range(6)]
    steps.append(v19.batch_mutate({k: {"Wide": [ins("c%d" % j, "%s-%d" % (k, j), at(j))
                                                for j in range(3)]} for k in keys}))
    order = sorted(keys, key=lambda k: int(kit.m3_token(k)))
    tok = {k: kit.m3_token(k) for k in keys}
    steps += [
        splits_ex("Wide", MIN_TOKEN, MIN_TOKEN, 1024),
        v19.get_paged_slice("Wide", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                              count=4), ""),
        v19.get_paged_slice("Wide", key_range(start_key=order[1], end_token=MIN_TOKEN,
                                              count=4), "c1"),
        v19.get_paged_slice("Wide", key_range(start_key=order[3], end_key="", count=50),
                            "c2"),
        v19.get_range_slices(cparent("Wide"), pred(names=["c0"]),
                             key_range(start_token=tok[order[1]], end_token=tok[order[4]])),
        v19.get_range_slices(cparent("Wide"), pred(names=["c0"]),
                             key_range(start_token=tok[order[4]], end_token=tok[order[1]])),
        v19.get_range_slices(cparent("Wide"), pred(names=["c0"]),
                             key_range(start_key=order[1], end_token=tok[order[3]])),
        v19.get_range_slices(cparent("Wide"), pred(names=["c0"]),
                             key_range(start_key=order[0], start_token=tok[order[0]],
                                       end_token=MIN_TOKEN)),
        v19.get_range_slices(cparent("Wide"), pred(names=["c0"]),
                             key_range(start_key=order[4], end_key=order[1])),
        v19.get_paged_slice("Wide", key_range(start_key=order[0], end_key=order[2], count=2),
                            "c1"),
        v19.get_paged_slice("Nope", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN),
                            ""),
    ]
    return steps


# ---------------------------------------------------------------- pycassa xget
@sc("pycassa_xget", "paging", "zz_xget")
def pycassa_xget():
    """pycassa 1.9's generators: xget paging a wide row by buffer (each page from the last
    column, one extra asked), get_range paging keys (each page from the last key, its first
    row dropped), get_count with column bounds, remove of listed columns by a names
    Deletion, and an insert with a super column on a standard family."""
    ks = "zz_xget"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Items")])
    cols = ["i%02d" % i for i in range(7)]
    keys = ["row%d" % i for i in range(5)]
    order = sorted(keys, key=lambda k: int(kit.m3_token(k)))
    steps.append(v19.batch_mutate({k: {"Items": [ins(c, k + c, at(1)) for c in cols]}
                                   for k in keys}))
    steps += [
        v19.get_slice("row0", cparent("Items"), pred(start="", finish="", count=3)),
        v19.get_slice("row0", cparent("Items"), pred(start="i02", finish="", count=4)),
        v19.get_slice("row0", cparent("Items"), pred(start="i05", finish="", count=4)),
        v19.get_range_slices(cparent("Items"), pred(names=["i00"]),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_range_slices(cparent("Items"), pred(names=["i00"]),
                             key_range(start_key=order[1], end_key="", count=3)),
        v19.get_range_slices(cparent("Items"), pred(names=["i00"]),
                             key_range(start_key=order[3], end_key="", count=3)),
        v19.get_count("row1", cparent("Items"), pred(start="i01", finish="i04")),
        v19.get_count("row1", cparent("Items"), pred(start="i04", finish="", count=2)),
        v19.batch_mutate({"row1": {"Items": [dele(["i01", "i03", "zz"], t=at(2))]}}),
        v19.get_slice("row1", cparent("Items"), all_cols()),
        v19.insert("row1", cparent("Items", sc="sc1"), column("x", "y", at(3))),
        v19.batch_mutate({"row1": {"Items": [kit.sins("sc1", [("x", "y")], at(3))]}}),
        v19.get_range_slices(cparent("Items"), pred(start="i05", finish="", count=1),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# ---------------------------------------------------------------- super sessions
@sc("super_sessions", "super", "zz_sup")
def super_sessions():
    """A session store in a super column family (one super column per session, its fields
    as sub-columns): get of a whole super column and of one sub-column, slices of super
    columns and of one session's fields, counts at both levels, a multiget of one session's
    fields, remove of one field and of a whole session, a range scan of one session name,
    and the paths a standard-family habit gets wrong."""
    ks = "zz_sup"
    sess = kit.cfd(ks, "Sessions", column_type="Super", comparator_type="UTF8Type",
                   subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [sess])
    steps += [
        v19.batch_mutate({"ann": {"Sessions": [
            kit.sins("s1", [("ip", "10.0.0.1"), ("ua", "curl"), ("user", "ann")], at(1)),
            kit.sins("s2", [("ip", "10.0.0.2"), ("user", "ann")], at(2))]},
            "bob": {"Sessions": [kit.sins("s1", [("ip", "10.0.0.9")], at(3))]}}),
        v19.insert("ann", cparent("Sessions", sc="s2"), column("ua", "firefox", at(4))),
        v19.get("ann", cpath("Sessions", sc="s1")),
        v19.get("ann", cpath("Sessions", sc="s2", col="ua")),
        v19.get_slice("ann", cparent("Sessions"), all_cols(1)),
        v19.get_slice("ann", cparent("Sessions", sc="s2"), pred(start="ip", finish="ua")),
        v19.get_count("ann", cparent("Sessions"), all_cols()),
        v19.get_count("ann", cparent("Sessions", sc="s1"), all_cols()),
        v19.multiget_slice(["ann", "bob", "cyd"], cparent("Sessions", sc="s1"),
                           pred(names=["ip"])),
        v19.remove("ann", cpath("Sessions", sc="s1", col="ua"), at(5)),
        v19.remove("ann", cpath("Sessions", sc="s2"), at(5)),
        v19.get_slice("ann", cparent("Sessions"), all_cols()),
        v19.get_range_slices(cparent("Sessions", sc="s1"), all_cols(), everything()),
        v19.get("ann", cpath("Sessions", col="ip")),
        v19.insert("ann", cparent("Sessions"), column("ip", "x", at(6))),
        v19.remove("ann", cpath("Sessions", col="ip"), at(6)),
        v19.get("ann", cpath("Sessions", sc="s9")),
    ]
    return steps


# ---------------------------------------------------------------- table options
@sc("cf_options_thrift", "schema", "zz_opts")
def cf_options_thrift():
    """A capacity planner updating one family's options through Thrift as each release's
    CfDef had them (gc grace, compaction thresholds, bloom filter chance, caching, a
    comment), the family described after each change, a family re-made with a changed
    comparator (refused), and a key validation class change (refused)."""
    ks = "zz_opts"
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [kit.cfd(ks, "Metrics", **base)])
    steps += [
        v19.insert("m1", cparent("Metrics"), column("v", "1", at(1))),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", gc_grace_seconds=3600,
                                                min_compaction_threshold=2,
                                                max_compaction_threshold=16,
                                                comment="hourly", **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", bloom_filter_fp_chance=0.05,
                                                caching="KEYS_ONLY", **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", min_compaction_threshold=1,
                                                **base)),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", comparator_type="LongType",
                                                key_validation_class="UTF8Type",
                                                default_validation_class="UTF8Type")),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", comparator_type="UTF8Type",
                                                key_validation_class="LongType",
                                                default_validation_class="UTF8Type")),
        v19.get_slice("m1", cparent("Metrics"), all_cols()),
        v19.system_update_column_family(kit.cfd(ks, "Metrics", caching="SOMETIMES", **base)),
    ]
    return steps


# ---------------------------------------------------------------- mutation shapes
@sc("mutation_shapes", "batch", "zz_mut")
def mutation_shapes():
    """A home-grown Thrift wrapper's batch_mutate shapes: a Mutation with both a column and
    a deletion, a ColumnOrSuperColumn with both a column and a super column, a Column without
    a timestamp and one without a value, a Deletion whose predicate has both names and a
    range, an empty names list, a super column deletion on a standard family, a key and a
    column name past 64 KiB, and the good batch after each."""
    ks = "zz_mut"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Docs")])
    good = {"d1": {"Docs": [ins("title", "t", at(1))]}}
    both = D.mutation(cosc(column=column("a", "1", at(2))),
                      D.deletion(at(2), predicate=pred(names=["b"])))
    two = mutation(cosc(column=column("a", "1", at(2)),
                        super_column=super_column("s", [column("a", "1", at(2))])))
    mixed_pred = mutation(deletion_=D.deletion(at(3), predicate=W.struct({
        1: W.list_("bin", [b("a")]), 2: srange("a", "z")})))
    steps += [
        v19.batch_mutate(good),
        v19.batch_mutate({"d2": {"Docs": [both]}}),
        v19.batch_mutate({"d2": {"Docs": [two]}}),
        v19.batch_mutate({"d2": {"Docs": [ins("a", "1", None)]}}),
        v19.batch_mutate({"d2": {"Docs": [ins("a", None, at(2))]}}),
        v19.batch_mutate({"d2": {"Docs": [mixed_pred]}}),
        v19.batch_mutate({"d1": {"Docs": [dele([], t=at(4))]}}),
        v19.batch_mutate({"d1": {"Docs": [dele(None, t=at(0), sc_="s")]}}),
        v19.get_slice("d1", cparent("Docs"), all_cols()),
        v19.insert("k" * 70000, cparent("Docs"), column("a", "1", at(5))),
        v19.insert("d3", cparent("Docs"), column("n" * 70000, "1", at(5))),
        v19.batch_mutate({"d3": {"Docs": [ins("a", "1", at(6))], "": [ins("a", "1", at(6))]}}),
        v19.multiget_count(["d1", "d2", "d3"], cparent("Docs"), all_cols()),
        v19.remove("d1", cpath("Docs"), at(7)),
        v19.get_count("d1", cparent("Docs"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- index clauses
@sc("index_clauses", "index", "zz_icl")
def index_clauses():
    """Kundera-style queries through get_indexed_slices on a family of two KEYS indexes
    (UTF8Type and LongType values): EQ on each, EQ with LT and GTE on the other, paging by
    start_key, a count of zero, no expressions, EQ only on an unindexed column, a LongType
    value of four bytes, and a predicate naming columns outside the clause."""
    ks = "zz_icl"
    cars = utf8_cf(ks, "Cars", column_metadata=[
        coldef("make", "UTF8Type", KEYS, "cars_make"), coldef("year", "LongType", KEYS,
                                                                "cars_year"),
        coldef("color", "UTF8Type")])
    steps = kit.connect() + new_ks(ks, [cars])
    fleet = [("c1", "vw", 2001, "red"), ("c2", "vw", 2005, "blue"), ("c3", "bmw", 2005, "red"),
             ("c4", "vw", 2010, "red"), ("c5", "fiat", 1999, "green")]
    steps.append(v19.batch_mutate({k: {"Cars": [ins("make", m, at(1)), ins("year", i64b(y), at(1)),
                                                ins("color", c, at(1))]}
                                   for k, m, y, c in fleet}))
    vw = index_expr("make", EQ, "vw")
    y05 = index_expr("year", EQ, i64b(2005))
    steps += [
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw]), all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([y05]), pred(names=["make"])),
        v19.get_indexed_slices(cparent("Cars"), index_clause(
            [vw, index_expr("year", LT, i64b(2006))]), pred(names=["year"])),
        v19.get_indexed_slices(cparent("Cars"), index_clause(
            [y05, index_expr("color", GTE, "red")]), pred(names=["color"])),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw], count=1), all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw], start_key="c2", count=2),
                               all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw], count=0), all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([]), all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([index_expr("color", EQ, "red")]),
                               all_cols()),
        v19.get_indexed_slices(cparent("Cars"),
                               index_clause([index_expr("year", EQ, kit.i32b(2005))]),
                               all_cols()),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw]), pred(names=["none"])),
        v19.insert("c2", cparent("Cars"), column("make", "bmw", at(2))),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw]), pred(names=["make"])),
        v19.remove("c4", cpath("Cars", col="make"), at(3)),
        v19.get_indexed_slices(cparent("Cars"), index_clause([vw]), pred(names=["make"])),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 over Thrift families
@sc("cql_on_thrift_cfs", "mixed", "zz_cqt")
def cql_on_thrift_cfs():
    """A reporting script reading Thrift-made families through execute_cql3_query: a
    family of typed declared columns (CqlResult's schema of names and values), a dynamic
    LongType family as key/column1/value, a counter family, a super family (refused), a
    WHERE on a declared column without an index, an INSERT into the dynamic family read back
    through Thrift, and an UPDATE of a counter column read by Thrift's get."""
    ks = "zz_cqt"
    prof = utf8_cf(ks, "Profiles", column_metadata=[coldef("age", "Int32Type"),
                                                    coldef("name", "UTF8Type")])
    hist = kit.cfd(ks, "History", comparator_type="LongType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    cnt = kit.cfd(ks, "Clicks", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                  default_validation_class="CounterColumnType")
    sup = kit.cfd(ks, "Supers", column_type="Super", comparator_type="UTF8Type",
                  subcomparator_type="UTF8Type")
    steps = kit.connect() + new_ks(ks, [prof, hist, cnt, sup])
    steps += [
        v19.batch_mutate({"p1": {"Profiles": [ins("age", kit.i32b(40), at(1)),
                                              ins("name", "Pia", at(1)),
                                              ins("extra", "x", at(1))],
                                 "History": [ins(i64b(3), "c", at(1)), ins(i64b(1), "a", at(1))]}}),
        v19.add("p1", cparent("Clicks"), ccol("home", 3)),
        cql('SELECT * FROM "Profiles"'),
        cql('SELECT key, age FROM "Profiles" WHERE key = \'p1\''),
        cql('SELECT * FROM "History" WHERE key = \'p1\' AND column1 > 1'),
        cql('SELECT * FROM "Clicks"'),
        cql('SELECT * FROM "Supers"'),
        cql('SELECT * FROM "Profiles" WHERE age = 40'),
        cql('INSERT INTO "History" (key, column1, value) VALUES (\'p1\', 2, \'b\') '
            'USING TIMESTAMP %d' % (T + 2)),
        v19.get_slice("p1", cparent("History"), all_cols()),
        cql('UPDATE "Clicks" SET home = home + 2 WHERE key = \'p1\''),
        v19.get("p1", cpath("Clicks", col="home")),
        cql('SELECT COUNT(*) FROM "History" WHERE key = \'p1\''),
    ]
    return steps
