//! The admin surface over HTTP on the real binary: it starts with
//! `--admin-listen 127.0.0.1:0` and prints its address first, answers
//! `/healthz` and JSON errors, and with SimpleAuthenticator refuses missing
//! or wrong credentials and users who may not use every keyspace. (What
//! the surface reports and does, `/metrics` and nodetool: `nodetool.rs`.)
//! Without `--admin-listen` the surface takes 127.0.0.1:7199, where
//! nodetool looks, and is given up with a warning when that port is taken.

use crate::support::wire;

use std::process::Command;
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{conformance_config, timestamp, Server};

pub(super) fn insert(server: &Server, key: &str, n: usize) {
    let mut c = server.client(false);
    for i in 0..n {
        let path = ColumnPath::new("StdBytes".to_string(), None, format!("c{i}").into_bytes());
        c.insert(
            "CT".into(),
            key.into(),
            path,
            b"v".to_vec(),
            timestamp(),
            CL::ONE,
        )
        .unwrap();
    }
}

pub(super) fn count(server: &Server, key: &str) -> usize {
    let mut c = server.client(false);
    let all = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 1000));
    c.get_slice(
        "CT".into(),
        key.into(),
        ColumnParent::new("StdBytes".to_string(), None),
        all,
        CL::ONE,
    )
    .unwrap()
    .len()
}

/// `supercolumn nodetool -p PORT ARGS`: (exit code, stdout, stderr).
pub(super) fn nodetool(port: u16, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args(["nodetool", "-h", "127.0.0.1", "-p", &port.to_string()])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The value of the sample `name` with exactly these labels in a
/// Prometheus text exposition.
pub(super) fn sample(text: &str, name: &str, labels: &str) -> Option<f64> {
    let prefix = if labels.is_empty() {
        format!("{name} ")
    } else {
        format!("{name}{{{labels}}} ")
    };
    text.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .map(|v| v.trim().parse().expect("a number"))
}

pub(super) fn admin_server(dir: &std::path::Path, extra: &[&str]) -> (Server, Endpoint) {
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
fn admin_listen_off_turns_the_surface_off() {
    let conf = conformance_config("storage-conf.xml");
    let mut server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "off",
    ]);
    assert_eq!(server.admin_port, None);
    server.wait_for_line(&["the admin surface is off"]);
}

/// The tests that use the default port 127.0.0.1:7199 take turns.
static DEFAULT_PORT: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn default_port_turn() -> std::sync::MutexGuard<'static, ()> {
    DEFAULT_PORT.lock().unwrap_or_else(|e| e.into_inner())
}

/// `supercolumn nodetool ARGS` with no -h or -p: nodetool's defaults.
fn nodetool_default(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .arg("nodetool")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_admin_surface_is_on_by_default_where_nodetool_looks() {
    let _turn = default_port_turn();
    // Wait for the port to be free (a server of another test may just be
    // stopping); another program holding it would make this test fail.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::net::TcpListener::bind("127.0.0.1:7199").is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "127.0.0.1:7199 is held by another program: this test needs it free"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let conf = conformance_config("storage-conf.xml");
    let mut server =
        Server::try_start_default_admin(&["--config", conf.to_str().unwrap(), "--in-memory"])
            .unwrap_or_else(|(status, log)| panic!("did not start ({status:?}):\n{log}"));
    let admin_port = server.admin_port;
    assert_eq!(admin_port, Some(7199), "{}", server.log());
    let line = server.wait_for_line(&["serving the admin surface on http://127.0.0.1:7199/"]);
    assert!(
        line.contains("the explorer: http://127.0.0.1:7199/explorer"),
        "{line}"
    );
    let (code, out, err) = nodetool_default(&["status"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nUN  127.0.0.1  "), "{out}");
}

#[test]
fn a_taken_default_port_is_given_up_with_a_warning() {
    let _turn = default_port_turn();
    // Held here, or by another program: taken either way.
    let _held = std::net::TcpListener::bind("127.0.0.1:7199");
    let conf = conformance_config("storage-conf.xml");
    let mut server =
        Server::try_start_default_admin(&["--config", conf.to_str().unwrap(), "--in-memory"])
            .unwrap_or_else(|(status, log)| panic!("did not start ({status:?}):\n{log}"));
    assert_eq!(server.admin_port, None);
    let line = server.wait_for_line(&["cannot listen on 127.0.0.1:7199 for the admin surface"]);
    assert!(
        line.contains(" WARN ") && line.contains("--admin-listen off"),
        "{line}"
    );
    // Thrift is served all the same.
    insert(&server, "still", 2);
    assert_eq!(count(&server, "still"), 2);
}

#[test]
fn an_explicit_admin_port_taken_fails_the_start() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let conf = conformance_config("storage-conf.xml");
    let r = Server::try_start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        &addr,
    ]);
    let Err((status, log)) = r else {
        panic!("started with its admin port taken")
    };
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
    assert!(
        log.contains(&format!("cannot listen on {addr}"))
            && log.contains("choose another with --admin-listen HOST:PORT"),
        "{log}"
    );
}

#[test]
fn the_root_redirects_to_the_explorer() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, admin) = admin_server(dir.path(), &[]);
    let a = admin.get("/").unwrap();
    assert_eq!(a.status, 303, "{}", a.text());
    // The client keeps only the content type: ask raw for the Location.
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", admin.port)).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    assert!(
        raw.to_ascii_lowercase()
            .contains("\r\nlocation: /explorer\r\n"),
        "{raw}"
    );
    assert_eq!(admin.get("/explorer").unwrap().status, 200);
}

#[test]
fn an_open_admin_port_without_login_is_warned_about() {
    let conf = conformance_config("storage-conf.xml");
    let mut server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "0.0.0.0:0",
    ]);
    let line = server.wait_for_line(&["beyond the loopback address"]);
    assert!(
        line.contains(" WARN ") && line.contains("AllowAllAuthenticator"),
        "{line}"
    );
    // On the loopback address: no such warning.
    let mut local = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    local.wait_for_line(&["serving the admin surface on"]);
    assert!(
        !local.log().contains("beyond the loopback"),
        "{}",
        local.log()
    );
}

#[test]
fn nodetool_says_when_the_port_is_not_the_admin_surface() {
    // A port that closes on an HTTP request, as a JMX (RMI) port does.
    let rmi = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = rmi.local_addr().unwrap().port();
    let accepting = std::thread::spawn(move || {
        use std::io::{Read, Write};
        let (mut s, _) = rmi.accept().unwrap();
        let mut buf = [0u8; 64];
        let _ = s.read(&mut buf);
        let _ = s.write_all(&[0x4e, 0x00, 0x09]);
    });
    let (code, _, err) = nodetool(port, &["status"]);
    accepting.join().unwrap();
    assert_eq!(code, 1);
    assert!(
        err.contains("is not supercolumn's admin surface") && err.contains("RMI"),
        "{err}"
    );
    assert!(!err.contains("malformed"), "{err}");
}

/// SimpleAuthenticator: alice may use every keyspace of the conformance
/// config, bob only one.
fn simple_server(dir: &std::path::Path) -> (Server, Endpoint) {
    simple_server_with(dir, &[])
}

fn simple_server_with(dir: &std::path::Path, extra: &[&str]) -> (Server, Endpoint) {
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
    let mut args = vec![
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ];
    args.extend_from_slice(extra);
    let server = Server::start(&args);
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

/// Sends `head` (request line and headers, no body) and reads the
/// status line of the answer, if one comes within 10 s.
fn status_of_head(port: u16, head: &str) -> Option<String> {
    use std::io::{BufRead, BufReader, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(s).read_line(&mut line).ok()?;
    (!line.is_empty()).then_some(line)
}

#[test]
fn credentials_are_checked_before_the_body_and_bodies_are_small() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _admin) = simple_server(dir.path());
    let port = server.admin_port.unwrap();
    // 200 MB announced and none sent: the 401 comes without the body.
    let anonymous = "POST /flush HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
                     content-length: 200000000\r\n\r\n";
    let status = status_of_head(port, anonymous).expect("an answer before the body");
    assert!(status.starts_with("HTTP/1.1 401"), "{status}");
    // alice:secret, with a body over the limit: 413 from its length alone.
    let alice = "POST /faults HTTP/1.1\r\nhost: x\r\nauthorization: Basic YWxpY2U6c2VjcmV0\r\n\
                 content-type: application/json\r\ncontent-length: 1000000\r\n\r\n";
    let status = status_of_head(port, alice).expect("an answer before the body");
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
    // Without a length (chunked), the limit stops the read.
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let head = "POST /faults HTTP/1.1\r\nhost: x\r\nauthorization: Basic YWxpY2U6c2VjcmV0\r\n\
                transfer-encoding: chunked\r\n\r\n";
    s.write_all(head.as_bytes()).unwrap();
    let chunk = vec![b' '; 32 * 1024];
    let mut answer = Vec::new();
    // 96 KiB, and no end: over the limit, answered without waiting for more.
    for _ in 0..3 {
        if s.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .and_then(|()| s.write_all(&chunk))
            .and_then(|()| s.write_all(b"\r\n"))
            .is_err()
        {
            break;
        }
    }
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
}

#[test]
fn admin_connections_count_against_the_cap_and_must_speak_in_time() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let (mut server, admin) = admin_server(
        dir.path(),
        &["--max-connections", "3", "--read-timeout", "2"],
    );
    let port = admin.port;
    let idle: Vec<std::net::TcpStream> = (0..3)
        .map(|_| std::net::TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // The cap is shared: a fourth admin connection gets a 503, a Thrift
    // one is closed.
    let status = status_of_head(port, "GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n");
    let status = status.expect("a 503");
    assert!(status.starts_with("HTTP/1.1 503"), "{status}");
    let mut thrift = server.raw();
    thrift
        .set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    assert!(
        matches!(thrift.read(&mut [0u8; 1]), Ok(0)),
        "Thrift kept over the cap"
    );
    // Silent, they are closed after the read timeout, and the port serves again.
    for mut c in idle {
        c.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let started = std::time::Instant::now();
        assert!(
            matches!(c.read(&mut [0u8; 1]), Ok(0)),
            "a silent admin connection kept"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(9));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(admin.get("/healthz").unwrap().status, 200);
    // A kept-alive connection idle after its answer is closed too.
    use std::io::Write;
    let mut kept = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    kept.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    let started = std::time::Instant::now();
    let _ = kept.read_to_end(&mut answer);
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{answer:?}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(9),
        "kept open"
    );
    assert!(server.terminate().success(), "{}", server.log());
}
