//! Writing one SSTable: partitions streamed in ring order into temporary
//! files, made visible all at once by `finish`.
//!
//! Durability protocol: every component is written under a `.tmp` name,
//! fsynced, then renamed to its final name with Statistics renamed last (its
//! presence marks a complete SSTable), and the directory is fsynced. A crash at
//! any point leaves either a complete SSTable or files that
//! [`cleanup_temporaries`](super::cleanup_temporaries) removes. A writer
//! dropped without `finish` deletes its temporary files. It must not know
//! cell formats: entries are opaque `(name, payload)` pairs already sorted by
//! the column family's comparator.

use std::cmp::Ordering;
use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::bloom::BloomFilter;
use super::chunk::{BlockBuilder, CHUNK_BYTES};
use super::codec::{file_header_of, FILE_HEADER_LEN, FORMAT_VERSION};
use super::format::{
    encode_filter, encode_index_segment, encode_summary, Component, IndexEntry, Statistics,
    SummaryEntry,
};
use super::head::{encode_head, BlockInfo};
use super::{fsync_dir, validate_name, SSTableError, SSTableOptions, SSTableReader};
use crate::marshal::TypeRef;
use crate::partitioner::{DecoratedKey, PartitionerRef};

/// Builds one SSTable. Not shared between threads; one writer per flush or compaction.
pub struct SSTableWriter {
    dir: PathBuf,
    name: String,
    partitioner: PartitionerRef,
    /// When set, entry order is checked on append.
    comparator: Option<TypeRef>,
    opts: SSTableOptions,
    data: BufWriter<File>,
    data_pos: u64,
    index: BufWriter<File>,
    index_pos: u64,
    segment: Vec<IndexEntry>,
    summary: Vec<SummaryEntry>,
    bloom: BloomFilter,
    min_key: Option<DecoratedKey>,
    user_meta: Vec<u8>,
    last_key: Option<DecoratedKey>,
    partition_count: u64,
    entry_count: u64,
    /// An I/O error mid-partition leaves the files inconsistent: refuse to go on.
    failed: bool,
    /// `finish` began moving files to their final names.
    renaming: bool,
    finished: bool,
    /// The format written (always the current one but in tests of reading
    /// older files) and the chunk size of its blocks.
    version: u16,
    chunk_bytes: usize,
    /// The block builder of the last partition, kept for its buffers.
    spare_block: Option<BlockBuilder>,
    /// The last partition's head, kept for its buffer.
    head: Vec<u8>,
}

impl std::fmt::Debug for SSTableWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SSTableWriter")
            .field("dir", &self.dir)
            .field("name", &self.name)
            .field("partitions", &self.partition_count)
            .finish()
    }
}

fn create_temp(
    dir: &Path,
    name: &str,
    c: Component,
    version: u16,
) -> Result<(BufWriter<File>, PathBuf), SSTableError> {
    let path = dir.join(c.temp_file_name(name));
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&path)
        .map_err(|e| SSTableError::io(&path, e))?;
    let mut w = BufWriter::with_capacity(256 * 1024, file);
    w.write_all(&file_header_of(c.tag(), version))
        .map_err(|e| SSTableError::io(&path, e))?;
    Ok((w, path))
}

fn write_small_temp(
    dir: &Path,
    name: &str,
    c: Component,
    bytes: &[u8],
) -> Result<(), SSTableError> {
    let path = dir.join(c.temp_file_name(name));
    let mut f = File::create(&path).map_err(|e| SSTableError::io(&path, e))?;
    f.write_all(bytes)
        .and_then(|_| f.sync_all())
        .map_err(|e| SSTableError::io(&path, e))
}

fn sync_buffered(w: &mut BufWriter<File>, path: &Path) -> Result<(), SSTableError> {
    w.flush()
        .and_then(|_| w.get_ref().sync_all())
        .map_err(|e| SSTableError::io(path, e))
}

impl SSTableWriter {
    /// Starts an SSTable `name` (e.g. `Standard1-7`) in `dir`. `expected_partitions`
    /// sizes the Bloom filter; a wrong guess only changes its false-positive rate.
    pub fn create(
        dir: &Path,
        name: &str,
        partitioner: &PartitionerRef,
        expected_partitions: usize,
        opts: SSTableOptions,
    ) -> Result<Self, SSTableError> {
        validate_name(name)?;
        opts.validate()?;
        if dir.join(Component::Statistics.file_name(name)).exists() {
            return Err(SSTableError::InvalidArgument(format!(
                "SSTable {name} already exists in {}; SSTables are immutable",
                dir.display()
            )));
        }
        let (data, _) = create_temp(dir, name, Component::Data, FORMAT_VERSION)?;
        let (index, _) = create_temp(dir, name, Component::Index, FORMAT_VERSION)?;
        Ok(SSTableWriter {
            dir: dir.to_path_buf(),
            name: name.to_string(),
            partitioner: partitioner.clone(),
            comparator: None,
            bloom: BloomFilter::new(expected_partitions, opts.bloom_fp_chance),
            opts,
            data,
            data_pos: FILE_HEADER_LEN as u64,
            index,
            index_pos: FILE_HEADER_LEN as u64,
            segment: Vec::new(),
            summary: Vec::new(),
            min_key: None,
            user_meta: Vec::new(),
            last_key: None,
            partition_count: 0,
            entry_count: 0,
            failed: false,
            renaming: false,
            finished: false,
            version: FORMAT_VERSION,
            chunk_bytes: CHUNK_BYTES,
            spare_block: None,
            head: Vec::new(),
        })
    }

    /// Writes format 1 (blocks of one checksum, heads without directory
    /// lengths), as builds before format 2 did: for tests that older files
    /// stay readable. Must come before the first `append`.
    #[cfg(test)]
    pub(crate) fn with_format_1(mut self) -> Result<Self, SSTableError> {
        use std::io::{Seek, SeekFrom};
        self.version = 1;
        self.chunk_bytes = usize::MAX;
        for (w, c) in [
            (&mut self.data, Component::Data),
            (&mut self.index, Component::Index),
        ] {
            let path = self.dir.join(c.temp_file_name(&self.name));
            w.seek(SeekFrom::Start(0))
                .and_then(|_| w.write_all(&file_header_of(c.tag(), 1)))
                .map_err(|e| SSTableError::io(&path, e))?;
        }
        Ok(self)
    }

    /// Cuts blocks into chunks of this many bytes (tests: many chunks from
    /// little data).
    #[cfg(test)]
    pub(crate) fn with_chunk_bytes(mut self, n: usize) -> Self {
        self.chunk_bytes = n;
        self
    }

    /// Makes `append` verify that each partition's entry names are strictly
    /// increasing under `cmp` (the column family's comparator), failing with
    /// `EntriesOutOfOrder` otherwise. Costs one comparison per entry; without
    /// it a mis-sorted partition would be written and later sliced wrongly.
    pub fn with_comparator(mut self, cmp: TypeRef) -> Self {
        self.comparator = Some(cmp);
        self
    }

    /// Bytes of the owner's to keep in Statistics (read back with
    /// [`SSTableReader::user_meta`]); this layer does not interpret them.
    pub fn set_user_meta(&mut self, meta: Vec<u8>) {
        self.user_meta = meta;
    }

    /// A write to the Data file failed (its path is made only then).
    #[cold]
    fn data_error(&self, e: std::io::Error) -> SSTableError {
        SSTableError::io(self.temp_path(Component::Data), e)
    }

    fn temp_path(&self, c: Component) -> PathBuf {
        self.dir.join(c.temp_file_name(&self.name))
    }

    /// Appends one partition whole: see [`partition`](Self::partition).
    pub fn append<N: AsRef<[u8]>, P: AsRef<[u8]>>(
        &mut self,
        key: &DecoratedKey,
        header: &[u8],
        entries: impl IntoIterator<Item = (N, P)>,
    ) -> Result<(), SSTableError> {
        let mut p = self.partition(key, header)?;
        for (name, payload) in entries {
            p.entry(name.as_ref(), payload.as_ref())?;
        }
        p.finish()
    }

    /// Starts one partition, whose entries then come one by one
    /// ([`PartitionWriter::entry`]) before its [`finish`](PartitionWriter::finish).
    /// Keys must be strictly increasing in ring order; entries must be
    /// sorted by the column family's comparator (the reader relies on it for
    /// slices and name lookups). A partition may have no entries. Until it
    /// is finished the writer refuses anything else: a partition dropped
    /// half written, or failed, leaves the files inconsistent.
    pub fn partition<'p>(
        &'p mut self,
        key: &'p DecoratedKey,
        header: &'p [u8],
    ) -> Result<PartitionWriter<'p>, SSTableError> {
        if self.failed {
            return Err(SSTableError::InvalidArgument(format!(
                "SSTable writer {} failed earlier and cannot accept more partitions",
                self.name
            )));
        }
        if let Some(prev) = &self.last_key {
            if key <= prev {
                return Err(SSTableError::OutOfOrder {
                    name: self.name.clone(),
                    previous: format!("{:?}", prev),
                    key: format!("{:?}", key),
                });
            }
        }
        // Cleared by the partition's finish.
        self.failed = true;
        let chunk_bytes = self.chunk_bytes;
        let block = self
            .spare_block
            .take()
            .unwrap_or_else(|| BlockBuilder::new(chunk_bytes));
        Ok(PartitionWriter {
            data_offset: self.data_pos,
            w: self,
            key,
            header,
            blocks: Vec::new(),
            block,
            first: Vec::new(),
            last: Vec::new(),
            count: 0,
        })
    }

    /// Writes what the partition `p` ends with, now that its entries are in.
    fn end_partition(&mut self, p: Ended<'_>) -> Result<(), SSTableError> {
        let mut head = std::mem::take(&mut self.head);
        encode_head(&mut head, p.key, p.header, &p.blocks, p.count, self.version);
        let written = self.data.write_all(&head).map_err(|e| self.data_error(e));
        let head_len = head.len() as u64;
        self.head = head;
        written?;
        let head_offset = self.data_pos;
        self.data_pos += head_len;

        self.segment.push(IndexEntry {
            key: p.key.clone(),
            data_offset: p.data_offset,
            head_delta: head_offset - p.data_offset,
            head_len,
        });
        if self.segment.len() >= self.opts.index_interval {
            self.write_segment()?;
        }
        self.bloom.add(&p.key.key);
        if self.min_key.is_none() {
            self.min_key = Some(p.key.clone());
        }
        // Reuses the last key's buffer: one allocation fewer per partition.
        match &mut self.last_key {
            Some(last) => {
                last.token.clone_from(&p.key.token);
                last.key.clone_from(&p.key.key);
            }
            None => self.last_key = Some(p.key.clone()),
        }
        self.partition_count += 1;
        self.entry_count += p.count;
        Ok(())
    }

    fn write_block(
        &mut self,
        block: &mut BlockBuilder,
        mut info: BlockInfo,
        data_offset: u64,
        blocks: &mut Vec<BlockInfo>,
    ) -> Result<(), SSTableError> {
        let (bytes, dir_len) = block.finish();
        self.data.write_all(bytes).map_err(|e| self.data_error(e))?;
        info.offset = self.data_pos - data_offset;
        info.len = bytes.len() as u64;
        info.dir_len = dir_len;
        self.data_pos += bytes.len() as u64;
        blocks.push(info);
        block.clear();
        Ok(())
    }

    fn write_segment(&mut self) -> Result<(), SSTableError> {
        let bytes = encode_index_segment(&self.segment);
        let path = self.temp_path(Component::Index);
        self.index
            .write_all(&bytes)
            .map_err(|e| SSTableError::io(&path, e))?;
        self.summary.push(SummaryEntry {
            first_key: self.segment[0].key.clone(),
            offset: self.index_pos,
            len: bytes.len() as u64,
        });
        self.index_pos += bytes.len() as u64;
        self.segment.clear();
        Ok(())
    }

    /// Partitions appended so far.
    pub fn partition_count(&self) -> u64 {
        self.partition_count
    }

    /// Bytes written to the Data component so far (for flush/compaction accounting).
    pub fn data_size(&self) -> u64 {
        self.data_pos
    }

    /// Completes the SSTable: writes the remaining components, fsyncs them,
    /// renames them to their final names (Statistics last), fsyncs the
    /// directory and opens the result.
    pub fn finish(mut self) -> Result<SSTableReader, SSTableError> {
        if self.failed {
            return Err(SSTableError::InvalidArgument(format!(
                "SSTable writer {} failed earlier; its files were discarded",
                self.name
            )));
        }
        if !self.segment.is_empty() {
            self.write_segment()?;
        }
        let (data_path, index_path) = (
            self.temp_path(Component::Data),
            self.temp_path(Component::Index),
        );
        sync_buffered(&mut self.data, &data_path)?;
        sync_buffered(&mut self.index, &index_path)?;
        let summary = encode_summary(&self.summary);
        let filter = encode_filter(&self.bloom);
        let stats = Statistics {
            partitioner: self.partitioner.class_name().to_string(),
            partition_count: self.partition_count,
            entry_count: self.entry_count,
            data_len: self.data_pos,
            index_len: self.index_pos,
            summary_len: summary.len() as u64,
            filter_len: filter.len() as u64,
            column_index_size: self.opts.column_index_size as u64,
            index_interval: self.opts.index_interval as u64,
            min_key: self.min_key.clone(),
            max_key: self.last_key.clone(),
            user_meta: std::mem::take(&mut self.user_meta),
        };
        write_small_temp(&self.dir, &self.name, Component::Summary, &summary)?;
        write_small_temp(&self.dir, &self.name, Component::Filter, &filter)?;
        write_small_temp(
            &self.dir,
            &self.name,
            Component::Statistics,
            &stats.encode(),
        )?;
        self.renaming = true;
        for c in Component::ALL {
            if c == Component::Statistics {
                // Without this barrier the directory could persist the commit
                // marker's rename before the others'.
                fsync_dir(&self.dir)?;
            }
            let from = self.temp_path(c);
            let to = self.dir.join(c.file_name(&self.name));
            fs::rename(&from, &to).map_err(|e| SSTableError::io(&from, e))?;
        }
        fsync_dir(&self.dir)?;
        let reader = SSTableReader::open(&self.dir, &self.name, &self.partitioner)?;
        self.finished = true;
        Ok(reader)
    }

    /// Gives up on this SSTable and deletes its temporary files.
    pub fn abort(self) {
        // Drop does the work; this name documents the intent at call sites.
    }
}

impl Drop for SSTableWriter {
    /// Deletes what an unfinished writer wrote. A `finish` that failed after
    /// renaming (say, the reader could not open a file for lack of
    /// descriptors) leaves a complete SSTable its caller does not know of:
    /// it is deleted too, Statistics (the commit marker) first, or the
    /// caller's retry would store the same data twice (counters would add
    /// up twice after a restart).
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        if self.renaming {
            for c in std::iter::once(Component::Statistics).chain(Component::ALL) {
                let _ = fs::remove_file(self.dir.join(c.file_name(&self.name)));
            }
            // Best effort: should the removals not survive a power loss,
            // recovery would find this SSTable beside the retry's, holding
            // the same data (harmless, but for counters, counted twice).
            let _ = fsync_dir(&self.dir);
        }
        for c in Component::ALL {
            // Missing files are expected (not all components exist yet).
            let _ = fs::remove_file(self.temp_path(c));
        }
    }
}

/// One partition being appended (see [`SSTableWriter::partition`]).
pub struct PartitionWriter<'p> {
    w: &'p mut SSTableWriter,
    key: &'p DecoratedKey,
    header: &'p [u8],
    data_offset: u64,
    blocks: Vec<BlockInfo>,
    block: BlockBuilder,
    /// The current block's first name and the last entry's.
    first: Vec<u8>,
    last: Vec<u8>,
    count: u64,
}

/// What a finished partition's head and index entry are made of.
struct Ended<'p> {
    key: &'p DecoratedKey,
    header: &'p [u8],
    data_offset: u64,
    blocks: Vec<BlockInfo>,
    count: u64,
}

impl PartitionWriter<'_> {
    /// Appends one entry: its name and its opaque payload.
    pub fn entry(&mut self, name: &[u8], payload: &[u8]) -> Result<(), SSTableError> {
        if let Some(cmp) = &self.w.comparator {
            if self.count > 0 && cmp.compare(&self.last, name) != Ordering::Less {
                return Err(SSTableError::EntriesOutOfOrder {
                    name: self.w.name.clone(),
                    key: format!("{:?}", self.key),
                    comparator: cmp.class_name(),
                    previous: cmp.get_string(&self.last),
                    entry: cmp.get_string(name),
                });
            }
        }
        if self.block.is_empty() {
            self.first = name.to_vec();
        }
        self.block.push(name, payload);
        self.last.clear();
        self.last.extend_from_slice(name);
        self.count += 1;
        if self.block.len() >= self.w.opts.column_index_size {
            self.close_block()?;
        }
        Ok(())
    }

    fn close_block(&mut self) -> Result<(), SSTableError> {
        let info = BlockInfo {
            first: std::mem::take(&mut self.first),
            last: self.last.clone(),
            offset: 0,
            len: 0,
            dir_len: 0,
        };
        self.w
            .write_block(&mut self.block, info, self.data_offset, &mut self.blocks)
    }

    /// Writes the partition's last block and its head, and indexes it.
    pub fn finish(mut self) -> Result<(), SSTableError> {
        if !self.block.is_empty() {
            self.close_block()?;
        }
        let PartitionWriter {
            w,
            key,
            header,
            data_offset,
            blocks,
            block,
            count,
            ..
        } = self;
        w.spare_block = Some(block);
        w.end_partition(Ended {
            key,
            header,
            data_offset,
            blocks,
            count,
        })?;
        w.failed = false;
        Ok(())
    }
}
