#!/usr/bin/env python3
"""An application built against the newest 19.x IDL (the generated `cassandra19` package) talking
to whatever release it finds: the upgrade case, where the client library moved on before the
cluster did. It uses what a 1.2-era application used — a KsDef and CfDefs as its IDL shapes them
(every defaulted field sent), a secondary index, `row_filter` on a range scan, counters, CQL 2
and CQL 3, `atomic_batch_mutate`, `get_paged_slice`, `describe_splits_ex` — and prints one line
per call: what came back, or the exception the release answered with. Against an older release
many calls fail (an unknown method, a field it never declared, a type it lacked); the point is
that the emulation of a release fails them exactly as the real release did, which
`scripts/capture-upgrade.sh` checks side by side (this program's transcript against the real
release and against `serve --cassandra-version V`, and a capture of its calls replayed).

A call after which the server closed the connection is followed by a reconnect and
`set_keyspace`, as a pooled client does. Timestamps are fixed, so two runs send the same bytes.

Usage: upgrade19.py [--host H] [--port P] [--keyspace Upgrade19]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cassandra19 import Cassandra  # noqa: E402
from cassandra19.ttypes import (  # noqa: E402
    CfDef,
    Column,
    ColumnDef,
    ColumnOrSuperColumn,
    ColumnParent,
    ColumnPath,
    Compression,
    ConsistencyLevel,
    CounterColumn,
    IndexClause,
    IndexExpression,
    IndexOperator,
    IndexType,
    KeyRange,
    KsDef,
    Mutation,
    SlicePredicate,
    SliceRange,
)
from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.Thrift import TApplicationException, TException  # noqa: E402
from thrift.transport import TSocket, TTransport  # noqa: E402

CL = ConsistencyLevel.ONE
TS = 1_300_000_000_000_000  # a fixed base: the same bytes on every run
SIMPLE = "org.apache.cassandra.locator.SimpleStrategy"


def everything(count=100):
    return SlicePredicate(slice_range=SliceRange(start=b"", finish=b"", reversed=False, count=count))


def describe(value):
    """A reply as one stable line: exceptions by type and text, structs by their fields."""
    if isinstance(value, TApplicationException):
        return "TApplicationException(type=%d, %s)" % (value.type, value.message)
    if isinstance(value, TException) and not hasattr(value, "why"):
        return "%s(%s)" % (type(value).__name__, getattr(value, "message", "") or "")
    if isinstance(value, Exception):
        return "%s(%s)" % (type(value).__name__, getattr(value, "why", "") or "")
    if isinstance(value, dict):
        return "{" + ", ".join("%s: %s" % (describe(k), describe(v)) for k, v in sorted(value.items())) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(describe(v) for v in value) + "]"
    if isinstance(value, bytes):
        return repr(value)
    if hasattr(value, "thrift_spec"):
        fields = ["%s=%s" % (k, describe(v)) for k, v in vars(value).items() if v is not None]
        return "%s(%s)" % (type(value).__name__, ", ".join(fields))
    return repr(value)


class App:
    def __init__(self, host, port, keyspace):
        self.host, self.port, self.keyspace = host, port, keyspace
        self.in_keyspace = False
        self.connect()

    def connect(self):
        sock = TSocket.TSocket(self.host, self.port)
        sock.setTimeout(20000)
        self.transport = TTransport.TFramedTransport(sock)
        self.c = Cassandra.Client(TBinaryProtocol.TBinaryProtocolAccelerated(self.transport))
        self.transport.open()
        if self.in_keyspace:
            self.c.set_keyspace(self.keyspace)

    def call(self, label, fn, *args, schema_value=False):
        """Runs one call and prints its outcome; a schema call's reply (a version id) is not
        printed, as it is the server's own."""
        try:
            out = fn(*args)
            print("%s -> %s" % (label, "ok" if schema_value else describe(out)))
            return out
        except TTransport.TTransportException as e:
            print("%s -> connection closed (%s)" % (label, type(e).__name__))
            self.transport.close()
            self.connect()
        except TException as e:
            print("%s -> %s" % (label, describe(e)))
            if isinstance(e, TApplicationException) and e.type == TApplicationException.PROTOCOL_ERROR:
                # libthrift stops reading the frame where it failed: start afresh.
                self.transport.close()
                self.connect()
        return None


def users_cf(keyspace):
    """The users column family as a 1.2-era application defines it: UTF-8 names and keys, a
    KEYS index on `state`, a long `born` column, the IDL's defaults for everything else."""
    return CfDef(
        keyspace=keyspace,
        name="Users",
        comparator_type="UTF8Type",
        key_validation_class="UTF8Type",
        default_validation_class="UTF8Type",
        comment="users by name",
        gc_grace_seconds=3600,
        column_metadata=[
            ColumnDef(name=b"state", validation_class="UTF8Type", index_type=IndexType.KEYS, index_name="users_state"),
            ColumnDef(name=b"born", validation_class="LongType"),
        ],
        compaction_strategy="SizeTieredCompactionStrategy",
        bloom_filter_fp_chance=0.01,
    )


def counts_cf(keyspace):
    return CfDef(
        keyspace=keyspace,
        name="PageViews",
        comparator_type="UTF8Type",
        key_validation_class="UTF8Type",
        default_validation_class="CounterColumnType",
        replicate_on_write=True,
    )


def long_bytes(n):
    return n.to_bytes(8, "big", signed=True)


USERS = [
    ("alice", "CA", 1980),
    ("bob", "NY", 1975),
    ("carol", "CA", 1990),
    ("dave", "TX", 1985),
]


def run(app, ks):
    app.call("describe_version", lambda: app.c.describe_version())
    app.call("describe_cluster_name", lambda: app.c.describe_cluster_name())
    app.call("describe_partitioner", lambda: app.c.describe_partitioner())
    app.call("drop old keyspace", lambda: app.c.system_drop_keyspace(ks), schema_value=True)

    # The keyspace the way the new IDL says it (strategy options only); a release that still
    # required replication_factor refuses it, and the application tries again with it.
    ksdef = KsDef(name=ks, strategy_class=SIMPLE, strategy_options={"replication_factor": "1"}, cf_defs=[])
    if app.call("add keyspace", lambda: app.c.system_add_keyspace(ksdef), schema_value=True) is None:
        ksdef.replication_factor = 1
        app.call("add keyspace with replication_factor",
                 lambda: app.c.system_add_keyspace(ksdef), schema_value=True)
    app.call("set_keyspace", lambda: app.c.set_keyspace(ks))
    app.in_keyspace = True
    app.call("add Users", lambda: app.c.system_add_column_family(users_cf(ks)), schema_value=True)
    app.call("add PageViews", lambda: app.c.system_add_column_family(counts_cf(ks)), schema_value=True)
    app.call("describe_keyspace column families",
             lambda: sorted(cf.name for cf in app.c.describe_keyspace(ks).cf_defs))

    # Users, one batch; then the reads an application does.
    rows = {}
    for name, state, born in USERS:
        cols = [Column(b"state", state.encode(), TS), Column(b"born", long_bytes(born), TS),
                Column(b"email", (name + "@example.com").encode(), TS)]
        rows[name.encode()] = {"Users": [Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col))
                                         for col in cols]}
    app.call("batch_mutate users", lambda: app.c.batch_mutate(rows, CL))
    app.call("get alice state", lambda: app.c.get(b"alice", ColumnPath("Users", column=b"state"), CL))
    app.call("get_slice bob", lambda: app.c.get_slice(b"bob", ColumnParent("Users"), everything(), CL))
    app.call("get_count carol", lambda: app.c.get_count(b"carol", ColumnParent("Users"), everything(), CL))
    app.call("multiget_slice", lambda: app.c.multiget_slice([b"alice", b"dave", b"zed"], ColumnParent("Users"),
                                                            SlicePredicate(column_names=[b"born"]), CL))
    app.call("get missing", lambda: app.c.get(b"zed", ColumnPath("Users", column=b"state"), CL))
    app.call("insert a bad long", lambda: app.c.insert(b"erin", ColumnParent("Users"),
                                                      Column(b"born", b"1990", TS), CL))

    # Who lives in CA: a row_filter on the scan (1.1's), then the index.
    ca = IndexExpression(column_name=b"state", op=IndexOperator.EQ, value=b"CA")
    scan = KeyRange(start_key=b"", end_key=b"", count=100, row_filter=[ca])
    app.call("get_range_slices row_filter state=CA",
             lambda: sorted(ks_.key for ks_ in app.c.get_range_slices(
                 ColumnParent("Users"), SlicePredicate(column_names=[b"state"]), scan, CL)))
    clause = IndexClause(expressions=[ca], start_key=b"", count=100)
    app.call("get_indexed_slices state=CA",
             lambda: sorted(ks_.key for ks_ in app.c.get_indexed_slices(
                 ColumnParent("Users"), clause, SlicePredicate(column_names=[b"state"]), CL)))
    app.call("get_paged_slice", lambda: [(ks_.key, len(ks_.columns)) for ks_ in app.c.get_paged_slice(
        "Users", KeyRange(start_key=b"", end_key=b"", count=10), b"", CL)])

    # Counters (0.8's), one by one and in a batch.
    app.call("add", lambda: app.c.add(b"home", ColumnParent("PageViews"), CounterColumn(b"hits", 3), CL))
    app.call("add again", lambda: app.c.add(b"home", ColumnParent("PageViews"), CounterColumn(b"hits", 2), CL))
    bump = {b"about": {"PageViews": [Mutation(column_or_supercolumn=ColumnOrSuperColumn(
        counter_column=CounterColumn(b"hits", 7)))]}}
    app.call("batch_mutate counters", lambda: app.c.batch_mutate(bump, CL))
    app.call("get counter", lambda: app.c.get(b"home", ColumnPath("PageViews", column=b"hits"), CL))
    app.call("get_slice counters", lambda: app.c.get_slice(b"about", ColumnParent("PageViews"), everything(), CL))

    # Atomic batches (1.2's).
    late = {b"frank": {"Users": [Mutation(column_or_supercolumn=ColumnOrSuperColumn(
        column=Column(b"state", b"WA", TS)))]}}
    app.call("atomic_batch_mutate", lambda: app.c.atomic_batch_mutate(late, CL))
    app.call("get frank", lambda: app.c.get_slice(b"frank", ColumnParent("Users"), everything(), CL))

    # CQL 2, then CQL 3.
    app.call("execute_cql_query select",
             lambda: app.c.execute_cql_query(b"SELECT state FROM Users WHERE KEY = 'alice'", Compression.NONE))
    app.call("set_cql_version 3.0.0", lambda: app.c.set_cql_version("3.0.0"))
    app.call("execute_cql3_query select", lambda: app.c.execute_cql3_query(
        b"SELECT key, state FROM \"Users\" WHERE key = 'bob'", Compression.NONE, CL))
    app.call("prepare_cql3_query", lambda: app.c.prepare_cql3_query(
        b"SELECT * FROM \"Users\" WHERE key = ?", Compression.NONE))

    # What a map-reduce job asks, then clean-up.
    app.call("describe_splits_ex", lambda: len(app.c.describe_splits_ex("Users", "0", "0", 128)))
    app.call("remove dave", lambda: app.c.remove(b"dave", ColumnPath("Users"), TS + 1, CL))
    app.call("get_count dave", lambda: app.c.get_count(b"dave", ColumnParent("Users"), everything(), CL))
    app.call("truncate PageViews", lambda: app.c.truncate("PageViews"))
    app.call("drop Users", lambda: app.c.system_drop_column_family("Users"), schema_value=True)
    app.call("drop keyspace", lambda: app.c.system_drop_keyspace(ks), schema_value=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=9160)
    p.add_argument("--keyspace", default="Upgrade19")
    a = p.parse_args()
    app = App(a.host, a.port, a.keyspace)
    run(app, a.keyspace)


if __name__ == "__main__":
    main()
