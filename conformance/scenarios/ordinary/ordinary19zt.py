"""Ordinary Thrift traffic of applications on Cassandra 3.0.24 and 3.11.10 (author zt).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port (`start_rpc: true`, API 20.1.0), mistakes
included. Applications of the 3.x era speaking CQL 3 over Thrift, and Thrift applications
sharing a keyspace with CQL tables, none of them modelled by the earlier 3.x files:
  * an analytics team's user-defined functions and aggregates (refused by the stock yaml)
    and the built-in functions it fell back to
  * a billing service on 3.10's duration type (and the same schema sent to 3.0)
  * a wallet ledger on static columns with lightweight transactions on them
  * a calendar's multi-column clustering slices, IN on clustering with ORDER BY
  * a metrics store's range deletions (3.0+) seen from CQL and Thrift
  * an importer's INSERT JSON with DEFAULT UNSET / DEFAULT NULL (3.10+) and typed JSON
  * a shopping cart's collection operations (list indexes, map and set updates, deletes)
  * frozen collections and tuples as primary key parts, and the frozen misuse refused
  * a user-type registry evolving its types (ALTER TYPE ADD/RENAME, nested types)
  * a composite-partition-key table paged by token()
  * 3.10's GROUP BY in reports (and the same reports sent to 3.0)
  * a cleanup job's TRUNCATE, DROP ... IF EXISTS, CREATE INDEX IF NOT EXISTS
  * a COMPACT STORAGE dynamic table written by Thrift and read by CQL, and back
  * CQL batches mixing tables and Thrift batch_mutate over CQL tables
  * a DAO's prepared statements with named markers, bound LIMIT, TTL and TIMESTAMP
  * describe_keyspace and describe_splits of CQL tables of every shape
  * a query builder's invalid restrictions
  * literal and function mistakes (wrong types, unknown functions)
  * USING TTL / TIMESTAMP rules and writetime read back
  * a CQL counter table with clustering
Writes are deterministic: CQL writes read through Thrift or `writetime` carry USING
TIMESTAMP; no ttl() of a live TTL is read back; indexes are made before their rows.

    RELEASE=3.11.10 capture.py --api 19 --port P --framed --out DIR ordinary19zt.py
"""
import os
import struct as st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

from dsl import (v19, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "3.11.10")

import kit  # noqa: E402
from kit import (exe, i32b, i64b, ks_cql, prep, cfd, ksd, MIN_TOKEN)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import QUORUM  # noqa: E402

VER = kit.version()
V311 = VER >= (3, 11, 0)
BOTH = VER >= (3, 0, 0)

sc = kit.registrar("zt_")

M = "org.apache.cassandra.db.marshal."
UTF8, LONG, BYTES, INT32 = M + "UTF8Type", M + "LongType", M + "BytesType", M + "Int32Type"


def everything(count=100):
    return pred(start="", finish="", count=count)


def v3coll(items):
    """A collection bound over Thrift as 3.x reads it (native protocol v3: 4-byte counts
    and lengths)."""
    out = st.pack(">i", len(items))
    for it in items:
        for p in (it if isinstance(it, tuple) else (it,)):
            p = p.encode() if isinstance(p, str) else p
            out += st.pack(">i", len(p)) + p
    return out


# ---------------------------------------------------------------- UDFs refused
@sc("udf_refused", "cql3", "zt_udf", when=BOTH)
def udf_refused():
    """An analytics team's user-defined functions and aggregates on a stock 3.x node
    (enable_user_defined_functions: false): Java and JavaScript functions refused, an
    aggregate over a missing state function, drops of what was never made; then the
    built-in functions it used instead."""
    ks = "zt_udf"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE events (id int PRIMARY KEY, name text, amount bigint, raw blob)"),
        cql("INSERT INTO events (id, name, amount, raw) VALUES (1, 'a', 10, 0x6869) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO events (id, name, amount, raw) VALUES (2, 'b', 32, 0x) "
            "USING TIMESTAMP 200"),
        cql("CREATE FUNCTION double_it (x bigint) RETURNS NULL ON NULL INPUT RETURNS bigint "
            "LANGUAGE java AS 'return x * 2;'"),
        cql("CREATE OR REPLACE FUNCTION %s.js_len (s text) CALLED ON NULL INPUT RETURNS int "
            "LANGUAGE javascript AS 's == null ? 0 : s.length'" % ks),
        cql("CREATE FUNCTION IF NOT EXISTS state_add (st bigint, x bigint) "
            "CALLED ON NULL INPUT RETURNS bigint LANGUAGE java AS 'return st + x;'"),
        cql("CREATE AGGREGATE total (bigint) SFUNC state_add STYPE bigint INITCOND 0"),
        cql("SELECT double_it(amount) FROM events"),
        cql("SELECT total(amount) FROM events"),
        cql("DROP FUNCTION double_it"),
        cql("DROP FUNCTION IF EXISTS double_it"),
        cql("DROP AGGREGATE IF EXISTS total"),
        cql("SELECT function_name FROM system_schema.functions WHERE keyspace_name = '%s'" % ks),
        cql("SELECT aggregate_name FROM system_schema.aggregates WHERE keyspace_name = '%s'"
            % ks),
        cql("SELECT id, blobAsText(raw), bigintAsBlob(amount), writetime(name) FROM events "
            "WHERE id = 1"),
        cql("SELECT sum(amount), avg(amount), count(name), max(name) FROM events"),
        cql("SELECT textAsBlob(name), token(id) FROM events WHERE id IN (1, 2)"),
        cql("SELECT system.blobAsText(raw) FROM events WHERE id = 2"),
    ]


# ---------------------------------------------------------------- duration
@sc("billing_duration", "cql3", "zt_dur", when=BOTH)
def billing_duration():
    """A billing service written for 3.10's duration type: call lengths as duration
    literals (units, ISO 8601, negative), bound values, the restrictions duration refuses;
    sent to 3.0 as well, which did not know the type."""
    ks = "zt_dur"
    ins_q = "INSERT INTO calls (acct, at, len) VALUES (?, ?, ?)"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE calls (acct text, at int, len duration, PRIMARY KEY (acct, at))"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 1, 1h30m)"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 2, P1DT2H)"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 3, -2d10s)"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 4, 'P0001-02-03T04:05:06')"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 5, 3mo2w)"),
        cql("SELECT at, len FROM calls WHERE acct = 'a'"),
        cql("SELECT len FROM calls WHERE acct = 'a' AND len > 1h ALLOW FILTERING"),
        cql("SELECT len FROM calls WHERE acct = 'a' AND len = 1h30m ALLOW FILTERING"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 6, 90)"),
        cql("INSERT INTO calls (acct, at, len) VALUES ('a', 6, 1x)"),
        cql("CREATE TABLE by_len (len duration PRIMARY KEY, n int)"),
        cql("CREATE TABLE by_len2 (k int, len duration, PRIMARY KEY (k, len))"),
        cql("CREATE TABLE lens (k int PRIMARY KEY, s set<duration>, l list<duration>)"),
        prep(ins_q),
        exe(ks, ins_q, ["b", i32b(1), b"\x02\x04\x80\x80\x80\x80\x10"]),
        exe(ks, ins_q, ["b", i32b(2), b"\x02"]),
        cql("SELECT * FROM calls WHERE acct = 'b'"),
        cql("SELECT max(len) FROM calls"),
    ]


# ---------------------------------------------------------------- statics + LWT
@sc("wallet_statics", "cql3", "zt_wal", when=BOTH)
def wallet_statics():
    """A wallet ledger: the balance a static column of the account partition, entries its
    rows; the balance claimed with IF NOT EXISTS, moved with conditions on the static
    column, a batch of an entry and a conditional balance; statics read alone and DISTINCT;
    the static columns it declared wrongly."""
    ks = "zt_wal"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE ledger (acct text, seq int, amount int, balance int static, "
            "owner text static, PRIMARY KEY (acct, seq))"),
        cql("INSERT INTO ledger (acct, balance, owner) VALUES ('w1', 100, 'ann') "
            "IF NOT EXISTS"),
        cql("INSERT INTO ledger (acct, balance, owner) VALUES ('w1', 5, 'eve') IF NOT EXISTS"),
        cql("SELECT * FROM ledger WHERE acct = 'w1'"),
        cql("UPDATE ledger SET balance = 90 WHERE acct = 'w1' IF balance = 100"),
        cql("UPDATE ledger SET balance = 80 WHERE acct = 'w1' IF balance = 100"),
        cql("BEGIN BATCH INSERT INTO ledger (acct, seq, amount) VALUES ('w1', 1, -10) "
            "UPDATE ledger SET balance = 80 WHERE acct = 'w1' IF balance = 90 APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO ledger (acct, seq, amount) VALUES ('w1', 2, -50) "
            "UPDATE ledger SET balance = 30 WHERE acct = 'w1' IF balance = 90 APPLY BATCH"),
        cql("UPDATE ledger SET amount = 1 WHERE acct = 'w1' AND seq = 1 IF balance = 80"),
        cql("SELECT acct, seq, amount, balance FROM ledger WHERE acct = 'w1'"),
        cql("SELECT DISTINCT acct, balance, owner FROM ledger"),
        cql("INSERT INTO ledger (acct, seq, amount) VALUES ('w2', 1, 5)"),
        cql("SELECT acct, balance FROM ledger WHERE acct = 'w2'"),
        cql("UPDATE ledger SET balance = 1 WHERE acct = 'w2' AND seq = 1"),
        cql("DELETE balance FROM ledger WHERE acct = 'w1'"),
        cql("SELECT balance, owner FROM ledger WHERE acct = 'w1' LIMIT 1"),
        cql("DELETE FROM ledger WHERE acct = 'w1' AND seq = 1 IF owner = 'ann'"),
        cql("SELECT seq FROM ledger WHERE acct = 'w1'"),
        cql("CREATE TABLE bad1 (k int PRIMARY KEY, s int static)"),
        cql("CREATE TABLE bad2 (k int static, c int, PRIMARY KEY (k, c))"),
        cql("CREATE TABLE bad3 (k int, c int static, PRIMARY KEY (k, c))"),
    ]


# ---------------------------------------------------------------- multi-column slices
@sc("calendar_slices", "cql3", "zt_cal", when=BOTH)
def calendar_slices():
    """A calendar on three clustering columns (year, month, day): multi-column slices by
    tuple, single-column prefixes, IN on clustering columns with ORDER BY, a reversed
    table; the restrictions it got wrong."""
    ks = "zt_cal"
    rows = [(2016, m, d) for m in (1, 2, 3) for d in (1, 15)]
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE ev (cal text, y int, m int, d int, what text, "
            "PRIMARY KEY (cal, y, m, d))"),
    ]
    out += [cql("INSERT INTO ev (cal, y, m, d, what) VALUES ('c', %d, %d, %d, 'e%d%d')"
                % (y, m, d, m, d)) for y, m, d in rows]
    out += [
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (y, m) > (2016, 1)"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (y, m, d) >= (2016, 2, 15) "
            "AND (y, m, d) < (2016, 3, 15)"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (y, m) >= (2016, 2) AND (y) < (2017)"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND m IN (1, 3) "
            "ORDER BY y DESC"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND m IN (3, 1) AND d = 15"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (y, m, d) IN ((2016, 1, 1), "
            "(2016, 3, 15), (2015, 1, 1))"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND m = 2 AND d > 1 "
            "ORDER BY y DESC, m DESC, d DESC"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND m > 1 AND m <= 2"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND m = 2"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND m = 2 ALLOW FILTERING"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND d = 1"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (m, y) > (1, 2016)"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND (y, m) > (2016, 1) AND m < 3"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' ORDER BY m DESC"),
        cql("SELECT m, d FROM ev WHERE cal = 'c' AND y = 2016 AND m IN (1, 2) "
            "ORDER BY y DESC LIMIT 2"),
        cql("CREATE TABLE ev_desc (cal text, at int, what text, PRIMARY KEY (cal, at)) "
            "WITH CLUSTERING ORDER BY (at DESC)"),
        cql("INSERT INTO ev_desc (cal, at, what) VALUES ('c', 1, 'a')"),
        cql("INSERT INTO ev_desc (cal, at, what) VALUES ('c', 2, 'b')"),
        cql("SELECT at FROM ev_desc WHERE cal = 'c' AND at IN (1, 2) ORDER BY at ASC"),
        cql("SELECT at FROM ev_desc WHERE cal = 'c' AND at >= 1"),
    ]
    return out


# ---------------------------------------------------------------- range deletions
@sc("metrics_range_delete", "cql3", "zt_rdel", when=BOTH)
def metrics_range_delete():
    """A metrics store on 3.0's range deletions: samples deleted by a slice of the
    clustering, by a prefix, by a multi-column bound; a Thrift reader of the same table
    meeting the tombstones; the range deletes 3.0 refused."""
    ks = "zt_rdel"
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE samples (m text, hour int, sec int, v double, "
            "PRIMARY KEY (m, hour, sec))"),
    ]
    out += [cql("INSERT INTO samples (m, hour, sec, v) VALUES ('cpu', %d, %d, %d.5) "
                "USING TIMESTAMP 10" % (h, s, h * 10 + s)) for h in (1, 2, 3) for s in (0, 30)]
    out += [
        cql("DELETE FROM samples USING TIMESTAMP 20 WHERE m = 'cpu' AND hour = 1 AND sec > 10"),
        cql("SELECT hour, sec FROM samples WHERE m = 'cpu'"),
        cql("DELETE FROM samples USING TIMESTAMP 20 WHERE m = 'cpu' AND hour >= 3"),
        cql("SELECT hour, sec FROM samples WHERE m = 'cpu'"),
        cql("DELETE FROM samples USING TIMESTAMP 20 WHERE m = 'cpu' AND (hour, sec) < (2, 1)"),
        cql("SELECT hour, sec, v FROM samples WHERE m = 'cpu'"),
        v19.get_slice("cpu", cparent("samples"), everything()),
        cql("INSERT INTO samples (m, hour, sec, v) VALUES ('cpu', 1, 0, 1.0) "
            "USING TIMESTAMP 15"),
        cql("INSERT INTO samples (m, hour, sec, v) VALUES ('cpu', 1, 5, 1.0) "
            "USING TIMESTAMP 25"),
        cql("SELECT hour, sec FROM samples WHERE m = 'cpu'"),
        cql("DELETE v FROM samples WHERE m = 'cpu' AND hour = 2 AND sec > 1"),
        cql("DELETE FROM samples WHERE m = 'cpu' AND sec > 1"),
        cql("DELETE FROM samples WHERE m > 'a'"),
        cql("DELETE FROM samples WHERE m = 'cpu' AND hour IN (1, 2) AND sec < 1"),
        cql("DELETE FROM samples WHERE m = 'cpu' AND hour = 2 IF EXISTS"),
        cql("DELETE FROM samples USING TIMESTAMP 30 WHERE m = 'cpu' AND hour > 0 AND hour < 2"),
        cql("SELECT hour, sec FROM samples WHERE m = 'cpu'"),
        v19.get_count("cpu", cparent("samples"), everything()),
    ]
    return out


# ---------------------------------------------------------------- JSON importer
@sc("json_importer", "cql3", "zt_json", when=BOTH)
def json_importer():
    """An importer loading JSON documents: typed values (maps of int keys, sets, blobs,
    timestamps as strings and numbers, uuids), a partial document overwriting with nulls,
    3.10's DEFAULT UNSET and DEFAULT NULL; SELECT JSON with aliases and functions; the
    documents it sent wrong."""
    ks = "zt_json"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE docs (id int PRIMARY KEY, title text, hits map<int, text>, "
            "tags set<text>, data blob, at timestamp, ref uuid, score float)"),
        cql("INSERT INTO docs JSON '{\"id\": 1, \"title\": \"one\", \"hits\": {\"1\": \"a\", "
            "\"2\": \"b\"}, \"tags\": [\"x\", \"y\"], \"data\": \"0xcafe\", "
            "\"at\": \"2017-01-02 03:04:05+0000\", "
            "\"ref\": \"5f0c2b9e-3c1a-11e6-8000-000000000001\", \"score\": 1.5}'"),
        cql("INSERT INTO docs JSON '{\"id\": 2, \"title\": \"two\", \"at\": 1483326245000, "
            "\"score\": \"2.25\"}'"),
        cql("SELECT JSON * FROM docs WHERE id = 1"),
        cql("SELECT JSON id, title AS \"Title\", tags FROM docs WHERE id = 2"),
        cql("INSERT INTO docs JSON '{\"id\": 1, \"score\": 3.0}'"),
        cql("SELECT title, score FROM docs WHERE id = 1"),
        cql("INSERT INTO docs JSON '{\"id\": 2, \"score\": 4.0}' DEFAULT UNSET"),
        cql("INSERT INTO docs JSON '{\"id\": 2, \"title\": \"deux\"}' DEFAULT NULL"),
        cql("SELECT title, score, at FROM docs WHERE id = 2"),
        cql("SELECT toJson(hits), toJson(at), toJson(data) FROM docs WHERE id = 1"),
        cql("UPDATE docs SET tags = fromJson('[\"p\", \"q\"]') WHERE id = 2"),
        cql("SELECT tags FROM docs WHERE id = 2"),
        cql("INSERT INTO docs JSON '{\"id\": 3, \"hits\": {\"one\": \"a\"}}'"),
        cql("INSERT INTO docs JSON '{\"id\": 3, \"data\": \"cafe\"}'"),
        cql("INSERT INTO docs JSON '{\"id\": 3, \"title\": 5}'"),
        cql("INSERT INTO docs JSON '{\"title\": \"no id\"}'"),
        cql("INSERT INTO docs JSON '{\"id\": 3}' DEFAULT NOTHING"),
        cql("SELECT JSON count(*) FROM docs"),
    ] + ([
        # 3.0's parser named its reader by its identity hash: a message of its own each run
        cql("INSERT INTO docs JSON '{\"id\": 3, \"title\": \"x\"'"),
        cql("INSERT INTO docs JSON '[1, 2]'"),
    ] if V311 else [])


# ---------------------------------------------------------------- collections
@sc("cart_collections", "cql3", "zt_cart", when=BOTH)
def cart_collections():
    """A shopping cart on collections: list append and prepend, element set and delete by
    index, map entries put and removed, set adds and removes, whole-collection overwrite;
    the element operations 3.x refused (index out of range, element reads, counters)."""
    ks = "zt_cart"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE carts (id text PRIMARY KEY, items list<text>, qty map<text, int>, "
            "coupons set<text>)"),
        cql("INSERT INTO carts (id, items, qty, coupons) VALUES ('c1', ['apple'], "
            "{'apple': 1}, {})"),
        cql("UPDATE carts SET items = items + ['pear'], qty['pear'] = 2 WHERE id = 'c1'"),
        cql("UPDATE carts SET items = ['fig'] + items WHERE id = 'c1'"),
        cql("SELECT items, qty FROM carts WHERE id = 'c1'"),
        cql("UPDATE carts SET items[1] = 'kiwi' WHERE id = 'c1'"),
        cql("DELETE items[0] FROM carts WHERE id = 'c1'"),
        cql("UPDATE carts SET items[7] = 'plum' WHERE id = 'c1'"),
        cql("SELECT items FROM carts WHERE id = 'c1'"),
        cql("UPDATE carts SET qty = qty + {'fig': 3}, coupons = coupons + {'TEN', 'FREE'} "
            "WHERE id = 'c1'"),
        cql("UPDATE carts SET qty = qty - {'apple'}, coupons = coupons - {'TEN'} "
            "WHERE id = 'c1'"),
        cql("DELETE qty['pear'] FROM carts WHERE id = 'c1'"),
        cql("SELECT qty, coupons FROM carts WHERE id = 'c1'"),
        cql("UPDATE carts SET items = items - ['kiwi'] WHERE id = 'c1'"),
        cql("UPDATE carts SET items[0] = 'x' WHERE id = 'c2'"),
        cql("SELECT qty['fig'] FROM carts WHERE id = 'c1'"),
        cql("UPDATE carts SET coupons[0] = 'x' WHERE id = 'c1'"),
        cql("UPDATE carts SET qty = qty + 1 WHERE id = 'c1'"),
        cql("UPDATE carts SET items = items + 'x' WHERE id = 'c1'"),
        cql("UPDATE carts SET coupons = {} WHERE id = 'c1'"),
        cql("SELECT * FROM carts"),
        cql("CREATE TABLE bad (k int PRIMARY KEY, c list<counter>)"),
    ]


# ---------------------------------------------------------------- frozen keys
@sc("frozen_keys", "cql3", "zt_frz", when=BOTH)
def frozen_keys():
    """A tagging service keyed by frozen collections and tuples: a frozen set as the
    partition key, a frozen list and a tuple as clustering columns, slices and equality on
    them, nested frozen collections; the frozen misuse refused."""
    ks = "zt_frz"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE by_tags (tags frozen<set<text>> PRIMARY KEY, n int)"),
        cql("INSERT INTO by_tags (tags, n) VALUES ({'b', 'a'}, 1)"),
        cql("INSERT INTO by_tags (tags, n) VALUES ({'a', 'b'}, 2)"),
        cql("SELECT * FROM by_tags WHERE tags = {'a', 'b'}"),
        cql("CREATE TABLE paths (k int, path frozen<list<int>>, at tuple<int, text>, v text, "
            "PRIMARY KEY (k, path, at))"),
        cql("INSERT INTO paths (k, path, at, v) VALUES (1, [1, 2], (1, 'a'), 'x')"),
        cql("INSERT INTO paths (k, path, at, v) VALUES (1, [1], (2, 'b'), 'y')"),
        cql("INSERT INTO paths (k, path, at, v) VALUES (1, [2], (0, 'c'), 'z')"),
        cql("INSERT INTO paths (k, path, at, v) VALUES (1, [1, 2], (0, 'z'), 'w')"),
        cql("SELECT path, at, v FROM paths WHERE k = 1"),
        cql("SELECT v FROM paths WHERE k = 1 AND path > [1]"),
        cql("SELECT v FROM paths WHERE k = 1 AND path = [1, 2] AND at < (1, 'b')"),
        cql("CREATE TABLE nested (k int PRIMARY KEY, m map<text, frozen<list<int>>>, "
            "s set<frozen<map<int, text>>>)"),
        cql("INSERT INTO nested (k, m, s) VALUES (1, {'a': [1, 2]}, {{1: 'x'}, {0: 'y'}})"),
        cql("UPDATE nested SET m['b'] = [3] WHERE k = 1"),
        cql("SELECT m, s FROM nested WHERE k = 1"),
        cql("CREATE TABLE bad1 (k set<text> PRIMARY KEY, v int)"),
        cql("CREATE TABLE bad2 (k int, c list<int>, PRIMARY KEY (k, c))"),
        cql("CREATE TABLE bad3 (k int PRIMARY KEY, v list<set<int>>)"),
        cql("CREATE TABLE bad4 (k int PRIMARY KEY, v frozen<int>)"),
        cql("CREATE TABLE bad5 (k int PRIMARY KEY, v map<frozen<list<int>>, text>)"),
        cql("UPDATE paths SET v = 'q' WHERE k = 1 AND path = [1] AND at = (2, 'b', 3)"),
        cql("SELECT v FROM paths WHERE k = 1 AND path CONTAINS 1"),
    ]


# ---------------------------------------------------------------- user types evolving
@sc("udt_registry", "cql3", "zt_udtr", when=BOTH)
def udt_registry():
    """A device registry whose user types evolve: types made IF NOT EXISTS, a type nested
    in a type, a set of frozen types, fields added and renamed, values written before and
    read after; a type dropped while in use, a rename of a field that is not there."""
    ks = "zt_udtr"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TYPE IF NOT EXISTS version (major int, minor int)"),
        cql("CREATE TYPE IF NOT EXISTS version (major int)"),
        cql("CREATE TYPE firmware (name text, ver frozen<version>)"),
        cql("CREATE TABLE devices (id text PRIMARY KEY, fw frozen<firmware>, "
            "history set<frozen<version>>)"),
        cql("INSERT INTO devices (id, fw, history) VALUES ('d1', {name: 'boot', "
            "ver: {major: 1, minor: 2}}, {{major: 1, minor: 0}, {major: 0, minor: 9}})"),
        cql("SELECT fw.name, fw.ver, history FROM devices WHERE id = 'd1'"),
        cql("SELECT fw.ver.major FROM devices WHERE id = 'd1'"),
        cql("ALTER TYPE version ADD patch int"),
        cql("ALTER TYPE version RENAME minor TO min"),
        cql("ALTER TYPE version RENAME nope TO other"),
        cql("ALTER TYPE version ADD major text"),
        cql("SELECT fw, history FROM devices WHERE id = 'd1'"),
        cql("INSERT INTO devices (id, fw) VALUES ('d2', {name: 'x', ver: {major: 2, min: 1, "
            "patch: 7}})"),
        cql("SELECT fw FROM devices WHERE id = 'd2'"),
        cql("UPDATE devices SET history = history + {{major: 2}} WHERE id = 'd2'"),
        cql("SELECT history FROM devices WHERE id = 'd2'"),
        cql("DROP TYPE version"),
        cql("CREATE TYPE firmware (name text)"),
        cql("CREATE TABLE bad (id int PRIMARY KEY, v set<firmware>)"),
        cql("SELECT type_name, field_names, field_types FROM system_schema.types "
            "WHERE keyspace_name = '%s'" % ks),
    ]


# ---------------------------------------------------------------- token paging
@sc("token_paging", "range", "zt_tok", when=BOTH)
def token_paging():
    """An export job over a table with a composite partition key: token() of both key
    parts, pages by the last token, DISTINCT keys, the restrictions it needed both parts
    for; the same rows seen by get_range_slices."""
    ks = "zt_tok"
    keys = [("eu", i) for i in range(3)] + [("us", i) for i in range(3)]
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE visits (region text, shard int, at int, n int, "
            "PRIMARY KEY ((region, shard), at))"),
    ]
    out += [cql("INSERT INTO visits (region, shard, at, n) VALUES ('%s', %d, 1, %d) "
                "USING TIMESTAMP 10" % (r, s, s)) for r, s in keys]
    out += [
        cql("SELECT region, shard, token(region, shard) FROM visits LIMIT 3"),
        cql("SELECT region, shard FROM visits WHERE token(region, shard) > "
            "token('eu', 1) LIMIT 3"),
        cql("SELECT region, shard FROM visits WHERE token(region, shard) > %s "
            "AND token(region, shard) <= 0" % MIN_TOKEN),
        cql("SELECT DISTINCT region, shard FROM visits"),
        cql("SELECT DISTINCT region FROM visits"),
        cql("SELECT n FROM visits WHERE region = 'eu'"),
        cql("SELECT n FROM visits WHERE region = 'eu' ALLOW FILTERING"),
        cql("SELECT n FROM visits WHERE region = 'eu' AND shard IN (0, 2)"),
        cql("SELECT n FROM visits WHERE region IN ('eu', 'us') AND shard = 1"),
        cql("SELECT n FROM visits WHERE token(region) > 0"),
        cql("SELECT n FROM visits WHERE token(shard, region) > 0"),
        cql("SELECT n FROM visits WHERE region = 'eu' AND shard = 1 AND "
            "token(region, shard) > 0"),
        v19.get_range_slices(cparent("visits"), everything(), key_range(
            start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=3)),
        v19.get_slice(b"\x00\x02eu\x00\x00\x04\x00\x00\x00\x01\x00", cparent("visits"),
                      everything()),
    ]
    return out


# ---------------------------------------------------------------- GROUP BY
@sc("group_by_reports", "cql3", "zt_grp", when=BOTH)
def group_by_reports():
    """A report generator written for 3.10's GROUP BY: groups by the partition key, by a
    clustering prefix, within one partition, with LIMIT and PER PARTITION LIMIT, with
    DESC order, count(*) and aggregates of several types; the groupings refused; sent
    to 3.0 too."""
    ks = "zt_grp"
    rows = [("north", 2016, 1, 10), ("north", 2016, 2, 20), ("north", 2017, 1, 5),
            ("south", 2016, 1, 7), ("south", 2017, 3, 1), ("south", 2017, 4, 2)]
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE sales (region text, year int, month int, total int, note text, "
            "PRIMARY KEY (region, year, month))"),
    ]
    out += [cql("INSERT INTO sales (region, year, month, total, note) VALUES "
                "('%s', %d, %d, %d, 'n%d')" % (r, y, m, t, t)) for r, y, m, t in rows]
    out += [
        cql("SELECT region, count(*), sum(total) FROM sales GROUP BY region"),
        cql("SELECT region, year, sum(total), max(note) FROM sales GROUP BY region, year"),
        cql("SELECT year, avg(total) FROM sales WHERE region = 'north' GROUP BY year"),
        cql("SELECT year, min(total) FROM sales WHERE region = 'south' GROUP BY year "
            "ORDER BY year DESC"),
        cql("SELECT region, year FROM sales GROUP BY region, year LIMIT 3"),
        cql("SELECT region, year, count(*) FROM sales GROUP BY region, year "
            "PER PARTITION LIMIT 1"),
        cql("SELECT region, year, month, total FROM sales GROUP BY region, year, month"),
        cql("SELECT region, total FROM sales GROUP BY region"),
        cql("SELECT region FROM sales GROUP BY year"),
        cql("SELECT region FROM sales GROUP BY region, month"),
        cql("SELECT region FROM sales GROUP BY total"),
        cql("SELECT DISTINCT region FROM sales GROUP BY region"),
        cql("SELECT count(*) FROM sales WHERE region = 'north' AND year = 2016 "
            "GROUP BY region, year, month"),
        cql("SELECT region, count(*) FROM sales WHERE total > 5 GROUP BY region "
            "ALLOW FILTERING"),
    ]
    return out


# ---------------------------------------------------------------- cleanup job
@sc("cleanup_ifexists", "schema", "zt_clean", when=BOTH)
def cleanup_ifexists():
    """A nightly cleanup job: TRUNCATE of CQL tables (both spellings) and of a Thrift
    family, DROP ... IF EXISTS of tables, indexes, types and keyspaces that may be gone,
    CREATE INDEX IF NOT EXISTS run twice, and the same statements without IF EXISTS."""
    ks = "zt_clean"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE tmp (k int PRIMARY KEY, v text)"),
        cql("CREATE INDEX IF NOT EXISTS tmp_v ON tmp (v)"),
        cql("CREATE INDEX IF NOT EXISTS tmp_v ON tmp (v)"),
        cql("CREATE INDEX IF NOT EXISTS tmp_v2 ON tmp (v)"),
        cql("CREATE INDEX tmp_v ON tmp (v)"),
        cql("INSERT INTO tmp (k, v) VALUES (1, 'a')"),
        cql("INSERT INTO tmp (k, v) VALUES (2, 'b')"),
        cql("SELECT k FROM tmp WHERE v = 'a'"),
        cql("TRUNCATE tmp"),
        cql("SELECT * FROM tmp"),
        cql("INSERT INTO tmp (k, v) VALUES (3, 'c')"),
        cql("TRUNCATE TABLE %s.tmp" % ks),
        cql("SELECT count(*) FROM tmp"),
        cql("TRUNCATE gone"),
        v19.system_add_column_family(cfd(ks, "legacy", comparator_type=UTF8,
                                         default_validation_class=UTF8)),
        v19.insert("r", cparent("legacy"), column("c", "v", 1)),
        cql("TRUNCATE legacy"),
        v19.get_slice("r", cparent("legacy"), everything()),
        v19.truncate("tmp"),
        cql("DROP INDEX IF EXISTS tmp_v"),
        cql("DROP INDEX IF EXISTS tmp_v"),
        cql("DROP INDEX tmp_v"),
        cql("DROP INDEX IF EXISTS %s.nope" % ks),
        cql("DROP TABLE IF EXISTS gone"),
        cql("DROP TABLE gone"),
        cql("DROP TYPE IF EXISTS gone"),
        cql("DROP KEYSPACE IF EXISTS zt_gone"),
        cql("DROP KEYSPACE zt_gone"),
        cql("DROP TABLE IF EXISTS tmp"),
        cql("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '%s'" % ks),
    ]


# ---------------------------------------------------------------- compact dynamic tables
@sc("compact_both_sides", "cql3", "zt_cmp", when=BOTH)
def compact_both_sides():
    """A time-line service's COMPACT STORAGE tables kept from 2.x, shared by a Thrift writer
    and a CQL reader: a dynamic table (one clustering column) and a composite one (two),
    Thrift inserts read by CQL slices, CQL inserts read by Thrift slices, a static compact
    table whose Thrift-only columns CQL cannot see."""
    ks = "zt_cmp"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE timeline (uid text, tid bigint, body text, PRIMARY KEY (uid, tid)) "
            "WITH COMPACT STORAGE AND CLUSTERING ORDER BY (tid DESC)"),
        v19.batch_mutate({"ann": {"timeline": [ins(i64b(t), "t%d" % t, 5) for t in (1, 2, 3)]}}),
        cql("SELECT tid, body FROM timeline WHERE uid = 'ann'"),
        cql("SELECT tid FROM timeline WHERE uid = 'ann' AND tid < 3 LIMIT 1"),
        cql("INSERT INTO timeline (uid, tid, body) VALUES ('ann', 4, 't4') USING TIMESTAMP 6"),
        v19.get_slice("ann", cparent("timeline"), pred(start="", finish="", count=2)),
        v19.get_slice("ann", cparent("timeline"), pred(start=i64b(2), finish="", count=5)),
        cql("CREATE TABLE edges (src text, kind text, dst int, w int, "
            "PRIMARY KEY (src, kind, dst)) WITH COMPACT STORAGE"),
        cql("INSERT INTO edges (src, kind, dst, w) VALUES ('a', 'likes', 2, 9) "
            "USING TIMESTAMP 7"),
        cql("INSERT INTO edges (src, kind, dst, w) VALUES ('a', 'follows', 3, 1) "
            "USING TIMESTAMP 7"),
        v19.get_slice("a", cparent("edges"), everything()),
        v19.insert("a", cparent("edges"), column(kit.comp("likes", b"\x00\x00\x00\x05"),
                                                 i32b(4), 8)),
        cql("SELECT kind, dst, w FROM edges WHERE src = 'a' AND kind = 'likes'"),
        cql("SELECT dst FROM edges WHERE src = 'a' AND kind = 'likes' AND dst > 2"),
        cql("CREATE TABLE props (k text PRIMARY KEY, color text, size int) "
            "WITH COMPACT STORAGE"),
        v19.batch_mutate({"p1": {"props": [ins("color", "red", 9), ins("extra", "hidden", 9)]}}),
        cql("SELECT * FROM props"),
        v19.get_slice("p1", cparent("props"), everything()),
        cql("INSERT INTO props (k, size) VALUES ('p1', 3) USING TIMESTAMP 10"),
        v19.get("p1", cpath("props", col="size")),
        cql("ALTER TABLE timeline ADD extra text"),
        cql("UPDATE timeline SET body = 'x' WHERE uid = 'ann'"),
        cql("INSERT INTO edges (src, kind, w) VALUES ('a', 'likes', 1)"),
    ]


# ---------------------------------------------------------------- mixed batches
@sc("mixed_batches", "batch", "zt_mix", when=BOTH)
def mixed_batches():
    """An order service's batches across tables: a logged CQL batch of an order, its lines
    and an index table with per-statement timestamps, an unlogged batch across
    partitions, counters mixed in, a conditional batch over two tables; batch_mutate from
    the Thrift side into a CQL table and a Thrift family in one call."""
    ks = "zt_mix"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, customer text, total int)"),
        cql("CREATE TABLE lines (oid int, n int, sku text, PRIMARY KEY (oid, n))"),
        cql("CREATE TABLE by_customer (customer text, oid int, PRIMARY KEY (customer, oid))"),
        cql("CREATE TABLE hits (sku text PRIMARY KEY, n counter)"),
        cql("BEGIN BATCH "
            "INSERT INTO orders (id, customer, total) VALUES (1, 'ann', 30) "
            "INSERT INTO lines (oid, n, sku) VALUES (1, 1, 'a') "
            "INSERT INTO lines (oid, n, sku) VALUES (1, 2, 'b') "
            "INSERT INTO by_customer (customer, oid) VALUES ('ann', 1) APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 50 "
            "INSERT INTO orders (id, customer, total) VALUES (2, 'bob', 5) "
            "INSERT INTO by_customer (customer, oid) VALUES ('bob', 2) APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 50 "
            "INSERT INTO orders (id, total) VALUES (3, 1) USING TIMESTAMP 60 APPLY BATCH"),
        cql("BEGIN BATCH "
            "INSERT INTO orders (id, total) VALUES (3, 1) USING TIMESTAMP 60 "
            "UPDATE orders USING TIMESTAMP 40 SET total = 2 WHERE id = 3 APPLY BATCH"),
        cql("SELECT id, total, writetime(total) FROM orders WHERE id IN (2, 3)"),
        cql("BEGIN BATCH INSERT INTO orders (id, total) VALUES (4, 1) "
            "UPDATE hits SET n = n + 1 WHERE sku = 'a' APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH UPDATE hits SET n = n + 1 WHERE sku = 'a' APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE hits SET n = n + 2 WHERE sku = 'a' "
            "UPDATE hits SET n = n + 1 WHERE sku = 'b' APPLY BATCH"),
        cql("SELECT * FROM hits"),
        cql("BEGIN BATCH INSERT INTO orders (id, total) VALUES (5, 1) IF NOT EXISTS "
            "INSERT INTO lines (oid, n, sku) VALUES (5, 1, 'x') APPLY BATCH"),
        cql("BEGIN BATCH SELECT * FROM orders APPLY BATCH"),
        cql("BEGIN BATCH TRUNCATE orders APPLY BATCH"),
        cql("BEGIN BATCH APPLY BATCH"),
        v19.system_add_column_family(cfd(ks, "audit", comparator_type=UTF8,
                                         default_validation_class=UTF8)),
        v19.batch_mutate({i32b(6): {"orders": [ins("customer", "cid", 70)]},
                          "o6": {"audit": [ins("made", "yes", 70)]}}),
        cql("SELECT id, customer FROM orders WHERE id = 6"),
        v19.batch_mutate({i32b(7): {"orders": [ins("nope", "x", 70)]}}),
        v19.atomic_batch_mutate({i32b(8): {"lines": [ins("sku", "x", 70)]}}),
    ]


# ---------------------------------------------------------------- prepared, named markers
@sc("dao_named_markers", "cql3", "zt_dao", when=BOTH)
def dao_named_markers():
    """A DAO preparing over Thrift with named bind markers, a bound LIMIT, bound TTL and
    TIMESTAMP, IN bound as one list, a bound token(); values bound wrong: too few, too
    many, a null key, a negative LIMIT."""
    ks = "zt_dao"
    ins_q = ("INSERT INTO items (cat, id, name) VALUES (:cat, :id, :name) "
             "USING TTL :ttl AND TIMESTAMP :ts")
    sel_q = "SELECT id, name, writetime(name) FROM items WHERE cat = :cat LIMIT :lim"
    in_q = "SELECT id FROM items WHERE cat = ? AND id IN ?"
    tok_q = "SELECT cat FROM items WHERE token(cat) > token(?)"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE items (cat text, id int, name text, PRIMARY KEY (cat, id))"),
        prep(ins_q),
        exe(ks, ins_q, ["tools", i32b(1), "hammer", i32b(0), i64b(100)]),
        exe(ks, ins_q, ["tools", i32b(2), "saw", i32b(0), i64b(100)]),
        exe(ks, ins_q, ["tools", i32b(3), "drill", i32b(0), i64b(100)]),
        prep(sel_q),
        exe(ks, sel_q, ["tools", i32b(2)]),
        exe(ks, sel_q, ["tools", i32b(0)]),
        exe(ks, sel_q, ["tools", i32b(-1)]),
        prep(in_q),
        exe(ks, in_q, ["tools", v3coll([i32b(1), i32b(3)])]),
        exe(ks, in_q, ["tools", v3coll([])]),
        prep(tok_q),
        exe(ks, tok_q, ["a"]),
        exe(ks, ins_q, ["tools", i32b(4), "x", i32b(-5), i64b(100)]),
        exe(ks, ins_q, ["tools", i32b(4), "x", i32b(0)]),
        exe(ks, ins_q, ["tools", i32b(4), "x", i32b(0), i64b(100), "extra"]),
        exe(ks, ins_q, ["", i32b(4), "x", i32b(0), i64b(100)]),
        exe(ks, sel_q, ["tools", i64b(2)]),
        prep("SELECT * FROM items WHERE cat = :cat AND id = ?"),
        prep("SELECT * FROM items WHERE cat = ? LIMIT 'x'"),
        prep("INSERT INTO items (cat, id, name) VALUES (?, ?, ?) USING TTL ?"),
    ]


# ---------------------------------------------------------------- describe CQL tables
@sc("describe_cql_shapes", "describe", "zt_desc", when=BOTH)
def describe_cql_shapes():
    """A Thrift admin tool listing a keyspace of CQL tables of every shape (composite
    partition key, statics, collections, a user type, a compact dynamic table, a counter
    table, a dropped column): describe_keyspace, describe_splits of a table, and Thrift
    reads of the shapes it could not show."""
    ks = "zt_desc"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TYPE pt (x int, y int)"),
        cql("CREATE TABLE a_comp (a text, b int, c int, s text static, v text, "
            "PRIMARY KEY ((a, b), c))"),
        cql("CREATE TABLE b_coll (k int PRIMARY KEY, l set<text>, m map<int, text>, "
            "p frozen<pt>)"),
        cql("CREATE TABLE c_dyn (k text, c int, v blob, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE d_ctr (k text PRIMARY KEY, n counter)"),
        cql("CREATE TABLE e_drop (k int PRIMARY KEY, gone text, kept text)"),
        cql("ALTER TABLE e_drop DROP gone"),
        v19.describe_keyspace(ks),
        v19.describe_splits("a_comp", "0", "100", 128),
        cql("INSERT INTO a_comp (a, b, c, s, v) VALUES ('x', 1, 2, 'st', 'vv') "
            "USING TIMESTAMP 5"),
        cql("INSERT INTO b_coll (k, l, m, p) VALUES (1, {'q'}, {1: 'one'}, {x: 1, y: 2}) "
            "USING TIMESTAMP 5"),
        v19.get_range_slices(cparent("a_comp"), everything(), key_range(
            start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.get_slice(i32b(1), cparent("b_coll"), everything()),
        cql("UPDATE d_ctr SET n = n + 3 WHERE k = 'x'"),
        v19.get_slice("x", cparent("d_ctr"), everything()),
        v19.system_drop_column_family("e_drop"),
        cql("SELECT * FROM e_drop"),
    ]


# ---------------------------------------------------------------- invalid restrictions
@sc("query_builder_mistakes", "cql3", "zt_qb", when=BOTH)
def query_builder_mistakes():
    """A generic query builder's SELECTs against one clustered table: the restrictions it
    produced that 3.x refused (ranges on the key, ORDER BY without a key, on a regular
    column, != and IS NOT NULL, duplicate and contradictory restrictions, CONTAINS on a
    scalar, LIKE without an index) and the ones it accepted with ALLOW FILTERING."""
    ks = "zt_qb"
    out = [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE posts (blog text, at int, title text, likes int, "
            "PRIMARY KEY (blog, at))"),
    ]
    out += [cql("INSERT INTO posts (blog, at, title, likes) VALUES ('b%d', %d, 't%d', %d)"
                % (i % 2, i, i, i * 3)) for i in range(4)]
    out += [
        cql("SELECT title FROM posts WHERE blog > 'b0'"),
        cql("SELECT title FROM posts ORDER BY at DESC"),
        cql("SELECT title FROM posts WHERE blog = 'b0' ORDER BY likes"),
        cql("SELECT title FROM posts WHERE blog IN ('b0', 'b1') ORDER BY at DESC"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND at != 0"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND title IS NOT NULL"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND at = 0 AND at = 2"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND at > 0 AND at > 1"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND at = 0 AND at > 1"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND title CONTAINS 't'"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND title LIKE 't%'"),
        cql("SELECT title FROM posts WHERE likes > 3"),
        cql("SELECT title FROM posts WHERE likes > 3 ALLOW FILTERING"),
        cql("SELECT title FROM posts WHERE blog = 'b1' AND likes = 3 ALLOW FILTERING"),
        cql("SELECT title FROM posts WHERE at > 1 ALLOW FILTERING"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND at > 3 AND at < 1"),
        cql("SELECT title FROM posts WHERE blog = 'b0' AND nope = 1"),
        cql("SELECT title FROM posts WHERE blog = 'b0' LIMIT 0"),
        cql("SELECT title, title FROM posts WHERE blog = 'b0'"),
        cql("SELECT * FROM posts WHERE blog = 'b0' AND at IN ()"),
        cql("SELECT blog, at FROM posts WHERE blog = 'b1' AND at IN (3, 1) ORDER BY at DESC"),
    ]
    return out


# ---------------------------------------------------------------- literal mistakes
@sc("literal_mistakes", "cql3", "zt_lit", when=BOTH)
def literal_mistakes():
    """The literals an application's hand-built statements got wrong on 3.x: strings for
    numbers and numbers for strings, a float for an int, a string for a blob, malformed
    uuids and timestamps, booleans quoted, an inet and a bigint out of range; unknown
    functions and built-ins given the wrong types."""
    ks = "zt_lit"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE t (k int PRIMARY KEY, s text, b blob, u uuid, at timestamp, "
            "ok boolean, ip inet, big bigint, f float)"),
        cql("INSERT INTO t (k, s) VALUES (1, 'fine')"),
        cql("INSERT INTO t (k, s) VALUES ('1', 'x')"),
        cql("INSERT INTO t (k, s) VALUES (1, 2)"),
        cql("INSERT INTO t (k, s) VALUES (1.5, 'x')"),
        cql("INSERT INTO t (k, b) VALUES (1, 'cafe')"),
        cql("INSERT INTO t (k, b) VALUES (1, 0xcaf)"),
        cql("INSERT INTO t (k, u) VALUES (1, 5f0c2b9e-3c1a-11e6-8000)"),
        cql("INSERT INTO t (k, u) VALUES (1, '5f0c2b9e-3c1a-11e6-8000-000000000001')"),
        cql("INSERT INTO t (k, at) VALUES (1, '2017-02-30 10:00')"),
        cql("INSERT INTO t (k, at) VALUES (1, '2017-02-03T10:00:00.123+0100')"),
        cql("INSERT INTO t (k, at) VALUES (1, 'yesterday')"),
        cql("INSERT INTO t (k, ok) VALUES (1, 'true')"),
        cql("INSERT INTO t (k, ok) VALUES (1, TRUE)"),
        cql("INSERT INTO t (k, ip) VALUES (1, '300.1.1.1')"),
        cql("INSERT INTO t (k, ip) VALUES (1, '::1')"),
        cql("INSERT INTO t (k, big) VALUES (1, 9223372036854775808)"),
        cql("INSERT INTO t (k, f) VALUES (1, NaN)"),
        cql("INSERT INTO t (k, f) VALUES (1, -Infinity)"),
        cql("SELECT s, u, at, ok, ip, f FROM t WHERE k = 1"),
        cql("SELECT nofunc(s) FROM t WHERE k = 1"),
        cql("SELECT blobAsText(s) FROM t WHERE k = 1"),
        cql("SELECT textAsBlob(k) FROM t WHERE k = 1"),
        cql("SELECT intAsBlob(k), blobAsInt(intAsBlob(k)) FROM t WHERE k = 1"),
        cql("SELECT ttl(k) FROM t WHERE k = 1"),
        cql("SELECT writetime(s, s) FROM t WHERE k = 1"),
        cql("SELECT s FROM t WHERE k = 1 + 1"),
        cql("INSERT INTO t (k, s) VALUES (2, null)"),
        cql("SELECT * FROM t WHERE k = 2"),
    ]


# ---------------------------------------------------------------- TTL and TIMESTAMP rules
@sc("ttl_timestamp_rules", "cql3", "zt_ttl", when=BOTH)
def ttl_timestamp_rules():
    """A cache layer's USING TTL and USING TIMESTAMP: TTL 0, negative and past the
    20-year limit, timestamps written out of order (a late older write ignored, a delete
    by an older timestamp), writetime read back, the TTL/TIMESTAMP clauses misplaced."""
    ks = "zt_ttl"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE cache (k text PRIMARY KEY, v text, hits list<int>)"),
        cql("INSERT INTO cache (k, v) VALUES ('a', 'new') USING TIMESTAMP 200 AND TTL 0"),
        cql("INSERT INTO cache (k, v) VALUES ('a', 'old') USING TIMESTAMP 100"),
        cql("SELECT v, writetime(v), ttl(v) FROM cache WHERE k = 'a'"),
        cql("DELETE FROM cache USING TIMESTAMP 150 WHERE k = 'a'"),
        cql("SELECT v FROM cache WHERE k = 'a'"),
        cql("DELETE FROM cache USING TIMESTAMP 250 WHERE k = 'a'"),
        cql("SELECT v FROM cache WHERE k = 'a'"),
        cql("INSERT INTO cache (k, v) VALUES ('a', 'back') USING TIMESTAMP 300"),
        cql("UPDATE cache USING TIMESTAMP 260 SET v = 'stale' WHERE k = 'a'"),
        cql("SELECT v, writetime(v) FROM cache WHERE k = 'a'"),
        cql("INSERT INTO cache (k, v) VALUES ('b', 'x') USING TTL -1"),
        cql("INSERT INTO cache (k, v) VALUES ('b', 'x') USING TTL 630720001"),
        cql("INSERT INTO cache (k, v) VALUES ('b', 'x') USING TTL 630720000 "
            "AND TIMESTAMP 1"),
        cql("SELECT k, writetime(v) FROM cache WHERE k = 'b'"),
        cql("INSERT INTO cache (k, v) VALUES ('c', 'x') USING TIMESTAMP 1 AND TIMESTAMP 2"),
        cql("UPDATE cache SET v = 'x' USING TTL 5 WHERE k = 'c'"),
        cql("DELETE FROM cache USING TTL 5 WHERE k = 'c'"),
        cql("INSERT INTO cache (k, hits) VALUES ('c', [1]) USING TIMESTAMP 5"),
        cql("SELECT writetime(hits) FROM cache WHERE k = 'c'"),
        cql("SELECT writetime(k) FROM cache WHERE k = 'c'"),
        cql("INSERT INTO cache (k, v) VALUES ('d', 'x') USING TIMESTAMP -5"),
        cql("SELECT v, writetime(v) FROM cache WHERE k = 'd'"),
        v19.get_slice("a", cparent("cache"), everything()),
    ]


# ---------------------------------------------------------------- CQL counters
@sc("counter_clustered", "counter", "zt_ctr", when=BOTH)
def counter_clustered():
    """A page-view service's counter table with clustering: increments and decrements per
    day, a partition summed, a row deleted, counters read back over Thrift; the counter
    statements refused (SET to a value, a timestamp, TTL, IF, INSERT)."""
    ks = "zt_ctr"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE views (page text, day int, n counter, uniq counter, "
            "PRIMARY KEY (page, day))"),
        cql("UPDATE views SET n = n + 5, uniq = uniq + 1 WHERE page = 'home' AND day = 1"),
        cql("UPDATE views SET n = n + 2 WHERE page = 'home' AND day = 2"),
        cql("UPDATE views SET n = n - 1 WHERE page = 'home' AND day = 1"),
        cql("UPDATE views SET n = n + -3 WHERE page = 'home' AND day = 2"),
        cql("SELECT day, n, uniq FROM views WHERE page = 'home'"),
        cql("SELECT sum(n), count(n), max(n) FROM views WHERE page = 'home'"),
        cql("UPDATE views SET n = n + 1 WHERE page IN ('home', 'about') AND day = 3"),
        cql("SELECT page, day, n FROM views WHERE day = 3 ALLOW FILTERING"),
        cql("UPDATE views SET n = 5 WHERE page = 'home' AND day = 1"),
        cql("UPDATE views USING TIMESTAMP 5 SET n = n + 1 WHERE page = 'home' AND day = 1"),
        cql("UPDATE views USING TTL 5 SET n = n + 1 WHERE page = 'home' AND day = 1"),
        cql("UPDATE views SET n = n + 1 WHERE page = 'home' AND day = 1 IF n = 4"),
        cql("INSERT INTO views (page, day, n) VALUES ('home', 4, 1)"),
        cql("UPDATE views SET n = n + 1 WHERE page = 'home'"),
        cql("UPDATE views SET n = n + 1.5 WHERE page = 'home' AND day = 1"),
        cql("DELETE FROM views WHERE page = 'home' AND day = 2"),
        cql("SELECT day, n FROM views WHERE page = 'home'"),
        cql("DELETE uniq FROM views WHERE page = 'home' AND day = 1"),
        cql("SELECT day, n, uniq FROM views WHERE page = 'home' AND day = 1"),
        cql("ALTER TABLE views ADD label text"),
        v19.multiget_slice(["home", "about"], cparent("views"), everything()),
        v19.get_count("home", cparent("views"), everything(), QUORUM),
    ]


# ---------------------------------------------------------------- Thrift over CQL deletes
@sc("thrift_deletes_cql", "crud", "zt_tdel", when=BOTH)
def thrift_deletes_cql():
    """A legacy Thrift purge job run against tables a CQL service owns: remove of a row, of
    a cell by its composite name, batch_mutate deletions by names and by a slice of
    composite names, then the CQL service's reads of what remained."""
    ks = "zt_tdel"
    return [
        ks_cql(ks),
        v19.set_keyspace(ks),
        cql("CREATE TABLE msgs (box text, id int, body text, flag int, "
            "PRIMARY KEY (box, id))"),
        cql("BEGIN BATCH USING TIMESTAMP 10 "
            "INSERT INTO msgs (box, id, body, flag) VALUES ('in', 1, 'a', 0) "
            "INSERT INTO msgs (box, id, body, flag) VALUES ('in', 2, 'b', 1) "
            "INSERT INTO msgs (box, id, body, flag) VALUES ('in', 3, 'c', 0) "
            "INSERT INTO msgs (box, id, body, flag) VALUES ('out', 1, 'd', 0) APPLY BATCH"),
        v19.get_slice("in", cparent("msgs"), everything(4)),
        v19.remove("in", cpath("msgs", col=kit.comp(i32b(1), "body")), 20),
        cql("SELECT id, body, flag FROM msgs WHERE box = 'in'"),
        v19.batch_mutate({"in": {"msgs": [mutation(deletion_=deletion(
            20, predicate=pred(names=[kit.comp(i32b(2), "flag")])))]}}),
        v19.batch_mutate({"in": {"msgs": [mutation(deletion_=deletion(
            20, predicate=pred(slice_range=kit.D.srange(kit.comp(i32b(3), eoc=-1),
                                                         kit.comp(i32b(3), eoc=1)))))]}}),
        cql("SELECT id, body, flag FROM msgs WHERE box = 'in'"),
        v19.remove("out", cpath("msgs"), 20),
        cql("SELECT * FROM msgs WHERE box = 'out'"),
        v19.remove("in", cpath("msgs", col="body"), 20),
        v19.batch_mutate({"in": {"msgs": [mutation(deletion_=deletion(
            20, predicate=pred(names=["flag"])))]}}),
        v19.get_count("in", cparent("msgs"), everything()),
        cql("SELECT count(*) FROM msgs"),
    ]
