//! The data-model explorer on the admin surface: its routes, each HTTP
//! request decoded into the explorer's plain [`Call`], and the one place an
//! [`ExplorerError`] becomes an [`AdminError`]. The explorer itself knows no
//! HTTP; this module must not answer for it (its views live in
//! [`crate::explorer`]).

use super::http::{parse_query, AdminError, Method, Request, Response};
use super::routes::{route, Access, Route};
use super::state::AdminState;
use crate::explorer::api::{self, Call};
use crate::explorer::page::{self, Asset};
use crate::explorer::ExplorerError;

/// Where the JSON API's paths start.
const API_PREFIX: &str = "/api/explorer/";

impl From<ExplorerError> for AdminError {
    fn from(e: ExplorerError) -> Self {
        match e {
            ExplorerError::BadRequest(why) => AdminError::BadRequest(why),
            ExplorerError::NotFound(why) => AdminError::NotFound(why),
            ExplorerError::Internal(why) => AdminError::Internal(why),
        }
    }
}

/// The path's segments under the API's prefix, percent-decoded.
fn segments(path: &str) -> Vec<String> {
    let rest = path.strip_prefix(API_PREFIX).unwrap_or("");
    rest.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| {
            parse_query(&format!("s={}", s.replace('+', "%2B")))
                .into_iter()
                .next()
                .map(|(_, v)| v)
                .unwrap_or_default()
        })
        .collect()
}

/// `f` of the explorer's call that `req` makes.
fn call<T>(req: &Request, f: impl FnOnce(&Call) -> T) -> T {
    let segments = segments(&req.path);
    f(&Call {
        path: &req.path,
        segments: &segments,
        query: &req.query,
    })
}

/// `GET /api/explorer/...`.
fn get(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let value = call(req, |c| api::get(&state.node, c))?;
    Ok(Response::json(&value))
}

/// `POST /api/explorer/...` (the query check).
fn post(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let value = call(req, |c| api::post(&state.node, c, || req.json()))?;
    Ok(Response::json(&value))
}

/// One of the page's files, with the page's headers.
fn page_response(file: &Asset) -> Response {
    let mut r = Response::body(file.content_type, file.bytes);
    r.headers
        .extend(page::HEADERS.iter().map(|(h, v)| (*h, v.to_string())));
    r
}

/// `GET /explorer`: the page.
fn index(_state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    Ok(page_response(&page::INDEX))
}

/// `GET /explorer/assets/<file>`: one embedded file, found by the path.
fn asset(_state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    page::asset(&req.path)
        .map(page_response)
        .ok_or_else(|| AdminError::NotFound(format!("no such explorer asset: {}", req.path)))
}

/// `GET /`: 303 See Other to the page.
fn to_page(_: &AdminState, _: &Request) -> Result<Response, AdminError> {
    let path = page::PATH;
    let mut r = Response::body(
        page::INDEX.content_type,
        format!("<a href=\"{path}\">{path}</a>\n"),
    );
    r.status = 303;
    r.headers.push(("Location", path.to_string()));
    Ok(r)
}

/// The explorer's routes, for the admin route table: the JSON API, and the
/// page with its embedded files (one exact path each). The page asks for
/// the same credentials as every other admin route (the browser prompts for
/// them once and sends them with the page's API calls).
pub fn routes() -> Vec<Route> {
    let mut all = vec![
        route(Method::Get, "/api/explorer/*", Access::Operator, get),
        route(Method::Post, "/api/explorer/*", Access::Operator, post),
        // The admin port's root sends a browser to the page; the redirect
        // itself tells nothing, so it asks for no credentials.
        route(Method::Get, "/", Access::Open, to_page),
        route(Method::Get, page::PATH, Access::Operator, index),
        route(Method::Get, "/explorer/", Access::Operator, index),
    ];
    all.extend(
        page::ASSETS
            .iter()
            .map(|a| route(Method::Get, a.path, Access::Operator, asset)),
    );
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn page_routes_are_distinct_and_get_only() {
        let r: Vec<Route> = routes()
            .into_iter()
            .filter(|r| !r.path.starts_with(API_PREFIX))
            .collect();
        let paths: BTreeSet<&str> = r.iter().map(|r| r.path).collect();
        assert_eq!(paths.len(), r.len());
        assert!(r.iter().all(|r| r.method == Method::Get));
    }

    #[test]
    fn api_paths_are_split_and_decoded() {
        assert_eq!(
            segments("/api/explorer/keyspaces/K%20s/cfs/a+b/"),
            vec!["keyspaces", "K s", "cfs", "a+b"]
        );
        assert!(segments("/elsewhere").is_empty());
    }
}
