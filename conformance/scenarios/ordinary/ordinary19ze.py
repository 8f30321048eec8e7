"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model: Zipkin's first span store on Cassie (TTL'd spans, reversed LongType index rows, a TTL
configured in milliseconds), a Rails app on CassandraObject (its schema_migrations family, calls
made before its keyspace existed), a PHP app on the Cassandra PDO driver's CQL 2 (emulated
prepares, quoting, numbers sent as strings), Usergrid's early Hector entity store
(DynamicCompositeType dictionaries, UUID row keys, counters), Titan 0.1's id authority and edge
store (claims by timestamped columns, byte-prefix slices), a Priam-style admin agent changing
replication under a live app, a sliding-window rate limiter of TTL'd TimeUUID columns, a Tomcat
session manager on KEYS indexes, Countandra's hierarchical counters in CompositeType rows,
Archaius' configuration source, a wiki's revision store (large values, reversed LongType
pages), a Grails plugin's index and counter rows, two app instances racing schema changes, a
hand-rolled client leaving required fields out, a PHP binding with the wrong consistency
constants, a Twisted IRC logger on Telephus (super columns of TimeUUID names), the Ruby gem
0.8's super column hashes, Hector serializers of the wrong width, a bulk ETL's big counts, 1.1's
CQL 3 beta from a Twissandra port, and clients of a later IDL talking to the release.  Each
scenario owns its keyspace.  Recorded with capture.py --api 19 --framed on a fresh stock-yaml
node of each release."""
import os
import struct
import sys

import dsl
import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, srange, key_range, column, cosc, counter_column,
                 mutation, ins, index_expr, index_clause, long_, int32, timeuuid, lexuuid, EQ,
                 GTE, LT, ONE, QUORUM, ALL, ANY, TWO, THREE, LOCAL_QUORUM, EACH_QUORUM)

Step = dsl.Step

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, LOCAL_ONE, cfd, cfd_later, ksd, setup, coldef, md5_token,  # noqa: E402
                 dele, unknown, sins)
from kit import cql2 as cql  # noqa: E402

REL = kit.release()
V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("ze_")

# an absolute CQL 2 timestamp (microseconds) for the writes a CQL 2 SELECT reads back
T = 1330000000000000


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


def dyn(*parts):
    """A DynamicCompositeType name of (alias, value) components (an int as a long)."""
    out = b""
    for alias, v in parts:
        v = long_(v) if isinstance(v, int) else (v if isinstance(v, bytes) else v.encode())
        out += struct.pack(">H", 0x8000 | ord(alias)) + struct.pack(">H", len(v)) + v + b"\x00"
    return out


def uuid4(n):
    """A version-4 UUID's 16 bytes, fixed by `n` (Usergrid's entity ids)."""
    return bytes([n] * 6) + b"\x40" + bytes([n]) + b"\x80" + bytes([n] * 7)


def ccol(name, n):
    return mutation(cosc(counter_column=counter_column(name, n)))


# the updates send back the id a fresh node gave the column family (0.7 to 1.1 number them from
# 1000 in the order they are made): these two scenarios run first on the node, in this order
VALIDATORS_ID = 0
ARCHAIUS_ID = 1


# --------------------------------------------------------------------------- validators added late
@sc("00a_late_validators", "schema", "ze_lv")
def late_validators():
    """An address book that added column validators after its data was written: rows written
    without metadata, an update adding LongType and UTF8Type validators (the old bad values
    stay and are read back), new writes checked, a default validator set by a later update,
    and the update's changes read back by describe_keyspace."""
    ks = "ze_lv"
    steps = setup(ks, [cfd(ks, "Contacts", comparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"c1": {"Contacts": [ins("zip", "75001", 10), ins("born", long_(1970),
                                                                            10)]},
                          "c2": {"Contacts": [ins("zip", b"\xff\xfe", 10),
                                              ins("born", "1980", 10)]}}),
        v19.system_update_column_family(cfd(ks, "Contacts", comparator_type="UTF8Type",
                                            id=kit.cfid(VALIDATORS_ID),
                                            column_metadata=[coldef("zip", "UTF8Type"),
                                                             coldef("born", "LongType")])),
        v19.describe_keyspace(ks),
        v19.multiget_slice(["c1", "c2"], cparent("Contacts"), pred(start="", count=10)),
        v19.insert("c3", cparent("Contacts"), column("born", "1990", 11)),
        v19.insert("c3", cparent("Contacts"), column("zip", b"\xc3\x28", 11)),
        v19.insert("c3", cparent("Contacts"), column("born", long_(1990), 11)),
        v19.system_update_column_family(cfd(ks, "Contacts", comparator_type="UTF8Type",
                                            default_validation_class="LongType",
                                            id=kit.cfid(VALIDATORS_ID),
                                            column_metadata=[coldef("zip", "UTF8Type")])),
        v19.describe_keyspace(ks),
        v19.insert("c3", cparent("Contacts"), column("phone", "555", 11)),
        v19.insert("c3", cparent("Contacts"), column("born", "1990", 12)),
        v19.get_slice("c3", cparent("Contacts"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Archaius
@sc("00b_archaius_config", "schema", "ze_ar", when=V10)
def archaius_config():
    """Netflix Archaius' Cassandra configuration source: it polls a properties family (one row
    per application, UTF8 property names) by get_slice and by a range over the applications,
    its admin tool updates the family's comment and gc_grace (with the id a fresh node gave),
    sends an update naming another keyspace, one for a family that does not exist and one
    changing the comparator, and waits on describe_schema_versions."""
    ks = "ze_ar"
    steps = setup(ks, [cfd(ks, "properties", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type", comment="config")])
    steps += [
        v19.batch_mutate({"myapp": {"properties": [ins("db.pool.size", "10", 10),
                                                   ins("feature.x", "true", 10)]},
                          "otherapp": {"properties": [ins("timeout", "30", 10)]}}),
        v19.get_slice("myapp", cparent("properties"), pred(start="", count=1000)),
        v19.get_range_slices(cparent("properties"), pred(start="", count=1000),
                             key_range(start_key="", end_key="", count=1000)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "properties", comparator_type="UTF8Type",
                                            default_validation_class="UTF8Type",
                                            comment="archaius config", gc_grace_seconds=3600,
                                            id=kit.cfid(ARCHAIUS_ID))),
        v19.system_update_column_family(cfd("other_ks", "properties",
                                            comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "props", comparator_type="UTF8Type")),
        v19.system_update_column_family(cfd(ks, "properties", comparator_type="AsciiType",
                                            id=kit.cfid(ARCHAIUS_ID))),
        v19.set_keyspace(ks),
        v19.describe_schema_versions(),
        v19.describe_keyspace(ks),
        v19.insert("myapp", cparent("properties"), column("feature.x", "false", 11)),
        v19.get_slice("myapp", cparent("properties"), pred(names=["feature.x", "missing"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Zipkin on Cassie
@sc("01_zipkin_spans", "ttl", "ze_zk", when=V08)
def zipkin_spans():
    """Zipkin's first Cassandra store on Twitter's Cassie: spans written to a trace's row with
    a 7-day TTL (one deployment configured it in milliseconds, 604800000 seconds, which 1.1
    took under its 20-year maximum), the service and span name rows, the per-service index of
    LongType timestamps read newest first from an end time, a trace's duration by its first
    and last timestamps (count 1 each way), multiget of traces at QUORUM, and a TTL of 0 its
    config parser produced."""
    ks = "ze_zk"
    steps = setup(ks, [cfd(ks, "Traces", comparator_type="UTF8Type"),
                       cfd(ks, "ServiceNames", comparator_type="UTF8Type"),
                       cfd(ks, "SpanNames", comparator_type="UTF8Type"),
                       cfd(ks, "ServiceNameIndex", comparator_type="LongType"),
                       cfd(ks, "DurationIndex", comparator_type="LongType")])
    week = 7 * 24 * 3600
    traces = [long_(9000 + i) for i in range(3)]
    muts = {}
    for i, tid in enumerate(traces):
        muts[tid] = {"Traces": [ins("span-%d-%d" % (i, j), b"\x0c\x00\x01" + bytes([j]), 10,
                                    week) for j in range(3)],
                     "DurationIndex": [ins(long_(1000 + 10 * i), "", 10, week),
                                       ins(long_(1005 + 10 * i + i), "", 10, week)]}
    muts["servicenames"] = {"ServiceNames": [ins("web", "", 10, week), ins("db", "", 10, week)]}
    muts["web"] = {"SpanNames": [ins("get", "", 10, week), ins("post", "", 10, week)],
                   "ServiceNameIndex": [ins(long_(1000 + 10 * i), traces[i], 10, week)
                                        for i in range(3)]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("servicenames", cparent("ServiceNames"), pred(start="", count=1000)),
        v19.get_slice("web", cparent("SpanNames"), pred(start="", count=1000)),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=long_(1015), finish="", reversed=True, count=2)),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=long_(1000), finish="", reversed=True, count=2)),
        v19.multiget_slice(traces + [long_(1)], cparent("Traces"), pred(start="", count=100),
                           QUORUM),
        v19.multiget_slice(traces, cparent("DurationIndex"), pred(start="", count=1)),
        v19.multiget_slice(traces, cparent("DurationIndex"), pred(start="", count=1,
                                                                   reversed=True)),
        v19.get_count(traces[1], cparent("Traces"), pred(start="", count=1000)),
        v19.insert(traces[0], cparent("Traces"), column("span-ms", "x", 11, week * 1000)),
        v19.set_keyspace(ks),
        v19.get_slice(traces[0], cparent("Traces"), pred(names=["span-ms", "span-0-0"])),
        v19.insert(traces[0], cparent("Traces"), column("span-zero", "x", 11, 0)),
        v19.batch_mutate({traces[2]: {"Traces": [ins("span-neg", "x", 11, -1)]}}),
        v19.get_slice("web", cparent("ServiceNameIndex"),
                      pred(start=int32(1015), finish="", reversed=True, count=2)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CassandraObject
@sc("02_cassandra_object", "schema", "ze_co")
def cassandra_object():
    """A Rails app on CassandraObject (0.7-era ORM): its first request runs before the
    keyspace exists (set_keyspace and a get fail), the rake task makes the keyspace and the
    families (schema_migrations among them), models are saved as one batch of UTF8 attribute
    columns per row keyed by a TimeUUID, an index row per last name, find (get_slice),
    find_all (get_range_slices dropping range ghosts), exists?, count, destroy, and ids its
    callers built as version-4 UUIDs or of 15 bytes for the index family's TimeUUIDType."""
    ks = "ze_co"
    steps = [v19.set_keyspace(ks),
             v19.get("c1", cpath("Customers", col="name")),
             v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Customers", comparator_type="UTF8Type",
                            default_validation_class="UTF8Type"),
                        cfd(ks, "CustomersByLastName", comparator_type="TimeUUIDType"),
                        cfd(ks, "schema_migrations", comparator_type="UTF8Type")])
    ids = [timeuuid(100 + i) for i in range(4)]
    people = [("Ann", "Lee"), ("Bob", "Lee"), ("Cyd", "Park"), ("Dan", "Moss")]
    steps += [
        v19.get_slice("all", cparent("schema_migrations"), pred(start="", count=1000)),
        v19.insert("all", cparent("schema_migrations"), column("20110301120000", "", 5)),
    ]
    for cid, (first, last) in zip(ids, people):
        steps.append(v19.batch_mutate({
            cid: {"Customers": [ins("first_name", first, 10), ins("last_name", last, 10),
                                ins("schema_version", "1", 10)]},
            last: {"CustomersByLastName": [ins(cid, "", 10)]}}))
    steps += [
        v19.get_slice(ids[0], cparent("Customers"), pred(start="", count=100)),
        v19.get_slice("Lee", cparent("CustomersByLastName"), pred(start="", count=100)),
        v19.multiget_slice(ids[:2], cparent("Customers"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Customers"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_slice(ids[3], cparent("Customers"), pred(names=["first_name"])),
        v19.get_count(ids[2], cparent("Customers"), pred(start="", count=100)),
        v19.remove(ids[3], cpath("Customers"), 20),
        v19.remove("Moss", cpath("CustomersByLastName", col=ids[3]), 20),
        v19.get_range_slices(cparent("Customers"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_slice("Moss", cparent("CustomersByLastName"), pred(start="", count=100)),
        v19.insert("Lee", cparent("CustomersByLastName"), column(uuid4(7), "", 11)),
        v19.insert("Lee", cparent("CustomersByLastName"), column(b"\x11" * 15, "", 11)),
        v19.get_slice("Lee", cparent("CustomersByLastName"),
                      pred(start=uuid4(3), finish="", count=10)),
        v19.get_count("Lee", cparent("CustomersByLastName"), pred(start="", count=2147483647)),
        v19.system_drop_keyspace(ks),
        v19.get(ids[0], cpath("Customers", col="first_name")),
    ]
    return steps


# --------------------------------------------------------------------------- Cassandra PDO
@sc("03_pdo_cql2", "cql", "ze_pd", when=V10)
def pdo_cql2():
    """A PHP app on the Cassandra PDO driver (CQL 2, compression NONE): its connect issues
    USE of a keyspace not made yet, then the install script's CREATE KEYSPACE/COLUMNFAMILY;
    PDO's emulated prepares quote every bound value (a number as '42', a quote doubled, a
    blob in hex), SELECTs with FIRST, REVERSED and a column range, a KEY IN list, COUNT,
    UPDATE, DELETE, a BATCH, TRUNCATE, and the statements its users got wrong (a word where
    a bigint was due, an unknown family, a KEY compared by >)."""
    ks = "ze_pd"
    steps = [
        cql("USE ze_pd"),
        cql("CREATE KEYSPACE ze_pd WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = '1'"),
        cql("USE ze_pd"),
        cql("CREATE COLUMNFAMILY products (KEY varchar PRIMARY KEY, name varchar, "
            "price bigint, stock int, img blob) WITH comparator = varchar "
            "AND default_validation = varchar"),
        cql("CREATE COLUMNFAMILY log (KEY varchar PRIMARY KEY) WITH comparator = bigint "
            "AND default_validation = varchar"),
        cql("INSERT INTO products (KEY, name, price, stock, img) VALUES ('p1', 'O''Brien''s "
            "tea', '42', '7', 'cafe00') USING TIMESTAMP %d" % T),
        cql("INSERT INTO products (KEY, name, price, stock) VALUES ('p2', 'Mug', 12, 3) "
            "USING TIMESTAMP %d" % T),
        cql("UPDATE products USING TIMESTAMP %d SET name = 'Pot', price = '99' "
            "WHERE KEY = 'p3'" % T),
        cql("SELECT name, price FROM products WHERE KEY = 'p1'"),
        cql("SELECT * FROM products WHERE KEY IN ('p1', 'p2', 'p9')"),
        cql("SELECT FIRST 2 * FROM products WHERE KEY = 'p1'"),
        cql("SELECT 'name'..'price' FROM products WHERE KEY = 'p1'"),
        cql("SELECT COUNT(*) FROM products WHERE KEY = 'p2'"),
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO log (KEY, 1, 2) VALUES ('day1', 'a', 'b') "
            "UPDATE log SET 3 = 'c' WHERE KEY = 'day1' APPLY BATCH" % T),
        cql("SELECT FIRST 2 REVERSED * FROM log WHERE KEY = 'day1'"),
        cql("SELECT 2..3 FROM log WHERE KEY = 'day1'"),
        cql("UPDATE products SET price = 'cheap' WHERE KEY = 'p2'"),
        cql("INSERT INTO products (KEY, stock) VALUES ('p2', 99999999999)"),
        cql("SELECT * FROM orders WHERE KEY = 'o1'"),
        cql("SELECT * FROM products WHERE KEY > 'p1'"),
        cql("DELETE price FROM products USING TIMESTAMP %d WHERE KEY = 'p1'" % (T + 1)),
        cql("SELECT name, price FROM products WHERE KEY = 'p1'"),
        cql("TRUNCATE log"),
        cql("SELECT * FROM log WHERE KEY = 'day1'"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Usergrid
@sc("04_usergrid_entities", "types", "ze_ug", when=V08)
def usergrid_entities():
    """Usergrid's early entity store on Hector: entity rows keyed by UUID bytes with UTF8
    property names, dictionaries in a DynamicCompositeType family (aliases a, l, s, u, x),
    a collection's id set as dynamic composites of (collection, entity id), an application's
    counters, slices of a dictionary by prefix (end-of-component bytes), a collection page
    after the last id, and names its serializers got wrong (an alias the comparator lacks,
    a component cut short)."""
    ks = "ze_ug"
    dct = "DynamicCompositeType(a=>AsciiType,l=>LongType,s=>UTF8Type,u=>UUIDType,x=>BytesType)"
    steps = setup(ks, [cfd(ks, "Entity_Properties", comparator_type="UTF8Type"),
                       cfd(ks, "Entity_Dictionaries", comparator_type=dct),
                       cfd(ks, "Entity_Id_Sets", comparator_type=dct),
                       cfd(ks, "Counters", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    app = uuid4(1)
    users = [uuid4(10 + i) for i in range(4)]
    muts = {u: {"Entity_Properties": [ins("type", "user", 10), ins("username", "u%d" % i, 10),
                                      ins("created", long_(1300000000000 + i), 10)]}
            for i, u in enumerate(users)}
    muts[app] = {"Entity_Id_Sets": [ins(dyn(("s", "users"), ("u", u)), "", 10) for u in users]}
    muts[users[0]]["Entity_Dictionaries"] = [
        ins(dyn(("s", "roles"), ("s", "admin")), "", 10),
        ins(dyn(("s", "roles"), ("s", "guest")), "", 10),
        ins(dyn(("s", "permissions"), ("s", "get,put:/users/*")), "", 10),
        ins(dyn(("s", "settings"), ("l", 5)), "five", 10),
        ins(dyn(("s", "settings"), ("l", -1)), "minus", 10)]
    steps += [
        v19.batch_mutate(muts),
        v19.batch_mutate({app: {"Counters": [ccol("application.requests", 3),
                                             ccol("users.created", 4)]}}),
        v19.get_slice(app, cparent("Entity_Id_Sets"),
                      pred(start=dyn(("s", "users")), finish=dyn(("s", "users"))[:-1] + b"\x01",
                           count=2)),
        v19.get_slice(app, cparent("Entity_Id_Sets"),
                      pred(start=dyn(("s", "users"), ("u", users[1])),
                           finish=dyn(("s", "users"))[:-1] + b"\x01", count=10)),
        v19.get_slice(users[0], cparent("Entity_Dictionaries"), pred(start="", count=100)),
        v19.get_slice(users[0], cparent("Entity_Dictionaries"),
                      pred(start=dyn(("s", "roles")), finish=dyn(("s", "roles"))[:-1] + b"\x01")),
        v19.get_slice(users[0], cparent("Entity_Dictionaries"),
                      pred(start=dyn(("s", "settings"), ("l", 0)),
                           finish=dyn(("s", "settings"))[:-1] + b"\x01")),
        v19.multiget_slice(users[:2] + [uuid4(99)], cparent("Entity_Properties"),
                           pred(names=["username", "type"])),
        v19.get_slice(app, cparent("Counters"), pred(start="", count=100)),
        v19.add(app, cparent("Counters"), counter_column("application.requests", 2)),
        v19.get(app, cpath("Counters", col="application.requests")),
        v19.insert(users[1], cparent("Entity_Dictionaries"),
                   column(dyn(("z", "x")), "", 11)),
        v19.insert(users[1], cparent("Entity_Dictionaries"),
                   column(b"\x80s\x00\x09roles", "", 11)),
        v19.insert(users[1], cparent("Entity_Dictionaries"),
                   column(dyn(("s", "roles"), ("u", b"\x01\x02")), "", 11)),
        v19.batch_mutate({users[0]: {"Entity_Dictionaries": [
            dele([dyn(("s", "roles"), ("s", "guest"))], 20)]}}),
        v19.get_count(users[0], cparent("Entity_Dictionaries"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Titan 0.1
@sc("05_titan_ids", "basic", "ze_ti", when=V10)
def titan_ids():
    """Titan 0.1's Cassandra backend: at open it reads the keyspace (describe_keyspace of a
    missing one, then makes it), the id authority claims a block by writing a column named
    (block end, timestamp, unique id) at QUORUM, reads the row back to see whose claim is
    first, and removes its claim by timestamp; the edge store's rows of 8-byte vertex ids with
    byte-prefixed edge names, sliced by a prefix and the prefix followed by 0xff, keys-only
    scans, and a slice whose bounds it computed backwards."""
    ks = "ze_ti"
    steps = [v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "edgestore"), cfd(ks, "titan_ids"), cfd(ks, "vertexindex")])
    part = int32(0)
    claim1 = long_(1000) + long_(111) + b"rid-A"
    claim2 = long_(1000) + long_(112) + b"rid-B"
    steps += [
        v19.get_slice(part, cparent("titan_ids"), pred(start="", count=5, reversed=True),
                      QUORUM),
        v19.insert(part, cparent("titan_ids"), column(claim1, "", 10), QUORUM),
        v19.insert(part, cparent("titan_ids"), column(claim2, "", 10), QUORUM),
        v19.get_slice(part, cparent("titan_ids"), pred(start=long_(1000), finish=long_(1001),
                                                       count=10), QUORUM),
        v19.remove(part, cpath("titan_ids", col=claim2), 10, QUORUM),
        v19.get_slice(part, cparent("titan_ids"), pred(start="", count=5, reversed=True),
                      QUORUM),
    ]
    vids = [long_(4 * i + 4) for i in range(4)]
    edges = {}
    for i, v in enumerate(vids):
        cols = [ins(b"\x02" + long_(4 * j + 4), b"\x00", 10) for j in range(4) if j != i]
        cols += [ins(b"\x01\x10name", "v%d" % i, 10), ins(b"\x01\x11age", int32(20 + i), 10)]
        edges[v] = {"edgestore": cols}
        edges["v%d" % i] = {"vertexindex": [ins(v, "", 10)]}
    steps += [
        v19.batch_mutate(edges),
        v19.get_slice(vids[0], cparent("edgestore"), pred(start=b"\x02", finish=b"\x02\xff" * 4)),
        v19.get_slice(vids[0], cparent("edgestore"), pred(start=b"\x01", finish=b"\x01\xff")),
        v19.get_slice(vids[1], cparent("edgestore"), pred(start=b"\x01\x10", finish=b"\x01\x10")),
        v19.get_slice(vids[2], cparent("edgestore"), pred(start=b"\x02\xff", finish=b"\x02")),
        v19.get_range_slices(cparent("edgestore"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_slice("v2", cparent("vertexindex"), pred(start="", count=10)),
        v19.batch_mutate({vids[3]: {"edgestore": [dele([b"\x02" + long_(4)], 20)]},
                          vids[0]: {"edgestore": [dele([b"\x02" + long_(16)], 20)]}}),
        v19.get_count(vids[3], cparent("edgestore"), pred(start=b"\x02", finish=b"\x03")),
        v19.remove(vids[2], cpath("edgestore"), 20, QUORUM),
        v19.get_range_slices(cparent("edgestore"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Priam-style admin
@sc("06_priam_admin", "schema", "ze_pa", when=V10)
def priam_admin():
    """A Priam-style agent administering a one-node cluster under a live app: describe calls at
    start, the app's keyspace raised to replication factor 3 (the app's QUORUM calls then find
    too few replicas, ONE still answers), moved to NetworkTopologyStrategy with the data
    centre names of the EC2 snitch the node does not run (ONE finds none), then back, and the
    chores it was refused (dropping or changing the system keyspace)."""
    ks = "ze_pa"
    steps = [v19.describe_cluster_name(), kit.describe_version(), v19.describe_partitioner(),
             v19.describe_snitch()]
    steps += setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k1", cparent("Data"), column("c", "v", 10), QUORUM),
        v19.describe_ring(ks),
        v19.system_update_keyspace(ksd(ks, rf=3)),
        v19.describe_keyspace(ks),
        v19.insert("k1", cparent("Data"), column("d", "v", 10), QUORUM),
        v19.get("k1", cpath("Data", col="c"), QUORUM),
        v19.get("k1", cpath("Data", col="c"), ONE),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ALL),
        v19.insert("k1", cparent("Data"), column("e", "v", 10), ANY),
        v19.system_update_keyspace(ksd(ks, strategy=NTS, options={"us-east": "3"})),
        v19.insert("k1", cparent("Data"), column("f", "v", 10), ONE),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), ONE),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), LOCAL_QUORUM),
        v19.insert("k1", cparent("Data"), column("f", "v", 10), ANY),
        v19.system_update_keyspace(ksd(ks, strategy=NTS, options={"datacenter1": "1"})),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), LOCAL_QUORUM),
        v19.insert("k1", cparent("Data"), column("g", "v", 10), EACH_QUORUM),
        v19.system_update_keyspace(ksd(ks, rf=1)),
        v19.get_slice("k1", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.system_drop_keyspace("system"),
        v19.system_update_keyspace(ksd("system", rf=3)),
        v19.describe_ring("system"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- rate limiter
@sc("07_sliding_window", "ttl", "ze_rl")
def sliding_window():
    """A sliding-window rate limiter: each request of a client is a TimeUUID column with a
    60-second TTL in the client's row; the limiter counts the window by get_count from the
    window's first TimeUUID, multiget_count over clients, trims old requests by names, and
    tries a slice-range deletion (refused before 1.2); its TTL of 0 for 'no limit' clients."""
    ks = "ze_rl"
    steps = setup(ks, [cfd(ks, "Requests", comparator_type="TimeUUIDType")])
    clients = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
    steps.append(v19.batch_mutate({c: {"Requests": [ins(timeuuid(50 * j + i), "", 10, 60)
                                                    for i in range(3 + j)]}
                                   for j, c in enumerate(clients)}))
    steps += [
        v19.get_count(clients[0], cparent("Requests"), pred(start=timeuuid(1), count=100)),
        v19.get_count(clients[2], cparent("Requests"), pred(start=timeuuid(101),
                                                            finish=timeuuid(103), count=100)),
        v19.multiget_count(clients + ["10.0.0.9"], cparent("Requests"),
                           pred(start="", count=100)),
        v19.multiget_count(clients, cparent("Requests"), pred(start=timeuuid(51), count=2)),
        v19.batch_mutate({clients[1]: {"Requests": [dele([timeuuid(50), timeuuid(51)], 20)]}}),
        v19.get_slice(clients[1], cparent("Requests"), pred(start="", count=100)),
        v19.batch_mutate({clients[2]: {"Requests": [
            dele(None, 20, rng=srange("", timeuuid(101), False, 100))]}}),
        v19.insert("10.0.0.4", cparent("Requests"), column(timeuuid(200), "", 10, 0)),
        v19.insert("10.0.0.4", cparent("Requests"), column(timeuuid(201), "", 10)),
        v19.get_count("10.0.0.4", cparent("Requests"), pred(start="", count=100)),
        v19.get_count(clients[0], cparent("Requests"), pred(start=timeuuid(2),
                                                            finish=timeuuid(0), count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Tomcat sessions
@sc("08_tomcat_sessions", "index", "ze_ts")
def tomcat_sessions():
    """A Tomcat session manager on Hector: a Sessions family with KEYS indexes on `valid` and
    `host` and LongType `lastAccess`/`maxInactive` validators, sessions saved as a batch of
    attributes, touched by single inserts, the expiry sweep's index query (valid = 1 and
    lastAccess < cutoff, paged by start_key), the sweep without an equality (refused), an
    index value of the wrong width, and sessions invalidated by a row removal."""
    ks = "ze_ts"
    meta = [coldef("valid", "UTF8Type", True, "sess_valid"),
            coldef("host", "UTF8Type", True, "sess_host"),
            coldef("lastAccess", "LongType"), coldef("maxInactive", "LongType")]
    steps = setup(ks, [cfd(ks, "Sessions", comparator_type="UTF8Type", column_metadata=meta)])
    sess = ["S%02d" % i for i in range(6)]
    steps.append(v19.batch_mutate({s: {"Sessions": [
        ins("valid", "1", 10), ins("host", "web%d" % (i % 2), 10),
        ins("lastAccess", long_(1000 + 100 * i), 10), ins("maxInactive", long_(1800), 10),
        ins("attr:user", "u%d" % i, 10)]} for i, s in enumerate(sess)}))
    steps += [
        v19.insert(sess[0], cparent("Sessions"), column("lastAccess", long_(2000), 11)),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("valid", EQ, "1"), index_expr("lastAccess", LT, long_(1350))], count=2),
            pred(names=["lastAccess", "host"])),
    ]
    first = by_token([s for i, s in enumerate(sess) if 1000 + 100 * i < 1350 and i])
    steps += [
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("valid", EQ, "1"), index_expr("lastAccess", LT, long_(1350))],
            start_key=first[-1], count=2), pred(names=["lastAccess"])),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("lastAccess", LT, long_(1350))], count=10), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("host", EQ, "web1"), index_expr("lastAccess", GTE, int32(1200))],
            count=10), pred(names=["host"])),
        v19.insert(sess[1], cparent("Sessions"), column("lastAccess", "now", 12)),
        v19.batch_mutate({sess[2]: {"Sessions": [ins("valid", "0", 12)]},
                          sess[3]: {"Sessions": [ins("maxInactive", int32(60), 12)]}}),
        v19.remove(sess[4], cpath("Sessions"), 12),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("valid", EQ, "1")], count=100), pred(names=["host"])),
        v19.get_indexed_slices(cparent("Sessions"), index_clause(
            [index_expr("host", EQ, "web0"), index_expr("valid", EQ, "1")], count=100),
            pred(names=["attr:user"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Countandra
@sc("09_countandra", "counter", "ze_ca", when=V08)
def countandra():
    """Countandra's hierarchical counters: a counter family of CompositeType(UTF8Type,
    LongType) names (time dimension, bucket start), each event adding to every level of its
    category (`pageviews`, `pageviews.site1`, ...) in one counter batch, reads of one
    dimension's buckets by composite bounds, newest first, totals counted, counts at ANY (not
    for counters), an event sent with an int bucket, and a plain insert into the counters."""
    ks = "ze_ca"
    steps = setup(ks, [cfd(ks, "Counts", comparator_type="CompositeType(UTF8Type,LongType)",
                           default_validation_class="CounterColumnType")])
    cats = ["pageviews", "pageviews.site1", "pageviews.site1.home"]
    muts = {}
    for c in cats:
        muts[c] = {"Counts": [ccol(kit.comp(dim, t), n) for dim, t, n in
                              [("MINUTELY", 60, 1), ("MINUTELY", 120, 2), ("HOURLY", 0, 3),
                               ("DAILY", 0, 3), ("MINUTELY", 180, 5)]]}
    steps += [
        v19.batch_mutate(muts),
        v19.batch_mutate({cats[2]: {"Counts": [ccol(kit.comp("MINUTELY", 180), -2)]}}, QUORUM),
        v19.get_slice(cats[0], cparent("Counts"), pred(start="", count=100)),
        v19.get_slice(cats[1], cparent("Counts"),
                      pred(start=kit.comp("MINUTELY", 60), finish=kit.comp("MINUTELY", 120))),
        v19.get_slice(cats[2], cparent("Counts"),
                      pred(start=kit.comp("MINUTELY", eoc=1), finish=kit.comp("MINUTELY"),
                           reversed=True, count=2)),
        v19.get_slice(cats[2], cparent("Counts"),
                      pred(start=kit.comp("HOURLY"), finish=kit.comp("HOURLY", eoc=1))),
        v19.multiget_count(cats, cparent("Counts"), pred(start=kit.comp("MINUTELY"),
                                                         finish=kit.comp("MINUTELY", eoc=1))),
        v19.get(cats[0], cpath("Counts", col=kit.comp("DAILY", 0))),
        v19.add(cats[0], cparent("Counts"), counter_column(kit.comp("DAILY", 0), 1), ANY),
        v19.batch_mutate({cats[0]: {"Counts": [ccol(kit.comp("DAILY", 0), 1)]}}, ANY),
        v19.add(cats[0], cparent("Counts"), counter_column(kit.comp("DAILY", int32(0)), 1)),
        v19.insert(cats[0], cparent("Counts"), column(kit.comp("DAILY", 0), long_(5), 10)),
        v19.get(cats[0], cpath("Counts", col=kit.comp("DAILY", 0))),
        v19.remove_counter(cats[2], cpath("Counts"), ONE),
        v19.get_slice(cats[2], cparent("Counts"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- wiki revisions
@sc("11_wiki_revisions", "basic", "ze_wk")
def wiki_revisions():
    """A wiki's revision store: a page's row of LongType revision ids with the text (one of
    200 KB), the latest revision (reversed, count 1), history pages from a revision down,
    a diff's two revisions by name, a recent-changes row of TimeUUID names, counts with the
    largest count a Java client could send, a revision deleted by name, and the ids its PHP
    front end sent as 4-byte ints and as decimal strings."""
    ks = "ze_wk"
    steps = setup(ks, [cfd(ks, "Revisions", comparator_type="LongType",
                           default_validation_class="UTF8Type"),
                       cfd(ks, "RecentChanges", comparator_type="TimeUUIDType")])
    big = "".join("line %05d of the article\n" % i for i in range(8000))
    steps += [
        v19.batch_mutate({"Main_Page": {"Revisions": [ins(long_(r), "rev %d" % r, 10)
                                                      for r in range(1, 8)]},
                          "Cassandra": {"Revisions": [ins(long_(1), "stub", 10)]}}),
        v19.insert("Cassandra", cparent("Revisions"), column(long_(2), big, 10)),
        v19.batch_mutate({"recent": {"RecentChanges": [
            ins(timeuuid(300 + i), "Main_Page:%d" % (i + 1), 10) for i in range(5)]}}),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start="", count=1, reversed=True)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start=long_(5), finish=long_(2),
                                                              reversed=True, count=3)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(names=[long_(3), long_(6)])),
        v19.get_count("Cassandra", cparent("Revisions"), pred(start="", count=2147483647)),
        v19.get_slice("Cassandra", cparent("Revisions"), pred(start=long_(2), count=1)),
        v19.multiget_count(["Main_Page", "Cassandra", "Nope"], cparent("Revisions"),
                           pred(start="", count=2147483647)),
        v19.get_slice("recent", cparent("RecentChanges"), pred(start="", count=3, reversed=True)),
        v19.remove("Main_Page", cpath("Revisions", col=long_(4)), 20),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start=long_(5), finish="",
                                                              reversed=True, count=3)),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(start=int32(5), count=3)),
        v19.get("Main_Page", cpath("Revisions", col="5")),
        v19.get_slice("Main_Page", cparent("Revisions"), pred(names=[long_(1), int32(2)])),
        v19.remove("Main_Page", cpath("Revisions", col=int32(3)), 20),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Grails plugin
@sc("12_grails_plugin", "basic", "ze_gr")
def grails_plugin():
    """A Grails app on the cassandra-orm plugin (Hector underneath): domain objects as rows,
    an index row per property value (`Book_IDX_author:...` whose column names are ids), a
    dynamic finder as an index slice followed by a multiget, a counter row per domain class
    (0.8 on), a delete that removes the row and its index columns in one batch, and a
    `findAllBy` over a property without an index row (an empty slice)."""
    ks = "ze_gr"
    cfs = [cfd(ks, "Book", comparator_type="UTF8Type", default_validation_class="UTF8Type"),
           cfd(ks, "Book_IDX", comparator_type="UTF8Type")]
    if V08:
        cfs.append(cfd(ks, "Book_CTR", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = setup(ks, cfs)
    books = [("b1", "Dune", "Herbert"), ("b2", "Emma", "Austen"), ("b3", "Persuasion", "Austen")]
    for bid, title, author in books:
        m = {bid: {"Book": [ins("title", title, 10), ins("author", author, 10),
                            ins("version", "0", 10)]},
             "author:" + author: {"Book_IDX": [ins(bid, "", 10)]}}
        if V08:
            m["all"] = {"Book_CTR": [ccol("count", 1), ccol("author:" + author, 1)]}
        steps.append(v19.batch_mutate(m))
    steps += [
        v19.get_slice("author:Austen", cparent("Book_IDX"), pred(start="", count=100)),
        v19.multiget_slice(["b2", "b3"], cparent("Book"), pred(start="", count=100)),
        v19.get_slice("author:Tolkien", cparent("Book_IDX"), pred(start="", count=100)),
        v19.multiget_slice([], cparent("Book"), pred(start="", count=100)),
    ]
    if V08:
        steps.append(v19.get_slice("all", cparent("Book_CTR"), pred(start="", count=100)))
    m = {"b3": {"Book": [dele(None, 20)]},
         "author:Austen": {"Book_IDX": [dele(["b3"], 20)]}}
    if V08:
        m["all"] = {"Book_CTR": [ccol("count", -1), ccol("author:Austen", -1)]}
    steps += [
        v19.batch_mutate(m),
        v19.get_slice("author:Austen", cparent("Book_IDX"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Book"), pred(names=["title"]),
                             key_range(start_key="", end_key="", count=100)),
    ]
    if V08:
        steps += [v19.get_slice("all", cparent("Book_CTR"), pred(start="", count=100)),
                  v19.batch_mutate({"b1": {"Book": [ins("title", "Dune", 30)],
                                           "Book_CTR": [ccol("x", 1)]}})]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- schema races
@sc("13_schema_races", "schema", "ze_sr")
def schema_races():
    """Two instances of one app starting at once, each making the schema it expects: the
    second adds the keyspace and the family the first made, updates the family without its
    id (1.1 closes the connection: the client reconnects and sets its keyspace), drops a
    family the first dropped, writes to it, adds a family while no keyspace is set, sets the
    keyspace the first dropped, and describes it."""
    ks = "ze_sr"
    steps = [v19.describe_keyspace(ks)]
    steps += setup(ks, [cfd(ks, "Jobs", comparator_type="UTF8Type")])
    steps += [
        v19.system_add_keyspace(ksd(ks, [cfd(ks, "Jobs", comparator_type="UTF8Type")])),
        v19.system_add_column_family(cfd(ks, "Jobs", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Results", comparator_type="UTF8Type")),
        v19.system_add_column_family(cfd(ks, "Results", comparator_type="BytesType")),
        v19.system_update_column_family(cfd(ks, "Results", comparator_type="UTF8Type",
                                            comment="second")),
        v19.set_keyspace(ks),
        v19.insert("j1", cparent("Results"), column("out", "ok", 10)),
        v19.system_drop_column_family("Results"),
        v19.system_drop_column_family("Results"),
        v19.insert("j1", cparent("Results"), column("out", "ok", 11)),
        v19.get_slice("j1", cparent("Results"), pred(start="", count=10)),
        v19.system_add_column_family(cfd(ks, "Results", comparator_type="UTF8Type")),
        v19.get_slice("j1", cparent("Results"), pred(start="", count=10)),
        v19.system_add_column_family(cfd("ze_sr_other", "Audit")),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
        v19.insert("j1", cparent("Jobs"), column("state", "new", 12)),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Jobs", comparator_type="UTF8Type")),
    ]
    return steps


# --------------------------------------------------------------------------- absent fields
@sc("14_absent_fields", "basic", "ze_af")
def absent_fields():
    """A hand-rolled client generated from a trimmed IDL, leaving fields out: a Column without
    its timestamp (in insert and in batch_mutate), a ColumnParent and a ColumnPath without the
    family, an empty SlicePredicate, a KeyRange without a count, a Mutation of nothing, a
    ColumnOrSuperColumn of nothing, a Deletion without its timestamp, a CounterColumn without
    its value (0.8 on), and a remove without a consistency level.  Where the release closed the
    connection (0.7 also on the call after a batch it could not read whole) the client
    reconnects and sets its keyspace again."""
    ks = "ze_af"
    cfs = [cfd(ks, "Items", comparator_type="UTF8Type")]
    if V08:
        cfs.append(cfd(ks, "Hits", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = setup(ks, cfs)
    steps += [
        v19.insert("k", cparent("Items"), column("a", "1", 10)),
        v19.insert("k", cparent("Items"), column("b", "2", None)),
        v19.batch_mutate({"k": {"Items": [ins("c", "3", None)]}}),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent(None), pred(start="", count=10)),
        v19.get("k", cpath(None, col="a")),
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("Items"), W.struct({})),
        v19.get_range_slices(cparent("Items"), pred(start="", count=10),
                             W.struct({1: b(""), 2: b("")})),
        v19.batch_mutate({"k": {"Items": [mutation()]}}),
        v19.set_keyspace(ks),
        v19.batch_mutate({"k": {"Items": [mutation(cosc())]}}),
        v19.batch_mutate({"k": {"Items": [mutation(deletion_=W.struct({
            3: pred(names=["a"])}))]}}),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10)),
        v19.set_keyspace(ks),
        Step("remove", W.struct({1: b("k"), 2: cpath("Items", col="a"), 3: dsl.ts(20)})),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10)),
        Step("get", W.struct({2: cpath("Items", col="a"), 3: W.i32(ONE)})),
    ]
    if V08:
        steps += [
            v19.add("k", cparent("Hits"), W.struct({1: b("n")})),
            v19.batch_mutate({"k": {"Hits": [mutation(cosc(counter_column=W.struct(
                {1: b("n")})))]}}),
            v19.set_keyspace(ks),
            v19.get_slice("k", cparent("Hits"), pred(start="", count=10)),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- consistency constants
@sc("15_php_levels", "consistency", "ze_cl")
def php_levels():
    """A PHP app whose hand-copied Thrift constants were off: it reads at ZERO and at ANY,
    sends a level number no release declared (42) with a read, reads at LOCAL_QUORUM and
    EACH_QUORUM on a SimpleStrategy keyspace, writes at TWO and THREE on one node, and
    multigets and scans at levels its writes used."""
    ks = "ze_cl"
    steps = setup(ks, [cfd(ks, "Items", comparator_type="UTF8Type")])
    steps += [
        v19.insert("k", cparent("Items"), column("a", "1", 10)),
        v19.get("k", cpath("Items", col="a"), 0),
        v19.get("k", cpath("Items", col="a"), ANY),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10), ANY),
        v19.get("k", cpath("Items", col="a"), 42),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10), LOCAL_QUORUM),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10), EACH_QUORUM),
        v19.insert("k", cparent("Items"), column("d", "1", 10), LOCAL_QUORUM),
        v19.insert("k", cparent("Items"), column("e", "1", 10), EACH_QUORUM),
        v19.insert("k", cparent("Items"), column("f", "1", 10), TWO),
        v19.batch_mutate({"k": {"Items": [ins("g", "1", 10)]}}, THREE),
        v19.multiget_slice(["k", "z"], cparent("Items"), pred(start="", count=10), ANY),
        v19.get_range_slices(cparent("Items"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), ANY),
        v19.get_count("k", cparent("Items"), pred(start="", count=10), TWO),
        v19.remove("k", cpath("Items", col="a"), 20, ANY),
        v19.get_slice("k", cparent("Items"), pred(start="", count=10), ALL),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Telephus IRC logger
@sc("16_telephus_irc", "super", "ze_ir")
def telephus_irc():
    """A Twisted IRC logger on Telephus: a super column family per channel-day row, super
    columns named by TimeUUIDs (one per message) holding nick and text, written by
    batch_insert (a batch_mutate of super columns), read back newest first, one message by
    its super column, a nick's lines by sub-column names across super columns (a super
    slice), a moderator's delete of one message and of one sub-column, and a super column
    name of the wrong UUID version."""
    ks = "ze_ir"
    steps = setup(ks, [cfd(ks, "Log", column_type="Super", comparator_type="TimeUUIDType",
                           subcomparator_type="UTF8Type")])
    row = "#cassandra:2011-05-01"
    msgs = [("jbellis", "hi"), ("driftx", "hey"), ("jbellis", "0.8 is out"),
            ("newbie", "help"), ("driftx", "read the wiki")]
    steps += [
        v19.batch_mutate({row: {"Log": [sins(timeuuid(500 + i), [("nick", n), ("text", t)], 10)
                                        for i, (n, t) in enumerate(msgs)]}}),
        v19.get_slice(row, cparent("Log"), pred(start="", count=2, reversed=True)),
        v19.get_slice(row, cparent("Log", sc=timeuuid(502)), pred(start="", count=10)),
        v19.get(row, cpath("Log", sc=timeuuid(503), col="text")),
        v19.get(row, cpath("Log", sc=timeuuid(503))),
        v19.get_slice(row, cparent("Log"), pred(names=[timeuuid(500), timeuuid(509)])),
        v19.get_count(row, cparent("Log"), pred(start=timeuuid(501), count=100)),
        v19.get_count(row, cparent("Log", sc=timeuuid(501)), pred(start="", count=100)),
        v19.remove(row, cpath("Log", sc=timeuuid(503)), 20),
        v19.remove(row, cpath("Log", sc=timeuuid(504), col="nick"), 20),
        v19.get_slice(row, cparent("Log"), pred(start=timeuuid(502), count=10)),
        v19.insert(row, cparent("Log", sc=uuid4(3)), column("nick", "x", 11)),
        v19.insert(row, cparent("Log"), column("nick", "x", 11)),
        v19.get_range_slices(cparent("Log"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Ruby gem 0.8
@sc("17_ruby_gem_supers", "super", "ze_rb")
def ruby_gem_supers():
    """The Ruby `cassandra` gem 0.8-0.9 on super column families: `insert` of a hash of hashes
    (a batch_mutate of super columns), `get` of a row (a slice of super columns), of one
    super column, of a sub-column, `multi_get` with :count, `count_columns` of a super column,
    `remove` of a sub-column and of a super column, `get_range` with :key_count, `exists?`,
    and the gem's deletion of several sub-columns in a batch (a Deletion with a super column
    and names)."""
    ks = "ze_rb"
    steps = setup(ks, [cfd(ks, "UserRelationships", column_type="Super",
                           comparator_type="UTF8Type", subcomparator_type="LongType"),
                       cfd(ks, "Index", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"alice": {"UserRelationships": [
            sins("user_timeline", [(long_(i), "s%d" % i) for i in range(5)], 10),
            sins("mentions", [(long_(7), "m7")], 10)]},
            "bob": {"UserRelationships": [sins("user_timeline", [(long_(9), "s9")], 10)]},
            "by_city": {"Index": [sins("Paris", [("alice", ""), ("bob", "")], 10),
                                  sins("Rome", [("carol", "")], 10)]}}),
        v19.get_slice("alice", cparent("UserRelationships"), pred(start="", count=100)),
        v19.get_slice("alice", cparent("UserRelationships", sc="user_timeline"),
                      pred(start="", count=2, reversed=True)),
        v19.get("alice", cpath("UserRelationships", sc="mentions", col=long_(7))),
        v19.multiget_slice(["alice", "bob", "zed"], cparent("UserRelationships",
                                                            sc="user_timeline"),
                           pred(start="", count=1)),
        v19.get_count("alice", cparent("UserRelationships", sc="user_timeline"),
                      pred(start="", count=100)),
        v19.remove("alice", cpath("UserRelationships", sc="user_timeline", col=long_(0)), 20),
        v19.remove("alice", cpath("UserRelationships", sc="mentions"), 20),
        v19.batch_mutate({"by_city": {"Index": [dele(["alice", "bob"], 20, sc_="Paris")]}}),
        v19.get_slice("by_city", cparent("Index"), pred(start="", count=100)),
        v19.get_range_slices(cparent("UserRelationships"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=1)),
        v19.get_slice("alice", cparent("UserRelationships", sc="user_timeline"),
                      pred(start="", count=1)),
        v19.get("alice", cpath("UserRelationships", col="user_timeline")),
        v19.insert("alice", cparent("UserRelationships", sc="user_timeline"),
                   column("later", "x", 11)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector serializers
@sc("18_serializer_widths", "types", "ze_sw")
def serializer_widths():
    """A Hector app whose serializers do not match the schema: IntegerSerializer (4 bytes)
    names in a LongType family, in a names predicate, in a slice bound and in a deletion;
    a value of the wrong width for a column's LongType validator (and an Int32Type one on
    1.0 on), an ASCII validator given UTF-8, a batch whose second row is invalid (nothing of
    it written), and a UUIDSerializer name of 15 bytes in a LexicalUUIDType family."""
    ks = "ze_sw"
    meta = [coldef("age", "LongType"), coldef("code", "AsciiType")]
    if V10:
        meta.append(coldef("score", "Int32Type"))
    steps = setup(ks, [cfd(ks, "Numbers", comparator_type="LongType"),
                       cfd(ks, "People", comparator_type="UTF8Type", column_metadata=meta),
                       cfd(ks, "Things", comparator_type="LexicalUUIDType")])
    steps += [
        v19.batch_mutate({"n": {"Numbers": [ins(long_(i), "v%d" % i, 10) for i in range(4)]},
                          "p": {"People": [ins("age", long_(30), 10), ins("code", "AB", 10)]}}),
        v19.insert("n", cparent("Numbers"), column(int32(5), "x", 11)),
        v19.get_slice("n", cparent("Numbers"), pred(names=[long_(1), int32(2)])),
        v19.get_slice("n", cparent("Numbers"), pred(start=long_(1), finish=int32(3))),
        v19.batch_mutate({"n": {"Numbers": [dele([int32(1)], 20)]}}),
        v19.insert("p", cparent("People"), column("age", int32(31), 11)),
        v19.insert("p", cparent("People"), column("code", "\u00c5B", 11)),
        v19.batch_mutate({"p2": {"People": [ins("age", long_(5), 11)]},
                          "p3": {"People": [ins("age", b"\x01\x02", 11)]}}),
        v19.multiget_slice(["p2", "p3"], cparent("People"), pred(start="", count=10)),
        v19.insert("t", cparent("Things"), column(b"\x01" * 15, "x", 11)),
        v19.insert("t", cparent("Things"), column(lexuuid(3), "x", 11)),
        v19.get_slice("t", cparent("Things"), pred(start=b"\x01" * 17, count=10)),
        v19.get_slice("n", cparent("Numbers"), pred(start="", count=10)),
    ]
    if V10:
        steps += [v19.insert("p", cparent("People"), column("score", long_(7), 11)),
                  v19.insert("p", cparent("People"), column("score", int32(7), 11)),
                  v19.get_slice("p", cparent("People"), pred(start="", count=10))]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- ETL counts
@sc("19_etl_counts", "range", "ze_et")
def etl_counts():
    """A nightly ETL job: a batch of 120 rows of 5 columns, a multiget of all their keys, scans
    with the largest column count a Java client could ask and a row count of 100000 (a row
    count of 2^31-1 made 0.7 to 1.0 allocate that many slots), a key range that ends
    before it starts, a scan from a key to a token, multiget of the same key twice, and a
    zero row count."""
    ks = "ze_et"
    steps = setup(ks, [cfd(ks, "Facts", comparator_type="UTF8Type")])
    keys = ["f%03d" % i for i in range(120)]
    order = by_token(keys)
    steps += [
        v19.batch_mutate({k: {"Facts": [ins("c%d" % j, "%s-%d" % (k, j), 10) for j in range(5)]}
                          for k in keys}),
        v19.multiget_count(keys, cparent("Facts"), pred(start="", count=2147483647)),
        v19.get_range_slices(cparent("Facts"), pred(start="", count=2147483647),
                             key_range(start_key="", end_key="", count=100000)),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_key=order[50], end_key=order[53], count=100)),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_key=order[53], end_key=order[50], count=100)),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_key=order[10], end_token=md5_token(order[12]),
                                       count=100)),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_token=md5_token(order[10]),
                                       end_token=md5_token(order[13]), count=100)),
        v19.multiget_slice([keys[0], keys[0], keys[1]], cparent("Facts"), pred(names=["c1"])),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Facts"), pred(names=["c0"]),
                             key_range(start_key="", end_key="", count=-5)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta (1.1)
@sc("20_cql3_beta_timeline", "cql", "ze_c3", when=V11)
def cql3_beta_timeline():
    """Twissandra's CQL 3 port tried on 1.1's beta (set_cql_version '3.0.0', then
    execute_cql_query): users and a timeline table of (username, time) clustering, inserts
    at fixed timestamps, the newest tweets by ORDER BY time DESC LIMIT, a page from a time,
    an IN on the partition key, the timeline read back through Thrift's get_slice of its
    composite names, and the queries its authors got wrong (a filter on a non-key column,
    ORDER BY without a partition restriction, a version the node did not have)."""
    ks = "ze_c3"
    steps = [
        v19.set_cql_version("3.0.5"),
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE ze_c3 WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1"),
        cql("USE ze_c3"),
        cql("CREATE TABLE users (username varchar PRIMARY KEY, password varchar)"),
        cql("CREATE TABLE timeline (username varchar, time bigint, tweet_id uuid, body varchar, "
            "PRIMARY KEY (username, time))"),
        cql("INSERT INTO users (username, password) VALUES ('jim', 'pw') USING TIMESTAMP %d"
            % T),
    ]
    for i in range(5):
        steps.append(cql("INSERT INTO timeline (username, time, tweet_id, body) VALUES ('jim', "
                         "%d, 550e8400-e29b-41d4-a716-44665544000%d, 'tweet %d') USING TIMESTAMP "
                         "%d" % (100 + i, i, i, T)))
    steps += [
        cql("INSERT INTO timeline (username, time, body) VALUES ('ann', 7, 'first') "
            "USING TIMESTAMP %d" % T),
        cql("SELECT * FROM users WHERE username = 'jim'"),
        cql("SELECT time, body FROM timeline WHERE username = 'jim' ORDER BY time DESC LIMIT 2"),
        cql("SELECT time, body FROM timeline WHERE username = 'jim' AND time < 103 "
            "ORDER BY time DESC LIMIT 2"),
        cql("SELECT body FROM timeline WHERE username IN ('jim', 'ann') AND time = 7"),
        cql("SELECT COUNT(*) FROM timeline WHERE username = 'jim'"),
        v19.get_slice("jim", cparent("timeline"), pred(start="", count=4)),
        cql("SELECT * FROM timeline WHERE body = 'tweet 1'"),
        cql("SELECT * FROM timeline ORDER BY time DESC"),
        cql("UPDATE timeline USING TIMESTAMP %d SET body = 'edited' WHERE username = 'jim' "
            "AND time = 101" % (T + 1)),
        cql("DELETE body FROM timeline USING TIMESTAMP %d WHERE username = 'jim' AND time = 102"
            % (T + 1)),
        cql("SELECT time, body FROM timeline WHERE username = 'jim' AND time >= 101 "
            "AND time <= 102"),
        cql("SELECT * FROM timeline WHERE username = 'jim' AND time > 'late'"),
        cql("DROP TABLE timeline"),
        cql("DROP KEYSPACE ze_c3"),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("21_later_idl_calls", "later-idl", "ze_li", when=not V11)
def later_idl_calls():
    """A client built against 1.1's IDL on an older node: a KsDef with durable_writes, a CfDef
    with 1.1's key_validation_class, caching and dclocal_read_repair_chance, a ColumnDef whose
    index_type is 1.2's COMPOSITES, a counter `add` (0.8's call, on 0.7), set_cql_version,
    prepare_cql_query and execute_prepared_cql_query, describe_token_map, and the plain calls
    it fell back to."""
    ks = "ze_li"
    kd = ksd(ks, [])
    if V07:
        kd = W.struct({1: b(ks), 2: b(SS), 4: W.i32(1), 5: W.list_("struct", []),
                       6: W.boolean(False)})
    else:
        kd = W.struct({1: b(ks), 2: b(SS), 3: kit.strmap({"replication_factor": "1"}),
                       5: W.list_("struct", []), 6: W.boolean(False)})
    steps = [v19.system_add_keyspace(kd), v19.set_keyspace(ks), v19.describe_keyspace(ks)]
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "Users", comparator_type="UTF8Type", key_validation_class="UTF8Type",
            caching="all", dclocal_read_repair_chance=0.1)),
        v19.system_add_column_family(cfd(ks, "Idx", comparator_type="UTF8Type",
                                         column_metadata=[W.struct({
                                             1: b("email"), 2: b("UTF8Type"), 3: W.i32(2),
                                             4: b("idx_email")})])),
        v19.describe_keyspace(ks),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        unknown("set_cql_version", {1: b("2.0.0")}),
        unknown("prepare_cql_query", {1: b("SELECT * FROM Users WHERE KEY = ?"), 2: W.i32(2)}),
        unknown("execute_prepared_cql_query", {1: W.i32(kit.jhash(
            "SELECT * FROM Users WHERE KEY = ?")), 2: W.list_("bin", [b("u1")])}),
        unknown("describe_token_map"),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
    ]
    if V07:
        steps += [unknown("add", {1: b("u1"), 2: cparent("Users"),
                                  3: counter_column("visits", 1), 4: W.i32(ONE)}),
                  unknown("execute_cql_query", {1: b("SELECT * FROM Users"), 2: W.i32(2)})]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- later IDL on 1.1
@sc("22_later_idl_12", "later-idl", "ze_l2")
def later_idl_12():
    """A client generated from 1.2's IDL on the release: a CfDef with 1.2's fields
    (populate_io_cache_on_flush, memtable_flush_period_in_ms, index_interval), a read at
    LOCAL_ONE (an enum value the release did not know), a KeyRange with a row_filter (1.1
    on: its IndexExpressions) and describe_local_ring, execute_cql3_query and
    atomic_batch_mutate, which no release before 1.2 had."""
    ks = "ze_l2"
    steps = setup(ks, [])
    steps += [
        v19.system_add_column_family(cfd_later(
            ks, "Events", comparator_type="UTF8Type", populate_io_cache_on_flush=True,
            memtable_flush_period_in_ms=60000, index_interval=256,
            column_metadata=[coldef("kind", "UTF8Type", True, "ev_kind")])),
        v19.describe_keyspace(ks),
        v19.batch_mutate({"e%d" % i: {"Events": [ins("kind", "k%d" % (i % 2), 10)]}
                          for i in range(4)}),
        v19.get("e1", cpath("Events", col="kind"), LOCAL_ONE),
        v19.get_range_slices(cparent("Events"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10,
                                       row_filter=[index_expr("kind", EQ, "k1")])),
        unknown("describe_local_ring", {1: b(ks)}),
        v19.execute_cql3_query("SELECT * FROM Events"),
        v19.atomic_batch_mutate({"e9": {"Events": [ins("kind", "k9", 10)]}}),
        v19.get_range_slices(cparent("Events"), pred(names=["kind"]),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- autocomplete
@sc("23_autocomplete", "range", "ze_ac")
def autocomplete():
    """A search box's autocomplete: one row per first letter of UTF8Type names (AsciiType for
    the tags), the suggestions as a slice from the typed prefix to the prefix followed by
    U+FFFF (and, as pycassa users wrote it, by a raw 0xff byte, which is no UTF-8), limited
    and reversed, a multiget over two letters, a count, and a prefix sent as Latin-1."""
    ks = "ze_ac"
    steps = setup(ks, [cfd(ks, "Names", comparator_type="UTF8Type"),
                       cfd(ks, "Tags", comparator_type="AsciiType")])
    names = ["cass", "cassandra", "cassie", "casting", "cat", "caf\u00e9", "ca\u00f1on", "cb"]
    steps += [
        v19.batch_mutate({"c": {"Names": [ins(n, "", 10) for n in names]},
                          "d": {"Names": [ins("data", "", 10), ins("dax", "", 10)]},
                          "t": {"Tags": [ins("tag%d" % i, "", 10) for i in range(5)]}}),
        v19.get_slice("c", cparent("Names"), pred(start="cas", finish="cas\uffff", count=10)),
        v19.get_slice("c", cparent("Names"), pred(start="cas", finish="cas\uffff", count=2)),
        v19.get_slice("c", cparent("Names"), pred(start="cas\uffff", finish="cas", count=2,
                                                   reversed=True)),
        v19.get_slice("c", cparent("Names"), pred(start="ca", finish=b"ca\xff", count=10)),
        v19.get_slice("c", cparent("Names"), pred(start="caf", finish="caf\uffff", count=10)),
        v19.get_slice("c", cparent("Names"), pred(start=b"caf\xe9", finish="", count=10)),
        v19.multiget_slice(["c", "d"], cparent("Names"), pred(start="da", finish="da\uffff")),
        v19.get_count("c", cparent("Names"), pred(start="ca", finish="ca\uffff", count=100)),
        v19.get_slice("t", cparent("Tags"), pred(start="tag", finish="tag\x7f", count=3)),
        v19.get_slice("t", cparent("Tags"), pred(start="tag", finish=b"tag\xff", count=3)),
        v19.insert("c", cparent("Names"), column(b"ca\xc3", "", 11)),
        v19.insert("t", cparent("Tags"), column("t\u00e4g", "", 11)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- LexicalUUID queue
@sc("24_lexical_queue", "basic", "ze_lq")
def lexical_queue():
    """A work queue on Hector 0.7's LexicalUUIDType names: producers append, consumers pop the
    head (a slice of one, then a remove at QUORUM), two consumers removing the same item (both
    succeed), a pop of an empty queue, a get of a popped item (NotFound), a peek of several,
    and a queue row removed whole at a timestamp older than its newest item."""
    ks = "ze_lq"
    steps = setup(ks, [cfd(ks, "Queue", comparator_type="LexicalUUIDType",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"q1": {"Queue": [ins(lexuuid(i), "job%d" % i, 10 + i)
                                           for i in range(5)]}}, QUORUM),
        v19.get_slice("q1", cparent("Queue"), pred(start="", count=1), QUORUM),
        v19.remove("q1", cpath("Queue", col=lexuuid(0)), 20, QUORUM),
        v19.remove("q1", cpath("Queue", col=lexuuid(0)), 21, QUORUM),
        v19.get_slice("q1", cparent("Queue"), pred(start="", count=1), QUORUM),
        v19.get("q1", cpath("Queue", col=lexuuid(0))),
        v19.get_slice("q1", cparent("Queue"), pred(start=lexuuid(2), count=3)),
        v19.get_slice("empty", cparent("Queue"), pred(start="", count=1), QUORUM),
        v19.remove("q1", cpath("Queue"), 12),
        v19.get_slice("q1", cparent("Queue"), pred(start="", count=10)),
        v19.get_count("q1", cparent("Queue"), pred(start="", count=10)),
        v19.insert("q1", cparent("Queue"), column(lexuuid(9), "late", 11)),
        v19.get_slice("q1", cparent("Queue"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- UUID orders
@sc("26_uuid_orders", "types", "ze_uo")
def uuid_orders():
    """A catalogue keyed by Hector's random UUIDs: LexicalUUIDType names of version-4 UUIDs half
    of which have their top bit set (as random ones do), TimeUUIDType names sharing one time
    but differing in clock sequence and node (high bytes too), UUIDType names mixing both
    versions (0.8 on), slices between two of them, reversed pages, and counts."""
    ks = "ze_uo"
    cfs = [cfd(ks, "ByLex", comparator_type="LexicalUUIDType"),
           cfd(ks, "ByTime", comparator_type="TimeUUIDType")]
    if V08:
        cfs.append(cfd(ks, "ByAny", comparator_type="UUIDType"))
    steps = setup(ks, cfs)

    def v4(hi, lo):
        return bytes([hi, 0x11, 0x22, 0x33, 0x44, 0x55, 0x40 | (lo & 0x0f), 0x66,
                      0x80 | (lo & 0x3f), 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, lo])

    lex = [v4(0x10, 1), v4(0x90, 2), v4(0x7f, 3), v4(0xff, 4), v4(0x00, 5), v4(0x80, 6)]
    tus = [timeuuid(700, node=0x0123456789ab, clock_seq=0x1111),
           timeuuid(700, node=0xfedcba987654, clock_seq=0x1111),
           timeuuid(700, node=0x0123456789ab, clock_seq=0x3f00),
           timeuuid(699, node=0xffffffffffff, clock_seq=0x3fff),
           timeuuid(701, node=0x000000000001, clock_seq=0x0000)]
    muts = {"lex": {"ByLex": [ins(u, "L%d" % i, 10) for i, u in enumerate(lex)]},
            "time": {"ByTime": [ins(u, "T%d" % i, 10) for i, u in enumerate(tus)]}}
    if V08:
        muts["any"] = {"ByAny": [ins(u, "A%d" % i, 10) for i, u in enumerate(lex[:3] + tus[:3])]}
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("lex", cparent("ByLex"), pred(start="", count=10)),
        v19.get_slice("lex", cparent("ByLex"), pred(start=lex[4], finish=lex[0], count=10)),
        v19.get_slice("lex", cparent("ByLex"), pred(start=lex[2], finish="", count=3)),
        v19.get_slice("lex", cparent("ByLex"), pred(start="", count=2, reversed=True)),
        v19.get_slice("time", cparent("ByTime"), pred(start="", count=10)),
        v19.get_slice("time", cparent("ByTime"), pred(start=tus[0], finish=tus[2], count=10)),
        v19.get_slice("time", cparent("ByTime"), pred(start="", count=2, reversed=True)),
        v19.get_count("time", cparent("ByTime"), pred(start=tus[1], count=10)),
    ]
    if V08:
        steps += [
            v19.get_slice("any", cparent("ByAny"), pred(start="", count=10)),
            v19.get_slice("any", cparent("ByAny"), pred(start=lex[0], finish="", count=10)),
            v19.get_slice("any", cparent("ByAny"), pred(start="", count=3, reversed=True)),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- sensor readings
@sc("27_sensor_numbers", "types", "ze_sn", when=V08)
def sensor_numbers():
    """A sensor network's store of 0.8's number types: DoubleType names of temperatures (below
    zero too), FloatType and DateType names, a BooleanType flag validator, IntegerType
    names of both signs and widths, slices across zero, reversed, values of the wrong width,
    and (1.0 on) DecimalType names."""
    ks = "ze_sn"
    cfs = [cfd(ks, "Temps", comparator_type="DoubleType"),
           cfd(ks, "Floats", comparator_type="FloatType"),
           cfd(ks, "Readings", comparator_type="DateType",
               column_metadata=None),
           cfd(ks, "Flags", comparator_type="UTF8Type",
               column_metadata=[coldef("ok", "BooleanType")]),
           cfd(ks, "Ints", comparator_type="IntegerType")]
    if V10:
        cfs.append(cfd(ks, "Decs", comparator_type="DecimalType"))
    steps = setup(ks, cfs)
    temps = [-12.5, -0.0, 0.0, 3.25, -273.15, 1e10, -1e-3]
    floats = [1.5, -2.25, 0.0, 100.0, -0.5]
    dates = [1300000000000, -1000, 0, 1400000000000]
    ints = [b"\x00\xff", b"\xff", b"\x7f", b"\x80", b"\xff\x00", b"\x00\x00\x01", b"", b"\x01"]
    muts = {"s1": {"Temps": [ins(struct.pack(">d", t), "%r" % t, 10) for t in temps],
                   "Floats": [ins(struct.pack(">f", f), "%r" % f, 10) for f in floats],
                   "Readings": [ins(long_(d), "d%d" % i, 10) for i, d in enumerate(dates)],
                   "Flags": [ins("ok", b"\x01", 10)],
                   "Ints": [ins(n, "i%d" % i, 10) for i, n in enumerate(ints) if n]}}
    if V10:
        def dec(scale, unscaled):
            return struct.pack(">i", scale) + unscaled
        muts["s1"]["Decs"] = [ins(dec(2, b"\x04\xd2"), "12.34", 10),
                              ins(dec(0, b"\xff"), "-1", 10), ins(dec(1, b"\x05"), "0.5", 10)]
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("s1", cparent("Temps"), pred(start="", count=20)),
        v19.get_slice("s1", cparent("Temps"), pred(start=struct.pack(">d", -20.0),
                                                   finish=struct.pack(">d", 0.0), count=20)),
        v19.get_slice("s1", cparent("Temps"), pred(start="", count=2, reversed=True)),
        v19.get_slice("s1", cparent("Floats"), pred(start="", count=20)),
        v19.get_slice("s1", cparent("Readings"), pred(start="", count=20)),
        v19.get_slice("s1", cparent("Readings"), pred(start=long_(-1), finish=long_(1),
                                                      count=20)),
        v19.get_slice("s1", cparent("Ints"), pred(start="", count=20)),
        v19.get_slice("s1", cparent("Ints"), pred(start=b"\xff", finish=b"\x01", count=20)),
        v19.insert("s1", cparent("Temps"), column(struct.pack(">f", 1.0), "x", 11)),
        v19.insert("s1", cparent("Floats"), column(struct.pack(">d", 1.0), "x", 11)),
        v19.insert("s1", cparent("Readings"), column(int32(5), "x", 11)),
        v19.insert("s1", cparent("Flags"), column("ok", b"\x00\x01", 11)),
        v19.insert("s1", cparent("Flags"), column("ok", b"\x02", 11)),
        v19.get_slice("s1", cparent("Flags"), pred(start="", count=20)),
    ]
    if V10:
        steps += [v19.get_slice("s1", cparent("Decs"), pred(start="", count=20)),
                  v19.insert("s1", cparent("Decs"), column(b"\x00\x00", "x", 11)),
                  v19.set_keyspace(ks)]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- CQL 2 admin app
@sc("28_cql2_ops", "cql", "ze_co2", when=V08)
def cql2_ops():
    """An admin dashboard speaking CQL 2 through the cql driver: counters incremented by
    UPDATE .. SET n = n + 1, reads USING CONSISTENCY, writes USING TTL, a KEY range SELECT
    (with RandomPartitioner, in token order), LIMIT, FIRST 0, a SELECT of the KEY alone,
    ALTER COLUMNFAMILY (1.0 on) and DROP INDEX (1.0 on), an index made on a column not
    declared, comments in a statement (a `--` one ending the text), and the statements it got
    wrong; counters are read back by get_slice (a CQL 2 SELECT gives the node's timestamps)."""
    ks = "ze_co2"
    steps = [
        v19.describe_keyspace(ks),
        cql("CREATE KEYSPACE ze_co2 WITH strategy_class = 'SimpleStrategy' "
            "AND strategy_options:replication_factor = 1"),
        cql("USE ze_co2"),
        cql("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH comparator = ascii "
            "AND default_validation = counter"),
        cql("CREATE COLUMNFAMILY hosts (KEY varchar PRIMARY KEY, ip varchar, rack varchar) "
            "WITH comparator = ascii AND default_validation = varchar"),
        cql("UPDATE hits SET n = n + 1, m = m + 5 WHERE KEY = 'home'"),
        cql("UPDATE hits SET n = n + 2 WHERE KEY = 'home'"),
        cql("UPDATE hits SET n = n - 1 WHERE KEY = 'about'"),
        v19.get_slice("home", cparent("hits"), pred(start="", count=10)),
        cql("UPDATE hits SET n = 5 WHERE KEY = 'home'"),
        cql("UPDATE hits SET n = m + 1 WHERE KEY = 'home'"),
    ]
    # the index is made before its rows (a build of existing rows runs in the background)
    steps += [cql("CREATE INDEX hosts_rack ON hosts (rack)"),
              cql("CREATE INDEX ON hosts (dc)")]
    for i in range(6):
        steps.append(cql("INSERT INTO hosts (KEY, ip, rack) VALUES ('h%d', '10.0.0.%d', 'r%d') "
                         "USING TIMESTAMP %d" % (i, i, i % 2, T)))
    steps += [
        cql("SELECT ip FROM hosts USING CONSISTENCY QUORUM WHERE KEY = 'h1'"),
        cql("SELECT ip FROM hosts USING CONSISTENCY ANY WHERE KEY = 'h1'"),
        cql("INSERT INTO hosts (KEY, ip) VALUES ('tmp', '1.1.1.1') USING TTL 3600 "
            "AND TIMESTAMP %d" % T),
        cql("SELECT * FROM hosts WHERE KEY > 'h2' AND KEY < 'h5'"),
        cql("SELECT ip FROM hosts LIMIT 2"),
        cql("SELECT FIRST 0 ip FROM hosts WHERE KEY = 'h1'"),
        cql("SELECT KEY FROM hosts WHERE KEY = 'h1'"),
        cql("SELECT ip /* the address */ FROM hosts WHERE KEY = 'h2' -- a comment"),
        cql("SELECT ip FROM hosts WHERE rack = 'r1'"),
        cql("SELECT ip FROM hosts WHERE rack = 'r1' AND KEY > 'h1'"),
    ]
    if V10:
        steps += [
            cql("ALTER COLUMNFAMILY hosts ADD os varchar"),
            cql("ALTER COLUMNFAMILY hosts ALTER ip TYPE ascii"),
            cql("ALTER COLUMNFAMILY hosts DROP rack"),
            cql("DROP INDEX hosts_rack"),
            cql("ALTER COLUMNFAMILY hosts DROP rack"),
            cql("DROP INDEX hosts_rack"),
        ]
    steps += [
        cql("DELETE FROM hits WHERE KEY = 'home'"),
        v19.get_slice("home", cparent("hits"), pred(start="", count=10)),
        cql("SELECT * FROM hosts WHERE KEY = 'h1' AND ip = '10.0.0.1'"),
        cql("UPDATE hosts SET ip = '1' WHERE rack = 'r1'"),
        cql("SELECT COUNT(ip) FROM hosts WHERE KEY = 'h1'"),
        cql("DROP KEYSPACE ze_co2"),
    ]
    return steps


# --------------------------------------------------------------------------- storage options
@sc("29_storage_options", "schema", "ze_so", when=V10)
def storage_options():
    """A DBA's schema script of 1.0's storage options: compression by short and full class
    names with chunk lengths (one not a power of two, one of a class that does not exist),
    LeveledCompactionStrategy with its sstable size (and by short name), a bloom filter chance
    out of range, thresholds reversed, and describe_keyspace of what was taken.  (A SizeTiered
    `min_sstable_size` that is no number is left out: 1.0 and 1.1 took it into the schema and
    then failed to open the column family's store, leaving a keyspace they could not drop.)"""
    ks = "ze_so"
    steps = setup(ks, [])
    comp = "org.apache.cassandra.db.compaction."
    adds = [
        ("Snappy", dict(compression_options={"sstable_compression": "SnappyCompressor",
                                             "chunk_length_kb": "64"})),
        ("Deflate", dict(compression_options={
            "sstable_compression": "org.apache.cassandra.io.compress.DeflateCompressor",
            "chunk_length_kb": "32"})),
        ("OddChunk", dict(compression_options={"sstable_compression": "SnappyCompressor",
                                               "chunk_length_kb": "48"})),
        ("NoSuch", dict(compression_options={"sstable_compression": "LZ4Compressor"})),
        ("Leveled", dict(compaction_strategy=comp + "LeveledCompactionStrategy",
                         compaction_strategy_options={"sstable_size_in_mb": "10"})),
        ("LeveledShort", dict(compaction_strategy="LeveledCompactionStrategy")),
        ("Bloom", dict(bloom_filter_fp_chance=1.5)),
        ("Thresholds", dict(min_compaction_threshold=40, max_compaction_threshold=8)),
    ]
    for name, opts in adds:
        steps.append(v19.system_add_column_family(cfd(ks, name, comparator_type="UTF8Type",
                                                      **opts)))
    steps += [
        v19.describe_keyspace(ks),
        v19.insert("k", cparent("Snappy"), column("c", "v", 10)),
        v19.get_slice("k", cparent("Snappy"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 3 beta, more
@sc("30_cql3_beta_store", "cql", "ze_c4", when=V11)
def cql3_beta_store():
    """An online store's first CQL 3 tables on 1.1's beta: a COMPACT STORAGE table of two
    clustering columns, a counter table, ALTER TABLE ADD, an index made with CREATE INDEX,
    token() paging, writetime() and ttl(), a BATCH, IN on a clustering column, a partition
    deleted whole, and the forms the beta refused; the counter is read back by get_slice (a
    CQL SELECT gives the node's timestamps)."""
    ks = "ze_c4"
    steps = [
        v19.set_cql_version("3.0.0"),
        cql("CREATE KEYSPACE ze_c4 WITH strategy_class = SimpleStrategy "
            "AND strategy_options:replication_factor = 1"),
        cql("USE ze_c4"),
        cql("CREATE TABLE orders (customer varchar, day int, seq int, total bigint, "
            "PRIMARY KEY (customer, day, seq)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE stock (sku varchar PRIMARY KEY, qty int, name varchar)"),
        cql("CREATE TABLE views (sku varchar PRIMARY KEY, n counter)"),
    ]
    for c, d, s_, t in [("ann", 1, 1, 10), ("ann", 1, 2, 20), ("ann", 2, 1, 30), ("bob", 1, 1, 5)]:
        steps.append(cql("INSERT INTO orders (customer, day, seq, total) VALUES ('%s', %d, %d, %d) "
                         "USING TIMESTAMP %d" % (c, d, s_, t, T)))
    steps += [
        cql("BEGIN BATCH USING TIMESTAMP %d INSERT INTO stock (sku, qty, name) VALUES "
            "('s1', 5, 'mug') INSERT INTO stock (sku, qty, name) VALUES ('s2', 0, 'pot') "
            "APPLY BATCH" % T),
        cql("INSERT INTO stock (sku, qty, name) VALUES ('s3', 9, 'cup') USING TIMESTAMP %d "
            "AND TTL 86400" % T),
        cql("UPDATE views SET n = n + 3 WHERE sku = 's1'"),
        cql("SELECT * FROM orders WHERE customer = 'ann'"),
        cql("SELECT * FROM orders WHERE customer = 'ann' AND day = 1"),
        cql("SELECT total FROM orders WHERE customer = 'ann' AND day = 1 AND seq > 1"),
        cql("SELECT * FROM orders WHERE customer = 'ann' AND day IN (1, 2)"),
        cql("SELECT * FROM orders WHERE customer = 'ann' AND seq = 1"),
        cql("SELECT sku, writetime(qty) FROM stock WHERE sku = 's1'"),
        cql("SELECT sku, ttl(name) FROM stock WHERE sku = 's1'"),
        cql("SELECT sku FROM stock WHERE token(sku) > token('s1')"),
        v19.get_slice("s1", cparent("views"), pred(start="", count=10)),
        cql("ALTER TABLE stock ADD price bigint"),
        cql("CREATE INDEX ON stock (name)"),
        cql("SELECT sku FROM stock WHERE name = 'pot'"),
        cql("SELECT sku FROM stock WHERE qty > 1"),
        cql("DELETE FROM orders USING TIMESTAMP %d WHERE customer = 'bob'" % (T + 1)),
        cql("SELECT * FROM orders WHERE customer = 'bob'"),
        cql("UPDATE views SET n = 1 WHERE sku = 's1'"),
        cql("INSERT INTO orders (customer, day, total) VALUES ('x', 1, 1)"),
        v19.describe_keyspace(ks),
        cql("DROP KEYSPACE ze_c4"),
    ]
    return steps
