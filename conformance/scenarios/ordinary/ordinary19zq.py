"""Ordinary API 19 traffic of applications written for every Thrift release from 0.7.10 to
2.2.19 (author zq), each sent as a library built against the IDL of the release it runs on
(`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not model:
  * Hector's HLockManager (a lock row of TTL'd contender columns at QUORUM, the lock read
    back, released, a TTL of zero and a negative TTL)
  * a Lucene Directory kept in Cassandra (file metadata rows, LongType block rows read by
    block ranges, listAll as a keys-only range scan, renames as one batch, deletes)
  * a payments ledger of IntegerType (varint) entry numbers and LongType amounts (DecimalType
    balances from 1.0), values of the wrong width refused
  * an access-control list in a super column family (resource, principal, permissions)
  * a feature dashboard's CQL of its release (CQL 2 from 0.8 to 1.1, CQL 3 from 1.2)
  * an activity timeline on ReversedType(LongType) names (0.8 on)
  * a webmail inbox on CompositeType(UTF8Type, LongType) names read by folder prefix (0.8 on)
  * a poll's votes in a counter super column family (0.8 on)
  * pycassa's buffered xget and get_range (count+1 pages, the last name or key restarting)
  * a schema evolution script (validators changed, a comparator change refused, a family
    dropped and made again)
  * a message store purging by slice-range deletions and super column deletions
  * a replication factor 2 keyspace on a one-node cluster (the levels that are refused)
  * a keys-only scan for existence checks and the range ghosts removed rows leave
  * a client built against a later IDL (later CfDef fields, later methods)
  * the typed validators of 0.8 and 1.0 (BooleanType, DateType, DoubleType, FloatType,
    UUIDType, Int32Type) with good and bad values
  * a device registry's KEYS index queries with range filters, paged by start_key
  * a session store's TTLs as the client sends them (the limits)
  * a test harness truncating between tests
  * a newcomer's mistakes (keyspaces, paths, predicates, counts, levels)
  * duplicate and missing keys in multigets
  * a news feed of TimeUUIDType names
  * an operator's keyspace updates and the describe calls of keyspaces not there
  * a PHP app's CQL 2 kept through its cluster's upgrades (0.8 on)
  * a hand-typed schema file (odd comparator spellings, composite and dynamic composite types)
  * a hand-rolled client's mutations (both, neither, empty, counts of zero)
  * a driver's CQL version handshake (set_cql_version from 1.1, the 1.1 beta's CQL 3)
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps; CQL writes carry USING TIMESTAMP.
Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of each release."""
import os
import struct
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, int32, uuid_, timeuuid, EQ, GT, GTE, LT, ONE,
                 QUORUM, ALL, ANY, srange, counter_super_column, cosc, mutation)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (cfd, cfd_later, ksd, setup, coldef, md5_token, dele, sins,  # noqa: E402
                 comp, cql2, cql3)

V = kit.version(2)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V12 = V >= (1, 2)

sc = kit.registrar("zq_")

# an absolute CQL timestamp (microseconds) for the writes a SELECT reads back
T = 1356000000000000


def token(key):
    """The key's token under the stock partitioner: RandomPartitioner to 1.1, Murmur3 from
    1.2."""
    return kit.m3_token(key) if V12 else md5_token(key)


def by_token(keys):
    return sorted(keys, key=lambda k: int(token(k)))


def dbl(x):
    return struct.pack(">d", x)


def flt(x):
    return struct.pack(">f", x)


def varint(n):
    """IntegerType's two's-complement big-endian bytes of n, shortest form."""
    ln = max(1, (n + (n < 0)).bit_length() // 8 + 1)
    return n.to_bytes(ln, "big", signed=True)


def decimal(unscaled, scale):
    """DecimalType: a 4-byte scale then the unscaled varint."""
    return struct.pack(">i", scale) + varint(unscaled)


# --------------------------------------------------------------------------- schema evolution
@sc("00_schema_evolution", "schema", "zq_se")
def schema_evolution():
    """A schema evolution script, run first on a fresh node (0.7 to 1.1 want the family's
    id sent back: the id the node gave its first family): a family made, its default
    validator and comment changed, column metadata added, a comparator change refused, a
    validator class that does not exist refused, the family dropped, read after the drop,
    made again with the same name, and the keyspace described between steps."""
    ks = "zq_se"
    base = dict(comparator_type="UTF8Type", default_validation_class="BytesType")
    # the id a fresh node gave the first family made (0.7 to 1.1 wanted it sent back)
    cf_id = None if V12 else kit.cfid(0)
    steps = setup(ks, [cfd(ks, "profiles", **base)])
    steps += [
        v19.insert("u1", cparent("profiles"), column("bio", "hello", 10)),
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            comment="v2", id=cf_id)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type", comment="v3",
                                            column_metadata=[coldef("age", "LongType")],
                                            id=cf_id)),
        v19.insert("u1", cparent("profiles"), column("age", "old", 11)),
        v19.insert("u1", cparent("profiles"), column("age", long_(44), 11)),
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type="AsciiType",
                                            default_validation_class="UTF8Type", id=cf_id)),
        # 1.1 answers the comparator change by closing the connection: the client reconnects
        v19.set_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "profiles", comparator_type="UTF8Type",
                                            default_validation_class="NoSuchType", id=cf_id)),
        v19.system_add_column_family(cfd(ks, "profiles", **base)),
        v19.system_drop_column_family("profiles"),
        v19.get_slice("u1", cparent("profiles"), pred(start="", count=10)),
        v19.system_drop_column_family("profiles"),
        v19.system_add_column_family(cfd(ks, "profiles", **base)),
        v19.get_slice("u1", cparent("profiles"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector locks
@sc("09_hector_locks", "ttl", "zq_lk")
def hector_locks():
    """Hector's HLockManager: its HLocks family, a contender's column (its lock id) written
    with a TTL at QUORUM, the lock row read to see who else is there, a second contender
    arriving, the first releasing by removing its column, the second seeing itself alone,
    then its users' mistakes: a TTL of zero and a negative TTL, a lock read at ANY."""
    ks = "zq_lk"
    steps = setup(ks, [cfd(ks, "HLocks", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.insert("/app/jobs", cparent("HLocks"), column("_lock_a1", "1", 10, ttl=5000),
                   QUORUM),
        v19.get_slice("/app/jobs", cparent("HLocks"), pred(start="", count=100), QUORUM),
        v19.insert("/app/jobs", cparent("HLocks"), column("_lock_b2", "1", 11, ttl=5000),
                   QUORUM),
        v19.get_slice("/app/jobs", cparent("HLocks"), pred(start="", count=100), QUORUM),
        v19.get_count("/app/jobs", cparent("HLocks"), pred(start="", count=100), QUORUM),
        v19.remove("/app/jobs", cpath("HLocks", col="_lock_a1"), 12, QUORUM),
        v19.get_slice("/app/jobs", cparent("HLocks"), pred(start="", count=100), QUORUM),
        v19.batch_mutate({"/app/mail": {"HLocks": [ins("_lock_c3", "1", 13, ttl=5000)]}},
                         QUORUM),
        v19.multiget_slice(["/app/jobs", "/app/mail", "/app/none"], cparent("HLocks"),
                           pred(start="", count=100), QUORUM),
        v19.insert("/app/x", cparent("HLocks"), column("_lock_z", "1", 14, ttl=0), QUORUM),
        v19.insert("/app/x", cparent("HLocks"), column("_lock_z", "1", 14, ttl=-5), QUORUM),
        v19.batch_mutate({"/app/x": {"HLocks": [ins("_lock_z", "1", 14, ttl=0)]}}, QUORUM),
        v19.get_slice("/app/x", cparent("HLocks"), pred(start="", count=100), QUORUM),
        v19.get_slice("/app/jobs", cparent("HLocks"), pred(start="", count=100), ANY),
        v19.remove("/app/jobs", cpath("HLocks"), 20, QUORUM),
        v19.get_slice("/app/jobs", cparent("HLocks"), pred(start="", count=100), QUORUM),
    ]
    return steps


# --------------------------------------------------------------------------- Lucene directory
@sc("01_lucene_directory", "wide", "zq_ld")
def lucene_directory():
    """A Lucene Directory on Cassandra: a `files` family of UTF8Type names (length, modified
    as longs) and a `blocks` family of LongType block numbers under one row per file; an
    index written in blocks, openInput reading block ranges, fileLength by name, listAll as a
    keys-only range scan, a rename as one batch (new rows written, old rows deleted), a file
    deleted, and the ghosts it leaves in listAll."""
    ks = "zq_ld"
    steps = setup(ks, [cfd(ks, "files", comparator_type="UTF8Type"),
                       cfd(ks, "blocks", comparator_type="LongType")])
    files = {"_0.cfs": 7, "_0.fnm": 1, "segments_1": 1, "segments.gen": 1, "_1.cfs": 4}
    for name, n in files.items():
        steps.append(v19.batch_mutate({
            name: {"files": [ins("length", long_(n * 1024), 10), ins("modified", long_(777), 10)],
                   "blocks": [ins(long_(i), bytes([i]) * 16, 10) for i in range(n)]}}))
    steps += [
        v19.get_range_slices(cparent("files"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get("_0.cfs", cpath("files", col="length")),
        v19.get_slice("_0.cfs", cparent("blocks"), pred(start=long_(2), finish=long_(4),
                                                         count=10)),
        v19.get_slice("_0.cfs", cparent("blocks"), pred(start=long_(6), finish=long_(100),
                                                         count=10)),
        v19.get_slice("_0.cfs", cparent("blocks"), pred(start=long_(5), finish=long_(1),
                                                         count=10)),
        v19.get_slice("_0.cfs", cparent("blocks"), pred(start="\x00\x01", count=10)),
        v19.get_count("_1.cfs", cparent("blocks"), pred(start="", count=1000)),
        v19.batch_mutate({
            "_2.cfs": {"files": [ins("length", long_(4096), 20), ins("modified", long_(778), 20)],
                       "blocks": [ins(long_(i), bytes([i]) * 16, 20) for i in range(4)]},
            "_1.cfs": {"files": [dele(None, 21)], "blocks": [dele(None, 21)]}}),
        v19.get_range_slices(cparent("files"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("files"), pred(names=["length"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove("segments_1", cpath("files"), 30),
        v19.remove("segments_1", cpath("blocks"), 30),
        v19.get("segments_1", cpath("files", col="length")),
        v19.multiget_count(list(files), cparent("blocks"), pred(start="", count=1000)),
    ]
    return steps


# --------------------------------------------------------------------------- ledger
@sc("02_varint_ledger", "types", "zq_lg")
def varint_ledger():
    """A payments ledger: one row per account, IntegerType entry numbers (varints, negative
    ones for reversals) with LongType amounts; a `balances` family whose value is a
    DecimalType on 1.0 and later (a LongType of cents before); entries read by ranges of
    entry numbers, newest first, and amounts of the wrong width refused."""
    ks = "zq_lg"
    bal_type = "DecimalType" if V10 else "LongType"
    steps = setup(ks, [cfd(ks, "entries", comparator_type="IntegerType",
                           default_validation_class="LongType"),
                       cfd(ks, "balances", comparator_type="UTF8Type",
                           column_metadata=[coldef("balance", bal_type)])])
    nums = [1, 2, 127, 128, 255, 256, 65536, -1, -129, 10 ** 12]
    steps.append(v19.batch_mutate({"acct-1": {"entries": [
        ins(varint(n), long_(n * 100), 10) for n in nums]}}))
    steps += [
        v19.get_slice("acct-1", cparent("entries"), pred(start="", count=100)),
        v19.get_slice("acct-1", cparent("entries"), pred(start=varint(100), finish=varint(300),
                                                         count=100)),
        v19.get_slice("acct-1", cparent("entries"), pred(start="", reversed=True, count=3)),
        v19.get_slice("acct-1", cparent("entries"), pred(start=varint(0), finish="",
                                                         count=100)),
        v19.get("acct-1", cpath("entries", col=b"\x00\x80")),
        v19.get("acct-1", cpath("entries", col=b"\x80")),
        v19.insert("acct-1", cparent("entries"), column(varint(5), b"\x00\x01", 11)),
        v19.insert("acct-1", cparent("entries"), column(b"", long_(1), 11)),
        v19.insert("acct-2", cparent("balances"), column(
            "balance", decimal(123456, 2) if V10 else long_(123456), 12)),
        v19.insert("acct-2", cparent("balances"), column("balance", b"\x00\x00\x00", 12)),
        v19.insert("acct-2", cparent("balances"), column("note", "opening", 12)),
        v19.get_slice("acct-2", cparent("balances"), pred(start="", count=100)),
        v19.get_count("acct-1", cparent("entries"), pred(start=varint(-200), finish=varint(0),
                                                         count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- ACLs
@sc("03_acl_super", "super", "zq_acl")
def acl_super():
    """An access-control list in a super column family: one row per resource, a super column
    per principal, sub-columns of permissions; a principal's grants read, one permission
    checked, all principals of a resource listed by name only, grants revoked (one permission,
    then a principal), super columns counted, several resources read at once, and the
    mistakes: a get naming a sub-column but no super column, a slice of a standard family
    through a super column."""
    ks = "zq_acl"
    steps = setup(ks, [cfd(ks, "acl", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type"),
                       cfd(ks, "resources", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({
            "/doc/1": {"acl": [sins("user:ann", [("read", "y"), ("write", "y")], 10),
                               sins("group:staff", [("read", "y")], 10),
                               sins("user:bob", [("read", "y"), ("admin", "y")], 10)],
                       "resources": [ins("owner", "ann", 10)]},
            "/doc/2": {"acl": [sins("user:bob", [("read", "y")], 10)]}}),
        v19.get_slice("/doc/1", cparent("acl", sc="user:ann"), pred(start="", count=100)),
        v19.get("/doc/1", cpath("acl", sc="user:bob", col="admin")),
        v19.get("/doc/1", cpath("acl", sc="user:bob", col="delete")),
        v19.get("/doc/1", cpath("acl", sc="group:staff")),
        v19.get_slice("/doc/1", cparent("acl"), pred(start="", count=2)),
        v19.get_slice("/doc/1", cparent("acl"), pred(names=["user:bob", "user:zed"])),
        v19.remove("/doc/1", cpath("acl", sc="user:bob", col="admin"), 11),
        v19.get_slice("/doc/1", cparent("acl", sc="user:bob"), pred(start="", count=100)),
        v19.remove("/doc/1", cpath("acl", sc="user:ann"), 12),
        v19.get_count("/doc/1", cparent("acl"), pred(start="", count=100)),
        v19.get_count("/doc/1", cparent("acl", sc="user:bob"), pred(start="", count=100)),
        v19.multiget_slice(["/doc/1", "/doc/2", "/doc/3"], cparent("acl", sc="user:bob"),
                           pred(names=["read"])),
        v19.get("/doc/1", cpath("acl", col="read")),
        v19.get_slice("/doc/1", cparent("resources", sc="x"), pred(start="", count=10)),
        v19.batch_mutate({"/doc/1": {"acl": [ins("read", "y", 13)]}}),
        v19.get_range_slices(cparent("acl"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- dashboard CQL
@sc("04_dashboard_cql", "cql", "zq_dq", when=V08)
def dashboard_cql():
    """A feature dashboard on the CQL its release's driver spoke: CQL 2 (0.8 to 1.1) or
    CQL 3 (1.2 on): its table made, widgets written with USING TIMESTAMP, read by key, by
    names, counted, one updated, one column deleted, a row deleted, then a misspelt table,
    an unknown column in a SELECT's WHERE, and a string where a number goes."""
    ks = "zq_dq"
    if V12:
        q = cql3
        steps = [kit.ks_cql(ks), v19.set_keyspace(ks),
                 q("CREATE TABLE widgets (id text PRIMARY KEY, title text, pos int, owner text)")]
        steps += [
            q("INSERT INTO widgets (id, title, pos, owner) VALUES ('w1', 'Sales', 1, 'ann') "
              "USING TIMESTAMP %d" % T),
            q("INSERT INTO widgets (id, title, pos, owner) VALUES ('w2', 'Errors', 2, 'bob') "
              "USING TIMESTAMP %d" % T),
            q("SELECT * FROM widgets WHERE id = 'w1'"),
            q("SELECT title, pos FROM widgets WHERE id IN ('w1', 'w2', 'w9')"),
            q("SELECT COUNT(*) FROM widgets"),
            q("UPDATE widgets USING TIMESTAMP %d SET pos = 3 WHERE id = 'w1'" % (T + 1)),
            q("DELETE owner FROM widgets USING TIMESTAMP %d WHERE id = 'w2'" % (T + 1)),
            q("SELECT * FROM widgets WHERE id = 'w2'"),
            q("DELETE FROM widgets USING TIMESTAMP %d WHERE id = 'w1'" % (T + 2)),
            q("SELECT * FROM widgets"),
            q("SELECT * FROM widget WHERE id = 'w1'"),
            q("SELECT * FROM widgets WHERE color = 'red'"),
            q("INSERT INTO widgets (id, pos) VALUES ('w3', 'first') USING TIMESTAMP %d" % T),
        ]
        return steps
    q = cql2
    steps = setup(ks, [])
    steps += [
        q("CREATE COLUMNFAMILY widgets (KEY varchar PRIMARY KEY, title varchar, pos bigint, "
          "owner varchar) WITH comparator = varchar AND default_validation = varchar"),
        q("INSERT INTO widgets (KEY, title, pos, owner) VALUES ('w1', 'Sales', 1, 'ann') "
          "USING TIMESTAMP %d" % T),
        q("INSERT INTO widgets (KEY, title, pos, owner) VALUES ('w2', 'Errors', 2, 'bob') "
          "USING TIMESTAMP %d" % T),
        q("SELECT * FROM widgets WHERE KEY = 'w1'"),
        q("SELECT title, pos FROM widgets WHERE KEY IN ('w1', 'w2', 'w9')"),
        q("SELECT COUNT(*) FROM widgets"),
        q("UPDATE widgets USING TIMESTAMP %d SET pos = 3 WHERE KEY = 'w1'" % (T + 1)),
        q("DELETE owner FROM widgets USING TIMESTAMP %d WHERE KEY = 'w2'" % (T + 1)),
        q("SELECT * FROM widgets WHERE KEY = 'w2'"),
        q("DELETE FROM widgets USING TIMESTAMP %d WHERE KEY = 'w1'" % (T + 2)),
        q("SELECT * FROM widgets"),
        q("SELECT * FROM widget WHERE KEY = 'w1'"),
        q("SELECT * FROM widgets WHERE color = 'red'"),
        q("INSERT INTO widgets (KEY, pos) VALUES ('w3', 'first') USING TIMESTAMP %d" % T),
    ]
    return steps


# --------------------------------------------------------------------------- timeline
@sc("05_reversed_timeline", "comparators", "zq_tl", when=V08)
def reversed_timeline():
    """An activity timeline whose family sorts ReversedType(LongType) names (newest first
    with no reversed flag): events written out of order, the newest page, the next page from
    the last name seen, a time window (start newer than finish), a reversed read (oldest
    first), the window given the wrong way round, events removed by names."""
    ks = "zq_tl"
    steps = setup(ks, [cfd(ks, "timeline", comparator_type="ReversedType(LongType)",
                           default_validation_class="UTF8Type")])
    times = [1000, 5000, 3000, 2000, 4000, 6000, 7000]
    steps.append(v19.batch_mutate({"user:7": {"timeline": [
        ins(long_(t), "event at %d" % t, 10) for t in times]}}))
    steps += [
        v19.get_slice("user:7", cparent("timeline"), pred(start="", count=3)),
        v19.get_slice("user:7", cparent("timeline"), pred(start=long_(5000), count=3)),
        v19.get_slice("user:7", cparent("timeline"), pred(start=long_(6000),
                                                          finish=long_(2000), count=100)),
        v19.get_slice("user:7", cparent("timeline"), pred(start="", reversed=True, count=2)),
        v19.get_slice("user:7", cparent("timeline"), pred(start=long_(2000),
                                                          finish=long_(6000), count=100)),
        v19.get_slice("user:7", cparent("timeline"), pred(start=long_(2000),
                                                          finish=long_(6000), reversed=True,
                                                          count=100)),
        v19.batch_mutate({"user:7": {"timeline": [dele([long_(7000), long_(1000)], 11)]}}),
        v19.get_slice("user:7", cparent("timeline"), pred(start="", count=100)),
        v19.get_count("user:7", cparent("timeline"), pred(start=long_(5000), finish="",
                                                          count=100)),
        v19.insert("user:7", cparent("timeline"), column("yesterday", "bad", 12)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- webmail
@sc("06_composite_inbox", "comparators", "zq_wm", when=V08)
def composite_inbox():
    """A webmail index on CompositeType(UTF8Type, LongType) names (folder, message number):
    one row per mailbox, a folder's messages read by prefix (end-of-component bytes), a page
    from the last message, newest first, a message moved between folders in one batch, and
    names that are not composites refused."""
    ks = "zq_wm"
    steps = setup(ks, [cfd(ks, "mailbox", comparator_type="CompositeType(UTF8Type,LongType)",
                           default_validation_class="UTF8Type")])
    msgs = [("inbox", n) for n in (1, 2, 3, 5, 8)] + [("sent", n) for n in (4, 6)] + \
        [("spam", 7)]
    steps.append(v19.batch_mutate({"ann@example.com": {"mailbox": [
        ins(comp(f, n), "subject %d" % n, 10) for f, n in msgs]}}))
    steps += [
        v19.get_slice("ann@example.com", cparent("mailbox"),
                      pred(start=comp("inbox"), finish=comp("inbox", eoc=1), count=100)),
        v19.get_slice("ann@example.com", cparent("mailbox"),
                      pred(start=comp("inbox", 3, eoc=1), finish=comp("inbox", eoc=1), count=2)),
        v19.get_slice("ann@example.com", cparent("mailbox"),
                      pred(start=comp("inbox", eoc=1), finish=comp("inbox"), reversed=True,
                           count=2)),
        v19.get_slice("ann@example.com", cparent("mailbox"),
                      pred(start=comp("sent", eoc=-1), finish=comp("sent", eoc=1), count=100)),
        v19.batch_mutate({"ann@example.com": {"mailbox": [
            ins(comp("archive", 2), "subject 2", 11), dele([comp("inbox", 2)], 11)]}}),
        v19.get_slice("ann@example.com", cparent("mailbox"), pred(start="", count=100)),
        v19.get_count("ann@example.com", cparent("mailbox"),
                      pred(start=comp("inbox"), finish=comp("inbox", eoc=1), count=100)),
        v19.insert("ann@example.com", cparent("mailbox"), column("inbox:9", "bad", 12)),
        v19.insert("ann@example.com", cparent("mailbox"),
                   column(comp("inbox", "nine"), "bad", 12)),
        v19.get_slice("ann@example.com", cparent("mailbox"),
                      pred(start=b"\x00\x05inbox", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- poll votes
@sc("07_poll_counter_super", "counters", "zq_pv", when=V08)
def poll_counter_super():
    """A poll service on a counter super column family: one row per day, a super column per
    poll, a counter per option; votes added one at a time and in a batch, a poll's tallies
    read, one option, polls counted, a tally reset by remove_counter, and the mistakes: a
    plain insert into the counter family, add without a super column, a counter add to a
    standard family."""
    ks = "zq_pv"
    steps = setup(ks, [cfd(ks, "votes", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "polls", comparator_type="UTF8Type")])
    steps += [
        v19.add("2012-06-01", cparent("votes", sc="lunch"), counter_column("pizza", 1)),
        v19.add("2012-06-01", cparent("votes", sc="lunch"), counter_column("pizza", 1)),
        v19.add("2012-06-01", cparent("votes", sc="lunch"), counter_column("sushi", 1)),
        v19.batch_mutate({"2012-06-01": {"votes": [mutation(cosc(
            counter_super_column=counter_super_column("colour", [
                counter_column("red", 3), counter_column("blue", 5)])))]},
            "2012-06-02": {"votes": [mutation(cosc(
                counter_super_column=counter_super_column("lunch", [
                    counter_column("tacos", 2)])))]}}),
        v19.get_slice("2012-06-01", cparent("votes", sc="lunch"), pred(start="", count=100)),
        v19.get("2012-06-01", cpath("votes", sc="colour", col="blue")),
        v19.get_slice("2012-06-01", cparent("votes"), pred(start="", count=100)),
        v19.get_count("2012-06-01", cparent("votes"), pred(start="", count=100)),
        v19.multiget_slice(["2012-06-01", "2012-06-02"], cparent("votes", sc="lunch"),
                           pred(names=["pizza", "tacos"])),
        v19.add("2012-06-01", cparent("votes", sc="lunch"), counter_column("pizza", -1)),
        v19.get("2012-06-01", cpath("votes", sc="lunch", col="pizza")),
        v19.insert("2012-06-01", cparent("votes", sc="lunch"), column("pizza", long_(9), 10)),
        v19.add("2012-06-01", cparent("votes"), counter_column("pizza", 1)),
        v19.add("p1", cparent("polls"), counter_column("views", 1)),
        v19.remove_counter("2012-06-01", cpath("votes", sc="colour"), ),
        v19.get_slice("2012-06-01", cparent("votes"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- pycassa paging
@sc("08_pycassa_buffers", "paging", "zq_pb")
def pycassa_buffers():
    """pycassa 1.x's buffered reads: `xget` of a wide row in buffers of 10 (each page asks
    for buffer+1 from the last name it saw), `get_range` in buffers of 5 rows over
    RandomPartitioner (restarting from the last key, the key seen twice), `get_range` with a
    column_start and column_finish, and `column_count` of a column range."""
    ks = "zq_pb"
    steps = setup(ks, [cfd(ks, "Events", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    names = ["e%02d" % i for i in range(24)]
    keys = ["row%02d" % i for i in range(12)]
    steps.append(v19.batch_mutate({"wide": {"Events": [ins(n, n.upper(), 10) for n in names]}}))
    steps.append(v19.batch_mutate({k: {"Events": [ins("a", k, 10), ins("m", "x", 10),
                                                  ins("z", "y", 10)]} for k in keys}))
    steps += [
        v19.get_slice("wide", cparent("Events"), pred(start="", count=10)),
        v19.get_slice("wide", cparent("Events"), pred(start=names[9], count=11)),
        v19.get_slice("wide", cparent("Events"), pred(start=names[19], count=11)),
    ]
    order = by_token(keys + ["wide"])
    steps += [
        v19.get_range_slices(cparent("Events"), pred(start="", count=3),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_range_slices(cparent("Events"), pred(start="", count=3),
                             key_range(start_key=order[4], end_key="", count=6)),
        v19.get_range_slices(cparent("Events"), pred(start="", count=3),
                             key_range(start_key=order[9], end_key="", count=6)),
        v19.get_range_slices(cparent("Events"), pred(start="b", finish="n", count=100),
                             key_range(start_key=order[0], end_key=order[3], count=100)),
        v19.get_count("wide", cparent("Events"), pred(start="e05", finish="e15", count=100)),
        v19.get_count("wide", cparent("Events"), pred(start="", count=5)),
    ]
    return steps


# --------------------------------------------------------------------------- purging
@sc("10_purge_deletions", "deletion", "zq_pg")
def purge_deletions():
    """A message store purging old messages: deletions by names, by a slice range (refused
    by the releases that did not take them), of a whole super column, of sub-columns by
    names, of a row; each read back."""
    ks = "zq_pg"
    steps = setup(ks, [cfd(ks, "msgs", comparator_type="LongType",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "threads", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    steps.append(v19.batch_mutate({
        "box": {"msgs": [ins(long_(i), "m%d" % i, 10) for i in range(10)]},
        "t": {"threads": [sins("t1", [(long_(1), "a"), (long_(2), "b"), (long_(3), "c")], 10),
                          sins("t2", [(long_(4), "d")], 10)]}}))
    steps += [
        v19.batch_mutate({"box": {"msgs": [dele([long_(0), long_(1)], 11)]}}),
        v19.batch_mutate({"box": {"msgs": [dele(None, 11, rng=srange(long_(2), long_(4)))]}}),
        v19.get_slice("box", cparent("msgs"), pred(start="", count=100)),
        v19.batch_mutate({"t": {"threads": [dele([long_(1)], 11, sc_="t1")]}}),
        v19.get_slice("t", cparent("threads", sc="t1"), pred(start="", count=100)),
        v19.batch_mutate({"t": {"threads": [dele(None, 11, sc_="t2")]}}),
        v19.get_slice("t", cparent("threads"), pred(start="", count=100)),
        v19.batch_mutate({"t": {"threads": [dele(["t1"], 12)]}}),
        v19.get_slice("t", cparent("threads"), pred(start="", count=100)),
        v19.batch_mutate({"box": {"msgs": [dele(None, 5)]}}),
        v19.get_count("box", cparent("msgs"), pred(start="", count=100)),
        v19.batch_mutate({"box": {"msgs": [dele(None, 12)]}}),
        v19.get_count("box", cparent("msgs"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- RF 2
@sc("11_rf2_one_node", "consistency", "zq_rf")
def rf2_one_node():
    """A keyspace of replication factor 2 made on a developer's one-node cluster: writes and
    reads at ONE go through, QUORUM, ALL and TWO are refused as unavailable."""
    ks = "zq_rf"
    steps = setup(ks, [cfd(ks, "kv", comparator_type="UTF8Type")], rf=2)
    steps += [
        v19.insert("k", cparent("kv"), column("v", "1", 10), ONE),
        v19.get("k", cpath("kv", col="v"), ONE),
        v19.insert("k", cparent("kv"), column("v", "2", 11), QUORUM),
        v19.get("k", cpath("kv", col="v"), QUORUM),
        v19.get_slice("k", cparent("kv"), pred(start="", count=10), ALL),
        v19.batch_mutate({"k": {"kv": [ins("w", "3", 12)]}}, 7),
        v19.get_range_slices(cparent("kv"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), QUORUM),
        v19.get_slice("k", cparent("kv"), pred(start="", count=10), ONE),
    ]
    return steps


# --------------------------------------------------------------------------- existence scans
@sc("12_keys_only_ghosts", "range", "zq_ko")
def keys_only_ghosts():
    """A job checking which rows exist: multiget with a one-column predicate, a keys-only
    range scan (an empty names list), rows removed and the empty rows (range ghosts) the scan
    then returns, a scan bounded by keys."""
    ks = "zq_ko"
    steps = setup(ks, [cfd(ks, "items", comparator_type="UTF8Type")])
    keys = ["sku%d" % i for i in range(6)]
    steps.append(v19.batch_mutate({k: {"items": [ins("qty", "1", 10), ins("name", k, 10)]}
                                   for k in keys}))
    order = by_token(keys)
    steps += [
        v19.multiget_slice(["sku1", "sku9"], cparent("items"), pred(start="", count=1)),
        v19.remove(order[1], cpath("items"), 11),
        v19.remove(order[3], cpath("items", col="qty"), 11),
        v19.get_range_slices(cparent("items"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("items"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("items"), pred(names=["qty"]),
                             key_range(start_key=order[0], end_key=order[4], count=100)),
        v19.get_range_slices(cparent("items"), pred(start="", count=10),
                             key_range(start_token=token(order[2]), end_token=token(order[5]),
                                       count=100)),
        v19.multiget_count(keys, cparent("items"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("13_later_idl_client", "compat", "zq_li")
def later_idl_client():
    """A client built against 2.0's IDL talking to each release: a family defined with the
    later CfDef fields (caching, bloom filter chance, default TTL, speculative retry), the
    later methods (atomic_batch_mutate, get_paged_slice, describe_splits_ex, cas,
    describe_token_map) and its describe calls."""
    ks = "zq_li"
    steps = setup(ks, [cfd(ks, "plain", comparator_type="UTF8Type")])
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "later", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            caching="KEYS_ONLY", bloom_filter_fp_chance=0.01, dclocal_read_repair_chance=0.1)),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd_later(ks, "later2", comparator_type="UTF8Type",
                                               default_time_to_live=3600,
                                               speculative_retry="99PERCENTILE")),
        v19.atomic_batch_mutate({"k1": {"plain": [ins("a", "1", 10)]}}),
        v19.get_paged_slice("plain", key_range(start_key="", end_key="", count=10), ""),
        kit.splits_ex("plain", "0", "0", 128),
        kit.cas("k1", "plain", [], [column("b", "2", 11)]),
        v19.get_slice("k1", cparent("plain"), pred(start="", count=10)),
        kit.describe_version(),
    ]
    return steps


# --------------------------------------------------------------------------- typed validators
@sc("14_typed_validators", "types", "zq_tv", when=V08)
def typed_validators():
    """A device telemetry family of typed column metadata (BooleanType, DateType, DoubleType,
    FloatType, UUIDType; Int32Type from 1.0): good values written and read, then a value of
    each kind with the wrong width."""
    ks = "zq_tv"
    meta = [coldef("online", "BooleanType"), coldef("seen", "DateType"),
            coldef("temp", "DoubleType"), coldef("volt", "FloatType"),
            coldef("dev", "UUIDType")]
    if V10:
        meta.append(coldef("rssi", "Int32Type"))
    steps = setup(ks, [cfd(ks, "telemetry", comparator_type="UTF8Type", column_metadata=meta)])
    good = [ins("online", b"\x01", 10), ins("seen", long_(1338508800000), 10),
            ins("temp", dbl(21.5), 10), ins("volt", flt(3.25), 10),
            ins("dev", uuid_("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), 10)]
    if V10:
        good.append(ins("rssi", int32(-70), 10))
    steps += [
        v19.batch_mutate({"d1": {"telemetry": good}}),
        v19.get_slice("d1", cparent("telemetry"), pred(start="", count=100)),
        v19.insert("d1", cparent("telemetry"), column("online", b"\x00\x01", 11)),
        v19.insert("d1", cparent("telemetry"), column("seen", b"\x00\x01\x02", 11)),
        v19.insert("d1", cparent("telemetry"), column("temp", flt(1.0), 11)),
        v19.insert("d1", cparent("telemetry"), column("volt", dbl(1.0), 11)),
        v19.insert("d1", cparent("telemetry"), column("dev", b"abc", 11)),
        v19.insert("d1", cparent("telemetry"), column("online", b"", 11)),
    ]
    if V10:
        steps.append(v19.insert("d1", cparent("telemetry"), column("rssi", long_(-70), 11)))
    steps += [
        v19.batch_mutate({"d2": {"telemetry": [ins("temp", b"hot", 11)]}}),
        v19.get_slice("d1", cparent("telemetry"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- device index
@sc("15_device_index", "index", "zq_dx")
def device_index():
    """A device registry on KEYS indexes (platform, indexed; battery, a long, not): devices
    found by platform, with a battery filter, paged by start_key, a platform changed and the
    index following it, and the clauses refused: no indexed EQ, an unknown column only."""
    ks = "zq_dx"
    steps = setup(ks, [cfd(ks, "devices", comparator_type="UTF8Type",
                           column_metadata=[coldef("platform", "UTF8Type", True, "dev_platform"),
                                            coldef("battery", "LongType")])])
    rows = {"dev%02d" % i: ("ios" if i % 3 else "android", 10 * i) for i in range(10)}
    steps.append(v19.batch_mutate({k: {"devices": [ins("platform", p, 10),
                                                   ins("battery", long_(bat), 10)]}
                                   for k, (p, bat) in rows.items()}))
    ios = by_token([k for k, (p, _) in rows.items() if p == "ios"])
    steps += [
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "android")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "ios"), index_expr("battery", GT, long_(40))]),
            pred(names=["battery"])),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "ios")], count=3), pred(names=["platform"])),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "ios")], start_key=ios[2], count=3),
            pred(names=["platform"])),
        v19.insert("dev01", cparent("devices"), column("platform", "android", 11)),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "android"), index_expr("battery", LT, long_(50))]),
            pred(names=["battery"])),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("battery", GTE, long_(10))]), pred(names=["battery"])),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("colour", EQ, "red")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("devices"), index_clause(
            [index_expr("platform", EQ, "windows")]), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- TTL sessions
@sc("16_session_ttls", "ttl", "zq_st")
def session_ttls():
    """A session store's TTLs as its code computed them: an hour, a day, a year and five
    years (remember-me), given through insert and batch_mutate, a column left without one;
    the TTLs read back in get and get_slice.  (No TTL runs past 2038: a release adds it to
    the clock's seconds in an int.)"""
    ks = "zq_st"
    steps = setup(ks, [cfd(ks, "sessions", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.insert("s1", cparent("sessions"), column("user", "ann", 10, ttl=3600)),
        v19.batch_mutate({"s1": {"sessions": [ins("cart", "3 items", 10, ttl=86400),
                                              ins("csrf", "x9", 10)]}}),
        v19.get("s1", cpath("sessions", col="user")),
        v19.get_slice("s1", cparent("sessions"), pred(start="", count=10)),
        v19.insert("s2", cparent("sessions"), column("user", "bob", 10, ttl=31536000)),
        v19.insert("s2", cparent("sessions"), column("user", "bob", 10, ttl=157680000)),
        v19.get_slice("s2", cparent("sessions"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- test harness
@sc("17_test_truncate", "truncate", "zq_th")
def test_truncate():
    """A JUnit-style harness on a shared keyspace: each test writes, reads, then truncates
    every family; a truncate of a family that is not there; a read after truncation and a
    write after it at an older timestamp (kept, a truncate leaves no tombstones)."""
    ks = "zq_th"
    steps = setup(ks, [cfd(ks, "a", comparator_type="UTF8Type"),
                       cfd(ks, "b", column_type="Super", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"r": {"a": [ins("x", "1", 100)],
                                "b": [sins("s", [("y", "2")], 100)]}}),
        v19.get_count("r", cparent("a"), pred(start="", count=10)),
        v19.truncate("a"),
        v19.truncate("b"),
        v19.get_slice("r", cparent("a"), pred(start="", count=10)),
        v19.get_slice("r", cparent("b"), pred(start="", count=10)),
        v19.insert("r", cparent("a"), column("x", "again", 50)),
        v19.get_slice("r", cparent("a"), pred(start="", count=10)),
        v19.truncate("c"),
        v19.get_range_slices(cparent("a"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- newcomer
@sc("18_newcomer_mistakes", "errors", "zq_nm")
def newcomer_mistakes():
    """A newcomer's first afternoon: calls before any keyspace is set, a keyspace that does
    not exist, a column path naming no column, a predicate of both names and a range, a
    negative count, a range start after its finish, a consistency level that does not exist,
    an empty column name, an empty key, a key range of both keys and tokens."""
    ks = "zq_nm"
    steps = [
        v19.get("k", cpath("cf", col="c")),
        v19.set_keyspace("zq_nope"),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "cf", comparator_type="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.insert("k", cparent("cf"), column("c", "v", 10)),
        v19.get("k", cpath("cf")),
        v19.get_slice("k", cparent("cf"), W.struct({1: W.list_("bin", [b("c")]),
                                                    2: srange("", "", False, 10)})),
        v19.get_slice("k", cparent("cf"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("cf"), pred(start="z", finish="a", count=10)),
        v19.get_slice("k", cparent("cf"), pred(start="", count=10), 42),
        v19.insert("k", cparent("cf"), column("", "v", 10)),
        v19.insert("", cparent("cf"), column("c", "v", 10)),
        v19.get_range_slices(cparent("cf"), pred(start="", count=10),
                             key_range(start_key="", end_key="", start_token="0",
                                       end_token="0", count=10)),
        v19.get_range_slices(cparent("cf"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_slice("k", cparent("nocf"), pred(start="", count=10)),
        v19.get_slice("k", cparent("cf"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- multigets
@sc("19_multiget_keys", "multiget", "zq_mk")
def multiget_keys():
    """A profile page's multigets: the same key twice in one request, keys that do not exist,
    an empty key list, a super column family read by multiget with names, multiget_count of
    the same keys."""
    ks = "zq_mk"
    steps = setup(ks, [cfd(ks, "users", comparator_type="UTF8Type"),
                       cfd(ks, "prefs", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"u1": {"users": [ins("n", "Ann", 10)],
                                 "prefs": [sins("mail", [("daily", "y")], 10)]},
                          "u2": {"users": [ins("n", "Bob", 10), ins("e", "b@x", 10)]}}),
        v19.multiget_slice(["u1", "u2", "u1", "u3"], cparent("users"),
                           pred(start="", count=10)),
        v19.multiget_slice([], cparent("users"), pred(start="", count=10)),
        v19.multiget_slice(["u1", "u2"], cparent("prefs"), pred(names=["mail", "web"])),
        v19.multiget_slice(["u1", "u2"], cparent("prefs", sc="mail"), pred(start="", count=10)),
        v19.multiget_count(["u1", "u2", "u1", "u3"], cparent("users"),
                           pred(start="", count=10)),
        v19.multiget_count(["u1", "u2"], cparent("prefs"), pred(start="", count=10)),
        v19.multiget_slice(["u1", ""], cparent("users"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- timeuuid feed
@sc("20_timeuuid_feed", "comparators", "zq_tf")
def timeuuid_feed():
    """A news feed of TimeUUIDType names: items written out of time order, newest first,
    a page from the last id, a window between two ids, a non-UUID name refused, a version 4
    UUID as a name."""
    ks = "zq_tf"
    steps = setup(ks, [cfd(ks, "feed", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    seqs = [5, 1, 9, 3, 7, 2]
    steps.append(v19.batch_mutate({"f": {"feed": [ins(timeuuid(s), "item %d" % s, 10)
                                                  for s in seqs]}}))
    steps += [
        v19.get_slice("f", cparent("feed"), pred(start="", reversed=True, count=3)),
        v19.get_slice("f", cparent("feed"), pred(start=timeuuid(5), reversed=True, count=3)),
        v19.get_slice("f", cparent("feed"), pred(start=timeuuid(2), finish=timeuuid(7),
                                                 count=10)),
        v19.insert("f", cparent("feed"), column("not-a-uuid", "x", 11)),
        v19.insert("f", cparent("feed"), column(uuid_("6ba7b810-9dad-41d1-80b4-00c04fd430c8"),
                                                "x", 11)),
        v19.get_slice("f", cparent("feed"), pred(start=b"\x01\x02", count=10)),
        v19.get_count("f", cparent("feed"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- operator
@sc("21_operator_admin", "schema", "zq_op")
def operator_admin():
    """An operator's keyspace work from a script: the keyspace described, its replication
    raised and lowered by system_update_keyspace, its strategy changed to
    NetworkTopologyStrategy with a data centre's options, a KsDef carrying families sent to
    an update, ring, splits and descriptions asked of keyspaces that are not there, a second
    keyspace of the same name, a strategy class that does not exist, a family added under
    another keyspace's name."""
    ks = "zq_op"
    steps = setup(ks, [cfd(ks, "logs", comparator_type="UTF8Type")])
    keys = ["k%02d" % i for i in range(20)]
    steps.append(v19.batch_mutate({k: {"logs": [ins("l", "x", 10)]} for k in keys}))
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], rf=3)),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.system_update_keyspace(ksd(ks, [], strategy=kit.NTS,
                                       options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.get_slice("k01", cparent("logs"), pred(start="", count=10)),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "extra", comparator_type="UTF8Type")])),
        v19.describe_ring("zq_missing"),
        v19.describe_keyspace("zq_missing"),
        v19.system_drop_keyspace("zq_missing"),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_add_keyspace(ksd("zq_op2", [], strategy="org.example.NoSuchStrategy")),
        v19.system_add_column_family(cfd("zq_other", "logs2", comparator_type="UTF8Type")),
        v19.describe_splits("logs", token("k00"), token("k00"), 256),
        v19.describe_splits("nosuch", token("k00"), token("k01"), 256),
        v19.system_update_keyspace(ksd("zq_missing", [])),
    ]
    return steps


# --------------------------------------------------------------------------- legacy CQL 2
@sc("22_legacy_cql2", "cql", "zq_l2", when=V08)
def legacy_cql2():
    """A PHP app's CQL 2 kept after its cluster's upgrades (execute_cql_query on every release
    that declared it): its keyspace made in CQL 2, a counter family and a typed family, hits
    counted by UPDATE ... SET c = c + n, a counter set to a value, typed literals (uuid,
    timestamp strings, booleans, decimals from 1.0), a column added and dropped by ALTER
    (1.1 on), key ranges with LIMIT, and its mistakes: a counter added to a non-counter
    column, a keyspace without its options."""
    ks = "zq_l2"
    q = cql2
    steps = [
        q("CREATE KEYSPACE %s WITH strategy_class = SimpleStrategy "
          "AND strategy_options:replication_factor = 1" % ks),
        q("USE %s" % ks),
        q("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH comparator = varchar "
          "AND default_validation = counter"),
        q("UPDATE hits SET views = views + 3, clicks = clicks + 1 WHERE KEY = '/home'"),
        q("UPDATE hits SET views = views - 1 WHERE KEY = '/home'"),
        q("UPDATE hits SET views = views + 2 WHERE KEY IN ('/home', '/about')"),
        # a counter's timestamp is the server's clock
        q("SELECT views, clicks FROM hits WHERE KEY = '/home'").mask("0/2/*/2/*/3"),
        q("SELECT * FROM hits WHERE KEY = '/about'").mask("0/2/*/2/*/3"),
        q("UPDATE hits SET views = 5 WHERE KEY = '/home'"),
        q("CREATE COLUMNFAMILY items (KEY varchar PRIMARY KEY, id uuid, added timestamp, "
          "active boolean, qty int)"),
        q("INSERT INTO items (KEY, id, added, active, qty) VALUES ('a', "
          "6ba7b810-9dad-11d1-80b4-00c04fd430c8, '2012-06-01 10:00:00+0000', 'true', 3) "
          "USING TIMESTAMP %d" % T),
        q("INSERT INTO items (KEY, added, qty) VALUES ('b', 1338544800000, 4) "
          "USING TIMESTAMP %d" % T),
        q("SELECT * FROM items WHERE KEY = 'a'"),
        q("SELECT id, qty FROM items WHERE KEY > 'a' LIMIT 5"),
        q("INSERT INTO items (KEY, qty) VALUES ('c', 'three') USING TIMESTAMP %d" % T),
        q("INSERT INTO items (KEY, added) VALUES ('c', 'June 1st') USING TIMESTAMP %d" % T),
        q("UPDATE items SET qty = qty + 1 WHERE KEY = 'a'"),
        q("CREATE KEYSPACE zq_l2b WITH strategy_class = SimpleStrategy"),
    ]
    if V10:
        steps.append(q("INSERT INTO items (KEY, price) VALUES ('a', 12.50) USING TIMESTAMP %d"
                       % T))
    if V >= (1, 1):
        steps += [q("ALTER TABLE items ADD note varchar"),
                  q("ALTER TABLE items DROP note"),
                  q("ALTER TABLE items ALTER qty TYPE bigint")]
    steps += [q("SELECT COUNT(*) FROM items"), q("DROP COLUMNFAMILY hits"),
              q("SELECT * FROM hits WHERE KEY = '/home'")]
    return steps


# --------------------------------------------------------------------------- hand-typed schema
@sc("23_handtyped_schema", "schema", "zq_hs")
def handtyped_schema():
    """A schema file typed by hand and loaded by a script: comparator names in odd spellings
    (full class names, lower case, blanks, empty parentheses), a ReversedType inside a
    CompositeType (0.8 on), DynamicCompositeType aliases (0.8 on), a counter validator on a
    plain family's column, two indexes of one name, an index on a column of no validator, and
    compaction thresholds out of order."""
    ks = "zq_hs"
    steps = setup(ks, [])
    add = v19.system_add_column_family
    steps += [
        add(cfd(ks, "a", comparator_type="org.apache.cassandra.db.marshal.UTF8Type")),
        add(cfd(ks, "b", comparator_type="utf8type")),
        add(cfd(ks, "c", comparator_type=" UTF8Type")),
        add(cfd(ks, "d", comparator_type="LongType()")),
        add(cfd(ks, "e", comparator_type="UTF8Type", column_metadata=[
            coldef("n", "UTF8Type", True, "same_idx"), coldef("m", "UTF8Type", True, "same_idx")])),
        add(cfd(ks, "f", comparator_type="UTF8Type", column_metadata=[
            coldef("hits", "CounterColumnType")])),
        add(cfd(ks, "g", comparator_type="UTF8Type", min_compaction_threshold=8,
                max_compaction_threshold=4)),
        add(cfd(ks, "h", comparator_type="UTF8Type", min_compaction_threshold=1)),
        add(cfd(ks, "i", comparator_type="UTF8Type", gc_grace_seconds=-1)),
        add(cfd(ks, "my-cf", comparator_type="UTF8Type")),
    ]
    if V08:
        steps += [
            add(cfd(ks, "rc", comparator_type="CompositeType(UTF8Type,ReversedType(LongType))")),
            v19.batch_mutate({"r": {"rc": [ins(comp("a", n), "v%d" % n, 10) for n in (1, 5, 3)]
                                    + [ins(comp("b", 2), "w", 10)]}}),
            v19.get_slice("r", cparent("rc"), pred(start="", count=100)),
            v19.get_slice("r", cparent("rc"), pred(start=comp("a", 4), finish=comp("a", eoc=1),
                                                   count=100)),
            add(cfd(ks, "dc", comparator_type="DynamicCompositeType(s=>UTF8Type,l=>LongType)")),
            v19.insert("r", cparent("dc"), column(b"\x80s\x00\x01x\x00\x80l\x00\x08"
                                                  + long_(7) + b"\x00", "v", 10)),
            v19.insert("r", cparent("dc"), column(b"\x80q\x00\x01x\x00", "v", 10)),
            v19.get_slice("r", cparent("dc"), pred(start="", count=100)),
            v19.insert("r", cparent("rc"), column(comp("a", 9)[:-1] + b"\x05", "bad", 10)),
        ]
    steps.append(v19.describe_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- raw mutations
@sc("24_raw_mutations", "batch", "zq_rm")
def raw_mutations():
    """A hand-rolled Thrift client's mutations: a Mutation of both a column and a deletion, a
    Mutation of neither, a ColumnOrSuperColumn of nothing, a deletion naming a super column on
    a standard family, an insert through a super column of a standard family, a remove older
    than the data, an empty names predicate, counts of zero."""
    ks = "zq_rm"
    steps = setup(ks, [cfd(ks, "cf", comparator_type="UTF8Type"),
                       cfd(ks, "sup", column_type="Super", comparator_type="UTF8Type")])
    both = mutation(cosc(column=column("x", "1", 10)),
                    kit.D.deletion(10, predicate=pred(names=["y"])))
    steps += [
        v19.batch_mutate({"k": {"cf": [ins("a", "1", 10), ins("b", "2", 10)]}}),
        v19.batch_mutate({"k": {"cf": [both]}}),
        v19.batch_mutate({"k": {"cf": [mutation()]}}),
        v19.batch_mutate({"k": {"cf": [mutation(cosc())]}}),
        v19.batch_mutate({"k": {"cf": [dele(["a"], 11, sc_="s")]}}),
        v19.batch_mutate({"k": {"sup": [dele(None, 11, sc_="s")]}}),
        v19.insert("k", cparent("cf", sc="s"), column("a", "1", 10)),
        v19.remove("k", cpath("cf", col="a"), 5),
        v19.get_slice("k", cparent("cf"), pred(names=[])),
        v19.get_slice("k", cparent("cf"), pred(start="", count=0)),
        v19.get_count("k", cparent("cf"), pred(start="", count=0)),
        v19.multiget_slice(["k"], cparent("cf"), pred(start="", count=0)),
        v19.get_range_slices(cparent("cf"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("cf"), pred(start="", count=10),
                             key_range(start_token=token("k"), end_token=token("k"), count=10)),
        v19.describe_splits("cf", token("k"), token("k"), 0),
        v19.get_slice("k", cparent("cf"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- CQL versions
@sc("25_cql_version_handshake", "cql", "zq_cv", when=V08)
def cql_version_handshake():
    """A driver's CQL version handshake and what follows it: set_cql_version with the versions
    drivers of the era sent (2.0.0, 3.0.0, 3.0.0-beta1, 3.1.0, 4.0.0, a typo) where the
    release had the call (1.1 on), CQL 2 statements through execute_cql_query after each, a
    CQL 3 CREATE TABLE sent through execute_cql_query (the 1.1 beta's way), execute_cql3_query
    where the release lacked it, and a traced query on 1.2 and later."""
    ks = "zq_cv"
    steps = setup(ks, [cfd(ks, "kv", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps.append(v19.insert("k", cparent("kv"), column("c", "v", 10)))
    if V >= (1, 1):
        for ver in ("2.0.0", "3.0.0-beta1", "3.1.0", "4.0.0", "three", "3.0.0"):
            steps += [v19.set_cql_version(ver),
                      cql2("SELECT c FROM kv WHERE KEY = 'k'")]
        steps += [cql2("CREATE TABLE t3 (a int PRIMARY KEY, b text)"),
                  cql2("INSERT INTO t3 (a, b) VALUES (1, 'one') USING TIMESTAMP %d" % T),
                  cql2("SELECT * FROM t3 WHERE a = 1"),
                  v19.set_cql_version("2.0.0"),
                  cql2("SELECT * FROM t3 WHERE KEY = 1")]
    else:
        steps.append(kit.unknown("set_cql_version", {1: b("3.0.0")}))
    steps.append(cql3("SELECT * FROM kv"))
    if V12:
        steps += [kit.D.Step("trace_next_query", W.struct({})).mask("0"),
                  v19.get("k", cpath("kv", col="c"))]
    return steps
