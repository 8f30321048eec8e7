//! `POST /reset`: returns every user keyspace to its state right after
//! start-up and the `--dataset` files (see `node::baseline`), for a test
//! suite to call between tests. Answers what the reset did and how long it
//! took: `{"ok": true, "schema_changes": 0, "column_families": 2,
//! "columns": 1500, "duration_us": 812}`.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::node::NodeError;
use serde_json::json;

pub fn reset(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let started = std::time::Instant::now();
    let report = state.node.reset().map_err(|e| match e {
        // No baseline (the data at start was too big to keep): a state
        // of the node, not a bad request.
        NodeError::Invalid(why) => AdminError::Conflict(why),
        other => other.into(),
    })?;
    Ok(Response::json(&json!({
        "ok": true,
        "schema_changes": report.schema_changes,
        "column_families": report.column_families,
        "columns": report.columns,
        "duration_us": started.elapsed().as_micros() as u64,
    })))
}
