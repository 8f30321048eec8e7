#!/usr/bin/env python3
"""Every primed fault kind, observed by the generated Python clients of both API generations as
the exception it names; then the activity record of those calls. Starts its own server through
supercolumn_testing (the binary: $SUPERCOLUMN_BIN or target/release/supercolumn).

Usage: tests/faults.py        (exit 0 when every check passes; one line per check)
"""

import os
import socket
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from supercolumn_testing import Supercolumn  # noqa: E402
from cassandra06 import Cassandra as C06  # noqa: E402
from cassandra06 import ttypes as t06  # noqa: E402
from cassandra19 import Cassandra as C19  # noqa: E402
from cassandra19 import ttypes as t19  # noqa: E402
from thrift.Thrift import TApplicationException  # noqa: E402
from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.transport import TSocket, TTransport  # noqa: E402

failures = []


def check(what, got, want):
    if got == want:
        print("  ok   %s" % what)
    else:
        print("  FAIL %s: got %r, want %r" % (what, got, want))
        failures.append(what)


def connect(module, port, framed):
    sock = TSocket.TSocket("127.0.0.1", port)
    transport = TTransport.TFramedTransport(sock) if framed else TTransport.TBufferedTransport(sock)
    client = module.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    return client, transport


def raised(fn):
    """The name of the exception `fn` raised ('ok' when none; 'closed' for a dropped
    connection), with the `why` of those that have one."""
    try:
        fn()
    except TApplicationException as e:
        return "TApplicationException(%d)" % e.type
    except (TTransport.TTransportException, socket.error, EOFError):
        return "closed"
    except Exception as e:  # the generated exception classes
        why = getattr(e, "why", None)
        return type(e).__name__ + (":" + why if why else "")
    return "ok"


KINDS = [
    ("timed_out", {}, "TimedOutException"),
    ("unavailable", {}, "UnavailableException"),
    ("not_found", {}, "NotFoundException"),
    ("invalid_request", {"why": "primed"}, "InvalidRequestException:primed"),
    ("authorization", {"why": "denied"}, "InvalidRequestException:denied"),
    ("application_error", {}, "TApplicationException(6)"),
]


def generation(sc, name, module, ttypes, framed, get, login):
    print("%s:" % name)
    client, transport = connect(module, sc.port, framed)
    if name == "19.x":
        client.set_keyspace("Keyspace1")
    for kind, extra, want in KINDS:
        sc.clear_faults()
        rule = dict(method="get", error=kind, **extra)
        sc.add_fault(**rule)
        check("%s get: %s" % (name, kind), raised(lambda: get(client)), want)
    for kind, want in [("authentication", "AuthenticationException:no"),
                       ("authorization", "AuthorizationException:no")]:
        sc.clear_faults()
        sc.add_fault(method="login", error=kind, why="no")
        check("%s login: %s" % (name, kind), raised(lambda: login(client, ttypes)), want)
    sc.clear_faults()
    # A dropped connection, then a delay before the real answer (a fresh connection).
    sc.add_fault(method="get", error="drop_connection")
    check("%s get: drop_connection" % name, raised(lambda: get(client)), "closed")
    transport.close()
    sc.clear_faults()
    client, transport = connect(module, sc.port, framed)
    if name == "19.x":
        client.set_keyspace("Keyspace1")
    sc.add_fault(method="get", error="delay", delay_ms=300)
    started = time.time()
    check("%s get: delay, then the real answer" % name, raised(lambda: get(client)),
          "NotFoundException")
    check("%s get: the delay was waited" % name, time.time() - started >= 0.3, True)
    sc.clear_faults()
    check("%s get unprimed" % name, raised(lambda: get(client)), "NotFoundException")
    transport.close()


def main():
    with Supercolumn() as sc:
        sc.clear_activity()
        generation(
            sc, "0.6", C06, t06, False,
            lambda c: c.get("Keyspace1", "k", t06.ColumnPath("Standard1", None, b"c"),
                            t06.ConsistencyLevel.QUORUM),
            lambda c, t: c.login("Keyspace1", t.AuthenticationRequest({})))
        generation(
            sc, "19.x", C19, t19, True,
            lambda c: c.get(b"k", t19.ColumnPath("Standard1", None, b"c"),
                            t19.ConsistencyLevel.QUORUM),
            lambda c, t: c.login(t.AuthenticationRequest({})))
        print("activity:")
        gets = sc.activity(method="get")
        check("every get is recorded", len(gets), 2 * (len(KINDS) + 3))
        check("at QUORUM", sorted(set(g["consistency_level"] for g in gets)), ["QUORUM"])
        check("outcomes name the exceptions",
              [g["outcome"] for g in gets[:3]],
              ["TimedOutException", "UnavailableException", "NotFoundException"])
        check("the rule that fired is named", all(g["fault"] for g in gets[:len(KINDS)]), True)
        check("both generations", sorted(set(g["api"] for g in gets)), ["0.6", "19"])
    if failures:
        print("FAILED: %d check(s): %s" % (len(failures), ", ".join(failures)))
        return 1
    print("OK: every fault kind observed as its exception")
    return 0


if __name__ == "__main__":
    sys.exit(main())
