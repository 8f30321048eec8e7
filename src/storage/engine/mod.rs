//! The engine: routes mutations to the commit log and memtables, reads to
//! every store of a column family, and owns the lifecycle (open, background
//! flush and compaction threads, shutdown).
//!
//! It must not reconcile or slice data itself (that is `query` and `row`),
//! nor know file formats (`codec`, `sstable`, `commitlog`).
//!
//! The folder is every `impl Engine`, one file per concern: writes
//! (`write`), reads (`read`), secondary-index reads and builds (`indexed`,
//! over `index`'s structure), the stored-partition view (`stored_view`),
//! the background threads (`background`) and what they run (`flush`,
//! `compaction`), schema changes and truncation (`schema_change`), and
//! operator snapshots (`snapshot`); the schema snapshot with its stores is
//! `store::catalog`. The engine's tests are `tests/`, a file per behaviour
//! (reads, indexed reads, counters, range tombstones, files, failures).

use super::commitlog::{CommitLog, Position, Records};
use super::options::EngineOptions;
use super::packed_batch::PackedBatch;
use super::recovery::recover;
use super::row::validate_op;
use super::StorageError;
use crate::model::RowMutation;
use crate::partitioner::DecoratedKey;
use crate::schema::Schema;
use crate::storage::recovery::replay;
use crate::storage::recovery::startup_log;
use crate::storage::store::catalog::{Catalog, CfMap};
use crate::storage::store::{CfStats, CfStore};
use parking_lot::{Condvar, Mutex, RwLock};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

mod background;
mod compaction;
mod flush;
mod indexed;
mod kept_compaction;
mod read;
mod schema_change;
mod snapshot;
mod stored_view;
mod write;

#[cfg(test)]
mod tests;

use background::Job;
pub use snapshot::{SnapshotEntry, SNAPSHOTS_DIR};
use write::Writes;

/// The storage engine. `Send + Sync`; every call blocks.
pub struct Engine {
    pub(crate) inner: Arc<Inner>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

/// State shared with the background threads.
pub(crate) struct Inner {
    /// The schema snapshot and its stores. Also the write gate: a write
    /// holds the read lock from validation through commit-log append and
    /// memtable apply, so a schema change or a truncation (write lock) sees
    /// every write either wholly before it or wholly after it.
    pub catalog: RwLock<Arc<Catalog>>,
    pub opts: EngineOptions,
    pub disk: Option<Disk>,
    pub(crate) closed: AtomicBool,
    stop: AtomicBool,
    /// Wakes the background threads (a memtable is full, or stop).
    wake: (Mutex<()>, Condvar),
    /// Compactions done since start (for metrics).
    pub compactions: super::stats::CompactionCounts,
    /// Data requests served since start (writes and index reads): the
    /// clock of index builds (`IndexBuilds::Later`).
    pub(crate) requests: std::sync::atomic::AtomicU64,
}

/// What only an engine with files has.
pub(crate) struct Disk {
    /// Keyspace directories of SSTables and truncation markers (`layout`).
    pub data_dir: PathBuf,
    pub log: CommitLog,
    pub generation: AtomicU64,
    /// Lower bounds of the log positions of writes between append and
    /// memtable apply (a multiset), so a flush never discards them.
    pub inflight: Mutex<BTreeMap<Position, usize>>,
    pub discard_lock: Mutex<()>,
}

impl Engine {
    /// Opens the engine: on disk, removes leftovers of interrupted writes,
    /// opens the SSTables and replays the commit log into memtables.
    pub fn open(schema: Arc<Schema>, opts: EngineOptions) -> Result<Engine, StorageError> {
        let started = Instant::now();
        let mut recovered = match &opts.data_dir {
            Some(dir) => Some(recover(&schema, dir, &opts)?),
            None => None,
        };
        let recovered_in = started.elapsed();
        let mut cfs = CfMap::default();
        let mut opened = Vec::new();
        for ks in schema.keyspaces.values() {
            for cf in ks.cfs.values() {
                let tables = recovered
                    .as_mut()
                    .and_then(|r| r.sstables.remove(&cf.id))
                    .unwrap_or_default();
                opened.push(startup_log::CfTables {
                    keyspace: ks.name.clone(),
                    cf: cf.name.clone(),
                    count: tables.len(),
                    bytes: tables.iter().map(|t| t.reader.on_disk_size()).sum(),
                });
                cfs.insert(
                    (ks.name.clone(), cf.name.clone()),
                    Arc::new(CfStore::new(cf.clone(), tables, opts.ties)),
                );
            }
        }
        let replayed_around_damage = recovered.as_ref().is_some_and(|r| r.replayed_around_damage);
        if let Some(r) = &recovered {
            // Recovery opens the SSTables, then reads the commit log.
            startup_log::log_sstables(opened, recovered_in.saturating_sub(r.stats.log_read_in));
        }
        let stats = recovered.as_ref().map(|r| r.stats.clone());
        let (disk, replay) = match recovered {
            Some(r) => (
                Some(Disk {
                    data_dir: r.data_dir,
                    log: r.log,
                    generation: AtomicU64::new(r.next_generation),
                    inflight: Mutex::new(BTreeMap::new()),
                    discard_lock: Mutex::new(()),
                }),
                Some(r.replay),
            ),
            None => (None, None),
        };
        let inner = Arc::new(Inner {
            catalog: RwLock::new(Arc::new(Catalog { schema, cfs })),
            opts,
            disk,
            closed: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            wake: (Mutex::new(()), Condvar::new()),
            compactions: Default::default(),
            requests: Default::default(),
        });
        if let (Some(pending), Some(stats)) = (&replay, &stats) {
            let outcome = replay::replay(&inner.catalog(), pending);
            startup_log::log_replay(stats, &outcome);
        }
        // The segments' bytes are not needed any more.
        drop(replay);
        for store in inner.catalog().cfs.values() {
            if let Some(ix) = store.index() {
                inner.build_index(store, &ix)?;
            }
        }
        if replayed_around_damage {
            // Write what was replayed to SSTables now, so the damaged
            // segments are deleted and the next start needs no override.
            let flushed = inner
                .catalog()
                .cfs
                .values()
                .try_for_each(|cf| inner.flush_cf(cf));
            match flushed {
                Ok(()) => tracing::info!(
                    "flushed the records replayed around commit log damage; the damaged segments are deleted"
                ),
                Err(e) => tracing::warn!(
                    "could not flush the records replayed around commit log damage ({e}); the damaged segments stay until a later flush, and a restart before then needs the override again"
                ),
            }
        }
        let mut threads = Vec::new();
        if inner.disk.is_some() {
            for (name, job) in [("flush", Job::Flush), ("compaction", Job::Compact)] {
                let i = inner.clone();
                let t = std::thread::Builder::new()
                    .name(format!("storage-{name}"))
                    .spawn(move || i.background(job))
                    .map_err(|source| StorageError::io("<thread>", source))?;
                threads.push(t);
            }
        }
        Ok(Engine {
            inner,
            threads: Mutex::new(threads),
        })
    }

    pub fn schema(&self) -> Arc<Schema> {
        self.inner.catalog().schema.clone()
    }

    /// Applies one mutation; when `Ok`, it is durable per the sync mode.
    pub fn apply(&self, m: &RowMutation) -> Result<(), StorageError> {
        self.apply_batch(std::slice::from_ref(m))
    }

    /// Applies several mutations with one commit-log write and one sync wait.
    /// All are validated first: an invalid one rejects the whole batch.
    pub fn apply_batch(&self, ms: &[RowMutation]) -> Result<(), StorageError> {
        self.write(Writes::Whole(ms))
    }

    /// [`Engine::apply_batch`] for mutations held packed: each is decoded
    /// only while it is validated or applied, and logged as packed.
    pub fn apply_packed(&self, batch: &PackedBatch) -> Result<(), StorageError> {
        self.write(Writes::Packed(batch))
    }

    fn write(&self, ms: Writes) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        inner.note_request();
        let gate = inner.catalog.read();
        let cat: &Catalog = &gate;
        ms.each(&mut |m| validate(cat, m))?;
        let Some(disk) = &inner.disk else {
            return ms.each(&mut |m| {
                let dk = cat.schema.partitioner.decorate(&m.key);
                inner.apply_to_memtables(cat, m, dk, None);
                Ok(())
            });
        };
        let keys = ms.keys(&cat.schema.partitioner);
        // Each record is framed as it is encoded, and the framed records
        // are written as they are: a big batch's log records are in memory
        // once (the encoding of one mutation at a time besides).
        let mut records = Records::default();
        ms.encode(&cat.schema, &keys, &mut records)?;
        crate::trace::event(|| "Appending to commitlog".to_string());
        let floor = {
            let mut inflight = disk.inflight.lock();
            let floor = disk.log.current_position();
            *inflight.entry(floor).or_insert(0) += 1;
            floor
        };
        let result = disk.log.append_records(&records);
        // The records are in the log: free them before the memtables grow
        // (for a big batch they are about its size again).
        drop(records);
        let applied = match &result {
            Ok(pos) => {
                let mut keys = keys.into_iter();
                ms.each(&mut |m| {
                    let dk = keys
                        .next()
                        .unwrap_or_else(|| cat.schema.partitioner.decorate(&m.key));
                    inner.apply_to_memtables(cat, m, dk, Some(*pos));
                    Ok(())
                })
            }
            Err(_) => Ok(()),
        };
        {
            let mut inflight = disk.inflight.lock();
            if let Some(n) = inflight.get_mut(&floor) {
                *n -= 1;
                if *n == 0 {
                    inflight.remove(&floor);
                }
            }
        }
        result?;
        applied?;
        inner.wake_if_full(cat, &ms.tables());
        Ok(())
    }

    /// Whether a write now could wait on the disk or on a schema change:
    /// in batch sync mode (the fsync wait), near a commit-log rotation (see
    /// `CommitLog::append_may_wait`), or while the write gate is closed (a
    /// schema change, truncation or memtable switch holds it). Lock-free; a
    /// hint for choosing a thread, which a change starting right after it
    /// can make stale.
    pub fn write_may_wait(&self) -> bool {
        let inner = &*self.inner;
        inner.catalog.is_locked_exclusive()
            || inner.disk.as_ref().is_some_and(|d| d.log.append_may_wait())
    }

    /// Writes the memtables of one keyspace (or all) to SSTables and waits.
    /// In memory this only checks the keyspace.
    pub fn flush(&self, keyspace: Option<&str>) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog();
        if let Some(ks) = keyspace {
            if cat.schema.keyspace(ks).is_none() {
                return Err(StorageError::UnknownKeyspace(ks.to_string()));
            }
        }
        for ((ks, _), cf) in &cat.cfs {
            if keyspace.is_none_or(|k| k == ks) {
                inner.flush_cf(cf)?;
            }
        }
        Ok(())
    }

    /// Compacts every SSTable of one CF into one, purging what gc grace allows.
    pub fn compact(&self, keyspace: &str, cf: &str) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog();
        let cf = cat.cf(keyspace, cf)?;
        if inner.disk.is_some() {
            inner.compact_all(cf)?;
        }
        Ok(())
    }

    /// Engine-wide figures for operators: commit log and compactions.
    pub fn metrics(&self) -> super::stats::EngineMetrics {
        let inner = &*self.inner;
        let mut m = super::stats::EngineMetrics {
            compactions_completed: inner.compactions.completed.load(Ordering::Relaxed),
            bytes_compacted: inner.compactions.bytes_compacted.load(Ordering::Relaxed),
            ..Default::default()
        };
        if let Some(disk) = &inner.disk {
            m.commitlog_segments = disk.log.segment_ids().len();
            m.commitlog_bytes = disk.log.segment_bytes();
            m.commitlog_fsyncs = disk.log.fsync_count();
            m.commitlog_sync = disk.log.sync_latencies();
        }
        m
    }

    /// The compactions due (column families with a bucket ready) and the
    /// ones running now; none in memory.
    pub fn compaction_activity(&self) -> super::stats::CompactionActivity {
        let inner = &*self.inner;
        let pending = match inner.disk {
            Some(_) => {
                let cat = inner.catalog();
                cat.cfs
                    .values()
                    .filter(|cf| inner.compaction_due(cf))
                    .count()
            }
            None => 0,
        };
        super::stats::CompactionActivity {
            pending,
            running: inner.compactions.running(),
        }
    }

    /// The data directory (SSTables by keyspace), `None` in memory.
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.inner.disk.as_ref().map(|d| d.data_dir.as_path())
    }

    /// False once [`Engine::shutdown`] has begun.
    pub fn is_open(&self) -> bool {
        self.inner.check_open().is_ok()
    }

    pub fn stats(&self, keyspace: &str, cf: &str) -> Result<CfStats, StorageError> {
        Ok(self.inner.catalog().cf(keyspace, cf)?.stats())
    }

    /// A column family's sampled keys, one list per live SSTable (the first
    /// of every `index_interval` keys); empty while its data is only in
    /// memtables.
    pub fn key_samples(
        &self,
        keyspace: &str,
        cf: &str,
    ) -> Result<Vec<Vec<DecoratedKey>>, StorageError> {
        Ok(self.inner.catalog().cf(keyspace, cf)?.key_samples())
    }

    /// The keys every `index_interval`th of which an SSTable's Summary holds.
    pub fn index_interval(&self) -> usize {
        self.inner.opts.index_interval.max(1)
    }

    /// Refuses new calls, flushes every memtable, stops the background
    /// threads and syncs the commit log. Idempotent.
    pub fn shutdown(&self) -> Result<(), StorageError> {
        let inner = &*self.inner;
        if inner.closed.swap(true, Ordering::SeqCst) {
            return Ok(());
        }
        let mut result = Ok(());
        for ((ks, name), cf) in &inner.catalog().cfs {
            if let Err(e) = inner.flush_cf(cf) {
                tracing::error!("flush of {ks}.{name} at shutdown failed: {e}");
                result = Err(e);
            }
        }
        self.stop_threads();
        if let Some(disk) = &inner.disk {
            disk.log.sync()?;
        }
        result
    }

    fn stop_threads(&self) {
        self.inner.stop.store(true, Ordering::SeqCst);
        {
            let _g = self.inner.wake.0.lock();
            self.inner.wake.1.notify_all();
        }
        for t in self.threads.lock().drain(..) {
            let _ = t.join();
        }
    }
}

impl Drop for Engine {
    /// Stops the background threads (without flushing: the commit log has
    /// everything), so the directories are free for the next `open`.
    fn drop(&mut self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        self.stop_threads();
    }
}

/// Checks every op of a mutation against its CF.
pub(crate) fn validate(cat: &Catalog, m: &RowMutation) -> Result<(), StorageError> {
    for (cf_name, ops) in &m.updates {
        let def = cat.cf(&m.keyspace, cf_name)?.def();
        for op in ops {
            validate_op(&def, op).map_err(StorageError::Invalid)?;
        }
    }
    Ok(())
}

impl Inner {
    pub(crate) fn check_open(&self) -> Result<(), StorageError> {
        if self.closed.load(Ordering::SeqCst) {
            Err(StorageError::Closed)
        } else {
            Ok(())
        }
    }

    /// The current schema snapshot and its stores. Never call this while
    /// holding the catalog lock (a write in `apply_batch`): a schema change
    /// waiting for the write lock would deadlock the two.
    pub(crate) fn catalog(&self) -> Arc<Catalog> {
        self.catalog.read().clone()
    }

    /// The catalog for a read: in a no-wait attempt, while a schema change,
    /// truncation or memtable switch holds it, a miss instead of a wait.
    pub(crate) fn catalog_to_read(&self) -> Result<Arc<Catalog>, StorageError> {
        match crate::storage::nowait::read_lock(&self.catalog) {
            Some(c) => Ok(c.clone()),
            None => Err(StorageError::LockBusy("catalog")),
        }
    }

    /// Applies a validated mutation. The state read lock keeps a flush from
    /// switching the memtable halfway through one CF's ops (and from freezing
    /// a memtable a write is still going into).
    fn apply_to_memtables(
        &self,
        cat: &Catalog,
        m: &RowMutation,
        dk: DecoratedKey,
        position: Option<Position>,
    ) {
        let pos = position.map(|p| (p.segment, p.offset));
        for (cf_name, ops) in &m.updates {
            if let Some(cf) = cat.store(&m.keyspace, cf_name) {
                crate::trace::event(|| format!("Adding to {cf_name} memtable"));
                cf.apply(dk.clone(), ops, pos);
            }
        }
    }
}
