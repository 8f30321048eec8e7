//! Reading inside partitions: slices (forward and reversed, bounded and
//! open), names lookups and full reads, checked against a simple in-memory
//! model, with BytesType and with a reversed comparator.

use crate::support::sstable;

use std::cmp::Ordering;

use proptest::prelude::*;
use sstable::*;
use supercolumn::marshal::{AbstractType, BytesType};
use supercolumn::storage::sstable::PartitionReader;

/// What a slice must return, computed naively.
fn model_slice(
    cmp: &dyn AbstractType,
    entries: &Entries,
    start: &[u8],
    finish: &[u8],
    reversed: bool,
) -> Entries {
    let mut out: Entries = entries
        .iter()
        .filter(|(n, _)| {
            let (lo, hi) = if reversed {
                (finish, start)
            } else {
                (start, finish)
            };
            (lo.is_empty() || cmp.compare(n, lo) != Ordering::Less)
                && (hi.is_empty() || cmp.compare(n, hi) != Ordering::Greater)
        })
        .cloned()
        .collect();
    if reversed {
        out.reverse();
    }
    out
}

fn slice(
    p: &PartitionReader,
    cmp: &dyn AbstractType,
    start: &[u8],
    finish: &[u8],
    reversed: bool,
) -> Entries {
    p.slice(cmp, start, finish, reversed)
        .collect::<Result<_, _>>()
        .unwrap()
}

fn name(i: u32) -> Vec<u8> {
    i.to_be_bytes().to_vec()
}

#[test]
fn forward_and_reversed_slices_with_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let entries = numbered_entries(500);
    let r = write(
        dir.path(),
        "S-1",
        vec![(b"row".to_vec(), b"hdr".to_vec(), entries.clone())],
        small_blocks(),
    );
    let p = r.get(&dk(b"row")).unwrap().unwrap();
    assert!(
        p.block_count() > 10,
        "the test needs many blocks, got {}",
        p.block_count()
    );
    assert_eq!(p.header(), b"hdr");
    assert_eq!(p.entry_count(), 500);
    let bounds = [
        vec![],
        name(0),
        name(1),
        name(77),
        name(250),
        name(499),
        name(1000),
    ];
    for start in &bounds {
        for finish in &bounds {
            for reversed in [false, true] {
                assert_eq!(
                    slice(&p, &BytesType, start, finish, reversed),
                    model_slice(&BytesType, &entries, start, finish, reversed),
                    "start {start:?} finish {finish:?} reversed {reversed}"
                );
            }
        }
    }
    // A bound that is not a stored name lands between entries.
    let between = vec![0, 0, 0, 10, 5];
    assert_eq!(slice(&p, &BytesType, &between, &[], false)[0].0, name(11));
    assert_eq!(slice(&p, &BytesType, &between, &[], true)[0].0, name(10));
    // A caller stopping early gets exactly what it asked for.
    let first3: Entries = p
        .slice(&BytesType, &name(100), &[], false)
        .take(3)
        .map(Result::unwrap)
        .collect();
    assert_eq!(first3, entries[100..103].to_vec());
    assert_eq!(p.all().map(Result::unwrap).collect::<Entries>(), entries);
    assert_eq!(p.entries().unwrap(), entries);
}

#[test]
fn custom_comparator_drives_slices_and_names() {
    let dir = tempfile::tempdir().unwrap();
    // Stored in ReversedBytes order: descending bytes.
    let mut entries = numbered_entries(300);
    entries.reverse();
    let r = write(
        dir.path(),
        "R-1",
        vec![(b"row".to_vec(), vec![], entries.clone())],
        small_blocks(),
    );
    let p = r.get(&dk(b"row")).unwrap().unwrap();
    let cmp = ReversedBytes;
    // start 200 .. finish 100 is ascending in ReversedBytes order: 200, 199, ..., 100.
    let got = slice(&p, &cmp, &name(200), &name(100), false);
    assert_eq!(got.len(), 101);
    assert_eq!(got[0].0, name(200));
    assert_eq!(got[100].0, name(100));
    let got = slice(&p, &cmp, &name(100), &name(200), true);
    assert_eq!(got.first().unwrap().0, name(100));
    assert_eq!(got.last().unwrap().0, name(200));
    for (s, f, rev) in [
        (name(299), name(0), false),
        (name(5), vec![], true),
        (vec![], name(290), false),
    ] {
        assert_eq!(
            slice(&p, &cmp, &s, &f, rev),
            model_slice(&cmp, &entries, &s, &f, rev)
        );
    }

    let wanted = vec![name(7), name(250), name(7), name(1000), name(0)];
    let found = p.names(&cmp, &wanted).unwrap();
    let names: Vec<_> = found.iter().map(|e| e.0.clone()).collect();
    assert_eq!(names, vec![name(250), name(7), name(0)]);
    assert_eq!(found[0].1, b"v250");
}

#[test]
fn names_lookup_reads_only_needed_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let entries = numbered_entries(2000);
    let r = write(
        dir.path(),
        "N-1",
        vec![(b"row".to_vec(), vec![], entries)],
        small_blocks(),
    );
    let p = r.get(&dk(b"row")).unwrap().unwrap();
    let before = r.read_stats().blocks_read;
    let found = p
        .names(&BytesType, &[name(3), name(4), name(1500), name(5000)])
        .unwrap();
    assert_eq!(found.len(), 3);
    assert_eq!(found[2], (name(1500), b"v1500".to_vec()));
    assert_eq!(
        r.read_stats().blocks_read - before,
        2,
        "two blocks hold the three names"
    );
    assert!(p.names(&BytesType, &[]).unwrap().is_empty());
}

#[test]
fn empty_partition_and_empty_header() {
    let dir = tempfile::tempdir().unwrap();
    let r = write(
        dir.path(),
        "E-1",
        vec![(b"empty".to_vec(), vec![9], vec![])],
        small_blocks(),
    );
    let p = r.get(&dk(b"empty")).unwrap().unwrap();
    assert_eq!(p.header(), &[9]);
    assert_eq!(p.block_count(), 0);
    assert_eq!(slice(&p, &BytesType, &[], &[], true), vec![]);
    assert_eq!(slice(&p, &BytesType, &name(1), &[], false), vec![]);
    assert!(p.names(&BytesType, &[name(1)]).unwrap().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn slices_match_the_model(
        names in proptest::collection::btree_set(proptest::collection::vec(any::<u8>(), 0..6), 0..120),
        start in proptest::collection::vec(any::<u8>(), 0..4),
        finish in proptest::collection::vec(any::<u8>(), 0..4),
        reversed in any::<bool>(),
        block in 1usize..200,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let entries: Entries = names.into_iter().filter(|n| !n.is_empty()).map(|n| { let v = n.repeat(2); (n, v) }).collect();
        let opts = supercolumn::storage::sstable::SSTableOptions { column_index_size: block, ..small_blocks() };
        let r = write(dir.path(), "P-1", vec![(b"k".to_vec(), vec![], entries.clone())], opts);
        let p = r.get(&dk(b"k")).unwrap().unwrap();
        prop_assert_eq!(slice(&p, &BytesType, &start, &finish, reversed), model_slice(&BytesType, &entries, &start, &finish, reversed));
        let wanted = vec![start.clone(), finish.clone()];
        let expected: Entries = entries.iter().filter(|e| wanted.contains(&e.0)).cloned().collect();
        prop_assert_eq!(p.names(&BytesType, &wanted).unwrap(), expected);
    }
}

#[test]
fn owned_slices_outlive_their_reader_and_match_borrowed_ones() {
    let dir = tempfile::tempdir().unwrap();
    let entries = numbered_entries(400);
    let r = write(
        dir.path(),
        "O-1",
        vec![(b"row".to_vec(), b"h".to_vec(), entries.clone())],
        small_blocks(),
    );
    let cmp: supercolumn::marshal::TypeRef = std::sync::Arc::new(BytesType);
    let owned = {
        let p = r.get(&dk(b"row")).unwrap().unwrap();
        let borrowed = slice(&p, &BytesType, &name(390), &name(20), true);
        let owned = p.into_slice(cmp, &name(390), &name(20), true);
        assert_eq!(owned.reader().header(), b"h");
        (owned, borrowed)
    };
    drop(r);
    let (owned, borrowed) = owned;
    let moved = std::thread::spawn(move || owned.map(Result::unwrap).collect::<Entries>())
        .join()
        .unwrap();
    assert_eq!(moved, borrowed);
    assert_eq!(
        moved,
        model_slice(&BytesType, &entries, &name(390), &name(20), true)
    );
}

#[test]
fn a_writer_with_a_comparator_rejects_missorted_entries() {
    use supercolumn::storage::sstable::{SSTableError, SSTableOptions, SSTableWriter};
    let dir = tempfile::tempdir().unwrap();
    let cmp: supercolumn::marshal::TypeRef = std::sync::Arc::new(ReversedBytes);
    // Descending is sorted for ReversedBytes, across block boundaries too.
    let mut w = SSTableWriter::create(dir.path(), "C-1", &partitioner(), 2, small_blocks())
        .unwrap()
        .with_comparator(cmp.clone());
    let mut keys = [dk(b"a"), dk(b"b")];
    keys.sort();
    let mut sorted = numbered_entries(300);
    sorted.reverse();
    w.append(&keys[0], &[], sorted).unwrap();
    // Ascending is not; nor are duplicates, even when split by a block boundary.
    let err = w.append(&keys[1], &[], numbered_entries(3)).unwrap_err();
    assert!(
        matches!(err, SSTableError::EntriesOutOfOrder { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("test.ReversedBytes"), "{err}");
    assert!(
        w.finish().is_err(),
        "a writer that failed mid-partition refuses to finish"
    );
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "temporaries removed"
    );

    let mut w = SSTableWriter::create(
        dir.path(),
        "C-2",
        &partitioner(),
        1,
        SSTableOptions {
            column_index_size: 1,
            ..small_blocks()
        },
    )
    .unwrap()
    .with_comparator(std::sync::Arc::new(BytesType));
    let dup = vec![(name(1), vec![]), (name(2), vec![]), (name(2), vec![])];
    assert!(matches!(
        w.append(&keys[0], &[], dup).unwrap_err(),
        SSTableError::EntriesOutOfOrder { .. }
    ));
}
