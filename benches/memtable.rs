//! The memtable, through an engine that keeps no files (no commit log, no
//! flush): inserting a row of 5 columns of 34 bytes (the stress tool's rows)
//! and slicing one back. First prints what a column costs in memory: the
//! growth of this process's RSS over 1,000,000 such columns (200,000 rows),
//! beside the memtable's own size estimate, which decides when it flushes.
//! Then a 100-column slice from the middle of a 1,000,000-column row beside
//! the same slice of a 100-column row: the memtable finds both by binary
//! search, so they should cost about the same.
//! Figures are CPU time per call (see `support`).

mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::Arc;
use std::time::Duration;
use supercolumn::marshal::BytesType;
use supercolumn::model::{Cell, Op, ReadCommand, RowMutation, Slice};
use supercolumn::partitioner::RandomPartitioner;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};
use supercolumn::storage::{Engine, EngineOptions};
use support::ProcessCpu;

const COLUMNS: u32 = 5;

fn engine() -> Engine {
    let cf = CfDef::new("ks", "Std", 1, Arc::new(BytesType), None);
    let ks = KeyspaceDef::new("ks", [cf]);
    let schema = Arc::new(Schema::new("bench", Arc::new(RandomPartitioner), [ks]));
    let opts = EngineOptions {
        // Nothing is flushed: the memtable holds everything.
        memtable_throughput_mb: 1 << 20,
        memtable_operations_millions: 1e6,
        ..EngineOptions::default()
    };
    Engine::open(schema, opts).expect("in-memory engine")
}

fn row(i: u64) -> RowMutation {
    let ops = (0..COLUMNS)
        .map(|c| Op::Put {
            super_column: None,
            cell: Cell::live(format!("C{c}").into_bytes(), vec![b'x'; 34], 1),
        })
        .collect();
    RowMutation {
        keyspace: "ks".into(),
        key: format!("{i:010}").into_bytes(),
        updates: vec![("Std".into(), ops)],
    }
}

fn whole_row() -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: 100,
        },
    }
}

/// This process's resident set, in bytes.
fn rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// RSS growth per column over 1,000,000 columns, printed once: in rows of
/// 5 columns, then in one row (what is left is the per-column cost alone).
fn bytes_per_column() {
    const ROWS: u64 = 200_000;
    const CELLS: u64 = ROWS * COLUMNS as u64;
    // The mutations are built one at a time and dropped, so only the
    // memtable's growth stays resident.
    let measure = |what: &str, mutation: &dyn Fn(u64) -> RowMutation, count: u64| {
        let e = engine();
        let before = rss();
        for i in 0..count {
            e.apply(&mutation(i)).expect("apply");
        }
        let grown = rss().saturating_sub(before) as f64;
        let stats = e.stats("ks", "Std").expect("stats");
        eprintln!(
            "memtable, {CELLS} columns {what}: RSS +{:.1} MB = {:.0} bytes/column \
             (the memtable's own estimate: {:.0})",
            grown / 1e6,
            grown / CELLS as f64,
            stats.memtable_bytes as f64 / CELLS as f64,
        );
        e
    };
    // Each engine is kept until both are measured: memory one frees would
    // be reused by the other without growing RSS.
    let _rows = measure(
        "(2-byte names, 34-byte values) in rows of 5 (10-byte keys)",
        &row,
        ROWS,
    );
    let wide = |i: u64| column(b"wide", i);
    let _wide = measure("(7-byte names, 34-byte values) in one row", &wide, CELLS);
}

fn benches(c: &mut Criterion<ProcessCpu>) {
    bytes_per_column();
    let e = engine();
    let rows: Vec<RowMutation> = (0..1u64 << 17).map(row).collect();
    let mut i = 0;
    c.bench_function("memtable insert (row of 5 columns)", |b| {
        b.iter(|| {
            i = (i + 1) % rows.len();
            e.apply(&rows[i]).expect("apply")
        })
    });
    // The rows read below, whatever the insert benchmark reached (one
    // iteration under `cargo bench -- --test`).
    for r in &rows[..10_000] {
        e.apply(r).expect("apply");
    }
    let cmd = whole_row();
    let keys: Vec<Vec<u8>> = (0..10_000u64)
        .map(|i| format!("{i:010}").into_bytes())
        .collect();
    assert_eq!(e.read(&cmd, &keys[42]).expect("read").len(), 5);
    let mut k = 0;
    c.bench_function("memtable slice (the 5 columns of a row)", |b| {
        b.iter(|| {
            k = (k + 7919) % keys.len();
            e.read(&cmd, &keys[k]).expect("read")
        })
    });
}

/// One column of the row `key`, named by `i` in 7 digits.
fn column(key: &[u8], i: u64) -> RowMutation {
    RowMutation {
        keyspace: "ks".into(),
        key: key.to_vec(),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(format!("{i:07}").into_bytes(), vec![b'x'; 34], 1),
            }],
        )],
    }
}

/// 100 columns from `start` on.
fn slice_from(start: u64) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Range {
            start: format!("{start:07}").into_bytes(),
            finish: vec![],
            reversed: false,
            count: 100,
        },
    }
}

fn wide_slices(c: &mut Criterion<ProcessCpu>) {
    const WIDE: u64 = 1_000_000;
    let e = engine();
    for i in 0..WIDE {
        e.apply(&column(b"wide", i)).expect("apply");
    }
    for i in 0..100 {
        e.apply(&column(b"narrow", i)).expect("apply");
    }
    let middle = slice_from(WIDE / 2);
    assert_eq!(e.read(&middle, b"wide").expect("read").len(), 100);
    let all = slice_from(0);
    assert_eq!(e.read(&all, b"narrow").expect("read").len(), 100);
    c.bench_function("memtable slice (100 columns of a 100-column row)", |b| {
        b.iter(|| e.read(&all, b"narrow").expect("read"))
    });
    c.bench_function(
        "memtable slice (100 columns from the middle of a 1,000,000-column row)",
        |b| b.iter(|| e.read(&middle, b"wide").expect("read")),
    );
}

criterion_group! {
    name = memtable;
    config = Criterion::default()
        .with_measurement(ProcessCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches, wide_slices
}
criterion_main!(memtable);
