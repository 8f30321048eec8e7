//! Engine tests of KEYS secondary indexes: `read_indexed` answers from the
//! index in ring order with filtering expressions, start key and count;
//! overwrites, deletes and expiry never show stale hits; the index is
//! rebuilt after a restart or crash and built when a schema update adds it.

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::schema::Schema;
use crate::storage::testutil::*;
use crate::storage::{Engine, EngineOptions, ManualClock, StorageError};
use std::path::Path;
use std::sync::Arc;

fn open_with(s: Arc<Schema>, dir: Option<&Path>, clock: &Arc<ManualClock>) -> Engine {
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.data_dir = dir.map(Path::to_path_buf);
    Engine::open(s, opts).unwrap()
}

fn person(key: &str, state: &str, age: i64, ts: i64) -> RowMutation {
    ops(
        "People",
        key,
        vec![
            Op::Put {
                super_column: None,
                cell: Cell::live(b("state"), b(state), ts),
            },
            Op::Put {
                super_column: None,
                cell: Cell::live(b("age"), age.to_be_bytes().to_vec(), ts),
            },
        ],
    )
}

fn expr(column: &str, op: IndexOperator, value: Vec<u8>) -> IndexExpression {
    IndexExpression {
        column: b(column),
        op,
        value,
    }
}

fn query(e: &Engine, exprs: Vec<IndexExpression>, start: &str, count: usize) -> Vec<String> {
    let q = IndexQuery {
        expressions: exprs,
        start_key: b(start),
        count,
    };
    e.read_indexed(&range("People", "", "", false, 100), &q)
        .unwrap()
        .into_iter()
        .map(|(k, r)| {
            assert_eq!(r.len(), 2, "the whole row is read with the slice");
            String::from_utf8(k).unwrap()
        })
        .collect()
}

fn in_state(e: &Engine, state: &str) -> Vec<String> {
    query(e, vec![expr("state", IndexOperator::Eq, b(state))], "", 100)
}

#[test]
fn indexed_reads_filter_order_and_page() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let s = schema(Arc::new(OrderPreservingPartitioner));
    for d in [None, Some(dir.path())] {
        let e = open_with(s.clone(), d, &clock);
        e.apply(&person("k3", "CA", 30, 1)).unwrap();
        e.flush(None).unwrap();
        e.apply(&person("k1", "CA", 30, 1)).unwrap();
        e.apply(&person("k2", "CA", 20, 1)).unwrap();
        e.apply(&person("k4", "NY", 30, 1)).unwrap();
        assert_eq!(in_state(&e, "CA"), ["k1", "k2", "k3"]);
        let older = vec![
            expr("state", IndexOperator::Eq, b("CA")),
            expr("age", IndexOperator::Gt, 25i64.to_be_bytes().to_vec()),
        ];
        assert_eq!(query(&e, older.clone(), "", 100), ["k1", "k3"]);
        assert_eq!(query(&e, older.clone(), "", 1), ["k1"]);
        assert_eq!(query(&e, older, "k2", 100), ["k3"]);
        let le = vec![
            expr("state", IndexOperator::Eq, b("CA")),
            expr("age", IndexOperator::Lte, 20i64.to_be_bytes().to_vec()),
        ];
        assert_eq!(query(&e, le, "", 100), ["k2"]);
        assert!(in_state(&e, "TX").is_empty());
        // Without an Eq on an indexed column there is nothing to start from.
        let q = IndexQuery {
            expressions: vec![expr("age", IndexOperator::Eq, 30i64.to_be_bytes().to_vec())],
            start_key: vec![],
            count: 10,
        };
        assert!(matches!(
            e.read_indexed(&range("People", "", "", false, 10), &q),
            Err(StorageError::Invalid(_))
        ));
        assert!(matches!(
            e.read_indexed(&range("Std", "", "", false, 10), &q),
            Err(StorageError::Invalid(_))
        ));
        e.shutdown().unwrap();
    }
}

#[test]
fn stale_entries_never_answer() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = open_with(schema(Arc::new(OrderPreservingPartitioner)), None, &clock);
    let now = clock.now();
    e.apply(&person("k1", "CA", 1, 1)).unwrap();
    e.apply(&person("k2", "CA", 1, 1)).unwrap();
    e.apply(&person("k3", "CA", 1, 1)).unwrap();
    e.apply(&person("k1", "NY", 1, 2)).unwrap();
    e.apply(&ops(
        "People",
        "k2",
        vec![Op::DeleteRow(DeletionTime::new(5, now))],
    ))
    .unwrap();
    e.apply(&ops(
        "People",
        "k3",
        vec![Op::Put {
            super_column: None,
            cell: Cell::expiring(b("state"), b("CA"), 9, 10, now),
        }],
    ))
    .unwrap();
    assert_eq!(in_state(&e, "CA"), ["k3"]);
    assert_eq!(in_state(&e, "NY"), ["k1"]);
    clock.advance(10);
    assert!(in_state(&e, "CA").is_empty());
    // An older write of the old value does not bring it back.
    e.apply(&person("k1", "CA", 1, 1)).unwrap();
    assert_eq!(in_state(&e, "NY"), ["k1"]);
    assert!(in_state(&e, "CA").is_empty());
    e.truncate("ks", "People").unwrap();
    assert!(in_state(&e, "NY").is_empty());
}

#[test]
fn index_is_rebuilt_after_restart_and_built_when_added() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let s = schema(Arc::new(OrderPreservingPartitioner));
    let e = open_with(s.clone(), Some(dir.path()), &clock);
    e.apply(&person("k1", "CA", 1, 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&person("k2", "CA", 1, 1)).unwrap();
    drop(e); // crash: k1 from an SSTable, k2 from the commit log
    let e = open_with(s.clone(), Some(dir.path()), &clock);
    assert_eq!(in_state(&e, "CA"), ["k1", "k2"]);

    // The same CF without the index, then with it again.
    let unindexed = |indexed: bool| {
        let mut s = (*s).clone();
        let ks = s.keyspaces.get_mut("ks").unwrap();
        ks.cfs
            .insert("People".into(), Arc::new(people_cf(6, indexed)));
        Arc::new(s)
    };
    e.update_schema(unindexed(false)).unwrap();
    let q = IndexQuery {
        expressions: vec![expr("state", IndexOperator::Eq, b("CA"))],
        start_key: vec![],
        count: 10,
    };
    assert!(e
        .read_indexed(&range("People", "", "", false, 10), &q)
        .is_err());
    e.apply(&person("k3", "CA", 1, 1)).unwrap();
    e.update_schema(unindexed(true)).unwrap();
    assert_eq!(in_state(&e, "CA"), ["k1", "k2", "k3"]);
}

/// An index added over stored rows with builds later (`IndexBuilds::Later`):
/// the first requests after the change read only what was written since
/// (or fail, as 2.2 did), then the stored rows are indexed; an index added
/// to an empty column family is built at once.
#[test]
fn an_index_added_over_rows_is_built_after_the_first_requests() {
    use crate::storage::IndexBuilds;
    for fails in [false, true] {
        let clock = Arc::new(ManualClock::new(1_000_000));
        let mut opts = EngineOptions::in_memory(clock.clone());
        opts.index_builds = IndexBuilds::Later { fails };
        let s = schema(Arc::new(OrderPreservingPartitioner));
        let with_index = |indexed: bool| {
            let mut s = (*s).clone();
            let ks = s.keyspaces.get_mut("ks").unwrap();
            ks.cfs
                .insert("People".into(), Arc::new(people_cf(6, indexed)));
            Arc::new(s)
        };
        let e = Engine::open(with_index(false), opts.clone()).unwrap();
        e.apply(&person("k1", "CA", 1, 1)).unwrap();
        e.update_schema(with_index(true)).unwrap();
        let q = IndexQuery {
            expressions: vec![expr("state", IndexOperator::Eq, b("CA"))],
            start_key: vec![],
            count: 10,
        };
        let read = |e: &Engine| {
            e.read_indexed(&range("People", "", "", false, 10), &q)
                .map(|rows| rows.into_iter().map(|(k, _)| k).collect::<Vec<_>>())
        };
        // Requests 1 to 3 after the change: the build is not done.
        e.apply(&person("k2", "CA", 1, 1)).unwrap();
        match read(&e) {
            Err(StorageError::IndexBuilding(c)) => assert!(fails, "{c}"),
            Ok(keys) => assert!(!fails && keys == [b("k2")], "{keys:?}"),
            Err(other) => panic!("{other}"),
        }
        assert_eq!(read(&e).is_err(), fails);
        // The fourth: built from the stored rows.
        assert_eq!(read(&e).unwrap(), [b("k1"), b("k2")]);

        // Added to an empty column family: built at once.
        let e = Engine::open(with_index(false), opts).unwrap();
        e.update_schema(with_index(true)).unwrap();
        assert_eq!(read(&e).unwrap(), Vec::<Vec<u8>>::new());
    }
}

/// `IndexChecks::Met` (0.7 to 2.2): an expression other than the scanned
/// one compares with the column's tombstone (its deletion second as 4
/// bytes) or expired value while `gc_grace_seconds` keeps it, unless a row
/// deletion shadows it; the row is answered without the column.
#[test]
fn other_expressions_meet_deleted_columns_when_the_release_did() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.index_checks = crate::storage::IndexChecks::Met;
    let s = schema(Arc::new(OrderPreservingPartitioner));
    let met = Engine::open(s.clone(), opts).unwrap();
    let live = open_with(s, None, &clock);
    let now = clock.now();
    let put = |k: &str, cell: Cell| {
        ops(
            "People",
            k,
            vec![Op::Put {
                super_column: None,
                cell,
            }],
        )
    };
    for e in [&met, &live] {
        for k in ["k1", "k2", "k3", "k4"] {
            e.apply(&person(k, "CA", 1, 3)).unwrap();
        }
        e.apply(&put("k1", Cell::live(b("name"), b("b"), 1)))
            .unwrap();
        e.apply(&put("k1", Cell::tombstone(b("name"), 2, now)))
            .unwrap();
        e.apply(&put("k2", Cell::expiring(b("name"), b("c"), 1, 5, now)))
            .unwrap();
        e.apply(&put("k3", Cell::live(b("name"), b("d"), 1)))
            .unwrap();
        e.apply(&ops(
            "People",
            "k3",
            vec![Op::DeleteRow(DeletionTime::new(2, now))],
        ))
        .unwrap();
        e.apply(&person("k3", "CA", 1, 3)).unwrap();
    }
    clock.advance(10);
    let named = |e: &Engine, op: IndexOperator, v: &str| -> Vec<(String, usize)> {
        let q = IndexQuery {
            expressions: vec![
                expr("state", IndexOperator::Eq, b("CA")),
                expr("name", op, b(v)),
            ],
            start_key: vec![],
            count: 100,
        };
        e.read_indexed(&range("People", "", "", false, 100), &q)
            .unwrap()
            .into_iter()
            .map(|(k, r)| (String::from_utf8(k).unwrap(), r.len()))
            .collect()
    };
    // k1's tombstone (0x000f4240 < "n"), k2's expired "c"; k3's "d" is
    // under the row deletion, k4 has no name.
    assert_eq!(
        named(&met, IndexOperator::Lt, "n"),
        [("k1".to_string(), 2), ("k2".to_string(), 2)]
    );
    assert_eq!(named(&met, IndexOperator::Eq, "c"), [("k2".to_string(), 2)]);
    assert!(named(&met, IndexOperator::Gt, "n").is_empty());
    assert!(named(&live, IndexOperator::Lt, "n").is_empty());
}
