// Advise: for the query in the Query check form, the table that serves it
// from one partition (POST /api/advisor, docs/advisor.md): the rules that
// made its key, its CREATE TABLE and rewritten query, the dry run on the
// stored data against the limits, a bucket when a partition is over them,
// the alternatives with their numbers and the lint. Nothing is written
// from here; the advice is the API's, this only asks and shows.

import { api } from "./api.js";
import { h, badge, errorBox } from "./dom.js";

function n(v) {
  return typeof v === "number" ? v.toLocaleString("en-US") : String(v ?? "");
}

function sizes(d) {
  const c = d.cells_per_partition || {};
  const b = d.bytes_per_partition || {};
  return h("table.advice-sizes",
    h("thead", h("tr", h("th", ""), h("th", "p50"), h("th", "p99"), h("th", "max"))),
    h("tbody",
      h("tr", h("th", "cells per partition"), h("td", n(c.p50)), h("td", n(c.p99)), h("td", n(c.max))),
      h("tr", h("th", "bytes per partition"), h("td", n(b.p50)), h("td", n(b.p99)), h("td", n(b.max)))));
}

export function renderAdvice(v) {
  if (!v.create) {
    return h("div.advice", h("p.message", (v.thrift && v.thrift.message) || ""),
      v.cli ? h("pre", v.cli) : null);
  }
  const d = v.dry_run || {};
  const over = d.over_limits > 0;
  return h("div.advice", { dataset: { shape: (v.plan && v.plan.shape) || "" } },
    h("h3", "Proposed table"),
    h("pre.advice-create", v.create + ";"),
    h("p", "Query: ", h("code.advice-query", v.query), " ",
      badge((v.plan && v.plan.message) || "", v.plan && v.plan.partitions_per_read === 1 ? "good" : "warn")),
    h("ol.advice-rules", (v.proposal.rules || []).map((r) =>
      h("li", h("strong", r.rule), " (", h("code", r.column), "): ", r.why))),
    (v.proposal.warnings || []).map((w) => h("p.warn", w)),
    h("h3", "Dry run on the stored data"),
    h("p", n(d.partitions) + " partitions, " + n(d.rows) + " rows, " + n(d.bytes) + " bytes; ",
      over ? badge(n(d.over_limits) + " over the limits", "bad") : badge("every partition under the limits", "good"),
      d.sampled ? h("span.muted", " (" + d.sampled + ")") : null),
    sizes(d),
    v.bucket ? h("p.advice-bucket", "Bucketed: ", h("code", JSON.stringify(v.bucket.chosen)), ". ", v.bucket.fan_out.why) : null,
    h("h3", "Alternatives"),
    h("table.advice-alternatives",
      h("thead", h("tr", h("th", "kind"), h("th", "partitions per read"), h("th", "extra writes per write"), h("th", "bytes added"))),
      h("tbody", (v.alternatives || []).map((a) => h("tr", h("td", a.kind), h("td", n(a.partitions_per_read)),
        h("td", n(a.extra_writes_per_base_write)), h("td", n(a.bytes_added)))))),
    (v.lint || []).length ? h("h3", "Lint") : null,
    h("ul.advice-lint", (v.lint || []).map((f) => h("li", h("strong", f.rule), " (" + f.table + "): ", f.message))));
}

// Asks for the advice on `body` (as the query check's) and shows it in `out`.
export async function advise(body, out) {
  out.replaceChildren(h("p.muted", "Measuring the proposed table on the stored data…"));
  try {
    out.replaceChildren(renderAdvice(await api.advise(body)));
  } catch (err) {
    out.replaceChildren(errorBox(err));
  }
}
