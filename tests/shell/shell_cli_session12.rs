//! `supercolumn cli` (1.2 mode) session statements against transcripts of
//! the real cassandra-cli 1.2.9: `connect host/port [user 'password']`,
//! `-u`/`-pw` logins (accepted, refused, with a `-k` keyspace the user may
//! not use), `use KS user 'password'`, `trace next query`, `set trace
//! probability`, `describe;` without a keyspace, `show api version`.
//!
//! The `.golden` files in `tests/data/shell/cli12/` (`session_connect.*`,
//! `auth_*`) are what the real Java cassandra-cli printed for the sessions
//! beside them, piped on stdin, stdout and stderr merged, against a fresh
//! `supercolumn serve` (see the README there): on the built-in default
//! configuration, and for `auth_*` on this repository's storage-conf.xml
//! with SimpleAuthenticator (alice=secret may use Keyspace1, bob=hunter2
//! BloggyAppy). The last line is the exit code.
//!
//! Masking (both sides): the port after `127.0.0.1/` -> `<port>`;
//! `Elapsed time: X msec(s).` -> `Elapsed time: <t> msec(s).`; the id after
//! `Session ID: ` -> `<uuid>`. Every statement must be identical.

use std::process::{Command, Stdio};

use crate::support::shell;

use shell::{Server, BIN, CONFIG};
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shell/cli12");

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{name}")).unwrap()
}

/// `supercolumn cli` with `input` piped in, stdout and stderr in one file,
/// HOME in a fresh directory; the exit code appended as `rc=N`.
fn run_cli(args: &[&str], input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let in_path = dir.path().join("in");
    std::fs::write(&in_path, input).unwrap();
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let status = Command::new(BIN)
        .arg("cli")
        .args(args)
        .env("HOME", dir.path())
        .stdin(Stdio::from(std::fs::File::open(&in_path).unwrap()))
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cli");
    let text = std::fs::read_to_string(&out_path).unwrap();
    format!("{text}rc={}\n", status.code().unwrap_or(-1))
}

fn mask(text: &str, port: u16) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let mut l = line.replace(&format!("127.0.0.1/{port}"), "127.0.0.1/<port>");
        if let Some(rest) = l.strip_prefix("Elapsed time: ") {
            if let Some(end) = rest.find(" msec(s).") {
                l = format!("Elapsed time: <t>{}", &rest[end..]);
            }
        }
        if let Some(at) = l.find("Session ID: ") {
            let start = at + "Session ID: ".len();
            let end = (start + 36).min(l.len());
            l.replace_range(start..end, "<uuid>");
        }
        out.push_str(&l);
    }
    out
}

/// The start, then one block per prompt (`[user@keyspace] statement`).
fn blocks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.split_inclusive('\n') {
        let prompt = line.starts_with('[')
            && line
                .find("] ")
                .is_some_and(|e| line[..e].contains('@') && !line[..e].contains(' '));
        if prompt {
            out.push(String::new());
        }
        out.last_mut().unwrap().push_str(line);
    }
    out
}

/// Compares statement by statement; returns how many statements were
/// compared (the start, and the last prompt that met the end of input and
/// the exit code, are compared but not counted).
fn compare(name: &str, golden: &str, ours: &str) -> usize {
    let (want, got) = (blocks(golden), blocks(ours));
    for (w, g) in want.iter().zip(&got) {
        assert_eq!(w, g, "{name}: a statement differs\n--- ours:\n{ours}");
    }
    assert_eq!(want.len(), got.len(), "{name}\n--- ours:\n{ours}");
    want.len() - 2
}

#[test]
fn connect_trace_describe_and_use_with_login_match_cassandra_cli() {
    let server = Server::start_default();
    let port = server.port.to_string();
    let input = data("session_connect.txt").replace("@PORT@", &port);
    let ours = mask(&run_cli(&["--port", &port], &input), server.port);
    let n = compare(
        "session_connect",
        &data("session_connect.stdin.golden"),
        &ours,
    );
    println!("cli 1.2 connect session: {n} statements compared, all identical");
}

#[test]
fn logins_at_start_and_on_connect_match_cassandra_cli() {
    let dir = tempfile::tempdir().unwrap();
    let passwd = dir.path().join("passwd.properties");
    let access = dir.path().join("access.properties");
    std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
    std::fs::write(&access, "Keyspace1=alice\nBloggyAppy=bob\n").unwrap();
    let plain = "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>";
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let base = std::fs::read_to_string(CONFIG).unwrap();
    assert!(base.contains(plain));
    let conf = dir.path().join("storage-conf.xml");
    std::fs::write(&conf, base.replace(plain, &auth)).unwrap();
    let server = Server::start_with(conf.to_str().unwrap());
    let port = server.port.to_string();
    let input = data("auth.txt").replace("@PORT@", &port);
    let mut total = 0;
    for (name, extra) in [
        ("ok", &["-u", "alice", "-pw", "secret"][..]),
        ("badpw", &["-u", "alice", "-pw", "wrong"][..]),
        (
            "badks",
            &["-u", "alice", "-pw", "secret", "-k", "BloggyAppy"][..],
        ),
        ("nologin", &[][..]),
    ] {
        let mut args = vec!["--port", &port];
        args.extend_from_slice(extra);
        let ours = mask(&run_cli(&args, &input), server.port);
        let golden = data(&format!("auth_{name}.stdin.golden"));
        total += compare(name, &golden, &ours);
    }
    println!("cli 1.2 login sessions: {total} statements compared, all identical");
}

#[test]
fn help_answers_every_statement_of_the_grammar() {
    let server = Server::start_default();
    let port = server.port.to_string();
    let topics = [
        "connect",
        "use",
        "trace next query",
        "set trace probability",
        "describe",
        "describe cluster",
        "quit",
        "show schema",
        "show api version",
        "create keyspace",
        "update column family",
        "drop index",
        "incr",
        "list",
        "assume",
        "consistencylevel",
    ];
    let input: String = topics.iter().map(|t| format!("help {t};\n")).collect();
    let out = run_cli(&["--port", &port, "-B"], &input);
    assert!(out.ends_with("rc=0\n"), "{out}");
    for t in topics {
        let first = t.split(' ').next().unwrap();
        assert!(
            out.contains(&format!("[default@unknown] help {t};\n{first}")),
            "help {t}: {out}"
        );
    }
}
