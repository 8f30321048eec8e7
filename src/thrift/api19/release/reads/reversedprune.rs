//! 2.0's prune of a row a filter matched (`get_indexed_slices`, or a
//! `get_range_slices` with a `row_filter`) read by a reversed slice. 2.0
//! read such a row whole, reversed (`ExtendedFilter.WithClauses`'s
//! optimized filter, a column family of plain names whose rows were
//! small), then cut it back to the call's slice into a shallow clone of
//! that reversed container; the clone's `ArrayBackedSortedColumns`
//! asserted each added column sorted last, and the second one never did.
//! So a matched row that gave two columns or more (a tombstone not yet
//! collectable counts, as collecting went on until the live count passed
//! the slice's) failed on the read stage, and the coordinator waited in
//! vain (TimedOutException). The slice's bounds did not narrow what the
//! reversed copy gave (recorded: a start bound below a row's last column
//! failed as the whole row did, and one below a row's only column answered
//! it), so the whole row is walked and read ([`unbounded`]). This module
//! answers nothing else: the rows themselves are the engine's.
//!
//! 2.1 and 2.2 pruned the same way into a container that took columns in
//! any order and sorted them in the comparator's: each matched row's
//! columns were the reversed slice's, answered in ascending order
//! ([`ascending`]).

use crate::model::{Cell, CellKind, DeletionTime, ReadCommand, Slice};
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::{CfDef, IndexType};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// TimedOutException where 2.0 failed pruning one of the rows `keys` (the
/// matched rows answered, in order) of `cf` read by `predicate`.
pub fn check<'a>(
    node: &Node,
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    keys: impl IntoIterator<Item = &'a [u8]>,
) -> ApiResult<()> {
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::ReversedPruneFails))
        && !cf.is_super()
        && cf.comparator.components().is_none();
    let Some(range) = predicate
        .slice_range
        .as_ref()
        .filter(|r| applies && r.reversed && predicate.column_names.is_none())
    else {
        return Ok(());
    };
    let count = usize::try_from(range.count).unwrap_or(0);
    let gc_before = node.now().saturating_sub(cf.gc_grace_seconds);
    for key in keys {
        let Some(stored) = node.stored_partition(&cf.keyspace, &cf.name, key, b"", usize::MAX)?
        else {
            continue;
        };
        let tombstones: Vec<RangeDeletion<'_>> = stored
            .range_tombstones
            .iter()
            .map(|rt| (rt.start.as_slice(), rt.end.as_slice(), rt.deletion))
            .collect();
        let deletions = (stored.deletion, tombstones.as_slice());
        let cells = stored.cells().rev();
        if collected(cf, deletions, cells, count, node.now(), gc_before) >= 2 {
            return Err(ApiError::TimedOut(Acknowledged {
                by: None,
                by_batchlog: None,
            }));
        }
    }
    Ok(())
}

/// `cmd` (a filtered read of `cf`) as 2.0 cut its rows back: a reversed
/// slice without its bounds, its count kept.
pub fn unbounded(node: &Node, cf: &CfDef, cmd: &mut ReadCommand) {
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::ReversedPruneFails))
        && !cf.is_super()
        && cf.comparator.components().is_none();
    if let Slice::Range {
        start,
        finish,
        reversed: true,
        ..
    } = &mut cmd.slice
    {
        if applies {
            start.clear();
            finish.clear();
        }
    }
}

/// The rows `rows` (matched by `filter`, read by `predicate`) of `cf` as
/// 2.1 and 2.2 answered a reversed slice of them: each row's columns in
/// ascending order. A COMPOSITES index's searcher (an EQ on a column it
/// indexed) read its rows otherwise, and is not answered here.
pub fn ascending(
    node: &Node,
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    filter: &[t::IndexExpression],
    rows: &mut [t::KeySlice],
) {
    let by_composites = filter.iter().any(|e| {
        e.op == t::IndexOperator::EQ
            && cf
                .options
                .column(&e.column_name)
                .is_some_and(|c| c.index_type == Some(IndexType::Composites))
    });
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::ReversedPruneAscends))
        && !cf.is_super()
        && !by_composites
        && cf.comparator.components().is_none()
        && predicate.column_names.is_none()
        && predicate.slice_range.as_ref().is_some_and(|r| r.reversed);
    if !applies {
        return;
    }
    let name = |c: &t::ColumnOrSuperColumn| -> Vec<u8> {
        match (&c.column, &c.counter_column) {
            (Some(col), _) => col.name.clone(),
            (None, Some(counter)) => counter.name.clone(),
            _ => Vec::new(),
        }
    };
    for row in rows {
        row.columns
            .sort_by(|a, b| cf.comparator.compare(&name(a), &name(b)));
    }
}

/// A range deletion: its first and last names (empty: open), its deletion.
type RangeDeletion<'a> = (&'a [u8], &'a [u8], DeletionTime);

/// How many columns (tombstones too) a reversed slice of `count` live ones
/// collected from a stored row: its deletions (the row's, its range
/// deletions) and its cells, last first (`now`, `gc_before`: seconds).
fn collected<'a>(
    cf: &CfDef,
    (deletion, tombstones): (DeletionTime, &[RangeDeletion<'_>]),
    cells: impl Iterator<Item = &'a Cell>,
    count: usize,
    now: i32,
    gc_before: i32,
) -> usize {
    let cmp = |a: &[u8], b: &[u8]| cf.comparator.compare(a, b);
    let shadowed = |c: &Cell| {
        deletion.marked_for_delete_at >= c.timestamp
            || tombstones.iter().any(|(start, end, d)| {
                d.marked_for_delete_at >= c.timestamp
                    && (start.is_empty() || cmp(&c.name, start) != Ordering::Less)
                    && (end.is_empty() || cmp(&c.name, end) != Ordering::Greater)
            })
    };
    let (mut live, mut added) = (0usize, 0usize);
    for cell in cells {
        if shadowed(cell) {
            continue;
        }
        // SliceQueryFilter.collectReducedColumns: counted, then added if
        // not collectable, until the live count passed the slice's.
        let local_deletion = match cell.kind {
            CellKind::Tombstone {
                local_deletion_time,
            } => Some(local_deletion_time),
            CellKind::Expiring {
                local_expiration_time,
                ..
            } if local_expiration_time <= now => Some(local_expiration_time),
            _ => None,
        };
        if local_deletion.is_none() {
            live += 1;
            if live > count {
                break;
            }
        }
        if local_deletion.is_none_or(|at| at >= gc_before) {
            added += 1;
        }
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cf() -> CfDef {
        let node = crate::node::test_nodes::Kit::default().node();
        let cf = node.schema().cf("CT", "StdUTF8").unwrap().as_ref().clone();
        cf
    }

    fn cell(name: &str, timestamp: i64, kind: CellKind) -> Cell {
        Cell {
            name: name.as_bytes().to_vec(),
            value: Vec::new(),
            timestamp,
            kind,
        }
    }

    #[test]
    fn live_columns_and_recent_tombstones_are_collected_until_the_count_passes() {
        let cf = cf();
        let dead = CellKind::Tombstone {
            local_deletion_time: 50,
        };
        let row = [
            cell("a", 1, CellKind::Live),
            cell("b", 1, dead),
            cell("c", 1, CellKind::Live),
        ];
        let none: &[RangeDeletion<'_>] = &[];
        let live = (DeletionTime::LIVE, none);
        assert_eq!(collected(&cf, live, row.iter().rev(), 100, 100, 0), 3);
        // c, then b (a tombstone), then a passes a count of 1.
        assert_eq!(collected(&cf, live, row.iter().rev(), 1, 100, 0), 2);
        // A collectable tombstone is not added.
        assert_eq!(collected(&cf, live, row.iter().rev(), 1, 100, 60), 1);
        let ranged = [(b"b".as_slice(), b"c".as_slice(), DeletionTime::new(5, 50))];
        let by_range = (DeletionTime::LIVE, ranged.as_slice());
        assert_eq!(collected(&cf, by_range, row.iter().rev(), 100, 100, 0), 1);
        let by_row = (DeletionTime::new(5, 50), none);
        assert_eq!(collected(&cf, by_row, row.iter().rev(), 100, 100, 0), 0);
    }
}
