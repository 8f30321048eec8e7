//! The native protocol under `serve --cassandra-version V`: only V's
//! protocol versions are accepted, the others refused in V's words and in
//! its highest version; `system.local` says V; no native listener before 1.2;
//! a CQL 3 syntax error reads as Thrift's `execute_cql3_query` reads on V
//! (from 2.1 with the statement's snippet).

use crate::support::native::*;
use crate::support::wire::{connect19, ire19, Server};
use supercolumn::thrift::gen::cassandra19::{self, TCassandraSyncClient};

fn release_server(version: &str) -> Server {
    Server::start(&[
        "--in-memory",
        "--cassandra-version",
        version,
        "--native-listen",
        "127.0.0.1:0",
    ])
}

#[test]
fn only_the_releases_protocol_versions_are_accepted() {
    let server = release_server("2.0.17");
    let port = native_port(&server);
    let mut c = Conn::ready(port, 2);
    let rows = c.ok("SELECT release_version FROM system.local").rows();
    assert_eq!(rows[0][0].as_deref(), Some(&b"2.0.17"[..]));
    let mut c = Conn::open(port, 3);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(f.version, 2, "answered in 2.0's highest version");
    assert_eq!(
        f.error(),
        (
            0x000a,
            "Invalid or unsupported protocol version: 3".to_string()
        )
    );
}

#[test]
fn two_two_names_its_highest_version() {
    let server = release_server("2.2.19");
    let port = native_port(&server);
    Conn::ready(port, 4);
    let mut c = Conn::open(port, 5);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(f.version, 4);
    assert_eq!(
        f.error().1,
        "Invalid or unsupported protocol version (5); highest supported is 4 "
    );
}

#[test]
fn before_1_2_there_is_no_native_listener() {
    let server = release_server("1.1.12");
    assert_eq!(server.native_port, None);
}

/// The SyntaxError QUERY, PREPARE and a BATCH's text member answer `q`.
fn native_syntax_errors(c: &mut Conn, q: &str) -> [(i32, String); 3] {
    let query = c.query(q).error();
    let prepare = c.prepare(q).error();
    let mut w = Writer::new();
    w.byte(0).short(1).byte(0).long_string(q).short(0).short(1);
    if c.version >= 3 {
        w.byte(0);
    }
    let batch = c.call(op::BATCH, &w.buf).error();
    [query, prepare, batch]
}

#[test]
fn syntax_errors_read_as_thrifts_with_the_snippet_from_2_1() {
    const SYNTAX_ERROR: i32 = 0x2000;
    for (release, version, snippets) in [
        ("2.0.17", 2, false),
        ("2.1.22", 3, true),
        ("2.2.19", 4, true),
    ] {
        let server = release_server(release);
        let mut thrift = connect19(server.port);
        let mut c = Conn::ready(native_port(&server), version);
        for q in [
            "SELEKT * FROM users",
            "INSERT INTO t (k, v) VALUES (1, 2) USING TTL",
            "SELECT * FROM t WHERE k = = 1",
            "SELECT *",
            "SELECT * FROM t WHERE k = ~",
        ] {
            let why = ire19(thrift.execute_cql3_query(
                q.as_bytes().to_vec(),
                cassandra19::Compression::NONE,
                cassandra19::ConsistencyLevel::ONE,
            ));
            for (code, message) in native_syntax_errors(&mut c, q) {
                assert_eq!(code, SYNTAX_ERROR, "{release} {q:?}: {message}");
                assert_eq!(message, why, "{release} {q:?}");
            }
        }
        // Recorded from 2.1.22 (the snippet's notation is `cql::snippet`'s).
        let (_, message) = c.query("SELEKT * FROM users").error();
        let with = "line 1:0 no viable alternative at input 'SELEKT' ([SELEKT]...)";
        let without = "line 1:0 no viable alternative at input 'SELEKT'";
        assert_eq!(message, if snippets { with } else { without }, "{release}");
    }
}

/// The counter-batch rule of a BATCH message from 2.1 (`BatchStatement.
/// validate`), as 2.1.22 and 2.2.19 answered over their native port: a
/// counter refused in a LOGGED batch only, a plain statement in a COUNTER
/// one, each in the batch kind's words; an UNLOGGED batch takes counters
/// alone but not mixed with other tables.
#[test]
fn from_2_1_an_unlogged_batch_takes_counters_but_not_mixed() {
    for version in ["2.1.22", "2.2.19"] {
        let server = release_server(version);
        let mut c = Conn::ready(native_port(&server), 2);
        c.ok("CREATE KEYSPACE nb WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        c.ok("CREATE TABLE nb.c (k int PRIMARY KEY, n counter)");
        c.ok("CREATE TABLE nb.p (k int PRIMARY KEY, v int)");
        let counter = "UPDATE nb.c SET n = n + 1 WHERE k = 1";
        let plain = "INSERT INTO nb.p (k, v) VALUES (1, 1)";
        let mut batch = |kind: u8, members: &[&str]| {
            let mut w = Writer::new();
            w.byte(kind).short(members.len() as u16);
            for text in members {
                w.byte(0).long_string(text).short(0);
            }
            w.short(1);
            let f = c.call(op::BATCH, &w.buf);
            match f.opcode {
                0 => f.error().1,
                _ => format!("kind {}", f.result_kind()),
            }
        };
        let logged = "Cannot include a counter statement in a logged batch";
        let in_counter = "Cannot include non-counter statement in a counter batch";
        let mixed = "Counter and non-counter mutations cannot exist in the same batch";
        let cases: &[(u8, &[&str], &str)] = &[
            (0, &[counter], logged),
            (0, &[plain, counter], logged),
            (0, &[plain], "kind 1"),
            (1, &[counter], "kind 1"),
            (1, &[counter, counter], "kind 1"),
            (1, &[counter, plain], mixed),
            (1, &[plain, counter], mixed),
            (1, &[plain], "kind 1"),
            (2, &[counter], "kind 1"),
            (2, &[counter, plain], in_counter),
            (2, &[plain], in_counter),
        ];
        for (kind, members, said) in cases {
            assert_eq!(batch(*kind, members), *said, "{version} {kind} {members:?}");
        }
        let rows = c.ok("SELECT n FROM nb.c WHERE k = 1").rows();
        assert_eq!(
            rows[0][0].as_deref(),
            Some(&4i64.to_be_bytes()[..]),
            "{version}"
        );
    }
}

/// A native session parses in its release's grammar from 2.2 (SELECT JSON,
/// 3.10's GROUP BY), as the release's `execute_cql3_query` does, and 2.1's
/// grammar refuses what 2.2 brought in the words its Thrift call answers.
#[test]
fn a_native_session_speaks_its_releases_cql() {
    let setup = [
        "CREATE KEYSPACE ng WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "CREATE TABLE ng.t (k int, c int, v int, PRIMARY KEY (k, c))",
        "INSERT INTO ng.t (k, c, v) VALUES (1, 1, 10)",
        "INSERT INTO ng.t (k, c, v) VALUES (1, 2, 20)",
    ];
    let json = "SELECT JSON k, v FROM ng.t WHERE k = 1 AND c = 1";
    let group = "SELECT k, count(*) FROM ng.t GROUP BY k";
    let server = release_server("3.11.10");
    let mut c = Conn::ready(native_port(&server), 4);
    for q in setup {
        c.ok(q);
    }
    let rows = c.ok(json).rows();
    assert_eq!(rows[0][0].as_deref(), Some(&br#"{"k": 1, "v": 10}"#[..]));
    let rows = c.ok(group).rows();
    assert_eq!(rows.len(), 1, "one group");

    let server = release_server("2.2.19");
    let mut c = Conn::ready(native_port(&server), 4);
    for q in setup {
        c.ok(q);
    }
    c.ok(json);
    let mut thrift = connect19(server.port);
    let why = ire19(thrift.execute_cql3_query(
        group.as_bytes().to_vec(),
        cassandra19::Compression::NONE,
        cassandra19::ConsistencyLevel::ONE,
    ));
    assert_eq!(c.query(group).error().1, why, "2.2 has no GROUP BY");

    let server = release_server("2.1.22");
    let mut c = Conn::ready(native_port(&server), 3);
    let mut thrift = connect19(server.port);
    let why = ire19(thrift.execute_cql3_query(
        json.as_bytes().to_vec(),
        cassandra19::Compression::NONE,
        cassandra19::ConsistencyLevel::ONE,
    ));
    assert_eq!(c.query(json).error().1, why, "2.1 has no JSON");
}
