//! Every route of the admin surface, one line each: the one place to add
//! an endpoint. A handler is a plain function of the shared state and the
//! request, in its own module; it runs on the blocking pool, so it may wait
//! on the disk or a lock. Paths match exactly (parameters go in the query
//! string or the JSON body), except a path ending in `/*`, which matches
//! every path under it (the explorer's resource paths); its handler reads
//! `Request::path` itself.

use super::http::{AdminError, Method, Request, Response};
use super::state::AdminState;
use super::{
    activity, advisor, explorer, faults, health, info, metrics, ops, pools, reset, ring, snapshots,
};
use crate::explorer::page;

/// A handler: the answer to one request, or why not.
pub type Handler = fn(&AdminState, &Request) -> Result<Response, AdminError>;

/// Who may call a route when the authenticator requires a login.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone (readiness probes).
    Open,
    /// A user whose credentials the authenticator accepts and who may use
    /// every keyspace (see [`super::auth`]).
    Operator,
}

#[derive(Clone, Copy, Debug)]
pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub access: Access,
    pub handler: Handler,
}

const fn route(method: Method, path: &'static str, access: Access, handler: Handler) -> Route {
    Route {
        method,
        path,
        access,
        handler,
    }
}

use Access::{Open, Operator};
#[allow(unused_imports)] // Put: for routes that replace a whole resource
use Method::{Delete, Get, Post, Put};

/// The routes, in the order docs/admin.md lists them.
pub fn routes() -> Vec<Route> {
    let mut all = vec![
        route(Get, "/healthz", Open, health::healthz),
        route(Get, "/version", Operator, health::version),
        route(Get, "/metrics", Operator, metrics::scrape),
        route(Get, "/info", Operator, info::info),
        route(Get, "/ring", Operator, info::ring),
        route(Get, "/cfstats", Operator, info::cfstats),
        route(Get, "/status", Operator, ring::status),
        route(Get, "/describering", Operator, ring::describe),
        route(Get, "/endpoints", Operator, ring::endpoints),
        route(Get, "/tpstats", Operator, pools::tpstats),
        route(Get, "/compactionstats", Operator, pools::compactionstats),
        route(Get, "/netstats", Operator, pools::netstats),
        route(Post, "/repair", Operator, ring::repair),
        route(Post, "/flush", Operator, ops::flush),
        route(Post, "/compact", Operator, ops::compact),
        route(Post, "/cleanup", Operator, ops::cleanup),
        route(Post, "/drain", Operator, ops::drain),
        route(
            Post,
            "/compactionthreshold",
            Operator,
            ops::set_compaction_threshold,
        ),
        route(Post, "/snapshot", Operator, snapshots::take),
        route(Get, "/snapshots", Operator, snapshots::list),
        route(Delete, "/snapshot", Operator, snapshots::clear),
        route(Post, "/faults", Operator, faults::add),
        route(Get, "/faults", Operator, faults::list),
        route(Delete, "/faults", Operator, faults::clear),
        route(Get, "/activity", Operator, activity::list),
        route(Delete, "/activity", Operator, activity::clear),
        route(Post, "/reset", Operator, reset::reset),
    ];
    // The explorer's JSON API, and its page with the page's embedded files
    // (one exact path each). The page asks for the same credentials as
    // every other admin route (the browser prompts for them once and sends
    // them with the page's API calls).
    all.extend([
        route(Get, "/api/explorer/*", Operator, explorer::get),
        route(Post, "/api/explorer/*", Operator, explorer::post),
        // The admin port's root sends a browser to the page; the redirect
        // itself tells nothing, so it asks for no credentials.
        route(Get, "/", Open, explorer::to_page),
        route(Get, page::PATH, Operator, explorer::index),
        route(Get, "/explorer/", Operator, explorer::index),
    ]);
    let assets = page::ASSETS.iter();
    all.extend(assets.map(|a| route(Get, a.path, Operator, explorer::asset)));
    // The model advisor (docs/advisor.md).
    all.push(route(Post, "/api/advisor", Operator, advisor::post));
    all.push(route(
        Post,
        "/api/advisor/activity",
        Operator,
        advisor::post_activity,
    ));
    all
}

/// Finds the route for `method` and `path`: the route, or why none.
pub fn find<'a>(routes: &'a [Route], method: Method, path: &str) -> Result<&'a Route, AdminError> {
    let mut allowed = Vec::new();
    for r in routes.iter().filter(|r| matches(r.path, path)) {
        if r.method == method {
            return Ok(r);
        }
        allowed.push(r.method.as_str());
    }
    if allowed.is_empty() {
        return Err(AdminError::NotFound(format!("no such endpoint: {path}")));
    }
    Err(AdminError::MethodNotAllowed {
        method: method.as_str().to_string(),
        path: path.to_string(),
        allowed: allowed.join(", "),
    })
}

/// Whether a route's path matches a request's: exactly, or for a route
/// ending in `/*`, any path strictly under its prefix.
fn matches(route: &str, path: &str) -> bool {
    match route.strip_suffix('*') {
        Some(prefix) => path.len() > prefix.len() && path.starts_with(prefix),
        None => route == path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_method_and_path_is_registered_once() {
        let all = routes();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(
                    !(a.method == b.method && a.path == b.path),
                    "{} {} twice",
                    a.method.as_str(),
                    a.path
                );
            }
        }
    }

    #[test]
    fn the_explorer_page_s_routes_are_get_only() {
        let page: Vec<Route> = routes()
            .into_iter()
            .filter(|r| r.path.starts_with("/explorer") || r.path == "/")
            .collect();
        assert!(page.len() > 3);
        assert!(page.iter().all(|r| r.method == Method::Get));
    }

    #[test]
    fn unknown_paths_and_methods_are_told_apart() {
        let all = routes();
        assert!(find(&all, Method::Get, "/healthz").is_ok());
        assert!(find(&all, Method::Get, "/").is_ok());
        assert_eq!(find(&all, Method::Get, "/nope").unwrap_err().status(), 404);
        let e = find(&all, Method::Delete, "/healthz").unwrap_err();
        assert_eq!(e.status(), 405);
    }

    #[test]
    fn prefix_routes_match_only_below_their_prefix() {
        assert!(matches("/api/explorer/*", "/api/explorer/keyspaces"));
        assert!(!matches("/api/explorer/*", "/api/explorer/"));
        assert!(!matches("/api/explorer/*", "/api/explorer"));
        assert!(!matches("/api/explorer/*", "/api/explorers/x"));
        let all = routes();
        assert!(find(&all, Method::Get, "/api/explorer/keyspaces").is_ok());
        let e = find(&all, Method::Delete, "/api/explorer/keyspaces").unwrap_err();
        assert_eq!(e.status(), 405);
    }
}
