"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19.

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * a news feed on timeuuid clustering read with minTimeuuid/maxTimeuuid/dateOf/now()
  * a key-value cache converting values with the blob functions (textAsBlob, blobAsBigint ..)
  * a DAO on 2.0's named bind markers, `IN ?`, `LIMIT ?`, `USING TTL ?`
  * an Astyanax app on CompositeType row keys and composite columns, read back through CQL 3
  * OpenTSDB-on-Cassandra (asynccassandra): byte row keys of metric+hour+tags, 2-byte
    qualifiers, scans by key ranges, reversed slices, a uid counter
  * a profile store updating collections every way (append, prepend, index, merge, removal),
    read by CQL 3 and by a legacy Thrift reader's get_slice over the composite cells
  * batches with USING TIMESTAMP / TTL, counter batches, range and partition deletes
  * a report tool's SELECT shapes (IN on keys and clustering, ORDER BY, DISTINCT, paging by the
    last clustering value, composite partition keys)
  * a driver's connect-time reads of system.local, system.peers and the schema tables
  * a user administration script on a node without authentication
  * indexes on clustering columns and collections, quoted mixed-case names, keyspace
    administration in CQL, default TTLs seen by Thrift, ALTER TABLE type changes
  * a legacy Thrift tool writing into CQL 3 tables, cassandra-jdbc binds of wrong sizes
  * clients built against later IDLs (LOCAL_ONE, LOCAL_SERIAL, cas, get_multi_slice)
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys
import uuid as _uuid

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (scenario, v19, b, cf_def, ks_def, column, cparent, cpath, pred, key_range,  # noqa: E402
                 mutation, deletion, ins, counter_column, long_, ONE)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cas, comp, exe, i32b, ks_cql, prep)  # noqa: E402
from kit import cql3 as cql  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V20 = VER >= (2, 0)
V21 = VER >= (2, 1)
V22 = VER >= (2, 2)
MIN_TOKEN = kit.MIN_TOKEN


def i16b(n):
    return _st.pack(">h", n)


def dbl(x):
    return _st.pack(">d", x)


def tuuid(ms, seq=0, node=0x0a0b0c0d0e0f):
    """A version-1 UUID of the unix time ms (plus seq hundred-nanoseconds)."""
    t = ms * 10000 + 0x01B21DD213814000 + seq
    return _uuid.UUID(fields=(t & 0xffffffff, (t >> 32) & 0xffff, ((t >> 48) & 0x0fff) | 0x1000,
                              0x80 | 0x12, 0x34, node))


T0 = 1367366400000  # 2013-05-01 00:00:00 UTC


def multi_slice(key, cf, slices, count=100, cl=ONE):
    return D.raw("get_multi_slice", {1: W.struct({
        1: b(key), 2: W.struct({3: b(cf)}),
        3: W.list_("struct", [W.struct({1: b(s), 2: b(f)}) for s, f in slices]),
        4: W.boolean(False), 5: W.i32(count), 6: W.i32(cl)})})


def describe_local_ring(ks):
    return D.raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                         "0/*/5")


# ---------------------------------------------------------------- a news feed on timeuuids
@scenario("r_feed_timefuncs", "19", "cql3", keyspace_reset="r_feed")
def feed_timefuncs():
    """A news feed app: (feed, timeuuid) rows newest first, windows read with maxTimeuuid and
    minTimeuuid bounds, dateOf/unixTimestampOf in the selection, an item posted with now()
    and counted, the mistakes of a date where a timeuuid goes and a random UUID."""
    ks = "r_feed"
    ids = [tuuid(T0 + m * 60000) for m in range(10)]
    steps = [ks_cql(ks), cql("USE r_feed"),
             cql("CREATE TABLE items (feed text, id timeuuid, title text, PRIMARY KEY (feed, id))"
                 " WITH CLUSTERING ORDER BY (id DESC)")]
    for m, u in enumerate(ids):
        steps.append(cql("INSERT INTO items (feed, id, title) VALUES ('tech', %s, 'story %d') "
                         "USING TIMESTAMP %d" % (u, m, 1000 + m)))
    steps += [
        cql("SELECT id, title FROM items WHERE feed = 'tech' LIMIT 3"),
        cql("SELECT title FROM items WHERE feed = 'tech' AND id > maxTimeuuid('2013-05-01 "
            "00:02:00+0000') AND id < minTimeuuid('2013-05-01 00:07:00+0000')"),
        cql("SELECT title FROM items WHERE feed = 'tech' AND id >= minTimeuuid('2013-05-01 "
            "00:02:00+0000') AND id <= maxTimeuuid('2013-05-01 00:04:00+0000') ORDER BY id ASC"),
        cql("SELECT dateOf(id), unixTimestampOf(id), title FROM items WHERE feed = 'tech' "
            "AND id = %s" % ids[4]),
        cql("SELECT title FROM items WHERE feed = 'tech' AND id < minTimeuuid(1367366700000)"),
        cql("SELECT writetime(title) FROM items WHERE feed = 'tech' LIMIT 2"),
        cql("INSERT INTO items (feed, id, title) VALUES ('news', now(), 'posted now')"),
        cql("SELECT COUNT(*) FROM items WHERE feed = 'news'"),
        cql("SELECT title FROM items WHERE feed = 'news'"),
        # mistakes
        cql("INSERT INTO items (feed, id, title) VALUES ('tech', '2013-05-01 00:00:00', 'x')"),
        cql("INSERT INTO items (feed, id, title) VALUES ('tech', "
            "6a1b2c3d-1111-4222-8333-444455556666, 'v4')"),
        cql("SELECT title FROM items WHERE feed = 'tech' AND id > minTimeuuid('yesterday')"),
        cql("SELECT dateOf(title) FROM items WHERE feed = 'tech'"),
        cql("SELECT title FROM items WHERE feed = 'tech' ORDER BY title DESC"),
        cql("SELECT title FROM items WHERE feed = 'tech' AND id > now()"),
    ]
    if V22:
        steps += [
            cql("SELECT toDate(id), toUnixTimestamp(id) FROM items WHERE feed = 'tech' "
                "AND id = %s" % ids[1]),
            cql("SELECT title FROM items WHERE feed = 'tech' AND id > maxTimeuuid("
                "'2013-05-01 00:08:00+0000')"),
        ]
    return steps


# ---------------------------------------------------------------- blob conversion functions
@scenario("r_blob_cache", "19", "cql3", keyspace_reset="r_blobs")
def blob_cache():
    """A cache layer storing everything as blobs and converting on the way in and out with
    the blob functions, keys given as textAsBlob; the mistakes of a blob of the wrong size, a
    function of the wrong argument type, an unknown function."""
    ks = "r_blobs"
    return [
        ks_cql(ks), cql("USE r_blobs"),
        cql("CREATE TABLE cache (k blob PRIMARY KEY, n bigint, i int, t text, v blob)"),
        cql("INSERT INTO cache (k, n, i, t, v) VALUES (textAsBlob('alpha'), "
            "blobAsBigint(0x0000000000000007), blobAsInt(0x0000000a), blobAsText(0x6869), "
            "bigintAsBlob(42)) USING TIMESTAMP 100"),
        cql("INSERT INTO cache (k, n, v) VALUES (textAsBlob('beta'), 9, textAsBlob('nine')) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO cache (k, v) VALUES (bigintAsBlob(3), intAsBlob(-1)) "
            "USING TIMESTAMP 100"),
        cql("SELECT blobAsText(k), n, bigintAsBlob(n), intAsBlob(i), textAsBlob(t), v "
            "FROM cache WHERE k = textAsBlob('alpha')"),
        cql("SELECT blobAsBigint(v) FROM cache WHERE k = textAsBlob('alpha')"),
        cql("SELECT blobAsText(v) FROM cache WHERE k = textAsBlob('beta')"),
        cql("SELECT k, v FROM cache WHERE k = bigintAsBlob(3)"),
        cql("SELECT k, v FROM cache WHERE k IN (textAsBlob('alpha'), textAsBlob('beta'))"),
        cql("UPDATE cache USING TIMESTAMP 200 SET v = textAsBlob('ALPHA') "
            "WHERE k = 0x616c706861"),
        cql("SELECT blobAsText(v) FROM cache WHERE k = 0x616c706861"),
        cql("SELECT blobAsAscii(k), blobAsVarint(v) FROM cache WHERE k = textAsBlob('beta')"),
        # mistakes
        cql("INSERT INTO cache (k, i) VALUES (textAsBlob('bad'), blobAsInt(0x0001))"),
        cql("INSERT INTO cache (k, n) VALUES (textAsBlob('bad'), blobAsBigint(0x01))"),
        cql("INSERT INTO cache (k, v) VALUES (textAsBlob(42), 0x00)"),
        cql("INSERT INTO cache (k, v) VALUES ('gamma', 0x00)"),
        cql("INSERT INTO cache (k, t) VALUES (textAsBlob('bad'), blobAsText(0xff))"),
        cql("SELECT blobAsBigint(v) FROM cache WHERE k = textAsBlob('beta')"),
        cql("SELECT blobAsUnknown(v) FROM cache WHERE k = textAsBlob('beta')"),
        cql("SELECT textAsBlob(n) FROM cache WHERE k = textAsBlob('beta')"),
        cql("SELECT k FROM cache WHERE k = blobAsText(0x6869)"),
    ]


# ---------------------------------------------------------------- named markers (2.0)
@scenario("r_named_markers", "19", "cql3", keyspace_reset="r_dao")
def named_markers():
    """A DAO on prepared statements written for 2.0: named markers (`:id`), `IN ?` for a whole
    list, `LIMIT ?`, `USING TTL ? AND TIMESTAMP ?`; executed with good and bad values. On 1.2
    the same text is a syntax error, and the DAO falls back to positional markers."""
    ks = "r_dao"
    ins_named = ("INSERT INTO users (id, name, age) VALUES (:id, :name, :age) "
                 "USING TTL :ttl AND TIMESTAMP :ts")
    ins_pos = "INSERT INTO users (id, name, age) VALUES (?, ?, ?) USING TIMESTAMP 500"
    sel_in = "SELECT id, name, age FROM users WHERE id IN ?"
    sel_lim = "SELECT id, name FROM users WHERE id IN (1, 2, 3) LIMIT ?"
    sel_in_pos = "SELECT id, name, age FROM users WHERE id IN (?, ?)"
    lst = lambda *xs: i32b(len(xs)) + b"".join(i32b(4) + i32b(x) for x in xs)  # noqa: E731
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE users (id int PRIMARY KEY, name text, age int)"),
             prep(ins_named), prep(ins_pos), prep(sel_in_pos)]
    steps += [
        exe(ks, ins_pos, [i32b(1), b"ann", i32b(31)]),
        exe(ks, ins_pos, [i32b(2), b"bob", i32b(42)]),
        exe(ks, sel_in_pos, [i32b(1), i32b(2)]),
        exe(ks, sel_in_pos, [i32b(1)]),
    ]
    if V20:
        steps += [
            exe(ks, ins_named, [i32b(3), b"cat", i32b(23), i32b(0), long_(600)]),
            exe(ks, ins_named, [i32b(4), b"dan", i32b(54), i32b(-5), long_(600)]),
            prep(sel_in), prep(sel_lim),
            exe(ks, sel_in, [lst(1, 3, 9)]),
            exe(ks, sel_in, [lst()]),
            exe(ks, sel_lim, [i32b(2)]),
            exe(ks, sel_lim, [i32b(0)]),
            exe(ks, sel_lim, [b"\x00\x00\x01"]),
            cql("SELECT name, writetime(name) FROM users WHERE id = 3"),
            prep("SELECT * FROM users WHERE id = :id AND name = :id"),
            prep("UPDATE users SET age = :age WHERE id = ?"),
            prep("SELECT * FROM users WHERE id IN :ids"),
        ]
    else:
        steps += [prep(sel_in), prep(sel_lim),
                  prep("UPDATE users SET age = :age WHERE id = :id")]
    return steps


# ---------------------------------------------------------------- Astyanax composite keys
KEYCOMP = "CompositeType(UTF8Type,LongType)"
COLCOMP = "CompositeType(UTF8Type,Int32Type)"


@scenario("r_astyanax_compkeys", "19", "composite", keyspace_reset="r_axkeys")
def astyanax_compkeys():
    """An Astyanax app with AnnotatedCompositeSerializer row keys (tenant, bucket) and column
    names (field, version): the column family made by its keyspace.createColumnFamily
    options, rows written and read by multiget, a scan over tokens, a prefix slice, the same
    table read through CQL 3, a malformed composite key and name."""
    ks = "r_axkeys"
    cf = cf_def(ks, "Docs", comparator=COLCOMP, key_validation=KEYCOMP,
                default_validation="UTF8Type")
    k1 = comp("acme", long_(1))
    k2 = comp("acme", long_(2))
    k3 = comp("zeta", long_(1))
    muts = {}
    for k, tag in ((k1, "a1"), (k2, "a2"), (k3, "z1")):
        muts[k] = {"Docs": [ins(comp("body", i32b(v)), "%s-body-v%d" % (tag, v), 10 + v)
                            for v in range(1, 4)] +
                   [ins(comp("title", i32b(1)), "%s-title" % tag, 10)]}
    return [
        v19.describe_version().mask("0"),
        v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks),
        v19.batch_mutate(muts),
        v19.multiget_slice([k1, k2, comp("none", long_(0))], cparent("Docs"),
                           pred(start="", count=100)),
        v19.get_slice(k1, cparent("Docs"),
                      pred(start=comp("body"), finish=comp("body", eoc=1), count=2,
                           reversed=False)),
        v19.get_slice(k1, cparent("Docs"),
                      pred(start=comp("body", eoc=1), finish=comp("body"), count=1,
                           reversed=True)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.get_count(k2, cparent("Docs"), pred(start=comp("body"), finish=comp("body", eoc=1),
                                                count=100)),
        v19.multiget_count([k1, k3], cparent("Docs"), pred(start="", count=100)),
        cql("SELECT * FROM \"Docs\" WHERE key = 'acme:1'"),
        cql("SELECT column1, column2, value FROM \"Docs\" WHERE key = 0x%s AND column1 = 'body'"
            % k2.hex()),
        v19.remove(k2, cpath("Docs", col=comp("body", i32b(2))), 20),
        v19.get_slice(k2, cparent("Docs"), pred(start="", count=100)),
        # mistakes: a plain key, a name whose second component is 8 bytes
        v19.insert(b"acme", cparent("Docs"), column(comp("body", i32b(1)), "x", 30)),
        v19.insert(k1, cparent("Docs"), column(comp("body", long_(1)), "x", 30)),
        v19.insert(k1, cparent("Docs"), column(b"body", "x", 30)),
        v19.get_slice(k1, cparent("Docs"), pred(start=b"\x00\x04bo", count=10)),
    ]


# ---------------------------------------------------------------- OpenTSDB on Cassandra
def tsdb_key(metric, hour, tagv):
    return metric + _st.pack(">I", hour) + b"\x00\x00\x01" + tagv


def qual(delta, flags=0x7):
    return _st.pack(">H", (delta << 4) | flags)


@scenario("r_tsdb_asynccassandra", "19", "timeseries", keyspace_reset="tsdb")
def tsdb():
    """OpenTSDB 2.x on asynccassandra: the tsdb and tsdb-uid column families of BytesType,
    hourly rows of 2-byte qualifiers and 8-byte values, a query's scan over a key range (on
    Murmur3 the scanner's end key is refused), the newest point by a reversed slice, uid
    assignment by a counter, an hour's points deleted by name (a slice deletion refused)."""
    ks = "tsdb"
    cfs = [cf_def(ks, "t", comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType"),
           cf_def(ks, "tsdb-uid", comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType"),
           cf_def(ks, "tsdb-uidmax", comparator="UTF8Type", key_validation="BytesType",
                  default_validation="CounterColumnType")]
    m1 = b"\x00\x00\x01"
    h0 = 1367366400
    rows = {}
    for h in range(3):
        k = tsdb_key(m1, h0 + 3600 * h, b"\x00\x00\x02")
        rows[k] = {"t": [ins(qual(d * 60), long_(100 * h + d), 10) for d in range(0, 30)]}
    k0 = tsdb_key(m1, h0, b"\x00\x00\x02")
    k2 = tsdb_key(m1, h0 + 7200, b"\x00\x00\x02")
    return [
        v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks),
        # uid assignment: the counter, then the forward and reverse maps
        v19.add(b"metrics", cparent("tsdb-uidmax"), counter_column("max", 1)),
        v19.get(b"metrics", cpath("tsdb-uidmax", col="max")),
        v19.batch_mutate({b"sys.cpu.user": {"tsdb-uid": [ins(b"metrics", m1, 10)]},
                          m1: {"tsdb-uid": [ins(b"metrics", b"sys.cpu.user", 10)]}}),
        v19.get_slice(b"sys.cpu.user", cparent("tsdb-uid"), pred(names=[b"metrics"])),
        v19.batch_mutate(rows),
        v19.get_slice(k0, cparent("t"), pred(start=qual(300, 0), finish=qual(600, 0xf),
                                             count=100)),
        v19.get_slice(k2, cparent("t"), pred(start=b"", finish=b"", reversed=True, count=1)),
        v19.multiget_slice(list(rows), cparent("t"), pred(start=b"", count=2)),
        v19.multiget_count(list(rows), cparent("t"), pred(start=qual(0, 0), finish=qual(599),
                                                           count=1000)),
        # the scanner's key range (ordered keys assumed)
        v19.get_range_slices(cparent("t"), pred(start=b"", count=1),
                             key_range(start_key=m1 + b"\x00", end_key=m1 + b"\xff", count=100)),
        v19.get_range_slices(cparent("t"), pred(start=b"", count=1),
                             key_range(start_key=m1, end_key=b"", count=100)),
        v19.get_range_slices(cparent("t"), pred(start=b"", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=2)),
        # a compaction rewrite of an hour: the points deleted by name, one blob written
        v19.batch_mutate({k0: {"t": [mutation(deletion_=deletion(
            20, predicate=pred(names=[qual(d * 60) for d in range(0, 30)])))] +
            [ins(b"".join(qual(d * 60) for d in range(30)),
                 b"".join(long_(d) for d in range(30)), 20)]}}),
        v19.get_count(k0, cparent("t"), pred(start=b"", count=1000)),
        v19.batch_mutate({k2: {"t": [mutation(deletion_=deletion(
            21, predicate=pred(start=qual(0, 0), finish=qual(600), count=100)))]}}),
        v19.get_count(k2, cparent("t"), pred(start=b"", count=1000)),
        v19.add(b"metrics", cparent("tsdb-uidmax"), counter_column("max", 1)),
        v19.get(b"metrics", cpath("tsdb-uidmax", col="max")),
        v19.get_slice(b"tagk", cparent("tsdb-uid"), pred(start=b"", count=10)),
    ]


# ---------------------------------------------------------------- collections, read by Thrift
@scenario("r_profile_collections", "19", "cql3", keyspace_reset="r_prof")
def profile_collections():
    """A profile store on collections: set additions and removals, map merges, entry updates
    and deletions, list appends, prepends, setting and deleting by index, each USING TIMESTAMP;
    read back by CQL 3 and by a legacy reader's get_slice over the set's and map's composite
    cells; the mistakes of an index out of range and a collection where a scalar goes."""
    ks = "r_prof"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE profiles (u text PRIMARY KEY, emails set<text>, prefs map<text, int>, "
            "tags list<text>, nick text)"),
        cql("INSERT INTO profiles (u, emails, prefs, tags, nick) VALUES ('ann', "
            "{'a@x.org', 'ann@y.com'}, {'fontsize': 12, 'theme': 1}, ['red', 'blue'], 'annie') "
            "USING TIMESTAMP 1000"),
        cql("UPDATE profiles USING TIMESTAMP 1001 SET emails = emails + {'c@z.net'} "
            "WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1002 SET emails = emails - {'a@x.org'} "
            "WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1003 SET prefs = prefs + {'lang': 7, 'theme': 2} "
            "WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1004 SET prefs['fontsize'] = 14 WHERE u = 'ann'"),
        cql("DELETE prefs['lang'] FROM profiles USING TIMESTAMP 1005 WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1006 SET tags = tags + ['green'] WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1007 SET tags[0] = 'crimson' WHERE u = 'ann'"),
        cql("SELECT emails, prefs, tags, nick FROM profiles WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1008 SET tags = tags - ['blue'] WHERE u = 'ann'"),
        cql("SELECT tags FROM profiles WHERE u = 'ann'"),
        cql("DELETE tags[0] FROM profiles USING TIMESTAMP 1009 WHERE u = 'ann'"),
        cql("SELECT tags FROM profiles WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1010 SET tags = ['first'] + tags WHERE u = 'bob'"),
        cql("SELECT u, tags, emails FROM profiles WHERE u = 'bob'"),
        # a legacy Thrift reader over the set's and map's cells
        v19.get_slice(b"ann", cparent("profiles"),
                      pred(start=comp("emails"), finish=comp("emails", eoc=1), count=100)),
        v19.get_slice(b"ann", cparent("profiles"),
                      pred(start=comp("prefs"), finish=comp("prefs", eoc=1), count=100)),
        v19.get_count(b"ann", cparent("profiles"),
                      pred(start=comp("emails"), finish=comp("prefs", eoc=1), count=100)),
        v19.get_slice(b"ann", cparent("profiles"),
                      pred(names=[comp("nick"), comp("prefs", "theme")])),
        # mistakes
        cql("UPDATE profiles USING TIMESTAMP 1011 SET tags[9] = 'x' WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1011 SET nick = nick + {'x'} WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1011 SET prefs = prefs + {'x': 'y'} "
            "WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1011 SET emails = emails + ['l@x'] WHERE u = 'ann'"),
        cql("SELECT emails FROM profiles WHERE u = 'ann' AND emails = {'c@z.net'}"),
        cql("DELETE emails['c@z.net'] FROM profiles WHERE u = 'ann'"),
        cql("UPDATE profiles USING TIMESTAMP 1012 SET emails = {} WHERE u = 'ann'"),
        cql("SELECT emails, prefs FROM profiles WHERE u = 'ann'"),
    ]
    return steps


# ---------------------------------------------------------------- batches with timestamps
@scenario("r_batch_timestamps", "19", "batch", keyspace_reset="r_bat")
def batch_timestamps():
    """An order service's batches: a logged batch USING TIMESTAMP over two COMPACT tables, its
    TTL'd insert read by Thrift (the ttl field), a later batch shadowed by the earlier
    timestamp, counter batches, and the mistakes of a timestamp on both the batch and a
    statement, a counter in a logged batch, a batch USING TTL."""
    ks = "r_bat"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id text PRIMARY KEY, status text, total int) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE order_lines (id text, line int, sku text, PRIMARY KEY (id, line)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE order_counts (day text PRIMARY KEY, n counter) WITH COMPACT STORAGE"),
        cql("BEGIN BATCH USING TIMESTAMP 5000 "
            "INSERT INTO orders (id, status, total) VALUES ('o1', 'new', 30); "
            "INSERT INTO order_lines (id, line, sku) VALUES ('o1', 1, 'sku-9'); "
            "INSERT INTO order_lines (id, line, sku) VALUES ('o1', 2, 'sku-7') USING TTL 86400; "
            "UPDATE orders SET status = 'paid' WHERE id = 'o2' "
            "APPLY BATCH"),
        cql("SELECT id, status, total, writetime(status) FROM orders WHERE id IN ('o1', 'o2')"),
        v19.get_slice(b"o1", cparent("order_lines"), pred(start="", count=10)),
        cql("BEGIN BATCH USING TIMESTAMP 4000 UPDATE orders SET status = 'stale' WHERE id = 'o1';"
            " DELETE FROM order_lines WHERE id = 'o1' AND line = 1 APPLY BATCH"),
        cql("SELECT status FROM orders WHERE id = 'o1'"),
        cql("SELECT line, sku FROM order_lines WHERE id = 'o1'"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 6000 DELETE status FROM orders WHERE id = 'o1';"
            " INSERT INTO orders (id, total) VALUES ('o3', 5) APPLY BATCH"),
        cql("SELECT id, status, total FROM orders WHERE id IN ('o1', 'o3')"),
        cql("BEGIN COUNTER BATCH UPDATE order_counts SET n = n + 2 WHERE day = 'mon'; "
            "UPDATE order_counts SET n = n + 3 WHERE day = 'tue'; "
            "UPDATE order_counts SET n = n - 1 WHERE day = 'mon' APPLY BATCH"),
        cql("SELECT day, n FROM order_counts WHERE day IN ('mon', 'tue')"),
        v19.get(b"mon", cpath("order_counts", col="n")),
        # mistakes
        cql("BEGIN BATCH USING TIMESTAMP 7000 INSERT INTO orders (id, status) VALUES ('o4', 'x') "
            "USING TIMESTAMP 7001 APPLY BATCH"),
        cql("BEGIN BATCH UPDATE order_counts SET n = n + 1 WHERE day = 'wed' APPLY BATCH"),
        cql("BEGIN COUNTER BATCH INSERT INTO orders (id, status) VALUES ('o5', 'x') APPLY BATCH"),
        cql("BEGIN BATCH USING TTL 60 INSERT INTO orders (id, status) VALUES ('o6', 'x') "
            "APPLY BATCH"),
        cql("BEGIN BATCH SELECT * FROM orders APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO orders (id, status) VALUES ('o7', 'x') USING TIMESTAMP 7000;"
            " INSERT INTO orders (id, status) VALUES ('o7', 'y') USING TIMESTAMP 7000 "
            "APPLY BATCH"),
        cql("SELECT status FROM orders WHERE id = 'o7'"),
    ]
    return steps


# ---------------------------------------------------------------- deletes of ranges
@scenario("r_range_deletes", "19", "cql3", keyspace_reset="r_del")
def range_deletes():
    """A message store's deletes: one cell, one row, a whole partition (and writes before and
    after its timestamp), several partitions by IN, a Thrift remove of a row of a CQL table;
    the mistakes of a clustering range, a missing partition key, a DELETE without WHERE."""
    ks = "r_del"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE msgs (box text, seq int, body text, flag boolean, "
                 "PRIMARY KEY (box, seq))")]
    for box in ("a", "b", "c"):
        for s in range(1, 6):
            steps.append(cql("INSERT INTO msgs (box, seq, body, flag) VALUES ('%s', %d, "
                             "'m%s%d', true) USING TIMESTAMP 100" % (box, s, box, s)))
    steps += [
        cql("DELETE body FROM msgs USING TIMESTAMP 200 WHERE box = 'a' AND seq = 1"),
        cql("DELETE FROM msgs USING TIMESTAMP 200 WHERE box = 'a' AND seq = 2"),
        cql("SELECT seq, body, flag FROM msgs WHERE box = 'a'"),
        cql("DELETE FROM msgs USING TIMESTAMP 300 WHERE box = 'b'"),
        cql("INSERT INTO msgs (box, seq, body) VALUES ('b', 9, 'old') USING TIMESTAMP 250"),
        cql("INSERT INTO msgs (box, seq, body) VALUES ('b', 10, 'new') USING TIMESTAMP 350"),
        cql("SELECT seq, body, flag FROM msgs WHERE box = 'b'"),
        cql("DELETE flag FROM msgs USING TIMESTAMP 400 WHERE box IN ('a', 'c') AND seq = 5"),
        cql("SELECT box, seq, flag FROM msgs WHERE box IN ('a', 'c') AND seq = 5"),
        cql("DELETE FROM msgs USING TIMESTAMP 400 WHERE box IN ('c')"),
        cql("SELECT COUNT(*) FROM msgs WHERE box = 'c'"),
        v19.remove(b"a", cpath("msgs"), 500),
        cql("SELECT COUNT(*) FROM msgs WHERE box = 'a'"),
        # mistakes
        cql("DELETE FROM msgs WHERE box = 'b' AND seq > 5"),
        cql("DELETE FROM msgs WHERE box = 'b' AND seq >= 1 AND seq <= 3"),
        cql("DELETE FROM msgs WHERE seq = 3"),
        cql("DELETE FROM msgs"),
        cql("DELETE body FROM msgs WHERE box = 'b'"),
        cql("DELETE seq FROM msgs WHERE box = 'b' AND seq = 10"),
        cql("DELETE FROM msgs USING TTL 10 WHERE box = 'b'"),
        cql("DELETE FROM msgs WHERE box = 'b' AND body = 'new'"),
        cql("SELECT seq, body FROM msgs WHERE box = 'b'"),
    ]
    return steps


# ---------------------------------------------------------------- a report tool's SELECTs
@scenario("r_report_selects", "19", "cql3", keyspace_reset="r_rep")
def report_selects():
    """A reporting tool's queries over a sensor table of (sensor, day) partitions and a
    two-level clustering: IN on partition key parts, IN on the last clustering column with
    ORDER BY, paging by the last clustering value, DISTINCT keys, COUNT with LIMIT, token
    order; the refused shapes it met along the way."""
    ks = "r_rep"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE readings (sensor text, day int, hour int, minute int, val double, "
                 "PRIMARY KEY ((sensor, day), hour, minute))")]
    for s in ("s1", "s2"):
        for d in (1, 2):
            for h in (0, 1, 2):
                for m in (0, 30):
                    steps.append(cql("INSERT INTO readings (sensor, day, hour, minute, val) "
                                     "VALUES ('%s', %d, %d, %d, %s) USING TIMESTAMP 10"
                                     % (s, d, h, m, h * 60 + m + d / 4)))
    steps += [
        cql("SELECT hour, minute, val FROM readings WHERE sensor = 's1' AND day = 1"),
        cql("SELECT hour, minute, val FROM readings WHERE sensor = 's1' AND day = 1 "
            "ORDER BY hour DESC"),
        cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 1 AND hour = 1 "
            "AND minute IN (30, 0, 15)"),
        cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 1 AND hour IN (2, 0)"),
        cql("SELECT sensor, day, hour FROM readings WHERE sensor = 's2' AND day IN (2, 1) "
            "AND hour = 2 AND minute = 0"),
        cql("SELECT hour, minute FROM readings WHERE sensor IN ('s1', 's2') AND day = 2 "
            "AND hour = 1"),
        cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 2 AND hour >= 1 "
            "LIMIT 3"),
        cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 2 AND hour = 1 "
            "AND minute > 0 LIMIT 3"),
        cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 2 AND hour > 1 "
            "LIMIT 3"),
        cql("SELECT COUNT(*) FROM readings WHERE sensor = 's2' AND day = 1 LIMIT 2"),
        cql("SELECT sensor, day, hour, minute FROM readings LIMIT 4"),
        cql("SELECT token(sensor, day), sensor, day FROM readings WHERE sensor = 's1' "
            "AND day = 1 LIMIT 1"),
        # refused shapes
        cql("SELECT * FROM readings WHERE sensor = 's1'"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 AND minute = 0"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 AND hour > 0 AND "
            "minute > 0"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 ORDER BY minute DESC"),
        cql("SELECT * FROM readings WHERE sensor IN ('s1', 's2') AND day = 1 ORDER BY hour"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 AND val > 3"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 LIMIT 0"),
    ]
    if V20:
        steps += [
            cql("SELECT DISTINCT sensor, day FROM readings"),
            cql("SELECT DISTINCT sensor FROM readings"),
            cql("SELECT DISTINCT sensor, day, hour FROM readings"),
            cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 2 "
                "AND (hour, minute) > (1, 0) LIMIT 3"),
            cql("SELECT hour, minute FROM readings WHERE sensor = 's1' AND day = 2 "
                "AND (hour, minute) IN ((0, 30), (2, 0))"),
            cql("SELECT * FROM readings WHERE sensor = 's1' AND day = 1 AND val > 3 "
                "ALLOW FILTERING"),
        ]
    return steps


# ---------------------------------------------------------------- a driver's catalogue reads
@scenario("r_driver_catalog", "19", "describe", keyspace_reset="r_cat")
def driver_catalog():
    """A driver's control connection over Thrift: system.local and system.peers, then the
    schema tables filtered by keyspace (keyspaces, column families, columns) with the columns
    the driver's metadata parser read; describe calls beside them."""
    ks = "r_cat"
    cf_cols = ("keyspace_name, columnfamily_name, comparator, default_validator, key_validator,"
               " gc_grace_seconds, comment, min_compaction_threshold, max_compaction_threshold,"
               " compaction_strategy_class, compression_parameters, bloom_filter_fp_chance, "
               "caching, read_repair_chance, local_read_repair_chance, type, subcomparator")
    col_cols = "columnfamily_name, column_name, component_index, validator, index_type, index_name"
    if V20:
        col_cols += ", type"
        cf_cols += ", default_time_to_live, speculative_retry, memtable_flush_period_in_ms"
    return [
        cql("SELECT cluster_name, partitioner, data_center, rack, release_version, "
            "cql_version, thrift_version FROM system.local WHERE key = 'local'"),
        cql("SELECT peer, data_center, rack, rpc_address FROM system.peers"),
        ks_cql(ks),
        cql("CREATE TABLE r_cat.users (id uuid PRIMARY KEY, email text, age int) "
            "WITH comment = 'app users' AND gc_grace_seconds = 3600"),
        cql("CREATE TABLE r_cat.events (u uuid, at timestamp, kind text, PRIMARY KEY (u, at)) "
            "WITH CLUSTERING ORDER BY (at DESC)"),
        cql("CREATE INDEX users_email ON r_cat.users (email)"),
        cql("CREATE TABLE r_cat.legacy (k text PRIMARY KEY, v blob) WITH COMPACT STORAGE"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
            "FROM system.schema_keyspaces WHERE keyspace_name = 'r_cat'"),
        cql("SELECT %s FROM system.schema_columnfamilies WHERE keyspace_name = 'r_cat'" % cf_cols),
        cql("SELECT %s FROM system.schema_columns WHERE keyspace_name = 'r_cat' "
            "AND columnfamily_name = 'events'" % col_cols),
        cql("SELECT %s FROM system.schema_columns WHERE keyspace_name = 'r_cat' "
            "AND columnfamily_name = 'users'" % col_cols),
        cql("SELECT %s FROM system.schema_columns WHERE keyspace_name = 'r_cat' "
            "AND columnfamily_name = 'legacy'" % col_cols),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'r_cat' AND columnfamily_name = 'nope'"),
        cql("SELECT keyspace_name FROM system.schema_keyspaces WHERE keyspace_name = 'r_nope'"),
        cql("SELECT * FROM system.local WHERE key = 'remote'"),
        cql("SELECT bogus FROM system.local"),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- user admin without auth
@scenario("r_user_admin", "19", "auth", keyspace_reset="r_users")
def user_admin():
    """A provisioning script run against a node with the stock AllowAllAuthenticator and
    AllowAllAuthorizer: login with credentials, CREATE USER, LIST USERS, GRANT, LIST
    PERMISSIONS, ALTER USER, REVOKE, DROP USER (and 2.2's roles)."""
    ks = "r_users"
    steps = [
        ks_cql(ks),
        v19.login({"username": "app", "password": "secret"}),
        cql("CREATE USER app WITH PASSWORD 'secret' NOSUPERUSER"),
        cql("LIST USERS"),
        cql("GRANT SELECT ON KEYSPACE r_users TO app"),
        cql("GRANT ALL PERMISSIONS ON ALL KEYSPACES TO app"),
        cql("LIST ALL PERMISSIONS OF app"),
        cql("LIST ALL PERMISSIONS"),
        cql("REVOKE SELECT ON KEYSPACE r_users FROM app"),
        cql("ALTER USER app WITH PASSWORD 'other'"),
        cql("DROP USER app"),
        cql("CREATE USER 'quoted user' WITH PASSWORD 'x' SUPERUSER"),
        cql("GRANT SELECT ON TABLE r_users.nosuch TO app"),
        cql("GRANT FLY ON KEYSPACE r_users TO app"),
        cql("CREATE USER"),
        cql("SELECT name, super FROM system_auth.users"),
    ]
    if V20:
        steps += [cql("CREATE USER IF NOT EXISTS app WITH PASSWORD 'x'"),
                  cql("DROP USER IF EXISTS app")]
    if V22:
        steps += [cql("CREATE ROLE ops WITH PASSWORD = 'x' AND LOGIN = true"),
                  cql("LIST ROLES"),
                  cql("GRANT ops TO app"),
                  cql("DROP ROLE IF EXISTS ops")]
    return steps


# ---------------------------------------------------------------- index variants
@scenario("r_index_variants", "19", "index", keyspace_reset="r_idx")
def index_variants():
    """An app indexing what each release allowed: a regular column, a clustering column, a
    part of a composite partition key, a set, a map's keys and values; queries by each, index
    names taken twice, DROP INDEX (IF EXISTS)."""
    ks = "r_idx"
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE posts (blog text, year int, id int, author text, "
                 "tags set<text>, meta map<text, text>, PRIMARY KEY ((blog, year), id))"),
             # indexes first: one built over written rows answers late (an asynchronous build)
             cql("CREATE INDEX posts_author ON posts (author)"),
             cql("CREATE INDEX posts_author2 ON posts (author)"),
             cql("CREATE INDEX posts_author ON posts (id)"),
             cql("CREATE INDEX ON posts (id)"),
             cql("CREATE INDEX ON posts (year)"),
             cql("CREATE INDEX ON posts (tags)"),
             cql("CREATE INDEX ON posts (KEYS(meta))"),
             cql("CREATE INDEX meta_vals ON posts (meta)")]
    for i in range(1, 7):
        steps.append(cql("INSERT INTO posts (blog, year, id, author, tags, meta) VALUES "
                         "('b%d', %d, %d, '%s', {'t%d', 'all'}, {'lang': '%s'}) "
                         "USING TIMESTAMP 10" % (i % 2, 2012 + i % 3, i, "ann" if i < 4 else
                                                 "bob", i, "en" if i % 2 else "fr")))
    steps += [
        cql("SELECT blog, year, id FROM posts WHERE author = 'bob'"),
        cql("SELECT blog, year, id FROM posts WHERE id = 3"),
        cql("SELECT blog, id FROM posts WHERE year = 2013"),
        cql("SELECT id FROM posts WHERE tags CONTAINS 'all'"),
        cql("SELECT id FROM posts WHERE meta CONTAINS KEY 'lang'"),
        cql("SELECT id FROM posts WHERE meta CONTAINS 'fr'"),
        cql("SELECT id FROM posts WHERE author = 'ann' AND id > 1 ALLOW FILTERING"),
        cql("DROP INDEX posts_author"),
        cql("DROP INDEX posts_author"),
        cql("SELECT id FROM posts WHERE author = 'ann'"),
        cql("CREATE INDEX ON posts (blog)"),
        cql("DROP INDEX r_idx.nosuch"),
    ]
    if V20:
        steps += [cql("DROP INDEX IF EXISTS posts_author"),
                  cql("CREATE INDEX IF NOT EXISTS posts_author ON posts (author)"),
                  cql("CREATE INDEX IF NOT EXISTS posts_author ON posts (author)")]
    return steps


# ---------------------------------------------------------------- counters by CQL and Thrift
@scenario("r_counter_pages", "19", "counter", keyspace_reset="r_cnt")
def counter_pages():
    """Page view counters: a COMPACT counter table written by CQL and read by Thrift
    (get_slice of counter columns, get_counter via get), a CQL 3 counter table of clustering
    rows; the mistakes of setting a counter, inserting into it, a counter in a plain table."""
    ks = "r_cnt"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE hits (page text, day text, n counter, PRIMARY KEY (page, day)) "
            "WITH COMPACT STORAGE"),
        cql("CREATE TABLE stats (page text PRIMARY KEY, views counter, likes counter)"),
        cql("UPDATE hits SET n = n + 5 WHERE page = '/home' AND day = '2013-05-01'"),
        cql("UPDATE hits SET n = n + 2 WHERE page = '/home' AND day = '2013-05-02'"),
        cql("UPDATE hits SET n = n - 1 WHERE page = '/home' AND day = '2013-05-01'"),
        cql("UPDATE stats SET views = views + 10, likes = likes + 1 WHERE page = '/home'"),
        cql("UPDATE stats SET views = views + -3 WHERE page = '/home'"),
        cql("SELECT day, n FROM hits WHERE page = '/home'"),
        cql("SELECT views, likes FROM stats WHERE page = '/home'"),
        v19.get_slice(b"/home", cparent("hits"), pred(start="", count=10)),
        v19.get(b"/home", cpath("hits", col="2013-05-02")),
        v19.add(b"/home", cparent("hits"), counter_column("2013-05-03", 4)),
        cql("SELECT day, n FROM hits WHERE page = '/home' AND day >= '2013-05-02'"),
        cql("SELECT COUNT(*) FROM hits WHERE page = '/home'"),
        # mistakes
        cql("UPDATE stats SET views = 5 WHERE page = '/home'"),
        cql("INSERT INTO stats (page, views) VALUES ('/about', 1)"),
        cql("UPDATE stats SET views = views + 1.5 WHERE page = '/home'"),
        cql("UPDATE stats SET views = likes + 1 WHERE page = '/home'"),
        cql("UPDATE stats USING TTL 10 SET views = views + 1 WHERE page = '/home'"),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, c counter, v text)"),
        cql("CREATE TABLE plainc (k counter PRIMARY KEY, v counter)"),
        cql("ALTER TABLE stats ADD shares int"),
        cql("SELECT views FROM stats WHERE page = '/none'"),
    ]


# ---------------------------------------------------------------- cassandra-jdbc binds
@scenario("r_jdbc_sizes", "19", "cql3", keyspace_reset="r_jdbc")
def jdbc_sizes():
    """cassandra-jdbc's PreparedStatement on a table of every scalar type: good values, setNull
    sent as an empty value, setters of the wrong width (setLong on an int, setInt on a bigint),
    bad UUIDs and inets, too few and too many values, an unknown statement id."""
    ks = "r_jdbc"
    q = ("INSERT INTO t (k, i, l, d, f, bo, u, tu, ts, ip, vi, de) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP 100")
    sel = "SELECT i, l, d, f, bo, u, tu, ts, ip, vi, de FROM t WHERE k = ?"
    u4 = _uuid.UUID("6a1b2c3d-1111-4222-8333-444455556666").bytes
    u1 = tuuid(T0).bytes

    def row(k, **kw):
        vals = {"i": i32b(7), "l": long_(7), "d": dbl(1.5), "f": _st.pack(">f", 2.5),
                "bo": b"\x01", "u": u4, "tu": u1, "ts": long_(T0), "ip": bytes([10, 0, 0, 1]),
                "vi": b"\x01\x00", "de": i32b(2) + b"\x30\x39"}
        vals.update(kw)
        return [k.encode()] + [vals[c] for c in ("i", "l", "d", "f", "bo", "u", "tu", "ts",
                                                  "ip", "vi", "de")]
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE t (k text PRIMARY KEY, i int, l bigint, d double, f float, bo boolean,"
            " u uuid, tu timeuuid, ts timestamp, ip inet, vi varint, de decimal)"),
        prep(q), prep(sel),
        exe(ks, q, row("good")),
        exe(ks, sel, [b"good"]),
        exe(ks, q, row("nulls", i=b"", l=b"", d=b"", bo=b"", u=b"", ip=b"", vi=b"", de=b"")),
        exe(ks, sel, [b"nulls"]),
        exe(ks, q, row("ipv6", ip=bytes(15) + b"\x01")),
        exe(ks, sel, [b"ipv6"]),
        exe(ks, q, row("wide", i=long_(7))),
        exe(ks, q, row("narrow", l=i32b(7))),
        exe(ks, q, row("dbl", d=_st.pack(">f", 1.5))),
        exe(ks, q, row("flt", f=dbl(2.5))),
        exe(ks, q, row("bool", bo=b"\x00\x01")),
        exe(ks, q, row("uuid", u=u4[:10])),
        exe(ks, q, row("tuuid", tu=u4)),
        exe(ks, q, row("ts", ts=i32b(5))),
        exe(ks, q, row("inet", ip=b"\x0a\x00\x00")),
        exe(ks, q, row("dec", de=b"\x00\x01")),
        exe(ks, q, row("few")[:5]),
        exe(ks, q, row("many") + [b"x"]),
        exe(ks, sel, [b""]),
        exe(ks, sel, [b"nope"]),
        v19.execute_prepared_cql3_query(12345, [b"good"]),
        cql("SELECT k FROM t"),
    ]


# ---------------------------------------------------------------- quoted names
@scenario("r_quoted_names", "19", "cql3", keyspace_reset="RQuoted")
def quoted_names():
    """An app generated from Java classes keeping their case: a quoted mixed-case keyspace,
    table and columns (a space, a reserved word, a doubled quote), read by CQL with and
    without the quotes, by Thrift under the case-sensitive names, described."""
    ks = "RQuoted"
    return [
        cql('CREATE KEYSPACE "RQuoted" WITH replication = {\'class\': \'SimpleStrategy\', '
            '\'replication_factor\': 1}'),
        cql('USE "RQuoted"'),
        cql('CREATE TABLE "UserEvents" ("UserId" text, "Seq" int, "first name" text, '
            '"select" int, "a""b" text, PRIMARY KEY ("UserId", "Seq"))'),
        cql('INSERT INTO "UserEvents" ("UserId", "Seq", "first name", "select", "a""b") '
            "VALUES ('u1', 1, 'Ann', 5, 'q') USING TIMESTAMP 10"),
        cql('SELECT "UserId", "Seq", "first name", "select", "a""b" FROM "UserEvents"'),
        cql('SELECT * FROM "RQuoted"."UserEvents" WHERE "UserId" = \'u1\''),
        cql("SELECT * FROM UserEvents"),
        cql('SELECT UserId FROM "UserEvents"'),
        cql('SELECT "userid" FROM "UserEvents"'),
        cql('SELECT * FROM "UserEvents" WHERE UserId = \'u1\''),
        cql("USE RQuoted"),
        v19.set_keyspace(ks),
        v19.get_slice(b"u1", cparent("UserEvents"), pred(start="", count=10)),
        v19.get_slice(b"u1", cparent("userevents"), pred(start="", count=10)),
        cql('ALTER TABLE "UserEvents" ADD "LastSeen" timestamp'),
        cql('UPDATE "UserEvents" USING TIMESTAMP 20 SET "LastSeen" = 1367366400000 '
            "WHERE \"UserId\" = 'u1' AND \"Seq\" = 1"),
        cql('SELECT "LastSeen" FROM "UserEvents" WHERE "UserId" = \'u1\''),
        cql('CREATE TABLE "UserEvents" (k int PRIMARY KEY)'),
        cql('CREATE TABLE userevents (k int PRIMARY KEY)'),
        cql('SELECT * FROM userevents'),
        cql('CREATE TABLE "bad-name" (k int PRIMARY KEY)'),
        cql('CREATE TABLE "" (k int PRIMARY KEY)'),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- keyspace administration
@scenario("r_ks_admin", "19", "schema", keyspace_reset="r_adm")
def ks_admin():
    """An operator's keyspace script in CQL: NetworkTopologyStrategy on the single data
    center, ALTER KEYSPACE of the replication and durable_writes, read back by Thrift; the
    mistakes of a missing or unknown option, an unknown class, a bad name, an existing
    keyspace."""
    ks = "r_adm"
    steps = [
        cql("CREATE KEYSPACE r_adm WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'datacenter1': 1}"),
        v19.describe_keyspace(ks),
        cql("ALTER KEYSPACE r_adm WITH durable_writes = false"),
        cql("ALTER KEYSPACE r_adm WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 2} AND durable_writes = true"),
        v19.describe_keyspace(ks),
        cql("SELECT durable_writes, strategy_class, strategy_options FROM "
            "system.schema_keyspaces WHERE keyspace_name = 'r_adm'"),
        cql("ALTER KEYSPACE r_adm WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'datacenter1': 1, 'dc2': 2}"),
        v19.describe_keyspace(ks),
        # mistakes
        cql("CREATE KEYSPACE r_adm WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}"),
        cql("CREATE KEYSPACE r_adm2 WITH replication = {'class': 'SimpleStrategy'}"),
        cql("CREATE KEYSPACE r_adm2 WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1, 'foo': 'bar'}"),
        cql("CREATE KEYSPACE r_adm2 WITH replication = {'class': 'NoSuchStrategy'}"),
        cql("CREATE KEYSPACE r_adm2 WITH replication = {'replication_factor': 1}"),
        cql("CREATE KEYSPACE r_adm2 WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 'two'}"),
        cql("CREATE KEYSPACE \"r-adm\" WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}"),
        cql("CREATE KEYSPACE r_adm2 WITH durable_writes = false"),
        cql("ALTER KEYSPACE r_nope WITH durable_writes = false"),
        cql("ALTER KEYSPACE r_adm WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'datacenter1': -1}"),
        cql("DROP KEYSPACE r_nope"),
        cql("ALTER KEYSPACE system WITH durable_writes = false"),
        v19.describe_keyspace(ks),
    ]
    if V20:
        steps += [cql("CREATE KEYSPACE IF NOT EXISTS r_adm WITH replication = "
                      "{'class': 'SimpleStrategy', 'replication_factor': 1}"),
                  cql("DROP KEYSPACE IF EXISTS r_nope")]
    return steps


# ---------------------------------------------------------------- default TTL seen by Thrift
@scenario("r_default_ttl", "19", "ttl", keyspace_reset="r_ttl")
def default_ttl():
    """A cache table with a default_time_to_live (2.0): CQL writes with and without TTL, a
    Thrift insert without one, read by Thrift (the ttl field) and the ALTER of the default;
    on 1.2 the property is unknown and the app sets TTLs itself."""
    ks = "r_ttl"
    prop = " WITH COMPACT STORAGE AND default_time_to_live = 3600" if V20 else \
        " WITH COMPACT STORAGE"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE cache (k text, c text, v text, PRIMARY KEY (k, c))" + prop),
        cql("INSERT INTO cache (k, c, v) VALUES ('a', 'x', '1') USING TIMESTAMP 10"),
        cql("INSERT INTO cache (k, c, v) VALUES ('a', 'y', '2') USING TTL 60 AND TIMESTAMP 10"),
        cql("INSERT INTO cache (k, c, v) VALUES ('a', 'z', '3') USING TTL 0 AND TIMESTAMP 10"),
        v19.insert(b"a", cparent("cache"), column("w", "4", 10)),
        v19.insert(b"a", cparent("cache"), column("v", "5", 10, ttl=120)),
        v19.get_slice(b"a", cparent("cache"), pred(start="", count=10)),
        cql("ALTER TABLE cache WITH default_time_to_live = 7200"),
        cql("UPDATE cache USING TIMESTAMP 11 SET v = '6' WHERE k = 'a' AND c = 'x'"),
        v19.get(b"a", cpath("cache", col="x")),
        v19.describe_keyspace(ks),
        cql("ALTER TABLE cache WITH default_time_to_live = -1"),
        cql("INSERT INTO cache (k, c, v) VALUES ('a', 'q', '1') USING TTL -5"),
        cql("INSERT INTO cache (k, c, v) VALUES ('a', 'q', '1') USING TTL 700000000"),
    ]
    return steps


# ---------------------------------------------------------------- ALTER TABLE types and options
@scenario("r_alter_types", "19", "schema", keyspace_reset="r_alt")
def alter_types():
    """A schema migration tool's ALTER TABLE steps: type changes each release allowed or not
    (int to varint, text to blob, blob to text, a clustering column's type), ADD of a name
    taken, DROP and RENAME of key and non-key columns, compaction and compression maps with
    good and bad options, read back by SELECT."""
    ks = "r_alt"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE acct (id int, at int, amount int, note text, raw blob, "
            "PRIMARY KEY (id, at))"),
        cql("INSERT INTO acct (id, at, amount, note, raw) VALUES (1, 1, 100, 'hi', 0x00ff) "
            "USING TIMESTAMP 10"),
        cql("ALTER TABLE acct ALTER amount TYPE varint"),
        cql("ALTER TABLE acct ALTER note TYPE blob"),
        cql("ALTER TABLE acct ALTER raw TYPE text"),
        cql("ALTER TABLE acct ALTER at TYPE bigint"),
        cql("ALTER TABLE acct ALTER id TYPE blob"),
        cql("ALTER TABLE acct ALTER nosuch TYPE int"),
        cql("SELECT id, at, amount, note, raw FROM acct WHERE id = 1"),
        cql("ALTER TABLE acct ADD note text"),
        cql("ALTER TABLE acct ADD id int"),
        cql("ALTER TABLE acct ADD memo text"),
        cql("ALTER TABLE acct RENAME at TO at_day"),
        cql("ALTER TABLE acct RENAME memo TO memo2"),
        cql("ALTER TABLE acct RENAME id TO at_day"),
        cql("ALTER TABLE acct DROP id"),
        cql("ALTER TABLE acct DROP memo"),
        cql("SELECT * FROM acct WHERE id = 1"),
        cql("ALTER TABLE acct WITH compaction = {'class': 'LeveledCompactionStrategy', "
            "'sstable_size_in_mb': 64}"),
        cql("ALTER TABLE acct WITH compaction = {'class': 'SizeTieredCompactionStrategy', "
            "'min_threshold': 6, 'bogus_option': 1}"),
        cql("ALTER TABLE acct WITH compaction = {'class': 'SizeTieredCompactionStrategy', "
            "'min_threshold': 6}"),
        cql("ALTER TABLE acct WITH compression = {'sstable_compression': 'DeflateCompressor', "
            "'chunk_length_kb': 128}"),
        cql("ALTER TABLE acct WITH compression = {'sstable_compression': 'SnappyCompressor', "
            "'chunk_length_kb': 100}"),
        cql("ALTER TABLE acct WITH compression = {'sstable_compression': ''}"),
        cql("ALTER TABLE acct WITH compaction = {'min_threshold': 4}"),
        cql("ALTER TABLE acct WITH gc_grace_seconds = 100 AND comment = 'ledger' AND "
            "read_repair_chance = 0.5"),
        cql("SELECT comment, gc_grace_seconds, read_repair_chance, compaction_strategy_class, "
            "compaction_strategy_options, compression_parameters FROM "
            "system.schema_columnfamilies WHERE keyspace_name = 'r_alt' AND "
            "columnfamily_name = 'acct'"),
        cql("ALTER TABLE nosuch ADD x int"),
        cql("ALTER TABLE acct WITH nosuch_prop = 1"),
    ]
    return steps


# ---------------------------------------------------------------- Thrift into CQL 3 tables
@scenario("r_thrift_into_cql", "19", "migrate", keyspace_reset="r_mix")
def thrift_into_cql():
    """A legacy import job writing Thrift mutations into tables made by CQL 3: a COMPACT table
    of one clustering column, a non-compact table's composite cells (a regular column, the row
    marker, a column the table lacks), read back both ways; scans and counts by Thrift."""
    ks = "r_mix"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE kv (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE people (id text PRIMARY KEY, name text, age int)"),
        v19.batch_mutate({b"p1": {"kv": [ins(i32b(1), "one", 10), ins(i32b(2), "two", 10)]},
                          b"p2": {"kv": [ins(i32b(3), "three", 10)]}}),
        cql("SELECT k, c, v FROM kv"),
        v19.batch_mutate({b"u1": {"people": [ins(comp("name"), "Ann", 10),
                                             ins(comp("age"), i32b(31), 10),
                                             ins(comp(""), b"", 10)]},
                          b"u2": {"people": [ins(comp("name"), "Bob", 10)]}}),
        cql("SELECT id, name, age FROM people"),
        v19.get_slice(b"u1", cparent("people"), pred(start="", count=10)),
        v19.get_range_slices(cparent("people"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count(b"u1", cparent("people"), pred(start="", count=10)),
        cql("UPDATE people USING TIMESTAMP 20 SET age = 32 WHERE id = 'u1'"),
        v19.get(b"u1", cpath("people", col=comp("age"))),
        v19.remove(b"u2", cpath("people", col=comp("name")), 30),
        cql("SELECT id, name, age FROM people"),
        # mistakes: a column the table lacks, a plain name, a value of the wrong type
        v19.insert(b"u3", cparent("people"), column(comp("email"), "x@y", 40)),
        v19.insert(b"u3", cparent("people"), column(b"name", "x", 40)),
        v19.insert(b"u3", cparent("people"), column(comp("age"), "old", 40)),
        v19.insert(b"p3", cparent("kv"), column(b"\x00\x01", "x", 40)),
        v19.get_slice(b"p1", cparent("kv"), pred(start=i32b(2), count=10)),
        cql("SELECT id, name, age FROM people WHERE id = 'u3'"),
        v19.describe_keyspace(ks),
    ]


# ---------------------------------------------------------------- a client of a later IDL
@scenario("r_later_idl", "19", "upgrade", keyspace_reset="r_up")
def later_idl():
    """A client generated from 2.1's IDL against each release: LOCAL_ONE and LOCAL_SERIAL
    reads, cas with LOCAL_SERIAL, get_multi_slice, describe_local_ring, a CfDef carrying
    2.0's default_time_to_live and speculative_retry and 2.1's fields."""
    ks = "r_up"
    cf = cf_def(ks, "items", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type",
                extra={38: W.i32(0), 39: W.i32(128), 40: W.i32(600),
                       41: b("99.0PERCENTILE"), 43: W.i32(128), 44: W.i32(2048)})
    return [
        v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.insert(b"k1", cparent("items"), column("a", "1", 10)),
        v19.get_slice(b"k1", cparent("items"), pred(start="", count=10), cl=11),
    ] + ([v19.insert(b"k1", cparent("items"), column("b", "2", 11), cl=11)] if V20 else []) + [
        v19.get_slice(b"k1", cparent("items"), pred(start="", count=10), cl=10),
        v19.get_slice(b"k1", cparent("items"), pred(start="", count=10), cl=9),
        cas(b"k2", "items", [], [column("a", "x", 12)], serial=10),
        cas(b"k2", "items", [], [column("a", "y", 13)], serial=10),
        multi_slice(b"k1", "items", [("a", "a"), ("b", "z")]),
        describe_local_ring(ks),
        cql("SELECT * FROM items", cl=11),
    ]


# ---------------------------------------------------------------- static and TTL'd sessions
@scenario("r_shopping_cart", "19", "cql3", keyspace_reset="r_cart")
def shopping_cart():
    """A shopping cart on CQL 3 (2.0's static columns for the cart's owner, TTL'd lines with
    USING TTL, IF NOT EXISTS on checkout), read back with writetime; on 1.2 the static column
    is a syntax error and the cart falls back to a plain table."""
    ks = "r_cart"
    static = " static" if V20 else ""
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE carts (cart text, item text, owner text%s, qty int, "
            "PRIMARY KEY (cart, item))" % static),
    ]
    if not V20:
        steps.append(cql("CREATE TABLE carts (cart text, item text, owner text, qty int, "
                         "PRIMARY KEY (cart, item))"))
    steps += [
        cql("INSERT INTO carts (cart, item, owner, qty) VALUES ('c1', 'apple', 'ann', 2) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO carts (cart, item, qty) VALUES ('c1', 'pear', 1) "
            "USING TTL 3600 AND TIMESTAMP 100"),
        cql("UPDATE carts USING TIMESTAMP 101 SET qty = 5 WHERE cart = 'c1' AND item = 'apple'"),
        cql("SELECT item, owner, qty, writetime(qty) FROM carts WHERE cart = 'c1'"),
        cql("SELECT item, qty FROM carts WHERE cart = 'c1' AND item IN ('pear', 'plum')"),
        cql("UPDATE carts USING TIMESTAMP 102 SET qty = qty + 1 WHERE cart = 'c1' "
            "AND item = 'apple'"),
        cql("DELETE qty FROM carts USING TIMESTAMP 103 WHERE cart = 'c1' AND item = 'apple'"),
        cql("SELECT item, owner, qty FROM carts WHERE cart = 'c1'"),
        cql("SELECT item, owner, qty FROM carts WHERE cart = 'c1' ORDER BY item DESC"),
        cql("SELECT item FROM carts WHERE cart = 'c1' AND item > 'b'"),
    ]
    if V20:
        steps += [
            cql("UPDATE carts USING TIMESTAMP 104 SET owner = 'bob' WHERE cart = 'c1'"),
            cql("SELECT item, owner FROM carts WHERE cart = 'c1'"),
            cql("INSERT INTO carts (cart, owner) VALUES ('c2', 'cat') USING TIMESTAMP 105"),
            cql("SELECT cart, item, owner FROM carts WHERE cart = 'c2'"),
            cql("INSERT INTO carts (cart, item, qty) VALUES ('c3', 'fig', 1) IF NOT EXISTS"),
            cql("INSERT INTO carts (cart, item, qty) VALUES ('c3', 'fig', 2) IF NOT EXISTS"),
            cql("SELECT item, qty FROM carts WHERE cart = 'c3'"),
            cql("UPDATE carts SET owner = 'x' WHERE cart = 'c1' AND item = 'apple'"),
            cql("CREATE TABLE bad (k int PRIMARY KEY, s int static)"),
        ]
    return steps
