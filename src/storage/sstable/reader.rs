//! Opening an SSTable and finding partitions in it: the in-memory summary and
//! Bloom filter, key lookups through the on-disk index; scans start here and
//! run in `scan`.
//!
//! `open` checks every component except the Data file's body (magic, version,
//! lengths, all checksums of Index, Summary, Filter and Statistics); Data
//! chunks are checked as they are read. All reads are positioned
//! (`FileExt::read_at`) on shared file handles, so one reader serves any number
//! of threads without locks. It must not know cell formats.

use std::fs::{self, File};
use std::io::{self, Read};
use std::ops::Bound;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::codec::{parse_file_header, FILE_HEADER_LEN, FORMAT_VERSION, OLDEST_FORMAT_VERSION};
use super::files::{corrupt_at, read_exact_at, Counters, Inner};
use super::format::{
    decode_filter, decode_index_segment, decode_summary, find_in_segment, Component, Statistics,
    SummaryEntry,
};
use super::headcache::HeadCache;
use super::partition::PartitionReader;
use super::scan::{ScanPartitions, Start};
use super::segcache::SegmentCache;
use super::{fsync_dir, validate_name, Partition, SSTableError};
use crate::partitioner::{DecoratedKey, PartitionerRef, Token};

/// Cumulative read statistics of one opened SSTable (all threads together).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadStats {
    /// `read_at` calls on the Data file.
    pub data_reads: u64,
    /// Bytes read from the Data file.
    pub data_bytes_read: u64,
    /// Entry blocks decoded whole (column-index blocks).
    pub blocks_read: u64,
    /// Runs of chunks read without the rest of their block (format 2).
    pub chunk_reads: u64,
    /// Index segments read (each holds up to `index_interval` keys).
    pub index_segments_read: u64,
    /// Wide partitions opened without reading their head (see `headcache`).
    pub head_cache_hits: u64,
    /// Point lookups answered from a kept index segment (see `segcache`).
    pub segment_cache_hits: u64,
}

fn read_whole(path: &Path) -> Result<Vec<u8>, SSTableError> {
    let mut buf = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut buf))
        .map_err(|e| SSTableError::io(path, e))?;
    Ok(buf)
}

/// Checks a component's header; returns its format version.
fn check_header(bytes: &[u8], path: &Path, c: Component) -> Result<u16, SSTableError> {
    let version = parse_file_header(bytes, c.tag()).map_err(|e| corrupt_at(path, 0, e))?;
    if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(SSTableError::UnsupportedVersion {
            file: path.to_path_buf(),
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    Ok(version)
}

fn check_len(path: &Path, actual: u64, expected: u64) -> Result<(), SSTableError> {
    if actual != expected {
        let what = if actual < expected {
            "truncated"
        } else {
            "has trailing bytes"
        };
        return Err(SSTableError::corrupt(
            path,
            actual.min(expected),
            format!("file is {actual} bytes but Statistics records {expected}: {what}"),
        ));
    }
    Ok(())
}

/// A small component read whole, its header and length checked.
fn load_small(
    dir: &Path,
    name: &str,
    c: Component,
    expected_len: Option<u64>,
) -> Result<(PathBuf, Vec<u8>), SSTableError> {
    let path = dir.join(c.file_name(name));
    let bytes = read_whole(&path)?;
    check_header(&bytes, &path, c)?;
    if let Some(len) = expected_len {
        check_len(&path, bytes.len() as u64, len)?;
    }
    Ok((path, bytes))
}

/// A large component opened, its header and length checked; with its version.
fn open_big(
    dir: &Path,
    name: &str,
    c: Component,
    expected_len: u64,
) -> Result<(PathBuf, File, u16), SSTableError> {
    let path = dir.join(c.file_name(name));
    let file = File::open(&path).map_err(|e| SSTableError::io(&path, e))?;
    let len = file
        .metadata()
        .map_err(|e| SSTableError::io(&path, e))?
        .len();
    check_len(&path, len, expected_len)?;
    let header = read_exact_at(&file, &path, 0, FILE_HEADER_LEN as u64)?;
    let version = check_header(&header, &path, c)?;
    Ok((path, file, version))
}

/// Reads every index segment once, checking checksums, structure, order and
/// that every partition lies inside the Data file.
fn verify_index(
    file: &File,
    path: &Path,
    summary: &[SummaryEntry],
    stats: &Statistics,
) -> Result<(), SSTableError> {
    let mut expected_offset = FILE_HEADER_LEN as u64;
    let mut previous: Option<DecoratedKey> = None;
    let mut partitions = 0u64;
    for seg in summary {
        if seg.offset != expected_offset {
            return Err(SSTableError::corrupt(
                path,
                seg.offset,
                "index segments are not contiguous (Summary disagrees with Index)",
            ));
        }
        let bytes = read_exact_at(file, path, seg.offset, seg.len)?;
        let entries = decode_index_segment(&bytes).map_err(|e| corrupt_at(path, seg.offset, e))?;
        if entries.first().map(|e| &e.key) != Some(&seg.first_key) {
            return Err(SSTableError::corrupt(
                path,
                seg.offset,
                "index segment's first key differs from the Summary",
            ));
        }
        for e in entries {
            if previous.as_ref().is_some_and(|p| *p >= e.key) {
                return Err(SSTableError::corrupt(
                    path,
                    seg.offset,
                    "index keys are out of order",
                ));
            }
            if e.data_offset < FILE_HEADER_LEN as u64 || e.end() > stats.data_len {
                return Err(SSTableError::corrupt(
                    path,
                    seg.offset,
                    "index entry points outside the Data file",
                ));
            }
            previous = Some(e.key);
            partitions += 1;
        }
        expected_offset += seg.len;
    }
    if expected_offset != stats.index_len || partitions != stats.partition_count {
        return Err(SSTableError::corrupt(
            path,
            expected_offset,
            format!("index holds {partitions} partitions in {expected_offset} bytes; Statistics records {} in {}", stats.partition_count, stats.index_len),
        ));
    }
    if previous != stats.max_key {
        return Err(SSTableError::corrupt(
            path,
            expected_offset,
            "last index key differs from Statistics' max key",
        ));
    }
    Ok(())
}

/// An opened, immutable SSTable. Cheap to clone; `Send + Sync`; every method
/// takes `&self` and may run on any number of threads at once.
#[derive(Clone)]
pub struct SSTableReader {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for SSTableReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SSTableReader")
            .field("dir", &self.inner.dir)
            .field("name", &self.inner.name)
            .finish()
    }
}

impl SSTableReader {
    /// Opens the complete SSTable `name` in `dir`, checking all component
    /// headers, lengths and checksums (except Data blocks, checked when read)
    /// and that it was written under `partitioner`.
    pub fn open(
        dir: &Path,
        name: &str,
        partitioner: &PartitionerRef,
    ) -> Result<Self, SSTableError> {
        validate_name(name)?;
        let (stats_path, bytes) = load_small(dir, name, Component::Statistics, None)?;
        let stats = Statistics::decode(&bytes).map_err(|e| corrupt_at(&stats_path, 0, e))?;
        if stats.partitioner != partitioner.class_name() {
            return Err(SSTableError::PartitionerMismatch {
                file: stats_path,
                expected: partitioner.class_name().to_string(),
                found: stats.partitioner,
            });
        }
        let (summary_path, bytes) =
            load_small(dir, name, Component::Summary, Some(stats.summary_len))?;
        let summary = decode_summary(&bytes).map_err(|e| corrupt_at(&summary_path, 0, e))?;
        let (filter_path, bytes) =
            load_small(dir, name, Component::Filter, Some(stats.filter_len))?;
        let bloom = decode_filter(&bytes).map_err(|e| corrupt_at(&filter_path, 0, e))?;
        let (data_path, data, data_version) = open_big(dir, name, Component::Data, stats.data_len)?;
        let (index_path, index, _) = open_big(dir, name, Component::Index, stats.index_len)?;
        verify_index(&index, &index_path, &summary, &stats)?;
        let summary_len = summary.len();
        Ok(SSTableReader {
            inner: Arc::new(Inner {
                dir: dir.to_path_buf(),
                name: name.to_string(),
                data_path,
                index_path,
                data,
                data_version,
                index,
                stats,
                summary,
                bloom,
                counters: Counters::default(),
                heads: HeadCache::default(),
                segments: SegmentCache::new(summary_len),
            }),
        })
    }

    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The owner's bytes given to the writer's `set_user_meta` (empty if none).
    pub fn user_meta(&self) -> &[u8] {
        &self.inner.stats.user_meta
    }

    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    pub fn partition_count(&self) -> u64 {
        self.inner.stats.partition_count
    }

    /// Entries over all partitions.
    pub fn entry_count(&self) -> u64 {
        self.inner.stats.entry_count
    }

    /// Length of the Data component in bytes.
    pub fn data_size(&self) -> u64 {
        self.inner.stats.data_len
    }

    /// Bytes of all components together.
    pub fn on_disk_size(&self) -> u64 {
        let s = &self.inner.stats;
        s.data_len + s.index_len + s.summary_len + s.filter_len + Statistics::encode(s).len() as u64
    }

    pub fn min_key(&self) -> Option<&DecoratedKey> {
        self.inner.stats.min_key.as_ref()
    }

    pub fn max_key(&self) -> Option<&DecoratedKey> {
        self.inner.stats.max_key.as_ref()
    }

    /// The Summary's keys: the first of every `index_interval` keys, in
    /// ring order (what Cassandra's index summary sampled).
    pub fn key_samples(&self) -> impl Iterator<Item = &DecoratedKey> {
        self.inner.summary.iter().map(|s| &s.first_key)
    }

    /// The component files, Statistics first (the order to delete them in).
    pub fn file_paths(&self) -> Vec<PathBuf> {
        let mut c = Component::ALL.to_vec();
        c.reverse();
        c.into_iter()
            .map(|c| self.inner.dir.join(c.file_name(&self.inner.name)))
            .collect()
    }

    /// Deletes the files (Statistics first, so a crash midway leaves an
    /// incomplete SSTable that `cleanup_temporaries` removes). Readers already
    /// holding this SSTable keep working: open handles outlive the unlink.
    pub fn delete_files(&self) -> Result<(), SSTableError> {
        for (i, path) in self.file_paths().iter().enumerate() {
            match fs::remove_file(path) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(SSTableError::io(path, e)),
            }
            if i == 0 {
                // The commit marker's removal must be durable before the
                // other files go, or a crash could leave it pointing at nothing.
                fsync_dir(&self.inner.dir)?;
            }
        }
        fsync_dir(&self.inner.dir)
    }

    pub fn read_stats(&self) -> ReadStats {
        let c = &self.inner.counters;
        ReadStats {
            data_reads: c.data_reads.load(Ordering::Relaxed),
            data_bytes_read: c.data_bytes_read.load(Ordering::Relaxed),
            blocks_read: c.blocks_read.load(Ordering::Relaxed),
            chunk_reads: c.chunk_reads.load(Ordering::Relaxed),
            index_segments_read: c.index_segments_read.load(Ordering::Relaxed),
            head_cache_hits: c.head_cache_hits.load(Ordering::Relaxed),
            segment_cache_hits: c.segment_cache_hits.load(Ordering::Relaxed),
        }
    }

    /// False only when the key is certainly absent (Bloom filter).
    pub fn might_contain(&self, key: &DecoratedKey) -> bool {
        self.inner.bloom.might_contain(&key.key)
    }

    /// The partition stored under `key`, with its head read and checked;
    /// its entries are read lazily. The Bloom filter is the caller's to ask
    /// first ([`SSTableReader::might_contain`]): a point read asks it once.
    pub fn get(&self, key: &DecoratedKey) -> Result<Option<PartitionReader>, SSTableError> {
        let i = self.inner.summary.partition_point(|s| s.first_key <= *key);
        if i == 0 {
            return Ok(None);
        }
        let seg = &self.inner.summary[i - 1];
        let corrupt = |e| corrupt_at(&self.inner.index_path, seg.offset, e);
        let segments = &self.inner.segments;
        let found = if let Some(view) = segments.get(i - 1) {
            self.inner
                .counters
                .segment_cache_hits
                .fetch_add(1, Ordering::Relaxed);
            view.find(key).map_err(corrupt)?
        } else {
            let bytes = self.inner.read_segment_bytes(seg)?;
            let kept = match segments.has_room(bytes.len()) {
                true => segments.keep(i - 1, &bytes).map_err(corrupt)?,
                false => None,
            };
            match kept {
                Some(view) => view.find(key),
                None => find_in_segment(&bytes, key),
            }
            .map_err(corrupt)?
        };
        match found {
            Some(entry) => Ok(Some(PartitionReader::load(
                self.inner.clone(),
                &entry,
                true,
            )?)),
            None => Ok(None),
        }
    }

    /// Partitions in ring order starting at `from`, each read lazily.
    pub fn scan_partitions(&self, from: Bound<DecoratedKey>) -> ScanPartitions {
        self.scan_from(Start::Key(from))
    }

    /// Partitions whose token is at or after (`Included`) or strictly after
    /// (`Excluded`) a token: Thrift's token-bounded ranges, where every key
    /// of a token counts as equal to it.
    pub fn scan_partitions_from_token(&self, from: Bound<Token>) -> ScanPartitions {
        self.scan_from(Start::Token(from))
    }

    fn scan_from(&self, start: Start) -> ScanPartitions {
        ScanPartitions::new(self.inner.clone(), start)
    }

    /// Whole partitions in ring order starting at `from` (for compaction and range reads).
    pub fn scan(
        &self,
        from: Bound<DecoratedKey>,
    ) -> impl Iterator<Item = Result<Partition, SSTableError>> {
        self.scan_partitions(from)
            .map(|p| p.and_then(PartitionReader::into_partition))
    }

    /// Whole partitions from a token bound, as [`scan_partitions_from_token`](Self::scan_partitions_from_token).
    pub fn scan_from_token(
        &self,
        from: Bound<Token>,
    ) -> impl Iterator<Item = Result<Partition, SSTableError>> {
        self.scan_partitions_from_token(from)
            .map(|p| p.and_then(PartitionReader::into_partition))
    }
}
