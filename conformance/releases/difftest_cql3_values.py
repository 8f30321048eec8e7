"""The values difftest_cql3.py writes: each CQL 3 type's literals (empty strings, unicode,
large, negative and boundary numbers) with the bytes a bound marker of that
type takes, and the types each release had."""
import decimal
import ipaddress
import struct as st
import uuid

from difftest_values import quote, varint


TEXTS = ["", "a", "b c", "it's", "\u00e9t\u00e9", "\u65e5\u672c", "x" * 40, "z"]
UUIDS = ["550e8400-e29b-41d4-a716-446655440000", "00000000-0000-0000-0000-000000000000",
         "f47ac10b-58cc-4372-a567-0e02b2c3d479"]
TIMEUUIDS = ["d2177dd0-eaa2-11de-a572-001b779c76e3", "e7a2a2b0-1f3c-11e3-8ffd-0800200c9a66",
             "50554d6e-29bb-11e5-b345-feff819cdc9f"]


def types(r):
    t = ["text", "varchar", "ascii", "int", "bigint", "varint", "boolean", "double", "float",
         "decimal", "uuid", "timeuuid", "timestamp", "inet", "blob"]
    if r >= (2, 2):
        t += ["date", "time", "smallint", "tinyint"]
    return t


def literal(rng, t, i=None):
    """(CQL literal, bytes) of a value of type t."""
    i = rng.randrange(8) if i is None else i
    if t in ("text", "varchar"):
        s = TEXTS[i % len(TEXTS)]
        return quote(s), s.encode()
    if t == "ascii":
        s = ["", "abc", "A-Z", "q"][i % 4]
        return quote(s), s.encode()
    if t == "int":
        n = [0, 1, -1, 42, 2147483647, -2147483648, 7, 1000][i % 8]
        return str(n), st.pack(">i", n)
    if t.startswith("frozen<"):
        return literal(rng, t[7:-1], i)
    if t.startswith("tuple<"):
        a, z = literal(rng, "int", i), literal(rng, "text", i + 1)
        return "(%s, %s)" % (a[0], z[0]), b"".join(
            st.pack(">i", len(x[1])) + x[1] for x in (a, z))
    if t in ("bigint", "counter"):
        n = [0, 5, -5, 9223372036854775807, -9223372036854775808, 123456789012, 3, 77][i % 8]
        return str(n), st.pack(">q", n)
    if t == "varint":
        n = [0, 1, -1, 10 ** 30, -(10 ** 25), 255, 128, 3][i % 8]
        return str(n), varint(n)
    if t == "boolean":
        v = i % 2 == 0
        return ("true" if v else "false"), bytes([1 if v else 0])
    if t == "double":
        x = [0.0, 1.5, -2.25, 1e300, 3.0, 0.5, -0.0, 7.125][i % 8]
        return repr(x), st.pack(">d", x)
    if t == "float":
        x = [0.0, 1.5, -2.25, 3.5, 100.0, 0.5, 2.0, 7.125][i % 8]
        return repr(x), st.pack(">f", x)
    if t == "decimal":
        s = ["0", "1.5", "-12.345", "1000000000000.000001", "3", "0.001", "2.50", "9"][i % 8]
        d = decimal.Decimal(s)
        sign, digits, exp = d.as_tuple()
        unscaled = int("".join(map(str, digits))) * (-1 if sign else 1)
        return s, st.pack(">i", -exp) + varint(unscaled)
    if t == "uuid":
        u = UUIDS[i % len(UUIDS)]
        return u, uuid.UUID(u).bytes
    if t == "timeuuid":
        u = TIMEUUIDS[i % len(TIMEUUIDS)]
        return u, uuid.UUID(u).bytes
    if t == "timestamp":
        ms = [0, 1367409600000, 1000, 1234567890123, 1500000000000, 86400000, 5, 99][i % 8]
        if i % 3 == 1:
            return "'2013-05-01 12:00:00+0000'", st.pack(">q", 1367409600000)
        return str(ms), st.pack(">q", ms)
    if t == "inet":
        a = ["127.0.0.1", "10.1.2.3", "::1", "192.168.0.255"][i % 4]
        return quote(a), ipaddress.ip_address(a).packed
    if t == "blob":
        h = ["", "00", "cafe", "deadbeef", "ff00ff"][i % 5]
        return "0x" + h, bytes.fromhex(h)
    if t == "date":
        s, days = [("'2015-05-01'", 16556), ("'1970-01-01'", 0), ("'1969-12-31'", -1)][i % 3]
        return s, st.pack(">I", (days + (1 << 31)) & 0xffffffff)
    if t == "time":
        s, ns = [("'08:12:54'", 29574000000000), ("'00:00:00'", 0),
                 ("'23:59:59.999'", 86399999000000)][i % 3]
        return s, st.pack(">q", ns)
    if t == "smallint":
        n = [0, -32768, 32767, 5][i % 4]
        return str(n), st.pack(">h", n)
    if t == "tinyint":
        n = [0, -128, 127, 5][i % 4]
        return str(n), st.pack(">b", n)
    if t.startswith("list<") or t.startswith("set<"):
        inner = t[t.index("<") + 1:-1]
        items = [literal(rng, inner, j) for j in rng.sample(range(6), rng.randrange(0, 4))]
        if t.startswith("set<"):
            items = sorted(dict(items).items(), key=lambda x: x[1])  # distinct
        o, c = ("[", "]") if t.startswith("list<") else ("{", "}")
        lit = o + ", ".join(x[0] for x in items) + c
        return lit, coll_bytes([x[1] for x in items])
    if t.startswith("map<"):
        kt, vt = t[4:-1].split(",")
        kt, vt = kt.strip(), vt.strip()
        ks = {}
        for j in rng.sample(range(6), rng.randrange(0, 3)):
            ks[literal(rng, kt, j)] = literal(rng, vt)
        lit = "{" + ", ".join("%s: %s" % (k[0], v[0]) for k, v in ks.items()) + "}"
        flat = []
        for k, v in ks.items():
            flat += [k[1], v[1]]
        return lit, coll_bytes(flat, len(ks))
    raise ValueError(t)


def coll_bytes(items, n=None):
    """A collection as protocol v2 serialized it (Thrift's CQL 3 binds, 1.2 to 2.2)."""
    out = st.pack(">H", len(items) if n is None else n)
    for x in items:
        out += st.pack(">H", len(x)) + x
    return out
