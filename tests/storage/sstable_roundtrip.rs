//! Whole-SSTable behaviour: random round trips, point lookups, scans from a
//! bound, the Bloom filter, ordering and argument errors, concurrent readers,
//! and the file lifecycle (atomic finish, abort, cleanup, delete).

use crate::support::sstable;

use std::collections::BTreeMap;
use std::ops::Bound;
use std::sync::Arc;

use proptest::prelude::*;
use sstable::*;
use supercolumn::partitioner::DecoratedKey;
use supercolumn::storage::sstable::{
    cleanup_temporaries, list_sstables, Component, SSTableError, SSTableOptions, SSTableReader,
    SSTableWriter,
};

/// A partition of no entries.
fn none() -> Entries {
    Entries::new()
}

fn scan_keys(r: &SSTableReader, from: Bound<DecoratedKey>) -> Vec<DecoratedKey> {
    r.scan(from).map(|p| p.unwrap().key).collect()
}

fn arb_partitions() -> impl Strategy<Value = BTreeMap<Vec<u8>, (Vec<u8>, Entries)>> {
    let entries = proptest::collection::btree_map(
        proptest::collection::vec(any::<u8>(), 0..12),
        proptest::collection::vec(any::<u8>(), 0..40),
        0..60,
    )
    .prop_map(|m| m.into_iter().collect::<Entries>());
    proptest::collection::btree_map(
        proptest::collection::vec(any::<u8>(), 0..16),
        (proptest::collection::vec(any::<u8>(), 0..8), entries),
        0..40,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    #[test]
    fn random_partitions_round_trip(parts in arb_partitions(), block in 1usize..300, interval in 1usize..6) {
        let dir = tempfile::tempdir().unwrap();
        let specs: Vec<Spec> = parts.iter().map(|(k, (h, e))| (k.clone(), h.clone(), e.clone())).collect();
        let opts = SSTableOptions { column_index_size: block, index_interval: interval, bloom_fp_chance: 0.01 };
        let r = write(dir.path(), "T-1", specs, opts);
        prop_assert_eq!(r.partition_count(), parts.len() as u64);
        prop_assert_eq!(r.entry_count(), parts.values().map(|(_, e)| e.len() as u64).sum::<u64>());
        for (k, (h, e)) in &parts {
            let p = r.get(&dk(k)).unwrap().expect("stored key is found");
            prop_assert_eq!(p.header(), &h[..]);
            prop_assert_eq!(&p.entries().unwrap(), e);
        }
        prop_assert!(r.get(&dk(b"\xffnot a stored key")).unwrap().is_none() || parts.contains_key(&b"\xffnot a stored key"[..]));
        // A scan yields everything in ring order; reopening gives the same.
        let mut ring: Vec<DecoratedKey> = parts.keys().map(|k| dk(k)).collect();
        ring.sort();
        let reopened = SSTableReader::open(dir.path(), "T-1", &partitioner()).unwrap();
        for reader in [&r, &reopened] {
            let scanned: Vec<_> = reader.scan(Bound::Unbounded).map(Result::unwrap).collect();
            prop_assert_eq!(scanned.iter().map(|p| p.key.clone()).collect::<Vec<_>>(), ring.clone());
            for p in scanned {
                let (h, e) = &parts[&p.key.key];
                prop_assert_eq!(&p.header, h);
                prop_assert_eq!(&p.entries, e);
            }
        }
        prop_assert_eq!(r.min_key(), ring.first());
        prop_assert_eq!(r.max_key(), ring.last());
        // Scans from every stored key and from keys in between.
        for (i, k) in ring.iter().enumerate() {
            prop_assert_eq!(scan_keys(&r, Bound::Included(k.clone())), ring[i..].to_vec());
            prop_assert_eq!(scan_keys(&r, Bound::Excluded(k.clone())), ring[i + 1..].to_vec());
        }
    }
}

#[test]
fn scan_from_keys_between_stored_ones() {
    let dir = tempfile::tempdir().unwrap();
    let specs: Vec<Spec> = (0..50u32)
        .map(|i| (format!("key{i}").into_bytes(), vec![], numbered_entries(2)))
        .collect();
    let r = write(dir.path(), "B-1", specs, small_blocks());
    let all = scan_keys(&r, Bound::Unbounded);
    assert_eq!(all.len(), 50);
    for probe in (0..200u32).map(|i| dk(format!("probe{i}").as_bytes())) {
        let expected: Vec<_> = all.iter().filter(|k| **k >= probe).cloned().collect();
        assert_eq!(scan_keys(&r, Bound::Included(probe.clone())), expected);
        assert_eq!(scan_keys(&r, Bound::Excluded(probe)), expected);
    }
    // Lazy scans give readers whose entries are only read on demand.
    let before = r.read_stats().blocks_read;
    let heads: Vec<_> = r
        .scan_partitions(Bound::Unbounded)
        .map(|p| p.unwrap().key().clone())
        .collect();
    assert_eq!(heads, all);
    assert_eq!(r.read_stats().blocks_read, before);
    // Small partitions are cut from a read-ahead window, not read one by
    // one: the first window holds the first index segment's partitions (a
    // short scan reads no more), the next one the rest of the small file.
    let reads = r.read_stats().data_reads;
    assert_eq!(r.scan(Bound::Unbounded).count(), 50);
    assert_eq!(
        r.read_stats().data_reads - reads,
        2,
        "the whole small Data file in two reads"
    );
}

#[test]
fn bloom_filter_has_no_false_negatives_and_few_false_positives() {
    let dir = tempfile::tempdir().unwrap();
    let specs: Vec<Spec> = (0..5000u32)
        .map(|i| (format!("present{i}").into_bytes(), vec![], vec![]))
        .collect();
    let r = write(dir.path(), "F-1", specs, SSTableOptions::default());
    for i in 0..5000u32 {
        assert!(r.might_contain(&dk(format!("present{i}").as_bytes())));
    }
    let fp = (0..50_000u32)
        .filter(|i| r.might_contain(&dk(format!("absent{i}").as_bytes())))
        .count();
    let rate = fp as f64 / 50_000.0;
    assert!(
        rate < 0.02,
        "false-positive rate {rate} is far above the configured 1%"
    );
    // Absent keys that pass the filter still come back as None.
    let before = r.read_stats().index_segments_read;
    for i in 0..50_000u32 {
        assert!(r
            .get(&dk(format!("absent{i}").as_bytes()))
            .unwrap()
            .is_none());
    }
    assert!(
        r.read_stats().index_segments_read - before <= fp as u64,
        "the filter spared the index"
    );
}

#[test]
fn out_of_order_and_duplicate_keys_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let mut keys = [dk(b"a"), dk(b"b")];
    keys.sort();
    let mut w = SSTableWriter::create(
        dir.path(),
        "O-1",
        &partitioner(),
        2,
        SSTableOptions::default(),
    )
    .unwrap();
    w.append(&keys[1], &[], none()).unwrap();
    let err = w.append(&keys[0], &[], none()).unwrap_err();
    assert!(matches!(err, SSTableError::OutOfOrder { .. }), "{err}");
    let err = w.append(&keys[1], &[], none()).unwrap_err();
    assert!(matches!(err, SSTableError::OutOfOrder { .. }), "{err}");
    // The rejected appends changed nothing.
    let r = w.finish().unwrap();
    assert_eq!(r.partition_count(), 1);
}

#[test]
fn bad_arguments_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let p = partitioner();
    for name in ["", "../x", "a/b", ".hidden", "sp ace"] {
        let err =
            SSTableWriter::create(dir.path(), name, &p, 1, SSTableOptions::default()).unwrap_err();
        assert!(
            matches!(err, SSTableError::InvalidArgument(_)),
            "{name}: {err}"
        );
    }
    for opts in [
        SSTableOptions {
            column_index_size: 0,
            ..SSTableOptions::default()
        },
        SSTableOptions {
            index_interval: 0,
            ..SSTableOptions::default()
        },
        SSTableOptions {
            bloom_fp_chance: 1.0,
            ..SSTableOptions::default()
        },
        SSTableOptions {
            bloom_fp_chance: f64::NAN,
            ..SSTableOptions::default()
        },
    ] {
        assert!(SSTableWriter::create(dir.path(), "X-1", &p, 1, opts).is_err());
    }
    write(dir.path(), "X-2", vec![], SSTableOptions::default());
    let err =
        SSTableWriter::create(dir.path(), "X-2", &p, 1, SSTableOptions::default()).unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
    let err =
        SSTableReader::open(dir.path(), "X-2", &(Arc::new(OtherPartitioner) as _)).unwrap_err();
    assert!(
        matches!(err, SSTableError::PartitionerMismatch { .. }),
        "{err}"
    );
    let err = SSTableReader::open(dir.path(), "missing-1", &p).unwrap_err();
    assert!(err.to_string().contains("missing-1-Statistics.db"), "{err}");
}

#[test]
fn empty_sstable_opens_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let r = write(dir.path(), "Z-1", vec![], SSTableOptions::default());
    assert_eq!(r.partition_count(), 0);
    assert!(r.min_key().is_none());
    assert!(r.get(&dk(b"x")).unwrap().is_none());
    assert_eq!(r.scan(Bound::Unbounded).count(), 0);
}

#[test]
fn concurrent_readers_share_one_sstable() {
    let dir = tempfile::tempdir().unwrap();
    let specs: Vec<Spec> = (0..300u32)
        .map(|i| {
            (
                format!("k{i}").into_bytes(),
                vec![i as u8],
                numbered_entries(i % 40),
            )
        })
        .collect();
    let r = write(dir.path(), "C-1", specs, small_blocks());
    std::thread::scope(|s| {
        for t in 0..4u32 {
            let r = r.clone();
            s.spawn(move || {
                for round in 0..3 {
                    for i in (t..300).step_by(4) {
                        let p = r.get(&dk(format!("k{i}").as_bytes())).unwrap().unwrap();
                        assert_eq!(p.header(), &[i as u8]);
                        assert_eq!(
                            p.entries().unwrap(),
                            numbered_entries(i % 40),
                            "thread {t} round {round}"
                        );
                    }
                    assert_eq!(r.scan(Bound::Unbounded).count(), 300);
                }
            });
        }
    });
}

#[test]
fn abort_and_crash_leave_nothing_behind_after_cleanup() {
    let dir = tempfile::tempdir().unwrap();
    let p = partitioner();
    let mut w = SSTableWriter::create(dir.path(), "A-1", &p, 1, SSTableOptions::default()).unwrap();
    w.append(&dk(b"k"), &[], numbered_entries(10)).unwrap();
    assert!(dir.path().join("A-1-Data.db.tmp").exists());
    w.abort();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    // A crash mid-write: temporaries remain (simulated by leaking the writer).
    let mut w = SSTableWriter::create(dir.path(), "A-2", &p, 1, SSTableOptions::default()).unwrap();
    w.append(&dk(b"k"), &[], numbered_entries(10)).unwrap();
    std::mem::forget(w);
    // A crash midway through finish's renames: components without Statistics.
    let done = write(
        dir.path(),
        "A-3",
        vec![(b"k".to_vec(), vec![], numbered_entries(3))],
        SSTableOptions::default(),
    );
    std::fs::remove_file(dir.path().join(Component::Statistics.file_name("A-3"))).unwrap();
    drop(done);
    let kept = write(
        dir.path(),
        "A-4",
        vec![(b"k".to_vec(), vec![], numbered_entries(3))],
        SSTableOptions::default(),
    );
    std::fs::write(dir.path().join("unrelated.txt"), b"x").unwrap();

    assert_eq!(list_sstables(dir.path()).unwrap(), vec!["A-4".to_string()]);
    let removed = cleanup_temporaries(dir.path()).unwrap();
    assert_eq!(removed.len(), 2 + 4, "{removed:?}");
    let mut left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    let mut expected: Vec<String> = Component::ALL.iter().map(|c| c.file_name("A-4")).collect();
    expected.push("unrelated.txt".into());
    expected.sort();
    assert_eq!(left, expected);

    // Deleting keeps open readers working, then removes every file.
    kept.delete_files().unwrap();
    assert!(kept.get(&dk(b"k")).unwrap().is_some());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn scans_from_a_token_include_or_skip_all_keys_of_that_token() {
    let p: supercolumn::partitioner::PartitionerRef = Arc::new(CoarsePartitioner);
    let keys: Vec<DecoratedKey> = ["a1", "a2", "a3", "b1", "b2", "d1", "d2", "d3", "d4", "f1"]
        .iter()
        .map(|k| p.decorate(k.as_bytes()))
        .collect();
    for interval in 1..5 {
        let dir = tempfile::tempdir().unwrap();
        let opts = SSTableOptions {
            index_interval: interval,
            ..SSTableOptions::default()
        };
        let mut w = SSTableWriter::create(dir.path(), "Tok-1", &p, keys.len(), opts).unwrap();
        for k in &keys {
            w.append(k, &[], none()).unwrap();
        }
        let r = w.finish().unwrap();
        for t in b'`'..=b'g' {
            let t = supercolumn::partitioner::Token::Long(i64::from(t));
            let got: Vec<_> = r
                .scan_from_token(Bound::Included(t.clone()))
                .map(|p| p.unwrap().key)
                .collect();
            let want: Vec<_> = keys.iter().filter(|k| k.token >= t).cloned().collect();
            assert_eq!(got, want, "from {t:?} inclusive, interval {interval}");
            let got: Vec<_> = r
                .scan_partitions_from_token(Bound::Excluded(t.clone()))
                .map(|p| p.unwrap().key().clone())
                .collect();
            let want: Vec<_> = keys.iter().filter(|k| k.token > t).cloned().collect();
            assert_eq!(got, want, "from {t:?} exclusive, interval {interval}");
        }
        assert_eq!(r.scan_from_token(Bound::Unbounded).count(), keys.len());
    }
}

#[test]
fn readers_partitions_and_owned_slices_cross_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<SSTableReader>();
    shareable::<supercolumn::storage::sstable::PartitionReader>();
    shareable::<supercolumn::storage::sstable::OwnedSlice>();
}

#[test]
fn byte_tokens_and_an_undersized_bloom_filter_still_round_trip() {
    let p: supercolumn::partitioner::PartitionerRef = Arc::new(OtherPartitioner);
    let dir = tempfile::tempdir().unwrap();
    let mut keys: Vec<DecoratedKey> = (0..500u32)
        .map(|i| p.decorate(format!("k{i:04}").as_bytes()))
        .collect();
    keys.sort();
    // Expecting 0 partitions sizes the filter for one; it must still never miss.
    let mut w = SSTableWriter::create(dir.path(), "Bytes-1", &p, 0, small_blocks()).unwrap();
    for (i, k) in keys.iter().enumerate() {
        w.append(k, &[1], numbered_entries(i as u32 % 5)).unwrap();
    }
    let r = w.finish().unwrap();
    for (i, k) in keys.iter().enumerate() {
        assert!(r.might_contain(k));
        let part = r.get(k).unwrap().expect("present");
        assert_eq!(part.entries().unwrap(), numbered_entries(i as u32 % 5));
    }
    let from = p.decorate(b"k0250");
    let got: Vec<_> = r
        .scan(Bound::Excluded(from))
        .map(|p| p.unwrap().key)
        .collect();
    assert_eq!(got, keys[251..].to_vec());
}
