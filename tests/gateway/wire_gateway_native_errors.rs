//! A gateway serving the native protocol passes a cluster's refusals on as
//! the cluster gave them: a read or write timeout with its counts (a write
//! type narrowed to what the client's protocol version names),
//! unavailable with its counts, overloaded, bootstrapping, each under the
//! cluster's own message, so that a driver's retry policy sees what it
//! would have seen from the cluster itself. The cluster here is a backend
//! supercolumn whose primed native faults make the refusals.

use crate::native_support::{native_port, op, Conn, Frame, Reader, Writer};
use crate::wire_support::gateway::backend_url;
use crate::wire_support::{conformance_config, Server};
use serde_json::{json, Value};
use supercolumn::nodetool::http::Endpoint;

const ONE: u16 = 1;
const QUORUM: u16 = 4;

/// A QUERY at `cl` (v1's body has no flags byte).
fn query(c: &mut Conn, q: &str, cl: u16) -> Frame {
    let mut w = Writer::new();
    w.long_string(q).short(cl);
    if c.version >= 2 {
        w.byte(0);
    }
    c.call(op::QUERY, &w.buf)
}

/// An ERROR's code, message and the rest of its body.
fn error(f: &Frame) -> (i32, String, Vec<u8>) {
    assert_eq!(f.opcode, op::ERROR, "{}", f.describe());
    let mut r = Reader::new(&f.body);
    let code = r.int().unwrap();
    let message = r.string().unwrap();
    (code, message, f.body[r.offset()..].to_vec())
}

fn counts(cl: u16, a: i32, b: i32, tail: &[u8]) -> Vec<u8> {
    let mut w = Writer::new();
    w.short(cl).int(a).int(b);
    w.buf.extend_from_slice(tail);
    w.buf
}

fn string(s: &str) -> Vec<u8> {
    let mut w = Writer::new();
    w.string(s);
    w.buf
}

#[test]
fn a_clusters_refusals_reach_native_clients_as_the_cluster_gave_them() {
    let conf = conformance_config("storage-conf-v19.xml");
    let conf = conf.to_str().unwrap();
    let backend = Server::start(&[
        "--config",
        conf,
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let admin = Endpoint::new("127.0.0.1", backend.admin_port.expect("admin port"));
    let url = backend_url(&backend, "");
    let gateway = Server::start(&[
        "--config",
        conf,
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
        "--native-listen",
        "127.0.0.1:0",
    ]);
    let port = native_port(&gateway);
    let select = "SELECT * FROM \"CT\".\"StdBytes\" WHERE key = 0x6b";
    let insert = "INSERT INTO \"CT\".\"StdBytes\" (key, column1, value) VALUES (0x6b, 0x63, 0x76)";
    // Every attempt the gateway's driver makes meets the fault (its retry
    // policy may try once more); cleared after each check.
    let prime = |error: &str, extra: Value| {
        let mut rule = json!({"api": "native", "cql": "StdBytes", "error": error, "times": 100});
        rule.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let a = admin.post("/faults", &rule).unwrap();
        assert_eq!(a.status, 200, "{rule}: {}", a.text());
    };
    let clear = || assert_eq!(admin.delete("/faults").unwrap().status, 200);

    for version in [3u8, 4] {
        let mut c = Conn::ready(port, version);
        // The gateway prepares its statements on first use: made here, so
        // that the faults below meet the statements run, not prepared.
        assert_eq!(query(&mut c, insert, ONE).opcode, op::RESULT);
        assert_eq!(query(&mut c, select, ONE).opcode, op::RESULT);

        prime(
            "read_timeout",
            json!({"received": 1, "block_for": 2, "why": "primed read timeout"}),
        );
        assert_eq!(
            error(&query(&mut c, select, QUORUM)),
            (
                0x1200,
                "primed read timeout".into(),
                counts(QUORUM, 1, 2, &[0])
            ),
            "v{version}"
        );
        clear();

        // VIEW is v4's: a v3 client reads SIMPLE.
        prime(
            "write_timeout",
            json!({"write_type": "VIEW", "received": 0, "block_for": 1, "why": "primed write timeout"}),
        );
        let sent = if version >= 4 { "VIEW" } else { "SIMPLE" };
        assert_eq!(
            error(&query(&mut c, insert, ONE)),
            (
                0x1100,
                "primed write timeout".into(),
                counts(ONE, 0, 1, &string(sent))
            ),
            "v{version}"
        );
        clear();

        prime(
            "unavailable",
            json!({"block_for": 3, "alive": 1, "why": "primed unavailable"}),
        );
        assert_eq!(
            error(&query(&mut c, select, QUORUM)),
            (
                0x1000,
                "primed unavailable".into(),
                counts(QUORUM, 3, 1, &[])
            ),
            "v{version}"
        );
        clear();

        for (kind, code) in [("overloaded", 0x1001), ("is_bootstrapping", 0x1002)] {
            prime(kind, json!({"why": "primed"}));
            assert_eq!(
                error(&query(&mut c, select, ONE)),
                (code, "primed".into(), Vec::new()),
                "v{version} {kind}"
            );
            clear();
        }
        assert_eq!(query(&mut c, select, ONE).opcode, op::RESULT, "v{version}");
    }
}
