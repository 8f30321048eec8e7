//! One column family's set of stores: the live memtable, memtables being
//! flushed, and SSTables, swapped as a unit under a short lock.
//!
//! It must not do I/O while holding the state lock.
//!
//! The folder holds the stores a column family reads from: this set, an
//! SSTable seen as a `RowStore` (`sstable_store`; the memtable's
//! `RowStore` is in `memtable`), and every column family's set under one
//! schema snapshot (`catalog`). It must not decide when stores are
//! switched, written or merged (the engine's flush and compaction do).

pub(crate) mod catalog;
pub(super) mod sstable_store;

use super::commitlog::Position;
use super::index::CfIndex;
use super::memtable::Memtable;
use super::query::{FlushedReads, RowStore, Spans};
use crate::model::Op;
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::{Reconciling, StorageError};
use parking_lot::{Mutex, RwLock, RwLockReadGuard};
use sstable_store::SsTable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Counters for one column family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CfStats {
    pub sstable_count: usize,
    /// Bytes of this CF's live SSTables on disk.
    pub live_bytes: u64,
    /// Entries (columns, or whole super columns) in SSTables, as written.
    pub cells: u64,
    /// Cells written to the live memtable since it was created.
    pub memtable_cells: u64,
    pub memtable_bytes: u64,
    /// Memtables switched out and not yet written to an SSTable.
    pub flushing_memtables: usize,
}

pub(crate) struct CfStore {
    /// The current definition: same id and comparators for the store's whole
    /// life, other options replaced by schema updates.
    def: RwLock<Arc<CfDef>>,
    pub state: RwLock<CfState>,
    /// One compaction per CF at a time, so inputs are never shared.
    pub compaction: Mutex<()>,
    /// One flush per CF at a time, so SSTables appear in memtable order
    /// (what `SsMeta::covers_until` relies on).
    pub flushing_lock: Mutex<()>,
    /// Set (under the state lock) when the CF is dropped: its data is gone
    /// and flushes or compactions still running must discard their output.
    dropped: AtomicBool,
    /// The CF's KEYS secondary indexes, if it has any.
    index: RwLock<Option<Arc<CfIndex>>>,
    /// Which version of a cell its memtables keep on a tie.
    ties: Reconciling,
}

pub(crate) struct CfState {
    pub live: Arc<Memtable>,
    /// Switched-out memtables, newest first, until their SSTable is in place.
    pub flushing: Vec<Arc<Memtable>>,
    /// Memtables an emulated flush kept in memory as SSTables (an engine
    /// without a disk answering as a release), oldest first.
    pub kept: Vec<Arc<Memtable>>,
    /// The first and last row key of each kept memtable, oldest first.
    pub spans: Spans,
    pub sstables: Vec<Arc<SsTable>>,
}

impl CfStore {
    pub fn new(def: Arc<CfDef>, sstables: Vec<Arc<SsTable>>, ties: Reconciling) -> CfStore {
        CfStore {
            state: RwLock::new(CfState {
                live: Arc::new(Memtable::with_ties(def.clone(), ties)),
                flushing: Vec::new(),
                kept: Vec::new(),
                spans: Spans::default(),
                sstables,
            }),
            index: RwLock::new(CfIndex::for_def(&def).map(Arc::new)),
            def: RwLock::new(def),
            compaction: Mutex::new(()),
            flushing_lock: Mutex::new(()),
            dropped: AtomicBool::new(false),
            ties,
        }
    }

    pub fn def(&self) -> Arc<CfDef> {
        self.def.read().clone()
    }

    pub fn id(&self) -> u32 {
        self.def.read().id
    }

    /// Takes a new definition of the same CF (same id, comparators that
    /// sort the stored names alike): the live memtable sorts what it takes
    /// from now on by it (frozen ones hold only what came before).
    pub fn set_def(&self, def: Arc<CfDef>) {
        // The store's first, so a memtable switched in meanwhile starts
        // with the new one.
        *self.def.write() = def.clone();
        self.state.read().live.set_cf(def);
    }

    pub fn index(&self) -> Option<Arc<CfIndex>> {
        self.index.read().clone()
    }

    /// Replaces the index (with an empty one the caller fills from the data).
    pub fn set_index(&self, index: Option<CfIndex>) -> Option<Arc<CfIndex>> {
        let index = index.map(Arc::new);
        *self.index.write() = index.clone();
        index
    }

    /// Applies one CF's ops of a mutation to the live memtable (and notes
    /// them for the secondary index).
    pub fn apply(&self, dk: DecoratedKey, ops: &[Op], pos: Option<(u64, u64)>) {
        let st = self.state.read();
        match self.index() {
            Some(ix) => {
                st.live.apply(dk.clone(), ops, pos);
                ix.note_ops(&dk, ops);
            }
            None => st.live.apply(dk, ops, pos),
        }
    }

    pub fn is_dropped(&self) -> bool {
        self.dropped.load(Ordering::SeqCst)
    }

    /// Empties the store (memtables and SSTables) and returns the SSTables
    /// whose files the caller must delete. With `drop`, the store is also
    /// marked dropped. Flushes and compactions in flight notice (their
    /// memtable or inputs are gone) and discard what they write.
    pub fn clear(&self, drop: bool) -> Vec<Arc<SsTable>> {
        let mut st = self.state.write();
        if drop {
            self.dropped.store(true, Ordering::SeqCst);
        }
        st.live = Arc::new(Memtable::with_ties(self.def(), self.ties));
        st.flushing.clear();
        st.kept.clear();
        st.spans = Spans::default();
        if let Some(ix) = self.index() {
            ix.clear();
        }
        std::mem::take(&mut st.sstables)
    }

    /// The stores' state for a read: in a no-wait attempt, while a flush,
    /// compaction or truncation swaps them, a miss instead of a wait.
    fn state_to_read(&self) -> Result<RwLockReadGuard<'_, CfState>, StorageError> {
        crate::storage::nowait::read_lock(&self.state).ok_or(StorageError::LockBusy("stores"))
    }

    /// Every store a read must consult, memtables first.
    pub fn stores(&self) -> Result<Vec<Arc<dyn RowStore>>, StorageError> {
        let st = self.state_to_read()?;
        let mut v: Vec<Arc<dyn RowStore>> =
            Vec::with_capacity(1 + st.flushing.len() + st.sstables.len());
        // Newest first throughout (memtables, then SSTables from the last
        // flushed back): counter versions add up, and a tombstone must meet
        // them in a consistent order of age, or a sum formed before it could
        // hide an older increment it deletes.
        v.push(st.live.clone());
        v.extend(st.flushing.iter().map(|m| m.clone() as Arc<dyn RowStore>));
        // Kept memtables stand for SSTables of a release that read its
        // memtable, then its SSTables oldest first, reconciling in that
        // order (a read meeting one merges `InOrder`).
        v.extend(st.kept.iter().map(|m| m.clone() as Arc<dyn RowStore>));
        v.extend(
            st.sstables
                .iter()
                .rev()
                .map(|t| t.clone() as Arc<dyn RowStore>),
        );
        Ok(v)
    }

    /// The live memtable when it is the only store (nothing being flushed,
    /// no SSTable): then it alone answers a read.
    pub fn sole_memtable(&self) -> Result<Option<Arc<Memtable>>, StorageError> {
        let st = self.state_to_read()?;
        Ok(
            (st.flushing.is_empty() && st.kept.is_empty() && st.sstables.is_empty())
                .then(|| st.live.clone()),
        )
    }

    /// Freezes the live memtable (if it holds anything) at log position
    /// `at` and starts a new one.
    pub fn switch_memtable(&self, at: Position) {
        let mut st = self.state.write();
        if !st.live.is_empty() {
            st.live.freeze(at);
            let fresh = Arc::new(Memtable::with_ties(self.def(), self.ties));
            let old = std::mem::replace(&mut st.live, fresh);
            st.flushing.insert(0, old);
        }
    }

    /// Switches the live memtable out (if it holds anything) and keeps it in
    /// memory as the newest SSTable: what a flush did, for an engine with
    /// no disk answering as a release whose answers depended on it.
    pub fn keep_memtable(&self, reads: FlushedReads) {
        let mut st = self.state.write();
        if !st.live.is_empty() && st.live.keep(reads, &st.spans) {
            let fresh = Arc::new(Memtable::with_ties(self.def(), self.ties));
            let old = std::mem::replace(&mut st.live, fresh);
            st.kept.push(old);
        }
    }

    /// An empty memtable of this CF, as its live one is made.
    pub fn new_memtable(&self) -> Memtable {
        Memtable::with_ties(self.def(), self.ties)
    }

    /// Replaces the kept memtables, `inputs` being all of them (oldest
    /// first), with `merged` kept as `reads` says (nothing when it holds no
    /// row): what compacting them left. False, changing nothing, when the
    /// kept set is no longer `inputs`.
    pub fn replace_kept(
        &self,
        inputs: &[Arc<Memtable>],
        merged: Memtable,
        reads: FlushedReads,
    ) -> bool {
        let mut st = self.state.write();
        let same = st.kept.len() == inputs.len()
            && st.kept.iter().zip(inputs).all(|(a, b)| Arc::ptr_eq(a, b));
        if !same {
            return false;
        }
        st.kept.clear();
        st.spans.write().clear();
        if merged.keep(reads, &st.spans) {
            st.kept.push(Arc::new(merged));
        }
        true
    }

    /// Whether memtables were switched out and not yet written (a flush
    /// failed, or one is running).
    pub fn has_frozen(&self) -> bool {
        !self.state.read().flushing.is_empty()
    }

    /// Each live SSTable's sampled keys (its Summary's), one list per
    /// SSTable; none for data still in memtables.
    pub fn key_samples(&self) -> Vec<Vec<DecoratedKey>> {
        let st = self.state.read();
        let tables = st.sstables.iter();
        tables
            .map(|t| t.reader.key_samples().cloned().collect())
            .collect()
    }

    pub fn stats(&self) -> CfStats {
        let st = self.state.read();
        CfStats {
            sstable_count: st.sstables.len(),
            live_bytes: st.sstables.iter().map(|t| t.reader.on_disk_size()).sum(),
            cells: st.sstables.iter().map(|t| t.reader.entry_count()).sum(),
            memtable_cells: st.live.cells(),
            memtable_bytes: st.live.approx_bytes(),
            flushing_memtables: st.flushing.len(),
        }
    }
}
