//! The endpoints of nodetool's reports: `GET /info`, `/ring` and
//! `/cfstats`. JSON with the figures nodetool prints; nodetool lays them
//! out. Only what this node really has is reported (no caches, no gossip).

use super::http::{AdminError, Request, Response};
use super::ops::{engine_error, Target};
use super::state::AdminState;
use crate::node::Node;
use serde_json::{json, Value};
use std::time::{SystemTime, UNIX_EPOCH};

/// The data center and rack this node reports (as describe_ring does).
pub const DATACENTER: &str = "datacenter1";
pub const RACK: &str = "rack1";

/// Bytes of every live SSTable (Cassandra's "Load").
pub(crate) fn load_bytes(node: &Node) -> u64 {
    let schema = node.schema();
    // A cluster's load is the cluster's to tell (nodetool there).
    let Some(engine) = node.engine() else {
        return 0;
    };
    schema
        .keyspaces
        .values()
        .flat_map(|ks| ks.cfs.keys().map(move |cf| (ks.name.as_str(), cf.as_str())))
        .filter_map(|(ks, cf)| engine.stats(ks, cf).ok())
        .map(|s| s.live_bytes)
        .sum()
}

/// Resident memory of this process in bytes, from /proc (Linux).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Memory of the machine in bytes, from /proc/meminfo.
fn total_memory_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// `GET /info`.
pub fn info(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let node = &state.node;
    let uptime = state.started.elapsed().as_secs();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    Ok(Response::json(&json!({
        "token": node.token,
        "endpoint": node.endpoint,
        "gossip_active": false,
        "thrift_active": node.backend().is_open(),
        "load_bytes": load_bytes(node),
        // Cassandra's generation is the start time in seconds.
        "generation": now.saturating_sub(uptime),
        "uptime_seconds": uptime,
        "memory_used_bytes": resident_bytes(),
        "memory_total_bytes": total_memory_bytes(),
        "data_center": DATACENTER,
        "rack": RACK,
    })))
}

/// `GET /ring`: this node, owning the whole ring.
pub fn ring(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let node = &state.node;
    Ok(Response::json(&json!({
        "datacenter": DATACENTER,
        "nodes": [{
            "address": node.endpoint,
            "rack": RACK,
            "status": "Up",
            "state": if node.backend().is_open() { "Normal" } else { "Leaving" },
            "load_bytes": load_bytes(node),
            "owns": 1.0,
            "token": node.token,
        }],
    })))
}

/// `GET /cfstats[?keyspace=K[&column_family=CF]]`: per keyspace, per CF.
pub fn cfstats(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let target = Target {
        keyspace: req.param("keyspace").map(str::to_string),
        column_families: req
            .param("column_family")
            .map(|cf| vec![cf.to_string()])
            .unwrap_or_default(),
    };
    let engine = state.node.embedded("cfstats")?;
    let schema = state.node.schema();
    let mut keyspaces: Vec<Value> = Vec::new();
    let mut current: Option<(String, Vec<Value>)> = None;
    for (ks, cf) in target.resolve(&state.node)? {
        let st = engine.stats(&ks, &cf).map_err(engine_error)?;
        let def = schema.cf(&ks, &cf);
        let entry = json!({
            "column_family": cf,
            "sstable_count": st.sstable_count,
            "space_used_live": st.live_bytes,
            "space_used_total": st.live_bytes,
            "sstable_cells": st.cells,
            "memtable_columns_count": st.memtable_cells,
            "memtable_data_size": st.memtable_bytes,
            "memtables_flushing": st.flushing_memtables,
            "min_compaction_threshold": def.map(|d| d.options.min_compaction_threshold),
            "max_compaction_threshold": def.map(|d| d.options.max_compaction_threshold),
        });
        match &mut current {
            Some((name, cfs)) if *name == ks => cfs.push(entry),
            _ => {
                if let Some((name, cfs)) = current.take() {
                    keyspaces.push(json!({ "keyspace": name, "column_families": cfs }));
                }
                current = Some((ks, vec![entry]));
            }
        }
    }
    if let Some((name, cfs)) = current {
        keyspaces.push(json!({ "keyspace": name, "column_families": cfs }));
    }
    Ok(Response::json(&json!({ "keyspaces": keyspaces })))
}
