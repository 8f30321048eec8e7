#!/usr/bin/env python3
"""Read a Cassandra Thrift IDL (cassandra.thrift) into its facts: VERSION, the service's
methods (argument and exception lists), each struct's and exception's fields, and the enums.

usage: idl_facts.py FILE.thrift            (prints JSON)
       idl_facts.py --diff OLD NEW         (what NEW adds, drops or changes against OLD)

A small parser for the subset of Thrift the Cassandra IDLs use; comments are dropped first.
"""
import json
import re
import sys


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r"#[^\n]*", " ", text)


def _fields(body):
    """'1: required binary key, 2: optional i32 x = 3' -> {"1": "required binary key", ...}"""
    out = {}
    # a type nests up to three levels (map<binary, map<string, list<Mutation>>>)
    for m in re.finditer(r"(\d+)\s*:\s*((?:required|optional)\s+)?"
                         r"([\w.]+(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?)\s+(\w+)"
                         r"(\s*=\s*[^,;\n]+?)?\s*(?=[,;)\n}]|$)", body):
        fid, req, ty, name, default = m.groups()
        s = "%s%s %s" % ((req or "").strip() + " " if req else "", re.sub(r"\s+", "", ty), name)
        if default:
            s += " = " + re.sub(r"\s+", " ", default.split("=", 1)[1]).strip()
        out[fid] = s
    return out


def parse(text):
    t = _strip_comments(text)
    facts = {"version": None, "methods": {}, "structs": {}, "exceptions": {}, "enums": {}}
    m = re.search(r'const\s+string\s+VERSION\s*=\s*"([^"]+)"', t)
    facts["version"] = m.group(1) if m else None
    for kind, key in (("struct", "structs"), ("exception", "exceptions"), ("union", "structs")):
        for m in re.finditer(r"\b%s\s+(\w+)\s*\{(.*?)\}" % kind, t, flags=re.S):
            facts[key][m.group(1)] = _fields(m.group(2))
    for m in re.finditer(r"\benum\s+(\w+)\s*\{(.*?)\}", t, flags=re.S):
        vals = {}
        for e in re.finditer(r"(\w+)\s*(?:=\s*(\d+))?", m.group(2)):
            vals[e.group(1)] = int(e.group(2)) if e.group(2) else len(vals)
        facts["enums"][m.group(1)] = vals
    svc = re.search(r"\bservice\s+\w+\s*\{(.*)\}", t, flags=re.S).group(1)
    # a method: [oneway] RET NAME(ARGS) [throws (EXC)] [,;]
    for m in re.finditer(r"(?:(oneway)\s+)?([\w.<>, ]+?)\s+(\w+)\s*\(([^)]*)\)\s*(?:throws\s*\(([^)]*)\))?",
                         svc, flags=re.S):
        oneway, ret, name, args, throws = m.groups()
        facts["methods"][name] = {"returns": re.sub(r"\s+", "", ret.strip()),
                                  "args": _fields(args), "throws": _fields(throws or "")}
    return facts


def diff(old, new):
    d = {}
    for sect in ("methods", "structs", "exceptions", "enums"):
        o, n = old[sect], new[sect]
        added = sorted(set(n) - set(o))
        dropped = sorted(set(o) - set(n))
        changed = {}
        for k in sorted(set(o) & set(n)):
            if o[k] != n[k]:
                if sect == "methods":
                    changed[k] = {"old": o[k], "new": n[k]}
                else:
                    ok, nk = o[k], n[k]
                    c = {}
                    for f in sorted(set(ok) | set(nk), key=lambda x: (len(x), x)):
                        if ok.get(f) != nk.get(f):
                            c[f] = [ok.get(f), nk.get(f)]
                    changed[k] = c
        if added or dropped or changed:
            d[sect] = {"added": added, "dropped": dropped, "changed": changed}
    return d


if __name__ == "__main__":
    if sys.argv[1] == "--diff":
        a = parse(open(sys.argv[2]).read())
        b = parse(open(sys.argv[3]).read())
        print(json.dumps(diff(a, b), indent=1))
    else:
        print(json.dumps(parse(open(sys.argv[1]).read()), indent=1))
