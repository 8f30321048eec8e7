//! One column family's SSTable as a [`RowStore`]: decodes partition headers
//! and entries with the engine codec, reads the engine's metadata, and maps
//! SSTable errors to engine errors that name the file. File names are
//! `layout`'s.
//!
//! It must not decide when SSTables are written or merged (flush, compaction).

use crate::marshal::TypeRef;
use crate::model::{Bytes, CellView, DeletionTime, Slice as SliceSpec};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::codec::{
    decode_entry, decode_header, decode_meta, encode_meta, entry_view, CodecError,
};
use crate::storage::commitlog::Position;
use crate::storage::layout::parse_sstable_name;
use crate::storage::query::{
    each_live_in_place, EntrySource, InPlaceEnd, InPlaceRow, ReadAt, RowHandle, RowStore,
};
use crate::storage::row::range_tombstones::RangeTombstones;
use crate::storage::row::{CKey, Entry};
use crate::storage::sstable::{Component, PartitionReader, SSTableError, SSTableReader, Slice};
use crate::storage::StorageError;
use std::ops::Bound;
use std::path::PathBuf;
use std::sync::Arc;

/// An open SSTable of one CF, with its place in the file naming scheme.
pub struct SsTable {
    pub reader: SSTableReader,
    pub cf: Arc<CfDef>,
    pub generation: u64,
    pub meta: SsMeta,
}

/// The engine's metadata of an SSTable (kept in its Statistics), which
/// lets a restart merge every version of the data exactly once (counters
/// add up, so a version seen twice would count twice).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SsMeta {
    /// Every commit-log record of this CF before this position is in this
    /// SSTable or an older one (flushes of a CF complete in order).
    pub covers_until: Position,
    /// Generations of the SSTables compacted into this one: if any is still
    /// on disk after a crash, it is deleted, not read again.
    pub ancestors: Vec<u64>,
    /// The id of the column family it was written for: files are found by
    /// the CF's name, and a CF dropped and created again under the same
    /// name has a new id, so a file of the old one is never read as the new
    /// one's. `None` only in SSTables written before ids were recorded.
    pub cf_id: Option<u32>,
}

impl SsMeta {
    pub fn encode(&self) -> Vec<u8> {
        encode_meta(
            (self.covers_until.segment, self.covers_until.offset),
            &self.ancestors,
            self.cf_id,
        )
    }

    /// Decodes the metadata bytes of an SSTable's Statistics.
    pub fn decode(bytes: &[u8]) -> Result<SsMeta, CodecError> {
        let ((segment, offset), ancestors, cf_id) = decode_meta(bytes)?;
        Ok(SsMeta {
            covers_until: Position { segment, offset },
            ancestors,
            cf_id,
        })
    }
}

impl SsTable {
    /// Wraps an opened reader named by `layout::sstable_name`, reading its metadata.
    pub fn new(reader: SSTableReader, cf: Arc<CfDef>) -> Result<SsTable, StorageError> {
        let generation = parse_sstable_name(reader.name()).map_or(0, |(_, g)| g);
        let meta = SsMeta::decode(reader.user_meta()).map_err(|e| StorageError::Corrupt {
            file: reader
                .dir()
                .join(Component::Statistics.file_name(reader.name())),
            detail: e.0,
        })?;
        Ok(SsTable {
            reader,
            cf,
            generation,
            meta,
        })
    }

    pub fn data_path(&self) -> PathBuf {
        self.reader
            .dir()
            .join(Component::Data.file_name(self.reader.name()))
    }

    fn corrupt(&self, e: CodecError) -> StorageError {
        StorageError::Corrupt {
            file: self.data_path(),
            detail: e.0,
        }
    }

    pub fn decode_header(
        &self,
        bytes: &[u8],
    ) -> Result<(DeletionTime, RangeTombstones), StorageError> {
        decode_header(bytes).map_err(|e| self.corrupt(e))
    }

    pub fn decode_entry(&self, name: &[u8], payload: &[u8]) -> Result<Entry, StorageError> {
        decode_entry(&self.cf, name, payload).map_err(|e| self.corrupt(e))
    }
}

/// Engine errors from SSTable errors: damage stays `Corrupt` naming the file.
impl From<SSTableError> for StorageError {
    fn from(e: SSTableError) -> Self {
        match e {
            SSTableError::Io { file, source } => StorageError::io(file, source),
            SSTableError::Corrupt {
                file,
                offset,
                reason,
            } => StorageError::Corrupt {
                file,
                detail: format!("at offset {offset}: {reason}"),
            },
            SSTableError::UnsupportedVersion { file, .. }
            | SSTableError::PartitionerMismatch { file, .. } => {
                let detail = e_string(&file);
                StorageError::Corrupt { file, detail }
            }
            other => StorageError::Invalid(other.to_string()),
        }
    }
}

fn e_string(file: &std::path::Path) -> String {
    format!(
        "{} cannot be read by this node (format version or partitioner differs)",
        file.display()
    )
}

impl RowStore for SsTable {
    fn sstable(&self) -> Option<u64> {
        Some(self.generation)
    }

    fn open_row<'a>(
        &'a self,
        key: &DecoratedKey,
    ) -> Result<Option<Box<dyn RowHandle + 'a>>, StorageError> {
        let generation = self.generation;
        if !self.reader.might_contain(key) {
            crate::trace::event(|| format!("Bloom filter allows skipping sstable {generation}"));
            return Ok(None);
        }
        let Some(part) = self.reader.get(key)? else {
            crate::trace::event(|| {
                format!("Partition index of sstable {generation} has no entry for the key")
            });
            return Ok(None);
        };
        crate::trace::event(|| {
            format!("Seeking to partition beginning in data file of sstable {generation}")
        });
        let (deletion, ranges) = self.decode_header(part.header())?;
        Ok(Some(Box::new(SsRow {
            table: self,
            part,
            deletion,
            ranges,
        })))
    }

    fn rows_from<'a>(
        &'a self,
        from: &Bound<DecoratedKey>,
        limit: usize,
    ) -> Result<Vec<(DecoratedKey, Box<dyn RowHandle + 'a>)>, StorageError> {
        let mut out = Vec::new();
        for p in self.reader.scan_partitions(from.clone()).take(limit) {
            let part = p?;
            let (deletion, ranges) = self.decode_header(part.header())?;
            let key = part.key().clone();
            let h: Box<dyn RowHandle + 'a> = Box::new(SsRow {
                table: self,
                part,
                deletion,
                ranges,
            });
            out.push((key, h));
        }
        Ok(out)
    }
}

struct SsRow<'a> {
    table: &'a SsTable,
    part: PartitionReader,
    deletion: DeletionTime,
    ranges: RangeTombstones,
}

impl RowHandle for SsRow<'_> {
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
        _wanted: usize,
    ) -> Result<Box<dyn EntrySource + 'b>, StorageError> {
        let it = self
            .part
            .slice(self.table.cf.comparator.as_ref(), start, finish, reversed);
        Ok(Box::new(SsIter {
            table: self.table,
            it,
        }))
    }

    fn named(&self, names: &[Bytes]) -> Result<Vec<Entry>, StorageError> {
        let cmp = &self.table.cf.comparator;
        let mut wanted: Vec<CKey> = names.iter().map(|n| CKey::new(n.clone(), cmp)).collect();
        wanted.sort();
        wanted.dedup();
        let names: Vec<Bytes> = wanted.into_iter().map(|k| k.name).collect();
        let mut out = Vec::new();
        for (name, payload) in self.part.names(cmp.as_ref(), &names)? {
            out.push(self.table.decode_entry(&name, &payload)?);
        }
        out.sort_by(|a, b| cmp.compare(a.name(), b.name()));
        Ok(out)
    }

    fn each_in_place(
        &self,
        cf: &CfDef,
        slice: &SliceSpec,
        at: ReadAt,
        max_bytes: usize,
        each: &mut dyn FnMut(CellView<'_>),
    ) -> Result<Option<InPlaceEnd>, StorageError> {
        each_live_in_place(cf, slice, self, at, max_bytes, each).map(Some)
    }
}

/// What lending one entry as a cell came to.
enum Lent {
    /// Shown; the read goes on when true.
    Shown(bool),
    /// Not a plain cell (a super column's, a counter's): the read declines.
    NotACell,
}

impl SsRow<'_> {
    /// Lends the entry `(name, payload)` to `each` as a cell.
    fn lend(
        name: &[u8],
        payload: &[u8],
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<Lent, CodecError> {
        Ok(match entry_view(name, payload)? {
            Some(c) => Lent::Shown(each(c)),
            None => Lent::NotACell,
        })
    }
}

/// A row read in place from this SSTable alone: each entry decoded as a
/// cell borrowed from the block its walk holds.
impl InPlaceRow for SsRow<'_> {
    fn deletion(&self) -> DeletionTime {
        self.deletion
    }

    fn ranges(&self) -> Option<&RangeTombstones> {
        Some(&self.ranges).filter(|r| !r.is_empty())
    }

    fn slice(
        &self,
        cmp: &TypeRef,
        (start, finish): (&[u8], &[u8]),
        reversed: bool,
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError> {
        let mut it = self.part.slice(cmp.as_ref(), start, finish, reversed);
        loop {
            let lent = it.next_with(|name, payload| Self::lend(name, payload, each));
            match lent {
                None | Some(Ok(Ok(Lent::Shown(false)))) => return Ok(true),
                Some(Ok(Ok(Lent::Shown(true)))) => {}
                Some(Ok(Ok(Lent::NotACell))) => return Ok(false),
                Some(Ok(Err(e))) => return Err(self.table.corrupt(e)),
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }

    fn named(
        &self,
        cmp: &TypeRef,
        names: &[&[u8]],
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError> {
        let mut end = Ok(Lent::Shown(true));
        self.part
            .each_named(cmp.as_ref(), names, &mut |name, payload| {
                end = Self::lend(name, payload, each);
                matches!(end, Ok(Lent::Shown(true)))
            })?;
        match end {
            Ok(lent) => Ok(matches!(lent, Lent::Shown(_))),
            Err(e) => Err(self.table.corrupt(e)),
        }
    }
}

struct SsIter<'a> {
    table: &'a SsTable,
    it: Slice<'a>,
}

impl EntrySource for SsIter<'_> {
    fn next_entry(&mut self) -> Result<Option<Entry>, StorageError> {
        let table = self.table;
        match self
            .it
            .next_with(|name, payload| table.decode_entry(name, payload))
        {
            None => Ok(None),
            Some(Err(e)) => Err(e.into()),
            Some(Ok(entry)) => Ok(Some(entry?)),
        }
    }
}
