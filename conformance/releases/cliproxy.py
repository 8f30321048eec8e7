#!/usr/bin/env python3
"""Record the Thrift calls a client makes, and a real server's replies, as one corpus case.

usage: cliproxy.py --listen PORT --to PORT --out CASE.json --name NAME --peer "Apache Cassandra V"

Listens on 127.0.0.1:LISTEN and forwards framed Thrift to 127.0.0.1:TO, one connection at a
time; every call and its reply become a step of the case (the corpus format replay.py reads),
so a session of a real client (cassandra-cli) against a real release can be replayed against
supercolumn without the client or a JVM. Stops and writes the case on SIGTERM or SIGINT.

Masked, as the scenario recordings mask them (see README.md): every schema version and
describe_ring/describe_splits answer, and the CF ids of describe_keyspace(s).
"""
import argparse
import io
import json
import os
import signal
import socket
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import thriftwire as W  # noqa: E402

MASKS = {
    "describe_schema_versions": ["0"],
    "describe_ring": ["0"],
    "describe_token_map": ["0"],
    "describe_splits": ["0"],
    "describe_splits_ex": ["0"],
    "describe_keyspace": ["0/5/*/16"],
    "describe_keyspaces": ["0/*/5/*/16"],
}


def mask_for(call):
    if call.startswith("system_"):
        return ["0"]
    return MASKS.get(call, [])


def read_frame(sock):
    head = b""
    while len(head) < 4:
        c = sock.recv(4 - len(head))
        if not c:
            return None
        head += c
    size = struct.unpack(">i", head)[0]
    body = b""
    while len(body) < size:
        c = sock.recv(min(size - len(body), 1 << 20))
        if not c:
            return None
        body += c
    return head + body


def decode(frame):
    buf = io.BytesIO(frame[4:])

    def read_exact(n):
        b = buf.read(n)
        if len(b) != n:
            raise W.WireError("short message")
        return b
    return W.read_message(read_exact)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", type=int, required=True)
    ap.add_argument("--to", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--notes", default="")
    o = ap.parse_args()
    steps = []

    def write(*_):
        case = {"name": o.name, "api": "19", "topic": "cli", "framed": True, "peer": o.peer,
                "config": None, "notes": o.notes, "steps": steps}
        with open(o.out, "w", encoding="utf-8") as f:
            json.dump(case, f, indent=1, sort_keys=True)
            f.write("\n")
        sys.exit(0)
    signal.signal(signal.SIGTERM, write)
    signal.signal(signal.SIGINT, write)
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", o.listen))
    ls.listen(4)
    while True:
        client, _ = ls.accept()
        server = socket.create_connection(("127.0.0.1", o.to))
        while True:
            req = read_frame(client)
            if req is None:
                break
            server.sendall(req)
            rep = read_frame(server)
            name, _, _, args = decode(req)
            if rep is None:
                steps.append({"call": name, "args": args, "reply": {"error": "connection closed"},
                              "mask": []})
                break
            _, mtype, _, body = decode(rep)
            step = {"call": name, "args": args, "reply": {"mtype": mtype, "body": body},
                    "mask": mask_for(name)}
            steps.append(step)
            client.sendall(rep)
        client.close()
        server.close()


if __name__ == "__main__":
    main()
