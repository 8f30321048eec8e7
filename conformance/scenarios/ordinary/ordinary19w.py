"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (author w).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Hector's CqlQuery (set_cql_version, execute_cql3_query at every consistency level) on a
    column family Hector made
  * Astyanax's CQL 3 mode: prepared statements paging a table by token()
  * cassandra-jdbc 1.2's prepared INSERTs bound with empty values (setNull) and wrong widths
  * a static column (2.0.6+) and a table of sets and maps read as raw cells through get_slice
  * 2.1's indexes on collections (CONTAINS, CONTAINS KEY) and older releases' refusals
  * counters written by batch_mutate and by CQL 3 on one column family, counter batches
  * USING TTL and USING TIMESTAMP mixed with deletions; Thrift TTL mistakes
  * lightweight transactions of a registration service; Thrift's cas() on a lock family
  * pycassa 1.9's get_paged_slice, a Hadoop input format's split and token-range calls
  * a client built against 2.1's IDL (fields and methods older releases lacked), one of 1.2's
  * a schema tool's ALTER TABLE steps read back by describe_keyspace, consistency levels
    against one node, a Usergrid-style index of composite names, CQL 3 batches, token()
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (scenario, v19, b, cf_def, ks_def, column_def, column, cparent, cpath, pred,  # noqa: E402
                 key_range, mutation, deletion, ins, counter_column, cosc, index_expr,
                 index_clause, long_, EQ, GT, KEYS_INDEX)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cas, comp, exe, i32b, i64b, ks_cql, multi_slice, prep, splits_ex)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL, ANY, TWO, THREE  # noqa: E402
from kit import SERIAL, LOCAL_SERIAL, LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V20 = VER >= (2, 0)
V21 = VER >= (2, 1)
V22 = VER >= (2, 2)
MIN_TOKEN = kit.MIN_TOKEN


# ---------------------------------------------------------------- Hector CqlQuery
@scenario("w_hector_cqlquery", "19", "cql3", keyspace_reset="w_hcql")
def hector_cqlquery():
    """Hector 1.1's CqlQuery with useCql3(): the column family made by HFactory's
    ThriftCfDef (UTF8 names, typed column metadata), rows written by a Mutator, then CQL 3
    reads at the levels the app's ConfigurableConsistencyLevel handed out (ANY on a read,
    TWO and THREE on one node), an UPDATE read back by Thrift, and a WHERE on a column
    without an index."""
    ks = "w_hcql"
    users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type",
                   column_metadata=[column_def("email", "UTF8Type"),
                                    column_def("age", "Int32Type")])
    m = {"jsmith": {"Users": [ins("email", "js@x.org", 10), ins("age", i32b(31), 10)]},
         "bjones": {"Users": [ins("email", "bj@x.org", 10), ins("age", i32b(44), 10),
                              ins("nick", "bj", 10)]}}
    return [
        v19.system_add_keyspace(ks_def(ks, [users])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.set_cql_version("3.0.0"),
        cql("SELECT * FROM \"Users\""),
        cql("SELECT email, age FROM \"Users\" WHERE key = 'jsmith'", cl=QUORUM),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=ANY),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=TWO),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=THREE),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=ALL),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=LOCAL_QUORUM),
        cql("SELECT email FROM \"Users\" WHERE key = 'jsmith'", cl=EACH_QUORUM),
        cql("SELECT count(*) FROM \"Users\""),
        cql("SELECT * FROM \"Users\" WHERE email = 'js@x.org'"),
        cql("SELECT * FROM Users"),
        cql("UPDATE \"Users\" USING TIMESTAMP 5000 SET email = 'new@x.org' WHERE key = 'jsmith'",
            cl=ANY),
        cql("UPDATE \"Users\" SET age = 'old' WHERE key = 'jsmith'"),
        v19.get_slice("jsmith", cparent("Users"), pred(start="", finish="")).mask("0/*/0/3"),
        cql("SELECT key, email FROM \"Users\" WHERE key IN ('jsmith', 'bjones', 'nobody')"),
        cql("DELETE email FROM \"Users\" USING TIMESTAMP 6000 WHERE key = 'jsmith'"),
        v19.get_count("jsmith", cparent("Users"), pred(start="", finish="")),
    ]


# ---------------------------------------------------------------- Astyanax CQL 3 token paging
@scenario("w_astyanax_token_paging", "19", "cql3", keyspace_reset="w_asty")
def astyanax_token_paging():
    """Astyanax 1.56's CQL 3 mode: a table made by CQL, rows written by a prepared INSERT,
    then the whole table read in pages of four by `token(k) > token(?)` from the last key,
    as its AllRowsReader did over CQL; a statement executed with too many values, an id the
    node never prepared, and a page size bound where LIMIT took no marker (1.2)."""
    ks = "w_asty"
    ins_q = "INSERT INTO items (k, v, n) VALUES (?, ?, ?) USING TIMESTAMP 1000"
    first = "SELECT k, v, n FROM items LIMIT 4"
    page = "SELECT k, v, n FROM items WHERE token(k) > token(?) LIMIT 4"
    keys = ["item%02d" % i for i in range(10)]
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE items (k text PRIMARY KEY, v text, n bigint)"),
             prep(ins_q)]
    for i, k in enumerate(keys):
        steps.append(exe(ks, ins_q, [k, "value %d" % i, i64b(i * 7)]))
    steps += [
        prep(first), exe(ks, first, []),
        prep(page),
        # tokens of Murmur3 put these keys in a fixed order: page from the ones the first page ends on
        cql("SELECT k, token(k) FROM items"),
    ]
    for k in ["item03", "item07", "item00", "item09", "item01"]:
        steps.append(exe(ks, page, [k]))
    steps += [
        exe(ks, page, ["item03", "extra"]),
        v19.execute_prepared_cql3_query(12345, ["x"]),
        prep("SELECT k FROM items WHERE token(k) > token(?) AND token(k) <= token(?)"),
        exe(ks, "SELECT k FROM items WHERE token(k) > token(?) AND token(k) <= token(?)",
            ["item03", "item09"]),
        prep("SELECT k FROM items LIMIT ?"),
        prep("SELECT k FROM items WHERE token(k) > ?"),
        cql("SELECT k FROM items WHERE token(k) > 0 LIMIT 3"),
        cql("SELECT k FROM items WHERE k > 'item03'"),
        cql("SELECT k FROM items WHERE token(k) > token(42)"),
    ]
    return steps


# ---------------------------------------------------------------- cassandra-jdbc null binds
@scenario("w_jdbc_nulls", "19", "cql3", keyspace_reset="w_jdbc")
def jdbc_nulls():
    """cassandra-jdbc 1.2.5's PreparedStatement: setNull bound as an empty buffer for every
    type, values read back through the driver's SELECT; a Java app's setInt of a short,
    setLong of an int, a boolean of two bytes, a text of bad UTF-8, a timestamp of four
    bytes, a uuid of eight; an UPDATE binding the key last; a DELETE with a bound key."""
    ks = "w_jdbc"
    q = ("INSERT INTO rec (id, i, l, t, f, d, u, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
         "USING TIMESTAMP 1000")
    upd = "UPDATE rec USING TIMESTAMP 2000 SET t = ?, i = ? WHERE id = ?"
    dele = "DELETE FROM rec USING TIMESTAMP 3000 WHERE id = ?"
    good = [b"r1", i32b(7), i64b(70), b"seven", b"\x01", _st.pack(">d", 7.5),
            bytes(range(16)), i64b(1380000000000)]
    empt = [b"r2", b"", b"", b"", b"", b"", b"", b""]
    return [
        ks_cql(ks), v19.set_cql_version("3.0.0"), v19.set_keyspace(ks),
        cql("CREATE TABLE rec (id text PRIMARY KEY, i int, l bigint, t text, f boolean, "
            "d double, u uuid, ts timestamp)"),
        prep(q),
        exe(ks, q, good),
        exe(ks, q, empt),
        exe(ks, q, [b"r3", b"\x00\x07", i64b(1), b"x", b"\x01", b"", b"", b""]),
        exe(ks, q, [b"r3", i32b(1), i32b(1), b"x", b"\x01", b"", b"", b""]),
        exe(ks, q, [b"r3", i32b(1), i64b(1), b"x", b"\x00\x01", b"", b"", b""]),
        exe(ks, q, [b"r3", i32b(1), i64b(1), b"\xff\xfe", b"\x01", b"", b"", b""]),
        exe(ks, q, [b"r3", i32b(1), i64b(1), b"x", b"\x01", b"", b"", i32b(9)]),
        exe(ks, q, [b"r3", i32b(1), i64b(1), b"x", b"\x01", b"", bytes(8), b""]),
        exe(ks, q, [b"r3", i32b(1), i64b(1), b"x", b"\x01", b"\x00\x00\x00\x01", b"", b""]),
        exe(ks, q, [b"", i32b(1), i64b(1), b"x", b"\x01", b"", b"", b""]),
        exe(ks, q, good[:7]),
        cql("SELECT * FROM rec"),
        cql("SELECT i, l, t FROM rec WHERE id = 'r2'"),
        prep(upd),
        exe(ks, upd, [b"", i32b(8), b"r1"]),
        exe(ks, upd, [b"eight", b"", b"r9"]),
        cql("SELECT id, t, i FROM rec WHERE id IN ('r1', 'r9')"),
        prep(dele),
        exe(ks, dele, [b"r2"]),
        cql("SELECT id FROM rec"),
    ]


# ---------------------------------------------------------------- static columns over Thrift
@scenario("w_static_thrift", "19", "cql3", keyspace_reset="w_stat")
def static_thrift():
    """An account ledger on 2.0's static columns (a balance shared by the partition's
    statements) written by CQL 3, read by CQL and by a Thrift reporting job through
    get_slice, get_count and get_range_slices on the table's composite cells. On 1.2 the
    CREATE is refused and the app falls back to a table without the static column."""
    ks = "w_stat"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE ledger (acct text, seq int, balance int static, amount int, "
                 "note text, PRIMARY KEY (acct, seq))")]
    if not V20:
        steps.append(cql("CREATE TABLE ledger (acct text, seq int, balance int, amount int, "
                         "note text, PRIMARY KEY (acct, seq))"))
    steps += [
        cql("INSERT INTO ledger (acct, seq, amount, note) VALUES ('a1', 1, 100, 'open') "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO ledger (acct, seq, amount) VALUES ('a1', 2, -30) USING TIMESTAMP 1000"),
        cql("UPDATE ledger USING TIMESTAMP 1100 SET balance = 70 WHERE acct = 'a1'"),
        cql("INSERT INTO ledger (acct, seq, amount) VALUES ('a2', 1, 5) USING TIMESTAMP 1000"),
        cql("SELECT * FROM ledger WHERE acct = 'a1'"),
        cql("SELECT DISTINCT acct, balance FROM ledger"),
        cql("SELECT balance FROM ledger WHERE acct = 'a2'"),
        v19.get_slice("a1", cparent("ledger"), pred(start="", finish="")),
        v19.get_slice("a1", cparent("ledger"), pred(start="", finish="", count=2)),
        v19.get_slice("a1", cparent("ledger"), pred(start="", finish="", reversed=True,
                                                    count=3)),
        v19.get_count("a1", cparent("ledger"), pred(start="", finish="")),
        v19.multiget_count(["a1", "a2", "a3"], cparent("ledger"), pred(start="", finish="")),
        v19.get_range_slices(cparent("ledger"), pred(start="", finish="", count=3),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN)),
        cql("DELETE balance FROM ledger USING TIMESTAMP 1200 WHERE acct = 'a1'"),
        v19.get_slice("a1", cparent("ledger"), pred(start="", finish="")),
        cql("UPDATE ledger USING TIMESTAMP 1300 SET balance = 1 WHERE acct = 'a1' AND seq = 1"),
        v19.insert("a1", cparent("ledger"), column(comp(i32b(3), "amount"), i32b(9), 10)),
    ]
    return steps


# ---------------------------------------------------------------- collections as raw cells
@scenario("w_collection_cells", "19", "cql3", keyspace_reset="w_coll")
def collection_cells():
    """A profile table of a set and a map (1.2's collections) written by CQL 3 and read by
    a legacy Thrift exporter as raw composite cells: get_slice whole and by count,
    reversed, a slice bounded to one collection by end-of-component bytes, multiget, and
    get_count after elements were removed."""
    ks = "w_coll"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE prof (id text PRIMARY KEY, name text, tags set<text>, "
            "attrs map<text, int>)"),
        cql("INSERT INTO prof (id, name, tags, attrs) VALUES ('p1', 'Ann', {'b', 'a', 'c'}, "
            "{'h': 170, 'w': 60}) USING TIMESTAMP 1000"),
        cql("UPDATE prof USING TIMESTAMP 1100 SET tags = tags + {'d'}, attrs['age'] = 33 "
            "WHERE id = 'p1'"),
        cql("INSERT INTO prof (id, name) VALUES ('p2', 'Bob') USING TIMESTAMP 1000"),
        cql("SELECT * FROM prof WHERE id = 'p1'"),
        v19.get_slice("p1", cparent("prof"), pred(start="", finish="")),
        v19.get_slice("p1", cparent("prof"), pred(start="", finish="", count=3)),
        v19.get_slice("p1", cparent("prof"), pred(start="", finish="", reversed=True, count=2)),
        v19.get_slice("p1", cparent("prof"), pred(start=comp("tags"), finish=comp("tags", eoc=1))),
        v19.get_slice("p1", cparent("prof"), pred(start=comp("attrs", "h"),
                                                  finish=comp("attrs", eoc=1))),
        v19.multiget_slice(["p1", "p2"], cparent("prof"), pred(start="", finish="")),
        cql("UPDATE prof USING TIMESTAMP 1200 SET tags = tags - {'a'} WHERE id = 'p1'"),
        cql("DELETE attrs['w'] FROM prof USING TIMESTAMP 1200 WHERE id = 'p1'"),
        v19.get_count("p1", cparent("prof"), pred(start="", finish="")),
        cql("SELECT tags, attrs FROM prof WHERE id = 'p1'"),
        cql("UPDATE prof USING TIMESTAMP 1300 SET tags = {} WHERE id = 'p1'"),
        cql("SELECT tags FROM prof WHERE id = 'p1'"),
        cql("SELECT * FROM prof WHERE tags = {'b'}"),
    ]


# ---------------------------------------------------------------- indexes on collections
@scenario("w_collection_index", "19", "cql3", keyspace_reset="w_cidx")
def collection_index():
    """A product catalogue on 2.1's secondary indexes over collections: tags (set) by
    CONTAINS, attributes (map) by CONTAINS KEY and by value, a list of sizes; the same app
    on a release without them meets the refusals."""
    ks = "w_cidx"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE prod (id int PRIMARY KEY, name text, tags set<text>, "
            "attrs map<text, text>, sizes list<int>)"),
        # the indexes come before the rows: an index built over existing rows is built in
        # the background
        cql("CREATE INDEX prod_tags ON prod (tags)"),
        cql("CREATE INDEX prod_attr_keys ON prod (KEYS(attrs))"),
        cql("CREATE INDEX prod_attrs ON prod (attrs)"),
        cql("CREATE INDEX ON prod (sizes)"),
        cql("INSERT INTO prod (id, name, tags, attrs, sizes) VALUES (1, 'shoe', {'red', 'sale'}, "
            "{'brand': 'acme', 'fit': 'wide'}, [40, 41]) USING TIMESTAMP 1000"),
        cql("INSERT INTO prod (id, name, tags, attrs, sizes) VALUES (2, 'boot', {'black'}, "
            "{'brand': 'zeta'}, [41, 42]) USING TIMESTAMP 1000"),
        cql("INSERT INTO prod (id, name, tags) VALUES (3, 'sock', {'red'}) USING TIMESTAMP 1000"),
        cql("SELECT id, name FROM prod WHERE tags CONTAINS 'red'"),
        cql("SELECT id FROM prod WHERE attrs CONTAINS KEY 'fit'"),
        cql("SELECT id FROM prod WHERE attrs CONTAINS 'zeta'"),
        cql("SELECT id FROM prod WHERE sizes CONTAINS 41"),
        cql("SELECT id FROM prod WHERE tags CONTAINS 'red' AND sizes CONTAINS 40 ALLOW FILTERING"),
        cql("SELECT id FROM prod WHERE tags CONTAINS 42"),
        cql("SELECT id FROM prod WHERE name CONTAINS 'shoe'"),
        cql("SELECT id FROM prod WHERE tags = {'red'}"),
        cql("UPDATE prod USING TIMESTAMP 1100 SET tags = tags - {'red'} WHERE id = 3"),
        cql("SELECT id FROM prod WHERE tags CONTAINS 'red'"),
        cql("DROP INDEX prod_tags"),
        cql("SELECT id FROM prod WHERE tags CONTAINS 'red'"),
    ]


# ---------------------------------------------------------------- counters mixed
@scenario("w_counters_mixed", "19", "counters", keyspace_reset="w_cnt")
def counters_mixed():
    """Page-view counters of a Thrift app (a CounterColumnType family incremented by
    batch_mutate) read and bumped by a newer CQL 3 dashboard, and a CQL 3 counter table
    fed by counter batches; the mistakes: a counter in a logged batch, a SET of a counter,
    an INSERT into a counter table, a counter mixed with a regular column."""
    ks = "w_cnt"
    hits = cf_def(ks, "hits", comparator="UTF8Type", key_validation="UTF8Type",
                  default_validation="CounterColumnType")

    def cadd(name, n):
        return mutation(cosc(counter_column=counter_column(name, n)))

    m = {"/home": {"hits": [cadd("2013-09-01", 3), cadd("2013-09-02", 5)]},
         "/about": {"hits": [cadd("2013-09-01", 1)]}}
    return [
        v19.system_add_keyspace(ks_def(ks, [hits])),
        v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.batch_mutate({"/home": {"hits": [cadd("2013-09-01", 2)]}}),
        v19.get_slice("/home", cparent("hits"), pred(start="", finish="")),
        cql("SELECT * FROM hits"),
        cql("SELECT column1, value FROM hits WHERE key = '/home' AND column1 > '2013-09-01'"),
        cql("UPDATE hits SET value = value + 10 WHERE key = '/home' AND column1 = '2013-09-02'"),
        cql("UPDATE hits SET value = 10 WHERE key = '/home' AND column1 = '2013-09-02'"),
        v19.get("/home", cpath("hits", col="2013-09-02")),
        v19.multiget_count(["/home", "/about"], cparent("hits"), pred(start="", finish="")),
        cql("CREATE TABLE daily (page text, day text, views counter, uniq counter, "
            "PRIMARY KEY (page, day))"),
        cql("BEGIN COUNTER BATCH UPDATE daily SET views = views + 1 WHERE page = 'p' AND "
            "day = 'd1'; UPDATE daily SET views = views + 2, uniq = uniq + 1 WHERE page = 'p' "
            "AND day = 'd2'; APPLY BATCH"),
        cql("BEGIN BATCH UPDATE daily SET views = views + 1 WHERE page = 'p' AND day = 'd1'; "
            "APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH UPDATE daily SET views = views + 1 WHERE page = 'p' AND "
            "day = 'd1'; APPLY BATCH"),
        cql("INSERT INTO daily (page, day, views) VALUES ('p', 'd3', 1)"),
        cql("UPDATE daily SET views = views - 1 WHERE page = 'p' AND day = 'd2'"),
        cql("SELECT * FROM daily WHERE page = 'p'"),
        cql("UPDATE daily USING TIMESTAMP 5 SET views = views + 1 WHERE page = 'p' AND day = 'd1'"),
        cql("UPDATE daily USING TTL 5 SET views = views + 1 WHERE page = 'p' AND day = 'd1'"),
        cql("CREATE TABLE mix (k text PRIMARY KEY, c counter, v text)"),
        # counter cells carry the node's clock
        v19.get_slice("p", cparent("daily"), pred(start="", finish="")).mask("0/*/1/3"),
        v19.add("p", cparent("daily"), counter_column(comp("d1", "views"), 4)),
        cql("SELECT views FROM daily WHERE page = 'p' AND day = 'd1'"),
        cql("DELETE views FROM daily WHERE page = 'p' AND day = 'd2'"),
        cql("SELECT * FROM daily WHERE page = 'p'"),
    ]


# ---------------------------------------------------------------- TTL + USING TIMESTAMP
@scenario("w_ttl_timestamps", "19", "cql3", keyspace_reset="w_ttl")
def ttl_timestamps():
    """A cache whose writers set their own timestamps: an older write that loses, a
    deletion older than the data, a deletion newer than a later write, writetime() read
    back, TTLs of zero, negative and beyond twenty years, and the Thrift side's TTL
    mistakes on the same family."""
    ks = "w_ttl"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE cache (k text PRIMARY KEY, v text, hits int)"),
        cql("INSERT INTO cache (k, v, hits) VALUES ('a', 'one', 1) USING TTL 86400 AND "
            "TIMESTAMP 1000"),
        cql("UPDATE cache USING TIMESTAMP 500 SET v = 'stale' WHERE k = 'a'"),
        cql("SELECT v, writetime(v), writetime(hits) FROM cache WHERE k = 'a'"),
        cql("DELETE FROM cache USING TIMESTAMP 900 WHERE k = 'a'"),
        cql("SELECT v FROM cache WHERE k = 'a'"),
        cql("DELETE FROM cache USING TIMESTAMP 2000 WHERE k = 'a'"),
        cql("INSERT INTO cache (k, v) VALUES ('a', 'again') USING TIMESTAMP 1500"),
        cql("SELECT v FROM cache WHERE k = 'a'"),
        cql("INSERT INTO cache (k, v) VALUES ('a', 'later') USING TIMESTAMP 2500"),
        cql("SELECT k, v, hits FROM cache WHERE k = 'a'"),
        cql("INSERT INTO cache (k, v) VALUES ('b', 'zero') USING TTL 0 AND TIMESTAMP 1000"),
        cql("SELECT v, writetime(v) FROM cache WHERE k = 'b'"),
        cql("INSERT INTO cache (k, v) VALUES ('c', 'neg') USING TTL -1"),
        cql("INSERT INTO cache (k, v) VALUES ('c', 'big') USING TTL 630720001"),
        cql("UPDATE cache USING TIMESTAMP 1000 AND TTL 60 SET v = 'x' WHERE k = 'd'"),
        cql("INSERT INTO cache (k, v) VALUES ('e', 'e') USING TIMESTAMP 'now'"),
        cql("INSERT INTO cache (k, v) VALUES ('e', 'e') USING TIMESTAMP -5"),
        cql("SELECT writetime(k) FROM cache"),
        cql("SELECT ttl(hits), writetime(hits) FROM cache WHERE k = 'b'"),
        v19.insert("t1", cparent("cache"), column(comp("v"), "thrift", 10, ttl=0)),
        v19.insert("t1", cparent("cache"), column(comp("v"), "thrift", 10, ttl=-5)),
        v19.insert("t1", cparent("cache"), column("v", "thrift", 10, ttl=60)),
    ]


# ---------------------------------------------------------------- LWT registration
@scenario("w_lwt_registration", "19", "cql3", keyspace_reset="w_lwt")
def lwt_registration():
    """A sign-up service on 2.0's lightweight transactions: claim a user name IF NOT
    EXISTS (twice), confirm an e-mail IF the token matches (and when it does not), change
    a password IF EXISTS, delete an account IF a flag is set, and the mistakes: a custom
    timestamp on a conditional update, a condition on the key, IF NOT EXISTS on an UPDATE.
    On 1.2 the conditions are syntax errors."""
    ks = "w_lwt"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        # `token` is a keyword: the first schema is refused, the app renames the column
        cql("CREATE TABLE accounts (name text PRIMARY KEY, email text, token text, "
            "confirmed boolean, pw text)"),
        cql("CREATE TABLE accounts (name text PRIMARY KEY, email text, tok text, "
            "confirmed boolean, pw text)"),
        cql("INSERT INTO accounts (name, email, tok, confirmed) VALUES ('ann', 'a@x', "
            "'t1', false) IF NOT EXISTS", cl=QUORUM),
        cql("INSERT INTO accounts (name, email, tok, confirmed) VALUES ('ann', 'other@x', "
            "'t9', false) IF NOT EXISTS", cl=QUORUM),
        cql("UPDATE accounts SET confirmed = true WHERE name = 'ann' IF tok = 'zz'"),
        cql("UPDATE accounts SET confirmed = true, tok = null WHERE name = 'ann' IF tok = 't1'"),
        cql("UPDATE accounts SET pw = 'h1' WHERE name = 'ann' IF EXISTS"),
        cql("UPDATE accounts SET pw = 'h1' WHERE name = 'bob' IF EXISTS"),
        cql("UPDATE accounts SET pw = 'h2' WHERE name = 'bob' IF email = 'b@x'"),
        cql("SELECT name, email, tok, confirmed, pw FROM accounts WHERE name = 'ann'"),
        cql("SELECT name, email FROM accounts WHERE name = 'ann'", cl=SERIAL),
        cql("INSERT INTO accounts (name, email) VALUES ('cat', 'c@x') IF NOT EXISTS "
            "USING TIMESTAMP 5"),
        cql("UPDATE accounts USING TIMESTAMP 5 SET pw = 'x' WHERE name = 'ann' IF pw = 'h1'"),
        cql("UPDATE accounts SET pw = 'x' WHERE name = 'ann' IF name = 'ann'"),
        cql("UPDATE accounts SET pw = 'x' WHERE name = 'ann' IF NOT EXISTS"),
        cql("UPDATE accounts SET pw = 'x' WHERE name IN ('ann', 'bob') IF pw = 'h1'"),
        cql("DELETE FROM accounts WHERE name = 'ann' IF confirmed = false"),
        cql("DELETE FROM accounts WHERE name = 'ann' IF confirmed = true"),
        cql("DELETE FROM accounts WHERE name = 'ann' IF EXISTS"),
        cql("SELECT * FROM accounts"),
        cql("INSERT INTO accounts (name) VALUES ('dan') IF NOT EXISTS", cl=SERIAL),
    ]


# ---------------------------------------------------------------- Thrift cas() locks
@scenario("w_thrift_cas_lock", "19", "cas", keyspace_reset="w_cas")
def thrift_cas_lock():
    """A job scheduler's leases on Thrift's cas(): take a free lease (expected nothing),
    fail to take it again (current values back), renew with the owner expected, release
    by cas to no columns; the mistakes: SERIAL as the commit level, a counter family,
    a missing keyspace. On 1.2 the method does not exist."""
    ks = "w_cas"
    leases = cf_def(ks, "leases", comparator="UTF8Type", key_validation="UTF8Type",
                    default_validation="UTF8Type")
    ctr = cf_def(ks, "ctr", comparator="UTF8Type", default_validation="CounterColumnType")
    return [
        v19.system_add_keyspace(ks_def(ks, [leases, ctr])),
        cas("job1", "leases", [], [column("owner", "w1", 10)]),
        v19.set_keyspace(ks),
        cas("job1", "leases", [], [column("owner", "w1", 10)]),
        cas("job1", "leases", [], [column("owner", "w2", 11)]),
        cas("job1", "leases", [column("owner", "w2", None)], [column("owner", "w2", 12)]),
        cas("job1", "leases", [column("owner", "w1", None)],
            [column("owner", "w1", 13), column("renewed", "1", 13)]),
        v19.get_slice("job1", cparent("leases"), pred(start="", finish="")).mask("0/*/1/3"),
        cas("job1", "leases", [column("owner", "w1", None), column("renewed", "1", None)], []),
        cas("job2", "leases", None, [column("owner", "w1", 10)], commit=SERIAL),
        v19.set_keyspace(ks),
        cas("job2", "leases", None, [column("owner", "w1", 10)], serial=QUORUM),
        cas("job2", "ctr", None, [column("n", i64b(1), 10)]),
        cas("job2", "nosuch", None, [column("owner", "w1", 10)]),
        cas("", "leases", None, [column("owner", "w1", 10)]),
        cas("job3", "leases", [column("owner", None, None)], [column("owner", "w3", 10)]),
        cas("job3", "leases", None, [column("owner", "w3", 10)], serial=LOCAL_SERIAL,
            commit=LOCAL_QUORUM),
        v19.multiget_slice(["job1", "job2", "job3"], cparent("leases"),
                           pred(start="", finish="")).mask("0/*/1/*/0/3"),
    ]


# ---------------------------------------------------------------- pycassa get_paged_slice
@scenario("w_pycassa_paged", "19", "ranges", keyspace_reset="w_pag")
def pycassa_paged():
    """pycassa 1.9's ColumnFamily.get_range with a wide-row buffer (get_paged_slice): a
    LongType time line of three rows paged by column across rows, from a start column, a
    start key and a token range; empty rows after a deletion; the mistakes: an end key
    with a start column, a count of zero."""
    ks = "w_pag"
    tl = cf_def(ks, "timeline", comparator="LongType", key_validation="UTF8Type",
                default_validation="UTF8Type")
    m = {}
    for r in ("r1", "r2", "r3"):
        m[r] = {"timeline": [ins(long_(i), "%s-%d" % (r, i), 10) for i in range(5)]}
    steps = [v19.system_add_keyspace(ks_def(ks, [tl])), v19.set_keyspace(ks),
             v19.batch_mutate(m)]
    steps += [
        v19.get_paged_slice("timeline", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=7), ""),
        v19.get_paged_slice("timeline", key_range(start_key="r2", end_token=MIN_TOKEN,
                                                  count=6), long_(3)),
        v19.get_paged_slice("timeline", key_range(start_key="r1", end_key="",
                                                  count=4), long_(2)),
        v19.get_paged_slice("timeline", key_range(start_token="0", end_token=MIN_TOKEN,
                                                  count=3), ""),
        v19.get_paged_slice("timeline", key_range(start_key="r1", end_key="r3", count=4), ""),
        v19.get_paged_slice("timeline", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=0), ""),
        v19.get_paged_slice("timeline", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=5), "abc"),
        v19.remove("r2", cpath("timeline"), 20),
        v19.get_paged_slice("timeline", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=20), ""),
        v19.get_range_slices(cparent("timeline"), pred(start="", finish="", count=2),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_paged_slice("nosuch", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN), ""),
    ]
    return steps


# ---------------------------------------------------------------- Hadoop input format
@scenario("w_hadoop_input", "19", "ranges", keyspace_reset="w_hdp")
def hadoop_input():
    """ColumnFamilyInputFormat of 1.2-2.2: describe_ring and describe_token_map for the
    splits, describe_splits_ex per range, describe_splits of the old API, then the record
    reader's get_range_slices by token ranges (a wrapping range, a sub-range, a range that
    starts where the last row's token was) and the mistakes: an unknown family, a range
    of both keys and tokens, a key range on Murmur3 with its start after its end."""
    ks = "w_hdp"
    words = cf_def(ks, "words", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type")
    m = {"line%d" % i: {"words": [ins("text", "the quick fox %d" % i, 10)]} for i in range(8)}
    return [
        v19.system_add_keyspace(ks_def(ks, [words])), v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.describe_ring(ks),
        v19.describe_token_map(),
        splits_ex("words", MIN_TOKEN, MIN_TOKEN, 65536),
        splits_ex("words", "0", "0", 2),
        v19.describe_splits("words", "0", "100", 128).mask("0"),
        v19.get_range_slices(cparent("words"), pred(start="", finish="", count=10),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=3)),
        v19.get_range_slices(cparent("words"), pred(start="", finish="", count=10),
                             key_range(start_token="0", end_token="-4611686018427387904",
                                       count=20)),
        v19.get_range_slices(cparent("words"), pred(start="", finish="", count=10),
                             key_range(start_token="-3000000000000000000",
                                       end_token="3000000000000000000", count=20)),
        v19.get_range_slices(cparent("words"), pred(names=["text"]),
                             key_range(start_key="line1", end_token="0", count=20)),
        v19.get_range_slices(cparent("words"), pred(names=["text"]),
                             key_range(start_key="line1", end_key="line2", count=20)),
        v19.get_range_slices(cparent("words"), pred(names=["text"]),
                             key_range(start_key="line1", start_token="0", count=20)),
        v19.get_range_slices(cparent("nosuch"), pred(names=["text"]),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=20)),
        splits_ex("nosuch", MIN_TOKEN, MIN_TOKEN, 128),
        v19.set_keyspace(ks),
        v19.get_range_slices(cparent("words"), pred(names=["text"]),
                             key_range(start_token="abc", end_token="0", count=20)),
    ]


# ---------------------------------------------------------------- later IDL client
def cfdef21(ks, name, **kw):
    """A CfDef as a 2.1-built client filled it: the deprecated fields left unset, 2.0's
    and 2.1's own fields set."""
    extra = {39: W.i32(0), 40: W.i32(0), 42: b("99.0PERCENTILE"), 43: W.list_("struct", []),
             44: b("100"), 45: W.i32(128), 46: W.i32(2048)}
    extra.update(kw.pop("extra", {}))
    return cf_def(ks, name, extra=extra, **kw)


@scenario("w_client_21_idl", "19", "schema", keyspace_reset="w_idl21")
def client_21_idl():
    """An application built against 2.1's IDL (a 2.1-era Astyanax): its CfDef with
    memtable_flush_period_in_ms, default_time_to_live, speculative_retry, triggers,
    cells_per_row_to_cache and the index interval bounds; get_multi_slice for its time
    series; describe_local_ring; the family read back by describe_keyspace. On older
    releases the fields they lacked are skipped and the methods are unknown."""
    ks = "w_idl21"
    ev = cfdef21(ks, "events", comparator="LongType", key_validation="UTF8Type",
                 default_validation="UTF8Type")
    m = {"s1": {"events": [ins(long_(i), "e%d" % i, 10) for i in range(6)]}}
    return [
        v19.system_add_keyspace(ks_def(ks, [ev])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.batch_mutate(m),
        multi_slice("s1", "events", [(long_(0), long_(1)), (long_(4), long_(5))]),
        multi_slice("s1", "events", [(long_(0), long_(5))], reversed_=True, count=2),
        D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                       "0/*/5"),
        v19.system_update_column_family(cfdef21(ks, "events", comparator="LongType",
                                                key_validation="UTF8Type",
                                                default_validation="UTF8Type",
                                                extra={40: W.i32(3600), 45: W.i32(64)})),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.system_add_column_family(cfdef21(ks, "bad", comparator="UTF8Type",
                                             extra={44: b("lots")})),
        v19.system_add_column_family(cfdef21(ks, "bad2", comparator="UTF8Type",
                                             extra={45: W.i32(4096), 46: W.i32(128)})),
        v19.system_add_column_family(cfdef21(ks, "bad3", comparator="UTF8Type",
                                             extra={42: b("sometimes")})),
    ]


@scenario("w_client_12_idl", "19", "schema", keyspace_reset="w_idl12")
def client_12_idl():
    """An application built against 1.2's IDL (Hector 1.1-4): its CfDef filled with
    replicate_on_write, populate_io_cache_on_flush, index_interval, row_cache_provider-era
    caching strings and merge_shards_chance as it set them, read back by describe_keyspace;
    an update changing only the caching and the index interval."""
    ks = "w_idl12"
    extra = {12: W.double(0.1), 17: W.i32(4), 18: W.i32(32), 24: W.boolean(True),
             34: b("KEYS_ONLY"), 37: W.double(0.0), 38: W.boolean(False), 41: W.i32(128)}
    cf = cf_def(ks, "prefs", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type", extra=dict(extra))
    upd = dict(extra)
    upd.update({34: b("ALL"), 41: W.i32(256)})
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.insert("u1", cparent("prefs"), column("theme", "dark", 10)),
        v19.system_update_column_family(cf_def(ks, "prefs", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type", extra=upd)),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.system_update_column_family(cf_def(ks, "prefs", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={34: b("SOMETIMES")})),
        v19.set_keyspace(ks),
        v19.get("u1", cpath("prefs", col="theme")),
    ]


# ---------------------------------------------------------------- schema tool ALTERs
@scenario("w_schema_alters", "19", "schema", keyspace_reset="w_alt")
def schema_alters():
    """A CQL 3 migration tool: a table created with options, columns added, a type
    changed, a column renamed and dropped, a property altered, each step read back the
    way the tool's Thrift side saw it (describe_keyspace), and the mistakes: adding a
    column that exists, renaming a regular column, altering a key's type incompatibly."""
    ks = "w_alt"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE evt (id text, at int, body text, PRIMARY KEY (id, at)) WITH "
            "comment = 'events' AND gc_grace_seconds = 3600"),
        cql("ALTER TABLE evt ADD src text"),
        cql("ALTER TABLE evt ADD src int"),
        cql("ALTER TABLE evt ALTER body TYPE blob"),
        cql("ALTER TABLE evt ALTER at TYPE text"),
        cql("ALTER TABLE evt RENAME at TO ts"),
        cql("ALTER TABLE evt RENAME body TO payload"),
        cql("ALTER TABLE evt DROP src"),
        cql("ALTER TABLE evt WITH comment = 'v2' AND read_repair_chance = 0.2"),
        cql("ALTER TABLE evt WITH nosuch = 1"),
        cql("INSERT INTO evt (id, ts, body) VALUES ('e', 1, 0x00) USING TIMESTAMP 1000"),
        cql("SELECT * FROM evt"),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        cql("CREATE TABLE evt (id text PRIMARY KEY)"),
        cql("CREATE TABLE IF NOT EXISTS evt (id text PRIMARY KEY)"),
        cql("DROP TABLE evt"),
        cql("DROP TABLE IF EXISTS evt"),
        cql("DROP TABLE evt"),
    ]


# ---------------------------------------------------------------- consistency levels
@scenario("w_consistency_levels", "19", "consistency", keyspace_reset="w_cl")
def consistency_levels():
    """A service whose DAO took the consistency level from configuration, on one node:
    Thrift writes and reads at every level of the release (LOCAL_ONE from 2.0), SERIAL
    where it is no read or write level, and a NetworkTopologyStrategy keyspace naming a
    data centre the snitch does not have."""
    ks = "w_cl"
    cf = cf_def(ks, "kv", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type")
    steps = [v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks)]
    levels = [ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL, ANY, TWO, THREE]
    if V20:
        levels += [SERIAL, LOCAL_SERIAL, LOCAL_ONE]
    for i, cl in enumerate(levels):
        steps.append(v19.insert("k", cparent("kv"), column("c%d" % cl, "v", 10 + i), cl=cl))
        steps.append(v19.get("k", cpath("kv", col="c%d" % cl), cl=cl))
    steps.append(v19.get_slice("k", cparent("kv"), pred(start="", finish=""), cl=12))
    ks2 = "w_cl_nts"
    steps += [
        v19.system_add_keyspace(ks_def(ks2, [cf_def(ks2, "kv", comparator="UTF8Type")],
                                       strategy="org.apache.cassandra.locator."
                                                "NetworkTopologyStrategy",
                                       options={"DC9": "1"})),
        v19.set_keyspace(ks2),
        v19.insert("k", cparent("kv"), column("c", "v", 10)),
        v19.insert("k", cparent("kv"), column("c", "v", 10), cl=LOCAL_QUORUM),
        v19.insert("k", cparent("kv"), column("c", "v", 10), cl=ANY),
        v19.get("k", cpath("kv", col="c")),
        v19.get("k", cpath("kv", col="c"), cl=EACH_QUORUM),
        v19.system_drop_keyspace(ks2),
    ]
    return steps


# ---------------------------------------------------------------- Usergrid-style index
@scenario("w_usergrid_index", "19", "composites", keyspace_reset="w_ug")
def usergrid_index():
    """A Usergrid-style store: entities in rows keyed by UUID (UUIDType keys), a
    collection's index rows of CompositeType(UTF8Type, UUIDType) names (property value,
    entity id), read by a slice for one value, a prefix range, a reversed page; entities
    fetched by multiget; an index entry removed by a Deletion naming its composite; a
    key of the wrong width."""
    ks = "w_ug"
    ents = cf_def(ks, "Entity_Properties", comparator="UTF8Type", key_validation="UUIDType",
                  default_validation="BytesType")
    idx = cf_def(ks, "Entity_Index_Entries", comparator="CompositeType(UTF8Type,UUIDType)",
                 key_validation="UTF8Type", default_validation="BytesType")
    u = [bytes([0x10 + i] * 4) + bytes(12) for i in range(4)]
    names = ["ann", "bob", "bob", "cat"]
    m = {}
    for i in range(4):
        m[u[i]] = {"Entity_Properties": [ins("name", names[i], 10), ins("type", "user", 10)]}
    m[b"users:name"] = {"Entity_Index_Entries": [ins(comp(names[i], u[i]), b"", 10)
                                                 for i in range(4)]}
    return [
        v19.system_add_keyspace(ks_def(ks, [ents, idx])), v19.set_keyspace(ks),
        v19.batch_mutate(m),
        v19.get_slice("users:name", cparent("Entity_Index_Entries"),
                      pred(start=comp("bob"), finish=comp("bob", eoc=1))),
        v19.get_slice("users:name", cparent("Entity_Index_Entries"),
                      pred(start=comp("b"), finish=comp("c", eoc=-1))),
        v19.get_slice("users:name", cparent("Entity_Index_Entries"),
                      pred(start="", finish="", reversed=True, count=2)),
        v19.multiget_slice([u[1], u[2], bytes(16)], cparent("Entity_Properties"),
                           pred(names=["name"])),
        v19.batch_mutate({b"users:name": {"Entity_Index_Entries": [
            mutation(deletion_=deletion(20, predicate=pred(names=[comp("bob", u[1])])))]}}),
        v19.get_count("users:name", cparent("Entity_Index_Entries"), pred(start="", finish="")),
        v19.get_slice(b"\x01\x02", cparent("Entity_Properties"), pred(start="", finish="")),
        v19.insert("users:name", cparent("Entity_Index_Entries"),
                   column(comp("dan", b"\x01\x02"), b"", 10)),
        v19.get_slice("users:name", cparent("Entity_Index_Entries"),
                      pred(start=comp("bob", eoc=1), finish="")),
    ]


# ---------------------------------------------------------------- CQL 3 batches
@scenario("w_cql_batches", "19", "cql3", keyspace_reset="w_bat")
def cql_batches():
    """An order service's CQL 3 batches: an order and its lines in one logged batch with a
    batch timestamp, an unlogged batch across two tables, a batch whose statements carry
    their own timestamps (and one that carries both), a batch with a SELECT in it, a
    conditional batch of one partition and of two (2.0), and a prepared batch."""
    ks = "w_bat"
    pb = ("BEGIN BATCH INSERT INTO orders (id, cust) VALUES (?, ?); "
          "INSERT INTO lines (oid, n, sku) VALUES (?, 1, ?); APPLY BATCH")
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, cust text, total int)"),
        cql("CREATE TABLE lines (oid int, n int, sku text, PRIMARY KEY (oid, n))"),
        cql("BEGIN BATCH USING TIMESTAMP 1000 INSERT INTO orders (id, cust) VALUES (1, 'c1'); "
            "INSERT INTO lines (oid, n, sku) VALUES (1, 1, 's1'); "
            "INSERT INTO lines (oid, n, sku) VALUES (1, 2, 's2'); APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH INSERT INTO orders (id, cust) VALUES (2, 'c2') USING "
            "TIMESTAMP 1000; UPDATE lines USING TIMESTAMP 1000 SET sku = 's3' WHERE oid = 2 "
            "AND n = 1; APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 1100 INSERT INTO orders (id, cust) VALUES (3, 'c3') "
            "USING TIMESTAMP 1000; APPLY BATCH"),
        cql("BEGIN BATCH SELECT * FROM orders; APPLY BATCH"),
        cql("BEGIN BATCH APPLY BATCH"),
        cql("BEGIN BATCH DELETE FROM lines USING TIMESTAMP 1200 WHERE oid = 1 AND n = 2; "
            "UPDATE orders USING TIMESTAMP 1200 SET total = 10 WHERE id = 1 APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 1200 DELETE FROM lines WHERE oid = 1 AND n = 2; "
            "UPDATE orders SET total = 10 WHERE id = 1; APPLY BATCH"),
        cql("SELECT * FROM orders"),
        cql("SELECT * FROM lines"),
        cql("BEGIN BATCH UPDATE orders SET total = 20 WHERE id = 1 IF total = 10; "
            "UPDATE orders SET cust = 'c1b' WHERE id = 1; APPLY BATCH"),
        cql("BEGIN BATCH UPDATE orders SET total = 30 WHERE id = 1 IF total = 20; "
            "UPDATE orders SET total = 30 WHERE id = 2; APPLY BATCH"),
        cql("BEGIN BATCH UPDATE orders SET total = 30 WHERE id = 1 IF total = 20; "
            "UPDATE lines SET sku = 'x' WHERE oid = 1 AND n = 1; APPLY BATCH"),
        prep(pb),
        exe(ks, pb, [i32b(4), b"c4", i32b(4), b"s4"]),
        cql("SELECT id, cust FROM orders WHERE id = 4"),
        cql("SELECT sku FROM lines WHERE oid = 4"),
    ]


# ---------------------------------------------------------------- token() queries
@scenario("w_token_queries", "19", "cql3", keyspace_reset="w_tok")
def token_queries():
    """A sharded scanner's token() use in CQL 3: the token of a compound partition key, a
    token range in two bounds, equality on a token, a token compared with a literal of the
    wrong type, token() of a clustering column, of a column missing from the key, and a
    trace of one scan (its session id masked)."""
    ks = "w_tok"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE pts (dev text, day int, at int, v int, PRIMARY KEY ((dev, day), at))"),
        cql("INSERT INTO pts (dev, day, at, v) VALUES ('d1', 1, 1, 10) USING TIMESTAMP 1000"),
        cql("INSERT INTO pts (dev, day, at, v) VALUES ('d1', 2, 1, 20) USING TIMESTAMP 1000"),
        cql("INSERT INTO pts (dev, day, at, v) VALUES ('d2', 1, 1, 30) USING TIMESTAMP 1000"),
        cql("SELECT dev, day, token(dev, day) FROM pts"),
        cql("SELECT dev, day FROM pts WHERE token(dev, day) > token('d1', 1)"),
        cql("SELECT dev, day FROM pts WHERE token(dev, day) >= -9223372036854775808 AND "
            "token(dev, day) < 0"),
        cql("SELECT dev, day FROM pts WHERE token(dev, day) = token('d1', 2)"),
        cql("SELECT dev FROM pts WHERE token(dev) > 0"),
        cql("SELECT dev FROM pts WHERE token(dev, day) > 'abc'"),
        cql("SELECT dev FROM pts WHERE token(at) > 0"),
        cql("SELECT token(at) FROM pts"),
        cql("SELECT dev FROM pts WHERE token(day, dev) > 0"),
        cql("SELECT dev FROM pts WHERE dev = 'd1'"),
        cql("SELECT dev, day, at FROM pts WHERE dev = 'd1' AND day IN (1, 2)"),
        D.raw("trace_next_query", {}).mask("0"),
        cql("SELECT v FROM pts WHERE dev = 'd1' AND day = 1"),
    ]


# ---------------------------------------------------------------- KEYS index evolution
@scenario("w_index_evolution", "19", "indexes", keyspace_reset="w_ixe")
def index_evolution():
    """A Thrift app's KEYS index added later by system_update_column_family, queried by
    get_indexed_slices (an EQ with a GT, a GT alone, a start key), then a CQL 3 index on
    another column of the same family by name, dropped by name, and the index the update
    made read back by describe_keyspace."""
    ks = "w_ixe"
    base = dict(comparator="UTF8Type", key_validation="UTF8Type", default_validation="UTF8Type")
    cf0 = cf_def(ks, "people", column_metadata=[column_def("city", "UTF8Type"),
                                                column_def("age", "LongType")], **base)
    cf1 = cf_def(ks, "people", column_metadata=[
        column_def("city", "UTF8Type", KEYS_INDEX, "people_city"),
        column_def("age", "LongType")], **base)
    m = {"p%d" % i: {"people": [ins("city", ["oslo", "rome"][i % 2], 10),
                                ins("age", long_(20 + i), 10)]} for i in range(6)}
    m2 = {"p%d" % i: {"people": [ins("city", ["oslo", "rome"][i % 2], 11),
                                 ins("age", long_(20 + i), 11)]} for i in range(6)}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf0])), v19.set_keyspace(ks),
        v19.get_indexed_slices(cparent("people"), index_clause([index_expr("city", EQ, "oslo")]),
                               pred(start="", finish="")),
        # the index comes before the rows: one built over rows is built in the background
        # (2.2 refuses reads until it is: `IndexNotAvailableException`, a time-out)
        v19.system_update_column_family(cf1),
        v19.batch_mutate(m),
        v19.batch_mutate(m2),
        v19.get_indexed_slices(cparent("people"), index_clause([index_expr("city", EQ, "oslo")]),
                               pred(start="", finish="")),
        v19.get_indexed_slices(cparent("people"),
                               index_clause([index_expr("city", EQ, "rome"),
                                             index_expr("age", GT, long_(22))]),
                               pred(names=["age"])),
        v19.get_indexed_slices(cparent("people"), index_clause([index_expr("age", GT,
                                                                           long_(22))]),
                               pred(names=["age"])),
        v19.get_indexed_slices(cparent("people"), index_clause([index_expr("city", EQ, "oslo")],
                                                               start_key="p2", count=2),
                               pred(names=["city"])),
        # (no read by the new index: its build over the rows runs in the background)
        cql("CREATE INDEX people_age ON people (age)"),
        cql("CREATE INDEX people_city2 ON people (city)"),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        cql("DROP INDEX people_age"),
        cql("DROP INDEX people_age"),
        cql("SELECT key FROM people WHERE age = 23"),
        v19.system_update_column_family(cf0),
        v19.get_indexed_slices(cparent("people"), index_clause([index_expr("city", EQ, "oslo")]),
                               pred(names=["city"])),
    ]
