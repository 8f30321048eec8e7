//! A column dropped by ALTER TABLE ... DROP (2.0 on): the release kept the
//! drop's time (`CFMetaData.droppedColumns`) and hid every cell of that
//! column written at or before it from each read, so a column of the same
//! name added again starts empty while writes after the drop show. It kept
//! the column's type and kind too ([`record`]), against which a column of
//! that name added again was judged ([`readd_refusal`]).
//!
//! Emulated by writing, at the drop, a tombstone of the drop's time over
//! each stored cell of the column: what a read then answers is the same
//! (cells at or before the drop hidden, later ones not). Owns that sweep;
//! it must not change the schema. The release's drop was a schema change
//! only, which no replica had to answer: the sweep runs at no level of the
//! call's, so a keyspace placed where no replica lives (a data centre the
//! node lacks) drops its column as the release did.

use super::{CqlBackend, CqlSession};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::parse_name;
use crate::cql::table::{value_compatible, Table};
use crate::cql::types::CqlType;
use crate::schema::DroppedColumn;

/// `dropped` with `column` of `table` (as it was before the drop) recorded,
/// replacing an earlier drop of that name (`droppedColumns.put`).
pub(super) fn record(dropped: &[DroppedColumn], table: &Table, column: &str) -> Vec<DroppedColumn> {
    let mut out: Vec<DroppedColumn> = dropped
        .iter()
        .filter(|d| d.name != column)
        .cloned()
        .collect();
    if let Some(c) = table.column(column) {
        out.push(DroppedColumn {
            name: column.to_string(),
            class: c.ty.class_name(),
            is_static: table.is_static(column),
        });
    }
    out
}

/// The refusal of adding `column` to `table` (as it is once added) where a
/// column of that name was dropped before: from 3.0 one of another kind
/// (static or regular), then one whose type cannot read the dropped one's
/// values (`isValueCompatibleWith`), then any to a counter table; 2.0-2.2
/// refused only the last. `release` is the claim's (major, minor, patch).
pub(super) fn readd_refusal(
    dropped: &[DroppedColumn],
    table: &Table,
    column: &str,
    release: (u32, u32, u32),
) -> Option<CqlError> {
    let was = dropped.iter().find(|d| d.name == column)?;
    let since_3_0 = release >= (3, 0, 0);
    let kind = |is_static: bool| if is_static { "STATIC" } else { "REGULAR" };
    let is_static = table.is_static(column);
    if since_3_0 && is_static != was.is_static {
        return Some(CqlError::invalid(format!(
            "Cannot re-add previously dropped column '{column}' of kind {}, incompatible with previous kind {}",
            kind(is_static),
            kind(was.is_static)
        )));
    }
    let old = crate::marshal::parse_type(&was.class)
        .ok()
        .and_then(|t| CqlType::from_marshal(t.as_ref()).ok());
    if let (true, Some(new), Some(old)) = (since_3_0, table.column(column).map(|c| &c.ty), old) {
        if !value_compatible(&old, new) {
            return Some(CqlError::invalid(format!(
                "Cannot re-add previously dropped column '{column}' of type {}, incompatible with previous type {}",
                new.cql_name(),
                old.cql_name()
            )));
        }
    }
    table.is_counter_table().then(|| {
        CqlError::invalid(format!(
            "Cannot re-add previously dropped counter column {column}"
        ))
    })
}
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

    fn created(cql: &str) -> Table {
        let parsed = crate::cql::parse_with(cql, crate::cql::Grammar::WithStatics).unwrap();
        let crate::cql::ast::Statement::CreateTable(ct) = parsed.statement else {
            panic!("not a CREATE TABLE");
        };
        Table::from_create("ks", &ct).unwrap()
    }

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19p`'s evolving events and
    /// `ordinary19zi`'s DDL mistakes: a text column dropped, added back as
    /// an int).
    #[test]
    fn a_column_added_again_is_judged_against_the_dropped_one() {
        let before =
            created("CREATE TABLE t (k int, c int, tag text, s int STATIC, PRIMARY KEY (k, c))");
        let dropped = record(&[], &before, "tag");
        let dropped = record(&dropped, &before, "s");
        assert_eq!(dropped.len(), 2);
        let after = |cql: &str| created(cql);
        let refusal = |t: &Table, column: &str, release| {
            readd_refusal(&dropped, t, column, release).map(|e| e.to_string())
        };
        let as_int = after("CREATE TABLE t (k int, c int, tag int, PRIMARY KEY (k, c))");
        assert_eq!(
            refusal(&as_int, "tag", (3, 0, 24)).as_deref(),
            Some("Cannot re-add previously dropped column 'tag' of type int, incompatible with previous type text")
        );
        // 2.x judged neither the type nor the kind.
        assert_eq!(refusal(&as_int, "tag", (2, 2, 19)), None);
        let as_blob = after("CREATE TABLE t (k int, c int, tag blob, PRIMARY KEY (k, c))");
        assert_eq!(refusal(&as_blob, "tag", (3, 11, 10)), None);
        let regular = after("CREATE TABLE t (k int, c int, s int, PRIMARY KEY (k, c))");
        assert_eq!(
            refusal(&regular, "s", (3, 0, 24)).as_deref(),
            Some("Cannot re-add previously dropped column 's' of kind REGULAR, incompatible with previous kind STATIC")
        );
        let counters = created("CREATE TABLE n (k int PRIMARY KEY, hits counter)");
        let dropped = record(&[], &counters, "hits");
        let again = readd_refusal(&dropped, &counters, "hits", (2, 0, 17)).map(|e| e.to_string());
        assert_eq!(
            again.as_deref(),
            Some("Cannot re-add previously dropped counter column hits")
        );
        assert_eq!(
            readd_refusal(&dropped, &counters, "other", (3, 0, 24)),
            None
        );
    }
}
