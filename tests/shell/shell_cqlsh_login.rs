//! `supercolumn cqlsh`'s command line as cqlsh 1.2.9's: `[options] [host
//! [port]]`, `CQLSH_HOST` / `CQLSH_PORT`, and `-u` / `-p` against a server
//! with SimpleAuthenticator (alice=secret may use Keyspace1 only).
//!
//! `auth_{ok,badks,nologin}.stdin.golden` in `tests/data/shell/cqlsh12`
//! are the real cqlsh's (1.2.13's, as the other transcripts) output for
//! `auth.cql` piped on stdin, with the exit code appended. A wrong password
//! made the real cqlsh die with a Python traceback ending in
//! `AuthenticationException(why='…')`: supercolumn prints that last line as
//! the `Connection error:` cqlsh meant it to be, and exits 1 as it did.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::shell;

use shell::{Server, BIN, CONFIG};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shell/cqlsh12");

/// Runs `supercolumn cqlsh ARGS` with `auth.cql` on stdin, stdout and
/// stderr in one pipe, and appends the exit code as the goldens do.
fn run(args: &[&str], env: &[(&str, String)]) -> String {
    let stdin = std::fs::File::open(Path::new(DATA).join("auth.cql")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let status = Command::new(BIN)
        .arg("cqlsh")
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env_remove("CQLSH_HOST")
        .env("HOME", dir.path())
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cqlsh");
    let text = std::fs::read_to_string(&out_path).unwrap();
    format!("{text}<exit code {}>\n", status.code().unwrap_or(-1))
}

fn golden(name: &str) -> String {
    let recorded =
        std::fs::read_to_string(Path::new(DATA).join(format!("auth_{name}.stdin.golden"))).unwrap();
    shell::cqlsh_exit_code_as_ours(&recorded)
}

fn auth_server(dir: &Path) -> Server {
    let passwd = dir.join("passwd.properties");
    let access = dir.join("access.properties");
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
    let conf = dir.join("storage-conf.xml");
    std::fs::write(&conf, base.replace(plain, &auth)).unwrap();
    Server::start_with(conf.to_str().unwrap())
}

#[test]
fn logins_match_the_real_cqlsh() {
    let dir = tempfile::tempdir().unwrap();
    let server = auth_server(dir.path());
    let port = server.port.to_string();
    for (name, extra) in [
        ("ok", &["-u", "alice", "-p", "secret"][..]),
        (
            "badks",
            &["-u", "alice", "-p", "secret", "-k", "BloggyAppy"][..],
        ),
        ("nologin", &[][..]),
    ] {
        let mut args = extra.to_vec();
        args.extend(["127.0.0.1", &port]);
        assert_eq!(run(&args, &[]), golden(name), "session {name}");
    }
    let bad = run(&["-u", "alice", "-p", "wrong", "127.0.0.1", &port], &[]);
    assert_eq!(
        bad,
        "Connection error: AuthenticationException(why='Given password in password mode PLAIN could not be validated for user alice')\n<exit code 1>\n"
    );
}

#[test]
fn host_and_port_come_from_arguments_then_the_environment() {
    let server = Server::start();
    let port = server.port.to_string();
    let query = [
        "-e",
        "SELECT keyspace_name FROM system.schema_keyspaces LIMIT 1",
    ];
    let ok = |out: &str| out.contains("keyspace_name") && out.ends_with("<exit code 0>\n");
    let positional = run(&[&query[..], &["127.0.0.1", &port]].concat(), &[]);
    assert!(ok(&positional), "{positional}");
    let from_env = run(&query, &[("CQLSH_PORT", port.clone())]);
    assert!(ok(&from_env), "{from_env}");
    let old_spelling = run(&[&query[..], &["--port", &port]].concat(), &[]);
    assert!(ok(&old_spelling), "{old_spelling}");
    let bad_port = run(&["127.0.0.1", "nine"], &[]);
    assert_eq!(
        bad_port,
        "error: 'nine' is not a valid port number.\n<exit code 2>\n"
    );
}
