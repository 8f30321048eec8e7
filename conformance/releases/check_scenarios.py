#!/usr/bin/env python3
"""Checks ../scenarios/releases.py for every release: each scenario the release gets yields
steps (a scenario function that returns nothing would record an empty case), and each case
recorded for the release sends the calls its scenario sends now, in order; a case recorded
before its scenario grew is listed, not failed (re-record it with run.sh to bring it level).

    check_scenarios.py [VERSION...]     (default: every release with recorded cases)

Needs the corpus's dsl.py and thriftwire.py (CONFORMANCE_DIR, default ../shared/conformance
beside the repository). Exit status 1 when a scenario yields no steps.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CONF = os.environ.get("CONFORMANCE_DIR", os.path.join(os.path.dirname(ROOT), "shared", "conformance"))

PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2])
import dsl, releases
print(json.dumps({s.name: [st.call for st in s.steps] for s in dsl.SCENARIOS}))
"""


def scenarios_of(version):
    env = dict(os.environ, RELEASE=version)
    out = subprocess.run([sys.executable, "-c", PROBE, CONF, os.path.join(ROOT, "conformance", "scenarios")],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    versions = sys.argv[1:] or sorted(d for d in os.listdir(HERE)
                                      if d[0].isdigit() and os.path.isdir(os.path.join(HERE, d)))
    empty, behind = [], []
    for v in versions:
        calls = scenarios_of(v)
        empty += ["%s %s" % (v, name) for name, steps in calls.items() if not steps]
        for name, steps in calls.items():
            path = os.path.join(HERE, v, name + ".json")
            if not os.path.exists(path):
                continue
            with open(path) as f:
                recorded = [s["call"] for s in json.load(f)["steps"] if not s.get("reset")]
            if recorded != steps:
                behind.append("%s %s (%d calls recorded, %d in the scenario)" % (v, name, len(recorded), len(steps)))
    for line in behind:
        print("recorded before its scenario changed: " + line)
    for line in empty:
        print("scenario without steps: " + line)
    print("scenarios checked on %d releases: %d without steps, %d recordings behind"
          % (len(versions), len(empty), len(behind)))
    return 1 if empty else 0


if __name__ == "__main__":
    sys.exit(main())
