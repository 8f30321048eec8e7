"""All eight releases (0.7.10 to 2.2.19, `RELEASE=V` picks the fields and methods the
release's IDL had): thirteen ordinary applications, each owning its keyspace, of data shapes the
earlier files did not use: LexicalUUIDType journals read newest first, raw BytesType keys with
0x00 bytes, IntegerType and DecimalType names, a super CF of LongType sub-columns, a validator
per column, counters of LongType names, expiring sessions, a crawler's paging, KEYS indexes on
a LongType column, a deployment's schema steps, a first week's mistakes, a CQL report and a
client built for 1.2's IDL."""
import os
import sys
import struct

from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column, cosc,
                 super_column, counter_column, mutation, ins, index_expr, index_clause, long_,
                 int32, timeuuid, lexuuid, EQ, GT, GTE, LTE, QUORUM, ALL, ANY, LOCAL_QUORUM,
                 EACH_QUORUM, TWO)
import thriftwire as W

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.2.9")

import kit  # noqa: E402
from kit import (SS, cfd, hector_cf, ksd, coldef, setup, describe_version, connect, dele)  # noqa: E402
from kit import cql_of_release as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
COUNTERS = V >= (0, 8)
COMPOSITE = V >= (0, 8)
CQL2 = (0, 8) <= V < (1, 2)
CQL3 = V >= (1, 2)
ATOMIC = V >= (1, 2)


DECIMAL = V >= (1, 0)
INT32 = V >= (1, 0)
TYPES08 = V >= (0, 8)
PAGED = V >= (1, 1)


def varint(n):
    """IntegerType's two's-complement big-endian bytes, shortest form"""
    ln = 1
    while True:
        try:
            return n.to_bytes(ln, "big", signed=True)
        except OverflowError:
            ln += 1


def decimal(unscaled, scale):
    return struct.pack(">i", scale) + varint(unscaled)


def num(n):
    """an integer column value: Int32Type from 1.0, LongType before"""
    return int32(n) if INT32 else long_(n)


NUMT = "Int32Type" if INT32 else "LongType"


# --------------------------------------------------------------------------- journal
@scenario("x_01_journal", "19", "slice", keyspace_reset="x_journal")
def journal():
    """An audit journal on LexicalUUIDType columns (one row per account): the app's pool
    connects, tries its keyspace before the schema exists, creates it, writes entries, reads
    the newest first in reversed pages started at the last column read, a window between two
    ids, counts, multigets, removes an entry; names of the wrong length."""
    ks = "x_journal"
    steps = connect() + [
        v19.describe_keyspaces(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        setup(ks, [cfd(ks, "Journal", comparator_type="LexicalUUIDType",
                       key_validation_class="UTF8Type", default_validation_class="UTF8Type")]),
    ]
    for i in range(10):
        acct = "acct-%d" % (i % 2)
        steps.append(v19.insert(acct, cparent("Journal"),
                                column(lexuuid(50 + i), "entry %d" % i, 10 + i)))
    steps += [
        v19.get_slice("acct-0", cparent("Journal"), pred(start="", reversed=True, count=2)),
        v19.get_slice("acct-0", cparent("Journal"),
                      pred(start=lexuuid(56), reversed=True, count=3)),
        v19.get_slice("acct-0", cparent("Journal"),
                      pred(start=lexuuid(52), reversed=True, count=3)),
        v19.get_slice("acct-1", cparent("Journal"),
                      pred(start=lexuuid(57), finish=lexuuid(53), reversed=True, count=100)),
        v19.get_slice("acct-1", cparent("Journal"),
                      pred(start=lexuuid(53), finish=lexuuid(57), count=100)),
        v19.get_slice("acct-1", cparent("Journal"),
                      pred(start=lexuuid(53), finish=lexuuid(57), reversed=True, count=100)),
        v19.get("acct-1", cpath("Journal", col=lexuuid(55))),
        v19.get("acct-1", cpath("Journal", col=lexuuid(54))),
        v19.get_count("acct-0", cparent("Journal"), pred(start="", count=100)),
        v19.get_count("acct-0", cparent("Journal"), pred(start=lexuuid(54), reversed=True,
                                                        count=100)),
        v19.multiget_slice(["acct-0", "acct-1", "acct-2"], cparent("Journal"),
                           pred(start="", reversed=True, count=1)),
        v19.remove("acct-0", cpath("Journal", col=lexuuid(54)), 30),
        v19.get_slice("acct-0", cparent("Journal"), pred(start="", count=100)),
        v19.insert("acct-0", cparent("Journal"), column(b"\x01" * 15, "short", 40)),
        v19.insert("acct-0", cparent("Journal"), column(b"\x01" * 17, "long", 40)),
        v19.get_slice("acct-0", cparent("Journal"), pred(start=b"\x01\x02", count=100)),
        v19.get("acct-0", cpath("Journal", col="not-a-uuid")),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- binary keys
@scenario("x_02_blobkeys", "19", "keys", keyspace_reset="x_blobkeys")
def blobkeys():
    """A content-addressed blob store whose row keys are raw digests (BytesType keys, some
    with 0x00 bytes, one all zeros): inserts, gets, multigets, a range scan, a page started
    at such a key, removes; the empty key and an oversized one an upload bug sent."""
    ks = "x_blobkeys"
    keys = [b"\x00", b"\x00\x00\x01", b"a\x00b", b"\xff\x00", b"\x00" * 20, b"\x7f\xff"]
    steps = [
        describe_version(),
        setup(ks, [cfd(ks, "Blobs", comparator_type="AsciiType",
                       key_validation_class="BytesType")]),
    ]
    for i, k in enumerate(keys):
        steps.append(v19.insert(k, cparent("Blobs"), column("size", str(100 * i), 10)))
    steps += [
        v19.batch_mutate({keys[0]: {"Blobs": [ins("mime", "text/plain", 11)]},
                          keys[2]: {"Blobs": [ins("mime", "image/png", 11)]}}),
        v19.get(keys[0], cpath("Blobs", col="size")),
        v19.get(b"\x00\x00", cpath("Blobs", col="size")),
        v19.get_slice(keys[2], cparent("Blobs"), pred(start="", count=100)),
        v19.multiget_slice(keys + [b"\x00\x02"], cparent("Blobs"), pred(names=["mime"])),
        v19.get_range_slices(cparent("Blobs"), pred(names=["size"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Blobs"), pred(names=["size"]),
                             key_range(start_key=keys[3], end_key="", count=3)),
        v19.get_count(keys[4], cparent("Blobs"), pred(start="", count=100)),
        v19.remove(keys[1], cpath("Blobs"), 20),
        v19.get_range_slices(cparent("Blobs"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        # an upload bug: the empty digest, and a key past 64 KiB
        v19.insert("", cparent("Blobs"), column("size", "0", 30)),
        v19.get("", cpath("Blobs", col="size")),
        v19.get_slice("", cparent("Blobs"), pred(start="", count=100)),
        v19.multiget_slice([keys[0], ""], cparent("Blobs"), pred(start="", count=100)),
        v19.get_count("", cparent("Blobs"), pred(start="", count=100)),
        v19.batch_mutate({"": {"Blobs": [ins("size", "0", 30)]}}),
        v19.remove("", cpath("Blobs", col="size"), 30),
        v19.insert(b"\x01" * 65536, cparent("Blobs"), column("size", "0", 30)),
        v19.get_slice(keys[0], cparent("Blobs"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- numbers
@scenario("x_03_ledger", "19", "types", keyspace_reset="x_ledger")
def ledger():
    """A ledger keyed by IntegerType column names (entry numbers of any width, negative ones
    for corrections) and, from 1.0, a DecimalType-named price history; slices across widths,
    reversed, counts; names an IntegerType reads in any width and the empty name."""
    ks = "x_ledger"
    cfs = [cfd(ks, "Entries", comparator_type="IntegerType", default_validation_class="UTF8Type")]
    if DECIMAL:
        cfs.append(cfd(ks, "Prices", comparator_type="DecimalType",
                       default_validation_class="UTF8Type"))
    steps = [setup(ks, cfs)]
    nums = [0, 1, -1, 127, 128, 300, -300, 65536, 2 ** 40, -(2 ** 40)]
    steps.append(v19.batch_mutate({"book-1": {"Entries": [
        ins(varint(n), "amount %d" % n, 10) for n in nums]}}))
    steps += [
        v19.get_slice("book-1", cparent("Entries"), pred(start="", count=100)),
        v19.get_slice("book-1", cparent("Entries"), pred(start="", reversed=True, count=3)),
        v19.get_slice("book-1", cparent("Entries"),
                      pred(start=varint(-1), finish=varint(300), count=100)),
        v19.get_slice("book-1", cparent("Entries"),
                      pred(start=varint(300), finish=varint(-1), reversed=True, count=100)),
        # the same numbers in wider encodings
        v19.get("book-1", cpath("Entries", col=b"\x00\x00\x01")),
        v19.get("book-1", cpath("Entries", col=b"\xff\xff")),
        v19.get_slice("book-1", cparent("Entries"),
                      pred(names=[b"\x00\x7f", varint(128), b"\x00\x00\x00\x00"])),
        v19.get_count("book-1", cparent("Entries"),
                      pred(start=varint(0), finish="", count=100)),
        v19.insert("book-1", cparent("Entries"), column("", "empty", 20)),
        v19.insert("book-1", cparent("Entries"), column(b"\x00\x05", "five", 20)),
        v19.get_slice("book-1", cparent("Entries"),
                      pred(start=varint(1), finish=varint(127), count=100)),
    ]
    if DECIMAL:
        prices = [(1999, 2), (20, 0), (-5, 1), (100001, 4), (2, -2)]
        steps += [
            v19.batch_mutate({"sku-1": {"Prices": [
                ins(decimal(u, s), "%d/%d" % (u, s), 10) for u, s in prices]}}),
            v19.get_slice("sku-1", cparent("Prices"), pred(start="", count=100)),
            v19.get_slice("sku-1", cparent("Prices"), pred(start="", reversed=True, count=2)),
            v19.get_slice("sku-1", cparent("Prices"),
                          pred(start=decimal(0, 0), finish=decimal(2000, 2), count=100)),
            v19.get("sku-1", cpath("Prices", col=decimal(200, 1))),
            v19.insert("sku-1", cparent("Prices"), column(b"\x00\x00", "bad", 20)),
        ]
    return steps


# --------------------------------------------------------------------------- metrics
@scenario("x_04_metrics", "19", "super", keyspace_reset="x_metrics")
def metrics():
    """A monitoring agent's samples in a super CF: UTF8Type super columns (metric names) of
    LongType sub-columns (sample times) per host row; the dashboard reads a window of samples
    newest first, counts samples, multigets a metric across hosts, scans hosts, trims old
    samples by deletions of sub-column names; sub-column names of the wrong width."""
    ks = "x_metrics"
    steps = [
        v19.describe_cluster_name(),
        setup(ks, [cfd(ks, "Samples", column_type="Super", comparator_type="UTF8Type",
                       subcomparator_type="LongType", default_validation_class="LongType")]),
    ]
    muts = {}
    for h in range(3):
        muts["host%d" % h] = {"Samples": [
            mutation(cosc(super_column=super_column(m, [
                column(long_(1000 + 60 * t), long_(h * 100 + t), 10) for t in range(6)])))
            for m in ["cpu", "mem"]]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("host0", cparent("Samples", sc="cpu"),
                      pred(start="", reversed=True, count=3)),
        v19.get_slice("host0", cparent("Samples", sc="cpu"),
                      pred(start=long_(1240), finish=long_(1060), reversed=True, count=100)),
        v19.get_slice("host0", cparent("Samples", sc="cpu"),
                      pred(start=long_(1060), finish=long_(1240), count=2)),
        v19.get_slice("host1", cparent("Samples"), pred(start="", count=1)),
        v19.get_slice("host1", cparent("Samples"), pred(names=["mem", "disk"])),
        v19.get("host1", cpath("Samples", sc="mem", col=long_(1120))),
        v19.get("host1", cpath("Samples", sc="mem")),
        v19.get_count("host2", cparent("Samples", sc="cpu"), pred(start=long_(1100), count=100)),
        v19.get_count("host2", cparent("Samples"), pred(start="", count=100)),
        v19.multiget_slice(["host0", "host1", "host9"], cparent("Samples", sc="cpu"),
                           pred(start="", reversed=True, count=1)),
        v19.get_range_slices(cparent("Samples", sc="mem"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"host0": {"Samples": [
            dele([long_(1000), long_(1060)], 20, sc_="cpu")]}}),
        v19.get_slice("host0", cparent("Samples", sc="cpu"), pred(start="", count=100)),
        v19.remove("host0", cpath("Samples", sc="mem", col=long_(1300)), 20),
        v19.get_count("host0", cparent("Samples", sc="mem"), pred(start="", count=100)),
        # mistakes: a sub-column name of 4 bytes, slices of the wrong width
        v19.insert("host0", cparent("Samples", sc="cpu"), column(int32(5), long_(1), 30)),
        v19.get_slice("host0", cparent("Samples", sc="cpu"), pred(start=int32(1), count=10)),
        v19.get("host0", cpath("Samples", sc="cpu", col="now")),
        v19.insert("host0", cparent("Samples", sc="cpu"), column(long_(2000), "high", 30)),
        v19.batch_mutate({"host0": {"Samples": [
            dele(None, 40, sc_="cpu", rng=srange(long_(1000), long_(1200)))]}}),
        v19.insert("host0", cparent("Samples"), column(long_(2000), long_(1), 30)),
    ]
    return steps


# --------------------------------------------------------------------------- profiles
@scenario("x_05_profiles", "19", "validators", keyspace_reset="x_profiles")
def profiles():
    """A profile service whose CF declares a validator per column (UTF8, Ascii, a number,
    a UUID, from 0.8 a boolean and a double), writes good values by insert and batch_mutate,
    then the bad ones a form sent: a number of the wrong width, non-ASCII text, bytes that are
    no UTF-8, a UUID of 10 bytes; the metadata read back."""
    ks = "x_profiles"
    meta = [coldef("name", "UTF8Type"), coldef("email", "AsciiType"), coldef("age", NUMT),
            coldef("id", "UUIDType" if TYPES08 else "LexicalUUIDType")]
    if TYPES08:
        meta += [coldef("active", "BooleanType"), coldef("score", "DoubleType")]
    steps = [
        v19.describe_keyspaces(),
        setup(ks, [hector_cf(ks, "Profiles", comparator_type="UTF8Type",
                             key_validation_class="UTF8Type", column_metadata=meta)]),
        v19.describe_keyspace(ks),
        v19.insert("p1", cparent("Profiles"), column("name", "Zoë", 10)),
        v19.insert("p1", cparent("Profiles"), column("email", "zoe@x.org", 10)),
        v19.insert("p1", cparent("Profiles"), column("age", num(31), 10)),
        v19.insert("p1", cparent("Profiles"), column("id", lexuuid(1), 10)),
        v19.insert("p1", cparent("Profiles"), column("note", b"\x00\xff", 10)),
    ]
    good = [ins("name", "Ann", 10), ins("email", "ann@x.org", 10), ins("age", num(44), 10)]
    if TYPES08:
        steps += [
            v19.insert("p1", cparent("Profiles"), column("active", b"\x01", 10)),
            v19.insert("p1", cparent("Profiles"), column("score", struct.pack(">d", 4.5), 10)),
        ]
        good += [ins("active", b"\x00", 10), ins("score", struct.pack(">d", -1.25), 10)]
    steps += [
        v19.batch_mutate({"p2": {"Profiles": good}}),
        v19.get_slice("p1", cparent("Profiles"), pred(start="", count=100)),
        v19.multiget_slice(["p1", "p2"], cparent("Profiles"), pred(names=["age", "name"])),
        # the form's bad values
        v19.insert("p3", cparent("Profiles"), column("age", b"\x00\x1f\x00", 20)),
        v19.insert("p3", cparent("Profiles"), column("email", "zoë@x.org", 20)),
        v19.insert("p3", cparent("Profiles"), column("name", b"\xff\xfe", 20)),
        v19.insert("p3", cparent("Profiles"), column("id", b"\x01" * 10, 20)),
        v19.batch_mutate({"p3": {"Profiles": [ins("name", "Cat", 20),
                                              ins("age", "thirty", 20)]}}),
        v19.get_slice("p3", cparent("Profiles"), pred(start="", count=100)),
    ]
    if TYPES08:
        steps += [
            v19.insert("p3", cparent("Profiles"), column("active", "yes", 20)),
            v19.insert("p3", cparent("Profiles"), column("score", int32(1), 20)),
        ]
    steps.append(v19.get_count("p1", cparent("Profiles"), pred(start="", count=100)))
    return steps


# --------------------------------------------------------------------------- likes
@scenario("x_06_likes", "19", "counter", keyspace_reset="x_likes")
def likes():
    """Likes per item in a counter CF of LongType names (item ids) per user row, from 0.8:
    add, a negative add, a batch of counter increments over two rows, reads of the top ids
    reversed, multiget_slice, a range scan, a reset by remove_counter; the mistakes (a counter
    read at ANY, a counter deletion in a batch with a timestamp, a counter name of 4 bytes).
    0.7 has no counters: the same app writes LongType totals."""
    ks = "x_likes"
    if not COUNTERS:
        steps = [setup(ks, [cfd(ks, "Likes", comparator_type="LongType",
                                default_validation_class="LongType")])]
        for i in range(4):
            steps.append(v19.insert("u1", cparent("Likes"), column(long_(i), long_(i * 2), 10)))
        steps += [
            v19.get_slice("u1", cparent("Likes"), pred(start="", reversed=True, count=2)),
            v19.insert("u1", cparent("Likes"), column(int32(1), long_(1), 20)),
            v19.get_count("u1", cparent("Likes"), pred(start="", count=100)),
        ]
        return steps
    ccf = dict(default_validation_class="CounterColumnType", replicate_on_write=True)
    steps = [
        setup(ks, [cfd(ks, "Likes", comparator_type="LongType", **ccf)]),
        v19.add("u1", cparent("Likes"), counter_column(long_(7), 1)),
        v19.add("u1", cparent("Likes"), counter_column(long_(7), 1)),
        v19.add("u1", cparent("Likes"), counter_column(long_(3), 10)),
        v19.add("u1", cparent("Likes"), counter_column(long_(3), -4)),
        v19.batch_mutate({
            "u1": {"Likes": [mutation(cosc(counter_column=counter_column(long_(9), 2)))]},
            "u2": {"Likes": [mutation(cosc(counter_column=counter_column(long_(7), 5))),
                             mutation(cosc(counter_column=counter_column(long_(1), 1)))]}}),
        v19.get("u1", cpath("Likes", col=long_(3))),
        v19.get_slice("u1", cparent("Likes"), pred(start="", reversed=True, count=2)),
        v19.get_slice("u1", cparent("Likes"), pred(start=long_(3), finish=long_(7), count=10)),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("Likes"), pred(names=[long_(7)])),
        v19.get_count("u2", cparent("Likes"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Likes"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove_counter("u1", cpath("Likes", col=long_(9))),
        v19.get_slice("u1", cparent("Likes"), pred(start="", count=100)),
        v19.get("u1", cpath("Likes", col=long_(9))),
        v19.get("u1", cpath("Likes", col=long_(7)), ANY),
        v19.batch_mutate({"u2": {"Likes": [dele([long_(1)], 30)]}}),
        v19.batch_mutate({"u2": {"Likes": [dele([long_(1)])]}}),
        v19.get_slice("u2", cparent("Likes"), pred(start="", count=100)),
        v19.add("u1", cparent("Likes"), counter_column(int32(7), 1)),
        v19.remove_counter("u1", cpath("Likes"), ),
        v19.get_count("u1", cparent("Likes"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- sessions
@scenario("x_07_sessions", "19", "ttl", keyspace_reset="x_sessions")
def sessions():
    """A web framework's session store: a Standard CF of expiring columns per session and a
    super CF of expiring per-user tokens; TTLs written by insert and in batches beside
    deletions, read back with get, get_slice, multiget and range scans, refreshed with a
    longer TTL, cleared by a row remove; a negative TTL inside a super column."""
    ks = "x_sessions"
    steps = [
        setup(ks, [cfd(ks, "Sessions", comparator_type="AsciiType",
                       default_validation_class="UTF8Type"),
                   cfd(ks, "Tokens", column_type="Super", comparator_type="UTF8Type",
                       subcomparator_type="AsciiType")]),
        v19.insert("s-1", cparent("Sessions"), column("user", "ann", 10, ttl=1800)),
        v19.insert("s-1", cparent("Sessions"), column("csrf", "q1w2", 10, ttl=1800)),
        v19.batch_mutate({
            "s-2": {"Sessions": [ins("user", "bob", 10, ttl=900), ins("cart", "3", 10)]},
            "ann": {"Tokens": [mutation(cosc(super_column=super_column("web", [
                column("tok", "t-1", 10, ttl=86400), column("ua", "firefox", 10)])))]}}),
        v19.get("s-1", cpath("Sessions", col="user")),
        v19.get_slice("s-2", cparent("Sessions"), pred(start="", count=100)),
        v19.multiget_slice(["s-1", "s-2"], cparent("Sessions"), pred(names=["user"])),
        v19.get("ann", cpath("Tokens", sc="web")),
        v19.get_slice("ann", cparent("Tokens", sc="web"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Sessions"), pred(names=["user", "cart"]),
                             key_range(start_key="", end_key="", count=10)),
        # a refresh: the column rewritten with a longer TTL, the cart dropped in the same batch
        v19.batch_mutate({"s-2": {"Sessions": [ins("user", "bob", 20, ttl=3600),
                                               dele(["cart"], 20)]}}),
        v19.get_slice("s-2", cparent("Sessions"), pred(start="", count=100)),
        v19.insert("s-1", cparent("Sessions"), column("user", "ann", 20)),
        v19.get("s-1", cpath("Sessions", col="user")),
        v19.remove("s-1", cpath("Sessions"), 30),
        v19.get_slice("s-1", cparent("Sessions"), pred(start="", count=100)),
        v19.batch_mutate({"bob": {"Tokens": [mutation(cosc(super_column=super_column("api", [
            column("tok", "t-2", 40, ttl=-1)])))]}}),
        v19.insert("bob", cparent("Tokens", sc="api"), column("tok", "t-2", 40, ttl=0)),
        v19.get_count("ann", cparent("Tokens", sc="web"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- crawler
@scenario("x_08_crawler", "19", "paging", keyspace_reset="x_crawler")
def crawler():
    """A web crawler's link graph: a wide row of out-links per page read in pages of 4
    (count+1 from the last column, the first skipped by the app), every page's row walked by
    get_range_slices in pages from the last key, keys only, and from 1.1 get_paged_slice
    across rows; a page start past the last column."""
    ks = "x_crawler"
    steps = [
        describe_version(),
        v19.describe_partitioner(),
        setup(ks, [cfd(ks, "Links", comparator_type="UTF8Type",
                       key_validation_class="UTF8Type", default_validation_class="UTF8Type")]),
    ]
    links = ["http://e.org/%02d" % i for i in range(11)]
    steps.append(v19.batch_mutate({"http://home": {"Links": [
        ins(u, "anchor %d" % i, 10) for i, u in enumerate(links)]}}))
    pages = ["http://p%d" % i for i in range(9)]
    steps.append(v19.batch_mutate({p: {"Links": [ins("http://home", "back", 10),
                                                 ins("http://x/%d" % i, "x", 10)]}
                                   for i, p in enumerate(pages)}))
    steps += [
        v19.get_slice("http://home", cparent("Links"), pred(start="", count=5)),
        v19.get_slice("http://home", cparent("Links"), pred(start=links[4], count=5)),
        v19.get_slice("http://home", cparent("Links"), pred(start=links[8], count=5)),
        v19.get_slice("http://home", cparent("Links"), pred(start=links[10], count=5)),
        v19.get_slice("http://home", cparent("Links"), pred(start="http://z", count=5)),
        v19.get_slice("http://home", cparent("Links"),
                      pred(start=links[10], reversed=True, count=4)),
        v19.get_range_slices(cparent("Links"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Links"), pred(start="", count=1),
                             key_range(start_key=pages[3], end_key="", count=4)),
        v19.get_range_slices(cparent("Links"), pred(start="", count=1),
                             key_range(start_key=pages[7], end_key="", count=4)),
        v19.get_range_slices(cparent("Links"), pred(names=[]),
                             key_range(start_key="", end_key="", count=20)),
        v19.get_range_slices(cparent("Links"), pred(start="http://x/", finish="http://x/~",
                                                    count=10),
                             key_range(start_key="", end_key="", count=20)),
        v19.get_count("http://home", cparent("Links"), pred(start=links[5], count=100)),
    ]
    # 1.1 and 1.2 read a page across rows in parts cut at the node's random tokens: which
    # rows a page of several holds differed from one fresh node to the next there
    if V >= (2, 0):
        steps += [
            v19.get_paged_slice("Links", key_range(start_key="", end_key="", count=5), ""),
            v19.get_paged_slice("Links", key_range(start_key=pages[2], end_key="", count=3),
                                "http://x/"),
        ]
    if PAGED:
        steps += [
            v19.get_paged_slice("Links", key_range(start_key="http://home", end_key="",
                                                   count=2), links[9]),
        ]
    return steps


# --------------------------------------------------------------------------- orders by index
@scenario("x_09_shipments", "19", "index", keyspace_reset="x_shipments")
def shipments():
    """A shipping service querying KEYS indexes on a status (UTF8) and a warehouse number
    (LongType): EQ queries paged by the last key, an EQ with a range on the number, a query
    of a value of the wrong width, one without an EQ on an indexed column, one on a missing
    CF; from 1.1 the same filter as get_range_slices' row_filter."""
    ks = "x_shipments"
    meta = [coldef("status", "UTF8Type", True), coldef("wh", "LongType", True, "wh_idx"),
            coldef("weight", "LongType")]
    steps = [
        setup(ks, [hector_cf(ks, "Shipments", comparator_type="UTF8Type",
                             key_validation_class="UTF8Type",
                             default_validation_class="UTF8Type", column_metadata=meta)]),
    ]
    rows = {}
    for i in range(8):
        rows["sh%d" % i] = {"Shipments": [
            ins("status", ["packed", "sent", "held"][i % 3], 10),
            ins("wh", long_(i % 2 + 1), 10), ins("weight", long_(10 * i), 10)]}
    steps += [
        v19.batch_mutate(rows),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("status", EQ, "packed")], count=100), pred(names=["wh", "weight"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("wh", EQ, long_(1))], count=2), pred(names=["status"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("wh", EQ, long_(1))], start_key="sh4", count=2), pred(names=["status"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("wh", EQ, long_(2)), index_expr("weight", GT, long_(20))], count=100),
            pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("status", EQ, "sent"), index_expr("wh", LTE, long_(1))], count=100),
            pred(names=["wh"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("wh", EQ, int32(1))], count=100), pred(names=["status"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("weight", GTE, long_(0))], count=100), pred(names=["status"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("status", EQ, "packed")], count=100), pred(names=["wh"]), ANY),
        v19.get_indexed_slices(cparent("Parcels"), index_clause(
            [index_expr("status", EQ, "packed")], count=100), pred(names=["wh"])),
        v19.insert("sh0", cparent("Shipments"), column("status", "sent", 20)),
        v19.remove("sh3", cpath("Shipments", col="status"), 20),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("status", EQ, "sent")], count=100), pred(names=["status"])),
        v19.get_indexed_slices(cparent("Shipments"), index_clause(
            [index_expr("status", EQ, "packed")], count=100), pred(names=["status"])),
    ]
    if PAGED:
        steps.append(v19.get_range_slices(
            cparent("Shipments"), pred(names=["status"]),
            key_range(start_key="", end_key="", count=100,
                      row_filter=[index_expr("status", EQ, "sent")])))
    return steps


# --------------------------------------------------------------------------- deploy
@scenario("x_10_deploy", "19", "schema", keyspace_reset="x_deploy")
def deploy():
    """A deployment tool's schema migrations: the keyspace created empty, column families
    added one by one (one twice, one with a comparator class that does not exist, one for
    another keyspace), the keyspace's options updated, a truncate of data and of a missing
    CF, a drop and reads of the dropped CF, drops of missing things, and a second keyspace
    add of the same name."""
    ks = "x_deploy"
    steps = [
        v19.describe_keyspaces(),
        setup(ks, []),
        v19.system_add_column_family(cfd(ks, "Users", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Events", comparator_type="TimeUUIDType")),
        v19.system_add_column_family(cfd(ks, "Users", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Bad", comparator_type="FooType")),
        v19.system_add_column_family(cfd("x_other", "Stray", comparator_type="UTF8Type")),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.describe_keyspace(ks),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        v19.insert("u2", cparent("Users"), column("name", "bob", 10)),
        v19.truncate("Users"),
        v19.get_range_slices(cparent("Users"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("Missing"),
        v19.insert("u3", cparent("Users"), column("name", "cat", 20)),
        v19.get_slice("u3", cparent("Users"), pred(start="", count=10)),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.system_drop_column_family("Events"),
        v19.get_slice("e1", cparent("Events"), pred(start="", count=10)),
        v19.insert("e1", cparent("Events"), column(timeuuid(1), "x", 20)),
        v19.system_drop_column_family("Events"),
        v19.system_drop_keyspace("x_nothing"),
        v19.set_keyspace("x_nothing"),
        v19.get_slice("u3", cparent("Users"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mistakes
@scenario("x_11_firstweek", "19", "mistakes", keyspace_reset="x_firstweek")
def firstweek():
    """A new developer's first week: a misspelt keyspace, a CF that is not there at every
    call, a TimeUUIDType CF given text and a version-4 UUID, predicates with both or neither
    parts and a negative count, a key range of keys and tokens, a super column read from a
    Standard CF, consistency levels a read cannot take and a replication its one node cannot
    meet."""
    ks = "x_firstweek"
    steps = [
        v19.set_keyspace("X_FirstWeek"),
        setup(ks, [cfd(ks, "Feed", comparator_type="TimeUUIDType"),
                   cfd(ks, "Plain", comparator_type="BytesType")]),
        v19.insert("k", cparent("Feed"), column(timeuuid(1), "a", 10)),
        v19.insert("k", cparent("Feed"), column("2012-01-01", "a", 10)),
        v19.insert("k", cparent("Feed"), column(lexuuid(2), "a", 10)),
        v19.get_slice("k", cparent("Feed"), pred(start="yesterday", count=10)),
        v19.get("k", cpath("Feed", col=b"\x00" * 15)),
        v19.get("k", cpath("Nope", col="x")),
        v19.insert("k", cparent("Nope"), column("x", "y", 10)),
        v19.get_slice("k", cparent("Nope"), pred(start="", count=10)),
        v19.multiget_slice(["k"], cparent("Nope"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Nope"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove("k", cpath("Nope"), 10),
        v19.get_slice("k", cparent("Plain"), pred(names=["a"], start="", count=10)),
        v19.get_slice("k", cparent("Plain"), pred()),
        v19.get_slice("k", cparent("Plain"), pred(start="", count=-1)),
        v19.get_range_slices(cparent("Plain"), pred(start="", count=10),
                             key_range(start_key="", end_key="", start_token="0", count=10)),
        v19.get_range_slices(cparent("Plain"), pred(start="", count=10),
                             key_range(start_key="b", end_key="a", count=10)),
        v19.get("k", cpath("Plain", sc="s", col="c")),
        v19.get_slice("k", cparent("Plain", sc="s"), pred(start="", count=10)),
        v19.get("k", cpath("Plain")),
        v19.insert("k", cparent("Plain"), column("c", "v", 10), ANY),
        v19.get("k", cpath("Plain", col="c"), ANY),
        v19.get_slice("k", cparent("Plain"), pred(start="", count=10), ANY),
        v19.get_slice("k", cparent("Plain"), pred(start="", count=10), ALL),
        v19.insert("k", cparent("Plain"), column("c", "v", 11), EACH_QUORUM),
        v19.get("k", cpath("Plain", col="c"), LOCAL_QUORUM),
        v19.system_update_keyspace(ksd(ks, [], rf=3)),
        v19.insert("k", cparent("Plain"), column("c", "w", 12), QUORUM),
        v19.insert("k", cparent("Plain"), column("c", "w", 12)),
        v19.get("k", cpath("Plain", col="c"), TWO),
        # last: on 1.1 and 1.2 this closes the connection
        v19.get_count("k", cparent("Nope"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- cql
@scenario("x_12_cqlreport", "19", "cql", keyspace_reset="x_cqlreport")
def cqlreport():
    """A reporting tool on CQL (CQL 2 from 0.8 to 1.1, CQL 3 from 1.2) over a CF an
    application filled through Thrift: selects of a row, of named columns, a count, an
    insert and an update through CQL read back through Thrift, a delete; a misspelt CF and a
    syntax error.  0.7 has no CQL: the tool reads the same rows through Thrift."""
    ks = "x_cqlreport"
    steps = [
        setup(ks, [cfd(ks, "Stats", comparator_type="UTF8Type",
                       key_validation_class="UTF8Type", default_validation_class="UTF8Type")]),
        v19.batch_mutate({"day1": {"Stats": [ins("hits", "10", 10), ins("misses", "2", 10)]},
                          "day2": {"Stats": [ins("hits", "7", 10)]}}),
    ]
    if V07:
        steps += [v19.get_slice("day1", cparent("Stats"), pred(start="", count=10)),
                  v19.multiget_slice(["day1", "day2"], cparent("Stats"), pred(names=["hits"]))]
        return steps
    if CQL3:
        steps += [
            cql("SELECT * FROM \"Stats\" WHERE key = 'day1'"),
            cql("SELECT column1, value FROM \"Stats\" WHERE key = 'day2'"),
            cql("SELECT COUNT(*) FROM \"Stats\""),
            cql("INSERT INTO \"Stats\" (key, column1, value) VALUES ('day3', 'hits', '4') "
                "USING TIMESTAMP 20"),
            cql("DELETE FROM \"Stats\" USING TIMESTAMP 30 WHERE key = 'day1' "
                "AND column1 = 'misses'"),
            cql("SELECT * FROM Stats"),
            cql("SELEC * FROM \"Stats\""),
        ]
    else:
        steps += [
            cql("SELECT * FROM Stats WHERE KEY = 'day1'"),
            cql("SELECT hits, misses FROM Stats WHERE KEY = 'day2'"),
            cql("SELECT COUNT(*) FROM Stats"),
            cql("INSERT INTO Stats (KEY, hits) VALUES ('day3', '4') USING TIMESTAMP 20"),
            cql("UPDATE Stats USING TIMESTAMP 20 SET misses = '1' WHERE KEY = 'day2'"),
            cql("DELETE misses FROM Stats USING TIMESTAMP 30 WHERE KEY = 'day1'"),
            cql("SELECT * FROM Statz"),
            cql("SELEC * FROM Stats"),
        ]
    steps += [v19.get_slice("day1", cparent("Stats"), pred(start="", count=10)),
              v19.get_slice("day3", cparent("Stats"), pred(start="", count=10))]
    return steps


# --------------------------------------------------------------------------- later client
@scenario("x_13_newclient", "19", "compat", keyspace_reset="x_newclient")
def newclient():
    """A client library built for 1.2's IDL talking to every release: its KsDef always sends
    strategy_options and durable_writes, its CfDef 1.2's fields (bloom filter chance,
    caching, compaction strategy and compression options), its reads the levels it knows;
    then writes and reads of a TimeUUIDType CF newest first."""
    ks = "x_newclient"
    cf = W.struct({1: b(ks), 2: b("Timeline"), 3: b("Standard"), 5: b("TimeUUIDType"),
                   12: W.double(0.1), 14: W.i32(864000), 15: b("UTF8Type"), 17: W.i32(4),
                   18: W.i32(32), 24: W.boolean(True), 26: b("UTF8Type"),
                   29: b("SizeTieredCompactionStrategy"),
                   32: W.map_("bin", "bin", [(b("sstable_compression"),
                                              b("SnappyCompressor"))]),
                   33: W.double(0.01), 34: b("KEYS_ONLY"), 37: W.double(0.0)})
    kdef = W.struct({1: b(ks), 2: b(SS), 3: W.map_("bin", "bin",
                                                   [(b("replication_factor"), b("1"))]),
                     5: W.list_("struct", [cf]), 6: W.boolean(True)})
    steps = [
        v19.describe_cluster_name(),
        describe_version(),
        v19.system_add_keyspace(kdef),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    for i in range(6):
        steps.append(v19.insert("user1", cparent("Timeline"),
                                column(timeuuid(10 + i), "tweet %d" % i, 10 + i)))
    steps += [
        v19.get_slice("user1", cparent("Timeline"), pred(start="", reversed=True, count=3)),
        v19.get_slice("user1", cparent("Timeline"),
                      pred(start=timeuuid(13), reversed=True, count=3)),
        v19.get_slice("user1", cparent("Timeline"), pred(start="", count=3), LOCAL_QUORUM),
        v19.get_count("user1", cparent("Timeline"), pred(start="", count=100)),
    ]
    return steps
