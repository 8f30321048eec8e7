"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), none of them modelled by the earlier
files in this shape: a Hector ColumnFamilyTemplate/Mutator app (HColumn TTLs, reversed
SliceQuery pages, isColumnsExist), an Astyanax connection pool's start and its RowSliceQuery
over key and token ranges, phpcassa's get_range buffering with get_indexed_slices and its
client-side fallback, Pelops' Selector pages of columns, super columns and sub-columns, a
Kundera schema manager's create/update/validate modes (strategy_options, index metadata), a
Thrift client mixing consistency levels on SimpleStrategy and NetworkTopologyStrategy
keyspaces, counter super column families, truncate at every state, get_count and
multiget_count with slice predicates over standard and super column families, typed row keys
scanned by token, replication changes through system_update_keyspace, default validators and
their mismatches, a KEYS index's metadata evolving, CQL 2 the way the cql drivers sent it
(0.8 to 1.1), 1.1's prepared CQL 2, a CQL 2 schema script (key aliases, ALTER, counters),
Hector's SuperCfTemplate, a schema administrator's
mistakes, a TTL cache expiring, and clients built against a later IDL talking to the release
(fields and methods the release did not declare).  Each scenario owns its keyspace.  Recorded
with capture.py --api 19 --framed, each scenario on a fresh stock-yaml node."""
import os
import sys

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, cosc, super_column,
                 counter_column, counter_super_column, mutation, deletion, ins, index_expr,
                 index_clause, column_def, long_, int32, timeuuid, lexuuid, EQ, GT, GTE, LT,
                 ONE, QUORUM, ALL, ANY, LOCAL_QUORUM, EACH_QUORUM, TWO)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, ONTS, THREE, cfd, cfd_later, ksd, setup, coldef, cfid, md5_token,  # noqa: E402
                 jhash, dele, cadd, unknown)
from kit import cql2 as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar('o19t_')


# --------------------------------------------------------------------------- Hector template
@sc("01_hector_template", "app", "t_hector")
def hector_template():
    """A Hector 0.7/0.8/1.0 app on ColumnFamilyTemplate and Mutator: its keyspace made as
    HFactory.createKeyspaceDefinition did, users written by a Mutator batch (an HColumn with a
    TTL for the session token), template.queryColumns by names, an updater that sets and
    deletes in one batch, isColumnsExist as a get_count, a LongType event timeline read
    newest-first in reversed SliceQuery pages (the last name of one page starting the next),
    deleteColumn and deleteRow, a MultigetSliceQuery, and what Hector's users met: a TTL of 0,
    a name of the wrong width for LongType, a reversed range given the wrong way round."""
    ks = "t_hector"
    steps = [v19.describe_cluster_name(), v19.describe_keyspaces()]
    steps += setup(ks, [
        cfd(ks, "Users", column_type="Standard", comparator_type="UTF8Type",
            key_validation_class="UTF8Type", default_validation_class="BytesType",
            column_metadata=[coldef("email", "UTF8Type"), coldef("age", "LongType")],
            gc_grace_seconds=864000, read_repair_chance=1.0),
        cfd(ks, "UserEvents", comparator_type="LongType", default_validation_class="UTF8Type",
            key_validation_class="UTF8Type")])
    users = [("ann", "ann@example.com", 31), ("bob", "bob@example.com", 45),
             ("cyd", "cyd@example.com", 28), ("dee", "dee@example.com", 52)]
    mm = {}
    for i, (u, e, a) in enumerate(users):
        mm[u] = {"Users": [ins("email", e, 10), ins("age", long_(a), 10),
                           ins("session", "tok-%d" % i, 10, ttl=3600)]}
    steps += [
        v19.batch_mutate(mm),
        v19.get_slice("ann", cparent("Users"), pred(names=["email", "age", "session"])),
        v19.get("bob", cpath("Users", col="session")),
        v19.get("bob", cpath("Users", col="phone")),
        # updater: set a new email, drop the age, in one batch
        v19.batch_mutate({"bob": {"Users": [ins("email", "robert@example.com", 20),
                                            dele(["age"], 20)]}}),
        v19.get_slice("bob", cparent("Users"), pred(start="", count=100)),
        v19.get_count("bob", cparent("Users"), pred(names=["email", "age"])),
        v19.get_count("zed", cparent("Users"), pred(names=["email"])),
        # deleteColumn / deleteRow
        v19.remove("cyd", cpath("Users", col="email"), 30),
        v19.remove("dee", cpath("Users"), 30),
        v19.multiget_slice(["ann", "bob", "cyd", "dee", "eve"], cparent("Users"),
                           pred(start="", count=100)),
    ]
    for n in range(1, 13):
        steps.append(v19.insert("ann", cparent("UserEvents"),
                                column(long_(1000 + n), "event %d" % n, 40 + n)))
    steps += [
        v19.get_slice("ann", cparent("UserEvents"), pred(start="", count=5, reversed=True)),
        v19.get_slice("ann", cparent("UserEvents"),
                      pred(start=long_(1008), count=6, reversed=True)),
        v19.get_slice("ann", cparent("UserEvents"),
                      pred(start=long_(1003), count=6, reversed=True)),
        v19.get_slice("ann", cparent("UserEvents"),
                      pred(start=long_(1012), finish=long_(1005), count=100, reversed=True)),
        v19.get_slice("ann", cparent("UserEvents"),
                      pred(start=long_(1005), finish=long_(1012), count=100, reversed=True)),
        v19.get_count("ann", cparent("UserEvents"),
                      pred(start=long_(1004), finish=long_(1009), count=100)),
        # mistakes: TTL 0, a negative TTL, an int where a long goes
        v19.insert("ann", cparent("Users"), column("session", "tok-x", 50, ttl=0)),
        v19.insert("ann", cparent("Users"), column("session", "tok-x", 50, ttl=-5)),
        v19.insert("ann", cparent("UserEvents"), column(int32(1013), "short", 50)),
        v19.batch_mutate({"ann": {"UserEvents": [ins(int32(7), "x", 50)]}}),
        v19.insert("ann", cparent("Users"), column("age", int32(31), 50)),
        v19.get_slice("ann", cparent("Users"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["email"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Astyanax pool
@sc("02_astyanax_pool", "ring", "t_asty")
def astyanax_pool():
    """Astyanax's connection pool start (describe_version, describe_ring of its keyspace and
    of another, describe_partitioner, describe_snitch) and its RowSliceQuery shapes: rows of a
    key list, of a key range paged by the last key (the first row of each page the last of the
    one before), of a token range paged by the last key's token (getAllRows), a
    ColumnCountQuery, and the key ranges such code got wrong."""
    ks = "t_asty"
    keys = ["obj%02d" % i for i in range(12)]
    steps = [
        v19.describe_version(),
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_ring("t_asty_missing"),
    ]
    steps += setup(ks, [cfd(ks, "Objects", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type"),
                        cfd(ks, "Index", comparator_type="BytesType")])
    steps += [v19.describe_ring(ks), v19.describe_keyspace(ks)]
    for i, k in enumerate(keys):
        steps.append(v19.batch_mutate({k: {"Objects": [
            ins("name", "object %d" % i, 10), ins("size", str(i * 17), 10),
            ins("owner", "user%d" % (i % 3), 10)]}}))
    toks = sorted((int(md5_token(k)), k) for k in keys)
    steps += [
        v19.multiget_slice(keys[:4] + ["nope"], cparent("Objects"), pred(names=["name"])),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key=toks[4][1], end_key="", count=5)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key=toks[8][1], end_key="", count=5)),
        v19.get_range_slices(cparent("Objects"), pred(names=["owner"]),
                             key_range(start_token="0", end_token="0", count=4)),
        v19.get_range_slices(cparent("Objects"), pred(names=["owner"]),
                             key_range(start_token=str(toks[3][0]), end_token="0", count=4)),
        v19.get_range_slices(cparent("Objects"), pred(names=["owner"]),
                             key_range(start_token=str(toks[2][0]), end_token=str(toks[7][0]),
                                       count=100)),
        v19.get_range_slices(cparent("Objects"), pred(names=["size"]),
                             key_range(start_key=toks[1][1], end_key=toks[5][1], count=100)),
        v19.get_count(keys[0], cparent("Objects"), pred(start="", count=100)),
        v19.get_count(keys[0], cparent("Objects"), pred(start="o", finish="s", count=100)),
        # mistakes
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key=toks[5][1], end_key=toks[1][1], count=100)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key=keys[0], start_token="0", count=100)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(count=100)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Objects"), pred(start="", count=2),
                             key_range(start_token="abc", end_token="0", count=10)),
        v19.get_range_slices(cparent("Missing"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.describe_ring(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- phpcassa range
@sc("03_phpcassa_range", "index", "t_php")
def phpcassa_range():
    """phpcassa's ColumnFamily: get_range with its buffer_size (each buffer started at the
    last key read), column slices and names per row, get_indexed_slices on KEYS indexes
    (create_index_expression, create_index_clause with start_key paging), the clause phpcassa
    users wrote with no EQ expression on an indexed column and the app's fallback to a
    filtered get_range, and an indexed column removed."""
    ks = "t_php"
    steps = setup(ks, [cfd(ks, "Accounts", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("state", "UTF8Type", True, "acc_state"),
                                            coldef("birth_year", "LongType", True, "acc_by"),
                                            coldef("city", "UTF8Type")])])
    rows = [("acc%02d" % i, ["UT", "CA", "UT", "NY", "UT", "CA"][i % 6], 1960 + i * 3,
             ["Provo", "Fresno", "Ogden", "Albany", "Logan", "Davis"][i % 6]) for i in range(10)]
    for k, st, by, city in rows:
        steps.append(v19.batch_mutate({k: {"Accounts": [
            ins("state", st, 10), ins("birth_year", long_(by), 10), ins("city", city, 10)]}}))
    toks = sorted((int(md5_token(r[0])), r[0]) for r in rows)
    steps += [
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=100),
                             key_range(start_key=toks[3][1], end_key="", count=4)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=100),
                             key_range(start_key=toks[6][1], end_key="", count=4)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=100),
                             key_range(start_key=toks[9][1], end_key="", count=4)),
        v19.get_range_slices(cparent("Accounts"), pred(names=["city", "state"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Accounts"), pred(start="c", finish="d", count=1),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause([index_expr("state", EQ, "UT")],
                                                                 count=2), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("state", EQ, "UT")], start_key=toks[0][1], count=2),
            pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("birth_year", GT, long_(1965))]),
            pred(names=["city", "birth_year"])),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("birth_year", GTE, long_(1970)), index_expr("birth_year", LT, long_(1980)),
             index_expr("state", EQ, "UT")]), pred(names=["birth_year"])),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("birth_year", GT, long_(1970))]), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("city", EQ, "Provo")]), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("state", EQ, "TX")]), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("state", EQ, "UT"), index_expr("city", EQ, "Logan")]),
            pred(names=["city"])),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("birth_year", EQ, "1972")]), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause([]),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause(
            [index_expr("state", EQ, "UT")], count=0), pred(start="", count=100)),
        # the fallback: every row's state, filtered in PHP
        v19.get_range_slices(cparent("Accounts"), pred(names=["state", "birth_year"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove(toks[0][1], cpath("Accounts", col="state"), 20),
        v19.insert(toks[1][1], cparent("Accounts"), column("state", "NV", 20)),
        v19.get_indexed_slices(cparent("Accounts"), index_clause([index_expr("state", EQ, "UT")]),
                               pred(names=["state"])),
        v19.get_indexed_slices(cparent("Accounts"), index_clause([index_expr("state", EQ, "NV")]),
                               pred(names=["state"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Pelops selector
@sc("04_pelops_selector", "super", "t_pelops")
def pelops_selector():
    """Scale7 Pelops: a forum's threads in a super column family (TimeUUIDType super columns
    of UTF8Type sub-columns) and posts in a standard one; Selector's getPageOfColumnsFromRow
    (count+1 from the last name, both ways), getColumnCount, getSuperColumnsFromRow,
    getPageOfSuperColumnsFromRow, getSubColumnsFromRow(s), getColumnFromRow and
    getSuperColumnFromRow on missing names, and RowDeletor / Mutator.deleteSubColumns."""
    ks = "t_pelops"
    steps = setup(ks, [cfd(ks, "Threads", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type"),
                       cfd(ks, "Posts", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    for i in range(6):
        steps.append(v19.batch_mutate({"forum1": {"Threads": [
            mutation(cosc(super_column=super_column(timeuuid(100 + i), [
                column("title", "thread %d" % i, 10), column("author", "u%d" % (i % 2), 10),
                column("replies", str(i * 2), 10)])))]}}))
    for i in range(9):
        steps.append(v19.insert("thread-a", cparent("Posts"),
                                column("p%02d" % i, "post body %d" % i, 10 + i)))
    steps += [
        v19.get_slice("thread-a", cparent("Posts"), pred(start="", count=4)),
        v19.get_slice("thread-a", cparent("Posts"), pred(start="p03", count=4)),
        v19.get_slice("thread-a", cparent("Posts"), pred(start="p06", count=4)),
        v19.get_slice("thread-a", cparent("Posts"), pred(start="p04", count=4, reversed=True)),
        v19.get_count("thread-a", cparent("Posts"), pred(start="", count=2147483647)),
        v19.get_slice("forum1", cparent("Threads"), pred(start="", count=3)),
        v19.get_slice("forum1", cparent("Threads"), pred(start=timeuuid(102), count=3)),
        v19.get_slice("forum1", cparent("Threads"),
                      pred(start=timeuuid(104), count=3, reversed=True)),
        v19.get_slice("forum1", cparent("Threads", sc=timeuuid(101)),
                      pred(names=["title", "replies"])),
        v19.get_slice("forum1", cparent("Threads", sc=timeuuid(199)), pred(start="", count=10)),
        v19.multiget_slice(["forum1", "forum2"], cparent("Threads", sc=timeuuid(103)),
                           pred(start="", count=10)),
        v19.get("forum1", cpath("Threads", sc=timeuuid(102))),
        v19.get("forum1", cpath("Threads", sc=timeuuid(102), col="author")),
        v19.get("forum1", cpath("Threads", sc=timeuuid(102), col="views")),
        v19.get("forum1", cpath("Threads", sc=timeuuid(150))),
        v19.get("thread-a", cpath("Posts", col="p99")),
        v19.get_count("forum1", cparent("Threads"), pred(start="", count=100)),
        v19.get_count("forum1", cparent("Threads", sc=timeuuid(100)), pred(start="", count=100)),
        # deleteSubColumns, deleteSuperColumn, deleteColumns
        v19.batch_mutate({"forum1": {"Threads": [dele(["replies"], 20, sc_=timeuuid(100))]}}),
        v19.remove("forum1", cpath("Threads", sc=timeuuid(101)), 20),
        v19.batch_mutate({"thread-a": {"Posts": [dele(["p00", "p01"], 20)]}}),
        v19.get_slice("forum1", cparent("Threads"), pred(start="", count=2)),
        v19.get_slice("thread-a", cparent("Posts"), pred(start="", count=3)),
        # the wrong parent for each family
        v19.get_slice("forum1", cparent("Threads", sc="not-a-uuid"), pred(start="", count=10)),
        v19.get_slice("thread-a", cparent("Posts", sc="p01"), pred(start="", count=10)),
        v19.get("forum1", cpath("Threads", col="title")),
        v19.insert("forum1", cparent("Threads"), column("title", "x", 30)),
        # RowDeletor
        v19.remove("forum1", cpath("Threads"), 40),
        v19.get_range_slices(cparent("Threads"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Kundera schema
@sc("05_kundera_schema", "schema", "t_kundera")
def kundera_schema():
    """Kundera's CassandraSchemaManager in its modes: create (describe_keyspace of a new
    keyspace, system_add_keyspace with strategy_options and the entities' column families
    with KEYS index metadata), update (system_update_column_family adding a column and an
    index), validate (describe_keyspace), its JPQL on the indexes at the persistence unit's
    consistency level, and create-drop; the index names that clash or are illegal."""
    ks = "t_kundera"
    opts = None if V07 else {"datacenter1": "1"}
    strategy = SS if V07 else NTS
    person = cfd(ks, "PERSON", comparator_type="UTF8Type", default_validation_class="BytesType",
                 key_validation_class="UTF8Type",
                 column_metadata=[coldef("PERSON_NAME", "UTF8Type", True),
                                  coldef("AGE", "Int32Type" if V10 else "IntegerType", True),
                                  coldef("CITY", "UTF8Type")])
    address = cfd(ks, "ADDRESS", comparator_type="UTF8Type", default_validation_class="UTF8Type",
                  column_metadata=[coldef("STREET", "UTF8Type", True)])
    age = int32 if V10 else (lambda n: bytes([n]))
    cl = ONE if V07 else LOCAL_QUORUM
    steps = [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [person, address], strategy=strategy, options=opts)),
        v19.describe_keyspace(ks),
        v19.set_keyspace(ks),
    ]
    people = [("p1", "vivek", 32, "delhi"), ("p2", "amresh", 29, "noida"),
              ("p3", "kuldeep", 32, "delhi"), ("p4", "vivek", 41, "pune")]
    for k, n, a, c in people:
        steps.append(v19.batch_mutate({k: {"PERSON": [ins("PERSON_NAME", n, 10),
                                                       ins("AGE", age(a), 10),
                                                       ins("CITY", c, 10)]}}, cl))
    steps += [
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("PERSON_NAME", EQ, "vivek")], count=100), pred(start="", count=100), cl),
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("AGE", EQ, age(32)), index_expr("CITY", EQ, "delhi")], count=100),
            pred(start="", count=100), cl),
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("PERSON_NAME", EQ, "vivek"), index_expr("AGE", GT, age(35))], count=100),
            pred(names=["AGE"]), cl),
        # update mode: a new indexed column and a new entity
        v19.system_update_column_family(cfd(ks, "ADDRESS", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type", id=cfid(1),
                                            column_metadata=[coldef("STREET", "UTF8Type", True),
                                                             coldef("ZIP", "UTF8Type", True)])),
        v19.system_add_column_family(cfd(ks, "ORDERS", comparator_type="UTF8Type",
                                         column_metadata=[coldef("PERSON_ID", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"a1": {"ADDRESS": [ins("STREET", "mg road", 20), ins("ZIP", "110001", 20)]},
                          "o1": {"ORDERS": [ins("PERSON_ID", "p1", 20)]}}, cl),
        v19.get_indexed_slices(cparent("ADDRESS"), index_clause(
            [index_expr("ZIP", EQ, "110001")]), pred(start="", count=100), cl),
        v19.get_indexed_slices(cparent("ORDERS"), index_clause(
            [index_expr("PERSON_ID", EQ, "p1")]), pred(start="", count=100), cl),
        # clashing and illegal index names
        v19.system_add_column_family(cfd(ks, "VEHICLE", comparator_type="UTF8Type",
                                         column_metadata=[coldef("OWNER", "UTF8Type", True,
                                                                 "PERSON_PERSON_NAME_idx")])),
        v19.system_add_column_family(cfd(ks, "TRIP", comparator_type="UTF8Type",
                                         column_metadata=[coldef("A", "UTF8Type", True, "trip_idx"),
                                                          coldef("B", "UTF8Type", True, "trip_idx")])),
        v19.system_add_column_family(cfd(ks, "BADIDX", comparator_type="UTF8Type",
                                         column_metadata=[coldef("A", "UTF8Type", True,
                                                                 "bad-index name")])),
        v19.system_add_column_family(cfd(ks, "PERSON", comparator_type="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], strategy=strategy, options=opts)),
        v19.system_drop_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- levels
@sc("06_levels", "consistency", "t_levels")
def levels():
    """A Thrift DAO whose consistency level comes from configuration, run on a one-node
    SimpleStrategy keyspace of replication 1 and a NetworkTopologyStrategy keyspace naming the
    node's data centre (0.8 on): insert, get, get_slice, multiget, ranges, index queries,
    removes and batches at ONE, TWO, THREE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL and ANY."""
    ks = "t_levels"
    cf = cfd(ks, "Config", comparator_type="UTF8Type", default_validation_class="UTF8Type",
             column_metadata=[coldef("env", "UTF8Type", True, "cfg_env")])
    steps = setup(ks, [cf])
    lv = [("one", ONE), ("two", TWO), ("three", THREE), ("quorum", QUORUM),
          ("lq", LOCAL_QUORUM), ("eq", EACH_QUORUM), ("all", ALL), ("any", ANY)]
    for i, (n, cl) in enumerate(lv):
        steps.append(v19.insert("k_" + n, cparent("Config"), column("env", "prod", 10 + i), cl))
    for n, cl in lv:
        steps.append(v19.get("k_one", cpath("Config", col="env"), cl))
    for n, cl in [("quorum", QUORUM), ("lq", LOCAL_QUORUM), ("all", ALL), ("any", ANY)]:
        steps += [
            v19.get_slice("k_one", cparent("Config"), pred(start="", count=10), cl),
            v19.multiget_slice(["k_one", "k_all"], cparent("Config"), pred(start="", count=10), cl),
            v19.get_count("k_one", cparent("Config"), pred(start="", count=10), cl),
            v19.get_range_slices(cparent("Config"), pred(start="", count=10),
                                 key_range(start_key="", end_key="", count=3), cl),
            v19.get_indexed_slices(cparent("Config"), index_clause([index_expr("env", EQ, "prod")],
                                                                   count=3),
                                   pred(start="", count=10), cl),
            v19.remove("k_" + n, cpath("Config", col="env"), 30, cl),
            v19.batch_mutate({"b_" + n: {"Config": [ins("env", "dev", 30)]}}, cl),
        ]
    steps += [
        v19.get_range_slices(cparent("Config"), pred(names=["env"]),
                             key_range(start_key="", end_key="", count=100)),
    ]
    if V08:
        ks2 = "t_levels_nts"
        steps += [
            v19.system_add_keyspace(ksd(ks2, [cfd(ks2, "Config", comparator_type="UTF8Type")],
                                        strategy=NTS, options={"datacenter1": "1"})),
            v19.set_keyspace(ks2),
        ]
        for i, (n, cl) in enumerate(lv):
            steps += [v19.insert("n_" + n, cparent("Config"), column("env", "prod", 50 + i), cl),
                      v19.get_slice("n_" + n, cparent("Config"), pred(start="", count=10), cl)]
        steps += [
            v19.system_update_keyspace(ksd(ks2, [], strategy=NTS,
                                           options={"datacenter1": "1", "DC2": "2"})),
            v19.insert("n_x", cparent("Config"), column("env", "prod", 60), EACH_QUORUM),
            v19.insert("n_x", cparent("Config"), column("env", "prod", 60), LOCAL_QUORUM),
            v19.insert("n_x", cparent("Config"), column("env", "prod", 60), ALL),
            v19.insert("n_x", cparent("Config"), column("env", "prod", 60), ONE),
            v19.describe_ring(ks2),
            v19.system_drop_keyspace(ks2),
            v19.set_keyspace(ks),
        ]
    steps += [v19.get("k_one", cpath("Config", col="env"), 42),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- counter super
@sc("07_counter_super", "counter", "t_csuper", when=V08)
def counter_super():
    """Per-day page statistics in a counter super column family (a super column a day of
    counter sub-columns per page) beside a plain counter family: add with a super column
    parent, batch counter_super_column mutations, reads of counter super columns, one
    sub-column, a whole super column, counts, remove_counter of a sub-column and of a
    super column, and the counter writes such code got wrong."""
    ks = "t_csuper"
    steps = setup(ks, [cfd(ks, "DailyHits", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType",
                           replicate_on_write=True),
                       cfd(ks, "Totals", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    steps += [
        v19.add("site1", cparent("DailyHits", sc="2012-05-01"), counter_column("/index", 3)),
        v19.add("site1", cparent("DailyHits", sc="2012-05-01"), counter_column("/about", 1)),
        v19.add("site1", cparent("DailyHits", sc="2012-05-01"), counter_column("/index", 2)),
        v19.add("site1", cparent("DailyHits", sc="2012-05-02"), counter_column("/index", -1)),
        v19.batch_mutate({"site1": {"DailyHits": [mutation(cosc(
            counter_super_column=counter_super_column("2012-05-03", [
                counter_column("/index", 7), counter_column("/blog", 4)])))],
            "Totals": [cadd("/index", 11), cadd("/blog", 4)]},
            "site2": {"DailyHits": [mutation(cosc(
                counter_super_column=counter_super_column("2012-05-01", [
                    counter_column("/", 1)])))]}}),
        v19.get_slice("site1", cparent("DailyHits"), pred(start="", count=10)),
        v19.get_slice("site1", cparent("DailyHits"), pred(start="", count=2, reversed=True)),
        v19.get_slice("site1", cparent("DailyHits", sc="2012-05-01"), pred(start="", count=10)),
        v19.get("site1", cpath("DailyHits", sc="2012-05-03", col="/blog")),
        v19.get("site1", cpath("DailyHits", sc="2012-05-03")),
        v19.get("site1", cpath("DailyHits", sc="2012-05-09")),
        v19.get_count("site1", cparent("DailyHits"), pred(start="", count=10)),
        v19.get_count("site1", cparent("DailyHits", sc="2012-05-03"), pred(start="", count=10)),
        v19.multiget_count(["site1", "site2", "site3"], cparent("DailyHits"),
                           pred(start="", count=10)),
        v19.multiget_slice(["site1", "site2"], cparent("DailyHits", sc="2012-05-01"),
                           pred(names=["/", "/index"])),
        v19.get_range_slices(cparent("DailyHits"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("site1", cparent("Totals"), pred(start="", count=10)),
        # removes (no increments of these counters after)
        v19.remove_counter("site1", cpath("DailyHits", sc="2012-05-01", col="/about")),
        v19.remove_counter("site1", cpath("DailyHits", sc="2012-05-02")),
        v19.get_slice("site1", cparent("DailyHits"), pred(start="", count=10)),
        v19.remove_counter("site2", cpath("DailyHits")),
        v19.get_slice("site2", cparent("DailyHits"), pred(start="", count=10)),
        # mistakes
        v19.add("site1", cparent("DailyHits"), counter_column("/index", 1)),
        v19.add("site1", cparent("Totals", sc="2012"), counter_column("/index", 1)),
        v19.insert("site1", cparent("DailyHits", sc="2012-05-04"), column("/index", "1", 10)),
        v19.batch_mutate({"site1": {"DailyHits": [mutation(cosc(
            super_column=super_column("2012-05-05", [column("/x", "1", 10)])))]}}),
        v19.batch_mutate({"site1": {"Totals": [mutation(cosc(
            counter_super_column=counter_super_column("x", [counter_column("/x", 1)])))]}}),
        v19.batch_mutate({"site1": {"DailyHits": [dele(["/index"], 10, sc_="2012-05-03")]}}),
        v19.remove("site1", cpath("Totals", col="/blog"), 10),
        v19.get_slice("site1", cparent("Totals"), pred(start="", count=10)),
        v19.get("site1", cpath("Totals", col="/index")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- truncate
@sc("08_truncate", "admin", "t_trunc")
def truncate_states():
    """An integration-test harness truncating between tests: an empty column family, one
    with rows, a super column family, an indexed one (queried after), a counter family
    (0.8 on), a missing one; writes after a truncate carrying older timestamps than the
    data truncated; ranges after truncation (no ghosts)."""
    ks = "t_trunc"
    cfs = [cfd(ks, "Empty"), cfd(ks, "Rows", comparator_type="UTF8Type"),
           cfd(ks, "Supers", column_type="Super", comparator_type="UTF8Type",
               subcomparator_type="UTF8Type"),
           cfd(ks, "Indexed", comparator_type="UTF8Type",
               column_metadata=[coldef("tag", "UTF8Type", True, "trunc_tag")])]
    if V08:
        cfs.append(cfd(ks, "Counts", default_validation_class="CounterColumnType",
                       comparator_type="UTF8Type"))
    steps = setup(ks, cfs)
    steps += [v19.truncate("Empty"),
              v19.get_range_slices(cparent("Empty"), pred(start="", count=10),
                                   key_range(start_key="", end_key="", count=10))]
    for i in range(5):
        k = "r%d" % i
        steps.append(v19.batch_mutate({k: {
            "Rows": [ins("a", "v%d" % i, 100), ins("b", "w%d" % i, 100)],
            "Supers": [mutation(cosc(super_column=super_column("s%d" % i,
                                                              [column("x", "1", 100)])))],
            "Indexed": [ins("tag", "t%d" % (i % 2), 100)]}}))
    if V08:
        steps.append(v19.add("c1", cparent("Counts"), counter_column("hits", 5)))
    steps += [
        v19.get_count("r1", cparent("Rows"), pred(start="", count=10)),
        v19.truncate("Rows"),
        v19.get_slice("r1", cparent("Rows"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Rows"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("r1", cparent("Rows"), column("a", "after", 50)),
        v19.get_slice("r1", cparent("Rows"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Rows"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.truncate("Supers"),
        v19.get_slice("r2", cparent("Supers"), pred(start="", count=10)),
        v19.truncate("Indexed"),
        v19.get_indexed_slices(cparent("Indexed"), index_clause([index_expr("tag", EQ, "t1")]),
                               pred(start="", count=10)),
        v19.insert("r9", cparent("Indexed"), column("tag", "t1", 60)),
        v19.get_indexed_slices(cparent("Indexed"), index_clause([index_expr("tag", EQ, "t1")]),
                               pred(start="", count=10)),
        v19.truncate("Nothing"),
        v19.truncate(""),
    ]
    if V08:
        steps += [v19.truncate("Counts"),
                  v19.get_slice("c1", cparent("Counts"), pred(start="", count=10))]
    steps += [v19.truncate("Rows"), v19.describe_keyspace(ks), v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- counts
@sc("09_counts", "count", "t_counts")
def counts():
    """An inbox's unread and folder counts: get_count with names, with ranges bounded at each
    end, with a count below the total and reversed, on a super column family (super columns,
    and the sub-columns of one), with deletions in the row, and multiget_count over folders
    (duplicate and missing keys, an empty key list, a super column parent)."""
    ks = "t_counts"
    steps = setup(ks, [cfd(ks, "Messages", comparator_type="UTF8Type"),
                       cfd(ks, "Folders", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    for u in ("alice", "bob"):
        for i in range(8 if u == "alice" else 3):
            steps.append(v19.insert(u, cparent("Messages"), column("m%02d" % i, "body", 10)))
    for f, n in (("inbox", 5), ("sent", 2), ("trash", 0)):
        if n:
            steps.append(v19.batch_mutate({"alice": {"Folders": [mutation(cosc(
                super_column=super_column(f, [column(long_(i), "m%02d" % i, 10)
                                              for i in range(n)])))]}}))
    steps += [
        v19.get_count("alice", cparent("Messages"), pred(start="", count=100)),
        v19.get_count("alice", cparent("Messages"), pred(start="", count=3)),
        v19.get_count("alice", cparent("Messages"), pred(start="m02", finish="m05", count=100)),
        v19.get_count("alice", cparent("Messages"), pred(start="m05", count=100, reversed=True)),
        v19.get_count("alice", cparent("Messages"), pred(names=["m01", "m07", "m99"])),
        v19.get_count("alice", cparent("Messages"), pred(start="z", count=100)),
        v19.get_count("alice", cparent("Folders"), pred(start="", count=100)),
        v19.get_count("alice", cparent("Folders"), pred(names=["inbox", "trash"])),
        v19.get_count("alice", cparent("Folders", sc="inbox"), pred(start="", count=100)),
        v19.get_count("alice", cparent("Folders", sc="inbox"),
                      pred(start=long_(1), finish=long_(3), count=100)),
        v19.get_count("alice", cparent("Folders", sc="trash"), pred(start="", count=100)),
        v19.batch_mutate({"alice": {"Messages": [dele(["m00", "m03"], 20)],
                                    "Folders": [dele([long_(0)], 20, sc_="inbox")]}}),
        v19.get_count("alice", cparent("Messages"), pred(start="", count=100)),
        v19.get_count("alice", cparent("Folders", sc="inbox"), pred(start="", count=100)),
        v19.multiget_count(["alice", "bob", "carol", "alice"], cparent("Messages"),
                           pred(start="", count=100)),
        v19.multiget_count(["alice", "bob"], cparent("Messages"), pred(start="m01", count=2)),
        v19.multiget_count([], cparent("Messages"), pred(start="", count=100)),
        v19.multiget_count(["alice", "bob"], cparent("Folders", sc="inbox"),
                           pred(start="", count=100)),
        v19.multiget_count(["alice"], cparent("Folders"), pred(names=["sent", "spam"])),
        # mistakes
        v19.get_count("alice", cparent("Messages"), pred(start="", count=-1)),
        v19.get_count("alice", cparent("Messages"), pred(start="m05", finish="m01", count=10)),
        v19.get_count("alice", cparent("Messages", sc="inbox"), pred(start="", count=10)),
        v19.get_count("alice", cparent("Folders", sc="inbox"),
                      pred(start="abc", count=10)),
        v19.multiget_count(["alice"], cparent("Nope"), pred(start="", count=10)),
        v19.get_count("", cparent("Messages"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- typed keys
@sc("10_typed_keys", "keys", "t_keys")
def typed_keys():
    """Row keys of a validator class (0.8 on; raw bytes on 0.7): LongType user ids,
    UUIDType device ids, AsciiType codes, written and scanned by token ranges in token order,
    multigets of them, and the keys of the wrong kind such apps sent."""
    ks = "t_keys"
    kv = (lambda c: dict(key_validation_class=c)) if V08 else (lambda c: {})
    steps = setup(ks, [cfd(ks, "ByLong", comparator_type="UTF8Type", **kv("LongType")),
                       cfd(ks, "ByUuid", comparator_type="UTF8Type", **kv("UUIDType")),
                       cfd(ks, "ByCode", comparator_type="UTF8Type", **kv("AsciiType"))])
    lkeys = [long_(n) for n in (1, 42, 1000, 7777777, -5)]
    ukeys = [lexuuid(n) for n in (1, 2, 3)] + [timeuuid(9)]
    for i, k in enumerate(lkeys):
        steps.append(v19.insert(k, cparent("ByLong"), column("name", "user %d" % i, 10)))
    for i, k in enumerate(ukeys):
        steps.append(v19.insert(k, cparent("ByUuid"), column("model", "m%d" % i, 10)))
    for c in ("US", "FR", "JP"):
        steps.append(v19.insert(c, cparent("ByCode"), column("name", c.lower(), 10)))
    ltok = sorted(int(md5_token(k)) for k in lkeys)
    steps += [
        v19.get_range_slices(cparent("ByLong"), pred(start="", count=10),
                             key_range(start_token="0", end_token="0", count=100)),
        v19.get_range_slices(cparent("ByLong"), pred(start="", count=10),
                             key_range(start_token=str(ltok[1]), end_token=str(ltok[3]),
                                       count=100)),
        v19.get_range_slices(cparent("ByLong"), pred(start="", count=10),
                             key_range(start_key=lkeys[1], end_key="", count=2)),
        v19.get_range_slices(cparent("ByUuid"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        v19.multiget_slice(lkeys[:3] + [long_(9)], cparent("ByLong"), pred(names=["name"])),
        v19.get(ukeys[3], cpath("ByUuid", col="model")),
        v19.get_range_slices(cparent("ByCode"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=100)),
        # the wrong kinds of key
        v19.insert(b"\x00\x01\x02", cparent("ByLong"), column("name", "short", 20)),
        v19.insert("12345678901", cparent("ByLong"), column("name", "text", 20)),
        v19.insert(b"\x01" * 15, cparent("ByUuid"), column("model", "x", 20)),
        v19.insert("caf\u00e9", cparent("ByCode"), column("name", "x", 20)),
        v19.batch_mutate({b"\x00\x01": {"ByLong": [ins("name", "x", 20)]}}),
        v19.get(b"\x00\x01\x02", cpath("ByLong", col="name")),
        v19.multiget_slice([long_(1), b"\x07"], cparent("ByLong"), pred(names=["name"])),
        v19.get_range_slices(cparent("ByLong"), pred(start="", count=10),
                             key_range(start_key=b"\x01\x02", end_key="", count=10)),
        v19.remove(b"\x01", cpath("ByLong"), 30),
        v19.insert("", cparent("ByCode"), column("name", "x", 20)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- replication ops
@sc("11_replication", "schema", "t_repl")
def replication_ops():
    """An operator's script changing a keyspace's replication with system_update_keyspace:
    replication 1 to 3 (writes at QUORUM then unavailable on one node), back to 1, to
    NetworkTopologyStrategy and OldNetworkTopologyStrategy (0.8 on), an update carrying column
    families, of a missing keyspace and of the system keyspace, each read back by
    describe_keyspace and describe_ring."""
    ks = "t_repl"
    data = cfd(ks, "Data", comparator_type="UTF8Type")
    steps = setup(ks, [data])
    steps += [
        v19.insert("k1", cparent("Data"), column("c", "v", 10), QUORUM),
        v19.system_update_keyspace(ksd(ks, [], rf=3)),
        v19.describe_keyspace(ks),
        v19.insert("k1", cparent("Data"), column("c", "v2", 20), QUORUM),
        v19.insert("k1", cparent("Data"), column("c", "v3", 21), ONE),
        v19.get("k1", cpath("Data", col="c"), QUORUM),
        v19.get("k1", cpath("Data", col="c"), ONE),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), TWO),
        v19.describe_ring(ks),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.insert("k1", cparent("Data"), column("c", "v4", 22), QUORUM),
        v19.get("k1", cpath("Data", col="c"), ALL),
        v19.system_update_keyspace(ksd(ks, [data], rf=1)),
        v19.system_update_keyspace(ksd("t_repl_missing", [], rf=1)),
        v19.system_update_keyspace(ksd("system", [], rf=1)),
        v19.system_update_keyspace(ksd(ks, [], rf=0)),
        v19.describe_keyspace(ks),
    ]
    if V08:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS,
                                           options={"datacenter1": "2"})),
            v19.describe_keyspace(ks),
            v19.insert("k2", cparent("Data"), column("c", "v", 30), LOCAL_QUORUM),
            v19.insert("k2", cparent("Data"), column("c", "v", 30), ONE),
            v19.system_update_keyspace(ksd(ks, [], strategy=ONTS,
                                           options={"replication_factor": "1"})),
            v19.describe_keyspace(ks),
            v19.system_update_keyspace(ksd(ks, [], strategy=SS, options={})),
            v19.system_update_keyspace(ksd(ks, [], strategy="SimpleStrategy",
                                           options={"replication_factor": "1"})),
            v19.describe_keyspace(ks),
            v19.insert("k2", cparent("Data"), column("c", "v", 31), ALL),
        ]
    else:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], rf=2, strategy=ONTS)),
            v19.describe_keyspace(ks),
            v19.insert("k2", cparent("Data"), column("c", "v", 30), ONE),
            v19.system_update_keyspace(ksd(ks, [], rf=1, strategy="SimpleStrategy")),
            v19.describe_keyspace(ks),
        ]
    steps += [v19.get_slice("k1", cparent("Data"), pred(start="", count=10)),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- validators
@sc("12_validators", "validation", "t_valid")
def validators():
    """A metrics app's column families with default validators (LongType, UTF8Type,
    IntegerType, AsciiType) and column metadata overriding them, the values that did not fit,
    a default validator changed by an update over stored values, and a super column family's
    default validator applied to its sub-columns."""
    ks = "t_valid"
    steps = setup(ks, [
        cfd(ks, "Gauges", comparator_type="UTF8Type", default_validation_class="LongType",
            column_metadata=[coldef("label", "UTF8Type"), coldef("raw", "BytesType")]),
        cfd(ks, "Notes", comparator_type="UTF8Type", default_validation_class="UTF8Type"),
        cfd(ks, "Codes", comparator_type="UTF8Type", default_validation_class="AsciiType"),
        cfd(ks, "Big", comparator_type="UTF8Type", default_validation_class="IntegerType"),
        cfd(ks, "Hosts", column_type="Super", comparator_type="UTF8Type",
            subcomparator_type="UTF8Type", default_validation_class="LongType")])
    steps += [
        v19.insert("cpu", cparent("Gauges"), column("load", long_(75), 10)),
        v19.insert("cpu", cparent("Gauges"), column("label", "CPU load", 10)),
        v19.insert("cpu", cparent("Gauges"), column("raw", b"\x01\x02\x03", 10)),
        v19.insert("cpu", cparent("Gauges"), column("idle", b"\x00\x01\x02", 10)),
        v19.insert("cpu", cparent("Gauges"), column("idle", "", 10)),
        v19.insert("cpu", cparent("Gauges"), column("label", b"\xff\xfe", 10)),
        v19.batch_mutate({"mem": {"Gauges": [ins("used", long_(1024), 10),
                                             ins("free", "lots", 10)]}}),
        v19.get_slice("cpu", cparent("Gauges"), pred(start="", count=10)),
        v19.get_slice("mem", cparent("Gauges"), pred(start="", count=10)),
        v19.insert("n1", cparent("Notes"), column("text", "caf\u00e9 ok", 10)),
        v19.insert("n1", cparent("Notes"), column("bad", b"\xc3\x28", 10)),
        v19.insert("n1", cparent("Notes"), column("cut", b"caf\xc3", 10)),
        v19.insert("c1", cparent("Codes"), column("code", "ABC", 10)),
        v19.insert("c1", cparent("Codes"), column("code2", "\u00e9t\u00e9", 10)),
        v19.insert("b1", cparent("Big"), column("n", b"\x00\x00\x00\x00\x00\x00\x00\x00\x01", 10)),
        v19.insert("b1", cparent("Big"), column("z", b"", 10)),
        v19.batch_mutate({"h1": {"Hosts": [mutation(cosc(super_column=super_column(
            "disk", [column("sda", long_(10), 10), column("sdb", "full", 10)])))]}}),
        v19.batch_mutate({"h1": {"Hosts": [mutation(cosc(super_column=super_column(
            "disk", [column("sda", long_(10), 10), column("sdb", long_(20), 10)])))]}}),
        v19.get_slice("h1", cparent("Hosts"), pred(start="", count=10)),
        # the validator changed over stored values, then back
        v19.system_update_column_family(cfd(ks, "Gauges", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type", id=cfid(0),
                                            column_metadata=[coldef("label", "UTF8Type"),
                                                             coldef("raw", "BytesType")])),
        v19.insert("cpu", cparent("Gauges"), column("idle", "n/a", 20)),
        v19.get_slice("cpu", cparent("Gauges"), pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Gauges", comparator_type="UTF8Type",
                                            default_validation_class="LongType", id=cfid(0),
                                            column_metadata=[coldef("label", "LongType")])),
        v19.insert("cpu", cparent("Gauges"), column("label", "text again", 30)),
        v19.insert("cpu", cparent("Gauges"), column("raw", b"\x01", 30)),
        v19.get_slice("cpu", cparent("Gauges"), pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Notes", comparator_type="UTF8Type",
                                            default_validation_class="NoSuchType", id=cfid(1))),
        v19.system_update_column_family(cfd(ks, "Notes", comparator_type="UTF8Type",
                                            default_validation_class="CounterColumnType",
                                            id=cfid(1))),
        v19.system_update_column_family(cfd(ks, "Notes", comparator_type="UTF8Type",
                                            default_validation_class="BytesType")),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- index metadata
@sc("13_index_meta", "index", "t_idxmeta")
def index_meta():
    """A catalogue's KEYS index metadata evolving by system_update_column_family: an index
    queried, a second indexed column added on an empty family, the first index dropped (the
    column kept without index_type), the index name changed, an index without a name, and
    the queries on each state; the family emptied by truncate before an index is added over
    it again."""
    ks = "t_idxmeta"

    def products(cols):
        return cfd(ks, "Products", comparator_type="UTF8Type", id=cfid(0),
                   default_validation_class="UTF8Type", column_metadata=cols)

    steps = setup(ks, [products([coldef("brand", "UTF8Type", True, "prod_brand"),
                                 coldef("color", "UTF8Type")])])
    for i in range(6):
        steps.append(v19.batch_mutate({"sku%d" % i: {"Products": [
            ins("brand", ["acme", "zeta"][i % 2], 10), ins("color", ["red", "blue", "red"][i % 3], 10)]}}))
    q = lambda col, v: v19.get_indexed_slices(  # noqa: E731
        cparent("Products"), index_clause([index_expr(col, EQ, v)]), pred(names=["brand", "color"]))
    steps += [
        q("brand", "acme"),
        q("color", "red"),
        v19.describe_keyspace(ks),
        # drop the index: the column stays, without an index type
        v19.system_update_column_family(products([coldef("brand", "UTF8Type"),
                                                  coldef("color", "UTF8Type")])),
        v19.describe_keyspace(ks),
        q("brand", "acme"),
        # an index given a name but no type
        v19.system_update_column_family(products([column_def("brand", "UTF8Type", None,
                                                              "named_only")])),
        # truncate, then index both columns again under new names
        v19.truncate("Products"),
        v19.system_update_column_family(products([coldef("brand", "UTF8Type", True, "brand_v2"),
                                                  coldef("color", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
    ]
    for i in range(4):
        steps.append(v19.batch_mutate({"new%d" % i: {"Products": [
            ins("brand", ["acme", "zeta"][i % 2], 20), ins("color", ["red", "blue"][i // 2], 20)]}}))
    steps += [
        q("brand", "acme"),
        q("color", "blue"),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("brand", EQ, "zeta"), index_expr("color", EQ, "blue")]),
            pred(start="", count=10)),
        # renaming an index in place, changing an indexed column's validator
        v19.system_update_column_family(products([coldef("brand", "UTF8Type", True, "brand_v3"),
                                                  coldef("color", "UTF8Type", True)])),
        v19.system_update_column_family(products([coldef("brand", "BytesType", True, "brand_v2"),
                                                  coldef("color", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        q("brand", "zeta"),
        # an index on a super column family
        v19.system_add_column_family(cfd(ks, "SuperIdx", column_type="Super",
                                         comparator_type="UTF8Type", subcomparator_type="UTF8Type",
                                         column_metadata=[coldef("x", "UTF8Type", True)])),
        v19.system_add_column_family(cfd(ks, "BadVal", comparator_type="UTF8Type",
                                         column_metadata=[coldef("x", "NoSuchType", True)])),
        v19.system_add_column_family(cfd(ks, "LongIdx", comparator_type="LongType",
                                         column_metadata=[coldef("abc", "UTF8Type", True)])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 driver
@sc("14_cql2_driver", "cql2", "t_cql2", when=V08)
def cql2_driver():
    """An app on the cql driver (Python's cql / the JDBC driver) speaking CQL 2: CREATE
    KEYSPACE with strategy options, USE, CREATE COLUMNFAMILY with typed columns, INSERT and
    UPDATE USING CONSISTENCY and TIMESTAMP, SELECT FIRST N REVERSED, column ranges, WHERE KEY
    IN, key ranges, COUNT, BATCH, CREATE INDEX and an indexed SELECT, DELETE, TRUNCATE, DROP
    INDEX and DROP COLUMNFAMILY, and the statements such apps got wrong."""
    ks = "t_cql2"
    steps = [
        cql("CREATE KEYSPACE t_cql2 WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE t_cql2;"),
        cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY, name varchar, state varchar, "
            "visits varint) WITH comparator = varchar AND default_validation = varchar;"),
        cql("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY) WITH comparator = varchar "
            "AND default_validation = varchar;"),
        # the index made before any row (an index built over stored rows answers nothing
        # until the release's asynchronous build ends)
        cql("CREATE INDEX users_state ON users (state);"),
        cql("INSERT INTO users (KEY, name, state, visits) VALUES ('u1', 'Ann', 'UT', 3) "
            "USING CONSISTENCY ONE AND TIMESTAMP 100;"),
        cql("INSERT INTO users (KEY, name, state) VALUES ('u2', 'Bob', 'CA') USING TIMESTAMP 100;"),
        cql("UPDATE users USING CONSISTENCY QUORUM AND TIMESTAMP 110 SET name = 'Cyd', "
            "state = 'UT', visits = 9 WHERE KEY = 'u3';"),
        cql("UPDATE users USING CONSISTENCY ALL AND TIMESTAMP 120 SET visits = 4 WHERE KEY = 'u1';"),
        cql("SELECT * FROM users WHERE KEY = 'u1';"),
        cql("SELECT name, visits FROM users WHERE KEY IN ('u1', 'u2', 'u9');"),
        cql("SELECT name FROM users WHERE KEY = 'u9';"),
    ]
    for i in range(8):
        steps.append(cql("INSERT INTO events (KEY, 'e%02d') VALUES ('day1', 'event %d') "
                         "USING TIMESTAMP %d;" % (i, i, 200 + i)))
    steps += [
        cql("SELECT FIRST 3 REVERSED * FROM events WHERE KEY = 'day1';"),
        cql("SELECT FIRST 2 'e02'..'e06' FROM events WHERE KEY = 'day1';"),
        cql("SELECT FIRST 10 REVERSED 'e05'..'e01' FROM events WHERE KEY = 'day1';"),
        cql("SELECT 'e01'..'e03' FROM events WHERE KEY = 'day1';"),
        cql("SELECT COUNT(*) FROM events WHERE KEY = 'day1';"),
        cql("SELECT * FROM users LIMIT 2;"),
        cql("SELECT name FROM users WHERE KEY >= 'u2' LIMIT 10;"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP 300 "
            "INSERT INTO users (KEY, name, state) VALUES ('u4', 'Dee', 'NY') "
            "UPDATE users SET visits = 1 WHERE KEY = 'u2' "
            "DELETE state FROM users WHERE KEY = 'u3' "
            "APPLY BATCH;"),
        cql("SELECT * FROM users WHERE KEY IN ('u2', 'u3', 'u4');"),
        cql("SELECT name FROM users WHERE state = 'UT';"),
        cql("SELECT name FROM users WHERE state = 'UT' AND KEY > 'u0';"),
        cql("SELECT name FROM users WHERE name = 'Ann';"),
        cql("DELETE visits FROM users USING CONSISTENCY ONE WHERE KEY = 'u1';"),
        cql("SELECT * FROM users WHERE KEY = 'u1';"),
        cql("DELETE FROM users WHERE KEY IN ('u2', 'u4');"),
        cql("SELECT * FROM users WHERE KEY IN ('u2', 'u4');"),
        # mistakes
        cql("SELECT * FROM user WHERE KEY = 'u1';"),
        cql("SELECT FIRST 0 * FROM events WHERE KEY = 'day1';"),
        cql("UPDATE users USING CONSISTENCY SOME SET name = 'x' WHERE KEY = 'u1';"),
        cql("INSERT INTO users (name) VALUES ('nokey') USING TIMESTAMP 400;"),
        cql("INSERT INTO users (KEY, visits) VALUES ('u5', 'many') USING TIMESTAMP 400;"),
        cql("UPDATE users SET visits = 5 USING TIMESTAMP 400 WHERE KEY = 'u1';"),
        cql("SELECT * FROM users WHERE KEY = 'u1' AND KEY = 'u2';"),
        cql("CREATE COLUMNFAMILY users (KEY varchar PRIMARY KEY);"),
        cql("CREATE INDEX ON users (state);"),
        cql("TRUNCATE events;"),
        cql("SELECT * FROM events WHERE KEY = 'day1';"),
        cql("DROP INDEX users_state;"),
        cql("SELECT name FROM users WHERE state = 'UT';"),
        cql("DROP INDEX users_state;"),
        cql("DROP COLUMNFAMILY events;"),
        cql("DROP COLUMNFAMILY events;"),
        v19.describe_keyspace(ks),
        cql("DROP KEYSPACE t_cql2;"),
        cql("USE t_cql2;"),
    ]
    return steps


# --------------------------------------------------------------------------- prepared CQL 2
@sc("15_cql2_prepared", "cql2", "t_cqlprep", when=V11)
def cql2_prepared():
    """A 1.1 app on the JDBC driver's PreparedStatement over CQL 2: prepare_cql_query of
    inserts, updates, selects and deletes with markers, execute_prepared_cql_query by the
    statement's id with bound strings, the wrong number of values, a value its type refuses,
    an unknown id, and a statement that does not prepare."""
    ks = "t_cqlprep"

    def prep(q):
        return Step("prepare_cql_query", W.struct({1: b(q), 2: W.i32(2)}))

    def ex(q, vals):
        return Step("execute_prepared_cql_query", W.struct({
            1: W.i32(jhash(q)), 2: W.list_("bin", [b(x) for x in vals])}))

    ins_q = "INSERT INTO orders (KEY, item, qty, price) VALUES (?, ?, ?, ?) USING TIMESTAMP 100;"
    upd_q = "UPDATE orders USING TIMESTAMP 200 SET qty = ? WHERE KEY = ?;"
    sel_q = "SELECT item, qty FROM orders WHERE KEY = ?;"
    in_q = "SELECT qty FROM orders WHERE KEY IN (?, ?);"
    del_q = "DELETE price FROM orders WHERE KEY = ?;"
    steps = [
        cql("CREATE KEYSPACE t_cqlprep WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE t_cqlprep;"),
        cql("CREATE COLUMNFAMILY orders (KEY text PRIMARY KEY, item text, qty int, price float) "
            "WITH comparator = text AND default_validation = text;"),
        prep(ins_q),
        ex(ins_q, ["o1", "kettle", "2", "19.5"]),
        ex(ins_q, ["o2", "toaster", "1", "34.0"]),
        prep(sel_q),
        ex(sel_q, ["o1"]),
        ex(sel_q, ["o3"]),
        prep(upd_q),
        ex(upd_q, ["5", "o1"]),
        ex(sel_q, ["o1"]),
        prep(in_q),
        ex(in_q, ["o1", "o2"]),
        prep(del_q),
        ex(del_q, ["o2"]),
        cql("SELECT * FROM orders WHERE KEY = 'o2';"),
        # mistakes
        ex(ins_q, ["o4", "lamp"]),
        ex(ins_q, ["o4", "lamp", "two", "1.0"]),
        ex(upd_q, ["1", "o1", "extra"]),
        Step("execute_prepared_cql_query", W.struct({1: W.i32(12345), 2: W.list_("bin", [])})),
        prep("SELECT item FROM nosuch WHERE KEY = ?;"),
        prep("SELECT ? FROM orders WHERE KEY = 'o1';"),
        prep("UPDATE orders SET qty = ? WHERE KEY = ? AND"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("16_later_idl", "upgrade", "t_later")
def later_idl():
    """A client library built against a later release's IDL talking to this release: the
    KsDef and CfDefs it built (fields this release did not declare: 1.0's compaction and
    compression options, 1.1's caching, 1.2's populate_io_cache_on_flush, 2.0's TTL and
    speculative retry), the ColumnDef index_options and CUSTOM index type, a KeyRange
    row_filter, the consistency levels 2.0 added, and the methods it called that this
    release did not have."""
    ks = "t_later"
    f = {1: b(ks), 2: b(SS), 3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
         4: W.i32(1),
         5: W.list_("struct", [cfd_later(ks, "Items", comparator_type="UTF8Type",
                                         default_validation_class="UTF8Type",
                                         key_validation_class="UTF8Type",
                                         replicate_on_write=True,
                                         compaction_strategy="org.apache.cassandra.db."
                                         "compaction.SizeTieredCompactionStrategy",
                                         compression_options={"sstable_compression":
                                                              "org.apache.cassandra.io."
                                                              "compress.SnappyCompressor"},
                                         caching="KEYS_ONLY",
                                         dclocal_read_repair_chance=0.0,
                                         populate_io_cache_on_flush=False,
                                         default_time_to_live=0,
                                         speculative_retry="NONE")])}
    if not V07:
        f[6] = W.boolean(True)
    idx = W.struct({1: b("color"), 2: b("UTF8Type"), 3: W.i32(0), 4: b("items_color"),
                    5: W.map_("bin", "bin", [])})
    custom = W.struct({1: b("size"), 2: b("UTF8Type"), 3: W.i32(1), 4: b("items_size"),
                       5: W.map_("bin", "bin", [(b("class_name"), b("com.example.Idx"))])})
    steps = [
        v19.system_add_keyspace(W.struct(f)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd_later(ks, "Items", comparator_type="UTF8Type",
                                                  default_validation_class="UTF8Type",
                                                  id=cfid(0),
                                                  caching="ALL", bloom_filter_fp_chance=0.01,
                                                  column_metadata=[idx])),
        v19.system_add_column_family(cfd_later(ks, "Custom", comparator_type="UTF8Type",
                                               column_metadata=[custom])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    for i in range(4):
        steps.append(v19.batch_mutate({"it%d" % i: {"Items": [
            ins("color", ["red", "blue"][i % 2], 10), ins("size", str(i), 10)]}}))
    row_filter = W.list_("struct", [index_expr("color", EQ, "red")])
    kr = W.struct({1: b(""), 2: b(""), 5: W.i32(100), 6: row_filter})
    steps += [
        v19.get_range_slices(cparent("Items"), pred(start="", count=10), kr),
        v19.get_indexed_slices(cparent("Items"), index_clause([index_expr("color", EQ, "red")]),
                               pred(start="", count=10)),
    ]
    if not V08:
        steps.append(v19.add("c", cparent("Items"), counter_column("n", 1)))
    if not V11:
        steps += [v19.get_paged_slice("Items", key_range(start_key="", end_key="", count=10), ""),
                  unknown("describe_token_map"),
                  unknown("describe_splits_ex", {1: b("Items"), 2: b("0"), 3: b("0"),
                                                 4: W.i32(128)})]
    steps += [
        unknown("describe_local_ring", {1: b(ks)}),
        unknown("trace_next_query"),
        v19.atomic_batch_mutate({"it8": {"Items": [ins("color", "green", 30)]}}),
        v19.execute_cql3_query("SELECT * FROM \"Items\";", ONE),
        v19.get_slice("it0", cparent("Items"), pred(start="", count=10)),
        v19.describe_version(),
        # 2.0's levels: LOCAL_ONE, SERIAL, LOCAL_SERIAL (each may end the connection)
        v19.get("it0", cpath("Items", col="color"), 11),
        v19.set_keyspace(ks),
        v19.get_count("it0", cparent("Items"), pred(start="", count=10), 11),
        v19.set_keyspace(ks),
        v19.get_slice("it0", cparent("Items"), pred(start="", count=10), 9),
        v19.set_keyspace(ks),
        v19.multiget_slice(["it0"], cparent("Items"), pred(start="", count=10), 10),
        v19.set_keyspace(ks),
        v19.get_slice("it9", cparent("Items"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Mutator mistakes
@sc("17_mutator_mistakes", "invalid", "t_mut")
def mutator_mistakes():
    """What a hand-built Mutator sent wrong: an empty mutation, a deletion with a super column
    on a standard family, a deletion predicate with both names and a range, a SlicePredicate
    with neither, an empty column name, an over-long name, a Column without a value, a
    mutation for a missing family inside an otherwise good batch, an empty row key, and the
    good batch sent again."""
    ks = "t_mut"
    steps = setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type"),
                       cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    good = {"k1": {"Std": [ins("a", "1", 10)]}}
    both = W.struct({1: W.list_("bin", [b("a")]),
                     2: W.struct({1: b(""), 2: b(""), 3: W.boolean(False), 4: W.i32(10)})})
    steps += [
        v19.batch_mutate(good),
        v19.batch_mutate({"k1": {"Std": [W.struct({})]}}),
        v19.batch_mutate({"k1": {"Std": [dele(["a"], 20, sc_="s1")]}}),
        v19.batch_mutate({"k1": {"Std": [mutation(deletion_=W.struct({1: dsl.ts(20),
                                                                      3: both}))]}}),
        v19.batch_mutate({"k1": {"Std": [mutation(deletion_=W.struct({1: dsl.ts(20),
                                                                      3: W.struct({})}))]}}),
        v19.get_slice("k1", cparent("Std"), W.struct({})),
        v19.insert("k1", cparent("Std"), column("", "x", 20)),
        v19.batch_mutate({"k1": {"Std": [ins("", "x", 20)]}}),
        v19.insert("k1", cparent("Std"), column("n" * 65536, "x", 20)),
        v19.batch_mutate({"k1": {"Std": [ins("b", "2", 20)], "Missing": [ins("c", "3", 20)]}}),
        v19.get_slice("k1", cparent("Std"), pred(start="", count=10)),
        v19.batch_mutate({"": {"Std": [ins("b", "2", 20)]}}),
        v19.batch_mutate({"k2": {"Sup": [ins("plain", "x", 20)]}}),
        v19.batch_mutate({"k2": {"Sup": [mutation(cosc(super_column=super_column("s", [])))]}}),
        v19.batch_mutate({"k2": {"Sup": [dele(None, 20, sc_="s")]}}),
        v19.batch_mutate({"k2": {"Sup": [dele(["x"], 20)]}}),
        v19.batch_mutate({"k2": {"Sup": [mutation(cosc(super_column=super_column(
            "s1", [column("x", "1", 20)])), deletion_=deletion(20))]}}),
        v19.batch_mutate({}),
        v19.batch_mutate({"k3": {}}),
        v19.batch_mutate({"k3": {"Std": []}}),
        v19.batch_mutate(good),
        v19.get_slice("k1", cparent("Std"), pred(start="", count=10)),
        v19.get_slice("k2", cparent("Sup"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super template
@sc("18_super_template", "super", "t_suptpl")
def super_template():
    """Hector's SuperCfTemplate over a playlist store (a super column a playlist, LongType
    positions as sub-columns): querySuperColumns, a SuperCfUpdater adding sub-columns to two
    super columns, deleteSubColumn, deleteSuperColumn, a range of rows each sliced to its
    first super column, multiget of one super column, and super-column reads by names."""
    ks = "t_suptpl"
    steps = setup(ks, [cfd(ks, "Playlists", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType", default_validation_class="UTF8Type")])
    lists = {"u1": {"chill": ["a", "b", "c"], "road": ["d", "e"], "work": ["f"]},
             "u2": {"chill": ["g"], "party": ["h", "i", "j", "k"]}}
    for u, pls in lists.items():
        steps.append(v19.batch_mutate({u: {"Playlists": [
            mutation(cosc(super_column=super_column(p, [column(long_(i), s, 10)
                                                        for i, s in enumerate(songs)])))
            for p, songs in pls.items()]}}))
    steps += [
        v19.get_slice("u1", cparent("Playlists"), pred(names=["road", "chill", "gym"])),
        v19.get_slice("u1", cparent("Playlists"), pred(start="d", finish="w", count=10)),
        v19.get_slice("u1", cparent("Playlists", sc="chill"),
                      pred(start=long_(1), count=10)),
        v19.get_slice("u1", cparent("Playlists", sc="chill"),
                      pred(names=[long_(2), long_(0), long_(9)])),
        v19.batch_mutate({"u1": {"Playlists": [
            mutation(cosc(super_column=super_column("road", [column(long_(2), "x", 20)]))),
            mutation(cosc(super_column=super_column("work", [column(long_(1), "y", 20)])))]}}),
        v19.remove("u1", cpath("Playlists", sc="chill", col=long_(1)), 20),
        v19.remove("u2", cpath("Playlists", sc="party"), 20),
        v19.get_slice("u1", cparent("Playlists"), pred(start="", count=10)),
        v19.get_slice("u2", cparent("Playlists"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Playlists"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Playlists", sc="chill"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_slice(["u1", "u2", "u3"], cparent("Playlists", sc="chill"),
                           pred(start="", count=10)),
        v19.get("u1", cpath("Playlists", sc="work", col=long_(1))),
        v19.get("u2", cpath("Playlists", sc="party", col=long_(1))),
        # a position written as text, a range on the sub-columns given as text
        v19.insert("u1", cparent("Playlists", sc="work"), column("third", "z", 30)),
        v19.get_slice("u1", cparent("Playlists", sc="work"), pred(start="a", count=10)),
        v19.remove("u1", cpath("Playlists", sc="work", col="third"), 30),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- schema admin
@sc("19_schema_admin", "schema", "t_admin")
def schema_admin():
    """A schema administrator's session: keyspaces and column families added, listed, dropped
    and re-added (the data gone), the names refused (too long, dashes, a keyspace that
    exists, a family that exists), a drop of a missing family and keyspace, a family added to
    another keyspace than the session's, and describe calls of missing names."""
    ks = "t_admin"
    steps = setup(ks, [cfd(ks, "Alpha", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k", cparent("Alpha"), column("c", "v", 10)),
        v19.system_add_column_family(cfd(ks, "Beta", comparator_type="AsciiType",
                                         comment="second family", gc_grace_seconds=3600)),
        v19.system_add_column_family(cfd(ks, "Alpha", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Bad-Name")),
        v19.system_add_column_family(cfd(ks, "G" * 60)),
        v19.system_add_column_family(cfd("t_admin_other", "Gamma")),
        v19.system_add_column_family(cfd(ks, "Delta", comparator_type="NoSuchComparator")),
        v19.system_add_column_family(cfd(ks, "Eps", column_type="Wide")),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_add_keyspace(ksd("t-admin-bad", [])),
        v19.system_add_keyspace(ksd("system", [])),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Alpha"),
        v19.system_drop_column_family("Alpha"),
        v19.system_add_column_family(cfd(ks, "Alpha", comparator_type="UTF8Type")),
        v19.get_slice("k", cparent("Alpha"), pred(start="", count=10)),
        v19.system_drop_keyspace("t_admin_none"),
        v19.describe_keyspace("t_admin_none"),
        v19.set_keyspace("t_admin_none"),
        v19.get_slice("k", cparent("Alpha"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
        v19.get_slice("k", cparent("Alpha"), pred(start="", count=10)),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Alpha", comparator_type="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("Alpha"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- TTL cache
@sc("20_ttl_cache", "ttl", "t_ttl")
def ttl_cache():
    """A cache on expiring columns (TTLs long enough never to expire during the run): TTLs read
    back by get, slices, multigets and ranges, a TTL'd value rewritten without a TTL and with
    a longer one, an older write with a TTL under a newer one, TTL'd sub-columns in a super
    column family, a batch of TTLs, removes of TTL'd columns, and the TTLs refused."""
    ks = "t_ttl"
    steps = setup(ks, [cfd(ks, "Cache", comparator_type="UTF8Type"),
                       cfd(ks, "Grouped", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.insert("page:/", cparent("Cache"), column("html", "<p>home</p>", 10, ttl=600)),
        v19.insert("page:/", cparent("Cache"), column("etag", "abc", 10, ttl=900)),
        v19.insert("page:/about", cparent("Cache"), column("html", "<p>about</p>", 10, ttl=1200)),
        v19.batch_mutate({"page:/faq": {"Cache": [ins("html", "<p>faq</p>", 10, ttl=300),
                                                  ins("etag", "f1", 10, ttl=86400)]},
                          "grp": {"Grouped": [mutation(cosc(super_column=super_column(
                              "g1", [column("a", "1", 10, ttl=500),
                                     column("b", "2", 10, ttl=3600),
                                     column("c", "3", 10)])))]}}),
        v19.get("page:/", cpath("Cache", col="html")),
        v19.get_slice("page:/faq", cparent("Cache"), pred(start="", count=10)),
        v19.get_slice("grp", cparent("Grouped", sc="g1"), pred(start="", count=10)),
        v19.get("grp", cpath("Grouped", sc="g1")),
        v19.insert("page:/", cparent("Cache"), column("html", "<p>home2</p>", 20)),
        v19.get("page:/", cpath("Cache", col="html")),
        v19.insert("page:/", cparent("Cache"), column("html", "<p>home3</p>", 30, ttl=7200)),
        v19.insert("page:/", cparent("Cache"), column("html", "<p>old</p>", 25, ttl=60)),
        v19.get("page:/", cpath("Cache", col="html")),
        v19.get_slice("page:/", cparent("Cache"), pred(start="", count=10)),
        v19.get_count("page:/faq", cparent("Cache"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Cache"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_slice(["page:/", "page:/about", "page:/faq"], cparent("Cache"),
                           pred(names=["html"])),
        v19.remove("page:/about", cpath("Cache", col="html"), 40),
        v19.remove("grp", cpath("Grouped", sc="g1", col="a"), 40),
        v19.get_slice("grp", cparent("Grouped"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Cache"), pred(names=["html"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("page:/x", cparent("Cache"), column("html", "x", 40, ttl=0)),
        v19.insert("page:/x", cparent("Cache"), column("html", "x", 40, ttl=-1)),
        v19.batch_mutate({"page:/x": {"Cache": [ins("html", "x", 40, ttl=0)]}}),
        v19.batch_mutate({"grp": {"Grouped": [mutation(cosc(super_column=super_column(
            "g2", [column("a", "1", 40, ttl=-10)])))]}}),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 schema
@sc("21_cql2_schema", "cql2", "t_cql2s", when=V08)
def cql2_schema():
    """A CQL 2 app's schema script and reads through its key alias: CREATE COLUMNFAMILY with a
    typed key named other than KEY and WITH options, rows addressed by the alias, WHERE alias
    IN and ranges, COUNT(*) with LIMIT, ALTER COLUMNFAMILY adding, retyping and dropping a
    column (1.0 on), a counter column family updated by `c = c + n` and read by Thrift, and
    the script's mistakes."""
    ks = "t_cql2s"
    steps = [
        cql("CREATE KEYSPACE t_cql2s WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE t_cql2s;"),
        cql("CREATE COLUMNFAMILY accounts (id bigint PRIMARY KEY, owner text, balance varint) "
            "WITH comparator = text AND default_validation = text AND comment = 'ledger' "
            "AND gc_grace_seconds = 3600;"),
        cql("CREATE COLUMNFAMILY hits (page text PRIMARY KEY) WITH comparator = text "
            "AND default_validation = counter;"),
        v19.describe_keyspace(ks),
        cql("INSERT INTO accounts (id, owner, balance) VALUES (1, 'ann', 100) "
            "USING TIMESTAMP 10;"),
        cql("INSERT INTO accounts (id, owner, balance) VALUES (2, 'bob', -5) USING TIMESTAMP 10;"),
        cql("INSERT INTO accounts (id, owner) VALUES (3, 'cyd') USING TIMESTAMP 10;"),
        cql("UPDATE accounts USING TIMESTAMP 20 SET balance = 250 WHERE id = 1;"),
        cql("SELECT owner, balance FROM accounts WHERE id = 1;"),
        cql("SELECT * FROM accounts WHERE id IN (1, 2, 9);"),
        cql("SELECT owner FROM accounts WHERE KEY = 2;"),
        cql("SELECT COUNT(*) FROM accounts LIMIT 2;"),
        cql("SELECT COUNT(*) FROM accounts;"),
        cql("SELECT id, owner FROM accounts WHERE id = 'one';"),
        cql("UPDATE hits SET views = views + 3 WHERE page = '/';"),
        cql("UPDATE hits SET views = views + 2, likes = likes + 1 WHERE page = '/';"),
        cql("UPDATE hits SET views = views - 1 WHERE page = '/about';"),
        v19.get_slice("/", cparent("hits"), pred(start="", count=10)),
        v19.get_slice("/about", cparent("hits"), pred(start="", count=10)),
        cql("UPDATE hits SET views = 5 WHERE page = '/';"),
        cql("INSERT INTO hits (page, views) VALUES ('/x', 1);"),
        cql("UPDATE accounts SET balance = balance + 1 WHERE id = 1;"),
        cql("DELETE balance FROM accounts USING TIMESTAMP 30 WHERE id = 2;"),
        cql("SELECT * FROM accounts WHERE id = 2;"),
    ]
    if V10:
        steps += [
            cql("ALTER COLUMNFAMILY accounts ADD email text;"),
            cql("ALTER COLUMNFAMILY accounts ALTER balance TYPE bigint;"),
            cql("ALTER COLUMNFAMILY accounts DROP owner;"),
            cql("ALTER COLUMNFAMILY accounts ADD email text;"),
            cql("ALTER COLUMNFAMILY accounts DROP nothing;"),
            cql("ALTER COLUMNFAMILY accounts ALTER id TYPE text;"),
            v19.describe_keyspace(ks),
            cql("INSERT INTO accounts (id, email, balance) VALUES (4, 'd@x', 7) "
                "USING TIMESTAMP 40;"),
            cql("SELECT * FROM accounts WHERE id = 4;"),
        ]
    steps += [
        cql("CREATE COLUMNFAMILY bad (id bigint PRIMARY KEY, id text);"),
        cql("CREATE COLUMNFAMILY bad2 (KEY text) WITH comparator = text;"),
        cql("CREATE COLUMNFAMILY bad3 (KEY text PRIMARY KEY) WITH nosuchoption = 1;"),
        cql("CREATE COLUMNFAMILY bad4 (KEY text PRIMARY KEY) WITH comparator = nosuchtype;"),
        cql("CREATE KEYSPACE t_cql2s WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1;"),
        cql("CREATE KEYSPACE t_cql2s_b WITH strategy_class = SimpleStrategy;"),
        cql("DROP KEYSPACE t_cql2s;"),
    ]
    return steps
