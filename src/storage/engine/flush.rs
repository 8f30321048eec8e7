//! Flushing: writing frozen memtables to SSTables, then releasing the commit
//! log segments no memtable needs any more.
//!
//! Each SSTable records the commit-log position at which its memtable was
//! switched out (`SsMeta::covers_until`); flushes of one CF complete in
//! order, so a restart replays only what no SSTable holds.
//!
//! It must not block writers for long: the write gate is closed only for
//! the switch itself (so the position is exact), the state lock only to
//! switch and to swap, and a frozen memtable is read while its SSTable is
//! written.
//!
//! A flush that fails (the disk is full, no file can be opened) loses
//! nothing: the frozen memtable stays readable in the CF's `flushing` list
//! and its records stay in the commit log, the half-written SSTable is
//! deleted, and [`Inner::flush_pending`] writes it later (the background
//! flush thread retries) without switching the live memtable again.
//!
//! Once flushed memtables are dropped, their pages are handed back to the
//! operating system (`release_freed_memory`), so what a flush keeps is
//! what the live data needs, not the high-water mark of the old memtable.

use super::{Engine, Inner};
use crate::schema::CfDef;
use crate::storage::codec::{put_cell_entry, put_header, put_super_entry};
use crate::storage::commitlog::Position;
use crate::storage::layout::{keyspace_dir, sstable_name};
use crate::storage::memtable::rows::FlushEntry;
use crate::storage::memtable::Memtable;
use crate::storage::query::FlushedReads;
use crate::storage::sstable::{SSTableOptions, SSTableWriter};
use crate::storage::store::sstable_store::{SsMeta, SsTable};
use crate::storage::store::CfStore;
use crate::storage::StorageError;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Engine {
    /// What a release's flush of every column family left for its reads,
    /// without a disk: each live memtable that holds anything is kept in
    /// memory as an SSTable (see `CfStore::keep_memtable`). With a disk it
    /// does nothing: SSTables are written when the engine's own bounds
    /// say, as before.
    pub fn keep_flushed(&self, reads: FlushedReads) -> Result<(), StorageError> {
        self.keep_flushed_where(reads, &|_| true)
    }

    /// [`Engine::keep_flushed`] of the column families `which` names only
    /// (a release flushed only those its commit log held).
    pub fn keep_flushed_where(
        &self,
        reads: FlushedReads,
        which: &dyn Fn(&CfDef) -> bool,
    ) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        if inner.disk.is_some() {
            return Ok(());
        }
        let cat = inner.catalog();
        cat.cfs
            .values()
            .filter(|cf| which(&cf.def()))
            .for_each(|cf| cf.keep_memtable(reads));
        Ok(())
    }
}

impl Inner {
    /// Switches this CF's memtable and writes every frozen memtable, oldest
    /// first (so a failed flush is retried by the next). Returns once all
    /// memtables frozen so far are in SSTables.
    pub(crate) fn flush_cf(&self, cf: &CfStore) -> Result<(), StorageError> {
        let Some(disk) = &self.disk else {
            return Ok(());
        };
        if cf.is_dropped() {
            return Ok(());
        }
        // Flushes of one CF run one at a time, so each SSTable's
        // `covers_until` also covers every older memtable.
        let _in_order = cf.flushing_lock.lock();
        {
            // No write is between its log append and its memtable apply
            // while the gate is closed: records before the position are all
            // in the memtable being frozen or older ones, later ones in the
            // new memtable.
            let _gate = self.catalog.write();
            cf.switch_memtable(disk.log.current_position());
        }
        self.write_frozen(cf)
    }

    /// Writes the memtables an earlier flush of this CF froze but could not
    /// write (see the module comment); the live one stays as it is. Does
    /// nothing (false) while another flush of the CF runs: that one writes
    /// them.
    pub(crate) fn flush_pending(&self, cf: &CfStore) -> Result<bool, StorageError> {
        if self.disk.is_none() || cf.is_dropped() {
            return Ok(false);
        }
        let Some(_in_order) = cf.flushing_lock.try_lock() else {
            return Ok(false);
        };
        self.write_frozen(cf).map(|()| true)
    }

    /// Writes every frozen memtable of `cf`, oldest first, then discards the
    /// commit log no memtable needs. Caller holds `cf.flushing_lock`.
    fn write_frozen(&self, cf: &CfStore) -> Result<(), StorageError> {
        loop {
            let Some(mem) = cf.state.read().flushing.last().cloned() else {
                break;
            };
            let table = self.write_memtable(&cf.def(), &mem)?;
            let mut st = cf.state.write();
            // Gone when the CF was truncated or dropped meanwhile: then the
            // new SSTable holds discarded data.
            let kept = st.flushing.iter().any(|m| Arc::ptr_eq(m, &mem));
            st.flushing.retain(|m| !Arc::ptr_eq(m, &mem));
            if kept {
                st.sstables.extend(table.map(Arc::new));
            } else {
                drop(st);
                if let Some(t) = table {
                    discard_sstable(&t);
                }
            }
        }
        release_freed_memory();
        self.discard_log();
        Ok(())
    }

    /// Writes a frozen memtable; None when it holds no rows.
    fn write_memtable(
        &self,
        def: &Arc<CfDef>,
        mem: &Memtable,
    ) -> Result<Option<SsTable>, StorageError> {
        let rows = mem.frozen_rows();
        if rows.is_empty() {
            return Ok(None);
        }
        let mut w = self.create_writer(def, rows.len())?;
        let meta = SsMeta {
            covers_until: mem.frozen_at().unwrap_or_default(),
            ancestors: Vec::new(),
            cf_id: Some(def.id),
        };
        w.set_user_meta(meta.encode());
        // One buffer each for the rows' headers and the entries' payloads.
        let (mut header, mut payload) = (Vec::new(), Vec::new());
        let res: Result<(), StorageError> = (|| {
            for row in rows.iter(def) {
                header.clear();
                put_header(&mut header, &row.deletion, &row.ranges);
                let mut p = w.partition(&row.key, &header)?;
                for e in row.entries {
                    payload.clear();
                    match &e {
                        FlushEntry::Cell(c) => put_cell_entry(&mut payload, *c),
                        FlushEntry::Super(s) => put_super_entry(&mut payload, s),
                    }
                    p.entry(e.name(), &payload)?;
                }
                p.finish()?;
            }
            Ok(())
        })();
        match res {
            Ok(()) => Ok(Some(SsTable::new(w.finish()?, def.clone())?)),
            Err(e) => {
                w.abort();
                Err(e)
            }
        }
    }

    /// A writer for a new SSTable of `def`, named with the next generation.
    pub(crate) fn create_writer(
        &self,
        def: &CfDef,
        expected: usize,
    ) -> Result<SSTableWriter, StorageError> {
        let disk = self.disk.as_ref().ok_or(StorageError::Closed)?;
        let generation = disk.generation.fetch_add(1, Ordering::SeqCst);
        let opts = SSTableOptions {
            column_index_size: (self.opts.column_index_size_kb.max(1) * 1024) as usize,
            index_interval: self.opts.index_interval.max(1),
            ..SSTableOptions::default()
        };
        let partitioner = self.catalog().schema.partitioner.clone();
        let dir = keyspace_dir(&disk.data_dir, &def.keyspace);
        std::fs::create_dir_all(&dir).map_err(|e| StorageError::io(&dir, e))?;
        let w = SSTableWriter::create(
            &dir,
            &sstable_name(&def.name, generation),
            &partitioner,
            expected,
            opts,
        )?;
        Ok(w)
    }

    /// Discards the commit log before the oldest record some memtable (or an
    /// in-flight write) still needs. Reads the log end first, then in-flight
    /// writes, then memtables, so no record slips between the three looks.
    /// A failure is only logged: the segments stay listed and the next
    /// discard retries, and replaying them again is harmless (SSTables
    /// record how far they cover the log).
    pub(crate) fn discard_log(&self) {
        let Some(disk) = &self.disk else {
            return;
        };
        let _one_at_a_time = disk.discard_lock.lock();
        let mut floor = disk.log.current_position();
        if let Some((p, _)) = disk.inflight.lock().first_key_value() {
            floor = floor.min(*p);
        }
        for cf in self.catalog().cfs.values() {
            let st = cf.state.read();
            for m in std::iter::once(&st.live).chain(st.flushing.iter()) {
                if let Some((segment, offset)) = m.min_position() {
                    floor = floor.min(Position { segment, offset });
                }
            }
        }
        if let Err(e) = disk.log.discard_before(floor) {
            tracing::warn!("could not delete commit log segments before {floor} (retried at the next flush): {e}");
        }
    }

    /// True when the live memtable is due for a flush by size, operations or age.
    pub(crate) fn needs_flush(&self, cf: &CfStore) -> bool {
        let st = cf.state.read();
        let m = &st.live;
        let o = &self.opts;
        if m.is_empty() {
            return false;
        }
        (o.memtable_throughput_mb > 0
            && m.approx_bytes() >= o.memtable_throughput_mb.saturating_mul(1 << 20))
            || (o.memtable_operations_millions > 0.0
                && (m.operations() as f64) >= o.memtable_operations_millions * 1e6)
            || (o.memtable_flush_after_minutes > 0
                && m.age().as_secs() >= o.memtable_flush_after_minutes * 60)
    }
}

impl Inner {
    /// The CF whose live memtable is the largest, when every memtable
    /// together (live and frozen, of every CF) holds at least
    /// `memtable_total_space_mb`; flushing it is how Cassandra 1.0 to 1.2
    /// kept memtables within `memtable_total_space_in_mb`.
    pub(crate) fn over_total_space(&self) -> Option<Arc<CfStore>> {
        let limit = self.opts.memtable_total_space_mb.saturating_mul(1 << 20);
        if limit == 0 {
            return None;
        }
        let mut total = 0u64;
        let mut largest: Option<(u64, &Arc<CfStore>)> = None;
        let cat = self.catalog();
        for cf in cat.cfs.values() {
            let st = cf.state.read();
            let live = st.live.approx_bytes();
            total += live + st.flushing.iter().map(|m| m.approx_bytes()).sum::<u64>();
            if live > 0 && largest.is_none_or(|(b, _)| live > b) {
                largest = Some((live, cf));
            }
        }
        largest.filter(|_| total >= limit).map(|(_, cf)| cf.clone())
    }
}

/// Deletes the files of an SSTable nobody uses any more (its CF was
/// truncated or dropped, or it was compacted away); a failure is only logged:
/// recovery ignores or removes what is left.
pub(crate) fn discard_sstable(t: &SsTable) {
    if let Err(e) = t.reader.delete_files() {
        tracing::warn!("could not delete SSTable {}: {e}", t.reader.name());
    }
}

/// Returns the free pages of every malloc arena to the operating system.
/// glibc keeps what a dropped memtable freed in the arenas of the threads
/// that allocated it (each request thread has its own) and gives back only
/// the top of the main heap on its own: measured, a server that had flushed
/// 900,000 of its 1,000,000 columns stayed at 245 MB resident without this.
/// Trimming walks the arenas once per flush, which is rare and cheap next
/// to writing the SSTable.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn release_freed_memory() {
    extern "C" {
        fn malloc_trim(pad: usize) -> std::os::raw::c_int;
    }
    // SAFETY: malloc_trim takes no pointer from us and works on glibc's
    // own arenas under their locks; it is safe to call from any thread.
    unsafe {
        malloc_trim(0);
    }
}

/// Other allocators (musl, other systems) return memory their own way.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_freed_memory() {}
