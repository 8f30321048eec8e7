//! The cluster backend: supercolumn's storage as tables of a Cassandra or
//! ScyllaDB cluster, reached over the CQL native protocol (the `scylla`
//! driver: token-aware routing, retries, paging, both databases).
//!
//! A sibling of `storage` below `node`: it takes the same commands and
//! mutations (`model`) and answers with the same rows, so that
//! every front end above the node is unchanged. It must not know `node` or
//! any front end; `node::backend` adapts [`Cluster`] to the node's border
//! and maps [`GatewayError`] to the node's errors in one place.
//!
//! One concept per file: `url` (the `cassandra://` address), `connect`
//! (getting onto a cluster under deadlines, what it says of itself), `admit`
//! (the nodes the driver connects to: those that answer), [`layout`]
//! (a CF's table in 3.x's layout, its DDL), [`values`] (bytes in, bytes
//! out), [`statements`] (prepared once, cached by table and form or by
//! text), [`forms`] (the hot reads' and writes' statement forms), [`slice`] (a
//! predicate's names or range in comparator order), [`reads`] (one
//! row's slice), [`scan`] (key and token ranges in partitioner order),
//! `rows` (a range's or an index query's rows, a batch read at once),
//! [`subrange`] (a super column's bounded sub-column range, cut here),
//! [`writes`] (mutations with their timestamps and TTLs), [`ring`] (the
//! cluster's nodes, tokens and replicas), [`splits`] (a range's splits), [`ddl`] (tables
//! created and dropped as supercolumn's schema changes, agreement awaited),
//! `error` (the driver's errors, in one place), [`index`] (secondary
//! indexes: the cluster's own, and queries through them); `CompositeType`
//! comparators as one clustering column per component in [`composite`]
//! (names and bounds) and [`composite::io`] (reads, range deletions); CQL3
//! tables, which the
//! cluster holds as real CQL tables, in [`cql3`] (the model, `CREATE
//! TABLE`), [`cql3::writes`] (cells to row statements) and [`cql3::reads`]
//! (rows to cells).
//!
//! The driver is async and the node's calls block: the driver's tasks run
//! on a multi-thread runtime (the cluster's own, or the server's: see
//! [`Connection::open_on`]), and a call polls its future on the calling
//! thread until it ends ([`block_on`]), from whatever thread (pool or
//! runtime worker) it runs on. The single-row reads and the writes are
//! also futures owning their inputs ([`Cluster::read_owned`],
//! [`Cluster::apply_owned`]), which a front end's network task awaits
//! instead (see `node::defer`).
//! The statements are written in the CQL3 subset Cassandra 1.2 and 3.x
//! share, except where noted (`DeleteRange` uses 3.0's range deletion).

mod admit;
pub mod composite;
mod connect;
pub mod cql3;
pub mod custom;
pub mod ddl;
mod error;
pub mod forms;
pub mod index;
pub mod layout;
pub mod reads;
pub mod ring;
mod rows;
pub mod scan;
pub mod slice;
pub mod splits;
pub mod statements;
pub mod statics;
pub mod subrange;
mod url;
pub mod values;
pub mod writes;

pub use connect::{points_at, ClusterFacts, Connection, SchemaSync};
pub use error::{Acknowledged, GatewayError, GatewayResult, Timeout, TimeoutCause};
pub use url::ClusterUrl;

use crate::call::{Atomicity, Consistency};
use crate::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::schema::Schema;
use parking_lot::RwLock;
use scylla::client::session::Session;
use std::future::Future;

/// The longest a health check waits for a node's answer.
pub const HEALTH_DEADLINE: std::time::Duration = std::time::Duration::from_secs(2);
use std::sync::Arc;

/// A level as the driver names it.
pub(crate) fn driver_level(cl: Consistency) -> scylla::statement::Consistency {
    use scylla::statement::Consistency as C;
    match cl {
        Consistency::Zero | Consistency::Any => C::Any,
        Consistency::One => C::One,
        Consistency::Two => C::Two,
        Consistency::Three => C::Three,
        Consistency::Quorum => C::Quorum,
        Consistency::All => C::All,
        Consistency::LocalQuorum => C::LocalQuorum,
        Consistency::EachQuorum => C::EachQuorum,
        Consistency::LocalOne => C::LocalOne,
    }
}
/// What the async parts share: the session, the statements, the schema.
pub struct Inner {
    pub(crate) session: Session,
    pub(crate) statements: statements::Statements,
    pub(crate) layouts: layout::Layouts,
    schema: RwLock<Arc<Schema>>,
    pub url: ClusterUrl,
    /// How this cluster stores Thrift-era tables (see `layout`).
    pub(crate) storage: layout::Storage,
    /// What the cluster said of itself when connected.
    pub(crate) facts: ClusterFacts,
    /// A reversed slice of one super column's sub-columns is read forward
    /// and reversed here (Cassandra 3.0+ fails it; see `reads`).
    pub(crate) forward_sub_slices: bool,
    /// The calls' cluster errors by kind.
    pub(crate) errors: error::ErrorCounts,
    /// The tables whose types have no CQL name (see `custom`).
    pub(crate) custom: custom::CustomTables,
}

impl Inner {
    pub fn schema(&self) -> Arc<Schema> {
        self.schema.read().clone()
    }

    /// A call's result, its error counted: the one place a call's cluster
    /// errors are counted, however it was waited for.
    fn counted<T>(&self, result: GatewayResult<T>) -> GatewayResult<T> {
        if let Err(e) = &result {
            self.errors.count(e);
        }
        result
    }
}

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
            let row = reads::read_row(&inner, &cmd, &key, max_bytes, cl).await;
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
        let plans = writes::plan(&inner, ms);
        Box::pin(async move {
            let written = match plans {
                Ok(plans) => writes::send_all(&inner, &plans, cl, atomicity).await,
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
        *self.inner.schema.write() = next;
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
        self.block(reads::read_row(&self.inner, cmd, key, max_bytes, cl))
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
    /// none when `atomicity` says so (see `writes`).
    pub fn apply(
        &self,
        ms: &[RowMutation],
        cl: Consistency,
        atomicity: Atomicity,
    ) -> GatewayResult<()> {
        self.block(writes::apply(&self.inner, ms, cl, atomicity))
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
#[path = "block_tests.rs"]
mod block_tests;
