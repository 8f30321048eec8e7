//! Re-applying the commit log when the engine opens, as a two-stage
//! pipeline: one thread decodes each record straight out of the segment
//! bytes, drops the column families whose SSTables already hold it, checks
//! it against the schema, resolves its stores and computes its key's token;
//! the opening thread only inserts into the memtables. The stages overlap,
//! so a replay costs about the larger of the two instead of their sum.
//!
//! Why this order is safe: records are applied in log order (one FIFO
//! channel), but nothing depends on it. Every effect of a record is
//! resolved by timestamps when cells meet (a column, a row or range
//! tombstone, a super column deletion wins or loses by its timestamp, not
//! by arrival), counter shards add up whatever their order, and a memtable
//! keeps only the lowest log position it holds. Which records are replayed
//! at all is decided per column family by position (`recovery`'s
//! `replay_from`), not by order.
//!
//! It must not read files (recovery did) nor decide what to replay.

use super::catalog::Catalog;
use super::cfstore::CfStore;
use super::codec::decode_mutation;
use super::commitlog::{Position, RawRecords};
use super::engine::{apply_to_store, validate};
use super::model::{Op, RowMutation};
use crate::partitioner::DecoratedKey;
use std::collections::HashMap;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The records recovery found and where each CF's replay starts.
pub(crate) struct PendingReplay {
    pub raw: RawRecords,
    /// CF id -> the first position not already in its SSTables (or
    /// truncated); records before it are skipped for that CF.
    pub replay_from: HashMap<u32, Position>,
}

/// What a replay did, for the start-up log.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ReplayOutcome {
    /// Records applied to at least one memtable.
    pub applied: usize,
    /// Records whose every CF already held them, or of dropped CFs.
    pub skipped: usize,
    /// Decoding, checking and applying, overlapped.
    pub took: Duration,
}

/// One CF's part of one record, ready to insert.
struct Item {
    store: Arc<CfStore>,
    key: DecoratedKey,
    ops: Vec<Op>,
    position: Position,
}

/// Records per message between the stages: large enough that the channel
/// costs nothing per record, small enough that the stages overlap at once.
const CHUNK: usize = 512;

/// Applies every record of `pending` to the memtables of `cat`.
pub(crate) fn replay(cat: &Catalog, pending: &PendingReplay) -> ReplayOutcome {
    let started = Instant::now();
    let mut out = ReplayOutcome::default();
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<(Vec<Item>, usize, usize)>(8);
        scope.spawn(move || {
            for records in pending.raw.records.chunks(CHUNK) {
                let mut items = Vec::with_capacity(records.len());
                let (mut applied, mut skipped) = (0, 0);
                for r in records {
                    let before = items.len();
                    prepare(cat, pending, r.position, pending.raw.payload(r), &mut items);
                    if items.len() > before {
                        applied += 1;
                    } else {
                        skipped += 1;
                    }
                }
                if tx.send((items, applied, skipped)).is_err() {
                    return;
                }
            }
        });
        for (items, applied, skipped) in rx {
            for item in items {
                let pos = (item.position.segment, item.position.offset);
                apply_to_store(&item.store, item.key, &item.ops, Some(pos));
            }
            out.applied += applied;
            out.skipped += skipped;
        }
    });
    out.took = started.elapsed();
    out
}

/// Decodes one record and pushes an item per CF that still needs it.
fn prepare(
    cat: &Catalog,
    pending: &PendingReplay,
    position: Position,
    payload: &[u8],
    items: &mut Vec<Item>,
) {
    let schema = &cat.schema;
    let mut m: RowMutation = match decode_mutation(schema, payload) {
        Ok(Some(m)) => m,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!("skipping undecodable commit log record at {position}: {e}");
            return;
        }
    };
    m.updates.retain(|(cf, _)| {
        let done = schema
            .cf(&m.keyspace, cf)
            .and_then(|d| pending.replay_from.get(&d.id))
            .is_some_and(|from| position < *from);
        !done
    });
    // Records of CFs no longer in the schema were decoded as nothing; one
    // that does not fit its CF any more is skipped.
    if m.updates.is_empty() || validate(cat, &m).is_err() {
        return;
    }
    let mut key = Some(schema.partitioner.decorate(&m.key));
    let mut updates = m.updates.into_iter().peekable();
    while let Some((cf, ops)) = updates.next() {
        // The last CF of the record takes the key; others get a copy.
        let key = if updates.peek().is_some() {
            key.clone()
        } else {
            key.take()
        };
        let (Ok(store), Some(key)) = (cat.cf(&m.keyspace, &cf), key) else {
            continue;
        };
        items.push(Item {
            store: Arc::clone(store),
            key,
            ops,
            position,
        });
    }
}
