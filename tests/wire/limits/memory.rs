//! Memory and CPU limits on the real binary: concurrent large batches under
//! a small memory budget (peak RSS bounded by the budget, every batch
//! answered, other clients served), and slow unframed clients trickling
//! big messages (the server's CPU stays small, other clients served).

use crate::support::limits;
use crate::support::wire;

use limits::{
    bare_call, config_with, cpu_seconds, deletions_06, framed, median, peak_rss_mb, read_reply,
    void_success,
};
use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::budget::request_cost;
use supercolumn::thrift::gen::cassandra06::{
    ColumnOrSuperColumn, ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};
use supercolumn::thrift::wire::scan::Scanner;
use wire::{timestamp, Server};

const MB: usize = 1 << 20;

/// A normal client doing small writes and reads until `stop`; returns the
/// latency of each round trip. Every call must succeed.
fn normal_client(port: u16, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<Duration>> {
    std::thread::spawn(move || {
        let mut c = wire::connect(port, true);
        let mut lat = Vec::new();
        let mut i = 0;
        while !stop.load(Ordering::Relaxed) {
            let path = ColumnPath::new("StdBytes".to_string(), None, format!("n{i}").into_bytes());
            let t = Instant::now();
            c.insert(
                "CT".into(),
                "normal".into(),
                path.clone(),
                b"v".to_vec(),
                timestamp(),
                CL::ONE,
            )
            .unwrap_or_else(|e| panic!("normal insert {i}: {e:?}"));
            let got: ColumnOrSuperColumn = c
                .get("CT".into(), "normal".into(), path, CL::ONE)
                .unwrap_or_else(|e| panic!("normal get {i}: {e:?}"));
            lat.push(t.elapsed());
            assert_eq!(got.column.unwrap().value, b"v");
            i += 1;
            std::thread::sleep(Duration::from_millis(20));
        }
        lat
    })
}

#[test]
fn concurrent_large_batches_stay_within_the_memory_budget() {
    const BUDGET_MB: usize = 32;
    const CLIENTS: usize = 8;
    const BATCH: usize = 4 * MB;
    let dir = tempfile::tempdir().unwrap();
    let conf = config_with(
        dir.path(),
        &[("<MemtableThroughputInMB>64", "<MemtableThroughputInMB>8")],
    );
    let data = dir.path().join("data");
    let mut server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
        "--memory-budget",
        &BUDGET_MB.to_string(),
    ]);
    let (msg, deletions) = deletions_06("CT", b"wide", "StdBytes", BATCH);
    let mut scanner = Scanner::new();
    scanner.advance(&msg);
    let cost = request_cost(msg.len(), scanner.values());
    let msg = Arc::new(msg);

    let stop = Arc::new(AtomicBool::new(false));
    let normal = normal_client(server.port, stop.clone());
    let started = Instant::now();
    let batches: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let msg = msg.clone();
            let port = server.port;
            std::thread::spawn(move || {
                // Half framed, half unframed: both readers count their bytes.
                let is_framed = i % 2 == 0;
                let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
                let bytes = if is_framed {
                    framed(&msg)
                } else {
                    msg.to_vec()
                };
                s.write_all(&bytes).unwrap();
                let reply = read_reply(&mut s, is_framed).expect("batch reply");
                assert!(void_success(&reply), "batch {i} failed: {reply:?}");
            })
        })
        .collect();
    for b in batches {
        b.join().expect("a batch was not answered");
    }
    let took = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let lat = normal.join().expect("the normal client was not served");
    assert!(!lat.is_empty());

    // The budget bounds what requests hold at once; at most one request
    // goes over it (the lane); the factor 2 leaves room for the memtable,
    // the allocator's per-thread arenas keeping freed memory, and the
    // process's own baseline. Without the budget, the eight batches
    // together peaked at about 1.1 GB.
    let peak = peak_rss_mb(server.pid()) as usize;
    let bound = 2 * (BUDGET_MB + cost / MB) + 64;
    eprintln!(
        "{CLIENTS} x {:.1} MB batches of {deletions} deletions (counted as {} MB each) in {took:?}: \
         peak RSS {peak} MB (bound {bound} MB); normal client median {:?} over {} calls",
        msg.len() as f64 / MB as f64,
        cost / MB,
        median(lat.clone()),
        lat.len()
    );
    assert!(peak < bound, "peak RSS {peak} MB over {bound} MB");
    let log = server.log();
    assert!(!log.contains("panicked"), "{log}");
    assert!(server.terminate().success(), "{}", server.log());
}

#[test]
fn slow_unframed_clients_cost_little_cpu() {
    const ATTACKERS: usize = 4;
    const TRICKLE: Duration = Duration::from_secs(6);
    let conf = wire::conformance_config("storage-conf.xml");
    let mut server = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    // A big unframed message of small elements: a parser that rescans its
    // buffer on every read walks ~200,000 deletions per 30-byte read.
    let (msg, _) = deletions_06("CT", b"slow", "StdBytes", 15 * MB);
    let prefix = 8 * MB;
    let msg = Arc::new(msg);
    let stop = Arc::new(AtomicBool::new(false));
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let attackers: Vec<_> = (0..ATTACKERS)
        .map(|_| {
            let (msg, stop, ready) = (msg.clone(), stop.clone(), ready_tx.clone());
            let port = server.port;
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
                s.set_nodelay(true).unwrap();
                s.write_all(&msg[..prefix]).unwrap();
                ready.send(()).unwrap();
                let mut at = prefix;
                while !stop.load(Ordering::Relaxed) && at + 30 < msg.len() {
                    s.write_all(&msg[at..at + 30]).unwrap();
                    at += 30;
                    std::thread::sleep(Duration::from_millis(10));
                }
                s
            })
        })
        .collect();
    for _ in 0..ATTACKERS {
        ready_rx
            .recv_timeout(Duration::from_secs(60))
            .expect("prefix sent");
    }
    // Let the server take in the prefixes before measuring.
    std::thread::sleep(Duration::from_millis(500));
    let pid = server.pid();
    let cpu_before = cpu_seconds(pid);
    let started = Instant::now();
    let normal_stop = Arc::new(AtomicBool::new(false));
    let normal = normal_client(server.port, normal_stop.clone());
    let mut raw = server.raw();
    while started.elapsed() < TRICKLE {
        raw.write_all(&framed(&bare_call("describe_version", 1)))
            .unwrap();
        read_reply(&mut raw, true).expect("served during the trickle");
        std::thread::sleep(Duration::from_millis(50));
    }
    normal_stop.store(true, Ordering::Relaxed);
    let lat = normal.join().expect("the normal client was not served");
    let cpu = cpu_seconds(pid) - cpu_before;
    let wall = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    for a in attackers {
        drop(a.join().unwrap());
    }
    eprintln!(
        "{ATTACKERS} slow unframed clients for {wall:.1} s: server CPU {cpu:.2} s; \
         normal client median {:?} over {} calls",
        median(lat.clone()),
        lat.len()
    );
    // Rescanning 8 MB per 30-byte read took about a third of a core for
    // four such clients; walking only the new bytes takes a few percent.
    assert!(
        cpu < 0.2 * wall,
        "server used {cpu:.2} s of CPU in {wall:.1} s"
    );
    assert!(!lat.is_empty());
    assert!(server.terminate().success(), "{}", server.log());
}
