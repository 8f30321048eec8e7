//! Reads of SSTable data over the wire, whichever way the server runs them:
//! inline when the bytes are in the page cache, on the blocking pool after
//! an attempt that found them missing (see `thrift::transport::handoff`). Both must
//! answer exactly what was written, from several connections at once, and
//! a read moved to the pool must leave no error in the log.

use crate::support::wire;

use std::collections::BTreeMap;
use std::path::Path;
use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel as CL, Mutation, SlicePredicate,
    SliceRange, TCassandraSyncClient,
};
use wire::{connect19, timestamp, v19_server};

const ROWS: usize = 300;
const COLUMNS: usize = 5;

fn parent() -> ColumnParent {
    ColumnParent::new("StdBytes".to_string(), None)
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn key(i: usize) -> Vec<u8> {
    format!("row{i:05}").into_bytes()
}

fn value(i: usize, c: usize) -> Vec<u8> {
    format!("value {i} {c} {}", "x".repeat(40)).into_bytes()
}

fn check_row(i: usize, got: &[ColumnOrSuperColumn]) {
    assert_eq!(got.len(), COLUMNS, "row {i}");
    for (c, cosc) in got.iter().enumerate() {
        let col = cosc.column.as_ref().expect("a column");
        assert_eq!(col.name, format!("c{c}").into_bytes(), "row {i}");
        assert_eq!(col.value.as_deref(), Some(&value(i, c)[..]), "row {i}");
    }
}

/// Asks the kernel to drop the clean cached pages of every file under
/// `dir` (GNU dd's `nocache`); false where that cannot be done.
fn drop_page_cache(dir: &Path) -> bool {
    let mut ok = true;
    for entry in walk(dir) {
        let status = std::process::Command::new("dd")
            .arg(format!("if={}", entry.display()))
            .args(["iflag=nocache", "count=0", "status=none"])
            .status();
        ok &= status.is_ok_and(|s| s.success());
    }
    ok
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn sstable_reads_answer_alike_cached_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = v19_server(dir.path());
    let mut c = connect19(s.port);
    c.set_keyspace("CT".into()).unwrap();
    let ts = timestamp();
    for chunk in (0..ROWS).collect::<Vec<_>>().chunks(50) {
        let mut rows = BTreeMap::new();
        for &i in chunk {
            let ms = (0..COLUMNS)
                .map(|col| {
                    let column =
                        Column::new(format!("c{col}").into_bytes(), value(i, col), ts, None);
                    Mutation::new(ColumnOrSuperColumn::new(column, None, None, None), None)
                })
                .collect();
            rows.insert(key(i), BTreeMap::from([("StdBytes".to_string(), ms)]));
        }
        c.batch_mutate(rows, CL::ONE).unwrap();
    }
    drop(c);
    // Shutdown flushes the memtables: after the restart every row is in an
    // SSTable and the reads go through the attempt.
    assert!(s.terminate().success());
    let mut s = v19_server(dir.path());

    for round in 0..2 {
        if round == 1 && !drop_page_cache(dir.path()) {
            eprintln!("page cache not dropped (no GNU dd): the second round reads cached data");
        }
        let port = s.port;
        let readers: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    let mut c = connect19(port);
                    c.set_keyspace("CT".into()).unwrap();
                    for i in (t..ROWS).step_by(4) {
                        let got = c.get_slice(key(i), parent(), all(), CL::ONE).unwrap();
                        check_row(i, &got);
                    }
                    let keys: Vec<_> = (t..ROWS).step_by(37).map(key).collect();
                    let got = c
                        .multiget_slice(keys.clone(), parent(), all(), CL::ONE)
                        .unwrap();
                    assert_eq!(got.len(), keys.len());
                    for i in (t..ROWS).step_by(37) {
                        check_row(i, &got[&key(i)]);
                    }
                    assert_eq!(c.get_count(key(t), parent(), all(), CL::ONE).unwrap(), 5);
                    // A row never written is empty, not an error.
                    let none = c.get_slice(b"nope".to_vec(), parent(), all(), CL::ONE);
                    assert!(none.unwrap().is_empty());
                })
            })
            .collect();
        for r in readers {
            r.join().expect("a reader failed");
        }
    }
    assert!(s.terminate().success());
    // The log reader thread catches up with the exited server.
    std::thread::sleep(std::time::Duration::from_millis(200));
    let log = s.log();
    assert!(!log.contains("internal error"), "{log}");
    assert!(!log.contains("ERROR"), "{log}");
}
