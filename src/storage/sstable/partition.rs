//! Reading inside one partition: its header, and its entries by slice, by
//! names or all of them, touching only the column-index blocks needed.
//!
//! A small partition (at most one column-index block's worth of bytes) is read
//! with a single positioned read; a wide one reads its head (key, header,
//! column index) first and then each block on demand, so a slice that stops
//! after a few entries costs a few blocks whatever the partition's size.
//! Every block is checksummed before it is decoded. The comparator passed in
//! must be the one the entries were sorted by. It must not know cell formats.

use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

use super::format::{decode_block, BlockInfo, IndexEntry, PartitionHead};
use super::reader::{corrupt_at, Inner};
use super::{Partition, SSTableError};
use crate::marshal::{AbstractType, BytesType};
use crate::partitioner::DecoratedKey;

/// One `(name, payload)` pair as the engine stored it.
pub type Entry = (Vec<u8>, Vec<u8>);

/// Partitions up to this many bytes are fetched with one read; larger ones lazily.
const MIN_PREFETCH: u64 = 4096;

/// An open partition of an SSTable. Owns a handle on the SSTable, so it may
/// outlive the `SSTableReader` it came from and move between threads.
pub struct PartitionReader {
    inner: Arc<Inner>,
    key: DecoratedKey,
    header: Vec<u8>,
    blocks: Vec<BlockInfo>,
    entry_count: u64,
    data_offset: u64,
    /// The whole partition, when it was small enough to read at once.
    prefetched: Option<Vec<u8>>,
}

impl std::fmt::Debug for PartitionReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartitionReader")
            .field("sstable", &self.inner.name)
            .field("key", &self.key)
            .field("entries", &self.entry_count)
            .finish()
    }
}

impl PartitionReader {
    pub(crate) fn load(inner: Arc<Inner>, entry: &IndexEntry) -> Result<Self, SSTableError> {
        let total = entry.end() - entry.data_offset;
        let limit = inner.stats.column_index_size.max(MIN_PREFETCH);
        let head_offset = entry.head_offset();
        let (head, prefetched) = if total <= limit {
            let bytes = inner.read_data(entry.data_offset, total)?;
            let head = PartitionHead::decode(&bytes[entry.head_delta as usize..])
                .map_err(|e| corrupt_at(&inner.data_path, head_offset, e))?;
            (head, Some(bytes))
        } else {
            let bytes = inner.read_data(head_offset, entry.head_len)?;
            let head = PartitionHead::decode(&bytes)
                .map_err(|e| corrupt_at(&inner.data_path, head_offset, e))?;
            (head, None)
        };
        if head.key != entry.key {
            return Err(SSTableError::corrupt(
                &inner.data_path,
                head_offset,
                format!(
                    "partition head holds key {:?} but the index says {:?}",
                    head.key, entry.key
                ),
            ));
        }
        for b in &head.blocks {
            if b.len < 4
                || b.offset
                    .checked_add(b.len)
                    .is_none_or(|end| end > entry.head_delta)
            {
                return Err(SSTableError::corrupt(
                    &inner.data_path,
                    head_offset,
                    "column index points outside its partition",
                ));
            }
        }
        Ok(PartitionReader {
            inner,
            key: head.key,
            header: head.header,
            blocks: head.blocks,
            entry_count: head.entry_count,
            data_offset: entry.data_offset,
            prefetched,
        })
    }

    pub fn key(&self) -> &DecoratedKey {
        &self.key
    }

    /// The engine's opaque partition header, as appended.
    pub fn header(&self) -> &[u8] {
        &self.header
    }

    pub fn entry_count(&self) -> u64 {
        self.entry_count
    }

    /// Number of column-index blocks.
    pub fn block_count(&self) -> usize {
        self.blocks.len()
    }

    /// Reads and checks one block.
    fn block(&self, i: usize) -> Result<Vec<Entry>, SSTableError> {
        let b = &self.blocks[i];
        let abs = self.data_offset + b.offset;
        let decoded = match &self.prefetched {
            Some(p) => decode_block(&p[b.offset as usize..(b.offset + b.len) as usize]),
            None => decode_block(&self.inner.read_data(abs, b.len)?),
        };
        self.inner
            .counters
            .blocks_read
            .fetch_add(1, AtomicOrdering::Relaxed);
        decoded.map_err(|e| corrupt_at(&self.inner.data_path, abs, e))
    }

    /// Entries between `start` and `finish` inclusive (an empty bound is open),
    /// in comparator order, or descending when `reversed` (then `start` is the
    /// upper bound and `finish` the lower, as in Thrift's `SliceRange`).
    /// Blocks are read only as the iterator advances.
    pub fn slice<'a>(
        &'a self,
        cmp: &'a dyn AbstractType,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
    ) -> Slice<'a> {
        let n = self.blocks.len();
        let next_block = if reversed {
            if start.is_empty() {
                n.checked_sub(1)
            } else {
                self.blocks
                    .partition_point(|b| cmp.compare(&b.first, start) != Ordering::Greater)
                    .checked_sub(1)
            }
        } else {
            let i = if start.is_empty() {
                0
            } else {
                self.blocks
                    .partition_point(|b| cmp.compare(&b.last, start) == Ordering::Less)
            };
            (i < n).then_some(i)
        };
        Slice {
            part: self,
            cmp,
            start: start.to_vec(),
            finish: finish.to_vec(),
            reversed,
            next_block,
            current: Vec::new().into_iter(),
            skipping: !start.is_empty(),
            done: false,
        }
    }

    /// Every entry in stored order, read block by block.
    pub fn all(&self) -> Slice<'_> {
        // With both bounds open the comparator is never consulted.
        self.slice(&BytesType, &[], &[], false)
    }

    /// The entries whose names are in `names` (compared with `cmp`), in
    /// comparator order, without duplicates. Reads each needed block once.
    pub fn names(
        &self,
        cmp: &dyn AbstractType,
        names: &[Vec<u8>],
    ) -> Result<Vec<Entry>, SSTableError> {
        let mut wanted: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
        wanted.sort_by(|a, b| cmp.compare(a, b));
        wanted.dedup_by(|a, b| cmp.compare(a, b) == Ordering::Equal);
        let mut cached: Option<(usize, Vec<Entry>)> = None;
        let mut out = Vec::new();
        for name in wanted {
            let i = self
                .blocks
                .partition_point(|b| cmp.compare(&b.last, name) == Ordering::Less);
            if i >= self.blocks.len()
                || cmp.compare(&self.blocks[i].first, name) == Ordering::Greater
            {
                continue;
            }
            if cached.as_ref().map(|(c, _)| *c) != Some(i) {
                cached = Some((i, self.block(i)?));
            }
            let (_, entries) = cached.as_ref().expect("just filled");
            if let Ok(p) = entries.binary_search_by(|e| cmp.compare(&e.0, name)) {
                out.push(entries[p].clone());
            }
        }
        Ok(out)
    }

    /// All entries, materialized.
    pub fn entries(&self) -> Result<Vec<Entry>, SSTableError> {
        let mut out = Vec::with_capacity(self.entry_count.min(1 << 20) as usize);
        for i in 0..self.blocks.len() {
            out.extend(self.block(i)?);
        }
        Ok(out)
    }

    /// The whole partition, materialized.
    pub fn into_partition(self) -> Result<Partition, SSTableError> {
        let entries = self.entries()?;
        Ok(Partition {
            key: self.key,
            header: self.header,
            entries,
        })
    }
}

/// Iterator of [`PartitionReader::slice`]: entries in traversal order. Yields
/// at most one error, then ends.
pub struct Slice<'a> {
    part: &'a PartitionReader,
    cmp: &'a dyn AbstractType,
    start: Vec<u8>,
    finish: Vec<u8>,
    reversed: bool,
    next_block: Option<usize>,
    current: std::vec::IntoIter<Entry>,
    /// Still before `start` (only possible inside the first block read).
    skipping: bool,
    done: bool,
}

impl Slice<'_> {
    /// Ordering of `name` against `bound` in traversal direction.
    fn traversal_cmp(&self, name: &[u8], bound: &[u8]) -> Ordering {
        let o = self.cmp.compare(name, bound);
        if self.reversed {
            o.reverse()
        } else {
            o
        }
    }

    fn past_finish(&self, name: &[u8]) -> bool {
        !self.finish.is_empty() && self.traversal_cmp(name, &self.finish) == Ordering::Greater
    }
}

impl Iterator for Slice<'_> {
    type Item = Result<Entry, SSTableError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if let Some(entry) = self.current.next() {
                if self.skipping {
                    if self.traversal_cmp(&entry.0, &self.start) == Ordering::Less {
                        continue;
                    }
                    self.skipping = false;
                }
                if self.past_finish(&entry.0) {
                    self.done = true;
                    return None;
                }
                return Some(Ok(entry));
            }
            let Some(i) = self.next_block else {
                self.done = true;
                return None;
            };
            // A block that begins past `finish` need not be read at all.
            let b = &self.part.blocks[i];
            let block_start = if self.reversed { &b.last } else { &b.first };
            if self.past_finish(block_start) {
                self.done = true;
                return None;
            }
            self.next_block = if self.reversed {
                i.checked_sub(1)
            } else {
                (i + 1 < self.part.blocks.len()).then_some(i + 1)
            };
            match self.part.block(i) {
                Ok(mut entries) => {
                    if self.reversed {
                        entries.reverse();
                    }
                    self.current = entries.into_iter();
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}
