"""Ordinary Thrift-era applications of 0.7 to 1.1, each written against the IDL of the release
it runs on (`RELEASE=<version>`, default 1.0.12), none of them modelled by the earlier files: a
phpcassa address book on KEYS indexes (IndexClause paging, SuperColumnFamily calls), a Scale7
Pelops app (Mutator, Selector, KeyRange paging), Kundera JPA entities, an API rate limiter on
counters, a job queue on TTL'd claim columns, a geohash index on composite names, a game
leaderboard on LongType and ReversedType names, Hector's lock recipe, a URL shortener, a
schema migration tool setting every CfDef field of the release, a Hadoop-style reader of
describe_splits, a service running mixed consistency levels on one node, row keys of every
key validator, cassandra-jdbc's CQL 2, 1.1's CQL 3 beta from an ORM, an ETL reload with
truncate, an inventory of super columns counted per level, and three clients built against a
later IDL (1.2's and 2.0's field sets, 2.0's methods).  Each scenario owns its keyspace
(dropped before); the errors are the ones such applications met.  Recorded with capture.py
--api 19 (0.7.10 also unframed)."""
import hashlib
import os
import struct

from dsl import (scenario, v19, b, cparent, cpath, pred, srange, key_range, column, cosc,
                 super_column, counter_column, counter_super_column, mutation, deletion, ins,
                 index_expr, index_clause, column_def, cf_def, ks_def, raw, long_, int32,
                 timeuuid, lexuuid, EQ, GT, GTE, LT, LTE, KEYS_INDEX, ONE, QUORUM, ALL, ANY,
                 LOCAL_QUORUM, EACH_QUORUM, TWO, THREE)
import thriftwire as W

REL = os.environ.get("RELEASE", "1.0.12")
V = tuple(int(x) for x in REL.split(".")[:2])
V07 = V < (0, 8)
HAS_CQL = V >= (0, 8)
HAS_COUNTERS = V >= (0, 8)
HAS_COMPOSITE = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)
SS = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"


def ksd(name, cfs, rf=1, strategy=SS, options=None):
    """KsDef as the era's client library built it: 0.7's required replication_factor field,
    strategy_options from 0.8"""
    if V07:
        f = {1: b(name), 2: b(strategy), 4: W.i32(rf), 5: W.list_("struct", list(cfs))}
        if options:
            f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
        return W.struct(f)
    return ks_def(name, cfs, strategy=strategy,
                  options=options if options is not None else {"replication_factor": str(rf)})


def setup(ks, cfs, **kw):
    return [v19.system_add_keyspace(ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def cql(q):
    return v19.execute_cql_query(q, 2)


def comp(*parts, eoc=0):
    """CompositeType name: each component <u16 length><bytes><end-of-component>"""
    out = b""
    for i, p in enumerate(parts):
        p = p.encode() if isinstance(p, str) else p
        out += struct.pack(">H", len(p)) + p + bytes([eoc if i == len(parts) - 1 else 0])
    return out


def rp_token(key):
    d = hashlib.md5(key.encode() if isinstance(key, str) else key).digest()
    return str(abs(int.from_bytes(d, "big", signed=True)))


def dele(names=None, ts_=None, sc=None, slice_=None):
    if slice_ is not None:
        return mutation(deletion_=deletion(ts_, sc=sc, predicate=pred(slice_range=slice_)))
    return mutation(deletion_=deletion(ts_, sc=sc, predicate=None if names is None
                                       else pred(names=names)))


# --------------------------------------------------------------------------- phpcassa
@scenario("o19o_phpcassa", "19", "index", keyspace_reset="AddressBook")
def phpcassa():
    """A PHP address book on phpcassa: ColumnFamily::insert of arrays, get with column_start/
    column_finish/column_reversed/column_count, multiget in buffers, get_count over a column
    range, get_indexed_slices through its IndexClause helper paged by buffer_size (the next
    page starts at the last key), a clause with no equality, remove of named columns, and
    SuperColumnFamily calls (get of one super column, remove of one sub-column)."""
    ks = "AddressBook"
    people = [("jsmith", "CA", 1970), ("adoe", "NY", 1982), ("bking", "CA", 1990),
              ("cwong", "CA", 1970), ("dlee", "TX", 1965), ("epark", "CA", 1970)]
    steps = [
        v19.describe_version(),
        setup(ks, [cf_def(ks, "Contacts", comparator="UTF8Type", default_validation="UTF8Type",
                          column_metadata=[column_def("state", "UTF8Type", KEYS_INDEX),
                                           column_def("birth_year", "LongType", KEYS_INDEX),
                                           column_def("phone", "UTF8Type")]),
                   cf_def(ks, "Groups", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="UTF8Type")]),
    ]
    for i, (k, st, y) in enumerate(people):
        steps.append(v19.batch_mutate({k: {"Contacts": [
            ins("state", st, 100 + i), ins("birth_year", long_(y), 100 + i),
            ins("phone", "555-01%02d" % i, 100 + i), ins("name", k.upper(), 100 + i)]}}))
    steps += [
        v19.get_slice("jsmith", cparent("Contacts"), pred(start="", count=100)),
        v19.get_slice("jsmith", cparent("Contacts"), pred(start="name", finish="state",
                                                          count=100)),
        v19.get_slice("jsmith", cparent("Contacts"), pred(start="", reversed=True, count=2)),
        v19.get_count("jsmith", cparent("Contacts"), pred(start="b", finish="p", count=100)),
        v19.multiget_slice(["jsmith", "adoe"], cparent("Contacts"), pred(names=["phone"])),
        v19.multiget_slice(["bking", "cwong", "nobody"], cparent("Contacts"),
                           pred(names=["phone"])),
        # get_indexed_slices, buffer_size 2: each next page starts at the last key read
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("state", EQ, "CA")], start_key="", count=3), pred(start="", count=100)),
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("birth_year", EQ, long_(1970))],
            count=100), pred(names=["name", "birth_year"])),
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("birth_year", GT, long_(1969)),
             index_expr("birth_year", LT, long_(1980))], count=100), pred(names=["name"])),
        # a clause with no equality (the app's "born before" search)
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("birth_year", LT, long_(1975))], count=100), pred(names=["name"])),
        # a value of the wrong width for a LongType column's expression
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("birth_year", EQ, "1970")], count=100), pred(names=["name"])),
        # an expression on an unindexed column beside an indexed one
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("state", EQ, "CA"), index_expr("phone", EQ, "555-0100")], count=100),
            pred(names=["name"])),
        # a contact's bad write: birth_year as text
        v19.insert("zz", cparent("Contacts"), column("birth_year", "1999", 200)),
        # remove(key, columns): a deletion of named columns
        v19.batch_mutate({"jsmith": {"Contacts": [dele(["phone", "name"], 300)]}}),
        v19.get_slice("jsmith", cparent("Contacts"), pred(start="", count=100)),
        v19.remove("cwong", cpath("Contacts", col="state"), 300),
        v19.get_indexed_slices(cparent("Contacts"), index_clause(
            [index_expr("state", EQ, "CA")], count=100), pred(names=["state"])),
        # SuperColumnFamily
        v19.batch_mutate({"family": {"Groups": [
            mutation(cosc(super_column=super_column("adoe", [column("rel", "sister", 400),
                                                             column("since", "1982", 400)]))),
            mutation(cosc(super_column=super_column("bking", [column("rel", "cousin", 400)])))]}}),
        v19.get("family", cpath("Groups", sc="adoe")),
        v19.get_slice("family", cparent("Groups", sc="adoe"), pred(start="", count=100)),
        v19.remove("family", cpath("Groups", sc="adoe", col="since"), 410),
        v19.get_slice("family", cparent("Groups"), pred(start="", count=100)),
        v19.get_count("family", cparent("Groups"), pred(start="", count=100)),
        v19.get("family", cpath("Groups", sc="adoe", col="since")),
        v19.get("family", cpath("Groups")),
    ]
    return steps


# --------------------------------------------------------------------------- Pelops
@scenario("o19o_pelops", "19", "paging", keyspace_reset="PelopsApp")
def pelops():
    """A Java app on Scale7 Pelops: Mutator.writeColumns/writeSubColumns/deleteColumns/
    deleteSubColumns in one execute(), Selector.getColumnsFromRows over a KeyRange paged by
    its last key (count+1, the first row dropped), getPageOfColumnsFromRow forwards and
    reversed, getSuperColumnFromRow, getSubColumnsFromRow, getColumnCount, RowDeletor."""
    ks = "PelopsApp"
    keys = ["item%02d" % i for i in range(9)]
    muts = {k: {"Items": [ins("sku", k.upper(), 10), ins("price", str(100 + i), 10),
                          ins("qty", str(i), 10)]} for i, k in enumerate(keys)}
    muts["store1"] = {"Stock": [mutation(cosc(super_column=super_column(
        k, [column("qty", str(i), 10), column("aisle", "A%d" % (i % 3), 10)])))
        for i, k in enumerate(keys[:5])]}
    steps = [
        v19.describe_keyspaces(),
        setup(ks, [cf_def(ks, "Items", comparator="UTF8Type", default_validation="UTF8Type"),
                   cf_def(ks, "Stock", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="UTF8Type")]),
        v19.batch_mutate(muts, QUORUM),
        v19.get_range_slices(cparent("Items"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Items"), pred(names=["sku", "price"]),
                             key_range(start_key="item03", end_key="", count=4)),
        # paging by token from a key read: pelops builds the next range from tokens
        v19.get_range_slices(cparent("Items"), pred(names=["sku"]),
                             key_range(start_token=rp_token("item03"),
                                       end_token=rp_token("item03"), count=5)),
        v19.get_range_slices(cparent("Items"), pred(names=["sku"]),
                             key_range(start_token="0", end_token="0", count=100)),
        v19.get_slice("item04", cparent("Items"), pred(start="", count=2)),
        v19.get_slice("item04", cparent("Items"), pred(start="price", count=2)),
        v19.get_slice("item04", cparent("Items"), pred(start="", reversed=True, count=2)),
        v19.get_slice("item04", cparent("Items"), pred(start="qty", finish="", reversed=True,
                                                       count=2)),
        v19.get("store1", cpath("Stock", sc="item02")),
        v19.get_slice("store1", cparent("Stock", sc="item02"), pred(start="", count=10)),
        v19.get_count("store1", cparent("Stock"), pred(start="", count=100)),
        v19.get_count("store1", cparent("Stock", sc="item03"), pred(start="", count=100)),
        # one Mutator.execute: writes, column deletions, sub-column deletions
        v19.batch_mutate({
            "item01": {"Items": [ins("qty", "0", 20), dele(["price"], 20)]},
            "store1": {"Stock": [
                mutation(cosc(super_column=super_column("item01", [column("qty", "0", 20)]))),
                dele(["aisle"], 20, sc="item02"),
                dele(None, 20, sc="item04")]}}, QUORUM),
        v19.get_slice("item01", cparent("Items"), pred(start="", count=10)),
        v19.get_slice("store1", cparent("Stock"), pred(start="", count=100)),
        # a Mutator deleting sub-columns without naming the super column (Pelops bug)
        v19.batch_mutate({"store1": {"Stock": [dele(["qty"], 21)]}}),
        # RowDeletor.deleteRow
        v19.remove("item05", cpath("Items"), 30, QUORUM),
        v19.get_range_slices(cparent("Items"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.multiget_slice(keys[4:7], cparent("Items"), pred(start="", count=1)),
        # Selector with a KeyRange that has both keys and tokens
        v19.get_range_slices(cparent("Items"), pred(names=["sku"]),
                             key_range(start_key="item01", start_token="0", count=2)),
        v19.get_range_slices(cparent("Items"), pred(names=["sku"]),
                             key_range(start_key="item01", end_key="", count=0)),
    ]
    return steps


# --------------------------------------------------------------------------- Kundera
@scenario("o19o_kundera", "19", "index", keyspace_reset="KunderaExamples")
def kundera():
    """Kundera 2.0 JPA entities: its schema manager creating one column family per entity with
    column_metadata for @Index fields, em.persist (batch_mutate), em.find (get_slice of every
    column), JPQL WHERE on indexed fields (get_indexed_slices), an embedded collection in a
    super column family, em.merge, em.remove, and the schema manager's 'update' mode adding an
    index to the live column family by system_update_column_family with the id it read."""
    ks = "KunderaExamples"
    person = cf_def(ks, "PERSON", comparator="UTF8Type", default_validation="BytesType",
                    key_validation=None if V07 else "UTF8Type",
                    column_metadata=[column_def("PERSON_NAME", "UTF8Type", KEYS_INDEX),
                                     column_def("AGE", "IntegerType", KEYS_INDEX)])
    steps = [
        v19.describe_cluster_name(),
        v19.describe_keyspaces(),
        setup(ks, [person, cf_def(ks, "PERSON_ADDRESSES", column_type="Super",
                                  comparator="UTF8Type", subcomparator="UTF8Type")]),
        v19.describe_keyspace(ks),
    ]
    for i, (pid, name, age) in enumerate([("p1", "vivek", 32), ("p2", "amresh", 29),
                                         ("p3", "kuldeep", 32), ("p4", "saurabh", 27)]):
        steps.append(v19.batch_mutate({pid: {
            "PERSON": [ins("PERSON_NAME", name, 10 + i),
                       ins("AGE", bytes([age]), 10 + i),
                       ins("SALARY", struct.pack(">d", 1000.5 * (i + 1)), 10 + i)],
            "PERSON_ADDRESSES": [mutation(cosc(super_column=super_column(
                "ADDRESS_%d" % j, [column("STREET", "street %d" % j, 10 + i),
                                   column("CITY", "Noida", 10 + i)]))) for j in range(2)]}}))
    steps += [
        v19.get_slice("p1", cparent("PERSON"), pred(start="", count=2147483647)),
        v19.get_slice("p1", cparent("PERSON_ADDRESSES"), pred(start="", count=2147483647)),
        v19.get_slice("p9", cparent("PERSON"), pred(start="", count=2147483647)),
        # select p from Person p where p.age = 32
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("AGE", EQ, bytes([32]))], count=2147483647),
            pred(start="", count=2147483647)),
        # where p.personName = 'vivek' and p.age = 32
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("PERSON_NAME", EQ, "vivek"), index_expr("AGE", EQ, bytes([32]))],
            count=2147483647), pred(start="", count=2147483647)),
        # where p.age > 28 (no equality)
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("AGE", GT, bytes([28]))], count=2147483647),
            pred(start="", count=2147483647)),
        # merge
        v19.batch_mutate({"p2": {"PERSON": [ins("AGE", bytes([30]), 20)]}}),
        v19.get_indexed_slices(cparent("PERSON"), index_clause(
            [index_expr("AGE", EQ, bytes([30]))], count=100), pred(names=["PERSON_NAME"])),
        # remove: the row of each column family
        v19.remove("p4", cpath("PERSON"), 30),
        v19.remove("p4", cpath("PERSON_ADDRESSES"), 30),
        v19.get_range_slices(cparent("PERSON"), pred(names=["PERSON_NAME"]),
                             key_range(start_key="", end_key="", count=100)),
        # schema 'update': a definition without its id, then with the id read back
        v19.system_update_column_family(cf_def(
            ks, "PERSON", comparator="UTF8Type", default_validation="BytesType",
            key_validation=None if V07 else "UTF8Type",
            column_metadata=[column_def("PERSON_NAME", "UTF8Type", KEYS_INDEX),
                             column_def("AGE", "IntegerType", KEYS_INDEX),
                             column_def("SALARY", "BytesType")])),
    ]
    return steps


# --------------------------------------------------------------------------- rate limiter
@scenario("o19o_ratelimit", "19", "counters", keyspace_reset="RateLimits")
def ratelimit():
    """An API gateway's rate limiter: a counter column per client per minute bucket, added on
    each call, the current and previous buckets read back with a names predicate, old buckets
    removed; a counter super column family per API key and endpoint; mistakes: an insert into
    the counter column family, an add to a standard one, a counter write at ANY. On 0.7 (no
    counters) the limiter kept a LongType count read and rewritten."""
    ks = "RateLimits"
    if not HAS_COUNTERS:
        steps = [setup(ks, [cf_def(ks, "Buckets", comparator="UTF8Type",
                                   default_validation="LongType")])]
        for i in range(3):
            steps += [v19.get("client-42", cpath("Buckets", col="12:00")) if i else
                      v19.get_slice("client-42", cparent("Buckets"), pred(names=["12:00"])),
                      v19.insert("client-42", cparent("Buckets"),
                                 column("12:00", long_(i + 1), 10 + i))]
        steps += [
            v19.insert("client-42", cparent("Buckets"), column("12:01", "one", 20)),
            v19.add("client-42", cparent("Buckets"), counter_column("12:01", 1)),
            v19.get_slice("client-42", cparent("Buckets"), pred(start="", count=10)),
            v19.remove("client-42", cpath("Buckets", col="12:00"), 30),
            v19.get_count("client-42", cparent("Buckets"), pred(start="", count=10)),
        ]
        return steps
    steps = [
        setup(ks, [cf_def(ks, "Buckets", comparator="UTF8Type",
                          default_validation="CounterColumnType",
                          extra={24: W.boolean(True)}),
                   cf_def(ks, "Endpoints", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="CounterColumnType",
                          extra={24: W.boolean(True)}),
                   cf_def(ks, "Clients", comparator="UTF8Type", default_validation="UTF8Type")]),
    ]
    for i in range(3):
        steps.append(v19.add("client-42", cparent("Buckets"), counter_column("12:00", 1)))
    steps += [
        v19.add("client-42", cparent("Buckets"), counter_column("12:01", 1)),
        v19.add("client-7", cparent("Buckets"), counter_column("12:01", 5), QUORUM),
        v19.get_slice("client-42", cparent("Buckets"), pred(names=["12:00", "12:01"])),
        v19.get("client-42", cpath("Buckets", col="12:00")),
        v19.multiget_slice(["client-42", "client-7", "client-0"], cparent("Buckets"),
                           pred(names=["12:01"])),
        v19.get_count("client-42", cparent("Buckets"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Buckets"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        # a refund: a negative delta
        v19.add("client-7", cparent("Buckets"), counter_column("12:01", -2)),
        v19.get("client-7", cpath("Buckets", col="12:01")),
        # endpoints: counter super columns in one batch
        v19.batch_mutate({"key-abc": {"Endpoints": [
            mutation(cosc(counter_super_column=counter_super_column(
                "/v1/search", [counter_column("12:00", 3), counter_column("12:01", 1)]))),
            mutation(cosc(counter_super_column=counter_super_column(
                "/v1/items", [counter_column("12:00", 2)])))]}}),
        v19.add("key-abc", cparent("Endpoints", sc="/v1/search"), counter_column("12:01", 4)),
        v19.get_slice("key-abc", cparent("Endpoints"), pred(start="", count=10)),
        v19.get("key-abc", cpath("Endpoints", sc="/v1/search", col="12:01")),
        v19.get_count("key-abc", cparent("Endpoints", sc="/v1/search"),
                      pred(start="", count=10)),
        # expiring old buckets
        v19.remove_counter("client-42", cpath("Buckets", col="12:00")),
        v19.get_slice("client-42", cparent("Buckets"), pred(start="", count=10)),
        v19.remove_counter("key-abc", cpath("Endpoints", sc="/v1/items")),
        v19.get_slice("key-abc", cparent("Endpoints"), pred(start="", count=10)),
        # mistakes
        v19.add("client-42", cparent("Buckets"), counter_column("12:02", 1), ANY),
        v19.insert("client-42", cparent("Buckets"), column("12:02", long_(1), 40)),
        v19.add("client-42", cparent("Clients"), counter_column("hits", 1)),
        v19.add("key-abc", cparent("Endpoints"), counter_column("12:01", 1)),
        v19.batch_mutate({"client-42": {"Buckets": [ins("12:03", long_(1), 41)]}}),
        v19.batch_mutate({"client-42": {"Buckets": [
            mutation(cosc(counter_column=counter_column("12:03", 1))),
            dele(["12:01"], 42)]}}),
        v19.get_slice("client-42", cparent("Buckets"), pred(start="", count=10)),
    ]
    return steps


# --------------------------------------------------------------------------- job queue
@scenario("o19o_jobqueue", "19", "ttl", keyspace_reset="JobQueue")
def jobqueue():
    """A background job queue: jobs are TimeUUID-named columns of a queue row, a worker reads
    the oldest few, claims one by writing a TTL'd claim column (QUORUM) and reading the claims
    back, deletes the job and its claim when done; a scan of the queue rows shows the emptied
    row as a range ghost; mistakes: a job name that is not a version-1 UUID, a claim with a
    ttl of zero."""
    ks = "JobQueue"
    steps = [
        setup(ks, [cf_def(ks, "Queues", comparator="TimeUUIDType", default_validation="UTF8Type"),
                   cf_def(ks, "Claims", comparator="UTF8Type", default_validation="UTF8Type",
                          gc_grace=0)]),
    ]
    for i in range(5):
        steps.append(v19.insert("emails", cparent("Queues"),
                                column(timeuuid(i), '{"to":"u%d@x.org"}' % i, 10 + i)))
    steps += [
        v19.insert("thumbs", cparent("Queues"), column(timeuuid(10), '{"img":7}', 20)),
        v19.get_slice("emails", cparent("Queues"), pred(start="", count=3)),
        v19.get_slice("emails", cparent("Queues"), pred(start=timeuuid(2), count=3)),
        v19.get_slice("emails", cparent("Queues"), pred(start="", finish=timeuuid(1), count=10)),
        v19.insert(timeuuid(0), cparent("Claims"), column("worker-1", "claimed", 30, ttl=300)),
        v19.insert(timeuuid(0), cparent("Claims"), column("worker-2", "claimed", 31, ttl=300)),
        v19.get_slice(timeuuid(0), cparent("Claims"), pred(start="", count=10), QUORUM),
        v19.remove(timeuuid(0), cpath("Claims", col="worker-2"), 32),
        v19.batch_mutate({"emails": {"Queues": [dele([timeuuid(0)], 40)]},
                          timeuuid(0): {"Claims": [dele(None, 40)]}}),
        v19.get_slice("emails", cparent("Queues"), pred(start="", count=3)),
        v19.get_count("emails", cparent("Queues"), pred(start="", count=100)),
        # the thumbs queue drained
        v19.remove("thumbs", cpath("Queues", col=timeuuid(10)), 50),
        v19.get_range_slices(cparent("Queues"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Claims"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        # mistakes
        v19.insert("emails", cparent("Queues"), column(lexuuid(5), "{}", 60)),
        v19.insert("emails", cparent("Queues"), column(b"\x01\x02\x03", "{}", 60)),
        v19.insert(timeuuid(1), cparent("Claims"), column("worker-1", "claimed", 61, ttl=0)),
        v19.get_slice("emails", cparent("Queues"), pred(start="now", count=3)),
        v19.get_slice("emails", cparent("Queues"), pred(start=timeuuid(4), finish=timeuuid(1),
                                                        count=3)),
    ]
    return steps


# --------------------------------------------------------------------------- geohash index
@scenario("o19o_geo", "19", "composite", keyspace_reset="GeoIndex")
def geo():
    """A places service's geohash index: rows per 4-character geohash cell, columns named
    (geohash, place id) in a CompositeType(UTF8Type, UTF8Type) so a prefix slice with
    end-of-component bounds finds the places of a smaller cell; a neighbours lookup by
    multiget over cells; a badly built name. On 0.7 (no CompositeType) the names are
    'geohash:placeid' strings under UTF8Type."""
    ks = "GeoIndex"
    places = [("9q8yyk8", "sf-ferry"), ("9q8yym2", "sf-pier39"), ("9q8yyk9", "sf-embarc"),
              ("9q8yzt1", "sf-coit"), ("9q8vxz0", "sf-zoo")]
    if not HAS_COMPOSITE:
        def nm(g, p):
            return "%s:%s" % (g, p)
        cmp_ = "UTF8Type"
        lo, hi = "9q8yyk", "9q8yyk\xff"
    else:
        def nm(g, p):
            return comp(g, p)
        cmp_ = "CompositeType(UTF8Type,UTF8Type)"
        lo, hi = comp("9q8yyk", eoc=0), comp("9q8yyl", eoc=0)
    steps = [
        setup(ks, [cf_def(ks, "Cells", comparator=cmp_, default_validation="UTF8Type"),
                   cf_def(ks, "Places", comparator="UTF8Type", default_validation="UTF8Type")]),
    ]
    muts = {}
    for i, (g, p) in enumerate(places):
        muts.setdefault(g[:4], {"Cells": []})["Cells"].append(ins(nm(g, p), "37.8,-122.4", 10))
        muts[p] = {"Places": [ins("geohash", g, 10), ins("name", p.upper(), 10)]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("9q8y", cparent("Cells"), pred(start="", count=100)),
        v19.get_slice("9q8y", cparent("Cells"), pred(start=lo, finish=hi, count=100)),
        v19.get_slice("9q8y", cparent("Cells"), pred(start="", reversed=True, count=2)),
        v19.get_count("9q8y", cparent("Cells"), pred(start=lo, finish=hi, count=100)),
        v19.multiget_slice(["9q8y", "9q8v", "9q8z"], cparent("Cells"), pred(start="", count=2)),
        v19.get("9q8y", cpath("Cells", col=nm("9q8yym2", "sf-pier39"))),
        v19.remove("9q8y", cpath("Cells", col=nm("9q8yym2", "sf-pier39")), 20),
        v19.get_slice("9q8y", cparent("Cells"), pred(start="", count=100)),
        v19.multiget_slice(["sf-ferry", "sf-coit"], cparent("Places"), pred(names=["name"])),
    ]
    if HAS_COMPOSITE:
        steps += [
            # a name of a single component, and one with a truncated length
            v19.insert("9q8y", cparent("Cells"), column(comp("9q8yyk8"), "x", 30)),
            v19.insert("9q8y", cparent("Cells"), column(b"\x00\x07" + b"9q8y", "x", 30)),
            v19.insert("9q8y", cparent("Cells"), column("9q8yyk8:sf-ferry", "x", 30)),
            v19.get_slice("9q8y", cparent("Cells"), pred(start=comp("9q8yyk8"), count=100)),
            v19.get_slice("9q8y", cparent("Cells"), pred(start=comp("9q8yyk", eoc=1),
                                                         finish=comp("9q8yyk", eoc=0),
                                                         count=100)),
        ]
    return steps


# --------------------------------------------------------------------------- leaderboard
@scenario("o19o_leaderboard", "19", "slices", keyspace_reset="Games")
def leaderboard():
    """A game's leaderboard: a row per board, columns named by score (LongType, the player in
    the value), the top N by a reversed slice, a score replaced by a deletion of the old name and
    an insert of the new one in one batch; from 0.8 a board under ReversedType(LongType) read
    forwards; a score of the wrong width."""
    ks = "Games"
    cfs = [cf_def(ks, "Boards", comparator="LongType", default_validation="UTF8Type")]
    if HAS_COMPOSITE:
        cfs.append(cf_def(ks, "BoardsDesc", comparator="ReversedType(LongType)",
                          default_validation="UTF8Type"))
    steps = [setup(ks, cfs)]
    scores = [(1200, "ann"), (980, "bob"), (1500, "cat"), (-5, "dan"), (1200 + 1, "eve")]
    rows = {"weekly": {"Boards": [ins(long_(s), p, 10) for s, p in scores]}}
    if HAS_COMPOSITE:
        rows["weekly"]["BoardsDesc"] = [ins(long_(s), p, 10) for s, p in scores]
    steps += [
        v19.batch_mutate(rows),
        v19.get_slice("weekly", cparent("Boards"), pred(start="", reversed=True, count=3)),
        v19.get_slice("weekly", cparent("Boards"), pred(start=long_(1000), finish="",
                                                        count=10)),
        v19.get_slice("weekly", cparent("Boards"), pred(start=long_(1250), finish=long_(0),
                                                        reversed=True, count=10)),
        v19.get_count("weekly", cparent("Boards"), pred(start=long_(1000), finish="", count=100)),
        # bob improves: old score out, new in
        v19.batch_mutate({"weekly": {"Boards": [dele([long_(980)], 20),
                                                ins(long_(1600), "bob", 20)]}}),
        v19.get_slice("weekly", cparent("Boards"), pred(start="", reversed=True, count=3)),
        v19.get("weekly", cpath("Boards", col=long_(1600))),
        v19.get("weekly", cpath("Boards", col=long_(980))),
        v19.get_slice("monthly", cparent("Boards"), pred(start="", reversed=True, count=3)),
        # a score encoded as int32, and as text
        v19.insert("weekly", cparent("Boards"), column(int32(700), "fay", 30)),
        v19.get_slice("weekly", cparent("Boards"), pred(start="700", count=3)),
        v19.get_slice("weekly", cparent("Boards"), pred(names=[long_(1500), long_(7)])),
    ]
    if HAS_COMPOSITE:
        steps += [
            v19.get_slice("weekly", cparent("BoardsDesc"), pred(start="", count=3)),
            v19.get_slice("weekly", cparent("BoardsDesc"), pred(start=long_(1250), finish="",
                                                                count=3)),
            v19.get_slice("weekly", cparent("BoardsDesc"), pred(start=long_(0),
                                                                finish=long_(1250), count=3)),
            v19.get_slice("weekly", cparent("BoardsDesc"), pred(start="", reversed=True,
                                                                count=2)),
        ]
    return steps


# --------------------------------------------------------------------------- Hector locks
@scenario("o19o_locks", "19", "locks", keyspace_reset="HLockKs")
def locks():
    """Hector's lock recipe (HLockManagerImpl): each client writes its lock id as a TTL'd
    column of the lock's row at QUORUM, reads the row's columns back to see who else holds it,
    and on losing or finishing deletes its own column; a lock row read with a count of 0."""
    ks = "HLockKs"
    steps = [
        setup(ks, [cf_def(ks, "HLocks", comparator="UTF8Type", default_validation="UTF8Type",
                          gc_grace=0, extra={14: W.i32(0)})]),
        v19.insert("/orders/17", cparent("HLocks"), column("lock-a1", "", 10, ttl=5000), QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.insert("/orders/17", cparent("HLocks"), column("lock-b2", "", 11, ttl=5000), QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.remove("/orders/17", cpath("HLocks", col="lock-b2"), 12, QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=0), QUORUM),
        v19.get_count("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.remove("/orders/17", cpath("HLocks", col="lock-a1"), 13, QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.get_range_slices(cparent("HLocks"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), QUORUM),
        # a lock re-acquired by the same id after its release, with an older timestamp
        v19.insert("/orders/17", cparent("HLocks"), column("lock-a1", "", 13, ttl=5000), QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        v19.insert("/orders/17", cparent("HLocks"), column("lock-a1", "", 14, ttl=5000), QUORUM),
        v19.get_slice("/orders/17", cparent("HLocks"), pred(start="", count=10), QUORUM),
        # a lock path with an empty column name
        v19.insert("/orders/18", cparent("HLocks"), column("", "", 15, ttl=5000), QUORUM),
        v19.remove("/orders/18", cpath("HLocks", col=""), 16),
    ]
    return steps


# --------------------------------------------------------------------------- URL shortener
@scenario("o19o_shortener", "19", "counters", keyspace_reset="Shortener")
def shortener():
    """A URL shortener: an id counter incremented per new URL (0.8 on; 0.7 a LongType column
    rewritten), the short code to URL mapping, the URL to code reverse mapping checked first,
    a click counter per code and day read back as a row slice."""
    ks = "Shortener"
    cfs = [cf_def(ks, "Urls", comparator="UTF8Type", default_validation="UTF8Type",
                  key_validation=None if V07 else "UTF8Type"),
           cf_def(ks, "Reverse", comparator="UTF8Type", default_validation="UTF8Type")]
    if HAS_COUNTERS:
        cfs += [cf_def(ks, "Seq", comparator="UTF8Type", default_validation="CounterColumnType"),
                cf_def(ks, "Clicks", comparator="UTF8Type",
                       default_validation="CounterColumnType")]
    steps = [setup(ks, cfs)]
    urls = ["http://example.org/a", "http://example.org/b", "http://example.org/a"]
    for i, u in enumerate(urls):
        code = "c%d" % i
        steps.append(v19.get_slice(u, cparent("Reverse"), pred(names=["code"])))
        if HAS_COUNTERS:
            steps += [v19.add("ids", cparent("Seq"), counter_column("next", 1)),
                      v19.get("ids", cpath("Seq", col="next"))]
        steps.append(v19.batch_mutate({code: {"Urls": [ins("url", u, 10 + i)]},
                                       u: {"Reverse": [ins("code", code, 10 + i)]}}))
    if HAS_COUNTERS:
        for d, n in [("2011-10-01", 3), ("2011-10-02", 1), ("2011-10-01", 2)]:
            steps.append(v19.add("c0", cparent("Clicks"), counter_column(d, n)))
        steps += [
            v19.get_slice("c0", cparent("Clicks"), pred(start="2011-10-01", finish="2011-10-31",
                                                        count=31)),
            v19.multiget_slice(["c0", "c1", "c2"], cparent("Clicks"), pred(start="", count=31)),
            v19.get_range_slices(cparent("Clicks"), pred(start="", count=1),
                                 key_range(start_key="", end_key="", count=10)),
            v19.get("c1", cpath("Clicks", col="2011-10-01")),
        ]
    steps += [
        v19.get("c2", cpath("Urls", col="url")),
        v19.get("c9", cpath("Urls", col="url")),
        v19.get_range_slices(cparent("Urls"), pred(names=["url"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove("c2", cpath("Urls"), 30),
        v19.get("c2", cpath("Urls", col="url")),
    ]
    return steps


# --------------------------------------------------------------------------- schema tool
def all_fields(ks, name, id_=None, **over):
    """A CfDef with every field the release's IDL had, as a migration tool filled them"""
    f = {1: b(ks), 2: b(name), 3: b("Standard"), 5: b("UTF8Type"), 8: b("migrated"),
         12: W.double(0.5), 13: W.list_("struct", [column_def("email", "UTF8Type")]),
         14: W.i32(3600), 15: b("UTF8Type"), 17: W.i32(2), 18: W.i32(16)}
    if not V11:
        f.update({9: W.double(100), 11: W.double(1000), 19: W.i32(0), 20: W.i32(3600)})
    if not V10:
        f.update({21: W.i32(30), 22: W.i32(32), 23: W.double(0.15)})
    if HAS_COUNTERS:
        f.update({24: W.boolean(True), 26: b("UTF8Type"), 28: b("user_id")})
        if not V11:
            f.update({25: W.double(0.1),
                      27: b("org.apache.cassandra.cache.SerializingCacheProvider")})
    if V10:
        f.update({29: b("SizeTieredCompactionStrategy"),
                  30: W.map_("bin", "bin", [(b("min_sstable_size"), b("1024"))]),
                  32: W.map_("bin", "bin", [(b("sstable_compression"), b("SnappyCompressor")),
                                            (b("chunk_length_kb"), b("64"))]),
                  33: W.double(0.01)})
        if not V11:
            f[31] = W.i32(100)
    if V11:
        f.update({34: b("ALL"), 37: W.double(0.1)})
    if id_ is not None:
        f[16] = W.i32(id_)
    for k, v in over.items():
        f[int(k[1:])] = v
    return W.struct(f)


@scenario("o19o_schematool", "19", "schema", keyspace_reset="Migrations")
def schematool():
    """A schema migration tool: a column family created with every CfDef field of the
    release's IDL, read back by describe_keyspace, updated field by field with the id it read
    (system_update_column_family), values the release refused, and keyspace updates."""
    ks = "Migrations"
    # fresh node: the first column family of the session gets the first id after the system
    # keyspace's (0.7-1.0: 1000 up; 1.1: the name's hash), read back by describe_keyspace
    steps = [
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(all_fields(ks, "Users")),
        v19.describe_keyspace(ks),
    ]
    return steps


# The schema tool's updates send the id the release gave; on a fresh node of 0.7 to 1.1 the
# first column family created is given 1000 (the scenario above reads it back)
def cfid():
    return 1000


def jhash_i(s):
    h = 0
    for ch in s:
        h = (31 * h + ord(ch)) & 0xffffffff
    return h - (1 << 32) if h >= 1 << 31 else h


@scenario("o19o_schemaupdate", "19", "schema", keyspace_reset="Migrations2")
def schemaupdate():
    """The migration tool's updates: every field changed at once with the id read back, then
    one field at a time; refused values (crossed thresholds, a chance above 1, an unknown
    compaction strategy or cache provider, a bad compression chunk, an unknown caching
    word, a changed column type, a missing id); keyspace updates of its options."""
    ks = "Migrations2"
    i = None
    steps = [
        v19.system_add_keyspace(ksd(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(all_fields(ks, "Users")),
    ]
    i = cfid()
    D = W.double
    steps += [
        v19.system_update_column_family(all_fields(ks, "Users", i, f8=b("v2"), f12=D(0.2),
                                                   f14=W.i32(7200), f17=W.i32(4),
                                                   f18=W.i32(32))),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(all_fields(ks, "Users", i, f17=W.i32(20),
                                                   f18=W.i32(10))),
        v19.system_update_column_family(all_fields(ks, "Users", i, f12=D(1.5))),
        v19.system_update_column_family(all_fields(ks, "Users", i, f12=D(-0.1))),
        v19.system_update_column_family(all_fields(ks, "Users", i, f14=W.i32(-1))),
        v19.system_update_column_family(all_fields(ks, "Users", i, f15=b("NoSuchType"))),
        v19.system_update_column_family(all_fields(ks, "Users")),
        v19.system_update_column_family(all_fields(ks, "Users", i + 1)),
    ]
    if not V11:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i, f9=D(-1))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f19=W.i32(-5))),
        ]
    if not V10:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i, f22=W.i32(0))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f23=D(0))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f21=W.i32(-1))),
        ]
    if HAS_COUNTERS and not V11:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i,
                                                       f27=b("com.example.NoCache"))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f25=D(2.0))),
        ]
    if HAS_COUNTERS:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i, f26=b("LongType"))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f28=b("uid"))),
        ]
    if V10:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i,
                                                       f29=b("LeveledCompactionStrategy"))),
            v19.system_update_column_family(all_fields(ks, "Users", i,
                                                       f29=b("NoSuchStrategy"))),
            v19.system_update_column_family(all_fields(
                ks, "Users", i, f32=W.map_("bin", "bin", [
                    (b("sstable_compression"), b("SnappyCompressor")),
                    (b("chunk_length_kb"), b("60"))]))),
            v19.system_update_column_family(all_fields(
                ks, "Users", i, f32=W.map_("bin", "bin", [
                    (b("sstable_compression"), b("LzmaCompressor"))]))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f33=D(1.5))),
        ]
    if V11:
        steps += [
            v19.system_update_column_family(all_fields(ks, "Users", i, f34=b("sometimes"))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f34=b("rows_only"))),
            v19.system_update_column_family(all_fields(ks, "Users", i, f37=D(1.2))),
        ]
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [], rf=2)),
        v19.system_update_keyspace(ksd(ks, [], strategy=NTS, options={"datacenter1": "1"})),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd(ks, [all_fields(ks, "Other")])),
        v19.system_update_keyspace(ksd(ks, [], strategy="org.example.NoStrategy")),
        v19.insert("u1", cparent("Users"), column("email", "a@x.org", 10)),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        # last, as 1.1 kept a refused change and failed every later update of the family:
        # the column type and the comparator changed
        v19.system_update_column_family(all_fields(ks, "Users", i, f3=b("Super"))),
        v19.set_keyspace(ks),
        v19.system_update_column_family(all_fields(ks, "Users", i, f5=b("BytesType"))),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- splits
@scenario("o19o_splits", "19", "splits", keyspace_reset="Hadoopish")
def splits():
    """A Hadoop-style input format written on raw Thrift: the partitioner, describe_splits of
    the whole ring and of token sub-ranges with various keys_per_split, before and after data,
    on a missing column family, with tokens that are not numbers; then the rows of each
    split by token range (1.1 also describe_splits_ex and describe_token_map)."""
    ks = "Hadoopish"
    steps = [
        v19.describe_partitioner(),
        v19.describe_snitch(),
        setup(ks, [cf_def(ks, "Docs", comparator="UTF8Type", default_validation="UTF8Type")]),
        v19.describe_splits("Docs", "0", "0", 128),
        v19.describe_splits("Docs", "0", "85070591730234615865843651857942052864", 64),
    ]
    steps.append(v19.batch_mutate({"doc%03d" % i: {"Docs": [ins("body", "text %d" % i, 10)]}
                                   for i in range(40)}))
    steps += [
        v19.describe_splits("Docs", "0", "85070591730234615865843651857942052864", 8),
        v19.describe_splits("Docs", "85070591730234615865843651857942052864",
                            "170141183460469231731687303715884105727", 1),
        # a bad request closes the connection on some releases: the job reconnects
        v19.describe_splits("Nope", "0", "100", 8),
        v19.set_keyspace(ks),
        v19.describe_splits("Docs", "abc", "100", 8),
        v19.set_keyspace(ks),
        v19.describe_splits("Docs", "0", "100", 0),
        v19.set_keyspace(ks),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="0",
                                       end_token="42535295865117307932921825928971026432",
                                       count=100)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="42535295865117307932921825928971026432",
                                       end_token="0", count=5)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="-5", end_token="10", count=5)),
        v19.get_range_slices(cparent("Docs"), pred(names=["body"]),
                             key_range(start_token="x", end_token="10", count=5)),
        v19.set_keyspace(ks),
    ]
    if V11:
        steps += [
            raw("describe_splits_ex", {1: b("Docs"), 2: b("0"),
                                       3: b("85070591730234615865843651857942052864"),
                                       4: W.i32(8)}),
            v19.get_paged_slice("Docs", key_range(start_token="0", end_token="0", count=3),
                                "body"),
        ]
    return steps


# --------------------------------------------------------------------------- consistency
@scenario("o19o_levels", "19", "consistency", keyspace_reset="LevelsApp")
def levels():
    """A service that picks its consistency level per call, run against a one-node dev box:
    writes at ANY, ONE, QUORUM and ALL, reads at ONE, QUORUM and ALL (ANY refused for
    reads), TWO and THREE where the replicas are missing, LOCAL_QUORUM and EACH_QUORUM on a
    SimpleStrategy keyspace, a keyspace of replication 2 where QUORUM cannot be met, and a
    NetworkTopologyStrategy keyspace naming the dev box's data centre and another one."""
    ks = "LevelsApp"
    steps = [
        setup(ks, [cf_def(ks, "Data", comparator="UTF8Type", default_validation="UTF8Type")]),
        v19.insert("k1", cparent("Data"), column("a", "1", 10), ANY),
        v19.insert("k1", cparent("Data"), column("b", "2", 10), ONE),
        v19.insert("k1", cparent("Data"), column("c", "3", 10), QUORUM),
        v19.insert("k1", cparent("Data"), column("d", "4", 10), ALL),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ALL),
        v19.get("k1", cpath("Data", col="a"), ANY),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ANY),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), ANY),
        v19.insert("k1", cparent("Data"), column("e", "5", 10), TWO),
        v19.get("k1", cpath("Data", col="a"), THREE),
        v19.insert("k1", cparent("Data"), column("e", "5", 10), LOCAL_QUORUM),
        v19.get("k1", cpath("Data", col="a"), LOCAL_QUORUM),
        v19.batch_mutate({"k2": {"Data": [ins("a", "1", 10)]}}, EACH_QUORUM),
        v19.get_count("k1", cparent("Data"), pred(start="", count=10), EACH_QUORUM),
        v19.multiget_slice(["k1", "k2"], cparent("Data"), pred(start="", count=10), QUORUM),
        v19.remove("k1", cpath("Data", col="a"), 20, ANY),
        v19.get_count("k1", cparent("Data"), pred(start="", count=10), ALL),
        # replication 2 on one node
        v19.system_add_keyspace(ksd("LevelsRf2", [cf_def("LevelsRf2", "Data",
                                                         comparator="UTF8Type")], rf=2)),
        v19.set_keyspace("LevelsRf2"),
        v19.insert("k1", cparent("Data"), column("a", "1", 10), ONE),
        v19.insert("k1", cparent("Data"), column("b", "1", 10), QUORUM),
        v19.insert("k1", cparent("Data"), column("c", "1", 10), ANY),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ONE),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), TWO),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), ALL),
        v19.system_drop_keyspace("LevelsRf2"),
        # NetworkTopologyStrategy
        v19.system_add_keyspace(ksd("LevelsNts", [cf_def("LevelsNts", "Data",
                                                         comparator="UTF8Type")],
                                    strategy=NTS, options={"datacenter1": "1", "DC2": "1"})),
        v19.set_keyspace("LevelsNts"),
        v19.insert("k1", cparent("Data"), column("a", "1", 10), ONE),
        v19.insert("k1", cparent("Data"), column("b", "1", 10), LOCAL_QUORUM),
        v19.insert("k1", cparent("Data"), column("c", "1", 10), EACH_QUORUM),
        v19.insert("k1", cparent("Data"), column("d", "1", 10), QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), LOCAL_QUORUM),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ONE),
        v19.system_drop_keyspace("LevelsNts"),
    ]
    return steps


# --------------------------------------------------------------------------- key validators
KEY_TYPES = [
    # (type, good key, bad key)
    ("LongType", long_(42), int32(42)),
    ("IntegerType", b"\x01\x00", b""),
    ("AsciiType", "plain", "caf\xe9"),
    ("UTF8Type", "caf\u00e9", b"\xc3\x28"),
    ("LexicalUUIDType", lexuuid(3), b"\x01" * 10),
    ("TimeUUIDType", timeuuid(7), lexuuid(3)),
    ("BytesType", b"\x00\xff", None),
]
KEY_TYPES_08 = [
    ("UUIDType", lexuuid(4), b"\x02" * 15),
    ("BooleanType", b"\x01", b"\x01\x00"),
    ("DateType", long_(1300000000000), int32(7)),
    ("DoubleType", struct.pack(">d", 2.5), struct.pack(">f", 2.5)),
    ("FloatType", struct.pack(">f", 2.5), struct.pack(">d", 2.5)),
]
KEY_TYPES_10 = [
    ("Int32Type", int32(7), long_(7)),
    ("DecimalType", struct.pack(">i", 2) + b"\x01\x2c", b"\x01"),
]


@scenario("o19o_keytypes", "19", "validation", keyspace_reset="KeyTypes")
def keytypes():
    """Row keys of every key validator of the release (key_validation_class from 0.8; on 0.7
    the comparators of the same types, for names): a good key written and read back by get,
    range scan and multiget, a bad one refused by insert, get, multiget and batch_mutate."""
    ks = "KeyTypes"
    types = KEY_TYPES + (KEY_TYPES_08 if HAS_COUNTERS else []) + (KEY_TYPES_10 if V10 else [])
    cfs = []
    for t, _, _ in types:
        if V07:
            cfs.append(cf_def(ks, "K" + t, comparator=t))
        else:
            cfs.append(cf_def(ks, "K" + t, comparator="UTF8Type", key_validation=t))
    steps = [setup(ks, cfs)]
    for t, good, bad in types:
        cf = "K" + t
        if V07:
            steps += [
                v19.insert("row", cparent(cf), column(good, "v", 10)),
                v19.get_slice("row", cparent(cf), pred(start="", count=10)),
            ]
            if bad is not None:
                steps += [v19.insert("row", cparent(cf), column(bad, "v", 10)),
                          v19.get("row", cpath(cf, col=bad))]
            continue
        steps += [
            v19.insert(good, cparent(cf), column("v", "x", 10)),
            v19.get(good, cpath(cf, col="v")),
            v19.get_range_slices(cparent(cf), pred(start="", count=10),
                                 key_range(start_key="", end_key="", count=10)),
        ]
        if bad is not None:
            steps += [
                v19.insert(bad, cparent(cf), column("v", "x", 10)),
                v19.get(bad, cpath(cf, col="v")),
                v19.multiget_slice([good, bad], cparent(cf), pred(start="", count=10)),
                v19.batch_mutate({bad: {cf: [ins("v", "y", 11)]}}),
                v19.get_range_slices(cparent(cf), pred(start="", count=10),
                                     key_range(start_key=bad, end_key="", count=10)),
            ]
    return steps


# --------------------------------------------------------------------------- cassandra-jdbc
@scenario("o19o_jdbc", "19", "cql2", keyspace_reset="jdbcapp")
def jdbc():
    """A Java app on cassandra-jdbc 1.0/1.1 (CQL 2): the driver's connect calls, DDL in CQL,
    INSERT and UPDATE with USING CONSISTENCY and TIMESTAMP, SELECT with KEY IN, FIRST and
    REVERSED, column ranges, COUNT, DELETE of columns, BATCH, a secondary index queried,
    statements the driver passed on verbatim with mistakes; 1.1 sets the CQL version to 2.0.0
    first and prepares statements. On 0.7 the driver's calls before CQL (it had none)."""
    ks = "jdbcapp"
    steps = [v19.describe_cluster_name(), v19.describe_version()]
    if V11:
        steps.append(v19.set_cql_version("2.0.0"))
    if not HAS_CQL:
        steps += [cql("USE system;"), v19.describe_keyspaces()]
        return steps
    T = 1320000000000000
    steps += [
        cql("CREATE KEYSPACE jdbcapp WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE jdbcapp;"),
        cql("CREATE COLUMNFAMILY orders (KEY varchar PRIMARY KEY, customer varchar, "
            "total bigint, placed timestamp) WITH comparator = text "
            "AND default_validation = text;"),
        cql("CREATE INDEX orders_customer ON orders (customer);"),
        cql("INSERT INTO orders (KEY, customer, total, placed) VALUES ('o1', 'acme', 1200, "
            "'2011-11-02 10:00:00+0000') USING CONSISTENCY ONE AND TIMESTAMP %d;" % T),
        cql("INSERT INTO orders (KEY, customer, total) VALUES ('o2', 'acme', 50) "
            "USING TIMESTAMP %d;" % T),
        cql("INSERT INTO orders (KEY, customer, total, note) VALUES ('o3', 'initech', 7, "
            "'rush') USING TIMESTAMP %d;" % T),
        cql("UPDATE orders USING CONSISTENCY QUORUM AND TIMESTAMP %d SET total = 60 "
            "WHERE KEY = 'o2';" % (T + 1)),
        cql("SELECT * FROM orders WHERE KEY = 'o1';"),
        cql("SELECT customer, total FROM orders WHERE KEY IN ('o1', 'o2', 'o9');"),
        cql("SELECT FIRST 2 REVERSED * FROM orders WHERE KEY = 'o3';"),
        cql("SELECT 'customer'..'placed' FROM orders WHERE KEY = 'o1';"),
        cql("SELECT total FROM orders WHERE customer = 'acme';"),
        cql("SELECT total FROM orders WHERE customer = 'acme' AND total > 100;"),
        cql("SELECT total FROM orders WHERE total > 100;"),
        cql("SELECT COUNT(*) FROM orders;"),
        cql("SELECT COUNT(*) FROM orders WHERE KEY = 'o1';"),
        cql("DELETE note FROM orders USING TIMESTAMP %d WHERE KEY = 'o3';" % (T + 2)),
        cql("SELECT * FROM orders WHERE KEY = 'o3';"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP %d "
            "INSERT INTO orders (KEY, customer, total) VALUES ('o4', 'hooli', 9) "
            "UPDATE orders SET total = 10 WHERE KEY = 'o4' "
            "DELETE customer FROM orders WHERE KEY = 'o2' "
            "APPLY BATCH;" % (T + 3)),
        cql("SELECT * FROM orders WHERE KEY = 'o4';"),
        # the mistakes an app passed through the driver
        cql("SELECT * FROM order WHERE KEY = 'o1';"),
        cql("SELECT * FROM orders WHERE KEY = o1;"),
        cql("INSERT INTO orders (customer, total) VALUES ('x', 1);"),
        cql("INSERT INTO orders (KEY, total) VALUES ('o5', 'lots');"),
        cql("SELECT * FROM orders WHERE KEY = 'o1'"),
        cql("UPDATE orders SET total = total + 1 WHERE KEY = 'o1';"),
        cql("select * from ORDERS where key = 'o1';"),
    ]
    if V11:
        q1 = "SELECT total FROM orders WHERE KEY = ?;"
        q2 = "UPDATE orders USING TIMESTAMP %d SET total = ? WHERE KEY = ?;" % (T + 5)
        steps += [
            raw("prepare_cql_query", {1: W.bin_(q1), 2: W.i32(2)}),
            raw("execute_prepared_cql_query", {1: W.i32(jhash_i(q1)),
                                               2: W.list_("bin", [b("o1")])}),
            raw("prepare_cql_query", {1: W.bin_(q2), 2: W.i32(2)}),
            raw("execute_prepared_cql_query", {1: W.i32(jhash_i(q2)),
                                               2: W.list_("bin", [b(long_(99)), b("o1")])}),
            raw("execute_prepared_cql_query", {1: W.i32(jhash_i(q2)),
                                               2: W.list_("bin", [b("o1")])}),
            raw("execute_prepared_cql_query", {1: W.i32(12345), 2: W.list_("bin", [])}),
            raw("execute_prepared_cql_query", {1: W.i32(jhash_i(q1)),
                                               2: W.list_("bin", [b("o1")])}),
        ]
    steps += [
        cql("TRUNCATE orders;"),
        cql("SELECT * FROM orders WHERE KEY = 'o1';"),
        cql("DROP INDEX orders_customer;"),
        cql("DROP COLUMNFAMILY orders;"),
        cql("DROP KEYSPACE jdbcapp;"),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta ORM
@scenario("o19o_cql3orm", "19", "cql3", keyspace_reset="ormapp")
def cql3orm():
    """An ORM prototype trying 1.1's CQL 3 beta: set_cql_version('3.0.0'), a keyspace and
    tables with compound primary keys (one COMPACT STORAGE), inserts, a clustering range,
    ORDER BY, LIMIT, an update, a delete of one clustering row, a secondary index, DROP; on
    0.8 and 1.0 the version call a release lacked and the CQL 2 it fell back to."""
    steps = [v19.set_cql_version("3.0.0")]
    if not V11:
        if HAS_CQL:
            steps += [
                cql("CREATE KEYSPACE ormapp WITH strategy_class = SimpleStrategy "
                    "AND strategy_options:replication_factor = 1;"),
                cql("USE ormapp;"),
                cql("CREATE TABLE posts (KEY text PRIMARY KEY, title text) "
                    "WITH comparator = text;"),
                cql("INSERT INTO posts (KEY, title) VALUES ('p1', 'hello') "
                    "USING TIMESTAMP 1000;"),
                cql("SELECT * FROM posts WHERE KEY = 'p1';"),
                cql("CREATE TABLE comments (post text, id int, body text, "
                    "PRIMARY KEY (post, id));"),
            ]
        return steps
    T = 1330000000000000
    steps += [
        cql("CREATE KEYSPACE ormapp WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1;"),
        cql("USE ormapp;"),
        cql("CREATE TABLE posts (id text PRIMARY KEY, title text, author text);"),
        cql("CREATE TABLE comments (post text, id int, author text, body text, "
            "PRIMARY KEY (post, id));"),
        cql("CREATE TABLE tags (tag text, post text, PRIMARY KEY (tag, post)) "
            "WITH COMPACT STORAGE;"),
        cql("CREATE INDEX ON posts (author);"),
        cql("INSERT INTO posts (id, title, author) VALUES ('p1', 'Hello', 'ann') "
            "USING TIMESTAMP %d;" % T),
        cql("INSERT INTO posts (id, title, author) VALUES ('p2', 'Again', 'bob') "
            "USING TIMESTAMP %d;" % T),
    ]
    for i in range(4):
        steps.append(cql("INSERT INTO comments (post, id, author, body) VALUES "
                         "('p1', %d, 'u%d', 'c%d') USING TIMESTAMP %d;" % (i, i, i, T)))
    steps += [
        cql("INSERT INTO tags (tag, post) VALUES ('intro', 'p1') USING TIMESTAMP %d;" % T),
        cql("INSERT INTO tags (tag, post) VALUES ('intro', 'p2') USING TIMESTAMP %d;" % T),
        cql("SELECT * FROM posts WHERE id = 'p1';"),
        cql("SELECT * FROM posts WHERE author = 'bob';"),
        cql("SELECT * FROM comments WHERE post = 'p1' AND id > 0 AND id <= 2;"),
        cql("SELECT id, body FROM comments WHERE post = 'p1' ORDER BY id DESC LIMIT 2;"),
        cql("SELECT post FROM tags WHERE tag = 'intro';"),
        cql("SELECT COUNT(*) FROM comments WHERE post = 'p1';"),
        cql("UPDATE comments USING TIMESTAMP %d SET body = 'edited' WHERE post = 'p1' "
            "AND id = 1;" % (T + 1)),
        cql("DELETE FROM comments USING TIMESTAMP %d WHERE post = 'p1' AND id = 2;" % (T + 1)),
        cql("SELECT * FROM comments WHERE post = 'p1';"),
        cql("SELECT * FROM comments WHERE id = 1;"),
        cql("SELECT * FROM comments WHERE post = 'p1' ORDER BY body;"),
        cql("INSERT INTO comments (post, body) VALUES ('p1', 'x');"),
        cql("SELECT * FROM posts WHERE title = 'Hello';"),
        v19.describe_keyspace("ormapp"),
        cql("DROP TABLE tags;"),
        cql("DROP KEYSPACE ormapp;"),
    ]
    return steps


# --------------------------------------------------------------------------- ETL reload
@scenario("o19o_etl", "19", "batch", keyspace_reset="Warehouse")
def etl():
    """A nightly ETL job: describe_schema_versions before DDL, truncate of the staging column
    families, a reload in large batch_mutate calls spanning several column families and a
    super column family, a row count by range scan, a dimension column family dropped and
    re-created with the same name, writes to it right after."""
    ks = "Warehouse"
    steps = [
        setup(ks, [cf_def(ks, "Facts", comparator="UTF8Type", default_validation="UTF8Type"),
                   cf_def(ks, "Dims", comparator="UTF8Type", default_validation="UTF8Type"),
                   cf_def(ks, "Rollups", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="UTF8Type")]),
        v19.batch_mutate({"old%d" % i: {"Facts": [ins("v", "x", 5)]} for i in range(3)}),
        v19.truncate("Facts"),
        v19.truncate("Rollups"),
        v19.truncate("Missing"),
        v19.get_range_slices(cparent("Facts"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]
    big = {}
    for i in range(30):
        big["f%02d" % i] = {"Facts": [ins("amount", str(i * 3), 10), ins("dim", "d%d" % (i % 4),
                                                                          10)]}
    for d in range(4):
        big["d%d" % d] = {"Dims": [ins("label", "Dim %d" % d, 10)]}
    big["2011-12"] = {"Rollups": [mutation(cosc(super_column=super_column(
        "d%d" % d, [column("sum", str(d * 10), 10), column("n", "8", 10)]))) for d in range(4)]}
    steps += [
        v19.batch_mutate(big),
        v19.get_range_slices(cparent("Facts"), pred(names=["amount"]),
                             key_range(start_key="", end_key="", count=12)),
        v19.get_range_slices(cparent("Facts"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_slice("2011-12", cparent("Rollups"), pred(names=["d1", "d3"])),
        v19.get_range_slices(cparent("Rollups"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_column_family("Dims"),
        v19.get_slice("d1", cparent("Dims"), pred(start="", count=10)),
        v19.system_add_column_family(cf_def(ks, "Dims", comparator="UTF8Type",
                                            default_validation="UTF8Type")),
        v19.get_slice("d1", cparent("Dims"), pred(start="", count=10)),
        v19.batch_mutate({"d1": {"Dims": [ins("label", "Dim one", 20)],
                                 "Facts": [ins("amount", "0", 20)]}}),
        v19.get_slice("d1", cparent("Dims"), pred(start="", count=10)),
        # a batch with an empty mutation list and one naming a missing column family
        v19.batch_mutate({"f00": {"Facts": []}}),
        v19.batch_mutate({"f00": {"Fact": [ins("amount", "1", 21)]}}),
        v19.batch_mutate({}),
    ]
    return steps


# --------------------------------------------------------------------------- inventory
@scenario("o19o_inventory", "19", "super", keyspace_reset="Inventory")
def inventory():
    """A warehouse inventory in a super column family (warehouse row, SKU super columns, bin
    sub-columns): counts per level (get_count of the row and of a super column, multiget_count
    from 0.8), sub-column slices, a super column replaced, a sub-column moved between bins by
    a batch deleting and inserting, super-column-level range scans."""
    ks = "Inventory"
    steps = [
        setup(ks, [cf_def(ks, "Stock", column_type="Super", comparator="UTF8Type",
                          subcomparator="UTF8Type", default_validation="UTF8Type")]),
    ]
    rows = {}
    for w in ("east", "west"):
        rows[w] = {"Stock": [mutation(cosc(super_column=super_column(
            "sku-%d" % s, [column("bin-%d" % n, str(s * n), 10) for n in range(1, 4)])))
            for s in range(1, 5)]}
    steps += [
        v19.batch_mutate(rows),
        v19.get_count("east", cparent("Stock"), pred(start="", count=100)),
        v19.get_count("east", cparent("Stock", sc="sku-2"), pred(start="", count=100)),
        v19.get_count("east", cparent("Stock"), pred(start="sku-2", finish="sku-3", count=100)),
        v19.get_slice("east", cparent("Stock", sc="sku-2"), pred(start="bin-2", count=10)),
        v19.get_slice("east", cparent("Stock"), pred(names=["sku-1", "sku-9"])),
        v19.get_slice("east", cparent("Stock"), pred(start="sku-3", count=1)),
        v19.batch_mutate({"east": {"Stock": [
            dele(["bin-1"], 20, sc="sku-1"),
            mutation(cosc(super_column=super_column("sku-1", [column("bin-9", "1", 20)])))]}}),
        v19.get("east", cpath("Stock", sc="sku-1")),
        # replace a whole super column: delete it, then write
        v19.remove("east", cpath("Stock", sc="sku-4"), 30),
        v19.insert("east", cparent("Stock", sc="sku-4"), column("bin-7", "70", 31)),
        v19.get("east", cpath("Stock", sc="sku-4")),
        v19.insert("east", cparent("Stock", sc="sku-5"), column("bin-1", "5", 29)),
        v19.remove("east", cpath("Stock", sc="sku-5"), 29),
        v19.get_slice("east", cparent("Stock", sc="sku-5"), pred(start="", count=10)),
        v19.get_range_slices(cparent("Stock"), pred(names=["sku-4"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Stock", sc="sku-2"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_count("east", cparent("Stock", sc="sku-404"), pred(start="", count=10)),
        v19.insert("east", cparent("Stock"), column("bin-1", "1", 40)),
        v19.get_slice("east", cparent("Stock", sc="sku-1"), pred(names=["bin-9", "bin-1"])),
    ]
    if HAS_COUNTERS:
        steps.insert(4, raw("multiget_count", {1: W.list_("bin", [b("east"), b("west"),
                                                                  b("north")]),
                                               2: cparent("Stock"),
                                               3: pred(start="", count=100),
                                               4: W.i32(ONE)}))
    return steps


# --------------------------------------------------------------------------- later IDLs
@scenario("o19o_hector12", "19", "upgrade", keyspace_reset="HectorNext")
def hector12():
    """Hector 1.1 (built against 1.2's IDL) during an upgrade: a column family defined with
    1.2's CfDef fields (populate_io_cache_on_flush, index_interval, the caching word, the
    dclocal chance, compression with crc_check_chance), a ColumnDef with index_options, a
    KeyRange with row_filter, and its usual reads and writes."""
    ks = "HectorNext"
    cfd = cf_def(ks, "Profiles", comparator="UTF8Type", default_validation="UTF8Type",
                 column_metadata=[W.struct({1: b("city"), 2: b("UTF8Type"), 3: W.i32(0),
                                            4: b("profiles_city"),
                                            5: W.map_("bin", "bin", [])})],
                 extra={34: W.bin_("KEYS_ONLY"), 37: W.double(0.0), 38: W.boolean(False),
                        41: W.i32(128), 24: W.boolean(True),
                        32: W.map_("bin", "bin", [(b("sstable_compression"),
                                                   b("SnappyCompressor")),
                                                  (b("crc_check_chance"), b("0.5"))])})
    return [
        v19.describe_cluster_name(),
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ks_def(ks, [cfd], durable_writes=True)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"u%d" % i: {"Profiles": [ins("city", ["Oslo", "Rome"][i % 2], 10),
                                                   ins("name", "user%d" % i, 10)]}
                          for i in range(4)}),
        v19.get_indexed_slices(cparent("Profiles"), index_clause(
            [index_expr("city", EQ, "Rome")]), pred(names=["name"])),
        v19.get_range_slices(cparent("Profiles"), pred(names=["name"]),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("city", EQ, "Oslo")])),
        v19.get_slice("u1", cparent("Profiles"), pred(start="", count=10)),
    ]


@scenario("o19o_astyanax20", "19", "upgrade", keyspace_reset="AstyNext")
def astyanax20():
    """An Astyanax 1.56 app (2.0's IDL) pointed at the older cluster: its connection pool's
    describe_ring and describe_version, 2.0 methods it tried first (atomic_batch_mutate,
    execute_cql3_query, describe_splits_ex, trace_next_query) and the plain calls it fell back
    to; a CfDef with 2.0's fields (default_time_to_live, speculative_retry, memtable flush
    period, triggers) and a KEYS index ColumnDef of a CUSTOM type."""
    ks = "AstyNext"
    cfd = cf_def(ks, "Events", comparator="UTF8Type", default_validation="UTF8Type",
                 extra={39: W.i32(3600000), 40: W.i32(0), 42: W.bin_("99PERCENTILE"),
                        43: W.list_("struct", [])})
    return [
        v19.describe_version(),
        v19.describe_partitioner(),
        v19.system_add_keyspace(ks_def(ks, [cfd], durable_writes=False)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.atomic_batch_mutate({"e1": {"Events": [ins("type", "click", 10)]}}),
        v19.batch_mutate({"e1": {"Events": [ins("type", "click", 10)]}}),
        v19.execute_cql3_query("SELECT * FROM \"Events\""),
        raw("trace_next_query", {}),
        raw("describe_splits_ex", {1: b("Events"), 2: b("0"), 3: b("0"), 4: W.i32(128)}),
        v19.get_slice("e1", cparent("Events"), pred(start="", count=10)),
        v19.system_add_column_family(cf_def(ks, "Tagged", comparator="UTF8Type",
                                            column_metadata=[W.struct({
                                                1: b("tag"), 2: b("UTF8Type"), 3: W.i32(1),
                                                4: b("tag_idx"),
                                                5: W.map_("bin", "bin", [(
                                                    b("class_name"),
                                                    b("org.example.Idx"))])})])),
        v19.describe_keyspace(ks),
        v19.insert("e2", cparent("Events"), column("type", "view", 11)),
        v19.get_range_slices(cparent("Events"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
    ]


@scenario("o19o_pycassa19", "19", "upgrade", keyspace_reset="PyNext")
def pycassa19():
    """pycassa 1.9 (1.2's IDL) on the old cluster: SystemManager.create_keyspace with
    strategy_options and durable_writes, create_column_family passing 1.1's and 1.2's
    fields, ColumnFamily.get_range through get_paged_slice first (1.1 on), xget's buffered
    slices, a multiget_count, and describe_token_map for its ring view."""
    ks = "PyNext"
    cfd = cf_def(ks, "Stuff", comparator="UTF8Type", default_validation="UTF8Type",
                 key_validation="UTF8Type",
                 extra={34: W.bin_("keys_only"), 37: W.double(0.05), 12: W.double(0.2)})
    steps = [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ks_def(ks, [], durable_writes=True)),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"r%d" % i: {"Stuff": [ins("c%d" % j, str(j), 10) for j in range(5)]}
                          for i in range(3)}),
        v19.get_paged_slice("Stuff", key_range(start_key="", end_key="", count=10), ""),
        v19.get_range_slices(cparent("Stuff"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("r1", cparent("Stuff"), pred(start="", count=2)),
        v19.get_slice("r1", cparent("Stuff"), pred(start="c1", count=3)),
        v19.multiget_count(["r0", "r1", "r9"], cparent("Stuff"), pred(start="", count=100)),
        v19.describe_token_map(),
        v19.system_drop_column_family("Stuff"),
        v19.system_drop_keyspace(ks),
    ]
    return steps
