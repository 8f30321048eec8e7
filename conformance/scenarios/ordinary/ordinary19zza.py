"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zza):
  * a tuning script editing one family's options field by field (each release's memtable,
    cache, compaction, compression and bloom filter fields) and reading describe_keyspace
    after each edit, with the values the release refused
  * Pelops' typed Selector and Mutator (names predicates, sub-column selectors, column
    counts, writeSubColumns, deleteSubColumns, RowDeletor)
  * Kundera 2.0 entities over a family of typed column metadata (0.8 on: key validation,
    an int written into a LongType column, a query by a KEYS index)
  * Lucandra's term rows (a super column per document, multigets of terms, document
    frequencies as multiget_count, a document removed from every term in one batch)
  * a Twissandra timeline on pycassa (users, follows in two families, tweets fanned out to
    followers' LongType timelines, pages of count+1 newest first)
  * get_count and multiget_count in every shape (ranges, reversed, names, counts of zero,
    super columns and their sub-columns, duplicate, empty and missing keys)
  * super column reads by names (of super columns and of sub-columns inside one, missing,
    repeated and unsorted names)
  * Deletion.predicate in each form a release took or refused
  * batch_mutate over several families and keys, and its mistakes (a super column into a
    standard family, empty maps and lists, an unknown family among known ones)
  * column_metadata validators (LongType, UTF8Type, IntegerType, UUIDType from 0.8) given
    values of the wrong shape, and default_validation_class
  * key_validation_class (0.8 on) given keys of the wrong shape in every call that takes one
  * TimeUUIDType names: version 1, version 4, short and empty
  * AsciiType names of non-ASCII bytes, UTF8Type names of valid and invalid sequences
  * a keyspace script of replication_factor and strategy_options per release
  * consistency levels of reads and writes on a one-node cluster (ANY reads refused)
  * CQL 2 (0.8 on): counters by UPDATE, DELETE of columns, CREATE INDEX, ranges of names,
    COUNT(*), USING TTL / TIMESTAMP, and the syntax errors of a first week
  * Astyanax 0.x's auto-paginating row queries (1.0 on)
  * a Tomcat session manager's expiring attributes (TTLs written, read back, touched)
  * a schema tool's family, index and keyspace names got wrong
  * CQL 2 past the plain forms (int names, KEY IN writes, quoted names, bad USING clauses)
  * validators changed under stored data (second: its updates carry the second family's id)
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps, CQL writes an absolute `USING TIMESTAMP`. Recorded with capture.py --api 19
--framed on a fresh stock-yaml node of each release (`00_tuning_describe` runs first: its
updates carry the id the fresh node gave the first family made)."""
import os
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, ins,
                 index_expr, index_clause, long_, int32, timeuuid, uuid_, EQ, ONE,
                 QUORUM, ALL, ANY, TWO, THREE, LOCAL_QUORUM, EACH_QUORUM, srange, deletion,
                 mutation, super_column, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, ONTS, cfd, ksd, setup, coldef, dele, sins)  # noqa: E402
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zza_")

# a counter's timestamp in a CQL 2 row is the server's clock at the increment
CTS = "0/2/*/2/*/3"
BLOB = "blob" if V10 else "bytea"
UTF = dict(comparator_type="UTF8Type", default_validation_class="UTF8Type")


def varint(n):
    ln = 1
    while not -(1 << (8 * ln - 1)) <= n < (1 << (8 * ln - 1)):
        ln += 1
    return n.to_bytes(ln, "big", signed=True)


def v4(n):
    """A version-4 UUID (random-looking, fixed)."""
    return uuid_("%08x-1234-4abc-8def-0123456789ab" % n)


def raw_ks(name, strategy, cfs=(), rf=None, options=None):
    """A KsDef as the script wrote it, fields sent or not whatever the release required."""
    f = {1: b(name), 2: b(strategy), 5: W.list_("struct", list(cfs))}
    if rf is not None:
        f[4] = W.i32(rf)
    if options is not None:
        f[3] = kit.strmap(options)
    return W.struct(f)


# --------------------------------------------------------------------------- tuning
@sc("00_tuning_describe", "schema", "zza_tu")
def tuning_describe():
    """A tuning script editing one family field by field, each edit a
    system_update_column_family carrying the id and the edited field, then describe_keyspace:
    the comment, read_repair_chance, min and max compaction thresholds, gc_grace, the cache
    sizes and save periods (to 1.0), the memtable settings (0.7 and 0.8; sent by 1.1's
    deprecated fields too), replicate_on_write and merge_shards_chance (0.8 and 1.0),
    the compaction strategy, compression and bloom filter chance (1.0 on), caching and
    dclocal_read_repair_chance (1.1); then the values refused: a read_repair_chance of 1.5,
    a minimum threshold above the maximum, a compaction strategy that is no class."""
    ks = "zza_tu"
    steps = setup(ks, [cfd(ks, "Metrics", **UTF)])

    def edit(**kw):
        return [v19.system_update_column_family(cfd(ks, "Metrics", id=kit.cfid(0), **UTF,
                                                    **kw)),
                v19.describe_keyspace(ks)]
    steps += edit(comment="hourly rollups")
    steps += edit(read_repair_chance=0.25)
    steps += edit(min_compaction_threshold=2, max_compaction_threshold=8)
    steps += edit(gc_grace_seconds=7200)
    if not V11:
        steps += edit(key_cache_size=5000.0, row_cache_size=200.0,
                      key_cache_save_period_in_seconds=600,
                      row_cache_save_period_in_seconds=300)
    if not V10 or V11:
        steps += edit(memtable_flush_after_mins=30, memtable_throughput_in_mb=16,
                      memtable_operations_in_millions=0.1)
    if V08 and not V11:
        steps += edit(replicate_on_write=False, merge_shards_chance=0.05)
    if V10:
        steps += edit(compaction_strategy="LeveledCompactionStrategy",
                      compaction_strategy_options={"sstable_size_in_mb": "10"})
        steps += edit(compression_options={"sstable_compression": "SnappyCompressor",
                                           "chunk_length_kb": "64"})
        steps += edit(bloom_filter_fp_chance=0.1)
    if V11:
        steps += edit(caching="all", dclocal_read_repair_chance=0.1)
        steps += edit(caching="sometimes")
    steps += edit(read_repair_chance=1.5)
    steps += edit(min_compaction_threshold=16, max_compaction_threshold=4)
    if V10:
        steps += edit(compaction_strategy="NoSuchStrategy")
    steps += [v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- validator changes
@sc("00b_validator_changes", "schema", "zza_vc")
def validator_changes():
    """A schema script changing validators under stored data: a family of UTF8 values
    holding rows, its default_validation_class moved to LongType (the stored text kept),
    a text write now refused, a long accepted, a column's metadata added as UTF8Type over
    the LongType default, then the column's validator moved to IntegerType; the family's
    definition and data read back after each step. It runs second: its updates carry the id
    a fresh node gave the second family made."""
    ks = "zza_vc"
    steps = setup(ks, [cfd(ks, "Stats", **UTF)])
    steps += [
        v19.insert("s", cparent("Stats"), column("views", "twelve", 10)),
        v19.insert("s", cparent("Stats"), column("title", "Home", 10)),
        v19.system_update_column_family(cfd(ks, "Stats", id=kit.cfid(1),
                                            comparator_type="UTF8Type",
                                            default_validation_class="LongType")),
        v19.describe_keyspace(ks),
        v19.get_slice("s", cparent("Stats"), pred(start="", count=10)),
        v19.insert("s", cparent("Stats"), column("views", "thirteen", 11)),
        v19.insert("s", cparent("Stats"), column("views", long_(13), 11)),
        v19.system_update_column_family(cfd(ks, "Stats", id=kit.cfid(1),
                                            comparator_type="UTF8Type",
                                            default_validation_class="LongType",
                                            column_metadata=[coldef("title", "UTF8Type")])),
        v19.insert("s", cparent("Stats"), column("title", "About", 12)),
        v19.system_update_column_family(cfd(ks, "Stats", id=kit.cfid(1),
                                            comparator_type="UTF8Type",
                                            default_validation_class="LongType",
                                            column_metadata=[coldef("title", "IntegerType")])),
        v19.describe_keyspace(ks),
        v19.insert("s", cparent("Stats"), column("title", "Contact", 13)),
        v19.insert("s", cparent("Stats"), column("title", varint(300), 13)),
        v19.get_slice("s", cparent("Stats"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Pelops
@sc("01_pelops_selectors", "basic", "zza_pe")
def pelops_selectors():
    """Pelops' typed Selector and Mutator on a standard family of UTF8 names and a super
    family of UTF8 sub-columns: writeColumns of Bytes.fromLong/fromInt/fromUTF8 values,
    getColumnsFromRow by a names predicate (a name missing), getColumnFromRow of a name
    missing (NotFound), getColumnCount, writeSubColumns of two super columns,
    getSubColumnsFromRow by names, getSuperColumnsFromRow by names, getColumnsFromRows of
    keys with a repeat, deleteSubColumns (a Deletion of names in a super column),
    deleteColumns, and RowDeletor.deleteRow of both families."""
    ks = "zza_pe"
    steps = setup(ks, [cfd(ks, "Account", comparator_type="UTF8Type"),
                       cfd(ks, "Prefs", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"alice": {"Account": [ins("balance", long_(1200), 10),
                                                ins("age", int32(31), 10),
                                                ins("name", "Alice", 10)]},
                          "bob": {"Account": [ins("balance", long_(-5), 10),
                                              ins("name", "Bob", 10)]}}),
        v19.get_slice("alice", cparent("Account"), pred(names=["name", "balance", "email"])),
        v19.get("alice", cpath("Account", col="email")),
        v19.get_count("alice", cparent("Account"), pred(start="", count=1000)),
        v19.batch_mutate({"alice": {"Prefs": [sins("mail", [("digest", "daily"),
                                                            ("format", "html")], 11),
                                              sins("ui", [("theme", "dark"),
                                                          ("lang", "en")], 11)]}}),
        v19.get_slice("alice", cparent("Prefs", sc="ui"), pred(names=["lang", "tz"])),
        v19.get_slice("alice", cparent("Prefs"), pred(names=["ui", "sms"])),
        v19.multiget_slice(["alice", "bob", "alice"], cparent("Account"),
                           pred(names=["name"])),
        v19.batch_mutate({"alice": {"Prefs": [dele(["format"], 12, sc_="mail")]}}),
        v19.get_slice("alice", cparent("Prefs"), pred(start="", count=100)),
        v19.batch_mutate({"bob": {"Account": [dele(["balance"], 12)]}}),
        v19.get_slice("bob", cparent("Account"), pred(start="", count=100)),
        v19.remove("alice", cpath("Account"), 13),
        v19.remove("alice", cpath("Prefs"), 13),
        v19.multiget_slice(["alice", "bob"], cparent("Account"), pred(start="", count=100)),
        v19.get_slice("alice", cparent("Prefs"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Kundera
@sc("02_kundera_entities", "validation", "zza_ku", when=V08)
def kundera_entities():
    """Kundera 2.0 persisting a Person entity: a family with key_validation_class
    UTF8Type, column metadata PERSON_NAME UTF8Type, AGE LongType (indexed), SALARY
    IntegerType; persist as batch_mutate, find as get_slice of all columns, findAll by ids
    as multiget_slice, a JPQL query on AGE as get_indexed_slices, a merge writing AGE as a
    Java int (four bytes: refused), remove as a row remove, and find of the removed id."""
    ks = "zza_ku"
    meta = [coldef("PERSON_NAME", "UTF8Type"), coldef("AGE", "LongType", True, "age_idx"),
            coldef("SALARY", "IntegerType")]
    steps = setup(ks, [cfd(ks, "PERSON", comparator_type="UTF8Type",
                           key_validation_class="UTF8Type", default_validation_class="BytesType",
                           column_metadata=meta)])
    people = [("p1", "Ann", 32, 5000), ("p2", "Ben", 41, 70000), ("p3", "Cid", 32, -3)]
    for k, n, a, s in people:
        steps.append(v19.batch_mutate({k: {"PERSON": [ins("PERSON_NAME", n, 10),
                                                      ins("AGE", long_(a), 10),
                                                      ins("SALARY", varint(s), 10)]}}))
    steps += [
        v19.get_slice("p2", cparent("PERSON"), pred(start="", count=100)),
        v19.multiget_slice(["p1", "p3", "p9"], cparent("PERSON"), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("AGE", EQ,
                                                                           long_(32))]),
                               pred(names=["PERSON_NAME"])),
        v19.batch_mutate({"p1": {"PERSON": [ins("AGE", int32(33), 11)]}}),
        v19.batch_mutate({"p1": {"PERSON": [ins("AGE", long_(33), 11),
                                            ins("SALARY", b"", 11)]}}),
        v19.get_slice("p1", cparent("PERSON"), pred(start="", count=100)),
        v19.remove("p3", cpath("PERSON"), 12),
        v19.get_slice("p3", cparent("PERSON"), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("PERSON"), index_clause([index_expr("AGE", EQ,
                                                                           long_(32))]),
                               pred(names=["PERSON_NAME"])),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Lucandra
@sc("03_lucandra_terms", "super", "zza_lu")
def lucandra_terms():
    """Lucandra's index: a term row per index/field/term (key parts joined by 0xff), a
    super column per document id with `p` (positions) and `n` (norm) sub-columns; a
    document row family. A search as a multiget_slice of terms, a phrase check as a
    get_slice of one term by the document ids, one document's positions, document
    frequencies as multiget_count (a term missing, a term repeated), and a document
    deleted from every term row in one batch (Deletion of the super column)."""
    ks = "zza_lu"
    steps = setup(ks, [cfd(ks, "TermInfo", column_type="Super", comparator_type="BytesType",
                           subcomparator_type="BytesType"),
                       cfd(ks, "Documents", comparator_type="UTF8Type")])

    def term(t):
        return b"books\xfftitle\xff" + t.encode()
    docs = {"d01": ["cassandra", "guide"], "d02": ["cassandra", "thrift"],
            "d03": ["thrift", "guide", "cassandra"]}
    mm = {}
    for d, words in sorted(docs.items()):
        mm[d] = {"Documents": [ins("title", " ".join(words), 10)]}
        for i, w in enumerate(words):
            mm.setdefault(term(w), {"TermInfo": []})["TermInfo"].append(
                sins(d, [("p", int32(i)), ("n", b"\x01")], 10))
    steps.append(v19.batch_mutate(mm))
    steps += [
        v19.multiget_slice([term("cassandra"), term("thrift")], cparent("TermInfo"),
                           pred(start="", count=100)),
        v19.get_slice(term("cassandra"), cparent("TermInfo"), pred(names=["d03", "d02"])),
        v19.get_slice(term("guide"), cparent("TermInfo", sc="d03"), pred(names=["p"])),
        v19.multiget_count([term("cassandra"), term("guide"), term("missing"),
                            term("guide")], cparent("TermInfo"), pred(start="", count=1000)),
        v19.batch_mutate({term(w): {"TermInfo": [dele(None, 11, sc_="d03")]}
                          for w in docs["d03"]}),
        v19.batch_mutate({"d03": {"Documents": [dele(None, 11)]}}),
        v19.multiget_count([term("cassandra"), term("guide"), term("thrift")],
                           cparent("TermInfo"), pred(start="", count=1000)),
        v19.get_slice(term("guide"), cparent("TermInfo"), pred(start="", count=100)),
        v19.multiget_slice(["d01", "d03"], cparent("Documents"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Twissandra
@sc("04_twissandra_timeline", "timeline", "zza_tw")
def twissandra_timeline():
    """Twissandra on pycassa: users, Following and Followers rows written in one batch per
    follow, tweets written to Tweets, the author's Userline and each follower's Timeline
    (LongType names of the tweet's time, the tweet id the value), the timeline read newest
    first in pages of count+1 (the last name starting the next page, repeated), the tweets
    of a page by multiget, an unfollow as two removes, and a user's followers."""
    ks = "zza_tw"
    lt = dict(comparator_type="LongType", default_validation_class="UTF8Type")
    steps = setup(ks, [cfd(ks, "Users", **UTF), cfd(ks, "Following", **UTF),
                       cfd(ks, "Followers", **UTF), cfd(ks, "Tweets", **UTF),
                       cfd(ks, "Timeline", **lt), cfd(ks, "Userline", **lt)])
    steps.append(v19.batch_mutate({u: {"Users": [ins("password", "pw-" + u, 10)]}
                                   for u in ("ann", "ben", "cat")}))
    for who, whom in (("ben", "ann"), ("cat", "ann"), ("ann", "cat")):
        steps.append(v19.batch_mutate({who: {"Following": [ins(whom, "1", 11)]},
                                       whom: {"Followers": [ins(who, "1", 11)]}}))
    tweets = [(100, "ann", "t1", "hello"), (200, "cat", "t2", "hi ann"),
              (300, "ann", "t3", "thrift rocks"), (400, "ann", "t4", "counters soon"),
              (500, "cat", "t5", "bye")]
    followers = {"ann": ["ben", "cat"], "cat": ["ann"], "ben": []}
    for at, who, tid, body in tweets:
        mm = {tid: {"Tweets": [ins("username", who, 20), ins("body", body, 20)]},
              who: {"Userline": [ins(long_(at), tid, 20)]}}
        for f in followers[who]:
            mm.setdefault(f, {})["Timeline"] = [ins(long_(at), tid, 20)]
        steps.append(v19.batch_mutate(mm))
    steps += [
        v19.get_slice("ben", cparent("Timeline"), pred(start="", reversed=True, count=3)),
        v19.get_slice("ben", cparent("Timeline"), pred(start=long_(300), reversed=True,
                                                       count=3)),
        v19.multiget_slice(["t4", "t3", "t3"], cparent("Tweets"), pred(start="", count=10)),
        v19.get_slice("ann", cparent("Userline"), pred(start=long_(1000), finish=long_(150),
                                                       reversed=True, count=10)),
        v19.remove("ben", cpath("Following", col="ann"), 30),
        v19.remove("ann", cpath("Followers", col="ben"), 30),
        v19.get_slice("ann", cparent("Followers"), pred(start="", count=100)),
        v19.get_slice("ben", cparent("Following"), pred(start="", count=100)),
        v19.get_slice("ann", cparent("Timeline"), pred(start="", reversed=True, count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- counts
@sc("05_count_shapes", "count", "zza_ct")
def count_shapes():
    """get_count and multiget_count as a dashboard asked them: a SliceRange of count 2, a
    range start..finish, reversed from a start, by names (one missing, one repeated), a
    count of zero, super columns of a row and the sub-columns of one, multiget_count of
    keys with a repeat, a missing key and the empty key, and a reversed range given back
    to front."""
    ks = "zza_ct"
    steps = setup(ks, [cfd(ks, "Events", **UTF),
                       cfd(ks, "Groups", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({
        "r1": {"Events": [ins(n, "v", 10) for n in ("a", "b", "c", "d", "e")],
               "Groups": [sins("g1", [("x", "1"), ("y", "2")], 10),
                          sins("g2", [("z", "3")], 10)]},
        "r2": {"Events": [ins("a", "v", 10)]}}))
    steps += [
        v19.get_count("r1", cparent("Events"), pred(start="", count=2)),
        v19.get_count("r1", cparent("Events"), pred(start="b", finish="d", count=100)),
        v19.get_count("r1", cparent("Events"), pred(start="c", reversed=True, count=100)),
        v19.get_count("r1", cparent("Events"), pred(names=["a", "zz", "a", "e"])),
        v19.get_count("r1", cparent("Events"), pred(start="", count=0)),
        v19.get_count("r1", cparent("Groups"), pred(start="", count=100)),
        v19.get_count("r1", cparent("Groups", sc="g1"), pred(start="", count=100)),
        v19.get_count("r1", cparent("Groups", sc="g9"), pred(start="", count=100)),
        v19.multiget_count(["r1", "r2", "r1", "r3"], cparent("Events"),
                           pred(start="", count=100)),
        v19.multiget_count(["r1", ""], cparent("Events"), pred(start="", count=100)),
        v19.multiget_count(["r1", "r2"], cparent("Groups"), pred(names=["g2"])),
        v19.get_count("r1", cparent("Events"), pred(start="b", finish="d", reversed=True,
                                                    count=100)),
        v19.get_count("r1", cparent("Events"), pred(start="", count=-1)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- super names
@sc("06_super_names", "super", "zza_sn")
def super_names():
    """Reads of a super family by names: super column names (one missing, unsorted, one
    repeated), sub-column names inside one super column (missing, unsorted), a get of a
    whole super column and of one sub-column, a sub-column removed by remove() of its
    full path, multiget_slice of sub-column names inside a super column over keys, and
    a super column removed then read by names."""
    ks = "zza_sn"
    steps = setup(ks, [cfd(ks, "Orders", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({
        "cust1": {"Orders": [sins("o100", [("item", "pen"), ("qty", "2"), ("state", "new")], 10),
                             sins("o101", [("item", "ink"), ("qty", "1")], 10),
                             sins("o102", [("item", "pad")], 10)]},
        "cust2": {"Orders": [sins("o100", [("item", "cup"), ("state", "paid")], 10)]}}))
    steps += [
        v19.get_slice("cust1", cparent("Orders"), pred(names=["o102", "o100", "o999"])),
        v19.get_slice("cust1", cparent("Orders"), pred(names=["o101", "o101"])),
        v19.get_slice("cust1", cparent("Orders", sc="o100"), pred(names=["state", "item",
                                                                         "price"])),
        v19.get("cust1", cpath("Orders", sc="o101")),
        v19.get("cust1", cpath("Orders", sc="o101", col="qty")),
        v19.remove("cust1", cpath("Orders", sc="o100", col="state"), 11),
        v19.multiget_slice(["cust1", "cust2", "cust3"], cparent("Orders", sc="o100"),
                           pred(names=["state", "item"])),
        v19.remove("cust1", cpath("Orders", sc="o102"), 11),
        v19.get_slice("cust1", cparent("Orders"), pred(names=["o102", "o101"])),
        v19.get("cust1", cpath("Orders", sc="o102")),
        v19.get_slice("cust1", cparent("Orders", sc="o102"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- deletions
@sc("07_deletion_predicates", "delete", "zza_dp")
def deletion_predicates():
    """Deletion.predicate in the forms a client library built: names of a standard family,
    names of super columns, names of sub-columns inside a super column, an empty names
    list, a SliceRange (each release's answer), a predicate of both kinds, a super column
    on a standard family, and a deletion older than the data."""
    ks = "zza_dp"
    steps = setup(ks, [cfd(ks, "Plain", **UTF),
                       cfd(ks, "Nested", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({
        "k": {"Plain": [ins(n, "v" + n, 10) for n in ("a", "b", "c", "d")],
              "Nested": [sins("s1", [("x", "1"), ("y", "2")], 10),
                         sins("s2", [("x", "3")], 10), sins("s3", [("z", "4")], 10)]}}))
    both = W.struct({1: W.list_("bin", [b("a")]), 2: srange("a", "b")})
    steps += [
        v19.batch_mutate({"k": {"Plain": [dele(["a", "zz"], 11)]}}),
        v19.batch_mutate({"k": {"Nested": [dele(["s2"], 11)]}}),
        v19.batch_mutate({"k": {"Nested": [dele(["y"], 11, sc_="s1")]}}),
        v19.get_slice("k", cparent("Nested"), pred(start="", count=100)),
        v19.batch_mutate({"k": {"Plain": [dele([], 11)]}}),
        v19.batch_mutate({"k": {"Plain": [dele(rng=srange("b", "c"), t=11)]}}),
        v19.batch_mutate({"k": {"Plain": [mutation(deletion_=deletion(11, predicate=both))]}}),
        v19.batch_mutate({"k": {"Plain": [dele(["b"], 11, sc_="s1")]}}),
        v19.batch_mutate({"k": {"Plain": [dele(["c"], 5)]}}),
        v19.get_slice("k", cparent("Plain"), pred(start="", count=100)),
        v19.batch_mutate({"k": {"Nested": [dele(None, 11, sc_="s3"), dele(["x"], 11,
                                                                          sc_="s1")]}}),
        v19.get_slice("k", cparent("Nested"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- multi-family batch
@sc("08_multi_family_batch", "batch", "zza_mb")
def multi_family_batch():
    """An order service's batch_mutate over three families and three keys, read back; then
    the batches it got wrong, each read back to see whether any part landed: a super
    column into the standard family beside a good column, an empty mutation map, a key
    with no families, a family with an empty list, an unknown family among known ones,
    and a sub-column Deletion of a super family given no super column; then the range and
    path mistakes of its reports (a key range ending on a token, one of a key and tokens, a
    count of zero, a super column of a standard family, a slice back to front, a super
    family written without its super column, a super column missing), a keyspace update
    carrying a family, and truncates of a family not there and of the super family."""
    ks = "zza_mb"
    steps = setup(ks, [cfd(ks, "Orders", **UTF), cfd(ks, "ByUser", **UTF),
                       cfd(ks, "Lines", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({
            "o1": {"Orders": [ins("user", "ann", 10), ins("total", "12.50", 10)],
                   "Lines": [sins("1", [("sku", "pen"), ("qty", "5")], 10),
                             sins("2", [("sku", "pad"), ("qty", "1")], 10)]},
            "o2": {"Orders": [ins("user", "ann", 10)]},
            "ann": {"ByUser": [ins("o1", "", 10), ins("o2", "", 10)]}}),
        v19.multiget_slice(["o1", "o2"], cparent("Orders"), pred(start="", count=10)),
        v19.get_slice("o1", cparent("Lines"), pred(start="", count=10)),
        v19.batch_mutate({"o3": {"Orders": [ins("user", "ben", 11),
                                            sins("1", [("sku", "cup")], 11)]}}),
        v19.get_slice("o3", cparent("Orders"), pred(start="", count=10)),
        v19.batch_mutate({}),
        v19.batch_mutate({"o4": {}}),
        v19.batch_mutate({"o4": {"Orders": []}}),
        v19.batch_mutate({"o5": {"Orders": [ins("user", "cy", 11)],
                                 "Shipments": [ins("carrier", "ups", 11)]}}),
        v19.get_slice("o5", cparent("Orders"), pred(start="", count=10)),
        v19.batch_mutate({"o1": {"Lines": [dele(["qty"], 12)]}}),
        v19.get_slice("o1", cparent("Lines"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=10),
                             key_range(start_key="", end_token="0", count=10)),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=10),
                             key_range(start_key="o1", start_token="0", end_token="0",
                                       count=10)),
        v19.get_range_slices(cparent("Orders"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=0)),
        v19.multiget_slice(["o1"], cparent("Orders", sc="1"), pred(start="", count=10)),
        v19.get_count("o1", cparent("Orders"), pred(start="z", finish="a", count=10)),
        v19.insert("o1", cparent("Lines"), column("sku", "x", 13)),
        v19.remove("o1", cpath("Orders", sc="1", col="user"), 13),
        v19.get("o1", cpath("Lines", sc="9")),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "Extra", **UTF)])),
        v19.truncate("Shipments"),
        v19.truncate("Lines"),
        v19.get_slice("o1", cparent("Lines"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- validators
@sc("09_column_validators", "validation", "zza_cv")
def column_validators():
    """A family of column metadata (LongType, UTF8Type, IntegerType, and UUIDType from
    0.8) with a LongType default_validation_class: good values, then the wrong ones
    through insert and batch_mutate: a long of four and of nine bytes, an empty long, bad
    UTF-8, an empty varint, a UUID of fifteen bytes, an undeclared column against the
    default, and the family read back."""
    ks = "zza_cv"
    meta = [coldef("count", "LongType"), coldef("label", "UTF8Type"),
            coldef("big", "IntegerType")]
    if V08:
        meta.append(coldef("ref", "UUIDType"))
    steps = setup(ks, [cfd(ks, "Typed", comparator_type="UTF8Type",
                           default_validation_class="LongType", column_metadata=meta)])
    good = [ins("count", long_(7), 10), ins("label", "caf\xe9", 10),
            ins("big", varint(-129), 10), ins("other", long_(1), 10)]
    if V08:
        good.append(ins("ref", v4(1), 10))
    steps.append(v19.batch_mutate({"row": {"Typed": good}}))
    steps += [
        v19.insert("row", cparent("Typed"), column("count", int32(7), 11)),
        v19.insert("row", cparent("Typed"), column("count", b"\x00" * 9, 11)),
        v19.insert("row", cparent("Typed"), column("count", b"", 11)),
        v19.insert("row", cparent("Typed"), column("label", b"\xc3\x28", 11)),
        v19.insert("row", cparent("Typed"), column("big", b"", 11)),
        v19.batch_mutate({"row": {"Typed": [ins("label", "ok", 12),
                                            ins("other", "notlong", 12)]}}),
        v19.insert("row", cparent("Typed"), column("other", b"\x00\x01", 12))]
    if V08:
        steps += [v19.insert("row", cparent("Typed"), column("ref", v4(2)[:15], 12)),
                  v19.insert("row", cparent("Typed"), column("ref", b"", 12))]
    steps += [v19.get_slice("row", cparent("Typed"), pred(start="", count=100)),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- key validation
@sc("10_key_validation", "validation", "zza_kv", when=V08)
def key_validation():
    """Row keys validated by key_validation_class: a LongType-keyed family given eight-byte
    keys and then a key of four bytes in insert, get, get_slice, multiget_slice,
    get_range_slices (start_key), remove and batch_mutate; a UTF8Type-keyed family given
    a key of bad UTF-8; and the good rows read back."""
    ks = "zza_kv"
    steps = setup(ks, [cfd(ks, "ById", key_validation_class="LongType", **UTF),
                       cfd(ks, "ByName", key_validation_class="UTF8Type", **UTF)])
    steps += [
        v19.insert(long_(42), cparent("ById"), column("n", "answer", 10)),
        v19.insert(long_(-1), cparent("ById"), column("n", "minus", 10)),
        v19.insert(int32(42), cparent("ById"), column("n", "short", 10)),
        v19.get(int32(42), cpath("ById", col="n")),
        v19.get_slice(int32(42), cparent("ById"), pred(start="", count=10)),
        v19.multiget_slice([long_(42), int32(9)], cparent("ById"), pred(start="", count=10)),
        v19.get_range_slices(cparent("ById"), pred(start="", count=10),
                             key_range(start_key=int32(1), end_key="", count=10)),
        v19.remove(int32(42), cpath("ById"), 11),
        v19.batch_mutate({int32(5): {"ById": [ins("n", "five", 11)]}}),
        v19.insert(b"\xff\xfe", cparent("ByName"), column("n", "bad", 10)),
        v19.insert("caf\xe9", cparent("ByName"), column("n", "good", 10)),
        v19.multiget_slice([long_(42), long_(-1), long_(3)], cparent("ById"),
                           pred(start="", count=10)),
        v19.get_slice("caf\xe9", cparent("ByName"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- TimeUUID
@sc("11_timeuuid_names", "comparator", "zza_tu1")
def timeuuid_names():
    """A TimeUUIDType family and a super family of TimeUUIDType sub-columns: version 1
    names written out of order and sliced, then a version 4 name, a name of fifteen
    bytes, an empty name, slices bounded by a version 4 UUID and by fifteen bytes, a names
    predicate holding a version 4 UUID, and a version 4 sub-column name."""
    ks = "zza_tu1"
    steps = setup(ks, [cfd(ks, "Log", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Threads", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    steps.append(v19.batch_mutate({"day1": {"Log": [ins(timeuuid(n), "e%d" % n, 10)
                                                    for n in (3, 1, 2, 5)]},
                                   "t1": {"Threads": [sins("main", [(timeuuid(1), "m1")],
                                                           10)]}}))
    steps += [
        v19.get_slice("day1", cparent("Log"), pred(start=timeuuid(2), count=10)),
        v19.get_slice("day1", cparent("Log"), pred(start="", reversed=True, count=2)),
        v19.insert("day1", cparent("Log"), column(v4(7), "v4", 11)),
        v19.insert("day1", cparent("Log"), column(timeuuid(4)[:15], "short", 11)),
        v19.insert("day1", cparent("Log"), column(b"", "empty", 11)),
        v19.get_slice("day1", cparent("Log"), pred(start=v4(7), count=10)),
        v19.get_slice("day1", cparent("Log"), pred(start=timeuuid(1)[:15], count=10)),
        v19.get_slice("day1", cparent("Log"), pred(names=[timeuuid(1), v4(8)])),
        v19.batch_mutate({"t1": {"Threads": [sins("main", [(v4(9), "m2")], 11)]}}),
        v19.get_slice("t1", cparent("Threads", sc="main"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- text names
@sc("12_text_names", "comparator", "zza_tx")
def text_names():
    """An AsciiType family given names of bytes 0x00, 0x7f, 0x80 and 0xff, and a UTF8Type
    family given valid two, three and four byte sequences, a NUL, then the invalid ones:
    a lone continuation byte, an overlong encoding, a truncated sequence, a surrogate, a
    code point past U+10FFFF, a five-byte lead; each family read back."""
    ks = "zza_tx"
    steps = setup(ks, [cfd(ks, "Ascii", comparator_type="AsciiType"),
                       cfd(ks, "Text", comparator_type="UTF8Type")])
    for i, n in enumerate([b"plain", b"tab\x00nul", b"del\x7f", b"hi\x80", b"\xff"]):
        steps.append(v19.insert("a", cparent("Ascii"), column(n, "a%d" % i, 10)))
    for i, n in enumerate([b"caf\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"n\x00l",
                           b"\x80", b"\xc0\x80", b"\xe2\x82", b"\xed\xa0\x80",
                           b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xc1\xbf"]):
        steps.append(v19.insert("t", cparent("Text"), column(n, "t%d" % i, 10)))
    steps += [v19.get_slice("a", cparent("Ascii"), pred(start="", count=100)),
              v19.get_slice("t", cparent("Text"), pred(start="", count=100)),
              v19.get_slice("t", cparent("Text"), pred(start=b"\xc3", count=100)),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- keyspaces
@sc("13_keyspace_forms", "keyspace", "zza_ks")
def keyspace_forms():
    """An ops script making keyspaces the ways its release took: SimpleStrategy with the
    replication_factor field, with strategy_options, with both, with neither; a factor
    of zero and a factor that is no number; NetworkTopologyStrategy of a data centre;
    OldNetworkTopologyStrategy; a strategy class that is none; each described, a factor
    raised by system_update_keyspace, and each dropped."""
    steps = []
    forms = [("zza_ks", SS, 1, None), ("zza_ks_b", SS, None, {"replication_factor": "2"}),
             ("zza_ks_c", SS, 3, {"replication_factor": "1"}), ("zza_ks_d", SS, None, None),
             ("zza_ks_e", SS, 0, {"replication_factor": "0"}),
             ("zza_ks_f", SS, 1, {"replication_factor": "two"}),
             ("zza_ks_g", NTS, 1, {"datacenter1": "1"}),
             ("zza_ks_h", ONTS, 1, {"replication_factor": "1"}),
             ("zza_ks_i", "org.apache.cassandra.locator.NoSuchStrategy", 1,
              {"replication_factor": "1"})]
    for name, strat, rf, opts in forms:
        steps += [v19.system_add_keyspace(raw_ks(name, strat, rf=rf, options=opts)),
                  v19.describe_keyspace(name)]
    steps += [v19.system_update_keyspace(ksd("zza_ks_c", rf=2)),
              v19.describe_keyspace("zza_ks_c"),
              v19.system_update_keyspace(raw_ks("zza_ks_c", SS, rf=1)),
              v19.describe_keyspace("zza_ks_c")]
    for name, _, _, _ in forms:
        steps.append(v19.system_drop_keyspace(name))
    return steps


# --------------------------------------------------------------------------- levels
@sc("14_read_levels", "consistency", "zza_cl")
def read_levels():
    """A client's consistency level setting met by each read and write call on a one-node
    replication factor 1 keyspace: writes at ANY, ONE, QUORUM, ALL and TWO; reads at ANY
    refused by get, get_slice, multiget_slice, get_count, multiget_count and
    get_range_slices; reads at ALL, QUORUM, THREE, LOCAL_QUORUM and EACH_QUORUM."""
    ks = "zza_cl"
    steps = setup(ks, [cfd(ks, "Data", **UTF)])
    for i, cl in enumerate((ANY, ONE, QUORUM, ALL, TWO)):
        steps.append(v19.insert("k", cparent("Data"), column("c%d" % i, "v", 10), cl))
    p = pred(start="", count=10)
    steps += [
        v19.get("k", cpath("Data", col="c0"), ANY),
        v19.get_slice("k", cparent("Data"), p, ANY),
        v19.multiget_slice(["k"], cparent("Data"), p, ANY),
        v19.get_count("k", cparent("Data"), p, ANY),
        v19.multiget_count(["k"], cparent("Data"), p, ANY),
        v19.get_range_slices(cparent("Data"), p, key_range(start_key="", end_key="",
                                                            count=10), ANY),
        v19.get_slice("k", cparent("Data"), p, ALL),
        v19.get_count("k", cparent("Data"), p, QUORUM),
        v19.get_slice("k", cparent("Data"), p, THREE),
        v19.get_slice("k", cparent("Data"), p, LOCAL_QUORUM),
        v19.get_slice("k", cparent("Data"), p, EACH_QUORUM),
        v19.batch_mutate({"k": {"Data": [ins("c9", "v", 11)]}}, ANY),
        v19.remove("k", cpath("Data", col="c9"), 12, ANY),
        v19.get_slice("k", cparent("Data"), p),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 counters
@sc("15_cql2_counters", "cql2", "zza_cc", when=V08)
def cql2_counters():
    """A page-hit service in CQL 2: a counter family made by CREATE COLUMNFAMILY with
    default_validation=counter, UPDATE ... SET hits = hits + 1 (twice), a decrement, two
    counters in one UPDATE, the SELECT back, then the mistakes: a counter set to a value,
    a counter plus a string, and a DELETE of one counter; the row read back (a counter's
    timestamp in a CQL 2 row is the server's clock: masked)."""
    ks = "zza_cc"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Hits (KEY text PRIMARY KEY) WITH comparator = text AND "
            "default_validation = counter"),
        cql("UPDATE Hits SET home = home + 1 WHERE KEY = 'site1'"),
        cql("UPDATE Hits SET home = home + 1 WHERE KEY = 'site1'"),
        cql("UPDATE Hits SET home = home - 3, about = about + 5 WHERE KEY = 'site1'"),
        cql("SELECT home, about FROM Hits WHERE KEY = 'site1'").mask(CTS),
        cql("UPDATE Hits SET home = 10 WHERE KEY = 'site1'"),
        cql("UPDATE Hits SET home = home + 'x' WHERE KEY = 'site1'"),
        cql("DELETE about FROM Hits WHERE KEY = 'site1'"),
        cql("SELECT * FROM Hits WHERE KEY = 'site1'").mask(CTS),
        v19.get_slice("site1", cparent("Hits"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 ranges
@sc("16_cql2_ranges", "cql2", "zza_cr", when=V08)
def cql2_ranges():
    """A notes app in CQL 2: a family of text names with declared columns, INSERT USING
    TIMESTAMP and TTL, SELECT of a range of names ('b'..'d'), FIRST 2, REVERSED, COUNT(*)
    of a row, DELETE of two columns, CREATE INDEX on a declared column and a SELECT by
    it (the index made before the rows it finds: its build from stored rows ran on a thread of
    its own), and the syntax errors of a first week."""
    ks = "zza_cr"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Notes (KEY text PRIMARY KEY, owner text) WITH "
            "comparator = text AND default_validation = text"),
        cql("CREATE INDEX ON Notes (owner)"),
        cql("INSERT INTO Notes (KEY, owner, a, b, c, d, e) VALUES ('n1', 'ann', '1', '2', "
            "'3', '4', '5') USING TIMESTAMP 1000"),
        cql("INSERT INTO Notes (KEY, owner, b) VALUES ('n2', 'ben', '9') USING TTL 86400 "
            "AND TIMESTAMP 1000"),
        cql("SELECT 'b'..'d' FROM Notes WHERE KEY = 'n1'"),
        cql("SELECT FIRST 2 'a'..'' FROM Notes WHERE KEY = 'n1'"),
        cql("SELECT REVERSED 'z'..'c' FROM Notes WHERE KEY = 'n1'"),
        cql("SELECT COUNT(*) FROM Notes WHERE KEY = 'n1'"),
        cql("DELETE a, b FROM Notes WHERE KEY = 'n1'"),
        cql("SELECT * FROM Notes WHERE KEY = 'n1'"),
        cql("SELECT owner FROM Notes WHERE owner = 'ben'"),
        cql("SELECT FROM Notes WHERE KEY = 'n1'"),
        cql("INSERT INTO Notes (KEY, owner) VALUES ('n3')"),
        cql("UPDATE Notes SET WHERE KEY = 'n1'"),
        cql("SELECT * FROM Notes WHERE KEY = 'n1' USING TTL 5"),
        cql("DELETE FROM Notes WHERE owner = 'ann'"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Astyanax
@sc("17_astyanax_pages", "paging", "zza_ap", when=V10)
def astyanax_pages():
    """Astyanax 0.x's RowQuery with autoPaginate on a wide row: pages of three by get_slice,
    each next page starting at the last name seen (repeated), reversed the same way, a
    ColumnCountQuery, and a getKeySlice of keys by multiget_slice with an empty range."""
    ks = "zza_ap"
    steps = setup(ks, [cfd(ks, "Wide", **UTF)])
    names = ["c%02d" % i for i in range(8)]
    steps.append(v19.batch_mutate({"w": {"Wide": [ins(n, n.upper(), 10) for n in names]}}))
    for start in ("", "c02", "c04", "c06"):
        steps.append(v19.get_slice("w", cparent("Wide"), pred(start=start, count=3)))
    for start in ("", "c05", "c03"):
        steps.append(v19.get_slice("w", cparent("Wide"), pred(start=start, reversed=True,
                                                              count=3)))
    steps += [v19.get_count("w", cparent("Wide"), pred(start="", count=2147483647)),
              v19.multiget_slice(["w", "x"], cparent("Wide"), pred(start="", count=2)),
              v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- sessions
@sc("18_tomcat_sessions", "ttl", "zza_ss")
def tomcat_sessions():
    """A Tomcat session manager on Cassandra: a session's attributes written with a TTL of
    the session timeout in one batch, read back (the TTL shown), touched by rewriting
    `lastAccess` with a fresh TTL, an attribute removed, the session invalidated by a row
    remove, and the mistakes: a TTL of zero, a negative TTL, a TTL on a super
    sub-column."""
    ks = "zza_ss"
    steps = setup(ks, [cfd(ks, "Sessions", **UTF),
                       cfd(ks, "SessionsByUser", column_type="Super",
                           comparator_type="UTF8Type", subcomparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"JS1": {"Sessions": [ins("user", "ann", 10, ttl=1800),
                                               ins("lastAccess", "t0", 10, ttl=1800),
                                               ins("cart", "3 items", 10, ttl=1800)]}}),
        v19.get_slice("JS1", cparent("Sessions"), pred(start="", count=100)),
        v19.insert("JS1", cparent("Sessions"), column("lastAccess", "t1", 11, ttl=3600)),
        v19.get("JS1", cpath("Sessions", col="lastAccess")),
        v19.remove("JS1", cpath("Sessions", col="cart"), 12),
        v19.insert("JS1", cparent("Sessions"), column("flash", "x", 12, ttl=0)),
        v19.insert("JS1", cparent("Sessions"), column("flash", "x", 12, ttl=-5)),
        v19.batch_mutate({"ann": {"SessionsByUser": [mutation(cosc(super_column=super_column(
            "JS1", [column("created", "t0", 12, ttl=1800)])))]}}),
        v19.get_slice("ann", cparent("SessionsByUser"), pred(start="", count=10)),
        v19.get_slice("JS1", cparent("Sessions"), pred(start="", count=100)),
        v19.remove("JS1", cpath("Sessions"), 13),
        v19.get_slice("JS1", cparent("Sessions"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 admin
@sc("20_cql2_admin", "cql2", "zza_ca", when=V08)
def cql2_admin():
    """An admin script in CQL 2: CREATE KEYSPACE with strategy_class and
    strategy_options:replication_factor, USE, CREATE COLUMNFAMILY of a key alias, typed
    columns and options, the definition read back through Thrift, ALTER COLUMNFAMILY ADD,
    ALTER ... TYPE and DROP, CREATE INDEX by name and DROP INDEX (and of an index not
    there), TRUNCATE, DROP COLUMNFAMILY twice, then the mistakes: an option no release
    knew, a keyspace without a strategy class, and DROP KEYSPACE."""
    ks = "zza_ca"
    steps = [
        cql("CREATE KEYSPACE zza_ca WITH strategy_class = SimpleStrategy AND "
            "strategy_options:replication_factor = 1"),
        cql("USE zza_ca"),
        cql("CREATE COLUMNFAMILY Users (user_id varchar PRIMARY KEY, age int, email text) "
            "WITH comparator = text AND default_validation = text AND comment = 'people' "
            "AND gc_grace_seconds = 3600 AND read_repair_chance = 0.5"),
        v19.describe_keyspace(ks),
        cql("INSERT INTO Users (user_id, age, email) VALUES ('u1', 30, 'a@x') USING "
            "TIMESTAMP 100"),
        cql("ALTER COLUMNFAMILY Users ADD city text"),
        cql("ALTER COLUMNFAMILY Users ALTER age TYPE bigint"),
        cql("ALTER COLUMNFAMILY Users DROP email"),
        cql("ALTER COLUMNFAMILY Users DROP nosuch"),
        cql("ALTER COLUMNFAMILY Users ADD city text"),
        cql("CREATE INDEX users_city ON Users (city)"),
        v19.describe_keyspace(ks),
        cql("DROP INDEX users_city"),
        cql("DROP INDEX users_city"),
        cql("SELECT * FROM Users WHERE user_id = 'u1'"),
        cql("TRUNCATE Users"),
        cql("SELECT * FROM Users WHERE user_id = 'u1'"),
        cql("DROP COLUMNFAMILY Users"),
        cql("DROP COLUMNFAMILY Users"),
        cql("CREATE COLUMNFAMILY Things (KEY text PRIMARY KEY) WITH colour = 'red'"),
        cql("CREATE KEYSPACE zza_ca2 WITH strategy_options:replication_factor = 1"),
        cql("DROP KEYSPACE zza_ca")]
    return steps


# --------------------------------------------------------------------------- CQL 2 typed values
@sc("21_cql2_typed_values", "cql2", "zza_cv2", when=V08)
def cql2_typed_values():
    """A stock app's CQL 2 against typed columns: a family of a bigint key, int, varint,
    uuid, ascii and blob columns, rows written USING TIMESTAMP, then the values it got
    wrong (text for an int, a text key for a bigint key, a malformed UUID, non-ASCII text,
    a blob of no hex), SELECT by KEY IN with a repeat, a key range, a filter on an
    unindexed column, LIMIT, COUNT(*) of the family, reads at ANY, and a batch of an
    insert, an update and a delete at QUORUM."""
    ks = "zza_cv2"
    steps = setup(ks, [])
    # 0.8's CQL 2 named the bytes type bytea, 1.0's blob
    steps += [
        cql("CREATE COLUMNFAMILY Items (KEY bigint PRIMARY KEY, qty int, price varint, "
            "ref uuid, code ascii, data %s) WITH comparator = ascii AND "
            "default_validation = %s" % (BLOB, BLOB)),
        cql("INSERT INTO Items (KEY, qty, price, ref, code, data) VALUES (10, 5, "
            "12345678901234567890, 'c0a80101-0000-4000-8000-000000000001', 'AB', 'cafe') "
            "USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, qty, code) VALUES (11, -2, 'CD') USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, qty) VALUES (12, 'five') USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, qty) VALUES ('abc', 1) USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, ref) VALUES (12, 'not-a-uuid') USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, code) VALUES (12, 'caf\u00e9') USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, data) VALUES (12, 'zz') USING TIMESTAMP 100"),
        cql("INSERT INTO Items (KEY, other) VALUES (12, 'beef') USING TIMESTAMP 100"),
        cql("SELECT * FROM Items WHERE KEY = 10"),
        cql("SELECT qty, code FROM Items WHERE KEY IN (10, 11, 10, 99)"),
        cql("SELECT qty FROM Items WHERE KEY >= 10 AND KEY <= 11"),
        cql("SELECT * FROM Items WHERE qty = 5"),
        cql("SELECT COUNT(*) FROM Items"),
        cql("SELECT qty FROM Items USING CONSISTENCY ANY WHERE KEY = 10"),
        cql("BEGIN BATCH USING CONSISTENCY QUORUM AND TIMESTAMP 200 "
            "INSERT INTO Items (KEY, qty) VALUES (13, 1) "
            "UPDATE Items SET qty = 7 WHERE KEY = 10 "
            "DELETE code FROM Items WHERE KEY = 11 "
            "APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO Items (KEY, qty) VALUES (14, 1) USING TIMESTAMP 300 "
            "APPLY BATCH"),
        cql("SELECT qty, code FROM Items WHERE KEY IN (10, 11, 13, 14)"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- schema names
@sc("22_schema_names", "schema", "zza_sc")
def schema_names():
    """A schema tool's names and definitions as users typed them: families named with a
    hyphen, empty, of 49 characters, already there, of a column type no release had; a
    CfDef naming another keyspace than the one in use; column metadata naming a column
    twice, an index without a name, two indexes of one name, an index name with a space,
    a validator that is no class; a subcomparator on a standard family; keyspaces named
    with a hyphen and `system`; drops of a family and a keyspace not there and of
    `system`; and the keyspace described at the end."""
    ks = "zza_sc"
    steps = setup(ks, [cfd(ks, "Base", **UTF)])
    for name in ("my-cf", "", "c" * 49, "Base"):
        steps.append(v19.system_add_column_family(cfd(ks, name, **UTF)))
    steps += [
        v19.system_add_column_family(cfd(ks, "Hyper", column_type="Hyper", **UTF)),
        v19.system_add_column_family(cfd("zza_other", "Elsewhere", **UTF)),
        v19.system_add_column_family(cfd(ks, "Twice", column_metadata=[
            coldef("a", "UTF8Type"), coldef("a", "LongType")], **UTF)),
        v19.system_add_column_family(cfd(ks, "Unnamed", column_metadata=[
            coldef("a", "UTF8Type", True)], **UTF)),
        v19.system_add_column_family(cfd(ks, "SameIdx", column_metadata=[
            coldef("a", "UTF8Type", True, "idx"), coldef("b", "UTF8Type", True, "idx")],
            **UTF)),
        v19.system_add_column_family(cfd(ks, "Spaced", column_metadata=[
            coldef("a", "UTF8Type", True, "bad name")], **UTF)),
        v19.system_add_column_family(cfd(ks, "NoType", column_metadata=[
            coldef("a", "NoSuchType")], **UTF)),
        v19.system_add_column_family(cfd(ks, "SubStd", subcomparator_type="LongType",
                                         **UTF)),
        v19.system_add_keyspace(ksd("bad-ks")),
        v19.system_add_keyspace(ksd("system")),
        v19.system_drop_column_family("Nope"),
        v19.system_drop_keyspace("zza_nope")]
    if V10:
        # 0.7.10 and 0.8.10 dropped it (the node's next schema change failed): left out
        steps.append(v19.system_drop_keyspace("system"))
    steps += [
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 edges
@sc("23_cql2_edges", "cql2", "zza_ce", when=V08)
def cql2_edges():
    """The CQL 2 a reporting script sent past the plain forms: an int comparator's names
    as integers and a range of them, a quoted family name, a doubled quote in a value,
    UPDATE and DELETE of several keys by KEY IN, INSERT naming a column twice, a key
    range whose start sorts after its end, FIRST 0 and LIMIT 1, a key and an unindexed
    column in one WHERE, CREATE INDEX of an undeclared column named by an integer (the
    int comparator cannot read its varint: the statement failed on the server), TRUNCATE
    and USE of names not there, and USING clauses of a level no release had, a negative TTL and a
    timestamp that is no number; then a TTL of zero, SELECTs of the key alone, of the empty
    key, COUNT(*) of two keys, two key equalities, FIRST -1, a range and a name mixed, a
    row DELETE read back and a scan, a batch with a TTL, CREATE COLUMNFAMILY of two keys,
    of no key and of a composite comparator, and a bigint column added and written."""
    ks = "zza_ce"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Scores (KEY text PRIMARY KEY) WITH comparator = int AND "
            "default_validation = text"),
        cql("INSERT INTO Scores (KEY, 1, 2, 3, 10) VALUES ('ann', 'a', 'b', 'c', 'd') USING "
            "TIMESTAMP 100"),
        cql("INSERT INTO 'Scores' (KEY, 5) VALUES ('ben', 'it''s') USING TIMESTAMP 100"),
        cql("SELECT 2..10 FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT REVERSED 10..2 FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT 5 FROM Scores WHERE KEY = 'ben'"),
        cql("UPDATE Scores USING TIMESTAMP 110 SET 7 = 'x' WHERE KEY IN ('ann', 'ben', 'cy')"),
        cql("SELECT 7 FROM Scores WHERE KEY IN ('ann', 'ben', 'cy')"),
        cql("DELETE 7 FROM Scores USING TIMESTAMP 120 WHERE KEY IN ('ann', 'cy')"),
        cql("SELECT 7 FROM Scores WHERE KEY IN ('ann', 'ben', 'cy')"),
        cql("INSERT INTO Scores (KEY, 1, 1) VALUES ('dee', 'p', 'q') USING TIMESTAMP 100"),
        cql("SELECT * FROM Scores WHERE KEY = 'dee'"),
        cql("SELECT * FROM Scores WHERE KEY >= 'zzz' AND KEY <= 'aaa'"),
        cql("SELECT FIRST 0 * FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT * FROM Scores WHERE KEY = 'ann' LIMIT 1"),
        cql("SELECT * FROM Scores WHERE KEY = 'ann' AND 1 = 'a'"),
        cql("CREATE INDEX ON Scores (1)"),
        # 1.1 answered that by closing the connection: the client reconnects
        v19.set_keyspace(ks),
        cql("TRUNCATE Nope"),
        cql("USE zza_nope"),
        # 0.8's USE took the keyspace unchecked: the script goes back to its own
        v19.set_keyspace(ks),
        cql("INSERT INTO Scores (KEY, 1) VALUES ('ann', 'z') USING CONSISTENCY FOO AND "
            "TIMESTAMP 130"),
        cql("INSERT INTO Scores (KEY, 1) VALUES ('ann', 'z') USING TTL -1 AND TIMESTAMP 130"),
        cql("INSERT INTO Scores (KEY, 1) VALUES ('ann', 'z') USING TIMESTAMP abc"),
        cql("INSERT INTO Scores (KEY, 4) VALUES ('ann', 'y') USING TTL 0 AND TIMESTAMP 130"),
        cql("SELECT * FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT KEY FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT * FROM Scores WHERE KEY = ''"),
        cql("SELECT COUNT(*) FROM Scores WHERE KEY IN ('ann', 'ben')"),
        cql("SELECT * FROM Scores WHERE KEY = 'ann' AND KEY = 'ben'"),
        cql("SELECT FIRST -1 * FROM Scores WHERE KEY = 'ann'"),
        cql("SELECT 1..2, 3 FROM Scores WHERE KEY = 'ann'"),
        cql("DELETE FROM Scores USING TIMESTAMP 140 WHERE KEY = 'ben'"),
        cql("SELECT * FROM Scores WHERE KEY = 'ben'"),
        cql("SELECT * FROM Scores"),
        cql("BEGIN BATCH USING TTL 60 AND TIMESTAMP 150 INSERT INTO Scores (KEY, 9) VALUES "
            "('cy', 'n') APPLY BATCH"),
        cql("SELECT 9 FROM Scores WHERE KEY = 'cy'"),
        cql("CREATE COLUMNFAMILY Dup (KEY text PRIMARY KEY, KEY int)"),
        cql("CREATE COLUMNFAMILY NoKey (a text, b int)"),
        cql("CREATE COLUMNFAMILY Comp (KEY text PRIMARY KEY) WITH comparator = "
            "'CompositeType(UTF8Type, LongType)'"),
        cql("ALTER COLUMNFAMILY Scores ADD 12 bigint"),
        cql("INSERT INTO Scores (KEY, 12) VALUES ('ann', 'twelve') USING TIMESTAMP 160"),
        cql("INSERT INTO Scores (KEY, 12) VALUES ('ann', 12) USING TIMESTAMP 160"),
        cql("SELECT 12 FROM Scores WHERE KEY = 'ann'"),
        v19.system_drop_keyspace(ks)]
    return steps
