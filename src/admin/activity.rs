//! `GET /activity` and `DELETE /activity`: the record of recent calls
//! ([`crate::node::calls::activity`]) as a JSON array, oldest first, filtered by
//! the query parameters `api`, `method`, `keyspace`, `column_family`, `since`
//! (entries with a larger `seq`) and `limit` (the last N).

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::node::calls::activity::Filter;

fn filter(req: &Request) -> Result<Filter, AdminError> {
    let mut f = Filter::default();
    let number = |name: &str, v: &str| {
        v.parse::<u64>().map_err(|_| {
            AdminError::BadRequest(format!("{name} must be a whole number, not {v:?}"))
        })
    };
    for (k, v) in &req.query {
        match k.as_str() {
            "api" => f.api = Some(v.clone()),
            "method" => f.method = Some(v.clone()),
            "keyspace" => f.keyspace = Some(v.clone()),
            "column_family" => f.column_family = Some(v.clone()),
            "since" => f.since = Some(number(k, v)?),
            "limit" => f.limit = Some(usize::try_from(number(k, v)?).unwrap_or(usize::MAX)),
            other => {
                return Err(AdminError::BadRequest(format!(
                "unknown parameter {other:?} (api, method, keyspace, column_family, since, limit)"
            )))
            }
        }
    }
    Ok(f)
}

/// The recorded calls the filter keeps.
pub fn list(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let f = filter(req)?;
    Ok(Response::json(&state.node.activity.list(&f)))
}

/// Forgets every recorded call.
pub fn clear(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    state.node.activity.clear();
    Ok(Response::ok())
}
