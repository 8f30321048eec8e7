//! `supercolumn cqlsh` end to end: the script runner (`-f`, `-e`, a pipe),
//! statement splitting across lines and quotes, and error lines, against the
//! real server (`SUPERCOLUMN_TEST_SERVER=<path>` runs them against another
//! build), and one real table round trip through the server's CQL3.

use crate::support::shell;
use shell::{answering_with, normalize, script, shell, Server};

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
    // cqlsh 1.2.9 exited 0 whatever failed (tests/data/shell/cqlsh12);
    // this one exits 1 so that a CI script sees the failure.
    assert_eq!(run.code, 1, "{run:?}");
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
    // A pipe exits 1 after a failed statement (cqlsh 1.2.9 exited 0).
    assert_eq!(run.code, 1, "{run:?}");
    assert!(!run.stdout.contains("cqlsh>"), "{}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    assert_bad_request(run.stderr.trim_end(), "<stdin>:2:");
    // Nothing failed: exit 0, whether -e, -f or a pipe.
    let run = shell("cqlsh", server.port, &["-e", "HELP"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("DESCRIBE"), "{}", run.stdout);
    let run = script("cqlsh", server.port, &[], "USE system;\nHELP;\n");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
    let run = shell("cqlsh", server.port, &[], "USE system;\n");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
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

/// One `Connection error:` line naming what answered, exit 1, no panic.
fn assert_wrong_port(run: &shell::Run, port: u16, what: &str) {
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    let head = format!("Connection error: 127.0.0.1:{port} {what}");
    assert!(run.stderr.starts_with(&head), "{run:?}");
    assert!(
        run.stderr
            .contains("Thrift clients: give them the server's Thrift port (9160 by default"),
        "{run:?}"
    );
}

#[test]
fn a_native_or_admin_port_is_named_and_the_thrift_port_advised() {
    let server = Server::start_all_ports();
    let native = server.native.unwrap();
    let run = shell("cqlsh", native, &["-e", "SELECT * FROM system.local;"], "");
    assert_wrong_port(&run, native, "answered with the CQL native protocol (v");
    // The native protocol is for today's cqlsh or a driver, not this shell.
    assert!(
        run.stderr.contains("current cqlsh or a CQL driver"),
        "{run:?}"
    );
    let admin = server.admin.unwrap();
    let run = shell("cqlsh", admin, &["-e", "USE x;"], "");
    assert_wrong_port(&run, admin, "answered as an HTTP server, not Thrift.");
    assert!(!run.stderr.contains("driver"), "{run:?}");
    // The server's own Thrift port still works.
    let run = shell("cqlsh", server.port, &["-e", "USE system;"], "");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
}

#[test]
fn garbage_and_huge_lengths_from_a_server_are_refused_without_allocating() {
    // A 2 GiB frame, a negative one, text, and a close without a word.
    for (reply, what) in [
        (
            &b"\x7f\xff\xff\xffxyz"[..],
            "answered with bytes that are not Thrift (7f ff ff ff)",
        ),
        (
            &b"\xff\xff\xff\xf0"[..],
            "answered with bytes that are not Thrift (ff ff ff f0)",
        ),
        (
            &b"SSH-2.0-OpenSSH_9.6\r\n"[..],
            "answered with bytes that are not Thrift (53 53 48 2d)",
        ),
        (&b""[..], "closed the connection without a Thrift answer"),
    ] {
        let port = answering_with(reply);
        let run = shell("cqlsh", port, &["-e", "USE x;"], "");
        assert_wrong_port(&run, port, what);
    }
}

#[test]
fn tracing_on_prints_what_the_select_read_and_the_tombstones_it_passed() {
    let server = Server::start();
    let setup = "CREATE KEYSPACE trs WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n\
                 CREATE TABLE trs.t (p int, c int, v int, PRIMARY KEY (p, c));\n\
                 INSERT INTO trs.t (p, c, v) VALUES (1, 1, 1);\n\
                 INSERT INTO trs.t (p, c, v) VALUES (1, 2, 2);\n\
                 DELETE v FROM trs.t WHERE p = 1 AND c = 1;\n";
    let run = shell("cqlsh", server.port, &[], setup);
    assert_eq!(run.code, 0, "{run:?}");
    let run = shell(
        "cqlsh",
        server.port,
        &[],
        "TRACING ON;\nSELECT v FROM trs.t WHERE p = 1;\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let out = &run.stdout;
    assert!(out.contains("Now tracing requests."), "{out}");
    assert!(out.contains("Tracing session: "), "{out}");
    for step in [
        "execute_cql3_query",
        "Parsing SELECT v FROM trs.t WHERE p = 1",
        "Executing single-partition query on t",
        // Two row markers and one value; one deleted value.
        "Read 3 live and 1 tombstoned cells",
        "Request complete",
    ] {
        assert!(out.contains(step), "{step:?} in {out}");
    }
}

/// A script with no line end (a device, a runaway generator) is refused at
/// the line limit with the reason, by both shells, and never read on into
/// memory; COPY FROM such a stream is refused at its own limit.
#[test]
fn endless_input_is_refused_at_the_line_limit() {
    let server = Server::start();
    for tool in ["cqlsh", "cli"] {
        let run = shell(tool, server.port, &["-f", "/dev/zero"], "");
        assert_ne!(run.code, 0, "{tool}: {run:?}");
        assert!(
            run.stderr
                .contains("line 1 is longer than the limit of 64 MiB"),
            "{tool}: {run:?}"
        );
    }
    let run = shell(
        "cqlsh",
        server.port,
        &[
            "-e",
            "CREATE KEYSPACE copyzero WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}; \
             CREATE TABLE copyzero.t (k text PRIMARY KEY, v text); \
             COPY copyzero.t (k, v) FROM '/dev/zero'",
        ],
        "",
    );
    assert!(
        run.stderr
            .contains("Can't open '/dev/zero' for reading: it is over the limit of 256 MiB"),
        "{run:?}"
    );
}
