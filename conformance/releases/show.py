#!/usr/bin/env python3
"""Print recorded cases one step a line: call, arguments, reply (shortened).

usage: show.py [-w WIDTH] CASE_FILES_OR_DIRS...
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import corpus  # noqa: E402
import thriftwire as W  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-w", type=int, default=220)
    ap.add_argument("paths", nargs="+")
    o = ap.parse_args()
    for c in corpus.load_cases(o.paths):
        print("== %s (%s)" % (c["name"], c["peer"]))
        for i, st in enumerate(c["steps"]):
            rep = st["reply"]
            r = rep["error"] if "error" in rep else ("TAppEx " if rep["mtype"] == 3 else "") + W.render(rep["body"])
            line = "%3d %s%s %s -> %s" % (i, "(reset) " if st.get("reset") else "", st["call"],
                                          W.render(st["args"]), r)
            print(line if len(line) <= o.w else line[:o.w] + " ...")


if __name__ == "__main__":
    main()
