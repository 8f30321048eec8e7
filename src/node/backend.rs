//! The storage border: what [`Node`](super::Node) needs of whatever holds
//! the data, as one object-safe trait, [`Backend`].
//!
//! Why a trait here and not in `storage`: the border is the node's need
//! (read, write, truncate, take a schema), and its errors are the node's
//! ([`NodeError`]), which every front end already maps in one place. Two
//! implementations sit below the node as siblings and know nothing of it:
//! the embedded `storage::Engine` (implemented here, a thin forwarding with
//! no copies: the same borrowed commands and mutations reach the engine) and
//! the cluster `gateway::Cluster` (implemented here too, so that `gateway`
//! need not know `node`). Each maps its own errors into [`NodeError`] in one
//! function (`node::error`).
//!
//! What stays engine-only, reached through `Node::engine()` (an `Option`,
//! `None` with a cluster backend, no downcast): flush, compaction,
//! snapshots, per-CF statistics and metrics, and the no-wait routing of
//! `thrift::transport::handoff` (whether a write may wait; reads are
//! attempted on the embedded engine). A front end
//! asking for one of those with a cluster backend gets a clear refusal,
//! never a guess. The explorer's partition views (`Node::stored_partition`,
//! `partition_size(s)`) are the engine's stored views with it, and with a
//! cluster are built on this trait's reads (`node::live`: live cells only).
//!
//! A write says whether its rows go all or none ([`Atomicity`]): an atomic
//! batch (`atomic_batch_mutate`, a logged CQL3 or native batch) reaches
//! a cluster as one logged batch, through its batch log; the engine
//! applies every batch whole in one call and one commit-log write, so it
//! takes both alike.
//!
//! This module must not implement storage semantics; it only forwards.

use super::error::{
    gateway_call_error, gateway_error, schema_storage_error, storage_error, Asked, ClusterCall,
};
use super::NodeResult;
use crate::call::{Atomicity, Consistency};
use crate::gateway::Cluster;
use crate::model::{
    Bytes, CellView, IndexExpression, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult,
};
use crate::schema::Schema;
use crate::storage::packed_batch::PackedBatch;
use crate::storage::Engine;
use std::sync::Arc;

/// Called for each row a range read finds, as it is read: `None` when the
/// row is bigger than the read may hold; `false` stops the read there.
pub type KeepRow<'a> = &'a mut dyn FnMut(&[u8], Option<&RowResult>) -> bool;

/// Where a node's data lives. All calls block; implementations are shared
/// between threads behind an `Arc`.
pub trait Backend: Send + Sync {
    /// A short name for logs and the admin surface ("embedded", "cassandra").
    fn kind(&self) -> &'static str;

    /// The schema snapshot the backend serves.
    fn schema(&self) -> Arc<Schema>;

    /// Takes a new schema (already validated and persisted by the node).
    fn update_schema(&self, next: Arc<Schema>) -> NodeResult<()>;

    /// Discards all data of one column family.
    fn truncate(&self, keyspace: &str, cf: &str) -> NodeResult<()>;

    /// One row's slice; `None` when it would hold more than `max_bytes`.
    fn read_bounded(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
    ) -> NodeResult<Option<RowResult>>;

    /// [`Backend::read_bounded`] with each column of the answer shown to
    /// `each` in order rather than returned (in place, none copied, where
    /// the backend can): `Some(false)` for `read_bounded`'s `None`. `None` when it cannot
    /// (the default): the caller discards what `each` saw, if anything, and
    /// calls `read_bounded`.
    fn read_in_place(
        &self,
        _cmd: &ReadCommand,
        _key: &[u8],
        _max_bytes: usize,
        _each: &mut dyn FnMut(CellView<'_>),
    ) -> NodeResult<Option<bool>> {
        Ok(None)
    }

    /// How many items [`Backend::read_bounded`] would return.
    fn count(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<usize>;

    /// Whether one row's read of `cmd` met anything, tombstones included
    /// (see `storage::query::row_met`); `None` where the backend cannot tell
    /// (the default).
    fn read_met(&self, _cmd: &ReadCommand, _key: &[u8]) -> NodeResult<Option<bool>> {
        Ok(None)
    }

    /// Up to `max_rows` rows of `range` in ring order, each shown to `keep`
    /// as it is read (see [`KeepRow`]).
    fn read_range_while(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
        max_row_bytes: usize,
        keep: KeepRow<'_>,
    ) -> NodeResult<Vec<(Bytes, RowResult)>>;

    /// Rows found through secondary indexes, read with `cmd`'s slice.
    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> NodeResult<Vec<(Bytes, RowResult)>>;

    /// Rows of `range` matching every expression of a `row_filter`, at most
    /// `max_rows`, read with `cmd`'s slice, where the backend finds them
    /// through an index; `None` when it does not (the caller scans the
    /// range, as the embedded engine's callers do).
    fn read_range_filtered(
        &self,
        _cmd: &ReadCommand,
        _range: &RowRange,
        _exprs: &[IndexExpression],
        _max_rows: usize,
    ) -> NodeResult<Option<Vec<(Bytes, RowResult)>>> {
        Ok(None)
    }

    /// Keys that may match an indexed `Eq`, unchecked (`None`: no index).
    fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
    ) -> NodeResult<Option<Vec<Bytes>>>;

    /// Applies mutations as one batch, its rows all or none when
    /// `atomicity` says so (each row is always whole).
    fn apply_batch(&self, ms: &[RowMutation], atomicity: Atomicity) -> NodeResult<()>;

    /// [`Backend::apply_batch`] for mutations held packed.
    fn apply_packed(&self, batch: &PackedBatch, atomicity: Atomicity) -> NodeResult<()>;

    /// Whether the backend still takes calls (false after shutdown).
    fn is_open(&self) -> bool;

    /// The cluster the data lives in, for what describes it (its ring,
    /// partitioner and splits); `None` for the embedded engine, whose node
    /// is the whole ring.
    fn cluster(&self) -> Option<&Cluster> {
        None
    }
}

impl Backend for Engine {
    fn kind(&self) -> &'static str {
        "embedded"
    }

    fn schema(&self) -> Arc<Schema> {
        Engine::schema(self)
    }

    fn update_schema(&self, next: Arc<Schema>) -> NodeResult<()> {
        Engine::update_schema(self, next).map_err(schema_storage_error)
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> NodeResult<()> {
        Engine::truncate(self, keyspace, cf).map_err(storage_error)
    }

    fn read_bounded(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
    ) -> NodeResult<Option<RowResult>> {
        Engine::read_bounded(self, cmd, key, max_bytes).map_err(storage_error)
    }

    fn read_in_place(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
        each: &mut dyn FnMut(CellView<'_>),
    ) -> NodeResult<Option<bool>> {
        Engine::read_in_place(self, cmd, key, max_bytes, each).map_err(storage_error)
    }

    fn count(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<usize> {
        Engine::count(self, cmd, key).map_err(storage_error)
    }

    fn read_met(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<Option<bool>> {
        Engine::read_met(self, cmd, key)
            .map(Some)
            .map_err(storage_error)
    }

    fn read_range_while(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
        max_row_bytes: usize,
        keep: KeepRow<'_>,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        Engine::read_range_while(self, cmd, range, max_rows, max_row_bytes, keep)
            .map_err(storage_error)
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        Engine::read_indexed(self, cmd, query).map_err(storage_error)
    }

    fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
    ) -> NodeResult<Option<Vec<Bytes>>> {
        Engine::index_candidates(self, keyspace, cf, query).map_err(storage_error)
    }

    // One node is the whole ring: a batch applied in one call, logged once
    // in the commit log, is already all or none, as a logged batch is; a
    // batch log would add nothing.
    fn apply_batch(&self, ms: &[RowMutation], _: Atomicity) -> NodeResult<()> {
        Engine::apply_batch(self, ms).map_err(storage_error)
    }

    fn apply_packed(&self, batch: &PackedBatch, _: Atomicity) -> NodeResult<()> {
        Engine::apply_packed(self, batch).map_err(storage_error)
    }

    fn is_open(&self) -> bool {
        Engine::is_open(self)
    }
}

/// The call's level, else the one the cluster URL names.
fn level(cluster: &Cluster) -> Consistency {
    crate::call::with(|s| s.level).unwrap_or(cluster.url().consistency)
}

/// A read of `keyspace` at the call's level, for its errors.
fn read_call(cluster: &Cluster, keyspace: &str) -> ClusterCall {
    ClusterCall::new(
        level(cluster),
        replication_factor(cluster, keyspace),
        Asked::Read,
    )
}

/// A write of `ms` at the call's level, for its errors: several rows go
/// as a logged batch when written atomically (BATCH), else unlogged
/// (UNLOGGED_BATCH); one row is SIMPLE.
fn write_call(cluster: &Cluster, ms: &[RowMutation], atomicity: Atomicity) -> ClusterCall {
    let keyspace = ms.first().map_or("", |m| m.keyspace.as_str());
    let write_type = match atomicity {
        _ if ms.len() < 2 => "SIMPLE",
        Atomicity::Logged => "BATCH",
        Atomicity::PerRow => "UNLOGGED_BATCH",
    };
    ClusterCall::new(
        level(cluster),
        replication_factor(cluster, keyspace),
        Asked::Write(write_type),
    )
}

fn replication_factor(cluster: &Cluster, keyspace: &str) -> i32 {
    cluster
        .schema()
        .keyspace(keyspace)
        .map_or(1, |k| k.replication_factor)
}

// The single-row reads and the writes are the calls a front end may await
// rather than block on (see `node::defer`): the futures own a copy of the
// command or mutations, as they outlive the handler's borrow.

/// One row's slice from the cluster, blocking or awaited (`node::defer`).
fn read_deferred(
    cluster: &Cluster,
    cmd: &ReadCommand,
    key: &[u8],
    max_bytes: usize,
) -> NodeResult<Option<RowResult>> {
    let call = read_call(cluster, &cmd.keyspace);
    let cl = call.consistency;
    let error = move |e| gateway_call_error(e, call);
    super::defer::call(
        || {
            let read = cluster.read_owned(cmd.clone(), key.to_vec(), max_bytes, cl);
            async move { read.await.map_err(error) }
        },
        || Cluster::read(cluster, cmd, key, max_bytes, cl).map_err(error),
    )
}

/// Mutations written to the cluster, blocking or awaited (`node::defer`).
fn apply_deferred(cluster: &Cluster, ms: &[RowMutation], atomicity: Atomicity) -> NodeResult<()> {
    let call = write_call(cluster, ms, atomicity);
    let cl = call.consistency;
    let error = move |e| gateway_call_error(e, call);
    super::defer::call(
        || {
            let write = cluster.apply_owned(ms, cl, atomicity);
            async move { write.await.map_err(error) }
        },
        || Cluster::apply(cluster, ms, cl, atomicity).map_err(error),
    )
}

impl Backend for Cluster {
    fn kind(&self) -> &'static str {
        "cassandra"
    }

    fn schema(&self) -> Arc<Schema> {
        Cluster::schema(self)
    }

    fn update_schema(&self, next: Arc<Schema>) -> NodeResult<()> {
        Cluster::update_schema(self, next).map_err(gateway_error)
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> NodeResult<()> {
        // Cassandra truncates on every node whatever the level (ALL), and
        // answers a replica down or silent as a truncate error.
        let call = ClusterCall::new(
            Consistency::All,
            replication_factor(self, keyspace),
            Asked::Truncate,
        );
        Cluster::truncate(self, keyspace, cf, level(self)).map_err(|e| gateway_call_error(e, call))
    }

    fn read_bounded(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        max_bytes: usize,
    ) -> NodeResult<Option<RowResult>> {
        read_deferred(self, cmd, key, max_bytes)
    }

    fn count(&self, cmd: &ReadCommand, key: &[u8]) -> NodeResult<usize> {
        read_deferred(self, cmd, key, usize::MAX).map(|row| row.map_or(0, |r| r.len()))
    }

    fn read_range_while(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
        max_row_bytes: usize,
        keep: KeepRow<'_>,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        let call = read_call(self, &cmd.keyspace);
        Cluster::read_range(
            self,
            cmd,
            range,
            max_rows,
            max_row_bytes,
            keep,
            call.consistency,
        )
        .map_err(|e| gateway_call_error(e, call))
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        let call = read_call(self, &cmd.keyspace);
        Cluster::read_indexed(self, cmd, query, call.consistency)
            .map_err(|e| gateway_call_error(e, call))
    }

    fn read_range_filtered(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        exprs: &[IndexExpression],
        max_rows: usize,
    ) -> NodeResult<Option<Vec<(Bytes, RowResult)>>> {
        let call = read_call(self, &cmd.keyspace);
        Cluster::read_range_filtered(self, cmd, range, exprs, max_rows, call.consistency)
            .map_err(|e| gateway_call_error(e, call))
    }

    fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
    ) -> NodeResult<Option<Vec<Bytes>>> {
        let call = read_call(self, keyspace);
        Cluster::index_candidates(self, keyspace, cf, query, call.consistency)
            .map_err(|e| gateway_call_error(e, call))
    }

    fn apply_batch(&self, ms: &[RowMutation], atomicity: Atomicity) -> NodeResult<()> {
        apply_deferred(self, ms, atomicity)
    }

    fn apply_packed(&self, batch: &PackedBatch, atomicity: Atomicity) -> NodeResult<()> {
        let ms = batch
            .to_mutations()
            .map_err(|e| super::NodeError::Internal(e.to_string()))?;
        apply_deferred(self, &ms, atomicity)
    }

    fn is_open(&self) -> bool {
        true
    }

    fn cluster(&self) -> Option<&Cluster> {
        Some(self)
    }
}
