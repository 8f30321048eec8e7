#!/usr/bin/env python3
"""Assemble facts.json: what each Cassandra release 0.7.10-2.2.19 answers and declares.

usage: facts.py GITDIR [--out facts.json]

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
RELEASES = ["0.7.10", "0.8.10", "1.0.12", "1.1.12", "2.0.17", "2.1.22", "2.2.19"]


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


def main():
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
