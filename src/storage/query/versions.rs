//! The newest version of named columns of one row, deleted or not: what
//! Cassandra 0.7 to 1.2's index scans compared their expressions with (the
//! row as the read path kept it, before a reply dropped its deleted
//! columns). See `IndexChecks::Met`.
//!
//! It must not answer a client's read: its versions include tombstones and
//! expired columns, which no reply shows.

use super::{RowHandle, RowMarks};
use crate::model::{Bytes, Cell, CellKind};
use crate::schema::CfDef;
use crate::storage::row::Entry;
use crate::storage::StorageError;

/// For each of `names` the row holds (Standard CFs), its newest version as
/// the sources reconcile it, kept while the read path kept it: not
/// shadowed by a row or range deletion, and a deleted or expired one only
/// until `gc_grace_seconds` after its deletion (`removeDeleted`: gone at
/// `<= now - gc_grace`). A tombstone's value is its deletion second as a
/// 4-byte big-endian int (`DeletedColumn`); an expired column keeps its
/// value (`ExpiringColumn`).
pub fn newest_named(
    cf: &CfDef,
    names: &[Bytes],
    handles: &[Box<dyn RowHandle + '_>],
    now: i32,
) -> Result<Vec<Cell>, StorageError> {
    let RowMarks {
        row: row_del,
        ranges,
        rule,
    } = RowMarks::of(handles);
    let gc_before = now.saturating_sub(cf.gc_grace_seconds.max(0));
    let mut out = Vec::new();
    for name in names {
        let mut merged: Option<Entry> = None;
        for h in handles {
            for e in h.named(std::slice::from_ref(name))? {
                match merged.as_mut() {
                    Some(m) => m.merge_by(e, rule),
                    None => merged = Some(e),
                }
            }
        }
        let Some(Entry::Cell(mut c)) = merged else {
            continue;
        };
        if row_del.shadows(c.timestamp) || ranges.shadows(&cf.comparator, &c.name, c.timestamp) {
            continue;
        }
        let deleted_at = match c.kind {
            CellKind::Tombstone {
                local_deletion_time,
            } => {
                c.value = local_deletion_time.to_be_bytes().to_vec();
                Some(local_deletion_time)
            }
            CellKind::Expiring {
                local_expiration_time,
                ..
            } if now >= local_expiration_time => Some(local_expiration_time),
            _ => None,
        };
        if deleted_at.is_some_and(|t| t <= gc_before) {
            continue;
        }
        out.push(c);
    }
    Ok(out)
}
