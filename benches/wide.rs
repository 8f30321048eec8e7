//! Wide-row slices through the engine (criterion, short runs): what a
//! 100-column slice costs by where it starts (first, middle, last columns;
//! forward and reversed) and a 100-name lookup, in a 100-column row beside a
//! 1,000,000-column row, with the row in the memtable, flushed to one
//! SSTable, spread over four SSTables (each holding every fourth column), and
//! compacted back into one. The target is that the wide row costs what the
//! narrow one does. Columns are `LongType` names with 16-byte values.
//!
//! `WIDE_COLUMNS=N cargo bench --bench wide` changes the wide row's width
//! (default 1,000,000); extra arguments filter benchmarks as usual.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::marshal::LongType;
use supercolumn::model::*;
use supercolumn::partitioner::RandomPartitioner;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

const NARROW: i64 = 100;
const COUNT: usize = 100;

fn wide_columns() -> i64 {
    std::env::var("WIDE_COLUMNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n >= 2 * COUNT as i64)
        .unwrap_or(1_000_000)
}

fn open(dir: &Path) -> Engine {
    let cf = CfDef {
        keys_cached: "0".into(),
        ..CfDef::new("ks", "Wide", 1, Arc::new(LongType), None)
    };
    let ks = KeyspaceDef::new("ks", [cf]);
    let schema = Arc::new(Schema::new("bench", Arc::new(RandomPartitioner), [ks]));
    let opts = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        // The benchmark decides when to flush and compact.
        memtable_operations_millions: 100.0,
        memtable_throughput_mb: 4096,
        compaction_min_threshold: 1000,
        ..EngineOptions::default()
    };
    Engine::open(schema, opts).unwrap()
}

fn name(c: i64) -> Vec<u8> {
    c.to_be_bytes().to_vec()
}

/// Writes the columns `0..width` of row `key` whose index ≡ `part` (mod `parts`).
fn write(e: &Engine, key: &[u8], width: i64, part: i64, parts: i64) {
    let cols: Vec<i64> = (0..width).filter(|c| c % parts == part).collect();
    for chunk in cols.chunks(1000) {
        let ops = chunk
            .iter()
            .map(|&c| Op::Put {
                super_column: None,
                cell: Cell::live(name(c), vec![b'v'; 16], 1),
            })
            .collect();
        e.apply(&RowMutation {
            keyspace: "ks".into(),
            key: key.to_vec(),
            updates: vec![("Wide".into(), ops)],
        })
        .unwrap();
    }
}

fn range(start: Vec<u8>, reversed: bool) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: "Wide".into(),
        super_column: None,
        slice: Slice::Range {
            start,
            finish: vec![],
            reversed,
            count: COUNT,
        },
    }
}

/// The slices measured in a row of `width` columns, each with the first
/// column it must return and how many (a 100-column row has fewer than 100
/// from its middle on).
fn cases(width: i64) -> Vec<(&'static str, ReadCommand, i64, usize)> {
    let mid = width / 2;
    let c = COUNT as i64;
    let n = |k: i64| k.min(c) as usize;
    vec![
        ("first fwd", range(vec![], false), 0, COUNT),
        ("middle fwd", range(name(mid), false), mid, n(width - mid)),
        ("last fwd", range(name(width - c), false), width - c, COUNT),
        ("first rev", range(name(c - 1), true), c - 1, COUNT),
        ("middle rev", range(name(mid), true), mid, n(mid + 1)),
        ("last rev", range(vec![], true), width - 1, COUNT),
        (
            "100 names (middle)",
            ReadCommand {
                slice: Slice::Names((mid - c / 2..mid + c / 2).map(name).collect()),
                ..range(vec![], false)
            },
            mid - c / 2,
            COUNT,
        ),
    ]
}

fn run_cases(c: &mut Criterion, e: &Engine, phase: &str, wide: i64) {
    let mut g = c.benchmark_group(format!("wide/{phase}"));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));
    for (key, width, label) in [(&b"narrow"[..], NARROW, "100"), (b"wide", wide, "wide")] {
        for (case, cmd, first, len) in cases(width) {
            // Checked once outside the timing: the slice returns what it should.
            match e.read(&cmd, key).unwrap() {
                RowResult::Cells(cells) => {
                    assert_eq!(cells.len(), len, "{phase} {label} {case}");
                    assert_eq!(cells[0].name, name(first), "{phase} {label} {case}");
                }
                other => panic!("unexpected {other:?}"),
            }
            g.bench_function(format!("{label} cols, {case}"), |b| {
                b.iter(|| std::hint::black_box(e.read(&cmd, key).unwrap()))
            });
        }
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let wide = wide_columns();
    eprintln!("wide row: {wide} columns; narrow row: {NARROW}; slices of {COUNT}");

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    write(&e, b"narrow", NARROW, 0, 1);
    write(&e, b"wide", wide, 0, 1);
    run_cases(c, &e, "memtable", wide);
    e.flush(None).unwrap();
    run_cases(c, &e, "one sstable", wide);
    drop(e);

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    for part in 0..4 {
        write(&e, b"narrow", NARROW, part, 4);
        write(&e, b"wide", wide, part, 4);
        e.flush(None).unwrap();
    }
    run_cases(c, &e, "four sstables", wide);
    e.compact("ks", "Wide").unwrap();
    run_cases(c, &e, "compacted", wide);
}

criterion_group!(wide, benches);
criterion_main!(wide);
