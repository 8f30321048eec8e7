//! The engine's reads: one row (whole or bounded by its reply's room),
//! ranges of rows a page at a time, and the lock-free hints a front end
//! uses to choose a thread for a read. A child of `engine` so that it sees
//! the engine's internals; it must not write or change the lifecycle.

use super::{Engine, Inner};
use crate::model::{Bytes, CellView, ReadCommand, RowRange, RowResult};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::memtable::rows::InPlace;
use crate::storage::query::range::{scan_rows, KeyBounds};
use crate::storage::query::{
    count_row, each_live_in_place, newest_named, read_row_bounded, row_met, InPlaceEnd, ReadAt,
    RowHandle, RowStore,
};
use crate::storage::StorageError;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Rows a range read scans at a time (see [`Engine::read_range_while`]).
const RANGE_PAGE_ROWS: usize = 128;

impl Engine {
    /// Reads one row.
    pub fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, StorageError> {
        let row = self.read_bounded(cmd, key, usize::MAX)?;
        Ok(row.expect("no row is over an unlimited size"))
    }

    /// Whether one row's read of `cmd` met anything (`query::row_met`).
    pub fn read_met(&self, cmd: &ReadCommand, key: &[u8]) -> Result<bool, StorageError> {
        self.over_row(cmd, key, row_met)
    }

    /// Reads one row, stopping once its names and values come to more than
    /// `max_bytes` (`None` then): a row too big for its reply is refused
    /// without being read whole (see `query::read_row_bounded`).
    pub fn read_bounded(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
    ) -> Result<Option<RowResult>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let cf = cat.cf(&cmd.keyspace, &cmd.cf)?;
        crate::trace::event(|| format!("Executing single-partition query on {}", cmd.cf));
        crate::trace::event(|| "Acquiring sstable references".to_string());
        let stores = cf.stores()?;
        let dk = cat.schema.partitioner.decorate(key);
        inner.read_key_bounded(&cf.def(), &stores, cmd, &dk, max_bytes)
    }

    /// [`Engine::read_bounded`] with the row's columns shown to `each`, in
    /// order, rather than returned: in place, without a copy, where one
    /// store alone holds the row (its live memtable, or one SSTable) and
    /// can lend its cells; else copied out of the merge of its stores, as
    /// `read_bounded` reads it. For a Standard, non-counter CF only.
    /// `Some(true)` once all were shown, `Some(false)` when they came to
    /// more than `max_bytes` (`read_bounded`'s `None`). `None` when the
    /// read is not one of those (or a read in place declined, see
    /// `query::InPlaceEnd::Declined`): then whatever `each` saw must be
    /// discarded and the row read with `read_bounded`.
    pub fn read_in_place(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
        each: &mut dyn FnMut(CellView<'_>),
    ) -> Result<Option<bool>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let cf = cat.cf(&cmd.keyspace, &cmd.cf)?;
        let def = cf.def();
        // A traced read takes the general path, which notes its steps.
        if def.is_super() || def.is_counter() || cmd.super_column.is_some() || crate::trace::on() {
            return Ok(None);
        }
        let dk = cat.schema.partitioner.decorate(key);
        let at = inner.read_at();
        let shown = |end| match end {
            InPlaceEnd::Whole => Some(true),
            InPlaceEnd::OverBytes => Some(false),
            InPlaceEnd::Declined => None,
        };
        // The commonest case costs no list of stores and no handle.
        if let Some(mem) = cf.sole_memtable()? {
            return mem.with_row_in_place(&dk, |row| match row {
                InPlace::Absent => Ok(Some(true)),
                InPlace::Supers => Ok(None),
                InPlace::Cells(row) => {
                    each_live_in_place(&def, &cmd.slice, &row, at, max_bytes, each).map(shown)
                }
            });
        }
        let stores = cf.stores()?;
        let mut handles = Vec::with_capacity(stores.len());
        for s in &stores {
            if let Some(h) = s.open_row(&dk)? {
                handles.push(h);
            }
        }
        if let [only] = handles.as_slice() {
            if let Some(end) = only.each_in_place(&def, &cmd.slice, at, max_bytes, each)? {
                return Ok(shown(end));
            }
        }
        // Several stores hold the row (or its one store cannot lend it):
        // merged and copied, as `read_bounded` reads it.
        Ok(
            match read_row_bounded(&def, cmd, &handles, at, max_bytes)? {
                None => Some(false),
                Some(RowResult::Cells(cells)) => {
                    cells.iter().for_each(|c| each(CellView::from(c)));
                    Some(true)
                }
                Some(RowResult::SuperColumns(_)) => None,
            },
        )
    }

    /// How many columns [`Engine::read`] would answer for `cmd` (super
    /// columns, for a super CF read whole), counted as the row is merged:
    /// no column is held, however wide the row (`get_count`).
    pub fn count(&self, cmd: &ReadCommand, key: &[u8]) -> Result<usize, StorageError> {
        self.over_row(cmd, key, count_row)
    }

    /// Runs `walk` over one row's handles in every store of `cmd`'s column
    /// family (the merge the counting reads share).
    fn over_row<T>(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        walk: impl FnOnce(
            &CfDef,
            &ReadCommand,
            &[Box<dyn RowHandle + '_>],
            ReadAt,
        ) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let cf = cat.cf(&cmd.keyspace, &cmd.cf)?;
        let stores = cf.stores()?;
        let dk = cat.schema.partitioner.decorate(key);
        let mut handles = Vec::with_capacity(stores.len());
        for s in &stores {
            if let Some(h) = s.open_row(&dk)? {
                handles.push(h);
            }
        }
        walk(&cf.def(), cmd, &handles, inner.read_at())
    }

    /// Reads up to `max_rows` rows of a range in ring order, ghosts included.
    /// A token range whose start is not before its end wraps around the ring.
    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, StorageError> {
        self.read_range_while(cmd, range, max_rows, usize::MAX, &mut |_, _| true)
    }

    /// [`Engine::read_range`], asking `keep` about each row as it is read:
    /// the read stops (with the rows so far, that one included) once `keep`
    /// says no, so that a caller bounding what it holds need not wait for
    /// the whole range. A row whose names and values come to more than
    /// `max_row_bytes` is not read whole: `keep` sees `None` for it and the
    /// read stops there (without it).
    pub fn read_range_while(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
        max_row_bytes: usize,
        keep: &mut dyn FnMut(&[u8], Option<&RowResult>) -> bool,
    ) -> Result<Vec<(Bytes, RowResult)>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog_to_read()?;
        let cf = cat.cf(&cmd.keyspace, &cmd.cf)?;
        let def = cf.def();
        let stores = cf.stores()?;
        crate::trace::event(|| {
            let sstables = stores.iter().filter(|s| s.sstable().is_some()).count();
            format!(
                "Executing seq scan across {sstables} sstables for {}",
                cmd.cf
            )
        });
        let at = ReadAt {
            scan: true,
            ..inner.read_at()
        };
        let mut out = Vec::new();
        // A wrapping token range comes in two pieces, read one after the
        // other, each a page of rows at a time: a scan holds the rows it
        // found until they are read, and `keep` may stop the read.
        for mut bounds in KeyBounds::pieces(&cat.schema, range)? {
            loop {
                let want = (max_rows - out.len()).min(RANGE_PAGE_ROWS);
                if want == 0 {
                    break;
                }
                let mut scans = Vec::with_capacity(stores.len());
                for s in &stores {
                    scans.push(scan_rows(s.as_ref(), &bounds, want)?);
                }
                let keys: BTreeSet<DecoratedKey> =
                    scans.iter().flat_map(|s| s.rows.keys().cloned()).collect();
                let mut last = None;
                let mut read = 0;
                for dk in keys.into_iter().take(want) {
                    let mut handles = Vec::with_capacity(stores.len());
                    for (store, scan) in stores.iter().zip(scans.iter_mut()) {
                        handles.extend(scan.take(store.as_ref(), &dk)?);
                    }
                    let Some(row) = read_row_bounded(&def, cmd, &handles, at, max_row_bytes)?
                    else {
                        keep(&dk.key, None);
                        return Ok(out);
                    };
                    let more = keep(&dk.key, Some(&row));
                    out.push((dk.key.clone(), row));
                    if !more {
                        return Ok(out);
                    }
                    read += 1;
                    last = Some(dk);
                }
                // Fewer than a page: every store is done with this piece.
                match last {
                    Some(last) if read == want => bounds.after(last),
                    _ => break,
                }
            }
        }
        Ok(out)
    }
}

impl Inner {
    pub(crate) fn read_key(
        &self,
        def: &CfDef,
        stores: &[Arc<dyn RowStore>],
        cmd: &ReadCommand,
        dk: &DecoratedKey,
    ) -> Result<RowResult, StorageError> {
        let row = self.read_key_bounded(def, stores, cmd, dk, usize::MAX)?;
        Ok(row.expect("no row is over an unlimited size"))
    }

    /// The newest version of each of `names` in one row, deleted ones
    /// included while kept (`query::newest_named`).
    pub(crate) fn read_key_versions(
        &self,
        def: &CfDef,
        stores: &[Arc<dyn RowStore>],
        names: &[crate::model::Bytes],
        dk: &DecoratedKey,
    ) -> Result<Vec<crate::model::Cell>, StorageError> {
        let mut handles = Vec::with_capacity(stores.len());
        for s in stores {
            if let Some(h) = s.open_row(dk)? {
                handles.push(h);
            }
        }
        newest_named(def, names, &handles, self.opts.clock.now_seconds())
    }

    fn read_key_bounded(
        &self,
        def: &CfDef,
        stores: &[Arc<dyn RowStore>],
        cmd: &ReadCommand,
        dk: &DecoratedKey,
        max_bytes: usize,
    ) -> Result<Option<RowResult>, StorageError> {
        let mut handles = Vec::with_capacity(stores.len());
        let mut sstables = 0;
        crate::trace::event(|| "Merging memtable tombstones".to_string());
        for s in stores {
            if let Some(h) = s.open_row(dk)? {
                sstables += usize::from(s.sstable().is_some());
                handles.push(h);
            }
        }
        crate::trace::event(|| format!("Merging data from memtables and {sstables} sstables"));
        read_row_bounded(def, cmd, &handles, self.read_at(), max_bytes)
    }

    /// The server time and the release's range judging, for one read of
    /// one row.
    fn read_at(&self) -> ReadAt {
        ReadAt {
            now: self.opts.clock.now_seconds(),
            judging: self.opts.range_judging,
            scan: false,
        }
    }
}
