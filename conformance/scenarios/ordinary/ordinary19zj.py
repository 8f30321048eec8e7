"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zj).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Druid 0.6's Cassandra deep storage on Astyanax (index zips chunked into a COMPACT
    STORAGE table made in CQL 3, a descriptor table, both written through Thrift)
  * Spotify Heroic's first Astyanax metric backend (CompositeType row keys of series and
    base time, LongType offsets, double samples, key-range reads on RandomPartitioner)
  * a Spring Session repository on Hector (TTL'd session rows, an expiry index of LongType
    minute buckets, get_count and multiget_count, attributes removed)
  * the Virgil REST gateway's calls (a keyspace per request, schema made from a URL,
    columns put, fetched and deleted, a whole row as JSON)
  * Astyanax 1.56's `withCql(...).asPreparedStatement()` (CQL 3 prepared over Thrift, values
    from its serializers)
  * a Node app interpolating values into CQL 3 text itself, as node-cassandra-cql did
  * cql-rb 1.x's prepared statement lifecycle over Thrift (re-prepare after a drop, wrong
    value counts, empty values)
  * Hadoop's ColumnFamilyInputFormat in wide-row mode over a COMPACT STORAGE table
    (describe_splits_ex, get_paged_slice from a key and a column)
  * CQL 3 paging by token() over a composite partition key
  * secondary indexes with ALLOW FILTERING (on clustering columns from 2.0, on collections
    from 2.1)
  * static columns edited by CAS (2.0 on)
  * tuples of user types (2.1 on)
  * aggregates and user functions on 2.2 (functions disabled by the stock yaml)
  * user and permission administration against AllowAll authentication
  * a hierarchical counter rollup service over Thrift counters
  * consistency levels an app got wrong in CQL 3 over Thrift
  * two app instances racing one schema through Thrift and CQL 3
  * a client built against 2.2's IDL talking to each release
  * a hand-rolled Thrift client's mistakes (missing keyspace, absent fields, bad counts)
  * triggers created by an operator (2.0 on)
  * CQL 3 batches with conditions, counters and timestamps (2.0 on)
  * 2.2's JSON from a web API
  * a CQL 3 schema tool renaming a Thrift family's key and columns
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, counter_column, index_clause, index_expr)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (cadd, comp, exe, i32b, i64b, ks_cql, prep, splits_ex, cas)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY, TWO  # noqa: E402
from kit import SERIAL, LOCAL_SERIAL, LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN

sc = kit.registrar("zj_")


def ring_mask(step):
    return step.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs)), v19.set_keyspace(ks)]


def dbl(x):
    import struct
    return struct.pack(">d", x)


# ---------------------------------------------------------------- Druid deep storage
@sc("druid", "mixed", "zj_druid")
def druid():
    """Druid 0.6's cassandra-storage: the two tables its documentation has the operator make
    in CQL 3 (COMPACT STORAGE), Astyanax's ChunkedStorage writing an index zip as chunk
    columns `<key>$<n>` with its metadata row, the descriptor row with `lastmodified` and
    `descriptor` columns written through Thrift (the table's column is `lastModified`, read
    case-folded), the chunks read back, the segment killed by deleting rows, and a chunk
    column of the wrong type."""
    ks = "zj_druid"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE index_storage(key text, chunk text, value blob, "
            "PRIMARY KEY (key, chunk)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE descriptor_storage(key varchar, lastModified timestamp, "
            "descriptor varchar, PRIMARY KEY (key)) WITH COMPACT STORAGE"),
        v19.describe_keyspace(ks),
    ]
    seg = "wikipedia/2013-08-01T00:00:00.000Z_2013-08-02T00:00:00.000Z/v1/0/index.zip"
    chunks = [b"PK\x03\x04" + bytes(range(i, i + 12)) for i in range(3)]
    steps += [
        v19.batch_mutate({seg: {"index_storage": [ins("%s$%d" % (seg, i), c, 10)
                                                  for i, c in enumerate(chunks)]}}),
        v19.batch_mutate({seg: {"index_storage": [ins("$attr_objectsize", i64b(48), 10),
                                                  ins("$attr_chunksize", i32b(16), 10),
                                                  ins("$attr_chunkcount", i32b(3), 10)]}}),
        v19.batch_mutate({seg: {"descriptor_storage": [
            ins("lastmodified", i64b(1375315200000), 10),
            ins("descriptor", '{"type":"c*","key":"%s"}' % seg, 10)]}}),
        v19.batch_mutate({seg: {"descriptor_storage": [
            ins("lastModified", i64b(1375315200000), 10)]}}),
        v19.get_slice(seg, cparent("index_storage"), pred(start="$attr", finish="$attr~")),
        v19.get_slice(seg, cparent("index_storage"), pred(start=seg + "$", finish=seg + "$~",
                                                          count=2)),
        v19.get_slice(seg, cparent("descriptor_storage"), all_cols()),
        cql("SELECT key, chunk FROM index_storage WHERE key = '%s'" % seg),
        cql("SELECT * FROM descriptor_storage"),
        cql("SELECT \"lastModified\" FROM descriptor_storage"),
        v19.insert(seg, cparent("descriptor_storage"), column("lastModified", "yesterday", 11)),
        v19.insert(seg, cparent("index_storage"), column(b"", b"x", 11)),
        v19.batch_mutate({seg: {"index_storage": [mutation(deletion_=deletion(12))],
                                "descriptor_storage": [mutation(deletion_=deletion(12))]}}),
        v19.get_count(seg, cparent("index_storage"), all_cols()),
        cql("SELECT * FROM index_storage"),
    ]
    return steps


# ---------------------------------------------------------------- Heroic
@sc("heroic", "thrift", "zj_heroic")
def heroic():
    """Spotify Heroic's first metric backend on Astyanax: row keys of
    CompositeType(UTF8Type, LongType) (series id, base time), LongType offsets naming
    DoubleType samples, a range of offsets, the newest sample reversed, multiget over two
    base times, a key-range scan on RandomPartitioner by keys and by tokens, a sample of
    the wrong width, and an offset range given backwards."""
    ks = "zj_heroic"
    cf = kit.cfd(ks, "metrics", comparator_type="LongType",
                 key_validation_class="CompositeType(UTF8Type,LongType)",
                 default_validation_class="DoubleType")
    steps = kit.connect() + new_ks(ks, [cf])
    base = 1380000000000 - 1380000000000 % 4294967296
    k1, k2 = comp("cpu-host1", base), comp("cpu-host1", base + 4294967296)
    m = cparent("metrics")
    steps += [
        v19.batch_mutate({k1: {"metrics": [ins(i64b(i * 60000), dbl(0.5 + i), 10)
                                           for i in range(5)]},
                          k2: {"metrics": [ins(i64b(0), dbl(9.25), 10)]}}),
        v19.get_slice(k1, m, pred(start=i64b(60000), finish=i64b(180000), count=10000)),
        v19.get_slice(k1, m, all_cols(1, True)),
        v19.multiget_slice([k1, k2, comp("cpu-host2", base)], m,
                           pred(start=i64b(0), finish=i64b(120000))),
        v19.get_range_slices(m, pred(start="", finish="", count=1),
                             key_range(start_key=k1, end_key="", count=10)),
        v19.get_range_slices(m, pred(start="", finish="", count=1),
                             key_range(start_key=k1, end_key=k2, count=10)),
        v19.get_range_slices(m, pred(names=[]),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.insert(k1, m, column(i64b(600000), i32b(7), 11)),
        v19.insert(k1, m, column(i32b(600000), dbl(7.0), 11)),
        v19.get_slice(k1, m, pred(start=i64b(180000), finish=i64b(60000))),
        v19.get_slice(k1, m, pred(start=i64b(180000), finish=i64b(60000), reversed=True)),
        v19.insert(b"cpu-host1", m, column(i64b(0), dbl(1.0), 11)),
        v19.get_count(k1, m, all_cols(2147483647)),
    ]
    return steps


# ---------------------------------------------------------------- Spring Session
@sc("spring_session", "thrift", "zj_sess")
def spring_session():
    """A Spring Session repository on Hector: a session row of TTL'd attribute columns
    (creation time, last access, max inactive interval, serialized attributes), an expiry
    index row per minute bucket of session ids, the session touched (its TTL renewed), a
    count of live attributes, multiget_count over sessions, an attribute removed, a session
    invalidated, the expiry sweep reading a bucket, and a TTL of zero from a session that
    never expires."""
    ks = "zj_sess"
    cfs = [kit.cfd(ks, "sessions", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="BytesType"),
           kit.cfd(ks, "expirations", comparator_type="UTF8Type",
                   key_validation_class="LongType", default_validation_class="BytesType")]
    steps = kit.connect() + new_ks(ks, cfs)
    s = cparent("sessions")
    t = 1800

    def sess(sid, ts):
        return [ins("creationTime", i64b(1380000000000), ts, ttl=t),
                ins("lastAccessedTime", i64b(1380000000000 + ts), ts, ttl=t),
                ins("maxInactiveInterval", i32b(t), ts, ttl=t),
                ins("sessionAttr:user", b"\xac\xed\x00\x05t\x00\x03ann", ts, ttl=t)]
    bucket = i64b(23000000)
    steps += [
        v19.batch_mutate({"s-1": {"sessions": sess("s-1", 10)},
                          "s-2": {"sessions": sess("s-2", 10)}}, cl=QUORUM),
        v19.batch_mutate({bucket: {"expirations": [ins("s-1", b"", 10, ttl=t + 60),
                                                   ins("s-2", b"", 10, ttl=t + 60)]}}),
        v19.get_slice("s-1", s, all_cols(), cl=QUORUM),
        v19.insert("s-1", s, column("lastAccessedTime", i64b(1380000060000), 11, ttl=t),
                   cl=QUORUM),
        v19.get_count("s-1", s, all_cols()),
        v19.get_count("s-1", s, pred(start="sessionAttr:", finish="sessionAttr;")),
        v19.multiget_count(["s-1", "s-2", "s-3"], s, all_cols()),
        v19.remove("s-1", cpath("sessions", col="sessionAttr:user"), 12),
        v19.get_slice("s-1", s, pred(start="sessionAttr:", finish="sessionAttr;")),
        v19.remove("s-2", cpath("sessions"), 12),
        v19.get_slice("s-2", s, all_cols()),
        v19.get_slice(bucket, cparent("expirations"), all_cols(1000)),
        v19.multiget_slice(["s-1", "s-2"], s, pred(names=["creationTime"])),
        v19.insert("s-4", s, column("creationTime", i64b(1), 13, ttl=0)),
        v19.insert(i32b(23000000), cparent("expirations"), column("s-4", b"", 13)),
        v19.get_count("s-1", s, all_cols(-1)),
    ]
    return steps


# ---------------------------------------------------------------- Virgil
@sc("virgil", "thrift", "zj_virgil")
def virgil():
    """The Virgil REST gateway: each request sets its keyspace, `PUT /data/ks` adds the
    keyspace, `PUT /data/ks/cf` a UTF8Type family, column PUTs as inserts at the level
    of the request's header, `GET` of a column (one present, one absent), of a row as a
    slice, a `DELETE` of a column and of the row, a request for a family that does not
    exist, and a keyspace it dropped while a request was under way."""
    ks = "zj_virgil"
    cf = kit.cfd(ks, "books", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = [v19.describe_keyspaces().mask("0"),
             v19.system_add_keyspace(kit.ksd(ks)),
             v19.set_keyspace(ks), v19.system_add_column_family(cf)]
    bk = cparent("books")
    steps += [
        v19.set_keyspace(ks), v19.insert("isbn1", bk, column("title", "Dune", 10), cl=QUORUM),
        v19.set_keyspace(ks), v19.insert("isbn1", bk, column("author", "Herbert", 10)),
        v19.set_keyspace(ks), v19.get("isbn1", cpath("books", col="title")),
        v19.set_keyspace(ks), v19.get("isbn1", cpath("books", col="year")),
        v19.set_keyspace(ks), v19.get_slice("isbn1", bk, all_cols(1000)),
        v19.set_keyspace(ks), v19.remove("isbn1", cpath("books", col="author"), 11),
        v19.set_keyspace(ks), v19.get_slice("isbn1", bk, all_cols(1000)),
        v19.set_keyspace(ks), v19.get("isbn1", cpath("magazines", col="title")),
        v19.set_keyspace(ks), v19.get("isbn1", cpath("books")),
        v19.set_keyspace(ks), v19.remove("isbn1", cpath("books"), 12),
        v19.set_keyspace(ks), v19.get_slice("isbn1", bk, all_cols(1000)),
        v19.set_keyspace("zj_virgil2"),
        v19.system_drop_keyspace(ks),
        v19.insert("isbn2", bk, column("title", "Emma", 13)),
        v19.set_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax withCql
@sc("astyanax_cql", "cql3", "zj_acql")
def astyanax_cql():
    """Astyanax 1.56's CQL 3 path: `withCql(...).asPreparedStatement()` prepared on each
    call, values from its serializers (a LongSerializer for an int column, an
    IntegerSerializer for a bigint, a UUID as text, an empty ByteBuffer), `useCql3()`
    reads, and a statement prepared with a keyspace-qualified table name."""
    ks = "zj_acql"
    ins_q = "INSERT INTO users (id, name, age, visits) VALUES (?, ?, ?, ?)"
    sel_q = "SELECT name, age, visits FROM users WHERE id = ?"
    q3 = "SELECT * FROM zj_acql.users WHERE id = ?"
    uid = "5e1f0e6a-2b4b-11e3-8224-0800200c9a66"
    import uuid as _u
    ub = _u.UUID(uid).bytes
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE users (id uuid PRIMARY KEY, name text, age int, visits bigint)"),
        prep(ins_q),
        exe(ks, ins_q, [ub, "ann", i32b(31), i64b(4)]),
        prep(ins_q),
        exe(ks, ins_q, [ub, "ann", i64b(31), i64b(4)]),
        exe(ks, ins_q, [ub, "ann", i32b(31), i32b(4)]),
        exe(ks, ins_q, [uid, "ann", i32b(31), i64b(4)]),
        exe(ks, ins_q, [ub, b"", b"", b""]),
        prep(sel_q),
        exe(ks, sel_q, [ub]),
        exe(ks, sel_q, [ub[:8]]),
        prep(q3),
        exe(ks, q3, [ub]),
        exe(ks, q3, []),
        cql("SELECT * FROM users WHERE id = %s" % uid),
        cql("SELECT * FROM users WHERE id = '%s'" % uid),
    ]
    return steps


# ---------------------------------------------------------------- node interpolation
@sc("node_interp", "cql3", "zj_node")
def node_interp():
    """A Node app that formatted its values into CQL 3 itself, as node-cassandra-cql's
    `?` substitution did before prepared statements: strings quoted with doubled quotes,
    numbers, booleans, a Date as milliseconds and as an ISO string, a Buffer as 0x hex, an
    array as a list literal and an object as a map, `null` for undefined, a trailing
    semicolon, and the quoting mistakes (double quotes, a JS number into a text column,
    NaN and Infinity)."""
    ks = "zj_node"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE posts (id int PRIMARY KEY, title text, draft boolean, at timestamp, "
            "body blob, tags list<text>, meta map<text, text>, score double)"),
        cql("INSERT INTO posts (id, title, draft, at, body, tags, meta, score) VALUES (1, "
            "'It''s here', false, 1380000000000, 0x48656c6c6f, ['a', 'b'], {'k': 'v'}, 1.5);"),
        cql("INSERT INTO posts (id, title, at) VALUES (2, 'Second', '2013-09-24 10:00:00+0000')"),
        cql("INSERT INTO posts (id, title, draft) VALUES (3, null, true)"),
        cql("SELECT id, title, draft, at, body, tags, meta, score FROM posts "
            "WHERE id IN (1, 2, 3)"),
        cql("INSERT INTO posts (id, title) VALUES (4, \"quoted\")"),
        cql("INSERT INTO posts (id, title) VALUES (4, 42)"),
        cql("INSERT INTO posts (id, score) VALUES (4, NaN)"),
        cql("INSERT INTO posts (id, score) VALUES (4, Infinity)"),
        cql("INSERT INTO posts (id, score) VALUES (4, -Infinity)"),
        cql("INSERT INTO posts (id, at) VALUES (4, '2013-13-45')"),
        cql("INSERT INTO posts (id, body) VALUES (4, 'Hello')"),
        cql("INSERT INTO posts (id, draft) VALUES (4, 'false')"),
        cql("INSERT INTO posts (id, tags) VALUES (4, ['a', 1])"),
        cql("INSERT INTO posts (id, meta) VALUES (4, {'k': null})"),
        cql("INSERT INTO posts (id, title) VALUES (undefined, 'x')"),
        cql("SELECT * FROM posts WHERE id = 4;;"),
        cql("SELECT score FROM posts WHERE id = 4"),
    ]
    return steps


# ---------------------------------------------------------------- cql-rb
@sc("cqlrb_prepared", "cql3", "zj_rb")
def cqlrb_prepared():
    """cql-rb 1.x's prepared statements over Thrift: a statement prepared once and executed
    many times, the table dropped and recreated under it (the old id executed, then
    re-prepared), a statement executed with too few and too many values, a prepare of a
    table that does not exist yet, a prepare with a syntax error, and a statement id
    from another keyspace."""
    ks = "zj_rb"
    ins_q = "INSERT INTO events (day, seq, what) VALUES (?, ?, ?)"
    sel_q = "SELECT seq, what FROM events WHERE day = ? AND seq > ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        prep(ins_q),
        cql("CREATE TABLE events (day text, seq int, what text, PRIMARY KEY (day, seq))"),
        prep(ins_q),
        exe(ks, ins_q, ["d1", i32b(1), "boot"]),
        exe(ks, ins_q, ["d1", i32b(2), "login"]),
        exe(ks, ins_q, ["d1", i32b(3)]),
        exe(ks, ins_q, ["d1", i32b(3), "x", "y"]),
        prep(sel_q),
        exe(ks, sel_q, ["d1", i32b(1)]),
        cql("DROP TABLE events"),
        exe(ks, sel_q, ["d1", i32b(1)]),
        cql("CREATE TABLE events (day text, seq int, what text, PRIMARY KEY (day, seq))"),
        exe(ks, sel_q, ["d1", i32b(0)]),
        prep(sel_q),
        exe(ks, sel_q, ["d1", i32b(0)]),
        prep("SELEC * FROM events"),
        prep("SELECT * FROM events WHERE day = ? AND what = ?"),
        prep("INSERT INTO events (day, seq, what) VALUES (?, ?, ?) USING TTL ?"),
        exe(ks, "INSERT INTO events (day, seq, what) VALUES (?, ?, ?) USING TTL ?",
            ["d2", i32b(1), "tmp", i32b(0)]),
        exe("system", sel_q, ["d1", i32b(0)]),
        exe(ks, sel_q, [b"", b""]),
    ]
    return steps


# ---------------------------------------------------------------- ColumnFamilyInputFormat
@sc("cfif_wide", "thrift", "zj_cfif")
def cfif_wide():
    """Hadoop's ColumnFamilyInputFormat in wide-row mode over a COMPACT STORAGE table written
    by CQL 3 (USING TIMESTAMP): the ring, splits by describe_splits_ex, the record reader's
    get_paged_slice from the split's first token and again from the last key and column
    it saw, a narrow-row scan by tokens with a column slice, a page from a column past a
    row's end, and pages with zero and negative counts."""
    ks = "zj_cfif"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE clicks (site text, at int, url text, PRIMARY KEY (site, at)) "
            "WITH COMPACT STORAGE"),
    ]
    for site in ("a.com", "b.org", "c.net"):
        for at in range(1, 5):
            steps.append(cql("INSERT INTO clicks (site, at, url) VALUES ('%s', %d, '/p%d') "
                             "USING TIMESTAMP 1000" % (site, at, at)))
    steps += [
        ring_mask(v19.describe_ring(ks)),
        splits_ex("clicks", MIN_TOKEN, MIN_TOKEN, 65536),
        v19.get_paged_slice("clicks", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                count=5), ""),
        v19.get_paged_slice("clicks", key_range(start_key=kit.md5_token("a.com"),
                                                end_token=MIN_TOKEN, count=5), ""),
        v19.get_paged_slice("clicks", key_range(start_key="b.org", end_key="", count=5),
                            i32b(2)),
        v19.get_paged_slice("clicks", key_range(start_key="b.org", end_key="", count=5),
                            i32b(9)),
        v19.get_range_slices(cparent("clicks"), pred(start=i32b(2), finish=i32b(3)),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=10)),
        v19.get_paged_slice("clicks", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                count=0), ""),
        v19.get_paged_slice("clicks", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                count=-1), ""),
        v19.get_paged_slice("clicks", key_range(start_token=MIN_TOKEN, end_token="0",
                                                count=5), "x"),
        v19.get_paged_slice("nosuch", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                count=5), ""),
        splits_ex("nosuch", MIN_TOKEN, MIN_TOKEN, 65536),
    ]
    return steps


# ---------------------------------------------------------------- token paging
@sc("token_pages", "cql3", "zj_tok")
def token_pages():
    """A CQL 3 exporter paging by token() over a composite partition key: the first page,
    the next from the last row's token (by a literal and by a bind), token() compared with
    a string, over only part of the key, in the wrong order, token ranges with LIMIT and
    an empty range, and the key columns selected with their token."""
    ks = "zj_tok"
    nxt = "SELECT tenant, day, n FROM hits WHERE token(tenant, day) > token(?, ?) LIMIT 2"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE hits (tenant text, day int, n int, PRIMARY KEY ((tenant, day)))"),
    ]
    for t in ("acme", "zeta"):
        for d in (1, 2, 3):
            steps.append(cql("INSERT INTO hits (tenant, day, n) VALUES ('%s', %d, %d)"
                             % (t, d, d * 10)))
    steps += [
        cql("SELECT tenant, day, n, token(tenant, day) FROM hits LIMIT 3"),
        cql("SELECT tenant, day FROM hits WHERE token(tenant, day) > token('acme', 1) LIMIT 2"),
        prep(nxt),
        exe(ks, nxt, ["zeta", i32b(2)]),
        exe(ks, nxt, ["zeta", i64b(2)]),
        cql("SELECT * FROM hits WHERE token(tenant, day) > 'acme'"),
        cql("SELECT * FROM hits WHERE token(tenant) > token('acme')"),
        cql("SELECT * FROM hits WHERE token(day, tenant) > token(1, 'acme')"),
        cql("SELECT * FROM hits WHERE token(tenant, day) >= %s AND token(tenant, day) < %s "
            "LIMIT 10" % (MIN_TOKEN, "0")),
        cql("SELECT * FROM hits WHERE token(tenant, day) > 0 AND token(tenant, day) < 0"),
        cql("SELECT * FROM hits WHERE token(tenant, day) = token('acme', 2)"),
        cql("SELECT * FROM hits WHERE tenant = 'acme'"),
        cql("SELECT * FROM hits WHERE tenant = 'acme' AND day = 2 AND "
            "token(tenant, day) > token('acme', 1)"),
    ]
    return steps


# ---------------------------------------------------------------- index search
@sc("index_search", "cql3", "zj_idx")
def index_search():
    """Secondary indexes of a product search: an index on a regular column queried alone,
    with a second restriction (refused without ALLOW FILTERING), with ALLOW FILTERING, an
    index on a clustering column (2.0 on) and on a collection's values and keys (2.1 on,
    CONTAINS and CONTAINS KEY), an index on the partition key, on a counter, a range on
    the indexed column, and the index dropped under a query."""
    ks = "zj_idx"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE products (shop text, sku text, colour text, price int, "
            "tags set<text>, attrs map<text, text>, PRIMARY KEY (shop, sku))"),
        cql("CREATE INDEX products_colour ON products (colour)"),
        # (every index made before the rows: an index built over existing rows answers
        # while it builds, empty or timed out)
        cql("CREATE INDEX ON products (sku)"),
        cql("CREATE INDEX ON products (tags)"),
        cql("CREATE INDEX ON products (KEYS(attrs))"),
    ]
    rows = [("s1", "a1", "red", 10), ("s1", "a2", "blue", 20), ("s2", "b1", "red", 30)]
    for shop, sku, colour, price in rows:
        steps.append(cql("INSERT INTO products (shop, sku, colour, price, tags, attrs) VALUES "
                         "('%s', '%s', '%s', %d, {'new'}, {'size': 'L'})"
                         % (shop, sku, colour, price)))
    steps += [
        cql("SELECT shop, sku FROM products WHERE colour = 'red'"),
        cql("SELECT shop, sku FROM products WHERE colour = 'red' AND price > 15"),
        cql("SELECT shop, sku FROM products WHERE colour = 'red' AND price > 15 "
            "ALLOW FILTERING"),
        cql("SELECT shop, sku FROM products WHERE colour = 'red' AND shop = 's1'"),
        cql("SELECT shop, sku FROM products WHERE colour > 'a' ALLOW FILTERING"),
        cql("SELECT shop, sku FROM products WHERE price = 10"),
        cql("SELECT shop, price FROM products WHERE sku = 'a2'") if VER >= (2, 0) else None,
        cql("SELECT sku FROM products WHERE tags CONTAINS 'new'") if VER >= (2, 1) else None,
        cql("SELECT sku FROM products WHERE attrs CONTAINS KEY 'size'")
        if VER >= (2, 1) else None,
        cql("CREATE INDEX ON products (shop)"),
        cql("CREATE TABLE likes (sku text PRIMARY KEY, n counter)"),
        cql("CREATE INDEX ON likes (n)"),
        cql("DROP INDEX products_colour"),
        cql("SELECT shop, sku FROM products WHERE colour = 'red'"),
        cql("DROP INDEX products_colour"),
    ]
    return steps


# ---------------------------------------------------------------- static CAS
@sc("static_cas", "cql3", "zj_stcas", when=VER >= (2, 0))
def static_cas():
    """An account ledger on 2.0's static columns changed by CAS: the balance a static column
    set IF NOT EXISTS by partition key alone, a debit conditional on the balance, a stale
    condition, a row and the static together in one conditional batch, a condition on a
    regular column with only the partition key, and a static column in a table without
    clustering columns."""
    ks = "zj_stcas"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE ledger (acct text, seq int, amount int, balance int static, "
            "owner text static, PRIMARY KEY (acct, seq))"),
        cql("INSERT INTO ledger (acct, balance, owner) VALUES ('a1', 100, 'ann') IF NOT EXISTS"),
        cql("INSERT INTO ledger (acct, balance, owner) VALUES ('a1', 0, 'bob') IF NOT EXISTS"),
        cql("UPDATE ledger SET balance = 70 WHERE acct = 'a1' IF balance = 100"),
        cql("UPDATE ledger SET balance = 40 WHERE acct = 'a1' IF balance = 100"),
        cql("BEGIN BATCH "
            "INSERT INTO ledger (acct, seq, amount) VALUES ('a1', 1, -30) IF NOT EXISTS "
            "UPDATE ledger SET balance = 40 WHERE acct = 'a1' IF balance = 70 "
            "APPLY BATCH"),
        cql("SELECT acct, seq, amount, balance, owner FROM ledger WHERE acct = 'a1'"),
        cql("UPDATE ledger SET amount = 5 WHERE acct = 'a1' IF amount = 1"),
        cql("UPDATE ledger SET owner = 'cyd' WHERE acct = 'a1' AND seq = 1 IF owner = 'ann'"),
        cql("UPDATE ledger SET balance = 1 WHERE acct = 'a1' IF seq = 1"),
        cql("DELETE owner FROM ledger WHERE acct = 'a1' IF balance = 40"),
        cql("SELECT DISTINCT acct, balance, owner FROM ledger"),
        cql("CREATE TABLE flat (k text PRIMARY KEY, s int static)"),
        cql("SELECT balance FROM ledger WHERE acct = 'a1'", cl=SERIAL),
    ]
    return steps


# ---------------------------------------------------------------- tuples of UDTs
@sc("tuple_udt", "cql3", "zj_tup", when=VER >= (2, 1))
def tuple_udt():
    """A shipping service on 2.1's types: a user type for an address, a tuple of
    (label, frozen address), a list of such tuples, written as literals and read back,
    a field added to the type by ALTER TYPE and the old rows read, a non-frozen type
    inside a tuple, a tuple of the wrong arity, and a type dropped while in use."""
    ks = "zj_tup"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE address (street text, city text, zip int)"),
        cql("CREATE TABLE shipments (id int PRIMARY KEY, dest tuple<text, frozen<address>>, "
            "stops list<frozen<tuple<text, frozen<address>>>>)"),
        cql("INSERT INTO shipments (id, dest, stops) VALUES (1, ('home', {street: '1 Main', "
            "city: 'Oslo', zip: 150}), [('hub', {street: 'Dock 4', city: 'Bergen', "
            "zip: 5003})])"),
        cql("SELECT dest, stops FROM shipments WHERE id = 1"),
        cql("ALTER TYPE address ADD country text"),
        cql("SELECT dest FROM shipments WHERE id = 1"),
        cql("UPDATE shipments SET dest = ('work', {street: '2 Side', city: 'Oslo', zip: 151, "
            "country: 'NO'}) WHERE id = 2"),
        cql("SELECT * FROM shipments"),
        cql("CREATE TABLE bad1 (id int PRIMARY KEY, t tuple<text, address>)"),
        cql("UPDATE shipments SET dest = ('x', {street: 's'}, 3) WHERE id = 3"),
        cql("UPDATE shipments SET dest = ('x') WHERE id = 3"),
        cql("UPDATE shipments SET stops = stops + [('y', {zip: 1})] WHERE id = 1"),
        cql("SELECT stops FROM shipments WHERE id = 1"),
        cql("DROP TYPE address"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2 aggregates
@sc("aggregates22", "cql3", "zj_agg", when=VER >= (2, 2))
def aggregates22():
    """A billing report on 2.2's aggregates: count, min, max, sum and avg over int, bigint,
    varint, decimal and double columns of a partition, an aggregate of an empty partition,
    aggregates with LIMIT, a user function and a user aggregate (refused: the stock yaml
    disables user functions), the system functions named with their keyspace, and an
    aggregate over a column it has no overload for."""
    ks = "zj_agg"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE charges (cust text, n int, cents int, big bigint, vi varint, "
            "amt decimal, rate double, note text, PRIMARY KEY (cust, n))"),
    ]
    for n in range(1, 5):
        steps.append(cql("INSERT INTO charges (cust, n, cents, big, vi, amt, rate, note) VALUES "
                         "('c1', %d, %d, %d, %d, %d.25, %d.5, 'n%d')"
                         % (n, n * 100, n * 10000000000, n * 7, n, n, n)))
    steps += [
        cql("SELECT count(*), min(cents), max(cents), sum(cents), avg(cents) FROM charges "
            "WHERE cust = 'c1'"),
        cql("SELECT sum(big), avg(big), sum(vi), avg(vi) FROM charges WHERE cust = 'c1'"),
        cql("SELECT sum(amt), avg(amt), sum(rate), avg(rate) FROM charges WHERE cust = 'c1'"),
        cql("SELECT count(*), max(cents), sum(cents) FROM charges WHERE cust = 'c9'"),
        cql("SELECT count(1), min(note), max(note) FROM charges WHERE cust = 'c1' LIMIT 2"),
        cql("SELECT sum(note) FROM charges WHERE cust = 'c1'"),
        cql("SELECT system.max(cents), system.count(cents) FROM charges WHERE cust = 'c1'"),
        cql("SELECT n, sum(cents) FROM charges WHERE cust = 'c1'"),
        cql("CREATE FUNCTION cents_add (s int, v int) CALLED ON NULL INPUT RETURNS int "
            "LANGUAGE java AS 'return s + v;'"),
        cql("CREATE AGGREGATE total (int) SFUNC cents_add STYPE int INITCOND 0"),
        cql("SELECT total(cents) FROM charges WHERE cust = 'c1'"),
        cql("DROP FUNCTION cents_add"),
        cql("SELECT avg(cents) FROM charges"),
    ]
    return steps


# ---------------------------------------------------------------- auth administration
@sc("auth_admin", "cql3", "zj_auth")
def auth_admin():
    """An operator's provisioning script run against a node left on AllowAllAuthenticator
    and AllowAllAuthorizer: CREATE USER, LIST USERS, ALTER USER, GRANT and LIST
    PERMISSIONS, REVOKE, DROP USER, and on 2.2 CREATE ROLE and GRANT of a role; then
    login through Thrift with credentials."""
    ks = "zj_auth"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE secrets (k text PRIMARY KEY, v text)"),
        cql("CREATE USER app WITH PASSWORD 'pw' NOSUPERUSER"),
        cql("LIST USERS"),
        cql("ALTER USER app WITH PASSWORD 'pw2'"),
        cql("GRANT SELECT ON TABLE secrets TO app"),
        cql("GRANT ALL ON KEYSPACE zj_auth TO app"),
        cql("LIST ALL PERMISSIONS OF app"),
        cql("REVOKE SELECT ON secrets FROM app"),
        cql("DROP USER app"),
        cql("DROP USER IF EXISTS app") if VER >= (2, 0) else None,
        cql("CREATE ROLE ops WITH LOGIN = true AND PASSWORD = 'x'") if VER >= (2, 2) else None,
        cql("GRANT ops TO app") if VER >= (2, 2) else None,
        cql("LIST ROLES") if VER >= (2, 2) else None,
        v19.login({"username": "app", "password": "pw"}),
        cql("SELECT * FROM secrets"),
    ]
    return steps


# ---------------------------------------------------------------- counter rollups
@sc("counter_rollup", "thrift", "zj_roll")
def counter_rollup():
    """A hierarchical counter rollup service over Thrift counters: one add per level
    (minute, hour, day rows of UTF8Type event names) in a batch, reads of a day row and a
    multiget of hours, a decrement, remove_counter of an event, the mistakes (ANY on a
    counter write, an insert of a plain column, an add to a non-counter family, a counter
    deletion carrying a timestamp in a batch, a count of counters)."""
    ks = "zj_roll"
    cfs = [kit.cfd(ks, "rollups", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType"),
           kit.cfd(ks, "plain", comparator_type="UTF8Type", key_validation_class="UTF8Type")]
    steps = kit.connect() + new_ks(ks, cfs)
    r = cparent("rollups")
    levels = ["m:2013-09-24T10:01", "h:2013-09-24T10", "d:2013-09-24"]
    steps += [
        v19.batch_mutate({lv: {"rollups": [cadd("signup", 1), cadd("login", 3)]}
                          for lv in levels}),
        v19.batch_mutate({levels[2]: {"rollups": [cadd("login", 2)]}}),
        v19.get_slice(levels[2], r, all_cols()),
        v19.multiget_slice(levels[:2] + ["h:2013-09-24T11"], r, pred(names=["login"])),
        v19.add(levels[2], r, counter_column("signup", -1)),
        v19.get(levels[2], cpath("rollups", col="signup")),
        v19.remove_counter(levels[0], cpath("rollups", col="login")),
        v19.get_slice(levels[0], r, all_cols()),
        v19.add(levels[2], r, counter_column("signup", 1), cl=ANY),
        v19.insert(levels[2], r, column("signup", i64b(5), 10)),
        v19.add("x", cparent("plain"), counter_column("n", 1)),
        v19.batch_mutate({levels[1]: {"rollups": [mutation(deletion_=deletion(
            10, predicate=pred(names=["login"])))]}}),
        v19.batch_mutate({levels[1]: {"rollups": [mutation(deletion_=deletion(
            None, predicate=pred(names=["login"])))]}}),
        v19.get_count(levels[2], r, all_cols()),
        v19.get_range_slices(r, pred(names=["signup"]), everything()),
        v19.add(levels[2], r, counter_column("signup", 1), cl=ALL),
        v19.add(levels[2], r, counter_column("signup", 1), cl=TWO),
    ]
    return steps


# ---------------------------------------------------------------- consistency mistakes
@sc("cl_mistakes", "cql3", "zj_cl")
def cl_mistakes():
    """Consistency levels an app got wrong over execute_cql3_query on a one-node
    SimpleStrategy cluster: ANY for a read and a write, SERIAL for a plain write and read
    (2.0 on for reads), EACH_QUORUM and LOCAL_QUORUM, TWO, an unknown level number, and
    LOCAL_ONE where the release had it."""
    ks = "zj_cl"
    w = "INSERT INTO kv (k, v) VALUES ('a', 'b') USING TIMESTAMP 1000"
    r = "SELECT v FROM kv WHERE k = 'a'"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE kv (k text PRIMARY KEY, v text)"),
        cql(w, cl=ANY), cql(r, cl=ANY),
        cql(w, cl=SERIAL) if VER >= (2, 0) else None,
        cql(r, cl=SERIAL) if VER >= (2, 0) else None,
        cql(w, cl=LOCAL_SERIAL) if VER >= (2, 0) else None,
        cql(r, cl=EACH_QUORUM), cql(w, cl=EACH_QUORUM),
        cql(r, cl=LOCAL_QUORUM),
        cql(r, cl=TWO), cql(w, cl=TWO),
        cql(r, cl=42),
        cql(r, cl=LOCAL_ONE) if VER >= (2, 0) else None,
        cql("TRUNCATE kv", cl=ANY),
        cql("CREATE TABLE kv2 (k text PRIMARY KEY)", cl=ALL),
        cql(r, cl=ALL),
    ]
    return steps


# ---------------------------------------------------------------- schema race
@sc("schema_race", "mixed", "zj_race")
def schema_race():
    """Two instances of an app starting together: both create the keyspace (one through
    Thrift, one through CQL 3), both create the table (CQL 3 and a Thrift CfDef of the same
    name), both add a column and an index, one drops a column the other is writing (2.0
    on), and both read describe_keyspace."""
    ks = "zj_race"
    cf = kit.cfd(ks, "jobs", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = [
        v19.system_add_keyspace(kit.ksd(ks)),
        ks_cql(ks),
        cql("CREATE KEYSPACE IF NOT EXISTS zj_race WITH replication = {'class': "
            "'SimpleStrategy', 'replication_factor': 1}") if VER >= (2, 0) else None,
        v19.set_keyspace(ks),
        cql("CREATE TABLE jobs (id text PRIMARY KEY, state text)"),
        v19.system_add_column_family(cf),
        cql("CREATE TABLE jobs (id text PRIMARY KEY, state text)"),
        cql("CREATE TABLE IF NOT EXISTS jobs (id text PRIMARY KEY, state text)")
        if VER >= (2, 0) else None,
        cql("ALTER TABLE jobs ADD owner text"),
        cql("ALTER TABLE jobs ADD owner text"),
        cql("ALTER TABLE jobs ADD owner int"),
        cql("CREATE INDEX jobs_state ON jobs (state)"),
        cql("CREATE INDEX jobs_state ON jobs (state)"),
        cql("CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state)") if VER >= (2, 0) else None,
        cql("CREATE INDEX jobs_state2 ON jobs (state)"),
        cql("INSERT INTO jobs (id, state, owner) VALUES ('j1', 'new', 'w1') "
            "USING TIMESTAMP 1000"),
        cql("ALTER TABLE jobs DROP owner") if VER >= (2, 0) else None,
        cql("INSERT INTO jobs (id, state, owner) VALUES ('j2', 'new', 'w2')"),
        cql("SELECT * FROM jobs"),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("jobs"),
        cql("DROP TABLE jobs"),
        cql("DROP TABLE IF EXISTS jobs") if VER >= (2, 0) else None,
    ]
    return steps


# ---------------------------------------------------------------- later IDL
@sc("later_idl", "thrift", "zj_later")
def later_idl():
    """A client generated from 2.2's IDL talking to each release: a CfDef with 2.0's and
    2.1's fields (default TTL, speculative retry, memtable flush period, index intervals,
    cells per row to cache), a KsDef with durable_writes off, LOCAL_ONE reads, cas,
    get_multi_slice and describe_local_ring, and the removed 1.2 fields
    (replicate_on_write, populate_io_cache_on_flush) it still set."""
    ks = "zj_later"
    cf = kit.cfd_later(ks, "items", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                       default_validation_class="UTF8Type", default_time_to_live=86400,
                       speculative_retry="NONE", memtable_flush_period_in_ms=3600000,
                       caching="KEYS_ONLY")
    cf["f"].update({"44": b("NONE"), "45": W.i32(128), "46": W.i32(2048)})
    cf2 = kit.cfd_later(ks, "old", comparator_type="UTF8Type", replicate_on_write=True,
                        populate_io_cache_on_flush=False)
    steps = [kit.describe_version(),
             v19.system_add_keyspace(kit.ksd(ks, [], durable=False)),
             v19.set_keyspace(ks),
             v19.system_add_column_family(cf),
             v19.system_add_column_family(cf2),
             v19.describe_keyspace(ks),
             v19.insert("i1", cparent("items"), column("a", "1", 10)),
             v19.get_slice("i1", cparent("items"), all_cols(), cl=LOCAL_ONE)
             if VER >= (1, 2, 11) else None,
             cas("i2", "items", [], [column("owner", "ann", 11)]),
             kit.multi_slice("i1", "items", [("a", "b")]),
             ring_mask(D.raw("describe_local_ring", {1: b(ks)})),
             v19.get_slice("i1", cparent("items"), all_cols())]
    return steps


# ---------------------------------------------------------------- hand-rolled client
@sc("handrolled", "thrift", "zj_hand")
def handrolled():
    """A hand-rolled Thrift client's first day: calls before set_keyspace, a keyspace that
    does not exist, calls with the column parent, the key or the predicate left out, a
    slice count of zero and of two billion, a key of 70000 bytes, a column name of
    70000 bytes, an insert without a timestamp, and a batch with an empty mutation."""
    ks = "zj_hand"
    cf = kit.cfd(ks, "things", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = [
        v19.get_slice("k", cparent("things"), all_cols()),
        v19.set_keyspace("zj_nohand"),
    ] + new_ks(ks, [cf]) + [
        v19.insert("k", cparent("things"), column("a", "1", 10)),
        D.raw("get_slice", {1: b("k"), 3: all_cols(), 4: W.i32(ONE)}),
        D.raw("get_slice", {2: cparent("things"), 3: all_cols(), 4: W.i32(ONE)}),
        D.raw("get_slice", {1: b("k"), 2: cparent("things"), 4: W.i32(ONE)}),
        D.raw("get_slice", {1: b("k"), 2: cparent("things"), 3: all_cols()}),
        v19.get_slice("k", cparent("things"), all_cols(0)),
        v19.get_slice("k", cparent("things"), all_cols(2000000000)),
        v19.get_slice("k", cparent("things"), pred()),
        v19.insert("k" * 70000, cparent("things"), column("a", "1", 10)),
        v19.insert("k", cparent("things"), column("n" * 70000, "1", 10)),
        v19.insert("k", cparent("things"), column("b", "2", None)),
        v19.batch_mutate({"k": {"things": [D.mutation()]}}),
        v19.batch_mutate({"k": {"things": []}}),
        v19.batch_mutate({"k": {"nothings": [ins("a", "1", 10)]}}),
        v19.get_range_slices(cparent("things"), all_cols(), key_range(count=10)),
        v19.get_range_slices(cparent("things"), all_cols(),
                             key_range(start_key="", end_key="", start_token=MIN_TOKEN,
                                       count=10)),
        v19.get_indexed_slices(cparent("things"), index_clause(
            [index_expr("a", 0, "1")]), all_cols()),
        v19.get_slice("k", cparent("things"), all_cols()),
    ]
    return steps


# ---------------------------------------------------------------- triggers
@sc("triggers", "mixed", "zj_trig", when=VER >= (2, 0))
def triggers():
    """An operator adding an audit trigger (2.0 on): CREATE TRIGGER naming a class the node
    does not have, a trigger on a missing table, DROP TRIGGER of one that does not exist,
    and a Thrift CfDef naming a trigger in its `triggers` list."""
    ks = "zj_trig"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, total int)"),
        cql("CREATE TRIGGER audit ON orders USING 'org.example.AuditTrigger'"),
        cql("CREATE TRIGGER audit ON nosuch USING 'org.example.AuditTrigger'"),
        cql("DROP TRIGGER audit ON orders"),
        cql("DROP TRIGGER IF EXISTS audit ON orders"),
    ]
    cf = kit.cfd(ks, "payments", comparator_type="UTF8Type")
    trig = W.struct({1: b("audit"), 2: kit.strmap({"class": "org.example.AuditTrigger"})})
    cf["f"].update({"43": W.list_("struct", [trig])})
    steps += [v19.system_add_column_family(cf), v19.describe_keyspace(ks)]
    return steps


# ---------------------------------------------------------------- conditional batches
@sc("batch_cond", "cql3", "zj_bcond", when=VER >= (2, 0))
def batch_cond():
    """CQL 3 batches of a booking service (2.0 on): a conditional batch on one partition,
    conditions across two partitions and two tables (refused), a conditional batch with
    USING TIMESTAMP, a counter batch, counters in a logged batch, an UNLOGGED batch, and
    an empty batch."""
    ks = "zj_bcond"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE seats (show text, seat text, who text, PRIMARY KEY (show, seat))"),
        cql("CREATE TABLE sold (show text PRIMARY KEY, n counter)"),
        cql("BEGIN BATCH INSERT INTO seats (show, seat, who) VALUES ('s1', 'a1', 'ann') "
            "IF NOT EXISTS INSERT INTO seats (show, seat, who) VALUES ('s1', 'a2', 'ann') "
            "IF NOT EXISTS APPLY BATCH"),
        cql("BEGIN BATCH UPDATE seats SET who = 'bob' WHERE show = 's1' AND seat = 'a1' "
            "IF who = 'bob' INSERT INTO seats (show, seat, who) VALUES ('s1', 'a3', 'bob') "
            "APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO seats (show, seat, who) VALUES ('s1', 'b1', 'cyd') "
            "IF NOT EXISTS INSERT INTO seats (show, seat, who) VALUES ('s2', 'b1', 'cyd') "
            "IF NOT EXISTS APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 1000 INSERT INTO seats (show, seat, who) VALUES "
            "('s1', 'c1', 'dan') IF NOT EXISTS APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO seats (show, seat, who) VALUES ('s1', 'c1', 'dan') "
            "IF NOT EXISTS UPDATE sold SET n = n + 1 WHERE show = 's1' APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE sold SET n = n + 2 WHERE show = 's1' "
            "UPDATE sold SET n = n + 1 WHERE show = 's2' APPLY BATCH"),
        cql("BEGIN BATCH UPDATE sold SET n = n + 1 WHERE show = 's1' APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH INSERT INTO seats (show, seat, who) VALUES ('s3', 'a1', "
            "'eve') INSERT INTO seats (show, seat, who) VALUES ('s4', 'a1', 'eve') APPLY BATCH"),
        cql("BEGIN BATCH APPLY BATCH"),
        cql("SELECT seat, who FROM seats WHERE show = 's1'"),
        cql("SELECT * FROM sold"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2 JSON
@sc("json_api", "cql3", "zj_json", when=VER >= (2, 2))
def json_api():
    """A web API on 2.2's JSON: INSERT JSON of a document with a set, a map and a
    timestamp as a string, SELECT JSON of rows, toJson() of a column, fromJson() in an
    UPDATE, keys quoted for a case-sensitive column, an unknown key, a value of the
    wrong JSON type, a missing primary key, and malformed JSON."""
    ks = "zj_json"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE docs (id int PRIMARY KEY, title text, tags set<text>, "
            "props map<text, int>, at timestamp, \"camelCase\" int)"),
        cql("INSERT INTO docs JSON '{\"id\": 1, \"title\": \"a\", \"tags\": [\"x\", \"y\"], "
            "\"props\": {\"w\": 3}, \"at\": \"2015-06-01 10:00:00+0000\", "
            "\"\\\"camelCase\\\"\": 7}'"),
        cql("SELECT JSON * FROM docs"),
        cql("SELECT JSON id, title FROM docs WHERE id = 1"),
        cql("SELECT toJson(tags), toJson(props) FROM docs WHERE id = 1"),
        cql("UPDATE docs SET props = fromJson('{\"q\": 1}') WHERE id = 1"),
        cql("SELECT props FROM docs WHERE id = 1"),
        cql("INSERT INTO docs JSON '{\"id\": 2, \"camelCase\": 1}'"),
        cql("INSERT INTO docs JSON '{\"id\": 2, \"nope\": 1}'"),
        cql("INSERT INTO docs JSON '{\"id\": \"two\"}'"),
        cql("INSERT INTO docs JSON '{\"title\": \"no key\"}'"),
        cql("INSERT INTO docs JSON '{\"id\": 3, '"),
        cql("INSERT INTO docs JSON '{\"id\": 3, \"props\": {\"w\": \"x\"}}'"),
        cql("SELECT JSON title, at FROM docs WHERE id = 1"),
    ]
    return steps


# ---------------------------------------------------------------- rename a Thrift family
@sc("rename_thrift", "mixed", "zj_ren")
def rename_thrift():
    """A CQL 3 schema tool adopting a family made through Thrift: the family with column
    metadata made by system_add_column_family, seen in CQL 3 as key/column1/value, its key
    and clustering names renamed by ALTER TABLE RENAME, a declared column's type changed,
    a rename of a regular column (refused), the renamed names in SELECTs, and
    describe_keyspace showing what changed."""
    ks = "zj_ren"
    cf = kit.cfd(ks, "profiles", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type",
                 column_metadata=[kit.coldef("email", "UTF8Type"),
                                  kit.coldef("age", "Int32Type")])
    wide = kit.cfd(ks, "visits", comparator_type="LongType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")
    steps = new_ks(ks, [cf, wide]) + [
        v19.batch_mutate({"u1": {"profiles": [ins("email", "a@x", 10), ins("age", i32b(30), 10),
                                              ins("nick", "annie", 10)],
                                 "visits": [ins(i64b(5), "/", 10), ins(i64b(9), "/a", 10)]}}),
        cql("SELECT * FROM profiles"),
        cql("SELECT * FROM visits"),
        cql("ALTER TABLE profiles RENAME key TO user_id"),
        cql("ALTER TABLE visits RENAME key TO user_id AND column1 TO at"),
        cql("ALTER TABLE visits RENAME value TO page") if VER >= (2, 0) else None,
        cql("ALTER TABLE profiles RENAME email TO mail"),
        cql("ALTER TABLE profiles ALTER age TYPE varint"),
        cql("ALTER TABLE profiles ALTER age TYPE text"),
        cql("SELECT user_id, email, age FROM profiles"),
        cql("SELECT * FROM visits WHERE user_id = 'u1' AND at > 5"),
        v19.describe_keyspace(ks),
        v19.get_slice("u1", cparent("visits"), all_cols()),
    ]
    return steps
