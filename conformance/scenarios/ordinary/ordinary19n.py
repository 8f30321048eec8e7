"""Ordinary API 19 traffic of applications written for 1.2.9, 2.0.17, 2.1.22 and 2.2.19.

Each scenario owns its keyspace (dropped before and after by capture.py) and replays one
application's flow as it reached the Thrift port, mistakes included:
  * Hadoop's ColumnFamilyRecordReader / Pig CassandraStorage (splits, token ranges, wide rows)
  * CqlPagingRecordReader / CqlStorage (CQL 3 token paging, prepared UPDATEs)
  * Blueflood metrics through Astyanax (LongType names, TTLs, locators, deletes by timestamp)
  * cqlengine (schema reads, sync_table, counters, batches, collections, filters)
  * Pentaho Kettle / Talend (literals of every type, big unlogged batches)
  * WSO2 BAM on Hector (stream column families, validators, secondary indexes)
  * Camel / James on 2.1 (user-defined types and tuples)
  * 2.2-era apps (new types, JSON, aggregates, functions) meeting older releases on a downgrade
  * Akka persistence-style journals (partition_nr / sequence_nr, static metadata)
  * a client built against a later IDL talking to an older release
Writes are deterministic: Thrift timestamps relative, CQL writes read back USING TIMESTAMP.
"""
import os
import sys

sys.path.insert(0, os.environ.get("CONFORMANCE_DIR", "/work/shared/conformance"))

import thriftwire as W  # noqa: E402
from dsl import (scenario, v19, Step, raw, b, cf_def, ks_def, column_def, column, cparent,  # noqa: E402
                 cpath, pred, key_range, mutation, deletion, ins, cosc, counter_column,
                 index_expr, index_clause, long_, EQ, GT, GTE, KEYS_INDEX, ONE, QUORUM, ALL)

RP = "org.apache.cassandra.locator.SimpleStrategy"
MIN_TOKEN = "-9223372036854775808"


def thrift_id(ks, query):
    """prepare_cql3_query's id: the Java String hashCode of keyspace + query text."""
    h = 0
    for ch in ks + query:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def cql(q, cl=ONE):
    return v19.execute_cql3_query(q, cl=cl)


def create_ks_cql(ks):
    return cql("CREATE KEYSPACE %s WITH replication = {'class': 'SimpleStrategy', "
               "'replication_factor': 1}" % ks)


def prep(ks, q):
    return v19.prepare_cql3_query(q), thrift_id(ks, q)


def splits_ex(cf, start, end, keys_per_split):
    return raw("describe_splits_ex", {1: b(cf), 2: b(start), 3: b(end), 4: W.i32(keys_per_split)})


def i64b(n):
    return long_(n)


# ---------------------------------------------------------------- Hadoop / Pig (1.2-2.0)
@scenario("ord19n_pig_cfrr", "19", "hadoop", keyspace_reset="pig_logs")
def pig_cfrr():
    """Pig's CassandraStorage loading a Thrift column family: describe_keyspace for the
    schema, describe_ring and describe_splits_ex for splits, then ColumnFamilyRecordReader's
    get_range_slices by token with a key count, paging on the last key's token."""
    ks = "pig_logs"
    rows = {}
    for i in range(12):
        rows["host%02d" % i] = {"access": [ins("ts%03d" % j, "GET /p%d %d" % (i, j), 10 + j)
                                           for j in range(3)]}
    return [
        Step("describe_version", W.struct({})),
        v19.system_add_keyspace(ks_def(ks, [cf_def(
            ks, "access", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type", comment="web access log")])),
        v19.set_keyspace(ks),
        v19.batch_mutate(rows),
        v19.describe_partitioner(),
        v19.describe_keyspace(ks),
        v19.describe_ring(ks),
        splits_ex("access", MIN_TOKEN, MIN_TOKEN, 65536),
        splits_ex("access", "0", "4611686018427387904", 65536),
        # first split page: 5 keys from the start of the ring
        v19.get_range_slices(cparent("access"), pred(start="", finish="", count=2),
                             key_range(start_token=MIN_TOKEN, end_token="0", count=5)),
        v19.get_range_slices(cparent("access"), pred(start="", finish="", count=2),
                             key_range(start_token="0", end_token=MIN_TOKEN, count=5)),
        # Pig reads the whole ring with a key count bigger than the rows
        v19.get_range_slices(cparent("access"), pred(start="", finish="", count=1000),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=4096)),
        # a slice predicate naming columns
        v19.get_range_slices(cparent("access"), pred(names=["ts001", "ts009"]),
                             key_range(start_key="", end_key="", count=3)),
        # mistakes: an ordered-partitioner token on Murmur3, keys and tokens mixed
        v19.get_range_slices(cparent("access"), pred(start="", count=10),
                             key_range(start_token="host00", end_token="host05", count=10)),
        v19.set_keyspace(ks),  # the connection was lost: the job's next task reconnects
        v19.get_range_slices(cparent("access"), pred(start="", count=10),
                             key_range(start_key="host00", end_token="0", count=10)),
        v19.get_range_slices(cparent("access"), pred(start="", count=10),
                             key_range(count=10)),
        splits_ex("nosuchcf", MIN_TOKEN, "0", 1024),
        v19.get_range_slices(cparent("access"), pred(start="", count=10),
                             key_range(start_token="0", end_token="100", count=0)),
    ]


@scenario("ord19n_pig_widerow", "19", "hadoop", keyspace_reset="pig_wide")
def pig_widerow():
    """ColumnFamilyRecordReader in wide-row mode: get_paged_slice with a start column,
    continuing from the last column it saw; CassandraStorage storing results with
    batch_mutate (LongType comparator)."""
    ks = "pig_wide"
    muts = {}
    for r in ("sensorA", "sensorB", "sensorC"):
        muts[r] = {"readings": [ins(long_(t), "%s=%d" % (r, t), 100 + t) for t in range(8)]}
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "readings", comparator="LongType", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "summary", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="LongType")])),
        v19.set_keyspace(ks),
        v19.batch_mutate(muts),
        v19.get_paged_slice("readings", key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN,
                                                  count=5), b""),
        v19.get_paged_slice("readings", key_range(start_key="sensorB", end_key="", count=3),
                            long_(5)),
        v19.get_paged_slice("readings", key_range(start_key="sensorA", end_key="", count=20),
                            long_(6)),
        v19.get_paged_slice("readings", key_range(start_token="0", end_token="0", count=4),
                            b""),
        # mistakes: a column start that is not a long, an end key with a start token
        v19.get_paged_slice("readings", key_range(start_key="sensorA", count=5), "6"),
        v19.get_paged_slice("readings", key_range(start_token="0", end_key="sensorC", count=5),
                            b""),
        v19.get_paged_slice("nosuch", key_range(start_key="", count=5), b""),
        # the store function's output
        v19.batch_mutate({"sensorA": {"summary": [ins("count", long_(8), 200),
                                                  ins("max", long_(7), 200)]},
                          "sensorB": {"summary": [ins("count", long_(8), 200)]}}),
        v19.batch_mutate({"sensorC": {"summary": [ins("count", "eight", 200)]}}),
        v19.multiget_slice(["sensorA", "sensorB", "sensorC"], cparent("summary"),
                           pred(start="", count=10)),
        v19.get_count("sensorA", cparent("readings"), pred(start=long_(2), finish=long_(5))),
    ]


@scenario("ord19n_cqlpaging", "19", "hadoop", keyspace_reset="hd_cql")
def cqlpaging():
    """CqlPagingRecordReader: CQL 3 queries by token ranges with LIMIT, clustering paging
    inside a partition, then CqlStorage's prepared UPDATE writes."""
    ks = "hd_cql"
    steps = [create_ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE clicks (user text, day int, n int, url text, "
                 "PRIMARY KEY (user, day, n))"),
             cql("CREATE TABLE totals (user text, day int, clicks bigint, "
                 "PRIMARY KEY (user, day))")]
    for u in ("ann", "bob", "cyd", "dee"):
        for d in (1, 2):
            for n in range(3):
                steps.append(cql("INSERT INTO clicks (user, day, n, url) VALUES ('%s', %d, %d, "
                                 "'/%s/%d/%d') USING TIMESTAMP 1380000000000000" % (u, d, n, u, d, n)))
    q1 = ("SELECT user, day, n, url FROM clicks WHERE token(user) > ? AND token(user) <= ? "
          "LIMIT 4")
    q2 = ("SELECT user, day, n, url FROM clicks WHERE token(user) = token(?) AND day = ? "
          "AND n > ? LIMIT 4")
    q3 = "UPDATE totals SET clicks = ? WHERE user = ? AND day = ?"
    p1, id1 = prep(ks, q1)
    p2, id2 = prep(ks, q2)
    p3, id3 = prep(ks, q3)
    steps += [
        p1, p2, p3,
        v19.execute_prepared_cql3_query(id1, [i64b(-(1 << 63)), i64b(0)]),
        v19.execute_prepared_cql3_query(id1, [i64b(0), i64b((1 << 63) - 1)]),
        v19.execute_prepared_cql3_query(id2, ["ann", b"\x00\x00\x00\x01", b"\x00\x00\x00\x00"]),
        v19.execute_prepared_cql3_query(id2, ["bob", b"\x00\x00\x00\x02", b"\xff\xff\xff\xff"]),
        cql("SELECT user, day, n FROM clicks WHERE token(user) > -9223372036854775808 LIMIT 3"),
        cql("SELECT user, day FROM clicks WHERE token(user) > token('ann') AND "
            "token(user) <= 9223372036854775807 LIMIT 100"),
        v19.execute_prepared_cql3_query(id3, [i64b(6), "ann", b"\x00\x00\x00\x01"]),
        v19.execute_prepared_cql3_query(id3, [i64b(6), "bob", b"\x00\x00\x00\x02"]),
        cql("SELECT user, day, clicks FROM totals"),
        # mistakes: a 4-byte int bound to a token, a token as text, too few values
        v19.execute_prepared_cql3_query(id1, [b"\x00\x00\x00\x01", i64b(0)]),
        v19.execute_prepared_cql3_query(id3, [i64b(1), "cyd"]),
        v19.execute_prepared_cql3_query(id3, ["6", "cyd", b"\x00\x00\x00\x01"]),
        cql("SELECT user FROM clicks WHERE token(user) > 'abc' LIMIT 3"),
        cql("SELECT user FROM clicks WHERE day = 1"),
        cql("SELECT user, n FROM clicks WHERE user = 'ann' AND n > 0"),
        v19.execute_prepared_cql3_query(987654, [i64b(0), i64b(1)]),
    ]
    return steps


# ---------------------------------------------------------------- Blueflood (1.2/2.0)
@scenario("ord19n_blueflood_full", "19", "metrics", keyspace_reset="DATA")
def blueflood_full():
    """Blueflood through Astyanax: metrics_full / metrics_5m of LongType names created by
    Thrift, TTL'd batch_mutate of points, get_slice by time range and reversed."""
    ks = "DATA"
    locs = ["ac1.ent1.chk1.mz.cpu", "ac1.ent1.chk1.mz.mem", "ac1.ent2.chk9.mz.cpu"]
    base = 1380000000000
    pts = {}
    for li, loc in enumerate(locs):
        pts[loc] = {"metrics_full": [ins(long_(base + 30000 * k), long_(li * 100 + k), 10 + k,
                                         ttl=86400) for k in range(10)]}
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "metrics_full", comparator="LongType", key_validation="UTF8Type",
                   default_validation="BytesType", gc_grace=3600),
            cf_def(ks, "metrics_5m", comparator="LongType", key_validation="UTF8Type",
                   default_validation="BytesType", gc_grace=3600)])),
        v19.set_keyspace(ks),
        v19.batch_mutate(pts, cl=ONE),
        # range queries by time
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=long_(base + 60000), finish=long_(base + 150000), count=100)),
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=long_(base + 300000), finish=long_(base), reversed=True,
                           count=3)),
        v19.get_slice(locs[1], cparent("metrics_full"),
                      pred(start="", finish="", reversed=True, count=1)),
        # rollups written in a second batch
        v19.batch_mutate({locs[0]: {"metrics_5m": [ins(long_(base), b"\x01\x02roll", 50,
                                                       ttl=604800)]},
                          locs[2]: {"metrics_5m": [ins(long_(base), b"\x01\x03roll", 50,
                                                       ttl=604800)]}}),
        v19.multiget_slice(locs, cparent("metrics_5m"), pred(start=long_(base - 1),
                                                             finish=long_(base + 300000))),
        v19.get_count(locs[0], cparent("metrics_full"),
                      pred(start=long_(base), finish=long_(base + 120000))),
        # mistakes: a 4-byte name on LongType, a reversed range given in ascending order,
        # a negative TTL, a TTL of zero
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=b"\x00\x00\x01\x00", finish="", count=5)),
        v19.get_slice(locs[0], cparent("metrics_full"),
                      pred(start=long_(base), finish=long_(base + 90000), reversed=True)),
        v19.batch_mutate({locs[0]: {"metrics_full": [ins(long_(base + 1), long_(1), 60,
                                                         ttl=-5)]}}),
        v19.insert(locs[0], cparent("metrics_full"), column(long_(base + 2), long_(2), 60, ttl=0)),
        v19.get(locs[2], cpath("metrics_full", col=long_(base + 30000 * 4))),
        v19.get(locs[2], cpath("metrics_full", col=long_(base + 1))),
    ]


@scenario("ord19n_blueflood_locators", "19", "metrics", keyspace_reset="DATA_LOC")
def blueflood_locators():
    """Blueflood's locator rows (shard -> locators), a multiget of many locators, deletes by
    timestamp (an older delete does not hide newer points), truncation of a rollup table."""
    ks = "DATA_LOC"
    locs = ["tenant%d.host%d.load" % (t, h) for t in range(2) for h in range(6)]
    shard = {}
    for i, loc in enumerate(locs):
        shard.setdefault("%d" % (i % 4), []).append(ins(loc, "", 5))
    muts = {k: {"metrics_locator": v} for k, v in shard.items()}
    pts = {loc: {"metrics_string": [ins(long_(1000 + i), "state-%d" % i, 20 + i)
                                    for i in range(4)]} for loc in locs[:6]}
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "metrics_locator", comparator="UTF8Type", key_validation="UTF8Type"),
            cf_def(ks, "metrics_string", comparator="LongType", key_validation="UTF8Type",
                   default_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.batch_mutate(muts),
        v19.batch_mutate(pts),
        v19.get_slice("0", cparent("metrics_locator"), pred(start="", count=1000)),
        v19.multiget_slice(["0", "1", "2", "3", "4"], cparent("metrics_locator"),
                           pred(start="", count=1000)),
        v19.multiget_count(["0", "1", "9"], cparent("metrics_locator"), pred(start="", count=1000)),
        v19.multiget_slice(locs, cparent("metrics_string"),
                           pred(start=long_(1001), finish=long_(1002))),
        # deletes by timestamp: a row delete older than two points, a column delete
        v19.remove(locs[0], cpath("metrics_string"), 21),
        v19.get_slice(locs[0], cparent("metrics_string"), pred(start="", count=10)),
        v19.batch_mutate({locs[1]: {"metrics_string": [mutation(deletion_=deletion(
            timestamp=30, predicate=pred(names=[long_(1000), long_(1003)])))]}}),
        v19.get_slice(locs[1], cparent("metrics_string"), pred(start="", count=10)),
        # locator removal from a shard
        v19.remove("0", cpath("metrics_locator", col=locs[0]), 6),
        v19.get_count("0", cparent("metrics_locator"), pred(start="", count=1000)),
        # mistakes: a range deletion, a deletion without a timestamp, a delete of a super column
        v19.batch_mutate({locs[2]: {"metrics_string": [mutation(deletion_=deletion(
            timestamp=40, predicate=pred(start=long_(1000), finish=long_(1002))))]}}),
        v19.batch_mutate({locs[2]: {"metrics_string": [mutation(deletion_=deletion(
            predicate=pred(names=[long_(1000)])))]}}),
        v19.remove(locs[3], cpath("metrics_string", sc=long_(1000)), 40),
        v19.truncate("metrics_string"),
        v19.get_range_slices(cparent("metrics_string"), pred(start="", count=2),
                             key_range(start_key="", end_key="", count=10)),
    ]


# ---------------------------------------------------------------- cqlengine (1.2/2.0)
@scenario("ord19n_cqlengine_sync", "19", "cql3", keyspace_reset="ce_app")
def cqlengine_sync():
    """cqlengine's create_keyspace / sync_table: schema tables read to decide what exists,
    CREATE TABLE with compaction and caching options, ALTER TABLE ADD of a missing column,
    CREATE INDEX, then a second sync that finds everything."""
    ks = "ce_app"
    return [
        cql("SELECT keyspace_name FROM system.schema_keyspaces WHERE keyspace_name = 'ce_app'"),
        create_ks_cql(ks),
        cql("SELECT keyspace_name, durable_writes, strategy_class FROM system.schema_keyspaces "
            "WHERE keyspace_name = 'ce_app'"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'ce_app'"),
        cql("CREATE TABLE ce_app.blog_post (blog_id uuid, post_id timeuuid, title text, "
            "body text, PRIMARY KEY (blog_id, post_id)) WITH CLUSTERING ORDER BY (post_id DESC) "
            "AND compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 160} "
            "AND caching = 'keys_only' AND comment = 'posts'"),
        cql("SELECT columnfamily_name, comparator, key_validator, compaction_strategy_class, "
            "compaction_strategy_options, comment FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'ce_app' AND columnfamily_name = 'blog_post'"),
        cql("SELECT column_name, validator, component_index FROM system.schema_columns "
            "WHERE keyspace_name = 'ce_app' AND columnfamily_name = 'blog_post'"),
        cql("ALTER TABLE ce_app.blog_post ADD tags set<text>"),
        cql("ALTER TABLE ce_app.blog_post ADD author text"),
        cql("CREATE INDEX blog_post_author_idx ON ce_app.blog_post (author)"),
        cql("SELECT column_name, index_name, index_type FROM system.schema_columns "
            "WHERE keyspace_name = 'ce_app' AND columnfamily_name = 'blog_post'"),
        # a model with options of 2.0 and 2.1
        cql("CREATE TABLE ce_app.page_view (page text PRIMARY KEY, views int) WITH "
            "default_time_to_live = 3600 AND speculative_retry = '99percentile'"),
        cql("CREATE TABLE ce_app.page_meta (page text PRIMARY KEY, owner text) WITH "
            "caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}"),
        # mistakes: a second sync that creates again, an ALTER of a key column,
        # an index on a collection, an unknown option, a bad compaction class
        cql("CREATE TABLE ce_app.blog_post (blog_id uuid PRIMARY KEY, title text)"),
        cql("ALTER TABLE ce_app.blog_post ADD title text"),
        cql("ALTER TABLE ce_app.blog_post ALTER blog_id TYPE timeuuid"),
        cql("CREATE INDEX ON ce_app.blog_post (tags)"),
        cql("CREATE TABLE ce_app.bad1 (k int PRIMARY KEY, v int) WITH read_repair = 0.1"),
        cql("CREATE TABLE ce_app.bad2 (k int PRIMARY KEY, v int) WITH "
            "compaction = {'class': 'NoSuchStrategy'}"),
        cql("DROP TABLE ce_app.page_meta"),
        cql("SELECT columnfamily_name FROM system.schema_columnfamilies "
            "WHERE keyspace_name = 'ce_app'"),
    ]


@scenario("ord19n_cqlengine_models", "19", "cql3", keyspace_reset="ce_models")
def cqlengine_models():
    """cqlengine models at work: counters with BEGIN COUNTER BATCH, logged and unlogged
    batches, filters __gt/__in on clustering columns, ALLOW FILTERING, TTL and USING
    TIMESTAMP, collection updates (map key set, list append/remove/index, set element
    delete)."""
    ks = "ce_models"
    T = 1380000000000000
    return [
        create_ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE event (owner text, seq int, kind text, tags set<text>, "
            "attrs map<text, text>, trail list<int>, PRIMARY KEY (owner, seq))"),
        cql("CREATE TABLE hits (page text PRIMARY KEY, n counter)"),
        cql("BEGIN BATCH USING TIMESTAMP %d "
            "INSERT INTO event (owner, seq, kind, tags) VALUES ('o1', 1, 'login', {'web'}) "
            "INSERT INTO event (owner, seq, kind, attrs) VALUES ('o1', 2, 'view', {'p': '/a'}) "
            "INSERT INTO event (owner, seq, kind, trail) VALUES ('o1', 3, 'click', [1, 2, 3]) "
            "APPLY BATCH" % T),
        cql("BEGIN UNLOGGED BATCH "
            "INSERT INTO event (owner, seq, kind) VALUES ('o2', 1, 'login') USING TIMESTAMP %d "
            "INSERT INTO event (owner, seq, kind) VALUES ('o2', 5, 'logout') USING TIMESTAMP %d "
            "APPLY BATCH" % (T, T)),
        cql("BEGIN COUNTER BATCH UPDATE hits SET n = n + 1 WHERE page = '/a' "
            "UPDATE hits SET n = n + 5 WHERE page = '/b' UPDATE hits SET n = n - 2 "
            "WHERE page = '/a' APPLY BATCH"),
        cql("SELECT page, n FROM hits WHERE page IN ('/a', '/b', '/c')"),
        cql("SELECT seq, kind FROM event WHERE owner = 'o1' AND seq > 1"),
        cql("SELECT seq, kind FROM event WHERE owner = 'o1' AND seq IN (1, 3)"),
        cql("SELECT owner, seq, kind FROM event WHERE kind = 'login' ALLOW FILTERING"),
        cql("UPDATE event USING TIMESTAMP %d SET attrs['q'] = '/b', trail = trail + [4] "
            "WHERE owner = 'o1' AND seq = 2" % (T + 1)),
        cql("UPDATE event USING TIMESTAMP %d SET trail = trail - [2] WHERE owner = 'o1' "
            "AND seq = 3" % (T + 1)),
        cql("UPDATE event USING TIMESTAMP %d SET tags = tags + {'mobile'} WHERE owner = 'o1' "
            "AND seq = 1" % (T + 1)),
        cql("DELETE tags['web'] FROM event USING TIMESTAMP %d WHERE owner = 'o1' AND seq = 1"
            % (T + 2)),
        v19.set_keyspace(ks),  # the pool's next connection (1.2 dropped this one)
        cql("DELETE attrs['p'] FROM event USING TIMESTAMP %d WHERE owner = 'o1' AND seq = 2"
            % (T + 2)),
        cql("SELECT seq, tags, attrs, trail, writetime(kind) FROM event WHERE owner = 'o1'"),
        cql("INSERT INTO event (owner, seq, kind) VALUES ('o3', 1, 'temp') USING TTL 600 "
            "AND TIMESTAMP %d" % T),
        cql("SELECT owner, seq, kind, writetime(kind) FROM event WHERE owner = 'o3'"),
        # mistakes: filtering without ALLOW FILTERING, a counter set, a counter in a logged
        # batch, an index set out of range, a list index set on a missing list, an
        # IN on the partition key with an ORDER BY
        cql("SELECT owner, seq FROM event WHERE kind = 'login'"),
        cql("UPDATE hits SET n = 3 WHERE page = '/a'"),
        cql("BEGIN BATCH UPDATE hits SET n = n + 1 WHERE page = '/a' APPLY BATCH"),
        cql("UPDATE event SET trail[7] = 9 WHERE owner = 'o1' AND seq = 3"),
        cql("UPDATE event SET trail[0] = 9 WHERE owner = 'o2' AND seq = 1"),
        cql("SELECT seq FROM event WHERE owner IN ('o1', 'o2') ORDER BY seq DESC"),
        cql("INSERT INTO hits (page, n) VALUES ('/z', 1)"),
        cql("SELECT seq, kind FROM event WHERE owner = 'o1' AND seq > 1 AND kind = 'view'"),
    ]


# ---------------------------------------------------------------- Kettle / Talend (1.2)
@scenario("ord19n_kettle", "19", "cql3", keyspace_reset="etl_out")
def kettle():
    """A Pentaho Kettle / Talend output step: describe_keyspace to map the table's columns,
    then CQL 3 writes with unprepared literals of every type (blobs as 0x...), an unlogged
    batch of many inserts, and the rows read back."""
    ks = "etl_out"
    T = 1380000000000000
    batch = " ".join("INSERT INTO facts (id, amount, note) VALUES (%d, %d.5, 'row %d')" % (i, i, i)
                     for i in range(120))
    return [
        create_ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE alltypes (id int PRIMARY KEY, a ascii, bi bigint, bl blob, bo boolean, "
            "de decimal, do double, fl float, ip inet, te text, ti timestamp, uu uuid, "
            "tu timeuuid, vc varchar, vi varint)"),
        cql("CREATE TABLE facts (id int PRIMARY KEY, amount double, note text)"),
        v19.describe_keyspace(ks),
        cql("INSERT INTO alltypes (id, a, bi, bl, bo, de, do, fl, ip, te, ti, uu, tu, vc, vi) "
            "VALUES (1, 'abc', 9223372036854775807, 0xcafebabe, true, 12.345, 1.5e10, 2.25, "
            "'10.0.0.1', 'zürich', '2013-09-24 10:00:00+0000', "
            "62c36092-82a1-3a00-93d1-46196ee77204, e7ee5a30-24ba-11e3-8224-0800200c9a66, "
            "'vc', 123456789012345678901234567890) USING TIMESTAMP %d" % T),
        cql("INSERT INTO alltypes (id, bi, bo, ti, ip) VALUES (2, -1, false, 1380016800000, "
            "'::1') USING TIMESTAMP %d" % T),
        cql("INSERT INTO alltypes (id, ti) VALUES (3, '2013-09-24') USING TIMESTAMP %d" % T),
        cql("SELECT * FROM alltypes WHERE id IN (1, 2, 3)"),
        cql("BEGIN UNLOGGED BATCH USING TIMESTAMP %d %s APPLY BATCH" % (T, batch)),
        cql("SELECT COUNT(*) FROM facts"),
        cql("SELECT id, amount, note FROM facts WHERE id IN (0, 59, 119, 120)"),
        cql("SELECT COUNT(*) FROM facts LIMIT 50"),
        # mistakes: a timestamp in a bad format, a blob given as a string, a bad inet,
        # an int out of range, a uuid for a timeuuid column, a quoted number
        cql("INSERT INTO alltypes (id, ti) VALUES (4, '24/09/2013 10:00')"),
        cql("INSERT INTO alltypes (id, bl) VALUES (5, 'cafebabe')"),
        cql("INSERT INTO alltypes (id, ip) VALUES (6, '300.1.1.1')"),
        cql("INSERT INTO alltypes (id, bi) VALUES (7, 99999999999999999999)"),
        cql("INSERT INTO alltypes (id, tu) VALUES (8, 62c36092-82a1-3a00-93d1-46196ee77204)"),
        cql("INSERT INTO alltypes (id, bi) VALUES (9, '42')"),
        cql("INSERT INTO alltypes (id, bl) VALUES (10, 0xabc)"),
        cql("SELECT id FROM alltypes WHERE id = 4"),
    ]


# ---------------------------------------------------------------- WSO2 BAM on Hector
@scenario("ord19n_wso2bam", "19", "index", keyspace_reset="EVENT_KS")
def wso2bam():
    """WSO2 BAM's Cassandra event store: one column family per stream version with typed
    column_metadata, a payload column added later by system_update_column_family with a KEYS
    index, get_indexed_slices over it."""
    ks = "EVENT_KS"
    cf = "org_wso2_bam_phone_retail_store_kpi"
    meta = [column_def("meta_ip", "UTF8Type"), column_def("payload_brand", "UTF8Type"),
            column_def("payload_quantity", "Int32Type"),
            column_def("payload_total", "DoubleType")]
    rows = {}
    import struct as st
    for i in range(6):
        rows["1380000000000::10.0.0.%d::%d" % (i, i)] = {cf: [
            ins("meta_ip", "10.0.0.%d" % i, 10),
            ins("payload_brand", ["Nokia", "Apple", "Samsung"][i % 3], 10),
            ins("payload_quantity", st.pack(">i", i + 1), 10),
            ins("payload_total", st.pack(">d", 99.5 * (i + 1)), 10),
            ins("payload_user", "user%d" % (i % 2), 10)]}
    return [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ks_def(ks, [])),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, cf, comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="BytesType",
                                            column_metadata=meta, comment="stream 1.0.0")),
        v19.system_update_column_family(cf_def(
            ks, cf, comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="BytesType", comment="stream 1.0.0",
            column_metadata=meta + [column_def("payload_user", "UTF8Type", KEYS_INDEX,
                                               "payload_user_idx")])),
        v19.batch_mutate(rows, cl=QUORUM),
        v19.describe_keyspace(ks),
        v19.get_indexed_slices(cparent(cf), index_clause([index_expr("payload_user", EQ,
                                                                     "user1")], count=10),
                               pred(names=["payload_brand", "payload_quantity"])),
        v19.get_indexed_slices(cparent(cf), index_clause([
            index_expr("payload_user", EQ, "user0"),
            index_expr("payload_quantity", GT, st.pack(">i", 2))], count=10),
            pred(start="", count=10)),
        v19.get_range_slices(cparent(cf), pred(names=["payload_total"]),
                             key_range(start_key="", end_key="", count=3,
                                       row_filter=[index_expr("payload_brand", EQ, "Apple")])),
        # stream version 2.0.0 gets its own column family
        v19.system_add_column_family(cf_def(ks, cf + "_2_0_0", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            column_metadata=meta[:2])),
        # mistakes: a value of the wrong type for Int32Type, an index query with no EQ,
        # an index expression on an unindexed column, a cf name with a dot, a cf twice
        v19.insert("bad", cparent(cf), column("payload_quantity", "seven", 20)),
        v19.insert("bad", cparent(cf), column("payload_total", b"\x00\x01", 20)),
        v19.get_indexed_slices(cparent(cf), index_clause([index_expr("payload_quantity", GTE,
                                                                     st.pack(">i", 1))]),
                               pred(start="", count=10)),
        v19.get_indexed_slices(cparent(cf), index_clause([index_expr("payload_brand", EQ,
                                                                     "Nokia")]),
                               pred(start="", count=10)),
        v19.system_add_column_family(cf_def(ks, "org.wso2.bam.kpi", comparator="UTF8Type")),
        v19.system_add_column_family(cf_def(ks, cf, comparator="UTF8Type")),
        v19.system_update_column_family(cf_def(ks, cf, comparator="BytesType",
                                               column_metadata=meta)),
    ]


# ---------------------------------------------------------------- Camel / James (2.1)
@scenario("ord19n_udt_mail", "19", "cql3", keyspace_reset="james_mail")
def udt_mail():
    """Apache James / Camel's cassandraql on 2.1: user-defined types and tuples through CQL
    over Thrift (CREATE TYPE, frozen columns, ALTER TYPE ADD, DROP TYPE still in use),
    the errors an older release gives the same statements."""
    ks = "james_mail"
    T = 1420000000000000
    return [
        create_ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TYPE address (name text, mail text)"),
        cql("CREATE TYPE IF NOT EXISTS address (name text, mail text)"),
        cql("CREATE TABLE message (mailbox text, uid bigint, sender frozen<address>, "
            "recipients list<frozen<address>>, flags tuple<boolean, boolean, int>, "
            "PRIMARY KEY (mailbox, uid))"),
        cql("INSERT INTO message (mailbox, uid, sender, recipients, flags) VALUES ('inbox', 1, "
            "{name: 'Ann', mail: 'ann@x.org'}, [{name: 'Bob', mail: 'bob@x.org'}], "
            "(true, false, 3)) USING TIMESTAMP %d" % T),
        cql("INSERT INTO message (mailbox, uid, sender) VALUES ('inbox', 2, "
            "{mail: 'cyd@x.org'}) USING TIMESTAMP %d" % T),
        cql("SELECT uid, sender, recipients, flags FROM message WHERE mailbox = 'inbox'"),
        cql("SELECT sender.mail FROM message WHERE mailbox = 'inbox' AND uid = 1"),
        cql("ALTER TYPE address ADD display text"),
        cql("INSERT INTO message (mailbox, uid, sender) VALUES ('inbox', 3, "
            "{name: 'Dee', mail: 'dee@x.org', display: 'Dee D'}) USING TIMESTAMP %d" % T),
        cql("SELECT uid, sender FROM message WHERE mailbox = 'inbox'"),
        cql("UPDATE message USING TIMESTAMP %d SET recipients = recipients + "
            "[{name: 'Eve', mail: 'eve@x.org'}] WHERE mailbox = 'inbox' AND uid = 1" % (T + 1)),
        cql("SELECT recipients FROM message WHERE mailbox = 'inbox' AND uid = 1"),
        cql("SELECT type_name, field_names, field_types FROM system.schema_usertypes "
            "WHERE keyspace_name = 'james_mail'"),
        # mistakes: a field update on a frozen UDT, an unknown field, a tuple of the wrong
        # arity, a non-frozen UDT column, DROP TYPE still used, ALTER TYPE of an unknown one
        cql("UPDATE message SET sender.mail = 'new@x.org' WHERE mailbox = 'inbox' AND uid = 1"),
        cql("INSERT INTO message (mailbox, uid, sender) VALUES ('inbox', 4, "
            "{name: 'Fay', phone: '555'})"),
        cql("INSERT INTO message (mailbox, uid, flags) VALUES ('inbox', 5, (true, 1))"),
        cql("CREATE TABLE bad_msg (k int PRIMARY KEY, a address)"),
        cql("DROP TYPE address"),
        cql("ALTER TYPE nosuch ADD x int"),
        cql("ALTER TYPE address ADD name text"),
        cql("DROP TABLE message"),
        cql("DROP TYPE address"),
    ]


# ---------------------------------------------------------------- 2.2-era apps
@scenario("ord19n_22_types_json", "19", "cql3", keyspace_reset="app22_json")
def types_json():
    """An app written for 2.2: date, time, smallint and tinyint columns, INSERT ... JSON,
    SELECT JSON, toJson / fromJson; on older releases (a downgrade test) each fails."""
    ks = "app22_json"
    T = 1450000000000000
    return [
        create_ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE reading (station text, day date, at time, temp smallint, "
            "quality tinyint, note text, PRIMARY KEY (station, day, at))"),
        cql("CREATE TABLE profile (id int PRIMARY KEY, name text, tags set<text>, "
            "scores map<text, int>)"),
        cql("INSERT INTO reading (station, day, at, temp, quality, note) VALUES ('s1', "
            "'2015-12-01', '08:30:00', 215, 3, 'ok') USING TIMESTAMP %d" % T),
        cql("INSERT INTO reading (station, day, at, temp, quality) VALUES ('s1', '2015-12-01', "
            "'12:00:00.250', -40, 1) USING TIMESTAMP %d" % T),
        cql("SELECT day, at, temp, quality FROM reading WHERE station = 's1'"),
        cql("INSERT INTO profile JSON '{\"id\": 1, \"name\": \"Ann\", \"tags\": [\"a\", \"b\"], "
            "\"scores\": {\"x\": 3}}'"),
        cql("SELECT JSON id, name, tags, scores FROM profile WHERE id = 1"),
        cql("SELECT id, toJson(tags) FROM profile WHERE id = 1"),
        cql("INSERT INTO profile (id, name, scores) VALUES (2, fromJson('\"Bob\"'), "
            "fromJson('{\"y\": 7}')) USING TIMESTAMP %d" % T),
        v19.set_keyspace(ks),  # a new connection (2.2 dropped the last one)
        cql("SELECT JSON * FROM profile WHERE id = 2"),
        cql("SELECT JSON day, temp FROM reading WHERE station = 's1'"),
        # mistakes: JSON naming a missing column, a smallint out of range, a date in a bad
        # format, a time past midnight
        cql("INSERT INTO profile JSON '{\"id\": 3, \"nickname\": \"C\"}'"),
        cql("INSERT INTO reading (station, day, at, temp) VALUES ('s2', '2015-12-01', "
            "'09:00:00', 40000)"),
        cql("INSERT INTO reading (station, day, at) VALUES ('s2', '01/12/2015', '09:00:00')"),
        cql("INSERT INTO reading (station, day, at) VALUES ('s2', '2015-12-01', '25:00:00')"),
        cql("INSERT INTO profile JSON '{\"id\": \"four\"}'"),
    ]


@scenario("ord19n_22_aggregates", "19", "cql3", keyspace_reset="app22_agg")
def aggregates():
    """An app written for 2.2: built-in count(*), min, max, sum, avg over a partition,
    CREATE FUNCTION on a stock yaml (user functions disabled), PER PARTITION LIMIT (3.6)."""
    ks = "app22_agg"
    T = 1450000000000000
    steps = [create_ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE sales (shop text, day int, amount int, price double, "
                 "label text, PRIMARY KEY (shop, day))")]
    for d, a, p in ((1, 10, 2.5), (2, 4, 3.0), (3, 7, 1.25), (4, 12, 2.0)):
        steps.append(cql("INSERT INTO sales (shop, day, amount, price, label) VALUES ('s1', %d, "
                         "%d, %s, 'd%d') USING TIMESTAMP %d" % (d, a, p, d, T)))
    steps.append(cql("INSERT INTO sales (shop, day, amount) VALUES ('s2', 1, 5) "
                     "USING TIMESTAMP %d" % T))
    steps += [
        cql("SELECT count(*) FROM sales WHERE shop = 's1'"),
        cql("SELECT min(amount), max(amount), sum(amount), avg(amount) FROM sales "
            "WHERE shop = 's1'"),
        cql("SELECT sum(price), avg(price) FROM sales WHERE shop = 's1' AND day >= 2"),
        cql("SELECT count(amount), count(price) FROM sales"),
        cql("SELECT max(label) FROM sales WHERE shop = 's1'"),
        # mistakes: sum of text, CREATE FUNCTION disabled, PER PARTITION LIMIT, an aggregate
        # mixed with a plain column, an unknown function
        cql("SELECT sum(label) FROM sales WHERE shop = 's1'"),
        cql("CREATE FUNCTION twice (x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java "
            "AS 'return x * 2;'"),
        cql("SELECT shop, day FROM sales PER PARTITION LIMIT 1"),
        cql("SELECT day, max(amount) FROM sales WHERE shop = 's1'"),
        cql("SELECT median(amount) FROM sales WHERE shop = 's1'"),
        cql("SELECT count(*) FROM sales WHERE shop = 's3'"),
    ]
    return steps


# ---------------------------------------------------------------- Akka-persistence-style journal
@scenario("ord19n_journal", "19", "cql3", keyspace_reset="akka_journal")
def journal():
    """A persistence journal through CQL over Thrift: messages partitioned by
    (persistence_id, partition_nr) with sequence_nr clustering, a static column for the
    partition's metadata, replays by sequence range, deletes of one event (a range delete
    first, which these releases refused)."""
    ks = "akka_journal"
    T = 1400000000000000
    steps = [create_ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE messages (persistence_id text, partition_nr bigint, "
                 "sequence_nr bigint, marker text, message blob, used boolean static, "
                 "PRIMARY KEY ((persistence_id, partition_nr), sequence_nr)) "
                 "WITH compaction = {'class': 'SizeTieredCompactionStrategy'}"),
             cql("CREATE TABLE journal_meta (persistence_id text, deleted_to bigint, "
                 "PRIMARY KEY (persistence_id))"),
             cql("CREATE TABLE messages_plain (persistence_id text, partition_nr bigint, "
                 "sequence_nr bigint, marker text, message blob, "
                 "PRIMARY KEY ((persistence_id, partition_nr), sequence_nr))")]
    ins_q = ("INSERT INTO messages_plain (persistence_id, partition_nr, sequence_nr, marker, "
             "message) VALUES (?, ?, ?, 'A', ?) USING TIMESTAMP %d" % T)
    p_ins, id_ins = prep(ks, ins_q)
    sel_q = ("SELECT sequence_nr, marker, message FROM messages_plain WHERE persistence_id = ? "
             "AND partition_nr = ? AND sequence_nr >= ? AND sequence_nr <= ?")
    p_sel, id_sel = prep(ks, sel_q)
    steps += [p_ins, p_sel]
    for s in range(1, 7):
        steps.append(v19.execute_prepared_cql3_query(
            id_ins, ["p-1", long_((s - 1) // 5), long_(s), b"evt%d" % s]))
    steps += [
        v19.execute_prepared_cql3_query(id_sel, ["p-1", long_(0), long_(2), long_(4)]),
        v19.execute_prepared_cql3_query(id_sel, ["p-1", long_(1), long_(1), long_(100)]),
        cql("SELECT sequence_nr FROM messages_plain WHERE persistence_id = 'p-1' AND "
            "partition_nr = 0 ORDER BY sequence_nr DESC LIMIT 1"),
        cql("INSERT INTO messages (persistence_id, partition_nr, sequence_nr, marker, message, "
            "used) VALUES ('p-2', 0, 1, 'A', 0x01, true) USING TIMESTAMP %d" % T),
        cql("INSERT INTO messages (persistence_id, partition_nr, used) VALUES ('p-2', 1, true) "
            "USING TIMESTAMP %d" % T),
        cql("SELECT persistence_id, partition_nr, sequence_nr, used FROM messages "
            "WHERE persistence_id = 'p-2' AND partition_nr = 0"),
        cql("SELECT used FROM messages WHERE persistence_id = 'p-2' AND partition_nr = 1"),
        # deletes: a range on the clustering column (refused), then one by one
        cql("DELETE FROM messages_plain WHERE persistence_id = 'p-1' AND partition_nr = 0 "
            "AND sequence_nr <= 3"),
        cql("DELETE FROM messages_plain USING TIMESTAMP %d WHERE persistence_id = 'p-1' AND "
            "partition_nr = 0 AND sequence_nr = 1" % (T + 1)),
        cql("UPDATE messages_plain USING TIMESTAMP %d SET marker = 'D' WHERE "
            "persistence_id = 'p-1' AND partition_nr = 0 AND sequence_nr = 2" % (T + 1)),
        cql("INSERT INTO journal_meta (persistence_id, deleted_to) VALUES ('p-1', 2) "
            "USING TIMESTAMP %d" % T),
        v19.execute_prepared_cql3_query(id_sel, ["p-1", long_(0), long_(0), long_(9)]),
        # mistakes: the partition key given in part, a sequence_nr bound as an int
        cql("SELECT sequence_nr FROM messages_plain WHERE persistence_id = 'p-1'"),
        v19.execute_prepared_cql3_query(id_sel, ["p-1", long_(0), b"\x00\x00\x00\x01",
                                                 long_(9)]),
        cql("DELETE FROM messages_plain WHERE persistence_id = 'p-1' AND partition_nr = 0 "
            "AND sequence_nr IN (4, 5)"),
        v19.execute_prepared_cql3_query(id_sel, ["p-1", long_(0), long_(0), long_(9)]),
    ]
    return steps


# ---------------------------------------------------------------- later IDL clients
@scenario("ord19n_later_idl", "19", "upgrade", keyspace_reset="up_idl")
def later_idl():
    """A client built against 2.1's IDL (19.39) on an older release during a rolling
    upgrade: CfDef fields the release did not declare (speculative_retry, default TTL,
    cells_per_row_to_cache, min/max_index_interval), cas() and get_multi_slice()."""
    ks = "up_idl"
    extra = {40: W.i32(0), 42: b("NONE"), 44: b("100"), 45: W.i32(128), 46: W.i32(2048)}
    return [
        v19.system_add_keyspace(ks_def(ks, [cf_def(ks, "users", comparator="UTF8Type",
                                                   key_validation="UTF8Type",
                                                   default_validation="UTF8Type",
                                                   extra=extra)])),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.insert("jdoe", cparent("users"), column("email", "jdoe@x.org", 10)),
        v19.insert("jdoe", cparent("users"), column("nick", "jd", 10)),
        v19.insert("jdoe", cparent("users"), column("city", "Oslo", 10)),
        # cas(key, column_family, expected, updates, serial_consistency_level, commit_cl)
        raw("cas", {1: b("jdoe"), 2: b("users"),
                    3: W.list_("struct", [column("email", "jdoe@x.org", None)]),
                    4: W.list_("struct", [column("email", "john@x.org", 20)]),
                    5: W.i32(9), 6: W.i32(ONE)}),
        raw("cas", {1: b("asmith"), 2: b("users"), 3: W.list_("struct", []),
                    4: W.list_("struct", [column("email", "ann@x.org", 20)]),
                    5: W.i32(9), 6: W.i32(QUORUM)}),
        # (cas writes at its ballot's time: only counted here)
        v19.multiget_count(["jdoe", "asmith"], cparent("users"), pred(start="", count=10)),
        # get_multi_slice(MultiSliceRequest{key, column_parent, column_slices, reversed,
        # count, consistency_level})
        raw("get_multi_slice", {1: W.struct({
            1: b("jdoe"), 2: cparent("users"),
            3: W.list_("struct", [W.struct({1: b("a"), 2: b("d")}),
                                  W.struct({1: b("n"), 2: b("z")})]),
            4: W.boolean(False), 5: W.i32(100), 6: W.i32(ONE)})}),
        raw("describe_local_ring", {1: b(ks)}).mask("0/*/1", "0/*/2", "0/*/3", "0/*/4",
                                                    "0/*/5"),
        v19.system_update_column_family(cf_def(ks, "users", comparator="UTF8Type",
                                               key_validation="UTF8Type",
                                               default_validation="UTF8Type",
                                               extra={40: W.i32(86400), 42: b("99PERCENTILE")})),
        v19.describe_keyspace(ks),
        v19.insert("tmp", cparent("users"), column("email", "t@x.org", 30)),
        v19.get_slice("tmp", cparent("users"), pred(start="", count=10)),
        raw("cas", {1: b("jdoe"), 2: b("nosuch"), 3: W.list_("struct", []),
                    4: W.list_("struct", [column("email", "x", 40)]),
                    5: W.i32(ONE), 6: W.i32(ONE)}),
    ]


@scenario("ord19n_session_store", "19", "crud", keyspace_reset="web_sess")
def session_store():
    """A web session store written for 2.0 on plain Thrift (Hector-style): sessions with a
    TTL, counters of page views, a CQL 3 lightweight-transaction login lock and the errors an
    app meets (wrong consistency for counters, TTL on counters, IF on 1.2)."""
    ks = "web_sess"
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "sessions", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "views", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="CounterColumnType")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"sid-1": {"sessions": [ins("user", "ann", 10, ttl=1800),
                                                 ins("cart", "[]", 10, ttl=1800)]},
                          "sid-2": {"sessions": [ins("user", "bob", 10, ttl=1800)]}}),
        v19.get_slice("sid-1", cparent("sessions"), pred(start="", count=20)),
        v19.add("/home", cparent("views"), counter_column("2013-09-24", 1)),
        v19.add("/home", cparent("views"), counter_column("2013-09-24", 2)),
        v19.batch_mutate({"/cart": {"views": [mutation(cosc(counter_column=counter_column(
            "2013-09-24", 4)))]}}),
        v19.multiget_slice(["/home", "/cart"], cparent("views"), pred(start="", count=10)),
        v19.get("/home", cpath("views", col="2013-09-24")),
        v19.remove("sid-2", cpath("sessions"), 11),
        v19.get_slice("sid-2", cparent("sessions"), pred(start="", count=20)),
        cql("CREATE TABLE web_sess.locks (name text PRIMARY KEY, owner text)"),
        cql("INSERT INTO web_sess.locks (name, owner) VALUES ('checkout', 'node1') IF NOT EXISTS"),
        cql("INSERT INTO web_sess.locks (name, owner) VALUES ('checkout', 'node2') IF NOT EXISTS"),
        cql("UPDATE web_sess.locks SET owner = 'node2' WHERE name = 'checkout' IF owner = 'node1'"),
        cql("SELECT name, owner FROM web_sess.locks"),
        # mistakes: a counter at ANY, a plain column in a counter CF, remove_counter then add,
        # a session read of a key too long
        v19.add("/home", cparent("views"), counter_column("2013-09-24", 1), cl=6),
        v19.insert("/home", cparent("views"), column("2013-09-25", "x", 12)),
        v19.remove_counter("/cart", cpath("views", col="2013-09-24")),
        v19.get_slice("/cart", cparent("views"), pred(start="", count=10)),
        v19.get_slice("k" * 70000, cparent("sessions"), pred(start="", count=1)),
        v19.get("sid-1", cpath("sessions", col="nosuch"), cl=ALL),
    ]


# ---------------------------------------------------------------- more applications
@scenario("ord19n_cqlstorage_composite", "19", "hadoop", keyspace_reset="hd_comp")
def cqlstorage_composite():
    """CqlStorage over a table of a composite partition key: splits, token paging of
    `token(a, b)`, rows fetched by their partition's token, and the mistakes of a script
    given the wrong number or kind of values."""
    ks = "hd_comp"
    T = 1390000000000000
    steps = [create_ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE events (tenant text, day int, at int, payload text, "
                 "PRIMARY KEY ((tenant, day), at)) WITH CLUSTERING ORDER BY (at DESC)")]
    for t in ("acme", "globex"):
        for d in (1, 2):
            for a in (10, 20, 30):
                steps.append(cql("INSERT INTO events (tenant, day, at, payload) VALUES "
                                 "('%s', %d, %d, '%s-%d-%d') USING TIMESTAMP %d"
                                 % (t, d, a, t, d, a, T)))
    q1 = ("SELECT tenant, day, at, payload FROM events WHERE token(tenant, day) > ? AND "
          "token(tenant, day) <= ? LIMIT 5")
    q2 = "SELECT at, payload FROM events WHERE tenant = ? AND day = ? AND at < ? LIMIT 2"
    p1, id1 = prep(ks, q1)
    p2, id2 = prep(ks, q2)
    steps += [
        splits_ex("events", MIN_TOKEN, MIN_TOKEN, 1024),
        p1, p2,
        v19.execute_prepared_cql3_query(id1, [i64b(-(1 << 63)), i64b((1 << 63) - 1)]),
        v19.execute_prepared_cql3_query(id2, ["acme", b"\x00\x00\x00\x01", b"\x00\x00\x00\x1e"]),
        v19.execute_prepared_cql3_query(id2, ["acme", b"\x00\x00\x00\x02", b"\x00\x00\x00\x0b"]),
        cql("SELECT tenant, day, at FROM events WHERE token(tenant, day) > token('acme', 1)"),
        cql("SELECT tenant, day FROM events WHERE tenant = 'acme' AND day IN (1, 2) AND at = 20"),
        cql("SELECT DISTINCT tenant, day FROM events"),
        cql("SELECT at FROM events WHERE tenant = 'acme' AND day = 1 ORDER BY at ASC"),
        v19.get_range_slices(cparent("events"), pred(start="", count=3),
                             key_range(start_token=MIN_TOKEN, end_token=MIN_TOKEN, count=2)),
        # mistakes
        cql("SELECT at FROM events WHERE tenant = 'acme'"),
        cql("SELECT at FROM events WHERE token(tenant) > 0"),
        cql("SELECT at FROM events WHERE tenant = 'acme' AND day = 1 AND at > 10 ORDER BY at DESC "
            "ORDER BY at ASC"),
        v19.execute_prepared_cql3_query(id2, ["acme", b"\x00\x00\x00\x01"]),
        v19.execute_prepared_cql3_query(id2, ["acme", b"\x00\x01", b"\x00\x00\x00\x1e"]),
        v19.execute_prepared_cql3_query(id1, [i64b(0), "zero"]),
        cql("SELECT tenant, day FROM events WHERE token(tenant, day) > token('acme') LIMIT 1"),
        cql("UPDATE events SET payload = 'x' WHERE tenant = 'acme' AND day = 1"),
        cql("INSERT INTO events (tenant, at, payload) VALUES ('acme', 5, 'y')"),
    ]
    return steps


@scenario("ord19n_blueflood_meta", "19", "metrics", keyspace_reset="DATA_META")
def blueflood_meta():
    """Blueflood's metrics_metadata and its busy shards: UTF8 metadata columns, counters of
    ingested points, an app's slip-ups with slices and mutations."""
    ks = "DATA_META"
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "metrics_metadata", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type"),
            cf_def(ks, "ingest_counts", comparator="LongType", key_validation="UTF8Type",
                   default_validation="CounterColumnType")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"ac1.cpu": {"metrics_metadata": [ins("type", "I", 1), ins("unit", "%", 1),
                                                           ins("rollup_type", "GAUGE", 1)]},
                          "ac1.mem": {"metrics_metadata": [ins("type", "L", 1), ins("unit", "MB", 1)]}}),
        v19.batch_mutate({"shard-7": {"ingest_counts": [
            mutation(cosc(counter_column=counter_column(long_(1000), 12))),
            mutation(cosc(counter_column=counter_column(long_(2000), 3)))]}}),
        v19.add("shard-7", cparent("ingest_counts"), counter_column(long_(1000), 8)),
        v19.get_slice("shard-7", cparent("ingest_counts"), pred(start="", count=10)),
        v19.get_slice("ac1.cpu", cparent("metrics_metadata"), pred(names=["type", "unit", "nope"])),
        v19.multiget_slice(["ac1.cpu", "ac1.cpu", "ac1.mem"], cparent("metrics_metadata"),
                           pred(start="", count=10)),
        v19.get_slice("ac1.cpu", cparent("metrics_metadata"),
                      pred(start="unit", finish="rollup_type", reversed=True, count=10)),
        # mistakes: a finish before the start, a column and a deletion in one mutation, a
        # super column deletion on a standard family, an empty column name, a TTL past 20 years,
        # a counter on a plain family, a timestamp missing
        v19.get_slice("ac1.cpu", cparent("metrics_metadata"),
                      pred(start="unit", finish="rollup_type", count=10)),
        v19.batch_mutate({"ac1.cpu": {"metrics_metadata": [
            mutation(cosc(column=column("type", "D", 2)),
                     deletion(timestamp=2, predicate=pred(names=["unit"])))]}}),
        v19.batch_mutate({"ac1.cpu": {"metrics_metadata": [
            mutation(deletion_=deletion(timestamp=2, sc="x"))]}}),
        v19.insert("ac1.cpu", cparent("metrics_metadata"), column("", "v", 3)),
        v19.insert("ac1.cpu", cparent("metrics_metadata"), column("note", "v", 3, ttl=700000000)),
        v19.add("ac1.cpu", cparent("metrics_metadata"), counter_column("hits", 1)),
        v19.insert("ac1.cpu", cparent("metrics_metadata"), column("note", "v", None)),
        v19.batch_mutate({"shard-7": {"ingest_counts": [ins(long_(3000), long_(1), 4)]}}),
        v19.get_count("ac1.cpu", cparent("metrics_metadata"), pred(start="", count=100)),
    ]


@scenario("ord19n_lagom_offsets", "19", "cql3", keyspace_reset="lagom_ro")
def lagom_offsets():
    """A Lagom-style read side on 2.x: its offset store (timeuuid offsets), conditional
    registration of a processor, time-uuid functions, a conditional batch on one partition."""
    ks = "lagom_ro"
    T = 1460000000000000
    u1 = "e7ee5a30-24ba-11e3-8224-0800200c9a66"
    u2 = "f1b0d9a0-24ba-11e3-8224-0800200c9a66"
    return [
        create_ks_cql(ks), v19.set_keyspace(ks),
        cql("CREATE TABLE IF NOT EXISTS offsetStore (eventProcessorId text, tag text, "
            "timeUuidOffset timeuuid, sequenceOffset bigint, PRIMARY KEY (eventProcessorId, tag))"),
        cql("CREATE TABLE IF NOT EXISTS offsetStore (eventProcessorId text PRIMARY KEY)"),
        cql("INSERT INTO offsetStore (eventProcessorId, tag, timeUuidOffset, sequenceOffset) "
            "VALUES ('orders', 't1', %s, 5) USING TIMESTAMP %d" % (u1, T)),
        cql("INSERT INTO offsetStore (eventProcessorId, tag, timeUuidOffset) VALUES ('orders', "
            "'t2', %s) USING TIMESTAMP %d" % (u2, T)),
        cql("SELECT tag, timeUuidOffset, sequenceOffset FROM offsetStore WHERE "
            "eventProcessorId = 'orders'"),
        cql("SELECT tag, dateOf(timeUuidOffset), unixTimestampOf(timeUuidOffset) FROM offsetStore "
            "WHERE eventProcessorId = 'orders'"),
        cql("SELECT tag FROM offsetStore WHERE eventProcessorId = 'orders' AND tag > 't1'"),
        cql("CREATE TABLE registry (name text PRIMARY KEY, owner text, version int)"),
        cql("INSERT INTO registry (name, owner, version) VALUES ('orders', 'node-a', 1) "
            "IF NOT EXISTS"),
        cql("UPDATE registry SET version = 2 WHERE name = 'orders' IF version = 1"),
        cql("UPDATE registry SET version = 3 WHERE name = 'orders' IF version = 1"),
        cql("UPDATE registry SET owner = 'node-b' WHERE name = 'missing' IF EXISTS"),
        cql("DELETE FROM registry WHERE name = 'orders' IF owner = 'node-z'"),
        cql("SELECT name, owner, version FROM registry"),
        cql("BEGIN BATCH INSERT INTO offsetStore (eventProcessorId, tag, sequenceOffset) VALUES "
            "('users', 't1', 1) IF NOT EXISTS INSERT INTO offsetStore (eventProcessorId, tag, "
            "sequenceOffset) VALUES ('users', 't2', 1) APPLY BATCH"),
        cql("SELECT tag, sequenceOffset FROM offsetStore WHERE eventProcessorId = 'users'"),
        # mistakes: a condition on a key column, a conditional batch over two partitions,
        # USING TIMESTAMP with IF, a timeuuid function on a bigint, a malformed timeuuid
        cql("UPDATE registry SET owner = 'x' WHERE name = 'orders' IF name = 'orders'"),
        cql("BEGIN BATCH INSERT INTO offsetStore (eventProcessorId, tag) VALUES ('a', 't') "
            "IF NOT EXISTS INSERT INTO offsetStore (eventProcessorId, tag) VALUES ('b', 't') "
            "APPLY BATCH"),
        cql("INSERT INTO registry (name, owner) VALUES ('x', 'y') IF NOT EXISTS USING "
            "TIMESTAMP 5"),
        cql("SELECT dateOf(sequenceOffset) FROM offsetStore WHERE eventProcessorId = 'orders'"),
        cql("INSERT INTO offsetStore (eventProcessorId, tag, timeUuidOffset) VALUES ('o', 't', "
            "e7ee5a30-24ba-11e3-8224)"),
    ]


@scenario("ord19n_hector_schema", "19", "schema", keyspace_reset="bam_conf")
def hector_schema():
    """Hector's schema code of a 1.2/2.0 app: a NetworkTopologyStrategy keyspace, column
    families with compaction, compression, caching and bloom filter options, a round trip of
    describe_keyspace, keyspace updates, and the option mistakes."""
    ks = "bam_conf"
    opts = {29: b("LeveledCompactionStrategy"),
            30: W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("10"))]),
            32: W.map_("bin", "bin", [(b("sstable_compression"), b("DeflateCompressor")),
                                      (b("chunk_length_kb"), b("64"))]),
            33: W.double(0.01), 34: b("ALL"), 14: W.i32(864000), 12: W.double(0.1)}
    return [
        v19.system_add_keyspace(ks_def(ks, [], strategy="org.apache.cassandra.locator."
                                       "NetworkTopologyStrategy", options={"datacenter1": "1"})),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cf_def(ks, "config", comparator="UTF8Type",
                                            key_validation="UTF8Type",
                                            default_validation="UTF8Type", extra=opts)),
        v19.describe_keyspace(ks),
        v19.insert("bam", cparent("config"), column("port", "7711", 1)),
        v19.get("bam", cpath("config", col="port"), cl=ONE),
        v19.get("bam", cpath("config", col="port"), cl=QUORUM),
        v19.system_update_keyspace(ks_def(ks, [], strategy="org.apache.cassandra.locator."
                                          "NetworkTopologyStrategy",
                                          options={"datacenter1": "1"}, durable_writes=False)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cf_def(
            ks, "config", comparator="UTF8Type", key_validation="UTF8Type",
            default_validation="UTF8Type",
            extra={29: b("SizeTieredCompactionStrategy"),
                   30: W.map_("bin", "bin", [(b("min_threshold"), b("6"))]),
                   32: W.map_("bin", "bin", [(b("sstable_compression"), b(""))])})),
        v19.describe_keyspace(ks),
        v19.system_drop_column_family("config"),
        v19.system_add_column_family(cf_def(ks, "config", comparator="UTF8Type")),
        v19.describe_keyspace(ks),
        # mistakes
        v19.system_add_column_family(cf_def(ks, "c2", extra={
            32: W.map_("bin", "bin", [(b("sstable_compression"), b("NoSuchCompressor"))])})),
        v19.system_add_column_family(cf_def(ks, "c3", extra={
            30: W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("ten"))]),
            29: b("LeveledCompactionStrategy")})),
        v19.system_add_column_family(cf_def(ks, "c4", extra={34: b("EVERYTHING")})),
        v19.system_add_column_family(cf_def(ks, "c5", extra={33: W.double(1.5)})),
        v19.system_add_keyspace(ks_def("bam_conf2", [], strategy="org.apache.cassandra.locator."
                                       "NetworkTopologyStrategy",
                                       options={"datacenter1": "one"})),
        v19.system_add_keyspace(ks_def("bam_conf3", [], strategy="NetworkTopologyStrategy",
                                       options={"datacenter1": "1"})),
        v19.system_drop_keyspace("bam_conf3"),
        v19.get("bam", cpath("config", col="port"), cl=ALL),
    ]


@scenario("ord19n_cql_on_thrift_cf", "19", "cql3", keyspace_reset="etl_legacy")
def cql_on_thrift_cf():
    """An ETL tool of 1.2/2.0 reading column families Hector made, through CQL 3: quoted
    case-sensitive names, the default key / column1 / value names of a dynamic family, the
    declared columns of a static one, a rename of the key, and writes back."""
    ks = "etl_legacy"
    meta = [column_def("email", "UTF8Type"), column_def("age", "Int32Type")]
    return [
        v19.system_add_keyspace(ks_def(ks, [
            cf_def(ks, "Users", comparator="UTF8Type", key_validation="UTF8Type",
                   default_validation="UTF8Type", column_metadata=meta),
            cf_def(ks, "Timeline", comparator="LongType", key_validation="UTF8Type",
                   default_validation="UTF8Type")])),
        v19.set_keyspace(ks),
        v19.batch_mutate({"ann": {"Users": [ins("email", "ann@x.org", 1),
                                            ins("age", b"\x00\x00\x00\x1e", 1),
                                            ins("nick", "annie", 1)],
                                  "Timeline": [ins(long_(5), "hello", 1), ins(long_(9), "bye", 1)]},
                          "bob": {"Users": [ins("email", "bob@x.org", 1)]}}),
        cql('SELECT * FROM "Users"'),
        cql('SELECT key, email, age FROM "Users" WHERE key = \'ann\''),
        cql('SELECT * FROM "Timeline" WHERE key = \'ann\' AND column1 > 5'),
        cql('SELECT key, column1, value FROM "Timeline" LIMIT 10'),
        cql('INSERT INTO "Timeline" (key, column1, value) VALUES (\'bob\', 3, \'hi\') '
            'USING TIMESTAMP 1380000000000000'),
        cql('UPDATE "Users" USING TIMESTAMP 1380000000000000 SET email = \'b@x.org\' '
            'WHERE key = \'bob\''),
        v19.get_slice("bob", cparent("Timeline"), pred(start="", count=10)),
        cql('ALTER TABLE "Users" RENAME key TO user_id'),
        cql('SELECT user_id, email FROM "Users" WHERE user_id = \'bob\''),
        cql("SELECT columnfamily_name, key_aliases, column_aliases, value_alias, comparator "
            "FROM system.schema_columnfamilies WHERE keyspace_name = 'etl_legacy'"),
        v19.describe_keyspace(ks),
        # mistakes: unquoted mixed case, a column the static family does not declare, a
        # dynamic family's column1 given as text, an ALTER ADD on a dense family
        cql("SELECT * FROM Users"),
        cql('SELECT nick FROM "Users"'),
        cql('SELECT * FROM "Timeline" WHERE key = \'ann\' AND column1 = \'five\''),
        cql('ALTER TABLE "Timeline" ADD extra text'),
        cql('INSERT INTO "Users" (user_id, nick) VALUES (\'cyd\', \'c\')'),
    ]


@scenario("ord19n_index_queries", "19", "index", keyspace_reset="shop_idx")
def index_queries():
    """A shop catalogue on CQL 3 secondary indexes: indexes on a regular column, a
    collection's values, a map's keys (2.1/2.2), and the queries and mistakes around them."""
    ks = "shop_idx"
    T = 1410000000000000
    steps = [create_ks_cql(ks), v19.set_keyspace(ks),
             cql("CREATE TABLE products (shop text, sku int, category text, price int, "
                 "tags set<text>, attrs map<text, text>, PRIMARY KEY (shop, sku))"),
             cql("CREATE INDEX products_category ON products (category)"),
             cql("CREATE INDEX products_tags ON products (tags)"),
             cql("CREATE INDEX products_attrs ON products (KEYS(attrs))")]
    for shop in ("s1", "s2"):
        for sku, cat, price in ((1, "toys", 10), (2, "books", 25), (3, "toys", 40)):
            steps.append(cql(
                "INSERT INTO products (shop, sku, category, price, tags, attrs) VALUES "
                "('%s', %d, '%s', %d, {'new', '%s'}, {'color': 'red'}) USING TIMESTAMP %d"
                % (shop, sku, cat, price, cat, T)))
    steps += [
        cql("SELECT shop, sku FROM products WHERE category = 'toys'"),
        cql("SELECT shop, sku FROM products WHERE category = 'toys' AND price > 20 "
            "ALLOW FILTERING"),
        cql("SELECT shop, sku FROM products WHERE shop = 's1' AND category = 'toys'"),
        cql("SELECT shop, sku FROM products WHERE tags CONTAINS 'books'"),
        cql("SELECT shop, sku FROM products WHERE attrs CONTAINS KEY 'color' LIMIT 2"),
        cql("SELECT index_name, index_type, index_options FROM system.schema_columns "
            "WHERE keyspace_name = 'shop_idx' AND columnfamily_name = 'products'"),
        cql("DROP INDEX products_category"),
        cql("SELECT shop, sku FROM products WHERE category = 'toys'"),
        # mistakes: an index on a key column, an index twice, a range on an indexed column
        cql("CREATE INDEX ON products (sku)"),
        cql("CREATE INDEX products_tags ON products (tags)"),
        cql("CREATE INDEX IF NOT EXISTS products_tags ON products (tags)"),
        cql("SELECT shop FROM products WHERE price > 20"),
        cql("DROP INDEX nosuch_idx"),
        cql("DROP INDEX IF EXISTS nosuch_idx"),
    ]
    return steps
