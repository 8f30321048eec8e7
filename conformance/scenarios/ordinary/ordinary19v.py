"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model: a Haystack/Django search backend on pycassa (documents, an inverted index of super
columns, many-key multigets, posting deletions by super column predicates), Hector's
CassandraClusterTest-style describe calls at start, an Akka/Scala actor journal on Cascal
(LongType sequence numbers, deletes to a sequence number by timestamp), a delayed-job
scheduler that reschedules by remove-then-reinsert at chosen timestamps, the Ruby gem's
get_range with :start/:finish and wrapping token ranges, a FlockDB-style edge store in super
columns with counts, a shopping cart on counters (0.8 on: remove_counter, counter batches), an
IndexClause search form with GT/LT filters, a mixed-clock app (milliseconds and microseconds),
a cli-style admin session, a CQL 2 app of the Node.js/Go drivers (0.8 on), truncate at every
state on every release, consistency levels TWO and THREE on a one-node box, a Hadoop split
planner, super column slices of every shape, multiget of duplicate and odd keys, and clients
built against a later IDL talking to the release.  Each scenario owns its keyspace.  Recorded
with capture.py --api 19 --framed, each scenario on a fresh stock-yaml node."""
import os
import sys

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, srange, key_range, column, counter_column,
                 mutation, deletion, ins, index_expr, index_clause, long_, int32, timeuuid, EQ,
                 GT, GTE, LT, LTE, ONE, QUORUM, ALL, ANY, TWO)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, THREE, cfd, cfd_later, ksd, setup, coldef, cfid, md5_token, dele, cadd,  # noqa: E402
                 unknown, sins, many)
from kit import cql2 as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar('v_')


# --------------------------------------------------------------------------- Haystack backend
@sc("01_haystack_backend", "index", "v_hay")
def haystack_backend():
    """A Django app's Haystack search backend on pycassa: documents in a UTF8 column family, an
    inverted index of terms whose super columns are document ids holding the positions, a
    search that multigets the postings of several terms and then the documents (forty keys
    at once), a document re-indexed by deleting its postings as super columns by name, a
    posting trimmed by a Deletion of sub-columns inside a super column, and the rebuild_index
    command's truncate."""
    ks = "v_hay"
    steps = [v19.describe_keyspaces()]
    steps += setup(ks, [
        cfd(ks, "Documents", comparator_type="UTF8Type", default_validation_class="UTF8Type",
            key_validation_class="UTF8Type"),
        cfd(ks, "Postings", column_type="Super", comparator_type="UTF8Type",
            subcomparator_type="LongType", default_validation_class="BytesType")])
    texts = {}
    words = ["red", "blue", "green", "fast", "slow", "car", "boat", "plane"]
    for i in range(40):
        texts["doc%03d" % i] = [words[(i + j * 3) % 8] for j in range(4)]
    postings = {}
    for d, ws in texts.items():
        for pos, w in enumerate(ws):
            postings.setdefault(w, {}).setdefault(d, []).append(pos)
    mm = {}
    for d, ws in texts.items():
        mm[d] = {"Documents": [ins("text", " ".join(ws), 10), ins("django_ct", "blog.entry", 10),
                               ins("django_id", d[3:], 10)]}
    steps.append(v19.batch_mutate(mm))
    pm = {}
    for w, docs in postings.items():
        pm[w] = {"Postings": [sins(d, [(long_(p), "") for p in ps], 10)
                              for d, ps in sorted(docs.items())]}
    steps.append(v19.batch_mutate(pm))
    steps += [
        v19.multiget_slice(["red", "car", "zebra"], cparent("Postings"), pred(start="", count=5)),
        v19.multiget_count(["red", "car", "zebra"], cparent("Postings"),
                           pred(start="", count=1000)),
        v19.multiget_slice(sorted(texts), cparent("Documents"), pred(names=["text", "django_id"])),
        v19.multiget_slice(sorted(texts)[:10] + ["doc999"], cparent("Documents"),
                           pred(start="", count=1)),
        v19.get_slice("red", cparent("Postings", "doc000"), pred(start="", count=10)),
        v19.get_slice("red", cparent("Postings"), pred(start="doc010", finish="doc020",
                                                       count=100)),
        # doc000 re-indexed: its postings removed super column by super column name
        v19.batch_mutate({w: {"Postings": [dele(["doc000"], 20)]} for w in texts["doc000"]}),
        v19.get_slice("red", cparent("Postings"), pred(names=["doc000", "doc008"])),
        # a position trimmed inside a posting
        v19.batch_mutate({"blue": {"Postings": [dele([long_(1)], 20, sc_="doc001")]}}),
        v19.get_slice("blue", cparent("Postings", "doc001"), pred(start="", count=10)),
        v19.get_count("blue", cparent("Postings", "doc001"), pred(start="", count=10)),
        # a whole posting by its super column, no predicate
        v19.batch_mutate({"blue": {"Postings": [mutation(deletion_=deletion(20, sc="doc003"))]}}),
        v19.get("blue", cpath("Postings", "doc003")),
        v19.get("blue", cpath("Postings", "doc009", long_(0))),
        v19.get("blue", cpath("Postings", "doc009")),
        # mistakes: a sub-column name not a long, a sub-column deletion without the super column
        v19.batch_mutate({"red": {"Postings": [sins("doc050", [("p0", "")], 30)]}}),
        v19.batch_mutate({"red": {"Postings": [dele(None, 30, sc_=None,
                                                    rng=srange("doc001", "doc004"))]}}),
        v19.get_range_slices(cparent("Documents"), pred(names=["django_ct"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.truncate("Postings"),
        v19.get_range_slices(cparent("Postings"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector cluster
@sc("02_hector_cluster", "ring", "v_hcl")
def hector_cluster():
    """Hector's Cluster object at start and in its CassandraClusterTest: describe_cluster_name,
    describe_version, describe_partitioner, describe_snitch, describe_schema_versions,
    describe_keyspaces, describe_keyspace of system and of one missing, describe_ring of the
    system keyspace (refused) and of a user one, a keyspace added, then dropped twice, and the
    column family of the test added, described and dropped."""
    ks = "v_hcl"
    steps = [v19.describe_cluster_name(), v19.describe_version(), v19.describe_partitioner(),
             v19.describe_snitch(), v19.describe_schema_versions(),
             v19.describe_keyspace("system"), v19.describe_keyspace("v_hcl"),
             v19.describe_ring("system")]
    steps += [v19.system_add_keyspace(ksd(ks, [cfd(ks, "Standard1")])),
              v19.describe_ring(ks), v19.describe_keyspace(ks),
              v19.describe_schema_versions(),
              v19.system_add_keyspace(ksd(ks, [])),
              v19.set_keyspace(ks),
              v19.system_add_column_family(cfd(ks, "DynCf", comparator_type="UTF8Type",
                                               comment="hector test cf")),
              v19.system_add_column_family(cfd(ks, "DynCf")),
              v19.describe_keyspace(ks),
              v19.insert("k", cparent("DynCf"), column("c", "v", 1)),
              v19.get("k", cpath("DynCf", col="c")),
              v19.system_drop_column_family("DynCf"),
              v19.get("k", cpath("DynCf", col="c")),
              v19.system_drop_column_family("DynCf"),
              v19.describe_splits("Standard1", "0", "0", 128),
              v19.system_drop_keyspace(ks),
              v19.system_drop_keyspace(ks),
              v19.describe_keyspace(ks)]
    return steps


# --------------------------------------------------------------------------- Akka journal
@sc("03_akka_journal", "app", "v_akka")
def akka_journal():
    """An Akka persistent actor journal on a Scala client (Cascal): each actor's events in a
    row of LongType sequence numbers, replayed by slices from a sequence number, highest
    sequence read by a reversed count-1 slice, messages deleted up to a sequence number (each
    name removed with the delete's timestamp, and a range by batch), a delete carrying an
    older timestamp than the write (no effect), and snapshots in a second column family read
    newest first."""
    ks = "v_akka"
    steps = setup(ks, [
        cfd(ks, "Journal", comparator_type="LongType", default_validation_class="BytesType",
            key_validation_class="UTF8Type"),
        cfd(ks, "Snapshots", comparator_type="LongType", default_validation_class="BytesType")])
    for seq in range(1, 16):
        steps.append(v19.batch_mutate({"actor-a": {"Journal": [
            ins(long_(seq), "evt-a-%d" % seq, 100 + seq)]}}))
    steps.append(v19.batch_mutate({"actor-b": {"Journal": [
        ins(long_(s), "evt-b-%d" % s, 100 + s) for s in range(1, 6)]}}))
    steps += [
        v19.get_slice("actor-a", cparent("Journal"), pred(start=long_(1), count=5)),
        v19.get_slice("actor-a", cparent("Journal"), pred(start=long_(6), finish=long_(10),
                                                          count=100)),
        v19.get_slice("actor-a", cparent("Journal"), pred(start="", count=1, reversed=True)),
        v19.get_slice("actor-c", cparent("Journal"), pred(start="", count=1, reversed=True)),
    ]
    for seq in range(1, 5):
        steps.append(v19.remove("actor-a", cpath("Journal", col=long_(seq)), 200))
    steps += [
        v19.remove("actor-a", cpath("Journal", col=long_(5)), 50),
        v19.get_slice("actor-a", cparent("Journal"), pred(start="", count=3)),
        v19.batch_mutate({"actor-b": {"Journal": [dele([long_(s) for s in range(1, 4)], 200)]}}),
        v19.get_slice("actor-b", cparent("Journal"), pred(start="", count=100)),
        v19.get_count("actor-a", cparent("Journal"), pred(start="", count=1000)),
        v19.multiget_count(["actor-a", "actor-b", "actor-c"], cparent("Journal"),
                           pred(start="", count=1000)),
    ]
    for s in (5, 10, 15):
        steps.append(v19.insert("actor-a", cparent("Snapshots"),
                                column(long_(s), "snap@%d" % s, 300 + s)))
    steps += [
        v19.get_slice("actor-a", cparent("Snapshots"), pred(start=long_(12), count=1,
                                                            reversed=True)),
        v19.get_slice("actor-a", cparent("Snapshots"), pred(start=long_(4), count=1,
                                                            reversed=True)),
        v19.remove("actor-a", cpath("Snapshots"), 400),
        v19.get_slice("actor-a", cparent("Snapshots"), pred(start="", count=10)),
        v19.insert("actor-a", cparent("Snapshots"), column(long_(20), "snap@20", 350)),
        v19.get_slice("actor-a", cparent("Snapshots"), pred(start="", count=10)),
        v19.insert("actor-a", cparent("Snapshots"), column(long_(21), "snap@21", 450)),
        v19.get_slice("actor-a", cparent("Snapshots"), pred(start="", count=10)),
        # a sequence number sent as an int, a key left empty
        v19.get_slice("actor-a", cparent("Journal"), pred(start=int32(3), count=5)),
        v19.insert("", cparent("Journal"), column(long_(1), "x", 500)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- delayed jobs
@sc("04_delayed_jobs", "app", "v_jobs")
def delayed_jobs():
    """A delayed-job scheduler: jobs in rows keyed by minute bucket, names the job ids, a
    worker claiming a job by removing it from its bucket and re-inserting it in a later bucket
    (a retry), a reschedule whose re-insert carries a timestamp older than the remove (lost,
    as the scheduler's authors found), one newer (seen), a bucket emptied by a row remove and
    written again with an older and a newer timestamp, and buckets scanned in key order by a
    range."""
    ks = "v_jobs"
    steps = setup(ks, [cfd(ks, "Buckets", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    for m in range(5):
        steps.append(v19.batch_mutate({"bucket-%02d" % m: {"Buckets": [
            ins("job-%d-%d" % (m, j), '{"task":"mail","n":%d}' % j, 10) for j in range(3)]}}))
    steps += [
        v19.get_slice("bucket-00", cparent("Buckets"), pred(start="", count=2)),
        v19.remove("bucket-00", cpath("Buckets", col="job-0-0"), 20),
        v19.insert("bucket-03", cparent("Buckets"), column("job-0-0", '{"retry":1}', 20)),
        v19.remove("bucket-00", cpath("Buckets", col="job-0-1"), 30),
        v19.insert("bucket-00", cparent("Buckets"), column("job-0-1", '{"retry":2}', 25)),
        v19.get_slice("bucket-00", cparent("Buckets"), pred(start="", count=10)),
        v19.insert("bucket-00", cparent("Buckets"), column("job-0-1", '{"retry":3}', 30)),
        v19.get("bucket-00", cpath("Buckets", col="job-0-1")),
        v19.insert("bucket-00", cparent("Buckets"), column("job-0-1", '{"retry":4}', 31)),
        v19.get("bucket-00", cpath("Buckets", col="job-0-1")),
        v19.remove("bucket-01", cpath("Buckets"), 40),
        v19.insert("bucket-01", cparent("Buckets"), column("job-late", "{}", 39)),
        v19.insert("bucket-01", cparent("Buckets"), column("job-new", "{}", 41)),
        v19.get_slice("bucket-01", cparent("Buckets"), pred(start="", count=10)),
        v19.get_count("bucket-01", cparent("Buckets"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Buckets"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Buckets"), pred(start="job-0", finish="job-1", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove("bucket-02", cpath("Buckets", col="job-2-0"), 5),
        v19.get("bucket-02", cpath("Buckets", col="job-2-0")),
        v19.remove("bucket-02", cpath("Buckets", col="job-2-0"), 10),
        v19.get("bucket-02", cpath("Buckets", col="job-2-0")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- ruby ranges
@sc("05_ruby_ranges", "range", "v_rb")
def ruby_ranges():
    """The Ruby `cassandra` gem's get_range(:start => k1, :finish => k2, :count => n) and
    its each_key walk, a range by :start_token / :finish_token wrapping round the ring, a
    KeyRange of a start key and an end token (refused), ranges over a super column family
    with a :columns list, and a range with a count of one."""
    ks = "v_rb"
    keys = ["user:%02d" % i for i in range(14)]
    steps = setup(ks, [cfd(ks, "Users", comparator_type="UTF8Type"),
                       cfd(ks, "Statuses", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    for i, k in enumerate(keys):
        steps.append(v19.batch_mutate({k: {
            "Users": [ins("name", "User %d" % i, 10), ins("screen", "u%d" % i, 10)],
            "Statuses": [sins("s%d" % j, [("body", "hi %d/%d" % (i, j)), ("at", str(j))], 10)
                         for j in range(i % 3 + 1)]}}))
    toks = sorted((int(md5_token(k)), k) for k in keys)
    steps += [
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             key_range(start_key=toks[2][1], end_key=toks[6][1], count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             key_range(start_key=toks[2][1], end_key=toks[6][1], count=2)),
        v19.get_range_slices(cparent("Users"), pred(start="", count=1),
                             key_range(start_key=toks[11][1], end_key="", count=100)),
        # wrapping token ranges
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[10][0]), end_token=str(toks[3][0]),
                                       count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[10][0]), end_token=str(toks[3][0]),
                                       count=3)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[5][0]), end_token=str(toks[5][0]),
                                       count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[5][0]), end_token="0", count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[13][0]), end_token="", count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_key=toks[3][1], end_token=str(toks[8][0]),
                                       count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token=str(toks[3][0]), end_key=toks[8][1],
                                       count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token="170141183460469231731687303715884105728",
                                       end_token="0", count=100)),
        v19.get_range_slices(cparent("Users"), pred(names=["screen"]),
                             key_range(start_token="-1", end_token="0", count=100)),
        # super columns
        v19.get_range_slices(cparent("Statuses"), pred(names=["s1", "s2"]),
                             key_range(start_key="", end_key="", count=5)),
        v19.get_range_slices(cparent("Statuses", "s0"), pred(names=["body"]),
                             key_range(start_key=toks[0][1], end_key=toks[4][1], count=100)),
        v19.get_range_slices(cparent("Statuses", "s2"), pred(start="", count=10),
                             key_range(start_token="0", end_token="0", count=4)),
        v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=1)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- edge store
@sc("06_edge_store", "super", "v_edge")
def edge_store():
    """A FlockDB-style social graph on super columns: a row per user, a super column per edge
    kind (follows, blocks, followed_by) whose sub-columns are LongType user ids valued by the
    edge's time; counts per kind by get_count on the super column, multiget_count over users,
    intersections by names predicates, an edge removed by remove on the sub-column path, a
    kind removed whole, and reads of sub-column ranges across kinds."""
    ks = "v_edge"
    steps = setup(ks, [cfd(ks, "Edges", column_type="Super", comparator_type="AsciiType",
                           subcomparator_type="LongType", default_validation_class="LongType")])
    for u in range(1, 7):
        muts = [sins("follows", [(long_(t), long_(1000 + t)) for t in range(1, 9) if t != u
                                 and (t + u) % 2 == 0], 10),
                sins("followed_by", [(long_(t), long_(2000 + t)) for t in range(1, 9) if t != u
                                     and (t * u) % 3 != 0], 10)]
        if u % 3 == 0:
            muts.append(sins("blocks", [(long_(7), long_(3000))], 10))
        steps.append(v19.batch_mutate({"u%d" % u: {"Edges": muts}}))
    users = ["u%d" % u for u in range(1, 8)]
    steps += [
        v19.get_count("u1", cparent("Edges", "follows"), pred(start="", count=1000)),
        v19.get_count("u1", cparent("Edges"), pred(start="", count=1000)),
        v19.multiget_count(users, cparent("Edges", "followed_by"), pred(start="", count=1000)),
        v19.multiget_count(users, cparent("Edges"), pred(names=["blocks"])),
        v19.get_slice("u2", cparent("Edges", "follows"), pred(names=[long_(4), long_(5),
                                                                     long_(6)])),
        v19.multiget_slice(users, cparent("Edges", "follows"),
                           pred(start=long_(3), finish=long_(6), count=100)),
        v19.get_slice("u3", cparent("Edges"), pred(start="b", finish="follows", count=100)),
        v19.get_slice("u3", cparent("Edges"), pred(start="", count=1, reversed=True)),
        v19.remove("u2", cpath("Edges", "follows", long_(4)), 20),
        v19.get_slice("u2", cparent("Edges", "follows"), pred(start="", count=100)),
        v19.remove("u3", cpath("Edges", "blocks"), 20),
        v19.get_slice("u3", cparent("Edges"), pred(names=["blocks", "follows"])),
        v19.get("u3", cpath("Edges", "blocks", long_(7))),
        v19.insert("u3", cparent("Edges", "blocks"), column(long_(7), long_(3001), 15)),
        v19.get_slice("u3", cparent("Edges", "blocks"), pred(start="", count=10)),
        v19.insert("u3", cparent("Edges", "blocks"), column(long_(8), long_(3002), 25)),
        v19.get_slice("u3", cparent("Edges", "blocks"), pred(start="", count=10)),
        # mistakes: a sub-column path without its super column; a value not a long
        v19.remove("u2", cpath("Edges", None, long_(5)), 30),
        v19.insert("u2", cparent("Edges", "follows"), column(long_(9), "yes", 30)),
        v19.insert("u2", cparent("Edges"), column(long_(9), long_(1), 30)),
        v19.get_count("u2", cparent("Edges", "follows"), pred(names=[long_(6), long_(8)])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cart counters
@sc("07_cart_counters", "counter", "v_cart", when=V08)
def cart_counters():
    """A shopping cart on 0.8's counters: quantities per item added with add, decremented,
    read back by slice and get, an item taken out of the cart with remove_counter, the cart
    row removed at checkout, carts counted by multiget_count, a counter batch of several
    carts, and what a cart service got wrong (an insert into the counter family, an add of a
    counter to a standard family, a counter Deletion carrying a timestamp)."""
    ks = "v_cart"
    steps = setup(ks, [cfd(ks, "Carts", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType",
                           replicate_on_write=True),
                       cfd(ks, "CartMeta", comparator_type="UTF8Type")])
    steps += [
        v19.add("cart1", cparent("Carts"), counter_column("sku-1", 2)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-2", 1)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-1", 3)),
        v19.add("cart1", cparent("Carts"), counter_column("sku-2", -1)),
        v19.get_slice("cart1", cparent("Carts"), pred(start="", count=10)),
        v19.get("cart1", cpath("Carts", col="sku-1")),
        v19.get("cart1", cpath("Carts", col="sku-9")),
        v19.batch_mutate({"cart2": {"Carts": [cadd("sku-3", 4), cadd("sku-4", 1)]},
                          "cart3": {"Carts": [cadd("sku-1", 1)]}}),
        v19.multiget_count(["cart1", "cart2", "cart3", "cart4"], cparent("Carts"),
                           pred(start="", count=100)),
        v19.multiget_slice(["cart2", "cart3"], cparent("Carts"), pred(names=["sku-3", "sku-1"])),
        v19.remove_counter("cart2", cpath("Carts", col="sku-4")),
        v19.get_slice("cart2", cparent("Carts"), pred(start="", count=10)),
        v19.remove_counter("cart3", cpath("Carts")),
        v19.get_slice("cart3", cparent("Carts"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Carts"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("cart1", cparent("Carts"), pred(start="", count=10)),
        # mistakes
        v19.insert("cart1", cparent("Carts"), column("sku-5", long_(1), 10)),
        v19.add("cart1", cparent("CartMeta"), counter_column("n", 1)),
        v19.batch_mutate({"cart1": {"Carts": [ins("sku-6", long_(1), 10)]}}),
        v19.batch_mutate({"cart1": {"Carts": [cadd("sku-1", 0)]}}),
        v19.add("cart1", cparent("Carts", "sc"), counter_column("sku-1", 1)),
        v19.remove_counter("cart1", cpath("CartMeta", col="n")),
        v19.get("cart1", cpath("Carts", col="sku-1")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- search form
@sc("08_search_form", "index", "v_form")
def search_form():
    """A listings site's search form on KEYS indexes: an EQ on an indexed city with GT/LT/GTE
    filters on a LongType price and bedrooms (unindexed), paged by start_key, a form whose
    only expression is a range (refused), an EQ on an unindexed column alone, a value of the
    wrong width for the price, and a slice predicate of names beside it."""
    ks = "v_form"
    steps = setup(ks, [cfd(ks, "Listings", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("city", "UTF8Type", True),
                                            coldef("price", "LongType"),
                                            coldef("beds", "LongType", True)])])
    cities = ["Oslo", "Bergen", "Oslo", "Tromso", "Oslo", "Bergen"]
    for i in range(18):
        steps.append(v19.batch_mutate({"lst%02d" % i: {"Listings": [
            ins("city", cities[i % 6], 10), ins("price", long_(1000 + 150 * i), 10),
            ins("beds", long_(1 + i % 4), 10), ins("title", "flat %d" % i, 10)]}}))
    oslo = index_expr("city", EQ, "Oslo")
    steps += [
        v19.get_indexed_slices(cparent("Listings"), index_clause([oslo], count=100),
                               pred(names=["price", "beds"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [oslo, index_expr("price", GT, long_(1600))], count=100), pred(names=["price"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [oslo, index_expr("price", GTE, long_(1600)), index_expr("price", LT, long_(3100))],
            count=3), pred(names=["title"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [oslo, index_expr("beds", LTE, long_(2))], count=100), pred(start="", count=2)),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [index_expr("beds", EQ, long_(3)), index_expr("city", EQ, "Bergen")], count=100),
            pred(names=["city", "beds"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [index_expr("beds", EQ, long_(2))], start_key="lst05", count=2), pred(names=["beds"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [index_expr("city", EQ, "Narvik")], count=10), pred(names=["city"])),
        # mistakes
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [index_expr("price", GT, long_(1000))], count=10), pred(names=["price"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [index_expr("title", EQ, "flat 3")], count=10), pred(names=["title"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause(
            [oslo, index_expr("price", GT, int32(1600))], count=10), pred(names=["price"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause([], count=10),
                               pred(names=["price"])),
        v19.get_indexed_slices(cparent("Listings"), index_clause([oslo], count=0),
                               pred(names=["price"])),
        v19.insert("lst01", cparent("Listings"), column("beds", "two", 20)),
        v19.remove("lst02", cpath("Listings", col="city"), 20),
        v19.get_indexed_slices(cparent("Listings"), index_clause([oslo], count=100),
                               pred(names=["title"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mixed clocks
@sc("09_mixed_clocks", "app", "v_clock")
def mixed_clocks():
    """Two services writing the same rows, one with microsecond timestamps (pycassa) and one
    with millisecond ones (an old Hector or a PHP script): the millisecond writer's updates
    and deletes lose, its row remove leaves the microsecond columns, and a fix that sends
    timestamps far ahead wins over both."""
    ks = "v_clock"
    steps = setup(ks, [cfd(ks, "Profiles", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    us, ms = 900000, 900
    steps += [
        v19.batch_mutate({"p1": {"Profiles": [ins("name", "Ann", us), ins("plan", "gold", us)]},
                          "p2": {"Profiles": [ins("name", "Bo", ms)]}}),
        v19.insert("p1", cparent("Profiles"), column("plan", "silver", ms + 5)),
        v19.get("p1", cpath("Profiles", col="plan")),
        v19.remove("p1", cpath("Profiles", col="name"), ms + 10),
        v19.get_slice("p1", cparent("Profiles"), pred(start="", count=10)),
        v19.remove("p1", cpath("Profiles"), ms + 20),
        v19.get_slice("p1", cparent("Profiles"), pred(start="", count=10)),
        v19.insert("p2", cparent("Profiles"), column("name", "Bob", us)),
        v19.remove("p2", cpath("Profiles", col="name"), ms + 30),
        v19.get("p2", cpath("Profiles", col="name")),
        v19.remove("p1", cpath("Profiles"), us + 1),
        v19.get_slice("p1", cparent("Profiles"), pred(start="", count=10)),
        v19.insert("p1", cparent("Profiles"), column("name", "Ann again", us)),
        v19.get_slice("p1", cparent("Profiles"), pred(start="", count=10)),
        v19.insert("p1", cparent("Profiles"), column("name", "Ann later", us + 2)),
        v19.get_range_slices(cparent("Profiles"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"p3": {"Profiles": [ins("a", "1", 50), ins("a", "2", 50)]}}),
        v19.get("p3", cpath("Profiles", col="a")),
        v19.batch_mutate({"p3": {"Profiles": [ins("b", "1", 60), dele(["b"], 60)]}}),
        v19.get_slice("p3", cparent("Profiles"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cli session
@sc("10_cli_admin", "schema", "v_cli")
def cli_admin():
    """An administrator at cassandra-cli: create keyspace, use, create column family with
    column metadata, set and get by typed names, list (a range of 100 rows), count, del, an
    update column family adding an index, describe, the typos of a session (use of a missing
    keyspace, a column family that does not exist, a drop of the keyspace in use), and drop
    column family and keyspace."""
    ks = "v_cli"
    steps = [v19.describe_cluster_name(), v19.describe_version(), v19.set_keyspace("V_cli"),
             v19.system_add_keyspace(ksd(ks, [])), v19.set_keyspace(ks),
             v19.system_add_column_family(cfd(ks, "users", comparator_type="UTF8Type",
                                              default_validation_class="UTF8Type",
                                              column_metadata=[coldef("age", "IntegerType")])),
             v19.describe_keyspace(ks)]
    steps += [
        v19.insert("jsmith", cparent("users"), column("first", "John", 10)),
        v19.insert("jsmith", cparent("users"), column("age", b"\x2a", 10)),
        v19.insert("jdoe", cparent("users"), column("age", b"\x00\x80", 10)),
        v19.get_slice("jsmith", cparent("users"), pred(start="", count=100)),
        v19.get_range_slices(cparent("users"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_count("jsmith", cparent("users"), pred(start="", count=2147483647)),
        v19.remove("jsmith", cpath("users", col="first"), 20),
        v19.get_slice("jsmith", cparent("users"), pred(start="", count=100)),
        v19.get_slice("jsmith", cparent("Users"), pred(start="", count=100)),
        v19.system_update_column_family(cfd(ks, "users", id=cfid(0), comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            column_metadata=[coldef("age", "IntegerType", True)])),
        v19.describe_keyspace(ks),
        # (the index an update adds is built asynchronously: queried at once, the real
        # releases answered rows or none by the race, so it is not queried here)
        v19.system_add_column_family(cfd(ks, "users", comparator_type="UTF8Type")),
        v19.system_drop_column_family("nosuch"),
        v19.system_drop_keyspace(ks),
        v19.get_slice("jsmith", cparent("users"), pred(start="", count=100)),
        v19.describe_keyspaces(),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 driver
@sc("11_cql2_node_app", "cql", "v_cq", when=V08)
def cql2_node_app():
    """A Node.js app on node-cassandra-client's successor and a Go app on an early cql
    driver, both sending CQL 2 through execute_cql_query: USE, CREATE COLUMNFAMILY with typed
    columns, INSERT and UPDATE with timestamps, SELECT FIRST n REVERSED, a range of names, KEY
    IN, COUNT(*), DELETE of columns at a timestamp, a BATCH with timestamps, TRUNCATE, and the
    driver's parameter substitution mistakes (quotes left in, a number where a string goes)."""
    ks = "v_cq"
    steps = [cql("CREATE KEYSPACE v_cq WITH strategy_class = SimpleStrategy AND "
                 "strategy_options:replication_factor = 1"),
             cql("USE v_cq"),
             cql("CREATE COLUMNFAMILY events (KEY text PRIMARY KEY, kind text, n bigint) "
                 "WITH comparator = text AND default_validation = text")]
    for i in range(6):
        steps.append(cql("INSERT INTO events (KEY, kind, n, 'note') VALUES ('e%d', 'click', %d, "
                         "'n%d') USING TIMESTAMP %d" % (i, i * 10, i, 1000 + i)))
    steps += [
        cql("SELECT kind, n FROM events WHERE KEY = 'e1'"),
        cql("SELECT FIRST 2 REVERSED * FROM events WHERE KEY = 'e2'"),
        cql("SELECT 'kind'..'note' FROM events WHERE KEY = 'e3'"),
        cql("SELECT n FROM events WHERE KEY IN ('e4', 'e5', 'e9')"),
        cql("SELECT COUNT(*) FROM events WHERE KEY = 'e1'"),
        cql("SELECT COUNT(*) FROM events"),
        cql("UPDATE events USING TIMESTAMP 2000 SET kind = 'view' WHERE KEY = 'e1'"),
        cql("UPDATE events USING TIMESTAMP 500 SET kind = 'old' WHERE KEY = 'e1'"),
        cql("SELECT kind FROM events WHERE KEY = 'e1'"),
        cql("DELETE note FROM events USING TIMESTAMP 3000 WHERE KEY = 'e2'"),
        cql("SELECT * FROM events WHERE KEY = 'e2'"),
        cql("BEGIN BATCH USING TIMESTAMP 4000 INSERT INTO events (KEY, kind) VALUES ('e7', 'x') "
            "UPDATE events SET n = 7 WHERE KEY = 'e7' DELETE kind FROM events WHERE KEY = 'e3' "
            "APPLY BATCH"),
        cql("SELECT * FROM events WHERE KEY IN ('e3', 'e7')"),
        cql("SELECT n FROM events WHERE KEY > 'e3' LIMIT 2"),
        # driver substitution mistakes
        cql("SELECT kind FROM events WHERE KEY = ''e1''"),
        cql("INSERT INTO events (KEY, n) VALUES ('e8', 'ten') USING TIMESTAMP 5000"),
        cql("INSERT INTO events (KEY, kind) VALUES (e8, 'x')"),
        cql("SELECT kind FROM events WHERE KEY = 'e1';"),
        cql("TRUNCATE events"),
        cql("SELECT * FROM events"),
        cql("DROP KEYSPACE v_cq"),
    ]
    return steps


# --------------------------------------------------------------------------- truncate
@sc("12_truncate_states", "schema", "v_trunc")
def truncate_states():
    """truncate as test suites and nightly resets called it: before any set_keyspace, of a
    missing column family, of a standard, a super and an indexed family with rows, read back
    (ranges, index queries, a row), written again with an old timestamp after the truncate (the
    write is kept: truncate leaves no tombstone), and a dropped family truncated."""
    ks = "v_trunc"
    steps = [v19.truncate("Anything")]
    steps += setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type"),
                        cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type"),
                        cfd(ks, "Idx", comparator_type="UTF8Type",
                            column_metadata=[coldef("tag", "UTF8Type", True)])])
    for i in range(4):
        k = "r%d" % i
        steps.append(v19.batch_mutate({k: {
            "Std": [ins("a", "1", 10)], "Sup": [sins("s", [("a", "1")], 10)],
            "Idx": [ins("tag", "t%d" % (i % 2), 10)]}}))
    steps += [
        v19.truncate("Missing"),
        v19.truncate("Std"),
        v19.get_range_slices(cparent("Std"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("r0", cparent("Std"), column("a", "again", 5)),
        v19.get("r0", cpath("Std", col="a")),
        v19.truncate("Sup"),
        v19.get_slice("r1", cparent("Sup"), pred(start="", count=10)),
        v19.get_count("r1", cparent("Sup", "s"), pred(start="", count=10)),
        v19.truncate("Idx"),
        v19.get_indexed_slices(cparent("Idx"), index_clause([index_expr("tag", EQ, "t0")]),
                               pred(start="", count=10)),
        v19.insert("r9", cparent("Idx"), column("tag", "t0", 5)),
        v19.get_indexed_slices(cparent("Idx"), index_clause([index_expr("tag", EQ, "t0")]),
                               pred(start="", count=10)),
        v19.truncate("Idx"),
        v19.truncate("Idx"),
        v19.system_drop_column_family("Sup"),
        v19.truncate("Sup"),
        v19.truncate(""),
        v19.system_drop_keyspace(ks),
        v19.truncate("Std"),
    ]
    return steps


# --------------------------------------------------------------------------- TWO / THREE
@sc("13_levels_two_three", "consistency", "v_lvl")
def levels_two_three():
    """A DAO configured for TWO or THREE (a production setting) run on a one-node dev box:
    inserts, removes, batches, reads, counts, ranges and index reads at TWO and THREE on a
    keyspace of replication 1 and one of replication 3, ANY on reads, and the same calls at ONE
    which the box answers."""
    ks = "v_lvl"
    steps = [v19.system_add_keyspace(ksd("v_lvl3", [cfd("v_lvl3", "Data")], rf=3))]
    steps += setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type",
                            column_metadata=[coldef("k", "UTF8Type", True)])])
    steps += [
        v19.insert("a", cparent("Data"), column("k", "x", 10), cl=TWO),
        v19.insert("a", cparent("Data"), column("k", "x", 10), cl=THREE),
        v19.insert("a", cparent("Data"), column("k", "x", 10), cl=ONE),
        v19.get("a", cpath("Data", col="k"), cl=TWO),
        v19.get_slice("a", cparent("Data"), pred(start="", count=10), cl=THREE),
        v19.get_count("a", cparent("Data"), pred(start="", count=10), cl=TWO),
        v19.multiget_slice(["a", "b"], cparent("Data"), pred(start="", count=10), cl=THREE),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), cl=TWO),
        v19.get_indexed_slices(cparent("Data"), index_clause([index_expr("k", EQ, "x")]),
                               pred(start="", count=10), cl=THREE),
        v19.remove("a", cpath("Data", col="k"), 20, cl=TWO),
        v19.batch_mutate({"b": {"Data": [ins("k", "y", 20)]}}, cl=THREE),
        v19.batch_mutate({"b": {"Data": [ins("k", "y", 20)]}}, cl=ANY),
        v19.get("b", cpath("Data", col="k"), cl=ANY),
        v19.get("b", cpath("Data", col="k"), cl=ONE),
        v19.set_keyspace("v_lvl3"),
        v19.insert("a", cparent("Data"), column("c", "x", 10), cl=TWO),
        v19.insert("a", cparent("Data"), column("c", "x", 10), cl=QUORUM),
        v19.insert("a", cparent("Data"), column("c", "x", 10), cl=ONE),
        v19.get("a", cpath("Data", col="c"), cl=THREE),
        v19.get("a", cpath("Data", col="c"), cl=ALL),
        v19.get("a", cpath("Data", col="c"), cl=ONE),
        v19.remove("a", cpath("Data"), 20, cl=THREE),
        v19.system_drop_keyspace("v_lvl3"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- split planner
@sc("14_split_planner", "ring", "v_split")
def split_planner():
    """A Hadoop job's split planner before ColumnFamilyInputFormat settled: describe_ring of
    the job's keyspace, describe_splits over the whole ring and over a token sub-range at
    several sizes, then each split read by token ranges of get_range_slices paged by the last
    token, and the splits of a missing column family and of bad tokens."""
    ks = "v_split"
    keys = ["page%03d" % i for i in range(30)]
    steps = setup(ks, [cfd(ks, "Pages", comparator_type="UTF8Type")])
    steps.append(v19.batch_mutate({k: {"Pages": [ins("url", "http://x/%s" % k, 10),
                                                 ins("hits", str(i), 10)]}
                                   for i, k in enumerate(keys)}))
    toks = sorted((int(md5_token(k)), k) for k in keys)
    steps += [
        v19.describe_ring(ks),
        v19.describe_splits("Pages", "0", "0", 10),
        v19.describe_splits("Pages", str(toks[3][0]), str(toks[20][0]), 5),
        v19.describe_splits("Pages", "0", "0", 0),
        v19.describe_splits("Missing", "0", "0", 10),
        v19.get_range_slices(cparent("Pages"), pred(names=["hits"]),
                             key_range(start_token="0", end_token=str(toks[9][0]), count=4)),
        v19.get_range_slices(cparent("Pages"), pred(names=["hits"]),
                             key_range(start_token=str(toks[3][0]), end_token=str(toks[9][0]),
                                       count=4)),
        v19.get_range_slices(cparent("Pages"), pred(names=["hits"]),
                             key_range(start_token=str(toks[7][0]), end_token=str(toks[9][0]),
                                       count=4)),
        v19.get_range_slices(cparent("Pages"), pred(names=["hits"]),
                             key_range(start_token=str(toks[9][0]), end_token="0", count=30)),
        v19.get_range_slices(cparent("Pages"), pred(start="", count=0),
                             key_range(start_token=str(toks[20][0]), end_token="0", count=30)),
        v19.get_range_slices(cparent("Pages"), pred(names=["hits"]),
                             key_range(start_token="0", end_token="-5", count=30)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super slices
@sc("15_super_deletions", "super", "v_sdel")
def super_deletions():
    """A mailbox on a super column family of TimeUUID folders' messages as Pelops' Mutator
    deleted in them: Deletions of super columns by a names predicate, of sub-columns inside a
    super column by names, of a whole super column without predicate, of a row without super
    column or predicate, a Deletion of sub-columns given as a slice range (refused before 1.1?),
    the deleted names written again older and newer, and slices of super columns by ranges,
    reversed, and by names across what is left."""
    ks = "v_sdel"
    steps = setup(ks, [cfd(ks, "Mail", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type", default_validation_class="UTF8Type")])
    msgs = [timeuuid(i) for i in range(8)]
    steps.append(v19.batch_mutate({"box1": {"Mail": [
        sins(m, [("from", "a%d@x" % i), ("subj", "s%d" % i), ("read", "0")], 10)
        for i, m in enumerate(msgs)]}, "box2": {"Mail": [
            sins(m, [("from", "b%d@x" % i)], 10) for i, m in enumerate(msgs[:3])]}}))
    steps += [
        v19.batch_mutate({"box1": {"Mail": [dele([msgs[0], msgs[1]], 20)]}}),
        v19.get_slice("box1", cparent("Mail"), pred(start="", count=3)),
        v19.batch_mutate({"box1": {"Mail": [dele(["read", "subj"], 20, sc_=msgs[2])]}}),
        v19.get_slice("box1", cparent("Mail", msgs[2]), pred(start="", count=10)),
        v19.batch_mutate({"box1": {"Mail": [mutation(deletion_=deletion(20, sc=msgs[3]))]}}),
        v19.get_count("box1", cparent("Mail"), pred(start="", count=100)),
        v19.batch_mutate({"box1": {"Mail": [dele(None, 20, rng=srange(msgs[4], msgs[5]))]}}),
        v19.batch_mutate({"box1": {"Mail": [dele(None, 20, sc_=msgs[4],
                                                 rng=srange("a", "m"))]}}),
        v19.get_slice("box1", cparent("Mail"), pred(start=msgs[4], count=2)),
        v19.batch_mutate({"box2": {"Mail": [mutation(deletion_=deletion(20))]}}),
        v19.get_slice("box2", cparent("Mail"), pred(start="", count=10)),
        v19.batch_mutate({"box2": {"Mail": [sins(msgs[0], [("from", "late")], 15),
                                            sins(msgs[1], [("from", "new")], 25)]}}),
        v19.get_slice("box2", cparent("Mail"), pred(start="", count=10)),
        v19.batch_mutate({"box1": {"Mail": [sins(msgs[3], [("subj", "back")], 30)]}}),
        v19.get_slice("box1", cparent("Mail"), pred(start=msgs[7], finish=msgs[2], count=10,
                                                    reversed=True)),
        v19.get_slice("box1", cparent("Mail"), pred(names=[msgs[0], msgs[3], msgs[6]])),
        v19.get_slice("box1", cparent("Mail", msgs[6]), pred(names=["from", "nope"])),
        # deletion mistakes: an empty names list, a sub-column name for a super column
        v19.batch_mutate({"box1": {"Mail": [dele([], 40)]}}),
        v19.batch_mutate({"box1": {"Mail": [dele(["from"], 40)]}}),
        v19.batch_mutate({"box1": {"Mail": [mutation(deletion_=deletion(40, sc="zz"))]}}),
        v19.get_slice("box1", cparent("Mail"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- odd multigets
@sc("16_odd_multigets", "app", "v_mg")
def odd_multigets():
    """multiget_slice and multiget_count as a tag cloud's code sent them: duplicate keys in
    the list, a hundred keys of which a few exist, an empty key among them, an empty key list,
    keys of binary bytes, a multiget over a super column family's super column, and
    multiget_count with a names predicate."""
    ks = "v_mg"
    steps = setup(ks, [cfd(ks, "Tags", comparator_type="UTF8Type"),
                       cfd(ks, "TagSup", column_type="Super", comparator_type="UTF8Type")])
    steps.append(v19.batch_mutate({"tag%03d" % i: {"Tags": [ins("n", str(i), 10),
                                                            ins("m", "x", 10)],
                                                   "TagSup": [sins("s", [("a", "1")], 10)]}
                                   for i in range(0, 100, 7)}))
    steps.append(v19.insert(b"\x00\xff\x10", cparent("Tags"), column("n", "bin", 10)))
    steps += [
        v19.multiget_slice(["tag007", "tag000", "tag007", "tag014"], cparent("Tags"),
                           pred(names=["n"])),
        v19.multiget_count(["tag007", "tag007"], cparent("Tags"), pred(start="", count=10)),
        v19.multiget_slice(many("tag", 100), cparent("Tags"), pred(names=["n"])),
        v19.multiget_count(many("tag", 100), cparent("Tags"), pred(names=["m", "z"])),
        v19.multiget_slice(["tag000", ""], cparent("Tags"), pred(names=["n"])),
        v19.multiget_slice([], cparent("Tags"), pred(names=["n"])),
        v19.multiget_count([], cparent("Tags"), pred(names=["n"])),
        v19.multiget_slice([b"\x00\xff\x10", b"\x00\xff"], cparent("Tags"), pred(names=["n"])),
        v19.multiget_slice(["tag021", "tag022"], cparent("TagSup", "s"), pred(start="", count=5)),
        v19.multiget_slice(["tag021", "tag022"], cparent("TagSup"), pred(start="", count=5)),
        v19.multiget_count(["tag021", "tag028"], cparent("TagSup", "s"),
                           pred(start="", count=5)),
        v19.multiget_slice(["tag021"], cparent("Tags", "s"), pred(start="", count=5)),
        v19.multiget_slice(["tag021"], cparent("Tags"), pred(start="n", finish="m", count=5)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL: calls
@sc("17_later_idl_calls", "compat", "v_lcall")
def later_idl_calls():
    """A client generated from 1.2's IDL (a later Hector or pycassa) on the older release: its
    start-up calls describe_token_map and describe_splits_ex where they were missing, a
    set_cql_version for CQL 3, atomic_batch_mutate for its batches (falling back to
    batch_mutate), get_paged_slice and execute_cql3_query; and ConsistencyLevel values the
    release did not declare on reads (LOCAL_ONE 11, SERIAL 9; a write's refusal quotes its
    absolute timestamp, so none is sent)."""
    ks = "v_lcall"
    steps = setup(ks, [cfd(ks, "Items", comparator_type="UTF8Type")])
    steps += [
        unknown("describe_token_map") if not V11 else v19.describe_token_map(),
        unknown("describe_splits_ex", {1: b("Items"), 2: b("0"), 3: b("0"), 4: W.i32(10)})
        if not V11 else v19.describe_version(),
        unknown("set_cql_version", {1: b("3.0.0")}) if not V11 else v19.describe_cluster_name(),
        v19.atomic_batch_mutate({"i1": {"Items": [ins("a", "1", 10)]}}),
        v19.batch_mutate({"i1": {"Items": [ins("a", "1", 10)]}}),
        unknown("get_paged_slice", {1: b("Items"), 2: key_range(start_key="", end_key="",
                                                               count=10),
                                    3: b(""), 4: W.i32(ONE)})
        if not V11 else v19.get_paged_slice("Items", key_range(start_key="", end_key="",
                                                               count=10), ""),
        v19.execute_cql3_query("SELECT * FROM Items"),
        v19.get("i1", cpath("Items", col="a"), cl=11),
        v19.get("i1", cpath("Items", col="a"), cl=9),
        v19.get_slice("i1", cparent("Items"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL: defs
@sc("18_later_idl_defs", "compat", "v_ldef")
def later_idl_defs():
    """The same client's schema calls: a KsDef without replication_factor and with
    durable_writes (1.0's shape) on 0.7, a CfDef carrying 1.1's and 1.2's fields
    (compression_options, bloom_filter_fp_chance, caching, key_alias, default_time_to_live),
    an update of those, and a Column written without a timestamp (1.2's optional field)."""
    ks = "v_ldef"
    kd = {1: b(ks), 2: b(SS), 3: W.map_("bin", "bin", [(b("replication_factor"), b("1"))]),
          5: W.list_("struct", []), 6: W.boolean(True)}
    steps = [Step("system_add_keyspace", W.struct(kd)).mask("0"),
             v19.describe_keyspace(ks),
             v19.set_keyspace(ks),
             v19.system_add_column_family(cfd_later(
                 ks, "Later", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                 compression_options={"sstable_compression":
                                      "org.apache.cassandra.io.compress.SnappyCompressor"},
                 bloom_filter_fp_chance=0.01, caching="keys_only")),
             v19.system_add_column_family(cfd_later(
                 ks, "Later2", comparator_type="UTF8Type", key_alias="id",
                 default_time_to_live=60, speculative_retry="NONE")),
             v19.describe_keyspace(ks),
             v19.insert("k", cparent("Later"), column("a", "1", 10)),
             v19.insert("k", cparent("Later"), column("b", "1", None)),
             v19.get_slice("k", cparent("Later"), pred(start="", count=10)),
             v19.system_drop_keyspace(ks)]
    return steps
