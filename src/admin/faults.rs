//! `POST /faults`, `GET /faults`, `DELETE /faults`: the primed fault rules
//! of [`crate::node::calls::faults`] as JSON (the contract in docs/testing-kit.md). A rule
//! is checked whole when added; a bad one is a 400 naming what is wrong.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::node::calls::faults::RuleSpec;
use serde_json::json;

/// Adds a rule: `{"id": N}`.
pub fn add(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let spec: RuleSpec = req.json()?;
    let id = state
        .node
        .faults
        .add(spec)
        .map_err(|e| AdminError::BadRequest(e.0))?;
    Ok(Response::json(&json!({ "id": id })))
}

/// The rules in the order they are tried, each with `id`, its keys,
/// `matched` (calls it matched) and `hits` (times it fired).
pub fn list(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    Ok(Response::json(&state.node.faults.list()))
}

/// Removes every rule.
pub fn clear(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    state.node.faults.clear();
    Ok(Response::ok())
}
