//! `supercolumn cqlsh` end to end: the script runner (`-f`, `-e`, a pipe),
//! statement splitting across lines and quotes, and error lines, against the
//! real server (`SUPERCOLUMN_TEST_SERVER=<path>` runs them against another
//! build), and one real table round trip through the server's CQL3.

use crate::shell_support;
use shell_support::{normalize, script, shell, Server};

/// `<input>:<line>:Bad Request: <why>` with a non-empty why.
fn assert_bad_request(line: &str, prefix: &str) {
    let why = line
        .strip_prefix(prefix)
        .and_then(|l| l.strip_prefix("Bad Request: "))
        .unwrap_or_else(|| panic!("{line:?} is not {prefix}Bad Request: ..."));
    assert!(!why.trim().is_empty(), "{line:?}");
}

#[test]
fn file_script_reports_each_failed_statement_with_its_line() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.cql");
    std::fs::write(
        &path,
        "-- comments and blank lines are skipped\n\nUSE no_such_keyspace_a;\nSELECT *\n  FROM no_such_keyspace_b.t\n  WHERE k = 'semi;colon';\nUSE no_such_keyspace_c; USE no_such_keyspace_d;\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let run = shell("cqlsh", server.port, &["-f", p], "");
    // cqlsh 1.2.9 exited 0 whatever failed (tests/shell_data/cqlsh12).
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{run:?}");
    // cqlsh 1.2.9 counted from 1 and added every line read: one past the
    // line that ended the statement.
    assert_bad_request(lines[0], &format!("{p}:4:"));
    assert_bad_request(lines[1], &format!("{p}:7:"));
    assert_bad_request(lines[2], &format!("{p}:8:"));
    assert_bad_request(lines[3], &format!("{p}:8:"));
}

#[test]
fn execute_option_and_pipes() {
    let server = Server::start();
    // -e (supercolumn's, not 1.2.9's): no location prefix; exit code 1 when
    // a statement failed.
    let run = shell("cqlsh", server.port, &["-e", "USE no_such_keyspace"], "");
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1);
    assert_bad_request(run.stderr.trim_end(), "");
    // A pipe: no prompt or banner, `<stdin>:N:` prefixes, exit stops it.
    let run = shell(
        "cqlsh",
        server.port,
        &[],
        "USE no_such_keyspace;\nexit\nUSE never_sent;\n",
    );
    // A pipe exits 0 whatever failed, as cqlsh 1.2.9 did.
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stdout.contains("cqlsh>"), "{}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    assert_bad_request(run.stderr.trim_end(), "<stdin>:2:");
    // Nothing failed: exit 0.
    let run = shell("cqlsh", server.port, &["-e", "HELP"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("DESCRIBE"), "{}", run.stdout);
}

#[test]
fn a_table_round_trip_through_execute() {
    let server = Server::start();
    let run = shell(
        "cqlsh",
        server.port,
        &[
            "-e",
            "CREATE KEYSPACE sh WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}; \
             USE sh; CREATE TABLE t (k text PRIMARY KEY, n int, s text); \
             INSERT INTO t (k, n, s) VALUES ('a', 1, 'x;y'); INSERT INTO t (k, n) VALUES ('b', 2); \
             SELECT * FROM t WHERE k = 'a'; SELECT n, s FROM t WHERE k = 'b';",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, "");
    let out = normalize(&run.stdout);
    assert!(out.contains("a | 1 | x;y"), "{out}");
    assert!(out.contains("2 | null"), "{out}");
    // Two one-row tables, each framed by blank lines (cqlsh 1.2.9 printed no row count).
    assert_eq!(out.matches("\n\n").count(), 2, "{out}");
}

#[test]
fn unknown_keyspace_option_fails_at_start() {
    let server = Server::start();
    let run = script(
        "cqlsh",
        server.port,
        &["-k", "no_such_keyspace"],
        "USE x;\n",
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1);
    assert_bad_request(run.stderr.trim_end(), "Connection error: ");
}

#[test]
fn a_server_without_cql3_is_one_connection_error_line() {
    // Today's 0.6 server has no set_cql_version; an unreachable port has no
    // server at all. Either way cqlsh says so in one line and exits 1.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let run = shell("cqlsh", port, &["-e", "USE x;"], "");
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("Connection error: "), "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1);
}
