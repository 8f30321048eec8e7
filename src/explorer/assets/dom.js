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

// The UTF-8 reading of bytes shown as hex (BytesType names, keys and
// values, as Cassandra renders them), when they are printable text.
export function utf8Hint(text, hex) {
  if (!hex || text !== hex || hex.length % 2 || hex.length > 512) return null;
  try {
    const bytes = new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)));
    const s = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return /^[^\u0000-\u001f\u007f]+$/.test(s) ? s : null;
  } catch (e) {
    return null;
  }
}

// Bytes shown as hex are read as UTF-8 where they are text: the reading is
// shown (in quotes, italic) and the hex stays a hover (and the hex switch) away.
export function readable(text, hex) {
  const s = utf8Hint(text, hex);
  return s === null ? text : h("span.utf8", { title: "bytes " + hex + ", read as UTF-8" }, "“" + s + "”");
}

// A rendered value with its stored bytes: the text, and the hex shown
// beside it when the page's hex switch is on (CSS does the showing).
export function valueWithHex(text, hex, cls) {
  const shown = text === null || text === undefined ? "" : String(text);
  return h("span.v" + (cls ? "." + cls : ""), { title: hex ? "0x" + hex : null },
    h("span.txt", shown === "" ? h("span.empty", "(empty)") : readable(shown, hex)),
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
