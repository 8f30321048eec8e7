"""Ordinary API 19 traffic of Thrift applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and
2.2.19 (author zzb).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * a network monitor keyed by InetAddressType column names (IPv4 and IPv6, DateType values,
    names and values of the wrong width)
  * Hector's lock recipe: TTL'd lock columns with explicit timestamps, read at ALL
  * a sync service's timestamp conflicts (equal timestamps, older writes, deletes that tie)
  * an object store on BytesType keys holding 0x00 and 0xff bytes, and a LongType key
    validator given keys of the wrong width
  * a mixed-case keyspace and family made through Thrift, then read by CQL 3 quoted and not
  * per-column validators (Int32Type, BooleanType, DecimalType, DoubleType, FloatType) given
    good and bad values through insert and batch_mutate
  * a rollup service on a super counter family (add into super columns, CounterSuperColumn
    batches, counts, remove_counter of a whole super column)
  * an operator's table options: Leveled compaction and compressors through Thrift CfDefs,
    and the options each release refused
  * a Thrift-made CompositeType(UTF8Type, Int32Type) family written by CQL 3 and read by
    Thrift, WRITETIME of Thrift columns
  * a CompositeType(ReversedType(LongType), UTF8Type) activity stream sliced by component
  * Hadoop's get_paged_slice by keys (start_key, end_key) resuming at a start column
  * a schema tool's mistakes (no keyspace set, names with bad characters or too long,
    duplicates, unknown families)
  * login against the stock AllowAllAuthenticator, then the calls after it
  * a CQL 3 table with a map column read through Thrift's get_slice (its composite names)
  * pycassa's keys-only range scans and the range ghosts deleted rows leave
  * a BEGIN BATCH of CQL 3 over Thrift read back by Thrift
  * a DynamicCompositeType tag store (aliases, slices by a first component)
  * range deletions by SliceRange over composite prefixes, counted after
Writes are deterministic: Thrift timestamps absolute, TTLs long and never raced.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, ins, mutation, cosc,  # noqa: E402
                 counter_column, counter_super_column, srange, deletion)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import comp, dele, cadd, i32b, i64b, MIN_TOKEN  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
V2 = VER[:2]
Abs = D.Abs
T = 1400000000000000

sc = kit.registrar("zzb_")


def at(n):
    return Abs(T + n)


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs, **kw):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def utf8_cf(ks, name, **kw):
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    base.update(kw)
    return kit.cfd(ks, name, **base)


def coldef(name, validation):
    return W.struct({1: b(name), 2: b(validation)})


def ip4(*parts):
    return bytes(parts)


def ip6(last):
    return bytes([0x20, 0x01, 0x0d, 0xb8] + [0] * 11 + [last])


# ---------------------------------------------------------------- InetAddressType
@sc("netmon_inet", "types", "zzb_net")
def netmon_inet():
    """A network monitor: one row per subnet, one column per host address under an
    InetAddressType comparator, DateType last-seen values; a slice between two IPv4
    addresses, an IPv6 host, a name five bytes wide, a value of the wrong width, a reversed
    read, and the same family read by CQL 3."""
    ks = "zzb_net"
    hosts = kit.cfd(ks, "Hosts", comparator_type="InetAddressType",
                    key_validation_class="UTF8Type", default_validation_class="DateType")
    steps = kit.connect() + new_ks(ks, [hosts])
    steps += [
        v19.batch_mutate({"lan": {"Hosts": [
            ins(ip4(10, 0, 0, 7), i64b(1400000000000), at(1)),
            ins(ip4(10, 0, 0, 12), i64b(1400000001000), at(1)),
            ins(ip4(10, 0, 1, 1), i64b(1400000002000), at(1)),
            ins(ip4(192, 168, 0, 1), i64b(1400000003000), at(1))]}}),
        v19.insert("lan", cparent("Hosts"), column(ip6(5), i64b(1400000004000), at(2))),
        v19.get_slice("lan", cparent("Hosts"), all_cols()),
        v19.get_slice("lan", cparent("Hosts"), pred(start=ip4(10, 0, 0, 8),
                                                    finish=ip4(10, 0, 1, 255))),
        v19.get_slice("lan", cparent("Hosts"), all_cols(2, True)),
        v19.insert("lan", cparent("Hosts"), column(b"\x0a\x00\x00\x00\x01", i64b(1), at(3))),
        v19.insert("lan", cparent("Hosts"), column(ip4(10, 0, 0, 9), "yesterday", at(3))),
        v19.get_count("lan", cparent("Hosts"), all_cols()),
        v19.get("lan", cpath("Hosts", col=ip4(10, 0, 0, 12))),
        v19.get("lan", cpath("Hosts", col=ip4(10, 0, 0, 13))),
        cql('SELECT * FROM "Hosts"'),
        cql("SELECT column1 FROM \"Hosts\" WHERE key = 'lan' AND column1 > '10.0.0.10'"),
    ]
    return steps


# ---------------------------------------------------------------- Hector lock
@sc("hector_lock", "ttl", "zzb_lock")
def hector_lock():
    """Hector's lock manager: each client writes a TTL'd column named after itself into the
    lock's row at ALL, reads the row at ALL to see who is first, the loser deletes its
    column, the winner re-writes its column with a longer TTL to keep the lock, releases it
    by a delete, and a second lock row is taken by a batch; TTLs are long, read back as set."""
    ks = "zzb_lock"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "HLocks")])
    steps += [
        v19.insert("orders-job", cparent("HLocks"), column("client-a", "", at(1), 86400), ALL),
        v19.insert("orders-job", cparent("HLocks"), column("client-b", "", at(2), 86400), ALL),
        v19.get_slice("orders-job", cparent("HLocks"), all_cols(), ALL),
        v19.remove("orders-job", cpath("HLocks", col="client-b"), at(3), ALL),
        v19.insert("orders-job", cparent("HLocks"), column("client-a", "", at(4), 172800), ALL),
        v19.get_slice("orders-job", cparent("HLocks"), all_cols(), QUORUM),
        v19.batch_mutate({"report-job": {"HLocks": [ins("client-b", "held", at(5), 3600)]}},
                         ALL),
        v19.multiget_slice(["orders-job", "report-job"], cparent("HLocks"), all_cols(), ALL),
        v19.remove("orders-job", cpath("HLocks", col="client-a"), at(6), ALL),
        v19.get_count("orders-job", cparent("HLocks"), all_cols(), ALL),
        # a TTL of zero and a negative one
        v19.insert("x", cparent("HLocks"), column("client-c", "", at(7), 0), ALL),
        v19.insert("x", cparent("HLocks"), column("client-c", "", at(7), -5), ALL),
        v19.get("report-job", cpath("HLocks", col="client-b"), ALL),
    ]
    return steps


# ---------------------------------------------------------------- timestamp conflicts
@sc("sync_conflicts", "timestamps", "zzb_sync")
def sync_conflicts():
    """A device sync service replaying edits from several devices: two writes at the same
    timestamp (the larger value stays), a late write older than the stored one, a delete
    tying a write's timestamp, a row delete then a write older than it and one newer, and a
    batch carrying the same column twice."""
    ks = "zzb_sync"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Notes")])
    p = cparent("Notes")
    steps += [
        v19.insert("n1", p, column("title", "apple", at(10))),
        v19.insert("n1", p, column("title", "banana", at(10))),
        v19.insert("n1", p, column("title", "aardvark", at(10))),
        v19.get("n1", cpath("Notes", col="title")),
        v19.insert("n1", p, column("body", "new", at(20))),
        v19.insert("n1", p, column("body", "old", at(15))),
        v19.get("n1", cpath("Notes", col="body")),
        v19.insert("n1", p, column("tag", "x", at(30))),
        v19.remove("n1", cpath("Notes", col="tag"), at(30)),
        v19.get_slice("n1", p, all_cols()),
        v19.remove("n1", cpath("Notes"), at(40)),
        v19.insert("n1", p, column("title", "stale", at(39))),
        v19.get_count("n1", p, all_cols()),
        v19.insert("n1", p, column("title", "fresh", at(41))),
        v19.batch_mutate({"n2": {"Notes": [ins("title", "first", at(50)),
                                           ins("title", "second", at(50)),
                                           ins("title", "third", at(49))]}}),
        v19.multiget_slice(["n1", "n2"], p, all_cols()),
        v19.batch_mutate({"n2": {"Notes": [dele(["title"], t=at(50)),
                                           ins("title", "after", at(51))]}}),
        v19.get_slice("n2", p, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- binary keys
@sc("binary_keys", "keys", "zzb_blob")
def binary_keys():
    """An object store keyed by raw digests: BytesType keys holding 0x00 and 0xff bytes,
    multiget of them with one repeated, a range scan from a binary start key, then a
    LongType-keyed family given an eight-byte key, a four-byte key and an empty one."""
    ks = "zzb_blob"
    objs = kit.cfd(ks, "Objects", comparator_type="UTF8Type", key_validation_class="BytesType")
    seqs = kit.cfd(ks, "Seqs", comparator_type="UTF8Type", key_validation_class="LongType")
    steps = kit.connect() + new_ks(ks, [objs, seqs])
    k1, k2, k3 = b"\x00\x00\x01", b"\xff\xfe\x00\xff", b"\x7f\x00"
    steps += [
        v19.batch_mutate({k1: {"Objects": [ins("size", "10", at(1))]},
                          k2: {"Objects": [ins("size", "20", at(1))]},
                          k3: {"Objects": [ins("size", "30", at(1))]}}),
        v19.multiget_slice([k2, k1, k2, b"\x00"], cparent("Objects"), all_cols()),
        v19.get_range_slices(cparent("Objects"), all_cols(), everything()),
        v19.get_range_slices(cparent("Objects"), all_cols(),
                             key_range(start_token=kit.m3_token(k1), end_token=MIN_TOKEN)),
        v19.insert(i64b(7), cparent("Seqs"), column("v", "seven", at(2))),
        v19.insert(i32b(7), cparent("Seqs"), column("v", "seven", at(2))),
        v19.insert("", cparent("Seqs"), column("v", "none", at(2))),
        v19.get_slice(i64b(7), cparent("Seqs"), all_cols()),
        v19.get_slice(i32b(7), cparent("Seqs"), all_cols()),
        v19.multiget_slice([i64b(7), b"abc"], cparent("Seqs"), all_cols()),
        v19.get_range_slices(cparent("Seqs"), all_cols(), everything()),
    ]
    return steps


# ---------------------------------------------------------------- mixed case names
@sc("mixed_case", "cql", "zzb_Mixed")
def mixed_case():
    """A Thrift application naming its keyspace and family in mixed case, then a report
    reading them through CQL 3: unquoted (folded to lower case), quoted, USE of both, the
    keyspace set by Thrift in the wrong case, and WRITETIME of a Thrift column."""
    ks = "zzb_Mixed"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "UserEvents")])
    steps += [
        v19.insert("u1", cparent("UserEvents"), column("login", "ok", at(1))),
        v19.set_keyspace("zzb_mixed"),
        v19.set_keyspace(ks),
        cql("SELECT * FROM UserEvents"),
        cql('SELECT * FROM "UserEvents"'),
        cql("USE zzb_Mixed"),
        cql('USE "zzb_Mixed"'),
        cql('SELECT key, column1, value, WRITETIME(value) FROM "UserEvents"'),
        cql('SELECT * FROM "zzb_Mixed"."UserEvents" WHERE key = \'u1\''),
        v19.describe_keyspace("zzb_mixed"),
        v19.get_slice("u1", cparent("userevents"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- validators
@sc("typed_columns", "types", "zzb_typed")
def typed_columns():
    """A product catalogue with per-column validators: Int32Type stock, BooleanType active,
    DecimalType price, DoubleType weight, FloatType rating; good values by insert and
    batch_mutate, then each given a value of the wrong width, and an unvalidated column."""
    ks = "zzb_typed"
    prods = utf8_cf(ks, "Products", default_validation_class="BytesType", column_metadata=[
        coldef("stock", "Int32Type"), coldef("active", "BooleanType"),
        coldef("price", "DecimalType"), coldef("weight", "DoubleType"),
        coldef("rating", "FloatType")])
    steps = kit.connect() + new_ks(ks, [prods])
    p = cparent("Products")
    price = i32b(2) + b"\x04\xd2"  # 12.34
    steps += [
        v19.insert("p1", p, column("stock", i32b(12), at(1))),
        v19.batch_mutate({"p1": {"Products": [
            ins("active", b"\x01", at(1)), ins("price", price, at(1)),
            ins("weight", kit._st.pack(">d", 1.5), at(1)),
            ins("rating", kit._st.pack(">f", 4.5), at(1)), ins("note", "x", at(1))]}}),
        v19.get_slice("p1", p, all_cols()),
        v19.insert("p2", p, column("stock", i64b(12), at(2))),
        v19.insert("p2", p, column("active", b"\x01\x00", at(2))),
        v19.insert("p2", p, column("price", b"\x00\x01", at(2))),
        v19.insert("p2", p, column("weight", i32b(1), at(2))),
        v19.batch_mutate({"p2": {"Products": [ins("stock", i32b(1), at(2)),
                                              ins("rating", i64b(1), at(2))]}}),
        v19.get_count("p2", p, all_cols()),
        v19.insert("p2", p, column("active", b"", at(3))),
        v19.insert("p2", p, column("stock", b"", at(3))),
        v19.get_slice("p2", p, all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- super counters
@sc("super_counter_rollups", "counters", "zzb_roll")
def super_counter_rollups():
    """A rollup service: a super counter family with one super column per day and one
    counter per page; add into a super column, a CounterSuperColumn batch, a read of one
    day, counts of sub-columns, remove_counter of one counter and of a whole day, an add
    without a super column, and a multiget_count of the days."""
    ks = "zzb_roll"
    rolls = kit.cfd(ks, "Daily", column_type="Super", comparator_type="UTF8Type",
                    subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                    default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [rolls])
    steps += [
        v19.add("site", cparent("Daily", sc="2014-05-01"), counter_column("/home", 3)),
        v19.add("site", cparent("Daily", sc="2014-05-01"), counter_column("/home", 2)),
        v19.batch_mutate({"site": {"Daily": [mutation(cosc(
            counter_super_column=counter_super_column("2014-05-02", [
                counter_column("/home", 7), counter_column("/about", 1)])))]}}),
        v19.get_slice("site", cparent("Daily", sc="2014-05-01"), all_cols()),
        v19.get_slice("site", cparent("Daily"), all_cols()),
        v19.get_count("site", cparent("Daily", sc="2014-05-02"), all_cols()),
        v19.get_count("site", cparent("Daily"), all_cols()),
        v19.remove_counter("site", cpath("Daily", sc="2014-05-02", col="/about")),
        v19.get_slice("site", cparent("Daily", sc="2014-05-02"), all_cols()),
        v19.remove_counter("site", cpath("Daily", sc="2014-05-01")),
        v19.get_slice("site", cparent("Daily"), all_cols()),
        v19.add("site", cparent("Daily"), counter_column("/home", 1)),
        v19.get("site", cpath("Daily", sc="2014-05-02", col="/home")),
        v19.multiget_count(["site", "other"], cparent("Daily"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- table options
@sc("compaction_options", "schema", "zzb_opts")
def compaction_options():
    """An operator's table options through Thrift CfDefs: a Leveled family with its sstable
    size, a Snappy-compressed one with a chunk length, a Deflate one; then the refusals: an
    unknown compaction class, a chunk length that is not a power of two, an unknown
    compressor, a bloom filter chance out of range; the keyspace described after."""
    ks = "zzb_opts"
    steps = kit.connect() + new_ks(ks, [])
    lcs = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy"
    snappy = "org.apache.cassandra.io.compress.SnappyCompressor"
    steps += [
        v19.system_add_column_family(utf8_cf(ks, "Leveled", compaction_strategy=lcs,
                                             compaction_strategy_options={
                                                 "sstable_size_in_mb": "10"})),
        v19.system_add_column_family(utf8_cf(ks, "Snappy", compression_options={
            "sstable_compression": snappy, "chunk_length_kb": "128"})),
        v19.system_add_column_family(utf8_cf(ks, "Deflate", compression_options={
            "sstable_compression": "DeflateCompressor"})),
        v19.system_add_column_family(utf8_cf(ks, "Bad1", compaction_strategy="NoSuchStrategy")),
        v19.system_add_column_family(utf8_cf(ks, "Bad2", compression_options={
            "sstable_compression": snappy, "chunk_length_kb": "100"})),
        v19.system_add_column_family(utf8_cf(ks, "Bad3", compression_options={
            "sstable_compression": "ZipCompressor"})),
        v19.system_add_column_family(utf8_cf(ks, "Bad4", bloom_filter_fp_chance=1.5)),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Leveled"), column("c", "v", at(1))),
        v19.get_slice("k", cparent("Leveled"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- composite via CQL 3
@sc("composite_cql_writes", "composite", "zzb_comp")
def composite_cql_writes():
    """A Thrift-made CompositeType(UTF8Type, Int32Type) family of per-user message folders,
    written by CQL 3 (column1, column2, value) and by Thrift, read back by Thrift slices over
    the first component and by CQL 3 with WRITETIME of a Thrift write."""
    ks = "zzb_comp"
    box = kit.cfd(ks, "Mailbox", comparator_type="CompositeType(UTF8Type,Int32Type)",
                  key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [box])
    steps += [
        cql("INSERT INTO \"Mailbox\" (key, column1, column2, value) "
            "VALUES ('ann', 'inbox', 1, 'hello') USING TIMESTAMP %d" % (T + 1)),
        cql("INSERT INTO \"Mailbox\" (key, column1, column2, value) "
            "VALUES ('ann', 'inbox', 2, 'again') USING TIMESTAMP %d" % (T + 1)),
        v19.insert("ann", cparent("Mailbox"),
                   column(comp("sent", i32b(1)), "reply", at(1))),
        v19.get_slice("ann", cparent("Mailbox"), pred(start=comp("inbox"),
                                                      finish=comp("inbox", eoc=1))),
        v19.get_count("ann", cparent("Mailbox"), all_cols()),
        cql("SELECT column1, column2, value FROM \"Mailbox\" WHERE key = 'ann'"),
        cql("SELECT WRITETIME(value) FROM \"Mailbox\" WHERE key = 'ann' AND column1 = 'sent' "
            "AND column2 = 1"),
        cql("SELECT * FROM \"Mailbox\" WHERE key = 'ann' AND column2 = 1"),
        v19.insert("ann", cparent("Mailbox"), column(comp("sent", "xy"), "bad", at(2))),
    ]
    return steps


# ---------------------------------------------------------------- reversed composite
@sc("activity_stream", "composite", "zzb_act")
def activity_stream():
    """An activity stream under CompositeType(ReversedType(LongType), UTF8Type): newest
    first by its first component; a slice of one time with the end-of-component bytes, a
    slice between two times (newest to oldest), a reversed read, a count, and a name whose
    first component is four bytes."""
    ks = "zzb_act"
    st = kit.cfd(ks, "Stream",
                 comparator_type="CompositeType(ReversedType(LongType),UTF8Type)",
                 key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [st])
    items = [(100, "like"), (100, "post"), (200, "share"), (300, "post"), (50, "join")]
    steps += [
        v19.batch_mutate({"u1": {"Stream": [ins(comp(t, k), "%s@%d" % (k, t), at(1))
                                            for t, k in items]}}),
        v19.get_slice("u1", cparent("Stream"), all_cols()),
        v19.get_slice("u1", cparent("Stream"), pred(start=comp(100, eoc=-1),
                                                    finish=comp(100, eoc=1))),
        v19.get_slice("u1", cparent("Stream"), pred(start=comp(200), finish=comp(50, eoc=1))),
        v19.get_slice("u1", cparent("Stream"), all_cols(2, True)),
        v19.get_count("u1", cparent("Stream"), pred(start=comp(300), finish=comp(100, eoc=1))),
        v19.insert("u1", cparent("Stream"), column(comp(i32b(5), "x"), "bad", at(2))),
        v19.get_slice("u1", cparent("Stream"), pred(start=comp(50), finish=comp(300))),
    ]
    return steps


# ---------------------------------------------------------------- paged slice by keys
@sc("paged_by_keys", "paging", "zzb_paged")
def paged_by_keys():
    """Hadoop's wide-row reader resuming by keys: get_paged_slice from a start key at a
    start column, a page ending inside a row, the next page from the last key and column,
    a range with an end key, a start column past every column, and a count of one."""
    ks = "zzb_paged"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Wide")])
    rows = {k: {"Wide": [ins("c%d" % i, "%s-%d" % (k, i), at(1)) for i in range(4)]}
            for k in ("ka", "kb", "kc")}
    order = sorted(["ka", "kb", "kc"], key=lambda k: int(kit.m3_token(k)))
    steps += [
        v19.batch_mutate(rows),
        v19.get_paged_slice("Wide", key_range(start_key=order[0], end_key="", count=5), "c2"),
        v19.get_paged_slice("Wide", key_range(start_key=order[1], end_key="", count=5), "c3"),
        v19.get_paged_slice("Wide", key_range(start_key=order[0], end_key=order[1], count=10),
                            ""),
        v19.get_paged_slice("Wide", key_range(start_key=order[2], end_key="", count=10), "zz"),
        v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=1), ""),
        v19.get_paged_slice("Wide", key_range(start_token=kit.m3_token(order[1]),
                                              end_token=MIN_TOKEN, count=3), "c1"),
    ]
    return steps


# ---------------------------------------------------------------- schema tool mistakes
@sc("schema_tool_mistakes", "schema", "zzb_tool")
def schema_tool_mistakes():
    """A schema migration tool's mistakes: adding a family with no keyspace set, names with
    a hyphen and past 48 characters, a keyspace added twice, a family added twice, dropping
    an unknown family, updating a family that does not exist, describing an unknown keyspace."""
    ks = "zzb_tool"
    steps = kit.connect() + [
        v19.system_add_column_family(utf8_cf(ks, "Early")),
        v19.system_add_keyspace(kit.ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(utf8_cf(ks, "bad-name")),
        v19.system_add_column_family(utf8_cf(ks, "x" * 49)),
        v19.system_add_keyspace(kit.ksd(ks, [])),
        v19.system_add_column_family(utf8_cf(ks, "Users")),
        v19.system_add_column_family(utf8_cf(ks, "Users")),
        v19.system_add_column_family(utf8_cf("zzb_other", "Users")),
        v19.system_drop_column_family("Nope"),
        v19.system_update_column_family(utf8_cf(ks, "Ghost")),
        v19.describe_keyspace("zzb_nothere"),
        v19.system_drop_keyspace("zzb_nothere"),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- login
@sc("login_allow_all", "auth", "zzb_login")
def login_allow_all():
    """An application that always logs in: login against the stock AllowAllAuthenticator
    with credentials, with an empty map, then set_keyspace and its calls."""
    ks = "zzb_login"
    steps = kit.connect() + [
        v19.login({"username": "app", "password": "secret"}),
        v19.login({}),
    ] + new_ks(ks, [utf8_cf(ks, "Data")])
    steps += [
        v19.login({"username": "other"}),
        v19.insert("k", cparent("Data"), column("c", "v", at(1))),
        v19.get_slice("k", cparent("Data"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- CQL 3 map via Thrift
@sc("cql_map_thrift_read", "cql", "zzb_map")
def cql_map_thrift_read():
    """A CQL 3 table of user preferences with a map column, written by CQL 3 and read by an
    older Thrift service through get_slice (the composite cell names, the row marker), a
    count, and a Thrift insert into the table."""
    ks = "zzb_map"
    steps = kit.connect() + new_ks(ks, [])
    steps += [
        cql("CREATE TABLE prefs (user text PRIMARY KEY, theme text, flags map<text, text>)"),
        cql("UPDATE prefs USING TIMESTAMP %d SET theme = 'dark', flags = flags + "
            "{'beta': 'on', 'mail': 'off'} WHERE user = 'u1'" % (T + 1)),
        v19.get_slice("u1", cparent("prefs"), all_cols()),
        v19.get_count("u1", cparent("prefs"), all_cols()),
        v19.get_range_slices(cparent("prefs"), all_cols(), everything()),
        v19.insert("u2", cparent("prefs"), column("theme", "light", at(2))),
        cql("SELECT * FROM prefs"),
    ]
    return steps


# ---------------------------------------------------------------- keys only / ghosts
@sc("range_ghosts", "range", "zzb_ghost")
def range_ghosts():
    """pycassa's get_range with column_count=0 (keys only), a names predicate of columns no
    row has, and the empty rows deleted rows leave in a scan (range ghosts), counted by
    get_range_slices and by multiget_count."""
    ks = "zzb_ghost"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Items")])
    steps += [
        v19.batch_mutate({k: {"Items": [ins("a", "1", at(1)), ins("b", "2", at(1))]}
                          for k in ("i1", "i2", "i3", "i4")}),
        v19.get_range_slices(cparent("Items"), all_cols(0), everything()),
        v19.get_range_slices(cparent("Items"), pred(names=["zz"]), everything()),
        v19.remove("i2", cpath("Items"), at(2)),
        v19.batch_mutate({"i3": {"Items": [dele(t=at(2))]}}),
        v19.get_range_slices(cparent("Items"), all_cols(), everything()),
        v19.get_range_slices(cparent("Items"), all_cols(), everything(2)),
        v19.multiget_count(["i1", "i2", "i3", "i4"], cparent("Items"), all_cols()),
        v19.get_range_slices(cparent("Items"), pred(names=["a"]), everything()),
    ]
    return steps


# ---------------------------------------------------------------- CQL batch, Thrift read
@sc("cql_batch_thrift", "cql", "zzb_cbatch")
def cql_batch_thrift():
    """A service writing through CQL 3 batches over Thrift into a Thrift-made family (a
    logged batch with a timestamp, an unlogged one, a batch mixing an unknown table), read
    back by Thrift get_slice and multiget_slice."""
    ks = "zzb_cbatch"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Events")])
    steps += [
        cql("BEGIN BATCH USING TIMESTAMP %d "
            "INSERT INTO \"Events\" (key, column1, value) VALUES ('e1', 'a', 'x') "
            "INSERT INTO \"Events\" (key, column1, value) VALUES ('e2', 'b', 'y') "
            "APPLY BATCH" % (T + 1)),
        cql("BEGIN UNLOGGED BATCH "
            "INSERT INTO \"Events\" (key, column1, value) VALUES ('e1', 'c', 'z') "
            "USING TIMESTAMP %d APPLY BATCH" % (T + 2)),
        cql("BEGIN BATCH "
            "INSERT INTO \"Events\" (key, column1, value) VALUES ('e3', 'a', 'x') "
            "INSERT INTO nope (key, column1, value) VALUES ('e3', 'a', 'x') APPLY BATCH"),
        v19.get_slice("e1", cparent("Events"), all_cols()),
        v19.multiget_slice(["e1", "e2", "e3"], cparent("Events"), all_cols()),
        cql("BEGIN BATCH DELETE FROM \"Events\" USING TIMESTAMP %d WHERE key = 'e1' "
            "APPLY BATCH" % (T + 3)),
        v19.get_count("e1", cparent("Events"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- DynamicCompositeType
@sc("dynamic_tags", "composite", "zzb_dyn")
def dynamic_tags():
    """A tag store under DynamicCompositeType with aliases s and l: names of a UTF8 then a
    Long component, a slice by the first component, a name with an unknown alias, and a
    count."""
    ks = "zzb_dyn"
    dyn = kit.cfd(ks, "Tags", comparator_type="DynamicCompositeType(s=>UTF8Type,l=>LongType)",
                  key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [dyn])

    def dn(*parts, eoc=0):
        out = b""
        for i, (alias, v) in enumerate(parts):
            v = v.encode() if isinstance(v, str) else v
            last = i == len(parts) - 1
            out += bytes([0x80, ord(alias)]) + kit._st.pack(">H", len(v)) + v + \
                bytes([(eoc if last else 0) & 0xff])
        return out
    steps += [
        v19.batch_mutate({"doc1": {"Tags": [
            ins(dn(("s", "color"), ("l", i64b(1))), "red", at(1)),
            ins(dn(("s", "color"), ("l", i64b(2))), "blue", at(1)),
            ins(dn(("s", "size"), ("l", i64b(1))), "L", at(1))]}}),
        v19.get_slice("doc1", cparent("Tags"), all_cols()),
        v19.get_slice("doc1", cparent("Tags"), pred(start=dn(("s", "color")),
                                                    finish=dn(("s", "color"), eoc=1))),
        v19.insert("doc1", cparent("Tags"), column(dn(("q", "x")), "bad", at(2))),
        v19.get_count("doc1", cparent("Tags"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- range deletions
@sc("prefix_deletions", "deletes", "zzb_rdel")
def prefix_deletions():
    """A metrics store under CompositeType(UTF8Type, LongType) deleting a metric's samples
    by SliceRange in batch_mutate (one prefix, a sub-range of times, a reversed range, a
    range with a count), then counting what remains and writing older samples under the
    tombstone."""
    ks = "zzb_rdel"
    m = kit.cfd(ks, "Metrics", comparator_type="CompositeType(UTF8Type,LongType)",
                key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [m])
    cols = [ins(comp(name, t), "%s%d" % (name, t), at(1))
            for name in ("cpu", "mem", "net") for t in (1, 2, 3, 4)]
    steps += [
        v19.batch_mutate({"h1": {"Metrics": cols}}),
        v19.batch_mutate({"h1": {"Metrics": [
            dele(t=at(2), rng=srange(comp("cpu"), comp("cpu", eoc=1)))]}}),
        v19.get_count("h1", cparent("Metrics"), all_cols()),
        v19.batch_mutate({"h1": {"Metrics": [
            dele(t=at(3), rng=srange(comp("mem", 2), comp("mem", 3)))]}}),
        v19.get_slice("h1", cparent("Metrics"), pred(start=comp("mem"),
                                                     finish=comp("mem", eoc=1))),
        v19.batch_mutate({"h1": {"Metrics": [
            dele(t=at(4), rng=srange(comp("net", 4), comp("net", 2), reversed=True))]}}),
        v19.batch_mutate({"h1": {"Metrics": [
            dele(t=at(4), rng=srange(comp("net"), comp("net", eoc=1), count=1))]}}),
        v19.get_slice("h1", cparent("Metrics"), all_cols()),
        v19.insert("h1", cparent("Metrics"), column(comp("cpu", 9), "late-old", at(1))),
        v19.insert("h1", cparent("Metrics"), column(comp("cpu", 9), "late-new", at(5))),
        v19.get_slice("h1", cparent("Metrics"), pred(start=comp("cpu"),
                                                     finish=comp("cpu", eoc=1))),
        v19.batch_mutate({"h1": {"Metrics": [mutation(deletion_=deletion(
            at(6), predicate=pred(names=[comp("net", 1)], slice_range=srange("", ""))))]}}),
    ]
    return steps


# ---------------------------------------------------------------- ks durable writes
@sc("nts_keyspace_edit", "schema", "zzb_nts")
def nts_keyspace_edit():
    """An operator moving a keyspace to NetworkTopologyStrategy with the single node's data
    centre, turning durable_writes off, back on, and writing and reading at LOCAL_QUORUM
    and EACH_QUORUM after each edit; the keyspace described each time."""
    ks = "zzb_nts"
    steps = kit.connect() + new_ks(ks, [utf8_cf(ks, "Data")])
    steps += [
        v19.system_update_keyspace(kit.ksd(ks, [], strategy=kit.NTS,
                                           options={"datacenter1": "1"}, durable=False)),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Data"), column("c", "v", at(1)), D.LOCAL_QUORUM),
        v19.get_slice("k", cparent("Data"), all_cols(), D.LOCAL_QUORUM),
        v19.get_slice("k", cparent("Data"), all_cols(), D.EACH_QUORUM),
        v19.system_update_keyspace(kit.ksd(ks, [], strategy=kit.NTS,
                                           options={"DC9": "1"}, durable=True)),
        v19.insert("k", cparent("Data"), column("d", "v", at(2)), D.LOCAL_QUORUM),
        v19.insert("k", cparent("Data"), column("d", "v", at(2)), ONE),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
    ]
    return steps


# ---------------------------------------------------------------- numeric comparators
def varint(n):
    return n.to_bytes(max(1, (n.bit_length() + 8) // 8), "big", signed=True)


@sc("numeric_comparators", "types", "zzb_num")
def numeric_comparators():
    """A ledger keyed by amounts: an IntegerType family (negative, zero, values of several
    widths, a non-minimal encoding), a DecimalType one and a DoubleType one; slices across
    zero, reversed reads, and the same read by CQL 3 with a WHERE on the name."""
    ks = "zzb_num"
    ints = kit.cfd(ks, "ByInt", comparator_type="IntegerType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    decs = kit.cfd(ks, "ByDec", comparator_type="DecimalType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    dbls = kit.cfd(ks, "ByDbl", comparator_type="DoubleType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [ints, decs, dbls])
    nums = [-70000, -1, 0, 5, 300, 1 << 40]
    dv = [(2, -150), (1, 5), (0, 1), (3, 1234567)]  # scale, unscaled
    fl = [-2.5, 0.0, 1e-3, 7.25, 1e10]
    steps += [
        v19.batch_mutate({"r": {"ByInt": [ins(varint(n), str(n), at(1)) for n in nums]}}),
        v19.insert("r", cparent("ByInt"), column(b"\x00\x00\x07", "seven-padded", at(2))),
        v19.get_slice("r", cparent("ByInt"), all_cols()),
        v19.get_slice("r", cparent("ByInt"), pred(start=varint(-1), finish=varint(300))),
        v19.get_slice("r", cparent("ByInt"), pred(start=varint(10), finish=varint(-5),
                                                  reversed=True)),
        v19.batch_mutate({"r": {"ByDec": [ins(i32b(s) + varint(u), "%d/%d" % (u, s), at(1))
                                          for s, u in dv]}}),
        v19.get_slice("r", cparent("ByDec"), all_cols()),
        v19.insert("r", cparent("ByDec"), column(b"\x00\x01", "short", at(2))),
        v19.batch_mutate({"r": {"ByDbl": [ins(kit._st.pack(">d", x), repr(x), at(1))
                                          for x in fl]}}),
        v19.get_slice("r", cparent("ByDbl"), pred(start=kit._st.pack(">d", -1.0),
                                                  finish=kit._st.pack(">d", 100.0))),
        v19.insert("r", cparent("ByDbl"), column(i32b(1), "narrow", at(2))),
        cql('SELECT * FROM "ByInt" WHERE key = \'r\' AND column1 >= 0'),
        cql('SELECT * FROM "ByDec"'),
        cql('SELECT column1 FROM "ByDbl" WHERE key = \'r\' ORDER BY column1 DESC'),
    ]
    return steps


# ---------------------------------------------------------------- super deletions
@sc("super_deletions", "deletes", "zzb_sdel")
def super_deletions():
    """An address book in a super family (one super column per contact): Deletions naming
    a super column and sub-column names, a super column with a SliceRange of sub-columns,
    a whole super column, names of super columns with no super_column set, and the reads
    and counts after each."""
    ks = "zzb_sdel"
    book = kit.cfd(ks, "Book", column_type="Super", comparator_type="UTF8Type",
                   subcomparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = kit.connect() + new_ks(ks, [book])
    people = ["ann", "bob", "cyd", "dan"]
    steps += [
        v19.batch_mutate({"me": {"Book": [kit.sins(p, [("email", p + "@x"), ("phone", "1"),
                                                        ("zip", "9")], at(1))
                                          for p in people]}}),
        v19.batch_mutate({"me": {"Book": [dele(["phone", "zip"], t=at(2), sc_="ann")]}}),
        v19.get_slice("me", cparent("Book", sc="ann"), all_cols()),
        v19.batch_mutate({"me": {"Book": [dele(t=at(2), sc_="bob",
                                               rng=srange("a", "f"))]}}),
        v19.get_slice("me", cparent("Book", sc="bob"), all_cols()),
        v19.batch_mutate({"me": {"Book": [dele(t=at(2), sc_="cyd")]}}),
        v19.batch_mutate({"me": {"Book": [dele(["dan"], t=at(2))]}}),
        v19.get_slice("me", cparent("Book"), all_cols()),
        v19.get_count("me", cparent("Book"), all_cols()),
        v19.get_count("me", cparent("Book", sc="bob"), all_cols()),
        v19.batch_mutate({"me": {"Book": [dele(t=at(3), rng=srange("a", "b"))]}}),
        v19.get_slice("me", cparent("Book"), all_cols()),
        v19.remove("me", cpath("Book", sc="bob", col="zip"), at(4)),
        v19.remove("me", cpath("Book", col="bob"), at(4)),
        v19.get_slice("me", cparent("Book"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- counter mistakes
@sc("counter_family_mistakes", "counters", "zzb_cmis")
def counter_family_mistakes():
    """A page-view service's counter family and the writes it got wrong: a plain Column
    into it by insert and by batch, a CounterColumn into a standard family, add at ANY and
    at ALL, a batch mixing a counter and a deletion with a timestamp, a Deletion of a
    counter without one, and the counts read back."""
    ks = "zzb_cmis"
    views = kit.cfd(ks, "Views", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                    default_validation_class="CounterColumnType")
    steps = kit.connect() + new_ks(ks, [views, utf8_cf(ks, "Pages")])
    steps += [
        v19.add("p1", cparent("Views"), counter_column("hits", 5)),
        v19.insert("p1", cparent("Views"), column("hits", i64b(1), at(1))),
        v19.batch_mutate({"p1": {"Views": [ins("hits", i64b(1), at(1))]}}),
        v19.batch_mutate({"p1": {"Pages": [cadd("hits", 1)]}}),
        v19.add("p1", cparent("Pages"), counter_column("hits", 1)),
        v19.add("p1", cparent("Views"), counter_column("hits", 1), D.ANY),
        v19.add("p1", cparent("Views"), counter_column("hits", 1), ALL),
        v19.batch_mutate({"p1": {"Views": [cadd("uniq", 2), dele(["old"], t=at(2))]}}),
        v19.batch_mutate({"p2": {"Views": [cadd("hits", 4), dele(["hits"])]}}),
        v19.get_slice("p1", cparent("Views"), all_cols()),
        v19.get_slice("p2", cparent("Views"), all_cols()),
        v19.get("p1", cpath("Views", col="hits")),
        v19.remove("p1", cpath("Views", col="hits"), at(3)),
        v19.get_slice("p1", cparent("Views"), all_cols()),
    ]
    return steps
