//! A column dropped by ALTER TABLE ... DROP (2.0 on): the release kept the
//! drop's time (`CFMetaData.droppedColumns`) and hid every cell of that
//! column written at or before it from each read, so a column of the same
//! name added again starts empty while writes after the drop show.
//!
//! Emulated by writing, at the drop, a tombstone of the drop's time over
//! each stored cell of the column: what a read then answers is the same
//! (cells at or before the drop hidden, later ones not). Owns that sweep;
//! it must not change the schema.

use super::{CqlBackend, CqlSession};
use crate::cql::error::CqlResult;
use crate::cql::mapping::parse_name;
use crate::cql::table::Table;
use crate::model::{Cell, Op, ReadCommand, RowMutation, RowRange, RowResult, Slice};

/// Hides the cells of `column` of `table` (as it was before the drop)
/// stored in keyspace `ks`.
pub(super) fn hide(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    ks: &str,
    table: &Table,
    column: &str,
) -> CqlResult<()> {
    let dropped_at = session.clock().next_timestamp();
    let now = i32::try_from(dropped_at.div_euclid(1_000_000)).unwrap_or(i32::MAX);
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: table.name.clone(),
        super_column: None,
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: usize::MAX,
        },
    };
    let everything = RowRange::Keys {
        start: Vec::new(),
        end: Vec::new(),
    };
    let mut mutations = Vec::new();
    for (key, row) in backend.read_range(&cmd, &everything, usize::MAX)? {
        let RowResult::Cells(cells) = row else {
            continue;
        };
        let ops: Vec<Op> = cells
            .iter()
            .filter(|c| c.timestamp <= dropped_at)
            .filter(|c| {
                parse_name(table, &c.name).and_then(|p| p.column).as_deref() == Some(column)
            })
            .map(|c| Op::Put {
                super_column: None,
                cell: Cell::tombstone(c.name.clone(), dropped_at, now),
            })
            .collect();
        if !ops.is_empty() {
            mutations.push(RowMutation {
                keyspace: ks.to_string(),
                key: key.to_vec(),
                updates: vec![(table.name.clone(), ops)],
            });
        }
    }
    if mutations.is_empty() {
        return Ok(());
    }
    backend.apply(&mutations)
}
