"""A gateway's cluster failing without answering, seen by python-driver (PyPI cassandra-driver).

Usage: gateway_failures_flow.py HOST GATEWAY_NATIVE_PORT BACKEND_PID
The gateway's backend (a supercolumn serving the native protocol, its process BACKEND_PID) is
paused (SIGSTOP), then killed. A paused cluster answers nothing within the gateway URL's
timeout_ms: the driver reads ReadTimeout and WriteTimeout (0 of the level's replicas, write type
SIMPLE), which its retry policy decides on (the default RetryPolicy rethrows both: no replica
answered); a dead one is Unavailable (0 alive), which the default policy tries once on the next
host. Never a ServerError. Each check prints "ok: ..." or raises; the last line is
"OK: python-driver through a failing gateway".
"""
import os
import signal
import sys
import time

from cassandra import ConsistencyLevel, ReadTimeout, Unavailable, WriteTimeout, WriteType
from cassandra.cluster import Cluster, ExecutionProfile, EXEC_PROFILE_DEFAULT, NoHostAvailable
from cassandra.policies import FallthroughRetryPolicy, RetryPolicy, RoundRobinPolicy
from cassandra.protocol import ServerError
from cassandra.query import SimpleStatement

host, port, backend_pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

SELECT = "SELECT * FROM \"Keyspace1\".\"Standard1\" WHERE key = 0x6b"
INSERT = ("INSERT INTO \"Keyspace1\".\"Standard1\" (key, column1, value) "
          "VALUES (0x6b, 0x63, 0x76)")


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok:", what)


def raises(kinds, f):
    try:
        f()
    except kinds as e:
        return e
    raise AssertionError("expected %s" % (kinds,))


def cluster(version):
    profiles = {
        EXEC_PROFILE_DEFAULT: ExecutionProfile(load_balancing_policy=RoundRobinPolicy(),
                                               retry_policy=RetryPolicy(), request_timeout=20),
        "fallthrough": ExecutionProfile(load_balancing_policy=RoundRobinPolicy(),
                                        retry_policy=FallthroughRetryPolicy(),
                                        request_timeout=20),
    }
    return Cluster([host], port=port, protocol_version=version, execution_profiles=profiles)


quorum = lambda q: SimpleStatement(q, consistency_level=ConsistencyLevel.QUORUM)
one = lambda q: SimpleStatement(q, consistency_level=ConsistencyLevel.ONE)
sessions = {}
for version in (1, 2, 3, 4):
    s = cluster(version).connect()
    s.execute(INSERT)
    check(len(list(s.execute(quorum(SELECT)))) == 1, "v%d: the gateway serves" % version)
    sessions[version] = s

def stopped(pid):
    """Waits until /proc shows every thread of `pid` stopped (state T): kill(2) returns once
    SIGSTOP is sent, and on a loaded machine a thread may first answer one more request."""
    deadline = time.monotonic() + 10
    def state(tid):
        with open("/proc/%d/task/%s/stat" % (pid, tid)) as f:
            stat = f.read()
        return stat[stat.rindex(")") + 2]
    while not all(state(tid) == "T" for tid in os.listdir("/proc/%d/task" % pid)):
        if time.monotonic() > deadline:
            raise AssertionError("process %d did not stop" % pid)
        time.sleep(0.005)


os.kill(backend_pid, signal.SIGSTOP)
try:
    stopped(backend_pid)
    for version, s in sessions.items():
        e = raises(ReadTimeout, lambda: s.execute(quorum(SELECT), execution_profile="fallthrough"))
        check(e.consistency == ConsistencyLevel.QUORUM and e.received_responses == 0
              and e.required_responses == 1 and not e.data_retrieved,
              "v%d: paused: a read is ReadTimeout at QUORUM, 0 of 1, no data" % version)
        e = raises(WriteTimeout, lambda: s.execute(INSERT, execution_profile="fallthrough"))
        check(e.write_type == WriteType.SIMPLE and e.received_responses == 0,
              "v%d: paused: a write is WriteTimeout, SIMPLE, 0 answered" % version)
        raises(ReadTimeout, lambda: s.execute(quorum(SELECT)))
        check(True, "v%d: paused: RetryPolicy rethrows the read timeout (no replica answered)"
              % version)
finally:
    os.kill(backend_pid, signal.SIGCONT)

os.kill(backend_pid, signal.SIGKILL)
for version, s in sessions.items():
    deadline = time.time() + 30
    while True:
        try:
            s.execute(one(SELECT), execution_profile="fallthrough")
            raise AssertionError("v%d: a read served with the cluster dead" % version)
        except Unavailable as e:
            check(e.consistency == ConsistencyLevel.ONE and e.required_replicas == 1
                  and e.alive_replicas == 0,
                  "v%d: dead: a read is Unavailable at ONE, 1 required, 0 alive" % version)
            break
        except ReadTimeout:
            # A request caught on the dying connection.
            if time.time() >= deadline:
                raise AssertionError("v%d: no Unavailable within 30 s" % version)
            time.sleep(0.2)
        except ServerError as e:
            raise AssertionError("v%d: a ServerError: %s" % (version, e))
    e = raises((Unavailable, NoHostAvailable), lambda: s.execute(SELECT))
    if isinstance(e, NoHostAvailable):
        errors = list(e.errors.values())
        check(errors and all(isinstance(x, Unavailable) for x in errors),
              "v%d: dead: RetryPolicy tried the next host after Unavailable" % version)
    else:
        check(True, "v%d: dead: RetryPolicy rethrew Unavailable" % version)
    e = raises((Unavailable, WriteTimeout), lambda: s.execute(INSERT, execution_profile="fallthrough"))
    check(True, "v%d: dead: a write is %s" % (version, type(e).__name__))

for s in sessions.values():
    s.cluster.shutdown()
print("OK: python-driver through a failing gateway")
