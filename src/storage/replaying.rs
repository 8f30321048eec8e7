//! Re-applying the commit log when the engine opens, in row-key order:
//! first every record's key is read, decorated and packed as the memtable
//! orders rows (`arena::row_key`), on two threads; the records are sorted by
//! that key (log order among records of one key); then each is decoded,
//! checked against its CFs and inserted. A memtable filled in its own order
//! appends each new row after the last one (`memrows` checks the last row
//! first), so replay pays no binary search over hundreds of thousands of
//! rows, no chunk split and no memmove, and a row's cells are written to the
//! arena next to each other.
//!
//! Why any order is safe: every effect of a record is resolved by timestamps
//! when cells meet (a column, a row or range tombstone, a super column
//! deletion wins or loses by its timestamp, not by arrival), counter shards
//! add up whatever their order, and a memtable keeps only the lowest log
//! position it holds. Which records are replayed at all is decided per
//! column family by position (`recovery`'s `replay_from`), not by order.
//! Records of one key still go in log order (the sort is by key, then
//! position), so even a reader of the memtable mid-replay, were there one,
//! would see each row's history in sequence.
//!
//! Decoding and inserting overlap: one thread decodes and checks records
//! (in the sorted order) while the opening thread inserts the ones before.
//! What the decoder allocated goes back to it to be freed: freed by the
//! inserting thread, it cost more in glibc's allocator (arena consolidation
//! on every large allocation) than the decoding it overlapped with.
//!
//! It must not read files (recovery did) nor decide what to replay.

use super::catalog::Catalog;
use super::cfstore::CfStore;
use super::codec::{decode_logged, logged_key};
use super::commitlog::{Position, RawRecords, RecordRef};
use super::engine::apply_to_store;
use super::model::Op;
use super::row::validate_op;
use crate::partitioner::{DecoratedKey, PartitionerRef};
use crate::schema::CfDef;
use std::collections::HashMap;
use std::sync::mpsc::{channel, sync_channel};
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
    /// Reading, decorating and sorting the keys.
    pub ordered: Duration,
    /// Ordering, decoding, checking and applying.
    pub took: Duration,
}

/// One record's place in the replay order: its packed row key (in `keys`)
/// and its index in the log.
#[derive(Clone, Copy)]
struct Ordered {
    /// The packed key's first 8 bytes, big-endian: most comparisons end here.
    prefix: u64,
    start: usize,
    len: u32,
    record: u32,
}

/// One CF's part of one record, decoded and checked, ready to insert.
struct Item<'a> {
    store: &'a CfStore,
    key: DecoratedKey,
    ops: Vec<Op>,
    position: (u64, u64),
}

/// Records per message between the decoding and the inserting thread:
/// large enough that the channel costs nothing per record, small enough
/// that the two overlap at once.
const CHUNK: usize = 512;

/// Applies every record of `pending` to the memtables of `cat`.
pub(crate) fn replay(cat: &Catalog, pending: &PendingReplay) -> ReplayOutcome {
    let started = Instant::now();
    let mut out = ReplayOutcome::default();
    let (keys, order) = order(&cat.schema.partitioner, &pending.raw);
    out.ordered = started.elapsed();
    // The stores by CF id, resolved once (records name their CFs by id).
    let stores: HashMap<u32, (&Arc<CfStore>, Arc<CfDef>)> = cat
        .cfs
        .values()
        .map(|s| {
            let def = s.def();
            (def.id, (s, def))
        })
        .collect();
    let records = &pending.raw.records;
    let partitioner = &cat.schema.partitioner;
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Vec<Item<'_>>>(4);
        // Used items come back to be freed by the thread that allocated
        // them: freed on the other, they cost the allocator more than the
        // decoding they overlap with.
        let (done_tx, done_rx) = channel::<Vec<Item<'_>>>();
        let decoder = scope.spawn(move || {
            let (mut applied, mut skipped) = (0, 0);
            for chunk in order.chunks(CHUNK) {
                let mut items = Vec::with_capacity(chunk.len());
                for o in chunk {
                    let r = &records[o.record as usize];
                    let packed = &keys[o.start..o.start + o.len as usize];
                    if prepare(partitioner, &stores, pending, r, packed, &mut items) {
                        applied += 1;
                    } else {
                        skipped += 1;
                    }
                }
                if tx.send(items).is_err() {
                    break;
                }
                drop(done_rx.try_iter().collect::<Vec<_>>());
            }
            drop(tx);
            // Until the inserting thread has returned everything.
            drop(done_rx.iter().collect::<Vec<_>>());
            (applied, skipped)
        });
        for items in rx {
            for item in &items {
                apply_to_store(item.store, item.key.clone(), &item.ops, Some(item.position));
            }
            // The decoder may have finished: then it is freed here.
            let _ = done_tx.send(items);
        }
        drop(done_tx);
        let (applied, skipped) = decoder.join().expect("the replay decoder panicked");
        out.applied = applied;
        out.skipped = skipped;
    });
    out.took = started.elapsed();
    out
}

/// The records' packed keys and their replay order. The keys are read and
/// decorated (a hash per key) on two threads, each over half the records.
fn order(partitioner: &PartitionerRef, raw: &RawRecords) -> (Vec<u8>, Vec<Ordered>) {
    let records = &raw.records;
    let half = records.len() / 2;
    let (mut a, b) = std::thread::scope(|scope| {
        let second = scope.spawn(|| pack_keys(partitioner, raw, &records[half..], half));
        let first = pack_keys(partitioner, raw, &records[..half], 0);
        (
            first,
            second.join().expect("the key-packing thread panicked"),
        )
    });
    let base = a.0.len();
    a.0.extend_from_slice(&b.0);
    a.1.extend(b.1.into_iter().map(|o| Ordered {
        start: o.start + base,
        ..o
    }));
    let (keys, mut order) = a;
    let key = |o: &Ordered| &keys[o.start..o.start + o.len as usize];
    order.sort_unstable_by(|x, y| {
        x.prefix
            .cmp(&y.prefix)
            .then_with(|| key(x).cmp(key(y)))
            .then(x.record.cmp(&y.record))
    });
    (keys, order)
}

/// Packs the row key of each of `records` (the first at index `first` in
/// the log) into one buffer. A record whose key does not decode gets an
/// empty key; decoding it in full later says what is wrong.
fn pack_keys(
    partitioner: &PartitionerRef,
    raw: &RawRecords,
    records: &[RecordRef],
    first: usize,
) -> (Vec<u8>, Vec<Ordered>) {
    let mut keys = Vec::with_capacity(records.len() * 40);
    let mut order = Vec::with_capacity(records.len());
    for (i, r) in records.iter().enumerate() {
        let start = keys.len();
        if let Ok(key) = logged_key(raw.payload(r)) {
            super::arena::row_key::pack(&partitioner.decorate(key), &mut keys);
        }
        let packed = &keys[start..];
        let mut prefix = [0u8; 8];
        let n = packed.len().min(8);
        prefix[..n].copy_from_slice(&packed[..n]);
        order.push(Ordered {
            prefix: u64::from_be_bytes(prefix),
            start,
            len: packed.len() as u32,
            record: (first + i) as u32,
        });
    }
    (keys, order)
}

/// Decodes one record and pushes an item for each CF that still needs
/// it; false when none does.
fn prepare<'a>(
    partitioner: &PartitionerRef,
    stores: &HashMap<u32, (&'a Arc<CfStore>, Arc<CfDef>)>,
    pending: &PendingReplay,
    r: &RecordRef,
    packed: &[u8],
    items: &mut Vec<Item<'a>>,
) -> bool {
    let position = r.position;
    let logged = match decode_logged(pending.raw.payload(r)) {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!("skipping undecodable commit log record at {position}: {e}");
            return false;
        }
    };
    // Records of CFs no longer in the schema, and CFs whose SSTables
    // already hold this record, are left out.
    let updates: Vec<(&'a Arc<CfStore>, &CfDef, Vec<Op>)> = logged
        .updates
        .into_iter()
        .filter_map(|(id, ops)| {
            let (store, def) = stores.get(&id)?;
            let done = pending
                .replay_from
                .get(&id)
                .is_some_and(|from| position < *from);
            (!done).then_some((*store, &**def, ops))
        })
        .collect();
    // A record that does not fit its CFs any more is skipped whole.
    let fits = updates
        .iter()
        .all(|(_, def, ops)| ops.iter().all(|op| validate_op(def, op).is_ok()));
    if updates.is_empty() || !fits {
        return false;
    }
    // The key `order` packed for this record, decorated again only if it
    // somehow is not this record's (it always is).
    let key = super::arena::row_key::unpack(packed)
        .filter(|k| k.key == logged.key)
        .unwrap_or_else(|| partitioner.decorate(logged.key));
    for (store, _, ops) in updates {
        items.push(Item {
            store,
            key: key.clone(),
            ops,
            position: (position.segment, position.offset),
        });
    }
    true
}
