"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model: an Erlang app on thrift-generated bindings, a Haskell app on cassy (everything through
batch_mutate), a Graphite-style metric store (LongType time names, TTLs per resolution), a
Spring Security remember-me token store on Hector (KEYS index on the user name), a Nagios
check's canary calls, a Scala app on Cascal (super column families, batches of inserts and
deletions), the python `cql` 1.0 driver's zlib-compressed CQL 2 (0.8 on), a Hazelcast MapStore
backed by Cassandra (keys-only scans, bulk loads and deletes), a bulk loader verifying its load
by key paging, a like-button counter service (0.8 on), a chat app's TimeUUID rooms, a
secondary-index users' directory with range filters, phpcassa 0.8's SystemManager evolving a
schema, a Pig LOAD's token scans, a Lazyboy-style ORM with its key views, a CQL 2 inventory
(0.8 on), a newcomer's mistakes, a TTL-heavy session store in super columns, a Kundera-style
counter super column family (0.8 on), and clients built against a later IDL (1.1's, 1.2's,
2.0's) talking to the release.  Each scenario owns its keyspace.  Recorded with capture.py
--api 19 --framed, each scenario on a fresh stock-yaml node."""
import zlib
import os
import sys
import struct

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, srange, key_range, column, cosc, super_column,
                 counter_column, counter_super_column, mutation, ins, index_expr, index_clause,
                 long_, int32, timeuuid, lexuuid, EQ, GT, GTE, LT, ONE, QUORUM, ALL, ANY,
                 LOCAL_QUORUM, EACH_QUORUM)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, LOCAL_ONE, cfd, cfd_later, ksd, setup, coldef, cfid, md5_token, dele,  # noqa: E402
                 cadd, unknown, sins, many)
from kit import cql2 as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("za_")

V08_TYPES = V08


def utf8_bad():
    return b"\xc3\x28ab"


# --------------------------------------------------------------------------- Erlang
@sc("01_erlang_thrift", "basic", "za_erl")
def erlang_thrift():
    """An Erlang app on thrift-generated bindings: its connection checks the version and the
    cluster, sets a keyspace that does not exist yet (its supervisor then creates it), writes
    presence records with insert at ONE and QUORUM, reads them with get (a missing one: the
    NotFoundException it pattern-matched), get_slice and multiget_slice, removes a column and
    the row, and sends the records its binary-building code got wrong (an empty key, an empty
    column name, a column family name in the wrong case)."""
    ks = "za_erl"
    steps = [v19.describe_version(), v19.describe_cluster_name(), v19.set_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Presence", comparator_type="AsciiType"),
                        cfd(ks, "Nodes", comparator_type="BytesType")])
    steps += [
        v19.insert("user1", cparent("Presence"), column("status", "online", 10)),
        v19.insert("user1", cparent("Presence"), column("node", "ejabberd@a", 10), QUORUM),
        v19.insert("user2", cparent("Presence"), column("status", "away", 11), ALL),
        v19.get("user1", cpath("Presence", col="status")),
        v19.get("user1", cpath("Presence", col="since")),
        v19.get("user9", cpath("Presence", col="status")),
        v19.get_slice("user1", cparent("Presence"), pred(start="", count=10)),
        v19.multiget_slice(["user1", "user2", "user3"], cparent("Presence"),
                           pred(names=["status", "node"])),
        v19.insert("", cparent("Presence"), column("status", "x", 12)),
        v19.insert("user3", cparent("Presence"), column("", "x", 12)),
        v19.insert("user3", cparent("presence"), column("status", "x", 12)),
        v19.insert("user3", cparent("Presence"), column(b"st\xe9", "x", 12)),
        v19.get("", cpath("Presence", col="status")),
        v19.remove("user1", cpath("Presence", col="node"), 20),
        v19.get_slice("user1", cparent("Presence"), pred(start="", count=10)),
        v19.remove("user2", cpath("Presence"), 20),
        v19.get_slice("user2", cparent("Presence"), pred(start="", count=10)),
        v19.get_count("user1", cparent("Presence"), pred(start="", count=10)),
        v19.insert("node@a", cparent("Nodes"), column(b"\x00\x01", b"\x00", 10)),
        v19.get_slice("node@a", cparent("Nodes"), pred(start=b"\x00", finish=b"\x00\x02")),
        v19.system_drop_keyspace(ks),
        v19.get("user1", cpath("Presence", col="status")),
    ]
    return steps


# --------------------------------------------------------------------------- Haskell cassy
@sc("02_haskell_cassy", "batch", "za_hs")
def haskell_cassy():
    """A Haskell app on cassy, which sends every write and delete through batch_mutate: rows of
    several columns inserted, a column deleted by a Deletion with a names predicate, one by a
    slice predicate (refused before 2.0? each release's answer), a row deleted by a Deletion
    without a predicate, getCol of one column (a get_slice of names), getMulti (a
    multiget_slice with a range), and a range scan by keys paged with the last key."""
    ks = "za_hs"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type")])
    rows = {}
    for i in range(7):
        rows["u%d" % i] = {"Users": [ins("name", "name %d" % i, 10), ins("age", str(20 + i), 10),
                                     ins("email", "u%d@x.org" % i, 10)]}
    steps += [
        v19.batch_mutate(rows),
        v19.batch_mutate({"u1": {"Users": [dele(["email"], 20)]}}),
        v19.batch_mutate({"u2": {"Users": [dele(None, 20, rng=srange("a", "b"))]}}),
        v19.batch_mutate({"u3": {"Users": [dele(None, 20)]}}),
        v19.batch_mutate({"u4": {"Users": [dele(["age"], 20), ins("age", "99", 21)]}}),
        v19.batch_mutate({"u5": {"Users": [dele([], 20)]}}),
        v19.get_slice("u1", cparent("Users"), pred(names=["email"])),
        v19.get_slice("u4", cparent("Users"), pred(names=["age", "name"])),
        v19.multiget_slice(["u1", "u2", "u3", "u4", "u5"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=3)),
    ]
    # the scan's order is the partitioner's: paged from the last key seen
    order = sorted(["u%d" % i for i in range(7)], key=lambda k: int(md5_token(k)))
    steps += [
        v19.get_range_slices(cparent("Users"), pred(start="", count=1),
                             key_range(start_key=order[2], end_key="", count=3)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=1),
                             key_range(start_key=order[4], end_key="", count=3)),
        v19.batch_mutate({}),
        v19.batch_mutate({"u6": {}}),
        v19.batch_mutate({"u6": {"Users": []}}),
        v19.batch_mutate({"u6": {"Users": [mutation()]}}),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Graphite-style
@sc("03_graphite_metrics", "ttl", "za_gr")
def graphite_metrics():
    """A Graphite-style metric store: one row per metric path and resolution, LongType column
    names of epoch seconds, DoubleType-encoded values, a TTL per resolution (a day for 10s
    points, a year for hourly ones), reads of the latest points reversed and of a window,
    counts of a window, the list of paths kept in a row of UTF8 names, and a rollup job's
    rewrites of a point with a shorter TTL and its deletes of an old window."""
    ks = "za_gr"
    steps = setup(ks, [cfd(ks, "Points", comparator_type="LongType",
                           default_validation_class="BytesType"),
                       cfd(ks, "Paths", comparator_type="UTF8Type")])
    pts = [ins(long_(1300000000 + 10 * i), struct.pack(">d", i * 1.5), 10, 86400)
           for i in range(30)]
    hourly = [ins(long_(1299999600 + 3600 * i), struct.pack(">d", i), 10, 31536000)
              for i in range(5)]
    steps += [
        v19.batch_mutate({"servers.a.cpu:10": {"Points": pts},
                          "servers.a.cpu:3600": {"Points": hourly},
                          "all": {"Paths": [ins("servers.a.cpu", "", 10),
                                            ins("servers.b.cpu", "", 10)]}}),
        v19.get_slice("servers.a.cpu:10", cparent("Points"), pred(start="", count=3,
                                                                   reversed=True)),
        v19.get_slice("servers.a.cpu:10", cparent("Points"),
                      pred(start=long_(1300000100), finish=long_(1300000150))),
        v19.get_count("servers.a.cpu:10", cparent("Points"),
                      pred(start=long_(1300000100), finish=long_(1300000200))),
        v19.get_slice("servers.a.cpu:3600", cparent("Points"), pred(start=long_(1300000000),
                                                                     count=10)),
        v19.get_slice("all", cparent("Paths"), pred(start="servers.", finish="servers.~")),
        v19.insert("servers.a.cpu:10", cparent("Points"),
                   column(long_(1300000000), struct.pack(">d", 7.0), 20, 3600)),
        v19.get("servers.a.cpu:10", cpath("Points", col=long_(1300000000))),
        v19.batch_mutate({"servers.a.cpu:10": {"Points": [dele(None, 30, rng=srange(
            long_(1300000000), long_(1300000040)))]}}) if V07 else v19.batch_mutate(
            {"servers.a.cpu:10": {"Points": [dele([long_(1300000000 + 10 * i)
                                                   for i in range(5)], 30)]}}),
        v19.get_slice("servers.a.cpu:10", cparent("Points"), pred(start="", count=3)),
        v19.insert("servers.a.cpu:10", cparent("Points"), column(long_(5), "x", 20, 0)),
        v19.insert("servers.a.cpu:10", cparent("Points"), column(long_(5), "x", 20, -10)),
        v19.insert("servers.a.cpu:10", cparent("Points"), column(int32(5), "x", 20, 60)),
        v19.get_slice("servers.a.cpu:10", cparent("Points"), pred(start=int32(1), count=3)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- remember-me tokens
@sc("04_rememberme_tokens", "index", "za_rm")
def rememberme_tokens():
    """Spring Security's persistent remember-me tokens on Hector: a Tokens column family keyed
    by series with a KEYS index on `username`, tokens written with a TTL of two weeks, a login
    reading the series by key, the token updated in place, the user's series found by the
    index (its answer paged by start_key), removed on logout one by one, and an index query on
    an unindexed column (`last_used`) alone and beside the indexed one."""
    ks = "za_rm"
    meta = [coldef("username", "UTF8Type", True, "tokens_user"), coldef("token", "AsciiType"),
            coldef("last_used", "LongType")]
    steps = setup(ks, [cfd(ks, "Tokens", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type", column_metadata=meta)])
    for i, user in enumerate(["ann", "bob", "ann", "ann", "cyd"]):
        steps.append(v19.batch_mutate({"series%d" % i: {"Tokens": [
            ins("username", user, 10, 1209600), ins("token", "tok%d" % i, 10, 1209600),
            ins("last_used", long_(1300000000 + i), 10, 1209600)]}}))
    steps += [
        v19.get_slice("series2", cparent("Tokens"), pred(names=["username", "token",
                                                                "last_used"])),
        v19.insert("series2", cparent("Tokens"), column("token", "tok2b", 20, 1209600)),
        v19.insert("series2", cparent("Tokens"), column("last_used", long_(1300000100), 20,
                                                        1209600)),
        v19.get_slice("series2", cparent("Tokens"), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "ann")], count=2),
                               pred(names=["token"])),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "ann")],
                                                               start_key="series2", count=2),
                               pred(names=["token"])),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "zed")]),
                               pred(names=["token"])),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr(
            "last_used", GT, long_(1300000001))]), pred(names=["token"])),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([
            index_expr("username", EQ, "ann"),
            index_expr("last_used", GT, long_(1300000002))]), pred(names=["token",
                                                                          "last_used"])),
        v19.remove("series0", cpath("Tokens"), 30),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "ann")]),
                               pred(names=["token"])),
        v19.insert("series3", cparent("Tokens"), column("username", "bob", 30, 1209600)),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "bob")]),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("username", EQ,
                                                                           "ann")], count=0),
                               pred(names=["token"])),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([]), pred(names=["token"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Nagios
@sc("05_nagios_canary", "describe", "za_nag")
def nagios_canary():
    """A Nagios check_cassandra plugin's calls each minute: the version, the cluster name, the
    partitioner and snitch, the keyspaces (is its own there?), then a canary column written,
    read back and removed at ONE, QUORUM and ALL, and the check's own keyspace made on its
    first run with a column family whose read repair chance and gc grace it sets."""
    ks = "za_nag"
    steps = [v19.describe_version(), v19.describe_cluster_name(), v19.describe_partitioner(),
             v19.describe_snitch(), v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Canary", comparator_type="UTF8Type", read_repair_chance=0.0,
                            gc_grace_seconds=60)])
    for lvl, t in ((ONE, 10), (QUORUM, 20), (ALL, 30)):
        steps += [
            v19.insert("canary", cparent("Canary"), column("beat", "ok %d" % t, t), lvl),
            v19.get("canary", cpath("Canary", col="beat"), lvl),
            v19.remove("canary", cpath("Canary", col="beat"), t + 1, lvl),
            v19.get_slice("canary", cparent("Canary"), pred(start="", count=1), lvl),
        ]
    steps += [
        v19.insert("canary", cparent("Canary"), column("beat", "any", 40), ANY),
        v19.get("canary", cpath("Canary", col="beat"), ANY),
        v19.get_slice("canary", cparent("Canary"), pred(start="", count=1), ANY),
        v19.describe_keyspace(ks),
        v19.describe_keyspaces(),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Cascal
@sc("06_cascal_supers", "super", "za_cas")
def cascal_supers():
    """A Scala app on Cascal: a super column family of orders (UTF8 super column per order,
    UTF8 sub-columns of its lines), written by a Batch of Insert and Delete operations, listed
    by `list(superKey)` (a get_slice under the super column), by `list(key)` of whole super
    columns with a limit, read by `get(superKey \\ "qty")`, a super column deleted by a
    Deletion naming it and one sub-column by a Deletion under it, counts at both levels, and a
    Delete of a standard key that Cascal built against a super family."""
    ks = "za_cas"
    steps = setup(ks, [cfd(ks, "Orders", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type"),
                       cfd(ks, "Customers", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"cust1": {
            "Orders": [sins("o1", [("item", "pen"), ("qty", "2")], 10),
                       sins("o2", [("item", "ink"), ("qty", "1"), ("note", "gift")], 10),
                       sins("o3", [("item", "pad"), ("qty", "5")], 10)],
            "Customers": [ins("name", "Ann", 10)]},
            "cust2": {"Orders": [sins("o9", [("item", "cap")], 10)]}}),
        v19.get_slice("cust1", cparent("Orders", "o2"), pred(start="", count=100)),
        v19.get_slice("cust1", cparent("Orders"), pred(start="", count=2)),
        v19.get("cust1", cpath("Orders", "o1", "qty")),
        v19.get("cust1", cpath("Orders", "o1")),
        v19.batch_mutate({"cust1": {"Orders": [dele(["o3"], 20),
                                               dele(["note"], 20, sc_="o2"),
                                               sins("o4", [("item", "mug")], 20)]}}),
        v19.get_slice("cust1", cparent("Orders"), pred(start="", count=100)),
        v19.get_count("cust1", cparent("Orders"), pred(start="", count=100)),
        v19.get_count("cust1", cparent("Orders", "o2"), pred(start="", count=100)),
        v19.multiget_count(["cust1", "cust2", "cust3"], cparent("Orders", "o9"),
                           pred(start="", count=100)),
        v19.batch_mutate({"cust2": {"Orders": [dele(None, 20, sc_="o9")]}}),
        v19.get_slice("cust2", cparent("Orders"), pred(start="", count=100)),
        v19.batch_mutate({"cust2": {"Orders": [dele(["item"], 20)]}}),
        v19.batch_mutate({"cust2": {"Customers": [dele(["name"], 20, sc_="o1")]}}),
        v19.batch_mutate({"cust2": {"Orders": [ins("item", "loose", 20)]}}),
        v19.batch_mutate({"cust2": {"Customers": [sins("o1", [("a", "b")], 20)]}}),
        v19.get_slice("cust1", cparent("Orders", "o2"), pred(names=["item", "qty", "zz"])),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Orders", "o1"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- python cql 1.0
@sc("07_python_cql_gzip", "cql2", "za_pcql", when=V08)
def python_cql_gzip():
    """The python `cql` 1.0 driver (cassandra-dbapi2 of 0.8/1.0): every query zlib-compressed
    (Compression.GZIP) as the cursor sent it, a keyspace and column families made in CQL 2,
    USE, INSERT and UPDATE with consistency and timestamps, SELECTs of named columns, of a
    range with FIRST and REVERSED and of a key list, COUNT(*), DELETE of columns and of a
    row, TRUNCATE and DROP, and a payload that is not zlib data (a truncated zlib stream made
    0.8 to 1.2 spin for ever in their inflate loop: left out)."""
    ks = "za_pcql"

    def gz(q):
        return v19.execute_cql_query(zlib.compress(q.encode()), 1)
    opts = ("WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1")
    steps = [
        gz("CREATE KEYSPACE %s %s" % (ks, opts)),
        gz("USE %s" % ks),
        gz("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, age int, "
           "email varchar) WITH comparator = varchar AND default_validation = varchar"),
        gz("INSERT INTO users (KEY, name, age, email) VALUES ('ann', 'Ann', 31, "
           "'ann@x.org') USING TIMESTAMP 1000"),
        gz("INSERT INTO users (KEY, name, age) VALUES ('bob', 'Bob', 40) USING CONSISTENCY "
           "QUORUM AND TIMESTAMP 1000"),
        gz("UPDATE users USING TIMESTAMP 1001 SET email = 'bob@x.org', age = 41 "
           "WHERE KEY = 'bob'"),
        gz("SELECT name, age FROM users WHERE KEY = 'ann'"),
        gz("SELECT FIRST 2 REVERSED * FROM users WHERE KEY = 'bob'"),
        gz("SELECT 'age'..'name' FROM users WHERE KEY IN ('ann', 'bob', 'cyd')"),
        gz("SELECT COUNT(*) FROM users WHERE KEY = 'ann'" if V10 else
           "SELECT COUNT(*) FROM users"),
        gz("DELETE email FROM users USING TIMESTAMP 2000 WHERE KEY = 'ann'"),
        gz("SELECT * FROM users WHERE KEY = 'ann'"),
        gz("DELETE FROM users USING TIMESTAMP 2000 WHERE KEY = 'bob'"),
        gz("SELECT * FROM users WHERE KEY = 'bob'"),
        v19.execute_cql_query(b"SELECT * FROM users", 1),
        v19.execute_cql_query(zlib.compress(b"SELECT * FROM users"), 2),
        gz("SELECT * FROM users WHERE KEY = 'ann' AND age = 31"),
        gz("TRUNCATE users"),
        gz("SELECT * FROM users WHERE KEY = 'ann'"),
        gz("DROP COLUMNFAMILY users"),
        gz("DROP KEYSPACE %s" % ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hazelcast MapStore
@sc("08_mapstore", "basic", "za_hz")
def mapstore():
    """A Hazelcast MapStore backed by Cassandra: store and storeAll as batch_mutate of one
    `v` column per key, load and loadAll as get and multiget_slice, loadAllKeys as a keys-only
    range scan (a SlicePredicate of count 0, then of an empty name list), delete and
    deleteAll as row Deletions in one batch, and a reload that finds the deleted keys as range
    ghosts."""
    ks = "za_hz"
    steps = setup(ks, [cfd(ks, "Map", comparator_type="AsciiType")])
    keys = many("k", 12)
    steps += [
        v19.batch_mutate({k: {"Map": [ins("v", "value of " + k, 10)]} for k in keys}),
        v19.insert("k100", cparent("Map"), column("v", "single", 10)),
        v19.get("k003", cpath("Map", col="v")),
        v19.multiget_slice(keys[:5] + ["k999"], cparent("Map"), pred(names=["v"])),
        v19.get_range_slices(cparent("Map"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Map"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.batch_mutate({k: {"Map": [dele(None, 20)]} for k in keys[:6]}),
        v19.get_range_slices(cparent("Map"), pred(names=["v"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Map"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=5)),
        v19.multiget_slice(keys[:3], cparent("Map"), pred(start="", count=0)),
        v19.multiget_count(keys[:8], cparent("Map"), pred(start="", count=100)),
        v19.batch_mutate({keys[0]: {"Map": [ins("v", "again", 30)]}}),
        v19.get(keys[0], cpath("Map", col="v")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- bulk loader
@sc("09_bulk_loader", "range", "za_bulk")
def bulk_loader():
    """A batch loader importing a CSV of accounts: batch_mutate of 40 rows across two column
    families at ANY and ONE in chunks, then a verifier paging the whole range by key (each page
    starting at the last key seen, its first row dropped), counting each row's columns, and a
    re-run of one chunk at older timestamps that must not change anything."""
    ks = "za_bulk"
    steps = setup(ks, [cfd(ks, "Accounts", comparator_type="UTF8Type"),
                       cfd(ks, "Balances", comparator_type="UTF8Type")])
    keys = ["acct%03d" % i for i in range(40)]
    for c in range(4):
        chunk = keys[c * 10:(c + 1) * 10]
        steps.append(v19.batch_mutate({k: {"Accounts": [ins("owner", "o" + k, 10),
                                                        ins("opened", "2011-01-01", 10)],
                                           "Balances": [ins("eur", str(len(k) * c), 10)]}
                                       for k in chunk}, ANY if c % 2 else ONE))
    order = sorted(keys, key=lambda k: int(md5_token(k)))
    for start in ("", order[14], order[28]):
        steps.append(v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                                          key_range(start_key=start, end_key="", count=15)))
    steps += [
        v19.get_range_slices(cparent("Balances"), pred(names=["eur"]),
                             key_range(start_key=order[-1], end_key="", count=15)),
        v19.batch_mutate({k: {"Accounts": [ins("owner", "stale", 5)]} for k in keys[:10]}),
        v19.multiget_slice(keys[:4], cparent("Accounts"), pred(names=["owner"])),
        v19.multiget_count(keys[:4], cparent("Accounts"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_key=order[5], end_key=order[2], count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- like counters
@sc("10_like_counters", "counter", "za_like", when=V08)
def like_counters():
    """A like-button service on a counter column family (LongType names of item ids):
    increments by add and by counter batches, the counts of a page's items by multiget_slice,
    an item's count by get, an unlike as add of -1, an item removed by remove_counter and liked
    again, the top of a row read reversed, get_count and a range scan over counters, and the
    calls it tried first (insert into the counter family, a CounterColumn into a standard
    one, a Deletion with a predicate of one counter)."""
    ks = "za_like"
    steps = setup(ks, [cfd(ks, "Likes", comparator_type="LongType",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Items", comparator_type="UTF8Type")])
    for i in range(5):
        steps.append(v19.add("page1", cparent("Likes"), counter_column(long_(i), i + 1)))
    steps += [
        v19.batch_mutate({"page1": {"Likes": [cadd(long_(1), 10), cadd(long_(2), -1)]},
                          "page2": {"Likes": [cadd(long_(7), 3)]}}),
        v19.multiget_slice(["page1", "page2", "page3"], cparent("Likes"),
                           pred(names=[long_(1), long_(2), long_(7)])),
        v19.get("page1", cpath("Likes", col=long_(1))),
        v19.add("page1", cparent("Likes"), counter_column(long_(1), -1)),
        v19.get("page1", cpath("Likes", col=long_(1))),
        v19.remove_counter("page1", cpath("Likes", col=long_(4))),
        v19.get_slice("page1", cparent("Likes"), pred(start="", count=10, reversed=True)),
        v19.get_count("page1", cparent("Likes"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Likes"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("page1", cparent("Likes"), column(long_(9), long_(1), 10)),
        v19.add("item1", cparent("Items"), counter_column("likes", 1)),
        v19.batch_mutate({"page1": {"Likes": [dele([long_(3)], 10)]}}),
        v19.batch_mutate({"page1": {"Likes": [dele([long_(3)])]}}),
        v19.get_slice("page1", cparent("Likes"), pred(start="", count=10)),
        v19.add("page1", cparent("Likes"), counter_column(int32(1), 1)),
        v19.add("page1", cparent("Likes"), counter_column(long_(0), 0)),
        v19.get("page1", cpath("Likes", col=long_(0))),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- chat rooms
@sc("11_chat_rooms", "slice", "za_chat")
def chat_rooms():
    """A chat app: a row per room of TimeUUIDType message names, the last messages read
    reversed and the older page from the last seen TimeUUID, a window between two TimeUUIDs,
    members in a super column family per room (a super column per member's session), and the
    slices its pager got wrong (finish before start, a negative count, a reversed slice whose
    start is below its finish)."""
    ks = "za_chat"
    steps = setup(ks, [cfd(ks, "Messages", comparator_type="TimeUUIDType"),
                       cfd(ks, "Members", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="TimeUUIDType")])
    steps.append(v19.batch_mutate({"lobby": {"Messages": [
        ins(timeuuid(10 + i), "msg %d" % i, 10 + i) for i in range(12)]}}))
    steps += [
        v19.get_slice("lobby", cparent("Messages"), pred(start="", count=5, reversed=True)),
        v19.get_slice("lobby", cparent("Messages"), pred(start=timeuuid(17), count=5,
                                                         reversed=True)),
        v19.get_slice("lobby", cparent("Messages"), pred(start=timeuuid(12),
                                                         finish=timeuuid(15))),
        v19.get_slice("lobby", cparent("Messages"), pred(start=timeuuid(15),
                                                         finish=timeuuid(12))),
        v19.get_slice("lobby", cparent("Messages"), pred(start=timeuuid(12),
                                                         finish=timeuuid(15), reversed=True)),
        v19.get_slice("lobby", cparent("Messages"), pred(start="", count=-1)),
        v19.get_slice("lobby", cparent("Messages"), pred(start=b"\x01\x02", count=2)),
        v19.batch_mutate({"lobby": {"Members": [
            sins("ann", [(timeuuid(1), "web"), (timeuuid(2), "phone")], 10),
            sins("bob", [(timeuuid(3), "web")], 10)]}}),
        v19.get_slice("lobby", cparent("Members", "ann"), pred(start="", count=10,
                                                               reversed=True)),
        v19.remove("lobby", cpath("Members", "ann", timeuuid(1)), 20),
        v19.get_slice("lobby", cparent("Members"), pred(start="", count=10)),
        v19.remove("lobby", cpath("Members", "bob"), 20),
        v19.get_count("lobby", cparent("Members"), pred(start="", count=10)),
        v19.insert("lobby", cparent("Members", "cyd"), column("web", "x", 20)),
        v19.remove("lobby", cpath("Messages", col=timeuuid(11)), 30),
        v19.get_slice("lobby", cparent("Messages"), pred(start="", count=3)),
        v19.get_count("lobby", cparent("Messages"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- users directory
@sc("12_index_directory", "index", "za_dir")
def index_directory():
    """A staff directory on secondary indexes: KEYS indexes on `dept` (UTF8Type) and `grade`
    (LongType) declared at creation, queries by department with a grade range (GTE, LT), an
    employee moving department (the old value no longer found), one removed, a query whose
    only equality is on the unindexed column, paging by start_key, a predicate by names and
    by a slice range, and expressions on an undeclared column."""
    ks = "za_dir"
    meta = [coldef("dept", "UTF8Type", True), coldef("grade", "LongType", True),
            coldef("name", "UTF8Type")]
    steps = setup(ks, [cfd(ks, "Staff", comparator_type="UTF8Type", column_metadata=meta)])
    staff = [("e1", "ops", 3), ("e2", "dev", 5), ("e3", "dev", 2), ("e4", "ops", 5),
             ("e5", "dev", 7), ("e6", "hr", 1)]
    steps.append(v19.batch_mutate({k: {"Staff": [ins("dept", d, 10), ins("grade", long_(g), 10),
                                                 ins("name", "N" + k, 10)]}
                                   for k, d, g in staff}))

    def q(exprs, start="", count=100, p=None):
        return v19.get_indexed_slices(cparent("Staff"), index_clause(exprs, start, count),
                                      p or pred(names=["name", "grade"]))
    steps += [
        q([index_expr("dept", EQ, "dev")]),
        q([index_expr("dept", EQ, "dev"), index_expr("grade", GTE, long_(3)),
           index_expr("grade", LT, long_(7))]),
        q([index_expr("grade", EQ, long_(5))]),
        q([index_expr("grade", EQ, long_(5)), index_expr("dept", EQ, "ops")]),
        q([index_expr("dept", EQ, "dev")], count=1),
        q([index_expr("dept", EQ, "dev")], start="e3", count=2),
        v19.insert("e3", cparent("Staff"), column("dept", "ops", 20)),
        q([index_expr("dept", EQ, "dev")], p=pred(start="", count=10)),
        q([index_expr("dept", EQ, "ops")], p=pred(start="", count=1)),
        v19.remove("e4", cpath("Staff"), 20),
        q([index_expr("dept", EQ, "ops")]),
        q([index_expr("name", EQ, "Ne1")]),
        q([index_expr("title", EQ, "boss")]),
        q([index_expr("dept", EQ, "ops"), index_expr("title", EQ, "boss")]),
        q([index_expr("dept", GT, "a")]),
        q([index_expr("grade", EQ, int32(5))]),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- phpcassa SystemManager
@sc("13_phpcassa_sysmgr", "schema", "za_sm")
def phpcassa_sysmgr():
    """phpcassa 0.8's SystemManager evolving a schema: create_keyspace, create_column_family
    with a comparator and options, alter_column_family (an update carrying the id it read from
    describe_keyspace), create_index and alter_column (updates adding column metadata),
    drop_index (an update without the index), update_keyspace, and drop_column_family, with
    describe_keyspace between them and the mistakes of its callers (an update without the
    id, one renaming the family, a drop of a missing family)."""
    ks = "za_sm"
    steps = [v19.system_add_keyspace(ksd(ks, [])), v19.set_keyspace(ks),
             v19.system_add_column_family(cfd(ks, "Posts", comparator_type="UTF8Type",
                                              comment="blog posts", gc_grace_seconds=3600)),
             v19.describe_keyspace(ks)]
    base = dict(comparator_type="UTF8Type", id=cfid(0))
    steps += [
        v19.system_update_column_family(cfd(ks, "Posts", comment="posts v2",
                                            gc_grace_seconds=7200, **base)),
        v19.system_update_column_family(cfd(ks, "Posts", comment="posts v3",
                                            column_metadata=[coldef("author", "UTF8Type", True,
                                                                    "Posts_author_idx")],
                                            **base)),
        v19.insert("p1", cparent("Posts"), column("author", "ann", 10)),
        v19.get_indexed_slices(cparent("Posts"), index_clause([index_expr("author", EQ,
                                                                          "ann")]),
                               pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Posts", comment="posts v3",
                                            column_metadata=[
                                                coldef("author", "UTF8Type", True,
                                                       "Posts_author_idx"),
                                                coldef("score", "LongType")], **base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Posts", comment="posts v4",
                                            column_metadata=[coldef("author", "UTF8Type"),
                                                             coldef("score", "LongType")],
                                            **base)),
        v19.get_indexed_slices(cparent("Posts"), index_clause([index_expr("author", EQ,
                                                                          "ann")]),
                               pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Posts", comparator_type="UTF8Type",
                                            comment="no id")),
        v19.system_update_column_family(cfd(ks, "Articles", comment="renamed", **base)),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Missing"),
        v19.system_drop_column_family("Posts"),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Pig LOAD
@sc("14_pig_token_scan", "range", "za_pig")
def pig_token_scan():
    """A Pig LOAD of CassandraStorage: describe_keyspace for the schema, then the record
    reader's get_range_slices by token ranges (from the minimum token, continuing from the
    last row's token, the last page empty), the wide-row reader's slices of each row, and
    key ranges mixing a start key and an end token."""
    ks = "za_pig"
    steps = setup(ks, [cfd(ks, "Words", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    keys = ["w%02d" % i for i in range(9)]
    steps.append(v19.batch_mutate({k: {"Words": [ins("count", str(i), 10),
                                                 ins("text", "word " + k, 10)]}
                                   for i, k in enumerate(keys)}))
    toks = sorted(int(md5_token(k)) for k in keys)
    steps += [
        v19.describe_keyspace(ks),
        v19.get_range_slices(cparent("Words"), pred(start="", count=100),
                             key_range(start_token="0", end_token=str(2 ** 127), count=4)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=100),
                             key_range(start_token=str(toks[3]), end_token=str(2 ** 127),
                                       count=4)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=100),
                             key_range(start_token=str(toks[7]), end_token=str(2 ** 127),
                                       count=4)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=100),
                             key_range(start_token=str(toks[8]), end_token=str(2 ** 127),
                                       count=4)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_token=str(toks[2]), end_token=str(toks[5]),
                                       count=100)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_key="w01", end_token=str(toks[5]), count=100)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_token=str(toks[5]), end_key="w01", count=100)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_token="-1", end_token="0", count=100)),
        v19.get_range_slices(cparent("Words"), pred(start="", count=1),
                             key_range(start_token=str(2 ** 127 + 1), end_token="0",
                                       count=100)),
        v19.get_slice("w03", cparent("Words"), pred(start="", count=1)),
        v19.get_slice("w03", cparent("Words"), pred(start="count", count=1)),
        v19.describe_splits("Words", "0", str(2 ** 127), 1000),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Lazyboy ORM
@sc("15_lazyboy_views", "orm", "za_lb")
def lazyboy_views():
    """A Lazyboy-style ORM: records saved column by column (insert per changed attribute,
    a removed attribute as remove), a view row per owner listing record keys as column
    names (LexicalUUIDType keys), the view read and the records multigot, a record deleted
    with its view column, the view paged by the last key, and a record loaded with its
    attributes' names where one is missing."""
    ks = "za_lb"
    steps = setup(ks, [cfd(ks, "Records", comparator_type="BytesType"),
                       cfd(ks, "Views", comparator_type="LexicalUUIDType")])
    for i in range(6):
        k = "rec%d" % i
        steps += [v19.insert(k, cparent("Records"), column("title", "Title %d" % i, 10)),
                  v19.insert(k, cparent("Records"), column("owner", "ann" if i % 2 else "bob",
                                                           10)),
                  v19.insert("ann" if i % 2 else "bob", cparent("Views"),
                             column(lexuuid(i), k, 10))]
    steps += [
        v19.insert("rec0", cparent("Records"), column("title", "Title 0 edited", 11)),
        v19.remove("rec0", cpath("Records", col="owner"), 11),
        v19.get_slice("ann", cparent("Views"), pred(start="", count=2)),
        v19.get_slice("ann", cparent("Views"), pred(start=lexuuid(3), count=2)),
        v19.multiget_slice(["rec1", "rec3", "rec5"], cparent("Records"),
                           pred(names=["title", "owner", "tags"])),
        v19.batch_mutate({"rec3": {"Records": [dele(None, 20)]},
                          "ann": {"Views": [dele([lexuuid(3)], 20)]}}),
        v19.get_slice("ann", cparent("Views"), pred(start="", count=10)),
        v19.get_slice("rec3", cparent("Records"), pred(names=["title"])),
        v19.get_slice("rec0", cparent("Records"), pred(start="", count=10)),
        v19.insert("ann", cparent("Views"), column("rec7", "rec7", 30)),
        v19.insert("ann", cparent("Views"), column(lexuuid(8)[:8], "rec8", 30)),
        v19.get_slice("ann", cparent("Views"), pred(start=lexuuid(9), finish=lexuuid(1))),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 inventory
@sc("16_cql2_inventory", "cql2", "za_inv", when=V08)
def cql2_inventory():
    """A warehouse inventory app on CQL 2 (0.8's and 1.0's drivers, uncompressed): a column
    family with typed columns made in CQL, an index created on the `bin` column, rows written
    with USING TIMESTAMP, a BATCH of inserts, updates and a delete, SELECTs by index with a
    second condition, by key ranges (KEY > and KEY <= on a range scan), of a column range with
    FIRST, and the statements its developers got wrong (an unknown column family, a missing
    WHERE on UPDATE, a string where an int goes, an index on a missing column)."""
    ks = "za_inv"
    steps = [
        cql("CREATE KEYSPACE za_inv WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1"),
        cql("USE za_inv"),
        cql("CREATE COLUMNFAMILY stock (KEY varchar PRIMARY KEY, bin varchar, qty int, "
            "price double) WITH comparator = ascii AND default_validation = varchar"),
        cql("CREATE INDEX stock_bin ON stock (bin)"),
        cql("INSERT INTO stock (KEY, bin, qty, price) VALUES ('sku1', 'A1', 10, 2.5) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO stock (KEY, bin, qty, price) VALUES ('sku2', 'A1', 0, 9.0) "
            "USING TIMESTAMP 100"),
        cql("BEGIN BATCH USING TIMESTAMP 200 "
            "INSERT INTO stock (KEY, bin, qty) VALUES ('sku3', 'B2', 4) "
            "UPDATE stock SET qty = 7 WHERE KEY = 'sku1' "
            "DELETE price FROM stock WHERE KEY = 'sku2' "
            "APPLY BATCH"),
        cql("SELECT bin, qty FROM stock WHERE bin = 'A1'"),
        cql("SELECT bin, qty FROM stock WHERE bin = 'A1' AND qty > 5"),
        cql("SELECT qty FROM stock WHERE KEY > 'sku1' AND KEY <= 'sku3'"),
        cql("SELECT FIRST 1 'bin'..'qty' FROM stock WHERE KEY = 'sku1'"),
        cql("SELECT * FROM stock WHERE KEY = 'sku2'"),
        cql("SELECT * FROM stok WHERE KEY = 'sku2'"),
        cql("UPDATE stock SET qty = 1"),
        cql("INSERT INTO stock (KEY, qty) VALUES ('sku4', 'many')"),
        cql("CREATE INDEX ON stock (colour)"),
        cql("SELECT qty FROM stock WHERE qty = 4"),
        cql("DELETE FROM stock WHERE KEY IN ('sku1', 'sku3')"),
        cql("SELECT COUNT(*) FROM stock WHERE KEY = 'sku1'") if V10 else
        cql("SELECT * FROM stock WHERE KEY = 'sku1'"),
        cql("DROP INDEX stock_bin"),
        cql("SELECT bin FROM stock WHERE bin = 'A1'"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- newcomer
@sc("17_newcomer_mistakes", "errors", "za_new")
def newcomer_mistakes():
    """A newcomer's first afternoon: reads and writes before any set_keyspace, a keyspace
    named with a dash, a column family made twice, a super family read as a standard one
    (no super column in the path) and a standard one given a super column, a predicate with
    both names and a range, a SlicePredicate with neither, get of a whole super column of a
    standard family, a remove of a standard row with a super column in the path, a consistency
    level of ANY on reads, and a key range with neither keys nor tokens."""
    ks = "za_new"
    steps = [
        v19.get("k", cpath("Std", col="a")),
        v19.insert("k", cparent("Std"), column("a", "1", 10)),
        v19.describe_keyspace("za-new"),
        v19.system_add_keyspace(ksd("za-new", [])),
    ]
    steps += setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type"),
                        cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type")])
    steps += [
        v19.system_add_column_family(cfd(ks, "Std", comparator_type="UTF8Type")),
        v19.insert("k", cparent("Std"), column("a", "1", 10)),
        v19.insert("k", cparent("Sup", "s"), column("a", "1", 10)),
        v19.insert("k", cparent("Sup"), column("a", "1", 10)),
        v19.insert("k", cparent("Std", "s"), column("a", "1", 10)),
        v19.get("k", cpath("Sup", col="a")),
        v19.get("k", cpath("Sup", "s")),
        v19.get("k", cpath("Std", "s")),
        v19.get("k", cpath("Std")),
        v19.get_slice("k", cparent("Std"), W.struct({1: W.list_("bin", [b("a")]),
                                                     2: srange("", "", False, 10)})),
        v19.get_slice("k", cparent("Std"), W.struct({})),
        v19.remove("k", cpath("Std", "s"), 20),
        v19.remove("k", cpath("Std", "s", "a"), 20),
        v19.get("k", cpath("Std", col="a"), ANY),
        v19.get_slice("k", cparent("Sup"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Std"), pred(start="", count=10), key_range(count=10)),
        v19.get_range_slices(cparent("Std"), pred(start="", count=10),
                             key_range(start_key="a", end_key="b", start_token="0",
                                       end_token="1", count=10)),
        v19.multiget_slice([], cparent("Std"), pred(start="", count=10)),
        v19.multiget_slice(["k", "k"], cparent("Std"), pred(start="", count=10)),
        v19.system_drop_column_family("Sup"),
        v19.get_slice("k", cparent("Sup"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- TTL sessions
@sc("18_ttl_sessions_super", "ttl", "za_sess")
def ttl_sessions_super():
    """A session store in a super column family: a super column per session under each
    user's row, sub-columns of the session's data each with the session's TTL (30 minutes,
    refreshed by rewriting with a new timestamp and TTL), the TTLs read back by get and
    get_slice, a session removed at logout, one sub-column rewritten without a TTL (the
    remember-me flag), and TTLs the app's config got wrong (0, negative, a huge one)."""
    ks = "za_sess"
    steps = setup(ks, [cfd(ks, "Sessions", column_type="Super", comparator_type="AsciiType",
                           subcomparator_type="AsciiType")])
    steps += [
        v19.batch_mutate({"ann": {"Sessions": [mutation(cosc(super_column=super_column(
            "s1", [column("ip", "10.0.0.1", 10, 1800), column("cart", "3", 10, 1800)]))),
            mutation(cosc(super_column=super_column(
                "s2", [column("ip", "10.0.0.2", 10, 1800)])))]}}),
        v19.get("ann", cpath("Sessions", "s1", "ip")),
        v19.get_slice("ann", cparent("Sessions"), pred(start="", count=10)),
        v19.insert("ann", cparent("Sessions", "s1"), column("ip", "10.0.0.1", 20, 3600)),
        v19.insert("ann", cparent("Sessions", "s1"), column("remember", "1", 20)),
        v19.get_slice("ann", cparent("Sessions", "s1"), pred(start="", count=10)),
        v19.remove("ann", cpath("Sessions", "s2"), 30),
        v19.get_slice("ann", cparent("Sessions"), pred(start="", count=10)),
        v19.insert("ann", cparent("Sessions", "s3"), column("ip", "x", 30, 0)),
        v19.insert("ann", cparent("Sessions", "s3"), column("ip", "x", 30, -1)),
        v19.insert("ann", cparent("Sessions", "s3"), column("ip", "x", 30, 2147483647)),
        v19.insert("ann", cparent("Sessions", "s3"), column("ip", "x", 30, 630720000)),
        v19.get("ann", cpath("Sessions", "s3", "ip")),
        v19.batch_mutate({"bob": {"Sessions": [mutation(cosc(super_column=super_column(
            "s9", [column("ip", "1", 10, 0)])))]}}),
        v19.multiget_slice(["ann", "bob"], cparent("Sessions"), pred(names=["s1", "s3",
                                                                           "s9"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- counter supers
@sc("19_kundera_counter_supers", "counter", "za_kcs", when=V08)
def kundera_counter_supers():
    """A Kundera entity of embedded counters kept in a counter super column family (a super
    column per embedded object): increments by add with the super column in the parent and by
    batches of CounterSuperColumns, the entity found by get_slice of whole super columns and
    one embedded object by get, counts and multigets, and what its mapper sent wrongly (a
    CounterColumn at the super level without a parent super column, a CounterSuperColumn
    into a standard counter family, a Deletion of a super column with a timestamp)."""
    ks = "za_kcs"
    steps = setup(ks, [cfd(ks, "Stats", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Flat", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    steps += [
        v19.add("post1", cparent("Stats", "views"), counter_column("web", 5)),
        v19.add("post1", cparent("Stats", "views"), counter_column("app", 2)),
        v19.batch_mutate({"post1": {"Stats": [mutation(cosc(
            counter_super_column=counter_super_column("votes", [counter_column("up", 3),
                                                                counter_column("down", 1)])))]},
                          "post2": {"Stats": [mutation(cosc(
                              counter_super_column=counter_super_column(
                                  "views", [counter_column("web", 1)])))]}}),
        v19.get_slice("post1", cparent("Stats"), pred(start="", count=10)),
        v19.get("post1", cpath("Stats", "votes")),
        v19.get("post1", cpath("Stats", "votes", "up")),
        v19.get_count("post1", cparent("Stats"), pred(start="", count=10)),
        v19.multiget_slice(["post1", "post2"], cparent("Stats", "views"),
                           pred(names=["web"])),
        v19.add("post1", cparent("Stats"), counter_column("web", 1)),
        v19.batch_mutate({"post1": {"Flat": [mutation(cosc(
            counter_super_column=counter_super_column("x", [counter_column("a", 1)])))]}}),
        v19.batch_mutate({"post1": {"Stats": [cadd("web", 1)]}}),
        v19.batch_mutate({"post2": {"Stats": [dele(None, 10, sc_="views")]}}),
        v19.remove_counter("post1", cpath("Stats", "votes", "down")),
        v19.get_slice("post1", cparent("Stats", "votes"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL: pycassa 1.7
@sc("20_later_idl_pycassa17", "upgrade", "za_p17")
def later_idl_pycassa17():
    """pycassa 1.7 (built against 1.1's IDL) connected to the release: SystemManager's
    create_column_family sending 1.1's CfDef fields (key_validation_class, key_alias,
    caching, compression and compaction options, bloom_filter_fp_chance,
    dclocal_read_repair_chance), a KsDef with durable_writes and without replication_factor,
    ColumnFamily.insert/get with TTLs, xget paging through get_paged_slice, and `add` of a
    counter where the release had none."""
    ks = "za_p17"
    kd = {1: b(ks), 2: b(SS), 3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
          5: W.list_("struct", []), 6: W.boolean(True)}
    if V07:
        kd[4] = W.i32(1)
    steps = [v19.system_add_keyspace(W.struct(kd)), v19.set_keyspace(ks),
             v19.system_add_column_family(cfd_later(
                 ks, "Events", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type", caching="keys_only",
                 bloom_filter_fp_chance=0.01, dclocal_read_repair_chance=0.0)),
             v19.system_add_column_family(cfd_later(
                 ks, "Packed", comparator_type="UTF8Type",
                 compression_options={"sstable_compression": "SnappyCompressor",
                                      "chunk_length_kb": "64"},
                 compaction_strategy="SizeTieredCompactionStrategy",
                 compaction_strategy_options={"min_sstable_size": "50"})),
             v19.system_add_column_family(cfd_later(
                 ks, "Keyed", comparator_type="UTF8Type", key_alias="user_id")),
             v19.describe_keyspace(ks)]
    steps += [
        v19.insert("e1", cparent("Events"), column("kind", "click", 10, 600)),
        v19.get("e1", cpath("Events", col="kind")),
        v19.batch_mutate({"e%d" % i: {"Events": [ins("kind", "view", 10)]} for i in range(2, 6)}),
        v19.insert("p1", cparent("Packed"), column("blob", "x" * 100, 10)),
        v19.get_slice("p1", cparent("Packed"), pred(start="", count=10)),
    ]
    if V11:
        steps.append(v19.get_paged_slice("Events", key_range(start_key="", end_key="",
                                                             count=10), ""))
        steps.append(v19.add("c", cparent("Events"), counter_column("n", 1)))
    else:
        steps.append(unknown("get_paged_slice", {1: b("Events"), 2: key_range(
            start_key="", end_key="", count=10), 3: b(""), 4: W.i32(ONE)}))
        if V08:
            steps.append(v19.add("c", cparent("Events"), counter_column("n", 1)))
        else:
            steps.append(unknown("add", {1: b("c"), 2: cparent("Events"),
                                         3: counter_column("n", 1), 4: W.i32(ONE)}))
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- later IDL: Hector 1.1
@sc("21_later_idl_hector", "upgrade", "za_h11")
def later_idl_hector():
    """Hector 1.1 (built against 1.2's IDL, 19.36) left pointed at the release: its pool's
    describe_keyspaces and describe_cluster_name at start, a KeyRange carrying a row_filter
    (a 1.1 field) for a range scan with IndexExpressions, a CfDef with 1.2's fields
    (default_time_to_live, populate_io_cache_on_flush, memtable_flush_period_in_ms,
    index_interval, speculative_retry), LOCAL_ONE reads, and the CQL 3 calls of its
    CqlQuery (set_cql_version, execute_cql3_query)."""
    ks = "za_h11"
    steps = [v19.describe_cluster_name(), v19.describe_version()]
    steps += setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                            column_metadata=[coldef("state", "UTF8Type", True)])])
    steps += [
        v19.system_add_column_family(cfd_later(ks, "Timed", comparator_type="UTF8Type",
                                               default_time_to_live=60,
                                               populate_io_cache_on_flush=False,
                                               memtable_flush_period_in_ms=0,
                                               index_interval=128)),
        v19.system_add_column_family(cfd_later(ks, "Spec", comparator_type="UTF8Type",
                                               speculative_retry="99PERCENTILE")),
        v19.batch_mutate({"u%d" % i: {"Users": [ins("state", "CA" if i % 2 else "NY", 10),
                                                ins("age", str(30 + i), 10)]}
                          for i in range(6)}),
        v19.get_range_slices(cparent("Users"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("state", EQ, "CA")])),
        v19.get_range_slices(cparent("Users"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("age", EQ, "31")])),
        # (an insert's refusal quotes its Column, absolute timestamp and all)
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10), LOCAL_ONE),
        v19.get("u9", cpath("Users", col="state"), LOCAL_ONE),
        v19.describe_keyspace(ks),
        unknown("set_cql_version", {1: b("3.0.0")}) if not V11 else
        v19.set_cql_version("3.0.0"),
        unknown("execute_cql3_query", {1: b("SELECT * FROM \"Users\""), 2: W.i32(2),
                                       3: W.i32(ONE)}),
        unknown("describe_splits_ex", {1: b("Users"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 schema
@sc("22_cql2_schema_admin", "cql2", "za_c2s", when=V08)
def cql2_schema_admin():
    """A DBA's CQL 2 session evolving a schema the way 0.8 to 1.1's cqlsh scripts did: CREATE
    COLUMNFAMILY with storage options of the release, ALTER COLUMNFAMILY ADD, ALTER ... TYPE
    and DROP of a column, an index created and dropped by name, a counter column family
    updated by CQL, TTL'd writes (USING TTL), SELECTs with LIMIT over a range of keys, and
    the statements the DBA mistyped."""
    ks = "za_c2s"
    steps = [
        cql("CREATE KEYSPACE za_c2s WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1"),
        cql("USE za_c2s"),
        cql("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY, kind varchar, n int) WITH "
            "comparator = ascii AND default_validation = varchar AND gc_grace_seconds = 3600 "
            "AND read_repair_chance = 0.5 AND comment = 'event log'"),
        cql("ALTER COLUMNFAMILY events ADD source varchar"),
        cql("ALTER COLUMNFAMILY events ALTER n TYPE bigint"),
        cql("ALTER COLUMNFAMILY events DROP kind"),
        cql("ALTER COLUMNFAMILY events ADD n int"),
        cql("ALTER COLUMNFAMILY events DROP nosuch"),
        cql("CREATE INDEX events_source ON events (source)"),
        cql("INSERT INTO events (KEY, source, n) VALUES ('e1', 'web', 1) USING TIMESTAMP 10 "
            "AND TTL 600"),
        cql("INSERT INTO events (KEY, source, n) VALUES ('e2', 'app', 2) USING TIMESTAMP 10"),
        cql("INSERT INTO events (KEY, source, n) VALUES ('e3', 'web', 3) USING TIMESTAMP 10"),
        cql("SELECT source, n FROM events WHERE source = 'web'"),
        cql("SELECT n FROM events WHERE KEY >= 'e1' LIMIT 2"),
        cql("SELECT n FROM events LIMIT 1"),
        cql("SELECT FIRST 0 * FROM events WHERE KEY = 'e1'"),
        cql("DROP INDEX events_source"),
        cql("DROP INDEX events_source"),
        cql("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH comparator = ascii AND "
            "default_validation = counter"),
        cql("UPDATE hits SET home = home + 3, about = about + 1 WHERE KEY = 'site'"),
        cql("UPDATE hits SET home = home - 1 WHERE KEY = 'site'"),
        cql("UPDATE hits SET home = 5 WHERE KEY = 'site'"),
        # (CQL 2 reads a counter with the node's timestamp: read by Thrift)
        v19.get_slice("site", cparent("hits"), pred(start="", count=10)),
        cql("ALTER COLUMNFAMILY hits ADD extra varchar"),
        cql("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY)"),
        cql("CREATE COLUMNFAMILY bad (KEY varchar PRIMARY KEY, a varchar) WITH "
            "comparator = nosuchtype"),
        cql("CREATE COLUMNFAMILY bad (KEY varchar PRIMARY KEY, a varchar) WITH "
            "max_compaction_threshold = 2 AND min_compaction_threshold = 4"),
        cql("TRUNCATE nosuch"),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super validators
@sc("23_super_validators", "super", "za_sv")
def super_validators():
    """An accounting app on a super column family whose column metadata types its
    sub-columns (LongType `amount`, UTF8Type `memo`): valid and invalid sub-column values by
    insert and by batch, an index asked of the super family (refused), get_indexed_slices
    against it, a super column family whose default validator is LongType, and range scans
    of the super family with a super column in the parent."""
    ks = "za_sv"
    meta = [coldef("amount", "LongType"), coldef("memo", "UTF8Type")]
    steps = setup(ks, [cfd(ks, "Ledger", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", column_metadata=meta),
                       cfd(ks, "Totals", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="LongType")])
    steps += [
        v19.insert("acct1", cparent("Ledger", "2011-01"), column("amount", long_(500), 10)),
        v19.insert("acct1", cparent("Ledger", "2011-01"), column("memo", "rent", 10)),
        v19.insert("acct1", cparent("Ledger", "2011-01"), column("amount", int32(5), 10)),
        v19.insert("acct1", cparent("Ledger", "2011-01"), column("memo", utf8_bad(), 10)),
        v19.batch_mutate({"acct2": {"Ledger": [sins("2011-02", [("amount", int32(1)),
                                                                ("memo", "x")], 10)]}}),
        v19.batch_mutate({"acct2": {"Ledger": [sins("2011-02", [("amount", long_(7)),
                                                                ("memo", "ok")], 10)]}}),
        v19.insert("acct1", cparent("Totals", "y"), column("sum", int32(3), 10)),
        v19.insert("acct1", cparent("Totals", "y"), column("sum", long_(3), 10)),
        v19.get_slice("acct1", cparent("Ledger"), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Ledger"), index_clause([index_expr("amount", EQ,
                                                                           long_(7))]),
                               pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Idx", column_type="Super",
                                         comparator_type="UTF8Type",
                                         subcomparator_type="UTF8Type",
                                         column_metadata=[coldef("amount", "LongType", True)])),
        v19.get_range_slices(cparent("Ledger", "2011-02"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Ledger"), pred(names=["2011-01"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_count(["acct1", "acct2"], cparent("Ledger", "2011-02"),
                           pred(start="", count=10)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- keyspace admin
@sc("24_keyspace_admin", "schema", "za_ksa")
def keyspace_admin():
    """An operator's keyspace chores through a Thrift admin tool: a keyspace made with
    NetworkTopologyStrategy then moved to SimpleStrategy and back, its replication changed,
    durable_writes turned off (0.8 on), a column family added to another keyspace than the
    session's, truncate of a missing family, describe_keyspace of system, an update of a
    keyspace that does not exist, and a keyspace added with its column families."""
    ks = "za_ksa"
    steps = [v19.system_add_keyspace(ksd(ks, [], strategy=NTS,
                                         options={"datacenter1": "1"})),
             v19.set_keyspace(ks),
             v19.system_add_column_family(cfd(ks, "A", comparator_type="UTF8Type")),
             v19.insert("k", cparent("A"), column("c", "v", 10), LOCAL_QUORUM),
             v19.get("k", cpath("A", col="c"), EACH_QUORUM),
             v19.system_update_keyspace(ksd(ks, [], rf=1)),
             v19.describe_keyspace(ks),
             v19.system_update_keyspace(ksd(ks, [], strategy=NTS,
                                            options={"datacenter1": "2"})),
             v19.insert("k", cparent("A"), column("c", "v2", 11), QUORUM),
             v19.get("k", cpath("A", col="c"), ONE),
             v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"dc9": "1"})),
             v19.insert("k", cparent("A"), column("c", "v3", 12), ONE),
             v19.system_update_keyspace(ksd(ks, [], rf=1)),
             v19.system_add_keyspace(ksd("za_ksa2", [cfd("za_ksa2", "B"),
                                                     cfd("za_ksa2", "C",
                                                         column_type="Super")])),
             v19.system_add_column_family(cfd("za_ksa2", "D")),
             v19.describe_keyspace("za_ksa2"),
             v19.truncate("Nope"),
             v19.truncate("A"),
             v19.system_update_keyspace(ksd("za_nosuch", [], rf=1)),
             v19.system_drop_keyspace("za_ksa2"),
             v19.system_drop_keyspace("za_ksa2"),
             v19.describe_keyspace(ks),
             v19.system_drop_keyspace(ks)]
    if V08:
        kd = {1: b("za_ksa3"), 2: b(SS), 3: W.map_("bin", "bin",
                                                  [(b("replication_factor"), b("1"))]),
              5: W.list_("struct", []), 6: W.boolean(False)}
        steps[-1:-1] = [v19.system_add_keyspace(W.struct(kd)), v19.describe_keyspace("za_ksa3"),
                        v19.system_drop_keyspace("za_ksa3")]
    return steps
