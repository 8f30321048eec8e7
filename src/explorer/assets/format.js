// Number, size and time formatting for the page (no locale surprises:
// thousands separated by thin spaces, sizes in powers of 1024).

export function count(n) {
  if (n === null || n === undefined) return "–";
  return Number(n).toLocaleString("en-US");
}

export function bytes(n) {
  if (n === null || n === undefined) return "–";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = Number(n);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return (i === 0 ? String(v) : v.toFixed(v < 10 ? 1 : 0)) + " " + units[i];
}

// Cassandra timestamps are microseconds since the epoch by convention; a
// client may write any number, so only plausible ones get a date.
export function micros(ts) {
  if (ts === null || ts === undefined) return "";
  const ms = Number(ts) / 1000;
  if (!Number.isFinite(ms) || ms < 0 || ms > 4102444800000) return "";
  return new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z");
}

// local_deletion_time and expiry are seconds since the epoch.
export function seconds(s) {
  if (s === null || s === undefined) return "";
  return new Date(Number(s) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z");
}

export function ratio(x) {
  if (x === null || x === undefined || !Number.isFinite(Number(x))) return "–";
  return Number(x).toFixed(2) + "×";
}

export function shortToken(t) {
  const s = String(t);
  return s.length > 14 ? s.slice(0, 6) + "…" + s.slice(-6) : s;
}

// The bare class name of a Cassandra type (org.apache.cassandra.db.marshal.UTF8Type -> UTF8Type),
// keeping parameters (CompositeType(Int32Type,UTF8Type)).
export function typeName(t) {
  if (!t) return "–";
  return String(t).replace(/org\.apache\.cassandra\.(db\.marshal|locator)\./g, "");
}

// Decimal magnitudes for histogram bounds (1k, 10M; 100 kB): the size
// thresholds are decimal (100 MB), so the buckets are powers of ten.
export function si(n, unit) {
  const v = Number(n);
  const steps = [[1e12, "T"], [1e9, "G"], [1e6, "M"], [1e3, "k"]];
  for (const [m, s] of steps) {
    if (v >= m) return String(+(v / m).toFixed(1)) + (unit ? " " + s + unit : s);
  }
  return String(v) + (unit ? " " + unit : "");
}
