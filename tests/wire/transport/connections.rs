//! Many connections at once: 200 clients, each on its own connection (half
//! framed, half buffered), loop on `get` for a few seconds against rows that
//! live in an SSTable and, for half of them, in the memtable too (a newer
//! value). Every call must succeed and return the newest value; nothing is
//! timed beyond a generous bound (speed is measured by `supercolumn stress`
//! and `scripts/bench.sh`, never asserted).

use crate::support::wire;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::{
    ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};
use wire::{timestamp, Client, Server};

const CONNECTIONS: usize = 200;
const ROWS: usize = 1000;
const LOOP_FOR: Duration = Duration::from_secs(3);

fn start(dir: &std::path::Path) -> Server {
    let conf = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
    Server::start(&["--config", conf, "--data-dir", dir.to_str().unwrap()])
}

fn path() -> ColumnPath {
    ColumnPath::new("Standard1".to_string(), None, Some(b"c".to_vec()))
}

fn put(c: &mut Client, row: usize, value: &str) {
    c.insert(
        "Keyspace1".into(),
        format!("row{row}"),
        path(),
        value.as_bytes().to_vec(),
        timestamp(),
        CL::ONE,
    )
    .unwrap();
}

/// The value a row holds once both rounds of writes are in.
fn newest(row: usize) -> String {
    if row.is_multiple_of(2) {
        format!("new{row}")
    } else {
        format!("old{row}")
    }
}

#[test]
fn two_hundred_connections_looping_on_get_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let mut srv = start(dir.path());
    let mut c = srv.client(false);
    for row in 0..ROWS {
        put(&mut c, row, &format!("old{row}"));
    }
    drop(c);
    // A clean shutdown flushes: after the restart the rows are in an SSTable.
    assert!(srv.terminate().success());
    let srv = start(dir.path());
    let mut c = srv.client(true);
    for row in (0..ROWS).step_by(2) {
        put(&mut c, row, &newest(row));
    }
    drop(c);

    let port = srv.port;
    let start_line = Arc::new(Barrier::new(CONNECTIONS));
    let calls = Arc::new(AtomicU64::new(0));
    let threads: Vec<_> = (0..CONNECTIONS)
        .map(|i| {
            let (start_line, calls) = (start_line.clone(), calls.clone());
            std::thread::spawn(move || -> Result<u64, String> {
                // Every connection is open before any of them starts calling
                // (a failed one still reaches the line, so no thread waits forever).
                let c = supercolumn::thrift::client::connect(
                    "127.0.0.1",
                    port,
                    i.is_multiple_of(2),
                    Duration::from_secs(10),
                    Duration::from_secs(30),
                );
                start_line.wait();
                let (input, output) = c.map_err(|e| format!("connection {i}: {e}"))?;
                let mut c: Client =
                    supercolumn::thrift::gen::cassandra06::CassandraSyncClient::new(input, output);
                let until = Instant::now() + LOOP_FOR;
                let mut n = 0u64;
                let mut row = i % ROWS;
                while n == 0 || Instant::now() < until {
                    let got = c
                        .get("Keyspace1".into(), format!("row{row}"), path(), CL::ONE)
                        .map_err(|e| format!("connection {i}, row {row}: {e}"))?;
                    let value = got.column.map(|c| c.value).unwrap_or_default();
                    if value != newest(row).as_bytes() {
                        return Err(format!(
                            "connection {i}, row {row}: got {:?}",
                            String::from_utf8_lossy(&value)
                        ));
                    }
                    n += 1;
                    row = (row + 7) % ROWS;
                }
                calls.fetch_add(n, Ordering::Relaxed);
                Ok(n)
            })
        })
        .collect();
    let mut failures = Vec::new();
    for t in threads {
        match t.join() {
            Ok(Ok(n)) => assert!(n > 0),
            Ok(Err(e)) => failures.push(e),
            Err(_) => failures.push("a client thread panicked".into()),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed: {failures:?}",
        failures.len()
    );
    eprintln!(
        "{CONNECTIONS} connections: {} gets in {LOOP_FOR:?}",
        calls.load(Ordering::Relaxed)
    );
}
