//! Primed faults and the activity record on the real binary, seen by the
//! generated clients of both API generations: every fault kind arrives as
//! the exception it names (the generation's own struct), a write fault says
//! whether the write landed, a dropped connection is dropped, a delay
//! holds only its own connection, and `GET /activity` shows each call with
//! its consistency level, outcome and the rule that fired.

use crate::support::wire;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra06::{
    self as t06, AuthenticationRequest, ColumnPath, ConsistencyLevel as CL,
    TCassandraSyncClient as _,
};
use supercolumn::thrift::gen::cassandra19::{self as t19, TCassandraSyncClient as _};
use wire::{conformance_config, connect19, timestamp, Client19, Server};

fn start() -> (Server, Endpoint) {
    let conf = conformance_config("storage-conf.xml");
    let server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let admin = Endpoint::new("127.0.0.1", server.admin_port.expect("admin port"));
    (server, admin)
}

fn prime(admin: &Endpoint, rule: Value) -> u64 {
    let a = admin.post("/faults", &rule).unwrap();
    assert_eq!(a.status, 200, "{rule}: {}", a.text());
    a.json().unwrap()["id"].as_u64().expect("an id")
}

fn clear(admin: &Endpoint) {
    assert_eq!(admin.delete("/faults").unwrap().status, 200);
}

fn activity(admin: &Endpoint, query: &str) -> Vec<Value> {
    let a = admin.get(&format!("/activity{query}")).unwrap();
    assert_eq!(a.status, 200, "{}", a.text());
    a.json().unwrap().as_array().unwrap().clone()
}

fn path06(col: &str) -> ColumnPath {
    ColumnPath::new("StdBytes".to_string(), None, col.as_bytes().to_vec())
}

fn path19(col: &str) -> t19::ColumnPath {
    t19::ColumnPath::new("StdBytes".to_string(), None, col.as_bytes().to_vec())
}

fn client19(server: &Server) -> Client19 {
    let mut c = connect19(server.port);
    c.set_keyspace("CT".into()).unwrap();
    c
}

/// The name of the declared exception a call failed with.
fn thrown06<T: std::fmt::Debug>(r: thrift::Result<T>) -> String {
    let e = match r {
        Err(thrift::Error::User(e)) => e,
        Err(thrift::Error::Application(a)) => return format!("TApplicationException:{:?}", a.kind),
        other => panic!("expected an exception, got {other:?}"),
    };
    if e.is::<t06::TimedOutException>() {
        "TimedOutException".into()
    } else if e.is::<t06::UnavailableException>() {
        "UnavailableException".into()
    } else if e.is::<t06::NotFoundException>() {
        "NotFoundException".into()
    } else if let Some(x) = e.downcast_ref::<t06::InvalidRequestException>() {
        format!("InvalidRequestException:{}", x.why)
    } else if let Some(x) = e.downcast_ref::<t06::AuthenticationException>() {
        format!("AuthenticationException:{}", x.why)
    } else if let Some(x) = e.downcast_ref::<t06::AuthorizationException>() {
        format!("AuthorizationException:{}", x.why)
    } else {
        panic!("unexpected exception {e:?}")
    }
}

fn thrown19<T: std::fmt::Debug>(r: thrift::Result<T>) -> String {
    let e = match r {
        Err(thrift::Error::User(e)) => e,
        Err(thrift::Error::Application(a)) => return format!("TApplicationException:{:?}", a.kind),
        other => panic!("expected an exception, got {other:?}"),
    };
    if let Some(x) = e.downcast_ref::<t19::TimedOutException>() {
        format!("TimedOutException:{:?}", x.acknowledged_by)
    } else if e.is::<t19::UnavailableException>() {
        "UnavailableException".into()
    } else if e.is::<t19::NotFoundException>() {
        "NotFoundException".into()
    } else if let Some(x) = e.downcast_ref::<t19::InvalidRequestException>() {
        format!("InvalidRequestException:{}", x.why)
    } else if let Some(x) = e.downcast_ref::<t19::AuthenticationException>() {
        format!("AuthenticationException:{}", x.why)
    } else if let Some(x) = e.downcast_ref::<t19::AuthorizationException>() {
        format!("AuthorizationException:{}", x.why)
    } else {
        panic!("unexpected exception {e:?}")
    }
}

#[test]
fn each_kind_reaches_a_06_client_as_its_exception() {
    let (server, admin) = start();
    let mut c = server.client(false);
    let get = |c: &mut wire::Client| c.get("CT".into(), "k".into(), path06("c"), CL::QUORUM);
    for (rule, expected) in [
        (
            json!({"method": "get", "error": "timed_out"}),
            "TimedOutException",
        ),
        (
            json!({"method": "get", "error": "unavailable"}),
            "UnavailableException",
        ),
        (
            json!({"method": "get", "error": "not_found"}),
            "NotFoundException",
        ),
        (
            json!({"method": "get", "error": "invalid_request", "why": "primed"}),
            "InvalidRequestException:primed",
        ),
        (
            json!({"method": "get", "error": "authorization", "why": "no access"}),
            "InvalidRequestException:no access",
        ),
        (
            json!({"method": "get", "error": "application_error"}),
            "TApplicationException:InternalError",
        ),
    ] {
        prime(&admin, rule.clone());
        assert_eq!(thrown06(get(&mut c)), expected, "{rule}");
        clear(&admin);
    }
    // Only login declares the authentication and authorization exceptions.
    let auth = || AuthenticationRequest::new(Default::default());
    for (kind, expected) in [
        ("authentication", "AuthenticationException:bad login"),
        ("authorization", "AuthorizationException:bad login"),
    ] {
        prime(
            &admin,
            json!({"method": "login", "error": kind, "why": "bad login"}),
        );
        assert_eq!(thrown06(c.login("CT".into(), auth())), expected);
        clear(&admin);
    }
    // Unprimed, the call is answered for real.
    assert_eq!(thrown06(get(&mut c)), "NotFoundException");
    c.insert(
        "CT".into(),
        "k".into(),
        path06("c"),
        b"v".to_vec(),
        timestamp(),
        CL::ONE,
    )
    .unwrap();
    assert_eq!(get(&mut c).unwrap().column.unwrap().value, b"v");
}

#[test]
fn each_kind_reaches_a_19x_client_as_its_exception() {
    let (server, admin) = start();
    let mut c = client19(&server);
    let get = |c: &mut Client19| c.get(b"k".to_vec(), path19("c"), t19::ConsistencyLevel::QUORUM);
    for (rule, expected) in [
        (
            json!({"method": "get", "error": "timed_out"}),
            "TimedOutException:Some(0)",
        ),
        (
            json!({"method": "get", "error": "unavailable"}),
            "UnavailableException",
        ),
        (
            json!({"method": "get", "error": "not_found"}),
            "NotFoundException",
        ),
        (
            json!({"method": "get", "error": "invalid_request", "why": "primed"}),
            "InvalidRequestException:primed",
        ),
        (
            json!({"method": "get", "error": "authentication"}),
            "InvalidRequestException:You have not logged in",
        ),
        (
            json!({"method": "get", "error": "application_error"}),
            "TApplicationException:InternalError",
        ),
    ] {
        prime(&admin, rule.clone());
        assert_eq!(thrown19(get(&mut c)), expected, "{rule}");
        clear(&admin);
    }
    let auth = || t19::AuthenticationRequest::new(Default::default());
    for (kind, expected) in [
        ("authentication", "AuthenticationException:bad login"),
        ("authorization", "AuthorizationException:bad login"),
    ] {
        prime(
            &admin,
            json!({"method": "login", "error": kind, "why": "bad login"}),
        );
        assert_eq!(thrown19(c.login(auth())), expected);
        clear(&admin);
    }
    // A CQL statement, matched by its text.
    prime(
        &admin,
        json!({"cql": "(?i)^select .* from \"?StdBytes", "error": "unavailable"}),
    );
    let select = c.execute_cql3_query(
        b"SELECT * FROM \"StdBytes\"".to_vec(),
        t19::Compression::NONE,
        t19::ConsistencyLevel::LOCAL_QUORUM,
    );
    assert_eq!(thrown19(select), "UnavailableException");
    // A prepared execution is matched (and recorded) by its statement's text.
    let prepared = c
        .prepare_cql3_query(
            b"SELECT * FROM \"StdBytes\" WHERE key = ?".to_vec(),
            t19::Compression::NONE,
        )
        .unwrap();
    let run = c.execute_prepared_cql3_query(
        prepared.item_id,
        vec![b"k1".to_vec()],
        t19::ConsistencyLevel::ONE,
    );
    assert_eq!(thrown19(run), "UnavailableException");
    let runs = activity(&admin, "?method=execute_prepared_cql3_query");
    assert_eq!(
        runs.last().unwrap()["cql"],
        "SELECT * FROM \"StdBytes\" WHERE key = ?"
    );
    clear(&admin);
    assert_eq!(thrown19(get(&mut c)), "NotFoundException");
}

#[test]
fn a_write_fault_says_whether_the_write_was_applied() {
    let (server, admin) = start();
    let mut c = client19(&server);
    let parent = t19::ColumnParent::new("StdBytes".to_string(), None);
    let column =
        |name: &str| t19::Column::new(name.as_bytes().to_vec(), b"v".to_vec(), timestamp(), None);
    for (applied, col, acknowledged) in [(false, "lost", 0), (true, "landed", 1)] {
        prime(
            &admin,
            json!({"method": "insert", "error": "timed_out", "applied": applied}),
        );
        let r = c.insert(
            b"w".to_vec(),
            parent.clone(),
            column(col),
            t19::ConsistencyLevel::ONE,
        );
        assert_eq!(
            thrown19(r),
            format!("TimedOutException:Some({acknowledged})")
        );
        clear(&admin);
        let read = c.get(b"w".to_vec(), path19(col), t19::ConsistencyLevel::ONE);
        assert_eq!(read.is_ok(), applied, "{col}: {read:?}");
    }
    // 0.6: the same, and a connection dropped after the write is applied.
    let mut c6 = server.client(false);
    // A first answer on the connection, so the dropped one reads as a lost
    // connection, not as a port that never answered Thrift.
    c6.describe_version().unwrap();
    prime(
        &admin,
        json!({"method": "insert", "error": "drop_connection", "applied": true}),
    );
    let r = c6.insert(
        "CT".into(),
        "d".into(),
        path06("after"),
        b"v".to_vec(),
        timestamp(),
        CL::ONE,
    );
    assert!(
        matches!(
            r,
            Err(thrift::Error::Transport(_)) | Err(thrift::Error::Protocol(_))
        ),
        "{r:?}"
    );
    clear(&admin);
    prime(
        &admin,
        json!({"method": "insert", "error": "drop_connection"}),
    );
    let mut c6 = server.client(false);
    let r = c6.insert(
        "CT".into(),
        "d".into(),
        path06("before"),
        b"v".to_vec(),
        timestamp(),
        CL::ONE,
    );
    assert!(r.is_err(), "{r:?}");
    clear(&admin);
    let mut c6 = server.client(false);
    assert!(c6
        .get("CT".into(), "d".into(), path06("after"), CL::ONE)
        .is_ok());
    assert_eq!(
        thrown06(c6.get("CT".into(), "d".into(), path06("before"), CL::ONE)),
        "NotFoundException"
    );
}

#[test]
fn nth_and_times_pick_the_calls_and_hits_are_counted() {
    let (server, admin) = start();
    let mut c = client19(&server);
    let id = prime(
        &admin,
        json!({"method": "get", "key": "k", "nth": 2, "times": 2, "error": "timed_out"}),
    );
    let outcomes: Vec<String> = (0..5)
        .map(|_| thrown19(c.get(b"k".to_vec(), path19("c"), t19::ConsistencyLevel::ONE)))
        .collect();
    assert_eq!(
        outcomes,
        [
            "NotFoundException",
            "TimedOutException:Some(0)",
            "TimedOutException:Some(0)",
            "NotFoundException",
            "NotFoundException"
        ]
    );
    // Another key does not match.
    assert_eq!(
        thrown19(c.get(b"other".to_vec(), path19("c"), t19::ConsistencyLevel::ONE)),
        "NotFoundException"
    );
    let rules = admin.get("/faults").unwrap().json().unwrap();
    assert_eq!(rules[0]["id"], id);
    assert_eq!(rules[0]["hits"], 2);
    assert_eq!(rules[0]["matched"], 5);
    clear(&admin);
    assert_eq!(admin.get("/faults").unwrap().json().unwrap(), json!([]));
    let bad = admin.post("/faults", &json!({"error": "delay"})).unwrap();
    assert_eq!(bad.status, 400, "{}", bad.text());
    let typo = admin
        .post("/faults", &json!({"error": "timed_out", "mehtod": "get"}))
        .unwrap();
    assert_eq!(typo.status, 400, "{}", typo.text());
}

#[test]
fn a_delay_holds_only_its_own_connection() {
    let (server, admin) = start();
    prime(
        &admin,
        json!({"method": "get", "key": "slow", "error": "delay", "delay_ms": 3000}),
    );
    let port = server.port;
    let started = Instant::now();
    let slow = std::thread::spawn(move || {
        let mut c = wire::connect(port, false);
        let r = c.get("CT".into(), "slow".into(), path06("c"), CL::ONE);
        (thrown06(r), started.elapsed())
    });
    // Meanwhile other connections are answered (more of them than the
    // 2-core machine's pool threads, so a sleeping thread would show).
    for _ in 0..8 {
        let mut c = server.client(false);
        assert_eq!(
            thrown06(c.get("CT".into(), "fast".into(), path06("c"), CL::ONE)),
            "NotFoundException"
        );
    }
    assert!(!slow.is_finished(), "the delayed call is still waiting");
    let (outcome, took) = slow.join().unwrap();
    assert_eq!(
        outcome, "NotFoundException",
        "the real answer follows the delay"
    );
    assert!(took >= Duration::from_millis(3000), "{took:?}");
}

#[test]
fn the_activity_record_shows_each_call() {
    let (server, admin) = start();
    let mut c = client19(&server);
    assert_eq!(admin.delete("/activity").unwrap().status, 200);
    let id = prime(
        &admin,
        json!({"method": "get", "nth": 1, "error": "timed_out"}),
    );
    let _ = c.get(b"k1".to_vec(), path19("c"), t19::ConsistencyLevel::QUORUM);
    let _ = c.get(b"k1".to_vec(), path19("c"), t19::ConsistencyLevel::QUORUM);
    let mut c6 = server.client(false);
    c6.insert(
        "CT".into(),
        "k2".into(),
        path06("c"),
        b"v".to_vec(),
        timestamp(),
        CL::ALL,
    )
    .unwrap();
    let gets = activity(&admin, "?method=get");
    assert_eq!(gets.len(), 2, "{gets:?}");
    for g in &gets {
        assert_eq!(g["api"], "19");
        assert_eq!(g["keyspace"], "CT");
        assert_eq!(g["column_family"], "StdBytes");
        assert_eq!(g["consistency_level"], "QUORUM");
        assert_eq!(g["keys"], json!(["k1"]));
        assert!(g["duration_us"].is_u64());
        assert!(g["time"].as_str().unwrap().ends_with('Z'));
    }
    assert_eq!(gets[0]["outcome"], "TimedOutException");
    assert_eq!(gets[0]["fault"], id);
    assert_eq!(gets[1]["outcome"], "NotFoundException");
    assert_eq!(gets[1]["fault"], Value::Null);
    assert_ne!(gets[0]["connection"], Value::Null);
    let inserts = activity(&admin, "?method=insert&keyspace=CT&column_family=StdBytes");
    assert_eq!(inserts.len(), 1);
    assert_eq!(inserts[0]["api"], "0.6");
    assert_eq!(inserts[0]["outcome"], "ok");
    assert_eq!(inserts[0]["consistency_level"], "ALL");
    assert_ne!(inserts[0]["connection"], gets[0]["connection"]);
    let all = activity(&admin, "");
    let methods: Vec<&str> = all.iter().map(|e| e["method"].as_str().unwrap()).collect();
    assert_eq!(
        methods,
        ["get", "get", "insert"],
        "every call since the clear"
    );
    assert!(all[0]["seq"].as_u64() < all[1]["seq"].as_u64());
    assert_eq!(activity(&admin, "?limit=1").len(), 1);
    assert_eq!(admin.get("/activity?methd=get").unwrap().status, 400);
    assert_eq!(admin.delete("/activity").unwrap().status, 200);
    assert!(activity(&admin, "").is_empty());
}
