//! `GET /healthz` (readiness: the node answers, its storage is open and,
//! in front of a cluster, a node of the cluster answers) and `GET /version`.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use serde_json::json;

/// The Cassandra release whose nodetool layout and behaviour we follow.
pub const CASSANDRA_RELEASE: &str = "1.2.19";

/// 200 `{"status": "ok", ...}` once the server serves; 503 when storage is
/// closed (after `nodetool drain`, during shutdown) and, in front of a
/// cluster, when no node of it answers (`"status": "unreachable"` with the
/// `reason`; the check waits at most two seconds).
pub fn healthz(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let node = &state.node;
    let open = node.backend().is_open();
    let unreachable = match node.on_cluster(|c| c.reachable()) {
        Some(Err(e)) if open => Some(e.to_string()),
        _ => None,
    };
    let status = match (open, &unreachable) {
        (false, _) => "draining",
        (true, Some(_)) => "unreachable",
        (true, None) => "ok",
    };
    let mut body = json!({
        "status": status,
        "backend": node.backend().kind(),
        "uptime_seconds": state.started.elapsed().as_secs(),
        "keyspaces": node.schema().user_keyspaces().count(),
    });
    if let Some(reason) = unreachable {
        body["reason"] = json!(reason);
    }
    Ok(Response::json_status(
        if status == "ok" { 200 } else { 503 },
        &body,
    ))
}

/// `{"release_version": ..., "supercolumn": ...}`: the release the node
/// answers as (`serve --cassandra-version`), else [`CASSANDRA_RELEASE`].
pub fn version(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let release = state.node.release.map_or(CASSANDRA_RELEASE, |r| r.version);
    Ok(Response::json(&json!({
        "release_version": release,
        "supercolumn": env!("CARGO_PKG_VERSION"),
    })))
}
