"""Ordinary Thrift-era application traffic of 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (API 19.x).

Each scenario is one application's flow as a client of its era sent it, in a keyspace of its
own (dropped before and after by capture.py): cassandra-stress 1.2/2.0 in Thrift mode and in
its CQL 3 prepared mode, Twissandra's CQL 3 port, Astyanax recipes (row lock, chunked object
store, uniqueness, AllRowsReader), Hector templates of mail/queue applications, Priam-style ops
calls, a CQL 3 schema tool, PlayORM/Achilles-style mappers, a Python 2.7 app on the `cql`
module binding every type, sensor time series, LWT users, and clients built against a later
IDL talking to an older release. `RELEASE=<version>` picks what the release's IDL declared
(and, where the flow says so, what its CQL grammar had), as a client built for it sent it.
"""
import os
import struct as _st
import uuid as _uuid

import dsl as D
from dsl import scenario, v19 as V
import thriftwire as W

REL = os.environ.get("RELEASE", "2.0.17")
VER = tuple(int(x) for x in REL.split("."))
NEWER = VER >= (2, 0)  # cas, describe_local_ring, LOCAL_ONE, SERIAL, CQL IF NOT EXISTS
HAS_MULTI = VER >= (2, 1)  # get_multi_slice

UTF8 = "UTF8Type"
BYTES = "BytesType"
LONG = "LongType"
COUNTER = "CounterColumnType"


# ---------------------------------------------------------------- helpers
def jhash(s):
    """Java String.hashCode of s as a signed int32 (the Thrift prepared statement id)."""
    h = 0
    for ch in s:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= (1 << 31) else h


def cql(q, cl=D.ONE):
    return V.execute_cql3_query(q, cl=cl)


def prep(q):
    return V.prepare_cql3_query(q).mask("0/1")


def exe(ks, q, values, cl=D.ONE, item=None):
    """execute_prepared_cql3_query of q prepared in keyspace ks (its id: hash of ks + q)."""
    return V.execute_prepared_cql3_query(jhash(ks + q) if item is None else item, values, cl=cl)


def ks_cql(ks):
    return cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
               "'replication_factor': 1}" % ks)


def dbl(x):
    return _st.pack(">d", x)


def varint(n):
    if n == 0:
        return b"\x00"
    ln = (n.bit_length() + 8) // 8
    return n.to_bytes(ln, "big", signed=True)


def decimal(unscaled, scale):
    return _st.pack(">i", scale) + varint(unscaled)


def coll(items):
    """A list/set serialized as CQL 3 over Thrift (protocol 2: short lengths)."""
    out = _st.pack(">H", len(items))
    for x in items:
        out += _st.pack(">H", len(x)) + x
    return out


def cmap(pairs):
    out = _st.pack(">H", len(pairs))
    for k, v in pairs:
        out += _st.pack(">H", len(k)) + k + _st.pack(">H", len(v)) + v
    return out


def col(name, value, t, ttl=None):
    return D.column(name, value, t, ttl)


def cp(cf, sc=None):
    return D.cparent(cf, sc)


def path(cf, c=None, sc=None):
    return D.cpath(cf, sc, c)


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & 0xFFFFFFFFFFFFFFFF


def fmix(k):
    k ^= k >> 33
    k = (k * 0xff51afd7ed558ccd) & 0xFFFFFFFFFFFFFFFF
    k ^= k >> 33
    k = (k * 0xc4ceb9fe1a85ec53) & 0xFFFFFFFFFFFFFFFF
    k ^= k >> 33
    return k


def murmur3_token(key):
    """Murmur3Partitioner's token of an ASCII key (hash3_x64_128 seed 0, first half, signed)."""
    data = key.encode() if isinstance(key, str) else key
    M = 0xFFFFFFFFFFFFFFFF
    c1, c2 = 0x87c37b91114253d5, 0x4cf5ad432745937f
    h1 = h2 = 0
    n = len(data) // 16
    for i in range(n):
        k1 = int.from_bytes(data[i * 16:i * 16 + 8], "little")
        k2 = int.from_bytes(data[i * 16 + 8:i * 16 + 16], "little")
        k1 = (k1 * c1) & M
        k1 = rotl(k1, 31)
        k1 = (k1 * c2) & M
        h1 ^= k1
        h1 = rotl(h1, 27)
        h1 = (h1 + h2) & M
        h1 = (h1 * 5 + 0x52dce729) & M
        k2 = (k2 * c2) & M
        k2 = rotl(k2, 33)
        k2 = (k2 * c1) & M
        h2 ^= k2
        h2 = rotl(h2, 31)
        h2 = (h2 + h1) & M
        h2 = (h2 * 5 + 0x38495ab5) & M
    tail = data[n * 16:]
    k1 = k2 = 0
    for i in range(len(tail) - 1, 7, -1):
        k2 ^= tail[i] << ((i - 8) * 8)
    if len(tail) > 8:
        k2 = (k2 * c2) & M
        k2 = rotl(k2, 33)
        k2 = (k2 * c1) & M
        h2 ^= k2
    for i in range(min(len(tail), 8) - 1, -1, -1):
        k1 ^= tail[i] << (i * 8)
    if tail:
        k1 = (k1 * c1) & M
        k1 = rotl(k1, 31)
        k1 = (k1 * c2) & M
        h1 ^= k1
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M
    h2 = (h2 + h1) & M
    h1 = fmix(h1)
    h2 = fmix(h2)
    h1 = (h1 + h2) & M
    t = h1 - (1 << 64) if h1 >= (1 << 63) else h1
    return str(0x7fffffffffffffff if t == -(1 << 63) else t)


def in_token_order(keys):
    return sorted(keys, key=lambda k: int(murmur3_token(k)))


def describe_version():
    """describe_version, its minor parts masked (2.2 answered 20.1.0)."""
    return D.raw("describe_version", {}).mask({"path": "0", "regex": r"^(19|20)\.\d+\.\d+$"})


def trace_next_query():
    return D.raw("trace_next_query", {}).mask("0")


def describe_splits_ex(cf, start, end, keys_per_split):
    return D.raw("describe_splits_ex", {1: D.b(cf), 2: D.b(start), 3: D.b(end),
                                        4: W.i32(keys_per_split)}).mask("0")


def describe_local_ring(ks):
    return D.raw("describe_local_ring", {1: D.b(ks)}).mask("0/*/1", "0/*/2", "0/*/3",
                                                          "0/*/4", "0/*/5")


def cas(key, cf, expected, updates, serial=9, commit=D.QUORUM):
    return D.raw("cas", {1: D.b(key), 2: D.b(cf),
                         3: None if expected is None else W.list_("struct", expected),
                         4: None if updates is None else W.list_("struct", updates),
                         5: W.i32(serial), 6: W.i32(commit)})


def get_multi_slice(key, cf, slices, reversed_=False, count=1000, cl=D.ONE):
    return D.raw("get_multi_slice", {1: W.struct({
        1: D.b(key), 2: cp(cf),
        3: W.list_("struct", [W.struct({1: D.b(s), 2: D.b(f)}) for s, f in slices]),
        4: W.boolean(reversed_), 5: W.i32(count), 6: W.i32(cl)})})


MIN_TOKEN = "-9223372036854775808"
QUARTERS = ["-9223372036854775808", "-4611686018427387904", "0", "4611686018427387904",
            "9223372036854775807"]


# ---------------------------------------------------------------- cassandra-stress, Thrift mode
STRESS_KS = "l_stress"


def stress_key(i):
    return "%07d" % i


def stress_value(i, c):
    return ("%034d" % (i * 10 + c))[-34:]


@scenario("l_stress_thrift", "19", "stress", keyspace_reset=STRESS_KS)
def stress_thrift():
    """cassandra-stress (1.2/2.0) in Thrift mode: its schema through system_add_keyspace
    (Standard1 with an indexed C1 as `-x KEYS` made it, Super1, Counter1, SuperCounter1), a second
    run's keyspace creation refused, then insert / read / range_slice / indexed_range_slice /
    multi_get / counter_add / counter_get as its operations sent them."""
    std = D.cf_def(STRESS_KS, "Standard1", comparator=BYTES,
                   column_metadata=[D.column_def("C1", BYTES, D.KEYS_INDEX, "Idx1")],
                   extra={34: D.b("KEYS_ONLY"), 32: W.map_("bin", "bin", [
                       (D.b("sstable_compression"), D.b("SnappyCompressor"))])})
    sup = D.cf_def(STRESS_KS, "Super1", column_type="Super", comparator=BYTES,
                   subcomparator=BYTES)
    cnt = D.cf_def(STRESS_KS, "Counter1", comparator=BYTES, default_validation=COUNTER,
                   extra={24: W.boolean(True)})
    scnt = D.cf_def(STRESS_KS, "SuperCounter1", column_type="Super", comparator=BYTES,
                    subcomparator=BYTES, default_validation=COUNTER, extra={24: W.boolean(True)})
    ksd = D.ks_def(STRESS_KS, [std, sup, cnt, scnt], durable_writes=True)
    steps = [V.system_add_keyspace(ksd), V.system_add_keyspace(ksd),
             V.set_keyspace(STRESS_KS), V.describe_keyspace(STRESS_KS)]
    # insert: 8 keys, 5 columns each, one batch_mutate per key
    for i in range(8):
        steps.append(V.batch_mutate({stress_key(i): {"Standard1": [
            D.ins("C%d" % c, stress_value(i if c != 1 else i % 2, c), 10 + i) for c in range(5)]}}))
    for i in range(3):
        steps.append(V.batch_mutate({stress_key(i): {"Super1": [
            D.ins_super("S%d" % s, [("C%d" % c, stress_value(i, c)) for c in range(5)], 20 + i)
            for s in range(2)]}}))
    # read
    steps += [V.get_slice(stress_key(3), cp("Standard1"), D.pred(start="", count=5)),
              V.get_slice(stress_key(99), cp("Standard1"), D.pred(start="", count=5)),
              V.get_slice(stress_key(1), cp("Super1", "S1"), D.pred(start="", count=5)),
              V.get_slice(stress_key(1), cp("Super1"), D.pred(start="", count=5))]
    # range_slice, from key 0000002 (a Murmur3 key order, not the key's own)
    steps += [V.get_range_slices(cp("Standard1"), D.pred(start="", count=5),
                                 D.key_range(start_key=stress_key(2), end_key="", count=4)),
              V.get_range_slices(cp("Standard1"), D.pred(names=["C0", "C4"]),
                                 D.key_range(start_key="", end_key="", count=100))]
    # indexed_range_slice on C1 (values of two kinds)
    v1 = stress_value(1, 1)
    steps += [V.get_indexed_slices(cp("Standard1"), D.index_clause(
        [D.index_expr("C1", D.EQ, v1)], start_key="", count=10), D.pred(start="", count=5)),
        V.get_indexed_slices(cp("Standard1"), D.index_clause(
            [D.index_expr("C1", D.EQ, v1)], start_key=stress_key(3), count=2),
            D.pred(names=["C1"])),
        V.get_range_slices(cp("Standard1"), D.pred(names=["C0", "C1"]), D.key_range(
            start_key="", end_key="", count=10,
            row_filter=[D.index_expr("C1", D.EQ, v1)]))]
    # multi_get
    steps.append(V.multiget_slice([stress_key(i) for i in (0, 5, 7, 42)], cp("Standard1"),
                                  D.pred(start="", count=5)))
    # counter_add / counter_get
    for i in range(3):
        for c in range(3):
            steps.append(V.add(stress_key(i), cp("Counter1"), D.counter_column("C%d" % c, c + 1)))
    steps.append(V.batch_mutate({stress_key(0): {"Counter1": [D.mutation(D.cosc(
        counter_column=D.counter_column("C0", 5)))]},
        stress_key(4): {"SuperCounter1": [D.mutation(D.cosc(
            counter_super_column=D.counter_super_column(
                "S0", [D.counter_column("C0", 1), D.counter_column("C1", 2)])))]}}))
    steps += [V.get_slice(stress_key(0), cp("Counter1"), D.pred(start="", count=5)),
              V.get(stress_key(1), path("Counter1", "C2")),
              V.get_slice(stress_key(4), cp("SuperCounter1", "S0"), D.pred(start="", count=5)),
              V.multiget_slice([stress_key(0), stress_key(1), stress_key(9)], cp("Counter1"),
                               D.pred(names=["C0", "C1"])),
              V.multiget_count([stress_key(i) for i in range(4)], cp("Counter1"),
                               D.pred(start="", count=100)),
              # a stress build counting with a plain Column into a counter family
              V.insert(stress_key(0), cp("Counter1"), col("C0", "x", 30)),
              V.remove_counter(stress_key(2), path("Counter1", "C1")),
              V.get_slice(stress_key(2), cp("Counter1"), D.pred(start="", count=5)),
              V.describe_splits("Standard1", MIN_TOKEN, MIN_TOKEN, 128).mask("0")]
    return steps


STRESS3_KS = "l_stress3"


@scenario("l_stress_cql3", "19", "stress", keyspace_reset=STRESS3_KS)
def stress_cql3():
    """cassandra-stress's CQL 3 mode over Thrift with prepared statements (`-L3 -P`-style): its
    column family created through Thrift with UTF8 column names, statements prepared in the
    keyspace and executed by id; the unquoted upper-case column a first try used, a statement
    prepared before USE (no keyspace), and an id the node never gave."""
    ks = STRESS3_KS
    cf = D.cf_def(ks, "Standard1", comparator=UTF8, key_validation=BYTES,
                  default_validation=BYTES,
                  column_metadata=[D.column_def("C%d" % c, BYTES) for c in range(3)])
    upd = 'UPDATE "Standard1" USING TIMESTAMP 9000 AND TTL 0 SET "C0" = ?, "C1" = ?, "C2" = ? WHERE KEY = ?'
    sel = 'SELECT "C0", "C1", "C2" FROM "Standard1" WHERE KEY = ?'
    cnt_tbl = ("CREATE TABLE \"Counter3\" (KEY blob PRIMARY KEY, \"C0\" counter, \"C1\" counter)"
               " WITH COMPACT STORAGE")
    inc = 'UPDATE "Counter3" SET "C0" = "C0" + ?, "C1" = "C1" + 1 WHERE KEY = ?'
    rc = 'SELECT * FROM "Counter3" WHERE KEY = ?'
    steps = [V.system_add_keyspace(D.ks_def(ks, [cf])),
             prep("SELECT * FROM Standard1 WHERE KEY = ?"),
             V.set_keyspace(ks),
             prep("UPDATE Standard1 SET C0 = ? WHERE KEY = ?"),
             prep('UPDATE "Standard1" SET C0 = ? WHERE KEY = ?'),
             prep(upd)]
    for i in range(4):
        steps.append(exe(ks, upd, [b"v0-%d" % i, b"v1-%d" % i, b"v2-%d" % i,
                                   stress_key(i).encode()]))
    steps += [prep(sel),
              exe(ks, sel, [stress_key(2).encode()]),
              exe(ks, sel, [stress_key(77).encode()]),
              exe(ks, sel, []),
              V.execute_prepared_cql3_query(12345, [b"x"]),
              cql(cnt_tbl), prep(inc)]
    for i in range(3):
        steps.append(exe(ks, inc, [_st.pack(">q", i + 2), stress_key(i % 2).encode()]))
    steps += [prep(rc), exe(ks, rc, [stress_key(0).encode()]),
              exe(ks, inc, [b"\x01", stress_key(0).encode()]),
              cql('SELECT KEY, "C0" FROM "Standard1" LIMIT 3'),
              V.get_slice(stress_key(1), cp("Standard1"), D.pred(start="", count=10)),
              V.get_slice(stress_key(1), cp("Counter3"), D.pred(start="", count=10))]
    return steps


# ---------------------------------------------------------------- Twissandra (CQL 3 port)
TW = "l_twiss"


@scenario("l_twissandra", "19", "cql3", keyspace_reset=TW)
def twissandra():
    """Twissandra's CQL 3 port: users, following/followers, tweets, userline and timeline with
    a timeuuid clustering DESC; posts written with USING TIMESTAMP, the timeline read with LIMIT
    and paged by time, a user's followers with IN, then the mistakes: the timeline without its
    partition key, ORDER BY on a column not clustering, a user row with an unknown column, and
    a TRUNCATE of the timeline at the end."""
    tu = ["50554d6e-29bb-11e5-b345-feff819cdc9f", "50554d6e-29bb-11e5-b345-feff819cdc9e"]
    steps = [ks_cql(TW), V.set_keyspace(TW),
             cql("CREATE TABLE users (username text PRIMARY KEY, password text)"),
             cql("CREATE TABLE friends (username text, friend text, since timestamp, "
                 "PRIMARY KEY (username, friend))"),
             cql("CREATE TABLE followers (username text, follower text, since timestamp, "
                 "PRIMARY KEY (username, follower))"),
             cql("CREATE TABLE tweets (tweet_id uuid PRIMARY KEY, username text, body text)"),
             cql("CREATE TABLE userline (username text, time timeuuid, tweet_id uuid, "
                 "PRIMARY KEY (username, time)) WITH CLUSTERING ORDER BY (time DESC)"),
             cql("CREATE TABLE timeline (username text, time timeuuid, tweet_id uuid, "
                 "PRIMARY KEY (username, time)) WITH CLUSTERING ORDER BY (time DESC)")]
    for i, u in enumerate(["alice", "bob", "carol"]):
        steps.append(cql("INSERT INTO users (username, password) VALUES ('%s', 'pw%d') "
                         "USING TIMESTAMP %d" % (u, i, 1000 + i)))
    steps += [cql("INSERT INTO friends (username, friend, since) VALUES ('bob', 'alice', "
                  "'2013-05-01 10:00:00+0000') USING TIMESTAMP 1100"),
              cql("INSERT INTO followers (username, follower, since) VALUES ('alice', 'bob', "
                  "1367402400000) USING TIMESTAMP 1100"),
              cql("INSERT INTO followers (username, follower, since) VALUES ('alice', 'carol', "
                  "1367402460000) USING TIMESTAMP 1101")]
    for n in range(5):
        t = str(_uuid.UUID(bytes=D.timeuuid(n + 1)))
        tid = "%08d-0000-4000-8000-00000000000%d" % (n, n)
        author = "alice" if n % 2 == 0 else "bob"
        steps += [cql("INSERT INTO tweets (tweet_id, username, body) VALUES (%s, '%s', "
                      "'tweet number %d') USING TIMESTAMP %d" % (tid, author, n, 2000 + n)),
                  cql("BEGIN BATCH USING TIMESTAMP %d "
                      "INSERT INTO userline (username, time, tweet_id) VALUES ('%s', %s, %s) "
                      "INSERT INTO timeline (username, time, tweet_id) VALUES ('%s', %s, %s) "
                      "INSERT INTO timeline (username, time, tweet_id) VALUES ('carol', %s, %s) "
                      "APPLY BATCH" % (2000 + n, author, t, tid, author, t, tid, t, tid))]
    t2 = str(_uuid.UUID(bytes=D.timeuuid(3)))
    steps += [cql("SELECT * FROM users WHERE username = 'alice'"),
              cql("SELECT password FROM users WHERE username = 'nobody'"),
              cql("SELECT follower, since FROM followers WHERE username = 'alice'"),
              cql("SELECT time, tweet_id FROM timeline WHERE username = 'carol' LIMIT 3"),
              cql("SELECT time, tweet_id FROM timeline WHERE username = 'carol' AND time < %s "
                  "LIMIT 3" % t2),
              cql("SELECT tweet_id FROM userline WHERE username = 'alice' ORDER BY time ASC"),
              cql("SELECT username, body FROM tweets WHERE tweet_id IN "
                  "(00000000-0000-4000-8000-000000000000, 00000002-0000-4000-8000-000000000002, "
                  "%s)" % tu[0]),
              cql("SELECT * FROM users WHERE username IN ('bob', 'alice', 'dave')"),
              cql("SELECT dateOf(time), tweet_id FROM userline WHERE username = 'bob'"),
              cql("SELECT * FROM timeline WHERE time > %s" % t2),
              cql("SELECT * FROM userline WHERE username = 'alice' ORDER BY tweet_id DESC"),
              cql("SELECT * FROM users WHERE password = 'pw1'"),
              cql("INSERT INTO users (username, passwd) VALUES ('eve', 'x')"),
              cql("DELETE FROM friends WHERE username = 'bob' AND friend = 'alice'"),
              cql("SELECT * FROM friends WHERE username = 'bob'"),
              cql("SELECT COUNT(*) FROM timeline WHERE username = 'carol'"),
              cql("TRUNCATE timeline"),
              cql("SELECT * FROM timeline WHERE username = 'carol'"),
              cql("SELECT * FROM timelines WHERE username = 'carol'")]
    return steps


# ---------------------------------------------------------------- Astyanax recipes
AX = "l_recipes"


@scenario("l_astyanax_lock", "19", "recipes", keyspace_reset=AX)
def astyanax_lock():
    """Astyanax's ColumnPrefixDistributedRowLock and uniqueness constraint: a lock column with a
    TTL written at QUORUM, the lock row read back to see who else holds it, a second holder's
    column, release by removing the own column, the data written with the lock's release in one
    batch; then the unique-value constraint (a TTL'd claim column, read, made permanent)."""
    locks = D.cf_def(AX, "locks", comparator=UTF8, key_validation=UTF8, default_validation=BYTES)
    data = D.cf_def(AX, "accounts", comparator=UTF8, key_validation=UTF8,
                    default_validation=UTF8)
    uniq = D.cf_def(AX, "unique_emails", comparator=UTF8, key_validation=UTF8)
    steps = [V.describe_keyspaces().mask("0"), V.system_add_keyspace(D.ks_def(AX, [locks, data, uniq])),
             V.set_keyspace(AX),
             V.insert("acct-1", cp("locks"), col("_lock_c1", b"", 100, ttl=30), cl=D.QUORUM),
             V.get_slice("acct-1", cp("locks"), D.pred(start="_lock_", finish="_lock_\xff",
                                                       count=100), cl=D.QUORUM),
             V.insert("acct-1", cp("locks"), col("_lock_c2", b"", 101, ttl=30), cl=D.QUORUM),
             V.get_slice("acct-1", cp("locks"), D.pred(start="_lock_", finish="_lock_\xff",
                                                       count=100), cl=D.QUORUM),
             V.remove("acct-1", path("locks", "_lock_c2"), 102, cl=D.QUORUM),
             V.get_count("acct-1", cp("locks"), D.pred(start="", count=100), cl=D.QUORUM),
             V.batch_mutate({"acct-1": {
                 "accounts": [D.ins("balance", "120", 103), D.ins("owner", "ann", 103)],
                 "locks": [D.mutation(deletion_=D.deletion(104, predicate=D.pred(
                     names=["_lock_c1"])))]}}, cl=D.QUORUM),
             V.get_slice("acct-1", cp("locks"), D.pred(start="", count=100), cl=D.QUORUM),
             V.get_slice("acct-1", cp("accounts"), D.pred(start="", count=100)),
             # a lock column with a zero and a negative TTL (a misconfigured lock timeout)
             V.insert("acct-2", cp("locks"), col("_lock_c3", b"", 105, ttl=0), cl=D.QUORUM),
             V.insert("acct-2", cp("locks"), col("_lock_c3", b"", 105, ttl=-1), cl=D.QUORUM),
             # uniqueness: claim, check, commit
             V.batch_mutate({"ann@example.com": {"unique_emails": [
                 D.ins("ann", b"", 110, ttl=60)]}}, cl=D.QUORUM),
             V.get_slice("ann@example.com", cp("unique_emails"), D.pred(start="", count=2),
                         cl=D.QUORUM),
             V.batch_mutate({"ann@example.com": {"unique_emails": [
                 D.ins("ann", b"", 111)]}}, cl=D.QUORUM),
             V.insert("ann@example.com", cp("unique_emails"), col("bob", b"", 112, ttl=60),
                      cl=D.QUORUM),
             V.get_slice("ann@example.com", cp("unique_emails"), D.pred(start="", count=2),
                         cl=D.QUORUM),
             V.remove("ann@example.com", path("unique_emails", "bob"), 113, cl=D.QUORUM),
             V.get_count("ann@example.com", cp("unique_emails"), D.pred(start="", count=10)),
             V.get("ann@example.com", path("unique_emails", "bob")),
             V.get("acct-1", path("accounts", "balance"), cl=D.ALL),
             V.get("acct-1", path("accounts", "balance"), cl=D.ANY)]
    return steps


OBJ = "l_objstore"


@scenario("l_astyanax_objects", "19", "recipes", keyspace_reset=OBJ)
def astyanax_objects():
    """Astyanax's ChunkedStorage and AllRowsReader: an object written as chunk rows
    `name$0..n` and a metadata row, read back with multiget_slice and a chunk missing, deleted
    row by row; then every row of a column family read by token range in four splits and by
    key paging inside a split, and the mixes of keys and tokens a reader sent."""
    chunks = D.cf_def(OBJ, "chunks", comparator=UTF8, key_validation=UTF8)
    meta = D.cf_def(OBJ, "meta", comparator=UTF8, key_validation=UTF8, default_validation=LONG)
    rows = D.cf_def(OBJ, "rows", comparator=UTF8, key_validation=UTF8, default_validation=UTF8)
    steps = [V.system_add_keyspace(D.ks_def(OBJ, [chunks, meta, rows])), V.set_keyspace(OBJ)]
    payload = [b"\x00\x01chunk-%d-" % i + bytes(range(i * 7, i * 7 + 9)) for i in range(4)]
    for i, p in enumerate(payload):
        steps.append(V.batch_mutate({"photo.jpg$%d" % i: {"chunks": [
            D.ins("data", p, 10, ttl=None)]}}))
    steps += [V.batch_mutate({"photo.jpg": {"meta": [
        D.ins("ObjectSize", D.long_(sum(len(p) for p in payload)), 11),
        D.ins("ChunkSize", D.long_(16), 11), D.ins("ChunkCount", D.long_(4), 11),
        D.ins("Attributes", b"", 11)]}}),
        V.get_slice("photo.jpg", cp("meta"), D.pred(start="", count=10)),
        V.multiget_slice(["photo.jpg$%d" % i for i in range(6)], cp("chunks"),
                         D.pred(names=["data"])),
        V.get("photo.jpg$9", path("chunks", "data"))]
    steps += [V.remove("photo.jpg$%d" % i, path("chunks"), 12) for i in range(4)]
    steps += [V.remove("photo.jpg", path("meta"), 12),
              V.multiget_count(["photo.jpg$0", "photo.jpg$3", "photo.jpg"], cp("chunks"),
                               D.pred(start="", count=10)),
              V.get_range_slices(cp("chunks"), D.pred(start="", count=1),
                                 D.key_range(start_key="", end_key="", count=10))]
    keys = ["row%02d" % i for i in range(12)]
    for i, k in enumerate(keys):
        steps.append(V.insert(k, cp("rows"), col("v", "value %d" % i, 20 + i)))
    for a, z in zip(QUARTERS, QUARTERS[1:]):
        steps.append(V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                        D.key_range(start_token=a, end_token=z, count=100)))
    ordered = in_token_order(keys)
    last = ordered[3]
    steps += [V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=4)),
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_token=murmur3_token(last),
                                             end_token=MIN_TOKEN, count=4)),
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_key=last, end_token=QUARTERS[3], count=4)),
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_key=last, end_key=ordered[1], count=4)),
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_token="0", end_key=ordered[5], count=4)),
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_key=last, start_token="0", end_token="0",
                                             count=4)),
              V.get_paged_slice("rows", D.key_range(start_key=ordered[10], end_key="", count=5),
                                ""),
              describe_splits_ex("rows", MIN_TOKEN, MIN_TOKEN, 4),
              # a token typed by hand, a family unknown (a connection closed: set again)
              V.get_range_slices(cp("rows"), D.pred(start="", count=10),
                                 D.key_range(start_token="abc", end_token="0", count=4)),
              V.set_keyspace(OBJ),
              describe_splits_ex("nosuch", MIN_TOKEN, MIN_TOKEN, 4)]
    return steps


# ---------------------------------------------------------------- Hector templates (mail, queues)
MB = "l_mailbox"


@scenario("l_hector_mailbox", "19", "hector", keyspace_reset=MB)
def hector_mailbox():
    """A James-mailbox / Camel / ManifoldCF style Hector application: HColumnFamilyTemplate
    updates (batch_mutate), queryColumns (names slices), a wide row of message uids (LongType)
    counted with get_count, multiget_slice of many keys with some missing, mutator.delete of
    columns and of whole rows, and the mistakes: a LongType name of 4 bytes, a deletion with
    a SliceRange, an empty row key, a super column path into a standard family."""
    mbox = D.cf_def(MB, "mailbox", comparator=UTF8, key_validation=UTF8, default_validation=UTF8)
    msgs = D.cf_def(MB, "messages", comparator=LONG, key_validation=UTF8,
                    default_validation=BYTES, gc_grace=3600)
    flags = D.cf_def(MB, "flags", column_type="Super", comparator=LONG, subcomparator=UTF8,
                     key_validation=UTF8)
    steps = [V.describe_cluster_name(), V.describe_keyspace(MB),
             V.system_add_keyspace(D.ks_def(MB, [mbox, msgs])),
             V.system_add_column_family(flags),
             V.set_keyspace(MB), V.describe_keyspace(MB)]
    for u in ("ann", "bob", "cid"):
        steps.append(V.batch_mutate({u + ":INBOX": {"mailbox": [
            D.ins("name", "INBOX", 10), D.ins("user", u, 10), D.ins("uidvalidity", "12345", 10),
            D.ins("lastuid", "0", 10)]}}))
    for uid in range(1, 9):
        steps.append(V.batch_mutate({"ann:INBOX": {
            "messages": [D.ins(D.long_(uid), b"Subject: m%d\r\n\r\nbody" % uid, 20 + uid)],
            "mailbox": [D.ins("lastuid", str(uid), 20 + uid)]}}))
    steps += [V.batch_mutate({"ann:INBOX": {"flags": [
        D.ins_super(D.long_(u), [("\\Seen", "1"), ("\\Recent", "")], 30) for u in (1, 2, 3)]}}),
        V.get_slice("ann:INBOX", cp("mailbox"), D.pred(names=["lastuid", "name", "nosuch"])),
        V.get_count("ann:INBOX", cp("messages"), D.pred(start="", count=1000)),
        V.get_count("ann:INBOX", cp("messages"), D.pred(start=D.long_(3), finish=D.long_(6),
                                                        count=1000)),
        V.get_slice("ann:INBOX", cp("messages"), D.pred(start=D.long_(8), finish=b"",
                                                        reversed=True, count=3)),
        V.get_slice("ann:INBOX", cp("flags", D.long_(2)), D.pred(start="", count=10)),
        V.multiget_slice(["ann:INBOX", "bob:INBOX", "dan:INBOX", "cid:INBOX", "eve:Sent"],
                         cp("mailbox"), D.pred(names=["lastuid", "user"])),
        V.multiget_count(["ann:INBOX", "zed:INBOX"], cp("messages"), D.pred(start="", count=5)),
        # expunge: delete two messages' columns, their flags, then bob's mailbox row
        V.batch_mutate({"ann:INBOX": {
            "messages": [D.mutation(deletion_=D.deletion(40, predicate=D.pred(
                names=[D.long_(2), D.long_(5)])))],
            "flags": [D.mutation(deletion_=D.deletion(40, sc=D.long_(2)))]}}),
        V.batch_mutate({"bob:INBOX": {"mailbox": [D.mutation(deletion_=D.deletion(41))]}}),
        V.get_count("ann:INBOX", cp("messages"), D.pred(start="", count=1000)),
        V.get_slice("ann:INBOX", cp("flags"), D.pred(start="", count=10)),
        V.get_slice("bob:INBOX", cp("mailbox"), D.pred(start="", count=10)),
        V.get_range_slices(cp("mailbox"), D.pred(names=["user"]),
                           D.key_range(start_key="", end_key="", count=10)),
        # mistakes
        V.insert("ann:INBOX", cp("messages"), col(D.int32(9), "x", 50)),
        V.batch_mutate({"ann:INBOX": {"messages": [D.mutation(deletion_=D.deletion(
            51, predicate=D.pred(start=D.long_(6), finish=D.long_(7))))]}}),
        V.get_slice("ann:INBOX", cp("messages"), D.pred(start="", count=100)),
        V.insert("", cp("mailbox"), col("name", "x", 52)),
        V.get("ann:INBOX", path("mailbox", "name", sc="x")),
        V.batch_mutate({"ann:INBOX": {"mailbox": [D.mutation(deletion_=D.deletion())]}}),
        V.get_count("ann:INBOX", cp("messages"), D.pred(start="", count=-1))]
    return steps


# ---------------------------------------------------------------- Priam / ops scripts
OPS = "l_ops"


@scenario("l_priam_ops", "19", "describe", keyspace_reset=OPS)
def priam_ops():
    """Netflix Priam / an ops script: cluster name, version, partitioner, snitch, schema
    versions, rings (its own keyspace, the system keyspace, one missing), the token map, splits
    for a Hadoop-style job, a traced call, and the keyspace lifecycle a backup restore does
    (add, update replication, describe, drop) with the errors it met."""
    cf = D.cf_def(OPS, "events", comparator=UTF8, key_validation=UTF8)
    steps = [V.describe_cluster_name(), describe_version(), V.describe_partitioner(),
             V.describe_snitch(), V.describe_schema_versions(),
             V.describe_ring("system"), V.describe_ring(OPS),
             V.system_add_keyspace(D.ks_def(OPS, [cf])),
             V.describe_ring(OPS), V.describe_token_map()]
    if NEWER:
        steps += [describe_local_ring(OPS), describe_local_ring("system")]
    steps += [V.system_update_keyspace(D.ks_def(OPS, [], options={"replication_factor": "2"})),
              V.describe_keyspace(OPS),
              V.system_update_keyspace(D.ks_def(
                  OPS, [], strategy="org.apache.cassandra.locator.NetworkTopologyStrategy",
                  options={"datacenter1": "1"})),
              V.describe_keyspace(OPS),
              V.system_update_keyspace(D.ks_def(OPS, [], strategy="NetworkTopologyStrategy",
                                                options={"datacenter1": "x"})),
              V.system_update_keyspace(D.ks_def("l_ops_none", [])),
              V.set_keyspace(OPS)]
    for i in range(6):
        steps.append(V.insert("ev%d" % i, cp("events"), col("at", "t%d" % i, 10 + i)))
    steps += [V.describe_splits("events", MIN_TOKEN, "0", 2),
              describe_splits_ex("events", MIN_TOKEN, MIN_TOKEN, 2),
              describe_splits_ex("events", "0", "10", 2),
              trace_next_query(),
              V.get_slice("ev1", cp("events"), D.pred(start="", count=10)),
              trace_next_query(),
              cql("SELECT * FROM events"),
              V.describe_keyspace("system_traces").mask("0/5/*/16"),
              V.describe_keyspace("l_ops_none"),
              V.truncate("events"),
              V.get_range_slices(cp("events"), D.pred(start="", count=10),
                                 D.key_range(start_key="", end_key="", count=10)),
              V.system_drop_column_family("events"),
              V.system_drop_column_family("events"),
              V.system_drop_keyspace(OPS),
              V.describe_ring(OPS)]
    return steps


# ---------------------------------------------------------------- CQL 3 schema tool
SC = "l_schema"


@scenario("l_schema_tool", "19", "cql3-schema", keyspace_reset=SC)
def schema_tool():
    """An Elastic-style CQL 3 schema tool: CREATE TABLE with WITH options (comment, gc grace,
    compaction and compression maps, caching), ALTER TABLE ADD and WITH, the IF [NOT] EXISTS
    forms it sent (2.0's, refused by 1.2's grammar), CREATE INDEX, and the tables and columns
    discovered through system.schema_columnfamilies and system.schema_columns."""
    caching = "'keys_only'" if VER < (2, 1) else "{'keys': 'ALL', 'rows_per_partition': 'NONE'}"
    steps = [ks_cql(SC), ks_cql(SC), V.set_keyspace(SC),
             cql("CREATE TABLE docs (id text PRIMARY KEY, title text, body text, ver int) "
                 "WITH comment = 'documents' AND gc_grace_seconds = 3600 AND "
                 "compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 64} "
                 "AND compression = {'sstable_compression': 'DeflateCompressor'} "
                 "AND caching = %s" % caching),
             cql("CREATE TABLE tags (tag text, doc text, added timestamp, "
                 "PRIMARY KEY (tag, doc)) WITH bloom_filter_fp_chance = 0.01 AND "
                 "read_repair_chance = 0.2"),
             cql("CREATE TABLE IF NOT EXISTS tags (tag text PRIMARY KEY)"),
             cql("CREATE TABLE docs (id text PRIMARY KEY)"),
             cql("ALTER TABLE docs ADD author text"),
             cql("ALTER TABLE docs ADD author text"),
             cql("ALTER TABLE docs ADD labels set<text>"),
             cql("ALTER TABLE docs WITH compaction = {'class': 'SizeTieredCompactionStrategy', "
                 "'min_threshold': 6}"),
             cql("ALTER TABLE docs WITH compaction = {'class': 'NoSuchStrategy'}"),
             cql("ALTER TABLE docs WITH comment = 'docs v2' AND gc_grace_seconds = 7200"),
             cql("ALTER TABLE docs ALTER ver TYPE varint"),
             cql("CREATE INDEX docs_author ON docs (author)"),
             cql("CREATE INDEX IF NOT EXISTS docs_author ON docs (author)"),
             cql("CREATE INDEX docs_author ON docs (title)"),
             cql("INSERT INTO docs (id, title, author, ver) VALUES ('d1', 'Intro', 'ann', 1) "
                 "USING TIMESTAMP 5000"),
             cql("SELECT id, title FROM docs WHERE author = 'ann'"),
             cql("SELECT columnfamily_name, comment, gc_grace_seconds, compaction_strategy_class,"
                 " compression_parameters FROM system.schema_columnfamilies "
                 "WHERE keyspace_name = '%s'" % SC),
             cql("SELECT column_name, component_index, validator, index_name FROM "
                 "system.schema_columns WHERE keyspace_name = '%s' AND columnfamily_name = "
                 "'docs'" % SC),
             cql("SELECT keyspace_name, durable_writes, strategy_class FROM "
                 "system.schema_keyspaces WHERE keyspace_name = '%s'" % SC),
             cql("ALTER TABLE docs DROP title"),
             cql("DROP INDEX docs_author"),
             cql("DROP TABLE IF EXISTS nosuch"),
             cql("DROP TABLE nosuch"),
             cql("DROP TABLE tags"),
             cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
                 "WHERE keyspace_name = '%s'" % SC),
             V.describe_keyspace(SC)]
    return steps


# ---------------------------------------------------------------- PlayORM / Achilles mappers
MP = "l_mapper"


@scenario("l_mapper_cql3", "19", "cql3", keyspace_reset=MP)
def mapper_cql3():
    """A PlayORM/Achilles-style mapper over CQL 3: entity writes in BEGIN BATCH ... APPLY BATCH
    with USING TIMESTAMP, a counter table, a static column (2.0.6), SELECT DISTINCT of the
    partition keys, token() paging, ORDER BY with IN, and the schema mistakes it met: a counter
    beside a regular column, a TTL on a counter, a collection in the primary key, a reserved
    word as a column name."""
    steps = [ks_cql(MP), V.set_keyspace(MP),
             cql("CREATE TABLE entity (id text, part int, name text, value bigint, "
                 "PRIMARY KEY (id, part))"),
             cql("CREATE TABLE entity_count (id text PRIMARY KEY, views counter, likes counter)"),
             cql("CREATE TABLE bad1 (id text PRIMARY KEY, views counter, name text)"),
             cql("CREATE TABLE bad2 (id frozen<list<int>> PRIMARY KEY, v int)"
                 if VER >= (2, 1) else "CREATE TABLE bad2 (id list<int> PRIMARY KEY, v int)"),
             cql("CREATE TABLE bad2 (id list<int> PRIMARY KEY, v int)"),
             cql("CREATE TABLE bad3 (id text PRIMARY KEY, order int)"),
             cql("CREATE TABLE bad4 (id text PRIMARY KEY, \"order\" int, \"select\" text)"),
             cql("CREATE TABLE owner (team text, member text, budget int static, "
                 "PRIMARY KEY (team, member))")]
    for i in range(4):
        steps.append(cql("BEGIN BATCH USING TIMESTAMP %d "
                         "INSERT INTO entity (id, part, name, value) VALUES ('e%d', 0, 'n%d', %d) "
                         "INSERT INTO entity (id, part, name, value) VALUES ('e%d', 1, 'm%d', %d) "
                         "UPDATE entity SET value = %d WHERE id = 'e%d' AND part = 2 "
                         "APPLY BATCH" % (3000 + i, i, i, i * 10, i, i, i * 10 + 1, i * 100, i)))
    steps += [cql("BEGIN UNLOGGED BATCH USING TIMESTAMP 3100 "
                  "DELETE FROM entity WHERE id = 'e3' AND part = 1 "
                  "INSERT INTO entity (id, part, name) VALUES ('e3', 5, 'late') APPLY BATCH"),
              cql("BEGIN COUNTER BATCH UPDATE entity_count SET views = views + 3 WHERE id = 'e1' "
                  "UPDATE entity_count SET likes = likes + 1, views = views + 1 WHERE id = 'e2' "
                  "APPLY BATCH"),
              cql("UPDATE entity_count SET views = views - 1 WHERE id = 'e1'"),
              cql("UPDATE entity_count USING TTL 60 SET views = views + 1 WHERE id = 'e1'"),
              cql("UPDATE entity_count SET views = 5 WHERE id = 'e1'"),
              cql("INSERT INTO entity_count (id, views) VALUES ('e9', 1)"),
              cql("BEGIN BATCH UPDATE entity_count SET views = views + 1 WHERE id = 'e1' "
                  "APPLY BATCH"),
              cql("SELECT * FROM entity_count WHERE id IN ('e1', 'e2', 'e5')"),
              cql("SELECT * FROM entity WHERE id = 'e3'"),
              cql("SELECT DISTINCT id FROM entity"),
              cql("SELECT id, part, name FROM entity LIMIT 3"),
              cql("SELECT id, part, value FROM entity WHERE token(id) > token('e1') LIMIT 4"),
              cql("SELECT id, token(id) FROM entity WHERE token(id) >= %s AND token(id) < %s"
                  % (QUARTERS[1], QUARTERS[3])),
              cql("SELECT * FROM entity WHERE id IN ('e0', 'e2') ORDER BY part DESC"),
              cql("SELECT * FROM entity WHERE id IN ('e0', 'e2')"),
              cql("SELECT * FROM entity WHERE id = 'e0' AND part IN (0, 2)"),
              cql("SELECT * FROM entity WHERE part = 1"),
              cql("SELECT * FROM entity WHERE part = 1 ALLOW FILTERING"),
              cql("SELECT * FROM entity WHERE id = 'e0' AND name = 'n0'"),
              cql("SELECT writetime(name), name FROM entity WHERE id = 'e2' AND part = 0"),
              cql("INSERT INTO owner (team, member, budget) VALUES ('core', 'ann', 10) "
                  "USING TIMESTAMP 4000"),
              cql("INSERT INTO owner (team, member) VALUES ('core', 'bob') USING TIMESTAMP 4001"),
              cql("UPDATE owner USING TIMESTAMP 4002 SET budget = 12 WHERE team = 'core'"),
              cql("SELECT * FROM owner WHERE team = 'core'"),
              cql("DELETE FROM entity USING TIMESTAMP 3200 WHERE id = 'e0'"),
              cql("SELECT COUNT(*) FROM entity"),
              cql("SELECT * FROM entity WHERE id = 'e0'")]
    return steps


# ---------------------------------------------------------------- Python cql module, every type
PY = "l_pyapp"


@scenario("l_cqlmodule_types", "19", "cql3-prepared", keyspace_reset=PY)
def cqlmodule_types():
    """A Python 2.7 application on the DataStax-era `cql` module: a table of every type and
    collections of them, rows inserted with prepared statements (values serialized by the
    module), read back whole and by column; the binds it got wrong (a short int, a string for
    a uuid, a value too few), a missing partition key part, an unknown table."""
    t = ("CREATE TABLE everything (pk uuid, ck timeuuid, a inet, d decimal, v varint, f double, "
         "fl float, bo boolean, bi bigint, i int, ts timestamp, bl blob, tx text, asc ascii, "
         "lu list<uuid>, sd set<double>, mi map<inet, varint>, ms map<text, decimal>, "
         "PRIMARY KEY (pk, ck))")
    ins = ("INSERT INTO everything (pk, ck, a, d, v, f, fl, bo, bi, i, ts, bl, tx, asc, lu, sd,"
           " mi, ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
           "USING TIMESTAMP 7000")
    sel = "SELECT * FROM everything WHERE pk = ?"
    sel2 = "SELECT ck, a, d, v, lu, mi FROM everything WHERE pk = ? AND ck = ?"
    upd = "UPDATE everything USING TIMESTAMP 7100 SET sd = sd + ?, ms[?] = ? WHERE pk = ? AND ck = ?"
    pk = D.uuid_("6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab")
    pk2 = D.uuid_("6b2fd9a0-1c4f-4a3c-9d5e-0123456789ac")
    ck1, ck2 = D.timeuuid(11), D.timeuuid(12)

    def row(ck, n):
        return [pk, ck, bytes([10, 0, 0, n]), decimal(-12345 * n, 3), varint(2 ** 70 + n),
                dbl(3.25 * n), _st.pack(">f", 0.5), b"\x01", _st.pack(">q", -n),
                _st.pack(">i", n), _st.pack(">q", 1367402400000 + n), b"\xde\xad" * n,
                "héllo %d" % n, b"plain",
                coll([D.uuid_("00000000-0000-4000-8000-00000000000%d" % k) for k in range(n)]),
                coll([dbl(1.5), dbl(-2.0)]),
                cmap([(bytes([192, 168, 0, 1]), varint(-1)), (bytes(16), varint(300))]),
                cmap([(b"k%d" % n, decimal(1, 0))])]
    steps = [ks_cql(PY), V.set_keyspace(PY), cql(t), prep(ins),
             exe(PY, ins, row(ck1, 1)), exe(PY, ins, row(ck2, 2)),
             prep(sel), exe(PY, sel, [pk]), exe(PY, sel, [pk2]),
             prep(sel2), exe(PY, sel2, [pk, ck2]),
             prep(upd), exe(PY, upd, [coll([dbl(9.0)]), b"new", decimal(5, 1), pk, ck1]),
             exe(PY, sel2, [pk, ck1]),
             cql("SELECT sd, ms FROM everything WHERE pk = 6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab"),
             # mistakes
             exe(PY, sel, [b"6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab"]),
             exe(PY, sel2, [pk]),
             exe(PY, ins, row(ck1, 3)[:-1] + [b"\x00\x01"]),
             exe(PY, ins, row(ck1, 4)[:9] + [b"\x00\x04"] + row(ck1, 4)[10:]),
             exe(PY, ins, [b""] + row(ck1, 5)[1:]),
             exe(PY, ins, row(D.uuid_("6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab"), 6)),
             cql("SELECT * FROM everything WHERE ck = %s" % str(_uuid.UUID(bytes=ck1))),
             cql("INSERT INTO everything (ck, i) VALUES (%s, 1)" % str(_uuid.UUID(bytes=ck1))),
             cql("SELECT * FROM everythin"),
             prep("SELECT * FROM everythin WHERE pk = ?"),
             prep("INSERT INTO everything (pk, ck, i) VALUES (?, ?, ?, ?)"),
             cql("SELECT i, tx, asc FROM everything WHERE pk = 6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab "
                 "AND ck = %s" % str(_uuid.UUID(bytes=ck2)))]
    return steps


# ---------------------------------------------------------------- sensor time series (Thrift)
TS = "l_sensors"


@scenario("l_sensor_series", "19", "timeseries", keyspace_reset=TS)
def sensor_series():
    """A Thrift time-series app: readings as TimeUUIDType columns with a TTL, one row per
    sensor and day (CompositeType names for the rollups), the latest readings read reversed,
    a time window, a day row paged with get_paged_slice, TTLs read back; and the errors: a
    name that is no UUID, a composite of the wrong arity, a reversed window given forwards."""
    raw_cf = D.cf_def(TS, "readings", comparator="TimeUUIDType", key_validation=UTF8,
                      default_validation="DoubleType")
    roll = D.cf_def(TS, "rollups", comparator="CompositeType(UTF8Type,LongType)",
                    key_validation=UTF8, default_validation="LongType")
    steps = [V.system_add_keyspace(D.ks_def(TS, [raw_cf, roll])), V.set_keyspace(TS)]
    for n in range(10):
        steps.append(V.insert("s1:2013-06-01", cp("readings"),
                              col(D.timeuuid(100 + n), dbl(20.0 + n / 4), 100 + n,
                                  ttl=86400 if n % 2 else None)))
    steps.append(V.batch_mutate({"s2:2013-06-01": {"readings": [
        D.ins(D.timeuuid(200 + n), dbl(-1.5 * n), 200 + n) for n in range(4)]}}))

    def comp(s, n):
        sb = s.encode()
        return _st.pack(">H", len(sb)) + sb + b"\x00" + _st.pack(">H", 8) + D.long_(n) + b"\x00"
    steps.append(V.batch_mutate({"s1": {"rollups": [
        D.ins(comp(k, h), D.long_(h * 3 + len(k)), 300 + h)
        for k in ("avg", "max") for h in range(3)]}}))
    steps += [V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=b"", finish=b"", reversed=True, count=3)),
              V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=D.timeuuid(103), finish=D.timeuuid(106), count=100)),
              V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=D.timeuuid(103), finish=D.timeuuid(106), reversed=True,
                                 count=100)),
              V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=D.timeuuid(106), finish=D.timeuuid(103), reversed=True,
                                 count=100)),
              V.get("s1:2013-06-01", path("readings", D.timeuuid(101))),
              V.get_count("s1:2013-06-01", cp("readings"), D.pred(start="", count=100)),
              V.get_slice("s1", cp("rollups"), D.pred(start=comp("max", 0), finish=b"",
                                                      count=10)),
              V.get_slice("s1", cp("rollups"), D.pred(start=comp("avg", 1), finish=comp("avg", 2),
                                                      count=10)),
              V.get_paged_slice("readings", D.key_range(start_key="", end_key="", count=2),
                                D.timeuuid(108)),
              V.get_paged_slice("readings", D.key_range(start_token=MIN_TOKEN,
                                                        end_token=MIN_TOKEN, count=5), b""),
              V.multiget_slice(["s1:2013-06-01", "s2:2013-06-01", "s3:2013-06-01"],
                               cp("readings"), D.pred(start="", count=2)),
              # errors
              V.insert("s1:2013-06-01", cp("readings"), col("2013-06-01T10:00", dbl(1), 400)),
              V.insert("s1:2013-06-01", cp("readings"), col(D.uuid_(
                  "6b2fd9a0-1c4f-4a3c-9d5e-0123456789ab"), dbl(1), 401)),
              V.insert("s1", cp("rollups"), col(b"\x00\x03avg\x00", D.long_(1), 402)),
              V.insert("s1", cp("rollups"), col(comp("avg", 9) + b"\x00\x01x\x00", D.long_(1),
                                                403)),
              V.insert("s1:2013-06-01", cp("readings"), col(D.timeuuid(120), b"\x01\x02", 404)),
              V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=D.timeuuid(106), finish=D.timeuuid(103), count=100)),
              V.get_slice("s1:2013-06-01", cp("readings"), D.pred(start=b"abc", count=10)),
              V.remove("s1:2013-06-01", path("readings", D.timeuuid(109)), 500),
              V.get_slice("s1:2013-06-01", cp("readings"),
                          D.pred(start=b"", finish=b"", reversed=True, count=2)),
              cql("SELECT * FROM readings LIMIT 2"),
              cql("SELECT key, column1, value FROM rollups WHERE key = 's1' AND column1 = 'avg'")]
    return steps


# ---------------------------------------------------------------- lightweight transactions
LW = "l_lwt"


@scenario("l_lwt_users", "19", "lwt", keyspace_reset=LW)
def lwt_users():
    """User registration with lightweight transactions: CQL 3 INSERT ... IF NOT EXISTS and
    UPDATE ... IF over Thrift, and (2.0+) the Thrift `cas` call of a Hector/Astyanax build for
    2.0 on a column family of its own; on 1.2 the same CQL is refused by the grammar."""
    cf = D.cf_def(LW, "accounts_thrift", comparator=UTF8, key_validation=UTF8,
                  default_validation=UTF8)
    steps = [ks_cql(LW), V.set_keyspace(LW), V.system_add_column_family(cf),
             cql("CREATE TABLE users (login text PRIMARY KEY, email text, version int)"),
             cql("INSERT INTO users (login, email, version) VALUES ('ann', 'a@x', 1) "
                 "IF NOT EXISTS"),
             cql("INSERT INTO users (login, email, version) VALUES ('ann', 'b@x', 1) "
                 "IF NOT EXISTS"),
             cql("UPDATE users SET email = 'a2@x', version = 2 WHERE login = 'ann' IF version = 1"),
             cql("UPDATE users SET email = 'a3@x', version = 3 WHERE login = 'ann' IF version = 1"),
             cql("UPDATE users SET email = 'z@x' WHERE login = 'zed' IF email = 'y@x'"),
             cql("DELETE FROM users WHERE login = 'ann' IF version = 5"),
             cql("SELECT login, email, version FROM users WHERE login = 'ann'", cl=D.QUORUM),
             cql("INSERT INTO users (login, email) VALUES ('bob', 'b@x') USING TIMESTAMP 100 "
                 "IF NOT EXISTS")]
    if NEWER:
        # a cas that applies writes at its ballot's time: only refused ones are read back
        steps += [cql("SELECT * FROM users WHERE login = 'ann'", cl=9),
                  V.insert("ann", cp("accounts_thrift"), col("email", "a@x", 10)),
                  cas("ann", "accounts_thrift", [], [col("email", "b@x", 11)]),
                  cas("ann", "accounts_thrift", [col("email", "nope", 10)],
                      [col("email", "d@x", 13)]),
                  cas("ann", "accounts_thrift", [col("email", "a@x", 10), col("v", "1", 10)],
                      [col("email", "d@x", 13)]),
                  cas("bob", "accounts_thrift", [col("email", "x", 10)], [col("email", "e@x", 14)]),
                  cas("cid", "accounts_thrift", [], [col("email", "c@x", 16)], serial=D.ONE),
                  cas("cid", "accounts_thrift", [], [col("email", "c@x", 16)], commit=9),
                  cas("ann", "accounts_thrift", [col("email", "a@x", 10)],
                      [col("email", "c@x", 12), col("v", "2", 12)]),
                  cas("cid", "accounts_thrift", [], [col("email", "c@x", 16)]),
                  V.get_count("ann", cp("accounts_thrift"), D.pred(start="", count=10), cl=9),
                  V.multiget_count(["ann", "bob", "cid"], cp("accounts_thrift"),
                                   D.pred(start="", count=10)),
                  # a client leaving `expected` unset (the node closes the connection: last)
                  cas("dan", "accounts_thrift", None, [col("email", "d@x", 17)])]
    else:
        steps += [V.insert("ann", cp("accounts_thrift"), col("email", "a@x", 10)),
                  V.get_slice("ann", cp("accounts_thrift"), D.pred(start="", count=10))]
    return steps


# ---------------------------------------------------------------- indexes through Thrift
IX = "l_catalog"


@scenario("l_catalog_index", "19", "index", keyspace_reset=IX)
def catalog_index():
    """A product catalogue on secondary indexes through Thrift (a Hector IndexedSlicesQuery):
    the indexed columns declared with the column family, rows written, then EQ with GT/LTE
    refinements, paging by start key, an index added later by system_update_column_family and
    the errors: no EQ on an indexed column, a value of the wrong type, an unknown column."""
    prod = D.cf_def(IX, "products", comparator=UTF8, key_validation=UTF8, default_validation=UTF8,
                    column_metadata=[D.column_def("category", UTF8, D.KEYS_INDEX, "products_cat"),
                                     D.column_def("price", "Int32Type"),
                                     D.column_def("stock", LONG, D.KEYS_INDEX)])
    steps = [V.system_add_keyspace(D.ks_def(IX, [prod])), V.set_keyspace(IX),
             V.describe_keyspace(IX)]
    cats = ["books", "music", "books", "toys", "books", "music", "books"]
    for i, c in enumerate(cats):
        steps.append(V.batch_mutate({"sku%03d" % i: {"products": [
            D.ins("category", c, 10), D.ins("price", D.int32(100 * i + 5), 10),
            D.ins("stock", D.long_(i % 3), 10), D.ins("title", "Item %d" % i, 10)]}}))
    steps += [V.get_indexed_slices(cp("products"), D.index_clause(
        [D.index_expr("category", D.EQ, "books")], count=10), D.pred(names=["title", "price"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("category", D.EQ, "books"), D.index_expr("price", D.GT, D.int32(205))],
            count=10), D.pred(names=["title"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("category", D.EQ, "books"), D.index_expr("stock", D.LTE, D.long_(1))],
            count=2), D.pred(start="", count=10)),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("stock", D.EQ, D.long_(0))], start_key="sku003", count=10),
            D.pred(names=["stock"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("price", D.GT, D.int32(0))], count=10), D.pred(names=["title"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("category", D.EQ, "games")], count=10), D.pred(names=["title"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("stock", D.EQ, "zero")], count=10), D.pred(names=["title"])),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("colour", D.EQ, "red")], count=10), D.pred(names=["title"])),
        V.get_indexed_slices(cp("products"), D.index_clause([], count=10),
                             D.pred(names=["title"])),
        V.insert("sku001", cp("products"), col("price", "cheap", 20)),
        V.insert("sku001", cp("products"), col("category", "books", 21)),
        V.remove("sku004", path("products", "category"), 22),
        V.get_indexed_slices(cp("products"), D.index_clause(
            [D.index_expr("category", D.EQ, "books")], count=10), D.pred(names=["title"])),
        V.get_range_slices(cp("products"), D.pred(names=["category"]), D.key_range(
            start_key="", end_key="", count=3,
            row_filter=[D.index_expr("category", D.EQ, "music")])),
        cql("SELECT key, title FROM products WHERE category = 'books'"),
        V.system_update_column_family(D.cf_def(
            IX, "products", comparator=UTF8, key_validation=UTF8, default_validation=UTF8,
            column_metadata=[D.column_def("category", UTF8, D.KEYS_INDEX, "products_cat"),
                             D.column_def("price", "Int32Type", D.KEYS_INDEX, "products_cat"),
                             D.column_def("stock", LONG, D.KEYS_INDEX)])),
        V.system_update_column_family(D.cf_def(
            IX, "products", comparator=UTF8, key_validation=UTF8, default_validation=UTF8,
            column_metadata=[D.column_def("category", UTF8, D.KEYS_INDEX, "products_cat"),
                             D.column_def("price", "Int32Type")])),
        V.describe_keyspace(IX)]
    return steps


# ---------------------------------------------------------------- a client built for a later IDL
UP = "l_upgrade"


@scenario("l_later_client", "19", "upgrade", keyspace_reset=UP)
def later_client():
    """A client library built against 2.1's IDL (Astyanax/Hector of 2014) on this release:
    a CfDef carrying 2.0's and 2.1's fields, LOCAL_ONE and SERIAL consistency, cas and
    get_multi_slice, describe_local_ring; then the same application's ordinary reads."""
    cf = D.cf_def(UP, "items", comparator=UTF8, key_validation=UTF8, default_validation=UTF8,
                  extra={39: W.i32(0), 40: W.i32(0), 42: D.b("99.0PERCENTILE"),
                         44: D.b("100"), 45: W.i32(128), 46: W.i32(2048),
                         34: D.b("KEYS_ONLY")})
    cf2 = D.cf_def(UP, "ttl_items", comparator=UTF8, key_validation=UTF8,
                   default_validation=UTF8, extra={40: W.i32(3600), 41: W.i32(256)})
    steps = [describe_version(),
             V.system_add_keyspace(D.ks_def(UP, [cf])), V.set_keyspace(UP),
             V.system_add_column_family(cf2), V.describe_keyspace(UP),
             V.insert("k1", cp("items"), col("a", "1", 10), cl=11),
             V.insert("k1", cp("items"), col("b", "2", 11), cl=D.ONE),
             V.insert("k2", cp("ttl_items"), col("a", "1", 12)),
             V.get_slice("k1", cp("items"), D.pred(start="", count=10), cl=11),
             V.get_slice("k1", cp("items"), D.pred(start="", count=10), cl=9),
             V.get_slice("k2", cp("ttl_items"), D.pred(start="", count=10)),
             get_multi_slice("k1", "items", [("a", "a"), ("b", "")]),
             describe_local_ring(UP),
             V.get_range_slices(cp("items"), D.pred(start="", count=10),
                                D.key_range(start_key="", end_key="", count=10), cl=11),
             cas("k3", "items", [], [col("a", "x", 13)]),
             V.batch_mutate({"k4": {"items": [D.ins("z", "9", 14)]}}, cl=10),
             V.get_slice("k1", cp("items"), D.pred(start="", count=10), cl=D.QUORUM)]
    return steps


CT = "l_counters"


@scenario("l_click_counters", "19", "counter", keyspace_reset=CT)
def click_counters():
    """A click-tracking app with counter column families through Thrift (Hector's
    HCounterColumn): per-page and per-day super counters, increments batched, reads by name and
    slice, get_count, a counter removed and incremented again, and the mistakes: a counter
    in a regular column family, a plain insert into the counter family, a TTL'd counter batch,
    a counter read at ANY."""
    pages = D.cf_def(CT, "page_views", comparator=UTF8, key_validation=UTF8,
                     default_validation=COUNTER)
    daily = D.cf_def(CT, "daily", column_type="Super", comparator=UTF8, subcomparator=LONG,
                     key_validation=UTF8, default_validation=COUNTER)
    plain = D.cf_def(CT, "pages", comparator=UTF8, key_validation=UTF8)
    steps = [V.system_add_keyspace(D.ks_def(CT, [pages, daily, plain])), V.set_keyspace(CT)]
    for i in range(5):
        steps.append(V.add("/home", cp("page_views"), D.counter_column("hits", 1)))
    steps += [V.add("/about", cp("page_views"), D.counter_column("hits", 7)),
              V.add("/home", cp("page_views"), D.counter_column("uniques", 2), cl=D.QUORUM),
              V.batch_mutate({"/home": {"daily": [D.mutation(D.cosc(
                  counter_super_column=D.counter_super_column("2013-06-01", [
                      D.counter_column(D.long_(h), h + 1) for h in range(3)])))]},
                  "/about": {"page_views": [D.mutation(D.cosc(
                      counter_column=D.counter_column("hits", -2)))]}}),
              V.get("/home", path("page_views", "hits")),
              V.get("/about", path("page_views", "hits")),
              V.get_slice("/home", cp("page_views"), D.pred(start="", count=10)),
              V.get_slice("/home", cp("daily", "2013-06-01"), D.pred(start="", count=10)),
              V.get("/home", path("daily", D.long_(1), sc="2013-06-01")),
              V.get_count("/home", cp("daily"), D.pred(start="", count=10)),
              V.multiget_slice(["/home", "/about", "/missing"], cp("page_views"),
                               D.pred(names=["hits"])),
              V.get_range_slices(cp("page_views"), D.pred(start="", count=10),
                                 D.key_range(start_key="", end_key="", count=10)),
              V.remove_counter("/about", path("page_views", "hits")),
              V.get("/about", path("page_views", "hits")),
              V.remove_counter("/home", path("daily", sc="2013-06-01")),
              V.get_slice("/home", cp("daily"), D.pred(start="", count=10)),
              # mistakes
              V.add("/home", cp("pages"), D.counter_column("hits", 1)),
              V.insert("/home", cp("page_views"), col("hits", D.long_(1), 20)),
              V.batch_mutate({"/home": {"page_views": [D.ins("hits", D.long_(1), 21, ttl=60)]}}),
              V.add("/home", cp("page_views"), D.counter_column("hits", 1), cl=D.ANY),
              V.get("/home", path("page_views", "hits"), cl=D.ANY),
              V.remove("/home", path("page_views", "hits"), 22),
              V.add("/home", cp("daily"), D.counter_column("x", 1)),
              V.batch_mutate({"/home": {"page_views": [D.mutation(deletion_=D.deletion(
                  predicate=D.pred(names=["uniques"])))]}}),
              V.get_slice("/home", cp("page_views"), D.pred(start="", count=10)),
              cql('SELECT * FROM page_views'),
              cql("UPDATE page_views SET value = value + 1 WHERE key = '/home' AND "
                  "column1 = 'hits'"),
              V.get("/home", path("page_views", "hits"))]
    return steps


# ================================================================ second round
CS = "l_cqlsh"


@scenario("l_cqlsh_session", "19", "cql3", keyspace_reset=CS)
def cqlsh_session():
    """A cqlsh session of the Thrift era (cqlsh 1.2/2.0 on the `cql` module): it asks the
    version, reads system.local and the schema tables to learn the cluster and complete names,
    a user creates a keyspace and a table, types some statements with mistakes (a keyword as a
    name, a missing quote, DESCRIBE sent as CQL, an auth statement with auth off), turns
    TRACING ON for one query and reads the schema back."""
    steps = [describe_version(), V.describe_cluster_name(),
             cql("SELECT cluster_name, release_version, cql_version, partitioner, data_center, "
                 "rack FROM system.local WHERE key = 'local'"),
             cql("SELECT peer, data_center FROM system.peers"),
             cql("SELECT keyspace_name, strategy_class, durable_writes FROM "
                 "system.schema_keyspaces WHERE keyspace_name = 'system'"),
             cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                 "'replication_factor': '1'} AND durable_writes = false" % CS),
             cql("USE %s" % CS),
             cql("CREATE TABLE people (name text PRIMARY KEY, age int, emails set<text>)"),
             cql("INSERT INTO people (name, age, emails) VALUES ('ann', 31, {'a@x', 'ann@y'}) "
                 "USING TIMESTAMP 1000"),
             cql("INSERT INTO people (name, age) VALUES ('bob', 'thirty') USING TIMESTAMP 1001"),
             cql("INSERT INTO people (name, age) VALUES ('bob, 30) USING TIMESTAMP 1001"),
             cql("INSERT INTO people (name, age) VALUES ('bob', 30) USING TIMESTAMP 1002"),
             cql("SELECT * FROM people"),
             cql("select name, AGE from PEOPLE where NAME = 'ann'"),
             cql("SELECT * FROM people WHERE age = 30"),
             cql("DESCRIBE TABLE people"),
             cql("LIST USERS"),
             cql("CREATE USER bob WITH PASSWORD 'pw' NOSUPERUSER"),
             cql("GRANT SELECT ON KEYSPACE %s TO bob" % CS),
             trace_next_query(),
             cql("SELECT age FROM people WHERE name = 'bob'"),
             cql("SELECT columnfamily_name, key_validator, comparator, default_validator FROM "
                 "system.schema_columnfamilies WHERE keyspace_name = '%s'" % CS),
             cql("SELECT * FROM system.schema_columns WHERE keyspace_name = '%s' AND "
                 "columnfamily_name = 'people'" % CS),
             cql("SELECT * FROM system.schema_keyspaces WHERE keyspace_name = '%s'" % CS),
             cql("UPDATE people USING TIMESTAMP 1003 SET emails = emails + {'b@x'} "
                 "WHERE name = 'bob'"),
             cql("SELECT name, emails FROM people WHERE name IN ('ann', 'bob')"),
             cql("TRUNCATE people"),
             cql("SELECT COUNT(*) FROM people"),
             cql("DROP KEYSPACE %s" % CS),
             cql("SELECT * FROM people")]
    return steps


CO = "l_colls"


@scenario("l_collections_app", "19", "cql3", keyspace_reset=CO)
def collections_app():
    """A CQL 3 application on collections (a shopping cart, tags, preferences): list append
    and prepend, set add and remove, map puts and deletes by key, a list element set and
    deleted by index, collection TTLs, reads back through CQL 3 and through Thrift's
    get_slice of the same row (an app mixing both), and the errors: an index past the end, a
    collection in a WHERE clause, a list in a set column, null in a set."""
    steps = [ks_cql(CO), V.set_keyspace(CO),
             cql("CREATE TABLE carts (user text PRIMARY KEY, items list<text>, tags set<text>, "
                 "prefs map<text, int>, seen list<timestamp>)")]
    steps += [cql(q) for q in [
        "INSERT INTO carts (user, items, tags, prefs) VALUES ('ann', ['apple', 'pear'], "
        "{'new', 'vip'}, {'size': 2, 'color': 7}) USING TIMESTAMP 1000",
        "UPDATE carts USING TIMESTAMP 1001 SET items = items + ['plum'] WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1002 SET items = ['fig'] + items WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1003 SET tags = tags - {'new'}, tags = tags + {'gold'} "
        "WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1004 SET prefs['size'] = 3, prefs['lang'] = 1 "
        "WHERE user = 'ann'",
        "SELECT * FROM carts WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1005 SET items[1] = 'kiwi' WHERE user = 'ann'",
        "DELETE items[0] FROM carts USING TIMESTAMP 1006 WHERE user = 'ann'",
        "DELETE prefs['color'] FROM carts USING TIMESTAMP 1007 WHERE user = 'ann'",
        "SELECT items, prefs FROM carts WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1008 SET items[9] = 'x' WHERE user = 'ann'",
        "UPDATE carts USING TIMESTAMP 1008 SET items[0] = 'x' WHERE user = 'nobody'",
        "UPDATE carts USING TIMESTAMP 1009 SET items = items - ['plum'] WHERE user = 'ann'",
        "UPDATE carts USING TTL 100 AND TIMESTAMP 1010 SET tags = tags + {'temp'} "
        "WHERE user = 'bob'",
        "SELECT tags FROM carts WHERE user = 'bob'",
        "SELECT * FROM carts WHERE tags = {'vip'}",
        "UPDATE carts SET tags = tags + ['x'] WHERE user = 'ann'",
        "UPDATE carts SET tags = tags + {null} WHERE user = 'ann'",
        "UPDATE carts SET prefs = prefs + {'a': 'b'} WHERE user = 'ann'",
        "UPDATE carts SET items = items + {'x'} WHERE user = 'ann'",
        "INSERT INTO carts (user, seen) VALUES ('cid', ['2013-06-01 10:00:00+0000', 0]) "
        "USING TIMESTAMP 1011",
        "SELECT seen FROM carts WHERE user = 'cid'",
        "DELETE tags FROM carts USING TIMESTAMP 1012 WHERE user = 'ann'",
        "SELECT user, tags FROM carts"]]
    # (a list's cell names are the server's timeuuids: Thrift reads rows without lists)
    steps += [V.get_slice("bob", cp("carts"), D.pred(start="", count=20)),
              V.get_count("ann", cp("carts"), D.pred(start="", count=100)),
              V.multiget_count(["ann", "bob", "cid"], cp("carts"), D.pred(start="", count=100))]
    return steps


HC = "l_hcomp"


def comp_name(*parts, eoc=0):
    """A CompositeType name; `eoc` is the last component's end-of-component byte."""
    out = b""
    for i, p in enumerate(parts):
        v = p if isinstance(p, bytes) else (p.encode() if isinstance(p, str) else D.long_(p))
        last = i == len(parts) - 1
        out += _st.pack(">H", len(v)) + v + (bytes([eoc & 0xff]) if last else b"\x00")
    return out


@scenario("l_hector_composites", "19", "hector", keyspace_reset=HC)
def hector_composites():
    """A Hector application on CompositeType and DynamicCompositeType column names (an event
    store: (LongType day, UTF8Type kind) names), sliced as Hector's Composite with
    ComponentEquality built them (EQUAL, GREATER_THAN_EQUAL, LESS_THAN_EQUAL end-of-component
    bytes), reversed, counted, deleted by name; a DynamicCompositeType with aliases; and the
    errors: a component of the wrong type, a slice whose start sorts after its finish."""
    ev = D.cf_def(HC, "events", comparator="CompositeType(LongType,UTF8Type)",
                  key_validation=UTF8, default_validation=UTF8)
    dyn = D.cf_def(HC, "dyn", comparator="DynamicCompositeType(a=>AsciiType,l=>LongType,"
                   "u=>UTF8Type)", key_validation=UTF8, default_validation=UTF8)
    steps = [V.system_add_keyspace(D.ks_def(HC, [ev, dyn])), V.set_keyspace(HC),
             V.describe_keyspace(HC)]
    muts = []
    for day in (20130601, 20130602, 20130603):
        for kind in ("click", "login", "view"):
            muts.append(D.ins(comp_name(day, kind), "%d-%s" % (day, kind), 10))
    steps += [V.batch_mutate({"u1": {"events": muts}}),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130602, eoc=0), finish=comp_name(20130602, eoc=1),
                  count=100)),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130602, eoc=-1), finish=comp_name(20130602, eoc=0),
                  count=100)),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130602, "login", eoc=0), finish=comp_name(20130603, eoc=1),
                  count=100)),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130603, eoc=1), finish=comp_name(20130601, "view", eoc=0),
                  reversed=True, count=4)),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130602, eoc=1), finish=comp_name(20130602, eoc=-1),
                  reversed=True, count=100)),
              V.get_count("u1", cp("events"), D.pred(
                  start=comp_name(20130601, eoc=0), finish=comp_name(20130602, eoc=1),
                  count=100)),
              V.get("u1", path("events", comp_name(20130601, "view"))),
              V.remove("u1", path("events", comp_name(20130601, "view")), 11),
              V.batch_mutate({"u1": {"events": [D.mutation(deletion_=D.deletion(12, predicate=D.pred(
                  names=[comp_name(20130603, "click"), comp_name(20130603, "login")])))]}}),
              V.get_slice("u1", cp("events"), D.pred(start="", count=100)),
              V.multiget_count(["u1", "u2"], cp("events"), D.pred(start="", count=100)),
              # errors
              V.insert("u1", cp("events"), col(comp_name("day1", "click"), "x", 13)),
              V.insert("u1", cp("events"), col(comp_name(1, "a", "extra"), "x", 13)),
              V.get_slice("u1", cp("events"), D.pred(
                  start=comp_name(20130603, eoc=0), finish=comp_name(20130601, eoc=0), count=10)),
              cql("SELECT * FROM events WHERE key = 'u1' AND column1 = 20130602")]

    def dname(*parts):
        out = b""
        for alias, v in parts:
            vb = v.encode() if isinstance(v, str) else D.long_(v)
            out += _st.pack(">H", 0x8000 | ord(alias)) + _st.pack(">H", len(vb)) + vb + b"\x00"
        return out
    steps += [V.batch_mutate({"d1": {"dyn": [
        D.ins(dname(("l", 5), ("u", "five")), "v5", 20),
        D.ins(dname(("l", 2)), "v2", 20),
        D.ins(dname(("a", "abc")), "va", 20),
        D.ins(dname(("l", 2), ("u", "two")), "v2b", 20)]}}),
        V.get_slice("d1", cp("dyn"), D.pred(start="", count=100)),
        V.get_slice("d1", cp("dyn"), D.pred(start=dname(("l", 2)), finish=dname(("l", 3)),
                                            count=100)),
        V.insert("d1", cp("dyn"), col(dname(("z", "x")), "bad", 21))]
    return steps


V21 = "l_v21"


@scenario("l_udt_app", "19", "cql3", keyspace_reset=V21)
def udt_app():
    """An application written for 2.1's CQL (user types, tuples, frozen collections, indexes
    on collections queried with CONTAINS / CONTAINS KEY, a static column): what 2.1 and 2.2
    ran, and what 1.2 and 2.0 refused of it, statement by statement."""
    steps = [ks_cql(V21), V.set_keyspace(V21)]
    steps += [cql(q) for q in [
        "CREATE TYPE address (street text, city text, zip int)",
        "CREATE TABLE users (id int PRIMARY KEY, name text, home frozen<address>, "
        "pos tuple<int, text>, tags set<text>, attrs map<text, text>)",
        "CREATE TABLE users (id int PRIMARY KEY, name text, tags set<text>, "
        "attrs map<text, text>)",
        "CREATE INDEX users_tags ON users (tags)",
        "CREATE INDEX users_attr_keys ON users (KEYS(attrs))",
        "INSERT INTO users (id, name, home, pos, tags, attrs) VALUES (1, 'ann', "
        "{street: '1 Main', city: 'Oslo', zip: 150}, (3, 'x'), {'a', 'b'}, {'k': 'v'}) "
        "USING TIMESTAMP 1000",
        "INSERT INTO users (id, name, tags, attrs) VALUES (2, 'bob', {'b', 'c'}, "
        "{'j': 'w'}) USING TIMESTAMP 1001",
        "SELECT id, name FROM users WHERE tags CONTAINS 'b'",
        "SELECT id FROM users WHERE attrs CONTAINS KEY 'j'",
        "SELECT id FROM users WHERE attrs CONTAINS 'v'",
        "SELECT home.city, pos FROM users WHERE id = 1",
        "UPDATE users USING TIMESTAMP 1002 SET home = {street: '2 Side', city: 'Bergen'} "
        "WHERE id = 1",
        "SELECT home FROM users WHERE id = 1",
        "ALTER TYPE address ADD country text",
        "CREATE TABLE shelf (id int, part int, owner text static, PRIMARY KEY (id, part))",
        "INSERT INTO shelf (id, part, owner) VALUES (1, 1, 'ann') USING TIMESTAMP 1003",
        "SELECT * FROM shelf",
        "DROP TYPE address",
        "SELECT * FROM users"]]
    return steps


V22 = "l_v22"


@scenario("l_v22_features", "19", "cql3", keyspace_reset=V22)
def v22_features():
    """An application written for 2.2's CQL (date, time, smallint and tinyint columns, INSERT
    JSON and SELECT JSON, aggregates, a user function while they are off in the yaml, and
    toDate/toTimestamp): what 2.2 ran and what older releases refused of it."""
    steps = [ks_cql(V22), V.set_keyspace(V22)]
    steps += [cql(q) for q in [
        "CREATE TABLE readings (sensor text, day date, at time, v smallint, q tinyint, "
        "PRIMARY KEY (sensor, day, at))",
        "CREATE TABLE vals (sensor text, n int, v double, PRIMARY KEY (sensor, n))",
        "INSERT INTO readings (sensor, day, at, v, q) VALUES ('s1', '2015-06-01', "
        "'10:00:00.000', 12, 1) USING TIMESTAMP 1000",
        "SELECT * FROM readings",
        "INSERT INTO vals JSON '{\"sensor\": \"s1\", \"n\": 1, \"v\": 2.5}'",
        "INSERT INTO vals (sensor, n, v) VALUES ('s1', 2, 4.0) USING TIMESTAMP 1001",
        "INSERT INTO vals (sensor, n, v) VALUES ('s1', 3, -1.5) USING TIMESTAMP 1002",
        "SELECT JSON sensor, n, v FROM vals WHERE sensor = 's1'",
        "SELECT count(v), min(v), max(v), sum(n), avg(v) FROM vals WHERE sensor = 's1'",
        "SELECT sensor, count(*) FROM vals WHERE sensor = 's1'",
        "SELECT toJson(v) FROM vals WHERE sensor = 's1' AND n = 2",
        "CREATE FUNCTION twice (x double) CALLED ON NULL INPUT RETURNS double "
        "LANGUAGE java AS 'return x * 2;'",
        "SELECT n, v FROM vals WHERE sensor = 's1' AND n > 1",
        "SELECT n, writetime(v) FROM vals WHERE sensor = 's1' AND n = 3"]]
    return steps


OLD = "l_oldcql"


@scenario("l_cql_module_legacy", "19", "cql-legacy", keyspace_reset=OLD)
def cql_module_legacy():
    """A Python `cql` module build of 1.2's time that sets its CQL version and runs through
    execute_cql_query (CQL 2, or CQL 3 after set_cql_version "3.0.0") and prepare_cql_query /
    execute_prepared_cql_query, beside execute_cql3_query: the versions it asked for, the old
    calls' answers on each release, and a CQL 2 statement sent to execute_cql3_query."""
    steps = [V.set_cql_version("2.0.0"),
             V.execute_cql_query("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
                                 "AND strategy_options:replication_factor = 1" % OLD),
             V.set_cql_version("3.0.0"),
             V.set_cql_version("3.1.0"),
             V.set_cql_version("4.0.0"),
             V.set_cql_version("3.0.0"),
             V.execute_cql_query("CREATE KEYSPACE %s WITH replication = {'class': "
                                 "'SimpleStrategy', 'replication_factor': 1}" % OLD),
             ks_cql(OLD), V.set_keyspace(OLD),
             cql("CREATE TABLE t (k text PRIMARY KEY, v text)"),
             V.execute_cql_query("INSERT INTO t (k, v) VALUES ('a', 'x')"),
             V.execute_cql_query("SELECT * FROM t WHERE k = 'a'").mask("0/2/*/2/*/3"),
             cql("INSERT INTO t (k, v) VALUES ('b', 'y') USING TIMESTAMP 1000"),
             cql("SELECT * FROM t WHERE k = 'b'"),
             cql("UPDATE t USING CONSISTENCY QUORUM SET v = 'z' WHERE k = 'b'"),
             cql("SELECT * FROM t WHERE KEY = 'b'"),
             D.raw("prepare_cql_query", {1: D.b("SELECT * FROM t WHERE k = ?"), 2: W.i32(2)}),
             D.raw("execute_prepared_cql_query", {1: W.i32(1), 2: W.list_("bin", [D.b("b")])}),
             cql("SELECT v FROM t WHERE k = 'b'")]
    return steps


SU = "l_superapp"


@scenario("l_super_columns_app", "19", "super", keyspace_reset=SU)
def super_columns_app():
    """An older-model application still on super column families (a per-user inbox of
    conversations, sub-columns per message): super columns written in batches, read by
    super column and by slices of super columns, counted, sub-columns removed singly and
    with a batch deletion, a whole super column removed, ranges over rows; paged slices and
    CQL 3 on a super family, and a sub-column path into a standard family."""
    inbox = D.cf_def(SU, "inbox", column_type="Super", comparator=UTF8, subcomparator=LONG,
                     key_validation=UTF8, default_validation=UTF8)
    plain = D.cf_def(SU, "users", comparator=UTF8, key_validation=UTF8)
    steps = [V.system_add_keyspace(D.ks_def(SU, [inbox, plain])), V.set_keyspace(SU)]
    for u in ("ann", "bob"):
        steps.append(V.batch_mutate({u: {"inbox": [
            D.mutation(D.cosc(super_column=D.super_column(conv, [
                col(D.long_(m), "%s %s %d" % (u, conv, m), 10 + m) for m in range(3)])))
            for conv in ("c-family", "c-work", "c-zoo")]}}))
    steps += [V.get("ann", path("inbox", sc="c-work")),
              V.get("ann", path("inbox", D.long_(1), sc="c-work")),
              V.get_slice("ann", cp("inbox"), D.pred(start="c-g", finish="", count=1)),
              V.get_slice("ann", cp("inbox"), D.pred(names=["c-zoo", "c-none"])),
              V.get_slice("ann", cp("inbox", "c-family"), D.pred(start=D.long_(1), count=5)),
              V.get_count("ann", cp("inbox"), D.pred(start="", count=100)),
              V.get_count("ann", cp("inbox", "c-work"), D.pred(start="", count=100)),
              V.multiget_slice(["ann", "bob", "cid"], cp("inbox", "c-zoo"),
                               D.pred(names=[D.long_(0), D.long_(2)])),
              V.remove("ann", path("inbox", D.long_(0), sc="c-work"), 20),
              V.batch_mutate({"ann": {"inbox": [D.mutation(deletion_=D.deletion(
                  21, sc="c-zoo", predicate=D.pred(names=[D.long_(1)])))]}}),
              V.remove("bob", path("inbox", sc="c-family"), 22),
              V.get_slice("ann", cp("inbox"), D.pred(start="", count=10)),
              V.get_range_slices(cp("inbox"), D.pred(start="", count=1),
                                 D.key_range(start_key="", end_key="", count=10)),
              V.get_range_slices(cp("inbox", "c-work"), D.pred(start="", count=10),
                                 D.key_range(start_key="", end_key="", count=10)),
              V.get_paged_slice("inbox", D.key_range(start_key="", end_key="", count=5), ""),
              V.get("ann", path("users", "x", sc="y")),
              V.get("ann", path("inbox", D.long_(1))),
              V.insert("ann", cp("inbox"), col(D.long_(1), "no super", 23)),
              V.insert("ann", cp("inbox", "c-new"), col("notalong", "x", 24)),
              cql("SELECT * FROM inbox")]
    return steps
