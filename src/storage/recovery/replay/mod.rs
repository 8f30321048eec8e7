//! Re-applying the commit log when the engine opens, in row-key order:
//! first the records are sorted by their keys packed as the memtable
//! orders rows (`order`), then each is decoded, checked against its CFs
//! (`prepare`) and inserted. A memtable filled in its own order
//! appends each new row after the last one (`memtable::rows` checks the last row
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
//! The sorted records are split into as many key ranges as there are
//! cores (up to four; never between two records of one key), and each
//! range is inserted by a thread of its own into memtables of its own
//! (`Memtable::apart`), joined into the live ones in key order afterwards:
//! a join moves arena blocks and row slots, no record (`memrows::join`).
//! Each range's records are decoded by one more thread while its inserting
//! thread inserts the chunk before. A CF with an index (whose writes also note index entries) or whose
//! memtable is not empty is written in place by every thread, under its
//! lock, instead. A record of plain puts to Standard CFs (what nearly
//! every write logs) is decoded in place: its cells are borrowed from the
//! segment's bytes and go into the memtable under the key `order` already
//! packed, with no allocation per record or cell. Anything else
//! (deletions, counters, super columns, CFs with an index) is decoded
//! whole.
//!
//! It must not read files (recovery did) nor decide what to replay.

mod order;
mod prepare;

use crate::storage::commitlog::{Position, RawRecords};
use crate::storage::memtable::Memtable;
use crate::storage::store::catalog::Catalog;
use order::{key_ranges, order, Ordered};
use prepare::{prepare, Chunk, Item, Target};
use std::collections::HashMap;
use std::sync::mpsc::{channel, sync_channel};
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

/// Records decoded before they are inserted: enough that a run of plain
/// puts goes in under one lock, few enough to stay in the cache.
const CHUNK: usize = 512;

/// Applies every record of `pending` to the memtables of `cat`.
pub(crate) fn replay(cat: &Catalog, pending: &PendingReplay) -> ReplayOutcome {
    let started = Instant::now();
    let mut out = ReplayOutcome::default();
    let (keys, order) = order(&cat.schema.partitioner, &pending.raw);
    out.ordered = started.elapsed();
    // The CFs, resolved once (records name their CFs by id; a schema has
    // few, and a scan of them is cheaper than hashing).
    let targets: Vec<Target<'_>> = cat
        .cfs
        .values()
        .map(|s| {
            let def = s.def();
            Target {
                id: def.id,
                store: s,
                from: pending.replay_from.get(&def.id).copied(),
                in_place: !def.is_super() && !def.is_counter() && s.index().is_none(),
                def,
            }
        })
        .collect();
    let ranges = key_ranges(&keys, &order, parallelism());
    // Per range, per target: the memtable it fills apart (None: the
    // target's live memtable, written in place).
    let live: Vec<_> = targets
        .iter()
        .map(|t| t.store.state.read().live.clone())
        .collect();
    let mut apart: Vec<Vec<Option<Memtable>>> = (0..ranges.len()).map(|_| Vec::new()).collect();
    for (t, m) in targets.iter().zip(&live) {
        let own = ranges.len() > 1 && t.store.index().is_none() && m.is_empty();
        let mut parts = if own {
            m.apart(ranges.len())
        } else {
            Vec::new()
        }
        .into_iter();
        for mine in &mut apart {
            mine.push(parts.next());
        }
    }
    let ctx = Ctx {
        partitioner: &cat.schema.partitioner,
        targets: &targets,
        live: &live,
        keys: &keys,
    };
    let counts: Vec<(usize, usize)> = std::thread::scope(|scope| {
        let mut jobs = ranges.iter().zip(apart.iter_mut());
        let first = jobs.next();
        let others: Vec<_> = jobs
            .map(|(range, mine)| scope.spawn(|| replay_range(&ctx, range, mine)))
            .collect();
        let mut counts: Vec<_> = first
            .map(|(range, mine)| replay_range(&ctx, range, mine))
            .into_iter()
            .collect();
        counts.extend(
            others
                .into_iter()
                .map(|h| h.join().expect("a replay thread panicked")),
        );
        counts
    });
    for (t, m) in live.iter().enumerate() {
        let parts: Vec<Memtable> = apart.iter_mut().filter_map(|mine| mine[t].take()).collect();
        if !parts.is_empty() {
            m.join(parts);
        }
    }
    out.applied = counts.iter().map(|c| c.0).sum();
    out.skipped = counts.iter().map(|c| c.1).sum();
    out.took = started.elapsed();
    out
}

/// How many key ranges replay splits the records into: one a core, up to
/// four.
fn parallelism() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4)
}

/// What every range's thread shares.
struct Ctx<'c, 'a> {
    partitioner: &'c crate::partitioner::PartitionerRef,
    targets: &'c [Target<'a>],
    live: &'c [std::sync::Arc<Memtable>],
    keys: &'a [u8],
}

/// Decodes and inserts the records of one key range into `mine` (the
/// range's own memtable per target, or None to write the live one);
/// returns (applied, skipped). A thread of its own decodes while this one
/// inserts the chunk before (chunks go back to it to be reused): on two
/// cores the two overlap, and when the machine is busy a thread that
/// waits for the other briefly is scheduled sooner than one that never
/// sleeps (measured: the same work took half the wall time this way at a
/// load average of 11).
fn replay_range<'a>(
    ctx: &Ctx<'_, 'a>,
    range: &[Ordered<'a>],
    mine: &mut [Option<Memtable>],
) -> (usize, usize) {
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Chunk<'a>>(4);
        let (back, spare) = channel::<Chunk<'a>>();
        let decoder = scope.spawn(move || {
            let (mut applied, mut skipped) = (0, 0);
            let mut cfs = Vec::new();
            for (c, part) in range.chunks(CHUNK).enumerate() {
                let mut chunk = spare.try_recv().unwrap_or_default();
                chunk.items.clear();
                chunk.cells.clear();
                for (i, o) in part.iter().enumerate() {
                    // Records are visited in key order, so each one's
                    // bytes are a cache miss: ask for a later one's now.
                    if let Some(ahead) = range.get(c * CHUNK + i + AHEAD) {
                        prefetch(&ctx.keys[ahead.start..ahead.start + ahead.len as usize]);
                        prefetch(ahead.payload);
                    }
                    let packed = &ctx.keys[o.start..o.start + o.len as usize];
                    if prepare(
                        (ctx.partitioner, ctx.targets),
                        o,
                        packed,
                        &mut cfs,
                        &mut chunk,
                    ) {
                        applied += 1;
                    } else {
                        skipped += 1;
                    }
                }
                if tx.send(chunk).is_err() {
                    break;
                }
            }
            (applied, skipped)
        });
        for chunk in rx {
            insert(ctx, &chunk, mine);
            let _ = back.send(chunk);
        }
        decoder.join().expect("a replay decoder panicked")
    })
}

/// Inserts a chunk's items, each run of plain puts to one CF in one call.
fn insert(ctx: &Ctx<'_, '_>, chunk: &Chunk<'_>, mine: &[Option<Memtable>]) {
    let items = &chunk.items[..];
    let mut i = 0;
    while i < items.len() {
        let target = match &items[i] {
            Item::Puts { target, .. } => *target,
            Item::Ops {
                target,
                key,
                ops,
                position,
            } => {
                match &mine[*target] {
                    Some(m) => m.apply(key.clone(), ops, Some(*position)),
                    None => ctx.targets[*target]
                        .store
                        .apply(key.clone(), ops, Some(*position)),
                }
                i += 1;
                continue;
            }
        };
        let run = items[i..]
            .iter()
            .take_while(|it| matches!(it, Item::Puts { target: t, .. } if *t == target))
            .count();
        let lowest = items[i..i + run]
            .iter()
            .filter_map(|it| match it {
                Item::Puts { position, .. } => Some(*position),
                Item::Ops { .. } => None,
            })
            .min()
            .unwrap_or((u64::MAX, u64::MAX));
        let rows = (i..i + run).filter_map(|j| {
            // The decoding thread read these bytes on another core.
            if let Some(Item::Puts { key, cells, .. }) = items.get(j + AHEAD / 2) {
                prefetch(key);
                for c in &chunk.cells[cells.clone()] {
                    prefetch(c.value);
                }
            }
            match &items[j] {
                Item::Puts { key, cells, .. } => Some((*key, &chunk.cells[cells.clone()])),
                Item::Ops { .. } => None,
            }
        });
        match &mine[target] {
            Some(m) => m.put_rows(lowest, rows),
            None => ctx.live[target].put_rows(lowest, rows),
        }
        i += run;
    }
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
