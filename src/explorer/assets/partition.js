// One partition, two views side by side: on the left its CQL rows (CQL3
// tables) or the nested drawing of a Thrift row (drawing.js); on the right
// the cells as the server stores them (composite names split into their
// components, row markers, collection cells, tombstones, TTLs, timestamps).
// Hovering a row lights its cells and hovering a cell lights its row:
// elements share link tokens in data-links (r<row>, c<cell id>, s<super hex>).

import { api } from "./api.js";
import { h, table, badge, valueWithHex, utf8Hint } from "./dom.js";
import * as fmt from "./format.js";
import { drawThrift } from "./drawing.js";

// Column order and key roles from CREATE TABLE text: the API gives each row
// as an object, whose key order JSON does not promise.
export function parseCqlDefinition(text) {
  const out = { columns: [], types: {}, partitionKey: [], clustering: [] };
  if (!text) return out;
  const open = text.indexOf("(");
  if (open < 0) return out;
  let depth = 0;
  let item = "";
  const items = [];
  for (const ch of text.slice(open + 1)) {
    if (ch === "(" || ch === "<") depth++;
    if (ch === ")" || ch === ">") depth--;
    if (depth < 0) break;
    if (ch === "," && depth === 0) {
      items.push(item.trim());
      item = "";
    } else item += ch;
  }
  items.push(item.trim());
  const ident = (s) => {
    s = s.trim();
    return s.startsWith('"') ? s.slice(1, -1) : s.toLowerCase();
  };
  for (const it of items) {
    const pk = /^PRIMARY\s+KEY\s*\(([\s\S]*)\)$/i.exec(it);
    if (pk) {
      const inner = pk[1].trim();
      let rest;
      if (inner.startsWith("(")) {
        const close = inner.indexOf(")");
        out.partitionKey = inner.slice(1, close).split(",").map(ident);
        rest = inner.slice(close + 1);
      } else {
        const parts = inner.split(",");
        out.partitionKey = [ident(parts[0])];
        rest = parts.slice(1).join(",");
      }
      out.clustering = rest.split(",").map((s) => s.trim()).filter(Boolean).map(ident);
      continue;
    }
    const m = /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)\s+([^\s]+(?:\s*<[^>]*>)?)/.exec(it);
    if (m) {
      out.columns.push(ident(m[1]));
      out.types[ident(m[1])] = m[2].toLowerCase();
      if (/\bPRIMARY\s+KEY\b/i.test(it)) out.partitionKey = [ident(m[1])];
    }
  }
  return out;
}

function orderedColumns(rows, parsed) {
  const seen = [];
  for (const r of rows) for (const k of Object.keys(r.columns)) if (!seen.includes(k)) seen.push(k);
  const rank = (k) => {
    const i = parsed.columns.indexOf(k.toLowerCase());
    return i < 0 ? parsed.columns.length + seen.indexOf(k) : i;
  };
  return seen.sort((a, b) => rank(a) - rank(b));
}

function cqlRows(p, parsed) {
  const cols = orderedColumns(p.rows, parsed);
  const role = (c) => parsed.partitionKey.includes(c.toLowerCase()) ? "partition key"
    : parsed.clustering.includes(c.toLowerCase()) ? "clustering" : null;
  return h("table.cql-rows",
    h("thead", h("tr", cols.map((c) => h("th", c, role(c) ? h("span.role", role(c)) : null)))),
    h("tbody", p.rows.map((r) => h("tr.cql-row", { dataset: { links: "r" + r.index, row: String(r.index) } },
      cols.map((c) => h("td" + (role(c) ? ".key-col" : ""), r.columns[c] === undefined || r.columns[c] === null
        ? h("span.muted", "null") : String(r.columns[c])))))));
}

const KIND_LABEL = {
  column: "column",
  row_marker: "row marker",
  collection: "collection",
  counter: "counter",
  tombstone: "tombstone",
  range_tombstone: "range tombstone",
  expiring: "expiring",
};

function chips(components) {
  const comps = components && components.length ? components : [{ type: "", value: "" }];
  const out = [];
  comps.forEach((c, i) => {
    if (i) out.push(h("span.sep", ":"));
    const empty = c.value === null || c.value === undefined || c.value === "";
    const text = empty ? null : utf8Hint(String(c.value), c.hex);
    out.push(h("span.comp" + (empty ? ".empty" : "") + (text !== null ? ".utf8" : ""),
      { title: (c.type ? fmt.typeName(c.type) : "") + (c.eoc ? " (end-of-component " + c.eoc + ")" : "")
        + (text !== null ? ": bytes " + c.hex + ", read as UTF-8" : "") },
      empty ? "" : text !== null ? text : String(c.value)));
  });
  return h("span.comps", out);
}

// A cell's name split into its components; a range tombstone shows its
// start and end; a partition or super-column deletion has no name of its own.
function nameCell(cell) {
  if (cell.scope === "partition") return h("td.name", h("span.scope", "the whole partition"));
  if (cell.scope === "super_column") return h("td.name", h("span.scope", "the whole super column"), h("code.hex", cell.name_hex));
  if (cell.kind === "range_tombstone" && cell.end_components) {
    const hex = h("code.hex", cell.name_hex + " … " + (cell.end_hex || ""));
    const same = (a, b) => a.length === b.length && a.every((c, i) => c.value === b[i].value);
    // A collection overwritten whole (or a CQL row deleted) is one prefix:
    // every cell under it is deleted.
    if (same(cell.components || [], cell.end_components)) {
      return h("td.name", h("span.range", chips(cell.components), h("span.sep", ":"),
        h("span.comp.star", { title: "every cell under this prefix" }, "*")), hex);
    }
    return h("td.name", h("span.range", chips(cell.components), h("span.range-to", " to "), chips(cell.end_components)), hex);
  }
  return h("td.name", chips(cell.components), h("code.hex", cell.name_hex));
}

function cellRow(cell, superHex) {
  const links = ["c" + cell.id];
  if (cell.row !== null && cell.row !== undefined) links.push("r" + cell.row);
  if (superHex) links.push("s" + superHex);
  const lifetime = [];
  if (cell.ttl) lifetime.push(h("div", "TTL " + fmt.count(cell.ttl) + " s"));
  if (cell.local_deletion_time !== null && cell.local_deletion_time !== undefined) {
    lifetime.push(h("div.muted", (cell.kind === "expiring" ? "expires " : "deleted ") + fmt.seconds(cell.local_deletion_time)));
  }
  return h("tr.cell.kind-" + cell.kind, { dataset: { links: links.join(" "), cell: String(cell.id), kind: cell.kind } },
    nameCell(cell),
    h("td", badge(KIND_LABEL[cell.kind] || cell.kind, "k-" + cell.kind)),
    h("td.value", cell.kind === "row_marker" || cell.kind === "tombstone" || cell.kind === "range_tombstone"
      ? h("span.muted", cell.value_hex ? valueWithHex(cell.value, cell.value_hex) : "—")
      : valueWithHex(cell.value, cell.value_hex)),
    h("td.ts", h("div.num", { dataset: { ts: String(cell.timestamp) } }, String(cell.timestamp ?? "")),
      h("div.muted", fmt.micros(cell.timestamp)), lifetime));
}

// The API lists range tombstones first; beside the cells of their CQL row
// they read as what they are (e.g. the old map deleted before the new one).
function storedOrder(cells) {
  const out = cells.filter((c) => !(c.kind === "range_tombstone" && c.row !== null && c.row !== undefined));
  for (const rt of cells.filter((c) => c.kind === "range_tombstone" && c.row !== null && c.row !== undefined)) {
    const at = out.findIndex((c) => c.row === rt.row && c.kind !== "range_tombstone" && c.scope !== "partition");
    if (at < 0) out.push(rt);
    else out.splice(at, 0, rt);
  }
  return out;
}

function cellsTable(p, isSuper) {
  const rows = [];
  const superOf = new Map();
  for (const s of p.supers || []) for (const id of s.cells) superOf.set(id, s);
  let lastSuper = null;
  for (const cell of storedOrder(p.cells)) {
    const s = superOf.get(cell.id);
    if (isSuper && s !== lastSuper) {
      lastSuper = s;
      rows.push(h("tr.group", { dataset: s ? { links: "s" + s.name_hex } : {} },
        h("td", { colspan: "4" }, h("span.group-kind", "super column "),
          valueWithHex(s ? s.name : cell.super, s && s.name_hex))));
    }
    rows.push(cellRow(cell, s && s.name_hex));
  }
  return table([{ label: "Name" }, { label: "Kind" }, { label: "Value" }, { label: "Timestamp (µs), TTL" }],
    rows, "cells");
}

// Lights every element sharing a link token with the hovered one.
function linkHover(root) {
  const index = new Map();
  for (const el of root.querySelectorAll("[data-links]")) {
    for (const t of el.dataset.links.split(" ")) {
      if (!index.has(t)) index.set(t, []);
      index.get(t).push(el);
    }
  }
  let lit = [];
  const off = () => {
    lit.forEach((el) => el.classList.remove("lit", "focus"));
    lit = [];
  };
  root.addEventListener("mouseover", (e) => {
    const el = e.target.closest("[data-links]");
    if (!el || !root.contains(el) || el.classList.contains("focus")) return;
    off();
    // A cell (or a drawn column) lights its twin and its row or super
    // column, not every other cell of that row.
    const leaf = (x) => x.classList.contains("cell") || x.classList.contains("col");
    for (const t of el.dataset.links.split(" ")) {
      for (const other of index.get(t) || []) {
        if (leaf(el) && !t.startsWith("c") && leaf(other)) continue;
        other.classList.add("lit");
        lit.push(other);
      }
    }
    el.classList.add("focus");
  });
  root.addEventListener("mouseleave", off);
}

function fact(label, value) {
  return h("div.fact", h("span.fact-k", label), h("span.fact-v", value));
}

export async function renderPartition(view, { ks, cf, key, href }) {
  const [def, p] = await Promise.all([api.columnFamily(ks, cf), api.partition(ks, cf, key)]);
  const isCql = !!def.cql_definition;
  const isSuper = def.column_type === "Super";
  const live = p.cells.filter((c) => c.kind !== "tombstone" && c.kind !== "range_tombstone").length;
  view.append(h("section.card.partition-head",
    h("div.card-head",
      h("h1", h("span.label", "Partition "), valueWithHex(p.key, p.key_hex, "pkey")),
      h("a.back", { href: href("ks", ks, "cf", cf) }, "← all partitions of " + cf)),
    h("div.facts-inline",
      fact("Token", h("code.token", String(p.token))),
      fact("Cells", fmt.count(p.cells.length) + (live !== p.cells.length ? " (" + fmt.count(live) + " live)" : "")),
      isCql ? fact("CQL rows", fmt.count(p.rows.length)) : null,
      isSuper ? fact("Super columns", fmt.count(p.supers.length)) : null,
      fact("Key validator", h("code", fmt.typeName(def.key_validator)))),
    p.truncated ? h("p.warn", "Only the first " + fmt.count(p.cells.length) + " cells are shown (the partition has more).") : null));

  const left = h("section.pane.left",
    h("h2", isCql ? "As CQL rows" : isSuper ? "As rows → super columns → columns" : "As a row of columns"),
    h("p.muted", isCql ? "What SELECT returns. Hover a row to light its cells."
      : "How the Thrift API sees it. Hover a column to light its cell."),
    isCql ? (p.rows.length ? cqlRows(p, parseCqlDefinition(def.cql_definition)) : h("p.empty-state", "No live rows."))
      : drawThrift(def, p));
  const cluster = p.source === "cluster";
  const naming = isCql ? ": a name is the row's clustering values, then the column name (and a map key)."
    : ", one cell per column" + (isSuper ? ", grouped by super column." : ".");
  const right = h("section.pane.right",
    h("h2", cluster ? "As the cluster answers" : "As stored cells"),
    h("p.muted", cluster
      ? "The live cells the cluster returns (it shows no tombstones or deletions)" + naming +
        (isCql ? " Row markers' and collection elements' timestamps are stand-ins: CQL cannot read theirs." : "")
      : "What the server stores (cassandra-cli lists the live cells)" + naming),
    cellsTable(p, isSuper));
  const split = h("div.split", left, right);
  view.append(split);
  linkHover(split);
}
