//! The text Cassandra 1.2 answered when a 19.x call's arguments lacked a
//! required field: "Required field 'x' was not present! Struct: …", where
//! `…` is the Java stub's generated `toString` of the struct that failed.
//!
//! Only the error path uses this: the generated Rust reader (or the handler's
//! check of an undeclared ConsistencyLevel, which Java read as null) finds
//! the fault, and this module re-reads the message the way libthrift 0.7's
//! Java stubs did to quote it exactly. Java semantics reproduced:
//! - fields are read in wire order; a field of the wrong wire type or an
//!   unknown id is skipped; an undeclared enum value is null;
//! - each struct checks itself when its read ends, required primitives first
//!   ("was not found in serialized data"), then required objects in IDL order
//!   ("was not present"), so a nested struct fails before its parent;
//! - `toString` prints optional fields only when set;
//! - a `binary` field is a `ByteBuffer` wrapping the frame, and
//!   `TBaseHelper.toString` printed it from the start of the frame (its array
//!   offset, not its position) up to the field's end, at most 128 bytes;
//!   inside a list or map a `ByteBuffer` printed as `HeapByteBuffer[pos= lim=
//!   cap=]`;
//! - maps are Java 8 `HashMap`s sized `2 * n` by the stub, quoted in their
//!   iteration order.
//!
//! It never decides whether a request is valid, and it quotes only frames up
//! to [`QUOTE_MAX`] bytes (Java quoted any; the quote of a big batch would be
//! many times its size).

use crate::thrift::wire::{ttype, Reader, WireError, MAX_DEPTH};
use std::fmt::Write as _;

/// The largest message quoted the way Java did; bigger ones keep the short text.
pub const QUOTE_MAX: usize = 64 * 1024;

/// The Java text for the first required field the arguments of `msg` (one
/// whole message, header included, as the frame carried it) lack, or `None`
/// when Java would have read them without complaint (or the method is not
/// one this table describes).
pub fn required_field_error(msg: &[u8]) -> Option<String> {
    if msg.len() > QUOTE_MAX {
        return None;
    }
    let mut r = Reader::new(msg);
    let header = r.message_header().ok()?;
    let desc = args_of(&header.name)?;
    let quote = Quote {
        frame_len: msg.len(),
        frame: msg,
    };
    match read_struct(&mut r, desc, 0, &quote) {
        Err(Fault::Java(text)) => Some(text),
        _ => None,
    }
}

#[derive(Debug)]
enum Ty {
    Bool,
    I32,
    I64,
    /// Thrift `string`: a Java `String`.
    Str,
    /// Thrift `binary`: a `ByteBuffer` over the frame.
    Buf,
    /// An enum: the names of its values.
    Enum(fn(i32) -> Option<&'static str>),
    Struct(&'static Desc),
    List(&'static Ty),
    Map(&'static Ty, &'static Ty),
}

impl Ty {
    fn wire(&self) -> u8 {
        match self {
            Ty::Bool => ttype::BOOL,
            Ty::I32 | Ty::Enum(_) => ttype::I32,
            Ty::I64 => ttype::I64,
            Ty::Str | Ty::Buf => ttype::STRING,
            Ty::Struct(_) => ttype::STRUCT,
            Ty::List(_) => ttype::LIST,
            Ty::Map(..) => ttype::MAP,
        }
    }

    fn is_primitive(&self) -> bool {
        matches!(self, Ty::Bool | Ty::I32 | Ty::I64)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Req {
    Required,
    Optional,
    /// Neither keyword: always printed, never checked.
    Plain,
}

#[derive(Debug)]
struct Field {
    id: i16,
    name: &'static str,
    ty: Ty,
    req: Req,
    /// The IDL default, which Java's constructor set: an absent enum field
    /// is not null, and an absent primitive prints it (while still counting
    /// as never read).
    default: Option<i32>,
}

#[derive(Debug)]
struct Desc {
    name: &'static str,
    fields: &'static [Field],
}

/// A value as the Java stub held it.
enum J {
    Bool(bool),
    I32(i32),
    I64(i64),
    Str(String),
    /// A ByteBuffer: the field's bytes are `frame[start..end]`.
    Buf {
        start: usize,
        end: usize,
    },
    Enum(&'static str),
    Struct(JStruct),
    List(Vec<J>),
    Map(Vec<(J, J)>),
}

struct JStruct {
    desc: &'static Desc,
    /// `None` is Java's null, or a primitive never read.
    slots: Vec<Option<J>>,
}

enum Fault {
    /// The text of Java's TProtocolException.
    Java(String),
    /// The bytes are not a readable message: not this module's business.
    Wire,
}

impl From<WireError> for Fault {
    fn from(_: WireError) -> Self {
        Fault::Wire
    }
}

struct Quote<'a> {
    frame: &'a [u8],
    frame_len: usize,
}

fn read_struct(
    r: &mut Reader<'_>,
    desc: &'static Desc,
    depth: usize,
    q: &Quote<'_>,
) -> Result<JStruct, Fault> {
    if depth > MAX_DEPTH {
        return Err(Fault::Wire);
    }
    let mut s = JStruct {
        desc,
        slots: desc
            .fields
            .iter()
            .map(|f| match (f.default, &f.ty) {
                (Some(v), Ty::Enum(names)) => names(v).map(J::Enum),
                _ => None,
            })
            .collect(),
    };
    loop {
        let ft = r.u8()?;
        if ft == ttype::STOP {
            break;
        }
        let id = r.i16()?;
        match desc
            .fields
            .iter()
            .position(|f| f.id == id && f.ty.wire() == ft)
        {
            Some(i) => s.slots[i] = read_value(r, &desc.fields[i].ty, depth + 1, q)?,
            None => r.skip(ft, depth + 1)?,
        }
    }
    let missing = |primitive: bool| {
        desc.fields.iter().zip(&s.slots).find(|(f, v)| {
            f.req == Req::Required && f.ty.is_primitive() == primitive && v.is_none()
        })
    };
    if let Some((f, _)) = missing(true) {
        return Err(Fault::Java(format!(
            "Required field '{}' was not found in serialized data! Struct: {}",
            f.name,
            to_java_string(&s, q)
        )));
    }
    if let Some((f, _)) = missing(false) {
        return Err(Fault::Java(format!(
            "Required field '{}' was not present! Struct: {}",
            f.name,
            to_java_string(&s, q)
        )));
    }
    Ok(s)
}

fn read_value(
    r: &mut Reader<'_>,
    ty: &'static Ty,
    depth: usize,
    q: &Quote<'_>,
) -> Result<Option<J>, Fault> {
    if depth > MAX_DEPTH {
        return Err(Fault::Wire);
    }
    Ok(Some(match ty {
        Ty::Bool => J::Bool(r.u8()? != 0),
        Ty::I32 => J::I32(r.i32()?),
        Ty::I64 => J::I64(r.i64()?),
        Ty::Str => J::Str(String::from_utf8_lossy(r.bytes()?).into_owned()),
        Ty::Buf => {
            let b = r.bytes()?;
            let end = r.position();
            J::Buf {
                start: end - b.len(),
                end,
            }
        }
        Ty::Enum(names) => match names(r.i32()?) {
            Some(name) => J::Enum(name),
            None => return Ok(None),
        },
        Ty::Struct(d) => J::Struct(read_struct(r, d, depth, q)?),
        Ty::List(et) => {
            let wire = r.u8()?;
            let n = r.collection_len(wire)?;
            if n > 0 && wire != et.wire() {
                return Err(Fault::Wire);
            }
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                // Java added a null element as null; keep the slot.
                items.push(read_value(r, et, depth + 1, q)?.unwrap_or(J::Enum("null")));
            }
            J::List(items)
        }
        Ty::Map(kt, vt) => {
            let (kw, vw, n) = r.map_len()?;
            if n > 0 && (kw != kt.wire() || vw != vt.wire()) {
                return Err(Fault::Wire);
            }
            let mut items: Vec<(J, J)> = Vec::with_capacity(n);
            for _ in 0..n {
                let k = read_value(r, kt, depth + 1, q)?.unwrap_or(J::Enum("null"));
                let v = read_value(r, vt, depth + 1, q)?.unwrap_or(J::Enum("null"));
                items.push((k, v));
            }
            J::Map(hashmap_order(items, n, q))
        }
    }))
}

/// Java 8's `HashMap` iteration order for entries put in wire order into a
/// map created with capacity `2 * n` (as the generated stubs did): buckets
/// by spread hash, insertion order within one; a repeated key keeps its
/// first place and takes the last value.
fn hashmap_order(items: Vec<(J, J)>, n: usize, q: &Quote<'_>) -> Vec<(J, J)> {
    let capacity = (2 * n).max(1).next_power_of_two();
    let mut unique: Vec<(usize, J, J)> = Vec::with_capacity(items.len());
    for (k, v) in items {
        let key = key_bytes(&k, q);
        match unique
            .iter()
            .position(|(_, old, _)| key_bytes(old, q) == key)
        {
            Some(i) => unique[i].2 = v,
            None => {
                let h = java_hash(&k, q) as u32;
                let bucket = ((h ^ (h >> 16)) as usize) & (capacity - 1);
                unique.push((bucket, k, v));
            }
        }
    }
    // A stable sort keeps insertion order within a bucket.
    unique.sort_by_key(|(bucket, _, _)| *bucket);
    unique.into_iter().map(|(_, k, v)| (k, v)).collect()
}

/// What makes two keys equal in Java (the bytes of a String or a ByteBuffer).
fn key_bytes<'a>(k: &'a J, q: &'a Quote<'_>) -> &'a [u8] {
    match k {
        J::Str(s) => s.as_bytes(),
        J::Buf { start, end } => &q.frame[*start..*end],
        _ => &[],
    }
}

/// `hashCode()` of a key: `String` over UTF-16 units, `ByteBuffer` over its
/// remaining bytes from the last (signed) one down.
fn java_hash(k: &J, q: &Quote<'_>) -> i32 {
    match k {
        J::Str(s) => s
            .encode_utf16()
            .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c))),
        J::Buf { start, end } => q.frame[*start..*end].iter().rev().fold(1i32, |h, b| {
            h.wrapping_mul(31).wrapping_add(i32::from(*b as i8))
        }),
        _ => 0,
    }
}

fn to_java_string(s: &JStruct, q: &Quote<'_>) -> String {
    let mut out = String::new();
    write_struct(&mut out, s, q);
    out
}

fn write_struct(out: &mut String, s: &JStruct, q: &Quote<'_>) {
    out.push_str(s.desc.name);
    out.push('(');
    let mut first = true;
    for (field, slot) in s.desc.fields.iter().zip(&s.slots) {
        if field.req == Req::Optional && slot.is_none() {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push_str(field.name);
        out.push(':');
        match slot {
            // A primitive never read prints what the constructor set.
            None => match field.ty {
                Ty::Bool => out.push_str(if field.default == Some(1) {
                    "true"
                } else {
                    "false"
                }),
                Ty::I32 | Ty::I64 => out.push_str(&field.default.unwrap_or(0).to_string()),
                _ => out.push_str("null"),
            },
            Some(J::Buf { end, .. }) => quote_buffer(out, q.frame, *end),
            Some(v) => write_value(out, v, q),
        }
    }
    out.push(')');
}

/// libthrift 0.7's `TBaseHelper.toString(ByteBuffer)`: the bytes from the
/// buffer's array offset (the frame's start) up to its limit, at most 128.
fn quote_buffer(out: &mut String, frame: &[u8], end: usize) {
    for (i, byte) in frame[..end.min(128)].iter().enumerate() {
        if i != 0 {
            out.push(' ');
        }
        let _ = write!(out, "{byte:02X}");
    }
    if end > 128 {
        out.push_str("...");
    }
}

fn write_value(out: &mut String, v: &J, q: &Quote<'_>) {
    match v {
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::I32(n) => out.push_str(&n.to_string()),
        J::I64(n) => out.push_str(&n.to_string()),
        J::Str(s) => out.push_str(s),
        J::Enum(name) => out.push_str(name),
        // Outside a struct field, Java printed the buffer object itself.
        J::Buf { start, end } => {
            let _ = write!(
                out,
                "java.nio.HeapByteBuffer[pos={start} lim={end} cap={}]",
                q.frame_len
            );
        }
        J::Struct(s) => write_struct(out, s, q),
        J::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i != 0 {
                    out.push_str(", ");
                }
                write_value(out, item, q);
            }
            out.push(']');
        }
        J::Map(items) => {
            out.push('{');
            for (i, (k, v)) in items.iter().enumerate() {
                if i != 0 {
                    out.push_str(", ");
                }
                write_value(out, k, q);
                out.push('=');
                write_value(out, v, q);
            }
            out.push('}');
        }
    }
}

// ---- the 19.x IDL, as the Java stubs of Cassandra 1.2 saw it ----

fn consistency_name(v: i32) -> Option<&'static str> {
    const NAMES: [&str; 11] = [
        "ONE",
        "QUORUM",
        "LOCAL_QUORUM",
        "EACH_QUORUM",
        "ALL",
        "ANY",
        "TWO",
        "THREE",
        "SERIAL",
        "LOCAL_SERIAL",
        "LOCAL_ONE",
    ];
    usize::try_from(v - 1)
        .ok()
        .and_then(|i| NAMES.get(i).copied())
}

fn index_operator_name(v: i32) -> Option<&'static str> {
    ["EQ", "GTE", "GT", "LTE", "LT"]
        .get(usize::try_from(v).ok()?)
        .copied()
}

fn compression_name(v: i32) -> Option<&'static str> {
    match v {
        1 => Some("GZIP"),
        2 => Some("NONE"),
        _ => None,
    }
}

const fn f(id: i16, name: &'static str, ty: Ty, req: Req) -> Field {
    Field {
        id,
        name,
        ty,
        req,
        default: None,
    }
}

use Req::{Optional as O, Plain as P, Required as R};

const CL: Ty = Ty::Enum(consistency_name);

const fn fd(id: i16, name: &'static str, ty: Ty, req: Req, default: i32) -> Field {
    Field {
        id,
        name,
        ty,
        req,
        default: Some(default),
    }
}

/// A consistency-level argument with the IDL's default.
const fn cl(id: i16, name: &'static str, req: Req, default: i32) -> Field {
    fd(id, name, CL, req, default)
}

static COLUMN: Desc = Desc {
    name: "Column",
    fields: &[
        f(1, "name", Ty::Buf, R),
        f(2, "value", Ty::Buf, O),
        f(3, "timestamp", Ty::I64, O),
        f(4, "ttl", Ty::I32, O),
    ],
};
static SUPER_COLUMN: Desc = Desc {
    name: "SuperColumn",
    fields: &[
        f(1, "name", Ty::Buf, R),
        f(2, "columns", Ty::List(&Ty::Struct(&COLUMN)), R),
    ],
};
static COUNTER_COLUMN: Desc = Desc {
    name: "CounterColumn",
    fields: &[f(1, "name", Ty::Buf, R), f(2, "value", Ty::I64, R)],
};
static COUNTER_SUPER_COLUMN: Desc = Desc {
    name: "CounterSuperColumn",
    fields: &[
        f(1, "name", Ty::Buf, R),
        f(2, "columns", Ty::List(&Ty::Struct(&COUNTER_COLUMN)), R),
    ],
};
static COSC: Desc = Desc {
    name: "ColumnOrSuperColumn",
    fields: &[
        f(1, "column", Ty::Struct(&COLUMN), O),
        f(2, "super_column", Ty::Struct(&SUPER_COLUMN), O),
        f(3, "counter_column", Ty::Struct(&COUNTER_COLUMN), O),
        f(
            4,
            "counter_super_column",
            Ty::Struct(&COUNTER_SUPER_COLUMN),
            O,
        ),
    ],
};
static COLUMN_PARENT: Desc = Desc {
    name: "ColumnParent",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Buf, O),
    ],
};
static COLUMN_PATH: Desc = Desc {
    name: "ColumnPath",
    fields: &[
        f(3, "column_family", Ty::Str, R),
        f(4, "super_column", Ty::Buf, O),
        f(5, "column", Ty::Buf, O),
    ],
};
static SLICE_RANGE: Desc = Desc {
    name: "SliceRange",
    fields: &[
        f(1, "start", Ty::Buf, R),
        f(2, "finish", Ty::Buf, R),
        fd(3, "reversed", Ty::Bool, R, 0),
        fd(4, "count", Ty::I32, R, 100),
    ],
};
static SLICE_PREDICATE: Desc = Desc {
    name: "SlicePredicate",
    fields: &[
        f(1, "column_names", Ty::List(&Ty::Buf), O),
        f(2, "slice_range", Ty::Struct(&SLICE_RANGE), O),
    ],
};
static INDEX_EXPRESSION: Desc = Desc {
    name: "IndexExpression",
    fields: &[
        f(1, "column_name", Ty::Buf, R),
        f(2, "op", Ty::Enum(index_operator_name), R),
        f(3, "value", Ty::Buf, R),
    ],
};
static INDEX_CLAUSE: Desc = Desc {
    name: "IndexClause",
    fields: &[
        f(
            1,
            "expressions",
            Ty::List(&Ty::Struct(&INDEX_EXPRESSION)),
            R,
        ),
        f(2, "start_key", Ty::Buf, R),
        fd(3, "count", Ty::I32, R, 100),
    ],
};
static KEY_RANGE: Desc = Desc {
    name: "KeyRange",
    fields: &[
        f(1, "start_key", Ty::Buf, O),
        f(2, "end_key", Ty::Buf, O),
        f(3, "start_token", Ty::Str, O),
        f(4, "end_token", Ty::Str, O),
        f(6, "row_filter", Ty::List(&Ty::Struct(&INDEX_EXPRESSION)), O),
        fd(5, "count", Ty::I32, R, 100),
    ],
};
static DELETION: Desc = Desc {
    name: "Deletion",
    fields: &[
        f(1, "timestamp", Ty::I64, O),
        f(2, "super_column", Ty::Buf, O),
        f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), O),
    ],
};
static MUTATION: Desc = Desc {
    name: "Mutation",
    fields: &[
        f(1, "column_or_supercolumn", Ty::Struct(&COSC), O),
        f(2, "deletion", Ty::Struct(&DELETION), O),
    ],
};
static AUTHENTICATION_REQUEST: Desc = Desc {
    name: "AuthenticationRequest",
    fields: &[f(1, "credentials", Ty::Map(&Ty::Str, &Ty::Str), R)],
};

const MUTATION_MAP: Ty = Ty::Map(
    &Ty::Buf,
    &Ty::Map(&Ty::Str, &Ty::List(&Ty::Struct(&MUTATION))),
);
const COMPRESSION: Ty = Ty::Enum(compression_name);

/// The argument struct of `method`, for the calls whose arguments can lack
/// a required field (schema calls taking KsDef/CfDef are not described).
fn args_of(method: &str) -> Option<&'static Desc> {
    macro_rules! args {
        ($name:literal, [$($field:expr),* $(,)?]) => {{
            static D: Desc = Desc { name: $name, fields: &[$($field),*] };
            &D
        }};
    }
    // The IDL's defaults: ONE for data calls, SERIAL/QUORUM for cas.
    const ONE: i32 = 1;
    Some(match method {
        "login" => args!(
            "login_args",
            [f(1, "auth_request", Ty::Struct(&AUTHENTICATION_REQUEST), R)]
        ),
        "set_keyspace" => args!("set_keyspace_args", [f(1, "keyspace", Ty::Str, R)]),
        "get" => args!(
            "get_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_path", Ty::Struct(&COLUMN_PATH), R),
                cl(3, "consistency_level", R, ONE),
            ]
        ),
        "get_slice" => args!(
            "get_slice_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_count" => args!(
            "get_count_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "multiget_slice" => args!(
            "multiget_slice_args",
            [
                f(1, "keys", Ty::List(&Ty::Buf), R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "multiget_count" => args!(
            "multiget_count_args",
            [
                f(1, "keys", Ty::List(&Ty::Buf), R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_range_slices" => args!(
            "get_range_slices_args",
            [
                f(1, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(2, "predicate", Ty::Struct(&SLICE_PREDICATE), R),
                f(3, "range", Ty::Struct(&KEY_RANGE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_paged_slice" => args!(
            "get_paged_slice_args",
            [
                f(1, "column_family", Ty::Str, R),
                f(2, "range", Ty::Struct(&KEY_RANGE), R),
                f(3, "start_column", Ty::Buf, R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "get_indexed_slices" => args!(
            "get_indexed_slices_args",
            [
                f(1, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(2, "index_clause", Ty::Struct(&INDEX_CLAUSE), R),
                f(3, "column_predicate", Ty::Struct(&SLICE_PREDICATE), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "insert" => args!(
            "insert_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "column", Ty::Struct(&COLUMN), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "add" => args!(
            "add_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_parent", Ty::Struct(&COLUMN_PARENT), R),
                f(3, "column", Ty::Struct(&COUNTER_COLUMN), R),
                cl(4, "consistency_level", R, ONE),
            ]
        ),
        "cas" => args!(
            "cas_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_family", Ty::Str, R),
                f(3, "expected", Ty::List(&Ty::Struct(&COLUMN)), P),
                f(4, "updates", Ty::List(&Ty::Struct(&COLUMN)), P),
                cl(5, "serial_consistency_level", R, 9),
                cl(6, "commit_consistency_level", R, 2),
            ]
        ),
        "remove" => args!(
            "remove_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "column_path", Ty::Struct(&COLUMN_PATH), R),
                f(3, "timestamp", Ty::I64, R),
                cl(4, "consistency_level", P, ONE),
            ]
        ),
        "remove_counter" => args!(
            "remove_counter_args",
            [
                f(1, "key", Ty::Buf, R),
                f(2, "path", Ty::Struct(&COLUMN_PATH), R),
                cl(3, "consistency_level", R, ONE),
            ]
        ),
        "batch_mutate" => args!(
            "batch_mutate_args",
            [
                f(1, "mutation_map", MUTATION_MAP, R),
                cl(2, "consistency_level", R, ONE),
            ]
        ),
        "atomic_batch_mutate" => args!(
            "atomic_batch_mutate_args",
            [
                f(1, "mutation_map", MUTATION_MAP, R),
                cl(2, "consistency_level", R, ONE),
            ]
        ),
        "truncate" => args!("truncate_args", [f(1, "cfname", Ty::Str, R)]),
        "execute_cql_query" => args!(
            "execute_cql_query_args",
            [
                f(1, "query", Ty::Buf, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "execute_cql3_query" => args!(
            "execute_cql3_query_args",
            [
                f(1, "query", Ty::Buf, R),
                f(2, "compression", COMPRESSION, R),
                f(3, "consistency", CL, R),
            ]
        ),
        "prepare_cql_query" => args!(
            "prepare_cql_query_args",
            [
                f(1, "query", Ty::Buf, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "prepare_cql3_query" => args!(
            "prepare_cql3_query_args",
            [
                f(1, "query", Ty::Buf, R),
                f(2, "compression", COMPRESSION, R),
            ]
        ),
        "execute_prepared_cql_query" => args!(
            "execute_prepared_cql_query_args",
            [
                f(1, "itemId", Ty::I32, R),
                f(2, "values", Ty::List(&Ty::Buf), R),
            ]
        ),
        "execute_prepared_cql3_query" => args!(
            "execute_prepared_cql3_query_args",
            [
                f(1, "itemId", Ty::I32, R),
                f(2, "values", Ty::List(&Ty::Buf), R),
                f(3, "consistency", CL, R),
            ]
        ),
        "set_cql_version" => args!("set_cql_version_args", [f(1, "version", Ty::Str, R)]),
        "describe_ring" => args!("describe_ring_args", [f(1, "keyspace", Ty::Str, R)]),
        "describe_local_ring" => args!("describe_local_ring_args", [f(1, "keyspace", Ty::Str, R)]),
        "describe_keyspace" => args!("describe_keyspace_args", [f(1, "keyspace", Ty::Str, R)]),
        "system_drop_column_family" => {
            args!(
                "system_drop_column_family_args",
                [f(1, "column_family", Ty::Str, R)]
            )
        }
        "system_drop_keyspace" => {
            args!("system_drop_keyspace_args", [f(1, "keyspace", Ty::Str, R)])
        }
        _ => return None,
    })
}

#[cfg(test)]
#[path = "javaargs_tests.rs"]
mod tests;
