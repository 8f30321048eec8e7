"""Whether two `supercolumn replay --json` reports list the same differing calls
(connection, call, method, kinds): an emulation's and the real release's, in
scripts/capture-real.sh and scripts/capture-native.sh. Prints the calls only one
lists and a summary line, each prefixed with PREFIX; exits 1 when they differ.

Usage: capture_same_calls.py PREFIX EMULATION.json REAL.json
"""
import json
import sys


def calls(path):
    with open(path) as f:
        return {(c["conn"], c["n"], c["method"], tuple(c["kinds"]))
                for c in json.load(f)["differing"]}


def main(prefix, emulation, real):
    emu, rel = calls(emulation), calls(real)
    for c in sorted(emu - rel):
        print("%s:   only the emulation differs: connection %d call %d %s %s" % ((prefix,) + c))
    for c in sorted(rel - emu):
        print("%s:   only the real release differs: connection %d call %d %s %s" % ((prefix,) + c))
    print("%s: the two reports list %s differing calls (%d and %d)" % (
        prefix, "the same" if emu == rel else "other", len(emu), len(rel)))
    return 0 if emu == rel else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
