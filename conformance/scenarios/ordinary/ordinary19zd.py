"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19 (author zd).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Astyanax 1.56's ColumnPrefixDistributedRowLock recipe (lock columns with TTLs at QUORUM)
  * Astyanax's ChunkedStorage object store (chunk rows, a metadata row, deletes)
  * Astyanax's uniqueness constraint and reverse index recipes
  * Astyanax's AllRowsReader (ring, token ranges, key pages, keys only)
  * Kundera 2.5 in CQL 3 mode (quoted upper-case names, ALLOW FILTERING, indexes)
  * Go gossie (CompositeType mappings, cursor pages by composite bounds)
  * Node helenus (client-side quoted CQL 3, its ColumnFamily API with TTLs)
  * Perl Cassandra::Lite (QUORUM everyday calls on a UTF8Type family)
  * .NET Cassandra-Sharp (CQL 3 at LOCAL_QUORUM / EACH_QUORUM on NetworkTopologyStrategy)
  * a Rails app on the cassandra-cql gem (escaped literals, timestamps as text, counts)
  * a tombstone-heavy work queue in CQL 3 (pops by delete, range deletes refused)
  * collection updates of every kind (append, prepend, remove, by index, by key)
  * a lightweight-transaction registry (IF NOT EXISTS, IF col =, IF EXISTS)
  * a game lobby on 2.0's static columns
  * an address book on 2.1's user types and tuples
  * 2.2's JSON and aggregates in a reporting app
  * a CQL 3 exporter paging through token()
  * a client generated from 3.0's IDL (20.1) against these releases
  * a counter dashboard in CQL 3
  * a time series on COMPACT STORAGE with clustering slices and its Thrift view
  * an app's mistakes (no keyspace, bad prepared ids, wrong types and levels)
  * cassandra-jdbc and Hector on the same families
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
import dsl as D  # noqa: E402
from dsl import (v19, b, cf_def, ks_def, column, cparent, cpath, pred, key_range,  # noqa: E402
                 mutation, deletion, ins, index_expr, index_clause, EQ, GT)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (coll, comp, exe, i32b, i64b, ks_cql, multi_slice, prep, splits_ex)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import ONE, QUORUM, ALL, ANY  # noqa: E402
from kit import SERIAL, LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM, EACH_QUORUM = D.LOCAL_QUORUM, D.EACH_QUORUM
MIN_TOKEN = kit.MIN_TOKEN

sc = kit.registrar("zd_")


def ring_mask(step):
    return step.mask("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def dels(key, cf, names, t):
    return v19.batch_mutate({key: {cf: [mutation(deletion_=deletion(t, predicate=pred(
        names=names)))]}})


# ---------------------------------------------------------------- Astyanax row lock
@sc("row_lock", "thrift", "zd_lock")
def row_lock():
    """ColumnPrefixDistributedRowLock: a lock column `_LOCK_<id>` written with a TTL at
    QUORUM, the row's lock columns read back at QUORUM, a second contender's column seen and
    withdrawn, the lock released in the batch that writes the data, a stale lock expired."""
    ks = "zd_lock"
    cf = kit.cfd(ks, "Locks", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType")
    steps = [v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks)]
    steps += [
        v19.batch_mutate({"acct-1": {"Locks": [ins("_LOCK_aaaa", i64b(5000), 10, ttl=60)]}},
                         cl=QUORUM),
        v19.get_slice("acct-1", cparent("Locks"), pred(start="_LOCK_", finish="_LOCK_\xff"),
                      cl=QUORUM),
        v19.batch_mutate({"acct-1": {"Locks": [ins("_LOCK_bbbb", i64b(5001), 11, ttl=60)]}},
                         cl=QUORUM),
        v19.get_slice("acct-1", cparent("Locks"), pred(start="_LOCK_", finish="_LOCK_\xff"),
                      cl=QUORUM).mask("0/*/1/4"),
        v19.get_count("acct-1", cparent("Locks"), pred(start="_LOCK_", finish="_LOCK_\xff"),
                      cl=QUORUM),
        dels("acct-1", "Locks", ["_LOCK_bbbb"], 12),
        v19.batch_mutate({"acct-1": {"Locks": [
            mutation(deletion_=deletion(13, predicate=pred(names=["_LOCK_aaaa"]))),
            ins("balance", "100", 13), ins("owner", "ann", 13)]}}, cl=QUORUM),
        v19.get_slice("acct-1", cparent("Locks"), pred(start="", finish=""), cl=QUORUM),
        v19.batch_mutate({"acct-2": {"Locks": [ins("_LOCK_cccc", i64b(1), 10, ttl=1)]}},
                         cl=ALL),
        v19.batch_mutate({"acct-3": {"Locks": [ins("_LOCK_dddd", i64b(1), 10, ttl=0)]}},
                         cl=QUORUM),
        v19.batch_mutate({"acct-3": {"Locks": [ins("_LOCK_dddd", i64b(1), 10, ttl=-5)]}},
                         cl=QUORUM),
        v19.batch_mutate({"acct-4": {"Locks": [ins("_LOCK_eeee", i64b(1), 10, ttl=60)]}},
                         cl=LOCAL_QUORUM),
        v19.batch_mutate({"acct-4": {"Locks": [ins("_LOCK_eeee", i64b(1), 10, ttl=60)]}},
                         cl=EACH_QUORUM),
        v19.get_slice("acct-4", cparent("Locks"), pred(start="", finish=""),
                      cl=LOCAL_QUORUM).mask("0/*/1/4"),
        v19.get_slice("acct-4", cparent("Locks"), pred(start="", finish=""),
                      cl=EACH_QUORUM),
        v19.get_slice("acct-4", cparent("Locks"), pred(start="", finish=""), cl=ANY),
        v19.remove("acct-1", cpath("Locks"), 20, cl=QUORUM),
        v19.get_slice("acct-1", cparent("Locks"), pred(start="", finish=""), cl=QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax chunked storage
@sc("chunked_store", "thrift", "zd_chunk")
def chunked_store():
    """ChunkedStorage on a BytesType family: chunk rows `<obj>$<n>` each with a `data`
    column, a metadata row of ObjectSize/ChunkSize/ChunkCount/Attributes, reads of the
    metadata then a multiget of the chunks, a TTL'd object, deletion by rows."""
    ks = "zd_chunk"
    cf = kit.cfd(ks, "storage", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="BytesType")
    steps = [v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks)]
    chunks = [b"\x00" * 16, b"\x01" * 16, b"\x02" * 5]
    muts = {}
    for i, c in enumerate(chunks):
        muts["img.png$%d" % i] = {"storage": [ins("data", c, 10)]}
    steps.append(v19.batch_mutate(muts, cl=QUORUM))
    steps += [
        v19.batch_mutate({"img.png": {"storage": [
            ins("ObjectSize", i64b(37), 11), ins("ChunkSize", i32b(16), 11),
            ins("ChunkCount", i32b(3), 11), ins("Attributes", '{"type":"png"}', 11)]}},
            cl=QUORUM),
        v19.get_slice("img.png", cparent("storage"), pred(start="", finish=""), cl=QUORUM),
        v19.multiget_slice(["img.png$0", "img.png$1", "img.png$2", "img.png$3"],
                           cparent("storage"), pred(names=["data"]), cl=QUORUM),
        v19.get("img.png$1", cpath("storage", col="data"), cl=QUORUM),
        v19.get("img.png$9", cpath("storage", col="data"), cl=QUORUM),
        v19.batch_mutate({"tmp.bin$0": {"storage": [ins("data", b"\xff" * 4, 10, ttl=3600)]},
                          "tmp.bin": {"storage": [ins("ObjectSize", i64b(4), 10, ttl=3600),
                                                  ins("ChunkCount", i32b(1), 10, ttl=3600)]}}),
        v19.get_slice("tmp.bin", cparent("storage"), pred(start="", finish="")).mask(
            "0/*/1/4"),
        v19.multiget_count(["img.png", "tmp.bin", "none"], cparent("storage"),
                           pred(start="", finish="")),
        v19.batch_mutate({"img.png$0": {"storage": [mutation(deletion_=deletion(20))]},
                          "img.png$1": {"storage": [mutation(deletion_=deletion(20))]},
                          "img.png$2": {"storage": [mutation(deletion_=deletion(20))]},
                          "img.png": {"storage": [mutation(deletion_=deletion(20))]}},
                         cl=QUORUM),
        v19.multiget_slice(["img.png", "img.png$0", "img.png$2"], cparent("storage"),
                           pred(start="", finish=""), cl=QUORUM),
        v19.get_range_slices(cparent("storage"), pred(start="", finish="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"bad$0": {"storage": [ins("", b"x", 10)]}}),
        v19.insert("bad$0", cparent("storage"), column("data", None, 10)),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax uniqueness + reverse index
@sc("unique_reverse", "thrift", "zd_uniq")
def unique_reverse():
    """RowUniquenessConstraint (a unique column written with a TTL, the row read at QUORUM,
    kept by rewriting it without a TTL, a conflicting writer's column withdrawn) and the
    ReverseIndexQuery recipe (index rows of CompositeType(LongType, UTF8Type) names sliced
    by component bounds, then the data rows multigot)."""
    ks = "zd_uniq"
    cfs = [kit.cfd(ks, "UserUnique", comparator_type="UTF8Type",
                   key_validation_class="UTF8Type", default_validation_class="UTF8Type"),
           kit.cfd(ks, "AgeIndex", comparator_type="CompositeType(LongType,UTF8Type)",
                   key_validation_class="UTF8Type", default_validation_class="BytesType"),
           kit.cfd(ks, "Users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type")]
    steps = [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks)]
    steps += [
        v19.insert("email:ann@x", cparent("UserUnique"), column("u-1", "", 10, ttl=60),
                   cl=QUORUM),
        v19.get_count("email:ann@x", cparent("UserUnique"), pred(start="", finish=""),
                      cl=QUORUM),
        v19.insert("email:ann@x", cparent("UserUnique"), column("u-1", "", 11), cl=QUORUM),
        v19.get_slice("email:ann@x", cparent("UserUnique"), pred(start="", finish=""),
                      cl=QUORUM),
        v19.insert("email:ann@x", cparent("UserUnique"), column("u-2", "", 12, ttl=60),
                   cl=QUORUM),
        v19.get_count("email:ann@x", cparent("UserUnique"), pred(start="", finish=""),
                      cl=QUORUM),
        v19.remove("email:ann@x", cpath("UserUnique", col="u-2"), 13, cl=QUORUM),
        v19.get_slice("email:ann@x", cparent("UserUnique"), pred(start="", finish=""),
                      cl=QUORUM),
    ]
    users = [("u-1", 31, "ann"), ("u-2", 25, "bob"), ("u-3", 31, "cyd"), ("u-4", 47, "dan")]
    muts = {}
    for uid, age, name in users:
        muts[uid] = {"Users": [ins("name", name, 10), ins("age", str(age), 10)]}
        muts.setdefault("shard0", {"AgeIndex": []})["AgeIndex"].append(
            ins(comp(age, uid), b"", 10))
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("shard0", cparent("AgeIndex"),
                      pred(start=comp(30), finish=comp(40, eoc=1))),
        v19.get_slice("shard0", cparent("AgeIndex"),
                      pred(start=comp(31, eoc=1), finish=b"")),
        v19.get_slice("shard0", cparent("AgeIndex"),
                      pred(start=comp(47), finish=comp(20), reversed=True, count=2)),
        v19.multiget_slice(["u-1", "u-3"], cparent("Users"), pred(names=["name", "age"])),
        v19.get_slice("shard0", cparent("AgeIndex"), pred(start=b"\x00\x01x", finish=b"")),
        v19.insert("shard0", cparent("AgeIndex"), column(b"\x00\x04abcd\x00", b"", 10)),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax AllRowsReader
@sc("all_rows_reader", "thrift", "zd_allrows")
def all_rows_reader():
    """AllRowsReader: the partitioner and ring first, the whole ring as one token range,
    then key pages continued from the last key, keys only (count 0), a page size of 1, and a
    column family that does not exist."""
    ks = "zd_allrows"
    cf = kit.cfd(ks, "Events", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 default_validation_class="UTF8Type")
    steps = [v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks),
             v19.describe_partitioner(), ring_mask(v19.describe_ring(ks))]
    muts = {}
    for i in range(12):
        muts["ev%02d" % i] = {"Events": [ins("kind", "click" if i % 3 else "view", 10),
                                         ins("n", str(i), 10)]}
    steps.append(v19.batch_mutate(muts))
    steps += [
        v19.get_range_slices(cparent("Events"), pred(start="", finish="", count=100),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=5)),
        v19.get_range_slices(cparent("Events"), pred(start="", finish="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Events"), pred(names=["n"]),
                             key_range(start_token="0", end_token="9223372036854775807",
                                       count=100)),
        v19.get_range_slices(cparent("Events"), pred(names=["n"]),
                             key_range(start_token=MIN_TOKEN, end_token="0", count=100)),
        v19.get_range_slices(cparent("Events"), pred(names=["kind"]),
                             key_range(start_key="", end_key="", count=1)),
        v19.get_range_slices(cparent("Events"), pred(names=["kind"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Nope"), pred(names=["kind"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Events"), pred(start="", finish="", count=100),
                             key_range(start_token="abc", end_token="0", count=10)),
        v19.describe_splits("Events", MIN_TOKEN, "0", 128).mask("0"),
        v19.get_paged_slice("Events", key_range(start_key="", end_key="", count=7), "")
    ]
    return steps


# ---------------------------------------------------------------- Kundera in CQL 3 mode
@sc("kundera_cql3", "cql3", "zd_kundera")
def kundera_cql3():
    """Kundera 2.5+ with `cql.version=3.0.0`: set_cql_version, its schema made with quoted
    upper-case names, the schema read back from system tables, persists as INSERTs, finds by
    key, JPQL turned into WHERE ... ALLOW FILTERING, an index made, merges as UPDATEs,
    removes, a native query, and a TRUNCATE."""
    ks = "zd_kundera"
    steps = [
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE \"zd_kundera\" WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': '1'}"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE \"PERSON\" (\"PERSON_ID\" text PRIMARY KEY, \"PERSON_NAME\" text, "
            "\"AGE\" int, \"SALARY\" double)"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies WHERE "
            "keyspace_name = 'zd_kundera'"),
        cql("SELECT column_name, validator FROM system.schema_columns WHERE "
            "keyspace_name = 'zd_kundera' AND columnfamily_name = 'PERSON'"),
        cql("SELECT * FROM \"PERSON\" WHERE \"AGE\" = 32 LIMIT 100 ALLOW FILTERING"),
        # indexes are made with the schema: one made over existing rows is built in the
        # background, and reads by it right after are not deterministic
        cql("CREATE INDEX ON \"PERSON\"(\"AGE\")"),
        cql("INSERT INTO \"PERSON\"(\"PERSON_ID\",\"PERSON_NAME\",\"AGE\",\"SALARY\") VALUES "
            "('p1','vivek',32,1000.5) USING TIMESTAMP 1000"),
        cql("INSERT INTO \"PERSON\"(\"PERSON_ID\",\"PERSON_NAME\",\"AGE\",\"SALARY\") VALUES "
            "('p2','amresh',29,2000.0) USING TIMESTAMP 1000"),
        cql("INSERT INTO \"PERSON\"(\"PERSON_ID\",\"PERSON_NAME\",\"AGE\") VALUES "
            "('p3','kuldeep',32) USING TIMESTAMP 1000"),
        cql("SELECT * FROM \"PERSON\" WHERE \"PERSON_ID\" = 'p1'"),
        cql("SELECT * FROM PERSON WHERE PERSON_ID = 'p1'"),
        cql("SELECT * FROM \"PERSON\" WHERE \"AGE\" = 32 LIMIT 100 ALLOW FILTERING"),
        cql("SELECT \"PERSON_NAME\" FROM \"PERSON\" WHERE \"AGE\" = 32 AND \"SALARY\" > 10.0 "
            "LIMIT 100 ALLOW FILTERING"),
        cql("SELECT \"PERSON_NAME\" FROM \"PERSON\" WHERE \"AGE\" >= 30 LIMIT 100"),
        cql("UPDATE \"PERSON\" USING TIMESTAMP 2000 SET \"PERSON_NAME\" = 'vivek m' WHERE "
            "\"PERSON_ID\" = 'p1'"),
        cql("DELETE FROM \"PERSON\" USING TIMESTAMP 2000 WHERE \"PERSON_ID\" = 'p2'"),
        cql("SELECT * FROM \"PERSON\""),
        cql("SELECT COUNT(*) FROM \"PERSON\" WHERE \"AGE\" = 32"),
        cql("SELECT * FROM \"PERSON\" WHERE \"PERSON_ID\" IN ('p1', 'p2', 'p3')"),
        cql("TRUNCATE \"PERSON\""),
        cql("SELECT * FROM \"PERSON\""),
    ]
    return steps


# ---------------------------------------------------------------- gossie
@sc("gossie", "thrift", "zd_gossie")
def gossie():
    """gossie's mapping of a struct onto a CompositeType(UTF8Type, UTF8Type) row (the
    clustering field, then the field name), batch writes, cursor pages of count+1 by
    composite bounds with end-of-component bytes, a reversed page, a delete of one mapped
    struct by a slice range."""
    ks = "zd_gossie"
    cf = kit.cfd(ks, "Timeline", comparator_type="CompositeType(UTF8Type,UTF8Type)",
                 key_validation_class="UTF8Type", default_validation_class="UTF8Type")
    steps = [v19.describe_keyspaces().mask("0"), v19.system_add_keyspace(ks_def(ks, [cf])),
             v19.set_keyspace(ks)]
    muts = []
    for i in range(5):
        tid = "t%02d" % i
        muts += [ins(comp(tid, "Author"), "ann", 10), ins(comp(tid, "Body"), "hi %d" % i, 10)]
    steps += [
        v19.batch_mutate({"ann": {"Timeline": muts}}),
        v19.get_slice("ann", cparent("Timeline"), pred(start="", finish="", count=5)),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(start=comp("t02"), finish="", count=5)),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(start=comp("t02", eoc=1), finish="", count=5)),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(start=comp("t03"), finish=comp("t03", eoc=1))),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(start=comp("t03", eoc=-1), finish=comp("t01"), reversed=True,
                           count=3)),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(start=comp("t04", eoc=1), finish=comp("t01", eoc=-1),
                           reversed=True, count=3)),
        v19.batch_mutate({"ann": {"Timeline": [kit.dele(t=11, rng=D.srange(
            comp("t01"), comp("t01", eoc=1)))]}}),
        v19.get_count("ann", cparent("Timeline"), pred(start="", finish="")),
        v19.get_slice("ann", cparent("Timeline"),
                      pred(names=[comp("t01", "Body"), comp("t02", "Body")])),
        v19.insert("ann", cparent("Timeline"), column(comp("t09"), "partial", 12)),
        v19.get_slice("ann", cparent("Timeline"), pred(start=comp("t09"), finish="")),
        v19.insert("ann", cparent("Timeline"), column(b"t09", "bad", 12)),
    ]
    return steps


# ---------------------------------------------------------------- helenus
@sc("helenus", "cql3", "zd_helenus")
def helenus():
    """Node helenus: CQL 3 with its client-side `?` substitution (strings quoted and their
    quotes doubled, numbers bare), its old habit of `USING CONSISTENCY`, IN lists, and its
    ColumnFamily API (`cf.insert` with a TTL, `cf.get` of named columns, `cf.remove`)."""
    ks = "zd_helenus"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE users (id text PRIMARY KEY, name text, bio text, visits int)"),
        cql("INSERT INTO users (id, name, bio, visits) VALUES ('u1', 'O''Reilly', "
            "'says \"hi\"', 3) USING TIMESTAMP 100"),
        cql("INSERT INTO users (id, name, bio, visits) VALUES ('u2', 'Zoë', '', 0) "
            "USING TIMESTAMP 100"),
        cql("SELECT * FROM users WHERE id IN ('u1', 'u2', 'u3')"),
        cql("SELECT name FROM users WHERE id = 'u1'", cl=QUORUM),
        cql("SELECT name FROM users USING CONSISTENCY ONE WHERE id = 'u1'"),
        cql("UPDATE users USING CONSISTENCY QUORUM SET visits = 4 WHERE id = 'u1'"),
        cql("UPDATE users SET visits = '4' WHERE id = 'u1'"),
        cql("SELECT * FROM users WHERE id = u1"),
        cql("SELECT * FROM users WHERE id = 'u1' AND name = 'O''Reilly'"),
        v19.system_add_column_family(kit.cfd(ks, "Cache", comparator_type="UTF8Type",
                                             key_validation_class="UTF8Type",
                                             default_validation_class="UTF8Type")),
        v19.insert("page:/", cparent("Cache"), column("html", "<p>", 10, ttl=300)),
        v19.insert("page:/", cparent("Cache"), column("etag", "abc", 10, ttl=300)),
        v19.get_slice("page:/", cparent("Cache"), pred(names=["html", "etag", "gone"])).mask(
            "0/*/1/4"),
        v19.remove("page:/", cpath("Cache", col="html"), 11),
        v19.get_slice("page:/", cparent("Cache"), pred(start="", finish="")).mask("0/*/1/4"),
        cql("SELECT * FROM \"Cache\""),
        cql("SELECT key, column1, value FROM \"Cache\" WHERE key = 'page:/'"),
    ]
    return steps


# ---------------------------------------------------------------- Cassandra::Lite
@sc("perl_lite", "thrift", "zd_perl")
def perl_lite():
    """Perl Cassandra::Lite: keyspace set at connect, every call at its default QUORUM:
    insert, get of a named column, get_slice of a few names, multiget, get_count, remove of a
    column and a row, a column family it was not told about, and a write at ZERO (gone)."""
    ks = "zd_perl"
    cf = cf_def(ks, "Stash", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type")
    steps = [
        v19.system_add_keyspace(ks_def(ks, [cf])), v19.set_keyspace(ks),
        v19.insert("k1", cparent("Stash"), column("a", "1", 10), cl=QUORUM),
        v19.insert("k1", cparent("Stash"), column("b", "2", 10), cl=QUORUM),
        v19.insert("k2", cparent("Stash"), column("a", "3", 10), cl=QUORUM),
        v19.get("k1", cpath("Stash", col="a"), cl=QUORUM),
        v19.get_slice("k1", cparent("Stash"), pred(names=["a", "b", "c"]), cl=QUORUM),
        v19.multiget_slice(["k1", "k2"], cparent("Stash"), pred(start="", finish=""),
                           cl=QUORUM),
        v19.get_count("k1", cparent("Stash"), pred(start="", finish=""), cl=QUORUM),
        v19.remove("k1", cpath("Stash", col="a"), 11, cl=QUORUM),
        v19.get_slice("k1", cparent("Stash"), pred(start="", finish=""), cl=QUORUM),
        v19.remove("k2", cpath("Stash"), 11, cl=QUORUM),
        v19.get("k2", cpath("Stash", col="a"), cl=QUORUM),
        v19.insert("k1", cparent("Other"), column("a", "1", 10), cl=QUORUM),
        v19.get("k1", cpath("Other", col="a"), cl=QUORUM),
        # (a write at ZERO is refused with a message echoing its timestamp: not sent)
        v19.get("k1", cpath("Stash", col="b"), cl=0),
        v19.remove("k1", cpath("Stash", col="b"), 12, cl=None),
        v19.get_slice("k1", cparent("Stash"), pred(start="", finish=""), cl=QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- Cassandra-Sharp
@sc("sharp_nts", "cql3", "zd_sharp")
def sharp_nts():
    """.NET Cassandra-Sharp: describe calls at connect, a keyspace on
    NetworkTopologyStrategy in datacenter1, CQL 3 at LOCAL_QUORUM and EACH_QUORUM for writes
    and reads, ANY for a write and a read, and the keyspace altered to SimpleStrategy."""
    ks = "zd_sharp"
    steps = kit.connect() + [
        cql("CREATE KEYSPACE zd_sharp WITH replication = {'class': 'NetworkTopologyStrategy', "
            "'datacenter1': 1}"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id int PRIMARY KEY, item text, qty int)"),
        cql("INSERT INTO orders (id, item, qty) VALUES (1, 'pen', 2) USING TIMESTAMP 10",
            cl=LOCAL_QUORUM),
        cql("INSERT INTO orders (id, item, qty) VALUES (2, 'ink', 1) USING TIMESTAMP 10",
            cl=EACH_QUORUM),
        cql("INSERT INTO orders (id, item, qty) VALUES (3, 'pad', 5) USING TIMESTAMP 10",
            cl=ANY),
        cql("SELECT * FROM orders WHERE id = 1", cl=LOCAL_QUORUM),
        cql("SELECT * FROM orders WHERE id = 2", cl=EACH_QUORUM),
        cql("SELECT * FROM orders WHERE id = 3", cl=ANY),
        cql("SELECT * FROM orders", cl=ALL),
        cql("SELECT * FROM orders WHERE id = 1", cl=SERIAL),
        cql("UPDATE orders SET qty = 3 WHERE id = 1", cl=SERIAL),
        cql("ALTER KEYSPACE zd_sharp WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}"),
        cql("SELECT * FROM orders WHERE id = 1", cl=LOCAL_QUORUM),
        cql("INSERT INTO orders (id, item, qty) VALUES (4, 'cap', 1) USING TIMESTAMP 10",
            cl=EACH_QUORUM),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- Rails cassandra-cql
@sc("rails_cql", "cql3", "zd_rails")
def rails_cql():
    """A Rails app on the cassandra-cql gem in CQL 3 mode: `USE` by a query, a table with
    a comment, literals the gem escaped (quotes doubled, timestamps as text, uuids, booleans,
    a float), finders by key lists, counts, an attribute update and a destroy."""
    ks = "zd_rails"
    steps = [
        ks_cql(ks),
        cql("USE zd_rails"),
        cql("CREATE TABLE posts (id uuid PRIMARY KEY, title text, body text, published boolean, "
            "created_at timestamp, score float) WITH comment = 'posts of the blog'"),
        cql("INSERT INTO posts (id, title, body, published, created_at, score) VALUES "
            "(6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60, 'Rails ''n'' Cassandra', 'body', true, "
            "'2013-05-01 10:00:00+0000', 4.5) USING TIMESTAMP 100"),
        cql("INSERT INTO posts (id, title, body, published, created_at, score) VALUES "
            "(7f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60, 'Second', '', false, "
            "'2013-05-02', 0.25) USING TIMESTAMP 100"),
        cql("INSERT INTO posts (id, title, created_at) VALUES "
            "(8f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60, 'Third', 1367402400000) USING TIMESTAMP 100"),
        cql("SELECT * FROM posts WHERE id IN (6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60, "
            "8f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60)"),
        cql("SELECT COUNT(*) FROM posts"),
        cql("SELECT COUNT(*) FROM posts LIMIT 2"),
        cql("SELECT title FROM posts WHERE id = '6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60'"),
        cql("UPDATE posts USING TIMESTAMP 200 SET published = false, score = 5 WHERE "
            "id = 6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60"),
        cql("UPDATE posts SET created_at = 'yesterday' WHERE "
            "id = 6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60"),
        cql("UPDATE posts SET published = 'true' WHERE id = 6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60"),
        cql("SELECT title, published, score, created_at FROM posts WHERE "
            "id = 6f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60"),
        cql("DELETE FROM posts USING TIMESTAMP 300 WHERE id = 7f1a1b7e-1f2a-4c5b-9a3e-1d2c3b4a5f60"),
        cql("SELECT id, title FROM posts"),
        cql("SELECT * FROM posts WHERE published = true"),
        cql("SELECT * FROM posts WHERE title = 'Second' ALLOW FILTERING"),
    ]
    return steps


# ---------------------------------------------------------------- tombstone queue
@sc("tombstone_queue", "cql3", "zd_queue")
def tombstone_queue():
    """A work queue on CQL 3: messages clustered by timeuuid under a queue name, gc_grace 0
    and leveled compaction, pops as a SELECT LIMIT 1 then a DELETE of that message, a range
    delete tried (refused before 3.0), the whole queue deleted and re-filled at a later
    timestamp, and a count."""
    ks = "zd_queue"
    u = ["%08x-0000-1000-8000-0123456789ab" % (0x10000000 + i) for i in range(6)]
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE queue (name text, id timeuuid, payload text, PRIMARY KEY (name, id)) "
            "WITH gc_grace_seconds = 0 AND compaction = {'class': "
            "'LeveledCompactionStrategy', 'sstable_size_in_mb': 10}"),
    ]
    for i in range(5):
        steps.append(cql("INSERT INTO queue (name, id, payload) VALUES ('jobs', %s, 'job%d') "
                         "USING TIMESTAMP 100" % (u[i], i)))
    steps += [
        cql("SELECT id, payload FROM queue WHERE name = 'jobs' LIMIT 1"),
        cql("DELETE FROM queue USING TIMESTAMP 200 WHERE name = 'jobs' AND id = %s" % u[0]),
        cql("SELECT id, payload FROM queue WHERE name = 'jobs' LIMIT 1"),
        cql("DELETE FROM queue USING TIMESTAMP 200 WHERE name = 'jobs' AND id < %s" % u[3]),
        cql("DELETE FROM queue USING TIMESTAMP 200 WHERE name = 'jobs' AND id IN (%s, %s)"
            % (u[1], u[2])),
        cql("SELECT payload FROM queue WHERE name = 'jobs'"),
        cql("SELECT payload FROM queue WHERE name = 'jobs' AND id > %s" % u[2]),
        cql("DELETE payload FROM queue USING TIMESTAMP 200 WHERE name = 'jobs' AND id = %s"
            % u[3]),
        cql("SELECT * FROM queue WHERE name = 'jobs'"),
        cql("DELETE FROM queue USING TIMESTAMP 300 WHERE name = 'jobs'"),
        cql("SELECT COUNT(*) FROM queue WHERE name = 'jobs'"),
        cql("INSERT INTO queue (name, id, payload) VALUES ('jobs', %s, 'late') "
            "USING TIMESTAMP 250" % u[5]),
        cql("INSERT INTO queue (name, id, payload) VALUES ('jobs', %s, 'later') "
            "USING TIMESTAMP 400" % u[5]),
        cql("SELECT payload FROM queue WHERE name = 'jobs'"),
        cql("DELETE FROM queue WHERE id = %s" % u[5]),
        cql("SELECT * FROM queue WHERE id = %s" % u[5]),
    ]
    return steps


# ---------------------------------------------------------------- collections
@sc("collections_ops", "cql3", "zd_coll")
def collections_ops():
    """Collection updates an app made: a list appended, prepended, set by index and
    elements removed by value and by index; a set's adds and removes; a map's puts and a
    key deleted; an index past the end; whole collections replaced and nulled; prepared
    binds of a list and a map."""
    ks = "zd_coll"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE doc (id int PRIMARY KEY, tags set<text>, hist list<int>, "
            "attrs map<text, text>)"),
        cql("INSERT INTO doc (id, tags, hist, attrs) VALUES (1, {'a', 'b'}, [1, 2], "
            "{'x': '1'})"),
        cql("UPDATE doc SET hist = hist + [3, 4] WHERE id = 1"),
        cql("UPDATE doc SET hist = [0] + hist WHERE id = 1"),
        cql("UPDATE doc SET hist[1] = 10 WHERE id = 1"),
        cql("UPDATE doc SET hist = hist - [2] WHERE id = 1"),
        cql("SELECT hist FROM doc WHERE id = 1"),
        cql("DELETE hist[0] FROM doc WHERE id = 1"),
        cql("UPDATE doc SET hist[9] = 1 WHERE id = 1"),
        cql("DELETE hist[9] FROM doc WHERE id = 1"),
        cql("SELECT hist FROM doc WHERE id = 1"),
        cql("UPDATE doc SET tags = tags + {'c'}, tags = tags - {'a'} WHERE id = 1"),
        cql("UPDATE doc SET tags = tags + {'c'} WHERE id = 1"),
        cql("UPDATE doc SET tags = tags - {'a', 'zz'} WHERE id = 1"),
        cql("UPDATE doc SET attrs['y'] = '2', attrs = attrs + {'z': '3'} WHERE id = 1"),
        cql("DELETE attrs['x'] FROM doc WHERE id = 1"),
        cql("SELECT tags, attrs FROM doc WHERE id = 1"),
        cql("UPDATE doc SET attrs = attrs - {'y'} WHERE id = 1"),
        cql("UPDATE doc SET tags = {}, attrs = null WHERE id = 1"),
        cql("SELECT * FROM doc WHERE id = 1"),
        cql("UPDATE doc SET hist = hist + 5 WHERE id = 1"),
        cql("UPDATE doc SET tags = tags + ['q'] WHERE id = 1"),
        cql("UPDATE doc SET hist[0] = 1 WHERE id = 2"),
        prep("UPDATE doc SET hist = hist + ?, attrs = attrs + ? WHERE id = ?"),
        exe(ks, "UPDATE doc SET hist = hist + ?, attrs = attrs + ? WHERE id = ?",
            [coll([i32b(7), i32b(8)]), coll([("k", "v")]), i32b(3)]),
        cql("SELECT hist, attrs FROM doc WHERE id = 3"),
    ]
    return steps


# ---------------------------------------------------------------- LWT registry
@sc("lwt_registry", "cql3", "zd_lwt")
def lwt_registry():
    """A device registry on lightweight transactions: claim by INSERT IF NOT EXISTS, a
    second claim refused, a hand-over by UPDATE IF owner =, a wrong owner, an UPDATE IF
    EXISTS of a missing device, a DELETE IF owner =, and a batch with a condition."""
    ks = "zd_lwt"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE device (id text PRIMARY KEY, owner text, version int)"),
        cql("INSERT INTO device (id, owner, version) VALUES ('d1', 'ann', 1) IF NOT EXISTS"),
        cql("INSERT INTO device (id, owner, version) VALUES ('d1', 'bob', 1) IF NOT EXISTS"),
        cql("UPDATE device SET owner = 'bob', version = 2 WHERE id = 'd1' IF owner = 'ann'"),
        cql("UPDATE device SET owner = 'cyd' WHERE id = 'd1' IF owner = 'ann'"),
        cql("UPDATE device SET owner = 'cyd' WHERE id = 'd1' IF owner = 'bob' AND version = 2"),
        cql("UPDATE device SET owner = 'eve' WHERE id = 'd9' IF EXISTS"),
        cql("UPDATE device SET owner = 'eve' WHERE id = 'd9' IF owner = 'x'"),
        cql("SELECT owner, version FROM device WHERE id = 'd1'", cl=SERIAL),
        cql("DELETE FROM device WHERE id = 'd1' IF owner = 'ann'"),
        cql("DELETE FROM device WHERE id = 'd1' IF owner = 'cyd'"),
        cql("DELETE FROM device WHERE id = 'd1' IF EXISTS"),
        cql("SELECT * FROM device WHERE id = 'd1'"),
        cql("INSERT INTO device (id, owner) VALUES ('d2', 'ann') IF NOT EXISTS USING TTL 60"),
        cql("INSERT INTO device (id, owner) VALUES ('d3', 'ann') USING TTL 60 IF NOT EXISTS"),
        cql("BEGIN BATCH INSERT INTO device (id, owner) VALUES ('d4', 'ann') IF NOT EXISTS "
            "UPDATE device SET version = 1 WHERE id = 'd4' APPLY BATCH"),
        cql("SELECT id, owner, version FROM device WHERE id = 'd4'"),
        cql("UPDATE device SET version = 3 WHERE id = 'd4' IF version > 0"),
    ]
    return steps


# ---------------------------------------------------------------- static lobby
@sc("static_lobby", "cql3", "zd_lobby")
def static_lobby():
    """A game lobby on static columns (2.0): a room's host and state shared by its players'
    rows, set before any player, a conditional start on the static state, DISTINCT rooms with
    their statics, a player removed, the static deleted. 1.2 meets the word `static`."""
    ks = "zd_lobby"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE lobby (room text, player text, host text static, state text static, "
            "score int, PRIMARY KEY (room, player))"),
        cql("UPDATE lobby USING TIMESTAMP 100 SET host = 'ann', state = 'open' WHERE "
            "room = 'r1'"),
        cql("SELECT * FROM lobby WHERE room = 'r1'"),
        cql("INSERT INTO lobby (room, player, score) VALUES ('r1', 'ann', 0) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO lobby (room, player, score) VALUES ('r1', 'bob', 0) "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO lobby (room, player, host, state, score) VALUES ('r2', 'cyd', 'cyd', "
            "'open', 5) USING TIMESTAMP 100"),
        cql("SELECT room, player, host, state, score FROM lobby WHERE room = 'r1'"),
        cql("SELECT DISTINCT room, host, state FROM lobby"),
        cql("UPDATE lobby SET state = 'playing' WHERE room = 'r1' IF state = 'open'"),
        cql("UPDATE lobby SET state = 'playing' WHERE room = 'r1' IF state = 'open'"),
        cql("UPDATE lobby SET host = 'bob' WHERE room = 'r1' AND player = 'bob'"),
        cql("SELECT DISTINCT room, state FROM lobby WHERE room = 'r1'"),
        cql("DELETE FROM lobby USING TIMESTAMP 200 WHERE room = 'r1' AND player = 'ann'"),
        cql("DELETE host FROM lobby USING TIMESTAMP 200 WHERE room = 'r1'"),
        cql("SELECT room, player, host, score FROM lobby WHERE room = 'r1'"),
        cql("SELECT COUNT(*) FROM lobby WHERE room = 'r2'"),
        cql("CREATE TABLE solo (k text PRIMARY KEY, s int static)"),
    ]
    return steps


# ---------------------------------------------------------------- UDT address book
@sc("udt_book", "cql3", "zd_book")
def udt_book():
    """An address book on 2.1's user types and tuples: a type made and used frozen in a map
    and a column, a tuple column, reads of a field, a whole value replaced, a field update
    tried (3.6's), a field added to the type, a type dropped while in use, a tuple of the
    wrong arity."""
    ks = "zd_book"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE address (street text, city text, zip int)"),
        cql("CREATE TABLE contact (id int PRIMARY KEY, name text, home frozen<address>, "
            "others map<text, frozen<address>>, geo tuple<double, double>)"),
        cql("INSERT INTO contact (id, name, home, others, geo) VALUES (1, 'ann', "
            "{street: '1 Main', city: 'Oslo', zip: 150}, {'work': {street: '2 Side', "
            "city: 'Oslo'}}, (59.9, 10.7)) USING TIMESTAMP 100"),
        cql("SELECT name, home, others, geo FROM contact WHERE id = 1"),
        cql("SELECT home.city, home.zip FROM contact WHERE id = 1"),
        cql("UPDATE contact USING TIMESTAMP 200 SET home = {city: 'Bergen'} WHERE id = 1"),
        cql("SELECT home FROM contact WHERE id = 1"),
        cql("UPDATE contact SET home.city = 'Tromso' WHERE id = 1"),
        cql("UPDATE contact USING TIMESTAMP 200 SET others['gym'] = {street: '3 Park'} "
            "WHERE id = 1"),
        cql("SELECT others FROM contact WHERE id = 1"),
        cql("ALTER TYPE address ADD country text"),
        cql("SELECT home FROM contact WHERE id = 1"),
        cql("INSERT INTO contact (id, geo) VALUES (2, (1.0, 2.0, 3.0))"),
        cql("INSERT INTO contact (id, home) VALUES (2, {town: 'x'})"),
        cql("DROP TYPE address"),
        cql("CREATE TABLE bad (id int PRIMARY KEY, a address)"),
    ]
    return steps


# ---------------------------------------------------------------- 2.2 JSON + aggregates
@sc("json_report", "cql3", "zd_json")
def json_report():
    """A reporting app of 2.2: readings inserted by INSERT JSON (numbers, text, a set and a
    map, a quoted column name), read back by SELECT JSON and toJson, an UPDATE with fromJson,
    and min/max/avg/sum/count over a partition and over the table."""
    ks = "zd_json"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE reading (sensor text, seq int, val double, unit text, "
            "tags set<text>, meta map<text, int>, \"Alert\" boolean, PRIMARY KEY (sensor, seq))"),
        cql("INSERT INTO reading JSON '{\"sensor\": \"s1\", \"seq\": 1, \"val\": 20.5, "
            "\"unit\": \"C\", \"tags\": [\"a\", \"b\"], \"meta\": {\"x\": 1}, "
            "\"\\\"Alert\\\"\": false}' USING TIMESTAMP 100"),
        cql("INSERT INTO reading JSON '{\"sensor\": \"s1\", \"seq\": 2, \"val\": 22}' "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO reading JSON '{\"sensor\": \"s1\", \"seq\": \"3\", \"val\": \"23.5\"}'"
            " USING TIMESTAMP 100"),
        cql("INSERT INTO reading JSON '{\"sensor\": \"s2\", \"seq\": 1, \"val\": 5}' "
            "USING TIMESTAMP 100"),
        cql("SELECT JSON * FROM reading WHERE sensor = 's1'"),
        cql("SELECT JSON sensor, seq, val FROM reading WHERE sensor = 's1' AND seq = 1"),
        cql("SELECT sensor, toJson(tags), toJson(meta) FROM reading WHERE sensor = 's1' "
            "AND seq = 1"),
        cql("UPDATE reading USING TIMESTAMP 200 SET meta = fromJson('{\"y\": 2}') WHERE "
            "sensor = 's1' AND seq = 2"),
        cql("SELECT meta FROM reading WHERE sensor = 's1' AND seq = 2"),
        cql("SELECT min(val), max(val), avg(val), sum(val), count(val) FROM reading WHERE "
            "sensor = 's1'"),
        cql("SELECT count(*), max(seq) FROM reading"),
        cql("SELECT sum(seq), avg(seq) FROM reading WHERE sensor = 's1'"),
        cql("SELECT min(unit) FROM reading WHERE sensor = 's1'"),
        cql("SELECT sensor, max(val) FROM reading GROUP BY sensor"),
        cql("INSERT INTO reading JSON '{\"sensor\": \"s3\", \"seq\": 1, \"bogus\": 1}'"),
        cql("INSERT INTO reading JSON '{\"seq\": 1}'"),
    ]
    return steps


# ---------------------------------------------------------------- token paging exporter
@sc("token_export", "cql3", "zd_export")
def token_export():
    """A CQL 3 exporter walking a table by token(): first page LIMIT 3 from the start, the
    next pages by `token(k) > token(?)` prepared with the last key, token() in the selection,
    a bound long token, and its mistake of a plain `k > ?`."""
    ks = "zd_export"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE item (k text PRIMARY KEY, v int)"),
    ]
    keys = ["a", "b", "c", "d", "e", "f", "g"]
    for i, k in enumerate(keys):
        steps.append(cql("INSERT INTO item (k, v) VALUES ('%s', %d)" % (k, i)))
    nxt = "SELECT k, v FROM item WHERE token(k) > token(?) LIMIT 3"
    steps += [
        cql("SELECT k, token(k) FROM item LIMIT 3"),
        prep(nxt),
        exe(ks, nxt, ["e"]),
        exe(ks, nxt, ["f"]),
        exe(ks, nxt, ["zzz"]),
        prep("SELECT k FROM item WHERE token(k) > ? AND token(k) <= ?"),
        exe(ks, "SELECT k FROM item WHERE token(k) > ? AND token(k) <= ?",
            [i64b(-9223372036854775808), i64b(0)]),
        exe(ks, "SELECT k FROM item WHERE token(k) > ? AND token(k) <= ?",
            [i64b(0), i64b(9223372036854775807)]),
        exe(ks, "SELECT k FROM item WHERE token(k) > ? AND token(k) <= ?",
            [i32b(0), i64b(1)]),
        cql("SELECT k FROM item WHERE k > 'c'"),
        cql("SELECT k FROM item WHERE token(k) > 'c'"),
        cql("SELECT COUNT(*) FROM item WHERE token(k) > token('a')"),
        cql("SELECT k FROM item WHERE token(k) > token('a') AND token(k) < token('a')"),
    ]
    return steps


# ---------------------------------------------------------------- 3.0 IDL client
@sc("idl30_client", "thrift", "zd_idl30")
def idl30_client():
    """A client generated from 3.0's IDL (20.1.0) against these releases: CfDefs carrying
    min/max_index_interval and cells_per_row_to_cache, LOCAL_ONE reads (1.2.11's), a
    get_multi_slice, describe_local_ring, trace_next_query, atomic_batch_mutate and a
    describe_splits_ex."""
    ks = "zd_idl30"
    cf = cf_def(ks, "blobs", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type",
                extra={44: b("ALL"), 45: W.i32(64), 46: W.i32(1024)})
    steps = [
        kit.describe_version(),
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf),
        v19.describe_keyspace(ks),
        v19.insert("b1", cparent("blobs"), column("a", "1", 10)),
        v19.insert("b1", cparent("blobs"), column("b", "2", 10)),
        v19.get_slice("b1", cparent("blobs"), pred(start="", finish=""), cl=LOCAL_ONE),
        # a write at a level the release lacks is refused with a message echoing its
        # timestamp (not deterministic): only sent where LOCAL_ONE exists (1.2.11 on)
        v19.insert("b1", cparent("blobs"), column("c", "3", 10), cl=LOCAL_ONE)
        if VER >= (1, 2, 11) else None,
        multi_slice("b1", "blobs", [("a", "a"), ("c", "c")]),
        ring_mask(D.raw("describe_local_ring", {1: b(ks)})),
        D.raw("trace_next_query", {}).mask("0"),
        v19.atomic_batch_mutate({"b2": {"blobs": [ins("x", "y", 10)]}}),
        v19.atomic_batch_mutate({"b2": {"blobs": [ins("x", "y", 10)]}}, cl=LOCAL_ONE)
        if VER >= (1, 2, 11) else None,
        v19.get_slice("b2", cparent("blobs"), pred(start="", finish="")),
        splits_ex("blobs", MIN_TOKEN, MIN_TOKEN, 128),
        v19.system_update_column_family(cf_def(ks, "blobs", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={45: W.i32(512), 46: W.i32(128)})),
        v19.describe_keyspace(ks),
    ]
    return steps


# ---------------------------------------------------------------- counter dashboard
@sc("counter_dash", "cql3", "zd_dash")
def counter_dash():
    """A dashboard's CQL 3 counters: hits by (site, day) clustered by page, increments by
    literal and by a prepared bigint, reads by IN and ORDER BY, and its mistakes: a counter
    set, an INSERT, a TTL, a non-counter column beside counters, a counter row deleted."""
    ks = "zd_dash"
    inc = "UPDATE hits SET n = n + ? WHERE site = ? AND day = ? AND page = ?"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE hits (site text, day int, page text, n counter, uniq counter, "
            "PRIMARY KEY ((site, day), page))"),
        cql("UPDATE hits SET n = n + 1, uniq = uniq + 1 WHERE site = 'x' AND day = 1 "
            "AND page = '/'"),
        cql("UPDATE hits SET n = n + 5 WHERE site = 'x' AND day = 1 AND page = '/about'"),
        cql("UPDATE hits SET n = n - 2 WHERE site = 'x' AND day = 1 AND page = '/about'"),
        prep(inc),
        exe(ks, inc, [i64b(10), "x", i32b(2), "/"]),
        exe(ks, inc, [i32b(10), "x", i32b(2), "/"]),
        cql("SELECT page, n, uniq FROM hits WHERE site = 'x' AND day IN (1, 2)"),
        cql("SELECT page, n FROM hits WHERE site = 'x' AND day = 1 ORDER BY page DESC"),
        cql("UPDATE hits SET n = 5 WHERE site = 'x' AND day = 1 AND page = '/'"),
        cql("INSERT INTO hits (site, day, page, n) VALUES ('x', 1, '/', 1)"),
        cql("UPDATE hits USING TTL 60 SET n = n + 1 WHERE site = 'x' AND day = 1 AND "
            "page = '/'"),
        cql("CREATE TABLE mixed (k text PRIMARY KEY, n counter, label text)"),
        cql("DELETE FROM hits WHERE site = 'x' AND day = 1 AND page = '/about'"),
        cql("SELECT page, n FROM hits WHERE site = 'x' AND day = 1"),
        cql("UPDATE hits SET n = n + 1 WHERE site = 'x' AND day = 1"),
        cql("SELECT sum(n) FROM hits WHERE site = 'x' AND day = 1"),
    ]
    return steps


# ---------------------------------------------------------------- compact time series
@sc("compact_series", "cql3", "zd_series")
def compact_series():
    """A time series on COMPACT STORAGE (sensor, day, ts) -> v: clustering slices on the
    last column under an equal day, a slice on ts alone, a multi-column slice, reversed
    reads with LIMIT, a deletion, and the Thrift view of the wide row (composite names)."""
    ks = "zd_series"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE pts (sensor text, day int, ts int, v double, "
            "PRIMARY KEY (sensor, day, ts)) WITH COMPACT STORAGE"),
    ]
    for d in (1, 2):
        for t in (10, 20, 30):
            steps.append(cql("INSERT INTO pts (sensor, day, ts, v) VALUES ('s', %d, %d, %d.5) "
                             "USING TIMESTAMP 100" % (d, t, d * 100 + t)))
    steps += [
        cql("SELECT ts, v FROM pts WHERE sensor = 's' AND day = 1 AND ts > 10 AND ts <= 30"),
        cql("SELECT * FROM pts WHERE sensor = 's' AND day >= 2"),
        cql("SELECT * FROM pts WHERE sensor = 's' AND ts > 10"),
        cql("SELECT * FROM pts WHERE sensor = 's' AND (day, ts) > (1, 20)"),
        cql("SELECT * FROM pts WHERE sensor = 's' ORDER BY day DESC LIMIT 2"),
        cql("SELECT * FROM pts WHERE sensor = 's' AND day = 2 ORDER BY day DESC, ts DESC "
            "LIMIT 2"),
        cql("DELETE FROM pts USING TIMESTAMP 200 WHERE sensor = 's' AND day = 1 AND ts = 20"),
        cql("DELETE FROM pts USING TIMESTAMP 200 WHERE sensor = 's' AND day = 2"),
        cql("SELECT * FROM pts WHERE sensor = 's'"),
        cql("INSERT INTO pts (sensor, day, ts) VALUES ('s', 3, 1)"),
        cql("UPDATE pts SET v = 1.0 WHERE sensor = 's' AND day = 3"),
        v19.get_slice("s", cparent("pts"), pred(start="", finish="")).mask("0/*/1/3"),
        v19.get_slice("s", cparent("pts"), pred(start=comp(i32b(2)), finish=comp(i32b(2), eoc=1))),
        v19.get_count("s", cparent("pts"), pred(start="", finish="")),
    ]
    return steps


# ---------------------------------------------------------------- mistakes
@sc("mistakes", "cql3", "zd_oops")
def mistakes():
    """An app's everyday mistakes: queries before any keyspace, a USE of a missing one,
    a prepared id that was never prepared, too few and too many bound values, a value of the
    wrong width, an unknown table and column, a read at ANY, a keyspace-qualified table."""
    ks = "zd_oops"
    q = "INSERT INTO t (k, v) VALUES (?, ?)"
    steps = [
        cql("SELECT * FROM t"),
        cql("USE nowhere"),
        v19.set_keyspace("nowhere"),
        ks_cql(ks),
        cql("CREATE TABLE zd_oops.t (k int PRIMARY KEY, v text)"),
        cql("INSERT INTO zd_oops.t (k, v) VALUES (1, 'a')"),
        cql("SELECT * FROM zd_oops.t WHERE k = 1"),
        v19.execute_prepared_cql3_query(12345, [i32b(1), "a"]),
        v19.set_keyspace(ks),
        prep(q),
        exe(ks, q, [i32b(2)]),
        exe(ks, q, [i32b(2), "b", "c"]),
        exe(ks, q, [i64b(2), "b"]),
        exe(ks, q, ["two", "b"]),
        exe(ks, q, [i32b(3), b"\xff\xfe"]),
        cql("SELECT * FROM t WHERE k = 3"),
        cql("SELECT * FROM tt WHERE k = 1"),
        cql("SELECT nope FROM t WHERE k = 1"),
        cql("INSERT INTO t (k, nope) VALUES (1, 'x')"),
        cql("SELECT * FROM t WHERE k = 1", cl=ANY),
        cql("SELECT * FROM t WHERE k = 'one'"),
        cql("SELECT * FROM t WHERE v = 'a'"),
        cql("INSERT INTO t (k, v) VALUES (1, 'a'"),
        prep("SELECT * FROM t WHERE k = ? AND v = ?"),
        cql("DROP TABLE t2"),
        cql("CREATE TABLE t (k int PRIMARY KEY)"),
    ]
    return steps


# ---------------------------------------------------------------- jdbc + Hector
@sc("jdbc_hector", "thrift", "zd_mix")
def jdbc_hector():
    """cassandra-jdbc and Hector sharing a keyspace: Hector makes a mixed-case family with
    column metadata and a KEYS index, jdbc reads it through CQL 3 by its quoted name, writes
    a row back that Hector reads; jdbc makes a CQL 3 table that Hector then writes raw names
    into and slices; Hector's indexed slices of the jdbc row."""
    ks = "zd_mix"
    hcf = kit.hector_cf(ks, "UserProfiles", comparator_type="UTF8Type",
                        key_validation_class="UTF8Type", default_validation_class="UTF8Type",
                        column_metadata=[kit.coldef("email", "UTF8Type"),
                                         kit.coldef("age", "Int32Type", indexed=True,
                                                    index_name="age_idx")])
    steps = [
        v19.system_add_keyspace(ks_def(ks, [])), v19.set_keyspace(ks),
        v19.system_add_column_family(hcf),
        v19.insert("ann", cparent("UserProfiles"), column("email", "a@x", 10)),
        v19.insert("ann", cparent("UserProfiles"), column("age", i32b(31), 10)),
        v19.insert("ann", cparent("UserProfiles"), column("nick", "annie", 10)),
        cql("SELECT * FROM \"UserProfiles\""),
        cql("SELECT key, email, age FROM \"UserProfiles\" WHERE key = 'ann'"),
        cql("SELECT * FROM UserProfiles"),
        cql("INSERT INTO \"UserProfiles\" (key, email, age) VALUES ('bob', 'b@x', 31) "
            "USING TIMESTAMP 5"),
        v19.get_slice("bob", cparent("UserProfiles"), pred(start="", finish="")).mask(
            "0/*/1/3"),
        v19.get_indexed_slices(cparent("UserProfiles"),
                               index_clause([index_expr("age", EQ, i32b(31))]),
                               pred(start="", finish="")).mask("0/*/1/*/1/3"),
        cql("SELECT key FROM \"UserProfiles\" WHERE age = 31"),
        cql("CREATE TABLE audit (id text, at int, what text, PRIMARY KEY (id, at))"),
        cql("INSERT INTO audit (id, at, what) VALUES ('ann', 1, 'login') USING TIMESTAMP 5"),
        v19.get_slice("ann", cparent("audit"), pred(start="", finish="")).mask("0/*/1/3"),
        v19.insert("ann", cparent("audit"), column("raw", "x", 10)),
        v19.insert("ann", cparent("audit"), column(comp(i32b(2), "what"), "logout", 10)),
        cql("SELECT * FROM audit WHERE id = 'ann'"),
        v19.get_indexed_slices(cparent("UserProfiles"),
                               index_clause([index_expr("age", GT, i32b(1))]),
                               pred(start="", finish="")),
        v19.describe_keyspace(ks),
    ]
    return steps
