"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zf).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Netflix Archaius' Cassandra configuration source on Astyanax (property rows polled by
    range scans, stale updates, LOCAL_QUORUM on a SimpleStrategy keyspace)
  * Astyanax's entity manager / Mapping (typed field columns, TTL'd entities, null fields,
    deletes and the range ghosts they leave)
  * an Ehcache/JCache store (serialized keys, TTL'd puts, getAll, containsKey by count,
    removeAll by truncate, key limits)
  * a geohash index on CompositeType(UTF8Type, UTF8Type) names (prefix slices by
    end-of-component bytes, neighbour rows, malformed composites)
  * a message inbox on ReversedType(TimeUUIDType), through Thrift and CQL 3 (clustering DESC)
  * metrics rollups in a counter family of CompositeType(LongType, UTF8Type) names
  * CQL 3 prepared statements bound with every type (and 2.2's date, time, smallint, tinyint)
  * a Clojure app on casyn (LongType slices, counters, CQL 3 over the same families)
  * a C++ app on libQtCassandra (NetworkTopologyStrategy with a wrong data centre, its
    bakery lock rows at QUORUM, typed cells, row predicates by key)
  * the Easy-Cassandra ORM (CQL 3 built by concatenation, IF NOT EXISTS, USING CONSISTENCY)
  * Reddit's tdb_cassandra on pycassa 1.9 (things, denormalized TimeUUID views, AsciiType keys)
  * Apache Nutch 2's web table through Gora's Cassandra store (reversed URLs, a super column
    family of markers, key ranges on RandomPartitioner)
  * an Apache James mailbox (UIDs in composite names, counters of the mailbox's state)
  * an Erlang app formatting CQL 3 literals by hand (dates, numbers, blobs, strings)
  * two application instances racing to create one schema
  * a hand-rolled Thrift client's mistakes (missing keyspace, levels, counts, fields)
  * a Hystrix-wrapped Astyanax built against 2.1's IDL talking to each release
  * an operator tuning table options over Thrift (caching, compaction, compression)
  * a Quartz job store on KEYS indexes (the acquire query, index paging, states changed)
  * a Helenos-style admin GUI browsing CQL 3 tables through describe_keyspace and slices
  * a seat reservation service on 2.0's lightweight transactions and static columns
  * a product catalogue on 2.1's user types, tuples and frozen collections
  * an event API on 2.2's JSON and new types
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import sys
import uuid

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cadd, coll, comp, exe, i32b, i64b, ks_cql, multi_slice, prep,  # noqa: E402
                 splits_ex, cas, sins)
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY  # noqa: E402
from kit import SERIAL, LOCAL_SERIAL, LOCAL_ONE, SS, NTS  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN

sc = kit.registrar("zf_")


def ring_mask(step):
    return step.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def tu(n):
    return D.timeuuid(n)


def tus(n):
    """The timeuuid `tu(n)` as a CQL literal."""
    return str(uuid.UUID(bytes=tu(n)))


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def add(key, cf, name, n, cl=ONE):
    return v19.add(key, cparent(cf), counter_column(name, n), cl=cl)


def new_ks(ks, cfs, strategy=SS, options=None):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, strategy=strategy, options=options)),
            v19.set_keyspace(ks)]


# ---------------------------------------------------------------- Archaius
@sc("archaius", "thrift", "zf_archaius")
def archaius():
    """Archaius' CassandraConfigurationSource on Astyanax: the pool's connect-time calls, a
    properties family (row per application and environment, a column per property), polls
    as full range scans, property changes, a stale write from a lagging deployer, a
    property removed, reads at LOCAL_QUORUM on a SimpleStrategy keyspace."""
    ks = "zf_archaius"
    cf = kit.cfd(ks, "properties", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = kit.connect() + [v19.describe_keyspace(ks)] + new_ks(ks, [cf])
    steps += [
        v19.batch_mutate({
            "checkout-prod": {"properties": [ins("db.url", "jdbc:mysql://db1/shop", 10),
                                             ins("feature.x", "true", 10),
                                             ins("pool.size", "8", 10)]},
            "checkout-test": {"properties": [ins("db.url", "jdbc:mysql://dbt/shop", 10),
                                             ins("pool.size", "2", 10)]}}, cl=QUORUM),
        v19.get_range_slices(cparent("properties"), all_cols(), everything()),
        v19.get_range_slices(cparent("properties"), all_cols(), everything(), cl=LOCAL_QUORUM),
        v19.insert("checkout-prod", cparent("properties"), column("pool.size", "16", 11)),
        v19.insert("checkout-prod", cparent("properties"), column("pool.size", "4", 9)),
        v19.get_slice("checkout-prod", cparent("properties"),
                      pred(names=["pool.size", "missing.prop"])),
        v19.remove("checkout-prod", cpath("properties", col="feature.x"), 12),
        v19.insert("checkout-prod", cparent("properties"), column("empty.prop", "", 13)),
        v19.get_range_slices(cparent("properties"), all_cols(), everything()),
        v19.multiget_slice(["checkout-prod", "checkout-test", "checkout-dev"],
                           cparent("properties"), pred(names=["db.url"])),
        v19.get_range_slices(cparent("properties"), all_cols(),
                             key_range(start_key="checkout-prod", end_key="", count=1)),
        v19.get_range_slices(cparent("properties"), all_cols(),
                             key_range(start_key="", start_token="0", count=10)),
        v19.get("checkout-prod", cpath("properties", col="feature.x")),
        v19.get("checkout-prod", cpath("properties")),
        v19.get_slice("checkout-prod", cparent("properties"), all_cols(), cl=EACH_QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax entity manager
@sc("entity_manager", "thrift", "zf_entity")
def entity_manager():
    """Astyanax's DefaultEntityManager: an entity's fields serialized as typed columns (text,
    int, long, boolean, date), a TTL'd entity, get, getAll by multiget, a field left null,
    delete by row (the ghost a range scan then shows), a stale put after the delete, a field
    removed."""
    ks = "zf_entity"
    cf = kit.cfd(ks, "users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType",
                 column_metadata=[kit.coldef("age", "Int32Type"),
                                  kit.coldef("created", "DateType")])
    steps = new_ks(ks, [cf])

    def user(name, age, score, active, t, ttl=None):
        return [ins("name", name, t, ttl=ttl), ins("age", i32b(age), t, ttl=ttl),
                ins("score", i64b(score), t, ttl=ttl),
                ins("active", b"\x01" if active else b"\x00", t, ttl=ttl),
                ins("created", i64b(1380000000000), t, ttl=ttl)]
    steps += [
        v19.batch_mutate({"u1": {"users": user("ann", 31, 900, True, 10)}}),
        v19.batch_mutate({"u2": {"users": user("bob", 25, 10, False, 10, ttl=3600)}}),
        v19.get_slice("u1", cparent("users"), all_cols()),
        v19.get_slice("u2", cparent("users"), all_cols()),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("users"), all_cols()),
        v19.batch_mutate({"u3": {"users": [ins("name", "cyd", 10), ins("age", None, 10)]}}),
        v19.batch_mutate({"u3": {"users": [ins("name", "cyd", 10), ins("age", i64b(40), 10)]}}),
        v19.batch_mutate({"u3": {"users": [ins("name", "cyd", 10),
                                           ins("created", i32b(5), 10)]}}),
        v19.get_slice("u3", cparent("users"), all_cols()),
        v19.batch_mutate({"u1": {"users": [mutation(deletion_=deletion(12))]}}),
        v19.get_slice("u1", cparent("users"), all_cols()),
        v19.get_range_slices(cparent("users"), all_cols(), everything()),
        v19.batch_mutate({"u1": {"users": [ins("name", "ann-old", 11)]}}),
        v19.get_count("u1", cparent("users"), all_cols()),
        v19.remove("u2", cpath("users", col="score"), 13),
        v19.get_count("u2", cparent("users"), all_cols()),
        v19.get_range_slices(cparent("users"), pred(names=["name"]), everything()),
    ]
    return steps


# ---------------------------------------------------------------- Ehcache store
@sc("ehcache_store", "thrift", "zf_cache")
def ehcache_store():
    """An Ehcache/JCache CacheLoaderWriter on Cassandra: keys are Java-serialized objects,
    each entry a `v` column with a TTL, putAll in one batch, getAll by multiget, containsKey
    by count, remove, a size by a keys-only scan, removeAll by truncate, and the limits its
    users met (a zero TTL, a key past 64K)."""
    ks = "zf_cache"
    cf = kit.cfd(ks, "cache", comparator_type="BytesType", key_validation_class="BytesType",
                 default_validation_class="BytesType")
    steps = new_ks(ks, [cf])

    def jkey(s):
        return b"\xac\xed\x00\x05t" + len(s).to_bytes(2, "big") + s.encode()
    keys = [jkey("k%02d" % i) for i in range(5)]
    steps += [
        v19.batch_mutate({k: {"cache": [ins("v", b"\xac\xed\x00\x05sr" + k[-3:], 10, ttl=300),
                                        ins("hits", i64b(0), 10, ttl=300)]} for k in keys}),
        v19.multiget_slice(keys + [jkey("zz")], cparent("cache"), pred(names=["v"])),
        v19.get_count(keys[1], cparent("cache"), pred(names=["v"])),
        v19.get_count(jkey("zz"), cparent("cache"), pred(names=["v"])),
        v19.get(keys[2], cpath("cache", col="v")),
        v19.get(jkey("zz"), cpath("cache", col="v")),
        v19.remove(keys[2], cpath("cache"), 20),
        v19.get_range_slices(cparent("cache"), pred(start="", finish="", count=1),
                             everything(1000)),
        v19.multiget_slice([keys[0], keys[0], keys[3]], cparent("cache"), pred(names=["v"])),
        v19.insert(keys[0], cparent("cache"), column("v", b"x", 21, ttl=0)),
        v19.insert(keys[0], cparent("cache"), column("v", b"x", 21, ttl=-1)),
        v19.insert(b"k" * 65536, cparent("cache"), column("v", b"x", 21)),
        v19.insert(b"k" * 65535, cparent("cache"), column("v", b"x", 21, ttl=300)),
        v19.get_count(b"k" * 65535, cparent("cache"), all_cols()),
        v19.truncate("cache"),
        v19.get_range_slices(cparent("cache"), all_cols(), everything(1000)),
        v19.truncate("nocache"),
    ]
    return steps


# ---------------------------------------------------------------- geohash index
@sc("geohash_index", "thrift", "zf_geo")
def geohash_index():
    """A geohash index: rows of a 3-character prefix, names (geohash, place id) in a
    CompositeType(UTF8Type, UTF8Type), prefix queries by the next prefix or an end-of-component
    byte, counts, a neighbour multiget, a place moved, and malformed composites."""
    ks = "zf_geo"
    cf = kit.cfd(ks, "geo", comparator_type="CompositeType(UTF8Type,UTF8Type)",
                 key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = new_ks(ks, [cf])
    places = [("u4pru", "p1"), ("u4pru", "p2"), ("u4pruy", "p3"), ("u4prv", "p4"),
              ("u4pzz", "p5"), ("u4p0a", "p6")]
    steps += [
        v19.batch_mutate({"u4p": {"geo": [ins(comp(g, p), '{"id":"%s"}' % p, 10)
                                          for g, p in places]},
                          "u4r": {"geo": [ins(comp("u4r00", "p7"), '{"id":"p7"}', 10)]}}),
        v19.get_slice("u4p", cparent("geo"), pred(start=comp("u4pru"), finish=comp("u4prv"))),
        v19.get_slice("u4p", cparent("geo"),
                      pred(start=comp("u4pru"), finish=comp("u4pru", eoc=1))),
        v19.get_slice("u4p", cparent("geo"),
                      pred(start=comp("u4pru", eoc=1), finish=b"", count=2)),
        v19.get_slice("u4p", cparent("geo"),
                      pred(start=comp("u4pzz", eoc=1), finish=comp("u4pru"), reversed=True,
                           count=3)),
        v19.get_count("u4p", cparent("geo"), pred(start=comp("u4pr"), finish=comp("u4ps"))),
        v19.multiget_slice(["u4p", "u4r", "u4q"], cparent("geo"),
                           pred(start=comp("u4"), finish=comp("u4z"), count=2)),
        v19.batch_mutate({"u4p": {"geo": [
            mutation(deletion_=deletion(11, predicate=pred(names=[comp("u4pru", "p2")]))),
            ins(comp("u4prw", "p2"), '{"id":"p2"}', 11)]}}),
        v19.get_slice("u4p", cparent("geo"), pred(start=comp("u4pr"), finish=comp("u4ps"))),
        v19.get_range_slices(cparent("geo"), pred(start=comp("u4pr"), finish=b"", count=2),
                             everything()),
        v19.get_slice("u4p", cparent("geo"), pred(start=comp("u4pru", "p1", "x"), finish=b"")),
        v19.get_slice("u4p", cparent("geo"), pred(start=b"\x00\x02\xff\xfe\x00", finish=b"")),
        v19.insert("u4p", cparent("geo"), column(b"\x00\x05u4pru", "x", 12)),
        v19.insert("u4p", cparent("geo"), column(comp("u4pru", "p1", "x"), "x", 12)),
        v19.insert("u4p", cparent("geo"), column(comp("u4pru"), "prefix only", 12)),
        v19.get_slice("u4p", cparent("geo"), pred(start=comp("u4pru"), finish=comp("u4prv"))),
    ]
    return steps


# ---------------------------------------------------------------- inbox
@sc("inbox_reversed", "thrift", "zf_inbox")
def inbox_reversed():
    """A message inbox of ReversedType(TimeUUIDType) names: newest first by default, pages of
    count+1 from the last id, the oldest first by a reversed slice, bounds given in the
    wrong order, a message marked deleted, bad ids; then the same inbox as a CQL 3 table
    clustered DESC, read by the CQL view of the Thrift family and by the table."""
    ks = "zf_inbox"
    cf = kit.cfd(ks, "Inbox", comparator_type="ReversedType(TimeUUIDType)",
                 key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = new_ks(ks, [cf])
    steps += [
        v19.batch_mutate({"ann": {"Inbox": [ins(tu(i), "msg %d" % i, 10) for i in range(1, 7)]}}),
        v19.get_slice("ann", cparent("Inbox"), all_cols(3)),
        v19.get_slice("ann", cparent("Inbox"), pred(start=tu(4), finish=b"", count=4)),
        v19.get_slice("ann", cparent("Inbox"), all_cols(2, reversed_=True)),
        v19.get_slice("ann", cparent("Inbox"), pred(start=tu(5), finish=tu(2))),
        v19.get_slice("ann", cparent("Inbox"), pred(start=tu(2), finish=tu(5))),
        v19.get_slice("ann", cparent("Inbox"), pred(start=tu(2), finish=tu(5), reversed=True)),
        v19.get_count("ann", cparent("Inbox"), all_cols()),
        v19.remove("ann", cpath("Inbox", col=tu(3)), 20),
        v19.get_slice("ann", cparent("Inbox"), all_cols()),
        v19.insert("ann", cparent("Inbox"), column(D.lexuuid(7), "v4", 21)),
        v19.insert("ann", cparent("Inbox"), column(tu(8)[:15], "short", 21)),
        v19.insert("ann", cparent("Inbox"), column(b"", "empty", 21)),
        cql("SELECT * FROM \"Inbox\" WHERE key = 'ann' LIMIT 2"),
        cql("CREATE TABLE inbox2 (owner text, id timeuuid, sender text, body text, "
            "PRIMARY KEY (owner, id)) WITH CLUSTERING ORDER BY (id DESC)"),
    ]
    for i in range(1, 5):
        steps.append(cql("INSERT INTO inbox2 (owner, id, sender, body) VALUES ('ann', %s, "
                         "'s%d', 'b%d') USING TIMESTAMP 1000" % (tus(i), i, i)))
    steps += [
        cql("SELECT id, sender FROM inbox2 WHERE owner = 'ann' LIMIT 2"),
        cql("SELECT id, sender FROM inbox2 WHERE owner = 'ann' AND id < %s" % tus(3)),
        cql("SELECT id, sender FROM inbox2 WHERE owner = 'ann' ORDER BY id ASC"),
        cql("SELECT dateOf(id), body FROM inbox2 WHERE owner = 'ann' AND id = %s" % tus(2)),
        cql("DELETE FROM inbox2 USING TIMESTAMP 1001 WHERE owner = 'ann' AND id = %s" % tus(2)),
        cql("SELECT COUNT(*) FROM inbox2 WHERE owner = 'ann'"),
        cql("INSERT INTO inbox2 (owner, id, body) VALUES ('ann', '%s', 'v4')"
            % str(uuid.UUID(bytes=D.lexuuid(9)))),
        v19.get_slice("ann", cparent("inbox2"), all_cols(3)).mask("0/*/1/3"),
    ]
    return steps


# ---------------------------------------------------------------- counter rollups
@sc("counter_rollups", "thrift", "zf_rollup")
def counter_rollups():
    """Metrics rollups: a counter family of (minute, metric) CompositeType(LongType,
    UTF8Type) names per host-day row, the same batch of increments sent twice, minute
    slices, counts, a multiget count, a counter reset by remove_counter, and the mistakes:
    increments at ANY, a plain column in the counter family, an add to a plain family, a
    counter deletion in a batch."""
    ks = "zf_rollup"
    cfs = [kit.cfd(ks, "rollups", comparator_type="CompositeType(LongType,UTF8Type)",
                   key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType"),
           kit.cfd(ks, "hosts", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")]
    steps = new_ks(ks, cfs)
    batch = {"h1:20131001": {"rollups": [cadd(comp(600, "req"), 5), cadd(comp(600, "err"), 1),
                                         cadd(comp(660, "req"), 3)]},
             "h2:20131001": {"rollups": [cadd(comp(600, "req"), 7)]}}
    steps += [
        v19.batch_mutate(batch),
        v19.batch_mutate(batch),
        v19.get_slice("h1:20131001", cparent("rollups"), all_cols()),
        v19.get_slice("h1:20131001", cparent("rollups"),
                      pred(start=comp(600), finish=comp(600, eoc=1))),
        v19.get_slice("h1:20131001", cparent("rollups"),
                      pred(start=comp(660, eoc=1), finish=comp(0), reversed=True)),
        v19.get_count("h1:20131001", cparent("rollups"), all_cols()),
        v19.multiget_count(["h1:20131001", "h2:20131001", "h3:20131001"], cparent("rollups"),
                           all_cols()),
        add("h1:20131001", "rollups", comp(720, "req"), 1, cl=ANY),
        add("h1:20131001", "rollups", comp(720, "req"), 1, cl=QUORUM),
        add("h1:20131001", "rollups", comp(720, "req"), -3),
        v19.get("h1:20131001", cpath("rollups", col=comp(720, "req"))),
        v19.remove_counter("h1:20131001", cpath("rollups", col=comp(600, "err"))),
        v19.get_slice("h1:20131001", cparent("rollups"), all_cols()),
        v19.insert("h1:20131001", cparent("rollups"), column(comp(780, "req"), i64b(1), 10)),
        add("h1", "hosts", "n", 1),
        v19.batch_mutate({"h2:20131001": {"rollups": [
            mutation(deletion_=deletion(30, predicate=pred(names=[comp(600, "req")])))]}}),
        v19.get_slice("h2:20131001", cparent("rollups"), all_cols()),
        v19.batch_mutate({"h2:20131001": {"rollups": [cadd(comp(600, "req"), 1)]}}, cl=ANY),
        v19.get_range_slices(cparent("rollups"), pred(start=comp(600), finish=comp(600, eoc=1)),
                             everything()),
        cql("SELECT * FROM rollups WHERE key = 'h1:20131001'"),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 binds of every type
@sc("every_bind", "cql3", "zf_binds")
def every_bind():
    """CQL 3 prepared statements bound with every type a 1.2-2.2 table had (and 2.2's new
    ones from 2.2): a full row, collection updates by bind, empty values, and values of the
    wrong width or shape for each kind."""
    ks = "zf_binds"
    ins_q = ("INSERT INTO t (k, a, bi, bl, bo, de, do, fl, ip, te, ts, u, tu, vc, vi, li, se, "
             "ma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
             "USING TIMESTAMP 1000")
    upd_q = ("UPDATE t USING TIMESTAMP 1001 SET li = li + ?, se = se - ?, ma[?] = ? "
             "WHERE k = ?")
    sel_q = "SELECT * FROM t WHERE k = ?"
    row = [i32b(1), "ascii", i64b(-5), b"\xca\xfe", b"\x01", i32b(2) + b"\x04\xe2",
           bytes.fromhex("4004000000000000"),
           bytes.fromhex("3fc00000"), bytes([10, 0, 0, 1]), "t\u00e9xt",
           i64b(1380000000000), D.uuid_("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), tu(1), "vc",
           (1 << 70).to_bytes(9, "big", signed=True), coll([i32b(1), i32b(2)]),
           coll(["x", "y"]), coll([("a", i32b(1))])]

    def bad(i, v):
        r = list(row)
        r[i] = v
        return exe(ks, ins_q, r)
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE t (k int PRIMARY KEY, a ascii, bi bigint, bl blob, bo boolean, "
            "de decimal, do double, fl float, ip inet, te text, ts timestamp, u uuid, "
            "tu timeuuid, vc varchar, vi varint, li list<int>, se set<text>, ma map<text, int>)"),
        prep(ins_q),
        exe(ks, ins_q, row),
        prep(sel_q),
        exe(ks, sel_q, [i32b(1)]),
        prep(upd_q),
        exe(ks, upd_q, [coll([i32b(3)]), coll(["x"]), "b", i32b(2), i32b(1)]),
        # a release that answers a bind it cannot read by closing the connection: the
        # client reconnects into its keyspace
        v19.set_keyspace(ks),
        exe(ks, sel_q, [i32b(1)]),
        exe(ks, ins_q, [i32b(2)] + [b""] * 17),
        exe(ks, sel_q, [i32b(2)]),
        bad(1, b"\xc3\xa9"),
        bad(2, i32b(5)),
        bad(4, b"\x00\x01"),
        bad(5, b"\x00\x02"),
        bad(6, bytes.fromhex("3fc00000")),
        bad(7, bytes.fromhex("4004000000000000")),
        bad(8, bytes([10, 0, 0, 1, 2])),
        bad(8, bytes(16)),
        bad(9, b"\xff\xfe"),
        bad(10, i32b(1)),
        bad(11, b"\x00" * 15),
        bad(12, D.lexuuid(3)),
        bad(15, i32b(1)),
        bad(15, coll([i64b(1)])),
        bad(17, coll([("a", "b")])),
        v19.set_keyspace(ks),
        exe(ks, sel_q, [i64b(1)]),
        exe(ks, sel_q, []),
        prep("SELECT * FROM t WHERE k IN ?") if VER >= (2, 0) else
        prep("SELECT * FROM t WHERE k IN (?, ?)"),
        exe(ks, "SELECT * FROM t WHERE k IN ?", [coll([i32b(1), i32b(2)])])
        if VER >= (2, 0) else
        exe(ks, "SELECT * FROM t WHERE k IN (?, ?)", [i32b(1), i32b(2)]),
        prep("SELECT * FROM t WHERE k = ? LIMIT ?"),
    ]
    if VER >= (2, 2):
        q22 = "INSERT INTO t22 (k, d, ti, s, y) VALUES (?, ?, ?, ?, ?) USING TIMESTAMP 1000"
        steps += [
            cql("CREATE TABLE t22 (k int PRIMARY KEY, d date, ti time, s smallint, y tinyint)"),
            prep(q22),
            exe(ks, q22, [i32b(1), (1 << 31 | 16000).to_bytes(4, "big"), i64b(36000 * 10**9),
                          b"\x7f\xff", b"\x80"]),
            exe(ks, q22, [i32b(2), i64b(1), i64b(1), b"\x00", b"\x00\x01"]),
            exe(ks, q22, [i32b(3), i32b(1), i64b(86400 * 10**9), b"\x00\x01", b"\x01"]),
            cql("SELECT * FROM t22"),
        ]
    return steps


# ---------------------------------------------------------------- casyn
@sc("casyn", "mixed", "zf_casyn")
def casyn():
    """A Clojure app on casyn: the keyspace made in CQL 3, families added over Thrift
    (LongType events, a counter family), puts as batch_mutate maps, slices by long bounds
    (and a 4-byte bound), reversed counts, counters incremented and read, then the same
    families read by CQL 3, and CQL 2 sent where the release still had it."""
    ks = "zf_casyn"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        v19.system_add_column_family(kit.cfd(ks, "events", comparator_type="LongType",
                                             key_validation_class="UTF8Type",
                                             default_validation_class="UTF8Type")),
        v19.system_add_column_family(kit.cfd(ks, "cnt", comparator_type="UTF8Type",
                                             key_validation_class="UTF8Type",
                                             default_validation_class="CounterColumnType")),
        v19.batch_mutate({"ev": {"events": [ins(i64b(t), "e%d" % t, 10)
                                            for t in (5, 10, 15, 20, 25)]}}),
        v19.get_slice("ev", cparent("events"), pred(start=i64b(10), finish=i64b(20))),
        v19.get_slice("ev", cparent("events"), pred(start=i32b(10), finish=b"")),
        v19.get_slice("ev", cparent("events"), pred(start=b"", finish=b"", count=2,
                                                     reversed=True)),
        v19.get_count("ev", cparent("events"), pred(start=i64b(11), finish=b"")),
        add("c", "cnt", "clicks", 3),
        add("c", "cnt", "clicks", 4),
        add("c", "cnt", "views", 10),
        v19.get_slice("c", cparent("cnt"), all_cols()),
        v19.multiget_slice(["c", "d"], cparent("cnt"), pred(names=["clicks"])),
        cql("SELECT * FROM events WHERE key = 'ev' AND column1 > 10"),
        cql("SELECT column1, value FROM events WHERE key = 'ev' ORDER BY column1 DESC LIMIT 2"),
        cql("SELECT * FROM cnt"),
        cql("UPDATE cnt SET value = value + 1 WHERE key = 'c' AND column1 = 'clicks'"),
        v19.get("c", cpath("cnt", col="clicks")),
        cql("INSERT INTO events (key, column1, value) VALUES ('ev', 30, 'e30') "
            "USING TIMESTAMP 5"),
        v19.get_slice("ev", cparent("events"), pred(start=i64b(26), finish=b"")).mask("0/*/1/3"),
        kit.cql2("SELECT * FROM events WHERE KEY = 'ev'"),
    ]
    return steps


# ---------------------------------------------------------------- libQtCassandra
@sc("qt_cassandra", "thrift", "zf_qt")
def qt_cassandra():
    """A C++ app on libQtCassandra (Snap! websites): its context made with
    NetworkTopologyStrategy and the data centre name of its example (`dc1`, not this
    node's), the writes that then fail, the context updated to `datacenter1`, its typed
    cells, its bakery lock (entering and ticket rows at QUORUM), and row predicates by key
    range on RandomPartitioner."""
    ks = "zf_qt"
    cfs = [kit.cfd(ks, "content", comparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "libQtCassandraLockTable", comparator_type="UTF8Type",
                   key_validation_class="UTF8Type", default_validation_class="UTF8Type")]
    steps = [v19.describe_cluster_name(), kit.describe_version(), v19.describe_partitioner()]
    steps += new_ks(ks, cfs, strategy=NTS, options={"dc1": "1"})
    steps += [
        v19.insert("http://a/", cparent("content"), column("title", "Home", 10)),
        v19.insert("http://a/", cparent("content"), column("title", "Home", 10), cl=QUORUM),
        v19.get_slice("http://a/", cparent("content"), all_cols()),
        v19.get_slice("http://a/", cparent("content"), all_cols(), cl=LOCAL_QUORUM),
        v19.system_update_keyspace(kit.ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.insert("http://a/", cparent("content"), column("title", "Home", 10), cl=QUORUM),
        v19.batch_mutate({"http://a/": {"content": [
            ins("count", i32b(3), 10), ins("size", i64b(1 << 40), 10),
            ins("ratio", bytes.fromhex("3fd5555555555555"), 10), ins("flag", b"\x01", 10)]}},
            cl=QUORUM),
        v19.get_slice("http://a/", cparent("content"), all_cols(), cl=LOCAL_QUORUM),
        v19.insert("entering::page", cparent("libQtCassandraLockTable"),
                   column("host1/1234", "1", 20), cl=QUORUM),
        v19.get_slice("tickets::page", cparent("libQtCassandraLockTable"), all_cols(),
                      cl=QUORUM),
        v19.insert("tickets::page", cparent("libQtCassandraLockTable"),
                   column("0000000001/host1/1234", "", 21), cl=QUORUM),
        v19.remove("entering::page", cpath("libQtCassandraLockTable", col="host1/1234"), 22,
                   cl=QUORUM),
        v19.get_slice("entering::page", cparent("libQtCassandraLockTable"), all_cols(),
                      cl=QUORUM),
        v19.get_slice("tickets::page", cparent("libQtCassandraLockTable"), all_cols(1),
                      cl=QUORUM),
        v19.remove("tickets::page", cpath("libQtCassandraLockTable",
                                          col="0000000001/host1/1234"), 23, cl=QUORUM),
        v19.get_range_slices(cparent("libQtCassandraLockTable"), all_cols(), everything(),
                             cl=QUORUM),
        v19.get_range_slices(cparent("content"), all_cols(),
                             key_range(start_key="http://a/", end_key="http://b/", count=10)),
        v19.get_range_slices(cparent("content"), all_cols(),
                             key_range(start_key="http://b/", end_key="http://a/", count=10)),
        v19.get_range_slices(cparent("content"), pred(names=["title"]),
                             key_range(start_key="http://a/", end_key="", count=10), cl=ALL),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- Easy-Cassandra
@sc("easy_cassandra", "cql3", "zf_easy")
def easy_cassandra():
    """The Easy-Cassandra ORM: statements built by concatenation and sent through
    execute_cql3_query (USE, CREATE TABLE IF NOT EXISTS on every start, an index made with
    the table), persists, finds by key and by the indexed name, counts, a set field updated,
    a find by an unindexed enum ordinal, and a CQL 2 habit (USING CONSISTENCY)."""
    ks = "zf_easy"
    steps = [
        ks_cql(ks),
        cql("USE zf_easy"),
        cql("CREATE TABLE person (id bigint PRIMARY KEY, name text, born timestamp, "
            "status int, emails set<text>)"),
        cql("CREATE TABLE IF NOT EXISTS person (id bigint PRIMARY KEY, name text, "
            "born timestamp, status int, emails set<text>)"),
        cql("CREATE INDEX person_name ON person (name)"),
        cql("INSERT INTO person (id, name, born, status, emails) VALUES (1, 'ann', "
            "'2013-05-01 10:00:00+0000', 1, {'a@x'}) USING TIMESTAMP 1000"),
        cql("INSERT INTO person (id, name, born, status) VALUES (2, 'bob', 1367402400000, 0) "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO person (id, name, born, status) VALUES (3, 'ann', '2013-05-01', 1) "
            "USING TIMESTAMP 1000", cl=QUORUM),
        cql("INSERT INTO person (id, name) VALUES (4, 'dan') USING CONSISTENCY QUORUM"),
        cql("SELECT * FROM person WHERE id = 1"),
        cql("SELECT id, born FROM person WHERE name = 'ann'"),
        cql("SELECT COUNT(*) FROM person"),
        cql("UPDATE person USING TIMESTAMP 1001 SET emails = emails + {'b@x'} WHERE id = 1"),
        cql("DELETE emails FROM person USING TIMESTAMP 1002 WHERE id = 2"),
        cql("DELETE FROM person USING TIMESTAMP 1002 WHERE id = 2"),
        cql("SELECT * FROM person LIMIT 10000"),
        cql("SELECT * FROM person WHERE id IN (1, 2, 3)"),
        cql("SELECT * FROM person WHERE status = 1"),
        cql("SELECT * FROM person WHERE id = 1 ORDER BY name"),
        cql("SELECT * FROM person WHERE name = 'ann' AND status = 1"),
        cql("SELECT * FROM person WHERE name = 'ann' AND status = 1 ALLOW FILTERING"),
        cql("UPDATE person SET name = 'x' WHERE name = 'ann'"),
    ]
    return steps


# ---------------------------------------------------------------- Reddit tdb
@sc("reddit_tdb", "thrift", "zf_reddit")
def reddit_tdb():
    """Reddit's tdb_cassandra on pycassa 1.9: a Thing family of AsciiType keys and string
    properties read with pycassa's column_count, multigets, a denormalized view of TimeUUID
    names read newest first and paged, a LastModified family of DateType values, a Mutator
    batch across families, and a non-ASCII key."""
    ks = "zf_reddit"
    cfs = [kit.cfd(ks, "Link", comparator_type="UTF8Type", key_validation_class="AsciiType",
                   default_validation_class="UTF8Type"),
           kit.cfd(ks, "LinksByAccount", comparator_type="TimeUUIDType",
                   key_validation_class="AsciiType", default_validation_class="UTF8Type"),
           kit.cfd(ks, "LastModified", comparator_type="UTF8Type",
                   key_validation_class="AsciiType", default_validation_class="DateType")]
    steps = new_ks(ks, cfs)
    steps += [
        v19.batch_mutate({
            "t3_abc": {"Link": [ins("title", "hello", 10), ins("url", "http://x/", 10),
                                ins("_ups", "1", 10), ins("_date", "2013-10-01", 10)]},
            "t3_def": {"Link": [ins("title", "world", 10), ins("_ups", "5", 10)]},
            "t2_ann": {"LinksByAccount": [ins(tu(1), "t3_abc", 10), ins(tu(2), "t3_def", 10),
                                          ins(tu(3), "t3_ghi", 10)]}}),
        v19.get_slice("t3_abc", cparent("Link"), all_cols(10000)),
        v19.multiget_slice(["t3_abc", "t3_def", "t3_zzz"], cparent("Link"), all_cols(10000)),
        v19.insert("t3_abc", cparent("Link"), column("_ups", "2", 11)),
        v19.get_slice("t3_abc", cparent("Link"), pred(names=["_ups", "_downs"])),
        v19.get_slice("t2_ann", cparent("LinksByAccount"), all_cols(2, reversed_=True)),
        v19.get_slice("t2_ann", cparent("LinksByAccount"),
                      pred(start=tu(2), finish=b"", count=3, reversed=True)),
        v19.insert("t2_ann", cparent("LastModified"), column("Vote", i64b(1380000000000), 10)),
        v19.insert("t2_ann", cparent("LastModified"), column("Comment", i32b(5), 10)),
        v19.get_slice("t2_ann", cparent("LastModified"), all_cols()),
        v19.batch_mutate({
            "t3_def": {"Link": [mutation(deletion_=deletion(12))]},
            "t2_ann": {"LinksByAccount": [mutation(deletion_=deletion(12, predicate=pred(
                names=[tu(2)])))],
                       "LastModified": [ins("Link", i64b(1380000000001), 12)]}}),
        v19.multiget_slice(["t3_abc", "t3_def"], cparent("Link"), pred(names=["title"])),
        v19.get_range_slices(cparent("Link"), all_cols(), everything(1024)),
        v19.insert("t3_\u00e9", cparent("Link"), column("title", "x", 13)),
        v19.insert("t2_ann", cparent("LinksByAccount"), column("not-a-uuid", "x", 13)),
        v19.get_slice("t2_ann", cparent("LinksByAccount"),
                      pred(start=tu(3), finish=tu(1), count=10)),
    ]
    return steps


# ---------------------------------------------------------------- Nutch 2 web table
@sc("nutch_webtable", "thrift", "zf_webpage")
def nutch_webtable():
    """Nutch 2's web table through Gora's Cassandra store: reversed-URL row keys, a standard
    family `f` of fetch fields and a super family `sc` of markers; inject, generate (scans),
    fetch updates, markers removed one and all, counts of super columns, a key range by the
    crawl's -start/-end on RandomPartitioner, and a path missing its super column."""
    ks = "zf_webpage"
    cfs = [kit.cfd(ks, "f", comparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "sc", column_type="Super", comparator_type="BytesType",
                   subcomparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "p", comparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType")]
    urls = ["com.example.www:http/", "org.apache.nutch:http/index.html",
            "com.example.www:http/about"]
    steps = new_ks(ks, cfs)
    steps += [
        v19.batch_mutate({u: {"f": [ins("bas", "http://" + u, 10), ins("st", b"\x01", 10),
                                    ins("fi", i32b(2592000), 10), ins("s", bytes.fromhex(
                                        "3f800000"), 10)],
                              "sc": [sins("mk", [("_injmrk_", "y"), ("dist", "0")], 10)]}
                          for u in urls}),
        v19.get_range_slices(cparent("f"), pred(names=["st", "fi"]), everything()),
        v19.get_range_slices(cparent("sc"), pred(names=["mk"]), everything()),
        v19.batch_mutate({urls[0]: {"f": [ins("st", b"\x02", 11), ins("pts", i64b(5), 11)],
                                    "sc": [sins("mk", [("_gnmrk_", "1")], 11)]}}),
        v19.get_slice(urls[0], cparent("sc", "mk"), all_cols()),
        v19.get_slice(urls[0], cparent("sc"), all_cols()),
        v19.batch_mutate({urls[0]: {"sc": [mutation(deletion_=deletion(
            12, sc="mk", predicate=pred(names=["_gnmrk_"])))]}}),
        v19.get(urls[0], cpath("sc", sc="mk", col="_gnmrk_")),
        v19.batch_mutate({urls[1]: {"sc": [mutation(deletion_=deletion(12, sc="mk"))]}}),
        v19.get_count(urls[1], cparent("sc"), all_cols()),
        v19.get_count(urls[0], cparent("sc", "mk"), all_cols()),
        v19.get_range_slices(cparent("sc"), all_cols(2), everything()),
        v19.get_range_slices(cparent("f"), pred(names=["bas"]),
                             key_range(start_key="com.", end_key="org.", count=100)),
        v19.get_range_slices(cparent("f"), pred(names=["bas"]),
                             key_range(start_key="org.", end_key="com.", count=100)),
        v19.get(urls[0], cpath("sc", col="_injmrk_")),
        v19.get(urls[0], cpath("f", sc="mk", col="st")),
        v19.truncate("p"),
        v19.get_range_slices(cparent("p"), all_cols(), everything()),
    ]
    return steps


# ---------------------------------------------------------------- James mailbox
@sc("james_mailbox", "thrift", "zf_james")
def james_mailbox():
    """An Apache James mailbox on Hector: a mailbox row, UIDs allocated from a counter
    family, messages as (uid, field) CompositeType(LongType, UTF8Type) names, FETCH of
    flags by names and of one uid by bounds, EXPUNGE by name deletions, STATUS counters,
    the last uid by a reversed slice, a mailbox renamed."""
    ks = "zf_james"
    cfs = [kit.cfd(ks, "Mailbox", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type"),
           kit.cfd(ks, "Message", comparator_type="CompositeType(LongType,UTF8Type)",
                   key_validation_class="UTF8Type", default_validation_class="BytesType"),
           kit.cfd(ks, "MailboxCounters", comparator_type="UTF8Type",
                   key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType")]
    steps = new_ks(ks, cfs)
    msgs = []
    for uid in (1, 2, 3):
        msgs += [ins(comp(uid, "body"), b"Subject: m%d\r\n\r\nhi" % uid, 10),
                 ins(comp(uid, "flags"), "\\Recent", 10), ins(comp(uid, "size"), i64b(20), 10)]
    steps += [
        v19.batch_mutate({"mbx-1": {"Mailbox": [ins("name", "INBOX", 10), ins("user", "ann", 10),
                                                ins("uidvalidity", i64b(1380000000), 10)]}}),
        add("mbx-1", "MailboxCounters", "uid", 1, cl=QUORUM),
        add("mbx-1", "MailboxCounters", "uid", 1, cl=QUORUM),
        add("mbx-1", "MailboxCounters", "uid", 1, cl=QUORUM),
        v19.get("mbx-1", cpath("MailboxCounters", col="uid"), cl=QUORUM),
        v19.batch_mutate({"mbx-1": {"Message": msgs,
                                    "MailboxCounters": [cadd("count", 3), cadd("unseen", 3)]}}),
        v19.get_slice("mbx-1", cparent("Message"),
                      pred(names=[comp(1, "flags"), comp(2, "flags"), comp(3, "flags")])),
        v19.get_slice("mbx-1", cparent("Message"), pred(start=comp(2), finish=comp(2, eoc=1))),
        v19.insert("mbx-1", cparent("Message"), column(comp(2, "flags"), "\\Seen", 11)),
        v19.insert("mbx-1", cparent("Message"), column(comp(1, "flags"), "\\Answered", 10)),
        v19.get_slice("mbx-1", cparent("Message"),
                      pred(names=[comp(1, "flags"), comp(2, "flags")])),
        v19.batch_mutate({"mbx-1": {"Message": [mutation(deletion_=deletion(12, predicate=pred(
            names=[comp(2, "body"), comp(2, "flags"), comp(2, "size")])))],
            "MailboxCounters": [cadd("count", -1), cadd("unseen", -1)]}}),
        v19.get_slice("mbx-1", cparent("MailboxCounters"),
                      pred(names=["count", "unseen", "uid"])),
        v19.get_slice("mbx-1", cparent("Message"), all_cols(1, reversed_=True)),
        v19.multiget_count(["mbx-1", "mbx-2"], cparent("Message"), all_cols()),
        v19.get_slice("mbx-1", cparent("Message"), pred(start=comp(1), finish=comp(3),
                                                         count=100)),
        v19.batch_mutate({"mbx-1": {"Mailbox": [mutation(deletion_=deletion(13))]},
                          "mbx-9": {"Mailbox": [ins("name", "Archive", 13),
                                                ins("user", "ann", 13)]}}),
        v19.get_range_slices(cparent("Mailbox"), pred(names=["name"]), everything()),
        v19.get_slice("mbx-1", cparent("Message"), pred(start=i64b(1), finish=b"")),
    ]
    return steps


# ---------------------------------------------------------------- Erlang literals
@sc("erlang_literals", "cql3", "zf_erl")
def erlang_literals():
    """An Erlang app (erlcassa era) formatting CQL 3 literals itself: timestamps in the
    formats its date library printed, integers at and past the long range, floats in
    exponent form and the special values, blobs in hex (an odd digit count) and as strings,
    quotes escaped, booleans as strings, uuids with and without dashes."""
    ks = "zf_erl"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE ev (id int PRIMARY KEY, at timestamp, n bigint, f double, ok boolean, "
            "bl blob, t text, u uuid)"),
    ]
    vals = [
        ("at", "'2013-05-01 10:00:00+0000'"), ("at", "'2013-05-01T10:00:00+0000'"),
        ("at", "'2013-05-01T10:00:00Z'"), ("at", "'2013-05-01 10:00'"),
        ("at", "'2013-05-01 10:00:00.123+0000'"), ("at", "'2013/05/01'"),
        ("at", "1367402400000"), ("at", "-1"),
        ("n", "-9223372036854775808"), ("n", "9223372036854775808"), ("n", "1.0"),
        ("f", "1e3"), ("f", "-0.0"), ("f", "NaN"), ("f", "-Infinity"), ("f", "1"),
        ("bl", "0xCAFE"), ("bl", "0xCAF"), ("bl", "'cafe'"), ("bl", "0x"),
        ("t", "'it''s'"), ("t", "$$dollar$$"), ("t", "'\u00e9t\u00e9'"),
        ("ok", "true"), ("ok", "'true'"), ("ok", "TRUE"),
        ("u", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        ("u", "'6ba7b810-9dad-11d1-80b4-00c04fd430c8'"),
        ("u", "6ba7b8109dad11d180b400c04fd430c8"),
    ]
    for i, (c, v) in enumerate(vals):
        steps.append(cql("INSERT INTO ev (id, %s) VALUES (%d, %s) USING TIMESTAMP 1000"
                         % (c, i, v)))
    steps += [
        cql("SELECT * FROM ev WHERE id IN (0, 1, 3, 4, 6, 7, 8, 11, 12, 13, 14, 15, 16, 19, 20, "
            "21, 22, 23, 24, 25, 26)"),
        cql("SELECT * FROM ev WHERE id = 2"),
        cql("SELECT * FROM ev WHERE id = 18"),
    ]
    return steps


# ---------------------------------------------------------------- schema race
@sc("schema_race", "mixed", "zf_race")
def schema_race():
    """Two instances of one application starting together: both look for the keyspace, both
    add it (and one spells it in upper case), both add the same family (one over CQL 3),
    one drops it while the other writes, the family comes back with another comparator, an
    update that changes the comparator, updates and drops of what is not there."""
    ks = "zf_race"
    jobs = kit.cfd(ks, "jobs", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(kit.ksd(ks, [])),
        v19.system_add_keyspace(kit.ksd(ks, [])),
        v19.system_add_keyspace(kit.ksd("ZF_RACE", [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(jobs),
        v19.system_add_column_family(jobs),
        cql("CREATE TABLE jobs (key text PRIMARY KEY, value text)"),
        v19.describe_schema_versions().mask("0"),
        v19.insert("j1", cparent("jobs"), column("state", "new", 10)),
        v19.system_drop_column_family("jobs"),
        v19.insert("j1", cparent("jobs"), column("state", "run", 11)),
        v19.get_slice("j1", cparent("jobs"), all_cols()),
        v19.system_drop_column_family("jobs"),
        v19.system_add_column_family(kit.cfd(ks, "jobs", comparator_type="LongType",
                                             key_validation_class="UTF8Type",
                                             default_validation_class="UTF8Type")),
        v19.get_slice("j1", cparent("jobs"), all_cols()),
        v19.insert("j1", cparent("jobs"), column("state", "run", 12)),
        v19.insert("j1", cparent("jobs"), column(i64b(1), "run", 12)),
        v19.system_update_column_family(jobs),
        v19.system_update_column_family(kit.cfd(ks, "nojobs", comparator_type="UTF8Type")),
        v19.system_update_column_family(kit.cfd("zf_other", "jobs", comparator_type="LongType")),
        v19.system_drop_keyspace("zf_race2"),
        cql("DROP KEYSPACE zf_race2"),
        cql("DROP TABLE nojobs"),
        v19.system_add_column_family(kit.cfd("zf_other", "jobs", comparator_type="LongType")),
        v19.system_add_column_family(kit.cfd(ks, "bad name", comparator_type="LongType")),
        v19.system_add_keyspace(kit.ksd("system", [])),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- hand-rolled client mistakes
@sc("thrift_mistakes", "thrift", "zf_oops")
def thrift_mistakes():
    """A hand-rolled Thrift client's first week: calls before set_keyspace, reads at ANY and
    EACH_QUORUM, negative and huge counts, empty keys and long names, a column without its
    timestamp, predicates with both or neither part, key ranges with keys and tokens,
    mutations with both or neither part, typed names of the wrong width, and a call with
    a required field left out."""
    ks = "zf_oops"
    cfs = [kit.cfd(ks, "s", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type",
                   column_metadata=[kit.coldef("age", "Int32Type")]),
           kit.cfd(ks, "l", comparator_type="LongType")]
    steps = [
        v19.get_slice("k", cparent("s"), all_cols()),
        v19.insert("k", cparent("s"), column("a", "1", 10)),
    ]
    steps += new_ks(ks, cfs)
    steps += [
        v19.insert("k", cparent("s"), column("a", "1", 10)),
        v19.get_slice("k", cparent("s"), all_cols(), cl=ANY),
        v19.get_slice("k", cparent("s"), all_cols(), cl=EACH_QUORUM),
        v19.get_slice("k", cparent("s"), all_cols(-1)),
        v19.get_slice("k", cparent("s"), all_cols(2147483647)),
        v19.get_range_slices(cparent("s"), all_cols(), everything(-5)),
        v19.get_range_slices(cparent("s"), all_cols(), everything(0)),
        v19.multiget_slice([], cparent("s"), all_cols()),
        v19.set_keyspace(ks),
        v19.get_slice("", cparent("s"), all_cols()),
        v19.insert("k", cparent("s"), column("n" * 65536, "1", 10)),
        v19.insert("k", cparent("s"), column("b", "1", None)),
        v19.get_slice("k", cparent("s", "sup"), all_cols()),
        v19.get_slice("k", cparent("s"), W.struct({1: W.list_("bin", [b("a")]),
                                                    2: D.srange()})),
        v19.get_slice("k", cparent("s"), W.struct({})),
        v19.get_range_slices(cparent("s"), all_cols(),
                             key_range(start_key="", start_token="0", end_token="0")),
        v19.get_range_slices(cparent("s"), all_cols(), key_range(count=10)),
        v19.batch_mutate({"k": {"s": [mutation()]}}),
        v19.batch_mutate({"k": {"s": [mutation(D.cosc(column=column("c", "1", 10)),
                                               deletion(10))]}}),
        v19.batch_mutate({"k": {"s": [mutation(deletion_=deletion())]}}),
        v19.insert("k", cparent("l"), column(i32b(1), "x", 10)),
        v19.insert("k", cparent("s"), column("age", "31", 10)),
        v19.insert("k", cparent("s"), column("age", i32b(31), 10)),
        v19.get_slice("k", cparent("s"), all_cols()),
        D.raw("get", {1: b("k"), 3: W.i32(1)}),
        v19.set_keyspace(ks),
        D.raw("insert", {1: b("k"), 2: cparent("s"), 4: W.i32(1)}),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("nope"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- later IDL client
@sc("later_idl", "thrift", "zf_later")
def later_idl():
    """A Hystrix-wrapped Astyanax built against 2.1's IDL talking to the release: CfDefs with
    2.0's and 2.1's fields (default TTL, speculative retry, index intervals, row cache
    cells, an empty trigger list), LOCAL_ONE and LOCAL_SERIAL, cas, get_multi_slice,
    describe_local_ring, describe_splits_ex, trace_next_query and atomic batches."""
    ks = "zf_later"
    cf = kit.cfd_later(ks, "items", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                       default_validation_class="UTF8Type", default_time_to_live=3600,
                       speculative_retry="99PERCENTILE", memtable_flush_period_in_ms=0)
    # 2.1's fields beside them: an empty trigger list, cells_per_row_to_cache, index intervals
    cf["f"].update({"43": W.list_("struct", []), "44": b("ALL"), "45": W.i32(64),
                    "46": W.i32(1024)})
    steps = [kit.describe_version()] + new_ks(ks, [])
    steps += [
        v19.system_add_column_family(cf),
        v19.describe_keyspace(ks),
        v19.insert("i1", cparent("items"), column("a", "1", 10)),
        v19.get_slice("i1", cparent("items"), all_cols()),
        v19.get_slice("i1", cparent("items"), all_cols(), cl=LOCAL_ONE),
        # a write at a level the release lacks is refused with a message printing the call's
        # arguments, its timestamp among them (not deterministic): sent where the level exists
        v19.insert("i1", cparent("items"), column("b", "2", 10), cl=LOCAL_ONE)
        if VER >= (1, 2, 11) else None,
        cas("i2", "items", [], [column("owner", "ann", 11)], serial=LOCAL_SERIAL),
        cas("i2", "items", [], [column("owner", "bob", 12)]),
        # what cas committed carries the ballot's time
        v19.get_slice("i2", cparent("items"), all_cols(), cl=SERIAL).mask("0/*/1/3"),
        multi_slice("i1", "items", [("a", "a"), ("b", "z")]),
        ring_mask(D.raw("describe_local_ring", {1: b(ks)})),
        splits_ex("items", MIN_TOKEN, MIN_TOKEN, 128),
        D.raw("trace_next_query", {}).mask("0"),
        v19.atomic_batch_mutate({"i3": {"items": [ins("x", "y", 13)]}}, cl=LOCAL_ONE)
        if VER >= (1, 2, 11) else None,
        v19.atomic_batch_mutate({"i3": {"items": [ins("x", "y", 13)]}}, cl=SERIAL)
        if VER >= (2, 0) else None,
        v19.get_slice("i3", cparent("items"), all_cols()),
        cql("UPDATE items SET value = 'z' WHERE key = 'i3' AND column1 = 'x'", cl=LOCAL_SERIAL),
    ]
    return steps


# ---------------------------------------------------------------- ops tuning
@sc("ops_tuning", "thrift", "zf_tune")
def ops_tuning():
    """An operator tuning a family through system_update_column_family (the CfDef read back
    by describe_keyspace and sent again with one change): caching values of each era,
    Leveled compaction with its sstable size, compression with a chunk length, a bloom
    filter chance, and the refusals (a chunk length not a power of two, an unknown
    strategy, thresholds the wrong way round, a negative gc grace)."""
    ks = "zf_tune"
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")

    def upd(**kw):
        return v19.system_update_column_family(kit.cfd(ks, "metrics", **dict(base, **kw)))
    steps = new_ks(ks, [kit.cfd(ks, "metrics", **base)])
    steps += [
        upd(caching="ALL"),
        upd(caching="rows_only"),
        upd(caching='{"keys":"ALL", "rows_per_partition":"NONE"}'),
        upd(caching="everything"),
        upd(compaction_strategy="LeveledCompactionStrategy",
            compaction_strategy_options={"sstable_size_in_mb": "160"}),
        upd(compaction_strategy="org.apache.cassandra.db.compaction.NoSuchStrategy"),
        upd(compaction_strategy="SizeTieredCompactionStrategy",
            compaction_strategy_options={"min_sstable_size": "50", "bogus": "1"}),
        upd(compression_options={"sstable_compression": "SnappyCompressor",
                                 "chunk_length_kb": "64"}),
        upd(compression_options={"sstable_compression": "DeflateCompressor",
                                 "chunk_length_kb": "48"}),
        upd(compression_options={"sstable_compression": ""}),
        upd(bloom_filter_fp_chance=0.01),
        upd(bloom_filter_fp_chance=0.0),
        upd(min_compaction_threshold=40, max_compaction_threshold=8),
        upd(gc_grace_seconds=-1),
        upd(read_repair_chance=2.0),
        upd(dclocal_read_repair_chance=0.5, read_repair_chance=0.0),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("metrics"), column("c", "v", 10)),
        v19.get_slice("k", cparent("metrics"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- Quartz job store
@sc("quartz_jobstore", "thrift", "zf_quartz")
def quartz_jobstore():
    """A Quartz JobStore on Hector: triggers with KEYS indexes on their state and next fire
    time (made with the family), the acquire query (state EQ WAITING and next fire time LTE
    now), paging by start_key, states changed (the index following), a trigger deleted,
    and the mistakes: an index clause without an EQ, on an unindexed column, with a bad
    start key type."""
    ks = "zf_quartz"
    cf = kit.cfd(ks, "triggers", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type",
                 column_metadata=[kit.coldef("state", "UTF8Type", indexed=True,
                                             index_name="trig_state"),
                                  kit.coldef("next", "LongType", indexed=True,
                                             index_name="trig_next"),
                                  kit.coldef("job", "UTF8Type")])
    steps = new_ks(ks, [cf])
    trig = [("t1", "WAITING", 100, "j1"), ("t2", "WAITING", 200, "j1"),
            ("t3", "PAUSED", 150, "j2"), ("t4", "WAITING", 90, "j3"),
            ("t5", "ACQUIRED", 80, "j3")]
    steps.append(v19.batch_mutate({t: {"triggers": [ins("state", st, 10), ins("next", i64b(n), 10),
                                                     ins("job", j, 10)]}
                                   for t, st, n, j in trig}))

    def q(exprs, start="", count=100, p=None):
        return v19.get_indexed_slices(cparent("triggers"), index_clause(exprs, start, count),
                                      p or all_cols())
    waiting = D.index_expr("state", D.EQ, "WAITING")
    steps += [
        q([waiting]),
        q([waiting, D.index_expr("next", D.LTE, i64b(150))]),
        q([waiting, D.index_expr("next", D.GT, i64b(95))], p=pred(names=["next"])),
        q([waiting], count=1),
        q([waiting], start="t4", count=2),
        v19.insert("t1", cparent("triggers"), column("state", "ACQUIRED", 11)),
        v19.insert("t5", cparent("triggers"), column("state", "WAITING", 11)),
        q([waiting]),
        q([D.index_expr("state", D.EQ, "ACQUIRED")], p=pred(names=["job"])),
        v19.batch_mutate({"t2": {"triggers": [mutation(deletion_=deletion(12))]}}),
        q([waiting]),
        v19.remove("t4", cpath("triggers", col="state"), 12),
        q([waiting]),
        q([D.index_expr("next", D.LT, i64b(150))]),
        q([D.index_expr("job", D.EQ, "j3")]),
        q([D.index_expr("state", D.EQ, "WAITING"), D.index_expr("next", D.EQ, i32b(1))]),
        q([waiting], count=0),
        q([]),
        v19.get_range_slices(cparent("triggers"), pred(names=["state"]), everything()),
    ]
    return steps


# ---------------------------------------------------------------- Helenos admin GUI
@sc("helenos_admin", "mixed", "zf_gui")
def helenos_admin():
    """A web admin GUI (Helenos-style) over Thrift: a keyspace of CQL 3 tables of every shape
    (compound keys, collections, COMPACT STORAGE, a counter table) listed by
    describe_keyspace, their rows browsed by range scans and slices of raw cells, a
    table's comment edited through system_update_column_family, and a table dropped."""
    ks = "zf_gui"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE users (id int PRIMARY KEY, name text, emails set<text>) "
            "WITH comment = 'people'"),
        cql("CREATE TABLE posts (author text, at int, title text, PRIMARY KEY (author, at)) "
            "WITH CLUSTERING ORDER BY (at DESC)"),
        cql("CREATE TABLE kv (k text, c int, v blob, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
        cql("INSERT INTO users (id, name, emails) VALUES (1, 'ann', {'a@x', 'b@x'}) "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO posts (author, at, title) VALUES ('ann', 1, 'first') "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO posts (author, at, title) VALUES ('ann', 2, 'second') "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO kv (k, c, v) VALUES ('a', 1, 0x01) USING TIMESTAMP 1000"),
        cql("UPDATE hits SET n = n + 3 WHERE page = '/'"),
        v19.describe_keyspace(ks),
        v19.get_range_slices(cparent("users"), all_cols(), everything()).mask("0/*/2/*/1/3"),
        v19.get_slice(i32b(1), cparent("users"), all_cols()).mask("0/*/1/3"),
        v19.get_slice("ann", cparent("posts"), all_cols()).mask("0/*/1/3"),
        v19.get_slice("ann", cparent("posts"), all_cols(2, reversed_=True)).mask("0/*/1/3"),
        v19.get_range_slices(cparent("kv"), all_cols(), everything()).mask("0/*/2/*/1/3"),
        # (1.2's counter table holds a marker cell written at the server's time)
        v19.get_slice("/", cparent("hits"), all_cols()).mask("0/*/1/3"),
        v19.get_count("ann", cparent("posts"), all_cols()),
        v19.system_update_column_family(kit.cfd(ks, "kv", comparator_type="Int32Type",
                                                key_validation_class="UTF8Type",
                                                default_validation_class="BytesType",
                                                comment="edited")),
        v19.system_update_column_family(kit.cfd(ks, "users", comparator_type="UTF8Type",
                                                comment="edited")),
        cql("SELECT * FROM kv"),
        v19.system_drop_column_family("posts"),
        cql("SELECT * FROM posts"),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- 2.0: seats
@sc("lwt_seats", "cql3", "zf_seats", when=VER >= (2, 0))
def lwt_seats():
    """A seat reservation service on 2.0's lightweight transactions: seats inserted IF NOT
    EXISTS (twice), claimed IF holder = null (by two buyers), changed under a condition on
    two columns, released IF EXISTS, a conditional batch in one show and one spanning two,
    a static hall name, reads at SERIAL, and the refusals of a conditional write with a
    timestamp."""
    ks = "zf_seats"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE seats (show text, seat text, hall text static, holder text, "
            "price int, PRIMARY KEY (show, seat))"),
        cql("INSERT INTO seats (show, seat, price) VALUES ('s1', 'A1', 10) IF NOT EXISTS"),
        cql("INSERT INTO seats (show, seat, price) VALUES ('s1', 'A1', 12) IF NOT EXISTS"),
        cql("INSERT INTO seats (show, seat, price) VALUES ('s1', 'A2', 10) IF NOT EXISTS"),
        cql("UPDATE seats SET holder = 'ann' WHERE show = 's1' AND seat = 'A1' "
            "IF holder = null"),
        cql("UPDATE seats SET holder = 'bob' WHERE show = 's1' AND seat = 'A1' "
            "IF holder = null"),
        cql("UPDATE seats SET price = 8 WHERE show = 's1' AND seat = 'A1' "
            "IF holder = 'ann' AND price = 10"),
        cql("UPDATE seats SET hall = 'Main' WHERE show = 's1' IF hall = null"),
        cql("SELECT * FROM seats WHERE show = 's1'", cl=SERIAL),
        cql("DELETE holder FROM seats WHERE show = 's1' AND seat = 'A1' IF holder = 'bob'"),
        cql("DELETE FROM seats WHERE show = 's1' AND seat = 'A2' IF EXISTS"),
        cql("DELETE FROM seats WHERE show = 's1' AND seat = 'A2' IF EXISTS"),
        cql("BEGIN BATCH UPDATE seats SET holder = 'cyd' WHERE show = 's1' AND seat = 'A1' "
            "IF holder = 'ann' INSERT INTO seats (show, seat, price) VALUES ('s1', 'A3', 9) "
            "APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO seats (show, seat, price) VALUES ('s1', 'B1', 5) "
            "IF NOT EXISTS INSERT INTO seats (show, seat, price) VALUES ('s2', 'B1', 5) "
            "IF NOT EXISTS APPLY BATCH"),
        cql("UPDATE seats USING TIMESTAMP 5 SET holder = 'x' WHERE show = 's1' AND seat = 'A1' "
            "IF holder = 'cyd'"),
        cql("INSERT INTO seats (show, seat, price) VALUES ('s3', 'C1', 10) IF NOT EXISTS "
            "USING TTL 600"),
        cql("SELECT seat, holder, price, hall FROM seats WHERE show = 's1'"),
        cql("SELECT * FROM seats WHERE show = 's1'", cl=LOCAL_SERIAL),
        cql("UPDATE seats SET holder = 'dan' WHERE show = 's1' AND seat = 'A3'", cl=SERIAL),
    ]
    return steps


# ---------------------------------------------------------------- 2.1: catalogue
@sc("udt_catalog", "cql3", "zf_cat", when=VER >= (2, 1))
def udt_catalog():
    """A product catalogue on 2.1's user types and tuples: frozen dimensions, a map of
    frozen prices, a location tuple, a list of frozen tuples; field selection, a map entry
    set, the type evolved (a field added and renamed), a prepared insert bound with a UDT,
    and the refusals (a non-frozen UDT in a map, an unknown field, a tuple of the wrong
    arity, a type dropped while used)."""
    ks = "zf_cat"
    q = "INSERT INTO product (sku, size) VALUES (?, ?) USING TIMESTAMP 1000"

    def field(v):
        return len(v).to_bytes(4, "big") + v
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE dims (w int, h int, unit text)"),
        cql("CREATE TYPE price (amount decimal, currency text)"),
        cql("CREATE TABLE product (sku text PRIMARY KEY, name text, size frozen<dims>, "
            "prices map<text, frozen<price>>, loc tuple<double, double>, "
            "history list<frozen<tuple<int, text>>>)"),
        cql("CREATE TABLE bad (k int PRIMARY KEY, m map<text, price>)"),
        cql("INSERT INTO product (sku, name, size, prices, loc, history) VALUES ('a', 'lamp', "
            "{w: 10, h: 20, unit: 'cm'}, {'usd': {amount: 9.5, currency: 'USD'}}, (1.5, 2.5), "
            "[(1, 'created'), (2, 'priced')]) USING TIMESTAMP 1000"),
        cql("SELECT size.w, size.unit, loc FROM product WHERE sku = 'a'"),
        cql("SELECT * FROM product WHERE sku = 'a'"),
        cql("UPDATE product USING TIMESTAMP 1001 SET prices['eur'] = {amount: 8.75, "
            "currency: 'EUR'} WHERE sku = 'a'"),
        cql("SELECT prices FROM product WHERE sku = 'a'"),
        cql("ALTER TYPE dims ADD depth int"),
        cql("ALTER TYPE dims RENAME unit TO units"),
        cql("SELECT size FROM product WHERE sku = 'a'"),
        cql("SELECT size.units, size.depth FROM product WHERE sku = 'a'"),
        prep(q),
        exe(ks, q, ["b", field(i32b(3)) + field(i32b(4)) + field(b"mm")]),
        exe(ks, q, ["c", field(i32b(3))]),
        cql("SELECT sku, size FROM product WHERE sku IN ('b', 'c')"),
        cql("INSERT INTO product (sku, size) VALUES ('d', {x: 1}) USING TIMESTAMP 1000"),
        cql("INSERT INTO product (sku, loc) VALUES ('d', (1.0, 2.0, 3.0)) USING TIMESTAMP 1000"),
        cql("SELECT size.nope FROM product WHERE sku = 'a'"),
        cql("DROP TYPE dims"),
        cql("UPDATE product USING TIMESTAMP 1002 SET size.w = 5 WHERE sku = 'a'"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2: JSON events
@sc("json_events", "cql3", "zf_jsonev", when=VER >= (2, 2))
def json_events():
    """An event API on 2.2: rows written with INSERT JSON (date, time, smallint, tinyint,
    collections), read with SELECT JSON and toJson, a map set by fromJson, aggregates, and
    the refusals (an unknown key, a tinyint out of range, a bad date, a user function on the
    stock yaml). Malformed JSON is left out: 2.2's refusal quotes the parser's message, which
    names a reader object's identity hash."""
    ks = "zf_jsonev"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE ev (id int PRIMARY KEY, day date, at time, level smallint, "
            "prio tinyint, tags set<text>, attrs map<text, int>, ts timestamp)"),
        cql("INSERT INTO ev JSON '{\"id\": 1, \"day\": \"2015-09-01\", \"at\": "
            "\"10:00:00.000\", \"level\": 3, \"prio\": 1, \"tags\": [\"a\", \"b\"], "
            "\"attrs\": {\"x\": 1}, \"ts\": \"2015-09-01 10:00:00+0000\"}' USING TIMESTAMP 1000"),
        cql("INSERT INTO ev JSON '{\"id\": 2, \"level\": \"4\", \"prio\": 2}' "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO ev JSON '{\"id\": 3, \"nope\": 1}'"),
        cql("INSERT INTO ev (id, prio) VALUES (5, 200)"),
        cql("INSERT INTO ev (id, day) VALUES (6, '2015-13-01')"),
        cql("SELECT JSON * FROM ev WHERE id = 1"),
        cql("SELECT JSON id, level FROM ev WHERE id IN (1, 2)"),
        cql("SELECT id, toJson(tags), toJson(attrs), toJson(day) FROM ev WHERE id = 1"),
        cql("UPDATE ev USING TIMESTAMP 1001 SET attrs = fromJson('{\"y\": 2}') WHERE id = 1"),
        v19.set_keyspace(ks),
        cql("SELECT attrs FROM ev WHERE id = 1"),
        cql("SELECT min(level), max(prio), count(*) FROM ev"),
        cql("SELECT avg(level), sum(level) FROM ev"),
        cql("CREATE FUNCTION twice (x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java "
            "AS 'return x * 2;'"),
        cql("SELECT JSON FROM ev"),
    ]
    return steps
