//! Counter updates (`add`, counter mutations in `batch_mutate`) as the
//! engine's increments (`Op::CounterAdd`): the engine adds them up, so no
//! read-modify-write and no lock is needed here. Increments and counter
//! deletes carry a server timestamp (1.2 also ignored client timestamps for
//! counters) from one strictly increasing clock, so that a counter deleted
//! and then incremented restarts from zero (before 2.1; in 2.1 and 2.2 a
//! deleted counter stays deleted; in 3.x a counter's own tombstone wins and
//! a count goes on from the node's counter cache, past a deleted row).
//!
//! Requests are validated before they reach this module.

use crate::model::{CellKind, DeletionTime, Op, RowMutation};
use crate::node::{CounterCacheKey, Node};
use crate::release::Behaviour;
use crate::thrift::error::{ApiError, ApiResult};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicI64, Ordering as AtomicOrdering};

/// One counter increment: (row key, CF, super column, name, delta).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Increment {
    pub key: Vec<u8>,
    pub cf: String,
    pub super_column: Option<Vec<u8>>,
    pub name: Vec<u8>,
    pub delta: i64,
}

/// The last counter timestamp handed out in this process.
static LAST_TIMESTAMP: AtomicI64 = AtomicI64::new(0);

/// A server timestamp for counter writes and deletes: microseconds since
/// the epoch, strictly increasing, so a later update always orders after
/// an earlier one even within one microsecond.
pub fn timestamp() -> i64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
        .unwrap_or(0);
    let mut last = LAST_TIMESTAMP.load(AtomicOrdering::SeqCst);
    loop {
        let next = now.max(last.saturating_add(1));
        match LAST_TIMESTAMP.compare_exchange(
            last,
            next,
            AtomicOrdering::SeqCst,
            AtomicOrdering::SeqCst,
        ) {
            Ok(_) => return next,
            Err(seen) => last = seen,
        }
    }
}

/// Applies increments with one engine call (totals wrap on overflow, as
/// Java's long arithmetic did). In 2.1 and 2.2 an increment of a counter
/// that was deleted is dropped: the deletion won over any counter cell
/// (see [`deleted_for_good`]); in 3.x only the counter's own tombstone
/// wins, and each count goes on from the node's counter cache.
pub fn add(node: &Node, ks: &str, increments: &[Increment]) -> ApiResult<()> {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    let tombstones_win = does(Behaviour::CounterDeletionsWin);
    let cells_win = does(Behaviour::CounterCellDeletionsWin);
    let cached = does(Behaviour::CounterCacheCarriesCounts);
    let mut kept: Vec<Increment> = Vec::with_capacity(increments.len());
    // What this call already adds to each counter, so that two increments
    // of one counter go on from each other.
    let mut pending: Vec<(CounterCacheKey, i64)> = Vec::new();
    for inc in increments {
        if tombstones_win && deleted_for_good(node, ks, inc) {
            continue;
        }
        if !(cells_win || cached) {
            kept.push(inc.clone());
            continue;
        }
        let (tombstoned, visible) = stored_counter(node, ks, inc);
        let mut inc = inc.clone();
        if cached {
            inc.delta = through_cache(node, ks, &inc, visible, &mut pending);
        }
        if !(cells_win && tombstoned) {
            kept.push(inc);
        }
    }
    if kept.is_empty() {
        return Ok(());
    }
    let ts = timestamp();
    let rows: Vec<RowMutation> = kept
        .into_iter()
        .map(|inc| RowMutation {
            keyspace: ks.to_string(),
            key: inc.key,
            updates: vec![(
                inc.cf,
                vec![Op::CounterAdd {
                    super_column: inc.super_column,
                    name: inc.name,
                    delta: inc.delta,
                    timestamp: ts,
                }],
            )],
        })
        .collect();
    node.apply_batch(&rows).map_err(ApiError::from)
}

/// 3.x's `CounterMutation`: the new count is the cached one plus the
/// delta (without an entry, the count a read gives), and it is cached.
/// Returns the delta that brings the stored total (`visible`, with what
/// this call added to it before) to that count.
fn through_cache(
    node: &Node,
    ks: &str,
    inc: &Increment,
    visible: i64,
    pending: &mut Vec<(CounterCacheKey, i64)>,
) -> i64 {
    let id = node.schema().cf(ks, &inc.cf).map_or(0, |d| d.id);
    let key: CounterCacheKey = (
        ks.to_string(),
        inc.cf.clone(),
        id,
        inc.key.clone(),
        inc.super_column.clone(),
        inc.name.clone(),
    );
    let slot = match pending.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            pending.push((key.clone(), 0));
            pending.len() - 1
        }
    };
    let stored = visible.wrapping_add(pending[slot].1);
    let mut cache = node.counter_cache.lock();
    let count = cache
        .get(&key)
        .copied()
        .unwrap_or(stored)
        .wrapping_add(inc.delta);
    cache.insert(key, count);
    let delta = count.wrapping_sub(stored);
    pending[slot].1 = pending[slot].1.wrapping_add(delta);
    delta
}

/// The counter `inc` adds to as stored: whether its own cell is a
/// tombstone, and its total as a read counts it (0 when deleted, by its
/// cell, its super column, its row or a range of names, 3.x's `SliceRange`
/// deletion of a counter column family).
fn stored_counter(node: &Node, ks: &str, inc: &Increment) -> (bool, i64) {
    let item = inc.super_column.as_deref().unwrap_or(&inc.name);
    let Ok(Some(p)) = node.stored_partition(ks, &inc.cf, &inc.key, item, 1) else {
        return (false, 0);
    };
    let schema = node.schema();
    let ranged = |over: DeletionTime| match (&inc.super_column, schema.cf(ks, &inc.cf)) {
        (None, Some(cf)) => p
            .range_tombstones
            .iter()
            .filter(|r| {
                let cmp = |bound: &[u8]| cf.comparator.compare(&inc.name, bound);
                (r.start.is_empty() || cmp(&r.start) != Ordering::Less)
                    && (r.end.is_empty() || cmp(&r.end) != Ordering::Greater)
            })
            .fold(over, |d, r| d.max(r.deletion)),
        _ => over,
    };
    let found = p
        .cell(inc.super_column.as_deref(), &inc.name)
        .map(|(c, over)| (c, ranged(over)));
    match found {
        // A tombstone no later than the row's or super column's deletion is
        // what that deletion made of the counter, not one of its own.
        Some((c, over)) if matches!(c.kind, CellKind::Tombstone { .. }) => {
            (!over.shadows(c.timestamp), 0)
        }
        Some((c, over)) if !over.shadows(c.timestamp) => (false, c.counter_total().unwrap_or(0)),
        _ => (false, 0),
    }
}

/// Whether the counter `inc` adds to was deleted: its cell, its super
/// column or its whole row, whatever the deletion's timestamp (a range
/// tombstone of names is not looked at). Only the one top-level item the
/// counter lives in is read, so an increment costs the same in a wide row.
fn deleted_for_good(node: &Node, ks: &str, inc: &Increment) -> bool {
    let item = inc.super_column.as_deref().unwrap_or(&inc.name);
    match node.stored_partition(ks, &inc.cf, &inc.key, item, 1) {
        Ok(Some(p)) => p.deletes(inc.super_column.as_deref(), &inc.name),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::timestamp;

    #[test]
    fn timestamps_strictly_increase() {
        let mut last = timestamp();
        for _ in 0..10_000 {
            let next = timestamp();
            assert!(next > last, "{next} after {last}");
            last = next;
        }
    }
}
