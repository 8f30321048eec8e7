//! The memtable: one column family's recent writes, rows in ring order.
//!
//! Owns the in-memory rows (packed: see `rows`), their size accounting
//! (to decide when to flush: the heap they hold, as the allocator counts
//! it) and the oldest commit-log position whose data it holds (so the log
//! is only discarded once that data is in an SSTable), and reading them
//! back through `RowStore`. It must not do I/O.
//!
//! The folder is everything the memtable's memory layout is made of: the
//! byte arena (`arena`), a cell as one arena record (`cell_record`) and
//! the packed row set (`rows`, with Super CF rows in `rows::supers`), over
//! the comparator-ordered chunked set it shares with `row` (`storage::sorted`). Nothing here knows about
//! flushing, the commit log's files or SSTables.

pub(super) mod arena;
mod cell_record;
pub(super) mod rows;

use super::commitlog::Position;
use super::query::{
    each_live_in_place, EntrySource, FlushedReads, InPlaceEnd, KeptTable, ReadAt, RowHandle,
    RowStore, Spans,
};
use super::row::{CKey, Entry};
use super::StorageError;
use crate::model::{Bytes, CellView, DeletionTime, Op, Slice};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::row::range_tombstones::RangeTombstones;
use crate::storage::Reconciling;
use parking_lot::{Mutex, RwLock, RwLockReadGuard};
use rows::{FlushEntry, InPlace, Rows};
use std::ops::Bound;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::sync::OnceLock;
use std::time::Instant;

pub struct Memtable {
    /// The column family's definition, the live memtable's kept current:
    /// a comparator may become one sorting the stored names alike (a
    /// collection added to a CQL 3 table), whose new names must sort by
    /// it from the ALTER on, as Cassandra's rows took the live comparator.
    cf: RwLock<Arc<CfDef>>,
    rows: RwLock<Rows>,
    /// The rows' heap (`Rows::heap_bytes`), kept current by every write.
    bytes: AtomicU64,
    ops: AtomicU64,
    cells: AtomicU64,
    created: Instant,
    /// Smallest commit-log position (segment id, offset) applied here.
    min_position: Mutex<Option<(u64, u64)>>,
    /// The commit-log position when this memtable was switched out: every
    /// record of this CF before it is here or in an older memtable.
    frozen_at: Mutex<Option<Position>>,
    /// Kept in memory as an SSTable by an emulated flush (no disk): reads
    /// meeting it reconcile in their sources' order (`RowHandle::kept`).
    kept: OnceLock<KeptTable>,
}

/// Rows of a frozen memtable in ring order, read in place.
pub(crate) type FrozenRows<'a> = RwLockReadGuard<'a, Rows>;

impl Memtable {
    pub fn new(cf: Arc<CfDef>) -> Memtable {
        Memtable::with_ties(cf, Reconciling::default())
    }

    /// The column family's definition as this memtable sorts by it.
    pub fn cf(&self) -> Arc<CfDef> {
        self.cf.read().clone()
    }

    /// Takes a new definition of its column family (one whose comparator
    /// sorts the names stored alike; see `CfStore::set_def`).
    pub fn set_cf(&self, cf: Arc<CfDef>) {
        *self.cf.write() = cf;
    }

    /// An empty memtable keeping, of two versions of a cell that tie, the
    /// one `ties` says.
    pub fn with_ties(cf: Arc<CfDef>, ties: Reconciling) -> Memtable {
        Memtable {
            cf: RwLock::new(cf),
            rows: RwLock::new(Rows::with_ties(ties)),
            bytes: AtomicU64::new(0),
            ops: AtomicU64::new(0),
            cells: AtomicU64::new(0),
            created: Instant::now(),
            min_position: Mutex::new(None),
            frozen_at: Mutex::new(None),
            kept: OnceLock::new(),
        }
    }

    /// Applies the ops of one mutation for this CF. `position` is where the
    /// mutation sits in the commit log (None when there is no log).
    pub fn apply(&self, key: DecoratedKey, ops: &[Op], position: Option<(u64, u64)>) {
        if let Some(p) = position {
            let mut min = self.min_position.lock();
            if min.is_none_or(|m| p < m) {
                *min = Some(p);
            }
        }
        {
            let mut rows = self.rows.write();
            rows.apply(&self.cf(), &key, ops);
            // Stored under the lock, so a later write never stores an older
            // figure over a newer one.
            self.bytes
                .store(rows.heap_bytes() as u64, Ordering::Relaxed);
        }
        self.ops.fetch_add(ops.len() as u64, Ordering::Relaxed);
        self.cells.fetch_add(
            ops.iter()
                .filter(|o| matches!(o, Op::Put { .. } | Op::CounterAdd { .. }))
                .count() as u64,
            Ordering::Relaxed,
        );
    }

    /// `apply` for plain puts to a Standard CF, each row's key packed and
    /// its cells borrowed by the caller (see `Rows::put_cells`), for a run
    /// of rows at once: replay inserts a chunk of records in one call, so
    /// the locks are taken and the counters updated once per run, not once
    /// per record. `lowest` is the lowest commit-log position among them.
    pub fn put_rows<'k, 'c: 'k>(
        &self,
        lowest: (u64, u64),
        rows_in: impl Iterator<Item = (&'k [u8], &'k [CellView<'c>])>,
    ) {
        // Noted before the rows go in (as `apply` does), so the log is
        // never discarded under data only it holds.
        {
            let mut m = self.min_position.lock();
            if m.is_none_or(|m| lowest < m) {
                *m = Some(lowest);
            }
        }
        let mut n = 0u64;
        {
            let mut rows = self.rows.write();
            for (packed_key, cells) in rows_in {
                rows.put_cells(&self.cf(), packed_key, cells);
                n += cells.len() as u64;
            }
            self.bytes
                .store(rows.heap_bytes() as u64, Ordering::Relaxed);
        }
        self.ops.fetch_add(n, Ordering::Relaxed);
        self.cells.fetch_add(n, Ordering::Relaxed);
    }

    /// `n` empty memtables of this CF to be filled apart, one key range
    /// each, on separate threads (replay), and then joined into this one
    /// in key order (`join`).
    pub fn apart(&self, n: usize) -> Vec<Memtable> {
        self.rows
            .read()
            .apart(n)
            .into_iter()
            .map(|rows| Memtable {
                rows: RwLock::new(rows),
                ..Memtable::new(self.cf())
            })
            .collect()
    }

    /// Takes in the rows and figures of `parts` (from `apart`, in key
    /// order; see `Rows::join`).
    pub fn join(&self, parts: Vec<Memtable>) {
        for part in parts {
            if let Some(p) = part.min_position() {
                let mut min = self.min_position.lock();
                if min.is_none_or(|m| p < m) {
                    *min = Some(p);
                }
            }
            self.ops.fetch_add(part.operations(), Ordering::Relaxed);
            self.cells.fetch_add(part.cells(), Ordering::Relaxed);
            let mut rows = self.rows.write();
            rows.join(&self.cf(), part.rows.into_inner());
            self.bytes
                .store(rows.heap_bytes() as u64, Ordering::Relaxed);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.rows.read().is_empty()
    }
    pub fn approx_bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
    pub fn operations(&self) -> u64 {
        self.ops.load(Ordering::Relaxed)
    }
    pub fn cells(&self) -> u64 {
        self.cells.load(Ordering::Relaxed)
    }
    pub fn age(&self) -> std::time::Duration {
        self.created.elapsed()
    }
    pub fn min_position(&self) -> Option<(u64, u64)> {
        *self.min_position.lock()
    }

    /// The row deletion and range tombstones, if the row exists here at all.
    pub fn row_header(&self, key: &DecoratedKey) -> Option<(DeletionTime, RangeTombstones)> {
        self.rows.read().header(key)
    }

    /// Runs `f` on the row `key` read in place, under the rows' read lock:
    /// writers of this memtable wait until `f` returns, so `f` must be
    /// short (see `query::in_place::IN_PLACE_MAX_ENTRIES`).
    pub fn with_row_in_place<R>(&self, key: &DecoratedKey, f: impl FnOnce(InPlace<'_>) -> R) -> R {
        f(self.rows.read().in_place(key))
    }

    /// Copies of the entries of `key` with these names (in the order given).
    pub fn entries_named(&self, key: &DecoratedKey, names: &[Bytes]) -> Vec<Entry> {
        self.rows.read().named(&self.cf(), key, names)
    }

    /// Up to `limit` entries of `key` between the bounds (low, high in
    /// comparator order), in traversal order; none when they are inverted.
    pub fn entries_chunk(
        &self,
        key: &DecoratedKey,
        lo: &Bound<Bytes>,
        hi: &Bound<Bytes>,
        reversed: bool,
        limit: usize,
    ) -> Vec<Entry> {
        let bounds = (
            lo.as_ref().map(Vec::as_slice),
            hi.as_ref().map(Vec::as_slice),
        );
        self.rows
            .read()
            .slice(&self.cf(), key, bounds, reversed, limit)
    }

    /// Up to `limit` row keys at or after `from` (in ring order), with their
    /// deletion and range tombstones.
    pub fn keys_from(
        &self,
        from: &Bound<DecoratedKey>,
        limit: usize,
    ) -> Vec<(DecoratedKey, DeletionTime, RangeTombstones)> {
        self.rows.read().keys_from(from, limit)
    }

    /// Every row in ring order, read in place. Only for a frozen memtable:
    /// nobody writes it any more, so holding this read lock blocks no one.
    pub fn frozen_rows(&self) -> FrozenRows<'_> {
        self.rows.read()
    }

    pub fn freeze(&self, at: Position) {
        *self.frozen_at.lock() = Some(at);
    }
    pub fn frozen_at(&self) -> Option<Position> {
        *self.frozen_at.lock()
    }

    /// Marks this (switched-out) memtable as kept as an SSTable, read as
    /// `reads` says, and adds its first and last row key to `spans` (its
    /// CF's kept tables, oldest first). False when it holds no row.
    pub fn keep(&self, reads: FlushedReads, spans: &Spans) -> bool {
        let rows = self.rows.read();
        let mut span: Option<(DecoratedKey, DecoratedKey)> = None;
        let mut max_timestamp = i64::MIN;
        let cf = self.cf();
        for row in rows.iter(&cf) {
            for e in row.entries {
                max_timestamp = max_timestamp.max(newest(&e));
            }
            let first = span.map_or_else(|| row.key.clone(), |(f, _)| f);
            span = Some((first, row.key));
        }
        let Some((first_key, last)) = span else {
            return false;
        };
        let mut spans_now = spans.write();
        let table = KeptTable {
            reads,
            index: spans_now.len(),
            spans: spans.clone(),
            max_timestamp,
        };
        spans_now.push((first_key, last));
        let _ = self.kept.set(table);
        true
    }
}

/// The greatest timestamp an entry holds (a super column's deletion and
/// its sub-columns'), as an SSTable's metadata counted it.
fn newest(e: &FlushEntry<'_>) -> i64 {
    match e {
        FlushEntry::Cell(c) => c.timestamp,
        FlushEntry::Super(s) => s
            .cells
            .values()
            .map(|c| c.timestamp)
            .fold(s.deletion.marked_for_delete_at, i64::max),
    }
}

/// Reads copy entries out in chunks so no lock is held while merging and a
/// 100-column slice of a huge row copies about 100 entries, not the row.
const MIN_CHUNK: usize = 32;
const MAX_CHUNK: usize = 4096;

impl RowStore for Memtable {
    fn open_row<'a>(
        &'a self,
        key: &DecoratedKey,
    ) -> Result<Option<Box<dyn RowHandle + 'a>>, StorageError> {
        Ok(self.row_header(key).map(|(deletion, ranges)| {
            Box::new(MemRow {
                mem: self,
                key: key.clone(),
                deletion,
                ranges,
            }) as Box<dyn RowHandle>
        }))
    }
    fn rows_from<'a>(
        &'a self,
        from: &Bound<DecoratedKey>,
        limit: usize,
    ) -> Result<Vec<(DecoratedKey, Box<dyn RowHandle + 'a>)>, StorageError> {
        Ok(Memtable::keys_from(self, from, limit)
            .into_iter()
            .map(|(key, deletion, ranges)| {
                let h: Box<dyn RowHandle + 'a> = Box::new(MemRow {
                    mem: self,
                    key: key.clone(),
                    deletion,
                    ranges,
                });
                (key, h)
            })
            .collect())
    }
}

struct MemRow<'a> {
    mem: &'a Memtable,
    key: DecoratedKey,
    deletion: DeletionTime,
    ranges: RangeTombstones,
}

/// Slice bounds as `Bound`s (low, high) in comparator order.
pub fn slice_bounds(start: &[u8], finish: &[u8], reversed: bool) -> (Bound<Bytes>, Bound<Bytes>) {
    let b = |v: &[u8]| {
        if v.is_empty() {
            Bound::Unbounded
        } else {
            Bound::Included(v.to_vec())
        }
    };
    if reversed {
        (b(finish), b(start))
    } else {
        (b(start), b(finish))
    }
}

impl RowHandle for MemRow<'_> {
    fn deletion(&self) -> DeletionTime {
        self.deletion
    }
    fn ranges(&self) -> RangeTombstones {
        self.ranges.clone()
    }
    fn slice<'b>(
        &'b self,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
        wanted: usize,
    ) -> Result<Box<dyn EntrySource + 'b>, StorageError> {
        let (lo, hi) = slice_bounds(start, finish, reversed);
        Ok(Box::new(MemIter {
            row: self,
            lo,
            hi,
            reversed,
            buf: Vec::new().into_iter(),
            chunk: wanted.saturating_add(1).clamp(MIN_CHUNK, MAX_CHUNK),
            done: false,
        }))
    }
    fn named(&self, names: &[Bytes]) -> Result<Vec<Entry>, StorageError> {
        let set: std::collections::BTreeSet<CKey> = names
            .iter()
            .map(|n| CKey::new(n.clone(), &self.mem.cf().comparator))
            .collect();
        let keys: Vec<Bytes> = set.into_iter().map(|k| k.name).collect();
        let mut found = self.mem.entries_named(&self.key, &keys);
        // An SSTable asked its row's bloom filter of names first, which
        // hashed the bytes: a name that compares equal but is written
        // otherwise (IntegerType's `0x00` and `0x0000`) was not found. Of
        // names asked that compare equal, the first asked was the one kept.
        if self.mem.kept.get().is_some() {
            let cf = self.mem.cf();
            let cmp = &cf.comparator;
            let mut asked: Vec<&Bytes> = Vec::new();
            for n in names {
                if !asked.iter().any(|a| cmp.compare(a, n).is_eq()) {
                    asked.push(n);
                }
            }
            found.retain(|e| asked.iter().any(|n| n.as_slice() == e.name()));
        }
        Ok(found)
    }
    fn kept(&self) -> Option<(&KeptTable, &DecoratedKey)> {
        self.mem.kept.get().map(|k| (k, &self.key))
    }
    fn each_in_place(
        &self,
        cf: &CfDef,
        slice: &Slice,
        at: ReadAt,
        max_bytes: usize,
        each: &mut dyn FnMut(CellView<'_>),
    ) -> Result<Option<InPlaceEnd>, StorageError> {
        // A kept memtable finds names as an SSTable did (see `named`).
        if self.mem.kept.get().is_some() {
            return Ok(None);
        }
        self.mem.with_row_in_place(&self.key, |row| match row {
            InPlace::Absent => Ok(Some(InPlaceEnd::Whole)),
            InPlace::Supers => Ok(None),
            InPlace::Cells(row) => {
                each_live_in_place(cf, slice, &row, at, max_bytes, each).map(Some)
            }
        })
    }
}

struct MemIter<'a> {
    row: &'a MemRow<'a>,
    lo: Bound<Bytes>,
    hi: Bound<Bytes>,
    reversed: bool,
    buf: std::vec::IntoIter<Entry>,
    chunk: usize,
    done: bool,
}

impl EntrySource for MemIter<'_> {
    fn next_entry(&mut self) -> Result<Option<Entry>, StorageError> {
        if let Some(e) = self.buf.next() {
            return Ok(Some(e));
        }
        if self.done {
            return Ok(None);
        }
        let got = self.row.mem.entries_chunk(
            &self.row.key,
            &self.lo,
            &self.hi,
            self.reversed,
            self.chunk,
        );
        if got.len() < self.chunk {
            self.done = true;
        }
        if let Some(last) = got.last() {
            // Resume strictly after the last entry handed out.
            let k = Bound::Excluded(last.name().to_vec());
            if self.reversed {
                self.hi = k;
            } else {
                self.lo = k;
            }
        }
        self.chunk = (self.chunk * 4).min(MAX_CHUNK);
        self.buf = got.into_iter();
        Ok(self.buf.next())
    }
}
