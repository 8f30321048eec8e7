//! Unit tests of the replay damage policy: resynchronising after damaged
//! records, telling torn tails from corruption (within a segment and
//! across segments), refusing to open over corruption, and the override.

use std::time::Duration;

use super::format;
use super::*;

fn opts(dir: &Path, segment_size: u64, ignore: bool) -> CommitLogOptions {
    CommitLogOptions {
        dir: dir.to_path_buf(),
        sync: SyncMode::Batch {
            window: Duration::ZERO,
        },
        segment_size,
        ignore_replay_errors: ignore,
    }
}

fn payload(i: usize) -> Vec<u8> {
    let len = 1 + (i * 7) % 60;
    (0..len).map(|j| (i * 131 + j * 7) as u8 | 1).collect()
}

/// Writes `n` records with `append_all` batches of 100 (fast); returns
/// their positions.
fn write(dir: &Path, n: usize, segment_size: u64) -> Vec<Position> {
    let (log, _) = CommitLog::open(opts(dir, segment_size, false)).unwrap();
    let mut positions = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(100) {
        let ps: Vec<Vec<u8>> = chunk.iter().map(|&i| payload(i)).collect();
        let refs: Vec<&[u8]> = ps.iter().map(Vec::as_slice).collect();
        let mut at = log.append_all(&refs).unwrap();
        for p in &ps {
            positions.push(at);
            at.offset += format::record_len(p.len());
        }
    }
    log.close().unwrap();
    positions
}

fn seg_path(dir: &Path, id: u64) -> PathBuf {
    dir.join(format::segment_file_name(id))
}

fn flip(path: &Path, at: u64) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[at as usize] ^= 0x5A;
    std::fs::write(path, bytes).unwrap();
}

/// Indexes of the served records; checks each served payload exactly.
fn served(records: &[Replayed], positions: &[Position]) -> Vec<usize> {
    records
        .iter()
        .map(|r| {
            let i = positions
                .iter()
                .position(|p| *p == r.position)
                .unwrap_or_else(|| panic!("invented record at {}", r.position));
            assert_eq!(r.payload, payload(i), "record {i} altered");
            i
        })
        .collect()
}

#[test]
fn flips_mid_segment_refuse_open_and_the_override_replays_every_intact_record() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write(dir.path(), 20_000, 1 << 20);
    assert_eq!(
        positions[0].segment, positions[19_999].segment,
        "one segment"
    );
    let path = seg_path(dir.path(), positions[0].segment);
    // A length byte, a length crc byte, a payload byte, a payload crc byte.
    let victims = [(1_000, 1), (7_000, 5), (12_000, 9), (16_000, usize::MAX)];
    for &(i, within) in &victims {
        let rec = format::record_len(payload(i).len());
        let off = if within == usize::MAX {
            rec - 1
        } else {
            within as u64
        };
        flip(&path, positions[i].offset + off);
    }
    match CommitLog::open(opts(dir.path(), 1 << 20, false)) {
        Err(CommitLogError::Corrupt {
            file,
            offset,
            regions,
            what,
        }) => {
            assert_eq!(file, path);
            assert_eq!(offset, positions[1_000].offset);
            assert_eq!(regions, 4);
            assert!(what.contains("length"), "{what}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Refusing changed nothing on disk.
    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.corruptions().count(), 4);
    for (issue, &(i, _)) in report.issues.iter().zip(&victims) {
        assert_eq!(issue.offset, positions[i].offset);
        assert_eq!(issue.dropped_bytes, format::record_len(payload(i).len()));
    }

    let (log, replay) = CommitLog::open_with_report(opts(dir.path(), 1 << 20, true)).unwrap();
    let expected: Vec<usize> = (0..20_000)
        .filter(|i| !victims.iter().any(|(v, _)| v == i))
        .collect();
    assert_eq!(served(&replay.records, &positions), expected);
    // New records go after every old one.
    let at = log.append(b"after").unwrap();
    assert!(at > positions[19_999]);
    log.close().unwrap();
}

#[test]
fn damage_spanning_several_records_is_one_region_up_to_the_next_intact_one() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write(dir.path(), 300, 1 << 20);
    let path = seg_path(dir.path(), positions[0].segment);
    let mut bytes = std::fs::read(&path).unwrap();
    let (from, to) = (positions[100].offset + 3, positions[103].offset + 2);
    for b in &mut bytes[from as usize..to as usize] {
        *b = 0xEE;
    }
    std::fs::write(&path, &bytes).unwrap();
    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.issues.len(), 1, "{:?}", report.issues);
    let issue = &report.issues[0];
    assert!(issue.corruption);
    assert_eq!(issue.offset, positions[100].offset);
    assert_eq!(issue.offset + issue.dropped_bytes, positions[104].offset);
    let expected: Vec<usize> = (0..300).filter(|i| !(100..=103).contains(i)).collect();
    assert_eq!(served(&report.records, &positions), expected);
}

#[test]
fn a_zero_filled_hole_before_intact_records_is_corruption() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write(dir.path(), 50, 1 << 20);
    let path = seg_path(dir.path(), positions[0].segment);
    let mut bytes = std::fs::read(&path).unwrap();
    for b in &mut bytes[positions[20].offset as usize..positions[22].offset as usize] {
        *b = 0;
    }
    std::fs::write(&path, &bytes).unwrap();
    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.corruptions().count(), 1);
    assert!(matches!(
        CommitLog::open(opts(dir.path(), 1 << 20, false)),
        Err(CommitLogError::Corrupt { .. })
    ));
}

#[test]
fn a_torn_tail_is_cut_off_at_open_and_never_becomes_corruption() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write(dir.path(), 40, 1 << 20);
    let path = seg_path(dir.path(), positions[0].segment);
    let len = std::fs::metadata(&path).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(len - 3)
        .unwrap();
    let (log, report) = CommitLog::open_with_report(opts(dir.path(), 1 << 20, false)).unwrap();
    assert_eq!(report.issues.len(), 1);
    assert!(!report.issues[0].corruption);
    assert_eq!(report.issues[0].kind, IssueKind::TornRecord);
    assert_eq!(
        served(&report.records, &positions),
        (0..39).collect::<Vec<_>>()
    );
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        positions[39].offset,
        "the torn record is cut off"
    );
    // Later records land in a new segment; the old tail does not turn
    // into corruption.
    log.append(b"later").unwrap();
    log.close().unwrap();
    let (log, report) = CommitLog::open_with_report(opts(dir.path(), 1 << 20, false)).unwrap();
    assert!(report.issues.is_empty(), "{:?}", report.issues);
    assert_eq!(report.records.len(), 40);
    log.close().unwrap();
}

#[test]
fn across_segments_only_an_intact_record_after_the_damage_makes_it_corruption() {
    let dir = tempfile::tempdir().unwrap();
    let positions = write(dir.path(), 10, 1 << 20);
    let first = positions[0].segment;
    let path = seg_path(dir.path(), first);
    let len = std::fs::metadata(&path).unwrap().len();
    let cut = |p: &Path| {
        std::fs::OpenOptions::new()
            .write(true)
            .open(p)
            .unwrap()
            .set_len(len - 1)
            .unwrap()
    };
    cut(&path);
    // Later segments holding only a header (starts that wrote nothing):
    // the damage is still the last thing written.
    for id in [first + 5, first + 9] {
        std::fs::write(seg_path(dir.path(), id), format::encode_header(id)).unwrap();
    }
    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.issues.len(), 1);
    assert!(!report.issues[0].corruption);

    // An intact record in a later segment: the tail was not the last write.
    let mut later = format::encode_header(first + 9).to_vec();
    format::encode_record(b"written after", &mut later);
    std::fs::write(seg_path(dir.path(), first + 9), later).unwrap();
    let report = read_dir(dir.path()).unwrap();
    assert_eq!(report.issues.len(), 1);
    assert!(report.issues[0].corruption);
    assert_eq!(report.records.last().unwrap().payload, b"written after");
    match CommitLog::open(opts(dir.path(), 1 << 20, false)) {
        Err(CommitLogError::Corrupt { file, offset, .. }) => {
            assert_eq!((file, offset), (path.clone(), positions[9].offset));
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn resync_never_serves_a_record_hidden_inside_a_damaged_ones_payload() {
    // A client value may itself look like a framed record; when the outer
    // record is damaged, the inner one must not surface.
    let mut hidden = Vec::new();
    format::encode_record(b"smuggled", &mut hidden);
    let mut outer = vec![7u8; 5];
    outer.extend_from_slice(&hidden);
    outer.extend_from_slice(&[9u8; 5]);

    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(opts(dir.path(), 1 << 20, false)).unwrap();
    let first = log.append(b"before").unwrap();
    let at = log.append(&outer).unwrap();
    log.append(b"after").unwrap();
    log.close().unwrap();
    let path = seg_path(dir.path(), first.segment);
    // Damage the payload outside the hidden frame: the length still holds.
    flip(&path, at.offset + 8 + 1);
    let report = read_dir(dir.path()).unwrap();
    let got: Vec<&[u8]> = report.records.iter().map(|r| &r.payload[..]).collect();
    assert_eq!(got, vec![&b"before"[..], &b"after"[..]]);
    assert_eq!(report.issues.len(), 1);
    assert_eq!(report.issues[0].kind, IssueKind::CorruptPayload);

    // Torn inside the outer record, after the hidden frame: a torn tail.
    let bytes = std::fs::read(&path).unwrap();
    let end = at.offset as usize + 8 + 5 + hidden.len() + 2;
    std::fs::write(&path, &bytes[..end]).unwrap();
    let report = read_dir(dir.path()).unwrap();
    let got: Vec<&[u8]> = report.records.iter().map(|r| &r.payload[..]).collect();
    assert_eq!(got, vec![&b"before"[..]]);
    assert_eq!(report.issues.len(), 1);
    assert_eq!(report.issues[0].kind, IssueKind::TornRecord);
    assert!(!report.issues[0].corruption);
}

/// A log of 300 records left open in a 1 MiB segment, and a copy of that
/// segment's bytes as a `kill -9` would leave them; `None` (the log closed)
/// where the temporary directory's file system gets no allocated segments.
#[allow(clippy::type_complexity)]
fn live_allocated_segment(
    dir: &Path,
) -> Option<(CommitLog, u64, Vec<u8>, Vec<(Position, Vec<u8>)>)> {
    let size = 1 << 20;
    let (log, _) = CommitLog::open(opts(dir, size, false)).unwrap();
    let written: Vec<(Position, Vec<u8>)> = (0..300)
        .map(|i| (log.append(&payload(i)).unwrap(), payload(i)))
        .collect();
    let id = written[0].0.segment;
    let live = std::fs::read(seg_path(dir, id)).unwrap();
    if live.len() as u64 == record_end(&written) {
        log.close().unwrap();
        println!("skipped: the temporary directory's file system gets no allocated segments");
        return None;
    }
    assert_eq!(
        live.len() as u64,
        size,
        "the active segment has its whole size"
    );
    Some((log, id, live, written))
}

fn record_end(written: &[(Position, Vec<u8>)]) -> u64 {
    written
        .last()
        .map(|(p, r)| p.offset + format::record_len(r.len()))
        .unwrap()
}

/// What a crash leaves of a segment whose space was allocated: its records,
/// then zeros to the segment's size. Replay serves every record, finds no
/// damage and reads the rest of the log (later segments) as before.
#[test]
fn a_crash_inside_allocated_space_leaves_a_zero_tail_read_as_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let copy = tempfile::tempdir().unwrap();
    let Some((log, id, live, written)) = live_allocated_segment(dir.path()) else {
        return;
    };
    std::fs::write(seg_path(copy.path(), id), &live).unwrap();
    let report = read_dir(copy.path()).unwrap();
    assert!(report.issues.is_empty(), "{:?}", report.issues);
    let replayed: Vec<(Position, Vec<u8>)> = report
        .records
        .into_iter()
        .map(|r| (r.position, r.payload))
        .collect();
    assert!(replayed == written, "replay differs from what was written");
    // A clean close cuts the unwritten space off.
    log.close().unwrap();
    let closed = std::fs::metadata(seg_path(dir.path(), id)).unwrap().len();
    assert_eq!(closed, record_end(&written));
}

/// A process killed while copying a record into allocated space leaves
/// any part of its payload and checksum, but never its prefix (stored
/// last). Whatever part it is, replay serves the records before it, reads
/// it as a torn last record (not corruption), and opening cuts it off.
#[test]
fn a_record_killed_mid_copy_is_a_torn_tail_whatever_part_of_it_landed() {
    let dir = tempfile::tempdir().unwrap();
    let Some((log, id, live, written)) = live_allocated_segment(dir.path()) else {
        return;
    };
    log.close().unwrap();
    let (last, body) = written.last().unwrap();
    let start = last.offset as usize;
    let prefix = format::RECORD_PREFIX_LEN;
    let len = format::record_len(body.len()) as usize;
    let landed: [&dyn Fn(usize) -> bool; 4] = [
        &|_| true,                   // all but the prefix
        &|i| i < (len - prefix) / 2, // the first half
        &|i| i + 4 >= len - prefix,  // only the checksum (a copy done backwards)
        &|i| i % 3 == 0,             // stores in no order
    ];
    for (case, landed) in landed.iter().enumerate() {
        let copy = tempfile::tempdir().unwrap();
        let mut bytes = live.clone();
        for (i, b) in bytes[start..start + len].iter_mut().enumerate() {
            if i < prefix || !landed(i - prefix) {
                *b = 0;
            }
        }
        let path = seg_path(copy.path(), id);
        std::fs::write(&path, &bytes).unwrap();
        let (log, report) = CommitLog::open_with_report(opts(copy.path(), 1 << 20, false))
            .unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(report.records.len(), written.len() - 1, "case {case}");
        assert_eq!(report.issues.len(), 1, "case {case}: {:?}", report.issues);
        let issue = &report.issues[0];
        assert_eq!(issue.kind, IssueKind::TornRecord, "case {case}");
        assert!(!issue.corruption, "case {case}");
        assert_eq!(issue.offset, last.offset, "case {case}");
        log.append(b"after").unwrap();
        log.close().unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), last.offset);
        let again = read_dir(copy.path()).unwrap();
        assert!(again.issues.is_empty(), "case {case}: {:?}", again.issues);
        assert_eq!(again.records.len(), written.len(), "case {case}");
    }
}
