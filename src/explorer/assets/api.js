// The JSON API under /api/explorer (docs/explorer-api.md). Every call goes
// to this server (same origin), with the credentials the browser already
// gave for the page. Errors carry the API's own message ({"error": "why"}).

const BASE = "/api/explorer";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(path, options, base = BASE) {
  let response;
  try {
    response = await fetch(base + path, { credentials: "same-origin", ...options });
  } catch (e) {
    throw new ApiError(0, "the server did not answer (" + e.message + ")");
  }
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch (e) {
    throw new ApiError(response.status, "not JSON from " + path + ": " + text.slice(0, 200));
  }
  if (!response.ok) {
    throw new ApiError(response.status, (body && body.error) || response.status + " " + response.statusText);
  }
  return body;
}

const seg = encodeURIComponent;

function qs(params) {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => seg(k) + "=" + seg(v));
  return parts.length ? "?" + parts.join("&") : "";
}

const cfPath = (ks, cf) => "/keyspaces/" + seg(ks) + "/cfs/" + seg(cf);

export const api = {
  keyspaces: () => call("/keyspaces"),
  columnFamily: (ks, cf) => call(cfPath(ks, cf)),
  partitions: (ks, cf, { limit, after, key } = {}) =>
    call(cfPath(ks, cf) + "/partitions" + qs({ limit, after, key })),
  partition: (ks, cf, keyHex, limit) =>
    call(cfPath(ks, cf) + "/partitions/" + seg(keyHex) + qs({ limit })),
  stats: (ks, cf) => call(cfPath(ks, cf) + "/stats"),
  ring: (ks, cf, { nodes, rf, partitioner }) =>
    call(cfPath(ks, cf) + "/ring" + qs({ nodes, rf, partitioner })),
  queryCheck: (body) =>
    call("/query-check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  // The model advisor (docs/advisor.md), beside the explorer's API.
  advise: (body) =>
    call("/api/advisor", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }, ""),
};
