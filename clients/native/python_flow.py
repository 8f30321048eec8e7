"""python-driver (PyPI cassandra-driver) against supercolumn's native protocol.

Usage: python_flow.py HOST PORT [AUTH_PORT]
Each check prints "ok: ..." or raises; the last line is "OK: python-driver <version>".
AUTH_PORT is a second server with SimpleAuthenticator (user alice / secret).
"""
import sys
import time
import uuid
import decimal
import datetime
import ipaddress

from cassandra import ConsistencyLevel, InvalidRequest, __version__ as driver_version
from cassandra.auth import PlainTextAuthProvider
from cassandra.cluster import Cluster, NoHostAvailable, ExecutionProfile, EXEC_PROFILE_DEFAULT
from cassandra.concurrent import execute_concurrent_with_args
from cassandra.policies import RoundRobinPolicy
from cassandra.query import UNSET_VALUE, BatchStatement, SimpleStatement

host, port = sys.argv[1], int(sys.argv[2])
auth_port = int(sys.argv[3]) if len(sys.argv) > 3 else None


def cluster(**kw):
    profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy())
    return Cluster([host], port=port, execution_profiles={EXEC_PROFILE_DEFAULT: profile}, **kw)


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok:", what)


# Negotiated (the driver starts above v4 and is told to go lower), then each version pinned.
c = cluster()
s = c.connect()
check(c.protocol_version == 4, "negotiated protocol v%d" % c.protocol_version)
c.shutdown()
for v in (1, 2, 3, 4):
    c = cluster(protocol_version=v)
    s = c.connect()
    row = s.execute("SELECT release_version, native_protocol_version FROM system.local").one()
    check(row.native_protocol_version == str(v), "pinned v%d: release %s" % (v, row.release_version))
    c.shutdown()

c = cluster()
s = c.connect()
meta = c.metadata
# Tables defined by storage-conf.xml (Thrift-era column families) appear in the metadata.
check("Keyspace1" in meta.keyspaces and "Standard1" in meta.keyspaces["Keyspace1"].tables,
      "metadata of the storage-conf.xml keyspaces")
for ks in meta.keyspaces.values():
    ks.export_as_string()
check(True, "export_as_string of every keyspace (%d)" % len(meta.keyspaces))

s.execute("CREATE KEYSPACE py WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
s.set_keyspace("py")
s.execute("""CREATE TABLE types (k int PRIMARY KEY, a ascii, b bigint, bl blob, bo boolean,
    de decimal, do double, f float, i inet, t text, ts timestamp, tu timeuuid, u uuid,
    vi varint, l list<int>, st set<text>, m map<text, int>)""")
check("types" in c.metadata.keyspaces["py"].tables, "a table created here is in the metadata")
ins = s.prepare("INSERT INTO types (k, a, b, bl, bo, de, do, f, i, t, ts, tu, u, vi, l, st, m) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
ts = datetime.datetime(2013, 8, 1, 12, 30, 15, 123000)
values = (1, "ascii", 2 ** 40, b"\x00\x01", True, decimal.Decimal("3.14159"), 2.5, 1.5,
          "10.0.0.1", "téxt", ts, uuid.uuid1(), uuid.uuid4(), 10 ** 30, [3, 1, 2],
          {"x", "y"}, {"one": 1, "two": 2})
s.execute(ins, values)
row = s.execute(s.prepare("SELECT * FROM types WHERE k = ?"), (1,)).one()
got = (row.k, row.a, row.b, row.bl, row.bo, row.de, row.do, row.f, row.i, row.t, row.ts,
       row.tu, row.u, row.vi, row.l, set(row.st), dict(row.m))
want = values[:15] + (values[15], values[16])
check(got == want, "prepared statements with every CQL type round-trip")

s.execute("CREATE TABLE wide (p int, c int, v text, PRIMARY KEY (p, c))")
put = s.prepare("INSERT INTO wide (p, c, v) VALUES (?, ?, ?)")
results = execute_concurrent_with_args(s, put, [(0, i, "v%d" % i) for i in range(10000)],
                                        concurrency=100)
check(all(ok for ok, _ in results), "10,000 rows written, 100 at a time")
stmt = SimpleStatement("SELECT c FROM wide WHERE p = 0", fetch_size=1000)
cs = [r.c for r in s.execute(stmt)]
check(cs == list(range(10000)), "paged through 10,000 rows, 1,000 a page")

b = BatchStatement()
b.add(put, (1, 1, "a"))
b.add(SimpleStatement("INSERT INTO wide (p, c, v) VALUES (1, 2, 'b')"))
b.add(put, (1, 3, "c"))
s.execute(b)
check([r.v for r in s.execute("SELECT v FROM wide WHERE p = 1")] == ["a", "b", "c"], "batch")

# v4: a batch over Cassandra 2.2's batch_size_warn_threshold (5 KiB) is applied, with its warning.
big = BatchStatement()
for i in range(60):
    big.add(put, (3, i, "x" * 100))
future = s.execute_async(big)
future.result()
check(bool(future.warnings) and "exceeding specified threshold of 5120" in future.warnings[0],
      "batch-size warning: %s" % (future.warnings or ["none"])[0][:60])

# v4: UNSET_VALUE leaves a column as it is (a None deletes it); in a WHERE clause it is refused.
s.execute("CREATE TABLE unset (k int, c int, a text, b int, m map<text, int>, PRIMARY KEY (k, c))")
s.execute("INSERT INTO unset (k, c, a, b, m) VALUES (1, 1, 'kept', 7, {'x': 1})")
up = s.prepare("UPDATE unset SET a = ?, b = ?, m = m + ? WHERE k = ? AND c = ?")
s.execute(up, (UNSET_VALUE, 8, UNSET_VALUE, 1, 1))
s.execute(s.prepare("INSERT INTO unset (k, c, a, b) VALUES (?, ?, ?, ?)"),
          (1, 1, UNSET_VALUE, UNSET_VALUE))
row = s.execute("SELECT a, b, m FROM unset WHERE k = 1 AND c = 1").one()
check((row.a, row.b, dict(row.m)) == ("kept", 8, {"x": 1}), "UNSET_VALUE leaves columns alone")
try:
    # (the driver itself refuses an unset partition key: it routes by it)
    s.execute(up, ("x", 1, None, 1, UNSET_VALUE))
    raise AssertionError("an unset clustering key was accepted")
except InvalidRequest as e:
    check("Invalid unset value for column c" in str(e), "UNSET_VALUE in WHERE is refused")

r1 = s.execute("INSERT INTO wide (p, c, v) VALUES (2, 1, 'first') IF NOT EXISTS").one()
r2 = s.execute("INSERT INTO wide (p, c, v) VALUES (2, 1, 'second') IF NOT EXISTS").one()
check(r1[0] is True and r2[0] is False and r2.v == "first", "lightweight transactions")

futures = [s.execute_async("SELECT v FROM wide WHERE p = 0 AND c = %d" % i) for i in range(100)]
got = [f.result().one().v for f in futures]
check(got == ["v%d" % i for i in range(100)], "100 concurrent async requests")

# Schema changes made elsewhere reach this driver's metadata through events.
other = cluster()
os_ = other.connect()
os_.execute("CREATE TABLE py.from_elsewhere (k int PRIMARY KEY)")
deadline = time.time() + 20
while time.time() < deadline and "from_elsewhere" not in c.metadata.keyspaces["py"].tables:
    time.sleep(0.2)
check("from_elsewhere" in c.metadata.keyspaces["py"].tables, "schema-change event refreshed metadata")
other.shutdown()

for compression in ("lz4", "snappy"):
    try:
        cc = cluster(compression=compression)
    except Exception as e:  # the codec's module is not installed
        print("skipped: %s compression (%s)" % (compression, e))
        continue
    row = cc.connect().execute("SELECT count(*) FROM py.wide WHERE p = 0").one()
    check(row[0] == 10000, "%s compression" % compression)
    cc.shutdown()
c.shutdown()

if auth_port:
    ac = Cluster([host], port=auth_port, auth_provider=PlainTextAuthProvider("alice", "secret"))
    ac.connect().execute("SELECT * FROM system.local")
    ac.shutdown()
    check(True, "PlainTextAuthProvider login")
    bad = Cluster([host], port=auth_port, auth_provider=PlainTextAuthProvider("alice", "wrong"))
    try:
        bad.connect()
        raise AssertionError("a wrong password connected")
    except NoHostAvailable as e:
        check("Bad credentials" in str(e) or "AuthenticationFailed" in str(e) or "password" in str(e),
              "a wrong password is refused")
    bad.shutdown()

print("OK: python-driver %s" % driver_version)
