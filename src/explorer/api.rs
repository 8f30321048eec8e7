//! The explorer's JSON API: the endpoints under `/api/explorer` (see
//! docs/explorer-api.md) and their parameters, answered from plain data.
//! The admin surface decodes each HTTP request into a [`Call`] and turns
//! the answer, or the [`ExplorerError`], into its response; this module
//! must not know HTTP.

use super::error::{ExplorerError, ExplorerResult};
use super::{catalog, cells, partitions, query, render, ring, stats};
use crate::node::Node;
use serde_json::Value;

/// One call to the API, decoded from its request by the admin surface.
pub struct Call<'a> {
    /// The request's path as sent (named when no endpoint matches).
    pub path: &'a str,
    /// The path's segments under `/api/explorer/`, percent-decoded.
    pub segments: &'a [String],
    /// The query string's pairs, percent-decoded, in order.
    pub query: &'a [(String, String)],
}

impl Call<'_> {
    /// The first value of query parameter `name`.
    fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn no_such_endpoint(&self) -> ExplorerError {
        ExplorerError::NotFound(format!("no such explorer endpoint: {}", self.path))
    }
}

/// A numeric query parameter, its default when absent.
fn number<T: std::str::FromStr>(req: &Call, name: &str, default: T) -> ExplorerResult<T> {
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
pub fn get(node: &Node, req: &Call) -> ExplorerResult<Value> {
    let s: Vec<&str> = req.segments.iter().map(String::as_str).collect();
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
        _ => return Err(req.no_such_endpoint()),
    };
    Ok(value)
}

/// `POST /api/explorer/...` (the query check). `body` reads the request's
/// body, asked for only once the path names an endpoint (an unknown path is
/// not found whatever its body).
pub fn post<E: From<ExplorerError>>(
    node: &Node,
    req: &Call,
    body: impl FnOnce() -> Result<query::Check, E>,
) -> Result<Value, E> {
    if req.segments != ["query-check"] {
        return Err(req.no_such_endpoint().into());
    }
    let c = body()?;
    Ok(query::check(node, &c)?)
}
