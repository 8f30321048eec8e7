"""Ordinary API 19 traffic of infrastructure and tooling built on Thrift, for every Thrift release
from 0.7.10 to 2.2.19 (author zu), each sent as its library built for the release sent it
(`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not model:
  * Titan 0.x's edgestore and graphindex (8-byte vertex ids, key-ordered slices of typed edge
    prefixes, multiget of adjacency lists)
  * Titan's id allocation (a claim column of counter+time+uid at QUORUM, the claims read
    back, the losing claim removed) and its lock families
  * Hadoop's ColumnFamilyInputFormat (describe_ring, describe_splits, describe_splits_ex from
    1.1, get_range_slices by tokens paged by the last key's token, row_filter and
    get_paged_slice from 1.1)
  * Hadoop's ColumnFamilyOutputFormat (a reducer's batch_mutate of many rows, deletions)
  * Astyanax's ColumnPrefixDistributedRowLock (TTL'd lock columns at QUORUM on RF 1, the
    data columns read with the lock, the lock released with the data written)
  * Astyanax's ChunkedStorage (an object's metadata row and its chunk rows, read by multiget)
  * Astyanax's ShardedDistributedMessageQueue (shard rows of TimeUUID names, peeks, acks)
  * Astyanax's ReverseIndexQuery (index rows of value:key names, sliced by value)
  * Priam's backup and restore (the describe calls, schema agreement, truncate)
  * a schema copier moving CfDefs between clusters (every field it read, the id included,
    fields a release ignored or refused) and its keyspace steps
  * Solandra's term vectors in a super column family (term rows, document sub-columns)
  * Zipkin 0.x's Cassie store (traces by id, name indexes of reversed LongType times)
  * Cassie's counter batches and ColumnFamily.multiget idioms (0.8 on for counters)
  * Hystrix-wrapped retries (the same call repeated after a refusal)
  * an operator's mistakes (wrong key types, slices back to front, huge and negative
    counts, slice-range deletions, bad CfDef fields)
  * a migration tool built against a later IDL than its cluster's
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps. Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of
each release."""
import os
import sys

import thriftwire as W
from dsl import (Abs, v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, int32, timeuuid, EQ, GTE, ONE, QUORUM, ALL,
                 srange, mutation, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (cfd, cfd_later, ksd, setup, coldef, dele, sins, cadd, comp,  # noqa: E402
                 stock_token, min_token, splits_ex, unknown)

V = kit.version(2)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)
V12 = V >= (1, 2)
V20 = V >= (2, 0)

sc = kit.registrar("zu_")


def vid(n):
    """A Titan vertex id: 8 bytes big-endian."""
    return long_(n << 3)


def edge(prefix, n):
    """A Titan edge column: a type byte, the relation type id, the other vertex."""
    return bytes([prefix]) + int32(n) + long_(n * 11)


def by_token(keys):
    return sorted(keys, key=lambda k: int(stock_token(k)))


# --------------------------------------------------------------------------- Titan edgestore
@sc("00_titan_edgestore", "wide", "zu_titan")
def titan_edgestore():
    """Titan 0.3's Thrift backend: edgestore and graphindex families of BytesType names;
    vertices written as adjacency rows (property columns under 0x00, edges under 0x20 and
    0x30), a vertex's edges of one type read by a key-ordered slice of its prefix, a
    traversal multiget of neighbours, the graph index read by value, an edge removed, and a
    vertex deleted whole."""
    ks = "zu_titan"
    steps = setup(ks, [cfd(ks, "edgestore", comparator_type="BytesType"),
                       cfd(ks, "graphindex", comparator_type="BytesType"),
                       cfd(ks, "system_properties", comparator_type="BytesType")])
    steps.append(v19.batch_mutate({"configuration": {"system_properties": [
        ins("storage.version", "0.3.2", 1), ins("titan.version", "0.3.2", 1)]}}, QUORUM))
    for v in range(1, 5):
        muts = [ins(bytes([0]) + int32(1), "name-%d" % v, 10),
                ins(bytes([0]) + int32(2), long_(v * 10), 10)]
        muts += [ins(edge(0x20, v * 100 + j), b"", 10) for j in range(3)]
        muts += [ins(edge(0x30, v * 100 + j), b"", 10) for j in range(2)]
        steps.append(v19.batch_mutate({vid(v): {"edgestore": muts},
                                       b"name-%d" % v: {"graphindex": [ins(vid(v), b"", 10)]}}))
    steps += [
        v19.get_slice(vid(1), cparent("edgestore"), pred(start=bytes([0x20]),
                                                         finish=bytes([0x21]), count=100)),
        v19.get_slice(vid(1), cparent("edgestore"), pred(start=bytes([0x30]),
                                                         finish=bytes([0x30, 0xff]), count=1)),
        v19.get_slice(vid(2), cparent("edgestore"), pred(start=bytes([0]), finish=bytes([1]),
                                                         count=10)),
        v19.multiget_slice([vid(1), vid(2), vid(3), vid(9)], cparent("edgestore"),
                           pred(start=bytes([0x20]), finish=bytes([0x21]), count=2)),
        v19.get_slice(b"name-3", cparent("graphindex"), pred(start="", count=10)),
        v19.multiget_slice([b"name-1", b"name-7"], cparent("graphindex"), pred(start="",
                                                                              count=10)),
        v19.batch_mutate({vid(1): {"edgestore": [dele([edge(0x20, 101)], 20)]}}),
        v19.get_count(vid(1), cparent("edgestore"), pred(start="", count=1000)),
        v19.batch_mutate({vid(4): {"edgestore": [dele(None, 30)]},
                          b"name-4": {"graphindex": [dele([vid(4)], 30)]}}),
        v19.get_slice(vid(4), cparent("edgestore"), pred(start="", count=100)),
        v19.get_slice("configuration", cparent("system_properties"),
                      pred(names=["storage.version"]), QUORUM),
    ]
    return steps


@sc("01_titan_ids", "ttl", "zu_tids")
def titan_ids():
    """Titan's ConsistentKeyIDManager: a partition's row in titan_ids, a claim column (the
    block's upper bound, the time, the instance's uid) written at QUORUM, all claims read back
    at QUORUM, a second instance's claim arriving, the loser removing its claim; then the
    lock families (edgestore_lock_) with TTL'd lock columns and the expected-value check
    reading the data column at QUORUM."""
    ks = "zu_tids"
    steps = setup(ks, [cfd(ks, "titan_ids", comparator_type="BytesType"),
                       cfd(ks, "edgestore_lock_", comparator_type="BytesType"),
                       cfd(ks, "edgestore", comparator_type="BytesType")])
    part = int32(7)
    c1 = long_(10000) + long_(500) + b"inst-a"
    c2 = long_(10000) + long_(501) + b"inst-b"
    steps += [
        v19.get_slice(part, cparent("titan_ids"), pred(start="", count=5, reversed=True),
                      QUORUM),
        v19.insert(part, cparent("titan_ids"), column(c1, b"", 10), QUORUM),
        v19.insert(part, cparent("titan_ids"), column(c2, b"", 11), QUORUM),
        v19.get_slice(part, cparent("titan_ids"), pred(start=long_(10000),
                                                       finish=long_(10001), count=100), QUORUM),
        v19.remove(part, cpath("titan_ids", col=c2), 12, QUORUM),
        v19.get_slice(part, cparent("titan_ids"), pred(start="", count=5, reversed=True),
                      QUORUM),
        v19.batch_mutate({vid(5) + bytes([0]): {"edgestore_lock_": [
            ins(long_(600) + b"inst-a", b"", 20, ttl=10000)]}}, QUORUM),
        v19.get_slice(vid(5) + bytes([0]), cparent("edgestore_lock_"), pred(start="",
                                                                             count=100),
                      QUORUM),
        v19.get_slice(vid(5), cparent("edgestore"), pred(names=[bytes([0]) + int32(1)]),
                      QUORUM),
        v19.batch_mutate({vid(5): {"edgestore": [ins(bytes([0]) + int32(1), "v", 21)]},
                          vid(5) + bytes([0]): {"edgestore_lock_": [
                              dele([long_(600) + b"inst-a"], 22)]}}, QUORUM),
        v19.get_slice(vid(5) + bytes([0]), cparent("edgestore_lock_"), pred(start="",
                                                                             count=100),
                      QUORUM),
        v19.get(vid(5), cpath("edgestore", col=bytes([0]) + int32(1)), QUORUM),
    ]
    return steps


# --------------------------------------------------------------------------- Hadoop input
@sc("02_hadoop_input", "range", "zu_hin")
def hadoop_input():
    """ColumnFamilyInputFormat: the ring described, splits asked for a token range, each
    split read by ColumnFamilyRecordReader as get_range_slices by start and end token, the
    next page starting from the last key's token (its first row dropped as already seen);
    a split of a family not there and a token that is not a number."""
    ks = "zu_hin"
    steps = setup(ks, [cfd(ks, "words", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    keys = ["doc%02d" % i for i in range(12)]
    steps.append(v19.batch_mutate({k: {"words": [ins("text", "the quick %s" % k, 10),
                                                 ins("len", str(len(k)), 10)]}
                                   for k in keys}))
    lo = min_token()
    order = by_token(keys)
    steps += [
        v19.describe_ring(ks),
        v19.describe_partitioner(),
        v19.describe_splits("words", "0", "1000", 128),
        v19.get_range_slices(cparent("words"), pred(start="", count=100),
                             key_range(start_token=lo, end_token=lo, count=5)),
        v19.get_range_slices(cparent("words"), pred(start="", count=100),
                             key_range(start_token=stock_token(order[4]), end_token=lo,
                                       count=5)),
        v19.get_range_slices(cparent("words"), pred(start="", count=100),
                             key_range(start_token=stock_token(order[8]), end_token=lo,
                                       count=5)),
        v19.get_range_slices(cparent("words"), pred(names=["text"]),
                             key_range(start_token=stock_token(order[2]),
                                       end_token=stock_token(order[6]), count=100)),
        v19.get_range_slices(cparent("words"), pred(start="", count=1),
                             key_range(start_token=stock_token(order[11]),
                                       end_token=stock_token(order[11]), count=100)),
        v19.describe_splits("nope", "0", "1000", 128),
        v19.get_range_slices(cparent("words"), pred(start="", count=1),
                             key_range(start_token="abc", end_token=lo, count=5)),
        v19.get_range_slices(cparent("words"), pred(start="", count=1),
                             key_range(start_key="doc01", end_token=lo, count=5)),
    ]
    if V11:
        steps += [
            splits_ex("words", "0", "1000", 128),
            splits_ex("nope", "0", "1000", 128),
            v19.get_paged_slice("words", key_range(start_token=lo, end_token=lo, count=4),
                                ""),
            v19.get_paged_slice("words", key_range(start_token=stock_token(order[3]),
                                                   end_token=lo, count=4), "len"),
        ]
    return steps


@sc("03_hadoop_row_filter", "index", "zu_hrf")
def hadoop_row_filter():
    """ColumnFamilyInputFormat with an input filter: an indexed `lang` column made before the
    rows, the rows a job reads filtered by a KeyRange row_filter (1.1 on), the same filter on
    a column that is not indexed, and the older releases' get_indexed_slices the job used
    before row_filter existed."""
    ks = "zu_hrf"
    steps = setup(ks, [cfd(ks, "pages", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("lang", "UTF8Type", True, "pages_lang"),
                                            coldef("size", "LongType")])])
    for i in range(8):
        steps.append(v19.batch_mutate({"p%d" % i: {"pages": [
            ins("lang", "en" if i % 2 else "fr", 10), ins("size", long_(i * 100), 10),
            ins("title", "page %d" % i, 10)]}}))
    lo = min_token()
    steps += [
        v19.get_indexed_slices(cparent("pages"), index_clause([index_expr("lang", EQ, "en")],
                                                              "", 100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("pages"), index_clause([
            index_expr("lang", EQ, "fr"), index_expr("size", GTE, long_(300))], "", 100),
            pred(names=["title"])),
    ]
    if V11:
        steps += [
            v19.get_range_slices(cparent("pages"), pred(start="", count=100),
                                 key_range(start_token=lo, end_token=lo, count=100,
                                           row_filter=[index_expr("lang", EQ, "en")])),
            v19.get_range_slices(cparent("pages"), pred(names=["title"]),
                                 key_range(start_token=lo, end_token=lo, count=100,
                                           row_filter=[index_expr("lang", EQ, "fr"),
                                                       index_expr("size", GTE, long_(300))])),
            v19.get_range_slices(cparent("pages"), pred(names=["title"]),
                                 key_range(start_token=lo, end_token=lo, count=100,
                                           row_filter=[index_expr("title", EQ, "page 3")])),
        ]
    return steps


# --------------------------------------------------------------------------- Hadoop output
@sc("04_hadoop_output", "batch", "zu_hout")
def hadoop_output():
    """ColumnFamilyOutputFormat: a word-count reducer's batch_mutate of many rows at ONE
    (counts as longs), the next reducer's batch overwriting some, a mutation with neither a
    column nor a deletion, an empty mutation list for a key, and the output read back by the
    next job; deleting reducers send row deletions."""
    ks = "zu_hout"
    steps = setup(ks, [cfd(ks, "counts", comparator_type="UTF8Type",
                           default_validation_class="LongType")])
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta"]
    steps += [
        v19.batch_mutate({w: {"counts": [ins("n", long_(i + 1), 10)]}
                          for i, w in enumerate(words)}),
        v19.batch_mutate({w: {"counts": [ins("n", long_(100 + i), 11)]}
                          for i, w in enumerate(words[:3])}),
        v19.batch_mutate({"theta": {"counts": [mutation()]}}),
        v19.batch_mutate({"theta": {"counts": []}}),
        v19.batch_mutate({"iota": {"counts": [ins("n", "seven", 12)]}}),
        v19.multiget_slice(words + ["theta", "iota"], cparent("counts"), pred(names=["n"])),
        v19.batch_mutate({w: {"counts": [dele(None, 20)]} for w in words[4:]}),
        v19.get_range_slices(cparent("counts"), pred(names=["n"]),
                             key_range(start_key="", end_key="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- Astyanax recipes
@sc("05_astyanax_row_lock", "ttl", "zu_lock")
def astyanax_row_lock():
    """Astyanax's ColumnPrefixDistributedRowLock on a replication factor 1 keyspace: the lock
    column `_LOCK_<id>` written with a TTL at QUORUM, the row read at QUORUM with its data
    columns, a second client's lock column seen and backed off (its column removed), the
    first releasing its lock in the same batch as its data update, a lock read at ALL."""
    ks = "zu_lock"
    steps = setup(ks, [cfd(ks, "locks", comparator_type="UTF8Type",
                           default_validation_class="BytesType")])
    steps += [
        v19.batch_mutate({"acct-7": {"locks": [ins("_LOCK_c1", long_(1000), 10, ttl=60)]}},
                         QUORUM),
        v19.get_slice("acct-7", cparent("locks"), pred(start="", count=100), QUORUM),
        v19.batch_mutate({"acct-7": {"locks": [ins("_LOCK_c2", long_(1001), 11, ttl=60)]}},
                         QUORUM),
        v19.get_slice("acct-7", cparent("locks"), pred(start="_LOCK_", finish="_LOCK_\xff",
                                                       count=100), QUORUM),
        v19.batch_mutate({"acct-7": {"locks": [dele(["_LOCK_c2"], 12)]}}, QUORUM),
        v19.batch_mutate({"acct-7": {"locks": [ins("balance", long_(250), 13),
                                               dele(["_LOCK_c1"], 13)]}}, QUORUM),
        v19.get_slice("acct-7", cparent("locks"), pred(start="", count=100), QUORUM),
        v19.get_slice("acct-7", cparent("locks"), pred(start="", count=100), ALL),
        v19.get_count("acct-7", cparent("locks"), pred(start="_LOCK_", finish="_LOCK_\xff",
                                                       count=100), QUORUM),
    ]
    return steps


@sc("06_astyanax_chunked", "blob", "zu_chunk")
def astyanax_chunked():
    """Astyanax's ChunkedStorage: an object's chunks written to rows `<name>$<n>` in one
    family, its metadata row (ObjectSize, ChunkSize, ChunkCount) written last, a reader
    reading the metadata then the chunks by multiget, a missing chunk, and the object deleted
    chunk by chunk then its metadata."""
    ks = "zu_chunk"
    steps = setup(ks, [cfd(ks, "objects", comparator_type="UTF8Type")])
    chunks = [bytes([65 + i]) * 200 for i in range(4)]
    for i, c in enumerate(chunks):
        steps.append(v19.insert("img.png$%d" % i, cparent("objects"), column("data", c, 10)))
    steps += [
        v19.batch_mutate({"img.png": {"objects": [
            ins("ObjectSize", long_(800), 11), ins("ChunkSize", int32(200), 11),
            ins("ChunkCount", int32(4), 11), ins("Attributes", '{"type":"png"}', 11)]}}),
        v19.get_slice("img.png", cparent("objects"), pred(start="", count=100)),
        v19.multiget_slice(["img.png$%d" % i for i in range(5)], cparent("objects"),
                           pred(names=["data"])),
        v19.get("img.png$4", cpath("objects", col="data")),
        v19.batch_mutate({"img.png$%d" % i: {"objects": [dele(None, 20)]} for i in range(4)}),
        v19.remove("img.png", cpath("objects"), 21),
        v19.multiget_slice(["img.png", "img.png$0"], cparent("objects"),
                           pred(start="", count=100)),
    ]
    return steps


@sc("07_astyanax_queue", "timeuuid", "zu_queue")
def astyanax_queue():
    """Astyanax's ShardedDistributedMessageQueue: shard rows `<queue>:<slice>:<shard>` of
    TimeUUIDType names (a message's trigger time), messages written to two shards, a consumer
    peeking the first messages up to now, acking (deleting) them with the next message's
    write, a shard's backlog counted, and a message read by its exact name."""
    ks = "zu_queue"
    steps = setup(ks, [cfd(ks, "queue", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    s0, s1 = "mq:0:0", "mq:0:1"
    steps += [
        v19.batch_mutate({s0: {"queue": [ins(timeuuid(i), "job-%d" % i, 10)
                                         for i in (1, 3, 5)]},
                          s1: {"queue": [ins(timeuuid(i), "job-%d" % i, 10)
                                         for i in (2, 4, 6)]}}, QUORUM),
        v19.multiget_slice([s0, s1], cparent("queue"), pred(start="", finish=timeuuid(4),
                                                            count=2), QUORUM),
        v19.batch_mutate({s0: {"queue": [dele([timeuuid(1)], 20)]},
                          s1: {"queue": [dele([timeuuid(2)], 20),
                                         ins(timeuuid(8), "job-8", 20)]}}, QUORUM),
        v19.multiget_count([s0, s1, "mq:0:2"], cparent("queue"), pred(start="", count=100)),
        v19.get(s0, cpath("queue", col=timeuuid(3))),
        v19.get_slice(s1, cparent("queue"), pred(start=timeuuid(9), finish=timeuuid(0),
                                                 count=10)),
        v19.insert(s0, cparent("queue"), column("not-a-uuid", "x", 21)),
        v19.get_slice(s1, cparent("queue"), pred(start="", count=10, reversed=True)),
    ]
    return steps


@sc("08_astyanax_reverse_index", "composite", "zu_ridx", when=V08)
def astyanax_reverse_index():
    """Astyanax's ReverseIndexQuery: index shard rows of CompositeType(LongType, UTF8Type)
    names (the indexed value, then the data row's key), each shard sliced by a value range,
    the data rows they name read by multiget; an index entry moved when a value changes."""
    ks = "zu_ridx"
    steps = setup(ks, [cfd(ks, "idx", comparator_type="CompositeType(LongType,UTF8Type)"),
                       cfd(ks, "data", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    users = {"u1": 31, "u2": 25, "u3": 40, "u4": 25, "u5": 19}
    for u, age in users.items():
        shard = "age:%d" % (age % 2)
        steps.append(v19.batch_mutate({u: {"data": [ins("age", str(age), 10),
                                                    ins("name", u.upper(), 10)]},
                                       shard: {"idx": [ins(comp(age, u), b"", 10)]}}))
    steps += [
        v19.multiget_slice(["age:0", "age:1"], cparent("idx"),
                           pred(start=comp(20, eoc=0), finish=comp(35, eoc=1), count=100)),
        v19.multiget_slice(["u2", "u4", "u1"], cparent("data"), pred(names=["name"])),
        v19.batch_mutate({"u2": {"data": [ins("age", "26", 20)]},
                          "age:1": {"idx": [dele([comp(25, "u2")], 20)]},
                          "age:0": {"idx": [ins(comp(26, "u2"), b"", 20)]}}),
        v19.get_slice("age:0", cparent("idx"), pred(start="", count=100)),
        v19.get_slice("age:1", cparent("idx"), pred(start=comp(25, eoc=0),
                                                    finish=comp(25, eoc=1), count=100)),
        v19.insert("age:1", cparent("idx"), column(comp("x"), b"", 21)),
    ]
    return steps


# --------------------------------------------------------------------------- Priam
@sc("09_priam_backup", "describe", "zu_priam")
def priam_backup():
    """Priam's backup and restore: the describe calls it logs at start, schema agreement
    waited for, the keyspace's definition saved, a family truncated before a restore, its
    rows gone after, truncate of a family not there and without a keyspace."""
    ks = "zu_priam"
    steps = [v19.truncate("events")]
    steps += setup(ks, [cfd(ks, "events", comparator_type="UTF8Type")])
    steps += [
        kit.describe_version(),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.describe_keyspaces().mask({"path": "0", "unordered": True},
                                      {"path": "0/*/5", "unordered": True}, "0/*/5/*/16"),
        v19.batch_mutate({"e%d" % i: {"events": [ins("v", "x", 10)]} for i in range(4)}),
        v19.truncate("events"),
        v19.get_range_slices(cparent("events"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("missing"),
        v19.insert("e9", cparent("events"), column("v", "y", 11)),
        v19.get_count("e9", cparent("events"), pred(start="", count=10)),
    ]
    if V11:
        steps.append(v19.describe_token_map().mask({"path": "0", "regex": ".*"}))
    return steps


# --------------------------------------------------------------------------- schema copier
def copied_fields():
    """The fields a schema copier read from the source cluster's CfDef (its release's)."""
    f = dict(column_type="Standard", comparator_type="UTF8Type", comment="copied",
             read_repair_chance=0.1, gc_grace_seconds=3600, default_validation_class="UTF8Type",
             min_compaction_threshold=2, max_compaction_threshold=16,
             column_metadata=[coldef("email", "UTF8Type")])
    if V < (1, 1):
        f.update(row_cache_size=0.0, key_cache_size=1000.0, row_cache_save_period_in_seconds=0,
                 key_cache_save_period_in_seconds=3600)
    if V < (1, 0) or V == (1, 1):
        f.update(memtable_flush_after_mins=60, memtable_throughput_in_mb=64,
                 memtable_operations_in_millions=0.3)
    if V08:
        f.update(key_validation_class="UTF8Type", replicate_on_write=True)
    if V10:
        f.update(compaction_strategy="SizeTieredCompactionStrategy",
                 compression_options={"sstable_compression": "SnappyCompressor"},
                 bloom_filter_fp_chance=0.01)
    if V11:
        f.update(caching="KEYS_ONLY", dclocal_read_repair_chance=0.0)
    if V20:
        f.update(default_time_to_live=0, memtable_flush_period_in_ms=0,
                 speculative_retry="99.0PERCENTILE")
    return f


@sc("10_schema_copier", "schema", "zu_copy")
def schema_copier():
    """A schema copier: a column family made with every field it read from another cluster's
    CfDef, its id included (another cluster's id: refused or ignored by release), then
    without the id; an update carrying every field back, a copy whose thresholds are back to
    front, one of an unknown compaction strategy, and a drop of a family not there."""
    ks = "zu_copy"
    steps = setup(ks, [])
    f = copied_fields()
    steps += [
        v19.system_add_column_family(cfd(ks, "users", id=4242, **f)),
        v19.system_add_column_family(cfd(ks, "users", **f)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "users", **dict(f, comment="again"))),
        v19.system_add_column_family(cfd(ks, "bad1", **dict(f, min_compaction_threshold=40,
                                                            max_compaction_threshold=8))),
        v19.system_add_column_family(cfd(ks, "bad2", **dict(f, gc_grace_seconds=-1))),
        v19.system_add_column_family(cfd(ks, "bad3", **dict(
            f, compaction_strategy="NoSuchStrategy", comparator_type="UTF8Type"))),
        v19.system_add_column_family(cfd(ks, "bad-name", **f)),
        v19.system_add_column_family(cfd(ks, "bad5", **dict(f, column_type="Hyper"))),
        v19.system_drop_column_family("never"),
        v19.system_update_column_family(cfd(ks, "users", **dict(f, column_type="Super"))),
        v19.system_update_column_family(cfd(ks, "never", **f)),
        v19.system_update_column_family(cfd("zu_other", "users", **f)),
        v19.system_update_column_family(cfd(ks, "users", **dict(
            f, column_metadata=[coldef("email", "UTF8Type", True, "users_email")]))),
        v19.insert("u1", cparent("users"), column("email", "a@x", 10)),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("email", EQ, "a@x")],
                                                              "", 10),
                               pred(start="", count=10)),
        v19.describe_keyspace(ks),
    ]
    # the copier's second pass: the source's key validator, a validator of an indexed
    # column changed, the index dropped, families of composite names and super families
    # whose type the source had otherwise
    ff = dict(f)
    ff.pop("key_validation_class", None)
    steps += [
        v19.system_update_column_family(cfd(ks, "users", **dict(
            f, column_metadata=[coldef("email", "BytesType", True, "users_email")]))),
        v19.system_update_column_family(cfd(ks, "users", **dict(
            f, column_metadata=[coldef("email", "UTF8Type")]))),
        v19.get_indexed_slices(cparent("users"), index_clause([index_expr("email", EQ, "a@x")],
                                                              "", 10),
                               pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "events", **dict(
            ff, comparator_type="CompositeType(UTF8Type,LongType)",
            column_metadata=[coldef("name", "UTF8Type")]))),
        v19.system_update_column_family(cfd(ks, "events", **dict(
            ff, column_type="Super", comparator_type="CompositeType(UTF8Type,LongType)",
            column_metadata=[coldef("name", "UTF8Type")]))),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "tags", **dict(
            ff, column_type="Super", subcomparator_type="UTF8Type",
            column_metadata=[coldef("n", "UTF8Type")]))),
        v19.system_update_column_family(cfd(ks, "tags", **dict(
            ff, column_type="Standard", column_metadata=[coldef("n", "UTF8Type")]))),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    return steps


@sc("11_schema_keyspaces", "schema", "zu_ksm")
def schema_keyspaces():
    """The copier's keyspace steps: a keyspace made with its families inline, updated to a
    NetworkTopologyStrategy of the source cluster's data centre, updated with families in
    its KsDef (refused), a keyspace named like a system one, an unknown strategy class, the
    keyspace dropped twice."""
    ks = "zu_ksm"
    steps = [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "a", comparator_type="BytesType"),
                                         cfd(ks, "b", comparator_type="UTF8Type")])),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], options={"DC1": "1"}, strategy=kit.NTS)),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "c")], rf=1)),
        v19.system_add_keyspace(ksd("system", [])),
        v19.system_add_keyspace(ksd("zu_ksm2", [], strategy="org.example.NoStrategy")),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Solandra
@sc("12_solandra_terms", "super", "zu_sol")
def solandra_terms():
    """Solandra's term vectors in a super column family: a row per index shard and field term
    (`idx\\xfffield\\xffterm`), a super column per document id (LongType) holding the term's
    positions and frequency; documents indexed by batch, a term's documents read, two terms
    by multiget, a document removed from a term, super columns counted, a slice of sub
    columns of one document."""
    ks = "zu_sol"
    steps = setup(ks, [cfd(ks, "TermInfo", column_type="Super", comparator_type="LongType",
                           subcomparator_type="UTF8Type")])

    def term(t):
        return "idx\xfftext\xff" + t

    docs = {1: ["cat", "dog"], 2: ["dog"], 3: ["cat", "eel"], 4: ["dog", "eel"]}
    for d, terms in docs.items():
        steps.append(v19.batch_mutate({term(t): {"TermInfo": [
            sins(long_(d), [("freq", int32(1)), ("pos", int32(i))], 10)]}
            for i, t in enumerate(terms)}))
    steps += [
        v19.get_slice(term("dog"), cparent("TermInfo"), pred(start="", count=100)),
        v19.multiget_slice([term("cat"), term("eel"), term("yak")], cparent("TermInfo"),
                           pred(start=long_(2), finish=long_(9), count=100)),
        v19.get_count(term("dog"), cparent("TermInfo"), pred(start="", count=100)),
        v19.batch_mutate({term("dog"): {"TermInfo": [dele(None, 20, sc_=long_(2))]}}),
        v19.get_slice(term("dog"), cparent("TermInfo"), pred(start="", count=100)),
        v19.get_slice(term("cat"), cparent("TermInfo", sc=long_(3)), pred(names=["pos"])),
        v19.batch_mutate({term("cat"): {"TermInfo": [dele(["pos"], 21, sc_=long_(1))]}}),
        v19.get(term("cat"), cpath("TermInfo", sc=long_(1))),
        v19.get_slice(term("cat"), cparent("TermInfo"), pred(start=int32(1), count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- Zipkin
@sc("13_zipkin_store", "wide", "zu_zipkin")
def zipkin_store():
    """Zipkin 0.x's Cassie store: Traces rows by trace id (span columns of serialized spans),
    a ServiceNames row, a SpanNames row per service, ServiceNameIndex rows of LongType
    timestamps (microseconds) to trace ids read newest first with a limit and an end time,
    an annotations index row, and the duration lookups as a multiget of names."""
    ks = "zu_zipkin"
    steps = setup(ks, [cfd(ks, "Traces", comparator_type="UTF8Type"),
                       cfd(ks, "ServiceNames", comparator_type="UTF8Type"),
                       cfd(ks, "SpanNames", comparator_type="UTF8Type"),
                       cfd(ks, "ServiceNameIndex", comparator_type="LongType"),
                       cfd(ks, "AnnotationsIndex", comparator_type="LongType")])
    for t in range(1, 6):
        tid = long_(0x1000 + t)
        steps.append(v19.batch_mutate({
            tid: {"Traces": [ins("span-%d-%d" % (t, s), b"\x0c\x00\x01" + bytes([t, s]), 10)
                             for s in range(2)]},
            "services": {"ServiceNames": [ins("web" if t % 2 else "db", b"", 10)]},
            "web" if t % 2 else "db": {"SpanNames": [ins("get" if t < 3 else "put", b"", 10)]},
            "web" if t % 2 else "db": {"ServiceNameIndex": [ins(long_(1000 * t), tid, 10)]},
            "web:http.uri": {"AnnotationsIndex": [ins(long_(1000 * t), tid, 10)]},
        }))
    steps += [
        v19.get_slice("services", cparent("ServiceNames"), pred(start="", count=100)),
        v19.get_slice("web", cparent("SpanNames"), pred(start="", count=100)),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=long_(4000), finish="", reversed=True, count=2)),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=long_(4000), finish=long_(9000), reversed=True, count=2)),
        v19.get_slice("web:http.uri", cparent("AnnotationsIndex"),
                      pred(start="", reversed=True, count=3)),
        v19.multiget_slice([long_(0x1001), long_(0x1003), long_(0x1009)], cparent("Traces"),
                           pred(start="", count=1)),
        v19.multiget_slice([long_(0x1002), long_(0x1004)], cparent("Traces"),
                           pred(start="", count=1, reversed=True)),
        v19.get_slice("db", cparent("ServiceNameIndex"), pred(start=int32(4), count=2)),
    ]
    return steps


# --------------------------------------------------------------------------- Cassie
@sc("14_cassie_counters", "counter", "zu_cassie")
def cassie_counters():
    """Cassie's CounterColumnFamily: a counter batch (batch_mutate of counter columns over
    several keys, at ONE), add, a multiget of counts, remove_counter, a counter batch with a
    deletion, a counter in a plain family; on 0.7 the counter family is refused (its
    validation class unknown) and the app falls back to plain long columns."""
    ks = "zu_cassie"
    steps = setup(ks, [cfd(ks, "plain", comparator_type="UTF8Type",
                           default_validation_class="LongType")])
    steps.append(v19.system_add_column_family(cfd(
        ks, "hits", comparator_type="UTF8Type", default_validation_class="CounterColumnType",
        replicate_on_write=True)))
    if not V08:
        steps += [v19.batch_mutate({"/home": {"plain": [ins("views", long_(3), 10)]}}),
                  v19.get_slice("/home", cparent("plain"), pred(start="", count=10))]
        return steps
    steps += [
        v19.batch_mutate({"/home": {"hits": [cadd("views", 3), cadd("clicks", 1)]},
                          "/about": {"hits": [cadd("views", 1)]}}),
        v19.batch_mutate({"/home": {"hits": [cadd("views", 2)]}}),
        v19.add("/about", cparent("hits"), counter_column("views", -5)),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("hits"),
                           pred(names=["views", "clicks"])),
        v19.remove_counter("/home", cpath("hits", col="clicks")),
        v19.get_slice("/home", cparent("hits"), pred(start="", count=10)),
        v19.batch_mutate({"/home": {"hits": [dele(["views"])]}}),
        v19.batch_mutate({"/home": {"hits": [dele(["views"], 30)]}}),
        v19.batch_mutate({"/home": {"plain": [cadd("views", 1)]}}),
        v19.add("/home", cparent("plain"), counter_column("views", 1)),
        v19.multiget_count(["/home", "/about"], cparent("hits"), pred(start="", count=10)),
    ]
    return steps


@sc("15_cassie_multiget", "multiget", "zu_cmg")
def cassie_multiget():
    """Cassie's ColumnFamily.multigetColumns and multigetAllColumns idioms: names across
    keys (a key listed twice, a name missing on some), an empty key list, an empty names
    list, getColumn of a missing column (NotFoundException), and multigetAsMap of
    column counts."""
    ks = "zu_cmg"
    steps = setup(ks, [cfd(ks, "users", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"u1": {"users": [ins("name", "Ann", 10), ins("city", "Oslo", 10)]},
                          "u2": {"users": [ins("name", "Bo", 10)]},
                          "u3": {"users": [ins("city", "Rome", 10), ins("zip", "00100", 10)]}}),
        v19.multiget_slice(["u1", "u2", "u3", "u1"], cparent("users"),
                           pred(names=["name", "city"])),
        v19.multiget_slice([], cparent("users"), pred(names=["name"])),
        v19.multiget_slice(["u1", "u3"], cparent("users"), pred(names=[])),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("users"), pred(start="", count=1)),
        v19.get("u2", cpath("users", col="city")),
        v19.multiget_count(["u1", "u2", "u3", "u4"], cparent("users"),
                           pred(start="", count=100)),
        v19.multiget_count(["u1", "u3"], cparent("users"), pred(names=["zip", "name"])),
        v19.multiget_slice(["", "u1"], cparent("users"), pred(names=["name"])),
    ]
    return steps


# --------------------------------------------------------------------------- Hystrix retries
@sc("16_hystrix_retries", "errors", "zu_hyx")
def hystrix_retries():
    """Hystrix-wrapped calls and their retries: a write before set_keyspace retried after it,
    a write to a family not yet made retried after the schema step, a quorum read of a
    replication factor 2 keyspace refused as unavailable twice and then sent at ONE, a bad
    batch retried fixed, and the same successful write repeated (idempotent)."""
    ks = "zu_hyx"
    steps = [v19.insert("k", cparent("cmds"), column("c", "v", 10))] * 2
    steps += setup(ks, [])
    steps += [
        v19.insert("k", cparent("cmds"), column("c", "v", 10)),
        v19.system_add_column_family(cfd(ks, "cmds", comparator_type="UTF8Type")),
        v19.insert("k", cparent("cmds"), column("c", "v", 10)),
        v19.insert("k", cparent("cmds"), column("c", "v", 10)),
        v19.get_slice("k", cparent("cmds"), pred(start="", count=10)),
        v19.system_add_keyspace(ksd("zu_hyx2", [cfd("zu_hyx2", "cmds")], rf=2)),
        v19.set_keyspace("zu_hyx2"),
        v19.insert("k", cparent("cmds"), column("c", "v", 10), QUORUM),
        v19.insert("k", cparent("cmds"), column("c", "v", 10), QUORUM),
        v19.insert("k", cparent("cmds"), column("c", "v", 10), ONE),
        v19.get_slice("k", cparent("cmds"), pred(start="", count=10), QUORUM),
        v19.get_slice("k", cparent("cmds"), pred(start="", count=10), ONE),
        v19.system_drop_keyspace("zu_hyx2"),
        v19.set_keyspace(ks),
        # an absolute time: 0.7 quotes the frame, timestamp included, in its message
        v19.batch_mutate({"k": {"cmds": [ins("d", None, Abs(1300000000000000))]}}),
        v19.batch_mutate({"k": {"cmds": [ins("d", "w", 11)]}}),
        v19.batch_mutate({"k": {"cmds": [ins("d", "w", 11)]}}),
        v19.get_slice("k", cparent("cmds"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- mistakes
@sc("17_operator_mistakes", "errors", "zu_oops")
def operator_mistakes():
    """An operator's tooling mistakes: a key of the wrong type for a LongType key validator
    (0.8 on), a name of the wrong type for the comparator, slices with start after finish
    (forward and reversed), a count of zero, a negative count, the largest count, a deletion
    by slice range (refused before range tombstones), a deletion predicate naming nothing,
    and a super column deletion in a standard family."""
    ks = "zu_oops"
    extra = dict(key_validation_class="LongType") if V08 else {}
    steps = setup(ks, [cfd(ks, "metrics", comparator_type="LongType",
                           default_validation_class="BytesType", **extra)])
    steps += [
        v19.insert(long_(1), cparent("metrics"), column(long_(5), "a", 10)),
        v19.insert(long_(1), cparent("metrics"), column(long_(9), "b", 10)),
        v19.insert("host1", cparent("metrics"), column(long_(5), "a", 10)),
        v19.insert(long_(1), cparent("metrics"), column("five", "a", 10)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start=long_(9), finish=long_(5),
                                                         count=10)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start=long_(5), finish=long_(9),
                                                         reversed=True, count=10)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start=long_(9), finish=long_(5),
                                                         reversed=True, count=10)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start="", count=0)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start="", count=-1)),
        v19.get_slice(long_(1), cparent("metrics"), pred(start="", count=2147483647)),
        v19.get_range_slices(cparent("metrics"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=-5)),
        v19.batch_mutate({long_(1): {"metrics": [mutation(deletion_=kit.deletion(
            20, predicate=pred(slice_range=srange(long_(0), long_(6), False, 100))))]}}),
        v19.get_slice(long_(1), cparent("metrics"), pred(start="", count=10)),
        v19.batch_mutate({long_(1): {"metrics": [dele([], 21)]}}),
        v19.batch_mutate({long_(1): {"metrics": [dele(None, Abs(1300000000000000),
                                                       sc_=long_(9))]}}),
        v19.get_slice(long_(1), cparent("metrics"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL tool
@sc("18_later_idl_tool", "schema", "zu_later")
def later_idl_tool():
    """A migration tool built against the 2.0 IDL run against every release: a CfDef with the
    later fields (key_validation_class, compaction and compression, caching, speculative
    retry, default TTL), the calls of later releases (describe_splits_ex, get_paged_slice,
    atomic_batch_mutate, describe_local_ring), falling back to the release's own calls when
    refused."""
    ks = "zu_later"
    steps = setup(ks, [])
    later = dict(comparator_type="UTF8Type", default_validation_class="UTF8Type",
                 key_validation_class="UTF8Type", replicate_on_write=True,
                 compaction_strategy="SizeTieredCompactionStrategy",
                 compression_options={"sstable_compression": "SnappyCompressor"},
                 bloom_filter_fp_chance=0.01, caching="KEYS_ONLY",
                 dclocal_read_repair_chance=0.0, speculative_retry="NONE",
                 default_time_to_live=0, memtable_flush_period_in_ms=0)
    steps += [
        v19.system_add_column_family(cfd_later(ks, "t", **later)),
        v19.system_add_column_family(cfd(ks, "t", comparator_type="UTF8Type",
                                         default_validation_class="UTF8Type")),
        v19.batch_mutate({"r%d" % i: {"t": [ins("c", "v%d" % i, 10)]} for i in range(3)}),
    ]
    if not V11:
        steps += [unknown("describe_splits_ex", {1: b("t"), 2: b("0"), 3: b("1000"),
                                                 4: W.i32(10)}),
                  unknown("get_paged_slice", {1: b("t"), 2: key_range("", "", count=5),
                                              3: b(""), 4: W.i32(ONE)})]
    if not V12:
        steps.append(unknown("atomic_batch_mutate", {1: kit.D.mutation_map(
            {"r9": {"t": [ins("c", "v9", 11)]}}), 2: W.i32(ONE)}))
    else:
        steps.append(v19.atomic_batch_mutate({"r9": {"t": [ins("c", "v9", 11)]}}))
    if not V20:
        steps.append(unknown("describe_local_ring", {1: b(ks)}))
    steps += [
        v19.batch_mutate({"r9": {"t": [ins("c", "v9", 11)]}}),
        v19.get_range_slices(cparent("t"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- Hadoop wide rows
@sc("19_hadoop_wide_rows", "range", "zu_hwide", when=V11)
def hadoop_wide_rows():
    """ColumnFamilyInputFormat's wide-row mode (1.1 on): get_paged_slice from the start of the
    ring, the next call resuming at the last key and column, a start column past every column
    of its row, a paged slice of a super family (refused) and of a family not there."""
    ks = "zu_hwide"
    steps = setup(ks, [cfd(ks, "events", comparator_type="LongType"),
                       cfd(ks, "sup", column_type="Super", comparator_type="UTF8Type")])
    keys = ["s%d" % i for i in range(4)]
    steps.append(v19.batch_mutate({k: {"events": [ins(long_(j), "e", 10) for j in range(5)]}
                                   for k in keys}))
    order = by_token(keys)
    lo = min_token()
    # 1.1 cut the range at the node's token (a random one on a fresh node), each part read
    # for the whole count: a count the first row meets gives one answer wherever it fell
    first = 5 if V < (1, 2) else 7
    steps += [
        v19.get_paged_slice("events", key_range(start_token=lo, end_token=lo, count=first),
                            ""),
        v19.get_paged_slice("events", key_range(start_key=order[1], end_token=lo, count=7),
                            long_(2)),
        v19.get_paged_slice("events", key_range(start_key=order[3], end_token=lo, count=7),
                            long_(99)),
        v19.get_paged_slice("events", key_range(start_token=lo, end_token=lo, count=0), ""),
        v19.get_paged_slice("sup", key_range(start_token=lo, end_token=lo, count=5), ""),
        v19.get_paged_slice("nope", key_range(start_token=lo, end_token=lo, count=5), ""),
    ]
    return steps


# --------------------------------------------------------------------------- range mistakes
@sc("20_range_tool_mistakes", "range", "zu_rmis")
def range_tool_mistakes():
    """A data export tool's range mistakes: a KeyRange of both keys and tokens, of neither,
    an end key before its start key, a row count of zero, keys-only scans (an empty names
    list) paged by the last key, a predicate of both names and a range, a super column
    path in a standard family, a column path without its column, and a super family
    written without its super column."""
    ks = "zu_rmis"
    steps = setup(ks, [cfd(ks, "items", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "groups", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    keys = ["item%d" % i for i in range(6)]
    order = by_token(keys)
    steps.append(v19.batch_mutate({k: {"items": [ins("name", k.upper(), 10)]} for k in keys}))
    steps += [
        v19.get_range_slices(cparent("items"), pred(names=[]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("items"), pred(names=[]),
                             key_range(start_key=order[2], end_key="", count=3)),
        v19.get_range_slices(cparent("items"), pred(names=["name"]),
                             key_range(start_key=order[4], end_key=order[1], count=10)),
        v19.get_range_slices(cparent("items"), pred(names=["name"]),
                             key_range(start_key="", end_key="", start_token=min_token(),
                                       end_token=min_token(), count=10)),
        v19.get_range_slices(cparent("items"), pred(names=["name"]), key_range(count=10)),
        v19.get_range_slices(cparent("items"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("items"), W.struct({
            1: W.list_("bin", [b("name")]), 2: srange("", "", False, 10)}),
            key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("items"), W.struct({}),
                             key_range(start_key="", end_key="", count=10)),
        v19.get("item1", cpath("items", sc="name", col="name")),
        v19.get("item1", cpath("items")),
        v19.get("item1", cpath("groups", sc="g1")),
        v19.insert("g", cparent("groups"), column("m", "v", 10)),
        v19.batch_mutate({"g": {"groups": [ins("m", "v", 10)]}}),
        v19.batch_mutate({"g": {"groups": [sins("g1", [("m", "v")], 10)]}}),
        v19.get_range_slices(cparent("groups"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("groups", sc="g1"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("groups", sc="g9"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- Cassie supers
@sc("21_cassie_counter_supers", "counter", "zu_csup", when=V08)
def cassie_counter_supers():
    """Cassie's SuperCounterColumnFamily: per-day super columns of per-page counters added
    by batch, read by super column slices and multiget, a super column's counters removed
    with remove_counter, counter batches at ANY and ALL, a counter deletion with a
    predicate, and the counters truncated."""
    ks = "zu_csup"
    steps = setup(ks, [cfd(ks, "daily", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])

    def sadd(scname, cols):
        return mutation(cosc(counter_super_column=kit.D.counter_super_column(
            scname, [counter_column(n, v) for n, v in cols])))

    steps += [
        v19.batch_mutate({"site1": {"daily": [sadd("2012-01-01", [("/a", 3), ("/b", 1)]),
                                              sadd("2012-01-02", [("/a", 2)])]},
                          "site2": {"daily": [sadd("2012-01-01", [("/a", 7)])]}}),
        v19.batch_mutate({"site1": {"daily": [sadd("2012-01-01", [("/a", 1)])]}}),
        v19.get_slice("site1", cparent("daily"), pred(start="", count=10)),
        v19.get_slice("site1", cparent("daily", sc="2012-01-01"), pred(names=["/a", "/z"])),
        v19.multiget_slice(["site1", "site2"], cparent("daily"),
                           pred(start="2012-01-01", finish="2012-01-01", count=10)),
        v19.add("site2", cparent("daily", sc="2012-01-01"), counter_column("/b", 4)),
        v19.add("site2", cparent("daily"), counter_column("/b", 4)),
        v19.remove_counter("site1", cpath("daily", sc="2012-01-02")),
        v19.remove_counter("site1", cpath("daily", sc="2012-01-01", col="/b")),
        v19.get_slice("site1", cparent("daily"), pred(start="", count=10)),
        v19.batch_mutate({"site3": {"daily": [sadd("d", [("/a", 1)])]}}, kit.D.ANY),
        v19.batch_mutate({"site3": {"daily": [sadd("d", [("/a", 1)])]}}, ALL),
        v19.batch_mutate({"site2": {"daily": [dele(["/a"], sc_="2012-01-01")]}}),
        v19.get_count("site2", cparent("daily", sc="2012-01-01"), pred(start="", count=10)),
        v19.truncate("daily"),
        v19.get_range_slices(cparent("daily"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps
