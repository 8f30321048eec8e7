"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19.

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Titan 0.4/0.5 on Astyanax (edgestore / graphindex of BytesType, raw byte slices, id blocks,
    lock columns with TTLs, key scans by token, deletions by slice)
  * Usergrid's Hector entity manager (DynamicCompositeType aliases, index entry rows)
  * Astyanax's sharded message queue recipe (CompositeType(BytesType, TimeUUIDType) shards)
  * Spring Data Cassandra 1.x through cassandra-jdbc (CQL 3 schema, IF NOT EXISTS, repositories)
  * a Kong/Lapis-like CQL migration runner (schema_migrations list, indexes, ALLOW FILTERING)
  * Elassandra-style reads of the system.schema_* tables
  * cassandra-lucene's custom index class on a node without it
  * counters and collections of a social profile app; ALTER TABLE evolutions with each
    release's option syntax; lightweight transactions; batches mixing tables; token() paging;
    static columns; user types and tuples; 2.2's types from an app written for 2.2
  * an old CQL 2 app (set_cql_version) and clients built against later IDLs
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import struct as _st
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
from dsl import (scenario, v19, Step, raw, b, cf_def, ks_def, column, cparent, cpath, pred,  # noqa: E402
                 key_range, mutation, deletion, ins, long_, timeuuid, ONE, QUORUM, LOCAL_QUORUM)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (comp, exe, i32b, ks_cql, prep)  # noqa: E402
from kit import cql3 as cql  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
MIN_TOKEN = kit.MIN_TOKEN


def comp_end(*parts, eoc=1):
    """A composite prefix whose last component's end-of-component byte is eoc."""
    c = comp(*parts)
    return c[:-1] + bytes([eoc])


def dcomp(*parts):
    """A DynamicCompositeType name of aliased components: (alias, bytes)."""
    out = b""
    for alias, p in parts:
        p = p.encode() if isinstance(p, str) else p
        out += _st.pack(">H", 0x8000 | ord(alias)) + _st.pack(">H", len(p)) + p + b"\x00"
    return out


def comp_end_d(alias, value):
    """A DynamicCompositeType prefix end (end-of-component 1)."""
    c = dcomp((alias, value))
    return c[:-1] + b"\x01"


# ---------------------------------------------------------------- Titan on Astyanax
TITAN_CFS = ("edgestore", "edgestore_lock_", "graphindex", "graphindex_lock_",
             "system_properties", "system_properties_lock_", "titan_ids")


@scenario("ord19p_titan_open", "19", "graph", keyspace_reset="titan")
def titan_open():
    """Titan 0.4's AstyanaxStoreManager opening a graph: describe calls, the keyspace made
    with every store as a BytesType column family with its compression options, the
    system_properties read and written, id blocks claimed in titan_ids (a column per claim,
    read back as a slice, the losing claim deleted)."""
    ks = "titan"
    cfs = [cf_def(ks, n, comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType",
                  extra={32: W.map_("bin", "bin", [
                      (b("sstable_compression"),
                       b("org.apache.cassandra.io.compress.SnappyCompressor")),
                      (b("chunk_length_kb"), b("64"))])})
           for n in TITAN_CFS]
    idkey = i32b(0) + i32b(1)  # partition 0, id namespace 1
    return [
        v19.describe_cluster_name(),
        v19.describe_partitioner(),
        v19.describe_snitch(),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ks_def(ks, cfs)),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        # system_properties: the configuration row
        v19.get_slice(b"configuration", cparent("system_properties"),
                      pred(start=b"", finish=b"", count=2147483647), cl=QUORUM),
        v19.batch_mutate({b"configuration": {"system_properties": [
            ins(b"storage.version", b"0.4.4", 10), ins(b"titan.version", b"0.4.4", 10)]}},
            cl=QUORUM),
        v19.get_slice(b"configuration", cparent("system_properties"),
                      pred(start=b"", finish=b"", count=2147483647), cl=QUORUM),
        # id block claims: column = (upper bound, time, uid), value empty
        v19.batch_mutate({idkey: {"titan_ids": [
            ins(long_(10000) + long_(1) + b"uidA", b"", 20)]}}, cl=QUORUM),
        v19.batch_mutate({idkey: {"titan_ids": [
            ins(long_(10000) + long_(2) + b"uidB", b"", 21)]}}, cl=QUORUM),
        v19.get_slice(idkey, cparent("titan_ids"),
                      pred(start=long_(10000), finish=long_(10001), count=100), cl=QUORUM),
        v19.get_slice(idkey, cparent("titan_ids"),
                      pred(start=b"", finish=b"", reversed=True, count=5), cl=QUORUM),
        v19.batch_mutate({idkey: {"titan_ids": [mutation(deletion_=deletion(
            22, predicate=pred(names=[long_(10000) + long_(2) + b"uidB"])))]}}, cl=QUORUM),
        v19.get_slice(idkey, cparent("titan_ids"), pred(start=b"", count=100), cl=QUORUM),
        v19.get_count(idkey, cparent("titan_ids"), pred(start=b"", count=100), cl=QUORUM),
        # a second graph opened on the same keyspace: the add fails
        v19.system_add_keyspace(ks_def(ks, cfs[:1])),
        v19.system_add_column_family(cfs[0]),
    ]


@scenario("ord19p_titan_edges", "19", "graph", keyspace_reset="titan_g")
def titan_edges():
    """Titan's edgestore and graphindex traffic: vertex rows of 8-byte ids, edge columns of
    raw bytes read by slices between byte prefixes (getSlice with SliceQuery start/end),
    multiget of adjacency lists, mutate with deletions of edge columns, key scans by token
    ranges (getKeys for a full graph scan) and an index lookup."""
    ks = "titan_g"
    cfs = [cf_def(ks, n, comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType") for n in ("edgestore", "graphindex")]
    steps = [v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks)]
    muts = {}
    for v in range(1, 7):
        key = long_(v << 3)
        cols = [ins(b"\x02" + bytes([0x10 + v]), b"\x80" + bytes([v]), 10)]  # name property
        for o in range(1, 4):
            if o != v:
                cols.append(ins(b"\x30" + long_(o << 3) + b"\x00", b"\x01", 10))  # out edge
                cols.append(ins(b"\x31" + long_(o << 3) + b"\x00", b"\x01", 10))  # in edge
        muts[key] = {"edgestore": cols}
    muts[b"\x01name=alice"] = {"graphindex": [ins(long_(1 << 3), b"", 10)]}
    muts[b"\x01name=bob"] = {"graphindex": [ins(long_(2 << 3), b"", 10)]}
    steps += [
        v19.batch_mutate(muts, cl=QUORUM),
        # property slice: [0x02, 0x03)
        v19.get_slice(long_(8), cparent("edgestore"), pred(start=b"\x02", finish=b"\x03",
                                                           count=100), cl=QUORUM),
        # out edges only: [0x30, 0x31)
        v19.get_slice(long_(16), cparent("edgestore"), pred(start=b"\x30", finish=b"\x31",
                                                            count=100), cl=QUORUM),
        # a limited slice, Titan asking for one more than it needs
        v19.get_slice(long_(24), cparent("edgestore"), pred(start=b"\x30", finish=b"\x32",
                                                            count=2), cl=QUORUM),
        v19.multiget_slice([long_(8), long_(16), long_(40), long_(999)], cparent("edgestore"),
                           pred(start=b"\x30", finish=b"\x31", count=100), cl=QUORUM),
        # an index lookup
        v19.get_slice(b"\x01name=bob", cparent("graphindex"), pred(start=b"", count=100),
                      cl=QUORUM),
        # remove the edge 1->2 on both sides, and a property
        v19.batch_mutate({
            long_(8): {"edgestore": [mutation(deletion_=deletion(
                20, predicate=pred(names=[b"\x30" + long_(16) + b"\x00"])))]},
            long_(16): {"edgestore": [mutation(deletion_=deletion(
                20, predicate=pred(names=[b"\x31" + long_(8) + b"\x00",
                                          b"\x02\x12"])))]}}, cl=QUORUM),
        v19.get_slice(long_(8), cparent("edgestore"), pred(start=b"", count=100), cl=QUORUM),
        v19.get_slice(long_(16), cparent("edgestore"), pred(start=b"", count=100), cl=QUORUM),
        # getKeys: a full scan by tokens, one column per row, paged by the last token
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=3),
                             cl=QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"", finish=b"", count=1),
                             key_range(start_token="0", end_token=MIN_TOKEN, count=100),
                             cl=QUORUM),
        # a vertex removed: a row deletion
        v19.batch_mutate({long_(48): {"edgestore": [mutation(deletion_=deletion(30))]}},
                         cl=QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start=b"\x02", finish=b"\x03",
                                                        count=10),
                             key_range(start_key=b"", end_key=b"", count=100), cl=QUORUM),
        # mistakes: a slice whose start sorts after its end, a count of 0
        v19.get_slice(long_(8), cparent("edgestore"), pred(start=b"\x31", finish=b"\x30",
                                                           count=10), cl=QUORUM),
        v19.get_slice(long_(8), cparent("edgestore"), pred(start=b"", count=0), cl=QUORUM),
    ]
    return steps


@scenario("ord19p_titan_locks", "19", "graph", keyspace_reset="titan_l")
def titan_locks():
    """Titan's ConsistentKeyLocker on the *_lock_ stores: a lock claim column named by
    (timestamp, rid) with a TTL, read back at QUORUM, the winner checked, the claim deleted by
    a deletion at its own timestamp; a stale claim left to expire."""
    ks = "titan_l"
    cfs = [cf_def(ks, "edgestore_lock_", comparator="BytesType", key_validation="BytesType",
                  default_validation="BytesType", gc_grace=10)]
    lockkey = long_(8) + b"\x30"
    c1 = long_(1000) + b"rid-1"
    c2 = long_(1001) + b"rid-2"
    return [
        v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks),
        v19.batch_mutate({lockkey: {"edgestore_lock_": [ins(c1, b"", 10, ttl=300)]}},
                         cl=QUORUM),
        v19.batch_mutate({lockkey: {"edgestore_lock_": [ins(c2, b"", 11, ttl=300)]}},
                         cl=QUORUM),
        v19.get_slice(lockkey, cparent("edgestore_lock_"),
                      pred(start=b"", finish=b"", count=2147483647), cl=QUORUM)
        .mask("0/*/1/4"),
        # the loser releases its claim
        v19.batch_mutate({lockkey: {"edgestore_lock_": [mutation(deletion_=deletion(
            11, predicate=pred(names=[c2])))]}}, cl=QUORUM),
        v19.get_slice(lockkey, cparent("edgestore_lock_"), pred(start=b"", count=100),
                      cl=QUORUM).mask("0/*/1/4"),
        # a deletion at an older timestamp than the claim leaves it
        v19.remove(lockkey, cpath("edgestore_lock_", col=c1), 5, cl=QUORUM),
        v19.get_count(lockkey, cparent("edgestore_lock_"), pred(start=b"", count=100),
                      cl=QUORUM),
        v19.remove(lockkey, cpath("edgestore_lock_", col=c1), 10, cl=QUORUM),
        v19.get_count(lockkey, cparent("edgestore_lock_"), pred(start=b"", count=100),
                      cl=QUORUM),
        # mistakes: a negative TTL, an empty column name (a remove without its timestamp is left
        # out: 2.x's message names the args struct's identity hash)
        v19.batch_mutate({lockkey: {"edgestore_lock_": [ins(c1, b"", 12, ttl=-1)]}},
                         cl=QUORUM),
        v19.batch_mutate({lockkey: {"edgestore_lock_": [ins(b"", b"", 12)]}}, cl=QUORUM),
        v19.get(lockkey, cpath("edgestore_lock_", col=c1), cl=QUORUM),
    ]


# ---------------------------------------------------------------- Usergrid on Hector
DCT = ("DynamicCompositeType(a=>AsciiType,b=>BytesType,i=>IntegerType,x=>LexicalUUIDType,"
       "l=>LongType,t=>TimeUUIDType,s=>UTF8Type,u=>UUIDType,A=>AsciiType(reversed=true),"
       "B=>BytesType(reversed=true),I=>IntegerType(reversed=true),L=>LongType(reversed=true),"
       "S=>UTF8Type(reversed=true),U=>UUIDType(reversed=true))")


@scenario("ord19p_usergrid", "19", "composite", keyspace_reset="Usergrid_Applications")
def usergrid():
    """Usergrid 1.0's Hector entity manager: column families of DynamicCompositeType with
    Hector's alias list, entity property rows, dictionary rows, index entry rows of
    (value, entity uuid, timestamp) names sliced by a prefix, ids sets; the schema described
    back as Hector's cluster.describeKeyspace did."""
    ks = "Usergrid_Applications"
    u1 = bytes.fromhex("11111111222233334444555555555555")
    u2 = bytes.fromhex("11111111222233334444666666666666")
    cfs = [
        cf_def(ks, "Entity_Properties", comparator="BytesType", key_validation="BytesType",
               default_validation="BytesType"),
        cf_def(ks, "Entity_Index_Entries", comparator=DCT, key_validation="BytesType",
               default_validation="BytesType"),
        cf_def(ks, "Entity_Dictionaries", comparator="BytesType",
               key_validation="BytesType", default_validation="BytesType"),
        cf_def(ks, "Entity_Id_Sets", comparator="UUIDType", key_validation="BytesType",
               default_validation="BytesType"),
    ]
    ix = u1 + b"users:name"
    return [
        v19.describe_keyspaces().mask("0"),
        v19.system_add_keyspace(ks_def(ks, cfs)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({
            u1: {"Entity_Properties": [ins("name", "ann", 10), ins("type", "user", 10),
                                       ins("created", long_(1370000000000), 10)],
                 "Entity_Dictionaries": [ins("roles:admin", "Admin", 10)]},
            u2: {"Entity_Properties": [ins("name", "bob", 10), ins("type", "user", 10)]},
            ix: {"Entity_Index_Entries": [
                ins(dcomp(("s", "ann"), ("u", u1), ("l", long_(10))), b"", 10),
                ins(dcomp(("s", "bob"), ("u", u2), ("l", long_(10))), b"", 10),
                ins(dcomp(("s", "carl"), ("u", u2), ("l", long_(9))), b"", 10)]},
            b"users": {"Entity_Id_Sets": [ins(u2, b"", 10), ins(u1, b"", 10)]}}),
        v19.get_slice(u1, cparent("Entity_Properties"), pred(start="", count=100)),
        v19.multiget_slice([u1, u2], cparent("Entity_Properties"), pred(names=["name", "type"])),
        v19.get_slice(b"users", cparent("Entity_Id_Sets"), pred(start="", count=100)),
        v19.get_slice(ix, cparent("Entity_Index_Entries"), pred(start="", count=100)),
        # a prefix: names starting with 'bob'
        v19.get_slice(ix, cparent("Entity_Index_Entries"),
                      pred(start=dcomp(("s", "bob")), finish=comp_end_d("s", "bob"), count=10)),
        v19.get_slice(ix, cparent("Entity_Index_Entries"),
                      pred(start="", count=2, reversed=True)),
        # the index entry of a renamed user: old one removed, new one written
        v19.batch_mutate({ix: {"Entity_Index_Entries": [
            mutation(deletion_=deletion(20, predicate=pred(
                names=[dcomp(("s", "bob"), ("u", u2), ("l", long_(10)))]))),
            ins(dcomp(("s", "bobby"), ("u", u2), ("l", long_(20))), b"", 20)]}}),
        v19.get_slice(ix, cparent("Entity_Index_Entries"), pred(start="", count=100)),
        # mistakes: a name that is no dynamic composite, a UUID of 15 bytes
        v19.insert(ix, cparent("Entity_Index_Entries"), column("plain", "", 30)),
        v19.insert(b"users", cparent("Entity_Id_Sets"), column(u1[:15], "", 30)),
        v19.get_slice(ix, cparent("Entity_Index_Entries"), pred(start="zz", count=10)),
    ]


# ---------------------------------------------------------------- Astyanax queue recipe
@scenario("ord19p_astyanax_queue", "19", "composite", keyspace_reset="msg_queue")
def astyanax_queue():
    """Astyanax's ShardedDistributedMessageQueue: a queue column family of
    CompositeType(BytesType, TimeUUIDType, UTF8Type) names in shard rows, messages written
    with a TTL, the lock column claimed and read, a shard scanned by the item type prefix,
    acked messages deleted, the metadata row of the queue."""
    ks = "msg_queue"
    cmp_ = "CompositeType(BytesType,TimeUUIDType,UTF8Type)"
    cfs = [cf_def(ks, "Queue", comparator=cmp_, key_validation="UTF8Type",
                  default_validation="BytesType", gc_grace=0),
           cf_def(ks, "Queue_metadata", comparator="UTF8Type", key_validation="UTF8Type",
                  default_validation="UTF8Type")]
    shard = "Queue:0:0"
    msgs = [comp(b"\x01", timeuuid(i), "") for i in range(1, 5)]  # type 1: message
    lock = comp(b"\x00", timeuuid(9), "lock")  # type 0: lock
    return [
        v19.system_add_keyspace(ks_def(ks, cfs)), v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"Queue": {"Queue_metadata": [ins("shardCount", "1", 10),
                                                         ins("partitionCount", "1", 10),
                                                         ins("retentionTimeout", "1209600", 10)]}}),
        v19.get_slice("Queue", cparent("Queue_metadata"), pred(start="", count=100)),
        v19.batch_mutate({shard: {"Queue": [ins(m, b'{"task":%d}' % i, 10 + i, ttl=1209600)
                                             for i, m in enumerate(msgs)]}}),
        # the consumer's lock column, then read of every lock
        v19.batch_mutate({shard: {"Queue": [ins(lock, b"", 20, ttl=60)]}}, cl=QUORUM),
        v19.get_slice(shard, cparent("Queue"), pred(start=comp_end(b"\x00", eoc=0),
                                                   finish=comp_end(b"\x00", eoc=1),
                                                   count=100), cl=QUORUM).mask("0/*/1/4"),
        # read the messages: type 1 prefix, first 3
        v19.get_slice(shard, cparent("Queue"), pred(start=comp_end(b"\x01", eoc=0),
                                                   finish=comp_end(b"\x01", eoc=1), count=3),
                      cl=QUORUM).mask("0/*/1/4"),
        # ack: delete the messages read and the lock
        v19.batch_mutate({shard: {"Queue": [mutation(deletion_=deletion(30, predicate=pred(
            names=msgs[:3] + [lock])))]}}, cl=QUORUM),
        v19.get_slice(shard, cparent("Queue"), pred(start="", count=100), cl=QUORUM)
        .mask("0/*/1/4"),
        v19.get_count(shard, cparent("Queue"), pred(start="", count=100), cl=QUORUM),
        # mistakes: a composite of the wrong component type (a non-UUID where TimeUUID),
        # a version 4 UUID in the TimeUUID component, a range delete
        v19.insert(shard, cparent("Queue"), column(comp(b"\x01", b"notauuid", ""), "", 40)),
        v19.insert(shard, cparent("Queue"), column(
            comp(b"\x01", bytes.fromhex("11111111222243334444555555555555"), ""), "", 40)),
        v19.batch_mutate({shard: {"Queue": [mutation(deletion_=deletion(40, predicate=pred(
            start=comp_end(b"\x01", eoc=0), finish=comp_end(b"\x01", eoc=1))))]}}),
        v19.get_slice(shard, cparent("Queue"), pred(start="", count=100)).mask("0/*/1/4"),
    ]


# ---------------------------------------------------------------- Spring Data Cassandra 1.x
@scenario("ord19p_spring_data", "19", "cql3", keyspace_reset="spring_app")
def spring_data():
    """Spring Data Cassandra 1.0's CassandraAdminTemplate and repositories through a
    cassandra-jdbc (Thrift) session: CREATE TABLE IF NOT EXISTS of an entity, save (INSERT),
    findOne, findAll, exists (SELECT count), delete, a derived query on an index, prepared
    inserts of a bean's fields."""
    ks = "spring_app"
    T = 1400000000000000
    q_ins = ("INSERT INTO person (id, firstname, lastname, age, active) VALUES (?, ?, ?, ?, ?) "
             "USING TIMESTAMP %d" % T)
    q_one = "SELECT id, firstname, lastname, age, active FROM person WHERE id = ?"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS person (id text, firstname text, lastname text, "
            "age int, active boolean, PRIMARY KEY (id))"),
        cql("CREATE TABLE IF NOT EXISTS person (id text PRIMARY KEY)"),
        cql("CREATE INDEX IF NOT EXISTS person_lastname ON person (lastname)"),
        prep(q_ins), prep(q_one),
        exe(ks, q_ins, ["p1", "Ann", "Smith", i32b(31), b"\x01"]),
        exe(ks, q_ins, ["p2", "Bob", "Jones", i32b(45), b"\x00"]),
        exe(ks, q_ins, ["p3", "Cyd", "Smith", i32b(27), b"\x01"]),
        exe(ks, q_one, ["p2"]),
        exe(ks, q_one, ["p9"]),
        cql("SELECT count(*) FROM person WHERE id = 'p1'"),
        cql("SELECT * FROM person"),
        cql("SELECT id, age FROM person WHERE lastname = 'Smith'"),
        cql("SELECT id FROM person WHERE lastname = 'Smith' AND age > 30 ALLOW FILTERING"),
        cql("DELETE FROM person USING TIMESTAMP %d WHERE id = 'p3'" % (T + 1)),
        cql("SELECT id FROM person WHERE lastname = 'Smith'"),
        # mistakes: derived query without the index, a bean with a null key, a boolean as text
        cql("SELECT id FROM person WHERE firstname = 'Ann'"),
        cql("SELECT id FROM person WHERE age > 30"),
        exe(ks, q_ins, [b"", "X", "Y", i32b(1), b"\x01"]),
        exe(ks, q_ins, ["p4", "Dee", "Lee", i32b(5), "true"]),
        cql("INSERT INTO person (id, active) VALUES ('p5', 'yes')"),
        cql("DROP TABLE IF EXISTS person"),
        cql("DROP TABLE IF EXISTS person"),
    ]


# ---------------------------------------------------------------- Kong-like migrations
@scenario("ord19p_kong_migrations", "19", "cql3", keyspace_reset="kong")
def kong():
    """A Kong 0.x-like migration runner through CQL: CREATE KEYSPACE IF NOT EXISTS, a
    schema_migrations table of a list, migrations appended as they run, apis and consumers
    tables with secondary indexes, lookups by index and by ALLOW FILTERING, a timestamp
    column written from a literal."""
    ks = "kong"
    T = 1430000000000000
    return [
        cql("CREATE KEYSPACE IF NOT EXISTS kong WITH replication = {'class': "
            "'SimpleStrategy', 'replication_factor': 1}"),
        cql("CREATE KEYSPACE IF NOT EXISTS kong WITH replication = {'class': "
            "'SimpleStrategy', 'replication_factor': 1}"),
        v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, "
            "migrations list<text>)"),
        cql("SELECT * FROM schema_migrations"),
        cql("CREATE TABLE IF NOT EXISTS apis (id uuid, name text, public_dns text, "
            "target_url text, created_at timestamp, PRIMARY KEY (id))"),
        cql("CREATE INDEX IF NOT EXISTS ON apis(name)"),
        cql("CREATE INDEX IF NOT EXISTS ON apis(public_dns)"),
        cql("UPDATE schema_migrations USING TIMESTAMP %d SET migrations = migrations + "
            "['2015-01-12-175310_skeleton'] WHERE id = 'core'" % T),
        cql("UPDATE schema_migrations USING TIMESTAMP %d SET migrations = migrations + "
            "['2015-01-12-175310_init_schema'] WHERE id = 'core'" % (T + 1)),
        cql("SELECT * FROM schema_migrations WHERE id = 'core'"),
        cql("INSERT INTO apis (id, name, public_dns, target_url, created_at) VALUES "
            "(62eb165c-070a-11e5-ac2c-0800272a5c86, 'mockbin', 'mockbin.com', "
            "'http://mockbin.com', '2015-06-01 10:00:00+0000') USING TIMESTAMP %d" % T),
        cql("INSERT INTO apis (id, name, public_dns, target_url, created_at) VALUES "
            "(62eb165c-070a-11e5-ac2c-0800272a5c87, 'httpbin', 'httpbin.org', "
            "'http://httpbin.org', 1433152800000) USING TIMESTAMP %d" % T),
        cql("SELECT id, name, created_at FROM apis WHERE name = 'mockbin'"),
        cql("SELECT id FROM apis WHERE public_dns = 'httpbin.org' AND name = 'httpbin' "
            "ALLOW FILTERING"),
        cql("SELECT id FROM apis WHERE target_url = 'http://mockbin.com' ALLOW FILTERING"),
        cql("SELECT count(*) FROM apis"),
        # the rollback of a migration: remove an element, drop the index, the table
        cql("UPDATE schema_migrations USING TIMESTAMP %d SET migrations = migrations - "
            "['2015-01-12-175310_init_schema'] WHERE id = 'core'" % (T + 2)),
        cql("SELECT migrations FROM schema_migrations WHERE id = 'core'"),
        cql("DROP INDEX IF EXISTS apis_name_idx"),
        cql("DROP INDEX apis_name_idx"),
        cql("SELECT id FROM apis WHERE name = 'mockbin'"),
        # mistakes: a timestamp text in a format not taken, a uuid text without dashes
        cql("INSERT INTO apis (id, created_at) VALUES (62eb165c-070a-11e5-ac2c-0800272a5c88, "
            "'01/06/2015')"),
        cql("INSERT INTO apis (id, name) VALUES ('62eb165c070a11e5ac2c0800272a5c88', 'x')"),
    ]


# ---------------------------------------------------------------- Elassandra-like schema reads
@scenario("ord19p_schema_tables", "19", "schema", keyspace_reset="es_idx")
def schema_tables():
    """An Elassandra/Stargate-like mapper reading the schema from system.schema_* tables
    over Thrift CQL (keyspaces, column families, columns of a keyspace of its own), then
    the same table made and altered to see the rows change."""
    ks = "es_idx"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE docs (id text, part int, body text, score double, "
            "PRIMARY KEY (id, part)) WITH comment = 'es docs'"),
        cql("SELECT keyspace_name, durable_writes, strategy_class, strategy_options FROM "
            "system.schema_keyspaces WHERE keyspace_name = 'es_idx'"),
        cql("SELECT columnfamily_name, comment, comparator, key_validator, default_validator, "
            "gc_grace_seconds FROM system.schema_columnfamilies WHERE keyspace_name = 'es_idx'"),
        cql("SELECT column_name, validator, component_index, type FROM system.schema_columns "
            "WHERE keyspace_name = 'es_idx' AND columnfamily_name = 'docs'"),
        cql("ALTER TABLE docs ADD tags set<text>"),
        cql("SELECT column_name, validator FROM system.schema_columns "
            "WHERE keyspace_name = 'es_idx' AND columnfamily_name = 'docs'"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'es_idx' AND columnfamily_name = 'docs'"),
        cql("SELECT * FROM system.schema_keyspaces WHERE keyspace_name = 'nosuch'"),
        # mistakes: a column the release's table lacks, a table that is not there
        cql("SELECT keyspace_name, nosuchcol FROM system.schema_keyspaces"),
        cql("SELECT * FROM system.schema_tables WHERE keyspace_name = 'es_idx'"),
        cql("SELECT * FROM system_schema.tables WHERE keyspace_name = 'es_idx'"),
    ]


# ---------------------------------------------------------------- custom index refusal
@scenario("ord19p_lucene_index", "19", "index", keyspace_reset="lucene_app")
def lucene_index():
    """cassandra-lucene-index's tutorial on a node without the plugin: CREATE CUSTOM INDEX
    naming the Stratio class (and its 2.x form with options), the app reconnecting and
    falling back to a plain secondary index and its queries; an audit trigger's class
    missing too (CREATE TRIGGER, DROP TRIGGER)."""
    ks = "lucene_app"
    T = 1440000000000000
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE tweets (id int PRIMARY KEY, user text, body text, time timestamp, "
            "lucene text)"),
        cql("CREATE CUSTOM INDEX tweets_index ON tweets (lucene) USING "
            "'com.stratio.cassandra.lucene.Index' WITH OPTIONS = {'refresh_seconds': '1', "
            "'schema': '{fields: {id: {type: \"integer\"}, user: {type: \"string\"}}}'}"),
        v19.set_keyspace(ks),  # the connection was lost: the app reconnects
        cql("CREATE CUSTOM INDEX ON tweets (body) USING 'org.example.NoSuchIndex'"),
        v19.set_keyspace(ks),
        cql("CREATE CUSTOM INDEX ON tweets (body)"),
        cql("CREATE INDEX ON tweets (body) USING 'org.example.NoSuchIndex'"),
        cql("CREATE INDEX ON tweets (body) WITH options = {'a': 'b'}"),
        cql("CREATE CUSTOM INDEX ON tweets (body) USING 'org.example.X' WITH something = 1"),
        cql("CREATE CUSTOM INDEX ON tweets (nosuch) USING 'org.example.X'"),
        cql("CREATE INDEX tweets_user ON tweets (user)"),
        cql("CREATE CUSTOM INDEX ON tweets (user) USING 'org.example.X'"),
        cql("INSERT INTO tweets (id, user, body, time) VALUES (1, 'ann', 'hello', "
            "'2015-08-01 00:00:00+0000') USING TIMESTAMP %d" % T),
        cql("INSERT INTO tweets (id, user, body, time) VALUES (2, 'bob', 'hi', "
            "'2015-08-02 00:00:00+0000') USING TIMESTAMP %d" % T),
        cql("SELECT id, body FROM tweets WHERE user = 'ann'"),
        cql("SELECT id FROM tweets WHERE lucene = '{filter: {type: \"match\", field: "
            "\"user\", value: \"ann\"}}'"),
        cql("SELECT id FROM tweets WHERE expr(tweets_index, '{}')"),
        cql("CREATE INDEX tweets_user ON tweets (body)"),
        cql("CREATE INDEX ON tweets (user)"),
        cql("DROP INDEX tweets_index"),
        # an audit trigger (2.0): its class is not on the node
        cql("CREATE TRIGGER audit ON tweets USING 'org.example.AuditTrigger'"),
        cql("CREATE TRIGGER audit ON nosuch USING 'org.example.AuditTrigger'"),
        cql("DROP TRIGGER audit ON tweets"),
        cql("DROP TRIGGER audit ON nosuch"),
        cql("SELECT trigger_name FROM system.schema_triggers WHERE keyspace_name = 'lucene_app'"),
    ]


# ---------------------------------------------------------------- counters and collections
@scenario("ord19p_profile_collections", "19", "cql3", keyspace_reset="social")
def profile_collections():
    """A social profile app: a set of emails, a list of recent visits kept with prepend and
    index assignment, a map of preferences with TTL'd entries, element deletions; a counter
    table of likes per post, updated, read and deleted."""
    ks = "social"
    T = 1380000000000000
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE profile (uid text PRIMARY KEY, emails set<text>, visits list<text>, "
            "prefs map<text, text>)"),
        cql("CREATE TABLE likes (post text, kind text, n counter, PRIMARY KEY (post, kind))"),
        cql("INSERT INTO profile (uid, emails, visits, prefs) VALUES ('u1', {'a@x.org'}, "
            "['home'], {'lang': 'en'}) USING TIMESTAMP %d" % T),
        cql("UPDATE profile USING TIMESTAMP %d SET emails = emails + {'b@x.org', 'c@x.org'} "
            "WHERE uid = 'u1'" % (T + 1)),
        cql("UPDATE profile USING TIMESTAMP %d SET emails = emails - {'a@x.org'}, "
            "prefs['tz'] = 'UTC' WHERE uid = 'u1'" % (T + 2)),
        cql("UPDATE profile USING TIMESTAMP %d SET visits = visits + ['news', 'mail'] "
            "WHERE uid = 'u1'" % (T + 3)),
        cql("SELECT emails, visits, prefs FROM profile WHERE uid = 'u1'"),
        cql("UPDATE profile SET visits[1] = 'sport' WHERE uid = 'u1'"),
        cql("DELETE visits[0] FROM profile WHERE uid = 'u1'"),
        cql("DELETE prefs['lang'] FROM profile USING TIMESTAMP %d WHERE uid = 'u1'" % (T + 5)),
        cql("SELECT visits, prefs FROM profile WHERE uid = 'u1'"),
        cql("UPDATE profile USING TIMESTAMP %d SET prefs = {} WHERE uid = 'u2'" % T),
        cql("SELECT * FROM profile WHERE uid = 'u2'"),
        cql("UPDATE likes SET n = n + 1 WHERE post = 'p1' AND kind = 'like'"),
        cql("UPDATE likes SET n = n + 5 WHERE post = 'p1' AND kind = 'like'"),
        cql("UPDATE likes SET n = n - 2 WHERE post = 'p1' AND kind = 'dislike'"),
        cql("SELECT kind, n FROM likes WHERE post = 'p1'"),
        cql("SELECT n FROM likes WHERE post = 'p1' AND kind IN ('like', 'nope')"),
        # mistakes: an index past the list's end, a counter set to a value, a counter row
        # inserted, a collection index on a set, a counter in a map
        cql("UPDATE profile SET visits[7] = 'x' WHERE uid = 'u1'"),
        cql("UPDATE likes SET n = 3 WHERE post = 'p1' AND kind = 'like'"),
        cql("INSERT INTO likes (post, kind, n) VALUES ('p1', 'x', 1)"),
        cql("UPDATE profile SET emails[0] = 'z' WHERE uid = 'u1'"),
        cql("CREATE TABLE bad (k int PRIMARY KEY, m map<text, counter>)"),
        cql("DELETE FROM likes WHERE post = 'p1' AND kind = 'dislike'"),
        cql("SELECT kind, n FROM likes WHERE post = 'p1'"),
    ]


# ---------------------------------------------------------------- ALTER TABLE evolutions
@scenario("ord19p_alter_evolution", "19", "schema", keyspace_reset="evo")
def alter_evolution():
    """A schema-evolution tool (cassandra-migration-like) over a release's lifetime:
    add, drop and rename columns, type changes, WITH options in each release's syntax
    (compaction and compression maps, caching as a string then 2.1's map), the table read by
    describe_keyspace after each step as a Thrift-side monitor did."""
    ks = "evo"
    T = 1390000000000000
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE events (id text, seq int, payload text, tag text, "
            "PRIMARY KEY (id, seq)) WITH compaction = {'class': 'SizeTieredCompactionStrategy', "
            "'min_threshold': 6} AND compression = {'sstable_compression': 'DeflateCompressor'} "
            "AND gc_grace_seconds = 3600"),
        cql("INSERT INTO events (id, seq, payload, tag) VALUES ('a', 1, 'p', 't') "
            "USING TIMESTAMP %d" % T),
        cql("ALTER TABLE events ADD source text"),
        cql("ALTER TABLE events ADD extra map<text, int>"),
        cql("INSERT INTO events (id, seq, source, extra) VALUES ('a', 2, 'web', {'x': 1}) "
            "USING TIMESTAMP %d" % T),
        cql("SELECT * FROM events WHERE id = 'a'"),
        cql("ALTER TABLE events DROP tag"),
        cql("SELECT * FROM events WHERE id = 'a'"),
        cql("ALTER TABLE events RENAME seq TO position"),
        cql("ALTER TABLE events RENAME payload TO body"),
        cql("SELECT id, position FROM events WHERE id = 'a' AND position > 1"),
        cql("ALTER TABLE events ALTER payload TYPE blob"),
        cql("ALTER TABLE events ALTER source TYPE blob"),
        cql("ALTER TABLE events WITH compaction = {'class': 'LeveledCompactionStrategy', "
            "'sstable_size_in_mb': 64}"),
        cql("ALTER TABLE events WITH caching = 'all'"),
        cql("ALTER TABLE events WITH caching = {'keys': 'ALL', 'rows_per_partition': '10'}"),
        cql("ALTER TABLE events WITH comment = 'v2' AND read_repair_chance = 0.2"),
        v19.describe_keyspace(ks),
        # mistakes: drop a key column, add a column again, rename a regular column, an
        # unknown compaction class, compression without its class
        cql("ALTER TABLE events DROP id"),
        cql("ALTER TABLE events ADD source text"),
        cql("ALTER TABLE events RENAME source TO origin"),
        cql("ALTER TABLE events WITH compaction = {'class': 'NoSuchStrategy'}"),
        cql("ALTER TABLE events WITH compression = {'chunk_length_kb': 64}"),
        cql("ALTER TABLE nosuch ADD x int"),
        cql("ALTER TABLE events ADD tag int"),
        cql("SELECT * FROM events WHERE id = 'a'"),
    ]
    return steps


# ---------------------------------------------------------------- lightweight transactions
@scenario("ord19p_lwt_accounts", "19", "cql3", keyspace_reset="lwt_acct")
def lwt_accounts():
    """An account signup and rename flow written for 2.0's lightweight transactions:
    INSERT IF NOT EXISTS (a second claim refused), UPDATE IF a condition, DELETE IF EXISTS,
    the serial consistency read; on 1.2 the same statements are syntax errors."""
    ks = "lwt_acct"
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE users (login text PRIMARY KEY, email text, version int)"),
        cql("INSERT INTO users (login, email, version) VALUES ('ann', 'ann@x.org', 1) "
            "IF NOT EXISTS", cl=QUORUM),
        cql("INSERT INTO users (login, email, version) VALUES ('ann', 'other@x.org', 1) "
            "IF NOT EXISTS", cl=QUORUM),
        cql("UPDATE users SET email = 'ann@y.org', version = 2 WHERE login = 'ann' "
            "IF version = 1", cl=QUORUM),
        cql("UPDATE users SET email = 'ann@z.org', version = 3 WHERE login = 'ann' "
            "IF version = 1", cl=QUORUM),
        cql("SELECT email, version FROM users WHERE login = 'ann'", cl=QUORUM),
        cql("UPDATE users SET version = 9 WHERE login = 'nobody' IF version = 1", cl=QUORUM),
        cql("DELETE FROM users WHERE login = 'ann' IF EXISTS", cl=QUORUM),
        cql("DELETE FROM users WHERE login = 'ann' IF EXISTS", cl=QUORUM),
        cql("SELECT * FROM users WHERE login = 'ann'", cl=QUORUM),
        # mistakes: a condition with USING TIMESTAMP, IF on a key column, a serial read at ANY
        cql("INSERT INTO users (login, email) VALUES ('bob', 'b') IF NOT EXISTS "
            "USING TIMESTAMP 1000", cl=QUORUM),
        cql("UPDATE users USING TIMESTAMP 1000 SET email = 'b' WHERE login = 'bob' "
            "IF email = 'a'", cl=QUORUM),
        cql("UPDATE users SET email = 'b' WHERE login = 'bob' IF login = 'bob'", cl=QUORUM),
        cql("INSERT INTO users (login, email) VALUES ('bob', 'b') IF NOT EXISTS", cl=6),
    ]


# ---------------------------------------------------------------- batches mixing tables
@scenario("ord19p_batches", "19", "cql3", keyspace_reset="shop_b")
def batches():
    """An order service writing an order, its lines and the customer's index in one logged
    batch (several tables, a batch-wide timestamp, a statement's own), an unlogged batch, a
    counter batch for stock, and the batch mistakes."""
    ks = "shop_b"
    T = 1410000000000000
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (oid int PRIMARY KEY, customer text, total int)"),
        cql("CREATE TABLE order_lines (oid int, line int, sku text, qty int, "
            "PRIMARY KEY (oid, line))"),
        cql("CREATE TABLE orders_by_customer (customer text, oid int, PRIMARY KEY (customer, oid))"),
        cql("CREATE TABLE stock (sku text PRIMARY KEY, n counter)"),
        cql("BEGIN BATCH USING TIMESTAMP %d "
            "INSERT INTO orders (oid, customer, total) VALUES (1, 'ann', 30); "
            "INSERT INTO order_lines (oid, line, sku, qty) VALUES (1, 1, 'A', 2); "
            "INSERT INTO order_lines (oid, line, sku, qty) VALUES (1, 2, 'B', 1); "
            "INSERT INTO orders_by_customer (customer, oid) VALUES ('ann', 1); "
            "APPLY BATCH" % T),
        cql("BEGIN UNLOGGED BATCH "
            "INSERT INTO orders (oid, customer, total) VALUES (2, 'bob', 5) USING TIMESTAMP %d; "
            "INSERT INTO orders_by_customer (customer, oid) VALUES ('bob', 2) USING TIMESTAMP %d "
            "APPLY BATCH" % (T, T)),
        cql("BEGIN COUNTER BATCH UPDATE stock SET n = n - 2 WHERE sku = 'A'; "
            "UPDATE stock SET n = n - 1 WHERE sku = 'B'; UPDATE stock SET n = n + 10 "
            "WHERE sku = 'A' APPLY BATCH"),
        cql("SELECT * FROM orders"),
        cql("SELECT line, sku, qty FROM order_lines WHERE oid = 1"),
        cql("SELECT oid FROM orders_by_customer WHERE customer = 'ann'"),
        cql("SELECT sku, n FROM stock"),
        cql("BEGIN BATCH USING TIMESTAMP %d "
            "UPDATE orders SET total = 40 WHERE oid = 1; "
            "DELETE FROM order_lines WHERE oid = 1 AND line = 2; "
            "UPDATE order_lines SET qty = 3 WHERE oid = 1 AND line = 1 "
            "APPLY BATCH" % (T + 1)),
        cql("SELECT line, sku, qty FROM order_lines WHERE oid = 1"),
        # mistakes: counters in a logged batch, a timestamp on both batch and statement, a
        # SELECT inside a batch, a counter batch with a plain write
        cql("BEGIN BATCH UPDATE stock SET n = n + 1 WHERE sku = 'C'; "
            "INSERT INTO orders (oid, customer) VALUES (3, 'c') APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO orders (oid, customer) VALUES (4, 'd') "
            "USING TIMESTAMP %d APPLY BATCH" % (T, T)),
        cql("BEGIN BATCH SELECT * FROM orders APPLY BATCH"),
        cql("BEGIN COUNTER BATCH INSERT INTO orders (oid, customer) VALUES (5, 'e') "
            "APPLY BATCH"),
        cql("BEGIN BATCH INSERT INTO orders (oid, customer) VALUES (6, 'f') USING TTL 100 "
            "APPLY BATCH"),
        cql("SELECT oid, customer, total FROM orders"),
    ]


# ---------------------------------------------------------------- token() paging
@scenario("ord19p_token_paging", "19", "cql3", keyspace_reset="tokpage")
def token_paging():
    """A batch exporter paging a table by token(): LIMIT pages, the next page from the last
    key's token, a composite partition key, a clustering continuation inside a wide row, and
    the token mistakes."""
    ks = "tokpage"
    T = 1400000000000000
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE users (name text PRIMARY KEY, age int)"),
             cql("CREATE TABLE visits (site text, day int, n int, hits int, "
                 "PRIMARY KEY ((site, day), n))")]
    for i in range(10):
        steps.append(cql("INSERT INTO users (name, age) VALUES ('user%d', %d) "
                         "USING TIMESTAMP %d" % (i, 20 + i, T)))
    for s in ("a", "b"):
        for d in (1, 2):
            for n in range(3):
                steps.append(cql("INSERT INTO visits (site, day, n, hits) VALUES ('%s', %d, %d, "
                                 "%d) USING TIMESTAMP %d" % (s, d, n, n * d, T)))
    steps += [
        cql("SELECT name, token(name) FROM users LIMIT 4"),
        cql("SELECT name FROM users WHERE token(name) > token('user3') LIMIT 4"),
        cql("SELECT name FROM users WHERE token(name) > -3000000000000000000 AND "
            "token(name) <= 3000000000000000000"),
        cql("SELECT name FROM users WHERE token(name) >= token('user5') LIMIT 100"),
        cql("SELECT site, day, n FROM visits WHERE token(site, day) > token('a', 1) LIMIT 5"),
        cql("SELECT site, day, n, hits FROM visits WHERE site = 'b' AND day = 2 AND n > 0"),
        cql("SELECT token(site, day) FROM visits LIMIT 1"),
        # mistakes: token of a part of the key, a token and a key restriction, a token of a
        # wrong type, token() on a non-key column
        cql("SELECT * FROM visits WHERE token(site) > token('a')"),
        cql("SELECT name FROM users WHERE token(name) > token('user3') AND name = 'user4'"),
        cql("SELECT name FROM users WHERE token(name) > token(3)"),
        cql("SELECT name FROM users WHERE token(age) > 0"),
        cql("SELECT name FROM users WHERE token(name) > 'abc'"),
    ]
    return steps


# ---------------------------------------------------------------- secondary indexes
@scenario("ord19p_index_filtering", "19", "index", keyspace_reset="idxf")
def index_filtering():
    """A job board on secondary indexes: CREATE INDEX on regular columns of a wide table and
    a single-row table, queries by one index plus filtering, 2.1's indexes on collection
    values and keys (older releases refuse), and the ALLOW FILTERING rules."""
    ks = "idxf"
    T = 1400000000000000
    steps = [ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE jobs (id int PRIMARY KEY, city text, level int, title text, "
                 "skills set<text>, meta map<text, text>)"),
             cql("CREATE INDEX jobs_city ON jobs (city)"),
             cql("CREATE INDEX ON jobs (level)"),
             # (indexes made before the rows: one made over rows answers once built)
             cql("CREATE INDEX ON jobs (skills)"),
             cql("CREATE INDEX ON jobs (KEYS(meta))")]
    rows = [(1, "Oslo", 2, "dev", "{'rust','java'}", "{'remote': 'yes'}"),
            (2, "Oslo", 3, "ops", "{'bash'}", "{'remote': 'no'}"),
            (3, "Rome", 2, "dev", "{'java'}", "{}"),
            (4, "Rome", 1, "qa", "{}", "{'team': 'x'}"),
            (5, "Oslo", 2, "pm", "{'excel'}", "{'team': 'y'}")]
    for r in rows:
        steps.append(cql("INSERT INTO jobs (id, city, level, title, skills, meta) VALUES "
                         "(%d, '%s', %d, '%s', %s, %s) USING TIMESTAMP %d" % (r + (T,))))
    steps += [
        cql("SELECT id, title FROM jobs WHERE city = 'Oslo'"),
        cql("SELECT id FROM jobs WHERE city = 'Oslo' AND level = 2"),
        cql("SELECT id FROM jobs WHERE city = 'Oslo' AND title = 'pm' ALLOW FILTERING"),
        cql("SELECT id FROM jobs WHERE city = 'Oslo' AND level > 1 ALLOW FILTERING"),
        cql("SELECT id FROM jobs WHERE level = 2 LIMIT 2"),
        cql("SELECT id FROM jobs WHERE skills CONTAINS 'java'"),
        cql("SELECT id FROM jobs WHERE meta CONTAINS KEY 'team'"),
        cql("SELECT id FROM jobs WHERE skills CONTAINS 'java' AND level = 2 ALLOW FILTERING"),
        cql("UPDATE jobs USING TIMESTAMP %d SET city = 'Rome' WHERE id = 5" % (T + 1)),
        cql("SELECT id FROM jobs WHERE city = 'Rome'"),
        # mistakes: filtering without ALLOW FILTERING, a non-EQ on the index alone, an
        # index on the partition key, an index on a missing column
        cql("SELECT id FROM jobs WHERE city = 'Oslo' AND title = 'dev'"),
        cql("SELECT id FROM jobs WHERE level > 1"),
        cql("CREATE INDEX ON jobs (id)"),
        cql("CREATE INDEX ON jobs (salary)"),
        cql("SELECT id FROM jobs WHERE title = 'dev'"),
    ]
    return steps


# ---------------------------------------------------------------- static columns
@scenario("ord19p_static_ledger", "19", "cql3", keyspace_reset="ledger")
def static_ledger():
    """A ledger written for 2.0.6's static columns: the account's balance and owner static,
    the entries clustered; a static set without a clustering value, DISTINCT of the statics;
    1.2's refusals of the same schema."""
    ks = "ledger"
    T = 1400000000000000
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE account (acct text, owner text static, balance int static, "
            "entry int, amount int, PRIMARY KEY (acct, entry))"),
        cql("INSERT INTO account (acct, owner, balance) VALUES ('A1', 'ann', 100) "
            "USING TIMESTAMP %d" % T),
        cql("SELECT * FROM account WHERE acct = 'A1'"),
        cql("INSERT INTO account (acct, entry, amount) VALUES ('A1', 1, -30) "
            "USING TIMESTAMP %d" % T),
        cql("INSERT INTO account (acct, entry, amount, balance) VALUES ('A1', 2, 10, 80) "
            "USING TIMESTAMP %d" % (T + 1)),
        cql("INSERT INTO account (acct, entry, amount, owner, balance) VALUES ('A2', 1, 5, "
            "'bob', 5) USING TIMESTAMP %d" % T),
        cql("SELECT acct, entry, amount, owner, balance FROM account WHERE acct = 'A1'"),
        cql("SELECT DISTINCT acct, balance FROM account"),
        cql("UPDATE account USING TIMESTAMP %d SET balance = 75 WHERE acct = 'A1'" % (T + 2)),
        cql("SELECT balance FROM account WHERE acct = 'A1' LIMIT 1"),
        cql("DELETE balance FROM account USING TIMESTAMP %d WHERE acct = 'A2'" % (T + 2)),
        cql("SELECT * FROM account WHERE acct = 'A2'"),
        cql("UPDATE account SET balance = 70 WHERE acct = 'A1' IF balance = 75", cl=QUORUM),
        # mistakes: static in a table without clustering, a static key column, a static
        # written with a clustering restriction in UPDATE, a COMPACT table with a static
        cql("CREATE TABLE bad1 (k int PRIMARY KEY, s int static)"),
        cql("CREATE TABLE bad2 (k int, c int static, PRIMARY KEY (k, c))"),
        cql("UPDATE account SET amount = 1 WHERE acct = 'A1'"),
        cql("CREATE TABLE bad3 (k int, c int, s int static, v int, PRIMARY KEY (k, c)) "
            "WITH COMPACT STORAGE"),
        cql("SELECT DISTINCT acct, amount FROM account"),
    ]


# ---------------------------------------------------------------- user types and tuples
@scenario("ord19p_udt_contacts", "19", "cql3", keyspace_reset="contacts")
def udt_contacts():
    """An address book written for 2.1: a phone type nested in an address type, a map of
    frozen addresses, a tuple of coordinates, reads of single fields; the same schema on
    older releases refused."""
    ks = "contacts"
    T = 1420000000000000
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE phone (kind text, number text)"),
        cql("CREATE TYPE address (street text, city text, zip int, phones list<frozen<phone>>)"),
        cql("CREATE TABLE person (id int PRIMARY KEY, name text, "
            "addresses map<text, frozen<address>>, home frozen<address>, "
            "location tuple<double, double>)"),
        cql("INSERT INTO person (id, name, home, location) VALUES (1, 'Ann', {street: 'Main 1', "
            "city: 'Oslo', zip: 150, phones: [{kind: 'mobile', number: '555'}]}, (59.9, 10.7)) "
            "USING TIMESTAMP %d" % T),
        cql("UPDATE person USING TIMESTAMP %d SET addresses['work'] = {street: 'Quay 2', "
            "city: 'Oslo', zip: 151} WHERE id = 1" % T),
        cql("SELECT name, home, addresses, location FROM person WHERE id = 1"),
        cql("SELECT home.city, home.zip FROM person WHERE id = 1"),
        cql("INSERT INTO person (id, name) VALUES (2, 'Bob') USING TIMESTAMP %d" % T),
        cql("SELECT id, home, location FROM person"),
        cql("SELECT type_name, field_names FROM system.schema_usertypes "
            "WHERE keyspace_name = 'contacts'"),
        # mistakes: a field of the wrong type, a nested non-frozen type, a tuple too long,
        # a type used before it exists, a field of a non-UDT column
        cql("INSERT INTO person (id, home) VALUES (3, {street: 'x', zip: 'abc'})"),
        cql("CREATE TYPE bad (inner address)"),
        cql("INSERT INTO person (id, location) VALUES (3, (1.0, 2.0, 3.0))"),
        cql("CREATE TABLE nope (k int PRIMARY KEY, v frozen<missing_type>)"),
        cql("SELECT name.first FROM person WHERE id = 1"),
        cql("DROP TYPE phone"),
    ]


# ---------------------------------------------------------------- 2.2 types app
@scenario("ord19p_22_app_types", "19", "cql3", keyspace_reset="iot22")
def app22_types():
    """An IoT app written for 2.2: a reading table of date, time, smallint and tinyint
    columns, type conversion functions (blobAs*, *AsBlob, toDate/toTimestamp of constants),
    prepared statements binding the new types; on older releases the same DDL fails, the
    app falling back to int columns."""
    ks = "iot22"
    T = 1450000000000000
    q = ("INSERT INTO reading (dev, day, at, level, flags) VALUES (?, ?, ?, ?, ?) "
         "USING TIMESTAMP %d" % T)
    return [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE reading (dev text, day date, at time, level smallint, flags tinyint, "
            "PRIMARY KEY (dev, day, at))"),
        cql("CREATE TABLE reading_compat (dev text, day int, at bigint, level int, flags int, "
            "PRIMARY KEY (dev, day, at))"),
        prep(q),
        exe(ks, q, ["d1", _st.pack(">I", (1 << 31) + 16800), long_(3600 * 10 ** 9),
                    _st.pack(">h", -5), b"\x07"]),
        exe(ks, q, ["d1", _st.pack(">I", (1 << 31) + 16801), long_(0), _st.pack(">h", 300),
                    b"\x00"]),
        cql("SELECT day, at, level, flags FROM reading WHERE dev = 'd1'"),
        cql("SELECT dev FROM reading WHERE dev = 'd1' AND day = '2015-12-30'"),
        cql("SELECT blobAsSmallint(smallintAsBlob(level)), tinyintAsBlob(flags) FROM reading "
            "WHERE dev = 'd1'"),
        cql("SELECT dev, toUnixTimestamp(day) FROM reading WHERE dev = 'd1'"),
        cql("INSERT INTO reading_compat (dev, day, at, level, flags) VALUES ('d1', 16800, "
            "36000000000000, -5, 7) USING TIMESTAMP %d" % T),
        cql("SELECT * FROM reading_compat"),
        # mistakes: a smallint bound as 4 bytes, a tinyint of two bytes, an out-of-range date
        exe(ks, q, ["d2", _st.pack(">I", (1 << 31)), long_(0), i32b(5), b"\x01"]),
        exe(ks, q, ["d2", _st.pack(">I", (1 << 31)), long_(0), _st.pack(">h", 1),
                    b"\x01\x02"]),
        exe(ks, q, ["d2", _st.pack(">I", 1), long_(-1), _st.pack(">h", 1), b"\x01"]),
        cql("INSERT INTO reading (dev, day, at) VALUES ('d3', '2015-02-30', '10:00')"),
    ]


# ---------------------------------------------------------------- CQL 2 on 1.2
@scenario("ord19p_cql2_legacy", "19", "cql2", keyspace_reset="legacy2")
def cql2_legacy():
    """An app still on the cql 1.0 Python module's CQL 2 after an upgrade to 1.2 (and what
    2.0 to 2.2 answer it): set_cql_version('2.0.0'), CREATE COLUMNFAMILY with a comparator,
    UPDATE and SELECT of ranges, FIRST and REVERSED, a counter column family, DELETE."""
    ks = "legacy2"
    c2 = v19.execute_cql_query
    return [
        v19.set_cql_version("2.0.0"),
        c2("CREATE KEYSPACE legacy2 WITH strategy_class = 'SimpleStrategy' AND "
           "strategy_options:replication_factor = 1"),
        c2("USE legacy2"),
        c2("CREATE COLUMNFAMILY events (KEY text PRIMARY KEY, payload text) WITH "
           "comparator = text AND default_validation = text"),
        c2("CREATE COLUMNFAMILY hits (KEY text PRIMARY KEY) WITH "
           "default_validation = counter AND comparator = text"),
        c2("INSERT INTO events (KEY, 'a', 'b', 'c') VALUES ('k1', '1', '2', '3') "
           "USING TIMESTAMP 1000"),
        c2("UPDATE events USING TIMESTAMP 1000 SET 'd' = '4', 'e' = '5' WHERE KEY = 'k1'"),
        c2("SELECT FIRST 2 * FROM events WHERE KEY = 'k1'"),
        c2("SELECT FIRST 2 REVERSED 'a'..'d' FROM events WHERE KEY = 'k1'"),
        c2("SELECT 'b'..'d' FROM events WHERE KEY = 'k1'"),
        c2("UPDATE hits SET 'home' = 'home' + 3 WHERE KEY = 'site'"),
        c2("SELECT 'home' FROM hits WHERE KEY = 'site'").mask("0/2/*/2/*/3"),
        c2("DELETE 'a' FROM events USING TIMESTAMP 1001 WHERE KEY = 'k1'"),
        c2("SELECT COUNT(*) FROM events WHERE KEY = 'k1'"),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        # mistakes: CQL 3 syntax sent as CQL 2, a version not supported
        c2("SELECT * FROM events WHERE KEY = 'k1' LIMIT 1 ALLOW FILTERING"),
        v19.set_cql_version("4.0.0"),
        c2("DROP KEYSPACE legacy2"),
    ]


# ---------------------------------------------------------------- later IDL clients
@scenario("ord19p_idl20_on_old", "19", "upgrade", keyspace_reset="idl20")
def idl20_on_old():
    """A Hector build against 2.0's IDL (19.38) on each release: a CfDef with
    memtable_flush_period_in_ms, default_time_to_live, index_interval, speculative_retry and
    a trigger list, populate_io_cache_on_flush; the family described and written; the
    triggers' class missing on the node."""
    ks = "idl20"
    trig = W.list_("struct", [W.struct({1: b("audit"), 2: W.map_("bin", "bin", [
        (b("class"), b("org.example.AuditTrigger"))])})])
    extra = {38: W.boolean(False), 39: W.i32(0), 40: W.i32(0), 41: W.i32(128),
             42: b("99.0PERCENTILE")}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(
            ks, "items", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type", extra=extra)])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.insert("i1", cparent("items"), column("name", "lamp", 10)),
        v19.get_slice("i1", cparent("items"), pred(start="", count=10)),
        v19.system_add_column_family(cf_def(ks, "audited", comparator="UTF8Type",
                                            extra={43: trig})),
        v19.system_add_column_family(cf_def(ks, "expiring", comparator="UTF8Type",
                                            extra={40: W.i32(3600), 39: W.i32(60000)})),
        v19.insert("i1", cparent("expiring"), column("c", "v", 10)),
        v19.get_slice("i1", cparent("expiring"), pred(start="", count=10)).mask("0/*/1/4"),
        v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={42: b("ALWAYS"), 41: W.i32(256)})),
        v19.describe_keyspace(ks),
        # mistakes: a speculative_retry in no known form, a negative default TTL
        v19.system_update_column_family(cf_def(ks, "items", comparator="UTF8Type",
                                               extra={42: b("sometimes")})),
        v19.system_add_column_family(cf_def(ks, "neg", comparator="UTF8Type",
                                            extra={40: W.i32(-1)})),
    ]


@scenario("ord19p_idl22_on_old", "19", "upgrade", keyspace_reset="idl22")
def idl22_on_old():
    """A client generated from 2.2's IDL (20.1.0) on each release: CfDefs without the fields
    2.2 dropped (replicate_on_write and the rest), with cells_per_row_to_cache,
    min/max_index_interval, a KsDef of NetworkTopologyStrategy; get_multi_slice and
    describe_local_ring where the release lacked them; trace_next_query's session used."""
    ks = "idl22"
    extra = {34: b("ALL"), 44: b("ALL"), 45: W.i32(64), 46: W.i32(1024)}
    return [
        Step("describe_version", W.struct({})),
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "docs", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type",
                                                   extra=extra)],
                                       strategy="org.apache.cassandra.locator."
                                                "NetworkTopologyStrategy",
                                       options={"datacenter1": "1"})),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"d1": {"docs": [ins("a", "1", 10), ins("b", "2", 10),
                                          ins("m", "3", 10), ins("z", "4", 10)]}},
                         cl=LOCAL_QUORUM),
        raw("get_multi_slice", {1: W.struct({
            1: b("d1"), 2: cparent("docs"),
            3: W.list_("struct", [W.struct({1: b("a"), 2: b("b")}),
                                  W.struct({1: b("m"), 2: b("")})]),
            4: W.boolean(True), 5: W.i32(3), 6: W.i32(ONE)})}),
        v19.get_slice("d1", cparent("docs"), pred(start="", count=10), cl=LOCAL_QUORUM),
        raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                    "0/*/5"),
        v19.system_update_column_family(cf_def(ks, "docs", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={34: b("KEYS_ONLY"), 44: b("10"),
                                                      45: W.i32(128), 46: W.i32(64)})),
        v19.describe_keyspace(ks),
        v19.get_slice("d1", cparent("docs"), pred(start="", count=10), cl=7),
    ]


@scenario("ord19p_idl21_cas_queue", "19", "upgrade", keyspace_reset="idl21")
def idl21_cas_queue():
    """A job-claim queue built on 2.0's cas() by a client of 2.1's IDL: cas on a missing
    column, a failed cas returning the current columns, LOCAL_SERIAL; atomic_batch_mutate
    of the claims; on 1.2 the call is unknown."""
    ks = "idl21"
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "jobs", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.atomic_batch_mutate({"job1": {"jobs": [ins("state", "new", 10)]},
                                 "job2": {"jobs": [ins("state", "new", 10)]}}),
        raw("cas", {1: b("job1"), 2: b("jobs"),
                    3: W.list_("struct", [column("state", "new", None)]),
                    4: W.list_("struct", [column("state", "taken", 20)]),
                    5: W.i32(9), 6: W.i32(QUORUM)}),
        raw("cas", {1: b("job1"), 2: b("jobs"),
                    3: W.list_("struct", [column("state", "new", None)]),
                    4: W.list_("struct", [column("state", "taken2", 21)]),
                    5: W.i32(10), 6: W.i32(ONE)}).mask("0/2/*/3"),
        raw("cas", {1: b("job3"), 2: b("jobs"),
                    3: W.list_("struct", [column("owner", None, None)]),
                    4: W.list_("struct", [column("owner", "w1", 22)]),
                    5: W.i32(9), 6: W.i32(ONE)}),
        v19.get_slice("job2", cparent("jobs"), pred(start="", count=10), cl=QUORUM),
        v19.multiget_count(["job1", "job2", "job3"], cparent("jobs"), pred(start="", count=10),
                           cl=QUORUM),
        # mistakes: a serial level that is not serial, cas on a counter family
        raw("cas", {1: b("job2"), 2: b("jobs"), 3: W.list_("struct", []),
                    4: W.list_("struct", [column("x", "y", 23)]),
                    5: W.i32(QUORUM), 6: W.i32(ONE)}),
        v19.system_add_column_family(cf_def(ks, "cnt", comparator="UTF8Type",
                                            default_validation="CounterColumnType")),
        raw("cas", {1: b("k"), 2: b("cnt"), 3: W.list_("struct", []),
                    4: W.list_("struct", [column("x", long_(1), 23)]),
                    5: W.i32(9), 6: W.i32(ONE)}),
    ]
