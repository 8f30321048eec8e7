"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zg): a Rails app on fauna's `cassandra` gem adding KEYS indexes to a live family,
the Jassandra client's criteria calls, a Graylog2-era log store (hourly rows of TimeUUID names,
TTL'd messages, newest first), a DNS zone store in super columns (zone row, owner name, record
type), a wiki's revision history in super columns of LongType revisions, a shopping cart of
counters (0.8 on), a job queue of TimeUUID columns claimed by moving them between rows, a
secondary-index search page paged by its last key, Mahout Taste's CassandraDataModel (LongType
ids, float preferences), a Flume-OG sink's event batches, an OAuth token store of TTL'd columns
behind a KEYS index, a leaderboard of LongType scores read top first, a URL shortener's click
counters (0.8 on), two app instances racing schema changes, a newcomer's mistakes (no keyspace,
wrong types, bad levels, too-large counts, names and keys past their limits), a photo album of
binary keys, a feature-flag service's key ranges, a session store's row tombstones, a
Voldemort-to-Cassandra migration tool's bulk loads and truncates, a CQL 2 report (0.8 on), an
operator's keyspace updates and splits, 0.7's KsDefs, memtable tuning and super column scans, a
0.7-era inbox's unread counts kept without counters, a hand-typed schema file's mistakes, typed
names its serializers got wrong, and clients built against a later IDL (1.1's, 1.2's) talking to
the release. Each scenario owns its keyspace.
Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of each release."""
import os
import struct
import sys

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 index_expr, index_clause, long_, timeuuid, lexuuid, EQ, GTE, GT, LT, QUORUM,
                 ALL, ANY, TWO, LOCAL_QUORUM)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, cfd, cfd_later, ksd, setup, coldef, md5_token, dele, sins,  # noqa: E402
                 cadd)
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V08 = V >= (0, 8)
V11 = V >= (1, 1)

sc = kit.registrar("zg_")

# an absolute CQL 2 timestamp (microseconds) for the writes a CQL 2 SELECT reads back
T = 1330000000000000


def fl(x):
    """A Java float's four bytes (Mahout's preference values)."""
    return struct.pack(">f", x)


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


# the first scenario updates its family with the id a fresh node gave it (0.7 to 1.1 number
# them from 1000 in the order they are made): it runs first on the node
FAUNA_ID = 0


# --------------------------------------------------------------------------- fauna gem + indexes
@sc("00_fauna_indexes", "index", "zg_fa")
def fauna_indexes():
    """A Rails app on fauna's `cassandra` gem: users written as hashes (insert as batch_mutate),
    then a migration adding a KEYS index on `state` to the live family through
    update_column_family (with the id the node gave), the index queried by the gem's
    get_indexed_slices with an index clause (EQ, then EQ and GTE on an unindexed column) for
    rows written after it (the rows before it are indexed by a build in the background, which a
    query at once races), the migration repeated with an index name, and one adding an index
    on a column whose existing values its validator refuses."""
    ks = "zg_fa"
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    users = [("u1", "CA", "31"), ("u2", "NY", "25"), ("u3", "CA", "40"), ("u4", "TX", "19")]
    steps.append(v19.batch_mutate({u: {"Users": [ins("state", s, 10), ins("age", a, 10)]}
                                   for u, s, a in users}))
    steps += [
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")]),
                               pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Users", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            id=kit.cfid(FAUNA_ID),
                                            column_metadata=[coldef("state", "UTF8Type", True)])),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"u5": {"Users": [ins("state", "WA", 11), ins("age", "33", 11)]},
                          "u7": {"Users": [ins("state", "WA", 11), ins("age", "21", 11)]}}),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "WA")]),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "WA"),
                                                               index_expr("age", GTE, "30")]),
                               pred(names=["age"])),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("age", EQ, "25")]),
                               pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "Users", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            id=kit.cfid(FAUNA_ID),
                                            column_metadata=[coldef("state", "UTF8Type", True,
                                                                    "users_state")])),
        v19.system_update_column_family(cfd(ks, "Users", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            id=kit.cfid(FAUNA_ID),
                                            column_metadata=[coldef("state", "UTF8Type", True),
                                                             coldef("age", "LongType", True)])),
        v19.describe_keyspace(ks),
        v19.insert("u6", cparent("Users"), column("age", "22", 12)),
        v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "WA")],
                                                              start_key="u6"),
                               pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Jassandra
@sc("01_jassandra", "basic", "zg_js")
def jassandra():
    """The Jassandra client's ICriteria calls: a column by get (and one missing, which it
    turned into null from NotFoundException), a criteria of names, a slice with a
    finish, counts, removes of a column and of a row, and a get on a super column path of a
    standard family (its criteria set a super column it did not need)."""
    ks = "zg_js"
    steps = setup(ks, [cfd(ks, "Articles", comparator_type="AsciiType")])
    steps += [
        v19.batch_mutate({"a1": {"Articles": [ins("title", "Hello", 10), ins("body", "x" * 50, 10),
                                              ins("author", "ann", 10), ins("tags", "a,b", 10)]}}),
        v19.get("a1", cpath("Articles", col="title")),
        v19.get("a1", cpath("Articles", col="summary")),
        v19.get("a9", cpath("Articles", col="title")),
        v19.get_slice("a1", cparent("Articles"), pred(names=["title", "author", "nope"])),
        v19.get_slice("a1", cparent("Articles"), pred(start="author", finish="tags", count=10)),
        v19.get_slice("a1", cparent("Articles"), pred(start="tags", finish="author", count=10)),
        v19.get_count("a1", cparent("Articles"), pred(start="", count=2)),
        v19.get_count("a9", cparent("Articles"), pred(start="", count=100)),
        v19.remove("a1", cpath("Articles", col="tags"), 11),
        v19.get_slice("a1", cparent("Articles"), pred(start="", count=10)),
        v19.get("a1", cpath("Articles", sc="meta", col="title")),
        v19.get_slice("a1", cparent("Articles", sc="meta"), pred(start="", count=10)),
        v19.remove("a1", cpath("Articles"), 12),
        v19.get_slice("a1", cparent("Articles"), pred(start="", count=10)),
        v19.insert("a1", cparent("Articles"), column("title", "Again", 11)),
        v19.get_slice("a1", cparent("Articles"), pred(start="", count=10)),
        v19.insert("a1", cparent("Articles"), column("title", "Later", 13)),
        v19.get("a1", cpath("Articles", col="title")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Graylog2-era logs
@sc("02_graylog_logs", "ttl", "zg_gl")
def graylog_logs():
    """A Graylog2-era log store: one row per host and hour, TimeUUIDType names, messages
    written with a 30-day TTL, the newest 3 read first, a page from the last name seen, counts
    per hour, a multiget of hours, a range scan of rows with one column each, and the names
    its older agent sent (a version-4 UUID, 15 bytes, a text name)."""
    ks = "zg_gl"
    steps = setup(ks, [cfd(ks, "Messages", comparator_type="TimeUUIDType",
                           default_validation_class="UTF8Type")])
    month = 30 * 86400
    rows = ["web1:2012031410", "web1:2012031411", "db1:2012031410"]
    muts = {}
    for r, row in enumerate(rows):
        muts[row] = {"Messages": [ins(timeuuid(100 * r + i), "msg %d-%d" % (r, i), 10, month)
                                  for i in range(5)]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice(rows[0], cparent("Messages"), pred(start="", reversed=True, count=3)),
        v19.get_slice(rows[0], cparent("Messages"), pred(start=timeuuid(2), reversed=True,
                                                         count=3)),
        v19.get_slice(rows[0], cparent("Messages"), pred(start=timeuuid(1), finish=timeuuid(3),
                                                         count=10)),
        v19.get_count(rows[1], cparent("Messages"), pred(start="", count=1000)),
        v19.multiget_slice(rows + ["web1:2012031412"], cparent("Messages"),
                           pred(start="", reversed=True, count=1)),
        v19.get_range_slices(cparent("Messages"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert(rows[0], cparent("Messages"), column(lexuuid(7), "v4", 11, month)),
        v19.insert(rows[0], cparent("Messages"), column(timeuuid(9)[:15], "short", 11, month)),
        v19.insert(rows[0], cparent("Messages"), column("2012-03-14", "text", 11, month)),
        v19.get_slice(rows[0], cparent("Messages"), pred(start=timeuuid(3), finish=timeuuid(1),
                                                         count=10)),
        v19.get_slice(rows[0], cparent("Messages"), pred(start="abc", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- DNS zone store
@sc("03_dns_zones", "super", "zg_dn")
def dns_zones():
    """A DNS zone store: a super column family with a row per zone, a super column per owner
    name and a sub-column per record type; lookups of one record (a path of family, super
    column and column), of one owner's records, of every owner, a count of owners and of one
    owner's types, a record and an owner removed, and its mistakes: a get without the super
    column, an insert into the super family without one, and a slice of a super column that
    is absent."""
    ks = "zg_dn"
    steps = setup(ks, [cfd(ks, "Zones", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="AsciiType")])
    steps += [
        v19.batch_mutate({"example.com": {"Zones": [
            sins("@", [("A", "10.0.0.1"), ("MX", "10 mail"), ("NS", "ns1")], 10),
            sins("www", [("A", "10.0.0.2"), ("AAAA", "::2")], 10),
            sins("mail", [("A", "10.0.0.3")], 10)]}}),
        v19.get("example.com", cpath("Zones", sc="www", col="A")),
        v19.get("example.com", cpath("Zones", sc="www", col="TXT")),
        v19.get("example.com", cpath("Zones", sc="www")),
        v19.get_slice("example.com", cparent("Zones", sc="@"), pred(start="", count=10)),
        v19.get_slice("example.com", cparent("Zones"), pred(start="", count=10)),
        v19.get_slice("example.com", cparent("Zones"), pred(names=["www", "ftp"])),
        v19.get_count("example.com", cparent("Zones"), pred(start="", count=100)),
        v19.get_count("example.com", cparent("Zones", sc="@"), pred(start="", count=100)),
        v19.remove("example.com", cpath("Zones", sc="@", col="MX"), 11),
        v19.remove("example.com", cpath("Zones", sc="mail"), 11),
        v19.get_slice("example.com", cparent("Zones"), pred(start="", count=10)),
        v19.get("example.com", cpath("Zones", col="A")),
        v19.insert("example.com", cparent("Zones"), column("ftp", "10.0.0.4", 12)),
        v19.insert("example.com", cparent("Zones", sc="ftp"), column("A", "10.0.0.4", 12)),
        v19.get_slice("example.com", cparent("Zones", sc="none"), pred(start="", count=10)),
        v19.multiget_slice(["example.com", "example.org"], cparent("Zones", sc="www"),
                           pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- wiki revisions
@sc("04_wiki_revisions", "super", "zg_wk")
def wiki_revisions():
    """A wiki keeping each page's revisions as super columns named by LongType revision
    numbers (author, text, comment), the latest read by a reversed slice of count 1, a range
    of revisions, a diff's two revisions by name, old revisions pruned by a deletion of a
    slice range of super columns (refused where the release had no range deletions) and one
    by one, and a revision name of the wrong width; then its moderation tool's calls (a stale
    remove, an empty revision, a revision counted, two pages' revisions, a slice of none)."""
    ks = "zg_wk"
    steps = setup(ks, [cfd(ks, "Revisions", column_type="Super", comparator_type="LongType",
                           subcomparator_type="UTF8Type")])
    revs = [sins(long_(n), [("author", "user%d" % (n % 3)), ("text", "v%d " % n * 20),
                            ("comment", "edit %d" % n)], 10) for n in range(1, 7)]
    steps += [
        v19.batch_mutate({"Main_Page": {"Revisions": revs}}),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start="", reversed=True, count=1)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start=long_(2), finish=long_(4),
                                                              count=10)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(names=[long_(3), long_(5)])),
        v19.get_slice("Main_Page", cparent("Revisions", sc=long_(6)), pred(names=["author"])),
        v19.batch_mutate({"Main_Page": {"Revisions": [
            dele(t=11, rng=kit.D.srange(long_(1), long_(2)))]}}),
        v19.batch_mutate({"Main_Page": {"Revisions": [dele([long_(1)], 11),
                                                      dele([long_(2)], 11)]}}),
        v19.batch_mutate({"Main_Page": {"Revisions": [dele(["comment"], 11, sc_=long_(3))]}}),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start="", count=10)),
        v19.get_count("Main_Page", cparent("Revisions"), pred(start="", count=100)),
        v19.insert("Main_Page", cparent("Revisions", sc=struct.pack(">i", 7)),
                   column("author", "bob", 12)),
        v19.insert("Main_Page", cparent("Revisions", sc=long_(7)), column("author", "bob", 12)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start="", reversed=True, count=1)),
        # its moderation tool: a revision removed at a timestamp older than its fields, a
        # revision opened with no fields yet, one revision whole and counted, revisions of two
        # pages, a slice of no revisions
        v19.remove("Main_Page", cpath("Revisions", sc=long_(4)), 9),
        v19.get("Main_Page", cpath("Revisions", sc=long_(4))),
        v19.batch_mutate({"Main_Page": {"Revisions": [sins(long_(8), [], 13)]}}),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start=long_(7), count=10)),
        v19.get_count("Main_Page", cparent("Revisions", sc=long_(4)), pred(start="", count=10)),
        v19.batch_mutate({"Help": {"Revisions": [sins(long_(1), [("author", "cid")], 13)]}}),
        v19.multiget_slice(["Main_Page", "Help"], cparent("Revisions", sc=long_(1)),
                           pred(start="", count=10)),
        v19.multiget_slice(["Main_Page", "Help"], cparent("Revisions"), pred(start="", count=1)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start="", count=0)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- shopping cart counters
@sc("05_cart_counters", "counter", "zg_ct", when=V08)
def cart_counters():
    """A shopping cart on 0.8's counters: quantities added and taken away by add, a batch of
    counter mutations for a whole cart, a quantity read by get and the cart by get_slice, an
    item removed by remove_counter, and the mistakes: a regular insert into the counter
    family, an add to a regular family, an add at ANY, a counter batch carrying a deletion
    with a timestamp, and a multiget of carts at QUORUM."""
    ks = "zg_ct"
    steps = setup(ks, [cfd(ks, "Carts", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Items", comparator_type="UTF8Type")])
    steps += [
        v19.add("cart1", cparent("Carts"), counter_column("sku-1", 2)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-1", 1)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-2", 5)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-2", -2)),
        v19.batch_mutate({"cart2": {"Carts": [cadd("sku-1", 1), cadd("sku-3", 4)]}}),
        v19.get("cart1", cpath("Carts", col="sku-1")),
        v19.get_slice("cart1", cparent("Carts"), pred(start="", count=10)),
        v19.remove_counter("cart1", cpath("Carts", col="sku-2")),
        v19.get_slice("cart1", cparent("Carts"), pred(start="", count=10)),
        v19.insert("cart1", cparent("Carts"), column("sku-9", "1", 10)),
        v19.add("cart1", cparent("Items"), counter_column("sku-1", 1)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-1", 1), ANY),
        v19.batch_mutate({"cart2": {"Carts": [dele(["sku-3"], 10)]}}),
        v19.batch_mutate({"cart2": {"Carts": [dele(["sku-3"])]}}),
        v19.multiget_slice(["cart1", "cart2", "cart3"], cparent("Carts"),
                           pred(start="", count=10), QUORUM),
        v19.get_count("cart2", cparent("Carts"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- TimeUUID job queue
@sc("06_job_queue", "basic", "zg_jq")
def job_queue():
    """A job queue on TimeUUID columns: jobs written to a `pending` row, a worker taking the
    oldest (count 1), claiming it by a TTL'd column in a `claimed` row and deleting it from
    `pending` in one batch, a second worker's delete with an older timestamp (which does not
    win), a re-enqueue at the tombstone's timestamp, and the queue's depth by get_count."""
    ks = "zg_jq"
    steps = setup(ks, [cfd(ks, "Queue", comparator_type="TimeUUIDType")])
    jobs = [timeuuid(500 + i) for i in range(4)]
    steps += [
        v19.batch_mutate({"pending": {"Queue": [ins(j, "job%d" % i, 10)
                                                for i, j in enumerate(jobs)]}}),
        v19.get_slice("pending", cparent("Queue"), pred(start="", count=1)),
        v19.batch_mutate({"pending": {"Queue": [dele([jobs[0]], 11)]},
                          "claimed": {"Queue": [ins(jobs[0], "worker-a", 11, 300)]}}),
        v19.get_slice("pending", cparent("Queue"), pred(start="", count=1)),
        v19.remove("pending", cpath("Queue", col=jobs[1]), 9),
        v19.get_slice("pending", cparent("Queue"), pred(start="", count=10)),
        v19.remove("pending", cpath("Queue", col=jobs[1]), 12),
        v19.insert("pending", cparent("Queue"), column(jobs[1], "job1-retry", 12)),
        v19.get_slice("pending", cparent("Queue"), pred(start="", count=10)),
        v19.get_count("pending", cparent("Queue"), pred(start="", count=1000)),
        v19.get_slice("claimed", cparent("Queue"), pred(start="", count=10)),
        v19.multiget_slice(["pending", "claimed"], cparent("Queue"),
                           pred(start=jobs[1], finish=jobs[2], count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- index search page
@sc("07_index_search", "index", "zg_is")
def index_search():
    """A product search page on KEYS indexes: category EQ with a price range on a LongType
    column, pages of 2 from the last key, a page size of 0, clauses with no EQ, with only an
    unindexed column, on a column the family does not declare, with a value of the wrong
    width, and an index clause against a family that has no index; a negative count, a start
    key past every row, an operator number no IDL declared, and (1.1) the same filters as a
    range scan's row_filter."""
    ks = "zg_is"
    steps = setup(ks, [cfd(ks, "Products", comparator_type="UTF8Type",
                           column_metadata=[coldef("category", "UTF8Type", True),
                                            coldef("price", "LongType")]),
                       cfd(ks, "Plain", comparator_type="UTF8Type")])
    prods = [("p%d" % i, "books" if i % 2 else "music", 5 * i) for i in range(8)]
    steps.append(v19.batch_mutate({p: {"Products": [ins("category", c, 10),
                                                    ins("price", long_(pr), 10),
                                                    ins("name", "item %s" % p, 10)]}
                                   for p, c, pr in prods}))
    books = [index_expr("category", EQ, "books")]
    steps += [
        v19.get_indexed_slices(cparent("Products"), index_clause(books, count=2),
                               pred(names=["name", "price"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            books + [index_expr("price", GT, long_(10))]), pred(names=["price"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            books + [index_expr("price", LT, long_(20))], start_key="p3", count=2),
            pred(names=["price"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(books, count=0),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("price", GTE, long_(10))]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [index_expr("name", EQ, "item p1")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            books + [index_expr("colour", EQ, "red")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            books + [index_expr("price", GT, "10")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Plain"), index_clause(books), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause([]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Products"), index_clause(books, count=-1),
                               pred(start="", count=10)),
        # where the release closed the connection, the client reconnects and sets its keyspace
        v19.set_keyspace(ks),
        v19.get_indexed_slices(cparent("Products"), index_clause(books, start_key="zz"),
                               pred(names=["price"])),
        v19.get_indexed_slices(cparent("Products"), index_clause(
            [W.struct({1: b("category"), 2: W.i32(7), 3: b("books")})]),
            pred(start="", count=10)),
        v19.set_keyspace(ks),
        v19.set_keyspace(ks),
    ]
    if V11:
        # 1.1's page filters a range scan by index expressions
        steps += [
            v19.get_range_slices(cparent("Products"), pred(names=["price"]),
                                 key_range(start_key="", end_key="", count=10,
                                           row_filter=books)),
            v19.get_range_slices(cparent("Products"), pred(names=["price"]),
                                 key_range(start_key="", end_key="", count=10,
                                           row_filter=[index_expr("price", GT, long_(20))])),
            v19.get_range_slices(cparent("Products"), pred(names=["price"]),
                                 key_range(start_token="0", end_token="0", count=3,
                                           row_filter=books)),
            v19.get_range_slices(cparent("Products"), pred(names=["name"]),
                                 key_range(start_key="", end_key="", count=10,
                                           row_filter=[index_expr("colour", EQ, "red")])),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- Mahout Taste
@sc("08_mahout_taste", "basic", "zg_mh")
def mahout_taste():
    """Mahout Taste's CassandraDataModel (on Hector): users and items as LongType row keys,
    preferences as float values under LongType names, the reverse family of item -> users, a
    user's preferences, multigets of several users, a count of an item's users, the ID rows
    scanned by ranges, and a preference removed."""
    ks = "zg_mh"
    steps = setup(ks, [cfd(ks, "users", comparator_type="LongType"),
                       cfd(ks, "items", comparator_type="LongType"),
                       cfd(ks, "userIDs", comparator_type="LongType"),
                       cfd(ks, "itemIDs", comparator_type="LongType")])
    prefs = [(1, 101, 4.5), (1, 102, 3.0), (2, 101, 5.0), (3, 103, 1.5), (2, 103, 2.0)]
    muts = {}
    for u, i, p in prefs:
        muts.setdefault(long_(u), {}).setdefault("users", []).append(ins(long_(i), fl(p), 10))
        muts.setdefault(long_(i), {}).setdefault("items", []).append(ins(long_(u), fl(p), 10))
    muts[b"\x00"] = {"userIDs": [ins(long_(u), "", 10) for u in (1, 2, 3)],
                     "itemIDs": [ins(long_(i), "", 10) for i in (101, 102, 103)]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice(long_(1), cparent("users"), pred(start="", count=1000)),
        v19.get(long_(2), cpath("users", col=long_(103))),
        v19.multiget_slice([long_(1), long_(2), long_(9)], cparent("users"),
                           pred(start="", count=1000)),
        v19.get_count(long_(101), cparent("items"), pred(start="", count=1000)),
        v19.get_slice(b"\x00", cparent("userIDs"), pred(start="", count=2)),
        v19.get_slice(b"\x00", cparent("userIDs"), pred(start=long_(2), count=2)),
        v19.get_range_slices(cparent("items"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=2)),
        v19.remove(long_(1), cpath("users", col=long_(102)), 11),
        v19.get_slice(long_(1), cparent("users"), pred(start="", count=1000)),
        v19.get(long_(1), cpath("users", col=struct.pack(">i", 101))),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Flume-OG sink
@sc("09_flume_sink", "batch", "zg_fl")
def flume_sink():
    """A Flume-OG Cassandra sink: events batched by batch_mutate at ONE and at ANY, one row per
    source and day of TimeUUID names, with the event body and its host in a second family, a
    batch naming one family twice for a row and one with an empty row key, and a scan of the
    day's rows keys-only (a predicate of count 0)."""
    ks = "zg_fl"
    steps = setup(ks, [cfd(ks, "Events", comparator_type="TimeUUIDType"),
                       cfd(ks, "Hosts", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"src1:20120314": {"Events": [ins(timeuuid(i), "body %d" % i, 10)
                                                       for i in range(3)],
                                            "Hosts": [ins("web1", "", 10)]},
                          "src2:20120314": {"Events": [ins(timeuuid(10), "body x", 10)]}}),
        v19.batch_mutate({"src1:20120314": {"Events": [ins(timeuuid(3), "body 3", 10)]}}, ANY),
        v19.batch_mutate({"": {"Events": [ins(timeuuid(4), "body 4", 10)]}}),
        v19.batch_mutate({"src1:20120314": {"Events": [ins(timeuuid(5), "", 10)]}}),
        v19.get_range_slices(cparent("Events"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Hosts"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("src1:20120314", cparent("Events"), pred(start="", count=1000)),
        v19.get_slice("src1:20120314", cparent("Events"), pred(start="", count=10), ANY),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- OAuth tokens
@sc("10_oauth_tokens", "ttl", "zg_oa")
def oauth_tokens():
    """An OAuth provider's token store: access tokens as rows of TTL'd columns (1 hour), the
    user's column behind a KEYS index to list a user's tokens, refresh tokens without a TTL,
    a token revoked by a row remove, a TTL one second past 1.1's 20-year maximum, one of ten
    years read back, and a TTL written into an indexed column."""
    ks = "zg_oa"
    steps = setup(ks, [cfd(ks, "Tokens", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("user", "UTF8Type", True)])])
    hour = 3600
    steps += [
        v19.batch_mutate({"tok%d" % i: {"Tokens": [ins("user", "alice" if i < 3 else "bob", 10,
                                                       hour),
                                                   ins("scope", "read", 10, hour),
                                                   ins("refresh", "r%d" % i, 10)]}
                          for i in range(5)}),
        v19.get_slice("tok1", cparent("Tokens"), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("user", EQ,
                                                                           "alice")]),
                               pred(names=["scope"])),
        v19.remove("tok1", cpath("Tokens"), 11),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("user", EQ,
                                                                           "alice")]),
                               pred(names=["scope"])),
        v19.insert("tok9", cparent("Tokens"), column("scope", "x", 11, 630720001)),
        v19.insert("tok9", cparent("Tokens"), column("scope", "x", 11, 315360000)),
        v19.get("tok9", cpath("Tokens", col="scope")),
        v19.insert("tok8", cparent("Tokens"), column("user", "carol", 11, 60)),
        v19.get_indexed_slices(cparent("Tokens"), index_clause([index_expr("user", EQ,
                                                                           "carol")]),
                               pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- leaderboard
@sc("11_leaderboard", "basic", "zg_lb")
def leaderboard():
    """A game's leaderboard: a row per board of LongType score names (negated, so the top
    scores come first in ascending order) holding player names, the top 3, ranks from a
    score, a player's old score replaced by a batch deleting and inserting, negative scores
    and a score name of four bytes."""
    ks = "zg_lb"
    steps = setup(ks, [cfd(ks, "Boards", comparator_type="LongType",
                           default_validation_class="UTF8Type")])
    scores = [("ann", 900), ("bob", 750), ("cid", 990), ("dan", 120)]
    steps += [
        v19.batch_mutate({"weekly": {"Boards": [ins(long_(-s), p, 10) for p, s in scores]}}),
        v19.get_slice("weekly", cparent("Boards"), pred(start="", count=3)),
        v19.get_slice("weekly", cparent("Boards"), pred(start=long_(-800), count=10)),
        v19.get_slice("weekly", cparent("Boards"), pred(start="", reversed=True, count=1)),
        v19.batch_mutate({"weekly": {"Boards": [dele([long_(-120)], 11),
                                                ins(long_(-995), "dan", 11)]}}),
        v19.get_slice("weekly", cparent("Boards"), pred(start="", count=3)),
        v19.insert("weekly", cparent("Boards"), column(struct.pack(">i", 5), "eve", 11)),
        v19.insert("weekly", cparent("Boards"), column(long_(2 ** 63 - 1), "last", 11)),
        v19.get_slice("weekly", cparent("Boards"), pred(start=long_(0), finish=long_(-1),
                                                        count=10)),
        v19.get_count("weekly", cparent("Boards"), pred(start=long_(-1000), finish=long_(-500),
                                                        count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- URL shortener
@sc("12_url_shortener", "counter", "zg_us", when=V08)
def url_shortener():
    """A URL shortener: short codes to URLs in a UTF8 family and click counters per code and
    day in a counter family, counts read by multiget_slice and multiget_count, a code's daily
    clicks as a slice, a counter of a code never clicked, and a read of the counters at ALL
    on one node."""
    ks = "zg_us"
    steps = setup(ks, [cfd(ks, "Urls", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "Clicks", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    steps += [
        v19.batch_mutate({"abc": {"Urls": [ins("url", "http://example.com/a", 10)]},
                          "xyz": {"Urls": [ins("url", "http://example.com/x", 10)]}}),
        v19.batch_mutate({"abc": {"Clicks": [cadd("20120314", 3), cadd("20120315", 1)]},
                          "xyz": {"Clicks": [cadd("20120314", 7)]}}),
        v19.add("abc", cparent("Clicks"), counter_column("20120315", 1)),
        v19.multiget_slice(["abc", "xyz", "nop"], cparent("Clicks"), pred(start="", count=10)),
        v19.multiget_count(["abc", "xyz", "nop"], cparent("Clicks"), pred(start="", count=10)),
        v19.get("nop", cpath("Clicks", col="20120314")),
        v19.get_slice("abc", cparent("Clicks"), pred(start="20120315", count=10), ALL),
        v19.get("abc", cpath("Urls", col="url")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- schema race
@sc("13_schema_race", "schema", "zg_sr")
def schema_race():
    """Two instances of one app starting together: both add the keyspace (the second is
    refused), both add the same families, one drops a family the other still writes to, a
    family re-added with another comparator, a family dropped twice, and a keyspace added
    with a family naming another keyspace."""
    ks = "zg_sr"
    steps = setup(ks, [cfd(ks, "Jobs", comparator_type="UTF8Type")])
    steps += [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Jobs", comparator_type="UTF8Type")])),
        v19.system_add_column_family(cfd(ks, "Runs", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Runs", comparator_type="UTF8Type")),
        v19.insert("r1", cparent("Runs"), column("state", "ok", 10)),
        v19.system_drop_column_family("Runs"),
        v19.insert("r1", cparent("Runs"), column("state", "ok", 11)),
        v19.system_drop_column_family("Runs"),
        v19.system_add_column_family(cfd(ks, "Runs", comparator_type="LongType")),
        v19.get_slice("r1", cparent("Runs"), pred(start="", count=10)),
        v19.system_add_keyspace(ksd("zg_sr2", [cfd(ks, "Other")])),
        v19.system_add_column_family(cfd("zg_sr_nope", "Jobs")),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- newcomer mistakes
@sc("14_newcomer_mistakes", "basic", "zg_nm")
def newcomer_mistakes():
    """A newcomer's first day: calls before set_keyspace, set_keyspace of a keyspace that does
    not exist, a LongType comparator given text names, counts of 0, of -1 and of 2^31-1, an
    empty column name, an empty row key, a key and a column name past 64 KiB, a value of
    1 MiB, levels a one-node cluster cannot meet, and a get_count at an unknown level."""
    ks = "zg_nm"
    steps = [
        v19.get_slice("k", cparent("Items"), pred(start="", count=10)),
        v19.insert("k", cparent("Items"), column("a", "1", 10)),
        v19.set_keyspace("zg_nm_typo"),
    ]
    steps += setup(ks, [cfd(ks, "Items", comparator_type="UTF8Type"),
                        cfd(ks, "Nums", comparator_type="LongType")])
    steps += [
        v19.insert("k", cparent("Nums"), column("1", "one", 10)),
        v19.insert("k", cparent("Nums"), column(long_(1), "one", 10)),
        v19.get_slice("k", cparent("Nums"), pred(start="1", count=10)),
        v19.get_slice("k", cparent("Items"), pred(start="", count=0)),
        v19.get_slice("k", cparent("Items"), pred(start="", count=-1)),
        v19.get_slice("k", cparent("Nums"), pred(start="", count=2 ** 31 - 1)),
        v19.insert("k", cparent("Items"), column("", "x", 10)),
        v19.insert("", cparent("Items"), column("a", "x", 10)),
        v19.insert("k" * 65536, cparent("Items"), column("a", "x", 10)),
        v19.insert("k", cparent("Items"), column("n" * 65536, "x", 10)),
        v19.insert("big", cparent("Items"), column("blob", "v" * (1 << 20), 10)),
        v19.get_count("big", cparent("Items"), pred(start="", count=10)),
        v19.insert("k", cparent("Items"), column("b", "x", 10), ALL),
        v19.insert("k", cparent("Items"), column("b", "x", 10), TWO),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10), QUORUM),
        v19.get_count("k", cparent("Items"), pred(start="", count=10), 99),
        v19.get_slice("k", cparent("Missing"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- photo album
@sc("15_photo_album", "basic", "zg_ph")
def photo_album():
    """A photo album of binary keys (20-byte SHA-1 digests, one with zero bytes), thumbnails as
    BytesType-named chunks, a multiget naming one key twice, slices whose finish sorts before
    their start (forward and reversed), and chunks deleted by names."""
    ks = "zg_ph"
    steps = setup(ks, [cfd(ks, "Photos", comparator_type="BytesType")])
    k1 = bytes(range(20))
    k2 = b"\x00" * 4 + bytes(range(100, 116))
    steps += [
        v19.batch_mutate({k1: {"Photos": [ins(bytes([i]), bytes([i]) * 64, 10)
                                          for i in range(5)]},
                          k2: {"Photos": [ins(b"\x00", b"\xff" * 32, 10)]}}),
        v19.multiget_slice([k1, k2, k1], cparent("Photos"), pred(start="", count=2)),
        v19.get_slice(k1, cparent("Photos"), pred(start=b"\x03", finish=b"\x01", count=10)),
        v19.get_slice(k1, cparent("Photos"), pred(start=b"\x01", finish=b"\x03", reversed=True,
                                                  count=10)),
        v19.get_slice(k1, cparent("Photos"), pred(start=b"\x03", finish=b"\x01", reversed=True,
                                                  count=10)),
        v19.batch_mutate({k1: {"Photos": [dele([b"\x00", b"\x04"], 11)]}}),
        v19.get_slice(k1, cparent("Photos"), pred(start="", count=10)),
        v19.get_count(k2, cparent("Photos"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- feature flags
@sc("16_feature_flags", "range", "zg_ff")
def feature_flags():
    """A feature-flag service: a row per flag, all flags listed by a range scan paged from the
    last key (RandomPartitioner order), a range by tokens, and its mistakes: a start key after
    the end key in token order, a range given both keys and tokens, a range of neither, and a
    row count of 0; then a Hadoop-style job's token ranges (wrapping, the whole ring, tokens
    RandomPartitioner cannot read or that lie outside its range, a start key with an end
    token, an end token alone) and its splits."""
    ks = "zg_ff"
    steps = setup(ks, [cfd(ks, "Flags", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    flags = ["dark_mode", "beta_search", "new_checkout", "fast_login", "v2_api"]
    order = by_token(flags)
    steps += [
        v19.batch_mutate({f: {"Flags": [ins("on", "true", 10), ins("pct", "50", 10)]}
                          for f in flags}),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key=order[1], end_key="", count=3)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token=md5_token(order[0]),
                                       end_token=md5_token(order[3]), count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key=order[3], end_key=order[1], count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key=order[0], end_key=order[2],
                                       start_token="0", count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]), key_range(count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key=order[2], end_key=order[2], count=10)),
        # a Hadoop-style job's token ranges: wrapping, the whole ring, tokens that are not
        # RandomPartitioner's, a key mixed with a token, an end token alone
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token=md5_token(order[3]),
                                       end_token=md5_token(order[0]), count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token="0", end_token="0", count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token="abc", end_token="0", count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token="-1", end_token="0", count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_token=str(2 ** 127 + 5), end_token="0", count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(start_key=order[0], end_token=md5_token(order[3]),
                                       count=10)),
        v19.get_range_slices(cparent("Flags"), pred(names=["on"]),
                             key_range(end_token=md5_token(order[3]), count=10)),
        v19.describe_splits("Flags", "abc", "0", 128),
        v19.describe_splits("Flags", md5_token(order[3]), md5_token(order[0]), 1),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- session tombstones
@sc("17_session_tombstones", "delete", "zg_st")
def session_tombstones():
    """A session store ending sessions by row removes: a row removed at a timestamp between
    its columns' (the later column survives), a write older than the tombstone, a remove at
    ANY, a super-family-style path on a standard family, a remove without a timestamp's
    effect checked by a range scan (the ghost row), and a batch removing a row and writing it
    again in one mutation list."""
    ks = "zg_st"
    steps = setup(ks, [cfd(ks, "Sessions", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"s1": {"Sessions": [ins("user", "ann", 10), ins("seen", "1", 20)]},
                          "s2": {"Sessions": [ins("user", "bob", 10)]}}),
        v19.remove("s1", cpath("Sessions"), 15),
        v19.get_slice("s1", cparent("Sessions"), pred(start="", count=10)),
        v19.insert("s1", cparent("Sessions"), column("user", "ann2", 14)),
        v19.get_slice("s1", cparent("Sessions"), pred(start="", count=10)),
        v19.remove("s2", cpath("Sessions"), 16, ANY),
        v19.get_range_slices(cparent("Sessions"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove("s2", cpath("Sessions", sc="x"), 17),
        v19.batch_mutate({"s3": {"Sessions": [dele(None, 18), ins("user", "cid", 18)]}}),
        v19.get_slice("s3", cparent("Sessions"), pred(start="", count=10)),
        v19.batch_mutate({"s3": {"Sessions": [ins("user", "dan", 19), dele(None, 19)]}}),
        v19.get_slice("s3", cparent("Sessions"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- migration tool
@sc("18_voldemort_migration", "batch", "zg_vm")
def voldemort_migration():
    """A tool migrating a Voldemort store: values copied in batches of many rows, the copy
    verified by key pages (the last key repeated as the next start), a store truncated and
    reloaded, and a read of the truncated family."""
    ks = "zg_vm"
    steps = setup(ks, [cfd(ks, "Store", comparator_type="BytesType")])
    keys = ["key%03d" % i for i in range(40)]
    order = by_token(keys)
    steps += [
        v19.batch_mutate({k: {"Store": [ins("v", "val-" + k, 10)]} for k in keys[:20]}),
        v19.batch_mutate({k: {"Store": [ins("v", "val-" + k, 10)]} for k in keys[20:]}),
        v19.get_range_slices(cparent("Store"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=15)),
        v19.get_range_slices(cparent("Store"), pred(start="", count=1),
                             key_range(start_key=order[14], end_key="", count=15)),
        v19.get_range_slices(cparent("Store"), pred(start="", count=1),
                             key_range(start_key=order[28], end_key="", count=15)),
        v19.truncate("Store"),
        v19.get_range_slices(cparent("Store"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=15)),
        v19.truncate("NoStore"),
        v19.batch_mutate({k: {"Store": [ins("v", "val2-" + k, 10)]} for k in keys[:3]}),
        v19.multiget_slice(keys[:4], cparent("Store"), pred(start="", count=1)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 report
@sc("19_cql2_report", "cql", "zg_c2", when=V08)
def cql2_report():
    """A reporting job on CQL 2: rows written by Thrift and read by SELECT with KEY IN, a
    column range (FIRST, REVERSED), a count, a column family that does not exist, a SELECT
    before USE, and an UPDATE at a timestamp read back; then its nightly job's statements (a
    trailing semicolon, a leading comment line, a key range on RandomPartitioner, a SELECT of
    every row, an INSERT of a key alone, a BATCH at a timestamp, an UPDATE at ANY, a DELETE of
    keys by IN, a TRUNCATE)."""
    ks = "zg_c2"
    steps = [cql("SELECT * FROM sales WHERE KEY = 'x'")]
    steps += setup(ks, [cfd(ks, "sales", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"d%d" % i: {"sales": [ins("east", str(10 * i), 10),
                                                ins("west", str(5 * i), 10),
                                                ins("north", str(i), 10)]}
                          for i in range(3)}),
        cql("SELECT east, west FROM sales WHERE KEY IN ('d1', 'd2', 'd9')"),
        cql("SELECT FIRST 2 REVERSED * FROM sales WHERE KEY = 'd1'"),
        cql("SELECT 'east'..'north' FROM sales WHERE KEY = 'd2'"),
        cql("SELECT COUNT(*) FROM sales WHERE KEY = 'd1'"),
        cql("SELECT * FROM salez WHERE KEY = 'd1'"),
        cql("UPDATE sales USING TIMESTAMP %d SET 'east' = '99' WHERE KEY = 'd1'" % T),
        cql("SELECT east FROM sales WHERE KEY = 'd1'"),
        cql("DELETE west FROM sales WHERE KEY = 'd1'"),
        cql("SELECT west FROM sales WHERE KEY = 'd1'"),
        # the nightly job's statements
        cql("SELECT KEY, east FROM sales WHERE KEY = 'd2';"),
        cql("SELECT FIRST 1 * FROM sales WHERE KEY IN ('d0', 'd2')"),
        cql("SELECT east FROM sales WHERE KEY >= 'd1' AND KEY <= 'd2'"),
        cql("SELECT east FROM sales"),
        cql("-- the nightly totals\nSELECT north FROM sales WHERE KEY = 'd2'"),
        cql("INSERT INTO sales (KEY) VALUES ('d5')"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP %d\n"
            "INSERT INTO sales (KEY, east) VALUES ('d6', '1')\n"
            "UPDATE sales SET west = '2' WHERE KEY = 'd6'\n"
            "DELETE north FROM sales WHERE KEY = 'd2'\nAPPLY BATCH" % T),
        cql("SELECT * FROM sales WHERE KEY IN ('d6', 'd2')"),
        cql("UPDATE sales USING CONSISTENCY ANY SET 'east' = '5' WHERE KEY = 'd7'"),
        cql("DELETE FROM sales WHERE KEY IN ('d0', 'd1')"),
        cql("TRUNCATE sales"),
        cql("SELECT east FROM sales WHERE KEY = 'd2'"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- operator
@sc("20_operator_keyspace", "schema", "zg_op")
def operator_keyspace():
    """An operator's script: the replication factor raised past the one node by
    update_keyspace, the strategy switched to NetworkTopologyStrategy with a data centre that
    does not exist, writes at ONE and QUORUM afterwards, describe_splits of a family, and an
    update naming no keyspace that exists."""
    ks = "zg_op"
    steps = setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k", cparent("Data"), column("a", "1", 10)),
        v19.system_update_keyspace(ksd(ks, [], rf=3)),
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Data"), column("b", "1", 10)),
        v19.insert("k", cparent("Data"), column("c", "1", 10), QUORUM),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"DC9": "2"})),
        v19.insert("k", cparent("Data"), column("d", "1", 10), LOCAL_QUORUM),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10)),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.describe_splits("Data", "0", "100", 128),
        v19.system_update_keyspace(ksd("zg_op_none", [], rf=1)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("21_later_idl_client", "schema", "zg_li", when=not V11)
def later_idl_client():
    """A client built against 1.1's IDL on the older release: a CfDef with
    key_validation_class, compaction and compression options and caching, a KsDef with
    durable_writes, get_paged_slice and describe_splits_ex, a CQL 3 call of 1.2's IDL, and
    the everyday calls that follow."""
    ks = "zg_li"
    steps = [
        v19.system_add_keyspace(W.struct({1: b(ks), 2: b(SS), 3: kit.strmap(
            {"replication_factor": "1"}), 4: W.i32(1), 5: W.list_("struct", []),
            6: W.boolean(True)})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd_later(ks, "Users", comparator_type="UTF8Type",
                                               key_validation_class="UTF8Type",
                                               caching="keys_only")),
        v19.system_add_column_family(cfd_later(ks, "Logs", comparator_type="UTF8Type",
                                               compaction_strategy="LeveledCompactionStrategy",
                                               compression_options={
                                                   "sstable_compression": "SnappyCompressor"})),
        v19.describe_keyspace(ks),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        v19.get_paged_slice("Users", key_range(start_key="", end_key="", count=10), ""),
        kit.splits_ex("Users", "0", "100", 128),
        v19.execute_cql3_query("SELECT * FROM Users"),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL on 1.1
@sc("22_later_idl_11", "schema", "zg_l2", when=V11)
def later_idl_11():
    """A client built against 1.2's IDL on 1.1: CfDef fields 1.1 lacked (dclocal read repair,
    populate_io_cache_on_flush, default_time_to_live), the CQL 3 calls of 1.2
    (execute_cql3_query, prepare_cql3_query), describe_token_map, atomic_batch_mutate, and the
    everyday calls that follow."""
    ks = "zg_l2"
    steps = setup(ks, [])
    steps += [
        v19.system_add_column_family(cfd_later(ks, "Users", comparator_type="UTF8Type",
                                               dclocal_read_repair_chance=0.1,
                                               populate_io_cache_on_flush=True,
                                               default_time_to_live=100)),
        v19.describe_keyspace(ks),
        v19.execute_cql3_query("SELECT * FROM Users"),
        v19.prepare_cql3_query("SELECT * FROM Users WHERE key = ?"),
        v19.describe_token_map(),
        v19.atomic_batch_mutate({"u1": {"Users": [ins("name", "ann", 10)]}}),
        v19.set_keyspace(ks),
        v19.get_paged_slice("Users", key_range(start_key="", end_key="", count=10), ""),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- inbox without counters
@sc("23_inbox_unread", "basic", "zg_ib")
def inbox_unread():
    """A 0.7-era mail app keeping unread counts without counters: a count column read, then
    written back with a later timestamp (read-modify-write), messages per inbox row as
    LexicalUUIDType names, unread counts by multiget_count, messages read in pages of 2 by
    the last name, a whole inbox cleared by a deletion of a slice range (refused by these
    releases), and the same cleared by names."""
    ks = "zg_ib"
    steps = setup(ks, [cfd(ks, "Inbox", comparator_type="LexicalUUIDType"),
                       cfd(ks, "Meta", comparator_type="UTF8Type",
                           default_validation_class="LongType")])
    msgs = [lexuuid(i + 1) for i in range(5)]
    steps += [
        v19.batch_mutate({"ann": {"Inbox": [ins(m, "mail %d" % i, 10) for i, m in enumerate(msgs)],
                                  "Meta": [ins("unread", long_(5), 10)]},
                          "bob": {"Inbox": [ins(msgs[0], "hi", 10)],
                                  "Meta": [ins("unread", long_(1), 10)]}}),
        v19.get("ann", cpath("Meta", col="unread")),
        v19.insert("ann", cparent("Meta"), column("unread", long_(4), 11)),
        v19.insert("ann", cparent("Meta"), column("unread", "3", 12)),
        v19.get("ann", cpath("Meta", col="unread")),
        v19.multiget_count(["ann", "bob", "cid"], cparent("Inbox"), pred(start="", count=100)),
        v19.get_slice("ann", cparent("Inbox"), pred(start="", count=2)),
        v19.get_slice("ann", cparent("Inbox"), pred(start=msgs[1], count=2)),
        v19.get_slice("ann", cparent("Inbox"), pred(start=msgs[3], count=2)),
        v19.get_slice("ann", cparent("Inbox"), pred(start=b"\x01\x02", count=2)),
        v19.batch_mutate({"bob": {"Inbox": [dele(t=11, rng=kit.D.srange("", ""))]}}),
        v19.batch_mutate({"bob": {"Inbox": [dele([msgs[0]], 11)]}}),
        v19.multiget_count(["ann", "bob"], cparent("Inbox"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- schema typos
@sc("24_schema_typos", "schema", "zg_ty")
def schema_typos():
    """A schema file typed by hand and loaded by a deploy script: a family name with a hyphen
    and one of 49 characters, a comparator class that does not exist and one in lower case, a
    column type in lower case, a sub-comparator on a standard family, a validator class
    misspelt in column metadata, an index type without a name beside one with a name used
    twice, compaction thresholds of 1 and 0, a read repair chance of 2, a negative gc grace,
    a keyspace name with a dot, and describe_keyspace of what was taken."""
    ks = "zg_ty"
    steps = setup(ks, [])
    adds = [
        ("user-events", dict(comparator_type="UTF8Type")),
        ("E" * 49, dict(comparator_type="UTF8Type")),
        ("NoClass", dict(comparator_type="Utf8Type")),
        ("Lower", dict(comparator_type="org.apache.cassandra.db.marshal.utf8type")),
        ("LowerSuper", dict(column_type="super", comparator_type="UTF8Type")),
        ("SubOnStd", dict(column_type="Standard", comparator_type="UTF8Type",
                          subcomparator_type="LongType")),
        ("BadMeta", dict(comparator_type="UTF8Type",
                         column_metadata=[coldef("age", "Longtype")])),
        ("IdxA", dict(comparator_type="UTF8Type",
                      column_metadata=[coldef("a", "UTF8Type", True, "shared_idx")])),
        ("IdxB", dict(comparator_type="UTF8Type",
                      column_metadata=[coldef("b", "UTF8Type", True, "shared_idx")])),
        ("Thresh1", dict(comparator_type="UTF8Type", min_compaction_threshold=1)),
        ("Thresh0", dict(comparator_type="UTF8Type", min_compaction_threshold=0,
                         max_compaction_threshold=0)),
        ("Chance", dict(comparator_type="UTF8Type", read_repair_chance=2.0)),
        ("Grace", dict(comparator_type="UTF8Type", gc_grace_seconds=-1)),
    ]
    for name, opts in adds:
        steps.append(v19.system_add_column_family(cfd(ks, name, **opts)))
    steps += [
        v19.system_add_keyspace(ksd("zg.ty2", [])),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- typed names
@sc("25_typed_names", "validation", "zg_tn")
def typed_names():
    """A catalogue app's typed families and the values its serializers got wrong: IntegerType
    names of one and nine bytes read in order, AsciiType names with a byte past 127, a UTF8Type
    slice start that is no UTF-8, a LexicalUUIDType name of 8 bytes in a predicate, a
    TimeUUIDType start of a version-4 UUID, and an AsciiType value validator given UTF-8."""
    ks = "zg_tn"
    steps = setup(ks, [cfd(ks, "Ints", comparator_type="IntegerType"),
                       cfd(ks, "Ascii", comparator_type="AsciiType",
                           default_validation_class="AsciiType"),
                       cfd(ks, "Utf", comparator_type="UTF8Type"),
                       cfd(ks, "Lex", comparator_type="LexicalUUIDType"),
                       cfd(ks, "Time", comparator_type="TimeUUIDType")])
    steps += [
        v19.batch_mutate({"k": {"Ints": [ins(b"\x05", "five", 10), ins(b"\xff", "minus one", 10),
                                         ins(b"\x01" + b"\x00" * 8, "2^64", 10),
                                         ins(b"\x00\x05", "five again", 10)]}}),
        v19.get_slice("k", cparent("Ints"), pred(start="", count=10)),
        v19.get_slice("k", cparent("Ints"), pred(start=b"\x00", finish=b"\x7f", count=10)),
        v19.insert("k", cparent("Ascii"), column(b"caf\xc3\xa9", "x", 10)),
        v19.insert("k", cparent("Ascii"), column("cafe", "caf\u00e9", 10)),
        v19.insert("k", cparent("Ascii"), column("cafe", "cafe", 10)),
        v19.get_slice("k", cparent("Utf"), pred(start=b"\xff\xfe", count=10)),
        v19.get_slice("k", cparent("Lex"), pred(names=[b"\x01" * 8])),
        v19.get_slice("k", cparent("Time"), pred(start=lexuuid(3), count=10)),
        v19.get_slice("k", cparent("Ascii"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- 0.7's KsDef
@sc("26_ksdef_07", "schema", "zg_k7", when=not V08)
def ksdef_07():
    """A 0.7 deploy script's KsDefs: a keyspace of replication factor 0, one without the
    required replication_factor, one on NetworkTopologyStrategy with strategy_options naming
    a data centre the node lacks and one on OldNetworkTopologyStrategy, replication factor 3
    on the one node and the writes and reads that follow at ONE and QUORUM, and an update
    lowering it again."""
    ks = "zg_k7"
    steps = [
        v19.system_add_keyspace(ksd("zg_k7_zero", [], rf=0)),
        v19.system_add_keyspace(W.struct({1: b("zg_k7_norf"), 2: b(SS),
                                          5: W.list_("struct", [])})),
        v19.set_keyspace(ks),
        v19.system_add_keyspace(ksd("zg_k7_nts", [], rf=1, strategy=NTS, options={"DC9": "1"})),
        v19.system_add_keyspace(ksd("zg_k7_onts", [], rf=1, strategy=kit.ONTS)),
        v19.describe_keyspace("zg_k7_onts"),
        v19.system_drop_keyspace("zg_k7_onts"),
        v19.system_drop_keyspace("zg_k7_nts"),
        v19.system_drop_keyspace("zg_k7_zero"),
    ]
    steps += setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type")], rf=3)
    steps += [
        v19.insert("k", cparent("Data"), column("a", "1", 10)),
        v19.insert("k", cparent("Data"), column("b", "1", 10), QUORUM),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10)),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_update_keyspace(ksd(ks, [], rf=1)),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- 0.7's memtable tuning
@sc("27_memtable_tuning_07", "schema", "zg_m7", when=not V08)
def memtable_tuning_07():
    """A 0.7 operator tuning families through the CfDef of its release: memtable flush
    minutes, throughput and operations (zero, negative, huge), row and key cache sizes as
    fractions and as counts (a fraction past 1, a negative size), cache save periods, and
    describe_keyspace of what was taken; then the same through updates without the id."""
    ks = "zg_m7"
    steps = setup(ks, [])
    adds = [
        ("Flush0", dict(memtable_flush_after_mins=0)),
        ("FlushNeg", dict(memtable_flush_after_mins=-5)),
        ("Thru0", dict(memtable_throughput_in_mb=0)),
        ("ThruBig", dict(memtable_throughput_in_mb=2 ** 31 - 1)),
        ("Ops0", dict(memtable_operations_in_millions=0.0)),
        ("OpsNeg", dict(memtable_operations_in_millions=-1.0)),
        ("RowFrac", dict(row_cache_size=0.5, key_cache_size=1.0)),
        ("RowNeg", dict(row_cache_size=-1.0)),
        ("Save", dict(row_cache_save_period_in_seconds=-1, key_cache_save_period_in_seconds=0)),
    ]
    for name, opts in adds:
        steps.append(v19.system_add_column_family(cfd(ks, name, comparator_type="UTF8Type",
                                                      **opts)))
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "RowFrac", comparator_type="UTF8Type",
                                            memtable_throughput_in_mb=64)),
        v19.system_update_column_family(cfd(ks, "RowFrac", comparator_type="UTF8Type",
                                            id=0, memtable_throughput_in_mb=64)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- 0.7's super indexes
@sc("28_super_scan_07", "super", "zg_s7", when=not V08)
def super_scan_07():
    """A 0.7 forum app on super columns (a thread row, a super column per post): its schema
    tries a KEYS index in a super family's column metadata, scans threads by
    get_range_slices with a sub-column predicate under a super column and with a predicate of
    super column names, counts posts and a post's fields by multiget_count, queries the super
    family by an index clause, and deletes a post's field by a batch deletion naming the
    super column."""
    ks = "zg_s7"
    steps = setup(ks, [cfd(ks, "Threads", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.system_add_column_family(cfd(ks, "Indexed", column_type="Super",
                                         comparator_type="UTF8Type",
                                         subcomparator_type="UTF8Type",
                                         column_metadata=[coldef("author", "UTF8Type", True)])),
        v19.batch_mutate({"t%d" % t: {"Threads": [sins("p%d" % p, [("author", "u%d" % p),
                                                                   ("body", "post %d" % p)], 10)
                                                  for p in range(t + 1)]}
                          for t in range(3)}),
        v19.get_range_slices(cparent("Threads", sc="p0"), pred(names=["author"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Threads"), pred(names=["p1", "p2"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_count(["t0", "t1", "t2"], cparent("Threads"), pred(start="", count=100)),
        v19.multiget_count(["t1", "t2"], cparent("Threads", sc="p1"), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Threads"), index_clause([index_expr("author", EQ,
                                                                            "u1")]),
                               pred(start="", count=10)),
        v19.batch_mutate({"t2": {"Threads": [dele(["body"], 11, sc_="p2")]}}),
        v19.get_slice("t2", cparent("Threads", sc="p2"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps
