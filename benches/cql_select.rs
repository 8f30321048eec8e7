//! CQL3 SELECT benchmarks (criterion, short runs) over a real in-memory
//! engine with ~10k partitions: an indexed EQ matching 10 rows (on a
//! non-compact table, whose index is a COMPOSITES one, and on a COMPACT
//! STORAGE table, whose index is a KEYS one) and `SELECT * ... LIMIT 10`.
//! Their cost should follow the answer, not the table.
//!
//! Measured on the 2-core dev box (median): before paging and index use,
//! 149 ms / 129 ms / 62 ms; after, 20 µs / 21 µs / 25 µs.

#[path = "../tests/support/cql_exec/mod.rs"]
mod cql_exec_support;

use cql_exec_support::{EngineBackend, Node};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use supercolumn::cql::exec::CqlOutcome;

/// Partitions per table.
const PARTITIONS: usize = 10_000;
/// One partition in this many has the searched value.
const EVERY: usize = 1_000;

fn loaded() -> Node {
    let mut n = Node::new(EngineBackend::in_memory());
    n.run_all(&[
        "CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE b",
        "CREATE TABLE sparse (k text PRIMARY KEY, v text, n int)",
        "CREATE INDEX ON sparse (v)",
        "CREATE TABLE compact (k text PRIMARY KEY, v text, n int) WITH COMPACT STORAGE",
        "CREATE INDEX ON compact (v)",
    ]);
    for i in 0..PARTITIONS {
        let v = if i % EVERY == 0 { "hit" } else { "miss" };
        for t in ["sparse", "compact"] {
            n.execute(&format!(
                "INSERT INTO {t} (k, v, n) VALUES ('k{i}', '{v}{}', {i})",
                if v == "miss" { i % 97 } else { 0 }
            ))
            .unwrap();
        }
    }
    n
}

fn count(n: &mut Node, cql: &str) -> usize {
    match n.execute(cql).unwrap() {
        CqlOutcome::Rows(rs) => rs.rows.len(),
        other => panic!("{other:?}"),
    }
}

fn benches(c: &mut Criterion) {
    let mut n = loaded();
    let mut g = c.benchmark_group("cql_select");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let cases = [
        ("indexed_eq_sparse", "SELECT * FROM sparse WHERE v = 'hit0'"),
        (
            "indexed_eq_compact",
            "SELECT * FROM compact WHERE v = 'hit0'",
        ),
        ("limit_10_sparse", "SELECT * FROM sparse LIMIT 10"),
    ];
    for (name, cql) in cases {
        let want = if name.starts_with("indexed") {
            PARTITIONS / EVERY
        } else {
            10
        };
        assert_eq!(count(&mut n, cql), want, "{cql}");
        g.bench_function(name, |b| b.iter(|| count(&mut n, cql)));
    }
    g.finish();
}

criterion_group!(cql_select, benches);
criterion_main!(cql_select);
