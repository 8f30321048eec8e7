#!/usr/bin/env bash
# The data-model explorer page (/explorer on the admin port) in a real headless browser:
# clients/python/tests/explorer_browser.py starts a server, loads BloggyAppy (the example app)
# and the seeds' tables, and drives Debian's chromium through chromium-driver with selenium
# (pinned in clients/python/requirements.txt). Screenshots go to the target directory's
# explorer-screens/ (not committed; kept as test artifacts).
#
# Needs: scripts/system-packages.sh browser (chromium, chromium-driver).
set -euo pipefail
. "$(dirname "$0")/env.sh"

ensure_binary
ensure_python
for tool in chromium chromedriver; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: $tool is missing; run scripts/system-packages.sh browser (as root)" >&2
        exit 1
    fi
done
screens=$(cargo_target_dir)/explorer-screens
rm -rf "$screens"
SUPERCOLUMN_BIN=$SUPERCOLUMN_BIN "$PYTHON" clients/python/tests/explorer_browser.py --screens "$screens"
