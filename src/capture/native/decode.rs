//! A native-protocol reply's parts, for comparing: what its header flags
//! put before the body (a tracing id, v4's warnings and custom payload),
//! then an ERROR's code, message and the rest, or a RESULT's kind and what
//! that kind holds (rows with their columns, a keyspace set, a prepared
//! statement's id and metadata, a schema change's words). Anything else is
//! kept as its bytes. Read with the server's own [`Reader`]; owns the
//! reading of replies only, never their comparison.

use crate::native::wire::codec::{DecodeError, DecodeResult, Reader};
use crate::native::wire::frame::{op, FLAG_CUSTOM_PAYLOAD, FLAG_TRACING, FLAG_WARNING};
use crate::native::wire::result::{PREPARED, ROWS, SCHEMA_CHANGE, SET_KEYSPACE, VOID};

const GLOBAL_TABLES_SPEC: i32 = 0x0001;
const HAS_MORE_PAGES: i32 = 0x0002;
const NO_METADATA: i32 = 0x0004;

/// A reply, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub opcode: u8,
    pub tracing: Option<Vec<u8>>,
    pub warnings: Vec<String>,
    pub body: Body,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Error {
        code: i32,
        message: String,
        /// What the code adds (consistency, counts, names), as on the wire.
        rest: Vec<u8>,
    },
    Void,
    Rows(Rows),
    SetKeyspace(String),
    Prepared {
        id: Vec<u8>,
        /// The markers' and result's metadata, as on the wire.
        metadata: Vec<u8>,
    },
    SchemaChange(Vec<String>),
    /// Any other message (READY, SUPPORTED, AUTHENTICATE...) or result kind.
    Bytes(Vec<u8>),
}

/// One column of a ROWS result.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub keyspace: String,
    pub table: String,
    pub name: String,
    /// The type [option] as on the wire.
    pub ty: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Rows {
    pub paging_state: Option<Vec<u8>>,
    /// Empty when the request asked to skip the metadata.
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Option<Vec<u8>>>>,
}

/// Decodes a reply's `body` (inflated) under its header's `opcode` and `flags`.
pub fn reply(version: u8, opcode: u8, flags: u8, body: &[u8]) -> DecodeResult<Reply> {
    let mut r = Reader::new(body);
    let tracing = if flags & FLAG_TRACING != 0 {
        Some(r.raw(16)?.to_vec())
    } else {
        None
    };
    let mut warnings = Vec::new();
    if version >= 4 && flags & FLAG_WARNING != 0 {
        warnings = r.string_list()?;
    }
    if version >= 4 && flags & FLAG_CUSTOM_PAYLOAD != 0 {
        for _ in 0..r.short()? {
            r.string()?;
            r.bytes()?;
        }
    }
    let rest = |r: &Reader| body[r.offset()..].to_vec();
    let body = match opcode {
        op::ERROR => Body::Error {
            code: r.int()?,
            message: r.string()?,
            rest: rest(&r),
        },
        op::RESULT => match r.int()? {
            VOID => Body::Void,
            ROWS => Body::Rows(rows(&mut r, body)?),
            SET_KEYSPACE => Body::SetKeyspace(r.string()?),
            PREPARED => Body::Prepared {
                id: r.short_bytes()?,
                metadata: rest(&r),
            },
            SCHEMA_CHANGE => {
                let mut words = Vec::new();
                while r.remaining() > 0 {
                    match r.string() {
                        Ok(w) => words.push(w),
                        Err(_) => break,
                    }
                }
                Body::SchemaChange(words)
            }
            _ => Body::Bytes(body.to_vec()),
        },
        _ => Body::Bytes(rest(&r)),
    };
    Ok(Reply {
        opcode,
        tracing,
        warnings,
        body,
    })
}

/// The prepared id of a PREPARED result (`None`: the reply is not one).
pub fn prepared_id(version: u8, opcode: u8, flags: u8, body: &[u8]) -> Option<Vec<u8>> {
    match reply(version, opcode, flags, body).ok()?.body {
        Body::Prepared { id, .. } => Some(id),
        _ => None,
    }
}

/// The tracing session id a reply carries first when its header says so.
pub fn tracing_id(flags: u8, body: &[u8]) -> Option<Vec<u8>> {
    (flags & FLAG_TRACING != 0)
        .then(|| body.get(..16).map(<[u8]>::to_vec))
        .flatten()
}

/// A ROWS result's content, `r` reading `body` past the kind.
fn rows(r: &mut Reader, body: &[u8]) -> DecodeResult<Rows> {
    let flags = r.int()?;
    let count =
        usize::try_from(r.int()?).map_err(|_| DecodeError("negative column count".into()))?;
    let paging_state = if flags & HAS_MORE_PAGES != 0 {
        r.bytes()?
    } else {
        None
    };
    let mut columns = Vec::new();
    if flags & NO_METADATA == 0 {
        let global = if flags & GLOBAL_TABLES_SPEC != 0 {
            Some((r.string()?, r.string()?))
        } else {
            None
        };
        for _ in 0..count {
            let (keyspace, table) = match &global {
                Some(g) => g.clone(),
                None => (r.string()?, r.string()?),
            };
            let name = r.string()?;
            let at = r.offset();
            skip_type(r)?;
            let ty = body[at..r.offset()].to_vec();
            columns.push(Column {
                keyspace,
                table,
                name,
                ty,
            });
        }
    }
    let n = r.int()?;
    let n = usize::try_from(n).map_err(|_| DecodeError(format!("Invalid row count {n}")))?;
    if count > 0 && n.saturating_mul(count).saturating_mul(4) > r.remaining() {
        return Err(DecodeError(format!("{n} rows announced, fewer bytes left")));
    }
    let mut rows = Vec::with_capacity(n);
    for _ in 0..n {
        let mut row = Vec::with_capacity(count);
        for _ in 0..count {
            row.push(r.bytes()?);
        }
        rows.push(row);
    }
    Ok(Rows {
        paging_state,
        columns,
        rows,
    })
}

/// Skips one type [option] (collections, UDTs and tuples with their parts).
fn skip_type(r: &mut Reader) -> DecodeResult<()> {
    match r.short()? {
        0x0000 => {
            r.string()?;
        }
        0x0020 | 0x0022 => skip_type(r)?,
        0x0021 => {
            skip_type(r)?;
            skip_type(r)?;
        }
        0x0030 => {
            r.string()?;
            r.string()?;
            for _ in 0..r.short()? {
                r.string()?;
                skip_type(r)?;
            }
        }
        0x0031 => {
            for _ in 0..r.short()? {
                skip_type(r)?;
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::codec::Writer;

    #[test]
    fn rows_with_their_columns_and_a_paging_state() {
        let mut w = Writer::new();
        w.int(ROWS).int(GLOBAL_TABLES_SPEC | HAS_MORE_PAGES).int(2);
        w.bytes(Some(b"state")).string("ks").string("t");
        w.string("k").short(0x000D);
        w.string("m")
            .short(0x0021)
            .short(0x000D)
            .short(0x0020)
            .short(0x0009);
        w.int(1).bytes(Some(b"a")).bytes(None);
        let r = reply(4, op::RESULT, 0, &w.buf).unwrap();
        let Body::Rows(rows) = r.body else {
            panic!("{r:?}")
        };
        assert_eq!(rows.paging_state.as_deref(), Some(&b"state"[..]));
        assert_eq!(rows.columns[1].name, "m");
        assert_eq!(rows.columns[1].ty, [0, 0x21, 0, 0x0D, 0, 0x20, 0, 0x09]);
        assert_eq!(rows.rows, vec![vec![Some(b"a".to_vec()), None]]);
    }

    #[test]
    fn flags_errors_and_prepared_ids() {
        let mut w = Writer::new();
        w.buf.extend_from_slice(&[7u8; 16]);
        w.string_list(&["careful"])
            .int(0x2200)
            .string("bad")
            .byte(1);
        let r = reply(4, op::ERROR, FLAG_TRACING | FLAG_WARNING, &w.buf).unwrap();
        assert_eq!(r.tracing, Some(vec![7u8; 16]));
        assert_eq!(r.warnings, ["careful"]);
        assert_eq!(
            r.body,
            Body::Error {
                code: 0x2200,
                message: "bad".into(),
                rest: vec![1]
            }
        );
        let mut p = Writer::new();
        p.int(PREPARED).short_bytes(&[1, 2, 3]).int(0);
        assert_eq!(prepared_id(2, op::RESULT, 0, &p.buf), Some(vec![1, 2, 3]));
        assert_eq!(prepared_id(2, op::READY, 0, &[]), None);
    }
}
