// DOM helpers. Stored data is only ever set as text (never as HTML), so a
// row key or a value cannot inject markup into the page.

// h("tag.class1.class2", {attr: value, onclick: fn, dataset: {...}}, ...children)
// Children may be nodes, strings (set as text), numbers, arrays, null/false (skipped).
export function h(spec, attrs, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      node.addEventListener(k.slice(2), v);
    } else if (k === "dataset") {
      Object.assign(node.dataset, v);
    } else if (k === "class") {
      node.className += (node.className ? " " : "") + v;
    } else if (k === "style") {
      // Through the CSSOM: the page's CSP refuses style attributes.
      node.style.cssText = v;
    } else if (k === "text") {
      node.textContent = v;
    } else {
      node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// A rendered value with its stored bytes: the text, and the hex shown
// beside it when the page's hex switch is on (CSS does the showing).
export function valueWithHex(text, hex, cls) {
  const shown = text === null || text === undefined ? "" : String(text);
  return h("span.v" + (cls ? "." + cls : ""), { title: hex ? "0x" + hex : null },
    h("span.txt", shown === "" ? h("span.empty", "(empty)") : shown),
    hex !== undefined && hex !== null ? h("code.hex", hex === "" ? "(0 bytes)" : hex) : null);
}

// A small table: columns [{label, cls?, num?}], rows of cells (nodes/strings).
export function table(columns, rows, cls) {
  return h("table" + (cls ? "." + cls : ""),
    h("thead", h("tr", columns.map((c) => h("th" + (c.num ? ".num" : ""), c.label)))),
    h("tbody", rows));
}

export function badge(text, kind) {
  return h("span.badge" + (kind ? "." + kind : ""), text);
}

export function errorBox(err) {
  return h("div.error", { role: "alert" }, h("strong", "Error: "), String(err && err.message ? err.message : err));
}
