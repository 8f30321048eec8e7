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
//! Decoding and inserting stay on one thread: allocations made by a decoder
//! thread and freed by the inserting one cost more in the allocator than
//! the decoding they would overlap with (measured: see issue 11's note).
//!
//! It must not read files (recovery did) nor decide what to replay.

use super::catalog::Catalog;
use super::cfstore::CfStore;
use super::codec::{decode_logged, logged_key};
use super::commitlog::{Position, RawRecords, RecordRef};
use super::engine::apply_to_store;
use super::model::Op;
use super::row::validate_op;
use crate::partitioner::PartitionerRef;
use crate::schema::CfDef;
use std::collections::HashMap;
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
    for o in &order {
        let r = &records[o.record as usize];
        let packed = &keys[o.start..o.start + o.len as usize];
        if apply_record(&cat.schema.partitioner, &stores, pending, r, packed) {
            out.applied += 1;
        } else {
            out.skipped += 1;
        }
    }
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

/// Decodes one record and inserts it into each CF that still needs it;
/// false when none did.
fn apply_record(
    partitioner: &PartitionerRef,
    stores: &HashMap<u32, (&Arc<CfStore>, Arc<CfDef>)>,
    pending: &PendingReplay,
    r: &RecordRef,
    packed: &[u8],
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
    let mut updates: Vec<(&Arc<CfStore>, &CfDef, Vec<Op>)> = logged
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
    let pos = Some((position.segment, position.offset));
    let last = updates.pop();
    for (store, _, ops) in &updates {
        apply_to_store(store, key.clone(), ops, pos);
    }
    if let Some((store, _, ops)) = last {
        apply_to_store(store, key, &ops, pos);
    }
    true
}
