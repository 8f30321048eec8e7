"""Read-back checks between a gateway and a Cassandra 4.x+ cluster, which has
no Thrift of its own: CQL (the python driver) is the cluster's other door.
scripts/gateway-cluster-check.sh URL --cql HOSTS starts the gateway and runs this.

Checks, each reported PASS or FAIL with what differed:
  schema   a keyspace (RF given) made through the gateway with a Standard CF,
           a static CF (column_metadata), a Super CF and a counter CF; each
           table's columns in system_schema are the layout docs/gateway.md
           promises for 4.x (no COMPACT STORAGE)
  g2c      rows written through the gateway (the writes of
           gateway_cluster_check.py: timestamps, TTLs, deletions, counters)
           read with CQL: every cell with its value, writetime and ttl, equal
           to what the gateway's get_range_slices answers
  c2g      rows written with CQL (USING TIMESTAMP/TTL, DELETE of cells, rows,
           super columns; counter UPDATEs) read through the gateway's Thrift:
           get_slice, reversed, get_count, multiget_slice, get_range_slices,
           equal to what CQL reads of the same rows
  quorum   (--down: one node stopped) the QUORUM/ALL check of
           gateway_cluster_check.py

A TTL read through the gateway and through CQL are both remaining TTLs; they
may differ by the seconds between the two reads.
"""

import argparse
import sys
import time
import uuid

from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement
from cassandra import ConsistencyLevel as CqlLevel

import gateway_cluster_check as base
from gateway_cluster_check import (ColumnParent, KeyRange, SlicePredicate, SliceRange,
                                   connect, flat, guarded, long_name, report, strip, ttls)

# what system_schema.columns says of each table: name -> (kind, type)
LAYOUT = {
    "Std": {"key": ("partition_key", "blob"), "column1": ("clustering", "text"),
            "value": ("regular", "blob")},
    "Meta": {"key": ("partition_key", "blob"), "column1": ("clustering", "text"),
             "value": ("regular", "blob"), "name": ("static", "text"),
             "age": ("static", "bigint")},
    "Sup": {"key": ("partition_key", "blob"), "column1": ("clustering", "text"),
            "column2": ("clustering", "bigint"), "value": ("regular", "blob")},
    "Cnt": {"key": ("partition_key", "blob"), "column1": ("clustering", "text"),
            "value": ("regular", "counter")},
}
FULL = SlicePredicate(slice_range=SliceRange(b"", b"", False, 1000))


def enc(v):
    """A CQL value as the bytes Thrift shows of it."""
    if isinstance(v, str):
        return v.encode()
    if isinstance(v, int):
        return long_name(v)
    return v


def cql_rows(session, ks, cf, key=None):
    """Each partition's cells as Thrift would show them (the `flat` tuples),
    read with CQL: key -> [cells in comparator order]."""
    t = f'"{ks}"."{cf}"'
    where = " WHERE key = %s" if key is not None else ""
    args = (key,) if key is not None else ()
    out = {}
    if cf == "Cnt":
        for r in session.execute(f"SELECT key, column1, value FROM {t}{where}", args):
            out.setdefault(r.key, []).append(("counter", enc(r.column1), r.value))
    elif cf == "Sup":
        for r in session.execute(f"SELECT key, column1, column2, value, writetime(value) AS ts, "
                                 f"ttl(value) AS ttl FROM {t}{where}", args):
            subs = out.setdefault(r.key, [])
            if not subs or subs[-1][1] != enc(r.column1):
                subs.append(("super", enc(r.column1), []))
            subs[-1][2].append(("col", enc(r.column2), r.value, r.ts, r.ttl))
        out = {k: [(s[0], s[1], tuple(s[2])) for s in v] for k, v in out.items()}
    else:
        extra = ', name, writetime(name) AS nts, ttl(name) AS nttl, age, writetime(age) AS ats, ' \
                'ttl(age) AS attl' if cf == "Meta" else ""
        for r in session.execute(f"SELECT key, column1, value, writetime(value) AS ts, "
                                 f"ttl(value) AS ttl{extra} FROM {t}{where}", args):
            cells = out.setdefault(r.key, [])
            if cf == "Meta" and not any(c[0] == "static" for c in cells):
                cells.append(("static",))
                for n, v, ts, ttl in (("name", r.name, r.nts, r.nttl), ("age", r.age, r.ats, r.attl)):
                    if v is not None:
                        cells.append(("col", n.encode(), enc(v), ts, ttl))
            if r.column1 is not None:
                cells.append(("col", enc(r.column1), r.value, r.ts, r.ttl))
        out = {k: sorted(c for c in v if c[0] != "static") for k, v in out.items()}
    return {k: v for k, v in out.items() if v}


def close_enough(a, b):
    """Cells equal but for remaining TTLs a few seconds apart."""
    if [strip(x) for x in a] != [strip(x) for x in b]:
        return False
    for x, y in zip(a, b):
        for s, t in zip(ttls(x), ttls(y)):
            if (s is None) != (t is None) or (s is not None and abs(s - t) > 5):
                return False
    return True


def compare(g, session, ks, cf, keys, problems):
    """The gateway's Thrift reads of `keys` against CQL's reads of the same rows."""
    parent = ColumnParent(cf)
    want = {k: v for k in keys for k, v in cql_rows(session, ks, cf, k).items()}
    for key in keys:
        c_side = want.get(key, [])
        g_side = [flat(x) for x in g.get_slice(key, parent, FULL, base.Q)]
        if not close_enough(c_side, g_side):
            problems.append(f"{cf} {key!r} get_slice: CQL {c_side!r} != gateway {g_side!r}")
        rev = [flat(x) for x in g.get_slice(key, parent, SlicePredicate(
            slice_range=SliceRange(b"", b"", True, 3)), base.Q)]
        if not close_enough(list(reversed(c_side))[:3], rev):
            problems.append(f"{cf} {key!r} reversed 3: CQL {list(reversed(c_side))[:3]!r} "
                            f"!= gateway {rev!r}")
        n = g.get_count(key, parent, FULL, base.Q)
        if n != len(c_side):
            problems.append(f"{cf} {key!r} get_count {n}, CQL shows {len(c_side)}")
    multi = g.multiget_slice(keys, parent, FULL, base.Q)
    for key in keys:
        got = [flat(x) for x in multi.get(key, [])]
        if not close_enough(want.get(key, []), got):
            problems.append(f"{cf} {key!r} multiget_slice: CQL {want.get(key)!r} != gateway {got!r}")
    if cf == "Sup":
        sp = ColumnParent(cf, super_column=b"x")
        for key in keys:
            for rev in (False, True):
                got = [flat(x) for x in g.get_slice(key, sp, SlicePredicate(
                    slice_range=SliceRange(b"", b"", rev, 100)), base.Q)]
                subs = [s for s in want.get(key, []) if s[1] == b"x"]
                exp = list(subs[0][2]) if subs else []
                exp = list(reversed(exp)) if rev else exp
                if not close_enough(exp, got):
                    problems.append(f"Sup {key!r} super column x{' reversed' if rev else ''}: "
                                    f"CQL {exp!r} != gateway {got!r}")
    # the whole table, in the cluster's token order, as ring-walking clients read it
    whole = cql_rows(session, ks, cf)
    kr = KeyRange(start_key=b"", end_key=b"", count=1000)
    scan = {ks_.key: [flat(x) for x in ks_.columns]
            for ks_ in g.get_range_slices(parent, FULL, kr, base.Q)}
    if sorted(scan) != sorted(whole):
        problems.append(f"{cf} get_range_slices keys {sorted(scan)!r} != CQL's {sorted(whole)!r}")
    for key in whole:
        if key in scan and not close_enough(whole[key], scan[key]):
            problems.append(f"{cf} {key!r} get_range_slices: CQL {whole[key]!r} != gateway {scan[key]!r}")


def cql_writes(session, ks, ts0):
    """Writes made with CQL, as an application beside the gateway would; the keys per CF."""
    def run(q, *args):
        session.execute(SimpleStatement(q, consistency_level=CqlLevel.QUORUM), args)
    t = lambda cf: f'"{ks}"."{cf}"'
    run(f"INSERT INTO {t('Std')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s",
        b"qstd1", "c1", b"v1", ts0 + 1)
    run(f"INSERT INTO {t('Std')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s "
        f"AND TTL %s", b"qstd1", "c2", b"v2-expiring", ts0 + 2, base.TTL)
    run(f"INSERT INTO {t('Std')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s",
        b"qstd1", "c3", b"v3-deleted", ts0 + 3)
    run(f"DELETE FROM {t('Std')} USING TIMESTAMP %s WHERE key = %s AND column1 = %s",
        ts0 + 4, b"qstd1", "c3")
    for i in range(12):
        run(f"INSERT INTO {t('Std')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s",
            b"qstd2", "k%02d" % i, b"%d" % i, ts0 + i)
    run(f"DELETE FROM {t('Std')} USING TIMESTAMP %s WHERE key = %s AND column1 >= %s AND column1 < %s",
        ts0 + 50, b"qstd2", "k03", "k06")
    run(f"UPDATE {t('Meta')} USING TIMESTAMP %s SET name = %s WHERE key = %s", ts0 + 1, "carol", b"qmeta1")
    run(f"UPDATE {t('Meta')} USING TIMESTAMP %s AND TTL %s SET age = %s WHERE key = %s",
        ts0 + 2, base.TTL, 37, b"qmeta1")
    run(f"INSERT INTO {t('Meta')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s",
        b"qmeta1", "undeclared", b"free", ts0 + 3)
    run(f"INSERT INTO {t('Meta')} (key, column1, value) VALUES (%s, %s, %s) USING TIMESTAMP %s",
        b"qmeta2", "zeta", b"only-undeclared", ts0 + 3)
    for sc, sub, v in (("x", 1, b"x1"), ("x", 2, b"x2"), ("x", 3, b"x3"), ("y", -5, b"y-5"),
                       ("z", 9, b"z9")):
        run(f"INSERT INTO {t('Sup')} (key, column1, column2, value) VALUES (%s, %s, %s, %s) "
            f"USING TIMESTAMP %s", b"qsup1", sc, sub, v, ts0 + 1)
    run(f"DELETE FROM {t('Sup')} USING TIMESTAMP %s WHERE key = %s AND column1 = %s AND column2 = %s",
        ts0 + 2, b"qsup1", "x", 2)
    run(f"DELETE FROM {t('Sup')} USING TIMESTAMP %s WHERE key = %s AND column1 = %s",
        ts0 + 2, b"qsup1", "y")
    run(f"INSERT INTO {t('Sup')} (key, column1, column2, value) VALUES (%s, %s, %s, %s) "
        f"USING TIMESTAMP %s", b"qsup2", "w", 1, b"w1", ts0 + 1)
    run(f"DELETE FROM {t('Sup')} USING TIMESTAMP %s WHERE key = %s", ts0 + 2, b"qsup2")
    run(f"UPDATE {t('Cnt')} SET value = value + 5 WHERE key = %s AND column1 = %s", b"qcnt1", "hits")
    run(f"UPDATE {t('Cnt')} SET value = value + 7 WHERE key = %s AND column1 = %s", b"qcnt1", "misses")
    run(f"UPDATE {t('Cnt')} SET value = value - 2 WHERE key = %s AND column1 = %s", b"qcnt1", "misses")
    return {"Std": [b"qstd1", b"qstd2"], "Meta": [b"qmeta1", b"qmeta2"],
            "Sup": [b"qsup1", b"qsup2"], "Cnt": [b"qcnt1"]}


def layout_check(session, ks):
    problems = []
    for cf, want in LAYOUT.items():
        got = {r.column_name: (r.kind, r.type) for r in session.execute(
            "SELECT column_name, kind, type FROM system_schema.columns "
            "WHERE keyspace_name = %s AND table_name = %s", (ks, cf))}
        if got != want:
            problems.append(f"{cf}: system_schema.columns {got!r} != {want!r}")
        flags = session.execute("SELECT flags FROM system_schema.tables WHERE keyspace_name = %s "
                                "AND table_name = %s", (ks, cf)).one()
        if flags is None or set(flags.flags) != ({"compound", "counter"} if cf == "Cnt" else {"compound"}):
            problems.append(f"{cf}: flags {flags and sorted(flags.flags)!r}")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cql", required=True, help="HOST[,HOST...] of the cluster's native port 9042")
    ap.add_argument("--gateway", required=True, help="HOST:PORT of the gateway's Thrift")
    ap.add_argument("--rf", type=int, default=3)
    ap.add_argument("--down", action="store_true", help="one node is stopped: QUORUM/ALL only")
    args = ap.parse_args()
    session = Cluster(args.cql.split(","), protocol_version=4).connect()
    g = connect(args.gateway)
    ks = "GwCql_" + uuid.uuid4().hex[:8]
    problems = []
    guarded(problems, "system_add_keyspace through the gateway",
            lambda: g.system_add_keyspace(base.schema(ks, args.rf)))
    guarded(problems, "set_keyspace", lambda: g.set_keyspace(ks))
    if not problems:
        problems += layout_check(session, ks)
    ok = report(f"schema and 4.x layout (keyspace {ks}, RF {args.rf})", problems)
    if args.down:
        return 0 if base.quorum_check(g) and ok else 1
    ts0 = int(time.time() * 1e6)
    k = lambda s: ("g" + s).encode()
    for cf, write in base.WRITES:
        problems = []
        keys = []
        guarded(problems, "writes through the gateway", lambda: keys.extend(write(g, k, ts0)))
        if not problems:
            guarded(problems, "reads", lambda: compare(g, session, ks, cf, keys, problems))
        ok &= report(f"g2c {cf}", problems)
    problems = []
    written = {}
    guarded(problems, "writes through CQL", lambda: written.update(cql_writes(session, ks, ts0)))
    ok &= report("c2g CQL writes", problems)
    for cf, keys in written.items():
        problems = []
        guarded(problems, "reads", lambda: compare(g, session, ks, cf, keys, problems))
        ok &= report(f"c2g {cf}", problems)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
