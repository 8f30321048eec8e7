"""Ordinary Thrift-era traffic of applications written for Cassandra 0.7 and 0.8.

Each scenario is what one application of that era sent, built against the IDL of the release
it talked to (0.7.10: API 19.4.0, KsDef.replication_factor required; 0.8.10: API 19.16.0,
counters and CQL 2), with the mistakes such applications made.  Two scenarios per release
model a client built against a LATER IDL talking to the older release (an upgrade in progress).

Set RELEASE (0.7.10 or 0.8.10) to the release being recorded; each scenario owns its keyspace
(dropped before and after) and its writes use relative timestamps (CQL writes USING TIMESTAMP).

    RELEASE=0.8.10 capture.py --api 19 --port P --framed --peer "Apache Cassandra 0.8.10" \
        --out DIR ordinary19e.py
"""
import os
import sys

import dsl
from dsl import (v19, scenario, cparent, cpath, pred, key_range, mutation, cosc, column,
                 super_column, counter_column, deletion, ins, mutation_map, index_expr,
                 index_clause, column_def, timeuuid, long_, EQ, GT, GTE, LT, ONE, QUORUM, ALL,
                 ANY, LOCAL_QUORUM, KEYS_INDEX)
import thriftwire as W

RELEASE = os.environ.get("RELEASE", "")
if not RELEASE:
    sys.exit("set RELEASE (0.7.10 or 0.8.10)")
R = tuple(int(x) for x in RELEASE.split(".")[:2])
V07 = R == (0, 7)
V08 = R == (0, 8)
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"


# ---------------------------------------------------------------- era-correct schema structs
def ksdef(name, cfs=(), rf=1, strategy=SIMPLE, options=None, era=None):
    """KsDef as the client of `era` (default: the release's own) built it.

    0.7 clients (pycassa 1.0, phpcassa 0.7, Hector 0.7) set the required replication_factor
    field; 0.8 clients put it into strategy_options; a 1.x client sends only the options."""
    era = era or R
    f = {1: dsl.b(name), 2: dsl.b(strategy), 5: W.list_("struct", list(cfs))}
    if era <= (0, 7):
        f[4] = W.i32(rf)
        if options:
            f[3] = W.map_("bin", "bin", [(dsl.b(k), dsl.b(v)) for k, v in options.items()])
    else:
        opts = dict(options or {})
        if strategy == SIMPLE and "replication_factor" not in opts:
            opts["replication_factor"] = str(rf)
        f[3] = W.map_("bin", "bin", [(dsl.b(k), dsl.b(v)) for k, v in opts.items()])
    return W.struct(f)


def cfdef(ks, name, column_type=None, comparator=None, subcomparator=None, comment=None,
          metadata=None, default_validation=None, key_validation=None, gc_grace=None,
          extra=None, cf_id=None):
    """CfDef with only fields the release's IDL declared (key_validation_class is 0.8+)."""
    x = dict(extra or {})
    if cf_id is not None:
        x[16] = W.i32(cf_id)
    if key_validation is not None and not V08:
        raise ValueError("key_validation_class is not in the 0.7 IDL")
    return dsl.cf_def(ks, name, column_type=column_type, comparator=comparator,
                      subcomparator=subcomparator, comment=comment, column_metadata=metadata,
                      gc_grace=gc_grace, default_validation=default_validation,
                      key_validation=key_validation, extra=x)


def setup(ks, cfs, era=None):
    """The usual bootstrap: add the keyspace (empty), use it, add its column families."""
    out = [v19.system_add_keyspace(ksdef(ks, era=era)), v19.set_keyspace(ks)]
    out += [v19.system_add_column_family(c) for c in cfs]
    return out


def batch(mm, cl=ONE):
    return v19.batch_mutate(mm, cl)


def cql(q):
    return v19.execute_cql_query(q)


# ================================================================ both releases
@scenario("o19e_phpcassa_users", "19", "app", keyspace_reset="PhpUsers")
def phpcassa_users():
    """phpcassa 0.7/0.8: a user table; ColumnFamily insert (batch_mutate), get, multiget,
    get with columns, get_count, remove; a missing row read through get() and a typo in the CF."""
    ks = "PhpUsers"
    return [
        setup(ks, [cfdef(ks, "Users", comparator="UTF8Type", default_validation="UTF8Type",
                         comment="user accounts")]),
        batch({"jsmith": {"Users": [ins("first", "John", 1), ins("last", "Smith", 1),
                                    ins("email", "js@example.com", 1)]}}),
        batch({"mjones": {"Users": [ins("first", "Mary", 2), ins("last", "Jones", 2)]}}),
        v19.get_slice("jsmith", cparent("Users"), pred(start="", finish="", count=100)),
        v19.get_slice("jsmith", cparent("Users"), pred(names=["email", "first"])),
        v19.multiget_slice(["jsmith", "mjones", "nobody"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_count("jsmith", cparent("Users"), pred(start="", count=100)),
        v19.get("mjones", cpath("Users", col="email")),
        v19.get_slice("nobody", cparent("Users"), pred(start="", count=100)),
        batch({"jsmith": {"Usres": [ins("email", "john@example.com", 3)]}}),
        v19.insert("jsmith", cparent("Users"), column("email", "john@example.com", 3)),
        v19.get("jsmith", cpath("Users", col="email")),
        v19.remove("mjones", cpath("Users", col="last"), 4),
        v19.get_slice("mjones", cparent("Users"), pred(start="", count=100)),
        v19.remove("mjones", cpath("Users"), 5),
        v19.get_count("mjones", cparent("Users"), pred(start="", count=100)),
        v19.multiget_count(["jsmith", "mjones"], cparent("Users"), pred(start="", count=100)),
    ]


@scenario("o19e_ruby_gem_supercf", "19", "app", keyspace_reset="RubyBlog")
def ruby_gem_supercf():
    """Ruby cassandra gem 0.9-0.12: nested hashes into a super CF, get of a row / of one super
    column, count_columns, multi_get_columns, get_range iteration; a path naming a
    column without its super column."""
    ks = "RubyBlog"
    sc = lambda n, cols, t: mutation(cosc(super_column=super_column(  # noqa: E731
        n, [column(k, v, t) for k, v in cols])))
    return [
        setup(ks, [cfdef(ks, "UserRelationships", column_type="Super", comparator="UTF8Type",
                         subcomparator="TimeUUIDType"),
                   cfdef(ks, "Statuses", comparator="UTF8Type")]),
        batch({"alice": {"UserRelationships": [
            sc("user_timeline", [(timeuuid(1), "s1"), (timeuuid(2), "s2")], 10),
            sc("following", [(timeuuid(3), "bob")], 10)]}}),
        batch({"bob": {"UserRelationships": [
            sc("user_timeline", [(timeuuid(4), "s3")], 11)]}}),
        batch({"s1": {"Statuses": [ins("body", "hello", 12), ins("user", "alice", 12)]},
               "s2": {"Statuses": [ins("body", "lunch", 12), ins("user", "alice", 12)]},
               "s3": {"Statuses": [ins("body", "hi all", 13), ins("user", "bob", 13)]}}),
        v19.get_slice("alice", cparent("UserRelationships"), pred(start="", count=100)),
        v19.get_slice("alice", cparent("UserRelationships", "user_timeline"),
                      pred(start="", count=100, reversed=True)),
        v19.get("alice", cpath("UserRelationships", "following", timeuuid(3))),
        v19.get_count("alice", cparent("UserRelationships"), pred(start="", count=100)),
        v19.get_count("alice", cparent("UserRelationships", "user_timeline"),
                      pred(start="", count=100)),
        v19.multiget_slice(["s1", "s2", "s3"], cparent("Statuses"), pred(names=["body"])),
        v19.get_range_slices(cparent("Statuses"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_range_slices(cparent("Statuses"), pred(start="", count=100),
                             key_range(start_key="s1", end_key="", count=2)),
        v19.get("alice", cpath("UserRelationships", col=timeuuid(3))),
        v19.get_slice("alice", cparent("UserRelationships", "user_timeline"),
                      pred(names=["s1"])),
        v19.remove("alice", cpath("UserRelationships", "following"), 14),
        v19.get_slice("alice", cparent("UserRelationships"), pred(start="", count=100)),
    ]


@scenario("o19e_timeuuid_events", "19", "timeseries", keyspace_reset="Metrics")
def timeuuid_events():
    """Time series of events under TimeUUIDType: newest-first pages, paging by the last name,
    a bad time range, and a 12-byte 'uuid' from a broken client."""
    ks = "Metrics"
    evs = [ins(timeuuid(i), "event %d" % i, 20 + i) for i in range(1, 9)]
    return [
        setup(ks, [cfdef(ks, "Events", comparator="TimeUUIDType", default_validation="UTF8Type")]),
        batch({"host1:2011-06-01": {"Events": evs}}),
        v19.get_slice("host1:2011-06-01", cparent("Events"),
                      pred(start="", finish="", reversed=True, count=3)),
        v19.get_slice("host1:2011-06-01", cparent("Events"),
                      pred(start=timeuuid(6), finish="", reversed=True, count=3)),
        v19.get_slice("host1:2011-06-01", cparent("Events"),
                      pred(start=timeuuid(2), finish=timeuuid(5), count=100)),
        v19.get_slice("host1:2011-06-01", cparent("Events"),
                      pred(start=timeuuid(5), finish=timeuuid(2), count=100)),
        v19.insert("host1:2011-06-01", cparent("Events"), column(b"\x00" * 12, "bad", 30)),
        v19.get_count("host1:2011-06-01", cparent("Events"),
                      pred(start=timeuuid(3), finish="", count=100)),
        v19.get_slice("host1:2011-06-01", cparent("Events"), pred(start="abc", count=10)),
    ]


@scenario("o19e_longtype_counters_by_hand", "19", "timeseries", keyspace_reset="Stats")
def longtype_stats():
    """Page-view buckets under LongType (minute numbers), read by ranges; a 4-byte name from a
    PHP pack('N') mistake; a TTL'd raw sample row."""
    ks = "Stats"
    return [
        setup(ks, [cfdef(ks, "Minutes", comparator="LongType", default_validation="LongType"),
                   cfdef(ks, "Raw", comparator="LongType")]),
        batch({"page:/home": {"Minutes": [ins(long_(m), long_(m * 3), 40) for m in
                                          (100, 101, 102, 105, 110)]}}),
        v19.get_slice("page:/home", cparent("Minutes"),
                      pred(start=long_(101), finish=long_(105), count=100)),
        v19.get_slice("page:/home", cparent("Minutes"),
                      pred(start=long_(200), finish=long_(0), reversed=True, count=2)),
        v19.insert("page:/home", cparent("Minutes"), column(dsl.int32(111), long_(1), 41)),
        v19.insert("page:/home", cparent("Minutes"), column(long_(111), "12", 41)),
        v19.insert("sample:1", cparent("Raw"), column(long_(1), "x", 42, ttl=3600)),
        v19.get("sample:1", cpath("Raw", col=long_(1))),
        v19.get_count("page:/home", cparent("Minutes"), pred(start="", count=100)),
    ]


@scenario("o19e_inverted_index", "19", "app", keyspace_reset="Search")
def inverted_index():
    """An inverted index (word -> doc ids) built with batch_mutate over many rows, looked up with
    multiget_slice, a full scan of the words, and the range mistakes of a RandomPartitioner."""
    ks = "Search"
    docs = {"d1": "the quick fox", "d2": "the lazy dog", "d3": "quick dog"}
    mm = {}
    for d, text in docs.items():
        for w in text.split():
            mm.setdefault(w, {"Index": []})["Index"].append(ins(d, "", 50))
    return [
        setup(ks, [cfdef(ks, "Index", comparator="UTF8Type"),
                   cfdef(ks, "Docs", comparator="UTF8Type")]),
        batch({d: {"Docs": [ins("text", t, 50)]} for d, t in docs.items()}),
        batch(mm),
        v19.multiget_slice(["quick", "dog", "cat"], cparent("Index"), pred(start="", count=100)),
        v19.multiget_count(["quick", "dog", "the"], cparent("Index"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Index"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Index"), pred(start="", count=100),
                             key_range(start_key="quick", end_key="dog", count=100)),
        v19.get_range_slices(cparent("Index"), pred(start="", count=100),
                             key_range(start_key="a", end_key="z", start_token="0", count=100)),
        v19.get_range_slices(cparent("Index"), pred(names=["d1"]),
                             key_range(start_token="0", end_token="0", count=100)),
        v19.get_range_slices(cparent("Index"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=0)),
    ]


@scenario("o19e_keys_index_paging", "19", "index", keyspace_reset="Crm")
def keys_index_paging():
    """Customers with a KEYS index on state: get_indexed_slices paged by start_key (as pycassa
    get_indexed_slices did), a GT-only clause, a clause on an unindexed column."""
    ks = "Crm"
    meta = [column_def("state", "UTF8Type", KEYS_INDEX, "state_idx"),
            column_def("birth_year", "LongType", KEYS_INDEX)]
    people = [("c%02d" % i, "TX" if i % 3 else "CA", 1950 + i) for i in range(1, 10)]
    return [
        setup(ks, [cfdef(ks, "Customers", comparator="UTF8Type", metadata=meta)]),
        batch({k: {"Customers": [ins("name", "cust " + k, 60), ins("state", st, 60),
                                 ins("birth_year", long_(y), 60)]} for k, st, y in people}),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("state", EQ, "TX")], "", 3),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("state", EQ, "TX")], "c04", 3),
                               pred(names=["name"])),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("state", EQ, "CA"),
                                             index_expr("birth_year", GT, long_(1953))], "", 10),
                               pred(names=["name", "birth_year"])),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("birth_year", GTE, long_(1955))], "", 10),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("name", EQ, "cust c01")], "", 10),
                               pred(start="", count=100)),
        v19.insert("c10", cparent("Customers"), column("birth_year", "nineteen", 61)),
        v19.get_indexed_slices(cparent("Customers"),
                               index_clause([index_expr("state", EQ, "NY")], "", 10),
                               pred(start="", count=100)),
    ]


@scenario("o19e_session_store_ttl", "19", "app", keyspace_reset="Sessions")
def session_store_ttl():
    """A web session store: TTL'd columns, a touch rewriting the TTL, logout removing the row;
    ttl 0 and a negative ttl from a bad expiry computation."""
    ks = "Sessions"
    return [
        setup(ks, [cfdef(ks, "Sessions", comparator="AsciiType", gc_grace=3600)]),
        batch({"sess-aa11": {"Sessions": [ins("user", "jsmith", 70, ttl=1800),
                                          ins("csrf", "tok1", 70, ttl=1800)]}}),
        v19.get_slice("sess-aa11", cparent("Sessions"), pred(start="", count=100)),
        v19.insert("sess-aa11", cparent("Sessions"), column("user", "jsmith", 71, ttl=3600)),
        v19.get("sess-aa11", cpath("Sessions", col="user")),
        v19.insert("sess-bb22", cparent("Sessions"), column("user", "mary", 72, ttl=0)),
        batch({"sess-bb22": {"Sessions": [ins("user", "mary", 72, ttl=-60)]}}),
        v19.remove("sess-aa11", cpath("Sessions"), 73),
        v19.get("sess-aa11", cpath("Sessions", col="user")),
        v19.get_range_slices(cparent("Sessions"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]


@scenario("o19e_job_queue_tombstones", "19", "app", keyspace_reset="Queue")
def job_queue_tombstones():
    """A job queue: producers add jobs, workers claim and delete them (columns and whole rows),
    then scan the queue and see the range ghosts; a stale delete; a slice-range deletion."""
    ks = "Queue"
    return [
        setup(ks, [cfdef(ks, "Jobs", comparator="UTF8Type")]),
        batch({"q:mail": {"Jobs": [ins("job-%d" % i, "payload %d" % i, 80) for i in range(1, 6)]},
               "q:thumbs": {"Jobs": [ins("job-9", "img", 80)]}}),
        batch({"q:mail": {"Jobs": [mutation(deletion_=deletion(81, predicate=pred(
            names=["job-1", "job-2"])))]}}),
        v19.get_slice("q:mail", cparent("Jobs"), pred(start="", count=2)),
        v19.remove("q:thumbs", cpath("Jobs"), 82),
        v19.get_range_slices(cparent("Jobs"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove("q:mail", cpath("Jobs", col="job-3"), 79),
        v19.get("q:mail", cpath("Jobs", col="job-3")),
        batch({"q:mail": {"Jobs": [mutation(deletion_=deletion(83, predicate=pred(
            start="job-3", finish="job-5")))]}}),
        batch({"q:mail": {"Jobs": [mutation(deletion_=deletion(83))]}}),
        v19.get_count("q:mail", cparent("Jobs"), pred(start="", count=100)),
        v19.insert("q:mail", cparent("Jobs"), column("job-6", "late", 82)),
        v19.get_slice("q:mail", cparent("Jobs"), pred(start="", count=100)),
    ]


@scenario("o19e_schema_migration", "19", "schema", keyspace_reset="Shop")
def schema_migration():
    """A migration script (phpcassa/pycassa SystemManager): create keyspace and CFs, re-run
    (already exists), alter a CF without and with its id, drop a CF twice, alter the keyspace."""
    ks = "Shop"
    base_id = 1000
    return [
        v19.set_keyspace(ks),
        v19.system_add_keyspace(ksdef(ks)),
        v19.system_add_keyspace(ksdef(ks)),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfdef(ks, "Products", comparator="UTF8Type")),
        v19.system_add_column_family(cfdef(ks, "Orders", comparator="UTF8Type")),
        v19.system_add_column_family(cfdef(ks, "Products", comparator="UTF8Type")),
        v19.system_add_column_family(cfdef("Other", "Carts")),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfdef(ks, "Products", comparator="UTF8Type",
                                              comment="catalogue")),
        v19.system_update_column_family(cfdef(ks, "Products", comparator="UTF8Type",
                                              comment="catalogue", cf_id=base_id)),
        v19.system_update_column_family(cfdef(ks, "Products", comparator="BytesType",
                                              comment="catalogue", cf_id=base_id)),
        v19.system_update_column_family(cfdef(ks, "Missing", cf_id=base_id + 7)),
        v19.system_drop_column_family("Orders"),
        v19.system_drop_column_family("Orders"),
        v19.system_update_keyspace(ksdef(ks, rf=1)),
        v19.describe_keyspace(ks),
        v19.describe_keyspace("Shopp"),
        v19.system_drop_keyspace("Shopp"),
    ]


@scenario("o19e_login_no_auth", "19", "auth", keyspace_reset="Secure")
def login_no_auth():
    """An app configured with credentials against a node running AllowAllAuthenticator: login
    first, calls before set_keyspace, set_keyspace of a misspelt keyspace."""
    ks = "Secure"
    return [
        v19.login({"username": "app", "password": "s3cret"}),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10)),
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ksdef(ks, [cfdef(ks, "Data")])),
        v19.set_keyspace("secure"),
        v19.set_keyspace(ks),
        v19.login({}),
        v19.insert("k", cparent("Data"), column("c", "v", 90)),
        v19.get("k", cpath("Data", col="c")),
    ]


@scenario("o19e_telephus_describe", "19", "app", keyspace_reset="Twisted")
def telephus_describe():
    """Telephus (Twisted) start-up: describe_version/cluster/partitioner/snitch/ring and the
    keyspace, then mixed-CF batch writes, truncate, and a get on a CF given as a super column."""
    ks = "Twisted"
    return [
        v19.describe_version(),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        setup(ks, [cfdef(ks, "Standard1"), cfdef(ks, "Super1", column_type="Super")]),
        v19.describe_ring(ks),
        v19.describe_ring("system"),
        v19.describe_keyspace(ks),
        batch({"row": {"Standard1": [ins("a", "1", 100)],
                       "Super1": [mutation(cosc(super_column=super_column(
                           "sc", [column("x", "2", 100)])))]}}),
        v19.get("row", cpath("Super1", "sc", "x")),
        v19.get("row", cpath("Standard1", "a", "b")),
        v19.get("row", cpath("Super1", "sc")),
        v19.truncate("Standard1"),
        v19.get_slice("row", cparent("Standard1"), pred(start="", count=10)),
        v19.truncate("Nope"),
    ]


@scenario("o19e_pelops_consistency", "19", "app", keyspace_reset="Pelops")
def pelops_consistency():
    """Pelops (Java) app tuned by config: writes at ANY/QUORUM/ALL on one node, reads at ANY,
    LOCAL_QUORUM on SimpleStrategy, an empty row key, an empty column name."""
    ks = "Pelops"
    return [
        setup(ks, [cfdef(ks, "Accounts", comparator="UTF8Type")]),
        v19.insert("acct1", cparent("Accounts"), column("balance", "10", 110), ANY),
        v19.insert("acct1", cparent("Accounts"), column("owner", "ann", 110), QUORUM),
        batch({"acct2": {"Accounts": [ins("balance", "5", 111)]}}, ALL),
        v19.get("acct1", cpath("Accounts", col="balance"), QUORUM),
        v19.get("acct1", cpath("Accounts", col="balance"), ANY),
        v19.get_slice("acct2", cparent("Accounts"), pred(start="", count=10), LOCAL_QUORUM),
        v19.insert("", cparent("Accounts"), column("balance", "0", 112)),
        v19.insert("acct3", cparent("Accounts"), column("", "0", 112)),
        v19.multiget_slice(["acct1", "acct2"], cparent("Accounts"), pred(names=["balance"]),
                           ALL),
    ]


@scenario("o19e_lazyboy_records", "19", "app", keyspace_reset="Lazy")
def lazyboy_records():
    """Lazyboy/Tragedy-style records: uuid-hex keys, whole-record saves, a paged full table
    scan (start_key = last key), record deletion and a record read after it."""
    ks = "Lazy"
    keys = ["%032x" % (i * 0x1111) for i in range(1, 6)]
    return [
        setup(ks, [cfdef(ks, "Records", comparator="BytesType")]),
        batch({k: {"Records": [ins("title", "t" + k[-4:], 120), ins("body", "b", 120)]}
               for k in keys}),
        v19.get_range_slices(cparent("Records"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Records"), pred(start="", count=100),
                             key_range(start_key=keys[2], end_key="", count=3)),
        v19.remove(keys[0], cpath("Records"), 121),
        v19.get_slice(keys[0], cparent("Records"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Records"), pred(names=["title"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_slice(keys[1], cparent("Records"), pred(start="title", finish="body", count=10)),
    ]


# ================================================================ 0.7 only
if V07:
    @scenario("o19e_v07_later_idl_client", "19", "upgrade", keyspace_reset="Upgrade")
    def v07_later_idl_client():
        """pycassa 1.1 (built against 0.8's IDL) on a 0.7 node: a KsDef without
        replication_factor, then with it; CfDef fields 0.7 never declared; counter calls."""
        ks = "Upgrade"
        return [
            v19.system_add_keyspace(ksdef(ks, era=(0, 8))),
            v19.describe_cluster_name(),  # the reconnect after the dropped connection
            v19.system_add_keyspace(W.struct({1: dsl.b(ks), 2: dsl.b(SIMPLE), 3: W.map_(
                "bin", "bin", [(dsl.b("replication_factor"), dsl.b("1"))]), 4: W.i32(1),
                5: W.list_("struct", []), 6: W.boolean(True)})),
            v19.set_keyspace(ks),
            v19.system_add_column_family(dsl.cf_def(
                ks, "Hits", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="CounterColumnType", extra={24: W.boolean(True)})),
            v19.system_add_column_family(dsl.cf_def(
                ks, "Pages", comparator="UTF8Type", key_validation="UTF8Type",
                extra={24: W.boolean(True)})),
            v19.add("home", cparent("Pages"), counter_column("views", 1)),
            v19.insert("home", cparent("Pages"), column("title", "Home", 130)),
            v19.insert("home", cparent("Pages"), column("ts", "x", None)),
            v19.describe_cluster_name(),
            v19.set_keyspace(ks),
            v19.get_slice("home", cparent("Pages"), pred(start="", count=10)),
            v19.execute_cql_query("SELECT * FROM Pages WHERE KEY = 'home'"),
            v19.describe_keyspace(ks),
        ]

    @scenario("o19e_v07_hector_schema_keyspace_with_cfs", "19", "schema",
              keyspace_reset="HectorApp")
    def v07_hector_keyspace_with_cfs():
        """Hector 0.7 HFactory: a keyspace created with its CFs inline (BytesType key cache,
        row cache), a CF with an index and a bad validator, strategy options on SimpleStrategy."""
        ks = "HectorApp"
        cfs = [cfdef(ks, "Users", comparator="UTF8Type",
                     extra={9: W.double(0.0), 11: W.double(200000.0), 12: W.double(1.0),
                            17: W.i32(4), 18: W.i32(32)}),
               cfdef(ks, "Events", comparator="TimeUUIDType")]
        return [
            v19.system_add_keyspace(ksdef(ks, cfs, rf=2)),
            v19.set_keyspace(ks),
            v19.insert("u", cparent("Users"), column("n", "v", 140)),
            v19.system_update_keyspace(ksdef(ks, [], rf=1)),
            v19.insert("u", cparent("Users"), column("n", "v", 141)),
            v19.system_add_column_family(cfdef(ks, "Bad", comparator="NoSuchType")),
            v19.system_add_column_family(cfdef(ks, "Idx", metadata=[
                column_def("age", "Int32Type", KEYS_INDEX)])),
            v19.system_add_column_family(cfdef(ks, "Idx", metadata=[
                column_def("age", "LongType", KEYS_INDEX)])),
            v19.system_add_column_family(cfdef(ks, "Wrong", column_type="Super",
                                               metadata=[column_def("age", "LongType",
                                                                    KEYS_INDEX)])),
            v19.system_add_keyspace(ksdef("NtsApp", strategy=NTS, options={"dc1": "1"})),
            v19.describe_keyspace("NtsApp"),
            v19.system_drop_keyspace("NtsApp"),
            v19.describe_keyspaces(),
        ]


# ================================================================ 0.8 only
if V08:
    @scenario("o19e_v08_counters", "19", "counters", keyspace_reset="Counting")
    def v08_counters():
        """0.8 counters (page views, per-day super counters): add, get, get_slice, batch
        counter mutations, remove_counter; insert into a counter CF and add to a plain CF."""
        ks = "Counting"
        return [
            setup(ks, [cfdef(ks, "PageViews", comparator="UTF8Type",
                             default_validation="CounterColumnType",
                             extra={24: W.boolean(True)}),
                       cfdef(ks, "DailyViews", column_type="Super", comparator="UTF8Type",
                             subcomparator="UTF8Type", default_validation="CounterColumnType",
                             extra={24: W.boolean(True)}),
                       cfdef(ks, "Plain", comparator="UTF8Type")]),
            v19.add("/home", cparent("PageViews"), counter_column("hits", 1)),
            v19.add("/home", cparent("PageViews"), counter_column("hits", 5)),
            v19.add("/home", cparent("PageViews"), counter_column("uniques", 2)),
            v19.get("/home", cpath("PageViews", col="hits")),
            v19.get_slice("/home", cparent("PageViews"), pred(start="", count=10)),
            batch({"/about": {"PageViews": [mutation(cosc(counter_column=counter_column(
                "hits", 3)))]},
                   "2011-09-01": {"DailyViews": [mutation(cosc(
                       counter_super_column=dsl.counter_super_column(
                           "/home", [counter_column("hits", 7)])))]}}),
            v19.add("2011-09-01", cparent("DailyViews", "/home"), counter_column("hits", -2)),
            v19.get_slice("2011-09-01", cparent("DailyViews"), pred(start="", count=10)),
            v19.multiget_slice(["/home", "/about", "/none"], cparent("PageViews"),
                               pred(names=["hits"])),
            v19.insert("/home", cparent("PageViews"), column("hits", long_(1), 150)),
            v19.add("/home", cparent("Plain"), counter_column("hits", 1)),
            v19.add("/home", cparent("PageViews"), counter_column("hits", 1), ANY),
            v19.remove_counter("/home", cpath("PageViews", col="uniques")),
            v19.get_slice("/home", cparent("PageViews"), pred(start="", count=10)),
            v19.get_count("/home", cparent("PageViews"), pred(start="", count=10)),
            v19.get("/home", cpath("PageViews", col="uniques")),
        ]

    @scenario("o19e_v08_cql2_app", "19", "cql", keyspace_reset="cqlapp")
    def v08_cql2_app():
        """A 0.8 app on CQL 2 (the Python cql driver 1.0): create keyspace and CF, USE, inserts
        and updates USING TIMESTAMP, selects by key, ranges and FIRST, delete, syntax errors."""
        return [
            cql("CREATE KEYSPACE cqlapp WITH strategy_class = 'SimpleStrategy' "
                "AND strategy_options:replication_factor = 1;"),
            cql("USE cqlapp;"),
            cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, full_name varchar, "
                "birth_year bigint) WITH comparator = varchar AND default_validation = varchar;"),
            cql("INSERT INTO users (KEY, full_name, birth_year) VALUES ('jsmith', 'John Smith', "
                "1970) USING TIMESTAMP 1000;"),
            cql("INSERT INTO users (KEY, full_name, state) VALUES ('mjones', 'Mary Jones', 'TX') "
                "USING TIMESTAMP 1001;"),
            cql("SELECT full_name, birth_year FROM users WHERE KEY = 'jsmith';"),
            cql("SELECT * FROM users WHERE KEY = 'mjones';"),
            cql("UPDATE users USING TIMESTAMP 1002 SET state = 'CA' WHERE KEY = 'jsmith';"),
            cql("SELECT FIRST 2 * FROM users WHERE KEY = 'jsmith';"),
            cql("SELECT * FROM users WHERE KEY IN ('jsmith', 'mjones', 'nobody');"),
            cql("SELECT COUNT(*) FROM users WHERE KEY = 'jsmith';"),
            cql("INSERT INTO users (KEY, birth_year) VALUES ('bad', 'nineteen') "
                "USING TIMESTAMP 1003;"),
            cql("SELEC * FROM users;"),
            cql("SELECT * FROM userz WHERE KEY = 'jsmith';"),
            cql("DELETE state FROM users USING TIMESTAMP 1004 WHERE KEY = 'jsmith';"),
            cql("SELECT full_name, state FROM users WHERE KEY = 'jsmith';"),
            cql("DELETE FROM users USING TIMESTAMP 1005 WHERE KEY = 'mjones';"),
            cql("SELECT * FROM users;"),
            cql("DROP COLUMNFAMILY users;"),
            cql("SELECT * FROM users WHERE KEY = 'jsmith';"),
        ]

    @scenario("o19e_v08_cql2_index_counters", "19", "cql", keyspace_reset="cqlidx")
    def v08_cql2_index_counters():
        """CQL 2 secondary index and counter updates: CREATE INDEX, WHERE on the indexed column,
        counter increments, TRUNCATE, a query without an EQ on an indexed column."""
        return [
            cql("CREATE KEYSPACE cqlidx WITH strategy_class = SimpleStrategy "
                "AND strategy_options:replication_factor = 1;"),
            cql("USE cqlidx;"),
            cql("CREATE COLUMNFAMILY people (KEY ascii PRIMARY KEY, state ascii, age int) "
                "WITH comparator = ascii AND default_validation = ascii;"),
            cql("CREATE INDEX people_state ON people (state);"),
            cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP 2000 "
                "INSERT INTO people (KEY, state, age) VALUES ('p1', 'TX', 30) "
                "INSERT INTO people (KEY, state, age) VALUES ('p2', 'CA', 40) "
                "INSERT INTO people (KEY, state, age) VALUES ('p3', 'TX', 50) APPLY BATCH;"),
            cql("SELECT state, age FROM people WHERE state = 'TX';"),
            cql("SELECT age FROM people WHERE state = 'TX' AND age > 35;"),
            cql("SELECT age FROM people WHERE age > 35;"),
            cql("CREATE COLUMNFAMILY hits (KEY ascii PRIMARY KEY) WITH "
                "default_validation = counter AND comparator = ascii;"),
            cql("UPDATE hits SET total = total + 3 WHERE KEY = 'home';"),
            cql("UPDATE hits SET total = total + 2 WHERE KEY = 'home';"),
            v19.set_keyspace("cqlidx"),
            v19.get("home", cpath("hits", col="total")),
            cql("UPDATE hits SET total = 5 WHERE KEY = 'home';"),
            cql("TRUNCATE people;"),
            cql("SELECT * FROM people WHERE KEY = 'p1';"),
            cql("DROP INDEX people_state;"),
            cql("SELECT state FROM people WHERE state = 'TX';"),
        ]

    @scenario("o19e_v08_later_idl_client", "19", "upgrade", keyspace_reset="Upgrade")
    def v08_later_idl_client():
        """Hector 1.0 / pycassa 1.4 (built against the 1.0-1.1 IDL) on a 0.8 node: CfDef with
        compaction and compression options, a Column without a timestamp, 1.x-only calls."""
        ks = "Upgrade"
        return [
            v19.system_add_keyspace(ksdef(ks, era=(1, 0))),
            v19.set_keyspace(ks),
            v19.system_add_column_family(dsl.cf_def(
                ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                default_validation="UTF8Type",
                extra={29: dsl.b("SizeTieredCompactionStrategy"),
                       32: W.map_("bin", "bin", [(dsl.b("sstable_compression"),
                                                  dsl.b("SnappyCompressor"))]),
                       33: W.double(0.1)})),
            v19.insert("u1", cparent("Users"), column("name", "Ann", 160)),
            v19.insert("u1", cparent("Users"), column("email", "ann@x", None)),
            batch({"u1": {"Users": [mutation(deletion_=deletion(None, predicate=pred(
                names=["email"])))]}}),
            v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
            v19.get_range_slices(cparent("Users"), pred(start="", count=10), W.struct({
                1: dsl.b(""), 2: dsl.b(""), 5: W.i32(10),
                6: W.list_("struct", [index_expr("name", EQ, "Ann")])})),
            v19.get_paged_slice("Users", key_range(start_key="", end_key="", count=10), ""),
            v19.describe_keyspace(ks),
            v19.set_cql_version("2.0.0"),
        ]

    @scenario("o19e_v08_pycassa_keyvalidation", "19", "app", keyspace_reset="Typed")
    def v08_pycassa_keyvalidation():
        """pycassa 1.1 on 0.8 with typed keys: key_validation_class LongType, a key of the wrong
        size, an indexed slice with a bad value type, updating a CF's key_alias and validators."""
        ks = "Typed"
        return [
            setup(ks, [cfdef(ks, "Orders", comparator="AsciiType", key_validation="LongType",
                             metadata=[column_def("total", "LongType"),
                                       column_def("status", "AsciiType", KEYS_INDEX)])]),
            batch({long_(1): {"Orders": [ins("total", long_(250), 170),
                                         ins("status", "open", 170)]},
                   long_(2): {"Orders": [ins("total", long_(90), 170),
                                         ins("status", "shipped", 170)]}}),
            v19.insert("three", cparent("Orders"), column("total", long_(5), 171)),
            v19.insert(long_(3), cparent("Orders"), column("total", "5", 171)),
            v19.get_indexed_slices(cparent("Orders"),
                                   index_clause([index_expr("status", EQ, "open")], "", 10),
                                   pred(start="", count=10)),
            v19.get_range_slices(cparent("Orders"), pred(names=["total"]),
                                 key_range(start_key="", end_key="", count=10)),
            v19.system_update_column_family(cfdef(ks, "Orders", comparator="AsciiType",
                                                  key_validation="LongType", cf_id=1000,
                                                  extra={28: dsl.b("order_id")},
                                                  metadata=[column_def("total", "LongType")])),
            v19.describe_keyspace(ks),
            v19.get_indexed_slices(cparent("Orders"),
                                   index_clause([index_expr("status", EQ, "open")], "", 10),
                                   pred(start="", count=10)),
            cql("USE Typed;"),
            cql("SELECT * FROM Orders WHERE order_id = 1;"),
        ]


# ================================================================ second round: both releases
@scenario("o19e_tuned_cf_options", "19", "schema", keyspace_reset="Tuned")
def tuned_cf_options():
    """An ops script tuning CFs the 0.7/0.8 way (cache sizes, compaction thresholds, memtable
    settings), with the out-of-range values such scripts were run with."""
    ks = "Tuned"
    d, i = W.double, W.i32
    return [
        setup(ks, [cfdef(ks, "Hot", comparator="UTF8Type",
                         extra={9: d(1000.0), 11: d(0.5), 12: d(0.1), 19: i(3600),
                                20: i(14400), 21: i(60), 22: i(64), 23: d(0.3)})]),
        v19.system_add_column_family(cfdef(ks, "Bad1", extra={17: i(32), 18: i(4)})),
        v19.system_add_column_family(cfdef(ks, "Bad2", extra={12: d(1.5)})),
        v19.system_add_column_family(cfdef(ks, "Bad3", extra={22: i(0)})),
        v19.system_add_column_family(cfdef(ks, "Bad4", extra={23: d(-1.0)})),
        v19.system_add_column_family(cfdef(ks, "Bad5", extra={9: d(-5.0)})),
        v19.system_add_column_family(cfdef(ks, "Bad6", extra={17: i(1)})),
        v19.system_add_column_family(cfdef(ks, "bad name")),
        v19.system_add_column_family(cfdef(ks, "Cold", extra={21: i(0), 18: i(0), 17: i(0)})),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfdef(ks, "Hot", comparator="UTF8Type", cf_id=1000,
                                              extra={17: i(2), 18: i(64), 14: i(3600)})),
        v19.system_update_column_family(cfdef(ks, "Hot", comparator="UTF8Type", cf_id=1000,
                                              extra={17: i(64), 18: i(2)})),
        v19.system_update_column_family(cfdef(ks, "Hot", column_type="Super",
                                              comparator="UTF8Type", cf_id=1000)),
        v19.describe_keyspace(ks),
    ]


@scenario("o19e_bad_mutations", "19", "app", keyspace_reset="Sloppy")
def bad_mutations():
    """A hand-rolled Thrift client's batch builder with bugs: empty mutations, both column and
    deletion, a CoSC with two members, a negative slice count, predicates with both or
    neither member, a super column to a standard CF, invalid UTF-8 and ASCII values."""
    ks = "Sloppy"
    meta = [column_def("email", "AsciiType"), column_def("age", "IntegerType"),
            column_def("id", "LexicalUUIDType")]
    return [
        setup(ks, [cfdef(ks, "Std", comparator="UTF8Type", metadata=meta,
                         default_validation="UTF8Type"),
                   cfdef(ks, "Sup", column_type="Super", comparator="UTF8Type",
                         subcomparator="UTF8Type")]),
        batch({"k": {"Std": [mutation()]}}),
        batch({"k": {"Std": [mutation(cosc(column=column("a", "1", 200)),
                                      deletion(200, predicate=pred(names=["b"])))]}}),
        batch({"k": {"Std": [mutation(cosc(column=column("a", "1", 200),
                                           super_column=super_column("s", [])))]}}),
        batch({"k": {"Std": [mutation(cosc())]}}),
        batch({"k": {"Std": [mutation(cosc(super_column=super_column(
            "s", [column("a", "1", 200)])))]}}),
        batch({"k": {"Sup": [ins("a", "1", 200)]}}),
        batch({"k": {"Sup": [mutation(deletion_=deletion(200, sc="s", predicate=pred(
            names=["x"])))]}}),
        batch({"k": {}}),
        batch({}),
        v19.get_slice("k", cparent("Std"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("Std"), W.struct({1: W.list_("bin", [dsl.b("a")]),
                                                     2: dsl.srange("", "", False, 10)})),
        v19.get_slice("k", cparent("Std"), W.struct({})),
        v19.get_slice("k", cparent("Std", "s"), pred(start="", count=10)),
        v19.insert("k", cparent("Std"), column("bio", b"\xff\xfe bad", 201)),
        v19.insert("k", cparent("Std"), column("email", "caf\xe9@x", 201)),
        v19.insert("k", cparent("Std"), column("age", b"\x00\x2a", 201)),
        v19.insert("k", cparent("Std"), column("id", b"\x01\x02", 201)),
        v19.insert("k", cparent("Std"), column(b"\xc3\x28", "v", 201)),
        v19.insert("k" * 70000, cparent("Std"), column("a", "1", 201)),
        v19.insert("k", cparent("Std"), column("n" * 70000, "1", 201)),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.multiget_slice(["k", "k", "j"], cparent("Std"), pred(start="", count=10)),
        v19.remove("k", cpath("Std", "s"), 202),
        v19.remove("k", cpath("Sup", col="a"), 202),
        v19.get("k", cpath("Std")),
        v19.get("k", cpath("Sup")),
    ]


@scenario("o19e_super_cf_deletes", "19", "app", keyspace_reset="Inbox")
def super_cf_deletes():
    """A mail app on a super CF (folder -> message ids): move a message between folders with
    one batch (insert + subcolumn deletion), delete a folder, read reversed and counted pages."""
    ks = "Inbox"
    return [
        setup(ks, [cfdef(ks, "Folders", column_type="Super", comparator="UTF8Type",
                         subcomparator="LongType")]),
        batch({"ann": {"Folders": [
            mutation(cosc(super_column=super_column("inbox", [column(long_(n), "m%d" % n, 210)
                                                               for n in range(1, 7)]))),
            mutation(cosc(super_column=super_column("sent", [column(long_(50), "s", 210)])))]}}),
        batch({"ann": {"Folders": [
            mutation(cosc(super_column=super_column("archive", [column(long_(3), "m3", 211)]))),
            mutation(deletion_=deletion(211, sc="inbox", predicate=pred(names=[long_(3)])))]}}),
        v19.get_slice("ann", cparent("Folders", "inbox"),
                      pred(start="", finish="", reversed=True, count=2)),
        v19.get_slice("ann", cparent("Folders", "inbox"),
                      pred(start=long_(4), finish="", reversed=True, count=10)),
        v19.get_count("ann", cparent("Folders", "inbox"), pred(start="", count=3)),
        v19.get_slice("ann", cparent("Folders"), pred(names=["archive", "trash"])),
        v19.remove("ann", cpath("Folders", "inbox", long_(1)), 212),
        v19.remove("ann", cpath("Folders", "sent"), 212),
        batch({"ann": {"Folders": [mutation(deletion_=deletion(213, predicate=pred(
            names=["archive"])))]}}),
        v19.get_slice("ann", cparent("Folders"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Folders"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Folders", "inbox"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_count(["ann", "bob"], cparent("Folders", "inbox"),
                           pred(start="", count=100)),
        v19.insert("ann", cparent("Folders", "inbox"), column("seven", "m7", 214)),
    ]


@scenario("o19e_token_ranges", "19", "app", keyspace_reset="Scan")
def token_ranges():
    """A batch exporter walking the ring by tokens (RandomPartitioner), as a map/reduce-less
    job did: describe_ring, token ranges, a wrapping range, start_key with end_token."""
    ks = "Scan"
    return [
        setup(ks, [cfdef(ks, "Items", comparator="UTF8Type")]),
        batch({"item%d" % n: {"Items": [ins("v", str(n), 220)]} for n in range(8)}),
        v19.describe_ring(ks),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_token="0",
                                       end_token="85070591730234615865843651857942052864",
                                       count=100)),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_token="85070591730234615865843651857942052864",
                                       end_token="0", count=100)),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_token="abc", end_token="0", count=100)),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_key="item3", end_token="0", count=100)),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_key="item3", end_key="item3", count=100)),
        v19.describe_splits("Items", "0", "85070591730234615865843651857942052864", 128),
        v19.get_range_slices(cparent("Items"), pred(names=["v"]),
                             key_range(start_token="-1", end_token="0", count=100)),
    ]


@scenario("o19e_system_keyspace_poking", "19", "admin", keyspace_reset="Poke")
def system_keyspace_poking():
    """An admin tool that pokes at the system keyspace: reads LocationInfo, tries to write to it,
    to drop it, to add a CF to it; keyspace names a tool got wrong."""
    return [
        v19.set_keyspace("system"),
        v19.get_slice("no-such-row", cparent("LocationInfo"), pred(start="", count=10)),
        v19.insert("x", cparent("NoSuchSystemCf"), column("c", "v", 230)),
        v19.system_add_column_family(cfdef("system", "Mine")),
        v19.system_add_keyspace(ksdef("system")),
        v19.system_add_keyspace(ksdef("my-app")),
        v19.system_add_keyspace(ksdef("Poke", strategy="SimpleStrategy")),
        v19.describe_keyspace("Poke"),
        v19.system_add_keyspace(ksdef("Poke")),
        v19.system_add_keyspace(ksdef("Poke2", strategy="org.example.NoSuchStrategy")),
        v19.system_add_keyspace(ksdef("Poke3", rf=0)),
        v19.describe_keyspace("Poke3"),
        v19.system_drop_keyspace("Poke3"),
        v19.system_update_keyspace(ksdef("Poke", strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace("Poke"),
        v19.system_update_keyspace(ksdef("Nope")),
        v19.system_update_keyspace(ksdef("Poke", [cfdef("Poke", "X")])),
    ]


@scenario("o19e_index_maintenance", "19", "index", keyspace_reset="Idx")
def index_maintenance():
    """Index maintenance: overwrite and delete indexed values and query again (stale entries
    must not show), index on a BytesType column, two indexes in one clause."""
    ks = "Idx"
    meta = [column_def("color", "BytesType", KEYS_INDEX), column_def("size", "UTF8Type",
                                                                      KEYS_INDEX, "by_size")]
    return [
        setup(ks, [cfdef(ks, "Things", comparator="UTF8Type", metadata=meta)]),
        batch({"t%d" % n: {"Things": [ins("color", c, 240), ins("size", s, 240)]}
               for n, (c, s) in enumerate([("red", "S"), ("blue", "M"), ("red", "L"),
                                            ("red", "M")])}),
        v19.insert("t0", cparent("Things"), column("color", "blue", 241)),
        v19.remove("t2", cpath("Things", col="color"), 241),
        v19.get_indexed_slices(cparent("Things"), index_clause([index_expr("color", EQ, "red")]),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Things"), index_clause(
            [index_expr("color", EQ, "red"), index_expr("size", EQ, "M")]),
            pred(names=["size"])),
        v19.get_indexed_slices(cparent("Things"), index_clause(
            [index_expr("size", EQ, "M")], count=1), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Things"), index_clause(
            [index_expr("size", EQ, "M")], count=0), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Things"), index_clause(
            [index_expr("size", LT, "Z")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Things"), index_clause([]), pred(start="", count=10)),
        v19.remove("t1", cpath("Things"), 242),
        v19.get_indexed_slices(cparent("Things"), index_clause([index_expr("color", EQ, "blue")]),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Nope"), index_clause([index_expr("color", EQ, "blue")]),
                               pred(start="", count=10)),
    ]


# ================================================================ second round: 0.8 only
if V08:
    import zlib

    @scenario("o19e_v08_cql2_gzip_driver", "19", "cql", keyspace_reset="gz")
    def v08_cql2_gzip_driver():
        """The Python cql driver (1.0) sends its queries zlib-compressed (Compression.GZIP);
        schema changes with ALTER, ranges, REVERSED, LIMIT, TTL, errors."""
        def gz(q):
            return dsl.Step("execute_cql_query", W.struct({1: dsl.b(zlib.compress(q.encode())),
                                                           2: W.i32(1)}))
        return [
            gz("CREATE KEYSPACE gz WITH strategy_class = SimpleStrategy "
               "AND strategy_options:replication_factor = 1;"),
            gz("USE gz;"),
            gz("CREATE COLUMNFAMILY log (KEY varchar PRIMARY KEY) WITH comparator = bigint "
               "AND default_validation = text AND comment = 'app log';"),
            gz("INSERT INTO log (KEY, 1, 2, 3, 4) VALUES ('day1', 'a', 'b', 'c', 'd') "
               "USING TIMESTAMP 3000;"),
            gz("SELECT 2..3 FROM log WHERE KEY = 'day1';"),
            gz("SELECT FIRST 2 REVERSED 4..1 FROM log WHERE KEY = 'day1';"),
            gz("SELECT * FROM log WHERE KEY > 'a' LIMIT 5;"),
            gz("SELECT * FROM log WHERE KEY >= 'day1' AND KEY <= 'day1';"),
            gz("ALTER TABLE log ADD level varchar;"),
            gz("ALTER TABLE log DROP level;"),
            gz("ALTER TABLE log ADD 5 int;"),
            gz("INSERT INTO log (KEY, 5) VALUES ('day1', 'x') USING TIMESTAMP 3001;"),
            gz("INSERT INTO log (KEY, 'five') VALUES ('day1', 'x') USING TIMESTAMP 3001;"),
            gz("UPDATE log USING TIMESTAMP 3002 AND TTL 86400 SET 6 = 'e' WHERE KEY = 'day1';"),
            gz("SELECT 6 FROM log WHERE KEY = 'day1';"),
            gz("USE nosuchks;"),
            gz("DELETE 1 FROM log WHERE KEY = 'day1' USING TIMESTAMP 3003;"),
            v19.execute_cql_query("SELECT 1..2 FROM log WHERE KEY = 'day1';", compression=1),
            gz("DROP KEYSPACE gz;"),
            gz("SELECT * FROM log WHERE KEY = 'day1';"),
        ]

    @scenario("o19e_v08_counter_batches", "19", "counters", keyspace_reset="Tally")
    def v08_counter_batches():
        """Counter batches from an analytics collector: counter deletions in batch_mutate, a
        counter super column removed whole, counters read by range and counted."""
        ks = "Tally"
        cc = lambda n, v: mutation(cosc(counter_column=counter_column(n, v)))  # noqa: E731
        return [
            setup(ks, [cfdef(ks, "Clicks", comparator="UTF8Type",
                             default_validation="CounterColumnType"),
                       cfdef(ks, "ByHour", column_type="Super", comparator="LongType",
                             subcomparator="UTF8Type", default_validation="CounterColumnType")]),
            batch({"ad1": {"Clicks": [cc("total", 4), cc("mobile", 1)]},
                   "ad2": {"Clicks": [cc("total", 9)]}}),
            batch({"ad1": {"Clicks": [cc("total", 1)], "ByHour": [mutation(cosc(
                counter_super_column=dsl.counter_super_column(long_(10), [
                    counter_column("us", 3), counter_column("eu", 2)])))]}}),
            batch({"ad2": {"Clicks": [mutation(deletion_=deletion(None, predicate=pred(
                names=["total"])))]}}),
            batch({"ad1": {"Clicks": [mutation(deletion_=deletion(250, predicate=pred(
                names=["mobile"])))]}}),
            v19.get_range_slices(cparent("Clicks"), pred(start="", count=10),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get_count("ad1", cparent("ByHour", long_(10)), pred(start="", count=10)),
            v19.remove_counter("ad1", cpath("ByHour", long_(10))),
            v19.get_slice("ad1", cparent("ByHour"), pred(start="", count=10)),
            v19.add("ad1", cparent("Clicks"), counter_column("total", 1), ALL),
            v19.add("ad1", cparent("ByHour"), counter_column("us", 1)),
            v19.add("ad1", cparent("Clicks", long_(1)), counter_column("us", 1)),
            v19.remove("ad1", cpath("Clicks", col="total"), 251),
            v19.get("ad1", cpath("Clicks", col="total")),
            v19.insert("ad1", cparent("ByHour", long_(11)), column("us", long_(1), 252)),
            v19.multiget_count(["ad1", "ad2"], cparent("Clicks"), pred(start="", count=10)),
            v19.describe_keyspace(ks),
        ]
