//! Running out of file descriptors in the storage engine, for real: the
//! test reruns itself in a child process whose descriptor limit is low
//! (`ulimit -n`, so nothing else in this process is affected), uses up every
//! descriptor, and checks that writes needing a new commit-log segment, and
//! flushes and compactions needing new SSTable files, fail cleanly with the
//! typed error, that nothing acknowledged is lost, and that writes, the
//! failed flush (retried in the background) and compaction succeed once
//! descriptors are back, without a restart. Runs alone (`crate::alone`)
//! because a forked child briefly shares the parent's open files (and so
//! its commit-log directory locks).

use crate::support::engine;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions, Exhaustion, StorageError};

const CHILD: &str = "SUPERCOLUMN_FD_EXHAUSTION_CHILD";
const FD_LIMIT: u32 = 128;

/// Reruns this test binary, only `test`, with the descriptor limit at
/// `FD_LIMIT` (set by the shell, so this process keeps its own).
fn run_in_child_with_few_fds(test: &str) {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -n {FD_LIMIT} && exec \"$0\" \"$@\""))
        .arg(&exe)
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("run the child test");
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child failed:\n{text}");
    assert!(text.contains("1 passed"), "the child ran nothing:\n{text}");
}

/// Opens /dev/null until the process may open nothing more.
fn hoard_descriptors() -> Vec<std::fs::File> {
    let mut held = Vec::new();
    loop {
        match std::fs::File::open("/dev/null") {
            Ok(f) => held.push(f),
            Err(e) if e.raw_os_error() == Some(24) => return held,
            Err(e) => panic!("unexpected error while using up descriptors: {e}"),
        }
        assert!(held.len() < 100_000, "the descriptor limit was not lowered");
    }
}

fn put(key: &str, i: usize) -> RowMutation {
    let cell = Cell::live(format!("c{i:04}").into_bytes(), vec![b'v'; 100], 1);
    engine::put_std(key, cell)
}

fn columns(e: &Engine, key: &str) -> Vec<Vec<u8>> {
    let cmd = engine::std_columns(usize::MAX);
    let row = e.read(&cmd, key.as_bytes()).unwrap();
    match row {
        RowResult::Cells(cells) => cells.into_iter().map(|c| c.name).collect(),
        other => panic!("{other:?}"),
    }
}

fn open_engine(dir: &Path) -> Engine {
    let o = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Batch {
            window: Duration::ZERO,
        },
        // Tiny segments: a write soon needs a new file.
        segment_size: 1024,
        ..EngineOptions::default()
    };
    Engine::open(engine::schema(Arc::new(ByteOrderedPartitioner), 864_000), o).unwrap()
}

#[test]
fn without_file_descriptors_writes_flushes_and_compactions_fail_cleanly_and_recover() {
    let _alone = crate::alone();
    if std::env::var_os(CHILD).is_none() {
        return run_in_child_with_few_fds(&crate::test_name(
            module_path!(),
            "without_file_descriptors_writes_flushes_and_compactions_fail_cleanly_and_recover",
        ));
    }
    let dir = tempfile::tempdir().unwrap();
    let engine = open_engine(dir.path());
    let mut acked = Vec::new();
    for i in 0..5 {
        engine.apply(&put("k", i)).unwrap();
        acked.push(i);
    }
    let hoard = hoard_descriptors();
    println!("holding {} descriptors", hoard.len());
    // Writes go on until the log needs a new segment file.
    let mut refused = 0;
    for i in 5..40 {
        match engine.apply(&put("k", i)) {
            Ok(()) => acked.push(i),
            Err(StorageError::Exhausted { cause, .. }) => {
                assert_eq!(cause, Exhaustion::TooManyOpenFiles);
                refused += 1;
            }
            Err(e) => panic!("write {i}: {e}"),
        }
    }
    assert!(refused > 0, "no write needed a new file");
    // A flush cannot create its SSTable; the data stays readable.
    match engine.flush(None) {
        Err(StorageError::Exhausted { cause, .. }) => {
            assert_eq!(cause, Exhaustion::TooManyOpenFiles)
        }
        other => panic!("flush without descriptors: {other:?}"),
    }
    let stats = engine.stats("ks", "Std").unwrap();
    assert_eq!((stats.flushing_memtables, stats.sstable_count), (1, 0));
    let expected: Vec<Vec<u8>> = acked
        .iter()
        .map(|i| format!("c{i:04}").into_bytes())
        .collect();
    assert_eq!(columns(&engine, "k"), expected);

    drop(hoard);
    for i in 40..45 {
        engine.apply(&put("k", i)).unwrap();
        acked.push(i);
    }
    // The background flush retries the frozen memtable by itself.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let stats = engine.stats("ks", "Std").unwrap();
        if stats.flushing_memtables == 0 && stats.sstable_count == 1 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the failed flush was never retried: {stats:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    // A compaction that cannot create its output leaves its inputs alone.
    for i in 45..50 {
        engine.apply(&put("k", i)).unwrap();
        acked.push(i);
    }
    engine.flush(None).unwrap();
    assert_eq!(engine.stats("ks", "Std").unwrap().sstable_count, 2);
    let hoard = hoard_descriptors();
    match engine.compact("ks", "Std") {
        Err(StorageError::Exhausted { cause, .. }) => {
            assert_eq!(cause, Exhaustion::TooManyOpenFiles)
        }
        other => panic!("compaction without descriptors: {other:?}"),
    }
    assert_eq!(engine.stats("ks", "Std").unwrap().sstable_count, 2);
    let expected: Vec<Vec<u8>> = acked
        .iter()
        .map(|i| format!("c{i:04}").into_bytes())
        .collect();
    assert_eq!(columns(&engine, "k"), expected);
    drop(hoard);
    engine.compact("ks", "Std").unwrap();
    assert_eq!(engine.stats("ks", "Std").unwrap().sstable_count, 1);
    drop(engine);
    let engine = open_engine(dir.path());
    let expected: Vec<Vec<u8>> = acked
        .iter()
        .map(|i| format!("c{i:04}").into_bytes())
        .collect();
    assert_eq!(columns(&engine, "k"), expected, "after a restart");
    engine.shutdown().unwrap();
}
