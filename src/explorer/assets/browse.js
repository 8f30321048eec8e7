// Browsing: the home page (keyspaces and their column families) and one
// column family (its definition, then tabs: partitions in ring order with a
// key search, "will it scale", and the query check).

import { api } from "./api.js";
import { h, clear, table, badge, errorBox, valueWithHex } from "./dom.js";
import * as fmt from "./format.js";
import { renderScale } from "./scale.js";
import { renderQuery } from "./query.js";

export async function renderHome(view, { keyspaces, href }) {
  view.append(h("h1", "Keyspaces"),
    h("p.lede", "Browse a schema as the server stores it: keyspace → column family → partition → cells. ",
      "Pick a column family to see its definition, its partitions in ring order, whether it will scale, ",
      "and how a query would run on it."));
  const grid = h("div.cards");
  for (const ks of keyspaces.keyspaces) {
    const repl = Object.entries(ks.replication || {}).map(([k, v]) => k + ": " + v).join(", ");
    grid.append(h("section.card.ks-card", { dataset: { keyspace: ks.name } },
      h("h2", ks.name),
      h("p.muted", fmt.typeName(ks.strategy), repl ? " · " + repl : ""),
      ks.column_families.length
        ? h("ul.cf-list", ks.column_families.map((cf) =>
          h("li", h("a", { href: href("ks", ks.name, "cf", cf.name) }, cf.name),
            " ", badge(cf.type, cf.type === "Super" ? "super" : "std"),
            cf.cql3 ? badge("CQL3", "cql") : null)))
        : h("p.muted", "no column families")));
  }
  view.append(grid);
  const query = h("section.card.wide");
  view.append(query);
  renderQuery(query, { keyspaces, keyspace: keyspaces.keyspaces[0] && keyspaces.keyspaces[0].name, href });
}

function definition(cf, ks, open) {
  const rows = [
    ["Column type", cf.column_type],
    ["Comparator (column names)", fmt.typeName(cf.comparator)],
    cf.column_type === "Super" ? ["Subcomparator (sub-column names)", fmt.typeName(cf.subcomparator)] : null,
    ["Default validator (values)", fmt.typeName(cf.default_validator)],
    ["Key validator (row keys)", fmt.typeName(cf.key_validator)],
    cf.comment ? ["Comment", cf.comment] : null,
    ks ? ["Replication", fmt.typeName(ks.strategy) + " " + JSON.stringify(ks.replication || {})] : null,
  ].filter(Boolean);
  const facts = h("div.def-facts",
    h("dl.facts", rows.map(([k, v]) => [h("dt", k), h("dd", h("code", v || "–"))])));
  if (cf.column_metadata && cf.column_metadata.length) {
    facts.append(h("h3", "Column metadata"),
      table([{ label: "Column" }, { label: "Validator" }, { label: "Index" }],
        cf.column_metadata.map((c) => h("tr",
          h("td", valueWithHex(c.name, c.name_hex)),
          h("td", h("code", fmt.typeName(c.validator))),
          h("td", c.index ? String(c.index) : h("span.muted", "–")))), "compact"));
  }
  const card = h("section.card.definition",
    h("div.card-head",
      h("h1", cf.name, h("span.in", " in ", cf.keyspace)),
      h("div.badges", badge(cf.column_type, cf.column_type === "Super" ? "super" : "std"),
        cf.cql_definition ? badge("CQL3 table", "cql") : null,
        badge("defined by " + cf.origin, "origin"))),
    h("details.def", { open },
      h("summary", "Definition ", h("span.muted", "(comparators, validators", cf.cql_definition ? ", CREATE TABLE)" : ")")),
      h("div.def-body" + (cf.cql_definition ? ".with-cql" : ""), facts,
        cf.cql_definition ? h("div.def-cql", h("h3", "CQL definition"), h("pre.cql", cf.cql_definition)) : null)));
  return card;
}

const TABS = [
  ["partitions", "Partitions"],
  ["scale", "Will it scale?"],
  ["query", "Query check"],
];

export async function renderColumnFamily(view, { ks, cf, tab, keyspaces, href }) {
  const def = await api.columnFamily(ks, cf);
  const ksInfo = keyspaces.keyspaces.find((k) => k.name === ks);
  const current = TABS.some(([t]) => t === tab) ? tab : "partitions";
  // The definition is open where one browses partitions, folded on the other tabs.
  view.append(definition(def, ksInfo, current === "partitions"));
  view.append(h("nav.tabs", { role: "tablist" },
    TABS.map(([t, label]) => h("a" + (t === current ? ".active" : ""),
      { href: href("ks", ks, "cf", cf, t), role: "tab", "aria-selected": t === current ? "true" : "false" }, label))));
  const panel = h("section.panel", { dataset: { tab: current } });
  view.append(panel);
  if (current === "partitions") await renderPartitions(panel, { ks, cf, def, href });
  else if (current === "scale") await renderScale(panel, { ks, cf, def, href });
  else renderQuery(panel, { keyspaces, keyspace: ks, cf, def, href });
}

function keyHint(def) {
  const kv = fmt.typeName(def.key_validator);
  if (/^CompositeType\(/.test(kv)) return "the key's components joined by “:” (" + kv + ")";
  return "typed as " + kv;
}

async function renderPartitions(panel, { ks, cf, def, href }) {
  const state = { limit: 50, trail: [], after: null, key: "" };
  const input = h("input", { type: "search", name: "key", placeholder: "row key", "aria-label": "row key" });
  const limitSel = h("select", { "aria-label": "partitions per page" },
    [25, 50, 100, 500].map((n) => h("option", { value: n, selected: n === state.limit }, n + " per page")));
  const body = h("div.partitions");
  const form = h("form.search", {
    onsubmit: (e) => {
      e.preventDefault();
      state.key = input.value;
      state.trail = [];
      state.after = null;
      load();
    },
  }, h("label", "Find a partition by key, ", h("span.muted", keyHint(def)), input),
  h("button", { type: "submit" }, "Find"),
  h("button.secondary", { type: "button", onclick: () => {
    input.value = "";
    state.key = "";
    state.trail = [];
    state.after = null;
    load();
  } }, "All"),
  limitSel);
  limitSel.addEventListener("change", () => {
    state.limit = Number(limitSel.value);
    state.trail = [];
    state.after = null;
    load();
  });
  panel.append(form, body);

  async function load() {
    clear(body).append(h("p.muted", "Loading…"));
    let page;
    try {
      page = await api.partitions(ks, cf, { limit: state.limit, after: state.key ? null : state.after, key: state.key || null });
    } catch (e) {
      clear(body).append(errorBox(e));
      return;
    }
    clear(body);
    if (!page.partitions.length) {
      body.append(h("p.empty-state", state.key ? "No partition has the key “" + state.key + "”." : "This column family holds no partitions."));
      return;
    }
    const first = state.trail.length * state.limit;
    body.append(h("p.muted", (state.key ? "Found by key." : "Partitions " + fmt.count(first + 1) + "–" +
      fmt.count(first + page.partitions.length) + " in ring order (by token).") +
      (page.source === "cluster" ? " Live data as the cluster answers it (no tombstones)." : "")));
    body.append(table(
      [{ label: "#", num: true }, { label: "Key" }, { label: "Token" }, { label: "Cells", num: true }, { label: "Bytes", num: true }],
      page.partitions.map((p, i) => h("tr", { dataset: { keyHex: p.key_hex } },
        h("td.num.muted", state.key ? "" : String(first + i + 1)),
        h("td", h("a.key", { href: href("ks", ks, "cf", cf, "p", p.key_hex) }, valueWithHex(p.key, p.key_hex))),
        h("td", h("code.token", { title: String(p.token) }, fmt.shortToken(p.token))),
        h("td.num", (p.partial ? "≥ " : "") + fmt.count(p.cells)),
        h("td.num", { title: fmt.bytes(p.bytes) }, (p.partial ? "≥ " : "") + fmt.count(p.bytes)))), "partition-list"));
    const pager = h("div.pager");
    if (!state.key && state.trail.length) {
      pager.append(h("button.secondary", { type: "button", onclick: () => {
        state.after = state.trail.pop();
        load();
      } }, "← Previous"));
    }
    if (!state.key && page.next) {
      pager.append(h("button", { type: "button", class: "next", onclick: () => {
        state.trail.push(state.after);
        state.after = page.next;
        load();
      } }, "Next " + state.limit + " →"));
    }
    body.append(pager);
  }
  await load();
}
