//! Format 1 and format 2 side by side: the same partitions written as
//! format 1 (what builds before chunked blocks wrote) and as format 2 with
//! blocks cut into many chunks read back identically through every read
//! (whole partitions, slices either way with random bounds and lengths,
//! name lookups) and equal to what was written; and a slice inside a
//! chunked block reads its chunks, not the block.

use std::path::Path;
use std::sync::Arc;

use super::{Component, Entry, SSTableOptions, SSTableReader, SSTableWriter};
use crate::marshal::{AbstractType, LongType};
use crate::partitioner::{DecoratedKey, Partitioner, PartitionerRef, RandomPartitioner};

fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// Even names only, so odd ones fall between entries; now and then a
/// payload of several chunks' size (a chunk then holds that entry alone).
fn partition(width: u64, seed: &mut u64) -> Vec<Entry> {
    (0..width)
        .map(|i| {
            let len = if lcg(seed).is_multiple_of(50) {
                700
            } else {
                (lcg(seed) % 40) as usize
            };
            (((i * 2) as i64).to_be_bytes().to_vec(), vec![b'p'; len])
        })
        .collect()
}

fn rows() -> Vec<(DecoratedKey, Vec<Entry>)> {
    let mut seed = 7;
    let mut rows: Vec<_> = [0u64, 1, 5, 90, 700, 4000]
        .iter()
        .map(|&w| {
            let key = RandomPartitioner.decorate(format!("row{w}").as_bytes());
            (key, partition(w, &mut seed))
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

fn write(dir: &Path, name: &str, format_1: bool, chunk_bytes: usize) -> SSTableReader {
    let p: PartitionerRef = Arc::new(RandomPartitioner);
    let opts = SSTableOptions {
        column_index_size: 2048,
        ..SSTableOptions::default()
    };
    let mut w = SSTableWriter::create(dir, name, &p, 8, opts)
        .unwrap()
        .with_comparator(Arc::new(LongType))
        .with_chunk_bytes(chunk_bytes);
    if format_1 {
        w = w.with_format_1().unwrap();
    }
    for (key, entries) in rows() {
        w.append(&key, b"hdr", entries).unwrap();
    }
    w.finish().unwrap();
    SSTableReader::open(dir, name, &p).unwrap()
}

fn data_version(dir: &Path, name: &str) -> u16 {
    let bytes = std::fs::read(dir.join(Component::Data.file_name(name))).unwrap();
    u16::from_le_bytes([bytes[6], bytes[7]])
}

/// What a slice must give, from the entries written.
fn expected(entries: &[Entry], start: &[u8], finish: &[u8], reversed: bool) -> Vec<Entry> {
    let cmp = LongType;
    let (lo, hi) = if reversed {
        (finish, start)
    } else {
        (start, finish)
    };
    let inside = |n: &[u8]| {
        (lo.is_empty() || cmp.compare(n, lo).is_ge())
            && (hi.is_empty() || cmp.compare(n, hi).is_le())
    };
    let mut out: Vec<Entry> = entries.iter().filter(|e| inside(&e.0)).cloned().collect();
    if reversed {
        out.reverse();
    }
    out
}

#[test]
fn format_1_and_chunked_format_2_read_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let old = write(dir.path(), "V-1", true, usize::MAX);
    let new = write(dir.path(), "V-2", false, 150);
    assert_eq!(data_version(dir.path(), "V-1"), 1);
    assert_eq!(data_version(dir.path(), "V-2"), 2);
    let cmp = LongType;
    let mut seed = 11;
    let name = |seed: &mut u64, width: u64| -> Vec<u8> {
        match lcg(seed) % 8 {
            0 => Vec::new(),
            _ => ((lcg(seed) % (2 * width + 4)) as i64 - 2)
                .to_be_bytes()
                .to_vec(),
        }
    };
    for (key, entries) in rows() {
        let width = entries.len() as u64;
        let (po, pn) = (
            old.get(&key).unwrap().unwrap(),
            new.get(&key).unwrap().unwrap(),
        );
        assert_eq!(pn.header(), b"hdr");
        assert_eq!(po.entries().unwrap(), entries);
        assert_eq!(pn.entries().unwrap(), entries);
        assert_eq!(po.all().map(Result::unwrap).collect::<Vec<_>>(), entries);
        assert_eq!(pn.all().map(Result::unwrap).collect::<Vec<_>>(), entries);
        for _ in 0..300 {
            let (start, finish) = (name(&mut seed, width), name(&mut seed, width));
            let reversed = lcg(&mut seed).is_multiple_of(2);
            let take = (lcg(&mut seed) % 300) as usize;
            let want: Vec<Entry> = expected(&entries, &start, &finish, reversed)
                .into_iter()
                .take(take)
                .collect();
            for p in [&po, &pn] {
                let got: Vec<Entry> = p
                    .slice(&cmp, &start, &finish, reversed)
                    .take(take)
                    .map(Result::unwrap)
                    .collect();
                assert_eq!(
                    got, want,
                    "{start:?}..{finish:?} rev {reversed} take {take}"
                );
            }
            let names: Vec<Vec<u8>> = (0..lcg(&mut seed) % 12)
                .map(|_| name(&mut seed, width))
                .collect();
            let mut want: Vec<Entry> = entries
                .iter()
                .filter(|e| names.contains(&e.0))
                .cloned()
                .collect();
            want.sort_by(|a, b| cmp.compare(&a.0, &b.0));
            assert_eq!(po.names(&cmp, &names).unwrap(), want);
            assert_eq!(pn.names(&cmp, &names).unwrap(), want);
        }
    }
}

#[test]
fn a_short_slice_of_a_chunked_block_reads_a_chunk_not_the_block() {
    let dir = tempfile::tempdir().unwrap();
    let p: PartitionerRef = Arc::new(RandomPartitioner);
    let mut w = SSTableWriter::create(dir.path(), "C-1", &p, 1, SSTableOptions::default()).unwrap();
    let key = RandomPartitioner.decorate(b"wide");
    // 30-byte entries: ten 64 KiB blocks of 16 chunks.
    let entries = (0..20_000i64).map(|i| ((i * 2).to_be_bytes().to_vec(), vec![b'v'; 20]));
    w.append(&key, &[], entries).unwrap();
    let r = w.finish().unwrap();
    let part = r.get(&key).unwrap().unwrap();
    assert!(part.block_count() >= 8, "{} blocks", part.block_count());
    let before = r.read_stats();
    let start = 20_001i64.to_be_bytes();
    let got: Vec<Entry> = part
        .slice(&LongType, &start, &[], false)
        .take(100)
        .map(Result::unwrap)
        .collect();
    assert_eq!(got.len(), 100);
    assert_eq!(got[0].0, 20_002i64.to_be_bytes());
    let reversed: Vec<Entry> = part
        .slice(&LongType, &start, &[], true)
        .take(100)
        .map(Result::unwrap)
        .collect();
    assert_eq!(reversed[0].0, 20_000i64.to_be_bytes());
    assert_eq!(reversed[99].0, 19_802i64.to_be_bytes());
    let after = r.read_stats();
    assert_eq!(after.blocks_read, before.blocks_read, "no whole block read");
    let bytes = after.data_bytes_read - before.data_bytes_read;
    // Per slice: one directory (~200 bytes) and two or three chunks of ~4 KiB.
    assert!(bytes < 2 * 13_000, "{bytes} bytes read for two slices");
    assert!(after.chunk_reads - before.chunk_reads <= 4);
}
