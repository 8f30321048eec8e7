// Query check: paste a CQL3 SELECT (or describe a Thrift read call) and see
// how it would run on this schema: one partition, a slice of one, several
// partitions, a secondary-index scan or a scan of the whole ring; whether
// Cassandra 1.2 refuses it without ALLOW FILTERING; the partitions it would
// touch on the stored data. The verdict is the API's; this only asks and shows.

import { api } from "./api.js";
import { h, clear, badge, errorBox } from "./dom.js";
import { parseCqlDefinition } from "./partition.js";
import { advise } from "./advise.js";

const SHAPES = {
  single_partition: ["one partition", "good", "Reads one partition: one node (per replica) answers from one place on disk."],
  partition_slice: ["a slice of one partition", "good", "Reads a contiguous slice of one partition, in clustering order."],
  multi_partition: ["several partitions", "warn", "Reads several partitions: one lookup each, possibly on different nodes."],
  index_scan: ["a secondary-index scan", "warn", "Goes through a secondary index: every node is asked, then rows are fetched."],
  ring_scan: ["a full ring scan", "bad", "Walks every partition on every node: cost grows with the whole data set."],
};

// Example queries from the modelling articles this project's docs cite
// (seeds 000, 001, 003); they run on tables created as those articles do.
const EXAMPLES = [
  ["000: a user's latest videos", "SELECT * FROM user_videos WHERE userid = 522b1fe2-2e36-4cef-a667-cd4237d08b89 LIMIT 10"],
  ["000: one video", "SELECT * FROM videos WHERE videoid = 99051fe9-6a9c-46c2-b949-38ef78858dd0"],
  ["001: a user's 20 latest posts", "SELECT content FROM posts_facebook WHERE user_id = 5b6962dd-3f90-4c93-8f61-eabfa4a803e2 LIMIT 20"],
  ["003: one user's messages", "SELECT * FROM user WHERE user = 'theo'"],
  ["002: one composite partition", "SELECT * FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1'"],
  ["002: a clustering range", "SELECT * FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey > 100"],
  ["002: every row", "SELECT * FROM testtable"],
  ["002: by a non-key column", "SELECT * FROM testtable WHERE skey = 100"],
];

const THRIFT_CALLS = ["get_slice", "multiget_slice", "get_range_slices", "get_indexed_slices"];

function tableOf(query) {
  const m = /\bFROM\s+("?[\w]+"?)(?:\s*\.\s*("?[\w]+"?))?/i.exec(query);
  if (!m) return null;
  const unq = (s) => (s.startsWith('"') ? s.slice(1, -1) : s);
  return m[2] ? { ks: unq(m[1]), cf: unq(m[2]) } : { ks: null, cf: unq(m[1]) };
}

function verdict(v, ctx) {
  const [label, tone, explain] = SHAPES[v.shape] || [v.shape, "", ""];
  const parts = v.partitions || [];
  return h("div.verdict." + tone, { dataset: { shape: v.shape } },
    h("div.verdict-head", h("span.verdict-label", "Runs as "), h("strong.shape", label),
      v.needs_allow_filtering ? badge("needs ALLOW FILTERING", "warn") : null,
      v.refused_by_1_2 ? badge("refused by Cassandra 1.2", "bad") : badge("accepted by Cassandra 1.2", "good")),
    h("p.message", v.message),
    explain ? h("p.muted", explain) : null,
    h("div.touched", h("span", "Partitions it would touch on the stored data: ",
      h("strong.touched-count", String(v.partitions_total ?? parts.length)),
      (v.partitions_total ?? parts.length) > parts.length ? " (the first " + parts.length + " listed)" : ""),
      parts.length ? h("ul.keys", parts.slice(0, 50).map((k) => h("li",
        ctx.cf ? h("a", { href: ctx.href("ks", ctx.ks, "cf", ctx.cf, "p", k) }, h("code", k)) : h("code", k))),
      parts.length > 50 ? h("li.muted", "… and " + (parts.length - 50) + " more") : null) : null));
}

// A CQL literal for a key component as the API renders it.
function literal(type, text) {
  return /^(text|varchar|ascii|inet)$/.test(type) ? "'" + text.replace(/'/g, "''") + "'" : text;
}

// Queries on this table, with a partition key taken from its stored data.
async function tableExamples(cf, def) {
  const t = parseCqlDefinition(def.cql_definition);
  if (!t.partitionKey.length) return [];
  const out = [["This table: every row (no WHERE)", "SELECT * FROM " + cf]];
  let first = null;
  try {
    first = (await api.partitions(def.keyspace, cf, { limit: 1 })).partitions[0];
  } catch (e) {
    /* no sample key: the other examples still apply */
  }
  if (first && first.key !== null && first.key !== undefined) {
    const parts = t.partitionKey.length > 1 ? String(first.key).split(":") : [String(first.key)];
    if (parts.length === t.partitionKey.length) {
      const where = t.partitionKey.map((c, i) => c + " = " + literal(t.types[c] || "", parts[i])).join(" AND ");
      out.unshift(["This table: one stored partition", "SELECT * FROM " + cf + " WHERE " + where]);
    }
  }
  const other = t.columns.find((c) => !t.partitionKey.includes(c) && !t.clustering.includes(c));
  if (other) out.push(["This table: by a non-key column", "SELECT * FROM " + cf + " WHERE " + other + " = " + literal(t.types[other] || "text", "x")]);
  if (t.clustering.length) {
    out.push(["This table: by a clustering column only", "SELECT * FROM " + cf + " WHERE " + t.clustering[0] + " > " + literal(t.types[t.clustering[0]] || "", "0")]);
  }
  return out;
}

export function renderQuery(box, { keyspaces, keyspace, cf, def, href }) {
  const names = keyspaces.keyspaces.map((k) => k.name);
  const ksSel = h("select", { name: "keyspace", "aria-label": "keyspace" },
    names.map((n) => h("option", { value: n, selected: n === keyspace }, n)));
  const text = h("textarea", {
    name: "query", rows: "4", spellcheck: "false", "aria-label": "CQL3 SELECT",
    placeholder: cf ? "SELECT * FROM " + cf + " WHERE …" : "SELECT * FROM table WHERE …",
  });
  const examples = h("select", { "aria-label": "example queries" },
    h("option", { value: "" }, "Examples…"),
    h("optgroup", { label: "From the seeds (on their tables)" }, EXAMPLES.map(([label, q]) => h("option", { value: q }, label))));
  examples.addEventListener("change", () => {
    if (examples.value) text.value = examples.value;
  });
  if (cf && def && def.cql_definition) {
    tableExamples(cf, def).then((list) => {
      if (list.length) {
        examples.insertBefore(h("optgroup", { label: "On " + cf }, list.map(([label, q]) => h("option", { value: q }, label))),
          examples.children[1]);
      }
    });
  }
  const mode = { thrift: false };
  const callSel = h("select", { name: "call", "aria-label": "Thrift call" }, THRIFT_CALLS.map((c) => h("option", { value: c }, c)));
  const cfSel = h("select", { name: "column_family", "aria-label": "column family" });
  const keysIn = h("textarea", { name: "keys", rows: "3", placeholder: "row keys, one per line (as typed per the key validator)" });
  const fillCfs = () => {
    clear(cfSel);
    const ks = keyspaces.keyspaces.find((k) => k.name === ksSel.value);
    for (const c of ks ? ks.column_families : []) cfSel.append(h("option", { value: c.name, selected: c.name === cf }, c.name));
  };
  ksSel.addEventListener("change", fillCfs);
  fillCfs();
  const cqlPart = h("div.cql-part", text);
  const thriftPart = h("div.thrift-part", { hidden: true }, h("div.row", h("label", "Call ", callSel), h("label", "Column family ", cfSel)), keysIn);
  const modeSwitch = h("div.seg", { role: "group", "aria-label": "query kind" },
    h("button.active", { type: "button", onclick: (e) => setMode(false, e.target) }, "CQL3 SELECT"),
    h("button", { type: "button", onclick: (e) => setMode(true, e.target) }, "Thrift call"));
  function setMode(thrift, button) {
    mode.thrift = thrift;
    for (const b of modeSwitch.children) b.classList.toggle("active", b === button);
    cqlPart.hidden = thrift;
    thriftPart.hidden = !thrift;
  }
  const out = h("div.query-result", { "aria-live": "polite" });
  const bodyOf = () => {
    const body = { keyspace: ksSel.value };
    if (mode.thrift) {
      body.thrift = { call: callSel.value, column_family: cfSel.value,
        keys: keysIn.value.split("\n").map((s) => s.trim()).filter(Boolean) };
    } else {
      body.query = text.value.trim();
    }
    return body;
  };
  const advice = h("div.advice-result", { "aria-live": "polite" });
  const form = h("form.query-form", {
    onsubmit: async (e) => {
      e.preventDefault();
      const body = { keyspace: ksSel.value };
      let target;
      if (mode.thrift) {
        body.thrift = {
          call: callSel.value,
          column_family: cfSel.value,
          keys: keysIn.value.split("\n").map((s) => s.trim()).filter(Boolean),
        };
        target = { ks: ksSel.value, cf: cfSel.value };
      } else {
        body.query = text.value.trim();
        const t = tableOf(body.query);
        target = t ? { ks: t.ks || ksSel.value, cf: t.cf } : { ks: ksSel.value, cf: null };
      }
      clear(out).append(h("p.muted", "Checking…"));
      try {
        const v = await api.queryCheck(body);
        clear(out).append(verdict(v, { ...target, href }));
      } catch (err) {
        clear(out).append(errorBox(err));
      }
    },
  },
  h("div.row", h("label", "Keyspace ", ksSel), modeSwitch),
  cqlPart, thriftPart,
  h("div.row", h("button", { type: "submit", class: "primary" }, "Check"),
    h("button", { type: "button", class: "advise", onclick: () => advise(bodyOf(), advice) }, "Advise"), examples));
  box.append(h("h2", "Query check"),
    h("p.muted", "How would a read run on this schema? Nothing is executed; the server classifies the query ",
      "and lists the partitions it would read. Advise proposes the table that reads it from one partition ",
      "and measures it on the stored data (nothing is written)."),
    form, out, advice);
}
