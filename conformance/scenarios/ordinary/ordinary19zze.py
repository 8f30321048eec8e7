"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), plus what a client built against a
later IDL sent to it (author zze):
  * a blog's schema tool of Hector's era (a keyspace made empty, families added, updated with
    the id the node gave them, an index added and dropped again by an update, the keyspace's
    replication changed, every mistake of names, comparators, duplicates and unknown families
    and keyspaces), each change followed by the `describe_keyspace` the tool printed
  * a sensor logger on LongType epoch-second names (a day's row per sensor, the latest
    readings by reversed slices, windows, counts, multigets of days, names of the wrong width)
  * a chat service on TimeUUIDType names (rooms as rows, the newest page and the page before
    it, an inbox of each room's latest message, names of the wrong length and version)
  * a user directory on KEYS indexes of UTF8Type and LongType (EQ with GT, LTE and an
    unindexed filter; paging by start_key; an indexed value moved, removed, its row removed)
  * a forum in a Super family (threads as super columns of LongType post numbers)
  * page-view counters (0.8 on: standard and super counter families, multigets, batches,
    removals, the writes a counter family refuses)
  * a session store of TTL'd columns and sub-columns (TTLs read back, overwritten, refused)
  * a catalog read by multigets of many keys (missing, repeated and empty keys)
  * a crawler's range scans paged by start_key and by token in RandomPartitioner order, keys
    only, with the ghosts removed rows leave, and the key ranges the release refused
  * a log family truncated and written again; the mistakes applications met (no keyspace,
    unknown families, validators refusing values, bad predicates, mutations and levels)
  * a shop in CQL 2 (0.8 on: indexes, KEY IN, FIRST and REVERSED, counters, TRUNCATE)
  * a timeline in 1.1's CQL 3 beta (compound keys, ORDER BY, LIMIT, COUNT, an index, a compact
    table read by Thrift)
  * a later IDL's client (CfDef fields of 1.1 and 1.2, KeyRange.row_filter, methods of 1.1
    and 1.2 the release did not have)
  * an inventory written by batches over a Standard and a Super family, Hector's serializers
    on IntegerType, AsciiType and LexicalUUIDType names, a removal's timestamps, a sharded
    work queue on CompositeType(LongType, UTF8Type) names (0.8 on), the ring and splits a
    Hadoop job asked for, an activity feed in a Super family of TimeUUIDType super columns,
    and a Thrift-made LongType family read by CQL 2 (0.8 on)
  * keyspaces moved between SimpleStrategy, NetworkTopologyStrategy (a data centre the node
    is not in) and OldNetworkTopologyStrategy with the levels each took, strategies refused,
    and an administrator's changes to the system keyspace
  * counts of Integer.MAX_VALUE as Hector and pycassa sent them, over BytesType names from
    empty to 0xffff, in a Standard and a Super family
  * hourly rollups in LongType and Super counter families (0.8 on: slices, counts, a counter
    past the largest long, removals, a truncate, a deletion listed after an increment)
  * CQL 2 operations (0.8 on: keyspaces, BATCH, key ranges, LIMIT, COUNT, USING CONSISTENCY,
    ALTER COLUMNFAMILY, statement mistakes)
  * KEYS indexes on BytesType and LongType values with range expressions, slice predicates,
    counts, a truncate and an index on a Super family
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps, CQL writes an absolute `USING TIMESTAMP`. Recorded with capture.py --api 19
--framed on a fresh stock-yaml node of each release."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit as K  # noqa: E402
import thriftwire as W  # noqa: E402
from dsl import (ALL, ANY, EQ, GT, GTE, LOCAL_QUORUM, LT, LTE, ONE, QUORUM, b, column,  # noqa: E402
                 cosc, counter_column, deletion, cparent, cpath, index_clause, index_expr, ins, key_range,
                 lexuuid, long_, mutation, pred, srange, super_column, timeuuid, v19)

R = K.version(2)
sc = K.registrar("zze_")
CTR = R >= (0, 8)
CQL2 = R >= (0, 8)
BETA3 = R >= (1, 1)
UTF8, LONG, TUUID, BYTES, ASCII = "UTF8Type", "LongType", "TimeUUIDType", "BytesType", "AsciiType"
COUNTER = "CounterColumnType"
CTS = "0/2/*/2/*/3"  # a counter's timestamp in a CQL 2 row: the server's clock


def desc(ks):
    return v19.describe_keyspace(ks)


def batch(rows, cl=ONE):
    return v19.batch_mutate(rows, cl)


def slc(key, cf, start="", finish="", rev=False, count=100, sc_=None, cl=ONE):
    return v19.get_slice(key, cparent(cf, sc_), pred(start=start, finish=finish, reversed=rev,
                                                     count=count), cl)


def names(key, cf, ns, sc_=None):
    return v19.get_slice(key, cparent(cf, sc_), pred(names=ns))


ALLP = pred(start="", count=1000)


# ---------------------------------------------------------------- schema tool (first: ids)
@sc("blog_schema", "schema changes and describe_keyspace", "zze_blog")
def blog_schema():
    ks = "zze_blog"
    arts = dict(comparator_type=UTF8, comment="blog posts")
    return [
        K.connect(), v19.describe_keyspaces(),
        v19.system_add_keyspace(K.ksd(ks, [])), v19.set_keyspace(ks), desc(ks),
        v19.system_add_column_family(K.hector_cf(ks, "Articles", **arts)),
        v19.system_add_column_family(K.cfd(ks, "Tags", comparator_type=UTF8,
                                           default_validation_class=UTF8)),
        desc(ks),
        v19.system_update_column_family(K.hector_cf(
            ks, "Articles", id=K.cfid(0), comparator_type=UTF8, comment="blog posts v2",
            gc_grace_seconds=3600, default_validation_class=UTF8,
            column_metadata=[K.coldef("author", UTF8, True, "articles_author"),
                             K.coldef("words", LONG)])),
        desc(ks),
        batch({"post1": {"Articles": [ins("author", "ann", 10), ins("title", "Hello", 10),
                                      ins("words", long_(120), 10)]},
               "post2": {"Articles": [ins("author", "bob", 10), ins("title", "Again", 10)]},
               "post3": {"Articles": [ins("author", "ann", 10), ins("words", long_(9), 10)]}}),
        v19.get_indexed_slices(cparent("Articles"), index_clause(
            [index_expr("author", EQ, "ann")]), ALLP),
        v19.insert("post4", cparent("Articles"), column("words", "many", 11)),
        # the comparator cannot change; an id of 0 as Kundera sent it; a wrong one (1.1 closed
        # the connection on each: the pool's new one sets its keyspace again)
        v19.system_update_column_family(K.hector_cf(ks, "Articles", id=K.cfid(0),
                                                    comparator_type=LONG)), v19.set_keyspace(ks),
        v19.system_update_column_family(K.cfd(ks, "Tags", id=0, comparator_type=UTF8,
                                              comment="zero id")), v19.set_keyspace(ks),
        v19.system_update_column_family(K.cfd(ks, "Tags", id=K.cfid(0), comparator_type=UTF8)),
        v19.set_keyspace(ks),
        # the update without the column metadata drops the index
        v19.system_update_column_family(K.hector_cf(ks, "Articles", id=K.cfid(0),
                                                    comparator_type=UTF8, comment="no index")),
        v19.set_keyspace(ks),
        desc(ks),
        v19.get_indexed_slices(cparent("Articles"), index_clause(
            [index_expr("author", EQ, "ann")]), ALLP),
        v19.system_update_keyspace(K.ksd(ks, [], rf=2)), desc(ks),
        v19.system_update_keyspace(K.ksd(ks, [K.cfd(ks, "Extra")], rf=1)),
        v19.system_add_column_family(K.cfd(ks, "bad-name", comparator_type=UTF8)),
        v19.system_add_column_family(K.cfd(ks, "Articles", comparator_type=UTF8)),
        v19.system_add_column_family(K.cfd(ks, "Drafts", comparator_type="UTF8")),
        v19.system_add_column_family(K.cfd(ks, "Drafts", column_type="Sideways")),
        v19.system_add_column_family(K.cfd("zze_other", "Drafts", comparator_type=UTF8)),
        v19.system_drop_column_family("Tags"), v19.system_drop_column_family("Tags"),
        desc(ks),
        v19.system_add_keyspace(K.ksd(ks, [])),
        v19.system_add_keyspace(K.ksd("zze-dash", [])),
        v19.system_drop_keyspace("zze_nope"), desc("zze_nope"),
        v19.describe_cluster_name(),
    ]


# ---------------------------------------------------------------- sensors on LongType
T0 = 1299000000
DAYS = ["s1:20110301", "s1:20110302", "s2:20110301", "s2:20110302"]


@sc("sensors", "LongType time series", "zze_sensors")
def sensors():
    ks = "zze_sensors"
    cf = K.cfd(ks, "Readings", comparator_type=LONG, default_validation_class=UTF8)
    rows = {d: {"Readings": [ins(long_(T0 + 300 * i), "%d.%d" % (20 + j, i), 100 + i)
                             for i in range(12)]} for j, d in enumerate(DAYS)}
    t = lambda i: long_(T0 + 300 * i)  # noqa: E731
    return [
        K.setup(ks, [cf]), batch(rows, QUORUM),
        slc(DAYS[0], "Readings"),
        slc(DAYS[0], "Readings", t(3), t(8)),
        slc(DAYS[0], "Readings", rev=True, count=3),
        slc(DAYS[1], "Readings", t(5), rev=True, count=2),
        slc(DAYS[1], "Readings", t(5), t(2), rev=True),
        slc(DAYS[2], "Readings", t(11), t(12), count=5),
        v19.get_count(DAYS[0], cparent("Readings"), ALLP),
        v19.get_count(DAYS[0], cparent("Readings"), pred(start=t(4), finish=t(9))),
        v19.multiget_slice(DAYS + ["s3:20110301"], cparent("Readings"),
                           pred(start="", reversed=True, count=2)),
        v19.multiget_count(DAYS + ["s3:20110301"], cparent("Readings"), ALLP),
        v19.get(DAYS[3], cpath("Readings", col=t(7))),
        v19.get(DAYS[3], cpath("Readings", col=t(70))),
        v19.insert(DAYS[0], cparent("Readings"), column(b"\x00\x00\x00\x01", "bad", 150)),
        slc(DAYS[0], "Readings", b"\x00\x01", ""),
        slc(DAYS[0], "Readings", t(8), t(3)),
        slc(DAYS[0], "Readings", count=-1),
        v19.remove(DAYS[0], cpath("Readings", col=t(0)), 200),
        batch({DAYS[0]: {"Readings": [K.dele([t(1), t(2), t(3)], 200)]}}),
        batch({DAYS[1]: {"Readings": [K.dele(rng=srange(t(0), t(5)), t=200)]}}),
        slc(DAYS[0], "Readings", count=4),
        v19.get_count(DAYS[0], cparent("Readings"), ALLP),
        slc(DAYS[1], "Readings", count=0),
    ]


# ---------------------------------------------------------------- chat on TimeUUIDType
@sc("chat", "TimeUUIDType chat rooms", "zze_chat")
def chat():
    ks = "zze_chat"
    cf = K.cfd(ks, "Messages", comparator_type=TUUID, default_validation_class=UTF8)
    out = [K.setup(ks, [cf])]
    for i in range(10):
        out.append(v19.insert("lobby", cparent("Messages"),
                              column(timeuuid(i * 7), "msg %d" % i, 100 + i)))
    for i in range(4):
        out.append(v19.insert("dev", cparent("Messages"),
                              column(timeuuid(i * 7 + 3), "dev %d" % i, 100 + i)))
    u = lambda i: timeuuid(i * 7)  # noqa: E731
    v4 = bytes.fromhex("0f1e2d3c4b5a49788796a5b4c3d2e1f0")
    out += [
        slc("lobby", "Messages", rev=True, count=5),
        slc("lobby", "Messages", u(5), rev=True, count=5),
        slc("lobby", "Messages", u(3), u(7)),
        slc("lobby", "Messages", timeuuid(8), timeuuid(30)),
        v19.get_count("lobby", cparent("Messages"), ALLP),
        v19.multiget_slice(["lobby", "dev", "empty"], cparent("Messages"),
                           pred(start="", reversed=True, count=1)),
        names("dev", "Messages", [timeuuid(3), timeuuid(17), timeuuid(4)]),
        v19.insert("lobby", cparent("Messages"), column(v4, "v4 name", 120)),
        v19.insert("lobby", cparent("Messages"), column(b"0123456789", "short", 120)),
        slc("lobby", "Messages", b"\x01\x02", ""),
        v19.remove("lobby", cpath("Messages", col=u(9)), 200),
        v19.get("lobby", cpath("Messages", col=u(9))),
        slc("lobby", "Messages", rev=True, count=2),
    ]
    return out


# ---------------------------------------------------------------- user directory on indexes
USERS = [("u01", "TX", 1979), ("u02", "CA", 1985), ("u03", "TX", 1990), ("u04", "NY", 1979),
         ("u05", "TX", 1983), ("u06", "CA", 1972), ("u07", "TX", 1999), ("u08", "CA", 1985),
         ("u09", "WA", 1988), ("u10", "TX", 1981), ("u11", "CA", 1990), ("u12", "TX", 1960)]


@sc("users_idx", "KEYS indexes with several expressions", "zze_users")
def users_idx():
    ks = "zze_users"
    cf = K.cfd(ks, "Users", comparator_type=UTF8, default_validation_class=UTF8,
               key_validation_class=UTF8,
               column_metadata=[K.coldef("state", UTF8, True, "users_state"),
                                K.coldef("born", LONG, True, "users_born"),
                                K.coldef("email", UTF8)])
    rows = {k: {"Users": [ins("state", st, 10), ins("born", long_(y), 10),
                          ins("email", "%s@example.com" % k, 10)]} for k, st, y in USERS}
    ix = lambda exprs, start="", count=100: index_clause(exprs, start, count)  # noqa: E731
    tx = index_expr("state", EQ, "TX")
    ca = index_expr("state", EQ, "CA")
    return [
        K.setup(ks, [cf]), batch(rows),
        v19.get_indexed_slices(cparent("Users"), ix([tx]), ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([tx, index_expr("born", GT, long_(1980))]),
                               ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([ca, index_expr("born", LTE, long_(1985)),
                                                     index_expr("email", EQ,
                                                                "u02@example.com")]), ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([index_expr("born", EQ, long_(1985)),
                                                     index_expr("state", GTE, "C")]),
                               pred(names=["email"])),
        v19.get_indexed_slices(cparent("Users"), ix([tx], count=2), pred(names=["born"])),
        v19.get_indexed_slices(cparent("Users"), ix([tx], "u05", 2), pred(names=["born"])),
        v19.get_indexed_slices(cparent("Users"), ix([tx], "u03", 3), pred(names=["born"])),
        v19.get_indexed_slices(cparent("Users"), ix([tx], "zzz", 3), pred(names=["born"])),
        v19.get_indexed_slices(cparent("Users"), ix([tx, index_expr("born", LT, long_(1982))]),
                               pred(start="", count=1)),
        v19.get_indexed_slices(cparent("Users"), ix([index_expr("born", GT, long_(1980))]),
                               ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([index_expr("email", EQ, "x")]), ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([index_expr("born", EQ, b"\x07\xc3")]),
                               ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([]), ALLP),
        v19.get_indexed_slices(cparent("Users"), ix([tx], count=0), ALLP),
        v19.insert("u01", cparent("Users"), column("state", "CA", 20)),
        v19.insert("u12", cparent("Users"), column("state", "OR", 5)),
        v19.remove("u03", cpath("Users", col="state"), 20),
        v19.remove("u05", cpath("Users"), 20),
        v19.get_indexed_slices(cparent("Users"), ix([tx]), pred(names=["state", "born"])),
        v19.get_indexed_slices(cparent("Users"), ix([ca]), pred(names=["state"])),
        v19.insert("u13", cparent("Users"), column("born", b"\x00\x07", 30)),
        v19.multiget_slice(["u01", "u03", "u05", "u12"], cparent("Users"), ALLP),
    ]


# ---------------------------------------------------------------- forum in a Super family
@sc("forum", "Super column family of threads", "zze_forum")
def forum():
    ks = "zze_forum"
    cf = K.cfd(ks, "Threads", column_type="Super", comparator_type=UTF8,
               subcomparator_type=LONG, default_validation_class=UTF8)
    p = long_
    rows = {"rust": {"Threads": [K.sins("t-borrow", [(p(i), "post %d" % i) for i in range(1, 6)],
                                        10),
                                 K.sins("t-async", [(p(1), "first"), (p(2), "second")], 10),
                                 K.sins("t-macro", [(p(7), "only")], 10)]},
            "java": {"Threads": [K.sins("t-gc", [(p(1), "g1"), (p(3), "cms")], 10)]}}
    return [
        K.setup(ks, [cf]), batch(rows),
        slc("rust", "Threads"),
        slc("rust", "Threads", "t-b", "t-z", count=2),
        slc("rust", "Threads", sc_="t-borrow", start=p(4), rev=True, count=2),
        slc("rust", "Threads", sc_="t-borrow", start=p(2), finish=p(4)),
        names("rust", "Threads", ["t-macro", "t-none"]),
        names("rust", "Threads", [p(1), p(9)], sc_="t-async"),
        v19.get("rust", cpath("Threads", "t-borrow", p(3))),
        v19.get("rust", cpath("Threads", "t-async")),
        v19.get("rust", cpath("Threads", "t-async", p(9))),
        v19.get("rust", cpath("Threads", None, p(1))),
        v19.get_count("rust", cparent("Threads"), ALLP),
        v19.get_count("rust", cparent("Threads", "t-borrow"), ALLP),
        v19.multiget_slice(["rust", "java", "go"], cparent("Threads"), pred(start="", count=1)),
        v19.multiget_slice(["rust", "java"], cparent("Threads", "t-gc"), ALLP),
        v19.insert("rust", cparent("Threads", "t-async"), column(b"\x00\x01", "bad", 11)),
        v19.insert("rust", cparent("Threads"), column(p(3), "no super", 11)),
        v19.remove("rust", cpath("Threads", "t-borrow", p(2)), 20),
        v19.remove("rust", cpath("Threads", "t-macro"), 20),
        v19.insert("rust", cparent("Threads", "t-macro"), column(p(8), "late old", 15)),
        v19.insert("rust", cparent("Threads", "t-macro"), column(p(9), "late new", 25)),
        slc("rust", "Threads"),
        v19.get_range_slices(cparent("Threads", "t-async"), ALLP, key_range("", "", count=10)),
        v19.get_range_slices(cparent("Threads"), pred(start="", count=1),
                             key_range("", "", count=10)),
    ]


# ---------------------------------------------------------------- page views (counters)
@sc("pageviews", "counter families", "zze_views", when=CTR)
def pageviews():
    ks = "zze_views"
    ctr = K.cfd(ks, "Views", comparator_type=UTF8, default_validation_class=COUNTER,
                replicate_on_write=True)
    daily = K.cfd(ks, "Daily", column_type="Super", comparator_type=UTF8,
                  subcomparator_type=UTF8, default_validation_class=COUNTER)
    plain = K.cfd(ks, "Pages", comparator_type=UTF8)
    cc = counter_column
    return [
        K.setup(ks, [ctr, daily, plain]), desc(ks),
        v19.add("/home", cparent("Views"), cc("total", 1)),
        v19.add("/home", cparent("Views"), cc("total", 41)),
        v19.add("/home", cparent("Views"), cc("mobile", -3)),
        v19.add("/about", cparent("Views"), cc("total", 7), QUORUM),
        v19.get("/home", cpath("Views", col="total")),
        slc("/home", "Views"),
        batch({"/home": {"Views": [K.cadd("total", 8), K.cadd("mobile", 5)]},
               "/blog": {"Views": [K.cadd("total", 2)]},
               "/home2": {"Daily": [mutation(cosc(counter_super_column=W.struct({
                   1: b("2011-03-01"), 2: W.list_("struct", [cc("us", 3), cc("fr", 1)])})))]}}),
        v19.add("/home2", cparent("Daily", "2011-03-01"), cc("us", 4)),
        v19.add("/home2", cparent("Daily", "2011-03-02"), cc("de", 9)),
        v19.multiget_slice(["/home", "/about", "/blog", "/none"], cparent("Views"), ALLP),
        v19.multiget_count(["/home", "/about"], cparent("Views"), ALLP),
        slc("/home2", "Daily"),
        v19.get("/home2", cpath("Daily", "2011-03-01", "us")),
        v19.get_count("/home2", cparent("Daily", "2011-03-01"), ALLP),
        v19.get_range_slices(cparent("Views"), pred(names=["total"]), key_range("", "", count=5)),
        v19.remove_counter("/about", cpath("Views", col="total")),
        v19.get("/about", cpath("Views", col="total")),
        v19.remove_counter("/home2", cpath("Daily", "2011-03-02")),
        slc("/home2", "Daily"),
        v19.insert("/home", cparent("Views"), column("total", "x", 10)),
        v19.add("/home", cparent("Pages"), cc("total", 1)),
        v19.add("/home", cparent("Views"), cc("total", 1), ANY),
        v19.add("/home", cparent("Daily"), cc("us", 1)),
        batch({"/home": {"Views": [ins("total", "x", 10)]}}),
        v19.get("/home", cpath("Views", col="total")),
    ]


# ---------------------------------------------------------------- sessions with TTL
@sc("sessions", "TTL columns", "zze_sessions")
def sessions():
    ks = "zze_sessions"
    cfs = [K.cfd(ks, "Sessions", comparator_type=UTF8, default_validation_class=UTF8),
           K.cfd(ks, "Carts", column_type="Super", comparator_type=UTF8,
                 subcomparator_type=UTF8)]
    return [
        K.setup(ks, cfs),
        v19.insert("sid1", cparent("Sessions"), column("user", "ann", 10, ttl=86400)),
        batch({"sid1": {"Sessions": [ins("csrf", "tok", 10, ttl=3600), ins("ua", "Firefox", 10)]},
               "sid2": {"Sessions": [ins("user", "bob", 10, ttl=1800)]},
               "sid2x": {"Carts": [mutation(cosc(super_column=super_column("cart", [
                   column("sku1", "2", 10, ttl=7200), column("sku2", "1", 10)])))]}}),
        v19.get("sid1", cpath("Sessions", col="user")),
        slc("sid1", "Sessions"),
        v19.multiget_slice(["sid1", "sid2"], cparent("Sessions"), pred(names=["user"])),
        v19.get("sid2x", cpath("Carts", "cart")),
        v19.insert("sid1", cparent("Sessions"), column("user", "ann", 20)),
        v19.insert("sid2", cparent("Sessions"), column("user", "bob", 20, ttl=600)),
        v19.insert("sid2", cparent("Sessions"), column("user", "old", 15, ttl=60)),
        slc("sid1", "Sessions"), slc("sid2", "Sessions"),
        v19.insert("sid3", cparent("Sessions"), column("user", "zero", 10, ttl=0)),
        v19.insert("sid3", cparent("Sessions"), column("user", "neg", 10, ttl=-5)),
        batch({"sid3": {"Sessions": [ins("user", "neg", 10, ttl=-1)]}}),
        v19.get("sid3", cpath("Sessions", col="user")),
        slc("sid4", "Sessions"),
    ] + ([] if R >= (1, 1) else [
        # twenty years past now overflowed the expiry (an internal error; 1.1's assertion
        # killed the connection's thread and left the call unanswered)
        v19.insert("sid4", cparent("Sessions"), column("user", "long", 10, ttl=630720000)),
        slc("sid4", "Sessions")])


# ---------------------------------------------------------------- catalog: many keys
@sc("catalog_many", "multiget of many keys", "zze_catalog")
def catalog_many():
    ks = "zze_catalog"
    cf = K.cfd(ks, "Products", comparator_type=ASCII, default_validation_class=UTF8)
    keys = K.many("sku", 80)
    rows = {k: {"Products": [ins("name", "item %s" % k, 10), ins("price", str(i * 3), 10)]
                + ([ins("promo", "yes", 10)] if i % 7 == 0 else [])} for i, k in enumerate(keys)}
    wanted = keys[30:80] + K.many("gone", 10)
    return [
        K.setup(ks, [cf]), batch(rows),
        v19.multiget_slice(wanted, cparent("Products"), pred(names=["name", "promo"])),
        v19.multiget_count(wanted, cparent("Products"), ALLP),
        v19.multiget_slice(keys[0:20], cparent("Products"), pred(names=["promo"])),
        v19.multiget_slice(["sku001", "sku001", "sku002"], cparent("Products"), ALLP),
        v19.multiget_slice([], cparent("Products"), ALLP),
        v19.multiget_slice(["sku003", ""], cparent("Products"), ALLP),
        v19.multiget_count(keys[:25], cparent("Products"), pred(names=["promo"])),
        v19.multiget_slice(keys[70:], cparent("Products"), pred(start="p", count=1), QUORUM),
        v19.multiget_slice(keys[:3], cparent("Products"), pred(names=["n\xe9"])),
    ]


# ---------------------------------------------------------------- crawler: range paging
PAGES = ["page%02d" % i for i in range(37)]
ORDER = sorted(PAGES, key=lambda k: int(K.md5_token(k)))


@sc("crawler_ranges", "get_range_slices paging", "zze_crawl")
def crawler_ranges():
    ks = "zze_crawl"
    cf = K.cfd(ks, "Pages", comparator_type=UTF8, default_validation_class=UTF8)
    rows = {k: {"Pages": [ins("url", "http://x/%s" % k, 10), ins("status", "200", 10)]}
            for k in PAGES}
    P = cparent("Pages")
    out = [K.setup(ks, [cf]), batch(rows)]
    # pycassa's get_range: each page starts at the last key of the one before
    start = ""
    for _ in range(4):
        out.append(v19.get_range_slices(P, pred(names=["url"]), key_range(start, "", count=11)))
        i = (ORDER.index(start) if start else 0) + 10
        start = ORDER[min(i, len(ORDER) - 1)]
    # Hadoop's paging by token, each page after the last row's token
    for tok in ["0", K.md5_token(ORDER[14]), K.md5_token(ORDER[29])]:
        out.append(v19.get_range_slices(P, pred(start="", count=1),
                                        key_range(None, None, tok, "0", count=15)))
    out += [
        v19.get_range_slices(P, pred(start="", count=0), key_range("", "", count=5)),
        batch({ORDER[0]: {"Pages": [K.dele(None, 20)]}, ORDER[2]: {"Pages": [K.dele(None, 20)]}}),
        v19.remove(ORDER[3], cpath("Pages", col="url"), 20),
        v19.get_range_slices(P, pred(start="", count=0), key_range("", "", count=5)),
        v19.get_range_slices(P, pred(names=["url"]), key_range("", "", count=5)),
        v19.get_range_slices(P, ALLP, key_range(ORDER[5], ORDER[8], count=100)),
        v19.get_range_slices(P, ALLP, key_range(ORDER[8], ORDER[5], count=100)),
        v19.get_range_slices(P, ALLP, key_range(ORDER[5], ORDER[5], count=100)),
        v19.get_range_slices(P, ALLP, key_range(ORDER[5], None, K.md5_token(ORDER[9]), count=3)),
        v19.get_range_slices(P, ALLP, key_range(None, None, K.md5_token(ORDER[30]),
                                                K.md5_token(ORDER[1]), count=4)),
        v19.get_range_slices(P, ALLP, key_range("", "", count=0)),
        v19.get_range_slices(P, ALLP, key_range("", "", count=-2)),
        v19.get_range_slices(P, ALLP, key_range(None, None, None, None, count=2)),
        v19.get_range_slices(P, pred(names=["status"]), key_range(ORDER[35], "", count=5)),
    ]
    return out


# ---------------------------------------------------------------- truncate
@sc("logs_truncate", "truncate and write again", "zze_logs")
def logs_truncate():
    ks = "zze_logs"
    cfs = [K.cfd(ks, "Logs", comparator_type=LONG, default_validation_class=UTF8),
           K.cfd(ks, "Keep", comparator_type=UTF8)]
    rows = {"app%d" % i: {"Logs": [ins(long_(j), "line %d" % j, 10) for j in range(3)]}
            for i in range(5)}
    return [
        K.setup(ks, cfs), batch(rows),
        v19.insert("k", cparent("Keep"), column("c", "kept", 10)),
        v19.get_range_slices(cparent("Logs"), pred(start="", count=1), key_range("", "", count=10)),
        v19.truncate("Logs"),
        v19.get_range_slices(cparent("Logs"), ALLP, key_range("", "", count=10)),
        v19.get("app1", cpath("Logs", col=long_(1))),
        v19.insert("app1", cparent("Logs"), column(long_(9), "after", 5)),
        slc("app1", "Logs"),
        v19.get("k", cpath("Keep", col="c")),
        v19.truncate("Nope"), v19.truncate(""),
    ]


# ---------------------------------------------------------------- mistakes
@sc("mistakes", "errors applications met", "zze_mistakes")
def mistakes():
    ks = "zze_mistakes"
    cfs = [K.cfd(ks, "Accounts", comparator_type=UTF8, default_validation_class=LONG,
                 key_validation_class=LONG if CTR else None,
                 column_metadata=[K.coldef("name", UTF8), K.coldef("code", ASCII)]),
           K.cfd(ks, "Notes", column_type="Super", comparator_type=UTF8)]
    k8 = long_(42)
    both = mutation(cosc(column=column("a", long_(1), 10)),
                    deletion(10, predicate=pred(names=["a"])))
    return [
        v19.get(k8, cpath("Accounts", col="balance")),
        v19.set_keyspace("zze_missing"), v19.describe_keyspace("zze_missing"),
        K.setup(ks, cfs),
        v19.insert(k8, cparent("Accounts"), column("balance", long_(100), 10)),
        v19.insert(k8, cparent("Accounts"), column("balance", "100", 10)),
        v19.insert(k8, cparent("Accounts"), column("name", b"\xff\xfeann", 10)),
        v19.insert(k8, cparent("Accounts"), column("code", "caf\xe9", 10)),
        v19.insert(k8, cparent("Accounts"), column(b"\xc3\x28", long_(1), 10)),
        v19.insert("abc", cparent("Accounts"), column("balance", long_(1), 10)),
        v19.insert("", cparent("Accounts"), column("balance", long_(1), 10)),
        v19.insert(k8, cparent("Accounts"), column("", long_(1), 10)),
        v19.insert(k8, cparent("Acounts"), column("balance", long_(1), 10)),
        v19.get(k8, cpath("Accounts", "sc", "balance")),
        v19.get(k8, cpath("Accounts")),
        v19.get_slice(k8, cparent("Accounts", "sc"), ALLP),
        v19.get_slice(k8, cparent("Accounts"), W.struct({})),
        v19.get_slice(k8, cparent("Accounts"), W.struct({
            1: W.list_("bin", [b("balance")]), 2: srange("", "", False, 10)})),
        v19.get(k8, cpath("Accounts", col="balance"), ANY),
        v19.insert(k8, cparent("Accounts"), column("x", long_(1), 10), ANY),
        v19.insert(k8, cparent("Accounts"), column("y", long_(2), 10), LOCAL_QUORUM),
        v19.get(k8, cpath("Accounts", col="balance"), ALL),
        batch({k8: {"Accounts": [mutation(None, None)]}}),
        batch({k8: {"Accounts": [mutation(cosc(), None)]}}),
        batch({k8: {"Accounts": [both]}}),
        batch({k8: {"Nope": [ins("a", long_(1), 10)]}}),
        v19.insert("n1", cparent("Notes"), column("a", "b", 10)),
        v19.get("n1", cpath("Notes", col="a")),
        v19.insert(k8, cparent("Accounts"), column("z" * 70000, long_(1), 10)),
        v19.get_slice(k8, cparent("Accounts"), ALLP),
        v19.remove(k8, cpath("Accounts", col="balance"), 20, None),
        v19.get_slice(k8, cparent("Accounts"), ALLP),
    ]


# ---------------------------------------------------------------- a shop in CQL 2
def q(s):
    return K.cql2(s)


@sc("cql2_shop", "CQL 2 application", "zze_shop", when=CQL2)
def cql2_shop():
    ks = "zze_shop"
    prods = [("p1", "Lamp", "home", 25), ("p2", "Desk", "home", 140), ("p3", "Pen", "office", 2),
             ("p4", "Chair", "home", 60), ("p5", "Stapler", "office", 9)]
    out = [
        q("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
          "AND strategy_options:replication_factor = 1" % ks),
        q("USE %s" % ks),
        q("CREATE COLUMNFAMILY Products (KEY varchar PRIMARY KEY, title varchar, "
          "category varchar, price bigint) WITH comparator = varchar AND "
          "default_validation = varchar"),
        q("CREATE INDEX products_category ON Products (category)"),
    ]
    for k, t, c, p in prods:
        out.append(q("INSERT INTO Products (KEY, title, category, price) VALUES "
                     "('%s', '%s', '%s', %d) USING TIMESTAMP 1000" % (k, t, c, p)))
    out += [
        q("SELECT title, price FROM Products WHERE KEY = 'p1'"),
        q("SELECT * FROM Products WHERE KEY IN ('p1', 'p3', 'zz')"),
        q("SELECT title FROM Products WHERE category = 'home'"),
        q("SELECT title, price FROM Products WHERE category = 'home' AND price > 50"),
        q("SELECT COUNT(*) FROM Products WHERE KEY = 'p2'"),
        q("UPDATE Products USING TIMESTAMP 2000 SET price = 30, title = 'Lamp XL' "
          "WHERE KEY = 'p1'"),
        q("SELECT price, title FROM Products WHERE KEY = 'p1'"),
        q("UPDATE Products USING TIMESTAMP 500 SET price = 1 WHERE KEY = 'p1'"),
        q("SELECT price FROM Products WHERE KEY = 'p1'"),
        q("DELETE price FROM Products WHERE KEY = 'p2'"),
        q("SELECT * FROM Products WHERE KEY = 'p2'"),
        q("SELECT FIRST 2 * FROM Products WHERE KEY = 'p3'"),
        q("SELECT REVERSED 'title'..'category' FROM Products WHERE KEY = 'p3'"),
        q("SELECT 'category'..'price' FROM Products WHERE KEY = 'p4'"),
        q("INSERT INTO Products (KEY, price) VALUES ('p9', 'cheap') USING TIMESTAMP 1000"),
        q("SELECT * FROM Nope WHERE KEY = 'p1'"),
        q("SELECT title FROM Products WHERE title = 'Pen'"),
        q("SELECT title FROM Products WHERE KEY = 'p1' AND"),
        q("CREATE COLUMNFAMILY Hits (KEY varchar PRIMARY KEY) WITH comparator = varchar "
          "AND default_validation = counter"),
        q("UPDATE Hits SET views = views + 1 WHERE KEY = 'p1'"),
        q("UPDATE Hits SET views = views + 4, buys = buys + 1 WHERE KEY = 'p1'"),
        q("SELECT views, buys FROM Hits WHERE KEY = 'p1'").mask(CTS),
        q("UPDATE Hits SET views = 5 WHERE KEY = 'p1'"),
        v19.set_keyspace(ks), desc(ks),
        v19.get("p1", cpath("Products", col="price")),
        q("TRUNCATE Products"),
        q("SELECT * FROM Products WHERE KEY = 'p1'"),
        q("DROP INDEX products_category"),
        q("SELECT title FROM Products WHERE category = 'home'"),
        q("DROP COLUMNFAMILY Products"),
        q("SELECT * FROM Products WHERE KEY = 'p1'"),
    ]
    return out


# ---------------------------------------------------------------- CQL 3 beta (1.1)
def q3(s):
    return K.cql2(s)


@sc("cql3_timeline", "CQL 3 beta of 1.1", "zze_timeline", when=BETA3)
def cql3_timeline():
    ks = "zze_timeline"
    out = [
        v19.set_cql_version("3.0.0"),
        q3("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
           "AND strategy_options:replication_factor = 1" % ks),
        q3("USE %s" % ks),
        q3("CREATE TABLE timeline (user_id varchar, posted bigint, author varchar, "
           "body varchar, PRIMARY KEY (user_id, posted))"),
    ]
    for u, p, a, t in [("ann", 1, "bob", "hi"), ("ann", 3, "cat", "yo"), ("ann", 5, "bob", "ok"),
                       ("ann", 8, "dan", "no"), ("bob", 2, "ann", "hey"), ("bob", 4, "ann", "x")]:
        out.append(q3("INSERT INTO timeline (user_id, posted, author, body) VALUES "
                      "('%s', %d, '%s', '%s') USING TIMESTAMP 1000" % (u, p, a, t)))
    out += [
        q3("SELECT * FROM timeline WHERE user_id = 'ann'"),
        q3("SELECT body FROM timeline WHERE user_id = 'ann' AND posted > 2 AND posted <= 5"),
        q3("SELECT posted, body FROM timeline WHERE user_id = 'ann' ORDER BY posted DESC "
           "LIMIT 2"),
        q3("SELECT COUNT(*) FROM timeline WHERE user_id = 'ann'"),
        q3("UPDATE timeline USING TIMESTAMP 2000 SET body = 'edited' WHERE user_id = 'ann' "
           "AND posted = 3"),
        q3("DELETE FROM timeline WHERE user_id = 'bob' AND posted = 2"),
        q3("SELECT * FROM timeline WHERE user_id IN ('ann', 'bob') AND posted = 3"),
        q3("SELECT * FROM timeline WHERE user_id = 'bob'"),
        q3("SELECT nope FROM timeline WHERE user_id = 'ann'"),
        q3("SELECT * FROM timeline WHERE user_id = 'ann' ORDER BY user_id DESC"),
        q3("INSERT INTO timeline (user_id, body) VALUES ('ann', 'x') USING TIMESTAMP 1000"),
        q3("CREATE TABLE users (name varchar PRIMARY KEY, email varchar, age int)"),
        q3("CREATE INDEX ON users (age)"),
        q3("INSERT INTO users (name, email, age) VALUES ('ann', 'a@x', 30) "
           "USING TIMESTAMP 1000"),
        q3("INSERT INTO users (name, email, age) VALUES ('bob', 'b@x', 41) "
           "USING TIMESTAMP 1000"),
        q3("SELECT name, email FROM users WHERE age = 30"),
        q3("CREATE TABLE tags (tag varchar, item varchar, note varchar, "
           "PRIMARY KEY (tag, item)) WITH COMPACT STORAGE"),
        q3("INSERT INTO tags (tag, item, note) VALUES ('red', 'apple', 'fruit') "
           "USING TIMESTAMP 1000"),
        q3("INSERT INTO tags (tag, item, note) VALUES ('red', 'brick', 'wall') "
           "USING TIMESTAMP 1000"),
        v19.set_keyspace(ks),
        slc("red", "tags"),
        v19.insert("red", cparent("tags"), column("car", "fast", 50)),
        q3("SELECT item, note FROM tags WHERE tag = 'red' AND item > 'b'"),
        desc(ks),
    ]
    return out


# ---------------------------------------------------------------- a later IDL's client
@sc("later_client", "calls of a later IDL", "zze_later")
def later_client():
    ks = "zze_later"
    cf = K.cfd_later(ks, "Items", comparator_type=UTF8, default_validation_class=UTF8,
                     key_validation_class=UTF8, replicate_on_write=True, caching="keys_only",
                     compaction_strategy="SizeTieredCompactionStrategy",
                     bloom_filter_fp_chance=0.01, default_time_to_live=0,
                     speculative_retry="NONE",
                     column_metadata=[K.coldef("color", UTF8, True, "items_color")])
    rows = {"i%d" % i: {"Items": [ins("color", c, 10), ins("size", str(i), 10)]}
            for i, c in enumerate(["red", "blue", "red", "green", "red"])}
    red = [index_expr("color", EQ, "red")]
    return [
        K.setup(ks, [cf]), desc(ks), batch(rows), v19.describe_ring(ks),
        v19.get_range_slices(cparent("Items"), ALLP, key_range("", "", count=10,
                                                                row_filter=red)),
        v19.get_range_slices(cparent("Items"), pred(names=["size"]),
                             key_range("", "", count=3, row_filter=red)),
        v19.get_paged_slice("Items", key_range("", "", count=3), "size"),
        K.splits_ex("Items", "0", "0", 128),
        v19.describe_token_map(),
        v19.set_cql_version("3.0.0"),
        K.cql3("SELECT * FROM Items"),
        v19.atomic_batch_mutate({"i9": {"Items": [ins("color", "red", 10)]}}),
        v19.system_update_column_family(K.cfd_later(
            ks, "Items", id=K.cfid(0), comparator_type=UTF8, default_validation_class=UTF8,
            key_validation_class=UTF8, compaction_strategy_options={"min_sstable_size": "10"},
            memtable_flush_period_in_ms=60000, index_interval=256,
            column_metadata=[K.coldef("color", UTF8, True, "items_color")])),
        v19.set_keyspace(ks), desc(ks),
        v19.get_indexed_slices(cparent("Items"), index_clause(red), pred(names=["size"])),
    ]


# ---------------------------------------------------------------- inventory batches
@sc("inventory", "batches over Standard and Super families", "zze_inv")
def inventory():
    ks = "zze_inv"
    cfs = [K.cfd(ks, "Stock", comparator_type=UTF8, default_validation_class=UTF8),
           K.cfd(ks, "Bins", column_type="Super", comparator_type=UTF8, subcomparator_type=UTF8)]
    return [
        K.setup(ks, cfs),
        batch({"w1": {"Stock": [ins("bolt", "100", 10), ins("nut", "250", 10),
                                ins("gear", "4", 10)],
                      "Bins": [K.sins("A1", [("bolt", "60"), ("nut", "250")], 10),
                               K.sins("A2", [("bolt", "40"), ("gear", "4")], 10)]},
               "w2": {"Stock": [ins("bolt", "7", 10)],
                      "Bins": [K.sins("B1", [("bolt", "7")], 10)]}}, QUORUM),
        v19.multiget_slice(["w1", "w2"], cparent("Stock"), ALLP),
        v19.multiget_slice(["w1", "w2"], cparent("Bins"), ALLP),
        batch({"w1": {"Stock": [K.dele(["gear"], 20), ins("bolt", "99", 20)],
                      "Bins": [K.dele(["gear"], 20, sc_="A2"), K.dele(None, 20, sc_="A1")]},
               "w2": {"Stock": [K.dele(None, 20)], "Bins": [K.dele(["B1"], 20)]}}),
        v19.multiget_slice(["w1", "w2"], cparent("Stock"), ALLP),
        v19.multiget_slice(["w1", "w2"], cparent("Bins"), ALLP),
        batch({"w2": {"Stock": [ins("bolt", "old", 15), ins("nut", "new", 25)],
                      "Bins": [K.sins("B1", [("late", "1")], 15), K.sins("B2", [("x", "1")], 25)]}}),
        v19.multiget_slice(["w2"], cparent("Stock"), ALLP),
        slc("w2", "Bins"),
        batch({"w1": {"Bins": [K.dele(["bolt"], 30)]}}),
        batch({"w1": {"Stock": [K.dele(["a"], 30, sc_="A1")]}}),
        batch({"w1": {"Stock": [ins("same", "one", 40), ins("same", "two", 40)]}}),
        v19.get("w1", cpath("Stock", col="same")),
        batch({}),
        batch({"w3": {}}),
        v19.get_count("w1", cparent("Bins", "A2"), ALLP),
    ]


# ---------------------------------------------------------------- Hector's serializers
@sc("serializers", "IntegerType, AsciiType and LexicalUUIDType names", "zze_ser")
def serializers():
    ks = "zze_ser"
    cfs = [K.cfd(ks, "Scores", comparator_type="IntegerType", default_validation_class=UTF8),
           K.cfd(ks, "Codes", comparator_type=ASCII, key_validation_class=LONG if CTR else None),
           K.cfd(ks, "Audit", comparator_type="LexicalUUIDType")]
    iv = lambda n: n.to_bytes(max(1, (n.bit_length() + 8) // 8), "big", signed=True)  # noqa
    out = [K.setup(ks, cfs)]
    for n in [-300, -1, 0, 5, 127, 128, 40000, 1 << 70]:
        out.append(v19.insert("board", cparent("Scores"), column(iv(n), "n%d" % n, 10)))
    out += [
        slc("board", "Scores"),
        slc("board", "Scores", iv(-1), iv(200)),
        slc("board", "Scores", iv(1000), rev=True, count=3),
        v19.insert("board", cparent("Scores"), column(b"\x00\x05", "padded", 11)),
        names("board", "Scores", [iv(5), b"\x00\x05", iv(9)]),
        v19.insert(long_(7), cparent("Codes"), column("ZX", "1", 10)),
        v19.insert(long_(7), cparent("Codes"), column("z\xe9", "1", 10)),
        slc(long_(7), "Codes"),
        v19.insert(b"\x00\x00\x07", cparent("Codes"), column("A", "1", 10)),
        v19.insert("e", cparent("Audit"), column(lexuuid(3), "third", 10)),
        v19.insert("e", cparent("Audit"), column(lexuuid(1), "first", 10)),
        v19.insert("e", cparent("Audit"), column(b"\x01" * 8, "short", 10)),
        slc("e", "Audit"),
        slc("e", "Audit", lexuuid(2), lexuuid(9)),
    ]
    return out


# ---------------------------------------------------------------- removal timestamps
@sc("removals", "removes and their timestamps", "zze_rm")
def removals():
    ks = "zze_rm"
    cfs = [K.cfd(ks, "Profiles", comparator_type=UTF8, default_validation_class=UTF8),
           K.cfd(ks, "Groups", column_type="Super", comparator_type=UTF8, subcomparator_type=UTF8)]
    return [
        K.setup(ks, cfs),
        batch({"p1": {"Profiles": [ins("a", "1", 100), ins("b", "2", 100), ins("c", "3", 100)]},
               "g1": {"Groups": [K.sins("admins", [("ann", "1"), ("bob", "1")], 100)]}}),
        v19.remove("p1", cpath("Profiles", col="a"), 50),
        v19.get("p1", cpath("Profiles", col="a")),
        v19.remove("p1", cpath("Profiles", col="a"), 100),
        v19.get("p1", cpath("Profiles", col="a")),
        v19.insert("p1", cparent("Profiles"), column("a", "back", 100)),
        v19.insert("p1", cparent("Profiles"), column("a", "back", 101)),
        v19.get("p1", cpath("Profiles", col="a")),
        v19.remove("p1", cpath("Profiles"), 150),
        v19.get_count("p1", cparent("Profiles"), ALLP),
        v19.insert("p1", cparent("Profiles"), column("d", "4", 149)),
        v19.insert("p1", cparent("Profiles"), column("e", "5", 151)),
        slc("p1", "Profiles"),
        v19.remove("g1", cpath("Groups", "admins", "bob"), 120),
        v19.remove("g1", cpath("Groups", "nobody"), 120),
        slc("g1", "Groups"),
        v19.remove("g1", cpath("Groups"), 130),
        v19.insert("g1", cparent("Groups", "admins"), column("cat", "1", 125)),
        v19.insert("g1", cparent("Groups", "admins"), column("dan", "1", 135)),
        slc("g1", "Groups"),
        v19.remove("none", cpath("Profiles", col="x"), 10),
        v19.remove("p1", cpath("Nope"), 10),
        v19.remove("p1", cpath("Profiles", "sc"), 10),
    ]


# ---------------------------------------------------------------- sharded queue (composite)
@sc("queue", "CompositeType(LongType, UTF8Type) work queue", "zze_queue", when=CTR)
def queue():
    ks = "zze_queue"
    ct = "CompositeType(LongType, UTF8Type)"
    cf = K.cfd(ks, "Jobs", comparator_type=ct, default_validation_class=UTF8)
    jobs = [(5, "mail"), (5, "zip"), (9, "a"), (12, "resize"), (12, "crop"), (30, "x")]
    return [
        K.setup(ks, [cf]),
        batch({"shard0": {"Jobs": [ins(K.comp(t, n), "payload %s" % n, 10) for t, n in jobs]}}),
        slc("shard0", "Jobs"),
        slc("shard0", "Jobs", K.comp(12), K.comp(12, eoc=1)),
        slc("shard0", "Jobs", K.comp(5, eoc=1), K.comp(12, eoc=-1)),
        slc("shard0", "Jobs", K.comp(9), "", count=2),
        slc("shard0", "Jobs", K.comp(30, eoc=1), K.comp(9), rev=True),
        v19.remove("shard0", cpath("Jobs", col=K.comp(5, "mail")), 20),
        slc("shard0", "Jobs", count=2),
        v19.insert("shard0", cparent("Jobs"), column(K.comp(7), "no name", 10)),
        v19.insert("shard0", cparent("Jobs"), column(b"\x00\x04abcd\x00", "bad", 10)),
        v19.insert("shard0", cparent("Jobs"), column(b"\x00\x08\x00\x00\x00\x00\x00\x00\x00\x01\x00"
                                                     b"\x00\x02\xc3\x28\x00", "bad utf8", 10)),
        desc(ks),
    ]


# ---------------------------------------------------------------- a Hadoop job's ring
@sc("hadoop_ring", "describe_ring and splits", "zze_hadoop")
def hadoop_ring():
    ks = "zze_hadoop"
    cf = K.cfd(ks, "Input", comparator_type=UTF8)
    rows = {"r%02d" % i: {"Input": [ins("line", "text %d" % i, 10)]} for i in range(20)}
    return [
        K.setup(ks, [cf]), batch(rows),
        v19.describe_ring(ks), v19.describe_partitioner(), v19.describe_snitch(),
        v19.describe_splits("Input", "0", "0", 64),
        v19.describe_splits("Input", "0", "85070591730234615865843651857942052864", 5),
        # 0.7 closed the connection here: the pool's new one sets its keyspace again
        v19.describe_splits("Nope", "0", "0", 64), v19.set_keyspace(ks),
        v19.describe_ring("zze_none"),
        v19.get_range_slices(cparent("Input"), pred(start="", count=1),
                             key_range(None, None, "0", "85070591730234615865843651857942052864",
                                       count=100)),
        v19.get_range_slices(cparent("Input"), pred(start="", count=1),
                             key_range(None, None, "85070591730234615865843651857942052864", "0",
                                       count=100)),
        v19.describe_schema_versions(),
    ]


# ---------------------------------------------------------------- activity feed (Super)
@sc("feed", "Super family of TimeUUIDType super columns", "zze_feed")
def feed():
    ks = "zze_feed"
    cf = K.cfd(ks, "Feed", column_type="Super", comparator_type=TUUID, subcomparator_type=UTF8)
    ev = lambda i, who, verb: K.sins(timeuuid(i), [("actor", who), ("verb", verb)], 10)  # noqa
    return [
        K.setup(ks, [cf]),
        batch({"ann": {"Feed": [ev(1, "bob", "liked"), ev(4, "cat", "shared"),
                                ev(9, "dan", "followed"), ev(12, "bob", "commented")]},
               "bob": {"Feed": [ev(2, "ann", "liked")]}}),
        v19.multiget_slice(["ann", "bob", "cat"], cparent("Feed"),
                           pred(start="", reversed=True, count=2)),
        slc("ann", "Feed", timeuuid(9), rev=True, count=2),
        slc("ann", "Feed", sc_=timeuuid(4)),
        names("ann", "Feed", ["verb"], sc_=timeuuid(12)),
        v19.get("ann", cpath("Feed", timeuuid(9), "actor")),
        v19.get_count("ann", cparent("Feed"), pred(start=timeuuid(3), finish=timeuuid(10))),
        v19.remove("ann", cpath("Feed", timeuuid(1)), 20),
        v19.multiget_count(["ann", "bob"], cparent("Feed"), ALLP),
        v19.insert("ann", cparent("Feed", b"short"), column("actor", "x", 10)),
        v19.get_range_slices(cparent("Feed"), pred(start="", count=1),
                             key_range("", "", count=10)),
    ]


# ---------------------------------------------------------------- CQL 2 over a Thrift family
@sc("cql2_thrift", "CQL 2 reads of a Thrift-made LongType family", "zze_metrics", when=CQL2)
def cql2_thrift():
    ks = "zze_metrics"
    cf = K.cfd(ks, "Metrics", comparator_type=LONG, default_validation_class=LONG,
               key_validation_class=UTF8)
    rows = {"cpu": {"Metrics": [ins(long_(t), long_(t % 7), 10) for t in range(100, 111)]}}
    return [
        K.setup(ks, [cf]), batch(rows),
        q("SELECT * FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT FIRST 3 102..109 FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT FIRST 2 REVERSED 109..102 FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT 104, 105, 999 FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT COUNT(*) FROM Metrics WHERE KEY = 'cpu'"),
        q("INSERT INTO Metrics (KEY, 200) VALUES ('cpu', 7) USING TIMESTAMP 1000"),
        q("INSERT INTO Metrics (KEY, 201) VALUES ('cpu', 'seven') USING TIMESTAMP 1000"),
        q("INSERT INTO Metrics (KEY, 'abc') VALUES ('cpu', 7) USING TIMESTAMP 1000"),
        slc("cpu", "Metrics", long_(150), "", count=5),
        q("DELETE 200 FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT 200 FROM Metrics WHERE KEY = 'cpu'"),
        q("SELECT * FROM Metrics WHERE KEY = 'mem'"),
        q("SELECT FIRST 1 * FROM Metrics"),
    ]


# ---------------------------------------------------------------- replication settings
@sc("replication", "keyspace strategies and the levels they took", "zze_repl")
def replication():
    ks = "zze_repl"
    cf = K.cfd(ks, "Items", comparator_type=UTF8)
    nts = {"datacenter1": "1"}
    return [
        v19.system_add_keyspace(K.ksd(ks, [cf], strategy=K.NTS, options=nts)),
        v19.set_keyspace(ks), desc(ks), v19.describe_ring(ks),
        v19.insert("a", cparent("Items"), column("c", "1", 10), LOCAL_QUORUM),
        v19.insert("a", cparent("Items"), column("d", "1", 10), 4),
        v19.get("a", cpath("Items", col="c"), LOCAL_QUORUM),
        slc("a", "Items", cl=QUORUM),
        v19.system_update_keyspace(K.ksd(ks, [], strategy=K.NTS, options={"dc2": "2"})),
        desc(ks),
        v19.insert("a", cparent("Items"), column("e", "1", 10)),
        v19.get("a", cpath("Items", col="c")),
        v19.system_update_keyspace(K.ksd(ks, [], rf=3)), desc(ks),
        v19.insert("a", cparent("Items"), column("f", "1", 10), QUORUM),
        v19.insert("a", cparent("Items"), column("f", "1", 10), ONE),
        slc("a", "Items", cl=ALL),
        v19.system_update_keyspace(K.ksd(ks, [], strategy=K.ONTS, options={"replication_factor":
                                                                           "1"}
                                         if CTR else None)),
        desc(ks),
        v19.system_add_keyspace(K.ksd("zze_repl2", [], strategy="SimpleStrategy")),
        v19.system_add_keyspace(K.ksd("zze_repl3", [], strategy="org.example.NoStrategy")),
        v19.system_add_keyspace(K.ksd("zze_repl4", [], options={})),
        v19.describe_keyspace("zze_repl2"), v19.system_drop_keyspace("zze_repl2"),
        v19.system_drop_keyspace("zze_repl4"),
        v19.system_add_column_family(K.cfd("system", "Mine")),
        v19.system_drop_keyspace("system"),
        v19.set_keyspace("system"),
        v19.get("a", cpath("LocationInfo", col="c")),
    ]


# ---------------------------------------------------------------- counts a library sent
BIG = 2147483647


@sc("big_counts", "counts of Integer.MAX_VALUE and slices of binary names", "zze_counts")
def big_counts():
    ks = "zze_counts"
    cfs = [K.cfd(ks, "Blobs", comparator_type=BYTES),
           K.cfd(ks, "Groups", column_type="Super", comparator_type=BYTES,
                 subcomparator_type=BYTES)]
    bn = [b"", b"\x00", b"\x00\x00", b"\x01", b"\x7f", b"\x80", b"\xfe\xff", b"\xff",
          b"\xff\xff"]
    return [
        K.setup(ks, cfs),
        batch({"r": {"Blobs": [ins(n, "v%d" % i, 10) for i, n in enumerate(bn[1:])]},
               "g": {"Groups": [K.sins(b"\x10", [(b"\x01", "a"), (b"\xf0", "b")], 10),
                                K.sins(b"\x80", [(b"\x00", "c")], 10)]}}),
        v19.get_slice("r", cparent("Blobs"), pred(start="", count=BIG)),
        v19.get_count("r", cparent("Blobs"), pred(start="", count=BIG)),
        v19.multiget_slice(["r", "x"], cparent("Blobs"), pred(start="", count=BIG)),
        v19.multiget_count(["r", "x"], cparent("Blobs"), pred(start=b"\x01", count=BIG)),
        slc("r", "Blobs", b"\x00", b"\x7f"),
        slc("r", "Blobs", b"\xff", b"\x00\x00", rev=True),
        slc("r", "Blobs", b"", b"\x01", rev=True),
        slc("r", "Blobs", b"\x80", b"", count=2),
        names("r", "Blobs", [b"\xff", b"\x00", b"\x42"]),
        v19.insert("r", cparent("Blobs"), column(b"", "empty", 10)),
        v19.get_range_slices(cparent("Blobs"), pred(start="", count=BIG),
                             key_range("", "", count=BIG)),
        v19.get_slice("g", cparent("Groups"), pred(start="", count=BIG)),
        v19.get_count("g", cparent("Groups", b"\x10"), pred(start="", count=BIG)),
        slc("g", "Groups", b"\x80", rev=True, count=1),
        v19.get_range_slices(cparent("Groups", b"\x10"), pred(start=b"\x02", count=BIG),
                             key_range("", "", count=10)),
        v19.get_indexed_slices(cparent("Blobs"), index_clause(
            [index_expr("x", EQ, "y")], "", BIG), ALLP),
    ]


# ---------------------------------------------------------------- counters, more (0.8 on)
@sc("counter_rollups", "counter slices, counts and batches", "zze_rollup", when=CTR)
def counter_rollups():
    ks = "zze_rollup"
    cfs = [K.cfd(ks, "Hourly", comparator_type=LONG, default_validation_class=COUNTER),
           K.cfd(ks, "ByRegion", column_type="Super", comparator_type=UTF8,
                 subcomparator_type=LONG, default_validation_class=COUNTER)]
    hr = lambda h: long_(1299000000 + 3600 * h)  # noqa: E731
    return [
        K.setup(ks, cfs),
        batch({"api": {"Hourly": [K.cadd(hr(h), h * 10 + 1) for h in range(6)]},
               "web": {"Hourly": [K.cadd(hr(h), -h) for h in range(3)]}}),
        batch({"api": {"Hourly": [K.cadd(hr(2), 1000), K.cadd(hr(2), 1)]}}),
        slc("api", "Hourly", hr(1), hr(4)),
        slc("api", "Hourly", rev=True, count=2),
        v19.get_count("api", cparent("Hourly"), pred(start=hr(2), count=100)),
        v19.multiget_count(["api", "web", "none"], cparent("Hourly"), ALLP),
        v19.multiget_slice(["api", "web"], cparent("Hourly"), pred(names=[hr(0), hr(9)])),
        v19.add("api", cparent("Hourly"), counter_column(hr(0), 9223372036854775807)),
        v19.get("api", cpath("Hourly", col=hr(0))),
        v19.add("api", cparent("Hourly"), counter_column(b"\x01\x02", 1)),
        batch({"eu": {"ByRegion": [mutation(cosc(counter_super_column=W.struct({
            1: b("fr"), 2: W.list_("struct", [counter_column(hr(0), 5),
                                              counter_column(hr(1), 6)])})))]}}),
        v19.add("eu", cparent("ByRegion", "de"), counter_column(hr(0), 2)),
        slc("eu", "ByRegion"),
        slc("eu", "ByRegion", sc_="fr", start=hr(1)),
        v19.get("eu", cpath("ByRegion", "fr")),
        v19.get_range_slices(cparent("ByRegion", "fr"), ALLP, key_range("", "", count=5)),
        v19.remove_counter("eu", cpath("ByRegion", "fr", hr(0))),
        slc("eu", "ByRegion", sc_="fr"),
        v19.remove_counter("web", cpath("Hourly")),
        v19.get_count("web", cparent("Hourly"), ALLP),
        v19.truncate("Hourly"),
        slc("api", "Hourly"),
        batch({"api": {"Hourly": [K.dele([hr(1)], 20)]}}),
        # (a deletion listed before an increment of its counter stamped both in one
        # millisecond, mostly: whether the increment stayed was the clock's race)
        batch({"api": {"Hourly": [K.cadd(hr(1), 3), K.dele(None, 20)]}}),
        v19.get("api", cpath("Hourly", col=hr(1))),
    ]


# ---------------------------------------------------------------- CQL 2, more (0.8 on)
@sc("cql2_ops", "CQL 2 keyspaces, batches, ranges and schema edits", "zze_ops", when=CQL2)
def cql2_ops():
    ks = "zze_ops"
    out = [
        q("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
          "AND strategy_options:replication_factor = 1" % ks),
        q("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
          "AND strategy_options:replication_factor = 1" % ks),
        q("CREATE KEYSPACE zze_ops_x WITH strategy_options:replication_factor = 1"),
        q("USE zze_missing"), q("USE %s" % ks),
        q("CREATE COLUMNFAMILY Events (KEY varchar PRIMARY KEY, kind varchar, n bigint) "
          "WITH comparator = ascii"),
        q("CREATE COLUMNFAMILY Events (KEY varchar PRIMARY KEY)"),
        q("CREATE COLUMNFAMILY Super1 (KEY varchar PRIMARY KEY) WITH comparator = nosuchtype"),
        q("BEGIN BATCH USING TIMESTAMP 1000 "
          "INSERT INTO Events (KEY, kind, n) VALUES ('e1', 'click', 1) "
          "INSERT INTO Events (KEY, kind, n) VALUES ('e2', 'view', 2) "
          "UPDATE Events SET n = 3 WHERE KEY = 'e3' "
          "DELETE kind FROM Events WHERE KEY = 'e9' "
          "APPLY BATCH"),
        q("SELECT * FROM Events WHERE KEY IN ('e1', 'e2', 'e3')"),
        q("SELECT n FROM Events"),
        q("SELECT n FROM Events LIMIT 2"),
        q("SELECT KEY, n FROM Events WHERE KEY = 'e2'"),
        q("SELECT n FROM Events WHERE KEY > 'e1'"),
        q("SELECT n FROM Events WHERE KEY >= 'e1' AND KEY <= 'e2'"),
        q("SELECT COUNT(*) FROM Events"),
        q("UPDATE Events USING CONSISTENCY QUORUM AND TIMESTAMP 1500 SET kind = 'tap' "
          "WHERE KEY IN ('e1', 'e2')"),
        q("SELECT kind FROM Events USING CONSISTENCY ONE WHERE KEY IN ('e1', 'e2')"),
        q("DELETE FROM Events WHERE KEY = 'e3'"),
        q("SELECT n FROM Events WHERE KEY = 'e3'"),
        q("ALTER COLUMNFAMILY Events ADD score bigint"),
        q("ALTER COLUMNFAMILY Events ALTER kind TYPE ascii"),
        q("ALTER COLUMNFAMILY Events DROP n"),
        q("INSERT INTO Events (KEY, score) VALUES ('e4', 'x') USING TIMESTAMP 1000"),
        v19.set_keyspace(ks), desc(ks),
        q("DROP KEYSPACE zze_nope"),
        q("SELECT * FROM Events WHERE KEY = 'e1' AND n = 1"),
        q("SELECT FROM Events WHERE KEY = 'e1'"),
    ]
    return out


# ---------------------------------------------------------------- index shapes
@sc("index_shapes", "KEYS indexes on LongType and BytesType, predicates and counts",
    "zze_ix")
def index_shapes():
    ks = "zze_ix"
    cf = K.cfd(ks, "Orders", comparator_type=ASCII,
               column_metadata=[K.coldef("status", BYTES, True, "orders_status"),
                                K.coldef("total", LONG, True, "orders_total"),
                                K.coldef("cust", UTF8)])
    sup = K.cfd(ks, "SupIdx", column_type="Super", comparator_type=UTF8,
                column_metadata=[K.coldef("s", UTF8, True, "supidx_s")])
    rows = {"o%02d" % i: {"Orders": [ins("status", b"\x01" if i % 3 else b"\x02", 10),
                                     ins("total", long_(i * 25), 10),
                                     ins("cust", "c%d" % (i % 4), 10),
                                     ins("zz", "extra", 10)]} for i in range(15)}
    ix = lambda e, s="", c=100: index_clause(e, s, c)  # noqa: E731
    st = lambda v: index_expr("status", EQ, v)  # noqa: E731
    return [
        K.setup(ks, [cf]),
        v19.system_add_column_family(sup),
        batch(rows),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x02")]), ALLP),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01"), index_expr(
            "total", GTE, long_(200))]), pred(names=["total"])),
        v19.get_indexed_slices(cparent("Orders"), ix([index_expr("total", EQ, long_(100)),
                                                      index_expr("cust", EQ, "c0")]),
                               pred(start="", reversed=True, count=2)),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01"), index_expr(
            "cust", LT, "c2")], c=3), pred(start="c", finish="t")),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01")], c=1), pred(names=["x"])),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01"), index_expr(
            "zz", EQ, "extra")], c=4), pred(names=["cust"])),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x03")]), ALLP),
        v19.get_indexed_slices(cparent("Orders", "x"), ix([st(b"\x01")]), ALLP),
        v19.get_indexed_slices(cparent("Nope"), ix([st(b"\x01")]), ALLP),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01")], c=-1), ALLP),
        # 1.1 closed the connection: the pool's new one sets its keyspace again
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x01")]), ALLP, ANY),
        v19.set_keyspace(ks),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x02")]), ALLP, QUORUM),
        v19.truncate("Orders"),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x02")]), ALLP),
        v19.insert("o99", cparent("Orders"), column("status", b"\x02", 5)),
        v19.get_indexed_slices(cparent("Orders"), ix([st(b"\x02")]), ALLP),
        desc(ks),
    ]
