//! `supercolumn cli --api 0.6` against transcripts of the real Cassandra 0.6 cli.
//!
//! The sessions in `tests/data/shell/cli06/` were piped through the real
//! Java cli of Cassandra 0.6 (built from the 0.6 branch, see the README
//! there) against a fresh `supercolumn serve`; the `.golden` files hold what
//! it printed, stdout and stderr merged in one pipe. Here the same sessions
//! go through `supercolumn cli --api 0.6` against the same kind of server,
//! merged the same way, and are compared statement by statement (one block
//! per `cassandra> ` prompt).
//!
//! Masking (identical for both sides): `timestamp=<digits>` ->
//! `timestamp=<ts>`; the server's port after `127.0.0.1/` -> `<port>`, the
//! port nothing listens on -> `<dead>`.
//!
//! Known difference, by design: the text of `help` and `?` (this project
//! writes its own). Those statements are counted apart and must be the only
//! ones that differ.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::shell;

use shell::{Server, BIN, CONFIG};
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shell/cli06");

/// Runs `supercolumn cli --api 0.6` with `input` piped in and stdout and
/// stderr into one file, so their order is kept as a terminal shows it.
fn run_cli(args: &[&str], input: &str) -> (String, i32) {
    let dir = tempfile::tempdir().unwrap();
    let in_path = dir.path().join("in");
    std::fs::write(&in_path, input).unwrap();
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let status = Command::new(BIN)
        .args(["cli", "--api", "0.6"])
        .args(args)
        .env("HOME", dir.path())
        .stdin(Stdio::from(std::fs::File::open(&in_path).unwrap()))
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cli");
    (
        std::fs::read_to_string(&out_path).unwrap(),
        status.code().unwrap_or(-1),
    )
}

/// A port nothing listens on: bound, then let go.
fn dead_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The masking rule of the module comment.
fn mask(text: &str, port: u16, dead: u16) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let mut l = line
            .replace(&format!("127.0.0.1/{port}"), "127.0.0.1/<port>")
            .replace(&format!("127.0.0.1/{dead}"), "127.0.0.1/<dead>");
        let mut from = 0;
        while let Some(at) = l[from..].find("timestamp=").map(|a| a + from) {
            let start = at + "timestamp=".len();
            let end = l[start..]
                .find(|c: char| !(c.is_ascii_digit() || c == '-'))
                .map_or(l.len(), |e| start + e);
            l.replace_range(start..end, "<ts>");
            from = start;
        }
        out.push_str(&l);
    }
    out
}

/// The banner, then one block per statement (its echo and what it printed).
fn blocks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.starts_with("cassandra> ") {
            out.push(String::new());
        }
        out.last_mut().unwrap().push_str(line);
    }
    out
}

fn is_help(block: &str) -> bool {
    let stmt = block.lines().next().unwrap_or("");
    let stmt = stmt.trim_start_matches("cassandra> ").trim();
    stmt == "?" || stmt.to_ascii_lowercase().starts_with("help")
}

/// Compares block by block; returns the statements (the start, banner and
/// `Connected to:`, is compared but not counted) compared, identical, and
/// the help statements set apart.
fn compare(name: &str, golden: &str, ours: &str) -> (usize, usize, usize) {
    let (want, got) = (blocks(golden), blocks(ours));
    assert_eq!(
        want.len(),
        got.len(),
        "{name}: statement count differs\n--- ours:\n{ours}"
    );
    assert_eq!(want[0], got[0], "{name}: the start differs");
    let (mut compared, mut identical, mut help) = (0, 0, 0);
    for (w, g) in want.iter().zip(&got).skip(1) {
        if is_help(w) {
            help += 1;
            assert_eq!(w.lines().next(), g.lines().next(), "{name}: echo differs");
            continue;
        }
        compared += 1;
        assert_eq!(w, g, "{name}: a statement's output differs");
        identical += 1;
    }
    (compared, identical, help)
}

fn golden(name: &str) -> String {
    std::fs::read_to_string(Path::new(DATA).join(name)).unwrap()
}

#[test]
fn session_on_keyspace1_and_the_blog_model_matches_the_real_0_6_cli() {
    let server = Server::start_default();
    let session = golden("session.txt").replace("@PORT@", &server.port.to_string());
    let port = server.port.to_string();
    let (out, code) = run_cli(&["--port", &port], &session);
    assert_eq!(code, 0, "{out}");
    let ours = mask(&out, server.port, 0);
    let (compared, identical, help) = compare("session", &golden("session.stdin.golden"), &ours);
    println!("0.6 cli session: {compared} statements compared, {identical} identical; {help} help statements (own text) apart");
    assert_eq!(help, 3);
    assert!(compared >= 80, "{compared}");
}

#[test]
fn offline_start_connect_and_a_failed_reconnect_match_the_real_0_6_cli() {
    let server = Server::start_default();
    let dead = dead_port();
    let session = golden("offline.txt")
        .replace("@PORT@", &server.port.to_string())
        .replace("@DEAD@", &dead.to_string());
    let (out, code) = run_cli(&["--port", &dead.to_string()], &session);
    assert_eq!(code, 0, "{out}");
    let ours = mask(&out, server.port, dead);
    let (compared, identical, _) = compare("offline", &golden("offline.stdin.golden"), &ours);
    println!("0.6 cli offline session: {compared} compared, {identical} identical");
}

#[test]
fn login_with_username_password_and_keyspace_matches_the_real_0_6_cli() {
    let dir = tempfile::tempdir().unwrap();
    let passwd = dir.path().join("passwd.properties");
    let access = dir.path().join("access.properties");
    std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
    std::fs::write(&access, "Keyspace1=alice\nBloggyAppy=bob\n").unwrap();
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let conf = dir.path().join("storage-conf.xml");
    let base = std::fs::read_to_string(CONFIG).unwrap();
    let plain = "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>";
    assert!(base.contains(plain));
    std::fs::write(&conf, base.replace(plain, &auth)).unwrap();
    let server = Server::start_with(conf.to_str().unwrap());
    let input = golden("auth.txt");
    let mut total = 0;
    for (user, password, ks) in [
        ("alice", "secret", "Keyspace1"),
        ("alice", "wrong", "Keyspace1"),
        ("alice", "secret", "BloggyAppy"),
    ] {
        let port = server.port.to_string();
        let args = [
            "--port",
            &port,
            "--username",
            user,
            "--password",
            password,
            "-k",
            ks,
        ];
        let (out, code) = run_cli(&args, &input);
        let ours = mask(&format!("{out}rc={code}\n"), server.port, 0);
        let name = format!("auth_{user}_{password}_{ks}.golden");
        let (compared, identical, _) = compare(&name, &golden(&name), &ours);
        assert_eq!(compared, identical);
        total += compared;
    }
    println!("0.6 cli login sessions: {total} statements compared, all identical");
}
