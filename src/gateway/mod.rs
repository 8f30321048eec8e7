//! The cluster backend: supercolumn's storage as tables of a Cassandra or
//! ScyllaDB cluster, reached over the CQL native protocol (the `scylla`
//! driver: token-aware routing, retries, paging, both databases).
//!
//! A sibling of `storage` below `node`: it takes the same commands and
//! mutations (`model`) and answers with the same rows, so that
//! every front end above the node is unchanged. It must not know `node` or
//! any front end; `node::backend` adapts [`Cluster`] to the node's border
//! and maps `GatewayError` to the node's errors in one place. This file
//! holds that face, [`Cluster`], and what every call shares: the
//! consistency levels and [`block_on`].
//!
//! The order of its modules, lowest first (`layering.rs` checks it as it
//! checks the crate's: a module uses only modules of earlier layers):
//!
//! 1. [`driver`]: the border to the driver and the cluster before any
//!    table: the address (`url`), the driver's errors typed and counted
//!    (`error`), bytes bound and read (`values`), what the cluster says of
//!    itself and the table storage its release implies (`facts`).
//! 2. [`table`]: a CF as a table of the cluster, pure: its 3.x layout and
//!    DDL text (`layout`), `CompositeType` comparators as clustering
//!    columns (`composite`), CQL3 tables as real CQL tables (`cql3`),
//!    static tables' undeclared columns (`statics`), the hot statements'
//!    forms (`forms`), secondary indexes' DDL (`index`).
//! 3. [`session`]: what every call shares (`Inner`): statements prepared
//!    once and run, custom-typed tables, the schema and a call's table.
//! 4. [`read`], [`write`], [`ddl`]: a row's slice, ranges, index queries
//!    (`read`); mutations with their timestamps and TTLs, in batches
//!    (`write`); tables created and dropped as supercolumn's schema
//!    changes, agreement awaited (`ddl`). None uses another.
//! 5. [`cluster`]: getting onto a cluster (`handshake`, `admit`,
//!    `connect`) and its shape (`ring`, `splits`).
//!
//! The driver is async and the node's calls block: the driver's tasks run
//! on a multi-thread runtime (the cluster's own, or the server's: see
//! [`Connection::open_on`](cluster::connect::Connection::open_on)), and a
//! call polls its future on the calling thread until it ends
//! ([`block_on`]), from whatever thread (pool or runtime worker) it runs
//! on. The single-row reads and the writes are also futures owning their
//! inputs ([`Cluster::read_owned`], [`Cluster::apply_owned`]), which a
//! front end's network task awaits instead (see `node::defer`).
//! The statements are written in the CQL3 subset Cassandra 1.2 and 3.x
//! share, except where noted (`DeleteRange` uses 3.0's range deletion).

pub mod cluster;
pub mod ddl;
pub mod driver;
pub mod read;
pub mod session;
pub mod table;
pub mod write;

use crate::call::{Atomicity, Consistency};
use crate::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::schema::Schema;
use cluster::connect::{Connection, SchemaSync};
use cluster::{ring, splits};
use driver::error::{GatewayError, GatewayResult};
use driver::facts::ClusterFacts;
use driver::url::ClusterUrl;
use read::{index, rows, scan};
use session::Inner;
use std::future::Future;

/// The longest a health check waits for a node's answer.
pub const HEALTH_DEADLINE: std::time::Duration = std::time::Duration::from_secs(2);
use std::sync::Arc;

/// A cluster call's future owning its inputs, boxed (see
/// [`Cluster::read_owned`]).
pub type Owned<T> = std::pin::Pin<Box<dyn Future<Output = GatewayResult<T>> + Send + 'static>>;

/// A connected cluster serving supercolumn's schema.
pub struct Cluster {
    inner: Arc<Inner>,
    /// The runtime the driver's tasks run on (its own, or the caller's).
    driver: tokio::runtime::Handle,
    /// The cluster's own runtime, when it has one (held to be shut down
    /// when the cluster is dropped).
    _own: OwnRuntime,
}

/// A runtime of the cluster's own, when it has one: `Some` until drop (a
/// runtime must be shut down without blocking when the last node reference
/// goes inside an async context).
struct OwnRuntime(Option<tokio::runtime::Runtime>);

impl Drop for OwnRuntime {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

impl Cluster {
    /// Connects to `url` (see [`Connection::open`]) and serves `schema`,
    /// creating the tables it has and the cluster lacks: `migrate`'s start.
    /// A cluster whose partitioner is not the schema's is refused.
    pub fn connect(url: &ClusterUrl, schema: Arc<Schema>) -> GatewayResult<Cluster> {
        let connection = Connection::open(url)?;
        connection
            .facts()
            .check_partitioner(schema.partitioner.class_name())?;
        connection.serve(schema, SchemaSync::Create)
    }

    /// The cluster's own description, read when it was connected.
    pub fn facts(&self) -> &ClusterFacts {
        &self.inner.facts
    }

    /// Whether a node of the cluster answers now: one read of
    /// `system.local` within [`HEALTH_DEADLINE`] (not counted among the
    /// calls' errors); the reason when none does.
    pub fn reachable(&self) -> GatewayResult<()> {
        let session = &self.inner.session;
        block_on(&self.driver, async move {
            let read = session.query_unpaged("SELECT release_version FROM system.local", ());
            match tokio::time::timeout(HEALTH_DEADLINE, read).await {
                Ok(result) => result.map(|_| ()).map_err(GatewayError::from),
                Err(_) => Err(GatewayError::Unreachable(format!(
                    "no node answered within {HEALTH_DEADLINE:?}"
                ))),
            }
        })
    }

    /// The cluster errors the calls met so far, by [`GatewayError::kind`].
    pub fn error_counts(&self) -> Vec<(&'static str, u64)> {
        self.inner.errors.counts()
    }

    /// Runs `f` to its end on this thread (see [`block_on`]).
    fn block<T: Send>(&self, f: impl Future<Output = GatewayResult<T>> + Send) -> GatewayResult<T> {
        self.inner.counted(block_on(&self.driver, f))
    }

    /// [`Cluster::read`] as a future owning what it reads with, for a
    /// caller that awaits the cluster's answer on its own task rather than
    /// block a thread on it (a front end's, through `node::defer`). Boxed
    /// where it is made: a read's future holds every await's state (several
    /// KiB), which each move on its way to the awaiting task would copy.
    pub fn read_owned(
        &self,
        cmd: ReadCommand,
        key: Bytes,
        max_bytes: usize,
        cl: Consistency,
    ) -> Owned<Option<RowResult>> {
        let inner = Arc::clone(&self.inner);
        Box::pin(async move {
            let row = read::row::read_row(&inner, &cmd, &key, max_bytes, cl).await;
            inner.counted(row)
        })
    }

    /// [`Cluster::apply`] as a future owning what it sends (see
    /// [`Cluster::read_owned`]): the statements are made here, from the
    /// borrowed mutations (their values copied once, into the statements),
    /// and sent when it is awaited; a refusal comes out of the future.
    pub fn apply_owned(
        &self,
        ms: &[RowMutation],
        cl: Consistency,
        atomicity: Atomicity,
    ) -> Owned<()> {
        let inner = Arc::clone(&self.inner);
        let plans = write::plan::plan(&inner, ms);
        Box::pin(async move {
            let written = match plans {
                Ok(plans) => write::send::send_all(&inner, &plans, cl, atomicity).await,
                Err(e) => Err(e),
            };
            inner.counted(written)
        })
    }

    pub fn schema(&self) -> Arc<Schema> {
        self.inner.schema()
    }

    pub fn url(&self) -> &ClusterUrl {
        &self.inner.url
    }

    /// Takes supercolumn's new schema: tables it added are created in the
    /// cluster, tables it dropped are dropped there, agreement is awaited.
    pub fn update_schema(&self, next: Arc<Schema>) -> GatewayResult<()> {
        let old = self.schema();
        let synced = self.block(ddl::sync(&self.inner, Some(&old), &next));
        // A table dropped and made again under its name is another table:
        // what was prepared for the old one is not reused.
        self.inner.statements.clear();
        synced?;
        self.inner.set_schema(next);
        self.inner.statements.clear();
        Ok(())
    }

    pub fn truncate(&self, keyspace: &str, cf: &str, cl: Consistency) -> GatewayResult<()> {
        self.block(ddl::truncate(&self.inner, keyspace, cf, cl))
    }

    /// One row's slice; `None` when it holds more than `max_bytes`.
    pub fn read(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
        cl: Consistency,
    ) -> GatewayResult<Option<RowResult>> {
        self.block(read::row::read_row(&self.inner, cmd, key, max_bytes, cl))
    }

    /// Up to `max_rows` rows of `range` in the cluster's token order, each
    /// shown to `keep` as it is read (`None`: over `max_row_bytes`); the
    /// read stops when `keep` says no.
    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
        max_row_bytes: usize,
        keep: &mut dyn FnMut(&[u8], Option<&RowResult>) -> bool,
        cl: Consistency,
    ) -> GatewayResult<Vec<(Bytes, RowResult)>> {
        let pieces = scan::pieces(&self.schema(), range)?;
        let walk = rows::Walk {
            keys: rows::Keys::All(cmd),
            cmd,
            max_row_bytes,
            cl,
        };
        walk.rows(self, pieces, max_rows, |key, row, out| {
            let go_on = keep(&key, row.as_ref());
            if let Some(row) = row {
                out.push((key, row));
            }
            go_on
        })
    }

    /// Rows of `cmd`'s CF matching every expression of `query`, in the
    /// cluster's token order from `query.start_key`, at most `query.count`,
    /// each read with `cmd`'s slice (see [`index`]); the engine's checks
    /// and messages first.
    pub fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
        cl: Consistency,
    ) -> GatewayResult<Vec<(Bytes, RowResult)>> {
        index::target_exists(&self.inner, &cmd.keyspace, &cmd.cf)?;
        if cmd.super_column.is_some() {
            return Err(GatewayError::Invalid(
                "indexed reads take no super column".into(),
            ));
        }
        let plan =
            index::plan(&self.inner, &cmd.keyspace, &cmd.cf, query, true)?.ok_or_else(|| {
                GatewayError::Invalid(
                    "No indexed columns present in index clause with operator EQ".into(),
                )
            })?;
        if index::is_cql3(&plan) {
            return Err(index::cql3_refused(&cmd.cf));
        }
        let piece = scan::Piece {
            lower: match query.start_key.is_empty() {
                true => scan::Lower::Open,
                false => scan::Lower::KeyIncluded(query.start_key.clone()),
            },
            upper: scan::Upper::Open,
        };
        self.indexed_rows(cmd, &plan, vec![piece], query.count, cl)
    }

    /// Rows of `range` matching every expression of `exprs` (a `row_filter`),
    /// found through the cluster's index of one of their `Eq` columns,
    /// each read with `cmd`'s slice, at most `max_rows`; `None` when no `Eq`
    /// is on an indexed column (or the CF is a CQL3 table): the caller scans.
    pub fn read_range_filtered(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        exprs: &[crate::model::IndexExpression],
        max_rows: usize,
        cl: Consistency,
    ) -> GatewayResult<Option<Vec<(Bytes, RowResult)>>> {
        if cmd.super_column.is_some() {
            return Ok(None);
        }
        let query = IndexQuery {
            expressions: exprs.to_vec(),
            start_key: Vec::new(),
            count: max_rows,
        };
        let plan = match index::plan(&self.inner, &cmd.keyspace, &cmd.cf, &query, true)? {
            Some(plan) if !index::is_cql3(&plan) => plan,
            _ => return Ok(None),
        };
        let pieces = scan::pieces(&self.schema(), range)?;
        self.indexed_rows(cmd, &plan, pieces, max_rows, cl)
            .map(Some)
    }

    /// The rows of an index plan over `pieces`, read with `cmd`'s slice.
    fn indexed_rows(
        &self,
        cmd: &ReadCommand,
        plan: &index::Plan,
        pieces: Vec<scan::Piece>,
        max_rows: usize,
        cl: Consistency,
    ) -> GatewayResult<Vec<(Bytes, RowResult)>> {
        let walk = rows::Walk {
            keys: rows::Keys::Indexed(plan),
            cmd,
            max_row_bytes: usize::MAX,
            cl,
        };
        walk.rows(self, pieces, max_rows, |key, row, out| {
            // A row whose slice selects none of its columns is still a
            // match (empty), as the engine answers.
            out.push((key, row.unwrap_or(RowResult::Cells(Vec::new()))));
            true
        })
    }

    /// Keys whose rows hold the first indexed `Eq` value of `query`, in
    /// token order from `query.start_key`, at most `query.count` (the
    /// caller checks the rows); `None` when no `Eq` is on an indexed column.
    pub fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
        cl: Consistency,
    ) -> GatewayResult<Option<Vec<Bytes>>> {
        let Some(plan) = index::plan(&self.inner, keyspace, cf, query, false)? else {
            return Ok(None);
        };
        let piece = scan::Piece {
            lower: match query.start_key.is_empty() {
                true => scan::Lower::Open,
                false => scan::Lower::KeyIncluded(query.start_key.clone()),
            },
            upper: scan::Upper::Open,
        };
        let keys = index::keys(&self.inner, &plan, &piece, None, query.count, cl);
        self.block(keys).map(Some)
    }

    /// Applies mutations, each row's changes in order, the rows all or
    /// none when `atomicity` says so (see `write::send`).
    pub fn apply(
        &self,
        ms: &[RowMutation],
        cl: Consistency,
        atomicity: Atomicity,
    ) -> GatewayResult<()> {
        self.block(write::send::apply(&self.inner, ms, cl, atomicity))
    }
}

/// The cluster's ring for a keyspace: its nodes and each range's replicas.
#[derive(Clone, Debug)]
pub struct KeyspaceRing {
    pub ring: ring::Ring,
    pub ranges: Vec<ring::RingRange>,
}

impl Cluster {
    /// The cluster's nodes, tokens and partitioner, read now from its
    /// system tables (each call: a ring changes as nodes join and leave).
    pub fn ring(&self) -> GatewayResult<ring::Ring> {
        self.block(ring::read(&self.inner, Consistency::One))
    }

    /// The ring with each range's replicas under `keyspace`'s replication
    /// in the cluster; a keyspace the cluster does not have is refused as
    /// 1.2 refused one it did not know.
    pub fn keyspace_ring(&self, keyspace: &str) -> GatewayResult<KeyspaceRing> {
        let inner = &*self.inner;
        self.block(async move {
            let replication = ring::replication(inner, keyspace).await?.ok_or_else(|| {
                GatewayError::Invalid(format!("There is no ring for the keyspace: {keyspace}"))
            })?;
            let ring = ring::read(inner, Consistency::One).await?;
            let ranges = ring.ranges(&replication)?;
            Ok(KeyspaceRing { ring, ranges })
        })
    }

    /// The splits of `(start, end]` of one table (see [`splits::splits`]).
    pub fn splits(
        &self,
        keyspace: &str,
        cf: &str,
        start: &str,
        end: &str,
        keys_per_split: usize,
    ) -> GatewayResult<splits::Splits> {
        self.block(splits::splits(
            &self.inner,
            keyspace,
            cf,
            start,
            end,
            keys_per_split,
            Consistency::One,
        ))
    }
}

/// Runs `f` to its end on this thread, with `driver` (the runtime of the
/// driver's tasks) entered, and returns its output.
///
/// The future is polled here; the runtime's workers drive the sockets and
/// timers and run the driver's connection tasks: a call costs one wake-up
/// each way between this thread and a connection task, with no task
/// spawned for it and no channel back (and borrows what it reads, so
/// nothing is copied for it). On a worker of a multi-thread runtime (an
/// inline call of a front end), `block_in_place` first hands that worker's
/// other tasks to another thread, so a call waiting on the network never
/// stalls them. A current-thread runtime cannot hand its tasks off and must
/// not be blocked from within: there (no front end runs one; a caller's
/// `#[tokio::test]` or tool might) the future runs on a scoped thread of
/// its own.
fn block_on<T: Send>(
    driver: &tokio::runtime::Handle,
    f: impl Future<Output = GatewayResult<T>> + Send,
) -> GatewayResult<T> {
    let on_current_thread = tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::CurrentThread);
    if on_current_thread {
        return std::thread::scope(|s| {
            s.spawn(|| driver.block_on(f)).join().unwrap_or_else(|_| {
                Err(GatewayError::Internal(
                    "the cluster backend's call panicked".into(),
                ))
            })
        });
    }
    tokio::task::block_in_place(|| driver.block_on(f))
}

#[cfg(test)]
mod tests;
