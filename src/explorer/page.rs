//! The explorer's web page: `GET /explorer` (and `/explorer/`) answers the
//! page, `GET /explorer/assets/<file>` its stylesheet and JavaScript modules.
//! Every byte is embedded in the binary at compile time (`include_bytes!`),
//! so the page works offline and needs no build step: plain HTML, CSS and
//! ES modules written by hand in `assets/`. The page is read-only; all it
//! knows comes from the JSON API under `/api/explorer` (see
//! docs/explorer-api.md), which this module must not reimplement.
//!
//! Each asset is served at a path of its own (the admin route table matches
//! exact paths), listed once in [`ASSETS`]; the admin surface serves them
//! with [`HEADERS`]. This module owns the files and how they may be served,
//! not the HTTP: it must not name the admin surface.

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
    asset!("advise.js", JS),
];

/// The page itself, served at [`PATH`] (and `PATH/`).
pub const INDEX: Asset = Asset {
    path: PATH,
    content_type: HTML,
    bytes: include_bytes!("assets/index.html"),
};

/// The page may load only its own files and call only its own origin: no
/// CDN can sneak in, and stored data rendered as text cannot run script.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The headers every file of the page is served with. The files change only
/// with the binary; revalidating costs one small request per file and a
/// restarted server never serves stale modules.
pub const HEADERS: [(&str, &str); 3] = [
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Cache-Control", "no-cache"),
];

/// The embedded file served at `path`.
pub fn asset(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
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
        let index = text(INDEX.bytes);
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
        for a in ASSETS.iter().chain(std::iter::once(&INDEX)) {
            let t = text(a.bytes);
            assert!(
                !t.contains("http://") && !t.contains("https://"),
                "{}",
                a.path
            );
            assert!(!t.contains("//cdn"), "{}", a.path);
        }
    }
}
