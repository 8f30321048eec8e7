//! Keyspaces created through the 19.x schema calls, on the current engine.
//!
//! The storage engine opens its column families once, at start-up, so a
//! column family created at run time gets an engine of its own: one
//! `Engine` per dynamic column family, in `<data>/dynamic/<keyspace>/<cf>-<id>`
//! (its own SSTables and commit log). Adding a column family opens one,
//! dropping it shuts its engine down and deletes its directory, truncating
//! it replaces the engine with an empty one. The definitions persist in the
//! schema's `SchemaStore` and the engines are reopened at start-up.
//!
//! Counters live here too, for the same reason (the engine has no counter
//! cells): a counter is a plain cell holding its 8-byte total, updated under
//! one lock with a server timestamp ([`DynamicKeyspaces::counter_guard`]).
//!
//! What this costs, until the engine can change its schema while running
//! (see the v19 report): a batch spanning several dynamic column families
//! of one row is applied per column family (each part is durable, the whole
//! is not atomic), and every dynamic column family has its own background
//! threads. Config keyspaces never come here; they stay on the main engine.

use crate::schema::{KeyspaceDef, KeyspaceOrigin, Schema, SchemaChange, SchemaStore};
use crate::storage::model::RowMutation;
use crate::storage::{Engine, EngineOptions};
use crate::thrift::error::{ApiError, ApiResult};
use parking_lot::{Mutex, MutexGuard, RwLock};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

type CfKey = (String, String);

/// The merged schema (config + dynamic keyspaces) and the dynamic CFs' engines.
pub struct DynamicKeyspaces {
    store: SchemaStore,
    /// Options for new engines; `data_dir` is the server's (`None`: in memory).
    opts: EngineOptions,
    state: RwLock<State>,
    /// Counter updates are read-modify-write: one at a time on this node.
    counters: Mutex<()>,
    /// The last counter timestamp handed out (microseconds, strictly increasing).
    counter_clock: AtomicI64,
}

struct State {
    schema: Arc<Schema>,
    engines: HashMap<CfKey, Arc<Engine>>,
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(e.to_string())
}

impl DynamicKeyspaces {
    /// Loads the saved dynamic keyspaces on top of `base` and opens their engines.
    pub fn open(base: &Schema, opts: EngineOptions) -> Result<DynamicKeyspaces, String> {
        let store = match &opts.data_dir {
            Some(dir) => SchemaStore::open(dir),
            None => SchemaStore::in_memory(),
        };
        let schema = store.load(base.clone()).map_err(|e| e.to_string())?;
        let me = DynamicKeyspaces {
            store,
            opts,
            state: RwLock::new(State {
                schema: Arc::new(schema.clone()),
                engines: HashMap::new(),
            }),
            counters: Mutex::new(()),
            counter_clock: AtomicI64::new(0),
        };
        let mut engines = HashMap::new();
        for ks in schema.keyspaces.values().filter(|k| is_dynamic(k)) {
            for cf in ks.cfs.keys() {
                let engine = me
                    .open_engine(&schema, &ks.name, cf)
                    .map_err(|e| e.to_string())?;
                engines.insert((ks.name.clone(), cf.clone()), engine);
            }
        }
        me.state.write().engines = engines;
        Ok(me)
    }

    /// No dynamic keyspaces and nothing kept (tests).
    pub fn in_memory(base: &Schema) -> DynamicKeyspaces {
        DynamicKeyspaces {
            store: SchemaStore::in_memory(),
            opts: EngineOptions::default(),
            state: RwLock::new(State {
                schema: Arc::new(base.clone()),
                engines: HashMap::new(),
            }),
            counters: Mutex::new(()),
            counter_clock: AtomicI64::new(0),
        }
    }

    /// Held while a counter update reads and rewrites its totals.
    pub fn counter_guard(&self) -> MutexGuard<'_, ()> {
        self.counters.lock()
    }

    /// A server timestamp for counter writes and deletes: microseconds,
    /// strictly increasing, so a later update always wins.
    pub fn counter_timestamp(&self) -> i64 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
            .unwrap_or(0);
        let prev = self.counter_clock.fetch_max(now, Ordering::SeqCst);
        if prev >= now {
            self.counter_clock.fetch_add(1, Ordering::SeqCst) + 1
        } else {
            now
        }
    }

    /// The current schema: config keyspaces plus dynamic ones.
    pub fn schema(&self) -> Arc<Schema> {
        self.state.read().schema.clone()
    }

    /// The engine of a dynamic column family, if it is one.
    pub fn engine(&self, keyspace: &str, cf: &str) -> Option<Arc<Engine>> {
        self.state
            .read()
            .engines
            .get(&(keyspace.to_string(), cf.to_string()))
            .cloned()
    }

    /// True when `keyspace` was created through the API.
    pub fn is_dynamic(&self, keyspace: &str) -> bool {
        self.state
            .read()
            .schema
            .keyspace(keyspace)
            .is_some_and(is_dynamic)
    }

    /// Applies a mutation of a dynamic keyspace, one engine call per column family.
    pub fn apply(&self, ms: &[RowMutation]) -> ApiResult<()> {
        let mut parts: HashMap<CfKey, Vec<RowMutation>> = HashMap::new();
        for m in ms {
            for (cf, ops) in &m.updates {
                parts
                    .entry((m.keyspace.clone(), cf.clone()))
                    .or_default()
                    .push(RowMutation {
                        keyspace: m.keyspace.clone(),
                        key: m.key.clone(),
                        updates: vec![(cf.clone(), ops.clone())],
                    });
            }
        }
        for ((ks, cf), rows) in parts {
            let engine = self
                .engine(&ks, &cf)
                .ok_or_else(|| ApiError::invalid(format!("unconfigured columnfamily {cf}")))?;
            engine.apply_batch(&rows).map_err(internal)?;
        }
        Ok(())
    }

    /// Validates and applies one schema change; returns the new schema version.
    pub fn change(&self, change: SchemaChange) -> ApiResult<String> {
        let mut state = self.state.write();
        let next = state
            .schema
            .apply(change)
            .map_err(|e| ApiError::invalid(e.to_string()))?;
        self.store.save(&next).map_err(internal)?;
        let before: Vec<CfKey> = state.engines.keys().cloned().collect();
        for key in before {
            let (ks, cf) = &key;
            let kept = next
                .cf(ks, cf)
                .is_some_and(|new| state.schema.cf(ks, cf).is_some_and(|old| old.id == new.id));
            if !kept {
                if let Some(engine) = state.engines.remove(&key) {
                    self.close_and_delete(&engine, ks, cf, &state.schema)?;
                }
            }
        }
        for ks in next.keyspaces.values().filter(|k| is_dynamic(k)) {
            for cf in ks.cfs.keys() {
                let key = (ks.name.clone(), cf.clone());
                if let std::collections::hash_map::Entry::Vacant(slot) = state.engines.entry(key) {
                    slot.insert(self.open_engine(&next, &ks.name, cf)?);
                }
            }
        }
        let version = next.version().to_string();
        state.schema = Arc::new(next);
        Ok(version)
    }

    /// Empties a dynamic column family: a fresh engine replaces the old one.
    pub fn truncate(&self, keyspace: &str, cf: &str) -> ApiResult<()> {
        let mut state = self.state.write();
        let key = (keyspace.to_string(), cf.to_string());
        let Some(engine) = state.engines.remove(&key) else {
            return Err(ApiError::invalid(format!("unconfigured columnfamily {cf}")));
        };
        let schema = state.schema.clone();
        self.close_and_delete(&engine, keyspace, cf, &schema)?;
        let fresh = self.open_engine(&schema, keyspace, cf)?;
        state.engines.insert(key, fresh);
        Ok(())
    }

    /// Flushes and stops every dynamic engine (server shutdown).
    pub fn shutdown(&self) -> Result<(), String> {
        let state = self.state.read();
        for engine in state.engines.values() {
            engine.shutdown().map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn dir(&self, schema: &Schema, keyspace: &str, cf: &str) -> Option<PathBuf> {
        let id = schema.cf(keyspace, cf)?.id;
        let root = self.opts.data_dir.as_ref()?;
        Some(
            root.join("dynamic")
                .join(keyspace)
                .join(format!("{cf}-{id}")),
        )
    }

    fn open_engine(&self, schema: &Schema, keyspace: &str, cf: &str) -> ApiResult<Arc<Engine>> {
        let ks = schema
            .keyspace(keyspace)
            .ok_or_else(|| ApiError::Internal(format!("no keyspace {keyspace}")))?;
        let def = ks
            .cfs
            .get(cf)
            .ok_or_else(|| ApiError::Internal(format!("no column family {keyspace}.{cf}")))?;
        let only = KeyspaceDef {
            cfs: [(cf.to_string(), def.clone())].into_iter().collect(),
            ..ks.clone()
        };
        let single = Schema {
            cluster_name: schema.cluster_name.clone(),
            partitioner: schema.partitioner.clone(),
            keyspaces: [(keyspace.to_string(), only)].into_iter().collect(),
        };
        let mut opts = self.opts.clone();
        if let Some(dir) = self.dir(schema, keyspace, cf) {
            opts.commitlog_dir = Some(dir.join("commitlog"));
            opts.data_dir = Some(dir);
        }
        Engine::open(Arc::new(single), opts)
            .map(Arc::new)
            .map_err(internal)
    }

    fn close_and_delete(
        &self,
        engine: &Engine,
        keyspace: &str,
        cf: &str,
        schema: &Schema,
    ) -> ApiResult<()> {
        engine.shutdown().map_err(internal)?;
        if let Some(dir) = self.dir(schema, keyspace, cf) {
            match std::fs::remove_dir_all(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(internal(format!("{}: {e}", dir.display()))),
            }
        }
        Ok(())
    }
}

fn is_dynamic(ks: &KeyspaceDef) -> bool {
    ks.origin == KeyspaceOrigin::Dynamic
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{CfSpec, KeyspaceSpec};
    use crate::storage::model::{Cell, Op, ReadCommand, Slice};

    fn base() -> Schema {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/config/testdata/storage-conf-v19.xml"
        );
        Schema::from_config(&crate::config::Config::from_file(path).unwrap()).unwrap()
    }

    fn write(d: &DynamicKeyspaces, cf: &str, col: &str) {
        let m = RowMutation {
            keyspace: "dk".into(),
            key: b"k".to_vec(),
            updates: vec![(
                cf.into(),
                vec![Op::Put {
                    super_column: None,
                    cell: Cell::live(col.as_bytes().to_vec(), b"v".to_vec(), 1),
                }],
            )],
        };
        d.apply(&[m]).unwrap();
    }

    fn count(d: &DynamicKeyspaces, cf: &str) -> usize {
        let cmd = ReadCommand {
            keyspace: "dk".into(),
            cf: cf.into(),
            super_column: None,
            slice: Slice::Range {
                start: vec![],
                finish: vec![],
                reversed: false,
                count: 100,
            },
        };
        d.engine("dk", cf).unwrap().read(&cmd, b"k").unwrap().len()
    }

    #[test]
    fn keyspaces_and_column_families_come_and_go_and_persist() {
        let dir = tempfile::tempdir().unwrap();
        let opts = EngineOptions {
            data_dir: Some(dir.path().to_path_buf()),
            ..EngineOptions::default()
        };
        let d = DynamicKeyspaces::open(&base(), opts.clone()).unwrap();
        let mut ks = KeyspaceSpec::simple("dk", 1);
        ks.cf_defs.push(CfSpec::new("dk", "A"));
        d.change(SchemaChange::AddKeyspace(ks)).unwrap();
        d.change(SchemaChange::AddColumnFamily(CfSpec::new("dk", "B")))
            .unwrap();
        write(&d, "A", "x");
        write(&d, "B", "y");
        assert_eq!((count(&d, "A"), count(&d, "B")), (1, 1));
        d.truncate("dk", "B").unwrap();
        assert_eq!(count(&d, "B"), 0);
        d.shutdown().unwrap();
        drop(d);
        let d = DynamicKeyspaces::open(&base(), opts).unwrap();
        assert!(d.is_dynamic("dk"));
        assert_eq!(count(&d, "A"), 1, "data of a dynamic CF survives a restart");
        d.change(SchemaChange::DropColumnFamily {
            keyspace: "dk".into(),
            name: "A".into(),
        })
        .unwrap();
        assert!(d.engine("dk", "A").is_none());
        d.change(SchemaChange::DropKeyspace("dk".into())).unwrap();
        assert!(d.engine("dk", "B").is_none());
        assert!(!dir.path().join("dynamic/dk/B-0").exists());
    }
}
