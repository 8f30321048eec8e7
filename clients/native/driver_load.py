"""A load from python-driver (PyPI cassandra-driver), for server CPU per call under a driver
rather than `supercolumn stress`: the same rows as `supercolumn stress --api native` (the
compact table Keyspace1.Standard1Cql, five blob columns C0-C4 of 34 bytes, keys of ten digits),
prepared statements, CONCURRENCY requests in flight on the driver's connection.

Usage: driver_load.py HOST PORT insert|read CALLS [CONCURRENCY]
Prints "calls N errors N misses N seconds S"; exits 1 if any call failed.
"""
import sys
import time

from cassandra.cluster import Cluster, EXEC_PROFILE_DEFAULT, ExecutionProfile
from cassandra.concurrent import execute_concurrent_with_args
from cassandra.policies import RoundRobinPolicy

host, port, op, calls = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
concurrency = int(sys.argv[5]) if len(sys.argv) > 5 else 16
if op not in ("insert", "read"):
    sys.exit(f"unknown operation {op!r}: insert or read")

profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy())
cluster = Cluster([host], port=port, execution_profiles={EXEC_PROFILE_DEFAULT: profile})
session = cluster.connect()
columns = [f'"C{i}"' for i in range(5)]
session.execute(
    "CREATE KEYSPACE IF NOT EXISTS \"Keyspace1\" WITH replication = "
    "{'class': 'SimpleStrategy', 'replication_factor': 1}"
)
session.execute(
    'CREATE TABLE IF NOT EXISTS "Keyspace1"."Standard1Cql" (key blob PRIMARY KEY, '
    + ", ".join(f"{c} blob" for c in columns)
    + ") WITH COMPACT STORAGE"
)
keys = [b"%010d" % i for i in range(calls)]
if op == "insert":
    value = b"x" * 34
    statement = session.prepare(
        'INSERT INTO "Keyspace1"."Standard1Cql" (key, '
        + ", ".join(columns)
        + ") VALUES (?, ?, ?, ?, ?, ?)"
    )
    args = [(k, value, value, value, value, value) for k in keys]
else:
    statement = session.prepare(
        "SELECT " + ", ".join(columns) + ' FROM "Keyspace1"."Standard1Cql" WHERE key = ?'
    )
    args = [(k,) for k in keys]

start = time.monotonic()
results = execute_concurrent_with_args(
    session, statement, args, concurrency=concurrency, raise_on_first_error=False
)
seconds = time.monotonic() - start
errors = sum(1 for ok, _ in results if not ok)
misses = 0
if op == "read":
    misses = sum(1 for ok, rows in results if ok and not list(rows))
for ok, err in results:
    if not ok:
        print(f"first error: {err!r}", file=sys.stderr)
        break
cluster.shutdown()
print(f"calls {calls} errors {errors} misses {misses} seconds {seconds:.1f}")
sys.exit(1 if errors else 0)
