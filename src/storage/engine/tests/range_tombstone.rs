//! Engine tests of range tombstones: shadowing in memtables and SSTables,
//! across stores, with the LongType comparator, in range reads (ghosts),
//! through restart and crash replay, and purged by compaction after gc grace.

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::storage::testutil::*;
use crate::storage::{Engine, EngineOptions, ManualClock};
use std::sync::Arc;

fn open(dir: Option<&std::path::Path>, clock: &Arc<ManualClock>) -> Engine {
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.data_dir = dir.map(|d| d.to_path_buf());
    Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap()
}

fn del_range(cf: &str, key: &str, start: &[u8], end: &[u8], at: i64, now: i32) -> RowMutation {
    ops(
        cf,
        key,
        vec![Op::DeleteRange {
            start: start.to_vec(),
            end: end.to_vec(),
            deletion: DeletionTime::new(at, now),
        }],
    )
}

fn cell_names(e: &Engine, cf: &str, key: &str) -> Vec<String> {
    pairs(
        &e.read(&range(cf, "", "", false, 100), key.as_bytes())
            .unwrap(),
    )
    .into_iter()
    .map(|p| p.0)
    .collect()
}

fn row_count(e: &Engine) -> usize {
    e.read_range(
        &range("Std", "", "", false, 100),
        &RowRange::Keys {
            start: vec![],
            end: vec![],
        },
        100,
    )
    .unwrap()
    .len()
}

#[test]
fn range_tombstones_shadow_older_cells_inside_inclusive_bounds() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    for (dir, flush) in [(None, false), (Some(dir.path()), true)] {
        let e = open(dir, &clock);
        let now = clock.now();
        let flush = |e: &Engine| {
            if flush {
                e.flush(None).unwrap();
            }
        };
        for n in ["a", "b", "c", "d", "e"] {
            e.apply(&put("Std", "k", n, "v", 10)).unwrap();
        }
        flush(&e);
        e.apply(&put("Std", "k", "c", "newer", 20)).unwrap();
        e.apply(&del_range("Std", "k", b"b", b"d", 15, now))
            .unwrap();
        flush(&e);
        assert_eq!(cell_names(&e, "Std", "k"), ["a", "c", "e"]);
        // Counts skip shadowed cells; reversed and by-name reads agree.
        let first: Vec<String> = pairs(&e.read(&range("Std", "", "", false, 2), b"k").unwrap())
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(first, ["a", "c"]);
        assert!(e.read(&names("Std", &["b", "d"]), b"k").unwrap().is_empty());
        // A later write inside the range is visible; an equal timestamp is not.
        e.apply(&put("Std", "k", "b", "v", 16)).unwrap();
        e.apply(&put("Std", "k", "d", "v", 15)).unwrap();
        flush(&e);
        assert_eq!(cell_names(&e, "Std", "k"), ["a", "b", "c", "e"]);
        // Open bounds delete everything up to the timestamp.
        e.apply(&del_range("Std", "k", b"", b"", 100, now)).unwrap();
        flush(&e);
        assert!(cell_names(&e, "Std", "k").is_empty());
        assert_eq!(row_count(&e), 1, "a row of tombstones is a range ghost");
        e.shutdown().unwrap();
    }
}

#[test]
fn range_bounds_use_the_comparator() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = open(None, &clock);
    let long = |n: i64| n.to_be_bytes().to_vec();
    for n in [-5i64, 1, 7, 300] {
        e.apply(&ops(
            "Long",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(long(n), b("v"), 1),
            }],
        ))
        .unwrap();
    }
    e.apply(&del_range(
        "Long",
        "k",
        &long(-10),
        &long(7),
        1,
        clock.now(),
    ))
    .unwrap();
    let left: Vec<Vec<u8>> = match e.read(&range("Long", "", "", false, 10), b"k").unwrap() {
        RowResult::Cells(cs) => cs.into_iter().map(|c| c.name).collect(),
        RowResult::SuperColumns(_) => unreachable!(),
    };
    assert_eq!(left, [long(300)]);
}

#[test]
fn range_tombstones_survive_restart_and_crash_and_are_purged_after_gc_grace() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let e = open(Some(dir.path()), &clock);
    e.apply(&put("Std", "k", "a", "v", 1)).unwrap();
    e.apply(&put("Std", "k", "b", "v", 1)).unwrap();
    e.apply(&put("Std", "gone", "a", "v", 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&del_range("Std", "k", b"a", b"a", 1, clock.now()))
        .unwrap();
    e.apply(&del_range("Std", "gone", b"", b"", 1, clock.now()))
        .unwrap();
    drop(e); // crash: the range deletes come back from the commit log
    let e = open(Some(dir.path()), &clock);
    assert_eq!(cell_names(&e, "Std", "k"), ["b"]);
    e.shutdown().unwrap();
    drop(e);
    let e = open(Some(dir.path()), &clock);
    assert_eq!(cell_names(&e, "Std", "k"), ["b"]);
    e.compact("ks", "Std").unwrap();
    assert_eq!(cell_names(&e, "Std", "k"), ["b"]);
    assert_eq!(row_count(&e), 2, "within gc grace the ghost stays");
    clock.advance(GC_GRACE + 1);
    e.compact("ks", "Std").unwrap();
    assert_eq!(row_count(&e), 1);
    assert_eq!(cell_names(&e, "Std", "k"), ["b"]);
    assert_eq!(e.stats("ks", "Std").unwrap().cells, 1);
}

/// A CQL3 row deletion: the range is a clustering prefix with end-of-component
/// bytes 0 (start) and 1 (end) under a CompositeType comparator.
#[test]
fn composite_prefix_ranges_delete_one_cql_row() {
    use crate::marshal::{CompositeBuilder, CompositeType, Eoc, TypeRef, UTF8Type};
    use crate::schema::{CfDef, KeyspaceDef, Schema};
    let cmp: TypeRef = Arc::new(CompositeType::new(vec![
        Arc::new(UTF8Type),
        Arc::new(UTF8Type),
    ]));
    let ks = KeyspaceDef::new("ks", [CfDef::new("ks", "Cql", 9, cmp, None)]);
    let s = Arc::new(Schema::new(
        "test",
        Arc::new(OrderPreservingPartitioner),
        [ks],
    ));
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.data_dir = Some(dir.path().to_path_buf());
    let e = Engine::open(s, opts).unwrap();
    let name = |parts: &[&str], eoc: Eoc| {
        parts
            .iter()
            .fold(CompositeBuilder::new(), |b, p| {
                b.push(p.as_bytes()).unwrap()
            })
            .build(eoc)
    };
    for (row, col) in [("a", "x"), ("a", "y"), ("b", "x"), ("ab", "x")] {
        e.apply(&ops(
            "Cql",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(name(&[row, col], Eoc::None), b("v"), 1),
            }],
        ))
        .unwrap();
    }
    e.flush(None).unwrap();
    e.apply(&del_range(
        "Cql",
        "k",
        &name(&["a"], Eoc::None),
        &name(&["a"], Eoc::End),
        1,
        clock.now(),
    ))
    .unwrap();
    let left = |e: &Engine| match e.read(&range("Cql", "", "", false, 10), b"k").unwrap() {
        RowResult::Cells(cs) => cs.into_iter().map(|c| c.name).collect::<Vec<_>>(),
        RowResult::SuperColumns(_) => unreachable!(),
    };
    let want = vec![name(&["ab", "x"], Eoc::None), name(&["b", "x"], Eoc::None)];
    assert_eq!(left(&e), want);
    e.flush(None).unwrap();
    e.compact("ks", "Cql").unwrap();
    assert_eq!(left(&e), want);
}

/// The names of the super columns a read of `key` answers, each with its
/// sub-columns' names (`a:x,y`).
fn super_names(e: &Engine, cmd: &ReadCommand, key: &str) -> Vec<String> {
    match e.read(cmd, key.as_bytes()).unwrap() {
        RowResult::SuperColumns(scs) => scs
            .iter()
            .map(|s| {
                let subs: Vec<String> = s
                    .cells
                    .iter()
                    .map(|c| String::from_utf8_lossy(&c.name).into_owned())
                    .collect();
                format!("{}:{}", String::from_utf8_lossy(&s.name), subs.join(","))
            })
            .collect(),
        RowResult::Cells(cells) if cells.is_empty() => Vec::new(),
        RowResult::Cells(_) => panic!("expected super columns"),
    }
}

#[test]
fn a_range_over_super_column_names_deletes_them_as_their_own_deletions() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    for (dir, flush) in [(None, false), (Some(dir.path()), true)] {
        let e = open(dir, &clock);
        let now = clock.now();
        for sc in ["a", "b", "c", "d"] {
            e.apply(&sput("k", sc, "x", "v", 10)).unwrap();
        }
        if flush {
            e.flush(None).unwrap();
        }
        e.apply(&del_range("Super", "k", b"b", b"c", 15, now))
            .unwrap();
        // Older writes inside the range stay deleted, newer ones show.
        e.apply(&sput("k", "b", "y", "older", 12)).unwrap();
        e.apply(&sput("k", "c", "z", "newer", 20)).unwrap();
        if flush {
            e.flush(None).unwrap();
        }
        let all = range("Super", "", "", false, 100);
        assert_eq!(super_names(&e, &all, "k"), ["a:x", "c:z", "d:x"]);
        let back = range("Super", "", "", true, 2);
        assert_eq!(super_names(&e, &back, "k"), ["d:x", "c:z"]);
        let by_name = names("Super", &["a", "b"]);
        assert_eq!(super_names(&e, &by_name, "k"), ["a:x"]);
        // One super column's sub-columns: the range reaches them too.
        let mut one = range("Super", "", "", false, 100);
        one.super_column = Some(b("b"));
        assert!(e.read(&one, b"k").unwrap().is_empty());
        one.super_column = Some(b("c"));
        assert_eq!(
            pairs(&e.read(&one, b"k").unwrap()),
            [("z".into(), "newer".into())]
        );
        // An open start reaches the first super column.
        e.apply(&del_range("Super", "k", b"", b"a", 15, now))
            .unwrap();
        assert_eq!(super_names(&e, &all, "k"), ["c:z", "d:x"]);
    }
}
