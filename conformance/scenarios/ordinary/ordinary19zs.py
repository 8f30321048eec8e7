"""Ordinary API 19 traffic of CQL-centred applications over the Thrift port, for every Thrift
release from 0.7.10 to 2.2.19 (author zs), each sent as its driver built for the release sent it
(`RELEASE=<version>`, default 1.1.12):
  * the Python `cql` dbapi2 module's connection (USE, its CQL version handshake from 1.1)
  * cassandra-jdbc's connection and DatabaseMetaData (describe calls, the system tables of
    1.2 on read at connect)
  * a CQL 2 users table with typed columns and a key alias (CREATE COLUMNFAMILY, ALTER)
  * CQL 2 wide rows read by SELECT FIRST / REVERSED ranges of an int comparator
  * CQL 2 counters of a page-view service (and the mistakes counters invite)
  * CQL 2 batches with USING CONSISTENCY and USING TIMESTAMP / TTL
  * CQL 2 prepared statements (prepare_cql_query on 1.1 and 1.2)
  * 1.1's CQL 3 beta through set_cql_version('3.0.0') from a Twissandra-style app, the same
    app on execute_cql3_query from 1.2
  * node-cassandra-client and helenus: values substituted client-side, CQL 2 and CQL 3
  * a COMPACT STORAGE time series written in CQL 3 and read through Thrift
  * a CQL 3 profile table of collections (1.2 on)
  * a CQL 3 cart of 2.0's static columns
  * lightweight transactions of a sign-up service (2.0 on; the 1.2 refusal)
  * CQL 3 batches: logged, unlogged, counter, and the mixes refused
  * an exporter paging a CQL 3 table by token()
  * a Kundera-style ORM's prepared statements (IN, LIMIT and TTL markers where released)
  * ALTER and DROP in CQL 3 (types, renames, options) and their errors
  * CQL 3 counters and the counter-table refusals
  * a CQL 2 app on a cluster that moved to CQL 3 (CQL 2 on a CQL 3 table; 2.0's removal)
  * KEYS indexes made in CQL 2 and CQL 3 (created before the rows they must find)
  * a first week's CQL mistakes (syntax, unknown names, missing keyspace, wrong types)
  * cassandra-jdbc 1.1's CQL 3 through the CQL 2 methods (prepare_cql_query from 1.1)
On 0.7.10, which had no CQL, each application meets the refusal of execute_cql_query and falls
back to the Thrift calls of its earlier release. Each scenario owns its keyspace (dropped
before and after by capture.py); CQL writes carry USING TIMESTAMP, Thrift writes relative
timestamps. Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of each
release."""
import os
import struct
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, ins, long_, int32, uuid_,
                 timeuuid, ONE, QUORUM, ALL, ANY, index_expr, index_clause, EQ, Step)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.1.12")

import kit  # noqa: E402
from kit import (cfd, ksd, setup, coldef, cql2, cql3, prep, exe, jhash, coll,  # noqa: E402
                 i32b, i64b, comp, md5_token)

V = kit.version(2)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)
V12 = V >= (1, 2)
V20 = V >= (2, 0)
V21 = V >= (2, 1)
V22 = V >= (2, 2)
CQL2 = V08 and not V20

sc = kit.registrar("zs_")

# an absolute CQL timestamp (microseconds) for the writes a SELECT reads back
T = 1388534400000000
# a CQL 2 counter's timestamp is the server's clock
CTS = "0/2/*/2/*/3"


def ks2(ks):
    """CQL 2's CREATE KEYSPACE of the drivers of 0.8 to 1.2."""
    return cql2("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
                "AND strategy_options:replication_factor = 1" % ks)


def no_cql(ks, cfs):
    """0.7: the driver's first CQL call refused, then the Thrift fallback's schema."""
    return [cql2("USE %s" % ks)] + setup(ks, cfs)


def pq(q):
    return Step("prepare_cql_query", W.struct({1: b(q), 2: W.i32(2)}))


def xq(q, values):
    return Step("execute_prepared_cql_query", W.struct({
        1: W.i32(jhash(q)), 2: W.list_("bin", [b(v) for v in values])}))


def utf(cf):
    return cfd(cf[0], cf[1], comparator_type="UTF8Type", default_validation_class="UTF8Type")


# --------------------------------------------------------------------------- 00 dbapi connect
@sc("00_dbapi_connect", "cql", "zs_db")
def dbapi_connect():
    """The Python `cql` module's connect(host, port, keyspace, cql_version=...): the keyspace
    made by the app's bootstrap, then per connection set_cql_version (1.1 on; its default
    2.0.0, a user's '3.0.0'), `USE` sent as a query, a cursor's SELECT on a table, and the
    reconnection after the keyspace was dropped by another app."""
    ks = "zs_db"
    if not V08:
        return no_cql(ks, [utf((ks, "kv"))]) + [
            v19.insert("k1", cparent("kv"), column("c", "v", 10)),
            v19.get_slice("k1", cparent("kv"), pred(start="", count=10), ONE)]
    steps = []
    if V11:
        steps.append(v19.set_cql_version("2.0.0"))
    if V12:
        steps.append(kit.describe_version())
    steps += [ks2(ks), cql2("USE %s" % ks),
              cql2("CREATE COLUMNFAMILY kv (KEY varchar PRIMARY KEY, val varchar) "
                   "WITH comparator = varchar AND default_validation = varchar"),
              cql2("INSERT INTO kv (KEY, val) VALUES ('k1', 'one') USING TIMESTAMP %d" % T),
              cql2("SELECT val FROM kv WHERE KEY = 'k1'"),
              cql2("SELECT * FROM kv WHERE KEY = 'nope'")]
    if V11:
        steps += [v19.set_cql_version("3.0.0"), cql2("USE %s" % ks),
                  cql2("SELECT * FROM kv WHERE KEY = 'k1'"),
                  v19.set_cql_version("2.0.0")]
    steps += [v19.system_drop_keyspace(ks), cql2("USE %s" % ks),
              cql2("SELECT val FROM kv WHERE KEY = 'k1'")]
    return steps


# --------------------------------------------------------------------------- 01 jdbc connect
@sc("01_jdbc_metadata", "cql", "zs_jd")
def jdbc_metadata():
    """cassandra-jdbc's CassandraConnection: describe_cluster_name and describe_version at
    connect, set_cql_version where the release had it, `USE`, then DatabaseMetaData: the
    keyspaces by describe_keyspaces (to 1.1) or the system tables (1.2 on: system.local's
    fixed facts, schema_keyspaces, schema_columnfamilies, schema_columns of its keyspace)."""
    ks = "zs_jd"
    steps = [v19.describe_cluster_name(), kit.describe_version()]
    if not V08:
        return steps + no_cql(ks, [utf((ks, "users"))]) + [v19.describe_keyspace(ks)]
    if V11:
        steps.append(v19.set_cql_version("3.0.0" if V12 else "2.0.0"))
    if V12:
        q = cql3
        steps += [kit.ks_cql(ks), q("USE %s" % ks),
                  q("CREATE TABLE users (id text PRIMARY KEY, name text, age int)"),
                  q("SELECT cluster_name, partitioner, release_version, cql_version, "
                    "thrift_version FROM system.local WHERE key = 'local'"),
                  q("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
                    "FROM system.schema_keyspaces WHERE keyspace_name = '%s'" % ks),
                  q("SELECT columnfamily_name, comparator, key_validator, default_validator "
                    "FROM system.schema_columnfamilies WHERE keyspace_name = '%s'" % ks),
                  q("SELECT column_name, validator FROM system.schema_columns "
                    "WHERE keyspace_name = '%s' AND columnfamily_name = 'users'" % ks),
                  q("SELECT * FROM system.schema_keyspace WHERE keyspace_name = '%s'" % ks),
                  q("INSERT INTO users (id, name, age) VALUES ('u1', 'Ann', 31) "
                    "USING TIMESTAMP %d" % T),
                  q("SELECT * FROM users")]
        return steps
    steps += [ks2(ks), cql2("USE %s" % ks),
              cql2("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, age int) "
                   "WITH comparator = varchar"),
              v19.describe_keyspaces().mask("0"),
              v19.describe_keyspace(ks),
              cql2("INSERT INTO users (KEY, name, age) VALUES ('u1', 'Ann', 31) "
                   "USING TIMESTAMP %d" % T),
              cql2("SELECT * FROM users")]
    return steps


# --------------------------------------------------------------------------- 02 typed users
@sc("02_cql2_typed_users", "cql", "zs_tu")
def cql2_typed_users():
    """A CQL 2 users table the way 0.8 to 1.2 apps declared it: typed columns, a key alias
    named user_name (1.0 on; KEY on 0.8), writes of typed literals, the alias and KEY in the
    WHERE, a bigint column given a string, ALTER ADD / ALTER TYPE / DROP (1.1 on), and on
    0.7 the same users through Thrift with column metadata."""
    ks = "zs_tu"
    if not V08:
        cf = cfd(ks, "users", comparator_type="UTF8Type", column_metadata=[
            coldef("email", "UTF8Type"), coldef("age", "LongType")])
        return no_cql(ks, [cf]) + [
            v19.insert("ann", cparent("users"), column("age", long_(31), 10)),
            v19.insert("ann", cparent("users"), column("age", "x", 10)),
            v19.get_slice("ann", cparent("users"), pred(start="", count=10), ONE)]
    key = "user_name" if V10 else "KEY"
    q = cql2
    steps = [ks2(ks), q("USE %s" % ks),
             q("CREATE COLUMNFAMILY users (%s varchar PRIMARY KEY, email varchar, age bigint, "
               "joined timestamp, score double, active boolean) WITH comparator = varchar "
               "AND default_validation = varchar" % key),
             q("INSERT INTO users (%s, email, age, joined, score) VALUES ('ann', 'ann@x.org', "
               "31, 1325376000000, 1.5) USING TIMESTAMP %d" % (key, T)),
             q("INSERT INTO users (%s, email, age) VALUES ('bob', 'bob@x.org', 'forty') "
               "USING TIMESTAMP %d" % (key, T)),
             q("INSERT INTO users (%s, email, nick) VALUES ('cy', 'cy@x.org', 'c') "
               "USING TIMESTAMP %d" % (key, T)),
             q("SELECT email, age, joined, score FROM users WHERE %s = 'ann'" % key),
             q("SELECT * FROM users WHERE KEY = 'cy'"),
             q("SELECT * FROM users WHERE user_id = 'ann'"),
             q("SELECT age FROM users WHERE %s IN ('ann', 'bob', 'cy')" % key)]
    if V10:
        steps.append(q("INSERT INTO users (user_name, active) VALUES ('ann', 'yes') "
                       "USING TIMESTAMP %d" % T))
    if V11:
        steps += [q("ALTER TABLE users ADD city varchar"),
                  q("UPDATE users USING TIMESTAMP %d SET city = 'Oslo' WHERE %s = 'ann'"
                    % (T + 1, key)),
                  q("ALTER TABLE users ALTER age TYPE varint"),
                  q("ALTER TABLE users DROP score"),
                  q("ALTER TABLE users DROP %s" % key),
                  q("SELECT * FROM users WHERE %s = 'ann'" % key)]
    steps.append(v19.describe_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- 03 first reversed
@sc("03_cql2_first_reversed", "cql", "zs_fr")
def cql2_first_reversed():
    """A scoreboard's wide rows in CQL 2: a family of int (Int32Type from 1.0, varint on 0.8)
    column names, scores inserted by name, read by SELECT FIRST n, REVERSED, name ranges
    (..) and the whole row; FIRST of zero and a range given backwards; 0.7 reads the same
    row by Thrift slices."""
    ks = "zs_fr"
    if not V08:
        cf = cfd(ks, "board", comparator_type="LongType", default_validation_class="UTF8Type")
        steps = no_cql(ks, [cf])
        for i in (10, 20, 30, 40):
            steps.append(v19.insert("g1", cparent("board"), column(long_(i), "p%d" % i, 10)))
        return steps + [
            v19.get_slice("g1", cparent("board"), pred(start="", count=2, reversed=True), ONE),
            v19.get_slice("g1", cparent("board"), pred(start=long_(15), finish=long_(35),
                                                       count=10), ONE)]
    typ = "int" if V10 else "varint"
    q = cql2
    steps = [ks2(ks), q("USE %s" % ks),
             q("CREATE COLUMNFAMILY board (KEY varchar PRIMARY KEY) WITH comparator = %s "
               "AND default_validation = varchar" % typ)]
    for i in (10, 20, 30, 40):
        steps.append(q("INSERT INTO board (KEY, %d) VALUES ('g1', 'p%d') USING TIMESTAMP %d"
                       % (i, i, T)))
    steps += [q("SELECT FIRST 2 * FROM board WHERE KEY = 'g1'"),
              q("SELECT FIRST 2 REVERSED * FROM board WHERE KEY = 'g1'"),
              q("SELECT 15..35 FROM board WHERE KEY = 'g1'"),
              q("SELECT REVERSED 35..15 FROM board WHERE KEY = 'g1'"),
              q("SELECT FIRST 1 REVERSED 40..10 FROM board WHERE KEY = 'g1'"),
              q("SELECT 35..15 FROM board WHERE KEY = 'g1'"),
              q("SELECT FIRST 0 * FROM board WHERE KEY = 'g1'"),
              q("SELECT 20, 40, 50 FROM board WHERE KEY = 'g1'"),
              q("SELECT COUNT(*) FROM board WHERE KEY = 'g1'"),
              q("SELECT 'ten' FROM board WHERE KEY = 'g1'")]
    return steps


# --------------------------------------------------------------------------- 04 counters
@sc("04_cql2_pageviews", "counters", "zs_pv")
def cql2_pageviews():
    """A page-view service on CQL 2 counters (0.8 on): a counter family, hits added and
    taken away (several at once, several keys with IN), read back; the mistakes: a counter
    set to a value, a counter update with USING TIMESTAMP, a counter column DELETEd then
    incremented, a non-counter family incremented; 0.7 keeps its counts as columns read,
    added to and written back."""
    ks = "zs_pv"
    if not V08:
        steps = no_cql(ks, [utf((ks, "views"))])
        return steps + [
            v19.insert("/home", cparent("views"), column("n", "1", 10)),
            v19.get("/home", cpath("views", col="n")),
            v19.insert("/home", cparent("views"), column("n", "2", 11)),
            v19.get("/home", cpath("views", col="n")),
            kit.unknown("add", {1: b("/home")})]
    q = cql2
    steps = [ks2(ks), q("USE %s" % ks),
             q("CREATE COLUMNFAMILY views (KEY varchar PRIMARY KEY) WITH comparator = varchar "
               "AND default_validation = counter"),
             q("CREATE COLUMNFAMILY pages (KEY varchar PRIMARY KEY, title varchar) "
               "WITH comparator = varchar"),
             q("UPDATE views SET total = total + 1, uniq = uniq + 1 WHERE KEY = '/home'"),
             q("UPDATE views SET total = total + 5 WHERE KEY IN ('/home', '/faq')"),
             q("UPDATE views SET total = total - 2 WHERE KEY = '/faq'"),
             q("SELECT total, uniq FROM views WHERE KEY = '/home'").mask(CTS),
             q("SELECT * FROM views WHERE KEY IN ('/home', '/faq')").mask(CTS),
             q("UPDATE views SET total = 7 WHERE KEY = '/home'"),
             q("UPDATE views USING TIMESTAMP %d SET total = total + 1 WHERE KEY = '/home'" % T),
             q("UPDATE views SET total = uniq + 1 WHERE KEY = '/home'"),
             q("UPDATE pages SET hits = hits + 1 WHERE KEY = '/home'"),
             q("INSERT INTO views (KEY, total) VALUES ('/x', 1)"),
             q("SELECT COUNT(*) FROM views WHERE KEY = '/home'")]
    return steps


# --------------------------------------------------------------------------- 05 batches
@sc("05_cql2_batch_consistency", "batch", "zs_bc")
def cql2_batch_consistency():
    """An order service's CQL 2 batches: BEGIN BATCH USING CONSISTENCY QUORUM with inserts,
    updates and a delete of two families, a batch USING TIMESTAMP with a per-statement
    timestamp, a TTL'd insert (read before it could expire), SELECT USING CONSISTENCY of every
    level a one-node cluster sees (ANY refused), and a batch holding a SELECT; 0.7 sends
    the same as one batch_mutate."""
    ks = "zs_bc"
    if not V08:
        steps = no_cql(ks, [utf((ks, "orders")), utf((ks, "lines"))])
        return steps + [
            v19.batch_mutate({"o1": {"orders": [ins("state", "new", 10), ins("total", "9", 10)],
                                     "lines": []},
                              "o2": {"lines": [ins("l1", "pen", 10)]}}, QUORUM),
            v19.multiget_slice(["o1", "o2"], cparent("orders"), pred(start="", count=10), ONE)]
    q = cql2
    steps = [ks2(ks), q("USE %s" % ks),
             q("CREATE COLUMNFAMILY orders (KEY varchar PRIMARY KEY, state varchar, "
               "total bigint) WITH comparator = varchar"),
             q("CREATE COLUMNFAMILY lines (KEY varchar PRIMARY KEY) WITH comparator = varchar "
               "AND default_validation = varchar"),
             q("BEGIN BATCH USING CONSISTENCY QUORUM AND TIMESTAMP %d "
               "INSERT INTO orders (KEY, state, total) VALUES ('o1', 'new', 9) "
               "INSERT INTO lines (KEY, l1, l2) VALUES ('o1', 'pen', 'ink') "
               "UPDATE orders SET state = 'paid' WHERE KEY = 'o2' "
               "DELETE l2 FROM lines WHERE KEY = 'o1' "
               "APPLY BATCH" % T),
             q("SELECT * FROM orders WHERE KEY IN ('o1', 'o2')"),
             q("SELECT * FROM lines WHERE KEY = 'o1'"),
             q("BEGIN BATCH USING TIMESTAMP %d "
               "UPDATE orders USING TIMESTAMP %d SET state = 'sent' WHERE KEY = 'o1' "
               "UPDATE orders SET state = 'lost' WHERE KEY = 'o2' "
               "APPLY BATCH" % (T + 5, T + 10)),
             q("SELECT state FROM orders WHERE KEY IN ('o1', 'o2')"),
             q("INSERT INTO lines (KEY, l3) VALUES ('o1', 'cap') USING TTL 86400 AND "
               "TIMESTAMP %d" % T),
             q("SELECT l3 FROM lines WHERE KEY = 'o1'"),
             q("BEGIN BATCH USING CONSISTENCY ONE "
               "UPDATE orders USING CONSISTENCY QUORUM SET state = 'x' WHERE KEY = 'o3' "
               "APPLY BATCH"),
             q("BEGIN BATCH SELECT * FROM orders WHERE KEY = 'o1' APPLY BATCH")]
    for lvl in ("ONE", "QUORUM", "ALL", "ANY", "LOCAL_QUORUM", "TWO"):
        steps.append(q("SELECT state FROM orders USING CONSISTENCY %s WHERE KEY = 'o1'" % lvl))
    steps.append(q("UPDATE orders USING CONSISTENCY ANY AND TIMESTAMP %d SET state = 'y' "
                   "WHERE KEY = 'o4'" % T))
    return steps


# --------------------------------------------------------------------------- 06 cql2 prepared
@sc("06_cql2_prepared", "cql", "zs_pp")
def cql2_prepared():
    """The JDBC driver's PreparedStatement on CQL 2: prepare_cql_query (1.1 and 1.2), then
    execute_prepared_cql_query with values as the driver encoded them (text as UTF-8, a
    bigint as 8 bytes), a statement id of another connection, a value count short; older
    releases meet the refusal of the unknown method and the driver's fallback to literals."""
    ks = "zs_pp"
    if not V08:
        return no_cql(ks, [utf((ks, "items"))]) + [pq("SELECT * FROM items WHERE KEY = ?")]
    q = cql2
    ins_q = "INSERT INTO items (KEY, title, price) VALUES (?, ?, ?) USING TIMESTAMP %d" % T
    sel_q = "SELECT title, price FROM items WHERE KEY = ?"
    steps = [ks2(ks), q("USE %s" % ks),
             q("CREATE COLUMNFAMILY items (KEY varchar PRIMARY KEY, title varchar, "
               "price bigint) WITH comparator = varchar")]
    if not V11:
        return steps + [pq(ins_q),
                        q("INSERT INTO items (KEY, title, price) VALUES ('i1', 'Lamp', 25) "
                          "USING TIMESTAMP %d" % T),
                        q("SELECT title, price FROM items WHERE KEY = 'i1'")]
    return steps + [
        pq(ins_q),
        xq(ins_q, ["i1", "Lamp", i64b(25)]),
        xq(ins_q, ["i2", "Desk", "30"]),
        xq(ins_q, ["i3", "Cup"]),
        pq(sel_q),
        xq(sel_q, ["i1"]),
        xq(sel_q, ["i2"]),
        Step("execute_prepared_cql_query", W.struct({1: W.i32(777), 2: W.list_("bin", [])})),
        pq("UPDATE items SET price = ? WHERE KEY IN (?, ?)"),
        pq("SELECT * FROM items WHERE KEY = ? AND"),
        pq("SELECT ? FROM items WHERE KEY = 'i1'")]


# --------------------------------------------------------------------------- 07 cql3 beta
@sc("07_twissandra_cql3", "cql", "zs_tw")
def twissandra_cql3():
    """A Twissandra-style timeline on CQL 3: on 1.1 the beta through set_cql_version('3.0.0')
    and execute_cql_query (its own CREATE KEYSPACE syntax), from 1.2 execute_cql3_query:
    a table of (user, tweet id) clustering, tweets written, the timeline read newest first
    with ORDER BY and LIMIT, a slice by clustering bounds, and ORDER BY on a column that is
    not a clustering one; releases before 1.1 meet the refusals and fall back to CQL 2 or to
    Thrift."""
    ks = "zs_tw"
    if not V08:
        return no_cql(ks, []) + [kit.unknown("set_cql_version", {1: b("3.0.0")})]
    if not V11:
        return [kit.unknown("set_cql_version", {1: b("3.0.0")}),
                cql2("CREATE TABLE timeline (user text, id int, body text, "
                     "PRIMARY KEY (user, id))"),
                kit.unknown("execute_cql3_query", {1: b("SELECT * FROM timeline"),
                                                   2: W.i32(2), 3: W.i32(1)}), ks2(ks)]
    if V12:
        q = cql3
        steps = [v19.set_cql_version("3.0.0"), kit.ks_cql(ks), q("USE %s" % ks)]
    else:
        q = cql2
        steps = [v19.set_cql_version("3.0.0"),
                 q("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
                   "AND strategy_options:replication_factor = 1" % ks),
                 q("USE %s" % ks)]
    steps += [q("CREATE TABLE timeline (user text, id int, author text, body text, "
                "PRIMARY KEY (user, id))")]
    for i, (a, body) in enumerate([("bob", "hi"), ("cy", "yo"), ("bob", "lunch?"),
                                   ("dee", "no")]):
        steps.append(q("INSERT INTO timeline (user, id, author, body) VALUES ('ann', %d, '%s', "
                       "'%s') USING TIMESTAMP %d" % (i + 1, a, body, T)))
    steps += [q("SELECT id, author, body FROM timeline WHERE user = 'ann' ORDER BY id DESC "
                "LIMIT 2"),
              q("SELECT * FROM timeline WHERE user = 'ann' AND id > 1 AND id <= 3"),
              q("SELECT * FROM timeline WHERE user = 'ann' ORDER BY author"),
              q("SELECT * FROM timeline WHERE id = 2"),
              q("SELECT COUNT(*) FROM timeline WHERE user = 'ann'"),
              q("DELETE FROM timeline WHERE user = 'ann' AND id = 2"),
              q("SELECT id FROM timeline WHERE user = 'ann'")]
    if V12:
        steps.append(cql2("SELECT * FROM timeline WHERE KEY = 'ann'"))
    return steps


# --------------------------------------------------------------------------- 08 node client
@sc("08_node_client", "cql", "zs_nc")
def node_client():
    """Rackspace's node-cassandra-client and helenus: values substituted client-side into the
    query text (quotes doubled, a value holding a quote, a blob as hex, numbers as text),
    set_cql_version from 1.1 (3.0.0 on 1.2 on, where execute_cql_query then speaks CQL 3),
    then the same queries through execute_cql3_query on 1.2 on."""
    ks = "zs_nc"
    if not V08:
        return no_cql(ks, [utf((ks, "notes"))]) + [
            v19.insert("n1", cparent("notes"), column("body", "it's", 10))]
    if V12:
        steps = [v19.set_cql_version("3.0.0"),
                 v19.execute_cql_query("CREATE KEYSPACE %s WITH replication = {'class': "
                                       "'SimpleStrategy', 'replication_factor': 1}" % ks, 2),
                 cql2("USE %s" % ks),
                 cql2("CREATE TABLE notes (id text PRIMARY KEY, body text, raw blob, n bigint)"),
                 cql2("INSERT INTO notes (id, body, raw, n) VALUES ('n1', 'it''s here', "
                      "0xcafe, 12) USING TIMESTAMP %d" % T),
                 cql2("INSERT INTO notes (id, body) VALUES ('n2', 'it's broken')"),
                 cql2("INSERT INTO notes (id, n) VALUES ('n3', '12') USING TIMESTAMP %d" % T),
                 cql2("SELECT * FROM notes WHERE id = 'n1'"),
                 cql3("SELECT body, raw, n FROM notes WHERE id IN ('n1', 'n3')"),
                 v19.set_cql_version("2.0.0"),
                 cql2("SELECT * FROM notes WHERE id = 'n1'")]
        return steps
    q = cql2
    steps = []
    if V11:
        steps.append(v19.set_cql_version("2.0.0"))
    steps += [ks2(ks), q("USE %s" % ks),
              q("CREATE COLUMNFAMILY notes (KEY varchar PRIMARY KEY, body varchar, raw blob, "
                "n bigint) WITH comparator = varchar"),
              q("INSERT INTO notes (KEY, body, raw, n) VALUES ('n1', 'it''s here', 'cafe', 12) "
                "USING TIMESTAMP %d" % T),
              q("INSERT INTO notes (KEY, body) VALUES ('n2', 'it's broken')"),
              q("INSERT INTO notes (KEY, n) VALUES ('n3', '12') USING TIMESTAMP %d" % T),
              q("INSERT INTO notes (KEY, raw) VALUES ('n4', 'xyz') USING TIMESTAMP %d" % T),
              q("SELECT * FROM notes WHERE KEY = 'n1'"),
              q("SELECT body, raw, n FROM notes WHERE KEY IN ('n1', 'n3')")]
    return steps


# --------------------------------------------------------------------------- 09 compact series
@sc("09_compact_series", "cql", "zs_cs")
def compact_series():
    """A sensor time series declared in CQL 3 WITH COMPACT STORAGE (1.2 on): (sensor, ts)
    clustering, readings written in CQL 3 and read back both in CQL 3 (slices, newest first)
    and through Thrift (describe_keyspace, get_slice of its long names); a second value
    column refused; before 1.2 the app made the same family through Thrift with a LongType
    comparator and CQL 2 read it (0.8 on)."""
    ks = "zs_cs"
    if not V12:
        cf = cfd(ks, "readings", comparator_type="LongType", default_validation_class="DoubleType"
                 if V10 else "BytesType", key_validation_class="UTF8Type")
        steps = (no_cql(ks, [cf]) if not V08 else setup(ks, [cf]))
        for i in (100, 200, 300):
            steps.append(v19.insert("s1", cparent("readings"),
                                    column(long_(i), struct.pack(">d", i / 10), 10)))
        steps.append(v19.get_slice("s1", cparent("readings"),
                                   pred(start="", count=2, reversed=True), ONE))
        if V08:
            steps += [cql2("SELECT * FROM readings WHERE KEY = 's1'"),
                      cql2("SELECT FIRST 1 REVERSED * FROM readings WHERE KEY = 's1'")]
        return steps
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE readings (sensor text, ts bigint, value double, "
               "PRIMARY KEY (sensor, ts)) WITH COMPACT STORAGE"),
             q("CREATE TABLE bad (sensor text, ts bigint, value double, unit text, "
               "PRIMARY KEY (sensor, ts)) WITH COMPACT STORAGE")]
    for i in (100, 200, 300):
        steps.append(q("INSERT INTO readings (sensor, ts, value) VALUES ('s1', %d, %s) "
                       "USING TIMESTAMP %d" % (i, i / 10, T)))
    steps += [q("SELECT ts, value FROM readings WHERE sensor = 's1' AND ts >= 200"),
              q("SELECT * FROM readings WHERE sensor = 's1' ORDER BY ts DESC LIMIT 2"),
              q("INSERT INTO readings (sensor, ts) VALUES ('s2', 1)"),
              q("UPDATE readings SET value = 1.0 WHERE sensor = 's2'"),
              v19.describe_keyspace(ks),
              v19.get_slice("s1", cparent("readings"), pred(start="", count=10), ONE),
              v19.get_slice("s1", cparent("readings"), pred(start=long_(150), finish="",
                                                            count=10), ONE),
              v19.insert("s2", cparent("readings"), column(long_(5), struct.pack(">d", 2.5), 10)),
              q("SELECT * FROM readings WHERE sensor = 's2'"),
              q("SELECT * FROM readings WHERE ts = 100")]
    return steps


# --------------------------------------------------------------------------- 10 collections
@sc("10_profile_collections", "cql", "zs_pc")
def profile_collections():
    """A profile service on CQL 3 collections (1.2 on): a set of e-mails, a list of recent
    logins, a map of preferences; added to, removed from, replaced; a list element set by
    index past its end; a collection in the primary key and an index on a collection where
    the release refused it; before 1.2 the app kept them as prefixed columns of a Thrift
    family."""
    ks = "zs_pc"
    if not V12:
        cf = utf((ks, "profiles"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        return steps + [
            v19.batch_mutate({"u1": {"profiles": [ins("email:a@x", "", 10),
                                                  ins("email:b@x", "", 10),
                                                  ins("pref:lang", "en", 10)]}}, ONE),
            v19.get_slice("u1", cparent("profiles"), pred(start="email:", finish="email;",
                                                          count=10), ONE)]
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE profiles (id text PRIMARY KEY, emails set<text>, logins list<int>, "
               "prefs map<text, text>)"),
             # (made before the rows it must find: an index is built in the background)
             q("CREATE INDEX ON profiles (emails)"),
             q("INSERT INTO profiles (id, emails, logins, prefs) VALUES ('u1', {'a@x', 'b@x'}, "
               "[1, 2], {'lang': 'en'}) USING TIMESTAMP %d" % T),
             q("UPDATE profiles USING TIMESTAMP %d SET emails = emails + {'c@x'}, "
               "logins = logins + [3], prefs['tz'] = 'UTC' WHERE id = 'u1'" % (T + 1)),
             q("UPDATE profiles USING TIMESTAMP %d SET emails = emails - {'a@x'}, "
               "prefs = prefs + {'lang': 'fr'} WHERE id = 'u1'" % (T + 2)),
             q("SELECT emails, logins, prefs FROM profiles WHERE id = 'u1'"),
             q("UPDATE profiles SET logins[7] = 9 WHERE id = 'u1'"),
             q("UPDATE profiles SET emails = emails + ['d@x'] WHERE id = 'u1'"),
             q("DELETE prefs['tz'] FROM profiles USING TIMESTAMP %d WHERE id = 'u1'" % (T + 3)),
             q("SELECT prefs FROM profiles WHERE id = 'u1'"),
             q("CREATE TABLE bad (tags set<text> PRIMARY KEY, n int)"),
             q("CREATE TABLE bad2 (id text PRIMARY KEY, nest list<set<int>>)"),
             q("SELECT id FROM profiles WHERE emails CONTAINS 'b@x'")]
    p = "UPDATE profiles SET prefs = prefs + ? WHERE id = ?"
    steps += [prep(p), exe(ks, p, [coll([("k", "v")]), "u2"]),
              q("SELECT id, prefs FROM profiles WHERE id = 'u2'")]
    return steps


# --------------------------------------------------------------------------- 11 statics
@sc("11_cart_statics", "cql", "zs_cx")
def cart_statics():
    """A shopping cart of 2.0's static columns: a cart's owner and total static, its items
    clustered; statics written alone and with a row, read by DISTINCT, a static in a table
    without clustering refused; 1.2 met the syntax refusal and kept the owner in a separate
    table; older releases kept it in a Thrift row."""
    ks = "zs_cx"
    if not V12:
        cf = utf((ks, "carts"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        return steps + [
            v19.batch_mutate({"c1": {"carts": [ins("_owner", "ann", 10), ins("i:pen", "2", 10)]}},
                             ONE),
            v19.get_slice("c1", cparent("carts"), pred(start="", count=10), ONE)]
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE carts (cart text, item text, owner text static, total int static, "
               "qty int, PRIMARY KEY (cart, item))")]
    if not V20:
        return steps + [q("CREATE TABLE carts (cart text, item text, qty int, "
                          "PRIMARY KEY (cart, item))"),
                        q("INSERT INTO carts (cart, item, qty) VALUES ('c1', 'pen', 2) "
                          "USING TIMESTAMP %d" % T),
                        q("SELECT * FROM carts WHERE cart = 'c1'")]
    steps += [q("INSERT INTO carts (cart, owner, total) VALUES ('c1', 'ann', 0) "
                "USING TIMESTAMP %d" % T),
              q("SELECT * FROM carts WHERE cart = 'c1'"),
              q("INSERT INTO carts (cart, item, qty, total) VALUES ('c1', 'pen', 2, 4) "
                "USING TIMESTAMP %d" % (T + 1)),
              q("INSERT INTO carts (cart, item, qty) VALUES ('c1', 'ink', 1) "
                "USING TIMESTAMP %d" % (T + 1)),
              q("UPDATE carts USING TIMESTAMP %d SET total = 7 WHERE cart = 'c1'" % (T + 2)),
              q("SELECT cart, item, owner, total, qty FROM carts WHERE cart = 'c1'"),
              q("SELECT DISTINCT cart, owner, total FROM carts"),
              q("UPDATE carts SET qty = 3 WHERE cart = 'c1'"),
              q("DELETE total FROM carts USING TIMESTAMP %d WHERE cart = 'c1'" % (T + 3)),
              q("SELECT total FROM carts WHERE cart = 'c1' AND item = 'pen'"),
              q("CREATE TABLE flat (id text PRIMARY KEY, s int static)"),
              q("CREATE TABLE cs (a text, b int, s int static, PRIMARY KEY (a, b)) "
                "WITH COMPACT STORAGE")]
    return steps


# --------------------------------------------------------------------------- 12 lwt signup
@sc("12_signup_lwt", "cql", "zs_su")
def signup_lwt():
    """A sign-up service claiming user names with lightweight transactions (2.0 on): INSERT
    IF NOT EXISTS twice, UPDATE ... IF col = (applied and not), DELETE IF EXISTS (2.0.x
    syntax) and IF col = ; a conditional UPDATE of a row not there; a condition in a
    counter table; on 1.2 the syntax refusal and the read-then-write it fell back to;
    before 1.2 a Thrift read-then-insert."""
    ks = "zs_su"
    if not V12:
        cf = utf((ks, "names"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        return steps + [v19.get_slice("ann", cparent("names"), pred(start="", count=1), QUORUM),
                        v19.insert("ann", cparent("names"), column("owner", "u1", 10), QUORUM)]
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE names (name text PRIMARY KEY, owner text, email text)"),
             q("INSERT INTO names (name, owner, email) VALUES ('ann', 'u1', 'a@x') "
               "IF NOT EXISTS")]
    if not V20:
        return steps + [q("SELECT * FROM names WHERE name = 'ann'", QUORUM),
                        q("INSERT INTO names (name, owner) VALUES ('ann', 'u1') "
                          "USING TIMESTAMP %d" % T, QUORUM),
                        q("SELECT owner FROM names WHERE name = 'ann'", QUORUM)]
    steps += [q("INSERT INTO names (name, owner, email) VALUES ('ann', 'u2', 'b@x') "
                "IF NOT EXISTS"),
              q("UPDATE names SET email = 'a2@x' WHERE name = 'ann' IF owner = 'u1'"),
              q("UPDATE names SET email = 'bad' WHERE name = 'ann' IF owner = 'u9'"),
              q("SELECT owner, email FROM names WHERE name = 'ann'", QUORUM),
              q("UPDATE names SET owner = 'u3' WHERE name = 'zed' IF owner = 'u1'"),
              q("DELETE FROM names WHERE name = 'ann' IF owner = 'u2'"),
              q("DELETE FROM names WHERE name = 'ann' IF EXISTS"),
              q("SELECT * FROM names WHERE name = 'ann'", kit.SERIAL),
              q("INSERT INTO names (name, owner) VALUES ('bo', 'u4') IF NOT EXISTS "
                "USING TIMESTAMP %d" % T),
              q("INSERT INTO names (name, owner) VALUES ('bo', 'u4') IF NOT EXISTS "
                "USING TTL 60"),
              q("CREATE TABLE c (k text PRIMARY KEY, n counter)"),
              q("UPDATE c SET n = n + 1 WHERE k = 'a' IF n = 0")]
    return steps


# --------------------------------------------------------------------------- 13 cql3 batches
@sc("13_cql3_batches", "batch", "zs_b3")
def cql3_batches():
    """An order pipeline's CQL 3 batches (1.2 on): a logged batch over two tables with a
    batch timestamp, UNLOGGED, COUNTER, a counter update in a logged batch, a batch timestamp
    and a statement timestamp together, USING CONSISTENCY inside (1.2's refusal), a
    conditional batch (2.0 on) on one partition and across two; before 1.2 the same as a
    CQL 2 batch (0.8 on) or one batch_mutate."""
    ks = "zs_b3"
    if not V12:
        cf = utf((ks, "orders"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        steps.append(v19.batch_mutate({"o1": {"orders": [ins("s", "new", 10)]},
                                       "o2": {"orders": [ins("s", "new", 10)]}}, ONE))
        if V08:
            steps += [cql2("BEGIN BATCH USING TIMESTAMP %d UPDATE orders SET s = 'paid' "
                           "WHERE KEY = 'o1' APPLY BATCH" % (T)),
                      cql2("SELECT s FROM orders WHERE KEY IN ('o1', 'o2')")]
        return steps
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE orders (id text PRIMARY KEY, state text, total int)"),
             q("CREATE TABLE by_state (state text, id text, PRIMARY KEY (state, id))"),
             q("CREATE TABLE stats (day text PRIMARY KEY, n counter)"),
             q("BEGIN BATCH USING TIMESTAMP %d "
               "INSERT INTO orders (id, state, total) VALUES ('o1', 'new', 9); "
               "INSERT INTO by_state (state, id) VALUES ('new', 'o1'); "
               "APPLY BATCH" % T),
             q("BEGIN UNLOGGED BATCH "
               "UPDATE orders USING TIMESTAMP %d SET state = 'paid' WHERE id = 'o1' "
               "DELETE FROM by_state USING TIMESTAMP %d WHERE state = 'new' AND id = 'o1' "
               "APPLY BATCH" % (T + 1, T + 1)),
             q("SELECT * FROM orders"),
             q("SELECT * FROM by_state WHERE state = 'new'"),
             q("BEGIN COUNTER BATCH UPDATE stats SET n = n + 1 WHERE day = 'mon'; "
               "UPDATE stats SET n = n + 2 WHERE day = 'tue'; APPLY BATCH"),
             q("SELECT * FROM stats WHERE day IN ('mon', 'tue')"),
             q("BEGIN BATCH UPDATE stats SET n = n + 1 WHERE day = 'mon'; APPLY BATCH"),
             q("BEGIN COUNTER BATCH INSERT INTO orders (id, state) VALUES ('o2', 'x'); "
               "APPLY BATCH"),
             q("BEGIN BATCH USING TIMESTAMP %d UPDATE orders USING TIMESTAMP %d "
               "SET total = 1 WHERE id = 'o1'; APPLY BATCH" % (T, T + 2)),
             q("BEGIN BATCH USING CONSISTENCY QUORUM UPDATE orders SET total = 1 "
               "WHERE id = 'o1'; APPLY BATCH"),
             q("BEGIN BATCH SELECT * FROM orders; APPLY BATCH")]
    if V20:
        steps += [q("BEGIN BATCH INSERT INTO by_state (state, id) VALUES ('paid', 'o1') "
                    "IF NOT EXISTS; INSERT INTO by_state (state, id) VALUES ('paid', 'o2') "
                    "IF NOT EXISTS; APPLY BATCH"),
                  q("BEGIN BATCH INSERT INTO by_state (state, id) VALUES ('paid', 'o3') "
                    "IF NOT EXISTS; INSERT INTO by_state (state, id) VALUES ('gone', 'o3') "
                    "IF NOT EXISTS; APPLY BATCH"),
                  q("SELECT * FROM by_state WHERE state = 'paid'")]
    return steps


# --------------------------------------------------------------------------- 14 token paging
@sc("14_token_export", "range", "zs_tx")
def token_export():
    """An exporter paging a whole table: CQL 3 `token(k) > token(last)` pages of LIMIT 2 (1.2
    on), the keys' tokens selected, a page by a raw token number, token() on a non-key
    column refused; before 1.2 get_range_slices pages of count 3 by the last key (Thrift)
    and CQL 2's KEY > 'last' pages (0.8 to 1.1)."""
    ks = "zs_tx"
    keys = ["k%d" % i for i in range(6)]
    if not V12:
        cf = utf((ks, "items"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        for k in keys:
            steps.append(v19.insert(k, cparent("items"), column("v", k.upper(), 10)))
        order = sorted(keys, key=lambda k: int(md5_token(k)))
        steps += [v19.get_range_slices(cparent("items"), pred(start="", count=5),
                                       key_range(start_key="", end_key="", count=3), ONE),
                  v19.get_range_slices(cparent("items"), pred(start="", count=5),
                                       key_range(start_key=order[2], end_key="", count=3), ONE)]
        if V08:
            steps += [cql2("SELECT v FROM items WHERE KEY > '%s' LIMIT 3" % order[2]),
                      cql2("SELECT v FROM items LIMIT 2")]
        return steps
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE items (k text PRIMARY KEY, v text)")]
    for k in keys:
        steps.append(q("INSERT INTO items (k, v) VALUES ('%s', '%s') USING TIMESTAMP %d"
                       % (k, k.upper(), T)))
    # each page starts after the last key the one before it returned
    steps += [q("SELECT k, v, token(k) FROM items LIMIT 2"),
              q("SELECT k, v FROM items WHERE token(k) > token('k1') LIMIT 2"),
              q("SELECT k, v FROM items WHERE token(k) > token('k4') LIMIT 2"),
              q("SELECT k, v FROM items WHERE token(k) > token('k0') LIMIT 10"),
              q("SELECT k FROM items WHERE token(k) > -9223372036854775808 "
                "AND token(k) <= 0"),
              q("SELECT k FROM items WHERE token(v) > token('a')"),
              q("SELECT k FROM items WHERE k > 'k2'"),
              q("SELECT k FROM items WHERE token(k) > 'abc'")]
    return steps


# --------------------------------------------------------------------------- 15 orm prepared
@sc("15_orm_prepared", "cql", "zs_op")
def orm_prepared():
    """A Kundera-style ORM's CQL 3 prepared statements (1.2 on): an insert of every mapped
    field, a find by id, a find of several ids with IN (?, ?), LIMIT ? and USING TTL ? where
    the release allowed markers there (2.0 on), a null bound as an empty value, a value of
    the wrong width, a wrong value count, an unknown id; before 1.2 CQL 2 literals (0.8 on)
    or Thrift."""
    ks = "zs_op"
    if not V12:
        cf = utf((ks, "books"))
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        steps.append(v19.insert("b1", cparent("books"), column("title", "Dune", 10)))
        if V08:
            steps.append(cql2("SELECT title FROM books WHERE KEY IN ('b1', 'b2')"))
        return steps
    q = cql3
    i_q = "INSERT INTO books (id, title, year, price, isbn, tags) VALUES (?, ?, ?, ?, ?, ?)"
    f_q = "SELECT title, year, price, isbn, tags FROM books WHERE id = ?"
    in_q = "SELECT id, title FROM books WHERE id IN (?, ?)"
    u = uuid_("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE books (id text PRIMARY KEY, title text, year int, price decimal, "
               "isbn uuid, tags set<text>)"),
             prep(i_q),
             exe(ks, i_q, ["b1", "Dune", i32b(1965), i32b(2) + bytes([0x04, 0xd2]), u,
                           coll(["scifi", "classic"])]),
             exe(ks, i_q, ["b2", "Emma", i32b(1815), b"", b"", b""]),
             exe(ks, i_q, ["b3", "Ulysses", i64b(1922), b"", b"", b""]),
             exe(ks, i_q, ["b4", "Kim"]),
             prep(f_q),
             exe(ks, f_q, ["b1"]),
             exe(ks, f_q, ["b2"]),
             prep(in_q),
             exe(ks, in_q, ["b1", "b2"]),
             v19.execute_prepared_cql3_query(424242, ["b1"]),
             prep("SELECT * FROM books WHERE id = ? LIMIT ?"),
             prep("INSERT INTO books (id, title) VALUES (?, ?) USING TTL ?"),
             prep("SELECT * FROM books WHERE title = ?"),
             prep("SELECT * FROM bookz WHERE id = ?")]
    if V20:
        lq = "SELECT id FROM books WHERE id IN (?, ?) LIMIT ?"
        steps += [prep(lq), exe(ks, lq, ["b1", "b2", i32b(1)])]
    return steps


# --------------------------------------------------------------------------- 16 alter drop
@sc("16_alter_drop", "schema", "zs_ad")
def alter_drop():
    """A migration tool's CQL 3 ALTER and DROP (1.2 on): a column added, its type changed
    (compatible and not), a clustering column renamed and a regular one (refused), a column
    dropped (2.0 on; 1.2's refusal), table options changed, ALTER of a table and keyspace
    not there, DROP TABLE and a SELECT after it, DROP KEYSPACE; before 1.2 the same steps in
    CQL 2 (1.1's ALTER) or through Thrift system_update_column_family."""
    ks = "zs_ad"
    if not V12:
        cf = cfd(ks, "t", comparator_type="UTF8Type", comment="v1")
        steps = no_cql(ks, [cf]) if not V08 else setup(ks, [cf])
        if V11:
            steps += [cql2("ALTER TABLE t ADD n bigint"), cql2("ALTER TABLE t ALTER n TYPE int"),
                      cql2("ALTER TABLE t WITH comment = 'v2'"), cql2("ALTER TABLE nope ADD x int")]
        elif V08:
            steps += [cql2("ALTER COLUMNFAMILY t ADD n bigint"),
                      cql2("ALTER COLUMNFAMILY nope ADD x int")]
        steps += [v19.system_drop_column_family("t"), v19.system_drop_column_family("t")]
        if V08:
            steps.append(cql2("DROP KEYSPACE %s" % ks))
        return steps
    q = cql3
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE t (a text, b int, c text, d int, PRIMARY KEY (a, b))"),
             q("INSERT INTO t (a, b, c, d) VALUES ('x', 1, 'cc', 4) USING TIMESTAMP %d" % T),
             q("ALTER TABLE t ADD e bigint"),
             q("ALTER TABLE t ADD c int"),
             q("ALTER TABLE t ALTER c TYPE blob"),
             q("ALTER TABLE t ALTER d TYPE text"),
             q("ALTER TABLE t RENAME b TO bb"),
             q("ALTER TABLE t RENAME c TO cx"),
             q("ALTER TABLE t DROP d"),
             q("ALTER TABLE t DROP a"),
             q("ALTER TABLE t WITH comment = 'orders' AND gc_grace_seconds = 3600"),
             q("ALTER TABLE t WITH colour = 'red'"),
             q("SELECT * FROM t"),
             q("ALTER TABLE nope ADD x int"),
             q("ALTER KEYSPACE nope WITH durable_writes = false"),
             q("ALTER KEYSPACE %s WITH durable_writes = false" % ks),
             q("SELECT durable_writes FROM system.schema_keyspaces WHERE keyspace_name = '%s'"
               % ks),
             q("DROP TABLE t"),
             q("SELECT * FROM t"),
             q("DROP TABLE t"),
             q("DROP KEYSPACE %s" % ks),
             q("DROP KEYSPACE %s" % ks)]
    if V20:
        steps += [q("DROP TABLE IF EXISTS t"), q("DROP KEYSPACE IF EXISTS %s" % ks)]
    return steps


# --------------------------------------------------------------------------- 17 cql3 counters
@sc("17_cql3_counters", "counters", "zs_c3")
def cql3_counters():
    """Ad impressions counted in CQL 3 (1.2 on): a counter table of (campaign, day), counts
    added with literals and prepared deltas, read back by partition; the refusals: an
    INSERT into a counter table, a counter set, a counter beside a regular column, USING
    TIMESTAMP / TTL on a counter update; before 1.2 CQL 2 counters (0.8 on) or a Thrift
    add (0.8) where the release had it."""
    ks = "zs_c3"
    if not V12:
        if not V08:
            return no_cql(ks, [utf((ks, "imps"))]) + [
                kit.unknown("add", {1: b("c1"), 2: cparent("imps")})]
        cf = cfd(ks, "imps", comparator_type="UTF8Type",
                 default_validation_class="CounterColumnType")
        return setup(ks, [cf]) + [
            cql2("UPDATE imps SET mon = mon + 3 WHERE KEY = 'c1'"),
            cql2("SELECT mon FROM imps WHERE KEY = 'c1'").mask(CTS),
            cql2("INSERT INTO imps (KEY, mon) VALUES ('c1', 3)")]
    q = cql3
    d_q = "UPDATE imps SET n = n + ? WHERE campaign = ? AND day = ?"
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             q("CREATE TABLE imps (campaign text, day int, n counter, clicks counter, "
               "PRIMARY KEY (campaign, day))"),
             q("UPDATE imps SET n = n + 10, clicks = clicks + 1 WHERE campaign = 'c1' "
               "AND day = 1"),
             q("UPDATE imps SET n = n - 3 WHERE campaign = 'c1' AND day = 1"),
             prep(d_q),
             exe(ks, d_q, [i64b(5), "c1", i32b(2)]),
             exe(ks, d_q, [i32b(5), "c1", i32b(2)]),
             q("SELECT day, n, clicks FROM imps WHERE campaign = 'c1'"),
             q("INSERT INTO imps (campaign, day, n) VALUES ('c1', 3, 1)"),
             q("UPDATE imps SET n = 4 WHERE campaign = 'c1' AND day = 1"),
             q("UPDATE imps USING TIMESTAMP %d SET n = n + 1 WHERE campaign = 'c1' "
               "AND day = 1" % T),
             q("UPDATE imps USING TTL 60 SET n = n + 1 WHERE campaign = 'c1' AND day = 1"),
             q("CREATE TABLE mixed (k text PRIMARY KEY, n counter, label text)"),
             q("DELETE n FROM imps WHERE campaign = 'c1' AND day = 2"),
             q("SELECT day, n FROM imps WHERE campaign = 'c1'"),
             q("SELECT COUNT(*) FROM imps WHERE campaign = 'c1'")]
    return steps


# --------------------------------------------------------------------------- 18 cql2 on cql3
@sc("18_cql2_after_upgrade", "cql", "zs_cu")
def cql2_after_upgrade():
    """A CQL 2 report kept running while its cluster moved to CQL 3: on 1.2 a table made in
    CQL 3 read by CQL 2 (invisible), a family made in CQL 2 read by CQL 3; on 2.0 on CQL 2
    removed (execute_cql_query's answer, set_cql_version('2.0.0')); before 1.2 the report's
    CQL 2 and the CQL 3 method it did not yet have."""
    ks = "zs_cu"
    if not V12:
        steps = (no_cql(ks, [utf((ks, "daily"))]) if not V08 else
                 [ks2(ks), cql2("USE %s" % ks),
                  cql2("CREATE COLUMNFAMILY daily (KEY varchar PRIMARY KEY, n varchar) "
                       "WITH comparator = varchar"),
                  cql2("INSERT INTO daily (KEY, n) VALUES ('d1', '4') USING TIMESTAMP %d" % T),
                  cql2("SELECT n FROM daily WHERE KEY = 'd1'")])
        return steps + [kit.unknown("execute_cql3_query", {1: b("SELECT * FROM daily"),
                                                           2: W.i32(2), 3: W.i32(1)})]
    steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
             cql3("CREATE TABLE daily3 (day text PRIMARY KEY, n int)"),
             cql3("INSERT INTO daily3 (day, n) VALUES ('d1', 4) USING TIMESTAMP %d" % T)]
    steps += [v19.set_cql_version("2.0.0"),
              cql2("SELECT * FROM daily3 WHERE KEY = 'd1'"),
              cql2("CREATE COLUMNFAMILY daily (KEY varchar PRIMARY KEY, n varchar) "
                   "WITH comparator = varchar"),
              cql2("INSERT INTO daily (KEY, n) VALUES ('d1', '4') USING TIMESTAMP %d" % T),
              cql2("SELECT n FROM daily WHERE KEY = 'd1'"),
              cql3("SELECT * FROM daily"),
              cql3("SELECT key, column1, value FROM daily"),
              v19.set_cql_version("3.0.0"),
              cql2("SELECT * FROM daily3"),
              v19.set_cql_version("3.1.0"),
              v19.set_cql_version("2.0.0")]
    return steps


# --------------------------------------------------------------------------- 19 indexes
@sc("19_cql_indexes", "index", "zs_ix")
def cql_indexes():
    """A member directory's secondary indexes made in CQL before the rows it must find: CQL 2
    CREATE INDEX (0.8 to 1.2: a named one and an unnamed one), WHERE on the indexed column,
    with a second filter, on an unindexed column alone, DROP INDEX (1.0 on); CQL 3 CREATE
    INDEX (1.2 on) with IF NOT EXISTS (2.0 on) and the index-only queries; 0.7 a KEYS index
    through Thrift and get_indexed_slices."""
    ks = "zs_ix"
    if not V08:
        cf = cfd(ks, "members", comparator_type="UTF8Type", column_metadata=[
            coldef("city", "UTF8Type", indexed=True), coldef("age", "LongType")])
        steps = no_cql(ks, [cf])
        steps += [v19.insert("m1", cparent("members"), column("city", "Oslo", 10)),
                  v19.insert("m2", cparent("members"), column("city", "Rome", 10)),
                  v19.get_indexed_slices(cparent("members"),
                                         index_clause([index_expr("city", EQ, "Oslo")]),
                                         pred(start="", count=10), ONE)]
        return steps
    steps = []
    if CQL2:
        q = cql2
        steps += [ks2(ks) if not V12 else kit.ks_cql(ks), q("USE %s" % ks),
                  q("CREATE COLUMNFAMILY members (KEY varchar PRIMARY KEY, city varchar, "
                    "age bigint) WITH comparator = varchar"),
                  q("CREATE INDEX members_city ON members (city)"),
                  q("CREATE INDEX ON members (age)"),
                  q("INSERT INTO members (KEY, city, age) VALUES ('m1', 'Oslo', 30) "
                    "USING TIMESTAMP %d" % T),
                  q("INSERT INTO members (KEY, city, age) VALUES ('m2', 'Oslo', 40) "
                    "USING TIMESTAMP %d" % T),
                  q("INSERT INTO members (KEY, city, age) VALUES ('m3', 'Rome', 40) "
                    "USING TIMESTAMP %d" % T),
                  q("SELECT * FROM members WHERE city = 'Oslo'"),
                  q("SELECT KEY FROM members WHERE city = 'Oslo' AND age > 35"),
                  q("SELECT * FROM members WHERE age > 35"),
                  q("CREATE INDEX members_city ON members (city)")]
        if V10:
            steps += [q("DROP INDEX members_city"), q("SELECT * FROM members WHERE city = 'Rome'"),
                      q("DROP INDEX members_city")]
        if V12:
            steps += [cql3("DROP KEYSPACE %s" % ks)]
        else:
            return steps
    q = cql3
    steps += [kit.ks_cql(ks), v19.set_keyspace(ks),
              q("CREATE TABLE members (id text PRIMARY KEY, city text, age int)"),
              q("CREATE INDEX members_city ON members (city)"),
              q("CREATE INDEX ON members (age)"),
              q("INSERT INTO members (id, city, age) VALUES ('m1', 'Oslo', 30) "
                "USING TIMESTAMP %d" % T),
              q("INSERT INTO members (id, city, age) VALUES ('m2', 'Oslo', 40) "
                "USING TIMESTAMP %d" % T),
              q("SELECT * FROM members WHERE city = 'Oslo'"),
              q("SELECT id FROM members WHERE city = 'Oslo' AND age = 40"),
              q("SELECT id FROM members WHERE age > 35"),
              q("CREATE INDEX members_city ON members (city)"),
              q("DROP INDEX members_city"),
              q("SELECT * FROM members WHERE city = 'Oslo'")]
    if V20:
        steps += [q("CREATE INDEX IF NOT EXISTS members_age_idx ON members (age)"),
                  q("DROP INDEX IF EXISTS nope_idx")]
    return steps


# --------------------------------------------------------------------------- 20 mistakes
@sc("20_first_week_cql", "errors", "zs_fw")
def first_week_cql():
    """A first week's CQL mistakes through the Thrift port: a query before any keyspace, a
    keyspace that is not there in USE, a misspelt keyword, an unterminated string, a table
    not there, a wrong literal type, a missing key in WHERE, an empty query, compression
    GZIP of text that is not compressed, a table made in the system keyspace; 0.7 meets the
    unknown method each time."""
    ks = "zs_fw"
    if not V08:
        return [cql2("SELECT * FROM t"), cql2("USE nope")] + setup(ks, [utf((ks, "t"))]) + [
            cql2("SELECT * FROM t WHERE KEY = 'a'")]
    q = cql3 if V12 else cql2
    keyq = "k" if V12 else "KEY"
    steps = [q("SELECT * FROM t WHERE %s = 'a'" % keyq), q("USE nope"),
             (kit.ks_cql(ks) if V12 else ks2(ks)), q("USE %s" % ks),
             q("CREATE TABLE t (k text PRIMARY KEY, n int)" if V12 else
               "CREATE COLUMNFAMILY t (KEY varchar PRIMARY KEY, n int) WITH comparator = varchar"),
             q("SELEKT * FROM t"),
             q("SELECT * FROM t WHERE %s = 'a" % keyq),
             q("SELECT * FROM tt WHERE %s = 'a'" % keyq),
             q("INSERT INTO t (%s, n) VALUES ('a', 'one')" % keyq),
             q("INSERT INTO t (n) VALUES (1)"),
             q("UPDATE t SET n = 1"),
             q(""),
             q("SELECT * FROM t;;"),
             q("SELECT * FROM t WHERE %s = 'a'" % keyq)]
    if V12:
        steps += [v19.execute_cql3_query("SELECT * FROM t", compression=1),
                  q("SELECT * FROM t WHERE k = 'a'", ANY),
                  q("SELECT * FROM t WHERE k = 'a'", ALL),
                  q("CREATE TABLE system.mine (k int PRIMARY KEY)"),
                  q("SELECT * FROM t WHERE n = 1"),
                  q("USE \"Nope\"")]
    else:
        steps += [v19.execute_cql_query("SELECT * FROM t", 1),
                  q("CREATE COLUMNFAMILY system.mine (KEY varchar PRIMARY KEY)"),
                  q("INSERT INTO t (KEY, n) VALUES ('a', 1) USING CONSISTENCY ANY"),
                  q("SELECT * FROM t WHERE n = 1")]
    return steps


# --------------------------------------------------------------------------- 21 jdbc cql3 prepared
@sc("21_jdbc_cql3_old_methods", "cql", "zs_jo")
def jdbc_cql3_old_methods():
    """cassandra-jdbc 1.1's CQL 3 mode: set_cql_version('3.0.0'), then CQL 3 sent through
    the CQL 2 methods (execute_cql_query, prepare_cql_query, execute_prepared_cql_query): on
    1.1 the beta (ids the hash of the text), from 1.2 the same statements as
    prepare_cql3_query had them (ids the hash of keyspace and text), bound with a bigint, a
    text and a boolean, one value short, an id of another statement; before 1.1 the
    refusals, and the app's CQL 2 fallback (0.8 on)."""
    ks = "zs_jo"
    # (1.1's beta answers a read with each cell's timestamp)
    i_q = "INSERT INTO events (id, at, kind, ok) VALUES (?, ?, ?, ?) USING TIMESTAMP %d" % T
    s_q = "SELECT at, kind, ok FROM events WHERE id = ?"

    def xq3(q, values):
        sid = jhash(q) if not V12 else jhash(ks + q)
        return Step("execute_prepared_cql_query", W.struct({
            1: W.i32(sid), 2: W.list_("bin", [b(v) for v in values])}))
    if not V11:
        steps = [kit.unknown("set_cql_version", {1: b("3.0.0")})]
        if not V08:
            return steps + no_cql(ks, [utf((ks, "events"))])
        return steps + [ks2(ks), cql2("USE %s" % ks),
                        cql2("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY, at bigint, "
                             "kind varchar) WITH comparator = varchar"),
                        pq("SELECT * FROM events WHERE KEY = ?")]
    steps = [v19.set_cql_version("3.0.0")]
    if V12:
        steps.append(v19.execute_cql_query(
            "CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks, 2))
    else:
        steps.append(cql2("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
                          "AND strategy_options:replication_factor = 1" % ks))
    steps += [cql2("USE %s" % ks),
              cql2("CREATE TABLE events (id text, at bigint, kind text, ok boolean, "
                   "PRIMARY KEY (id, at))"),
              pq(i_q),
              xq3(i_q, ["e1", i64b(100), "login", b"\x01"]),
              xq3(i_q, ["e1", i64b(200), "logout", b"\x00"]),
              xq3(i_q, ["e2", i64b(100), "login"]),
              xq3(i_q, ["e2", i32b(100), "login", b"\x01"]),
              pq(s_q),
              xq3(s_q, ["e1"]),
              xq3(s_q, ["e9"]),
              Step("execute_prepared_cql_query", W.struct({1: W.i32(jhash(s_q) + 1),
                                                           2: W.list_("bin", [b("e1")])})),
              pq("SELECT * FROM events WHERE kind = ?"),
              pq("SELECT * FROM nothere WHERE id = ?")]
    if V12:
        steps += [v19.execute_prepared_cql3_query(jhash(ks + s_q), ["e1"]),
                  v19.set_cql_version("2.0.0"),
                  xq3(s_q, ["e1"])]
    return steps
