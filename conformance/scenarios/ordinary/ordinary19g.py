"""Ordinary Thrift-era traffic of applications written for Cassandra 1.2.9, 1.2.19 and 2.0.17.

Each scenario is one application flow in a keyspace of its own (dropped before and after), with
the mistakes such applications made: cassandra-dbapi2 1.4+ and cqlsh sending CQL 3 over Thrift
(prepared statements with bound values of every type, collections, counters, time series),
COMPACT STORAGE tables read back with Thrift calls, a Thrift application moving to CQL 3 and
reading its old column families through the key/column1/value view, Titan's storage backend,
pycassa 1.9's connect-time and column family calls, a token-aware client's ring calls,
`atomic_batch_mutate` and CQL batches; on 2.0, conditional updates (`cas`, CQL `IF`) and static
columns; and a client built against a later IDL talking to the release (fields and methods the
release did not declare).

`RELEASE=<1.2.9|1.2.19|2.0.17>` (default 1.2.9) picks what an application written for that
release sent. CQL writes read back carry `USING TIMESTAMP`; Thrift writes the corpus's relative
timestamps. Recorded with `capture.py --api 19 ... ordinary19g.py` on each release's stock yaml.
"""
import os
import struct

import dsl
from dsl import (scenario, v19, cparent, cpath, pred, key_range, column, mutation, cosc,
                 counter_column, ins, deletion, cf_def, ks_def, column_def, index_expr,
                 index_clause, raw, b, ts, long_, int32, uuid_, timeuuid,
                 ONE, QUORUM, ALL, ANY, LOCAL_QUORUM, EACH_QUORUM, TWO, EQ, GTE, KEYS_INDEX)
import thriftwire as W

RELEASE = os.environ.get("RELEASE", "1.2.9")
V20 = RELEASE.startswith("2.0")
V1219 = RELEASE == "1.2.19"
SERIAL, LOCAL_SERIAL, LOCAL_ONE = 9, 10, 11
STRAT = "org.apache.cassandra.locator.SimpleStrategy"


def jhash(s):
    """Java String.hashCode (the Thrift prepared statement id of 1.2 and 2.0: the hash of the
    current keyspace's name followed by the query)."""
    h = 0
    data = s.encode("utf-16-be")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def prepare(ks, q):
    """(prepare step, item id) for query q prepared with keyspace ks current"""
    return v19.prepare_cql3_query(q), jhash((ks or "") + q)


def cql(q, cl=ONE):
    return v19.execute_cql3_query(q, cl)


def schema_change(q, cl=ONE):
    # DDL answers VOID; the schema version moves (not in the reply)
    return v19.execute_cql3_query(q, cl)


def cql_ks(ks, rf=1):
    return schema_change("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                         "'replication_factor': %d}" % (ks, rf))


def cas(key, cf, expected, updates, serial=SERIAL, commit=QUORUM):
    f = {1: b(key), 2: b(cf),
         3: None if expected is None else W.list_("struct", expected),
         4: None if updates is None else W.list_("struct", updates),
         5: None if serial is None else W.i32(serial),
         6: None if commit is None else W.i32(commit)}
    # a value written through Paxos carries the ballot's time (2.0's Commit.updatesWithPaxosTime)
    return raw("cas", f).mask("0/2/*/3")


def trace_next_query():
    return raw("trace_next_query", {}).mask("0")


def describe_local_ring(ks):
    return raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                       "0/*/5")


def describe_splits_ex(cf, start, end, n):
    return raw("describe_splits_ex", {1: b(cf), 2: b(start), 3: b(end), 4: W.i32(n)}).mask("0")


def i64b(n):
    return struct.pack(">q", n)


def varint(n):
    if n == 0:
        return b"\x00"
    ln = (n.bit_length() + 8) // 8
    return n.to_bytes(ln, "big", signed=True)


# ------------------------------------------------------------------ cassandra-dbapi2 1.4, CQL 3
@scenario("g_dbapi_users", "19", "cql3", keyspace_reset="g_dbapi")
def g_dbapi_users():
    """cassandra-dbapi2 1.4: connect with cql_version 3.0.0, make a keyspace and a users table,
    insert, select, update, delete; the mistakes: an unquoted mixed-case name, a string for an
    int, a missing key, a query by a non-indexed column, a keyspace made twice."""
    ks = "g_dbapi"
    return [
        v19.set_cql_version("3.0.0"),
        v19.describe_version(),
        cql_ks(ks),
        cql_ks(ks),  # the deploy script ran twice
        cql("USE " + ks),
        schema_change("CREATE TABLE users (user_id uuid PRIMARY KEY, name text, email text, "
                      "age int, created timestamp, active boolean)"),
        cql("INSERT INTO users (user_id, name, email, age, created, active) VALUES "
            "(62c36092-82a1-3a00-93d1-46196ee77204, 'Ada', 'ada@example.com', 36, "
            "'2013-08-01 10:00:00+0000', true) USING TIMESTAMP 1000001"),
        cql("INSERT INTO users (user_id, name, email, age) VALUES "
            "(7c14dd6c-fe10-11e2-b778-0800200c9a66, 'Bob', 'bob@example.com', 41) "
            "USING TIMESTAMP 1000002"),
        cql("INSERT INTO users (user_id, name, age) VALUES "
            "(7c14dd6c-fe10-11e2-b778-0800200c9a66, 'Robert', 'forty')"),
        cql("INSERT INTO users (name, email) VALUES ('Carol', 'carol@example.com')"),
        cql("SELECT * FROM users WHERE user_id = 62c36092-82a1-3a00-93d1-46196ee77204"),
        cql("SELECT name, age FROM users", QUORUM),
        cql("SELECT * FROM Users WHERE user_id = 62c36092-82a1-3a00-93d1-46196ee77204"),
        cql("SELECT * FROM users WHERE email = 'bob@example.com'"),
        cql("UPDATE users USING TIMESTAMP 1000010 SET age = 42, active = false "
            "WHERE user_id = 7c14dd6c-fe10-11e2-b778-0800200c9a66"),
        cql("SELECT user_id, age, active FROM users WHERE user_id IN "
            "(62c36092-82a1-3a00-93d1-46196ee77204, 7c14dd6c-fe10-11e2-b778-0800200c9a66)"),
        cql("SELECT COUNT(*) FROM users"),
        cql("DELETE email FROM users USING TIMESTAMP 1000020 "
            "WHERE user_id = 7c14dd6c-fe10-11e2-b778-0800200c9a66"),
        cql("SELECT email FROM users WHERE user_id = 7c14dd6c-fe10-11e2-b778-0800200c9a66"),
        cql("SELECT * FROM users WHERE user_id = 'ada'"),
        cql("SELECT * FROM users LIMIT 1", ANY),
        cql("DELETE FROM users USING TIMESTAMP 1000030 "
            "WHERE user_id = 62c36092-82a1-3a00-93d1-46196ee77204"),
        cql("SELECT COUNT(*) FROM users LIMIT 10"),
        schema_change("ALTER TABLE users ADD last_login timestamp"),
        cql("SELECT last_login FROM users"),
        schema_change("DROP TABLE users"),
        cql("SELECT * FROM users"),
    ]


@scenario("g_prepared_types", "19", "cql3", keyspace_reset="g_prep")
def g_prepared_types():
    """A driver's prepared statements: an INSERT of every CQL 3 type with bound values, read
    back by a prepared SELECT; the mistakes: a value count off by one, an int of 8 bytes, an
    unknown statement id (prepared on another host), a marker for the table name."""
    ks = "g_prep"
    ins_q = ("INSERT INTO alltypes (id, a, bi, bl, bo, de, db, fl, ip, i, t, tm, u, tu, vc, vi) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    p_ins, id_ins = prepare(ks, ins_q)
    sel_q = "SELECT * FROM alltypes WHERE id = ?"
    p_sel, id_sel = prepare(ks, sel_q)
    upd_q = "UPDATE alltypes USING TIMESTAMP ? SET i = ? WHERE id = ?"
    p_upd, id_upd = prepare(ks, upd_q)
    row1 = ["k1", "ascii text", i64b(1234567890123), b"\x00\x01\xfe\xff", b"\x01",
            int32(2) + varint(31415), struct.pack(">d", 2.5), struct.pack(">f", -1.25),
            bytes([10, 0, 0, 7]), int32(-42), "h\u00e9llo", i64b(1375351200000),
            uuid_("62c36092-82a1-3a00-93d1-46196ee77204"), timeuuid(7), "varchar",
            varint(-98765432109876543210)]
    row2 = ["k2", "", i64b(0), b"", b"\x00", int32(0) + varint(0), struct.pack(">d", 0.0),
            struct.pack(">f", 0.0), bytes([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
            int32(0), "", i64b(0), uuid_("00000000-0000-0000-0000-000000000000"), timeuuid(8),
            "", varint(0)]
    return [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        v19.set_keyspace(ks),
        schema_change("CREATE TABLE alltypes (id text PRIMARY KEY, a ascii, bi bigint, bl blob, "
                      "bo boolean, de decimal, db double, fl float, ip inet, i int, t text, "
                      "tm timestamp, u uuid, tu timeuuid, vc varchar, vi varint)"),
        p_ins,
        v19.execute_prepared_cql3_query(id_ins, row1),
        v19.execute_prepared_cql3_query(id_ins, row2, QUORUM),
        v19.execute_prepared_cql3_query(id_ins, row1[:-1]),
        v19.execute_prepared_cql3_query(id_ins, row1[:9] + [i64b(5)] + row1[10:]),
        v19.execute_prepared_cql3_query(id_ins, row1[:12] + [b"\x01\x02"] + row1[13:]),
        p_sel,
        v19.execute_prepared_cql3_query(id_sel, ["k1"]),
        v19.execute_prepared_cql3_query(id_sel, ["k2"]),
        v19.execute_prepared_cql3_query(id_sel, ["nope"]),
        p_upd,
        v19.execute_prepared_cql3_query(id_upd, [i64b(9000000000000000), int32(7), "k1"]),
        v19.execute_prepared_cql3_query(id_sel, ["k1"]),
        v19.execute_prepared_cql3_query(123456789, ["k1"]),
        v19.prepare_cql3_query("SELECT * FROM ? WHERE id = ?"),
        v19.prepare_cql3_query("SELECT * FROM alltype WHERE id = ?"),
        v19.prepare_cql3_query("SELECT id, a FROM alltypes WHERE id IN (?, ?)"),
        v19.execute_prepared_cql3_query(jhash(ks + "SELECT id, a FROM alltypes WHERE id IN (?, ?)"),
                                        ["k2", "k1"]),
        cql("SELECT id, i, vi, de, ip FROM alltypes"),
    ]


@scenario("g_collections", "19", "cql3", keyspace_reset="g_coll")
def g_collections():
    """An application of 1.2's collections: a set of tags, a list of events, a map of
    preferences; adds, removes, an element set by index; the mistakes: an index past the end,
    a collection in the key, a list index on a set."""
    ks = "g_coll"
    return [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE profiles (login text PRIMARY KEY, tags set<text>, "
                      "events list<int>, prefs map<text, text>)"),
        cql("INSERT INTO profiles (login, tags, events, prefs) VALUES ('ada', "
            "{'admin', 'dev'}, [1, 2, 3], {'theme': 'dark', 'lang': 'en'}) "
            "USING TIMESTAMP 2000000"),
        cql("SELECT * FROM profiles WHERE login = 'ada'"),
        cql("UPDATE profiles USING TIMESTAMP 2000010 SET tags = tags + {'ops'} "
            "WHERE login = 'ada'"),
        cql("UPDATE profiles USING TIMESTAMP 2000011 SET tags = tags - {'dev'} "
            "WHERE login = 'ada'"),
        cql("UPDATE profiles USING TIMESTAMP 2000012 SET prefs['theme'] = 'light', "
            "prefs['tz'] = 'UTC' WHERE login = 'ada'"),
        cql("UPDATE profiles SET events[1] = 20 WHERE login = 'ada'"),
        cql("UPDATE profiles SET events[7] = 70 WHERE login = 'ada'"),
        cql("UPDATE profiles SET events[0] = 1 WHERE login = 'nobody'"),
        cql("UPDATE profiles SET tags[0] = 'x' WHERE login = 'ada'"),
        cql("DELETE prefs['lang'] FROM profiles USING TIMESTAMP 2000020 WHERE login = 'ada'"),
        cql("SELECT tags, events, prefs FROM profiles WHERE login = 'ada'"),
        cql("INSERT INTO profiles (login, tags) VALUES ('bob', {}) USING TIMESTAMP 2000030"),
        cql("SELECT * FROM profiles WHERE login = 'bob'"),
        cql("INSERT INTO profiles (login, prefs) VALUES ('eve', {'a': 1})"),
        schema_change("CREATE TABLE bykey (tags set<text> PRIMARY KEY, n int)"),
        schema_change("CREATE INDEX ON profiles (tags)"),
        cql("SELECT login, tags FROM profiles"),
    ]


# ------------------------------------------------------------------ COMPACT STORAGE and Thrift
@scenario("g_compact_thrift", "19", "compact", keyspace_reset="g_cmp")
def g_compact_thrift():
    """A table made in CQL 3 WITH COMPACT STORAGE, written by a CQL service and read by an old
    Thrift batch job: composite column names, describe_keyspace, get_slice with the composite
    bounds, a Thrift insert read back in CQL, the wrong column family case."""
    ks = "g_cmp"

    def comp(*parts):
        out = b""
        for p in parts:
            p = p.encode() if isinstance(p, str) else p
            out += struct.pack(">H", len(p)) + p + b"\x00"
        return out

    return [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE timeline (user text, day int, post text, body text, "
                      "PRIMARY KEY (user, day, post)) WITH COMPACT STORAGE"),
        schema_change("CREATE TABLE kv (k text PRIMARY KEY, v bigint) WITH COMPACT STORAGE"),
        cql("INSERT INTO timeline (user, day, post, body) VALUES ('ada', 20130801, 'p1', "
            "'hello') USING TIMESTAMP 3000000"),
        cql("INSERT INTO timeline (user, day, post, body) VALUES ('ada', 20130802, 'p2', "
            "'again') USING TIMESTAMP 3000001"),
        cql("INSERT INTO timeline (user, day, post, body) VALUES ('bob', 20130801, 'p9', "
            "'hi') USING TIMESTAMP 3000002"),
        cql("INSERT INTO kv (k, v) VALUES ('hits', 17) USING TIMESTAMP 3000003"),
        v19.describe_keyspace(ks),
        v19.get_slice("ada", cparent("timeline"), pred(start="", finish="", count=10)),
        v19.get_slice("ada", cparent("timeline"),
                      pred(start=comp(int32(20130802)), finish="", count=10)),
        v19.get_slice("ada", cparent("timeline"), pred(start="", finish="", reversed=True,
                                                        count=1)),
        v19.get_count("ada", cparent("timeline"), pred(start="", finish="", count=100)),
        v19.get_range_slices(cparent("timeline"), pred(start="", finish="", count=5),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("hits", cparent("kv"), pred(start="", finish="", count=10)),
        v19.get("hits", cpath("kv", col="v")),
        v19.insert("carol", cparent("timeline"),
                   column(comp(int32(20130803), "p3"), "from thrift", 20)),
        v19.insert("misses", cparent("kv"), column("v", long_(3), 21)),
        v19.insert("misses", cparent("kv"), column("v", "three", 22)),
        v19.insert("carol", cparent("Timeline"), column(comp(int32(1), "x"), "y", 23)),
        cql("SELECT * FROM timeline WHERE user = 'carol'"),
        cql("SELECT * FROM kv"),
        cql("SELECT * FROM timeline WHERE user = 'ada' AND day = 20130801"),
        cql("SELECT * FROM timeline WHERE user = 'ada' AND post = 'p1'"),
        cql("UPDATE timeline USING TIMESTAMP 3000010 SET body = 'x' WHERE user = 'ada' "
            "AND day = 20130801"),
        cql("UPDATE timeline USING TIMESTAMP 3000011 SET body = 'y' WHERE user = 'ada' "
            "AND post = 'p1'"),
        cql("UPDATE timeline USING TIMESTAMP 3000012 SET body = 'z' WHERE user = 'ada'"),
        v19.get_slice("ada", cparent("timeline"), pred(start="", finish="", count=10)),
        cql("SELECT * FROM timeline WHERE user = 'ada'"),
    ]


@scenario("g_thrift_to_cql", "19", "migrate", keyspace_reset="G_Legacy")
def g_thrift_to_cql():
    """A Thrift application (made with system_add_keyspace, written with batch_mutate) moving
    to CQL 3: its column families read through CQL 3 (quoted names, the key/column1/value view
    of a dynamic column family, declared columns of a static one), the schema tables read for
    them; the mistakes: the unquoted name, a keyspace name in the wrong case."""
    ks = "G_Legacy"
    users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type",
                   column_metadata=[column_def("email", "UTF8Type"),
                                    column_def("age", "Int32Type")])
    events = cf_def(ks, "Events", comparator="LongType", key_validation="UTF8Type",
                    default_validation="BytesType")
    return [
        v19.system_add_keyspace(ks_def(ks, [users, events])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"ada": {"Users": [ins("email", "ada@x.org", 10), ins("age", int32(36), 10),
                                            ins("nick", "countess", 10)],
                                  "Events": [ins(long_(1375351200), "login", 11),
                                             ins(long_(1375354800), "logout", 12)]},
                          "bob": {"Users": [ins("email", "bob@x.org", 13)]}}, QUORUM),
        v19.set_cql_version("3.0.0"),
        cql("SELECT * FROM Users"),
        cql('SELECT * FROM "Users"'),
        cql('SELECT * FROM "Users" WHERE key = \'ada\''),
        cql('SELECT email, age FROM "Users" WHERE key IN (\'ada\', \'bob\')'),
        cql('SELECT * FROM "Events"'),
        cql('SELECT * FROM "Events" WHERE key = \'ada\' AND column1 > 1375351200'),
        cql('SELECT * FROM g_legacy."Users"'),
        cql('SELECT * FROM "G_Legacy"."Users" WHERE key = \'bob\''),
        cql("SELECT keyspace_name, columnfamily_name, comparator, default_validator, "
            "key_validator, type FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'G_Legacy'"),
        cql("SELECT columnfamily_name, column_name, validator, index_type "
            "FROM system.schema_columns WHERE keyspace_name = 'G_Legacy'"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
            "FROM system.schema_keyspaces WHERE keyspace_name = 'G_Legacy'"),
        cql('INSERT INTO "Users" (key, email, age) VALUES (\'carol\', \'c@x.org\', 29) '
            'USING TIMESTAMP 4000000'),
        v19.get_slice("carol", cparent("Users"), pred(start="", finish="", count=10)),
        cql('INSERT INTO "Users" (key, nick) VALUES (\'carol\', \'cc\')'),
        cql('UPDATE "Events" USING TIMESTAMP 4000001 SET value = 0x6869 '
            'WHERE key = \'carol\' AND column1 = 5'),
        v19.get_slice("carol", cparent("Events"), pred(start="", finish="", count=10)),
    ]


# ------------------------------------------------------------------ Titan's storage backend
@scenario("g_titan_store", "19", "titan", keyspace_reset="g_titan")
def g_titan_store():
    """Titan 0.3/0.4's Cassandra Thrift store: a keyspace of BytesType column families made at
    open, the id authority's get_slice of count 1, wide batch_mutate of many rows at QUORUM,
    keys-only range slices by token, deletions in the same batch."""
    ks = "g_titan"
    cfs = [cf_def(ks, n, comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType") for n in
           ("edgestore", "vertexindex", "titan_ids", "system_properties")]
    rows = {}
    for i in range(12):
        key = struct.pack(">q", (i * 0x0123456789abcdef) & 0x7fffffffffffffff)
        rows[key] = {"edgestore": [ins(bytes([0x10, i]), bytes([i]) * 3, 100),
                                   ins(bytes([0x20, i]), b"", 100)]}
    rows[struct.pack(">q", 0)]["vertexindex"] = [ins(b"name\x00ada", b"\x01", 100)]
    ids_key = struct.pack(">i", 1) + b"\x00\x00\x00\x00"
    return [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"})),
        v19.set_keyspace(ks),
        [v19.system_add_column_family(c) for c in cfs],
        v19.describe_partitioner(),
        v19.get_slice(ids_key, cparent("titan_ids"), pred(start="", finish="", reversed=True,
                                                        count=1), QUORUM),
        v19.batch_mutate({ids_key: {"titan_ids": [ins(i64b(-1000), b"claim", 90)]}}, QUORUM),
        v19.get_slice(ids_key, cparent("titan_ids"), pred(start="", finish="", reversed=True,
                                                        count=1), QUORUM),
        v19.batch_mutate(rows, QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start="", finish="", count=1),
                             key_range(start_token="-9223372036854775808", end_token="0",
                                       count=100), QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(names=[]),
                             key_range(start_token="0", end_token="-9223372036854775808",
                                       count=100), QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"\x20", finish=b"\x21",
                                                         count=10),
                             key_range(start_key="", end_key="", count=5), QUORUM),
        v19.multiget_slice([struct.pack(">q", 0), struct.pack(">q", 0x0123456789abcdef),
                            b"missing!"], cparent("edgestore"),
                           pred(start=b"\x10", finish=b"\x10\xff", count=1000), QUORUM),
        v19.batch_mutate({struct.pack(">q", 0): {
            "edgestore": [mutation(deletion_=deletion(101, predicate=pred(names=[b"\x10\x00"]))),
                          ins(b"\x30\x00", b"new", 101)]}}, QUORUM),
        v19.get_slice(struct.pack(">q", 0), cparent("edgestore"),
                      pred(start="", finish="", count=100), QUORUM),
        v19.get_slice(b"\x00\x00\x00\x00\x00\x00\x00\x00", cparent("vertexindex"),
                      pred(start=b"name\x00", finish=b"name\x01", count=100), QUORUM),
        v19.batch_mutate({b"": {"edgestore": [ins(b"\x10", b"x", 102)]}}, QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(names=[]),
                             key_range(start_key="", end_token="0", count=10), QUORUM),
        v19.get_slice(b"cfg", cparent("system_properties"), pred(start="", finish="", count=1),
                      LOCAL_QUORUM),
    ]


# ------------------------------------------------------------------ pycassa 1.9
@scenario("g_pycassa19", "19", "pycassa", keyspace_reset="g_pyc")
def g_pycassa19():
    """pycassa 1.9 on a 1.2 or 2.0 node: SystemManager makes the keyspace and an indexed column
    family, the pool's connection sets the keyspace and ColumnFamily reads its definition, then
    inserts with TTL, gets, xget's paged slices, multiget, get_count, get_indexed_slices,
    removes; the mistakes: a missing row (NotFoundException), a keyspace that does not exist, an
    index query with no EQ, ANY for a read."""
    ks = "g_pyc"
    users = cf_def(ks, "users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type",
                   column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "users_state"),
                                    column_def("birth_year", "LongType", KEYS_INDEX,
                                               "users_by")])
    return [
        v19.describe_version(),
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"})),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.system_add_column_family(users),
        v19.describe_keyspace(ks),
        v19.set_keyspace("g_pyc_nothere"),
        v19.insert("jsmith", cparent("users"), column("state", "UT", 10)),
        v19.batch_mutate({"jsmith": {"users": [ins("birth_year", long_(1970), 10),
                                               ins("session", "abc", 10, ttl=3600)]},
                          "bjones": {"users": [ins("state", "CA", 11),
                                               ins("birth_year", long_(1975), 11)]},
                          "ada": {"users": [ins("state", "UT", 12),
                                            ins("birth_year", long_(1815), 12)]}}, ONE),
        v19.get("jsmith", cpath("users", col="state")),
        v19.get("nobody", cpath("users", col="state")),
        v19.get_slice("jsmith", cparent("users"), pred(start="", finish="", count=2)),
        v19.get_slice("jsmith", cparent("users"), pred(start="birth_year", finish="", count=2)),
        v19.multiget_slice(["jsmith", "bjones", "nobody"], cparent("users"),
                           pred(names=["state"])),
        v19.get_count("jsmith", cparent("users"), pred(start="", finish="", count=2147483647)),
        v19.multiget_count(["jsmith", "ada"], cparent("users"),
                           pred(start="", finish="", count=100)),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("state", EQ, "UT")],
                                                              count=100),
                               pred(start="", finish="", count=100)),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("state", EQ, "UT"), index_expr("birth_year", GTE, long_(1900))],
            count=100), pred(names=["birth_year"])),
        v19.get_indexed_slices(cparent("users"), index_clause(
            [index_expr("birth_year", GTE, long_(1900))], count=100), pred(names=["state"])),
        v19.get_slice("jsmith", cparent("users"), pred(start="", finish="", count=10), ANY),
        v19.remove("jsmith", cpath("users", col="session"), 20),
        v19.get_slice("jsmith", cparent("users"), pred(start="", finish="", count=10)),
        v19.remove("bjones", cpath("users"), 21),
        v19.get_range_slices(cparent("users"), pred(start="", finish="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.insert("ada", cparent("user"), column("state", "NY", 30)),
        v19.insert("ada", cparent("users"), column("birth_year", "1815", 30)),
        v19.truncate("users"),
        v19.get_range_slices(cparent("users"), pred(start="", finish="", count=1),
                             key_range(start_key="", end_key="", count=100)),
    ]


# ------------------------------------------------------------------ a token-aware client
@scenario("g_token_aware", "19", "ring", keyspace_reset="g_ring")
def g_token_aware():
    """A token-aware client (Astyanax's ring describer, the Hadoop input format) at start:
    the ring of its keyspace, the token map, partitioner and snitch, the splits of a column
    family; the mistakes: the ring of system, the ring of a keyspace not made yet, splits of
    an unknown column family."""
    ks = "g_ring"
    steps = [
        v19.describe_cluster_name(),
        v19.describe_ring(ks),
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "data", comparator="UTF8Type")])),
        v19.describe_ring(ks),
        v19.describe_ring("system"),
        v19.describe_ring("system_traces"),
        v19.describe_token_map(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.batch_mutate({"k%02d" % i: {"data": [ins("c", "v%d" % i, 10)]} for i in range(8)}),
        v19.describe_splits("data", "-9223372036854775808", "-9223372036854775808", 65536)
        .mask("0"),
        describe_splits_ex("data", "-9223372036854775808", "0", 65536),
    ]
    if V20 or V1219:
        steps.insert(5, describe_local_ring(ks))
    steps += [
        v19.get_range_slices(cparent("data"), pred(names=["c"]),
                             key_range(start_token="-9223372036854775808",
                                       end_token="-9223372036854775808", count=3)),
        v19.get_range_slices(cparent("data"), pred(names=["c"]),
                             key_range(start_token="0", end_token="abc", count=3)),
        v19.get_range_slices(cparent("data"), pred(names=["c"]),
                             key_range(start_key="k01", end_token="0", count=3)),
        # the job's configuration named a column family that is not there
        v19.describe_splits("nodata", "0", "100", 65536).mask("0"),
    ]
    return steps


# ------------------------------------------------------------------ atomic batches
@scenario("g_atomic_batch", "19", "batch", keyspace_reset="g_atomic")
def g_atomic_batch():
    """An order service on 1.2's batchlog: atomic_batch_mutate of an order and its index row
    across column families, read back; CQL BEGIN BATCH (logged, unlogged, counter) with a
    timestamp; the mistakes: a counter in an atomic batch, a slice range deletion, a counter
    UPDATE in a logged CQL batch, LOCAL_QUORUM on SimpleStrategy."""
    ks = "g_atomic"
    orders = cf_def(ks, "orders", comparator="UTF8Type", key_validation="UTF8Type",
                    default_validation="UTF8Type")
    byuser = cf_def(ks, "orders_by_user", comparator="UTF8Type", key_validation="UTF8Type")
    totals = cf_def(ks, "totals", comparator="UTF8Type", key_validation="UTF8Type",
                    default_validation="CounterColumnType")
    return [
        v19.system_add_keyspace(ks_def(ks, [orders, byuser, totals])),
        v19.set_keyspace(ks),
        v19.atomic_batch_mutate({"o1": {"orders": [ins("user", "ada", 10), ins("sku", "A-1", 10),
                                                   ins("qty", "2", 10)]},
                                 "ada": {"orders_by_user": [ins("o1", "", 10)]}}, QUORUM),
        v19.atomic_batch_mutate({"o2": {"orders": [ins("user", "bob", 11)]},
                                 "bob": {"orders_by_user": [ins("o2", "", 11)]}}, ANY),
        v19.multiget_slice(["o1", "o2"], cparent("orders"), pred(start="", finish="", count=10)),
        v19.get_slice("ada", cparent("orders_by_user"), pred(start="", finish="", count=10)),
        v19.atomic_batch_mutate({"ada": {"totals": [mutation(cosc(
            counter_column=counter_column("orders", 1)))]}}),
        v19.atomic_batch_mutate({"o1": {"orders": [mutation(deletion_=deletion(
            12, predicate=pred(start="a", finish="z", count=100)))]}}),
        v19.atomic_batch_mutate({"o1": {"orders": [mutation(deletion_=deletion(
            12, predicate=pred(names=["qty"])))]},
                                 "ada": {"orders_by_user": [mutation(deletion_=deletion(12))]}}),
        v19.get_slice("o1", cparent("orders"), pred(start="", finish="", count=10)),
        v19.get_slice("ada", cparent("orders_by_user"), pred(start="", finish="", count=10)),
        v19.atomic_batch_mutate({"o3": {"orders": [ins("user", "eve", 13)]}}, LOCAL_QUORUM),
        v19.atomic_batch_mutate({"o3": {"orders": [ins("user", "eve", 13)]}}, EACH_QUORUM),
        v19.atomic_batch_mutate({"o3": {"orders": [ins("user", "eve", 13)]}}, TWO),
        v19.atomic_batch_mutate({"o4": {"nosuch": [ins("user", "eve", 13)]}}),
        v19.atomic_batch_mutate({}),
        v19.set_cql_version("3.0.0"),
        cql("BEGIN BATCH USING TIMESTAMP 5000000 "
            "INSERT INTO orders (key, column1, value) VALUES ('o5', 'user', 'carol') "
            "INSERT INTO orders_by_user (key, column1, value) VALUES ('carol', 'o5', 0x) "
            "APPLY BATCH", QUORUM),
        cql("BEGIN UNLOGGED BATCH "
            "INSERT INTO orders (key, column1, value) VALUES ('o6', 'user', 'dan') "
            "USING TIMESTAMP 5000001 "
            "DELETE FROM orders USING TIMESTAMP 5000002 WHERE key = 'o5' AND column1 = 'user' "
            "APPLY BATCH"),
        cql("SELECT * FROM orders WHERE key IN ('o5', 'o6')"),
        cql("BEGIN BATCH UPDATE totals SET value = value + 1 WHERE key = 'ada' AND "
            "column1 = 'orders' APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE totals SET value = value + 1 WHERE key = 'ada' AND "
            "column1 = 'orders' UPDATE totals SET value = value + 5 WHERE key = 'bob' AND "
            "column1 = 'orders' APPLY BATCH"),
        cql("SELECT * FROM totals"),
    ]


# ------------------------------------------------------------------ counters in CQL 3
@scenario("g_counters_cql", "19", "counter", keyspace_reset="g_cnt")
def g_counters_cql():
    """Page view counters in CQL 3 and then with Thrift's add on the same table: the mistakes:
    an INSERT into a counter table, a counter set to a value, a counter beside a regular column,
    a counter read at ANY."""
    ks = "g_cnt"
    return [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE page_views (page text, day text, views counter, "
                      "PRIMARY KEY (page, day))"),
        schema_change("CREATE TABLE hits (url text PRIMARY KEY, n counter) WITH COMPACT STORAGE"),
        cql("UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = '2013-08-01'"),
        cql("UPDATE page_views SET views = views + 10 WHERE page = '/' AND day = '2013-08-01'"),
        cql("UPDATE page_views SET views = views - 3 WHERE page = '/' AND day = '2013-08-02'",
            QUORUM),
        cql("SELECT * FROM page_views WHERE page = '/'"),
        cql("INSERT INTO page_views (page, day, views) VALUES ('/a', 'x', 1)"),
        cql("UPDATE page_views SET views = 5 WHERE page = '/' AND day = '2013-08-01'"),
        cql("UPDATE page_views SET views = views + 1 WHERE page = '/'"),
        schema_change("CREATE TABLE mixed (k text PRIMARY KEY, n counter, label text)"),
        cql("UPDATE page_views SET views = views + 1 WHERE page = '/' AND day = 'x'", ANY),
        v19.set_keyspace(ks),
        v19.add("/about", cparent("hits"), counter_column("n", 4)),
        v19.add("/about", cparent("hits"), counter_column("n", -1), QUORUM),
        v19.get("/about", cpath("hits", col="n")),
        cql("SELECT * FROM hits"),
        cql("UPDATE hits SET n = n + 2 WHERE url = '/about'"),
        v19.get_slice("/about", cparent("hits"), pred(start="", finish="", count=10)),
        v19.insert("/about", cparent("hits"), column("n", long_(1), 10)),
        v19.add("/about", cparent("hits"), counter_column("n", 1), ANY),
        v19.remove_counter("/about", cpath("hits", col="n")),
        cql("SELECT * FROM hits WHERE url = '/about'"),
    ]


# ------------------------------------------------------------------ time series in CQL 3
@scenario("g_timeseries", "19", "cql3", keyspace_reset="g_ts")
def g_timeseries():
    """A sensor time series table clustered newest first: range reads, LIMIT, ORDER BY, token
    paging over partitions; the mistakes: ORDER BY a non-clustering column, a range on the
    partition key, a second clustering restriction skipped, an IN on the clustering column."""
    ks = "g_ts"
    steps = [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE readings (sensor text, ts timestamp, kind text, "
                      "value double, PRIMARY KEY (sensor, ts, kind)) "
                      "WITH CLUSTERING ORDER BY (ts DESC, kind ASC)"),
    ]
    for i in range(6):
        for s in ("s1", "s2"):
            steps.append(cql("INSERT INTO readings (sensor, ts, kind, value) VALUES ('%s', "
                             "'2013-08-01 10:0%d:00+0000', 'temp', %d.5) USING TIMESTAMP %d"
                             % (s, i, 20 + i, 6000000 + i)))
    steps += [
        cql("SELECT * FROM readings WHERE sensor = 's1' LIMIT 3"),
        cql("SELECT ts, value FROM readings WHERE sensor = 's1' AND ts >= "
            "'2013-08-01 10:02:00+0000' AND ts < '2013-08-01 10:05:00+0000'"),
        cql("SELECT ts, value FROM readings WHERE sensor = 's1' ORDER BY ts ASC LIMIT 2"),
        cql("SELECT ts FROM readings WHERE sensor = 's2' ORDER BY value"),
        cql("SELECT sensor, ts FROM readings WHERE sensor > 's1'"),
        cql("SELECT sensor, ts FROM readings WHERE token(sensor) > token('s1') LIMIT 2"),
        cql("SELECT DISTINCT sensor FROM readings") if V20 else
        cql("SELECT sensor FROM readings LIMIT 1"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND kind = 'temp'"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND ts = '2013-08-01 10:01:00+0000' "
            "AND kind IN ('temp', 'rh')"),
        cql("SELECT * FROM readings WHERE sensor IN ('s1', 's2') AND "
            "ts = '2013-08-01 10:03:00+0000'"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND ts > '2013-08-01 10:03:00+0000' "
            "ALLOW FILTERING"),
        cql("DELETE FROM readings USING TIMESTAMP 6000100 WHERE sensor = 's1' AND "
            "ts = '2013-08-01 10:05:00+0000' AND kind = 'temp'"),
        cql("SELECT count(*) FROM readings WHERE sensor = 's1'"),
        cql("INSERT INTO readings (sensor, ts, kind, value) VALUES ('s3', 'yesterday', 'x', 1)"),
        cql("INSERT INTO readings (sensor, ts, kind, value) VALUES ('s3', 1375351200000, "
            "'x', 1) USING TTL 86400 AND TIMESTAMP 6000200"),
        cql("SELECT sensor, ts, kind FROM readings WHERE sensor = 's3'"),
    ]
    return steps


# ------------------------------------------------------------------ secondary indexes in CQL 3
@scenario("g_cql_index", "19", "index", keyspace_reset="g_idx")
def g_cql_index():
    """An application adding a secondary index once its data is written, querying by it, and
    dropping it; the mistakes: the index made twice, a range query on the indexed column alone,
    an index on the primary key, dropping an unknown index."""
    ks = "g_idx"
    steps = [
        v19.set_cql_version("3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE products (sku text PRIMARY KEY, category text, price int, "
                      "name text)"),
        schema_change("CREATE INDEX products_category ON products (category)"),
    ]
    for i, (cat, price) in enumerate([("book", 10), ("book", 25), ("toy", 7), ("game", 40)]):
        steps.append(cql("INSERT INTO products (sku, category, price, name) VALUES "
                         "('sku%d', '%s', %d, 'item %d') USING TIMESTAMP %d"
                         % (i, cat, price, i, 7000000 + i)))
    steps += [
        cql("SELECT sku, price FROM products WHERE category = 'book'"),
        cql("SELECT sku FROM products WHERE category = 'book' AND price > 12"),
        cql("SELECT sku FROM products WHERE category = 'book' AND price > 12 ALLOW FILTERING"),
        cql("SELECT sku FROM products WHERE price > 12"),
        schema_change("CREATE INDEX products_category ON products (category)"),
        schema_change("CREATE INDEX ON products (sku)"),
        schema_change("CREATE INDEX ON products (price)"),
        cql("SELECT sku FROM products WHERE price = 7"),
        cql("UPDATE products USING TIMESTAMP 7000010 SET category = 'toy' WHERE sku = 'sku0'"),
        cql("SELECT sku FROM products WHERE category = 'toy'"),
        v19.describe_keyspace(ks),
        cql("SELECT column_name, index_name, index_type, validator FROM system.schema_columns "
            "WHERE keyspace_name = 'g_idx' AND columnfamily_name = 'products'"),
        schema_change("DROP INDEX products_category"),
        schema_change("DROP INDEX products_nothing"),
        cql("SELECT sku FROM products WHERE category = 'toy'"),
    ]
    return steps


# ------------------------------------------------------------------ cqlsh
@scenario("g_cqlsh", "19", "cqlsh", keyspace_reset="g_sh")
def g_cqlsh():
    """cqlsh of the release at start and during a session: the Thrift describes it sent, the
    system tables it read for DESCRIBE and completion, a traced query, a keyspace made and
    altered, typos."""
    ks = "g_sh"
    steps = [
        v19.describe_cluster_name(),
        v19.describe_version(),
        v19.set_cql_version("3.1.0" if V20 else "3.0.0"),
        cql("SELECT release_version, cql_version, partitioner FROM system.local "
            "WHERE key = 'local'") if True else None,
        v19.describe_keyspaces() if not V20 else None,
        cql("SELECT keyspace_name FROM system.schema_keyspaces"),
        cql("CREATE KEYSPACE g_sh WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1} AND durable_writes = false"),
        cql("USE g_sh"),
        cql("CREATE TABLE notes (id int PRIMARY KEY, body text) WITH comment = 'notes' AND "
            "gc_grace_seconds = 3600 AND caching = 'KEYS_ONLY'"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options FROM "
            "system.schema_keyspaces WHERE keyspace_name = 'g_sh'"),
        cql("SELECT columnfamily_name, comment, gc_grace_seconds, caching, "
            "default_validator, key_aliases, column_aliases, value_alias "
            "FROM system.schema_columnfamilies WHERE keyspace_name = 'g_sh'"),
        cql("SELECT columnfamily_name, column_name, component_index, validator, type "
            "FROM system.schema_columns WHERE keyspace_name = 'g_sh'") if V20 else
        cql("SELECT columnfamily_name, column_name, component_index, validator "
            "FROM system.schema_columns WHERE keyspace_name = 'g_sh'"),
        cql("INSERT INTO notes (id, body) VALUES (1, 'first') USING TIMESTAMP 8000000"),
        trace_next_query(),
        cql("SELECT * FROM notes WHERE id = 1"),
        cql("SELCT * FROM notes"),
        cql("SELECT * FROM notes WHERE id = 1;"),
        cql("select * from NOTES where ID = 1"),
        cql("ALTER KEYSPACE g_sh WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 2}"),
        cql("SELECT strategy_options FROM system.schema_keyspaces WHERE keyspace_name = 'g_sh'"),
        cql("SELECT * FROM notes WHERE id = 1", QUORUM),
        cql("ALTER TABLE notes WITH comment = 'my notes'"),
        cql("SELECT comment FROM system.schema_columnfamilies WHERE keyspace_name = 'g_sh' "
            "AND columnfamily_name = 'notes'"),
        cql("TRUNCATE notes"),
        cql("SELECT * FROM notes"),
        cql("DROP KEYSPACE g_sh"),
        cql("USE g_sh"),
    ]
    return steps


# ------------------------------------------------------------------ 1.2: CQL 2 legacy app
if not V20:
    @scenario("g_cql2_legacy", "19", "cql2", keyspace_reset="g_cql2")
    def g_cql2_legacy():
        """An application still on CQL 2 (cassandra-dbapi2 before 1.4, cql_version 2.0.0)
        against 1.2: execute_cql_query's CREATE, INSERT, SELECT with column ranges, UPDATE with
        a consistency level, DELETE; the mistakes: CQL 3 syntax sent as CQL 2, the CQL 2 call
        on a CQL 3 table."""
        ks = "g_cql2"
        q = v19.execute_cql_query
        return [
            v19.set_cql_version("2.0.0"),
            q("CREATE KEYSPACE g_cql2 WITH strategy_class = 'SimpleStrategy' AND "
              "strategy_options:replication_factor = 1"),
            q("USE g_cql2"),
            q("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, age int) "
              "WITH comparator = text AND default_validation = text"),
            q("INSERT INTO users (KEY, name, age) VALUES ('ada', 'Ada', 36) USING TIMESTAMP "
              "9000000"),
            q("UPDATE users USING CONSISTENCY QUORUM AND TIMESTAMP 9000001 SET 'city' = 'London'"
              " WHERE KEY = 'ada'"),
            q("SELECT * FROM users WHERE KEY = 'ada'"),
            q("SELECT FIRST 1 'a'..'z' FROM users WHERE KEY = 'ada'"),
            q("SELECT name, age FROM users"),
            q("SELECT COUNT(*) FROM users"),
            q("INSERT INTO users (user_id, name) VALUES ('bob', 'Bob')"),
            q("SELECT * FROM users WHERE name = 'Ada'"),
            q("DELETE age FROM users USING TIMESTAMP 9000002 WHERE KEY = 'ada'"),
            q("SELECT * FROM users WHERE KEY = 'ada'"),
            q("CREATE TABLE t3 (k int PRIMARY KEY, v text)"),
            v19.set_cql_version("3.0.0"),
            cql("SELECT * FROM g_cql2.users"),
        ]


# ------------------------------------------------------------------ 2.0: conditional updates
if V20:
    @scenario("g_cas_accounts", "19", "cas", keyspace_reset="g_cas")
    def g_cas_accounts():
        """2.0's lightweight transactions: Thrift cas() creating a row only if absent and
        compare-and-set of a balance, CQL INSERT ... IF NOT EXISTS and UPDATE ... IF, a SERIAL
        read; the mistakes: a condition that fails, a timestamp given to a conditional update,
        cas at a commit level of SERIAL, cas on a counter column family."""
        ks = "g_cas"
        acc = cf_def(ks, "accounts", comparator="UTF8Type", key_validation="UTF8Type",
                     default_validation="UTF8Type")
        cnt = cf_def(ks, "hits", comparator="UTF8Type", default_validation="CounterColumnType")
        return [
            v19.system_add_keyspace(ks_def(ks, [acc, cnt])),
            v19.set_keyspace(ks),
            cas("ada", "accounts", [], [column("balance", "100", 10), column("owner", "Ada", 10)]),
            cas("ada", "accounts", [], [column("balance", "999", 11)]),
            v19.insert("bob", cparent("accounts"), column("balance", "50", 12)),
            cas("bob", "accounts", [column("balance", "40", 12)],
                [column("balance", "30", 13)]),
            cas("bob", "accounts", [column("balance", "50", 12)],
                [column("balance", "30", 13)]),
            cas("bob", "accounts", [column("balance", "30", 13)],
                [column("balance", "20", 14)], serial=LOCAL_SERIAL, commit=ONE),
            cas("bob", "accounts", [column("balance", "20", 14)],
                [column("balance", "10", 15)], commit=SERIAL),
            cas("bob", "accounts", [column("balance", "20", 14)],
                [column("balance", "10", 15)], serial=QUORUM),
            cas("x", "hits", [], [column("n", long_(1), 16)]),
            cas("x", "nosuch", [], [column("n", "1", 16)]),
            v19.set_cql_version("3.1.0"),
            cql("SELECT * FROM accounts WHERE key IN ('ada', 'bob')", SERIAL),
            cql("SELECT * FROM accounts WHERE key = 'bob' AND column1 = 'balance'"),
            cql("CREATE TABLE users (login text PRIMARY KEY, email text, version int)"),
            cql("INSERT INTO users (login, email, version) VALUES ('ada', 'a@x', 1) "
                "IF NOT EXISTS", QUORUM),
            cql("INSERT INTO users (login, email, version) VALUES ('ada', 'other@x', 1) "
                "IF NOT EXISTS", QUORUM),
            cql("UPDATE users SET email = 'ada@x', version = 2 WHERE login = 'ada' "
                "IF version = 1", QUORUM),
            cql("UPDATE users SET email = 'late@x', version = 2 WHERE login = 'ada' "
                "IF version = 1", QUORUM),
            cql("UPDATE users USING TIMESTAMP 10 SET email = 'x' WHERE login = 'ada' "
                "IF version = 2"),
            cql("DELETE FROM users WHERE login = 'nobody' IF email = 'x'"),
            cql("SELECT * FROM users WHERE login = 'ada'", SERIAL),
            cql("INSERT INTO users (login, email) VALUES ('bob', 'b@x') USING TIMESTAMP 100"),
            cql("SELECT login, email, version FROM users"),
            cql("SELECT * FROM users WHERE login = 'ada'", LOCAL_SERIAL),
            cql("UPDATE users SET email = 'q' WHERE login = 'bob' IF email = 'b@x'", SERIAL),
        ]

    @scenario("g_static_bills", "19", "static", keyspace_reset="g_static")
    def g_static_bills():
        """2.0.6's static columns: a user's balance shared by the rows of its expenses,
        written with conditions on the static column; the mistakes: a static column in a table
        with no clustering column, a static in COMPACT STORAGE, a static in the key."""
        ks = "g_static"
        return [
            v19.set_cql_version("3.1.0"),
            cql_ks(ks),
            cql("USE " + ks),
            schema_change("CREATE TABLE bills (user text, balance int static, expense_id int, "
                          "amount int, PRIMARY KEY (user, expense_id))"),
            cql("INSERT INTO bills (user, balance) VALUES ('ada', 100) IF NOT EXISTS"),
            cql("INSERT INTO bills (user, expense_id, amount) VALUES ('ada', 1, 8) "
                "USING TIMESTAMP 11000000"),
            cql("INSERT INTO bills (user, expense_id, amount) VALUES ('ada', 2, 12) "
                "USING TIMESTAMP 11000001"),
            cql("SELECT * FROM bills WHERE user = 'ada'"),
            cql("UPDATE bills SET balance = 80 WHERE user = 'ada' IF balance = 100"),
            cql("UPDATE bills SET balance = 70 WHERE user = 'ada' IF balance = 100"),
            cql("SELECT user, balance FROM bills WHERE user = 'ada'"),
            cql("SELECT DISTINCT user, balance FROM bills"),
            cql("INSERT INTO bills (user, balance) VALUES ('bob', 5) USING TIMESTAMP 11000002"),
            cql("SELECT * FROM bills"),
            cql("UPDATE bills SET balance = 1 WHERE user = 'bob' AND expense_id = 3"),
            schema_change("CREATE TABLE flat (k text PRIMARY KEY, s int static)"),
            schema_change("CREATE TABLE cs (k text, c int, s int static, v int, "
                          "PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
            schema_change("CREATE TABLE sk (k text static, c int, PRIMARY KEY (k, c))"),
            cql("SELECT columnfamily_name, column_name, type FROM system.schema_columns "
                "WHERE keyspace_name = 'g_static'"),
            cql("DELETE balance FROM bills USING TIMESTAMP 11000003 WHERE user = 'bob'"),
            cql("SELECT * FROM bills WHERE user = 'bob'"),
        ]


# ------------------------------------------------------------------ a client of a later IDL
@scenario("g_later_client", "19", "upgrade", keyspace_reset="g_later")
def g_later_client():
    """A client built against a later release's IDL talking to this one (the upgrade case):
    a CfDef with the later fields set, consistency levels the release did not have, methods it
    did not have; then ordinary calls on the same connection."""
    ks = "g_later"
    if V20:
        # built against 2.1's IDL
        extra = {44: b("ALL"), 45: W.i32(64), 46: W.i32(1024)}
    else:
        # built against 2.0's IDL
        extra = {39: W.i32(3600000), 40: W.i32(86400), 41: W.i32(256),
                 42: b("99PERCENTILE")}
    cf = cf_def(ks, "events", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type", extra=extra)
    steps = [
        v19.system_add_keyspace(ks_def(ks, [cf])),
        v19.describe_keyspace(ks),
        v19.set_keyspace(ks),
        v19.insert("e1", cparent("events"), column("what", "boot", 10), LOCAL_ONE),
        v19.insert("e1", cparent("events"), column("what", "boot", 10)),
        v19.get_slice("e1", cparent("events"), pred(start="", finish="", count=10), LOCAL_ONE),
        v19.get_slice("e1", cparent("events"), pred(start="", finish="", count=10), SERIAL),
        v19.system_update_column_family(cf_def(ks, "events", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               comment="updated", extra=extra)),
        v19.describe_keyspace(ks),
        describe_local_ring(ks),
        cas("e1", "events", [], [column("who", "me", 11)]),
        raw("get_multi_slice", {1: W.struct({1: b("e1"), 2: cparent("events"),
                                              3: W.list_("struct", [W.struct({1: b(""),
                                                                              2: b("")})]),
                                              4: W.boolean(False), 5: W.i32(10),
                                              6: W.i32(ONE)})}),
        v19.get("e1", cpath("events", col="what")),
        v19.set_cql_version("3.1.7"),
        v19.set_cql_version("3.0.0"),
        cql("SELECT * FROM events", LOCAL_ONE),
        cql("SELECT * FROM events"),
    ]
    return steps


# ------------------------------------------------------------------ levels of a multi-DC DAO
@scenario("g_dao_levels", "19", "consistency", keyspace_reset="g_lvl")
def g_dao_levels():
    """A DAO layer configured for a multi-DC deployment (LOCAL_QUORUM reads and writes,
    EACH_QUORUM for its audit log) running against a single-DC SimpleStrategy keyspace, then
    reconfigured: the levels it sent with CQL 3 and Thrift calls, counters at ANY, a serial
    level given to a plain write, TWO and THREE on one node."""
    ks = "g_lvl"
    steps = [
        v19.set_cql_version("3.1.0" if V20 else "3.0.0"),
        cql_ks(ks),
        cql("USE " + ks),
        schema_change("CREATE TABLE items (id int PRIMARY KEY, label text)"),
        schema_change("CREATE TABLE stock (id int PRIMARY KEY, n counter)"),
        cql("INSERT INTO items (id, label) VALUES (1, 'one') USING TIMESTAMP 12000000",
            LOCAL_QUORUM),
        cql("SELECT * FROM items WHERE id = 1", LOCAL_QUORUM),
        cql("INSERT INTO items (id, label) VALUES (2, 'two') USING TIMESTAMP 12000001",
            EACH_QUORUM),
        cql("SELECT * FROM items WHERE id = 2", EACH_QUORUM),
        cql("UPDATE stock SET n = n + 1 WHERE id = 1", ANY),
        cql("BEGIN COUNTER BATCH UPDATE stock SET n = n + 2 WHERE id = 1 "
            "UPDATE stock SET n = n + 3 WHERE id = 2 APPLY BATCH", ANY),
        cql("DELETE FROM stock WHERE id = 2", ANY),
        cql("INSERT INTO items (id, label) VALUES (3, 'three') USING TIMESTAMP 12000002", ANY),
        cql("DELETE FROM items USING TIMESTAMP 12000003 WHERE id = 3", ANY),
        cql("BEGIN BATCH INSERT INTO items (id, label) VALUES (4, 'four') "
            "UPDATE stock SET n = n + 1 WHERE id = 4 APPLY BATCH", ANY),
        cql("INSERT INTO items (id, label) VALUES (5, 'five') USING TIMESTAMP 12000004", TWO),
        cql("SELECT * FROM items WHERE id = 5", dsl.THREE),
        cql("SELECT * FROM stock", QUORUM),
        cql("SELECT * FROM items", ALL),
        v19.set_keyspace(ks),
        v19.get_slice(int32(1), cparent("items"), pred(start="", finish="", count=10),
                      LOCAL_QUORUM),
        v19.add(int32(9), cparent("stock"), counter_column("n", 1), LOCAL_QUORUM),
        v19.add(int32(9), cparent("stock"), counter_column("n", 1), EACH_QUORUM),
    ]
    if V20:
        steps += [
            cql("INSERT INTO items (id, label) VALUES (6, 'six') USING TIMESTAMP 12000005",
                SERIAL),
            cql("UPDATE stock SET n = n + 1 WHERE id = 1", SERIAL),
            cql("BEGIN BATCH INSERT INTO items (id, label) VALUES (7, 's') APPLY BATCH",
                LOCAL_SERIAL),
            cql("SELECT * FROM items WHERE id = 1", SERIAL),
            cql("SELECT * FROM items WHERE id IN (1, 2)", LOCAL_SERIAL),
            cql("SELECT * FROM items", SERIAL),
            cql("SELECT * FROM items WHERE id = 1", LOCAL_ONE),
            cql("UPDATE stock SET n = n + 1 WHERE id = 1", LOCAL_ONE),
        ]
    steps += [
        cql("SELECT * FROM stock", ONE),
        cql("SELECT id, label FROM items", ONE),
        # last: 1.2 closed the connection on a counter update at LOCAL_QUORUM
        cql("UPDATE stock SET n = n + 1 WHERE id = 1", LOCAL_QUORUM),
    ]
    return steps
