//! RESULT bodies: void, rows (metadata, one page of rows, the paging
//! state), set_keyspace, prepared (markers, partition-key indexes on v4,
//! from v2 the result metadata) and schema_change, laid out per protocol version;
//! and the EVENT body of a schema change.
//!
//! Paging: the executor answers one page of a SELECT and says where it
//! ended (the last row's partition key and clustering, and what the LIMIT
//! still allows); the paging state carries that position and the digest of
//! the statement it belongs to (a state offered with another statement is
//! refused), so the next page resumes there instead of re-running the
//! statement. This module must not run statements.

use super::codec::{Reader, Writer};
use super::types::{value_to_wire, WireType};
use crate::cql::exec::ChangeKind;
use crate::cql::mapping::{PagePosition, ResultColumn, ResultSet};
use crate::node::schema_change::notices::{NoticeKind, SchemaNotice};

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

/// A paging state: the digest of the statement (its text or prepared id,
/// and its values) it continues, then the position the next page starts
/// after: rows left under the LIMIT, whether the partition is done, the
/// row key and the clustering values.
pub fn paging_state(next: &PagePosition, statement: &[u8; 16]) -> Vec<u8> {
    let mut w = Writer::new();
    w.buf.extend_from_slice(statement);
    w.long(next.remaining.min(i64::MAX as usize) as i64)
        .byte(u8::from(next.partition_done))
        .bytes(Some(&next.row_key))
        .short(next.clustering.len() as u16);
    for c in &next.clustering {
        w.bytes(Some(c));
    }
    w.buf
}

/// A paging state that is not one this node gave for the statement it
/// came with: an invalid request (not a protocol error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadPagingState {
    #[error("Invalid value for the paging state: it does not belong to this statement")]
    OtherStatement,
    #[error("Invalid value for the paging state")]
    Malformed,
}

/// Reads a paging state given with `statement`: where its page starts.
pub fn page_from(state: &[u8], statement: &[u8; 16]) -> Result<PagePosition, BadPagingState> {
    let invalid = || BadPagingState::Malformed;
    if state.len() < 16 || &state[..16] != statement {
        return Err(BadPagingState::OtherStatement);
    }
    let mut r = Reader::new(&state[16..]);
    let remaining = usize::try_from(r.long().map_err(|_| invalid())?).map_err(|_| invalid())?;
    let partition_done = match r.byte().map_err(|_| invalid())? {
        0 => false,
        1 => true,
        _ => return Err(invalid()),
    };
    let row_key = r.bytes().ok().flatten().ok_or_else(invalid)?;
    let n = r.count(4).map_err(|_| invalid())?;
    let clustering = (0..n)
        .map(|_| r.bytes().ok().flatten().ok_or_else(invalid))
        .collect::<Result<Vec<_>, _>>()?;
    if r.remaining() != 0 {
        return Err(invalid());
    }
    Ok(PagePosition {
        row_key,
        clustering,
        partition_done,
        remaining,
    })
}

/// A ROWS result of one page, `state` the paging state of the next.
pub fn rows(
    rs: ResultSet,
    spec: &TableSpec,
    state: Option<Vec<u8>>,
    version: u8,
    skip_metadata: bool,
) -> Vec<u8> {
    let types: Vec<WireType> = rs
        .columns
        .iter()
        .map(|c| WireType::of_class(&c.type_class))
        .collect();
    let more = state.is_some();
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
    if let Some(state) = &state {
        w.bytes(Some(state));
    }
    if !skip_metadata {
        column_specs(&mut w, spec, &rs.columns, &types);
    }
    w.int(rs.rows.len() as i32);
    for row in rs.rows {
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

/// The global table spec then each column's name and type, as a ROWS
/// result's metadata and a PREPARED result's both lay them out.
fn column_specs(w: &mut Writer, spec: &TableSpec, columns: &[ResultColumn], types: &[WireType]) {
    w.string(&spec.keyspace).string(&spec.table);
    for (c, t) in columns.iter().zip(types) {
        w.string(&c.name);
        t.write(w);
    }
}

/// One bind marker of a prepared statement.
pub struct Marker {
    pub name: String,
    pub type_class: String,
}

/// A PREPARED result: the id, the markers (v4: with the indexes of the
/// markers that bind the partition key) and, from v2, the result metadata:
/// the columns a SELECT answers (`result`), laid out as the ROWS result of
/// running it lays them out (drivers keep it and may then ask EXECUTE to
/// skip it), or none (NO_METADATA) for every other statement.
pub fn prepared(
    id: &[u8],
    markers: &[Marker],
    spec: &TableSpec,
    pk_indexes: &[u16],
    result: Option<&[ResultColumn]>,
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
        match result {
            Some(columns) => {
                let types: Vec<WireType> = columns
                    .iter()
                    .map(|c| WireType::of_class(&c.type_class))
                    .collect();
                w.int(GLOBAL_TABLES_SPEC).int(columns.len() as i32);
                column_specs(&mut w, spec, columns, &types);
            }
            None => {
                w.int(NO_METADATA).int(0);
            }
        }
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
        user_type: false,
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
            Some(t) if n.user_type => {
                w.string("TYPE").string(&n.keyspace).string(t);
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
    use crate::native::wire::codec::Reader;

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
        let next = PagePosition {
            row_key: b"k1".to_vec(),
            clustering: vec![vec![0, 0, 0, 2], vec![]],
            partition_done: false,
            remaining: 98,
        };
        let body = rows(
            three_rows(),
            &spec,
            Some(paging_state(&next, &id)),
            4,
            false,
        );
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), ROWS);
        assert_eq!(r.int().unwrap(), GLOBAL_TABLES_SPEC | HAS_MORE_PAGES);
        assert_eq!(r.int().unwrap(), 1);
        let state = r.bytes().unwrap().unwrap();
        assert_eq!(page_from(&state, &id).unwrap(), next);
        assert!(page_from(&state, &[0; 16]).is_err());
        for bad in [&state[..state.len() - 1], &state[..20], &[7u8; 16][..]] {
            assert!(page_from(bad, &id).is_err(), "{bad:?}");
        }
        assert_eq!(
            (r.string().unwrap(), r.string().unwrap()),
            ("ks".into(), "t".into())
        );
        assert_eq!(r.string().unwrap(), "k");
        assert_eq!(r.short().unwrap(), 0x0009);
        assert_eq!(r.int().unwrap(), 3);
        let last = rows(three_rows(), &spec, None, 4, true);
        let mut r = Reader::new(&last);
        r.int().unwrap();
        assert_eq!(r.int().unwrap(), NO_METADATA);
        assert_eq!(r.int().unwrap(), 1);
        assert_eq!(r.int().unwrap(), 3);
    }

    #[test]
    fn schema_changes_per_version() {
        let n = SchemaNotice {
            kind: NoticeKind::Created,
            keyspace: "ks".into(),
            table: Some("t".into()),
            user_type: false,
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
