#!/usr/bin/env python3
"""Hostile connections against a live server: its peak RSS and what two
well-behaved clients (a Thrift one and a native one, each doing simple
reads) see of latency while hundreds of hostile peers sit on a port.

Phases, each PHASE_SECONDS long, on one server:
  baseline      no hostile peer
  native-early  N native peers, each sending a 9-byte v4 QUERY header that
                announces 16 MB, with no STARTUP (reconnecting when closed)
  native-ready  N native peers, each sending STARTUP then such a header,
                then nothing (reconnecting when closed)
  admin-idle    N admin connections that send nothing (reconnecting)
  admin-post    N anonymous admin POSTs announcing 250 MB and sending their
                body as fast as they can (reconnecting)

Usage: scripts/hostile-connections.py [--binary target/release/supercolumn]
       [--peers 500] [--seconds 10] [--phases baseline,native-ready,...]
Prints one line per phase: peak RSS so far, the server's RSS at the end of
the phase, and the p50/p99/max latency and error count of each good client.
Not a test: figures depend on the machine.
"""

import argparse
import os
import re
import resource
import socket
import struct
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def native_frame(opcode, body, stream=1, version=4):
    return struct.pack(">BBhBI", version, 0, stream, opcode, len(body)) + body


def startup_body():
    def s(t):
        b = t.encode()
        return struct.pack(">H", len(b)) + b
    return struct.pack(">H", 1) + s("CQL_VERSION") + s("3.0.0")


def query_body(q):
    b = q.encode()
    # [long string] query, consistency ONE, no flags (v4).
    return struct.pack(">I", len(b)) + b + struct.pack(">HB", 1, 0)


def read_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return buf


def native_call(sock, opcode, body):
    sock.sendall(native_frame(opcode, body))
    head = read_exact(sock, 9)
    length = struct.unpack(">I", head[5:9])[0]
    read_exact(sock, length)
    return head[4]


def thrift_call(sock, query):
    """A framed execute_cql3_query (API 19.x) and its whole reply."""
    name = b"execute_cql3_query"
    q = query.encode()
    args = (
        b"\x0b\x00\x01" + struct.pack(">i", len(q)) + q  # query: binary
        + b"\x08\x00\x02" + struct.pack(">i", 2)  # compression NONE
        + b"\x08\x00\x03" + struct.pack(">i", 1)  # consistency ONE
        + b"\x00"
    )
    msg = struct.pack(">Ii", 0x80010001, len(name)) + name + struct.pack(">i", 1) + args
    sock.sendall(struct.pack(">i", len(msg)) + msg)
    length = struct.unpack(">i", read_exact(sock, 4))[0]
    read_exact(sock, length)


class Good(threading.Thread):
    """A well-behaved client timing each simple read."""

    def __init__(self, kind, port):
        super().__init__(daemon=True)
        self.kind, self.port = kind, port
        self.lock = threading.Lock()
        self.samples, self.errors = [], 0
        self.stop = False

    def connect(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.kind == "native":
            native_call(s, 0x01, startup_body())
        return s

    def run(self):
        sock = None
        while not self.stop:
            try:
                if sock is None:
                    sock = self.connect()
                t = time.monotonic()
                if self.kind == "native":
                    native_call(sock, 0x07, query_body("SELECT k, v FROM hk.t WHERE k = 'a'"))
                else:
                    thrift_call(sock, "SELECT k, v FROM hk.t WHERE k = 'a'")
                with self.lock:
                    self.samples.append(time.monotonic() - t)
            except OSError:
                with self.lock:
                    self.errors += 1
                sock = None
                time.sleep(0.05)
            time.sleep(0.002)

    def take(self):
        with self.lock:
            s, e = self.samples, self.errors
            self.samples, self.errors = [], 0
        return sorted(s), e


class Hostile(threading.Thread):
    def __init__(self, mode, ports, until):
        super().__init__(daemon=True)
        self.mode, self.ports, self.until = mode, ports, until

    def once(self):
        if self.mode.startswith("native"):
            s = socket.create_connection(("127.0.0.1", self.ports["native"]), timeout=60)
            if self.mode == "native-ready":
                native_call(s, 0x01, startup_body())
            s.sendall(struct.pack(">BBhBI", 4, 0, 1, 0x07, 16 * 1024 * 1024 - 1))
            while s.recv(65536):
                pass
        elif self.mode == "admin-idle":
            s = socket.create_connection(("127.0.0.1", self.ports["admin"]), timeout=60)
            while s.recv(65536):
                pass
        else:
            s = socket.create_connection(("127.0.0.1", self.ports["admin"]), timeout=60)
            s.sendall(b"POST /flush HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                      b"content-length: 250000000\r\n\r\n")
            chunk = b" " * (1 << 20)
            for _ in range(250):
                s.sendall(chunk)
            while s.recv(65536):
                pass
        s.close()

    def run(self):
        while time.monotonic() < self.until:
            try:
                self.once()
            except OSError:
                time.sleep(0.05)


def rss_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        m = re.search(rf"^{field}:\s+(\d+) kB", f.read(), re.M)
    return int(m.group(1)) if m else 0


def pct(s, p):
    if not s:
        return float("nan")
    return s[min(len(s) - 1, int(len(s) * p))] * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/supercolumn"))
    ap.add_argument("--peers", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--extra", default="", help="more serve flags, space-separated")
    ap.add_argument("--phases", default="baseline,native-early,native-ready,admin-idle,admin-post",
                    help="which phases to run, comma-separated")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 8192))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    conf = os.path.join(ROOT, "storage-conf.xml")
    cmd = [args.binary, "serve", "--config", conf, "--in-memory", "--listen", "127.0.0.1:0",
           "--native-listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0"] + args.extra.split()
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ports = {}
    for line in server.stdout:
        for key, prefix in [("admin", "supercolumn admin on "), ("native", "supercolumn native on "),
                            ("thrift", "supercolumn listening on ")]:
            if line.startswith(prefix):
                ports[key] = int(line.strip().rsplit(":", 1)[1])
        if "thrift" in ports:
            break
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    print(f"server pid {server.pid}, ports {ports}", flush=True)
    try:
        s = socket.create_connection(("127.0.0.1", ports["native"]))
        native_call(s, 0x01, startup_body())
        for q in ["CREATE KEYSPACE hk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
                  "CREATE TABLE hk.t (k text PRIMARY KEY, v text)",
                  "INSERT INTO hk.t (k, v) VALUES ('a', 'b')"]:
            native_call(s, 0x07, query_body(q))
        s.close()
        goods = [Good("thrift", ports["thrift"]), Good("native", ports["native"])]
        for g in goods:
            g.start()
        for phase in args.phases.split(","):
            until = time.monotonic() + args.seconds
            hostiles = [] if phase == "baseline" else [
                Hostile(phase, ports, until) for _ in range(args.peers)]
            for g in goods:
                g.take()
            for h in hostiles:
                h.start()
            time.sleep(args.seconds)
            stats = []
            for g in goods:
                s, e = g.take()
                stats.append(f"{g.kind} n={len(s)} p50={pct(s, .5):.2f}ms p99={pct(s, .99):.2f}ms "
                             f"max={pct(s, 1.0):.1f}ms errors={e}")
            print(f"{phase:13} peak RSS {rss_kb(server.pid, 'VmHWM') // 1024} MB, "
                  f"RSS {rss_kb(server.pid, 'VmRSS') // 1024} MB | " + " | ".join(stats), flush=True)
            for h in hostiles:
                h.join(timeout=0.1)
        for g in goods:
            g.stop = True
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
