//! The ring endpoints behind nodetool's `status`, `describering`,
//! `getendpoints` and `repair`: JSON of what the node's ring says
//! ([`crate::node::ring`], the same ring `describe_ring` answers from);
//! nodetool lays it out. Nothing here is made up: one node is the whole
//! ring, owns all of it, and has no replica to repair with.

use super::http::{AdminError, Request, Response};
use super::info::load_bytes;
use super::ops::Target;
use super::state::AdminState;
use serde::Deserialize;
use serde_json::json;

fn required<'a>(req: &'a Request, name: &str) -> Result<&'a str, AdminError> {
    req.param(name)
        .ok_or_else(|| AdminError::BadRequest(format!("the query parameter {name} is required")))
}

/// `GET /status[?keyspace=K]`: this node's line of `nodetool status`.
/// Ownership is effective (replication counted) when a keyspace is named,
/// or when every user keyspace has the same replication, as 1.2 decided.
pub fn status(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let node = &state.node;
    let schema = node.schema();
    let effective = match req.param("keyspace") {
        Some(ks) => {
            schema
                .keyspace(ks)
                .ok_or_else(|| AdminError::NotFound(format!("Keyspace [{ks}] does not exist.")))?;
            true
        }
        None => {
            let mut user = schema.user_keyspaces().map(|k| {
                (
                    &k.replica_placement_strategy,
                    k.replication_factor,
                    &k.strategy_options,
                )
            });
            match user.next() {
                Some(first) => user.all(|k| k == first),
                None => false,
            }
        }
    };
    if node.backend().cluster().is_some() {
        // The cluster's nodes answer for themselves (their own nodetool).
        return Err(AdminError::from(node.engine_only("status")));
    }
    Ok(Response::json(&json!({
        "effective": effective,
        "datacenters": [{
            "datacenter": crate::node::ring::DATACENTER,
            "nodes": [{
                "status": "U",
                "state": if node.backend().is_open() { "N" } else { "L" },
                "address": node.endpoint,
                "load_bytes": load_bytes(node),
                "tokens": [node.token],
                "owns": 1.0,
                "host_id": node.host_id().to_string(),
                "rack": crate::node::ring::RACK,
            }],
        }],
    })))
}

/// `GET /describering?keyspace=K`: the schema version and the ranges.
pub fn describe(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let keyspace = required(req, "keyspace")?;
    let ranges = state.node.describe_ring(keyspace)?;
    let ranges: Vec<_> = ranges
        .iter()
        .map(|r| {
            json!({
                "start_token": r.start,
                "end_token": r.end,
                "endpoints": r.replicas.iter().map(|n| &n.address).collect::<Vec<_>>(),
                "rpc_endpoints": r.replicas.iter().map(|n| &n.rpc_address).collect::<Vec<_>>(),
                "endpoint_details": r.replicas.iter().map(|n| json!({
                    "host": n.address, "datacenter": n.datacenter, "rack": n.rack,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Response::json(&json!({
        "schema_version": state.node.schema().version().to_string(),
        "ranges": ranges,
    })))
}

/// `GET /endpoints?keyspace=K&column_family=CF&key=KEY`: the key's token
/// and the addresses of its replicas.
pub fn endpoints(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let keyspace = required(req, "keyspace")?;
    let cf = required(req, "column_family")?;
    let key = required(req, "key")?;
    let (token, replicas) = state.node.natural_endpoints(keyspace, cf, key)?;
    let addresses: Vec<_> = replicas.iter().map(|r| &r.address).collect();
    Ok(Response::json(
        &json!({ "token": token, "endpoints": addresses }),
    ))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RepairBody {
    keyspace: Option<String>,
    #[serde(default)]
    column_families: Vec<String>,
}

/// `POST /repair`: checks what is named as nodetool 1.2 did, then answers
/// each keyspace with nothing to repair (one node has no other replica).
pub fn repair(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let body: RepairBody = req.json()?;
    let target = Target {
        keyspace: body.keyspace,
        column_families: body.column_families,
    };
    let mut keyspaces: Vec<String> = Vec::new();
    for (ks, _) in target.resolve(&state.node)? {
        if !keyspaces.contains(&ks) {
            keyspaces.push(ks);
        }
    }
    if let Some(ks) = &target.keyspace {
        if !keyspaces.contains(ks) {
            keyspaces.push(ks.clone());
        }
    }
    if state.node.backend().cluster().is_some() {
        return Err(AdminError::from(state.node.engine_only("repair")));
    }
    Ok(Response::json(
        &json!({ "keyspaces": keyspaces, "repaired": false }),
    ))
}
