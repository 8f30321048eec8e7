//! 2.1 and 2.2's `get_count` by a negative count. The count's pager read
//! the row by a slice of that count, which collected no cell; where the
//! read still came back with a column family (the row held a deletion: its
//! own, a range tombstone or a super column's), `StorageProxy.fetchRows`
//! trimmed it to the count (`SliceQueryFilter.trim`), sizing an array of a
//! negative length: the call failed on the server and the connection
//! closed. A row without a deletion counted 0. This module only says which
//! call failed; the count is `count`'s.

use crate::model::DeletionTime;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
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
    let supers = stored
        .super_columns()
        .map(|(name, deletion, _)| (name, deletion));
    let held = holds_deletion(
        stored.deletion,
        !stored.range_tombstones.is_empty(),
        supers,
        super_column,
    );
    match held {
        true => Err(ApiError::Dropped(format!(
            "a negative get_count of a row of {} holding a deletion",
            cf.name
        ))),
        false => Ok(()),
    }
}

/// Whether a read of a row (its deletion, whether it holds range
/// tombstones, its super columns' deletions) within `super_column`, if
/// named, came back with a deletion.
fn holds_deletion<'a>(
    deletion: DeletionTime,
    range_tombstones: bool,
    mut supers: impl Iterator<Item = (&'a [u8], DeletionTime)>,
    super_column: Option<&[u8]>,
) -> bool {
    !deletion.is_live()
        || range_tombstones
        || supers.any(|(name, d)| !d.is_live() && super_column.is_none_or(|s| s == name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_holding_a_deletion_fails() {
        let live = DeletionTime::LIVE;
        let gone = DeletionTime::new(5, 50);
        let none = || std::iter::empty::<(&[u8], DeletionTime)>();
        assert!(!holds_deletion(live, false, none(), None));
        assert!(holds_deletion(gone, false, none(), None));
        assert!(holds_deletion(live, true, none(), None));
        let supers = || std::iter::once((b"s1".as_slice(), gone));
        assert!(holds_deletion(live, false, supers(), None));
        assert!(holds_deletion(live, false, supers(), Some(b"s1")));
        assert!(!holds_deletion(live, false, supers(), Some(b"s2")));
    }
}
