"""One set of ordinary Thrift 19.x applications sent to every release from 0.7.10 to 2.2.19
(`RELEASE=<version>`, default 1.2.9, picks the fields and methods that release's IDL had, as a
client library built for it would have sent them): the connect-time describe calls, schema made
the way Hector and pycassa built their KsDef/CfDef (the defaults the library filled), writes,
reads by names and ranges (reversed, counted), multigets and counts, range paging by the last
key, KEYS index queries, batches mixing writes and deletions, removes at every level, TTLs,
counters where the release had them, super columns, truncate, an index added by an update,
drops, schema versions after changes, and the mistakes applications made with the exceptions
they got.  Each scenario owns its keyspace (dropped before and after).  Recorded with
capture.py --api 19 --framed, one fresh stock-yaml node per release."""
import os
import sys

from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column, cosc,
                 super_column, counter_column, counter_super_column, mutation, deletion, ins,
                 index_expr, index_clause, long_, int32, timeuuid, lexuuid, EQ, GTE, LT, ONE,
                 QUORUM, ALL, ANY, LOCAL_QUORUM, EACH_QUORUM, TWO)
import thriftwire as W

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.2.9")

import kit  # noqa: E402
from kit import (SS, NTS, cfd, hector_cf, ksd, coldef, setup, describe_version, connect, comp,  # noqa: E402
                 dele)
from kit import cql_of_release as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
COUNTERS = V >= (0, 8)
COMPOSITE = V >= (0, 8)
CQL2 = (0, 8) <= V < (1, 2)
CQL3 = V >= (1, 2)
ATOMIC = V >= (1, 2)


# --------------------------------------------------------------------------- catalogue
@scenario("o19s_01_catalog", "19", "describe", keyspace_reset="s_catalog")
def catalog():
    """A Thrift-generated Java client's product catalogue: the pool's connect-time describes,
    a keyspace of two CFs made the Hector way (validators per column), writes by insert,
    reads by get, get_slice by names and ranges, multiget_slice, get_count, and the
    describe_keyspace/describe_ring an admin page shows."""
    ks = "s_catalog"
    steps = connect() + [
        v19.describe_keyspaces(),
        setup(ks, [hector_cf(ks, "Products", comparator_type="UTF8Type",
                             key_validation_class="UTF8Type",
                             default_validation_class="UTF8Type",
                             column_metadata=[coldef("price", "LongType"),
                                              coldef("stock", "IntegerType"),
                                              coldef("title", "UTF8Type")]),
                   hector_cf(ks, "Categories", comparator_type="UTF8Type",
                             default_validation_class="UTF8Type")]),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
    ]
    items = [("sku-100", "Kettle", 2599, 12), ("sku-101", "Toaster", 3499, 0),
             ("sku-102", "Blender", 8900, 5), ("sku-103", "Mixer", 12999, 2)]
    for i, (k, t, p, s) in enumerate(items):
        steps += [v19.insert(k, cparent("Products"), column("title", t, 10 + i)),
                  v19.insert(k, cparent("Products"), column("price", long_(p), 10 + i)),
                  v19.insert(k, cparent("Products"), column("stock", bytes([s]), 10 + i))]
    steps += [
        v19.insert("kitchen", cparent("Categories"), column("sku-100", "", 20)),
        v19.insert("kitchen", cparent("Categories"), column("sku-102", "", 20)),
        v19.insert("kitchen", cparent("Categories"), column("sku-103", "", 20)),
        v19.get("sku-100", cpath("Products", col="title")),
        v19.get("sku-100", cpath("Products", col="colour")),
        v19.get("sku-999", cpath("Products", col="title")),
        v19.get_slice("sku-101", cparent("Products"), pred(names=["price", "title", "none"])),
        v19.get_slice("sku-102", cparent("Products"), pred(start="", count=100)),
        v19.get_slice("sku-102", cparent("Products"), pred(start="p", finish="stock", count=100)),
        v19.get_slice("kitchen", cparent("Categories"), pred(start="sku-101", count=2)),
        v19.multiget_slice(["sku-100", "sku-103", "sku-404"], cparent("Products"),
                           pred(names=["title", "price"])),
        v19.get_count("kitchen", cparent("Categories"), pred(start="", count=100)),
        v19.get_count("sku-404", cparent("Products"), pred(start="", count=100)),
        # a price written as text into the LongType column
        v19.insert("sku-104", cparent("Products"), column("price", "12.50", 30)),
        # an IntegerType stock of several bytes
        v19.insert("sku-104", cparent("Products"), column("stock", bytes([1, 0]), 30)),
        v19.get_slice("sku-104", cparent("Products"), pred(start="", count=100)),
        v19.describe_keyspaces(),
    ]
    return steps


# --------------------------------------------------------------------------- pycassa events
@scenario("o19s_02_events", "19", "slice", keyspace_reset="s_events")
def events():
    """A pycassa app logging events in TimeUUIDType wide rows (one row a day): insert of
    dicts, get with column_count and column_reversed for the newest first, xget-style paging
    (count+1 from the last column read), column_start/column_finish windows, multiget_count
    over days, remove of one event and of a whole day."""
    ks = "s_events"
    steps = [
        describe_version(),
        v19.describe_keyspaces(),
        setup(ks, [cfd(ks, "Events", comparator_type="TimeUUIDType",
                       default_validation_class="UTF8Type", key_validation_class="UTF8Type")]),
    ]
    for i in range(12):
        day = "2012-03-0%d" % (1 + i % 3)
        steps.append(v19.insert(day, cparent("Events"),
                                column(timeuuid(100 + i), "event %d" % i, 100 + i)))
    steps += [
        v19.get_slice("2012-03-01", cparent("Events"), pred(start="", count=3)),
        v19.get_slice("2012-03-01", cparent("Events"), pred(start="", reversed=True, count=2)),
        # paging: the next page starts at the last column of the one before
        v19.get_slice("2012-03-02", cparent("Events"), pred(start="", count=3)),
        v19.get_slice("2012-03-02", cparent("Events"), pred(start=timeuuid(107), count=3)),
        v19.get_slice("2012-03-02", cparent("Events"), pred(start=timeuuid(110), count=3)),
        v19.get_slice("2012-03-03", cparent("Events"),
                      pred(start=timeuuid(105), finish=timeuuid(108), count=100)),
        v19.get_slice("2012-03-03", cparent("Events"),
                      pred(start=timeuuid(108), finish=timeuuid(102), reversed=True, count=100)),
        v19.multiget_slice(["2012-03-01", "2012-03-03"], cparent("Events"),
                           pred(start="", reversed=True, count=1)),
        v19.get_count("2012-03-01", cparent("Events"), pred(start="", count=100)),
        v19.get_count("2012-03-01", cparent("Events"), pred(start="", count=2)),
        v19.remove("2012-03-01", cpath("Events", col=timeuuid(103)), 200),
        v19.get_slice("2012-03-01", cparent("Events"), pred(start="", count=100)),
        v19.remove("2012-03-02", cpath("Events"), 200),
        v19.get_slice("2012-03-02", cparent("Events"), pred(start="", count=100)),
        # a name that is no UUID, and a version-4 UUID under TimeUUIDType
        v19.insert("2012-03-04", cparent("Events"), column("not-a-uuid", "x", 300)),
        v19.insert("2012-03-04", cparent("Events"), column(lexuuid(7), "x", 300)),
        # a finish before the start
        v19.get_slice("2012-03-03", cparent("Events"),
                      pred(start=timeuuid(108), finish=timeuuid(102), count=100)),
    ]
    if COUNTERS:
        steps.append(v19.multiget_count(["2012-03-01", "2012-03-02", "2012-03-03", "x"],
                                        cparent("Events"), pred(start="", count=100)))
    else:
        steps += [v19.get_count(d, cparent("Events"), pred(start="", count=100))
                  for d in ["2012-03-02", "2012-03-03"]]
    return steps


# --------------------------------------------------------------------------- hector users
@scenario("o19s_03_users", "19", "index", keyspace_reset="s_users")
def users():
    """A Hector user registry on KEYS indexes: IndexedSlicesQuery on an email and a state
    column (paged from the last key), a range expression beside an equality, the query
    without any equality, an unindexed column alone; later the app adds an index on
    `country` by system_update_column_family (its CfDef read back from describe_keyspace) and
    writes the users that have one."""
    ks = "s_users"
    meta = [coldef("email", "UTF8Type", True), coldef("state", "UTF8Type", True, "state_idx"),
            coldef("born", "LongType")]
    steps = [
        v19.describe_cluster_name(),
        setup(ks, [hector_cf(ks, "Users", comparator_type="UTF8Type",
                             key_validation_class="UTF8Type",
                             default_validation_class="UTF8Type", column_metadata=meta)]),
    ]
    people = [("u1", "ann@x.org", "WA", 1980), ("u2", "bob@x.org", "OR", 1975),
              ("u3", "cat@x.org", "WA", 1990), ("u4", "dan@x.org", "WA", 1975),
              ("u5", "eve@x.org", "CA", 1985), ("u6", "fay@x.org", "WA", 1985)]
    for i, (k, e, s, y) in enumerate(people):
        steps.append(v19.batch_mutate({k: {"Users": [
            ins("email", e, 10), ins("state", s, 10), ins("born", long_(y), 10),
            ins("name", k.upper(), 10)]}}))
    steps += [
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("email", EQ, "cat@x.org")], count=10), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "WA")], count=2), pred(names=["email"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "WA")], start_key="u3", count=2), pred(names=["email"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "WA"), index_expr("born", GTE, long_(1980))], count=100),
            pred(names=["name", "born"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("born", LT, long_(1980))], count=100), pred(names=["name"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("name", EQ, "U1")], count=100), pred(names=["name"])),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "NV")], count=100), pred(names=["name"])),
        # a user moves: the old index entry goes
        v19.insert("u3", cparent("Users"), column("state", "OR", 20)),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "OR")], count=100), pred(names=["state"])),
        v19.remove("u4", cpath("Users"), 20),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("state", EQ, "WA")], count=100), pred(names=["state"])),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(hector_cf(
            ks, "Users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            default_validation_class="UTF8Type",
            column_metadata=meta + [coldef("country", "UTF8Type", True)])),
        v19.describe_schema_versions(),
        # the app's next release adds two column families before its users sign up again (the
        # index of the stored rows is built meanwhile: a query at once races the build)
        v19.system_add_column_family(cfd(ks, "Sessions", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Prefs", comparator_type="UTF8Type")),
        v19.insert("u7", cparent("Users"), column("country", "NZ", 30)),
        v19.insert("u8", cparent("Users"), column("country", "NZ", 30)),
        v19.insert("u9", cparent("Users"), column("country", "AU", 30)),
        v19.get_indexed_slices(cparent("Users"), index_clause(
            [index_expr("country", EQ, "NZ")], count=100), pred(start="", count=100)),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- range paging
@scenario("o19s_04_export", "19", "range", keyspace_reset="s_export")
def export():
    """A nightly export job walking every row with get_range_slices: pages of 4 rows started
    at the last key of the page before (its first row skipped), a keys-only pass (count 0),
    a page bounded by an end key, rows whose columns were all removed (the range ghosts), and
    a second CF's rows read through a column-name predicate."""
    ks = "s_export"
    steps = [
        v19.describe_partitioner(),
        setup(ks, [cfd(ks, "Accounts", comparator_type="AsciiType",
                       default_validation_class="UTF8Type"),
                   cfd(ks, "Audit", comparator_type="LongType")]),
    ]
    keys = ["acct%02d" % i for i in range(10)]
    steps.append(v19.batch_mutate({k: {"Accounts": [ins("owner", "o" + k, 10),
                                                    ins("balance", str(i * 10), 10)],
                                       "Audit": [ins(long_(i), "open", 10)]}
                                   for i, k in enumerate(keys)}))
    steps += [
        v19.remove("acct03", cpath("Accounts"), 20),
        v19.remove("acct07", cpath("Accounts", col="owner"), 20),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=4)),
    ]
    # The job pages by the last key it read; which keys those are depends on the partitioner's
    # order, so take them from the same order the node uses: the scan of all keys first.
    steps += [
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Accounts"), pred(names=["owner"]),
                             key_range(start_key="acct05", end_key="", count=4)),
        v19.get_range_slices(cparent("Accounts"), pred(names=["owner"]),
                             key_range(start_key="acct05", end_key="acct05", count=4)),
        v19.get_range_slices(cparent("Audit"), pred(start=long_(0), finish=long_(5), count=10),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Audit"), pred(start="", reversed=True, count=1),
                             key_range(start_key="", end_key="", count=100)),
        # a count of 0 rows and a start after the end
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_token="0", end_token="0", count=2)),
        v19.get_range_slices(cparent("Accounts"), pred(start="", count=10),
                             key_range(start_key="", count=2)),
        v19.get_range_slices(cparent("Audit"), pred(start="", count=10),
                             key_range(start_key="acct01", end_token="0", count=2)),
    ]
    return steps


# --------------------------------------------------------------------------- order batches
@scenario("o19s_05_orders", "19", "batch", keyspace_reset="s_orders")
def orders():
    """An order service writing each order with one batch_mutate over two rows and three CFs
    (the order, the customer's order index, a super CF of line items), then cancelling:
    deletions of named columns, of a super column, of one sub-column and of a whole row beside
    writes in the same batch; a late write older than a deletion; the batch's mistakes
    (a Mutation with neither part, a Deletion naming a super column on a Standard CF, a
    missing CF)."""
    ks = "s_orders"
    steps = [
        describe_version(),
        setup(ks, [cfd(ks, "Orders", comparator_type="UTF8Type",
                       default_validation_class="UTF8Type"),
                   cfd(ks, "CustomerOrders", comparator_type="UTF8Type"),
                   cfd(ks, "Lines", column_type="Super", comparator_type="UTF8Type",
                       subcomparator_type="UTF8Type", default_validation_class="UTF8Type")]),
        v19.batch_mutate({
            "o-1": {"Orders": [ins("customer", "c-9", 10), ins("status", "new", 10),
                               ins("total", "30", 10)],
                    "Lines": [mutation(cosc(super_column=super_column("l1", [
                        column("sku", "A", 10), column("qty", "1", 10)]))),
                              mutation(cosc(super_column=super_column("l2", [
                                  column("sku", "B", 10), column("qty", "2", 10)])))]},
            "c-9": {"CustomerOrders": [ins("o-1", "", 10)]}}, QUORUM),
        v19.batch_mutate({
            "o-2": {"Orders": [ins("customer", "c-9", 11), ins("status", "new", 11)],
                    "Lines": [mutation(cosc(super_column=super_column("l1", [
                        column("sku", "C", 11), column("qty", "5", 11)])))]},
            "c-9": {"CustomerOrders": [ins("o-2", "", 11)]}}),
        v19.get_slice("o-1", cparent("Lines"), pred(start="", count=100)),
        v19.get_slice("c-9", cparent("CustomerOrders"), pred(start="", count=100)),
        # o-1 edited: line l2 dropped, l1's qty changed, the total column removed
        v19.batch_mutate({"o-1": {
            "Orders": [ins("status", "edited", 20), dele(["total"], 20)],
            "Lines": [dele(None, 20, sc_="l2"),
                      mutation(cosc(super_column=super_column("l1", [column("qty", "3", 20)])))]
        }}),
        v19.get_slice("o-1", cparent("Orders"), pred(start="", count=100)),
        v19.get_slice("o-1", cparent("Lines"), pred(start="", count=100)),
        # o-2 cancelled: the row, its lines and the index entry go in one batch
        v19.batch_mutate({"o-2": {"Orders": [dele(None, 30)], "Lines": [dele(None, 30)]},
                          "c-9": {"CustomerOrders": [dele(["o-2"], 30)]}}),
        v19.get_slice("o-2", cparent("Orders"), pred(start="", count=100)),
        v19.multiget_slice(["o-1", "o-2"], cparent("Lines"), pred(start="", count=100)),
        # a late retry of an older write stays hidden
        v19.batch_mutate({"o-2": {"Orders": [ins("status", "paid", 25)]}}),
        v19.get_slice("o-2", cparent("Orders"), pred(start="", count=100)),
        v19.batch_mutate({"o-1": {"Lines": [dele(["sku"], 40, sc_="l1")]}}),
        v19.get("o-1", cpath("Lines", sc="l1")),
        # the mistakes
        v19.batch_mutate({"o-3": {"Orders": [mutation()]}}),
        v19.batch_mutate({"o-3": {"Orders": [dele(["status"], 50, sc_="l1")]}}),
        v19.batch_mutate({"o-3": {"Shipments": [ins("x", "y", 50)]}}),
        v19.batch_mutate({"o-3": {"Lines": [ins("sku", "x", 50)]}}),
        v19.batch_mutate({"o-3": {"Orders": [mutation(cosc(super_column=super_column(
            "l1", [column("sku", "x", 50)])))]}}),
        v19.batch_mutate({}),
        v19.get_count("c-9", cparent("CustomerOrders"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- removes
@scenario("o19s_06_removes", "19", "remove", keyspace_reset="s_removes")
def removes():
    """A message store cleaning up with remove at every level: one column, a whole row, a
    super column, one sub-column; a remove older than the data (no effect), a write after a
    row tombstone with an older and a newer timestamp, remove at a level the CF has not, a
    remove without a timestamp's CF, removes at consistency levels the app configures."""
    ks = "s_removes"
    steps = [
        setup(ks, [cfd(ks, "Msgs", comparator_type="BytesType"),
                   cfd(ks, "Threads", column_type="Super", comparator_type="AsciiType",
                       subcomparator_type="BytesType")]),
    ]
    for k in ["m1", "m2", "m3"]:
        steps.append(v19.batch_mutate({k: {"Msgs": [ins("from", "me", 10), ins("body", "hi", 10),
                                                   ins("read", "0", 10)]}}))
    steps.append(v19.batch_mutate({"t1": {"Threads": [
        mutation(cosc(super_column=super_column("a", [column("m1", "", 10),
                                                       column("m2", "", 10)]))),
        mutation(cosc(super_column=super_column("b", [column("m3", "", 10)])))]}}))
    steps += [
        v19.remove("m1", cpath("Msgs", col="read"), 20),
        v19.get_slice("m1", cparent("Msgs"), pred(start="", count=100)),
        v19.remove("m2", cpath("Msgs"), 5),
        v19.get_slice("m2", cparent("Msgs"), pred(start="", count=100)),
        v19.remove("m3", cpath("Msgs"), 20, QUORUM),
        v19.get_slice("m3", cparent("Msgs"), pred(start="", count=100)),
        v19.insert("m3", cparent("Msgs"), column("body", "old", 15)),
        v19.insert("m3", cparent("Msgs"), column("read", "1", 25)),
        v19.get_slice("m3", cparent("Msgs"), pred(start="", count=100)),
        v19.remove("t1", cpath("Threads", sc="a", col="m2"), 20),
        v19.get_slice("t1", cparent("Threads", sc="a"), pred(start="", count=100)),
        v19.remove("t1", cpath("Threads", sc="b"), 20, ALL),
        v19.get_slice("t1", cparent("Threads"), pred(start="", count=100)),
        v19.get_count("t1", cparent("Threads"), pred(start="", count=100)),
        # mistakes
        v19.remove("m1", cpath("Msgs", sc="a"), 30),
        v19.remove("m1", cpath("Msgs", sc="a", col="x"), 30),
        v19.remove("m1", cpath("Nope", col="x"), 30),
        v19.remove("", cpath("Msgs", col="x"), 30),
        v19.remove("m1", cpath("Msgs", col="x"), 30, ANY),
        v19.remove("t1", cpath("Threads", sc="a"), 30, None),
        v19.get_slice("t1", cparent("Threads"), pred(start="", count=100)),
        v19.remove("t1", cpath("Threads"), 40),
        v19.get_range_slices(cparent("Threads"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- TTLs
@scenario("o19s_07_cache", "19", "ttl", keyspace_reset="s_cache")
def cache():
    """A look-aside cache on expiring columns: writes with TTLs by insert and batch_mutate,
    the TTL read back with the column, a short-lived page, a refresh
    re-writing the column with a new TTL, a write without one, and the bad TTLs a
    configuration error sends (0, negative)."""
    ks = "s_cache"
    steps = [
        describe_version(),
        setup(ks, [cfd(ks, "Pages", comparator_type="UTF8Type",
                       default_validation_class="BytesType", gc_grace_seconds=3600)]),
        v19.insert("/home", cparent("Pages"), column("html", "<h1>hi</h1>", 10, ttl=3600)),
        v19.insert("/home", cparent("Pages"), column("etag", "abc", 10, ttl=3600)),
        v19.batch_mutate({"/about": {"Pages": [ins("html", "<p>about</p>", 10, ttl=7200),
                                               ins("etag", "def", 10)]},
                          "/news": {"Pages": [ins("html", "<p>news</p>", 10, ttl=60)]}}),
        v19.get("/home", cpath("Pages", col="html")),
        v19.get_slice("/about", cparent("Pages"), pred(start="", count=100)),
        v19.multiget_slice(["/home", "/about"], cparent("Pages"), pred(names=["etag"])),
        v19.get_slice("/news", cparent("Pages"), pred(start="", count=100)),
        v19.get("/news", cpath("Pages", col="html")),
        v19.get_count("/news", cparent("Pages"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Pages"), pred(names=["html"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("/home", cparent("Pages"), column("html", "<h1>new</h1>", 20, ttl=600)),
        v19.get("/home", cpath("Pages", col="html")),
        v19.insert("/home", cparent("Pages"), column("html", "<h1>pinned</h1>", 30)),
        v19.get("/home", cpath("Pages", col="html")),
        v19.insert("/x", cparent("Pages"), column("html", "x", 40, ttl=0)),
        v19.insert("/x", cparent("Pages"), column("html", "x", 40, ttl=-5)),
        v19.batch_mutate({"/x": {"Pages": [ins("html", "x", 40, ttl=0)]}}),
        v19.get_slice("/x", cparent("Pages"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- counters
@scenario("o19s_08_pageviews", "19", "counter", keyspace_reset="s_pageviews")
def pageviews():
    """Page-view analytics: a counter CF by day and a counter super CF by site and page
    (0.8 on); the app increments with add and batch_mutate of CounterColumns, reads a day's
    counters, multigets, counts, resets with remove_counter, and makes the usual mistakes
    (an insert into a counter CF, an add to a Standard CF).  On 0.7, without counters, the
    same app keeps a read-modify-write total in LongType columns."""
    ks = "s_pageviews"
    if not COUNTERS:
        steps = [setup(ks, [cfd(ks, "Views", comparator_type="UTF8Type",
                                default_validation_class="LongType")])]
        for i, n in enumerate([1, 3, 6]):
            steps += [v19.get("d1", cpath("Views", col="/home")),
                      v19.insert("d1", cparent("Views"), column("/home", long_(n), 10 + i))]
        steps += [v19.get_slice("d1", cparent("Views"), pred(start="", count=100)),
                  v19.insert("d1", cparent("Views"), column("/bad", "seven", 20)),
                  v19.get_count("d1", cparent("Views"), pred(start="", count=100))]
        return steps
    ccf = dict(default_validation_class="CounterColumnType", replicate_on_write=True)
    steps = [
        setup(ks, [cfd(ks, "Daily", comparator_type="UTF8Type", **ccf),
                   cfd(ks, "BySite", column_type="Super", comparator_type="UTF8Type",
                       subcomparator_type="UTF8Type", **ccf),
                   cfd(ks, "Raw", comparator_type="UTF8Type")]),
        v19.add("2013-01-01", cparent("Daily"), counter_column("/home", 1)),
        v19.add("2013-01-01", cparent("Daily"), counter_column("/home", 1)),
        v19.add("2013-01-01", cparent("Daily"), counter_column("/about", 5)),
        v19.add("2013-01-01", cparent("Daily"), counter_column("/about", -2)),
        v19.batch_mutate({
            "2013-01-02": {"Daily": [mutation(cosc(counter_column=counter_column("/home", 7)))]},
            "site-a": {"BySite": [mutation(cosc(counter_super_column=counter_super_column(
                "/home", [counter_column("views", 3), counter_column("clicks", 1)])))]}}),
        v19.add("site-a", cparent("BySite", sc="/home"), counter_column("views", 2)),
        v19.get("2013-01-01", cpath("Daily", col="/home")),
        v19.get_slice("2013-01-01", cparent("Daily"), pred(start="", count=100)),
        v19.get_slice("2013-01-01", cparent("Daily"), pred(start="", reversed=True, count=1)),
        v19.multiget_slice(["2013-01-01", "2013-01-02", "2013-01-03"], cparent("Daily"),
                           pred(names=["/home"])),
        v19.get_count("2013-01-01", cparent("Daily"), pred(start="", count=100)),
        v19.get("site-a", cpath("BySite", sc="/home")),
        v19.get("site-a", cpath("BySite", sc="/home", col="views")),
        v19.get_slice("site-a", cparent("BySite"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Daily"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove_counter("2013-01-01", cpath("Daily", col="/about")),
        v19.get_slice("2013-01-01", cparent("Daily"), pred(start="", count=100)),
        v19.remove_counter("site-a", cpath("BySite", sc="/home", col="clicks")),
        v19.get_slice("site-a", cparent("BySite", sc="/home"), pred(start="", count=100)),
        # the mistakes
        v19.insert("2013-01-01", cparent("Daily"), column("/home", long_(1), 30)),
        v19.add("k", cparent("Raw"), counter_column("n", 1)),
        v19.batch_mutate({"k": {"Daily": [ins("/x", long_(1), 30)]}}),
        v19.add("2013-01-01", cparent("Daily"), counter_column("/home", 1), ANY),
        v19.get("2013-01-01", cpath("Daily", col="/nothing")),
    ]
    return steps


# --------------------------------------------------------------------------- super forum
@scenario("o19s_09_forum", "19", "super", keyspace_reset="s_forum")
def forum():
    """A forum on a super CF of LongType super column names (post ids) and UTF8 sub-columns:
    a thread's posts by a range of ids, newest first, a page of sub-columns of one post, the
    post counts at both levels, multiget of the first post of threads by sub-column names,
    a range scan of threads; reads naming a super column on the wrong level."""
    ks = "s_forum"
    steps = [
        v19.describe_keyspaces(),
        setup(ks, [hector_cf(ks, "Threads", column_type="Super", comparator_type="LongType",
                             subcomparator_type="UTF8Type",
                             default_validation_class="UTF8Type")]),
    ]
    muts = {}
    for t in range(3):
        muts["thread%d" % t] = {"Threads": [mutation(cosc(super_column=super_column(
            long_(p), [column("author", "user%d" % (p % 4), 10), column("body", "post %d" % p, 10),
                       column("at", str(1000 + p), 10)]))) for p in range(t, 12, 3 - (t % 2))]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("thread0", cparent("Threads"), pred(start="", count=3)),
        v19.get_slice("thread0", cparent("Threads"), pred(start="", reversed=True, count=2)),
        v19.get_slice("thread0", cparent("Threads"),
                      pred(start=long_(3), finish=long_(9), count=100)),
        v19.get_slice("thread1", cparent("Threads", sc=long_(1)), pred(start="", count=2)),
        v19.get_slice("thread1", cparent("Threads", sc=long_(1)),
                      pred(names=["body", "author"])),
        v19.get("thread1", cpath("Threads", sc=long_(5))),
        v19.get("thread1", cpath("Threads", sc=long_(5), col="body")),
        v19.get("thread1", cpath("Threads", sc=long_(6), col="body")),
        v19.get_count("thread0", cparent("Threads"), pred(start="", count=100)),
        v19.get_count("thread0", cparent("Threads", sc=long_(3)), pred(start="", count=100)),
        v19.multiget_slice(["thread0", "thread1", "thread2"],
                           cparent("Threads", sc=long_(0)), pred(names=["author"])),
        v19.get_range_slices(cparent("Threads"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("thread2", cparent("Threads", sc=long_(20)), column("body", "reply", 20)),
        v19.get_slice("thread2", cparent("Threads"), pred(start=long_(10), count=100)),
        # mistakes: a 4-byte post id, a column path without a super column, a sub-column
        # predicate without its super column on insert
        v19.get_slice("thread0", cparent("Threads"), pred(start=int32(3), count=100)),
        v19.get("thread0", cpath("Threads", col="body")),
        v19.insert("thread0", cparent("Threads"), column("body", "x", 30)),
        v19.insert("thread0", cparent("Threads", sc=int32(7)), column("body", "x", 30)),
    ]
    return steps


# --------------------------------------------------------------------------- schema tool
@scenario("o19s_10_schema", "19", "schema", keyspace_reset="s_schema")
def schema():
    """A deployment script evolving a keyspace: create it empty, add column families one by
    one (waiting for schema agreement after each), change a CF's comment, gc_grace and
    column metadata, truncate a CF with data, change the keyspace's replication, drop a CF
    and the keyspace; each step's describe_schema_versions and describe_keyspace; what the
    script gets wrong (a duplicate CF, an unknown comparator class, a bad CF name, a CF of
    another keyspace, an update of a CF that does not exist)."""
    ks = "s_schema"
    steps = [
        v19.describe_cluster_name(),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Notes", comparator_type="UTF8Type",
                                         comment="notes")),
        v19.describe_schema_versions(),
        v19.system_add_column_family(cfd(ks, "Tags", comparator_type="AsciiType",
                                         default_validation_class="UTF8Type",
                                         gc_grace_seconds=3600)),
        v19.describe_keyspace(ks),
        v19.insert("n1", cparent("Notes"), column("text", "first", 10)),
        v19.insert("n2", cparent("Notes"), column("text", "second", 10)),
        v19.system_update_column_family(cfd(ks, "Notes", comparator_type="UTF8Type",
                                            comment="user notes", gc_grace_seconds=86400,
                                            column_metadata=[coldef("text", "UTF8Type")])),
        v19.describe_keyspace(ks),
        v19.get_slice("n1", cparent("Notes"), pred(start="", count=10)),
        v19.truncate("Notes"),
        v19.get_range_slices(cparent("Notes"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.insert("n3", cparent("Notes"), column("text", "after", 20)),
        v19.get_range_slices(cparent("Notes"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        # mistakes
        v19.system_add_column_family(cfd(ks, "Notes", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Bad", comparator_type="StringType")),
        v19.system_add_column_family(cfd(ks, "bad-name", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd("s_other", "Elsewhere", comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Missing", comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "Tags", comparator_type="UTF8Type")),
        v19.truncate("Missing"),
        v19.system_update_keyspace(ksd(ks, [], rf=2)),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("Tags"),
        v19.system_drop_column_family("Tags"),
        v19.insert("x", cparent("Tags"), column("a", "b", 30)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.describe_schema_versions(),
        v19.get_slice("n3", cparent("Notes"), pred(start="", count=10)),
        v19.set_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mistakes
@scenario("o19s_11_mistakes", "19", "errors", keyspace_reset="s_mistakes")
def mistakes():
    """The mistakes a new application makes in its first week, and the exceptions it got:
    calls before set_keyspace, an unknown keyspace, an unknown CF, names of the wrong width
    for LongType and of invalid UTF-8, an empty row key, a key and a column name over 64 KB,
    a value its validator refuses, a predicate with neither names nor range, a negative
    count, read consistency ANY, a keyspace name with a dash, a duplicate keyspace."""
    ks = "s_mistakes"
    steps = [
        v19.get("k", cpath("Data", col="c")),
        v19.insert("k", cparent("Data"), column("c", "v", 1)),
        v19.set_keyspace("s_nosuch"),
        setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type", default_validation_class="UTF8Type",
                       column_metadata=[coldef("n", "LongType"), coldef("u", "UUIDType")]),
                   cfd(ks, "Nums", comparator_type="LongType")]),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_add_keyspace(ksd("s-bad-name", [])),
        v19.get("k", cpath("Dtaa", col="c")),
        v19.insert("k", cparent("Nums"), column("abc", "v", 10)),
        v19.insert("k", cparent("Nums"), column(long_(5), "v", 10)),
        v19.get_slice("k", cparent("Nums"), pred(start=int32(1), count=10)),
        v19.get("k", cpath("Nums", col=long_(5))),
        v19.insert("k", cparent("Data"), column(b"\xff\xfe", "v", 10)),
        v19.insert("", cparent("Data"), column("c", "v", 10)),
        v19.get("", cpath("Data", col="c")),
        v19.insert("k" * 65536, cparent("Data"), column("c", "v", 10)),
        v19.insert("k", cparent("Data"), column("c" * 65536, "v", 10)),
        v19.insert("k", cparent("Data"), column("n", "ten", 10)),
        v19.insert("k", cparent("Data"), column("u", "not-a-uuid", 10)),
        v19.insert("k", cparent("Data"), column("n", long_(10), 10)),
        v19.get_slice("k", cparent("Data"), W.struct({})),
        v19.get_slice("k", cparent("Data"), pred(start="", count=-1)),
        v19.get("k", cpath("Data", col="n"), ANY),
        v19.get_slice("k", cparent("Data"), pred(start="", count=10), ANY),
        v19.multiget_slice(["k", ""], cparent("Data"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), ANY),
        v19.get("k", cpath("Data")),
        v19.get_slice("k", cparent("Data"), pred(start="z", finish="a", count=10)),
        v19.get_count("k", cparent("Data"), pred(start="", count=10), ANY),
        v19.get("k", cpath("Data", col="n"), EACH_QUORUM),
    ]
    return steps


# --------------------------------------------------------------------------- composite
@scenario("o19s_12_timeline", "19", "composite", keyspace_reset="s_timeline")
def timeline():
    """A status timeline keyed by user with names of CompositeType(LongType, UTF8Type)
    (time, status id) from 0.8, sliced by a time window with end-of-component bounds, newest
    first, paged; on 0.7 the same app packs `time:id` into UTF8Type names."""
    ks = "s_timeline"
    if COMPOSITE:
        ctype = "CompositeType(LongType,UTF8Type)"
        name = lambda t, s: comp(t, s)
        lo = lambda t: comp(t, eoc=0)
        hi = lambda t: comp(t, eoc=1)
    else:
        ctype = "UTF8Type"
        name = lambda t, s: "%06d:%s" % (t, s)
        lo = lambda t: "%06d" % t
        hi = lambda t: "%06d;" % t
    steps = [
        setup(ks, [cfd(ks, "Timeline", comparator_type=ctype,
                       default_validation_class="UTF8Type", key_validation_class="UTF8Type")]),
    ]
    muts = {}
    for u in ["alice", "bob"]:
        muts[u] = {"Timeline": [ins(name(t, "s%d" % t), "status %s %d" % (u, t), 10)
                                for t in range(100, 112, 2)]}
    muts["alice"]["Timeline"].append(ins(name(104, "a"), "same time", 10))
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("alice", cparent("Timeline"), pred(start="", count=100)),
        v19.get_slice("alice", cparent("Timeline"), pred(start="", reversed=True, count=3)),
        v19.get_slice("alice", cparent("Timeline"), pred(start=lo(104), finish=hi(106),
                                                         count=100)),
        v19.get_slice("alice", cparent("Timeline"), pred(start=hi(106), finish=lo(102),
                                                         reversed=True, count=100)),
        v19.get_slice("bob", cparent("Timeline"), pred(start=name(104, "s104"), count=3)),
        v19.get_count("alice", cparent("Timeline"), pred(start=lo(104), finish=hi(104),
                                                         count=100)),
        v19.multiget_slice(["alice", "bob"], cparent("Timeline"),
                           pred(start="", reversed=True, count=1)),
        v19.batch_mutate({"alice": {"Timeline": [dele([name(104, "a")], 20)]}}),
        v19.get_slice("alice", cparent("Timeline"), pred(start=lo(104), finish=hi(104),
                                                         count=100)),
        v19.insert("carol", cparent("Timeline"), column(b"\x00\x08abc", "broken", 30)),
    ]
    return steps


# --------------------------------------------------------------------------- CQL report
@scenario("o19s_13_report", "19", "cql", keyspace_reset="s_report")
def report():
    """A reporting page over data a Thrift app wrote: CQL 2 (0.8 to 1.1) or CQL 3 (1.2 on)
    reads of a CF made by Thrift with declared columns, a count, a write, and the queries
    the page gets wrong (an unknown CF, a syntax error).  0.7, without CQL, reads the same
    with Thrift."""
    ks = "s_report"
    steps = [
        setup(ks, [cfd(ks, "sales", comparator_type="UTF8Type",
                       key_validation_class="UTF8Type", default_validation_class="UTF8Type",
                       column_metadata=[coldef("region", "UTF8Type"),
                                        coldef("amount", "LongType")])]),
    ]
    for i, (k, r, a) in enumerate([("s1", "north", 10), ("s2", "south", 25),
                                   ("s3", "north", 40)]):
        steps.append(v19.batch_mutate({k: {"sales": [ins("region", r, 10),
                                                     ins("amount", long_(a), 10)]}}))
    if CQL3:
        steps += [
            cql("SELECT * FROM sales WHERE key = 's1'"),
            cql("SELECT region, amount FROM sales WHERE key IN ('s1', 's3')"),
            cql("SELECT COUNT(*) FROM sales"),
            cql("UPDATE sales USING TIMESTAMP 50 SET region = 'east' WHERE key = 's2'"),
            cql("SELECT region FROM sales WHERE key = 's2'"),
            cql("SELECT * FROM nosuch WHERE key = 's1'"),
            cql("SELEC * FROM sales"),
        ]
    elif CQL2:
        steps += [
            cql("SELECT * FROM sales WHERE KEY = 's1'"),
            cql("SELECT region, amount FROM sales WHERE KEY IN ('s1', 's3')"),
            cql("SELECT COUNT(*) FROM sales"),
            cql("UPDATE sales USING TIMESTAMP 50 SET region = 'east' WHERE KEY = 's2'"),
            cql("SELECT region FROM sales WHERE KEY = 's2'"),
            cql("SELECT * FROM nosuch WHERE KEY = 's1'"),
            cql("SELEC * FROM sales"),
        ]
    else:
        steps += [
            v19.get_slice("s1", cparent("sales"), pred(start="", count=100)),
            v19.multiget_slice(["s1", "s3"], cparent("sales"), pred(names=["region", "amount"])),
            v19.get_range_slices(cparent("sales"), pred(start="", count=0),
                                 key_range(start_key="", end_key="", count=100)),
        ]
    steps.append(v19.get_slice("s2", cparent("sales"), pred(start="", count=100)))
    return steps


# --------------------------------------------------------------------------- ledger
@scenario("o19s_14_ledger", "19", "batch", keyspace_reset="s_ledger")
def ledger():
    """A ledger writing each transfer to two accounts' rows in one batch (atomic_batch_mutate
    from 1.2, batch_mutate before), reading balances at QUORUM, a keyspace of replication 1
    asked at levels beyond one replica (TWO, ALL) and at LOCAL_QUORUM, a durable_writes=false
    keyspace (0.8 on)."""
    ks = "s_ledger"
    bm = v19.atomic_batch_mutate if ATOMIC else v19.batch_mutate
    steps = [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Entries", comparator_type="LongType",
                                             default_validation_class="UTF8Type")],
                                    durable=False if not V07 else None)),
        v19.set_keyspace(ks),
        v19.describe_ring(ks),
        bm({"acct-a": {"Entries": [ins(long_(1), "-100", 10)]},
            "acct-b": {"Entries": [ins(long_(1), "+100", 10)]}}, QUORUM),
        bm({"acct-a": {"Entries": [ins(long_(2), "-5", 11)]},
            "acct-c": {"Entries": [ins(long_(2), "+5", 11)]}}, QUORUM),
        v19.get_slice("acct-a", cparent("Entries"), pred(start="", count=100), QUORUM),
        v19.multiget_slice(["acct-a", "acct-b", "acct-c"], cparent("Entries"),
                           pred(start="", count=100), ALL),
        v19.get_slice("acct-a", cparent("Entries"), pred(start="", count=100), TWO),
        v19.get_slice("acct-a", cparent("Entries"), pred(start="", count=100), LOCAL_QUORUM),
        bm({"acct-a": {"Entries": [ins(long_(3), "-1", 12)]}}, TWO),
        bm({"acct-a": {"Entries": [ins(long_(3), "-1", 12)]}}, ANY),
        bm({"acct-a": {"Entries": [dele([long_(2)], 20)]},
            "acct-c": {"Entries": [dele(None, 20)]}}),
        v19.get_range_slices(cparent("Entries"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100), QUORUM),
        bm({"acct-a": {"Entries": [ins("x", "bad", 30)]}}),
        bm({"acct-d": {"Nope": [ins(long_(1), "bad", 30)]}}),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- multiget
@scenario("o19s_15_tags", "19", "multiget", keyspace_reset="s_tags")
def tags():
    """A tagging service: an inverted index (tag -> item names, BytesType and UTF8 names
    with empty values), multiget_slice over many tags and tags not there, per-tag counts by
    multiget_count (get_count on 0.7), counts bounded by a column range and by the predicate's
    count, names-only predicates with duplicates, and the item rows read by column names."""
    ks = "s_tags"
    steps = [
        setup(ks, [cfd(ks, "TagIndex", comparator_type="UTF8Type"),
                   cfd(ks, "Items", comparator_type="AsciiType",
                       default_validation_class="AsciiType")]),
    ]
    tagmap = {"red": ["apple", "brick", "cherry", "rose"], "green": ["apple", "leaf", "lime"],
              "blue": ["sky"], "round": ["apple", "ball", "cherry", "lime", "moon"]}
    steps.append(v19.batch_mutate({t: {"TagIndex": [ins(i, "", 10) for i in items]}
                                   for t, items in tagmap.items()}))
    steps.append(v19.batch_mutate({i: {"Items": [ins("kind", "thing", 10),
                                                 ins("label", i.title(), 10)]}
                                   for i in ["apple", "brick", "cherry", "sky"]}))
    steps += [
        v19.multiget_slice(["red", "green", "purple"], cparent("TagIndex"),
                           pred(start="", count=100)),
        v19.multiget_slice(["red", "round"], cparent("TagIndex"), pred(start="b", finish="l",
                                                                       count=100)),
        v19.multiget_slice(["red", "red", "blue"], cparent("TagIndex"), pred(start="", count=2)),
        v19.multiget_slice([], cparent("TagIndex"), pred(start="", count=2)),
        v19.get_slice("red", cparent("TagIndex"), pred(names=["rose", "apple", "rose"])),
        v19.multiget_slice(["apple", "sky", "none"], cparent("Items"), pred(names=["label"])),
        v19.get_count("round", cparent("TagIndex"), pred(start="c", finish="m", count=100)),
        v19.get_count("round", cparent("TagIndex"), pred(start="", count=3)),
        v19.get_count("round", cparent("TagIndex"), pred(names=["apple", "moon", "x"])),
    ]
    if COUNTERS:
        steps += [
            v19.multiget_count(["red", "green", "blue", "round", "purple"], cparent("TagIndex"),
                               pred(start="", count=100)),
            v19.multiget_count(["red", "round"], cparent("TagIndex"),
                               pred(start="apple", finish="c", count=100)),
            v19.multiget_count([], cparent("TagIndex"), pred(start="", count=100)),
        ]
    steps += [
        v19.batch_mutate({"red": {"TagIndex": [dele(["brick"], 20)]},
                          "round": {"TagIndex": [dele(["apple", "ball"], 20)]}}),
        v19.multiget_slice(["red", "round"], cparent("TagIndex"), pred(start="", count=100)),
        v19.get_count("round", cparent("TagIndex"), pred(start="", count=100)),
    ]
    return steps


# --------------------------------------------------------------------------- pycassa schema
@scenario("o19s_16_pycassa_sysmgr", "19", "schema", keyspace_reset="s_sysmgr")
def pycassa_sysmgr():
    """pycassa's SystemManager: create_keyspace with a strategy and its options (SimpleStrategy,
    then NetworkTopologyStrategy on an update), create_column_family with key and default
    validators, alter_column (an update adding one ColumnDef), create_index (an update with an
    index type and name), drop_index, alter_column_family's caching and thresholds fields of
    its release, get_keyspace_column_families; writes and index reads in between."""
    ks = "s_sysmgr"
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    steps = [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Devices", **base)),
        v19.batch_mutate({"d1": {"Devices": [ins("model", "x1", 10), ins("owner", "ann", 10)]},
                          "d2": {"Devices": [ins("model", "x2", 10), ins("owner", "bob", 10)]}}),
        # alter_column: one more ColumnDef
        v19.system_update_column_family(cfd(ks, "Devices", column_metadata=[
            coldef("year", "IntegerType")], **base)),
        v19.insert("d1", cparent("Devices"), column("year", bytes([0x07, 0xdc]), 20)),
        v19.insert("d2", cparent("Devices"), column("year", "2012", 20)),
        # create_index on a fresh column, written after
        v19.system_update_column_family(cfd(ks, "Devices", column_metadata=[
            coldef("year", "IntegerType"), coldef("site", "UTF8Type", True, "Devices_site_idx")],
            **base)),
        # two more column families of the release (time for the index build of the stored
        # rows, which a query at once would race)
        v19.system_add_column_family(cfd(ks, "Alerts", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Owners", comparator_type="UTF8Type")),
        v19.insert("d1", cparent("Devices"), column("site", "lab", 30)),
        v19.insert("d3", cparent("Devices"), column("site", "lab", 30)),
        v19.insert("d4", cparent("Devices"), column("site", "office", 30)),
        v19.get_indexed_slices(cparent("Devices"), index_clause(
            [index_expr("site", EQ, "lab")], count=100), pred(start="", count=100)),
        v19.describe_keyspace(ks),
        # drop_index
        v19.system_update_column_family(cfd(ks, "Devices", column_metadata=[
            coldef("year", "IntegerType"), coldef("site", "UTF8Type")], **base)),
        v19.get_indexed_slices(cparent("Devices"), index_clause(
            [index_expr("site", EQ, "lab")], count=100), pred(start="", count=100)),
        # alter_column_family of the release's tuning fields
        v19.system_update_column_family(cfd(
            ks, "Devices", min_compaction_threshold=2, max_compaction_threshold=16,
            read_repair_chance=0.5, gc_grace_seconds=7200, caching="all",
            key_cache_size=1000.0 if V < (1, 1) else None, **base)),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.get_slice("d1", cparent("Devices"), pred(start="", count=100)),
        v19.system_add_column_family(cfd(ks, "Readings", comparator_type="LongType",
                                         default_validation_class="DoubleType"
                                         if V >= (1, 0) else "BytesType")),
        v19.describe_keyspaces(),
    ]
    return steps


# --------------------------------------------------------------------------- later client
@scenario("o19s_17_laterclient", "19", "compat", keyspace_reset="s_later")
def later_client():
    """A client generated from 2.0's IDL talking to every release: its KsDef without 0.7's
    replication_factor, its CfDef with the fields it knows (caching, bloom filter chance,
    compaction strategy, default TTL, speculative retry, memtable flush period); the
    release reads what it declared and skips the rest."""
    ks = "s_later"
    cf = W.struct({1: b(ks), 2: b("Items"), 3: b("Standard"), 5: b("UTF8Type"),
                   12: W.double(0.1), 14: W.i32(864000), 15: b("UTF8Type"),
                   17: W.i32(4), 18: W.i32(32), 24: W.boolean(True), 26: b("UTF8Type"),
                   29: b("org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"),
                   33: W.double(0.01), 34: b("KEYS_ONLY"), 37: W.double(0.0),
                   39: W.i32(0), 40: W.i32(0), 42: b("99.0PERCENTILE")})
    ksdef = W.struct({1: b(ks), 2: b(SS), 3: W.map_("bin", "bin", [(b("replication_factor"),
                                                                      b("1"))]),
                      5: W.list_("struct", [cf]), 6: W.boolean(True)})
    steps = [
        describe_version(),
        v19.system_add_keyspace(ksdef),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.insert("k1", cparent("Items"), column("a", "1", 10)),
        v19.get_slice("k1", cparent("Items"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- range deletes
@scenario("o19s_18_purge", "19", "delete", keyspace_reset="s_purge")
def purge():
    """A retention job purging old samples: a Deletion of a column range (SliceRange) from a
    LongType row and from one super column's sub-columns, a Deletion of named sub-columns, a
    row Deletion beside a write in one batch, the counter totals it resets (0.8 on), and the
    reads after each."""
    ks = "s_purge"
    cfs = [cfd(ks, "Samples", comparator_type="LongType", default_validation_class="UTF8Type"),
           cfd(ks, "Hosts", column_type="Super", comparator_type="UTF8Type",
               subcomparator_type="LongType", default_validation_class="UTF8Type")]
    if COUNTERS:
        cfs.append(cfd(ks, "Totals", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = [setup(ks, cfs)]
    steps.append(v19.batch_mutate({
        "cpu": {"Samples": [ins(long_(t), str(t % 7), 10) for t in range(10)]},
        "web1": {"Hosts": [mutation(cosc(super_column=super_column(
            "load", [column(long_(t), str(t), 10) for t in range(6)]))),
            mutation(cosc(super_column=super_column(
                "mem", [column(long_(t), str(t * 2), 10) for t in range(3)])))]}}))
    steps += [
        v19.batch_mutate({"cpu": {"Samples": [dele(t=20, rng=srange(long_(0), long_(3)))]}}),
        v19.get_slice("cpu", cparent("Samples"), pred(start="", count=100)),
        v19.batch_mutate({"web1": {"Hosts": [dele(t=20, sc_="load",
                                                  rng=srange(long_(2), long_(4)))]}}),
        v19.get_slice("web1", cparent("Hosts", sc="load"), pred(start="", count=100)),
        v19.batch_mutate({"web1": {"Hosts": [dele([long_(0), long_(1)], 20, sc_="mem")]}}),
        v19.get_slice("web1", cparent("Hosts"), pred(start="", count=100)),
        v19.batch_mutate({"cpu": {"Samples": [dele(None, 30)]},
                          "mem": {"Samples": [ins(long_(1), "fresh", 30)]}}),
        v19.get_range_slices(cparent("Samples"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("web1", cparent("Hosts", sc="load"), pred(start="", count=100)),
    ]
    if COUNTERS:
        steps += [
            v19.add("daily", cparent("Totals"), counter_column("cpu", 5)),
            v19.add("daily", cparent("Totals"), counter_column("mem", 3)),
            v19.batch_mutate({"daily": {"Totals": [mutation(deletion_=deletion(
                None, predicate=pred(names=["cpu"])))]}}),
            v19.get_slice("daily", cparent("Totals"), pred(start="", count=100)),
            v19.batch_mutate({"daily": {"Totals": [dele(t=40, rng=srange("", ""))]}}),
            v19.get_slice("daily", cparent("Totals"), pred(start="", count=100)),
        ]
    return steps


# --------------------------------------------------------------------------- typed keys
@scenario("o19s_19_typedkeys", "19", "keys", keyspace_reset="s_typedkeys")
def typed_keys():
    """Row keys of declared types the way an ORM wrote them (key_validation_class from 0.8:
    LongType ids, TimeUUIDType ids, UTF8Type slugs): writes, multigets, a range scan, and
    the keys its bugs sent (a 4-byte id, text where a UUID belongs, bytes that are no UTF-8).
    0.7, without key validators, keeps the same keys as bytes."""
    ks = "s_typedkeys"
    steps = [setup(ks, [
        cfd(ks, "ById", comparator_type="UTF8Type", key_validation_class="LongType",
            default_validation_class="UTF8Type"),
        cfd(ks, "ByUuid", comparator_type="UTF8Type", key_validation_class="TimeUUIDType"),
        cfd(ks, "BySlug", comparator_type="UTF8Type", key_validation_class="UTF8Type")])]
    steps.append(v19.batch_mutate({long_(i): {"ById": [ins("name", "item %d" % i, 10)]}
                                   for i in (1, 2, 300, 70000)}))
    steps.append(v19.batch_mutate({timeuuid(500 + i): {"ByUuid": [ins("n", str(i), 10)]}
                                   for i in range(3)}))
    steps += [
        v19.insert("hello-world", cparent("BySlug"), column("title", "Hello", 10)),
        v19.get(long_(300), cpath("ById", col="name")),
        v19.multiget_slice([long_(1), long_(2), long_(5)], cparent("ById"),
                           pred(names=["name"])),
        v19.get_range_slices(cparent("ById"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("ByUuid"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=2)),
        v19.get_slice(timeuuid(501), cparent("ByUuid"), pred(start="", count=10)),
        v19.get_count(long_(70000), cparent("ById"), pred(start="", count=10)),
        # the bugs
        v19.insert(int32(7), cparent("ById"), column("name", "short id", 20)),
        v19.get(int32(7), cpath("ById", col="name")),
        v19.insert("not-a-uuid", cparent("ByUuid"), column("n", "x", 20)),
        v19.multiget_slice([long_(1), b"\x00\x01"], cparent("ById"), pred(names=["name"])),
        v19.insert(b"\xc3\x28", cparent("BySlug"), column("title", "bad", 20)),
        v19.batch_mutate({"abc": {"ById": [ins("name", "text id", 20)]}}),
    ]
    return steps


# --------------------------------------------------------------------------- levels
@scenario("o19s_20_levels", "19", "consistency", keyspace_reset="s_levels")
def levels():
    """A service whose consistency levels come from its configuration, on one node: a
    SimpleStrategy keyspace of one replica and a NetworkTopologyStrategy one
    (datacenter1: 1), writes and reads at every level its client library knew (2.0's
    LOCAL_ONE from 2.0)."""
    ks, ks2 = "s_levels", "s_levels_nts"
    steps = [v19.system_drop_keyspace(ks2)]
    steps += setup(ks, [cfd(ks, "Cfg", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type")])
    steps.append(v19.system_add_keyspace(ksd(ks2, [cfd(ks2, "Cfg", comparator_type="UTF8Type",
                                                       default_validation_class="UTF8Type")],
                                             strategy=NTS, options={"datacenter1": "1"})))
    # LOCAL_ONE (11) where the release had it: before 2.0 the level is read as absent, and
    # the refusal quotes the whole request (its absolute timestamp too)
    local_one = [11] if V >= (2, 0) else []
    levels_ = [ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL, ANY, TWO, 8] + local_one
    for i, cl in enumerate(levels_):
        steps.append(v19.insert("k", cparent("Cfg"), column("c%d" % cl, "v", 10 + i), cl))
    for cl in levels_:
        steps.append(v19.get_slice("k", cparent("Cfg"), pred(start="", count=100), cl))
    steps.append(v19.set_keyspace(ks2))
    for i, cl in enumerate([ONE, LOCAL_QUORUM, EACH_QUORUM, ALL, ANY, TWO] + local_one):
        steps += [v19.insert("k", cparent("Cfg"), column("c%d" % cl, "v", 10 + i), cl),
                  v19.get("k", cpath("Cfg", col="c%d" % cl), cl)]
    steps += [v19.get_range_slices(cparent("Cfg"), pred(start="", count=100),
                                   key_range(start_key="", end_key="", count=10), LOCAL_QUORUM),
              v19.system_drop_keyspace(ks2)]
    return steps


# --------------------------------------------------------------------------- super scans
@scenario("o19s_21_inbox", "19", "super", keyspace_reset="s_inbox")
def inbox():
    """A mail app's folders in a super CF (user rows, folder super columns of TimeUUID
    message ids): a range scan of one folder's sub-columns over every user, multiget of a
    folder, counts per folder by multiget_count (get_count on 0.7), a message moved by a
    batch (a sub-column deleted in one folder, written in another), and a folder emptied."""
    ks = "s_inbox"
    steps = [setup(ks, [hector_cf(ks, "Folders", column_type="Super",
                                  comparator_type="UTF8Type", subcomparator_type="TimeUUIDType",
                                  default_validation_class="UTF8Type")])]
    muts = {}
    for u, n in (("ann", 4), ("bob", 2), ("cyd", 0)):
        scs = [mutation(cosc(super_column=super_column("inbox", [
            column(timeuuid(100 + i), "subject %s %d" % (u, i), 10) for i in range(n)])))] \
            if n else []
        scs.append(mutation(cosc(super_column=super_column("sent", [
            column(timeuuid(200), "hello from %s" % u, 10)]))))
        muts[u] = {"Folders": scs}
    steps += [
        v19.batch_mutate(muts),
        v19.get_range_slices(cparent("Folders", sc="inbox"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.multiget_slice(["ann", "bob", "cyd"], cparent("Folders", sc="inbox"),
                           pred(start="", reversed=True, count=1)),
        v19.multiget_slice(["ann", "bob"], cparent("Folders"), pred(names=["sent", "trash"])),
    ]
    if COUNTERS:
        steps.append(v19.multiget_count(["ann", "bob", "cyd"], cparent("Folders", sc="inbox"),
                                        pred(start="", count=100)))
    else:
        steps.append(v19.get_count("ann", cparent("Folders", sc="inbox"),
                                   pred(start="", count=100)))
    steps += [
        v19.batch_mutate({"ann": {"Folders": [
            dele([timeuuid(101)], 20, sc_="inbox"),
            mutation(cosc(super_column=super_column("trash", [
                column(timeuuid(101), "subject ann 1", 20)])))]}}),
        v19.get_slice("ann", cparent("Folders"), pred(start="", count=100)),
        v19.remove("ann", cpath("Folders", sc="inbox"), 30),
        v19.get_count("ann", cparent("Folders"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Folders"), pred(names=["inbox"]),
                             key_range(start_key="", end_key="", count=10)),
    ]
    return steps
