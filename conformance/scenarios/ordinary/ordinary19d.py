"""Ordinary 19.x/20.x use as an application written for each late release sent it over Thrift:
1.2.19, 2.0.17, 2.1.22, 2.2.19, 3.0.24 and 3.11.10 (a fourth application author, beside
`ordinary19.py`, `ordinary19b.py`).

What pycassa 1.9-1.11 (ConnectionPool's connect-time describe calls, ColumnFamily,
SuperColumnFamily, ColumnFamilyMap, SystemManager with the options users set), Hector 1.x and
Astyanax (composite columns, counters, mutation batches with deletions, atomic batches, range
and index paging, get_paged_slice, get_multi_slice), CQL 3 over Thrift (set_cql_version,
execute_cql3_query, prepare/execute_prepared_cql3_query on tables with and without COMPACT
STORAGE, collections, counters, TTLs, static columns, ALTER TABLE, indexes, batches, LWT) and
Hadoop's input format (describe_ring, describe_splits_ex, describe_token_map) sent, with the
errors they met. Each scenario owns one keyspace (cv_d_<topic>), dropped before and after.

The release is read from capture.py's `--peer "Apache Cassandra V"` (or ORD19D_RELEASE; 2.1.22
when neither is given): a scenario sends only what that release's IDL declares and what an
application of its era sent (no `cas` or LWT before 2.0, no static columns before 2.0.6's
line, no `get_multi_slice` before 2.1, CfDef fields of the release's own IDL).

Replaying the same on a fresh node of the release: every CQL write later read through Thrift
carries `USING TIMESTAMP` (absolute) and Thrift writes use the corpus's relative timestamps;
what `cas` wrote carries its ballot's time and is masked where read back; describe_ring,
describe_local_ring, describe_token_map, trace_next_query and schema versions are masked as
the dsl masks them; describe_keyspaces (no fixed order on 3.x) is compared unordered;
secondary indexes are made before their rows are written (a build of existing rows runs in
the background, and 3.x refuses reads of an index still building). A call a release answered
by closing the connection is followed by the `set_keyspace` a reconnecting client sends.
A prepared statement's id is Java's `String.hashCode` of keyspace + query (every release's
`QueryProcessor` for Thrift), so the steps carry it. Bound collections are in the native
protocol v2 form (u16 sizes) up to 2.2 and v3 (i32 sizes) on 3.x (`QueryOptions.fromThrift`).
TTLs are read back before their expiry only: capture.py and replay.py do not sleep.

usage: capture.py --api 19 --port P --framed --peer "Apache Cassandra 2.1.22" --out DIR \
           conformance/scenarios/ordinary/ordinary19d.py
"""
import os
import re
import struct as st
import sys
import uuid as _u

import thriftwire as W
from dsl import (EQ, GT, GTE, KEYS_INDEX, QUORUM, ALL, Abs, cf_def, column,
                 column_def, cosc, counter_column, counter_super_column, cparent, cpath,
                 deletion, index_clause, index_expr, ins, ins_super, int32, key_range, ks_def,
                 long_, mutation, pred, raw, scenario, v19, b)


def _release():
    argv = sys.argv
    for i, a in enumerate(argv):
        if a == "--peer" and i + 1 < len(argv):
            m = re.search(r"(\d+\.\d+\.\d+)", argv[i + 1])
            if m:
                return m.group(1)
        if a.startswith("--peer="):
            m = re.search(r"(\d+\.\d+\.\d+)", a)
            if m:
                return m.group(1)
    return os.environ.get("ORD19D_RELEASE", "2.1.22")


RELEASE = _release()
REL = tuple(int(x) for x in RELEASE.split("."))
R20 = REL >= (2, 0)      # cas, LWT, CfDef 39-43, static columns (2.0.6+), SERIAL levels
R21 = REL >= (2, 1)      # get_multi_slice, CfDef 44-46 (41, 24, 38 deprecated)
R22 = REL >= (2, 2)
R30 = REL >= (3, 0)

M = "org.apache.cassandra.db.marshal."
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"
LCS = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy"
STCS = "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"
ALL_ = pred(start="")
LOCAL_ONE, SERIAL, LOCAL_SERIAL = 11, 9, 10
ANY_ = 6
CQLV = "3.0.0" if not R20 else ("3.1.0" if REL < (2, 1) else "3.2.0")


def jhash(s):
    """Java's String.hashCode (UTF-16 code units, 32-bit wrap)."""
    h = 0
    enc = s.encode("utf-16-be")
    for unit in st.unpack(">%dH" % (len(enc) // 2), enc):
        h = (31 * h + unit) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


def comp(*parts, eoc=0):
    """CompositeType name: each component as <u16 length><bytes><end-of-component>."""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        last = i == len(parts) - 1
        out += st.pack(">H", len(p)) + p + bytes([(eoc & 0xff) if last else 0])
    return out


def cfx(ks, name, **kw):
    """cf_def with the CfDef fields an application set, by name (the release's own ids)."""
    ids = {"read_repair_chance": (12, W.double), "min_compaction_threshold": (17, W.i32),
           "max_compaction_threshold": (18, W.i32), "replicate_on_write": (24, W.boolean),
           "compaction_strategy": (29, W.bin_), "compaction_strategy_options": (30, None),
           "compression_options": (32, None), "bloom_filter_fp_chance": (33, W.double),
           "caching": (34, W.bin_), "dclocal_read_repair_chance": (37, W.double),
           "populate_io_cache_on_flush": (38, W.boolean),
           "memtable_flush_period_in_ms": (39, W.i32), "default_time_to_live": (40, W.i32),
           "index_interval": (41, W.i32), "speculative_retry": (42, W.bin_),
           "cells_per_row_to_cache": (44, W.bin_), "min_index_interval": (45, W.i32),
           "max_index_interval": (46, W.i32)}
    extra, base = {}, {}
    for k, v in kw.items():
        if k in ids:
            fid, f = ids[k]
            extra[fid] = W.map_("bin", "bin", [(b(a), b(c)) for a, c in v.items()]) \
                if f is None else f(v)
        else:
            base[k] = v
    return cf_def(ks, name, extra=extra, **base)


def setup(ks, *cfs, **kw):
    return [v19.system_add_keyspace(ks_def(ks, cfs, **kw)), v19.set_keyspace(ks)]


def q(query, cl=1):
    return v19.execute_cql3_query(query, cl=cl)


def multi_slice(key, cf, slices, reversed=False, count=None, cl=None):
    f = {1: b(key), 2: cparent(cf),
         3: W.list_("struct", [W.struct({1: None if s is None else b(s),
                                         2: None if f_ is None else b(f_)})
                               for s, f_ in slices]),
         4: W.boolean(reversed) if reversed else None,
         5: None if count is None else W.i32(count),
         6: None if cl is None else W.i32(cl)}
    return raw("get_multi_slice", {1: W.struct(f)})


def cas(key, cf, expected, updates, serial=SERIAL, commit=QUORUM):
    return raw("cas", {1: b(key), 2: b(cf),
                       3: None if expected is None else W.list_("struct", expected),
                       4: None if updates is None else W.list_("struct", updates),
                       5: W.i32(serial), 6: W.i32(commit)}).mask("0/2/*/3")


def splits_ex(cf, start, end, keys):
    return raw("describe_splits_ex", {1: b(cf), 2: b(start), 3: b(end), 4: W.i32(keys)})


def trace():
    return raw("trace_next_query", {}).mask("0")


def local_ring(ks):
    return raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                      "0/*/5")


# ------------------------------------------------------------------------------ connect
@scenario("o19d_connect", "19", "describe", keyspace_reset="cv_d_connect")
def _connect():
    """what pycassa's ConnectionPool and SystemManager, Hector's host retry service and
    Hadoop's ColumnFamilyInputFormat asked at connect and while running: versions, names,
    partitioner, snitch, ring (vnodes from 2.0), local ring, token map, splits by explicit
    tokens, schema versions, keyspace descriptions, and the refused ones"""
    ks = "cv_d_connect"
    out = [
        # 2.2 on answer Thrift API 20.1.0
        raw("describe_version", {}).mask({"path": "0", "regex": r"^%d\.\d+\.\d+$" % (
            20 if R22 else 19)}),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "Events", comparator="TimeUUIDType", key_validation="LongType")])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
        local_ring(ks),
        v19.describe_token_map(),
        splits_ex("Users", "0", "100", 128),
        splits_ex("Users", "-100", "0", 65536),
        v19.describe_splits("Users", "0", "100", 128),
        splits_ex("Nope", "0", "100", 128),
        v19.set_keyspace(ks),
        v19.batch_mutate({"u%02d" % i: {"Users": [ins("name", "n%d" % i, 1)]}
                          for i in range(12)}),
        splits_ex("Users", "0", "100", 4),
        v19.get_range_slices(cparent("Users"), ALL_, key_range(start_token="0", end_token="0",
                                                                 count=5)),
        v19.describe_keyspace("system"),
        v19.describe_keyspace("cv_d_nope"),
        v19.describe_ring("cv_d_nope"),
        v19.describe_ring("system"),
        v19.system_add_keyspace(ks_def("cv_d_connect_nts", [], strategy=NTS,
                                       options={"datacenter1": "1"})),
        v19.describe_ring("cv_d_connect_nts"),
        v19.describe_keyspace("cv_d_connect_nts"),
        v19.system_drop_keyspace("cv_d_connect_nts"),
        v19.set_keyspace("cv_d_connect_nts"),
        v19.set_keyspace(ks),
        v19.get_slice("u01", cparent("Users"), ALL_),
        raw("login", {1: W.struct({1: W.map_("bin", "bin", [(b("username"), b("app")),
                                                             (b("password"), b("secret"))])})}),
        v19.get_slice("u01", cparent("Users"), ALL_),
        v19.set_cql_version("3.0.0"),
        v19.set_cql_version("2.0.0"),
        v19.set_cql_version("9.9.9"),
        v19.set_cql_version("x"),
    ]
    return out


# ------------------------------------------------------------------------------ pycassa CF
@scenario("o19d_pycassa", "19", "crud", keyspace_reset="cv_d_pycassa")
def _pycassa():
    """pycassa ColumnFamily on validated column families: insert with ttl, get with
    columns/column_start/column_finish/reversed/count, multiget, get_count, xget pages by the
    last column, remove of columns and rows, and the validation errors typed values meet"""
    ks = "cv_d_pycassa"
    users = cf_def(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
                   key_validation="UTF8Type",
                   column_metadata=[column_def("age", "Int32Type"),
                                    column_def("joined", "DateType"),
                                    column_def("uid", "UUIDType"),
                                    column_def("ok", "BooleanType")])
    line = cf_def(ks, "Timeline", comparator="LongType", default_validation="UTF8Type",
                  key_validation="UTF8Type")
    out = setup(ks, users, line)
    out += [
        v19.insert("alice", cparent("Users"), column("email", "a@x.org", 5)),
        v19.batch_mutate({"alice": {"Users": [ins("age", int32(31), 5),
                                              ins("joined", long_(1356998400000), 5),
                                              ins("uid", _u.UUID(int=5).bytes, 5),
                                              ins("ok", b"\x01", 5),
                                              ins("session", "s-1", 5, ttl=3600)]},
                          "bob": {"Users": [ins("email", "b@x.org", 6),
                                            ins("age", int32(-4), 6)]}}),
        v19.get_slice("alice", cparent("Users"), ALL_),
        v19.get_slice("alice", cparent("Users"), pred(names=["age", "email", "nope"])),
        v19.get("alice", cpath("Users", col="session")),
        v19.get("alice", cpath("Users", col="nope")),
        v19.get("carol", cpath("Users", col="email")),
        v19.get_slice("alice", cparent("Users"), pred(start="b", finish="m")),
        v19.get_slice("alice", cparent("Users"), pred(start="", finish="", reversed=True,
                                                      count=2)),
        v19.multiget_slice(["alice", "bob", "carol"], cparent("Users"), pred(names=["email"])),
        v19.get_count("alice", cparent("Users"), ALL_),
        v19.multiget_count(["alice", "bob", "carol"], cparent("Users"), ALL_),
        v19.get_count("alice", cparent("Users"), pred(start="e", finish="", count=2)),
        # validation errors
        v19.insert("alice", cparent("Users"), column("age", "abc", 7)),
        v19.insert("alice", cparent("Users"), column("uid", "not-a-uuid", 7)),
        v19.insert("alice", cparent("Users"), column("joined", b"\x00\x01", 7)),
        v19.insert("alice", cparent("Users"), column("ok", b"\x01\x02", 7)),
        v19.insert("", cparent("Users"), column("email", "x", 7)),
        v19.insert("alice", cparent("Users"), column("", "x", 7)),
        v19.insert("alice", cparent("Users"), column(b"\xff\xfe", "x", 7)),
        v19.insert("alice", cparent("Users"), column("email", "x", None)),
        v19.insert("alice", cparent("Nope"), column("email", "x", 7)),
        # Timeline: xget pages of 3 by the last column seen
    ]
    out.append(v19.batch_mutate({"tl": {"Timeline": [ins(long_(i * 10), "e%d" % i, 8)
                                                     for i in range(10)]}}))
    out += [
        v19.get_slice("tl", cparent("Timeline"), pred(start="", count=3)),
        v19.get_slice("tl", cparent("Timeline"), pred(start=long_(20), count=3)),
        v19.get_slice("tl", cparent("Timeline"), pred(start=long_(50), count=3)),
        v19.get_slice("tl", cparent("Timeline"), pred(start=long_(90), count=3)),
        v19.get_slice("tl", cparent("Timeline"), pred(start=long_(70), finish=long_(20),
                                                      reversed=True, count=100)),
        v19.get_slice("tl", cparent("Timeline"), pred(start=long_(20), finish=long_(70),
                                                      reversed=True)),
        v19.get_slice("tl", cparent("Timeline"), pred(start="abc", count=3)),
        v19.get_slice("tl", cparent("Timeline"), pred(start="", count=-1)),
        v19.remove("tl", cpath("Timeline", col=long_(30)), 9),
        v19.remove("bob", cpath("Users"), 9),
        v19.multiget_slice(["alice", "bob"], cparent("Users"), pred(names=["email", "age"])),
        v19.get_count("tl", cparent("Timeline"), ALL_),
        v19.remove("alice", cpath("Users", col="email"), 4),
        v19.get("alice", cpath("Users", col="email")),
        v19.remove("alice", cpath("Users", col="email"), 5),
        v19.get("alice", cpath("Users", col="email")),
        v19.insert("alice", cparent("Users"), column("email", "new@x.org", 5)),
        v19.get("alice", cpath("Users", col="email")),
        v19.get_range_slices(cparent("Users"), pred(names=["email"]),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return out


# ------------------------------------------------------------------------------ super
@scenario("o19d_super", "19", "super", keyspace_reset="cv_d_super")
def _super():
    """pycassa SuperColumnFamily: insert of super columns, get of one super column and of
    sub-columns, slices over super columns and inside one, removes of a sub-column and of a
    super column, counts, ranges, and the errors a super family answers"""
    ks = "cv_d_super"
    sc = cf_def(ks, "Posts", column_type="Super", comparator="LongType",
                subcomparator="UTF8Type", default_validation="UTF8Type",
                key_validation="UTF8Type")
    out = setup(ks, sc)
    out += [
        v19.batch_mutate({"blog1": {"Posts": [ins_super(long_(i), [("title", "t%d" % i),
                                                                   ("body", "b%d" % i)], 10)
                                              for i in range(1, 6)]},
                          "blog2": {"Posts": [ins_super(long_(7), [("title", "x")], 10)]}}),
        v19.insert("blog1", cparent("Posts", sc=long_(3)), column("tag", "hot", 11)),
        v19.get("blog1", cpath("Posts", sc=long_(3))),
        v19.get("blog1", cpath("Posts", sc=long_(3), col="title")),
        v19.get("blog1", cpath("Posts", sc=long_(9))),
        v19.get_slice("blog1", cparent("Posts"), pred(start=long_(2), finish=long_(4))),
        v19.get_slice("blog1", cparent("Posts"), pred(start="", reversed=True, count=2)),
        v19.get_slice("blog1", cparent("Posts", sc=long_(3)), pred(start="b", finish="t")),
        v19.get_slice("blog1", cparent("Posts", sc=long_(3)), pred(names=["tag", "nope"])),
        v19.get_count("blog1", cparent("Posts"), ALL_),
        v19.get_count("blog1", cparent("Posts", sc=long_(3)), ALL_),
        v19.multiget_slice(["blog1", "blog2"], cparent("Posts"), pred(start="", count=1)),
        v19.remove("blog1", cpath("Posts", sc=long_(3), col="tag"), 12),
        v19.get("blog1", cpath("Posts", sc=long_(3))),
        v19.remove("blog1", cpath("Posts", sc=long_(2)), 12),
        v19.get_slice("blog1", cparent("Posts"), pred(start="", count=3)),
        v19.batch_mutate({"blog1": {"Posts": [
            mutation(deletion_=deletion(13, sc=long_(4), predicate=pred(names=["body"]))),
            mutation(deletion_=deletion(13, predicate=pred(names=[long_(5)])))]}}),
        v19.get_slice("blog1", cparent("Posts"), ALL_),
        v19.get_range_slices(cparent("Posts"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Posts", sc=long_(7)), ALL_,
                             key_range(start_key="", end_key="", count=10)),
        # errors
        v19.insert("blog1", cparent("Posts"), column(long_(1), "x", 14)),
        v19.get("blog1", cpath("Posts", col="title")),
        v19.insert("blog1", cparent("Posts", sc=b"abc"), column("t", "x", 14)),
        v19.get_slice("blog1", cparent("Posts", sc=long_(1)), pred(start=long_(1))),
        v19.batch_mutate({"blog1": {"Posts": [mutation(cosc(column=column("a", "b", 14)))]}}),
        v19.batch_mutate({"blog1": {"Posts": [
            mutation(deletion_=deletion(14, sc=long_(1), predicate=pred(start="", count=10)))]}}),
        v19.get_indexed_slices(cparent("Posts"), index_clause([index_expr("title", EQ, "x")]),
                               ALL_),
        v19.get_paged_slice("Posts", key_range(start_key="", end_key="", count=5), ""),
        v19.remove("blog1", cpath("Posts"), 15),
        v19.get_count("blog1", cparent("Posts"), ALL_),
        v19.describe_keyspace(ks),
    ]
    return out


# ------------------------------------------------------------------------------ schema
@scenario("o19d_schema", "19", "schema", keyspace_reset="cv_d_schema")
def _schema():
    """SystemManager: create_keyspace with replication options, create_column_family with the
    options an application set for its release (compaction, compression, caching, gc_grace,
    bloom chance, default TTL, speculative retry, index intervals), alter_column_family,
    create_index / drop_index, alter_keyspace, drop_column_family, and the refusals"""
    ks = "cv_d_schema"
    opts = dict(comparator="UTF8Type", key_validation="UTF8Type", gc_grace=3600,
                comment="events", compaction_strategy=LCS,
                compaction_strategy_options={"sstable_size_in_mb": "160"},
                compression_options={"sstable_compression":
                                     "org.apache.cassandra.io.compress.SnappyCompressor",
                                     "chunk_length_kb": "64"},
                bloom_filter_fp_chance=0.1, read_repair_chance=0.0,
                dclocal_read_repair_chance=0.1)
    if R21:
        opts.update(caching='{"keys":"ALL", "rows_per_partition":"NONE"}',
                    default_time_to_live=86400, speculative_retry="99PERCENTILE",
                    min_index_interval=128, max_index_interval=2048,
                    memtable_flush_period_in_ms=3600000)
    elif R20:
        opts.update(caching="keys_only", default_time_to_live=86400,
                    speculative_retry="99PERCENTILE", index_interval=256,
                    memtable_flush_period_in_ms=3600000, populate_io_cache_on_flush=False,
                    replicate_on_write=True)
    else:
        opts.update(caching="keys_only", replicate_on_write=True,
                    populate_io_cache_on_flush=False)
    out = [
        v19.system_add_keyspace(ks_def(ks, [], options={"replication_factor": "1"},
                                       durable_writes=True)),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfx(ks, "Events", **opts)),
        v19.system_add_column_family(cfx(ks, "Plain", comparator="BytesType")),
        v19.system_add_column_family(cfx(
            ks, "Stcs", comparator="UTF8Type", compaction_strategy="SizeTieredCompactionStrategy",
            compaction_strategy_options={"min_threshold": "2", "max_threshold": "8"},
            min_compaction_threshold=2, max_compaction_threshold=8,
            compression_options={"sstable_compression": "DeflateCompressor"})),
        v19.system_add_column_family(cfx(ks, "NoComp", comparator="UTF8Type",
                                         compression_options={"sstable_compression": ""})),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Events"), column("a", "1", 1)),
        v19.get("k", cpath("Events", col="a")),
        # alter: gc_grace, comment, an index on a typed column
        v19.system_update_column_family(cfx(
            ks, "Events", comparator="UTF8Type", key_validation="UTF8Type", gc_grace=7200,
            comment="events v2",
            column_metadata=[column_def("kind", "UTF8Type", KEYS_INDEX, "events_kind")],
            compaction_strategy=LCS)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfx(ks, "Events", comparator="UTF8Type",
                                            key_validation="UTF8Type", column_metadata=[])),
        # pycassa's create_index with no index_name: the release names the index
        v19.system_update_column_family(cfx(
            ks, "Plain", comparator="BytesType",
            column_metadata=[column_def("kind", "UTF8Type", KEYS_INDEX)])),
        v19.describe_keyspace(ks),
        v19.describe_keyspace(ks),
        # refusals
        v19.system_add_column_family(cfx(ks, "Events", comparator="UTF8Type")),
        v19.system_add_column_family(cfx(ks, "Bad", compaction_strategy="NoSuchStrategy")),
        v19.system_add_column_family(cfx(ks, "Bad", compression_options={
            "sstable_compression": "NoSuchCompressor"})),
        v19.system_add_column_family(cfx(ks, "Bad", comparator="NoSuchType")),
        v19.system_add_column_family(cfx(ks, "Bad", bloom_filter_fp_chance=0.0)),
        v19.system_add_column_family(cfx(ks, "Bad", compaction_strategy=LCS,
                                         compaction_strategy_options={
                                             "sstable_size_in_mb": "x"})),
        v19.system_add_column_family(cfx(ks, "Bad-Name")),
        v19.system_add_column_family(cfx("cv_d_other", "X")),
        v19.system_update_column_family(cfx(ks, "Plain", comparator="UTF8Type")),
        v19.system_update_column_family(cfx(ks, "Missing")),
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.system_add_keyspace(ks_def("cv_d_schema_bad", [], options={})),
        v19.system_add_keyspace(ks_def("cv_d_schema_bad", [], strategy="NoSuchStrategy")),
        v19.system_update_keyspace(ks_def(ks, [], options={"replication_factor": "2"})),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ks_def(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Plain"),
        v19.system_drop_column_family("Plain"),
        v19.get_slice("k", cparent("Plain"), ALL_),
        v19.system_drop_keyspace("cv_d_nope"),
        # 3.x lists the keyspaces in no fixed order
        v19.describe_keyspaces().mask({"path": "0", "unordered": True},
                                      {"path": "0/*/5", "unordered": True}, "0/*/5/*/16"),
    ]
    if R20:
        out += [
            v19.system_add_column_family(cfx(ks, "Bad", speculative_retry="SOMETIMES")),
            v19.system_add_column_family(cfx(ks, "Ttl", comparator="UTF8Type",
                                             default_time_to_live=60)),
            v19.insert("k", cparent("Ttl"), column("c", "v", 1)),
            v19.get("k", cpath("Ttl", col="c")),
            v19.insert("k", cparent("Ttl"), column("d", "v", 1, ttl=10)),
            v19.get_slice("k", cparent("Ttl"), ALL_),
        ]
    if R21:
        out.append(v19.system_add_column_family(cfx(ks, "Bad2", caching="sometimes")))
        out.append(v19.set_keyspace(ks))
        out.append(v19.system_add_column_family(cfx(ks, "Rows", caching="ALL",
                                                    cells_per_row_to_cache="10")))
        out.append(v19.system_add_column_family(cfx(
            ks, "Rows2", caching='{"keys":"NONE", "rows_per_partition":"100"}')))
        out.append(v19.system_add_column_family(cfx(ks, "Rows3", caching="rows_only")))
        out.append(v19.system_add_column_family(cfx(
            ks, "Bad3", caching='{"keys":"SOME", "rows_per_partition":"NONE"}')))
        out.append(v19.describe_keyspace(ks))
    return out


# ------------------------------------------------------------------------------ composite
@scenario("o19d_composite", "19", "order", keyspace_reset="cv_d_composite")
def _composite():
    """Hector/Astyanax CompositeType columns: a time series of (day, seq) names, slices
    bounded by end-of-component bytes (inclusive and exclusive), reversed pages, deletions of
    composite columns, ReversedType components and the names a composite refuses"""
    ks = "cv_d_composite"
    out = setup(ks, cf_def(ks, "Series", comparator="CompositeType(UTF8Type,LongType)",
                           key_validation="UTF8Type", default_validation="UTF8Type"),
                cf_def(ks, "Latest",
                       comparator="CompositeType(ReversedType(LongType),UTF8Type)",
                       key_validation="UTF8Type"))
    names = [(d, s) for d in ("2013-01-01", "2013-01-02", "2013-01-03") for s in (1, 2, 3)]
    out.append(v19.batch_mutate({"sensor": {"Series": [ins(comp(d, long_(s)), "%s/%d" % (d, s), 5)
                                                       for d, s in names]}}))
    out.append(v19.batch_mutate({"feed": {"Latest": [ins(comp(long_(t), u), "v", 5)
                                                     for t in (10, 30, 20) for u in ("a", "b")]}}))
    out += [
        v19.get_slice("sensor", cparent("Series"), ALL_),
        v19.get_slice("sensor", cparent("Series"), pred(
            start=comp("2013-01-02"), finish=comp("2013-01-02", eoc=1))),
        v19.get_slice("sensor", cparent("Series"), pred(
            start=comp("2013-01-02", eoc=1), finish="")),
        v19.get_slice("sensor", cparent("Series"), pred(
            start=comp("2013-01-02", long_(2)), finish=comp("2013-01-03", long_(1)))),
        v19.get_slice("sensor", cparent("Series"), pred(
            start=comp("2013-01-02", long_(2), eoc=1), finish=comp("2013-01-03", eoc=-1))),
        v19.get_slice("sensor", cparent("Series"), pred(
            start=comp("2013-01-03", eoc=1), finish=comp("2013-01-02"), reversed=True)),
        v19.get_slice("sensor", cparent("Series"), pred(start="", reversed=True, count=4)),
        v19.get_count("sensor", cparent("Series"), pred(
            start=comp("2013-01-01"), finish=comp("2013-01-01", eoc=1))),
        v19.get("sensor", cpath("Series", col=comp("2013-01-03", long_(3)))),
        v19.get_slice("sensor", cparent("Series"), pred(names=[comp("2013-01-01", long_(2)),
                                                               comp("2013-01-09", long_(1))])),
        v19.remove("sensor", cpath("Series", col=comp("2013-01-01", long_(2))), 6),
        v19.batch_mutate({"sensor": {"Series": [mutation(deletion_=deletion(6, predicate=pred(
            names=[comp("2013-01-02", long_(1)), comp("2013-01-02", long_(3))])))]}}),
        v19.get_slice("sensor", cparent("Series"), pred(start=comp("2013-01-01"),
                                                        finish=comp("2013-01-02", eoc=1))),
        v19.get_slice("feed", cparent("Latest"), ALL_),
        v19.get_slice("feed", cparent("Latest"), pred(start=comp(long_(30), eoc=1),
                                                      finish=comp(long_(20), eoc=1))),
        v19.get_slice("feed", cparent("Latest"), pred(start="", count=3, reversed=True)),
        # refused names
        v19.insert("sensor", cparent("Series"), column(comp("d", "abc"), "v", 7)),
        v19.insert("sensor", cparent("Series"), column(b"\x00\x03ab", "v", 7)),
        v19.insert("sensor", cparent("Series"), column(comp("d", long_(1), eoc=1), "v", 7)),
        v19.set_keyspace(ks),
        v19.insert("sensor", cparent("Series"), column(comp("d"), "v", 7)),
        v19.get_slice("sensor", cparent("Series"), pred(start=b"\x00\x05ab", finish="")),
        v19.get_slice("sensor", cparent("Series"), pred(start=comp("2013-01-03"),
                                                        finish=comp("2013-01-01"))),
        v19.get_range_slices(cparent("Series"), pred(start=comp("2013-01-03"),
                                                     finish=comp("2013-01-03", eoc=1)),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return out


# ------------------------------------------------------------------------------ counters
@scenario("o19d_counter", "19", "counter", keyspace_reset="cv_d_counter")
def _counter():
    """counter column families as Hector's CounterMutator and pycassa's add() used them:
    adds, reads, multiget, ranges, counter batches, super counters, remove_counter, and the
    errors of mixing counters and plain columns"""
    ks = "cv_d_counter"
    out = setup(ks, cf_def(ks, "Hits", comparator="UTF8Type", key_validation="UTF8Type",
                           default_validation="CounterColumnType"),
                cf_def(ks, "Daily", column_type="Super", comparator="UTF8Type",
                       subcomparator="UTF8Type", default_validation="CounterColumnType"),
                cf_def(ks, "Plain", comparator="UTF8Type"))
    out += [
        v19.add("/home", cparent("Hits"), counter_column("views", 1)),
        v19.add("/home", cparent("Hits"), counter_column("views", 41)),
        v19.add("/home", cparent("Hits"), counter_column("likes", -3)),
        v19.add("/about", cparent("Hits"), counter_column("views", 7), cl=QUORUM),
        v19.get("/home", cpath("Hits", col="views")),
        v19.get_slice("/home", cparent("Hits"), ALL_),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("Hits"),
                           pred(names=["views"])),
        v19.get_count("/home", cparent("Hits"), ALL_),
        v19.get_range_slices(cparent("Hits"), ALL_, key_range(start_key="", end_key="",
                                                              count=10)),
        v19.batch_mutate({"/home": {"Hits": [mutation(cosc(counter_column=counter_column(
            "views", 8))), mutation(cosc(counter_column=counter_column("shares", 2)))]},
            "/blog": {"Hits": [mutation(cosc(counter_column=counter_column("views", 5)))]}}),
        v19.get_slice("/home", cparent("Hits"), ALL_),
        v19.add("d1", cparent("Daily", sc="2013-01-01"), counter_column("views", 3)),
        v19.batch_mutate({"d1": {"Daily": [mutation(cosc(counter_super_column=counter_super_column(
            "2013-01-02", [counter_column("views", 4), counter_column("clicks", 1)])))]}}),
        v19.get_slice("d1", cparent("Daily"), ALL_),
        v19.get("d1", cpath("Daily", sc="2013-01-02", col="clicks")),
        v19.get("d1", cpath("Daily", sc="2013-01-02")),
        v19.remove_counter("/home", cpath("Hits", col="likes")),
        v19.get_slice("/home", cparent("Hits"), ALL_),
        v19.remove_counter("d1", cpath("Daily", sc="2013-01-01")),
        v19.get_slice("d1", cparent("Daily"), ALL_),
        # errors
        v19.insert("/home", cparent("Hits"), column("views", long_(1), 5)),
        v19.add("k", cparent("Plain"), counter_column("n", 1)),
        v19.batch_mutate({"/home": {"Hits": [ins("views", long_(1), 5)]}}),
        v19.batch_mutate({"k": {"Plain": [mutation(cosc(counter_column=counter_column(
            "n", 1)))]}}),
        v19.add("/home", cparent("Hits"), counter_column("views", 1), cl=6),
        v19.add("/home", cparent("Daily"), counter_column("views", 1)),
        v19.batch_mutate({"/home": {"Hits": [mutation(deletion_=deletion(None, predicate=pred(
            names=["shares"])))]}}),
        v19.get_slice("/home", cparent("Hits"), ALL_),
        v19.batch_mutate({"/home": {"Hits": [mutation(deletion_=deletion(5, predicate=pred(
            names=["views"])))]}}),
        v19.remove("/about", cpath("Hits"), 5),
        v19.get_slice("/about", cparent("Hits"), ALL_),
    ]
    if R20:
        out.append(v19.add("/home", cparent("Hits"), counter_column("views", 1), cl=LOCAL_ONE))
        out.append(v19.get("/home", cpath("Hits", col="views"), cl=LOCAL_ONE))
    return out


# ------------------------------------------------------------------------------ batches
@scenario("o19d_batch", "19", "batch", keyspace_reset="cv_d_batch")
def _batch():
    """Hector's Mutator and Astyanax's MutationBatch: batches across keys and column families
    with inserts and deletions (by names, whole rows, slice ranges), atomic_batch_mutate, the
    consistency levels an application chose, and the malformed batches apps sent"""
    ks = "cv_d_batch"
    out = setup(ks, cf_def(ks, "A", comparator="UTF8Type", key_validation="UTF8Type",
                           default_validation="UTF8Type"),
                cf_def(ks, "B", comparator="LongType", key_validation="UTF8Type"))
    out += [
        v19.batch_mutate({"r1": {"A": [ins("x", "1", 10), ins("y", "2", 10), ins("z", "3", 10)],
                                 "B": [ins(long_(1), "b1", 10), ins(long_(2), "b2", 10)]},
                          "r2": {"A": [ins("x", "9", 10)]}}, cl=QUORUM),
        v19.multiget_slice(["r1", "r2"], cparent("A"), ALL_),
        v19.batch_mutate({"r1": {"A": [mutation(deletion_=deletion(11, predicate=pred(
            names=["x"]))), ins("w", "0", 11)],
            "B": [mutation(deletion_=deletion(11))]}}),
        v19.get_slice("r1", cparent("A"), ALL_),
        v19.get_slice("r1", cparent("B"), ALL_),
        v19.batch_mutate({"r1": {"A": [mutation(deletion_=deletion(12, predicate=pred(
            start="a", finish="y")))]}}),
        v19.get_slice("r1", cparent("A"), ALL_),
        v19.atomic_batch_mutate({"r3": {"A": [ins("x", "a", 13)], "B": [ins(long_(3), "b", 13)]},
                                 "r4": {"A": [ins("x", "b", 13)]}}),
        v19.atomic_batch_mutate({"r3": {"A": [mutation(deletion_=deletion(14, predicate=pred(
            names=["x"])))]}}, cl=QUORUM),
        v19.multiget_slice(["r3", "r4"], cparent("A"), ALL_),
        v19.get_range_slices(cparent("A"), ALL_, key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({}),
        v19.atomic_batch_mutate({}),
        v19.batch_mutate({"r5": {"A": []}}),
        v19.batch_mutate({"r5": {"A": [mutation()]}}),
        v19.batch_mutate({"r5": {"A": [mutation(cosc(column=column("a", "b", 15)),
                                                deletion(15))]}}),
        v19.batch_mutate({"r5": {"A": [mutation(cosc())]}}),
        v19.batch_mutate({"r5": {"Nope": [ins("a", "b", 15)]}}),
        v19.batch_mutate({"r5": {"B": [ins("short", "b", 15)]}}),
        v19.batch_mutate({"": {"A": [ins("a", "b", 15)]}}),
        v19.batch_mutate({"r5": {"A": [mutation(deletion_=deletion(Abs(1000), sc="x"))]}}),
        v19.batch_mutate({"r5": {"A": [mutation(deletion_=deletion(15, predicate=pred(
            names=["a"]), sc=None)), ins("a", "c", 16)]}}),
        v19.get_slice("r5", cparent("A"), ALL_),
        v19.atomic_batch_mutate({"r6": {"A": [ins("a", "b", 15)]}}, cl=6),
        v19.batch_mutate({"r6": {"A": [ins("a", "b", 15)]}}, cl=6),
        v19.get_slice("r6", cparent("A"), ALL_, cl=6),
        v19.get_slice("r6", cparent("A"), ALL_, cl=ALL),
        v19.batch_mutate({"r7": {"A": [ins("a", "b", 15, ttl=0)]}}),
        v19.batch_mutate({"r7": {"A": [ins("a", "b", 15, ttl=-5)]}}),
        v19.batch_mutate({"r7": {"A": [ins("a", None, 15)]}}),
        v19.get_slice("r7", cparent("A"), ALL_),
    ]
    if R20:
        out += [
            v19.batch_mutate({"r8": {"A": [ins("a", "b", 15)]}}, cl=SERIAL),
            v19.batch_mutate({"r8": {"A": [ins("a", "b", 15)]}}, cl=LOCAL_ONE),
            v19.get_slice("r8", cparent("A"), ALL_, cl=LOCAL_ONE),
            v19.get_slice("r8", cparent("A"), ALL_, cl=SERIAL),
        ]
    return out


# ------------------------------------------------------------------------------ index
@scenario("o19d_index", "19", "index", keyspace_reset="cv_d_index")
def _index():
    """pycassa's get_indexed_slices and Hector's IndexedSlicesQuery: KEYS indexes declared in
    the CfDef and added later, EQ with further GT/GTE filters, paging from the last key,
    range slices with a row filter, indexed values deleted and overwritten, and the refusals"""
    ks = "cv_d_index"
    users = cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type",
                   column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "users_state"),
                                    column_def("birth", "LongType", KEYS_INDEX, "users_birth"),
                                    column_def("name", "UTF8Type")])
    out = setup(ks, users)
    states = ["TX", "CA", "TX", "NY", "TX", "CA", "TX"]
    out.append(v19.batch_mutate({"u%d" % i: {"Users": [
        ins("state", s, 5), ins("birth", long_(1970 + i), 5), ins("name", "n%d" % i, 5)]}
        for i, s in enumerate(states)}))
    tx = [index_expr("state", EQ, "TX")]
    out += [
        v19.get_indexed_slices(cparent("Users"), index_clause(tx, count=10), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause(tx, count=2), pred(names=["name"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(tx, start_key="u2", count=2),
                               pred(names=["name"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            tx + [index_expr("birth", GT, long_(1972))], count=10), pred(names=["birth"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth", EQ, long_(1973)), index_expr("state", EQ, "NY")], count=10),
            ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "ZZ")], count=10), ALL_),
        v19.get_range_slices(cparent("Users"), pred(names=["state"]), key_range(
            start_key="", end_key="", count=10,
            row_filter=[index_expr("state", EQ, "CA")])),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range(
            start_token="0", end_token="0", count=10,
            row_filter=[index_expr("birth", GTE, long_(1975))])),
        v19.insert("u0", cparent("Users"), column("state", "CA", 6)),
        v19.remove("u2", cpath("Users", col="state"), 6),
        v19.get_indexed_slices(cparent("Users"), index_clause(tx, count=10), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "CA")], count=10), pred(names=["state"])),
        # adding an index later (SystemManager.create_index)
        v19.system_update_column_family(cf_def(
            ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "users_state"),
                             column_def("birth", "LongType", KEYS_INDEX, "users_birth"),
                             column_def("name", "UTF8Type", KEYS_INDEX, "users_name")])),
        v19.insert("u9", cparent("Users"), column("name", "n9", 7)),
        # refusals
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth", GT, long_(1972))], count=10), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause([], count=10), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("nope", EQ, "x")], count=10), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth", EQ, "abc")], count=10), ALL_),
        v19.get_indexed_slices(cparent("Nope"), index_clause(tx, count=10), ALL_),
        v19.get_indexed_slices(cparent("Users"), index_clause(tx, count=0), ALL_),
        v19.system_update_column_family(cf_def(
            ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX, "users_birth")])),
        v19.system_add_column_family(cf_def(ks, "Other", comparator="UTF8Type",
                                            column_metadata=[column_def(
                                                "x", "UTF8Type", KEYS_INDEX, "users_state")])),
        v19.system_add_column_family(cf_def(ks, "Other2", comparator="UTF8Type",
                                            column_metadata=[column_def(
                                                "x", "UTF8Type", 2, None)])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        # the index added above, read once it had time to build (3.x refuses reads of an
        # index still building)
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("name", EQ, "n9")], count=10), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ paging
@scenario("o19d_paging", "19", "range", keyspace_reset="cv_d_paging")
def _paging():
    """range scans as pycassa's get_range and Hadoop's record reader paged them: by key and
    by token from the last key seen, get_paged_slice across wide rows, range ghosts of deleted
    rows, truncate, and the ranges refused"""
    ks = "cv_d_paging"
    out = setup(ks, cf_def(ks, "Wide", comparator="UTF8Type", key_validation="UTF8Type",
                           default_validation="UTF8Type"),
                cf_def(ks, "Narrow", comparator="UTF8Type", key_validation="UTF8Type"))
    out.append(v19.batch_mutate({"row%02d" % i: {"Wide": [ins("c%02d" % j, "v", 5)
                                                          for j in range(i % 4 + 1)]}
                                 for i in range(15)}))
    out.append(v19.batch_mutate({"n%d" % i: {"Narrow": [ins("c", "v", 5)]} for i in range(6)}))
    # Murmur3 tokens of the keys are fixed: start_key paging follows token order
    out += [
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_key="row07", end_key="", count=5)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=1),
                             key_range(start_token="-9223372036854775808",
                                       end_token="-9223372036854775808", count=4)),
        v19.get_range_slices(cparent("Wide"), pred(names=["c00"]),
                             key_range(start_token="0", end_token="4611686018427387904",
                                       count=100)),
        v19.get_range_slices(cparent("Wide"), pred(names=["c00"]),
                             key_range(start_token="4611686018427387904", end_token="0",
                                       count=100)),
        v19.get_paged_slice("Wide", key_range(start_key="", end_key="", count=6), ""),
        v19.get_paged_slice("Wide", key_range(start_key="row03", end_key="", count=6), "c01"),
        v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=4), ""),
        v19.set_keyspace(ks),  # 3.x closed the connection
        v19.remove("row03", cpath("Wide"), 6),
        v19.remove("row05", cpath("Wide", col="c00"), 6),
        v19.get_range_slices(cparent("Wide"), pred(names=["c00"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Wide"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="n2", end_key="n2",
                                                                count=10)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="", end_key="",
                                                                count=1)),
        # refused ranges
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="n4", end_key="n1",
                                                                count=10)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="", end_key="",
                                                                count=0)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="a", start_token="0",
                                                                count=10)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_token="0", count=10)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_token="abc",
                                                                end_token="0", count=10)),
        v19.set_keyspace(ks),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(count=10)),
        v19.get_paged_slice("Narrow", key_range(start_key="", end_key="", count=0), ""),
        v19.get_paged_slice("Nope", key_range(start_key="", end_key="", count=5), ""),
        v19.get_paged_slice("Narrow", key_range(start_key="", end_key="n1", count=5), ""),
        v19.describe_splits("Wide", "0", "4611686018427387904", 3),
        splits_ex("Wide", "0", "4611686018427387904", 3),
        v19.truncate("Narrow"),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="", end_key="",
                                                                count=10)),
        v19.truncate("Nope"),
        v19.insert("n1", cparent("Narrow"), column("c", "again", 7)),
        v19.get_range_slices(cparent("Narrow"), ALL_, key_range(start_key="", end_key="",
                                                                count=10)),
    ]
    return out


# ------------------------------------------------------------------------------ CQL 3
@scenario("o19d_cql3", "19", "cql3", keyspace_reset="cv_d_cql3")
def _cql3():
    """CQL 3 over Thrift as an application of the release wrote it: CREATE KEYSPACE/TABLE,
    INSERT/UPDATE/DELETE with TTL and timestamps, collections, counters, clustering order,
    ALTER TABLE, CREATE INDEX, BATCH, IF NOT EXISTS and conditional updates (2.0+), static
    columns (2.0+), and the errors such statements met"""
    ks = "cv_d_cql3"
    out = [
        v19.set_cql_version(CQLV),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        q("USE %s" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE users (id text PRIMARY KEY, name text, age int, emails set<text>, "
          "prefs map<text, text>, tags list<text>)"),
        q("CREATE TABLE events (user text, at bigint, kind text, data text, "
          "PRIMARY KEY (user, at)) WITH CLUSTERING ORDER BY (at DESC)"),
        q("CREATE TABLE pageviews (page text PRIMARY KEY, n counter)"),
        q("INSERT INTO users (id, name, age, emails, prefs, tags) VALUES ('u1', 'Ann', 30, "
          "{'a@x', 'b@x'}, {'lang': 'en'}, ['x', 'y']) USING TIMESTAMP 1000"),
        q("INSERT INTO users (id, name, age) VALUES ('u2', 'Bob', 40) USING TTL 86400 "
          "AND TIMESTAMP 1000"),
        q("UPDATE users USING TIMESTAMP 1001 SET emails = emails + {'c@x'}, "
          "prefs['tz'] = 'UTC', tags = tags + ['z'] WHERE id = 'u1'"),
        q("SELECT * FROM users WHERE id = 'u1'"),
        q("SELECT id, name, age FROM users"),
        q("SELECT name, writetime(name) FROM users WHERE id IN ('u1', 'u2')"),
        q("SELECT COUNT(*) FROM users"),
        q("UPDATE users USING TIMESTAMP 1002 SET emails = emails - {'a@x'} WHERE id = 'u1'"),
        q("DELETE prefs['lang'] FROM users USING TIMESTAMP 1003 WHERE id = 'u1'"),
        q("SELECT emails, prefs, tags FROM users WHERE id = 'u1'"),
        q("BEGIN BATCH USING TIMESTAMP 1000 "
          "INSERT INTO events (user, at, kind, data) VALUES ('u1', 1, 'login', 'web') "
          "INSERT INTO events (user, at, kind, data) VALUES ('u1', 2, 'click', 'btn') "
          "INSERT INTO events (user, at, kind, data) VALUES ('u1', 3, 'logout', 'web') "
          "APPLY BATCH"),
        q("SELECT at, kind FROM events WHERE user = 'u1'"),
        q("SELECT at, kind FROM events WHERE user = 'u1' AND at > 1 ORDER BY at ASC"),
        q("SELECT at, kind FROM events WHERE user = 'u1' LIMIT 2"),
        q("UPDATE pageviews SET n = n + 3 WHERE page = '/'"),
        q("UPDATE pageviews SET n = n - 1 WHERE page = '/'"),
        q("SELECT * FROM pageviews"),
        q("ALTER TABLE users ADD city text"),
        q("UPDATE users USING TIMESTAMP 1004 SET city = 'Paris' WHERE id = 'u2'"),
        q("SELECT id, city FROM users WHERE id = 'u2'"),
        # an index made before its table holds data (a build of existing rows runs in the
        # background, and 3.x refuses reads of an index still building)
        q("CREATE TABLE places (id text PRIMARY KEY, city text)"),
        q("CREATE INDEX places_city ON places (city)"),
        q("INSERT INTO places (id, city) VALUES ('p1', 'Paris') USING TIMESTAMP 1000"),
        q("INSERT INTO places (id, city) VALUES ('p2', 'Rome') USING TIMESTAMP 1000"),
        q("SELECT id, city FROM places WHERE city = 'Paris'"),
        q("DELETE FROM events USING TIMESTAMP 1005 WHERE user = 'u1' AND at = 2"),
        q("SELECT at FROM events WHERE user = 'u1'"),
        # errors an application met
        q("SELECT * FROM nope"),
        q("SELEC * FROM users"),
        q("INSERT INTO users (id, age) VALUES ('u3', 'old')"),
        q("SELECT * FROM events WHERE kind = 'login'"),
        q("UPDATE pageviews SET n = 5 WHERE page = '/'"),
        q("INSERT INTO users (name) VALUES ('x')"),
        q("SELECT * FROM users WHERE id = 'u1' AND name = 'Ann'"),
        q("CREATE TABLE users (id text PRIMARY KEY)"),
        q("ALTER TABLE users ADD name int"),
        q("DROP TABLE nope"),
    ]
    if R20:
        out += [
            q("INSERT INTO users (id, name) VALUES ('u5', 'Eve') IF NOT EXISTS"),
            q("INSERT INTO users (id, name) VALUES ('u5', 'Zed') IF NOT EXISTS"),
            q("UPDATE users SET name = 'Eva' WHERE id = 'u5' IF name = 'Eve'"),
            q("UPDATE users SET name = 'Ivy' WHERE id = 'u5' IF name = 'Eve'"),
            q("SELECT name FROM users WHERE id = 'u5'"),
            q("DELETE FROM users WHERE id = 'u5' IF EXISTS"),
            q("CREATE TABLE IF NOT EXISTS events (user text PRIMARY KEY)"),
            q("CREATE TABLE carts (user text, item text, owner text static, qty int, "
              "PRIMARY KEY (user, item))"),
            q("INSERT INTO carts (user, item, owner, qty) VALUES ('c1', 'apple', 'Ann', 2) "
              "USING TIMESTAMP 1000"),
            q("INSERT INTO carts (user, item, qty) VALUES ('c1', 'pear', 1) USING TIMESTAMP 1000"),
            q("SELECT * FROM carts WHERE user = 'c1'"),
            q("UPDATE users USING TIMESTAMP 1000 SET name = 'x' WHERE id = 'u1' IF name = 'Ann'"),
        ]
    if R21:
        out += [
            q("CREATE TYPE addr (street text, zip int)"),
            q("CREATE TABLE people (id int PRIMARY KEY, home frozen<addr>)"),
            q("INSERT INTO people (id, home) VALUES (1, {street: 'Main', zip: 12345})"),
            q("SELECT home FROM people WHERE id = 1"),
            q("SELECT * FROM users WHERE emails CONTAINS 'b@x'"),
        ]
    if R22:
        out += [
            q("SELECT JSON id, name FROM users WHERE id = 'u2'"),
            q("SELECT toJson(age) FROM users WHERE id = 'u2'"),
            q("SELECT max(at), min(at) FROM events WHERE user = 'u1'"),
        ]
    out += [
        q("DROP INDEX places_city"),
        q("SELECT id FROM places WHERE city = 'Paris'"),
        q("TRUNCATE events"),
        q("SELECT * FROM events"),
        q("DROP TABLE pageviews"),
    ]
    return out


# ------------------------------------------------------------------------------ CQL 3 prepared
@scenario("o19d_cql3prep", "19", "cql3", keyspace_reset="cv_d_cql3prep")
def _cql3prep():
    """prepared CQL 3 over Thrift (the era's DAO layers): a COMPACT STORAGE table and a
    plain one bound by markers, collections bound whole, counters, TTL markers, IN and LIMIT
    markers; wrong counts and types of values and unknown ids"""
    ks = "cv_d_cql3prep"
    pfx = ks

    def prep(query):
        return v19.prepare_cql3_query(query)

    def ex(query, values, cl=1):
        return v19.execute_prepared_cql3_query(jhash(pfx + query), values, cl=cl)

    # markers in USING came with 2.0's CQL (1.2's grammar wants a literal there)
    ins_c = "INSERT INTO metrics (host, ts, val) VALUES (?, ?, ?) USING TIMESTAMP " + \
        ("?" if R20 else "1000")
    ts_v = [long_(1000)] if R20 else []
    sel_c = "SELECT ts, val FROM metrics WHERE host = ? AND ts >= ? AND ts < ?"
    ins_p = "INSERT INTO profile (id, name, score, tags) VALUES (?, ?, ?, ?)"
    sel_p = "SELECT name, score, tags FROM profile WHERE id IN (?, ?)"
    ctr = "UPDATE likes SET n = n + ? WHERE id = ?"
    ttl_m = "INSERT INTO profile (id, name) VALUES (?, ?) USING TTL ?"
    ttl = ttl_m if R20 else "INSERT INTO profile (id, name) VALUES (?, ?) USING TTL 3600"
    ttl_v = [int32(3600)] if R20 else []
    lim = "SELECT id FROM profile LIMIT ?"
    tags = st.pack(">H", 2) + st.pack(">H", 1) + b"a" + st.pack(">H", 1) + b"b"
    if R30:
        # 3.x decodes values bound over Thrift as native protocol v3 (QueryOptions.fromThrift)
        tags = int32(2) + int32(1) + b"a" + int32(1) + b"b"
    out = [
        v19.set_cql_version(CQLV),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE metrics (host text, ts bigint, val double, PRIMARY KEY (host, ts)) "
          "WITH COMPACT STORAGE"),
        q("CREATE TABLE profile (id int PRIMARY KEY, name text, score double, tags set<text>)"),
        q("CREATE TABLE likes (id int PRIMARY KEY, n counter)"),
        prep(ins_c),
        ex(ins_c, ["h1", long_(100), st.pack(">d", 0.5)] + ts_v),
        ex(ins_c, ["h1", long_(200), st.pack(">d", 1.5)] + ts_v),
        ex(ins_c, ["h1", long_(300), st.pack(">d", 2.5)] + ts_v),
        ex(ins_c, ["h2", long_(100), st.pack(">d", 9.0)] + ts_v),
        prep(sel_c),
        ex(sel_c, ["h1", long_(150), long_(1000)]),
        ex(sel_c, ["h1", long_(0), long_(250)]),
        prep(ins_p),
        ex(ins_p, [int32(1), "Ann", st.pack(">d", 3.0), tags]),
        ex(ins_p, [int32(2), "Bob", st.pack(">d", -1.0), b""]),
        prep(sel_p),
        ex(sel_p, [int32(1), int32(2)]),
        prep(ctr),
        ex(ctr, [long_(5), int32(1)]),
        ex(ctr, [long_(-2), int32(1)]),
        q("SELECT n FROM likes WHERE id = 1"),
        prep(ttl),
        ex(ttl, [int32(3), "Tmp"] + ttl_v),
        prep(lim),
        ex(lim, [int32(2)]),
        # through Thrift, as an application mid-migration read the compact table
        v19.get_slice("h1", cparent("metrics"), ALL_),
        v19.get_slice("h1", cparent("metrics"), pred(start=long_(150), finish="")),
        v19.get_range_slices(cparent("metrics"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("h3", cparent("metrics"), column(long_(5), st.pack(">d", 7.0), 5)),
        ex(sel_c, ["h3", long_(0), long_(10)]),
        # errors
        ex(ins_c, ["h1", long_(1)]),
        ex(ins_c, ["h1", int32(1), st.pack(">d", 0.5)] + ts_v),
        ex(ins_p, [int32(9), "x", b"\x00", tags]),
        ex(sel_p, [b"\x00\x01", int32(2)]),
        v19.execute_prepared_cql3_query(12345, []),
        prep("SELECT * FROM nope WHERE id = ?"),
        prep("INSERT INTO profile (id, name) VALUES (?, ?, ?)"),
        prep("SELECT * FROM profile WHERE name = ?"),
        ex(lim, [int32(0)]),
        ex(lim, [int32(-1)]),
        ex(ttl_m, [int32(4), "x", int32(-1)]),
        prep(ttl_m),
    ]
    return out


# ------------------------------------------------------------------------------ CQL via Thrift
@scenario("o19d_migrate", "19", "cql3", keyspace_reset="cv_d_migrate")
def _migrate():
    """an application mid-migration: tables created in CQL 3 read and written through Thrift
    (the composite cell names of a non-compact table, the key and clustering of a compact one,
    describe_keyspace of CQL tables), and column families created through Thrift read in CQL 3"""
    ks = "cv_d_migrate"
    out = [
        v19.set_cql_version(CQLV),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE items (id text PRIMARY KEY, title text, price int) WITH COMPACT STORAGE"),
        q("CREATE TABLE orders (cust text, oid int, total int, PRIMARY KEY (cust, oid))"),
        q("CREATE TABLE wide (k text, c1 int, c2 text, v text, PRIMARY KEY (k, c1, c2)) "
          "WITH COMPACT STORAGE"),
        q("INSERT INTO items (id, title, price) VALUES ('i1', 'pen', 3) USING TIMESTAMP 1000"),
        q("INSERT INTO orders (cust, oid, total) VALUES ('c1', 7, 70) USING TIMESTAMP 1000"),
        q("INSERT INTO orders (cust, oid, total) VALUES ('c1', 8, 80) USING TIMESTAMP 1000"),
        q("INSERT INTO wide (k, c1, c2, v) VALUES ('w', 1, 'a', 'x') USING TIMESTAMP 1000"),
        q("INSERT INTO wide (k, c1, c2, v) VALUES ('w', 2, 'b', 'y') USING TIMESTAMP 1000"),
        v19.describe_keyspace(ks),
        v19.get_slice("i1", cparent("items"), ALL_),
        v19.insert("i2", cparent("items"), column("title", "ink", 5)),
        v19.insert("i2", cparent("items"), column("price", int32(9), 5)),
        v19.insert("i2", cparent("items"), column("price", "nine", 5)),
        q("SELECT * FROM items"),
        v19.get_slice("c1", cparent("orders"), ALL_),
        v19.get_slice("w", cparent("wide"), ALL_),
        v19.get_slice("w", cparent("wide"), pred(start=comp(int32(2)),
                                                 finish=comp(int32(2), eoc=1))),
        v19.insert("w", cparent("wide"), column(comp(int32(3), "c"), "z", 5)),
        q("SELECT * FROM wide WHERE k = 'w'"),
        v19.insert("c1", cparent("orders"), column(comp(int32(9), "total"), int32(90), 5)),
        q("SELECT * FROM orders WHERE cust = 'c1'"),
        v19.get_range_slices(cparent("orders"), ALL_, key_range(start_key="", end_key="",
                                                                count=10)),
        v19.system_add_column_family(cf_def(ks, "legacy", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type",
                                            column_metadata=[column_def("age", "Int32Type")])),
        v19.batch_mutate({"r1": {"legacy": [ins("age", int32(5), 1000 - 1000),
                                            ins("zz", "dyn", 0)]}}),
        q("SELECT * FROM legacy"),
        q("SELECT key, age FROM legacy WHERE key = 'r1'"),
        q("SELECT * FROM \"legacy\" WHERE key = 'r1'"),
        v19.system_add_column_family(cf_def(ks, "Legacy2", comparator="LongType",
                                            default_validation="UTF8Type")),
        v19.insert(b"\x01", cparent("Legacy2"), column(long_(1), "one", 0)),
        q("SELECT * FROM \"Legacy2\""),
        q("SELECT * FROM Legacy2"),
        v19.system_drop_column_family("orders"),
        q("SELECT * FROM orders"),
        v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                               key_validation="UTF8Type")),
        q("ALTER TABLE legacy ADD city text"),
        v19.set_keyspace(ks),  # 3.x closed the connection
        q("DROP TABLE legacy"),
        v19.get_slice("r1", cparent("legacy"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ LWT / multi
@scenario("o19d_modern", "19", "crud", keyspace_reset="cv_d_modern")
def _modern():
    """what a Thrift application of 2.0+ reached for: cas (Astyanax's and Hector's
    compare-and-set), get_multi_slice (2.1+), the SERIAL and LOCAL_ONE levels, trace_next_query
    before a read, and describe_schema_versions between schema changes; on 1.2 the same
    application's fallbacks (reads by ranges, atomic batches)"""
    ks = "cv_d_modern"
    out = setup(ks, cf_def(ks, "Acct", comparator="UTF8Type", key_validation="UTF8Type",
                           default_validation="UTF8Type"),
                cf_def(ks, "Log", comparator="LongType", key_validation="UTF8Type",
                       default_validation="UTF8Type"))
    out.append(v19.batch_mutate({"a1": {"Acct": [ins("bal", "10", 5), ins("owner", "ann", 5)]},
                                 "log": {"Log": [ins(long_(i), "e%d" % i, 5)
                                                 for i in range(12)]}}))
    if R20:
        out += [
            cas("a2", "Acct", [], [column("bal", "0", 6), column("owner", "bob", 6)]),
            cas("a2", "Acct", [], [column("bal", "1", 7)]),
            cas("a2", "Acct", [column("bal", "0", None)], [column("bal", "5", 8)]),
            cas("a2", "Acct", [column("bal", "0", None)], [column("bal", "6", 9)]),
            cas("a2", "Acct", [column("bal", "5", None), column("owner", "bob", None)],
                [column("bal", "7", 10)]),
            cas("a2", "Acct", None, [column("bal", "8", 11)]),
            v19.set_keyspace(ks),
            # cas writes at its ballot's time, not the columns' timestamps
            v19.get_slice("a2", cparent("Acct"), ALL_, cl=SERIAL).mask("0/*/1/3"),
            v19.get_slice("a2", cparent("Acct"), ALL_, cl=LOCAL_SERIAL).mask("0/*/1/3"),
            v19.get_slice("a2", cparent("Acct"), ALL_, cl=LOCAL_ONE).mask("0/*/1/3"),
            cas("a3", "Acct", [column("bal", "0", None)], [column("bal", "1", 12)]),
            cas("a3", "Nope", [], [column("bal", "1", 12)]),
            cas("a3", "Acct", [], [column("bal", "1", 12)], serial=QUORUM),
            cas("a3", "Acct", [], [column("bal", "1", 12)], commit=SERIAL),
            cas("", "Acct", [], [column("bal", "1", 12)]),
            cas("a4", "Acct", [], []),
            cas("a4", "Acct", [], [column("bal", "1", 12)], serial=LOCAL_SERIAL, commit=LOCAL_ONE),
            v19.get_slice("a4", cparent("Acct"), ALL_).mask("0/*/1/3"),
        ]
    if R21:
        out += [
            multi_slice("log", "Log", [(long_(0), long_(2)), (long_(8), long_(9))]),
            multi_slice("log", "Log", [(long_(8), long_(9)), (long_(0), long_(2))]),
            multi_slice("log", "Log", [(long_(9), long_(8)), (long_(2), long_(0))], reversed=True),
            v19.set_keyspace(ks),  # 3.x closed the connection
            multi_slice("log", "Log", [(long_(0), long_(5)), (long_(3), long_(7))]),
            multi_slice("log", "Log", [(long_(0), None), (long_(10), None)], count=4),
            multi_slice("log", "Log", [(None, None)], count=3),
            multi_slice("log", "Log", []),
            multi_slice("log", "Log", [(long_(5), long_(1))]),
            multi_slice("nokey", "Log", [(long_(0), long_(5))]),
            multi_slice("log", "Nope", [(long_(0), long_(5))]),
            multi_slice("log", "Acct", [("a", "c")], cl=LOCAL_ONE),
        ]
    else:
        out += [
            v19.get_slice("log", cparent("Log"), pred(start=long_(0), finish=long_(2))),
            v19.get_slice("log", cparent("Log"), pred(start=long_(8), finish=long_(9))),
            v19.atomic_batch_mutate({"a2": {"Acct": [ins("bal", "0", 6)]}}),
            # on 2.0 a2's columns were written by cas, at its ballot's time
            v19.get_slice("a2", cparent("Acct"), ALL_).mask(*(["0/*/1/3"] if R20 else [])),
        ]
    out += [
        trace(),
        v19.get_slice("a1", cparent("Acct"), ALL_),
        trace(),
        v19.insert("a1", cparent("Acct"), column("bal", "11", 20)),
        v19.get("a1", cpath("Acct", col="bal")),
        v19.describe_schema_versions(),
        v19.system_add_column_family(cf_def(ks, "New", comparator="UTF8Type")),
        v19.describe_schema_versions(),
        v19.insert("x", cparent("New"), column("c", "v", 1)),
        v19.get_slice("x", cparent("New"), ALL_),
        v19.system_drop_column_family("New"),
        v19.describe_schema_versions(),
        v19.get_slice("x", cparent("New"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ ColumnFamilyMap
@scenario("o19d_cfmap", "19", "crud", keyspace_reset="cv_d_cfmap")
def _cfmap():
    """pycassa's ColumnFamilyMap and Hector's ObjectMapper: objects stored as typed columns
    (LongType/DoubleType/BooleanType/UUIDType/TimeUUIDType/DateType/AsciiType/IntegerType
    validators), read back by get/multiget/get_range, with the TTLs and removes such a mapper
    issued and the typed values it got wrong"""
    ks = "cv_d_cfmap"
    meta = [column_def("n", "LongType"), column_def("f", "DoubleType"),
            column_def("ok", "BooleanType"), column_def("id", "UUIDType"),
            column_def("t", "TimeUUIDType"), column_def("d", "DateType"),
            column_def("a", "AsciiType"), column_def("big", "IntegerType"),
            column_def("i", "Int32Type"), column_def("dec", "DecimalType")]
    out = setup(ks, cf_def(ks, "Obj", comparator="AsciiType", key_validation="LexicalUUIDType",
                           default_validation="BytesType", column_metadata=meta),
                cf_def(ks, "ByLong", comparator="UTF8Type", key_validation="LongType"),
                cf_def(ks, "ByInt", comparator="UTF8Type", key_validation="Int32Type"))
    k1, k2 = _u.UUID(int=1).bytes, _u.UUID(int=2).bytes
    tu = _u.UUID("e1f4e6c0-7b1c-11e2-8000-0123456789ab").bytes
    obj = [ins("n", long_(7), 5), ins("f", st.pack(">d", 0.25), 5), ins("ok", b"\x00", 5),
           ins("id", k2, 5), ins("t", tu, 5), ins("d", long_(1360000000000), 5),
           ins("a", "plain", 5), ins("big", b"\x01\x00\x00\x00\x00\x00\x00\x00\x00", 5),
           ins("i", int32(-1), 5), ins("dec", int32(2) + b"\x04\xd2", 5)]
    out += [
        v19.batch_mutate({k1: {"Obj": obj}}),
        v19.get_slice(k1, cparent("Obj"), ALL_),
        v19.get_slice(k1, cparent("Obj"), pred(names=["n", "t", "zz"])),
        v19.multiget_slice([k1, k2], cparent("Obj"), ALL_),
        v19.insert(k2, cparent("Obj"), column("n", long_(1), 5, ttl=600)),
        v19.get(k2, cpath("Obj", col="n")),
        v19.get_range_slices(cparent("Obj"), pred(names=["n"]), key_range(
            start_key="", end_key="", count=10)),
        v19.remove(k1, cpath("Obj", col="t"), 6),
        v19.get_count(k1, cparent("Obj"), ALL_),
        v19.insert(k1, cparent("Obj"), column("n", int32(7), 7)),
        v19.insert(k1, cparent("Obj"), column("f", st.pack(">f", 0.25), 7)),
        v19.insert(k1, cparent("Obj"), column("t", _u.UUID(int=3).bytes, 7)),
        v19.insert(k1, cparent("Obj"), column("a", "caf\u00e9", 7)),
        v19.insert(k1, cparent("Obj"), column("d", "2013-01-01", 7)),
        v19.insert(k1, cparent("Obj"), column("i", long_(1), 7)),
        v19.insert(k1, cparent("Obj"), column("dec", b"\x00\x01", 7)),
        v19.insert(k1, cparent("Obj"), column("\u00e9", "x", 7)),
        v19.insert(b"\x01\x02", cparent("Obj"), column("n", long_(1), 7)),
        v19.insert(k1, cparent("Obj"), column("big", b"", 7)),
        v19.get(k1, cpath("Obj", col="big")),
        v19.insert(k1, cparent("Obj"), column("n", b"", 7)),
        v19.get(k1, cpath("Obj", col="n")),
        v19.batch_mutate({long_(i): {"ByLong": [ins("v", "x", 5)]} for i in (-5, 0, 5, 1 << 40)}),
        v19.get_range_slices(cparent("ByLong"), ALL_, key_range(start_key="", end_key="",
                                                                count=10)),
        v19.get_slice(long_(5), cparent("ByLong"), ALL_),
        v19.get_slice(b"\x05", cparent("ByLong"), ALL_),
        v19.insert(b"\x05", cparent("ByLong"), column("v", "x", 5)),
        v19.insert(int32(3), cparent("ByInt"), column("v", "x", 5)),
        v19.insert(long_(3), cparent("ByInt"), column("v", "x", 5)),
        v19.multiget_slice([int32(3), int32(4)], cparent("ByInt"), ALL_),
    ]
    return out


# ------------------------------------------------------------------------------ errors
@scenario("o19d_errors", "19", "crud", keyspace_reset="cv_d_errors")
def _errors():
    """the errors applications of the era ran into: no keyspace set, unknown column
    families, predicates with both or neither of names and range, slices with a finish
    before the start, oversized and negative counts, super column paths on standard families,
    timestamps missing, consistency levels the keyspace cannot meet, unknown methods"""
    ks = "cv_d_errors"
    out = [
        v19.get_slice("k", cparent("CF"), ALL_),
        v19.insert("k", cparent("CF"), column("c", "v", 1)),
        v19.describe_splits("CF", "0", "100", 10),
    ]
    out += setup(ks, cf_def(ks, "CF", comparator="UTF8Type", key_validation="UTF8Type"),
                 cf_def(ks, "Num", comparator="LongType"))
    out += [
        v19.insert("k", cparent("CF"), column("c", "v", 1)),
        v19.get_slice("k", cparent("CF"), pred(names=["c"], start="")),
        v19.get_slice("k", cparent("CF"), W.struct({})),
        v19.get_slice("k", cparent("CF"), pred(start="z", finish="a")),
        v19.get_slice("k", cparent("CF"), pred(start="a", finish="z", reversed=True)),
        v19.get_slice("k", cparent("CF"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("CF"), pred(names=[])),
        v19.get_slice("k", cparent("CF", sc="x"), ALL_),
        v19.get("k", cpath("CF", sc="x", col="c")),
        v19.get("k", cpath("CF")),
        v19.get("k", cpath("Nope", col="c")),
        v19.get("", cpath("CF", col="c")),
        v19.get("k" * 70000, cpath("CF", col="c")),
        v19.insert("k", cparent("CF"), column("c" * 70000, "v", 1)),
        v19.get_slice("k", cparent("CF"), ALL_, cl=ALL),
        v19.get_slice("k", cparent("CF"), ALL_, cl=QUORUM),
        v19.get_slice("k", cparent("CF"), ALL_, cl=3),
        v19.get_slice("k", cparent("CF"), ALL_, cl=4),
        v19.get_slice("k", cparent("CF"), ALL_, cl=0),
        v19.get_slice("k", cparent("CF"), ALL_, cl=99),
        v19.insert("k", cparent("CF"), column("c", "v", 2), cl=ANY_),
        v19.insert("k", cparent("CF"), column("c", "v", 2), cl=7),
        v19.remove("k", cpath("CF", col="c"), 3, cl=None),
        v19.get_slice("k", cparent("CF"), ALL_),
        v19.remove("k", cpath("CF", col="c"), 3, cl=6),
        v19.get_slice("k", cparent("Num"), pred(start="abc")),
        v19.get_slice("k", cparent("Num"), pred(names=[long_(1), b"\x01"])),
        v19.get_count("k", cparent("CF"), pred(start="", count=0)),
        v19.multiget_slice([], cparent("CF"), ALL_),
        v19.set_keyspace(ks),  # 3.x closed the connection
        v19.multiget_slice(["k", "k"], cparent("CF"), ALL_),
        raw("no_such_method", {}),
        v19.set_keyspace(ks),
        v19.remove("k", W.struct({3: b("CF"), 5: b("c")}), Abs(-1)),
        v19.insert("k", cparent("CF"), W.struct({1: b("c"), 2: b("v")})),
        v19.insert("k", cparent("CF"), column("t", "v", 1, ttl=0)),
        v19.insert("k", cparent("CF"), column("t", "v", 1, ttl=630720001)),
        v19.get_slice("k", cparent("CF"), ALL_),
        v19.system_drop_column_family("Nope"),
        v19.system_add_keyspace(ks_def("system", [])),
        v19.system_drop_keyspace("system"),
        v19.set_keyspace(ks),
        v19.truncate("CF"),
        v19.get_slice("k", cparent("CF"), ALL_),
    ]
    return out



# ------------------------------------------------------------------------------ Thrift CQL driver
@scenario("o19d_driver", "19", "cql3", keyspace_reset="cv_d_driver")
def _driver():
    """what a CQL driver over Thrift (cassandra-jdbc, the cql Python driver, 1.2's cqlsh) read
    at connect and for its metadata: system.local and system.peers, the schema tables of the
    application's keyspace (system_schema from 3.0), token() paging, IN lists, ALLOW FILTERING
    and DISTINCT, and the refusals of those reads"""
    ks = "cv_d_driver"
    out = [
        v19.set_cql_version(CQLV),
        q("SELECT cluster_name, data_center, partitioner, rack, release_version, "
          "thrift_version FROM system.local WHERE key = 'local'"),
        q("SELECT peer, data_center, rack, release_version, rpc_address FROM system.peers"),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        q("USE %s" % ks),
        q("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"),
        q("CREATE TABLE kv (k text PRIMARY KEY, v text) WITH comment = 'kv' AND "
          "gc_grace_seconds = 3600"),
        v19.system_add_column_family(cf_def(ks, "Thr", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type",
                                            column_metadata=[column_def("a", "Int32Type")])),
    ]
    if R30:
        out += [
            q("SELECT keyspace_name, durable_writes, replication FROM system_schema.keyspaces "
              "WHERE keyspace_name = '%s'" % ks),
            q("SELECT table_name, comment, gc_grace_seconds, flags, default_time_to_live "
              "FROM system_schema.tables WHERE keyspace_name = '%s'" % ks),
            q("SELECT table_name, column_name, clustering_order, kind, position, type "
              "FROM system_schema.columns WHERE keyspace_name = '%s'" % ks),
            q("SELECT * FROM system.schema_keyspaces"),
        ]
    else:
        out += [
            q("SELECT keyspace_name, durable_writes, strategy_class, strategy_options "
              "FROM system.schema_keyspaces WHERE keyspace_name = '%s'" % ks),
            q("SELECT columnfamily_name, comparator, default_validator, key_validator, "
              "gc_grace_seconds, type, comment FROM system.schema_columnfamilies "
              "WHERE keyspace_name = '%s'" % ks),
            q("SELECT columnfamily_name, column_name, component_index, validator "
              "FROM system.schema_columns WHERE keyspace_name = '%s'" % ks),
        ]
    out += [
        q("BEGIN BATCH USING TIMESTAMP 1000 " + " ".join(
            "INSERT INTO kv (k, v) VALUES ('k%d', 'v%d')" % (i, i) for i in range(8)) +
          " APPLY BATCH"),
        q("BEGIN BATCH USING TIMESTAMP 1000 " + " ".join(
            "INSERT INTO t (k, c, v) VALUES ('p%d', %d, 'x')" % (i % 3, i) for i in range(9)) +
          " APPLY BATCH"),
        q("SELECT k, token(k) FROM kv LIMIT 3"),
        q("SELECT k FROM kv WHERE token(k) > token('k3') LIMIT 3"),
        q("SELECT k FROM kv WHERE token(k) > -9223372036854775808 AND token(k) <= 0"),
        q("SELECT k, v FROM kv WHERE k IN ('k1', 'k5', 'zz')"),
        q("SELECT * FROM t WHERE k = 'p1' AND c > 1 AND c <= 7"),
        q("SELECT * FROM t WHERE c = 4 ALLOW FILTERING"),
        q("SELECT * FROM t WHERE c = 4"),
        q("SELECT COUNT(*) FROM t WHERE k = 'p2'"),
        q("SELECT * FROM t WHERE k = 'p0' ORDER BY c DESC LIMIT 2"),
        q("SELECT * FROM kv WHERE token(k) > token('k3') AND k = 'k1'"),
        q("SELECT key, a FROM \"Thr\""),
        q("SELECT * FROM system.nope"),
        q("SELECT * FROM t WHERE v = 'x'"),
        q("SELECT * FROM t ORDER BY c"),
    ]
    if R20:
        out += [
            q("SELECT DISTINCT k FROM t"),
            q("SELECT DISTINCT k, c FROM t"),
            q("DROP TABLE IF EXISTS nope"),
            q("CREATE TABLE IF NOT EXISTS kv (k text PRIMARY KEY)"),
            q("DROP KEYSPACE IF EXISTS cv_d_driver_nope"),
        ]
    if R21:
        out.append(q("SELECT * FROM t WHERE k = 'p1' AND c IN (1, 4, 9)"))
    return out


# ------------------------------------------------------------------------------ CQL collections
@scenario("o19d_cqlcoll", "19", "cql3", keyspace_reset="cv_d_cqlcoll")
def _cqlcoll():
    """CQL 3 collections and batches as applications used them over Thrift: list appends,
    prepends, element set and removal by index and value, set and map element updates and
    deletions, TTLs on elements, counter batches, unlogged batches, ALTER TABLE of types,
    options and columns, and the refusals of each"""
    ks = "cv_d_cqlcoll"
    out = [
        v19.set_cql_version(CQLV),
        q("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
          "'replication_factor': 1}" % ks),
        v19.set_keyspace(ks),
        q("CREATE TABLE c (k int PRIMARY KEY, l list<text>, s set<int>, m map<text, int>, "
          "t timestamp, u uuid, b blob, i inet, d decimal, vi varint, f float, bo boolean)"),
        q("CREATE TABLE hits (k text, day int, n counter, PRIMARY KEY (k, day))"),
        q("INSERT INTO c (k, l, s, m) VALUES (1, ['a', 'b'], {3, 1, 2}, {'x': 1, 'y': 2}) "
          "USING TIMESTAMP 1000"),
        q("UPDATE c USING TIMESTAMP 1001 SET l = l + ['c'], s = s + {9}, m['z'] = 3 "
          "WHERE k = 1"),
        q("UPDATE c SET l = ['z'] + l WHERE k = 1"),
        q("SELECT l, s, m FROM c WHERE k = 1"),
        q("UPDATE c USING TIMESTAMP 1002 SET l[1] = 'B' WHERE k = 1"),
        q("UPDATE c USING TIMESTAMP 1002 SET l = l - ['c'], s = s - {1} WHERE k = 1"),
        q("DELETE m['x'] FROM c USING TIMESTAMP 1003 WHERE k = 1"),
        q("DELETE l[0] FROM c WHERE k = 1"),
        q("SELECT l, s, m FROM c WHERE k = 1"),
        q("UPDATE c USING TTL 86400 AND TIMESTAMP 1004 SET m['ttl'] = 9 WHERE k = 1"),
        q("SELECT m FROM c WHERE k = 1"),
        q("INSERT INTO c (k, t, u, b, i, d, vi, f, bo) VALUES (2, '2013-01-02 03:04:05+0000', "
          "5a1c3d3e-0000-4000-8000-000000000001, 0xcafe, '10.0.0.1', 12.345, "
          "123456789012345678901234567890, 1.5, true) USING TIMESTAMP 1000"),
        q("SELECT t, u, b, i, d, vi, f, bo FROM c WHERE k = 2"),
        q("SELECT k, l FROM c WHERE k IN (1, 2, 3)"),
        q("BEGIN COUNTER BATCH UPDATE hits SET n = n + 1 WHERE k = 'a' AND day = 1 "
          "UPDATE hits SET n = n + 5 WHERE k = 'a' AND day = 2 APPLY BATCH"),
        q("BEGIN UNLOGGED BATCH USING TIMESTAMP 1000 INSERT INTO c (k, bo) VALUES (3, false) "
          "INSERT INTO c (k, bo) VALUES (4, true) APPLY BATCH"),
        q("SELECT * FROM hits WHERE k = 'a'"),
        q("SELECT k, bo FROM c WHERE k IN (3, 4)"),
        q("ALTER TABLE c ADD extra text"),
        q("ALTER TABLE c WITH comment = 'collections' AND gc_grace_seconds = 100"),
        q("ALTER TABLE c ALTER b TYPE text"),
        q("ALTER TABLE c ALTER extra TYPE int"),
        # refusals
        q("UPDATE c SET l[7] = 'x' WHERE k = 1"),
        q("UPDATE c SET s[0] = 1 WHERE k = 1"),
        q("UPDATE c SET m = m + ['a'] WHERE k = 1"),
        q("INSERT INTO c (k, l) VALUES (5, {'a'})"),
        q("INSERT INTO c (k, t) VALUES (5, 'yesterday')"),
        q("INSERT INTO c (k, i) VALUES (5, 'not-an-ip')"),
        q("BEGIN BATCH UPDATE hits SET n = n + 1 WHERE k = 'a' AND day = 1 APPLY BATCH"),
        q("BEGIN COUNTER BATCH INSERT INTO c (k, bo) VALUES (6, true) APPLY BATCH"),
        q("SELECT * FROM c WHERE l = ['a']"),
        q("CREATE INDEX ON c (l)"),
        q("ALTER TABLE c ADD k2 int PRIMARY KEY"),
        q("ALTER TABLE nope ADD x int"),
    ]
    if R20:
        out += [
            q("ALTER TABLE c DROP extra"),
            q("SELECT extra FROM c WHERE k = 1"),
            q("UPDATE c SET s = s + {4} WHERE k = 1 IF l = ['z', 'B']"),
            q("UPDATE c SET s = s + {5} WHERE k = 1 IF m['y'] = 2"),
            q("BEGIN BATCH INSERT INTO c (k, bo) VALUES (7, true) IF NOT EXISTS "
              "INSERT INTO c (k, bo) VALUES (8, true) APPLY BATCH"),
        ]
    if R21:
        out += [
            # indexes made before their table holds data (a build of existing rows runs in
            # the background, and 3.x refuses reads of an index still building)
            q("CREATE TABLE ix (k int PRIMARY KEY, s set<int>, m map<text, int>)"),
            q("CREATE INDEX ON ix (s)"),
            q("CREATE INDEX ON ix (KEYS(m))"),
            q("INSERT INTO ix (k, s, m) VALUES (1, {1, 3}, {'y': 2}) USING TIMESTAMP 1000"),
            q("INSERT INTO ix (k, s, m) VALUES (2, {3}, {'z': 2}) USING TIMESTAMP 1000"),
            q("CREATE TABLE tup (k int PRIMARY KEY, p frozen<tuple<int, text>>, "
              "fl frozen<list<int>>)"),
            q("INSERT INTO tup (k, p, fl) VALUES (1, (1, 'a'), [1, 2]) USING TIMESTAMP 1000"),
            q("SELECT p, fl FROM tup WHERE k = 1"),
            q("SELECT k FROM ix WHERE m CONTAINS KEY 'y'"),
            q("SELECT k FROM ix WHERE s CONTAINS 3"),
            q("SELECT k FROM ix WHERE m CONTAINS 2"),
        ]
    if R22:
        out += [
            q("CREATE TABLE dt (k int PRIMARY KEY, d date, t time, s smallint, ti tinyint)"),
            q("INSERT INTO dt (k, d, t, s, ti) VALUES (1, '2015-05-03', '13:30:54.234', 7, 1)"),
            q("SELECT d, t, s, ti FROM dt WHERE k = 1"),
            q("INSERT INTO c JSON '{\"k\": 9, \"bo\": true}'"),
        ]
    return out
