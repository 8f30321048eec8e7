//! Re-applying the commit log when the engine opens, in row-key order:
//! first every record's key is read, decorated and packed as the memtable
//! orders rows (`arena::row_key`), on two threads (a record that carries
//! its key's hashed token, see `codec`, is not hashed again); the records are sorted by
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
//! A record of plain puts to Standard CFs (what nearly every write logs) is
//! decoded in place: its cells are borrowed from the segment's bytes and
//! go into the memtable under the key `order` already packed, with no
//! allocation per record or cell. Anything else (deletions, counters,
//! super columns, CFs with an index) is decoded whole. Chunks go back to
//! the decoder to be reused, and what it allocated is freed there: freed
//! by the inserting thread, it cost more in glibc's allocator (arena
//! consolidation on every large allocation) than the decoding it
//! overlapped with.
//!
//! It must not read files (recovery did) nor decide what to replay.

use super::catalog::Catalog;
use super::cfstore::CfStore;
use super::codec::{decode_logged, logged_key, logged_puts};
use super::commitlog::{Position, RawRecords, RecordRef};
use super::engine::apply_to_store;
use super::model::{CellView, Op};
use super::row::validate_op;
use crate::partitioner::{DecoratedKey, PartitionerRef};
use crate::schema::CfDef;
use std::collections::HashMap;
use std::ops::Range;
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

/// One record's place in the replay order: its packed row key (in `keys`),
/// its position and its payload. Everything replay needs of the record is
/// here, so visiting records in key order costs one load from memory for
/// the key and one for the payload, both asked for ahead (`prefetch`), and
/// none for a `RecordRef` in between.
#[derive(Clone, Copy)]
struct Ordered<'a> {
    /// The packed key's first 8 bytes, big-endian: most comparisons end here.
    prefix: u64,
    start: usize,
    len: u32,
    position: Position,
    payload: &'a [u8],
}

/// One CF's part of one record, decoded and checked, ready to insert.
enum Item<'a> {
    /// Plain puts (see `codec::logged_puts`): the row's packed key (from
    /// `order`) and its cells, `cells[cells]` of the chunk.
    Puts {
        store: &'a CfStore,
        key: &'a [u8],
        cells: Range<usize>,
        position: (u64, u64),
    },
    /// Anything else, decoded whole.
    Ops {
        store: &'a CfStore,
        key: DecoratedKey,
        ops: Vec<Op>,
        position: (u64, u64),
    },
}

/// Records passed from the decoding to the inserting thread at once, and
/// back to be reused.
#[derive(Default)]
struct Chunk<'a> {
    items: Vec<Item<'a>>,
    /// The borrowed cells of every `Item::Puts`.
    cells: Vec<CellView<'a>>,
}

/// A CF as replay sees it: its store, definition and whether its plain
/// puts may be inserted in place (a Standard CF, not of counters, without
/// an index: then such a put always fits it and touches nothing else).
struct Target<'a> {
    store: &'a CfStore,
    def: Arc<CfDef>,
    in_place: bool,
    /// Records before this are already in its SSTables (`replay_from`).
    from: Option<Position>,
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
    // The stores by CF id, resolved once (records name their CFs by id;
    // a schema has few, and a scan of them is cheaper than hashing).
    let stores: Vec<(u32, Target<'_>)> = cat
        .cfs
        .values()
        .map(|s| {
            let def = s.def();
            let in_place = !def.is_super() && !def.is_counter() && s.index().is_none();
            let target = Target {
                store: s,
                from: pending.replay_from.get(&def.id).copied(),
                def,
                in_place,
            };
            (target.def.id, target)
        })
        .collect();
    let partitioner = &cat.schema.partitioner;
    let (keys, stores) = (&keys[..], &stores[..]);
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Chunk<'_>>(4);
        let (done_tx, done_rx) = channel::<Chunk<'_>>();
        let decoder = scope.spawn(move || {
            let (mut applied, mut skipped) = (0, 0);
            let mut cfs = Vec::new();
            let mut spare: Vec<Chunk<'_>> = Vec::new();
            for (c, part) in order.chunks(CHUNK).enumerate() {
                spare.extend(done_rx.try_iter());
                let mut chunk = spare.pop().unwrap_or_default();
                chunk.items.clear();
                chunk.cells.clear();
                for (i, o) in part.iter().enumerate() {
                    // Records are visited in key order, so each one's
                    // bytes are a cache miss: ask for a later one's now.
                    if let Some(ahead) = order.get(c * CHUNK + i + AHEAD) {
                        prefetch(&keys[ahead.start..ahead.start + ahead.len as usize]);
                        prefetch(ahead.payload);
                    }
                    let packed = &keys[o.start..o.start + o.len as usize];
                    let ctx = (partitioner, stores);
                    if prepare(ctx, o, packed, &mut cfs, &mut chunk) {
                        applied += 1;
                    } else {
                        skipped += 1;
                    }
                }
                if tx.send(chunk).is_err() {
                    break;
                }
            }
            drop(tx);
            // Until the inserting thread has returned everything: what
            // this thread allocated is freed here.
            drop(spare);
            drop(done_rx.iter().collect::<Vec<_>>());
            (applied, skipped)
        });
        for chunk in rx {
            let items = &chunk.items[..];
            let mut i = 0;
            while i < items.len() {
                let store = match &items[i] {
                    Item::Puts { store, .. } => *store,
                    Item::Ops {
                        store,
                        key,
                        ops,
                        position,
                    } => {
                        apply_to_store(store, key.clone(), ops, Some(*position));
                        i += 1;
                        continue;
                    }
                };
                // The run of plain puts to this CF from here goes in
                // under one lock.
                let run = items[i..]
                    .iter()
                    .take_while(
                        |it| matches!(it, Item::Puts { store: s, .. } if std::ptr::eq(*s, store)),
                    )
                    .count();
                let lowest = items[i..i + run]
                    .iter()
                    .filter_map(|it| match it {
                        Item::Puts { position, .. } => Some(*position),
                        Item::Ops { .. } => None,
                    })
                    .min()
                    .unwrap_or((u64::MAX, u64::MAX));
                let cells = &chunk.cells[..];
                let rows = (i..i + run).filter_map(|j| {
                    // The decoding thread read these bytes on the other core.
                    if let Some(Item::Puts { key, cells: r, .. }) = items.get(j + AHEAD / 2) {
                        prefetch(key);
                        for c in &cells[r.clone()] {
                            prefetch(c.value);
                        }
                    }
                    match &items[j] {
                        Item::Puts { key, cells: r, .. } => Some((*key, &cells[r.clone()])),
                        Item::Ops { .. } => None,
                    }
                });
                store.state.read().live.put_rows(lowest, rows);
                i += run;
            }
            // The decoder may have finished: then it is freed here.
            let _ = done_tx.send(chunk);
        }
        drop(done_tx);
        let (applied, skipped) = decoder.join().expect("the replay decoder panicked");
        out.applied = applied;
        out.skipped = skipped;
    });
    out.took = started.elapsed();
    out
}

/// How many records ahead of the one at hand replay asks the processor to
/// load (records are visited out of log order): far enough for a load
/// from memory to arrive before the record's turn.
const AHEAD: usize = 8;

/// Asks the processor to start loading the first cache lines of `bytes`
/// (up to 512 bytes, a typical record), without waiting for them.
#[inline]
fn prefetch(bytes: &[u8]) {
    #[cfg(target_arch = "x86_64")]
    for line in bytes.chunks(64).take(8) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is only a hint: it never faults, reads nothing
        // into the program and changes no state the program can see; the
        // address is in bounds anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(line.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bytes;
}

/// The records' packed keys and their replay order. The keys are read and
/// decorated (a hash per key) on two threads, each over half the records.
fn order<'a>(partitioner: &PartitionerRef, raw: &'a RawRecords) -> (Vec<u8>, Vec<Ordered<'a>>) {
    let records = &raw.records;
    let half = records.len() / 2;
    let (mut a, b) = std::thread::scope(|scope| {
        let second = scope.spawn(|| pack_keys(partitioner, raw, &records[half..]));
        let first = pack_keys(partitioner, raw, &records[..half]);
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
    let (keys, order) = a;
    let order = sort(&keys, order);
    (keys, order)
}

/// Buckets for `sort`'s first pass (a power of two).
const BUCKETS: usize = 1 << 16;

/// Sorts `order` by packed key, then position. First a counting pass and
/// one move of every entry into buckets by where its prefix lies between
/// the least and greatest prefix (tokens of a hashing partitioner spread
/// evenly, so each bucket holds a handful), then a comparison sort of each
/// bucket: two passes over the entries instead of a comparison sort's
/// twenty. Keys that share their first 8 bytes land in one bucket and are
/// sorted there as before.
fn sort<'a>(keys: &[u8], order: Vec<Ordered<'a>>) -> Vec<Ordered<'a>> {
    let key = |o: &Ordered| &keys[o.start..o.start + o.len as usize];
    let by_key = |x: &Ordered, y: &Ordered| {
        x.prefix
            .cmp(&y.prefix)
            .then_with(|| key(x).cmp(key(y)))
            .then(x.position.cmp(&y.position))
    };
    let (Some(lo), Some(hi)) = (
        order.iter().map(|o| o.prefix).min(),
        order.iter().map(|o| o.prefix).max(),
    ) else {
        return order;
    };
    // The bucket of a prefix: its distance from the least, cut to 16 bits
    // (a monotonic map, so buckets are in key order).
    let shift = (64 - (hi - lo).leading_zeros()).saturating_sub(BUCKETS.trailing_zeros());
    let bucket = |o: &Ordered| ((o.prefix - lo) >> shift) as usize;
    let mut starts = vec![0u32; BUCKETS + 1];
    for o in &order {
        starts[bucket(o) + 1] += 1;
    }
    let mut sum = 0;
    for s in &mut starts {
        sum += *s;
        *s = sum;
    }
    let mut next = starts.clone();
    let mut sorted = order.clone();
    for o in order {
        let at = &mut next[bucket(&o)];
        sorted[*at as usize] = o;
        *at += 1;
    }
    for w in starts.windows(2) {
        let part = &mut sorted[w[0] as usize..w[1] as usize];
        if part.len() > 1 {
            part.sort_unstable_by(by_key);
        }
    }
    sorted
}

/// Packs the row key of each of `records` into one buffer. A record whose
/// key does not decode gets an empty key; decoding it in full later says
/// what is wrong.
fn pack_keys<'a>(
    partitioner: &PartitionerRef,
    raw: &'a RawRecords,
    records: &[RecordRef],
) -> (Vec<u8>, Vec<Ordered<'a>>) {
    let mut keys = Vec::with_capacity(records.len() * 40);
    let mut order = Vec::with_capacity(records.len());
    // What this partitioner's token packs to (`row_key::token_part`) when
    // it is hashed: a record that carries a token of that tag and length
    // was written under this partitioner, and its token is taken as
    // written (its checksum held). Anything else is hashed here.
    let mut expected = Vec::new();
    let hashed = super::arena::row_key::token_part(&partitioner.token(&[]), &mut expected);
    let carried =
        |token: &[u8]| hashed && token.len() == expected.len() && token.first() == expected.first();
    // The last record's key and where its packed form starts: a key
    // written again straight after (a wide row filled column by column, a
    // batch's mutations of one row) reuses its token, not hashed again.
    let mut last: Option<(&[u8], usize)> = None;
    for (i, r) in records.iter().enumerate() {
        if let Some(ahead) = records.get(i + AHEAD) {
            prefetch(&raw.payload(ahead)[..raw.payload(ahead).len().min(64)]);
        }
        let start = keys.len();
        let payload = raw.payload(r);
        if let Ok((key, token)) = logged_key(payload) {
            match last {
                _ if carried(token) => {
                    keys.extend_from_slice(token);
                    keys.extend_from_slice(key);
                }
                Some((k, at)) if k == key => keys.extend_from_within(at..start),
                _ => super::arena::row_key::pack_parts(&partitioner.token(key), key, &mut keys),
            }
            last = Some((key, start));
        } else {
            last = None;
        }
        let packed = &keys[start..];
        let mut prefix = [0u8; 8];
        let n = packed.len().min(8);
        prefix[..n].copy_from_slice(&packed[..n]);
        order.push(Ordered {
            prefix: u64::from_be_bytes(prefix),
            start,
            len: packed.len() as u32,
            position: r.position,
            payload,
        });
    }
    (keys, order)
}

/// Decodes one record and pushes an item for each CF that still needs
/// it; false when none does. `cfs` is scratch space.
fn prepare<'a>(
    (partitioner, stores): (&PartitionerRef, &[(u32, Target<'a>)]),
    r: &Ordered<'a>,
    packed: &'a [u8],
    cfs: &mut Vec<(u32, Range<usize>)>,
    chunk: &mut Chunk<'a>,
) -> bool {
    let position = r.position;
    let at = (position.segment, position.offset);
    let payload = r.payload;
    // Records of CFs no longer in the schema, and CFs whose SSTables
    // already hold this record, are left out.
    let wanted = |id: &u32| {
        let (_, target) = stores.iter().find(|(i, _)| i == id)?;
        let done = target.from.is_some_and(|from| position < from);
        (!done).then_some(target)
    };
    cfs.clear();
    let mark = chunk.cells.len();
    if let Ok(Some(key)) = logged_puts(payload, cfs, &mut chunk.cells) {
        // The key `order` packed ends with the record's own key (always:
        // it was read from this record); in place only if every CF that
        // still wants the record takes plain puts in place.
        let in_place = !packed.is_empty()
            && packed.ends_with(key)
            && cfs
                .iter()
                .all(|(id, _)| wanted(id).is_none_or(|t| t.in_place));
        if in_place {
            let before = chunk.items.len();
            for (id, cells) in cfs.drain(..) {
                if let Some(t) = wanted(&id) {
                    chunk.items.push(Item::Puts {
                        store: t.store,
                        key: packed,
                        cells,
                        position: at,
                    });
                }
            }
            return chunk.items.len() > before;
        }
    }
    chunk.cells.truncate(mark);
    let logged = match decode_logged(payload) {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!("skipping undecodable commit log record at {position}: {e}");
            return false;
        }
    };
    let updates: Vec<(&'a CfStore, &CfDef, Vec<Op>)> = logged
        .updates
        .into_iter()
        .filter_map(|(id, ops)| wanted(&id).map(|t| (t.store, &*t.def, ops)))
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
        chunk.items.push(Item::Ops {
            store,
            key: key.clone(),
            ops,
            position: at,
        });
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries for packed keys `ks` (positions in the given order).
    fn entries(ks: &[Vec<u8>]) -> (Vec<u8>, Vec<Ordered<'static>>) {
        let mut keys = Vec::new();
        let mut order = Vec::new();
        for (i, k) in ks.iter().enumerate() {
            let start = keys.len();
            keys.extend_from_slice(k);
            let mut prefix = [0u8; 8];
            let n = k.len().min(8);
            prefix[..n].copy_from_slice(&k[..n]);
            order.push(Ordered {
                prefix: u64::from_be_bytes(prefix),
                start,
                len: k.len() as u32,
                position: Position {
                    segment: 1,
                    offset: i as u64,
                },
                payload: &[],
            });
        }
        (keys, order)
    }

    /// The bucketed sort gives the comparison sort's order, for keys spread
    /// like tokens, keys sharing long prefixes, repeated keys (kept in log
    /// order), keys shorter than a prefix, and none at all.
    #[test]
    fn bucketed_sort_matches_a_comparison_sort() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let spread: Vec<Vec<u8>> = (0..5000)
            .map(|_| {
                let mut k = vec![1];
                k.extend_from_slice(&next().to_be_bytes());
                k.extend_from_slice(&(next() % 50).to_be_bytes());
                k
            })
            .collect();
        let shared: Vec<Vec<u8>> = (0..3000)
            .map(|_| format!("user00000000{:04}", next() % 700).into_bytes())
            .collect();
        let short: Vec<Vec<u8>> = (0..500)
            .map(|_| (0..next() % 10).map(|_| (next() % 3) as u8).collect())
            .collect();
        for ks in [spread, shared, short, vec![], vec![vec![7; 3]]] {
            let (keys, order) = entries(&ks);
            let mut want = order.clone();
            want.sort_by(|x, y| {
                keys[x.start..x.start + x.len as usize]
                    .cmp(&keys[y.start..y.start + y.len as usize])
                    .then(x.position.cmp(&y.position))
            });
            let got = sort(&keys, order);
            let at = |v: &[Ordered]| v.iter().map(|o| o.position).collect::<Vec<_>>();
            assert_eq!(at(&got), at(&want));
        }
    }
}
