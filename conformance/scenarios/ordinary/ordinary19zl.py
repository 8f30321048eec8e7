"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zl).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Apache Usergrid 1.0's queue manager on Hector (TimeUUIDType inbox rows under UUID keys,
    queue properties, counters, a version-4 UUID as a TimeUUID name)
  * a shopping cart in CQL 3 maps and sets (entries added, set by key, removed)
  * a chat app's time-bucketed messages (a (room, day) partition of timeuuid clustering
    kept newest first, pages by the last message seen)
  * a warehouse inventory of counters in a COMPACT STORAGE table, read through Thrift
  * a user directory on KEYS indexes (get_indexed_slices paged by start_key, an index
    added by system_update_column_family, the same rows read through CQL 3)
  * a metrics dashboard reading LongType wide rows newest first
  * a feature-flag store in CQL 3 (IF NOT EXISTS, conditional flips on 2.0, ALTER TABLE)
  * an email queue of TTL'd TimeUUID columns claimed by batch_mutate
  * Solandra-style term rows (postings of LongType document ids, token scans)
  * Netflix Priam's instance registry and its lock rows (TTL'd columns, LOCAL_QUORUM)
  * an operator's keyspace and column family administration over Thrift
  * a social app's follower rows (multigets, counts, get_range_slices paged by the last key)
  * a DAO of prepared CQL 3 statements bound with the everyday types
  * a table evolved by ALTER TABLE (ADD, type changes, DROP on 2.0, options)
  * TTLs and timestamps in CQL 3 writes (writetime(), older writes losing, the limits)
  * a first-week app's mistakes (types, keyspaces, levels, absent fields, unknown columns)
  * a client built against 2.1's IDL talking to each release
  * an IoT device-state store in a super column family
  * a blog in CQL 3 (clustering slices, ORDER BY, IN, an index on a tag, counts)
  * a URL shortener (IF NOT EXISTS on 2.0, click counters, logged batches)
Writes are deterministic: Thrift timestamps relative, CQL writes read back through Thrift or
writetime() carry USING TIMESTAMP, time-based UUIDs are fixed.
"""
import os
import sys
import uuid as _uuid

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause, index_expr)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cadd, exe, i32b, i64b, ks_cql, prep, sins)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ANY  # noqa: E402
from kit import LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN
EQ, GTE, GT, LTE, LT = D.EQ, D.GTE, D.GT, D.LTE, D.LT

sc = kit.registrar("zl_")


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


# ---------------------------------------------------------------- Usergrid queues
@sc("usergrid_queues", "thrift", "zl_ug")
def usergrid_queues():
    """Apache Usergrid 1.0's QueueManager on Hector: Queue_Inbox rows keyed by the queue's
    UUID holding TimeUUIDType message ids, Queue_Properties of a queue, message bodies in
    Messages_Properties, a counter family of queue sizes; a consumer reading from its last
    position, the newest message, a multiget over two queues; then a version-4 UUID as an
    inbox column name and a queue key of the wrong width for UUIDType."""
    ks = "zl_ug"
    q1 = _uuid.UUID("7a3c1e00-1dd2-11b2-8000-0800200c9a66").bytes
    q2 = _uuid.UUID("7a3c1e01-1dd2-11b2-8000-0800200c9a66").bytes
    cfs = [kit.cfd(ks, "Queue_Inbox", comparator_type="TimeUUIDType",
                   key_validation_class="UUIDType", default_validation_class="BytesType"),
           kit.cfd(ks, "Queue_Properties", comparator_type="UTF8Type",
                   key_validation_class="UUIDType", default_validation_class="BytesType"),
           kit.cfd(ks, "Message_Properties", comparator_type="UTF8Type",
                   key_validation_class="TimeUUIDType", default_validation_class="BytesType"),
           kit.cfd(ks, "Counters", comparator_type="UTF8Type", key_validation_class="UUIDType",
                   default_validation_class="CounterColumnType")]
    steps = kit.connect() + [v19.describe_keyspaces().mask("0")] + new_ks(ks, cfs)
    inbox = cparent("Queue_Inbox")
    steps += [
        v19.batch_mutate({q1: {"Queue_Properties": [ins("path", "/users/ann/inbox", 10),
                                                    ins("created", i64b(1380000000000), 10)]}}),
        v19.batch_mutate({tu(i): {"Message_Properties": [ins("body", "msg %d" % i, 10),
                                                         ins("category", "mail", 10)]}
                          for i in range(1, 5)}),
        v19.batch_mutate({q1: {"Queue_Inbox": [ins(tu(i), b"", 10) for i in range(1, 5)]},
                          q2: {"Queue_Inbox": [ins(tu(9), b"", 10)]}}),
        v19.batch_mutate({q1: {"Counters": [cadd("/users/ann/inbox", 4)]}}),
        v19.get_slice(q1, inbox, pred(start=tu(2), finish="", count=2)),
        v19.get_slice(q1, inbox, all_cols(1, True)),
        v19.multiget_slice([q1, q2], inbox, all_cols(10)),
        v19.multiget_slice([tu(1), tu(3)], cparent("Message_Properties"), pred(names=["body"])),
        v19.get_slice(q1, cparent("Counters"), all_cols()),
        v19.add(q1, cparent("Counters"), counter_column("/users/ann/inbox", -1)),
        v19.get(q1, cpath("Counters", col="/users/ann/inbox")),
        v19.remove(q1, cpath("Queue_Inbox", col=tu(1)), 11),
        v19.get_count(q1, inbox, all_cols(1000)),
        v19.insert(q1, inbox, column(_uuid.UUID("0b5e6f3a-2c1d-4e8f-9a7b-6c5d4e3f2a1b").bytes,
                                     b"", 12)),
        v19.insert(q1[:8], cparent("Queue_Properties"), column("path", "/x", 12)),
        v19.get_slice(q1, inbox, pred(start=b"\x01\x02", finish="")),
    ]
    return steps


# ---------------------------------------------------------------- shopping cart
@sc("cart_maps", "cql3", "zl_cart")
def cart_maps():
    """A shopping cart in CQL 3 collections: a map of sku to quantity, a set of coupon
    codes, entries added, one set by key, one removed by DELETE of the element, a coupon
    removed, the whole cart read, a quantity of the wrong type, a null map value, a
    coupon list given where a set is declared, and the cart emptied."""
    ks = "zl_cart"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE carts (user_id text PRIMARY KEY, items map<text, int>, "
            "coupons set<text>, updated timestamp)"),
        cql("UPDATE carts SET items = items + {'sku-1': 1, 'sku-2': 2}, "
            "updated = '2013-10-01 10:00:00+0000' WHERE user_id = 'ann'"),
        cql("UPDATE carts SET items['sku-1'] = 3 WHERE user_id = 'ann'"),
        cql("UPDATE carts SET coupons = coupons + {'FALL10', 'FREESHIP'} "
            "WHERE user_id = 'ann'"),
        cql("SELECT items, coupons, updated FROM carts WHERE user_id = 'ann'"),
        cql("DELETE items['sku-2'] FROM carts WHERE user_id = 'ann'"),
        cql("UPDATE carts SET coupons = coupons - {'FALL10'} WHERE user_id = 'ann'"),
        cql("SELECT * FROM carts WHERE user_id = 'ann'"),
        cql("UPDATE carts SET items['sku-3'] = 'two' WHERE user_id = 'ann'"),
        cql("UPDATE carts SET items = items + {'sku-4': null} WHERE user_id = 'ann'"),
        cql("UPDATE carts SET coupons = ['A', 'B'] WHERE user_id = 'ann'"),
        cql("UPDATE carts SET items = {} WHERE user_id = 'bob'"),
        cql("INSERT INTO carts (user_id, items) VALUES ('cyd', {'sku-9': 1})"),
        cql("SELECT user_id, items FROM carts"),
        cql("DELETE items FROM carts WHERE user_id = 'ann'"),
        cql("SELECT items, coupons FROM carts WHERE user_id = 'ann'"),
        cql("DELETE FROM carts WHERE user_id = 'cyd'"),
        cql("SELECT * FROM carts"),
    ]
    return steps


# ---------------------------------------------------------------- chat messages
@sc("chat_buckets", "cql3", "zl_chat")
def chat_buckets():
    """A chat app's messages bucketed by (room, day), timeuuid clustering newest first: the
    latest page, the next page from the last message seen (a literal and a bind), the
    oldest first by ORDER BY ASC, two days of a room by IN on the last partition column,
    dateOf() of the ids, a query by room alone (refused), and a message id that is not a
    time UUID."""
    ks = "zl_chat"
    page = "SELECT sent, author, body FROM messages WHERE room = ? AND day = ? AND sent < ? " \
           "LIMIT 2"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE messages (room text, day int, sent timeuuid, author text, body text, "
            "PRIMARY KEY ((room, day), sent)) WITH CLUSTERING ORDER BY (sent DESC)"),
    ]
    for i in range(1, 6):
        steps.append(cql("INSERT INTO messages (room, day, sent, author, body) VALUES "
                         "('lobby', 20131001, %s, 'u%d', 'hello %d')" % (tus(i), i % 2, i)))
    steps += [
        cql("INSERT INTO messages (room, day, sent, author, body) VALUES "
            "('lobby', 20131002, %s, 'u1', 'next day')" % tus(7)),
        cql("SELECT sent, author, body FROM messages WHERE room = 'lobby' AND day = 20131001 "
            "LIMIT 2"),
        cql("SELECT sent, body FROM messages WHERE room = 'lobby' AND day = 20131001 "
            "AND sent < %s LIMIT 2" % tus(4)),
        prep(page),
        exe(ks, page, ["lobby", i32b(20131001), tu(2)]),
        cql("SELECT body FROM messages WHERE room = 'lobby' AND day = 20131001 "
            "ORDER BY sent ASC LIMIT 3"),
        cql("SELECT day, body FROM messages WHERE room = 'lobby' AND day IN (20131001, 20131002)"
            " AND sent > %s" % tus(3)),
        cql("SELECT dateOf(sent), body FROM messages WHERE room = 'lobby' AND day = 20131002"),
        cql("SELECT * FROM messages WHERE room = 'lobby'"),
        cql("SELECT * FROM messages WHERE room = 'lobby' AND day = 20131001 ORDER BY author"),
        cql("INSERT INTO messages (room, day, sent, body) VALUES ('lobby', 20131001, "
            "0b5e6f3a-2c1d-4e8f-9a7b-6c5d4e3f2a1b, 'v4')"),
        cql("DELETE FROM messages WHERE room = 'lobby' AND day = 20131001 AND sent = %s"
            % tus(5)),
        cql("SELECT COUNT(*) FROM messages WHERE room = 'lobby' AND day = 20131001"),
    ]
    return steps


# ---------------------------------------------------------------- inventory counters
@sc("inventory", "mixed", "zl_inv")
def inventory():
    """A warehouse inventory: stock counters per (sku, warehouse) in a COMPACT STORAGE table
    made in CQL 3, received and shipped by UPDATE, read back in CQL 3 and by a Thrift
    reporting job (get_slice, multiget, get_count, add); the mistakes: an INSERT into the
    counter table, a counter set to a value, a TTL on a counter update, and a plain column
    inserted through Thrift."""
    ks = "zl_inv"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE stock (sku text, warehouse text, n counter, "
            "PRIMARY KEY (sku, warehouse)) WITH COMPACT STORAGE"),
        cql("UPDATE stock SET n = n + 40 WHERE sku = 'bolt' AND warehouse = 'east'"),
        cql("UPDATE stock SET n = n + 15 WHERE sku = 'bolt' AND warehouse = 'west'"),
        cql("UPDATE stock SET n = n - 5 WHERE sku = 'bolt' AND warehouse = 'east'"),
        cql("UPDATE stock SET n = n + 7 WHERE sku = 'nut' AND warehouse = 'east'"),
        cql("SELECT warehouse, n FROM stock WHERE sku = 'bolt'"),
        v19.get_slice("bolt", cparent("stock"), all_cols()),
        v19.multiget_slice(["bolt", "nut", "gear"], cparent("stock"), pred(names=["east"])),
        v19.get_count("bolt", cparent("stock"), all_cols()),
        v19.add("nut", cparent("stock"), counter_column("west", 3)),
        cql("SELECT * FROM stock WHERE sku IN ('bolt', 'nut')"),
        cql("INSERT INTO stock (sku, warehouse, n) VALUES ('gear', 'east', 1)"),
        cql("UPDATE stock SET n = 5 WHERE sku = 'gear' AND warehouse = 'east'"),
        cql("UPDATE stock USING TTL 60 SET n = n + 1 WHERE sku = 'gear' AND warehouse = 'east'"),
        v19.insert("gear", cparent("stock"), column("east", i64b(1), 10)),
        cql("DELETE FROM stock WHERE sku = 'nut'"),
        cql("SELECT * FROM stock"),
    ]
    return steps


# ---------------------------------------------------------------- user directory
@sc("user_directory", "mixed", "zl_dir")
def user_directory():
    """A user directory on KEYS indexes made through Thrift: users written by batch_mutate,
    looked up by state, by state and a birth year range, paged two at a time by the last
    key, an expression on an unindexed column only, an index added on `city` by
    system_update_column_family, the same lookups in CQL 3, and a value of the wrong type
    for the LongType column."""
    ks = "zl_dir"
    meta = [kit.coldef("email", "UTF8Type"), kit.coldef("state", "UTF8Type", True, "users_state"),
            kit.coldef("birth_year", "LongType"), kit.coldef("city", "UTF8Type")]
    cf = utf8_cf(ks, "users", column_metadata=meta)
    steps = new_ks(ks, [cf])
    people = [("ann", "CA", 1980, "LA"), ("bob", "CA", 1990, "SF"), ("cyd", "NY", 1985, "NYC"),
              ("dan", "CA", 1975, "SF"), ("eve", "TX", 1992, "Austin")]
    steps.append(v19.batch_mutate({u: {"users": [ins("email", u + "@example.com", 10),
                                                 ins("state", st, 10),
                                                 ins("birth_year", i64b(y), 10),
                                                 ins("city", c, 10)]}
                                   for u, st, y, c in people}))
    u = cparent("users")
    steps += [
        v19.get_indexed_slices(u, index_clause([index_expr("state", EQ, "CA")]), all_cols()),
        v19.get_indexed_slices(u, index_clause([index_expr("state", EQ, "CA"),
                                                index_expr("birth_year", GT, i64b(1979))]),
                               pred(names=["email", "birth_year"])),
        v19.get_indexed_slices(u, index_clause([index_expr("state", EQ, "CA")], count=2),
                               pred(names=["email"])),
        v19.get_indexed_slices(u, index_clause([index_expr("state", EQ, "CA")], start_key="bob",
                                               count=2), pred(names=["email"])),
        v19.get_indexed_slices(u, index_clause([index_expr("city", EQ, "SF")]), all_cols()),
        v19.system_update_column_family(utf8_cf(
            ks, "users", column_metadata=meta[:3] + [kit.coldef("city", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        cql("SELECT key, email FROM users WHERE state = 'NY'"),
        cql("SELECT key, birth_year FROM users WHERE state = 'CA' AND birth_year < 1985 "
            "ALLOW FILTERING"),
        v19.insert("fay", u, column("birth_year", "1990ish", 11)),
        v19.insert("fay", u, column("birth_year", i32b(1999), 11)),
        v19.get_indexed_slices(u, index_clause([index_expr("state", GT, "A")]), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- metrics dashboard
@sc("dashboard", "thrift", "zl_dash")
def dashboard():
    """A metrics dashboard over LongType wide rows (one row per metric and hour, epoch
    seconds naming DoubleType samples): the newest five samples, the newest before a time,
    a window between two times reversed, three hours by multiget reversed, counts over a
    window, the last sample of every row by a key range, and a reversed window given in
    forward order."""
    ks = "zl_dash"
    cf = kit.cfd(ks, "samples", comparator_type="LongType", key_validation_class="UTF8Type",
                 default_validation_class="DoubleType")
    steps = kit.connect() + new_ks(ks, [cf])
    rows = ["cpu.host1.2013100110", "cpu.host1.2013100111", "mem.host1.2013100110"]
    base = 1380621600
    import struct
    steps.append(v19.batch_mutate({r: {"samples": [ins(i64b(base + 60 * i),
                                                       struct.pack(">d", i * 1.5 + j), 10)
                                                   for i in range(12)]}
                                   for j, r in enumerate(rows)}))
    s = cparent("samples")
    steps += [
        v19.get_slice(rows[0], s, all_cols(5, True)),
        v19.get_slice(rows[0], s, pred(start=i64b(base + 300), finish="", reversed=True,
                                       count=3)),
        v19.get_slice(rows[0], s, pred(start=i64b(base + 600), finish=i64b(base + 240),
                                       reversed=True)),
        v19.multiget_slice(rows, s, all_cols(2, True)),
        v19.get_count(rows[0], s, pred(start=i64b(base + 120), finish=i64b(base + 480))),
        v19.multiget_count(rows + ["cpu.host2.2013100110"], s, all_cols(1000)),
        v19.get_range_slices(s, all_cols(1, True), everything()),
        v19.get_slice(rows[0], s, pred(start=i64b(base + 240), finish=i64b(base + 600),
                                       reversed=True)),
        v19.get_slice(rows[0], s, pred(start=i32b(base), finish="")),
    ]
    return steps


# ---------------------------------------------------------------- feature flags
@sc("feature_flags", "cql3", "zl_flags")
def feature_flags():
    """A feature-flag store in CQL 3: the table made at start (IF NOT EXISTS from 2.0), flags
    written with booleans, rollout percentages and group sets, read by a prepared SELECT,
    a flag flipped on the condition it was off (2.0 on), a column added by ALTER TABLE and
    read before it is set, an unknown column selected, and a boolean given as a string."""
    ks = "zl_flags"
    get_q = "SELECT enabled, rollout, groups FROM flags WHERE name = ?"
    create = "CREATE TABLE %sflags (name text PRIMARY KEY, enabled boolean, rollout int, " \
             "groups set<text>, description text)"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql(create % ("IF NOT EXISTS " if VER >= (2, 0) else "")),
        cql(create % ("IF NOT EXISTS " if VER >= (2, 0) else "")),
        cql("INSERT INTO flags (name, enabled, rollout, groups, description) VALUES "
            "('new_checkout', false, 10, {'beta', 'staff'}, 'One-page checkout')"),
        cql("INSERT INTO flags (name, enabled, rollout) VALUES ('dark_mode', true, 100)"),
        prep(get_q),
        exe(ks, get_q, ["new_checkout"]),
        exe(ks, get_q, ["missing"]),
        cql("UPDATE flags SET enabled = true WHERE name = 'new_checkout' IF enabled = false")
        if VER >= (2, 0) else cql("UPDATE flags SET enabled = true WHERE name = 'new_checkout'"),
        cql("UPDATE flags SET enabled = true WHERE name = 'new_checkout' IF enabled = false")
        if VER >= (2, 0) else None,
        cql("ALTER TABLE flags ADD owner text"),
        cql("SELECT name, enabled, owner FROM flags"),
        cql("SELECT name, percent FROM flags"),
        cql("UPDATE flags SET enabled = 'true' WHERE name = 'dark_mode'"),
        cql("UPDATE flags SET rollout = 50, groups = groups + {'ops'} "
            "WHERE name = 'dark_mode'"),
        exe(ks, get_q, ["dark_mode"]),
        cql("DELETE FROM flags WHERE name = 'dark_mode'"),
        cql("SELECT * FROM flags"),
    ]
    return steps


# ---------------------------------------------------------------- email queue
@sc("email_queue", "thrift", "zl_mail")
def email_queue():
    """An email queue on TimeUUIDType columns with TTLs: messages enqueued for a day, a
    worker taking the oldest five, claiming two by a batch that deletes them from
    `pending` and writes them to `inflight` with a short TTL, the sent ones removed, the
    pending count, and the mistakes: a TTL of zero, a negative TTL, and a deletion of a
    slice range in a batch."""
    ks = "zl_mail"
    cfs = [kit.cfd(ks, "queue", comparator_type="TimeUUIDType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")]
    steps = new_ks(ks, cfs)
    q = cparent("queue")
    steps += [
        v19.batch_mutate({"pending": {"queue": [
            ins(tu(i), '{"to":"u%d@example.com","tpl":"welcome"}' % i, 10, ttl=86400)
            for i in range(1, 8)]}}),
        v19.get_slice("pending", q, all_cols(5)),
        v19.batch_mutate({"pending": {"queue": [mutation(deletion_=deletion(
            11, predicate=pred(names=[tu(1), tu(2)])))]},
            "inflight": {"queue": [ins(tu(1), "w1", 11, ttl=300), ins(tu(2), "w1", 11, ttl=300)]}},
            cl=QUORUM),
        v19.get_slice("inflight", q, all_cols()),
        v19.remove("inflight", cpath("queue", col=tu(1)), 12),
        v19.get_count("pending", q, all_cols(1000)),
        v19.get_slice("pending", q, pred(start=tu(3), finish=tu(5))),
        v19.insert("pending", q, column(tu(9), "x", 12, ttl=0)),
        v19.insert("pending", q, column(tu(9), "x", 12, ttl=-1)),
        v19.batch_mutate({"pending": {"queue": [mutation(deletion_=deletion(
            13, predicate=pred(start=tu(3), finish=tu(4))))]}}),
        v19.get_slice("pending", q, all_cols(100)),
        v19.multiget_count(["pending", "inflight", "dead"], q, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- Solandra terms
@sc("term_rows", "thrift", "zl_terms")
def term_rows():
    """Solandra-style term rows: a row per index/field/term (parts joined by 0xff) holding
    LongType document ids with position lists as values, a document's fields in a second
    family, the postings of two terms by multiget, a document id range, the keys of the
    index scanned by token with no columns, and term counts."""
    ks = "zl_terms"
    cfs = [kit.cfd(ks, "TI", comparator_type="LongType", key_validation_class="BytesType",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "Docs", comparator_type="UTF8Type", key_validation_class="LongType",
                   default_validation_class="UTF8Type")]
    steps = new_ks(ks, cfs)

    def term(t):
        return b"wiki\xffbody\xff" + t.encode()
    postings = {"cassandra": [1, 2, 5], "thrift": [2, 3], "lucene": [1, 4, 5, 6]}
    steps.append(v19.batch_mutate({term(t): {"TI": [ins(i64b(d), bytes([0, d, 0, d + 3]), 10)
                                                    for d in docs]}
                                   for t, docs in postings.items()}))
    steps.append(v19.batch_mutate({i64b(d): {"Docs": [ins("title", "doc %d" % d, 10),
                                                      ins("body", "text of %d" % d, 10)]}
                                   for d in range(1, 7)}))
    ti = cparent("TI")
    steps += [
        v19.multiget_slice([term("cassandra"), term("thrift"), term("hbase")], ti,
                           all_cols(1000)),
        v19.get_slice(term("lucene"), ti, pred(start=i64b(2), finish=i64b(5))),
        v19.multiget_count([term(t) for t in postings], ti, all_cols(1000)),
        v19.get_range_slices(ti, pred(start="", finish="", count=0),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=100)),
        v19.get_range_slices(ti, pred(names=[]), everything(2)),
        v19.multiget_slice([i64b(2), i64b(5)], cparent("Docs"), pred(names=["title"])),
        v19.batch_mutate({term("thrift"): {"TI": [mutation(deletion_=deletion(
            11, predicate=pred(names=[i64b(2)])))]}}),
        v19.get_slice(term("thrift"), ti, all_cols()),
        v19.get_slice(i32b(2), cparent("Docs"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- Priam registry
@sc("priam_registry", "thrift", "zl_priam")
def priam_registry():
    """Netflix Priam's instance registry on Astyanax: at start the ring and token map, a
    lock column with a TTL written at LOCAL_QUORUM (refused or not on a SimpleStrategy
    keyspace) and at QUORUM, the lock row read to see one holder, the instance's row of
    identity columns, every instance of the app by a range scan, the lock released, and a
    row of a dead instance removed."""
    ks = "zl_priam"
    cfs = [utf8_cf(ks, "InstanceIdentity"), utf8_cf(ks, "Locks")]
    steps = new_ks(ks, cfs) + [
        v19.describe_ring(ks),
        v19.describe_token_map(),
        v19.insert("lock_cass_app_1", cparent("Locks"),
                   column("i-0a1b2c", "i-0a1b2c", 10, ttl=6), cl=LOCAL_QUORUM),
        v19.insert("lock_cass_app_1", cparent("Locks"),
                   column("i-0a1b2c", "i-0a1b2c", 10, ttl=6), cl=QUORUM),
        v19.get_slice("lock_cass_app_1", cparent("Locks"), all_cols(), cl=QUORUM),
        v19.batch_mutate({"cass_app_1": {"InstanceIdentity": [
            ins("appId", "cass_app", 11), ins("id", "1", 11), ins("instanceId", "i-0a1b2c", 11),
            ins("availabilityZone", "us-east-1a", 11), ins("token", "0", 11),
            ins("location", "us-east-1", 11), ins("updatetime", "1380000000000", 11)]},
            "cass_app_2": {"InstanceIdentity": [ins("appId", "cass_app", 11),
                                                ins("instanceId", "i-9f8e7d", 11),
                                                ins("token", "85070591730234615865843651857942052864",
                                                    11)]}},
            cl=LOCAL_QUORUM),
        v19.get_range_slices(cparent("InstanceIdentity"), all_cols(), everything(), cl=QUORUM),
        v19.remove("lock_cass_app_1", cpath("Locks"), 12, cl=QUORUM),
        v19.remove("cass_app_2", cpath("InstanceIdentity"), 12, cl=QUORUM),
        v19.get_range_slices(cparent("InstanceIdentity"), pred(names=["instanceId"]),
                             everything(), cl=QUORUM),
        v19.get_slice("lock_cass_app_1", cparent("Locks"), all_cols(), cl=EACH_QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- schema administration
@sc("schema_admin", "thrift", "zl_admin")
def schema_admin():
    """An operator's schema chores over Thrift: a keyspace with two families, its replication
    factor raised, a family's comment and gc_grace changed, a family added later, schema
    versions checked, and the mistakes: a family added twice, an update of a family that
    does not exist, a keyspace added twice, a drop of a missing family and keyspace."""
    ks = "zl_admin"
    cfs = [utf8_cf(ks, "accounts"), kit.cfd(ks, "events", comparator_type="LongType")]
    steps = [kit.describe_version(), v19.describe_keyspaces().mask("0")] + new_ks(ks, cfs) + [
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(kit.ksd(ks, [], rf=2)),
        v19.system_update_column_family(utf8_cf(ks, "accounts", comment="customer accounts",
                                                gc_grace_seconds=3600)),
        v19.system_add_column_family(utf8_cf(ks, "audit", comment="who did what")),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(utf8_cf(ks, "audit")),
        v19.system_update_column_family(utf8_cf(ks, "nosuch")),
        v19.system_add_keyspace(kit.ksd(ks)),
        v19.system_drop_column_family("nosuch"),
        v19.system_drop_column_family("events"),
        v19.system_drop_keyspace("zl_admin_missing"),
        v19.system_update_keyspace(kit.ksd(ks, [], rf=1)),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- followers
@sc("followers", "thrift", "zl_social")
def followers():
    """A social app's follower rows: who follows whom in a UTF8Type family, a timeline of
    several users by multiget (absent users included), follower counts by multiget_count,
    every user paged three rows at a time by the last key as pycassa's get_range buffered,
    an unfollow, a deleted account leaving a range ghost, and a page with a start key
    past every row."""
    ks = "zl_social"
    cf = utf8_cf(ks, "followers")
    steps = kit.connect() + new_ks(ks, [cf])
    graph = {"ann": ["bob", "cyd"], "bob": ["ann"], "cyd": ["ann", "bob", "dan"],
             "dan": ["eve"], "eve": ["ann", "dan"], "fay": ["ann"], "gus": ["cyd"]}
    steps.append(v19.batch_mutate({u: {"followers": [ins(f, "", 10) for f in fs]}
                                   for u, fs in graph.items()}))
    f = cparent("followers")
    steps += [
        v19.multiget_slice(["ann", "cyd", "zed"], f, all_cols()),
        v19.multiget_count(["ann", "bob", "cyd", "zed"], f, all_cols()),
        v19.get_range_slices(f, all_cols(), everything(3)),
        # pycassa's next buffer starts at the last key of the previous one
        v19.get_range_slices(f, all_cols(), key_range(start_key="cyd", end_key="", count=3)),
        v19.get_range_slices(f, all_cols(), key_range(start_key="ann", end_key="", count=3)),
        v19.remove("cyd", cpath("followers", col="dan"), 11),
        v19.remove("gus", cpath("followers"), 11),
        v19.get_range_slices(f, all_cols(), everything(10)),
        v19.get_range_slices(f, pred(names=["ann"]), everything(10)),
        v19.get_slice("cyd", f, pred(start="b", finish="c")),
        v19.get_range_slices(f, all_cols(), key_range(start_key="zzz", end_key="", count=3)),
    ]
    return steps


# ---------------------------------------------------------------- prepared DAO
@sc("prepared_dao", "cql3", "zl_dao")
def prepared_dao():
    """A DAO of prepared CQL 3 statements: an INSERT bound with uuid, text, int, bigint,
    boolean, double, timestamp and blob values, a SELECT by key, an UPDATE of two columns,
    a DELETE of a column, `USING TTL ?` (2.0 on), and the mistakes: one value too few, one
    too many, an int bound with 8 bytes, a uuid bound as text, and a statement naming an
    unknown column."""
    ks = "zl_dao"
    ins_q = "INSERT INTO accounts (id, name, age, balance, active, score, joined, avatar) " \
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    sel_q = "SELECT name, age, balance, active, score, joined, avatar FROM accounts WHERE id = ?"
    upd_q = "UPDATE accounts SET age = ?, active = ? WHERE id = ?"
    del_q = "DELETE avatar FROM accounts WHERE id = ?"
    ttl_q = "UPDATE accounts USING TTL ? SET name = ? WHERE id = ?"
    import struct
    uid = _uuid.UUID("3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8").bytes
    row = [uid, "ann", i32b(34), i64b(125000), b"\x01", struct.pack(">d", 4.5),
           i64b(1380000000000), b"\x89PNG"]
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE accounts (id uuid PRIMARY KEY, name text, age int, balance bigint, "
            "active boolean, score double, joined timestamp, avatar blob)"),
        prep(ins_q), exe(ks, ins_q, row),
        prep(sel_q), exe(ks, sel_q, [uid]),
        prep(upd_q), exe(ks, upd_q, [i32b(35), b"\x00", uid]),
        prep(del_q), exe(ks, del_q, [uid]),
        exe(ks, sel_q, [uid]),
        prep(ttl_q) if VER >= (2, 0) else None,
        exe(ks, ttl_q, [i32b(0), "ann", uid]) if VER >= (2, 0) else None,
        exe(ks, ins_q, row[:7]),
        exe(ks, sel_q, [uid, "x"]),
        exe(ks, upd_q, [i64b(35), b"\x00", uid]),
        exe(ks, sel_q, [str(_uuid.UUID(bytes=uid))]),
        prep("SELECT nickname FROM accounts WHERE id = ?"),
        prep("UPDATE accounts SET age = age + ? WHERE id = ?"),
        exe(ks, sel_q, [uid]),
    ]
    return steps


# ---------------------------------------------------------------- ALTER TABLE
@sc("alter_evolve", "cql3", "zl_alter")
def alter_evolve():
    """A table evolved across an app's releases: columns added, a column's type widened
    (int to varint) and a change refused (int to text), a column dropped (2.0 on; refused
    on 1.2), table options changed by ALTER TABLE WITH, the old rows read after each step,
    a column added twice, the primary key altered, and a write to the dropped column."""
    ks = "zl_alter"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, customer text, total int)"),
        cql("INSERT INTO orders (id, customer, total) VALUES (1, 'ann', 250)"),
        cql("ALTER TABLE orders ADD status text"),
        cql("ALTER TABLE orders ADD tags set<text>"),
        cql("UPDATE orders SET status = 'paid', tags = {'gift'} WHERE id = 1"),
        cql("SELECT * FROM orders"),
        cql("ALTER TABLE orders ALTER total TYPE varint"),
        cql("ALTER TABLE orders ALTER total TYPE text"),
        cql("SELECT id, total FROM orders"),
        cql("ALTER TABLE orders DROP status"),
        cql("SELECT * FROM orders"),
        cql("ALTER TABLE orders WITH comment = 'orders v3' AND gc_grace_seconds = 86400"),
        cql("ALTER TABLE orders WITH compaction = {'class': 'LeveledCompactionStrategy'}"),
        cql("ALTER TABLE orders ADD customer text"),
        cql("ALTER TABLE orders ALTER id TYPE bigint"),
        cql("ALTER TABLE orders DROP id"),
        cql("INSERT INTO orders (id, status) VALUES (2, 'new')"),
        cql("ALTER TABLE nosuch ADD x int"),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- TTL and timestamps
@sc("ttl_timestamps", "cql3", "zl_ttl")
def ttl_timestamps():
    """TTLs and timestamps in CQL 3 writes: an INSERT USING TTL AND TIMESTAMP, writetime()
    of the columns, an UPDATE with an older timestamp that loses, a DELETE at a timestamp
    below a later write, TIMESTAMP and TTL in the other order, ttl() of a column without
    one, and the limits: a negative TTL, a TTL past twenty years, a TTL on a primary key
    column's writetime(), and a timestamp given as text."""
    ks = "zl_ttl"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE tokens (id text PRIMARY KEY, owner text, scope text)"),
        cql("INSERT INTO tokens (id, owner, scope) VALUES ('t1', 'ann', 'read') "
            "USING TTL 86400 AND TIMESTAMP 1000"),
        cql("SELECT writetime(owner), writetime(scope) FROM tokens WHERE id = 't1'"),
        cql("UPDATE tokens USING TIMESTAMP 500 SET scope = 'write' WHERE id = 't1'"),
        cql("SELECT scope, writetime(scope) FROM tokens WHERE id = 't1'"),
        cql("INSERT INTO tokens (id, owner) VALUES ('t2', 'bob') USING TIMESTAMP 2000"),
        cql("DELETE FROM tokens USING TIMESTAMP 1500 WHERE id = 't2'"),
        cql("SELECT owner FROM tokens WHERE id = 't2'"),
        cql("UPDATE tokens USING TIMESTAMP 3000 AND TTL 3600 SET owner = 'cyd' WHERE id = 't3'"),
        cql("SELECT ttl(scope), writetime(owner) FROM tokens WHERE id = 't3'"),
        cql("INSERT INTO tokens (id, owner) VALUES ('t4', 'dan') USING TTL -5"),
        cql("INSERT INTO tokens (id, owner) VALUES ('t4', 'dan') USING TTL 700000000"),
        cql("SELECT writetime(id) FROM tokens WHERE id = 't1'"),
        cql("INSERT INTO tokens (id, owner) VALUES ('t4', 'dan') USING TIMESTAMP '2013-10-01'"),
        cql("INSERT INTO tokens (id, owner) VALUES ('t4', 'dan') USING TTL 0 AND TIMESTAMP 4000"),
        cql("SELECT id, owner, writetime(owner) FROM tokens WHERE id IN ('t1', 't2', 't4')"),
    ]
    return steps


# ---------------------------------------------------------------- first-week mistakes
@sc("first_week", "mixed", "zl_oops")
def first_week():
    """An application's first week: calls before set_keyspace (Thrift and CQL 3), a keyspace
    misspelt, a value of the wrong type for a validated column, an unknown consistency
    level and ANY for a read, a get_slice without its predicate, an insert without its
    column parent, unknown columns in CQL INSERT, SELECT and WHERE, a string literal in an
    int column, a prepared statement executed with too few values, and a table name
    misspelt."""
    ks = "zl_oops"
    cf = utf8_cf(ks, "profiles", column_metadata=[kit.coldef("age", "Int32Type")])
    sel_q = "SELECT name FROM notes WHERE id = ? AND n = ?"
    steps = [
        v19.insert("u1", cparent("profiles"), column("age", i32b(3), 10)),
        cql("SELECT * FROM notes"),
        v19.system_add_keyspace(kit.ksd(ks, [cf])),
        v19.set_keyspace("zl_Oops"),
        v19.set_keyspace(ks),
        v19.insert("u1", cparent("profiles"), column("age", "thirty", 10)),
        v19.insert("u1", cparent("profiles"), column("age", i32b(30), 10), cl=99),
        v19.get_slice("u1", cparent("profiles"), all_cols(), cl=ANY),
        D.raw("get_slice", {1: b("u1"), 2: cparent("profiles"), 4: W.i32(ONE)}),
        D.raw("insert", {1: b("u1"), 3: column("age", i32b(30), 10), 4: W.i32(ONE)}),
        cql("CREATE TABLE notes (id int, n int, name text, PRIMARY KEY (id, n))"),
        cql("INSERT INTO notes (id, n, title) VALUES (1, 1, 'x')"),
        cql("SELECT title FROM notes WHERE id = 1"),
        cql("SELECT * FROM notes WHERE title = 'x'"),
        cql("INSERT INTO notes (id, n, name) VALUES ('one', 1, 'x')"),
        prep(sel_q),
        exe(ks, sel_q, [i32b(1)]),
        cql("SELECT * FROM note WHERE id = 1"),
        cql("SELECT * FROM notes WHERE n = 1"),
        v19.get_slice("u1", cparent("profiles"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- a 2.1 IDL client
@sc("idl21_client", "thrift", "zl_idl21")
def idl21_client():
    """A client generated from 2.1's IDL talking to each release: a CfDef carrying 2.0's
    and 2.1's fields (default TTL, speculative retry, index intervals, cells per row to
    cache), LOCAL_ONE reads and writes, get_multi_slice, describe_local_ring, then the
    everyday calls that any release answers."""
    ks = "zl_idl21"
    cf = kit.cfd_later(ks, "items", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                       default_validation_class="UTF8Type", default_time_to_live=0,
                       speculative_retry="99.0PERCENTILE", caching="KEYS_ONLY")
    cf["f"].update({"44": b("ALL"), "45": W.i32(128), "46": W.i32(2048)})
    steps = [kit.describe_version(), v19.system_add_keyspace(kit.ksd(ks)),
             v19.set_keyspace(ks), v19.system_add_column_family(cf),
             v19.insert("k1", cparent("items"), column("a", "1", 10), cl=LOCAL_ONE),
             v19.insert("k1", cparent("items"), column("b", "2", 10)),
             v19.get_slice("k1", cparent("items"), all_cols(), cl=LOCAL_ONE),
             kit.multi_slice("k1", "items", [("a", "a"), ("b", "c")]),
             D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3",
                                                             "0/*/4", "0/*/5"),
             v19.describe_keyspace(ks),
             v19.get_slice("k1", cparent("items"), all_cols())]
    return steps


# ---------------------------------------------------------------- device state
@sc("device_state", "thrift", "zl_iot")
def device_state():
    """An IoT device-state store in a super column family: a row per device, a super column
    per sensor of UTF8Type readings, the latest state of one sensor, all sensors, the
    sensors of several devices by multiget, a sensor's reading removed and a sensor
    removed, counts of sensors and of a sensor's readings, and a reading written without
    its super column."""
    ks = "zl_iot"
    cf = kit.cfd(ks, "devices", column_type="Super", comparator_type="UTF8Type",
                 subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [cf])
    d = cparent("devices")
    steps += [
        v19.batch_mutate({"dev-1": {"devices": [sins("temp", [("value", "21.5"), ("unit", "C")],
                                                     10),
                                                sins("door", [("value", "closed")], 10)]},
                          "dev-2": {"devices": [sins("temp", [("value", "19.0"),
                                                              ("unit", "C")], 10)]}}),
        v19.get_slice("dev-1", cparent("devices", "temp"), all_cols()),
        v19.get_slice("dev-1", d, all_cols()),
        v19.multiget_slice(["dev-1", "dev-2", "dev-3"], d, pred(names=["temp"])),
        v19.get("dev-1", cpath("devices", "temp", "value")),
        v19.insert("dev-1", cparent("devices", "temp"), column("value", "22.0", 11)),
        v19.remove("dev-1", cpath("devices", "temp", "unit"), 11),
        v19.remove("dev-2", cpath("devices", "temp"), 11),
        v19.get_count("dev-1", d, all_cols()),
        v19.get_count("dev-1", cparent("devices", "temp"), all_cols()),
        v19.get_range_slices(d, all_cols(), everything()),
        v19.insert("dev-1", d, column("value", "x", 12)),
        v19.batch_mutate({"dev-3": {"devices": [ins("value", "x", 12)]}}),
        v19.get("dev-1", cpath("devices", "temp")),
    ]
    return steps


# ---------------------------------------------------------------- blog
@sc("blog", "cql3", "zl_blog")
def blog():
    """A blog in CQL 3: posts by author clustered by time, the newest posts of an author by
    ORDER BY DESC with LIMIT, posts after a time, two authors by IN, a secondary index on a
    post's tag, a count of an author's posts, a comment table keyed by post, a column and a
    row deleted, and a slice on a regular column (refused)."""
    ks = "zl_blog"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE posts (author text, posted timestamp, title text, body text, "
            "tag text, PRIMARY KEY (author, posted))"),
        cql("CREATE INDEX posts_tag ON posts (tag)"),
        cql("CREATE TABLE comments (post_title text, n int, who text, said text, "
            "PRIMARY KEY (post_title, n))"),
    ]
    for i, (a, t, tag) in enumerate([("ann", "Hello", "intro"), ("ann", "Thrift", "tech"),
                                     ("bob", "Cats", "life"), ("ann", "CQL", "tech"),
                                     ("bob", "Dogs", "life")]):
        steps.append(cql("INSERT INTO posts (author, posted, title, body, tag) VALUES "
                         "('%s', '2013-10-0%d 09:00:00+0000', '%s', 'body %d', '%s')"
                         % (a, i + 1, t, i, tag)))
    steps += [
        cql("SELECT posted, title FROM posts WHERE author = 'ann' ORDER BY posted DESC LIMIT 2"),
        cql("SELECT title FROM posts WHERE author = 'ann' AND posted > '2013-10-02 00:00:00+0000'"),
        cql("SELECT author, title FROM posts WHERE author IN ('ann', 'bob')"),
        cql("SELECT author, title FROM posts WHERE tag = 'tech'"),
        cql("SELECT COUNT(*) FROM posts WHERE author = 'ann'"),
        cql("INSERT INTO comments (post_title, n, who, said) VALUES ('CQL', 1, 'bob', 'nice')"),
        cql("INSERT INTO comments (post_title, n, who, said) VALUES ('CQL', 2, 'cyd', 'meh')"),
        cql("SELECT who, said FROM comments WHERE post_title = 'CQL' AND n >= 2"),
        cql("DELETE body FROM posts WHERE author = 'bob' AND posted = '2013-10-03 09:00:00+0000'"),
        cql("DELETE FROM comments WHERE post_title = 'CQL' AND n = 1"),
        cql("SELECT * FROM posts WHERE author = 'bob'"),
        cql("SELECT * FROM posts WHERE author = 'ann' AND title > 'B'"),
        cql("SELECT * FROM posts WHERE author = 'ann' ORDER BY title"),
        cql("SELECT * FROM comments"),
    ]
    return steps


# ---------------------------------------------------------------- URL shortener
@sc("shortener", "cql3", "zl_short")
def shortener():
    """A URL shortener in CQL 3: a code claimed by INSERT IF NOT EXISTS (2.0 on; a plain
    INSERT before), the same code claimed again, the code and its reverse mapping written
    in one logged batch, clicks counted in a counter table, the counts read, a click
    counter mixed into the logged batch (refused), and a code looked up that was never
    made."""
    ks = "zl_short"
    lwt = " IF NOT EXISTS" if VER >= (2, 0) else ""
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE urls (code text PRIMARY KEY, url text, owner text)"),
        cql("CREATE TABLE by_url (url text PRIMARY KEY, code text)"),
        cql("CREATE TABLE clicks (code text PRIMARY KEY, n counter)"),
        cql("INSERT INTO urls (code, url, owner) VALUES ('aZ3', 'http://example.com/a', 'ann')"
            + lwt),
        cql("INSERT INTO urls (code, url, owner) VALUES ('aZ3', 'http://example.com/b', 'bob')"
            + lwt),
        cql("BEGIN BATCH INSERT INTO urls (code, url, owner) VALUES ('bQ7', "
            "'http://example.com/c', 'cyd') INSERT INTO by_url (url, code) VALUES "
            "('http://example.com/c', 'bQ7') APPLY BATCH"),
        cql("UPDATE clicks SET n = n + 1 WHERE code = 'aZ3'"),
        cql("UPDATE clicks SET n = n + 1 WHERE code = 'aZ3'"),
        cql("UPDATE clicks SET n = n + 1 WHERE code = 'bQ7'"),
        cql("SELECT code, n FROM clicks WHERE code IN ('aZ3', 'bQ7', 'zz9')"),
        cql("BEGIN BATCH INSERT INTO by_url (url, code) VALUES ('http://example.com/a', 'aZ3') "
            "UPDATE clicks SET n = n + 1 WHERE code = 'aZ3' APPLY BATCH"),
        cql("SELECT url, owner FROM urls WHERE code = 'aZ3'"),
        cql("SELECT url FROM urls WHERE code = 'nope'"),
        cql("SELECT * FROM by_url"),
        cql("SELECT url FROM urls WHERE owner = 'ann'"),
    ]
    return steps
