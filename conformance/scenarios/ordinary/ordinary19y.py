"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model: a Django app on pycassa's ColumnFamilyMap with a validator per attribute (and the bad
values its form let through), a Twissandra-style timeline kept in super columns named by
TimeUUIDs and read newest first, a metrics rollup store in counter super columns (0.8 on), a
Hector object-mapper session creating column families with column metadata and KEYS indexes and
evolving them, a phpcassa 0.8 app paging get_indexed_slices by start_key with multiget_count,
an app misusing consistency levels, row keys its key validators refuse, an operator's
system_update_column_family changing what cannot change, single-node ring and split calls, a
to-do app's tombstone ties, slice predicate mistakes, keyspace administration mistakes, a
CompositeType catalogue (0.8 on), a CQL 2 dashboard over Thrift families (0.8 on), a column
family with per-column validators in super column families, and clients built against a later
IDL (1.2's, 2.0's) talking to the release.  Each scenario owns its keyspace.  Recorded with
capture.py --api 19 --framed, each scenario on a fresh stock-yaml node."""
import os
import sys
import struct

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, srange, key_range, column, cosc, counter_column,
                 counter_super_column, mutation, deletion, ins, index_expr, index_clause,
                 column_def, long_, int32, timeuuid, lexuuid, EQ, GT, ONE, QUORUM, ALL, ANY,
                 LOCAL_QUORUM, EACH_QUORUM)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, cfd, cfd_later, ksd, setup, coldef, cfid, md5_token, dele, unknown,  # noqa: E402
                 sins)
from kit import cql2 as cql  # noqa: E402
from kit import LOCAL_ONE, SERIAL  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar('y_')

V08_TYPES = V08


def utf8_bad():
    return b"\xc3\x28ab"


# --------------------------------------------------------------------------- ColumnFamilyMap
@sc("01_cfmap_django", "validation", "y_cfm")
def cfmap_django():
    """A Django app's models on pycassa's ColumnFamilyMap: a Users column family whose column
    metadata gives each attribute its validator (LongType age, AsciiType login, UTF8Type name,
    LexicalUUIDType/TimeUUIDType ids, IntegerType karma; 0.8's DateType, BooleanType, DoubleType),
    objects saved by batch_mutate and insert, loaded by multiget of the declared names, and the
    values a sloppy form let through refused by the validators (an int32 for a long, a byte
    above 127 in ascii, broken UTF-8, a 15-byte uuid, a version-4 uuid as a TimeUUID)."""
    ks = "y_cfm"
    meta = [coldef("age", "LongType"), coldef("login", "AsciiType"),
            coldef("name", "UTF8Type"), coldef("uid", "LexicalUUIDType"),
            coldef("created", "TimeUUIDType"), coldef("karma", "IntegerType")]
    if V08:
        meta += [coldef("born", "DateType"), coldef("active", "BooleanType"),
                 coldef("score", "DoubleType")]
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                           default_validation_class="BytesType", column_metadata=meta)])
    good = [ins("age", long_(31), 10), ins("login", "jdoe", 10), ins("name", "J\u00f6rg Doe", 10),
            ins("uid", lexuuid(7), 10), ins("created", timeuuid(3), 10),
            ins("karma", b"\x00\xff", 10), ins("nick", b"\xff\xfe", 10)]
    if V08:
        good += [ins("born", long_(1300000000000), 10), ins("active", b"\x01", 10),
                 ins("score", struct.pack(">d", 4.5), 10)]
    steps += [
        v19.batch_mutate({"u1": {"Users": good}}),
        v19.insert("u2", cparent("Users"), column("age", long_(22), 10)),
        v19.insert("u2", cparent("Users"), column("login", "amy", 10)),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("Users"),
                           pred(names=["age", "login", "name", "uid", "created"])),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=100)),
        # what the form let through
        v19.insert("u3", cparent("Users"), column("age", int32(22), 11)),
        v19.insert("u3", cparent("Users"), column("login", b"j\xe9r", 11)),
        v19.insert("u3", cparent("Users"), column("name", utf8_bad(), 11)),
        v19.insert("u3", cparent("Users"), column("uid", lexuuid(1)[:15], 11)),
        v19.insert("u3", cparent("Users"), column("created", lexuuid(2), 11)),
        v19.insert("u3", cparent("Users"), column("age", b"", 11)),
        v19.insert("u3", cparent("Users"), column("karma", b"", 11)),
        v19.batch_mutate({"u3": {"Users": [ins("login", "ok", 11), ins("age", b"12345", 11)]}}),
        v19.get_slice("u3", cparent("Users"), pred(start="", count=100)),
        # a name the comparator refuses
        v19.insert("u3", cparent("Users"), column(b"\xff", "x", 11)),
    ]
    if V08:
        steps += [
            v19.insert("u3", cparent("Users"), column("born", int32(5), 12)),
            v19.insert("u3", cparent("Users"), column("active", b"\x01\x00", 12)),
            v19.insert("u3", cparent("Users"), column("score", struct.pack(">f", 1.5), 12)),
            v19.insert("u3", cparent("Users"), column("active", b"", 12)),
        ]
    steps += [
        v19.remove("u2", cpath("Users", col="login"), 20),
        v19.multiget_slice(["u1", "u2"], cparent("Users"), pred(names=["login", "age"])),
        v19.get_count("u1", cparent("Users"), pred(start="", count=100)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Twissandra supers
@sc("02_timeline_supers", "super", "y_tws")
def timeline_supers():
    """A Twissandra variant keeping each user's timeline in a super column family: super
    columns named by the tweet's TimeUUID, sub-columns of the tweet's fields, read newest
    first in pages of count+1 from the last seen TimeUUID, one tweet's fields read reversed,
    timelines of several followers multigot, a tweet removed by its super column and one field
    by its sub-column, and the TimeUUIDs a buggy client built (16 bytes of version 4, 12 bytes)."""
    ks = "y_tws"
    steps = setup(ks, [cfd(ks, "Timeline", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type"),
                       cfd(ks, "Tweets", comparator_type="UTF8Type")])
    mm = {}
    for u, n in (("alice", 9), ("bob", 4), ("carol", 1)):
        mm[u] = {"Timeline": [sins(timeuuid(100 + i), [("body", "%s says %d" % (u, i)),
                                                        ("by", u), ("via", "web")], 10 + i)
                              for i in range(n)]}
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.get_slice("alice", cparent("Timeline"), pred(start="", count=4, reversed=True)),
        v19.get_slice("alice", cparent("Timeline"), pred(start=timeuuid(105), count=4,
                                                         reversed=True)),
        v19.get_slice("alice", cparent("Timeline"), pred(start=timeuuid(101), count=4,
                                                         reversed=True)),
        v19.get_slice("alice", cparent("Timeline"), pred(start=timeuuid(102), finish=timeuuid(
            106), count=10)),
        v19.get_slice("alice", cparent("Timeline", timeuuid(103)), pred(start="", count=10,
                                                                        reversed=True)),
        v19.get_slice("alice", cparent("Timeline", timeuuid(103)), pred(names=["by", "zz"])),
        v19.multiget_slice(["alice", "bob", "carol", "dave"], cparent("Timeline"),
                           pred(start="", count=2, reversed=True)),
        v19.multiget_count(["alice", "bob", "dave"], cparent("Timeline"),
                           pred(start="", count=100)),
        v19.get_count("alice", cparent("Timeline", timeuuid(104)), pred(start="", count=100)),
        v19.remove("alice", cpath("Timeline", timeuuid(108)), 50),
        v19.remove("alice", cpath("Timeline", timeuuid(107), "via"), 50),
        v19.get_slice("alice", cparent("Timeline"), pred(start="", count=2, reversed=True)),
        v19.get("alice", cpath("Timeline", timeuuid(107))),
        v19.get("alice", cpath("Timeline", timeuuid(108))),
        v19.get("alice", cpath("Timeline", timeuuid(107), "via")),
        # the buggy client's names
        v19.insert("bob", cparent("Timeline", lexuuid(3)), column("body", "v4", 60)),
        v19.insert("bob", cparent("Timeline", timeuuid(200)[:12]), column("body", "short", 60)),
        v19.get_slice("bob", cparent("Timeline"), pred(start=b"\x00" * 12, count=2)),
        v19.get_slice("bob", cparent("Timeline", b""), pred(start="", count=2)),
        # the tweet body itself, standard CF, a missing super column argument
        v19.insert("t1", cparent("Tweets"), column("body", "hello", 10)),
        v19.insert("t1", cparent("Tweets", timeuuid(1)), column("body", "hello", 10)),
        v19.get("t1", cpath("Tweets", timeuuid(1), "body")),
        v19.get_slice("alice", cparent("Timeline"), pred(names=[timeuuid(100), timeuuid(150)])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- rollups
@sc("03_rollup_counters", "counter", "y_rol", when=V08)
def rollup_counters():
    """A metrics rollup store in counter super column families: each metric's row holds one
    super column per resolution (UTF8Type "1m", "1h") whose LongType sub-columns are buckets;
    increments by add (with the super column in the parent) and by batch_mutate of
    CounterSuperColumns, the last buckets read newest first, counted, multigot, a bucket and a
    whole resolution removed with remove_counter and incremented again, and the calls a new
    developer tried (an insert into the counter family, add to a standard family, add without
    the super column, a Deletion of a counter with a timestamp)."""
    ks = "y_rol"
    steps = setup(ks, [cfd(ks, "Rollups", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Plain", comparator_type="UTF8Type")])
    for i in range(6):
        steps.append(v19.add("cpu", cparent("Rollups", "1m"), counter_column(long_(60 * i),
                                                                               i + 1)))
    steps += [
        v19.add("cpu", cparent("Rollups", "1m"), counter_column(long_(0), 10)),
        v19.batch_mutate({"cpu": {"Rollups": [mutation(cosc(counter_super_column=counter_super_column(
            "1h", [counter_column(long_(0), 21), counter_column(long_(3600), 5)])))]},
            "mem": {"Rollups": [mutation(cosc(counter_super_column=counter_super_column(
                "1m", [counter_column(long_(0), -4)])))]}}),
        v19.get_slice("cpu", cparent("Rollups", "1m"), pred(start="", count=3, reversed=True)),
        v19.get_slice("cpu", cparent("Rollups"), pred(start="", count=10)),
        v19.get("cpu", cpath("Rollups", "1m", long_(0))),
        v19.get("cpu", cpath("Rollups", "1h")),
        v19.get_count("cpu", cparent("Rollups", "1m"), pred(start=long_(120), count=100)),
        v19.multiget_slice(["cpu", "mem", "disk"], cparent("Rollups", "1m"),
                           pred(start="", count=2)),
        v19.multiget_count(["cpu", "mem"], cparent("Rollups"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Rollups", "1m"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove_counter("cpu", cpath("Rollups", "1m", long_(60))),
        v19.get_slice("cpu", cparent("Rollups", "1m"), pred(start="", count=3)),
        v19.remove_counter("cpu", cpath("Rollups", "1h")),
        v19.get_slice("cpu", cparent("Rollups"), pred(start="", count=10)),
        v19.get("cpu", cpath("Rollups", "1h", long_(0))),
        # the new developer's calls
        v19.insert("cpu", cparent("Rollups", "1m"), column(long_(9), long_(1), 10)),
        v19.add("k", cparent("Plain"), counter_column("hits", 1)),
        v19.add("cpu", cparent("Rollups"), counter_column(long_(0), 1)),
        v19.add("cpu", cparent("Rollups", "1m"), counter_column(b"abc", 1)),
        v19.batch_mutate({"cpu": {"Rollups": [mutation(deletion_=deletion(5, sc="1m"))]}}),
        v19.batch_mutate({"cpu": {"Rollups": [mutation(deletion_=deletion(None, sc="1m",
                                                                          predicate=pred(names=[long_(0)])))]}}),
        v19.get_slice("cpu", cparent("Rollups", "1m"), pred(start="", count=10)),
        v19.batch_mutate({"cpu": {"Rollups": [mutation(cosc(counter_column=counter_column(
            long_(1), 1)))]}}),
        v19.batch_mutate({"cpu": {"Plain": [mutation(cosc(counter_column=counter_column(
            "x", 1)))]}}),
        v19.add("cpu", cparent("Rollups", "1m"), counter_column(long_(0), 1), ANY),
        v19.get("cpu", cpath("Rollups", "1m", long_(0)), ANY),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector OM
@sc("04_hector_om", "index", "y_hom")
def hector_om():
    """Hector's object mapper at start-up: the entity's column family created with column
    metadata and KEYS indexes (one named, one named by the server), entities saved, found by
    an index query of an equality and a range, the session's later schema synchronisation
    adding an indexed column (sending the id back), dropping an index by sending the column
    without its index type, an index name another family of the keyspace holds, and a
    validator it gave an indexed column changed."""
    ks = "y_hom"
    steps = setup(ks, [
        cfd(ks, "Person", comparator_type="UTF8Type", default_validation_class="UTF8Type",
            column_metadata=[coldef("email", "UTF8Type", True, "person_email"),
                             coldef("age", "LongType", True),
                             coldef("city", "UTF8Type")]),
        cfd(ks, "Company", comparator_type="UTF8Type",
            column_metadata=[coldef("name", "UTF8Type", True, "company_name")])])
    people = [("p1", "a@x", 30, "paris"), ("p2", "b@x", 25, "oslo"), ("p3", "c@x", 30, "oslo"),
              ("p4", "d@x", 41, "paris"), ("p5", "a@x", 30, "rome")]
    steps.append(v19.batch_mutate({k: {"Person": [ins("email", e, 10), ins("age", long_(a), 10),
                                                   ins("city", c, 10)]}
                                   for k, e, a, c in people}))
    steps += [
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("email", EQ, "a@x")], count=10), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", EQ, long_(30)), index_expr("city", EQ, "oslo")], count=10),
            pred(names=["email"])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", EQ, long_(30)), index_expr("age", GT, long_(29))], count=10),
            pred(names=["city"])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "oslo")], count=10), pred(names=["email"])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("age", EQ, b"\x00\x1e")], count=10), pred(names=["email"])),
        v19.describe_keyspace(ks),
        # schema synchronisation: a new indexed column
        v19.system_update_column_family(cfd(ks, "Person", id=cfid(0), comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            column_metadata=[
                                                coldef("email", "UTF8Type", True, "person_email"),
                                                coldef("age", "LongType", True),
                                                coldef("city", "UTF8Type", True)])),
        v19.insert("p6", cparent("Person"), column("city", "oslo", 20)),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("city", EQ, "oslo")], count=10), pred(names=["city"])),
        # the email index dropped
        v19.system_update_column_family(cfd(ks, "Person", id=cfid(0), comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            column_metadata=[
                                                coldef("email", "UTF8Type"),
                                                coldef("age", "LongType", True),
                                                coldef("city", "UTF8Type", True)])),
        v19.get_indexed_slices(cparent("Person"), index_clause(
            [index_expr("email", EQ, "a@x")], count=10), pred(start="", count=10)),
        # an index name Company holds
        v19.system_update_column_family(cfd(ks, "Person", id=cfid(0), comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            column_metadata=[
                                                coldef("email", "UTF8Type", True, "company_name"),
                                                coldef("age", "LongType", True),
                                                coldef("city", "UTF8Type", True)])),
        v19.system_add_column_family(cfd(ks, "Person2", comparator_type="UTF8Type",
                                         column_metadata=[coldef("email", "UTF8Type", True,
                                                                 "person_email")])),
        v19.system_add_column_family(cfd(ks, "Person3", comparator_type="UTF8Type",
                                         column_metadata=[coldef("a", "UTF8Type", True, "same"),
                                                          coldef("b", "UTF8Type", True,
                                                                 "same")])),
        # the indexed age column's validator changed
        v19.system_update_column_family(cfd(ks, "Person", id=cfid(0), comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            column_metadata=[
                                                coldef("age", "UTF8Type", True),
                                                coldef("city", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- phpcassa paging
@sc("05_phpcassa_paging", "index", "y_php")
def phpcassa_paging():
    """A phpcassa 0.8 app listing orders by status: get_indexed_slices paged by start_key with
    count+1 (the last key of a page repeated as the next page's start), a filter on a second
    unindexed column, reversed column slices inside the index query, multiget_count of the
    order lines, an index clause with no equality, no expressions, a count of zero and an
    unknown column, and a start_key of a missing row."""
    ks = "y_php"
    steps = setup(ks, [
        cfd(ks, "Orders", comparator_type="AsciiType", default_validation_class="AsciiType",
            column_metadata=[coldef("status", "AsciiType", True, "orders_status")]),
        cfd(ks, "Lines", comparator_type="LongType")])
    mm = {}
    for i in range(11):
        k = "ord%02d" % i
        mm[k] = {"Orders": [ins("status", "open" if i % 3 else "shipped", 10),
                            ins("total", str(i * 7), 10), ins("cust", "c%d" % (i % 2), 10)],
                 "Lines": [ins(long_(n), "item-%d" % n, 10) for n in range(i % 4)]}
    steps.append(v19.batch_mutate(mm))
    clause = [index_expr("status", EQ, "open")]
    steps += [
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", 4),
                               pred(start="", count=10)),
    ]
    # the pages that follow are the last key seen of each page: we fetch them all from one
    # big query's order, so replay the real client's walk with the keys the release returned
    steps += [
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", 100),
                               pred(names=["status"])),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            clause + [index_expr("cust", EQ, "c1")], "", 100), pred(names=["total"])),
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", 3),
                               pred(start="", count=2, reversed=True)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "nosuch", 3),
                               pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            [index_expr("status", GT, "a")], "", 3), pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Orders"), index_clause([], "", 3),
                               pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", 0),
                               pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            [index_expr("nope", EQ, "x")], "", 3), pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Lines"), index_clause(
            [index_expr(long_(0), EQ, "item-0")], "", 3), pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", -1),
                               pred(start="", count=2)),
        v19.multiget_count(["ord%02d" % i for i in range(11)] + ["ordXX"], cparent("Lines"),
                           pred(start="", count=100)),
        v19.multiget_count(["ord03", "ord07"], cparent("Lines"),
                           pred(start=long_(1), count=100)),
        v19.multiget_count(["ord03"], cparent("Lines"), pred(names=[long_(0), long_(9)])),
        v19.get_count("ord03", cparent("Lines"), pred(start="", count=2)),
        # an order re-marked shipped, then removed
        v19.insert("ord01", cparent("Orders"), column("status", "shipped", 20)),
        v19.remove("ord02", cpath("Orders"), 20),
        v19.get_indexed_slices(cparent("Orders"), index_clause(clause, "", 100),
                               pred(names=["status"])),
        v19.get_indexed_slices(cparent("Orders"), index_clause(
            [index_expr("status", EQ, "shipped")], "", 100), pred(names=["status"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- consistency
@sc("06_consistency_misuse", "consistency", "y_cl")
def consistency_misuse():
    """An app whose configuration mixed consistency levels: ANY on reads (get, get_slice,
    multiget, range and index scans), EACH_QUORUM and LOCAL_QUORUM on a SimpleStrategy
    keyspace, ALL and QUORUM on replication 1, replication 2 on one node (QUORUM and ALL
    unavailable, ONE and ANY taken), a NetworkTopologyStrategy keyspace of the snitch's data
    centre and of another, and a level number no release had."""
    ks = "y_cl"
    ks2 = "y_cl2"
    ks3 = "y_cl3"
    steps = setup(ks, [cfd(ks, "Cfg", comparator_type="UTF8Type",
                           column_metadata=[coldef("env", "UTF8Type", True)])])
    steps += [v19.insert("app", cparent("Cfg"), column("env", "prod", 10))]
    for cl in (ANY, ONE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM):
        steps += [
            v19.get("app", cpath("Cfg", col="env"), cl),
            v19.insert("app", cparent("Cfg"), column("n%d" % cl, "v", 11), cl),
        ]
    steps += [
        v19.get_slice("app", cparent("Cfg"), pred(start="", count=10), ANY),
        v19.multiget_slice(["app"], cparent("Cfg"), pred(start="", count=10), ANY),
        v19.get_count("app", cparent("Cfg"), pred(start="", count=10), ANY),
        v19.get_range_slices(cparent("Cfg"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10), ANY),
        v19.get_indexed_slices(cparent("Cfg"), index_clause([index_expr("env", EQ, "prod")]),
                               pred(start="", count=1), ANY),
        v19.get_range_slices(cparent("Cfg"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10), EACH_QUORUM),
        v19.remove("app", cpath("Cfg", col="n1"), 20, ANY),
        v19.remove("app", cpath("Cfg", col="n2"), 20, EACH_QUORUM),
        v19.batch_mutate({"app": {"Cfg": [ins("b", "1", 21)]}}, LOCAL_QUORUM),
        v19.batch_mutate({"app": {"Cfg": [ins("b", "2", 22)]}}, EACH_QUORUM),
        v19.get_slice("app", cparent("Cfg"), pred(start="", count=10), 12),
        v19.multiget_count(["app"], cparent("Cfg"), pred(start="", count=10), 0),
        v19.get_slice("app", cparent("Cfg"), pred(start="", count=20)),
    ]
    steps += [v19.system_add_keyspace(ksd(ks2, [cfd(ks2, "Cfg")], rf=2)),
              v19.set_keyspace(ks2)]
    for cl in (ONE, ANY, QUORUM, ALL):
        steps += [v19.insert("k", cparent("Cfg"), column("c%d" % cl, "v", 10), cl),
                  v19.get_slice("k", cparent("Cfg"), pred(start="", count=10), cl)]
    steps.append(v19.truncate("Cfg"))
    if V08:
        steps += [v19.system_add_keyspace(ksd(ks3, [cfd(ks3, "Cfg")], strategy=NTS,
                                              options={"datacenter1": "1", "DC2": "1"})),
                  v19.set_keyspace(ks3)]
        for cl in (ONE, LOCAL_QUORUM, EACH_QUORUM, QUORUM):
            steps += [v19.insert("k", cparent("Cfg"), column("c%d" % cl, "v", 10), cl),
                      v19.get_slice("k", cparent("Cfg"), pred(start="", count=10), cl)]
        steps.append(v19.system_drop_keyspace(ks3))
    steps += [v19.system_drop_keyspace(ks2), v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- key validators
@sc("07_key_validators", "keys", "y_kv", when=V08)
def key_validators():
    """Row keys an app's key validators refuse: a UTF8Type-keyed family given broken UTF-8
    and Latin-1 bytes, a LongType-keyed one given 7 and 9 byte keys (a Java int written where
    a long was meant), a UUIDType-keyed one given 15 bytes, and a TimeUUIDType-keyed one a
    version-4 uuid, at insert, get, get_slice, multiget, get_count, remove, batch_mutate, a
    range scan's start and end keys and an index clause's start key; the good keys read
    back in ranges."""
    ks = "y_kv"
    steps = setup(ks, [
        cfd(ks, "ByName", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            column_metadata=[coldef("v", "UTF8Type", True)]),
        cfd(ks, "ById", comparator_type="UTF8Type", key_validation_class="LongType"),
        cfd(ks, "ByUuid", comparator_type="UTF8Type", key_validation_class="UUIDType"),
        cfd(ks, "ByTime", comparator_type="UTF8Type", key_validation_class="TimeUUIDType")])
    bad = utf8_bad()
    steps += [
        v19.insert("caf\u00e9", cparent("ByName"), column("v", "ok", 10)),
        v19.insert(bad, cparent("ByName"), column("v", "x", 10)),
        v19.insert(b"caf\xe9", cparent("ByName"), column("v", "x", 10)),
        v19.get(bad, cpath("ByName", col="v")),
        v19.get_slice(bad, cparent("ByName"), pred(start="", count=5)),
        v19.multiget_slice(["caf\u00e9", bad], cparent("ByName"), pred(start="", count=5)),
        v19.get_count(bad, cparent("ByName"), pred(start="", count=5)),
        v19.remove(bad, cpath("ByName", col="v"), 11),
        v19.batch_mutate({bad: {"ByName": [ins("v", "x", 10)]}}),
        v19.get_range_slices(cparent("ByName"), pred(start="", count=5),
                             key_range(start_key=bad, end_key="", count=5)),
        v19.get_indexed_slices(cparent("ByName"), index_clause([index_expr("v", EQ, "ok")],
                                                               bad, 5), pred(start="", count=5)),
        v19.insert(long_(42), cparent("ById"), column("v", "ok", 10)),
        v19.insert(long_(42)[:7], cparent("ById"), column("v", "x", 10)),
        v19.insert(int32(42), cparent("ById"), column("v", "x", 10)),
        v19.insert(long_(42) + b"\x00", cparent("ById"), column("v", "x", 10)),
        v19.get(int32(42), cpath("ById", col="v")),
        v19.get(long_(42), cpath("ById", col="v")),
        v19.multiget_slice([long_(42), int32(1)], cparent("ById"), pred(start="", count=5)),
        v19.batch_mutate({long_(1): {"ById": [ins("v", "1", 10)]},
                          int32(2): {"ById": [ins("v", "2", 10)]}}),
        v19.get_range_slices(cparent("ById"), pred(start="", count=5),
                             key_range(start_key="", end_key=int32(3), count=5)),
        v19.insert(lexuuid(5), cparent("ByUuid"), column("v", "ok", 10)),
        v19.insert(lexuuid(5)[:15], cparent("ByUuid"), column("v", "x", 10)),
        v19.insert(timeuuid(5), cparent("ByTime"), column("v", "ok", 10)),
        v19.insert(lexuuid(5), cparent("ByTime"), column("v", "x", 10)),
        v19.get_slice(lexuuid(5), cparent("ByTime"), pred(start="", count=5)),
        v19.insert(b"", cparent("ById"), column("v", "x", 10)),
        v19.get_range_slices(cparent("ById"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_range_slices(cparent("ByUuid"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=5)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- comparator changes
@sc("08_update_changes", "schema", "y_upd")
def update_changes():
    """An operator's system_update_column_family of fields that cannot change: the comparator,
    the sub-comparator, the column type, the name, the keyspace, a missing id and a wrong id;
    then the ones that can (default validator, comment, gc_grace, read repair, key cache;
    0.8's key validator on a family holding rows, 1.0's compression), each read back."""
    ks = "y_upd"
    steps = setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type"),
                       cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    steps += [v19.insert("k", cparent("Std"), column("a", "1", 10))]
    base = dict(id=cfid(0), comparator_type="UTF8Type")
    steps += [
        v19.system_update_column_family(cfd(ks, "Std", id=cfid(0), comparator_type="BytesType")),
        v19.system_update_column_family(cfd(ks, "Std", id=cfid(0),
                                            comparator_type="AsciiType")),
        v19.system_update_column_family(cfd(ks, "Std", id=cfid(0), column_type="Super",
                                            comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Sup", id=cfid(1), column_type="Super",
                                            comparator_type="UTF8Type",
                                            subcomparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Sup", id=cfid(1), column_type="Super",
                                            comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Std2", **base)),
        v19.system_update_column_family(cfd("y_other", "Std", **base)),
        v19.system_update_column_family(cfd(ks, "Std", comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Std", id=cfid(1), comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Std", id=cfid(7), comparator_type="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Std", default_validation_class="UTF8Type",
                                            comment="users", gc_grace_seconds=3600,
                                            read_repair_chance=0.5, keys_cached=1000.0,
                                            key_validation_class="AsciiType",
                                            compression_options={
                                                "sstable_compression":
                                                    "org.apache.cassandra.io.compress."
                                                    "SnappyCompressor"} if V10 else None,
                                            **base)),
        v19.describe_keyspace(ks),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.insert("k", cparent("Std"), column("b", b"\xff", 11)),
        v19.insert(b"\xc3", cparent("Std"), column("b", "x", 11)),
        v19.system_update_column_family(cfd(ks, "Std", default_validation_class="LongType",
                                            **base)),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- single node ring
@sc("09_single_node_ring", "ring", "y_ring")
def single_node_ring():
    """A Hadoop-style job on a one-node development box: describe_ring of the job's keyspace,
    of a missing one and of the system keyspace, describe_splits over the whole ring of an
    empty family and one holding rows (keys per split 1, 128, 0 and negative), a token that is
    no number, a range scan by token ranges that wrap and that cover nothing, and the
    partitioner and snitch it checked first."""
    ks = "y_ring"
    steps = [v19.describe_partitioner(), v19.describe_snitch(), v19.describe_cluster_name()]
    steps += setup(ks, [cfd(ks, "Docs"), cfd(ks, "Empty")])
    steps.append(v19.batch_mutate({"doc%02d" % i: {"Docs": [ins("body", "text %d" % i, 10)]}
                                   for i in range(20)}))
    top = str(2 ** 127)
    steps += [
        v19.describe_ring(ks),
        v19.describe_ring("y_nosuch"),
        v19.describe_ring("system"),
        v19.describe_splits("Empty", "0", "0", 128),
        v19.describe_splits("Empty", "0", top, 128),
        v19.describe_splits("Docs", "0", "0", 1),
        v19.describe_splits("Docs", "0", "0", 0),
        v19.describe_splits("Docs", "0", "0", -5),
        v19.describe_splits("Docs", "10", "10", 128),
        v19.describe_splits("Nope", "0", "0", 128),
        v19.describe_splits("Docs", "abc", "0", 128),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="0", end_token="0", count=3)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token=md5_token("doc05"),
                                       end_token=md5_token("doc05"), count=100)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token=md5_token("doc07"),
                                       end_token=md5_token("doc03"), count=100)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token=top, end_token="0", count=100)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="5", end_token="abc", count=3)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_key="doc01", end_token="0", count=3)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_key="doc01", end_key="doc02", count=3)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(count=3)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- tombstone ties
@sc("10_todo_tombstones", "delete", "y_todo")
def todo_tombstones():
    """A to-do app whose clients' clocks tie: an item deleted at the timestamp it was written
    (the delete wins), written again at that timestamp (still deleted) and one later, a list
    row removed and an item written into it older and newer than the removal, a batch that
    writes and deletes one column in a single mutation list, a Deletion of named columns and
    one of a whole row, range ghosts and counts of the deleted list, and a super column of
    archived items removed at a tie."""
    ks = "y_todo"
    steps = setup(ks, [cfd(ks, "Items", comparator_type="UTF8Type"),
                       cfd(ks, "Archive", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.insert("list1", cparent("Items"), column("milk", "2l", 100)),
        v19.remove("list1", cpath("Items", col="milk"), 100),
        v19.get_slice("list1", cparent("Items"), pred(start="", count=10)),
        v19.insert("list1", cparent("Items"), column("milk", "1l", 100)),
        v19.get("list1", cpath("Items", col="milk")),
        v19.insert("list1", cparent("Items"), column("milk", "3l", 101)),
        v19.get("list1", cpath("Items", col="milk")),
        v19.batch_mutate({"list2": {"Items": [ins("a", "1", 100), ins("b", "2", 100),
                                              ins("c", "3", 100)]}}),
        v19.remove("list2", cpath("Items"), 150),
        v19.insert("list2", cparent("Items"), column("d", "old", 149)),
        v19.insert("list2", cparent("Items"), column("e", "tie", 150)),
        v19.insert("list2", cparent("Items"), column("f", "new", 151)),
        v19.get_slice("list2", cparent("Items"), pred(start="", count=10)),
        v19.get_count("list2", cparent("Items"), pred(start="", count=10)),
        v19.batch_mutate({"list3": {"Items": [ins("x", "1", 200), dele(["x"], 200),
                                              ins("y", "1", 200), dele(["y"], 199)]}}),
        v19.get_slice("list3", cparent("Items"), pred(start="", count=10)),
        v19.batch_mutate({"list3": {"Items": [dele(None, 300)]}}),
        v19.get_range_slices(cparent("Items"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Items"), pred(names=["y", "f"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_count(["list1", "list2", "list3"], cparent("Items"),
                           pred(start="", count=10)),
        v19.batch_mutate({"u": {"Archive": [sins("2011", [("milk", "x"), ("eggs", "y")], 100),
                                            sins("2012", [("tea", "z")], 100)]}}),
        v19.remove("u", cpath("Archive", "2011"), 100),
        v19.remove("u", cpath("Archive", "2012", "tea"), 99),
        v19.get_slice("u", cparent("Archive"), pred(start="", count=10)),
        v19.batch_mutate({"u": {"Archive": [sins("2011", [("bread", "w")], 100),
                                            sins("2011", [("jam", "v")], 101)]}}),
        v19.get_slice("u", cparent("Archive", "2011"), pred(start="", count=10)),
        v19.batch_mutate({"u": {"Archive": [mutation(deletion_=deletion(102, sc="2011",
                                                                        predicate=pred(names=["jam"])))]}}),
        v19.get_slice("u", cparent("Archive"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- predicates
@sc("11_predicate_mistakes", "slice", "y_pred")
def predicate_mistakes():
    """Slice predicates a hand-rolled client got wrong: a negative count, a reversed range
    whose finish comes first the wrong way, names and a range both, neither, an empty and a
    duplicated names list, names the LongType comparator cannot read, a range bound of 4
    bytes, a super column in the parent of a standard family, a path missing its column, a
    super column path on a super family read whole, and a count larger than the row."""
    ks = "y_pred"
    steps = setup(ks, [cfd(ks, "Nums", comparator_type="LongType"),
                       cfd(ks, "S", column_type="Super", comparator_type="LongType",
                           subcomparator_type="UTF8Type")])
    steps.append(v19.batch_mutate({"r": {"Nums": [ins(long_(i), "v%d" % i, 10)
                                                  for i in range(8)],
                                         "S": [sins(long_(i), [("a", "1"), ("b", "2")], 10)
                                               for i in range(3)]}}))
    steps += [
        v19.get_slice("r", cparent("Nums"), pred(start="", count=-1)),
        v19.get_slice("r", cparent("Nums"), pred(start=long_(2), finish=long_(5), count=10,
                                                 reversed=True)),
        v19.get_slice("r", cparent("Nums"), pred(start=long_(5), finish=long_(2), count=10,
                                                 reversed=True)),
        v19.get_slice("r", cparent("Nums"), pred(start=long_(5), finish=long_(2), count=10)),
        v19.get_slice("r", cparent("Nums"), W.struct({1: W.list_("bin", [b(long_(1))]),
                                                      2: srange("", "", False, 10)})),
        v19.get_slice("r", cparent("Nums"), W.struct({})),
        v19.get_slice("r", cparent("Nums"), pred(names=[])),
        v19.get_slice("r", cparent("Nums"), pred(names=[long_(3), long_(3), long_(1)])),
        v19.get_slice("r", cparent("Nums"), pred(names=[b"abc"])),
        v19.get_slice("r", cparent("Nums"), pred(start=int32(1), count=10)),
        v19.get_slice("r", cparent("Nums", long_(1)), pred(start="", count=10)),
        v19.get("r", cpath("Nums")),
        v19.get("r", cpath("Nums", col=b"\x01")),
        v19.get("r", cpath("S", long_(1))),
        v19.get("r", cpath("S", long_(1), "zz")),
        v19.get("r", cpath("S")),
        v19.get_slice("r", cparent("S"), pred(names=[long_(2), long_(0)])),
        v19.get_slice("r", cparent("S", long_(2)), pred(start="b", count=10, reversed=True)),
        v19.get_slice("r", cparent("S", long_(2)), pred(start="", finish="a", count=10,
                                                        reversed=True)),
        v19.get_slice("r", cparent("Nums"), pred(start="", count=1000000)),
        v19.get_count("r", cparent("Nums"), pred(start=long_(6), count=10)),
        v19.multiget_slice([], cparent("Nums"), pred(start="", count=2)),
        v19.get_slice("", cparent("Nums"), pred(start="", count=2)),
        v19.get_slice("r", cparent("Nope"), pred(start="", count=2)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- keyspace admin
@sc("12_keyspace_admin", "schema", "y_adm")
def keyspace_admin():
    """A keyspace administration page's mistakes: a keyspace name with a hyphen, a column
    family in a KsDef naming another keyspace, two column families of one name, an update of
    a keyspace carrying column families, of a missing keyspace, drops and set_keyspace of
    missing ones, a column family added to a missing keyspace, a family name with a space, an
    unknown strategy class, 0.8's SimpleStrategy without replication_factor and NTS options
    that are no numbers, then the fixes read back by describe_keyspaces."""
    ks = "y_adm"
    steps = [
        v19.system_add_keyspace(ksd("y-adm", [])),
        v19.system_add_keyspace(ksd(ks, [cfd("y_elsewhere", "A")])),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "A"), cfd(ks, "A")])),
        v19.system_add_keyspace(ksd(ks, [], strategy="org.apache.cassandra.locator.NoSuch")),
        v19.system_add_keyspace(ksd(ks, [], strategy="SimpleStrategy")),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "A")])),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "A")], rf=1)),
        v19.system_update_keyspace(ksd("y_missing", [], rf=1)),
        v19.system_drop_keyspace("y_missing"),
        v19.set_keyspace("y_missing"),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd("y_missing", "B")),
        v19.system_add_column_family(cfd(ks, "B c")),
        v19.system_add_column_family(cfd(ks, "A")),
        v19.system_add_column_family(cfd(ks, "B", column_type="Duper")),
        v19.system_add_column_family(cfd(ks, "B", comparator_type="NoSuchType")),
        v19.system_drop_column_family("Z"),
    ]
    if V08:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], options={})),
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "x"})),
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "-1"})),
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
            v19.system_update_keyspace(ksd(ks, [], options={"replication_factor": "2",
                                                            "other": "x"})),
        ]
    else:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], rf=0)),
            v19.system_update_keyspace(ksd(ks, [], rf=-1)),
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS, rf=1,
                                           options={"datacenter1": "1"})),
        ]
    steps += [
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- composites
@sc("13_composite_catalogue", "composite", "y_cmp", when=V08)
def composite_catalogue():
    """A product catalogue on a CompositeType(UTF8Type, LongType) comparator as pycassa 1.2
    packed it (each component's length, bytes and end-of-component byte): a category's
    products sliced by the first component with the end-of-component bytes of an inclusive
    and an exclusive bound, reversed, by names, and the names a sloppy packer built (a
    component of 4 bytes for the long, a missing end-of-component byte, a third component)."""
    ks = "y_cmp"

    def comp(*parts, eoc=0):
        out = b""
        for i, p in enumerate(parts):
            raw_ = p.encode() if isinstance(p, str) else p
            e = eoc if i == len(parts) - 1 else 0
            out += struct.pack(">H", len(raw_)) + raw_ + bytes([e & 0xff])
        return out

    steps = setup(ks, [cfd(ks, "Catalog",
                           comparator_type="CompositeType(UTF8Type,LongType)",
                           default_validation_class="UTF8Type")])
    items = [("books", 3), ("books", 10), ("books", 200), ("games", 1), ("games", 7),
             ("toys", 5)]
    steps.append(v19.batch_mutate({"shop": {"Catalog": [
        ins(comp(c, long_(n)), "%s-%d" % (c, n), 10) for c, n in items]}}))
    steps += [
        v19.get_slice("shop", cparent("Catalog"), pred(start=comp("books"),
                                                       finish=comp("books", eoc=1), count=10)),
        v19.get_slice("shop", cparent("Catalog"), pred(start=comp("books", long_(5)),
                                                       finish=comp("books", eoc=1), count=10)),
        v19.get_slice("shop", cparent("Catalog"), pred(start=comp("books", long_(10), eoc=1),
                                                       finish=comp("games", eoc=1), count=10)),
        v19.get_slice("shop", cparent("Catalog"), pred(start=comp("games", eoc=1),
                                                       finish=comp("games", eoc=-1), count=10,
                                                       reversed=True)),
        v19.get_slice("shop", cparent("Catalog"), pred(start="", count=2, reversed=True)),
        v19.get_slice("shop", cparent("Catalog"), pred(names=[comp("toys", long_(5)),
                                                              comp("toys", long_(6))])),
        v19.get_count("shop", cparent("Catalog"), pred(start=comp("games"),
                                                       finish=comp("games", eoc=1), count=10)),
        v19.insert("shop", cparent("Catalog"), column(comp("books", int32(4)), "bad", 11)),
        v19.insert("shop", cparent("Catalog"), column(comp("books", long_(4))[:-1], "bad", 11)),
        v19.insert("shop", cparent("Catalog"), column(comp("books", long_(4), "x"), "bad", 11)),
        v19.insert("shop", cparent("Catalog"), column(comp("books"), "prefix", 11)),
        v19.insert("shop", cparent("Catalog"), column(b"books", "raw", 11)),
        v19.get_slice("shop", cparent("Catalog"), pred(start=comp("books"),
                                                       finish=comp("books", eoc=1), count=10)),
        v19.remove("shop", cpath("Catalog", col=comp("books", long_(3))), 20),
        v19.batch_mutate({"shop": {"Catalog": [dele([comp("games", long_(1))], 20)]}}),
        v19.get_slice("shop", cparent("Catalog"), pred(start="", count=10)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 dashboard
@sc("14_cql2_dashboard", "cql", "y_cql", when=V08)
def cql2_dashboard():
    """A dashboard reading Thrift-made families through CQL 2 as the Python cql driver sent
    it: a UTF8-named family written by batch_mutate, selected by KEY, by KEY IN, by a KEY
    range, by a column range with FIRST and REVERSED, counted, updated with a consistency
    level, columns deleted, and the statements its authors got wrong (a column that is no
    name, a missing family, an unquoted string)."""
    ks = "y_cql"
    steps = setup(ks, [cfd(ks, "Stats", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           key_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({"day%d" % d: {"Stats": [
        ins("h%02d" % h, str(d * 100 + h), 10) for h in range(6)]} for d in range(1, 4)}))
    steps += [
        cql("SELECT h01, h02 FROM Stats WHERE KEY = 'day1'"),
        cql("SELECT * FROM Stats WHERE KEY IN ('day2', 'day3', 'day9')"),
        cql("SELECT FIRST 2 REVERSED * FROM Stats WHERE KEY = 'day2'"),
        cql("SELECT 'h02'..'h04' FROM Stats WHERE KEY = 'day3'"),
        cql("SELECT FIRST 1 'h04'..'h01' FROM Stats WHERE KEY = 'day3'"),
        cql("SELECT COUNT(*) FROM Stats WHERE KEY = 'day1'"),
        cql("SELECT COUNT(*) FROM Stats"),
        cql("UPDATE Stats USING CONSISTENCY ONE AND TIMESTAMP %d SET h09 = '9' "
            "WHERE KEY = 'day1'" % 0),
        cql("DELETE h00, h01 FROM Stats USING TIMESTAMP 0 WHERE KEY = 'day2'"),
        cql("SELECT h00, h01, h02 FROM Stats WHERE KEY = 'day2'"),
        cql("SELECT FIRST 0 * FROM Stats WHERE KEY = 'day1'"),
        cql("SELECT h01 FROM Nope WHERE KEY = 'day1'"),
        cql("SELECT h01 FROM Stats WHERE KEY = day1"),
        cql("SELECT h01 FROM Stats WHERE h01 = '101'"),
        cql("UPDATE Stats SET h01 = 5 WHERE KEY = 'day1'"),
        cql("SELECT h03 FROM Stats WHERE KEY = 'day1'"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super validators
@sc("15_super_validators", "validation", "y_sv")
def super_validators():
    """A super column family whose column metadata types the sub-columns (the way Hector's
    schema tool declared them): a LongType "qty" and UTF8Type "sku" in every super column,
    values written by insert and batch_mutate, the values those validators refuse, a
    default validator over the rest, and the metadata read back by describe_keyspace."""
    ks = "y_sv"
    steps = setup(ks, [cfd(ks, "Orders", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="AsciiType",
                           column_metadata=[coldef("qty", "LongType"),
                                            coldef("sku", "UTF8Type")])])
    steps += [
        v19.batch_mutate({"o1": {"Orders": [sins("line1", [("qty", long_(2)), ("sku", "A-1"),
                                                           ("note", "gift")], 10)]}}),
        v19.insert("o1", cparent("Orders", "line2"), column("qty", long_(5), 10)),
        v19.insert("o1", cparent("Orders", "line2"), column("qty", "five", 10)),
        v19.insert("o1", cparent("Orders", "line2"), column("note", b"\xe9t\xe9", 10)),
        v19.insert("o1", cparent("Orders", "line2"), column("sku", utf8_bad(), 10)),
        v19.batch_mutate({"o1": {"Orders": [sins("line3", [("qty", int32(1))], 10)]}}),
        v19.batch_mutate({"o1": {"Orders": [sins("line3", [("note", b"\x80")], 10)]}}),
        v19.get_slice("o1", cparent("Orders"), pred(start="", count=10)),
        v19.get_slice("o1", cparent("Orders", "line1"), pred(names=["qty", "sku"])),
        v19.insert("o1", cparent("Orders"), column("qty", long_(1), 10)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- 1.2 IDL
@sc("16_client_of_12", "idl", "y_i12")
def client_of_12():
    """A client generated from 1.2's IDL talking to the release: its connect-time calls
    (describe_version, set_cql_version, describe_token_map, describe_splits_ex where the
    release lacked them), a CfDef of 1.1 and 1.2 fields (dclocal_read_repair_chance,
    bloom_filter_fp_chance, caching, populate_io_cache_on_flush, memtable_flush_period_in_ms,
    default_time_to_live, index_interval), LOCAL_ONE reads, atomic_batch_mutate, trace_next_query,
    execute_cql3_query and get_paged_slice."""
    ks = "y_i12"
    steps = [v19.describe_version(), v19.describe_cluster_name()]
    steps += setup(ks, [cfd(ks, "Base")])
    steps += [
        unknown("set_cql_version", {1: b("3.0.0")}) if not V11 else v19.set_cql_version("3.0.0"),
        unknown("describe_token_map") if not V11 else v19.describe_token_map(),
        unknown("describe_splits_ex", {1: b("Base"), 2: b("0"), 3: b("0"), 4: W.i32(128)})
        if not V11 else v19.describe_splits("Base", "0", "0", 128),
        v19.system_add_column_family(cfd_later(
            ks, "Later", comparator_type="UTF8Type", dclocal_read_repair_chance=0.1,
            bloom_filter_fp_chance=0.01, caching="KEYS_ONLY", populate_io_cache_on_flush=False,
            memtable_flush_period_in_ms=0, default_time_to_live=0, index_interval=128)),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Base"), column("a", "1", 10)),
        v19.get("k", cpath("Base", col="a"), LOCAL_ONE),
        v19.get_slice("k", cparent("Base"), pred(start="", count=10), LOCAL_ONE),
        unknown("atomic_batch_mutate", {1: W.map_("bin", "map", []), 2: W.i32(ONE)}),
        unknown("trace_next_query"),
        unknown("execute_cql3_query", {1: b("SELECT * FROM Base"), 2: W.i32(2),
                                       3: W.i32(ONE)}),
        unknown("describe_local_ring", {1: b(ks)}),
    ]
    if not V11:
        steps.append(unknown("get_paged_slice", {1: b("Base"), 2: key_range(
            start_key="", end_key="", count=10), 3: b(""), 4: W.i32(ONE)}))
    steps += [
        v19.get_slice("k", cparent("Base"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- 2.0 IDL
@sc("17_client_of_20", "idl", "y_i20")
def client_of_20():
    """A client generated from 2.0's IDL (an Astyanax build) talking to the release: a KsDef
    with durable_writes, a CfDef with 2.0's speculative_retry and triggers fields, a
    SERIAL read, cas(), get_multi_slice, and a CUSTOM index type in column metadata."""
    ks = "y_i20"
    kf = {1: b(ks), 2: b(SS), 5: W.list_("struct", [])}
    if V07:
        kf[4] = W.i32(1)
    else:
        kf[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
    kf[6] = W.boolean(False)
    steps = [v19.system_add_keyspace(W.struct(kf)), v19.describe_keyspace(ks),
             v19.set_keyspace(ks)]
    later = cfd(ks, "Spec", comparator_type="UTF8Type")
    later["f"]["42"] = b("99PERCENTILE")
    later["f"]["43"] = W.list_("struct", [])
    steps += [
        v19.system_add_column_family(later),
        v19.system_add_column_family(cfd(ks, "Cust", comparator_type="UTF8Type",
                                         column_metadata=[column_def("v", "UTF8Type", 2)])),
        v19.system_add_column_family(cfd(ks, "Comp", comparator_type="UTF8Type",
                                         column_metadata=[column_def("v", "UTF8Type", 1)])),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Spec"), column("a", "1", 10)),
        v19.get("k", cpath("Spec", col="a"), SERIAL),
        v19.get_slice("k", cparent("Spec"), pred(start="", count=10), 10),
        unknown("cas", {1: b("k"), 2: b("Spec"), 3: W.list_("struct", []),
                        4: W.list_("struct", [column("b", "2", 11)]), 5: W.i32(SERIAL),
                        6: W.i32(ONE)}),
        unknown("get_multi_slice", {1: W.struct({1: b("k"), 2: cparent("Spec"),
                                                 3: W.list_("struct", [])})}),
        v19.get_slice("k", cparent("Spec"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super range paging
@sc("18_super_range_paging", "range", "y_srp")
def super_range_paging():
    """pycassa's get_range over a super column family, paged by the last key (count+1, the
    repeated key dropped by the client): whole super columns, one super column's sub-columns
    across rows (super_column in the parent), named super columns, a reversed slice of each
    row's super columns, and a row range whose end key sorts before its start."""
    ks = "y_srp"
    steps = setup(ks, [cfd(ks, "Groups", column_type="Super", comparator_type="AsciiType",
                           subcomparator_type="AsciiType")])
    steps.append(v19.batch_mutate({"g%02d" % i: {"Groups": [
        sins("members", [("u%d" % j, "") for j in range(i % 4 + 1)], 10),
        sins("meta", [("name", "group %d" % i), ("owner", "u0")], 10)]} for i in range(12)}))
    steps += [
        v19.get_range_slices(cparent("Groups"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Groups", "meta"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Groups"), pred(names=["meta"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Groups"), pred(start="", count=1, reversed=True),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Groups", "members"), pred(start="u1", count=2),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Groups"), pred(start="", count=1),
                             key_range(start_key="g05", end_key="g01", count=10)),
        v19.get_range_slices(cparent("Groups", "nosuch"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=3)),
        v19.remove("g03", cpath("Groups", "members"), 20),
        v19.get_range_slices(cparent("Groups", "members"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps
