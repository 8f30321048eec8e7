#!/usr/bin/env python3
"""BloggyAppy: the blog of Arin Sarkissian's "WTF is a SuperColumn" (Digg, 2009) over API 2.2.0.

Schema (storage-conf.xml, keyspace BloggyAppy):
  Authors      Standard, BytesType     row = author name,  columns = profile fields
  BlogEntries  Standard, BytesType     row = post slug,    columns = title, body, author, tags, ...
  TaggedPosts  Standard, TimeUUIDType  row = tag (and "__notag__" for every post),
                                       column = TimeUUID of publication -> post slug
  Comments     Super, TimeUUIDType / BytesType
                                       row = post slug, super column = TimeUUID of the comment,
                                       sub-columns = commenter, email, comment, commentTime

The script writes a few authors, posts and comments, reads them back the ways the article
describes (latest posts newest first, posts by tag, a post's comments in order, an author's
profile), prints what it reads, and exits with status 1 if anything read differs from what was
written (status 2 if the server cannot be reached or refuses a call). Every run uses fresh
TimeUUIDs and row keys suffixed with a run id, so it can be rerun against the same server.

Usage: bloggyappy.py [--host H] [--port P] [--framed] [--keyspace BloggyAppy]
"""

import argparse
import os
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cassandra06 import Cassandra  # noqa: E402
from cassandra06.ttypes import (  # noqa: E402
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

NOTAG = "__notag__"
CL = ConsistencyLevel.ONE
# 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
UUID_EPOCH_OFFSET = 0x01B21DD213814000


def time_uuid(unix_micros, seq):
    """A version-1 UUID for the given instant; `seq` keeps UUIDs of one instant distinct."""
    ticks = unix_micros * 10 + UUID_EPOCH_OFFSET + seq
    node = 0x0123456789AB | 0x010000000000  # multicast bit set: not a real MAC address
    clock_seq = 0x1234
    return uuid.UUID(
        fields=(
            ticks & 0xFFFFFFFF,
            (ticks >> 32) & 0xFFFF,
            ((ticks >> 48) & 0x0FFF) | 0x1000,
            ((clock_seq >> 8) & 0x3F) | 0x80,
            clock_seq & 0xFF,
            node,
        )
    )


def now_micros():
    return int(time.time() * 1_000_000)


def full_row(count=1000, reversed_=False):
    return SlicePredicate(slice_range=SliceRange(start=b"", finish=b"", reversed=reversed_, count=count))


class Checker:
    """Collects mismatches instead of stopping at the first, so one run reports them all."""

    def __init__(self):
        self.failures = []

    def same(self, what, got, want):
        if got != want:
            self.failures.append(f"{what}: got {got!r}, want {want!r}")
            print(f"  MISMATCH {what}")


class Blog:
    # What `get` raises for an absent column (each generated package has its own class).
    not_found = NotFoundException

    def __init__(self, client, keyspace):
        self.c = client
        self.ks = keyspace

    # --- writes (each uses a different write call of the 0.6 API) -------------------------------

    def save_author(self, name, profile, ts):
        """One `insert` per profile field."""
        for field, value in profile.items():
            path = ColumnPath(column_family="Authors", column=field.encode())
            self.c.insert(self.ks, name, path, value.encode(), ts, CL)

    def publish(self, post, published_micros, seq, ts):
        """The post row and its TaggedPosts index entries, in one `batch_mutate`."""
        when = time_uuid(published_micros, seq)
        entry = [
            Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=Column(k.encode(), v.encode(), ts)))
            for k, v in post.items()
        ]
        index_entry = [
            Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=Column(when.bytes, post["slug"].encode(), ts)))
        ]
        mutations = {post["slug"]: {"BlogEntries": entry}}
        for tag in post["tags"].split(",") + [NOTAG]:
            mutations.setdefault(tag, {})["TaggedPosts"] = index_entry
        self.c.batch_mutate(self.ks, mutations, CL)
        return when

    def comment(self, slug, comment, commented_micros, seq, ts):
        """One super column per comment, written with `batch_insert`."""
        when = time_uuid(commented_micros, seq)
        sub = [Column(k.encode(), v.encode(), ts) for k, v in sorted(comment.items())]
        cosc = ColumnOrSuperColumn(super_column=SuperColumn(name=when.bytes, columns=sub))
        self.c.batch_insert(self.ks, slug, {"Comments": [cosc]}, CL)
        return when

    # --- reads ----------------------------------------------------------------------------------

    def author(self, name):
        cols = self.c.get_slice(self.ks, name, ColumnParent(column_family="Authors"), full_row(), CL)
        return {c.column.name.decode(): c.column.value.decode() for c in cols}

    def author_field(self, name, field):
        path = ColumnPath(column_family="Authors", column=field.encode())
        return self.c.get(self.ks, name, path, CL).column.value.decode()

    def latest(self, tag, count):
        """(TimeUUID, slug) of the `count` newest posts with `tag`, newest first."""
        cols = self.c.get_slice(self.ks, tag, ColumnParent(column_family="TaggedPosts"), full_row(count, True), CL)
        return [(uuid.UUID(bytes=c.column.name), c.column.value.decode()) for c in cols]

    def posts(self, slugs):
        rows = self.c.multiget_slice(self.ks, slugs, ColumnParent(column_family="BlogEntries"), full_row(), CL)
        return {k: {c.column.name.decode(): c.column.value.decode() for c in cols} for k, cols in rows.items()}

    def comments(self, slug):
        """[(TimeUUID, {field: value})] oldest first."""
        cols = self.c.get_slice(self.ks, slug, ColumnParent(column_family="Comments"), full_row(), CL)
        return [
            (uuid.UUID(bytes=c.super_column.name), {s.name.decode(): s.value.decode() for s in c.super_column.columns})
            for c in cols
        ]

    def comment_field_names(self, slug, when):
        """Sub-column names of one comment, in the order the server returns them."""
        path = ColumnPath(column_family="Comments", super_column=when.bytes)
        sc = self.c.get(self.ks, slug, path, CL).super_column
        return [s.name.decode() for s in sc.columns]

    def comment_count(self, slug):
        return self.c.get_count(self.ks, slug, ColumnParent(column_family="Comments"), CL)

    def describe_version(self):
        return self.c.describe_version()


def connect(host, port, framed, timeout_ms):
    sock = TSocket.TSocket(host, port)
    sock.setTimeout(timeout_ms)
    transport = TTransport.TFramedTransport(sock) if framed else TTransport.TBufferedTransport(sock)
    protocol = TBinaryProtocol.TBinaryProtocolAccelerated(transport)
    transport.open()
    return transport, Cassandra.Client(protocol)


def run(blog, run_id):
    check = Checker()
    ts = now_micros()
    # Publication instants are t0 + n milliseconds: the posts have a known order, and they are
    # newer than every post of an earlier run against the same server (a run takes longer than
    # a few milliseconds), so the front page's 10 newest always hold this run's three.
    t0 = ts

    authors = {
        f"Arin Sarkissian {run_id}": {"numPosts": "2", "twitter": "phatduckk", "email": "arin@example.com", "bio": "bla bla bla"},
        f"Ian Eure {run_id}": {"numPosts": "1", "twitter": "ieure", "email": "ieure@example.com", "bio": "digg engineer"},
    }
    arin, ian = list(authors)
    posts = [
        {"slug": f"i-got-a-new-guitar-{run_id}", "title": "This is a blog entry about my new, awesome guitar",
         "body": "this is a cool entry. etc etc yada yada", "author": arin, "tags": "life,guitar,music"},
        {"slug": f"another-cool-guitar-{run_id}", "title": "Another cool guitar",
         "body": "I could not stop at one.", "author": arin, "tags": "guitar"},
        {"slug": f"scream-is-the-best-movie-ever-{run_id}", "title": "Scream is the best movie ever",
         "body": "Do you like scary movies?", "author": ian, "tags": "movie,horror"},
    ]
    comments = {
        posts[2]["slug"]: [
            {"commenter": "Joe Blow", "email": "joeb@example.com",
             "comment": "the godfather is the best movie ever"},
            {"commenter": "Some Dude", "email": "sd@example.com",
             "comment": "be nice Joe Blow this isnt youtube"},
            {"commenter": "Joe Blow", "email": "joeb@example.com", "comment": "fine. scream is ok."},
        ],
        posts[0]["slug"]: [
            {"commenter": "Johnny Guitar", "email": "guitardude@example.com", "comment": "nice axe dawg..."},
        ],
    }

    print(f"run {run_id}: writing {len(authors)} authors, {len(posts)} posts, "
          f"{sum(map(len, comments.values()))} comments")
    for name, profile in authors.items():
        blog.save_author(name, profile, ts)
    published = []  # (TimeUUID, slug), oldest first
    for i, post in enumerate(posts):
        post["pubDate"] = str((t0 // 1_000_000) + i)
        when = blog.publish(post, t0 + i * 1_000, i, ts)
        published.append((when, post["slug"]))
    written_comments = {}
    for slug, items in comments.items():
        written_comments[slug] = []
        for i, item in enumerate(items):
            item = dict(item, commentTime=str((t0 // 1_000_000) + 10 + i))
            when = blog.comment(slug, item, t0 + (10 + i) * 1_000, i, ts)
            written_comments[slug].append((when, item))
    # Asked after the writes: on a connection that has shown its generation, the server answers
    # this call (which both generations share) in that generation.
    print(f"server speaks API {blog.describe_version()}")

    # 1. The front page: the 10 newest posts of any tag, newest first. Only this run's posts
    #    (their slugs end with the run id) are checked, in the order they came back.
    print("\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):")
    latest = blog.latest(NOTAG, 10)
    for when, slug in latest:
        print(f"  {when}  {slug}")
    latest = [(when, slug) for when, slug in latest if slug.endswith(run_id)]
    check.same("latest posts", latest, list(reversed(published)))
    bodies = blog.posts([slug for _, slug in latest])
    for _, slug in latest:
        post = bodies.get(slug, {})
        print(f"  -> {post.get('title')!r} by {post.get('author')!r}, tags {post.get('tags')!r}")
    for post in posts:
        check.same(f"BlogEntries[{post['slug']}]", bodies.get(post["slug"]), post)

    # 2. Posts for one tag, newest first.
    for tag in ("guitar", "movie"):
        want = [(w, s) for (w, s), p in zip(published, posts) if tag in p["tags"].split(",")][::-1]
        got = [(w, s) for w, s in blog.latest(tag, 10) if s.endswith(run_id)]
        print(f"\nposts tagged {tag!r}:")
        for when, slug in got:
            print(f"  {when}  {slug}")
        check.same(f"posts tagged {tag}", got, want)

    # 3. A post's comments, oldest first, each a super column.
    for slug, want in written_comments.items():
        got = blog.comments(slug)
        print(f"\ncomments on {slug} ({blog.comment_count(slug)}):")
        for when, item in got:
            print(f"  {when}  {item['commenter']} <{item['email']}>: {item['comment']}")
        check.same(f"comments on {slug}", got, want)
        check.same(f"comment count on {slug}", blog.comment_count(slug), len(want))
        # Sub-columns come back sorted by name (BytesType).
        names = blog.comment_field_names(slug, want[0][0])
        check.same(f"sub-column order of first comment on {slug}", names, sorted(want[0][1]))

    # 4. An author's profile, and a single field of it.
    for name, profile in authors.items():
        got = blog.author(name)
        print(f"\nauthor {name}: {got}")
        check.same(f"Authors[{name}]", got, profile)
        check.same(f"Authors[{name}].email", blog.author_field(name, "email"), profile["email"])

    # 5. Absent data is reported as absent.
    try:
        blog.author_field(f"Nobody {run_id}", "email")
        check.same("get of a missing author", "found", "NotFoundException")
    except blog.not_found:
        pass
    check.same("comments on a post without comments", blog.comments(posts[1]["slug"]), [])

    return check.failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=9160)
    ap.add_argument("--framed", action="store_true", help="framed transport (default: unframed, as 0.6)")
    ap.add_argument("--keyspace", default="BloggyAppy")
    ap.add_argument("--timeout-ms", type=int, default=10_000)
    args = ap.parse_args()

    try:
        transport, client = connect(args.host, args.port, args.framed, args.timeout_ms)
    except TTransport.TTransportException as e:
        print(f"cannot connect to {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2
    try:
        print(f"cluster {client.describe_cluster_name()!r}")
        failures = run(Blog(client, args.keyspace), uuid.uuid4().hex[:8])
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
