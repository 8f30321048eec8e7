// "Will it scale?": the distribution of partition sizes (cells and bytes)
// with the largest partitions and the warnings past the thresholds, then
// the spread of the data over a hypothetical ring of N nodes with
// replication factor R under a chosen partitioner, as per-node load bars,
// with skew flagged and the partitions that cause it.

import { api } from "./api.js";
import { h, clear, table, badge, errorBox, valueWithHex } from "./dom.js";
import * as fmt from "./format.js";

// A skew (busiest node over the mean) past these is flagged.
const SKEW_UNEVEN = 1.2;
const SKEW_BAD = 1.5;

function skewBadge(skew, skewed) {
  if (skewed || skew >= SKEW_BAD) return badge("skewed " + fmt.ratio(skew), "bad");
  if (skew >= SKEW_UNEVEN) return badge("uneven " + fmt.ratio(skew), "warn");
  return badge("even " + fmt.ratio(skew), "good");
}

const bound = (b) => (b.le === null || b.le === undefined || b.le === "+Inf" ? Infinity : Number(b.le));

// Bars of partitions per size bucket; buckets wholly past the threshold are red.
function histogram(title, buckets, label, threshold) {
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const bars = buckets.map((b, i) => {
    const pct = (100 * b.count) / max;
    const over = threshold !== undefined && i > 0 && bound(buckets[i - 1]) >= threshold;
    return h("div.hbar" + (over ? ".over" : ""), { title: fmt.count(b.count) + " partitions with " + label(b) + (over ? " (past the limit)" : "") },
      h("div.hbar-count", b.count ? fmt.count(b.count) : ""),
      h("div.hbar-track", h("div.hbar-fill" + (b.count ? "" : ".zero"), { style: "height:" + pct.toFixed(1) + "%" })),
      h("div.hbar-label", label(b)));
  });
  return h("figure.histogram", h("figcaption", title), h("div.hbars", bars));
}

const le = (f) => (b) => (bound(b) === Infinity ? "more" : "≤ " + f(b.le));

async function renderStats(box, { ks, cf, href }) {
  const s = await api.stats(ks, cf);
  const largest = s.largest && s.largest[0];
  box.append(h("div.tiles",
    h("div.tile", h("div.tile-v", fmt.count(s.partitions)), h("div.tile-k", "partitions")),
    h("div.tile", h("div.tile-v", fmt.count(s.cells)), h("div.tile-k", "cells")),
    h("div.tile", h("div.tile-v", fmt.bytes(s.bytes)), h("div.tile-k", "stored")),
    h("div.tile", h("div.tile-v", s.partitions ? fmt.count(Math.round(s.cells / s.partitions)) : "–"), h("div.tile-k", "cells per partition (mean)")),
    h("div.tile", h("div.tile-v", largest ? fmt.count(largest.cells) : "–"), h("div.tile-k", "cells in the largest")),
  ));
  const th = s.thresholds || { bytes: 100e6, cells: 100000 };
  const limits = fmt.si(th.bytes, "B") + " or " + fmt.count(th.cells) + " cells per partition";
  if (s.complete === false) {
    box.append(h("p.warn", "Figures from the first " + fmt.count(s.partitions) + " partitions in ring order (the scan is bounded)."));
  }
  if (s.source === "cluster") {
    box.append(h("p.muted", "Sizes of the live data as the cluster answers it (no tombstones)."));
  }
  if (s.partial_partitions) {
    box.append(h("p.warn", fmt.count(s.partial_partitions) + " partitions were counted only in part (too big to read whole): their figures are lower bounds."));
  }
  if (s.warnings && s.warnings.length) {
    const more = (s.warning_count || s.warnings.length) - s.warnings.length;
    box.append(h("div.warnings", { role: "alert" },
      h("h3", fmt.count(s.warning_count || s.warnings.length) + " partitions past the limits (" + limits + ")"),
      h("ul", s.warnings.map((w) => h("li",
        w.key_hex ? h("a", { href: href("ks", ks, "cf", cf, "p", w.key_hex) }, String(w.key)) : h("strong", String(w.key)),
        ": ", w.reason)), more > 0 ? h("li", "… and " + fmt.count(more) + " more") : null)));
  } else {
    box.append(h("p.ok", "No partition is past the limits (" + limits + "): ",
      "partitions this size read, compact and repair comfortably."));
  }
  box.append(h("div.histograms",
    histogram("Partitions by cells (rows)", s.histogram.cells, le((n) => fmt.si(n)), th.cells),
    histogram("Partitions by bytes", s.histogram.bytes, le((n) => fmt.si(n, "B")), th.bytes)));
  if (s.largest && s.largest.length) {
    box.append(h("h3", "Largest partitions"), table(
      [{ label: "Key" }, { label: "Cells", num: true }, { label: "Bytes", num: true }],
      s.largest.map((p) => h("tr",
        h("td", h("a", { href: href("ks", ks, "cf", cf, "p", p.key_hex) }, valueWithHex(p.key, p.key_hex))),
        h("td.num", fmt.count(p.cells)), h("td.num", fmt.count(p.bytes)))), "compact"));
  }
}

function ringBars(r, opts) {
  const max = Math.max(1, ...r.nodes.map((n) => n.replica_bytes || n.primary_bytes));
  const sumParts = r.nodes.reduce((a, n) => a + n.primary_partitions, 0);
  const sumBytes = r.nodes.reduce((a, n) => a + n.primary_bytes, 0);
  const mean = r.nodes.length ? sumBytes / r.nodes.length : 0;
  const hotNodes = new Set((r.hot || []).map((x) => x.node));
  const rows = r.nodes.map((n) => h("tr.node" + (hotNodes.has(n.index) ? ".hot" : ""), {
    dataset: { node: String(n.index), primaryPartitions: String(n.primary_partitions), primaryBytes: String(n.primary_bytes) },
  },
  h("th", "node " + n.index),
  h("td.range", h("code", { title: n.start_token + " … " + n.end_token }, fmt.shortToken(n.start_token), " … ", fmt.shortToken(n.end_token))),
  h("td.bars",
    h("div.bar-track",
      h("div.bar-replica", { style: "width:" + ((100 * n.replica_bytes) / max).toFixed(2) + "%" }),
      h("div.bar-primary", { style: "width:" + ((100 * n.primary_bytes) / max).toFixed(2) + "%" }),
      mean ? h("div.bar-mean", { style: "left:" + ((100 * mean) / max).toFixed(2) + "%", title: "mean" }) : null)),
  h("td.num.parts", fmt.count(n.primary_partitions)),
  h("td.num.pbytes", fmt.count(n.primary_bytes)),
  h("td.num", fmt.count(n.replica_bytes))));
  rows.push(h("tr.total",
    h("th", "total"), h("td"), h("td.muted", "primary totals sum to the column family's: ",
      sumBytes === r.total_bytes ? "✓" : "✗ (" + fmt.count(r.total_bytes) + " expected)"),
    h("td.num.parts", fmt.count(sumParts)), h("td.num.pbytes", fmt.count(sumBytes)),
    h("td.num", fmt.count(r.nodes.reduce((a, n) => a + n.replica_bytes, 0)))));
  return h("div",
    h("p.ring-summary", skewBadge(r.skew, r.skewed), " the busiest node holds ", fmt.ratio(r.skew),
      " the mean (", r.nodes.length, " nodes, RF ", r.rf ?? opts.rf, ", ", r.partitioner || opts.partitioner, ")."),
    r.complete === false ? h("p.warn", "Computed from the first partitions in ring order (the scan is bounded).") : null,
    table([{ label: "Node" }, { label: "Primary range" }, { label: "Load (dark: primary, light: with replicas)" },
      { label: "Partitions", num: true }, { label: "Primary bytes", num: true }, { label: "Replica bytes", num: true }],
    rows, "ring"),
    r.hot && r.hot.length ? h("div.hot-list", h("h3", "Partitions behind the skew"),
      table([{ label: "Key" }, { label: "Bytes", num: true }, { label: "Node", num: true }],
        r.hot.map((x) => h("tr", h("td", String(x.key)), h("td.num", fmt.count(x.bytes)), h("td.num", String(x.node)))), "compact"))
      : null);
}

async function renderRing(box, { ks, cf }) {
  // No partitioner at first: the API answers with the node's own.
  const opts = { nodes: 3, rf: 1, partitioner: null };
  const result = h("div.ring-result");
  const sweep = h("div.sweep");
  const nodeButtons = h("div.seg", { role: "group", "aria-label": "nodes" });
  const nodesInput = h("input", { type: "number", min: "1", max: "64", value: String(opts.nodes), "aria-label": "nodes", name: "nodes" });
  const rfSel = h("select", { name: "rf", "aria-label": "replication factor" });
  const partSel = h("select", { name: "partitioner", "aria-label": "partitioner" },
    [["murmur3", "Murmur3Partitioner"], ["random", "RandomPartitioner"], ["byteordered", "ByteOrderedPartitioner"]]
      .map(([v, l]) => h("option", { value: v }, l)));
  for (let n = 3; n <= 12; n++) {
    nodeButtons.append(h("button", { type: "button", dataset: { n: String(n) }, onclick: () => set({ nodes: n }) }, String(n)));
  }
  nodesInput.addEventListener("change", () => set({ nodes: Math.min(64, Math.max(1, Number(nodesInput.value) || 1)) }));
  rfSel.addEventListener("change", () => set({ rf: Number(rfSel.value) }));
  partSel.addEventListener("change", () => set({ partitioner: partSel.value }));
  box.append(h("div.controls",
    h("label", "Nodes ", nodeButtons, nodesInput),
    h("label", "Replication factor ", rfSel),
    h("label", "Partitioner ", partSel)), result, sweep);

  function syncControls() {
    nodesInput.value = String(opts.nodes);
    for (const b of nodeButtons.children) b.classList.toggle("active", Number(b.dataset.n) === opts.nodes);
    clear(rfSel);
    for (let r = 1; r <= opts.nodes; r++) rfSel.append(h("option", { value: r, selected: r === opts.rf }, String(r)));
  }

  async function set(change) {
    const sweepChanged = change.partitioner !== undefined || change.rf !== undefined || !sweep.dataset.drawn;
    Object.assign(opts, change);
    opts.rf = Math.min(opts.rf, opts.nodes);
    syncControls();
    clear(result).append(h("p.muted", "Computing…"));
    try {
      const r = await api.ring(ks, cf, opts);
      if (!opts.partitioner && r.partitioner) {
        opts.partitioner = r.partitioner;
        partSel.value = r.partitioner;
      }
      clear(result).append(ringBars(r, opts));
    } catch (e) {
      clear(result).append(errorBox(e));
    }
    if (sweepChanged) drawSweep();
  }

  // Skew for every ring size from 3 to 12 at once, to see where it settles.
  async function drawSweep() {
    sweep.dataset.drawn = "1";
    clear(sweep).append(h("p.muted", "Spread for 3–12 nodes…"));
    const sizes = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    try {
      const all = await Promise.all(sizes.map((n) =>
        api.ring(ks, cf, { nodes: n, rf: Math.min(opts.rf, n), partitioner: opts.partitioner })));
      const max = Math.max(SKEW_BAD, ...all.map((r) => r.skew || 0));
      clear(sweep).append(h("h3", "Skew for 3 to 12 nodes (", opts.partitioner, ", RF up to ", opts.rf, ")"),
        h("div.sweep-bars", all.map((r, i) => h("button.sweep-bar" + (r.skew >= SKEW_BAD ? ".bad" : r.skew >= SKEW_UNEVEN ? ".warn" : ""), {
          type: "button", title: sizes[i] + " nodes: skew " + fmt.ratio(r.skew), onclick: () => set({ nodes: sizes[i] }),
          dataset: { n: String(sizes[i]), skew: String(r.skew) },
        },
        h("span.sweep-v", fmt.ratio(r.skew)),
        h("span.sweep-track", h("span.sweep-fill", { style: "height:" + ((100 * (r.skew || 0)) / max).toFixed(1) + "%" })),
        h("span.sweep-n", sizes[i] + " nodes")))));
    } catch (e) {
      clear(sweep).append(errorBox(e));
    }
  }
  await set({});
}

export async function renderScale(panel, ctx) {
  const stats = h("section.scale-stats", h("h2", "Partition sizes"));
  const ring = h("section.scale-ring", h("h2", "Spread over a ring"),
    h("p.muted", "Where each partition's token lands on a ring of evenly spaced nodes; ",
      "replicas go to the next nodes clockwise (SimpleStrategy)."));
  panel.append(stats, ring);
  try {
    await renderStats(stats, ctx);
  } catch (e) {
    stats.append(errorBox(e));
  }
  await renderRing(ring, ctx);
}
