//! Property tests of the commit log through its public API: whatever is
//! written comes back in order at the positions `append` returned; damage to
//! the files (truncation, a flipped byte anywhere) only ever removes records,
//! never alters or invents one, and never panics.

use std::path::{Path, PathBuf};
use std::time::Duration;

use proptest::prelude::*;
use supercolumn::storage::commitlog::{read_dir, CommitLog, CommitLogOptions, Position, SyncMode};

fn write_all(dir: &Path, payloads: &[Vec<u8>], segment_size: u64) -> Vec<Position> {
    let opts = CommitLogOptions {
        dir: dir.to_path_buf(),
        // One fsync at close keeps the cases fast; durability is tested elsewhere.
        sync: SyncMode::Periodic {
            period: Duration::from_secs(60),
        },
        segment_size,
        ignore_replay_errors: false,
    };
    let (log, replayed) = CommitLog::open(opts).unwrap();
    assert!(replayed.is_empty());
    let positions = payloads.iter().map(|p| log.append(p).unwrap()).collect();
    log.close().unwrap();
    positions
}

/// Segment files in log order.
fn segment_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name()?.to_str()?;
            let id = name.strip_prefix("CommitLog-")?.strip_suffix(".log")?;
            Some((id.parse().ok()?, path))
        })
        .collect();
    files.sort();
    files.into_iter().map(|(_, p)| p).collect()
}

fn payloads() -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::vec(prop::collection::vec(any::<u8>(), 0..300), 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn everything_written_replays_in_order(payloads in payloads(), segment_size in 1024u64..4096) {
        let dir = tempfile::tempdir().unwrap();
        let positions = write_all(dir.path(), &payloads, segment_size);
        let report = read_dir(dir.path()).unwrap();
        prop_assert!(report.issues.is_empty());
        let got: Vec<(Position, Vec<u8>)> =
            report.records.into_iter().map(|r| (r.position, r.payload)).collect();
        let want: Vec<(Position, Vec<u8>)> = positions.into_iter().zip(payloads).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn truncating_the_last_segment_leaves_a_prefix(
        payloads in payloads(),
        segment_size in 1024u64..4096,
        cut in any::<prop::sample::Index>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let positions = write_all(dir.path(), &payloads, segment_size);
        let last = segment_files(dir.path()).pop().unwrap();
        let len = std::fs::metadata(&last).unwrap().len();
        let cut_at = cut.index(len as usize + 1) as u64;
        std::fs::OpenOptions::new().write(true).open(&last).unwrap().set_len(cut_at).unwrap();

        let records = read_dir(dir.path()).unwrap().records;
        prop_assert!(records.len() <= payloads.len());
        for (i, r) in records.iter().enumerate() {
            prop_assert_eq!(r.position, positions[i]);
            prop_assert_eq!(&r.payload, &payloads[i]);
        }
        // Every record that lies wholly before the cut survives.
        let last_id = positions.last().map(|p| p.segment);
        let survivors = positions
            .iter()
            .zip(&payloads)
            .filter(|(p, data)| {
                Some(p.segment) != last_id || p.offset + data.len() as u64 + 12 <= cut_at
            })
            .count();
        prop_assert_eq!(records.len(), survivors);
    }

    #[test]
    fn a_flipped_byte_anywhere_never_alters_or_invents_a_record(
        payloads in payloads(),
        segment_size in 1024u64..4096,
        file in any::<prop::sample::Index>(),
        byte in any::<prop::sample::Index>(),
        mask in 1u8..=255,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let positions = write_all(dir.path(), &payloads, segment_size);
        let files = segment_files(dir.path());
        let victim = file.get(&files);
        let mut bytes = std::fs::read(victim).unwrap();
        let at = byte.index(bytes.len());
        bytes[at] ^= mask;
        std::fs::write(victim, &bytes).unwrap();

        let report = read_dir(dir.path()).unwrap();
        prop_assert!(!report.issues.is_empty(), "a flip at {} of {:?} went unnoticed", at, victim);
        for r in &report.records {
            let i = positions.iter().position(|p| *p == r.position);
            prop_assert!(i.is_some(), "invented record at {}", r.position);
            prop_assert_eq!(&r.payload, &payloads[i.unwrap()]);
        }
        // Records of the other segments are all served.
        let victim_id = report.issues[0].file.clone();
        let others = positions
            .iter()
            .filter(|p| dir.path().join(format!("CommitLog-{}.log", p.segment)) != victim_id)
            .count();
        let served_others = report
            .records
            .iter()
            .filter(|r| dir.path().join(format!("CommitLog-{}.log", r.position.segment)) != victim_id)
            .count();
        prop_assert_eq!(served_others, others);
    }
}
