//! SSTable costs: writing, point lookups, a 100-entry slice out of a
//! million-entry partition, and a full scan. Entries are cell-sized (~30 bytes
//! of name + payload). The default run is short (10 samples, a few seconds per
//! benchmark); the files are built once in a temporary directory.

use std::hint::black_box;
use std::ops::Bound;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use supercolumn::marshal::BytesType;
use supercolumn::partitioner::{DecoratedKey, Partitioner, PartitionerRef, Token, TokenError};
use supercolumn::storage::sstable::{SSTableOptions, SSTableReader, SSTableWriter};

/// FNV-1a tokens: scattered like Murmur3 without depending on another layer's work.
#[derive(Debug)]
struct BenchPartitioner;

impl Partitioner for BenchPartitioner {
    fn class_name(&self) -> &'static str {
        "bench.FnvPartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        let h = key.iter().fold(0xcbf29ce484222325u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x100000001b3)
        });
        Token::Long(h as i64)
    }
    fn min_token(&self) -> Token {
        Token::Long(i64::MIN)
    }
    fn token_validator(&self) -> &'static str {
        "LongType"
    }
    fn preserves_order(&self) -> bool {
        false
    }
    fn token_to_string(&self, token: &Token) -> String {
        format!("{token:?}")
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        text.parse()
            .map(Token::Long)
            .map_err(|_| TokenError(text.into()))
    }
}

const PARTITIONS: usize = 100_000;
const CELLS_PER_PARTITION: u32 = 10;
const WIDE_ENTRIES: u64 = 1_000_000;

/// A cell-sized entry: 10-byte name, 20-byte payload (value + timestamp + flags).
fn cell(i: u64) -> (Vec<u8>, Vec<u8>) {
    let mut name = b"col".to_vec();
    name.extend_from_slice(&i.to_be_bytes()[1..]);
    (name, [7u8; 20].to_vec())
}

fn sorted_keys(p: &dyn Partitioner, n: usize) -> Vec<DecoratedKey> {
    let mut keys: Vec<_> = (0..n)
        .map(|i| p.decorate(format!("user{i:010}").as_bytes()))
        .collect();
    keys.sort();
    keys
}

fn write_narrow(
    dir: &Path,
    name: &str,
    p: &PartitionerRef,
    keys: &[DecoratedKey],
) -> SSTableReader {
    let mut w = SSTableWriter::create(dir, name, p, keys.len(), SSTableOptions::default()).unwrap();
    for k in keys {
        w.append(k, &[], (0..u64::from(CELLS_PER_PARTITION)).map(cell))
            .unwrap();
    }
    w.finish().unwrap()
}

fn benches(c: &mut Criterion) {
    let p: PartitionerRef = Arc::new(BenchPartitioner);
    let dir = tempfile::tempdir().unwrap();
    let keys = sorted_keys(p.as_ref(), PARTITIONS);
    let narrow = write_narrow(dir.path(), "Narrow-1", &p, &keys);
    let entries = narrow.entry_count();
    eprintln!(
        "narrow: {PARTITIONS} partitions x {CELLS_PER_PARTITION} entries of 30 bytes: Data {:.1} bytes/entry, \
         all components {:.1} bytes/entry",
        narrow.data_size() as f64 / entries as f64,
        narrow.on_disk_size() as f64 / entries as f64
    );

    let wide_key = p.decorate(b"wide");
    let mut w =
        SSTableWriter::create(dir.path(), "Wide-1", &p, 1, SSTableOptions::default()).unwrap();
    w.append(&wide_key, &[], (0..WIDE_ENTRIES).map(cell))
        .unwrap();
    let wide = w.finish().unwrap();
    eprintln!(
        "wide: {WIDE_ENTRIES} entries, Data {:.1} bytes/entry, {} blocks",
        wide.data_size() as f64 / WIDE_ENTRIES as f64,
        wide.get(&wide_key).unwrap().unwrap().block_count()
    );

    let mut g = c.benchmark_group("sstable");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));

    let small_keys = &keys[..10_000];
    g.throughput(Throughput::Elements(
        small_keys.len() as u64 * u64::from(CELLS_PER_PARTITION),
    ));
    g.bench_function("write 10k partitions x 10 cells (fsynced)", |b| {
        let mut n = 0u32;
        b.iter_batched(
            || {
                n += 1;
                format!("Write-{n}")
            },
            |name| {
                let r = write_narrow(dir.path(), &name, &p, small_keys);
                r.delete_files().unwrap();
            },
            BatchSize::PerIteration,
        )
    });

    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    g.throughput(Throughput::Elements(1));
    g.bench_function("point lookup (get + all entries)", |b| {
        b.iter(|| {
            let k = &keys[rng.gen_range(0..keys.len())];
            let part = narrow.get(k).unwrap().unwrap();
            black_box(part.entries().unwrap());
        })
    });
    g.bench_function("missing key (bloom filter)", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(
                narrow
                    .get(&p.decorate(format!("absent{i}").as_bytes()))
                    .unwrap()
                    .is_none(),
            );
        })
    });

    g.throughput(Throughput::Elements(100));
    g.bench_function("100-entry slice of a 1M-entry partition", |b| {
        b.iter(|| {
            let start = cell(rng.gen_range(0..WIDE_ENTRIES)).0;
            let part = wide.get(&wide_key).unwrap().unwrap();
            let got = part.slice(&BytesType, &start, &[], false).take(100).count();
            black_box(got);
        })
    });

    g.throughput(Throughput::Elements(entries));
    g.bench_function("scan 100k partitions", |b| {
        b.iter(|| {
            black_box(
                narrow
                    .scan(Bound::Unbounded)
                    .map(|p| p.unwrap().entries.len())
                    .sum::<usize>(),
            )
        })
    });
    g.finish();
}

criterion_group!(sstable, benches);
criterion_main!(sstable);
