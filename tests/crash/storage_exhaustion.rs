//! A commit log on a full disk, for real: a small tmpfs mounted by the test
//! where that is permitted (else skipped, saying why). A write that fails is
//! refused whole (no torn record, nothing acknowledged), a segment that
//! cannot be created is retried by the next write, the episode is logged
//! once, and writes succeed again once space is back. An engine flush on a
//! full disk fails whole, leaves no temporary file, keeps its memtable, and
//! is retried in the background once space is back.
//! (`storage_fd_exhaustion.rs` does the same for file descriptors.)

use crate::support::engine;
use crate::support::tmpfs;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::storage::commitlog::{read_dir, CommitLog, CommitLogOptions, Position, SyncMode};
use supercolumn::storage::{Engine, EngineOptions, Exhaustion, StorageError};
use tmpfs::Tmpfs;

fn record(i: usize, len: usize) -> Vec<u8> {
    (0..len).map(|j| (i * 31 + j) as u8 | 1).collect()
}

fn log_options(dir: &Path, segment_size: u64) -> CommitLogOptions {
    CommitLogOptions {
        dir: dir.to_path_buf(),
        sync: SyncMode::Batch {
            window: Duration::ZERO,
        },
        segment_size,
        ignore_replay_errors: false,
    }
}

/// Runs `f` with a log subscriber on this thread; returns what it logged.
fn capture_logs(f: impl FnOnce()) -> String {
    use std::sync::Mutex;
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let sink = Sink::default();
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    tracing::subscriber::with_default(subscriber, f);
    let bytes = sink.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

/// Every record on disk is exactly one of `acked`, in order, and no damage.
fn assert_log_holds(dir: &Path, acked: &[(Position, Vec<u8>)]) {
    let report = read_dir(dir).unwrap();
    assert!(report.issues.is_empty(), "{:?}", report.issues);
    let on_disk: Vec<(Position, Vec<u8>)> = report
        .records
        .into_iter()
        .map(|r| (r.position, r.payload))
        .collect();
    assert_eq!(on_disk.len(), acked.len());
    assert!(
        on_disk == acked,
        "the log differs from what was acknowledged"
    );
}

/// One test, so that nothing else in this process forks (`mount`) while a
/// log is open: a forked child briefly shares the directory lock, and
/// thread-local log capture stays reliable.
#[test]
fn a_full_disk_refuses_commit_log_writes_whole_and_they_recover() {
    let _alone = crate::alone();
    a_record_failing_half_written_is_cut_back_and_writes_recover();
    a_segment_that_cannot_be_created_is_retried_by_the_next_write();
    an_engine_flush_fails_whole_and_is_retried_when_space_returns();
}

fn a_record_failing_half_written_is_cut_back_and_writes_recover() {
    let fs = match Tmpfs::mount("256k") {
        Ok(fs) => fs,
        Err(why) => return println!("skipped: {why}"),
    };
    let dir = fs.path().join("commitlog");
    let logged = capture_logs(|| {
        let (log, _) = CommitLog::open(log_options(&dir, 1 << 20)).unwrap();
        let mut acked = Vec::new();
        for i in 0..10 {
            let r = record(i, 100);
            acked.push((log.append(&r).unwrap(), r));
        }
        let segment = dir.join(format!("CommitLog-{}.log", acked[0].0.segment));
        let good_len = std::fs::metadata(&segment).unwrap().len();
        let filler = fs.fill();
        // 5000 bytes: more than the rest of the last page, so each write
        // begins in allocated space and fails part way.
        for i in 10..60 {
            let e = log.append(&record(i, 5000)).unwrap_err();
            assert_eq!(e.exhaustion(), Some(Exhaustion::DiskFull), "{e}");
            assert_eq!(
                std::fs::metadata(&segment).unwrap().len(),
                good_len,
                "a partial record was left behind"
            );
        }
        assert_log_holds(&dir, &acked);
        std::fs::remove_file(filler).unwrap();
        for i in 60..100 {
            let r = record(i, 5000);
            acked.push((log.append(&r).unwrap(), r));
        }
        log.close().unwrap();
        assert_log_holds(&dir, &acked);
        let (log, replayed) = CommitLog::open(log_options(&dir, 1 << 20)).unwrap();
        assert_eq!(replayed.len(), acked.len());
        log.close().unwrap();
    });
    let failing = logged
        .matches("commit log writes are failing: disk full")
        .count();
    let recovered = logged.matches("commit log writes succeed again").count();
    assert_eq!((failing, recovered), (1, 1), "one line each way:\n{logged}");
}

fn a_segment_that_cannot_be_created_is_retried_by_the_next_write() {
    let fs = match Tmpfs::mount("256k") {
        Ok(fs) => fs,
        Err(why) => return println!("skipped: {why}"),
    };
    let dir = fs.path().join("commitlog");
    // Three 5000-byte records fill a 16 KiB segment: the fourth needs a new one.
    let (log, _) = CommitLog::open(log_options(&dir, 16 * 1024)).unwrap();
    let mut acked = Vec::new();
    for i in 0..3 {
        let r = record(i, 5000);
        acked.push((log.append(&r).unwrap(), r));
    }
    let segments = log.segment_ids();
    let filler = fs.fill();
    for i in 3..20 {
        let e = log.append(&record(i, 5000)).unwrap_err();
        assert_eq!(e.exhaustion(), Some(Exhaustion::DiskFull), "{e}");
    }
    assert_eq!(
        log.segment_ids(),
        segments,
        "no half-made segment is adopted"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    std::fs::remove_file(filler).unwrap();
    let r = record(20, 5000);
    let at = log.append(&r).unwrap();
    assert!(at.segment > acked[2].0.segment, "written to a new segment");
    acked.push((at, r));
    log.close().unwrap();
    assert_log_holds(&dir, &acked);
}

fn open_engine(dir: &Path) -> Engine {
    let o = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Batch {
            window: Duration::ZERO,
        },
        ..EngineOptions::default()
    };
    let schema = engine::schema(Arc::new(ByteOrderedPartitioner), 864_000);
    Engine::open(schema, o).unwrap()
}

fn put(key: &str) -> RowMutation {
    engine::put_std(key, Cell::live(b"c".to_vec(), vec![b'v'; 1000], 1))
}

fn row_count(e: &Engine) -> usize {
    let cmd = engine::std_columns(10);
    let all = RowRange::Keys {
        start: vec![],
        end: vec![],
    };
    e.read_range(&cmd, &all, 100_000)
        .unwrap()
        .iter()
        .filter(|(_, r)| !r.is_empty())
        .count()
}

fn an_engine_flush_fails_whole_and_is_retried_when_space_returns() {
    let fs = match Tmpfs::mount("2m") {
        Ok(fs) => fs,
        Err(why) => return println!("skipped: {why}"),
    };
    let dir = fs.path().join("engine");
    let engine = open_engine(&dir);
    for i in 0..300 {
        engine.apply(&put(&format!("k{i:03}"))).unwrap();
    }
    let filler = fs.fill();
    match engine.flush(None) {
        Err(StorageError::Exhausted { cause, .. }) => assert_eq!(cause, Exhaustion::DiskFull),
        other => panic!("flush on a full disk: {other:?}"),
    }
    // The keyspace's directory may exist; it must hold nothing.
    let data: Vec<String> = std::fs::read_dir(dir.join("ks"))
        .map(|d| {
            d.map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    assert!(data.is_empty(), "a failed flush left files: {data:?}");
    assert_eq!(row_count(&engine), 300, "the memtable is still read");
    assert_eq!(engine.stats("ks", "Std").unwrap().flushing_memtables, 1);

    std::fs::remove_file(filler).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let stats = engine.stats("ks", "Std").unwrap();
        if stats.flushing_memtables == 0 && stats.sstable_count == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "never retried: {stats:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
    engine.shutdown().unwrap();
    drop(engine);
    let engine = open_engine(&dir);
    assert_eq!(row_count(&engine), 300, "after a restart");
    engine.shutdown().unwrap();
}
