//! Reads a 0.6 argument struct the way Cassandra's Java stubs did, so that
//! malformed requests get the same answer the real server gave.
//!
//! Java semantics reproduced here: a field whose wire type differs from the
//! IDL is skipped (treated as absent); unknown field ids are skipped; `string`
//! fields are decoded as lossy UTF-8; an unknown ConsistencyLevel becomes
//! null; at the end of each struct, required primitives that never arrived
//! fail with "Required field 'x' was not found in serialized data! Struct: …"
//! and required objects that are null with "Required field 'x' was not
//! present! Struct: …", where `…` is the Java `toString` of the struct.
//!
//! A request that passes is re-encoded in canonical form (only declared
//! fields, defaults filled in, strings as valid UTF-8) for the generated
//! processor to decode. This module must not interpret any field.

use super::idl::cl_name;
use crate::schema::javaorder::string_hashmap_order;
use crate::thrift::wire::bounded::{self, OverBudget, PREALLOC_MAX};
use crate::thrift::wire::idl::{Default, Field, Req, StructDesc, Ty};
use crate::thrift::wire::{ttype, Reader, Value, WireError, MAX_DEPTH};
use std::fmt::Write as _;

/// A value as the Java stub held it.
#[derive(Clone, Debug)]
pub enum J {
    Bool(bool),
    I32(i32),
    I64(i64),
    Str(String),
    Bin(Vec<u8>),
    /// A ConsistencyLevel; `None` is Java's null for a value the enum lacks.
    Cl(Option<i32>),
    Struct(JStruct),
    List(Vec<J>),
    Map(Vec<(J, J)>),
}

/// A struct as the Java stub held it: one slot per declared field.
#[derive(Clone, Debug)]
pub struct JStruct {
    pub desc: &'static StructDesc,
    /// `None` is Java's null (objects only; primitives always hold a value).
    pub slots: Vec<Option<J>>,
    /// Whether the field arrived on the wire.
    pub isset: Vec<bool>,
}

/// Why the arguments were refused: the text of Java's TProtocolException.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArgsError {
    /// A required field was missing or null (Java: TProtocolException, answered as PROTOCOL_ERROR).
    #[error("{0}")]
    Protocol(String),
    /// The bytes are not a well-formed struct at all.
    #[error("{0}")]
    Malformed(String),
}

impl From<WireError> for ArgsError {
    fn from(e: WireError) -> Self {
        ArgsError::Malformed(e.to_string())
    }
}

impl From<OverBudget> for ArgsError {
    fn from(e: OverBudget) -> Self {
        ArgsError::Malformed(e.to_string())
    }
}

/// Reads one argument struct (the reader is positioned after the message header).
pub fn read_args(r: &mut Reader<'_>, desc: &'static StructDesc) -> Result<JStruct, ArgsError> {
    read_struct(r, desc, 0)
}

fn default_of(field: &Field) -> Option<J> {
    match (field.default, &field.ty) {
        (Default::Bool(b), _) => Some(J::Bool(b)),
        (Default::I32(n), _) => Some(J::I32(n)),
        (Default::Str(s), _) => Some(J::Str(s.to_string())),
        (Default::Enum(n), _) => Some(J::Cl(Some(n))),
        // 0.6's IDL declares no double.
        (Default::Double(_), _) => None,
        (Default::None, Ty::Bool) => Some(J::Bool(false)),
        (Default::None, Ty::I32) => Some(J::I32(0)),
        (Default::None, Ty::I64) => Some(J::I64(0)),
        (Default::None, _) => None,
    }
}

fn read_struct(
    r: &mut Reader<'_>,
    desc: &'static StructDesc,
    depth: usize,
) -> Result<JStruct, ArgsError> {
    if depth > MAX_DEPTH {
        return Err(ArgsError::Malformed(
            "Maximum nesting depth exceeded".into(),
        ));
    }
    // What this struct holds, charged to the message's decoding budget.
    bounded::reserve(desc.fields.len() * (std::mem::size_of::<Option<J>>() + 1))?;
    let mut s = JStruct {
        desc,
        slots: desc.fields.iter().map(default_of).collect(),
        isset: vec![false; desc.fields.len()],
    };
    // An unknown enum value in a field Java did not require: Java carried
    // the null on and failed later; we refuse it here.
    let mut null_enum: Option<&'static str> = None;
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
            Some(i) => {
                let v = read_value(r, &desc.fields[i].ty, depth + 1)?;
                if matches!(v, J::Cl(None)) && desc.fields[i].req != Req::Required {
                    null_enum = Some(desc.fields[i].name);
                }
                s.isset[i] = !matches!(v, J::Cl(None));
                s.slots[i] = match v {
                    J::Cl(None) => None,
                    v => Some(v),
                };
            }
            None => r.skip(ft, depth + 1)?,
        }
    }
    for (i, field) in desc.fields.iter().enumerate() {
        if field.req == Req::Required && field.ty.is_primitive() && !s.isset[i] {
            return Err(ArgsError::Protocol(format!(
                "Required field '{}' was not found in serialized data! Struct: {}",
                field.name,
                to_java_string(&s)
            )));
        }
    }
    for (i, field) in desc.fields.iter().enumerate() {
        if field.req == Req::Required && !field.ty.is_primitive() && s.slots[i].is_none() {
            return Err(ArgsError::Protocol(format!(
                "Required field '{}' was not present! Struct: {}",
                field.name,
                to_java_string(&s)
            )));
        }
    }
    if let Some(name) = null_enum {
        return Err(ArgsError::Protocol(format!(
            "Field '{name}' holds an unknown ConsistencyLevel value! Struct: {}",
            to_java_string(&s)
        )));
    }
    Ok(s)
}

pub(crate) fn elem_type_ok(declared: &Ty, wire: u8, n: usize) -> Result<(), ArgsError> {
    // Java ignored the element type byte and misread; we refuse instead.
    if n > 0 && declared.wire() != wire {
        return Err(ArgsError::Malformed(format!(
            "Unexpected element type {wire}, expected {}",
            declared.wire()
        )));
    }
    Ok(())
}

pub(crate) fn read_value(
    r: &mut Reader<'_>,
    ty: &'static Ty,
    depth: usize,
) -> Result<J, ArgsError> {
    if depth > MAX_DEPTH {
        return Err(ArgsError::Malformed(
            "Maximum nesting depth exceeded".into(),
        ));
    }
    Ok(match ty {
        Ty::Bool => J::Bool(r.u8()? != 0),
        Ty::I32 => J::I32(r.i32()?),
        Ty::I64 => J::I64(r.i64()?),
        // 0.6's IDL declares no double: its eight bytes, as they came.
        Ty::Double => J::I64(r.i64()?),
        Ty::Str => {
            let b = r.bytes()?;
            bounded::reserve(b.len())?;
            J::Str(String::from_utf8_lossy(b).into_owned())
        }
        Ty::Bin => {
            let b = r.bytes()?;
            bounded::reserve(b.len())?;
            J::Bin(b.to_vec())
        }
        Ty::Enum(names) => {
            let v = r.i32()?;
            J::Cl(names(v).map(|_| v))
        }
        Ty::Struct(d) => J::Struct(read_struct(r, d, depth)?),
        Ty::List(et) | Ty::Set(et) => {
            let wire = r.u8()?;
            let n = r.collection_len(wire)?;
            elem_type_ok(et, wire, n)?;
            let mut out = Vec::with_capacity(n.min(PREALLOC_MAX));
            for _ in 0..n {
                let v = read_value(r, et, depth + 1)?;
                bounded::reserve(std::mem::size_of::<J>())?;
                out.push(v);
            }
            J::List(out)
        }
        Ty::Map(kt, vt) => {
            let kw = r.u8()?;
            let vw = r.u8()?;
            let n = r.collection_len(kw)?;
            elem_type_ok(kt, kw, n)?;
            elem_type_ok(vt, vw, n)?;
            let mut out = Vec::with_capacity(n.min(PREALLOC_MAX));
            for _ in 0..n {
                let k = read_value(r, kt, depth + 1)?;
                let v = read_value(r, vt, depth + 1)?;
                bounded::reserve(2 * std::mem::size_of::<J>())?;
                out.push((k, v));
            }
            J::Map(out)
        }
    })
}

/// Java's generated `toString` of a struct.
pub fn to_java_string(s: &JStruct) -> String {
    let mut out = String::new();
    write_struct(&mut out, s);
    out
}

fn write_struct(out: &mut String, s: &JStruct) {
    out.push_str(s.desc.name);
    out.push('(');
    let mut first = true;
    for (i, field) in s.desc.fields.iter().enumerate() {
        let set = if field.ty.is_primitive() {
            s.isset[i]
        } else {
            s.slots[i].is_some()
        };
        if field.req == Req::Optional && !set {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push_str(field.name);
        out.push(':');
        match &s.slots[i] {
            None => out.push_str("null"),
            Some(v) => write_value(out, v),
        }
    }
    out.push(')');
}

/// Java's rendering of a byte[] field: upper-case hex pairs, at most 128.
pub fn java_hex(out: &mut String, b: &[u8]) {
    for (i, byte) in b.iter().take(128).enumerate() {
        if i != 0 {
            out.push(' ');
        }
        let _ = write!(out, "{byte:02X}");
    }
    if b.len() > 128 {
        out.push_str(" ...");
    }
}

fn write_value(out: &mut String, v: &J) {
    match v {
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::I32(n) => out.push_str(&n.to_string()),
        J::I64(n) => out.push_str(&n.to_string()),
        J::Str(s) => out.push_str(s),
        J::Bin(b) => java_hex(out, b),
        J::Cl(c) => out.push_str(c.and_then(cl_name).unwrap_or("null")),
        J::Struct(s) => write_struct(out, s),
        J::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i != 0 {
                    out.push_str(", ");
                }
                write_value(out, item);
            }
            out.push(']');
        }
        J::Map(items) => {
            // Java held these in a HashMap: quote them in its iteration order
            // (for a repeated key, at the first position with the last value).
            let keys: Option<Vec<&str>> = items
                .iter()
                .map(|(k, _)| match k {
                    J::Str(s) => Some(s.as_str()),
                    _ => None,
                })
                .collect();
            let sorted: Vec<&(J, J)> = match keys {
                Some(keys) => string_hashmap_order(keys)
                    .into_iter()
                    .filter_map(|key| {
                        items
                            .iter()
                            .rev()
                            .find(|(k, _)| matches!(k, J::Str(s) if s == key))
                    })
                    .collect(),
                None => items.iter().collect(),
            };
            out.push('{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i != 0 {
                    out.push_str(", ");
                }
                write_value(out, k);
                out.push('=');
                write_value(out, v);
            }
            out.push('}');
        }
    }
}

/// Canonical re-encoding: declared fields only, in IDL order, defaults filled in.
pub fn to_value(s: &JStruct) -> Value {
    let mut fields = Vec::new();
    for (i, field) in s.desc.fields.iter().enumerate() {
        let present = if field.ty.is_primitive() {
            s.isset[i] || field.req != Req::Optional
        } else {
            s.slots[i].is_some()
        };
        if let (true, Some(v)) = (present, &s.slots[i]) {
            fields.push((field.id, j_to_value(v, &field.ty)));
        }
    }
    Value::Struct(fields)
}

fn j_to_value(v: &J, ty: &Ty) -> Value {
    match (v, ty) {
        (J::Bool(b), _) => Value::Bool(*b),
        (J::I32(n), _) => Value::I32(*n),
        (J::I64(n), _) => Value::I64(*n),
        (J::Str(s), _) => Value::Bin(s.as_bytes().to_vec()),
        (J::Bin(b), _) => Value::Bin(b.clone()),
        (J::Cl(c), _) => Value::I32(c.unwrap_or(1)),
        (J::Struct(s), _) => to_value(s),
        (J::List(items), Ty::List(et)) => {
            Value::List(et.wire(), items.iter().map(|i| j_to_value(i, et)).collect())
        }
        (J::List(items), Ty::Set(et)) => {
            Value::Set(et.wire(), items.iter().map(|i| j_to_value(i, et)).collect())
        }
        (J::Map(items), Ty::Map(kt, vt)) => Value::Map(
            kt.wire(),
            vt.wire(),
            items
                .iter()
                .map(|(k, v)| (j_to_value(k, kt), j_to_value(v, vt)))
                .collect(),
        ),
        // A J always matches the type it was read as; an empty struct keeps
        // the encoder total should that ever be violated.
        _ => Value::Struct(Vec::new()),
    }
}

/// The field named `name` of `s`, as held.
pub fn slot<'a>(s: &'a JStruct, name: &str) -> Option<&'a J> {
    s.desc
        .fields
        .iter()
        .position(|f| f.name == name)
        .and_then(|i| s.slots[i].as_ref())
}

#[cfg(test)]
#[path = "javaread_tests.rs"]
mod tests;
