//! The node: what every front end shares, below all of them. It owns the
//! storage backend (which holds the one current schema snapshot; see
//! [`backend`]: the embedded engine or a cluster), schema
//! changes, the authenticator, the CQL3 write clock and prepared
//! statements, the per-partition locks of conditional writes, and a few
//! facts about this node for the describe calls.
//!
//! Front ends (Thrift today; the native protocol and the admin surface
//! later) sit above it as siblings and reach storage only through
//! [`Node`]. It must not know any wire protocol: its errors are
//! [`NodeError`]s, which each front end turns into its own exceptions in one
//! place (for Thrift, `thrift::error`).
//!
//! Schema changes go through [`Node::change_schema`] only (`schema_change`): validated by
//! `Schema::apply`, persisted by the `SchemaStore`, then handed to the
//! backend with `Backend::update_schema`, all under one mutex so that concurrent
//! schema calls cannot interleave. Readers take the snapshot with
//! [`Node::schema`] (an `Arc` clone) once per call. This module must not
//! implement storage semantics; it only routes and maps errors.
//!
//! Conditional writes (Thrift `cas`, CQL3 `IF`) run their read, compare
//! and write inside [`Node::serialized`], which holds one lock per
//! partition stripe: on one node this is what Cassandra 2.0's Paxos round
//! guaranteed, that no other conditional write to the partition lands
//! between the read and the write. Plain writes do not take it, as plain
//! writes did not join Paxos rounds in 2.0.
//!
//! A cluster backend's calls may be awaited by a front end's network
//! task instead of blocking a thread ([`defer`]).
//!
//! Test support shared by front ends ([`calls`]): primed faults, the
//! activity record of recent calls and the metrics' call observer; and
//! the border a recording tool taps their traffic through ([`tap`]).

pub mod backend;
mod baseline;
pub mod calls;
mod counters;
pub mod cql;
pub mod defer;
mod error;
mod flushes;
pub mod limits;
pub mod listen;
mod live;
mod locks;
pub mod placement;
pub mod renamed_values;
pub mod reply;
pub mod ring;
pub mod route;
pub mod schema_change;
pub mod stores;
pub mod tap;
#[cfg(test)]
pub mod test_nodes;
mod traces;

/// A partition as stored, for the front ends (which may not name storage).
pub use baseline::{ResetReport, MAX_BASELINE_BYTES};
pub use counters::{CounterCacheKey, CounterMemory};
pub use error::{Acknowledged, EngineError, NodeError, NodeResult};

use crate::auth::Authenticator;
use crate::call::Atomicity;
use crate::cql::exec::{PreparedCache, ServerClock};
use crate::model::{Bytes, CellView, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::schema::{Schema, SchemaStore};
use crate::storage::packed_batch::PackedBatch;
use crate::storage::Engine;
use error::storage_error;
use locks::PartitionLocks;

use parking_lot::{Mutex, RwLock};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A KsDef's replication as its client sent it: the strategy options and
/// the (deprecated) replication factor.
pub type SentReplication = (Option<BTreeMap<String, String>>, Option<i32>);

pub struct Node {
    /// Where the data lives (see [`backend`]).
    backend: Arc<dyn backend::Backend>,
    /// The same object when it is the embedded engine: what only it has
    /// (flush, compaction, snapshots, stored views) is reached through this.
    engine: Option<Arc<Engine>>,
    /// Where dynamic keyspaces persist; the lock serializes schema changes.
    schema_store: Mutex<SchemaStore>,
    pub auth: Arc<dyn Authenticator>,
    /// The configuration file, returned by `get_string_property("config file")`.
    pub config_file: Option<PathBuf>,
    /// This node's address as clients and rings name it (e.g. "127.0.0.1").
    pub endpoint: String,
    /// This node's token as a partitioner string (it owns the whole ring).
    pub token: String,
    /// Its tokens when it has more than one (`num_tokens`, vnodes),
    /// sorted as the partitioner orders them; empty: `token` alone.
    pub vnode_tokens: Vec<String>,
    /// The Cassandra release this node answers as (`serve
    /// --cassandra-version`); `None`: 0.6.8 and 1.2.9 side by side.
    pub release: Option<&'static crate::release::Release>,
    /// The JVM heap, in MB, of the release answered as, where its answers
    /// depended on it (`crate::release::machine`; `serve --jvm-heap`,
    /// `--machine-memory`). 1024 unless told: the recorded nodes' -Xmx1G.
    pub jvm_heap_mb: u64,
    /// Stamps CQL writes: timestamps strictly increase across connections.
    pub cql_clock: Arc<ServerClock>,
    /// CQL statements prepared on any connection, usable on every one (as 1.2).
    pub prepared: PreparedCache,
    /// Prepared CQL 2 statements. They hold no connection state (keyspace
    /// and schema are read when they run), so one cache serves every
    /// connection; 1.2 kept one per connection, with the same answers.
    pub prepared_cql2: crate::cql2::PreparedCache,
    /// Serializes conditional writes per partition (see [`Node::serialized`]).
    partition_locks: PartitionLocks,
    /// Primed faults (see [`calls::faults`]): none unless a test adds them.
    pub faults: calls::faults::Faults,
    /// The record of recent calls (see [`calls::activity`]); size 0 (off) until set.
    pub activity: calls::activity::Activity,
    /// Shared by every front-end call, exclusive for a reset (`baseline`).
    gate: RwLock<()>,
    /// What a reset returns to, once recorded.
    baseline: Mutex<Option<Arc<baseline::Baseline>>>,
    /// Column families written since the baseline or the last reset.
    dirty: Mutex<baseline::Dirty>,
    /// Whether writes are noted in `dirty` (only once there is a baseline).
    tracking: AtomicBool,
    /// Sees every answered call (metrics), once installed.
    call_observer: std::sync::OnceLock<Arc<dyn calls::observe::CallObserver>>,
    /// Every applied schema change is announced here (see [`notices`]).
    pub notices: schema_change::notices::Notices,
    /// The column family (keyspace, name) whose update failed on the
    /// server, for releases whose later schema changes then failed too
    /// (1.1: see the Thrift front end's release emulation).
    pub failed_cf_update: Mutex<Option<(String, String)>>,
    /// Keyspaces holding a column family the release failed to open
    /// (1.2 and 2.0: see the Thrift front end's release emulation).
    pub unopened_keyspaces: Mutex<std::collections::BTreeSet<String>>,
    /// Each keyspace's tables written but not made (3.0: see the Thrift
    /// front end's release emulation).
    pub unmade_tables: Mutex<BTreeMap<String, Vec<crate::schema::CfSpec>>>,
    /// The column family stores as the release kept them, where it
    /// differed from their definitions (1.0: see [`stores`]).
    pub open_stores: Mutex<stores::OpenStores>,
    /// The id of the last schema change, for releases whose schema version
    /// was it ([`crate::release::Behaviour::SchemaVersionsOfMigrations`]);
    /// `None` before any.
    migration_id: Mutex<Option<uuid::Uuid>>,
    /// Each keyspace's replication as its last KsDef sent it (strategy
    /// options, replication factor), for releases that described it so
    /// (0.7: see the Thrift front end's release emulation).
    pub sent_replication: Mutex<BTreeMap<String, SentReplication>>,
    /// The traced calls' sessions, read as `system_traces` (see [`traces`]).
    pub traces: Arc<crate::trace::Store>,
    /// What the node remembers of its counters between writes, for the
    /// releases whose counts outlived a deletion (see [`counters`]).
    pub counters: CounterMemory,
    /// The cells each table held when its COMPACT STORAGE value column was
    /// renamed, for releases whose reads of them failed (3.x: see
    /// [`renamed_values`]).
    pub renamed_values: Mutex<renamed_values::RenamedValues>,
}

/// The low 64 bits of this node's time UUIDs. 1.2 derived them from the
/// host address; a random value per start is as unique and needs no
/// network lookup.
fn uuid_node() -> u64 {
    let random = uuid::Uuid::new_v4();
    let mut low = [0u8; 8];
    low.copy_from_slice(&random.as_bytes()[8..]);
    u64::from_be_bytes(low)
}

impl Node {
    /// A node serving `engine`, whose schema must be the one `schema_store`
    /// loaded (config keyspaces plus the persisted dynamic ones).
    pub fn new(
        engine: Arc<Engine>,
        schema_store: SchemaStore,
        auth: Arc<dyn Authenticator>,
        endpoint: String,
        token: String,
    ) -> Node {
        let backend: Arc<dyn backend::Backend> = engine.clone();
        let mut node = Node::with_backend(backend, schema_store, auth, endpoint, token);
        node.engine = Some(engine);
        node
    }

    /// A node whose data lives in `backend` (a cluster), with no embedded
    /// engine; `schema_store` as for [`Node::new`].
    pub fn with_backend(
        backend: Arc<dyn backend::Backend>,
        schema_store: SchemaStore,
        auth: Arc<dyn Authenticator>,
        endpoint: String,
        token: String,
    ) -> Node {
        Node {
            backend,
            engine: None,
            schema_store: Mutex::new(schema_store),
            auth,
            config_file: None,
            endpoint,
            token,
            vnode_tokens: Vec::new(),
            release: None,
            jvm_heap_mb: 1024,
            cql_clock: Arc::new(ServerClock::new(uuid_node())),
            prepared: PreparedCache::new(),
            prepared_cql2: crate::cql2::PreparedCache::new(),
            partition_locks: PartitionLocks::new(),
            faults: calls::faults::Faults::new(),
            activity: calls::activity::Activity::new(0),
            gate: RwLock::new(()),
            baseline: Mutex::new(None),
            dirty: Mutex::new(baseline::Dirty::default()),
            tracking: AtomicBool::new(false),
            call_observer: std::sync::OnceLock::new(),
            notices: schema_change::notices::Notices::default(),
            failed_cf_update: Mutex::new(None),
            unopened_keyspaces: Mutex::new(Default::default()),
            unmade_tables: Mutex::new(BTreeMap::new()),
            open_stores: Mutex::new(BTreeMap::new()),
            migration_id: Mutex::new(None),
            sent_replication: Mutex::new(BTreeMap::new()),
            traces: Arc::new(crate::trace::Store::new()),
            counters: CounterMemory::default(),
            renamed_values: Mutex::new(BTreeMap::new()),
        }
    }

    /// Runs `f` (a read, a comparison and maybe a write of one partition)
    /// while no other conditional write of that partition runs. Timestamps
    /// `f` takes from the CQL clock inside are thereby later than those of
    /// every conditional write it could have read.
    pub fn serialized<T>(&self, keyspace: &str, cf: &str, key: &[u8], f: impl FnOnce() -> T) -> T {
        let _guard = self.partition_locks.stripe(keyspace, cf, key).lock();
        f()
    }

    /// The current schema (config and dynamic keyspaces): take it once per call.
    pub fn schema(&self) -> Arc<Schema> {
        self.backend.schema()
    }

    /// The embedded engine, for what only it has (see [`backend`]);
    /// `None` when the data lives in a cluster.
    pub fn engine(&self) -> Option<&Arc<Engine>> {
        self.engine.as_ref()
    }

    /// `f` on the cluster the data lives in, its errors the node's; `None`
    /// with the embedded engine (this node alone is the ring).
    pub fn on_cluster<T>(
        &self,
        f: impl FnOnce(&crate::gateway::Cluster) -> crate::gateway::driver::error::GatewayResult<T>,
    ) -> Option<NodeResult<T>> {
        self.backend
            .cluster()
            .map(|c| f(c).map_err(error::gateway_error))
    }

    /// The storage backend every data call goes through.
    pub fn backend(&self) -> &Arc<dyn backend::Backend> {
        &self.backend
    }

    /// The embedded engine, for `what` only it can do (flush, compaction,
    /// snapshots, statistics); a clear refusal with a cluster backend. Its
    /// calls' errors become [`EngineError`]s.
    pub fn embedded(&self, what: &str) -> NodeResult<&Arc<Engine>> {
        self.engine().ok_or_else(|| self.engine_only(what))
    }

    /// The refusal of an engine-only operation with a cluster backend.
    pub fn engine_only(&self, what: &str) -> NodeError {
        NodeError::Invalid(format!(
            "{what} is not available with the {} backend",
            self.backend.kind()
        ))
    }

    /// Installs the observer of answered calls (once; a second is refused).
    pub fn observe_calls(&self, observer: Arc<dyn calls::observe::CallObserver>) -> bool {
        self.call_observer.set(observer).is_ok()
    }

    /// The observer of answered calls, if one is installed.
    pub fn call_observer(&self) -> Option<&dyn calls::observe::CallObserver> {
        self.call_observer.get().map(|o| &**o)
    }

    /// Server time in seconds (deletion times, expiry).
    pub fn now(&self) -> i32 {
        now_seconds()
    }
}

/// Seconds since the epoch, saturated to `i32` (Cassandra's local deletion
/// times are 32-bit seconds).
pub fn now_seconds() -> i32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    i32::try_from(secs).unwrap_or(i32::MAX)
}

impl Node {
    /// Discards all data of one column family (durable), and what the node
    /// remembers of its counters (3.x invalidated its cache so).
    pub fn truncate(&self, keyspace: &str, cf: &str) -> NodeResult<()> {
        self.note_cf(keyspace, cf);
        self.counters.forget(keyspace, cf);
        self.forget_renamed_values(keyspace, cf);
        self.backend.truncate(keyspace, cf)
    }

    // Reads count what they return toward the reply of the call (see
    // `node::reply`): a reply over its cap is refused as it grows.

    pub fn read(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<RowResult> {
        let allowance = reply::row_allowance();
        let row = if self.reads_traces(&cmd.keyspace) {
            Some(self.read_trace(cmd, key))
        } else {
            self.backend
                .read_bounded(cmd, key, allowance.unwrap_or(usize::MAX))?
        };
        // Cut short only when over what the reply may still take.
        let row = row.ok_or_else(Self::reply_too_large)?;
        reply::hold(key, &row)?;
        Ok(row)
    }

    /// [`Node::read`] where the backend can show the row's columns in place
    /// (see `Backend::read_in_place`): each goes to `each` as it is found,
    /// in place where the backend can, and the row counts toward the reply as `read` counts
    /// it. `Ok(false)` when the backend cannot: the caller discards what
    /// `each` saw and calls [`Node::read`]. On an error too, what `each`
    /// saw is no answer.
    pub fn read_in_place(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        each: &mut dyn FnMut(CellView<'_>),
    ) -> NodeResult<bool> {
        if self.reads_traces(&cmd.keyspace) {
            return Ok(false);
        }
        let allowance = reply::row_allowance();
        let mut tally = reply::Tally::default();
        let read =
            self.backend
                .read_in_place(cmd, key, allowance.unwrap_or(usize::MAX), &mut |c| {
                    tally.column(c.name.len() + c.value.len());
                    each(c)
                })?;
        match read {
            None => Ok(false),
            Some(false) => Err(Self::reply_too_large()),
            Some(true) => reply::hold_tally(key, tally).map(|()| true),
        }
    }

    /// How many columns [`Node::read`] would answer (`get_count`): counted
    /// as the row is read, so nothing is held and nothing joins the reply.
    pub fn count(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<usize> {
        if self.reads_traces(&cmd.keyspace) {
            return Ok(self.read_trace(cmd, key).len());
        }
        self.backend.count(cmd, key)
    }

    /// The refusal of the current call's reply as too large.
    fn reply_too_large() -> NodeError {
        reply::too_large(reply::cap().unwrap_or(0))
    }

    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        let mut refused = None;
        // A row is read only while it fits what the reply may still take
        // when the range starts (it can only take less later).
        let allowance = reply::row_allowance().unwrap_or(usize::MAX);
        if self.reads_traces(&cmd.keyspace) {
            let rows = self.read_trace_range(cmd, range, max_rows)?;
            for (key, row) in &rows {
                reply::hold(key, row)?;
            }
            return Ok(rows);
        }
        let rows =
            self.backend
                .read_range_while(cmd, range, max_rows, allowance, &mut |key, row| {
                    refused = match row {
                        Some(row) => reply::hold(key, row).err(),
                        None => Some(Self::reply_too_large()),
                    };
                    refused.is_none()
                })?;
        match refused {
            Some(e) => Err(e),
            None => Ok(rows),
        }
    }

    /// Rows found through the KEYS secondary indexes, read with `cmd`'s slice.
    pub fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        let rows = self.backend.read_indexed(cmd, query)?;
        for (key, row) in &rows {
            reply::hold(key, row)?;
        }
        Ok(rows)
    }

    /// Rows of `range` matching a `row_filter`'s expressions, found through
    /// the backend's index where it has one (`None`: scan the range).
    pub fn read_range_filtered(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        exprs: &[crate::model::IndexExpression],
        max_rows: usize,
    ) -> NodeResult<Option<Vec<(Bytes, RowResult)>>> {
        let rows = self
            .backend
            .read_range_filtered(cmd, range, exprs, max_rows)?;
        for (key, row) in rows.iter().flatten() {
            reply::hold(key, row)?;
        }
        Ok(rows)
    }

    /// Whether the explorer's partition views show the data as stored
    /// (the embedded engine: tombstones and markers included) rather than
    /// as a cluster's reads answer it (live cells only; see `node::live`).
    pub fn stored_views(&self) -> bool {
        self.engine.is_some()
    }

    /// One partition as stored: every cell (tombstones included) and
    /// marker, at most `max_items` top-level items from the name `from` on
    /// (empty: the start; the explorer's view).
    /// With a cluster, the partition as a read answers it (see `node::live`).
    pub fn stored_partition(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        from: &[u8],
        max_items: usize,
    ) -> NodeResult<Option<crate::storage::stored_view::StoredPartition>> {
        match &self.engine {
            Some(engine) => engine
                .stored_partition(keyspace, cf, key, from, max_items)
                .map_err(storage_error),
            None => live::partition(
                &*self.backend,
                keyspace,
                cf,
                key,
                from,
                max_items,
                &live::Budget::DEFAULT,
            ),
        }
    }

    /// The partition as each store holds it, said to be a table an
    /// emulated flush kept or not (see `storage::Engine::partition_copies`);
    /// a cluster's is one copy, not kept, as `stored_partition` answers it.
    pub fn partition_copies(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
    ) -> NodeResult<Vec<(bool, crate::storage::stored_view::StoredPartition)>> {
        match &self.engine {
            Some(engine) => engine
                .partition_copies(keyspace, cf, key)
                .map_err(storage_error),
            None => Ok(self
                .stored_partition(keyspace, cf, key, b"", usize::MAX)?
                .map(|p| (false, p))
                .into_iter()
                .collect()),
        }
    }

    /// The size of one partition (cells and bytes as stored), if it
    /// exists; with a cluster, as a read answers it (see `node::live`).
    pub fn partition_size(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
    ) -> NodeResult<Option<crate::storage::stored_view::PartitionSize>> {
        match &self.engine {
            Some(engine) => engine
                .partition_size(keyspace, cf, key)
                .map_err(storage_error),
            None => live::partition_size(&*self.backend, keyspace, cf, key, &live::Budget::DEFAULT),
        }
    }

    /// Partition sizes in ring order after `after` (see
    /// `Engine::partition_sizes`), until `each` says stop; with a cluster,
    /// the partitions its reads return, sized as they answer them.
    pub fn partition_sizes(
        &self,
        keyspace: &str,
        cf: &str,
        after: Option<&[u8]>,
        each: &mut dyn FnMut(crate::storage::stored_view::PartitionSize) -> bool,
    ) -> NodeResult<()> {
        match &self.engine {
            Some(engine) => engine
                .partition_sizes(keyspace, cf, after, each)
                .map_err(storage_error),
            None => live::partition_sizes(
                &*self.backend,
                keyspace,
                cf,
                after,
                &live::Budget::DEFAULT,
                each,
            ),
        }
    }

    /// Keys that may match an indexed `Eq` (KEYS or COMPOSITES), unchecked.
    pub fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
    ) -> NodeResult<Option<Vec<Bytes>>> {
        self.backend.index_candidates(keyspace, cf, query)
    }

    pub fn apply(&self, m: &RowMutation) -> NodeResult<()> {
        self.apply_batch(std::slice::from_ref(m))
    }

    /// One engine call: the batch is validated whole and logged once. With
    /// a cluster backend each row is written by itself (see
    /// [`Node::apply_logged`] for all or none).
    pub fn apply_batch(&self, ms: &[RowMutation]) -> NodeResult<()> {
        self.apply_batch_as(ms, Atomicity::PerRow)
    }

    /// [`Node::apply_batch`] of an atomic batch (`atomic_batch_mutate`, a
    /// logged CQL3 or native batch): with a cluster backend, its rows go
    /// through the cluster's batch log.
    pub fn apply_logged(&self, ms: &[RowMutation]) -> NodeResult<()> {
        self.apply_batch_as(ms, Atomicity::Logged)
    }

    fn apply_batch_as(&self, ms: &[RowMutation], atomicity: Atomicity) -> NodeResult<()> {
        let ms = self.settle_counters(ms);
        if ms.is_empty() {
            return Ok(());
        }
        // Noted before the write: a reset after a failed write only
        // rewrites the column family once more.
        self.note_writes(&ms);
        self.backend.apply_batch(&ms, atomicity)
    }

    /// [`Node::apply_batch`] (or, `logged`, [`Node::apply_logged`]) for
    /// mutations held packed (a big batch's).
    pub fn apply_packed(&self, batch: &PackedBatch, logged: bool) -> NodeResult<()> {
        // A counter batch of an emulated release is written as mutations:
        // the release's counter rules read and rewrite its increments.
        let schema = self.schema();
        let counters = |(ks, cf): (&str, &str)| schema.cf(ks, cf).is_some_and(|d| d.is_counter());
        if self.release.is_some() && batch.tables().any(counters) {
            let ms = batch
                .to_mutations()
                .map_err(|e| NodeError::Internal(e.to_string()))?;
            return self.apply_batch_as(
                &ms,
                if logged {
                    Atomicity::Logged
                } else {
                    Atomicity::PerRow
                },
            );
        }
        for (ks, cf) in batch.tables() {
            self.note_cf(ks, cf);
        }
        let atomicity = match logged {
            true => Atomicity::Logged,
            false => Atomicity::PerRow,
        };
        self.backend.apply_packed(batch, atomicity)
    }
}

#[cfg(test)]
mod tests;
