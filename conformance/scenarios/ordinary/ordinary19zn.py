"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zn).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * a Netflix EVCache-like write-through cache on Astyanax (TTL'd values, misses, evictions,
    the TTL and key limits)
  * Zipkin 1.0's Cassie span store (trace rows, service and span name rows, LongType
    timestamp indexes read newest first, duration first/last columns)
  * Hive's Cassandra storage handler (ring, splits, token-range scans, wide-row pages,
    INSERT OVERWRITE as batch_mutate, a mapping to a family that is not there)
  * a .NET app on FluentCassandra 1.2 (families made through Thrift, then CQL 3 over Thrift
    on their quoted mixed-case names)
  * a PHP app on YACassandraPDO (CQL 3 over Thrift, `USE`, prepared `?` binds, PDO's string
    binds for numbers)
  * Infinispan 5's Cassandra cache store (an entries family, an expiration super column
    family purged by LongType ranges, keys listed by range scans)
  * a log4j appender on Hector (TimeUUIDType log rows, KEYS indexes on level and host, index
    paging, TTLs)
  * a news feed's fan-out on write (follower rows, TimeUUIDType inboxes read newest first and
    paged, trims by name, multiget counts)
  * a poll app in CQL 3 (counter tallies, a voter table claimed IF NOT EXISTS on 2.0,
    counter deletes and the counter-table refusals)
  * the kallaspriit PHP client library (families with indexes made through Thrift, get by
    names and by column range, getWhere as get_indexed_slices, getAll paged)
  * Wealthfront's Hecuba DAOs (LongType row keys, a hand-kept secondary index family)
  * an order history in CQL 3 (two clustering columns, one DESC, decimal totals, ranges,
    ORDER BY, list items, the clustering refusals)
  * an event tracker's prepared CQL 3 statements (timeuuid, timestamp and map binds,
    a map entry by bind, wrong bind counts and widths)
  * keyspace and table administration in CQL 3 (IF [NOT] EXISTS from 2.0, ALTER KEYSPACE,
    indexes, describe_keyspace after)
  * an operator's column family administration over Thrift (metadata and index added,
    comparator change refused, replication changed, a dropped family used)
  * a hand-rolled Thrift client's mistakes (counts, mutations, levels, key ranges)
  * a client built against 2.0's IDL talking to each release (2.0's CfDef fields, LOCAL_ONE,
    cas, SERIAL)
  * a password-reset token store on CQL 3 TTLs and timestamps (table default TTL from 2.0)
  * Storm Trident's opaque transactional state on Hector (txid/curr/prev columns, multigets)
  * a daily rollup service in CQL 3 (composite partition keys, DISTINCT from 2.0, IN on the
    last partition column, counts)
Writes are deterministic: Thrift timestamps relative, CQL writes read back through Thrift or
writetime() carry USING TIMESTAMP, time-based UUIDs are fixed.
"""
import os
import struct
import sys
import uuid as _uuid

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import dsl as D  # noqa: E402
from dsl import (v19, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, index_clause, index_expr, super_column, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (exe, i32b, i64b, ks_cql, prep, coll)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import QUORUM, ANY, ALL  # noqa: E402
from kit import LOCAL_ONE, SERIAL  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN
EQ, GTE, GT, LTE, LT = D.EQ, D.GTE, D.GT, D.LTE, D.LT

sc = kit.registrar("zn_")


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs, **kw):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def tu(n):
    """A fixed version-1 UUID (its bytes)."""
    return D.timeuuid(n)


def tus(n):
    """The same UUID as CQL text."""
    return str(_uuid.UUID(bytes=D.timeuuid(n)))


def utf8_cf(ks, name, **kw):
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    base.update(kw)
    return kit.cfd(ks, name, **base)


def dbl(x):
    return struct.pack(">d", x)


# ---------------------------------------------------------------- EVCache-like cache
@sc("evcache", "thrift", "zn_evc")
def evcache():
    """A write-through cache in front of a service, on Astyanax as Netflix's EVCache-era
    apps kept one: values written with TTLs (single puts and a bulk put), a hit, a miss, a
    bulk get of hits and misses, an eviction of a value and of a whole entry, a touch that
    rewrites a value with a new TTL, and the limits: a TTL of zero, a TTL past twenty years,
    an empty key, and a read at ANY."""
    ks = "zn_evc"
    cf = kit.cfd(ks, "cache", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType", gc_grace_seconds=3600)
    c = cparent("cache")
    steps = kit.connect() + [v19.describe_keyspaces().mask("0")] + new_ks(ks, [cf])
    steps += [
        v19.insert("user:1", c, column("v", b'{"name":"ann"}', 10, ttl=3600)),
        v19.batch_mutate({"user:%d" % i: {"cache": [ins("v", b'{"name":"u%d"}' % i, 10, ttl=900),
                                                    ins("flags", b"\x01", 10)]}
                          for i in range(2, 5)}),
        v19.get("user:1", cpath("cache", col="v")),
        v19.get("user:9", cpath("cache", col="v")),
        v19.multiget_slice(["user:1", "user:2", "user:9"], c, pred(names=["v"])),
        v19.get_slice("user:2", c, all_cols()),
        v19.remove("user:2", cpath("cache", col="v"), 11),
        v19.remove("user:3", cpath("cache"), 11),
        v19.multiget_slice(["user:2", "user:3", "user:4"], c, all_cols()),
        v19.insert("user:4", c, column("v", b'{"name":"u4b"}', 12, ttl=1800)),
        v19.get("user:4", cpath("cache", col="v")),
        v19.insert("user:5", c, column("v", b"x", 12, ttl=0)),
        v19.insert("user:5", c, column("v", b"x", 12, ttl=630720001)),
        v19.insert("", c, column("v", b"x", 12, ttl=60)),
        v19.get("user:1", cpath("cache", col="v"), cl=ANY),
        v19.get_count("user:4", c, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- Zipkin spans
@sc("zipkin_spans", "thrift", "zn_zip")
def zipkin_spans():
    """Zipkin 1.0's Cassie span store: spans of a trace as columns of the trace's row (an
    8-byte trace id key) with a week's TTL, the service and span names, a LongType index of
    trace ids by timestamp per service read newest first (from an end time too), the
    duration rows' first and last columns, traces fetched together, and an index entry
    named by a 4-byte int."""
    ks = "zn_zip"
    week = 604800
    cfs = [kit.cfd(ks, "Traces", comparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           utf8_cf(ks, "ServiceNames"), utf8_cf(ks, "SpanNames"),
           kit.cfd(ks, "ServiceNameIndex", comparator_type="LongType",
                   key_validation_class="UTF8Type", default_validation_class="BytesType"),
           kit.cfd(ks, "DurationIndex", comparator_type="LongType",
                   key_validation_class="BytesType", default_validation_class="BytesType")]
    steps = kit.connect() + new_ks(ks, cfs)
    traces = [(1001, "web", "get", 1385000000000000), (1002, "web", "post", 1385000001000000),
              (1003, "auth", "check", 1385000002000000), (1004, "web", "get", 1385000003000000)]
    for tid, svc, span, t0 in traces:
        steps.append(v19.batch_mutate({
            i64b(tid): {"Traces": [ins("span-%d-%s" % (tid, span), b"\x0c\x00\x01" + span.encode(),
                                       10, ttl=week)],
                        "DurationIndex": [ins(i64b(t0), b"", 10, ttl=week),
                                          ins(i64b(t0 + 2500), b"", 10, ttl=week)]},
            "servicenames": {"ServiceNames": [ins(svc, "", 10, ttl=week)]},
            svc: {"SpanNames": [ins(span, "", 10, ttl=week)],
                  "ServiceNameIndex": [ins(i64b(t0), i64b(tid), 10, ttl=week)]}}))
    idx = cparent("ServiceNameIndex")
    steps += [
        v19.get_slice("web", idx, all_cols(2, True)),
        v19.get_slice("web", idx, pred(start=i64b(1385000002000000), finish="", reversed=True,
                                       count=10)),
        v19.multiget_slice([i64b(1001), i64b(1004), i64b(1999)], cparent("Traces"), all_cols()),
        v19.get_slice("servicenames", cparent("ServiceNames"), all_cols()),
        v19.get_slice("web", cparent("SpanNames"), all_cols()),
        v19.multiget_slice([i64b(1001), i64b(1003)], cparent("DurationIndex"), all_cols(1)),
        v19.multiget_slice([i64b(1001), i64b(1003)], cparent("DurationIndex"),
                           all_cols(1, True)),
        v19.multiget_count([i64b(1001), i64b(1002)], cparent("Traces"), all_cols()),
        v19.insert("web", idx, column(i32b(5), i64b(1005), 11, ttl=week)),
        v19.get_slice("web", idx, pred(start=i64b(1385000000000000),
                                       finish=i64b(1385000003000000), reversed=True)),
        v19.get_slice("auth", idx, pred(start=i64b(1385000003000000),
                                        finish=i64b(1385000000000000))),
    ]
    return steps


# ---------------------------------------------------------------- Hive storage handler
@sc("hive_handler", "thrift", "zn_hive")
def hive_handler():
    """Hive's Cassandra storage handler: the table's family looked up by describe_keyspace,
    the ring and the splits of the whole range, each half of the token ring scanned, a
    wide-row read by get_paged_slice, an INSERT OVERWRITE written by batch_mutate, a key
    range given both keys and tokens, and a table mapped to a family that does not exist."""
    ks = "zn_hive"
    cf = utf8_cf(ks, "pageviews", default_validation_class="BytesType")
    steps = new_ks(ks, [cf])
    rows = {"/index": 40, "/about": 7, "/blog": 19, "/docs": 3, "/faq": 11}
    steps.append(v19.batch_mutate({u: {"pageviews": [ins("2013-11-%02d" % d, i64b(n + d), 10)
                                                     for d in range(1, 4)]}
                                   for u, n in rows.items()}))
    p = cparent("pageviews")
    steps += [
        v19.describe_keyspace(ks),
        v19.describe_partitioner(),
        v19.describe_ring(ks),
        kit.splits_ex("pageviews", MIN_TOKEN, MIN_TOKEN, 128),
        v19.get_range_slices(p, all_cols(), key_range(start_token=MIN_TOKEN, end_token="0")),
        v19.get_range_slices(p, all_cols(), key_range(start_token="0", end_token=MIN_TOKEN)),
        v19.get_paged_slice("pageviews", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                   count=4), "2013-11-02"),
        v19.get_range_slices(p, all_cols(1), key_range(start_key="", end_key="", count=2)),
        v19.batch_mutate({"/index": {"pageviews": [ins("2013-11-04", i64b(51), 11)]},
                          "/new": {"pageviews": [ins("2013-11-04", i64b(1), 11)]}}),
        v19.get_range_slices(p, pred(names=["2013-11-04"]), everything()),
        v19.get_range_slices(p, all_cols(), key_range(start_key="", start_token=MIN_TOKEN,
                                                      end_token="0")),
        v19.get_range_slices(cparent("page_views"), all_cols(), everything()),
    ]
    return steps


# ---------------------------------------------------------------- FluentCassandra CQL 3
@sc("fluent_cql3", "mixed", "zn_fluent")
def fluent_cql3():
    """A .NET app on FluentCassandra 1.2: its families made through Thrift with mixed-case
    names and column metadata, rows written through its Thrift API, then its CQL 3 queries
    over execute_cql3_query on the quoted names (SELECT, INSERT, UPDATE, DELETE, a count),
    the unquoted name an app tried first, and an unquoted mixed-case column."""
    ks = "zn_fluent"
    meta = [kit.coldef("Name", "UTF8Type"), kit.coldef("Email", "UTF8Type"),
            kit.coldef("Age", "Int32Type")]
    cf = utf8_cf(ks, "Users", column_metadata=meta)
    steps = new_ks(ks, [cf])
    u = cparent("Users")
    steps += [
        v19.batch_mutate({"ann": {"Users": [ins("Name", "Ann", 10), ins("Email", "ann@x.org", 10),
                                            ins("Age", i32b(31), 10)]},
                          "bob": {"Users": [ins("Name", "Bob", 10), ins("Age", i32b(45), 10)]}}),
        cql('SELECT * FROM "Users"'),
        cql('SELECT "Name", "Age" FROM "Users" WHERE key = \'ann\''),
        cql("SELECT * FROM Users"),
        cql('SELECT Name FROM "Users"'),
        cql('INSERT INTO "Users" (key, "Name", "Email") VALUES (\'cyd\', \'Cyd\', \'c@x.org\') '
            'USING TIMESTAMP 1385000000000000'),
        cql('UPDATE "Users" USING TIMESTAMP 1385000000000001 SET "Age" = 28 WHERE key = \'cyd\''),
        v19.get_slice("cyd", u, all_cols()),
        cql('DELETE "Email" FROM "Users" USING TIMESTAMP 1385000000000002 WHERE key = \'cyd\''),
        cql('SELECT COUNT(*) FROM "Users"'),
        cql('SELECT key, "Email" FROM "Users" WHERE key IN (\'ann\', \'cyd\')'),
        cql('UPDATE "Users" SET "Age" = \'old\' WHERE key = \'bob\''),
        cql('INSERT INTO "Users" (key, "Nickname") VALUES (\'dan\', \'D\')'),
    ]
    return steps


# ---------------------------------------------------------------- YACassandraPDO
@sc("pdo_php", "cql3", "zn_pdo")
def pdo_php():
    """A PHP app on YACassandraPDO: the keyspace chosen by a CQL `USE`, its table made and
    filled by literals, prepared statements executed with PDO's binds (text, then an int
    bound as 4 bytes and as PDO's string of digits), a prepared SELECT by key, a LIMIT, a
    count, an UPDATE by a prepared statement with its values in the wrong order, and a
    statement prepared before its table existed."""
    ks = "zn_pdo"
    ins_q = "INSERT INTO articles (slug, title, views, body) VALUES (?, ?, ?, ?)"
    sel_q = "SELECT title, views FROM articles WHERE slug = ?"
    upd_q = "UPDATE articles SET views = ? WHERE slug = ?"
    steps = [
        ks_cql(ks),
        cql("USE %s" % ks),
        prep("SELECT * FROM articles"),
        cql("CREATE TABLE articles (slug text PRIMARY KEY, title text, views int, body text)"),
        cql("INSERT INTO articles (slug, title, views, body) VALUES ('hello', 'Hello', 3, 'Hi')"),
        prep(ins_q),
        exe(ks, ins_q, ["php-tips", "PHP tips", i32b(10), "Use PDO"]),
        exe(ks, ins_q, ["pdo", "PDO", "12", "Strings everywhere"]),
        prep(sel_q),
        exe(ks, sel_q, ["php-tips"]),
        exe(ks, sel_q, ["nope"]),
        cql("SELECT slug, title FROM articles LIMIT 2"),
        cql("SELECT COUNT(*) FROM articles"),
        prep(upd_q),
        exe(ks, upd_q, [i32b(11), "php-tips"]),
        exe(ks, upd_q, ["php-tips", i32b(12)]),
        exe(ks, sel_q, ["php-tips"]),
        cql("SELECT * FROM articles WHERE title = 'Hello'"),
    ]
    return steps


# ---------------------------------------------------------------- Infinispan store
@sc("infinispan_store", "thrift", "zn_isp")
def infinispan_store():
    """Infinispan 5's Cassandra cache store: entries as rows of one `entry` column, expiry
    recorded in a super column family (a row per cache, LongType super columns of expiry
    times holding the keys), a load, a bulk load of all keys by a range scan with no
    columns, the purge of expired entries (super columns up to a time, then a batch removing
    them and their entries), a clear by removes, and a super column named by a 4-byte int."""
    ks = "zn_isp"
    cfs = [kit.cfd(ks, "InfinispanEntries", comparator_type="BytesType",
                   key_validation_class="BytesType", default_validation_class="BytesType"),
           kit.cfd(ks, "InfinispanExpiration", column_type="Super", comparator_type="LongType",
                   subcomparator_type="BytesType", key_validation_class="BytesType",
                   default_validation_class="BytesType")]
    steps = new_ks(ks, cfs)
    e = cparent("InfinispanEntries")
    x = cparent("InfinispanExpiration")
    keys = ["sess-a", "sess-b", "sess-c", "sess-d"]
    expiry = {"sess-a": 1000, "sess-b": 2000, "sess-c": 2000}
    m = {k: {"InfinispanEntries": [ins("entry", b"\xac\xed\x00\x05" + k.encode(), 10)]}
         for k in keys}
    m["expiration"] = {"InfinispanExpiration": [
        mutation(cosc(super_column=super_column(i64b(t), [column(k, b"", 10)
                                                          for k, tt in expiry.items() if tt == t])))
        for t in (1000, 2000)]}
    steps += [
        v19.batch_mutate(m),
        v19.get("sess-a", cpath("InfinispanEntries", col="entry")),
        v19.get_range_slices(e, pred(names=[]), everything()),
        v19.get_range_slices(e, all_cols(1), key_range(start_key="", end_key="", count=2)),
        v19.get_slice("expiration", x, pred(start="", finish=i64b(1500))),
        v19.batch_mutate({"sess-a": {"InfinispanEntries": [mutation(deletion_=deletion(11))]},
                          "expiration": {"InfinispanExpiration": [
                              mutation(deletion_=deletion(11, sc=i64b(1000)))]}}),
        v19.get_slice("expiration", x, all_cols()),
        v19.get_slice("expiration", cparent("InfinispanExpiration", i64b(2000)), all_cols()),
        v19.get_count("expiration", x, all_cols()),
        v19.remove("sess-b", cpath("InfinispanEntries"), 12),
        v19.remove("expiration", cpath("InfinispanExpiration", i64b(2000), "sess-b"), 12),
        v19.get_range_slices(e, all_cols(), everything()),
        v19.insert("expiration", cparent("InfinispanExpiration", i32b(3000)),
                   column("sess-d", b"", 13)),
        v19.get_slice("expiration", x, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- log4j appender
@sc("log4j_appender", "thrift", "zn_log")
def log4j_appender():
    """A log4j appender on Hector: one row per event under a TimeUUID key with TTL'd columns
    (level, host, logger, message, a LongType time), KEYS indexes on level and host, a
    viewer's ERROR events, a host's events at WARN or above by an index and a filter, paged
    two at a time from the last key, and an index clause with no equality."""
    ks = "zn_log"
    meta = [kit.coldef("level", "UTF8Type", True, "log_level"),
            kit.coldef("host", "UTF8Type", True, "log_host"),
            kit.coldef("logger", "UTF8Type"), kit.coldef("message", "UTF8Type"),
            kit.coldef("severity", "Int32Type"), kit.coldef("ts", "LongType")]
    cf = kit.cfd(ks, "LogEntries", comparator_type="UTF8Type",
                 key_validation_class="TimeUUIDType", default_validation_class="UTF8Type",
                 column_metadata=meta)
    steps = kit.connect() + new_ks(ks, [cf])
    events = [("INFO", 2, "app1", "started"), ("WARN", 3, "app1", "slow query"),
              ("ERROR", 4, "app2", "NPE in handler"), ("INFO", 2, "app2", "request"),
              ("ERROR", 4, "app1", "timeout"), ("DEBUG", 1, "app1", "cache miss")]
    steps.append(v19.batch_mutate({tu(i): {"LogEntries": [
        ins("level", lv, 10, ttl=604800), ins("host", h, 10, ttl=604800),
        ins("logger", "com.example.Svc", 10, ttl=604800), ins("message", msg, 10, ttl=604800),
        ins("severity", i32b(sev), 10, ttl=604800),
        ins("ts", i64b(1385000000000 + i), 10, ttl=604800)]}
        for i, (lv, sev, h, msg) in enumerate(events)}))
    le = cparent("LogEntries")
    steps += [
        v19.get_indexed_slices(le, index_clause([index_expr("level", EQ, "ERROR")]),
                               pred(names=["host", "message"])),
        v19.get_indexed_slices(le, index_clause([index_expr("host", EQ, "app1"),
                                                 index_expr("severity", GTE, i32b(3))]),
                               pred(names=["level", "message"])),
        v19.get_indexed_slices(le, index_clause([index_expr("host", EQ, "app1")], count=2),
                               pred(names=["message"])),
        v19.get_indexed_slices(le, index_clause([index_expr("host", EQ, "app1")],
                                                start_key=tu(1), count=2),
                               pred(names=["message"])),
        v19.get_indexed_slices(le, index_clause([index_expr("severity", GT, i32b(2))]),
                               all_cols()),
        v19.get_slice(tu(2), le, all_cols()),
        v19.insert(tu(9), le, column("severity", "high", 11)),
        v19.insert(b"evt-9", le, column("level", "INFO", 11)),
        v19.get_indexed_slices(le, index_clause([index_expr("level", EQ, "FATAL")]), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- feed fan-out
@sc("feed_fanout", "thrift", "zn_feed")
def feed_fanout():
    """A news feed's fan-out on write: a post stored under its TimeUUID key, the author's
    followers read, the post id written into each follower's inbox (TimeUUIDType names),
    an inbox read newest first and its next page from the last id seen, inbox sizes by
    multiget_count, the oldest entries trimmed by name, an unfollow, and (1.2 and 2.0) a
    trim by a slice range, which they refused."""
    ks = "zn_feed"
    cfs = [utf8_cf(ks, "Followers"),
           kit.cfd(ks, "Inbox", comparator_type="TimeUUIDType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type"),
           kit.cfd(ks, "Posts", comparator_type="UTF8Type", key_validation_class="TimeUUIDType",
                   default_validation_class="UTF8Type")]
    steps = new_ks(ks, cfs)
    inbox = cparent("Inbox")
    steps.append(v19.batch_mutate({"ann": {"Followers": [ins("bob", "", 10), ins("cyd", "", 10)]},
                                   "bob": {"Followers": [ins("cyd", "", 10)]}}))
    for i, author in enumerate(["ann", "bob", "ann", "ann", "bob"], 1):
        steps.append(v19.batch_mutate({tu(i): {"Posts": [ins("author", author, 10 + i),
                                                         ins("text", "post %d" % i, 10 + i)]}}))
        steps.append(v19.get_slice(author, cparent("Followers"), all_cols(1000)))
        fol = {"ann": ["bob", "cyd"], "bob": ["cyd"]}[author]
        steps.append(v19.batch_mutate({f: {"Inbox": [ins(tu(i), author, 10 + i)]} for f in fol}))
    steps += [
        v19.get_slice("cyd", inbox, all_cols(3, True)),
        v19.get_slice("cyd", inbox, pred(start=tu(3), finish="", reversed=True, count=3)),
        v19.multiget_slice([tu(5), tu(4)], cparent("Posts"), all_cols()),
        v19.multiget_count(["bob", "cyd", "dan"], inbox, all_cols()),
        v19.batch_mutate({"cyd": {"Inbox": [mutation(deletion_=deletion(
            20, predicate=pred(names=[tu(1), tu(2)])))]}}),
        v19.remove("ann", cpath("Followers", col="bob"), 20),
        v19.get_slice("ann", cparent("Followers"), all_cols()),
        v19.get_count("cyd", inbox, all_cols()),
        # 2.1 took a Thrift slice deletion and then failed reading and flushing the row: the
        # trim by range is sent where it was refused
        v19.batch_mutate({"bob": {"Inbox": [mutation(deletion_=deletion(
            21, predicate=pred(start="", finish=tu(3))))]}}) if VER < (2, 1) else None,
        v19.get_slice("bob", inbox, all_cols(10, True)),
    ]
    return steps


# ---------------------------------------------------------------- polls
@sc("polls", "cql3", "zn_poll")
def polls():
    """A poll app in CQL 3: polls with their options in a set, tallies in a counter table
    clustered by option, a voter recorded once (IF NOT EXISTS on 2.0; a plain INSERT on
    1.2), the tallies read and ordered, a tally removed and incremented again, and the
    counter-table mistakes: a non-counter column in a counter table, a counter set by
    INSERT, and a counter incremented by a float."""
    ks = "zn_poll"
    lwt = " IF NOT EXISTS" if VER >= (2, 0) else ""
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE polls (id int PRIMARY KEY, question text, options set<text>, "
            "closes timestamp)"),
        cql("CREATE TABLE tallies (poll int, option text, votes counter, "
            "PRIMARY KEY (poll, option))"),
        cql("CREATE TABLE voters (poll int, voter text, option text, PRIMARY KEY (poll, voter))"),
        cql("INSERT INTO polls (id, question, options, closes) VALUES (1, 'Tabs or spaces?', "
            "{'tabs', 'spaces'}, '2013-12-01 00:00:00+0000')"),
        cql("INSERT INTO voters (poll, voter, option) VALUES (1, 'ann', 'tabs')" + lwt),
        cql("UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'tabs'"),
        cql("INSERT INTO voters (poll, voter, option) VALUES (1, 'ann', 'spaces')" + lwt),
        cql("INSERT INTO voters (poll, voter, option) VALUES (1, 'bob', 'spaces')" + lwt),
        cql("UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'spaces'"),
        cql("UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'spaces'"),
        cql("SELECT option, votes FROM tallies WHERE poll = 1"),
        cql("SELECT option, votes FROM tallies WHERE poll = 1 ORDER BY option DESC"),
        cql("SELECT question, options FROM polls WHERE id = 1"),
        cql("SELECT COUNT(*) FROM voters WHERE poll = 1"),
        cql("DELETE FROM tallies WHERE poll = 1 AND option = 'tabs'"),
        cql("UPDATE tallies SET votes = votes + 1 WHERE poll = 1 AND option = 'tabs'"),
        cql("SELECT option, votes FROM tallies WHERE poll = 1"),
        cql("CREATE TABLE bad_tallies (poll int PRIMARY KEY, votes counter, label text)"),
        cql("INSERT INTO tallies (poll, option, votes) VALUES (2, 'x', 1)"),
        cql("UPDATE tallies SET votes = votes + 1.5 WHERE poll = 1 AND option = 'tabs'"),
    ]
    return steps


# ---------------------------------------------------------------- kallaspriit PHP client
@sc("php_client", "thrift", "zn_php")
def php_client():
    """The kallaspriit Cassandra PHP client library: the keyspace described before it is
    used, a family with indexed columns made by system_add_column_family, rows set by
    batch_mutate, get of a row, of named columns and of a column range, getWhere as
    get_indexed_slices with a comparison, getAll paged by the last key, a column count, a
    remove, and a get of a column family it never made."""
    ks = "zn_php"
    steps = [v19.system_add_keyspace(kit.ksd(ks)), v19.describe_keyspace(ks),
             v19.set_keyspace(ks)]
    meta = [kit.coldef("email", "UTF8Type"), kit.coldef("age", "IntegerType", True),
            kit.coldef("country", "UTF8Type", True)]
    steps.append(v19.system_add_column_family(utf8_cf(ks, "user", column_metadata=meta)))
    u = cparent("user")
    people = [("john", 23, "EE"), ("jane", 31, "EE"), ("mike", 19, "US"), ("mary", 40, "US"),
              ("paul", 27, "EE")]
    steps += [
        v19.batch_mutate({n: {"user": [ins("email", n + "@example.com", 10),
                                       ins("age", bytes([a]), 10), ins("country", c, 10),
                                       ins("pref.lang", "en", 10), ins("pref.tz", "UTC", 10)]}
                          for n, a, c in people}),
        v19.get_slice("john", u, all_cols()),
        v19.get_slice("john", u, pred(names=["email", "age"])),
        v19.get_slice("john", u, pred(start="pref.", finish="pref.~")),
        v19.get_indexed_slices(u, index_clause([index_expr("country", EQ, "EE"),
                                                index_expr("age", GT, bytes([25]))]),
                               pred(names=["email", "age"])),
        v19.get_indexed_slices(u, index_clause([index_expr("age", EQ, bytes([19]))]),
                               all_cols()),
        v19.get_range_slices(u, pred(names=["email"]), key_range(start_key="", end_key="",
                                                                 count=3)),
        v19.get_count("john", u, all_cols()),
        v19.remove("mike", cpath("user"), 11),
        v19.get_range_slices(u, pred(names=["email"]), everything()),
        v19.get_slice("john", cparent("users"), all_cols()),
        v19.insert("john", u, column("age", "twenty", 12)),
    ]
    return steps


# ---------------------------------------------------------------- Hecuba DAOs
@sc("hecuba_dao", "thrift", "zn_hec")
def hecuba_dao():
    """Wealthfront's Hecuba DAOs on Hector: a family of LongType row keys whose columns are
    an entity's fields, a hand-kept index family mapping a field's value to row keys, reads
    by key, by the index, a multiget, an update that moves the index entry, a whole-row
    delete, and keys of the wrong width for LongType."""
    ks = "zn_hec"
    cfs = [kit.cfd(ks, "accounts", comparator_type="UTF8Type", key_validation_class="LongType",
                   default_validation_class="UTF8Type"),
           kit.cfd(ks, "accounts_by_email", comparator_type="LongType",
                   key_validation_class="UTF8Type", default_validation_class="BytesType")]
    steps = kit.connect() + new_ks(ks, cfs)
    a = cparent("accounts")
    steps += [
        v19.batch_mutate({i64b(i): {"accounts": [ins("email", "u%d@x.org" % i, 10),
                                                 ins("plan", "basic", 10)]}
                          for i in (7, 8, 9)}),
        v19.batch_mutate({"u%d@x.org" % i: {"accounts_by_email": [ins(i64b(i), b"", 10)]}
                          for i in (7, 8, 9)}),
        v19.get_slice(i64b(8), a, all_cols()),
        v19.get_slice("u9@x.org", cparent("accounts_by_email"), all_cols()),
        v19.multiget_slice([i64b(7), i64b(9), i64b(10)], a, pred(names=["email", "plan"])),
        v19.batch_mutate({i64b(8): {"accounts": [ins("email", "new8@x.org", 11)]},
                          "u8@x.org": {"accounts_by_email": [kit.dele([i64b(8)], 11)]},
                          "new8@x.org": {"accounts_by_email": [ins(i64b(8), b"", 11)]}}),
        v19.multiget_slice(["u8@x.org", "new8@x.org"], cparent("accounts_by_email"),
                           all_cols()),
        v19.remove(i64b(9), cpath("accounts"), 12),
        v19.get_slice(i64b(9), a, all_cols()),
        v19.get_range_slices(a, all_cols(), everything()),
        v19.get_slice(i32b(7), a, all_cols()),
        v19.insert(i32b(7), a, column("plan", "pro", 13)),
    ]
    return steps


# ---------------------------------------------------------------- order history
@sc("order_history", "cql3", "zn_orders")
def order_history():
    """An order history in CQL 3: orders per customer clustered by date (newest first) then
    order id, decimal totals and a list of items, the newest orders with a LIMIT, a date
    range, one date's orders after an id, oldest first by ORDER BY, a status updated and an
    item appended, an order deleted, and the refusals: the second clustering column without
    the first, ORDER BY on it alone, and a range on both clustering columns."""
    ks = "zn_orders"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (customer text, day timestamp, id int, total decimal, "
            "status text, items list<text>, PRIMARY KEY (customer, day, id)) "
            "WITH CLUSTERING ORDER BY (day DESC, id ASC)"),
    ]
    for i, (c, d, tot) in enumerate([("ann", 1, "19.99"), ("ann", 1, "5.00"), ("ann", 3, "120.50"),
                                     ("bob", 2, "7.25"), ("ann", 5, "0.99")], 1):
        steps.append(cql("INSERT INTO orders (customer, day, id, total, status, items) VALUES "
                         "('%s', '2013-11-0%d', %d, %s, 'new', ['sku-%d'])" % (c, d, i, tot, i)))
    steps += [
        cql("SELECT day, id, total FROM orders WHERE customer = 'ann' LIMIT 2"),
        cql("SELECT id, total FROM orders WHERE customer = 'ann' AND day >= '2013-11-02' "
            "AND day <= '2013-11-05'"),
        cql("SELECT id, status FROM orders WHERE customer = 'ann' AND day = '2013-11-01' "
            "AND id > 1"),
        cql("SELECT day, id FROM orders WHERE customer = 'ann' ORDER BY day ASC"),
        cql("UPDATE orders SET status = 'shipped', items = items + ['gift-wrap'] "
            "WHERE customer = 'ann' AND day = '2013-11-03' AND id = 3"),
        cql("SELECT status, items, total FROM orders WHERE customer = 'ann' AND day = "
            "'2013-11-03' AND id = 3"),
        cql("DELETE FROM orders WHERE customer = 'ann' AND day = '2013-11-01' AND id = 2"),
        cql("SELECT id FROM orders WHERE customer = 'ann' AND id = 1"),
        cql("SELECT id FROM orders WHERE customer = 'ann' ORDER BY id"),
        cql("SELECT id FROM orders WHERE customer = 'ann' AND day > '2013-11-01' AND id > 1"),
        cql("SELECT customer, day, id, total FROM orders"),
        cql("INSERT INTO orders (customer, day, id, total) VALUES ('cyd', '2013-11-09', 9, "
            "'12.00')"),
    ]
    return steps


# ---------------------------------------------------------------- event tracker
@sc("event_tracker", "cql3", "zn_events")
def event_tracker():
    """An event tracker's prepared CQL 3 statements: events keyed by kind with timeuuid
    clustering, a timestamp and a map of properties bound, reads after an id, a property
    set by binding its key, an event deleted by bind, and the mistakes: one value too many,
    a timestamp bound as 4 bytes, a uuid bound as text, and an unknown statement id."""
    ks = "zn_events"
    ins_q = "INSERT INTO events (kind, id, at, props) VALUES (?, ?, ?, ?)"
    sel_q = "SELECT id, at, props FROM events WHERE kind = ? AND id > ?"
    put_q = "UPDATE events SET props[?] = ? WHERE kind = ? AND id = ?"
    del_q = "DELETE FROM events WHERE kind = ? AND id = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE events (kind text, id timeuuid, at timestamp, props map<text, text>, "
            "PRIMARY KEY (kind, id))"),
        prep(ins_q),
    ]
    for i in range(1, 5):
        steps.append(exe(ks, ins_q, ["signup" if i % 2 else "login", tu(i),
                                     i64b(1385000000000 + i * 1000),
                                     coll([("src", "web"), ("n", str(i))])]))
    steps += [
        prep(sel_q),
        exe(ks, sel_q, ["signup", tu(0)]),
        exe(ks, sel_q, ["signup", tu(1)]),
        prep(put_q),
        exe(ks, put_q, ["ref", "ad", "login", tu(2)]),
        exe(ks, sel_q, ["login", tu(0)]),
        prep(del_q),
        exe(ks, del_q, ["login", tu(4)]),
        exe(ks, sel_q, ["login", tu(0)]),
        exe(ks, del_q, ["login", tu(2), "extra"]),
        exe(ks, ins_q, ["signup", tu(7), i32b(5), coll([])]),
        exe(ks, sel_q, ["signup", tus(1)]),
        v19.execute_prepared_cql3_query(12345, ["signup"]),
        cql("SELECT kind, id FROM events"),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 schema admin
@sc("cql_admin", "cql3", "zn_cqladm")
def cql_admin():
    """Keyspace and table administration in CQL 3 as a deploy script ran it: the keyspace
    made (IF NOT EXISTS from 2.0, twice), durable writes turned off by ALTER KEYSPACE, tables
    made twice, an index made and made again, a table dropped (IF EXISTS from 2.0) and
    dropped again, the keyspace described through Thrift, and an ALTER KEYSPACE without
    its replication class."""
    ks = "zn_cqladm"
    ine = "IF NOT EXISTS " if VER >= (2, 0) else ""
    ie = "IF EXISTS " if VER >= (2, 0) else ""
    rep = "{'class': 'SimpleStrategy', 'replication_factor': 1}"
    steps = [
        cql("CREATE KEYSPACE %s%s WITH replication = %s" % (ine, ks, rep)),
        cql("CREATE KEYSPACE %s%s WITH replication = %s" % (ine, ks, rep)),
        cql("ALTER KEYSPACE %s WITH replication = %s AND durable_writes = false" % (ks, rep)),
        cql("USE %s" % ks),
        cql("CREATE TABLE %susers (id int PRIMARY KEY, name text, team text)" % ine),
        cql("CREATE TABLE %susers (id int PRIMARY KEY, name text, team text)" % ine),
        cql("CREATE TABLE teams (name text PRIMARY KEY, lead int) WITH comment = 'teams'"),
        cql("CREATE INDEX users_team ON users (team)"),
        cql("CREATE INDEX users_team ON users (team)"),
        cql("CREATE INDEX %susers_team ON users (team)" % ine) if VER >= (2, 0) else None,
        cql("INSERT INTO users (id, name, team) VALUES (1, 'ann', 'core')"),
        cql("SELECT name FROM users WHERE team = 'core'"),
        cql("DROP INDEX users_team"),
        cql("DROP TABLE %steams" % ie),
        cql("DROP TABLE %steams" % ie),
        v19.describe_keyspace(ks),
        cql("ALTER KEYSPACE %s WITH replication = {'replication_factor': 1}" % ks),
        cql("DROP KEYSPACE nosuch_ks"),
    ]
    return steps


# ---------------------------------------------------------------- Thrift schema admin
@sc("thrift_admin", "thrift", "zn_adm")
def thrift_admin():
    """An operator's column family administration over Thrift: a family made, its comment,
    gc_grace and a validated column added by system_update_column_family, an index added on
    that column, a comparator change refused, the keyspace's replication factor changed,
    schema versions read, the family dropped and then written to, a family added to a
    keyspace that does not exist, and a family name with a space."""
    ks = "zn_adm"
    steps = [v19.system_add_keyspace(kit.ksd(ks)), v19.set_keyspace(ks),
             v19.system_add_column_family(utf8_cf(ks, "tickets")),
             v19.system_update_column_family(utf8_cf(
                 ks, "tickets", comment="support tickets", gc_grace_seconds=3600,
                 column_metadata=[kit.coldef("prio", "Int32Type")])),
             v19.insert("t1", cparent("tickets"), column("prio", i32b(2), 10)),
             v19.system_update_column_family(utf8_cf(
                 ks, "tickets", comment="support tickets", gc_grace_seconds=3600,
                 column_metadata=[kit.coldef("prio", "Int32Type", True, "tickets_prio")])),
             v19.insert("t2", cparent("tickets"), column("prio", i32b(1), 10)),
             v19.get_indexed_slices(cparent("tickets"),
                                    index_clause([index_expr("prio", EQ, i32b(1))]), all_cols()),
             v19.system_update_column_family(utf8_cf(ks, "tickets", comparator_type="AsciiType")),
             v19.system_update_keyspace(kit.ksd(ks, rf=2)),
             v19.describe_schema_versions(),
             v19.describe_keyspace(ks),
             v19.system_drop_column_family("tickets"),
             v19.insert("t1", cparent("tickets"), column("prio", i32b(3), 11)),
             v19.system_add_column_family(utf8_cf("zn_nosuch", "tickets")),
             v19.system_add_column_family(utf8_cf(ks, "open tickets")),
             v19.system_drop_column_family("tickets")]
    return steps


# ---------------------------------------------------------------- Thrift mistakes
@sc("client_mistakes", "thrift", "zn_oops")
def client_mistakes():
    """A hand-rolled Thrift client's mistakes on an everyday family: a negative slice count,
    a mutation with both a column and a deletion, one with neither, a deletion of a named
    column in a batch without a timestamp, LOCAL_QUORUM and EACH_QUORUM on a SimpleStrategy
    keyspace, ALL on one node, a key range whose end sorts before its start, a key range
    with a negative count, and a multiget of no keys."""
    ks = "zn_oops"
    cf = utf8_cf(ks, "notes")
    n = cparent("notes")
    steps = new_ks(ks, [cf]) + [
        v19.batch_mutate({k: {"notes": [ins("body", "note " + k, 10)]} for k in ("a", "b", "c")}),
        v19.get_slice("a", n, all_cols(-1)),
        v19.batch_mutate({"a": {"notes": [mutation(cosc(column=column("x", "1", 11)),
                                                   deletion(11))]}}),
        v19.batch_mutate({"a": {"notes": [mutation()]}}),
        v19.batch_mutate({"a": {"notes": [mutation(deletion_=deletion(None,
                                                                      predicate=pred(
                                                                          names=["body"])))]}}),
        v19.get_slice("a", n, all_cols(), cl=LOCAL_QUORUM),
        v19.insert("a", n, column("x", "2", 12), cl=EACH_QUORUM),
        v19.get_slice("a", n, all_cols(), cl=EACH_QUORUM),
        v19.get_slice("a", n, all_cols(), cl=ALL),
        v19.get_range_slices(n, all_cols(), key_range(start_key="c", end_key="a")),
        v19.get_range_slices(n, all_cols(), key_range(start_key="", end_key="", count=-1)),
        v19.multiget_slice([], n, all_cols()),
        v19.get_slice("a", n, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- 2.0 IDL client
@sc("idl20_client", "thrift", "zn_idl20")
def idl20_client():
    """A client generated from 2.0's IDL talking to each release: a CfDef carrying 2.0's
    fields (default TTL, speculative retry, memtable flush period, index intervals), LOCAL_ONE
    writes and reads, a lock taken by cas() and taken again, a count at SERIAL, then the
    everyday calls any release answers."""
    ks = "zn_idl20"
    cf = kit.cfd_later(ks, "locks", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                       default_validation_class="UTF8Type", default_time_to_live=0,
                       speculative_retry="NONE", memtable_flush_period_in_ms=0,
                       index_interval=128)
    l_ = cparent("locks")
    steps = [kit.describe_version(), v19.system_add_keyspace(kit.ksd(ks)), v19.set_keyspace(ks),
             v19.system_add_column_family(cf),
             v19.insert("job-1", l_, column("owner", "w1", 10), cl=LOCAL_ONE),
             v19.get_slice("job-1", l_, all_cols(), cl=LOCAL_ONE),
             kit.cas("job-2", "locks", [], [column("owner", "w2", 10)]),
             kit.cas("job-2", "locks", [], [column("owner", "w3", 10)]),
             v19.get_count("job-2", l_, all_cols(), cl=SERIAL),
             v19.describe_keyspace(ks),
             v19.insert("job-3", l_, column("owner", "w1", 11)),
             v19.multiget_slice(["job-1", "job-3"], l_, all_cols())]
    return steps


# ---------------------------------------------------------------- reset tokens
@sc("reset_tokens", "cql3", "zn_reset")
def reset_tokens():
    """A password-reset token store in CQL 3: tokens written with a TTL and a timestamp,
    looked up, a token reused by an UPDATE with a lower timestamp (lost), a token spent by a
    DELETE, writetime() of the fields, the table's own default TTL (2.0 on), and a TTL given
    as a string and a timestamp given as a float."""
    ks = "zn_reset"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE resets (token text PRIMARY KEY, email text, issued timestamp)"
            + (" WITH default_time_to_live = 3600" if VER >= (2, 0) else "")),
        cql("INSERT INTO resets (token, email, issued) VALUES ('tk1', 'ann@x.org', "
            "'2013-11-20 10:00:00+0000') USING TTL 1800 AND TIMESTAMP 1385000000000000"),
        cql("INSERT INTO resets (token, email) VALUES ('tk2', 'bob@x.org') "
            "USING TIMESTAMP 1385000000000000"),
        cql("SELECT email, issued FROM resets WHERE token = 'tk1'"),
        cql("UPDATE resets USING TIMESTAMP 1384000000000000 SET email = 'eve@x.org' "
            "WHERE token = 'tk1'"),
        cql("SELECT email, writetime(email) FROM resets WHERE token = 'tk1'"),
        cql("DELETE FROM resets USING TIMESTAMP 1385000000000001 WHERE token = 'tk2'"),
        cql("SELECT * FROM resets WHERE token = 'tk2'"),
        cql("SELECT token, writetime(email), writetime(issued) FROM resets"),
        cql("INSERT INTO resets (token, email) VALUES ('tk3', 'c@x.org') USING TTL '60'"),
        cql("INSERT INTO resets (token, email) VALUES ('tk3', 'c@x.org') USING TIMESTAMP 1.5"),
        cql("UPDATE resets USING TTL 60 SET email = 'c@x.org' WHERE token IN ('tk4', 'tk5')"),
        cql("SELECT token, email FROM resets WHERE token IN ('tk1', 'tk4', 'tk5')"),
    ]
    return steps


# ---------------------------------------------------------------- Trident state
@sc("trident_state", "thrift", "zn_trident")
def trident_state():
    """Storm Trident's opaque transactional state on Hector: per-key rows of txid, curr and
    prev (a LongType txid and JSON values), a batch's keys read by multiget, the new
    values written in one batch_mutate at QUORUM, a replayed batch read again, a key read
    that was never written, and an empty key in the multiget."""
    ks = "zn_trident"
    meta = [kit.coldef("txid", "LongType")]
    cf = utf8_cf(ks, "word_counts", column_metadata=meta, default_validation_class="BytesType")
    w = cparent("word_counts")
    steps = kit.connect() + new_ks(ks, [cf])
    words = {"storm": 3, "trident": 1, "state": 2}
    steps += [
        v19.multiget_slice(list(words), w, pred(names=["txid", "curr", "prev"])),
        v19.batch_mutate({k: {"word_counts": [ins("txid", i64b(1), 10), ins("curr", str(n), 10),
                                              ins("prev", "null", 10)]}
                          for k, n in words.items()}, cl=QUORUM),
        v19.multiget_slice(["storm", "state", "cloud"], w, pred(names=["txid", "curr", "prev"]),
                           cl=QUORUM),
        v19.batch_mutate({"storm": {"word_counts": [ins("txid", i64b(2), 11), ins("curr", "5", 11),
                                                    ins("prev", "3", 11)]},
                          "cloud": {"word_counts": [ins("txid", i64b(2), 11), ins("curr", "1", 11),
                                                    ins("prev", "null", 11)]}}, cl=QUORUM),
        v19.multiget_slice(["storm", "cloud"], w, pred(names=["txid", "curr", "prev"]),
                           cl=QUORUM),
        v19.get("cloud", cpath("word_counts", col="curr")),
        v19.get("wind", cpath("word_counts", col="curr")),
        v19.get_range_slices(w, pred(names=["curr"]), everything()),
        v19.batch_mutate({"storm": {"word_counts": [ins("txid", "3", 12)]}}),
        v19.multiget_slice(["storm", ""], w, pred(names=["txid"])),
    ]
    return steps


# ---------------------------------------------------------------- daily rollups
@sc("daily_rollups", "cql3", "zn_roll")
def daily_rollups():
    """A daily rollup service in CQL 3: a table keyed by (metric, day) with hours clustering
    doubles, rows written by a batch, one day read, two days by IN on the last partition
    column, an hour range, the partitions listed by DISTINCT (2.0 on), a count, a rollup
    rewritten, and the refusals: a query by metric alone and an IN on the first partition
    column with a range on the second."""
    ks = "zn_roll"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE rollups (metric text, day int, hour int, avg double, max double, "
            "PRIMARY KEY ((metric, day), hour))"),
        cql("BEGIN BATCH " + " ".join(
            "INSERT INTO rollups (metric, day, hour, avg, max) VALUES ('cpu', %d, %d, %s, %s)"
            % (d, h, 0.5 + h / 10.0, 1.0 + h / 10.0) for d in (20131120, 20131121)
            for h in range(4)) + " APPLY BATCH"),
        cql("SELECT hour, avg, max FROM rollups WHERE metric = 'cpu' AND day = 20131120"),
        cql("SELECT day, hour, max FROM rollups WHERE metric = 'cpu' AND day IN "
            "(20131120, 20131121) AND hour = 2"),
        cql("SELECT hour, avg FROM rollups WHERE metric = 'cpu' AND day = 20131121 "
            "AND hour >= 1 AND hour < 3"),
        cql("SELECT DISTINCT metric, day FROM rollups") if VER >= (2, 0) else None,
        cql("SELECT COUNT(*) FROM rollups WHERE metric = 'cpu' AND day = 20131121"),
        cql("UPDATE rollups SET avg = 0.75, max = 2.5 WHERE metric = 'cpu' AND day = 20131120 "
            "AND hour = 0"),
        cql("SELECT * FROM rollups WHERE metric = 'cpu' AND day = 20131120 LIMIT 1"),
        cql("SELECT * FROM rollups WHERE metric = 'cpu'"),
        cql("SELECT * FROM rollups WHERE metric IN ('cpu', 'mem') AND day > 20131120"),
        cql("SELECT * FROM rollups WHERE metric = 'cpu' AND day = 20131122"),
    ]
    return steps
