//! Reading inside one partition: its header, and its entries by slice (the
//! walk is `slice`'s), by names or all of them, touching only the
//! column-index blocks needed.
//!
//! A small partition (at most one column-index block's worth of bytes) is read
//! with a single positioned read; a wide one reads its head (key, header,
//! column index) first and then each block on demand, so a slice that stops
//! after a few entries costs a few blocks whatever the partition's size.
//! A block cut into chunks (format 2, see `chunk`) is read a chunk or a few
//! at a time, found through its directory, by slices and name lookups.
//! Every block or chunk is checksummed before it is decoded. The comparator passed in
//! must be the one the entries were sorted by. It must not know cell formats.

use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

use super::block::{self, Block, Entry};
use super::chunk::ChunkDir;
use super::codec::DecodeError;
use super::files::{corrupt_at, Inner};
use super::format::IndexEntry;
use super::head::{decode_head, ColumnIndex, HeadView};
use super::{Partition, SSTableError};
use crate::marshal::AbstractType;
use crate::partitioner::DecoratedKey;

/// Partitions up to this many bytes are fetched with one read; larger ones lazily.
const MIN_PREFETCH: u64 = 4096;

/// An open partition of an SSTable. Owns a handle on the SSTable, so it may
/// outlive the `SSTableReader` it came from and move between threads.
pub struct PartitionReader {
    inner: Arc<Inner>,
    /// Key, header and column index, checked; shared with the SSTable's
    /// head cache when the partition is wide.
    head: Arc<HeadView>,
    data_offset: u64,
    /// The whole partition, when it was small enough to read at once.
    prefetched: Option<Vec<u8>>,
}

impl std::fmt::Debug for PartitionReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartitionReader")
            .field("sstable", &self.inner.name)
            .field("key", &self.head.key)
            .field("entries", &self.head.entry_count)
            .finish()
    }
}

fn read_head(inner: &Inner, entry: &IndexEntry, bytes: Vec<u8>) -> Result<HeadView, SSTableError> {
    decode_head(bytes, inner.data_version)
        .map_err(|e| corrupt_at(&inner.data_path, entry.head_offset(), e))
}

impl PartitionReader {
    /// Opens the partition `entry` points at. A small one is read whole; a
    /// wide one has its head read (or found in the SSTable's head cache)
    /// and its blocks are read as slices reach them. `keep_head` offers a
    /// wide head to the cache (point reads do; scans, which see each
    /// partition once, only look).
    pub(crate) fn load(
        inner: Arc<Inner>,
        entry: &IndexEntry,
        keep_head: bool,
    ) -> Result<Self, SSTableError> {
        let total = entry.end() - entry.data_offset;
        if total <= inner.stats.column_index_size.max(MIN_PREFETCH) {
            let bytes = inner.read_data(entry.data_offset, total)?;
            return Self::from_bytes(inner, entry, bytes);
        }
        if let Some(head) = inner.heads.get(entry.data_offset) {
            inner
                .counters
                .head_cache_hits
                .fetch_add(1, AtomicOrdering::Relaxed);
            return Ok(PartitionReader {
                inner,
                head,
                data_offset: entry.data_offset,
                prefetched: None,
            });
        }
        let bytes = inner.read_data(entry.head_offset(), entry.head_len)?;
        let head = read_head(&inner, entry, bytes)?;
        let part = Self::build(inner, entry, head, None)?;
        if keep_head {
            part.inner.heads.offer(entry.data_offset, &part.head);
        }
        Ok(part)
    }

    /// A partition whose bytes (`entry.data_offset..entry.end()`) are already read.
    pub(crate) fn from_bytes(
        inner: Arc<Inner>,
        entry: &IndexEntry,
        bytes: Vec<u8>,
    ) -> Result<Self, SSTableError> {
        let head = read_head(&inner, entry, bytes[entry.head_delta as usize..].to_vec())?;
        Self::build(inner, entry, head, Some(bytes))
    }

    fn build(
        inner: Arc<Inner>,
        entry: &IndexEntry,
        head: HeadView,
        prefetched: Option<Vec<u8>>,
    ) -> Result<Self, SSTableError> {
        let head_offset = entry.head_offset();
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
        let index = &head.index;
        for i in 0..index.len() {
            let (offset, len) = (index.offset(i), index.block_len(i));
            if len < 4
                || index.dir_len(i) > len - 4
                || offset
                    .checked_add(len)
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
            head: Arc::new(head),
            data_offset: entry.data_offset,
            prefetched,
        })
    }

    pub fn key(&self) -> &DecoratedKey {
        &self.head.key
    }

    /// The engine's opaque partition header, as appended.
    pub fn header(&self) -> &[u8] {
        &self.head.header
    }

    pub fn entry_count(&self) -> u64 {
        self.head.entry_count
    }

    /// Number of column-index blocks.
    pub fn block_count(&self) -> usize {
        self.head.index.len()
    }

    /// Reads `len` bytes at `offset` from the partition's first byte into
    /// `buf`: from the copy when the partition was read whole, else from disk.
    fn read_at(&self, offset: u64, len: u64, buf: &mut Vec<u8>) -> Result<(), SSTableError> {
        match &self.prefetched {
            Some(p) => {
                buf.clear();
                buf.extend_from_slice(&p[offset as usize..(offset + len) as usize]);
                Ok(())
            }
            None => self
                .inner
                .read_data_into(self.data_offset + offset, len, buf),
        }
    }

    /// Reads and checks one whole block (every chunk and the directory of
    /// a chunked one).
    pub(crate) fn block(&self, i: usize) -> Result<Block, SSTableError> {
        let index = &self.head.index;
        let (offset, len, dir_len) = (index.offset(i), index.block_len(i), index.dir_len(i));
        let abs = self.data_offset + offset;
        let mut buf = block::spare_buffer();
        self.read_at(offset, len, &mut buf)?;
        let decoded = if dir_len == 0 {
            Block::parse(buf)
        } else {
            let body_len = len - dir_len;
            let dir = buf[body_len as usize..].to_vec();
            buf.truncate(body_len as usize);
            ChunkDir::decode(dir, body_len)
                .map_err(|e| DecodeError {
                    offset: body_len as usize + e.offset,
                    reason: e.reason,
                })
                .and_then(|dir| Block::parse_chunks(buf, dir.lens(0..dir.len())))
        };
        self.inner
            .counters
            .blocks_read
            .fetch_add(1, AtomicOrdering::Relaxed);
        decoded.map_err(|e| corrupt_at(&self.inner.data_path, abs, e))
    }

    /// Block `i`'s chunk directory, read and checked; `None` when the
    /// block is a single chunk (or written in format 1): read it whole.
    pub(crate) fn chunk_dir(&self, i: usize) -> Result<Option<ChunkDir>, SSTableError> {
        let index = &self.head.index;
        let (len, dir_len) = (index.block_len(i), index.dir_len(i));
        if dir_len == 0 {
            return Ok(None);
        }
        let at = index.offset(i) + len - dir_len;
        let mut buf = Vec::new();
        self.read_at(at, dir_len, &mut buf)?;
        ChunkDir::decode(buf, len - dir_len)
            .map(Some)
            .map_err(|e| corrupt_at(&self.inner.data_path, self.data_offset + at, e))
    }

    /// Reads and checks the chunks `range` of block `i` only.
    pub(crate) fn chunks(
        &self,
        i: usize,
        dir: &ChunkDir,
        range: std::ops::Range<usize>,
    ) -> Result<Block, SSTableError> {
        let (at, len) = dir.span(range.clone());
        let offset = self.head.index.offset(i) + at;
        let mut buf = block::spare_buffer();
        self.read_at(offset, len, &mut buf)?;
        let decoded = Block::parse_chunks(buf, dir.lens(range));
        self.inner
            .counters
            .chunk_reads
            .fetch_add(1, AtomicOrdering::Relaxed);
        decoded.map_err(|e| corrupt_at(&self.inner.data_path, self.data_offset + offset, e))
    }

    /// Column-index block boundaries, for `slice`'s cursor.
    pub(crate) fn index(&self) -> &ColumnIndex {
        &self.head.index
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
        let mut out = Vec::new();
        self.each_named(cmp, &wanted, &mut |name, payload| {
            out.push((name.to_vec(), payload.to_vec()));
            true
        })?;
        Ok(out)
    }

    /// The entries named by `wanted` (in comparator order, each once) that
    /// the partition holds, each lent to `each` in that order until it
    /// says stop (false). Reads each needed block once.
    pub fn each_named(
        &self,
        cmp: &dyn AbstractType,
        wanted: &[&[u8]],
        each: &mut dyn FnMut(&[u8], &[u8]) -> bool,
    ) -> Result<(), SSTableError> {
        // The block whose directory is at hand, and the last block or chunk read.
        let mut dir: Option<(usize, Option<ChunkDir>)> = None;
        let mut cached: Option<((usize, usize), Block)> = None;
        for &name in wanted {
            let index = &self.head.index;
            let i = if index.has_names() {
                index.partition_point(|b| cmp.compare(index.last(b), name) == Ordering::Less)
            } else {
                // A lone block's names are not stored; its contents decide.
                0
            };
            if i >= index.len()
                || (index.has_names() && cmp.compare(index.first(i), name) == Ordering::Greater)
            {
                continue;
            }
            if dir.as_ref().map(|(b, _)| *b) != Some(i) {
                dir = Some((i, self.chunk_dir(i)?));
            }
            let chunks = dir.as_ref().and_then(|(_, d)| d.as_ref());
            // A whole block is `usize::MAX`, a chunk its number.
            let j = chunks.map_or(usize::MAX, |d| d.find(cmp, name));
            if cached.as_ref().map(|(at, _)| *at) != Some((i, j)) {
                let block = match chunks {
                    Some(d) => self.chunks(i, d, j..j + 1)?,
                    None => self.block(i)?,
                };
                cached = Some(((i, j), block));
            }
            let (_, block) = cached.as_ref().expect("just filled");
            if let Some(at) = block.position(cmp, name) {
                let (name, payload) = block.entry_ref(at);
                if !each(name, payload) {
                    break;
                }
            }
        }
        Ok(())
    }

    /// All entries, materialized.
    pub fn entries(&self) -> Result<Vec<Entry>, SSTableError> {
        let mut out = Vec::with_capacity(self.head.entry_count.min(1 << 20) as usize);
        for i in 0..self.head.index.len() {
            out.extend(self.block(i)?.into_entries());
        }
        Ok(out)
    }

    /// The whole partition, materialized.
    pub fn into_partition(self) -> Result<Partition, SSTableError> {
        let entries = self.entries()?;
        let (key, header) = match Arc::try_unwrap(self.head) {
            Ok(h) => (h.key, h.header),
            Err(shared) => (shared.key.clone(), shared.header.clone()),
        };
        Ok(Partition {
            key,
            header,
            entries,
        })
    }
}
