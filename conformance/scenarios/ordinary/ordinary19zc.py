"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model: a Rails app on Ruby's `cassandra` gem 0.12 (its insert as batch_mutate, get/multi_get/
get_range/count_columns/remove/exists? and its clear_keyspace!), Pelops 1.1 (its pool's
connect-time checks, Selector pages, Mutator and RowDeletor), Hector's templates
(ColumnFamilyTemplate, HSuperColumnTemplate, IndexedSlicesQuery, CountQuery and
MultigetSliceCounterQuery), Astyanax 1.0's AllRowsReader and RowCopier over token ranges, Kundera
2.x mapping entities (an embedded collection as super columns, a JPQL query as an index query),
a Solandra-style term index (super columns of document ids), a C# FluentCassandra app (typed
names), a Node helenus app (Thrift and CQL 2), counters in super columns, phpcassa 1.0's index
clauses, a memcached-style TTL cache, truncate and drop-recreate cycles, counter consistency
levels on a one-node cluster, DynamicCompositeType names (0.8 on), an operator's tuning updates,
a job queue, a geohash app's key ranges, a mail app in super columns, counter resets, size
limits, cache settings, a CQL 2 reporting tool, numbers packed by hand, pagers carrying a blob
as their start, and clients of a later IDL (1.1's, 1.2's) talking to the release.  Each scenario owns its
keyspace.  Recorded with capture.py --api 19 --framed, each scenario on a fresh stock-yaml
node."""
import os
import struct
import sys

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, srange, key_range, column, cosc, super_column,
                 counter_column, counter_super_column, mutation, ins, index_expr, index_clause,
                 long_, int32, timeuuid, lexuuid, EQ, GT, GTE, LT, LTE, ONE, QUORUM, ALL, ANY,
                 TWO, THREE, LOCAL_QUORUM, EACH_QUORUM)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, LOCAL_ONE, cfd, cfd_later, ksd, setup, coldef, cfid, md5_token,  # noqa: E402
                 dele, cadd, unknown, sins, many, connect)
from kit import cql2 as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zc_")


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


def raw_coldef(name, validation, fields):
    """A ColumnDef with fields past the release's (a later IDL's index_options)."""
    f = {1: b(name), 2: b(validation)}
    f.update(fields)
    return W.struct(f)


# --------------------------------------------------------------------------- Ruby gem
@sc("01_ruby_gem", "basic", "zc_rb")
def ruby_gem():
    """A Rails app on Ruby's `cassandra` gem 0.12: the client sets its keyspace, reads the
    schema (describe_keyspace), inserts hashes of columns (always a batch_mutate), gets a row
    with :count/:start/:reversed, one column (get, a missing one answering NotFound the gem
    turned into nil), multi_get (multiget_slice), count_columns and multi_count_columns,
    exists? (a get_slice of one column), get_range with :key_count and :batch_size paging by
    the last key, remove of a column, of several columns and of the row, and its
    clear_keyspace! (a truncate per column family)."""
    ks = "zc_rb"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type"),
                       cfd(ks, "Statuses", comparator_type="LongType")])
    steps.append(v19.describe_keyspace(ks))
    users = ["jack", "jill", "bob", "ann", "cyd", "dan"]
    for i, u in enumerate(users):
        steps.append(v19.batch_mutate({u: {"Users": [
            ins("screen_name", u, 10 + i), ins("email", "%s@example.com" % u, 10 + i),
            ins("created_at", "2011-0%d-01" % (i + 1), 10 + i)]}}))
    steps += [
        v19.batch_mutate({"jack": {"Statuses": [ins(long_(100 + i), "tweet %d" % i, 20)
                                                for i in range(8)]}}),
        v19.get_slice("jack", cparent("Users"), pred(start="", count=100)),
        v19.get_slice("jack", cparent("Statuses"), pred(start="", count=3, reversed=True)),
        v19.get_slice("jack", cparent("Statuses"), pred(start=long_(104), count=2)),
        v19.get("jack", cpath("Users", col="email")),
        v19.get("jack", cpath("Users", col="phone")),
        v19.get("nobody", cpath("Users", col="email")),
        v19.multiget_slice(["jack", "jill", "nobody"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_count("jack", cparent("Users"), pred(start="", count=100)),
        v19.get_count("jack", cparent("Statuses"), pred(start="", count=5)),
        v19.multiget_count(["jack", "jill", "nobody"], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_slice("bob", cparent("Users"), pred(start="", count=1)),
        v19.get_slice("nobody", cparent("Users"), pred(start="", count=1)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=3)),
    ]
    order = by_token(users)
    steps += [
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key=order[2], end_key="", count=3)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key=order[4], end_key="", count=3)),
        v19.remove("jill", cpath("Users", col="email"), 30),
        v19.batch_mutate({"bob": {"Users": [dele(["email", "created_at"], 30)]}}),
        v19.remove("cyd", cpath("Users"), 30),
        v19.multiget_slice(["jill", "bob", "cyd"], cparent("Users"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.truncate("Users"),
        v19.truncate("Statuses"),
        v19.get_range_slices(cparent("Users"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Pelops
@sc("02_pelops", "basic", "zc_pl")
def pelops():
    """Pelops 1.1: its pool checks the keyspace at start (describe_keyspace, of a missing one
    first), its Mutator writes columns and sub-columns (writeColumns, writeSubColumns) and
    deletes columns (deleteColumns), its RowDeletor removes rows at its consistency level,
    its Selector reads columns of rows (getColumnsFromRows), a page of a row's columns
    (getPageOfColumnsFromRow: the start column dropped from the next page), super columns
    (getSuperColumnsFromRow), sub-columns (getSubColumnsFromRow), a column count and a
    column it expects (getColumnFromRow answering NotFound)."""
    ks = "zc_pl"
    steps = [v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Articles", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type"),
                        cfd(ks, "Comments", column_type="Super", comparator_type="LongType",
                            subcomparator_type="UTF8Type")])
    steps.append(v19.describe_keyspace(ks))
    cols = [ins("c%02d" % i, "v%d" % i, 10) for i in range(25)]
    steps += [
        v19.batch_mutate({"a1": {"Articles": cols}, "a2": {"Articles": cols[:5]}}, QUORUM),
        v19.batch_mutate({"a1": {"Comments": [sins(long_(i), [("author", "u%d" % i),
                                                              ("body", "text %d" % i)], 10)
                                              for i in range(4)]}}),
        v19.multiget_slice(["a1", "a2", "a3"], cparent("Articles"), pred(names=["c00", "c03"])),
        v19.get_slice("a1", cparent("Articles"), pred(start="", count=10)),
        v19.get_slice("a1", cparent("Articles"), pred(start="c09", count=11)),
        v19.get_slice("a1", cparent("Articles"), pred(start="c19", count=11)),
        v19.get_slice("a1", cparent("Comments"), pred(start="", count=100)),
        v19.get_slice("a1", cparent("Comments", sc=long_(2)), pred(start="", count=100)),
        v19.get_slice("a1", cparent("Comments", sc=long_(9)), pred(start="", count=100)),
        v19.get("a1", cpath("Comments", sc=long_(1), col="author")),
        v19.get("a1", cpath("Comments", sc=long_(1))),
        v19.get("a1", cpath("Articles", col="zz")),
        v19.get_count("a1", cparent("Articles"), pred(start="", count=1000)),
        v19.get_count("a1", cparent("Comments"), pred(start="", count=1000)),
        v19.get_count("a1", cparent("Comments", sc=long_(3)), pred(start="", count=1000)),
        v19.batch_mutate({"a1": {"Articles": [dele(["c00", "c01", "c02"], 20)]}}),
        v19.batch_mutate({"a1": {"Comments": [dele(["body"], 20, sc_=long_(0))]}}),
        v19.batch_mutate({"a1": {"Comments": [dele(None, 20, sc_=long_(1))]}}),
        v19.get_slice("a1", cparent("Comments"), pred(start="", count=100)),
        v19.remove("a2", cpath("Articles"), 20, QUORUM),
        v19.remove("a2", cpath("Articles"), 20, ALL),
        v19.remove("a2", cpath("Articles"), 20, ANY),
        v19.get_slice("a2", cparent("Articles"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector templates
@sc("03_hector_templates", "basic", "zc_ht")
def hector_templates():
    """Hector's templates: ColumnFamilyTemplate.update (a Mutator's batch), queryColumns of
    named columns and of a slice, isColumnsExist, deleteColumn and deleteRow;
    HSuperColumnTemplate over a super family (querySuperColumns, a super column's sub-columns,
    deleteSuperColumn); an IndexedSlicesQuery with an EQ and a GTE expression and a
    CountQuery; MultigetSliceCounterQuery over counter rows (0.8 on)."""
    ks = "zc_ht"
    meta = [coldef("state", "UTF8Type", True, "users_state"), coldef("birth", "LongType"),
            coldef("name", "UTF8Type")]
    cfs = [kit.hector_cf(ks, "Users", comparator_type="UTF8Type", column_metadata=meta),
           kit.hector_cf(ks, "Addresses", column_type="Super", comparator_type="UTF8Type",
                         subcomparator_type="UTF8Type")]
    if V08:
        cfs.append(kit.hector_cf(ks, "Hits", comparator_type="UTF8Type",
                                 default_validation_class="CounterColumnType"))
    steps = setup(ks, cfs)
    people = [("p1", "CA", 1970), ("p2", "NY", 1980), ("p3", "CA", 1990), ("p4", "CA", 1960),
              ("p5", "TX", 1975)]
    steps.append(v19.batch_mutate({k: {"Users": [ins("state", s, 10), ins("birth", long_(y), 10),
                                                 ins("name", k.upper(), 10)]}
                                   for k, s, y in people}))
    steps += [
        v19.get_slice("p1", cparent("Users"), pred(names=["state", "birth"])),
        v19.get_slice("p1", cparent("Users"), pred(start="", count=100)),
        v19.get_count("p1", cparent("Users"), pred(start="", count=2147483647)),
        v19.get_count("p9", cparent("Users"), pred(start="", count=2147483647)),
        v19.batch_mutate({"p1": {"Users": [dele(["name"], 20)]}}),
        v19.batch_mutate({"p5": {"Users": [dele(None, 20)]}}),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")],
                                                             count=100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Users"),
                               index_clause([index_expr("state", EQ, "CA"),
                                             index_expr("birth", GTE, long_(1970))], count=100),
                               pred(names=["name", "birth"])),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "TX")],
                                                             count=100),
                               pred(start="", count=100)),
        v19.batch_mutate({"home": {"Addresses": [sins("p1", [("city", "LA"), ("zip", "90001")],
                                                      10),
                                                 sins("p2", [("city", "NYC"), ("zip", "10001")],
                                                      10)]}}),
        v19.get_slice("home", cparent("Addresses"), pred(names=["p1", "p2", "p3"])),
        v19.get_slice("home", cparent("Addresses", sc="p2"), pred(start="", count=100)),
        v19.batch_mutate({"home": {"Addresses": [dele(None, 20, sc_="p1")]}}),
        v19.get_slice("home", cparent("Addresses"), pred(start="", count=100)),
    ]
    if V08:
        steps += [
            v19.batch_mutate({"page/a": {"Hits": [cadd("2011-01", 5), cadd("2011-02", 3)]},
                              "page/b": {"Hits": [cadd("2011-01", 1)]}}),
            v19.batch_mutate({"page/a": {"Hits": [cadd("2011-01", -2)]}}),
            v19.multiget_slice(["page/a", "page/b", "page/c"], cparent("Hits"),
                               pred(start="", count=100)),
            v19.multiget_slice(["page/a", "page/b"], cparent("Hits"), pred(names=["2011-01"])),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- Astyanax
@sc("04_astyanax_allrows", "range", "zc_ax")
def astyanax_allrows():
    """Astyanax 1.0's token-aware pool and recipes: describe_ring at start, AllRowsReader
    over the ring's range (get_range_slices by start and end token, the next page from the
    last key's token), RowCopier (a row read whole, written into another column family by
    one batch_mutate) and a token range with an end token below its start (the wrap)."""
    ks = "zc_ax"
    steps = connect()
    steps += setup(ks, [cfd(ks, "Src", comparator_type="UTF8Type"),
                        cfd(ks, "Dst", comparator_type="UTF8Type")])
    steps.append(v19.describe_ring(ks))
    keys = many("row", 10)
    steps.append(v19.batch_mutate({k: {"Src": [ins("a", k, 10), ins("b", "x", 10)]}
                                   for k in keys}))
    order = by_token(keys)
    toks = [md5_token(k) for k in order]
    steps += [
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token="0", end_token="0", count=4)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token=toks[3], end_token="0", count=4)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token=toks[6], end_token="0", count=4)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token=toks[9], end_token="0", count=4)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token=toks[7], end_token=toks[2], count=100)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token=toks[2], end_token=toks[7], count=100)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=0),
                             key_range(start_token=toks[0], end_token=toks[5], count=100)),
        v19.get_slice(order[0], cparent("Src"), pred(start="", count=2147483647)),
        v19.batch_mutate({order[0]: {"Dst": [ins("a", order[0], 10), ins("b", "x", 10)]}}),
        v19.get_slice(order[0], cparent("Dst"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Dst"), pred(start="", count=100),
                             key_range(start_token="0", end_token="0", count=100)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token="0", end_token="abc", count=100)),
        v19.get_range_slices(cparent("Src"), pred(start="", count=100),
                             key_range(start_token="0", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Kundera
@sc("05_kundera_entities", "index", "zc_kd")
def kundera_entities():
    """Kundera 2.x mapping JPA entities: its schema manager (create mode) adds the keyspace
    and then each entity's column family with column metadata per attribute and an index on
    each @Index'ed one, persist() as batch_mutate, an @Embedded collection stored as super
    columns of a second family, find() by id, a JPQL `where` on an indexed attribute as
    get_indexed_slices, one on an attribute it did not index, merge() rewriting one column,
    and remove() deleting the rows."""
    ks = "zc_kd"
    steps = [v19.system_add_keyspace(ksd(ks, [])), v19.set_keyspace(ks)]
    meta = [coldef("PERSON_NAME", "UTF8Type", True), coldef("AGE", "IntegerType", True),
            coldef("CITY", "UTF8Type")]
    steps += [
        v19.system_add_column_family(cfd(ks, "PERSON", comparator_type="UTF8Type",
                                         default_validation_class="BytesType",
                                         column_metadata=meta)),
        v19.system_add_column_family(cfd(ks, "PERSON_ADDRESSES", column_type="Super",
                                         comparator_type="UTF8Type",
                                         subcomparator_type="UTF8Type")),
        v19.describe_keyspace(ks),
    ]
    people = [("1", "alice", 30, "Paris"), ("2", "bob", 25, "Rome"), ("3", "carol", 30, "Oslo")]
    for pid, n, a, c in people:
        steps.append(v19.batch_mutate({pid: {"PERSON": [
            ins("PERSON_NAME", n, 10), ins("AGE", bytes([a]), 10), ins("CITY", c, 10)]}}))
    steps += [
        v19.batch_mutate({"1": {"PERSON_ADDRESSES": [
            sins("home", [("street", "1 rue"), ("zip", "75001")], 10),
            sins("work", [("street", "2 av"), ("zip", "75002")], 10)]}}),
        v19.get_slice("1", cparent("PERSON"), pred(start="", count=2147483647)),
        v19.get_slice("1", cparent("PERSON_ADDRESSES"), pred(start="", count=2147483647)),
        v19.get_slice("9", cparent("PERSON"), pred(start="", count=2147483647)),
        v19.get_indexed_slices(cparent("PERSON"),
                               index_clause([index_expr("AGE", EQ, bytes([30]))], count=100),
                               pred(start="", count=2147483647)),
        v19.get_indexed_slices(cparent("PERSON"),
                               index_clause([index_expr("PERSON_NAME", EQ, "bob"),
                                             index_expr("AGE", GT, bytes([20]))], count=100),
                               pred(start="", count=2147483647)),
        v19.get_indexed_slices(cparent("PERSON"),
                               index_clause([index_expr("CITY", EQ, "Rome")], count=100),
                               pred(start="", count=2147483647)),
        v19.get_indexed_slices(cparent("PERSON"),
                               index_clause([index_expr("AGE", GT, bytes([20]))], count=100),
                               pred(start="", count=2147483647)),
        v19.batch_mutate({"2": {"PERSON": [ins("CITY", "Milan", 20)]}}),
        v19.get("2", cpath("PERSON", col="CITY")),
        v19.remove("1", cpath("PERSON"), 30),
        v19.remove("1", cpath("PERSON_ADDRESSES"), 30),
        v19.get_indexed_slices(cparent("PERSON"),
                               index_clause([index_expr("AGE", EQ, bytes([30]))], count=100),
                               pred(start="", count=2147483647)),
        v19.system_add_column_family(cfd(ks, "PERSON", comparator_type="UTF8Type")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Solandra
@sc("06_solandra_terms", "super", "zc_so")
def solandra_terms():
    """A Solandra-style index: a TermVectors super family keyed by `index/field/term`, one
    super column per document id (LongType) holding its positions and frequency, a Docs
    family of stored fields; a query reads each term's documents (get_slice of super columns
    from an id), the terms of a query at once (multiget_slice), a document's fields, a
    re-index deleting a document's super column from each term row, and a term row's size."""
    ks = "zc_so"
    steps = setup(ks, [cfd(ks, "TermVectors", column_type="Super", comparator_type="LongType",
                           subcomparator_type="BytesType"),
                       cfd(ks, "Docs", comparator_type="UTF8Type")])
    terms = {"idx/body/apache": [1, 2, 5], "idx/body/cassandra": [1, 3, 5, 7],
             "idx/title/db": [2, 7]}
    mm = {}
    for t, docs in terms.items():
        mm[t] = {"TermVectors": [sins(long_(d), [("freq", int32(d % 3 + 1)),
                                                 ("pos", int32(d * 4))], 10) for d in docs]}
    for d in [1, 2, 3, 5, 7]:
        mm["idx/%d" % d] = {"Docs": [ins("title", "doc %d" % d, 10), ins("body", "b" * d, 10)]}
    steps += [
        v19.batch_mutate(mm),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors"),
                      pred(start=long_(0), count=2)),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors"),
                      pred(start=long_(4), count=2)),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors"),
                      pred(start="", count=1, reversed=True)),
        v19.multiget_slice(["idx/body/apache", "idx/title/db", "idx/body/none"],
                           cparent("TermVectors"), pred(start="", count=1000)),
        v19.multiget_slice(["idx/body/apache", "idx/body/cassandra"], cparent("TermVectors"),
                           pred(names=[long_(5)])),
        v19.multiget_slice(["idx/1", "idx/5", "idx/9"], cparent("Docs"),
                           pred(names=["title"])),
        v19.batch_mutate({t: {"TermVectors": [dele(None, 20, sc_=long_(5))]}
                          for t in ["idx/body/apache", "idx/body/cassandra"]}),
        v19.get_count("idx/body/cassandra", cparent("TermVectors"), pred(start="", count=1000)),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors", sc=long_(3)),
                      pred(names=["freq"])),
        v19.batch_mutate({"idx/body/cassandra": {"TermVectors": [
            dele(["pos"], 20, sc_=long_(3))]}}),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors"),
                      pred(start=long_(3), finish=long_(3))),
        v19.get_slice("idx/body/cassandra", cparent("TermVectors"),
                      pred(start=int32(3), count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- FluentCassandra
@sc("07_fluent_typed", "types", "zc_fl")
def fluent_typed():
    """A C# app on FluentCassandra: typed column families (TimeUUIDType for a blog's posts,
    LexicalUUIDType for its tags, IntegerType for votes, AsciiType for settings), its
    dynamic CassandraColumnFamily writes and reads, and the values of the wrong type its
    loosely typed code sent (a 12-byte UUID, a non-ASCII byte in an AsciiType name)."""
    ks = "zc_fl"
    steps = connect()
    steps += setup(ks, [cfd(ks, "Posts", comparator_type="TimeUUIDType",
                            default_validation_class="UTF8Type"),
                        cfd(ks, "Tags", comparator_type="LexicalUUIDType"),
                        cfd(ks, "Votes", comparator_type="IntegerType"),
                        cfd(ks, "Settings", comparator_type="AsciiType")])
    steps += [
        v19.batch_mutate({"blog1": {"Posts": [ins(timeuuid(i), "post %d" % i, 10)
                                              for i in range(6)]},
                          "blog1/tags": {"Tags": [ins(lexuuid(i), "tag%d" % i, 10)
                                                  for i in (3, 1, 2)]},
                          "poll": {"Votes": [ins(b"\x00\x80", "128", 10), ins(b"\x7f", "127", 10),
                                             ins(b"\xff", "-1", 10), ins(b"\x01\x00", "256", 10)]},
                          "site": {"Settings": [ins("theme", "dark", 10),
                                                ins("lang", "en", 10)]}}),
        v19.get_slice("blog1", cparent("Posts"), pred(start="", count=3, reversed=True)),
        v19.get_slice("blog1", cparent("Posts"), pred(start=timeuuid(2), finish=timeuuid(4))),
        v19.get_slice("blog1/tags", cparent("Tags"), pred(start="", count=10)),
        v19.get_slice("poll", cparent("Votes"), pred(start="", count=10)),
        v19.get_slice("poll", cparent("Votes"), pred(start=b"\x00", finish=b"\x00\xc8")),
        v19.get_slice("site", cparent("Settings"), pred(start="", count=10)),
        v19.insert("blog1", cparent("Posts"), column(b"\x01" * 12, "bad", 11)),
        v19.insert("blog1/tags", cparent("Tags"), column(b"\x02" * 15, "bad", 11)),
        v19.insert("site", cparent("Settings"), column(b"th\xe8me", "x", 11)),
        v19.get_slice("blog1", cparent("Posts"), pred(start=b"\x01\x02", count=3)),
        v19.get("blog1", cpath("Posts", col=lexuuid(1))),
        v19.remove("blog1", cpath("Posts", col=timeuuid(0)), 20),
        v19.get_count("blog1", cparent("Posts"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- helenus
@sc("08_node_helenus", "cql", "zc_nh")
def node_helenus():
    """A Node.js app on helenus: Thrift for the schema (its Keyspace.createColumnFamily with
    helenus' defaults), ColumnFamily.insert/get with start/end/reversed/limit, and, from 0.8,
    its CQL 2 (`?` bound client-side): USE, UPDATE, SELECT with FIRST and REVERSED and a
    column range, SELECT COUNT(*), DELETE, a statement the node refuses and TRUNCATE."""
    ks = "zc_nh"
    steps = [v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Feed", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type",
                            key_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"u1": {"Feed": [ins("e%02d" % i, "event %d" % i, 10)
                                          for i in range(12)]}}),
        v19.get_slice("u1", cparent("Feed"), pred(start="e03", finish="e06")),
        v19.get_slice("u1", cparent("Feed"), pred(start="e06", finish="e03", reversed=True,
                                                   count=2)),
        v19.get_slice("u1", cparent("Feed"), pred(start="e03", finish="e06", reversed=True)),
    ]
    if V08:
        steps += [
            cql("USE zc_nh"),
            cql("UPDATE Feed USING TIMESTAMP 1000 SET 'e20' = 'event 20', 'e21' = 'event 21' "
                "WHERE KEY = 'u2'"),
            cql("SELECT FIRST 3 REVERSED 'e99'..'' FROM Feed WHERE KEY = 'u1'"),
            cql("SELECT 'e00', 'e11', 'e50' FROM Feed WHERE KEY = 'u1'"),
            cql("SELECT * FROM Feed WHERE KEY IN ('u1', 'u2', 'u3')"),
            cql("SELECT COUNT(*) FROM Feed WHERE KEY = 'u1'"),
            cql("DELETE 'e00', 'e01' FROM Feed WHERE KEY = 'u1'"),
            cql("SELECT FIRST 2 * FROM Feed WHERE KEY = 'u1'"),
            cql("SELECT * FROM Feed WHERE KEY = 'u1' AND 'e05' = 'x'"),
            cql("SELECT * FROM Missing WHERE KEY = 'u1'"),
            cql("UPDATE Feed SET 'e30' = 'x' WHERE KEY = 'u3' AND 'e1' = 'y'"),
            cql("TRUNCATE Feed"),
            cql("SELECT * FROM Feed WHERE KEY = 'u2'"),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- counters in super columns
@sc("09_counter_supers", "counter", "zc_cs", when=V08)
def counter_supers():
    """An analytics app keeping counters in super columns (one super column per day, one
    counter per page): add to sub-counters, batch_mutate of CounterSuperColumns, reads of a
    day, of the days, of one counter, multiget of days, counts, remove_counter of a counter
    and of a whole day, and the mistakes: a plain column into the counter family, a counter
    add without a super column, a counter into a standard family."""
    ks = "zc_cs"
    steps = setup(ks, [cfd(ks, "Daily", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Plain", comparator_type="UTF8Type")])
    steps += [
        v19.add("site", cparent("Daily", sc="2012-01-01"), counter_column("/home", 3)),
        v19.add("site", cparent("Daily", sc="2012-01-01"), counter_column("/home", 2)),
        v19.add("site", cparent("Daily", sc="2012-01-02"), counter_column("/about", 1)),
        v19.batch_mutate({"site": {"Daily": [mutation(cosc(counter_super_column=counter_super_column(
            "2012-01-03", [counter_column("/home", 7), counter_column("/faq", 1)])))]}}),
        v19.get_slice("site", cparent("Daily", sc="2012-01-01"), pred(start="", count=100)),
        v19.get_slice("site", cparent("Daily"), pred(start="", count=100)),
        v19.get("site", cpath("Daily", sc="2012-01-03", col="/home")),
        v19.get("site", cpath("Daily", sc="2012-01-03")),
        v19.multiget_slice(["site", "other"], cparent("Daily"), pred(names=["2012-01-01"])),
        v19.get_count("site", cparent("Daily"), pred(start="", count=100)),
        v19.get_count("site", cparent("Daily", sc="2012-01-03"), pred(start="", count=100)),
        v19.remove_counter("site", cpath("Daily", sc="2012-01-03", col="/faq")),
        v19.get_slice("site", cparent("Daily", sc="2012-01-03"), pred(start="", count=100)),
        v19.remove_counter("site", cpath("Daily", sc="2012-01-02")),
        v19.get_slice("site", cparent("Daily"), pred(start="", count=100)),
        v19.insert("site", cparent("Daily", sc="2012-01-04"), column("/home", "1", 10)),
        v19.add("site", cparent("Daily"), counter_column("/home", 1)),
        v19.add("site", cparent("Plain"), counter_column("/home", 1)),
        v19.batch_mutate({"site": {"Daily": [mutation(cosc(counter_column=counter_column(
            "/home", 1)))]}}),
        v19.remove("site", cpath("Daily", sc="2012-01-01"), 20),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- phpcassa 1.0 index clauses
@sc("10_phpcassa_indexes", "index", "zc_pi")
def phpcassa_indexes():
    """phpcassa 1.0's get_indexed_slices through its IndexClause helpers: an EQ on the
    indexed column with LT/GT/LTE on others, paged by start_key with a buffer of rows, an
    expression list with no EQ, with an EQ on an unindexed column only, a clause of count 0,
    a start_key that is not a row, and an index added by system_update_column_family
    (ColumnFamily metadata re-read by describe_keyspace)."""
    ks = "zc_pi"
    meta = [coldef("type", "AsciiType", True, "items_type"), coldef("price", "LongType"),
            coldef("stock", "LongType")]
    steps = setup(ks, [cfd(ks, "Items", comparator_type="AsciiType", column_metadata=meta)])
    rows = {}
    for i in range(9):
        rows["item%d" % i] = {"Items": [ins("type", "book" if i % 3 else "cd", 10),
                                        ins("price", long_(10 * i), 10),
                                        ins("stock", long_(i % 4), 10)]}
    steps.append(v19.batch_mutate(rows))
    books = by_token(["item%d" % i for i in range(9) if i % 3])
    steps += [
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "book"),
                                             index_expr("price", LT, long_(60))], count=3),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "book")],
                                            start_key=books[2], count=3),
                               pred(names=["price"])),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "book"),
                                             index_expr("stock", LTE, long_(1)),
                                             index_expr("price", GT, long_(10))], count=100),
                               pred(names=["price", "stock"])),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("price", GT, long_(10))], count=100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("stock", EQ, long_(1))], count=100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "cd")], count=0),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "cd")],
                                            start_key="zzz", count=100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"), index_clause([], count=100),
                               pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "dvd")], count=100),
                               pred(start="", count=100)),
        v19.system_update_column_family(cfd(
            ks, "Items", id=cfid(0), comparator_type="AsciiType",
            column_metadata=meta[:2] + [coldef("stock", "LongType", True, "items_stock")])),
        v19.describe_keyspace(ks),
        v19.get_indexed_slices(cparent("Items"),
                               index_clause([index_expr("type", EQ, "dvd"),
                                             index_expr("stock", EQ, long_(1))], count=100),
                               pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- TTL cache
@sc("11_ttl_cache", "ttl", "zc_tc")
def ttl_cache():
    """A memcached-style cache: set (an insert with a TTL), get, replace (a newer write with
    another TTL, and one without), touch by rewriting, delete, multi-get, set of an item in
    a batch with items of several TTLs, TTLs on sub-columns of a super family, and the TTLs
    it got wrong (0, negative, a TTL on a deletion's column)."""
    ks = "zc_tc"
    steps = setup(ks, [cfd(ks, "Cache", comparator_type="BytesType"),
                       cfd(ks, "Sessions", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.insert("k1", cparent("Cache"), column("v", "one", 10, 3600)),
        v19.insert("k2", cparent("Cache"), column("v", "two", 10, 60)),
        v19.get("k1", cpath("Cache", col="v")),
        v19.insert("k1", cparent("Cache"), column("v", "uno", 11, 86400)),
        v19.get("k1", cpath("Cache", col="v")),
        v19.insert("k2", cparent("Cache"), column("v", "dos", 11)),
        v19.get("k2", cpath("Cache", col="v")),
        v19.insert("k2", cparent("Cache"), column("v", "old", 9, 60)),
        v19.get("k2", cpath("Cache", col="v")),
        v19.batch_mutate({"k3": {"Cache": [ins("v", "three", 10, 10), ins("flags", "0", 10)]},
                          "k4": {"Cache": [ins("v", "four", 10, 2592000)]}}),
        v19.multiget_slice(["k1", "k2", "k3", "k4", "k5"], cparent("Cache"), pred(names=["v"])),
        v19.remove("k3", cpath("Cache"), 20),
        v19.get_slice("k3", cparent("Cache"), pred(start="", count=10)),
        v19.batch_mutate({"s1": {"Sessions": [mutation(cosc(super_column=super_column(
            "sess-a", [column("user", "ann", 10, 1800), column("ip", "10.0.0.1", 10)])))]}}),
        v19.get_slice("s1", cparent("Sessions", sc="sess-a"), pred(start="", count=10)),
        v19.insert("k5", cparent("Cache"), column("v", "x", 12, 0)),
        v19.insert("k5", cparent("Cache"), column("v", "x", 12, -1)),
        v19.batch_mutate({"k5": {"Cache": [ins("v", "x", 12, 0)]}}),
        v19.batch_mutate({"k5": {"Cache": [ins("v", "x", 12, -60)]}}),
        v19.get_slice("k5", cparent("Cache"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- truncate/drop cycles
@sc("12_truncate_recreate", "schema", "zc_tr")
def truncate_recreate():
    """A test suite's setUp/tearDown cycles: truncate of a written family, of an empty one, of
    a missing one; drop and re-add of a column family of the same name with another comparator
    (the old data gone); re-add while it still exists; drop of a missing family; a keyspace
    dropped and added again under its name; set_keyspace to the dropped one."""
    ks = "zc_tr"
    steps = setup(ks, [cfd(ks, "Things", comparator_type="UTF8Type"),
                       cfd(ks, "Empty", comparator_type="UTF8Type")])
    steps += [
        v19.insert("t1", cparent("Things"), column("a", "1", 10)),
        v19.truncate("Things"),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.truncate("Empty"),
        v19.truncate("Nothing"),
        v19.insert("t1", cparent("Things"), column("b", "2", 11)),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.system_drop_column_family("Things"),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Things", comparator_type="LongType")),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.insert("t1", cparent("Things"), column(long_(1), "1", 12)),
        v19.insert("t1", cparent("Things"), column("b", "2", 12)),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Things", comparator_type="LongType")),
        v19.system_drop_column_family("Nothing"),
        v19.system_drop_keyspace(ks),
        v19.set_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Things", comparator_type="AsciiType")])),
        v19.set_keyspace(ks),
        v19.get_slice("t1", cparent("Things"), pred(start="", count=10)),
        v19.insert("t1", cparent("Things"), column("c", "3", 13)),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- counter CLs
@sc("13_counter_levels", "counter", "zc_cl", when=V08)
def counter_levels():
    """A page-view counter service trying each consistency level on a one-node cluster: add
    and batch_mutate of counters at ONE, QUORUM, ALL, ANY, TWO and LOCAL_QUORUM, reads at
    ONE, ALL, ANY and THREE, remove_counter at ANY and QUORUM, on a family with
    replicate_on_write false too."""
    ks = "zc_cl"
    steps = setup(ks, [cfd(ks, "Views", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "NoRepl", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType",
                           replicate_on_write=False)])
    steps += [
        v19.add("p", cparent("Views"), counter_column("n", 1), ONE),
        v19.add("p", cparent("Views"), counter_column("n", 1), QUORUM),
        v19.add("p", cparent("Views"), counter_column("n", 1), ALL),
        v19.add("p", cparent("Views"), counter_column("n", 1), ANY),
        v19.add("p", cparent("Views"), counter_column("n", 1), TWO),
        v19.add("p", cparent("Views"), counter_column("n", 1), LOCAL_QUORUM),
        v19.batch_mutate({"p": {"Views": [cadd("m", 2)]}}, ANY),
        v19.batch_mutate({"p": {"Views": [cadd("m", 2)]}}, QUORUM),
        v19.get("p", cpath("Views", col="n"), ONE),
        v19.get("p", cpath("Views", col="n"), ALL),
        v19.get("p", cpath("Views", col="n"), ANY),
        v19.get("p", cpath("Views", col="n"), THREE),
        v19.get_slice("p", cparent("Views"), pred(start="", count=10), QUORUM),
        v19.add("q", cparent("NoRepl"), counter_column("n", 5), ONE),
        v19.add("q", cparent("NoRepl"), counter_column("n", 5), QUORUM),
        v19.add("q", cparent("NoRepl"), counter_column("n", 5), ALL),
        v19.get_slice("q", cparent("NoRepl"), pred(start="", count=10)),
        v19.remove_counter("p", cpath("Views", col="m"), ANY),
        v19.remove_counter("p", cpath("Views", col="m"), QUORUM),
        v19.get_slice("p", cparent("Views"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- DynamicComposite
@sc("14_dynamic_composite", "types", "zc_dc", when=V08)
def dynamic_composite():
    """Hector 0.8/1.0's DynamicComposite names: a family whose comparator is
    DynamicCompositeType with aliases, names of mixed components (alias byte and type),
    slices between two composites, a CompositeType family of (UTF8, Long) for an ordered
    index, and names its components do not fit."""
    ks = "zc_dc"
    dct = "DynamicCompositeType(a=>AsciiType,l=>LongType,u=>UTF8Type)"
    steps = setup(ks, [cfd(ks, "Dyn", comparator_type=dct),
                       cfd(ks, "Ordered", comparator_type="CompositeType(UTF8Type,LongType)")])

    def dyn(*parts):
        out = b""
        for alias, v in parts:
            v = long_(v) if isinstance(v, int) else v.encode()
            out += struct.pack(">H", 0x8000 | ord(alias)) + struct.pack(">H", len(v)) + v + b"\x00"
        return out

    names = [dyn(("a", "x"), ("l", 1)), dyn(("a", "x"), ("l", 2)), dyn(("a", "y"), ("l", 1)),
             dyn(("l", 5)), dyn(("u", "\u00e9t\u00e9"))]
    steps += [
        v19.batch_mutate({"r": {"Dyn": [ins(n, "v%d" % i, 10) for i, n in enumerate(names)]},
                          "o": {"Ordered": [ins(kit.comp("b", 2), "1", 10),
                                            ins(kit.comp("a", 9), "2", 10),
                                            ins(kit.comp("b", 1), "3", 10),
                                            ins(kit.comp("a", 10), "4", 10)]}}),
        v19.get_slice("r", cparent("Dyn"), pred(start="", count=100)),
        v19.get_slice("r", cparent("Dyn"), pred(start=dyn(("a", "x")), finish=dyn(("a", "x"),
                                                                                   ("l", 9)))),
        v19.get_slice("o", cparent("Ordered"), pred(start="", count=100)),
        v19.get_slice("o", cparent("Ordered"), pred(start=kit.comp("b"),
                                                     finish=kit.comp("b", eoc=1))),
        v19.get_slice("o", cparent("Ordered"), pred(start=kit.comp("a", 9),
                                                     finish=kit.comp("b", 1))),
        v19.insert("o", cparent("Ordered"), column(kit.comp("a", "xyz"), "bad", 11)),
        v19.insert("o", cparent("Ordered"), column(b"\x00\x01a", "bad", 11)),
        v19.insert("r", cparent("Dyn"), column(b"\x80\x7a\x00\x01x\x00", "bad", 11)),
        v19.insert("r", cparent("Dyn"), column(b"\x80a\x00\x02x", "bad", 11)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- operator tuning
@sc("15_operator_tuning", "schema", "zc_op")
def operator_tuning():
    """An operator tuning column families the way cassandra-cli's `update column family` did
    (each a system_update_column_family carrying the whole definition back): caches, gc
    grace, compaction thresholds, read repair chance, a comment; and the values it got wrong
    (thresholds reversed, min of 1, a read repair chance above 1, a negative gc grace, a
    comparator change, a column_type change); each read back by describe_keyspace."""
    ks = "zc_op"
    steps = setup(ks, [cfd(ks, "Events", comparator_type="UTF8Type")])
    base = dict(id=cfid(0), comparator_type="UTF8Type")

    def upd(**kw):
        f = dict(base)
        f.update(kw)
        return v19.system_update_column_family(cfd(ks, "Events", **f))

    steps += [
        upd(gc_grace_seconds=3600, comment="tuned"),
        upd(min_compaction_threshold=2, max_compaction_threshold=16),
        upd(read_repair_chance=0.1),
        upd(key_cache_size=1000.0, row_cache_size=100.0) if not V11 else
        upd(caching="all"),
        v19.describe_keyspace(ks),
        upd(min_compaction_threshold=20, max_compaction_threshold=10),
        upd(min_compaction_threshold=1),
        upd(read_repair_chance=1.5),
        upd(read_repair_chance=-0.5),
        upd(gc_grace_seconds=-1),
        upd(comparator_type="BytesType"),
        upd(column_type="Super"),
        upd(default_validation_class="LongType"),
        v19.insert("e", cparent("Events"), column("n", "abc", 10)),
        upd(default_validation_class="BytesType"),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Events", comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Events", id=cfid(7),
                                            comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Other", id=cfid(0),
                                            comparator_type="UTF8Type")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 app (0.8+)
@sc("16_cql2_blog", "cql", "zc_cb", when=V08)
def cql2_blog():
    """A blog on the cql driver's CQL 2 (0.8 on): CREATE KEYSPACE with its strategy options,
    CREATE COLUMNFAMILY with a typed key and column types, CREATE INDEX, INSERT (0.8's UPDATE
    form too), SELECT by key, by index with a second condition, with a key range, COUNT,
    DELETE of columns and a row, DROP INDEX (1.0 on), and DROP COLUMNFAMILY."""
    steps = [
        cql("CREATE KEYSPACE zc_cb WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1"),
        cql("USE zc_cb"),
        cql("CREATE COLUMNFAMILY posts (KEY varchar PRIMARY KEY, title varchar, author varchar, "
            "views bigint) WITH comparator = ascii AND default_validation = varchar"),
        cql("CREATE INDEX posts_author ON posts (author)"),
        cql("INSERT INTO posts (KEY, title, author, views) VALUES ('p1', 'Hello', 'ann', 10) "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO posts (KEY, title, author, views) VALUES ('p2', 'Again', 'ann', 3) "
            "USING TIMESTAMP 1000"),
        cql("UPDATE posts USING TIMESTAMP 1000 SET title = 'Third', author = 'bob', views = 7 "
            "WHERE KEY = 'p3'"),
        cql("SELECT title, views FROM posts WHERE KEY = 'p1'"),
        cql("SELECT * FROM posts WHERE author = 'ann'"),
        cql("SELECT title FROM posts WHERE author = 'ann' AND views > 5"),
        cql("SELECT COUNT(*) FROM posts WHERE KEY = 'p1'"),
        cql("SELECT title FROM posts WHERE views = 7"),
        cql("INSERT INTO posts (KEY, views) VALUES ('p4', 'many')"),
        cql("DELETE views FROM posts USING TIMESTAMP 2000 WHERE KEY = 'p1'"),
        cql("SELECT title, views FROM posts WHERE KEY = 'p1'"),
        cql("DELETE FROM posts USING TIMESTAMP 2000 WHERE KEY = 'p2'"),
        cql("SELECT * FROM posts WHERE author = 'ann'"),
    ]
    if V10:
        steps += [cql("DROP INDEX posts_author"),
                  cql("SELECT * FROM posts WHERE author = 'bob'")]
    steps += [
        cql("DROP COLUMNFAMILY posts"),
        cql("SELECT * FROM posts WHERE KEY = 'p1'"),
        cql("DROP KEYSPACE zc_cb"),
    ]
    return steps


# --------------------------------------------------------------------------- event log (IntegerType, Bytes keys)
@sc("17_audit_log", "basic", "zc_al")
def audit_log():
    """An audit log keyed by day with LongType timestamps as names: appends at QUORUM, a
    page of the latest entries, a window, a multiget of days with a slice, get_range_slices
    of a row-count 1 over the days, entries removed by a Deletion per name, and a pager's
    mistakes (a start after the finish, a count of 0 and a negative count)."""
    ks = "zc_al"
    steps = setup(ks, [cfd(ks, "Log", comparator_type="LongType",
                           default_validation_class="UTF8Type")])
    days = ["2012-03-0%d" % d for d in range(1, 5)]
    steps.append(v19.batch_mutate({d: {"Log": [ins(long_(1000 * j + i), "%s evt %d" % (d, i), 10)
                                               for i in range(6)]}
                                   for j, d in enumerate(days)}, QUORUM))
    steps += [
        v19.get_slice(days[0], cparent("Log"), pred(start="", count=2, reversed=True), QUORUM),
        v19.get_slice(days[1], cparent("Log"), pred(start=long_(1002), finish=long_(1004))),
        v19.multiget_slice(days + ["2012-04-01"], cparent("Log"), pred(start="", count=1,
                                                                        reversed=True)),
        v19.get_range_slices(cparent("Log"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=1)),
        v19.batch_mutate({days[2]: {"Log": [dele([long_(2000), long_(2001)], 20)]}}),
        v19.get_slice(days[2], cparent("Log"), pred(start="", count=3)),
        v19.get_slice(days[0], cparent("Log"), pred(start=long_(5), finish=long_(1))),
        v19.get_slice(days[0], cparent("Log"), pred(start=long_(5), finish=long_(1),
                                                     reversed=True)),
        v19.get_slice(days[0], cparent("Log"), pred(start="", count=0)),
        v19.get_slice(days[0], cparent("Log"), pred(start="", count=-1)),
        v19.get_slice(days[0], cparent("Log"), pred(names=[])),
        v19.get_slice(days[0], cparent("Log"), pred(names=["x"])),
        v19.get_count(days[0], cparent("Log"), pred(start="", count=-1)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL 1.1
@sc("18_later_idl_11", "later-idl", "zc_l1", when=not V11)
def later_idl_11():
    """A client built against 1.1's IDL (pycassa 1.7 / Hector 1.1) on an older node: its CfDef
    carries 1.1's fields (key_validation_class, caching, compaction_strategy, bloom filter,
    compression options), its ColumnDef index_options, its KeyRange a row_filter; it calls
    get_paged_slice and describe_splits_ex, which the release did not have."""
    ks = "zc_l1"
    steps = [v19.system_add_keyspace(ksd(ks, [])), v19.set_keyspace(ks)]
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "Users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            caching="keys_only", bloom_filter_fp_chance=0.01,
            compaction_strategy="org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy",
            compression_options={"sstable_compression": ""})),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd(
            ks, "Idx", comparator_type="UTF8Type",
            column_metadata=[raw_coldef("email", "UTF8Type", {3: W.i32(0), 4: b("idx_email"),
                                                                5: kit.strmap({})})])),
        v19.describe_keyspace(ks),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("name", EQ, "ann")])),
        v19.get_paged_slice("Users", key_range(start_key="", end_key="", count=10), ""),
        unknown("describe_splits_ex", {1: b("Users"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL 1.2
@sc("19_later_idl_12", "later-idl", "zc_l2")
def later_idl_12():
    """A client generated from 1.2's IDL (19.36) talking to the release: connect-time
    describe_version and set_cql_version, a KsDef with durable_writes, a CfDef with 1.2's
    fields (dclocal_read_repair_chance, default_time_to_live, speculative_retry), a read at
    LOCAL_ONE, atomic_batch_mutate, execute_cql3_query, and trace_next_query.  (A write at
    a level the release did not declare is left out: its refusal quotes the whole request,
    its absolute timestamp too.)"""
    ks = "zc_l2"
    kd = ksd(ks, [])
    if V07:
        kd = W.struct({1: b(ks), 2: b(SS), 4: W.i32(1), 5: W.list_("struct", []),
                       3: kit.strmap({"replication_factor": "1"}), 6: W.boolean(True)})
    steps = [kit.describe_version(), unknown("set_cql_version", {1: b("3.0.0")}),
             v19.system_add_keyspace(kd), v19.set_keyspace(ks)]
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "Msgs", comparator_type="UTF8Type", dclocal_read_repair_chance=0.1,
            default_time_to_live=0, speculative_retry="NONE")),
        v19.describe_keyspace(ks),
        v19.insert("m1", cparent("Msgs"), column("body", "hi", 10)),
        v19.get("m1", cpath("Msgs", col="body"), LOCAL_ONE),
        v19.atomic_batch_mutate({"m2": {"Msgs": [ins("body", "yo", 10)]}}),
        v19.execute_cql3_query("SELECT * FROM Msgs"),
        unknown("trace_next_query"),
        v19.get_slice("m1", cparent("Msgs"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- key validators
@sc("20_typed_keys", "types", "zc_tk", when=V08)
def typed_keys():
    """An app of 0.8's key_validation_class: LongType user ids and TimeUUIDType event keys,
    written and read by key, multiget of keys, a range scan (keys in token order), and the
    keys of the wrong type its callers sent (a 4-byte id, a string id) at each call."""
    ks = "zc_tk"
    steps = setup(ks, [cfd(ks, "ById", comparator_type="UTF8Type",
                           key_validation_class="LongType"),
                       cfd(ks, "Events", comparator_type="UTF8Type",
                           key_validation_class="TimeUUIDType")])
    steps += [
        v19.batch_mutate({long_(i): {"ById": [ins("name", "user%d" % i, 10)]} for i in range(4)}),
        v19.insert(timeuuid(1), cparent("Events"), column("what", "login", 10)),
        v19.get(long_(2), cpath("ById", col="name")),
        v19.multiget_slice([long_(1), long_(3), long_(9)], cparent("ById"),
                           pred(start="", count=10)),
        v19.get_range_slices(cparent("ById"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice(timeuuid(1), cparent("Events"), pred(start="", count=10)),
        v19.insert(int32(5), cparent("ById"), column("name", "x", 10)),
        v19.insert("five", cparent("ById"), column("name", "x", 10)),
        v19.get(int32(5), cpath("ById", col="name")),
        v19.get_slice("five", cparent("ById"), pred(start="", count=10)),
        v19.multiget_slice([long_(1), "one"], cparent("ById"), pred(start="", count=10)),
        v19.remove(int32(5), cpath("ById"), 20),
        v19.batch_mutate({b"\x01\x02": {"Events": [ins("what", "x", 10)]}}),
        v19.get_range_slices(cparent("ById"), pred(start="", count=10),
                             key_range(start_key=int32(1), end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- job queue
@sc("21_job_queue", "basic", "zc_jq")
def job_queue():
    """A job queue (one row per queue, TimeUUIDType names in arrival order): enqueue by insert,
    a worker peeking at the head (get_slice count 1), claiming it (a batch of a delete and an
    insert into a Claimed row), the queue length (get_count), a drain of several entries by
    one Deletion of names, a deletion by SliceRange its author tried, and a remove carrying an
    older timestamp than the entry (the entry stays)."""
    ks = "zc_jq"
    steps = setup(ks, [cfd(ks, "Queues", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    for i in range(6):
        steps.append(v19.insert("mail", cparent("Queues"), column(timeuuid(i), "job %d" % i,
                                                                  10 + i)))
    steps += [
        v19.get_slice("mail", cparent("Queues"), pred(start="", count=1)),
        v19.batch_mutate({"mail": {"Queues": [dele([timeuuid(0)], 30)]},
                          "mail/claimed": {"Queues": [ins(timeuuid(0), "worker-1", 30)]}},
                         QUORUM),
        v19.get_slice("mail", cparent("Queues"), pred(start="", count=1)),
        v19.get_count("mail", cparent("Queues"), pred(start="", count=1000)),
        v19.batch_mutate({"mail": {"Queues": [dele([timeuuid(1), timeuuid(2)], 31)]}}),
        v19.batch_mutate({"mail": {"Queues": [dele(None, 32, rng=srange(timeuuid(3),
                                                                         timeuuid(4)))]}}),
        v19.remove("mail", cpath("Queues", col=timeuuid(5)), 5),
        v19.get_slice("mail", cparent("Queues"), pred(start="", count=10)),
        v19.get_slice("mail/claimed", cparent("Queues"), pred(start="", count=10)),
        v19.remove("mail", cpath("Queues", col=b"\x00\x01"), 40),
        v19.get_count("mail", cparent("Queues"), pred(start="", count=1000)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- geohash places
@sc("22_geohash_places", "range", "zc_gh")
def geohash_places():
    """A places app keyed by geohash cell: places written per cell, the nine cells around a
    point read by multiget_slice, a cell's places by name, and the range scan its author
    wrote for a prefix (start_key and end_key under RandomPartitioner: keys in token order,
    and the refusal when the end key's token sorts first)."""
    ks = "zc_gh"
    steps = setup(ks, [cfd(ks, "Cells", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    cells = ["u09t%s" % c for c in "0123456789"]
    steps.append(v19.batch_mutate({c: {"Cells": [ins("place-%s-%d" % (c[-1], j), "p", 10)
                                                 for j in range(3)]} for c in cells}))
    order = by_token(cells)
    steps += [
        v19.multiget_slice(cells[:9], cparent("Cells"), pred(start="", count=2)),
        v19.get_slice("u09t4", cparent("Cells"), pred(names=["place-4-1", "place-9-9"])),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key=order[1], end_key=order[6], count=100)),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key=order[6], end_key=order[1], count=100)),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key=order[3], end_key=order[3], count=100)),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key="u09t0", end_key="u09t9~", count=100)),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key=order[2], end_key="", count=0)),
        v19.get_range_slices(cparent("Cells"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=-1)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mail in super columns
@sc("23_mail_threads", "super", "zc_ml")
def mail_threads():
    """A mail app keeping a user's inbox in a super family (one super column per thread,
    TimeUUID-free LongType thread ids, a sub-column per message): threads counted per user
    (multiget_count of the rows, get_count of a thread), a range scan of inboxes with a
    predicate of thread ids and one with a thread's parent (its sub-columns across rows),
    newest messages first, a message deleted from a thread by a batch, and the paths it got
    wrong (a standard path into the super family, a sub-column path without its super
    column, a super column on the standard family)."""
    ks = "zc_ml"
    steps = setup(ks, [cfd(ks, "Inbox", column_type="Super", comparator_type="LongType",
                           subcomparator_type="UTF8Type"),
                       cfd(ks, "Users", comparator_type="UTF8Type")])
    mm = {}
    for u, threads in (("ann", 3), ("bob", 2), ("cyd", 1)):
        mm[u] = {"Inbox": [sins(long_(t), [("m%d" % j, "msg %d.%d" % (t, j))
                                           for j in range(t + 1)], 10) for t in range(threads)],
                 "Users": [ins("name", u, 10)]}
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.multiget_count(["ann", "bob", "cyd", "dan"], cparent("Inbox"),
                           pred(start="", count=100)),
        v19.multiget_count(["ann", "bob"], cparent("Inbox", sc=long_(1)),
                           pred(start="", count=100)),
        v19.get_range_slices(cparent("Inbox"), pred(names=[long_(0), long_(2)]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Inbox", sc=long_(1)), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("ann", cparent("Inbox", sc=long_(2)), pred(start="", count=2,
                                                                  reversed=True)),
        v19.batch_mutate({"ann": {"Inbox": [dele(["m0"], 20, sc_=long_(2))]}}),
        v19.get_slice("ann", cparent("Inbox", sc=long_(2)), pred(start="", count=10)),
        v19.get("ann", cpath("Inbox", col=long_(1))),
        v19.get("ann", cpath("Inbox", sc=long_(1), col="m1")),
        v19.get_slice("ann", cparent("Users", sc="x"), pred(start="", count=10)),
        v19.insert("ann", cparent("Inbox"), column(long_(9), "x", 11)),
        v19.insert("ann", cparent("Users", sc="x"), column("a", "x", 11)),
        v19.remove("ann", cpath("Users", sc="x"), 20),
        v19.get_indexed_slices(cparent("Inbox"), index_clause([index_expr("m0", EQ, "x")]),
                               pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Bad", column_type="Super",
                                         comparator_type="UTF8Type",
                                         column_metadata=[coldef("a", "UTF8Type", True)])),
        v19.remove("bob", cpath("Inbox", sc=long_(0)), 20),
        v19.get_range_slices(cparent("Inbox"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- counter deletions
@sc("24_counter_resets", "counter", "zc_cr", when=V08)
def counter_resets():
    """A rate limiter resetting its counters: counters added by batch, deleted by a batch's
    Deletion (with and without a timestamp, of names and of the whole row), re-added after
    the delete, counted (get_count, multiget_count), scanned by range, and a KEYS index it
    tried on a counter column."""
    ks = "zc_cr"
    steps = setup(ks, [cfd(ks, "Limits", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    steps += [
        v19.batch_mutate({"ip1": {"Limits": [cadd("min", 3), cadd("hour", 30)]},
                          "ip2": {"Limits": [cadd("min", 1)]}}),
        v19.batch_mutate({"ip1": {"Limits": [dele(["min"], 20)]}}),
        v19.batch_mutate({"ip2": {"Limits": [mutation(deletion_=dsl.deletion(
            None, predicate=pred(names=["min"])))]}}),
        v19.batch_mutate({"ip1": {"Limits": [dele(None, 20)]}}),
        v19.multiget_slice(["ip1", "ip2"], cparent("Limits"), pred(start="", count=10)),
        v19.get_count("ip1", cparent("Limits"), pred(start="", count=10)),
        v19.multiget_count(["ip1", "ip2", "ip3"], cparent("Limits"), pred(start="", count=10)),
        v19.batch_mutate({"ip3": {"Limits": [cadd("min", 7)]}}),
        v19.get_range_slices(cparent("Limits"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"ip3": {"Limits": [cadd("min", 1), dele(["hour"], 20)]}}),
        v19.get_slice("ip3", cparent("Limits"), pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Idx", comparator_type="UTF8Type",
                                         default_validation_class="CounterColumnType",
                                         column_metadata=[coldef("n", "CounterColumnType",
                                                                 True)])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- big keys and names
@sc("25_size_limits", "invalid", "zc_sz")
def size_limits():
    """A file store hitting the size limits: a key of 64K-1 bytes and one of 64K, column
    names of 64K-1 and 64K bytes (insert, batch and as a slice bound), a super column name of
    64K, a 1 MB value, and a multiget naming the same key twice."""
    ks = "zc_sz"
    steps = setup(ks, [cfd(ks, "Blobs", comparator_type="BytesType"),
                       cfd(ks, "Sup", column_type="Super", comparator_type="BytesType")])
    big = 65535
    steps += [
        v19.insert(b"k" * big, cparent("Blobs"), column("a", "v", 10)),
        v19.insert(b"k" * (big + 1), cparent("Blobs"), column("a", "v", 10)),
        v19.get(b"k" * (big + 1), cpath("Blobs", col="a")),
        v19.insert("r", cparent("Blobs"), column(b"n" * big, "v", 10)),
        v19.insert("r", cparent("Blobs"), column(b"n" * (big + 1), "v", 10)),
        v19.batch_mutate({"r": {"Blobs": [ins(b"m" * (big + 1), "v", 10)]}}),
        v19.get_slice("r", cparent("Blobs"), pred(start=b"n" * (big + 1), count=1)),
        v19.insert("r", cparent("Sup", sc=b"s" * (big + 1)), column("a", "v", 10)),
        v19.insert("r", cparent("Blobs"), column("file", b"\x00" * (1 << 20), 10)),
        v19.get_count("r", cparent("Blobs"), pred(start="", count=10)),
        v19.multiget_slice(["r", "r"], cparent("Blobs"), pred(names=["a"])),
        v19.multiget_count(["r", "r"], cparent("Blobs"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cache settings
@sc("26_cache_settings", "schema", "zc_ca")
def cache_settings():
    """An operator setting caches at creation the way its release's CfDef allowed (0.7 to
    1.0: row and key cache sizes as counts and as fractions, save periods, the row cache
    provider; 1.1: `caching`), read back by describe_keyspace, and the values refused (a
    negative size, an unknown provider, an unknown caching word)."""
    ks = "zc_ca"
    steps = setup(ks, [])
    if not V11:
        steps += [
            v19.system_add_column_family(cfd(ks, "A", row_cache_size=1000.0,
                                             key_cache_size=0.5,
                                             row_cache_save_period_in_seconds=600,
                                             key_cache_save_period_in_seconds=3600)),
            v19.system_add_column_family(cfd(ks, "B", row_cache_size=0.25,
                                             key_cache_size=0.0)),
            v19.system_add_column_family(cfd(ks, "C", key_cache_size=-1.0)),
            v19.system_add_column_family(cfd(
                ks, "D", row_cache_provider="org.apache.cassandra.cache.SerializingCacheProvider")),
            v19.system_add_column_family(cfd(ks, "E", row_cache_provider="NoSuchProvider")),
        ]
    else:
        steps += [
            v19.system_add_column_family(cfd(ks, "A", caching="rows_only",
                                             row_cache_save_period_in_seconds=600)),
            v19.system_add_column_family(cfd(ks, "B", caching="none")),
            v19.system_add_column_family(cfd(ks, "C", caching="sometimes")),
            v19.system_add_column_family(cfd(ks, "D", caching="ALL")),
            v19.system_add_column_family(cfd(ks, "E", key_cache_size=100.0,
                                             row_cache_size=10.0)),
        ]
    steps += [v19.describe_keyspace(ks), v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 reports
@sc("27_cql2_reports", "cql", "zc_rp", when=V08)
def cql2_reports():
    """A reporting tool on CQL 2 (0.8 on) over a Thrift-made family: SELECTs with a column
    range and FIRST, LIMIT over all rows, a KEY range, KEY IN, USING CONSISTENCY, COUNT of a
    range, SELECT KEY with columns, an index query without the index (refused), and UPDATE
    and DELETE of several keys at once."""
    ks = "zc_rp"
    steps = setup(ks, [cfd(ks, "Sales", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           key_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({"r%d" % i: {"Sales": [ins("q%d" % q, str(i * q), 10)
                                                         for q in range(1, 5)]}
                                   for i in range(5)}))
    steps += [
        cql("SELECT FIRST 2 'q2'..'q4' FROM Sales WHERE KEY = 'r1'"),
        cql("SELECT FIRST 1 * FROM Sales LIMIT 2"),
        cql("SELECT 'q1' FROM Sales WHERE KEY IN ('r1', 'r3', 'r9')"),
        cql("SELECT 'q1' FROM Sales USING CONSISTENCY QUORUM WHERE KEY = 'r2'"),
        cql("SELECT 'q1' FROM Sales USING CONSISTENCY ANY WHERE KEY = 'r2'"),
        cql("SELECT COUNT(*) FROM Sales WHERE KEY = 'r2' AND 'q3' > 'x'"),
        cql("SELECT KEY, 'q4' FROM Sales WHERE KEY = 'r4'"),
        cql("SELECT * FROM Sales WHERE 'q1' = '1'"),
        cql("SELECT 'q1' FROM Sales WHERE KEY > 'r1' LIMIT 10"),
        cql("UPDATE Sales USING TIMESTAMP 1000 SET 'q9' = 'x' WHERE KEY IN ('r1', 'r2')"),
        cql("SELECT 'q9' FROM Sales WHERE KEY IN ('r1', 'r2')"),
        cql("DELETE 'q9' FROM Sales USING TIMESTAMP 2000 WHERE KEY IN ('r1', 'r2')"),
        cql("SELECT 'q9' FROM Sales WHERE KEY IN ('r1', 'r2')"),
        cql("SELECT FIRST 0 * FROM Sales WHERE KEY = 'r1'"),
        cql("SELECT * FROM Sales WHERE KEY = 'r1' LIMIT 0"),
        cql("SELECT 'q4'..'q1' FROM Sales WHERE KEY = 'r1'"),
        cql("SELECT REVERSED 'q4'..'q1' FROM Sales WHERE KEY = 'r1'"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- typed values
@sc("28_typed_values", "types", "zc_tv")
def typed_values():
    """A PHP app on thrift-generated bindings packing numbers itself: LongType and
    IntegerType names and values (column_metadata validators) of the wrong length, a
    validated sub-column of a super family, and batches of several rows with a bad value in
    one (the whole batch refused)."""
    ks = "zc_tv"
    meta = [coldef("age", "LongType"), coldef("score", "IntegerType"),
            coldef("mail", "AsciiType")]
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type", column_metadata=meta),
                       cfd(ks, "Nums", comparator_type="LongType"),
                       cfd(ks, "Prof", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", column_metadata=meta)])
    steps += [
        v19.insert("u1", cparent("Users"), column("age", long_(30), 10)),
        v19.insert("u1", cparent("Users"), column("age", "30", 10)),
        v19.insert("u1", cparent("Users"), column("age", "", 10)),
        v19.insert("u1", cparent("Users"), column("score", b"\x00\x00\x00\x00\x07", 10)),
        v19.insert("u1", cparent("Users"), column("score", "", 10)),
        v19.insert("u1", cparent("Users"), column("mail", b"caf\xc3\xa9", 10)),
        v19.insert("n", cparent("Nums"), column("123", "x", 10)),
        v19.insert("n", cparent("Nums"), column(int32(7), "x", 10)),
        v19.get_slice("n", cparent("Nums"), pred(start="1", count=10)),
        v19.get_slice("n", cparent("Nums"), pred(names=[long_(1), "2"])),
        v19.insert("p", cparent("Prof", sc="s1"), column("age", "old", 10)),
        v19.insert("p", cparent("Prof", sc="s1"), column("age", long_(5), 10)),
        v19.batch_mutate({"a": {"Users": [ins("age", long_(1), 10)]},
                          "b": {"Users": [ins("age", "x", 10)]},
                          "c": {"Users": [ins("age", long_(3), 10)]}}),
        v19.multiget_slice(["a", "b", "c", "u1"], cparent("Users"), pred(start="", count=10)),
        v19.get_slice("p", cparent("Prof"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- long slice bounds
@sc("29_long_bounds", "invalid", "zc_lb")
def long_bounds():
    """A pager that carried a whole blob as its next start: slices whose start or finish is
    longer than 65535 bytes over a range of rows (get_range_slices), an index query's
    rows (get_indexed_slices), counts of several rows (multiget_count), a super column
    family's super columns, and a super column name that long as the parent."""
    ks = "zc_lb"
    big = b"s" * 65536
    steps = setup(ks, [cfd(ks, "Std", comparator_type="BytesType",
                           column_metadata=[coldef("st", "BytesType", True)]),
                       cfd(ks, "Sup", column_type="Super", comparator_type="BytesType",
                           subcomparator_type="BytesType")])
    steps += [
        v19.batch_mutate({"r%d" % i: {"Std": [ins("st", "x", 10), ins("b", "v", 10)],
                                      "Sup": [sins("sc", [("a", "v")], 10)]}
                          for i in range(3)}),
        v19.get_range_slices(cparent("Std"), pred(start=big, count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_indexed_slices(cparent("Std"), index_clause([index_expr("st", EQ, "x")]),
                               pred(start=big, count=10)),
        v19.multiget_count(["r0", "r1"], cparent("Std"), pred(start=big, count=10)),
        v19.get_slice("r0", cparent("Std"), pred(start="", finish=big, count=10,
                                                  reversed=True)),
        v19.get_slice("r0", cparent("Sup", sc=big), pred(start="", count=10)),
        v19.get_count("r0", cparent("Sup", sc="sc"), pred(start=big, count=10)),
        v19.get_range_slices(cparent("Sup"), pred(start=big, count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps
