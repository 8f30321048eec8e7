"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zx):
  * Telephus (Twisted) opening its pool: describe_version, login with the credentials a
    deployment template carried (refused or taken by AllowAll), set_keyspace per request
  * a geohash store of places in a super column family (a row per geohash prefix, a super
    column per place, sub-columns lat/lon/name), prefix slices and sub-column reads
  * a game leaderboard of IntegerType (varint) scores as column names, negative and
    positive, slices across the sign and a reversed top-N
  * a work queue on LexicalUUIDType names (claims by slice of one, acks as removals)
  * a rate limiter of counters per minute bucket row (0.8 on: counter batches over rows,
    a counter at ANY, a counter with a TTL, a plain insert into the counter family)
  * phpcassa's ColumnFamily API on a LongType family (insert, get with column_start and
    column_finish, multiget, get_count with a range, remove of a list of columns)
  * a product catalog searched by KEYS indexes and the searches people got wrong (no EQ
    clause, only an unindexed column, count 0, a value of the wrong width, paging)
  * a Usergrid-like property store on DynamicCompositeType names (0.8 on)
  * a schema poller: family options changed mid-flow (gc_grace, compaction thresholds,
    the release's cache options, column metadata added then an index dropped), schema
    versions polled between
  * an inventory app on CQL 2 (0.8 on; 0.7 meets execute_cql_query's refusal)
  * 1.1's CQL 3 beta used by a bookmarks service (set_cql_version 3.0.0)
  * a nightly ETL truncating its staging family then reloading it
  * a token-range scanner (start_token/end_token pages, a wrapping range, count 1)
  * Hector's Mutator on a super family (addDeletion of a row, superDelete, subDelete)
  * BytesType and LongType comparators over the same eight-byte names (unsigned versus
    signed order, slices across 0 and -1)
  * a feed on ReversedType(TimeUUIDType) (0.8 on) read newest first
  * a replication factor change of a keyspace (the 0.7 and 0.8 KsDef forms)
  * a newcomer's batch mistakes (a ColumnOrSuperColumn of two kinds, a deletion of a super
    column on a standard family, a slice range deletion, an empty mutation, a column or deletion without a
    timestamp (0.7 answered and closed the connection: its client reconnects))
  * a Ruby gem inverted index of super columns with LongType sub-column names
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps, CQL writes an absolute `USING TIMESTAMP`. Recorded with capture.py --api 19
--framed on a fresh stock-yaml node of each release."""
import os
import struct
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, timeuuid, lexuuid, EQ, GTE, GT, LTE, ONE,
                 QUORUM, ANY, srange, deletion, mutation, super_column, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (cfd, ksd, setup, coldef, md5_token, dele, sins, cadd, unknown)  # noqa: E402
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zx_")

T = 1341000000000000


def varint(n):
    """IntegerType's encoding: the shortest two's-complement big-endian bytes."""
    ln = 1
    while not -(1 << (8 * ln - 1)) <= n < (1 << (8 * ln - 1)):
        ln += 1
    return n.to_bytes(ln, "big", signed=True)


def dyn(*parts, eoc=0):
    """A DynamicCompositeType name of aliased components (alias char, bytes)."""
    out = b""
    for i, (alias, p) in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        last = i == len(parts) - 1
        out += struct.pack(">H", 0x8000 | ord(alias)) + struct.pack(">H", len(p)) + p + \
            bytes([(eoc & 0xff) if last else 0])
    return out


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


def login(user, pw):
    return v19.login({"username": user, "password": pw})


# --------------------------------------------------------------------------- schema poller
@sc("00_schema_poller", "schema", "zx_sp")
def schema_poller():
    """A deploy tool changing a family's options mid-flow, polling schema versions after
    each change: gc_grace and compaction thresholds, the release's cache options (0.7-1.0
    key/row cache sizes, 1.1's caching), column metadata added with an index, the index
    dropped (the metadata sent without it), a bad threshold pair refused, and the family's
    definition read back between steps. It runs first: its updates carry the id a fresh node
    gave the first family made."""
    ks = "zx_sp"
    base = dict(comparator_type="UTF8Type", default_validation_class="UTF8Type")
    steps = setup(ks, [cfd(ks, "Docs", **base)])
    steps += [
        # a title the later index query does not ask for: the index's build from the
        # stored rows ran on a thread of its own, done or not by the query
        v19.insert("d1", cparent("Docs"), column("title", "Draft", 10)),
        v19.system_update_column_family(cfd(ks, "Docs", id=kit.cfid(0), gc_grace_seconds=3600,
                                            min_compaction_threshold=2,
                                            max_compaction_threshold=16, **base)),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks)]
    cache = dict(caching="keys_only") if V11 else dict(key_cache_size=1000.0,
                                                       row_cache_size=100.0)
    steps += [
        v19.system_update_column_family(cfd(ks, "Docs", id=kit.cfid(0), gc_grace_seconds=3600,
                                            **cache, **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Docs", id=kit.cfid(0), column_metadata=[
            coldef("title", "UTF8Type", True, "docs_title"), coldef("body", "UTF8Type")],
            **base)),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.insert("d2", cparent("Docs"), column("title", "Intro", 11)),
        v19.get_indexed_slices(cparent("Docs"), index_clause([index_expr("title", EQ,
                                                                         "Intro")]),
                               pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Docs", id=kit.cfid(0), column_metadata=[
            coldef("title", "UTF8Type"), coldef("body", "UTF8Type")], **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Docs", id=kit.cfid(0),
                                            min_compaction_threshold=20,
                                            max_compaction_threshold=10, **base)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Telephus
@sc("00b_telephus_pool", "connect", "zx_tp")
def telephus_pool():
    """Telephus opening its pool of two connections: each describe_version, a login with
    the credentials the deployment template carried (a node on AllowAllAuthenticator),
    set_keyspace of a keyspace not made yet, the keyspace added, then per request a
    set_keyspace and a call, one login with empty credentials, and a get of a missing
    column."""
    ks = "zx_tp"
    steps = [kit.describe_version(), login("app", "s3cret"), v19.set_keyspace(ks),
             kit.describe_version(), login("", "")]
    steps += [v19.system_add_keyspace(ksd(ks, [cfd(ks, "Sessions", comparator_type="UTF8Type",
                                                    default_validation_class="UTF8Type")]))]
    for i in range(3):
        steps += [v19.set_keyspace(ks),
                  v19.insert("s%d" % i, cparent("Sessions"), column("user", "u%d" % i, 10 + i))]
    steps += [v19.set_keyspace(ks), login("app", "s3cret"),
              v19.get("s1", cpath("Sessions", col="user")),
              v19.get("s1", cpath("Sessions", col="expires")),
              v19.multiget_slice(["s0", "s2", "s9"], cparent("Sessions"), pred(names=["user"])),
              v19.describe_keyspace("zx_nope"),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- geohash
@sc("01_geohash_places", "super", "zx_gh")
def geohash_places():
    """Places indexed by geohash: a row per 4-character prefix, a super column per full
    geohash of a place, its lat/lon/name sub-columns; a neighbourhood read as slices of
    super columns between two geohashes, one place's sub-columns, a multiget of prefixes,
    a place moved (its super column removed, written under another), get_count of a
    prefix and of one place's sub-columns."""
    ks = "zx_gh"
    steps = setup(ks, [cfd(ks, "Places", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    places = {"u33d": [("u33dc0cp", "52.51", "13.39", "Museum"),
                       ("u33db2m1", "52.52", "13.40", "Cafe"),
                       ("u33d9qx7", "52.50", "13.37", "Park")],
              "u33e": [("u33e0bbq", "52.53", "13.41", "Bakery")],
              "gcpv": [("gcpvj0du", "51.50", "-0.12", "Bridge"),
                       ("gcpuvpk4", "51.49", "-0.13", "Misplaced")]}
    steps.append(v19.batch_mutate({row: {"Places": [
        sins(g, [("lat", la), ("lon", lo), ("name", nm)], 10) for g, la, lo, nm in ps]}
        for row, ps in places.items()}))
    steps += [
        v19.get_slice("u33d", cparent("Places"), pred(start="u33d9", finish="u33dc", count=10)),
        v19.get_slice("u33d", cparent("Places"), pred(start="", count=2)),
        v19.get_slice("u33d", cparent("Places", sc="u33db2m1"), pred(start="", count=10)),
        v19.get("u33d", cpath("Places", sc="u33dc0cp", col="name")),
        v19.get("u33d", cpath("Places", sc="u33dc0cp")),
        v19.multiget_slice(["u33d", "u33e", "u33f"], cparent("Places"),
                           pred(start="", count=1)),
        v19.batch_mutate({"gcpv": {"Places": [dele(None, 11, sc_="gcpuvpk4")]},
                          "gcpu": {"Places": [sins("gcpuvpk4", [("lat", "51.49"),
                                                                ("lon", "-0.13"),
                                                                ("name", "Moved")], 11)]}}),
        v19.get_count("gcpv", cparent("Places"), pred(start="", count=100)),
        v19.get_count("u33d", cparent("Places", sc="u33d9qx7"), pred(start="", count=100)),
        v19.get_slice("gcpu", cparent("Places"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Places"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- leaderboard
@sc("02_varint_leaderboard", "comparator", "zx_lb")
def varint_leaderboard():
    """A leaderboard row of IntegerType scores as names (values the player): scores from
    -300 to 70000 across byte widths, the top three as a reversed slice, the scores
    between -1 and 255, the negative ones (finish 0 exclusive by names), a player's old
    score removed, and a name that is no varint (empty) inserted and sliced."""
    ks = "zx_lb"
    steps = setup(ks, [cfd(ks, "Board", comparator_type="IntegerType",
                           default_validation_class="UTF8Type")])
    scores = [(-300, "ann"), (-1, "bob"), (0, "cy"), (127, "dee"), (128, "eve"),
              (255, "fay"), (256, "gus"), (70000, "hal"), (-129, "ivy")]
    steps.append(v19.batch_mutate({"weekly": {"Board": [ins(varint(s), p, 10)
                                                       for s, p in scores]}}))
    steps += [
        v19.get_slice("weekly", cparent("Board"), pred(start="", reversed=True, count=3)),
        v19.get_slice("weekly", cparent("Board"), pred(start=varint(-1), finish=varint(255),
                                                       count=100)),
        v19.get_slice("weekly", cparent("Board"), pred(start="", finish=varint(-1),
                                                       count=100)),
        v19.get_slice("weekly", cparent("Board"), pred(start=varint(128), finish=varint(127),
                                                       reversed=True, count=100)),
        v19.get_slice("weekly", cparent("Board"), pred(start=b"\x00\x80", count=2)),
        v19.remove("weekly", cpath("Board", col=varint(127)), 11),
        v19.get_count("weekly", cparent("Board"), pred(start="", count=100)),
        v19.insert("weekly", cparent("Board"), column(b"", "nobody", 12)),
        v19.get_slice("weekly", cparent("Board"), pred(start="", count=2)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- lexical queue
@sc("03_lexical_queue", "comparator", "zx_lq")
def lexical_queue():
    """A work queue row of LexicalUUIDType item ids: items enqueued out of order, the head
    claimed by a slice of one, acknowledged by removal, the next head, a peek of three
    after an id, a batch of acks, an id of 15 bytes refused, and the queue's length."""
    ks = "zx_lq"
    steps = setup(ks, [cfd(ks, "Queue", comparator_type="LexicalUUIDType",
                           default_validation_class="UTF8Type")])
    order = [5, 1, 9, 3, 7, 2]
    steps.append(v19.batch_mutate({"q:mail": {"Queue": [ins(lexuuid(n), "job%d" % n, 10)
                                                        for n in order]}}))
    steps += [
        v19.get_slice("q:mail", cparent("Queue"), pred(start="", count=1)),
        v19.remove("q:mail", cpath("Queue", col=lexuuid(1)), 11),
        v19.get_slice("q:mail", cparent("Queue"), pred(start="", count=1)),
        v19.get_slice("q:mail", cparent("Queue"), pred(start=lexuuid(3), count=3)),
        v19.batch_mutate({"q:mail": {"Queue": [dele([lexuuid(2), lexuuid(3)], 12)]}}),
        v19.get_slice("q:mail", cparent("Queue"), pred(start="", count=10)),
        v19.insert("q:mail", cparent("Queue"), column(lexuuid(4)[:15], "short", 13)),
        v19.get_slice("q:mail", cparent("Queue"), pred(start=lexuuid(9)[:15], count=10)),
        v19.get_count("q:mail", cparent("Queue"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- rate limiter
@sc("04_rate_limiter", "counters", "zx_rl", when=V08)
def rate_limiter():
    """An API rate limiter: a counter family of a row per client and minute bucket, each
    request a counter batch over the client's minute and hour rows, the counts read by
    multiget_slice and get_count, a limit check by get of one counter, the bucket reset by
    remove_counter of the row, and its mistakes: a counter at ANY, a counter column
    carrying a TTL through a plain insert, and a counter mutation with a deletion of a
    timestamp."""
    ks = "zx_rl"
    steps = setup(ks, [cfd(ks, "Hits", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType",
                           replicate_on_write=True)])
    for i in range(4):
        steps.append(v19.batch_mutate({"c1:m0900": {"Hits": [cadd("GET", 1)]},
                                       "c1:h09": {"Hits": [cadd("GET", 1), cadd("all", 1)]}}))
    steps += [
        v19.batch_mutate({"c2:m0900": {"Hits": [cadd("POST", 3)]},
                          "c2:h09": {"Hits": [cadd("POST", 3), cadd("all", 3)]}}),
        v19.multiget_slice(["c1:m0900", "c2:m0900", "c3:m0900"], cparent("Hits"),
                           pred(start="", count=10)),
        v19.get("c1:h09", cpath("Hits", col="all")),
        v19.get_count("c1:h09", cparent("Hits"), pred(start="", count=10)),
        v19.add("c2:h09", cparent("Hits"), counter_column("all", -1)),
        v19.get_slice("c2:h09", cparent("Hits"), pred(start="", count=10)),
        v19.add("c1:m0900", cparent("Hits"), counter_column("GET", 1), ANY),
        v19.insert("c1:m0900", cparent("Hits"), column("GET", long_(1), 10, ttl=60)),
        v19.batch_mutate({"c1:m0900": {"Hits": [cadd("GET", 1), dele(["GET"], 20)]}}),
        v19.remove_counter("c2:m0900", cpath("Hits")),
        v19.get_slice("c2:m0900", cparent("Hits"), pred(start="", count=10)),
        v19.get("c3:m0900", cpath("Hits", col="GET")),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- phpcassa
@sc("05_phpcassa_longs", "basic", "zx_pl")
def phpcassa_longs():
    """phpcassa's ColumnFamily on a LongType family of event sequence numbers: insert of
    an array of columns (one batch_mutate), get with column_start/column_finish, with
    column_reversed and column_count, multiget of ids, get_count with a range, remove of a
    list of columns (a deletion by names), get of a removed-only row, and an insert of a
    name of four bytes (the int a PHP script packed)."""
    ks = "zx_pl"
    steps = setup(ks, [cfd(ks, "Events", comparator_type="LongType",
                           default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({"acct1": {"Events": [ins(long_(n), "ev%d" % n, 10)
                                                        for n in (1, 2, 3, 10, 20, 1000)]},
                                   "acct2": {"Events": [ins(long_(7), "ev7", 10)]}}))
    steps += [
        v19.get_slice("acct1", cparent("Events"), pred(start=long_(2), finish=long_(20),
                                                       count=100)),
        v19.get_slice("acct1", cparent("Events"), pred(start="", reversed=True, count=2)),
        v19.multiget_slice(["acct1", "acct2", "acct3"], cparent("Events"),
                           pred(start=long_(5), count=100)),
        v19.get_count("acct1", cparent("Events"), pred(start=long_(3), finish=long_(999),
                                                       count=100)),
        v19.batch_mutate({"acct2": {"Events": [dele([long_(7)], 11)]},
                          "acct1": {"Events": [dele([long_(1), long_(3)], 11)]}}),
        v19.get_slice("acct2", cparent("Events"), pred(start="", count=100)),
        v19.get_slice("acct1", cparent("Events"), pred(start="", count=100)),
        v19.insert("acct1", cparent("Events"), column(struct.pack(">i", 5), "ev5", 12)),
        v19.get_slice("acct1", cparent("Events"), pred(start=struct.pack(">i", 1),
                                                       count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- catalog index
@sc("06_catalog_index", "index", "zx_ci")
def catalog_index():
    """A product catalog with KEYS indexes on `category` (UTF8) and `price` (LongType):
    products added, searches by category, by category and a price range, by price alone,
    paged by start_key with count 2 (the last key starting the next page), and the
    searches people got wrong: no EQ clause, only the unindexed `brand`, count 0, a price
    of four bytes, an empty clause, an EQ on an unknown column."""
    ks = "zx_ci"
    meta = [coldef("category", "UTF8Type", True, "cat_idx"),
            coldef("price", "LongType", True, "price_idx"), coldef("brand", "UTF8Type")]
    steps = setup(ks, [cfd(ks, "Products", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type", column_metadata=meta)])
    prods = [("p1", "lamp", 20, "ikea"), ("p2", "lamp", 45, "muji"), ("p3", "desk", 120, "ikea"),
             ("p4", "lamp", 80, "hay"), ("p5", "chair", 45, "hay")]
    steps.append(v19.batch_mutate({k: {"Products": [ins("category", c, 10),
                                                    ins("price", long_(p), 10),
                                                    ins("brand", br, 10)]}
                                   for k, c, p, br in prods}))
    lamp = index_expr("category", EQ, "lamp")
    steps += [
        v19.get_indexed_slices(cparent("Products"), index_clause([lamp]),
                               pred(names=["price"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [lamp, index_expr("price", GTE, long_(40)), index_expr("price", LTE, long_(80))]),
            pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("price", EQ, long_(45))]), pred(names=["category", "brand"])),
        v19.get_indexed_slices(cparent("Products"), index_clause([lamp], count=2),
                               pred(names=["brand"])),
    ]
    lamps = by_token(["p1", "p2", "p4"])
    steps += [
        v19.get_indexed_slices(cparent("Products"), index_clause([lamp], start_key=lamps[1],
                                                                 count=2),
                               pred(names=["brand"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("price", GT, long_(40))]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("brand", EQ, "ikea")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause([lamp], count=0),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("price", EQ, struct.pack(">i", 45))]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause([]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("colour", EQ, "red")]), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- dynamic composite
@sc("07_dyncomp_properties", "composite", "zx_dc", when=V08)
def dyncomp_properties():
    """A Usergrid-like property store on DynamicCompositeType(a=>AsciiType,l=>LongType)
    names: an entity's properties as (a:name) and its versioned fields as (a:name,
    l:version), slices of one property's versions by end-of-component bytes, the latest
    version reversed, a name of a long component alone, and a component of an alias the
    comparator does not know."""
    ks = "zx_dc"
    steps = setup(ks, [cfd(ks, "Props", comparator_type=
                           "DynamicCompositeType(a=>AsciiType,l=>LongType)",
                           default_validation_class="UTF8Type")])
    names = [(dyn(("a", "name")), "lamp"), (dyn(("a", "price"), ("l", long_(1))), "20"),
             (dyn(("a", "price"), ("l", long_(2))), "25"),
             (dyn(("a", "price"), ("l", long_(10))), "30"),
             (dyn(("a", "sku")), "L-1"), (dyn(("l", long_(5))), "five")]
    steps.append(v19.batch_mutate({"e1": {"Props": [ins(n, v, 10) for n, v in names]}}))
    steps += [
        v19.get_slice("e1", cparent("Props"), pred(start="", count=100)),
        v19.get_slice("e1", cparent("Props"), pred(start=dyn(("a", "price")),
                                                   finish=dyn(("a", "price"), eoc=1),
                                                   count=100)),
        v19.get_slice("e1", cparent("Props"), pred(start=dyn(("a", "price"), eoc=1),
                                                   finish=dyn(("a", "price")),
                                                   reversed=True, count=1)),
        v19.get_slice("e1", cparent("Props"), pred(start=dyn(("a", "price"), ("l", long_(2))),
                                                   count=2)),
        v19.get("e1", cpath("Props", col=dyn(("a", "sku")))),
        v19.insert("e1", cparent("Props"), column(dyn(("z", "x")), "bad", 11)),
        v19.insert("e1", cparent("Props"), column(dyn(("l", "abc")), "bad", 11)),
        v19.get_count("e1", cparent("Props"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 inventory
@sc("09_cql2_inventory", "cql", "zx_iv")
def cql2_inventory():
    """A warehouse inventory app on CQL 2: the keyspace and a typed column family made in
    CQL (a KEY alias of its own), rows written USING CONSISTENCY and TIMESTAMP, read by
    KEY IN, a column range and FIRST, an index made and searched, an UPDATE, a DELETE of a
    column, TRUNCATE, and its parse errors. On 0.7 the first call meets the missing
    method and the app writes through insert instead."""
    ks = "zx_iv"
    if V07:
        return [unknown("execute_cql_query", {1: b("CREATE KEYSPACE zx_iv"), 2: W.i32(2)}),
                v19.system_add_keyspace(ksd(ks, [cfd(ks, "Stock", comparator_type="UTF8Type",
                                                     default_validation_class="UTF8Type")])),
                v19.set_keyspace(ks),
                v19.insert("sku1", cparent("Stock"), column("qty", "4", 10)),
                v19.get_slice("sku1", cparent("Stock"), pred(start="", count=10)),
                v19.system_drop_keyspace(ks)]
    ts_ = "USING CONSISTENCY ONE AND TIMESTAMP %d" % T
    steps = [
        cql("CREATE KEYSPACE zx_iv WITH strategy_class = SimpleStrategy AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zx_iv"),
        cql("CREATE COLUMNFAMILY Stock (sku varchar PRIMARY KEY, qty bigint, bin varchar, "
            "descr varchar) WITH comparator = ascii AND default_validation = ascii"),
        cql("INSERT INTO Stock (sku, qty, bin, descr) VALUES ('sku1', 4, 'A1', 'bolts') " + ts_),
        cql("INSERT INTO Stock (sku, qty, bin) VALUES ('sku2', 0, 'A2') " + ts_),
        cql("INSERT INTO Stock (sku, qty, bin, descr) VALUES ('sku3', 12, 'A1', 'nuts') " + ts_),
        cql("SELECT qty, bin FROM Stock WHERE sku IN ('sku1', 'sku3', 'sku9')"),
        cql("SELECT 'bin'..'qty' FROM Stock WHERE sku = 'sku1'"),
        cql("SELECT FIRST 1 * FROM Stock WHERE sku = 'sku3'"),
        cql("CREATE INDEX stock_bin ON Stock (bin)"),
        cql("SELECT sku, qty FROM Stock WHERE bin = 'A1'"),
        cql("UPDATE Stock USING TIMESTAMP %d SET qty = 3 WHERE sku = 'sku1'" % (T + 1)),
        cql("DELETE descr FROM Stock USING TIMESTAMP %d WHERE sku = 'sku3'" % (T + 1)),
        cql("SELECT * FROM Stock WHERE sku IN ('sku1', 'sku3')"),
        cql("SELECT COUNT(*) FROM Stock"),
        cql("INSERT INTO Stock (sku, qty) VALUES ('sku4', 'many') " + ts_),
        cql("SELECT * FROM Stock WHERE qty = 4"),
        cql("SELEC * FROM Stock"),
        cql("UPDATE Stock SET qty = 1"),
        cql("TRUNCATE Stock"),
        cql("SELECT * FROM Stock WHERE sku = 'sku1'"),
        cql("DROP KEYSPACE zx_iv")]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta
@sc("10_cql3_beta_bookmarks", "cql", "zx_bm", when=V11)
def cql3_beta_bookmarks():
    """A bookmarks service trying 1.1's CQL 3 beta: set_cql_version 3.0.0, a table of
    (user, url) with a tag column, rows USING TIMESTAMP, a user's bookmarks, a range of
    urls, LIMIT, a table of a composite key read through Thrift, a DELETE of one bookmark,
    and its mistakes: a WHERE on a non-key column without an index, a CQL 2 FIRST clause,
    and an unknown CQL version."""
    ks = "zx_bm"
    ts_ = " USING TIMESTAMP %d" % T
    steps = [
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE zx_bm WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zx_bm"),
        cql("CREATE TABLE marks (user text, url text, tag text, PRIMARY KEY (user, url))")]
    for u, url, tag in [("ann", "a.org", "news"), ("ann", "c.org", "blog"),
                        ("ann", "b.org", "news"), ("bob", "a.org", "misc")]:
        steps.append(cql("INSERT INTO marks (user, url, tag) VALUES ('%s', '%s', '%s')%s"
                         % (u, url, tag, ts_)))
    steps += [
        cql("SELECT * FROM marks WHERE user = 'ann'"),
        cql("SELECT url FROM marks WHERE user = 'ann' AND url > 'a.org'"),
        cql("SELECT url, tag FROM marks WHERE user = 'ann' LIMIT 1"),
        v19.get_slice("ann", cparent("marks"), pred(start="", count=10)),
        cql("DELETE FROM marks WHERE user = 'ann' AND url = 'b.org'"),
        cql("SELECT COUNT(*) FROM marks WHERE user = 'ann'"),
        cql("SELECT * FROM marks WHERE tag = 'news'"),
        cql("SELECT FIRST 1 * FROM marks WHERE user = 'ann'"),
        v19.set_cql_version("4.0.0"),
        cql("DROP KEYSPACE zx_bm")]
    return steps


# --------------------------------------------------------------------------- nightly ETL
@sc("11_nightly_etl", "truncate", "zx_et")
def nightly_etl():
    """A nightly ETL: the staging family loaded, scanned by a keys-only range, truncated,
    scanned again (no ghosts), reloaded with older timestamps than the truncated rows (they
    show: truncate leaves no tombstones), a truncate of a family not made and of a super
    family, and the totals read."""
    ks = "zx_et"
    steps = setup(ks, [cfd(ks, "Staging", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Totals", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    rows = ["r%02d" % i for i in range(8)]
    steps += [
        v19.batch_mutate({r: {"Staging": [ins("v", r, 50), ins("w", "x", 50)]} for r in rows}),
        v19.get_range_slices(cparent("Staging"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.batch_mutate({"day1": {"Totals": [sins("sum", [("n", "8")], 50)]}}),
        v19.truncate("Staging"),
        v19.get_range_slices(cparent("Staging"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        v19.batch_mutate({r: {"Staging": [ins("v", r + "'", 20)]} for r in rows[:3]}),
        v19.get_range_slices(cparent("Staging"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        v19.truncate("Nope"),
        v19.truncate("Totals"),
        v19.get_slice("day1", cparent("Totals"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- token scanner
@sc("12_token_scanner", "range", "zx_ts")
def token_scanner():
    """A token-range scanner over RandomPartitioner: the ring read by start_token/end_token
    pages (each next page from the last key's token), a range from a middle token to the
    ring's start (wrapping), count 1, end_token equal to start_token (the whole ring), a
    start_key with an end_token (refused), and a token that is no number."""
    ks = "zx_ts"
    steps = setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    keys = ["k%02d" % i for i in range(12)]
    order = by_token(keys)
    steps.append(v19.batch_mutate({k: {"Data": [ins("c", k, 10)]} for k in keys}))
    mid = md5_token(order[5])
    steps += [
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token="0", end_token="0", count=5)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token=md5_token(order[4]), end_token="0",
                                       count=5)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token=mid, end_token=md5_token(order[2]),
                                       count=100)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token=mid, end_token=mid, count=100)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token="0", end_token=mid, count=1)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_key=order[0], end_token=mid, count=10)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=1),
                             key_range(start_token="abc", end_token="0", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Hector super mutator
@sc("13_hector_super_mutator", "super", "zx_hm")
def hector_super_mutator():
    """Hector's Mutator on a super family of orders (a super column per order, sub-columns
    per line): addInsertion of supers, subDelete of one line, superDelete of an order,
    addDeletion of a whole row, each executed as one batch_mutate, the rows read between,
    a subDelete with an older timestamp than the line (kept), and get_count of an order's
    lines."""
    ks = "zx_hm"
    steps = setup(ks, [cfd(ks, "Orders", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"cust1": {"Orders": [sins("o1", [("l1", "pen"), ("l2", "ink")], 10),
                                               sins("o2", [("l1", "pad")], 10)]},
                          "cust2": {"Orders": [sins("o3", [("l1", "cap")], 10)]}}),
        v19.batch_mutate({"cust1": {"Orders": [dele(["l2"], 11, sc_="o1")]}}),
        v19.get_slice("cust1", cparent("Orders"), pred(start="", count=10)),
        v19.batch_mutate({"cust1": {"Orders": [dele(["l1"], 5, sc_="o2")]}}),
        v19.get_slice("cust1", cparent("Orders", sc="o2"), pred(start="", count=10)),
        v19.batch_mutate({"cust1": {"Orders": [dele(["o2"], 12)]}}),
        v19.get_slice("cust1", cparent("Orders"), pred(start="", count=10)),
        v19.batch_mutate({"cust2": {"Orders": [dele(None, 12)]}}),
        v19.get_slice("cust2", cparent("Orders"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("cust1", cparent("Orders", sc="o1"), pred(start="", count=10)),
        v19.batch_mutate({"cust1": {"Orders": [sins("o1", [("l3", "nib")], 13)]}}),
        v19.get("cust1", cpath("Orders", sc="o1")),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- signed edges
@sc("14_signed_edges", "comparator", "zx_se")
def signed_edges():
    """The same eight-byte names in a BytesType family and a LongType family: -2, -1, 0,
    1 and the extremes, ordered unsigned by one and signed by the other, slices from 0 to
    -1 in each (empty in one: the start after the finish refused or not), and a reversed
    slice from -1."""
    ks = "zx_se"
    steps = setup(ks, [cfd(ks, "Raw", comparator_type="BytesType"),
                       cfd(ks, "Num", comparator_type="LongType")])
    vals = [-2, -1, 0, 1, (1 << 63) - 1, -(1 << 63)]
    steps.append(v19.batch_mutate({"row": {"Raw": [ins(long_(n), str(n), 10) for n in vals],
                                           "Num": [ins(long_(n), str(n), 10) for n in vals]}}))
    for cf in ("Raw", "Num"):
        steps += [
            v19.get_slice("row", cparent(cf), pred(start="", count=10)),
            v19.get_slice("row", cparent(cf), pred(start=long_(0), finish=long_(-1), count=10)),
            v19.get_slice("row", cparent(cf), pred(start=long_(-1), reversed=True, count=3)),
            v19.get_slice("row", cparent(cf), pred(start=long_(-2), finish=long_(1),
                                                   count=10))]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- reversed feed
@sc("15_reversed_feed", "comparator", "zx_rf", when=V08)
def reversed_feed():
    """A news feed on ReversedType(TimeUUIDType): items written out of time order, the
    newest first by an ordinary slice, a page after the last item seen, a reversed slice
    (oldest first), a window between two times given newest first and the same window
    given oldest first."""
    ks = "zx_rf"
    steps = setup(ks, [cfd(ks, "Feed", comparator_type="ReversedType(TimeUUIDType)",
                           default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({"u1": {"Feed": [ins(timeuuid(n), "item%d" % n, 10)
                                                   for n in (3, 1, 7, 5, 2)]}}))
    steps += [
        v19.get_slice("u1", cparent("Feed"), pred(start="", count=2)),
        v19.get_slice("u1", cparent("Feed"), pred(start=timeuuid(5), count=3)),
        v19.get_slice("u1", cparent("Feed"), pred(start="", reversed=True, count=2)),
        v19.get_slice("u1", cparent("Feed"), pred(start=timeuuid(5), finish=timeuuid(2),
                                                  count=10)),
        v19.get_slice("u1", cparent("Feed"), pred(start=timeuuid(2), finish=timeuuid(5),
                                                  count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- replication change
@sc("16_rf_change", "keyspace", "zx_rc")
def rf_change():
    """An operator raising a keyspace's replication factor on a one-node cluster in the
    release's KsDef form (0.7's replication_factor, 0.8's strategy_options), the levels
    then met (QUORUM, ALL), and lowered back; an update naming a strategy class that does
    not exist and one of a keyspace not made."""
    ks = "zx_rc"
    cfs = [cfd(ks, "Kv", comparator_type="UTF8Type")]
    steps = setup(ks, cfs)
    steps += [
        v19.insert("a", cparent("Kv"), column("c", "1", 10), QUORUM),
        v19.system_update_keyspace(ksd(ks, [], rf=2)),
        v19.describe_keyspace(ks),
        v19.insert("a", cparent("Kv"), column("c", "2", 11), QUORUM),
        v19.insert("a", cparent("Kv"), column("c", "3", 12), ONE),
        v19.get("a", cpath("Kv", col="c"), kit.D.ALL),
        v19.get("a", cpath("Kv", col="c"), ONE),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.get("a", cpath("Kv", col="c"), QUORUM),
        v19.system_update_keyspace(ksd(ks, [], strategy="org.example.NoSuchStrategy")),
        v19.system_update_keyspace(ksd("zx_rc_none", [])),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- batch mistakes
@sc("17_batch_mistakes", "mistakes", "zx_bx")
def batch_mistakes():
    """A newcomer's batch_mutate mistakes, each followed by a read: a ColumnOrSuperColumn
    carrying both a column and a super column, a deletion naming a super column on a
    standard family, a deletion of a slice range, a mutation with neither field, a column
    without a timestamp, a deletion without a timestamp, and a good batch last."""
    ks = "zx_bx"
    steps = setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type")])
    # 0.7 answered a struct missing a required field and closed the connection: the next
    # call fails, the client reconnects and sets its keyspace again
    reconnect = [v19.set_keyspace(ks), v19.set_keyspace(ks)] if V07 else []
    both = mutation(cosc(column=column("a", "1", 10),
                         super_column=super_column("s", [column("a", "1", 10)])))
    steps += [
        v19.batch_mutate({"k": {"Std": [both]}}),
        v19.batch_mutate({"k": {"Std": [dele(["a"], 10, sc_="s")]}}),
        v19.batch_mutate({"k": {"Std": [dele(rng=srange("a", "z"), t=10)]}}),
        v19.batch_mutate({"k": {"Std": [mutation()]}}),
        v19.batch_mutate({"k": {"Std": [mutation(cosc(column=column("a", "1", None)))]}}),
        *reconnect,
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(None,
                                                                     predicate=pred(
                                                                         names=["a"])))]}}),
        *reconnect,
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.batch_mutate({"k": {"Std": [ins("a", "1", 10), ins("b", "2", 10)]}}),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- inverted index
@sc("18_ruby_inverted_index", "super", "zx_ii")
def ruby_inverted_index():
    """The Ruby `cassandra` gem keeping an inverted index in a super family of UTF8 terms
    and LongType document-id sub-columns (a term row per letter): documents indexed by
    `insert` of hashes of hashes, a term's postings, the postings above an id, several
    terms by multi_get, count_columns of a term, a document removed from a term, and a
    posting written with a name of the wrong width."""
    ks = "zx_ii"
    steps = setup(ks, [cfd(ks, "Terms", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType", default_validation_class="UTF8Type")])

    def post(term, docs, t):
        return mutation(cosc(super_column=super_column(term, [column(long_(d), "1", t)
                                                              for d in docs])))
    steps += [
        v19.batch_mutate({"c": {"Terms": [post("cat", [3, 1, 20], 10), post("cow", [2], 10)]},
                          "d": {"Terms": [post("dog", [1, 2, 3], 10)]}}),
        v19.get_slice("c", cparent("Terms", sc="cat"), pred(start="", count=100)),
        v19.get_slice("c", cparent("Terms", sc="cat"), pred(start=long_(2), count=100)),
        v19.multiget_slice(["c", "d", "e"], cparent("Terms"), pred(start="c", finish="d~",
                                                                   count=10)),
        v19.get_count("c", cparent("Terms"), pred(start="", count=100)),
        v19.get_count("d", cparent("Terms", sc="dog"), pred(start="", count=100)),
        v19.remove("c", cpath("Terms", sc="cat", col=long_(1)), 11),
        v19.get("c", cpath("Terms", sc="cat")),
        v19.insert("c", cparent("Terms", sc="cat"), column("7", "1", 12)),
        v19.get_slice("c", cparent("Terms"), pred(names=["cow", "cat"])),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 reports
@sc("19_cql2_reports", "cql", "zx_cr", when=V08)
def cql2_reports():
    """A reporting job on CQL 2 over a wide row family of its own (a LongType comparator,
    an int key alias): rows by KEY ranges, FIRST and REVERSED column slices, a BATCH of
    inserts with TTL (read back before expiry) and deletes, DELETE of rows by KEY IN, an
    ALTER of a column's type, a family made WITH compression options (1.0 on) and options
    it refused, and its syntax slips (a missing quote, an unknown option, an unknown type)."""
    steps = [
        cql("CREATE KEYSPACE zx_cr WITH strategy_class = SimpleStrategy AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zx_cr"),
        cql("CREATE COLUMNFAMILY Daily (day varchar PRIMARY KEY) WITH comparator = bigint AND "
            "default_validation = varchar"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP %d "
            "INSERT INTO Daily (day, 1, 2, 3, 4) VALUES ('d1', 'a', 'b', 'c', 'd') "
            "INSERT INTO Daily (day, 1, 5) VALUES ('d2', 'e', 'f') "
            "INSERT INTO Daily (day, 9) VALUES ('d3', 'g') USING TTL 86400 "
            "APPLY BATCH" % T),
        cql("SELECT FIRST 2 * FROM Daily WHERE day = 'd1'"),
        cql("SELECT FIRST 2 REVERSED * FROM Daily WHERE day = 'd1'"),
        cql("SELECT 2..3 FROM Daily WHERE day = 'd1'"),
        cql("SELECT REVERSED 3..2 FROM Daily WHERE day = 'd1'"),
        cql("SELECT * FROM Daily WHERE KEY > 'd1' LIMIT 5"),
        cql("SELECT COUNT(*) FROM Daily WHERE day IN ('d1', 'd2', 'd4')"),
        cql("DELETE FROM Daily USING TIMESTAMP %d WHERE day IN ('d2', 'd3')" % (T + 1)),
        cql("SELECT * FROM Daily WHERE day IN ('d2', 'd3')"),
        cql("ALTER COLUMNFAMILY Daily ADD 7 int"),
        cql("INSERT INTO Daily (day, 7) VALUES ('d1', 'x') USING TIMESTAMP %d" % (T + 2)),
        cql("INSERT INTO Daily (day, 7) VALUES ('d1', 70) USING TIMESTAMP %d" % (T + 2)),
        cql("SELECT 7 FROM Daily WHERE day = 'd1'"),
        cql("CREATE COLUMNFAMILY Packed (k varchar PRIMARY KEY, v varchar) WITH "
            "compression_parameters:sstable_compression = 'SnappyCompressor' AND "
            "compression_parameters:chunk_length_kb = 64"),
        cql("CREATE COLUMNFAMILY Bad1 (k varchar PRIMARY KEY) WITH max_compaction_threshold = 1"),
        cql("CREATE COLUMNFAMILY Bad2 (k varchar PRIMARY KEY) WITH nonsense_option = 3"),
        cql("CREATE COLUMNFAMILY Bad3 (k varchar PRIMARY KEY, v frobnicate)"),
        cql("SELECT * FROM Daily WHERE day = 'd1"),
        cql("DROP COLUMNFAMILY Daily"),
        cql("SELECT * FROM Daily WHERE day = 'd1'"),
        cql("DROP KEYSPACE zx_cr")]
    return steps


# --------------------------------------------------------------------------- counter supers
@sc("20_counter_super_stats", "counters", "zx_cs", when=V08)
def counter_super_stats():
    """Per-page statistics in a counter super family (a super column per day, a counter per
    referrer): add through a super column path, counter_super_column batches, a day's
    counters, a counter read by get, days counted, a referrer's counter removed through a
    super column path, a whole day removed, and the counter mistakes there: add without a
    super column, a plain super column written into it, remove_counter at ANY."""
    ks = "zx_cs"
    steps = setup(ks, [cfd(ks, "PageStats", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    csc = kit.D.counter_super_column
    steps += [
        v19.add("/home", cparent("PageStats", sc="2012-06-01"), counter_column("google", 3)),
        v19.add("/home", cparent("PageStats", sc="2012-06-01"), counter_column("direct", 1)),
        v19.batch_mutate({"/home": {"PageStats": [mutation(cosc(counter_super_column=csc(
            "2012-06-02", [counter_column("google", 2), counter_column("bing", 1)])))]},
                          "/about": {"PageStats": [mutation(cosc(counter_super_column=csc(
                              "2012-06-01", [counter_column("direct", 5)])))]}}),
        v19.get_slice("/home", cparent("PageStats"), pred(start="", count=10)),
        v19.get_slice("/home", cparent("PageStats", sc="2012-06-01"), pred(start="", count=10)),
        v19.get("/home", cpath("PageStats", sc="2012-06-02", col="google")),
        v19.get_count("/home", cparent("PageStats"), pred(start="", count=10)),
        v19.multiget_slice(["/home", "/about"], cparent("PageStats"),
                           pred(names=["2012-06-01"])),
        v19.remove_counter("/home", cpath("PageStats", sc="2012-06-01", col="direct")),
        v19.get_slice("/home", cparent("PageStats", sc="2012-06-01"), pred(start="", count=10)),
        v19.remove_counter("/home", cpath("PageStats", sc="2012-06-02")),
        v19.get_slice("/home", cparent("PageStats"), pred(start="", count=10)),
        v19.add("/home", cparent("PageStats"), counter_column("google", 1)),
        v19.batch_mutate({"/home": {"PageStats": [sins("2012-06-03", [("x", "1")], 10)]}}),
        v19.remove_counter("/about", cpath("PageStats", sc="2012-06-01"), ANY),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- family options refused
@sc("21_cf_options_refused", "schema", "zx_co")
def cf_options_refused():
    """A provisioning script's families, some with options the release refused: an unknown
    comparator, a read repair chance above one, negative cache save periods, a column
    metadata of an unknown validation class, two indexes of one name, an index on a super
    family's column, the era's memtable settings (0.7-1.0: zero throughput), an unknown
    compaction strategy and compressor (1.0 on), an unknown caching (1.1), and a good family
    last with its definition read."""
    ks = "zx_co"
    steps = setup(ks, [])
    bad = [dict(comparator_type="NoSuchType"),
           dict(read_repair_chance=1.5),
           dict(key_cache_save_period_in_seconds=-1),
           dict(column_metadata=[coldef("a", "NoSuchValidator")]),
           dict(column_metadata=[coldef("a", "UTF8Type", True, "same_idx"),
                                 coldef("b", "UTF8Type", True, "same_idx")]),
           dict(column_type="Super", column_metadata=[coldef("a", "UTF8Type", True)]),
           dict(column_type="Sideways"),
           dict(default_validation_class="NoSuchType")]
    if not V10 or V11:
        bad.append(dict(memtable_throughput_in_mb=0))
    if V10:
        bad += [dict(compaction_strategy="NoSuchStrategy"),
                dict(compression_options={"sstable_compression": "NoSuchCompressor"}),
                dict(compression_options={"sstable_compression": "SnappyCompressor",
                                          "chunk_length_kb": "3"})]
    if V11:
        bad.append(dict(caching="sometimes"))
    for i, opts in enumerate(bad):
        steps.append(v19.system_add_column_family(cfd(ks, "Bad%d" % i, **opts)))
    steps += [
        v19.system_add_column_family(cfd(ks, "Good", comparator_type="AsciiType",
                                         gc_grace_seconds=0, read_repair_chance=0.0,
                                         column_metadata=[coldef("a", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- typed keys
@sc("22_typed_row_keys", "keys", "zx_tk", when=V08)
def typed_row_keys():
    """A family whose row keys are LongType (key_validation_class, 0.8 on): account rows
    written by eight-byte keys, a key of four bytes refused, a multiget with one bad key,
    a range scan from a key, get_count of a row, a UTF8Type-keyed family given bytes that
    are no UTF-8, and the same keys read back."""
    ks = "zx_tk"
    steps = setup(ks, [cfd(ks, "Accounts", comparator_type="UTF8Type",
                           key_validation_class="LongType",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Handles", comparator_type="UTF8Type",
                           key_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({long_(n): {"Accounts": [ins("owner", "o%d" % n, 10)]}
                          for n in (1, 2, -5)}),
        v19.insert(struct.pack(">i", 7), cparent("Accounts"), column("owner", "x", 10)),
        v19.multiget_slice([long_(1), b"abc", long_(2)], cparent("Accounts"),
                           pred(start="", count=10)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_key=long_(2), end_key="", count=10)),
        v19.get_count(long_(-5), cparent("Accounts"), pred(start="", count=10)),
        v19.insert(b"\xff\xfe", cparent("Handles"), column("h", "x", 10)),
        v19.insert("caf\xe9", cparent("Handles"), column("h", "y", 10)),
        v19.get_slice("caf\xe9", cparent("Handles"), pred(start="", count=10)),
        v19.get(b"\xff\xfe", cpath("Handles", col="h")),
        v19.system_drop_keyspace(ks)]
    return steps
