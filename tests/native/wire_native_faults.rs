//! Primed faults, the activity record and the metrics for the native
//! protocol on the real binary, frame by frame: each fault kind arrives as
//! the ERROR its protocol version lays out (read and write timeouts with
//! their counts and write type, unavailable, overloaded, bootstrapping,
//! server error), a dropped connection is dropped, a delay holds only its
//! own stream, rules match by statement text, table and consistency, and
//! `GET /activity` and `GET /metrics` show native requests.

use crate::support::native::{native_port, op, Conn, Frame, Reader, Writer};
use crate::support::wire::{conformance_config, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use supercolumn::nodetool::http::Endpoint;

const QUORUM: u16 = 4;

fn start() -> (Server, Endpoint, u16) {
    let conf = conformance_config("storage-conf-v19.xml");
    let server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let admin = Endpoint::new("127.0.0.1", server.admin_port.expect("admin port"));
    let port = native_port(&server);
    (server, admin, port)
}

fn prime(admin: &Endpoint, rule: Value) -> u64 {
    let a = admin.post("/faults", &rule).unwrap();
    assert_eq!(a.status, 200, "{rule}: {}", a.text());
    a.json().unwrap()["id"].as_u64().expect("an id")
}

fn clear(admin: &Endpoint) {
    assert_eq!(admin.delete("/faults").unwrap().status, 200);
}

/// A QUERY at `cl` (v1's body has no flags byte).
fn query_at(c: &Conn, q: &str, cl: u16) -> Vec<u8> {
    let mut w = Writer::new();
    w.long_string(q).short(cl);
    if c.version >= 2 {
        w.byte(0);
    }
    w.buf
}

fn query(c: &mut Conn, q: &str, cl: u16) -> Frame {
    let body = query_at(c, q, cl);
    c.call(op::QUERY, &body)
}

/// An ERROR's code, message and the rest of its body.
fn error(f: &Frame) -> (i32, Vec<u8>) {
    let (code, _) = f.error();
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    r.string().unwrap();
    (code, f.body[r.offset()..].to_vec())
}

fn timeout_body(cl: u16, received: i32, block_for: i32, tail: &[u8]) -> Vec<u8> {
    let mut w = Writer::new();
    w.short(cl).int(received).int(block_for);
    w.buf.extend_from_slice(tail);
    w.buf
}

fn string(s: &str) -> Vec<u8> {
    let mut w = Writer::new();
    w.string(s);
    w.buf
}

fn setup(port: u16) {
    let mut c = Conn::ready(port, 4);
    c.ok("CREATE KEYSPACE nf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nf.t (k int PRIMARY KEY, v text)");
    c.ok("INSERT INTO nf.t (k, v) VALUES (1, 'one')");
}

#[test]
fn every_fault_kind_is_the_error_of_each_protocol_version() {
    let (_server, admin, port) = start();
    setup(port);
    let select = "SELECT v FROM nf.t WHERE k = 1";
    let insert = "INSERT INTO nf.t (k, v) VALUES (2, 'two')";
    for version in 1..=4u8 {
        let mut c = Conn::ready(port, version);
        let rule = |error: &str, extra: Value| {
            let mut r = json!({"api": "native", "cql": "nf\\.t", "error": error, "times": 1});
            r.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            r
        };
        // A read timeout: the request's level, the counts, no data.
        prime(&admin, rule("read_timeout", json!({})));
        let f = query(&mut c, select, QUORUM);
        assert_eq!(f.version, version);
        assert_eq!(
            error(&f),
            (0x1200, timeout_body(QUORUM, 0, 1, &[0])),
            "v{version}"
        );
        assert_eq!(query(&mut c, select, QUORUM).opcode, op::RESULT, "times 1");
        prime(
            &admin,
            rule(
                "read_timeout",
                json!({"received": 2, "block_for": 2, "data_present": true}),
            ),
        );
        assert_eq!(
            error(&query(&mut c, select, 1)),
            (0x1200, timeout_body(1, 2, 2, &[1]))
        );
        // A write timeout's write type, as the version knows it.
        for (wanted, sent) in [
            ("BATCH_LOG", "BATCH_LOG"),
            ("CAS", if version >= 2 { "CAS" } else { "SIMPLE" }),
            ("VIEW", if version >= 4 { "VIEW" } else { "SIMPLE" }),
        ] {
            prime(
                &admin,
                rule(
                    "write_timeout",
                    json!({"write_type": wanted, "received": 1, "block_for": 2}),
                ),
            );
            let f = query(&mut c, insert, QUORUM);
            assert_eq!(
                error(&f),
                (0x1100, timeout_body(QUORUM, 1, 2, &string(sent))),
                "v{version} {wanted}"
            );
        }
        // A plain timed_out is a read timeout on a read, a write one on a write.
        prime(&admin, rule("timed_out", json!({})));
        assert_eq!(error(&query(&mut c, select, 1)).0, 0x1200);
        prime(&admin, rule("timed_out", json!({})));
        assert_eq!(
            error(&query(&mut c, insert, 1)),
            (0x1100, timeout_body(1, 0, 1, &string("SIMPLE")))
        );
        prime(
            &admin,
            rule("unavailable", json!({"block_for": 3, "alive": 1})),
        );
        let mut w = Writer::new();
        w.short(QUORUM).int(3).int(1);
        assert_eq!(error(&query(&mut c, select, QUORUM)), (0x1000, w.buf));
        for (kind, code) in [
            ("overloaded", 0x1001),
            ("is_bootstrapping", 0x1002),
            ("server_error", 0x0000),
            ("invalid_request", 0x2200),
        ] {
            prime(&admin, rule(kind, json!({"why": "primed"})));
            let f = query(&mut c, select, 1);
            assert_eq!(f.error(), (code, "primed".to_string()), "v{version} {kind}");
        }
    }
    clear(&admin);
}

#[test]
fn rules_match_by_text_table_consistency_opcode_and_reach_prepared_and_batches() {
    let (_server, admin, port) = start();
    setup(port);
    let mut c = Conn::ready(port, 4);
    let select = "SELECT v FROM nf.t WHERE k = 1";
    // By consistency: ONE passes, QUORUM fails.
    prime(
        &admin,
        json!({"api": "native", "table": "t", "consistency": "QUORUM", "error": "read_timeout"}),
    );
    assert_eq!(query(&mut c, select, 1).opcode, op::RESULT);
    assert_eq!(error(&query(&mut c, select, QUORUM)).0, 0x1200);
    clear(&admin);
    // A Thrift rule does not touch native requests.
    prime(&admin, json!({"api": "19", "error": "timed_out"}));
    assert_eq!(query(&mut c, select, 1).opcode, op::RESULT);
    clear(&admin);
    // EXECUTE matches by the prepared text.
    let id = c.prepared_id("SELECT v FROM nf.t WHERE k = ?");
    prime(
        &admin,
        json!({"api": "native", "method": "EXECUTE", "cql": "WHERE k = \\?", "error": "read_timeout"}),
    );
    let mut w = Writer::new();
    w.short_bytes(&id).short(1).byte(1).short(1);
    w.bytes(Some(&1i32.to_be_bytes()));
    assert_eq!(error(&c.call(op::EXECUTE, &w.buf)).0, 0x1200);
    clear(&admin);
    // A BATCH times out as a BATCH write; an applied fault lets it land.
    prime(
        &admin,
        json!({"api": "native", "method": "BATCH", "keyspace": "nf", "error": "write_timeout", "applied": true}),
    );
    let mut w = Writer::new();
    w.byte(0).short(1).byte(0);
    w.long_string("INSERT INTO nf.t (k, v) VALUES (3, 'three')");
    w.short(0).short(QUORUM).byte(0);
    let f = c.call(op::BATCH, &w.buf);
    assert_eq!(
        error(&f),
        (0x1100, timeout_body(QUORUM, 0, 1, &string("BATCH")))
    );
    let rows = c.ok("SELECT v FROM nf.t WHERE k = 3").rows();
    assert_eq!(rows.len(), 1, "the applied batch landed");
    clear(&admin);
}

#[test]
fn drops_delays_activity_and_metrics() {
    let (_server, admin, port) = start();
    setup(port);
    let select = "SELECT v FROM nf.t WHERE k = 1";
    // A dropped connection gets no answer.
    let mut c = Conn::ready(port, 3);
    prime(
        &admin,
        json!({"api": "native", "cql": "nf\\.t", "error": "drop_connection", "times": 1}),
    );
    let body = query_at(&c, select, 1);
    c.send(1, op::QUERY, &body);
    assert!(c.recv().is_none(), "the connection is closed");
    // A delay holds its own stream only.
    let mut c = Conn::ready(port, 4);
    let rule = prime(
        &admin,
        json!({"api": "native", "cql": "k = 1", "error": "delay", "delay_ms": 400, "times": 1}),
    );
    let started = Instant::now();
    let slow = query_at(&c, select, 1);
    c.send(5, op::QUERY, &slow);
    let fast = query_at(&c, "SELECT v FROM nf.t WHERE k = 2", 1);
    c.send(6, op::QUERY, &fast);
    let first = c.recv().unwrap();
    assert_eq!(first.stream, 6, "the undelayed stream answers first");
    let second = c.recv().unwrap();
    assert_eq!((second.stream, second.opcode), (5, op::RESULT));
    assert!(started.elapsed() >= Duration::from_millis(400));
    // A read timeout, listed with its outcome.
    let timeout = prime(
        &admin,
        json!({"api": "native", "cql": "^SELECT", "error": "read_timeout", "times": 1}),
    );
    assert_eq!(error(&query(&mut c, select, QUORUM)).0, 0x1200);
    let a = admin.get("/activity?api=native&method=QUERY").unwrap();
    let entries = a.json().unwrap();
    let entries = entries.as_array().unwrap();
    let last = entries.last().unwrap();
    assert_eq!(last["api"], "native");
    assert_eq!(last["kind"], "SELECT");
    assert_eq!(last["protocol_version"], 4);
    assert_eq!(last["keyspace"], "nf");
    assert_eq!(last["column_family"], "t");
    assert_eq!(last["consistency_level"], "QUORUM");
    assert_eq!(last["cql"], select);
    assert_eq!(last["outcome"], "READ_TIMEOUT");
    assert_eq!(last["fault"], timeout);
    let delayed = entries.iter().find(|e| e["fault"] == rule).unwrap();
    assert_eq!(delayed["outcome"], "ok");
    assert!(delayed["duration_us"].as_u64().unwrap() >= 400_000);
    assert!(entries
        .iter()
        .any(|e| e["outcome"] == "connection_closed" && e["protocol_version"] == 3));
    // The metrics count native requests per opcode and statement kind.
    let m = admin.get("/metrics").unwrap().text();
    let value = |name: &str| -> f64 {
        m.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} in {m}"))
    };
    assert!(value(r#"supercolumn_native_requests_total{opcode="QUERY",kind="SELECT"}"#) >= 4.0);
    assert!(
        value(r#"supercolumn_native_request_errors_total{opcode="QUERY",kind="SELECT"}"#) >= 2.0
    );
    assert!(value(r#"supercolumn_native_requests_total{opcode="STARTUP",kind="none"}"#) >= 2.0);
    assert!(value(r#"supercolumn_native_requests_total{opcode="QUERY",kind="CREATE"}"#) >= 2.0);
}
