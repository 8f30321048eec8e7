// Drawings of a partition's stored structure: Thrift column families as
// row → columns, Super column families as row → super columns → columns,
// nested boxes the way "WTF is a SuperColumn" draws them
// (Comments : { slug : { timeuuid : { commenter: …, email: … } } }).
// Each column carries the link tokens of its cell (see partition.js), so
// hovering it lights the cell in the stored-cells table and back.

import { h, valueWithHex } from "./dom.js";

// The text of a cell's name: its single component, or the components
// joined by ':' as cassandra-cli joins them.
export function nameText(cell) {
  const comps = cell.components || [];
  if (!comps.length) return "";
  return comps.map((c) => (c.value === null || c.value === undefined ? "" : String(c.value))).join(":");
}

function column(cell) {
  return h("li.col", { dataset: { links: "c" + cell.id, cell: String(cell.id) } },
    h("span.cname", valueWithHex(nameText(cell), cell.name_hex)),
    h("span.punct", ": "),
    h("span.cval", valueWithHex(cell.value, cell.value_hex)),
    cell.kind !== "column" ? h("span.kind-note", " (" + cell.kind.replace("_", " ") + ")") : null);
}

function box(kind, label, hex, content, links) {
  return h("div.box." + kind, { dataset: links ? { links } : {} },
    h("div.box-head",
      h("span.box-kind", kind === "cf" ? "column family" : kind === "row" ? "row key" : "super column"),
      h("span.box-name", valueWithHex(label, hex)),
      h("span.punct", " : {")),
    content,
    h("div.box-foot.punct", "}"));
}

// cf: the column family definition; p: the partition answer.
export function drawThrift(cf, p) {
  const byId = new Map(p.cells.map((c) => [c.id, c]));
  let inner;
  if (p.supers && p.supers.length) {
    inner = h("div.supers", p.supers.map((s) =>
      box("super", s.name, s.name_hex,
        h("ul.columns", s.cells.map((id) => byId.get(id)).filter(Boolean).map(column)),
        "s" + s.name_hex)));
  } else {
    inner = h("ul.columns", p.cells.map(column));
  }
  return h("div.drawing", box("cf", cf.name, null, box("row", p.key, p.key_hex, inner), null));
}
