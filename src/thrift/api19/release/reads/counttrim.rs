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
use crate::storage::stored_view::StoredPartition;
use crate::thrift::error::{ApiError, ApiResult};
use std::cmp::Ordering;

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
    let Some(stored) = node.stored_partition(&cf.keyspace, &cf.name, key, b"", usize::MAX)? else {
        return Ok(());
    };
    // A memtable's deletions of the row came with it whole. A flushed
    // (SSTable's) row came with its own deletion, its range tombstones (a
    // super column's deletion among them) only as the read met them: those
    // before its first cell, read to start the merge.
    let unflushed = node.unflushed_partition(&cf.keyspace, &cf.name, key)?;
    let kept = node.kept_partitions(&cf.keyspace, &cf.name, key)?;
    let held = !stored.deletion.is_live()
        || unflushed
            .as_ref()
            .is_some_and(|u| holds_deletion(u, super_column))
        || kept
            .iter()
            .any(|p| leads_with_deletion(p, &cf.comparator, reversed, super_column));
    match held {
        true => Err(ApiError::Dropped(format!(
            "a negative get_count of a row of {} holding a deletion",
            cf.name
        ))),
        false => Ok(()),
    }
}

/// Whether a copy of a row holds a range tombstone or, within
/// `super_column` if named, a super column's deletion.
fn holds_deletion(p: &StoredPartition, super_column: Option<&[u8]>) -> bool {
    !p.range_tombstones.is_empty()
        || p.super_columns()
            .any(|(name, d, _)| !d.is_live() && super_column.is_none_or(|s| s == name))
}

/// Whether a copy of a row meets a deletion before its first cell: a range
/// tombstone starting at or before it, or a deleted super column first
/// (within `super_column`, if named, that super column's deletion). Read
/// backwards, any (2.1's reversed SSTable reader handed a block's range
/// tombstones out ahead of its cells: recorded, `rel_dropflush`).
fn leads_with_deletion(
    p: &StoredPartition,
    cmp: &TypeRef,
    reversed: bool,
    super_column: Option<&[u8]>,
) -> bool {
    if let Some(s) = super_column {
        return p
            .super_columns()
            .any(|(name, d, _)| name == s && !d.is_live());
    }
    if reversed {
        return holds_deletion(p, None);
    }
    // The first name holding a cell (a super column's), or a deleted super
    // column met before one.
    let names = p
        .super_columns()
        .map(|(name, d, cells)| (name, d, !cells.is_empty()))
        .chain(
            p.cells()
                .map(|c| (c.name.as_slice(), DeletionTime::LIVE, true)),
        );
    let mut first = None;
    for (name, d, cells) in names {
        if !d.is_live() {
            return true;
        }
        if cells {
            first = Some(name);
            break;
        }
    }
    let Some(first) = first else {
        return !p.range_tombstones.is_empty();
    };
    p.range_tombstones
        .iter()
        .any(|rt| rt.start.is_empty() || cmp.compare(&rt.start, first) != Ordering::Greater)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;
    use crate::partitioner::Token;
    use crate::storage::stored_view::{StoredItem, StoredRangeTombstone};

    fn partition(cells: &[&str], ranges: &[(&str, &str)]) -> StoredPartition {
        StoredPartition {
            key: b"k".to_vec(),
            token: Token::Long(0),
            deletion: DeletionTime::LIVE,
            range_tombstones: ranges
                .iter()
                .map(|(s, e)| StoredRangeTombstone {
                    start: s.as_bytes().to_vec(),
                    end: e.as_bytes().to_vec(),
                    deletion: DeletionTime::new(5, 50),
                })
                .collect(),
            items: cells
                .iter()
                .map(|n| StoredItem::Cell(Cell::live(n.as_bytes().to_vec(), b"v".to_vec(), 1)))
                .collect(),
            truncated: false,
        }
    }

    /// Recorded from 2.1.22 (`rel_dropflush`): a flushed range deletion
    /// after the row's first cell is not met by a count of no cell; before
    /// it, or reading backwards, it is.
    #[test]
    fn a_flushed_range_deletion_counts_before_the_first_cell() {
        let cmp = crate::marshal::parse_type("UTF8Type").unwrap();
        let after = partition(&["c"], &[("m", "n")]);
        assert!(!leads_with_deletion(&after, &cmp, false, None));
        assert!(leads_with_deletion(&after, &cmp, true, None));
        let before = partition(&["c"], &[("a", "b")]);
        assert!(leads_with_deletion(&before, &cmp, false, None));
        assert!(leads_with_deletion(&before, &cmp, true, None));
        assert!(leads_with_deletion(
            &partition(&[], &[("a", "b")]),
            &cmp,
            false,
            None
        ));
        assert!(holds_deletion(&after, None));
        assert!(!holds_deletion(&partition(&["c"], &[]), None));
    }
}
