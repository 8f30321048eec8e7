//! A gateway serving the native protocol passes a cluster's refusals on as
//! the cluster gave them: a read or write timeout with its counts (a write
//! type narrowed to what the client's protocol version names),
//! unavailable with its counts, overloaded, bootstrapping, each under the
//! cluster's own message, so that a driver's retry policy sees what it
//! would have seen from the cluster itself. A Thrift 19.x client of the
//! gateway gets a write timeout's replica count in `acknowledged_by` and its
//! write type in `acknowledged_by_batchlog`. An atomic batch across rows
//! reaches the cluster as one LOGGED batch, so its timeout says BATCH. The
//! cluster here is a backend supercolumn whose primed native faults make
//! the refusals, a write timeout without a write type saying the type of
//! what it was sent. A read or write failure reaches a v4 client as
//! READ_FAILURE or WRITE_FAILURE, an older one and Thrift as a timeout.

use crate::support::native::{native_port, op, Conn, Frame, Reader, Writer};
use crate::support::wire::gateway::backend_url;
use crate::support::wire::{conformance_config, connect19, timestamp, Server};
use serde_json::{json, Value};
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra19 as t19;
use t19::TCassandraSyncClient as _;

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

/// A backend supercolumn serving the native protocol with its admin surface
/// (for faults), and a gateway in front of it with `gateway_args` added.
fn backend_and_gateway(gateway_args: &[&str]) -> (Server, Endpoint, Server) {
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
    let mut args = vec![
        "--config",
        conf,
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
    ];
    args.extend_from_slice(gateway_args);
    let gateway = Server::start(&args);
    (backend, admin, gateway)
}

/// Adds a native fault rule on the backend: `error` on statements naming
/// `StdBytes`, every attempt the gateway's driver makes (its retry policy may
/// try once more), with `extra`'s keys.
fn prime_on(admin: &Endpoint, error: &str, extra: Value) {
    let mut rule = json!({"api": "native", "cql": "StdBytes", "error": error, "times": 100});
    rule.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let a = admin.post("/faults", &rule).unwrap();
    assert_eq!(a.status, 200, "{rule}: {}", a.text());
}

#[test]
fn a_clusters_refusals_reach_native_clients_as_the_cluster_gave_them() {
    let (_backend, admin, gateway) = backend_and_gateway(&["--native-listen", "127.0.0.1:0"]);
    let port = native_port(&gateway);
    let select = "SELECT * FROM \"CT\".\"StdBytes\" WHERE key = 0x6b";
    let insert = "INSERT INTO \"CT\".\"StdBytes\" (key, column1, value) VALUES (0x6b, 0x63, 0x76)";
    // Cleared after each check.
    let prime = |error: &str, extra: Value| prime_on(&admin, error, extra);
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

/// A cluster's READ_FAILURE and WRITE_FAILURE reach a v4 client with
/// their counts, failures and write type, and a v3 client as the timeout
/// Cassandra 4.0 sent it instead: the same counts under the timeout's text.
#[test]
fn a_clusters_replica_failures_reach_native_clients_by_their_version() {
    let (_backend, admin, gateway) = backend_and_gateway(&["--native-listen", "127.0.0.1:0"]);
    let port = native_port(&gateway);
    let select = "SELECT * FROM \"CT\".\"StdBytes\" WHERE key = 0x6b";
    let insert = "INSERT INTO \"CT\".\"StdBytes\" (key, column1, value) VALUES (0x6b, 0x63, 0x76)";
    let clear = || assert_eq!(admin.delete("/faults").unwrap().status, 200);
    let failures = |n: i32, tail: &[u8]| {
        let mut w = Writer::new();
        w.int(n);
        w.buf.extend_from_slice(tail);
        w.buf
    };
    for version in [3u8, 4] {
        let mut c = Conn::ready(port, version);
        assert_eq!(query(&mut c, insert, ONE).opcode, op::RESULT);
        assert_eq!(query(&mut c, select, ONE).opcode, op::RESULT);

        prime_on(
            &admin,
            "read_failure",
            json!({"received": 1, "block_for": 2, "failures": 1, "data_present": true,
                   "why": "primed read failure"}),
        );
        let expected = match version {
            4 => (
                0x1300,
                "primed read failure".to_string(),
                counts(QUORUM, 1, 2, &failures(1, &[1])),
            ),
            _ => (
                0x1200,
                "Operation timed out - received only 1 responses.".to_string(),
                counts(QUORUM, 1, 2, &[1]),
            ),
        };
        assert_eq!(
            error(&query(&mut c, select, QUORUM)),
            expected,
            "v{version}"
        );
        clear();

        prime_on(
            &admin,
            "write_failure",
            json!({"write_type": "CDC", "received": 0, "block_for": 1, "failures": 2,
                   "why": "primed write failure"}),
        );
        let expected = match version {
            4 => (
                0x1500,
                "primed write failure".to_string(),
                counts(ONE, 0, 1, &failures(2, &string("CDC"))),
            ),
            _ => (
                0x1100,
                "Operation timed out - received only 0 responses.".to_string(),
                counts(ONE, 0, 1, &string("SIMPLE")),
            ),
        };
        assert_eq!(error(&query(&mut c, insert, ONE)), expected, "v{version}");
        clear();
        assert_eq!(query(&mut c, select, ONE).opcode, op::RESULT, "v{version}");
    }
}

#[test]
fn a_write_timeouts_acknowledgements_reach_19x_thrift_clients() {
    let (_backend, admin, gateway) = backend_and_gateway(&[]);
    let mut c = connect19(gateway.port);
    c.set_keyspace("CT".into()).unwrap();
    let parent = t19::ColumnParent::new("StdBytes".to_string(), None);
    let column = |name: &str| t19::Column::new(name.into(), b"v".to_vec(), timestamp(), None);
    let insert = |c: &mut crate::support::wire::Client19| {
        c.insert(
            b"k".to_vec(),
            parent.clone(),
            column("c"),
            t19::ConsistencyLevel::QUORUM,
        )
    };
    // A row of two columns: one UNLOGGED batch to the cluster.
    let batch = |c: &mut crate::support::wire::Client19| {
        let m = |n| {
            let cosc = t19::ColumnOrSuperColumn::new(column(n), None, None, None);
            t19::Mutation::new(cosc, None)
        };
        let row = [("StdBytes".to_string(), vec![m("a"), m("b")])].into();
        c.batch_mutate([(b"k".to_vec(), row)].into(), t19::ConsistencyLevel::QUORUM)
    };
    // Made first, so that the faults meet the statements run, not prepared.
    insert(&mut c).unwrap();
    batch(&mut c).unwrap();
    let timed_out = |r: thrift::Result<()>| match r {
        Err(thrift::Error::User(u)) => match u.downcast_ref::<t19::TimedOutException>() {
            Some(t) => (t.acknowledged_by, t.acknowledged_by_batchlog),
            None => panic!("not a TimedOutException: {u:?}"),
        },
        other => panic!("{other:?}"),
    };
    let clear = || assert_eq!(admin.delete("/faults").unwrap().status, 200);

    let fault = |write_type: &str, received: i32| json!({"write_type": write_type, "received": received, "block_for": 2});
    prime_on(&admin, "write_timeout", fault("SIMPLE", 1));
    assert_eq!(timed_out(insert(&mut c)), (Some(1), None));
    clear();
    // The batch log written, the batch itself not on enough replicas.
    prime_on(&admin, "write_timeout", fault("BATCH", 0));
    assert_eq!(timed_out(batch(&mut c)), (Some(0), Some(true)));
    clear();
    // The batch log itself not written.
    prime_on(&admin, "write_timeout", fault("BATCH_LOG", 1));
    assert_eq!(timed_out(batch(&mut c)), (Some(1), Some(false)));
    clear();
    // A read timeout says nothing of acknowledgements, as 1.2's did not.
    prime_on(
        &admin,
        "read_timeout",
        json!({"received": 1, "block_for": 2}),
    );
    let read = c.get_slice(
        b"k".to_vec(),
        parent.clone(),
        t19::SlicePredicate::new(None, t19::SliceRange::new(vec![], vec![], false, 10)),
        t19::ConsistencyLevel::QUORUM,
    );
    assert_eq!(timed_out(read.map(|_| ())), (None, None));
    clear();
    // A replica failure is 3.x's bare TimedOutException.
    prime_on(&admin, "write_failure", fault("SIMPLE", 1));
    assert_eq!(timed_out(insert(&mut c)), (None, None));
    clear();
    insert(&mut c).unwrap();
}

/// A native BATCH of `kind` (0 logged, 1 unlogged) of `inserts` at QUORUM.
fn batch_message(c: &mut Conn, kind: u8, inserts: &[&str]) -> Frame {
    let mut w = Writer::new();
    w.byte(kind).short(inserts.len() as u16);
    for q in inserts {
        w.byte(0).long_string(q).short(0);
    }
    w.short(QUORUM).byte(0);
    c.call(op::BATCH, &w.buf)
}

#[test]
fn an_atomic_batch_across_rows_reaches_the_cluster_as_one_logged_batch() {
    let (_backend, admin, gateway) = backend_and_gateway(&["--native-listen", "127.0.0.1:0"]);
    let mut t = connect19(gateway.port);
    t.set_keyspace("CT".into()).unwrap();
    let column = |name: &str| t19::Column::new(name.into(), b"v".to_vec(), timestamp(), None);
    // `keys` each given the columns `names`, by `atomic_batch_mutate` or not.
    let mutate =
        |t: &mut crate::support::wire::Client19, atomic: bool, keys: &[&str], names: &[&str]| {
            let m = |n: &str| {
                let cosc = t19::ColumnOrSuperColumn::new(column(n), None, None, None);
                t19::Mutation::new(cosc, None)
            };
            let map = keys
                .iter()
                .map(|k| {
                    let row = [("StdBytes".to_string(), names.iter().map(|n| m(n)).collect())];
                    (k.as_bytes().to_vec(), row.into())
                })
                .collect();
            let cl = t19::ConsistencyLevel::QUORUM;
            match atomic {
                true => t.atomic_batch_mutate(map, cl),
                false => t.batch_mutate(map, cl),
            }
        };
    let by_batchlog = |r: thrift::Result<()>| match r {
        Err(thrift::Error::User(u)) => match u.downcast_ref::<t19::TimedOutException>() {
            Some(t) => t.acknowledged_by_batchlog,
            None => panic!("not a TimedOutException: {u:?}"),
        },
        other => panic!("{other:?}"),
    };
    let port = native_port(&gateway);
    let mut c = Conn::ready(port, 4);
    let insert = |k: &str| {
        format!("INSERT INTO \"CT\".\"StdBytes\" (key, column1, value) VALUES (0x{k}, 0x63, 0x76)")
    };
    let (one, two) = (insert("6b31"), insert("6b32"));
    let cql_batch = |kind: &str| format!("BEGIN {kind}BATCH {one}; {two}; APPLY BATCH");
    // What the cluster is sent, run once unprimed: the gateway prepares its
    // statements on first use, and the faults must meet them run. The
    // logged batches land whole.
    mutate(&mut t, true, &["a", "b"], &["c"]).unwrap();
    mutate(&mut t, false, &["a", "b"], &["c", "d"]).unwrap();
    mutate(&mut t, true, &["a"], &["c", "d"]).unwrap();
    assert_eq!(batch_message(&mut c, 0, &[&one, &two]).opcode, op::RESULT);
    assert_eq!(query(&mut c, &cql_batch(""), QUORUM).opcode, op::RESULT);
    let path = t19::ColumnPath::new("StdBytes".to_string(), None, b"c".to_vec());
    for key in ["a", "b"] {
        let got = t.get(key.into(), path.clone(), t19::ConsistencyLevel::ONE);
        assert!(got.is_ok(), "{key}: {got:?}");
    }

    // A primed write timeout says the write type of what the cluster was
    // sent: BATCH for a logged batch, SIMPLE or UNLOGGED_BATCH otherwise.
    prime_on(
        &admin,
        "write_timeout",
        json!({"received": 0, "block_for": 2}),
    );
    // Across rows: the batch log written (BATCH), the batch not.
    assert_eq!(
        by_batchlog(mutate(&mut t, true, &["a", "b"], &["c"])),
        Some(true)
    );
    // Not atomic, or one row (Cassandra skips the batch log for one
    // partition): no batch log.
    assert_eq!(
        by_batchlog(mutate(&mut t, false, &["a", "b"], &["c", "d"])),
        None
    );
    assert_eq!(by_batchlog(mutate(&mut t, true, &["a"], &["c", "d"])), None);
    let write_type = |f: Frame| {
        let (code, _, tail) = error(&f);
        assert_eq!(code, 0x1100, "a write timeout");
        let mut r = Reader::new(&tail[10..]);
        r.string().unwrap()
    };
    assert_eq!(write_type(batch_message(&mut c, 0, &[&one, &two])), "BATCH");
    assert_eq!(
        write_type(batch_message(&mut c, 1, &[&one, &two])),
        "SIMPLE"
    );
    assert_eq!(write_type(query(&mut c, &cql_batch(""), QUORUM)), "BATCH");
    assert_eq!(
        write_type(query(&mut c, &cql_batch("UNLOGGED "), QUORUM)),
        "SIMPLE"
    );
    assert_eq!(admin.delete("/faults").unwrap().status, 200);
}

/// Sends `signal` to the process `pid` (`STOP`, `CONT`).
fn signal(pid: u32, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// A cluster that fails without answering (its node paused, then dead)
/// answers native clients of every protocol version as a coordinator
/// would, the same failures Thrift answers TimedOut and Unavailable: a
/// read or write timeout with no replica answered (the write's type
/// SIMPLE), then Unavailable with none alive, a truncate TRUNCATE_ERROR;
/// never a server error, which drivers do not retry.
#[test]
fn a_paused_or_dead_cluster_answers_native_timeouts_and_unavailable() {
    let conf = conformance_config("storage-conf-v19.xml");
    let mut backend = crate::support::wire::gateway::native_backend(&conf);
    // The keepalive is longer than the pause: the paused node keeps its
    // connections, so each call meets the cluster's timeout (a shorter one
    // gives the connections up and answers Unavailable, see docs/gateway.md).
    let url = backend_url(
        &backend,
        "?timeout_ms=1500&connect_timeout_ms=500&keepalive_ms=60000",
    );
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
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
    let truncate = "TRUNCATE \"CT\".\"StdBytes\"";
    let versions = [1u8, 2, 3, 4];
    let mut conns: Vec<Conn> = versions.iter().map(|v| Conn::ready(port, *v)).collect();
    for c in &mut conns {
        assert_eq!(query(c, insert, ONE).opcode, op::RESULT);
        assert_eq!(query(c, select, QUORUM).opcode, op::RESULT);
    }

    // Paused: nothing answers within the URL's timeout_ms.
    signal(backend.pid(), "STOP");
    for c in &mut conns {
        let v = c.version;
        let (code, message, rest) = error(&query(c, select, QUORUM));
        assert_eq!(code, 0x1200, "v{v}: {message}");
        assert!(
            message.starts_with("Operation timed out"),
            "v{v}: {message}"
        );
        // QUORUM of one replica: none of one answered, no data.
        assert_eq!(rest, counts(QUORUM, 0, 1, &[0]), "v{v}");
        let (code, message, rest) = error(&query(c, insert, ONE));
        assert_eq!(code, 0x1100, "v{v}: {message}");
        assert_eq!(rest, counts(ONE, 0, 1, &string("SIMPLE")), "v{v}");
        // A truncate waits for every replica: Cassandra's TRUNCATE_ERROR.
        let (code, message, _) = error(&query(c, truncate, ONE));
        assert_eq!(code, 0x1003, "v{v}: {message}");
        assert!(
            message.starts_with("Error during truncate: Truncate timed out"),
            "v{v}: {message}"
        );
    }
    signal(backend.pid(), "CONT");

    // Dead: once the driver knows no node is up, Unavailable; before
    // that, a request caught on the dying connection times out.
    backend.kill9();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen = Vec::new();
    for c in &mut conns {
        let v = c.version;
        loop {
            let (code, message, rest) = error(&query(c, select, ONE));
            seen.push((v, code));
            assert!(
                [0x1000, 0x1200].contains(&code),
                "v{v}: {code:#06x} {message}"
            );
            if code == 0x1000 {
                assert!(message.starts_with("Cannot achieve consistency level ONE"));
                assert_eq!(rest, counts(ONE, 1, 0, &[]), "v{v}");
                break;
            }
            assert!(std::time::Instant::now() < deadline, "{seen:?}");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let (code, message, _) = error(&query(c, insert, ONE));
        assert!(
            [0x1000, 0x1100].contains(&code),
            "v{v}: {code:#06x} {message}"
        );
        let (code, message, _) = error(&query(c, truncate, ONE));
        assert_eq!(code, 0x1003, "v{v}: {message}");
        assert!(
            message.starts_with("Error during truncate: "),
            "v{v}: {message}"
        );
    }
}
