"""Two of three cluster nodes stopped (SIGSTOP) under QUORUM load, through a
gateway's Thrift and native ports and, side by side for comparison, straight
to the cluster's own Thrift and native ports (see scripts/gateway-hung-check.sh,
which starts the gateway and runs this).

Four loaders run at once, each writing its own keys at QUORUM and reading back
keys it wrote: gw-thrift (19.x Thrift to the gateway), gw-native
(python-driver to the gateway's native port, its default RetryPolicy),
direct-thrift (the cluster's Thrift on the first host) and direct-native
(python-driver to the cluster's hosts, token aware, its default RetryPolicy).
A cluster without Thrift (4.0+: --cluster-thrift "") has no direct-thrift
(nor direct-pycassa): its native loader is the direct side.
After --before seconds the --stop pids get SIGSTOP, after --hold more SIGCONT,
then the load runs --after seconds more.

Every call is recorded (loader, operation, start, latency, outcome, the
driver's retries). Checks, each PASS or FAIL:
  kinds      every gateway failure is Unavailable or the timeout of its
             operation's kind (native WriteTimeout/ReadTimeout, Thrift
             TimedOutException), or the cluster's own failure of that kind
             (native WriteFailure/ReadFailure, v4); never a client-side timeout, a dropped
             connection or an internal error
  latency    every gateway failure is answered within the cluster's timeout
             for its kind plus a tenth (per attempt the driver made)
  recovery   after SIGCONT every gateway loader's calls succeed again within
             5 s (the last failure ends before then), as the direct ones do
  lost       every write acknowledged through any loader reads back with its
             value at QUORUM from the cluster (direct native), after the run
The direct loaders' figures are printed beside (the cluster's own answers),
and every call goes to --events as JSON lines. With --pycassa (a jython
command) two more loaders run pycassa 1.11.2 with its pool's own retries
(clients/pycassa/hung_load.py): gw-pycassa and direct-pycassa; their
failures are MaximumRetryException naming the last failure's kind, within
the bound per attempt.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid

from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from cassandra19 import Cassandra
from cassandra19.ttypes import (
    CfDef,
    Column,
    ColumnParent,
    ColumnPath,
    ConsistencyLevel,
    KsDef,
)

from cassandra import ConsistencyLevel as CL
from cassandra.cluster import Cluster, NoHostAvailable
from cassandra.policies import RetryPolicy

CLIENT_TIMEOUT = 12.0  # above every bound: the server's answer is what is measured
CF = "Load"


def thrift_connect(addr, ks=None):
    host, port = addr.rsplit(":", 1)
    sock = TSocket.TSocket(host, int(port))
    sock.setTimeout(int(CLIENT_TIMEOUT * 1000))
    transport = TTransport.TFramedTransport(sock)
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocolAccelerated(transport))
    transport.open()
    if ks:
        client.set_keyspace(ks)
    return client, transport


class RecordingRetry(RetryPolicy):
    """python-driver's default policy, noting on each statement what it was
    asked to decide on: the driver records the error of a request it sends
    to the next host only after scheduling that retry, so a NoHostAvailable
    can come back without it."""

    def _seen(self, query, what, decision):
        query.__dict__.setdefault("seen", []).append(what)
        return decision

    def on_read_timeout(self, query, *a, **k):
        return self._seen(query, "ReadTimeout", super().on_read_timeout(query, *a, **k))

    def on_write_timeout(self, query, *a, **k):
        return self._seen(query, "WriteTimeout", super().on_write_timeout(query, *a, **k))

    def on_unavailable(self, query, *a, **k):
        return self._seen(query, "Unavailable", super().on_unavailable(query, *a, **k))

    def on_request_error(self, query, consistency, error, retry_num):
        decision = super().on_request_error(query, consistency, error, retry_num)
        return self._seen(query, type(error).__name__, decision)


def native_kind(exc, bound):
    """The failure's kind; a NoHostAvailable after the default policy's
    next-host retry (of an Unavailable) names what was retried."""
    if isinstance(exc, NoHostAvailable):
        inner = {type(e).__name__ for e in exc.errors.values()}
        if not inner and getattr(bound, "seen", None):
            inner = {bound.seen[-1]}
        if len(inner) == 1:
            return "NoHostAvailable(%s)" % inner.pop()
    return type(exc).__name__


class Loader(threading.Thread):
    def __init__(self, name, run, t0, stop_evt, events, lock):
        super().__init__(daemon=True)
        self.name_ = name
        self.run_ = run
        self.t0 = t0
        self.stop_evt = stop_evt
        self.events = events
        self.lock = lock
        self.acked = {}

    def record(self, op, start, kind, retries=0, key=None, msg=None):
        ev = {"loader": self.name_, "op": op, "t": round(start - self.t0, 3),
              "ms": round((time.time() - start) * 1000, 1), "kind": kind, "retries": retries}
        if key is not None:
            ev["key"] = key
        if msg and kind != "ok":
            ev["msg"] = msg
        with self.lock:
            self.events.append(ev)

    def run(self):
        self.run_(self)


def thrift_loader(addr, ks, prefix):
    def run(ld):
        client = transport = None
        n, last = 0, None
        while not ld.stop_evt.is_set():
            if client is None:
                try:
                    client, transport = thrift_connect(addr, ks)
                except Exception as exc:  # noqa: BLE001 - recorded, retried
                    ld.record("connect", time.time(), type(exc).__name__, msg=str(exc))
                    time.sleep(0.2)
                    continue
            n += 1
            key = "%s-%d" % (prefix, n)
            for op in ("write", "read"):
                if op == "read" and last is None:
                    break
                start = time.time()
                try:
                    if op == "write":
                        value = ("v-" + key).encode()
                        client.insert(key.encode(), ColumnParent(CF),
                                      Column(name=b"c", value=value, timestamp=int(start * 1e6)),
                                      ConsistencyLevel.QUORUM)
                        ld.acked[key] = value
                        last = key
                        ld.record(op, start, "ok", key=key)
                    else:
                        got = client.get(last.encode(), ColumnPath(CF, column=b"c"),
                                         ConsistencyLevel.QUORUM)
                        right = got.column.value == ld.acked[last]
                        ld.record(op, start, "ok" if right else "wrong-value")
                except Exception as exc:  # noqa: BLE001 - every failure is recorded by kind
                    kind = type(exc).__name__
                    ld.record(op, start, kind, key=key if op == "write" else None, msg=str(exc))
                    if kind not in ("TimedOutException", "UnavailableException"):
                        try:
                            transport.close()
                        except Exception:  # noqa: BLE001
                            pass
                        client = None
                        break
    return run


def native_loader(session, ks, prefix):
    ins = session.prepare('INSERT INTO "%s"."%s" (key, column1, value) VALUES (?, ?, ?)' % (ks, CF))
    ins.consistency_level = CL.QUORUM
    sel = session.prepare('SELECT value FROM "%s"."%s" WHERE key = ? AND column1 = ?' % (ks, CF))
    sel.consistency_level = CL.QUORUM

    def run(ld):
        n, last = 0, None
        while not ld.stop_evt.is_set():
            n += 1
            key = "%s-%d" % (prefix, n)
            for op in ("write", "read"):
                if op == "read" and last is None:
                    break
                start = time.time()
                if op == "write":
                    value = ("v-" + key).encode()
                    bound = ins.bind((key.encode(), "c", value))
                else:
                    bound = sel.bind((last.encode(), "c"))
                fut = session.execute_async(bound, timeout=CLIENT_TIMEOUT)
                try:
                    rows = list(fut.result())
                except Exception as exc:  # noqa: BLE001 - every failure is recorded by kind
                    ld.record(op, start, native_kind(exc, bound), retries_of(fut),
                              key=key if op == "write" else None, msg=str(exc)[:300])
                    continue
                if op == "write":
                    ld.acked[key] = value
                    last = key
                    ld.record(op, start, "ok", retries_of(fut), key=key)
                else:
                    right = len(rows) == 1 and rows[0].value == ld.acked[last]
                    ld.record(op, start, "ok" if right else "wrong-value", retries_of(fut))
    return run


def retries_of(fut):
    """The retries python-driver's retry policy decided (sent or not: one to a
    next host that does not exist ends the call)."""
    return fut._query_retries


def native_session(hosts, port):
    """python-driver with its defaults (token-aware balancing, RetryPolicy)."""
    cluster = Cluster(hosts, port=port, protocol_version=4, connect_timeout=5,
                      default_retry_policy=RecordingRetry())
    return cluster, cluster.connect()


ALLOWED = {
    ("native", "write"): {"Unavailable", "WriteTimeout", "NoHostAvailable(Unavailable)",
                          "WriteFailure", "NoHostAvailable(WriteFailure)"},
    ("native", "read"): {"Unavailable", "ReadTimeout", "NoHostAvailable(Unavailable)",
                         "ReadFailure", "NoHostAvailable(ReadFailure)"},
    ("thrift", "write"): {"UnavailableException", "TimedOutException"},
    ("thrift", "read"): {"UnavailableException", "TimedOutException"},
    ("pycassa", "write"): {"MaximumRetryException(TimedOutException)",
                           "MaximumRetryException(UnavailableException)"},
    ("pycassa", "read"): {"MaximumRetryException(TimedOutException)",
                          "MaximumRetryException(UnavailableException)"},
}


def side_of(loader):
    return loader.split("-", 1)[1]


def attempts(e):
    """The requests a call made: python-driver counts its retries beside the
    first; pycassa's pool notifies every failed attempt, the last included."""
    if side_of(e["loader"]) == "pycassa":
        return max(e.get("retries", 0), 1)
    return 1 + e.get("retries", 0)


def summarize(events, loaders, t_stop, t_cont, timeouts, recovery_s):
    failures = [e for e in events if e["kind"] != "ok"]
    ok = True
    print("\n%-14s %7s %7s" % ("loader", "calls", "ok"))
    for name in loaders:
        mine = [e for e in events if e["loader"] == name]
        print("%-14s %7d %7d" % (name, len(mine), sum(e["kind"] == "ok" for e in mine)))
    print("\nfailures: loader op kind: count, first and last start after SIGSTOP (s), "
          "latency min/median/max (ms), retries")
    for name in loaders:
        by = {}
        for e in failures:
            if e["loader"] == name:
                by.setdefault((e["op"], e["kind"]), []).append(e)
        for (op, kind), es in sorted(by.items()):
            ms = sorted(e["ms"] for e in es)
            print("  %-14s %-5s %-44s %6d  %+6.1f %+6.1f  %6.0f %6.0f %6.0f  %s"
                  % (name, op, kind, len(es), min(e["t"] for e in es) - t_stop,
                     max(e["t"] for e in es) - t_stop, ms[0], ms[len(ms) // 2], ms[-1],
                     sorted({e.get("retries", 0) for e in es})))

    print("\nrecovery after SIGCONT (s): last failure ends, first success starts, "
          "calls ok in the 5 s after")
    for name in loaders:
        mine = [e for e in events if e["loader"] == name]
        after = [e for e in mine if e["t"] + e["ms"] / 1000 > t_cont]
        fail_ends = [e["t"] + e["ms"] / 1000 - t_cont for e in after if e["kind"] != "ok"]
        oks = [e["t"] - t_cont for e in after if e["kind"] == "ok" and e["t"] >= t_cont]
        last = max(fail_ends) if fail_ends else 0.0
        first = min(oks) if oks else float("inf")
        window = [e for e in after if e["t"] >= t_cont + recovery_s]
        print("%-14s last failure ends %+.2f, first success %+.2f, %d calls after +%ds all ok: %s"
              % (name, last, first, len(window), recovery_s,
                 all(e["kind"] == "ok" for e in window)))
        if name.startswith("gw-"):
            good = last <= recovery_s and bool(window) and all(e["kind"] == "ok" for e in window)
            ok &= verdict("recovery %s within %d s" % (name, recovery_s), good,
                          "last failure ends %.2f s after SIGCONT" % last)

    bad_kind, late = [], []
    for e in failures:
        if e["op"] == "connect":
            if e["loader"].startswith("gw-"):
                bad_kind.append(e)
            continue
        if e["loader"].startswith("gw-"):
            if e["kind"] not in ALLOWED[(side_of(e["loader"]), e["op"])]:
                bad_kind.append(e)
            bound = timeouts[e["op"]] * 1.1 * attempts(e)
            if e["ms"] > bound:
                late.append(e)
    ok &= verdict("kinds: every gateway failure Unavailable or its kind's timeout", not bad_kind,
                  "; ".join("%s %s %s %.0f ms at %+.1f (%s)" % (e["loader"], e["op"], e["kind"], e["ms"],
                                                               e["t"] - t_stop, e.get("msg", ""))
                            for e in bad_kind[:10]))
    ok &= verdict("latency: every gateway failure within the cluster's timeout + 10% per attempt",
                  not late, "; ".join("%s %s %s %.0f ms (%d attempts)" % (
                      e["loader"], e["op"], e["kind"], e["ms"], attempts(e)) for e in late[:10]))
    return ok


def verdict(what, good, detail=""):
    print("%s %s%s" % ("PASS" if good else "FAIL", what, "" if good or not detail else ": " + detail))
    return good


def lost_check(session, ks, acked):
    sel = session.prepare('SELECT value FROM "%s"."%s" WHERE key = ? AND column1 = ?' % (ks, CF))
    sel.consistency_level = CL.QUORUM
    lost = []
    for key, value in acked.items():
        for attempt in range(3):
            try:
                rows = list(session.execute(sel, (key.encode(), "c"), timeout=CLIENT_TIMEOUT))
                break
            except Exception:  # noqa: BLE001 - the cluster is still settling: ask again
                if attempt == 2:
                    raise
                time.sleep(1)
        if len(rows) != 1 or rows[0].value != value:
            lost.append(key)
    return lost


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gateway-thrift", required=True)
    ap.add_argument("--gateway-native", required=True)
    ap.add_argument("--cluster-thrift", required=True,
                    help="HOST:PORT, or empty for a cluster without Thrift (4.0+)")
    ap.add_argument("--cluster-hosts", required=True, help="comma-separated, native port 9042")
    ap.add_argument("--stop", required=True, help="pids to SIGSTOP, space-separated")
    ap.add_argument("--before", type=float, default=10)
    ap.add_argument("--hold", type=float, default=30)
    ap.add_argument("--after", type=float, default=20)
    ap.add_argument("--threads", type=int, default=2, help="per loader")
    ap.add_argument("--write-timeout-ms", type=float, default=2000)
    ap.add_argument("--read-timeout-ms", type=float, default=5000)
    ap.add_argument("--recovery-s", type=int, default=5)
    ap.add_argument("--events", default="/tmp/gateway-hung-events.jsonl")
    ap.add_argument("--pycassa", default=None,
                    help="a command running jython with pycassa importable: adds the loaders "
                         "gw-pycassa and direct-pycassa (clients/pycassa/hung_load.py)")
    args = ap.parse_args()
    pids = [int(p) for p in args.stop.split()]
    ks = "Hung_" + uuid.uuid4().hex[:8]

    # The keyspace is made through the gateway (RF 3), as an application would.
    g, gt = thrift_connect(args.gateway_thrift)
    g.system_add_keyspace(KsDef(
        name=ks, strategy_class="org.apache.cassandra.locator.SimpleStrategy",
        strategy_options={"replication_factor": "3"}, durable_writes=True,
        cf_defs=[CfDef(keyspace=ks, name=CF, comparator_type="UTF8Type",
                       default_validation_class="BytesType", key_validation_class="BytesType")]))
    gt.close()
    print("keyspace %s (RF 3) made through the gateway" % ks)

    gh, gp = args.gateway_native.rsplit(":", 1)
    gw_cluster, gw_session = native_session([gh], int(gp))
    d_cluster, d_session = native_session(args.cluster_hosts.split(","), 9042)

    py_out = args.events + ".pycassa"
    pycassa = None
    if args.pycassa:
        # Started first and waited for: jython takes seconds to start.
        if os.path.exists(py_out):
            os.remove(py_out)
        here = os.path.dirname(os.path.abspath(__file__))
        # Its stderr to a file: jython's threads complain when it is stopped.
        py_err = open(py_out + ".err", "w")
        targets = ["gw-pycassa=" + args.gateway_thrift]
        if args.cluster_thrift:
            targets.append("direct-pycassa=" + args.cluster_thrift)
        pycassa = subprocess.Popen(args.pycassa.split() + [
            os.path.join(here, "..", "clients", "pycassa", "hung_load.py"), ks, CF, "3600",
            py_out] + targets, stderr=py_err)
        for _ in range(1200):
            if os.path.exists(py_out) and os.path.getsize(py_out) > 0:
                break
            if pycassa.poll() is not None:
                sys.exit("the pycassa load exited (%d): see %s.err" % (pycassa.returncode, py_out))
            time.sleep(0.1)
    events, lock, stop_evt = [], threading.Lock(), threading.Event()
    t0 = time.time()
    threads = []
    for i in range(args.threads):
        for name, run in (
            ("gw-thrift", thrift_loader(args.gateway_thrift, ks, "gt%d" % i)),
            ("gw-native", native_loader(gw_session, ks, "gn%d" % i)),
            ("direct-thrift", thrift_loader(args.cluster_thrift, ks, "dt%d" % i)),
            ("direct-native", native_loader(d_session, ks, "dn%d" % i)),
        ):
            if args.cluster_thrift or name != "direct-thrift":
                threads.append(Loader(name, run, t0, stop_evt, events, lock))
    for t in threads:
        t.start()
    time.sleep(args.before)
    t_stop = time.time() - t0
    for p in pids:
        os.kill(p, signal.SIGSTOP)
    print("SIGSTOP %s at +%.1f s" % (args.stop, t_stop))
    try:
        time.sleep(args.hold)
    finally:
        for p in pids:
            os.kill(p, signal.SIGCONT)
    t_cont = time.time() - t0
    print("SIGCONT at +%.1f s" % t_cont)
    time.sleep(args.after)
    stop_evt.set()
    if pycassa:
        pycassa.terminate()
        pycassa.wait()
    for t in threads:
        t.join(CLIENT_TIMEOUT * 2)
    acked = {}
    for t in threads:
        acked.update(t.acked)
    if pycassa:
        with open(py_out) as f:
            for line in f:
                try:
                    e = json.loads(line)
                except ValueError:
                    continue  # the last line, cut by terminate
                e["t"] = round(e.pop("ts") - t0, 3)
                if e["t"] < 0:
                    continue  # before the others started
                events.append(e)
                if e["kind"] == "ok" and e["op"] == "write":
                    acked[e["key"]] = ("v-" + e["key"]).encode()

    with open(args.events, "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    names = ["gw-thrift", "gw-native", "direct-thrift", "direct-native"]
    if pycassa:
        names += ["gw-pycassa", "direct-pycassa"]
    if not args.cluster_thrift:
        names = [n for n in names if n not in ("direct-thrift", "direct-pycassa")]
    timeouts = {"write": args.write_timeout_ms, "read": args.read_timeout_ms}
    ok = summarize(events, names, t_stop, t_cont, timeouts, args.recovery_s)

    lost = lost_check(d_session, ks, acked)
    ok &= verdict("lost: %d acknowledged writes read back at QUORUM, %d lost" % (len(acked), len(lost)),
                  not lost, " ".join(lost[:20]))
    print("events: %s" % args.events)
    gw_cluster.shutdown()
    d_cluster.shutdown()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
