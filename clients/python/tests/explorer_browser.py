#!/usr/bin/env python3
"""The data-model explorer page (/explorer on the admin port) in a real headless browser.

Starts its own server (supercolumn_testing: in memory, the admin surface on), loads BloggyAppy
with the example app (clients/python/examples/bloggyappy.py) and seed 002's table through
`supercolumn cqlsh`, plus the tables of seeds 000 and 001 for their example queries; then drives
Debian's chromium through chromium-driver (selenium) and checks what the page shows:
- the keyspaces and column families are listed;
- seed 002's row pkey1_1:pkey2_1, found with the page's key search, shows as stored cells exactly
  what `supercolumn cli` lists for it (`list testtable`): the same cells in the same order, with
  the same name components, value bytes and timestamps; its CQL rows are the five cqlsh shows,
  and hovering a row lights that row's three cells;
- a BloggyAppy Comments row is drawn as row -> super columns -> columns, its cells as cli lists;
- the ring view's per-node primary totals (partitions, bytes) add up to the partitions the
  partition list shows, for several ring sizes, and RF 2 doubles the replica total;
- the query check gives the seeds' verdicts (one partition for 000's and 001's queries, a ring
  scan for an unrestricted SELECT);
- Advise on a query 1.2 refuses (seed 002's `skey`) shows the proposed CREATE TABLE, a rewritten
  query that reads one partition, the dry run on the stored rows and the alternatives; and the
  same on a gateway's explorer in front of a backend supercolumn (the cluster's rows);
- the browser logged no error.
Screenshots go to --screens (default target/explorer-screens/, not committed).

Usage: tests/explorer_browser.py [--screens DIR] [--keep-open]
Needs /usr/bin/chromium and /usr/bin/chromedriver (scripts/system-packages.sh browser) and
selenium (clients/python/requirements.txt). Ends with `N passed, N failed`; exit 1 on a failure.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))

from supercolumn_testing import Supercolumn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 30  # seconds for any one thing to appear (a loaded 2-core CI machine)

# Seed 002 (its CREATE TABLE and INSERTs, with the typos of the article fixed).
SEED_002 = """
CREATE KEYSPACE key_space_test WITH REPLICATION = { 'class' : 'SimpleStrategy', 'replication_factor' : 1 };
USE key_space_test;
CREATE TABLE testtable (pkey1 text, pkey2 text, skey int, value text, cvalue map<text,text>,
  PRIMARY KEY ((pkey1, pkey2), skey)) WITH CLUSTERING ORDER BY (skey DESC);
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_1', 100, {'hoge': 'fuga'}, 'value11_100');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_2', 'pkey2_1', 200, {'hoge': 'fuga'}, 'value21_200');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_2', 101, {'hoge1': 'fuga1'}, 'value12_101');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_3', 102, {'hoge1': 'fuga1'}, 'value13_102');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_1', 101, {'hoge1': 'fuga1'}, 'value11_101');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_1', 103, {'hoge1': 'fuga1'}, 'value11_103');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_1', 102, {'hoge1': 'fuga1'}, 'value11_102');
INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('pkey1_1', 'pkey2_1', 12, {'hoge': 'fuga'}, 'value11_12');
"""

# Seeds 000 (KillrVideo's user_videos) and 001 (posts_facebook), one partition each.
USER_ID = "522b1fe2-2e36-4cef-a667-cd4237d08b89"
ANNA_ID = "5b6962dd-3f90-4c93-8f61-eabfa4a803e2"
SEEDS_000_001 = """
CREATE KEYSPACE killrvideo WITH REPLICATION = { 'class' : 'SimpleStrategy', 'replication_factor' : 1 };
USE killrvideo;
CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text,
  PRIMARY KEY (userid, added_date, videoid)) WITH CLUSTERING ORDER BY (added_date DESC, videoid ASC);
INSERT INTO user_videos (userid, added_date, videoid, name) VALUES (%(user)s, '2014-01-02 10:00:00+0000', 99051fe9-6a9c-46c2-b949-38ef78858dd0, 'first');
INSERT INTO user_videos (userid, added_date, videoid, name) VALUES (%(user)s, '2014-02-03 10:00:00+0000', 99051fe9-6a9c-46c2-b949-38ef78858dd1, 'second');
INSERT INTO user_videos (userid, added_date, videoid, name) VALUES (9761d3d7-7fbd-4269-9988-6cfd4e188678, '2014-02-03 10:00:00+0000', 99051fe9-6a9c-46c2-b949-38ef78858dd2, 'other');
CREATE TABLE posts_facebook (user_id uuid, post_id timeuuid, content text, PRIMARY KEY (user_id, post_id))
  WITH CLUSTERING ORDER BY (post_id DESC);
INSERT INTO posts_facebook (user_id, post_id, content) VALUES (%(anna)s, 50554d6e-29bb-11e5-b345-feff819cdc9f, 'hello');
INSERT INTO posts_facebook (user_id, post_id, content) VALUES (%(anna)s, 50554d6e-29bb-11e5-b345-feff819cdca0, 'again');
""" % {"user": USER_ID, "anna": ANNA_ID}

passed = 0
failures = []


def check(what, ok, detail=""):
    global passed
    if ok:
        passed += 1
        print("  ok   %s" % what)
    else:
        failures.append(what)
        print("  FAIL %s%s" % (what, (": " + detail) if detail else ""))
    return ok


def run(cmd, **kw):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)
    if out.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s%s" % (cmd[:3], out.returncode, out.stdout, out.stderr))
    return out.stdout


def cli_listing(binary, port, keyspace, cf):
    """`list CF` in supercolumn cli: {row key: [(name, value, timestamp), ...]} in listed order."""
    text = run([binary, "cli", "-p", str(port), "-e", "use %s; list %s;" % (keyspace, cf)])
    rows, current = {}, None
    for line in text.splitlines():
        m = re.match(r"^RowKey: (.*)$", line)
        if m:
            current = rows.setdefault(m.group(1), [])
            continue
        m = re.match(r"^=> \(name=(.*), value=(.*), timestamp=(\d+)\)$", line)
        if m and current is not None:
            current.append((m.group(1), m.group(2), m.group(3)))
    return rows, text


def load_data(sc, binary, workdir):
    example = os.path.join(ROOT, "clients", "python", "examples", "bloggyappy.py")
    run([sys.executable, example, "--port", str(sc.port)])
    for name, script in (("seed002.cql", SEED_002), ("seeds000_001.cql", SEEDS_000_001)):
        path = os.path.join(workdir, name)
        with open(path, "w") as f:
            f.write(script)
        run([binary, "cqlsh", "127.0.0.1", str(sc.port), "-f", path])


def browser(workdir):
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--user-data-dir=" + os.path.join(workdir, "chromium-profile"), "--window-size=1440,1000"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=opts, service=Service(CHROMEDRIVER))


class Page:
    def __init__(self, driver, base, screens):
        self.d = driver
        self.base = base
        self.screens = screens

    def go(self, fragment):
        self.d.get(self.base + "/explorer/#" + fragment)
        self.wait_loaded()

    def wait_loaded(self):
        WebDriverWait(self.d, WAIT).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, "#main .loading, #main p.muted:only-child"))

    def wait_for(self, css, count=1):
        WebDriverWait(self.d, WAIT).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) >= count)
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def text(self, css):
        """The text of the first element matching css, or "" while there is none (re-rendering)."""
        found = self.d.find_elements(By.CSS_SELECTOR, css)
        try:
            return found[0].text if found else ""
        except StaleElementReferenceException:
            return ""

    def all(self, css, root=None):
        return (root or self.d).find_elements(By.CSS_SELECTOR, css)

    def shot(self, name):
        """A full-page screenshot: the window grows to the page's height first."""
        height = self.d.execute_script("window.scrollTo(0, 0); return document.documentElement.scrollHeight")
        self.d.set_window_size(1440, min(max(height, 800), 4000))
        time.sleep(0.3)
        path = os.path.join(self.screens, name)
        self.d.save_screenshot(path)
        self.d.set_window_size(1440, 1000)
        print("  screenshot %s" % path)

    def set_hex(self, on):
        box = self.d.find_element(By.ID, "hex-toggle")
        if box.is_selected() != on:
            box.click()


def shown_cells(page, kinds=("column", "row_marker", "collection", "counter", "expiring")):
    """The stored-cells table as shown: [(components, value hex, timestamp)] per cell row of
    the given kinds (by default those cli lists: live cells, no tombstones)."""
    out = []
    for tr in page.all("table.cells tr.cell"):
        if tr.get_attribute("data-kind") not in kinds:
            continue
        comps = ["" if "empty" in c.get_attribute("class").split() else c.text for c in page.all("span.comp", tr)]
        value_hex = page.all("td.value code.hex", tr)
        out.append((comps, value_hex[0].text if value_hex else "", page.all("td.ts div.num", tr)[0].text))
    return out


def same_name(cli_name, comps):
    """cli joins a composite name's components with ':' (each rendered per its type, a
    collection key as hex); the page shows each component per its type."""
    parts = cli_name.split(":")
    if len(comps) == 1:
        return cli_name == comps[0] or cli_name == comps[0].encode().hex()
    if len(parts) != len(comps):
        return False
    return all(p == c or p == c.encode().hex() for p, c in zip(parts, comps))


def compare_cells(what, listed, shown):
    check("%s: as many cells as cli lists (%d)" % (what, len(listed)), len(shown) == len(listed),
          "page shows %d" % len(shown))
    bad = []
    for i, ((name, value, ts), (comps, vhex, sts)) in enumerate(zip(listed, shown)):
        if not (same_name(name, comps) and value == vhex and ts == sts):
            bad.append("cell %d: cli (%s, %s, %s) page (%s, %s, %s)" % (i, name, value, ts, ":".join(comps), vhex, sts))
    check("%s: every cell's name, value and timestamp equal cli's, in order" % what, not bad, "; ".join(bad[:3]))


def test_home(page):
    started = time.monotonic()
    page.go("/")
    cards = page.wait_for(".ks-card")
    shown = time.monotonic() - started
    weight = page.d.execute_script(
        "return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
        ".reduce((a, e) => a + (e.decodedBodySize || 0), 0)")
    print("  measured: the home page shows in %.0f ms; page and assets %d bytes (uncompressed, no CDN)"
          % (shown * 1000, weight))
    names = {c.get_attribute("data-keyspace") for c in cards}
    check("home lists BloggyAppy, key_space_test and killrvideo",
          {"BloggyAppy", "key_space_test", "killrvideo"} <= names, repr(sorted(names)))
    side = [a.get_attribute("textContent") for a in page.all("#side a span.name")]
    check("sidebar lists BloggyAppy's four column families",
          all(cf in side for cf in ("Authors", "BlogEntries", "TaggedPosts", "Comments")), repr(side))
    page.shot("01-home.png")


def partition_list(page, ks, cf):
    """Every partition of the list view (all pages): [(key, cells, bytes)]."""
    page.go("/ks/%s/cf/%s/partitions" % (ks, cf))
    Select(page.wait_for("form.search select")[0]).select_by_value("500")
    rows = []
    while True:
        page.wait_for("table.partition-list tbody tr, .empty-state")
        for tr in page.all("table.partition-list tbody tr"):
            tds = page.all("td", tr)
            rows.append((tds[1].find_element(By.CSS_SELECTOR, ".txt").text,
                         int(tds[3].text.replace(",", "")), int(tds[4].text.replace(",", ""))))
        nxt = page.all(".pager button.next")
        if not nxt:
            return rows
        before = page.all(".partitions p.muted")[0].text
        nxt[0].click()
        WebDriverWait(page.d, WAIT).until(lambda d: page.text(".partitions p.muted") not in (before, "Loading…", ""))


def test_seed_002_partition(page, listing):
    page.go("/ks/key_space_test/cf/testtable/partitions")
    search = page.wait_for("form.search input[name=key]")[0]
    search.send_keys("pkey1_1:pkey2_1")
    page.all("form.search button[type=submit]")[0].click()
    links = page.wait_for("table.partition-list a.key")
    WebDriverWait(page.d, WAIT).until(lambda d: len(page.all("table.partition-list a.key")) == 1
                                      and "Found" in page.text(".partitions p.muted"))
    links = page.all("table.partition-list a.key")
    check("key search finds exactly seed 002's row", len(links) == 1 and links[0].text.split("\n")[0] == "pkey1_1:pkey2_1",
          repr([link.text for link in links]))
    links[0].click()
    page.wait_for("table.cells tr.cell")
    page.set_hex(True)
    compare_cells("seed 002 pkey1_1:pkey2_1", listing.get("pkey1_1:pkey2_1", []), shown_cells(page))
    tombs = [tuple(c[0]) for c in shown_cells(page, ("range_tombstone",))]
    check("beside them, the range tombstone 1.2 writes when a map is set whole, one per row",
          sorted(tombs) == sorted((k, "cvalue", "*") for k in ("103", "102", "101", "100", "12")), repr(tombs))
    rows = page.all("table.cql-rows tbody tr")
    skeys = []
    header = [th.text.split("\n")[0] for th in page.all("table.cql-rows thead th")]
    if "skey" in header:
        skeys = [page.all("td", r)[header.index("skey")].text for r in rows]
    check("its CQL rows are cqlsh's five, clustering order DESC", skeys == ["103", "102", "101", "100", "12"], repr(skeys))
    check("CQL columns in table order", header == ["pkey1", "pkey2", "skey", "cvalue", "value"], repr(header))
    page.set_hex(False)
    ActionChains(page.d).move_to_element(rows[1]).perform()
    time.sleep(0.2)
    lit = page.all("table.cells tr.cell.lit")
    lit_names = [(page.all("span.comp", tr)[0].text, tr.get_attribute("data-kind")) for tr in lit]
    check("hovering CQL row skey=102 lights its cells (map tombstone, row marker, map entry, value)",
          lit_names == [("102", k) for k in ("range_tombstone", "row_marker", "collection", "column")], repr(lit_names))
    cell = page.all("table.cells tr.cell[data-kind=row_marker]")[0]
    ActionChains(page.d).move_to_element(cell).perform()
    time.sleep(0.2)
    check("hovering a cell lights its CQL row", "lit" in rows[0].get_attribute("class").split())
    ActionChains(page.d).move_to_element(rows[1]).perform()
    page.shot("02-seed002-partition.png")


def super_listing(binary, port, keyspace, cf):
    """`list CF` of a Super column family: {row key: [(super column, name, value, timestamp)]}."""
    text = run([binary, "cli", "-p", str(port), "-e", "use %s; list %s;" % (keyspace, cf)])
    rows, current, sup = {}, None, None
    for line in text.splitlines():
        m = re.match(r"^RowKey: (.*)$", line)
        if m:
            current = rows.setdefault(m.group(1), [])
            continue
        m = re.match(r"^=> \(super_column=(.*),$", line)
        if m:
            sup = m.group(1)
            continue
        m = re.match(r"^\s+\(name=(.*), value=(.*), timestamp=(\d+)\)\)?$", line)
        if m and current is not None:
            current.append((sup, m.group(1), m.group(2), m.group(3)))
    return rows


def test_super_partition(page, binary, port):
    listing = super_listing(binary, port, "BloggyAppy", "Comments")
    page.go("/ks/BloggyAppy/cf/Comments/partitions")
    page.wait_for("table.partition-list a.key")
    first = page.all("table.partition-list tbody tr")[0]
    key_hex = first.get_attribute("data-key-hex")
    key = bytes.fromhex(key_hex).decode("utf-8", "replace")
    page.all("a.key", first)[0].click()
    boxes = page.wait_for(".drawing .box.super")
    page.wait_for("table.cells tr.cell")
    columns = page.all(".drawing .box.super .col")
    cells = page.all("table.cells tr.cell")
    check("Comments row %s drawn as row -> super columns -> columns" % key,
          len(page.all(".drawing .box.cf .box.row")) == 1 and len(boxes) >= 1 and len(columns) == len(cells),
          "%d supers, %d columns, %d cells" % (len(boxes), len(columns), len(cells)))
    listed = listing.get(key_hex, listing.get(key, []))
    check("as many super columns as cli lists", len(boxes) == len({c[0] for c in listed}),
          "%d vs %r" % (len(boxes), sorted({c[0] for c in listed})))
    page.set_hex(True)
    compare_cells("Comments %s" % key, [(n, v, ts) for (_, n, v, ts) in listed], shown_cells(page))
    page.set_hex(False)
    ActionChains(page.d).move_to_element(boxes[0].find_element(By.CSS_SELECTOR, ".box-head")).perform()
    time.sleep(0.2)
    lit = page.all("table.cells tr.cell.lit")
    per_super = len(boxes[0].find_elements(By.CSS_SELECTOR, ".col"))
    check("hovering a super column lights its cells", len(lit) == per_super, "%d lit, %d in it" % (len(lit), per_super))
    page.shot("03-super-column-family.png")


def test_ring(page):
    parts = partition_list(page, "key_space_test", "testtable")
    check("partition list shows seed 002's four partitions", len(parts) == 4, repr(parts))
    total_bytes = sum(p[2] for p in parts)
    page.go("/ks/key_space_test/cf/testtable/scale")
    page.wait_for("table.ring tr.node")
    page.wait_for(".sweep-bar", 10)
    check("histograms of cells and bytes drawn", len(page.all("figure.histogram")) == 2)
    for n in (3, 7, 12):
        page.all(".seg button[data-n='%d']" % n)[0].click()
        WebDriverWait(page.d, WAIT).until(lambda d: len(page.all("table.ring tr.node")) == n)
        nodes = page.all("table.ring tr.node")
        sum_parts = sum(int(page.all("td.parts", tr)[0].text.replace(",", "")) for tr in nodes)
        sum_bytes = sum(int(page.all("td.pbytes", tr)[0].text.replace(",", "")) for tr in nodes)
        check("ring of %d nodes: per-node partitions sum to the list's %d" % (n, len(parts)), sum_parts == len(parts),
              str(sum_parts))
        check("ring of %d nodes: per-node primary bytes sum to the list's %d" % (n, total_bytes), sum_bytes == total_bytes,
              str(sum_bytes))
    Select(page.all("select[name=rf]")[0]).select_by_value("2")
    WebDriverWait(page.d, WAIT).until(lambda d: "RF 2" in page.text(".ring-summary"))
    replica = sum(int(tr.find_elements(By.CSS_SELECTOR, "td.num")[-1].text.replace(",", ""))
                  for tr in page.all("table.ring tr.node"))
    check("RF 2: replica bytes are twice the data", replica == 2 * total_bytes, "%d vs %d" % (replica, total_bytes))
    page.all(".seg button[data-n='5']")[0].click()
    WebDriverWait(page.d, WAIT).until(lambda d: len(page.all("table.ring tr.node")) == 5)
    page.shot("04-will-it-scale.png")


def query_check(page, keyspace, query):
    page.go("/ks/key_space_test/cf/testtable/query")
    Select(page.wait_for("select[name=keyspace]")[0]).select_by_value(keyspace)
    box = page.all("textarea[name=query]")[0]
    box.clear()
    box.send_keys(query)
    page.all("form.query-form button[type=submit]")[0].click()
    v = page.wait_for(".verdict, .query-result .error")[0]
    if "error" in v.get_attribute("class"):
        return None, v.text, 0, None
    refused = any("refused" in b.text for b in page.all(".verdict .badge.bad"))
    return v.get_attribute("data-shape"), v.text, int(page.all(".touched-count")[0].text), refused


def test_query_check(page):
    one = {"single_partition", "partition_slice"}
    shape, text, touched, refused = query_check(page, "killrvideo",
                                                "SELECT * FROM user_videos WHERE userid = %s LIMIT 10" % USER_ID)
    check("seed 000: a user's latest videos read one partition, accepted by 1.2",
          shape in one and touched == 1 and refused is False, "%s, %d touched: %s" % (shape, touched, text))
    shape, text, touched, refused = query_check(page, "killrvideo",
                                                "SELECT content FROM posts_facebook WHERE user_id = %s LIMIT 20" % ANNA_ID)
    check("seed 001: Anna's 20 latest posts read one partition", shape in one and touched == 1,
          "%s, %d touched: %s" % (shape, touched, text))
    shape, text, touched, refused = query_check(page, "key_space_test", "SELECT * FROM testtable")
    check("seed 002: SELECT * scans the ring, touching the 4 partitions", shape == "ring_scan" and touched == 4,
          "%s, %d touched: %s" % (shape, touched, text))
    shape, text, touched, refused = query_check(page, "key_space_test",
                                                "SELECT * FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1'")
    check("seed 002: both partition key components read one partition", shape in one and touched == 1,
          "%s, %d touched: %s" % (shape, touched, text))
    page.shot("05-query-check.png")


def test_advise(page, shot="06-advise.png"):
    """Advise on a query 1.2 refuses (seed 002's non-key column): the proposed table, its query
    reading one partition, and the dry run on the stored data, as the API gives them."""
    query_check(page, "key_space_test", "SELECT * FROM testtable WHERE skey = 101")
    page.all("form.query-form button.advise")[0].click()
    advice = page.wait_for(".advice .advice-create, .query-result .error, .advice p.message")[0]
    create = advice.text
    check("Advise proposes a CREATE TABLE for seed 002's skey query",
          create.startswith("CREATE TABLE") and "skey" in create, create[:300])
    shape = page.all(".advice")[0].get_attribute("data-shape")
    check("the proposed table's query reads one partition",
          shape in ("single_partition", "partition_slice"), repr(shape))
    rewritten = page.text(".advice code.advice-query")
    check("the rewritten query names the proposed table and skey",
          rewritten.startswith("SELECT") and "skey" in rewritten, rewritten)
    body = page.all(".advice")[0].text
    check("the dry run measured the stored rows, under the limits",
          "dry run on the stored data" in body.lower() and "every partition under the limits" in body
          and len(page.all("table.advice-sizes tbody tr")) == 2, body[:400])
    check("the alternatives are listed", len(page.all("table.advice-alternatives tbody tr")) >= 1)
    page.shot(shot)


def test_advise_through_gateway(driver, binary, workdir, screens):
    """The same Advise view on a gateway's explorer, in front of a backend supercolumn serving the
    native protocol, seed 002 loaded through the gateway: the dry run reads the cluster's rows."""
    with Supercolumn(binary=binary, extra_args=["--native-listen", "127.0.0.1:0"]) as backend:
        url = "cassandra://127.0.0.1:%d" % backend.native_port
        with Supercolumn(binary=binary, extra_args=["--backend", url]) as gateway:
            path = os.path.join(workdir, "seed002-gateway.cql")
            with open(path, "w") as f:
                f.write(SEED_002)
            run([binary, "cqlsh", "127.0.0.1", str(gateway.port), "-f", path])
            page = Page(driver, "http://127.0.0.1:%d" % gateway.admin_port, screens)
            test_advise(page, "07-advise-gateway.png")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--screens", default=os.path.join(ROOT, "target", "explorer-screens"))
    args = ap.parse_args()
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            print("error: %s is missing (scripts/system-packages.sh browser installs it)" % path, file=sys.stderr)
            return 2
    os.makedirs(args.screens, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="explorer-browser-")
    driver = None
    try:
        with Supercolumn() as sc:
            binary = sc.binary
            load_data(sc, binary, workdir)
            listing, text = cli_listing(binary, sc.port, "key_space_test", "testtable")
            check("cli lists seed 002's row pkey1_1:pkey2_1 with 15 cells", len(listing.get("pkey1_1:pkey2_1", [])) == 15, text)
            driver = browser(workdir)
            page = Page(driver, "http://127.0.0.1:%d" % sc.admin_port, args.screens)
            for name, test in (("home", lambda: test_home(page)),
                               ("seed 002 partition", lambda: test_seed_002_partition(page, listing)),
                               ("super column family", lambda: test_super_partition(page, binary, sc.port)),
                               ("will it scale", lambda: test_ring(page)),
                               ("query check", lambda: test_query_check(page)),
                               ("advise", lambda: test_advise(page)),
                               ("advise through a gateway", lambda: test_advise_through_gateway(
                                   driver, binary, workdir, args.screens))):
                print("%s:" % name)
                try:
                    test()
                except (TimeoutException, StaleElementReferenceException, IndexError, ValueError) as e:
                    check("%s ran to the end" % name, False, "%s: %s" % (type(e).__name__, str(e).strip()[:300]))
                    page.shot("fail-%s.png" % name.replace(" ", "-"))
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            check("the browser logged no error", not errors, repr(errors[:3]))
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(workdir, ignore_errors=True)
    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
