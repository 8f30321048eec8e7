//! The engine: routes mutations to the commit log and memtables, reads to
//! every store of a column family, and owns the lifecycle (open, flush,
//! compaction, shutdown).
//!
//! It must not reconcile or slice data itself (that is `query` and `row`).

use super::memtable::Memtable;
use super::model::{Bytes, ReadCommand, RowMutation, RowRange, RowResult};
use super::options::EngineOptions;
use super::query::{read_row, RowStore};
use super::row::validate_op;
use super::StorageError;
use crate::partitioner::DecoratedKey;
use crate::schema::{CfDef, Schema};
use parking_lot::RwLock;
use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Counters for one column family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CfStats {
    pub sstable_count: usize,
    /// Bytes of this CF's live SSTables on disk.
    pub live_bytes: u64,
    /// Cells (columns and sub-columns, tombstones included) in SSTables, as written.
    pub cells: u64,
    /// Cells written to the live memtable since it was created.
    pub memtable_cells: u64,
    pub memtable_bytes: u64,
    /// Memtables switched out and not yet written to an SSTable.
    pub flushing_memtables: usize,
}

/// One column family's stores. The state lock is held only to switch or
/// snapshot the set of stores, never across I/O.
pub(crate) struct CfStore {
    pub def: Arc<CfDef>,
    pub state: RwLock<CfState>,
}

pub(crate) struct CfState {
    pub live: Arc<Memtable>,
    /// Newest first.
    pub flushing: Vec<Arc<Memtable>>,
}

impl CfState {
    /// Every store, newest first.
    fn stores(&self) -> Vec<Arc<dyn RowStore>> {
        let mut v: Vec<Arc<dyn RowStore>> = Vec::with_capacity(1 + self.flushing.len());
        v.push(self.live.clone());
        v.extend(self.flushing.iter().map(|m| m.clone() as Arc<dyn RowStore>));
        v
    }
}

pub struct Engine {
    schema: Arc<Schema>,
    opts: EngineOptions,
    cfs: HashMap<(String, String), Arc<CfStore>>,
    closed: AtomicBool,
}

impl Engine {
    pub fn open(schema: Arc<Schema>, opts: EngineOptions) -> Result<Engine, StorageError> {
        let mut cfs = HashMap::new();
        for ks in schema.keyspaces.values() {
            for cf in ks.cfs.values() {
                let store = CfStore {
                    def: cf.clone(),
                    state: RwLock::new(CfState {
                        live: Arc::new(Memtable::new(cf.clone())),
                        flushing: Vec::new(),
                    }),
                };
                cfs.insert((ks.name.clone(), cf.name.clone()), Arc::new(store));
            }
        }
        Ok(Engine {
            schema,
            opts,
            cfs,
            closed: AtomicBool::new(false),
        })
    }

    pub fn schema(&self) -> Arc<Schema> {
        self.schema.clone()
    }

    pub fn apply(&self, m: &RowMutation) -> Result<(), StorageError> {
        self.apply_batch(std::slice::from_ref(m))
    }

    pub fn apply_batch(&self, ms: &[RowMutation]) -> Result<(), StorageError> {
        self.check_open()?;
        for m in ms {
            self.validate(m)?;
        }
        for m in ms {
            self.apply_to_memtables(m, None);
        }
        Ok(())
    }

    pub fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, StorageError> {
        self.check_open()?;
        let cf = self.cf(&cmd.keyspace, &cmd.cf)?;
        let stores = cf.state.read().stores();
        let dk = self.schema.partitioner.decorate(key);
        self.read_key(&cf.def, &stores, cmd, &dk)
    }

    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, StorageError> {
        self.check_open()?;
        let cf = self.cf(&cmd.keyspace, &cmd.cf)?;
        let stores = cf.state.read().stores();
        let bounds = KeyBounds::new(&self.schema, range)?;
        let mut keys = BTreeSet::new();
        if max_rows > 0 {
            for s in &stores {
                collect_keys(s.as_ref(), &bounds, max_rows, &mut keys)?;
            }
        }
        let mut out = Vec::new();
        for dk in keys.into_iter().take(max_rows) {
            let result = self.read_key(&cf.def, &stores, cmd, &dk)?;
            out.push((dk.key, result));
        }
        Ok(out)
    }

    /// Writes memtables out to SSTables (a no-op when the engine is in memory).
    pub fn flush(&self, keyspace: Option<&str>) -> Result<(), StorageError> {
        self.check_open()?;
        if let Some(ks) = keyspace {
            if self.schema.keyspace(ks).is_none() {
                return Err(StorageError::UnknownKeyspace(ks.to_string()));
            }
        }
        Ok(())
    }

    /// Compacts all SSTables of one CF into one (a no-op in memory).
    pub fn compact(&self, keyspace: &str, cf: &str) -> Result<(), StorageError> {
        self.check_open()?;
        self.cf(keyspace, cf)?;
        Ok(())
    }

    pub fn stats(&self, keyspace: &str, cf: &str) -> Result<CfStats, StorageError> {
        let cf = self.cf(keyspace, cf)?;
        let st = cf.state.read();
        Ok(CfStats {
            memtable_cells: st.live.cells(),
            memtable_bytes: st.live.approx_bytes(),
            flushing_memtables: st.flushing.len(),
            ..CfStats::default()
        })
    }

    pub fn shutdown(&self) -> Result<(), StorageError> {
        self.closed.store(true, Ordering::SeqCst);
        Ok(())
    }

    fn check_open(&self) -> Result<(), StorageError> {
        if self.closed.load(Ordering::SeqCst) {
            Err(StorageError::Closed)
        } else {
            Ok(())
        }
    }

    fn cf(&self, keyspace: &str, cf: &str) -> Result<&Arc<CfStore>, StorageError> {
        self.cfs
            .get(&(keyspace.to_string(), cf.to_string()))
            .ok_or_else(|| {
                if self.schema.keyspace(keyspace).is_none() {
                    StorageError::UnknownKeyspace(keyspace.to_string())
                } else {
                    StorageError::UnknownColumnFamily {
                        keyspace: keyspace.to_string(),
                        cf: cf.to_string(),
                    }
                }
            })
    }

    fn validate(&self, m: &RowMutation) -> Result<(), StorageError> {
        for (cf_name, ops) in &m.updates {
            let cf = self.cf(&m.keyspace, cf_name)?;
            for op in ops {
                validate_op(&cf.def, op).map_err(StorageError::Invalid)?;
            }
        }
        Ok(())
    }

    /// Applies a validated mutation; the state read lock keeps a flush from
    /// switching the memtable halfway through one CF's ops.
    fn apply_to_memtables(&self, m: &RowMutation, position: Option<(u64, u64)>) {
        let dk = self.schema.partitioner.decorate(&m.key);
        for (cf_name, ops) in &m.updates {
            if let Some(cf) = self.cfs.get(&(m.keyspace.clone(), cf_name.clone())) {
                let st = cf.state.read();
                st.live.apply(dk.clone(), ops, position);
            }
        }
    }

    fn read_key(
        &self,
        def: &CfDef,
        stores: &[Arc<dyn RowStore>],
        cmd: &ReadCommand,
        dk: &DecoratedKey,
    ) -> Result<RowResult, StorageError> {
        let mut handles = Vec::with_capacity(stores.len());
        for s in stores {
            if let Some(h) = s.open_row(dk)? {
                handles.push(h);
            }
        }
        read_row(def, cmd, &handles, self.opts.clock.now_seconds())
    }
}

/// A `RowRange` as decorated-key bounds.
struct KeyBounds {
    from: Bound<DecoratedKey>,
    /// Tokens ranges exclude their start token.
    skip_token: Option<crate::partitioner::Token>,
    to: Bound<DecoratedKey>,
    to_token: Option<crate::partitioner::Token>,
}

impl KeyBounds {
    fn new(schema: &Schema, range: &RowRange) -> Result<KeyBounds, StorageError> {
        let p = &schema.partitioner;
        match range {
            RowRange::Keys { start, end } => Ok(KeyBounds {
                from: if start.is_empty() {
                    Bound::Unbounded
                } else {
                    Bound::Included(p.decorate(start))
                },
                skip_token: None,
                to: if end.is_empty() {
                    Bound::Unbounded
                } else {
                    Bound::Included(p.decorate(end))
                },
                to_token: None,
            }),
            RowRange::Tokens { start, end } => {
                let parse = |t: &str| {
                    p.token_from_string(t)
                        .map_err(|e| StorageError::Invalid(e.to_string()))
                };
                let start = parse(start)?;
                let end = parse(end)?;
                let to_token = if end == p.min_token() {
                    None
                } else {
                    Some(end)
                };
                Ok(KeyBounds {
                    from: Bound::Included(DecoratedKey {
                        token: start.clone(),
                        key: Vec::new(),
                    }),
                    skip_token: Some(start),
                    to: Bound::Unbounded,
                    to_token,
                })
            }
        }
    }

    fn past_end(&self, k: &DecoratedKey) -> bool {
        let by_key = match &self.to {
            Bound::Included(e) => k > e,
            Bound::Excluded(e) => k >= e,
            Bound::Unbounded => false,
        };
        by_key || self.to_token.as_ref().is_some_and(|t| &k.token > t)
    }

    fn skipped(&self, k: &DecoratedKey) -> bool {
        self.skip_token.as_ref().is_some_and(|t| &k.token == t)
    }
}

/// Adds up to `max_rows` keys of one store within the bounds.
fn collect_keys(
    store: &dyn RowStore,
    b: &KeyBounds,
    max_rows: usize,
    out: &mut BTreeSet<DecoratedKey>,
) -> Result<(), StorageError> {
    let want = max_rows.clamp(1, 1024);
    let mut from = b.from.clone();
    let mut found = 0usize;
    loop {
        let ks = store.keys_from(&from, want)?;
        let n = ks.len();
        let Some(last) = ks.last().cloned() else {
            return Ok(());
        };
        for k in ks {
            if b.past_end(&k) {
                return Ok(());
            }
            if !b.skipped(&k) {
                out.insert(k);
                found += 1;
                if found >= max_rows {
                    return Ok(());
                }
            }
        }
        if n < want {
            return Ok(());
        }
        from = Bound::Excluded(last);
    }
}
