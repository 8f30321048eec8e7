"""What the files of ordinary use share: the release a file is sent to, the Thrift
structs a client library built for that release's IDL (or for a later one) sent, and the
small encoders of CQL 3 over Thrift.

Each `ordinary19*.py` beside this is one author's applications; a helper that two of them
need lives here, written once. It must not register scenarios: a file names its own with
`registrar`. Everything release-dependent reads `RELEASE` when called, so a file sets its
default (`os.environ.setdefault("RELEASE", ...)`) before importing this.
"""
import functools
import hashlib
import json
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import dsl as D  # noqa: E402
import thriftwire as W  # noqa: E402
from dsl import (KEYS_INDEX, ONE, QUORUM, b, column, column_def, cosc, counter_column,  # noqa: E402
                 cparent, deletion, mutation, pred, scenario, super_column, v19)

SS = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"
ONTS = "org.apache.cassandra.locator.OldNetworkTopologyStrategy"
# consistency levels past dsl's (THREE is dsl's, named here for the files that take it from here)
THREE = D.THREE
SERIAL, LOCAL_SERIAL, LOCAL_ONE = 9, 10, 11
MIN_TOKEN = "-9223372036854775808"

_FACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "releases",
                      "facts.json")

# CfDef fields of the later IDLs (1.1, 1.2, 2.0), for the clients built against them
LATER_CF = {"key_validation_class": (26, "string"), "replicate_on_write": (24, "bool"),
            "key_alias": (28, "string"), "compaction_strategy": (29, "string"),
            "compaction_strategy_options": (30, "map"), "compression_options": (32, "map"),
            "bloom_filter_fp_chance": (33, "double"), "caching": (34, "string"),
            "dclocal_read_repair_chance": (37, "double"),
            "populate_io_cache_on_flush": (38, "bool"),
            "memtable_flush_period_in_ms": (39, "i32"), "default_time_to_live": (40, "i32"),
            "index_interval": (41, "i32"), "speculative_retry": (42, "string")}


def release():
    """The release the file is sent to (`RELEASE`)."""
    return os.environ["RELEASE"]


def version(parts=3):
    """The release as a tuple of its first `parts` numbers."""
    return tuple(int(x) for x in release().split(".")[:parts])


def registrar(prefix):
    """`@sc(name, topic, keyspace, when)`: registers an API 19 scenario named `prefix+name`,
    only when the release had what its application needs."""
    def sc(name, topic, ks, when=True):
        def deco(fn):
            if not when:
                return fn
            return scenario(prefix + name, "19", topic, keyspace_reset=ks)(fn)
        return deco
    return sc


# ---------------------------------------------------------------- structs of an IDL
@functools.lru_cache(maxsize=None)
def cf_fields(rel):
    """CfDef's fields in `rel`'s IDL: name -> (field id, Thrift type)."""
    with open(_FACTS) as f:
        idl = json.load(f)["releases"][rel]["idl"]
    out = {}
    for fid, decl in idl["structs"]["CfDef"].items():
        words = decl.split("=")[0].split()
        out[words[-1]] = (int(fid), words[-2])
    return out


def typed(kind, v):
    """`v` as a value of the IDL's Thrift type `kind`."""
    if kind in ("string", "binary"):
        return b(v)
    if kind == "i32":
        return W.i32(v)
    if kind == "double":
        return W.double(v)
    if kind == "bool":
        return W.boolean(v)
    if kind.startswith("map"):
        return W.map_("bin", "bin", [(b(k), b(x)) for k, x in v.items()])
    if kind.startswith("list"):
        return W.list_("struct", list(v))
    raise ValueError(kind)


def cfd(ks, name, **fields):
    """A CfDef of the fields the release's IDL declared (a field it lacked is not sent, as a
    library built against that IDL could not send it)."""
    known = cf_fields(release())
    out = {}
    for k, v in dict(keyspace=ks, name=name, **fields).items():
        if v is None or k not in known:
            continue
        fid, kind = known[k]
        out[fid] = typed(kind, v)
    return W.struct(out)


def cfd_later(ks, name, **fields):
    """A CfDef as a client built against a later IDL sent it: its fields whatever the
    release declared."""
    known = cf_fields(release())
    out = {}
    for k, v in dict(keyspace=ks, name=name, **fields).items():
        fid, kind = known[k] if k in known else LATER_CF[k]
        out[fid] = typed(kind, v)
    return W.struct(out)


def ksd(name, cfs=(), rf=1, strategy=SS, options=None, durable=None):
    """KsDef: 0.7's required replication_factor, strategy_options from 0.8."""
    f = {1: b(name), 2: b(strategy), 5: W.list_("struct", list(cfs))}
    if version(2) < (0, 8):
        f[4] = W.i32(rf)
        if options:
            f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
    else:
        opts = options if options is not None else {"replication_factor": str(rf)}
        f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in opts.items()])
        if durable is not None:
            f[6] = W.boolean(durable)
    return W.struct(f)


def setup(ks, cfs, **kw):
    """Add the keyspace and use it."""
    return [v19.system_add_keyspace(ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def coldef(name, validation, indexed=False, index_name=None):
    return column_def(name, validation, KEYS_INDEX if indexed else None, index_name)


def cfid(n):
    """The id a fresh node gave the n-th column family made (0.7 to 1.1: from 1000, in the
    order of creation); Hector and Kundera sent it back in their updates."""
    return 1000 + n


def hector_cf(ks, name, **kw):
    """Hector's ThriftCfDef of its era: the defaults BasicColumnFamilyDefinition filled in."""
    base = dict(column_type="Standard", comparator_type="BytesType", read_repair_chance=1.0,
                gc_grace_seconds=864000, min_compaction_threshold=4,
                max_compaction_threshold=32, key_validation_class="BytesType",
                default_validation_class="BytesType")
    if version(2) < (1, 1):
        base.update(row_cache_size=0.0, key_cache_size=200000.0)
    if (0, 8) <= version(2):
        base.update(replicate_on_write=True)
    base.update(kw)
    return cfd(ks, name, **base)


def describe_version():
    """Unmasked: each release's API version is its own and fixed."""
    return D.Step("describe_version", W.struct({}))


def connect():
    """What a pool checks when it opens a connection."""
    return [describe_version(), v19.describe_cluster_name(), v19.describe_partitioner(),
            v19.describe_snitch()]


def unknown(method, fields=None):
    """A method of a later IDL the release did not declare."""
    return D.Step(method, W.struct(fields or {}))


# ---------------------------------------------------------------- mutations
def dele(names=None, t=None, sc_=None, rng=None):
    """A Mutation deleting names, a slice range or everything (of super column `sc_`)."""
    if rng is not None:
        return mutation(deletion_=deletion(t, sc=sc_, predicate=pred(slice_range=rng)))
    return mutation(deletion_=deletion(t, sc=sc_, predicate=None if names is None
                                       else pred(names=names)))


def cadd(name, n):
    """A Mutation adding `n` to counter `name`."""
    return mutation(cosc(counter_column=counter_column(name, n)))


def sins(scname, cols, t):
    """A Mutation writing a super column of (name, value) sub-columns."""
    return mutation(cosc(super_column=super_column(scname, [column(n, v, t) for n, v in cols])))


def many(prefix, n):
    return ["%s%03d" % (prefix, i) for i in range(n)]


# ---------------------------------------------------------------- values
def md5_token(key):
    """RandomPartitioner's token of `key`."""
    d = hashlib.md5(key if isinstance(key, bytes) else key.encode()).digest()
    return str(abs(int.from_bytes(d, "big", signed=True)))


M64 = (1 << 64) - 1


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def _fmix(k):
    k ^= k >> 33
    k = (k * 0xff51afd7ed558ccd) & M64
    k ^= k >> 33
    k = (k * 0xc4ceb9fe1a85ec53) & M64
    return k ^ (k >> 33)


def m3_token(key):
    """Murmur3Partitioner's token of an ASCII `key` (the first half of MurmurHash3 x64 128,
    seed 0, as a signed long)."""
    data = key.encode() if isinstance(key, str) else key
    c1, c2 = 0x87c37b91114253d5, 0x4cf5ad432745937f
    h1 = h2 = 0
    n = len(data) // 16
    for i in range(n):
        k1 = int.from_bytes(data[16 * i:16 * i + 8], "little")
        k2 = int.from_bytes(data[16 * i + 8:16 * i + 16], "little")
        k1 = (_rotl((k1 * c1) & M64, 31) * c2) & M64
        h1 ^= k1
        h1 = (_rotl(h1, 27) + h2) & M64
        h1 = (h1 * 5 + 0x52dce729) & M64
        k2 = (_rotl((k2 * c2) & M64, 33) * c1) & M64
        h2 ^= k2
        h2 = (_rotl(h2, 31) + h1) & M64
        h2 = (h2 * 5 + 0x38495ab5) & M64
    tail = data[16 * n:]
    k1 = int.from_bytes(tail[:8], "little") if tail else 0
    k2 = int.from_bytes(tail[8:], "little") if len(tail) > 8 else 0
    if len(tail) > 8:
        h2 ^= (_rotl((k2 * c2) & M64, 33) * c1) & M64
    if tail:
        h1 ^= (_rotl((k1 * c1) & M64, 31) * c2) & M64
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1 = _fmix(h1)
    h2 = _fmix(h2)
    h1 = (h1 + h2) & M64
    t = h1 - (1 << 64) if h1 >= 1 << 63 else h1
    return str((1 << 63) - 1 if t == -(1 << 63) else t)


def stock_token(key):
    """The key's token under the stock yaml's partitioner: RandomPartitioner to 1.1, Murmur3
    from 1.2."""
    return m3_token(key) if version(2) >= (1, 2) else md5_token(key)


def min_token():
    """The stock partitioner's minimum token, as a ring scan starts and ends on it."""
    return MIN_TOKEN if version(2) >= (1, 2) else "0"


def jhash(s):
    """Java String.hashCode of s as a signed int32 (the Thrift prepared statement id)."""
    h = 0
    for ch in s:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= (1 << 31) else h


def i32b(n):
    return _st.pack(">i", n)


def i64b(n):
    return _st.pack(">q", n)


def comp(*parts, eoc=0):
    """A CompositeType name: each component length-prefixed (an int as a long); the last
    component's end-of-component byte `eoc`."""
    out = b""
    for i, p in enumerate(parts):
        p = p if isinstance(p, bytes) else (i64b(p) if isinstance(p, int) else p.encode())
        out += _st.pack(">H", len(p)) + p + bytes([(eoc if i == len(parts) - 1 else 0) & 0xff])
    return out


def coll(items):
    """A collection value in the native protocol v1/v2 encoding Thrift binds used: 2-byte
    count, each element 2-byte length-prefixed (map items are (key, value) pairs)."""
    out = _st.pack(">H", len(items))
    for it in items:
        for p in (it if isinstance(it, tuple) else (it,)):
            p = p.encode() if isinstance(p, str) else p
            out += _st.pack(">H", len(p)) + p
    return out


def strmap(d):
    return W.map_("bin", "bin", [(b(k), b(v)) for k, v in d.items()])


# ---------------------------------------------------------------- CQL over Thrift
def cql2(q):
    """A CQL 2 query (uncompressed)."""
    return v19.execute_cql_query(q, 2)


def cql_of_release(q):
    """The CQL the release's own driver spoke: CQL 3 at ONE from 1.2, CQL 2 before."""
    return cql3(q, ONE) if version(2) >= (1, 2) else cql2(q)


def cql3(q, cl=ONE):
    return v19.execute_cql3_query(q, cl=cl)


def prep(q):
    return v19.prepare_cql3_query(q)


def exe(ks, q, values, cl=ONE):
    """Execute the statement `prep(q)` prepared while `ks` was the keyspace (its id is
    the hash of both)."""
    return v19.execute_prepared_cql3_query(jhash(ks + q), values, cl=cl)


def ks_cql(ks):
    return cql3("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
                "'replication_factor': 1}" % ks)


# ---------------------------------------------------------------- later methods
def splits_ex(cf, start, end, keys):
    return D.raw("describe_splits_ex", {1: b(cf), 2: b(start), 3: b(end),
                                        4: W.i32(keys)}).mask("0")


def cas(key, cf, expected, updates, serial=SERIAL, commit=QUORUM):
    f = {1: b(key), 2: b(cf),
         3: None if expected is None else W.list_("struct", expected),
         4: None if updates is None else W.list_("struct", updates),
         5: None if serial is None else W.i32(serial),
         6: None if commit is None else W.i32(commit)}
    # values committed through Paxos carry the ballot's time
    return D.raw("cas", f).mask("0/2/*/3")


def multi_slice(key, cf, slices, reversed_=False, count=1000, cl=ONE):
    return D.raw("get_multi_slice", {1: W.struct({
        1: b(key), 2: cparent(cf),
        3: W.list_("struct", [W.struct({1: b(s), 2: b(f)}) for s, f in slices]),
        4: W.boolean(reversed_), 5: W.i32(count), 6: W.i32(cl)})})
