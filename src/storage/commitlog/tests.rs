//! Unit tests of the commit log: the API round trip, rotation, discard,
//! group commit under many threads, and replay of every kind of damage.

use std::sync::Arc;
use std::time::Duration;

use super::format::{self, HEADER_LEN};
use super::*;

fn opts(dir: &Path, sync: SyncMode, segment_size: u64) -> CommitLogOptions {
    CommitLogOptions {
        dir: dir.to_path_buf(),
        sync,
        segment_size,
        ignore_replay_errors: false,
    }
}

fn batch() -> SyncMode {
    SyncMode::Batch {
        window: Duration::from_millis(1),
    }
}

fn payload(i: usize) -> Vec<u8> {
    // Length 1..=50 and a non-zero first byte, so no record is mistaken for a zero tail.
    let len = 1 + i % 50;
    (0..len).map(|j| (i * 31 + j) as u8 | 1).collect()
}

/// Writes `n` records into a fresh log in `dir`; returns their positions.
fn write_records(dir: &Path, n: usize, segment_size: u64) -> Vec<Position> {
    let (log, replayed) = CommitLog::open(opts(dir, batch(), segment_size)).unwrap();
    assert!(replayed.is_empty());
    let positions = (0..n).map(|i| log.append(&payload(i)).unwrap()).collect();
    log.close().unwrap();
    positions
}

fn only_segment(dir: &Path) -> PathBuf {
    let report = read_dir(dir).unwrap();
    assert_eq!(report.segments.len(), 1);
    dir.join(format::segment_file_name(report.segments[0]))
}

fn payloads(records: &[Replayed]) -> Vec<Vec<u8>> {
    records.iter().map(|r| r.payload.clone()).collect()
}

#[test]
fn round_trip_returns_records_at_the_positions_append_gave() {
    let dir = tempfile::tempdir().unwrap();
    let (log, replayed) = CommitLog::open(opts(dir.path(), batch(), 1 << 20)).unwrap();
    assert!(replayed.is_empty());
    let mut expected = Vec::new();
    for i in 0..20 {
        let p = payload(i);
        expected.push((log.append(&p).unwrap(), p));
    }
    let empty_at = log.append(b"").unwrap();
    let group_at = log.append_all(&[b"one", b"two"]).unwrap();
    assert!(empty_at > expected.last().unwrap().0 && group_at > empty_at);
    assert_eq!(log.append_all(&[]).unwrap(), log.current_position());
    log.close().unwrap();

    let (log, replayed) = CommitLog::open(opts(dir.path(), batch(), 1 << 20)).unwrap();
    assert_eq!(replayed.len(), 23);
    for (r, (pos, p)) in replayed.iter().zip(&expected) {
        assert_eq!((&r.position, &r.payload), (pos, p));
    }
    assert_eq!(replayed[20].payload, b"");
    assert_eq!(replayed[21].position, group_at);
    assert_eq!(
        payloads(&replayed[21..]),
        vec![b"one".to_vec(), b"two".to_vec()]
    );
    // The reopened log appends to a new, later segment.
    assert!(log.current_position() > replayed[22].position);
    log.close().unwrap();
}

#[test]
fn missing_and_empty_directories_replay_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("a/b/commitlog");
    let (log, replayed) = CommitLog::open(opts(&nested, batch(), 4096)).unwrap();
    assert!(replayed.is_empty());
    assert_eq!(log.segment_ids().len(), 1);
    log.close().unwrap();
    let report = read_dir(&dir.path().join("absent")).unwrap();
    assert!(report.records.is_empty() && report.segments.is_empty());
}

#[test]
fn rotation_splits_segments_and_replays_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write_records(dir.path(), 200, 1024);
    let report = read_dir(dir.path()).unwrap();
    assert!(report.segments.len() > 5, "{:?}", report.segments);
    assert!(report.issues.is_empty());
    assert_eq!(report.records.len(), 200);
    for (i, r) in report.records.iter().enumerate() {
        assert_eq!(r.payload, payload(i));
        assert_eq!(r.position, positions[i]);
    }
    assert!(positions.windows(2).all(|w| w[0] < w[1]));
    for id in &report.segments {
        let len = std::fs::metadata(dir.path().join(format::segment_file_name(*id)))
            .unwrap()
            .len();
        assert!(len <= 1024, "segment {id} is {len} bytes");
    }
}

#[test]
fn a_record_larger_than_a_segment_gets_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 1024)).unwrap();
    let a = log.append(b"small").unwrap();
    let big = vec![7u8; 5000];
    let b = log.append(&big).unwrap();
    let c = log.append(b"after").unwrap();
    assert!(a.segment < b.segment && b.segment < c.segment);
    assert_eq!(b.offset, HEADER_LEN);
    log.close().unwrap();
    let records = read_dir(dir.path()).unwrap().records;
    assert_eq!(
        payloads(&records),
        vec![b"small".to_vec(), big, b"after".to_vec()]
    );
}

#[test]
fn discard_before_deletes_only_whole_segments_before_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 1024)).unwrap();
    for i in 0..100 {
        log.append(&payload(i)).unwrap();
    }
    let mark = log.current_position();
    let before = log.segment_ids();
    assert!(before.len() > 3);
    let keep_from = log.append(b"after the mark").unwrap();

    let beyond = Position {
        segment: mark.segment + 1,
        offset: 0,
    };
    assert!(matches!(
        log.discard_before(beyond),
        Err(CommitLogError::PositionBeyondEnd { .. })
    ));
    log.discard_before(mark).unwrap();
    assert_eq!(log.segment_ids(), vec![mark.segment]);
    log.discard_before(mark).unwrap(); // idempotent
    log.close().unwrap();

    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.segments, vec![mark.segment]);
    // The mark's own segment survives whole, including records before the mark.
    assert!(report
        .records
        .iter()
        .all(|r| r.position.segment == mark.segment));
    assert_eq!(report.records.last().unwrap().position, keep_from);
}

#[test]
fn segment_ids_increase_across_reopen_of_an_emptied_directory() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    log.append(b"x").unwrap();
    let first = log.current_position();
    log.close().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    log.discard_before(log.current_position()).unwrap();
    let second = log.current_position();
    log.close().unwrap();
    std::fs::remove_file(dir.path().join(format::segment_file_name(second.segment))).unwrap();
    // With nothing on disk only the clock orders ids: let it move on.
    std::thread::sleep(std::time::Duration::from_millis(2));
    let (log, replayed) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    assert!(replayed.is_empty());
    let third = log.current_position();
    assert!(first < second && second < third, "{first} {second} {third}");
    log.close().unwrap();
}

#[test]
fn torn_tail_at_every_truncation_offset_drops_only_the_last_record() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write_records(dir.path(), 3, 1 << 20);
    let seg = only_segment(dir.path());
    let full = std::fs::read(&seg).unwrap();
    let last_start = positions[2].offset;
    for cut in last_start..full.len() as u64 {
        std::fs::write(&seg, &full[..cut as usize]).unwrap();
        let report = read_dir(dir.path()).unwrap();
        assert_eq!(
            payloads(&report.records),
            vec![payload(0), payload(1)],
            "cut {cut}"
        );
        if cut == last_start {
            assert!(report.issues.is_empty(), "cut {cut}: {:?}", report.issues);
        } else {
            assert_eq!(report.issues.len(), 1, "cut {cut}");
            let issue = &report.issues[0];
            assert_eq!((issue.offset, &issue.file), (last_start, &seg), "cut {cut}");
            assert_eq!(issue.kind, IssueKind::TornRecord, "cut {cut}");
            assert_eq!(issue.dropped_bytes, cut - last_start);
        }
    }
    // The full path too: open replays the intact prefix and appends after it.
    std::fs::write(&seg, &full[..full.len() - 1]).unwrap();
    let (log, report) = CommitLog::open_with_report(opts(dir.path(), batch(), 1 << 20)).unwrap();
    assert_eq!(report.records.len(), 2);
    log.append(b"new").unwrap();
    log.close().unwrap();
    let records = read_dir(dir.path()).unwrap().records;
    assert_eq!(
        payloads(&records),
        vec![payload(0), payload(1), b"new".to_vec()]
    );
}

#[test]
fn a_flipped_byte_anywhere_in_a_record_loses_only_that_record() {
    let dir = tempfile::tempdir().unwrap();
    // Small segments: the damaged record's segment is followed by others.
    let positions = write_records(dir.path(), 60, 1024);
    let victim = 10;
    let at = positions[victim];
    assert_eq!(positions[victim + 1].segment, at.segment);
    let seg = dir.path().join(format::segment_file_name(at.segment));
    let pristine = std::fs::read(&seg).unwrap();
    let rec_len = format::record_len(payload(victim).len());
    for i in 0..rec_len {
        let mut bytes = pristine.clone();
        bytes[(at.offset + i) as usize] ^= 0x20;
        std::fs::write(&seg, &bytes).unwrap();
        let report = read_dir(dir.path()).unwrap();
        let expected_kind = if i < 8 {
            IssueKind::CorruptLength
        } else {
            IssueKind::CorruptPayload
        };
        assert_eq!(report.issues.len(), 1, "flip at {i}");
        let issue = &report.issues[0];
        assert_eq!(issue.kind, expected_kind, "flip at {i}");
        assert_eq!((issue.offset, issue.dropped_bytes), (at.offset, rec_len));
        assert!(issue.corruption, "flip at {i}: intact records follow");
        let served: Vec<usize> = report
            .records
            .iter()
            .map(|r| positions.iter().position(|p| *p == r.position).unwrap())
            .collect();
        let expected: Vec<usize> = (0..60).filter(|&j| j != victim).collect();
        assert_eq!(served, expected, "flip at {i}");
        for r in &report.records {
            let j = positions.iter().position(|p| *p == r.position).unwrap();
            assert_eq!(r.payload, payload(j));
        }
    }
}
#[test]
fn zero_filled_tails_are_the_end_of_the_log() {
    let dir = tempfile::tempdir().unwrap();
    write_records(dir.path(), 5, 1 << 20);
    let seg = only_segment(dir.path());
    for zeros in [1usize, 7, 8, 12, 4096, 100_000] {
        let mut bytes = std::fs::read(&seg).unwrap();
        let keep = bytes.len();
        bytes.resize(keep + zeros, 0);
        std::fs::write(&seg, &bytes).unwrap();
        let report = read_dir(dir.path()).unwrap();
        assert_eq!(report.records.len(), 5, "{zeros} zeros");
        assert!(
            report.issues.is_empty(),
            "{zeros} zeros: {:?}",
            report.issues
        );
        bytes.truncate(keep);
        std::fs::write(&seg, &bytes).unwrap();
    }
}

#[test]
fn bad_headers_are_corruption_and_their_intact_records_still_found() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write_records(dir.path(), 60, 1024);
    let segments = read_dir(dir.path()).unwrap().segments;
    assert!(segments.len() >= 3);
    let middle = segments[1];
    let path = dir.path().join(format::segment_file_name(middle));
    let pristine = std::fs::read(&path).unwrap();
    let without_middle: Vec<Position> = positions
        .iter()
        .copied()
        .filter(|p| p.segment != middle)
        .collect();
    let damages: Vec<(Vec<u8>, &str, &Vec<Position>)> = vec![
        (Vec::new(), "empty file", &without_middle),
        (pristine[..10].to_vec(), "short header", &without_middle),
        (vec![0u8; pristine.len()], "all zeros", &without_middle),
        (
            [&b"XXXX"[..], &pristine[4..]].concat(),
            "bad magic",
            &positions,
        ),
        (
            {
                let mut b = pristine.clone();
                b[9] ^= 1; // the id, under the header crc
                b
            },
            "flipped id",
            &positions,
        ),
    ];
    for (bytes, what, expected) in damages {
        std::fs::write(&path, &bytes).unwrap();
        let report = read_dir(dir.path()).unwrap();
        let served: Vec<Position> = report.records.iter().map(|r| r.position).collect();
        assert_eq!(&served, expected, "{what}");
        assert_eq!(report.issues.len(), 1, "{what}");
        assert!(
            matches!(report.issues[0].kind, IssueKind::BadHeader(_)),
            "{what}"
        );
        assert!(report.issues[0].corruption, "{what}");
    }
    // A header copied from another segment names the wrong id.
    let other = std::fs::read(dir.path().join(format::segment_file_name(segments[0]))).unwrap();
    let mut bytes = pristine.clone();
    bytes[..HEADER_LEN as usize].copy_from_slice(&other[..HEADER_LEN as usize]);
    std::fs::write(&path, &bytes).unwrap();
    let report = read_dir(dir.path()).unwrap();
    assert!(matches!(
        report.issues[0].kind,
        IssueKind::BadHeader(HeaderError::IdMismatch { .. })
    ));
    // Open refuses, naming the segment; told to go on, it serves every
    // intact record, and discard removes the damaged segment like any other.
    match CommitLog::open(opts(dir.path(), batch(), 1024)) {
        Err(CommitLogError::Corrupt { file, offset, .. }) => {
            assert_eq!((file, offset), (path.clone(), 0))
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    let mut lenient = opts(dir.path(), batch(), 1024);
    lenient.ignore_replay_errors = true;
    let (log, replayed) = CommitLog::open(lenient).unwrap();
    assert_eq!(replayed.len(), positions.len());
    log.discard_before(log.current_position()).unwrap();
    assert!(!path.exists());
    log.close().unwrap();
}
#[test]
fn stray_files_are_ignored_and_unfinished_segments_removed() {
    let dir = tempfile::tempdir().unwrap();
    write_records(dir.path(), 3, 4096);
    std::fs::write(dir.path().join("CommitLog-abc.log"), b"junk").unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"junk").unwrap();
    let tmp = dir.path().join(format::temp_file_name(5));
    std::fs::write(&tmp, b"half a header").unwrap();
    let (log, report) = CommitLog::open_with_report(opts(dir.path(), batch(), 4096)).unwrap();
    assert_eq!(report.records.len(), 3);
    assert_eq!(report.issues.len(), 1);
    assert_eq!(report.issues[0].kind, IssueKind::MalformedName);
    assert!(!tmp.exists());
    log.discard_before(log.current_position()).unwrap();
    log.close().unwrap();
    assert!(dir.path().join("CommitLog-abc.log").exists());
    assert!(dir.path().join("notes.txt").exists());
}

#[test]
fn concurrent_appenders_are_all_replayed_at_their_positions() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 16 * 1024)).unwrap();
    let log = Arc::new(log);
    let threads = 16;
    let per_thread = 100;
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                (0..per_thread)
                    .map(|i| {
                        let p = format!("thread {t} record {i}").into_bytes();
                        (log.append(&p).unwrap(), p)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut acked: Vec<(Position, Vec<u8>)> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    Arc::into_inner(log).unwrap().close().unwrap();
    acked.sort();
    let report = read_dir(dir.path()).unwrap();
    assert!(report.issues.is_empty());
    let replayed: Vec<(Position, Vec<u8>)> = report
        .records
        .into_iter()
        .map(|r| (r.position, r.payload))
        .collect();
    assert_eq!(replayed.len(), threads * per_thread);
    assert_eq!(replayed, acked);
}

#[test]
fn periodic_mode_acknowledges_at_once_and_syncs_on_close() {
    let dir = tempfile::tempdir().unwrap();
    let mode = SyncMode::Periodic {
        period: Duration::from_millis(20),
    };
    let (log, _) = CommitLog::open(opts(dir.path(), mode, 4096)).unwrap();
    for i in 0..50 {
        log.append(&payload(i)).unwrap();
    }
    log.sync().unwrap();
    std::thread::sleep(Duration::from_millis(50)); // let the periodic thread run
    log.append(b"last").unwrap();
    drop(log); // drop syncs as well
    let records = read_dir(dir.path()).unwrap().records;
    assert_eq!(records.len(), 51);
    assert_eq!(records[50].payload, b"last");
}

#[test]
fn zero_batch_window_still_works() {
    let dir = tempfile::tempdir().unwrap();
    let mode = SyncMode::Batch {
        window: Duration::ZERO,
    };
    let (log, _) = CommitLog::open(opts(dir.path(), mode, 4096)).unwrap();
    let at = log.append(b"x").unwrap();
    log.close().unwrap();
    assert_eq!(read_dir(dir.path()).unwrap().records[0].position, at);
}

#[test]
fn a_directory_has_one_owner_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    assert!(matches!(
        CommitLog::open(opts(dir.path(), batch(), 4096)),
        Err(CommitLogError::Locked(_))
    ));
    log.close().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    log.close().unwrap();
}

#[test]
fn bad_options_and_oversized_payloads_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert!(matches!(
        CommitLog::open(opts(dir.path(), batch(), 100)),
        Err(CommitLogError::InvalidOptions(_))
    ));
    let zero_period = SyncMode::Periodic {
        period: Duration::ZERO,
    };
    assert!(matches!(
        CommitLog::open(opts(dir.path(), zero_period, 4096)),
        Err(CommitLogError::InvalidOptions(_))
    ));
    let (log, _) = CommitLog::open(opts(dir.path(), batch(), 4096)).unwrap();
    // Zero pages from the allocator: never touched, so cheap.
    let huge = vec![0u8; MAX_PAYLOAD_LEN + 1];
    assert!(matches!(
        log.append_all(&[b"ok", &huge]),
        Err(CommitLogError::PayloadTooLarge { .. })
    ));
    // Nothing of a refused group was written.
    log.close().unwrap();
    assert!(read_dir(dir.path()).unwrap().records.is_empty());
}

#[test]
fn the_log_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<CommitLog>();
}

#[test]
fn default_options_are_cassandras() {
    let o = CommitLogOptions::new("/x");
    assert_eq!(o.segment_size, 128 * 1024 * 1024);
    assert_eq!(
        o.sync,
        SyncMode::Periodic {
            period: Duration::from_secs(10)
        }
    );
}

#[test]
fn a_failed_log_refuses_writes_and_wakes_waiters() {
    let dir = tempfile::tempdir().unwrap();
    // A long window keeps a batch appender waiting while the failure lands.
    let mode = SyncMode::Batch {
        window: Duration::from_secs(5),
    };
    let (log, _) = CommitLog::open(opts(dir.path(), mode, 4096)).unwrap();
    let log = Arc::new(log);
    let waiter = {
        let log = Arc::clone(&log);
        // Holding in_flight open makes the syncer wait out its window.
        log.shared.begin_write(true).unwrap();
        std::thread::spawn(move || log.append(b"never acknowledged"))
    };
    std::thread::sleep(Duration::from_millis(50));
    log.shared
        .fail(CommitLogError::Failed("injected fsync failure".into()));
    assert!(matches!(
        waiter.join().unwrap(),
        Err(CommitLogError::Failed(_))
    ));
    assert!(matches!(log.append(b"x"), Err(CommitLogError::Failed(_))));
    assert!(matches!(log.sync(), Err(CommitLogError::Failed(_))));
    let log = Arc::into_inner(log).unwrap();
    assert!(matches!(log.close(), Err(CommitLogError::Failed(_))));
}

#[test]
fn damage_warnings_name_the_segment_file_and_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write_records(dir.path(), 3, 1 << 20);
    let seg = only_segment(dir.path());
    let mut bytes = std::fs::read(&seg).unwrap();
    bytes.truncate(bytes.len() - 2);
    std::fs::write(&seg, &bytes).unwrap();

    let logged = crate::storage::testutil::capture_logs(|| {
        let (log, _) = CommitLog::open(opts(dir.path(), batch(), 1 << 20)).unwrap();
        log.close().unwrap();
    });
    assert!(logged.contains("WARN"), "{logged}");
    assert!(logged.contains(&seg.display().to_string()), "{logged}");
    assert!(
        logged.contains(&format!("byte offset {}", positions[2].offset)),
        "{logged}"
    );
}
#[test]
fn open_after_keeps_new_ids_above_a_floor() {
    let dir = tempfile::tempdir().unwrap();
    let floor = u64::MAX / 2;
    let (log, _) = CommitLog::open_after(opts(dir.path(), batch(), 4096), floor).unwrap();
    assert!(log.current_position().segment >= floor);
    log.close().unwrap();
}
