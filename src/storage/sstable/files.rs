//! An opened SSTable's files and what reading them counts: the shared
//! handles and in-memory components ([`Inner`], held by the reader, its
//! scans and its partitions alike), positioned reads of the Data and Index
//! files, and a decode failure mapped to the file and offset it was found
//! at. Below the reader, scans and partitions; it must not find keys or
//! decode entries.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::bloom::BloomFilter;
use super::codec::DecodeError;
use super::format::{decode_index_segment, IndexEntry, Statistics, SummaryEntry};
use super::headcache::HeadCache;
use super::segcache::SegmentCache;
use super::SSTableError;

/// The read statistics of one opened SSTable, counted by every thread.
#[derive(Default)]
pub(crate) struct Counters {
    pub(crate) data_reads: AtomicU64,
    pub(crate) data_bytes_read: AtomicU64,
    pub(crate) blocks_read: AtomicU64,
    pub(crate) chunk_reads: AtomicU64,
    pub(crate) index_segments_read: AtomicU64,
    pub(crate) segment_cache_hits: AtomicU64,
    pub(crate) head_cache_hits: AtomicU64,
}

/// What every handle on one opened SSTable shares.
pub(crate) struct Inner {
    pub(crate) dir: PathBuf,
    pub(crate) name: String,
    pub(crate) data_path: PathBuf,
    pub(crate) index_path: PathBuf,
    pub(crate) data: File,
    /// The Data file's format version: it decides how heads and blocks are
    /// read (the other components are encoded alike in every version).
    pub(crate) data_version: u16,
    pub(crate) index: File,
    pub(crate) stats: Statistics,
    pub(crate) summary: Vec<SummaryEntry>,
    pub(crate) bloom: BloomFilter,
    pub(crate) counters: Counters,
    pub(crate) heads: HeadCache,
    pub(crate) segments: SegmentCache,
}

/// Maps a decode failure inside `file` at `base` to the typed error.
pub(crate) fn corrupt_at(file: &Path, base: u64, e: DecodeError) -> SSTableError {
    SSTableError::corrupt(file, base + e.offset as u64, e.reason)
}

pub(crate) fn read_exact_at(
    file: &File,
    path: &Path,
    offset: u64,
    len: u64,
) -> Result<Vec<u8>, SSTableError> {
    let mut buf = Vec::new();
    read_exact_at_into(file, path, offset, len, &mut buf)?;
    Ok(buf)
}

/// Reads `len` bytes at `offset` into `buf` (resized to `len`; a reused
/// buffer is not zeroed first where it already has the length).
fn read_exact_at_into(
    file: &File,
    path: &Path,
    offset: u64,
    len: u64,
    buf: &mut Vec<u8>,
) -> Result<(), SSTableError> {
    let len = usize::try_from(len).map_err(|_| {
        SSTableError::corrupt(
            path,
            offset,
            format!("chunk length {len} does not fit in memory"),
        )
    })?;
    if buf.len() >= len {
        buf.truncate(len);
    } else {
        buf.resize(len, 0);
    }
    // Without waiting on the disk inside a server's attempt (see storage::nowait).
    crate::storage::nowait::read_exact_at(file, buf, offset).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            SSTableError::corrupt(
                path,
                offset,
                format!("file ends before the {len}-byte chunk at offset {offset}: truncated"),
            )
        } else {
            SSTableError::io(path, e)
        }
    })
}

impl Inner {
    pub(crate) fn read_segment_bytes(&self, seg: &SummaryEntry) -> Result<Vec<u8>, SSTableError> {
        let bytes = read_exact_at(&self.index, &self.index_path, seg.offset, seg.len)?;
        self.counters
            .index_segments_read
            .fetch_add(1, Ordering::Relaxed);
        Ok(bytes)
    }

    pub(crate) fn read_segment(&self, i: usize) -> Result<Vec<IndexEntry>, SSTableError> {
        let seg = &self.summary[i];
        let bytes = self.read_segment_bytes(seg)?;
        decode_index_segment(&bytes).map_err(|e| corrupt_at(&self.index_path, seg.offset, e))
    }

    /// A positioned read of the Data file, counted in the read statistics.
    pub(crate) fn read_data(&self, offset: u64, len: u64) -> Result<Vec<u8>, SSTableError> {
        let mut buf = Vec::new();
        self.read_data_into(offset, len, &mut buf)?;
        Ok(buf)
    }

    /// As [`read_data`](Self::read_data), into a buffer the caller reuses.
    pub(crate) fn read_data_into(
        &self,
        offset: u64,
        len: u64,
        buf: &mut Vec<u8>,
    ) -> Result<(), SSTableError> {
        read_exact_at_into(&self.data, &self.data_path, offset, len, buf)?;
        self.counters.data_reads.fetch_add(1, Ordering::Relaxed);
        self.counters
            .data_bytes_read
            .fetch_add(len, Ordering::Relaxed);
        Ok(())
    }
}
