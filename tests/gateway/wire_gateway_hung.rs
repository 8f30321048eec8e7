//! A gateway whose cluster has a node that stops answering while in use
//! (paused: its connections stay open, new ones are accepted, nothing is
//! answered): calls keep succeeding through the other node once it is
//! found silent, the calls caught on it fail as a timeout of their kind
//! within the cluster's timeout plus a tenth (not the gateway's 12 s
//! ceiling), and the node is used again once it answers.

use super::peer;
use crate::support::wire;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra19 as t19;
use t19::TCassandraSyncClient as _;
use wire::gateway::native_backend;
use wire::{conformance_config, connect19, timestamp, Server};

/// One call: when it started (from the test's start), how long it took,
/// and how it failed (`None`: it succeeded).
struct Call {
    at: Duration,
    took: Duration,
    failed: Option<String>,
}

fn outcome(e: &thrift::Error) -> String {
    match e {
        thrift::Error::User(u) if u.downcast_ref::<t19::TimedOutException>().is_some() => {
            "TimedOut".into()
        }
        thrift::Error::User(u) if u.downcast_ref::<t19::UnavailableException>().is_some() => {
            "Unavailable".into()
        }
        other => format!("other {other:?}"),
    }
}

/// Writes and reads keys all over the ring through `port` until `stop`.
fn load(
    port: u16,
    seed: u64,
    start: Instant,
    stop: Arc<AtomicBool>,
) -> thread::JoinHandle<Vec<Call>> {
    thread::spawn(move || {
        let mut c = connect19(port);
        c.set_keyspace("CT".into()).unwrap();
        let mut calls = Vec::new();
        let mut i = seed;
        while !stop.load(Ordering::Relaxed) {
            i += 1;
            let key = format!("k{}", i % 61).into_bytes();
            let name = format!("c{}", i % 5).into_bytes();
            let at = start.elapsed();
            let r = if i % 2 == 0 {
                let parent = t19::ColumnParent::new("StdUTF8".to_string(), None);
                let col = t19::Column::new(name, b"v".to_vec(), timestamp(), None);
                c.insert(key, parent, col, t19::ConsistencyLevel::ONE)
            } else {
                let path = t19::ColumnPath::new("StdUTF8".to_string(), None, name);
                match c.get(key, path, t19::ConsistencyLevel::ONE) {
                    Err(thrift::Error::User(u))
                        if u.downcast_ref::<t19::NotFoundException>().is_some() =>
                    {
                        Ok(())
                    }
                    other => other.map(drop),
                }
            };
            calls.push(Call {
                at,
                took: start.elapsed() - at,
                failed: r.err().map(|e| outcome(&e)),
            });
        }
        calls
    })
}

#[test]
fn a_node_that_stops_answering_is_passed_over_and_its_calls_time_out_in_the_clusters_time() {
    let conf = conformance_config("storage-conf-v19.xml");
    let backend = native_backend(&conf);
    let (port, paused_node) = peer::with_a_pausable_peer(backend.native_port.unwrap());
    // The cluster's own timeouts taken as 1 s: a call caught on the paused
    // node is answered after 1.1 s.
    let url = format!(
        "cassandra://127.0.0.1:{port}?connect_timeout_ms=1000&read_timeout_ms=1000\
         &write_timeout_ms=1000"
    );
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
    ]);
    let start = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let loads: Vec<_> = (0..3)
        .map(|n| load(gateway.port, n * 1000, start, stop.clone()))
        .collect();
    thread::sleep(Duration::from_millis(1500));
    let before = paused_node.passed.load(Ordering::Relaxed);
    assert!(before > 0, "the second node coordinated nothing");
    let paused_at = start.elapsed();
    paused_node.paused.store(true, Ordering::Relaxed);
    thread::sleep(Duration::from_secs(4));
    let resumed_at = start.elapsed();
    paused_node.paused.store(false, Ordering::Relaxed);
    thread::sleep(Duration::from_millis(1500));
    let taken_back = paused_node.passed.load(Ordering::Relaxed);
    thread::sleep(Duration::from_millis(1500));
    stop.store(true, Ordering::Relaxed);
    let calls: Vec<Call> = loads.into_iter().flat_map(|h| h.join().unwrap()).collect();
    let after = paused_node.passed.load(Ordering::Relaxed);

    let paused: Vec<&Call> = calls
        .iter()
        .filter(|c| c.at >= paused_at && c.at < resumed_at)
        .collect();
    // Every call is answered within the cluster's timeout plus a tenth
    // (and some scheduling slack), never the 12 s ceiling.
    let slowest = calls.iter().map(|c| c.took).max().unwrap();
    assert!(
        slowest < Duration::from_millis(1700),
        "a call took {slowest:?}"
    );
    // A call failed only as a timeout, and only while the node was being
    // found silent (the first half second of the pause).
    let wrong: Vec<&String> = calls
        .iter()
        .filter_map(|c| c.failed.as_ref())
        .filter(|f| *f != "TimedOut")
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
    let late: Vec<Duration> = paused
        .iter()
        .filter(|c| c.failed.is_some() && c.at > paused_at + Duration::from_millis(1000))
        .map(|c| c.at - paused_at)
        .collect();
    assert!(
        late.is_empty(),
        "calls failed after the node was found silent: {late:?}"
    );
    let served = paused.iter().filter(|c| c.failed.is_none()).count();
    assert!(served > 50, "{served} calls served during the pause");
    // The node answers again: it coordinates again.
    assert!(
        after > taken_back && taken_back > before,
        "the node was not used again: {before} before, {taken_back} on resuming, {after} after"
    );
    eprintln!(
        "{} calls, {} during the pause ({} failed, slowest {slowest:?})",
        calls.len(),
        paused.len(),
        paused.iter().filter(|c| c.failed.is_some()).count()
    );
}
