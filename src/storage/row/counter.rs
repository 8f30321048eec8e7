//! Counter cells (Cassandra 1.2 on one node): a counter column holds the sum
//! of its increments as an 8-byte big-endian value, stamped with the highest
//! increment timestamp, and two versions of it add up instead of one
//! replacing the other.
//!
//! Deletion follows Cassandra's caveat: a counter tombstone deletes the
//! increments it knows about; increments written later with a higher
//! timestamp start again from zero (the counter remembers the deletion it
//! overcame, so older versions met later contribute nothing). A version
//! holding increments from both before and after a deletion it never met
//! counts whole, as in Cassandra.
//!
//! Adding versions is not idempotent, so the engine must merge each version
//! exactly once: the commit log is replayed only past what SSTables hold, and
//! compaction inputs never outlive their output (see `recovery`). This module
//! must not know where versions come from.

use crate::model::{Bytes, Cell, CellKind, DeletionTime};

/// One increment, as a cell.
pub fn increment(name: Bytes, delta: i64, timestamp: i64) -> Cell {
    Cell {
        name,
        value: delta.to_be_bytes().to_vec(),
        timestamp,
        kind: CellKind::Counter {
            deletion: DeletionTime::LIVE,
        },
    }
}

/// Applies a deletion of a containing level (row, super column, range
/// tombstone) to one version of a counter before it meets other versions:
/// a version at or below it counts for nothing (it becomes a tombstone), a
/// later one remembers it so older versions met later count for nothing.
pub fn absorb(cell: &mut Cell, del: DeletionTime) {
    let CellKind::Counter { deletion } = cell.kind else {
        return;
    };
    if del.is_live() {
        return;
    }
    if del.shadows(cell.timestamp) {
        cell.value.clear();
        cell.timestamp = del.marked_for_delete_at;
        cell.kind = CellKind::Tombstone {
            local_deletion_time: del.local_deletion_time,
        };
    } else {
        cell.kind = CellKind::Counter {
            deletion: deletion.max(del),
        };
    }
}

/// Reconciles `other` into `cell` (two versions of the same name).
pub fn reconcile(cell: &mut Cell, other: Cell) {
    let deletion_of = |c: &Cell| match c.kind {
        CellKind::Counter { deletion } => Some(deletion),
        CellKind::Tombstone {
            local_deletion_time,
        } => Some(DeletionTime::new(c.timestamp, local_deletion_time)),
        _ => None,
    };
    let is_counter = |c: &Cell| matches!(c.kind, CellKind::Counter { .. });
    let deletion = match (deletion_of(cell), deletion_of(&other)) {
        (Some(a), Some(b)) if is_counter(cell) || is_counter(&other) => a.max(b),
        // Not a counter pair (a counter CF only ever holds counters and
        // tombstones): the ordinary rule.
        _ => {
            if other.supersedes(cell) {
                *cell = other;
            }
            return;
        }
    };
    let part = |c: &Cell| match c.kind {
        CellKind::Counter { .. } if !deletion.shadows(c.timestamp) => c.counter_total(),
        _ => None,
    };
    let (pa, pb) = (part(cell), part(&other));
    if pa.is_none() && pb.is_none() {
        // Everything either side knew of is deleted: a tombstone remains.
        *cell = Cell {
            name: std::mem::take(&mut cell.name),
            value: Vec::new(),
            timestamp: deletion.marked_for_delete_at,
            kind: CellKind::Tombstone {
                local_deletion_time: deletion.local_deletion_time,
            },
        };
        return;
    }
    let sum = pa.unwrap_or(0).wrapping_add(pb.unwrap_or(0));
    let timestamp = [(pa, cell.timestamp), (pb, other.timestamp)]
        .into_iter()
        .filter(|(p, _)| p.is_some())
        .map(|(_, t)| t)
        .max()
        .expect("one side is live");
    cell.value = sum.to_be_bytes().to_vec();
    cell.timestamp = timestamp;
    cell.kind = CellKind::Counter { deletion };
}

/// [`reconcile_in_order`] as 2.1 and 2.2 reconciled versions met in
/// order (`Cell.reconcile`, an expiring cell's keeping the longer lived of
/// two tied on timestamp and value): a tie goes to `new` when `later`,
/// else to `old`, unless both expire and the other outlives it. Counters
/// reconcile in order.
pub fn reconcile_outlived(old: &mut Cell, new: Cell, later: bool) {
    let counter = |c: &Cell| matches!(c.kind, CellKind::Counter { .. });
    if counter(old) || counter(&new) {
        return reconcile_in_order(old, new);
    }
    let tied = old.timestamp == new.timestamp
        && old.value == new.value
        && matches!(old.kind, CellKind::Tombstone { .. })
            == matches!(new.kind, CellKind::Tombstone { .. });
    let expires = |c: &Cell| match c.kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => Some(local_expiration_time),
        _ => None,
    };
    let take_new = match (tied, expires(old), expires(&new)) {
        (false, ..) => new.supersedes(old),
        (true, Some(o), Some(n)) if o != n => n > o,
        (true, ..) => later,
    };
    if take_new {
        *old = new;
    }
}

/// Reconciles `new` into `old` as Cassandra 0.7 to 1.1 did when a read
/// met the versions of one name in its sources' order (memtable first,
/// then SSTables oldest first): `new.reconcile(old)`, which is not
/// associative for counters. Of two ordinary versions the one that does
/// not lose stays (the later on a tie). A counter and a tombstone meet by
/// the counter's rule whichever came first (a `DeletedColumn` handed the
/// reconcile to the counter): a tombstone later than the counter stays,
/// else the counter stays and remembers it. Of two counters, one whose
/// deletion covers the other wins whole, else both add up (deletions and
/// timestamps the greater). Why: after a flush a counter deleted and
/// incremented again reads back with its older increments when the
/// versions meet in that order, as the release answered.
pub fn reconcile_in_order(old: &mut Cell, new: Cell) {
    let counter_deletion = |c: &Cell| match c.kind {
        CellKind::Counter { deletion } => Some(deletion),
        _ => None,
    };
    let tomb = |c: &Cell| matches!(c.kind, CellKind::Tombstone { .. });
    match (counter_deletion(old), counter_deletion(&new)) {
        (None, None) => {
            if !old.supersedes(&new) {
                *old = new;
            }
        }
        (Some(_), None) => {
            if tomb(&new) {
                counter_meets_tombstone(old, &new);
            }
        }
        (None, Some(_)) => {
            if tomb(old) {
                let tombstone = std::mem::replace(old, new);
                counter_meets_tombstone(old, &tombstone);
            }
        }
        (Some(old_del), Some(new_del)) => {
            if new.timestamp < old_del.marked_for_delete_at {
                return;
            }
            if new_del.marked_for_delete_at > old.timestamp {
                *old = new;
                return;
            }
            let sum = old
                .counter_total()
                .unwrap_or(0)
                .wrapping_add(new.counter_total().unwrap_or(0));
            old.value = sum.to_be_bytes().to_vec();
            old.timestamp = old.timestamp.max(new.timestamp);
            old.kind = CellKind::Counter {
                deletion: old_del.max(new_del),
            };
        }
    }
}

/// `CounterColumn.reconcile` of a counter with a tombstone: a later
/// tombstone replaces the counter; otherwise the counter stays and
/// remembers the tombstone unless it knew a later deletion.
fn counter_meets_tombstone(counter: &mut Cell, tombstone: &Cell) {
    let CellKind::Counter { deletion } = counter.kind else {
        return;
    };
    let CellKind::Tombstone {
        local_deletion_time,
    } = tombstone.kind
    else {
        return;
    };
    if counter.timestamp < tombstone.timestamp {
        *counter = tombstone.clone();
    } else if deletion.marked_for_delete_at < tombstone.timestamp {
        counter.kind = CellKind::Counter {
            deletion: DeletionTime::new(tombstone.timestamp, local_deletion_time),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter's total; 0 for the tombstone a deleted one becomes.
    fn total(c: &Cell) -> i64 {
        c.counter_total().unwrap_or(0)
    }

    fn merged(cells: Vec<Cell>) -> Cell {
        let mut it = cells.into_iter();
        let mut c = it.next().unwrap();
        for o in it {
            reconcile(&mut c, o);
        }
        c
    }

    #[test]
    fn absorbed_deletions_reset_older_versions() {
        let mut old = increment(b"c".to_vec(), 100, 5);
        let mut new = increment(b"c".to_vec(), 1, 20);
        let row_delete = DeletionTime::new(10, 42);
        absorb(&mut old, row_delete);
        absorb(&mut new, row_delete);
        assert!(matches!(old.kind, CellKind::Tombstone { .. }));
        assert_eq!(total(&merged(vec![old, new.clone()])), 1);
        // Met later without the row deletion, the old version still counts nothing.
        assert_eq!(
            total(&merged(vec![increment(b"c".to_vec(), 100, 5), new])),
            1
        );
        let mut plain = Cell::live(b"c".to_vec(), b"v".to_vec(), 1);
        absorb(&mut plain, row_delete);
        assert_eq!(plain.kind, CellKind::Live, "only counters absorb");
    }

    #[test]
    fn increments_add_up_in_any_order() {
        let a = increment(b"c".to_vec(), 5, 1);
        let b = increment(b"c".to_vec(), -2, 7);
        let c = increment(b"c".to_vec(), 10, 3);
        for order in [
            vec![a.clone(), b.clone(), c.clone()],
            vec![c.clone(), a.clone(), b.clone()],
        ] {
            let m = merged(order);
            assert_eq!(total(&m), 13);
            assert_eq!(m.timestamp, 7);
        }
    }

    #[test]
    fn a_delete_resets_the_counter_for_later_increments() {
        let old = increment(b"c".to_vec(), 100, 5);
        let del = Cell::tombstone(b"c".to_vec(), 10, 42);
        let new = increment(b"c".to_vec(), 1, 20);
        // Memtable order: delete then increment; the old version met later.
        let mem = merged(vec![del.clone(), new.clone()]);
        assert_eq!(total(&mem), 1);
        assert_eq!(total(&merged(vec![old.clone(), mem.clone()])), 1);
        assert_eq!(total(&merged(vec![mem, old.clone()])), 1);
        // Delete over everything: a tombstone.
        let gone = merged(vec![old, del]);
        assert_eq!(
            gone.kind,
            CellKind::Tombstone {
                local_deletion_time: 42
            }
        );
        assert_eq!(gone.timestamp, 10);
        // An increment at or below the deletion stays deleted.
        let late = merged(vec![gone, increment(b"c".to_vec(), 3, 10)]);
        assert!(matches!(late.kind, CellKind::Tombstone { .. }));
    }

    #[test]
    fn in_order_a_flushed_increment_outlives_a_deletion_met_after_it() {
        // Memtable: +8 after the flush; SSTable 1: +1; SSTable 2: the delete.
        let mem = increment(b"c".to_vec(), 8, 30);
        let old = increment(b"c".to_vec(), 1, 10);
        let del = Cell::tombstone(b"c".to_vec(), 20, 42);
        let mut m = mem.clone();
        reconcile_in_order(&mut m, old.clone());
        reconcile_in_order(&mut m, del.clone());
        assert_eq!(total(&m), 9);
        // The delete met first: it is remembered and the old +1 is dropped.
        let mut m = old;
        reconcile_in_order(&mut m, del);
        assert!(matches!(m.kind, CellKind::Tombstone { .. }));
        reconcile_in_order(&mut m, mem);
        assert_eq!(total(&m), 8);
        assert_eq!(
            m.kind,
            CellKind::Counter {
                deletion: DeletionTime::new(20, 42)
            }
        );
    }

    #[test]
    fn in_order_ordinary_ties_go_to_the_later() {
        let mut a = Cell::live(b"c".to_vec(), b"v".to_vec(), 5);
        let mut b = a.clone();
        b.kind = CellKind::Expiring {
            ttl: 60,
            local_expiration_time: 100,
        };
        reconcile_in_order(&mut a, b.clone());
        assert_eq!(a.kind, b.kind);
        let mut older = Cell::live(b"c".to_vec(), b"w".to_vec(), 5);
        reconcile_in_order(&mut older, Cell::live(b"c".to_vec(), b"v".to_vec(), 5));
        assert_eq!(older.value, b"w".to_vec(), "the greater value wins a tie");
    }
}
