//! The engine's stored-partition view (see `storage::stored_view`): one
//! partition with every cell and marker, and the sizes of partitions in
//! ring order, a page of rows at a time. A child of `engine` so that it
//! sees the catalog; it must not write, filter or purge.

use super::Engine;
use crate::marshal::TypeRef;
use crate::partitioner::DecoratedKey;
use crate::storage::query::RowHandle;
use crate::storage::stored_view::{
    each_stored, row_markers, weigh, PartitionSize, StoredItem, StoredPartition,
};
use crate::storage::StorageError;
use std::collections::BTreeSet;
use std::ops::Bound;

/// Rows each store is asked for at a time by [`Engine::partition_sizes`].
const SCAN_PAGE_ROWS: usize = 256;

/// What [`Engine::with_partition`] runs on one partition's stored copies:
/// the CF's comparator, the decorated key, the copies, and now in seconds.
type PartitionFn<'f, T> = dyn FnMut(&TypeRef, &DecoratedKey, &[Box<dyn RowHandle + '_>], i32) -> Result<T, StorageError>
    + 'f;

impl Engine {
    /// One partition as stored, with at most `max_items` top-level items
    /// from the name `from` on (empty: the start; `truncated` says whether
    /// there were more); `None` when no store knows the key.
    pub fn stored_partition(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        from: &[u8],
        max_items: usize,
    ) -> Result<Option<StoredPartition>, StorageError> {
        self.with_partition(keyspace, cf, key, &mut |cmp, dk, handles, now| {
            stored(cmp, dk, key, handles, now, from, max_items)
        })
    }

    /// The partition as each store holds it, one copy per store that
    /// knows the key, each said to be a memtable an emulated flush kept
    /// (an SSTable of the release's) or not: a release's reads met the
    /// deletions of a memtable and of an SSTable differently.
    pub fn partition_copies(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
    ) -> Result<Vec<(bool, StoredPartition)>, StorageError> {
        let copies = self.with_partition(keyspace, cf, key, &mut |cmp, dk, handles, now| {
            handles
                .iter()
                .map(|h| {
                    let one = std::slice::from_ref(h);
                    let p = stored(cmp, dk, key, one, now, b"", usize::MAX)?;
                    Ok((h.kept().is_some(), p))
                })
                .collect()
        })?;
        Ok(copies.unwrap_or_default())
    }

    /// The size of one partition, counted as it is read (nothing of it is
    /// held); `None` when no store knows the key.
    pub fn partition_size(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
    ) -> Result<Option<PartitionSize>, StorageError> {
        self.with_partition(keyspace, cf, key, &mut |cmp, dk, handles, now| {
            let refs: Vec<&(dyn RowHandle + '_)> = handles.iter().map(|h| h.as_ref()).collect();
            size_of(cmp, dk, &refs, now)
        })
    }

    /// Runs `f` on every store's copy of one partition (with the CF's
    /// comparator, the decorated key and the clock's now); `None` when no
    /// store knows the key.
    fn with_partition<T>(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut PartitionFn<'_, T>,
    ) -> Result<Option<T>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let store = cat.cf(keyspace, cf)?;
        let def = store.def();
        let dk = cat.schema.partitioner.decorate(key);
        let stores = store.stores()?;
        let mut handles: Vec<Box<dyn RowHandle + '_>> = Vec::with_capacity(stores.len());
        for s in &stores {
            if let Some(h) = s.open_row(&dk)? {
                handles.push(h);
            }
        }
        if handles.is_empty() {
            return Ok(None);
        }
        let now = inner.opts.clock.now_seconds();
        f(&def.comparator, &dk, &handles, now).map(Some)
    }

    /// The sizes of the partitions after `after` (the start of the ring
    /// when `None`) in ring order, each handed to `each` until it says stop.
    /// Every cell of every partition visited is read (and dropped at once):
    /// the cost is that of reading those partitions, the memory that of one
    /// page of row handles.
    pub fn partition_sizes(
        &self,
        keyspace: &str,
        cf: &str,
        after: Option<&[u8]>,
        each: &mut dyn FnMut(PartitionSize) -> bool,
    ) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let store = cat.cf(keyspace, cf)?;
        let def = store.def();
        let stores = store.stores()?;
        let now = inner.opts.clock.now_seconds();
        let mut from: Bound<DecoratedKey> = match after {
            Some(k) => Bound::Excluded(cat.schema.partitioner.decorate(k)),
            None => Bound::Unbounded,
        };
        loop {
            let mut scans = Vec::with_capacity(stores.len());
            for s in &stores {
                scans.push(s.rows_from(&from, SCAN_PAGE_ROWS)?);
            }
            // Only keys up to the smallest last key of a full page are
            // certainly complete in every store.
            let horizon: Option<DecoratedKey> = scans
                .iter()
                .filter(|rows| rows.len() == SCAN_PAGE_ROWS)
                .filter_map(|rows| rows.last().map(|(k, _)| k.clone()))
                .min();
            let keys: BTreeSet<DecoratedKey> = scans
                .iter()
                .flat_map(|rows| rows.iter().map(|(k, _)| k.clone()))
                .filter(|k| horizon.as_ref().is_none_or(|h| k <= h))
                .collect();
            if keys.is_empty() {
                return Ok(());
            }
            let mut last = None;
            for dk in keys {
                let handles: Vec<&(dyn RowHandle + '_)> = scans
                    .iter()
                    .filter_map(|rows| {
                        rows.binary_search_by(|(k, _)| k.cmp(&dk))
                            .ok()
                            .map(|i| rows[i].1.as_ref())
                    })
                    .collect();
                let size = size_of(&def.comparator, &dk, &handles, now)?;
                if !each(size) {
                    return Ok(());
                }
                last = Some(dk);
            }
            if horizon.is_none() {
                return Ok(());
            }
            from = Bound::Excluded(last.expect("keys were not empty"));
        }
    }
}

/// Counts one partition's cells and bytes from its sources.
fn size_of(
    cmp: &crate::marshal::TypeRef,
    dk: &DecoratedKey,
    handles: &[&(dyn RowHandle + '_)],
    now: i32,
) -> Result<PartitionSize, StorageError> {
    // `each_stored` takes owned boxes; borrow them through a thin wrapper.
    let owned: Vec<Box<dyn RowHandle + '_>> = handles
        .iter()
        .map(|h| Box::new(Borrowed(*h)) as Box<dyn RowHandle + '_>)
        .collect();
    let (deletion, ranges) = row_markers(&owned);
    let mut cells = u64::from(!deletion.is_live()) + ranges.len() as u64;
    let mut bytes = dk.key.len() as u64
        + ranges
            .iter()
            .map(|r| (r.start.len() + r.end.len()) as u64)
            .sum::<u64>();
    each_stored(cmp, &owned, now, &[], &mut |item: StoredItem| {
        weigh(&item, &mut cells, &mut bytes);
        true
    })?;
    Ok(PartitionSize {
        key: dk.key.clone(),
        token: dk.token.clone(),
        cells,
        bytes,
        partial: false,
    })
}

/// A borrowed row handle, usable where an owned box is wanted.
struct Borrowed<'a>(&'a (dyn RowHandle + 'a));

impl RowHandle for Borrowed<'_> {
    fn deletion(&self) -> crate::model::DeletionTime {
        self.0.deletion()
    }
    fn ranges(&self) -> crate::storage::row::range_tombstones::RangeTombstones {
        self.0.ranges()
    }
    fn slice<'b>(
        &'b self,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
        wanted: usize,
    ) -> Result<Box<dyn crate::storage::query::EntrySource + 'b>, StorageError> {
        self.0.slice(start, finish, reversed, wanted)
    }
    fn named(
        &self,
        names: &[crate::model::Bytes],
    ) -> Result<Vec<crate::storage::row::Entry>, StorageError> {
        self.0.named(names)
    }
}

/// One partition as `handles` hold it: its markers, and at most
/// `max_items` top-level items from the name `from` on.
fn stored(
    cmp: &TypeRef,
    dk: &DecoratedKey,
    key: &[u8],
    handles: &[Box<dyn RowHandle + '_>],
    now: i32,
    from: &[u8],
    max_items: usize,
) -> Result<StoredPartition, StorageError> {
    let (deletion, range_tombstones) = row_markers(handles);
    let mut items = Vec::new();
    let mut truncated = false;
    each_stored(cmp, handles, now, from, &mut |item| {
        if items.len() >= max_items {
            truncated = true;
            return false;
        }
        items.push(item);
        true
    })?;
    Ok(StoredPartition {
        key: key.to_vec(),
        token: dk.token.clone(),
        deletion,
        range_tombstones,
        items,
        truncated,
    })
}
