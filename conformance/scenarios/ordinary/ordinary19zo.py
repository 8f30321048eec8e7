"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zo): Firebrand OCM on Hector bootstrapping its schema (an update carrying the
wrong family's id), Perl's Cassandra::Lite put/get/delete calls, an HBase-to-Cassandra
migration's huge batch_mutates (cell versions as timestamps, tombstones older and newer than
the cells), a compliance audit log on TimeUUIDType names read by time slices, Go's gossie
mapping structs to CompositeType(LongType, UTF8Type) names and its cursors (0.8 on), Apache
Whirr's cluster smoke test, an OpsCenter 1.x agent's rollup families of LongType names with a
TTL per resolution, Apache Camel's idempotent repository, a ModeShape-style JCR store of child
super columns (moves in one batch, sub-column deletions), an ad server's impression counters
(0.8 on: counter batches with deletions, counter mistakes), the cqlsh of the era's CQL 2 (0.8
on, GZIP-compressed statements), a type-ahead service's prefix slices, a job scheduler of
LongType fire times, an activity stream in super columns of TimeUUIDs, a Hector
IndexedSlicesQuery search page, keyspace administration with NetworkTopologyStrategy, a
newcomer's mistakes, a client built against a later IDL, a poll's vote counts without
counters, a cassandra-dump style exporter paging by token and by key, and column family
options of the era set and refused, and on 1.1 a chat service on the CQL 3 beta.  Each
scenario owns its keyspace (dropped before and after); writes carry relative timestamps, CQL
writes read back `USING TIMESTAMP`.  A call a release answered by closing the connection (0.7's
insert of an empty key, 1.1's update carrying another family's id) is followed by the
`set_keyspace` a reconnecting client sends.
Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of each release
(`00_firebrand_schema` runs first: its update carries the ids the fresh node gave)."""
import os
import struct
import sys
import zlib

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, timeuuid, uuid_, EQ, GTE, GT, LT, LTE, ONE,
                 QUORUM, ANY, LOCAL_QUORUM, EACH_QUORUM, TWO, srange, deletion, mutation,
                 super_column, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (NTS, cfd, cfd_later, ksd, setup, coldef, md5_token, dele, sins,  # noqa: E402
                 cadd, hector_cf, unknown, comp)
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zo_")

# an absolute CQL 2 timestamp (microseconds) for the writes a CQL 2 SELECT reads back
T = 1331000000000000


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


def dbl(x):
    return struct.pack(">d", x)


# --------------------------------------------------------------------------- Firebrand OCM
@sc("00_firebrand_schema", "schema", "zo_fb")
def firebrand_schema():
    """Firebrand OCM on Hector starting against an empty cluster: the connect-time describe
    calls, describe_keyspaces, the keyspace added with an entity family (column metadata, a
    KEYS index on `age`) and a super column family of its collections, schema versions
    awaited, the entity family updated with the id the fresh node gave (an `email` index
    added), the same definition sent with its sibling's id and with an id no family has, rows
    saved and found by the index, and the keyspace dropped."""
    ks = "zo_fb"
    person_meta = [coldef("name", "UTF8Type"), coldef("age", "LongType", True, "Person_age")]
    steps = kit.connect()
    steps += [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ksd(ks, [
            hector_cf(ks, "Person", comparator_type="UTF8Type", column_metadata=person_meta),
            hector_cf(ks, "Person_Friends", column_type="Super", comparator_type="UTF8Type",
                      subcomparator_type="UTF8Type")])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(hector_cf(
            ks, "Person", comparator_type="UTF8Type", id=kit.cfid(0),
            column_metadata=person_meta + [coldef("email", "UTF8Type", True, "Person_email")])),
        v19.describe_schema_versions(),
        v19.system_update_column_family(hector_cf(ks, "Person", comparator_type="UTF8Type",
                                                  id=kit.cfid(1),
                                                  column_metadata=person_meta)),
        v19.set_keyspace(ks),
        v19.system_update_column_family(hector_cf(ks, "Person", comparator_type="UTF8Type",
                                                  id=kit.cfid(40),
                                                  column_metadata=person_meta)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"p1": {"Person": [ins("name", "Ann", 10), ins("age", long_(31), 10),
                                            ins("email", "ann@example.com", 10)],
                                 "Person_Friends": [sins("friends", [("p2", "Bob")], 10)]},
                          "p2": {"Person": [ins("name", "Bob", 10), ins("age", long_(31), 10),
                                            ins("email", "bob@example.com", 10)]}}),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("email", EQ, "bob@example.com")]), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", EQ, long_(31))], count=10), pred(names=["name"])),
        v19.get_slice("p1", cparent("Person_Friends", sc="friends"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Cassandra::Lite
@sc("01_perl_lite", "basic", "zo_pl")
def perl_lite():
    """Perl's Cassandra::Lite: set_keyspace at connect, `put` as a batch_mutate of one row at
    its default QUORUM write level, `get` of a row (a slice of 100), of one column and of a
    column range, `get` of many keys as multiget_slice, `get_count`, `delete` of a column and
    of a row (remove without a column), a get of the deleted column, and its users' mistakes:
    a put to a family not made, a get with an empty key, a column read through a super column
    path."""
    ks = "zo_pl"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"gslin": {"Users": [ins("name", "Gea-Suan", 10),
                                              ins("lang", "perl", 10),
                                              ins("city", "Taipei", 10)]}}, QUORUM),
        v19.batch_mutate({"larry": {"Users": [ins("name", "Larry", 10),
                                              ins("lang", "perl", 10)]}}, QUORUM),
        v19.get_slice("gslin", cparent("Users"), pred(start="", count=100)),
        v19.get("gslin", cpath("Users", col="city")),
        v19.get_slice("gslin", cparent("Users"), pred(start="c", finish="m", count=100)),
        v19.multiget_slice(["gslin", "larry", "nobody"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_count("gslin", cparent("Users"), pred(start="", count=100)),
        v19.remove("gslin", cpath("Users", col="city"), 11, QUORUM),
        v19.get("gslin", cpath("Users", col="city")),
        v19.remove("larry", cpath("Users"), 11, QUORUM),
        v19.get_slice("larry", cparent("Users"), pred(start="", count=100)),
        v19.multiget_slice(["gslin", "larry"], cparent("Users"), pred(names=["lang", "name"])),
        v19.batch_mutate({"gslin": {"Accounts": [ins("name", "x", 12)]}}, QUORUM),
        v19.get("", cpath("Users", col="name")),
        v19.get("gslin", cpath("Users", sc="name", col="x")),
        v19.get_count("gslin", cparent("Users"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- HBase migration
@sc("02_hbase_migration", "batch", "zo_hm")
def hbase_migration():
    """A script moving an HBase table into Cassandra: each HBase family becomes a column
    family of UTF8Type `family:qualifier` names, every cell version is written with its
    version as the timestamp in one huge batch_mutate (older versions and equal-timestamp
    ties in the same batch), HBase delete markers written as deletions older and newer than
    their cells, the load verified by key pages of 20 (the last key starting the next),
    counts per row and a multiget_count, then a second batch deleting whole rows and
    re-inserting some, and its mistakes: a batch with an empty row key and a batch naming a
    family not made."""
    ks = "zo_hm"
    steps = setup(ks, [cfd(ks, "webtable", comparator_type="UTF8Type",
                           default_validation_class="BytesType"),
                       cfd(ks, "webtable_anchor", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    rows = ["com.example.www/%03d" % i for i in range(50)]
    big = {}
    for i, r in enumerate(rows):
        muts = [ins("contents:html", "<html>%d</html>" % i, 100),
                ins("contents:html", "<html>old %d</html>" % i, 90),
                ins("meta:lang", "en", 100),
                ins("meta:size", struct.pack(">i", 1000 + i), 100)]
        if i % 5 == 0:
            muts.append(ins("meta:lang", "fr", 100))  # a tie: the greater value wins
        if i % 7 == 0:
            muts.append(dele(["meta:size"], 95))  # older than the cell: kept
        if i % 11 == 0:
            muts.append(dele(["contents:html"], 105))  # newer than the cell: gone
        if i % 13 == 0:
            muts.append(dele(["meta:lang"], 100))  # the cell's own timestamp: the delete wins
        big[r] = {"webtable": muts}
        if i % 3 == 0:
            big[r]["webtable_anchor"] = [ins("anchor:cnnsi.com", "CNN", 100),
                                         ins("anchor:my.look.ca", "CNN.com", 100)]
    steps.append(v19.batch_mutate(big, QUORUM))
    order = by_token(rows)
    steps += [
        v19.get_range_slices(cparent("webtable"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=20)),
        v19.get_range_slices(cparent("webtable"), pred(start="", count=10),
                             key_range(start_key=order[19], end_key="", count=20)),
        v19.get_range_slices(cparent("webtable"), pred(start="", count=10),
                             key_range(start_key=order[38], end_key="", count=20)),
        v19.get_slice(rows[0], cparent("webtable"), pred(start="", count=10)),
        v19.get_slice(rows[5], cparent("webtable"), pred(start="", count=10)),
        v19.get_slice(rows[22], cparent("webtable"), pred(start="meta:", finish="meta:~",
                                                           count=10)),
        v19.get_slice(rows[26], cparent("webtable"), pred(start="", count=10)),
        v19.get_slice(rows[35], cparent("webtable"), pred(start="", count=10)),
        v19.get_count(rows[33], cparent("webtable"), pred(start="", count=100)),
        v19.multiget_count(rows[:12], cparent("webtable_anchor"), pred(start="", count=100)),
        v19.batch_mutate({r: {"webtable": [dele(None, 110)] + (
            [ins("contents:html", "<html>back</html>", 111)] if j % 2 else []),
            "webtable_anchor": [dele(None, 110)]} for j, r in enumerate(rows[:6])}),
        v19.get_range_slices(cparent("webtable"), pred(names=["contents:html"]),
                             key_range(start_key="", end_key="", count=60)),
        v19.multiget_slice(rows[:6], cparent("webtable_anchor"), pred(start="", count=10)),
        v19.batch_mutate({"": {"webtable": [ins("meta:lang", "de", 120)]},
                          rows[7]: {"webtable": [ins("meta:lang", "de", 120)]}}),
        v19.batch_mutate({rows[7]: {"webtable": [ins("meta:lang", "de", 120)],
                                    "webtable_history": [ins("meta:lang", "de", 120)]}}),
        v19.get(rows[7], cpath("webtable", col="meta:lang")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- audit log
@sc("03_audit_log", "slice", "zo_al")
def audit_log():
    """A compliance audit log: a row per user and day of TimeUUIDType names, UTF8 events,
    some kept for a day (TTL); the day read by time slices (a window, newest first, the
    window reversed, pages of 4 by the last name), events counted in a window, three days
    read by a multiget, one event removed, and the mistakes: a slice reversed the wrong way,
    a name of 8 bytes, a version-4 UUID as a name, a slice bound that is no UUID, and a
    deletion by slice range in a batch."""
    ks = "zo_al"
    steps = setup(ks, [cfd(ks, "Audit", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    day1, day2, day3 = "u42:20120301", "u42:20120302", "u42:20120303"
    acts = ["login", "view:42", "edit:42", "export", "view:7", "logout"]
    ev = {}
    for i in range(12):
        ev.setdefault(day1 if i < 8 else day2, []).append(
            ins(timeuuid(i), acts[i % len(acts)], 10, 86400 if i % 4 == 3 else None))
    steps.append(v19.batch_mutate({k: {"Audit": m} for k, m in ev.items()}))
    steps += [
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(2), finish=timeuuid(5),
                                                   count=100)),
        v19.get_slice(day1, cparent("Audit"), pred(start="", finish="", reversed=True,
                                                   count=3)),
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(6), finish=timeuuid(1),
                                                   reversed=True, count=100)),
        v19.get_slice(day1, cparent("Audit"), pred(start="", count=4)),
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(3), count=4)),
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(6), count=4)),
        v19.get_count(day1, cparent("Audit"), pred(start=timeuuid(1), finish=timeuuid(6),
                                                   count=100)),
        v19.multiget_slice([day1, day2, day3], cparent("Audit"),
                           pred(start=timeuuid(7), finish=timeuuid(9), count=100)),
        v19.remove(day1, cpath("Audit", col=timeuuid(4)), 11),
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(3), finish=timeuuid(5),
                                                   count=100)),
        v19.get_slice(day1, cparent("Audit"), pred(start=timeuuid(1), finish=timeuuid(6),
                                                   reversed=True, count=100)),
        v19.insert(day2, cparent("Audit"), column(b"\x00" * 8, "login", 10)),
        v19.insert(day2, cparent("Audit"), column(
            uuid_("5b3c1c7e-0d1f-4a49-9a6b-0f6a1c2d3e4f"), "login", 10)),
        v19.get_slice(day2, cparent("Audit"), pred(start="yesterday", count=10)),
        v19.batch_mutate({day1: {"Audit": [dele(rng=srange(timeuuid(0), timeuuid(2)), t=12)]}}),
        v19.get_count(day1, cparent("Audit"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- gossie
@sc("04_gossie_mapping", "composite", "zo_gm", when=V08)
def gossie_mapping():
    """Go's gossie mapping a Tweet struct into a timeline row of CompositeType(LongType,
    UTF8Type) names (tweet id, field): a batch of tweets, one tweet read by a composite
    prefix (end-of-component bytes), the newest first by a reversed slice, its cursor's
    pages over rows (get_range_slices, the last key again first), a tweet deleted by names,
    and the mistakes: a component of 4 bytes where a long goes, a composite cut short."""
    ks = "zo_gm"
    steps = setup(ks, [cfd(ks, "Timeline", comparator_type="CompositeType(LongType,UTF8Type)",
                           key_validation_class="UTF8Type",
                           default_validation_class="UTF8Type")])
    muts = {}
    for user in ("rob", "ken", "russ"):
        m = []
        for tid in (100, 205, 310):
            m += [ins(comp(tid, "Author"), user, 10), ins(comp(tid, "Body"),
                                                          "%s says %d" % (user, tid), 10)]
        muts[user] = {"Timeline": m}
    steps.append(v19.batch_mutate(muts))
    order = by_token(["rob", "ken", "russ"])
    steps += [
        v19.get_slice("rob", cparent("Timeline"), pred(start=comp(205), finish=comp(205, eoc=1),
                                                       count=100)),
        v19.get_slice("rob", cparent("Timeline"), pred(start="", finish="", reversed=True,
                                                       count=2)),
        v19.get_slice("rob", cparent("Timeline"), pred(start=comp(310, eoc=-1),
                                                       finish="", reversed=True, count=4)),
        v19.get_slice("rob", cparent("Timeline"), pred(start=comp(205, eoc=1), count=100)),
        v19.get_range_slices(cparent("Timeline"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_range_slices(cparent("Timeline"), pred(start="", count=2),
                             key_range(start_key=order[1], end_key="", count=2)),
        v19.batch_mutate({"ken": {"Timeline": [dele([comp(100, "Author"),
                                                     comp(100, "Body")], 11)]}}),
        v19.get_count("ken", cparent("Timeline"), pred(start="", count=100)),
        v19.insert("ken", cparent("Timeline"), column(
            struct.pack(">H", 4) + struct.pack(">i", 7) + b"\x00" +
            struct.pack(">H", 4) + b"Body\x00", "x", 10)),
        v19.insert("ken", cparent("Timeline"), column(b"\x00\x08\x00\x00", "x", 10)),
        v19.get_slice("ken", cparent("Timeline"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Whirr smoke test
@sc("05_whirr_smoke", "describe", "zo_ws")
def whirr_smoke():
    """Apache Whirr's integration test against the cluster it launched: describe_version,
    describe_cluster_name, describe_partitioner, describe_snitch, the keyspace added and its
    ring, a column written and read back at ONE and QUORUM, splits of its family, the ring
    of a keyspace that does not exist and of the system keyspace, describe_keyspace of a
    missing keyspace, and the keyspace dropped."""
    ks = "zo_ws"
    steps = kit.connect()
    steps += [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Smoke", comparator_type="AsciiType")])),
        v19.describe_schema_versions(),
        v19.describe_ring(ks),
        v19.set_keyspace(ks),
        v19.insert("whirr", cparent("Smoke"), column("ping", "pong", 10)),
        v19.get("whirr", cpath("Smoke", col="ping")),
        v19.get("whirr", cpath("Smoke", col="ping"), QUORUM),
        v19.describe_splits("Smoke", "0", "0", 128),
        v19.describe_ring("zo_ws_nothere"),
        v19.describe_ring("system"),
        v19.describe_keyspace("zo_ws_nothere"),
        v19.system_drop_keyspace(ks),
        v19.describe_ring(ks),
    ]
    return steps


# --------------------------------------------------------------------------- OpsCenter agent
@sc("06_opscenter_rollups", "ttl", "zo_oc")
def opscenter_rollups():
    """An OpsCenter 1.x agent's keyspace: rollup families of LongType names (seconds) and
    packed double values, one per resolution with its own TTL (a week for a minute, four
    weeks for five minutes, none for two hours), a batch across them, the latest sample by a
    reversed slice of one, a window of samples, several metrics by multiget, a settings row of
    JSON, events of TimeUUIDType names, and the mistakes: a TTL of 0 and a negative TTL."""
    ks = "zo_oc"
    fams = [("rollups60", 604800), ("rollups300", 2419200), ("rollups7200", None)]
    cfs = [cfd(ks, n, comparator_type="LongType", default_validation_class="BytesType",
               gc_grace_seconds=0) for n, _ in fams]
    cfs += [cfd(ks, "settings", comparator_type="UTF8Type", default_validation_class="UTF8Type"),
            cfd(ks, "events", comparator_type="TimeUUIDType",
                default_validation_class="UTF8Type")]
    steps = setup(ks, cfs)
    keys = ["10.0.0.1-cpu", "10.0.0.1-heap", "10.0.0.2-cpu"]
    mm = {}
    for k in keys:
        mm[k] = {}
        for n, ttl in fams:
            step = int(n[len("rollups"):])
            mm[k][n] = [ins(long_(1330000000 + i * step), dbl(0.5 + i), 10, ttl)
                        for i in range(5)]
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.get_slice(keys[0], cparent("rollups60"), pred(start="", finish="", reversed=True,
                                                          count=1)),
        v19.get_slice(keys[0], cparent("rollups300"), pred(
            start=long_(1330000300), finish=long_(1330000900), count=100)),
        v19.get_slice(keys[1], cparent("rollups7200"), pred(
            start=long_(1330014400), finish=long_(1330000000), reversed=True, count=100)),
        v19.multiget_slice(keys, cparent("rollups60"), pred(start=long_(1330000180),
                                                           finish="", count=2)),
        v19.insert("dashboard", cparent("settings"),
                   column("layout", '{"cols": 2, "graphs": ["cpu", "heap"]}', 10)),
        v19.get("dashboard", cpath("settings", col="layout")),
        v19.batch_mutate({"cluster": {"events": [ins(timeuuid(i), "node %d up" % i, 10, 86400)
                                                 for i in range(3)]}}),
        v19.get_slice("cluster", cparent("events"), pred(start="", reversed=True, count=2)),
        v19.insert(keys[2], cparent("rollups60"), column(long_(1330009999), dbl(1.0), 10, 0)),
        v19.insert(keys[2], cparent("rollups60"), column(long_(1330009999), dbl(1.0), 10, -60)),
        v19.batch_mutate({keys[2]: {"rollups60": [ins(long_(1330009999), dbl(1.0), 10, 0)]}}),
        v19.get_count(keys[2], cparent("rollups60"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Camel repository
@sc("07_camel_idempotent", "basic", "zo_ci")
def camel_idempotent():
    """Apache Camel's idempotent repository on Hector: message ids as columns of a row per
    route with empty values, `contains` as a get (NotFoundException when absent) and as a
    get_count by names, `add` as an insert at QUORUM (a duplicate written again), `remove`
    as a remove of the column, `clear` as a truncate, and the repository's row read after."""
    ks = "zo_ci"
    steps = setup(ks, [cfd(ks, "CamelIdempotent", comparator_type="UTF8Type")])
    ids = ["ID-host-1234-%d" % i for i in range(4)]
    steps += [v19.insert("route1", cparent("CamelIdempotent"), column(i, "", 10), QUORUM)
              for i in ids]
    steps += [
        v19.get("route1", cpath("CamelIdempotent", col=ids[1]), QUORUM),
        v19.get("route1", cpath("CamelIdempotent", col="ID-host-1234-99"), QUORUM),
        v19.get_count("route1", cparent("CamelIdempotent"), pred(names=[ids[2], "nope"]),
                      QUORUM),
        v19.insert("route1", cparent("CamelIdempotent"), column(ids[1], "", 11), QUORUM),
        v19.remove("route1", cpath("CamelIdempotent", col=ids[0]), 12, QUORUM),
        v19.get_slice("route1", cparent("CamelIdempotent"), pred(start="", count=100)),
        v19.get_count("route2", cparent("CamelIdempotent"), pred(start="", count=100)),
        v19.truncate("CamelIdempotent"),
        v19.get_slice("route1", cparent("CamelIdempotent"), pred(start="", count=100)),
        v19.insert("route1", cparent("CamelIdempotent"), column(ids[3], "", 13), QUORUM),
        v19.get_count("route1", cparent("CamelIdempotent"), pred(start="", count=100)),
        v19.truncate("CamelIdempotents"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- ModeShape JCR
@sc("08_jcr_children", "super", "zo_mj")
def jcr_children():
    """A ModeShape-style JCR store: node rows of properties and, per parent, a super column
    per child (its uuid and same-name-sibling index as sub-columns); children listed in
    pages of super columns, one child read by its super column and by one sub-column,
    children counted, a node moved in one batch (its super column deleted under the old
    parent, written under the new), a sub-column deleted by a predicate of names within the
    super column, a child removed by remove with a super column path, parents read by a
    multiget and scanned, and the mistakes: a super column path on the standard family, a
    child that is not there, a write without a super column."""
    ks = "zo_mj"
    steps = setup(ks, [cfd(ks, "Nodes", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Children", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    kids = ["a", "b", "c", "d", "e"]
    steps.append(v19.batch_mutate(dict(
        [("root", {"Children": [sins(k, [("uuid", "n-" + k), ("index", "1")], 10)
                                for k in kids]})] +
        [("n-" + k, {"Nodes": [ins("jcr:primaryType", "nt:unstructured", 10),
                               ins("jcr:name", k, 10)]}) for k in kids])))
    steps += [
        v19.get_slice("root", cparent("Children"), pred(start="", count=2)),
        v19.get_slice("root", cparent("Children"), pred(start="b", count=3)),
        v19.get("root", cpath("Children", sc="c")),
        v19.get("root", cpath("Children", sc="c", col="uuid")),
        v19.get_count("root", cparent("Children"), pred(start="", count=100)),
        v19.get_count("root", cparent("Children", sc="c"), pred(start="", count=100)),
        v19.batch_mutate({"root": {"Children": [mutation(deletion_=deletion(11, sc="d"))]},
                          "n-a": {"Children": [sins("d", [("uuid", "n-d"), ("index", "1")],
                                                    11)]}}),
        v19.batch_mutate({"root": {"Children": [mutation(deletion_=deletion(
            11, sc="e", predicate=pred(names=["index"])))]}}),
        v19.get_slice("root", cparent("Children"), pred(start="", count=100)),
        v19.batch_mutate({"root": {"Children": [mutation(deletion_=deletion(
            11, sc="a", predicate=pred(start="", finish="", count=10)))]}}),
        v19.remove("root", cpath("Children", sc="b"), 12),
        v19.remove("root", cpath("Children", sc="c", col="index"), 12),
        v19.multiget_slice(["root", "n-a", "n-z"], cparent("Children"),
                           pred(start="", count=100)),
        v19.get_range_slices(cparent("Children"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get("n-a", cpath("Nodes", sc="x", col="jcr:name")),
        v19.get("root", cpath("Children", sc="zz")),
        v19.insert("root", cparent("Children"), column("uuid", "n-f", 13)),
        v19.get_slice("root", cparent("Children", sc="e"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- ad counters
@sc("09_ad_counters", "counter", "zo_ad", when=V08)
def ad_counters():
    """An ad server's impression and click counters per campaign and day (0.8's counters):
    adds at ONE, a counter batch across rows, a counter read by get, a slice and a
    multiget, counters counted, a counter deleted in a batch (with and without a timestamp),
    a row reset by remove_counter at QUORUM, and the mistakes: an add at ANY, an add to a
    regular family, an insert into the counter family, a super column path on it."""
    ks = "zo_ad"
    steps = setup(ks, [cfd(ks, "AdStats", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType",
                           replicate_on_write=True),
                       cfd(ks, "Campaigns", comparator_type="UTF8Type")])
    steps += [
        v19.add("c1:20120301", cparent("AdStats"), counter_column("impressions", 1)),
        v19.add("c1:20120301", cparent("AdStats"), counter_column("impressions", 1)),
        v19.add("c1:20120301", cparent("AdStats"), counter_column("clicks", 1)),
        v19.batch_mutate({"c1:20120301": {"AdStats": [cadd("impressions", 40), cadd("clicks", 3)]},
                          "c2:20120301": {"AdStats": [cadd("impressions", 7)]}}),
        v19.get("c1:20120301", cpath("AdStats", col="impressions")),
        v19.get_slice("c1:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.multiget_slice(["c1:20120301", "c2:20120301", "c3:20120301"], cparent("AdStats"),
                           pred(names=["clicks", "impressions"])),
        v19.get_count("c1:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.multiget_count(["c1:20120301", "c2:20120301"], cparent("AdStats"),
                           pred(start="", count=10)),
        v19.batch_mutate({"c2:20120301": {"AdStats": [mutation(deletion_=deletion(
            None, predicate=pred(names=["impressions"])))]}}),
        v19.get_slice("c2:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.batch_mutate({"c1:20120301": {"AdStats": [dele(["clicks"], 20)]}}),
        v19.get_slice("c1:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.remove_counter("c1:20120301", cpath("AdStats"), QUORUM),
        v19.get_slice("c1:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.add("c1:20120302", cparent("AdStats"), counter_column("impressions", 1), ANY),
        v19.add("c1", cparent("Campaigns"), counter_column("impressions", 1)),
        v19.insert("c1:20120302", cparent("AdStats"), column("impressions", long_(1), 10)),
        v19.add("c1:20120302", cparent("AdStats", sc="x"), counter_column("impressions", 1)),
        v19.batch_mutate({"c3:20120301": {"AdStats": [cadd("clicks", 1),
                                                      ins("impressions", long_(1), 10)]}}),
        v19.batch_mutate({"c3:20120301": {"Campaigns": [cadd("clicks", 1)]}}),
        v19.get_slice("c3:20120301", cparent("AdStats"), pred(start="", count=10)),
        v19.get_range_slices(cparent("AdStats"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cqlsh
@sc("10_cqlsh_session", "cql", "zo_cq", when=V08)
def cqlsh_session():
    """An operator in the era's cqlsh (CQL 2): describe_keyspaces at start, a keyspace made
    and used in CQL, a column family with typed columns, rows inserted and updated with
    USING TIMESTAMP, SELECTs of names, of '*', of FIRST n REVERSED ranges and COUNT, a
    statement sent GZIP-compressed, an index made and queried, ALTER COLUMNFAMILY ADD from
    1.0, a DELETE, and the typos: a misspelt keyword, an unknown column family, a value its
    column type refuses, a statement left unterminated."""
    ks = "zo_cq"
    gz = lambda q: v19.execute_cql_query(zlib.compress(q.encode()), 1)  # noqa: E731
    steps = [
        v19.describe_keyspaces(),
        cql("CREATE KEYSPACE zo_cq WITH strategy_class = SimpleStrategy AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zo_cq"),
        cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, fullname varchar, "
            "birth_year bigint, state varchar) WITH comparator = ascii AND "
            "default_validation = varchar"),
        cql("CREATE INDEX users_state ON users (state)"),
        cql("INSERT INTO users (KEY, fullname, birth_year, state) VALUES ('jsmith', "
            "'John Smith', 1976, 'TX') USING TIMESTAMP %d" % T),
        cql("INSERT INTO users (KEY, fullname, birth_year, state) VALUES ('bjones', "
            "'Bob Jones', 1980, 'CA') USING TIMESTAMP %d" % T),
        cql("UPDATE users USING TIMESTAMP %d SET state = 'UT' WHERE KEY = 'bjones'" % (T + 1)),
        cql("SELECT fullname, state FROM users WHERE KEY = 'jsmith'"),
        cql("SELECT * FROM users WHERE KEY = 'bjones'"),
        cql("SELECT FIRST 2 REVERSED * FROM users WHERE KEY = 'jsmith'"),
        cql("SELECT COUNT(*) FROM users WHERE KEY = 'jsmith'"),
        gz("SELECT fullname FROM users WHERE state = 'UT'"),
        cql("SELECT fullname FROM users WHERE state = 'TX' AND birth_year > 1970"),
        cql("DELETE state FROM users USING TIMESTAMP %d WHERE KEY = 'jsmith'" % (T + 2)),
        cql("SELECT * FROM users WHERE KEY = 'jsmith'"),
        v19.describe_keyspace(ks),
        cql("SELEC * FROM users"),
        cql("SELECT * FROM customers WHERE KEY = 'jsmith'"),
        cql("INSERT INTO users (KEY, birth_year) VALUES ('x', 'nineteen') USING TIMESTAMP %d"
            % T),
        cql("SELECT * FROM users WHERE KEY = 'jsmith"),
    ]
    if V10:
        steps += [
            cql("ALTER COLUMNFAMILY users ADD email varchar"),
            cql("INSERT INTO users (KEY, email) VALUES ('jsmith', 'js@example.com') USING "
                "TIMESTAMP %d" % (T + 3)),
            cql("SELECT email, state FROM users WHERE KEY = 'jsmith'"),
            cql("ALTER COLUMNFAMILY users DROP email"),
            cql("ALTER COLUMNFAMILY users ADD birth_year varchar"),
        ]
    # a table of typed columns, values typed as an operator types them
    steps += [
        cql("CREATE COLUMNFAMILY readings (KEY bigint PRIMARY KEY, sensor uuid, ok boolean, "
            "temp double, hum float, n int, big varint, at timestamp, raw blob, tag ascii) "
            "WITH comparator = text"),
        cql("INSERT INTO readings (KEY, sensor, n, big, raw, tag) VALUES (1, "
            "'6ba7b810-9dad-11d1-80b4-00c04fd430c8', 42, 123456789012345678901234567890, "
            "'cafe', 'north') USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, ok, temp, hum, at) VALUES (1, 'true', 21.5, '0.25', "
            "'2012-03-01 10:00:00+0000') USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, at) VALUES (2, 1330596000000) USING TIMESTAMP %d" % T),
        cql("SELECT * FROM readings WHERE KEY = 1"),
        cql("SELECT n, tag FROM readings WHERE KEY IN (1, 2, 3)"),
        cql("SELECT at FROM readings WHERE KEY = 2"),
        cql("INSERT INTO readings (KEY, n) VALUES (3, 'forty') USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, n) VALUES (3, 4.5) USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, n) VALUES (3, 3000000000) USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, raw) VALUES (3, 'xyz') USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, sensor) VALUES (3, 'not-a-uuid') USING TIMESTAMP %d"
            % T),
        cql("INSERT INTO readings (KEY, at) VALUES (3, 'yesterday') USING TIMESTAMP %d" % T),
        cql("INSERT INTO readings (KEY, tag) VALUES ('three', 'x') USING TIMESTAMP %d" % T),
        cql("SELECT * FROM readings WHERE KEY = 3"),
        # the session's everyday statements and typos
        cql("UPDATE users USING TIMESTAMP %d SET state = 'NV', fullname = 'X' WHERE KEY IN "
            "('jsmith', 'bjones')" % (T + 5)),
        cql("SELECT state FROM users WHERE KEY >= 'a' AND KEY <= 'z' LIMIT 5"),
        cql("SELECT FIRST 1 'a'..'z' FROM users WHERE KEY = 'bjones'"),
        cql("SELECT COUNT(*) FROM users LIMIT 1"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO users (KEY, state) VALUES ('zz', 'OR') "
            "DELETE fullname FROM users WHERE KEY = 'bjones' APPLY BATCH" % (T + 6)),
        cql("SELECT * FROM users WHERE KEY IN ('zz', 'bjones')"),
        cql("DELETE FROM users USING TIMESTAMP %d WHERE KEY IN ('zz', 'jsmith')" % (T + 7)),
        cql("SELECT * users WHERE KEY = 'zz'"),
        cql("SELECT * FROM users WHERE"),
        cql("INSERT INTO users VALUES ('a', 'b')"),
        cql("UPDATE users SET WHERE KEY = 'a'"),
        cql("CREATE KEYSPACE zo_cq WITH strategy_class = SimpleStrategy AND "
            "strategy_options:replication_factor = 1"),
        cql("TRUNCATE users"),
        cql("SELECT * FROM users WHERE KEY = 'bjones'"),
    ]
    steps += [cql("DROP KEYSPACE zo_cq"), cql("SELECT * FROM users WHERE KEY = 'jsmith'")]
    return steps


# --------------------------------------------------------------------------- type-ahead
@sc("11_typeahead", "slice", "zo_ta")
def typeahead():
    """A type-ahead service: a row per first letter of UTF8Type terms with their weights,
    suggestions read by a prefix slice (the prefix to the prefix and U+FFFF), the top five,
    a prefix with no terms, an AsciiType family read to the prefix and `~`, a term removed,
    and the mistakes: a slice bound that is not UTF-8, a non-ASCII bound on the AsciiType
    family."""
    ks = "zo_ta"
    steps = setup(ks, [cfd(ks, "Terms", comparator_type="UTF8Type",
                           default_validation_class="LongType"),
                       cfd(ks, "AsciiTerms", comparator_type="AsciiType",
                           default_validation_class="LongType")])
    terms = ["cassandra", "cassie", "cast", "cat", "catalog", "cattle", "cassava", "cassock",
             "caf\u00e9", "casserole"]
    steps.append(v19.batch_mutate({"c": {"Terms": [ins(t, long_(len(t) * 10 + i), 10)
                                                   for i, t in enumerate(terms)],
                                         "AsciiTerms": [ins(t, long_(i), 10)
                                                        for i, t in enumerate(terms)
                                                        if t.isascii()]}}))
    steps += [
        v19.get_slice("c", cparent("Terms"), pred(start="cas", finish="cas\uffff", count=5)),
        v19.get_slice("c", cparent("Terms"), pred(start="cass", finish="cass\uffff",
                                                  count=100)),
        v19.get_slice("c", cparent("Terms"), pred(start="caf", finish="caf\uffff", count=5)),
        v19.get_slice("c", cparent("Terms"), pred(start="cz", finish="cz\uffff", count=5)),
        v19.get_slice("c", cparent("AsciiTerms"), pred(start="cat", finish="cat~", count=5)),
        v19.get_slice("c", cparent("Terms"), pred(start="cat\uffff", finish="cat",
                                                  reversed=True, count=3)),
        v19.remove("c", cpath("Terms", col="cassock"), 11),
        v19.get_slice("c", cparent("Terms"), pred(start="cass", finish="cass\uffff", count=5)),
        v19.get_slice("c", cparent("Terms"), pred(start=b"ca\xff", finish="", count=5)),
        v19.get_slice("c", cparent("AsciiTerms"), pred(start="caf\u00e9", finish="", count=5)),
        v19.multiget_slice(["c", "d"], cparent("Terms"), pred(start="cat", finish="cat\uffff",
                                                              count=2)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- job scheduler
@sc("12_job_scheduler", "slice", "zo_js")
def job_scheduler():
    """A job scheduler keeping jobs under their next fire time (LongType names, ms) in a row
    per shard: the due jobs read by a slice up to now, claimed by removing them and writing
    them at their next time in one batch, the last scheduled job by a reversed slice of one,
    the due jobs counted, and the mistakes: a slice whose finish comes before its start, a
    4-byte fire time, a deletion by slice range."""
    ks = "zo_js"
    steps = setup(ks, [cfd(ks, "Schedule", comparator_type="LongType",
                           default_validation_class="UTF8Type")])
    now = 1330600000000
    jobs = [(now - 60000, "purge"), (now - 1000, "report"), (now + 5000, "mail"),
            (now + 3600000, "rollup"), (now - 30000, "reindex")]
    steps.append(v19.batch_mutate({"shard0": {"Schedule": [ins(long_(t), j, 10)
                                                           for t, j in jobs]}}))
    steps += [
        v19.get_slice("shard0", cparent("Schedule"), pred(start="", finish=long_(now),
                                                          count=10)),
        v19.get_count("shard0", cparent("Schedule"), pred(start="", finish=long_(now),
                                                          count=10)),
        v19.batch_mutate({"shard0": {"Schedule": [
            dele([long_(now - 60000), long_(now - 1000)], 11),
            ins(long_(now + 86400000 - 60000), "purge", 11),
            ins(long_(now + 60000 - 1000), "report", 11)]}}),
        v19.get_slice("shard0", cparent("Schedule"), pred(start="", finish=long_(now + 60000),
                                                          count=10)),
        v19.get_slice("shard0", cparent("Schedule"), pred(start="", finish="", reversed=True,
                                                          count=1)),
        v19.get_slice("shard0", cparent("Schedule"), pred(names=[
            long_(now + 5000), long_(now - 30000), long_(now + 5000), long_(1)])),
        v19.multiget_slice(["shard0", "shard1"], cparent("Schedule"), pred(names=[
            long_(now + 3600000), long_(now - 30000)])),
        v19.get_slice("shard0", cparent("Schedule"), pred(start=long_(now), finish=long_(0),
                                                          count=10)),
        v19.get_slice("shard0", cparent("Schedule"), pred(start=struct.pack(">i", 5),
                                                          finish="", count=10)),
        v19.insert("shard0", cparent("Schedule"), column(struct.pack(">i", 5), "bad", 12)),
        v19.batch_mutate({"shard0": {"Schedule": [dele(rng=srange("", long_(now)), t=12)]}}),
        v19.get_slice("shard0", cparent("Schedule"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- activity stream
@sc("13_activity_stream", "super", "zo_as")
def activity_stream():
    """An activity stream in super columns: a row per user, a super column per activity named
    by its TimeUUID (actor, verb, object sub-columns), some expiring in a day; the newest
    first, a page after the last one seen, the followees' streams by a multiget, activities
    counted, sub-columns of one activity read by names, one sub-column written by insert,
    an activity removed and a sub-column removed, and the mistakes: an insert with no super
    column, a super column name that is no TimeUUID, a reversed page the wrong way."""
    ks = "zo_as"
    steps = setup(ks, [cfd(ks, "Stream", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    mm = {}
    for u, base in (("alice", 0), ("bob", 20)):
        ms = []
        for i in range(5):
            ttl = 86400 if i == 1 else None
            ms.append(mutation(cosc(super_column=super_column(timeuuid(base + i), [
                column("actor", u, 10, ttl), column("verb", ["post", "like", "share"][i % 3],
                                                    10, ttl),
                column("object", "item%d" % i, 10, ttl)]))))
        mm[u] = {"Stream": ms}
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.get_slice("alice", cparent("Stream"), pred(start="", reversed=True, count=2)),
        v19.get_slice("alice", cparent("Stream"), pred(start=timeuuid(3), reversed=True,
                                                       count=3)),
        v19.multiget_slice(["alice", "bob", "carol"], cparent("Stream"),
                           pred(start="", reversed=True, count=1)),
        v19.get_count("alice", cparent("Stream"), pred(start="", count=100)),
        v19.get_slice("bob", cparent("Stream", sc=timeuuid(21)), pred(names=["verb", "actor"])),
        v19.insert("bob", cparent("Stream", sc=timeuuid(21)), column("seen", "yes", 11)),
        v19.get("bob", cpath("Stream", sc=timeuuid(21))),
        v19.remove("alice", cpath("Stream", sc=timeuuid(2)), 11),
        v19.remove("alice", cpath("Stream", sc=timeuuid(1), col="object"), 11),
        v19.get_slice("alice", cparent("Stream"), pred(start="", count=100)),
        v19.insert("alice", cparent("Stream"), column("actor", "alice", 12)),
        v19.insert("alice", cparent("Stream", sc="not-a-uuid"), column("actor", "alice", 12)),
        v19.get_slice("alice", cparent("Stream"), pred(start=timeuuid(1), finish=timeuuid(3),
                                                       reversed=True, count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- index search
@sc("14_hector_index_query", "index", "zo_ix")
def hector_index_query():
    """Hector's IndexedSlicesQuery behind a search page: users with KEYS indexes on `state`
    (UTF8Type) and `birth_year` (LongType), queried by an EQ, an EQ with GT/LT bounds on an
    unindexed-by-EQ column, paged by start_key with count, an indexed value updated and the
    query repeated, and the mistakes: a clause with no EQ, an EQ on a column with no index,
    a LongType value of 4 bytes."""
    ks = "zo_ix"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("state", "UTF8Type", True),
                                            coldef("birth_year", "LongType", True),
                                            coldef("city", "UTF8Type")])])
    people = [("u%02d" % i, ["TX", "CA", "UT"][i % 3], 1960 + i * 3, "city%d" % (i % 4))
              for i in range(10)]
    steps.append(v19.batch_mutate({u: {"Users": [ins("state", s, 10),
                                                 ins("birth_year", long_(y), 10),
                                                 ins("city", c, 10)]}
                                   for u, s, y, c in people}))
    tx = [index_expr("state", EQ, "TX")]
    steps += [
        v19.get_indexed_slices(cparent("Users"), index_clause(tx), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            tx + [index_expr("birth_year", GT, long_(1965)),
                  index_expr("birth_year", LT, long_(1985))]), pred(names=["birth_year"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth_year", EQ, long_(1969)), index_expr("city", EQ, "city3")]),
            pred(names=["state", "city"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "CA")], count=2), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "CA")], start_key="u04", count=2), pred(names=["state"])),
        v19.batch_mutate({"u00": {"Users": [ins("state", "CA", 11)]}}),
        v19.get_indexed_slices(cparent("Users"), index_clause(tx), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("city", LTE, "city1")]),
            pred(names=["city"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth_year", GTE, long_(1970))]), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("city", EQ, "city1")]), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "UT")], start_key="u03x", count=10), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "UT")], count=0), pred(names=["state"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("birth_year", EQ, struct.pack(">i", 1969))]), pred(names=["state"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- keyspace admin
@sc("15_keyspace_admin", "schema", "zo_ka")
def keyspace_admin():
    """An operator's keyspace chores: a keyspace on NetworkTopologyStrategy with the local
    data centre, written and read at LOCAL_QUORUM and EACH_QUORUM, changed to a data centre
    the cluster has not (writes then unavailable), moved back to SimpleStrategy by
    system_update_keyspace, described; the keyspace added twice, an update carrying column
    families, a keyspace named with a dash, and a drop of one that is not there."""
    ks = "zo_ka"
    dc1 = {"datacenter1": "1"}
    steps = [v19.system_add_keyspace(ksd(ks, [cfd(ks, "Data", comparator_type="UTF8Type")],
                                         strategy=NTS, options=dc1)),
             v19.set_keyspace(ks),
             v19.describe_keyspace(ks)]
    steps += [
        v19.insert("k1", cparent("Data"), column("c", "v", 10), LOCAL_QUORUM),
        v19.get("k1", cpath("Data", col="c"), LOCAL_QUORUM),
        v19.insert("k1", cparent("Data"), column("d", "v", 10), EACH_QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), EACH_QUORUM),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"dc2": "1"})),
        v19.describe_keyspace(ks),
        v19.insert("k1", cparent("Data"), column("e", "v", 10)),
        v19.get("k1", cpath("Data", col="c"), LOCAL_QUORUM),
        v19.system_update_keyspace(ksd(ks, [])),
        v19.describe_keyspace(ks),
        v19.insert("k1", cparent("Data"), column("e", "v", 10)),
        v19.insert("k1", cparent("Data"), column("f", "v", 10), LOCAL_QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), TWO),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "More", comparator_type="UTF8Type")])),
        v19.system_add_keyspace(ksd("zo-ka", [])),
        v19.system_drop_keyspace("zo_ka_gone"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- newcomer
@sc("16_newcomer_mistakes", "validation", "zo_nm")
def newcomer_mistakes():
    """A newcomer's first week on a hand-rolled Thrift client: calls before set_keyspace, a
    set_keyspace of a keyspace with the wrong case, a value its column's validator refuses
    (UTF8 bytes that are not, a long of 3 bytes, an int for IntegerType), a read at ANY,
    required fields left out (a get without a path, an insert without its column's
    timestamp), an empty row key, an empty column name, a super column path on a standard
    family, a slice reversed the wrong way, a slice count of -1, a predicate of both names
    and a range."""
    ks = "zo_nm"
    steps = [
        v19.get("k", cpath("Users", col="name")),
        v19.describe_keyspace("ZO_NM"),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                                             column_metadata=[
                                                 coldef("name", "UTF8Type"),
                                                 coldef("age", "LongType"),
                                                 coldef("score", "IntegerType")])])),
        v19.set_keyspace("ZO_NM"),
        v19.set_keyspace(ks),
        v19.insert("k", cparent("Users"), column("name", b"\xc3\x28", 10)),
        v19.insert("k", cparent("Users"), column("age", b"\x00\x00\x1e", 10)),
        v19.insert("k", cparent("Users"), column("score", b"", 10)),
        v19.insert("k", cparent("Users"), column("score", b"\x00\x00\x00\x2a", 10)),
        v19.insert("k", cparent("Users"), column("name", "ann", 10)),
        v19.get("k", cpath("Users", col="score")),
        v19.get("k", cpath("Users", col="name"), ANY),
        kit.D.raw("get", {1: b("k"), 3: W.i32(ONE)}),
        v19.insert("k", cparent("Users"), column("name", "bob", None)),
        v19.insert("", cparent("Users"), column("name", "bob", 10)),
        v19.set_keyspace(ks),
        v19.insert("k", cparent("Users"), column("", "bob", 10)),
        v19.get_slice("k", cparent("Users", sc="name"), pred(start="", count=10)),
        v19.get_slice("k", cparent("Users"), pred(start="a", finish="z", reversed=True,
                                                  count=10)),
        v19.get_slice("k", cparent("Users"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("Users"), kit.W.struct({
            1: W.list_("bin", [b("name")]), 2: srange("", "", False, 10)})),
        v19.get_slice("k", cparent("Users"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later client
@sc("17_later_client", "later-idl", "zo_lc")
def later_client():
    """A client built against the next release's IDL during a rolling upgrade: KsDef's
    strategy_options and durable_writes on 0.7, a CfDef of 1.0's compression options on 0.8,
    1.1's caching and key alias on 1.0, 1.2's default TTL and speculative fields on 1.1, a
    consistency level the release did not declare, and the next release's method (0.8's
    execute_cql_query on 0.7, 1.0's nothing new: 1.1's describe_splits_ex on 0.8 and 1.0,
    1.2's describe_splits_ex with a bad token and set_cql_version on 1.1), then the everyday
    calls that follow."""
    ks = "zo_lc"
    if V07:
        later = dict(key_validation_class="UTF8Type", replicate_on_write=False)
        call = unknown("execute_cql_query", {1: b("SELECT * FROM Items"), 2: W.i32(2)})
    elif not V10:
        later = dict(compression_options={"sstable_compression": "SnappyCompressor"},
                     bloom_filter_fp_chance=0.01)
        call = kit.splits_ex("Items", "0", "0", 128)
    elif not V11:
        later = dict(caching="all", key_alias="item_id")
        call = kit.splits_ex("Items", "0", "0", 128)
    else:
        later = dict(default_time_to_live=3600, speculative_retry="NONE",
                     index_interval=256)
        call = v19.set_cql_version("3.0.0")
    steps = [v19.system_add_keyspace(kit.W.struct({
        1: b(ks), 2: b(kit.SS), 3: kit.strmap({"replication_factor": "1"}),
        **({4: W.i32(1)} if V07 else {}), 5: W.list_("struct", []), 6: W.boolean(True)})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd_later(ks, "Items", comparator_type="UTF8Type",
                                               **later)),
        v19.describe_keyspace(ks),
        call,
        v19.insert("i1", cparent("Items"), column("name", "lamp", 10)),
        v19.get("i1", cpath("Items", col="name"), kit.LOCAL_ONE),
        v19.get_slice("i1", cparent("Items"), pred(start="", count=10)),
        v19.get_slice("i1", cparent("Items"), pred(start="", count=10), kit.LOCAL_ONE),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- poll votes
@sc("18_poll_votes", "count", "zo_pv")
def poll_votes():
    """A poll app counting votes without counters: a row per option of voter ids as column
    names, votes counted by get_count (a count limited to 2, names, a range), several options
    by multiget_count, a vote withdrawn (removed) and one expiring (TTL'd), a voter's choice
    changed in one batch (removed from one option, added to another), and the counts read
    again."""
    ks = "zo_pv"
    steps = setup(ks, [cfd(ks, "Votes", comparator_type="UTF8Type")])
    opts = {"poll7:yes": ["v%02d" % i for i in range(0, 9)],
            "poll7:no": ["v%02d" % i for i in range(9, 13)],
            "poll7:maybe": ["v13"]}
    steps.append(v19.batch_mutate({o: {"Votes": [ins(v, "", 10, 3600 if v == "v05" else None)
                                                 for v in vs]} for o, vs in opts.items()}))
    steps += [
        v19.get_count("poll7:yes", cparent("Votes"), pred(start="", count=100)),
        v19.get_count("poll7:yes", cparent("Votes"), pred(start="", count=2)),
        v19.get_count("poll7:yes", cparent("Votes"), pred(names=["v01", "v11", "v05"])),
        v19.get_count("poll7:yes", cparent("Votes"), pred(start="v03", finish="v06",
                                                          count=100)),
        v19.multiget_count(list(opts) + ["poll7:other"], cparent("Votes"),
                           pred(start="", count=100)),
        v19.remove("poll7:yes", cpath("Votes", col="v02"), 11),
        v19.batch_mutate({"poll7:no": {"Votes": [dele(["v10"], 11)]},
                          "poll7:maybe": {"Votes": [ins("v10", "", 11)]}}),
        v19.multiget_count(list(opts), cparent("Votes"), pred(start="", count=100)),
        v19.get_slice("poll7:maybe", cparent("Votes"), pred(start="", count=100)),
        v19.get_count("poll7:yes", cparent("Votes"), pred(start="", reversed=True, count=3)),
        v19.get_count("poll7:yes", cparent("Votes"), pred(start="", count=0)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- exporter
@sc("19_dump_exporter", "range", "zo_dx")
def dump_exporter():
    """A cassandra-dump style exporter: every row of a standard and a super column family
    paged by token (the first page from token 0 to 0, each next page from the last row's
    token), the same by key with count+1, a wide row's columns paged by get_slice from the
    last column, a wrapping token range, and its mistakes: a key range whose end sorts before
    its start, a start key with an end token, a count of 0."""
    ks = "zo_dx"
    steps = setup(ks, [cfd(ks, "Items", comparator_type="BytesType"),
                       cfd(ks, "Groups", column_type="Super", comparator_type="BytesType",
                           subcomparator_type="BytesType")])
    keys = ["item%02d" % i for i in range(12)]
    mm = {k: {"Items": [ins("c%02d" % j, "v", 10) for j in range(3 if k != "item05" else 25)]}
          for k in keys}
    for k in keys[:4]:
        mm[k]["Groups"] = [sins("g1", [("a", "1"), ("b", "2")], 10), sins("g2", [("a", "3")], 10)]
    steps.append(v19.batch_mutate(mm))
    order = by_token(keys)
    toks = [md5_token(k) for k in order]
    steps += [
        v19.get_range_slices(cparent("Items"), pred(start="", count=2),
                             key_range(start_token="0", end_token="0", count=5)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=2),
                             key_range(start_token=toks[4], end_token="0", count=5)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=2),
                             key_range(start_token=toks[9], end_token="0", count=5)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=2),
                             key_range(start_key=order[5], end_key="", count=6)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_token=toks[10], end_token=toks[1], count=10)),
        v19.get_slice("item05", cparent("Items"), pred(start="", count=10)),
        v19.get_slice("item05", cparent("Items"), pred(start="c09", count=10)),
        v19.get_slice("item05", cparent("Items"), pred(start="c18", count=10)),
        v19.get_range_slices(cparent("Groups"), pred(start="", count=10),
                             key_range(start_token="0", end_token="0", count=10)),
        v19.get_range_slices(cparent("Groups", sc="g1"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_key=order[6], end_key=order[2], count=10)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_key=order[2], end_token=toks[6], count=10)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_key=order[2], end_key="", start_token="0",
                                       end_token="0", count=3)),
        v19.get_range_slices(cparent("Items"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=3)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CF options
@sc("20_cf_options", "schema", "zo_co")
def cf_options():
    """A schema script setting the column family options of its release (0.7's memtable and
    cache sizes, 0.8's key validation and row cache provider, 1.0's compression and
    compaction, 1.1's caching), describing them back, and its mistakes: a
    min_compaction_threshold above the max, a read_repair_chance of 2, a comparator class
    that does not exist, and on 1.0 on, a compressor that does not exist and a
    chunk_length_kb that is no power of two."""
    ks = "zo_co"
    opts = dict(comparator_type="UTF8Type", read_repair_chance=0.5, gc_grace_seconds=3600,
                min_compaction_threshold=2, max_compaction_threshold=16, comment="tuned",
                key_cache_size=1000.0, row_cache_size=100.0)
    if V07:
        opts.update(memtable_throughput_in_mb=32, memtable_operations_in_millions=0.1,
                    memtable_flush_after_mins=30)
    else:
        opts.update(key_validation_class="UTF8Type", replicate_on_write=True)
    if V10:
        opts.update(compression_options={"sstable_compression": "SnappyCompressor",
                                         "chunk_length_kb": "64"},
                    compaction_strategy="LeveledCompactionStrategy",
                    compaction_strategy_options={"sstable_size_in_mb": "10"},
                    bloom_filter_fp_chance=0.1)
    if V11:
        opts.update(caching="keys_only")
    steps = setup(ks, [])
    steps += [
        v19.system_add_column_family(cfd(ks, "Tuned", **opts)),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Bad1", comparator_type="UTF8Type",
                                         min_compaction_threshold=40,
                                         max_compaction_threshold=32)),
        v19.system_add_column_family(cfd(ks, "Bad2", comparator_type="UTF8Type",
                                         read_repair_chance=2.0)),
        v19.system_add_column_family(cfd(ks, "Bad3", comparator_type="UTF8Typo")),
    ]
    if V10:
        steps += [
            v19.system_add_column_family(cfd(ks, "Bad4", comparator_type="UTF8Type",
                                             compression_options={
                                                 "sstable_compression": "LzoCompressor"})),
            v19.system_add_column_family(cfd(ks, "Bad5", comparator_type="UTF8Type",
                                             compression_options={
                                                 "sstable_compression": "SnappyCompressor",
                                                 "chunk_length_kb": "48"})),
        ]
    steps += [
        v19.insert("k", cparent("Tuned"), column("a", "1", 10)),
        v19.get_slice("k", cparent("Tuned"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta
def tu(n):
    """A TimeUUID literal of the CQL text."""
    import uuid
    return str(uuid.UUID(bytes=timeuuid(n)))


@sc("21_cql3_beta_chat", "cql", "zo_c3", when=V11)
def cql3_beta_chat():
    """A chat service trying 1.1's CQL 3 beta (set_cql_version 3.0.0, statements through
    execute_cql_query): a keyspace made in CQL, a messages table of (room, sent timeuuid)
    kept newest first, a rooms table with an index, rows written USING TIMESTAMP, a room's
    latest messages, a page after the last message seen, ORDER BY the other way, COUNT, an
    IN of room names, a message edited and a body deleted, the messages read through Thrift
    as composite names, ALTER TABLE ADD, and the mistakes: ORDER BY a column that is no
    clustering column, an INSERT without the clustering column, a table made twice."""
    ks = "zo_c3"
    ts_ = " USING TIMESTAMP %d" % T
    steps = [
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE zo_c3 WITH strategy_class = 'SimpleStrategy' AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zo_c3"),
        cql("CREATE TABLE messages (room text, sent timeuuid, author text, body text, "
            "PRIMARY KEY (room, sent)) WITH CLUSTERING ORDER BY (sent DESC)"),
        cql("CREATE TABLE rooms (name text PRIMARY KEY, topic text, members int)"),
        cql("CREATE INDEX rooms_topic ON rooms (topic)"),
    ]
    for i in range(5):
        steps.append(cql("INSERT INTO messages (room, sent, author, body) VALUES ('lobby', %s, "
                         "'%s', 'message %d')%s" % (tu(i), ["ann", "bob"][i % 2], i, ts_)))
    steps += [
        cql("INSERT INTO messages (room, sent, author, body) VALUES ('dev', %s, 'cy', 'build "
            "green')%s" % (tu(9), ts_)),
        cql("INSERT INTO rooms (name, topic, members) VALUES ('lobby', 'general', 12)" + ts_),
        cql("INSERT INTO rooms (name, topic, members) VALUES ('dev', 'builds', 3)" + ts_),
        cql("SELECT * FROM messages WHERE room = 'lobby' LIMIT 2"),
        cql("SELECT sent, body FROM messages WHERE room = 'lobby' AND sent < %s LIMIT 2" % tu(3)),
        cql("SELECT author, body FROM messages WHERE room = 'lobby' ORDER BY sent ASC LIMIT 3"),
        cql("SELECT COUNT(*) FROM messages WHERE room = 'lobby'"),
        cql("SELECT * FROM rooms WHERE name IN ('lobby', 'dev', 'attic')"),
        cql("SELECT name, members FROM rooms WHERE topic = 'builds'"),
        cql("UPDATE messages USING TIMESTAMP %d SET body = 'edited' WHERE room = 'lobby' AND "
            "sent = %s" % (T + 1, tu(1))),
        cql("DELETE body FROM messages USING TIMESTAMP %d WHERE room = 'lobby' AND sent = %s"
            % (T + 1, tu(2))),
        cql("SELECT sent, body FROM messages WHERE room = 'lobby' AND sent >= %s AND sent <= %s"
            % (tu(1), tu(3))),
        v19.get_slice("lobby", cparent("messages"), pred(start="", count=4)),
        v19.get_count("lobby", cparent("messages"), pred(start="", count=100)),
        cql("ALTER TABLE rooms ADD owner text"),
        cql("UPDATE rooms USING TIMESTAMP %d SET owner = 'ann' WHERE name = 'lobby'" % (T + 1)),
        cql("SELECT * FROM rooms WHERE name = 'lobby'"),
        cql("SELECT * FROM messages WHERE room = 'lobby' ORDER BY author"),
        cql("INSERT INTO messages (room, author) VALUES ('lobby', 'dan')" + ts_),
        cql("CREATE TABLE rooms (name text PRIMARY KEY, topic text)"),
        # a table of typed columns, values typed as the app's template formatted them
        cql("CREATE TABLE readings (sensor uuid, at timestamp, ok boolean, temp double, "
            "n int, big bigint, raw blob, PRIMARY KEY (sensor, at))"),
        cql("INSERT INTO readings (sensor, at, ok, temp, n, big, raw) VALUES ("
            "6ba7b810-9dad-11d1-80b4-00c04fd430c8, '2012-03-01 10:00:00+0000', true, 21.5, "
            "42, 9000000000, 'cafe')" + ts_),
        cql("INSERT INTO readings (sensor, at, n) VALUES (6ba7b810-9dad-11d1-80b4-00c04fd430c8, "
            "1330596060000, -7)" + ts_),
        cql("SELECT * FROM readings WHERE sensor = 6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        cql("SELECT at, n FROM readings WHERE sensor = 6ba7b810-9dad-11d1-80b4-00c04fd430c8 "
            "AND at > '2012-03-01 10:00:30+0000'"),
        cql("INSERT INTO readings (sensor, at, n) VALUES (6ba7b810-9dad-11d1-80b4-00c04fd430c8, "
            "1330596120000, 'seven')" + ts_),
        cql("INSERT INTO readings (sensor, at, ok) VALUES (6ba7b810-9dad-11d1-80b4-00c04fd430c8,"
            " 1330596120000, 'yes')" + ts_),
        cql("INSERT INTO readings (sensor, at, big) VALUES ('6ba7b810', 1330596120000, 1)" + ts_),
        cql("INSERT INTO readings (sensor, at, raw) VALUES (6ba7b810-9dad-11d1-80b4-00c04fd430c8,"
            " 1330596120000, 'zz')" + ts_),
        cql("SELECT sent, body FROM messages WHERE room = 'lobby' AND sent > %s ORDER BY sent "
            "DESC" % tu(2)),
        cql("SELECT WRITETIME(body), author FROM messages WHERE room = 'lobby' LIMIT 1"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO messages (room, sent, author, body) "
            "VALUES ('ops', %s, 'eve', 'deploy') UPDATE rooms SET topic = 'ops' WHERE name = "
            "'ops' APPLY BATCH" % (T + 2, tu(11))),
        cql("SELECT * FROM messages WHERE room = 'ops'"),
        cql("SELECT name, topic FROM rooms WHERE name = 'ops'"),
        cql("CREATE TABLE presence (user text, room text, since bigint, PRIMARY KEY (user, room)"
            ") WITH COMPACT STORAGE AND comment = 'who is where'"),
        cql("INSERT INTO presence (user, room, since) VALUES ('ann', 'lobby', 1330000000)" + ts_),
        cql("INSERT INTO presence (user, room, since) VALUES ('ann', 'dev', 1330000100)" + ts_),
        cql("SELECT room, since FROM presence WHERE user = 'ann'"),
        v19.get_slice("ann", cparent("presence"), pred(start="", count=10)),
        cql("DELETE FROM presence USING TIMESTAMP %d WHERE user = 'ann' AND room = 'dev'"
            % (T + 1)),
        cql("SELECT * FROM presence WHERE user = 'ann'"),
        cql("INSERT messages (room, sent, author) VALUES ('x', %s, 'y')" % tu(12)),
        cql("SELECT FROM messages WHERE room = 'lobby'"),
        cql("SELECT * FROM messages WHERE room = lobby"),
        cql("DELETE FROM messages USING TIMESTAMP %d WHERE room = 'dev'" % (T + 1)),
        cql("SELECT * FROM messages WHERE room = 'dev'"),
        cql("DROP TABLE rooms"),
        cql("SELECT * FROM rooms"),
        v19.system_drop_keyspace(ks),
    ]
    return steps
