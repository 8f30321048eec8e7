//! Range reads through the engine (criterion, short runs): `read_range` of
//! 10, 100 and 1000 rows from a random key, over 100,000 rows of 5 columns
//! of 34 bytes (the stress tool's rows) flushed to one SSTable, and over the
//! same rows spread over four SSTables. Throughput is in rows, so the
//! report reads as rows/s; what it shows is the per-row cost of a scan
//! (index walk, Data read-ahead, row decode and merge) and the fixed cost of
//! starting one.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::marshal::BytesType;
use supercolumn::model::*;
use supercolumn::partitioner::RandomPartitioner;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

const ROWS: u64 = 100_000;

fn open(dir: &Path) -> Engine {
    let cf = CfDef {
        keys_cached: "0".into(),
        ..CfDef::new("ks", "Std", 1, Arc::new(BytesType), None)
    };
    let schema = Arc::new(Schema::new(
        "bench",
        Arc::new(RandomPartitioner),
        [KeyspaceDef::new("ks", [cf])],
    ));
    let opts = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        memtable_operations_millions: 100.0,
        memtable_throughput_mb: 4096,
        compaction_min_threshold: 1000,
        ..EngineOptions::default()
    };
    Engine::open(schema, opts).unwrap()
}

fn key(k: u64) -> Vec<u8> {
    format!("{k:010}").into_bytes()
}

/// Writes rows `k ≡ part (mod parts)` of `0..ROWS`, 5 columns each.
fn fill(e: &Engine, part: u64, parts: u64) {
    for k in (0..ROWS).filter(|k| k % parts == part) {
        let ops = (0..5)
            .map(|c| Op::Put {
                super_column: None,
                cell: Cell::live(format!("C{c}").into_bytes(), vec![b'x'; 34], 1),
            })
            .collect();
        e.apply(&RowMutation {
            keyspace: "ks".into(),
            key: key(k),
            updates: vec![("Std".into(), ops)],
        })
        .unwrap();
    }
}

fn run(c: &mut Criterion, e: &Engine, label: &str) {
    let mut g = c.benchmark_group(format!("range/{label}"));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    let cmd = ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: 100,
        },
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for rows in [10usize, 100, 1000] {
        g.throughput(Throughput::Elements(rows as u64));
        g.bench_function(format!("{rows} rows"), |b| {
            b.iter(|| {
                // Random partitioner: a random key starts anywhere on the ring.
                let range = RowRange::Keys {
                    start: key(rng.gen_range(0..ROWS)),
                    end: vec![],
                };
                let got = e.read_range(&cmd, &range, rows).unwrap();
                // The ring's end may come first; it is rare and still a scan.
                assert!(!got.is_empty() && got.len() <= rows);
                std::hint::black_box(got);
            })
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    fill(&e, 0, 1);
    e.flush(None).unwrap();
    run(c, &e, "one sstable");
    drop(e);

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    for part in 0..4 {
        fill(&e, part, 4);
        e.flush(None).unwrap();
    }
    run(c, &e, "four sstables");
}

criterion_group!(range, benches);
criterion_main!(range);
