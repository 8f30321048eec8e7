"""Ordinary Thrift-era application traffic for 0.7.10, 0.8.10, 1.0.12 and 1.1.12 (set i).

Applications of those years, each in a keyspace of its own (dropped before and after), each
as its client library sent the calls, mistakes included: a Scala app on Twitter's Cassie
(timelines of LongType names paged count+1, counter batches), a C# app on Aquiles /
FluentCassandra (super column families as nested dictionaries, get_count / multiget_count),
a Perl Net::Cassandra admin script, a Go (gossie) client's connect-time calls, a
Lucandra/Solandra inverted index (byte-named wide rows, key and token range scans), a metrics
store (metric+bucket row keys, LongType names, reversed slices, TTLs), a Flask app's user
profiles under a KEYS index paged by start_key, a feature-flag store (row deletions then
range ghosts), a schema script (keyspaces, column families dropped and added again), removes at
every level, bad input (long and empty keys, wrong comparator bytes, a version-4 TimeUUID,
bad counts), counters or a session store, CQL 2 (0.8+) and a client built against a later IDL.

The release comes from the environment (RELEASE or I19_RELEASE: 0.7.10, 0.8.10, 1.0.12,
1.1.12); only the scenarios of that release register, named i07_/i08_/i10_/i11_*. Every
call sends only what that release's cassandra.thrift declared, except the *_later_client
scenario, whose client was built against a later IDL.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
from dsl import (scenario, v19, b, cparent, cpath, pred, key_range, column, cosc, mutation,  # noqa: E402
                 ins, ins_super, deletion, counter_column, super_column, column_def,
                 index_expr, index_clause, raw, long_, timeuuid, lexuuid, uuid_, EQ, GT, GTE,
                 KEYS_INDEX, ONE, QUORUM, ANY, Step)

REL = os.environ.get("I19_RELEASE") or os.environ.get("RELEASE") or "0.7.10"
V = tuple(int(x) for x in REL.split(".")[:2])  # (0, 7)
TAG = {(0, 7): "i07", (0, 8): "i08", (1, 0): "i10", (1, 1): "i11"}.get(V, "i11")
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"


def sc(name, releases=None):
    """Register NAME (prefixed by the release tag) when the release is among RELEASES."""
    def deco(fn):
        if releases is not None and V not in releases:
            return fn
        ks = fn.__defaults__[0] if fn.__defaults__ else None
        return scenario("%s_%s" % (TAG, name), "19", "ordinary", keyspace_reset=ks)(fn)
    return deco


# ---------------------------------------------------------------- era-shaped structs
def ksdef(name, cfs=(), rf=1, strategy=SIMPLE, options=None):
    """KsDef as this release's clients built it: 0.7 sent the required replication_factor
    (field 4); 0.8+ clients put it into strategy_options."""
    if V == (0, 7):
        opts = options
        return W.struct({1: b(name), 2: b(strategy),
                         3: None if opts is None else W.map_("bin", "bin", [
                             (b(k), b(v)) for k, v in opts.items()]),
                         4: W.i32(rf), 5: W.list_("struct", list(cfs))})
    if options is None and strategy == SIMPLE:
        options = {"replication_factor": str(rf)}
    return W.struct({1: b(name), 2: b(strategy),
                     3: W.map_("bin", "bin", [(b(k), b(v)) for k, v in (options or {}).items()]),
                     5: W.list_("struct", list(cfs))})


def cfdef(ks, name, ctype=None, comparator=None, sub=None, comment=None, meta=None,
          gc=None, validation=None, key_validation=None, cfid=None, extra=None):
    f = {1: b(ks), 2: b(name), 3: None if ctype is None else b(ctype),
         5: None if comparator is None else b(comparator), 6: None if sub is None else b(sub),
         8: None if comment is None else b(comment),
         13: None if meta is None else W.list_("struct", meta),
         14: None if gc is None else W.i32(gc),
         15: None if validation is None else b(validation),
         16: None if cfid is None else W.i32(cfid)}
    if key_validation is not None and V >= (0, 8):
        f[26] = b(key_validation)
    f.update(extra or {})
    return W.struct(f)


def col(name, value, t, ttl=None):
    return column(name, value, t, ttl)


def put(key, cf, name, value, t, ttl=None, scol=None, cl=ONE):
    return v19.insert(key, cparent(cf, scol), col(name, value, t, ttl), cl)


def add_ks(ks, cfs, rf=1):
    return [v19.system_add_keyspace(ksdef(ks, cfs, rf)), v19.set_keyspace(ks)]


def cql(q):
    return v19.execute_cql_query(q)


# ---------------------------------------------------------------- 1. Cassie timelines
@sc("cassie_timeline")
def cassie_timeline(ks="CassieTL"):
    """Scala app on Twitter's Cassie: home timelines as LongType-named wide rows of status ids,
    statuses in a UTF8 CF; batch writes, count+1 paging of reversed slices, counter batch."""
    cfs = [cfdef(ks, "Timelines", comparator="LongType"),
           cfdef(ks, "Statuses", comparator="UTF8Type", validation="UTF8Type")]
    if V >= (0, 8):
        cfs.append(cfdef(ks, "TweetCounts", comparator="UTF8Type",
                         validation="CounterColumnType", extra={24: W.boolean(True)}))
    steps = add_ks(ks, cfs)
    tl = [ins(long_(100 + i), "s%d" % (100 + i), 10 + i) for i in range(7)]
    st = {"s%d" % (100 + i): {"Statuses": [ins("text", "status number %d" % i, 10),
                                            ins("user", "bob", 10)]} for i in range(3)}
    st["alice"] = {"Timelines": tl}
    steps.append(v19.batch_mutate(st, QUORUM))
    steps += [
        v19.get_slice("alice", cparent("Timelines"), pred(start="", reversed=True, count=4)),
        v19.get_slice("alice", cparent("Timelines"),
                      pred(start=long_(103), reversed=True, count=4)),
        v19.get_slice("alice", cparent("Timelines"),
                      pred(start=long_(100), finish=long_(102), count=4)),
        # start after finish in forward order
        v19.get_slice("alice", cparent("Timelines"),
                      pred(start=long_(105), finish=long_(101), count=4)),
        v19.multiget_slice(["s100", "s101", "s999"], cparent("Statuses"),
                           pred(names=["text", "user"])),
        # a status id sent as a 4-byte int
        put("alice", "Timelines", b"\x00\x00\x00\x6b", "s107", 20),
        v19.remove("alice", cpath("Timelines", col=long_(104)), 30),
        v19.get("alice", cpath("Timelines", col=long_(104))),
        v19.get_count("alice", cparent("Timelines"), pred(start="", count=1000)),
    ]
    if V >= (0, 8):
        cc = lambda n, v: mutation(cosc(counter_column=counter_column(n, v)))  # noqa: E731
        steps += [
            v19.batch_mutate({"alice": {"TweetCounts": [cc("tweets", 3), cc("followers", 10)]},
                              "bob": {"TweetCounts": [cc("tweets", 1)]}}),
            v19.batch_mutate({"alice": {"TweetCounts": [cc("tweets", 2)]}}),
            v19.get_slice("alice", cparent("TweetCounts"), pred(start="", count=10)),
            v19.multiget_slice(["alice", "bob"], cparent("TweetCounts"), pred(names=["tweets"])),
            # a counter batch into the plain CF
            v19.batch_mutate({"alice": {"Statuses": [cc("views", 1)]}}),
        ]
    else:
        steps.append(v19.get_slice("alice", cparent("Timelines"),
                                   pred(start=long_(106), finish=long_(101), reversed=True,
                                        count=2)))
    return steps


# ---------------------------------------------------------------- 2. Aquiles supers
@sc("aquiles_blog")
def aquiles_blog(ks="AquilesBlog"):
    """C# app on Aquiles/FluentCassandra: posts as super columns of a per-author row, their
    fields as sub columns; counts of wide rows and of a super column; removes."""
    steps = add_ks(ks, [cfdef(ks, "Posts", ctype="Super", comparator="UTF8Type",
                              sub="UTF8Type", validation="UTF8Type"),
                        cfdef(ks, "Authors", comparator="UTF8Type")])
    steps.append(v19.batch_mutate({
        "jon": {"Posts": [ins_super("2011-03-01-hello", [("title", "Hello"), ("body", "First")],
                                    5),
                          ins_super("2011-03-02-again", [("title", "Again"), ("body", "Second"),
                                                         ("tags", "misc")], 5)],
                "Authors": [ins("name", "Jon Skeet", 5), ins("email", "jon@example.com", 5)]},
        "ann": {"Posts": [ins_super("2011-04-01-first", [("title", "Mine")], 6)]}}))
    steps += [
        v19.get_slice("jon", cparent("Posts"), pred(start="", count=100)),
        v19.get_slice("jon", cparent("Posts", "2011-03-02-again"), pred(start="", count=100)),
        v19.get("jon", cpath("Posts", "2011-03-01-hello", "title")),
        v19.get("jon", cpath("Posts", "2011-03-01-hello")),
        v19.get_count("jon", cparent("Posts"), pred(start="", count=100)),
        v19.get_count("jon", cparent("Posts", "2011-03-02-again"), pred(start="", count=100)),
        v19.multiget_count(["jon", "ann", "nobody"], cparent("Posts"), pred(start="", count=100)),
        # a sub column asked without its super column
        v19.get("jon", cpath("Posts", col="title")),
        put("ann", "Posts", "body", "text", 7, scol="2011-04-01-first"),
        # a sub column written with no super column named
        put("ann", "Posts", "body", "text", 7),
        v19.remove("jon", cpath("Posts", "2011-03-02-again", "tags"), 8),
        v19.get_slice("jon", cparent("Posts", "2011-03-02-again"), pred(names=["tags", "title"])),
        v19.remove("jon", cpath("Posts", "2011-03-01-hello"), 8),
        v19.get("jon", cpath("Posts", "2011-03-01-hello")),
        v19.get_range_slices(cparent("Posts"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_count(["jon", "ann"], cparent("Authors"), pred(start="", count=100)),
    ]
    return steps


# ---------------------------------------------------------------- 3. Perl admin script
@sc("perl_admin")
def perl_admin(ks="PerlAdmin"):
    """A Perl Net::Cassandra admin script: what the cluster is, a keyspace made, described,
    its replication raised, typos in keyspace names."""
    steps = [v19.describe_version(), v19.describe_cluster_name(), v19.describe_partitioner(),
             v19.describe_snitch(),
             v19.describe_keyspace("PerlAdmn"),
             v19.set_keyspace("PerlAdmn"),
             v19.system_add_keyspace(ksdef(ks, [cfdef(ks, "Hosts", comparator="UTF8Type",
                                                       comment="inventory")])),
             v19.describe_keyspace(ks),
             v19.system_update_keyspace(ksdef(ks, [], rf=2)),
             v19.describe_keyspace(ks),
             v19.describe_ring(ks),
             v19.set_keyspace(ks),
             put("web01", "Hosts", "ip", "10.0.0.1", 1),
             v19.get_slice("web01", cparent("Hosts"), pred(start="", count=10)),
             v19.system_drop_keyspace("PerlAdmn"),
             # the keyspace added again under the same name
             v19.system_add_keyspace(ksdef(ks, [])),
             ]
    return steps


# ---------------------------------------------------------------- 4. gossie connect
@sc("gossie_connect")
def gossie_connect(ks="GossieApp"):
    """A Go (gossie) client's connect-time calls: version check, keyspace chosen before the
    schema exists, schema versions, then a row mapped from a struct."""
    steps = [v19.describe_version(), v19.set_keyspace(ks),
             v19.system_add_keyspace(ksdef(ks, [cfdef(ks, "Tweets", comparator="UTF8Type",
                                                       validation="BytesType",
                                                       key_validation="UTF8Type")])),
             v19.describe_schema_versions(), v19.set_keyspace(ks),
             v19.login({"username": "gossie", "password": "secret"}),
             v19.describe_keyspace(ks),
             v19.batch_mutate({"tw-1": {"Tweets": [ins("User", "ann", 3), ins("Body", "hi", 3),
                                                    ins("Lang", "en", 3)]}}),
             v19.get_slice("tw-1", cparent("Tweets"), pred(start="", count=0)),
             v19.get_slice("tw-1", cparent("Tweets"), pred(start="", count=3)),
             v19.get_slice("tw-1", cparent("Tweets"), pred(names=["Body", "Missing"])),
             v19.get_slice("tw-1", cparent("Tweetz"), pred(start="", count=3)),
             ]
    return steps


# ---------------------------------------------------------------- 5. Solandra index
@sc("solandra_index")
def solandra_index(ks="L"):
    """A Lucandra/Solandra-style inverted index: rows "index/field/term" whose column names are
    document ids (bytes), a document CF; key-range and token-range scans paged by key."""
    steps = add_ks(ks, [cfdef(ks, "TI", comparator="BytesType"),
                        cfdef(ks, "Docs", comparator="BytesType")])
    terms = ["idx\xffbody\xffcassandra", "idx\xffbody\xffthrift", "idx\xffbody\xffjava",
             "idx\xfftitle\xffhello", "idx\xfftitle\xffworld"]
    mm = {}
    for i, t in enumerate(terms):
        mm[t] = {"TI": [ins(bytes([0, 0, 0, d]), b"\x01" + bytes([i]), 2) for d in
                        range(i % 3 + 1)]}
    for d in range(3):
        mm["doc%d" % d] = {"Docs": [ins("body", "text of %d" % d, 2)]}
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.get_range_slices(cparent("TI"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("TI"), pred(start="", count=100),
                             key_range(start_key=terms[3], end_key="", count=3)),
        v19.get_range_slices(cparent("TI"), pred(start="", count=2),
                             key_range(start_token="0",
                                       end_token="85070591730234615865843651857942052864",
                                       count=100)),
        v19.get_range_slices(cparent("TI"), pred(start="", count=2),
                             key_range(start_token="85070591730234615865843651857942052864",
                                       end_token="0", count=100)),
        # both a start key and a start token
        v19.get_range_slices(cparent("TI"), pred(start="", count=2),
                             key_range(start_key=terms[0], start_token="0", count=10)),
        # keys out of token order
        v19.get_range_slices(cparent("TI"), pred(start="", count=2),
                             key_range(start_key="doc1", end_key="doc0", count=10)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_slice(terms[2], cparent("TI"), pred(start=b"\x00\x00\x00\x01", count=10)),
        v19.multiget_slice(terms, cparent("TI"), pred(start="", finish="", count=1)),
        v19.get_count(terms[1], cparent("TI"), pred(start="", count=100)),
        v19.describe_splits("TI", "0", "0", 128),
    ]
    return steps


# ---------------------------------------------------------------- 6. metrics store
@sc("metrics_store")
def metrics_store(ks="Metrics"):
    """A Cyanite/KairosDB-style metrics store: row key metric:bucket, LongType names of the
    point's time, long values, TTLs; latest point by a reversed slice of 1."""
    steps = add_ks(ks, [cfdef(ks, "Points", comparator="LongType", validation="LongType",
                              gc=3600)])
    rows = {}
    for bucket in (1300000000, 1300003600):
        rows["cpu.load:%d" % bucket] = {"Points": [
            ins(long_(bucket + 60 * i), long_(40 + i + bucket % 7), 1 + i, ttl=86400)
            for i in range(5)]}
    steps.append(v19.batch_mutate(rows))
    steps += [
        v19.get_slice("cpu.load:1300003600", cparent("Points"),
                      pred(start="", reversed=True, count=1)),
        v19.get_slice("cpu.load:1300000000", cparent("Points"),
                      pred(start=long_(1300000060), finish=long_(1300000180), count=100)),
        v19.multiget_slice(["cpu.load:1300000000", "cpu.load:1300003600", "cpu.load:1300007200"],
                           cparent("Points"), pred(start="", reversed=True, count=2)),
        v19.get_count("cpu.load:1300000000", cparent("Points"),
                      pred(start=long_(1300000100), finish="", count=100)),
        # a value that is not a long
        put("cpu.load:1300007200", "Points", long_(1300007200), "0.75", 9),
        # a time name of 4 bytes
        put("cpu.load:1300007200", "Points", b"\x4d\x7c\x6d\x00", long_(1), 9),
        # ttl of 0
        put("cpu.load:1300007200", "Points", long_(1300007260), long_(1), 9, ttl=0),
        put("cpu.load:1300007200", "Points", long_(1300007260), long_(77), 9, ttl=60),
        v19.get("cpu.load:1300007200", cpath("Points", col=long_(1300007260))),
        v19.remove("cpu.load:1300000000", cpath("Points"), 50),
        v19.get_range_slices(cparent("Points"), pred(start="", reversed=True, count=1),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# ---------------------------------------------------------------- 7. user profiles
@sc("flask_profiles")
def flask_profiles(ks="Profiles"):
    """A Flask app's user profiles under KEYS indexes (declared with the CF): lookups by state,
    paged by start_key, with a second expression; a bad year; an EQ-less clause."""
    meta = [column_def("email", "UTF8Type"),
            column_def("state", "UTF8Type", KEYS_INDEX, "state_idx"),
            column_def("birth_year", "LongType", KEYS_INDEX)]
    steps = add_ks(ks, [cfdef(ks, "Users", comparator="UTF8Type", meta=meta,
                              key_validation="UTF8Type")])
    users = [("u01", "CA", 1980), ("u02", "NY", 1975), ("u03", "CA", 1990), ("u04", "CA", 1985),
             ("u05", "TX", 1980), ("u06", "CA", 1970)]
    steps.append(v19.batch_mutate({u: {"Users": [ins("email", "%s@example.com" % u, 4),
                                                 ins("state", s, 4),
                                                 ins("birth_year", long_(y), 4)]}
                                   for u, s, y in users}))
    steps += [
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                              count=2), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                              start_key="u03", count=3),
                               pred(names=["email"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("birth_year", GT, long_(1980))]),
            pred(names=["birth_year"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth_year", EQ, long_(1980))]), pred(names=["state"])),
        # no EQ on an indexed column
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth_year", GTE, long_(1980))]), pred(names=["state"])),
        # the year as text
        put("u07", "Users", "birth_year", "1999", 5),
        put("u07", "Users", "state", "NY", 5),
        v19.remove("u03", cpath("Users", col="state"), 6),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")]),
                               pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "NY")]),
                               pred(start="", count=1)),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("email", EQ,
                                                                          "u01@example.com")]),
                               pred(start="", count=1)),
    ]
    if V >= (1, 1):
        steps.append(v19.get_range_slices(
            cparent("Users"), pred(names=["state"]),
            key_range(start_key="", end_key="", count=10,
                      row_filter=[index_expr("state", EQ, "TX")])))
    return steps


# ---------------------------------------------------------------- 8. feature flags
@sc("feature_flags")
def feature_flags(ks="Flags"):
    """A feature-flag store: one row per application, one column per flag; flags turned off,
    a whole application removed and then listed (its key stays, no columns)."""
    steps = add_ks(ks, [cfdef(ks, "Flags", comparator="UTF8Type", validation="UTF8Type")])
    steps += [
        put("checkout", "Flags", "new_cart", "on", 1),
        put("checkout", "Flags", "paypal", "off", 1),
        put("search", "Flags", "fuzzy", "on", 1),
        put("legacy", "Flags", "old_ui", "on", 1),
        v19.get("checkout", cpath("Flags", col="new_cart")),
        v19.get("checkout", cpath("Flags", col="dark_mode")),
        # the CF named, the flag not
        v19.get("checkout", cpath("Flags")),
        # an empty flag name
        put("search", "Flags", "", "on", 2),
        put("checkout", "Flags", "paypal", "on", 3),
        v19.get("checkout", cpath("Flags", col="paypal")),
        v19.remove("checkout", cpath("Flags", col="new_cart"), 4),
        v19.remove("legacy", cpath("Flags"), 4),
        v19.get_slice("legacy", cparent("Flags"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Flags"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.multiget_slice(["checkout", "legacy", "search"], cparent("Flags"),
                           pred(names=["new_cart", "paypal", "fuzzy"])),
        # written again below the row's deletion
        put("legacy", "Flags", "old_ui", "on", 3),
        put("legacy", "Flags", "new_ui", "on", 5),
        v19.get_slice("legacy", cparent("Flags"), pred(start="", count=100)),
    ]
    return steps


# ---------------------------------------------------------------- 9. schema script
@sc("schema_script")
def schema_script(ks="SchemaApp"):
    """A deploy script's schema steps: keyspace and CFs made, a CF updated, dropped and made
    again under its name, a typo'd comparator, a CF added twice, the replication changed."""
    steps = [v19.system_add_keyspace(ksdef(ks, [cfdef(ks, "Events", comparator="TimeUUIDType")])),
             v19.set_keyspace(ks),
             v19.system_add_column_family(cfdef(ks, "Sessions", comparator="UTF8Type",
                                                comment="web sessions", gc=864000)),
             v19.system_add_column_family(cfdef(ks, "Sessions", comparator="UTF8Type")),
             v19.system_add_column_family(cfdef(ks, "Audit", comparator="LongTyp")),
             v19.system_add_column_family(cfdef(ks, "Audit", comparator="LongType",
                                                validation="UTF8Type")),
             put("s1", "Sessions", "user", "ann", 1),
             # the update, without the id the describe gave
             v19.system_update_column_family(cfdef(ks, "Sessions", comparator="UTF8Type",
                                                   comment="web sessions v2", gc=3600)),
             v19.describe_keyspace(ks),
             v19.system_drop_column_family("Sessions"),
             v19.get("s1", cpath("Sessions", col="user")),
             v19.system_add_column_family(cfdef(ks, "Sessions", comparator="UTF8Type",
                                                validation="UTF8Type")),
             v19.get_slice("s1", cparent("Sessions"), pred(start="", count=10)),
             put("s1", "Sessions", "user", "bob", 2),
             v19.get_slice("s1", cparent("Sessions"), pred(start="", count=10)),
             v19.system_drop_column_family("Sesions"),
             v19.system_update_keyspace(ksdef(ks, [], strategy=NTS,
                                              options={"datacenter1": "1"})),
             v19.describe_keyspace(ks),
             put("s2", "Sessions", "user", "cy", 3),
             v19.get("s2", cpath("Sessions", col="user")),
             ]
    return steps


# ---------------------------------------------------------------- 10. removes
@sc("remove_levels")
def remove_levels(ks="Removals"):
    """Removes at every level an app met: a column, a row, a super column, a sub column, an
    older-timestamp remove that loses, batch deletions by names and by range."""
    steps = add_ks(ks, [cfdef(ks, "Std", comparator="UTF8Type"),
                        cfdef(ks, "Sup", ctype="Super", comparator="UTF8Type", sub="UTF8Type")])
    steps += [
        v19.batch_mutate({"r1": {"Std": [ins("a", "1", 10), ins("b", "2", 10), ins("c", "3", 10),
                                         ins("d", "4", 10)],
                                 "Sup": [ins_super("x", [("p", "1"), ("q", "2")], 10),
                                         ins_super("y", [("p", "3")], 10)]},
                          "r2": {"Std": [ins("a", "1", 10)]}}),
        v19.remove("r1", cpath("Std", col="a"), 5),
        v19.get("r1", cpath("Std", col="a")),
        v19.remove("r1", cpath("Std", col="a"), 11),
        v19.get("r1", cpath("Std", col="a")),
        v19.remove("r1", cpath("Sup", "x", "q"), 11),
        v19.get_slice("r1", cparent("Sup"), pred(start="", count=10)),
        v19.remove("r1", cpath("Sup", "y"), 11),
        v19.get_slice("r1", cparent("Sup"), pred(start="", count=10)),
        v19.batch_mutate({"r1": {"Std": [mutation(deletion_=deletion(12, predicate=pred(
            names=["b", "zz"])))]}}),
        v19.get_slice("r1", cparent("Std"), pred(start="", count=10)),
        v19.batch_mutate({"r1": {"Std": [mutation(deletion_=deletion(12, predicate=pred(
            start="c", finish="d")))]}}),
        v19.batch_mutate({"r1": {"Sup": [mutation(deletion_=deletion(12, sc="x", predicate=pred(
            names=["p"])))]}}),
        v19.get_slice("r1", cparent("Sup"), pred(start="", count=10)),
        v19.remove("r2", cpath("Std"), 12),
        v19.remove("r2", cpath("Nope"), 12),
        v19.get_count("r2", cparent("Std"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Std"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"r1": {"Sup": [mutation(deletion_=deletion(13))]}}),
        v19.get_slice("r1", cparent("Sup"), pred(start="", count=10)),
    ]
    return steps


# ---------------------------------------------------------------- 11. bad input
@sc("bad_input")
def bad_input(ks="BadInput"):
    """The errors an app met on its way: a key too long, an empty key, a version-4 UUID in a
    TimeUUIDType CF, a short LexicalUUID, a negative count, a read at ANY, invalid UTF-8."""
    steps = add_ks(ks, [cfdef(ks, "Events", comparator="TimeUUIDType"),
                        cfdef(ks, "Things", comparator="LexicalUUIDType"),
                        cfdef(ks, "Names", comparator="UTF8Type", validation="UTF8Type")])
    steps += [
        put("e1", "Events", timeuuid(1), "start", 1),
        put("e1", "Events", timeuuid(2), "stop", 2),
        put("e1", "Events", uuid_("8f14e45f-ceea-467f-a9f8-1f2a1e8b9c2d"), "v4", 3),
        put("e1", "Events", b"\x01\x02\x03", "short", 3),
        v19.get_slice("e1", cparent("Events"), pred(start="", count=10)),
        put("t1", "Things", lexuuid(1), "one", 1),
        put("t1", "Things", b"abc", "short", 1),
        put("x" * 70000, "Names", "n", "v", 1),
        put("", "Names", "n", "v", 1),
        put("k", "Names", "n", b"\xc3\x28", 1),
        put("k", "Names", b"\xff\xfe", "v", 1),
        put("k", "Names", "n", "v", 1),
        v19.get_slice("k", cparent("Names"), pred(start="", count=-1)),
        v19.get("k", cpath("Names", col="n"), ANY),
        v19.get_slice("k", cparent("Names"), pred(start="", count=10), ANY),
        v19.multiget_slice([], cparent("Names"), pred(start="", count=10)),
        v19.get("k", cpath("Names", col="x" * 70000)),
        v19.get_slice("k", cparent("Names", "sc"), pred(start="", count=10)),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
    ]
    return steps


# ---------------------------------------------------------------- 12. counters / sessions
@sc("page_counters", releases=[(0, 8), (1, 0), (1, 1)])
def page_counters(ks="PageStats"):
    """Page-view counters (0.8+): add, batch increments, super counters by day, a decrement,
    remove_counter; a counter written by insert, a counter read at ANY."""
    steps = add_ks(ks, [cfdef(ks, "Views", comparator="UTF8Type",
                              validation="CounterColumnType"),
                        cfdef(ks, "Daily", ctype="Super", comparator="UTF8Type", sub="UTF8Type",
                              validation="CounterColumnType")])
    cc = lambda n, v: mutation(cosc(counter_column=counter_column(n, v)))  # noqa: E731
    steps += [
        v19.add("/home", cparent("Views"), counter_column("hits", 1)),
        v19.add("/home", cparent("Views"), counter_column("hits", 5)),
        v19.add("/home", cparent("Views"), counter_column("hits", -2)),
        v19.get("/home", cpath("Views", col="hits")),
        v19.batch_mutate({"/about": {"Views": [cc("hits", 3), cc("uniques", 2)]},
                          "/home": {"Views": [cc("uniques", 1)]}}),
        v19.multiget_slice(["/home", "/about", "/none"], cparent("Views"),
                           pred(start="", count=10)),
        v19.add("/home", cparent("Daily", "2011-06-01"), counter_column("hits", 7)),
        v19.batch_mutate({"/home": {"Daily": [mutation(cosc(counter_super_column=W.struct({
            1: b("2011-06-02"), 2: W.list_("struct", [counter_column("hits", 4),
                                                        counter_column("uniques", 1)])})))]}}),
        v19.get_slice("/home", cparent("Daily"), pred(start="", count=10)),
        v19.get("/home", cpath("Daily", "2011-06-02", "hits")),
        v19.get_count("/home", cparent("Daily"), pred(start="", count=10)),
        put("/home", "Views", "hits", "1", 1),
        v19.add("/home", cparent("Views"), counter_column("hits", 1), ANY),
        v19.remove_counter("/about", cpath("Views", col="uniques")),
        v19.get_slice("/about", cparent("Views"), pred(start="", count=10)),
        v19.remove_counter("/about", cpath("Views")),
        v19.get_range_slices(cparent("Views"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


@sc("session_store", releases=[(0, 7)])
def session_store(ks="WebSessions"):
    """A web session store (0.7): sessions with TTLs, looked up many at once, expired by
    hand, the CF truncated at deploy."""
    steps = add_ks(ks, [cfdef(ks, "Sessions", comparator="UTF8Type", validation="UTF8Type",
                              gc=0)])
    steps += [
        v19.batch_mutate({"sess-%d" % i: {"Sessions": [ins("user", "u%d" % i, 1, ttl=1800),
                                                       ins("ip", "10.0.0.%d" % i, 1, ttl=1800)]}
                          for i in range(4)}),
        v19.multiget_slice(["sess-0", "sess-2", "sess-9"], cparent("Sessions"),
                           pred(names=["user"])),
        v19.multiget_count(["sess-0", "sess-1", "sess-9"], cparent("Sessions"),
                           pred(start="", count=10)),
        v19.get("sess-1", cpath("Sessions", col="ip")),
        v19.remove("sess-1", cpath("Sessions"), 2),
        v19.get("sess-1", cpath("Sessions", col="ip")),
        put("sess-1", "Sessions", "user", "u1", 3, ttl=-5),
        v19.truncate("Sessions"),
        v19.get_range_slices(cparent("Sessions"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("Sessionz"),
    ]
    return steps


# ---------------------------------------------------------------- 13. CQL 2 / wide row counts
@sc("cql2_orders", releases=[(0, 8), (1, 0), (1, 1)])
def cql2_orders(ks="cqlorders"):
    """An order book written in CQL 2 over Thrift (0.8+): keyspace and CF made in CQL, writes
    USING TIMESTAMP, selects by key and by column range, a delete, the errors of typos."""
    ksq = ("CREATE KEYSPACE cqlorders WITH strategy_class = 'SimpleStrategy' "
           "AND strategy_options:replication_factor = 1")
    steps = [cql(ksq), cql("USE cqlorders"),
             cql("CREATE COLUMNFAMILY orders (KEY varchar PRIMARY KEY, customer varchar, "
                 "total bigint) WITH comparator = ascii AND default_validation = varchar"),
             cql("INSERT INTO orders (KEY, customer, total) VALUES ('o1', 'ann', 120) "
                 "USING TIMESTAMP 1000"),
             cql("UPDATE orders USING TIMESTAMP 1000 SET customer = 'bob', total = 75 "
                 "WHERE KEY = 'o2'"),
             cql("SELECT customer, total FROM orders WHERE KEY = 'o1'"),
             cql("SELECT * FROM orders WHERE KEY IN ('o1', 'o2', 'o3')"),
             cql("SELECT FIRST 1 'a'..'z' FROM orders WHERE KEY = 'o2'"),
             cql("SELECT COUNT(*) FROM orders"),
             cql("DELETE total FROM orders USING TIMESTAMP 1001 WHERE KEY = 'o1'"),
             cql("SELECT total FROM orders WHERE KEY = 'o1'"),
             cql("SELECT * FROM order WHERE KEY = 'o1'"),
             cql("SELEC * FROM orders"),
             cql("INSERT INTO orders (KEY, total) VALUES ('o3', 'lots') USING TIMESTAMP 1002"),
             v19.get_slice("o2", cparent("orders"), pred(start="", count=10)),
             cql("TRUNCATE orders"),
             cql("SELECT * FROM orders"),
             cql("DROP COLUMNFAMILY orders"),
             ]
    return steps


@sc("wide_row_counts", releases=[(0, 7)])
def wide_row_counts(ks="WideRows"):
    """A C# reporting job (0.7): counts of wide rows in pages of get_count with slice ranges,
    multiget_count over a list of rows, a count of 0."""
    steps = add_ks(ks, [cfdef(ks, "Log", comparator="BytesType")])
    steps.append(v19.batch_mutate({"day-%d" % d: {"Log": [ins(b"e%03d" % i, "x", 1)
                                                           for i in range(20 + d * 15)]}
                                   for d in range(3)}))
    steps += [
        v19.get_count("day-2", cparent("Log"), pred(start="", count=30)),
        v19.get_count("day-2", cparent("Log"), pred(start=b"e030", count=30)),
        v19.get_count("day-2", cparent("Log"), pred(start="", count=0)),
        v19.multiget_count(["day-0", "day-1", "day-2", "day-3"], cparent("Log"),
                           pred(start="", count=1000)),
        v19.multiget_count(["day-1"], cparent("Log"), pred(start=b"e010", finish=b"e019",
                                                           count=1000)),
        v19.get_slice("day-0", cparent("Log"), pred(start=b"e018", count=5)),
        v19.get_count("day-0", cparent("Logs"), pred(start="", count=10)),
    ]
    return steps


# ---------------------------------------------------------------- 14. CQL 3 beta (1.1)
@sc("cql3_beta", releases=[(1, 1)])
def cql3_beta(ks="cql3beta"):
    """A 1.1 app trying CQL 3 (beta) through execute_cql_query after set_cql_version."""
    steps = [v19.set_cql_version("3.0.0"),
             cql("CREATE KEYSPACE cql3beta WITH strategy_class = 'SimpleStrategy' "
                 "AND strategy_options:replication_factor = 1"),
             cql("USE cql3beta"),
             cql("CREATE TABLE events (user text, at int, what text, PRIMARY KEY (user, at))"),
             cql("INSERT INTO events (user, at, what) VALUES ('ann', 1, 'login') "
                 "USING TIMESTAMP 1000"),
             cql("INSERT INTO events (user, at, what) VALUES ('ann', 2, 'logout') "
                 "USING TIMESTAMP 1000"),
             cql("SELECT * FROM events WHERE user = 'ann' AND at > 1"),
             cql("SELECT * FROM events WHERE at = 1"),
             cql("SELECT * FROM events ORDER BY at DESC"),
             v19.set_cql_version("4.0.0"),
             ]
    return steps


# ---------------------------------------------------------------- 15. later IDL client
@sc("later_client")
def later_client(ks="LaterClient"):
    """A client built against a later IDL (1.2's) on this release: CfDef fields the release
    did not have, a KsDef without 0.7's replication_factor, a Column without a timestamp,
    a KeyRange row_filter, then methods of later releases."""
    later_cf = cfdef(ks, "Items", comparator="UTF8Type", extra={
        34: b("KEYS_ONLY"), 37: W.double(0.1), 38: W.i32(128), 39: W.boolean(False)})
    ksd = W.struct({1: b(ks), 2: b(SIMPLE),
                    3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
                    5: W.list_("struct", [later_cf]), 6: W.boolean(True)})
    steps = [v19.system_add_keyspace(ksd)]
    if V == (0, 7):
        # 0.7 answered the KsDef without its required replication_factor with a protocol
        # error and closed the connection (the next call finds it closed); the app's
        # fallback is the keyspace as 0.7 wanted it
        steps += [v19.describe_cluster_name(), v19.system_add_keyspace(ksdef(ks, [later_cf]))]
    steps += [v19.set_keyspace(ks), v19.describe_keyspace(ks),
              put("i1", "Items", "name", "lamp", 1),
              put("i1", "Items", "color", "red", 1),
              v19.get_range_slices(cparent("Items"), pred(start="", count=10),
                                   key_range(start_key="", end_key="", count=10,
                                             row_filter=[index_expr("color", EQ, "blue")])),
              v19.get_paged_slice("Items", key_range(start_key="", end_key="", count=10), ""),
              v19.execute_cql3_query("SELECT * FROM \"Items\""),
              v19.atomic_batch_mutate({"i2": {"Items": [ins("name", "desk", 2)]}}),
              v19.insert("i3", cparent("Items"), column("name", "chair", None)),
              # after a protocol error the connection is gone: the next call finds it closed
              v19.describe_cluster_name(),
              v19.get_slice("i1", cparent("Items"), pred(start="", count=10)),
              ]
    return steps


# ---------------------------------------------------------------- 16. dev box replication
@sc("devbox_replication")
def devbox_replication(ks="DevBox"):
    """A keyspace made for production (replication 3) on a one-node dev box: writes and reads
    at QUORUM and ALL fail, ONE works; the keyspace then dropped to 1 by update."""
    steps = [v19.system_add_keyspace(ksdef(ks, [cfdef(ks, "Carts", comparator="UTF8Type")],
                                           rf=3)),
             v19.set_keyspace(ks),
             put("c1", "Carts", "item", "book", 1, cl=QUORUM),
             put("c1", "Carts", "item", "book", 1),
             v19.get("c1", cpath("Carts", col="item"), QUORUM),
             v19.get_slice("c1", cparent("Carts"), pred(start="", count=10), 5),
             v19.batch_mutate({"c2": {"Carts": [ins("item", "pen", 2)]}}, ANY),
             v19.get_slice("c2", cparent("Carts"), pred(start="", count=10)),
             v19.system_update_keyspace(ksdef(ks, [], rf=1)),
             put("c3", "Carts", "item", "cup", 3, cl=QUORUM),
             v19.get("c3", cpath("Carts", col="item"), QUORUM),
             v19.get_range_slices(cparent("Carts"), pred(start="", count=10),
                                  key_range(start_key="", end_key="", count=10), 5),
             ]
    return steps


# ---------------------------------------------------------------- 17. malformed mutations
@sc("mutation_mistakes")
def mutation_mistakes(ks="MutMistakes"):
    """A hand-rolled client's batch_mutate mistakes: a mutation with both or neither part, a
    super column deletion on a standard CF, an unknown CF, a predicate with both names and a
    range, an empty predicate, a Deletion by range."""
    steps = add_ks(ks, [cfdef(ks, "Std", comparator="AsciiType"),
                        cfdef(ks, "Sup", ctype="Super", comparator="AsciiType",
                              sub="LongType")])
    both = mutation(cosc(column=column("a", "1", 1)), deletion(1, predicate=pred(names=["a"])))
    steps += [
        v19.batch_mutate({"k": {"Std": [ins("a", "1", 1), ins("b", "2", 1)]}}),
        v19.batch_mutate({"k": {"Std": [both]}}),
        v19.batch_mutate({"k": {"Std": [mutation()]}}),
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(2, sc="x"))]}}),
        v19.batch_mutate({"k": {"Nope": [ins("a", "1", 1)]}}),
        v19.batch_mutate({"k": {"Std": [ins("a", "1", 1)], "Nope": [ins("a", "1", 1)]}}),
        v19.batch_mutate({"k": {"Sup": [ins("a", "1", 1)]}}),
        v19.batch_mutate({"k": {"Std": [ins_super("x", [("a", "1")], 1)]}}),
        v19.batch_mutate({"k": {"Sup": [ins_super("x", [("a", "1")], 1)]}}),
        v19.batch_mutate({"k": {"Sup": [ins_super("x", [(long_(5), "1")], 1)]}}),
        v19.get_slice("k", cparent("Std"), W.struct({1: W.list_("bin", [b("a")]),
                                                     2: W.struct({1: b(""), 2: b(""),
                                                                  3: W.boolean(False),
                                                                  4: W.i32(10)})})),
        v19.get_slice("k", cparent("Std"), W.struct({})),
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(3, predicate=pred(
            start="a", finish="b")))]}}),
        v19.batch_mutate({"k": {"Std": [mutation(deletion_=deletion(3, predicate=pred(
            names=["a"])))]}}),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        put("k", "Std", "\u00e9t\u00e9", "x", 4),
        v19.get_slice("k", cparent("Sup", "x"), pred(start="", count=10)),
        v19.batch_mutate({}),
        v19.batch_mutate({"k": {}}),
    ]
    return steps


# ---------------------------------------------------------------- 18. Cassie super timeline
@sc("cassie_lists")
def cassie_lists(ks="CassieLists"):
    """A Cassie app's lists: a super CF of TimeUUID-named super columns with LongType sub
    columns, sliced by time and paged; one list removed; insert of a super column by parts."""
    steps = add_ks(ks, [cfdef(ks, "Lists", ctype="Super", comparator="TimeUUIDType",
                              sub="LongType", validation="UTF8Type")])
    scs = [timeuuid(i) for i in range(5)]
    steps.append(v19.batch_mutate({"list:ann": {"Lists": [
        mutation(cosc(super_column=super_column(scs[i], [column(long_(j), "m%d" % j, 1)
                                                           for j in range(3)])))
        for i in range(5)]}}))
    steps += [
        v19.get_slice("list:ann", cparent("Lists"), pred(start="", count=3)),
        v19.get_slice("list:ann", cparent("Lists"), pred(start=scs[2], count=3)),
        v19.get_slice("list:ann", cparent("Lists"), pred(start=scs[4], finish=scs[1],
                                                          reversed=True, count=2)),
        v19.get_slice("list:ann", cparent("Lists", scs[0]), pred(start=long_(1), count=10)),
        v19.get_slice("list:ann", cparent("Lists", scs[0]), pred(names=[long_(2), long_(9)])),
        v19.get("list:ann", cpath("Lists", scs[3], long_(0))),
        v19.get("list:ann", cpath("Lists", scs[3], b"\x00")),
        put("list:ann", "Lists", long_(7), "m7", 2, scol=scs[1]),
        put("list:ann", "Lists", long_(7), "m7", 2, scol=b"not-a-uuid"),
        v19.remove("list:ann", cpath("Lists", scs[2]), 3),
        v19.get_count("list:ann", cparent("Lists"), pred(start="", count=100)),
        v19.get_count("list:ann", cparent("Lists", scs[1]), pred(start="", count=100)),
        v19.multiget_slice(["list:ann", "list:bob"], cparent("Lists", scs[1]),
                           pred(start="", reversed=True, count=2)),
        v19.get_range_slices(cparent("Lists", scs[1]), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# ---------------------------------------------------------------- 19. split-aware job
@sc("ring_job")
def ring_job(ks="RingJob"):
    """A batch job that asks the ring before scanning: describe_ring, describe_splits over
    a token range, a scan by tokens, describe_ring of a missing keyspace, of system."""
    steps = add_ks(ks, [cfdef(ks, "Rows", comparator="UTF8Type")])
    steps.append(v19.batch_mutate({"row%02d" % i: {"Rows": [ins("v", str(i), 1)]}
                                   for i in range(12)}))
    steps += [
        v19.describe_ring(ks),
        v19.describe_ring("NoSuchKs"),
        v19.describe_ring("system"),
        v19.describe_splits("Rows", "0", "85070591730234615865843651857942052864", 5),
        v19.describe_splits("Rowz", "0", "85070591730234615865843651857942052864", 5),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token="0",
                                       end_token="85070591730234615865843651857942052864",
                                       count=5)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token="85070591730234615865843651857942052864",
                                       end_token="0", count=20)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token="abc", end_token="0", count=5)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key="row03", end_token="0", count=5)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key="row03", end_key="row03", count=5)),
    ]
    return steps


# ---------------------------------------------------------------- 20. column-family tuning
@sc("cf_tuning")
def cf_tuning(ks="Tuning"):
    """An ops script tuning CFs with the options of its release: caches, compaction
    thresholds, read repair; bad values; the id sent back on update as describe showed."""
    base = {12: W.double(0.5), 17: W.i32(2), 18: W.i32(64)}
    if V < (1, 1):
        base.update({9: W.double(1000), 11: W.double(0.5)})
    else:
        base.update({34: b("ALL")})
    if V >= (1, 0):
        base.update({29: b("LeveledCompactionStrategy"),
                     30: W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("10"))]),
                     32: W.map_("bin", "bin", [(b("sstable_compression"),
                                               b("SnappyCompressor"))])})
    bad = {17: W.i32(40), 18: W.i32(10)}
    steps = add_ks(ks, [])
    steps += [
        v19.system_add_column_family(cfdef(ks, "Tuned", comparator="UTF8Type", extra=base)),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfdef(ks, "BadThresholds", comparator="UTF8Type",
                                           extra=bad)),
        v19.system_add_column_family(cfdef(ks, "BadChance", comparator="UTF8Type",
                                           extra={12: W.double(1.5)})),
        v19.system_add_column_family(cfdef(ks, "Bad Name", comparator="UTF8Type")),
        v19.system_add_column_family(cfdef("OtherKs", "Other", comparator="UTF8Type")),
        v19.system_update_column_family(cfdef(ks, "Tuned", comparator="UTF8Type",
                                              comment="tuned", cfid=1000, extra=base)),
        v19.system_update_column_family(cfdef(ks, "Tuned", comparator="BytesType",
                                              comment="tuned", cfid=1000, extra=base)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfdef(ks, "Missing", comparator="UTF8Type")),
    ]
    return steps


# ---------------------------------------------------------------- 21. CQL 2 counters / index
@sc("cql2_stats", releases=[(0, 8), (1, 0), (1, 1)])
def cql2_stats(ks="cqlstats"):
    """CQL 2 (0.8+): a CF made in CQL with typed columns, a secondary index declared in the
    CREATE, rows queried by it; a counter CF incremented; the mistakes of its users."""
    steps = [cql("CREATE KEYSPACE cqlstats WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1"),
             cql("CREATE KEYSPACE cqlstats WITH strategy_class = SimpleStrategy "
                 "AND strategy_options:replication_factor = 1"),
             cql("USE cqlstats"),
             cql("CREATE COLUMNFAMILY hits (KEY text PRIMARY KEY) WITH comparator = text "
                 "AND default_validation = counter"),
             cql("UPDATE hits SET home = home + 3, about = about + 1 WHERE KEY = 'site1'"),
             cql("UPDATE hits SET home = home - 1 WHERE KEY = 'site1'"),
             # (a counter's CQL 2 column carries the time of its last increment: read
             # through Thrift instead)
             v19.get_slice("site1", cparent("hits"), pred(names=["home", "about"])),
             cql("UPDATE hits SET home = 5 WHERE KEY = 'site1'"),
             cql("CREATE COLUMNFAMILY people (KEY varchar PRIMARY KEY, name varchar, "
                 "age int) WITH comparator = varchar"),
             cql("INSERT INTO people (KEY, name, age) VALUES ('p1', 'ann', 30) "
                 "USING TIMESTAMP 5"),
             cql("INSERT INTO people (KEY, name, age) VALUES ('p2', 'bob', 'old') "
                 "USING TIMESTAMP 5"),
             cql("SELECT name FROM people WHERE age = 30"),
             cql("SELECT * FROM people WHERE KEY = 'p1' AND name = 'ann'"),
             cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP 6 "
                 "INSERT INTO people (KEY, name) VALUES ('p3', 'cy') "
                 "UPDATE people SET age = 41 WHERE KEY = 'p3' "
                 "APPLY BATCH"),
             cql("SELECT name, age FROM people WHERE KEY = 'p3'"),
             cql("SELECT * FROM people"),
             cql("DELETE FROM people WHERE KEY = 'p1'"),
             cql("SELECT * FROM people WHERE KEY = 'p1'"),
             cql("USE nosuchks"),
             cql("DROP KEYSPACE cqlstats"),
             ]
    return steps


# ---------------------------------------------------------------- 22. prepared CQL 2 (1.1)
@sc("cql_prepared", releases=[(1, 1)])
def cql_prepared(ks="cqlprep"):
    """A 1.1 app preparing CQL 2 statements and executing them by id with bound values."""
    prep = lambda q: Step("prepare_cql_query", W.struct({1: b(q), 2: W.i32(2)})).mask(  # noqa: E731
        "0/1")
    ex = lambda i, vals: Step("execute_prepared_cql_query", W.struct({  # noqa: E731
        1: W.i32(i), 2: W.list_("bin", [b(x) for x in vals])}))
    steps = add_ks(ks, [cfdef(ks, "Kv", comparator="UTF8Type", validation="UTF8Type",
                              key_validation="UTF8Type")])
    steps += [
        prep("UPDATE Kv USING TIMESTAMP 100 SET v = ? WHERE KEY = ?"),
        prep("SELECT v FROM Kv WHERE KEY = ?"),
        prep("SELECT v FROM Kw WHERE KEY = ?"),
        ex(12345, ["x", "k1"]),
    ]
    return steps
