//! Request messages decoded from a frame body, per protocol version:
//! STARTUP, OPTIONS, CREDENTIALS (v1), AUTH_RESPONSE (v2+), QUERY, PREPARE,
//! EXECUTE, BATCH (v2+) and REGISTER.
//!
//! Owns the layout of each body as each version lays it out (v1's bare
//! QUERY and EXECUTE, v2's query parameters, v3's default timestamp and
//! named values, v4's unset values). Every body must be consumed exactly;
//! anything else is a protocol error. This module must not run anything.

use super::codec::{DecodeError, DecodeResult, Reader, Value};
use super::frame::op;
use std::collections::BTreeMap;

/// What QUERY and EXECUTE say besides the statement.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueryParams {
    pub consistency: u16,
    pub values: Vec<Value>,
    /// v3's named values: the name of each value, in order.
    pub names: Option<Vec<String>>,
    pub skip_metadata: bool,
    pub page_size: Option<i32>,
    pub paging_state: Option<Vec<u8>>,
    pub serial_consistency: Option<u16>,
    pub timestamp: Option<i64>,
}

/// One statement of a BATCH, as its body holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchQuery<'a> {
    Text(&'a str),
    Prepared(&'a [u8]),
}

/// One member of a BATCH: its statement and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member<'a> {
    pub query: BatchQuery<'a>,
    pub values: Vec<Value>,
}

/// A BATCH message. Its members stay in the body's encoding (checked whole
/// by [`decode`]) and are decoded one at a time by [`Batch::members`]: a
/// batch of 65,535 small statements decoded whole costs several times its
/// size in strings and vectors. The body is owned, so that the batch frees
/// it when dropped (as soon as its members are packed, before they apply).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    /// 0 logged, 1 unlogged, 2 counter.
    pub kind: u8,
    pub consistency: u16,
    pub serial_consistency: Option<u16>,
    pub timestamp: Option<i64>,
    version: u8,
    count: usize,
    body: Vec<u8>,
    /// Where the members lie in `body`.
    members: std::ops::Range<usize>,
}

impl Batch {
    /// How many members.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The members, in order, decoded as they are reached.
    pub fn members(&self) -> impl Iterator<Item = DecodeResult<Member<'_>>> + '_ {
        let mut r = Reader::new(&self.body[self.members.clone()]);
        let version = self.version;
        (0..self.count).map(move |_| member(&mut r, version))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Startup(BTreeMap<String, String>),
    Options,
    Credentials(BTreeMap<String, String>),
    AuthResponse(Option<Vec<u8>>),
    Query { query: String, params: QueryParams },
    Prepare(String),
    Execute { id: Vec<u8>, params: QueryParams },
    Batch(Batch),
    Register(Vec<String>),
}

const VALUES: u8 = 0x01;
const SKIP_METADATA: u8 = 0x02;
const PAGE_SIZE: u8 = 0x04;
const PAGING_STATE: u8 = 0x08;
const SERIAL_CONSISTENCY: u8 = 0x10;
const DEFAULT_TIMESTAMP: u8 = 0x20;
const NAMES: u8 = 0x40;

fn unexpected(opcode: u8, version: u8) -> DecodeError {
    DecodeError(format!(
        "Unexpected message {} in protocol version {version}",
        op::name(opcode)
    ))
}

/// Decodes the body of a request with `opcode` in `version`, its message
/// starting at `start` (after a custom payload). A BATCH keeps the body:
/// its members stay encoded there until they are packed.
pub fn decode(version: u8, opcode: u8, body: Vec<u8>, start: usize) -> DecodeResult<Request> {
    if opcode == op::BATCH && version >= 2 {
        return batch(body, start, version).map(Request::Batch);
    }
    decode_message(version, opcode, body.get(start..).unwrap_or_default())
}

/// [`decode`] of a message read in place (a small frame's, still in the
/// connection's buffer): only a BATCH copies its bytes.
pub fn decode_in_place(version: u8, opcode: u8, message: &[u8]) -> DecodeResult<Request> {
    if opcode == op::BATCH && version >= 2 {
        return batch(message.to_vec(), 0, version).map(Request::Batch);
    }
    decode_message(version, opcode, message)
}

fn decode_message(version: u8, opcode: u8, message: &[u8]) -> DecodeResult<Request> {
    let mut r = Reader::new(message);
    let req = match opcode {
        op::STARTUP => Request::Startup(r.string_map()?),
        op::OPTIONS => Request::Options,
        op::CREDENTIALS if version == 1 => Request::Credentials(r.string_map()?),
        op::AUTH_RESPONSE if version >= 2 => Request::AuthResponse(r.bytes()?),
        op::QUERY => {
            let query = r.long_string()?;
            let params = if version == 1 {
                QueryParams {
                    consistency: r.short()?,
                    ..QueryParams::default()
                }
            } else {
                params(&mut r, version)?
            };
            Request::Query { query, params }
        }
        op::PREPARE => Request::Prepare(r.long_string()?),
        op::EXECUTE => {
            let id = r.short_bytes()?;
            let params = if version == 1 {
                let n = r.count(4)?;
                let values = (0..n)
                    .map(|_| r.value(version))
                    .collect::<DecodeResult<Vec<_>>>()?;
                QueryParams {
                    values,
                    consistency: r.short()?,
                    ..QueryParams::default()
                }
            } else {
                params(&mut r, version)?
            };
            Request::Execute { id, params }
        }
        op::REGISTER => Request::Register(r.string_list()?),
        other => return Err(unexpected(other, version)),
    };
    ignore_rest(&r, opcode);
    Ok(req)
}

/// Bytes after the message are ignored, as Cassandra ignored them: the
/// python driver sends v2's flags byte after a v1 QUERY.
fn ignore_rest(r: &Reader, opcode: u8) {
    if r.remaining() > 0 {
        tracing::debug!(
            extra = r.remaining(),
            "ignoring bytes after a {} message",
            op::name(opcode)
        );
    }
}

fn values(r: &mut Reader, version: u8, named: bool) -> DecodeResult<(Vec<Value>, Vec<String>)> {
    let n = r.count(if named { 6 } else { 4 })?;
    let mut values = Vec::with_capacity(n);
    let mut names = Vec::new();
    for _ in 0..n {
        if named {
            names.push(r.string()?);
        }
        values.push(r.value(version)?);
    }
    Ok((values, names))
}

fn params(r: &mut Reader, version: u8) -> DecodeResult<QueryParams> {
    let consistency = r.short()?;
    let flags = r.byte()?;
    let known = if version >= 3 { 0x7f } else { 0x1f };
    if flags & !known != 0 {
        return Err(DecodeError(format!(
            "Unknown query flags 0x{:02x} in protocol version {version}",
            flags & !known
        )));
    }
    let mut p = QueryParams {
        consistency,
        skip_metadata: flags & SKIP_METADATA != 0,
        ..QueryParams::default()
    };
    if flags & VALUES != 0 {
        let named = flags & NAMES != 0;
        let (values, names) = values(r, version, named)?;
        p.values = values;
        p.names = named.then_some(names);
    }
    if flags & PAGE_SIZE != 0 {
        p.page_size = Some(r.int()?);
    }
    if flags & PAGING_STATE != 0 {
        p.paging_state = r.bytes()?;
    }
    if flags & SERIAL_CONSISTENCY != 0 {
        p.serial_consistency = Some(r.short()?);
    }
    if flags & DEFAULT_TIMESTAMP != 0 {
        p.timestamp = Some(r.long()?);
    }
    Ok(p)
}

/// A BATCH body, its members checked (every length, string and kind) but
/// left encoded.
fn batch(body: Vec<u8>, start: usize, version: u8) -> DecodeResult<Batch> {
    let mut r = Reader::new(body.get(start..).unwrap_or_default());
    let kind = r.byte()?;
    if kind > 2 {
        return Err(DecodeError(format!("Unknown batch type {kind}")));
    }
    let count = r.count(3)?;
    let from = start + r.offset();
    for _ in 0..count {
        member(&mut r, version)?;
    }
    let to = start + r.offset();
    let consistency = r.short()?;
    let (mut serial_consistency, mut timestamp) = (None, None);
    if version >= 3 {
        let flags = r.byte()?;
        if flags & NAMES != 0 {
            // Cassandra refused them too: the values come before the flag.
            return Err(DecodeError(
                "Named values in BATCH are not supported".into(),
            ));
        }
        if flags & SERIAL_CONSISTENCY != 0 {
            serial_consistency = Some(r.short()?);
        }
        if flags & DEFAULT_TIMESTAMP != 0 {
            timestamp = Some(r.long()?);
        }
    }
    ignore_rest(&r, op::BATCH);
    Ok(Batch {
        kind,
        consistency,
        serial_consistency,
        timestamp,
        version,
        count,
        body,
        members: from..to,
    })
}

/// One member of a BATCH.
fn member<'a>(r: &mut Reader<'a>, version: u8) -> DecodeResult<Member<'a>> {
    let query = match r.byte()? {
        0 => BatchQuery::Text(r.long_str()?),
        1 => BatchQuery::Prepared(r.short_bytes_ref()?),
        k => {
            return Err(DecodeError(format!(
                "Invalid query kind in BATCH messages. Must be 0 or 1 but got {k}"
            )))
        }
    };
    let (values, _) = values(r, version, false)?;
    Ok(Member { query, values })
}

/// The name of a consistency code ("QUORUM"), as the activity record and
/// the fault rules name levels; "UNKNOWN" for a code no version has.
pub fn consistency_name(code: u16) -> &'static str {
    const NAMES: [&str; 11] = [
        "ANY",
        "ONE",
        "TWO",
        "THREE",
        "QUORUM",
        "ALL",
        "LOCAL_QUORUM",
        "EACH_QUORUM",
        "SERIAL",
        "LOCAL_SERIAL",
        "LOCAL_ONE",
    ];
    NAMES.get(usize::from(code)).copied().unwrap_or("UNKNOWN")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::codec::Writer;

    fn decode(version: u8, opcode: u8, body: &[u8]) -> DecodeResult<Request> {
        super::decode(version, opcode, body.to_vec(), 0)
    }

    #[test]
    fn v1_and_v4_queries() {
        let mut w = Writer::new();
        w.long_string("SELECT 1").short(1);
        let r = decode(1, op::QUERY, &w.buf).unwrap();
        assert!(
            matches!(r, Request::Query { ref query, ref params } if query == "SELECT 1" && params.consistency == 1)
        );
        let mut w = Writer::new();
        w.long_string("q").short(4).byte(0x01 | 0x04 | 0x20 | 0x40);
        w.short(2).string("a").int(-2).string("b").bytes(Some(b"x"));
        w.int(100).long(42);
        let Request::Query { params, .. } = decode(4, op::QUERY, &w.buf).unwrap() else {
            panic!()
        };
        assert_eq!(params.values, vec![Value::Unset, Value::Set(b"x".to_vec())]);
        assert_eq!(
            params.names.as_deref(),
            Some(&["a".to_string(), "b".to_string()][..])
        );
        assert_eq!((params.page_size, params.timestamp), (Some(100), Some(42)));
    }

    #[test]
    fn malformed_bodies_are_protocol_errors() {
        // Short bodies, v2 flags only v3 knows, v1 BATCH; a v1 QUERY with
        // v2's flags byte after it (the python driver's) is read as v1.
        let mut w = Writer::new();
        w.long_string("q").short(1).byte(0);
        assert!(decode(1, op::QUERY, &w.buf).is_ok());
        assert!(decode(2, op::QUERY, &w.buf[..3]).is_err());
        let mut w = Writer::new();
        w.long_string("q").short(1).byte(0x20).long(1);
        assert!(decode(2, op::QUERY, &w.buf).is_err());
        assert!(decode(3, op::QUERY, &w.buf).is_ok());
        assert!(decode(1, op::BATCH, &[0, 0, 0, 0, 1]).is_err());
        assert!(decode(4, op::RESULT, &[]).is_err());
    }

    #[test]
    fn batches() {
        let mut w = Writer::new();
        w.byte(1).short(2);
        w.byte(0).long_string("INSERT").short(0);
        w.byte(1).short_bytes(&[9; 16]).short(1).bytes(None);
        w.short(1).byte(0x20).long(7);
        let Request::Batch(b) = decode(3, op::BATCH, &w.buf).unwrap() else {
            panic!()
        };
        assert_eq!(b.len(), 2);
        let members: Vec<Member> = b.members().map(Result::unwrap).collect();
        assert_eq!(members[0].query, BatchQuery::Text("INSERT"));
        assert_eq!(members[1].query, BatchQuery::Prepared(&[9; 16]));
        assert_eq!(members[1].values, vec![Value::Null]);
        assert_eq!(b.timestamp, Some(7));
        // A member cut short, or of an unknown kind, refuses the message
        // before anything runs; so does a body after a custom payload.
        assert!(decode(3, op::BATCH, &w.buf[..w.buf.len() - 14]).is_err());
        let mut bad = w.buf.clone();
        bad[3] = 2;
        assert!(decode(3, op::BATCH, &bad).is_err());
        let mut offset = vec![0xee; 5];
        offset.extend_from_slice(&w.buf);
        let Request::Batch(b) = super::decode(3, op::BATCH, offset, 5).unwrap() else {
            panic!()
        };
        assert_eq!(b.members().count(), 2);
    }
}
