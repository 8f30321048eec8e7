//! RESULT bodies: void, rows (metadata, one page of rows, the paging
//! state), set_keyspace, prepared (markers, partition-key indexes on v4,
//! no result metadata) and schema_change, laid out per protocol version;
//! and the EVENT body of a schema change.
//!
//! Paging: the executor answers a SELECT whole; a page is a window of that
//! answer, and the paging state says where the next window starts and which
//! statement it belongs to (a state offered with another statement is
//! refused). This module must not run statements.

use super::codec::Writer;
use super::error::{NativeError, NativeResult};
use super::types::{value_to_wire, WireType};
use crate::cql::exec::ChangeKind;
use crate::cql::mapping::ResultSet;
use crate::node::notices::{NoticeKind, SchemaNotice};

pub const VOID: i32 = 0x0001;
pub const ROWS: i32 = 0x0002;
pub const SET_KEYSPACE: i32 = 0x0003;
pub const PREPARED: i32 = 0x0004;
pub const SCHEMA_CHANGE: i32 = 0x0005;

const GLOBAL_TABLES_SPEC: i32 = 0x0001;
const HAS_MORE_PAGES: i32 = 0x0002;
const NO_METADATA: i32 = 0x0004;

/// Where a statement's columns live, for the metadata's table spec.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableSpec {
    pub keyspace: String,
    pub table: String,
}

pub fn void() -> Vec<u8> {
    let mut w = Writer::new();
    w.int(VOID);
    w.buf
}

pub fn set_keyspace(keyspace: &str) -> Vec<u8> {
    let mut w = Writer::new();
    w.int(SET_KEYSPACE).string(keyspace);
    w.buf
}

/// The page asked for: the first row and how many (`None`: all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub start: usize,
    pub size: Option<usize>,
}

/// A paging state: the next row's index and the digest of the statement
/// (its text or prepared id, and its values) it continues.
pub fn paging_state(next: usize, statement: &[u8; 16]) -> Vec<u8> {
    let mut out = (next as u64).to_be_bytes().to_vec();
    out.extend_from_slice(statement);
    out
}

/// Reads a paging state given with `statement`.
pub fn page_start(state: &[u8], statement: &[u8; 16]) -> NativeResult<usize> {
    if state.len() != 24 || &state[8..] != statement {
        return Err(NativeError::Invalid(
            "Invalid value for the paging state: it does not belong to this statement".into(),
        ));
    }
    let mut n = [0u8; 8];
    n.copy_from_slice(&state[..8]);
    usize::try_from(u64::from_be_bytes(n))
        .map_err(|_| NativeError::Invalid("Invalid value for the paging state".into()))
}

/// A ROWS result of one page of `rs`.
pub fn rows(
    rs: ResultSet,
    spec: &TableSpec,
    version: u8,
    page: Page,
    statement: &[u8; 16],
    skip_metadata: bool,
) -> Vec<u8> {
    let types: Vec<WireType> = rs
        .columns
        .iter()
        .map(|c| WireType::of_class(&c.type_class))
        .collect();
    let total = rs.rows.len();
    let start = page.start.min(total);
    let end = match page.size {
        Some(n) => start.saturating_add(n).min(total),
        None => total,
    };
    let more = end < total;
    let mut w = Writer::new();
    w.int(ROWS);
    let mut flags = GLOBAL_TABLES_SPEC;
    if more {
        flags |= HAS_MORE_PAGES;
    }
    if skip_metadata {
        flags = (flags & HAS_MORE_PAGES) | NO_METADATA;
    }
    w.int(flags).int(rs.columns.len() as i32);
    if more {
        w.bytes(Some(&paging_state(end, statement)));
    }
    if !skip_metadata {
        w.string(&spec.keyspace).string(&spec.table);
        for (c, t) in rs.columns.iter().zip(&types) {
            w.string(&c.name);
            t.write(&mut w);
        }
    }
    w.int((end - start) as i32);
    for row in rs.rows.into_iter().skip(start).take(end - start) {
        for (value, t) in row.into_iter().zip(&types) {
            match value {
                Some(v) => {
                    let v = value_to_wire(t, v, version);
                    w.bytes(Some(&v));
                }
                None => {
                    w.bytes(None);
                }
            }
        }
    }
    w.buf
}

/// One bind marker of a prepared statement.
pub struct Marker {
    pub name: String,
    pub type_class: String,
}

/// A PREPARED result: the id, the markers (v4: with the indexes of the
/// markers that bind the partition key) and, from v2, no result metadata
/// (clients then read it from each ROWS result).
pub fn prepared(
    id: &[u8],
    markers: &[Marker],
    spec: &TableSpec,
    pk_indexes: &[u16],
    version: u8,
) -> Vec<u8> {
    let mut w = Writer::new();
    w.int(PREPARED).short_bytes(id);
    w.int(GLOBAL_TABLES_SPEC).int(markers.len() as i32);
    if version >= 4 {
        w.int(pk_indexes.len() as i32);
        for i in pk_indexes {
            w.short(*i);
        }
    }
    w.string(&spec.keyspace).string(&spec.table);
    for m in markers {
        w.string(&m.name);
        WireType::of_class(&m.type_class).write(&mut w);
    }
    if version >= 2 {
        w.int(NO_METADATA).int(0);
    }
    w.buf
}

fn kind_name(kind: NoticeKind) -> &'static str {
    match kind {
        NoticeKind::Created => "CREATED",
        NoticeKind::Updated => "UPDATED",
        NoticeKind::Dropped => "DROPPED",
    }
}

pub fn notice_of(kind: &ChangeKind, keyspace: &str, table: &str) -> SchemaNotice {
    SchemaNotice {
        kind: match kind {
            ChangeKind::Created => NoticeKind::Created,
            ChangeKind::Updated => NoticeKind::Updated,
            ChangeKind::Dropped => NoticeKind::Dropped,
        },
        keyspace: keyspace.to_string(),
        table: (!table.is_empty()).then(|| table.to_string()),
    }
}

/// The schema change part shared by RESULT and EVENT.
fn change(w: &mut Writer, n: &SchemaNotice, version: u8) {
    w.string(kind_name(n.kind));
    if version >= 3 {
        match &n.table {
            None => {
                w.string("KEYSPACE").string(&n.keyspace);
            }
            Some(t) => {
                w.string("TABLE").string(&n.keyspace).string(t);
            }
        }
    } else {
        w.string(&n.keyspace)
            .string(n.table.as_deref().unwrap_or_default());
    }
}

pub fn schema_change(n: &SchemaNotice, version: u8) -> Vec<u8> {
    let mut w = Writer::new();
    w.int(SCHEMA_CHANGE);
    change(&mut w, n, version);
    w.buf
}

/// The body of a SCHEMA_CHANGE EVENT.
pub fn schema_event(n: &SchemaNotice, version: u8) -> Vec<u8> {
    let mut w = Writer::new();
    w.string("SCHEMA_CHANGE");
    change(&mut w, n, version);
    w.buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::mapping::ResultColumn;
    use crate::native::codec::Reader;

    fn three_rows() -> ResultSet {
        ResultSet {
            columns: vec![ResultColumn {
                name: "k".into(),
                type_class: "org.apache.cassandra.db.marshal.Int32Type".into(),
            }],
            rows: (0..3)
                .map(|i: i32| vec![Some(i.to_be_bytes().to_vec())])
                .collect(),
        }
    }

    #[test]
    fn pages_carry_a_state_until_the_last() {
        let id = [7u8; 16];
        let spec = TableSpec {
            keyspace: "ks".into(),
            table: "t".into(),
        };
        let page = Page {
            start: 0,
            size: Some(2),
        };
        let body = rows(three_rows(), &spec, 4, page, &id, false);
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), ROWS);
        assert_eq!(r.int().unwrap(), GLOBAL_TABLES_SPEC | HAS_MORE_PAGES);
        assert_eq!(r.int().unwrap(), 1);
        let state = r.bytes().unwrap().unwrap();
        assert_eq!(page_start(&state, &id).unwrap(), 2);
        assert!(page_start(&state, &[0; 16]).is_err());
        assert_eq!(
            (r.string().unwrap(), r.string().unwrap()),
            ("ks".into(), "t".into())
        );
        assert_eq!(r.string().unwrap(), "k");
        assert_eq!(r.short().unwrap(), 0x0009);
        assert_eq!(r.int().unwrap(), 2);
        let last = rows(
            three_rows(),
            &spec,
            4,
            Page {
                start: 2,
                size: Some(2),
            },
            &id,
            true,
        );
        let mut r = Reader::new(&last);
        r.int().unwrap();
        assert_eq!(r.int().unwrap(), NO_METADATA);
        assert_eq!(r.int().unwrap(), 1);
        assert_eq!(r.int().unwrap(), 1, "one row left");
    }

    #[test]
    fn schema_changes_per_version() {
        let n = SchemaNotice {
            kind: NoticeKind::Created,
            keyspace: "ks".into(),
            table: Some("t".into()),
        };
        let mut r_v2 = Writer::new();
        r_v2.int(SCHEMA_CHANGE)
            .string("CREATED")
            .string("ks")
            .string("t");
        assert_eq!(schema_change(&n, 2), r_v2.buf);
        let mut r_v3 = Writer::new();
        r_v3.int(SCHEMA_CHANGE)
            .string("CREATED")
            .string("TABLE")
            .string("ks")
            .string("t");
        assert_eq!(schema_change(&n, 3), r_v3.buf);
    }
}
