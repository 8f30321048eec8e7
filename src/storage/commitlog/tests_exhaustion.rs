//! Unit tests of running out of space in the commit log's sync path, with
//! the failure injected where the OS would report it. (Real ENOSPC on a
//! small tmpfs and real EMFILE under a low descriptor limit are exercised
//! by `tests/crash/storage_exhaustion.rs`.)

use std::io;
use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::storage::Exhaustion;

fn enospc(path: &Path) -> CommitLogError {
    CommitLogError::io(path, io::Error::from_raw_os_error(28))
}

fn open(dir: &Path, sync: SyncMode) -> CommitLog {
    let opts = CommitLogOptions {
        dir: dir.to_path_buf(),
        sync,
        segment_size: 1 << 20,
        ignore_replay_errors: false,
    };
    CommitLog::open(opts).unwrap().0
}

#[test]
fn an_fsync_out_of_space_fails_the_writes_it_covered_and_the_log_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // A long window keeps a batch appender waiting while the failure lands.
    let mode = SyncMode::Batch {
        window: Duration::from_secs(5),
    };
    let log = Arc::new(open(dir.path(), mode));
    let acked = log.append(b"acked before").unwrap();
    log.shared.begin_write(true).unwrap();
    let waiter = {
        let log = Arc::clone(&log);
        std::thread::spawn(move || log.append(b"never acknowledged"))
    };
    std::thread::sleep(Duration::from_millis(100));
    {
        let mut w = log.shared.writer.lock();
        let path = w.active.path.clone();
        log.shared.sync_failed(&mut w, enospc(&path));
    }
    match waiter.join().unwrap() {
        Err(e) => assert_eq!(e.exhaustion(), Some(Exhaustion::DiskFull), "{e}"),
        Ok(p) => panic!("acknowledged at {p} after its fsync failed"),
    }
    // Not failed for good: the next write starts a new segment.
    log.shared
        .finish_write::<Position>(true, Err(CommitLogError::InvalidOptions("x".into())))
        .unwrap_err();
    let after = log.append(b"after").unwrap();
    assert!(after.segment > acked.segment, "{after} after {acked}");
    assert_eq!(
        log.durability_gap(),
        None,
        "batch mode acknowledged nothing unsynced"
    );
    log.sync().unwrap();
    let log = Arc::into_inner(log).unwrap();
    log.close().unwrap();
    let (log, replayed) = CommitLog::open(CommitLogOptions::new(dir.path())).unwrap();
    let payloads: Vec<&[u8]> = replayed.iter().map(|r| &r.payload[..]).collect();
    assert!(payloads.contains(&&b"acked before"[..]));
    assert!(payloads.contains(&&b"after"[..]));
    log.close().unwrap();
}

#[test]
fn in_periodic_mode_a_failed_fsync_opens_a_durability_gap_until_closed() {
    let dir = tempfile::tempdir().unwrap();
    let log = open(
        dir.path(),
        SyncMode::Periodic {
            period: Duration::from_secs(60),
        },
    );
    let before = log.append(b"acknowledged, not yet synced").unwrap();
    assert_eq!(log.durability_gap(), None);
    {
        let mut w = log.shared.writer.lock();
        let path = w.active.path.clone();
        log.shared.sync_failed(&mut w, enospc(&path));
    }
    let epoch = log.durability_gap().expect("a gap is open");
    // The retired segment takes nothing more; syncing does not claim it.
    let after = log.append(b"next").unwrap();
    assert!(after.segment > before.segment);
    log.sync().unwrap();
    assert_eq!(log.durability_gap(), Some(epoch));
    log.close_durability_gap(epoch);
    assert_eq!(log.durability_gap(), None);
    log.close().unwrap();
}

#[test]
fn a_device_error_on_fsync_still_fails_the_log_for_good() {
    let dir = tempfile::tempdir().unwrap();
    let log = open(
        dir.path(),
        SyncMode::Batch {
            window: Duration::ZERO,
        },
    );
    {
        let mut w = log.shared.writer.lock();
        let path = w.active.path.clone();
        let eio = CommitLogError::io(path, io::Error::from_raw_os_error(5));
        assert!(eio.exhaustion().is_none());
        log.shared.sync_failed(&mut w, eio);
    }
    assert!(matches!(log.append(b"x"), Err(CommitLogError::Failed(_))));
}
