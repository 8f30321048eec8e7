//! A gateway whose cluster fails: calls in flight and calls after it died
//! answer the exceptions Thrift clients retry (TimedOutException,
//! UnavailableException) in each API generation's shape, `/healthz` says
//! the cluster is unreachable and `/metrics` counts the errors by kind; and
//! the query shape Cassandra 3.x fails (a reversed slice of one super
//! column's sub-columns) is never sent.

use super::peer;
use crate::support::wire;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::{cassandra06 as t06, cassandra19 as t19};
use t06::TCassandraSyncClient as _;
use t19::TCassandraSyncClient as _;
use wire::gateway::{gateway_with_admin, native_backend};
use wire::{conformance_config, connect, connect19, timestamp, Server};

/// What a failed call answered, by exception name.
fn outcome(e: &thrift::Error) -> String {
    match e {
        thrift::Error::User(u) => {
            if u.downcast_ref::<t06::TimedOutException>().is_some() {
                "0.6 TimedOut".into()
            } else if u.downcast_ref::<t06::UnavailableException>().is_some() {
                "0.6 Unavailable".into()
            } else if let Some(t) = u.downcast_ref::<t19::TimedOutException>() {
                format!("19 TimedOut(acknowledged_by={:?})", t.acknowledged_by)
            } else if u.downcast_ref::<t19::UnavailableException>().is_some() {
                "19 Unavailable".into()
            } else {
                format!("other {u:?}")
            }
        }
        other => format!("other {other:?}"),
    }
}

fn retried(o: &str) -> bool {
    o.contains("TimedOut") || o.contains("Unavailable")
}

/// Writes and reads through one generation's client until `stop`; the
/// outcome of each failed call.
fn load(port: u16, api19: bool, stop: Arc<AtomicBool>) -> thread::JoinHandle<(usize, Vec<String>)> {
    thread::spawn(move || {
        let (mut ok, mut failed) = (0, Vec::new());
        let mut c06 = (!api19).then(|| connect(port, true));
        let mut c19 = api19.then(|| {
            let mut c = connect19(port);
            c.set_keyspace("CT".into()).unwrap();
            c
        });
        let mut i = 0u64;
        while !stop.load(Ordering::Relaxed) {
            i += 1;
            let name = format!("c{}", i % 50).into_bytes();
            let key = format!("k{}", i % 7);
            let r = match (&mut c06, &mut c19) {
                (Some(c), _) => {
                    let path = t06::ColumnPath::new("StdUTF8".to_string(), None, name);
                    match i % 2 {
                        0 => c.insert(
                            "CT".into(),
                            key,
                            path,
                            b"v".to_vec(),
                            timestamp(),
                            t06::ConsistencyLevel::ONE,
                        ),
                        _ => c
                            .get("CT".into(), key, path, t06::ConsistencyLevel::ONE)
                            .map(|_| ())
                            .or_else(|e| match &e {
                                thrift::Error::User(u)
                                    if u.downcast_ref::<t06::NotFoundException>().is_some() =>
                                {
                                    Ok(())
                                }
                                _ => Err(e),
                            }),
                    }
                }
                (_, Some(c)) => {
                    let parent = t19::ColumnParent::new("StdUTF8".to_string(), None);
                    let col = t19::Column::new(name, b"v".to_vec(), timestamp(), None);
                    c.insert(key.into_bytes(), parent, col, t19::ConsistencyLevel::ONE)
                }
                _ => unreachable!(),
            };
            match r {
                Ok(()) => ok += 1,
                Err(e) => failed.push(outcome(&e)),
            }
        }
        (ok, failed)
    })
}

#[test]
fn a_backend_killed_mid_load_answers_timed_out_or_unavailable_in_both_generations() {
    let conf = conformance_config("storage-conf-v19.xml");
    let mut backend = native_backend(&conf);
    let gateway = gateway_with_admin(&conf, &backend, "?timeout_ms=2000&connect_timeout_ms=1000");
    let admin = Endpoint::new("127.0.0.1", gateway.admin_port.expect("admin port"));
    let health = admin.get("/healthz").unwrap();
    assert_eq!(health.status, 200, "{}", health.text());

    let stop = Arc::new(AtomicBool::new(false));
    let loads = [
        load(gateway.port, false, stop.clone()),
        load(gateway.port, true, stop.clone()),
    ];
    thread::sleep(Duration::from_millis(800));
    backend.kill9();
    thread::sleep(Duration::from_secs(4));
    stop.store(true, Ordering::Relaxed);
    for (generation, handle) in ["0.6", "19"].iter().zip(loads) {
        let (ok, failed) = handle.join().unwrap();
        assert!(ok > 0, "{generation}: no call succeeded before the kill");
        assert!(
            !failed.is_empty(),
            "{generation}: no call failed after the kill"
        );
        let wrong: Vec<&String> = failed.iter().filter(|o| !retried(o)).collect();
        assert!(wrong.is_empty(), "{generation}: {wrong:?} (of {failed:?})");
        assert!(
            failed.iter().all(|o| o.starts_with(generation)),
            "{generation}: another generation's shape: {failed:?}"
        );
    }

    // Down: /healthz says so, with the reason, and /metrics counts by kind.
    let started = Instant::now();
    let health = admin.get("/healthz").unwrap();
    assert_eq!(health.status, 503, "{}", health.text());
    let body: serde_json::Value = health.json().unwrap();
    assert_eq!(body["status"], "unreachable", "{body}");
    assert!(
        body["reason"].as_str().is_some_and(|r| !r.is_empty()),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(4));
    let metrics = admin.get("/metrics").unwrap().text();
    let counted: u64 = metrics
        .lines()
        .filter(|l| l.starts_with("supercolumn_cluster_errors_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum();
    assert!(counted > 0, "{metrics}");
    assert!(metrics.contains("kind=\"unreachable\""), "{metrics}");
}

/// `name=value` of each cell of a 19.x answer.
fn names(cols: &[t19::ColumnOrSuperColumn]) -> Vec<String> {
    cols.iter()
        .filter_map(|c| c.column.as_ref())
        .map(|c| String::from_utf8_lossy(&c.name).into_owned())
        .collect()
}

#[test]
fn a_reversed_sub_column_slice_is_read_forward_on_a_3x_cluster() {
    let conf = conformance_config("storage-conf-v19.xml");
    let backend = native_backend(&conf);
    // Between the gateway and the backend: a node that fails as 3.11 does.
    let (port, seen) = peer::three_eleven(backend.native_port.unwrap());
    let url = format!("cassandra://127.0.0.1:{port}");
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
    ]);
    let mut c = connect19(gateway.port);
    c.set_keyspace("CT".into()).unwrap();
    let cf = "SupBytes";
    let parent = || t19::ColumnParent::new(cf.to_string(), b"sc".to_vec());
    for name in ["a", "b", "c", "d", "e"] {
        let col = t19::Column::new(name.as_bytes().to_vec(), b"v".to_vec(), timestamp(), None);
        c.insert(b"k".to_vec(), parent(), col, t19::ConsistencyLevel::ONE)
            .unwrap();
    }
    let reversed = |start: &str, finish: &str, count: i32| {
        t19::SlicePredicate::new(
            None,
            t19::SliceRange::new(start.into(), finish.into(), true, count),
        )
    };
    let slice = |c: &mut wire::Client19, p: t19::SlicePredicate| {
        c.get_slice(b"k".to_vec(), parent(), p, t19::ConsistencyLevel::ONE)
            .map(|cols| names(&cols))
    };
    assert_eq!(slice(&mut c, reversed("", "", 2)).unwrap(), ["e", "d"]);
    assert_eq!(
        slice(&mut c, reversed("d", "b", 10)).unwrap(),
        ["d", "c", "b"]
    );
    assert_eq!(slice(&mut c, reversed("d", "", 2)).unwrap(), ["d", "c"]);
    assert_eq!(
        slice(&mut c, reversed("", "c", 0)).unwrap(),
        Vec::<String>::new()
    );
    let count = c
        .get_count(
            b"k".to_vec(),
            parent(),
            reversed("d", "", 3),
            t19::ConsistencyLevel::ONE,
        )
        .unwrap();
    assert_eq!(count, 3);
    // Forward slices are unchanged.
    let forward =
        t19::SlicePredicate::new(None, t19::SliceRange::new(b"b".to_vec(), vec![], false, 2));
    assert_eq!(slice(&mut c, forward).unwrap(), ["b", "c"]);
    let seen = seen.lock().unwrap();
    assert!(
        seen.refused.is_empty(),
        "sent what 3.11 fails: {:?}",
        seen.refused
    );
    // The sub-column reads went through the proxy, and it refuses the
    // shape that used to be sent.
    assert!(
        seen.passed.iter().any(|q| q.contains("column1 = ?")),
        "{:?}",
        seen.passed
    );
    assert!(peer::fails_on_3x(
        "SELECT column2, value FROM \"CT\".\"SupBytes\" WHERE key = ? AND column1 = ? \
         ORDER BY column1 DESC, column2 DESC LIMIT 2"
    ));
}
