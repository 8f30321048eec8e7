//! SSTables: immutable, checksummed files of partitions sorted in ring order.
//!
//! This layer is a generic sorted partition file. A partition is a
//! [`DecoratedKey`], an opaque `header` (the engine keeps its row deletion
//! marker there) and a sequence of opaque entries `(name, payload)` sorted by
//! the column family's comparator (one cell per entry in a Standard CF, one
//! whole super column in a Super CF). It must not know cell formats; the only
//! thing it knows about names is the comparator it is handed for lookups.
//!
//! # API
//!
//! Writing (one writer per flush or compaction):
//! - [`SSTableWriter::create`]`(dir, name, &partitioner, expected_partitions, opts)`;
//!   optional [`with_comparator`](SSTableWriter::with_comparator) to have entry
//!   order checked; [`append`](SSTableWriter::append)`(&key, header, entries)` with
//!   keys strictly increasing in ring order; [`finish`](SSTableWriter::finish)
//!   (atomic and durable, returns the opened [`SSTableReader`]) or
//!   [`abort`](SSTableWriter::abort) (also what dropping does).
//!
//! Reading ([`SSTableReader`] is `Clone + Send + Sync`):
//! - [`open`](SSTableReader::open) checks every component but the Data blocks,
//!   which are checked when read;
//! - [`might_contain`](SSTableReader::might_contain) (Bloom filter),
//!   [`get`](SSTableReader::get) → `Option<`[`PartitionReader`]`>`;
//! - [`scan`](SSTableReader::scan) / [`scan_from_token`](SSTableReader::scan_from_token)
//!   yield whole [`Partition`]s; [`scan_partitions`](SSTableReader::scan_partitions) /
//!   [`scan_partitions_from_token`](SSTableReader::scan_partitions_from_token) yield
//!   lazy `PartitionReader`s (for wide rows in compaction);
//! - sizes, counts, min/max key, [`file_paths`](SSTableReader::file_paths),
//!   [`delete_files`](SSTableReader::delete_files), [`read_stats`](SSTableReader::read_stats).
//!
//! Inside a partition ([`PartitionReader`], owns a handle, `Send + Sync`):
//! [`header`](PartitionReader::header); [`slice`](PartitionReader::slice) /
//! [`into_slice`](PartitionReader::into_slice) (lazy, forward or reversed,
//! inclusive bounds, empty bound = open, stop whenever you have enough);
//! [`names`](PartitionReader::names); [`all`](PartitionReader::all) /
//! [`entries`](PartitionReader::entries).
//!
//! Directory housekeeping: [`cleanup_temporaries`] (once at startup),
//! [`list_sstables`], [`split_file_name`], and [`replace_user_meta`] (for a
//! closed SSTable: rewrites the owner's bytes in its Statistics atomically).
//!
//! # Structures
//!
//! Data file: each partition is a run of entry blocks of about
//! `column_index_size` bytes (each with a CRC32; from format 2 on, a block
//! over 4 KiB is cut into chunks, each with its CRC32, and ends with a chunk
//! directory: see `chunk`) followed by its head (key, header, column index =
//! first/last name + position of every block, CRC32; a lone block needs no
//! names). Partitions up to one block's size are read
//! with one `pread`, wider ones head first (kept decoded in the SSTable's
//! `headcache` when the partition has 16 blocks or more, so the next point
//! read of it skips the head) and then block by block; scans cut
//! small partitions out of 256 KiB read-ahead windows. Index file: every key with its partition's position, in checksummed
//! segments of `index_interval` keys; the Summary (first key of each
//! segment) and the Bloom filter are held in memory, and a point read keeps
//! each index segment it reads, checked, for binary search (`segcache`, up to
//! 16 MiB per SSTable). Statistics records the
//! partitioner, counts and every file's length, and is the commit marker. See
//! `format` for the byte layout.
//!
//! Readers use positioned reads (`pread`) on shared handles rather than mmap:
//! no unsafe code, no SIGBUS if a file is truncated underneath, and the OS
//! page cache does the caching.

mod block;
mod bloom;
mod chunk;
mod codec;
mod error;
mod files;
mod format;
mod head;
mod headcache;
mod partition;
mod reader;
mod scan;
mod segcache;
mod slice;
mod writer;

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

pub use block::Entry;
pub use error::SSTableError;
pub use format::Component;
pub use partition::PartitionReader;
pub use reader::{ReadStats, SSTableReader};
pub use scan::ScanPartitions;
pub use slice::{OwnedSlice, Slice};
pub use writer::SSTableWriter;

use crate::partitioner::DecoratedKey;
use format::TEMP_SUFFIX;

/// Tuning of one SSTable, from the column family's configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct SSTableOptions {
    /// Target bytes per column-index block (`ColumnIndexSizeInKB` * 1024).
    pub column_index_size: usize,
    /// Keys per index segment; one summary entry per segment (`IndexInterval`).
    pub index_interval: usize,
    /// Target false-positive probability of the key Bloom filter.
    pub bloom_fp_chance: f64,
}

impl Default for SSTableOptions {
    fn default() -> Self {
        SSTableOptions {
            column_index_size: 64 * 1024,
            index_interval: 128,
            bloom_fp_chance: 0.01,
        }
    }
}

impl SSTableOptions {
    pub fn validate(&self) -> Result<(), SSTableError> {
        if self.column_index_size == 0 {
            return Err(SSTableError::InvalidArgument(
                "column_index_size must be positive".into(),
            ));
        }
        if self.index_interval == 0 {
            return Err(SSTableError::InvalidArgument(
                "index_interval must be positive".into(),
            ));
        }
        if !(self.bloom_fp_chance > 0.0 && self.bloom_fp_chance < 1.0) {
            return Err(SSTableError::InvalidArgument(format!(
                "bloom_fp_chance must be between 0 and 1 exclusive, got {}",
                self.bloom_fp_chance
            )));
        }
        Ok(())
    }
}

/// A whole partition, as [`SSTableReader::scan`] yields it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub key: DecoratedKey,
    pub header: Vec<u8>,
    pub entries: Vec<Entry>,
}

/// SSTable names become file-name prefixes: keep them to one plain path segment.
fn validate_name(name: &str) -> Result<(), SSTableError> {
    let ok = !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(SSTableError::InvalidArgument(format!(
            "SSTable name {name:?} must be non-empty ASCII letters, digits, '-', '_' or '.', not starting with '.'"
        )))
    }
}

/// Makes renames and unlinks in `dir` durable.
fn fsync_dir(dir: &Path) -> Result<(), SSTableError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| SSTableError::io(dir, e))
}

/// The SSTable name a component file belongs to, and which component it is.
pub fn split_file_name(file: &str) -> Option<(&str, Component)> {
    Component::ALL.iter().find_map(|&c| {
        file.strip_suffix(c.suffix())
            .and_then(|p| p.strip_suffix('-'))
            .map(|n| (n, c))
    })
}

fn dir_file_names(dir: &Path) -> Result<Vec<String>, SSTableError> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dir).map_err(|e| SSTableError::io(dir, e))? {
        let entry = entry.map_err(|e| SSTableError::io(dir, e))?;
        if let Ok(n) = entry.file_name().into_string() {
            names.push(n);
        }
    }
    Ok(names)
}

/// Removes what interrupted writes and deletions left in `dir`: temporary
/// components, and components of SSTables without a Statistics file (never
/// completed, or half deleted). Call once at startup, before opening
/// SSTables and before any writer runs. Returns the removed paths.
pub fn cleanup_temporaries(dir: &Path) -> Result<Vec<PathBuf>, SSTableError> {
    let files = dir_file_names(dir)?;
    let mut removed = Vec::new();
    for f in &files {
        let doomed = match f.strip_suffix(TEMP_SUFFIX) {
            Some(base) => split_file_name(base).is_some(),
            None => match split_file_name(f) {
                Some((name, c)) => {
                    c != Component::Statistics
                        && !dir.join(Component::Statistics.file_name(name)).exists()
                }
                None => false,
            },
        };
        if doomed {
            let path = dir.join(f);
            match fs::remove_file(&path) {
                Ok(()) => removed.push(path),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(SSTableError::io(&path, e)),
            }
        }
    }
    if !removed.is_empty() {
        fsync_dir(dir)?;
    }
    Ok(removed)
}

/// Names of the complete SSTables in `dir` (those with a Statistics file), sorted.
pub fn list_sstables(dir: &Path) -> Result<Vec<String>, SSTableError> {
    let mut names: Vec<String> = dir_file_names(dir)?
        .iter()
        .filter_map(|f| match split_file_name(f) {
            Some((name, Component::Statistics)) => Some(name.to_string()),
            _ => None,
        })
        .collect();
    names.sort();
    Ok(names)
}

/// Rewrites the owner's bytes kept in the Statistics of SSTable `name` in
/// `dir` (see [`SSTableWriter::set_user_meta`]) to what `change` makes of
/// the current ones (`None`: leave them). The SSTable must not be open.
/// Atomic: the new Statistics goes to a temporary file (removed by
/// [`cleanup_temporaries`] after a crash), is synced and renamed over the
/// old one. Returns whether it changed anything.
pub fn replace_user_meta(
    dir: &Path,
    name: &str,
    change: impl FnOnce(&[u8]) -> Option<Vec<u8>>,
) -> Result<bool, SSTableError> {
    let path = dir.join(Component::Statistics.file_name(name));
    let bytes = fs::read(&path).map_err(|e| SSTableError::io(&path, e))?;
    let mut stats =
        format::Statistics::decode(&bytes).map_err(|e| files::corrupt_at(&path, 0, e))?;
    let Some(meta) = change(&stats.user_meta) else {
        return Ok(false);
    };
    stats.user_meta = meta;
    let tmp = dir.join(Component::Statistics.temp_file_name(name));
    {
        use std::io::Write;
        let mut f = File::create(&tmp).map_err(|e| SSTableError::io(&tmp, e))?;
        f.write_all(&stats.encode())
            .and_then(|()| f.sync_all())
            .map_err(|e| SSTableError::io(&tmp, e))?;
    }
    fs::rename(&tmp, &path).map_err(|e| SSTableError::io(&path, e))?;
    fsync_dir(dir)?;
    Ok(true)
}

#[cfg(test)]
mod tests;
