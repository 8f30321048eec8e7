//! Readers, writers, flushes and compactions at once: every write a reader
//! has seen acknowledged stays visible while memtables are switched and
//! SSTables are swapped underneath.

use crate::support::engine;

use engine::schema;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::model::*;
use supercolumn::partitioner::Murmur3Partitioner;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

const WRITERS: u64 = 3;

fn key(w: u64, i: u64) -> Vec<u8> {
    format!("w{w}-{i}").into_bytes()
}

#[test]
fn reads_stay_consistent_during_flush_and_compaction() {
    let dir = tempfile::tempdir().unwrap();
    let opts = EngineOptions {
        data_dir: Some(dir.path().to_path_buf()),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        memtable_operations_millions: 0.0003,
        compaction_min_threshold: 2,
        ..EngineOptions::default()
    };
    let engine =
        Arc::new(Engine::open(schema(Arc::new(Murmur3Partitioner), 864_000), opts).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    // Per writer: how many of its writes are acknowledged.
    let acked: Arc<Vec<AtomicU64>> = Arc::new((0..WRITERS).map(|_| AtomicU64::new(0)).collect());
    let mut threads = Vec::new();
    for w in 0..WRITERS {
        let (engine, stop, acked) = (engine.clone(), stop.clone(), acked.clone());
        threads.push(std::thread::spawn(move || {
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                let cell = Cell::live(b"c".to_vec(), i.to_string().into_bytes(), 1);
                let sub = Cell::live(b"x".to_vec(), i.to_string().into_bytes(), 1);
                let m = RowMutation {
                    keyspace: "ks".into(),
                    key: key(w, i),
                    updates: vec![
                        (
                            "Std".into(),
                            vec![Op::Put {
                                super_column: None,
                                cell,
                            }],
                        ),
                        (
                            "Super".into(),
                            vec![Op::Put {
                                super_column: Some(b"s".to_vec()),
                                cell: sub,
                            }],
                        ),
                    ],
                };
                engine.apply(&m).unwrap();
                i += 1;
                acked[w as usize].store(i, Ordering::SeqCst);
            }
        }));
    }
    for r in 0..2u64 {
        let (engine, stop, acked) = (engine.clone(), stop.clone(), acked.clone());
        threads.push(std::thread::spawn(move || {
            let cmd = |cf: &str| ReadCommand {
                keyspace: "ks".into(),
                cf: cf.into(),
                super_column: None,
                slice: Slice::Range {
                    start: vec![],
                    finish: vec![],
                    reversed: false,
                    count: 10,
                },
            };
            let mut n = r;
            while !stop.load(Ordering::Relaxed) {
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let w = (n >> 33) % WRITERS;
                let upto = acked[w as usize].load(Ordering::SeqCst);
                if upto == 0 {
                    continue;
                }
                let i = (n >> 7) % upto;
                let RowResult::Cells(cells) = engine.read(&cmd("Std"), &key(w, i)).unwrap() else {
                    panic!()
                };
                assert_eq!(cells.len(), 1, "acknowledged write w{w}-{i} not visible");
                assert_eq!(cells[0].value, i.to_string().into_bytes());
                let RowResult::SuperColumns(scs) = engine.read(&cmd("Super"), &key(w, i)).unwrap()
                else {
                    panic!()
                };
                assert_eq!(
                    scs.len(),
                    1,
                    "acknowledged super column of w{w}-{i} not visible"
                );
            }
        }));
    }
    {
        let (engine, stop) = (engine.clone(), stop.clone());
        threads.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                engine.flush(None).unwrap();
                engine.compact("ks", "Std").unwrap();
                std::thread::sleep(Duration::from_millis(50));
            }
        }));
    }
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(50));
    }
    stop.store(true, Ordering::SeqCst);
    for t in threads {
        t.join().unwrap();
    }
    let total: u64 = acked.iter().map(|a| a.load(Ordering::SeqCst)).sum();
    let range = RowRange::Keys {
        start: vec![],
        end: vec![],
    };
    let cmd = engine::std_columns(1);
    assert_eq!(
        engine.read_range(&cmd, &range, usize::MAX).unwrap().len() as u64,
        total
    );
    engine.shutdown().unwrap();
}

/// Writers (Batch sync, so writes hold the gate across an fsync), flushes,
/// compactions, truncations and schema changes all at once: nothing
/// deadlocks or panics, and writes after the last truncate are all there.
#[test]
fn truncates_and_schema_changes_race_writes_and_flushes() {
    let dir = tempfile::tempdir().unwrap();
    let opts = EngineOptions {
        data_dir: Some(dir.path().to_path_buf()),
        sync: SyncMode::Batch {
            window: Duration::from_millis(1),
        },
        memtable_operations_millions: 0.0001,
        compaction_min_threshold: 2,
        ..EngineOptions::default()
    };
    let base = schema(Arc::new(Murmur3Partitioner), 864_000);
    let mut grown = (*base).clone();
    let extra = supercolumn::schema::CfDef::new(
        "ks",
        "Extra",
        50,
        Arc::new(supercolumn::marshal::BytesType),
        None,
    );
    grown
        .keyspaces
        .get_mut("ks")
        .unwrap()
        .cfs
        .insert("Extra".into(), Arc::new(extra));
    let grown = Arc::new(grown);
    let engine = Arc::new(Engine::open(grown.clone(), opts).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let mut threads = Vec::new();
    for w in 0..WRITERS {
        let (engine, stop) = (engine.clone(), stop.clone());
        threads.push(std::thread::spawn(move || {
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) {
                for cf in ["Std", "Extra"] {
                    let m = RowMutation {
                        keyspace: "ks".into(),
                        key: key(w, i),
                        updates: vec![(
                            cf.into(),
                            vec![Op::Put {
                                super_column: None,
                                cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
                            }],
                        )],
                    };
                    match engine.apply(&m) {
                        Ok(())
                        | Err(supercolumn::storage::StorageError::UnknownColumnFamily { .. }) => {}
                        Err(e) => panic!("write failed: {e}"),
                    }
                }
                i += 1;
            }
        }));
    }
    let started = Instant::now();
    let mut round = 0;
    while started.elapsed() < Duration::from_millis(1500) {
        engine.truncate("ks", "Std").unwrap();
        engine.flush(None).unwrap();
        engine.compact("ks", "Std").unwrap();
        // Drop and re-create `Extra` (a new id each time, as the schema does).
        engine.update_schema(base.clone()).unwrap();
        let mut again = (*grown).clone();
        let cf = supercolumn::schema::CfDef::new(
            "ks",
            "Extra",
            51 + round,
            Arc::new(supercolumn::marshal::BytesType),
            None,
        );
        again
            .keyspaces
            .get_mut("ks")
            .unwrap()
            .cfs
            .insert("Extra".into(), Arc::new(cf));
        engine.update_schema(Arc::new(again)).unwrap();
        round += 1;
    }
    stop.store(true, Ordering::SeqCst);
    for t in threads {
        t.join().unwrap();
    }
    assert!(round > 2, "only {round} rounds of schema changes");
    // Writes after the last truncate are all there, before and after a flush.
    engine.truncate("ks", "Std").unwrap();
    let m = RowMutation {
        keyspace: "ks".into(),
        key: b"last".to_vec(),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
            }],
        )],
    };
    engine.apply(&m).unwrap();
    engine.flush(None).unwrap();
    let cmd = ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Names(vec![b"c".to_vec()]),
    };
    let rows = engine
        .read_range(
            &cmd,
            &RowRange::Keys {
                start: vec![],
                end: vec![],
            },
            1000,
        )
        .unwrap();
    assert_eq!(rows.len(), 1);
    engine.shutdown().unwrap();
}
