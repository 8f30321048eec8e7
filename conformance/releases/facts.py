#!/usr/bin/env python3
"""Assemble facts.json: what each Cassandra release 0.7.10-3.11.10 answers and declares.

usage: facts.py GITDIR [--out facts.json]
       facts.py --markdown [facts.json]     (a summary table of an existing facts.json)

Per release it joins three sources, and says which one each fact came from:
  * probe/<version>.json, written by `run.sh probe VERSION` against the real running node
    (describe_*, unknown-method reply, system keyspace CFs, release version, native protocol);
  * the release's interface/cassandra.thrift at tag cassandra-<version> in GITDIR (the IDL's
    VERSION, methods, struct fields) and how it differs from the IDLs supercolumn implements
    (idl/cassandra.thrift, API 19.36.0 with the final 19.x method set);
  * the release's stock conf/cassandra.yaml (partitioner, num_tokens, cluster_name, start_rpc,
    start_native_transport).
"""
import argparse
import json
import os
import re
import subprocess

import idl_facts

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RELEASES = ["0.7.10", "0.8.10", "1.0.12", "1.1.12", "1.2.9", "1.2.19", "2.0.17", "2.1.22", "2.2.19", "3.0.24",
            "3.11.10"]


def show(git, tag, path):
    return subprocess.run(["git", "--git-dir", git, "show", "%s:%s" % (tag, path)],
                          check=True, capture_output=True, text=True).stdout


def yaml_scalar(text, key):
    m = re.search(r"^%s:[ \t]*(.*?)[ \t]*$" % key, text, flags=re.M)
    if not m:
        return None
    v = m.group(1).strip().strip("'\"")
    return v if v != "" else ""


def release_facts(git, v, ours):
    tag = "cassandra-" + v
    idl = idl_facts.parse(show(git, tag, "interface/cassandra.thrift"))
    y = show(git, tag, "conf/cassandra.yaml")
    f = {"tag": tag}
    probe_path = os.path.join(HERE, "probe", v + ".json")
    if os.path.exists(probe_path):
        p = json.load(open(probe_path))
        f["from_running_node"] = {
            "thrift_api_version": p["describe_version"],
            "release_version": p.get("release_version"),
            "release_version_source": p.get("release_version_source"),
            "cluster_name": p["describe_cluster_name"],
            "partitioner": p["describe_partitioner"],
            "snitch": p["describe_snitch"],
            "unknown_method": p["unknown_method"],
            "keyspaces_at_start": p["keyspaces"],
            "system_keyspace": p["system_keyspace"],
            "system_tables_cql3": p.get("system_tables_cql3"),
            "native_protocol": p.get("native_protocol",
                                     "no native transport before 1.2" if v < "1.2" else None),
        }
    else:
        f["from_running_node"] = None
    f["from_stock_yaml"] = {k: yaml_scalar(y, k) for k in (
        "cluster_name", "partitioner", "num_tokens", "initial_token", "start_rpc",
        "start_native_transport", "native_transport_port", "rpc_port", "endpoint_snitch",
        "thrift_framed_transport_size_in_mb", "rpc_server_type")}
    f["idl"] = {"version": idl["version"], "methods": idl["methods"], "structs": idl["structs"],
                "exceptions": idl["exceptions"], "enums": idl["enums"]}
    f["idl_vs_ours"] = idl_facts.diff(ours, idl)
    return f


def markdown(path):
    d = json.load(open(path))["releases"]
    vs = list(d)
    rows = [("Thrift API (describe_version)", lambda f: (f["from_running_node"] or {}).get("thrift_api_version")),
            ("IDL VERSION constant", lambda f: f["idl"]["version"]),
            ("release_version", lambda f: (f["from_running_node"] or {}).get("release_version")),
            ("cluster name", lambda f: (f["from_running_node"] or {}).get("cluster_name")),
            ("partitioner (stock yaml)", lambda f: f["from_stock_yaml"]["partitioner"].rsplit(".", 1)[-1]),
            ("num_tokens (stock yaml)", lambda f: f["from_stock_yaml"]["num_tokens"] or "- (initial_token)"),
            ("start_rpc (stock yaml)", lambda f: f["from_stock_yaml"]["start_rpc"] or "- (always on)"),
            ("native protocol versions", lambda f: native(f)),
            ("IDL methods", lambda f: str(len(f["idl"]["methods"]))),
            ("methods ours lacks", lambda f: ", ".join(f["idl_vs_ours"].get("methods", {}).get("added", [])) or "none"),
            ("our methods it lacks", lambda f: str(len(f["idl_vs_ours"].get("methods", {}).get("dropped", [])))),
            ("system CFs (describe_keyspace)", lambda f: ", ".join(
                ((f["from_running_node"] or {}).get("system_keyspace") or {}).get("column_families", []))),
            ("unknown method", lambda f: unknown(f))]
    out = ["| | " + " | ".join(vs) + " |", "|---" * (len(vs) + 1) + "|"]
    for name, fn in rows:
        out.append("| %s | %s |" % (name, " | ".join(str(fn(d[v]) if d[v] else "") for v in vs)))
    return "\n".join(out)


def native(f):
    p = (f["from_running_node"] or {}).get("native_protocol")
    if not isinstance(p, dict):
        return "none" if f["from_running_node"] else ""
    ok = [k for k, v in sorted(p.items()) if v == "READY"]
    return "v" + ",v".join(ok) if ok else "none"


def unknown(f):
    u = (f["from_running_node"] or {}).get("unknown_method")
    if not u:
        return ""
    t = u["TApplicationException"]
    return "TApplicationException type %d: %s" % (t["type"], t["message"].replace("no_such_method", "NAME"))


def main():
    import sys
    if len(sys.argv) >= 2 and sys.argv[1] == "--markdown":
        print(markdown(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "facts.json")))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("git")
    ap.add_argument("--out", default=os.path.join(HERE, "facts.json"))
    o = ap.parse_args()
    ours = idl_facts.parse(open(os.path.join(ROOT, "idl", "cassandra.thrift")).read())
    doc = {"about": "Facts per real Cassandra release, for checking a per-version emulation. "
                    "from_running_node: asked of the real node built by scripts/peers/"
                    "build-release.sh (null when it was not built); from_stock_yaml and idl: "
                    "read from the release's source tag; idl_vs_ours: what the release's "
                    "cassandra.thrift adds, drops or changes against idl/cassandra.thrift "
                    "(ours: VERSION %s, the final 19.x method set)." % ours["version"],
           "releases": {v: release_facts(o.git, v, ours) for v in RELEASES}}
    with open(o.out, "w") as fh:
        json.dump(doc, fh, indent=1, sort_keys=False)
        fh.write("\n")


if __name__ == "__main__":
    main()
