//! 2.1 and 2.2's `get_count` by a negative count. The count's pager read
//! the row by a slice of that count, which collected no cell; where the
//! read still came back with a column family (the row held a deletion: its
//! own, a range tombstone or a super column's), `StorageProxy.fetchRows`
//! trimmed it to the count (`SliceQueryFilter.trim`), sizing an array of a
//! negative length: the call failed on the server and the connection
//! closed. A row without a deletion counted 0. This module only says which
//! call failed; the count is `count`'s.

use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::storage::stored_view::StoredPartition;
use crate::thrift::error::{ApiError, ApiResult};

/// The failure of a negative count of row `key` of `cf` (its parent's
/// super column `super_column`), where the node's release trimmed it.
pub fn check(node: &Node, cf: &CfDef, super_column: Option<&[u8]>, key: &[u8]) -> ApiResult<()> {
    let applies = node
        .release
        .is_some_and(|r| r.does(Behaviour::NegativeCountTrimFails));
    if !applies || key.is_empty() {
        return Ok(());
    }
    let Some(stored) = node.stored_partition(&cf.keyspace, &cf.name, key, b"", usize::MAX)? else {
        return Ok(());
    };
    match holds_deletion(&stored, super_column) {
        true => Err(ApiError::Dropped(format!(
            "a negative get_count of a row of {} holding a deletion",
            cf.name
        ))),
        false => Ok(()),
    }
}

/// Whether a read of the row (within `super_column`, if named) came back
/// with a deletion.
fn holds_deletion(stored: &StoredPartition, super_column: Option<&[u8]>) -> bool {
    !stored.deletion.is_live()
        || !stored.range_tombstones.is_empty()
        || stored.super_columns().any(|(name, deletion, _)| {
            !deletion.is_live() && super_column.is_none_or(|s| s == name)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DeletionTime;
    use crate::storage::stored_view::{StoredItem, StoredRangeTombstone};

    fn row(deletion: DeletionTime, items: Vec<StoredItem>) -> StoredPartition {
        StoredPartition {
            key: b"k".to_vec(),
            token: crate::partitioner::Token::Long(0),
            deletion,
            range_tombstones: Vec::new(),
            items,
            truncated: false,
        }
    }

    #[test]
    fn a_row_holding_a_deletion_fails() {
        let live = DeletionTime::LIVE;
        let gone = DeletionTime::new(5, 50);
        assert!(!holds_deletion(&row(live, Vec::new()), None));
        assert!(holds_deletion(&row(gone, Vec::new()), None));
        let mut ranged = row(live, Vec::new());
        ranged.range_tombstones.push(StoredRangeTombstone {
            start: b"a".to_vec(),
            end: b"b".to_vec(),
            deletion: gone,
        });
        assert!(holds_deletion(&ranged, None));
        let sc = |name: &str| StoredItem::Super {
            name: name.as_bytes().to_vec(),
            deletion: gone,
            cells: Vec::new(),
        };
        let supers = row(live, vec![sc("s1")]);
        assert!(holds_deletion(&supers, None));
        assert!(holds_deletion(&supers, Some(b"s1")));
        assert!(!holds_deletion(&supers, Some(b"s2")));
    }
}
