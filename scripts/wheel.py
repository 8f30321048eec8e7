#!/usr/bin/env python3
"""Writes one Python wheel (PEP 427) from files named on the command line, for scripts/package.sh.

Owns the wheel format only: which files go in, the name, version and tags are the caller's.
It reads the source tree and writes nothing but the wheel, so it works from a read-only copy of
the repository, needs no setuptools, pip or network, and gives the same bytes for the same
inputs (fixed timestamps and modes, files in sorted order).

usage: wheel.py --out DIR --name NAME --version V [--tag py3-none-any] [--summary TEXT]
                [--readme FILE] [--requires SPEC]... [--entry-point GROUP:NAME=VALUE]...
                [--purelib ARCHIVE=FILE]... [--script NAME=FILE]...

--purelib puts FILE at ARCHIVE inside site-packages; --script installs FILE as the executable
NAME in the environment's bin directory (the wheel's .data/scripts, as ruff ships its binary).
"""

import argparse
import base64
import hashlib
import os
import re
import stat
import sys
import zipfile

# Wheels made twice from the same files are the same bytes: one fixed timestamp (zip's epoch).
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def normalized(name):
    """The distribution name as a wheel's file name spells it (PEP 427/503)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def metadata(args):
    lines = ["Metadata-Version: 2.1", "Name: " + args.name, "Version: " + args.version]
    if args.summary:
        lines.append("Summary: " + args.summary)
    lines += ["License: Apache-2.0", "Requires-Python: >=3.7"]
    lines += ["Requires-Dist: " + r for r in args.requires]
    text = "\n".join(lines) + "\n"
    if args.readme:
        with open(args.readme, encoding="utf-8") as f:
            text += "Description-Content-Type: text/markdown\n\n" + f.read()
    return text.encode("utf-8")


def entry_points(specs):
    groups = {}
    for spec in specs:
        group, _, rest = spec.partition(":")
        name, _, value = rest.partition("=")
        if not (group and name and value):
            sys.exit("wheel.py: --entry-point wants GROUP:NAME=VALUE, not %r" % spec)
        groups.setdefault(group, []).append("%s = %s" % (name.strip(), value.strip()))
    return "".join("[%s]\n%s\n\n" % (g, "\n".join(v)) for g, v in sorted(groups.items())).encode()


def pairs(specs, what):
    out = []
    for spec in specs:
        target, sep, source = spec.partition("=")
        if not sep or not os.path.isfile(source):
            sys.exit("wheel.py: --%s %r: want TARGET=FILE naming an existing file" % (what, spec))
        out.append((target, source))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--tag", default="py3-none-any")
    p.add_argument("--summary")
    p.add_argument("--readme")
    p.add_argument("--requires", action="append", default=[])
    p.add_argument("--entry-point", action="append", default=[])
    p.add_argument("--purelib", action="append", default=[])
    p.add_argument("--script", action="append", default=[])
    args = p.parse_args()

    dist = "%s-%s" % (normalized(args.name), args.version)
    info = dist + ".dist-info"
    # (archive path, bytes, executable)
    entries = []
    for target, source in pairs(args.purelib, "purelib"):
        with open(source, "rb") as f:
            entries.append((target, f.read(), False))
    for target, source in pairs(args.script, "script"):
        with open(source, "rb") as f:
            entries.append(("%s.data/scripts/%s" % (dist, target), f.read(), True))
    entries.sort()
    pure = "true" if args.tag.endswith("-any") else "false"
    wheel = "Wheel-Version: 1.0\nGenerator: supercolumn scripts/wheel.py\nRoot-Is-Purelib: %s\n" % pure
    for tag in expand_tags(args.tag):
        wheel += "Tag: %s\n" % tag
    entries.append((info + "/METADATA", metadata(args), False))
    entries.append((info + "/WHEEL", wheel.encode(), False))
    if args.entry_point:
        entries.append((info + "/entry_points.txt", entry_points(args.entry_point), False))
    record = "".join("%s,%s,%d\n" % (path, record_hash(data), len(data)) for path, data, _ in entries)
    record += info + "/RECORD,,\n"
    entries.append((info + "/RECORD", record.encode(), False))

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "%s-%s.whl" % (dist, args.tag))
    with zipfile.ZipFile(path + ".part", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for name, data, executable in entries:
            zi = zipfile.ZipInfo(name, FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if executable else 0o644
            zi.external_attr = (stat.S_IFREG | mode) << 16
            z.writestr(zi, data)
    os.replace(path + ".part", path)
    print(path)


def expand_tags(tag):
    """A compressed tag set (py2.py3-none-any) as the single tags WHEEL lists."""
    py, abi, plat = tag.split("-")
    return ["%s-%s-%s" % (a, b, c) for a in py.split(".") for b in abi.split(".") for c in plat.split(".")]


if __name__ == "__main__":
    main()
