//! Engine tests that need files: compaction and gc grace, restart and
//! crash replay, wide rows across memtable and SSTables, background flush.

use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::storage::testutil::*;
use crate::storage::{Engine, EngineOptions, ManualClock, StorageError};
use std::sync::Arc;

/// A durable engine on `dir` with a manual clock.
fn on_disk(dir: &std::path::Path, clock: &Arc<ManualClock>) -> Engine {
    let mut opts = EngineOptions::in_memory(clock.clone());
    opts.data_dir = Some(dir.to_path_buf());
    Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap()
}

fn all_rows(e: &Engine, cf: &str) -> Vec<(String, usize)> {
    e.read_range(
        &range(cf, "", "", false, 100),
        &RowRange::Keys {
            start: vec![],
            end: vec![],
        },
        1000,
    )
    .unwrap()
    .into_iter()
    .map(|(k, r)| (String::from_utf8(k).unwrap(), r.len()))
    .collect()
}

#[test]
fn compaction_purges_tombstones_only_after_gc_grace() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = on_disk(dir.path(), &clock);
    let now = clock.now();
    e.apply(&put("Std", "a", "c", "v", 1)).unwrap();
    e.apply(&put("Std", "b", "c", "v", 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&ops(
        "Std",
        "a",
        vec![Op::DeleteRow(DeletionTime::new(5, now))],
    ))
    .unwrap();
    e.apply(&ops(
        "Std",
        "b",
        vec![Op::Put {
            super_column: None,
            cell: Cell::expiring(b("t"), b("v"), 2, 10, now),
        }],
    ))
    .unwrap();
    e.flush(None).unwrap();
    assert_eq!(e.stats("ks", "Std").unwrap().sstable_count, 2);
    e.compact("ks", "Std").unwrap();
    assert_eq!(e.stats("ks", "Std").unwrap().sstable_count, 1);
    // Within gc grace the deleted row is a ghost: still listed, empty.
    assert_eq!(all_rows(&e, "Std"), vec![("a".into(), 0), ("b".into(), 2)]);
    // Expired: invisible at once, purged only after gc grace.
    clock.advance(10);
    e.compact("ks", "Std").unwrap();
    assert_eq!(all_rows(&e, "Std"), vec![("a".into(), 0), ("b".into(), 1)]);
    assert_eq!(
        e.stats("ks", "Std").unwrap().cells,
        2,
        "tombstone of the expired cell kept"
    );
    clock.advance(GC_GRACE + 1);
    e.compact("ks", "Std").unwrap();
    assert_eq!(all_rows(&e, "Std"), vec![("b".into(), 1)]);
    assert_eq!(e.stats("ks", "Std").unwrap().cells, 1);
    e.shutdown().unwrap();
}

#[test]
fn data_survives_restart_and_crash_replay() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = on_disk(dir.path(), &clock);
    e.apply(&put("Std", "k", "a", "1", 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&put("Std", "k", "b", "2", 1)).unwrap();
    e.apply(&sput("k", "s", "x", "3", 1)).unwrap();
    // Dropped without shutdown: the memtable is gone, the log has it.
    drop(e);
    let e = on_disk(dir.path(), &clock);
    assert_eq!(
        pairs(&e.read(&range("Std", "", "", false, 10), b"k").unwrap()).len(),
        2
    );
    assert_eq!(
        e.read(&range("Super", "", "", false, 10), b"k")
            .unwrap()
            .len(),
        1
    );
    e.shutdown().unwrap();
    assert!(matches!(
        e.read(&range("Std", "", "", false, 10), b"k"),
        Err(StorageError::Closed)
    ));
    drop(e);
    let e = on_disk(dir.path(), &clock);
    assert_eq!(
        pairs(&e.read(&range("Std", "", "", false, 10), b"k").unwrap()).len(),
        2
    );
    assert_eq!(
        e.stats("ks", "Std").unwrap().memtable_cells,
        0,
        "shutdown flushed everything"
    );
    e.shutdown().unwrap();
}

#[test]
fn wide_row_slices_from_memtable_and_sstables() {
    use rand::seq::SliceRandom;
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = on_disk(dir.path(), &clock);
    let mut order: Vec<i64> = (0..6000).collect();
    order.shuffle(&mut rand::thread_rng());
    let long_put = |n: i64| RowMutation {
        keyspace: "ks".into(),
        key: b("wide"),
        updates: vec![(
            "Long".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(n.to_be_bytes().to_vec(), b("v"), 1),
            }],
        )],
    };
    let names = |r: RowResult| -> Vec<i64> {
        let RowResult::Cells(cs) = r else { panic!() };
        cs.iter()
            .map(|c| i64::from_be_bytes(c.name[..].try_into().unwrap()))
            .collect()
    };
    let slice = |start: i64, reversed: bool| ReadCommand {
        keyspace: "ks".into(),
        cf: "Long".into(),
        super_column: None,
        slice: Slice::Range {
            start: start.to_be_bytes().to_vec(),
            finish: vec![],
            reversed,
            count: 100,
        },
    };
    for (i, n) in order.iter().enumerate() {
        e.apply(&long_put(*n)).unwrap();
        if i == 3000 {
            e.flush(None).unwrap();
        }
    }
    for _ in 0..2 {
        assert_eq!(
            names(e.read(&slice(2500, false), b"wide").unwrap()),
            (2500..2600).collect::<Vec<_>>()
        );
        assert_eq!(
            names(e.read(&slice(2500, true), b"wide").unwrap()),
            (2401..=2500).rev().collect::<Vec<_>>()
        );
        e.flush(None).unwrap();
        e.compact("ks", "Long").unwrap();
    }
    e.shutdown().unwrap();
}

#[test]
fn memtables_flush_in_the_background_when_full() {
    let dir = tempfile::tempdir().unwrap();
    let mut opts = EngineOptions::in_memory(Arc::new(ManualClock::new(1_000_000)));
    opts.data_dir = Some(dir.path().to_path_buf());
    opts.memtable_operations_millions = 0.0001; // 100 operations
    let e = Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap();
    for i in 0..250 {
        e.apply(&put("Std", &format!("k{i:03}"), "c", "v", 1))
            .unwrap();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while e.stats("ks", "Std").unwrap().sstable_count < 1 {
        assert!(
            std::time::Instant::now() < deadline,
            "no background flush happened"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(all_rows(&e, "Std").len(), 250);
    e.shutdown().unwrap();
}

/// A durable engine with only a total memtable space (as a cassandra.yaml
/// of 1.0 or later sets up).
fn with_total_space(dir: &std::path::Path, total_mb: u64) -> Engine {
    let mut opts = EngineOptions::in_memory(Arc::new(ManualClock::new(1_000_000)));
    opts.data_dir = Some(dir.to_path_buf());
    opts.memtable_throughput_mb = 0;
    opts.memtable_operations_millions = 0.0;
    opts.memtable_total_space_mb = total_mb;
    Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap()
}

#[test]
fn the_largest_memtable_flushes_when_all_together_pass_the_total_space() {
    let dir = tempfile::tempdir().unwrap();
    let e = with_total_space(dir.path(), 1);
    e.apply(&put("Long", "small", "12345678", "v", 1)).unwrap();
    let value = "x".repeat(2000);
    for i in 0..900 {
        e.apply(&put("Std", &format!("k{i:04}"), "c", &value, 1))
            .unwrap();
    }
    // The background flusher may take more than one turn (memory is
    // counted in whole arena blocks, so the rest written after the first
    // flush can pass the space again): wait until nothing is over it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while e.stats("ks", "Std").unwrap().sstable_count < 1 || e.inner.over_total_space().is_some() {
        assert!(
            std::time::Instant::now() < deadline,
            "the largest memtable was not flushed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Flushing the largest brought the total under the space: the small
    // one stays in memory.
    assert_eq!(e.stats("ks", "Long").unwrap().sstable_count, 0);
    assert_eq!(all_rows(&e, "Std").len(), 900);
    e.shutdown().unwrap();
}

#[test]
fn without_bounds_no_memtable_is_due() {
    let dir = tempfile::tempdir().unwrap();
    // No per-memtable bound and no total space: nothing is ever due (a
    // bound of 0 operations once made every memtable due at once).
    let e = with_total_space(dir.path(), 0);
    for i in 0..300 {
        e.apply(&put("Std", &format!("k{i:03}"), "c", "v", 1))
            .unwrap();
    }
    let cat = e.inner.catalog();
    let std = cat.cfs.get(&("ks".to_string(), "Std".to_string())).unwrap();
    assert!(!e.inner.needs_flush(std));
    assert!(e.inner.over_total_space().is_none());
    // Under a total space it holds, nothing is due either.
    drop(cat);
    e.shutdown().unwrap();
    drop(e);
    let e = with_total_space(dir.path(), 64);
    assert!(e.inner.over_total_space().is_none());
    e.shutdown().unwrap();
}

#[test]
fn engine_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Engine>();
    check::<EngineOptions>();
}

#[test]
fn an_expired_cell_reconciles_as_a_tombstone_before_and_after_compaction() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let e = on_disk(dir.path(), &clock);
    let now = clock.now();
    let expiring = Cell::expiring(b("c"), b("a"), 1, 10, now);
    e.apply(&ops(
        "Std",
        "k",
        vec![Op::Put {
            super_column: None,
            cell: expiring,
        }],
    ))
    .unwrap();
    e.flush(None).unwrap();
    // Same timestamp, in another store: the greater value wins while both live.
    e.apply(&put("Std", "k", "c", "z", 1)).unwrap();
    assert_eq!(
        pairs(&e.read(&names("Std", &["c"]), b"k").unwrap()),
        vec![("c".into(), "z".into())]
    );
    // Once expired it is a tombstone, and a tombstone wins a timestamp tie.
    clock.advance(10);
    assert!(e.read(&names("Std", &["c"]), b"k").unwrap().is_empty());
    e.compact("ks", "Std").unwrap();
    assert!(e.read(&names("Std", &["c"]), b"k").unwrap().is_empty());
    e.flush(None).unwrap();
    e.compact("ks", "Std").unwrap();
    assert!(e.read(&names("Std", &["c"]), b"k").unwrap().is_empty());
    e.shutdown().unwrap();
}

/// Replay applies records sorted by row key (`recovery::replay`), not in log
/// order: after a crash every row must be what the writes left, whatever
/// order they came in. Overwrites with older and newer timestamps, row
/// deletions, super columns, counters and records touching two CFs, over
/// keys written in random order, under both token kinds.
#[test]
fn crash_replay_in_key_order_restores_what_the_writes_left() {
    use crate::partitioner::{PartitionerRef, RandomPartitioner};
    use rand::{Rng, SeedableRng};
    let partitioners: [PartitionerRef; 2] = [
        Arc::new(OrderPreservingPartitioner),
        Arc::new(RandomPartitioner),
    ];
    for partitioner in partitioners {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(1_000_000));
        let open = || {
            let mut opts = EngineOptions::in_memory(clock.clone());
            opts.data_dir = Some(dir.path().to_path_buf());
            Engine::open(schema(partitioner.clone()), opts).unwrap()
        };
        let e = open();
        let now = clock.now();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for i in 0..3000 {
            let key = format!("k{:03}", rng.gen_range(0..300));
            let ts = rng.gen_range(1..60);
            let name = format!("c{}", rng.gen_range(0..6));
            let add = Op::CounterAdd {
                super_column: None,
                name: b(&name),
                delta: rng.gen_range(-5..20),
                timestamp: ts,
            };
            let m = match i % 6 {
                0 => ops("Std", &key, vec![Op::DeleteRow(DeletionTime::new(ts, now))]),
                1 => sput(&key, "s", &name, &format!("v{i}"), ts),
                2 => ops("Counter", &key, vec![add]),
                3 => {
                    // One record, two CFs.
                    let mut m = put("Std", &key, &name, &format!("v{i}"), ts);
                    m.updates.push(("Counter".into(), vec![add]));
                    m
                }
                _ => put("Std", &key, &name, &format!("v{i}"), ts),
            };
            e.apply(&m).unwrap();
        }
        let dump = |e: &Engine| -> Vec<String> {
            ["Std", "Super", "Counter"]
                .iter()
                .flat_map(|cf| {
                    let all = RowRange::Keys {
                        start: vec![],
                        end: vec![],
                    };
                    e.read_range(&range(cf, "", "", false, 100), &all, 1000)
                        .unwrap()
                        .into_iter()
                        .map(move |(k, r)| format!("{cf} {k:?} {r:?}"))
                })
                .collect()
        };
        let before = dump(&e);
        assert!(before.len() > 500, "{} rows", before.len());
        // Dropped without a flush: everything comes back from the log.
        drop(e);
        let e = open();
        assert_eq!(e.stats("ks", "Std").unwrap().sstable_count, 0);
        assert_eq!(dump(&e), before);
        e.shutdown().unwrap();
    }
}

/// Records as older versions logged them (no token: version 1) replay as
/// records carrying their key's token do, and a carried token of another
/// partitioner's form (written under Murmur3, replayed under Random) is
/// not trusted: the key is hashed again. Every row is then found by its
/// key (a row filed under a wrong token would not be).
#[test]
fn records_with_and_without_their_token_replay_alike() {
    use crate::partitioner::{Murmur3Partitioner, Partitioner, RandomPartitioner};
    use crate::storage::codec::{encode_mutation, encode_mutation_with_token};
    use crate::storage::commitlog::{CommitLog, CommitLogOptions, SyncMode};
    use crate::storage::memtable::arena::row_key::token_part;
    let dir = tempfile::tempdir().unwrap();
    let s = schema(Arc::new(RandomPartitioner));
    let (log, _) = CommitLog::open(CommitLogOptions {
        dir: dir.path().join("commitlog"),
        sync: SyncMode::Batch {
            window: std::time::Duration::ZERO,
        },
        segment_size: 1 << 20,
        ignore_replay_errors: false,
    })
    .unwrap();
    for i in 0..300 {
        let m = put("Std", &format!("k{i}"), "c", &format!("v{i}"), 1);
        let mut token = Vec::new();
        let record = match i % 3 {
            0 => encode_mutation(&s, &m),
            1 => {
                assert!(token_part(&RandomPartitioner.token(&m.key), &mut token));
                encode_mutation_with_token(&s, &m, &token)
            }
            _ => {
                assert!(token_part(&Murmur3Partitioner.token(&m.key), &mut token));
                encode_mutation_with_token(&s, &m, &token)
            }
        };
        assert_eq!(record[0], if i % 3 == 0 { 1 } else { 2 });
        log.append(&record).unwrap();
    }
    log.close().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let mut opts = EngineOptions::in_memory(clock);
    opts.data_dir = Some(dir.path().to_path_buf());
    let e = Engine::open(s, opts).unwrap();
    assert_eq!(e.stats("ks", "Std").unwrap().memtable_cells, 300);
    for i in 0..300 {
        let key = format!("k{i}");
        let got = e.read(&names("Std", &["c"]), key.as_bytes()).unwrap();
        assert_eq!(
            pairs(&got),
            vec![("c".to_string(), format!("v{i}"))],
            "{key}"
        );
    }
    e.shutdown().unwrap();
}

/// A traced write notes the steps it took: the commit-log append (and, in
/// batch mode, the wait for its sync), each column family's memtable and
/// the index it updated; in memory, the memtables only.
#[test]
fn a_traced_write_notes_its_log_append_memtables_and_index() {
    use crate::storage::commitlog::SyncMode;
    let steps = |e: &Engine| {
        let mut m = put("Std", "k", "c", "v", 1);
        m.updates.push((
            "People".into(),
            put("People", "k", "state", "TX", 1).updates[0].1.clone(),
        ));
        let (r, rec) = crate::trace::record(|| e.apply(&m));
        r.unwrap();
        rec.events
            .into_iter()
            .map(|e| e.activity)
            .collect::<Vec<_>>()
    };
    let in_memory = [
        "Adding to Std memtable",
        "Adding to People memtable",
        "Adding to the index on state",
    ];
    let clock = Arc::new(ManualClock::new(1_000_000));
    let mem = Engine::open(
        schema(Arc::new(OrderPreservingPartitioner)),
        EngineOptions::in_memory(clock.clone()),
    )
    .unwrap();
    assert_eq!(steps(&mem), in_memory);
    for batch in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let mut opts = EngineOptions::in_memory(clock.clone());
        opts.data_dir = Some(dir.path().to_path_buf());
        if batch {
            opts.sync = SyncMode::Batch {
                window: std::time::Duration::ZERO,
            };
        }
        let e = Engine::open(schema(Arc::new(OrderPreservingPartitioner)), opts).unwrap();
        let mut want = vec!["Appending to commitlog"];
        if batch {
            want.push("Waiting for commitlog sync (batch mode)");
        }
        want.extend(in_memory);
        assert_eq!(steps(&e), want, "batch: {batch}");
        // Untraced, nothing is noted anywhere.
        e.apply(&put("Std", "k", "d", "v", 1)).unwrap();
        e.shutdown().unwrap();
    }
}
