//! The explorer's web page: `GET /explorer` (and `/explorer/`) answers the
//! page, `GET /explorer/assets/<file>` its stylesheet and JavaScript modules.
//! Every byte is embedded in the binary at compile time (`include_bytes!`),
//! so the page works offline and needs no build step: plain HTML, CSS and
//! ES modules written by hand in `assets/`. The page is read-only; all it
//! knows comes from the JSON API under `/api/explorer` (see
//! docs/explorer-api.md), which this module must not reimplement.
//!
//! Each asset is a route of its own (the admin route table matches exact
//! paths), listed once in [`ASSETS`].

use crate::admin::http::{AdminError, Method, Request, Response};
use crate::admin::routes::{Access, Route};
use crate::admin::state::AdminState;

/// Where the page is served (the start-up log and `GET /` point here).
pub const PATH: &str = "/explorer";

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// One embedded file: the path it is served at, its content type, its bytes.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

macro_rules! asset {
    ($file:literal, $type:expr) => {
        Asset {
            path: concat!("/explorer/assets/", $file),
            content_type: $type,
            bytes: include_bytes!(concat!("assets/", $file)),
        }
    };
}

/// The page's files. index.html names the entry module; the modules import
/// one another by relative path, so every file they name must be here.
pub const ASSETS: &[Asset] = &[
    asset!("style.css", CSS),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("dom.js", JS),
    asset!("format.js", JS),
    asset!("browse.js", JS),
    asset!("partition.js", JS),
    asset!("drawing.js", JS),
    asset!("scale.js", JS),
    asset!("query.js", JS),
];

const INDEX: &[u8] = include_bytes!("assets/index.html");

/// The page may load only its own files and call only its own origin: no
/// CDN can sneak in, and stored data rendered as text cannot run script.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

fn page_response(content_type: &'static str, bytes: &'static [u8]) -> Response {
    let mut r = Response::body(content_type, bytes);
    r.headers.push(("Content-Security-Policy", CSP.to_string()));
    r.headers
        .push(("X-Content-Type-Options", "nosniff".to_string()));
    // The files change only with the binary; revalidating costs one small
    // request per file and a restarted server never serves stale modules.
    r.headers.push(("Cache-Control", "no-cache".to_string()));
    r
}

/// `GET /explorer`: the page.
pub fn index(_state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    Ok(page_response(HTML, INDEX))
}

/// `GET /explorer/assets/<file>`: one embedded file, found by the path.
pub fn asset(_state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    ASSETS
        .iter()
        .find(|a| a.path == req.path)
        .map(|a| page_response(a.content_type, a.bytes))
        .ok_or_else(|| AdminError::NotFound(format!("no such explorer asset: {}", req.path)))
}

/// `GET /`: 303 See Other to the page.
fn to_page(_: &AdminState, _: &Request) -> Result<Response, AdminError> {
    let mut r = Response::body(HTML, format!("<a href=\"{PATH}\">{PATH}</a>\n"));
    r.status = 303;
    r.headers.push(("Location", PATH.to_string()));
    Ok(r)
}

/// The page's routes, for the admin route table. The page asks for the
/// same credentials as every other admin route (the browser prompts for
/// them once and sends them with the page's API calls).
pub fn routes() -> Vec<Route> {
    let mut all = vec![
        // The admin port's root sends a browser to the page; the redirect
        // itself tells nothing, so it asks for no credentials.
        Route {
            method: Method::Get,
            path: "/",
            access: Access::Open,
            handler: to_page,
        },
        Route {
            method: Method::Get,
            path: PATH,
            access: Access::Operator,
            handler: index,
        },
        Route {
            method: Method::Get,
            path: "/explorer/",
            access: Access::Operator,
            handler: index,
        },
    ];
    all.extend(ASSETS.iter().map(|a| Route {
        method: Method::Get,
        path: a.path,
        access: Access::Operator,
        handler: asset,
    }));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn text(bytes: &[u8]) -> &str {
        std::str::from_utf8(bytes).expect("assets are UTF-8")
    }

    /// Every `./x.js` a module imports and every asset index.html names is
    /// embedded: a missing one would only show as a broken page.
    #[test]
    fn every_referenced_file_is_embedded() {
        let served: BTreeSet<&str> = ASSETS
            .iter()
            .map(|a| a.path.trim_start_matches("/explorer/assets/"))
            .collect();
        let mut wanted = BTreeSet::new();
        for a in ASSETS.iter().filter(|a| a.content_type == JS) {
            for line in text(a.bytes).lines() {
                let line = line.trim();
                if !(line.starts_with("import ") || line.starts_with("} from ")) {
                    continue;
                }
                if let Some(start) = line.find("\"./") {
                    let rest = &line[start + 3..];
                    let end = rest.find('"').expect("closing quote");
                    wanted.insert(rest[..end].to_string());
                }
            }
        }
        let index = text(INDEX);
        for piece in index.split("assets/").skip(1) {
            let end = piece.find('"').expect("closing quote");
            wanted.insert(piece[..end].to_string());
        }
        assert!(wanted.contains("app.js") && wanted.contains("style.css"));
        for w in &wanted {
            assert!(
                served.contains(w.as_str()),
                "{w} is referenced but not embedded"
            );
        }
    }

    /// No asset reaches outside the server (the page works offline).
    #[test]
    fn nothing_is_loaded_from_elsewhere() {
        for a in ASSETS.iter().chain(std::iter::once(&Asset {
            path: "/explorer",
            content_type: HTML,
            bytes: INDEX,
        })) {
            let t = text(a.bytes);
            assert!(
                !t.contains("http://") && !t.contains("https://"),
                "{}",
                a.path
            );
            assert!(!t.contains("//cdn"), "{}", a.path);
        }
    }

    #[test]
    fn routes_are_distinct_and_get_only() {
        let r = routes();
        let paths: BTreeSet<&str> = r.iter().map(|r| r.path).collect();
        assert_eq!(paths.len(), r.len());
        assert!(r.iter().all(|r| r.method == Method::Get));
    }
}
