"""Primed native-protocol faults seen by python-driver (PyPI cassandra-driver).

Usage: faults_flow.py HOST PORT ADMIN_PORT
Rules are primed through the admin surface (POST /faults with "api": "native"); each
check prints "ok: ..." or raises; the last line is "OK: python-driver faults".
The driver's own retry policy decides what a fault becomes: a read timeout the
default RetryPolicy retries (as many replicas answered as were required, no data)
succeeds on the retry, one it does not retry raises ReadTimeout; a write timeout of
a logged batch's batch log is retried, another raises WriteTimeout with its write
type. With FallthroughRetryPolicy every error reaches the application as it came.
"""
import json
import sys
import time
import urllib.request

from cassandra import (ConsistencyLevel, ReadTimeout, Unavailable, WriteTimeout, WriteType)
from cassandra.cluster import (Cluster, ExecutionProfile, EXEC_PROFILE_DEFAULT, NoHostAvailable)
from cassandra.connection import ConnectionException
from cassandra.policies import FallthroughRetryPolicy, RetryPolicy, RoundRobinPolicy
from cassandra.protocol import (IsBootstrappingErrorMessage, OverloadedErrorMessage, ServerError)
from cassandra.query import BatchStatement, BatchType, SimpleStatement

host, port, admin_port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ADMIN = "http://%s:%d" % (host, admin_port)


def admin(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(ADMIN + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        text = r.read().decode()
        return json.loads(text) if text.strip() else None


def prime(**rule):
    rule.setdefault("api", "native")
    return admin("POST", "/faults", rule)["id"]


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok:", what)


def raises(kind, f):
    try:
        f()
    except kind as e:
        return e
    raise AssertionError("expected %s" % kind.__name__)


def cluster(version):
    profiles = {
        EXEC_PROFILE_DEFAULT: ExecutionProfile(load_balancing_policy=RoundRobinPolicy(),
                                               retry_policy=RetryPolicy()),
        "fallthrough": ExecutionProfile(load_balancing_policy=RoundRobinPolicy(),
                                        retry_policy=FallthroughRetryPolicy()),
    }
    return Cluster([host], port=port, protocol_version=version, execution_profiles=profiles)


setup = cluster(4)
s = setup.connect()
s.execute("CREATE KEYSPACE IF NOT EXISTS pf WITH replication = "
          "{'class': 'SimpleStrategy', 'replication_factor': 1}")
s.execute("CREATE TABLE IF NOT EXISTS pf.users (id int PRIMARY KEY, name text)")
s.execute("INSERT INTO pf.users (id, name) VALUES (1, 'ann')")
setup.shutdown()
admin("DELETE", "/faults")
admin("DELETE", "/activity")

SELECT = "SELECT name FROM pf.users WHERE id = 1"
quorum = lambda q: SimpleStatement(q, consistency_level=ConsistencyLevel.QUORUM)

# Every protocol version the driver speaks with this server: the timeouts as its own exceptions.
for version in (1, 2, 3, 4):
    c = cluster(version)
    s = c.connect()
    rule = prime(cql=r"FROM pf\.users", error="read_timeout", times=1)
    e = raises(ReadTimeout, lambda: s.execute(quorum(SELECT)))
    check(e.consistency == ConsistencyLevel.QUORUM and e.required_responses == 1
          and e.received_responses == 0 and not e.data_retrieved,
          "v%d: read_timeout is ReadTimeout at QUORUM, 0 of 1, no data" % version)
    check(s.execute(SELECT).one().name == "ann", "v%d: times 1: the next SELECT reads" % version)
    prime(cql=r"INSERT INTO pf\.users", error="write_timeout", write_type="CAS",
          received=1, block_for=2, times=1)
    e = raises(WriteTimeout, lambda: s.execute("INSERT INTO pf.users (id, name) VALUES (2, 'bo')"))
    want = WriteType.SIMPLE if version == 1 else WriteType.CAS
    check(e.write_type == want and e.received_responses == 1 and e.required_responses == 2,
          "v%d: write_timeout is WriteTimeout, write type %s, 1 of 2"
          % (version, WriteType.value_to_name[want]))
    rules = {r["id"]: r for r in admin("GET", "/faults")}
    check(rules[rule]["hits"] == 1, "v%d: the read rule fired once" % version)
    admin("DELETE", "/faults")
    c.shutdown()

c = cluster(4)
s = c.connect()

# The default RetryPolicy retries a read timeout whose replicas all answered without the data.
rule = prime(cql=r"^SELECT name FROM pf\.users", error="read_timeout", received=1, block_for=1,
             data_present=False, times=1)
check(s.execute(quorum(SELECT)).one().name == "ann",
      "RetryPolicy retries read_timeout (1 of 1, no data) and the retry reads")
calls = admin("GET", "/activity?api=native&method=QUERY&keyspace=pf")
mine = [a for a in calls if a["cql"] == SELECT][-2:]
check([a["outcome"] for a in mine] == ["READ_TIMEOUT", "ok"] and mine[0]["fault"] == rule
      and mine[0]["consistency_level"] == "QUORUM" and mine[0]["kind"] == "SELECT",
      "GET /activity lists the timed-out call (rule %d) and its retry" % rule)

# ... and a write timeout of a logged batch's batch log; another write type is not retried.
prime(method="BATCH", error="write_timeout", write_type="BATCH_LOG", times=1)
b = BatchStatement(batch_type=BatchType.LOGGED)
b.add("INSERT INTO pf.users (id, name) VALUES (3, 'cy')")
s.execute(b)
check(s.execute("SELECT name FROM pf.users WHERE id = 3").one().name == "cy",
      "RetryPolicy retries write_timeout BATCH_LOG and the batch lands")
prime(method="BATCH", error="write_timeout", times=1)
e = raises(WriteTimeout, lambda: s.execute(b))
check(e.write_type == WriteType.BATCH, "a logged BATCH times out as write type BATCH")

# Prepared statements match by their text.
ps = s.prepare("SELECT name FROM pf.users WHERE id = ?")
prime(method="EXECUTE", cql=r"WHERE id = \?", error="read_timeout", times=1)
raises(ReadTimeout, lambda: s.execute(ps, [1]))
check(s.execute(ps, [1]).one().name == "ann", "an EXECUTE matches by the prepared text")

# Errors as they come, with FallthroughRetryPolicy.
ft = dict(execution_profile="fallthrough")
prime(cql=r"pf\.users", error="unavailable", block_for=3, alive=1, times=1)
e = raises(Unavailable, lambda: s.execute(quorum(SELECT), **ft))
check(e.required_replicas == 3 and e.alive_replicas == 1 and e.consistency == ConsistencyLevel.QUORUM,
      "unavailable is Unavailable, 3 required, 1 alive")
prime(cql=r"pf\.users", error="unavailable", times=1)
e = raises(NoHostAvailable, lambda: s.execute(SELECT))
check(any(isinstance(x, Unavailable) for x in e.errors.values()),
      "RetryPolicy tries the next host on unavailable: none is left")
for kind, cls in (("overloaded", OverloadedErrorMessage),
                  ("is_bootstrapping", IsBootstrappingErrorMessage),
                  ("server_error", ServerError)):
    prime(cql=r"pf\.users", error=kind, why="primed " + kind, times=1)
    e = raises(cls, lambda: s.execute(SELECT, **ft))
    check("primed " + kind in str(e), "%s is %s" % (kind, cls.__name__))

prime(cql=r"pf\.users", error="delay", delay_ms=300, times=1)
started = time.time()
check(s.execute(SELECT).one().name == "ann" and time.time() - started >= 0.3,
      "delay: the answer comes after 300 ms")

prime(cql=r"pf\.users", error="drop_connection", times=1)
raises(ConnectionException, lambda: s.execute(SELECT, **ft))
check(True, "drop_connection closes the connection (ConnectionShutdown)")
deadline = time.time() + 20
while True:
    try:
        check(s.execute(SELECT).one().name == "ann", "the driver reconnects and reads")
        break
    except NoHostAvailable:
        if time.time() > deadline:
            raise
        time.sleep(0.2)
closed = [a for a in admin("GET", "/activity?api=native") if a["outcome"] == "connection_closed"]
check(len(closed) == 1, "GET /activity shows the dropped call")

metrics = urllib.request.urlopen(ADMIN + "/metrics", timeout=10).read().decode()
line = next(l for l in metrics.splitlines()
            if l.startswith('supercolumn_native_request_errors_total{opcode="QUERY",kind="SELECT"}'))
check(float(line.split()[-1]) >= 8, "GET /metrics counts native errors per opcode and kind: " + line)
admin("DELETE", "/faults")
c.shutdown()
print("OK: python-driver faults")
