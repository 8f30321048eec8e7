"""Ordinary Thrift use of 0.7.10, 0.8.10, 1.0.12 and 1.1.12, as applications written for each
release sent it (RELEASE=<version> picks the IDL the application was built against).

Thirteen applications of the era, each in a keyspace of its own (dropped before and after):
Twissandra, contrib/py_stress, the Hadoop WordCount example, node-cassandra-client, Gora/Nutch
on a super column family, a Digg-style activity feed, Reddit-style vote counters, Agamemnon's
graph rows, a Django model sync, raw-API clients (Cascal, clj-hector, cassy), a session store,
a metrics time line, and a client built against a later IDL talking to the older release.
Each makes the mistakes its users met.  Written without the earlier ordinary19*.py files.
"""
import os
import struct

from dsl import (ALL, ANY, EACH_QUORUM, EQ, GT, GTE, KEYS_INDEX, LOCAL_QUORUM, LT, ONE, QUORUM,
                 THREE, TWO, Abs, b, column, column_def, cosc, counter_column, cparent, cpath,
                 deletion, index_clause, index_expr, ins, ins_super, key_range, long_, mutation,
                 pred, raw, scenario, super_column, timeuuid, uuid_, v19)
import thriftwire as W

REL = os.environ.get("RELEASE", "1.1.12")
V = tuple(int(x) for x in REL.split("."))
HAS_COUNTERS = V >= (0, 8)
HAS_CQL2 = V >= (0, 8)
SS = "org.apache.cassandra.locator.SimpleStrategy"
NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy"
LOCAL_ONE = 11


# ---------------------------------------------------------------- the era's definitions
def ksdef(name, cfs=(), strategy=SS, rf=1, options=None, later_idl=False):
    """A KsDef as the release's clients sent it: 0.7's required replication_factor (4), from
    0.8 the factor among strategy_options; a later (1.2) client sends the options only."""
    f = {1: b(name), 2: b(strategy), 5: W.list_("struct", list(cfs))}
    if options is None and strategy == SS:
        options = {"replication_factor": str(rf)}
    if V < (0, 8) and not later_idl:
        f[4] = W.i32(rf)
        if strategy == SS:
            options = None
    if options is not None:
        f[3] = W.map_("bin", "bin", [(b(k), b(v)) for k, v in options.items()])
    return W.struct(f)


def cfdef(ks, name, ctype=None, comparator=None, sub=None, comment=None, meta=None,
          gc=None, dv=None, kv=None, **extra):
    """A CfDef of the fields the application set; key_validation_class only from 0.8."""
    f = {1: b(ks), 2: b(name)}
    if ctype:
        f[3] = b(ctype)
    if comparator:
        f[5] = b(comparator)
    if sub:
        f[6] = b(sub)
    if comment is not None:
        f[8] = b(comment)
    if meta is not None:
        f[13] = W.list_("struct", meta)
    if gc is not None:
        f[14] = W.i32(gc)
    if dv:
        f[15] = b(dv)
    if kv and V >= (0, 8):
        f[26] = b(kv)
    for k, v in extra.items():
        f[int(k[1:])] = v
    return W.struct(f)


def add_ks(name, cfs=(), **kw):
    return v19.system_add_keyspace(ksdef(name, cfs, **kw))


def counter(key, cf, name, n, sc=None, cl=ONE):
    return v19.add(key, cparent(cf, sc), counter_column(name, n), cl)


def cql(q):
    return v19.execute_cql_query(q)


def tid(seq):
    return timeuuid(seq)


# ---------------------------------------------------------------- 1. Twissandra
TW = "k_twissandra"


@scenario("k_twissandra", "19", "app_twissandra", keyspace_reset=TW)
def k_twissandra():
    """Twissandra: users, follow, tweet fan-out to timelines, newest-first paging, unfollow."""
    cfs = [cfdef(TW, "User", comparator="UTF8Type"),
           cfdef(TW, "Username", comparator="BytesType"),
           cfdef(TW, "Friends", comparator="BytesType"),
           cfdef(TW, "Followers", comparator="BytesType"),
           cfdef(TW, "Tweet", comparator="UTF8Type"),
           cfdef(TW, "Userline", comparator="LongType"),
           cfdef(TW, "Timeline", comparator="LongType")]
    s = [v19.describe_keyspaces(), add_ks(TW, cfs), v19.set_keyspace(TW)]
    users = [("u-alice", "alice"), ("u-bob", "bob"), ("u-carol", "carol")]
    for i, (uid, name) in enumerate(users):
        s.append(v19.batch_mutate({uid: {"User": [ins("id", uid, 10 + i), ins("username", name, 10 + i),
                                                  ins("password", "pw" + name, 10 + i)]},
                                   name: {"Username": [ins("id", uid, 10 + i)]}}))
    # login: Username lookup then the User row; a user nobody registered
    s += [v19.get("bob", cpath("Username", col="id")),
          v19.get_slice("u-bob", cparent("User"), pred(start="", count=100)),
          v19.get("dave", cpath("Username", col="id")),
          v19.get_slice("dave", cparent("User"), pred(names=["id", "password"]))]
    # bob and carol follow alice; alice follows bob
    follows = [("u-bob", "u-alice"), ("u-carol", "u-alice"), ("u-alice", "u-bob")]
    for i, (who, whom) in enumerate(follows):
        s.append(v19.batch_mutate({who: {"Friends": [ins(whom, long_(1300000000 + i), 20 + i)]},
                                   whom: {"Followers": [ins(who, long_(1300000000 + i), 20 + i)]}}))
    s.append(v19.get_slice("u-alice", cparent("Followers"), pred(start="", count=5000)))
    # alice tweets 12 times: Tweet row, her Userline, the public line and her followers' timelines
    for n in range(12):
        t = 1300000100 + n
        tkey = "t-%04d" % n
        mm = {tkey: {"Tweet": [ins("id", tkey, 30 + n), ins("user_id", "u-alice", 30 + n),
                               ins("body", "tweet number %d" % n, 30 + n)]},
              "u-alice": {"Userline": [ins(long_(t), tkey, 30 + n)],
                          "Timeline": [ins(long_(t), tkey, 30 + n)]},
              "!PUBLIC!": {"Userline": [ins(long_(t), tkey, 30 + n)]}}
        for f in ("u-bob", "u-carol"):
            mm[f] = {"Timeline": [ins(long_(t), tkey, 30 + n)]}
        s.append(v19.batch_mutate(mm))
    # bob's timeline: newest first, a page of 5 asking 6, then the next page from the 6th
    s.append(v19.get_slice("u-bob", cparent("Timeline"), pred(start="", finish="", reversed=True, count=6)))
    s.append(v19.get_slice("u-bob", cparent("Timeline"),
                           pred(start=long_(1300000100 + 6), finish="", reversed=True, count=6)))
    s.append(v19.get_slice("u-bob", cparent("Timeline"),
                           pred(start=long_(1300000100 + 1), finish="", reversed=True, count=6)))
    s.append(v19.multiget_slice(["t-0011", "t-0010", "t-0009", "t-0099"], cparent("Tweet"),
                                pred(start="", count=100)))
    s.append(v19.get_slice("!PUBLIC!", cparent("Userline"), pred(start="", reversed=True, count=3)))
    # a tweet page asked with a 4-byte start (the app's int): LongType refuses it
    s.append(v19.get_slice("u-bob", cparent("Timeline"), pred(start=struct.pack(">i", 7), reversed=True, count=6)))
    # unfollow: carol stops following alice
    s += [v19.remove("u-carol", cpath("Friends", col="u-alice"), 40),
          v19.remove("u-alice", cpath("Followers", col="u-carol"), 40),
          v19.get_slice("u-alice", cparent("Followers"), pred(start="", count=5000)),
          v19.get_count("u-alice", cparent("Followers"), pred(start="", count=5000)),
          v19.multiget_count(["u-alice", "u-bob", "u-carol"], cparent("Friends"), pred(start="", count=100)),
          v19.get("u-carol", cpath("Friends", col="u-alice"))]
    # a tweet deleted by its author: the Tweet row goes, the timelines keep the id
    s += [v19.remove("t-0011", cpath("Tweet"), 50),
          v19.multiget_slice(["t-0011", "t-0010"], cparent("Tweet"), pred(names=["body", "user_id"])),
          v19.get_range_slices(cparent("User"), pred(names=["username"]), key_range("", "", count=10))]
    return s


# ---------------------------------------------------------------- 2. contrib/py_stress
ST = "k_stress"


@scenario("k_stress", "19", "app_stress", keyspace_reset=ST)
def k_stress():
    """stress.py: Standard1/Super1/Indexed1, fixed-width keys, inserts, reads, ranges at levels."""
    cfs = [cfdef(ST, "Standard1", comparator="AsciiType"),
           cfdef(ST, "Super1", ctype="Super", comparator="AsciiType", sub="BytesType"),
           cfdef(ST, "Indexed1", comparator="AsciiType",
                 meta=[column_def("C1", "BytesType", KEYS_INDEX)])]
    s = [add_ks(ST, cfs), v19.set_keyspace(ST),
         v19.describe_ring(ST)]
    vals = ["%034x" % (i * 7919 + 12345) for i in range(10)]
    for i in range(10):
        key = "%07d" % i
        cols = [column("C%d" % c, vals[(i + c) % 10][:32], 10 + i) for c in range(5)]
        s.append(v19.batch_mutate({key: {"Standard1": [mutation(cosc(column=c)) for c in cols]}},
                                  [ONE, QUORUM, ALL, ONE, ANY][i % 5]))
    for i in range(4):
        key = "%07d" % i
        s.append(v19.batch_mutate({key: {"Super1": [
            mutation(cosc(super_column=super_column("S%d" % sc, [column("C%d" % c, vals[c], 20)
                                                                  for c in range(3)])))
            for sc in range(2)]}}))
    for i in range(6):
        key = "%07d" % i
        s.append(v19.insert(key, cparent("Indexed1"), column("C1", "v%d" % (i % 2), 30)))
        s.append(v19.insert(key, cparent("Indexed1"), column("C2", "w%d" % i, 30)))
    s += [v19.get_slice("0000003", cparent("Standard1"), pred(start="", count=5), QUORUM),
          v19.get_slice("0000003", cparent("Standard1"), pred(start="", count=5), ALL),
          v19.get_slice("0000002", cparent("Super1", "S1"), pred(start="", count=5)),
          v19.multiget_slice(["%07d" % i for i in (0, 4, 9, 11)], cparent("Standard1"),
                             pred(start="", count=5), ONE),
          v19.get_range_slices(cparent("Standard1"), pred(start="", count=5),
                               key_range("0000005", "", count=4)),
          v19.get_range_slices(cparent("Super1"), pred(start="", count=5),
                               key_range("", "", count=10)),
          v19.get_indexed_slices(cparent("Indexed1"),
                                 index_clause([index_expr("C1", EQ, "v0")], "", 10),
                                 pred(start="", count=5)),
          v19.get_indexed_slices(cparent("Indexed1"),
                                 index_clause([index_expr("C1", EQ, "v1"), index_expr("C2", GT, "w2")], "", 10),
                                 pred(start="", count=5)),
          # stress's indexedrangeslice given only a GT: no EQ
          v19.get_indexed_slices(cparent("Indexed1"),
                                 index_clause([index_expr("C1", GT, "v0")], "", 10),
                                 pred(start="", count=5)),
          # a level a one-node cluster cannot serve, and a read at ANY
          v19.get_slice("0000001", cparent("Standard1"), pred(start="", count=5), TWO),
          v19.get_slice("0000001", cparent("Standard1"), pred(start="", count=5), ANY),
          v19.get_range_slices(cparent("Standard1"), pred(start="", count=1),
                               key_range("", "", count=0)),
          v19.get_slice("0000001", cparent("Standard1"), pred(start="", count=-1))]
    return s


# ---------------------------------------------------------------- 3. Hadoop WordCount
WC = "k_wordcount"
MAXT = "170141183460469231731687303715884105728"


@scenario("k_wordcount", "19", "app_wordcount", keyspace_reset=WC)
def k_wordcount():
    """The WordCount example: setup writes of text columns, describe_ring/splits, token scans."""
    cfs = [cfdef(WC, "input_words", comparator="AsciiType"),
           cfdef(WC, "output_words", comparator="AsciiType", dv="AsciiType")]
    s = [add_ks(WC, cfs), v19.set_keyspace(WC)]
    lines = ["the quick brown fox", "jumps over the lazy dog", "word1 word2 word1",
             "to be or not to be", "the end"]
    for i in range(20):
        s.append(v19.insert("key%d" % i, cparent("input_words"),
                            column("text%d" % (i % 3), lines[i % len(lines)], 10 + i)))
    s += [v19.describe_partitioner(),
          v19.describe_ring(WC),
          v19.describe_splits("input_words", "0", MAXT, 16384),
          v19.describe_splits("input_words", "0", "85070591730234615865843651857942052864", 4),
          v19.get_range_slices(cparent("input_words"), pred(names=["text1"]),
                               key_range(start_token="0", end_token="0", count=5)),
          v19.get_range_slices(cparent("input_words"), pred(start="", count=10),
                               key_range(start_token="85070591730234615865843651857942052864",
                                         end_token=MAXT, count=100)),
          v19.get_range_slices(cparent("input_words"), pred(start="", count=10),
                               key_range(start_key="key1", end_token=MAXT, count=100)),
          v19.get_range_slices(cparent("input_words"), pred(start="", count=10),
                               key_range("key1", "key2", "0", "1", count=100)),
          v19.describe_ring("k_nosuch"),
          v19.describe_splits("no_such_cf", "0", MAXT, 128)]
    counts = {"the": 8, "be": 8, "word1": 8, "fox": 4}
    s.append(v19.batch_mutate({w: {"output_words": [ins("count", str(n), 60)]}
                               for w, n in counts.items()}))
    s.append(v19.get_range_slices(cparent("output_words"), pred(start="", count=10),
                                  key_range("", "", count=100)))
    s.append(v19.truncate("output_words"))
    s.append(v19.get_range_slices(cparent("output_words"), pred(start="", count=10),
                                  key_range("", "", count=100)))
    return s


# ---------------------------------------------------------------- 4. node-cassandra-client
NC = "k_nodeclient"


@scenario("k_nodeclient", "19", "app_nodeclient", keyspace_reset=NC)
def k_nodeclient():
    """node-cassandra-client: describe_keyspace at connect, then CQL 2 (0.8 on) or raw Thrift."""
    cfs = [cfdef(NC, "users", comparator="UTF8Type", dv="UTF8Type", kv="UTF8Type",
                 meta=[column_def("age", "IntegerType"), column_def("uid", "LexicalUUIDType")]),
           cfdef(NC, "big", comparator="IntegerType", dv="IntegerType")]
    s = [v19.describe_keyspace(NC), add_ks(NC, cfs), v19.describe_keyspace(NC)]
    u1 = "6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01"
    if not HAS_CQL2:
        s += [v19.set_keyspace(NC),
              v19.insert("jsmith", cparent("users"), column("first", "John", 10)),
              v19.insert("jsmith", cparent("users"), column("age", b"\x00\xa0", 10)),
              v19.insert("jsmith", cparent("users"), column("uid", uuid_(u1), 10)),
              v19.insert("jsmith", cparent("users"), column("uid", b"\x01\x02", 10)),
              v19.insert("n1", cparent("big"), column(b"\x01\x00\x00\x00\x00\x00\x00\x00\x00", b"\xff\x7f", 10)),
              v19.insert("n1", cparent("big"), column(b"\xff", b"\x00", 10)),
              v19.get_slice("n1", cparent("big"), pred(start="", count=10)),
              v19.get_slice("jsmith", cparent("users"), pred(start="", count=10)),
              v19.execute_cql_query("SELECT * FROM users WHERE KEY='jsmith'")]
        return s
    s += [cql("USE %s" % NC),
          cql("UPDATE users USING CONSISTENCY ONE AND TIMESTAMP 1000 SET 'first'='John', 'age'=160, "
              "'uid'='%s' WHERE KEY='jsmith'" % u1),
          cql("UPDATE users USING TIMESTAMP 1000 SET 'first'='Jane', 'age'=-3 WHERE KEY='jdoe'"),
          cql("SELECT 'first','age','uid' FROM users WHERE KEY='jsmith'"),
          cql("SELECT * FROM users WHERE KEY IN ('jsmith','jdoe','nobody')"),
          cql("SELECT COUNT(*) FROM users WHERE KEY='jsmith'"),
          cql("UPDATE users USING TIMESTAMP 1001 SET 'age'='old' WHERE KEY='jsmith'"),
          cql("UPDATE users USING TIMESTAMP 1001 SET 'uid'='not-a-uuid' WHERE KEY='jsmith'"),
          cql("UPDATE big USING TIMESTAMP 1000 SET 123456789012345678901234567890=-1, 1=2 WHERE KEY='n1'"),
          cql("SELECT FIRST 5 REVERSED * FROM big WHERE KEY='n1'"),
          cql("SELECT * FROM nosuchcf WHERE KEY='x'"),
          cql("SELECT 'first' FROM users WHERE 'first'='John'"),
          cql("DELETE 'age' FROM users USING TIMESTAMP 1002 WHERE KEY='jsmith'"),
          cql("SELECT 'first','age' FROM users WHERE KEY='jsmith'"),
          cql("SELEC * FROM users"),
          cql("TRUNCATE big"),
          cql("SELECT * FROM big WHERE KEY='n1'")]
    return s


# ---------------------------------------------------------------- 5. Gora / Nutch
GO = "k_gora"


@scenario("k_gora", "19", "app_gora", keyspace_reset=GO)
def k_gora():
    """Gora's Cassandra store under Nutch: a super CF of page fields and outlinks by reversed URL."""
    cfs = [cfdef(GO, "sc", ctype="Super", comparator="BytesType", sub="BytesType"),
           cfdef(GO, "p", comparator="BytesType")]
    s = [v19.describe_keyspaces(), add_ks(GO, cfs), v19.set_keyspace(GO)]
    urls = ["com.example.www:http/", "com.example.www:http/about", "org.apache.nutch:http/",
            "org.apache.gora:http/index.html", "net.sample:http/a"]
    for i, u in enumerate(urls):
        s.append(v19.batch_mutate({u: {
            "p": [ins("baseUrl", "http://" + u, 10), ins("status", struct.pack(">i", 1 + i % 3), 10),
                  ins("fetchTime", long_(1300000000000 + i), 10)],
            "sc": [ins_super("ol", [("http://l%d/" % j, "anchor %d" % j) for j in range(i + 1)], 10),
                   ins_super("mtdt", [("_csh_", b"\x3f\x80\x00\x00")], 10)]}}))
    s += [v19.get_slice(urls[2], cparent("sc", "ol"), pred(start="", count=100)),
          v19.get_slice(urls[4], cparent("sc"), pred(start="", count=100)),
          v19.get_range_slices(cparent("p"), pred(names=["baseUrl", "status"]),
                               key_range(urls[1], "", count=3)),
          v19.get_range_slices(cparent("sc"), pred(names=["ol"]), key_range("", "", count=100)),
          v19.get(urls[0], cpath("sc", "ol", "http://l0/")),
          v19.get(urls[0], cpath("sc", "ol")),
          v19.get(urls[0], cpath("p", "ol", "http://l0/")),
          v19.get_slice(urls[0], cparent("p", "ol"), pred(start="", count=10)),
          # a re-fetch replaces the outlinks: the super column removed then written again
          v19.remove(urls[4], cpath("sc", "ol"), 20),
          v19.batch_mutate({urls[4]: {"sc": [ins_super("ol", [("http://new/", "new")], 21)]}}),
          v19.get_slice(urls[4], cparent("sc", "ol"), pred(start="", count=100)),
          # deleteByQuery: the rows and a sub-column by a Deletion
          v19.batch_mutate({urls[3]: {"p": [mutation(deletion_=deletion(30))],
                                      "sc": [mutation(deletion_=deletion(30))]},
                            urls[1]: {"sc": [mutation(deletion_=deletion(30, "ol", pred(names=["http://l0/"])))]}}),
          v19.get_slice(urls[1], cparent("sc", "ol"), pred(start="", count=100)),
          v19.get_range_slices(cparent("p"), pred(start="", count=1), key_range("", "", count=100)),
          v19.get_range_slices(cparent("sc"), pred(start="", count=100), key_range("", "", count=100)),
          v19.get_count(urls[0], cparent("sc"), pred(start="", count=100))]
    return s


# ---------------------------------------------------------------- 6. Digg-style activity feeds
FD = "k_feeds"


@scenario("k_feeds", "19", "app_feeds", keyspace_reset=FD)
def k_feeds():
    """A super CF per user keyed by TimeUUID: sub-column reads, counts, a removed event."""
    cfs = [cfdef(FD, "Activity", ctype="Super", comparator="TimeUUIDType", sub="UTF8Type"),
           cfdef(FD, "Digs", comparator="UTF8Type")]
    s = [add_ks(FD, cfs), v19.set_keyspace(FD)]
    acts = [("digg", "kevin", "story1"), ("comment", "alex", "story2"), ("digg", "jay", "story1"),
            ("bury", "kevin", "story3"), ("digg", "alex", "story4"), ("friend", "jay", "kevin")]
    for n, (typ, actor, target) in enumerate(acts):
        s.append(v19.batch_mutate({"feed:kevin": {"Activity": [ins_super(tid(n), [
            ("type", typ), ("actor", actor), ("target", target)], 10 + n)]},
            "feed:alex": {"Activity": [ins_super(tid(n), [("type", typ), ("actor", actor)], 10 + n)]}}))
    s += [v19.get_slice("feed:kevin", cparent("Activity"), pred(start="", reversed=True, count=3)),
          v19.get_slice("feed:kevin", cparent("Activity"), pred(start=tid(2), reversed=True, count=3)),
          v19.get_slice("feed:kevin", cparent("Activity", tid(3)), pred(names=["type", "target"])),
          v19.get("feed:kevin", cpath("Activity", tid(4), "actor")),
          v19.get_count("feed:kevin", cparent("Activity"), pred(start="", count=100)),
          v19.get_count("feed:kevin", cparent("Activity", tid(1)), pred(start="", count=100)),
          v19.multiget_count(["feed:kevin", "feed:alex", "feed:nobody"], cparent("Activity"),
                             pred(start=tid(2), finish=tid(4), count=100)),
          # the user hides an event; the feed is read again
          v19.remove("feed:kevin", cpath("Activity", tid(3)), 30),
          v19.get_slice("feed:kevin", cparent("Activity"), pred(start="", reversed=True, count=3)),
          v19.get("feed:kevin", cpath("Activity", tid(3), "type")),
          # a sub-column removed alone
          v19.remove("feed:alex", cpath("Activity", tid(0), "actor"), 31),
          v19.get_slice("feed:alex", cparent("Activity"), pred(names=[tid(0), tid(1)])),
          # the app's mistakes: a TimeUUID of 15 bytes, a version-4 UUID, a super path on Digs
          v19.get("feed:kevin", cpath("Activity", tid(1)[:15], "type")),
          v19.insert("feed:kevin", cparent("Activity", uuid_("6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01")),
                     column("type", "digg", 40)),
          v19.get("feed:kevin", cpath("Digs", tid(1), "type")),
          v19.insert("feed:kevin", cparent("Digs", "story1"), column("count", "1", 40)),
          v19.insert("feed:kevin", cparent("Activity"), column(tid(9), "x", 40)),
          v19.get_slice("feed:kevin", cparent("Activity"), pred(start="", count=-1)),
          v19.remove("feed:kevin", cpath("Activity"), 50),
          v19.get_count("feed:kevin", cparent("Activity"), pred(start="", count=100))]
    return s


# ---------------------------------------------------------------- 7. Reddit-style votes
VO = "k_votes"


@scenario("k_votes", "19", "app_votes", keyspace_reset=VO)
def k_votes():
    """Vote counters: add, reads of CounterColumns, remove_counter, counter batches (0.8 on);
    0.7's applications kept a LongType tally by read-modify-write."""
    if not HAS_COUNTERS:
        cfs = [cfdef(VO, "Votes", comparator="UTF8Type", dv="LongType")]
        s = [add_ks(VO, cfs), v19.set_keyspace(VO)]
        for i in range(4):
            s += [v19.get("link:1", cpath("Votes", col="ups")),
                  v19.insert("link:1", cparent("Votes"), column("ups", long_(i + 1), 10 + i))]
        s += [v19.insert("link:1", cparent("Votes"), column("downs", struct.pack(">i", 1), 20)),
              v19.multiget_slice(["link:1", "link:2"], cparent("Votes"), pred(start="", count=10)),
              v19.add("link:1", cparent("Votes"), counter_column("ups", 1), ONE),
              v19.remove("link:1", cpath("Votes", col="ups"), 30),
              v19.get_slice("link:1", cparent("Votes"), pred(start="", count=10))]
        return s
    cfs = [cfdef(VO, "Votes", comparator="UTF8Type", dv="CounterColumnType", kv="UTF8Type"),
           cfdef(VO, "SubVotes", ctype="Super", comparator="UTF8Type", sub="UTF8Type",
                 dv="CounterColumnType"),
           cfdef(VO, "Links", comparator="UTF8Type", dv="UTF8Type")]
    s = [add_ks(VO, cfs), v19.set_keyspace(VO)]
    for i, (link, col, n) in enumerate([("link:1", "ups", 1), ("link:1", "ups", 1), ("link:1", "downs", 1),
                                        ("link:2", "ups", 5), ("link:1", "ups", -1), ("link:3", "downs", 2)]):
        s.append(counter(link, "Votes", col, n))
    s += [v19.get("link:1", cpath("Votes", col="ups")),
          v19.get_slice("link:1", cparent("Votes"), pred(start="", count=10)),
          v19.multiget_slice(["link:1", "link:2", "link:3", "link:4"], cparent("Votes"),
                             pred(names=["ups", "downs"])),
          v19.get_count("link:1", cparent("Votes"), pred(start="", count=10)),
          v19.batch_mutate({"link:2": {"Votes": [mutation(cosc(counter_column=counter_column("ups", 3))),
                                                 mutation(cosc(counter_column=counter_column("downs", 1)))]},
                            "link:5": {"Votes": [mutation(cosc(counter_column=counter_column("ups", 1)))]}}),
          v19.get_range_slices(cparent("Votes"), pred(start="", count=10), key_range("", "", count=10)),
          counter("r/python", "SubVotes", "ups", 2, sc="link:1"),
          counter("r/python", "SubVotes", "ups", 4, sc="link:2"),
          v19.get_slice("r/python", cparent("SubVotes"), pred(start="", count=10)),
          v19.get("r/python", cpath("SubVotes", "link:2", "ups")),
          v19.remove_counter("link:3", cpath("Votes", col="downs")),
          v19.get("link:3", cpath("Votes", col="downs")),
          v19.remove_counter("r/python", cpath("SubVotes", "link:1")),
          v19.get_slice("r/python", cparent("SubVotes"), pred(start="", count=10)),
          # mistakes: an insert into the counter CF, an add to a plain CF, a counter with a super
          # column path on a standard CF, a counter batch with a Deletion
          v19.insert("link:1", cparent("Votes"), column("ups", long_(1), 40)),
          counter("link:1", "Links", "clicks", 1),
          counter("link:1", "Votes", "ups", 1, sc="x"),
          v19.batch_mutate({"link:1": {"Votes": [mutation(deletion_=deletion(41, predicate=pred(names=["ups"])))]}}),
          v19.get_slice("link:1", cparent("Votes"), pred(start="", count=10)),
          counter("link:1", "Votes", "ups", 1, cl=ANY),
          v19.get_slice("link:1", cparent("Votes"), pred(start="", count=10), QUORUM)]
    return s


# ---------------------------------------------------------------- 8. Agamemnon graph store
AG = "k_agamemnon"


def rel(kind, key):
    return b"__rel__" + kind + b"\x00" + key


@scenario("k_agamemnon", "19", "app_agamemnon", keyspace_reset=AG)
def k_agamemnon():
    """Agamemnon on pycassa: node rows, outbound/inbound relationship rows of byte names, scans."""
    cfs = [cfdef(AG, "person", comparator="BytesType"),
           cfdef(AG, "outbound__knows", ctype="Super", comparator="BytesType", sub="BytesType"),
           cfdef(AG, "inbound__knows", ctype="Super", comparator="BytesType", sub="BytesType"),
           cfdef(AG, "reference_node", comparator="BytesType")]
    s = [add_ks(AG, cfs), v19.set_keyspace(AG)]
    people = [b"ann", b"ben", b"cat", b"dan"]
    for i, p in enumerate(people):
        s.append(v19.batch_mutate({p: {"person": [ins("name", p, 10), ins("age", str(20 + i), 10)]},
                                   b"reference": {"reference_node": [ins(b"person\x00" + p, p, 10)]}}))
    edges = [(b"ann", b"ben"), (b"ann", b"cat"), (b"ben", b"cat"), (b"dan", b"ann")]
    for j, (src, dst) in enumerate(edges):
        rid = b"rel%02d" % j
        s.append(v19.batch_mutate({
            src: {"outbound__knows": [ins_super(rel(b"knows", rid), [
                (b"source__key", src), (b"target__key", dst), (b"target__type", b"person"),
                (b"since", str(2000 + j))], 20 + j)]},
            dst: {"inbound__knows": [ins_super(rel(b"knows", rid), [
                (b"source__key", src), (b"target__key", dst)], 20 + j)]}}))
    s += [v19.get_slice(b"ann", cparent("outbound__knows"), pred(start=b"__rel__", finish=b"__rel__\xff", count=100)),
          v19.multiget_count(people + [b"eve"], cparent("outbound__knows"), pred(start="", count=100)),
          v19.multiget_count(people, cparent("inbound__knows"), pred(start="", count=100)),
          v19.get_range_slices(cparent("person"), pred(start="", count=100), key_range("", "", count=2)),
          v19.get_range_slices(cparent("outbound__knows"), pred(start="", count=1),
                               key_range("", "", count=100)),
          v19.get_slice(b"reference", cparent("reference_node"),
                        pred(start=b"person\x00", finish=b"person\x01", count=100)),
          v19.get(b"cat", cpath("inbound__knows", rel(b"knows", b"rel01"), b"source__key")),
          # ann forgets ben: both sides of the relationship removed in one batch
          v19.batch_mutate({b"ann": {"outbound__knows": [mutation(deletion_=deletion(30, rel(b"knows", b"rel00")))]},
                            b"ben": {"inbound__knows": [mutation(deletion_=deletion(30, rel(b"knows", b"rel00")))]}}),
          v19.multiget_count(people, cparent("outbound__knows"), pred(start="", count=100)),
          v19.multiget_slice([b"ann", b"ben"], cparent("inbound__knows"), pred(start="", count=100)),
          # a node deleted with its relationships
          v19.batch_mutate({b"dan": {"person": [mutation(deletion_=deletion(40))],
                                     "outbound__knows": [mutation(deletion_=deletion(40))]},
                            b"reference": {"reference_node": [mutation(deletion_=deletion(40, predicate=pred(names=[b"person\x00dan"])))]}}),
          v19.get_range_slices(cparent("person"), pred(start="", count=100), key_range("", "", count=100)),
          v19.get_range_slices(cparent("outbound__knows"), pred(start="", count=100), key_range("", "", count=100)),
          v19.multiget_count([], cparent("person"), pred(start="", count=100)),
          v19.multiget_slice([b"ann", b"ann"], cparent("person"), pred(names=["name"]))]
    return s


# ---------------------------------------------------------------- 9. Django model sync
DJ = "k_django"


def _validators():
    vs = ["BytesType", "AsciiType", "UTF8Type", "LongType", "IntegerType", "LexicalUUIDType",
          "TimeUUIDType"]
    if V >= (0, 8):
        vs += ["UUIDType", "BooleanType", "DateType", "DoubleType", "FloatType"]
    if V >= (1, 0):
        vs += ["Int32Type", "DecimalType"]
    return vs


@scenario("k_django", "19", "app_django", keyspace_reset=DJ)
def k_django():
    """A Django backend's syncdb: describe_keyspaces, a CF per model with typed column_metadata,
    an index added later by system_update_column_family, inserts its validators refuse."""
    vs = _validators()
    meta = [column_def("f_" + v.lower().replace("type", ""), "org.apache.cassandra.db.marshal." + v)
            for v in vs]
    s = [v19.describe_keyspaces(), add_ks(DJ), v19.set_keyspace(DJ), v19.describe_keyspace(DJ),
         v19.system_add_column_family(cfdef(DJ, "blog_entry", comparator="UTF8Type", kv="UTF8Type",
                                            comment="django model blog.Entry", meta=meta)),
         v19.system_add_column_family(cfdef(DJ, "blog_entry", comparator="UTF8Type")),
         v19.system_add_column_family(cfdef(DJ, "auth_user", comparator="UTF8Type", dv="UTF8Type",
                                            meta=[column_def("username", "UTF8Type"),
                                                  column_def("email", "UTF8Type"),
                                                  column_def("is_staff", "BooleanType" if V >= (0, 8) else "BytesType")])),
         v19.system_add_column_family(cfdef(DJ, "bad model", comparator="UTF8Type")),
         v19.system_add_column_family(cfdef(DJ, "blog_comment", comparator="UTF8Type",
                                            meta=[column_def("score", "NoSuchType")])),
         v19.describe_keyspace(DJ)]
    good = {"bytes": b"\x00\x01", "ascii": "hello", "utf8": "h\u00e9llo", "long": long_(42),
            "integer": b"\x01\x00", "lexicaluuid": uuid_("6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01"),
            "timeuuid": tid(1), "uuid": uuid_("6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01"),
            "boolean": b"\x01", "date": long_(1300000000000), "double": struct.pack(">d", 1.5),
            "float": struct.pack(">f", 1.5), "int32": struct.pack(">i", 7),
            "decimal": b"\x00\x00\x00\x02\x04\xd2"}
    bad = {"ascii": "h\u00e9llo", "utf8": b"\xff\xfe", "long": struct.pack(">i", 42),
           "lexicaluuid": b"\x01\x02\x03", "timeuuid": uuid_("6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01"),
           "uuid": b"\x01", "boolean": b"\x01\x02", "date": b"\x01\x02\x03", "double": b"\x01",
           "float": b"\x01\x02", "int32": b"\x01\x02\x03\x04\x05", "decimal": b"\x01"}
    names = [v.lower().replace("type", "") for v in vs]
    s.append(v19.batch_mutate({"entry-1": {"blog_entry": [ins("f_" + n, good[n], 10) for n in names]}}))
    s.append(v19.get_slice("entry-1", cparent("blog_entry"), pred(start="", count=100)))
    for n in names:
        if n in bad:
            s.append(v19.insert("entry-2", cparent("blog_entry"), column("f_" + n, bad[n], 11)))
    s.append(v19.batch_mutate({"entry-3": {"blog_entry": [ins("f_ascii", "ok", 12), ins("f_long", "x", 12)]}}))
    s.append(v19.get_slice("entry-3", cparent("blog_entry"), pred(start="", count=100)))
    # the model gains db_index=True on username: the CfDef described, sent back with an index
    upd = cfdef(DJ, "auth_user", comparator="UTF8Type", dv="UTF8Type",
                meta=[column_def("username", "UTF8Type", KEYS_INDEX, "auth_user_username_idx"),
                      column_def("email", "UTF8Type"),
                      column_def("is_staff", "BooleanType" if V >= (0, 8) else "BytesType")])
    s += [v19.insert("u1", cparent("auth_user"), column("username", "admin", 20)),
          v19.insert("u2", cparent("auth_user"), column("username", "guest", 20)),
          v19.system_update_column_family(upd),
          v19.describe_keyspace(DJ),
          v19.get_indexed_slices(cparent("auth_user"),
                                 index_clause([index_expr("username", EQ, "admin")]),
                                 pred(start="", count=100)),
          v19.get_indexed_slices(cparent("auth_user"),
                                 index_clause([index_expr("email", EQ, "x@example.com")]),
                                 pred(start="", count=100)),
          v19.system_update_column_family(cfdef(DJ, "no_such_model", comparator="UTF8Type")),
          v19.system_update_column_family(cfdef(DJ, "auth_user", comparator="BytesType", dv="UTF8Type")),
          v19.system_drop_column_family("blog_comment"),
          v19.system_drop_column_family("blog_entry"),
          v19.describe_keyspace(DJ)]
    return s


# ---------------------------------------------------------------- 10. raw-API clients
RA = "k_rawapi"


@scenario("k_rawapi", "19", "app_rawapi", keyspace_reset=RA)
def k_rawapi():
    """Cascal / clj-hector / cassy: version checks, login, keyspace mistakes, every level."""
    s = [v19.describe_version(), v19.describe_cluster_name(),
         v19.set_keyspace(RA),
         v19.get("k", cpath("Standard1", col="c")),
         v19.login({"username": "admin", "password": "secret"}),
         v19.describe_keyspace(RA),
         add_ks(RA, [cfdef(RA, "Standard1", comparator="BytesType"),
                     cfdef(RA, "Super1", ctype="Super", comparator="BytesType", sub="BytesType")]),
         add_ks(RA),
         v19.set_keyspace(RA),
         v19.describe_schema_versions(),
         v19.describe_keyspace("system")]
    levels = [ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL, ANY, TWO, THREE]
    for i, cl in enumerate(levels):
        s.append(v19.insert("row%d" % i, cparent("Standard1"), column("c", "v%d" % cl, 10 + i), cl))
    for cl in levels:
        s.append(v19.get("row0", cpath("Standard1", col="c"), cl))
    for cl in (QUORUM, ALL, ANY, TWO):
        s.append(v19.get_range_slices(cparent("Standard1"), pred(start="", count=1),
                                      key_range("", "", count=3), cl))
    s += [v19.insert("row0", cparent("Standard1"), column("c", "v", 20), 0),
          v19.insert("row0", cparent("Standard1"), column("c", "v", 20), 9),
          v19.get_slice("row0", cparent("Standard1"), pred(start="", count=-5)),
          v19.insert("x" * 65536, cparent("Standard1"), column("c", "v", 20)),
          v19.insert("x" * 65535, cparent("Standard1"), column("c", "v", 20)),
          v19.insert("", cparent("Standard1"), column("c", "v", 20)),
          v19.insert("row0", cparent("Standard1"), column("", "v", 20)),
          v19.insert("row0", cparent("Standard1"), column("c", "v", None)),
          v19.insert("row0", cparent("Standard1"), column("n" * 65536, "v", 20)),
          v19.get("row0", cpath("Standard1")),
          v19.get("row0", cpath("Super1", "sc")),
          v19.get("row0", cpath("NoCF", col="c")),
          v19.truncate("Standard1"),
          v19.get_range_slices(cparent("Standard1"), pred(start="", count=1), key_range("", "", count=3)),
          v19.truncate("NoCF"),
          v19.describe_keyspace("Nope"),
          v19.system_drop_keyspace("Nope"),
          v19.set_keyspace("system"),
          v19.insert("x", cparent("LocationInfo"), column("c", "v", 30)),
          v19.get_slice("x", cparent("LocationInfo"), pred(start="", count=10))]
    return s


# ---------------------------------------------------------------- 11. session store
SE = "k_sessions"


@scenario("k_sessions", "19", "app_sessions", keyspace_reset=SE)
def k_sessions():
    """A web session store: TTL'd columns, refreshes, logout deletions, batch mistakes."""
    cfs = [cfdef(SE, "Sessions", comparator="UTF8Type", dv="UTF8Type", gc=0),
           cfdef(SE, "UserSessions", comparator="UTF8Type")]
    s = [add_ks(SE, cfs), v19.set_keyspace(SE)]
    for i in range(3):
        sid = "sess-%d" % i
        s.append(v19.batch_mutate({sid: {"Sessions": [
            mutation(cosc(column=column("user", "user%d" % (i % 2), 10, 3600))),
            mutation(cosc(column=column("data", "{\"cart\": %d}" % i, 10, 3600))),
            mutation(cosc(column=column("csrf", "tok%d" % i, 10)))]},
            "user%d" % (i % 2): {"UserSessions": [ins(sid, "", 10)]}}))
    s += [v19.get_slice("sess-1", cparent("Sessions"), pred(names=["user", "data", "csrf"])),
          v19.get_slice("user0", cparent("UserSessions"), pred(start="", count=100)),
          # refresh: rewrite with a new TTL; then a TTL of 0 and a negative one
          v19.insert("sess-1", cparent("Sessions"), column("data", "{\"cart\": 9}", 20, 7200)),
          v19.insert("sess-1", cparent("Sessions"), column("data", "{}", 21, 0)),
          v19.insert("sess-1", cparent("Sessions"), column("data", "{}", 21, -1)),
          v19.get("sess-1", cpath("Sessions", col="data")),
          # logout of user0: its sessions' rows and its index columns by names
          v19.batch_mutate({"sess-0": {"Sessions": [mutation(deletion_=deletion(30))]},
                            "sess-2": {"Sessions": [mutation(deletion_=deletion(30))]},
                            "user0": {"UserSessions": [mutation(deletion_=deletion(
                                30, predicate=pred(names=["sess-0", "sess-2"])))]}}),
          v19.multiget_slice(["sess-0", "sess-1", "sess-2"], cparent("Sessions"), pred(start="", count=10)),
          v19.get_range_slices(cparent("Sessions"), pred(start="", count=10), key_range("", "", count=10)),
          # mistakes: a slice-range deletion, a mutation of both halves, an empty mutation,
          # a deletion without a timestamp, an unknown CF inside a batch
          v19.batch_mutate({"user1": {"UserSessions": [mutation(deletion_=deletion(
              40, predicate=pred(start="", finish="", count=100)))]}}),
          v19.batch_mutate({"user1": {"UserSessions": [mutation(
              cosc(column=column("x", "", 41)), deletion(41))]}}),
          v19.batch_mutate({"user1": {"UserSessions": [mutation()]}}),
          v19.batch_mutate({"user1": {"UserSessions": [mutation(deletion_=deletion(None))]}}),
          v19.batch_mutate({"user1": {"NoSuchCF": [ins("a", "b", 42)]}}),
          v19.batch_mutate({"user1": {"UserSessions": [mutation(cosc(column=column("y", "", 43))),
                                                       mutation(cosc())]}}),
          v19.get_slice("user1", cparent("UserSessions"), pred(start="", count=100)),
          v19.remove("sess-1", cpath("Sessions", col="csrf"), 50),
          v19.remove("sess-1", cpath("Sessions"), 10),
          v19.get_slice("sess-1", cparent("Sessions"), pred(start="", count=100))]
    return s


# ---------------------------------------------------------------- 12. metrics time line
MT = "k_metrics"


@scenario("k_metrics", "19", "app_metrics", keyspace_reset=MT)
def k_metrics():
    """A metrics store: LongType minute columns per sensor-day row, window reads and rollups."""
    cfs = [cfdef(MT, "Raw", comparator="LongType", dv="LongType"),
           cfdef(MT, "Rollup", ctype="Super", comparator="LongType", sub="AsciiType", dv="LongType")]
    s = [add_ks(MT, cfs), v19.set_keyspace(MT)]
    base = 1300000000
    for sensor in ("cpu.web1", "cpu.web2"):
        s.append(v19.batch_mutate({"%s:20110313" % sensor: {"Raw": [
            ins(long_(base + 60 * m), long_((m * 37 + len(sensor)) % 100), 10 + m) for m in range(15)]}}))
    row = "cpu.web1:20110313"
    s += [v19.get_slice(row, cparent("Raw"), pred(start=long_(base + 120), finish=long_(base + 480), count=100)),
          v19.get_slice(row, cparent("Raw"), pred(start=long_(base + 480), finish=long_(base + 120),
                                                  reversed=True, count=3)),
          v19.get_slice(row, cparent("Raw"), pred(start=long_(base + 480), finish=long_(base + 120), count=3)),
          v19.get_count(row, cparent("Raw"), pred(start=long_(base + 300), finish="", count=100)),
          v19.multiget_slice(["cpu.web1:20110313", "cpu.web2:20110313", "cpu.web3:20110313"],
                             cparent("Raw"), pred(start="", reversed=True, count=1)),
          v19.get_slice(row, cparent("Raw"), pred(names=[long_(base), long_(base + 60), long_(base + 1)])),
          # a late sample written with an older timestamp than the stored one: ignored
          v19.insert(row, cparent("Raw"), column(long_(base + 60), long_(999), 5)),
          v19.get(row, cpath("Raw", col=long_(base + 60))),
          v19.remove(row, cpath("Raw", col=long_(base + 120)), 3),
          v19.get(row, cpath("Raw", col=long_(base + 120))),
          v19.batch_mutate({row: {"Raw": [mutation(deletion_=deletion(100, predicate=pred(
              names=[long_(base + 60 * m) for m in range(10, 15)])))]}}),
          v19.get_count(row, cparent("Raw"), pred(start="", count=100))]
    for h in range(3):
        s.append(v19.batch_mutate({"cpu:20110313": {"Rollup": [ins_super(long_(base + 3600 * h), [
            ("min", long_(h)), ("max", long_(90 + h)), ("avg", long_(40 + h))], 200)]}}))
    s += [v19.get_slice("cpu:20110313", cparent("Rollup"), pred(start=long_(base + 3600), count=10)),
          v19.get_slice("cpu:20110313", cparent("Rollup", long_(base)), pred(names=["avg", "max"])),
          v19.get_range_slices(cparent("Rollup"), pred(start="", reversed=True, count=1),
                               key_range("", "", count=10)),
          # mistakes: a 4-byte name, a value the LongType validator refuses, inverted bounds
          v19.insert(row, cparent("Raw"), column(struct.pack(">i", 5), long_(1), 300)),
          v19.insert(row, cparent("Raw"), column(long_(base + 5), "12", 300)),
          v19.get_slice(row, cparent("Raw"), pred(start=long_(base + 600), finish=long_(base), count=10)),
          v19.get_slice("cpu:20110313", cparent("Rollup"), pred(start="", count=10, reversed=True))]
    return s


# ---------------------------------------------------------------- 13. a later client
LC = "k_laterclient"


@scenario("k_laterclient", "19", "app_laterclient", keyspace_reset=LC)
def k_laterclient():
    """A client built against 1.2's IDL (pycassa 1.9, a late Hector) in front of this release
    during an upgrade: KsDef without replication_factor, CfDef fields it did not declare,
    LOCAL_ONE, calls it did not have."""
    cf = cfdef(LC, "events", comparator="UTF8Type", dv="UTF8Type", kv="UTF8Type",
               f26=b("UTF8Type"), f34=b("KEYS_ONLY"), f37=W.double(0.1),
               f32=W.map_("bin", "bin", [(b("sstable_compression"),
                                          b("org.apache.cassandra.io.compress.SnappyCompressor"))]),
               f33=W.double(0.01), f40=W.i32(0), f42=b("NONE"))
    s = [v19.describe_version(),
         v19.system_add_keyspace(ksdef(LC, [cf], later_idl=True)),
         v19.describe_keyspace(LC),
         add_ks(LC, [cfdef(LC, "events", comparator="UTF8Type", dv="UTF8Type", kv="UTF8Type")]),
         v19.describe_keyspace(LC),
         v19.set_keyspace(LC),
         v19.system_add_column_family(cfdef(LC, "audit", comparator="UTF8Type", f34=b("ALL"),
                                            f42=b("99PERCENTILE"), f44=b("ALL"))),
         v19.insert("e1", cparent("events"), column("kind", "click", 10)),
         v19.insert("e1", cparent("events"), column("kind", "click", 11), LOCAL_ONE),
         v19.get("e1", cpath("events", col="kind"), LOCAL_ONE),
         v19.get("e1", cpath("events", col="kind"), 9),
         v19.get_paged_slice("events", key_range("", "", count=10), ""),
         v19.atomic_batch_mutate({"e2": {"events": [ins("kind", "view", 12)]}}),
         v19.describe_token_map(),
         v19.describe_splits_ex("events", "0", MAXT, 128) if hasattr(v19, "describe_splits_ex") else
         raw("describe_splits_ex", {1: b("events"), 2: b("0"), 3: b(MAXT), 4: W.i32(128)}),
         v19.set_cql_version("3.0.0"),
         v19.execute_cql3_query("SELECT * FROM events"),
         v19.get_range_slices(cparent("events"), pred(start="", count=10),
                              key_range("", "", count=10, row_filter=[index_expr("kind", EQ, "click")])),
         v19.get_slice("e1", cparent("events"), pred(start="", count=10))]
    return s



# ---------------------------------------------------------------- 14. a CQL 2 application
CQ = "k_cqlapp"


@scenario("k_cqlapp", "19", "app_cql2", keyspace_reset=CQ)
def k_cqlapp():
    """A CQL 2 application (the Python cql driver, 0.8 on): its schema made in CQL, an index,
    writes with timestamps, key and column ranges, counters, ALTER (1.0 on), mistakes."""
    if not HAS_CQL2:
        return [v19.execute_cql_query("CREATE KEYSPACE %s WITH strategy_class='SimpleStrategy'" % CQ),
                v19.describe_keyspace(CQ)]
    key = "KEY" if V < (1, 0) else "id"
    s = [cql("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
             "AND strategy_options:replication_factor = 1" % CQ),
         cql("CREATE KEYSPACE %s WITH strategy_class = 'SimpleStrategy' "
             "AND strategy_options:replication_factor = 1" % CQ),
         cql("USE %s" % CQ),
         cql("CREATE COLUMNFAMILY users (%s varchar PRIMARY KEY, name varchar, age int, "
             "email varchar) WITH comparator = varchar AND default_validation = varchar" % key),
         cql("CREATE COLUMNFAMILY hits (KEY varchar PRIMARY KEY) WITH comparator = ascii "
             "AND default_validation = counter"),
         cql("CREATE COLUMNFAMILY events (KEY varchar PRIMARY KEY) WITH comparator = bigint "
             "AND default_validation = text"),
         cql("CREATE INDEX users_age ON users (age)"),
         cql("CREATE INDEX ON users (nosuch)"),
         v19.describe_keyspace(CQ)]
    for i, (u, n, a) in enumerate([("u1", "ann", 31), ("u2", "bob", 25), ("u3", "cid", 31),
                                   ("u4", "dee", 40)]):
        s.append(cql("INSERT INTO users (%s, name, age, email) VALUES ('%s', '%s', %d, '%s@x.org') "
                     "USING TIMESTAMP %d" % (key, u, n, a, n, 1000 + i)))
    s += [cql("SELECT name, age FROM users WHERE %s = 'u1'" % key),
          cql("SELECT * FROM users WHERE age = 31"),
          cql("SELECT name FROM users WHERE age = 31 AND name > 'b'"),
          cql("SELECT name FROM users WHERE age > 30"),
          cql("SELECT COUNT(*) FROM users"),
          cql("SELECT FIRST 2 * FROM users WHERE %s = 'u2'" % key),
          cql("SELECT 'age'..'name' FROM users WHERE %s = 'u3'" % key),
          cql("SELECT * FROM users LIMIT 2"),
          cql("UPDATE users USING TIMESTAMP 2000 SET age = 'old' WHERE %s = 'u2'" % key),
          cql("UPDATE users USING TIMESTAMP 2000 SET age = 26 WHERE %s = 'u2'" % key),
          cql("DELETE email FROM users USING TIMESTAMP 2001 WHERE %s = 'u2'" % key),
          cql("SELECT name, age, email FROM users WHERE %s = 'u2'" % key),
          cql("DELETE FROM users USING TIMESTAMP 2002 WHERE %s = 'u4'" % key),
          cql("SELECT * FROM users WHERE %s = 'u4'" % key),
          cql("BEGIN BATCH USING TIMESTAMP 3000 "
              "INSERT INTO events (KEY, 1, 2) VALUES ('e1', 'a', 'b') "
              "UPDATE events SET 3 = 'c' WHERE KEY = 'e1' "
              "DELETE 2 FROM events WHERE KEY = 'e1' APPLY BATCH"),
          cql("SELECT * FROM events WHERE KEY = 'e1'"),
          cql("SELECT REVERSED 3..1 FROM events WHERE KEY = 'e1'"),
          cql("UPDATE hits SET home = home + 1, about = about + 5 WHERE KEY = 'day1'"),
          cql("UPDATE hits SET home = home - 3 WHERE KEY = 'day1'"),
          cql("SELECT home, about FROM hits WHERE KEY = 'day1'").mask("0/2/*/2/*/3"),
          cql("UPDATE hits SET home = 4 WHERE KEY = 'day1'"),
          cql("SELECT * FROM nosuch WHERE KEY = 'a'"),
          cql("SELECT * FROM users WHERE name = 'ann'"),
          cql("INSERT INTO users (name) VALUES ('zed')"),
          cql("SELECT * FROM users WHERE KEY = 'u1' AND"),
          cql("TRUNCATE events"),
          cql("SELECT * FROM events WHERE KEY = 'e1'")]
    if V >= (1, 0):
        s += [cql("ALTER COLUMNFAMILY users ADD phone varchar"),
              cql("ALTER COLUMNFAMILY users ALTER age TYPE varint"),
              cql("ALTER COLUMNFAMILY users DROP email"),
              cql("ALTER COLUMNFAMILY users DROP nosuch"),
              v19.describe_keyspace(CQ)]
    s += [cql("DROP INDEX users_age"),
          cql("DROP INDEX users_age"),
          cql("SELECT * FROM users WHERE age = 31"),
          cql("DROP COLUMNFAMILY hits"),
          cql("DROP COLUMNFAMILY hits"),
          cql("DROP KEYSPACE %s" % CQ),
          cql("USE %s" % CQ)]
    return s


# ---------------------------------------------------------------- 15. composite time lines
CO = "k_composite"
CT = "CompositeType(UTF8Type,LongType)"


def comp(*parts, eoc=0):
    """CompositeType bytes: each component length-prefixed, the last one's end byte eoc."""
    out = b""
    for i, p in enumerate(parts):
        pb = p if isinstance(p, bytes) else p.encode()
        out += struct.pack(">H", len(pb)) + pb + bytes([eoc & 0xff if i == len(parts) - 1 else 0])
    return out


@scenario("k_composite", "19", "app_composite", keyspace_reset=CO)
def k_composite():
    """A 0.8.1-era time line of CompositeType(UTF8Type,LongType) names and a ReversedType
    comparator (0.8 on): prefix slices with end-of-component bytes; 0.7 refuses the types."""
    cfs = [cfdef(CO, "Timeline", comparator=CT, dv="UTF8Type"),
           cfdef(CO, "Latest", comparator="ReversedType(LongType)", dv="UTF8Type"),
           cfdef(CO, "Dyn", comparator="DynamicCompositeType(s=>UTF8Type,l=>LongType)")]
    s = [add_ks(CO, cfs), add_ks(CO), v19.set_keyspace(CO), v19.describe_keyspace(CO)]
    for i, (cat, t) in enumerate([("news", 5), ("news", 2), ("sport", 7), ("news", 9), ("art", 1),
                                  ("sport", 3)]):
        s.append(v19.insert("user1", cparent("Timeline"), column(comp(cat, long_(t)), "%s-%d" % (cat, t), 10 + i)))
        s.append(v19.insert("user1", cparent("Latest"), column(long_(t), "%s-%d" % (cat, t), 10 + i)))
    s += [v19.get_slice("user1", cparent("Timeline"), pred(start="", count=100)),
          v19.get_slice("user1", cparent("Timeline"), pred(start=comp("news"), finish=comp("news", eoc=1), count=100)),
          v19.get_slice("user1", cparent("Timeline"), pred(start=comp("news", eoc=1), finish=comp("news"),
                                                           reversed=True, count=100)),
          v19.get_slice("user1", cparent("Timeline"), pred(start=comp("news", long_(3)), finish=comp("news", eoc=1), count=2)),
          v19.get_slice("user1", cparent("Timeline"), pred(start=comp("sport", eoc=0xff), count=100)),
          v19.get_slice("user1", cparent("Latest"), pred(start="", count=3)),
          v19.get_slice("user1", cparent("Latest"), pred(start=long_(6), finish=long_(2), count=10)),
          v19.get_slice("user1", cparent("Latest"), pred(start=long_(2), finish=long_(6), count=10)),
          v19.get_count("user1", cparent("Timeline"), pred(start=comp("news"), finish=comp("news", eoc=1), count=100)),
          v19.remove("user1", cpath("Timeline", col=comp("news", long_(2))), 30),
          v19.get_slice("user1", cparent("Timeline"), pred(start=comp("news"), finish=comp("news", eoc=1), count=100)),
          # mistakes: a plain string name, a component of 4 bytes, a truncated composite
          v19.insert("user1", cparent("Timeline"), column("news:5", "x", 40)),
          v19.insert("user1", cparent("Timeline"), column(comp("news", struct.pack(">i", 5)), "x", 40)),
          v19.insert("user1", cparent("Timeline"), column(b"\x00\x04new", "x", 40)),
          v19.insert("user1", cparent("Dyn"), column(b"\x80s\x00\x04news\x00\x80l\x00\x08" + long_(5) + b"\x00", "x", 41)),
          v19.get_slice("user1", cparent("Dyn"), pred(start="", count=10))]
    return s


# ---------------------------------------------------------------- 16. schema evolution
SV = "k_schema"


def _cf_options():
    """The CfDef options an operator of the release tuned."""
    o = {"f12": W.double(0.5), "f14": W.i32(3600), "f17": W.i32(2), "f18": W.i32(16)}
    if V < (1, 1):
        o.update(f9=W.double(1000.0), f11=W.double(0.5))
    if V < (1, 0):
        o.update(f21=W.i32(30), f22=W.i32(64), f23=W.double(0.3))
    if V >= (1, 0):
        o.update(f29=b("LeveledCompactionStrategy"),
                 f30=W.map_("bin", "bin", [(b("sstable_size_in_mb"), b("10"))]),
                 f32=W.map_("bin", "bin", [(b("sstable_compression"), b("SnappyCompressor")),
                                          (b("chunk_length_kb"), b("64"))]))
    if V >= (1, 1):
        o.update(f34=b("ALL"), f33=W.double(0.01))
    return o


@scenario("k_schema", "19", "app_schema", keyspace_reset=SV)
def k_schema():
    """An operator's schema script: a keyspace raised and lowered, NTS, CFs tuned, dropped and
    made again under the same name, describe after each change, the mistakes made."""
    s = [add_ks(SV, [cfdef(SV, "Items", comparator="UTF8Type")]),
         v19.describe_keyspace(SV),
         v19.system_update_keyspace(ksdef(SV, rf=3)),
         v19.describe_keyspace(SV),
         v19.set_keyspace(SV),
         v19.insert("a", cparent("Items"), column("n", "1", 10), QUORUM),
         v19.insert("a", cparent("Items"), column("n", "1", 10), ONE),
         v19.system_update_keyspace(ksdef(SV, strategy=NTS, options={"datacenter1": "1"})),
         v19.describe_keyspace(SV),
         v19.insert("a", cparent("Items"), column("n", "2", 11), LOCAL_QUORUM),
         v19.insert("a", cparent("Items"), column("n", "3", 12), EACH_QUORUM),
         v19.system_update_keyspace(ksdef(SV, strategy=NTS, options={"DC2": "2"})),
         v19.insert("a", cparent("Items"), column("n", "4", 13), ONE),
         v19.get("a", cpath("Items", col="n"), ONE),
         v19.system_update_keyspace(ksdef(SV, rf=1)),
         v19.system_update_keyspace(ksdef(SV, [cfdef(SV, "Other")], rf=1)),
         v19.system_update_keyspace(ksdef(SV, strategy="org.apache.cassandra.locator.NoSuchStrategy")),
         v19.system_add_column_family(cfdef(SV, "Tuned", comparator="UTF8Type", **_cf_options())),
         v19.describe_keyspace(SV),
         v19.system_update_column_family(cfdef(SV, "Tuned", comparator="UTF8Type", comment="tuned",
                                               gc=0, f17=W.i32(4), f18=W.i32(32))),
         v19.describe_keyspace(SV),
         v19.system_update_column_family(cfdef(SV, "Tuned", comparator="UTF8Type", f17=W.i32(40), f18=W.i32(4))),
         v19.system_update_column_family(cfdef("other_ks", "Tuned", comparator="UTF8Type")),
         v19.insert("b", cparent("Tuned"), column("x", "1", 20)),
         v19.system_drop_column_family("Items"),
         v19.get("a", cpath("Items", col="n")),
         v19.system_add_column_family(cfdef(SV, "Items", comparator="LongType")),
         v19.get_slice("a", cparent("Items"), pred(start="", count=10)),
         v19.insert("a", cparent("Items"), column(long_(1), "back", 21)),
         v19.get_slice("a", cparent("Items"), pred(start="", count=10)),
         v19.system_add_column_family(cfdef(SV, "Items", comparator="LongType")),
         v19.system_add_column_family(cfdef("k_nosuch", "Items")),
         v19.system_add_column_family(cfdef(SV, "Bad", comparator="LongType", sub="UTF8Type")),
         v19.system_add_column_family(cfdef(SV, "Bad", ctype="Sideways")),
         v19.system_add_column_family(cfdef(SV, "Bad", gc=-1)),
         v19.system_add_column_family(cfdef(SV, "Bad", f17=W.i32(10), f18=W.i32(5))),
         v19.system_drop_column_family("Nope"),
         v19.describe_schema_versions(),
         v19.describe_keyspace(SV)]
    return s


# ---------------------------------------------------------------- 17. deletions and ties
DL = "k_tombstones"


@scenario("k_tombstones", "19", "app_tombstones", keyspace_reset=DL)
def k_tombstones():
    """What an inbox application met deleting: row and super column tombstones against newer
    writes, ties of a delete and a write, counts and slices over what was deleted."""
    cfs = [cfdef(DL, "Inbox", ctype="Super", comparator="LongType", sub="UTF8Type"),
           cfdef(DL, "Flags", comparator="UTF8Type")]
    s = [add_ks(DL, cfs), v19.set_keyspace(DL)]
    for m in range(5):
        s.append(v19.batch_mutate({"box1": {"Inbox": [ins_super(long_(m), [("from", "f%d" % m), ("subj", "s%d" % m),
                                                                           ("read", "0")], 10 + m)]}}))
    s += [v19.remove("box1", cpath("Inbox", long_(1)), 12),
          v19.get_slice("box1", cparent("Inbox"), pred(start="", count=100)),
          v19.remove("box1", cpath("Inbox", long_(2)), 11),
          v19.get_slice("box1", cparent("Inbox", long_(2)), pred(start="", count=100)),
          v19.insert("box1", cparent("Inbox", long_(1)), column("read", "1", 30)),
          v19.get_slice("box1", cparent("Inbox", long_(1)), pred(start="", count=100)),
          v19.get_count("box1", cparent("Inbox"), pred(start="", count=100)),
          v19.remove("box1", cpath("Inbox"), 25),
          v19.get_slice("box1", cparent("Inbox"), pred(start="", count=100)),
          v19.get_count("box1", cparent("Inbox"), pred(start="", count=100)),
          v19.get_range_slices(cparent("Inbox"), pred(start="", count=100), key_range("", "", count=10)),
          # a delete and a write at one timestamp: the delete wins
          v19.insert("u1", cparent("Flags"), column("star", "1", 40)),
          v19.remove("u1", cpath("Flags", col="star"), 40),
          v19.get("u1", cpath("Flags", col="star")),
          v19.batch_mutate({"u1": {"Flags": [ins("spam", "1", 41),
                                             mutation(deletion_=deletion(41, predicate=pred(names=["spam"])))]}}),
          v19.get_slice("u1", cparent("Flags"), pred(start="", count=10)),
          v19.batch_mutate({"u1": {"Flags": [mutation(deletion_=deletion(42)), ins("seen", "1", 42)]}}),
          v19.get_slice("u1", cparent("Flags"), pred(start="", count=10)),
          v19.batch_mutate({"u1": {"Flags": [ins("seen", "2", 43)]}}),
          v19.get_slice("u1", cparent("Flags"), pred(start="", count=10)),
          v19.multiget_slice(["u1", "u2"], cparent("Flags"), pred(names=["seen", "star"])),
          # a write with the same timestamp and a bigger value wins over a smaller one
          v19.insert("u3", cparent("Flags"), column("v", "b", 50)),
          v19.insert("u3", cparent("Flags"), column("v", "a", 50)),
          v19.insert("u3", cparent("Flags"), column("v", "c", 50)),
          v19.get("u3", cpath("Flags", col="v")),
          v19.remove("u3", cpath("Flags"), Abs(-5)),
          v19.get("u3", cpath("Flags", col="v")),
          v19.get_range_slices(cparent("Flags"), pred(start="", count=10), key_range("", "", count=10))]
    return s


# ---------------------------------------------------------------- 18. index paging
IX = "k_indexpaging"


@scenario("k_indexpaging", "19", "app_indexpaging", keyspace_reset=IX)
def k_indexpaging():
    """pycassa's get_indexed_slices paging (start_key the last key, count + 1) and
    get_range_slices paging by key and token, over an index updated in place."""
    cfs = [cfdef(IX, "Users", comparator="UTF8Type", dv="UTF8Type",
                 meta=[column_def("state", "UTF8Type", KEYS_INDEX, "users_state"),
                       column_def("birth", "LongType", KEYS_INDEX)])]
    s = [add_ks(IX, cfs), v19.set_keyspace(IX), v19.describe_keyspace(IX)]
    for i in range(12):
        s.append(v19.batch_mutate({"user%02d" % i: {"Users": [
            ins("state", ["UT", "CA", "TX"][i % 3], 10), ins("birth", long_(1970 + i), 10),
            ins("name", "n%d" % i, 10)]}}))
    s += [v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "UT")], "", 3),
                                 pred(names=["name", "birth"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "UT")], "user03", 3),
                                 pred(names=["name"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA"),
                                                                 index_expr("birth", GTE, long_(1975)),
                                                                 index_expr("birth", LT, long_(1980))], "", 100),
                                 pred(names=["name", "birth"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("birth", EQ, long_(1971))], "", 100),
                                 pred(start="", count=100)),
          # the user moves: the index follows
          v19.insert("user00", cparent("Users"), column("state", "TX", 20)),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "UT")], "", 100),
                                 pred(names=["state"])),
          v19.remove("user03", cpath("Users", col="state"), 21),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "UT")], "", 100),
                                 pred(names=["state"])),
          v19.remove("user06", cpath("Users"), 22),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "UT")], "", 100),
                                 pred(names=["state"])),
          # range paging by key, three at a time (asking four), then by token
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range("", "", count=4)),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range("user05", "", count=4)),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range("user08", "user02", count=4)),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]),
                               key_range(start_token="100000000000000000000000000000000000000",
                                         end_token="10", count=100)),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range(start_token="0", end_token="0",
                                                                                count=1)),
          # mistakes: the index on a name of no index, an empty clause, a count of 0, a bad value
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("name", EQ, "n1")], "", 10),
                                 pred(names=["name"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([], "", 10), pred(names=["name"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")], "", 0),
                                 pred(names=["name"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("birth", EQ, "1971")], "", 10),
                                 pred(names=["name"])),
          v19.get_indexed_slices(cparent("Users"), index_clause([index_expr("state", EQ, "CA")], "", 10),
                                 pred(names=["name"]), ANY),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range("user08", "", start_token="0",
                                                                                count=4)),
          v19.get_range_slices(cparent("Users"), pred(names=["name"]), key_range(count=4))]
    return s


# ---------------------------------------------------------------- 19. typed row keys
KT = "k_keytypes"


@scenario("k_keytypes", "19", "app_keytypes", keyspace_reset=KT)
def k_keytypes():
    """Row keys of LongType, TimeUUIDType and IntegerType (key_validation_class, 0.8 on): typed
    keys written, read, ranged and refused; 0.7 keeps its keys as bytes."""
    cfs = [cfdef(KT, "ByLong", comparator="UTF8Type", kv="LongType"),
           cfdef(KT, "ByUuid", comparator="UTF8Type", kv="TimeUUIDType"),
           cfdef(KT, "ByInt", comparator="UTF8Type", kv="IntegerType", dv="UTF8Type")]
    s = [add_ks(KT, cfs), v19.set_keyspace(KT), v19.describe_keyspace(KT)]
    for i in range(5):
        s.append(v19.batch_mutate({long_(1000 + i): {"ByLong": [ins("v", "l%d" % i, 10)]},
                                   tid(i): {"ByUuid": [ins("v", "u%d" % i, 10)]},
                                   bytes([i + 1]): {"ByInt": [ins("v", "i%d" % i, 10)]}}))
    s += [v19.get(long_(1002), cpath("ByLong", col="v")),
          v19.multiget_slice([long_(1000), long_(1004), long_(9)], cparent("ByLong"), pred(names=["v"])),
          v19.get_range_slices(cparent("ByLong"), pred(names=["v"]), key_range("", "", count=10)),
          v19.get_range_slices(cparent("ByUuid"), pred(names=["v"]), key_range(tid(2), "", count=2)),
          v19.get_range_slices(cparent("ByInt"), pred(names=["v"]), key_range(b"\x03", "", count=10)),
          v19.multiget_count([tid(0), tid(1), tid(7)], cparent("ByUuid"), pred(start="", count=10)),
          # mistakes: a 4-byte long key, a text UUID key, an empty key, a range of bad keys
          v19.insert(struct.pack(">i", 5), cparent("ByLong"), column("v", "x", 20)),
          v19.insert("6f1c8e2a-1d44-4b1e-9a5e-2b7c7c0f0a01", cparent("ByUuid"), column("v", "x", 20)),
          v19.get(b"\x01\x02", cpath("ByLong", col="v")),
          v19.multiget_slice([long_(1000), b"abc"], cparent("ByLong"), pred(names=["v"])),
          v19.get_range_slices(cparent("ByLong"), pred(names=["v"]), key_range(b"abc", "", count=10)),
          v19.batch_mutate({b"\x00\x01": {"ByLong": [ins("v", "y", 21)]}}),
          v19.remove(b"xyz", cpath("ByUuid", col="v"), 22),
          v19.remove(long_(1001), cpath("ByLong"), 22),
          v19.get_range_slices(cparent("ByLong"), pred(names=["v"]), key_range("", "", count=10))]
    return s


# ---------------------------------------------------------------- 20. expiring data
EX = "k_expiring"


@scenario("k_expiring", "19", "app_expiring", keyspace_reset=EX)
def k_expiring():
    """A cache layer of TTL'd columns: super columns with expiring sub-columns, batches of
    mixed TTLs, counters refusing TTLs, bad TTLs."""
    cfs = [cfdef(EX, "Cache", comparator="AsciiType", dv="BytesType"),
           cfdef(EX, "Groups", ctype="Super", comparator="AsciiType", sub="AsciiType")]
    if HAS_COUNTERS:
        cfs.append(cfdef(EX, "Hits", comparator="AsciiType", dv="CounterColumnType"))
    s = [add_ks(EX, cfs), v19.set_keyspace(EX)]
    s += [v19.batch_mutate({"page:/": {"Cache": [
        mutation(cosc(column=column("html", "<html/>", 10, 600))),
        mutation(cosc(column=column("etag", "abc", 10, 86400))),
        mutation(cosc(column=column("hits", "0", 10)))]},
        "grp1": {"Groups": [mutation(cosc(super_column=super_column("members", [
            column("ann", "", 10, 3600), column("bob", "", 10)])))]}}),
          v19.get_slice("page:/", cparent("Cache"), pred(start="", count=10)),
          v19.get_slice("grp1", cparent("Groups"), pred(start="", count=10)),
          v19.get_count("grp1", cparent("Groups", "members"), pred(start="", count=10)),
          v19.insert("page:/", cparent("Cache"), column("html", "<html>2</html>", 11, 1)),
          v19.insert("page:/", cparent("Cache"), column("etag", "d", 11, 0)),
          v19.insert("page:/", cparent("Cache"), column("etag", "d", 11, -10)),
          v19.insert("page:/", cparent("Cache"), column("etag", "d", 11, 2147483647)),
          v19.insert("grp1", cparent("Groups", "members"), column("cid", "", 12, 60)),
          v19.get_slice("grp1", cparent("Groups", "members"), pred(start="", count=10)),
          v19.batch_mutate({"page:/": {"Cache": [mutation(cosc(column=column("a", "1", 13, 5))),
                                                 mutation(cosc(column=column("b", "1", 13, -5)))]}}),
          v19.get_slice("page:/", cparent("Cache"), pred(names=["a", "b", "html", "etag"]))]
    if HAS_COUNTERS:
        s += [counter("page:/", "Hits", "views", 1),
              v19.insert("page:/", cparent("Hits"), column("views", long_(1), 14, 60)),
              v19.batch_mutate({"page:/": {"Hits": [mutation(cosc(column=column("views", long_(1), 14, 60)))]}}),
              v19.get("page:/", cpath("Hits", col="views"))]
    return s


# ---------------------------------------------------------------- 21. 1.1's paged reads
PG = "k_paged"


@scenario("k_paged", "19", "app_paged", keyspace_reset=PG)
def k_paged():
    """A 1.1 Hadoop job reading wide rows: describe_splits_ex, get_paged_slice across rows and
    pages, a wide row walked by column; earlier releases lack both calls."""
    cfs = [cfdef(PG, "Wide", comparator="LongType", dv="UTF8Type")]
    s = [add_ks(PG, cfs), v19.set_keyspace(PG)]
    for r in range(4):
        s.append(v19.batch_mutate({"row%d" % r: {"Wide": [ins(long_(c), "r%dc%d" % (r, c), 10)
                                                          for c in range(6)]}}))
    s += [raw("describe_splits_ex", {1: b("Wide"), 2: b("0"), 3: b(MAXT), 4: W.i32(128)}),
          v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=5), long_(0)),
          v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=10), long_(4)),
          v19.get_paged_slice("Wide", key_range("row2", "", count=10), long_(3)),
          v19.get_paged_slice("Wide", key_range("row2", "row1", count=10), ""),
          v19.get_paged_slice("Wide", key_range(start_token="0", end_token="0", count=10), struct.pack(">i", 1)),
          v19.get_paged_slice("Nope", key_range("", "", count=10), ""),
          v19.get_paged_slice("Wide", key_range("", "", count=0), ""),
          v19.get_range_slices(cparent("Wide"), pred(start=long_(2), finish=long_(3), count=10),
                               key_range(start_token="0", end_token="0", count=10))]
    return s


# ---------------------------------------------------------------- 22. CQL 2 ranges and odd reads
CR = "k_cql2ranges"


@scenario("k_cql2ranges", "19", "app_cql2ranges", keyspace_reset=CR)
def k_cql2ranges():
    """A CQL 2 reporting page (0.8 on): key ranges under RandomPartitioner, column ranges,
    FIRST/REVERSED, COUNT with a limit, an index with a range term, a super CF read, bad input."""
    cfs = [cfdef(CR, "Posts", comparator="UTF8Type", dv="UTF8Type", kv="UTF8Type",
                 meta=[column_def("author", "UTF8Type", KEYS_INDEX), column_def("score", "LongType")]),
           cfdef(CR, "Super", ctype="Super", comparator="UTF8Type", sub="UTF8Type")]
    s = [add_ks(CR, cfs), v19.set_keyspace(CR)]
    for i in range(8):
        s.append(v19.batch_mutate({"p%d" % i: {"Posts": [ins("author", "a%d" % (i % 3), 10),
                                                         ins("score", long_(i * 10), 10),
                                                         ins("title", "t%d" % i, 10)]}}))
    s.append(v19.insert("s1", cparent("Super", "x"), column("c", "v", 10)))
    if not HAS_CQL2:
        return s + [v19.get_range_slices(cparent("Posts"), pred(names=["title"]), key_range("p3", "p1", count=10))]
    s += [cql("SELECT title FROM Posts WHERE KEY > 'p2' AND KEY < 'p6'"),
          cql("SELECT title FROM Posts WHERE KEY >= 'p2' LIMIT 3"),
          cql("SELECT title FROM Posts WHERE KEY > 'p6' AND KEY < 'p2'"),
          cql("SELECT 'author'..'score' FROM Posts WHERE KEY = 'p1'"),
          cql("SELECT FIRST 1 REVERSED 'title'..'author' FROM Posts WHERE KEY = 'p1'"),
          cql("SELECT COUNT(*) FROM Posts LIMIT 5"),
          cql("SELECT COUNT(*) FROM Posts WHERE author = 'a1'"),
          cql("SELECT title, score FROM Posts WHERE author = 'a0' AND score > 20"),
          cql("SELECT title FROM Posts WHERE author = 'a0' AND KEY > 'p3'"),
          cql("SELECT title FROM Posts WHERE score = 30"),
          cql("SELECT * FROM Super WHERE KEY = 's1'"),
          cql("SELECT title FROM Posts WHERE KEY = 'p1' AND KEY = 'p2'"),
          cql("SELECT title FROM Posts WHERE KEY IN ()"),
          cql("SELECT title FROM Posts WHERE KEY = 'p1' USING CONSISTENCY QUORUM"),
          cql("SELECT title FROM Posts USING CONSISTENCY ALL WHERE KEY = 'p1'"),
          cql("SELECT title FROM Posts USING CONSISTENCY TWO WHERE KEY = 'p1'"),
          cql("UPDATE Posts SET score = 'high' WHERE KEY = 'p1'"),
          cql("UPDATE Posts USING TTL 100 AND TIMESTAMP 5000 SET title = 'new' WHERE KEY IN ('p1', 'p2')"),
          cql("SELECT title FROM Posts WHERE KEY IN ('p1', 'p2')"),
          cql("DELETE FROM Posts WHERE KEY IN ('p1', 'p2')"),
          cql("SELECT title FROM Posts WHERE KEY IN ('p1', 'p2')"),
          cql("SELECT title FROM Posts WHERE KEY = 'p3' LIMIT -1")]
    return s


# ---------------------------------------------------------------- 23. odds and ends
OE = "k_oddsends"


@scenario("k_oddsends", "19", "app_oddsends", keyspace_reset=OE)
def k_oddsends():
    """What a long-lived application sent sooner or later: duplicate and empty key lists, a
    large value, huge counts, reversed range scans of a super CF, counts by names."""
    cfs = [cfdef(OE, "Std", comparator="BytesType"),
           cfdef(OE, "Sup", ctype="Super", comparator="BytesType", sub="LongType")]
    s = [add_ks(OE, cfs), v19.set_keyspace(OE)]
    s += [v19.insert("a", cparent("Std"), column("big", "x" * 200000, 10)),
          v19.get_count("a", cparent("Std"), pred(start="", count=2147483647)),
          v19.insert("a", cparent("Std"), column("c1", "", 10)),
          v19.multiget_slice(["a", "a", "b"], cparent("Std"), pred(names=["c1"])),
          v19.multiget_slice([], cparent("Std"), pred(names=["c1"])),
          v19.multiget_count(["a", "a"], cparent("Std"), pred(start="", count=10)),
          v19.get_count("a", cparent("Std"), pred(names=["c1", "c1", "nope", "big"])),
          v19.get_slice("a", cparent("Std"), pred(names=[])),
          v19.get_slice("a", cparent("Std"), pred()),
          v19.get_slice("a", cparent("Std"), pred(names=["c1"], start="", count=10))]
    for k in ("r1", "r2", "r3"):
        s.append(v19.batch_mutate({k: {"Sup": [ins_super("s%d" % j, [(long_(n), "%s%d%d" % (k, j, n)) for n in range(3)], 10)
                                               for j in range(3)]}}))
    s += [v19.get_range_slices(cparent("Sup"), pred(start="", reversed=True, count=2), key_range("", "", count=10)),
          v19.get_range_slices(cparent("Sup", "s1"), pred(start="", reversed=True, count=2),
                               key_range("", "", count=10)),
          v19.get_slice("r1", cparent("Sup", "s2"), pred(start=long_(2), finish=long_(0), reversed=True, count=10)),
          v19.get_count("r1", cparent("Sup", "s2"), pred(names=[long_(1), long_(7)])),
          v19.get_count("r1", cparent("Sup"), pred(names=["s0", "s9"])),
          v19.multiget_slice(["r1", "r2"], cparent("Sup", "s0"), pred(names=[long_(0)])),
          v19.remove("r2", cpath("Sup", "s1", long_(1)), 20),
          v19.remove("r2", cpath("Sup", "s2"), 5),
          v19.get_slice("r2", cparent("Sup"), pred(start="", count=10)),
          v19.batch_mutate({"r3": {"Sup": [mutation(deletion_=deletion(20, "s0", pred(names=[long_(0), long_(2)]))),
                                           mutation(deletion_=deletion(20, None, pred(names=["s2"])))]}}),
          v19.get_slice("r3", cparent("Sup"), pred(start="", count=10)),
          v19.batch_mutate({"r3": {"Sup": [mutation(deletion_=deletion(21, None, pred(names=[long_(1)])))]}}),
          v19.get_slice("r3", cparent("Sup", "s1"), pred(names=["x"])),
          v19.get_range_slices(cparent("Std"), pred(names=["c1"]), key_range("a", "a", count=10)),
          v19.get_range_slices(cparent("Std"), pred(names=["c1"]), key_range("b", "a", count=10)),
          v19.get_range_slices(cparent("Std"), pred(names=["c1"]), key_range("", "", count=-1))]
    return s
