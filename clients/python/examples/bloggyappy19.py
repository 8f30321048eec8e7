#!/usr/bin/env python3
"""BloggyAppy over API 19.x (Cassandra 0.7 to 2.x): the same blog, writes and checks as
bloggyappy.py (which speaks 0.6's API 2.2.0), through the generated `cassandra19` package.

What changes with the generation: the keyspace is chosen once per connection (`set_keyspace`),
row keys are bytes, `insert` takes a ColumnParent and a whole Column, `get_count` takes a
predicate, and `batch_insert` is gone (a comment is a one-row `batch_mutate`).

Usage: bloggyappy19.py [--host H] [--port P] [--framed] [--keyspace BloggyAppy]
"""

import argparse
import os
import sys
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bloggyappy import NOTAG, run, time_uuid  # noqa: E402
from cassandra19 import Cassandra  # noqa: E402
from cassandra19.ttypes import (  # noqa: E402
    Column,
    ColumnOrSuperColumn,
    ColumnParent,
    ColumnPath,
    ConsistencyLevel,
    Mutation,
    NotFoundException,
    SlicePredicate,
    SliceRange,
    SuperColumn,
)
from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.Thrift import TException  # noqa: E402
from thrift.transport import TSocket, TTransport  # noqa: E402

CL = ConsistencyLevel.ONE


def full_row(count=1000, reversed_=False):
    return SlicePredicate(slice_range=SliceRange(start=b"", finish=b"", reversed=reversed_, count=count))


class Blog19:
    """The data access of bloggyappy.Blog over API 19.x; `run` drives both the same way."""

    not_found = NotFoundException

    def __init__(self, client):
        self.c = client

    def save_author(self, name, profile, ts):
        for field, value in profile.items():
            self.c.insert(name.encode(), ColumnParent("Authors"), Column(field.encode(), value.encode(), ts), CL)

    def publish(self, post, published_micros, seq, ts):
        when = time_uuid(published_micros, seq)
        entry = [
            Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=Column(k.encode(), v.encode(), ts)))
            for k, v in post.items()
        ]
        index_entry = [
            Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=Column(when.bytes, post["slug"].encode(), ts)))
        ]
        mutations = {post["slug"].encode(): {"BlogEntries": entry}}
        for tag in post["tags"].split(",") + [NOTAG]:
            mutations.setdefault(tag.encode(), {})["TaggedPosts"] = index_entry
        self.c.batch_mutate(mutations, CL)
        return when

    def comment(self, slug, comment, commented_micros, seq, ts):
        when = time_uuid(commented_micros, seq)
        sub = [Column(k.encode(), v.encode(), ts) for k, v in sorted(comment.items())]
        cosc = ColumnOrSuperColumn(super_column=SuperColumn(name=when.bytes, columns=sub))
        self.c.batch_mutate({slug.encode(): {"Comments": [Mutation(column_or_supercolumn=cosc)]}}, CL)
        return when

    def author(self, name):
        cols = self.c.get_slice(name.encode(), ColumnParent("Authors"), full_row(), CL)
        return {c.column.name.decode(): c.column.value.decode() for c in cols}

    def author_field(self, name, field):
        path = ColumnPath(column_family="Authors", column=field.encode())
        return self.c.get(name.encode(), path, CL).column.value.decode()

    def latest(self, tag, count):
        cols = self.c.get_slice(tag.encode(), ColumnParent("TaggedPosts"), full_row(count, True), CL)
        return [(uuid.UUID(bytes=c.column.name), c.column.value.decode()) for c in cols]

    def posts(self, slugs):
        rows = self.c.multiget_slice([s.encode() for s in slugs], ColumnParent("BlogEntries"), full_row(), CL)
        return {k.decode(): {c.column.name.decode(): c.column.value.decode() for c in cols} for k, cols in rows.items()}

    def comments(self, slug):
        cols = self.c.get_slice(slug.encode(), ColumnParent("Comments"), full_row(), CL)
        return [
            (uuid.UUID(bytes=c.super_column.name), {s.name.decode(): s.value.decode() for s in c.super_column.columns})
            for c in cols
        ]

    def comment_field_names(self, slug, when):
        path = ColumnPath(column_family="Comments", super_column=when.bytes)
        return [s.name.decode() for s in self.c.get(slug.encode(), path, CL).super_column.columns]

    def comment_count(self, slug):
        return self.c.get_count(slug.encode(), ColumnParent("Comments"), full_row(2**31 - 1), CL)

    def describe_version(self):
        return self.c.describe_version()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=9160)
    ap.add_argument("--framed", action="store_true", help="framed transport (0.7+ clients' default)")
    ap.add_argument("--keyspace", default="BloggyAppy")
    ap.add_argument("--timeout-ms", type=int, default=10_000)
    args = ap.parse_args()

    sock = TSocket.TSocket(args.host, args.port)
    sock.setTimeout(args.timeout_ms)
    transport = TTransport.TFramedTransport(sock) if args.framed else TTransport.TBufferedTransport(sock)
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocolAccelerated(transport))
    try:
        transport.open()
    except TTransport.TTransportException as e:
        print(f"cannot connect to {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2
    try:
        client.set_keyspace(args.keyspace)
        print(f"cluster {client.describe_cluster_name()!r}")
        failures = run(Blog19(client), uuid.uuid4().hex[:8])
    except TException as e:
        print(f"\ncall failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    finally:
        transport.close()

    if failures:
        print(f"\nFAILED: {len(failures)} read(s) differ from what was written:", file=sys.stderr)
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        return 1
    print("\nOK: every read returned what was written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
