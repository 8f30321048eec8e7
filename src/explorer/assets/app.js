// The explorer's entry module: the hash router (#/ks/KS/cf/CF/...), the
// sidebar of keyspaces and column families, the breadcrumbs and the hex
// switch. Each view lives in its own module and draws into <main>.

import { api } from "./api.js";
import { h, clear, errorBox, badge } from "./dom.js";
import { renderHome, renderColumnFamily } from "./browse.js";
import { renderPartition } from "./partition.js";

const main = document.getElementById("main");
const side = document.getElementById("side");
const crumbs = document.getElementById("crumbs");
const hexToggle = document.getElementById("hex-toggle");

let keyspaces = null;

// Routes are hash paths so the page needs one server route; each segment is
// URI-encoded (names and hex keys are safe, but a keyspace may hold anything).
export function href(...segments) {
  return "#/" + segments.map(encodeURIComponent).join("/");
}

function parseRoute() {
  const raw = location.hash.replace(/^#\/?/, "");
  const parts = raw ? raw.split("/").map(decodeURIComponent) : [];
  const r = { view: "home" };
  if (parts[0] === "ks" && parts.length >= 4 && parts[2] === "cf") {
    r.ks = parts[1];
    r.cf = parts[3];
    if (parts[4] === "p" && parts.length >= 6) {
      r.view = "partition";
      r.key = parts[5];
    } else {
      r.view = "cf";
      r.tab = parts[4] || "partitions";
    }
  }
  return r;
}

function setHex(on) {
  document.body.classList.toggle("show-hex", on);
  hexToggle.checked = on;
  try {
    localStorage.setItem("explorer.hex", on ? "1" : "0");
  } catch (e) {
    /* private mode: the switch still works for this page */
  }
}

function drawCrumbs(r) {
  clear(crumbs);
  const items = [h("a", { href: "#/" }, "Keyspaces")];
  if (r.ks) items.push(h("span.ks", r.ks));
  if (r.cf) items.push(h("a", { href: href("ks", r.ks, "cf", r.cf) }, r.cf));
  if (r.view === "partition") items.push(h("span", "partition"));
  items.forEach((item, i) => {
    if (i) crumbs.append(h("span.sep", { "aria-hidden": "true" }, "›"));
    crumbs.append(item);
  });
}

function drawSide(r) {
  clear(side);
  if (!keyspaces) return;
  side.append(h("h2", "Keyspaces"));
  for (const ks of keyspaces.keyspaces) {
    const open = ks.name === r.ks;
    const list = h("ul",
      ks.column_families.map((cf) =>
        h("li",
          h("a" + (open && cf.name === r.cf ? ".current" : ""),
            { href: href("ks", ks.name, "cf", cf.name), dataset: { cf: ks.name + "/" + cf.name } },
            h("span.name", { title: cf.name }, cf.name),
            cf.type === "Super" ? badge("super", "super") : null,
            cf.cql3 ? badge("CQL3", "cql") : null))));
    side.append(h("details.ks", { open: open || keyspaces.keyspaces.length <= 6 },
      h("summary", h("span.name", ks.name), h("span.count", String(ks.column_families.length))),
      list));
  }
}

async function route() {
  const r = parseRoute();
  drawCrumbs(r);
  clear(main);
  main.append(h("p.muted.loading", "Loading…"));
  try {
    if (!keyspaces) keyspaces = await api.keyspaces();
    drawSide(r);
    const view = h("div.view");
    if (r.view === "home") await renderHome(view, { keyspaces, href });
    else if (r.view === "cf") await renderColumnFamily(view, { ...r, keyspaces, href });
    else await renderPartition(view, { ...r, href });
    clear(main).append(view);
    document.title = [r.cf, r.ks, "supercolumn explorer"].filter(Boolean).join(" · ");
  } catch (e) {
    clear(main).append(errorBox(e));
  }
}

let stored = null;
try {
  stored = localStorage.getItem("explorer.hex");
} catch (e) {
  /* no storage: hex starts off */
}
setHex(stored === "1" || new URLSearchParams(location.search).has("hex"));
hexToggle.addEventListener("change", () => setHex(hexToggle.checked));
window.addEventListener("hashchange", route);
route();
