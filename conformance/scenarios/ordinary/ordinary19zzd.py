"""Ordinary applications of the 1.2 to 2.2 releases over Thrift 19.x, much of it CQL 3 sent
through `execute_cql3_query` and `prepare_cql3_query` as the era's drivers did (cqlsh 1.2's
and cassandra-dbapi2's `set_cql_version`, Astyanax's and Hector's prepared statements),
written against the IDL of the release it runs on (`RELEASE=<version>`, default 1.2.9), in
shapes the earlier files did not model (author zzd):
  * a driver's connect-time CQL version negotiation (versions each release took or refused,
    CQL 2 on a connection set to CQL 3, `USE` seen by later Thrift calls)
  * a product catalogue in three languages: text, varchar and ascii literals, keys and bound
    values holding non-ASCII characters, invalid UTF-8 bound to text, quotes doubled
  * an attachment store of blobs: hex literals (empty, odd, upper-case, bad digits), strings
    given for blobs, blob keys, textAsBlob / bigintAsBlob / blobAsText / blobAsBigint with
    right and wrong arguments
  * a timeline on timeuuid clustering (fixed v1 uuids): dateOf, unixTimestampOf,
    minTimeuuid, maxTimeuuid and now() in SELECT and WHERE, with wrong arity and types
  * a DAO's prepared INSERT and SELECT binding every CQL 3 type, then values of the wrong
    width, too few values and an id never prepared
  * prepared collection updates (set, list and map binds, a truncated collection)
  * a user profile of set, map and list columns (adds, removals, list indexes in and out of
    range, collections where they may not be) read by CQL and, for sets and maps, by Thrift
  * an audit of writetime() and ttl() on columns, keys and collections
  * CQL counters (page views): increments, decrements, the writes a counter refuses, a
    counter batch, the same table read and incremented through Thrift
  * a schema evolution tool (ADD, ALTER TYPE, DROP, RENAME, table options, indexes, IF [NOT]
    EXISTS from 2.0) with Thrift's describe_keyspace between
  * an order service's batches (logged, unlogged, timestamps at two levels, a SELECT inside)
  * secondary index lookups by CQL and get_indexed_slices on a compact table's index
  * a metrics ingester's literal edge cases (numeric overflow, exponents, hex for numbers,
    quoted uuids and booleans, timestamps as numbers and strings)
  * a reporting tool's WHERE shapes (IN, ORDER BY, slices, ALLOW FILTERING, LIMIT, COUNT)
  * an export job paging a table by token() with Murmur3 tokens, token() in SELECT and its
    wrong forms, and get_range_slices by token over the same table
  * Thrift on tables CQL made (compact and not: composite names right and wrong, counts,
    removals, an update of the table's CfDef) and CQL on families Thrift made
  * keyspaces made, altered and read through CQL and Thrift alike
  * function calls where values go (keys, WHERE, collection elements, token(), prepared
    statements' bound arguments)
  * a Hadoop-style export of a CQL table (describe_splits, get_paged_slice from a composite
    name, LIMITs of IN, token and COUNT reads)
  * from 2.0: an account ledger with static columns, a registration service on lightweight
    transactions (IF NOT EXISTS, IF col =, SERIAL reads) and Thrift's `cas`, prepared
    conditional statements (named markers, IN ?, TTL and TIMESTAMP markers given bad values)
  * from 2.1: user types, tuples and frozen collections; from 2.2: JSON, the new integer and
    date types, aggregates and refused user functions
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps unless CQL reads their time (then absolute), CQL writes an absolute
`USING TIMESTAMP`; no TTL a read shows can run out. Recorded with capture.py --api 19 --framed.
"""
import os
import struct as _st
import sys
import uuid as _uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.2.9")

from kit import (D, ONE, SERIAL, W, cas, cfd, coldef, coll, column, comp, cparent,  # noqa: E402
                 cql2, cql3, exe, i32b, i64b, ksd, m3_token, pred, prep, registrar, setup,
                 v19, version)
from dsl import EQ, Abs, counter_column, cpath, index_clause, index_expr, key_range  # noqa: E402

sc = registrar("zzd_")
V = version(2)
V20, V21, V22 = V >= (2, 0), V >= (2, 1), V >= (2, 2)
T0 = 1370000000000000  # an absolute timestamp (µs) for CQL writes


def q(s, cl=ONE):
    return cql3(s, cl)


def mk(ks):
    """What a CQL application ran first: the driver's version, the keyspace, USE."""
    return [v19.set_cql_version("3.0.0"),
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("USE %s" % ks)]


def tu(ms, seq=0):
    """A version-1 uuid of unix time `ms` (node and clock sequence fixed)."""
    t = ms * 10000 + 0x01B21DD213814000 + seq
    return _uuid.UUID(fields=(t & 0xffffffff, (t >> 32) & 0xffff, ((t >> 48) & 0x0fff) | 0x1000,
                              0x91, 0x22, 0x0a0b0c0d0e0f))


MS = 1370044800000  # 2013-06-01 00:00:00 UTC


def varint(n):
    n_bytes = max(1, (n + (n < 0)).bit_length() // 8 + 1)
    return n.to_bytes(n_bytes, "big", signed=True)


# ------------------------------------------------------------------------- CQL version
@sc("cqlversion", "cql3", "zzd_ver")
def _cqlversion():
    """A driver's connect: the CQL versions it offered, CQL 2 on a CQL 3 connection, USE"""
    ks = "zzd_ver"
    out = [D.Step("describe_version", W.struct({}))]
    for v in ("3.0.0", "3.0.5", "3.1.0", "3.0", "2.0.0", "4.0.0", "3.0.0-beta1", "abc", ""):
        out.append(v19.set_cql_version(v))
    out += [v19.set_cql_version("3.0.0"),
            cql2("SELECT * FROM system.schema_keyspaces"),
            q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
              "'replication_factor': 1}" % ks),
            q("CREATE TABLE %s.kv (k text PRIMARY KEY, v text)" % ks),
            v19.get_slice("a", cparent("kv"), pred(start="")),
            q("USE %s" % ks),
            q("INSERT INTO kv (k, v) VALUES ('a', 'x') USING TIMESTAMP %d" % T0),
            v19.get_slice("a", cparent("kv"), pred(start="")),
            q("use \"%s\"" % ks), q("USE nosuchks"),
            v19.get_slice("a", cparent("kv"), pred(start="")),
            v19.set_cql_version("2.0.0"),
            cql2("SELECT * FROM kv WHERE KEY = 'a'"),
            q("SELECT * FROM kv")]
    return out


# ------------------------------------------------------------------------- i18n catalogue
@sc("catalogue", "cql3", "zzd_cat")
def _catalogue():
    """Product names in three languages: text, varchar and ascii with non-ASCII characters"""
    ks = "zzd_cat"
    ins = "INSERT INTO products (sku, name, code, descr) VALUES (%s) USING TIMESTAMP %d"
    out = mk(ks) + [
        q("CREATE TABLE products (sku ascii PRIMARY KEY, name text, code ascii, descr varchar)"),
        q(ins % ("'A1', 'Crème brûlée', 'CB1', 'dessert'", T0)),
        q(ins % ("'A2', 'Пельмени', 'PE', 'пельмени с мясом'", T0)),
        q(ins % ("'A3', '寿司 🍣', 'SU', 'it''s raw'", T0)),
        q(ins % ("'A4', 'Café', 'café', 'x'", T0)),
        q(ins % ("'Ä5', 'Äpfel', 'AE', 'y'", T0)),
        q("UPDATE products USING TIMESTAMP %d SET code = 'naïve' WHERE sku = 'A1'" % T0),
        q("UPDATE products USING TIMESTAMP %d SET code = 'plain' WHERE sku = 'A1'" % (T0 + 1)),
        q("SELECT * FROM products WHERE sku IN ('A1', 'A2', 'A3', 'A4')"),
        q("SELECT name FROM products WHERE sku = 'Ä5'"),
        q("SELECT name FROM products WHERE sku = 'A3' AND code = 'ñ'"),
        q("SELECT \"naïve\" FROM products"),
        q("SELECT * FROM products WHERE sku = 'A1"),
        prep("INSERT INTO products (sku, name, code) VALUES (?, ?, ?)"),
        exe(ks, "INSERT INTO products (sku, name, code) VALUES (?, ?, ?)",
            [b"B1", "Smørrebrød".encode(), b"SM"]),
        exe(ks, "INSERT INTO products (sku, name, code) VALUES (?, ?, ?)",
            [b"B2", b"ok", "Straße".encode()]),
        exe(ks, "INSERT INTO products (sku, name, code) VALUES (?, ?, ?)",
            [b"B3", b"\xff\xfe bad", b"BD"]),
        exe(ks, "INSERT INTO products (sku, name, code) VALUES (?, ?, ?)",
            ["B\u00e9".encode(), b"key", b"K"]),
        q("SELECT sku, name, code FROM products WHERE sku IN ('B1', 'B2', 'B3')"),
        v19.get_slice("A2", cparent("products"), pred(start="")),
        v19.insert("A6", cparent("products"), column(comp("code"), "ü", Abs(T0))),
        v19.insert("A6", cparent("products"), column(comp("name"), "ü", Abs(T0))),
        q("SELECT * FROM products WHERE sku = 'A6'"),
    ]
    return out


# ------------------------------------------------------------------------- blobs
@sc("attachments", "cql3", "zzd_att")
def _attachments():
    """An attachment store: hex literals, strings for blobs, blob keys, blob functions"""
    ks = "zzd_att"
    u = "5b6962dd-3f90-4c93-8f61-eabfa4a803e2"
    ins = "INSERT INTO att (id, data, mime) VALUES (%s, %s, 'a/b') USING TIMESTAMP %d"
    out = mk(ks) + [
        q("CREATE TABLE att (id uuid PRIMARY KEY, data blob, mime ascii)"),
        q(ins % (u, "0xCAFEBABE", T0)),
        q(ins % ("6b6962dd-3f90-4c93-8f61-eabfa4a803e2", "0x", T0)),
        q(ins % ("7b6962dd-3f90-4c93-8f61-eabfa4a803e2", "0xabc", T0)),
        q(ins % ("8b6962dd-3f90-4c93-8f61-eabfa4a803e2", "0XDEAD", T0)),
        q(ins % ("9b6962dd-3f90-4c93-8f61-eabfa4a803e2", "0xzz", T0)),
        q(ins % ("ab6962dd-3f90-4c93-8f61-eabfa4a803e2", "'cafe'", T0)),
        q(ins % ("'bb6962dd-3f90-4c93-8f61-eabfa4a803e2'", "0x01", T0)),
        q(ins % ("cb6962dd-3f90-4c93-8f61-eabfa4a803e2", "textAsBlob('héllo')", T0)),
        q(ins % ("db6962dd-3f90-4c93-8f61-eabfa4a803e2", "bigintAsBlob(7)", T0)),
        q(ins % ("eb6962dd-3f90-4c93-8f61-eabfa4a803e2", "intAsBlob(7, 8)", T0)),
        q(ins % ("fb6962dd-3f90-4c93-8f61-eabfa4a803e2", "blobAsText(0x41)", T0)),
        q(ins % ("0b6962dd-3f90-4c93-8f61-eabfa4a803e2", "textAsBlob(5)", T0)),
        q("SELECT id, data FROM att"),
        q("SELECT blobAsText(data), blobAsBigint(data) FROM att WHERE id = "
          "db6962dd-3f90-4c93-8f61-eabfa4a803e2"),
        q("SELECT blobAsBigint(data) FROM att WHERE id = %s" % u),
        q("SELECT blobAsInt(data) FROM att WHERE id = %s" % u),
        q("SELECT blobAsText(mime) FROM att WHERE id = %s" % u),
        q("SELECT textAsBlob(mime), blobAsAscii(data) FROM att WHERE id = %s" % u),
        q("SELECT blobasuuid(data) FROM att WHERE id = %s" % u),
        q("SELECT * FROM att WHERE id = %s AND data = 0xCAFEBABE" % u),
        q("CREATE TABLE bykey (h blob PRIMARY KEY, n int)"),
        q("INSERT INTO bykey (h, n) VALUES (0x00ff, 1) USING TIMESTAMP %d" % T0),
        q("INSERT INTO bykey (h, n) VALUES (0x, 2) USING TIMESTAMP %d" % T0),
        q("SELECT * FROM bykey WHERE h = 0x00FF"),
        v19.get_slice(b"\x00\xff", cparent("bykey"), pred(start="")),
    ]
    return out


# ------------------------------------------------------------------------- timeline
@sc("timeline", "cql3", "zzd_tl")
def _timeline():
    """A timeline on timeuuid clustering: time functions with right and wrong arguments"""
    ks = "zzd_tl"
    out = mk(ks) + [
        q("CREATE TABLE tl (usr text, id timeuuid, body text, ref uuid, "
          "PRIMARY KEY (usr, id)) WITH CLUSTERING ORDER BY (id DESC)")]
    for i, day in enumerate((0, 1, 5, 20, 40)):
        out.append(q("INSERT INTO tl (usr, id, body, ref) VALUES ('ann', %s, 'post %d', %s) "
                     "USING TIMESTAMP %d" % (tu(MS + day * 86400000, i), i,
                                             _uuid.UUID(int=(i + 1) << 70 | 0x4000 << 64), T0)))
    out += [
        q("SELECT id, dateOf(id), unixTimestampOf(id), body FROM tl WHERE usr = 'ann'"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > minTimeuuid('2013-06-02 00:00:00+0000') "
          "AND id < maxTimeuuid('2013-06-21 00:00:00+0000')"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id >= minTimeuuid('2013-06-06') "
          "AND id <= maxTimeuuid('2013-06-06')"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id < now()"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > now()"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > minTimeuuid(1370131200000)"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > minTimeuuid('yesterday')"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > minTimeuuid()"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id > maxTimeuuid('2013-06-02', 'x')"),
        q("SELECT body FROM tl WHERE usr = 'ann' AND id < now(1)"),
        q("SELECT dateOf() FROM tl WHERE usr = 'ann'"),
        q("SELECT dateOf(id, id) FROM tl WHERE usr = 'ann'"),
        q("SELECT dateOf(body) FROM tl WHERE usr = 'ann'"),
        q("SELECT dateOf(ref) FROM tl WHERE usr = 'ann'"),
        q("SELECT unixTimestampOf(usr) FROM tl WHERE usr = 'ann'"),
        q("SELECT DATEOF(id) FROM tl WHERE usr = 'ann' LIMIT 1"),
        # each row's now() is the node's clock: only its presence and type are compared
        q("SELECT now() FROM tl WHERE usr = 'ann'").mask("0/2/*/2/*/2"),
        q("INSERT INTO tl (usr, id, body) VALUES ('bob', now(), 'hi') USING TIMESTAMP %d" % T0),
        q("INSERT INTO tl (usr, id, body, ref) VALUES ('bob', now(), 'hi', now()) "
          "USING TIMESTAMP %d" % T0),
        q("INSERT INTO tl (usr, id, body) VALUES ('bob', now(), now())"),
        q("SELECT COUNT(*) FROM tl WHERE usr = 'bob'"),
        q("SELECT body FROM tl WHERE usr = 'bob' AND id < now()"),
        q("INSERT INTO tl (usr, id, body) VALUES ('cy', %s, 'v4') USING TIMESTAMP %d"
          % (_uuid.UUID(int=5 << 70 | 0x4000 << 64), T0)),
    ]
    return out


# ------------------------------------------------------------------------- prepared, every type
TYPES = [("a", "ascii", b"abc"), ("bi", "bigint", i64b(-5)), ("bl", "blob", b"\x00\x01"),
         ("bo", "boolean", b"\x01"), ("de", "decimal", i32b(2) + varint(12345)),
         ("do", "double", _st.pack(">d", 2.5)), ("fl", "float", _st.pack(">f", -0.25)),
         ("ip", "inet", bytes([10, 0, 0, 1])), ("i", "int", i32b(42)),
         ("t", "text", "ŧext".encode()), ("ts", "timestamp", i64b(MS)),
         ("tu", "timeuuid", tu(MS).bytes), ("u", "uuid", _uuid.UUID(int=77).bytes),
         ("vc", "varchar", b"vc"), ("vi", "varint", varint(-(1 << 70)))]
BAD = {"bi": b"\x00\x01\x02\x03", "bo": b"\x00\x01", "do": b"\x00" * 4, "fl": b"\x00" * 8,
       "ip": b"\x01\x02\x03\x04\x05", "i": b"\x00\x00\x07", "ts": b"\x00" * 4,
       "tu": _uuid.UUID(int=77).bytes, "u": b"\x00" * 15, "a": "é".encode()}


@sc("dao", "cql3", "zzd_dao")
def _dao():
    """A DAO's prepared INSERT and SELECT binding every type, then wrong values"""
    ks = "zzd_dao"
    cols = ", ".join(n for n, _, _ in TYPES)
    ins = "INSERT INTO every (k, %s) VALUES (?, %s) USING TIMESTAMP %d" % (
        cols, ", ".join("?" for _ in TYPES), T0)
    sel = "SELECT %s FROM every WHERE k = ?" % cols
    out = mk(ks) + [
        q("CREATE TABLE every (k int PRIMARY KEY, %s)" % ", ".join(
            "%s %s" % (n, t) for n, t, _ in TYPES)),
        prep(ins), exe(ks, ins, [i32b(1)] + [v for _, _, v in TYPES]),
        prep(sel), exe(ks, sel, [i32b(1)])]
    for n, bad in sorted(BAD.items()):
        out.append(exe(ks, ins, [i32b(2)] + [bad if m == n else v for m, _, v in TYPES]))
    out += [
        exe(ks, ins, [i32b(3)] + [b"" for _ in TYPES]),
        exe(ks, sel, [i32b(3)]),
        exe(ks, sel, [i32b(2)]),
        exe(ks, sel, []), exe(ks, sel, [i32b(1), i32b(1)]),
        exe(ks, sel, [b"\x01"]),
        exe(ks, "SELECT * FROM never WHERE k = ?", [i32b(1)]),
        prep("SELECT * FROM every WHERE k = ? AND i = ?"),
        prep("SELECT * FROM every WHERE k IN ?"),
        prep("SELECT * FROM every WHERE k IN (?, ?)"),
        exe(ks, "SELECT * FROM every WHERE k IN (?, ?)", [i32b(1), i32b(3)]),
        prep("UPDATE every USING TTL ? SET t = ? WHERE k = ?"),
        prep("SELECT * FROM every LIMIT ?"),
        prep("INSERT INTO every (k, i) VALUES (?, ?) USING TIMESTAMP ?"),
        exe(ks, "INSERT INTO every (k, i) VALUES (?, ?) USING TIMESTAMP ?",
            [i32b(4), i32b(9), i64b(T0)]),
        q("SELECT k, i, writetime(i) FROM every WHERE k = 4"),
    ]
    return out


# ------------------------------------------------------------------------- prepared collections
@sc("prepcoll", "cql3", "zzd_pc")
def _prepcoll():
    """Prepared collection updates: set, list and map binds, a truncated collection"""
    ks = "zzd_pc"
    up = lambda s: "UPDATE bag USING TIMESTAMP %d SET %s WHERE k = ?" % (T0, s)
    stmts = [(up("s = ?"), [coll(["x", "y"])]), (up("s = s + ?"), [coll(["z"])]),
             (up("s = s - ?"), [coll(["x"])]), (up("m = ?"), [coll([("a", i32b(1))])]),
             (up("m = m + ?"), [coll([("b", i32b(2))])]), (up("m[?] = ?"), [b"c", i32b(3)]),
             (up("l = ?"), [coll([i32b(1), i32b(2)])]), (up("l[?] = ?"), [i32b(0), i32b(10)]),
             (up("l[?] = ?"), [i32b(5), i32b(10)]), (up("s = ?"), [b"\x00\x02\x00\x01x"]),
             (up("m = ?"), [coll([("a", b"\x01")])])]
    out = mk(ks) + [q("CREATE TABLE bag (k text PRIMARY KEY, s set<text>, m map<text, int>, "
                      "l list<int>)")]
    for s, vals in stmts:
        out += [prep(s), exe(ks, s, vals + [b"k1"])]
    out += [prep("DELETE m[?] FROM bag WHERE k = ?"),
            exe(ks, "DELETE m[?] FROM bag WHERE k = ?", [b"a", b"k1"]),
            prep("SELECT * FROM bag WHERE s = ?"),
            q("SELECT * FROM bag WHERE k = 'k1'"),
            v19.get_slice("k1", cparent("bag"), pred(start=comp("m"), finish=comp("s", eoc=1)))]
    return out


# ------------------------------------------------------------------------- collections
@sc("profiles", "cql3", "zzd_prof")
def _profiles():
    """A user profile of set, map and list columns, read by CQL and Thrift"""
    ks = "zzd_prof"
    u = lambda s, d=0: q("UPDATE users USING TIMESTAMP %d SET %s WHERE id = 'u1'" % (T0 + d, s))
    out = mk(ks) + [
        q("CREATE TABLE users (id text PRIMARY KEY, emails set<text>, prefs map<text, text>, "
          "hist list<text>)"),
        q("INSERT INTO users (id, emails, prefs, hist) VALUES ('u1', {'a@x.org', 'b@x.org'}, "
          "{'lang': 'fr', 'tz': 'CET'}, ['p1', 'p2']) USING TIMESTAMP %d" % T0),
        u("emails = emails + {'c@x.org'}", 1), u("emails = emails - {'a@x.org'}", 2),
        u("prefs['lang'] = 'de'", 3), u("prefs = prefs + {'unit': 'metric'}", 4),
        u("hist[1] = 'p2b'", 5), u("hist[7] = 'px'", 6), u("hist = hist - ['p1']", 7),
        u("prefs = prefs - {'tz'}", 8),
        q("DELETE prefs['unit'] FROM users WHERE id = 'u1'"),
        q("DELETE hist[0] FROM users WHERE id = 'u1'"),
        q("SELECT * FROM users WHERE id = 'u1'"),
        u("emails = emails + {'d@x.org', null}", 9),
        u("prefs = {'z': 'last', 'a': 'first'}", 10),
        u("emails = ['x']", 11), u("hist = hist + {'p3'}", 12),
        u("emails[0] = 'x'", 13), u("prefs = prefs + 'x'", 14),
        q("SELECT * FROM users WHERE emails = {'b@x.org'} ALLOW FILTERING"),
        q("CREATE TABLE bad1 (id set<text> PRIMARY KEY)"),
        q("CREATE TABLE bad2 (id text PRIMARY KEY, nested list<set<int>>)"),
        q("CREATE TABLE bad3 (id text PRIMARY KEY, m map<text>)"),
        v19.get_slice("u1", cparent("users"), pred(start=comp("emails"),
                                                  finish=comp("prefs", eoc=1))),
        v19.get_count("u1", cparent("users"), pred(start="")),
        q("SELECT emails, prefs FROM users"),
    ]
    return out


# ------------------------------------------------------------------------- writetime / ttl
@sc("audit", "cql3", "zzd_aud")
def _audit():
    """An audit of writetime() and ttl() on columns, keys and collections"""
    ks = "zzd_aud"
    out = mk(ks) + [
        q("CREATE TABLE ev (k text, c int, v text, w int, s set<int>, PRIMARY KEY (k, c))"),
        q("INSERT INTO ev (k, c, v, w) VALUES ('a', 1, 'x', 5) USING TIMESTAMP %d" % T0),
        q("UPDATE ev USING TIMESTAMP %d AND TTL 864000 SET w = 6 WHERE k = 'a' AND c = 1"
          % (T0 + 7)),
        q("INSERT INTO ev (k, c, v) VALUES ('a', 2, 'y') USING TTL 864000 AND TIMESTAMP %d"
          % (T0 + 9)),
        q("SELECT c, writetime(v), writetime(w), ttl(v) FROM ev WHERE k = 'a' AND c = 1"),
        q("SELECT WRITETIME(v), TTL(v) FROM ev WHERE k = 'a' AND c = 1"),
        q("SELECT writetime(k) FROM ev"), q("SELECT ttl(c) FROM ev"),
        q("SELECT writetime(s) FROM ev"), q("SELECT ttl(s) FROM ev"),
        q("SELECT writetime(nope) FROM ev"), q("SELECT writetime(v, w) FROM ev"),
        q("SELECT writetime() FROM ev"), q("SELECT writetime(writetime(v)) FROM ev"),
        q("SELECT writetime(v) AS wt FROM ev"),
        q("SELECT * FROM ev WHERE k = 'a' AND writetime(v) > 0"),
        q("INSERT INTO ev (k, c, v) VALUES ('b', 1, 'z') USING TTL -1"),
        q("INSERT INTO ev (k, c, v) VALUES ('b', 1, 'z') USING TIMESTAMP 'x'"),
        v19.insert("t", cparent("ev"), column(comp(i32b(3), "v"), "th", Abs(T0 + 11))),
        v19.insert("t", cparent("ev"), column(comp(i32b(3), "w"), i32b(8), Abs(T0 + 12))),
        v19.insert("t", cparent("ev"), column(comp(3, "v"), "th", Abs(T0 + 13))),
        q("SELECT c, v, w, writetime(v), writetime(w) FROM ev WHERE k = 't'"),
        v19.get_slice("a", cparent("ev"), pred(start="")),
    ]
    return out


# ------------------------------------------------------------------------- counters
@sc("pageviews", "cql3", "zzd_pv")
def _pageviews():
    """CQL counters (page views): increments, refused writes, a counter batch, Thrift reads"""
    ks = "zzd_pv"
    up = lambda s, k="'/home'": q("UPDATE views SET %s WHERE page = %s" % (s, k))
    out = mk(ks) + [
        q("CREATE TABLE views (page text PRIMARY KEY, hits counter, bots counter)"),
        up("hits = hits + 1"), up("hits = hits + 41, bots = bots - 3"),
        up("hits = 5"), up("hits = bots + 1"), up("hits = hits + 1.5"),
        up("hits = hits + -2"),
        q("INSERT INTO views (page, hits) VALUES ('/a', 1)"),
        q("UPDATE views USING TTL 60 SET hits = hits + 1 WHERE page = '/a'"),
        q("UPDATE views USING TIMESTAMP %d SET hits = hits + 1 WHERE page = '/b'" % T0),
        q("BEGIN COUNTER BATCH UPDATE views SET hits = hits + 2 WHERE page = '/c' "
          "UPDATE views SET bots = bots + 1 WHERE page = '/c' APPLY BATCH"),
        q("BEGIN BATCH UPDATE views SET hits = hits + 2 WHERE page = '/d' APPLY BATCH"),
        q("BEGIN COUNTER BATCH INSERT INTO plain (k) VALUES ('x') APPLY BATCH"),
        q("DELETE hits FROM views WHERE page = '/c'"),
        q("SELECT * FROM views"),
        q("CREATE TABLE mixed (k text PRIMARY KEY, c counter, v text)"),
        v19.add("/home", cparent("views"), counter_column(comp("hits"), 10)),
        # the row marker a counter UPDATE wrote carries the node's clock
        v19.get_slice("/home", cparent("views"), pred(start="")).mask("0/*/1/3"),
        v19.get("/home", cpath("views", col=comp("bots"))),
        q("SELECT hits FROM views WHERE page = '/home'"),
    ]
    return out


# ------------------------------------------------------------------------- schema evolution
@sc("evolve", "cql3", "zzd_evo")
def _evolve():
    """A schema evolution tool: ALTER, indexes, IF [NOT] EXISTS; describe_keyspace between"""
    ks = "zzd_evo"
    out = mk(ks) + [
        q("CREATE TABLE acc (id int PRIMARY KEY, name text, note text, bal int)"),
        q("INSERT INTO acc (id, name, note, bal) VALUES (1, 'a', 'n', 3) "
          "USING TIMESTAMP %d" % T0),
        q("ALTER TABLE acc ADD email text"), q("ALTER TABLE acc ADD email text"),
        q("ALTER TABLE acc ALTER note TYPE blob"), q("ALTER TABLE acc ALTER bal TYPE text"),
        q("ALTER TABLE acc DROP note"), q("ALTER TABLE acc DROP id"),
        q("ALTER TABLE acc RENAME id TO acc_id"), q("ALTER TABLE acc RENAME name TO nm"),
        q("ALTER TABLE acc WITH comment = 'accounts' AND gc_grace_seconds = 3600"),
        q("ALTER TABLE acc WITH compaction = {'class': 'LeveledCompactionStrategy', "
          "'sstable_size_in_mb': 10}"),
        q("ALTER TABLE acc WITH nonsense = 1"),
        q("CREATE INDEX acc_email ON acc (email)"), q("CREATE INDEX ON acc (bal)"),
        q("CREATE INDEX acc_email ON acc (name)"),
        q("CREATE TABLE IF NOT EXISTS acc (x int PRIMARY KEY)"),
        q("CREATE INDEX IF NOT EXISTS acc_email ON acc (email)"),
        q("SELECT * FROM acc"),
        v19.describe_keyspace(ks),
        q("DROP INDEX acc_email"), q("DROP INDEX acc_email"), q("DROP INDEX IF EXISTS acc_email"),
        q("DROP TABLE IF EXISTS nothere"), q("DROP TABLE nothere"),
        q("DROP TABLE acc"), q("SELECT * FROM acc"),
    ]
    return out


# ------------------------------------------------------------------------- batches
@sc("orders", "cql3", "zzd_ord")
def _orders():
    """An order service's batches: logged, unlogged, timestamps at two levels, a SELECT in one"""
    ks = "zzd_ord"
    out = mk(ks) + [
        q("CREATE TABLE orders (id int PRIMARY KEY, cust text, total decimal)"),
        q("CREATE TABLE lines (oid int, n int, sku text, PRIMARY KEY (oid, n))"),
        q("BEGIN BATCH USING TIMESTAMP %d INSERT INTO orders (id, cust, total) VALUES "
          "(1, 'c', 9.99) INSERT INTO lines (oid, n, sku) VALUES (1, 1, 's1'); "
          "INSERT INTO lines (oid, n, sku) VALUES (1, 2, 's2') APPLY BATCH;" % T0),
        q("BEGIN UNLOGGED BATCH INSERT INTO lines (oid, n, sku) VALUES (2, 1, 'u') "
          "USING TIMESTAMP %d APPLY BATCH" % T0),
        q("BEGIN BATCH USING TIMESTAMP %d INSERT INTO lines (oid, n, sku) VALUES (3, 1, 'x') "
          "USING TIMESTAMP %d APPLY BATCH" % (T0, T0)),
        q("BEGIN BATCH SELECT * FROM orders APPLY BATCH"),
        q("BEGIN BATCH APPLY BATCH"),
        q("BEGIN BATCH USING TIMESTAMP %d DELETE sku FROM lines WHERE oid = 1 AND n = 2 "
          "UPDATE orders SET total = 0 WHERE id = 1 APPLY BATCH" % (T0 + 5)),
        q("BEGIN BATCH USING TTL 5 INSERT INTO orders (id) VALUES (9) APPLY BATCH"),
        q("SELECT * FROM lines WHERE oid = 1"), q("SELECT * FROM orders"),
        v19.atomic_batch_mutate({"\x00\x00\x00\x05": {"orders": [
            D.ins(comp("cust"), "t", 3), D.ins(comp(""), "", 3)]}}),
        q("SELECT id, cust FROM orders WHERE id = 5"),
        v19.batch_mutate({"\x00\x00\x00\x01": {"lines": [D.ins(comp(i32b(7), "sku"), "t", 3)]}}),
        v19.batch_mutate({"\x00\x00\x00\x01": {"lines": [D.ins(comp(7, "sku"), "t", 3)]}}),
        v19.batch_mutate({"\x00\x00\x00\x01": {"lines": [D.ins("sku", "t", 3)]}}),
        q("SELECT n, sku FROM lines WHERE oid = 1"),
    ]
    return out


# ------------------------------------------------------------------------- secondary indexes
@sc("lookup", "cql3", "zzd_idx")
def _lookup():
    """Secondary index lookups by CQL, and get_indexed_slices on a compact table's index"""
    ks = "zzd_idx"
    out = mk(ks) + [
        q("CREATE TABLE cars (vin text PRIMARY KEY, make text, year int) WITH COMPACT STORAGE"),
        q("CREATE INDEX ON cars (make)"),
        q("CREATE TABLE trips (car text, day int, km int, PRIMARY KEY (car, day))"),
        q("CREATE INDEX ON trips (km)"), q("CREATE INDEX ON trips (day)")]
    for vin, mk_, yr in (("v1", "Škoda", 2010), ("v2", "Fiat", 2012), ("v3", "Škoda", 2012)):
        out.append(q("INSERT INTO cars (vin, make, year) VALUES ('%s', '%s', %d) "
                     "USING TIMESTAMP %d" % (vin, mk_, yr, T0)))
    out += [q("INSERT INTO trips (car, day, km) VALUES ('v1', %d, %d) USING TIMESTAMP %d"
              % (d, k, T0)) for d, k in ((1, 10), (2, 20), (3, 10))]
    out += [
        q("SELECT vin FROM cars WHERE make = 'Škoda'"),
        q("SELECT vin FROM cars WHERE make = 'Škoda' AND year = 2012"),
        q("SELECT vin FROM cars WHERE make = 'Škoda' AND year = 2012 ALLOW FILTERING"),
        q("SELECT vin FROM cars WHERE year = 2012"),
        q("SELECT vin FROM cars WHERE make > 'A'"),
        q("SELECT day FROM trips WHERE km = 10"),
        q("SELECT day FROM trips WHERE car = 'v1' AND km = 10"),
        v19.get_indexed_slices(cparent("cars"), index_clause(
            [index_expr("make", EQ, "Škoda")]), pred(start="")),
        v19.get_indexed_slices(cparent("cars"), index_clause(
            [index_expr("make", EQ, "Škoda"), index_expr("year", EQ, i32b(2012))]),
            pred(names=["year"])),
        v19.get_indexed_slices(cparent("cars"), index_clause(
            [index_expr("year", EQ, i32b(2012))]), pred(start="")),
    ]
    return out


# ------------------------------------------------------------------------- literals
@sc("ingest", "cql3", "zzd_lit")
def _ingest():
    """A metrics ingester's literals: overflow, exponents, hex for numbers, quoted values"""
    ks = "zzd_lit"
    ins = lambda c, v, k: q("INSERT INTO m (k, %s) VALUES (%d, %s) USING TIMESTAMP %d"
                            % (c, k, v, T0))
    out = mk(ks) + [q("CREATE TABLE m (k int PRIMARY KEY, bi bigint, i int, d double, "
                      "f float, de decimal, vi varint, bo boolean, ip inet, u uuid, "
                      "ts timestamp)")]
    cases = [("bi", "9223372036854775807"), ("bi", "9223372036854775808"), ("bi", "-0"),
             ("i", "2147483648"), ("i", "0x00000001"), ("i", "'7'"), ("i", "1.0"),
             ("d", "1e10"), ("d", "-1.5E-3"), ("d", "NaN"), ("d", "Infinity"), ("d", "3"),
             ("f", "3.4028236e38"), ("de", "-0.000"), ("de", "1e3"),
             ("vi", "123456789012345678901234567890"), ("bo", "true"), ("bo", "'true'"),
             ("bo", "TRUE"), ("ip", "'::1'"), ("ip", "'192.168.1.300'"), ("ip", "'10.0.0.1'"),
             ("u", "'550e8400-e29b-41d4-a716-446655440000'"),
             ("u", "550E8400-E29B-41D4-A716-446655440000"), ("ts", "1370044800000"),
             ("ts", "'2013-06-01 12:30:00+0200'"), ("ts", "'2013-06-01T12:30:00.123+0000'"),
             ("ts", "'1370044800000'"), ("ts", "'June 1'")]
    for n, (c, v) in enumerate(cases):
        out.append(ins(c, v, n))
    out.append(q("SELECT * FROM m"))
    return out


# ------------------------------------------------------------------------- WHERE shapes
@sc("reports", "cql3", "zzd_rep")
def _reports():
    """A reporting tool's WHERE shapes: IN, ORDER BY, slices, ALLOW FILTERING, LIMIT, COUNT"""
    ks = "zzd_rep"
    out = mk(ks) + [q("CREATE TABLE sales (region text, yr int, mon int, amt int, "
                      "PRIMARY KEY (region, yr, mon))")]
    for r in ("eu", "us"):
        for yr, mon, amt in ((2012, 11, 5), (2012, 12, 7), (2013, 1, 3), (2013, 2, 9)):
            out.append(q("INSERT INTO sales (region, yr, mon, amt) VALUES ('%s', %d, %d, %d) "
                         "USING TIMESTAMP %d" % (r, yr, mon, amt, T0)))
    for w in ("region IN ('eu', 'us') AND yr = 2012",
              "region = 'eu' AND yr = 2012 AND mon IN (12, 11)",
              "region = 'eu' AND yr IN (2012, 2013)",
              "region = 'eu' AND yr = 2013 ORDER BY yr DESC",
              "region = 'eu' ORDER BY yr DESC, mon DESC LIMIT 3",
              "region = 'eu' ORDER BY mon DESC",
              "region = 'eu' AND yr >= 2012 AND yr < 2013",
              "region = 'eu' AND mon = 1",
              "region = 'eu' AND mon = 1 ALLOW FILTERING",
              "region = 'eu' AND (yr, mon) > (2012, 11)",
              "region = 'eu' AND yr > 2012 AND yr > 2011",
              "amt > 4 ALLOW FILTERING",
              "region > 'eu'",
              "region = 'eu' LIMIT 0",
              "region = 'eu' AND yr = 2012 AND mon > 11 AND mon <= 12"):
        out.append(q("SELECT yr, mon, amt FROM sales WHERE " + w))
    out += [q("SELECT COUNT(*) FROM sales WHERE region = 'eu'"),
            q("SELECT COUNT(1) FROM sales LIMIT 5"),
            q("SELECT count(*), yr FROM sales WHERE region = 'eu'"),
            q("SELECT *, amt FROM sales"),
            q("SELECT DISTINCT region FROM sales")]
    return out


# ------------------------------------------------------------------------- token paging
@sc("export", "cql3", "zzd_exp")
def _export():
    """An export job paging by token(), token() in SELECT and WHERE, get_range_slices by token"""
    ks = "zzd_exp"
    keys = ["k%02d" % i for i in range(10)]
    order = sorted(keys, key=lambda k: int(m3_token(k)))
    out = mk(ks) + [q("CREATE TABLE items (k text PRIMARY KEY, v int)"),
                    q("CREATE TABLE pairs (a int, b text, c int, v int, "
                      "PRIMARY KEY ((a, b), c))")]
    out += [q("INSERT INTO items (k, v) VALUES ('%s', %d) USING TIMESTAMP %d" % (k, i, T0))
            for i, k in enumerate(keys)]
    out += [q("SELECT k, v FROM items LIMIT 4"),
            q("SELECT k FROM items WHERE token(k) > token('%s') LIMIT 4" % order[3]),
            q("SELECT k FROM items WHERE token(k) > token('%s') LIMIT 4" % order[7]),
            q("SELECT k FROM items WHERE token(k) > %s LIMIT 2" % m3_token(order[5])),
            q("SELECT k FROM items WHERE token(k) >= -9223372036854775808 AND "
              "token(k) <= 0"),
            q("SELECT k, token(k) FROM items WHERE k = 'k01'"),
            q("SELECT token(k) FROM items LIMIT 1"),
            q("SELECT k FROM items WHERE token(k) > token(5)"),
            q("SELECT k FROM items WHERE token(k, k) > token('a', 'a')"),
            q("SELECT k FROM items WHERE token('k01') > token(k)"),
            q("SELECT k FROM items WHERE token(v) > 0"),
            q("SELECT k FROM items WHERE k > 'k05'"),
            q("SELECT k FROM items WHERE token(k) = token('k03')"),
            q("SELECT k FROM items WHERE token(k) > '12'"),
            q("INSERT INTO pairs (a, b, c, v) VALUES (1, 'x', 1, 1) USING TIMESTAMP %d" % T0),
            q("INSERT INTO pairs (a, b, c, v) VALUES (2, 'y', 1, 2) USING TIMESTAMP %d" % T0),
            q("SELECT a, b FROM pairs WHERE token(a, b) > token(1, 'x')"),
            q("SELECT a, b FROM pairs WHERE token(b, a) > token('x', 1)"),
            q("SELECT a, b FROM pairs WHERE token(a) > token(1)"),
            q("SELECT a, b FROM pairs WHERE token(a, b, c) > token(1, 'x', 1)"),
            q("SELECT v FROM pairs WHERE a = 1"),
            v19.get_range_slices(cparent("items"), pred(start="", count=1), key_range(
                start_token=m3_token(order[2]), end_token=m3_token(order[6]), count=10)),
            v19.get_range_slices(cparent("items"), pred(names=[comp("v")]), key_range(
                start_key=order[8], end_key="", count=3))]
    return out


# ------------------------------------------------------------------------- Thrift on CQL tables
@sc("thriftoncql", "cql3", "zzd_toc")
def _thriftoncql():
    """Thrift on tables CQL made: compact and composite, names right and wrong, a CfDef update"""
    ks = "zzd_toc"
    out = mk(ks) + [
        q("CREATE TABLE wide (k text, c text, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
        q("CREATE TABLE flat (k text PRIMARY KEY, a int, b text)"),
        q("CREATE TABLE dense (k text, c1 int, c2 text, v blob, PRIMARY KEY (k, c1, c2)) "
          "WITH COMPACT STORAGE"),
        v19.describe_keyspace(ks),
        v19.insert("r", cparent("wide"), column("c1", "v1", Abs(T0))),
        v19.insert("r", cparent("wide"), column("c2", "v2", Abs(T0))),
        q("SELECT * FROM wide WHERE k = 'r'"),
        v19.insert("r", cparent("flat"), column(comp("a"), i32b(4), Abs(T0))),
        v19.insert("r", cparent("flat"), column("a", i32b(4), Abs(T0))),
        v19.insert("r", cparent("flat"), column(comp("zz"), "x", Abs(T0))),
        v19.insert("r", cparent("flat"), column(comp("a"), "xyz", Abs(T0))),
        v19.insert("r", cparent("flat"), column(comp("b"), "\u00e9", Abs(T0))),
        q("SELECT * FROM flat"),
        v19.insert("r", cparent("dense"), column(comp(i32b(1), "x"), b"\x01", Abs(T0))),
        v19.insert("r", cparent("dense"), column(comp(i32b(1)), b"\x02", Abs(T0))),
        q("SELECT * FROM dense"),
        v19.get_slice("r", cparent("dense"), pred(start=comp(i32b(1), eoc=0),
                                                  finish=comp(i32b(1), eoc=1))),
        v19.get_count("r", cparent("flat"), pred(start="")),
        v19.remove("r", cpath("wide", col="c1"), 5),
        v19.remove("r", cpath("flat", col=comp("a")), 5),
        q("SELECT * FROM wide"), q("SELECT * FROM flat"),
        v19.system_update_column_family(cfd(ks, "flat", comparator_type="UTF8Type",
                                            comment="from thrift")),
        v19.truncate("wide"), q("SELECT * FROM wide"),
    ]
    return out


# ------------------------------------------------------------------------- CQL on Thrift families
@sc("cqlonthrift", "cql3", "zzd_cot")
def _cqlonthrift():
    """CQL on families Thrift made: dynamic, static with metadata, Super, counter"""
    ks = "zzd_cot"
    out = setup(ks, [
        cfd(ks, "Dyn", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            default_validation_class="UTF8Type"),
        cfd(ks, "Stat", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            column_metadata=[coldef("age", "Int32Type"), coldef("name", "UTF8Type")]),
        cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type",
            subcomparator_type="UTF8Type"),
        cfd(ks, "Cnt", comparator_type="AsciiType", default_validation_class="CounterColumnType",
            key_validation_class="AsciiType")]) + [
        v19.set_cql_version("3.0.0"),
        v19.batch_mutate({"r1": {"Dyn": [D.ins("b", "2", 1), D.ins("a", "1", 1)],
                                 "Stat": [D.ins("age", i32b(30), 1), D.ins("name", "Zoë", 1),
                                          D.ins("extra", "e", 1)]},
                          "r2": {"Dyn": [D.ins("c", "3", 1)]}}),
        q('SELECT * FROM "Dyn"'), q('SELECT * FROM "Dyn" WHERE key = \'r1\' AND column1 > \'a\''),
        q('SELECT * FROM Dyn'),
        q('SELECT * FROM "Stat"'), q('SELECT age, name FROM "Stat" WHERE key = \'r1\''),
        q('INSERT INTO "Dyn" (key, column1, value) VALUES (\'r3\', \'é\', \'v\') '
          'USING TIMESTAMP %d' % T0),
        q('INSERT INTO "Stat" (key, age) VALUES (\'r3\', 7) USING TIMESTAMP %d' % T0),
        q('INSERT INTO "Stat" (key, extra) VALUES (\'r3\', \'x\')'),
        v19.get_slice("r3", cparent("Dyn"), pred(start="")),
        v19.get_slice("r3", cparent("Stat"), pred(start="")),
        q('SELECT * FROM "Sup"'),
        q('UPDATE "Cnt" SET value = value + 3 WHERE key = \'p\' AND column1 = \'hits\''),
        v19.add("p", cparent("Cnt"), counter_column("hits", 2)),
        q('SELECT * FROM "Cnt"'),
        q('ALTER TABLE "Dyn" RENAME key TO id'), q('ALTER TABLE "Dyn" RENAME column1 TO name'),
        q('SELECT * FROM "Dyn" WHERE id = \'r2\''),
        q('ALTER TABLE "Stat" ADD city text'), v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------- keyspaces
@sc("tenants", "cql3", "zzd_ten")
def _tenants():
    """A multi-tenant service's keyspaces, made and altered by CQL and read back by Thrift"""
    ks = "zzd_ten"
    rs = "{'class': 'SimpleStrategy', 'replication_factor': 1}"
    out = [v19.set_cql_version("3.0.0"),
           q("CREATE KEYSPACE %s WITH replication = {'class': 'NetworkTopologyStrategy', "
             "'datacenter1': 1} AND durable_writes = false" % ks),
           v19.describe_keyspace(ks),
           q("CREATE KEYSPACE %s WITH replication = %s" % (ks, rs)),
           q("CREATE KEYSPACE IF NOT EXISTS %s WITH replication = %s" % (ks, rs)),
           q("ALTER KEYSPACE %s WITH replication = %s AND durable_writes = true" % (ks, rs)),
           v19.describe_keyspace(ks),
           q("SELECT keyspace_name, durable_writes, strategy_class, strategy_options FROM "
             "system.schema_keyspaces WHERE keyspace_name = '%s'" % ks),
           q("CREATE KEYSPACE \"Zzd_Ten2\" WITH replication = %s" % rs),
           v19.describe_keyspace("Zzd_Ten2"), q("USE Zzd_Ten2"), q("USE \"Zzd_Ten2\""),
           q("CREATE TABLE t (k int PRIMARY KEY)"), q("DROP KEYSPACE Zzd_Ten2"),
           q("DROP KEYSPACE \"Zzd_Ten2\""),
           q("CREATE KEYSPACE zzd_ten3 WITH replication = {'class': 'SimpleStrategy'}"),
           q("CREATE KEYSPACE zzd_ten3 WITH replication = {'class': 'Bogus', "
             "'replication_factor': 1}"),
           q("CREATE KEYSPACE zzd_ten3 WITH strategy_class = 'SimpleStrategy' AND "
             "strategy_options:replication_factor = 1"),
           q("DROP KEYSPACE IF EXISTS zzd_ten3"), q("DROP KEYSPACE zzd_ten3"),
           v19.system_update_keyspace(ksd(ks, options={"replication_factor": "1"})),
           q("SELECT keyspace_name, durable_writes FROM system.schema_keyspaces "
             "WHERE keyspace_name = '%s'" % ks)]
    return out


# ------------------------------------------------------------------------- statics (2.0)
@sc("ledger", "cql3", "zzd_led", when=V20)
def _ledger():
    """An account ledger with a static balance"""
    ks = "zzd_led"
    out = mk(ks) + [
        q("CREATE TABLE acct (id text, txn int, bal int static, owner text static, amt int, "
          "PRIMARY KEY (id, txn))"),
        q("INSERT INTO acct (id, bal, owner) VALUES ('a', 100, 'Zoë') USING TIMESTAMP %d" % T0),
        q("SELECT * FROM acct"),
        q("INSERT INTO acct (id, txn, amt) VALUES ('a', 1, -30) USING TIMESTAMP %d" % T0),
        q("INSERT INTO acct (id, txn, amt, bal) VALUES ('a', 2, 5, 75) USING TIMESTAMP %d"
          % (T0 + 1)),
        q("UPDATE acct USING TIMESTAMP %d SET bal = 70 WHERE id = 'a'" % (T0 + 2)),
        q("UPDATE acct SET bal = 1 WHERE id = 'a' AND txn = 1"),
        q("UPDATE acct SET amt = 1 WHERE id = 'a'"),
        q("SELECT id, txn, bal, amt FROM acct WHERE id = 'a'"),
        q("SELECT DISTINCT id, bal FROM acct"), q("SELECT DISTINCT id, amt FROM acct"),
        q("SELECT bal, writetime(bal) FROM acct WHERE id = 'a' AND txn = 2"),
        q("DELETE bal FROM acct WHERE id = 'a'"),
        q("CREATE TABLE bad1 (id text PRIMARY KEY, s int static)"),
        q("CREATE TABLE bad2 (id text, c int static, PRIMARY KEY (id, c))"),
        q("CREATE TABLE bad3 (id text, c int, s int static, PRIMARY KEY (id, c)) "
          "WITH COMPACT STORAGE"),
        v19.get_slice("a", cparent("acct"), pred(start="")),
        q("SELECT * FROM acct WHERE id = 'a'"),
    ]
    return out


# ------------------------------------------------------------------------- LWT (2.0)
@sc("signup", "cql3", "zzd_lwt", when=V20)
def _signup():
    """A registration service on lightweight transactions, SERIAL reads and Thrift's cas"""
    ks = "zzd_lwt"
    out = mk(ks) + [
        q("CREATE TABLE users (login text PRIMARY KEY, email text, n int)"),
        q("INSERT INTO users (login, email, n) VALUES ('zoe', 'z@x', 1) IF NOT EXISTS"),
        q("INSERT INTO users (login, email, n) VALUES ('zoe', 'other@x', 1) IF NOT EXISTS"),
        q("UPDATE users SET email = 'z2@x' WHERE login = 'zoe' IF email = 'z@x'"),
        q("UPDATE users SET email = 'z3@x' WHERE login = 'zoe' IF email = 'z@x'"),
        q("UPDATE users SET n = 2 WHERE login = 'zoe' IF n = 1 AND email = 'z2@x'"),
        q("UPDATE users SET n = 3 WHERE login = 'ann' IF n = null"),
        q("UPDATE users SET n = 3 WHERE login = 'zoe' IF login = 'zoe'"),
        q("UPDATE users USING TIMESTAMP %d SET n = 3 WHERE login = 'zoe' IF n = 2" % T0),
        q("UPDATE users SET n = 4 WHERE login = 'zoe' IF EXISTS"),
        q("UPDATE users SET n = 4 WHERE login IN ('zoe', 'ann') IF n = 2"),
        q("DELETE FROM users WHERE login = 'bob' IF EXISTS"),
        q("DELETE email FROM users WHERE login = 'zoe' IF n = 99"),
        q("SELECT * FROM users WHERE login = 'zoe'", SERIAL),
        q("SELECT * FROM users", SERIAL),
        q("INSERT INTO users (login, n) VALUES ('zoe', 1) IF NOT EXISTS", SERIAL),
        v19.system_add_column_family(cfd(ks, "Locks", comparator_type="UTF8Type",
                                         key_validation_class="UTF8Type",
                                         default_validation_class="UTF8Type")),
        cas("job1", "Locks", [], [column("owner", "w1", 5)]),
        cas("job1", "Locks", [], [column("owner", "w2", 5)]),
        cas("job1", "Locks", [column("owner", "w1", 5)], [column("owner", "w3", 6)]),
        cas("job1", "Locks", [column("owner", "w1", 5)], []),
        cas("job2", "Locks", None, [column("owner", "w1", 5)], serial=ONE),
        v19.get_slice("job1", cparent("Locks"), pred(start="")).mask("0/*/1/3"),
    ]
    if V >= (2, 0):
        out.append(q("BEGIN BATCH INSERT INTO users (login, n) VALUES ('amy', 1) IF NOT EXISTS "
                     "INSERT INTO users (login, email) VALUES ('amy', 'a@x') APPLY BATCH"))
    return out


# ------------------------------------------------------------------------- UDT, tuples (2.1)
@sc("addresses", "cql3", "zzd_udt", when=V21)
def _addresses():
    """User types, tuples and frozen collections"""
    ks = "zzd_udt"
    out = mk(ks) + [
        q("CREATE TYPE addr (street text, city text, zip int)"),
        q("CREATE TYPE addr (x int)"),
        q("CREATE TABLE people (id int PRIMARY KEY, home frozen<addr>, pt tuple<int, text>, "
          "tags frozen<set<text>>, hist map<text, frozen<list<int>>>)"),
        q("CREATE TABLE bad (id int PRIMARY KEY, home addr)"),
        q("INSERT INTO people (id, home, pt, tags, hist) VALUES (1, {street: 'Hauptstraße 1', "
          "city: 'Köln', zip: 50667}, (3, 'x'), {'a', 'b'}, {'y': [1, 2]}) "
          "USING TIMESTAMP %d" % T0),
        q("INSERT INTO people (id, home) VALUES (2, {street: 'x', nope: 'y'})"),
        q("INSERT INTO people (id, pt) VALUES (3, (1, 'a', 2))"),
        q("INSERT INTO people (id, home) VALUES (4, {city: 'Oslo'}) USING TIMESTAMP %d" % T0),
        q("SELECT id, home.city, pt FROM people"),
        q("SELECT home.nope FROM people"),
        q("UPDATE people SET home.city = 'Bonn' WHERE id = 1"),
        q("ALTER TYPE addr ADD country text"), q("ALTER TYPE addr RENAME zip TO postcode"),
        q("SELECT * FROM people WHERE id = 1"),
        q("DROP TYPE addr"), q("CREATE INDEX ON people (tags)"),
        q("CREATE TABLE tagged (id int PRIMARY KEY, tags set<text>)"),
        q("CREATE INDEX ON tagged (tags)"),
        q("INSERT INTO tagged (id, tags) VALUES (1, {'red'}) USING TIMESTAMP %d" % T0),
        q("SELECT id FROM tagged WHERE tags CONTAINS 'red'"),
        q("SELECT id FROM tagged WHERE tags CONTAINS KEY 'red'"),
    ]
    return out


# ------------------------------------------------------------------------- JSON, new types (2.2)
@sc("jsonapi", "cql3", "zzd_json", when=V22)
def _jsonapi():
    """A JSON API over 2.2: INSERT JSON, SELECT JSON, the new types, aggregates, functions"""
    ks = "zzd_json"
    out = mk(ks) + [
        q("CREATE TABLE docs (id int PRIMARY KEY, d date, t time, s smallint, ty tinyint, "
          "tags set<text>, n text)"),
        q("INSERT INTO docs JSON '{\"id\": 1, \"d\": \"2015-06-01\", \"t\": \"12:00:00\", "
          "\"s\": 7, \"ty\": -1, \"tags\": [\"a\"], \"n\": \"Zoë\"}' USING TIMESTAMP %d" % T0),
        q("INSERT INTO docs JSON '{\"id\": 2, \"nope\": 1}'"),
        q("INSERT INTO docs JSON '{\"id\": \"x\"}'"),
        q("INSERT INTO docs (id, s, ty) VALUES (3, 32768, 1)"),
        q("INSERT INTO docs (id, s, ty, d) VALUES (4, 1, 2, '2015-02-30')"),
        q("INSERT INTO docs (id, s, ty, d, t) VALUES (5, -32768, 127, '1970-01-01', "
          "'23:59:59.999') USING TIMESTAMP %d" % T0),
        q("SELECT JSON * FROM docs WHERE id = 1"), q("SELECT JSON id, n FROM docs"),
        q("SELECT id, toJson(tags), fromJson('1') FROM docs WHERE id = 1"),
        q("SELECT min(s), max(ty), sum(s), avg(s), count(*) FROM docs"),
        q("SELECT sum(n) FROM docs"),
        q("CREATE FUNCTION twice (x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java "
          "AS 'return x * 2;'"),
        q("SELECT toDate(t) FROM docs"),
        q("SELECT id, toUnixTimestamp(d), toTimestamp(d) FROM docs WHERE id = 5"),
    ]
    return out


# ------------------------------------------------------------------------- functions as values
@sc("fnterms", "cql3", "zzd_fnt")
def _fnterms():
    """Function calls where values go: keys, WHERE, collections, token(), bound arguments"""
    ks = "zzd_fnt"
    w = "INSERT INTO f (h, t, n, i, s, x) VALUES (%s) USING TIMESTAMP %d"
    out = mk(ks) + [
        q("CREATE TABLE f (h blob PRIMARY KEY, t text, n bigint, i int, s set<blob>, x ascii)"),
        q(w % ("textAsBlob('k1'), 'a', 1, 1, {textAsBlob('e')}, 'x'", T0)),
        q(w % ("0x6b32, blobAsText(0x62), unixTimestampOf(%s), blobAsInt(0x00000002), "
               "{0x01, bigintAsBlob(3)}, blobAsAscii(0x79)" % tu(MS), T0)),
        q(w % ("0x6b33, blobAsAscii(0x41), 1, 1, {}, blobAsText(0x41)", T0)),
        q(w % ("0x6b34, 'a', 1, blobAsInt(bigintAsBlob(5)), {}, 'x'", T0)),
        q(w % ("0x6b35, 'a', dateOf(%s), 1, {}, 'x'" % tu(MS), T0)),
        q("SELECT h, t, n, i, s, x FROM f"),
        q("SELECT t FROM f WHERE h = textAsBlob('k1')"),
        q("SELECT t FROM f WHERE h IN (textAsBlob('k1'), 0x6b32)"),
        q("SELECT t FROM f WHERE h = blobAsText(0x6b31)"),
        q("SELECT t FROM f WHERE token(h) = token(textAsBlob('k1'))"),
        q("SELECT t FROM f WHERE token(h) > token(0x00) LIMIT 2"),
        q("UPDATE f USING TIMESTAMP %d SET s = s + {textAsBlob('z')}, t = blobAsText(0x7a) "
          "WHERE h = 0x6b32" % (T0 + 1)),
        q("SELECT s, t FROM f WHERE h = 0x6b32"),
        prep("UPDATE f SET t = blobAsText(?) WHERE h = textAsBlob(?)"),
        exe(ks, "UPDATE f SET t = blobAsText(?) WHERE h = textAsBlob(?)", [b"hey", b"k1"]),
        prep("UPDATE f SET i = blobAsInt(?) WHERE h = ?"),
        exe(ks, "UPDATE f SET i = blobAsInt(?) WHERE h = ?", [b"\x00\x01", b"k1"]),
        prep("INSERT INTO f (h, n) VALUES (?, unixTimestampOf(?))"),
        exe(ks, "INSERT INTO f (h, n) VALUES (?, unixTimestampOf(?))", [b"k6", tu(MS).bytes]),
        exe(ks, "INSERT INTO f (h, n) VALUES (?, unixTimestampOf(?))", [b"k7", b"\x01"]),
        q("SELECT h, t, i, n FROM f WHERE h IN (0x6b31, 0x6b36)"),
    ]
    return out


# ------------------------------------------------------------------------- Hadoop-style export
@sc("splits", "cql3", "zzd_spl")
def _splits():
    """A Hadoop input format over a CQL table: splits, paged slices, a wide row paged by CQL"""
    ks = "zzd_spl"
    out = mk(ks) + [
        q("CREATE TABLE ev (src text, seq int, body text, PRIMARY KEY (src, seq))"),
        q("CREATE TABLE flat (k text PRIMARY KEY, n int)")]
    for s in ("a", "b", "c"):
        out += [q("INSERT INTO ev (src, seq, body) VALUES ('%s', %d, 'e%d') USING TIMESTAMP %d"
                  % (s, n, n, T0)) for n in range(4)]
    out += [q("INSERT INTO flat (k, n) VALUES ('f%d', %d) USING TIMESTAMP %d" % (i, i, T0))
            for i in range(5)]
    out += [
        v19.describe_splits("ev", "-9223372036854775808", "-9223372036854775808", 128).mask("0"),
        v19.get_paged_slice("ev", key_range(start_token="-9223372036854775808",
                                            end_token="-9223372036854775808", count=4), ""),
        v19.get_paged_slice("ev", key_range(start_key="", end_key="", count=3),
                            comp(i32b(2), "body")),
        v19.get_paged_slice("flat", key_range(start_key="", end_key="", count=3), ""),
        v19.get_range_slices(cparent("ev"), pred(start="", count=3),
                             key_range(start_key="", end_key="", count=2)),
        q("SELECT src, seq FROM ev WHERE src = 'a' AND seq > 1 LIMIT 1"),
        q("SELECT src, seq FROM ev WHERE src IN ('a', 'b') AND seq >= 2 LIMIT 3"),
        q("SELECT src, seq FROM ev WHERE token(src) > token('a') LIMIT 5"),
        q("SELECT src, seq FROM ev WHERE token(src) >= token('a') AND seq = 2 ALLOW FILTERING"),
        q("SELECT COUNT(*) FROM ev WHERE src = 'b' LIMIT 2"),
        q("SELECT COUNT(*) FROM ev LIMIT 7"),
        q("SELECT src FROM ev WHERE src = 'c' ORDER BY seq DESC LIMIT 2"),
        q("SELECT * FROM flat WHERE k IN ('f1', 'f3', 'zz')"),
        q("SELECT n FROM flat WHERE token(k) <= token('f2')"),
    ]
    return out


# ------------------------------------------------------------------------- prepared LWT (2.0)
@sc("prepared20", "cql3", "zzd_p20", when=V20)
def _prepared20():
    """2.0's prepared statements: conditions, named markers, IN ?, TTL and TIMESTAMP markers"""
    ks = "zzd_p20"
    ins = "INSERT INTO acct (id, bal, note) VALUES (?, ?, ?) IF NOT EXISTS"
    upd = "UPDATE acct SET bal = :nb WHERE id = :id IF bal = :ob"
    sel = "SELECT id, bal FROM acct WHERE id IN ?"
    ttl = "UPDATE acct USING TTL ? AND TIMESTAMP ? SET note = ? WHERE id = ?"
    out = mk(ks) + [q("CREATE TABLE acct (id text PRIMARY KEY, bal int, note text)")]
    for s in (ins, upd, sel, ttl):
        out.append(prep(s))
    out += [
        exe(ks, ins, [b"a", i32b(10), b"n"]), exe(ks, ins, [b"a", i32b(99), b"m"]),
        exe(ks, upd, [i32b(5), b"a", i32b(10)]), exe(ks, upd, [i32b(7), b"a", i32b(10)]),
        exe(ks, upd, [i32b(7), b"zz", i32b(10)]),
        exe(ks, sel, [coll(["a", "zz"])]), exe(ks, sel, [coll([])]),
        exe(ks, sel, [b"\x00\x01"]),
        exe(ks, ttl, [i32b(864000), i64b(T0), b"later", b"b"]),
        exe(ks, ttl, [i32b(-1), i64b(T0), b"x", b"b"]),
        exe(ks, ttl, [b"\x00\x01", i64b(T0), b"x", b"b"]),
        q("SELECT id, note, writetime(note) FROM acct WHERE id = 'b'"),
        prep("SELECT * FROM acct WHERE id = :id AND id = :id"),
        prep("UPDATE acct SET bal = ? WHERE id = ? IF note = ? AND bal = ?"),
        prep("DELETE FROM acct WHERE id = ? IF EXISTS"),
        exe(ks, "DELETE FROM acct WHERE id = ? IF EXISTS", [b"a"]),
        exe(ks, "DELETE FROM acct WHERE id = ? IF EXISTS", [b"a"]),
    ]
    return out
