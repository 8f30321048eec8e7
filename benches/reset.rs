//! `Node::reset` after a test's writes, for a cassandra-unit dataset of
//! 3,000 columns (a standard column family of 200 rows × 10 columns, a
//! super one of 50 rows × 2 super columns × 5, a counter one of 100 rows
//! × 5), loaded over the built-in configuration's keyspaces: in memory and
//! on disk, with every dataset column family written since the last reset,
//! and with a keyspace created as well (a schema change to undo). Each
//! measured reset follows its own setup writes (not measured).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::config::Config;
use supercolumn::dataset::{self, Format};
use supercolumn::model::{Cell, Op, RowMutation};
use supercolumn::node::Node;
use supercolumn::schema::{CfSpec, KeyspaceSpec, Schema, SchemaChange, SchemaStore};
use supercolumn::storage::{Engine, EngineOptions};

fn dataset_yaml() -> String {
    let mut y = String::from("name: bench\ncolumnFamilies:\n");
    y += "- name: Std\n  keyType: UTF8Type\n  comparatorType: UTF8Type\n  defaultColumnValueType: UTF8Type\n  rows:\n";
    for r in 0..200 {
        y += &format!("  - key: row{r}\n    columns:\n");
        for c in 0..10 {
            y += &format!("    - {{name: col{c}, value: value-{r}-{c}}}\n");
        }
    }
    y += "- name: Sup\n  type: SUPER\n  keyType: UTF8Type\n  comparatorType: UTF8Type\n  subComparatorType: UTF8Type\n  defaultColumnValueType: UTF8Type\n  rows:\n";
    for r in 0..50 {
        y += &format!("  - key: row{r}\n    superColumns:\n");
        for s in 0..2 {
            y += &format!("    - name: sc{s}\n      columns:\n");
            for c in 0..5 {
                y += &format!("      - {{name: col{c}, value: long({c})}}\n");
            }
        }
    }
    y += "- name: Cnt\n  keyType: UTF8Type\n  comparatorType: UTF8Type\n  defaultColumnValueType: CounterColumnType\n  rows:\n";
    for r in 0..100 {
        y += &format!("  - key: row{r}\n    columns:\n");
        for c in 0..5 {
            y += &format!("    - {{name: col{c}, value: {c}}}\n");
        }
    }
    y
}

fn node(dir: Option<&Path>) -> Node {
    let config = Config::builtin();
    let base = Schema::from_config(&config).unwrap();
    let store = match dir {
        Some(d) => SchemaStore::open(d),
        None => SchemaStore::in_memory(),
    };
    let schema = Arc::new(store.open_schema(base).unwrap().schema);
    let opts = EngineOptions {
        data_dir: dir.map(Path::to_path_buf),
        ..EngineOptions::default()
    };
    let engine = Arc::new(Engine::open(schema, opts).unwrap());
    let auth = supercolumn::auth::from_config(&config).unwrap();
    let node = Node::new(engine, store, auth, "127.0.0.1".into(), "t".into());
    let d = dataset::parse(&dataset_yaml(), Format::Yaml, "bench.yaml".into()).unwrap();
    dataset::load(&node, &d).unwrap();
    assert_eq!(node.mark_baseline().unwrap(), 3000);
    node
}

/// A test's writes: one column in each dataset column family.
fn dirty(node: &Node) {
    let put = |sc: Option<&[u8]>| Op::Put {
        super_column: sc.map(<[u8]>::to_vec),
        cell: Cell::live(b"col0".to_vec(), b"changed".to_vec(), i64::MAX / 2),
    };
    let m = RowMutation {
        keyspace: "bench".into(),
        key: b"row1".to_vec(),
        updates: vec![
            ("Std".into(), vec![put(None)]),
            ("Sup".into(), vec![put(Some(b"sc0"))]),
            (
                "Cnt".into(),
                vec![Op::CounterAdd {
                    super_column: None,
                    name: b"col0".to_vec(),
                    delta: 5,
                    timestamp: 1,
                }],
            ),
        ],
    };
    node.apply(&m).unwrap();
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("reset_3000_columns");
    g.measurement_time(Duration::from_secs(5));
    g.sample_size(30);
    let in_memory = node(None);
    g.bench_function("in_memory", |b| {
        b.iter_batched(
            || dirty(&in_memory),
            |()| in_memory.reset().unwrap(),
            BatchSize::PerIteration,
        )
    });
    let dir = tempfile::tempdir().unwrap();
    let on_disk = node(Some(dir.path()));
    g.bench_function("on_disk", |b| {
        b.iter_batched(
            || dirty(&on_disk),
            |()| on_disk.reset().unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.bench_function("on_disk_with_a_keyspace_to_drop", |b| {
        b.iter_batched(
            || {
                dirty(&on_disk);
                on_disk
                    .change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
                        cf_defs: vec![CfSpec::new("Scratch", "T")],
                        ..KeyspaceSpec::simple("Scratch", 1)
                    }))
                    .unwrap();
            },
            |()| on_disk.reset().unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.finish();
    on_disk.engine().unwrap().shutdown().unwrap();
}

criterion_group!(benches, bench);
criterion_main!(benches);
