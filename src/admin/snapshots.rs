//! The snapshot endpoints: `POST /snapshot` `{"keyspaces": [...], "tag":
//! "t"}` (no keyspaces: every keyspace; no tag: the time in milliseconds,
//! as nodetool 1.2), `GET /snapshots` (listsnapshots) and `DELETE
//! /snapshot?keyspace=K&tag=t` (clearsnapshot; both optional).

use super::http::{AdminError, Request, Response};
use super::ops::engine_error;
use super::state::AdminState;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Take {
    #[serde(default)]
    keyspaces: Vec<String>,
    tag: Option<String>,
}

/// The keyspaces named (checked), or every keyspace.
fn keyspaces(state: &AdminState, named: Vec<String>) -> Result<Vec<String>, AdminError> {
    let schema = state.node.schema();
    if named.is_empty() {
        return Ok(schema.keyspaces.keys().cloned().collect());
    }
    for ks in &named {
        if schema.keyspace(ks).is_none() {
            return Err(AdminError::NotFound(format!(
                "Keyspace [{ks}] does not exist."
            )));
        }
    }
    Ok(named)
}

/// `POST /snapshot`.
pub fn take(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let t: Take = req.json()?;
    let tag = match t.tag {
        Some(tag) => tag,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0)
            .to_string(),
    };
    let names = keyspaces(state, t.keyspaces)?;
    let engine = state.node.embedded("snapshot")?;
    // nodetool refused a tag any of the keyspaces already had, before taking any.
    for ks in &names {
        if engine
            .list_snapshots(ks)
            .map_err(engine_error)?
            .iter()
            .any(|e| e.tag == tag)
        {
            return Err(AdminError::Conflict(format!(
                "Snapshot {tag} already exists."
            )));
        }
    }
    let mut dirs = Vec::new();
    for ks in &names {
        dirs.push(engine.snapshot(ks, &tag).map_err(engine_error)?);
    }
    Ok(Response::json(&json!({
        "tag": tag,
        "keyspaces": names,
        "directories": dirs,
    })))
}

/// `GET /snapshots`.
pub fn list(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let engine = state.node.embedded("listsnapshots")?;
    let mut entries = Vec::new();
    for ks in state.node.schema().keyspaces.keys() {
        for e in engine.list_snapshots(ks).map_err(engine_error)? {
            entries.push(json!({
                "tag": e.tag,
                "keyspace": e.keyspace,
                "column_family": e.column_family,
                "size_on_disk": e.size_on_disk,
                "true_size": e.true_size,
            }));
        }
    }
    Ok(Response::json(&json!({ "snapshots": entries })))
}

/// `DELETE /snapshot`.
pub fn clear(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let named = req
        .param("keyspace")
        .map(|k| vec![k.to_string()])
        .unwrap_or_default();
    let names = keyspaces(state, named)?;
    let tag = req.param("tag").filter(|t| !t.is_empty());
    for ks in &names {
        state
            .node
            .embedded("clearsnapshot")?
            .clear_snapshot(ks, tag)
            .map_err(engine_error)?;
    }
    Ok(Response::json(&json!({ "cleared": names, "tag": tag })))
}
