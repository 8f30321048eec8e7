//! 3.x's slice of count 0 of a Super column family's super columns
//! (`get_slice`, `multiget_slice`, `multiget_count`; not `get_count`, which
//! read nothing for it, nor a range scan): the read, limited to no row,
//! failed on the server when the first thing it met in the slice's order
//! was a range tombstone, and the call timed out. 3.x made one of a
//! batch's deletion of a super column (`v3x::range_deletion`), where
//! `remove` deleted the super column's row, which a read meets as a row.
//! A row a flush had split between the memtable and an SSTable did not
//! fail the read, nor, from 3.11, one held by an SSTable alone (3.x's drop
//! of a column family flushed every table the commit log held).
//!
//! Owns that test over the rows as stored; it must not write anything nor
//! answer the call.

use crate::marshal::TypeRef;
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;

/// The refusal of a slice of count 0 of `keys` (one failing fails the
/// call) where 3.x failed it; nothing for any other slice or release.
pub fn check<'k>(
    node: &Node,
    ks: &str,
    keys: impl IntoIterator<Item = &'k [u8]>,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
) -> ApiResult<()> {
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::SuperDeletionsAsRanges));
    if !applies || parent.super_column.is_some() {
        return Ok(());
    }
    let Some(range) = predicate.slice_range.as_ref().filter(|r| r.count == 0) else {
        return Ok(());
    };
    let schema = node.schema();
    let Some(cf) = schema
        .cf(ks, &parent.column_family)
        .filter(|cf| cf.is_super())
    else {
        return Ok(());
    };
    // Thrift's bounds are in the order of traversal.
    let (low, high) = if range.reversed {
        (&range.finish, &range.start)
    } else {
        (&range.start, &range.finish)
    };
    for key in keys.into_iter().filter(|k| !k.is_empty()) {
        let Some(stored) = node.stored_partition(ks, &cf.name, key, b"", usize::MAX)? else {
            continue;
        };
        // Only a read of one copy of the row failed (the merge of several
        // answered); from 3.11 only one of the memtable's.
        let copies = node.partition_copies(ks, &cf.name, key)?;
        let flushed_answers = node
            .release
            .is_some_and(|r| r.does(Behaviour::FlushedZeroSliceAnswered));
        if copies.len() > 1 || (flushed_answers && copies.iter().any(|(kept, _)| *kept)) {
            continue;
        }
        // A tombstone the partition's deletion covers was dropped by the merge.
        let deleted = stored.deletion;
        let tombstones = stored
            .range_tombstones
            .iter()
            .filter(|rt| {
                deleted.is_live() || rt.deletion.marked_for_delete_at > deleted.marked_for_delete_at
            })
            .map(|rt| (rt.start.as_slice(), rt.end.as_slice()));
        let names = stored.super_columns().map(|(name, _, _)| name);
        let bounds = (low.as_slice(), high.as_slice());
        if tombstone_first(&cf.comparator, names, tombstones, bounds, range.reversed) {
            return Err(ApiError::TimedOut(Acknowledged {
                by: None,
                by_batchlog: None,
            }));
        }
    }
    Ok(())
}

/// Whether a read from `low` to `high` (the comparator's order; empty:
/// open) of super columns `names` (in that order) and range tombstones
/// (start, end) met a tombstone before any super column (a tombstone's
/// bound comes before a super column of the same name).
fn tombstone_first<'a>(
    comparator: &TypeRef,
    names: impl Iterator<Item = &'a [u8]>,
    mut tombstones: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    (low, high): (&[u8], &[u8]),
    reversed: bool,
) -> bool {
    let cmp = |a: &[u8], b: &[u8]| comparator.compare(a, b);
    let within = |name: &[u8]| {
        (low.is_empty() || cmp(name, low).is_ge()) && (high.is_empty() || cmp(name, high).is_le())
    };
    let mut names = names.filter(|n| within(n));
    let first_row = if reversed { names.last() } else { names.next() };
    tombstones.any(|(start, end)| {
        let starts_in = high.is_empty() || start.is_empty() || cmp(start, high).is_le();
        let ends_in = low.is_empty() || end.is_empty() || cmp(end, low).is_ge();
        let before_row = match first_row {
            None => true,
            Some(row) if reversed => end.is_empty() || cmp(end, row).is_ge(),
            Some(row) => start.is_empty() || cmp(start, row).is_le(),
        };
        starts_in && ends_in && before_row
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(supers: &[&str], tombstones: &[(&str, &str)], from: &str, reversed: bool) -> bool {
        let utf8 = crate::marshal::parse_type("UTF8Type").unwrap();
        let names = supers.iter().map(|n| n.as_bytes());
        let tombstones = tombstones.iter().map(|(s, e)| (s.as_bytes(), e.as_bytes()));
        tombstone_first(&utf8, names, tombstones, (from.as_bytes(), b""), reversed)
    }

    #[test]
    fn a_slice_of_none_fails_where_it_meets_a_tombstone_first() {
        // Recorded from 3.11.10 (rel_superzero): a tombstone alone, or before
        // the first super column, or over it, fails the read; after it, not.
        assert!(first(&[], &[("s1", "s1")], "", false));
        assert!(first(&["s1"], &[("s1", "s1")], "", false));
        assert!(first(&["s1"], &[("s0", "s0")], "", false));
        assert!(!first(&["s1"], &[("s2", "s2")], "", false));
        assert!(first(&["s1"], &[("s2", "s2")], "", true));
        assert!(!first(&["s1"], &[], "", false));
        // A slice from s2 on does not meet s0's tombstone.
        assert!(!first(&["s1", "s3"], &[("s0", "s0")], "s2", false));
    }
}
