# pycassa 1.11.2 (Python 2, run by jython) as the load of scripts/gateway_hung_check.py: one
# thread per NAME=HOST:PORT given, each with its own ConnectionPool (one connection, pycassa's
# default retries: a TimedOutException, an UnavailableException or a dropped connection is
# retried on a new connection up to max_retries=5 times, then MaximumRetryException), writing
# its own keys at QUORUM and reading back the last one written after each write, until SECONDS have passed. Every call goes to
# OUT as a JSON line (loader, op, epoch start, ms, kind, the retries pycassa made, the key of
# a write); the socket timeout is 12 s, above the cluster's, so that its answers are measured.
#
#   jython hung_load.py KEYSPACE CF SECONDS OUT NAME=HOST:PORT...
#
# Owns only this client-side load; the servers are the caller's.
import json
import sys
import threading
import time

from pycassa.pool import ConnectionPool, MaximumRetryException, PoolListener
from pycassa.columnfamily import ColumnFamily
from pycassa.cassandra.ttypes import ConsistencyLevel

keyspace, cf_name, seconds, out_path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
targets = [a.split("=", 1) for a in sys.argv[5:]]
lock = threading.Lock()
out = open(out_path, "w")
retries = threading.local()


class Counting(PoolListener):
    """Counts the failures pycassa's pool retried, in the calling thread."""

    def connection_failed(self, dic):
        retries.n = getattr(retries, "n", 0) + 1


def kind_of(exc):
    if isinstance(exc, MaximumRetryException):
        # "Retried N times. Last failure was ExcName: ..."
        msg = str(exc)
        last = msg.split("Last failure was ", 1)[-1].split(":", 1)[0].strip()
        return "MaximumRetryException(%s)" % last
    return type(exc).__name__


def record(name, op, start, kind, key=None):
    ev = {"loader": name, "op": op, "ts": start, "ms": round((time.time() - start) * 1000, 1),
          "kind": kind, "retries": getattr(retries, "n", 0)}
    if key is not None:
        ev["key"] = key
    with lock:
        out.write(json.dumps(ev) + "\n")
        out.flush()


def load(name, server):
    end = time.time() + seconds
    pool = ConnectionPool(keyspace, [server], pool_size=1, timeout=12, prefill=False,
                          listeners=[Counting()])
    cf = ColumnFamily(pool, cf_name)
    cf.read_consistency_level = ConsistencyLevel.QUORUM
    cf.write_consistency_level = ConsistencyLevel.QUORUM
    n = 0
    acked = None  # the last key written: read back after each write, failed or not
    while time.time() < end:
        n += 1
        key = "%s-%d" % (name, n)
        retries.n = 0
        start = time.time()
        try:
            cf.insert(key, {"c": "v-" + key})
            record(name, "write", start, "ok", key)
            acked = key
        except Exception as exc:
            record(name, "write", start, kind_of(exc), key)
        if acked is None:
            continue
        retries.n = 0
        start = time.time()
        try:
            got = cf.get(acked, columns=["c"])
            record(name, "read", start, "ok" if got.get("c") == "v-" + acked else "wrong-value")
        except Exception as exc:
            record(name, "read", start, kind_of(exc))


threads = [threading.Thread(target=load, args=(name, server)) for name, server in targets]
for t in threads:
    t.setDaemon(True)
    t.start()
for t in threads:
    t.join()
out.close()
