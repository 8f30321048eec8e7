"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zh).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Rackspace Blueflood's rollup store on Astyanax (locator shards, LongType sample names,
    a TTL per granularity, rollup slots read by time bounds, metadata rows)
  * Titan 0.4's edgestore via Astyanax (edgestore/edgeindex/vertexindex families, id
    blocks claimed in titan_ids, lock columns with TTLs, vertex scans by token)
  * PlayORM's partitioned indexes on CompositeType(value, primary key) names and its
    nreldata rows, queried by composite bounds
  * Hector's object mapper (HOM) persisting entities of typed fields, a discriminator
    column and a collection spread over numbered columns
  * a tag search without Lucene: CompositeType(UTF8Type, TimeUUIDType) postings read by
    prefix and paged, tags removed, counts per tag
  * an audit log with TTLs through Thrift and CQL 3 (ttl(), writetime(), TTL mistakes)
  * a game leaderboard of CQL 3 counters, prepared increments and its mistakes
  * Django models on pycassa 1.11 over CQL 3 COMPACT STORAGE tables
  * time-bucketed sensor rows on 2.0.11+'s DateTieredCompactionStrategy options
  * to-do lists edited in place (list index set and delete, map entries removed)
  * an inventory's conditional batches (2.0 on)
  * Hadoop's CqlPagingInputFormat and CqlRecordWriter over Thrift (token pages, prepared
    updates)
  * Pig's CqlStorage reading its table's metadata from the system tables
  * WSO2 BAM's event streams on Hector (stream definitions, TimeUUID event rows)
  * an ORM appending comments to its statements and binding one-value INs
  * a newcomer's CQL 3 over Thrift mistakes (no keyspace, levels, limits, types)
  * a bulk loader's atomic batches, ring and split calls
  * Kundera 2.x's Thrift client (KEYS indexes, JPQL as index clauses)
  * an API gateway's quota counters over Thrift, read through CQL 3
  * pycassa 1.11 built against 1.2's IDL creating families with fields later releases
    dropped
  * two instances racing schema through CQL 3 (IF NOT EXISTS from 2.0)
  * a user-preferences service on 2.1's user types in collections
  * a report on 2.2's date functions and JSON
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause, index_expr)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (coll, comp, exe, i32b, i64b, ks_cql, prep, splits_ex)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY  # noqa: E402
from kit import SERIAL, LOCAL_ONE, SS  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN

sc = kit.registrar("zh_")


def ring_mask(step):
    return step.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def tu(n):
    return D.timeuuid(n)


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs, strategy=SS, options=None):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, strategy=strategy, options=options)),
            v19.set_keyspace(ks)]


# ---------------------------------------------------------------- Blueflood
@sc("blueflood", "thrift", "zh_bf")
def blueflood():
    """Blueflood's Astyanax store: a locator row per shard naming the metrics seen, full
    resolution samples under LongType millisecond names with a TTL, 5-minute rollups with a
    longer TTL, reads of a slot by time bounds (and reversed for the latest), multigets over
    locators, a string metric, metadata columns, a slot state row, and a bound of the wrong
    width."""
    ks = "zh_bf"

    def fam(name, comparator="LongType"):
        return kit.cfd(ks, name, comparator_type=comparator, key_validation_class="UTF8Type",
                       default_validation_class="BytesType")
    cfs = [fam("metrics_locator", "UTF8Type"), fam("metrics_full"), fam("metrics_5m"),
           fam("metrics_string"), fam("metrics_metadata", "UTF8Type"),
           fam("metrics_state", "UTF8Type")]
    steps = kit.connect() + new_ks(ks, cfs)
    t0 = 1380000000000
    locs = ["acme.web1.cpu", "acme.web1.mem", "acme.web2.cpu"]
    full = {loc: {"metrics_full": [ins(i64b(t0 + 30000 * i), i64b(10 * i + n), 10,
                                       ttl=86400) for i in range(4)]}
            for n, loc in enumerate(locs)}
    steps += [
        v19.batch_mutate({"12": {"metrics_locator": [ins(loc, b"", 10, ttl=604800)
                                                     for loc in locs]}}),
        v19.batch_mutate(full),
        v19.get_slice("12", cparent("metrics_locator"), all_cols(1000)),
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=i64b(t0), finish=i64b(t0 + 60000), count=1000)),
        v19.get_slice(locs[0], cparent("metrics_full"), all_cols(1, reversed_=True)),
        v19.multiget_slice(locs + ["acme.gone.cpu"], cparent("metrics_full"),
                           pred(start=i64b(t0 + 30000), finish=i64b(t0 + 90000), count=2)),
        v19.batch_mutate({locs[0]: {"metrics_5m": [
            ins(i64b(t0), b"\x01" + i64b(4) + i64b(15), 11, ttl=2592000)]}}),
        v19.get_slice(locs[0], cparent("metrics_5m"),
                      pred(start=i64b(t0 - 300000), finish=i64b(t0 + 300000))),
        v19.insert("acme.web1.version", cparent("metrics_string"),
                   column(i64b(t0), "1.4.2", 10, ttl=86400)),
        v19.get_slice("acme.web1.version", cparent("metrics_string"), all_cols(1, True)),
        v19.batch_mutate({locs[0]: {"metrics_metadata": [ins("unit", "percent", 10),
                                                         ins("type", "I", 10)]}}),
        v19.get_slice(locs[0], cparent("metrics_metadata"), pred(names=["unit", "type",
                                                                        "rollupType"])),
        v19.batch_mutate({"12": {"metrics_state": [ins("metrics_5m,%d,A" % s, i64b(t0), 12)
                                                   for s in (0, 1)]}}),
        v19.get_slice("12", cparent("metrics_state"), all_cols()),
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=i32b(5), finish=b"", count=10)),
        v19.get_count(locs[1], cparent("metrics_full"),
                      pred(start=i64b(t0), finish=i64b(t0 + 60000), count=1000)),
        v19.remove("12", cpath("metrics_locator", col=locs[2]), 13),
        v19.get_slice("12", cparent("metrics_locator"), all_cols(1000)),
    ]
    return steps


# ---------------------------------------------------------------- Titan 0.4
@sc("titan04", "thrift", "zh_titan")
def titan04():
    """Titan 0.4 on Astyanax: its families made with Snappy compression options, the
    system_properties row, id blocks claimed by timestamped columns in titan_ids and read
    back, lock columns with a TTL at QUORUM, vertex rows of byte names read by prefix
    bounds and counts, edges deleted by names, a full scan by token ranges (keys only),
    and a read at ALL on one node."""
    ks = "zh_titan"
    comp_opts = {"sstable_compression": "org.apache.cassandra.io.compress.SnappyCompressor",
                 "chunk_length_kb": "64"}

    def fam(name):
        return kit.cfd(ks, name, comparator_type="BytesType", key_validation_class="BytesType",
                       default_validation_class="BytesType", compression_options=comp_opts)
    names = ["edgestore", "edgeindex", "vertexindex", "titan_ids", "system_properties",
             "edgestore_lock_"]
    steps = kit.connect() + [v19.describe_keyspace(ks)]
    steps += new_ks(ks, [fam(n) for n in names])
    v1, v2 = i64b(0x100), i64b(0x200)
    steps += [
        v19.get_slice(b"configuration", cparent("system_properties"), all_cols()),
        v19.insert(b"configuration", cparent("system_properties"),
                   column("storage.version", "0.4.4", 10), cl=QUORUM),
        v19.insert(i32b(0), cparent("titan_ids"),
                   column(i64b(-1000) + i64b(123456) + b"node1", b"", 10), cl=QUORUM),
        v19.get_slice(i32b(0), cparent("titan_ids"), all_cols(5), cl=QUORUM),
        v19.insert(v1, cparent("edgestore_lock_"),
                   column(i64b(1380000000000) + b"\x7f\x00\x00\x01", b"", 10, ttl=10),
                   cl=QUORUM),
        v19.get_slice(v1, cparent("edgestore_lock_"), all_cols(), cl=QUORUM),
        v19.batch_mutate({v1: {"edgestore": [ins(b"\x10\x01", b"\x01", 10),
                                             ins(b"\x30\x02\x02", v2, 10),
                                             ins(b"\x30\x02\x03", b"", 10)]},
                          v2: {"edgestore": [ins(b"\x10\x01", b"\x02", 10),
                                             ins(b"\x31\x02\x01", v1, 10)]}}, cl=QUORUM),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"\x30", finish=b"\x31",
                                                     count=2147483647), cl=QUORUM),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"\x30", finish=b"\x30\xff",
                                                     count=1)),
        v19.multiget_slice([v1, v2, i64b(0x300)], cparent("edgestore"),
                           pred(start=b"\x10", finish=b"\x11")),
        v19.batch_mutate({v1: {"edgestore": [mutation(deletion_=deletion(
            11, predicate=pred(names=[b"\x30\x02\x03"])))],
            "edgestore_lock_": [mutation(deletion_=deletion(11))]}}, cl=QUORUM),
        v19.get_count(v1, cparent("edgestore"), all_cols(2147483647)),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=100)),
        v19.get_range_slices(cparent("edgestore"), pred(names=[]),
                             key_range(start_token="0", end_token="0", count=100)),
        v19.get_slice(v2, cparent("edgestore"), all_cols(), cl=ALL),
        v19.insert(b"", cparent("edgeindex"), column(b"\x00", b"", 10)),
        v19.get_slice(v1, cparent("edgestore"), pred(start=b"\x31", finish=b"\x30")),
    ]
    return steps


# ---------------------------------------------------------------- PlayORM
@sc("playorm", "thrift", "zh_play")
def playorm():
    """PlayORM on Astyanax: entities in nreldata under a class-prefixed key, partitioned
    index rows of CompositeType(UTF8Type, BytesType) and CompositeType(IntegerType,
    BytesType) names (value, primary key), a query `where lastName = ?` as a slice between
    end-of-component bounds, a range `age > 30` as a slice from an exclusive bound, index
    entries moved when a field changes, a row removed with its postings, and a posting of
    the wrong shape."""
    ks = "zh_play"
    cfs = [kit.cfd(ks, "nreldata", comparator_type="UTF8Type", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "StringIndice", comparator_type="CompositeType(UTF8Type,BytesType)",
                   key_validation_class="UTF8Type", default_validation_class="BytesType"),
           kit.cfd(ks, "IntegerIndice", comparator_type="CompositeType(IntegerType,BytesType)",
                   key_validation_class="UTF8Type", default_validation_class="BytesType")]
    steps = new_ks(ks, cfs)
    people = [("u1", "smith", 31), ("u2", "jones", 25), ("u3", "smith", 44)]
    muts = {}
    for pk, last, age in people:
        muts[b"User:" + pk.encode()] = {"nreldata": [ins("lastName", last, 10),
                                                     ins("age", bytes([age]), 10)]}
    muts["/User/lastName/p0"] = {"StringIndice": [ins(comp(last, pk), b"", 10)
                                                  for pk, last, _ in people]}
    muts["/User/age/p0"] = {"IntegerIndice": [ins(comp(bytes([age]), pk), b"", 10)
                                              for pk, _, age in people]}
    sidx, iidx = cparent("StringIndice"), cparent("IntegerIndice")
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("/User/lastName/p0", sidx, pred(start=comp("smith"),
                                                      finish=comp("smith", eoc=1))),
        v19.multiget_slice([b"User:u1", b"User:u3"], cparent("nreldata"), all_cols()),
        v19.get_slice("/User/age/p0", iidx, pred(start=comp(bytes([30]), eoc=1), finish=b"")),
        v19.get_slice("/User/age/p0", iidx, pred(start=b"", finish=comp(bytes([30]), eoc=-1))),
        v19.batch_mutate({b"User:u2": {"nreldata": [ins("lastName", "brown", 11)]},
                          "/User/lastName/p0": {"StringIndice": [
                              mutation(deletion_=deletion(11, predicate=pred(
                                  names=[comp("jones", "u2")]))),
                              ins(comp("brown", "u2"), b"", 11)]}}),
        v19.get_slice("/User/lastName/p0", sidx, all_cols()),
        v19.batch_mutate({b"User:u3": {"nreldata": [mutation(deletion_=deletion(12))]},
                          "/User/lastName/p0": {"StringIndice": [mutation(deletion_=deletion(
                              12, predicate=pred(names=[comp("smith", "u3")])))]},
                          "/User/age/p0": {"IntegerIndice": [mutation(deletion_=deletion(
                              12, predicate=pred(names=[comp(bytes([44]), "u3")])))]}}),
        v19.get_count("/User/age/p0", iidx, all_cols()),
        v19.get_range_slices(cparent("nreldata"), all_cols(), everything()),
        v19.insert("/User/lastName/p0", sidx, column(b"smith", b"", 13)),
        v19.insert("/User/age/p0", iidx, column(comp("x", "u9"), b"", 13)),
        v19.get_slice("/User/lastName/p0", sidx, pred(start=comp("t"), finish=comp("s"))),
    ]
    return steps


# ---------------------------------------------------------------- Hector object mapper
@sc("hector_hom", "thrift", "zh_hom")
def hector_hom():
    """Hector's object mapper: an entity family of typed columns (a discriminator, a long,
    a boolean, a date, a collection spread over `tags:0`, `tags:1` with its size column),
    find by key, find of a missing key, an update that shrinks the collection (the mapper
    deletes the stale element), a polymorphic subclass row, a delete, and an entity whose
    id the mapper serialized as an empty key."""
    ks = "zh_hom"
    cf = kit.cfd(ks, "Customer", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType",
                 column_metadata=[kit.coldef("balance", "LongType"),
                                  kit.coldef("created", "DateType")])
    steps = kit.connect() + new_ks(ks, [cf])

    def ent(kind, bal, tags, t):
        cols = [ins("__type", kind, t), ins("balance", i64b(bal), t),
                ins("vip", b"\x01", t), ins("created", i64b(1380000000000), t),
                ins("tags", i32b(len(tags)), t)]
        return cols + [ins("tags:%d" % i, x, t) for i, x in enumerate(tags)]
    steps += [
        v19.batch_mutate({"c1": {"Customer": ent("C", 100, ["a", "b", "c"], 10)},
                          "c2": {"Customer": ent("G", 5, ["z"], 10)}}),
        v19.get_slice("c1", cparent("Customer"), all_cols(1000)),
        v19.get_slice("c9", cparent("Customer"), all_cols(1000)),
        v19.batch_mutate({"c1": {"Customer": ent("C", 90, ["a"], 11) + [
            mutation(deletion_=deletion(11, predicate=pred(names=["tags:1", "tags:2"])))]}}),
        v19.get_slice("c1", cparent("Customer"), all_cols(1000)),
        v19.multiget_slice(["c1", "c2"], cparent("Customer"), pred(names=["__type",
                                                                          "balance"])),
        v19.insert("c2", cparent("Customer"), column("balance", i32b(7), 12)),
        v19.insert("c2", cparent("Customer"), column("created", "2013-09-01", 12)),
        v19.remove("c2", cpath("Customer"), 13),
        v19.get_slice("c2", cparent("Customer"), all_cols(1000)),
        v19.insert("", cparent("Customer"), column("__type", "C", 13)),
        v19.get_range_slices(cparent("Customer"), pred(names=["__type"]), everything()),
    ]
    return steps


# ---------------------------------------------------------------- tag search
@sc("tag_search", "thrift", "zh_tags")
def tag_search():
    """A tag search with composite columns instead of Lucene: one row per tag shard of
    CompositeType(UTF8Type, TimeUUIDType) postings (tag word, document time), a prefix
    search by end-of-component bounds, newest first and paged from the last posting, an
    exact tag, counts per tag, a tag removed by a slice-range deletion (refused before 3.0),
    then by names, and a malformed bound."""
    ks = "zh_tags"
    cf = kit.cfd(ks, "tag_index", comparator_type="CompositeType(UTF8Type,TimeUUIDType)",
                 key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = new_ks(ks, [cf])
    posts = [("cassandra", 1, "d1"), ("cassandra", 3, "d3"), ("cassie", 2, "d2"),
             ("cats", 4, "d4"), ("cassandra", 5, "d5")]
    ti = cparent("tag_index")
    steps += [
        v19.batch_mutate({"shard0": {"tag_index": [ins(comp(t, tu(n)), d, 10)
                                                   for t, n, d in posts]}}),
        v19.get_slice("shard0", ti, pred(start=comp("cas"), finish=comp("cat", eoc=-1))),
        v19.get_slice("shard0", ti, pred(start=comp("cassandra", eoc=1),
                                         finish=comp("cassandra"), reversed=True, count=2)),
        v19.get_slice("shard0", ti, pred(start=comp("cassandra", tu(3)),
                                         finish=comp("cassandra"), reversed=True, count=2)),
        v19.get_count("shard0", ti, pred(start=comp("cassandra"),
                                         finish=comp("cassandra", eoc=1))),
        v19.multiget_count(["shard0", "shard1"], ti, all_cols()),
        v19.batch_mutate({"shard0": {"tag_index": [mutation(deletion_=deletion(
            11, predicate=pred(start=comp("cats"), finish=comp("cats", eoc=1))))]}}),
        v19.batch_mutate({"shard0": {"tag_index": [mutation(deletion_=deletion(
            11, predicate=pred(names=[comp("cats", tu(4))])))]}}),
        v19.get_slice("shard0", ti, all_cols()),
        v19.get_slice("shard0", ti, pred(start=b"cassandra", finish=b"")),
        v19.insert("shard0", ti, column(comp("dogs", "not-a-uuid"), "d9", 12)),
    ]
    return steps


# ---------------------------------------------------------------- audit log
@sc("audit_log", "mixed", "zh_audit")
def audit_log():
    """An audit log kept 90 days: Thrift inserts with a TTL per event, a CQL 3 table of
    (day, at) written USING TTL and TIMESTAMP, ttl() and writetime() read back, a TTL
    updated, TTLs past the 20-year cap, negative and zero TTLs through Thrift and CQL, and
    a bind marker for the TTL."""
    ks = "zh_audit"
    cf = kit.cfd(ks, "events", comparator_type="TimeUUIDType", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = new_ks(ks, [cf])
    day = 90 * 86400
    q = ("INSERT INTO trail (day, at, actor, action) VALUES (?, ?, ?, ?) "
         "USING TTL ? AND TIMESTAMP 1002")
    steps += [
        v19.batch_mutate({"2013-10-01": {"events": [ins(tu(i), "login u%d" % i, 10, ttl=day)
                                                    for i in range(3)]}}),
        v19.get_slice("2013-10-01", cparent("events"), all_cols()),
        v19.insert("2013-10-01", cparent("events"), column(tu(9), "x", 10, ttl=630720001)),
        v19.insert("2013-10-01", cparent("events"), column(tu(9), "x", 10, ttl=-1)),
        v19.insert("2013-10-01", cparent("events"), column(tu(9), "x", 10, ttl=0)),
        cql("CREATE TABLE trail (day text, at int, actor text, action text, "
            "PRIMARY KEY (day, at))"),
        cql("INSERT INTO trail (day, at, actor, action) VALUES ('d1', 1, 'ann', 'login') "
            "USING TTL 7776000 AND TIMESTAMP 1000"),
        cql("INSERT INTO trail (day, at, actor, action) VALUES ('d1', 2, 'bob', 'grant') "
            "USING TIMESTAMP 1000 AND TTL 7776000"),
        cql("SELECT at, actor, writetime(actor) FROM trail WHERE day = 'd1'"),
        cql("SELECT at, ttl(at) FROM trail WHERE day = 'd1'"),
        cql("UPDATE trail USING TTL 60 AND TIMESTAMP 1001 SET action = 'revoke' "
            "WHERE day = 'd1' AND at = 2"),
        cql("INSERT INTO trail (day, at, actor) VALUES ('d1', 3, 'x') USING TTL 630720001"),
        cql("INSERT INTO trail (day, at, actor) VALUES ('d1', 3, 'x') USING TTL -5"),
        cql("INSERT INTO trail (day, at, actor) VALUES ('d1', 3, 'x') USING TTL 0 AND "
            "TIMESTAMP 1000"),
        cql("SELECT * FROM trail WHERE day = 'd1'"),
        prep(q),
        exe(ks, q, ["d2", i32b(1), "cyd", "logout", i32b(3600)]),
        exe(ks, q, ["d2", i32b(2), "cyd", "logout", i32b(-1)]),
        exe(ks, q, ["d2", i32b(3), "cyd", "logout", i64b(3600)]),
        cql("SELECT at, actor, writetime(action) FROM trail WHERE day = 'd2'"),
    ]
    return steps


# ---------------------------------------------------------------- leaderboard
@sc("leaderboard", "cql3", "zh_lb")
def leaderboard():
    """A game leaderboard of CQL 3 counters: per-player points and games incremented by
    prepared statements, read by partition and by IN, a decrement, and the mistakes of its
    first version (a counter set to a value, an INSERT, a counter beside a text column, a
    counter increment with a timestamp, a delete then an increment)."""
    ks = "zh_lb"
    up = "UPDATE scores SET points = points + ?, games = games + 1 WHERE board = ? AND player = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE scores (board text, player text, points counter, games counter, "
            "PRIMARY KEY (board, player))"),
        prep(up),
        exe(ks, up, [i64b(50), "weekly", "ann"]),
        exe(ks, up, [i64b(70), "weekly", "bob"]),
        exe(ks, up, [i64b(20), "weekly", "ann"]),
        exe(ks, up, [i32b(5), "weekly", "ann"]),
        cql("UPDATE scores SET points = points - 5 WHERE board = 'weekly' AND player = 'bob'"),
        cql("SELECT player, points, games FROM scores WHERE board = 'weekly'"),
        cql("SELECT * FROM scores WHERE board = 'weekly' AND player IN ('ann', 'bob', 'cyd')"),
        cql("UPDATE scores SET points = 100 WHERE board = 'weekly' AND player = 'ann'"),
        cql("INSERT INTO scores (board, player, points) VALUES ('weekly', 'dan', 1)"),
        cql("CREATE TABLE scores2 (board text PRIMARY KEY, points counter, name text)"),
        cql("UPDATE scores USING TIMESTAMP 5 SET points = points + 1 WHERE board = 'weekly' "
            "AND player = 'ann'"),
        cql("DELETE FROM scores WHERE board = 'monthly' AND player = 'ann'"),
        cql("SELECT * FROM scores WHERE board = 'monthly'"),
        cql("UPDATE scores SET points = points + 'x' WHERE board = 'weekly' AND player = 'ann'"),
        cql("SELECT COUNT(*) FROM scores WHERE board = 'weekly'"),
        # (its cells read through get_slice are left out: 1.2's row marker carries the
        # server's time)
    ]
    return steps


# ---------------------------------------------------------------- Django on pycassa
@sc("django_pycassa", "mixed", "zh_dj")
def django_pycassa():
    """Django models on pycassa 1.11 over tables made by CQL 3 with COMPACT STORAGE: the
    model's table created in CQL 3, pycassa's describe_keyspace at connect, rows written by
    batch_mutate and read by get_slice and multiget, a get_range of the model's manager,
    the same rows read back by CQL 3, a model field of the wrong type, and a non-compact
    table pycassa cannot see."""
    ks = "zh_dj"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE polls_poll (key text PRIMARY KEY, question text, votes int, "
            "pub_date timestamp) WITH COMPACT STORAGE"),
        cql("CREATE TABLE polls_choice (poll text, choice text, votes int, "
            "PRIMARY KEY (poll, choice)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE polls_tag (key text PRIMARY KEY, name text)"),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"p1": {"polls_poll": [ins("question", "Tea?", 10),
                                                ins("votes", i32b(3), 10),
                                                ins("pub_date", i64b(1380000000000), 10)]},
                          "p2": {"polls_poll": [ins("question", "Coffee?", 10)]}}),
        v19.batch_mutate({"p1": {"polls_choice": [ins("yes", i32b(2), 10),
                                                  ins("no", i32b(1), 10)]}}),
        v19.get_slice("p1", cparent("polls_poll"), all_cols()),
        v19.multiget_slice(["p1", "p2", "p3"], cparent("polls_poll"),
                           pred(names=["question"])),
        v19.get_range_slices(cparent("polls_poll"), all_cols(), everything(1024)),
        v19.get_slice("p1", cparent("polls_choice"), all_cols()),
        cql("SELECT * FROM polls_poll"),
        cql("SELECT * FROM polls_choice WHERE poll = 'p1'"),
        v19.insert("p2", cparent("polls_poll"), column("votes", "many", 11)),
        v19.insert("p2", cparent("polls_poll"), column("extra", "x", 11)),
        v19.get_slice("p2", cparent("polls_poll"), all_cols()),
        v19.insert("t1", cparent("polls_tag"), column("name", "fun", 11)),
        v19.get_slice("t1", cparent("polls_tag"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- DTCS sensors
@sc("sensor_dtcs", "cql3", "zh_dtcs", when=VER >= (2, 0))
def sensor_dtcs():
    """Time-bucketed sensor rows on DateTieredCompactionStrategy (2.0.11 on): the table
    made with its options, read back through describe_keyspace, a bad option value and an
    unknown option refused, samples written into (sensor, hour) buckets with a default
    TTL, a bucket read in time order and the latest by ORDER BY DESC, the strategy changed
    by ALTER TABLE and by system_update_column_family."""
    ks = "zh_dtcs"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE samples (sensor text, bucket int, at timestamp, v double, "
            "PRIMARY KEY ((sensor, bucket), at)) WITH compaction = {'class': "
            "'DateTieredCompactionStrategy', 'base_time_seconds': '3600', "
            "'max_sstable_age_days': '10'} AND default_time_to_live = 864000"),
        cql("CREATE TABLE bad1 (k int PRIMARY KEY) WITH compaction = {'class': "
            "'DateTieredCompactionStrategy', 'max_sstable_age_days': 'ten'}"),
        cql("CREATE TABLE bad2 (k int PRIMARY KEY) WITH compaction = {'class': "
            "'DateTieredCompactionStrategy', 'tier_days': '1'}"),
        cql("CREATE TABLE bad3 (k int PRIMARY KEY) WITH compaction = {'class': "
            "'DateTieredCompactionStrategy', 'timestamp_resolution': 'EONS'}"),
    ]
    for i in range(4):
        steps.append(cql("INSERT INTO samples (sensor, bucket, at, v) VALUES ('s1', 383333, "
                         "%d, %d.5) USING TIMESTAMP 1000" % (1380000000000 + i * 60000, i)))
    steps += [
        cql("SELECT at, v FROM samples WHERE sensor = 's1' AND bucket = 383333"),
        cql("SELECT at, v FROM samples WHERE sensor = 's1' AND bucket = 383333 "
            "ORDER BY at DESC LIMIT 1"),
        cql("SELECT at, v FROM samples WHERE sensor = 's1' AND bucket IN (383332, 383333) "
            "AND at >= 1380000060000"),
        cql("SELECT * FROM samples WHERE sensor = 's1'"),
        cql("ALTER TABLE samples WITH compaction = {'class': 'DateTieredCompactionStrategy', "
            "'base_time_seconds': '60', 'timestamp_resolution': 'MICROSECONDS'}"),
        cql("ALTER TABLE samples WITH compaction = {'class': 'SizeTieredCompactionStrategy', "
            "'max_sstable_age_days': '1'}"),
        cql("SELECT compaction_strategy_class, compaction_strategy_options FROM "
            "system.schema_columnfamilies WHERE keyspace_name = 'zh_dtcs' AND "
            "columnfamily_name = 'samples'"),
    ]
    return steps


# ---------------------------------------------------------------- to-do lists
@sc("todo_lists", "cql3", "zh_todo")
def todo_lists():
    """A to-do app editing collections in place: items appended, one set by index, one
    deleted by index, an index past the end set and deleted, a map of due dates with an
    entry removed by DELETE and by a bind, a set of labels minus one, prepared index
    updates, and the whole list replaced."""
    ks = "zh_todo"
    setq = "UPDATE todo USING TIMESTAMP 1005 SET items[?] = ? WHERE id = ?"
    delq = "DELETE due[?] FROM todo USING TIMESTAMP 1006 WHERE id = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE todo (id int PRIMARY KEY, items list<text>, due map<text, int>, "
            "labels set<text>)"),
        cql("INSERT INTO todo (id, items, due, labels) VALUES (1, ['milk', 'eggs', 'bread'], "
            "{'milk': 1, 'bread': 2}, {'home', 'urgent'}) USING TIMESTAMP 1000"),
        cql("UPDATE todo USING TIMESTAMP 1001 SET items[1] = 'ham' WHERE id = 1"),
        cql("SELECT items FROM todo WHERE id = 1"),
        cql("DELETE items[0] FROM todo USING TIMESTAMP 1002 WHERE id = 1"),
        cql("SELECT items FROM todo WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1003 SET items[7] = 'x' WHERE id = 1"),
        cql("DELETE items[7] FROM todo USING TIMESTAMP 1003 WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1003 SET items[0] = 'x' WHERE id = 2"),
        cql("DELETE due['milk'] FROM todo USING TIMESTAMP 1004 WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1004 SET labels = labels - {'urgent'} WHERE id = 1"),
        cql("SELECT * FROM todo WHERE id = 1"),
        prep(setq),
        exe(ks, setq, [i32b(0), "jam", i32b(1)]),
        exe(ks, setq, [i32b(-1), "jam", i32b(1)]),
        exe(ks, setq, [i64b(0), "jam", i32b(1)]),
        prep(delq),
        exe(ks, delq, ["bread", i32b(1)]),
        cql("SELECT items, due FROM todo WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1007 SET items = ['a'] + items WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1008 SET items['a'] = 'b' WHERE id = 1"),
        cql("UPDATE todo USING TIMESTAMP 1008 SET labels[0] = 'b' WHERE id = 1"),
        # (a set element deleted by `DELETE labels['home']`: 1.2.9 never answered it)
        cql("UPDATE todo USING TIMESTAMP 1009 SET items = ['only'] WHERE id = 1"),
        cql("SELECT * FROM todo"),
    ]
    return steps


# ---------------------------------------------------------------- conditional batches
@sc("inventory_batches", "cql3", "zh_inv", when=VER >= (2, 0))
def inventory_batches():
    """An inventory's conditional batches (2.0 on): a stock row reserved and its order
    written in one batch under a condition, the same batch replayed (not applied), a batch
    whose conditions span two partitions, one with a timestamp, a counter update in a
    conditional batch, IF NOT EXISTS beside IF conditions, and a read at SERIAL."""
    ks = "zh_inv"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE stock (sku text, wh text, qty int, reserved int, "
            "PRIMARY KEY (sku, wh))"),
        cql("CREATE TABLE hits (sku text PRIMARY KEY, n counter)"),
        cql("INSERT INTO stock (sku, wh, qty, reserved) VALUES ('a', 'w1', 10, 0) "
            "IF NOT EXISTS"),
        cql("BEGIN BATCH UPDATE stock SET reserved = 2 WHERE sku = 'a' AND wh = 'w1' "
            "IF reserved = 0 INSERT INTO stock (sku, wh, qty) VALUES ('a', 'w2', 0) "
            "APPLY BATCH"),
        cql("BEGIN BATCH UPDATE stock SET reserved = 2 WHERE sku = 'a' AND wh = 'w1' "
            "IF reserved = 0 INSERT INTO stock (sku, wh, qty) VALUES ('a', 'w2', 0) "
            "APPLY BATCH"),
        cql("BEGIN BATCH UPDATE stock SET qty = 9 WHERE sku = 'a' AND wh = 'w1' IF qty = 10 "
            "UPDATE stock SET qty = 1 WHERE sku = 'b' AND wh = 'w1' IF qty = 0 APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 5 UPDATE stock SET qty = 9 WHERE sku = 'a' AND "
            "wh = 'w1' IF qty = 10 APPLY BATCH"),
        cql("BEGIN BATCH UPDATE stock SET qty = 9 WHERE sku = 'a' AND wh = 'w1' IF qty = 10 "
            "UPDATE hits SET n = n + 1 WHERE sku = 'a' APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO stock (sku, wh, qty) VALUES ('a', 'w3', 1) IF NOT EXISTS "
            "UPDATE stock SET qty = 8 WHERE sku = 'a' AND wh = 'w1' IF qty = 10 APPLY BATCH"),
        cql("BEGIN BATCH UPDATE stock SET qty = 7 WHERE sku = 'a' AND wh = 'w1' IF qty = 8 "
            "UPDATE stock SET reserved = 0 WHERE sku = 'a' AND wh = 'w1' IF reserved = 2 "
            "APPLY BATCH"),
        cql("SELECT wh, qty, reserved FROM stock WHERE sku = 'a'", cl=SERIAL),
        cql("BEGIN UNLOGGED BATCH UPDATE stock SET qty = 6 WHERE sku = 'a' AND wh = 'w1' "
            "IF qty = 7 APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE hits SET n = n + 1 WHERE sku = 'a' APPLY BATCH"),
        cql("SELECT * FROM stock WHERE sku = 'a'"),
    ]
    return steps


# ---------------------------------------------------------------- Hadoop CQL input/output
@sc("cql_paging_input", "cql3", "zh_hadoop")
def cql_paging_input():
    """Hadoop's CqlPagingInputFormat and CqlRecordWriter over Thrift: the ring and splits
    of the table, the page query prepared with token bounds and run page by page from the
    last key, an empty last page, the writer's prepared UPDATE bound per output row (one
    with a key part missing), and a page query of a partition key part given alone."""
    ks = "zh_hadoop"
    page = ("SELECT * FROM words WHERE token(w) > token(?) AND token(w) <= ? LIMIT 2 "
            "ALLOW FILTERING")
    first = "SELECT * FROM words WHERE token(w) > ? AND token(w) <= ? LIMIT 2 ALLOW FILTERING"
    out = "UPDATE counts SET n = ? WHERE w = ? AND src = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE words (w text PRIMARY KEY, n int)"),
        cql("CREATE TABLE counts (w text, src text, n int, PRIMARY KEY (w, src))"),
    ]
    for i, w in enumerate(["apple", "berry", "cherry", "date", "elder"]):
        steps.append(cql("INSERT INTO words (w, n) VALUES ('%s', %d) USING TIMESTAMP 1000"
                         % (w, i)))
    steps += [
        ring_mask(v19.describe_ring(ks)),
        splits_ex("words", MIN_TOKEN, "0", 65536),
        prep(first),
        exe(ks, first, [i64b(-(1 << 63)), i64b((1 << 63) - 1)]),
        prep(page),
        exe(ks, page, ["apple", i64b((1 << 63) - 1)]),
        exe(ks, page, ["date", i64b((1 << 63) - 1)]),
        exe(ks, page, ["zzz", i64b((1 << 63) - 1)]),
        exe(ks, first, ["apple", i64b(0)]),
        prep(out),
        exe(ks, out, [i32b(1), "apple", "job1"]),
        exe(ks, out, [i32b(2), "berry", "job1"]),
        exe(ks, out, [i32b(3), "berry"]),
        cql("SELECT * FROM counts"),
    ]
    return steps


# ---------------------------------------------------------------- Pig CqlStorage
@sc("pig_cqlstorage", "cql3", "zh_pig")
def pig_cqlstorage():
    """Pig's CqlStorage at LOAD: the table's key aliases, columns and validators read from
    the system tables by execute_cql3_query, describe_keyspace for its Thrift view, a
    token-range page, and a STORE's prepared insert (a bound column of the wrong type)."""
    ks = "zh_pig"
    cols_q = ("SELECT column_name, validator FROM system.schema_columns WHERE "
              "keyspace_name = 'zh_pig' AND columnfamily_name = 'visits'")
    ins_q = "INSERT INTO visits (site, day, hits) VALUES (?, ?, ?)"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE visits (site text, day int, hits bigint, PRIMARY KEY (site, day))"),
        cql("SELECT key_validator, comparator, default_validator FROM "
            "system.schema_columnfamilies WHERE keyspace_name = 'zh_pig' AND "
            "columnfamily_name = 'visits'"),
        cql(cols_q),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies WHERE "
            "keyspace_name = 'zh_pig'"),
        cql("INSERT INTO visits (site, day, hits) VALUES ('a.com', 1, 10) USING TIMESTAMP 1000"),
        cql("INSERT INTO visits (site, day, hits) VALUES ('a.com', 2, 12) USING TIMESTAMP 1000"),
        cql("INSERT INTO visits (site, day, hits) VALUES ('b.com', 1, 3) USING TIMESTAMP 1000"),
        cql("SELECT * FROM visits WHERE token(site) > -9223372036854775808 AND "
            "token(site) <= 9223372036854775807 LIMIT 1000"),
        prep(ins_q),
        exe(ks, ins_q, ["c.com", i32b(1), i64b(5)]),
        exe(ks, ins_q, ["c.com", i32b(2), i32b(5)]),
        cql("SELECT site, day, hits FROM visits WHERE site = 'c.com'"),
        cql("SELECT column_name FROM system.schema_columns WHERE keyspace_name = 'zh_pig'"),
    ]
    return steps


# ---------------------------------------------------------------- WSO2 BAM
@sc("wso2_bam", "thrift", "zh_bam")
def wso2_bam():
    """WSO2 BAM's Hector event store: a stream definition family, one event family per
    stream (TimeUUID row keys, typed payload columns with its `meta_`/`payload_` prefixes),
    a get_range_slices of the analyser's batch, events deleted after the batch, a stream
    family added while events arrive, and an event sent to a family not yet there."""
    ks = "zh_bam"
    defs = kit.cfd(ks, "STREAM_DEFINITION", comparator_type="UTF8Type",
                   key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = new_ks(ks, [defs])
    ev = kit.cfd(ks, "org_wso2_bam_phone", comparator_type="UTF8Type",
                 key_validation_class="BytesType", default_validation_class="BytesType")

    def event(n, brand, qty, t):
        return {tu(n): {"org_wso2_bam_phone": [
            ins("meta_ip", "10.0.0.%d" % n, t), ins("payload_brand", brand, t),
            ins("payload_qty", i32b(qty), t), ins("payload_total", bytes.fromhex(
                "4059000000000000"), t)]}}
    steps += [
        v19.insert("org.wso2.bam.phone:1.0.0", cparent("STREAM_DEFINITION"),
                   column("definition", '{"name":"org.wso2.bam.phone"}', 10)),
        v19.batch_mutate(event(1, "acme", 2, 10)),
        v19.system_add_column_family(ev),
        v19.batch_mutate(event(1, "acme", 2, 10)),
        v19.batch_mutate(dict(list(event(2, "zeta", 1, 10).items()) +
                              list(event(3, "acme", 5, 10).items()))),
        v19.get_range_slices(cparent("org_wso2_bam_phone"),
                             pred(names=["payload_brand", "payload_qty"]), everything(1000)),
        v19.get_slice("org.wso2.bam.phone:1.0.0", cparent("STREAM_DEFINITION"), all_cols()),
        v19.batch_mutate({tu(1): {"org_wso2_bam_phone": [mutation(deletion_=deletion(11))]},
                          tu(2): {"org_wso2_bam_phone": [mutation(deletion_=deletion(11))]}}),
        v19.get_range_slices(cparent("org_wso2_bam_phone"), pred(names=["payload_brand"]),
                             everything(1000)),
        v19.system_add_column_family(ev),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- ORM comments, one-value IN
@sc("orm_comments", "cql3", "zh_orm")
def orm_comments():
    """An ORM that tags each statement with a trailing comment naming its caller (some
    ended by a line end, some not), and binds its `findAllByIds` with an IN of one value:
    on the last clustering column, on another, with a collection selected, on the
    partition key with ORDER BY."""
    ks = "zh_orm"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE posts (blog text, day int, seq int, title text, tags set<text>, "
            "PRIMARY KEY (blog, day, seq))"),
        cql("INSERT INTO posts (blog, day, seq, title, tags) VALUES ('b', 1, 1, 'hi', {'x'}) "
            "USING TIMESTAMP 1000 -- PostDao.save\n"),
        cql("INSERT INTO posts (blog, day, seq, title) VALUES ('b', 1, 2, 'yo') "
            "USING TIMESTAMP 1000 /* PostDao.save */"),
        cql("INSERT INTO posts (blog, day, seq, title) VALUES ('b', 2, 1, 'ok') "
            "USING TIMESTAMP 1000 -- PostDao.save"),
        cql("SELECT title FROM posts WHERE blog = 'b' -- PostDao.findByBlog"),
        cql("SELECT title FROM posts WHERE blog = 'b' // PostDao.findByBlog"),
        cql("SELECT title FROM posts WHERE blog = 'b' -- PostDao.findByBlog\r"),
        cql("SELECT title FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (2)"),
        cql("SELECT title FROM posts WHERE blog = 'b' AND day IN (1) AND seq = 2"),
        cql("SELECT title FROM posts WHERE blog = 'b' AND day IN (1, 2) AND seq = 1"),
        cql("SELECT tags FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (1)"),
        cql("SELECT tags FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (1, 2)"),
        cql("SELECT title FROM posts WHERE blog IN ('b') ORDER BY day DESC"),
        cql("SELECT title FROM posts WHERE blog IN ('b', 'c') ORDER BY day DESC"),
        prep("SELECT title FROM posts WHERE blog = ? AND day = ? AND seq IN (?)"),
        exe(ks, "SELECT title FROM posts WHERE blog = ? AND day = ? AND seq IN (?)",
            ["b", i32b(1), i32b(1)]),
        prep("SELECT title FROM posts WHERE blog = ? AND day IN (?) AND seq = ? "
             "-- PostDao.findOne"),
        cql("DELETE FROM posts WHERE blog = 'b' AND day = 2 AND seq IN (1)"),
        cql("SELECT day, seq FROM posts WHERE blog = 'b'"),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 newcomer mistakes
@sc("cql_newcomer", "cql3", "zh_new")
def cql_newcomer():
    """A newcomer's CQL 3 over Thrift: a statement before any keyspace, a keyspace-qualified
    one, reads at ANY and EACH_QUORUM, writes at SERIAL and LOCAL_ONE, a LIMIT of 0 and one
    past an int, a string where an int goes, an unquoted string, a missing table, a
    reserved word as a column name, and a prepared id that was never prepared."""
    ks = "zh_new"
    steps = [
        cql("SELECT * FROM users"),
        ks_cql(ks),
        cql("CREATE TABLE zh_new.users (id int PRIMARY KEY, name text, \"order\" int)"),
        cql("INSERT INTO zh_new.users (id, name) VALUES (1, 'ann') USING TIMESTAMP 1000"),
        v19.set_keyspace(ks),
        cql("SELECT * FROM users", cl=ANY),
        cql("SELECT * FROM users", cl=EACH_QUORUM),
        cql("INSERT INTO users (id, name) VALUES (2, 'bob') USING TIMESTAMP 1000", cl=SERIAL),
        cql("INSERT INTO users (id, name) VALUES (3, 'cyd') USING TIMESTAMP 1000",
            cl=LOCAL_ONE),
        cql("SELECT * FROM users LIMIT 0"),
        cql("SELECT * FROM users LIMIT 2147483648"),
        cql("INSERT INTO users (id, name) VALUES ('4', 'dan')"),
        cql("INSERT INTO users (id, name) VALUES (4, dan)"),
        cql("SELECT * FROM user"),
        cql("CREATE TABLE t2 (id int PRIMARY KEY, order int)"),
        cql("SELECT id, \"order\" FROM users WHERE id = 1"),
        v19.execute_prepared_cql3_query(12345, []),
        cql("SELECT * FROM users WHERE name = 'ann'"),
        cql("SELECT * FROM users", cl=ALL),
        cql("SELECT * FROM users"),
    ]
    return steps


# ---------------------------------------------------------------- bulk loader
@sc("bulk_loader", "thrift", "zh_bulk")
def bulk_loader():
    """A bulk loader's Thrift session: the ring and splits to plan its work, rows sent by
    atomic_batch_mutate (one empty, one too big for a column name), a verify pass by key
    pages from the last key, counts, and an atomic batch of a counter."""
    ks = "zh_bulk"
    cfs = [kit.cfd(ks, "rows", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type"),
           kit.cfd(ks, "tallies", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType")]
    steps = new_ks(ks, cfs)
    keys = ["r%02d" % i for i in range(6)]
    steps += [
        ring_mask(v19.describe_ring(ks)),
        splits_ex("rows", MIN_TOKEN, "0", 128),
        v19.atomic_batch_mutate({k: {"rows": [ins("v", k.upper(), 10), ins("n", "1", 10)]}
                                 for k in keys}),
        v19.atomic_batch_mutate({}),
        v19.atomic_batch_mutate({"rx": {"rows": [ins("n" * 65536, "x", 10)]}}),
        v19.get_range_slices(cparent("rows"), pred(names=["v"]), everything(3)),
        v19.get_range_slices(cparent("rows"), pred(names=["v"]),
                             key_range(start_key="r03", end_key="", count=3)),
        v19.get_count("r01", cparent("rows"), all_cols()),
        v19.multiget_count(keys[:3], cparent("rows"), all_cols()),
        v19.atomic_batch_mutate({"t": {"tallies": [kit.cadd("loaded", 6)]}}),
        v19.batch_mutate({"t": {"tallies": [kit.cadd("loaded", 6)]}}),
        v19.get("t", cpath("tallies", col="loaded")),
        v19.atomic_batch_mutate({"r00": {"rows": [ins("v", "again", 11)]}}, cl=ANY),
        v19.get_slice("r00", cparent("rows"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- pycassa 1.11 of 1.2's IDL
@sc("pycassa_old_idl", "thrift", "zh_pyc")
def pycassa_old_idl():
    """pycassa 1.11's SystemManager, built against 1.2's IDL: a column family created with
    replicate_on_write, populate_io_cache_on_flush, index_interval and a caching string
    (fields later releases dropped or changed), then altered with them, a KEYS index query,
    and a keyspace created with durable_writes off."""
    ks = "zh_pyc"
    cf = kit.cfd_later(ks, "users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                       default_validation_class="UTF8Type", replicate_on_write=True,
                       populate_io_cache_on_flush=False, index_interval=128,
                       caching="KEYS_ONLY",
                       column_metadata=[kit.coldef("state", "UTF8Type", True, "users_state")])
    steps = [v19.system_add_keyspace(kit.ksd(ks, [], durable=False)), v19.set_keyspace(ks),
             v19.system_add_column_family(cf)]
    steps += [
        v19.batch_mutate({"u1": {"users": [ins("state", "CA", 10), ins("name", "ann", 10)]},
                          "u2": {"users": [ins("state", "NY", 10)]}}),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("state", 0, "CA")]),
                               all_cols()),
        v19.system_update_column_family(kit.cfd_later(
            ks, "users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            default_validation_class="UTF8Type", caching="ALL", index_interval=256,
            column_metadata=[kit.coldef("state", "UTF8Type", True, "users_state")])),
        v19.system_add_column_family(kit.cfd_later(ks, "bad", comparator_type="UTF8Type",
                                                   caching="SOME")),
        # (2.0 on close the connection on that caching string: the client reconnects)
        v19.set_keyspace(ks),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("state", 0, "NY")]),
                               all_cols()),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- schema race in CQL 3
@sc("cql_schema_race", "cql3", "zh_race")
def cql_schema_race():
    """Two instances of a service bootstrapping its schema in CQL 3 at once: both create
    the keyspace and the table (IF NOT EXISTS from 2.0), one adds a column the other
    already added, one drops an index the other never made, and both insert."""
    ks = "zh_race"
    ine = " IF NOT EXISTS" if VER >= (2, 0) else ""
    mk_ks = ("CREATE KEYSPACE%s zh_race WITH replication = {'class': 'SimpleStrategy', "
             "'replication_factor': 1}" % ine)
    mk_t = "CREATE TABLE%s zh_race.jobs (id int PRIMARY KEY, state text)" % ine
    steps = [
        cql(mk_ks), cql(mk_ks), cql(mk_t), cql(mk_t),
        v19.set_keyspace(ks),
        cql("ALTER TABLE jobs ADD owner text"),
        cql("ALTER TABLE jobs ADD owner text"),
        cql("ALTER TABLE jobs ADD owner int"),
        cql("CREATE INDEX jobs_state ON jobs (state)"),
        cql("CREATE INDEX jobs_state ON jobs (state)"),
        cql("CREATE INDEX%s jobs_state ON jobs (state)" % ine),
        cql("DROP INDEX jobs_owner"),
        cql("INSERT INTO jobs (id, state, owner) VALUES (1, 'new', 'a') USING TIMESTAMP 1000"),
        cql("SELECT * FROM jobs WHERE state = 'new'"),
        v19.describe_schema_versions().mask("0"),
        cql("DROP TABLE jobs"),
        cql("DROP TABLE jobs"),
        cql("SELECT * FROM jobs"),
    ]
    return steps


# ---------------------------------------------------------------- Kundera over Thrift
@sc("kundera_thrift", "thrift", "zh_kun")
def kundera_thrift():
    """Kundera 2.x's Thrift client: its schema manager's column family with KEYS indexes
    on Int32Type and UTF8Type columns, persist as batch_mutate, find by id, a JPQL
    `WHERE city = ?` as an index query, `WHERE age > ?` alone (no equality: refused),
    `WHERE city = ? AND age > ?`, a select-all as a range scan, merge and remove."""
    ks = "zh_kun"
    cf = kit.cfd(ks, "PERSON", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType",
                 column_metadata=[kit.coldef("AGE", "Int32Type", True),
                                  kit.coldef("CITY", "UTF8Type", True)])
    steps = new_ks(ks, [cf])
    people = [("p1", 31, "Pune"), ("p2", 19, "Pune"), ("p3", 45, "Oslo")]
    steps += [
        v19.batch_mutate({pk: {"PERSON": [ins("AGE", i32b(a), 10), ins("CITY", c, 10),
                                          ins("NAME", pk.upper(), 10)]}
                          for pk, a, c in people}),
        v19.get_slice("p1", cparent("PERSON"), all_cols(2147483647)),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("CITY", 0, "Pune")],
                                                               count=2147483647), all_cols()),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("AGE", 2, i32b(20))]),
                               all_cols()),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([
            index_expr("CITY", 0, "Pune"), index_expr("AGE", 2, i32b(20))]), all_cols()),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([
            index_expr("AGE", 0, i64b(31))]), all_cols()),
        v19.get_range_slices(cparent("PERSON"), all_cols(), everything(2147483647)),
        v19.batch_mutate({"p2": {"PERSON": [ins("CITY", "Oslo", 11)]}}),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("CITY", 0, "Oslo")]),
                               pred(names=["NAME"])),
        v19.remove("p3", cpath("PERSON"), 12),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("CITY", 0, "Oslo")]),
                               pred(names=["NAME"])),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("NAME", 0, "P1")]),
                               all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- API quota counters
@sc("api_quota", "mixed", "zh_quota")
def api_quota():
    """An API gateway's quotas: Thrift counters per key under LongType minute names,
    incremented by add and by counter batches, read by slice and through CQL 3 (the
    family seen as a compact table), a minute reset by remove_counter and counted again,
    a counter written with insert (refused), and a read at ANY."""
    ks = "zh_quota"
    cf = kit.cfd(ks, "quota", comparator_type="LongType", key_validation_class="UTF8Type",
                 default_validation_class="CounterColumnType")
    steps = new_ks(ks, [cf])
    m0 = 23000000
    steps += [
        v19.add("key1", cparent("quota"), counter_column(i64b(m0), 1)),
        v19.add("key1", cparent("quota"), counter_column(i64b(m0), 1)),
        v19.batch_mutate({"key1": {"quota": [kit.cadd(i64b(m0 + 1), 5)]},
                          "key2": {"quota": [kit.cadd(i64b(m0), 2)]}}),
        v19.get_slice("key1", cparent("quota"), pred(start=i64b(m0), finish=i64b(m0 + 60))),
        v19.multiget_slice(["key1", "key2"], cparent("quota"), pred(names=[i64b(m0)])),
        cql("SELECT * FROM quota WHERE key = 'key1'"),
        cql("SELECT column1, value FROM quota WHERE key = 'key1' AND column1 >= %d" % m0),
        v19.remove_counter("key1", cpath("quota", col=i64b(m0))),
        v19.get_slice("key1", cparent("quota"), all_cols()),
        v19.add("key1", cparent("quota"), counter_column(i64b(m0), 1)),
        v19.get("key1", cpath("quota", col=i64b(m0))),
        v19.insert("key1", cparent("quota"), column(i64b(m0), i64b(9), 10)),
        v19.add("key1", cparent("quota"), counter_column(i32b(1), 1)),
        v19.get_slice("key1", cparent("quota"), all_cols(), cl=ANY),
        cql("UPDATE quota SET value = value + 1 WHERE key = 'key2' AND column1 = %d" % m0),
        v19.get_count("key2", cparent("quota"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- 2.1 user preferences
@sc("udt_prefs", "cql3", "zh_prefs", when=VER >= (2, 1))
def udt_prefs():
    """A user-preferences service on 2.1's user types: a map of frozen notification
    settings, a set of frozen tuples, an entry replaced and one removed, a field read out,
    and the type used unfrozen in a collection (refused)."""
    ks = "zh_prefs"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE notify (email boolean, sms boolean, quiet_from int)"),
        cql("CREATE TABLE prefs (user text PRIMARY KEY, channels map<text, frozen<notify>>, "
            "devices set<frozen<tuple<text, int>>>, main frozen<notify>)"),
        cql("INSERT INTO prefs (user, channels, devices, main) VALUES ('ann', "
            "{'news': {email: true, sms: false, quiet_from: 22}}, {('ios', 7), ('web', 1)}, "
            "{email: true, sms: true, quiet_from: 23}) USING TIMESTAMP 1000"),
        cql("UPDATE prefs USING TIMESTAMP 1001 SET channels['alerts'] = {email: false, "
            "sms: true} WHERE user = 'ann'"),
        cql("DELETE channels['news'] FROM prefs USING TIMESTAMP 1002 WHERE user = 'ann'"),
        cql("UPDATE prefs USING TIMESTAMP 1003 SET devices = devices - {('web', 1)} "
            "WHERE user = 'ann'"),
        cql("SELECT channels, devices, main.quiet_from FROM prefs WHERE user = 'ann'"),
        cql("CREATE TABLE bad (k int PRIMARY KEY, s set<notify>)"),
        cql("UPDATE prefs USING TIMESTAMP 1004 SET main.sms = false WHERE user = 'ann'"),
        cql("SELECT * FROM prefs"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2 date report
@sc("date_report", "cql3", "zh_rep", when=VER >= (2, 2))
def date_report():
    """A daily report on 2.2: orders of a date column, toDate and toUnixTimestamp of a
    timestamp, aggregates per partition, SELECT JSON of a report row, a date before the
    epoch, and a function applied to the wrong type."""
    ks = "zh_rep"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (shop text, day date, id int, at timestamp, total decimal, "
            "PRIMARY KEY (shop, day, id))"),
        cql("INSERT INTO orders (shop, day, id, at, total) VALUES ('s', '2015-09-01', 1, "
            "'2015-09-01 10:00:00+0000', 9.5) USING TIMESTAMP 1000"),
        cql("INSERT INTO orders (shop, day, id, at, total) VALUES ('s', '2015-09-01', 2, "
            "'2015-09-01 11:00:00+0000', 0.5) USING TIMESTAMP 1000"),
        cql("INSERT INTO orders (shop, day, id, at, total) VALUES ('s', '1969-12-31', 3, "
            "-1000, 1) USING TIMESTAMP 1000"),
        cql("SELECT day, id, toDate(at), toUnixTimestamp(at) FROM orders WHERE shop = 's'"),
        cql("SELECT count(*), sum(total), max(at) FROM orders WHERE shop = 's' AND "
            "day = '2015-09-01'"),
        cql("SELECT JSON day, id, total FROM orders WHERE shop = 's' AND day = '1969-12-31'"),
        cql("SELECT toDate(total) FROM orders WHERE shop = 's'"),
        cql("SELECT * FROM orders WHERE shop = 's' AND day > '2015-01-01'"),
    ]
    return steps
