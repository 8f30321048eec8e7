#!/usr/bin/env python3
"""Join the cases capture.py recorded from a scenario file into one case, so that
`difftest.py V --cases` runs them all on one fresh node of each release, and carry each
step's `sleep` (a scenario's `step.sleep = seconds`: real time passing before the step, a
TTL's expiry), which capture.py does not write, into the joined case.

usage: combine_cases.py SCENARIO_FILE CAPTURED_DIR OUT.json [SCENARIO_NAME ...]
(CAPTURED_DIR: the `v19` folder capture.py wrote; the scenarios in the file's order.)
"""
import json
import os
import sys

CONFORMANCE_DIR = os.environ.get("CONFORMANCE_DIR", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "conformance"))
sys.path.insert(0, CONFORMANCE_DIR)

import capture  # noqa: E402


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    scen_file, recdir, out = sys.argv[1:4]
    only = sys.argv[4:]
    steps, peer = [], None
    for sc in capture.load_scenario_files([scen_file]):
        if only and sc.name not in only:
            continue
        case = json.load(open(os.path.join(recdir, sc.name + ".json")))
        peer = case["peer"]
        own = [s for s in case["steps"] if not s.get("reset")]
        if len(own) != len(sc.steps):
            raise SystemExit("%s: recorded with other steps than the file has" % sc.name)
        k = 0
        for s in case["steps"]:
            if not s.get("reset"):
                if getattr(sc.steps[k], "sleep", None):
                    s["sleep"] = sc.steps[k].sleep
                k += 1
            steps.append(s)
    name = os.path.basename(out).rsplit(".", 1)[0]
    with open(out, "w") as fh:
        json.dump({"name": name, "api": "19", "topic": "mixed", "framed": True, "peer": peer,
                   "config": None, "notes": "the cases of %s, joined" % os.path.basename(scen_file),
                   "steps": steps}, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print("%s: %d steps" % (out, len(steps)))


if __name__ == "__main__":
    main()
