//! Behaviour tests of the engine's read semantics: reconciliation, slices,
//! super columns, tombstones at every level, TTL (range reads: `range`).
//! Each scenario runs in memory and again on disk with a flush after every
//! write, so memtable and SSTable paths must agree.

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::storage::testutil::*;
use crate::storage::{Engine, EngineOptions, ManualClock, StorageError};
use std::sync::Arc;

pub(super) struct Harness {
    pub(super) engine: Engine,
    pub(super) clock: Arc<ManualClock>,
    flush_each: bool,
    _dir: Option<tempfile::TempDir>,
}

impl Harness {
    pub(super) fn apply(&self, m: RowMutation) {
        self.engine.apply(&m).unwrap();
        if self.flush_each {
            self.engine.flush(None).unwrap();
        }
    }
    /// Reads, checking that [`Engine::count`] counts what the read answers
    /// (every read of these scenarios is a case for `get_count`).
    pub(super) fn read(&self, cmd: &ReadCommand, key: &str) -> RowResult {
        let row = self.engine.read(cmd, key.as_bytes()).unwrap();
        let columns = match &row {
            RowResult::Cells(cells) => cells.len(),
            RowResult::SuperColumns(supers) => supers.len(),
        };
        let counted = self.engine.count(cmd, key.as_bytes()).unwrap();
        assert_eq!(counted, columns, "count of {cmd:?} at {key}");
        if let RowResult::Cells(cells) = &row {
            self.check_in_place(cmd, key, cells);
        }
        row
    }

    /// Checks that [`Engine::read_in_place`] shows what the read answers
    /// (in place from the one store holding the row, or copied from the
    /// merge of several), and refuses where `read_bounded` does.
    fn check_in_place(&self, cmd: &ReadCommand, key: &str, cells: &[Cell]) {
        let bytes: usize = cells.iter().map(|c| c.name.len() + c.value.len()).sum();
        for max in [usize::MAX, bytes.saturating_sub(1)] {
            let mut shown = Vec::new();
            let read = self
                .engine
                .read_in_place(cmd, key.as_bytes(), max, &mut |c| shown.push(c.to_cell()));
            let bounded = self.engine.read_bounded(cmd, key.as_bytes(), max).unwrap();
            match read.unwrap() {
                // Super CFs and counters are not read in place.
                None => {
                    let schema = self.engine.schema();
                    let def = schema.cf(&cmd.keyspace, &cmd.cf).unwrap();
                    assert!(def.is_super() || def.is_counter(), "{cmd:?} declined");
                }
                Some(true) => {
                    assert!(bounded.is_some(), "{cmd:?} at {key} within {max}");
                    if max == usize::MAX {
                        assert_eq!(shown, cells, "in place: {cmd:?} at {key}");
                    }
                }
                Some(false) => assert!(bounded.is_none(), "{cmd:?} at {key} over {max}"),
            }
        }
    }
}

pub(super) fn harnesses(partitioner: crate::partitioner::PartitionerRef) -> Vec<Harness> {
    let mut v = Vec::new();
    for durable in [false, true] {
        let clock = Arc::new(ManualClock::new(1_000_000));
        let mut opts = EngineOptions::in_memory(clock.clone());
        let dir = durable.then(|| tempfile::tempdir().unwrap());
        opts.data_dir = dir.as_ref().map(|d| d.path().to_path_buf());
        let engine = Engine::open(schema(partitioner.clone()), opts).unwrap();
        v.push(Harness {
            engine,
            clock,
            flush_each: durable,
            _dir: dir,
        });
    }
    v
}

pub(super) fn each(f: impl Fn(&Harness)) {
    for h in harnesses(Arc::new(OrderPreservingPartitioner)) {
        f(&h);
    }
}

#[test]
fn higher_timestamp_wins_and_ties_prefer_tombstone_then_bigger_value() {
    each(|h| {
        h.apply(put("Std", "k", "c", "old", 1));
        h.apply(put("Std", "k", "c", "new", 2));
        h.apply(put("Std", "k", "c", "older", 0));
        assert_eq!(
            pairs(&h.read(&names("Std", &["c"]), "k")),
            vec![("c".into(), "new".into())]
        );
        h.apply(put("Std", "k", "c", "zzz", 2));
        assert_eq!(
            pairs(&h.read(&names("Std", &["c"]), "k")),
            vec![("c".into(), "zzz".into())]
        );
        h.apply(ops(
            "Std",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::tombstone(b("c"), 2, 5),
            }],
        ));
        assert!(h.read(&names("Std", &["c"]), "k").is_empty());
        // A later write resurrects it.
        h.apply(put("Std", "k", "c", "back", 3));
        assert_eq!(
            pairs(&h.read(&names("Std", &["c"]), "k")),
            vec![("c".into(), "back".into())]
        );
    });
}

#[test]
fn slices_forward_reversed_bounds_and_live_counts() {
    each(|h| {
        for n in ["a", "b", "c", "d", "e"] {
            h.apply(put("Std", "k", n, n, 1));
        }
        h.apply(ops(
            "Std",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::tombstone(b("b"), 2, 5),
            }],
        ));
        let ns = |r: RowResult| pairs(&r).into_iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(
            ns(h.read(&range("Std", "", "", false, 100), "k")),
            ["a", "c", "d", "e"]
        );
        // The tombstone does not count toward `count`.
        assert_eq!(ns(h.read(&range("Std", "", "", false, 2), "k")), ["a", "c"]);
        assert_eq!(ns(h.read(&range("Std", "", "", true, 2), "k")), ["e", "d"]);
        assert_eq!(
            ns(h.read(&range("Std", "b", "d", false, 100), "k")),
            ["c", "d"]
        );
        assert_eq!(
            ns(h.read(&range("Std", "d", "b", true, 100), "k")),
            ["d", "c"]
        );
        assert_eq!(
            ns(h.read(&range("Std", "d", "", true, 100), "k")),
            ["d", "c", "a"]
        );
        assert_eq!(
            ns(h.read(&range("Std", "", "a", true, 100), "k")),
            ["e", "d", "c", "a"]
        );
        // Inverted bounds give nothing rather than a panic.
        assert!(h.read(&range("Std", "d", "b", false, 100), "k").is_empty());
        assert!(h.read(&range("Std", "", "", false, 0), "k").is_empty());
        // Names come back in comparator order, only the live ones, once each.
        assert_eq!(
            ns(h.read(&names("Std", &["e", "b", "zz", "a", "e"]), "k")),
            ["a", "e"]
        );
        assert!(h
            .read(&range("Std", "", "", false, 10), "missing")
            .is_empty());
    });
}

#[test]
fn comparator_orders_columns() {
    each(|h| {
        for v in [5i64, -3, 100, 0] {
            let m = RowMutation {
                keyspace: "ks".into(),
                key: b("k"),
                updates: vec![(
                    "Long".into(),
                    vec![Op::Put {
                        super_column: None,
                        cell: Cell::live(v.to_be_bytes().to_vec(), vec![], 1),
                    }],
                )],
            };
            h.apply(m);
        }
        let r = h.read(&range("Long", "", "", false, 10), "k");
        let RowResult::Cells(cs) = r else { panic!() };
        let got: Vec<i64> = cs
            .iter()
            .map(|c| i64::from_be_bytes(c.name[..].try_into().unwrap()))
            .collect();
        assert_eq!(got, vec![-3, 0, 5, 100]);
    });
}

#[test]
fn row_tombstone_shadows_older_and_equal_cells_only() {
    each(|h| {
        h.apply(put("Std", "k", "a", "1", 10));
        h.apply(put("Std", "k", "b", "1", 20));
        h.apply(ops(
            "Std",
            "k",
            vec![Op::DeleteRow(DeletionTime::new(15, 7))],
        ));
        assert_eq!(
            pairs(&h.read(&range("Std", "", "", false, 10), "k")),
            vec![("b".into(), "1".into())]
        );
        // A write older than the tombstone stays invisible; an equal one too.
        h.apply(put("Std", "k", "c", "1", 15));
        h.apply(put("Std", "k", "d", "1", 16));
        assert_eq!(
            pairs(&h.read(&range("Std", "", "", false, 10), "k")).len(),
            2
        );
    });
}

#[test]
fn super_columns_sub_columns_and_tombstones_at_every_level() {
    each(|h| {
        h.apply(sput("k", "s1", "x", "1", 10));
        h.apply(sput("k", "s1", "y", "2", 10));
        h.apply(sput("k", "s2", "x", "3", 10));
        h.apply(sput("k", "s3", "x", "4", 30));
        let all = h.read(&range("Super", "", "", false, 10), "k");
        let RowResult::SuperColumns(scs) = &all else {
            panic!()
        };
        assert_eq!(
            scs.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            vec![b("s1"), b("s2"), b("s3")]
        );
        assert_eq!(scs[0].cells.len(), 2);
        // Sub-column slice of one super column.
        let mut cmd = range("Super", "", "", true, 1);
        cmd.super_column = Some(b("s1"));
        assert_eq!(pairs(&h.read(&cmd, "k")), vec![("y".into(), "2".into())]);
        // Sub-column tombstone.
        h.apply(ops(
            "Super",
            "k",
            vec![Op::Put {
                super_column: Some(b("s1")),
                cell: Cell::tombstone(b("y"), 11, 5),
            }],
        ));
        assert_eq!(pairs(&h.read(&cmd, "k")), vec![("x".into(), "1".into())]);
        // Super-column tombstone hides its older sub-columns; s2 is then empty and not returned.
        h.apply(ops(
            "Super",
            "k",
            vec![Op::DeleteSuperColumn {
                name: b("s2"),
                deletion: DeletionTime::new(10, 5),
            }],
        ));
        h.apply(sput("k", "s2", "old", "x", 9));
        let r = h.read(&range("Super", "", "", false, 10), "k");
        let RowResult::SuperColumns(scs) = &r else {
            panic!()
        };
        assert_eq!(
            scs.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            vec![b("s1"), b("s3")]
        );
        // Count counts live super columns only.
        let r = h.read(&range("Super", "", "", false, 1), "k");
        assert_eq!(r.len(), 1);
        let r = h.read(&names("Super", &["s2", "s3"]), "k");
        assert_eq!(r.len(), 1);
        // Row tombstone in a Super CF shadows sub-columns by timestamp.
        h.apply(ops(
            "Super",
            "k",
            vec![Op::DeleteRow(DeletionTime::new(20, 5))],
        ));
        let r = h.read(&range("Super", "", "", false, 10), "k");
        let RowResult::SuperColumns(scs) = &r else {
            panic!()
        };
        assert_eq!(scs.len(), 1);
        assert_eq!(scs[0].name, b("s3"));
        let mut sub = names("Super", &["x"]);
        sub.super_column = Some(b("s1"));
        assert!(h.read(&sub, "k").is_empty());
    });
}

#[test]
fn ttl_cells_expire_on_the_server_clock() {
    each(|h| {
        let now = h.clock.now();
        h.apply(ops(
            "Std",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: Cell::expiring(b("t"), b("v"), 1, 10, now),
            }],
        ));
        h.apply(put("Std", "k", "p", "v", 1));
        assert_eq!(h.read(&range("Std", "", "", false, 10), "k").len(), 2);
        h.clock.advance(9);
        assert_eq!(h.read(&range("Std", "", "", false, 10), "k").len(), 2);
        h.clock.advance(1);
        assert_eq!(
            pairs(&h.read(&range("Std", "", "", false, 10), "k")),
            vec![("p".into(), "v".into())]
        );
        // An expired cell still shadows older writes, as a tombstone would.
        h.apply(put("Std", "k", "t", "older", 0));
        assert_eq!(h.read(&names("Std", &["t"]), "k").len(), 0);
    });
}

#[test]
fn bad_requests_are_errors_not_panics() {
    each(|h| {
        let e = &h.engine;
        assert!(matches!(
            e.apply(&put("Nope", "k", "c", "v", 1)),
            Err(StorageError::UnknownColumnFamily { .. })
        ));
        let mut m = put("Std", "k", "c", "v", 1);
        m.keyspace = "zz".into();
        assert!(matches!(e.apply(&m), Err(StorageError::UnknownKeyspace(_))));
        assert!(matches!(
            e.apply(&put("Super", "k", "c", "v", 1)),
            Err(StorageError::Invalid(_))
        ));
        assert!(matches!(
            e.apply(&sput("k", "s", "c", "v", 1).tap_cf("Std")),
            Err(StorageError::Invalid(_))
        ));
        // Nothing of a rejected mutation is applied.
        assert!(h.read(&range("Std", "", "", false, 10), "k").is_empty());
        let bad = RowRange::Tokens {
            start: "x".into(),
            end: "y".into(),
        };
        let _ = e.read_range(&range("Std", "", "", false, 10), &bad, 10);
    });
}

trait TapCf {
    fn tap_cf(self, cf: &str) -> Self;
}
impl TapCf for RowMutation {
    fn tap_cf(mut self, cf: &str) -> Self {
        self.updates[0].0 = cf.to_string();
        self
    }
}

#[test]
fn counts_skip_tombstones_across_many_chunks() {
    // Columns in an SSTable, tombstones in the memtable (flushing after every
    // write here would make 300 SSTables).
    for h in harnesses(Arc::new(OrderPreservingPartitioner)) {
        let name = |i: usize| format!("c{i:04}");
        for i in 0..300 {
            h.engine.apply(&put("Std", "k", &name(i), "v", 1)).unwrap();
        }
        h.engine.flush(None).unwrap();
        let deletes: Vec<Op> = (0..300)
            .filter(|i| i % 3 == 0)
            .map(|i| Op::Put {
                super_column: None,
                cell: Cell::tombstone(b(&name(i)), 2, 5),
            })
            .collect();
        h.engine.apply(&ops("Std", "k", deletes)).unwrap();
        let live: Vec<String> = (0..300).filter(|i| i % 3 != 0).map(name).collect();
        let got = |start: &str, reversed: bool, count: usize| -> Vec<String> {
            pairs(&h.read(&range("Std", start, "", reversed, count), "k"))
                .into_iter()
                .map(|p| p.0)
                .collect()
        };
        assert_eq!(got("", false, 150), live[..150].to_vec());
        assert_eq!(
            got("c0100", false, 60),
            live.iter()
                .filter(|n| n.as_str() >= "c0100")
                .take(60)
                .cloned()
                .collect::<Vec<_>>()
        );
        assert_eq!(
            got("c0250", true, 70),
            live.iter()
                .rev()
                .filter(|n| n.as_str() <= "c0250")
                .take(70)
                .cloned()
                .collect::<Vec<_>>()
        );
        assert_eq!(got("", false, 1000).len(), 200);
    }
}

#[test]
fn a_bounded_read_stops_once_the_row_is_over_its_limit() {
    each(|h| {
        for i in 0..100 {
            // 10 bytes of name and value each.
            h.apply(put("Std", "k", &format!("c{i:04}"), "vvvvv", 1));
        }
        let all = range("Std", "", "", false, usize::MAX);
        let read = |max| h.engine.read_bounded(&all, b"k", max).unwrap();
        assert_eq!(read(1000).map(|r| pairs(&r).len()), Some(100));
        assert_eq!(read(999), None);
        // The count comes first: 10 columns fit in 100 bytes.
        let ten = range("Std", "", "", false, 10);
        let row = h.engine.read_bounded(&ten, b"k", 100).unwrap();
        assert_eq!(row.map(|r| pairs(&r).len()), Some(10));
        // A range read hands over a row over the limit as None, and stops.
        let mut seen = Vec::new();
        let whole = RowRange::Keys {
            start: vec![],
            end: vec![],
        };
        let rows = h
            .engine
            .read_range_while(&all, &whole, 10, 999, &mut |k, r| {
                seen.push((k.to_vec(), r.is_some()));
                true
            })
            .unwrap();
        assert!(rows.is_empty());
        assert_eq!(seen, [(b"k".to_vec(), false)]);
    });
}

#[test]
fn a_traced_read_notes_its_sstables_and_the_tombstones_it_passed() {
    each(|h| {
        h.apply(put("Std", "k", "a", "1", 10));
        h.apply(put("Std", "k", "b", "1", 10));
        let tombstone = Cell::tombstone(b("a"), 20, 1_000_000);
        h.apply(ops(
            "Std",
            "k",
            vec![Op::Put {
                super_column: None,
                cell: tombstone,
            }],
        ));
        let cmd = range("Std", "", "", false, 10);
        let (row, rec) = crate::trace::record(|| h.engine.read(&cmd, b"k").unwrap());
        assert_eq!(pairs(&row).len(), 1);
        let acts: Vec<&str> = rec.events.iter().map(|e| e.activity.as_str()).collect();
        assert_eq!(acts[0], "Executing single-partition query on Std");
        let sstables = if h.flush_each { 3 } else { 0 };
        let merging = format!("Merging data from memtables and {sstables} sstables");
        assert!(acts.contains(&merging.as_str()), "{acts:?}");
        assert!(
            acts.contains(&"Read 1 live and 1 tombstoned cells"),
            "{acts:?}"
        );
        let seeks = acts.iter().filter(|a| a.starts_with("Seeking")).count();
        assert_eq!(seeks, sstables, "{acts:?}");
    });
}

#[test]
fn a_read_attempt_misses_a_lock_a_writer_holds_instead_of_waiting() {
    use crate::storage::nowait::attempt;
    each(|h| {
        h.apply(put("Std", "k", "c", "v", 1));
        let cmd = range("Std", "", "", false, 10);
        let read = || h.engine.read_in_place(&cmd, b"k", usize::MAX, &mut |_| {});
        assert!(matches!(attempt(read), Some(Ok(Some(true)))));
        // A schema change, truncation or memtable switch holds the catalog.
        {
            let _gate = h.engine.inner.catalog.write();
            assert!(attempt(read).is_none(), "the attempt misses");
        }
        // A flush or compaction swapping the column family's stores.
        let cf = h.engine.inner.catalog().cf("ks", "Std").unwrap().clone();
        {
            let _swap = cf.state.write();
            assert!(attempt(read).is_none(), "the attempt misses");
            assert!(attempt(|| h.engine.read(&cmd, b"k")).is_none());
        }
        // Nothing held: the attempt answers, and a plain read as before.
        assert!(matches!(attempt(read), Some(Ok(Some(true)))));
        assert_eq!(pairs(&h.engine.read(&cmd, b"k").unwrap()).len(), 1);
    });
}
