# pycassa 1.11.2 (Python 2, run by jython) against primed faults: each fault kind is observed
# as the exception it names, through pycassa's own handling (its pool retries timeouts,
# unavailability and dropped connections, then raises MaximumRetryException naming the last
# failure), and pycassa's retry of a single primed TimedOutException is checked in the
# activity record. Any mismatch exits 1.
#
#   jython faults.py HOST:PORT ADMINHOST:ADMINPORT
#
# Owns only this client-side flow; the server is started and stopped by scripts/old-clients.sh.
import json
import sys
import time
import urllib2

import pycassa
from pycassa.pool import ConnectionPool, MaximumRetryException
from pycassa.columnfamily import ColumnFamily
from pycassa.system_manager import SystemManager
from pycassa.cassandra.ttypes import (InvalidRequestException, NotFoundException,
                                      AuthenticationException, AuthorizationException)
from thrift.Thrift import TApplicationException

failures = []
server, admin = sys.argv[1], sys.argv[2]


def check(what, got, want):
    if got == want:
        print("  ok   %s" % what)
    else:
        print("  FAIL %s: got %r, want %r" % (what, got, want))
        failures.append(what)
    sys.stdout.flush()


def call(method, path, body=None):
    data = None if body is None else json.dumps(body)
    req = urllib2.Request("http://%s%s" % (admin, path), data)
    req.get_method = lambda: method
    if data is not None:
        req.add_header("Content-Type", "application/json")
    return json.loads(urllib2.urlopen(req, timeout=30).read())


def prime(**rule):
    call("DELETE", "/faults")
    return call("POST", "/faults", rule)["id"]


def raised(fn):
    """What `fn` raised: the exception class name, with MaximumRetryException's last failure."""
    try:
        fn()
    except MaximumRetryException as e:
        # 'Retried 1 times. Last failure was TimedOutException: ...'
        return "MaximumRetryException(%s)" % str(e).split("Last failure was ")[1].split(":")[0]
    except Exception as e:
        return type(e).__name__
    return "ok"


def pool(**kw):
    return ConnectionPool("Keyspace1", [server], pool_size=1, max_retries=0, timeout=30, **kw)


print("pycassa: primed faults")
cf = ColumnFamily(pool(), "Standard1")
cf.insert("k", {"c": "v"})
read = lambda: cf.get("k")
for kind, want in [("timed_out", "MaximumRetryException(TimedOutException)"),
                   ("unavailable", "MaximumRetryException(UnavailableException)"),
                   ("invalid_request", "InvalidRequestException"),
                   ("application_error", "TApplicationException")]:
    prime(method="get_slice", error=kind)
    check("get_slice: %s" % kind, raised(read), want)
prime(method="get_slice", error="drop_connection")
dropped = raised(read)
check("get_slice: drop_connection (%s: a transport failure)" % dropped,
      dropped.startswith("MaximumRetryException(") and "TimedOut" not in dropped
      and "Unavailable" not in dropped, True)
cf = ColumnFamily(pool(), "Standard1")
prime(method="get_slice", error="delay", delay_ms=300)
started = time.time()
check("get_slice: delay, then the real answer", cf.get("k"), {"c": "v"})
check("get_slice: the delay was waited", time.time() - started >= 0.3, True)

# NotFoundException is declared by get and describe_keyspace; pycassa reads with get_slice
# (an empty row is its own NotFoundException), so it meets the primed one through the schema API.
prime(method="describe_keyspace", error="not_found")
sysm = SystemManager(server)
check("describe_keyspace: not_found", raised(lambda: sysm.get_keyspace_properties("Keyspace1")),
      "NotFoundException")
sysm.close()

for kind, want in [("authentication", "AuthenticationException"),
                   ("authorization", "AuthorizationException")]:
    prime(method="login", error=kind, why="primed")
    # The pool logs in as it opens its connections.
    check("login: %s" % kind,
          raised(lambda: pool(credentials={"username": "u", "password": "p"})), want)

# pycassa's retry: one primed TimedOutException, then the read succeeds on a new connection.
call("DELETE", "/activity")
rule = prime(method="get_slice", times=1, error="timed_out")
retrying = ColumnFamily(ConnectionPool("Keyspace1", [server], pool_size=1, max_retries=3),
                        "Standard1", read_consistency_level=pycassa.ConsistencyLevel.QUORUM)
check("retried read", retrying.get("k"), {"c": "v"})
calls = call("GET", "/activity?method=get_slice")
check("two get_slice calls", [c["outcome"] for c in calls], ["TimedOutException", "ok"])
check("the first named rule %d" % rule, [c["fault"] for c in calls], [rule, None])
check("at QUORUM", [c["consistency_level"] for c in calls], ["QUORUM", "QUORUM"])
call("DELETE", "/faults")

if failures:
    print("pycassa faults: %d FAILED: %s" % (len(failures), ", ".join(failures)))
    sys.exit(1)
print("pycassa faults: OK")
