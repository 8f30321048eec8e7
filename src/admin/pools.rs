//! The endpoints behind nodetool's `tpstats`, `compactionstats` and
//! `netstats`: what this server really has where Cassandra 1.2 had thread
//! pools, compaction tasks and inter-node messaging. A figure the server
//! does not keep is `null` (nodetool prints `n/a`), never a made-up zero.
//! The mapping: ReadStage and MutationStage count the Thrift read and
//! write calls answered, by each method's kind in `release::methods`
//! (calls run on their connection's task: there is no queue to be active
//! or pending in); RequestWorkers is the slots for calls
//! that may wait on the disk, in use now; FlushWriter is the memtables
//! being flushed; CompactionExecutor is the engine's compactions.

use super::http::{AdminError, Request, Response};
use super::metrics::Metrics;
use super::state::AdminState;
use crate::node::limits::Limits;
use crate::release::methods::{self, Kind};
use serde_json::{json, Value};

/// The message types 1.2 listed as dropped; one node sends no messages,
/// so none is ever dropped.
const MESSAGE_TYPES: &[&str] = &[
    "RANGE_SLICE",
    "READ_REPAIR",
    "BINARY",
    "READ",
    "MUTATION",
    "_TRACE",
    "REQUEST_RESPONSE",
];

fn pool(name: &str, active: Option<u64>, pending: Option<u64>, completed: Option<u64>) -> Value {
    json!({ "name": name, "active": active, "pending": pending, "completed": completed,
            "blocked": null, "all_time_blocked": null })
}

/// `GET /tpstats`.
pub fn tpstats(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let metrics = state.get::<Metrics>();
    // Counted by the kind of each method (`release::methods`).
    let answered = |kind: Kind| {
        let of_kind = |n: &str| methods::by_name(n).is_some_and(|m| m.kind == kind);
        metrics.as_ref().map(|m| m.answered(of_kind))
    };
    let workers = state.get::<Limits>().map(|l| {
        let slots = l.settings().worker_slots;
        slots.saturating_sub(l.workers().available_permits()) as u64
    });
    let mut pools = vec![
        pool("ReadStage", None, None, answered(Kind::Read)),
        pool("MutationStage", None, None, answered(Kind::Write)),
        pool("RequestWorkers", workers, None, None),
    ];
    if let Some(engine) = state.node.engine() {
        let schema = state.node.schema();
        let flushing: u64 = schema
            .keyspaces
            .values()
            .flat_map(|ks| ks.cfs.keys().map(move |cf| (ks.name.as_str(), cf.as_str())))
            .filter_map(|(ks, cf)| engine.stats(ks, cf).ok())
            .map(|s| s.flushing_memtables as u64)
            .sum();
        pools.push(pool("FlushWriter", Some(flushing), None, None));
        let activity = engine.compaction_activity();
        pools.push(pool(
            "CompactionExecutor",
            Some(activity.running.len() as u64),
            Some(activity.pending as u64),
            Some(engine.metrics().compactions_completed),
        ));
    }
    let dropped: Vec<Value> = MESSAGE_TYPES
        .iter()
        .map(|t| json!({ "type": t, "dropped": 0 }))
        .collect();
    Ok(Response::json(
        &json!({ "pools": pools, "dropped": dropped }),
    ))
}

/// `GET /compactionstats`: the compactions due and running.
pub fn compactionstats(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let engine = state.node.embedded("compactionstats")?;
    let activity = engine.compaction_activity();
    let running: Vec<Value> = activity
        .running
        .iter()
        .map(|c| {
            json!({
                "type": "Compaction",
                "keyspace": c.keyspace,
                "column_family": c.column_family,
                "completed": c.completed_keys,
                "total": c.total_keys,
                "unit": "keys",
            })
        })
        .collect();
    Ok(Response::json(
        &json!({ "pending": activity.pending, "running": running }),
    ))
}

/// `GET /netstats`: the node's mode, its (absent) streams and messages,
/// and its client connections.
pub fn netstats(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let mode = if state.node.backend().is_open() {
        "NORMAL"
    } else {
        "DRAINED"
    };
    let limits = state.get::<Limits>();
    Ok(Response::json(&json!({
        "mode": mode,
        "streams_out": [],
        "streams_in": [],
        "read_repair": { "attempted": 0, "mismatch_blocking": 0, "mismatch_background": 0 },
        "commands": { "pending": 0, "completed": 0 },
        "responses": { "pending": 0, "completed": 0 },
        "client_connections": limits.as_ref().map(|l| l.open_connections()),
        "max_client_connections": limits.as_ref().map(|l| l.settings().max_connections),
    })))
}
