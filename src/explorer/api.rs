//! The explorer's JSON API on the admin surface: the routes under
//! `/api/explorer` (see docs/explorer-api.md), their parameters, and the
//! one place an [`ExplorerError`] becomes the admin surface's JSON error.

use super::error::{ExplorerError, ExplorerResult};
use super::{catalog, cells, partitions, query, render, ring, stats};
use crate::admin::{AdminError, AdminState, Request, Response};

const PREFIX: &str = "/api/explorer/";

impl From<ExplorerError> for AdminError {
    fn from(e: ExplorerError) -> Self {
        match e {
            ExplorerError::BadRequest(why) => AdminError::BadRequest(why),
            ExplorerError::NotFound(why) => AdminError::NotFound(why),
            ExplorerError::Internal(why) => AdminError::Internal(why),
        }
    }
}

/// The path's segments under the prefix, percent-decoded.
fn segments(path: &str) -> Vec<String> {
    let rest = path.strip_prefix(PREFIX).unwrap_or("");
    rest.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| {
            crate::admin::http::parse_query(&format!("s={}", s.replace('+', "%2B")))
                .into_iter()
                .next()
                .map(|(_, v)| v)
                .unwrap_or_default()
        })
        .collect()
}

/// A numeric query parameter, its default when absent.
fn number<T: std::str::FromStr>(req: &Request, name: &str, default: T) -> ExplorerResult<T> {
    match req.param(name) {
        None | Some("") => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| ExplorerError::BadRequest(format!("{name} must be a number, not '{v}'"))),
    }
}

fn hex(text: &str, what: &str) -> ExplorerResult<Vec<u8>> {
    render::from_hex(text)
        .ok_or_else(|| ExplorerError::BadRequest(format!("{what} must be hex, not '{text}'")))
}

/// `GET /api/explorer/...`.
pub fn get(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let node = &state.node;
    let seg = segments(&req.path);
    let s: Vec<&str> = seg.iter().map(String::as_str).collect();
    let value = match s.as_slice() {
        ["keyspaces"] => catalog::keyspaces(node),
        ["keyspaces", ks, "cfs", cf] => catalog::column_family(node, ks, cf)?,
        ["keyspaces", ks, "cfs", cf, "partitions"] => {
            let q = partitions::PageQuery {
                limit: number(req, "limit", partitions::DEFAULT_LIMIT)?,
                after: match req.param("after") {
                    None | Some("") => None,
                    Some(a) => Some(hex(a, "after")?),
                },
                key: req.param("key").map(str::to_string),
            };
            partitions::page(node, ks, cf, &q)?
        }
        ["keyspaces", ks, "cfs", cf, "partitions", key] => {
            let limit = number(req, "limit", cells::DEFAULT_LIMIT)?;
            cells::partition(node, ks, cf, &hex(key, "the key")?, limit)?
        }
        ["keyspaces", ks, "cfs", cf, "stats"] => {
            let d = stats::StatsQuery::default();
            let q = stats::StatsQuery {
                max_partitions: number(req, "max_partitions", d.max_partitions)?,
                warn_bytes: number(req, "warn_bytes", d.warn_bytes)?,
                warn_cells: number(req, "warn_cells", d.warn_cells)?,
            };
            stats::stats(node, ks, cf, &q)?
        }
        ["keyspaces", ks, "cfs", cf, "ring"] => {
            let nodes = number(req, "nodes", 3usize)?;
            let q = ring::RingQuery {
                nodes,
                rf: number(req, "rf", 1usize)?,
                partitioner: req
                    .param("partitioner")
                    .filter(|p| !p.is_empty())
                    .map(str::to_string),
                max_partitions: number(req, "max_partitions", stats::DEFAULT_MAX_PARTITIONS)?,
            };
            ring::ring(node, ks, cf, &q)?
        }
        _ => {
            return Err(AdminError::NotFound(format!(
                "no such explorer endpoint: {}",
                req.path
            )))
        }
    };
    Ok(Response::json(&value))
}

/// `POST /api/explorer/...` (the query check).
pub fn post(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    if segments(&req.path) != ["query-check"] {
        return Err(AdminError::NotFound(format!(
            "no such explorer endpoint: {}",
            req.path
        )));
    }
    let c: query::Check = req.json()?;
    Ok(Response::json(&query::check(&state.node, &c)?))
}
