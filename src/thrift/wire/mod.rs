//! The Thrift binary protocol as plain data: a generic value tree, a decoder
//! over a complete in-memory message, and an encoder ([`writer`]). Its
//! submodules are the other readings of the same bytes: [`bounded`] (the one
//! input protocol client messages are decoded with), [`scan`] (where an
//! unframed message ends), [`walk`] (where a whole request's fields are) and
//! [`idl`] (an IDL as data, as Cassandra's Java stubs saw it).
//!
//! Owns the byte layout only (strict and non-strict message headers, field and
//! container encodings). It must not know any IDL: which field means what is
//! decided by the API modules that read the tree. Every length read from the
//! wire is checked against the bytes actually present before anything is
//! allocated, so a hostile length cannot make us reserve memory, and what the
//! decoder builds is charged to the message's budget (`thrift::wire::bounded`).

pub mod bounded;
pub mod defaults;
pub mod idl;
pub mod located;
pub mod scan;
pub mod walk;
mod writer;

use bounded::{OverBudget, PREALLOC_MAX};
use std::borrow::Cow;
use std::fmt;
pub use writer::Writer;

/// Wire type codes of the binary protocol.
/// How a connection frames its messages: each in a 4-byte length
/// (TFramedTransport) or back to back (the raw socket). A fact of the wire
/// that the transport detects and the session keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    Framed,
    Unframed,
}

pub mod ttype {
    pub const STOP: u8 = 0;
    pub const BOOL: u8 = 2;
    pub const BYTE: u8 = 3;
    pub const DOUBLE: u8 = 4;
    pub const I16: u8 = 6;
    pub const I32: u8 = 8;
    pub const I64: u8 = 10;
    pub const STRING: u8 = 11;
    pub const STRUCT: u8 = 12;
    pub const MAP: u8 = 13;
    pub const SET: u8 = 14;
    pub const LIST: u8 = 15;
}

/// Message types.
pub mod mtype {
    pub const CALL: u8 = 1;
    pub const REPLY: u8 = 2;
    pub const EXCEPTION: u8 = 3;
    pub const ONEWAY: u8 = 4;
}

/// Containers and structs nest at most as deep as any outside input may;
/// deeper input is rejected rather than recursed into (the 0.6 API nests
/// at most 6 levels).
pub const MAX_DEPTH: usize = crate::input_bounds::MAX_NESTING;

pub(crate) const VERSION_1: u32 = 0x8001_0000;
pub(crate) const VERSION_MASK: u32 = 0xffff_0000;

/// One decoded Thrift value. `string` and `binary` are both `Bin`.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Bool(bool),
    Byte(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    Double(f64),
    Bin(Vec<u8>),
    /// Fields in wire order: (id, value).
    Struct(Vec<(i16, Value)>),
    List(u8, Vec<Value>),
    Set(u8, Vec<Value>),
    Map(u8, u8, Vec<(Value, Value)>),
}

impl Value {
    /// The wire type code of this value.
    pub fn ttype(&self) -> u8 {
        match self {
            Value::Bool(_) => ttype::BOOL,
            Value::Byte(_) => ttype::BYTE,
            Value::I16(_) => ttype::I16,
            Value::I32(_) => ttype::I32,
            Value::I64(_) => ttype::I64,
            Value::Double(_) => ttype::DOUBLE,
            Value::Bin(_) => ttype::STRING,
            Value::Struct(_) => ttype::STRUCT,
            Value::List(..) => ttype::LIST,
            Value::Set(..) => ttype::SET,
            Value::Map(..) => ttype::MAP,
        }
    }

    /// The first field with this id, if present.
    pub fn field(&self, id: i16) -> Option<&Value> {
        match self {
            Value::Struct(fields) => fields.iter().find(|(fid, _)| *fid == id).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Why bytes could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("message truncated")]
    Truncated,
    #[error("{0}")]
    Invalid(String),
}

impl From<OverBudget> for WireError {
    fn from(e: OverBudget) -> Self {
        WireError::Invalid(e.to_string())
    }
}

/// The header of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageHeader {
    pub name: String,
    pub mtype: u8,
    pub seqid: i32,
    /// True for the strict (versioned) form.
    pub strict: bool,
}

/// A cursor over a complete buffer.
#[derive(Clone)]
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf, pos: 0 }
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        let end = self.pos.checked_add(n).ok_or(WireError::Truncated)?;
        if end > self.buf.len() {
            return Err(WireError::Truncated);
        }
        let s = &self.buf[self.pos..end];
        self.pos = end;
        Ok(s)
    }

    pub fn u8(&mut self) -> Result<u8, WireError> {
        Ok(self.take(1)?[0])
    }
    pub fn i16(&mut self) -> Result<i16, WireError> {
        let b = self.take(2)?;
        Ok(i16::from_be_bytes([b[0], b[1]]))
    }
    pub fn i32(&mut self) -> Result<i32, WireError> {
        let b = self.take(4)?;
        Ok(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub fn i64(&mut self) -> Result<i64, WireError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(i64::from_be_bytes(a))
    }

    /// A length prefix: negative lengths are protocol errors.
    fn len(&mut self, what: &str) -> Result<usize, WireError> {
        let n = self.i32()?;
        if n < 0 {
            return Err(WireError::Invalid(format!("Negative {what} size: {n}")));
        }
        Ok(n as usize)
    }

    pub fn bytes(&mut self) -> Result<&'a [u8], WireError> {
        let n = self.len("length")?;
        self.take(n)
    }

    /// Reads a message header in either the strict or the old (non-strict) form.
    pub fn message_header(&mut self) -> Result<MessageHeader, WireError> {
        let first = self.i32()?;
        if first < 0 {
            let word = first as u32;
            if word & VERSION_MASK != VERSION_1 {
                return Err(WireError::Invalid(format!(
                    "Bad version in readMessageBegin: {word:#010x}"
                )));
            }
            let name = self.bytes()?;
            let seqid = self.i32()?;
            Ok(MessageHeader {
                name: lossy(name).into_owned(),
                mtype: (word & 0xff) as u8,
                seqid,
                strict: true,
            })
        } else {
            let name = self.take(first as usize)?;
            let mtype = self.u8()?;
            let seqid = self.i32()?;
            Ok(MessageHeader {
                name: lossy(name).into_owned(),
                mtype,
                seqid,
                strict: false,
            })
        }
    }

    /// The method name of the message header here, borrowed, checked as
    /// [`Reader::message_header`] checks it (for deciding on a call before
    /// it runs, without building its header).
    pub fn method_name(&mut self) -> Result<&'a [u8], WireError> {
        let first = self.i32()?;
        let name = if first < 0 {
            let word = first as u32;
            if word & VERSION_MASK != VERSION_1 {
                return Err(WireError::Invalid(format!(
                    "Bad version in readMessageBegin: {word:#010x}"
                )));
            }
            self.bytes()?
        } else {
            let name = self.take(first as usize)?;
            self.u8()?;
            name
        };
        self.i32()?;
        Ok(name)
    }

    /// Decodes one value of wire type `t`, charging what it builds to the
    /// current message's budget.
    pub fn value(&mut self, t: u8, depth: usize) -> Result<Value, WireError> {
        if depth > MAX_DEPTH {
            return Err(WireError::Invalid("Maximum nesting depth exceeded".into()));
        }
        const ITEM: usize = std::mem::size_of::<Value>();
        Ok(match t {
            ttype::BOOL => Value::Bool(self.u8()? != 0),
            ttype::BYTE => Value::Byte(self.u8()? as i8),
            ttype::I16 => Value::I16(self.i16()?),
            ttype::I32 => Value::I32(self.i32()?),
            ttype::I64 => Value::I64(self.i64()?),
            ttype::DOUBLE => Value::Double(f64::from_bits(self.i64()? as u64)),
            ttype::STRING => {
                let b = self.bytes()?;
                bounded::reserve(b.len())?;
                Value::Bin(b.to_vec())
            }
            ttype::STRUCT => {
                let mut fields = Vec::new();
                loop {
                    let ft = self.u8()?;
                    if ft == ttype::STOP {
                        break;
                    }
                    let id = self.i16()?;
                    let v = self.value(ft, depth + 1)?;
                    bounded::reserve(std::mem::size_of::<(i16, Value)>())?;
                    fields.push((id, v));
                }
                Value::Struct(fields)
            }
            ttype::LIST | ttype::SET => {
                let et = self.u8()?;
                let n = self.collection_len(et)?;
                let mut items = Vec::with_capacity(n.min(PREALLOC_MAX));
                for _ in 0..n {
                    let v = self.value(et, depth + 1)?;
                    bounded::reserve(ITEM)?;
                    items.push(v);
                }
                if t == ttype::LIST {
                    Value::List(et, items)
                } else {
                    Value::Set(et, items)
                }
            }
            ttype::MAP => {
                let (kt, vt, n) = self.map_len()?;
                let mut items = Vec::with_capacity(n.min(PREALLOC_MAX));
                for _ in 0..n {
                    let k = self.value(kt, depth + 1)?;
                    let v = self.value(vt, depth + 1)?;
                    bounded::reserve(2 * ITEM)?;
                    items.push((k, v));
                }
                Value::Map(kt, vt, items)
            }
            other => return Err(WireError::Invalid(format!("Unknown field type {other}"))),
        })
    }

    /// Steps over one value of wire type `t` without building anything.
    pub fn skip(&mut self, t: u8, depth: usize) -> Result<(), WireError> {
        if depth > MAX_DEPTH {
            return Err(WireError::Invalid("Maximum nesting depth exceeded".into()));
        }
        match t {
            ttype::BOOL | ttype::BYTE => self.take(1).map(drop),
            ttype::I16 => self.take(2).map(drop),
            ttype::I32 => self.take(4).map(drop),
            ttype::I64 | ttype::DOUBLE => self.take(8).map(drop),
            ttype::STRING => self.bytes().map(drop),
            ttype::STRUCT => loop {
                let ft = self.u8()?;
                if ft == ttype::STOP {
                    return Ok(());
                }
                self.i16()?;
                self.skip(ft, depth + 1)?;
            },
            ttype::LIST | ttype::SET => {
                let et = self.u8()?;
                let n = self.collection_len(et)?;
                for _ in 0..n {
                    self.skip(et, depth + 1)?;
                }
                Ok(())
            }
            ttype::MAP => {
                let (kt, vt, n) = self.map_len()?;
                for _ in 0..n {
                    self.skip(kt, depth + 1)?;
                    self.skip(vt, depth + 1)?;
                }
                Ok(())
            }
            other => Err(WireError::Invalid(format!("Unknown field type {other}"))),
        }
    }

    /// Calls `f` on each field header (id, wire type) of the struct here,
    /// until its STOP; `f` reads or skips the field's value.
    pub fn each_field(
        &mut self,
        f: &mut dyn FnMut(&mut Reader<'a>, i16, u8) -> Result<(), WireError>,
    ) -> Result<(), WireError> {
        loop {
            let t = self.u8()?;
            if t == ttype::STOP {
                return Ok(());
            }
            let id = self.i16()?;
            f(self, id, t)?;
        }
    }

    /// Reads a map's key type, value type and entry count, refusing counts
    /// the remaining bytes cannot hold.
    pub fn map_len(&mut self) -> Result<(u8, u8, usize), WireError> {
        let kt = self.u8()?;
        let vt = self.u8()?;
        let n = self.len("map")?;
        let per = min_size(kt)
            .zip(min_size(vt))
            .map(|(k, v)| k + v)
            .ok_or_else(|| WireError::Invalid(format!("Unknown map types {kt}, {vt}")))?;
        self.check_room(n, per)?;
        Ok((kt, vt, n))
    }

    /// Reads a container's element count, refusing counts the remaining bytes
    /// cannot hold (for elements of type `et`).
    pub fn collection_len(&mut self, et: u8) -> Result<usize, WireError> {
        let n = self.len("collection")?;
        let per =
            min_size(et).ok_or_else(|| WireError::Invalid(format!("Unknown field type {et}")))?;
        self.check_room(n, per)?;
        Ok(n)
    }

    /// Refuses element counts the remaining bytes cannot possibly hold (at
    /// `per` bytes each at least), so no count is trusted before its bytes.
    fn check_room(&self, n: usize, per: usize) -> Result<(), WireError> {
        if n.saturating_mul(per) > self.buf.len() - self.pos {
            return Err(WireError::Truncated);
        }
        Ok(())
    }
}

/// Bytes as text, malformed sequences replaced (as `String::from_utf8_lossy`),
/// checked on the fast path first: the names every call carries are read
/// this way, and nearly all are valid.
pub fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// The fewest bytes one encoded value of this type takes.
pub(crate) fn min_size(t: u8) -> Option<usize> {
    Some(match t {
        ttype::BOOL | ttype::BYTE | ttype::STRUCT => 1,
        ttype::I16 => 2,
        ttype::I32 | ttype::STRING => 4,
        ttype::I64 | ttype::DOUBLE => 8,
        ttype::LIST | ttype::SET => 5,
        ttype::MAP => 6,
        _ => return None,
    })
}

impl fmt::Display for MessageHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}(type {}, seqid {})",
            self.name, self.mtype, self.seqid
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn call(name: &str, args: Value, strict: bool) -> Vec<u8> {
        let mut w = Writer::new();
        if strict {
            w.message_header(name, mtype::CALL, 7);
        } else {
            w.bytes(name.as_bytes());
            w.buf.push(mtype::CALL);
            w.buf.extend_from_slice(&7i32.to_be_bytes());
        }
        w.value(&args);
        w.buf
    }

    /// A strict call header followed by `body` (an argument struct's
    /// bytes, well formed or not).
    pub(crate) fn call_with_body(name: &str, body: &[u8]) -> Vec<u8> {
        let mut w = Writer::new();
        w.message_header(name, mtype::CALL, 1);
        w.buf.extend_from_slice(body);
        w.buf
    }

    pub(crate) fn i32b(n: i32) -> [u8; 4] {
        n.to_be_bytes()
    }

    pub(crate) fn protocol_kind(e: &thrift::Error) -> Option<thrift::ProtocolErrorKind> {
        match e {
            thrift::Error::Protocol(p) => Some(p.kind),
            _ => None,
        }
    }

    pub(crate) fn sample() -> Value {
        Value::Struct(vec![
            (1, Value::Bin(b"ks".to_vec())),
            (
                2,
                Value::List(
                    ttype::STRING,
                    vec![Value::Bin(b"a".to_vec()), Value::Bin(vec![0xff; 300])],
                ),
            ),
            (
                3,
                Value::Map(
                    ttype::STRING,
                    ttype::I64,
                    vec![(Value::Bin(b"k".to_vec()), Value::I64(-5))],
                ),
            ),
            (4, Value::I32(1)),
        ])
    }

    #[test]
    fn method_names_are_borrowed_from_either_header_form() {
        for strict in [true, false] {
            let bytes = call("get_slice", sample(), strict);
            let mut r = Reader::new(&bytes);
            assert_eq!(r.method_name().unwrap(), b"get_slice");
            let at = r.position();
            let mut r = Reader::new(&bytes);
            r.message_header().unwrap();
            assert_eq!(r.position(), at);
        }
        let mut r = Reader::new(&[0x80, 0x02, 0, 1, 0, 0, 0, 0]);
        assert!(r.method_name().is_err());
        let mut r = Reader::new(&[0x80, 0x01, 0, 1, 0, 0, 0, 3, b'g']);
        assert!(r.method_name().is_err());
    }

    #[test]
    fn round_trip_both_header_forms() {
        for strict in [true, false] {
            let bytes = call("get", sample(), strict);
            let mut r = Reader::new(&bytes);
            let h = r.message_header().unwrap();
            assert_eq!(
                (h.name.as_str(), h.mtype, h.seqid, h.strict),
                ("get", mtype::CALL, 7, strict)
            );
            assert_eq!(r.value(ttype::STRUCT, 0).unwrap(), sample());
            assert_eq!(r.position(), bytes.len());
        }
    }

    #[test]
    fn bad_versions_are_refused() {
        assert!(Reader::new(&[0xff, 0xff, 0xff, 0xff])
            .message_header()
            .is_err());
    }

    #[test]
    fn hostile_lengths_are_rejected_without_allocation() {
        // A list claiming 2^31-1 elements in a 20-byte message.
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(ttype::LIST, 1);
        w.buf.push(ttype::I64);
        w.buf.extend_from_slice(&i32::MAX.to_be_bytes());
        let mut r = Reader::new(&w.buf);
        r.message_header().unwrap();
        assert_eq!(r.value(ttype::STRUCT, 0), Err(WireError::Truncated));
    }
}
