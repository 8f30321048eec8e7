//! A column dropped by ALTER TABLE ... DROP (2.0 on): the release kept the
//! drop's time (`CFMetaData.droppedColumns`) and hid every cell of that
//! column written at or before it from each read, so a column of the same
//! name added again starts empty while writes after the drop show.
//!
//! Emulated by writing, at the drop, a tombstone of the drop's time over
//! each stored cell of the column: what a read then answers is the same
//! (cells at or before the drop hidden, later ones not). Owns that sweep;
//! it must not change the schema. The release's drop was a schema change
//! only, which no replica had to answer: the sweep runs at no level of the
//! call's, so a keyspace placed where no replica lives (a data centre the
//! node lacks) drops its column as the release did.

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
    crate::call::within(
        |s| &mut s.level,
        None,
        || sweep(backend, session, ks, table, column),
    )
    .0
}

/// [`hide`]'s reads and writes, at the level the scope leaves.
fn sweep(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::call::Consistency;
    use crate::cql::error::CqlError;
    use crate::cql::exec::ServerClock;
    use crate::marshal::parse_type;
    use crate::model::{Bytes, IndexQuery};
    use crate::schema::{CfDef, Schema, SchemaChange};
    use parking_lot::Mutex;
    use std::sync::Arc;

    /// What the backend answers to the calls a sweep does not make.
    fn unused() -> CqlError {
        CqlError::invalid("not a call of the sweep")
    }

    /// A backend of no rows that notes the level each range read ran at.
    #[derive(Default)]
    struct Levels(Mutex<Vec<Option<Consistency>>>);

    impl CqlBackend for Levels {
        fn schema(&self) -> Arc<Schema> {
            let partitioner = Arc::new(crate::partitioner::Murmur3Partitioner);
            Arc::new(Schema::new("Test Cluster", partitioner, []))
        }
        fn change_schema(&self, _: SchemaChange) -> Result<(), CqlError> {
            Err(unused())
        }
        fn apply(&self, _: &[RowMutation]) -> Result<(), CqlError> {
            Ok(())
        }
        fn read(&self, _: &ReadCommand, _: &[u8]) -> Result<RowResult, CqlError> {
            Err(unused())
        }
        fn read_range(
            &self,
            _: &ReadCommand,
            _: &RowRange,
            _: usize,
        ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
            self.0.lock().push(crate::call::with(|s| s.level));
            Ok(Vec::new())
        }
        fn read_indexed(
            &self,
            _: &ReadCommand,
            _: &IndexQuery,
        ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
            Err(unused())
        }
        fn truncate(&self, _: &str, _: &str) -> Result<(), CqlError> {
            Err(unused())
        }
        fn traces(&self) -> Option<Arc<crate::trace::Store>> {
            None
        }
        fn takes_plain_cells_among_counters(&self) -> bool {
            true
        }
    }

    #[test]
    fn the_sweep_runs_at_no_level_of_the_calls() {
        let backend = Levels::default();
        let session = CqlSession::new(Arc::new(ServerClock::new(1)));
        let cf = CfDef::new("ks", "t", 1000, parse_type("UTF8Type").unwrap(), None);
        let table = crate::cql::exec::tables::table_of(&cf).unwrap();
        let (out, _) = crate::call::within(
            |s| &mut s.level,
            Some(Consistency::Quorum),
            || hide(&backend, &session, "ks", &table, "v"),
        );
        assert!(out.is_ok());
        assert_eq!(*backend.0.lock(), vec![None]);
        // and the call's level is back once the sweep is done
        let (after, _) = crate::call::within(
            |s| &mut s.level,
            Some(Consistency::One),
            || {
                let _ = hide(&backend, &session, "ks", &table, "v");
                crate::call::with(|s| s.level)
            },
        );
        assert_eq!(after, Some(Consistency::One));
    }
}
