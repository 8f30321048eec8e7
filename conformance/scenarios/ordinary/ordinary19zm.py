"""Ordinary Thrift applications of the 0.7 to 1.1 releases, each written against the IDL of the
release it runs on (`RELEASE=<version>`, default 1.0.12), in shapes the earlier files did not
model (author zm): a Hector app bootstrapping its schema (describe_keyspaces to check,
ThriftKsDef and ThriftCfDef with the library's defaults, schema versions awaited, an update
carrying the id), an ElasticSearch river scanning a family into its index (key pages of count+1,
token pages, range ghosts), Reddit's permacache on pycassa (many-key multigets, QUORUM writes,
misses), the Ruby cassandra-cql 1.0 gem's CQL 2 (0.8 on), hashtag counters rolled up per minute
and hour (0.8 on), a mail index of KEYS indexes on folder and flag columns, a GridFS-like file
store of chunk rows, a StatsD backend of counters and LongType timers with a TTL per retention
(0.8 on), an IoT device registry's last-seen state (stale writes and removes losing), a desktop
cassandra-gui browsing keyspaces, rows and super columns, a blog's tag index read by multigets,
a JUnit harness truncating between tests, an indexed column updated, overwritten by older
writes and deleted, key and token range pages over RandomPartitioner, typed row keys (0.8 on),
a newcomer's mistakes (slices reversed the wrong way, super column calls on a standard family,
absent required fields, bad levels, empty keys, predicates of both and neither kinds), a
consistency-level setting every level in turn, an ops script's keyspace changes, and a client
built against a later IDL talking to the release. Each scenario owns its keyspace.
Recorded with capture.py --api 19 --framed on a fresh stock-yaml node of each release."""
import os
import struct
import sys
import zlib

import thriftwire as W
from dsl import (v19, b, cparent, cpath, pred, key_range, column, counter_column, ins,
                 counter_super_column,
                 index_expr, index_clause, long_, timeuuid, EQ, GTE, GT, ONE, QUORUM,
                 ALL, ANY, TWO, THREE, LOCAL_QUORUM, EACH_QUORUM)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("RELEASE", "1.0.12")

import kit  # noqa: E402
from kit import (SS, NTS, cfd, cfd_later, ksd, setup, coldef, md5_token, dele, sins,  # noqa: E402
                 cadd, hector_cf, unknown)
from kit import cql2 as cql  # noqa: E402

V = kit.version(2)
V07 = V < (0, 8)
V08 = V >= (0, 8)
V10 = V >= (1, 0)
V11 = V >= (1, 1)

sc = kit.registrar("zm_")

# an absolute CQL 2 timestamp (microseconds) for the writes a CQL 2 SELECT reads back
T = 1330000000000000


def by_token(keys):
    return sorted(keys, key=lambda k: int(md5_token(k)))


# --------------------------------------------------------------------------- pycassa SystemManager
@sc("00a_pycassa_sysmgr", "schema", "zm_sm")
def pycassa_sysmgr():
    """pycassa's SystemManager evolving a schema: create_keyspace, create_column_family with
    a comparator, a default validator and a comment, alter_column (an update carrying the
    family's column metadata), create_index (an update adding a KEYS index), drop_index (an
    update without it), a family of a super type, get_keyspace_column_families read back by
    describe_keyspace, a column family dropped and the keyspace dropped; its mistakes: an
    alter of a family that does not exist, a comparator changed. Every update carries the id
    the fresh node gave the family (this scenario runs first on the node: ids from 1000)."""
    ks = "zm_sm"
    steps = setup(ks, [])
    base = dict(comparator_type="UTF8Type", default_validation_class="BytesType",
                comment="pycassa")
    meta_age = [coldef("age", "LongType")]
    base_id = dict(base, id=kit.cfid(0))
    steps += [
        v19.system_add_column_family(cfd(ks, "People", **base)),
        v19.system_add_column_family(cfd(ks, "Threads", column_type="Super",
                                         comparator_type="TimeUUIDType",
                                         subcomparator_type="UTF8Type")),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "People", column_metadata=meta_age, **base_id)),
        v19.system_update_column_family(cfd(ks, "People", column_metadata=[
            coldef("age", "LongType", True, "People_age_idx")], **base_id)),
        v19.describe_keyspace(ks),
        v19.insert("p1", cparent("People"), column("age", long_(30), 10)),
        v19.get_indexed_slices(cparent("People"), index_clause(
            [index_expr("age", EQ, long_(30))]), pred(start="", count=10)),
        v19.system_update_column_family(cfd(ks, "People", column_metadata=meta_age, **base_id)),
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Nobody", **base_id)),
        v19.system_update_column_family(cfd(ks, "People", **dict(base_id,
                                                                 comparator_type="LongType"))),
        v19.system_drop_column_family("Threads"),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Hector bootstrap
@sc("00b_hector_bootstrap", "schema", "zm_hb")
def hector_bootstrap():
    """A Hector app's start: connect-time describe calls, describe_keyspaces to see whether
    its keyspace is there, the keyspace added with two column families carrying Hector's
    ThriftCfDef defaults, schema versions awaited, describe_keyspace, a family added on its
    own, the first family updated with its id (the third made on a fresh node: `00a` runs
    first and makes two) and a comment,
    and the start repeated by a second instance (its keyspace and family refused)."""
    ks = "zm_hb"
    steps = kit.connect()
    steps += [
        v19.describe_keyspaces(),
        v19.system_add_keyspace(ksd(ks, [hector_cf(ks, "Users", comparator_type="UTF8Type"),
                                         hector_cf(ks, "Events", comparator_type="LongType")])),
        v19.describe_schema_versions(),
        v19.set_keyspace(ks),
        v19.describe_keyspace(ks),
        v19.system_add_column_family(hector_cf(ks, "Audit", comparator_type="TimeUUIDType")),
        v19.describe_schema_versions(),
        v19.system_update_column_family(hector_cf(ks, "Users", comparator_type="UTF8Type",
                                                  id=kit.cfid(2), comment="user accounts",
                                                  gc_grace_seconds=3600)),
        v19.describe_keyspace(ks),
        v19.system_add_keyspace(ksd(ks, [])),
        v19.system_add_column_family(hector_cf(ks, "Audit", comparator_type="TimeUUIDType")),
        v19.insert("u1", cparent("Users"), column("name", "ann", 10)),
        v19.insert("u1", cparent("Events"), column(long_(5), "login", 10)),
        v19.insert("u1", cparent("Audit"), column(timeuuid(1), "created", 10)),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=100)),
        v19.get_slice("u1", cparent("Events"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- ES river
@sc("01_es_river", "range", "zm_er")
def es_river():
    """An ElasticSearch river on Hector copying a family into its index: describe_keyspace of
    the source, pages of rows by key (count+1, the last key of a page starting the next), the
    same by token, rows deleted since the last run (range ghosts, empty column lists), a
    predicate of names, and a family the river was misconfigured with."""
    ks = "zm_er"
    steps = setup(ks, [cfd(ks, "Docs", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    keys = ["doc%02d" % i for i in range(9)]
    steps.append(v19.batch_mutate({k: {"Docs": [ins("title", "Title " + k, 10),
                                                ins("body", "body of " + k, 10)]}
                                   for k in keys}))
    order = by_token(keys)
    steps += [
        v19.describe_keyspace(ks),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=4)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=100),
                             key_range(start_key=order[3], end_key="", count=4)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=100),
                             key_range(start_key=order[6], end_key="", count=4)),
        v19.remove(order[1], cpath("Docs"), 11),
        v19.batch_mutate({order[4]: {"Docs": [dele(["title", "body"], 11)]}}),
        v19.get_range_slices(cparent("Docs"), pred(names=["title"]),
                             key_range(start_token="0", end_token="0", count=5)),
        v19.get_range_slices(cparent("Docs"), pred(names=["title"]),
                             key_range(start_token=md5_token(order[4]), end_token="0",
                                       count=5)),
        v19.get_range_slices(cparent("Docs"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=100)),
        v19.get_range_slices(cparent("Documents"), pred(start="", count=100),
                             key_range(start_key="", end_key="", count=4)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- Reddit permacache
@sc("02_permacache", "basic", "zm_pc")
def permacache():
    """Reddit's permacache on pycassa: pickled values under a single `value` column, keys of
    colon-joined parts, writes at QUORUM, a multiget of many keys (some missing, one twice),
    a get of a missing key, a value replaced and a key deleted, a read at ONE and at ALL."""
    ks = "zm_pc"
    steps = setup(ks, [cfd(ks, "permacache", comparator_type="BytesType")])
    pickles = {"comment_tree:t3_%d" % i: b"\x80\x02]q\x01(K%cK\x02e." % (48 + i)
               for i in range(6)}
    steps.append(v19.batch_mutate({k: {"permacache": [ins("value", v, 10)]}
                                   for k, v in pickles.items()}, QUORUM))
    ks_ = sorted(pickles)
    steps += [
        v19.multiget_slice(ks_ + ["comment_tree:t3_99", ks_[0]], cparent("permacache"),
                           pred(names=["value"]), QUORUM),
        v19.get("comment_tree:t3_99", cpath("permacache", col="value")),
        v19.get(ks_[2], cpath("permacache", col="value"), QUORUM),
        v19.insert(ks_[2], cparent("permacache"), column("value", b"\x80\x02N.", 11), QUORUM),
        v19.get(ks_[2], cpath("permacache", col="value")),
        v19.remove(ks_[3], cpath("permacache", col="value"), 11, QUORUM),
        v19.multiget_slice(ks_[2:5], cparent("permacache"), pred(names=["value"])),
        v19.get(ks_[4], cpath("permacache", col="value"), ALL),
        v19.multiget_slice([], cparent("permacache"), pred(names=["value"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cassandra-cql gem
@sc("03_ruby_cql_gem", "cql", "zm_rc", when=V08)
def ruby_cql_gem():
    """The Ruby cassandra-cql 1.0 gem's CQL 2: USE, CREATE COLUMNFAMILY with a key type and
    column types, INSERT and UPDATE with USING TIMESTAMP and CONSISTENCY, SELECT of names, of
    a column range with FIRST and REVERSED, of '*', COUNT, DELETE of columns and of a row, a
    query sent GZIP-compressed, and its quoting mistakes (an unquoted text value, a quote
    left unescaped, a keyspace not made, where 0.8's USE took it, and an index made there);
    then its counters (`views = views + 1`, a counter
    set or added to another, a timestamp on a counter update, a counter added to a regular
    column), indexes made in CQL and queried, a BATCH with a consistency and a timestamp, slices
    of FIRST 0 and reversed bounds, key ranges, TRUNCATE and a family dropped twice."""
    ks = "zm_rc"
    steps = setup(ks, [])
    gz = lambda q: v19.execute_cql_query(zlib.compress(q.encode()), 1)  # noqa: E731
    steps += [
        cql("USE zm_rc"),
        cql("CREATE COLUMNFAMILY posts (KEY varchar PRIMARY KEY, title varchar, body varchar, "
            "votes bigint) WITH comparator=text AND default_validation=text"),
        # its indexes are made before the rows (a build over stored rows runs in the background)
        cql("CREATE INDEX posts_title ON posts (title)"),
        cql("CREATE INDEX ON posts (body)"),
        cql("INSERT INTO posts (KEY, title, body, votes) VALUES ('p1', 'Hello', 'first', 3) "
            "USING TIMESTAMP %d" % T),
        cql("INSERT INTO posts (KEY, title, votes) VALUES ('p2', 'Again', 5) USING "
            "CONSISTENCY QUORUM AND TIMESTAMP %d" % T),
        cql("UPDATE posts USING TIMESTAMP %d SET body = 'second' WHERE KEY = 'p2'" % (T + 1)),
        cql("SELECT title, votes FROM posts WHERE KEY = 'p1'"),
        cql("SELECT FIRST 2 REVERSED 'votes'..'' FROM posts WHERE KEY = 'p2'"),
        cql("SELECT * FROM posts WHERE KEY IN ('p1', 'p2', 'p3')"),
        cql("SELECT COUNT(*) FROM posts"),
        gz("SELECT title FROM posts WHERE KEY = 'p2'"),
        cql("DELETE body FROM posts USING TIMESTAMP %d WHERE KEY = 'p1'" % (T + 2)),
        cql("SELECT * FROM posts WHERE KEY = 'p1'"),
        cql("DELETE FROM posts USING TIMESTAMP %d WHERE KEY = 'p2'" % (T + 2)),
        cql("SELECT * FROM posts WHERE KEY = 'p2'"),
        cql("INSERT INTO posts (KEY, title) VALUES ('p3', Hello) USING TIMESTAMP %d" % T),
        cql("INSERT INTO posts (KEY, title) VALUES ('p3', 'it's') USING TIMESTAMP %d" % T),
        cql("INSERT INTO posts (KEY, votes) VALUES ('p3', 'many') USING TIMESTAMP %d" % T),
        cql("USE zm_rc_missing"),
        cql("SELECT * FROM posts WHERE KEY = 'p3'"),
        cql("CREATE INDEX posts_title ON posts (title)"),
        cql("USE zm_rc"),
        # its counters and migrations (counters read back through Thrift: a CQL 2 SELECT shows
        # a counter's timestamp, the node's clock at the increment)
        cql("CREATE COLUMNFAMILY hits (KEY text PRIMARY KEY) WITH comparator=text AND "
            "default_validation=counter"),
        cql("UPDATE hits SET views = views + 1, likes = likes + 2 WHERE KEY = 'p1'"),
        cql("UPDATE hits SET views = views - 3 WHERE KEY = 'p1'"),
        cql("UPDATE hits SET views = 5 WHERE KEY = 'p1'"),
        cql("UPDATE hits SET views = likes + 1 WHERE KEY = 'p1'"),
        cql("UPDATE hits USING TIMESTAMP %d SET views = views + 1 WHERE KEY = 'p1'" % T),
        v19.get_slice("p1", cparent("hits"), pred(start="", count=10)),
        cql("SELECT * FROM hits WHERE KEY = 'p2'"),
        cql("DELETE likes FROM hits WHERE KEY = 'p1'"),
        v19.get_slice("p1", cparent("hits"), pred(start="", count=10)),
        cql("UPDATE posts SET votes = votes + 1 WHERE KEY = 'p1'"),
        cql("CREATE INDEX posts_title ON posts (title)"),
        cql("SELECT title FROM posts WHERE title = 'Hello'"),
        cql("SELECT title FROM posts WHERE title = 'Hello' AND votes > 1"),
        cql("SELECT title FROM posts WHERE body = 'first'"),
        cql("BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP %d INSERT INTO posts (KEY, title) "
            "VALUES ('p4', 'Four') UPDATE posts SET votes = 4 WHERE KEY = 'p4' DELETE body "
            "FROM posts WHERE KEY = 'p1' APPLY BATCH" % (T + 3)),
        cql("SELECT KEY, title, votes FROM posts WHERE KEY = 'p4'"),
        cql("SELECT FIRST 0 * FROM posts WHERE KEY = 'p4'"),
        cql("SELECT 'title'..'body' FROM posts WHERE KEY = 'p4'"),
        cql("SELECT * FROM posts WHERE KEY > 'p1' LIMIT 2"),
        cql("SELECT * FROM posts WHERE KEY >= 'p1' AND KEY <= 'p4'"),
        cql("TRUNCATE hits"),
        v19.get_slice("p1", cparent("hits"), pred(start="", count=10)),
        cql("DROP COLUMNFAMILY hits"),
        cql("DROP COLUMNFAMILY hits"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- hashtag counters
@sc("04_hashtag_counters", "counter", "zm_hc", when=V08)
def hashtag_counters():
    """Trending hashtags: a counter row per minute and per hour, UTF8Type tag names, each tweet
    adding to both rows in one batch, the hour's counts read by a slice and by names, the last
    minutes by multiget, counts of tags per minute by multiget_count, a range scan of the
    counter rows, a tag removed by remove_counter, and the mistakes (a counter add with a TTL'd
    column, an add of zero, a counter read at ANY); then hourly rollups of minutes in a counter
    super column family (adds under a super column, a batch of counter super columns, reads of
    a super column and of one counter, counts, a super column and a whole row removed, an add
    without the super column)."""
    ks = "zm_hc"
    steps = setup(ks, [cfd(ks, "TagCounts", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType")])
    tweets = [["cassandra", "nosql"], ["cassandra"], ["java", "nosql"], ["cassandra"]]
    for i, tags in enumerate(tweets):
        minute = "m:201203141%d" % (i // 2)
        steps.append(v19.batch_mutate({minute: {"TagCounts": [cadd(t, 1) for t in tags]},
                                       "h:2012031410": {"TagCounts": [cadd(t, 1)
                                                                      for t in tags]}}))
    steps += [
        v19.get_slice("h:2012031410", cparent("TagCounts"), pred(start="", count=10)),
        v19.get_slice("h:2012031410", cparent("TagCounts"), pred(names=["cassandra", "rust"])),
        v19.multiget_slice(["m:2012031410", "m:2012031411", "m:2012031412"],
                           cparent("TagCounts"), pred(start="", count=10)),
        v19.multiget_count(["m:2012031410", "m:2012031411"], cparent("TagCounts"),
                           pred(start="", count=10)),
        v19.get_range_slices(cparent("TagCounts"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.remove_counter("h:2012031410", cpath("TagCounts", col="java")),
        v19.get_slice("h:2012031410", cparent("TagCounts"), pred(start="", count=10)),
        v19.insert("h:2012031410", cparent("TagCounts"), column("rust", long_(1), 10, 60)),
        v19.add("h:2012031410", cparent("TagCounts"), counter_column("nosql", 0)),
        v19.get("h:2012031410", cpath("TagCounts", col="nosql")),
        v19.get("h:2012031410", cpath("TagCounts", col="nosql"), ANY),
        v19.get_count("h:2012031410", cparent("TagCounts"), pred(start="", count=10)),
        # per-hour rollups of minutes as counter super columns
        v19.system_add_column_family(cfd(ks, "Rollups", column_type="Super",
                                         comparator_type="UTF8Type",
                                         subcomparator_type="UTF8Type",
                                         default_validation_class="CounterColumnType")),
        v19.add("cassandra", cparent("Rollups", sc="2012031410"), counter_column("m00", 2)),
        v19.add("cassandra", cparent("Rollups", sc="2012031410"), counter_column("m01", 1)),
        v19.batch_mutate({"cassandra": {"Rollups": [kit.mutation(kit.cosc(
            counter_super_column=counter_super_column("2012031411", [
                counter_column("m00", 4), counter_column("m05", 1)])))]}}),
        v19.get_slice("cassandra", cparent("Rollups"), pred(start="", count=10)),
        v19.get_slice("cassandra", cparent("Rollups", sc="2012031411"), pred(start="", count=10)),
        v19.get("cassandra", cpath("Rollups", sc="2012031410", col="m00")),
        v19.get("cassandra", cpath("Rollups", sc="2012031410")),
        v19.get_count("cassandra", cparent("Rollups"), pred(start="", count=10)),
        v19.multiget_count(["cassandra", "java"], cparent("Rollups", sc="2012031410"),
                           pred(start="", count=10)),
        v19.remove_counter("cassandra", cpath("Rollups", sc="2012031411")),
        v19.get_slice("cassandra", cparent("Rollups"), pred(start="", count=10)),
        v19.add("cassandra", cparent("Rollups"), counter_column("m00", 1)),
        v19.remove_counter("cassandra", cpath("Rollups")),
        v19.get_range_slices(cparent("Rollups"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- mail index
@sc("05_mail_index", "index", "zm_mi")
def mail_index():
    """A webmail's message index: a row per message of UTF8Type names, KEYS indexes on
    `folder` and `unread`, a folder listed by an index clause, its unread messages by two
    EQs, a message moved and marked read (the old index entries gone), a message deleted,
    pages of one by start_key, and a clause on an indexed column with GTE only."""
    ks = "zm_mi"
    steps = setup(ks, [cfd(ks, "Messages", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("folder", "UTF8Type", True),
                                            coldef("unread", "UTF8Type", True),
                                            coldef("size", "LongType")])])
    msgs = [("m1", "inbox", "1", 100), ("m2", "inbox", "0", 2000), ("m3", "sent", "0", 50),
            ("m4", "inbox", "1", 75), ("m5", "archive", "0", 10)]
    steps.append(v19.batch_mutate({m: {"Messages": [ins("folder", f, 10), ins("unread", u, 10),
                                                    ins("size", long_(s), 10),
                                                    ins("subject", "subject " + m, 10)]}
                                   for m, f, u, s in msgs}))
    inbox = [index_expr("folder", EQ, "inbox")]
    steps += [
        v19.get_indexed_slices(cparent("Messages"), index_clause(inbox),
                               pred(names=["subject", "unread"])),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            inbox + [index_expr("unread", EQ, "1")]), pred(names=["subject"])),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            inbox + [index_expr("size", GT, long_(80))]), pred(names=["size"])),
        v19.batch_mutate({"m1": {"Messages": [ins("folder", "archive", 11),
                                              ins("unread", "0", 11)]}}),
        v19.get_indexed_slices(cparent("Messages"), index_clause(inbox),
                               pred(names=["subject"])),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            [index_expr("folder", EQ, "archive")]), pred(names=["subject"])),
        v19.remove("m4", cpath("Messages"), 11),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            [index_expr("unread", EQ, "1")]), pred(start="", count=10)),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            [index_expr("unread", EQ, "0")], count=1), pred(names=["folder"])),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            [index_expr("unread", EQ, "0")], start_key="m2", count=1), pred(names=["folder"])),
        v19.get_indexed_slices(cparent("Messages"), index_clause(
            [index_expr("folder", GTE, "inbox")]), pred(names=["folder"])),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- file chunks
@sc("06_file_chunks", "basic", "zm_fc")
def file_chunks():
    """A GridFS-like file store on Hector: a metadata row per file (length, chunk size,
    content type), chunk rows keyed `fileid:n` of one 64 KiB `data` column, the chunks read by
    a multiget, the file's chunks counted, an overwrite with fewer chunks leaving the old last
    chunk (deleted in a second batch), and a file removed at every chunk."""
    ks = "zm_fc"
    steps = setup(ks, [cfd(ks, "Files", comparator_type="AsciiType"),
                       cfd(ks, "Chunks", comparator_type="AsciiType")])
    chunk = 65536
    data = [bytes([65 + i]) * chunk for i in range(3)]
    steps += [
        v19.batch_mutate({"f1": {"Files": [ins("length", long_(3 * chunk - 10), 10),
                                           ins("chunkSize", long_(chunk), 10),
                                           ins("contentType", "image/png", 10)]},
                          "f1:0": {"Chunks": [ins("data", data[0], 10)]},
                          "f1:1": {"Chunks": [ins("data", data[1], 10)]},
                          "f1:2": {"Chunks": [ins("data", data[2][:-10], 10)]}}),
        v19.get_slice("f1", cparent("Files"), pred(start="", count=10)),
        v19.multiget_count(["f1:0", "f1:1", "f1:2", "f1:3"], cparent("Chunks"),
                           pred(start="", count=10)),
        v19.get("f1:1", cpath("Chunks", col="data")),
        v19.batch_mutate({"f1": {"Files": [ins("length", long_(chunk + 5), 11)]},
                          "f1:0": {"Chunks": [ins("data", b"z" * chunk, 11)]},
                          "f1:1": {"Chunks": [ins("data", b"y" * 5, 11)]}}),
        v19.multiget_slice(["f1:1", "f1:2"], cparent("Chunks"), pred(names=["data"])),
        v19.batch_mutate({"f1:2": {"Chunks": [dele(None, 12)]}}),
        v19.multiget_count(["f1:0", "f1:1", "f1:2"], cparent("Chunks"),
                           pred(start="", count=10)),
        v19.batch_mutate({"f1": {"Files": [dele(None, 13)]},
                          "f1:0": {"Chunks": [dele(None, 13)]},
                          "f1:1": {"Chunks": [dele(None, 13)]}}),
        v19.get_range_slices(cparent("Chunks"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get("f1", cpath("Files", col="length")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- StatsD backend
@sc("07_statsd_backend", "ttl", "zm_sd", when=V08)
def statsd_backend():
    """A StatsD Cassandra backend: counters per metric and day in a counter family, timer
    samples in LongType-named rows with a TTL per retention (a day at 10s, a month at 1m),
    the last samples read newest first, a window by time bounds, counters of several metrics
    by multiget, and the flush's mistakes (a sample with a TTL of 0 and a negative one, a
    counter batch at ANY, a deletion in a counter batch without a timestamp)."""
    ks = "zm_sd"
    steps = setup(ks, [cfd(ks, "Counts", comparator_type="UTF8Type",
                           default_validation_class="CounterColumnType"),
                       cfd(ks, "Timers", comparator_type="LongType",
                           default_validation_class="LongType")])
    day, month = 86400, 30 * 86400
    t0 = 1331700000
    steps += [
        v19.batch_mutate({"api.hits:20120314": {"Counts": [cadd("count", 12), cadd("2xx", 10),
                                                           cadd("5xx", 2)]},
                          "api.errors:20120314": {"Counts": [cadd("count", 2)]}}),
        v19.batch_mutate({"api.latency:10s": {"Timers": [ins(long_(t0 + 10 * i), long_(40 + i),
                                                             10, day) for i in range(6)]},
                          "api.latency:1m": {"Timers": [ins(long_(t0), long_(42), 10, month)]}}),
        v19.get_slice("api.latency:10s", cparent("Timers"), pred(start="", reversed=True,
                                                                 count=3)),
        v19.get_slice("api.latency:10s", cparent("Timers"),
                      pred(start=long_(t0 + 10), finish=long_(t0 + 30), count=100)),
        v19.multiget_slice(["api.hits:20120314", "api.errors:20120314", "api.none:20120314"],
                           cparent("Counts"), pred(names=["count"])),
        v19.insert("api.latency:10s", cparent("Timers"), column(long_(t0 + 99), long_(1), 10, 0)),
        v19.insert("api.latency:10s", cparent("Timers"), column(long_(t0 + 99), long_(1), 10,
                                                                -1)),
        v19.batch_mutate({"api.hits:20120314": {"Counts": [cadd("count", 1)]}}, ANY),
        v19.batch_mutate({"api.hits:20120314": {"Counts": [dele(["5xx"])]}}),
        v19.get_slice("api.hits:20120314", cparent("Counts"), pred(start="", count=10)),
        v19.get_count("api.latency:10s", cparent("Timers"), pred(start="", count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- device registry
@sc("08_device_registry", "basic", "zm_dr")
def device_registry():
    """An IoT device registry's last-seen state: a row per device, its state columns written by
    gateways with their own clocks (a late report with an older timestamp losing, one at the
    same timestamp with a larger value winning), a device decommissioned by a row remove and a
    stale report after it, a re-registration after the tombstone, and reads at QUORUM."""
    ks = "zm_dr"
    steps = setup(ks, [cfd(ks, "Devices", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type")])
    steps += [
        v19.batch_mutate({"dev-1": {"Devices": [ins("state", "online", 20),
                                                ins("fw", "1.2.0", 20)]},
                          "dev-2": {"Devices": [ins("state", "online", 20)]}}),
        v19.insert("dev-1", cparent("Devices"), column("state", "offline", 15)),
        v19.get("dev-1", cpath("Devices", col="state"), QUORUM),
        v19.insert("dev-1", cparent("Devices"), column("fw", "1.3.0", 20)),
        v19.insert("dev-1", cparent("Devices"), column("fw", "1.1.9", 20)),
        v19.get("dev-1", cpath("Devices", col="fw")),
        v19.remove("dev-2", cpath("Devices"), 30),
        v19.insert("dev-2", cparent("Devices"), column("state", "online", 25)),
        v19.get_slice("dev-2", cparent("Devices"), pred(start="", count=10), QUORUM),
        v19.insert("dev-2", cparent("Devices"), column("state", "online", 30)),
        v19.get_slice("dev-2", cparent("Devices"), pred(start="", count=10)),
        v19.insert("dev-2", cparent("Devices"), column("state", "re-registered", 31)),
        v19.multiget_slice(["dev-1", "dev-2", "dev-3"], cparent("Devices"),
                           pred(names=["state"]), QUORUM),
        v19.remove("dev-1", cpath("Devices", col="state"), 19),
        v19.get("dev-1", cpath("Devices", col="state")),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- cassandra-gui
@sc("09_cassandra_gui", "describe", "zm_gu")
def cassandra_gui():
    """The desktop cassandra-gui browsing a cluster: the cluster name, version, partitioner,
    ring, keyspaces, a keyspace's families, rows listed 20 at a time with 5 columns each, a
    row's columns paged by the last name, a super family's super columns and one super
    column's sub-columns, a count of a row, and a column deleted from the tree view."""
    ks = "zm_gu"
    steps = setup(ks, [cfd(ks, "Plain", comparator_type="UTF8Type"),
                       cfd(ks, "Nested", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    steps += [
        v19.batch_mutate({"r%d" % i: {"Plain": [ins("c%02d" % j, "v%d" % j, 10)
                                                for j in range(i + 3)]} for i in range(4)}),
        v19.batch_mutate({"n1": {"Nested": [sins("s%d" % i, [(long_(j), "x") for j in range(3)],
                                                 10) for i in range(3)]}}),
        v19.describe_cluster_name(),
        kit.describe_version(),
        v19.describe_partitioner(),
        v19.describe_ring(ks),
        v19.describe_keyspaces(),
        v19.describe_keyspace(ks),
        v19.get_range_slices(cparent("Plain"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=20)),
        v19.get_slice("r3", cparent("Plain"), pred(start="", count=3)),
        v19.get_slice("r3", cparent("Plain"), pred(start="c02", count=3)),
        v19.get_count("r3", cparent("Plain"), pred(start="", count=1000)),
        v19.get_range_slices(cparent("Nested"), pred(start="", count=5),
                             key_range(start_key="", end_key="", count=20)),
        v19.get_slice("n1", cparent("Nested", sc="s1"), pred(start="", count=5)),
        v19.remove("n1", cpath("Nested", sc="s1", col=long_(1)), 11),
        v19.get_slice("n1", cparent("Nested", sc="s1"), pred(start="", count=5)),
        v19.remove("r3", cpath("Plain", col="c00"), 11),
        v19.get_slice("r3", cparent("Plain"), pred(start="", count=3)),
        v19.describe_keyspace("system"),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- tag index
@sc("10_tag_index", "basic", "zm_ti")
def tag_index():
    """A blog's tag index: a row per tag of LongType post ids (valueless columns), the newest
    posts of a tag read reversed, several tags multiget for an intersection made by the app,
    their sizes by multiget_count, a post untagged by one batch of deletions across rows, and
    a tag cloud's range scan keys-only."""
    ks = "zm_ti"
    steps = setup(ks, [cfd(ks, "Tags", comparator_type="LongType"),
                       cfd(ks, "Posts", comparator_type="UTF8Type")])
    posts = {1: ["rust", "db"], 2: ["db"], 3: ["db", "java"], 4: ["rust"], 5: ["db", "rust"]}
    muts = {}
    for p, tags in posts.items():
        muts["post%d" % p] = {"Posts": [ins("tags", ",".join(tags), 10)]}
        for t in tags:
            muts.setdefault(t, {"Tags": []})["Tags"].append(ins(long_(p), "", 10))
    steps += [
        v19.batch_mutate(muts),
        v19.get_slice("db", cparent("Tags"), pred(start="", reversed=True, count=2)),
        v19.get_slice("db", cparent("Tags"), pred(start=long_(3), reversed=True, count=2)),
        v19.multiget_slice(["db", "rust", "go"], cparent("Tags"), pred(start="", count=100)),
        v19.multiget_count(["db", "rust", "java", "go"], cparent("Tags"),
                           pred(start="", count=100)),
        v19.batch_mutate({"db": {"Tags": [dele([long_(5)], 11)]},
                          "rust": {"Tags": [dele([long_(5)], 11)]},
                          "post5": {"Posts": [dele(None, 11)]}}),
        v19.multiget_count(["db", "rust"], cparent("Tags"), pred(start="", count=100)),
        v19.get_range_slices(cparent("Tags"), pred(start="", count=0),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_slice("db", cparent("Tags"), pred(start=long_(1), finish=long_(3), count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- JUnit harness
@sc("11_test_harness", "truncate", "zm_th")
def test_harness():
    """A JUnit harness between tests: fixtures written, each family truncated in tearDown
    (a standard, a super and, from 0.8, a counter family), reads after the truncate, a
    truncate of a family that does not exist, fixtures written again with the same
    timestamps, and describe_ring on the test keyspace."""
    ks = "zm_th"
    cfs = [cfd(ks, "Users", comparator_type="UTF8Type"),
           cfd(ks, "Groups", column_type="Super", comparator_type="UTF8Type",
               subcomparator_type="UTF8Type")]
    if V08:
        cfs.append(cfd(ks, "Hits", comparator_type="UTF8Type",
                       default_validation_class="CounterColumnType"))
    steps = setup(ks, cfs)
    fixture = {"u1": {"Users": [ins("name", "ann", 10)]},
               "g1": {"Groups": [sins("admins", [("u1", "")], 10)]}}
    steps += [
        v19.batch_mutate(fixture),
        v19.truncate("Users"),
        v19.truncate("Groups"),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.get_slice("g1", cparent("Groups"), pred(start="", count=10)),
        v19.batch_mutate(fixture),
        v19.get_slice("u1", cparent("Users"), pred(start="", count=10)),
        v19.get_slice("g1", cparent("Groups", sc="admins"), pred(start="", count=10)),
        v19.truncate("Missing"),
        v19.describe_ring(ks),
    ]
    if V08:
        steps += [
            v19.add("page", cparent("Hits"), counter_column("views", 3)),
            v19.truncate("Hits"),
            v19.get_slice("page", cparent("Hits"), pred(start="", count=10)),
            v19.add("page", cparent("Hits"), counter_column("views", 2)),
            v19.get("page", cpath("Hits", col="views")),
        ]
    steps.append(v19.system_drop_keyspace(ks))
    return steps


# --------------------------------------------------------------------------- indexed updates
@sc("12_index_updates", "index", "zm_iu")
def index_updates():
    """An account table whose indexed `status` changes: a value updated (the old entry gone),
    an update carrying an older timestamp (the index keeps the newer value), a status column
    deleted, a whole row removed, a status written with a TTL, and index queries after each."""
    ks = "zm_iu"
    steps = setup(ks, [cfd(ks, "Accounts", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           column_metadata=[coldef("status", "UTF8Type", True, "acct_status")])])
    q = lambda s: v19.get_indexed_slices(  # noqa: E731
        cparent("Accounts"), index_clause([index_expr("status", EQ, s)]),
        pred(names=["status", "owner"]))
    steps += [
        v19.batch_mutate({a: {"Accounts": [ins("status", "active", 10), ins("owner", o, 10)]}
                          for a, o in (("a1", "ann"), ("a2", "bob"), ("a3", "cid"))}),
        q("active"),
        v19.insert("a1", cparent("Accounts"), column("status", "frozen", 11)),
        q("active"),
        q("frozen"),
        v19.insert("a2", cparent("Accounts"), column("status", "closed", 9)),
        q("closed"),
        q("active"),
        v19.remove("a3", cpath("Accounts", col="status"), 11),
        q("active"),
        v19.remove("a1", cpath("Accounts"), 12),
        q("frozen"),
        v19.insert("a4", cparent("Accounts"), column("status", "trial", 12, 86400)),
        q("trial"),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- range pages
@sc("13_range_pages", "range", "zm_rp")
def range_pages():
    """Key and token range pages over RandomPartitioner as a batch job walked a family:
    key pages starting from the last key, token pages from the last key's token, a page
    ending at an end key, an end key before its start (in token order), a start key with an
    end token, a range of count 0, and one wrapping past the ring's end."""
    ks = "zm_rp"
    steps = setup(ks, [cfd(ks, "Rows", comparator_type="UTF8Type")])
    keys = ["k%d" % i for i in range(8)]
    order = by_token(keys)
    steps += [
        v19.batch_mutate({k: {"Rows": [ins("v", k, 10)]} for k in keys}),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key="", end_key="", count=3)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key=order[2], end_key="", count=3)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token=md5_token(order[4]), end_token="0",
                                       count=3)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key=order[1], end_key=order[5], count=100)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key=order[5], end_key=order[1], count=100)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key=order[1], end_token=md5_token(order[5]),
                                       count=100)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_key="", end_key="", count=0)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token=md5_token(order[6]),
                                       end_token=md5_token(order[1]), count=100)),
        v19.get_range_slices(cparent("Rows"), pred(names=["v"]),
                             key_range(start_token=md5_token(order[3]),
                                       end_token=md5_token(order[3]), count=100)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- typed keys
@sc("14_typed_keys", "validation", "zm_tk", when=V08)
def typed_keys():
    """Row keys typed by key_validation_class (0.8 on): LongType keys of 8 bytes and of 4,
    UTF8Type keys with invalid bytes, a multiget of typed keys, describe_keyspace showing the
    key validator, and a key-range scan."""
    ks = "zm_tk"
    steps = setup(ks, [cfd(ks, "ById", comparator_type="UTF8Type",
                           key_validation_class="LongType"),
                       cfd(ks, "ByName", comparator_type="UTF8Type",
                           key_validation_class="UTF8Type")])
    steps += [
        v19.insert(long_(42), cparent("ById"), column("name", "ann", 10)),
        v19.insert(struct.pack(">i", 42), cparent("ById"), column("name", "bob", 10)),
        v19.insert("caf\u00e9", cparent("ByName"), column("id", "1", 10)),
        v19.insert(b"\xff\xfe", cparent("ByName"), column("id", "2", 10)),
        v19.batch_mutate({b"\xc3": {"ByName": [ins("id", "3", 10)]}}),
        v19.multiget_slice([long_(42), long_(43)], cparent("ById"), pred(start="", count=10)),
        v19.get_slice(b"\x01", cparent("ById"), pred(start="", count=10)),
        v19.get_range_slices(cparent("ByName"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.describe_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- newcomer mistakes
@sc("15_mistakes", "validation", "zm_nm")
def mistakes():
    """A newcomer's mistakes: a reversed slice whose start sorts before its finish and a
    forward one the other way round, super column calls on a standard family (a parent and
    a path naming a super column, a super column insert by batch), a column with no
    timestamp, an insert with no value, a parent with no family, a predicate of both names and
    a range and one of neither, an empty key in a multiget and in a get, a deletion of a super
    column from a standard family, and a level past the IDL's."""
    ks = "zm_nm"
    steps = setup(ks, [cfd(ks, "Std", comparator_type="UTF8Type"),
                       cfd(ks, "Sup", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="UTF8Type")])
    steps += [
        v19.batch_mutate({"k": {"Std": [ins(n, n, 10) for n in "abcde"]}}),
        v19.get_slice("k", cparent("Std"), pred(start="a", finish="d", reversed=True, count=10)),
        v19.get_slice("k", cparent("Std"), pred(start="d", finish="a", count=10)),
        v19.get_slice("k", cparent("Std"), pred(start="d", finish="a", reversed=True, count=2)),
        v19.get_slice("k", cparent("Std", sc="a"), pred(start="", count=10)),
        v19.get("k", cpath("Std", sc="a", col="b")),
        v19.batch_mutate({"k": {"Std": [sins("x", [("y", "z")], 10)]}}),
        v19.insert("k", cparent("Std"), column("f", "f", None)),
        v19.insert("k", cparent("Std"), column("f", None, 10)),
        v19.get_slice("k", cparent(None), pred(start="", count=10)),
        v19.get_slice("k", cparent("Std"), W.struct({1: W.list_("bin", [b("a")]),
                                                     2: kit.D.srange("", "", False, 10)})),
        # where the release closed the connection, the client reconnects and sets its keyspace
        v19.set_keyspace(ks),
        v19.get_slice("k", cparent("Std"), W.struct({})),
        v19.multiget_slice(["k", ""], cparent("Std"), pred(names=["a"])),
        v19.get("", cpath("Std", col="a")),
        v19.batch_mutate({"k": {"Std": [dele(["a"], 11, sc_="x")]}}),
        v19.get_slice("k", cparent("Sup"), pred(start="", count=10), 12),
        v19.set_keyspace(ks),
        v19.get("k", cpath("Sup", col="a")),
        v19.get_slice("k", cparent("Std"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- levels
@sc("16_levels", "consistency", "zm_cl")
def levels():
    """An app whose consistency level is a setting, tried at every level on a one-node
    SimpleStrategy keyspace: writes and reads at ANY, ONE, TWO and THREE (0.8 on), QUORUM,
    LOCAL_QUORUM and EACH_QUORUM (refused on SimpleStrategy where the release checked),
    ALL, and a multiget and a range scan at LOCAL_QUORUM."""
    ks = "zm_cl"
    steps = setup(ks, [cfd(ks, "Data", comparator_type="UTF8Type")])
    lvls = [ANY, ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL]
    if V08:
        lvls += [TWO, THREE]
    for i, cl in enumerate(lvls):
        steps += [
            v19.insert("k", cparent("Data"), column("c%d" % cl, "v", 10 + i), cl),
            v19.get_slice("k", cparent("Data"), pred(start="", count=10), cl),
        ]
    steps += [
        v19.multiget_slice(["k", "j"], cparent("Data"), pred(start="", count=10), LOCAL_QUORUM),
        v19.get_range_slices(cparent("Data"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10), LOCAL_QUORUM),
        v19.batch_mutate({"k": {"Data": [dele(["c1"], 30)]}}, EACH_QUORUM),
        v19.remove("k", cpath("Data", col="c2"), 30, ALL),
        v19.get_count("k", cparent("Data"), pred(start="", count=10), QUORUM),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- ops script
@sc("17_ops_keyspaces", "schema", "zm_ok")
def ops_keyspaces():
    """An ops script's keyspace chores: a keyspace added empty, its replication raised and
    lowered by system_update_keyspace (from 0.8 with strategy_options; durable_writes off),
    moved to NetworkTopologyStrategy with the snitch's data centre, a family added and dropped,
    describe_keyspace after each, the families of its tuning runbook (caches, read repair,
    compaction thresholds; 0.8's cache providers, shard merging and key aliases; 1.0's
    compression and compaction strategies, some misspelt, and bloom filter chances; 1.1's
    caching), updates of a keyspace that does not exist and of the system keyspace, and the
    keyspace dropped twice."""
    ks = "zm_ok"
    steps = [v19.system_add_keyspace(ksd(ks, [], rf=1)), v19.describe_keyspace(ks)]
    if V08:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], options={"replication_factor": "2"},
                                           durable=False)),
            v19.describe_keyspace(ks),
            v19.system_update_keyspace(ksd(ks, [], strategy=NTS,
                                           options={"datacenter1": "1"})),
        ]
    else:
        steps += [
            v19.system_update_keyspace(ksd(ks, [], rf=2)),
            v19.describe_keyspace(ks),
            v19.system_update_keyspace(ksd(ks, [], rf=1, strategy=NTS,
                                           options={"datacenter1": "1"})),
        ]
    steps += [
        v19.describe_keyspace(ks),
        v19.set_keyspace(ks),
        v19.system_add_column_family(cfd(ks, "Tmp", comparator_type="UTF8Type")),
        v19.insert("k", cparent("Tmp"), column("a", "1", 10), LOCAL_QUORUM),
        v19.get_slice("k", cparent("Tmp"), pred(start="", count=10), LOCAL_QUORUM),
        v19.system_drop_column_family("Tmp"),
        v19.describe_keyspace(ks),
    ]
    # the families its tuning runbook made, with the options of the release
    tuned = [("Cached", dict(row_cache_size=100.0, key_cache_size=0.25,
                             row_cache_save_period_in_seconds=60)),
             ("Repair", dict(read_repair_chance=0.0, gc_grace_seconds=0)),
             ("Thresh", dict(min_compaction_threshold=2, max_compaction_threshold=2))]
    if V08:
        tuned += [("Provider", dict(row_cache_provider="SerializingCacheProvider",
                                    row_cache_size=10.0)),
                  ("BadProvider", dict(row_cache_provider="NoSuchCacheProvider")),
                  ("Shards", dict(merge_shards_chance=0.5, replicate_on_write=False)),
                  ("Alias", dict(key_alias="user_id", key_validation_class="UTF8Type"))]
    if V10:
        tuned += [("Snappy", dict(compression_options={"sstable_compression":
                                                       "SnappyCompressor",
                                                       "chunk_length_kb": "64"})),
                  ("Chunk3", dict(compression_options={"sstable_compression":
                                                       "DeflateCompressor",
                                                       "chunk_length_kb": "3"})),
                  ("Lz4", dict(compression_options={"sstable_compression": "LZ4Compressor"})),
                  ("Leveled", dict(compaction_strategy="LeveledCompactionStrategy",
                                   compaction_strategy_options={"sstable_size_in_mb": "10"})),
                  ("NoStrategy", dict(compaction_strategy="TieredCompactionStrategy")),
                  ("Bloom", dict(bloom_filter_fp_chance=0.01)),
                  ("Bloom0", dict(bloom_filter_fp_chance=0.0))]
    if V11:
        tuned += [("KeysOnly", dict(caching="keys_only")),
                  ("CacheAll", dict(caching="everything")),
                  ("DcRepair", dict(dclocal_read_repair_chance=0.2))]
    steps += [v19.system_add_column_family(cfd(ks, n, comparator_type="UTF8Type", **o))
              for n, o in tuned]
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(ksd("zm_ok_none", [], rf=1)),
        v19.system_update_keyspace(ksd("system", [], rf=1, strategy=SS)),
        v19.system_update_keyspace(ksd(ks, [cfd(ks, "Sneaky")], rf=1)),
        v19.system_drop_keyspace(ks),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- super columns app
@sc("18_friend_groups", "super", "zm_fg")
def friend_groups():
    """A social app's friend groups in a super column family (user row, group super column,
    friend ids as LongType sub-columns with the time they were added): groups listed, a
    group's newest friends reversed, groups of several users by multiget with a sub-column
    predicate, a friend removed from one group and a group removed, counts of groups and
    members, and a range scan of users with one group each."""
    ks = "zm_fg"
    steps = setup(ks, [cfd(ks, "Groups", column_type="Super", comparator_type="UTF8Type",
                           subcomparator_type="LongType")])
    steps += [
        v19.batch_mutate({"ann": {"Groups": [
            sins("family", [(long_(2), "t1"), (long_(3), "t2")], 10),
            sins("work", [(long_(4), "t3"), (long_(5), "t4"), (long_(6), "t5")], 10)]},
            "bob": {"Groups": [sins("work", [(long_(1), "t6")], 10)]}}),
        v19.get_slice("ann", cparent("Groups"), pred(start="", count=10)),
        v19.get_slice("ann", cparent("Groups", sc="work"), pred(start="", reversed=True,
                                                               count=2)),
        v19.multiget_slice(["ann", "bob", "cid"], cparent("Groups", sc="work"),
                           pred(names=[long_(1), long_(5)])),
        v19.remove("ann", cpath("Groups", sc="work", col=long_(5)), 11),
        v19.remove("ann", cpath("Groups", sc="family"), 11),
        v19.get_count("ann", cparent("Groups"), pred(start="", count=10)),
        v19.get_count("ann", cparent("Groups", sc="work"), pred(start="", count=10)),
        v19.multiget_count(["ann", "bob"], cparent("Groups", sc="work"),
                           pred(start="", count=10)),
        v19.get_range_slices(cparent("Groups"), pred(start="", count=1),
                             key_range(start_key="", end_key="", count=10)),
        v19.get_range_slices(cparent("Groups", sc="work"), pred(start="", count=10),
                             key_range(start_key="", end_key="", count=10)),
        v19.batch_mutate({"bob": {"Groups": [sins("work", [(long_(1), "t7")], 9)]}}),
        v19.get("bob", cpath("Groups", sc="work", col=long_(1))),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- later IDL
@sc("19_later_client", "later-idl", "zm_lc")
def later_client():
    """A client built against the next release's IDL talking to this one during an upgrade:
    CfDef fields the release did not declare (key validation and replicate_on_write on 0.7,
    compression and compaction options on 0.8, caching on 1.0, 1.2's options on 1.1), a
    method the release did not have (0.8's add on 0.7, 1.1's get_paged_slice on 0.8 and 1.0,
    1.2's execute_cql3_query on 1.1), and the everyday calls that follow."""
    ks = "zm_lc"
    steps = setup(ks, [])
    if V07:
        later = dict(key_validation_class="UTF8Type", replicate_on_write=True)
        call = unknown("add", {1: b("k"), 2: cparent("Users"), 3: counter_column("n", 1),
                               4: W.i32(ONE)})
    elif V < (1, 0):
        later = dict(compaction_strategy="LeveledCompactionStrategy",
                     compression_options={"sstable_compression": "SnappyCompressor"})
        call = unknown("get_paged_slice", {1: b("Users"), 2: key_range(start_key="",
                                                                       end_key="", count=10),
                                           3: b(""), 4: W.i32(ONE)})
    elif not V11:
        later = dict(caching="keys_only")
        call = unknown("get_paged_slice", {1: b("Users"), 2: key_range(start_key="",
                                                                       end_key="", count=10),
                                           3: b(""), 4: W.i32(ONE)})
    else:
        later = dict(dclocal_read_repair_chance=0.1, default_time_to_live=60)
        call = v19.execute_cql3_query("SELECT * FROM Users")
    steps += [
        v19.system_add_column_family(cfd_later(ks, "Users", comparator_type="UTF8Type",
                                               **later)),
        v19.describe_keyspace(ks),
        call,
        v19.set_keyspace(ks),
        v19.insert("k", cparent("Users"), column("name", "ann", 10)),
        v19.get_slice("k", cparent("Users"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps


# --------------------------------------------------------------------------- CQL 2 report
@sc("20_cql_report", "cql", "zm_cr", when=V08)
def cql_report():
    """A nightly report in CQL 2 over a family written through Thrift: SELECT of a key range
    with LIMIT, a column range with FIRST, WHERE on an indexed column, COUNT of a row, a
    GZIP-compressed query, and the report's mistakes (a query on an unindexed column, a key
    named by a wrong alias, compression of an unknown kind); then an index clause with a key
    bound and a LIMIT, counts of keys, an unquoted key, a row's columns reversed, a family
    named in the wrong case, a column named twice, an empty key, LIMIT 0 and a bare SELECT."""
    ks = "zm_cr"
    steps = setup(ks, [cfd(ks, "Sales", comparator_type="UTF8Type",
                           default_validation_class="UTF8Type",
                           key_validation_class="UTF8Type",
                           column_metadata=[coldef("region", "UTF8Type", True),
                                            coldef("amount", "LongType")])])
    steps += [
        v19.batch_mutate({"s%d" % i: {"Sales": [ins("region", "eu" if i % 2 else "us", 10),
                                                ins("amount", long_(100 * i), 10)]}
                          for i in range(5)}),
        cql("SELECT region, amount FROM Sales WHERE KEY = 's1'"),
        cql("SELECT FIRST 1 * FROM Sales WHERE KEY = 's2'"),
        cql("SELECT region FROM Sales WHERE region = 'eu'"),
        cql("SELECT amount FROM Sales WHERE region = 'us' AND amount > 100"),
        cql("SELECT COUNT(*) FROM Sales WHERE KEY = 's3'"),
        cql("SELECT region FROM Sales LIMIT 2"),
        v19.execute_cql_query(zlib.compress(b"SELECT amount FROM Sales WHERE KEY = 's4'"), 1),
        cql("SELECT region FROM Sales WHERE amount = 100"),
        cql("SELECT region FROM Sales WHERE id = 's1'"),
        v19.execute_cql_query("SELECT region FROM Sales WHERE KEY = 's1'", 3),
        v19.set_keyspace(ks),
        cql("SELECT region FROM Sales WHERE region = 'eu' AND KEY > 's1'"),
        cql("SELECT region FROM Sales WHERE region = 'eu' LIMIT 1"),
        cql("SELECT KEY FROM Sales WHERE KEY IN ('s1', 's9')"),
        cql("SELECT COUNT(*) FROM Sales WHERE KEY IN ('s1', 's2', 's9')"),
        cql("SELECT COUNT(1) FROM Sales"),
        cql("SELECT amount FROM Sales WHERE KEY = s1"),
        cql("SELECT amount FROM Sales WHERE KEY = 's1' AND amount = 100"),
        cql("SELECT REVERSED * FROM Sales WHERE KEY = 's2'"),
        cql("SELECT region FROM sales WHERE KEY = 's1'"),
        cql("SELECT region, region FROM Sales WHERE KEY = 's1'"),
        cql("SELECT * FROM Sales WHERE KEY = ''"),
        cql("SELECT * FROM Sales WHERE KEY = 's1' LIMIT 0"),
        cql("SELECT"),
        v19.system_drop_keyspace(ks),
    ]
    return steps



# --------------------------------------------------------------------------- 0.7 tuning script
@sc("21_tuning_07", "schema", "zm_t7", when=V07)
def tuning_07():
    """A 0.7 operator's tuning script: a keyspace of replication factor 1 with a family of the
    era's memtable and cache options (throughput, operations, flush minutes, row and key cache
    sizes and save periods, read repair chance), the same family updated with other sizes and
    its id, describe_keyspace after each, and an update leaving replication_factor out."""
    ks = "zm_t7"
    opts = dict(comparator_type="UTF8Type", memtable_throughput_in_mb=32,
                memtable_operations_in_millions=0.15, memtable_flush_after_mins=30,
                row_cache_size=1000.0, key_cache_size=0.5, row_cache_save_period_in_seconds=0,
                key_cache_save_period_in_seconds=3600, read_repair_chance=0.5)
    steps = setup(ks, [cfd(ks, "Tuned", **opts)])
    steps += [
        v19.describe_keyspace(ks),
        v19.system_update_column_family(cfd(ks, "Tuned", **dict(
            opts, memtable_throughput_in_mb=64, row_cache_size=0.0, key_cache_size=200000.0))),
        v19.describe_keyspace(ks),
        v19.system_update_keyspace(W.struct({1: b(ks), 2: b(SS), 5: W.list_("struct", [])})),
        v19.insert("k", cparent("Tuned"), column("a", "1", 10)),
        v19.get_slice("k", cparent("Tuned"), pred(start="", count=10)),
        v19.system_drop_keyspace(ks),
    ]
    return steps
