//! The data-model explorer on the admin surface: its handlers (listed in
//! [`super::routes`]), each HTTP request decoded into the explorer's plain
//! [`Call`], and the one place an
//! [`ExplorerError`] becomes an [`AdminError`]. The explorer itself knows no
//! HTTP; this module must not answer for it (its views live in
//! [`crate::explorer`]).

use super::http::{parse_query, AdminError, Request, Response};
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
pub(super) fn get(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let value = call(req, |c| api::get(&state.node, c))?;
    Ok(Response::json(&value))
}

/// `POST /api/explorer/...` (the query check).
pub(super) fn post(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
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
pub(super) fn index(_state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    Ok(page_response(&page::INDEX))
}

/// `GET /explorer/assets/<file>`: one embedded file, found by the path.
pub(super) fn asset(_state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    page::asset(&req.path)
        .map(page_response)
        .ok_or_else(|| AdminError::NotFound(format!("no such explorer asset: {}", req.path)))
}

/// `GET /`: 303 See Other to the page.
pub(super) fn to_page(_: &AdminState, _: &Request) -> Result<Response, AdminError> {
    let path = page::PATH;
    let mut r = Response::body(
        page::INDEX.content_type,
        format!("<a href=\"{path}\">{path}</a>\n"),
    );
    r.status = 303;
    r.headers.push(("Location", path.to_string()));
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_paths_are_split_and_decoded() {
        assert_eq!(
            segments("/api/explorer/keyspaces/K%20s/cfs/a+b/"),
            vec!["keyspaces", "K s", "cfs", "a+b"]
        );
        assert!(segments("/elsewhere").is_empty());
    }
}
