//! A real `CqlBackend` for tests: a `storage::Engine` (in memory or on a
//! temp dir) plus the dynamic schema in a `SchemaStore`, wired exactly as
//! the server must wire them (validate → persist → swap → engine update).
//! Not a server: no Thrift, no threads of its own.
#![allow(dead_code)]

use parking_lot::Mutex;
use std::path::Path;
use std::sync::Arc;
use supercolumn::config::Config;
use supercolumn::cql::exec::{
    self, CqlBackend, CqlOutcome, CqlSession, IndexCandidates, PreparedCache, ServerClock,
};
use supercolumn::cql::CqlError;
use supercolumn::marshal::TypeRef;
use supercolumn::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use supercolumn::schema::{Schema, SchemaChange, SchemaStore};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions, StorageError};

const CONF: &str = r#"<Storage>
  <Keyspaces>
    <Keyspace Name="Conf">
      <ColumnFamily Name="Std" CompareWith="UTF8Type"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  <Partitioner>org.apache.cassandra.dht.Murmur3Partitioner</Partitioner>
  <CommitLogSync>periodic</CommitLogSync>
  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>
</Storage>
"#;

/// The schema a fresh node starts from (config keyspaces + system).
pub fn base_schema() -> Schema {
    let config = Config::from_xml(CONF, "test.xml").unwrap();
    Schema::from_config(&config).unwrap()
}

fn storage(e: StorageError) -> CqlError {
    match e {
        StorageError::Invalid(why) => CqlError::Invalid(why),
        StorageError::UnknownKeyspace(ks) => {
            CqlError::Invalid(format!("Keyspace {ks} does not exist"))
        }
        StorageError::UnknownColumnFamily { cf, .. } => {
            CqlError::Invalid(format!("unconfigured columnfamily {cf}"))
        }
        other => CqlError::Invalid(other.to_string()),
    }
}

/// Engine + schema store.
pub struct EngineBackend {
    pub engine: Engine,
    store: SchemaStore,
    schema: Mutex<Arc<Schema>>,
}

impl EngineBackend {
    /// Everything in memory.
    pub fn in_memory() -> EngineBackend {
        let schema = Arc::new(base_schema());
        let engine = Engine::open(
            schema.clone(),
            EngineOptions::in_memory(Arc::new(supercolumn::storage::SystemClock)),
        )
        .unwrap();
        EngineBackend {
            engine,
            store: SchemaStore::in_memory(),
            schema: Mutex::new(schema),
        }
    }

    /// On disk in `dir` (reopening finds the schema and data written before).
    pub fn on_disk(dir: &Path) -> EngineBackend {
        let store = SchemaStore::open(dir);
        let schema = Arc::new(store.load(base_schema()).unwrap());
        let engine = Engine::open(
            schema.clone(),
            EngineOptions {
                data_dir: Some(dir.to_path_buf()),
                sync: SyncMode::Batch {
                    window: std::time::Duration::from_millis(0),
                },
                ..EngineOptions::default()
            },
        )
        .unwrap();
        EngineBackend {
            engine,
            store,
            schema: Mutex::new(schema),
        }
    }
}

impl CqlBackend for EngineBackend {
    fn schema(&self) -> Arc<Schema> {
        self.schema.lock().clone()
    }

    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError> {
        let mut current = self.schema.lock();
        let next = current
            .apply(change)
            .map_err(|e| CqlError::Invalid(e.to_string()))?;
        self.store
            .save(&next)
            .map_err(|e| CqlError::Invalid(e.to_string()))?;
        let next = Arc::new(next);
        self.engine.update_schema(next.clone()).map_err(storage)?;
        *current = next;
        Ok(())
    }

    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        self.engine.apply_batch(mutations).map_err(storage)
    }

    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.engine.read(cmd, key).map_err(storage)
    }

    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.engine
            .read_range(cmd, range, max_rows)
            .map_err(storage)
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.engine.read_indexed(cmd, query).map_err(storage)
    }

    fn traces(&self) -> Option<Arc<supercolumn::trace::Store>> {
        None
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        true
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.engine.truncate(keyspace, cf).map_err(storage)
    }

    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.engine
            .index_candidates(keyspace, cf, query)
            .map_err(storage)
    }
}

/// A backend with one session and the server's prepared cache.
pub struct Node {
    pub backend: EngineBackend,
    pub session: CqlSession,
    pub cache: PreparedCache,
}

impl Node {
    pub fn new(backend: EngineBackend) -> Node {
        Node {
            backend,
            session: CqlSession::new(Arc::new(ServerClock::new(0x9387_4d68_ff3a_d20d))),
            cache: PreparedCache::new(),
        }
    }

    pub fn execute(&mut self, cql: &str) -> Result<CqlOutcome, CqlError> {
        exec::execute(&self.backend, &mut self.session, cql)
    }

    /// Runs setup statements, panicking on failure.
    pub fn run_all(&mut self, cqls: &[&str]) {
        for c in cqls {
            self.execute(c).unwrap_or_else(|e| panic!("{c}: {e}"));
        }
    }
}

/// The rows of a SELECT, each value rendered by its column's type
/// (`get_string` of the marshal type; "null" for nulls).
pub fn rows(node: &mut Node, cql: &str) -> Vec<Vec<String>> {
    rows_rendered(node, cql, |t, v| match v {
        Some(v) => t.get_string(v),
        None => "null".to_string(),
    })
}

/// The rows of a SELECT, each value rendered by `render` from its column's
/// type and bytes.
pub fn rows_rendered(
    node: &mut Node,
    cql: &str,
    render: impl Fn(&TypeRef, Option<&[u8]>) -> String,
) -> Vec<Vec<String>> {
    match node.execute(cql).unwrap_or_else(|e| panic!("{cql}: {e}")) {
        CqlOutcome::Rows(rs) => {
            let types: Vec<TypeRef> = rs
                .columns
                .iter()
                .map(|c| supercolumn::marshal::parse_type(&c.type_class).unwrap())
                .collect();
            rs.rows
                .iter()
                .map(|r| {
                    r.iter()
                        .zip(&types)
                        .map(|(v, t)| render(t, v.as_deref()))
                        .collect()
                })
                .collect()
        }
        other => panic!("{cql}: {other:?}, want rows"),
    }
}

/// One column of a SELECT's rows.
pub fn column(node: &mut Node, cql: &str) -> Vec<String> {
    rows(node, cql)
        .into_iter()
        .map(|mut r| r.remove(0))
        .collect()
}
