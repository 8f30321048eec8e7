//! The admin surface over HTTP on the real binary: it starts with
//! `--admin-listen 127.0.0.1:0` and prints its address first, answers
//! `/healthz` and JSON errors, and with SimpleAuthenticator refuses missing
//! or wrong credentials and users who may not use every keyspace.

mod wire_support;

use supercolumn::nodetool::http::Endpoint;
use wire_support::{conformance_config, Server};

fn admin_server(dir: &std::path::Path, extra: &[&str]) -> (Server, Endpoint) {
    let conf = conformance_config("storage-conf.xml");
    let mut args = vec![
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        dir.to_str().unwrap(),
        "--admin-listen",
        "127.0.0.1:0",
    ];
    args.extend_from_slice(extra);
    let server = Server::start(&args);
    let port = server
        .admin_port
        .expect("the admin line comes before the ready line");
    (server, Endpoint::new("127.0.0.1", port))
}

#[test]
fn healthz_and_errors_are_json() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, admin) = admin_server(dir.path(), &[]);
    let health = admin.get("/healthz").unwrap();
    assert_eq!(health.status, 200, "{}", health.text());
    assert_eq!(health.content_type, "application/json");
    assert_eq!(health.json().unwrap()["status"], "ok");

    let missing = admin.get("/no/such/thing").unwrap();
    assert_eq!(missing.status, 404);
    assert!(missing.json().unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("/no/such/thing"));
    let wrong = admin.delete("/healthz").unwrap();
    assert_eq!(wrong.status, 405, "{}", wrong.text());
}

#[test]
fn without_the_flag_there_is_no_admin_surface() {
    let dir = tempfile::tempdir().unwrap();
    let conf = conformance_config("storage-conf.xml");
    let server = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    assert_eq!(server.admin_port, None);
}

/// SimpleAuthenticator: alice may use every keyspace of the conformance
/// config, bob only one.
fn simple_server(dir: &std::path::Path) -> (Server, Endpoint) {
    let passwd = dir.join("passwd.properties");
    let access = dir.join("access.properties");
    std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
    let base = std::fs::read_to_string(conformance_config("storage-conf.xml")).unwrap();
    let keyspaces: Vec<String> = base
        .split("<Keyspace Name=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next().map(str::to_string))
        .collect();
    assert!(keyspaces.len() > 1, "{keyspaces:?}");
    let mut grants = String::new();
    for (i, ks) in keyspaces.iter().enumerate() {
        let users = if i == 0 { "alice,bob" } else { "alice" };
        grants.push_str(&format!("{ks}={users}\n"));
    }
    std::fs::write(&access, grants).unwrap();
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let conf = dir.join("storage-conf.xml");
    std::fs::write(
        &conf,
        base.replace(
            "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>",
            &auth,
        ),
    )
    .unwrap();
    let server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let port = server.admin_port.unwrap();
    (server, Endpoint::new("127.0.0.1", port))
}

#[test]
fn simple_authenticator_guards_the_surface() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, mut admin) = simple_server(dir.path());
    // Readiness stays open.
    assert_eq!(admin.get("/healthz").unwrap().status, 200);
    let none = admin.get("/version").unwrap();
    assert_eq!(none.status, 401, "{}", none.text());
    admin.credentials = Some(("alice".into(), "wrong".into()));
    assert_eq!(admin.get("/version").unwrap().status, 401);
    admin.credentials = Some(("bob".into(), "hunter2".into()));
    let bob = admin.get("/version").unwrap();
    assert_eq!(bob.status, 403, "{}", bob.text());
    admin.credentials = Some(("alice".into(), "secret".into()));
    let alice = admin.get("/version").unwrap();
    assert_eq!(alice.status, 200, "{}", alice.text());
    assert_eq!(alice.json().unwrap()["release_version"], "1.2.19");
}
