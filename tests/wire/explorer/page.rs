//! The explorer's page on the real binary's admin port: `/explorer` and
//! every embedded asset are served with their content types and exactly the
//! bytes of `src/explorer/assets/` (the binary embeds the files it was built
//! from), an unknown asset is a JSON 404, and with SimpleAuthenticator the
//! page needs the same credentials as the rest of the admin surface. What
//! the page shows is checked in a real browser by
//! `scripts/run-explorer-browser.sh`.

use crate::support::wire;

use supercolumn::explorer::page::ASSETS;
use supercolumn::nodetool::http::Endpoint;
use wire::{conformance_config, Server};

fn asset_on_disk(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/explorer/assets")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn admin_server(conf: &std::path::Path) -> (Server, Endpoint) {
    let server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let port = server.admin_port.expect("admin port");
    (server, Endpoint::new("127.0.0.1", port))
}

#[test]
fn the_page_and_its_assets_are_served_as_built() {
    let (_server, admin) = admin_server(&conformance_config("storage-conf.xml"));
    for path in ["/explorer", "/explorer/"] {
        let page = admin.get(path).unwrap();
        assert_eq!(page.status, 200, "{path}: {}", page.text());
        assert_eq!(page.content_type, "text/html; charset=utf-8");
        assert_eq!(page.body, asset_on_disk("index.html"));
        assert!(page.text().contains("/explorer/assets/app.js"));
    }
    assert!(ASSETS.len() >= 5);
    for asset in ASSETS {
        let got = admin.get(asset.path).unwrap();
        assert_eq!(got.status, 200, "{}: {}", asset.path, got.text());
        assert_eq!(got.content_type, asset.content_type, "{}", asset.path);
        let name = asset.path.trim_start_matches("/explorer/assets/");
        assert!(
            got.body == asset_on_disk(name),
            "{} differs from the file on disk",
            asset.path
        );
    }
    let missing = admin.get("/explorer/assets/nope.js").unwrap();
    assert_eq!(missing.status, 404);
    assert!(missing.json().unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("nope.js"));
    let wrong = admin.delete("/explorer").unwrap();
    assert_eq!(wrong.status, 405, "{}", wrong.text());
}

#[test]
fn with_simple_authenticator_the_page_needs_an_operator() {
    let dir = tempfile::tempdir().unwrap();
    let passwd = dir.path().join("passwd.properties");
    let access = dir.path().join("access.properties");
    std::fs::write(&passwd, "alice=secret\n").unwrap();
    let base = std::fs::read_to_string(conformance_config("storage-conf.xml")).unwrap();
    let grants: String = base
        .split("<Keyspace Name=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|ks| format!("{ks}=alice\n"))
        .collect();
    std::fs::write(&access, grants).unwrap();
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let conf = dir.path().join("storage-conf.xml");
    let text = base.replace(
        "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>",
        &auth,
    );
    assert_ne!(text, base, "the config names AllowAllAuthenticator");
    std::fs::write(&conf, text).unwrap();
    let (_server, mut admin) = admin_server(&conf);
    for path in ["/explorer", "/explorer/assets/app.js"] {
        let none = admin.get(path).unwrap();
        assert_eq!(none.status, 401, "{path}: {}", none.text());
    }
    admin.credentials = Some(("alice".into(), "secret".into()));
    for path in ["/explorer", "/explorer/assets/app.js"] {
        let ok = admin.get(path).unwrap();
        assert_eq!(ok.status, 200, "{path}: {}", ok.text());
    }
}
