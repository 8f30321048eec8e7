#!/usr/bin/env bash
# Checks that every relative link in the project's Markdown (README.md,
# docs/*.md, clients/README.md) resolves: the file or directory exists and,
# for a `#anchor` into a Markdown file, a heading of that file makes that
# anchor (GitHub's rule: lower case, punctuation dropped, spaces to dashes).
# External links (http:, https:, mailto:) are not fetched. Needs no build:
# the test command runs it before anything else. Exits 1 listing each
# broken link as FILE:LINE: TARGET (why).
set -euo pipefail
cd "$(dirname "$0")/.."

exec python3 - "$@" <<'PY'
import os, re, sys, glob

files = ["README.md", "clients/README.md"] + sorted(glob.glob("docs/*.md"))
files += sys.argv[1:]
files = [f for f in files if os.path.isfile(f)]

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")

def anchors(path, cache={}):
    if path not in cache:
        seen, found = {}, set()
        in_fence = False
        for line in open(path, encoding="utf-8"):
            if FENCE.match(line):
                in_fence = not in_fence
                continue
            m = None if in_fence else re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if not m:
                continue
            text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(2))
            slug = re.sub(r"[^\w\- ]", "", text.lower().replace("`", "")).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else f"{slug}-{n}")
        for m in re.finditer(r"<a\s+(?:name|id)=\"([^\"]+)\"", open(path, encoding="utf-8").read()):
            found.add(m.group(1))
        cache[path] = found
    return cache[path]

broken = []
for f in files:
    in_fence = False
    for no, line in enumerate(open(f, encoding="utf-8"), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        # Inline code spans are not links.
        line = re.sub(r"`[^`]*`", "", line)
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(dest):
                broken.append(f"{f}:{no}: {target} (no such file)")
            elif anchor and dest.endswith(".md") and os.path.isfile(dest):
                if anchor not in anchors(dest):
                    broken.append(f"{f}:{no}: {target} (no heading makes #{anchor} in {dest})")

if broken:
    print(f"check-links: {len(broken)} broken link(s):")
    print("\n".join("  " + b for b in broken))
    sys.exit(1)
print(f"check-links: every relative link resolves ({len(files)} files)")
PY
