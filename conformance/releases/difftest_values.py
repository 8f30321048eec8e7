"""The values every difftest generator writes its calls with: Thrift structs
without their unset fields, a step of a case (its call, its argument struct and
the masks of server-assigned values), and the byte forms of the types a
generator names (an int32, IntegerType's varint, CompositeType's components)."""
import struct as st

import thriftwire as W

M = "org.apache.cassandra.db.marshal."
SCHEMA = "0"  # a schema call answers the new schema version


def i32(n):
    return W.i32(n)


def struct(fields):
    return W.struct({k: v for k, v in fields.items() if v is not None})


def step(call, fields, *masks):
    return {"call": call, "args": struct(fields), "mask": list(masks)}


def varint(n):
    """IntegerType: the shortest big-endian two's complement."""
    size = 1
    while not -(1 << (8 * size - 1)) <= n < (1 << (8 * size - 1)):
        size += 1
    return n.to_bytes(size, "big", signed=True)


def composite(parts, eoc=0):
    """CompositeType bytes: each component as <u16 length><bytes><end-of-component>."""
    out = b""
    for i, p in enumerate(parts):
        last = i == len(parts) - 1
        out += st.pack(">H", len(p)) + p + bytes([(eoc & 0xff) if last else 0])
    return out


def quote(s):
    """A CQL string literal."""
    return "'" + s.replace("'", "''") + "'"
