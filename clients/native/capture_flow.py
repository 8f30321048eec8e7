"""python-driver (PyPI cassandra-driver) for a capture fixture: a short session of what an
application does over the native protocol, small enough to commit as a capture.

Usage: capture_flow.py HOST PORT
Connects (the driver negotiates its protocol version), creates a keyspace and a table,
writes with a prepared statement and a batch (a BATCH statement's text on
protocol v1, which has no BATCH message), reads back, pages, hits an error and drops
the table. The last line is "OK: python-driver <version>".
"""
import sys

from cassandra import ConsistencyLevel, InvalidRequest, __version__ as driver_version
from cassandra.cluster import Cluster, ExecutionProfile, EXEC_PROFILE_DEFAULT
from cassandra.policies import RoundRobinPolicy
from cassandra.query import BatchStatement, SimpleStatement

host, port = sys.argv[1], int(sys.argv[2])
# ONE, not the driver's LOCAL_ONE: 1.2, speaking v1, has no LOCAL_ONE.
profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy(),
                           consistency_level=ConsistencyLevel.ONE)
# No schema or token metadata: the capture keeps to the application's own statements.
c = Cluster([host], port=port, execution_profiles={EXEC_PROFILE_DEFAULT: profile},
            schema_metadata_enabled=False, token_metadata_enabled=False)
s = c.connect()
s.execute("CREATE KEYSPACE cap WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
s.set_keyspace("cap")
s.execute("CREATE TABLE items (p int, c int, v text, PRIMARY KEY (p, c))")
put = s.prepare("INSERT INTO items (p, c, v) VALUES (?, ?, ?)")
for i in range(20):
    s.execute(put, (0, i, "v%d" % i))
if c.protocol_version >= 2:
    b = BatchStatement()
    b.add(put, (1, 1, "a"))
    b.add(SimpleStatement("INSERT INTO items (p, c, v) VALUES (1, 2, 'b')"))
    s.execute(b)
else:
    # v1 (1.2) has no BATCH message: the driver refuses a BatchStatement, a
    # batch is a statement's text.
    s.execute("BEGIN BATCH INSERT INTO items (p, c, v) VALUES (1, 1, 'a'); "
              "INSERT INTO items (p, c, v) VALUES (1, 2, 'b') APPLY BATCH")
get = s.prepare("SELECT c, v, writetime(v) FROM items WHERE p = ?")
assert [r.v for r in s.execute(get, (1,))] == ["a", "b"]
paged = [r.c for r in s.execute(SimpleStatement("SELECT c FROM items WHERE p = 0", fetch_size=7))]
assert paged == list(range(20)), paged
try:
    s.execute("SELECT * FROM nowhere")
    raise AssertionError("a missing table was read")
except InvalidRequest:
    pass
s.execute("DROP TABLE items")
c.shutdown()
print("OK: python-driver %s" % driver_version)
