//! Engine tests of failures below it: an fsync that fails for lack of space
//! in periodic mode (the engine flushes so acknowledged writes are durable),
//! and a corrupt commit log (refused; with the override, replayed around
//! and flushed at once so the damage is gone).

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::storage::commitlog::{read_dir, CommitLogError};
use crate::storage::testutil::*;
use crate::storage::{commitlog::SyncMode, Engine, EngineOptions, ManualClock, StorageError};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn open(dir: &Path, sync: SyncMode, ignore: bool) -> Result<Engine, StorageError> {
    let mut opts = EngineOptions::in_memory(Arc::new(ManualClock::new(1_000_000)));
    opts.data_dir = Some(dir.to_path_buf());
    opts.sync = sync;
    opts.ignore_commitlog_replay_errors = ignore;
    Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts)
}

fn batch() -> SyncMode {
    SyncMode::Batch {
        window: Duration::ZERO,
    }
}

fn keys(e: &Engine) -> Vec<String> {
    e.read_range(
        &range("Std", "", "", false, 10),
        &RowRange::Keys {
            start: vec![],
            end: vec![],
        },
        10_000,
    )
    .unwrap()
    .into_iter()
    .map(|(k, _)| String::from_utf8(k).unwrap())
    .collect()
}

#[test]
fn a_periodic_fsync_out_of_space_makes_the_engine_flush_what_was_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let periodic = SyncMode::Periodic {
        period: Duration::from_secs(3600),
    };
    let e = open(dir.path(), periodic, false).unwrap();
    for i in 0..20 {
        e.apply(&put("Std", &format!("k{i:02}"), "c", "v", 1))
            .unwrap();
    }
    let log = &e.inner.disk.as_ref().unwrap().log;
    log.inject_sync_failure(std::io::Error::from_raw_os_error(28));
    assert!(log.durability_gap().is_some());
    // The background flush thread closes the gap by writing SSTables.
    let deadline = Instant::now() + Duration::from_secs(30);
    while log.durability_gap().is_some() {
        assert!(Instant::now() < deadline, "the gap was never closed");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(e.stats("ks", "Std").unwrap().sstable_count, 1);
    // Writes go on, into a new segment.
    e.apply(&put("Std", "later", "c", "v", 1)).unwrap();
    drop(e);
    let e = open(dir.path(), periodic, false).unwrap();
    assert_eq!(keys(&e).len(), 21);
}

#[test]
fn a_corrupt_commit_log_is_refused_and_the_override_replays_around_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path(), batch(), false).unwrap();
    for i in 0..50 {
        e.apply(&put("Std", &format!("k{i:02}"), "c", "v", 1))
            .unwrap();
    }
    drop(e); // no flush: everything is in the commit log only
    let log_dir = dir.path().join("commitlog");
    let report = read_dir(&log_dir).unwrap();
    assert_eq!(report.records.len(), 50);
    let victim = &report.records[20];
    let seg = log_dir.join(format!("CommitLog-{}.log", victim.position.segment));
    let mut bytes = std::fs::read(&seg).unwrap();
    bytes[victim.position.offset as usize + 10] ^= 0xFF;
    std::fs::write(&seg, bytes).unwrap();

    match open(dir.path(), batch(), false) {
        Err(StorageError::CommitLog(CommitLogError::Corrupt { file, offset, .. })) => {
            assert_eq!((file, offset), (seg.clone(), victim.position.offset))
        }
        Err(other) => panic!("expected a refusal, got {other}"),
        Ok(_) => panic!("opened over a corrupt commit log"),
    }
    let e = open(dir.path(), batch(), true).unwrap();
    let expected: Vec<String> = (0..50)
        .filter(|&i| i != 20)
        .map(|i| format!("k{i:02}"))
        .collect();
    assert_eq!(keys(&e), expected);
    assert!(!seg.exists(), "the damaged segment was flushed away");
    drop(e);
    // No override needed any more.
    let e = open(dir.path(), batch(), false).unwrap();
    assert_eq!(keys(&e), expected);
}
