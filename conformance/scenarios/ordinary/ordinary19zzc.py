"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zzc):
  * an A/B testing service (experiments as rows, assignments as columns, variant tallies as
    counters from 0.8: counter batches over several rows, a counter read by path, a counter
    missing, counters at ANY, a counter mutation carrying a timestamped deletion)
  * a message de-duplication store (message ids as keys, existence checked by multiget of
    names over many keys with repeats and misses, get_count of rows not there)
  * an event-sourced aggregate store on LongType sequence numbers (the latest event by a
    reversed slice of one, replays from a snapshot's number, an event rewritten at the same
    timestamp, slices whose finish comes before their start)
  * a URL shortener in CQL 2 (0.8 on: KEY IN reads, click counters by UPDATE, key ranges)
  * invitation codes found by a KEYS index on their status, paged by start_key, with an
    extra range clause, and codes spent by a batch of updates
  * a package repository's metadata in a super column family (packages as super columns,
    versions' fields as sub-columns, range scans of one super column per row, sub-column
    removal, counts of super columns and of one's sub-columns)
  * a DNS zone on CompositeType(UTF8Type, UTF8Type) names (0.8 on: owner-name prefixes by
    end-of-component bytes, malformed names)
  * a cron runner's leases (TTL'd columns read back with their TTL, a renewal, a release by a
    stale remove, levels the one-node ring meets and the ones it cannot)
  * an index designer's mistakes in column metadata (an index without a name, two indexes of
    one name, an index on a super family, a KEYS index of a counter family)
  * a captcha store of TTL'd super sub-columns and standard columns read back with their TTL
  * Mahout's recommender data model on LongType row keys (0.8 on: users and items read by
    multiget, keys of the wrong width refused)
  * CQL 2 schema definitions got wrong (unknown types, doubled columns, key aliases, option
    values of the wrong kind) and their right forms read back through Thrift
  * the consistency levels of each read call (ANY refused) and of removals
  * a follower graph's keys-only scans (count 0 predicates) and the ghosts removed rows leave
  * a CQL 2 leaderboard on a bigint comparator (ranges of numeric names, FIRST, REVERSED,
    names of the wrong type)
  * a session store in CQL 2 (USING TTL and TIMESTAMP on INSERT and UPDATE, DELETE of the
    whole row, the row read back)
  * a batch that writes and deletes one column at the same timestamp (the deletion wins),
    one key's mutations in two families, and a deletion of a whole super column in a batch
  * keyspace edits of the release's KsDef (replication_factor to 0.7, strategy_options from
    0.8; an update carrying families refused) read back by describe_keyspace
Each scenario owns its keyspace (dropped before and after by capture.py). Thrift writes carry
relative timestamps, CQL writes an absolute `USING TIMESTAMP`. Recorded with capture.py --api 19
--framed on a fresh stock-yaml node of each release."""
import os
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, int32, EQ, GT, GTE, LT, ONE,
                 QUORUM, ALL, ANY, TWO, THREE, deletion, mutation, super_column, cosc)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, cfd, ksd, setup, coldef, dele, sins, cadd, md5_token)  # noqa: E402
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zzc_")

# a counter's timestamp in a CQL 2 row is the server's clock at the increment
CTS = "0/2/*/2/*/3"
UTF = dict(comparator_type="UTF8Type", default_validation_class="UTF8Type")


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


def comp(*parts, eoc=0):
    return kit.comp(*parts, eoc=eoc)


# --------------------------------------------------------------------------- A/B tests
@sc("01_ab_tests", "counters", "zzc_ab")
def ab_tests():
    """An A/B testing service: experiments as rows of assignments (user -> variant), read by
    a names slice and counted; from 0.8 the variant tallies as counters (a counter batch over
    two experiments, a decrement, the tallies read by names and by path, a counter missing,
    a counter add at ANY, a counter batch carrying a deletion with a timestamp)."""
    ks = "zzc_ab"
    cfs = [cfd(ks, "Assignments", **UTF)]
    if V08:
        cfs.append(cfd(ks, "Tallies", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = setup(ks, cfs)
    steps += [
        v19.batch_mutate({"exp-color": {"Assignments": [ins("u1", "red", 10), ins("u2", "blue", 10),
                                                        ins("u3", "red", 10)]},
                          "exp-font": {"Assignments": [ins("u1", "serif", 10)]}}),
        v19.get_slice("exp-color", cparent("Assignments"), pred(names=["u2", "u9", "u1"])),
        v19.multiget_count(["exp-color", "exp-font", "exp-none"], cparent("Assignments"),
                           pred(start="", count=100)),
        v19.get_count("exp-color", cparent("Assignments"), pred(start="u2", count=100)),
    ]
    if V08:
        steps += [
            v19.batch_mutate({"exp-color": {"Tallies": [cadd("red", 2), cadd("blue", 1)]},
                              "exp-font": {"Tallies": [cadd("serif", 1)]}}),
            v19.add("exp-color", cparent("Tallies"), counter_column("red", -1)),
            v19.get_slice("exp-color", cparent("Tallies"), pred(names=["red", "blue", "green"])),
            v19.get("exp-font", cpath("Tallies", col="serif")),
            v19.get("exp-font", cpath("Tallies", col="sans")),
            v19.add("exp-font", cparent("Tallies"), counter_column("sans", 1), ANY),
            v19.batch_mutate({"exp-font": {"Tallies": [dele(["serif"], 20)]}}),
            v19.multiget_slice(["exp-color", "exp-font"], cparent("Tallies"),
                               pred(start="", count=10)),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- dedup
@sc("02_dedup_store", "multiget", "zzc_dd")
def dedup_store():
    """A message de-duplication store: each message id a row with a `seen` column; a batch of
    incoming ids checked by multiget_slice of the name (ids repeated, ids unseen), the unseen
    ones marked, get_count of an id not there, and a multiget with an empty id among them."""
    ks = "zzc_dd"
    steps = setup(ks, [cfd(ks, "Seen", **UTF)])
    ids = ["m%02d" % i for i in range(8)]
    steps.append(v19.batch_mutate({k: {"Seen": [ins("seen", "1", 10)]} for k in ids[:5]}))
    steps += [
        v19.multiget_slice(["m03", "m07", "m03", "m01", "m99"], cparent("Seen"),
                           pred(names=["seen"])),
        v19.batch_mutate({k: {"Seen": [ins("seen", "1", 11)]} for k in ["m07", "m99"]}),
        v19.multiget_slice(["m07", "m99", "m05"], cparent("Seen"), pred(names=["seen"])),
        v19.get_count("m50", cparent("Seen"), pred(start="", count=100)),
        v19.multiget_slice(["m01", ""], cparent("Seen"), pred(names=["seen"])),
        v19.multiget_count([], cparent("Seen"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- event sourcing
@sc("03_event_store", "slices", "zzc_es")
def event_store():
    """An event-sourced aggregate store on LongType sequence numbers: events appended per
    aggregate, a snapshot row naming the sequence it covers, the latest event by a reversed
    slice of one, a replay from the snapshot's number, an event rewritten at the same
    timestamp with another value (the greater value wins the tie), a slice whose finish
    comes before its start (refused), the same reversed, and a name of the wrong width."""
    ks = "zzc_es"
    steps = setup(ks, [cfd(ks, "Events", comparator_type="LongType",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Snapshots", **UTF)])
    steps += [
        v19.batch_mutate({"order-1": {"Events": [ins(long_(i), "ev%d" % i, 10)
                                                 for i in range(1, 8)]},
                          "order-2": {"Events": [ins(long_(1), "created", 10)]}}),
        v19.insert("order-1", cparent("Snapshots"), column("upto", "4", 11)),
        v19.get_slice("order-1", cparent("Events"), pred(start="", reversed=True, count=1)),
        v19.get_slice("order-1", cparent("Events"), pred(start=long_(5), count=100)),
        v19.insert("order-1", cparent("Events"), column(long_(7), "ev7-again", 10)),
        v19.insert("order-1", cparent("Events"), column(long_(6), "ev5", 10)),
        v19.get_slice("order-1", cparent("Events"), pred(start=long_(6), count=100)),
        v19.get_slice("order-1", cparent("Events"), pred(start=long_(6), finish=long_(2),
                                                         count=100)),
        v19.get_slice("order-1", cparent("Events"), pred(start=long_(6), finish=long_(2),
                                                         reversed=True, count=2)),
        v19.get_slice("order-1", cparent("Events"), pred(start=int32(3), count=10)),
        v19.get_count("order-1", cparent("Events"), pred(start=long_(3), finish=long_(5),
                                                         count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- URL shortener
@sc("04_cql2_shortener", "cql2", "zzc_us", when=V08)
def cql2_shortener():
    """A URL shortener in CQL 2: a family of short codes with a target and an owner, codes
    read by KEY IN (a miss among them), clicks as counters in a second family updated by
    KEY IN, the counters read back (their CQL 2 timestamps masked), a key range over the
    random partitioner, and a code deleted."""
    ks = "zzc_us"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Urls (KEY text PRIMARY KEY, target text, owner text) WITH "
            "comparator = text AND default_validation = text"),
        cql("CREATE COLUMNFAMILY Clicks (KEY text PRIMARY KEY) WITH comparator = text AND "
            "default_validation = counter"),
        cql("INSERT INTO Urls (KEY, target, owner) VALUES ('abc', 'http://a.example/', 'ann') "
            "USING TIMESTAMP 1000"),
        cql("INSERT INTO Urls (KEY, target, owner) VALUES ('xyz', 'http://x.example/', 'bob') "
            "USING TIMESTAMP 1000"),
        cql("SELECT target FROM Urls WHERE KEY IN ('abc', 'nope', 'xyz')"),
        cql("UPDATE Clicks SET total = total + 1 WHERE KEY IN ('abc', 'xyz')"),
        cql("UPDATE Clicks SET total = total + 4, today = today + 1 WHERE KEY = 'abc'"),
        cql("SELECT total, today FROM Clicks WHERE KEY = 'abc'").mask(CTS),
        cql("SELECT COUNT(*) FROM Urls WHERE KEY IN ('abc', 'xyz')"),
        cql("SELECT owner FROM Urls WHERE KEY > 'a' AND KEY < 'b'"),
        cql("DELETE FROM Urls WHERE KEY = 'xyz'"),
        cql("SELECT target FROM Urls WHERE KEY = 'xyz'"),
        cql("SELECT target FROM Urls WHERE target = 'http://a.example/'"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- invitations
@sc("05_invitation_codes", "index", "zzc_ic")
def invitation_codes():
    """Invitation codes found by a KEYS index on their status: open codes paged two at a
    time by start_key, open codes with a batch number of at least 2, a clause of only the
    range (refused), codes spent by a batch of status updates and the index read again."""
    ks = "zzc_ic"
    meta = [coldef("status", "UTF8Type", True, "status_idx"), coldef("batch", "LongType")]
    steps = setup(ks, [cfd(ks, "Codes", comparator_type="UTF8Type",
                           default_validation_class="BytesType", column_metadata=meta)])
    codes = ["c%02d" % i for i in range(6)]
    steps.append(v19.batch_mutate({c: {"Codes": [ins("status", "open", 10),
                                                 ins("batch", long_(i % 3), 10)]}
                                   for i, c in enumerate(codes)}))
    openc = index_expr("status", EQ, "open")
    order = by_token(codes)
    steps += [
        v19.get_indexed_slices(cparent("Codes"), index_clause([openc], "", 2),
                               pred(names=["batch"])),
        v19.get_indexed_slices(cparent("Codes"), index_clause([openc], order[1], 2),
                               pred(names=["batch"])),
        v19.get_indexed_slices(cparent("Codes"), index_clause(
            [openc, index_expr("batch", GTE, long_(2))], "", 100), pred(names=["batch"])),
        v19.get_indexed_slices(cparent("Codes"), index_clause(
            [index_expr("batch", GT, long_(0))], "", 100), pred(names=["batch"])),
        v19.batch_mutate({c: {"Codes": [ins("status", "spent", 11)]} for c in codes[:3]}),
        v19.get_indexed_slices(cparent("Codes"), index_clause([openc], "", 100),
                               pred(names=["status"])),
        v19.get_indexed_slices(cparent("Codes"), index_clause(
            [index_expr("status", EQ, "spent"), index_expr("batch", LT, long_(1))], "", 100),
            pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- package repo
@sc("06_package_repo", "super", "zzc_pr")
def package_repo():
    """A package repository's metadata in a super column family: a row per distribution, a
    super column per package@version, sub-columns of its fields; a range scan of one super
    column per row, the sub-columns of one package by names, a field removed by path,
    counts of super columns and of one's sub-columns, and a removal of a whole package."""
    ks = "zzc_pr"
    steps = setup(ks, [cfd(ks, "Packages", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({
            "stable": {"Packages": [sins("bash@4.1", [("arch", "amd64"), ("size", "901"),
                                                      ("sha1", "aa")], 10),
                                    sins("zsh@4.3", [("arch", "amd64"), ("size", "400")], 10)]},
            "testing": {"Packages": [sins("bash@4.2", [("arch", "amd64"), ("size", "950")],
                                          10)]}}),
        v19.get_range_slices(cparent("Packages"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("stable", cparent("Packages", sc="bash@4.1"),
                      pred(names=["size", "sha1", "missing"])),
        v19.remove("stable", cpath("Packages", sc="bash@4.1", col="sha1"), 11),
        v19.get("stable", cpath("Packages", sc="bash@4.1")),
        v19.get_count("stable", cparent("Packages"), pred(start="", count=100)),
        v19.get_count("stable", cparent("Packages", sc="bash@4.1"), pred(start="", count=100)),
        v19.multiget_count(["stable", "testing", "unstable"], cparent("Packages"),
                           pred(start="", count=100)),
        v19.remove("stable", cpath("Packages", sc="zsh@4.3"), 12),
        v19.get_slice("stable", cparent("Packages"), pred(start="", count=100)),
        v19.get("stable", cpath("Packages", sc="zsh@4.3", col="arch")),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- DNS zone
@sc("07_dns_zone", "composite", "zzc_dz", when=V08)
def dns_zone():
    """A DNS zone on CompositeType(UTF8Type, UTF8Type) names (owner, record type): records of
    one owner by a prefix slice (end-of-component bytes), one owner's records reversed, a
    name of one component, a name whose length prefix overruns its bytes (refused), and a
    names read of two records."""
    ks = "zzc_dz"
    ct = "CompositeType(UTF8Type,UTF8Type)"
    steps = setup(ks, [cfd(ks, "Zone", comparator_type=ct,
                           default_validation_class="UTF8Type")])
    recs = [("www", "A", "10.0.0.1"), ("www", "AAAA", "::1"), ("mail", "MX", "10 mx"),
            ("@", "NS", "ns1"), ("@", "SOA", "ns1 admin"), ("www", "TXT", "hello")]
    steps += [
        v19.batch_mutate({"example.org": {"Zone": [ins(comp(o, t), v, 10)
                                                   for o, t, v in recs]}}),
        v19.get_slice("example.org", cparent("Zone"),
                      pred(start=comp("www"), finish=comp("www", eoc=1), count=100)),
        v19.get_slice("example.org", cparent("Zone"),
                      pred(start=comp("www", eoc=1), finish=comp("www"), reversed=True,
                           count=2)),
        v19.insert("example.org", cparent("Zone"), column(comp("ftp"), "x", 11)),
        v19.insert("example.org", cparent("Zone"), column(b"\x00\x09www\x00", "x", 11)),
        v19.get_slice("example.org", cparent("Zone"),
                      pred(names=[comp("@", "NS"), comp("mail", "MX")])),
        v19.get_count("example.org", cparent("Zone"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- cron leases
@sc("08_cron_leases", "levels", "zzc_cl")
def cron_leases():
    """A cron runner's leases: a lease column written at QUORUM with a TTL and read back with
    it, a renewal at a later timestamp, a release by a remove older than the renewal (the
    lease stays), then by a newer one; the lease read at ALL, written at TWO and THREE (one
    node: refused) and a TTL of zero."""
    ks = "zzc_cl"
    steps = setup(ks, [cfd(ks, "Leases", **UTF)])
    steps += [
        v19.insert("job-nightly", cparent("Leases"), column("owner", "worker-1", 10, 3600),
                   QUORUM),
        v19.get("job-nightly", cpath("Leases", col="owner"), QUORUM),
        v19.insert("job-nightly", cparent("Leases"), column("owner", "worker-1", 20, 7200),
                   QUORUM),
        v19.remove("job-nightly", cpath("Leases", col="owner"), 15, QUORUM),
        v19.get_slice("job-nightly", cparent("Leases"), pred(start="", count=10), ALL),
        v19.remove("job-nightly", cpath("Leases", col="owner"), 25, QUORUM),
        v19.get_slice("job-nightly", cparent("Leases"), pred(start="", count=10), ALL),
        v19.insert("job-hourly", cparent("Leases"), column("owner", "worker-2", 30, 60), TWO),
        v19.insert("job-hourly", cparent("Leases"), column("owner", "worker-2", 30, 60), THREE),
        v19.insert("job-hourly", cparent("Leases"), column("owner", "worker-2", 30, 0)),
        v19.get_count("job-hourly", cparent("Leases"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- index mistakes
@sc("09_index_mistakes", "schema", "zzc_im")
def index_mistakes():
    """An index designer's mistakes in column metadata: a KEYS index without a name (the
    node names it), two indexes of one name in one family, an index on a super family's
    column, an index on a counter family (0.8 on), the same index name in two families, and
    the definitions read back by describe_keyspace."""
    ks = "zzc_im"
    steps = setup(ks, [cfd(ks, "People", comparator_type="UTF8Type",
                           column_metadata=[coldef("city", "UTF8Type", True)])])
    steps += [
        v19.system_add_column_family(cfd(ks, "Pets", comparator_type="UTF8Type",
                                         column_metadata=[coldef("kind", "UTF8Type", True, "ix"),
                                                          coldef("name", "UTF8Type", True,
                                                                 "ix")])),
        v19.system_add_column_family(cfd(ks, "Groups", column_type="Super",
                                         comparator_type="UTF8Type",
                                         subcomparator_type="UTF8Type",
                                         column_metadata=[coldef("owner", "UTF8Type", True,
                                                                 "gix")])),
        v19.system_add_column_family(cfd(ks, "Cars", comparator_type="UTF8Type",
                                         column_metadata=[coldef("make", "UTF8Type", True,
                                                                 "city_idx")])),
    ]
    if V08:
        steps.append(v19.system_add_column_family(cfd(
            ks, "Votes", comparator_type="UTF8Type",
            default_validation_class="CounterColumnType",
            column_metadata=[coldef("up", "CounterColumnType", True, "up_idx")])))
    steps += [
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.insert("p1", cparent("People"), column("city", "Oslo", 10)),
        v19.get_indexed_slices(cparent("People"), index_clause(
            [index_expr("city", EQ, "Oslo")], "", 10), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- captcha
@sc("10_captcha_ttls", "ttl", "zzc_ca")
def captcha_ttls():
    """A captcha store: answers as TTL'd standard columns and TTL'd sub-columns of a super
    column per form, read back with their TTLs by get, get_slice and get_range_slices; a
    sub-column overwritten without a TTL; a negative TTL refused in a batch."""
    ks = "zzc_ca"
    steps = setup(ks, [cfd(ks, "Answers", **UTF),
                       cfd(ks, "Forms", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.insert("cap-1", cparent("Answers"), column("answer", "x7k2", 10, 300)),
        v19.get("cap-1", cpath("Answers", col="answer")),
        v19.batch_mutate({"signup": {"Forms": [mutation(cosc(super_column=super_column(
            "cap-1", [column("answer", "x7k2", 10, 300), column("tries", "0", 10, 600)])))]}}),
        v19.get_slice("signup", cparent("Forms", sc="cap-1"), pred(start="", count=10)),
        v19.batch_mutate({"signup": {"Forms": [mutation(cosc(super_column=super_column(
            "cap-1", [column("tries", "1", 11)])))]}}),
        v19.get("signup", cpath("Forms", sc="cap-1")),
        v19.get_range_slices(cparent("Answers"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"cap-2": {"Answers": [ins("answer", "q", 12, -5)]}}),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Mahout
@sc("11_mahout_model", "validation", "zzc_mh", when=V08)
def mahout_model():
    """Mahout's Cassandra data model on LongType row keys: user rows of item preferences
    (LongType names, FloatType-like four-byte values as bytes), item rows of users; a user
    read, users and items by multiget, a key of four bytes refused in get, insert,
    multiget_slice and batch_mutate, and a key range of LongType keys."""
    ks = "zzc_mh"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="LongType", key_validation_class="LongType"),
                       cfd(ks, "Items", comparator_type="LongType", key_validation_class="LongType")])
    steps += [
        v19.batch_mutate({long_(1): {"Users": [ins(long_(100), int32(4), 10),
                                               ins(long_(101), int32(2), 10)]},
                          long_(2): {"Users": [ins(long_(100), int32(5), 10)]},
                          long_(100): {"Items": [ins(long_(1), b"", 10), ins(long_(2), b"", 10)]}}),
        v19.get_slice(long_(1), cparent("Users"), pred(start="", count=100)),
        v19.multiget_slice([long_(1), long_(2), long_(3)], cparent("Users"),
                           pred(start="", count=100)),
        v19.get_slice(int32(1), cparent("Users"), pred(start="", count=100)),
        v19.insert(int32(7), cparent("Users"), column(long_(100), int32(1), 11)),
        v19.multiget_slice([long_(1), int32(2)], cparent("Users"), pred(start="", count=100)),
        v19.batch_mutate({int32(9): {"Items": [ins(long_(1), b"", 11)]}}),
        v19.get_count(long_(100), cparent("Items"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=1),
                             key_range(start_key=long_(1), end_key=long_(1), count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 schema
@sc("12_cql2_schema_mistakes", "cql2", "zzc_cs", when=V08)
def cql2_schema_mistakes():
    """CQL 2 schema definitions got wrong and right: a column of an unknown type, a column
    declared twice, a family without a PRIMARY KEY, two PRIMARY KEYs, an option given a
    word where a number belongs, a comparator no release had, then the right form (a key
    alias, typed columns, options) read back through describe_keyspace, and an INSERT
    of a wrong value for a typed column."""
    ks = "zzc_cs"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY A (KEY text PRIMARY KEY, n money)"),
        cql("CREATE COLUMNFAMILY B (KEY text PRIMARY KEY, n int, n text)"),
        cql("CREATE COLUMNFAMILY C (n int, m text)"),
        cql("CREATE COLUMNFAMILY D (KEY text PRIMARY KEY, id int PRIMARY KEY)"),
        cql("CREATE COLUMNFAMILY E (KEY text PRIMARY KEY) WITH gc_grace_seconds = lots"),
        cql("CREATE COLUMNFAMILY F (KEY text PRIMARY KEY) WITH comparator = nosuchtype"),
        cql("CREATE COLUMNFAMILY Accounts (login varchar PRIMARY KEY, age int, born bigint, "
            "tag uuid) WITH comparator = ascii AND comment = 'accts' AND "
            "min_compaction_threshold = 2 AND max_compaction_threshold = 8"),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        cql("INSERT INTO Accounts (login, age) VALUES ('ann', 'old') USING TIMESTAMP 1000"),
        cql("INSERT INTO Accounts (login, tag) VALUES ('ann', 'not-a-uuid') USING TIMESTAMP "
            "1000"),
        cql("INSERT INTO Accounts (login, age, born) VALUES ('ann', 31, 1980) USING TIMESTAMP "
            "1000"),
        cql("SELECT age, born FROM Accounts WHERE login = 'ann'"),
        cql("SELECT age FROM Accounts WHERE KEY = 'ann'"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- levels
@sc("13_read_call_levels", "levels", "zzc_rl")
def read_call_levels():
    """The consistency levels of each read call on a one-node ring: get_count,
    multiget_count, get_range_slices and get_indexed_slices at ANY (refused), at ALL and
    at QUORUM (met); remove and batch_mutate deletions at ANY (taken)."""
    ks = "zzc_rl"
    steps = setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("k", "UTF8Type", True, "k_idx")])])
    steps.append(v19.batch_mutate({"r1": {"Data": [ins("k", "v", 10), ins("x", "1", 10)]},
                                   "r2": {"Data": [ins("k", "v", 10)]}}))
    clause = index_clause([index_expr("k", EQ, "v")], "", 10)
    allp = pred(start="", count=10)
    for cl in (ANY, ALL, QUORUM):
        steps += [
            v19.get_count("r1", cparent("Data"), allp, cl),
            v19.multiget_count(["r1", "r2"], cparent("Data"), allp, cl),
            v19.get_range_slices(cparent("Data"), allp, key_range(start_key="", end_key="",
                                                                   count=10), cl),
            v19.get_indexed_slices(cparent("Data"), clause, pred(names=["k"]), cl),
        ]
    steps += [
        v19.remove("r1", cpath("Data", col="x"), 11, ANY),
        v19.batch_mutate({"r2": {"Data": [dele(["k"], 11)]}}, ANY),
        v19.get_indexed_slices(cparent("Data"), clause, pred(names=["k", "x"]), ONE),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- follower graph
@sc("14_follower_ghosts", "ranges", "zzc_fg")
def follower_ghosts():
    """A follower graph scanned for its users by keys-only range scans (a predicate of count
    0 and of no names), users removed leaving range ghosts, a names predicate naming a
    column nobody has, and key pages of count+1 restarted from the last key."""
    ks = "zzc_fg"
    steps = setup(ks, [cfd(ks, "Followers", **UTF)])
    users = ["user%d" % i for i in range(6)]
    order = by_token(users)
    steps.append(v19.batch_mutate({u: {"Followers": [ins("f%d" % i, "", 10)
                                                     for i in range(j % 3 + 1)]}
                                   for j, u in enumerate(users)}))
    steps += [
        v19.get_range_slices(cparent("Followers"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Followers"), pred(names=[]),
                             key_range(start_key="", end_key="", count=100)),
        v19.remove(order[1], cpath("Followers"), 11),
        v19.remove(order[4], cpath("Followers"), 11),
        v19.get_range_slices(cparent("Followers"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Followers"), pred(start="", count=1),
                             key_range(start_key=order[3], end_key="", count=4)),
        v19.get_range_slices(cparent("Followers"), pred(names=["nobody"]),
                             key_range(start_key="", end_key="", count=100)),
        v19.multiget_count(users, cparent("Followers"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 leaderboard
@sc("15_cql2_leaderboard", "cql2", "zzc_lb", when=V08)
def cql2_leaderboard():
    """A leaderboard in CQL 2 on a bigint comparator: scores as column names holding the
    player, a range of scores, FIRST 2 REVERSED for the top two, a names read, a name of
    the wrong type in a SELECT and in an INSERT, COUNT(*) of a range, a DELETE of a score."""
    ks = "zzc_lb"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Board (KEY text PRIMARY KEY) WITH comparator = bigint AND "
            "default_validation = text"),
        cql("INSERT INTO Board (KEY, 10, 250, 40, -3) VALUES ('g1', 'ann', 'bob', 'cid', "
            "'dan') USING TIMESTAMP 1000"),
        cql("SELECT 0..100 FROM Board WHERE KEY = 'g1'"),
        cql("SELECT FIRST 2 REVERSED 1000..0 FROM Board WHERE KEY = 'g1'"),
        cql("SELECT 250, 10, 11 FROM Board WHERE KEY = 'g1'"),
        cql("SELECT 'high' FROM Board WHERE KEY = 'g1'"),
        cql("INSERT INTO Board (KEY, 'top') VALUES ('g1', 'eve') USING TIMESTAMP 1000"),
        cql("SELECT COUNT(*) FROM Board WHERE KEY = 'g1'"),
        cql("DELETE 40 FROM Board USING TIMESTAMP 1001 WHERE KEY = 'g1'"),
        v19.get_slice("g1", cparent("Board"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 sessions
@sc("16_cql2_sessions", "cql2", "zzc_ss", when=V08)
def cql2_sessions():
    """A session store in CQL 2: INSERT USING TTL and TIMESTAMP, UPDATE of an attribute
    USING TIMESTAMP and TTL (the TTL read back through Thrift), DELETE of the whole row
    USING TIMESTAMP older than the writes (kept) then newer (gone), and a USING clause
    naming CONSISTENCY."""
    ks = "zzc_ss"
    steps = setup(ks, [])
    steps += [
        cql("CREATE COLUMNFAMILY Sessions (KEY text PRIMARY KEY, uid text, cart text) WITH "
            "comparator = text AND default_validation = text"),
        cql("INSERT INTO Sessions (KEY, uid, cart) VALUES ('s1', 'u7', '[]') USING TTL 1800 "
            "AND TIMESTAMP 1000"),
        cql("UPDATE Sessions USING TIMESTAMP 1001 AND TTL 3600 SET cart = '[1]' WHERE "
            "KEY = 's1'"),
        v19.get_slice("s1", cparent("Sessions"), pred(start="", count=10)),
        cql("DELETE FROM Sessions USING TIMESTAMP 999 WHERE KEY = 's1'"),
        cql("SELECT uid, cart FROM Sessions WHERE KEY = 's1'"),
        cql("DELETE FROM Sessions USING TIMESTAMP 2000 WHERE KEY = 's1'"),
        cql("SELECT uid, cart FROM Sessions WHERE KEY = 's1'"),
        cql("UPDATE Sessions USING CONSISTENCY QUORUM AND TIMESTAMP 3000 SET uid = 'u8' "
            "WHERE KEY = 's2'"),
        cql("SELECT * FROM Sessions WHERE KEY = 's2'"),
        cql("UPDATE Sessions USING TTL 0 AND TIMESTAMP 3000 SET uid = 'u9' WHERE KEY = 's3'"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- batch ties
@sc("17_batch_ties", "mutations", "zzc_bt")
def batch_ties():
    """One batch writing and deleting a column at the same timestamp (the deletion wins),
    one key's mutations in a standard and a super family, a whole super column deleted in a
    batch by a Deletion naming it, and a later write resurrecting the column."""
    ks = "zzc_bt"
    steps = setup(ks, [cfd(ks, "Std", **UTF),
                       cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"k": {"Std": [ins("a", "1", 10), dele(["a"], 10), ins("b", "2", 10)],
                                "Sup": [sins("s1", [("x", "1"), ("y", "2")], 10),
                                        sins("s2", [("x", "3")], 10)]}}),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.batch_mutate({"k": {"Sup": [mutation(deletion_=deletion(11, sc="s1"))]}}),
        v19.get_slice("k", cparent("Sup"), pred(start="", count=10)),
        v19.batch_mutate({"k": {"Sup": [sins("s1", [("z", "9")], 12)],
                                "Std": [ins("a", "3", 11)]}}),
        v19.get_slice("k", cparent("Sup"), pred(start="", count=10)),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.batch_mutate({"k": {"Sup": [sins("s2", [("x", "4")], 10)]}}),
        v19.get("k", cpath("Sup", sc="s2", col="x")),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- keyspace edits
@sc("18_keyspace_edits", "schema", "zzc_ke")
def keyspace_edits():
    """Keyspace edits in the release's KsDef form: a keyspace made with replication 1, its
    replication raised to 2 and read back, an update carrying a family (refused), an update
    of a keyspace not there, an update with no strategy class (answered, then the connection closed: the next call
    meets the closed connection, the client reconnects and sets its keyspace again), and the strategy changed to
    NetworkTopologyStrategy with a data centre and read back."""
    ks = "zzc_ke"
    steps = setup(ks, [cfd(ks, "Data")])
    steps += [
        v19.system_update_keyspace(ksd(ks, [], rf=2)).mask("0"),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "More")], rf=1)),
        v19.system_update_keyspace(ksd("zzc_nothere", [], rf=1)),
        v19.system_update_keyspace(W.struct({1: b(ks), 5: W.list_("struct", [])})),
        v19.set_keyspace(ks),
        v19.set_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], strategy=kit.NTS,
                                       options={"DC1": "1"})).mask("0"),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.insert("r", cparent("Data"), column("c", "v", 10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- super slices
@sc("19_super_sub_slices", "super", "zzc_sb")
def super_sub_slices():
    """A forum's threads in a super family of LongType super column names (post numbers) and
    UTF8 sub-columns: sub-column slices of one post by range and reversed, a super column
    slice by range of post numbers, a names read of posts, a sub-column path on a post not
    there, a sub-column name given for a standard family path, and get_count of a post."""
    ks = "zzc_sb"
    steps = setup(ks, [cfd(ks, "Threads", column_type="Super", comparator_type="LongType",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type"),
                       cfd(ks, "Flat", **UTF)])
    steps.append(v19.batch_mutate({"t1": {"Threads": [
        sins(long_(i), [("author", "a%d" % i), ("body", "b%d" % i), ("edited", "no")], 10)
        for i in range(1, 6)]}}))
    steps += [
        v19.get_slice("t1", cparent("Threads", sc=long_(3)), pred(start="b", finish="e",
                                                                   count=10)),
        v19.get_slice("t1", cparent("Threads", sc=long_(3)), pred(start="", reversed=True,
                                                                   count=2)),
        v19.get_slice("t1", cparent("Threads"), pred(start=long_(2), finish=long_(3),
                                                     count=10)),
        v19.get_slice("t1", cparent("Threads"), pred(names=[long_(5), long_(9), long_(1)])),
        v19.get("t1", cpath("Threads", sc=long_(9), col="body")),
        v19.get("t1", cpath("Flat", sc="x", col="body")),
        v19.get_slice("t1", cparent("Flat", sc="x"), pred(start="", count=10)),
        v19.get_count("t1", cparent("Threads", sc=long_(2)), pred(start="", count=10)),
        v19.get_slice("t1", cparent("Threads", sc=int32(2)), pred(start="", count=10)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL on 0.7
@sc("20_cql_or_thrift", "cql2", "zzc_co")
def cql_or_thrift():
    """A reporting job that tries CQL 2 first and falls back to Thrift: on 0.7 the
    execute_cql_query refusal, from 0.8 a SELECT of a range of names with a LIMIT over
    several keys by KEY IN, and on every release the same read by multiget_slice."""
    ks = "zzc_co"
    steps = setup(ks, [cfd(ks, "Report", **UTF)])
    steps.append(v19.batch_mutate({k: {"Report": [ins("m%02d" % i, str(i), 10)
                                                  for i in range(5)]} for k in ("d1", "d2")}))
    steps += [
        cql("SELECT FIRST 2 'm01'..'m04' FROM Report WHERE KEY IN ('d1', 'd2')"),
        cql("SELECT 'm01'..'m04' FROM Report WHERE KEY IN ('d1', 'd2') LIMIT 1"),
        v19.multiget_slice(["d1", "d2"], cparent("Report"), pred(start="m01", finish="m04",
                                                                  count=2)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CQL 2 edges
@sc("21_cql2_statement_edges", "cql2", "zzc_ce", when=V08)
def cql2_statement_edges():
    """A first month's CQL 2 past the plain forms: a statement ending in a semicolon, lower
    case keywords, a comment, a SELECT of every row (no WHERE), FIRST 0, a LIMIT of 0, a
    column list and a range mixed, an INSERT of more names than values, an UPDATE without
    a WHERE, a DELETE by KEY IN, a BATCH of an INSERT, an UPDATE and a DELETE with one
    timestamp, USE of a keyspace not there and the keyspace used again."""
    ks = "zzc_ce"
    steps = setup(ks, [cfd(ks, "Items", **UTF)])
    steps += [
        cql("INSERT INTO Items (KEY, a, b) VALUES ('i1', 'x', 'y') USING TIMESTAMP 1000;"),
        cql("insert into Items (KEY, a) values ('i2', 'z') using timestamp 1000"),
        cql("SELECT a FROM Items WHERE KEY = 'i1' -- the first item"),
        cql("SELECT a, b FROM Items"),
        cql("SELECT FIRST 0 * FROM Items WHERE KEY = 'i1'"),
        cql("SELECT * FROM Items WHERE KEY = 'i1' LIMIT 0"),
        cql("SELECT a, 'b'..'c' FROM Items WHERE KEY = 'i1'"),
        cql("INSERT INTO Items (KEY, a, b) VALUES ('i3', 'x')"),
        cql("UPDATE Items SET a = 'q'"),
        cql("BEGIN BATCH USING TIMESTAMP 2000 INSERT INTO Items (KEY, c) VALUES ('i3', 'c3') "
            "UPDATE Items SET a = 'w' WHERE KEY = 'i2' DELETE b FROM Items WHERE KEY = 'i1' "
            "APPLY BATCH"),
        cql("SELECT * FROM Items WHERE KEY IN ('i1', 'i2', 'i3')"),
        cql("DELETE FROM Items USING TIMESTAMP 3000 WHERE KEY IN ('i1', 'i2')"),
        cql("SELECT * FROM Items WHERE KEY IN ('i1', 'i2', 'i3')"),
        cql("USE zzc_nowhere"),
        cql("USE zzc_ce"),
        cql("SELECT COUNT(*) FROM Items WHERE KEY = 'i3'"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- key ranges
@sc("22_range_edges", "ranges", "zzc_re")
def range_edges():
    """A range scanner's edge cases over RandomPartitioner: an end key whose token sorts
    before the start key's (refused), the same key as start and end, keys and tokens in
    one range (refused), a count of zero and a negative count, a slice count of zero in a
    get_slice, a negative slice count, and a start token past every key."""
    ks = "zzc_re"
    steps = setup(ks, [cfd(ks, "Rows", **UTF)])
    keys = ["r%d" % i for i in range(5)]
    order = by_token(keys)
    steps.append(v19.batch_mutate({k: {"Rows": [ins("c", k, 10)]} for k in keys}))
    allp = pred(start="", count=10)
    steps += [
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key=order[3],
                                                              end_key=order[1], count=10)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key=order[2],
                                                              end_key=order[2], count=10)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key=order[0],
                                                              end_token="0", count=10)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key="", end_key="",
                                                              start_token="0", count=10)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key="", end_key="",
                                                              count=0)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(start_key="", end_key="",
                                                              count=-1)),
        v19.get_slice(order[0], cparent("Rows"), pred(start="", count=0)),
        v19.get_slice(order[0], cparent("Rows"), pred(start="", count=-3)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(
            start_token=str((1 << 127) - 1), end_token="0", count=10)),
        v19.get_range_slices(cparent("Rows"), allp, key_range(
            start_token=md5_token(order[4]), end_token=md5_token(order[4]), count=2)),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- CfDef values
@sc("23_cfdef_values", "schema", "zzc_cv")
def cfdef_values():
    """A family's option values a schema tool got wrong: a read_repair_chance above one, a
    negative gc_grace_seconds, a min_compaction_threshold of one, a max below the min, a
    comparator with parameters it does not take, an unknown validation class in column
    metadata, a metadata name the comparator cannot parse, a family name with a dash and
    one of 60 characters, a CfDef naming another keyspace; each refused or taken, and the
    families that were made listed by describe_keyspace."""
    ks = "zzc_cv"
    steps = setup(ks, [])
    steps += [
        v19.system_add_column_family(cfd(ks, "A", read_repair_chance=2.0)),
        v19.system_add_column_family(cfd(ks, "B", gc_grace_seconds=-1)),
        v19.system_add_column_family(cfd(ks, "C", min_compaction_threshold=1)),
        v19.system_add_column_family(cfd(ks, "D", min_compaction_threshold=8,
                                         max_compaction_threshold=4)),
        v19.system_add_column_family(cfd(ks, "E", comparator_type="LongType(reversed=true)")),
        v19.system_add_column_family(cfd(ks, "F", column_metadata=[
            coldef("x", "NoSuchType")])),
        v19.system_add_column_family(cfd(ks, "G", comparator_type="LongType",
                                         column_metadata=[coldef("abc", "UTF8Type")])),
        v19.system_add_column_family(cfd(ks, "H-1")),
        v19.system_add_column_family(cfd(ks, "N" * 60)),
        v19.system_add_column_family(cfd("zzc_other", "I")),
        v19.system_add_column_family(cfd(ks, "J", default_validation_class="LongType",
                                         comparator_type="AsciiType")),
        v19.describe_keyspace(ks).mask("0/5/*/16"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- truncate, drop
@sc("24_drop_recreate", "schema", "zzc_dr")
def drop_recreate():
    """A test fixture dropping and recreating an indexed family between tests: rows
    written, the index queried, the family dropped, a read of the dropped family, the
    family made again with the same index, the index queried (empty), truncate of a family
    not there, and a drop of the dropped family."""
    ks = "zzc_dr"
    meta = [coldef("tag", "UTF8Type", True, "tag_idx")]
    steps = setup(ks, [cfd(ks, "Docs", comparator_type="UTF8Type", column_metadata=meta)])
    clause = index_clause([index_expr("tag", EQ, "t")], "", 10)
    steps += [
        v19.batch_mutate({"d1": {"Docs": [ins("tag", "t", 10)]},
                          "d2": {"Docs": [ins("tag", "t", 10)]}}),
        v19.get_indexed_slices(cparent("Docs"), clause, pred(names=["tag"])),
        v19.system_drop_column_family("Docs").mask("0"),
        v19.get_slice("d1", cparent("Docs"), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Docs"), clause, pred(names=["tag"])),
        v19.system_add_column_family(cfd(ks, "Docs", comparator_type="UTF8Type",
                                         column_metadata=meta)).mask("0"),
        v19.get_indexed_slices(cparent("Docs"), clause, pred(names=["tag"])),
        v19.get_slice("d1", cparent("Docs"), pred(start="", count=10)),
        v19.truncate("Nope"),
        v19.system_drop_column_family("Nope"),
        v19.system_drop_column_family("Docs").mask("0"),
        v19.system_drop_column_family("Docs"),
        v19.system_drop_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- counters edges
@sc("25_counter_edges", "counters", "zzc_cx", when=V08)
def counter_edges():
    """A metrics library's counter mistakes and corners: an add of zero, a counter super
    family (a sub-counter added, read by path and slice), a counter read by get_count and
    multiget_count, remove_counter of a super column, a column with a value in a counter
    batch, add on a standard family, add without a column family (answered, then the
    connection closed: the client reconnects and sets its keyspace again), and a counter
    added past the largest long."""
    ks = "zzc_cx"
    steps = setup(ks, [cfd(ks, "C", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "SC", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Plain", **UTF)])
    steps += [
        v19.add("k", cparent("C"), counter_column("zero", 0)),
        v19.get("k", cpath("C", col="zero")),
        v19.add("k", cparent("SC", sc="day1"), counter_column("hits", 3)),
        v19.add("k", cparent("SC", sc="day1"), counter_column("misses", 1)),
        v19.get("k", cpath("SC", sc="day1", col="hits")),
        v19.get_slice("k", cparent("SC"), pred(start="", count=10)),
        v19.get_count("k", cparent("SC", sc="day1"), pred(start="", count=10)),
        v19.multiget_count(["k", "none"], cparent("SC"), pred(start="", count=10)),
        v19.add("k", cparent("SC"), counter_column("hits", 1)),
        v19.batch_mutate({"k": {"C": [ins("v", "1", 10)]}}),
        v19.add("k", cparent("Plain"), counter_column("n", 1)),
        v19.add("k", cparent(None), counter_column("n", 1)),
        v19.set_keyspace(ks),
        v19.set_keyspace(ks),
        v19.add("k", cparent("C"), counter_column("big", (1 << 63) - 1)),
        v19.add("k", cparent("C"), counter_column("big", 1)),
        v19.get("k", cpath("C", col="big")),
        v19.system_drop_keyspace(ks)]
    return steps
