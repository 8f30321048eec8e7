//! 2.0-2.2's `Deletion` of a SliceRange inside one super column
//! (`CassandraServer.deleteColumnOrSuperColumn`): a range tombstone from
//! the composite `(super column, start)` to `(super column, finish)`, both
//! bounds exact names (an empty finish is the least name under the super
//! column, not an open end). Its list of tombstones matched a name equal to
//! a start before looking at the end, so a range whose finish sorts before
//! its start (an empty finish, or a reversed range) deleted its start name
//! alone.
//!
//! The engine keeps range tombstones of a Standard CF's names and of a Super
//! CF's super column names, not of a super column's sub-columns: the range
//! is written as a tombstone of each sub-column it covers when the batch is
//! applied (those stored and those the batch itself writes). A sub-column
//! first written later, older than the deletion, stays visible, where the
//! release's tombstone hid it.

use crate::marshal::TypeRef;
use crate::model::{Cell, Op, ReadCommand, RowResult, Slice};
use crate::node::Node;
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// Whether `del` deletes a range of one super column's sub-columns.
pub fn is_subrange(del: &t::Deletion) -> bool {
    del.super_column.is_some()
        && del
            .predicate
            .as_ref()
            .is_some_and(|p| p.column_names.is_none() && p.slice_range.is_some())
}

/// Whether sub-column `name` falls in the release's tombstone from `start`
/// to `finish` (compared by `subcomparator`).
fn covers(subcomparator: &TypeRef, start: &[u8], finish: &[u8], name: &[u8]) -> bool {
    if name == start {
        return true;
    }
    let after_start = start.is_empty() || subcomparator.compare(start, name) != Ordering::Greater;
    // An empty finish is the least name: nothing (but the start) is at or
    // before it.
    let before_finish =
        !finish.is_empty() && subcomparator.compare(name, finish) != Ordering::Greater;
    after_start && before_finish
}

/// The tombstones of the sub-columns `del` (a validated sub-column range
/// deletion of Super CF `cf`) deletes in row `key`: those stored, and the
/// ones `written` (the same list's ops) puts in that super column.
pub fn tombstones(
    node: &Node,
    ks: &str,
    key: &[u8],
    cf: &CfDef,
    del: &t::Deletion,
    written: &[Op],
) -> Result<Vec<Op>, ApiError> {
    let (Some(sc), Some(range), Some(subcomparator)) = (
        del.super_column.as_ref(),
        del.predicate.as_ref().and_then(|p| p.slice_range.as_ref()),
        cf.subcomparator.as_ref(),
    ) else {
        return Ok(Vec::new());
    };
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: cf.name.clone(),
        super_column: Some(sc.clone()),
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: usize::MAX,
        },
    };
    let mut names: Vec<Vec<u8>> = match node.read(&cmd, key)? {
        RowResult::Cells(cells) => cells.into_iter().map(|c| c.name).collect(),
        RowResult::SuperColumns(_) => Vec::new(),
    };
    names.extend(written.iter().filter_map(|op| match op {
        Op::Put {
            super_column: Some(s),
            cell,
        } if s == sc => Some(cell.name.clone()),
        _ => None,
    }));
    names.sort_by(|a, b| subcomparator.compare(a, b));
    names.dedup();
    let (ts, now) = (del.timestamp.unwrap_or_default(), node.now());
    Ok(names
        .into_iter()
        .filter(|n| covers(subcomparator, &range.start, &range.finish, n))
        .map(|name| Op::Put {
            super_column: Some(sc.clone()),
            cell: Cell::tombstone(name, ts, now),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn covered(start: &str, finish: &str) -> Vec<&'static str> {
        let cmp = parse_type("UTF8Type").unwrap();
        ["a", "b", "c", "d"]
            .into_iter()
            .filter(|n| covers(&cmp, start.as_bytes(), finish.as_bytes(), n.as_bytes()))
            .collect()
    }

    #[test]
    fn bounds_are_inclusive_names() {
        assert_eq!(covered("b", "c"), ["b", "c"]);
        assert_eq!(covered("", "b"), ["a", "b"]);
    }

    #[test]
    fn an_empty_finish_ends_before_every_name() {
        assert!(covered("", "").is_empty());
        assert_eq!(covered("b", ""), ["b"]);
    }

    #[test]
    fn a_finish_before_the_start_deletes_the_start_alone() {
        assert_eq!(covered("c", "a"), ["c"]);
    }

    #[test]
    fn only_sub_column_ranges_are_expanded() {
        let range = t::SliceRange::new(Vec::new(), Vec::new(), false, 10);
        let predicate = t::SlicePredicate::new(None, range);
        let del = |sc: Option<Vec<u8>>| t::Deletion::new(1, sc, predicate.clone());
        assert!(is_subrange(&del(Some(b"sc".to_vec()))));
        assert!(!is_subrange(&del(None)));
    }
}
