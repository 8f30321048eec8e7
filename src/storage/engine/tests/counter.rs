//! Engine tests of counter CFs: increments add up across memtables,
//! SSTables and compaction, survive a clean restart and a crash without
//! being counted twice, deletion resets them, and ops that do not fit a
//! counter CF (or a counter op in another CF) are refused.

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::storage::testutil::*;
use crate::storage::{Engine, EngineOptions, FlushedReads, ManualClock, StorageError};
use std::path::Path;
use std::sync::Arc;

fn open(dir: Option<&Path>, clock: &Arc<ManualClock>) -> Engine {
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.data_dir = dir.map(Path::to_path_buf);
    Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap()
}

fn add(key: &str, name: &str, delta: i64, ts: i64) -> RowMutation {
    ops(
        "Counter",
        key,
        vec![Op::CounterAdd {
            super_column: None,
            name: b(name),
            delta,
            timestamp: ts,
        }],
    )
}

fn remove(key: &str, name: &str, ts: i64, now: i32) -> RowMutation {
    ops(
        "Counter",
        key,
        vec![Op::Put {
            super_column: None,
            cell: Cell::tombstone(b(name), ts, now),
        }],
    )
}

/// (name, total) of a counter row.
fn totals(e: &Engine, key: &str) -> Vec<(String, i64)> {
    match e
        .read(&range("Counter", "", "", false, 100), key.as_bytes())
        .unwrap()
    {
        RowResult::Cells(cs) => cs
            .iter()
            .map(|c| {
                assert!(matches!(c.kind, CellKind::Counter { .. }));
                assert_eq!(c.value.len(), 8);
                (
                    String::from_utf8_lossy(&c.name).into_owned(),
                    c.counter_total().unwrap(),
                )
            })
            .collect(),
        RowResult::SuperColumns(_) => panic!("standard CF"),
    }
}

#[test]
fn increments_add_up_across_memtables_sstables_and_compaction() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    for d in [None, Some(dir.path())] {
        let e = open(d, &clock);
        for i in 0..4 {
            e.apply(&add("k", "a", 10, i)).unwrap();
            e.apply(&add("k", "b", -1, i)).unwrap();
            e.flush(None).unwrap();
        }
        e.apply(&add("k", "a", 5, 9)).unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 45), ("b".into(), -4)]);
        e.compact("ks", "Counter").unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 45), ("b".into(), -4)]);
        // Names reads and a batch with two increments of one counter.
        e.apply_batch(&[add("k", "a", 1, 10), add("k", "a", 1, 11)])
            .unwrap();
        let by_name = e.read(&names("Counter", &["a"]), b"k").unwrap();
        let RowResult::Cells(cs) = by_name else {
            panic!()
        };
        assert_eq!(cs[0].counter_total(), Some(47));
        assert_eq!(cs[0].timestamp, 11);
        e.shutdown().unwrap();
    }
}

#[test]
fn restart_and_crash_replay_never_count_twice() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let e = open(Some(dir.path()), &clock);
    e.apply(&add("k", "a", 1, 1)).unwrap();
    e.flush(None).unwrap(); // in an SSTable and still in the commit log
    e.apply(&add("k", "a", 2, 2)).unwrap();
    drop(e); // crash
    let e = open(Some(dir.path()), &clock);
    assert_eq!(totals(&e, "k"), [("a".into(), 3)]);
    e.apply(&add("k", "a", 4, 3)).unwrap();
    e.flush(None).unwrap();
    e.compact("ks", "Counter").unwrap();
    drop(e); // crash again, after a compaction
    let e = open(Some(dir.path()), &clock);
    assert_eq!(totals(&e, "k"), [("a".into(), 7)]);
    e.shutdown().unwrap();
    drop(e);
    let e = open(Some(dir.path()), &clock);
    assert_eq!(totals(&e, "k"), [("a".into(), 7)]);
}

#[test]
fn inputs_left_by_a_crash_after_compaction_are_not_counted_again() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let e = open(Some(dir.path()), &clock);
    for i in 0..3 {
        e.apply(&add("k", "a", 1, i)).unwrap();
        e.flush(None).unwrap();
    }
    let data = dir.path().join("ks");
    let saved = tempfile::tempdir().unwrap();
    for f in std::fs::read_dir(&data).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), saved.path().join(f.file_name())).unwrap();
    }
    e.compact("ks", "Counter").unwrap();
    drop(e);
    // As if the process died before deleting the compaction's inputs.
    for f in std::fs::read_dir(saved.path()).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), data.join(f.file_name())).unwrap();
    }
    let e = open(Some(dir.path()), &clock);
    assert_eq!(totals(&e, "k"), [("a".into(), 3)]);
    assert_eq!(e.stats("ks", "Counter").unwrap().sstable_count, 1);
}

#[test]
fn a_deleted_counter_restarts_from_zero() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    for d in [None, Some(dir.path())] {
        let e = open(d, &clock);
        let now = clock.now();
        e.apply(&add("k", "a", 100, 5)).unwrap();
        e.flush(None).unwrap();
        e.apply(&remove("k", "a", 10, now)).unwrap();
        assert!(totals(&e, "k").is_empty());
        e.apply(&add("k", "a", 1, 20)).unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 1)]);
        e.flush(None).unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 1)]);
        e.compact("ks", "Counter").unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 1)]);
        // A row deletion covers counters like any column, and they too
        // start again from zero, wherever the older versions are.
        e.apply(&add("k", "a", 7, 25)).unwrap();
        e.flush(None).unwrap();
        e.apply(&add("k", "a", 7, 26)).unwrap();
        e.apply(&ops(
            "Counter",
            "k",
            vec![Op::DeleteRow(DeletionTime::new(30, now))],
        ))
        .unwrap();
        assert!(totals(&e, "k").is_empty());
        e.apply(&add("k", "a", 2, 40)).unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 2)]);
        e.flush(None).unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 2)]);
        e.compact("ks", "Counter").unwrap();
        assert_eq!(totals(&e, "k"), [("a".into(), 2)]);
        // Same for a super column deletion in a super counter CF.
        let sadd = |delta: i64, ts: i64| {
            ops(
                "SuperCounter",
                "k",
                vec![Op::CounterAdd {
                    super_column: Some(b("s")),
                    name: b("n"),
                    delta,
                    timestamp: ts,
                }],
            )
        };
        e.apply(&sadd(50, 1)).unwrap();
        e.flush(None).unwrap();
        e.apply(&ops(
            "SuperCounter",
            "k",
            vec![Op::DeleteSuperColumn {
                name: b("s"),
                deletion: DeletionTime::new(5, now),
            }],
        ))
        .unwrap();
        e.apply(&sadd(3, 9)).unwrap();
        let mut sub = range("SuperCounter", "", "", false, 10);
        sub.super_column = Some(b("s"));
        for _ in 0..2 {
            let RowResult::Cells(cs) = e.read(&sub, b"k").unwrap() else {
                panic!()
            };
            assert_eq!(cs[0].counter_total(), Some(3));
            e.flush(None).unwrap();
            e.compact("ks", "SuperCounter").unwrap();
        }
        e.shutdown().unwrap();
    }
}

#[test]
fn super_counters_and_refused_ops() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = open(None, &clock);
    let sadd = |sc: &str, delta: i64| {
        ops(
            "SuperCounter",
            "k",
            vec![Op::CounterAdd {
                super_column: Some(b(sc)),
                name: b("n"),
                delta,
                timestamp: 1,
            }],
        )
    };
    e.apply(&sadd("x", 2)).unwrap();
    e.apply(&sadd("x", 3)).unwrap();
    e.apply(&sadd("y", 1)).unwrap();
    let r = e
        .read(&range("SuperCounter", "", "", false, 10), b"k")
        .unwrap();
    let RowResult::SuperColumns(scs) = r else {
        panic!()
    };
    let got: Vec<(Vec<u8>, Option<i64>)> = scs
        .iter()
        .map(|s| (s.name.clone(), s.cells[0].counter_total()))
        .collect();
    assert_eq!(got, [(b("x"), Some(5)), (b("y"), Some(1))]);

    let invalid = |m: RowMutation| matches!(e.apply(&m), Err(StorageError::Invalid(_)));
    assert!(invalid(put("Counter", "k", "a", "v", 1)), "a plain write");
    assert!(invalid(ops(
        "Std",
        "k",
        vec![Op::CounterAdd {
            super_column: None,
            name: b("a"),
            delta: 1,
            timestamp: 1
        }]
    )));
    assert!(invalid(add("k", "a", 1, 1).clone_into_super()));
}

trait IntoSuper {
    fn clone_into_super(self) -> RowMutation;
}

impl IntoSuper for RowMutation {
    /// The same ops sent to `SuperCounter` without a super column.
    fn clone_into_super(mut self) -> RowMutation {
        self.updates[0].0 = "SuperCounter".into();
        self
    }
}

#[test]
fn a_delete_flushed_between_increments_hides_only_the_older_ones() {
    // Found by the model proptest: an increment flushed, a delete flushed
    // after it (a clean restart flushes), then a new increment in the
    // memtable. Reads must merge versions in one order of age, or the new
    // increment and the old one add up before the delete between them is met.
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000));
    let e = open(Some(dir.path()), &clock);
    e.apply(&add("k", "c", -1, 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&remove("k", "c", 2, 1_000)).unwrap();
    e.shutdown().unwrap();
    drop(e);
    let e = open(Some(dir.path()), &clock);
    e.apply(&add("k", "c", 5, 3)).unwrap();
    assert_eq!(totals(&e, "k"), vec![("c".to_string(), 5)]);
    e.flush(None).unwrap();
    assert_eq!(totals(&e, "k"), vec![("c".to_string(), 5)]);
    e.compact("ks", "Counter").unwrap();
    assert_eq!(totals(&e, "k"), vec![("c".to_string(), 5)]);
}

#[test]
fn kept_flushes_reconcile_in_the_order_a_read_met_them() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = open(None, &clock);
    e.apply(&add("k", "c", 1, 10)).unwrap();
    e.keep_flushed(FlushedReads::InTurn).unwrap();
    e.apply(&remove("k", "c", 20, 1_000)).unwrap();
    e.keep_flushed(FlushedReads::InTurn).unwrap();
    e.apply(&add("k", "c", 8, 30)).unwrap();
    // Memtable +8, then the +1 (summed), then the delete (older than the sum).
    assert_eq!(totals(&e, "k"), vec![("c".to_string(), 9)]);
    // Without kept flushes the delete resets the counter.
    let plain = open(None, &clock);
    for m in [
        add("k", "c", 1, 10),
        remove("k", "c", 20, 1_000),
        add("k", "c", 8, 30),
    ] {
        plain.apply(&m).unwrap();
    }
    assert_eq!(totals(&plain, "k"), vec![("c".to_string(), 8)]);
    // A ttl'd version flushed wins its tie with the memtable's own.
    let ttl = |ttl: Option<i32>| {
        let mut m = put("Std", "k", "a", "v", 5);
        if let (Some(ttl), Op::Put { cell, .. }) = (ttl, &mut m.updates[0].1[0]) {
            cell.kind = CellKind::Expiring {
                ttl,
                local_expiration_time: 2_000_000,
            };
        }
        m
    };
    e.apply(&ttl(Some(600))).unwrap();
    e.keep_flushed(FlushedReads::InTurn).unwrap();
    e.apply(&ttl(None)).unwrap();
    let got = e.read(&names("Std", &["a"]), b"k").unwrap();
    let RowResult::Cells(cells) = got else {
        panic!("standard CF")
    };
    assert!(matches!(cells[0].kind, CellKind::Expiring { ttl: 600, .. }));
}

/// 1.0 and 1.1 (recorded, `rel_flush`): a slice met a name's versions in
/// a priority queue's order, which alternates between the memtable and
/// the kept table from name to name (the one met last stays on a tie);
/// a names query met the memtable, then the kept table.
#[test]
fn queued_reads_alternate_between_sources_on_ties() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = open(None, &clock);
    let cell = |name: &str, ttl: Option<i32>| {
        let mut m = put("Std", "k", name, "v", 5);
        if let (Some(ttl), Op::Put { cell, .. }) = (ttl, &mut m.updates[0].1[0]) {
            cell.kind = CellKind::Expiring {
                ttl,
                local_expiration_time: 2_000_000,
            };
        }
        m
    };
    for (name, ttl) in [("a", Some(600)), ("b", None)] {
        e.apply(&cell(name, ttl)).unwrap();
    }
    e.keep_flushed(FlushedReads::Queued).unwrap();
    for (name, ttl) in [("a", None), ("b", Some(600))] {
        e.apply(&cell(name, ttl)).unwrap();
    }
    let ttls = |cmd| match e.read(&cmd, b"k").unwrap() {
        RowResult::Cells(cells) => cells
            .iter()
            .map(|c| matches!(c.kind, CellKind::Expiring { .. }))
            .collect::<Vec<bool>>(),
        RowResult::SuperColumns(_) => panic!("standard CF"),
    };
    // a: memtable, then the table (its TTL stays); b: the table, then
    // the memtable (the memtable's TTL stays).
    assert_eq!(ttls(range("Std", "", "", false, 100)), [true, true]);
    // Names: the memtable, then the table (the table's versions stay).
    assert_eq!(ttls(names("Std", &["a", "b"])), [true, false]);
}

/// 0.8 (recorded, `rel_compact`): once a CF kept its fourth flush, the
/// four merged oldest first, a deleted counter's flushed increments gone
/// with its deletion, so a later increment counts alone (read against the
/// separate tables it counted them too); tombstones past gc grace purged,
/// so a column written later under one's timestamp reads back.
#[test]
fn kept_flushes_compact_at_the_threshold() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    for compact in [false, true] {
        let e = open(None, &clock);
        let flush = |i: i64| {
            e.apply(&add("j", "f", 1, i)).unwrap();
            e.apply(&put("Std", "j", "f", "v", i)).unwrap();
            e.keep_flushed(FlushedReads::InTurn).unwrap();
            if compact {
                e.compact_kept(FlushedReads::InTurn).unwrap();
            }
        };
        e.apply(&add("k", "c", 3, 10)).unwrap();
        e.apply(&put("Std", "k", "a", "v", 10)).unwrap();
        flush(1);
        e.apply(&remove("k", "c", 20, clock.now())).unwrap();
        e.apply(&ops(
            "Std",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::tombstone(b("a"), 20, clock.now()),
            }],
        ))
        .unwrap();
        flush(2);
        flush(3);
        // Past gc grace at the fourth flush's compaction.
        clock.advance(GC_GRACE + 1);
        flush(4);
        e.apply(&add("k", "c", 5, 30)).unwrap();
        e.apply(&put("Std", "k", "a", "w", 15)).unwrap();
        let expected = if compact { 5 } else { 8 };
        assert_eq!(totals(&e, "k"), vec![("c".to_string(), expected)]);
        let a = pairs(&e.read(&range("Std", "", "", false, 100), b"k").unwrap());
        assert_eq!(
            a.is_empty(),
            !compact,
            "the tombstone purged only by compaction"
        );
        // The untouched counter of every flush adds up in either case.
        assert_eq!(totals(&e, "j"), vec![("f".to_string(), 4)]);
    }
}
