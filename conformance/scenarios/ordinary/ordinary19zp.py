"""Ordinary API 19 traffic of applications written for 1.2.9, 1.2.19, 2.0.17, 2.1.22 and 2.2.19
(author zp).

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Astyanax's ShardedDistributedMessageQueue (shard rows of CompositeType(priority,
    TimeUUID, name) messages, peeks by bounds, pops under a TTL'd lock at QUORUM, shard
    sizes by multiget_count, queue metadata)
  * an akka-persistence-style event journal in CQL 3 (a COMPACT STORAGE table of
    ((id, partition), sequence, marker), prepared writes and range replays, the highest
    sequence read newest first, deletion markers, snapshots)
  * a geo lookup of places bucketed by geohash cell, read with IN on the partition key
    (literal and prepared, with LIMIT, ORDER BY and counts)
  * a Django app on cqlengine 0.x over the `cql` dbapi (sync_table reading the schema
    tables, quoted names, a column added, filters, set updates, deletes)
  * Usergrid 1.0's entity store on Hector (UUID-keyed property rows, id sets of UUIDType
    names, CompositeType(name, UUID) index rows, application counters)
  * Priam's backup metadata (a row per day of files with sizes, TTLs, a lock column at
    QUORUM, day rows fetched together and purged)
  * Twissandra's CQL 3 port (users, followers, tweets, userline and timeline of timeuuid
    clustering newest first, pages by minTimeuuid/maxTimeuuid and the last id)
  * Rackspace's node-cassandra-client (set_cql_version, CQL 3 through execute_cql_query,
    values substituted client-side)
  * a Dropwizard Metrics reporter (prepared inserts with bound TTL and timestamp on 2.0,
    literal TTLs on 1.2, gauges, counters and timer maps read newest first)
  * an API rate limiter (counters per minute, a token bucket on conditional UPDATEs from 2.0)
  * cassandra-cli 1.2 run by an operator (create keyspace with its default placement,
    an index added by update column family, set/get/list/count/del/incr, get ... where)
  * an ad server's frequency capping (TTL'd impressions of LongType names counted by
    slices, counters per campaign, multiget counts)
  * Hector's VirtualKeyspace (tenant-prefixed keys, multigets, keys-only scans)
  * sensor readings in month buckets with clustering DESC (timestamp literals of several
    shapes, prepared 8-byte binds, ranges and LIMIT)
  * a newcomer's mistakes over Thrift and CQL 3 (unknown columns and families, missing key
    parts, wrong bind counts and widths, a level a read cannot take, later-IDL fields)
  * Astyanax's DDL (a keyspace described before it exists, families made with compaction
    and compression options, updated, dropped)
  * threaded comments paged by (posted, id) in CQL 3 (multi-column slices from 2.0.6)
  * an e-commerce checkout's atomic_batch_mutate over three families, counters beside it
  * CQL 3 batches of a checkout (logged, unlogged, counter, with timestamps and mistakes)
Writes are deterministic: Thrift timestamps relative, CQL writes read back through Thrift or
writetime() carry USING TIMESTAMP, time-based UUIDs are fixed.
"""
import os
import struct
import sys
import uuid as _uuid

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import dsl as D  # noqa: E402
from dsl import (v19, column, cparent, cpath, pred, key_range, mutation, deletion,  # noqa: E402
                 ins, index_clause, index_expr, cosc, counter_column)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "2.0.17")

import kit  # noqa: E402
from kit import (exe, i32b, i64b, ks_cql, prep, comp)  # noqa: E402
from kit import cql3 as cql  # noqa: E402
from dsl import QUORUM, ANY, ALL  # noqa: E402
from kit import LOCAL_ONE  # noqa: E402

REL = kit.release()
VER = tuple(int(x) for x in REL.split("."))
LOCAL_QUORUM = D.LOCAL_QUORUM
MIN_TOKEN = kit.MIN_TOKEN
EQ, GTE, GT = D.EQ, D.GTE, D.GT

sc = kit.registrar("zp_")


def all_cols(count=100, reversed_=False):
    return pred(start="", finish="", count=count, reversed=reversed_)


def everything(count=100):
    return key_range(start_key="", end_key="", count=count)


def new_ks(ks, cfs, **kw):
    return [v19.system_add_keyspace(kit.ksd(ks, cfs, **kw)), v19.set_keyspace(ks)]


def tu(n):
    """A fixed version-1 UUID (its bytes)."""
    return D.timeuuid(n)


def tus(n):
    """The same UUID as CQL text."""
    return str(_uuid.UUID(bytes=D.timeuuid(n)))


def u4(n):
    """A fixed version-4 UUID (its bytes)."""
    return D.lexuuid(n)


def utf8_cf(ks, name, **kw):
    base = dict(comparator_type="UTF8Type", key_validation_class="UTF8Type",
                default_validation_class="UTF8Type")
    base.update(kw)
    return kit.cfd(ks, name, **base)


def dbl(x):
    return struct.pack(">d", x)


# ---------------------------------------------------------------- Astyanax message queue
@sc("message_queue", "thrift", "zp_mq")
def message_queue():
    """Astyanax's ShardedDistributedMessageQueue: the queue's metadata row written at
    creation and read by each consumer, messages spread over shard rows as
    CompositeType(priority, TimeUUID, name) columns, a shard peeked up to a time by an
    end-of-component bound, a message popped by a TTL'd lock column at QUORUM then deleted
    with it in one batch, shard sizes by multiget_count, an ack of a message already gone,
    and a peek with a bound of the wrong shape."""
    ks = "zp_mq"
    cmp_ = "CompositeType(LongType,TimeUUIDType,UTF8Type)"
    cfs = [kit.cfd(ks, "Queue_queue", comparator_type=cmp_, key_validation_class="UTF8Type",
                   default_validation_class="BytesType", gc_grace_seconds=0),
           utf8_cf(ks, "Queue_metadata")]
    steps = kit.connect() + [v19.describe_keyspace(ks)] + new_ks(ks, cfs)
    q = cparent("Queue_queue")
    shards = ["orders:%d:%d" % (0, s) for s in range(3)]
    steps.append(v19.insert("orders", cparent("Queue_metadata"),
                            column("settings", '{"shards":3,"retention":86400}', 10)))
    muts = {}
    for i in range(1, 7):
        muts.setdefault(shards[i % 3], {"Queue_queue": []})["Queue_queue"].append(
            ins(comp(i % 2, tu(i), "m%d" % i), b'{"order":%d}' % i, 10, ttl=86400))
    steps += [
        v19.get_slice("orders", cparent("Queue_metadata"), all_cols()),
        v19.batch_mutate(muts, cl=QUORUM),
        v19.get_slice(shards[1], q, pred(start="", finish=comp(0, tu(9), eoc=1), count=2)),
        v19.get_slice(shards[1], q, all_cols(10)),
        v19.batch_mutate({shards[1]: {"Queue_queue": [
            ins(comp(0, tu(4), "lock"), "worker-1", 11, ttl=30)]}}, cl=QUORUM),
        v19.get_slice(shards[1], q, pred(start=comp(0, tu(4), eoc=0), finish=comp(0, tu(4),
                                                                              eoc=1)),
                      cl=QUORUM),
        v19.batch_mutate({shards[1]: {"Queue_queue": [
            kit.dele([comp(0, tu(4), "m4"), comp(0, tu(4), "lock")], 12)]}}, cl=QUORUM),
        v19.multiget_count(shards, q, all_cols(1000)),
        v19.multiget_slice(shards, q, pred(start="", finish="", count=1)),
        v19.remove(shards[1], cpath("Queue_queue", col=comp(0, tu(4), "m4")), 13),
        v19.get_slice(shards[0], q, pred(start=i64b(1), finish="")),
        v19.get_slice(shards[2], q, pred(start=comp(1), finish="", reversed=True)),
    ]
    return steps


# ---------------------------------------------------------------- event journal
@sc("event_journal", "cql3", "zp_journal")
def event_journal():
    """An akka-persistence-style event journal in CQL 3: a COMPACT STORAGE messages table
    of ((processor_id, partition_nr), sequence_nr, marker), events written by a prepared
    INSERT with bigint binds, a replay of a sequence range with LIMIT, the highest sequence
    read newest first, a deletion marker inserted then the event deleted by its full key,
    a delete of a whole sequence (missing the marker), snapshots read newest first, and the
    config row claimed IF NOT EXISTS (2.0 on)."""
    ks = "zp_journal"
    ins_q = ("INSERT INTO messages (processor_id, partition_nr, sequence_nr, marker, message) "
             "VALUES (?, ?, ?, ?, ?)")
    rep_q = ("SELECT * FROM messages WHERE processor_id = ? AND partition_nr = ? AND "
             "sequence_nr >= ? AND sequence_nr <= ? LIMIT 3")
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE messages (processor_id text, partition_nr bigint, sequence_nr bigint, "
            "marker text, message blob, PRIMARY KEY ((processor_id, partition_nr), "
            "sequence_nr, marker)) WITH COMPACT STORAGE"),
        cql("CREATE TABLE snapshots (processor_id text, sequence_nr bigint, timestamp bigint, "
            "snapshot blob, PRIMARY KEY (processor_id, sequence_nr)) WITH CLUSTERING ORDER BY "
            "(sequence_nr DESC)"),
        cql("CREATE TABLE config (property text PRIMARY KEY, value text)"),
        prep(ins_q),
    ]
    for n in range(1, 6):
        steps.append(exe(ks, ins_q, ["p-1", i64b(0), i64b(n), "A", b"\xca\xfe" + bytes([n])],
                         cl=QUORUM))
    steps += [
        prep(rep_q),
        exe(ks, rep_q, ["p-1", i64b(0), i64b(1), i64b(9)]),
        exe(ks, rep_q, ["p-1", i64b(0), i64b(4), i64b(9)]),
        cql("SELECT sequence_nr FROM messages WHERE processor_id = 'p-1' AND partition_nr = 0 "
            "ORDER BY sequence_nr DESC LIMIT 1"),
        exe(ks, ins_q, ["p-1", i64b(0), i64b(2), "B", b""]),
        cql("SELECT sequence_nr, marker FROM messages WHERE processor_id = 'p-1' AND "
            "partition_nr = 0 AND sequence_nr = 2"),
        cql("DELETE FROM messages WHERE processor_id = 'p-1' AND partition_nr = 0 AND "
            "sequence_nr = 1 AND marker = 'A'"),
        cql("DELETE FROM messages WHERE processor_id = 'p-1' AND partition_nr = 0 AND "
            "sequence_nr = 3"),
        cql("SELECT sequence_nr, marker FROM messages WHERE processor_id = 'p-1' AND "
            "partition_nr = 0"),
        cql("INSERT INTO snapshots (processor_id, sequence_nr, timestamp, snapshot) VALUES "
            "('p-1', 2, 1385000000000, 0x01)"),
        cql("INSERT INTO snapshots (processor_id, sequence_nr, timestamp, snapshot) VALUES "
            "('p-1', 4, 1385000001000, 0x02)"),
        cql("SELECT sequence_nr, timestamp FROM snapshots WHERE processor_id = 'p-1' AND "
            "sequence_nr <= 3 LIMIT 1"),
        cql("SELECT sequence_nr FROM snapshots WHERE processor_id = 'p-1' ORDER BY "
            "sequence_nr ASC"),
        exe(ks, ins_q, ["p-1", i64b(0), i32b(6), "A", b"\x00"]),
    ]
    if VER >= (2, 0):
        steps += [
            cql("INSERT INTO config (property, value) VALUES ('target-partition-size', "
                "'500000') IF NOT EXISTS"),
            cql("INSERT INTO config (property, value) VALUES ('target-partition-size', "
                "'100') IF NOT EXISTS"),
        ]
    steps.append(cql("SELECT * FROM config"))
    return steps


# ---------------------------------------------------------------- geo buckets
@sc("geo_buckets", "cql3", "zp_geo")
def geo_buckets():
    """A geo lookup keeping places in tables bucketed by geohash cell: a search reads the
    cell and its neighbours with IN on the partition key (literal, with LIMIT, with a
    clustering restriction, counted, with ORDER BY on the clustering column, with a cell
    given twice), a prepared IN of three binds and (2.0 on) an IN bound as one list, a place
    moved between cells, and an IN on a column that is not the key."""
    ks = "zp_geo"
    places = [("9q8yy", "cafe", 37.77, -122.41, "food"), ("9q8yy", "library", 37.78, -122.42,
                                                           "books"),
              ("9q8yz", "park", 37.76, -122.40, "outdoor"), ("9q8yz", "bakery", 37.77, -122.40,
                                                             "food"),
              ("9q8yv", "museum", 37.79, -122.43, "art")]
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE places_by_cell (cell text, name text, lat double, lon double, "
            "kind text, PRIMARY KEY (cell, name))"),
    ]
    for c, n, la, lo, k in places:
        steps.append(cql("INSERT INTO places_by_cell (cell, name, lat, lon, kind) VALUES "
                         "('%s', '%s', %s, %s, '%s')" % (c, n, la, lo, k)))
    in3 = "cell IN ('9q8yy', '9q8yz', '9q8yw')"
    pq = "SELECT name, lat, lon FROM places_by_cell WHERE cell IN (?, ?, ?)"
    steps += [
        cql("SELECT cell, name, kind FROM places_by_cell WHERE " + in3),
        cql("SELECT name FROM places_by_cell WHERE " + in3 + " LIMIT 3"),
        cql("SELECT name, kind FROM places_by_cell WHERE " + in3 + " AND name > 'c'"),
        cql("SELECT COUNT(*) FROM places_by_cell WHERE " + in3),
        cql("SELECT name FROM places_by_cell WHERE " + in3 + " ORDER BY name DESC"),
        cql("SELECT name FROM places_by_cell WHERE cell IN ('9q8yz', '9q8yz')"),
        prep(pq),
        exe(ks, pq, ["9q8yy", "9q8yv", "9q8yx"]),
        exe(ks, pq, ["9q8yy", "9q8yv"]),
        cql("BEGIN BATCH DELETE FROM places_by_cell WHERE cell = '9q8yv' AND name = 'museum' "
            "INSERT INTO places_by_cell (cell, name, lat, lon, kind) VALUES ('9q8yy', "
            "'museum', 37.78, -122.41, 'art') APPLY BATCH"),
        cql("SELECT cell, name FROM places_by_cell WHERE cell IN ('9q8yy', '9q8yv') AND "
            "name = 'museum'"),
        cql("SELECT name FROM places_by_cell WHERE kind IN ('food', 'art')"),
        cql("SELECT name FROM places_by_cell WHERE cell IN ()"),
    ]
    if VER >= (2, 0):
        lq = "SELECT cell, name FROM places_by_cell WHERE cell IN ?"
        steps += [prep(lq), exe(ks, lq, [kit.coll(["9q8yz", "9q8yv"])])]
    return steps


# ---------------------------------------------------------------- cqlengine
@sc("cqlengine_models", "cql3", "zp_cqle")
def cqlengine_models():
    """A Django app on cqlengine 0.x (over the `cql` dbapi and Thrift): the keyspace made by
    create_keyspace, sync_table looking its table up in the schema tables, the table made
    with quoted names, a later field added by ALTER TABLE after reading schema_columns, an
    index on an author field, objects saved, fetched by get(), filtered with LIMIT 10000,
    counted, a set field updated by `+`, a TTL'd save, a delete, and a filter on a field
    that is not indexed."""
    ks = "zp_cqle"
    t = "%s.blog_post" % ks
    steps = [
        cql("SELECT keyspace_name FROM system.schema_keyspaces"),
        cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
            "'replication_factor': 1}" % ks),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies WHERE "
            "keyspace_name = '%s'" % ks),
        cql('CREATE TABLE %s ("id" uuid, "title" text, "author" text, "tags" set<text>, '
            'PRIMARY KEY ("id"))' % t),
        cql("SELECT column_name FROM system.schema_columns WHERE keyspace_name = '%s' AND "
            "columnfamily_name = 'blog_post'" % ks),
        cql('ALTER TABLE %s ADD "published" timestamp' % t),
        cql('CREATE INDEX index_blog_post_author ON %s ("author")' % t),
    ]
    posts = [(1, "Hello", "ann", "{'intro'}", "'2013-11-20 10:00:00+0000'"),
             (2, "Models", "bob", "{'python', 'cql'}", "'2013-11-21 10:00:00+0000'"),
             (3, "Queries", "ann", "{'cql'}", "null")]
    for n, ti, au, tg, pub in posts:
        steps.append(cql('INSERT INTO %s ("id", "title", "author", "tags", "published") VALUES '
                         "(%s, '%s', '%s', %s, %s)" % (t, tus(n), ti, au, tg, pub)))
    steps += [
        cql('SELECT * FROM %s WHERE "id" = %s LIMIT 2' % (t, tus(2))),
        cql('SELECT * FROM %s WHERE "author" = \'ann\' LIMIT 10000' % t),
        cql('SELECT COUNT(*) FROM %s WHERE "author" = \'ann\'' % t),
        cql('UPDATE %s SET "tags" = "tags" + {\'howto\'} WHERE "id" = %s' % (t, tus(1))),
        cql('UPDATE %s SET "tags" = "tags" - {\'intro\'}, "title" = \'Hi\' WHERE "id" = %s'
            % (t, tus(1))),
        cql('SELECT "title", "tags" FROM %s WHERE "id" = %s' % (t, tus(1))),
        cql('INSERT INTO %s ("id", "title", "author") VALUES (%s, \'Draft\', \'cyd\') '
            'USING TTL 86400' % (t, tus(4))),
        cql('SELECT "title", TTL("title") FROM %s WHERE "id" = %s' % (t, tus(4))),
        cql('DELETE FROM %s WHERE "id" = %s' % (t, tus(3))),
        cql('SELECT "id", "title" FROM %s LIMIT 10000' % t),
        cql('SELECT * FROM %s WHERE "title" = \'Hello\' LIMIT 10000' % t),
        cql('SELECT * FROM %s WHERE "id" = \'1\'' % t),
    ]
    return steps


# ---------------------------------------------------------------- Usergrid entities
@sc("usergrid_entities", "thrift", "zp_ug")
def usergrid_entities():
    """Usergrid 1.0's entity store on Hector: entity property rows under UUID keys (typed
    values as bytes), an application's collection id set of UUIDType names read in pages,
    a CompositeType(UTF8Type, UUIDType) index row read by a name prefix, entities fetched
    together, counters of the application's entity counts, an entity deleted from its
    rows in one batch, and an id set name that is not a UUID."""
    ks = "zp_ug"
    cfs = [kit.cfd(ks, "Entity_Properties", comparator_type="UTF8Type",
                   key_validation_class="UUIDType", default_validation_class="BytesType"),
           kit.cfd(ks, "Entity_Id_Sets", comparator_type="UUIDType",
                   key_validation_class="BytesType", default_validation_class="BytesType"),
           kit.cfd(ks, "Entity_Index_Entries",
                   comparator_type="CompositeType(UTF8Type,UUIDType)",
                   key_validation_class="BytesType", default_validation_class="BytesType"),
           kit.cfd(ks, "Entity_Counters", default_validation_class="CounterColumnType",
                   comparator_type="UTF8Type", key_validation_class="BytesType")]
    steps = kit.connect() + new_ks(ks, cfs)
    users = [("ann", 1), ("bob", 2), ("amy", 3), ("cyd", 4)]
    app = u4(100)
    m = {}
    for name, n in users:
        m[u4(n)] = {"Entity_Properties": [ins("type", "user", 10), ins("username", name, 10),
                                          ins("created", i64b(1385000000000 + n), 10)]}
    m[app + b"users"] = {"Entity_Id_Sets": [ins(u4(n), b"", 10) for _, n in users]}
    m[app + b"users:username"] = {"Entity_Index_Entries": [ins(comp(name, u4(n)), b"", 10)
                                                           for name, n in users]}
    ctr = cparent("Entity_Counters")
    steps += [
        v19.batch_mutate(m),
        v19.add(app, ctr, counter_column("application.collection.users", 4)),
        v19.get_slice(app + b"users", cparent("Entity_Id_Sets"), all_cols(2)),
        v19.get_slice(app + b"users", cparent("Entity_Id_Sets"), pred(start=u4(2), finish="",
                                                                       count=3)),
        v19.get_slice(app + b"users:username", cparent("Entity_Index_Entries"),
                      pred(start=comp("a"), finish=comp("a", eoc=1))),
        v19.multiget_slice([u4(1), u4(3), u4(9)], cparent("Entity_Properties"), all_cols()),
        v19.batch_mutate({u4(2): {"Entity_Properties": [kit.dele(None, 11)]},
                          app + b"users": {"Entity_Id_Sets": [kit.dele([u4(2)], 11)]},
                          app + b"users:username": {"Entity_Index_Entries": [
                              kit.dele([comp("bob", u4(2))], 11)]}}),
        v19.add(app, ctr, counter_column("application.collection.users", -1)),
        v19.get_slice(app, ctr, all_cols()),
        v19.get_count(app + b"users", cparent("Entity_Id_Sets"), all_cols()),
        v19.insert(app + b"users", cparent("Entity_Id_Sets"), column("not-a-uuid", b"", 12)),
        v19.get(u4(1), cpath("Entity_Properties", col="username")),
    ]
    return steps


# ---------------------------------------------------------------- Priam backups
@sc("priam_backups", "thrift", "zp_priam")
def priam_backups():
    """Priam's backup metadata: a row per (token, day) of the files a snapshot uploaded
    (UTF8Type names, JSON sizes, a 30-day TTL), a lock column taken at QUORUM before an
    upload, the days of a restore fetched together, the files of a day paged by name, a
    day's row purged, and a multiget at LOCAL_QUORUM."""
    ks = "zp_priam"
    cfs = [utf8_cf(ks, "backup_meta"), utf8_cf(ks, "locks")]
    steps = new_ks(ks, cfs)
    days = ["20131120", "20131121", "20131122"]
    files = ["SNAP-users-ic-%d-Data.db" % i for i in range(1, 5)]
    steps += [
        v19.insert("tok1", cparent("locks"), column("backup", "i-0a1b", 10, ttl=600),
                   cl=QUORUM),
        v19.get_slice("tok1", cparent("locks"), all_cols(), cl=QUORUM),
        v19.batch_mutate({"tok1:" + d: {"backup_meta": [
            ins(f, '{"size":%d}' % (100 * (i + 1)), 10, ttl=2592000)
            for i, f in enumerate(files)]} for d in days}),
        v19.multiget_slice(["tok1:" + d for d in days], cparent("backup_meta"),
                           pred(names=[files[0], files[3]])),
        v19.get_slice("tok1:" + days[1], cparent("backup_meta"), all_cols(2)),
        v19.get_slice("tok1:" + days[1], cparent("backup_meta"),
                      pred(start=files[1], finish="", count=2)),
        v19.remove("tok1:" + days[0], cpath("backup_meta"), 11),
        v19.multiget_count(["tok1:" + d for d in days], cparent("backup_meta"), all_cols()),
        v19.remove("tok1", cpath("locks", col="backup"), 12, cl=QUORUM),
        v19.multiget_slice(["tok1:" + days[2]], cparent("backup_meta"), all_cols(1),
                           cl=LOCAL_QUORUM),
    ]
    return steps


# ---------------------------------------------------------------- Twissandra CQL 3
@sc("twissandra", "cql3", "zp_twiss")
def twissandra():
    """Twissandra's CQL 3 port: users, friends and followers tables, tweets by uuid, the
    userline and timeline tables of timeuuid clustering kept newest first, a tweet posted by
    a batch to the author's userline and each follower's timeline, a timeline read newest
    first and its next page from the last id seen, a window by minTimeuuid/maxTimeuuid,
    dateOf() of the ids, a friend removed, and a page bound compared with a text date."""
    ks = "zp_twiss"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE users (username text PRIMARY KEY, password text)"),
        cql("CREATE TABLE friends (username text, friend text, since timestamp, "
            "PRIMARY KEY (username, friend))"),
        cql("CREATE TABLE followers (username text, follower text, since timestamp, "
            "PRIMARY KEY (username, follower))"),
        cql("CREATE TABLE tweets (tweet_id uuid PRIMARY KEY, username text, body text)"),
        cql("CREATE TABLE userline (username text, time timeuuid, tweet_id uuid, "
            "PRIMARY KEY (username, time)) WITH CLUSTERING ORDER BY (time DESC)"),
        cql("CREATE TABLE timeline (username text, time timeuuid, tweet_id uuid, "
            "PRIMARY KEY (username, time)) WITH CLUSTERING ORDER BY (time DESC)"),
        cql("INSERT INTO users (username, password) VALUES ('ann', 'x')"),
        cql("INSERT INTO users (username, password) VALUES ('bob', 'y')"),
        cql("INSERT INTO friends (username, friend, since) VALUES ('bob', 'ann', "
            "'2013-11-01 00:00:00+0000')"),
        cql("INSERT INTO followers (username, follower, since) VALUES ('ann', 'bob', "
            "'2013-11-01 00:00:00+0000')"),
        cql("SELECT follower FROM followers WHERE username = 'ann'"),
    ]
    for i in range(1, 5):
        steps.append(cql(
            "BEGIN BATCH INSERT INTO tweets (tweet_id, username, body) VALUES (%s, 'ann', "
            "'tweet %d') INSERT INTO userline (username, time, tweet_id) VALUES ('ann', %s, %s) "
            "INSERT INTO timeline (username, time, tweet_id) VALUES ('bob', %s, %s) APPLY BATCH"
            % (tus(100 + i), i, tus(i), tus(100 + i), tus(i), tus(100 + i))))
    steps += [
        cql("SELECT time, tweet_id FROM timeline WHERE username = 'bob' LIMIT 2"),
        cql("SELECT time, tweet_id FROM timeline WHERE username = 'bob' AND time < %s "
            "LIMIT 2" % tus(3)),
        cql("SELECT body FROM tweets WHERE tweet_id IN (%s, %s)" % (tus(104), tus(103))),
        cql("SELECT dateOf(time), tweet_id FROM userline WHERE username = 'ann' LIMIT 1"),
        cql("SELECT time FROM userline WHERE username = 'ann' AND time > "
            "minTimeuuid('1970-01-01 00:00:00+0000') AND time < maxTimeuuid('2100-01-01 "
            "00:00:00+0000')"),
        cql("SELECT time FROM timeline WHERE username = 'bob' ORDER BY time ASC LIMIT 1"),
        cql("DELETE FROM friends WHERE username = 'bob' AND friend = 'ann'"),
        cql("SELECT friend FROM friends WHERE username = 'bob'"),
        cql("SELECT time FROM timeline WHERE username = 'bob' AND time < '2013-11-20'"),
        cql("SELECT * FROM users WHERE username = 'carl'"),
    ]
    return steps


# ---------------------------------------------------------------- node-cassandra-client
@sc("node_client", "mixed", "zp_node")
def node_client():
    """Rackspace's node-cassandra-client: a connection that asks for CQL 3.0.0 by
    set_cql_version, sets its keyspace and sends CQL 3 through execute_cql_query (the call
    it knew) with '?' values substituted into the text, then the same through
    execute_cql3_query, a version it does not know, and a quote escaped by doubling."""
    ks = "zp_node"
    steps = [
        kit.describe_version(),
        ks_cql(ks),
        v19.set_cql_version("3.0.0"),
        v19.set_keyspace(ks),
        v19.execute_cql_query("CREATE TABLE kv (k text PRIMARY KEY, v text, n int)"),
        v19.execute_cql_query("INSERT INTO kv (k, v, n) VALUES ('a', 'one', 1)"),
        v19.execute_cql_query("SELECT k, v, n FROM kv WHERE k = 'a'"),
        cql("INSERT INTO kv (k, v, n) VALUES ('b', 'it''s', 2)"),
        cql("SELECT k, v FROM kv WHERE k = 'b'"),
        cql("UPDATE kv SET n = 3 WHERE k = 'b'"),
        v19.set_cql_version("3.1.7"),
        v19.set_cql_version("4.0.0"),
        cql("SELECT k, n FROM kv"),
    ]
    return steps


# ---------------------------------------------------------------- metrics reporter
@sc("metrics_reporter", "cql3", "zp_metrics")
def metrics_reporter():
    """A Dropwizard Metrics reporter writing to CQL 3: gauges, counters and timers (a map of
    percentiles) per (name, day) with time clustering newest first, written by a prepared
    INSERT whose TTL and timestamp are bound (2.0 on) or literal (1.2), the last points read
    with LIMIT, a range of times, ttl() of a point, and a TTL bound as a negative number."""
    ks = "zp_metrics"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE points (name text, day text, time timestamp, value double, "
            "PRIMARY KEY ((name, day), time)) WITH CLUSTERING ORDER BY (time DESC)"),
        cql("CREATE TABLE timers (name text, time timestamp, count bigint, "
            "percentiles map<text, double>, PRIMARY KEY (name, time))"),
    ]
    base = 1385000000000
    if VER >= (2, 0):
        pq = ("INSERT INTO points (name, day, time, value) VALUES (?, ?, ?, ?) "
              "USING TTL ? AND TIMESTAMP ?")
        steps.append(prep(pq))
        for i in range(4):
            steps.append(exe(ks, pq, ["jvm.heap", "2013-11-21", i64b(base + i * 60000),
                                      dbl(100.0 + i), i32b(604800),
                                      i64b(1385000000000000 + i)]))
        steps.append(exe(ks, pq, ["jvm.heap", "2013-11-21", i64b(base), dbl(1.0), i32b(-5),
                                  i64b(1385000000000000)]))
    else:
        pq = ("INSERT INTO points (name, day, time, value) VALUES (?, ?, ?, ?) "
              "USING TTL 604800 AND TIMESTAMP 1385000000000000")
        steps.append(prep(pq))
        for i in range(4):
            steps.append(exe(ks, pq, ["jvm.heap", "2013-11-21", i64b(base + i * 60000),
                                      dbl(100.0 + i)]))
        steps.append(prep("INSERT INTO points (name, day, time, value) VALUES (?, ?, ?, ?) "
                          "USING TTL ?"))
    steps += [
        cql("SELECT time, value FROM points WHERE name = 'jvm.heap' AND day = '2013-11-21' "
            "LIMIT 2"),
        cql("SELECT time, value FROM points WHERE name = 'jvm.heap' AND day = '2013-11-21' "
            "AND time >= '2013-11-21 02:14:00+0000' AND time < %d" % (base + 180000)),
        cql("SELECT value, writetime(value) FROM points WHERE name = 'jvm.heap' AND "
            "day = '2013-11-21' AND time = %d" % base),
        cql("INSERT INTO timers (name, time, count, percentiles) VALUES ('http.get', %d, 42, "
            "{'p50': 0.012, 'p99': 0.2}) USING TTL 604800" % base),
        cql("UPDATE timers SET percentiles['p999'] = 0.9 WHERE name = 'http.get' AND "
            "time = %d" % base),
        cql("SELECT count, percentiles FROM timers WHERE name = 'http.get'"),
        cql("INSERT INTO points (name, day, time, value) VALUES ('jvm.heap', '2013-11-21', "
            "%d, 5) USING TTL -1" % base),
    ]
    return steps


# ---------------------------------------------------------------- rate limiter
@sc("rate_limiter", "cql3", "zp_rate")
def rate_limiter():
    """An API rate limiter: hits counted per (key, minute) in a counter table and read for
    the current and previous minute by IN, and (2.0 on) a token bucket kept by conditional
    UPDATEs: the bucket made IF NOT EXISTS, tokens taken IF tokens = the value read, a
    stale take refused with the current value, a take of a bucket that is not there, and a
    refill with a condition on a column that is not in the table."""
    ks = "zp_rate"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE hits (api_key text, minute bigint, n counter, "
            "PRIMARY KEY (api_key, minute))"),
        cql("UPDATE hits SET n = n + 1 WHERE api_key = 'k1' AND minute = 23083333"),
        cql("UPDATE hits SET n = n + 1 WHERE api_key = 'k1' AND minute = 23083333"),
        cql("UPDATE hits SET n = n + 5 WHERE api_key = 'k1' AND minute = 23083334"),
        cql("SELECT minute, n FROM hits WHERE api_key = 'k1' AND minute IN (23083333, "
            "23083334)"),
        cql("SELECT n FROM hits WHERE api_key = 'k2' AND minute = 23083334"),
        cql("UPDATE hits SET n = n - 1 WHERE api_key = 'k1' AND minute = 23083334"),
        cql("SELECT SUM(n) FROM hits WHERE api_key = 'k1'") if VER >= (2, 2) else None,
        cql("SELECT minute, n FROM hits WHERE api_key = 'k1' AND minute >= 23083334"),
    ]
    if VER >= (2, 0):
        steps += [
            cql("CREATE TABLE buckets (api_key text PRIMARY KEY, tokens int, refilled bigint)"),
            cql("INSERT INTO buckets (api_key, tokens, refilled) VALUES ('k1', 10, 0) "
                "IF NOT EXISTS"),
            cql("UPDATE buckets SET tokens = 9 WHERE api_key = 'k1' IF tokens = 10"),
            cql("UPDATE buckets SET tokens = 9 WHERE api_key = 'k1' IF tokens = 10"),
            cql("UPDATE buckets SET tokens = 8, refilled = 1 WHERE api_key = 'k1' IF tokens = 9 "
                "AND refilled = 0"),
            cql("UPDATE buckets SET tokens = 4 WHERE api_key = 'k9' IF tokens = 5"),
            cql("UPDATE buckets SET tokens = 10 WHERE api_key = 'k1' IF quota = 10"),
            cql("SELECT tokens, refilled FROM buckets WHERE api_key = 'k1'"),
        ]
    return steps


# ---------------------------------------------------------------- cassandra-cli
@sc("cli_session", "thrift", "zp_cli")
def cli_session():
    """cassandra-cli run by an operator: the connect-time calls, `create keyspace` with the
    cli's default placement (NetworkTopologyStrategy, datacenter1:1), `create column family`
    with a comparator and validators, `set`, `get`, `list ... limit 2`, `count`, `del`,
    `incr`/`decr` on a counter family, `get ... where age = 30` by the index its
    `update column family` added before the rows were loaded, `get ... where` on a column
    with no index, `truncate` and `drop`."""
    ks = "zp_cli"
    steps = [v19.describe_cluster_name(), kit.describe_version(),
             v19.describe_keyspaces().mask("0"),
             v19.system_add_keyspace(kit.ksd(ks, [], strategy=kit.NTS,
                                             options={"datacenter1": "1"})),
             v19.set_keyspace(ks),
             v19.system_add_column_family(utf8_cf(ks, "users", column_metadata=[
                 kit.coldef("age", "LongType")])),
             v19.system_add_column_family(utf8_cf(
                 ks, "hits", default_validation_class="CounterColumnType")),
             v19.system_update_column_family(utf8_cf(ks, "users", column_metadata=[
                 kit.coldef("age", "LongType", True, "users_age_idx")]))]
    u = cparent("users")
    steps += [
        v19.insert("jsmith", u, column("first", "John", 10)),
        v19.insert("jsmith", u, column("last", "Smith", 10)),
        v19.insert("jsmith", u, column("age", i64b(30), 10)),
        v19.insert("adoe", u, column("first", "Ann", 10)),
        v19.insert("adoe", u, column("age", i64b(41), 10)),
        v19.get_slice("jsmith", u, all_cols(1000000)),
        v19.get("jsmith", cpath("users", col="first")),
        v19.get_range_slices(u, all_cols(100), key_range(start_key="", end_key="", count=2)),
        v19.get_count("jsmith", u, all_cols(2147483647)),
        v19.remove("jsmith", cpath("users", col="last"), 11),
        v19.add("page1", cparent("hits"), counter_column("views", 1)),
        v19.add("page1", cparent("hits"), counter_column("views", -1)),
        v19.add("page1", cparent("hits"), counter_column("views", 5)),
        v19.get("page1", cpath("hits", col="views")),
        v19.describe_keyspace(ks),
        v19.get_indexed_slices(u, index_clause([index_expr("age", EQ, i64b(30))]),
                               all_cols(100)),
        v19.get_indexed_slices(u, index_clause([index_expr("first", EQ, "Ann")]),
                               all_cols(100)),
        v19.truncate("users"),
        v19.get_range_slices(u, all_cols(100), everything()),
        v19.system_drop_column_family("hits"),
        v19.get("page1", cpath("hits", col="views")),
    ]
    return steps


# ---------------------------------------------------------------- frequency capping
@sc("frequency_cap", "thrift", "zp_freq")
def frequency_cap():
    """An ad server's frequency capping: each impression a TTL'd column of a LongType time in
    the (user, campaign) row, the impressions of the last hour counted by a slice, users
    checked together by multiget_count, per-campaign counters incremented in a batch and read
    by multiget, a counter reset by remove_counter, and a count over a slice given backwards."""
    ks = "zp_freq"
    cfs = [kit.cfd(ks, "impressions", comparator_type="LongType",
                   key_validation_class="UTF8Type", default_validation_class="BytesType"),
           kit.cfd(ks, "campaign_counts", comparator_type="UTF8Type",
                   key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType")]
    steps = new_ks(ks, cfs)
    imp = cparent("impressions")
    t0 = 1385000000
    m = {}
    for u, times in (("u1:c9", (0, 600, 3000, 4000)), ("u2:c9", (3500,)), ("u1:c7", (100,))):
        m[u] = {"impressions": [ins(i64b(t0 + t), b"", 10, ttl=86400) for t in times]}
    steps += [
        v19.batch_mutate(m),
        v19.get_count("u1:c9", imp, pred(start=i64b(t0 + 600), finish=i64b(t0 + 4200))),
        v19.multiget_count(["u1:c9", "u2:c9", "u3:c9"], imp,
                           pred(start=i64b(t0 + 600), finish=i64b(t0 + 4200))),
        v19.batch_mutate({"c9": {"campaign_counts": [kit.cadd("impressions", 3),
                                                     kit.cadd("clicks", 1)]},
                          "c7": {"campaign_counts": [kit.cadd("impressions", 1)]}}),
        v19.multiget_slice(["c9", "c7", "c5"], cparent("campaign_counts"), all_cols()),
        v19.remove_counter("c7", cpath("campaign_counts", col="impressions")),
        v19.get_slice("c7", cparent("campaign_counts"), all_cols()),
        v19.get_slice("u1:c9", imp, pred(start=i64b(t0 + 4200), finish=i64b(t0), reversed=True,
                                         count=2)),
        v19.get_count("u1:c9", imp, pred(start=i64b(t0 + 4200), finish=i64b(t0 + 600))),
        v19.get_slice("u1:c9", imp, pred(start=i32b(5), finish="")),
    ]
    return steps


# ---------------------------------------------------------------- Hector VirtualKeyspace
@sc("virtual_keyspace", "thrift", "zp_vks")
def virtual_keyspace():
    """Hector's VirtualKeyspace: one physical keyspace shared by tenants, every key prefixed
    with the tenant and a NUL, rows written and read by prefixed keys, a multiget of two
    tenants' rows, a keys-only scan of the whole family filtered client-side, a tenant's
    row deleted, and a get of the unprefixed key an app leaked."""
    ks = "zp_vks"
    cfs = [kit.cfd(ks, "documents", comparator_type="UTF8Type", key_validation_class="BytesType",
                   default_validation_class="UTF8Type")]
    steps = kit.connect() + new_ks(ks, cfs)
    d = cparent("documents")
    rows = {b"acme\x00doc1": "A1", b"acme\x00doc2": "A2", b"globex\x00doc1": "G1"}
    steps += [
        v19.batch_mutate({k: {"documents": [ins("title", t, 10), ins("body", t * 3, 10)]}
                          for k, t in rows.items()}),
        v19.get_slice(b"acme\x00doc1", d, all_cols()),
        v19.multiget_slice([b"acme\x00doc2", b"globex\x00doc1"], d, pred(names=["title"])),
        v19.get_range_slices(d, pred(names=[]), everything()),
        v19.get_range_slices(d, pred(start="", finish="", count=1), everything(2)),
        v19.remove(b"acme\x00doc2", cpath("documents"), 11),
        v19.get_range_slices(d, all_cols(1), everything()),
        v19.get("doc1", cpath("documents", col="title")),
    ]
    return steps


# ---------------------------------------------------------------- sensor months
@sc("sensor_months", "cql3", "zp_sensor")
def sensor_months():
    """Sensor readings in (sensor, month) partitions of timestamp clustering newest first:
    readings written with timestamp literals of several shapes (date only, minutes, seconds
    with a zone, milliseconds since the epoch), a prepared insert of 8-byte binds, the latest
    readings, a day's range, a reading read by its exact time, and a timestamp bound as text
    and a literal that is not a date."""
    ks = "zp_sensor"
    iq = "INSERT INTO readings (sensor, month, at, temp, hum) VALUES (?, ?, ?, ?, ?)"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE readings (sensor text, month int, at timestamp, temp float, "
            "hum float, PRIMARY KEY ((sensor, month), at)) WITH CLUSTERING ORDER BY (at DESC) "
            "AND compaction = {'class': 'LeveledCompactionStrategy'}"),
        cql("INSERT INTO readings (sensor, month, at, temp) VALUES ('s1', 201311, "
            "'2013-11-20', 18.5)"),
        cql("INSERT INTO readings (sensor, month, at, temp) VALUES ('s1', 201311, "
            "'2013-11-20 10:15', 19.0)"),
        cql("INSERT INTO readings (sensor, month, at, temp) VALUES ('s1', 201311, "
            "'2013-11-20 10:30:00+0100', 19.5)"),
        cql("INSERT INTO readings (sensor, month, at, temp) VALUES ('s1', 201311, "
            "1384945200000, 20.0)"),
        prep(iq),
        exe(ks, iq, ["s1", i32b(201311), i64b(1385000000000), struct.pack(">f", 21.5),
                     struct.pack(">f", 0.4)]),
        cql("SELECT at, temp FROM readings WHERE sensor = 's1' AND month = 201311 LIMIT 3"),
        cql("SELECT at, temp, hum FROM readings WHERE sensor = 's1' AND month = 201311 AND "
            "at >= '2013-11-20 00:00:00+0000' AND at < '2013-11-21 00:00:00+0000'"),
        cql("SELECT temp FROM readings WHERE sensor = 's1' AND month = 201311 AND "
            "at = '2013-11-20 10:30:00+0100'"),
        cql("SELECT COUNT(*) FROM readings WHERE sensor = 's1' AND month = 201311"),
        exe(ks, iq, ["s1", i32b(201311), "2013-11-21", struct.pack(">f", 1.0),
                     struct.pack(">f", 0.1)]),
        cql("INSERT INTO readings (sensor, month, at, temp) VALUES ('s1', 201311, "
            "'yesterday', 1.0)"),
        cql("SELECT * FROM readings WHERE sensor = 's1' AND month = 201311 ORDER BY at ASC "
            "LIMIT 1"),
    ]
    return steps


# ---------------------------------------------------------------- newcomer's mistakes
@sc("newcomer_mistakes", "mixed", "zp_oops")
def newcomer_mistakes():
    """A newcomer's mistakes over Thrift and CQL 3: a CQL query before any keyspace is set,
    a table written by an unknown column, an INSERT missing its clustering column, a SELECT
    of an unknown column, a prepared statement run with one value short and with an int
    bound as 8 bytes, a read at ANY, a Thrift insert with no timestamp, a get of a family
    that does not exist, a CfDef carrying 2.0's fields to every release, and LOCAL_ONE
    (1.2.11 on)."""
    ks = "zp_oops"
    q = "INSERT INTO notes (owner, id, body, stars) VALUES (?, ?, ?, ?)"
    steps = [
        cql("SELECT * FROM notes"),
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE notes (owner text, id int, body text, stars int, "
            "PRIMARY KEY (owner, id))"),
        cql("INSERT INTO notes (owner, id, body, colour) VALUES ('ann', 1, 'x', 'red')"),
        cql("INSERT INTO notes (owner, body) VALUES ('ann', 'x')"),
        cql("INSERT INTO notes (owner, id, body) VALUES ('ann', 1, 'first')"),
        cql("SELECT owner, title FROM notes WHERE owner = 'ann'"),
        prep(q),
        exe(ks, q, ["ann", i32b(2), "second"]),
        exe(ks, q, ["ann", i64b(2), "second", i32b(1)]),
        exe(ks, q, ["ann", i32b(2), "second", i32b(1)]),
        cql("SELECT id, body, stars FROM notes WHERE owner = 'ann'", cl=ANY),
        cql("SELECT id, body, stars FROM notes WHERE owner = 'ann'", cl=ALL),
        v19.system_add_column_family(utf8_cf(ks, "kv")),
        v19.insert("k", cparent("kv"), column("c", "v", None)),
        v19.get("k", cpath("kv", col="c")),
        v19.get("k", cpath("kvs", col="c")),
        v19.system_add_column_family(kit.cfd_later(
            ks, "cache", comparator_type="UTF8Type", default_time_to_live=60,
            speculative_retry="99PERCENTILE", memtable_flush_period_in_ms=0)),
        # 1.2.9 names the whole call in its refusal of LOCAL_ONE: an absolute timestamp
        v19.insert("k", cparent("kv"), column("c", "w", D.Abs(1385000000000011)), cl=LOCAL_ONE),
        v19.get("k", cpath("kv", col="c"), cl=LOCAL_ONE),
        cql("UPDATE notes SET stars = 'five' WHERE owner = 'ann' AND id = 1"),
        cql("SELECT * FROM notes WHERE id = 1"),
    ]
    return steps


# ---------------------------------------------------------------- Astyanax DDL
@sc("astyanax_ddl", "thrift", "zp_ddl")
def astyanax_ddl():
    """Astyanax's DDL at application start: the keyspace described before it exists, made
    with its families, families added with compaction strategy and compression options,
    one updated with new options and a column, the schema versions awaited, the keyspace
    described, a family dropped and dropped again, and an unknown compaction strategy."""
    ks = "zp_ddl"
    steps = [
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(kit.ksd(ks, [utf8_cf(ks, "accounts")])),
        v19.describe_schema_versions().mask("0"),
        v19.set_keyspace(ks),
        v19.system_add_column_family(utf8_cf(
            ks, "events", comparator_type="LongType",
            compaction_strategy="LeveledCompactionStrategy",
            compaction_strategy_options={"sstable_size_in_mb": "160"},
            compression_options={"sstable_compression": "SnappyCompressor",
                                 "chunk_length_kb": "64"})),
        v19.system_add_column_family(utf8_cf(
            ks, "audit", compaction_strategy="SizeTieredCompactionStrategy",
            compaction_strategy_options={"min_threshold": "4"}, gc_grace_seconds=86400)),
        v19.system_update_column_family(utf8_cf(
            ks, "audit", comment="audit trail", gc_grace_seconds=3600,
            compression_options={"sstable_compression": "DeflateCompressor"},
            column_metadata=[kit.coldef("actor", "UTF8Type")])),
        v19.describe_keyspace(ks),
        v19.insert("a1", cparent("audit"), column("actor", "ann", 10)),
        v19.get_slice("a1", cparent("audit"), all_cols()),
        v19.system_drop_column_family("events"),
        v19.system_drop_column_family("events"),
        v19.system_add_column_family(utf8_cf(ks, "misc",
                                             compaction_strategy="TimeSeriesCompaction")),
        v19.system_add_column_family(utf8_cf(ks, "accounts")),
    ]
    return steps


# ---------------------------------------------------------------- comment threads
@sc("comment_threads", "cql3", "zp_comments")
def comment_threads():
    """Threaded comments in CQL 3: comments of an article clustered by (posted timeuuid
    DESC, id), a first page, the next page by the (posted, id) tuple of the last comment
    seen (multi-column relations, 2.0.6 on), a page by posted alone, an edit, a comment
    deleted, counts per article, and a tuple slice with its columns out of order."""
    ks = "zp_comments"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE comments (article text, posted timeuuid, id int, author text, "
            "body text, PRIMARY KEY (article, posted, id)) WITH CLUSTERING ORDER BY "
            "(posted DESC, id ASC)"),
    ]
    for i in range(1, 6):
        steps.append(cql("INSERT INTO comments (article, posted, id, author, body) VALUES "
                         "('a1', %s, %d, 'u%d', 'comment %d')" % (tus(i // 2), i, i % 3, i)))
    steps += [
        cql("SELECT posted, id, body FROM comments WHERE article = 'a1' LIMIT 2"),
        cql("SELECT posted, id, body FROM comments WHERE article = 'a1' AND (posted, id) > "
            "(%s, 4) LIMIT 2" % tus(2)),
        cql("SELECT id, body FROM comments WHERE article = 'a1' AND posted < %s" % tus(2)),
        cql("UPDATE comments SET body = 'edited' WHERE article = 'a1' AND posted = %s AND "
            "id = 3" % tus(1)),
        cql("DELETE FROM comments WHERE article = 'a1' AND posted = %s AND id = 1" % tus(0)),
        cql("SELECT COUNT(*) FROM comments WHERE article = 'a1'"),
        cql("SELECT id, body FROM comments WHERE article = 'a1' AND posted = %s" % tus(1)),
        cql("SELECT id FROM comments WHERE article = 'a1' AND (id, posted) > (1, %s)"
            % tus(1)),
        cql("SELECT id FROM comments WHERE article = 'a1' AND id = 3"),
    ]
    return steps


# ---------------------------------------------------------------- checkout (Thrift)
@sc("checkout_thrift", "thrift", "zp_shop")
def checkout_thrift():
    """An e-commerce checkout over Thrift: an order written to its own row, the user's order
    index and the product's order index in one atomic_batch_mutate at QUORUM, stock counters
    decremented in a plain batch_mutate, the order read back, the user's last orders newest
    first, a cancelled order's rows deleted atomically, and a counter put into an atomic
    batch with the regular writes."""
    ks = "zp_shop"
    cfs = [utf8_cf(ks, "orders"),
           kit.cfd(ks, "user_orders", comparator_type="LongType", key_validation_class="UTF8Type",
                   default_validation_class="UTF8Type"),
           utf8_cf(ks, "product_orders"),
           kit.cfd(ks, "stock", comparator_type="UTF8Type", key_validation_class="UTF8Type",
                   default_validation_class="CounterColumnType")]
    steps = new_ks(ks, cfs)

    def order(oid, user, sku, at, t):
        return {oid: {"orders": [ins("user", user, t), ins("sku", sku, t), ins("qty", "1", t)]},
                user: {"user_orders": [ins(i64b(at), oid, t)]},
                sku: {"product_orders": [ins(oid, user, t)]}}

    steps += [
        v19.batch_mutate({"sku-1": {"stock": [kit.cadd("on_hand", 10)]},
                          "sku-2": {"stock": [kit.cadd("on_hand", 3)]}}),
        v19.atomic_batch_mutate(order("o-1", "ann", "sku-1", 1385000000, 10), cl=QUORUM),
        v19.atomic_batch_mutate(order("o-2", "ann", "sku-2", 1385000100, 10), cl=QUORUM),
        v19.batch_mutate({"sku-1": {"stock": [kit.cadd("on_hand", -1)]},
                          "sku-2": {"stock": [kit.cadd("on_hand", -1)]}}),
        v19.get_slice("o-1", cparent("orders"), all_cols()),
        v19.get_slice("ann", cparent("user_orders"), all_cols(10, True)),
        v19.multiget_slice(["sku-1", "sku-2"], cparent("stock"), pred(names=["on_hand"])),
        v19.atomic_batch_mutate({"o-2": {"orders": [kit.dele(None, 11)]},
                                 "ann": {"user_orders": [kit.dele([i64b(1385000100)], 11)]},
                                 "sku-2": {"product_orders": [kit.dele(["o-2"], 11)]}},
                                cl=QUORUM),
        v19.get_slice("ann", cparent("user_orders"), all_cols(10, True)),
        v19.atomic_batch_mutate({"o-3": {"orders": [ins("user", "bob", 12)]},
                                 "sku-1": {"stock": [kit.cadd("on_hand", -1)]}}),
        v19.get_slice("sku-1", cparent("stock"), all_cols()),
        v19.get_range_slices(cparent("orders"), pred(names=["user"]), everything()),
    ]
    return steps


# ---------------------------------------------------------------- checkout (CQL 3 batches)
@sc("checkout_batches", "cql3", "zp_cart")
def checkout_batches():
    """A checkout in CQL 3 batches: an order and its lines written in a logged batch with a
    timestamp, the stock decremented in a COUNTER batch, an UNLOGGED batch of line updates,
    the order read, a later batch with an older timestamp losing, and the mistakes: a counter
    update inside a logged batch, a timestamp on a statement inside a timestamped batch, and
    a SELECT inside a batch."""
    ks = "zp_cart"
    steps = [
        ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE orders (id text, line int, sku text, qty int, price decimal, "
            "PRIMARY KEY (id, line))"),
        cql("CREATE TABLE stock (sku text PRIMARY KEY, on_hand counter)"),
        cql("BEGIN BATCH USING TIMESTAMP 1385000000000000 "
            "INSERT INTO orders (id, line, sku, qty, price) VALUES ('o1', 1, 'sku-1', 2, 9.99) "
            "INSERT INTO orders (id, line, sku, qty, price) VALUES ('o1', 2, 'sku-2', 1, 19.5) "
            "APPLY BATCH"),
        cql("BEGIN COUNTER BATCH UPDATE stock SET on_hand = on_hand - 2 WHERE sku = 'sku-1' "
            "UPDATE stock SET on_hand = on_hand - 1 WHERE sku = 'sku-2' APPLY BATCH"),
        cql("BEGIN UNLOGGED BATCH UPDATE orders USING TIMESTAMP 1385000000000001 SET qty = 3 "
            "WHERE id = 'o1' AND line = 1 UPDATE orders USING TIMESTAMP 1385000000000001 "
            "SET price = 18.0 WHERE id = 'o1' AND line = 2 APPLY BATCH"),
        cql("SELECT line, sku, qty, price FROM orders WHERE id = 'o1'"),
        cql("SELECT sku, on_hand FROM stock WHERE sku IN ('sku-1', 'sku-2')"),
        cql("BEGIN BATCH USING TIMESTAMP 1384000000000000 UPDATE orders SET qty = 9 WHERE "
            "id = 'o1' AND line = 1 DELETE FROM orders WHERE id = 'o1' AND line = 2 "
            "APPLY BATCH"),
        cql("SELECT line, qty, writetime(qty) FROM orders WHERE id = 'o1'"),
        cql("BEGIN BATCH INSERT INTO orders (id, line, sku, qty) VALUES ('o2', 1, 'sku-1', 1) "
            "UPDATE stock SET on_hand = on_hand - 1 WHERE sku = 'sku-1' APPLY BATCH"),
        cql("BEGIN BATCH USING TIMESTAMP 1385000000000002 INSERT INTO orders (id, line, sku) "
            "VALUES ('o3', 1, 'sku-1') USING TIMESTAMP 1385000000000003 APPLY BATCH"),
        cql("BEGIN BATCH SELECT * FROM orders WHERE id = 'o1' APPLY BATCH"),
        cql("SELECT id, line FROM orders"),
    ]
    return steps
