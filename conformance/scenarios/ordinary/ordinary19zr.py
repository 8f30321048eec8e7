"""Ordinary API 19 traffic of Thrift data-model applications for every release from 0.7.10 to
2.2.19 (author zr), each sent as a library built against the IDL of the release it runs on
(`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not model:
  * a Hector application's schema bootstrap run on a fresh node and again on the schema it
    made (keyspace and families already there, an update carrying column families, names
    Hector's users got wrong, the family's id sent back to 0.7 to 1.1)
  * Astyanax's connection pool start and its AllRowsReader paging the ring by token ranges
    (the last key's token starting the next page), key pages, and the key ranges refused
  * Hector's ColumnFamilyTemplate (queryColumns by names, multiget, isColumnsExist as a count,
    updates with TTLs, deleteColumn, deleteRow) and its NotFound
  * Pelops' counter Mutator (0.8 on: counter columns in batches, add, reads, remove_counter,
    the counter mistakes: a counter into a plain family, a plain column into a counter family)
  * an RSS reader's items in a super column family of TimeUUIDType names (newest first,
    a field of one item, sub-column deletions, scans of one item's sub-columns)
  * Astyanax's AnnotatedCompositeSerializer over CompositeType(AsciiType, IntegerType,
    UTF8Type) names (0.8 on: prefix and range slices by end-of-component bytes, reversed)
  * phpcassa's session store (TTL'd rows found by a KEYS index on the user, log out
    everywhere)
  * the Ruby `cassandra` gem (a keyspace not made yet, get_columns, multi_get, count_columns,
    get_range by keys, super columns as hashes, `add` from 0.8)
  * pycassa's ColumnFamilyMap on LongType row keys (0.8 on: typed keys got wrong)
  * a NetworkTopologyStrategy keyspace naming a data centre the ring lacks (the levels it
    meets and the ones it cannot)
  * Astyanax built against 1.2's IDL talking to each release (1.2's CfDef fields, LOCAL_ONE,
    1.2's methods)
  * a migration copying rows with their timestamps (older writes losing, ties, deletions at
    the same time, slice range deletions)
  * Hector users' slice mistakes on a LongType family
  * UUIDType, DateType and DoubleType comparators (0.8 on) ordering and refusing
  * a test suite dropping the keyspace under a running application
  * node's Helenus on CompositeType(UTF8Type, LongType) row keys (0.8 on)
  * get_range_slices with a KeyRange row_filter (1.1 on)
  * an admin tool moving a keyspace to NetworkTopologyStrategy and back
  * a Cassie app's follower graph (multiget_count of many keys, counts by slice)
  * a ReversedType(LongType) score board (0.8 on)
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps. Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of
each release (`00_hector_bootstrap` first: its update carries the id the fresh node gave)."""
import os
import struct
import sys

from dsl import (v19, Abs, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, uuid_, timeuuid, lexuuid, EQ, GT, GTE,
                 LT, ONE, QUORUM, ALL, ANY, TWO, srange, cosc, mutation, super_column)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (cfd, cfd_later, ksd, setup, coldef, dele, sins, comp, cadd,  # noqa: E402
                 hector_cf, stock_token, min_token, NTS, LOCAL_ONE, THREE)

V = kit.version(2)
V08 = V >= (0, 8)
V11 = V >= (1, 1)
V12 = V >= (1, 2)
LOCAL_QUORUM, EACH_QUORUM = 3, 4
# an absolute timestamp (microseconds) for the writes whose refusal quotes the call's bytes
T = 1356000000000000

sc = kit.registrar("zr_")


def by_token(keys):
    return sorted(keys, key=lambda k: int(stock_token(k)))


def varint(n):
    ln = max(1, (n + (n < 0)).bit_length() // 8 + 1)
    return n.to_bytes(ln, "big", signed=True)


def dbl(x):
    return struct.pack(">d", x)


def all_cols(count=100):
    return pred(start="", count=count)


# --------------------------------------------------------------------------- Hector bootstrap
@sc("00_hector_bootstrap", "schema", "zr_hb")
def hector_bootstrap():
    """A Hector application's bootstrap on a fresh node, then again when the application
    restarts: the keyspace looked up (not there), made with its two families as Hector's
    ThriftCfDef filled them, schema versions awaited, then the restart's second run (the
    keyspace and a family made again, an update carrying its families), a family updated
    with column metadata (the id the node gave sent back to 0.7 to 1.1), and the names
    Hector's users got wrong (a dash in a family name, a keyspace name too long)."""
    ks = "zr_hb"
    users = dict(comparator_type="UTF8Type", default_validation_class="UTF8Type",
                 key_validation_class="UTF8Type", comment="users")
    events = dict(comparator_type="LongType")
    cfs = [hector_cf(ks, "Users", **users), hector_cf(ks, "Events", **events)]
    steps = kit.connect() + [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, cfs)),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        # the restart: the same bootstrap sent again
        v19.system_add_keyspace(ksd(ks, cfs)),
        v19.system_add_column_family(hector_cf(ks, "Users", **users)),
        v19.system_update_keyspace(ksd(ks, cfs)),
        v19.system_update_keyspace(ksd(ks, [])),
        v19.system_update_column_family(hector_cf(
            ks, "Users", id=None if V12 else kit.cfid(0),
            column_metadata=[coldef("email", "UTF8Type", True, "users_email"),
                             coldef("age", "LongType")], **users)),
        v19.describe_schema_versions(),
        v19.insert("ann", cparent("Users"), column("email", "ann@example.com", 10)),
        v19.insert("ann", cparent("Users"), column("age", long_(31), 10)),
        v19.insert("bob", cparent("Users"), column("age", "31", 10)),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("email", EQ, "ann@example.com")]), all_cols()),
        v19.system_add_column_family(hector_cf(ks, "user-sessions", **users)),
        v19.system_add_keyspace(ksd("zr_hb_" + "x" * 48, [])),
        v19.system_add_column_family(hector_cf("zr_nosuch", "Users", **users)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Astyanax ring
@sc("01_astyanax_token_pages", "range", "zr_at")
def astyanax_token_pages():
    """Astyanax's pool starting (version, ring of the keyspace, partitioner, token map from
    1.1), then its AllRowsReader: the ring paged by tokens (each page starting at the last
    key's token, end at the minimum token), key pages (the last key again first), a key
    range ending at a token, a start key after the end key and a count of zero."""
    ks = "zr_at"
    steps = setup(ks, [cfd(ks, "blobs", comparator_type="UTF8Type")])
    keys = ["obj%02d" % i for i in range(10)]
    order = by_token(keys)
    mn = min_token()
    steps += [kit.describe_version(), v19.describe_ring(ks), v19.describe_partitioner()]
    if V11:
        steps.append(v19.describe_token_map())
    steps.append(v19.batch_mutate({k: {"blobs": [ins("size", str(len(k) * 7), 10),
                                                 ins("type", "png", 10)]} for k in keys}))
    steps += [
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_token=mn, end_token=mn, count=4)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_token=stock_token(order[3]), end_token=mn,
                                       count=4)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_token=stock_token(order[7]), end_token=mn,
                                       count=4)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_key=order[3], end_key="", count=4)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_key=order[2], end_token=stock_token(order[5]),
                                       count=10)),
        v19.get_range_slices(cparent("blobs"), pred(names=["type"]),
                             key_range(start_token=stock_token(order[8]),
                                       end_token=stock_token(order[1]), count=10)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_key=order[6], end_key=order[2], count=10)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("blobs"), pred(names=["size"]),
                             key_range(start_key="", end_key="", start_token=mn, count=5)),
    ]
    return steps


# --------------------------------------------------------------------------- Hector template
@sc("02_hector_template", "crud", "zr_ht")
def hector_template():
    """Hector's ColumnFamilyTemplate over a users family: queryColumns by names (some absent),
    a multiget of users (one missing), isColumnsExist as a count, an update of a TTL'd
    column, deleteColumn and deleteRow, and the NotFound of a column read after them."""
    ks = "zr_ht"
    steps = setup(ks, [cfd(ks, "Accounts", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"u1": {"Accounts": [ins("name", "Ann", 10), ins("plan", "free", 10),
                                              ins("token", "t1", 10, ttl=7200)]},
                          "u2": {"Accounts": [ins("name", "Bo", 10), ins("plan", "pro", 10)]}}),
        v19.get_slice("u1", cparent("Accounts"), pred(names=["name", "plan", "phone"])),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("Accounts"),
                           pred(names=["name", "plan"])),
        v19.get_count("u1", cparent("Accounts"), all_cols()),
        v19.get_count("u3", cparent("Accounts"), all_cols()),
        v19.batch_mutate({"u1": {"Accounts": [ins("token", "t2", 11, ttl=3600),
                                              ins("plan", "pro", 11)]}}),
        v19.get("u1", cpath("Accounts", col="token")),
        v19.remove("u1", cpath("Accounts", col="token"), 12),
        v19.get("u1", cpath("Accounts", col="token")),
        v19.remove("u2", cpath("Accounts"), 12),
        v19.get("u2", cpath("Accounts", col="name")),
        v19.get_slice("u2", cparent("Accounts"), all_cols()),
        v19.multiget_slice(["u1", "u2"], cparent("Accounts"), all_cols()),
        v19.get("u1", cpath("Accounts")),
        v19.get("u1", cpath("Accounts", sc="x", col="name")),
        v19.get_slice("u1", cparent("Accounts", sc="x"), all_cols()),
    ]
    return steps


# --------------------------------------------------------------------------- Pelops counters
@sc("03_pelops_counters", "counters", "zr_pc", when=V08)
def pelops_counters():
    """Pelops' Mutator on a page-view counter family: counter columns written in batches and
    by `add`, read by get, slices and multigets, a counter removed and read again; then the
    counter mistakes: a counter added to a plain family, a plain column into the counter
    family, a counter at ANY, a batch mixing a counter and a deletion of another."""
    ks = "zr_pc"
    counter = dict(comparator_type="UTF8Type", default_validation_class="CounterColumnType")
    if V08 and not V12:
        counter["replicate_on_write"] = True
    steps = setup(ks, [cfd(ks, "PageViews", **counter),
                       cfd(ks, "Pages", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"/home": {"PageViews": [cadd("2012-06-01", 3), cadd("2012-06-02", 5)]},
                          "/about": {"PageViews": [cadd("2012-06-01", 1)]}}),
        v19.add("/home", cparent("PageViews"), counter_column("2012-06-01", 2)),
        v19.add("/home", cparent("PageViews"), counter_column("2012-06-02", -1)),
        v19.get("/home", cpath("PageViews", col="2012-06-01")),
        v19.get_slice("/home", cparent("PageViews"), all_cols()),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("PageViews"),
                           pred(names=["2012-06-01"])),
        v19.get_count("/home", cparent("PageViews"), all_cols()),
        v19.remove_counter("/about", cpath("PageViews", col="2012-06-01")),
        v19.get("/about", cpath("PageViews", col="2012-06-01")),
        v19.add("/home", cparent("Pages"), counter_column("hits", 1)),
        v19.insert("/home", cparent("PageViews"), column("2012-06-03", long_(1), 10)),
        v19.batch_mutate({"/home": {"PageViews": [ins("2012-06-03", long_(1), 10)]}}),
        v19.add("/home", cparent("PageViews"), counter_column("2012-06-03", 1), ANY),
        v19.batch_mutate({"/home": {"PageViews": [cadd("2012-06-03", 4),
                                                  dele(["2012-06-02"], 20)]}}),
        v19.get_slice("/home", cparent("PageViews"), all_cols()),
        v19.remove("/home", cpath("PageViews", col="2012-06-01"), 20),
    ]
    return steps


# --------------------------------------------------------------------------- RSS super columns
@sc("04_rss_super_items", "super", "zr_rs")
def rss_super_items():
    """An RSS reader's items: a super column family of TimeUUIDType item names, UTF8Type
    fields; the newest items of a feed first, a field of one item, an item whole, counts,
    a field deleted, an item removed, one item's field across feeds, the latest item of many
    feeds; its mistakes: a field path without the item, an item name not a time UUID."""
    ks = "zr_rs"
    steps = setup(ks, [cfd(ks, "Items", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type")])
    items = {"feed:a": [1, 2, 3, 4], "feed:b": [5, 6]}
    steps.append(v19.batch_mutate({f: {"Items": [
        sins(timeuuid(i), [("title", "t%d" % i), ("link", "http://x/%d" % i), ("read", "0")],
             10) for i in ids]} for f, ids in items.items()}))
    steps += [
        v19.get_slice("feed:a", cparent("Items"), pred(start="", reversed=True, count=2)),
        v19.get("feed:a", cpath("Items", sc=timeuuid(2), col="title")),
        v19.get("feed:a", cpath("Items", sc=timeuuid(3))),
        v19.get_count("feed:a", cparent("Items"), all_cols()),
        v19.get_count("feed:a", cparent("Items", sc=timeuuid(3)), all_cols()),
        v19.batch_mutate({"feed:a": {"Items": [dele(["read"], 11, sc_=timeuuid(3))]}}),
        v19.get_slice("feed:a", cparent("Items", sc=timeuuid(3)), all_cols()),
        v19.remove("feed:a", cpath("Items", sc=timeuuid(4)), 11),
        v19.get_slice("feed:a", cparent("Items"), pred(start="", reversed=True, count=1)),
        v19.get_range_slices(cparent("Items", sc=timeuuid(2)), pred(names=["title"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_slice(["feed:a", "feed:b", "feed:c"], cparent("Items"),
                           pred(start="", reversed=True, count=1)),
        v19.multiget_count(["feed:a", "feed:b"], cparent("Items"), all_cols()),
        v19.get("feed:a", cpath("Items", col="title")),
        v19.insert("feed:a", cparent("Items"), column("title", "x", 12)),
        v19.insert("feed:a", cparent("Items", sc=lexuuid(3)), column("title", "x", 12)),
        v19.get_slice("feed:a", cparent("Items"), pred(names=[b"\x00" * 8])),
    ]
    return steps


# --------------------------------------------------------------------------- composites
@sc("05_astyanax_composites", "composite", "zr_ac", when=V08)
def astyanax_composites():
    """Astyanax's AnnotatedCompositeSerializer on an event index of CompositeType(AsciiType,
    IntegerType, UTF8Type) names: a kind's events by prefix, a range of sequence numbers
    inclusive and exclusive by end-of-component bytes, newest first, a two-part name among
    three-part ones, and a malformed name refused."""
    ks = "zr_ac"
    ct = "CompositeType(AsciiType,IntegerType,UTF8Type)"
    steps = setup(ks, [cfd(ks, "Events", comparator_type=ct,
                           default_validation_class="UTF8Type")])
    names = [("login", n, h) for n in (1, 5, 9, 300) for h in ("web",)]
    names += [("login", 5, "api"), ("logout", 2, "web"), ("login", -3, "web")]
    muts = [ins(comp(k, varint(n), h), "%s/%d/%s" % (k, n, h), 10) for k, n, h in names]
    muts.append(ins(comp("login", varint(7)), "two-part", 10))
    steps.append(v19.batch_mutate({"u1": {"Events": muts}}))
    steps += [
        v19.get_slice("u1", cparent("Events"), pred(start=comp("login"),
                                                     finish=comp("login", eoc=1))),
        v19.get_slice("u1", cparent("Events"), pred(start=comp("login", varint(5)),
                                                     finish=comp("login", varint(9), eoc=1))),
        v19.get_slice("u1", cparent("Events"), pred(start=comp("login", varint(5), eoc=1),
                                                     finish=comp("login", varint(300),
                                                                 eoc=-1))),
        v19.get_slice("u1", cparent("Events"), pred(start=comp("login", eoc=1),
                                                     finish=comp("login"), reversed=True,
                                                     count=3)),
        v19.get_slice("u1", cparent("Events"), pred(start=comp("login", varint(7)),
                                                     finish=comp("login", varint(7), eoc=1))),
        v19.get_count("u1", cparent("Events"), pred(start=comp("logout"),
                                                     finish=comp("logout", eoc=1))),
        v19.insert("u1", cparent("Events"), column(b"\x00\x05log", "bad", 11)),
        v19.get_slice("u1", cparent("Events"), pred(start=b"\x00\x09login", finish="")),
        v19.insert("u1", cparent("Events"), column(comp("l\xe9", varint(1), "w"), "x", 11)),
    ]
    return steps


# --------------------------------------------------------------------------- phpcassa sessions
@sc("06_phpcassa_sessions", "ttl", "zr_ps")
def phpcassa_sessions():
    """phpcassa's session handler: a Sessions family with a KEYS index on the user id, made
    before any session; sessions written with a day's TTL, a user's sessions found by the
    index (log out everywhere) and removed, the index then finding none; a session refreshed
    without a TTL; the index asked with only a range clause."""
    ks = "zr_ps"
    steps = setup(ks, [cfd(ks, "Sessions", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("uid", "UTF8Type", True, "sess_uid")])])
    sess = {"s%02d" % i: "u%d" % (i % 3) for i in range(8)}
    steps.append(v19.batch_mutate({s: {"Sessions": [ins("uid", u, 10, ttl=86400),
                                                    ins("data", "{}", 10, ttl=86400)]}
                                   for s, u in sess.items()}))
    mine = by_token([s for s, u in sess.items() if u == "u1"])
    steps += [
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", EQ, "u1")]), pred(names=["uid"])),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", EQ, "u1")], count=1), pred(names=["uid"])),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", EQ, "u1")], start_key=mine[0], count=2), pred(names=["uid"])),
        v19.batch_mutate({s: {"Sessions": [dele(None, 11)]} for s in mine}),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", EQ, "u1")]), pred(names=["uid"])),
        v19.insert("s00", cparent("Sessions"), column("data", "{\"cart\":1}", 12)),
        v19.get_slice("s00", cparent("Sessions"), all_cols()),
        v19.insert("s00", cparent("Sessions"), column("uid", "u9", 12, ttl=0)),
        v19.insert("s00", cparent("Sessions"), column("uid", "u9", 12, ttl=-5)),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", GT, "u0")]), pred(names=["uid"])),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("uid", EQ, "u2"), index_expr("data", EQ, "{}")]), pred(names=["uid"])),
    ]
    return steps


# --------------------------------------------------------------------------- Ruby gem
@sc("07_ruby_gem", "crud", "zr_rg")
def ruby_gem():
    """The Ruby `cassandra` gem: its client set to a keyspace the app's rake task had not made
    yet, then made; `insert` of a hash, get_columns, multi_get, count_columns, get_range
    between keys, `exists?`, super columns written as nested hashes and one removed, and
    counters by `add` from 0.8."""
    ks = "zr_rg"
    cfs = [cfd(ks, "Statuses", comparator_type="UTF8Type"),
           cfd(ks, "UserRelationships", column_type="Super", comparator_type="UTF8Type",
               subcomparator_type="LongType")]
    if V08:
        cfs.append(cfd(ks, "Stats", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = [kit.describe_version(), v19.set_keyspace(ks)]
    steps += setup(ks, cfs)
    keys = ["st%d" % i for i in range(6)]
    order = by_token(keys)
    steps.append(v19.batch_mutate({k: {"Statuses": [ins("user", "jo", 10),
                                                    ins("text", "hi %s" % k, 10)]}
                                   for k in keys}))
    steps += [
        v19.get_slice("st1", cparent("Statuses"), pred(names=["text", "user", "geo"])),
        v19.multiget_slice(["st1", "st2", "zz"], cparent("Statuses"), all_cols()),
        v19.get_count("st1", cparent("Statuses"), all_cols()),
        v19.get_range_slices(cparent("Statuses"), pred(names=["text"]),
                             key_range(start_key=order[1], end_key=order[4], count=100)),
        v19.get_slice("zz", cparent("Statuses"), pred(start="", count=1)),
        v19.batch_mutate({"jo": {"UserRelationships": [
            sins("followers", [(long_(7), ""), (long_(3), "")], 10),
            sins("following", [(long_(9), "")], 10)]}}),
        v19.get_slice("jo", cparent("UserRelationships", sc="followers"), all_cols()),
        v19.remove("jo", cpath("UserRelationships", sc="followers", col=long_(3)), 11),
        v19.get_slice("jo", cparent("UserRelationships"), all_cols()),
        v19.insert("jo", cparent("UserRelationships", sc="followers"),
                   column("x", "", 12)),
    ]
    if V08:
        steps += [
            v19.add("jo", cparent("Stats"), counter_column("statuses", 6)),
            v19.add("jo", cparent("Stats"), counter_column("statuses", 1)),
            v19.get_slice("jo", cparent("Stats"), all_cols()),
        ]
    return steps


# --------------------------------------------------------------------------- typed keys
@sc("08_long_keys", "types", "zr_lk", when=V08)
def long_keys():
    """pycassa's ColumnFamilyMap of orders keyed by LongType ids: rows written and read back,
    a multiget, a scan in token order paged by the last key, and the keys its callers got
    wrong (four bytes, empty, a decimal string)."""
    ks = "zr_lk"
    steps = setup(ks, [cfd(ks, "Orders", comparator_type="UTF8Type",
                           key_validation_class="LongType", default_validation_class="UTF8Type")])
    ids = [long_(n) for n in (1, 2, 42, 1000, -7)]
    order = by_token(ids)
    steps.append(v19.batch_mutate({k: {"Orders": [ins("total", "9.99", 10)]} for k in ids}))
    steps += [
        v19.get_slice(long_(42), cparent("Orders"), all_cols()),
        v19.multiget_slice([long_(1), long_(-7), long_(5)], cparent("Orders"), all_cols()),
        v19.get_range_slices(cparent("Orders"), pred(names=["total"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Orders"), pred(names=["total"]),
                             key_range(start_key=order[2], end_key="", count=3)),
        v19.insert(struct.pack(">i", 42), cparent("Orders"), column("total", "1", 11)),
        v19.insert("42", cparent("Orders"), column("total", "1", 11)),
        v19.insert("", cparent("Orders"), column("total", "1", 11)),
        v19.get_slice(struct.pack(">i", 1), cparent("Orders"), all_cols()),
        v19.multiget_slice([long_(1), b"\x01"], cparent("Orders"), all_cols()),
    ]
    return steps


# --------------------------------------------------------------------------- NTS levels
@sc("09_nts_missing_dc", "consistency", "zr_nt")
def nts_missing_dc():
    """A keyspace of NetworkTopologyStrategy naming the ring's data centre and a second one
    it lacks (as an operator copied production's options to a test node): writes and reads at
    each level an application set, the ones met and the ones the ring cannot meet."""
    ks = "zr_nt"
    steps = setup(ks, [cfd(ks, "kv", comparator_type="UTF8Type")], strategy=NTS,
                  options={"datacenter1": "1", "DC2": "1"}, rf=2)
    steps += [v19.describe_keyspace(ks)]
    for i, cl in enumerate((ONE, ANY, LOCAL_QUORUM, EACH_QUORUM, QUORUM, TWO, ALL)):
        steps.append(v19.insert("k", cparent("kv"), column("c%d" % cl, "v", 10 + i), cl))
    for cl in (ONE, LOCAL_QUORUM, EACH_QUORUM, QUORUM, ALL):
        steps.append(v19.get_slice("k", cparent("kv"), all_cols(), cl))
    steps += [
        v19.get_range_slices(cparent("kv"), all_cols(),
                             key_range(start_key="", end_key="", count=10), LOCAL_QUORUM),
        v19.batch_mutate({"k": {"kv": [ins("b", "1", 20)]}}, EACH_QUORUM),
        v19.get_count("k", cparent("kv"), all_cols(), ONE),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("10_astyanax_later_idl", "compat", "zr_li")
def astyanax_later_idl():
    """Astyanax built against 1.2's IDL talking to each release: a family defined with 1.2's
    CfDef fields (key_alias, compaction strategy, index_interval, flush period, populate io
    cache), reads at LOCAL_ONE, 1.2's methods (trace_next_query, execute_cql3_query,
    describe_splits_ex), and 1.2.11's describe_local_ring."""
    ks = "zr_li"
    steps = setup(ks, [cfd(ks, "plain", comparator_type="UTF8Type")])
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "newer", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            key_alias="id", compaction_strategy="LeveledCompactionStrategy",
            compaction_strategy_options={"sstable_size_in_mb": "10"},
            memtable_flush_period_in_ms=60000, index_interval=256,
            populate_io_cache_on_flush=False)),
        v19.describe_keyspace(ks),
        # (an absolute timestamp: older releases quote the call's bytes in their refusal)
        v19.insert("k", cparent("plain"), column("a", "1", Abs(T)), LOCAL_ONE),
        v19.insert("k", cparent("plain"), column("a", "1", 10), ONE),
        v19.get_slice("k", cparent("plain"), all_cols(), LOCAL_ONE),
        # a session id of the node's clock where the release had the call
        kit.unknown("trace_next_query").mask("0"),
        v19.execute_cql3_query("SELECT * FROM plain"),
        kit.splits_ex("plain", min_token(), min_token(), 128),
        v19.get_slice("k", cparent("plain"), all_cols(), THREE),
        # the node's tokens are its own choice (masked as describe_ring's)
        kit.unknown("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3",
                                                            "0/*/4", "0/*/5"),
    ]
    return steps


# --------------------------------------------------------------------------- row copy
@sc("11_row_copier", "timestamps", "zr_rc")
def row_copier():
    """A migration copying rows with their timestamps into a family the live application
    already writes: older copies losing to newer writes, a tie of timestamps (the greater
    value wins), a deletion and a write at the same timestamp, a TTL'd and a plain copy at
    one timestamp, a write after a row deletion, a slice range deletion."""
    ks = "zr_rc"
    steps = setup(ks, [cfd(ks, "Docs", comparator_type="UTF8Type")])
    steps += [
        v19.insert("d1", cparent("Docs"), column("title", "live", 50)),
        v19.batch_mutate({"d1": {"Docs": [ins("title", "copied", 40), ins("body", "b", 40)]}}),
        v19.get_slice("d1", cparent("Docs"), all_cols()),
        v19.batch_mutate({"d1": {"Docs": [ins("tag", "aaa", 60)]}}),
        v19.batch_mutate({"d1": {"Docs": [ins("tag", "zzz", 60)]}}),
        v19.batch_mutate({"d1": {"Docs": [ins("tag", "mmm", 60)]}}),
        v19.get("d1", cpath("Docs", col="tag")),
        v19.remove("d1", cpath("Docs", col="body"), 70),
        v19.insert("d1", cparent("Docs"), column("body", "again", 70)),
        v19.get_slice("d1", cparent("Docs"), all_cols()),
        v19.insert("d1", cparent("Docs"), column("lang", "en", 80, ttl=100000)),
        v19.insert("d1", cparent("Docs"), column("lang", "en", 80)),
        v19.get("d1", cpath("Docs", col="lang")),
        v19.insert("d2", cparent("Docs"), column("a", "1", 80)),
        v19.remove("d2", cpath("Docs"), 90),
        v19.insert("d2", cparent("Docs"), column("b", "2", 85)),
        v19.insert("d2", cparent("Docs"), column("c", "3", 95)),
        v19.get_slice("d2", cparent("Docs"), all_cols()),
        v19.batch_mutate({"d1": {"Docs": [ins("x1", "1", 100), ins("x2", "2", 100),
                                          ins("x3", "3", 100)]}}),
        v19.batch_mutate({"d1": {"Docs": [dele(None, 101, rng=srange("x1", "x2"))]}}),
        v19.get_slice("d1", cparent("Docs"), all_cols()),
    ]
    return steps


# --------------------------------------------------------------------------- slice mistakes
@sc("12_slice_mistakes", "slices", "zr_sm")
def slice_mistakes():
    """Hector users' slices on a LongType family of readings: a forward slice whose finish is
    before its start, a reversed one the other way, a name of four bytes in the predicate,
    names repeated, a count of zero and below, a slice past the last reading."""
    ks = "zr_sm"
    steps = setup(ks, [cfd(ks, "Readings", comparator_type="LongType")])
    steps.append(v19.batch_mutate({"s1": {"Readings": [ins(long_(t), "v%d" % t, 10)
                                                       for t in (10, 20, 30, 40)]}}))
    steps += [
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(30), finish=long_(10))),
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(10), finish=long_(30),
                                                       reversed=True)),
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(30), finish=long_(10),
                                                       reversed=True)),
        v19.get_slice("s1", cparent("Readings"), pred(names=[struct.pack(">i", 10)])),
        v19.get_slice("s1", cparent("Readings"), pred(names=[long_(20), long_(20),
                                                             long_(10)])),
        v19.get_slice("s1", cparent("Readings"), pred(start="", count=0)),
        v19.get_slice("s1", cparent("Readings"), pred(start="", count=-1)),
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(41), finish="")),
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(25), finish=long_(25))),
        v19.multiget_slice([], cparent("Readings"), all_cols()),
        v19.get_count("s1", cparent("Readings"), pred(start=long_(15), finish=long_(35))),
        v19.get_slice("s1", cparent("Readings"), pred(start=b"\x00\x00", finish="")),
    ]
    return steps


# --------------------------------------------------------------------------- comparators
@sc("13_odd_comparators", "types", "zr_oc", when=V08)
def odd_comparators():
    """UUIDType, DateType and DoubleType comparators an application chose: time and random
    UUIDs in one row (ordered by version first), a date range slice, negative doubles before
    positive ones; the names each refuses."""
    ks = "zr_oc"
    steps = setup(ks, [cfd(ks, "Uuids", comparator_type="UUIDType"),
                       cfd(ks, "Dates", comparator_type="DateType"),
                       cfd(ks, "Doubles", comparator_type="DoubleType")])
    v4 = [uuid_("f47ac10b-58cc-4372-a567-0e02b2c3d479"),
          uuid_("01234567-89ab-4def-8123-456789abcdef")]
    steps += [
        v19.batch_mutate({"r": {"Uuids": [ins(timeuuid(9), "t9", 10), ins(v4[0], "r0", 10),
                                          ins(timeuuid(2), "t2", 10), ins(v4[1], "r1", 10)]}}),
        v19.get_slice("r", cparent("Uuids"), all_cols()),
        v19.get_slice("r", cparent("Uuids"), pred(start=timeuuid(3), finish="")),
        v19.insert("r", cparent("Uuids"), column(b"\x01" * 15, "x", 11)),
        v19.batch_mutate({"r": {"Dates": [ins(long_(1325376000000 + 86400000 * d), "d%d" % d,
                                              10) for d in range(5)]}}),
        v19.get_slice("r", cparent("Dates"), pred(start=long_(1325376000000 + 86400000),
                                                   finish=long_(1325376000000 + 86400000 * 3))),
        v19.insert("r", cparent("Dates"), column(b"\x00\x01", "x", 11)),
        v19.batch_mutate({"r": {"Doubles": [ins(dbl(x), str(x), 10)
                                            for x in (2.5, -1.0, 0.0, -30.25, 1e9)]}}),
        v19.get_slice("r", cparent("Doubles"), all_cols()),
        v19.get_slice("r", cparent("Doubles"), pred(start=dbl(-2.0), finish=dbl(1.0))),
        v19.insert("r", cparent("Doubles"), column(struct.pack(">f", 1.5), "x", 11)),
    ]
    return steps


# --------------------------------------------------------------------------- test teardown
@sc("14_dropped_under_app", "schema", "zr_du")
def dropped_under_app():
    """A test suite dropping the keyspace and a family while the application's connection
    still uses them: reads and writes to the dropped family and keyspace, the drops sent
    again, truncate of the dropped family, and the keyspace made again with the same name."""
    ks = "zr_du"
    steps = setup(ks, [cfd(ks, "a", comparator_type="UTF8Type"),
                       cfd(ks, "b", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k", cparent("a"), column("c", "1", 10)),
        v19.system_drop_column_family("b"),
        v19.insert("k", cparent("b"), column("c", "1", 10)),
        v19.get_slice("k", cparent("b"), all_cols()),
        v19.truncate("b"),
        v19.system_drop_column_family("b"),
        v19.system_drop_keyspace(ks),
        v19.insert("k", cparent("a"), column("c", "1", 11)),
        v19.get_slice("k", cparent("a"), all_cols()),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "a", comparator_type="UTF8Type")),
        v19.set_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "a", comparator_type="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("a"), all_cols()),
    ]
    return steps


# --------------------------------------------------------------------------- Helenus keys
@sc("15_helenus_composite_keys", "composite", "zr_hk", when=V08)
def helenus_composite_keys():
    """A node app on Helenus keying rows by CompositeType(UTF8Type, LongType) (tenant, day):
    rows written and read by their composite keys, a multiget of a tenant's days, a key with
    a component missing, a key whose long is four bytes, a key of raw bytes."""
    ks = "zr_hk"
    steps = setup(ks, [cfd(ks, "Daily", comparator_type="UTF8Type",
                           key_validation_class="CompositeType(UTF8Type,LongType)",
                           default_validation_class="UTF8Type")])
    keys = [comp("acme", d) for d in (15340, 15341, 15342)]
    steps += [
        v19.batch_mutate({k: {"Daily": [ins("visits", "10", 10)]} for k in keys}),
        v19.get_slice(keys[1], cparent("Daily"), all_cols()),
        v19.multiget_slice(keys + [comp("other", 15340)], cparent("Daily"), all_cols()),
        v19.insert(comp("acme"), cparent("Daily"), column("visits", "1", 11)),
        v19.insert(comp("acme", struct.pack(">i", 15340)), cparent("Daily"),
                   column("visits", "1", 11)),
        v19.insert(b"\x00\x04acme", cparent("Daily"), column("visits", "1", 11)),
        v19.get_range_slices(cparent("Daily"), pred(names=["visits"]),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- row filter
@sc("16_range_row_filter", "index", "zr_rf", when=V11)
def range_row_filter():
    """1.1's KeyRange.row_filter, as Astyanax's searchWithIndex over a key range used it: a
    scan filtered on an indexed column, on an indexed and a plain one, on a plain column only,
    with a token range, and a page of one."""
    ks = "zr_rf"
    steps = setup(ks, [cfd(ks, "Products", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("cat", "UTF8Type", True, "prod_cat"),
                                            coldef("price", "LongType")])])
    rows = {"p%d" % i: ("toys" if i % 2 else "books", 5 * i) for i in range(8)}
    steps.append(v19.batch_mutate({k: {"Products": [ins("cat", c, 10),
                                                    ins("price", long_(p), 10)]}
                                   for k, (c, p) in rows.items()}))
    mn = min_token()
    steps += [
        v19.get_range_slices(cparent("Products"), pred(names=["cat"]), key_range(
            start_key="", end_key="", count=100, row_filter=[index_expr("cat", EQ, "toys")])),
        v19.get_range_slices(cparent("Products"), pred(names=["price"]), key_range(
            start_key="", end_key="", count=100,
            row_filter=[index_expr("cat", EQ, "books"), index_expr("price", GTE, long_(10))])),
        v19.get_range_slices(cparent("Products"), pred(names=["price"]), key_range(
            start_key="", end_key="", count=100,
            row_filter=[index_expr("price", LT, long_(15))])),
        v19.get_range_slices(cparent("Products"), pred(names=["cat"]), key_range(
            start_token=mn, end_token=mn, count=1,
            row_filter=[index_expr("cat", EQ, "toys")])),
        v19.get_range_slices(cparent("Products"), pred(names=["cat"]), key_range(
            start_key="", end_key="", count=100, row_filter=[])),
    ]
    return steps


# --------------------------------------------------------------------------- keyspace moves
@sc("17_keyspace_strategy_moves", "schema", "zr_km")
def keyspace_strategy_moves():
    """An admin tool moving a live keyspace from SimpleStrategy to NetworkTopologyStrategy on
    the ring's data centre and back, reading between; then the changes it got wrong: an unknown strategy class, a factor that
    is not a number, a strategy option SimpleStrategy does not know."""
    ks = "zr_km"
    steps = setup(ks, [cfd(ks, "kv", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k", cparent("kv"), column("a", "1", 10)),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.get_slice("k", cparent("kv"), all_cols(), QUORUM),
        v19.system_update_keyspace(ksd(ks, [])),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], strategy="org.example.NoSuchStrategy")),
        v19.system_update_keyspace(ksd(ks, [], options={"replication_factor": "one"})),
        v19.system_update_keyspace(ksd(ks, [], options={"replication_factor": "1",
                                                        "datacenter1": "1"})),
        v19.system_update_keyspace(ksd("zr_km_none", [])),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Cassie followers
@sc("18_cassie_followers", "counts", "zr_cf")
def cassie_followers():
    """A Cassie app's follower graph: rows of LongType user ids, counts of many users'
    followers in one multiget_count, counts bounded by a slice and by names, a super column
    family's counts per user, and a count on a row made empty by deletions."""
    ks = "zr_cf"
    steps = setup(ks, [cfd(ks, "Followers", comparator_type="LongType"),
                       cfd(ks, "Lists", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    users = ["u%d" % i for i in range(12)]
    steps.append(v19.batch_mutate({u: {"Followers": [ins(long_(100 + j), "", 10)
                                                     for j in range(i % 5)]}
                                   for i, u in enumerate(users)}))
    steps += [
        v19.multiget_count(users + ["nobody"], cparent("Followers"), all_cols()),
        v19.multiget_count(users[:6], cparent("Followers"), pred(start=long_(101),
                                                                finish=long_(102))),
        v19.get_count("u4", cparent("Followers"), pred(names=[long_(100), long_(103),
                                                              long_(999)])),
        v19.get_count("u4", cparent("Followers"), pred(start="", count=2)),
        v19.batch_mutate({"u3": {"Followers": [dele(None, 11)]}}),
        v19.get_count("u3", cparent("Followers"), all_cols()),
        v19.batch_mutate({"u1": {"Lists": [sins("friends", [(long_(1), ""), (long_(2), "")],
                                                10),
                                           sins("family", [(long_(3), "")], 10)]}}),
        v19.get_count("u1", cparent("Lists"), all_cols()),
        v19.get_count("u1", cparent("Lists", sc="friends"), all_cols()),
        v19.multiget_count(["u1", "u2"], cparent("Lists", sc="friends"), all_cols()),
    ]
    return steps


# --------------------------------------------------------------------------- reversed board
@sc("19_reversed_scoreboard", "order", "zr_sb", when=V08)
def reversed_scoreboard():
    """A game's score board on ReversedType(LongType) names (best score first without a
    reversed slice): the top three, scores between two values, a reversed slice giving the
    lowest, a score bounded the wrong way round for the reversed order, and the board's
    other family of ReversedType(UTF8Type) player names."""
    ks = "zr_sb"
    steps = setup(ks, [cfd(ks, "Board", comparator_type="ReversedType(LongType)"),
                       cfd(ks, "Players", comparator_type="ReversedType(UTF8Type)")])
    steps += [
        v19.batch_mutate({"g1": {"Board": [ins(long_(s), "p%d" % s, 10)
                                           for s in (120, 5, 990, 300, 45)],
                                 "Players": [ins(n, "", 10) for n in ("amy", "zed", "kim")]}}),
        v19.get_slice("g1", cparent("Board"), pred(start="", count=3)),
        v19.get_slice("g1", cparent("Board"), pred(start=long_(300), finish=long_(45))),
        v19.get_slice("g1", cparent("Board"), pred(start="", reversed=True, count=2)),
        v19.get_slice("g1", cparent("Board"), pred(start=long_(45), finish=long_(300))),
        v19.get_slice("g1", cparent("Players"), all_cols()),
        v19.get_slice("g1", cparent("Players"), pred(start="l", finish="")),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mutations shaped wrong
@sc("20_batch_shapes", "batch", "zr_bs")
def batch_shapes():
    """Batches as client libraries built them for several families and rows at once: a
    mutation map over three families and two rows, an empty family list, a row with no
    mutations, a super column write into a standard family, a deletion of a super column from
    a standard family, a batch to a family not there, then what was written."""
    ks = "zr_bs"
    steps = setup(ks, [cfd(ks, "A", comparator_type="UTF8Type"),
                       cfd(ks, "B", comparator_type="UTF8Type"),
                       cfd(ks, "S", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"r1": {"A": [ins("x", "1", 10)], "B": [ins("y", "2", 10)],
                                 "S": [sins("s", [("z", "3")], 10)]},
                          "r2": {"A": [ins("x", "4", 10), dele(["gone"], 10)]}}),
        v19.batch_mutate({"r3": {}}),
        v19.batch_mutate({"r3": {"A": []}}),
        v19.batch_mutate({"r3": {"A": [mutation(cosc(super_column=super_column(
            "s", [column("z", "1", 11)])))]}}),
        # (an absolute timestamp: the refusal quotes the call's bytes)
        v19.batch_mutate({"r1": {"A": [dele(None, Abs(T), sc_="s")]}}),
        v19.batch_mutate({"r1": {"S": [ins("flat", "1", 11)]}}),
        v19.batch_mutate({"r1": {"Nope": [ins("x", "1", 11)]}}),
        v19.batch_mutate({"r1": {"A": [mutation()]}}),
        v19.multiget_slice(["r1", "r2", "r3"], cparent("A"), all_cols()),
        v19.get_slice("r1", cparent("S"), all_cols()),
    ]
    return steps
