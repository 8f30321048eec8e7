# pycassa 1.11.2 (Python 2, run by jython) against a supercolumn server: the flow an
# app of 2012-2014 went through. Every read is checked; any mismatch exits 1.
#
#   jython flow.py HOST:PORT
#
# Owns only this client-side flow; the server is started and stopped by
# scripts/old-clients.sh.
import sys
import time
import random

import pycassa
from pycassa.pool import ConnectionPool
from pycassa.columnfamily import ColumnFamily
from pycassa.system_manager import (SystemManager, SIMPLE_STRATEGY, UTF8_TYPE,
                                    ASCII_TYPE, LONG_TYPE, COUNTER_COLUMN_TYPE,
                                    BYTES_TYPE, KEYS_INDEX)
from pycassa.batch import Mutator
from pycassa.index import create_index_expression, create_index_clause

failures = []


def step(msg):
    print("pycassa: " + msg)
    sys.stdout.flush()


def check(what, got, want):
    if got == want:
        print("  ok   %s" % what)
    else:
        print("  FAIL %s: got %r, want %r" % (what, got, want))
        failures.append(what)
    sys.stdout.flush()


def check_raises(what, exc_type, fn):
    try:
        got = fn()
    except exc_type:
        print("  ok   %s (raised %s)" % (what, exc_type.__name__))
        return
    except Exception as e:
        print("  FAIL %s: raised %r, want %s" % (what, e, exc_type.__name__))
        failures.append(what)
        return
    print("  FAIL %s: returned %r, want %s" % (what, got, exc_type.__name__))
    failures.append(what)


def bare_type(v):
    if isinstance(v, pycassa.types.CassandraType):
        return str(v).split("(")[0]
    return v


def schema_call(what, fn, *args, **kwargs):
    """A SystemManager call as apps make it, with pycassa's type constants, which
    it sends as e.g. 'org.apache.cassandra.db.marshal.UTF8Type(reversed=false)'
    (Cassandra 1.2's TypeParser ignores the parameters of a type that has a
    singleton instance). If the server refuses that, the check fails and the call
    is repeated with bare class names so that the rest of the flow still runs."""
    try:
        fn(*args, **kwargs)
        print("  ok   %s with pycassa type constants" % what)
        return
    except pycassa.InvalidRequestException as e:
        print("  FAIL %s with pycassa type constants: InvalidRequestException(why=%r)" % (what, e.why))
        failures.append("%s with pycassa type constants" % what)
    fn(*[bare_type(a) for a in args], **dict((k, bare_type(v)) for k, v in kwargs.items()))
    print("  ..   %s done with bare class names instead" % what)


def main(server):
    ks = "pycassa_flow_%d_%d" % (int(time.time()), random.randint(0, 99999))

    step("SystemManager(%s): describe_version, create keyspace %s" % (server, ks))
    sysm = SystemManager(server, timeout=10)
    # pycassa speaks API 19.36; Cassandra 1.2.9 answers describe_version with "19.36.0".
    version = sysm.describe_version()
    check("describe_version is a 19.x API version (got %r)" % version, version.split(".")[0], "19")
    sysm.create_keyspace(ks, SIMPLE_STRATEGY, {"replication_factor": "1"})
    check("keyspace is listed", ks in sysm.list_keyspaces(), True)

    step("create column families: Standard (UTF8), Super, counter, indexed")
    schema_call("create Users", sysm.create_column_family, ks, "Users", comparator_type=UTF8_TYPE,
              default_validation_class=UTF8_TYPE, key_validation_class=UTF8_TYPE)
    schema_call("create Posts", sysm.create_column_family, ks, "Posts", super=True, comparator_type=UTF8_TYPE,
              subcomparator_type=UTF8_TYPE, default_validation_class=UTF8_TYPE,
              key_validation_class=UTF8_TYPE)
    schema_call("create Hits", sysm.create_column_family, ks, "Hits", comparator_type=UTF8_TYPE,
              default_validation_class=COUNTER_COLUMN_TYPE, key_validation_class=UTF8_TYPE)
    schema_call("create People", sysm.create_column_family, ks, "People", comparator_type=UTF8_TYPE,
              default_validation_class=UTF8_TYPE, key_validation_class=UTF8_TYPE)
    schema_call("create_index People.state", sysm.create_index, ks, "People", "state", UTF8_TYPE,
                index_type=KEYS_INDEX)
    schema_call("alter_column People.birth_year", sysm.alter_column, ks, "People", "birth_year", LONG_TYPE)
    cfs = sysm.get_keyspace_column_families(ks)
    check("column families", sorted(cfs.keys()), ["Hits", "People", "Posts", "Users"])
    check("Posts is Super", cfs["Posts"].column_type, "Super")
    check("Hits validation", cfs["Hits"].default_validation_class,
          "org.apache.cassandra.db.marshal.CounterColumnType")
    state = [c for c in cfs["People"].column_metadata if c.name == "state"]
    check("People.state is indexed", [c.index_type for c in state], [0])

    pool = ConnectionPool(ks, [server], pool_size=2, timeout=10)

    step("insert and get (Standard, UTF8 comparator)")
    users = ColumnFamily(pool, "Users")
    users.insert("jsmith", {"first": "John", "last": "Smith", u"\u00e9t\u00e9": u"summer"})
    got = users.get("jsmith")
    check("get whole row", dict(got), {"first": "John", "last": "Smith", u"\u00e9t\u00e9": u"summer"})
    check("columns sorted by UTF8 comparator", list(got.keys()), ["first", "last", u"\u00e9t\u00e9"])
    check("get named columns", dict(users.get("jsmith", columns=["last"])), {"last": "Smith"})
    check("slice with column_count=1", list(users.get("jsmith", column_count=1).keys()), ["first"])
    check("reversed slice", list(users.get("jsmith", column_reversed=True, column_count=2).keys()),
          [u"\u00e9t\u00e9", "last"])
    check("get_count", users.get_count("jsmith"), 3)
    users.remove("jsmith", columns=["last"])
    check("after removing one column", sorted(users.get("jsmith").keys()), ["first", u"\u00e9t\u00e9"])
    check_raises("get of a missing row", pycassa.NotFoundException, lambda: users.get("nobody"))

    step("batch: mutations on several rows and CFs in one batch_mutate")
    ucf = ColumnFamily(pool, "Users")
    b = Mutator(pool, queue_size=50)
    for i in range(10):
        b.insert(ucf, "user%02d" % i, {"n": str(i), "sq": str(i * i)})
    b.remove(ucf, "jsmith")
    b.send()
    rows = ucf.multiget(["user%02d" % i for i in range(10)] + ["jsmith"])
    check("multiget after batch: rows", sorted(rows.keys()), ["user%02d" % i for i in range(10)])
    check("multiget after batch: values", rows["user07"], {"n": "7", "sq": "49"})
    check("multiget_count", ucf.multiget_count(["user01", "user02"]), {"user01": 2, "user02": 2})
    ucf.batch_insert({"a": {"x": "1"}, "b": {"y": "2"}})
    check("batch_insert", dict(ucf.multiget(["a", "b"])), {"a": {"x": "1"}, "b": {"y": "2"}})
    # get_range pages over every row with key ranges by token
    all_keys = sorted(k for k, _ in ucf.get_range(row_count=100, buffer_size=4))
    check("get_range over all rows", all_keys, sorted(["a", "b"] + ["user%02d" % i for i in range(10)]))

    step("super columns")
    posts = ColumnFamily(pool, "Posts")
    posts.insert("alice", {"post1": {"title": "Hello", "body": "first post"},
                           "post2": {"title": "Again"}})
    got = posts.get("alice")
    check("get whole super row", dict((k, dict(v)) for k, v in got.items()),
          {"post1": {"title": "Hello", "body": "first post"}, "post2": {"title": "Again"}})
    check("get one super column", dict(posts.get("alice", super_column="post1")),
          {"body": "first post", "title": "Hello"})
    check("get subcolumn", dict(posts.get("alice", super_column="post1", columns=["title"])),
          {"title": "Hello"})
    check("count subcolumns", posts.get_count("alice", super_column="post1"), 2)
    posts.remove("alice", super_column="post1", columns=["body"])
    check("remove a subcolumn", dict(posts.get("alice", super_column="post1")), {"title": "Hello"})
    posts.remove("alice", super_column="post2")
    check("remove a super column", list(posts.get("alice").keys()), ["post1"])

    step("counters: add and read")
    hits = ColumnFamily(pool, "Hits")
    hits.add("page1", "views")
    hits.add("page1", "views", 41)
    hits.add("page1", "likes", -2)
    check("counter values", dict(hits.get("page1")), {"likes": -2, "views": 42})
    check("multiget counters", dict(hits.multiget(["page1"])["page1"]), {"likes": -2, "views": 42})
    hits.remove_counter("page1", "likes")
    check("after remove_counter", dict(hits.get("page1")), {"views": 42})

    step("TTL: insert with ttl=1, read it back, wait 2 s, see it gone")
    # Cassandra expires at whole seconds (write second + ttl), so a ttl=1 column
    # written late in a second may be gone a millisecond later: write just
    # after a second begins, then read at once.
    time.sleep(1.0 - (time.time() % 1.0) + 0.01)
    users.insert("ephemeral", {"short": "lived"}, ttl=1)
    users.insert("ephemeral", {"long": "lived"})
    users.insert("ephemeral", {"minute": "lived"}, ttl=60)
    check("ttl column visible at once", dict(users.get("ephemeral")),
          {"long": "lived", "minute": "lived", "short": "lived"})
    ttl_col = users.get("ephemeral", columns=["short"], include_ttl=True)
    check("ttl reported", ttl_col["short"][1], 1)
    time.sleep(2.2)
    check("ttl=1 column gone after 2 s, ttl=60 kept", dict(users.get("ephemeral")),
          {"long": "lived", "minute": "lived"})

    step("indexed query (get_indexed_slices on People.state)")
    people = ColumnFamily(pool, "People")
    people.insert("p1", {"name": "Ann", "state": "TX", "birth_year": 1980})
    people.insert("p2", {"name": "Bob", "state": "CA", "birth_year": 1975})
    people.insert("p3", {"name": "Cid", "state": "TX", "birth_year": 1990})
    people.insert("p4", {"name": "Dee", "state": "TX", "birth_year": 1970})
    check("LongType column reads back as an int", people.get("p1", columns=["birth_year"])["birth_year"], 1980)
    clause = create_index_clause([create_index_expression("state", "TX")], count=10)
    found = dict((k, dict(v)) for k, v in people.get_indexed_slices(clause))
    check("state == TX", sorted(found.keys()), ["p1", "p3", "p4"])
    check("indexed row columns", found.get("p3"), {"name": "Cid", "state": "TX", "birth_year": 1990})
    clause = create_index_clause([create_index_expression("state", "TX"),
                                  create_index_expression("birth_year", 1975, pycassa.index.GT)],
                                 count=10)
    found = sorted(k for k, _ in people.get_indexed_slices(clause, columns=["name"]))
    check("state == TX and birth_year > 1975", found, ["p1", "p3"])
    people.insert("p2", {"state": "TX"})
    people.remove("p1", columns=["state"])
    clause = create_index_clause([create_index_expression("state", "TX")], count=10)
    found = sorted(k for k, _ in people.get_indexed_slices(clause))
    check("index follows updates and deletes", found, ["p2", "p3", "p4"])

    pool.dispose()

    step("drop column family and keyspace")
    sysm.drop_column_family(ks, "Hits")
    check("CF dropped", sorted(sysm.get_keyspace_column_families(ks).keys()), ["People", "Posts", "Users"])
    sysm.drop_keyspace(ks)
    check("keyspace dropped", ks in sysm.list_keyspaces(), False)
    sysm.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: jython flow.py HOST:PORT\n")
        sys.exit(2)
    try:
        main(sys.argv[1])
    except Exception:
        import traceback
        traceback.print_exc()
        print("pycassa: FAILED with an exception (see above)")
        sys.exit(1)
    if failures:
        print("pycassa: %d check(s) failed: %s" % (len(failures), ", ".join(failures)))
        sys.exit(1)
    print("pycassa: all checks passed")
