//! The CQL3 executor's backend over the node, shared by every front end
//! that runs CQL3 (Thrift's `execute_cql3_query`, the native protocol): one
//! executor, one row <-> cell mapping, whichever wire a statement came on.
//!
//! Owns the confinement of a statement to the keyspaces its authorization
//! check covered, and keeping aside the node failures the executor can only
//! carry as a `CqlError`. It must not interpret CQL nor know a wire protocol.

use crate::cql::exec::{CqlBackend, CqlOutcome, IndexCandidates};
use crate::cql::CqlError;
use crate::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::node::placement::Placement;
use crate::node::{Acknowledged, Node, NodeError, NodeResult};
use crate::schema::{Schema, SchemaChange};
use crate::storage::packed_batch::PackedBatch;
use parking_lot::Mutex;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The executor's view of the node for one call.
///
/// The executor only knows [`CqlError`] (an InvalidRequestException), but a
/// failing disk must still reach the client as 1.2's "Internal error
/// processing ..." and be logged, so such errors are kept aside and win
/// over the `CqlError` they were squeezed into (see [`NodeBackend::finish`]).
///
/// A confined backend serves only the keyspaces the statement was
/// authorized for: the authorization check reads the statement, and this
/// makes sure no way of running it reaches further (a refusal here is a
/// bug, so it is an internal error, logged).
pub struct NodeBackend<'a> {
    node: &'a Node,
    internal: Mutex<Option<NodeError>>,
    confined: Option<BTreeSet<String>>,
    counts_replicas: bool,
}

impl<'a> NodeBackend<'a> {
    pub fn new(node: &'a Node) -> Self {
        NodeBackend::confined(node, None)
    }

    /// A backend that reaches only `keyspaces` (every keyspace when `None`).
    pub fn confined(node: &'a Node, keyspaces: Option<BTreeSet<String>>) -> Self {
        NodeBackend {
            node,
            internal: Mutex::new(None),
            confined: keyspaces,
            counts_replicas: false,
        }
    }

    /// A backend that refuses, as `UnavailableException`, a read or write
    /// the embedded node alone cannot serve: one at a level blocking for more
    /// replicas than the one live node (`ALL` or `QUORUM` of a keyspace
    /// replicated twice), and from 2.0 a conditional statement whose Paxos
    /// round needs a quorum of more than one (Thrift's CQL 3 calls: the
    /// real node's `StorageProxy` checked the live replicas once the
    /// statement was validated, when it came to read or write).
    pub fn counting_replicas(mut self) -> Self {
        self.counts_replicas = true;
        self
    }

    /// Refuses a read or write of `keyspace` the one node cannot serve at
    /// the call's level (`paxos`: a conditional statement's round, which
    /// needs a quorum of the replicas whatever the level). From 1.2 the
    /// live replicas are counted where the keyspace placed them
    /// ([`Placement`]): none in a data center without the node. ANY with
    /// none live timed out in 1.2 (no endpoint to hint for, acknowledged
    /// by none); 2.0's coordinator wrote the hint and answered.
    fn replicas(&self, keyspace: &str, paxos: bool) -> Result<(), CqlError> {
        if !self.counts_replicas || self.node.engine().is_none() {
            return Ok(());
        }
        let Some(ks) = self.node.schema().keyspace(keyspace).cloned() else {
            return Ok(());
        };
        let level = crate::call::with(|s| s.level);
        let placed = self.node.release.is_some_and(|r| r.at_least(1, 2)) && !ks.is_system();
        if placed {
            let p = Placement::of(&ks);
            let unavailable = || {
                self.fail(NodeError::Unavailable {
                    why: "too few live replicas where the keyspace places them".into(),
                    refusal: None,
                })
            };
            // `getPaxosParticipants`: a majority of the replicas found.
            if paxos && p.live() == 0 {
                return Err(unavailable());
            }
            match level {
                Some(crate::call::Consistency::Any)
                    if p.live() == 0 && self.node.release.is_some_and(|r| !r.at_least(2, 0)) =>
                {
                    return Err(self.fail(NodeError::TimedOut {
                        why: "no replica to hint for at ANY".into(),
                        acknowledged: Acknowledged {
                            by: Some(0),
                            by_batchlog: None,
                        },
                        refusal: None,
                    }));
                }
                Some(level) if !paxos && p.unavailable(level) => return Err(unavailable()),
                _ => {}
            }
        }
        let rf = replication_factor(&ks.strategy_options);
        let needed = if paxos {
            rf / 2 + 1
        } else {
            match level {
                None => 1,
                Some(level) => block_for(level, rf),
            }
        };
        if needed > 1 {
            return Err(self.fail(NodeError::Unavailable {
                why: format!("{needed} replicas needed, 1 alive"),
                refusal: None,
            }));
        }
        Ok(())
    }

    /// Refuses a keyspace outside the confinement.
    fn reach(&self, keyspace: &str) -> Result<(), CqlError> {
        match &self.confined {
            Some(allowed) if !allowed.contains(keyspace) => Err(self.fail(NodeError::Internal(
                format!("a CQL statement reached keyspace {keyspace}, which its authorization check did not cover"),
            ))),
            _ => Ok(()),
        }
    }

    /// `rows` as the release answered them where one holds a value its
    /// table's renamed value column left unreadable (see
    /// `node::renamed_values`).
    fn check_rows(
        &self,
        cmd: &ReadCommand,
        rows: Vec<(Bytes, RowResult)>,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        let mut out = Vec::with_capacity(rows.len());
        for (key, row) in rows {
            let row = self
                .node
                .renamed_values_read(cmd, &key, row)
                .map_err(|e| self.fail(e))?;
            out.push((key, row));
        }
        Ok(out)
    }

    fn fail(&self, e: NodeError) -> CqlError {
        match e {
            NodeError::Invalid(why) => CqlError::Invalid(why),
            other => {
                let shown = CqlError::Invalid(other.to_string());
                self.internal.lock().get_or_insert(other);
                shown
            }
        }
    }

    /// The call's result in node terms: an error the node raised that is
    /// not an invalid request is returned as it was.
    pub fn finish<T>(&self, r: Result<T, CqlError>) -> NodeResult<T> {
        r.map_err(|e| {
            self.internal
                .lock()
                .take()
                .unwrap_or_else(|| NodeError::Invalid(e.to_string()))
        })
    }
}

/// The options a table CQL created took where the statement named none,
/// as the release answered as defaulted them: from 2.0 on `CFMetaData`'s
/// read repair chance 0.0, DC-local 0.1, LZ4 compression and speculative
/// retry at the 99th percentile (1.2: 0.1, 0.0 and Snappy, this server's
/// own defaults; a Thrift CfDef's own default retry was NONE).
fn release_table_defaults(node: &Node, spec: &mut crate::schema::CfSpec) {
    if !node.release.is_some_and(|r| r.at_least(2, 0)) {
        return;
    }
    spec.read_repair_chance.get_or_insert(0.0);
    spec.dclocal_read_repair_chance.get_or_insert(0.1);
    spec.speculative_retry
        .get_or_insert_with(|| "99.0PERCENTILE".to_string());
    spec.compression_options.get_or_insert_with(|| {
        [(
            "sstable_compression".to_string(),
            "org.apache.cassandra.io.compress.LZ4Compressor".to_string(),
        )]
        .into()
    });
}

/// 1.1 refused an update's incompatibility with the definition it replaced
/// only as it applied it (`CFMetaData.apply` in the migration stage, the
/// new definition already written): CQL's ALTER failed on the server, and
/// the column family stayed broken as a Thrift update's did
/// (`Node::failed_cf_update`).
fn failed_on_apply(node: &Node, updated: Option<(String, String)>, e: NodeError) -> NodeError {
    let in_1_1 = node.release.is_some_and(|r| r.series() == (1, 1));
    match (e, updated) {
        (NodeError::Invalid(why), Some((ks, cf)))
            if in_1_1 && crate::schema::refused_on_apply(&why) =>
        {
            *node.failed_cf_update.lock() = Some((ks.clone(), cf.clone()));
            NodeError::FailedOnServer(format!(
                "Cassandra 1.1 failed the update of {ks}.{cf} on the server: {why}"
            ))
        }
        (e, _) => e,
    }
}

impl CqlBackend for NodeBackend<'_> {
    fn schema(&self) -> Arc<Schema> {
        self.node.schema()
    }

    fn change_schema(&self, mut change: SchemaChange) -> Result<(), CqlError> {
        for ks in changed_keyspaces(&change) {
            self.reach(ks)?;
        }
        if let SchemaChange::AddColumnFamily(spec) = &mut change {
            release_table_defaults(self.node, spec);
        }
        let updated = match &change {
            SchemaChange::UpdateColumnFamily(spec) => {
                Some((spec.keyspace.clone(), spec.name.clone()))
            }
            _ => None,
        };
        // The table as it was, with what it held should the change rename
        // its value column (see `node::renamed_values`).
        let renamed = match &change {
            SchemaChange::UpdateColumnFamily(spec) => self
                .node
                .schema()
                .cf(&spec.keyspace, &spec.name)
                .cloned()
                .map(|old| (old, spec.clone())),
            _ => None,
        };
        self.node
            .change_schema(change)
            .map(|_version| ())
            .map_err(|e| self.fail(failed_on_apply(self.node, updated, e)))?;
        if let Some((old, new)) = renamed {
            self.node
                .note_value_rename(&old, &new)
                .map_err(|e| self.fail(e))?;
        }
        Ok(())
    }

    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        for m in mutations {
            self.reach(&m.keyspace)?;
            self.replicas(&m.keyspace, false)?;
        }
        self.node.apply_batch(mutations).map_err(|e| self.fail(e))
    }

    fn apply_logged(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        for m in mutations {
            self.reach(&m.keyspace)?;
            self.replicas(&m.keyspace, false)?;
        }
        self.node.apply_logged(mutations).map_err(|e| self.fail(e))
    }

    fn apply_packed(&self, batch: &PackedBatch, logged: bool) -> Result<(), CqlError> {
        for (ks, _) in batch.tables() {
            self.reach(ks)?;
            self.replicas(ks, false)?;
        }
        self.node
            .apply_packed(batch, logged)
            .map_err(|e| self.fail(e))
    }

    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.replicas(&cmd.keyspace, false)?;
        let row = self.node.read(cmd, key).map_err(|e| self.fail(e))?;
        self.node
            .renamed_values_read(cmd, key, row)
            .map_err(|e| self.fail(e))
    }

    fn read_met(&self, cmd: &ReadCommand, key: &[u8]) -> Result<Option<bool>, CqlError> {
        self.node
            .backend
            .read_met(cmd, key)
            .map_err(|e| self.fail(e))
    }

    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.replicas(&cmd.keyspace, false)?;
        let rows = self
            .node
            .read_range(cmd, range, max_rows)
            .map_err(|e| self.fail(e))?;
        self.check_rows(cmd, rows)
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.replicas(&cmd.keyspace, false)?;
        let rows = self
            .node
            .read_indexed(cmd, query)
            .map_err(|e| self.fail(e))?;
        self.check_rows(cmd, rows)
    }

    fn traces(&self) -> Option<Arc<crate::trace::Store>> {
        Some(self.node.traces.clone())
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        self.node.backend().cluster().is_none()
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.reach(keyspace)?;
        self.node.truncate(keyspace, cf).map_err(|e| self.fail(e))
    }

    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.reach(keyspace)?;
        self.node
            .index_candidates(keyspace, cf, query)
            .map_err(|e| self.fail(e))
    }

    fn serialized(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut dyn FnMut() -> Result<CqlOutcome, CqlError>,
    ) -> Result<CqlOutcome, CqlError> {
        self.reach(keyspace)?;
        self.replicas(keyspace, true)?;
        self.node.serialized(keyspace, cf, key, f)
    }
}

/// A keyspace's replicas: SimpleStrategy's factor, or the sum of a
/// NetworkTopologyStrategy's per-datacenter ones (at least one).
fn replication_factor(options: &std::collections::BTreeMap<String, String>) -> usize {
    let n: usize = match options.get("replication_factor") {
        Some(rf) => rf.trim().parse().unwrap_or(1),
        None => options
            .values()
            .filter_map(|v| v.trim().parse::<usize>().ok())
            .sum(),
    };
    n.max(1)
}

/// The replicas a level waits for out of `rf` (`ConsistencyLevel.blockFor`,
/// one datacenter).
fn block_for(level: crate::call::Consistency, rf: usize) -> usize {
    use crate::call::Consistency as C;
    match level {
        C::Zero | C::Any | C::One | C::LocalOne => 1,
        C::Two => 2,
        C::Three => 3,
        C::All => rf,
        C::Quorum | C::LocalQuorum | C::EachQuorum => rf / 2 + 1,
    }
}

/// Every keyspace a schema change writes to.
fn changed_keyspaces(change: &SchemaChange) -> Vec<&str> {
    match change {
        SchemaChange::AddKeyspace(ks) | SchemaChange::UpdateKeyspace(ks) => {
            let mut all = vec![ks.name.as_str()];
            all.extend(ks.cf_defs.iter().map(|cf| cf.keyspace.as_str()));
            all
        }
        SchemaChange::DropKeyspace(name) => vec![name.as_str()],
        SchemaChange::AddColumnFamily(cf) | SchemaChange::UpdateColumnFamily(cf) => {
            vec![cf.keyspace.as_str()]
        }
        SchemaChange::DropColumnFamily { keyspace, .. } => vec![keyspace.as_str()],
        SchemaChange::SetUserType { keyspace, .. } => vec![keyspace.as_str()],
    }
}

#[cfg(test)]
#[path = "cql_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "cql_release_tests.rs"]
mod release_tests;
