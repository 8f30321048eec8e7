//! Counter updates (`add`, counter mutations in `batch_mutate`) as the
//! engine's increments (`Op::CounterAdd`): the engine adds them up, so no
//! read-modify-write and no lock is needed here. Increments and counter
//! deletes carry a server timestamp (1.2 also ignored client timestamps for
//! counters) from one strictly increasing clock, so that a counter deleted
//! and then incremented restarts from zero (before 2.1; in 2.1 and 2.2 a
//! deleted counter stays deleted).
//!
//! Requests are validated before they reach this module.

use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::{ApiError, ApiResult};
use std::sync::atomic::{AtomicI64, Ordering};

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
    let mut last = LAST_TIMESTAMP.load(Ordering::SeqCst);
    loop {
        let next = now.max(last.saturating_add(1));
        match LAST_TIMESTAMP.compare_exchange(last, next, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => return next,
            Err(seen) => last = seen,
        }
    }
}

/// Applies increments with one engine call (totals wrap on overflow, as
/// Java's long arithmetic did). In 2.1 and 2.2 an increment of a counter
/// that was deleted is dropped: the deletion won over any counter cell
/// (see [`deleted_for_good`]).
pub fn add(node: &Node, ks: &str, increments: &[Increment]) -> ApiResult<()> {
    let tombstones_win = node
        .release
        .is_some_and(|r| r.does(Behaviour::CounterDeletionsWin));
    let increments: Vec<&Increment> = increments
        .iter()
        .filter(|inc| !(tombstones_win && deleted_for_good(node, ks, inc)))
        .collect();
    if increments.is_empty() {
        return Ok(());
    }
    let ts = timestamp();
    let rows: Vec<RowMutation> = increments
        .iter()
        .map(|inc| RowMutation {
            keyspace: ks.to_string(),
            key: inc.key.clone(),
            updates: vec![(
                inc.cf.clone(),
                vec![Op::CounterAdd {
                    super_column: inc.super_column.clone(),
                    name: inc.name.clone(),
                    delta: inc.delta,
                    timestamp: ts,
                }],
            )],
        })
        .collect();
    node.apply_batch(&rows).map_err(ApiError::from)
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
