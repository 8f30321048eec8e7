#!/usr/bin/env python3
"""Checks the IDLs against recorded conformance cases: every call, field id and wire type.

Each case step is a call with a typed argument tree, recorded against real Cassandra together
with its reply. This walks the arguments (and normal replies) against the generated Python
specs of one API generation and reports:
  - a method the IDL lacks, or a field whose wire type differs from the IDL's;
  - a field id the IDL lacks (legal in Thrift -- receivers skip it -- so only a note).
A mismatch is accepted only where the recorded reply is a TApplicationException, i.e. where
the case probes a deliberate protocol violation. Exit status 1 if any other mismatch is found.

Usage: idl_vs_cases.py cassandra06 CASE_DIR   (e.g. the v06 cases)
       idl_vs_cases.py cassandra19 CASE_DIR   (the v19 and cql3 cases)
"""

import glob
import importlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from thrift.Thrift import TType  # noqa: E402

WIRE = {
    "bool": TType.BOOL, "byte": TType.BYTE, "i16": TType.I16, "i32": TType.I32, "i64": TType.I64,
    "double": TType.DOUBLE, "bin": TType.STRING, "struct": TType.STRUCT, "list": TType.LIST,
    "set": TType.SET, "map": TType.MAP,
}
M_REPLY, M_EXCEPTION = 2, 3


def check_value(v, ttype, targs, path, errs, notes):
    if WIRE[v["t"]] != ttype:
        errs.append(f"{path}: case sends {v['t']}, IDL has wire type {ttype}")
        return
    if ttype == TType.STRUCT:
        cls = targs[0]
        check_struct(v, cls.thrift_spec, f"{path}<{cls.__name__}>", errs, notes)
    elif ttype in (TType.LIST, TType.SET):
        et, eargs = targs[0], targs[1]
        if WIRE[v["et"]] != et:
            errs.append(f"{path}: element type {v['et']}, IDL has {et}")
            return
        for i, e in enumerate(v["v"]):
            check_value(e, et, eargs, f"{path}[{i}]", errs, notes)
    elif ttype == TType.MAP:
        kt, kargs, vt, vargs = targs[:4]
        if WIRE[v["kt"]] != kt or WIRE[v["vt"]] != vt:
            errs.append(f"{path}: map of {v['kt']}->{v['vt']}, IDL has {kt}->{vt}")
            return
        for k, val in v["v"]:
            check_value(k, kt, kargs, path + "{key}", errs, notes)
            check_value(val, vt, vargs, path + "{value}", errs, notes)


def check_struct(v, spec, path, errs, notes):
    by_id = {f[0]: f for f in spec if f}
    for fid, fv in v["f"].items():
        f = by_id.get(int(fid))
        if f is None:
            notes.append(f"{path}: field id {fid} ({fv['t']}) is not in the IDL")
            continue
        check_value(fv, f[1], f[3], f"{path}.{f[2]}", errs, notes)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    package, case_dir = sys.argv[1], sys.argv[2]
    service = importlib.import_module(package + ".Cassandra")
    files = sorted(glob.glob(os.path.join(case_dir, "*.json")))
    if not files:
        print(f"no cases in {case_dir}", file=sys.stderr)
        return 2

    failures, accepted, steps = [], [], 0
    for fn in files:
        case = json.load(open(fn))
        for i, step in enumerate(case["steps"]):
            steps += 1
            where = f"{os.path.basename(fn)} step {i} ({step['call']})"
            reply = step.get("reply", {})
            errs, notes = [], []
            args = getattr(service, step["call"] + "_args", None)
            if args is None:
                errs.append("method is not in the IDL")
            else:
                check_struct(step["args"], args.thrift_spec, "args", errs, notes)
                if reply.get("mtype") == M_REPLY:
                    result = getattr(service, step["call"] + "_result")
                    check_struct(reply["body"], result.thrift_spec, "reply", errs, notes)
            probe = reply.get("mtype") == M_EXCEPTION
            for e in errs:
                (accepted if probe else failures).append(f"{where}: {e}")
            accepted.extend(f"{where}: {n}" for n in notes)

    print(f"{package}: {steps} steps in {len(files)} case files")
    for a in accepted:
        print(f"  accepted (deliberate protocol probe or extra field): {a}")
    for f in failures:
        print(f"  MISMATCH {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
