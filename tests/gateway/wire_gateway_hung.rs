//! A gateway whose cluster has a node that stops answering while in use
//! (paused: its connections stay open, new ones are accepted, nothing is
//! answered): calls keep succeeding through the other node once it is
//! found silent, the calls caught on it fail as a timeout of their kind
//! within the cluster's timeout plus a tenth (not the gateway's 12 s
//! ceiling), a statement first used meanwhile is not held by it, and the
//! node is used again once it answers. And a keyspace created through the
//! gateway is routed to its replica from the first write (the gateway reads
//! the ring again after its schema changes; against a backend supercolumn
//! the driver's own refresh on the schema event is quick enough too, so this
//! holds the routing, not the refresh alone).

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
            let r = if i.is_multiple_of(2) {
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
    // node is answered after 1.05 s.
    let url = format!(
        "cassandra://127.0.0.1:{port}?connect_timeout_ms=1000&read_timeout_ms=1000\
         &write_timeout_ms=1000&keepalive_ms=500"
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
    let mut fresh = connect19(gateway.port);
    fresh.set_keyspace("CT".into()).unwrap();
    let paused_at = start.elapsed();
    paused_node.paused.store(true, Ordering::Relaxed);
    // A statement first used once the node's connections were given up
    // (3 x keepalive_ms) is prepared on the other node alone, at once.
    thread::sleep(Duration::from_secs(3));
    let asked = Instant::now();
    let slice =
        t19::SlicePredicate::new(None, t19::SliceRange::new(Vec::new(), Vec::new(), true, 3));
    let parent = t19::ColumnParent::new("StdUTF8".to_string(), None);
    let sliced = fresh.get_slice(b"k1".to_vec(), parent, slice, t19::ConsistencyLevel::ONE);
    let fresh_took = asked.elapsed();
    assert!(sliced.is_ok(), "{sliced:?}");
    assert!(
        fresh_took < Duration::from_millis(1700),
        "a new statement took {fresh_took:?}"
    );
    thread::sleep(Duration::from_secs(1));
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
    // Every call is answered within the cluster's timeout plus a twentieth
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

/// The token the pausable peer is listed with (`peer::with_a_pausable_peer`).
const SECOND_TOKEN: i64 = 4611686018427387904;

/// Whether the second node (token [`SECOND_TOKEN`]) holds `key` in a ring
/// where the first node's token is `first` (Murmur3, one replica).
fn on_second(first: i64, key: &[u8]) -> bool {
    let p = supercolumn::partitioner::by_name("Murmur3Partitioner").unwrap();
    let t: i64 = p.token_to_string(&p.token(key)).parse().unwrap();
    // Each node holds the range from the token before its own to its own.
    let (lo, hi) = (first.min(SECOND_TOKEN), first.max(SECOND_TOKEN));
    let in_hi_range = lo < t && t <= hi;
    in_hi_range == (hi == SECOND_TOKEN)
}

#[test]
fn a_keyspace_made_through_the_gateway_is_routed_to_its_replicas_from_the_first_write() {
    let dir = tempfile::tempdir().unwrap();
    let conf = wire::gateway::v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let (port, second) = peer::with_a_pausable_peer(backend.native_port.unwrap());
    let url = format!("cassandra://127.0.0.1:{port}?connect_timeout_ms=1000");
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
    ]);
    let mut c = connect19(gateway.port);
    let cf = t19::CfDef {
        comparator_type: Some("UTF8Type".into()),
        ..supercolumn::thrift::client::blank_cf_def("Routed", "Std")
    };
    c.system_add_keyspace(wire::thrift19::simple_keyspace("Routed", vec![cf]))
        .unwrap();
    c.set_keyspace("Routed".into()).unwrap();
    // The backend's own token (the gateway's ring is the backend's).
    let ring = c.describe_ring("Routed".into()).unwrap();
    let token: i64 = ring[0].end_token.parse().unwrap();
    let keys: Vec<Vec<u8>> = (0..2000).map(|i| format!("r{i}").into_bytes()).collect();
    let (other, first): (Vec<&Vec<u8>>, Vec<&Vec<u8>>) =
        keys.iter().partition(|k| on_second(token, k));
    assert!(first.len() > 20 && other.len() > 20, "{ring:?}");
    let insert = |c: &mut wire::Client19, key: &[u8]| {
        let parent = t19::ColumnParent::new("Std".to_string(), None);
        let col = t19::Column::new(b"c".to_vec(), b"v".to_vec(), timestamp(), None);
        c.insert(key.to_vec(), parent, col, t19::ConsistencyLevel::ONE)
            .unwrap();
    };
    // From the first write, the keys of the first node's range go there:
    // the second sees at most the statement's preparation.
    let before = second.passed.load(Ordering::Relaxed);
    for key in first.iter().take(20) {
        insert(&mut c, key);
    }
    let to_second = second.passed.load(Ordering::Relaxed) - before;
    assert!(
        to_second <= 2,
        "{to_second} of 20 writes sent to a node that is no replica"
    );
    // And the second node's keys to it.
    let before = second.passed.load(Ordering::Relaxed);
    for key in other.iter().take(20) {
        insert(&mut c, key);
    }
    assert!(second.passed.load(Ordering::Relaxed) - before >= 20);
}
