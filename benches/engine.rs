//! Engine benchmarks (criterion, short runs): insert, point read, a
//! 100-column slice out of a 1M-column row, range scan, flush, compaction,
//! counter increments and a secondary-index read.
//! Prints the on-disk bytes per cell of a flushed SSTable.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::marshal::{BytesType, CounterColumnType, LongType, TypeRef};
use supercolumn::model::*;
use supercolumn::partitioner::RandomPartitioner;
use supercolumn::schema::{CfDef, CfOptions, ColumnDef, IndexType, KeyspaceDef, Schema};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

fn schema() -> Arc<Schema> {
    let cf = |name: &str, id: u32, cmp: TypeRef| CfDef {
        keys_cached: "0".into(),
        ..CfDef::new("ks", name, id, cmp, None)
    };
    let ks = KeyspaceDef::new(
        "ks",
        [
            cf("Std", 1, Arc::new(BytesType)),
            cf("Wide", 2, Arc::new(LongType)),
            CfDef {
                options: CfOptions {
                    default_validation_class: Arc::new(CounterColumnType),
                    ..CfOptions::default()
                },
                ..cf("Counts", 3, Arc::new(BytesType))
            },
            CfDef {
                options: CfOptions {
                    column_metadata: vec![ColumnDef {
                        name: b"state".to_vec(),
                        validation_class: Arc::new(BytesType),
                        index_type: Some(IndexType::Keys),
                        index_name: Some("state_idx".into()),
                        index_options: None,
                        component_index: None,
                        is_static: false,
                    }],
                    ..CfOptions::default()
                },
                ..cf("People", 4, Arc::new(BytesType))
            },
        ],
    );
    Arc::new(Schema::new("bench", Arc::new(RandomPartitioner), [ks]))
}

fn open(dir: &Path) -> Engine {
    let opts = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        // Benchmarks decide when to flush.
        memtable_operations_millions: 100.0,
        memtable_throughput_mb: 4096,
        compaction_min_threshold: 1000,
        ..EngineOptions::default()
    };
    Engine::open(schema(), opts).unwrap()
}

fn put(key: u64, col: &[u8], value: &[u8]) -> RowMutation {
    RowMutation {
        keyspace: "ks".into(),
        key: format!("key{key:08}").into_bytes(),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(col.to_vec(), value.to_vec(), 1),
            }],
        )],
    }
}

fn wide_put(col: i64) -> RowMutation {
    RowMutation {
        keyspace: "ks".into(),
        key: b"wide".to_vec(),
        updates: vec![(
            "Wide".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(col.to_be_bytes().to_vec(), vec![b'v'; 16], 1),
            }],
        )],
    }
}

fn slice(cf: &str, start: Vec<u8>, count: usize) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start,
            finish: vec![],
            reversed: false,
            count,
        },
    }
}

/// Writes `rows` rows of `cols` 32-byte cells each.
fn fill(e: &Engine, rows: u64, cols: u64) {
    for k in 0..rows {
        for c in 0..cols {
            e.apply(&put(k, format!("col{c:04}").as_bytes(), &[b'v'; 32]))
                .unwrap();
        }
    }
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("engine");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    let mut n = 0u64;
    g.bench_function("insert (1 cell, periodic sync)", |b| {
        b.iter(|| {
            n += 1;
            e.apply(&put(n, b"c", &[b'v'; 32])).unwrap();
        })
    });
    drop(e);

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    fill(&e, 10_000, 4);
    e.flush(None).unwrap();
    let st = e.stats("ks", "Std").unwrap();
    eprintln!(
        "on disk: {} bytes for 40000 cells (7-byte names, 32-byte values, 11-byte keys): {:.1} bytes/cell",
        st.live_bytes,
        st.live_bytes as f64 / 40_000.0
    );
    let mut k = 0u64;
    g.bench_function("point read (4-column row from an SSTable)", |b| {
        b.iter(|| {
            k = (k + 7919) % 10_000;
            let r = e
                .read(&slice("Std", vec![], 100), format!("key{k:08}").as_bytes())
                .unwrap();
            assert_eq!(r.len(), 4);
        })
    });
    g.bench_function("range scan (100 rows)", |b| {
        b.iter(|| {
            let range = RowRange::Keys {
                start: vec![],
                end: vec![],
            };
            let rows = e
                .read_range(&slice("Std", vec![], 100), &range, 100)
                .unwrap();
            assert_eq!(rows.len(), 100);
        })
    });
    drop(e);

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    // 1M columns inserted in a scrambled order (a bijection on 0..2^20).
    const WIDE: i64 = 1 << 20;
    for i in 0..WIDE {
        e.apply(&wide_put((i * 393_241) % WIDE)).unwrap();
    }
    let mut at = 0i64;
    let mut wide_slice = |e: &Engine| {
        at = (at + 104_729) % (WIDE - 100);
        let r = e
            .read(&slice("Wide", at.to_be_bytes().to_vec(), 100), b"wide")
            .unwrap();
        assert_eq!(r.len(), 100);
    };
    g.bench_function("slice 100 of a 1M-column row (memtable)", |b| {
        b.iter(|| wide_slice(&e))
    });
    e.flush(None).unwrap();
    g.bench_function("slice 100 of a 1M-column row (SSTable)", |b| {
        b.iter(|| wide_slice(&e))
    });
    drop(e);

    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    let mut base = 0u64;
    g.bench_function("flush (10k cells)", |b| {
        b.iter_batched(
            || {
                for i in 0..10_000 {
                    e.apply(&put(base + i, b"c", &[b'v'; 32])).unwrap();
                }
                base += 10_000;
            },
            |_| e.flush(None).unwrap(),
            BatchSize::PerIteration,
        )
    });
    drop(e);
    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path());
    let mut n = 0i64;
    g.bench_function("counter increment (periodic sync)", |b| {
        b.iter(|| {
            n += 1;
            let m = RowMutation {
                keyspace: "ks".into(),
                key: format!("c{}", n % 100).into_bytes(),
                updates: vec![(
                    "Counts".into(),
                    vec![Op::CounterAdd {
                        super_column: None,
                        name: b"hits".to_vec(),
                        delta: 1,
                        timestamp: n,
                    }],
                )],
            };
            e.apply(&m).unwrap();
        })
    });
    for i in 0..10_000u64 {
        let state = format!("s{}", i % 100).into_bytes();
        let m = RowMutation {
            keyspace: "ks".into(),
            key: format!("p{i:06}").into_bytes(),
            updates: vec![(
                "People".into(),
                vec![Op::Put {
                    super_column: None,
                    cell: Cell::live(b"state".to_vec(), state, 1),
                }],
            )],
        };
        e.apply(&m).unwrap();
    }
    e.flush(None).unwrap();
    g.bench_function("indexed read (100 of 10k rows by EQ, SSTable)", |b| {
        b.iter(|| {
            let q = IndexQuery {
                expressions: vec![IndexExpression {
                    column: b"state".to_vec(),
                    op: IndexOperator::Eq,
                    value: b"s42".to_vec(),
                }],
                start_key: vec![],
                count: 1000,
            };
            let rows = e.read_indexed(&slice("People", vec![], 10), &q).unwrap();
            assert_eq!(rows.len(), 100);
        })
    });
    drop(e);
    g.bench_function("major compaction (4 SSTables x 5k cells)", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().unwrap();
                let e = open(dir.path());
                for t in 0..4u64 {
                    for i in 0..5_000 {
                        e.apply(&put(t * 5_000 + i, b"c", &[b'v'; 32])).unwrap();
                    }
                    e.flush(None).unwrap();
                }
                (dir, e)
            },
            |(_dir, e)| e.compact("ks", "Std").unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
