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
//! - a `binary` field is a `ByteBuffer` wrapping the frame; libthrift 0.7's
//!   (and older) `TBaseHelper.toString` printed it from the start of the
//!   frame (its array offset, not its position) up to the field's end,
//!   0.9's (Cassandra 2.0 on) only the field's own bytes; at most 128 bytes
//!   either way, then `...`;
//!   inside a list or map a `ByteBuffer` printed as `HeapByteBuffer[pos= lim=
//!   cap=]`; on an unframed transport each binary was read into an array
//!   of its own, so its own bytes, at `pos=0`;
//! - maps are Java 8 `HashMap`s sized `2 * n` by the stub, quoted in their
//!   iteration order.
//!
//! It never decides whether a request is valid, and it quotes only frames up
//! to [`QUOTE_MAX`] bytes (Java quoted any; the quote of a big batch would be
//! many times its size).

use super::idl::args_of;
use crate::schema::javaorder;
use crate::thrift::wire::idl::{Default, Req, StructDesc, Ty};
use crate::thrift::wire::{ttype, Reader, WireError, MAX_DEPTH};
use std::fmt::Write as _;

/// The largest message quoted the way Java did; bigger ones keep the short text.
pub const QUOTE_MAX: usize = 64 * 1024;

/// The Java text for the first required field the arguments of `msg` (one
/// whole message, header included, as the frame carried it) lack, or `None`
/// when Java would have read them without complaint (or the method is not
/// one this table describes); binary fields quoted as libthrift 0.7 did.
#[cfg(test)]
pub fn required_field_error(msg: &[u8]) -> Option<String> {
    required_field_error_quoting(msg, BufferQuote::FromFrame)
}

/// How a libthrift printed a `binary` field's `ByteBuffer`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferQuote {
    /// From the frame's start (libthrift up to 0.7: Cassandra up to 1.2).
    FromFrame,
    /// The field's own bytes (libthrift 0.9: Cassandra 2.0 on).
    OwnBytes,
    /// The field's own bytes in an array of its own: an unframed
    /// transport, which libthrift read each binary from into a new array
    /// (0.7's unframed Thrift port).
    Copied,
}

/// [`required_field_error`], printing binary fields as `quote` says.
pub fn required_field_error_quoting(msg: &[u8], quote: BufferQuote) -> Option<String> {
    required_field_error_of(msg, quote, args_of)
}

/// The argument structs of one IDL by method name: 1.2's (`api19::idl`) or a
/// release's own (`release::idl`).
pub type ArgsOf = fn(&str) -> Option<&'static StructDesc>;

/// [`required_field_error_quoting`] with the argument structs of the IDL
/// `args_of` describes.
pub fn required_field_error_of(msg: &[u8], quote: BufferQuote, args_of: ArgsOf) -> Option<String> {
    if msg.len() > QUOTE_MAX {
        return None;
    }
    let mut r = Reader::new(msg);
    let header = r.message_header().ok()?;
    let desc = args_of(&header.name)?;
    let quote = Quote {
        frame_len: msg.len(),
        frame: msg,
        buffers: quote,
    };
    match read_struct(&mut r, desc, 0, &quote) {
        Err(Fault::Java(text)) => Some(text),
        _ => None,
    }
}

/// A value as the Java stub held it.
enum J {
    Bool(bool),
    I32(i32),
    I64(i64),
    Double(f64),
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
    desc: &'static StructDesc,
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
    buffers: BufferQuote,
}

fn read_struct(
    r: &mut Reader<'_>,
    desc: &'static StructDesc,
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
                (Default::Enum(v), Ty::Enum(names)) => names(v).map(J::Enum),
                // The constructor set a string the IDL gave a default.
                (Default::Str(text), Ty::Str) => Some(J::Str(text.to_string())),
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
        Ty::Double => J::Double(f64::from_bits(r.i64()? as u64)),
        Ty::Str => J::Str(String::from_utf8_lossy(r.bytes()?).into_owned()),
        Ty::Bin => {
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
        // 19.x's arguments hold no set; one would read as Java read a list.
        Ty::List(et) | Ty::Set(et) => {
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
/// map created with capacity `2 * n` (as the generated stubs did); a
/// repeated key keeps its first place and takes the last value.
fn hashmap_order(items: Vec<(J, J)>, n: usize, q: &Quote<'_>) -> Vec<(J, J)> {
    let mut unique: Vec<(J, J)> = Vec::with_capacity(items.len());
    for (k, v) in items {
        let key = key_bytes(&k, q);
        match unique.iter().position(|(old, _)| key_bytes(old, q) == key) {
            Some(i) => unique[i].1 = v,
            None => unique.push((k, v)),
        }
    }
    let hashes: Vec<i32> = unique.iter().map(|(k, _)| java_hash(k, q)).collect();
    let order = javaorder::iteration_order(&hashes, javaorder::sized_capacity(2 * n));
    let mut slots: Vec<Option<(J, J)>> = unique.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// What makes two keys equal in Java (the bytes of a String or a ByteBuffer).
fn key_bytes<'a>(k: &'a J, q: &'a Quote<'_>) -> &'a [u8] {
    match k {
        J::Str(s) => s.as_bytes(),
        J::Buf { start, end } => &q.frame[*start..*end],
        _ => &[],
    }
}

/// `hashCode()` of a key: a `String`'s or a `ByteBuffer`'s.
fn java_hash(k: &J, q: &Quote<'_>) -> i32 {
    match k {
        J::Str(s) => javaorder::string_hash(s),
        J::Buf { start, end } => javaorder::buffer_hash(&q.frame[*start..*end]),
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
                Ty::Bool => out.push_str(if field.default == Default::Bool(true) {
                    "true"
                } else {
                    "false"
                }),
                Ty::I32 | Ty::I64 => match field.default {
                    Default::I32(n) => out.push_str(&n.to_string()),
                    _ => out.push('0'),
                },
                Ty::Double => out.push_str(&java_double(match field.default {
                    Default::Double(d) => d,
                    _ => 0.0,
                })),
                _ => out.push_str("null"),
            },
            Some(J::Buf { start, end }) => {
                let from = match q.buffers {
                    BufferQuote::FromFrame => 0,
                    BufferQuote::OwnBytes | BufferQuote::Copied => *start,
                };
                quote_buffer(out, &q.frame[from..*end]);
            }
            Some(v) => write_value(out, v, q),
        }
    }
    out.push(')');
}

/// `TBaseHelper.toString(ByteBuffer)` of the bytes it printed (see
/// [`BufferQuote`]): at most 128 of them, then `...`.
fn quote_buffer(out: &mut String, bytes: &[u8]) {
    for (i, byte) in bytes.iter().take(128).enumerate() {
        if i != 0 {
            out.push(' ');
        }
        let _ = write!(out, "{byte:02X}");
    }
    if bytes.len() > 128 {
        out.push_str("...");
    }
}

fn write_value(out: &mut String, v: &J, q: &Quote<'_>) {
    match v {
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::I32(n) => out.push_str(&n.to_string()),
        J::I64(n) => out.push_str(&n.to_string()),
        J::Double(d) => out.push_str(&java_double(*d)),
        J::Str(s) => out.push_str(s),
        J::Enum(name) => out.push_str(name),
        // Outside a struct field, Java printed the buffer object itself.
        J::Buf { start, end } if q.buffers == BufferQuote::Copied => {
            let len = end - start;
            let _ = write!(out, "java.nio.HeapByteBuffer[pos=0 lim={len} cap={len}]");
        }
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

/// Java's generated `toString` of a 19.x `Deletion` whose binary fields
/// print their own bytes (libthrift 0.9, 2.0 on; up to 1.2 libthrift 0.7
/// printed the frame from its start, which a decoded struct no longer
/// has): optional fields only when set.
pub fn deletion_to_string(del: &crate::thrift::gen::cassandra19::Deletion) -> String {
    let mut out = String::from("Deletion(");
    let mut fields: Vec<String> = Vec::new();
    if let Some(ts) = del.timestamp {
        fields.push(format!("timestamp:{ts}"));
    }
    if let Some(sc) = &del.super_column {
        let mut f = String::from("super_column:");
        quote_buffer(&mut f, sc);
        fields.push(f);
    }
    if let Some(p) = &del.predicate {
        let mut parts: Vec<String> = Vec::new();
        if let Some(names) = &p.column_names {
            let quoted: Vec<String> = names
                .iter()
                .map(|n| {
                    let mut q = String::new();
                    quote_buffer(&mut q, n);
                    q
                })
                .collect();
            parts.push(format!("column_names:[{}]", quoted.join(", ")));
        }
        if let Some(r) = &p.slice_range {
            let (mut start, mut finish) = (String::new(), String::new());
            quote_buffer(&mut start, &r.start);
            quote_buffer(&mut finish, &r.finish);
            parts.push(format!(
                "slice_range:SliceRange(start:{start}, finish:{finish}, reversed:{}, count:{})",
                r.reversed, r.count
            ));
        }
        fields.push(format!("predicate:SlicePredicate({})", parts.join(", ")));
    }
    out.push_str(&fields.join(", "));
    out.push(')');
    out
}

/// `text` with each `Deletion` of `msg` (a whole call, as the frame carried
/// it) that it quotes as [`deletion_to_string`] does quoted instead as the
/// release's libthrift printed it (`quote`: up to 1.2, from the frame's
/// start). The text is returned as it was when nothing matches.
pub fn requote_deletions(msg: &[u8], quote: BufferQuote, text: String) -> String {
    if msg.len() > QUOTE_MAX || quote != BufferQuote::FromFrame {
        return text;
    }
    let mut r = Reader::new(msg);
    let Some(desc) = r.message_header().ok().and_then(|h| args_of(&h.name)) else {
        return text;
    };
    let q = Quote {
        frame_len: msg.len(),
        frame: msg,
        buffers: quote,
    };
    let Ok(args) = read_struct(&mut r, desc, 0, &q) else {
        return text;
    };
    let own = Quote {
        buffers: BufferQuote::OwnBytes,
        ..q
    };
    let args = J::Struct(args);
    let mut deletions = Vec::new();
    collect_deletions(&args, &mut deletions);
    for d in deletions {
        let mine = to_java_string(d, &own);
        if text.contains(&mine) {
            return text.replacen(&mine, &to_java_string(d, &q), 1);
        }
    }
    text
}

/// Every `Deletion` struct inside `v`, in the order read.
fn collect_deletions<'v>(v: &'v J, out: &mut Vec<&'v JStruct>) {
    match v {
        J::Struct(s) if s.desc.name == "Deletion" => out.push(s),
        J::Struct(s) => s
            .slots
            .iter()
            .flatten()
            .for_each(|v| collect_deletions(v, out)),
        J::List(items) => items.iter().for_each(|v| collect_deletions(v, out)),
        J::Map(items) => items.iter().for_each(|(k, v)| {
            collect_deletions(k, out);
            collect_deletions(v, out);
        }),
        _ => {}
    }
}

/// `Double.toString(d)`: plain notation with at least one decimal from
/// 10^-3 up to 10^7, else `d.dddE±n`.
pub fn java_double(d: f64) -> String {
    if d.is_nan() {
        return "NaN".to_string();
    }
    if d.is_infinite() {
        return if d > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if d == 0.0 || (1e-3..1e7).contains(&d.abs()) {
        // Rust's Debug form is the shortest that reads back, with ".0".
        return format!("{d:?}");
    }
    let sci = format!("{d:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    format!("{mantissa}E{exp}")
}

#[cfg(test)]
#[path = "javaargs_tests.rs"]
mod tests;
