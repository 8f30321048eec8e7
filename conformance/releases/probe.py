#!/usr/bin/env python3
"""Ask a running Cassandra node the facts conformance/releases/facts.json records per release.

usage: probe.py --port THRIFT_PORT [--native-port P] [--log SYSTEM_OR_STDOUT_LOG]

Prints JSON: describe_version/cluster_name/partitioner/snitch, the TApplicationException an
unknown method gets, the system keyspace's CF names (describe_keyspace system, and from 2.0 all
its tables from system.schema_columnfamilies, from 3.0 system_schema.tables), the keyspaces
(describe_keyspaces), the release version (system.local over CQL 3 where the release has it,
else the node's "Cassandra version:" log line), and which native protocol versions a STARTUP
is accepted in. Standard library only; the Thrift codec is the conformance corpus's
thriftwire.py (CONFORMANCE_DIR, default ../shared/conformance beside the repository).
"""
import argparse
import json
import os
import re
import socket
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import thriftwire as W  # noqa: E402


def call(port, name, fields):
    c = W.Connection("127.0.0.1", port, True, 20)
    try:
        return c.call(name, W.struct(fields))
    finally:
        c.close()


def value(rep):
    if "error" in rep:
        return {"error": rep["error"]}
    if rep["mtype"] == W.M_EXCEPTION:
        f = rep["body"]["f"]
        return {"TApplicationException": {"type": f["2"]["v"], "message": f["1"]["v"]}}
    f = rep["body"]["f"]
    if "0" in f:
        v = f["0"]
        return v.get("v", v.get("hex")) if v.get("t") == "bin" else v
    k = sorted(f)[0] if f else None
    return {"exception_field": k, "why": f[k]["f"].get("1", {}).get("v")} if k else None


def native_versions(port):
    """{version: "READY" | "ERROR <code> <message>" | "closed"} for a STARTUP in v1..v5."""
    out = {}
    body = struct.pack(">H", 1) + struct.pack(">H", 11) + b"CQL_VERSION" + struct.pack(">H", 5) + b"3.0.0"
    for v in range(1, 6):
        hdr = (struct.pack(">BBbBI", v, 0, 0, 1, len(body)) if v < 3
               else struct.pack(">BBhBI", v, 0, 0, 1, len(body)))
        try:
            s = socket.create_connection(("127.0.0.1", port), 5)
            s.settimeout(5)
            s.sendall(hdr + body)
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
                hl = 8 if data[0] & 0x7f < 3 else 9
                if len(data) >= hl and len(data) >= hl + struct.unpack(">I", data[hl - 4:hl])[0]:
                    break
            s.close()
        except OSError as e:
            out[str(v)] = "no reply (%s)" % e
            continue
        if not data:
            out[str(v)] = "closed"
            continue
        rv = data[0] & 0x7f
        hl = 8 if rv < 3 else 9
        op = data[hl - 5]
        b = data[hl:]
        if op == 2:
            out[str(v)] = "READY"
        elif op == 0 and len(b) >= 6:
            code = struct.unpack(">i", b[:4])[0]
            n = struct.unpack(">H", b[4:6])[0]
            out[str(v)] = "ERROR 0x%04x (reply v%d): %s" % (code, rv, b[6:6 + n].decode("utf-8", "replace"))
        else:
            out[str(v)] = "opcode 0x%02x (reply v%d)" % (op, rv)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--native-port", type=int)
    ap.add_argument("--log")
    o = ap.parse_args()
    f = {}
    for m in ("describe_version", "describe_cluster_name", "describe_partitioner", "describe_snitch"):
        f[m] = value(call(o.port, m, {}))
    f["unknown_method"] = value(call(o.port, "no_such_method", {}))
    ks = value(call(o.port, "describe_keyspaces", {}))
    f["keyspaces"] = sorted(k["f"]["1"]["v"] for k in ks["v"]) if isinstance(ks, dict) and "v" in ks else ks
    sysks = value(call(o.port, "describe_keyspace", {1: W.bin_("system")}))
    if isinstance(sysks, dict) and sysks.get("t") == "struct":
        f["system_keyspace"] = {
            "strategy": sysks["f"]["2"]["v"],
            "column_families": sorted(cf["f"]["2"]["v"] for cf in sysks["f"]["5"]["v"])}
    else:
        f["system_keyspace"] = sysks
    rel = value(call(o.port, "execute_cql3_query", {
        1: W.bin_("SELECT release_version FROM system.local"), 2: W.i32(2), 3: W.i32(1)}))
    if isinstance(rel, dict) and rel.get("t") == "struct" and "2" in rel["f"]:
        f["release_version"] = W.bin_bytes(rel["f"]["2"]["v"][0]["f"]["2"]["v"][0]["f"]["2"])\
            .decode()
        f["release_version_source"] = "SELECT release_version FROM system.local"
        # 2.x lists tables in system.schema_columnfamilies, 3.x in system_schema.tables
        for q in ("SELECT columnfamily_name FROM system.schema_columnfamilies "
                  "WHERE keyspace_name = 'system'",
                  "SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'system'"):
            tabs = value(call(o.port, "execute_cql3_query", {1: W.bin_(q), 2: W.i32(2), 3: W.i32(1)}))
            if isinstance(tabs, dict) and tabs.get("t") == "struct" and "2" in tabs["f"]:
                break
        if isinstance(tabs, dict) and tabs.get("t") == "struct" and "2" in tabs["f"]:
            # describe_keyspace leaves out the tables Thrift cannot show (CQL 3 ones)
            f["system_tables_cql3"] = sorted(
                W.bin_bytes(r["f"]["2"]["v"][0]["f"]["2"]).decode() for r in tabs["f"]["2"]["v"])
    elif o.log:
        m = re.search(r"Cassandra version: (\S+)", open(o.log, errors="replace").read())
        f["release_version"] = m.group(1) if m else None
        f["release_version_source"] = "log line 'Cassandra version:'"
        f["execute_cql3_query"] = rel
    if o.native_port:
        f["native_protocol"] = native_versions(o.native_port)
    print(json.dumps(f, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
