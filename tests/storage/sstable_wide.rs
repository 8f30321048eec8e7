//! The column index at work: a short slice or a names lookup in a
//! million-entry partition reads a couple of blocks, not the partition
//! (checked with the reader's read statistics).

use crate::support::sstable;

use sstable::*;
use supercolumn::marshal::BytesType;
use supercolumn::storage::sstable::{SSTableOptions, SSTableWriter};

const ENTRIES: u32 = 1_000_000;

#[test]
fn short_slices_of_a_wide_partition_read_only_a_few_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let opts = SSTableOptions {
        column_index_size: 4096,
        ..SSTableOptions::default()
    };
    let mut w = SSTableWriter::create(dir.path(), "W-1", &partitioner(), 3, opts).unwrap();
    let mut keys = [dk(b"before"), dk(b"wide"), dk(b"after")];
    keys.sort();
    for k in &keys {
        if k.key == b"wide" {
            // ~30-byte cells: 8-byte name, 20-byte payload.
            let entries =
                (0..ENTRIES).map(|i| ((i as u64 * 2).to_be_bytes().to_vec(), [b'x'; 20].to_vec()));
            w.append(k, b"row-header", entries).unwrap();
        } else {
            w.append(k, &[], numbered_entries(5)).unwrap();
        }
    }
    let r = w.finish().unwrap();
    let partition_bytes = r.data_size();
    let before = r.read_stats();
    let p = r.get(&dk(b"wide")).unwrap().unwrap();
    assert_eq!(p.entry_count(), ENTRIES as u64);
    let blocks = p.block_count() as u64;
    assert!(blocks > 1000, "{blocks} blocks");

    let start = (777_777u64 * 2 + 1).to_be_bytes();
    let got: Vec<_> = p
        .slice(&BytesType, &start, &[], false)
        .take(100)
        .map(Result::unwrap)
        .collect();
    assert_eq!(got.len(), 100);
    assert_eq!(got[0].0, (777_778u64 * 2).to_be_bytes());
    assert_eq!(got[99].0, (777_877u64 * 2).to_be_bytes());
    let reversed: Vec<_> = p
        .slice(&BytesType, &start, &[], true)
        .take(100)
        .map(Result::unwrap)
        .collect();
    assert_eq!(reversed[0].0, (777_777u64 * 2).to_be_bytes());
    assert_eq!(reversed[99].0, (777_678u64 * 2).to_be_bytes());
    let names = p
        .names(
            &BytesType,
            &[
                (10u64).to_be_bytes().to_vec(),
                (1_999_998u64).to_be_bytes().to_vec(),
            ],
        )
        .unwrap();
    assert_eq!(names.len(), 2);

    let cost = r.read_stats();
    let blocks_read = cost.blocks_read - before.blocks_read;
    let bytes_read = cost.data_bytes_read - before.data_bytes_read;
    // Two slices crossing at most one block boundary each, plus two names.
    assert!(blocks_read <= 6, "read {blocks_read} of {blocks} blocks");
    assert!(
        bytes_read * 100 < partition_bytes,
        "read {bytes_read} bytes of a {partition_bytes}-byte partition (head with column index included)"
    );
    eprintln!(
        "wide partition: {ENTRIES} entries, {partition_bytes} data bytes, {blocks} blocks; \
         two 100-entry slices + 2 names read {blocks_read} blocks, {bytes_read} bytes"
    );

    // And the neighbours are intact.
    assert_eq!(
        r.get(&dk(b"after")).unwrap().unwrap().entries().unwrap(),
        numbered_entries(5)
    );
}
