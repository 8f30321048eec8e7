//! 2.1 and 2.2's `get_count` by a negative count. The count's pager read
//! the row by a slice of that count, which collected no cell; where the
//! read still came back with a column family (the row held a deletion: its
//! own, a range tombstone or a super column's), `StorageProxy.fetchRows`
//! trimmed it to the count (`SliceQueryFilter.trim`), sizing an array of a
//! negative length: the call failed on the server and the connection
//! closed. A row without a deletion counted 0, and so did one whose range
//! tombstones a drop had flushed (`DropFlushesAll`). This module only says which
//! call failed; the count is `count`'s.

use crate::marshal::TypeRef;
use crate::model::DeletionTime;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};
use std::cmp::Ordering;

/// A copy of a row as a count met it: its top-level names in comparator
/// order, each with its deletion (a super column's) and whether it holds
/// a cell, and its range tombstones' bounds.
struct RowCopy<'a> {
    names: Vec<(&'a [u8], DeletionTime, bool)>,
    ranges: Vec<(&'a [u8], &'a [u8])>,
}

/// The failure of a negative count of row `key` of `cf` (its parent's
/// super column `super_column`, a slice `reversed` or not), where the
/// node's release trimmed it.
pub fn check(
    node: &Node,
    cf: &CfDef,
    super_column: Option<&[u8]>,
    key: &[u8],
    reversed: bool,
) -> ApiResult<()> {
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::NegativeCountTrimFails));
    if !applies || key.is_empty() {
        return Ok(());
    }
    // A memtable's deletions of the row came with it whole. A flushed
    // (SSTable's) row came with its own deletion, its range tombstones (a
    // super column's deletion among them) only as the read met them: those
    // before its first cell, read to start the merge, or any read backwards.
    let copies = node.partition_copies(&cf.keyspace, &cf.name, key)?;
    let held = copies.iter().any(|(kept, p)| {
        let copy = RowCopy {
            names: p
                .super_columns()
                .map(|(name, d, cells)| (name, d, !cells.is_empty()))
                .chain(
                    p.cells()
                        .map(|c| (c.name.as_slice(), DeletionTime::LIVE, true)),
                )
                .collect(),
            ranges: p
                .range_tombstones
                .iter()
                .map(|r| (r.start.as_slice(), r.end.as_slice()))
                .collect(),
        };
        !p.deletion.is_live()
            || match kept & !reversed {
                false => holds_deletion(&copy, super_column),
                true => leads_with_deletion(&copy, &cf.comparator, super_column),
            }
    });
    match held {
        true => Err(ApiError::Dropped(format!(
            "a negative get_count of a row of {} holding a deletion",
            cf.name
        ))),
        false => Ok(()),
    }
}

/// Whether a copy of a row holds a range tombstone or, within
/// `super_column` if named, a super column's deletion. (So a flushed copy
/// read backwards: 2.1's reversed SSTable reader handed a block's range
/// tombstones out ahead of its cells, recorded in `rel_dropflush`.)
fn holds_deletion(copy: &RowCopy<'_>, super_column: Option<&[u8]>) -> bool {
    !copy.ranges.is_empty()
        || copy
            .names
            .iter()
            .any(|&(name, d, _)| !d.is_live() && super_column.is_none_or(|s| s == name))
}

/// Whether a copy of a row meets a deletion before its first cell: a range
/// tombstone starting at or before it, or a deleted super column first
/// (within `super_column`, if named, that super column's deletion).
fn leads_with_deletion(copy: &RowCopy<'_>, cmp: &TypeRef, super_column: Option<&[u8]>) -> bool {
    if let Some(s) = super_column {
        return copy
            .names
            .iter()
            .any(|&(name, d, _)| name == s && !d.is_live());
    }
    let mut first = None;
    for &(name, d, cells) in &copy.names {
        if !d.is_live() {
            return true;
        }
        if cells {
            first = Some(name);
            break;
        }
    }
    let Some(first) = first else {
        return !copy.ranges.is_empty();
    };
    copy.ranges
        .iter()
        .any(|&(start, _)| start.is_empty() || cmp.compare(start, first) != Ordering::Greater)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy<'a>(cells: &[&'a str], ranges: &[(&'a str, &'a str)]) -> RowCopy<'a> {
        RowCopy {
            names: cells
                .iter()
                .map(|n| (n.as_bytes(), DeletionTime::LIVE, true))
                .collect(),
            ranges: ranges
                .iter()
                .map(|(s, e)| (s.as_bytes(), e.as_bytes()))
                .collect(),
        }
    }

    /// Recorded from 2.1.22 (`rel_dropflush`): a flushed range deletion
    /// after the row's first cell is not met by a count of no cell; before
    /// it, or reading backwards (`holds_deletion`), it is.
    #[test]
    fn a_flushed_range_deletion_counts_before_the_first_cell() {
        let cmp = crate::marshal::parse_type("UTF8Type").unwrap();
        let after = copy(&["c"], &[("m", "n")]);
        assert!(!leads_with_deletion(&after, &cmp, None));
        assert!(holds_deletion(&after, None));
        assert!(leads_with_deletion(
            &copy(&["c"], &[("a", "b")]),
            &cmp,
            None
        ));
        assert!(leads_with_deletion(&copy(&[], &[("a", "b")]), &cmp, None));
        assert!(!holds_deletion(&copy(&["c"], &[]), None));
        let gone = DeletionTime::new(5, 50);
        let supers = RowCopy {
            names: vec![
                (b"s1".as_slice(), gone, false),
                (b"s2", DeletionTime::LIVE, true),
            ],
            ranges: vec![],
        };
        assert!(leads_with_deletion(&supers, &cmp, None));
        assert!(leads_with_deletion(&supers, &cmp, Some(b"s1")));
        assert!(!leads_with_deletion(&supers, &cmp, Some(b"s2")));
        assert!(!holds_deletion(&supers, Some(b"s2")));
    }
}
