"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zw).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * a user service mid-migration: a Thrift family of declared columns and a dynamic one read
    and written through CQL 3 (quoted names, key/column1/value, writetime of Thrift cells)
  * the other way round: a CQL 3 table of one clustering column read through Thrift
    (composite names, the empty marker cell, counts, ranges) and written by a Thrift client
  * COMPACT STORAGE tables without, with one and with two clustering columns, seen by both
  * a CQL 3 table of collections read through Thrift (element names in the composite)
  * cqlsh 1.2/2.0's session over Thrift (system.local, schema tables, USE, its DESCRIBE reads)
  * Achilles 2.0's entity manager (prepared CRUD, its counter table, IF NOT EXISTS inserts)
  * cassandra-jdbc 2.0's prepared statements and metadata reads (typed binds, empty values)
  * a billing service's CQL 3 counters (prepared increments, counter batches, the mixes refused)
  * a bank ledger on lightweight transactions (2.0 on: IF NOT EXISTS / IF col = / IF EXISTS,
    conditional batches on one partition, conditions on map entries and, 2.1, static columns)
  * playlists and settings edited in place (list index set/discard, map keys, set difference,
    nested collections, 2.1's frozen collections in keys)
  * a contact store on 2.1's user types and tuples (fields read, type altered, type dropped
    while in use)
  * 2.2's date, time, smallint and tinyint, JSON in and out, built-in aggregates and a UDF
    refused under the stock yaml
  * a product catalogue's indexes on collections (2.1's CONTAINS / CONTAINS KEY)
  * a forum on static columns (2.0.6 on: a thread's title beside its posts, DISTINCT)
  * an exporter paging by token() and by clustering bounds, IN on the partition key with
    ORDER BY
  * an audit trail of explicit timestamps (writetime(), older writes losing, deletes at a time)
  * consistency levels a single node refuses (TWO, THREE, EACH_QUORUM, SERIAL misused)
  * schema changes mid-flow (TRUNCATE, ALTER TABLE ADD/DROP/RENAME/WITH, DROP INDEX)
  * describe_keyspace of a keyspace holding CQL 3 tables, and Thrift calls on them
  * a newcomer's mistakes mixing Thrift and CQL 3 on one keyspace
Writes are deterministic: CQL writes read back carry USING TIMESTAMP, Thrift writes read
through CQL's writetime() carry absolute timestamps, no TTL is read back.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import dsl as D  # noqa: E402
from dsl import (v19, column, cparent, cpath, pred, key_range, ins, index_clause,  # noqa: E402
                 index_expr)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (comp, dele, exe, i32b, i64b, ks_cql, prep, SERIAL, LOCAL_SERIAL)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ANY, TWO, THREE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V2 = VER[:2]
EACH_QUORUM, LOCAL_QUORUM = D.EACH_QUORUM, D.LOCAL_QUORUM
Abs = D.Abs
T = 1385000000000000

sc = kit.registrar("zw_")


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs, **kw):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def cks(ks):
    return [ks_cql(ks), v19.set_keyspace(ks)]


# ---------------------------------------------------------------- Thrift family -> CQL 3
@sc("migrate_thrift_to_cql", "mixed", "zw_mig")
def migrate_thrift_to_cql():
    """A user service moving from Hector to CQL 3 on the same cluster: a "Users" family of
    declared columns and a dynamic "UserEvents" family written through Thrift (absolute
    timestamps), then the new code reading them through CQL 3 (the quoted mixed-case names,
    the key/column1/value columns of the dynamic family, writetime() of a Thrift cell), a CQL
    3 write into the Thrift family read back through Thrift, an undeclared Thrift column
    invisible to CQL 3, and the unquoted name refused."""
    ks = "zw_mig"
    users = kit.cfd(ks, "Users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                    default_validation_class="UTF8Type",
                    column_metadata=[kit.coldef("email", "UTF8Type"),
                                     kit.coldef("age", "Int32Type")])
    events = kit.cfd(ks, "UserEvents", comparator_type="UTF8Type",
                     key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [users, events])
    steps += [
        v19.batch_mutate({"ann": {"Users": [ins("email", "ann@x.org", Abs(T + 1)),
                                            ins("age", i32b(31), Abs(T + 1)),
                                            ins("nickname", "annie", Abs(T + 1))],
                                  "UserEvents": [ins("2013-10-01", "login", Abs(T + 2)),
                                                 ins("2013-10-02", "logout", Abs(T + 3))]},
                          "bob": {"Users": [ins("email", "bob@x.org", Abs(T + 4))]}}),
        cql('SELECT * FROM "Users"'),
        cql('SELECT key, email, age FROM "Users" WHERE key = \'ann\''),
        cql('SELECT writetime(email) FROM "Users" WHERE key = \'ann\''),
        cql('SELECT * FROM "UserEvents" WHERE key = \'ann\''),
        cql('SELECT column1, value FROM "UserEvents" WHERE key = \'ann\' AND '
            'column1 > \'2013-10-01\''),
        cql('SELECT * FROM Users'),
        cql('INSERT INTO "Users" (key, email, age) VALUES (\'cyd\', \'cyd@x.org\', 40) '
            'USING TIMESTAMP %d' % (T + 10)),
        cql('INSERT INTO "UserEvents" (key, column1, value) VALUES (\'cyd\', \'2013-10-05\', '
            '\'signup\') USING TIMESTAMP %d' % (T + 11)),
        v19.get_slice("cyd", cparent("Users"), all_cols()),
        v19.get_slice("cyd", cparent("UserEvents"), all_cols()),
        cql('SELECT key, nickname FROM "Users"'),
        cql('UPDATE "Users" SET age = \'forty\' WHERE key = \'cyd\''),
        cql('DELETE email FROM "Users" WHERE key = \'bob\''),
        v19.get_count("bob", cparent("Users"), all_cols()),
        cql('SELECT COUNT(*) FROM "Users"'),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 table -> Thrift
@sc("cql_through_thrift", "mixed", "zw_ctt")
def cql_through_thrift():
    """A reporting job still on Thrift reading a CQL 3 table of one clustering column: the
    composite names of each cell and the empty marker cell of an INSERT, a slice of one
    clustering prefix by end-of-component bytes, counts, a range scan, a Thrift write of a
    composite name for a declared column then read by CQL 3, a plain name the comparator
    refuses, and a Thrift deletion of one clustering prefix."""
    ks = "zw_ctt"
    steps = cks(ks) + [
        cql("CREATE TABLE readings (sensor text, at int, temp int, note text, "
            "PRIMARY KEY (sensor, at))"),
        cql("INSERT INTO readings (sensor, at, temp, note) VALUES ('s1', 1, 20, 'ok') "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("INSERT INTO readings (sensor, at, temp) VALUES ('s1', 2, 21) "
            "USING TIMESTAMP %d" % (T + 2)),
        cql("UPDATE readings USING TIMESTAMP %d SET temp = 25 WHERE sensor = 's1' AND at = 3"
            % (T + 3)),
        cql("INSERT INTO readings (sensor, at, temp) VALUES ('s2', 1, 9) "
            "USING TIMESTAMP %d" % (T + 4)),
        v19.get_slice("s1", cparent("readings"), all_cols()),
        v19.get_slice("s1", cparent("readings"),
                      pred(start=comp(2, eoc=0), finish=comp(2, eoc=1))),
        v19.get_slice("s1", cparent("readings"), all_cols(2, True)),
        v19.get_count("s1", cparent("readings"), all_cols()),
        v19.multiget_count(["s1", "s2", "s3"], cparent("readings"), all_cols()),
        v19.get_range_slices(cparent("readings"), all_cols(1), everything()),
        v19.insert("s2", cparent("readings"), column(comp(5, "note"), "thrift", Abs(T + 5))),
        cql("SELECT * FROM readings WHERE sensor = 's2'"),
        v19.insert("s2", cparent("readings"), column("note", "plain", Abs(T + 6))),
        v19.insert("s2", cparent("readings"), column(comp(6, "nocol"), "x", Abs(T + 6))),
        cql("SELECT at, note FROM readings WHERE sensor = 's2'"),
        v19.batch_mutate({"s1": {"readings": [dele(rng=D.srange(comp(1, eoc=0),
                                                                 comp(1, eoc=1)),
                                                   t=Abs(T + 7))]}}),
        cql("SELECT at, temp FROM readings WHERE sensor = 's1'"),
        v19.remove("s1", cpath("readings", col=comp(2, "temp")), Abs(T + 8)),
        cql("SELECT at, temp FROM readings WHERE sensor = 's1'"),
    ]
    return steps


# ---------------------------------------------------------------- COMPACT STORAGE shapes
@sc("compact_shapes", "mixed", "zw_cmp")
def compact_shapes():
    """COMPACT STORAGE tables of a legacy analytics app: one without clustering columns
    (its columns are Thrift cells of the row), one of a single clustering column (a wide row
    of plain names), one of two (composite names), each written in CQL 3 and read by Thrift,
    and Thrift writes read back by CQL 3; a cell of no declared column on the first, a second
    non-key column on the wide one refused, and an INSERT missing a clustering column."""
    ks = "zw_cmp"
    steps = cks(ks) + [
        cql("CREATE TABLE profiles (id text PRIMARY KEY, name text, score int) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE hits (page text, minute int, n bigint, PRIMARY KEY (page, minute)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE clicks (page text, day int, ref text, n int, "
            "PRIMARY KEY (page, day, ref)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE bad (page text, minute int, n int, m int, "
            "PRIMARY KEY (page, minute)) WITH COMPACT STORAGE"),
        cql("INSERT INTO profiles (id, name, score) VALUES ('p1', 'Pat', 7) "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("INSERT INTO hits (page, minute, n) VALUES ('/a', 10, 3) USING TIMESTAMP %d"
            % (T + 2)),
        cql("INSERT INTO hits (page, minute, n) VALUES ('/a', 11, 5) USING TIMESTAMP %d"
            % (T + 2)),
        cql("INSERT INTO clicks (page, day, ref, n) VALUES ('/a', 1, 'google', 4) "
            "USING TIMESTAMP %d" % (T + 3)),
        cql("INSERT INTO clicks (page, day, ref, n) VALUES ('/a', 1, 'bing', 1) "
            "USING TIMESTAMP %d" % (T + 3)),
        cql("INSERT INTO clicks (page, day, ref, n) VALUES ('/a', 2, 'ddg', 2) "
            "USING TIMESTAMP %d" % (T + 3)),
        v19.get_slice("p1", cparent("profiles"), all_cols()),
        v19.get_slice("/a", cparent("hits"), all_cols()),
        v19.get_slice("/a", cparent("clicks"), all_cols()),
        v19.get_slice("/a", cparent("clicks"), pred(start=comp(1, eoc=0), finish=comp(1, eoc=1))),
        v19.insert("p1", cparent("profiles"), column("extra", "x", Abs(T + 4))),
        v19.insert("/a", cparent("hits"), column(i32b(12), i64b(9), Abs(T + 4))),
        v19.insert("/a", cparent("clicks"), column(comp(3, "yahoo"), i32b(6), Abs(T + 4))),
        cql("SELECT * FROM profiles"),
        cql("SELECT * FROM hits WHERE page = '/a' AND minute >= 11"),
        cql("SELECT * FROM clicks WHERE page = '/a' AND day = 1"),
        cql("SELECT ref, n FROM clicks WHERE page = '/a' AND day >= 2"),
        cql("INSERT INTO clicks (page, day, n) VALUES ('/b', 1, 1)"),
        cql("INSERT INTO hits (page, minute) VALUES ('/b', 1)"),
        cql("UPDATE profiles SET score = 8 WHERE id = 'p2'"),
        cql("DELETE n FROM hits WHERE page = '/a' AND minute = 10"),
        cql("DELETE FROM clicks WHERE page = '/a' AND day = 1"),
        v19.get_slice("/a", cparent("hits"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- collections via Thrift
@sc("collections_thrift", "mixed", "zw_col")
def collections_thrift():
    """A profile table of CQL 3 collections that an old Thrift batch job still reads: each
    list element, set element and map entry a cell of its own composite name (list elements
    under time-based ids, so only counted), a slice of one collection by its name prefix, a
    Thrift write of a set element read back by CQL 3, and the collection comparator refusing
    a name of no collection."""
    ks = "zw_col"
    steps = cks(ks) + [
        cql("CREATE TABLE prefs (uid text PRIMARY KEY, tags set<text>, opts map<text, int>, "
            "hist list<text>)"),
        cql("INSERT INTO prefs (uid, tags, opts) VALUES ('u1', {'a', 'b'}, {'x': 1, 'y': 2}) "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("UPDATE prefs SET hist = hist + ['p1', 'p2'] WHERE uid = 'u1'"),
        v19.get_count("u1", cparent("prefs"), all_cols()),
        v19.get_slice("u1", cparent("prefs"), pred(start=comp("opts", eoc=0),
                                                   finish=comp("opts", eoc=1))),
        v19.get_slice("u1", cparent("prefs"), pred(start=comp("tags", eoc=0),
                                                   finish=comp("tags", eoc=1))),
        v19.insert("u1", cparent("prefs"), column(comp("tags", "c"), "", Abs(T + 2))),
        v19.insert("u1", cparent("prefs"), column(comp("nosuch", "c"), "", Abs(T + 2))),
        v19.insert("u1", cparent("prefs"), column(comp("opts", "z"), i32b(3), Abs(T + 2))),
        cql("SELECT tags, opts FROM prefs WHERE uid = 'u1'"),
        cql("SELECT hist FROM prefs WHERE uid = 'u1'"),
        v19.get_slice("u1", cparent("prefs"), pred(names=[comp("tags", "a")])),
    ]
    return steps


# ---------------------------------------------------------------- cqlsh over Thrift
@sc("cqlsh_session", "cql3", "zw_sh")
def cqlsh_session():
    """cqlsh of 1.2 and 2.0 (which spoke Thrift): its connect-time reads of system.local,
    describe_keyspaces, the schema tables it read for DESCRIBE and tab completion, USE, a
    SELECT with a trailing semicolon, an unknown keyspace, and a DESCRIBE sent to the server
    (a cqlsh command the server does not know)."""
    ks = "zw_sh"
    steps = kit.connect() + [
        cql("SELECT cluster_name, cql_version, partitioner, thrift_version FROM system.local "
            "WHERE key = 'local'"),
    ] + cks(ks) + [
        cql("CREATE TABLE t (k int PRIMARY KEY, v text)"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
            "FROM system.schema_keyspaces WHERE keyspace_name = '%s'" % ks),
        cql("SELECT columnfamily_name, comparator, key_validator, default_validator "
            "FROM system.schema_columnfamilies WHERE keyspace_name = '%s'" % ks),
        cql("SELECT column_name, validator, type FROM system.schema_columns "
            "WHERE keyspace_name = '%s' AND columnfamily_name = 't'" % ks),
        cql("USE %s;" % ks),
        cql("INSERT INTO t (k, v) VALUES (1, 'one') USING TIMESTAMP %d;" % (T + 1)),
        cql("SELECT * FROM t;"),
        cql("USE nosuch_ks"),
        cql("DESCRIBE TABLE t"),
        cql("SELECT * FROM t WHERE k = 1 ; SELECT * FROM t"),
    ]
    return steps


# ---------------------------------------------------------------- Achilles
@sc("achilles", "cql3", "zw_ach")
def achilles():
    """Achilles 2.0's entity manager over CQL 3 (its Thrift-era deployments): a table per
    entity with quoted camel-case columns, prepared insert/select/delete by id, its shared
    achilles_counter_table of (fqcn, primary_key, property_name), an insert IF NOT EXISTS
    from 2.0, a prepared update of a missing field name, and a bind of the wrong width."""
    ks = "zw_ach"
    ins_q = 'INSERT INTO user_entity (id, "firstName", "lastName", age) VALUES (?, ?, ?, ?) ' \
            'USING TIMESTAMP ?'
    sel_q = 'SELECT id, "firstName", "lastName", age FROM user_entity WHERE id = ?'
    cnt_q = "UPDATE achilles_counter_table SET counter_value = counter_value + ? " \
            "WHERE fqcn = ? AND primary_key = ? AND property_name = ?"
    cnt_sel = "SELECT counter_value FROM achilles_counter_table WHERE fqcn = ? AND " \
              "primary_key = ? AND property_name = ?"
    fq = "info.archinnov.User"
    steps = cks(ks) + [
        cql('CREATE TABLE user_entity (id bigint PRIMARY KEY, "firstName" text, '
            '"lastName" text, age int)'),
        cql("CREATE TABLE achilles_counter_table (fqcn text, primary_key text, "
            "property_name text, counter_value counter, "
            "PRIMARY KEY ((fqcn, primary_key), property_name))"),
    ]
    if V2 >= (2, 0):
        steps += [prep(ins_q), exe(ks, ins_q, [i64b(1), "John", "Doe", i32b(33), i64b(T + 1)])]
    else:
        steps += [cql('INSERT INTO user_entity (id, "firstName", "lastName", age) VALUES '
                      '(1, \'John\', \'Doe\', 33) USING TIMESTAMP %d' % (T + 1))]
    steps += [
        prep(sel_q), exe(ks, sel_q, [i64b(1)]),
        prep(cnt_q),
        exe(ks, cnt_q, [i64b(3), fq, "1", "visits"]),
        exe(ks, cnt_q, [i64b(-1), fq, "1", "visits"]),
        prep(cnt_sel), exe(ks, cnt_sel, [fq, "1", "visits"]),
        exe(ks, cnt_sel, [fq, "2", "visits"]),
        cql('SELECT firstName FROM user_entity WHERE id = 1'),
        prep('UPDATE user_entity SET "middleName" = ? WHERE id = ?'),
        exe(ks, sel_q, [i32b(1)]),
        prep("DELETE FROM user_entity WHERE id = ?"),
        exe(ks, "DELETE FROM user_entity WHERE id = ?", [i64b(1)]),
        exe(ks, sel_q, [i64b(1)]),
    ]
    if V2 >= (2, 0):
        q = 'INSERT INTO user_entity (id, "firstName") VALUES (?, ?) IF NOT EXISTS'
        steps += [prep(q), exe(ks, q, [i64b(2), "Jane"]), exe(ks, q, [i64b(2), "Janet"]),
                  cql('SELECT "firstName" FROM user_entity WHERE id = 2')]
    return steps


# ---------------------------------------------------------------- cassandra-jdbc
@sc("jdbc_prepared", "cql3", "zw_jdbc")
def jdbc_prepared():
    """cassandra-jdbc 1.2/2.0 behind a connection pool: its metadata reads (describe calls,
    schema tables), a table of the everyday SQL types, prepared INSERTs bound by
    setString/setInt/setLong/setBoolean/setDouble/setTimestamp/setBytes, an empty string
    bound to an int (setNull as the driver sent it), too few binds, a prepared SELECT with a
    LIMIT literal and a COUNT, and its connection validation query."""
    ks = "zw_jdbc"
    q = "INSERT INTO orders (id, customer, qty, total, paid, placed, blob_col) VALUES " \
        "(?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP %d" % (T + 1)
    s = "SELECT id, customer, qty, total, paid, placed, blob_col FROM orders WHERE id = ?"
    steps = kit.connect() + [v19.describe_keyspaces().mask("0")] + cks(ks) + [
        cql("CREATE TABLE orders (id bigint PRIMARY KEY, customer text, qty int, "
            "total double, paid boolean, placed timestamp, blob_col blob)"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = '%s'" % ks),
        prep(q),
        exe(ks, q, [i64b(100), "acme", i32b(3), bytes.fromhex("4029000000000000"), b"\x01", i64b(1380000000000),
                    b"\xca\xfe"]),
        exe(ks, q, [i64b(101), "zeta", b"", bytes.fromhex("0000000000000000"), b"\x00",
                    i64b(1380000000000), b""]),
        exe(ks, q, [i64b(102), "short"]),
        exe(ks, q, [i64b(103), "bad", i64b(3), bytes.fromhex("4029000000000000"), b"\x01",
                    i64b(0), b""]),
        prep(s), exe(ks, s, [i64b(100)]), exe(ks, s, [i64b(101)]),
        cql("SELECT id FROM orders LIMIT 1"),
        cql("SELECT COUNT(*) FROM orders"),
        cql("SELECT * FROM orders WHERE customer = 'acme'"),
        prep("SELECT * FROM orders WHERE id = ? AND customer = ?"),
        cql("SELECT key FROM system.local"),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 counters
@sc("billing_counters", "cql3", "zw_bill")
def billing_counters():
    """A billing service's usage counters in CQL 3: prepared increments and decrements,
    a counter batch over two rows, reads, and the mistakes: a counter in a logged batch, a
    plain write in a counter batch, an INSERT into a counter table, SET c = 5, a TTL on an
    increment, a table mixing counter and plain columns, a counter clustering column, and a
    counter DELETE then re-increment (read only after the delete)."""
    ks = "zw_bill"
    inc = "UPDATE usage SET calls = calls + ?, bytes = bytes + ? WHERE account = ? AND day = ?"
    steps = cks(ks) + [
        cql("CREATE TABLE usage (account text, day int, calls counter, bytes counter, "
            "PRIMARY KEY (account, day))"),
        cql("CREATE TABLE plain (account text PRIMARY KEY, plan text)"),
        prep(inc),
        exe(ks, inc, [i64b(1), i64b(512), "acme", i32b(20131001)]),
        exe(ks, inc, [i64b(2), i64b(100), "acme", i32b(20131001)]),
        exe(ks, inc, [i64b(-1), i64b(0), "acme", i32b(20131002)]),
        cql("BEGIN COUNTER BATCH "
            "UPDATE usage SET calls = calls + 1 WHERE account = 'acme' AND day = 20131003; "
            "UPDATE usage SET calls = calls + 7 WHERE account = 'zeta' AND day = 20131003; "
            "APPLY BATCH"),
        cql("SELECT day, calls, bytes FROM usage WHERE account = 'acme'"),
        cql("SELECT * FROM usage WHERE account = 'zeta' AND day = 20131003"),
        cql("BEGIN BATCH UPDATE usage SET calls = calls + 1 WHERE account = 'acme' "
            "AND day = 20131001; APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE usage SET calls = calls + 1 WHERE account = 'acme' "
            "AND day = 20131001; INSERT INTO plain (account, plan) VALUES ('acme', 'gold'); "
            "APPLY BATCH"),
        cql("INSERT INTO usage (account, day, calls) VALUES ('acme', 1, 1)"),
        cql("UPDATE usage SET calls = 5 WHERE account = 'acme' AND day = 1"),
        cql("UPDATE usage USING TTL 60 SET calls = calls + 1 WHERE account = 'acme' "
            "AND day = 1"),
        cql("UPDATE usage SET calls = calls + 1.5 WHERE account = 'acme' AND day = 1"),
        cql("UPDATE usage SET calls = bytes + 1 WHERE account = 'acme' AND day = 1"),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, c counter, note text)"),
        cql("CREATE TABLE ckey (k text, c counter, PRIMARY KEY (k, c))"),
        cql("DELETE FROM usage WHERE account = 'zeta' AND day = 20131003"),
        cql("SELECT * FROM usage WHERE account = 'zeta'"),
        cql("SELECT COUNT(*) FROM usage WHERE account = 'acme'"),
    ]
    return steps


# ---------------------------------------------------------------- LWT ledger
@sc("lwt_ledger", "cql3", "zw_lwt")
def lwt_ledger():
    """A bank ledger on lightweight transactions: an account opened IF NOT EXISTS (twice:
    the second shows the row), balance moved IF balance = old (a stale old value shows the
    current), closed IF EXISTS, a conditional batch on one partition, a conditional batch over
    two partitions refused, a condition on a map entry, a condition with IN, a SERIAL read, and
    on 2.1 a condition on a static column. 1.2 refuses the syntax."""
    ks = "zw_lwt"
    steps = cks(ks) + [
        cql("CREATE TABLE accounts (id text PRIMARY KEY, balance int, owner text, "
            "limits map<text, int>)"),
        cql("INSERT INTO accounts (id, balance, owner) VALUES ('a1', 100, 'ann') IF NOT EXISTS"),
        cql("INSERT INTO accounts (id, balance, owner) VALUES ('a1', 0, 'eve') IF NOT EXISTS"),
        cql("UPDATE accounts SET balance = 80 WHERE id = 'a1' IF balance = 100"),
        cql("UPDATE accounts SET balance = 60 WHERE id = 'a1' IF balance = 100"),
        cql("UPDATE accounts SET balance = 70 WHERE id = 'a1' IF balance = 80 AND owner = 'ann'"),
        cql("UPDATE accounts SET limits = {'daily': 500} WHERE id = 'a1' IF owner = 'ann'"),
        cql("UPDATE accounts SET balance = 10 WHERE id = 'a1' IF limits['daily'] = 500"),
        cql("UPDATE accounts SET balance = 5 WHERE id = 'a1' IF limits['weekly'] = 1"),
        cql("UPDATE accounts SET balance = 5 WHERE id = 'a1' IF balance IN (1, 2)"),
        cql("SELECT balance, owner, limits FROM accounts WHERE id = 'a1'", SERIAL),
        cql("DELETE FROM accounts WHERE id = 'a2' IF EXISTS"),
        cql("UPDATE accounts SET balance = 1 WHERE id = 'a2' IF EXISTS"),
        cql("UPDATE accounts SET balance = 1 WHERE id IN ('a1', 'a2') IF balance = 10"),
        cql("CREATE TABLE entries (acct text, seq int, amount int, total int static, "
            "PRIMARY KEY (acct, seq))") if V2 >= (2, 0) else
        cql("CREATE TABLE entries (acct text, seq int, amount int, total int, "
            "PRIMARY KEY (acct, seq))"),
        cql("BEGIN BATCH INSERT INTO entries (acct, seq, amount) VALUES ('a1', 1, 10) "
            "IF NOT EXISTS; INSERT INTO entries (acct, seq, amount) VALUES ('a1', 2, 20) "
            "IF NOT EXISTS; APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO entries (acct, seq, amount) VALUES ('a1', 3, 10) "
            "IF NOT EXISTS; INSERT INTO entries (acct, seq, amount) VALUES ('a9', 1, 1) "
            "IF NOT EXISTS; APPLY BATCH"),
        cql("BEGIN BATCH UPDATE entries SET amount = 11 WHERE acct = 'a1' AND seq = 1 "
            "IF amount = 10; UPDATE entries SET amount = 99 WHERE acct = 'a1' AND seq = 2 "
            "IF amount = 0; APPLY BATCH"),
        cql("SELECT seq, amount FROM entries WHERE acct = 'a1'"),
        cql("DELETE FROM accounts WHERE id = 'a1' IF EXISTS"),
        cql("SELECT * FROM accounts WHERE id = 'a1'"),
    ]
    if V2 >= (2, 1):
        steps += [
            cql("UPDATE entries SET total = 30 WHERE acct = 'a1' IF total = null"),
            cql("UPDATE entries SET total = 40 WHERE acct = 'a1' IF total = 0"),
            cql("SELECT seq, total FROM entries WHERE acct = 'a1'"),
        ]
    return steps


# ---------------------------------------------------------------- collections edited
@sc("collections_edit", "cql3", "zw_ced")
def collections_edit():
    """Playlists and settings edited in place: a list element set and discarded by index (an
    index past the end), map keys set and removed, a set difference, a list appended by bind,
    a nested collection refused, and on 2.1 a frozen collection in the primary key and a
    frozen list of lists."""
    ks = "zw_ced"
    app = "UPDATE playlists SET songs = songs + ? WHERE id = ?"
    steps = cks(ks) + [
        cql("CREATE TABLE playlists (id text PRIMARY KEY, songs list<text>, "
            "settings map<text, text>, genres set<text>)"),
        cql("INSERT INTO playlists (id, songs, settings, genres) VALUES ('p1', "
            "['s1', 's2', 's3'], {'shuffle': 'on', 'repeat': 'off'}, {'rock', 'jazz', 'pop'}) "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("UPDATE playlists SET songs[1] = 's2b' WHERE id = 'p1'"),
        cql("DELETE songs[0] FROM playlists WHERE id = 'p1'"),
        cql("UPDATE playlists SET songs[7] = 'x' WHERE id = 'p1'"),
        cql("DELETE songs[9] FROM playlists WHERE id = 'p1'"),
        cql("UPDATE playlists SET settings['volume'] = '7' WHERE id = 'p1'"),
        cql("DELETE settings['repeat'] FROM playlists WHERE id = 'p1'"),
        cql("UPDATE playlists SET genres = genres - {'jazz', 'blues'} WHERE id = 'p1'"),
        cql("UPDATE playlists SET songs = songs - ['s3'] WHERE id = 'p1'"),
        prep(app),
        exe(ks, app, [kit.coll(["s4", "s5"]), "p1"]),
        cql("SELECT songs, settings, genres FROM playlists WHERE id = 'p1'"),
        cql("UPDATE playlists SET songs[0] = 'x' WHERE id = 'p9'"),
        cql("UPDATE playlists SET genres['rock'] = 'x' WHERE id = 'p1'"),
        cql("CREATE TABLE nested (id text PRIMARY KEY, m map<text, list<int>>)"),
        cql("CREATE TABLE colkey (id list<text> PRIMARY KEY, v int)"),
    ]
    if V2 >= (2, 1):
        steps += [
            cql("CREATE TABLE fkey (tags frozen<set<text>>, v int, PRIMARY KEY (tags))"),
            cql("INSERT INTO fkey (tags, v) VALUES ({'b', 'a'}, 1)"),
            cql("SELECT * FROM fkey WHERE tags = {'a', 'b'}"),
            cql("CREATE TABLE grid (id text PRIMARY KEY, rows list<frozen<list<int>>>)"),
            cql("INSERT INTO grid (id, rows) VALUES ('g', [[1, 2], [3]])"),
            cql("SELECT rows FROM grid WHERE id = 'g'"),
        ]
    return steps


# ---------------------------------------------------------------- 2.1 types
@sc("udt_contacts", "cql3", "zw_udt", V2 >= (2, 1))
def udt_contacts():
    """A contact store on 2.1's user types and tuples: a frozen address type, a map of
    them, a tuple of (lat, lon), a field read, a whole value replaced, a field update refused
    (2.1's non-frozen UDTs do not exist), the type altered (a field added, one renamed),
    an unknown field, the type dropped while in use."""
    ks = "zw_udt"
    steps = cks(ks) + [
        cql("CREATE TYPE address (street text, city text, zip int)"),
        cql("CREATE TABLE contacts (id text PRIMARY KEY, home frozen<address>, "
            "others map<text, frozen<address>>, pos tuple<double, double>)"),
        cql("CREATE TABLE bad (id text PRIMARY KEY, home address)"),
        cql("INSERT INTO contacts (id, home, others, pos) VALUES ('c1', "
            "{street: '1 Main', city: 'Oslo', zip: 150}, "
            "{'work': {street: '2 Dock', city: 'Bergen'}}, (59.9, 10.7))"),
        cql("SELECT home.city, pos FROM contacts WHERE id = 'c1'"),
        cql("SELECT others FROM contacts WHERE id = 'c1'"),
        cql("UPDATE contacts SET home = {street: '3 Hill', city: 'Oslo'} WHERE id = 'c1'"),
        cql("UPDATE contacts SET home.city = 'Bergen' WHERE id = 'c1'"),
        cql("UPDATE contacts SET pos = (1.0) WHERE id = 'c1'"),
        cql("UPDATE contacts SET pos = (1.0, 2.0, 3.0) WHERE id = 'c1'"),
        cql("INSERT INTO contacts (id, home) VALUES ('c2', {street: 'x', country: 'NO'})"),
        cql("ALTER TYPE address ADD country text"),
        cql("ALTER TYPE address RENAME zip TO postcode"),
        cql("SELECT home FROM contacts WHERE id = 'c1'"),
        cql("SELECT home.zip FROM contacts WHERE id = 'c1'"),
        cql("DROP TYPE address"),
        cql("DROP TYPE nosuch"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2 types and JSON
@sc("types22_json", "cql3", "zw_j22", V2 >= (2, 2))
def types22_json():
    """2.2's new types and JSON in a sensor app: date, time, smallint and tinyint written as
    literals and read back, out-of-range values, INSERT JSON and SELECT JSON, toJson() and
    fromJson(), the built-in aggregates, and a user function refused by the stock yaml."""
    ks = "zw_j22"
    steps = cks(ks) + [
        cql("CREATE TABLE samples (sensor text, d date, t time, lvl smallint, flag tinyint, "
            "val double, PRIMARY KEY (sensor, d, t))"),
        cql("INSERT INTO samples (sensor, d, t, lvl, flag, val) VALUES ('s1', '2015-06-01', "
            "'08:30:00.000', 300, 1, 1.5)"),
        cql("INSERT INTO samples (sensor, d, t, lvl, flag, val) VALUES ('s1', '2015-06-01', "
            "'09:00:00', -2, 0, 2.5)"),
        cql("INSERT INTO samples (sensor, d, t, lvl, flag) VALUES ('s1', '2015-06-02', "
            "'00:00:00', 40000, 1)"),
        cql("INSERT INTO samples (sensor, d, t, lvl, flag) VALUES ('s1', '2015-06-02', "
            "'00:00:00', 1, 300)"),
        cql("INSERT INTO samples (sensor, d, t) VALUES ('s1', '2015-13-01', '00:00:00')"),
        cql("INSERT INTO samples (sensor, d, t) VALUES ('s1', '2015-06-03', '25:00:00')"),
        cql('INSERT INTO samples JSON \'{"sensor": "s2", "d": "2015-06-01", '
            '"t": "10:00:00", "lvl": 5, "flag": 1, "val": 3.25}\''),
        cql('INSERT INTO samples JSON \'{"sensor": "s2", "nosuch": 1}\''),
        cql("SELECT JSON sensor, d, t, lvl FROM samples WHERE sensor = 's1'"),
        cql("SELECT sensor, toJson(d), toJson(lvl) FROM samples WHERE sensor = 's2'"),
        cql("SELECT d, t, lvl, flag, val FROM samples WHERE sensor = 's1'"),
        cql("SELECT count(*), min(lvl), max(lvl), sum(val), avg(val) FROM samples "
            "WHERE sensor = 's1'"),
        cql("UPDATE samples SET lvl = fromJson('12') WHERE sensor = 's2' AND d = '2015-06-01' "
            "AND t = '10:00:00'"),
        cql("SELECT lvl FROM samples WHERE sensor = 's2'"),
        cql("CREATE FUNCTION twice (x double) CALLED ON NULL INPUT RETURNS double "
            "LANGUAGE java AS 'return x * 2;'"),
        cql("SELECT twice(val) FROM samples WHERE sensor = 's1'"),
    ]
    return steps


# ---------------------------------------------------------------- indexes on collections
@sc("catalog_indexes", "cql3", "zw_cat")
def catalog_indexes():
    """A product catalogue's secondary indexes: on a plain column (every release), on a set
    and on a map's keys and values (2.1 on: CONTAINS / CONTAINS KEY; 1.2 and 2.0 refuse the
    index), queries on them, a CONTAINS without an index, and DROP INDEX (a wrong name too)."""
    ks = "zw_cat"
    steps = cks(ks) + [
        cql("CREATE TABLE products (sku text PRIMARY KEY, brand text, tags set<text>, "
            "attrs map<text, text>)"),
        cql("CREATE INDEX products_brand ON products (brand)"),
        cql("CREATE INDEX products_tags ON products (tags)"),
        cql("CREATE INDEX products_attrs ON products (KEYS(attrs))"),
        cql("INSERT INTO products (sku, brand, tags, attrs) VALUES ('p1', 'acme', "
            "{'red', 'sale'}, {'size': 'L'})"),
        cql("INSERT INTO products (sku, brand, tags, attrs) VALUES ('p2', 'acme', {'blue'}, "
            "{'color': 'blue'})"),
        cql("INSERT INTO products (sku, brand, tags) VALUES ('p3', 'zeta', {'red'})"),
        cql("SELECT sku FROM products WHERE brand = 'acme'"),
        cql("SELECT sku FROM products WHERE tags CONTAINS 'red'"),
        cql("SELECT sku FROM products WHERE attrs CONTAINS KEY 'size'"),
        cql("SELECT sku FROM products WHERE attrs CONTAINS 'blue'"),
        cql("SELECT sku FROM products WHERE brand = 'acme' AND tags CONTAINS 'sale' "
            "ALLOW FILTERING"),
        cql("DROP INDEX products_tag"),
        cql("DROP INDEX products_brand"),
        cql("SELECT sku FROM products WHERE brand = 'acme'"),
    ]
    return steps


# ---------------------------------------------------------------- static columns
@sc("forum_static", "cql3", "zw_for")
def forum_static():
    """A forum on static columns (2.0.6 on): a thread's title and author stored once beside
    its posts, written by INSERT and UPDATE of the partition alone, read with the posts and by
    SELECT DISTINCT, a static column in a table without clustering columns, in COMPACT STORAGE
    and as part of the key refused; 1.2 refuses the keyword."""
    ks = "zw_for"
    steps = cks(ks) + [
        cql("CREATE TABLE posts (thread text, seq int, title text static, body text, "
            "PRIMARY KEY (thread, seq))"),
        cql("INSERT INTO posts (thread, seq, title, body) VALUES ('t1', 1, 'Hello', 'first') "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("INSERT INTO posts (thread, seq, body) VALUES ('t1', 2, 'second') "
            "USING TIMESTAMP %d" % (T + 2)),
        cql("UPDATE posts USING TIMESTAMP %d SET title = 'Hello, world' WHERE thread = 't1'"
            % (T + 3)),
        cql("UPDATE posts SET title = 'Empty' WHERE thread = 't2'"),
        cql("SELECT * FROM posts WHERE thread = 't1'"),
        cql("SELECT DISTINCT thread, title FROM posts"),
        cql("SELECT title, writetime(title) FROM posts WHERE thread = 't1' AND seq = 2"),
        cql("UPDATE posts SET body = 'x' WHERE thread = 't2'"),
        cql("DELETE title FROM posts WHERE thread = 't1'"),
        cql("SELECT thread, seq, title FROM posts"),
        cql("CREATE TABLE s1 (k text PRIMARY KEY, v text static)"),
        cql("CREATE TABLE s2 (k text, c int, v text static, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE s3 (k text, c int static, v text, PRIMARY KEY (k, c))"),
    ]
    return steps


# ---------------------------------------------------------------- paging
@sc("export_paging", "cql3", "zw_pg")
def export_paging():
    """An exporter paging a table of two clustering columns: by token() over partitions
    (a page of partitions, the next from the last key's token), within a partition by the
    last clustering values (a multi-column tuple bound from 2.0, the older AND chain), IN on
    the partition key with ORDER BY, and a reversed page."""
    ks = "zw_pg"
    steps = cks(ks) + [
        cql("CREATE TABLE ev (src text, day int, n int, v text, PRIMARY KEY (src, day, n))"),
    ]
    for src in ("a", "b", "c", "d"):
        for day in (1, 2):
            for n in (1, 2):
                steps.append(cql("INSERT INTO ev (src, day, n, v) VALUES ('%s', %d, %d, "
                                 "'%s%d%d') USING TIMESTAMP %d" % (src, day, n, src, day, n,
                                                                   T + 1)))
    steps += [
        cql("SELECT src, day, n FROM ev LIMIT 3"),
        cql("SELECT src, token(src) FROM ev WHERE token(src) > token('b') LIMIT 3"),
        cql("SELECT DISTINCT src FROM ev") if V2 >= (2, 0) else
        cql("SELECT src FROM ev LIMIT 100"),
        cql("SELECT day, n FROM ev WHERE src = 'a' AND day = 1 AND n > 1"),
        cql("SELECT day, n FROM ev WHERE src = 'a' AND day > 1"),
        cql("SELECT day, n FROM ev WHERE src = 'a' AND (day, n) > (1, 1) LIMIT 2"),
        cql("SELECT day, n FROM ev WHERE src = 'a' AND n > 1"),
        cql("SELECT src, day, n FROM ev WHERE src IN ('b', 'a') ORDER BY day DESC"),
        cql("SELECT src, day, n FROM ev WHERE src IN ('b', 'a') AND day = 1 ORDER BY n DESC"),
        cql("SELECT day, n FROM ev WHERE src = 'c' ORDER BY day DESC, n DESC LIMIT 3"),
        cql("SELECT day, n FROM ev WHERE src = 'c' ORDER BY n DESC"),
        cql("SELECT src FROM ev WHERE token(src) > token('a') AND token(src) <= token('a')"),
    ]
    return steps


# ---------------------------------------------------------------- timestamps
@sc("audit_timestamps", "cql3", "zw_aud")
def audit_timestamps():
    """An audit trail written with explicit timestamps by several writers: the later write
    winning whatever its order, an older write losing, a delete at a timestamp shadowing older
    writes only, a write at the same timestamp as a delete, writetime() of each, a negative
    timestamp, a timestamp given twice, and a batch's timestamp applied to its statements."""
    ks = "zw_aud"
    steps = cks(ks) + [
        cql("CREATE TABLE audit (obj text, field text, val text, PRIMARY KEY (obj, field))"),
        cql("INSERT INTO audit (obj, field, val) VALUES ('o1', 'f', 'new') USING TIMESTAMP %d"
            % (T + 20)),
        cql("INSERT INTO audit (obj, field, val) VALUES ('o1', 'f', 'old') USING TIMESTAMP %d"
            % (T + 10)),
        cql("SELECT val, writetime(val) FROM audit WHERE obj = 'o1'"),
        cql("DELETE FROM audit USING TIMESTAMP %d WHERE obj = 'o1' AND field = 'f'" % (T + 15)),
        cql("SELECT val FROM audit WHERE obj = 'o1'"),
        cql("DELETE FROM audit USING TIMESTAMP %d WHERE obj = 'o1' AND field = 'f'" % (T + 20)),
        cql("SELECT val FROM audit WHERE obj = 'o1'"),
        cql("INSERT INTO audit (obj, field, val) VALUES ('o1', 'f', 'tie') USING TIMESTAMP %d"
            % (T + 20)),
        cql("SELECT val FROM audit WHERE obj = 'o1'"),
        cql("UPDATE audit USING TIMESTAMP -5 SET val = 'neg' WHERE obj = 'o2' AND field = 'g'"),
        cql("SELECT val, writetime(val) FROM audit WHERE obj = 'o2'"),
        cql("INSERT INTO audit (obj, field, val) VALUES ('o3', 'f', 'x') USING TIMESTAMP 1 "
            "AND TIMESTAMP 2"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO audit (obj, field, val) VALUES "
            "('o4', 'a', '1'); UPDATE audit SET val = '2' WHERE obj = 'o4' AND field = 'b'; "
            "APPLY BATCH" % (T + 30)),
        cql("SELECT field, writetime(val) FROM audit WHERE obj = 'o4'"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO audit (obj, field, val) VALUES "
            "('o4', 'c', '3') USING TIMESTAMP 5; APPLY BATCH" % (T + 31)),
        cql("INSERT INTO audit (obj, field, val) VALUES ('o5', 'f', 'x') USING TIMESTAMP 'abc'"),
    ]
    return steps


# ---------------------------------------------------------------- consistency levels
@sc("levels_refused", "mixed", "zw_cl")
def levels_refused():
    """An app configured for a multi-node cluster run against one node: CQL 3 reads and
    writes at TWO and THREE (Unavailable), EACH_QUORUM and LOCAL_QUORUM on SimpleStrategy,
    SERIAL and LOCAL_SERIAL as a write's level, ANY for a read, and the same levels on
    Thrift get/insert."""
    ks = "zw_cl"
    steps = cks(ks) + [
        cql("CREATE TABLE kv (k text PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        cql("INSERT INTO kv (k, v) VALUES ('a', '1') USING TIMESTAMP %d" % (T + 1), ANY),
        cql("SELECT v FROM kv WHERE k = 'a'", TWO),
        cql("INSERT INTO kv (k, v) VALUES ('a', '2')", THREE),
        cql("SELECT v FROM kv WHERE k = 'a'", EACH_QUORUM),
        cql("INSERT INTO kv (k, v) VALUES ('a', '3') USING TIMESTAMP %d" % (T + 2),
            EACH_QUORUM),
        cql("SELECT v FROM kv WHERE k = 'a'", LOCAL_QUORUM),
        cql("INSERT INTO kv (k, v) VALUES ('a', '4')", SERIAL),
        cql("INSERT INTO kv (k, v) VALUES ('a', '5')", LOCAL_SERIAL),
        cql("SELECT v FROM kv WHERE k = 'a'", ANY),
        cql("SELECT v FROM kv WHERE k = 'a'", QUORUM),
        v19.get("a", cpath("kv", col="v"), TWO),
        v19.insert("a", cparent("kv"), column("v", "6", Abs(T + 3)), EACH_QUORUM),
        v19.get("a", cpath("kv", col="v"), SERIAL),
        v19.get_slice("a", cparent("kv"), all_cols(), ANY),
    ]
    return steps


# ---------------------------------------------------------------- schema changes
@sc("schema_midflow", "mixed", "zw_alt")
def schema_midflow():
    """Schema changes while the app runs: TRUNCATE through CQL 3 and Thrift, ALTER TABLE
    ADD (a name taken, a counter into a plain table), DROP (2.0 on; a key column refused),
    RENAME of a clustering column (a regular one refused), WITH options (a comment, gc grace,
    an unknown option), ALTER of a column's type, and DROP TABLE of a missing table."""
    ks = "zw_alt"
    steps = cks(ks) + [
        cql("CREATE TABLE items (owner text, id int, name text, qty int, "
            "PRIMARY KEY (owner, id))"),
        cql("INSERT INTO items (owner, id, name, qty) VALUES ('o', 1, 'pen', 2) "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("ALTER TABLE items ADD price decimal"),
        cql("ALTER TABLE items ADD name text"),
        cql("ALTER TABLE items ADD hits counter"),
        cql("UPDATE items USING TIMESTAMP %d SET price = 1.25 WHERE owner = 'o' AND id = 1"
            % (T + 2)),
        cql("SELECT * FROM items"),
        cql("ALTER TABLE items DROP qty"),
        cql("ALTER TABLE items DROP id"),
        cql("SELECT * FROM items"),
        cql("ALTER TABLE items RENAME id TO item_id"),
        cql("ALTER TABLE items RENAME name TO title"),
        cql("ALTER TABLE items WITH comment = 'inventory' AND gc_grace_seconds = 3600"),
        cql("ALTER TABLE items WITH nosuch_option = 1"),
        cql("ALTER TABLE items ALTER name TYPE blob"),
        cql("ALTER TABLE items ALTER name TYPE int"),
        cql("SELECT columnfamily_name, comment, gc_grace_seconds FROM "
            "system.schema_columnfamilies WHERE keyspace_name = '%s'" % ks),
        cql("TRUNCATE items"),
        cql("SELECT * FROM items"),
        cql("INSERT INTO items (owner, item_id, name) VALUES ('o', 2, 'ink') "
            "USING TIMESTAMP %d" % (T + 3)),
        v19.truncate("items"),
        v19.truncate("nosuch"),
        cql("SELECT * FROM items"),
        cql("DROP TABLE nosuch"),
    ]
    return steps


# ---------------------------------------------------------------- describe_keyspace
@sc("describe_cql_tables", "mixed", "zw_dsc")
def describe_cql_tables():
    """An admin tool on Thrift listing a keyspace that holds a Thrift family, a COMPACT
    STORAGE table and a CQL 3 table: describe_keyspace (which tables it shows), a Thrift
    update of the CQL 3 table's CfDef, system_drop_column_family of it, and Thrift reads of
    a table made in CQL 3 with a mixed-case quoted name."""
    ks = "zw_dsc"
    steps = cks(ks) + [
        cql("CREATE TABLE cql_t (k text, c int, v text, PRIMARY KEY (k, c))"),
        cql("CREATE TABLE compact_t (k text PRIMARY KEY, v text) WITH COMPACT STORAGE"),
        cql('CREATE TABLE "MixedCase" (k text PRIMARY KEY, v int) WITH COMPACT STORAGE'),
        v19.system_add_column_family(kit.cfd(ks, "thrift_cf", comparator_type="UTF8Type",
                                             key_validation_class="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("MixedCase"), column("v", i32b(5), Abs(T + 1))),
        v19.get_slice("k", cparent("MixedCase"), all_cols()),
        v19.get_slice("k", cparent("mixedcase"), all_cols()),
        cql('SELECT * FROM "MixedCase"'),
        v19.system_update_column_family(kit.cfd(ks, "cql_t", comparator_type="UTF8Type",
                                                comment="changed")),
        v19.system_drop_column_family("cql_t"),
        cql("SELECT * FROM cql_t"),
    ]
    return steps


# ---------------------------------------------------------------- newcomer's mistakes
@sc("mixed_mistakes", "mixed", "zw_oops")
def mixed_mistakes():
    """A newcomer mixing Thrift and CQL 3 on one keyspace: a Thrift family's name reused by
    CREATE TABLE, CREATE TABLE IF NOT EXISTS of it (2.0 on), a Thrift write of a value its
    CQL 3 column's type refuses, an int key given as text, a CQL 3 statement naming another
    keyspace's table, a keyspace made in CQL 3 with a wrong class, an empty statement, two
    statements in one call, and a reserved word as a column name."""
    ks = "zw_oops"
    steps = kit.connect() + new_ks(ks, [kit.cfd(ks, "events", comparator_type="UTF8Type",
                                                key_validation_class="UTF8Type")])
    steps += [
        cql("CREATE TABLE events (k text PRIMARY KEY, v text)"),
        cql("CREATE TABLE nums (k int PRIMARY KEY, v int)"),
        v19.insert(i32b(1), cparent("nums"), column("v", "abc", Abs(T + 1))),
        v19.insert("one", cparent("nums"), column("v", i32b(1), Abs(T + 1))),
        v19.insert(i32b(1), cparent("nums"), column("v", i32b(1), Abs(T + 1))),
        cql("SELECT * FROM nums"),
        cql("SELECT * FROM nums WHERE k = '1'"),
        cql("SELECT * FROM system.nosuch"),
        cql("SELECT * FROM zw_other.events"),
        cql("CREATE KEYSPACE zw_oops2 WITH replication = {'class': 'NoSuchStrategy'}"),
        cql("CREATE KEYSPACE zw_oops2 WITH replication = {'class': 'SimpleStrategy'}"),
        cql(""),
        cql("SELECT * FROM nums; SELECT * FROM nums"),
        cql("CREATE TABLE r (key text PRIMARY KEY, select text)"),
        cql("CREATE TABLE r (k text PRIMARY KEY, \"select\" text)"),
        cql("INSERT INTO r (k, \"select\") VALUES ('a', 'b') USING TIMESTAMP %d" % (T + 2)),
        cql("SELECT \"select\" FROM r"),
    ]
    if V2 >= (2, 0):
        steps += [cql("CREATE TABLE IF NOT EXISTS events (k text PRIMARY KEY, v text)"),
                  cql("DROP TABLE IF EXISTS nosuch")]
    return steps


# ---------------------------------------------------------------- indexed Thrift family
@sc("thrift_index_via_cql", "mixed", "zw_tix")
def thrift_index_via_cql():
    """A Thrift family of KEYS indexes made by an old app, queried by the new CQL 3 code and
    by get_indexed_slices on rows the new code wrote: a CQL 3 index on another column of the
    Thrift family, DROP INDEX of the Thrift-made index by its name."""
    ks = "zw_tix"
    cf = kit.cfd(ks, "Devices", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type",
                 column_metadata=[kit.coldef("owner", "UTF8Type", True, "dev_owner"),
                                  kit.coldef("kind", "UTF8Type")])
    steps = new_ks(ks, [cf]) + [
        v19.batch_mutate({"d1": {"Devices": [ins("owner", "ann", Abs(T + 1)),
                                             ins("kind", "phone", Abs(T + 1))]},
                          "d2": {"Devices": [ins("owner", "bob", Abs(T + 1)),
                                             ins("kind", "tablet", Abs(T + 1))]}}),
        cql("INSERT INTO \"Devices\" (key, owner, kind) VALUES ('d3', 'ann', 'tablet') "
            "USING TIMESTAMP %d" % (T + 2)),
        cql("SELECT key, kind FROM \"Devices\" WHERE owner = 'ann'"),
        v19.get_indexed_slices(cparent("Devices"),
                               index_clause([index_expr("owner", D.EQ, "ann")]), all_cols()),
        cql("SELECT key FROM \"Devices\" WHERE kind = 'tablet'"),
        cql("CREATE INDEX dev_kind ON \"Devices\" (kind)"),
        cql("SELECT key FROM \"Devices\" WHERE kind = 'tablet'"),
        v19.get_indexed_slices(cparent("Devices"),
                               index_clause([index_expr("kind", D.EQ, "tablet")]), all_cols()),
        cql("DROP INDEX dev_owner"),
        v19.get_indexed_slices(cparent("Devices"),
                               index_clause([index_expr("owner", D.EQ, "ann")]), all_cols()),
        cql("SELECT key FROM \"Devices\" WHERE owner = 'ann'"),
    ]
    return steps
