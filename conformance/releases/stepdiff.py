#!/usr/bin/env python3
"""Step-level replay: like the corpus's replay.py, but it goes on after a step differs and
counts every step, so a server far from the recorded release still gets a useful to-do list.

usage: stepdiff.py --port P [--json OUT] [-v [--all-diffs]] CASE_FILES_OR_DIRS...

Prints, per scenario, matched/total steps (reset steps left out), then the differing steps
grouped by call and by kind of difference:
  value      both succeeded, replies differ
  exception  both raised a declared exception, in different fields
  ok->exc    the release succeeded, the server raised (or the reverse: exc->ok)
  appex      a TApplicationException on one side (type mismatch, or only one side)
  transport  one side closed the connection
Exception messages are not counted (replay.py scores them separately).
"""
import argparse
import collections
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import corpus  # noqa: E402
import thriftwire as W  # noqa: E402


def kind(exp, act):
    if "error" in exp or "error" in act:
        return "transport"
    if exp["mtype"] == W.M_EXCEPTION or act["mtype"] == W.M_EXCEPTION:
        return "appex"
    eok, aok = corpus.is_success(exp), corpus.is_success(act)
    if eok and aok:
        return "value"
    if eok:
        return "ok->exc"
    if aok:
        return "exc->ok"
    return "exception"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--json")
    ap.add_argument("-v", action="store_true", help="print every differing step")
    ap.add_argument("--all-diffs", action="store_true",
                    help="with -v: every difference of a step (up to 12), not only the first")
    ap.add_argument("paths", nargs="+")
    o = ap.parse_args()
    base = corpus.timestamp_base()
    total = matched = 0
    by_call = collections.Counter()
    by_kind = collections.Counter()
    per_case = {}
    for case in corpus.load_cases(o.paths):
        r = corpus.Runner(o.host, o.port, case.get("framed", False), base, 20.0)
        n = m = 0
        try:
            for i, st in enumerate(case["steps"]):
                act = r.call(st["call"], st["args"])
                if st.get("reset"):
                    continue
                n += 1
                ok, diffs, _ = corpus.compare(st["reply"], act, st.get("mask", []))
                if not ok and "ire" in st.get("also_accept", ()) and corpus.is_invalid_request(act):
                    ok = True
                if ok:
                    m += 1
                    continue
                k = kind(st["reply"], act)
                by_call[st["call"]] += 1
                by_kind[k] += 1
                if o.v:
                    d = diffs[0] if diffs else ("", "", "")
                    print("  %s step %d %s [%s] at %s: expected %s, got %s" % (
                        case["name"], i, st["call"], k, d[0], str(d[1])[:160], str(d[2])[:160]))
                    for d in (diffs[1:] if o.all_diffs else []):
                        print("      also at %s: expected %s, got %s" % (
                            d[0], str(d[1])[:160], str(d[2])[:160]))
        finally:
            r.close()
        per_case[case["name"]] = [m, n]
        total += n
        matched += m
        print("%-14s %3d/%3d steps" % (case["name"], m, n))
    print("steps matched: %d/%d (%.1f%%)" % (matched, total, 100.0 * matched / max(total, 1)))
    print("differing steps by kind: " + ", ".join("%s %d" % kv for kv in by_kind.most_common()))
    print("differing steps by call: " + ", ".join("%s %d" % kv for kv in by_call.most_common()))
    if o.json:
        with open(o.json, "w") as fh:
            json.dump({"steps_matched": matched, "steps": total, "cases": per_case,
                       "by_kind": dict(by_kind), "by_call": dict(by_call)}, fh, indent=1, sort_keys=True)
            fh.write("\n")


if __name__ == "__main__":
    main()
