//! Runtime schema changes and truncation against the engine: CFs created,
//! updated and dropped while it runs (data of dropped CFs deleted and never
//! replayed), truncation that survives a restart and a crash, and writes
//! racing a drop.

use crate::support::engine;

use engine::schema;
use std::path::Path;
use std::sync::Arc;
use supercolumn::marshal::BytesType;
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};
use supercolumn::storage::{Engine, EngineOptions, StorageError};

fn base() -> Arc<Schema> {
    schema(Arc::new(ByteOrderedPartitioner), 864_000)
}

/// `base` plus keyspace `dyn` holding one Standard CF `T` with this id.
fn with_dynamic(id: u32, gc_grace: i32) -> Arc<Schema> {
    let mut s = (*base()).clone();
    let cf = CfDef {
        gc_grace_seconds: gc_grace,
        ..CfDef::new("dyn", "T", id, Arc::new(BytesType), None)
    };
    s.keyspaces
        .insert("dyn".into(), KeyspaceDef::new("dyn", [cf]));
    Arc::new(s)
}

fn disk(dir: &Path) -> EngineOptions {
    EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        ..EngineOptions::default()
    }
}

fn put(ks: &str, cf: &str, key: &str, name: &str, ts: i64) -> RowMutation {
    RowMutation {
        keyspace: ks.into(),
        key: key.as_bytes().to_vec(),
        updates: vec![(
            cf.into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(name.as_bytes().to_vec(), b"v".to_vec(), ts),
            }],
        )],
    }
}

fn all(ks: &str, cf: &str) -> ReadCommand {
    ReadCommand {
        keyspace: ks.into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: 1000,
        },
    }
}

/// Column names of one row, as strings.
fn names(e: &Engine, ks: &str, cf: &str, key: &str) -> Vec<String> {
    match e.read(&all(ks, cf), key.as_bytes()).unwrap() {
        RowResult::Cells(cs) => cs
            .iter()
            .map(|c| String::from_utf8_lossy(&c.name).into_owned())
            .collect(),
        RowResult::SuperColumns(_) => panic!("standard CF"),
    }
}

/// Files of one CF's SSTables: `<data_dir>/<keyspace>/<cf>-<generation>-<Component>.db`.
fn files_of(dir: &Path, ks: &str, cf: &str) -> usize {
    let Ok(entries) = std::fs::read_dir(dir.join(ks)) else {
        return 0;
    };
    entries
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(&format!("{cf}-"))
        })
        .count()
}

#[test]
fn created_cf_is_usable_and_dropped_cf_is_deleted_and_never_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    assert!(matches!(
        e.apply(&put("dyn", "T", "k", "a", 1)),
        Err(StorageError::UnknownKeyspace(_))
    ));
    e.update_schema(with_dynamic(100, 10)).unwrap();
    e.apply(&put("dyn", "T", "k", "a", 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&put("dyn", "T", "k", "b", 1)).unwrap();
    e.apply(&put("ks", "Std", "k", "x", 1)).unwrap();
    assert_eq!(names(&e, "dyn", "T", "k"), ["a", "b"]);
    assert!(files_of(dir.path(), "dyn", "T") > 0);

    e.update_schema(base()).unwrap();
    assert_eq!(
        files_of(dir.path(), "dyn", "T"),
        0,
        "SSTables of the dropped CF"
    );
    assert!(
        !dir.path().join("dyn").exists(),
        "the dropped keyspace's directory"
    );
    assert!(matches!(
        e.read(&all("dyn", "T"), b"k"),
        Err(StorageError::UnknownKeyspace(_))
    ));
    // Recreated under the same name: a new id, and nothing of the old data.
    e.update_schema(with_dynamic(101, 10)).unwrap();
    assert!(names(&e, "dyn", "T", "k").is_empty());
    e.apply(&put("dyn", "T", "k", "c", 1)).unwrap();
    drop(e); // a crash: everything comes back from the commit log

    let e = Engine::open(with_dynamic(101, 10), disk(dir.path())).unwrap();
    assert_eq!(names(&e, "dyn", "T", "k"), ["c"]);
    assert_eq!(names(&e, "ks", "Std", "k"), ["x"]);
    e.shutdown().unwrap();
    drop(e);
    // Opening against a schema without the keyspace: its records are skipped.
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    assert_eq!(names(&e, "ks", "Std", "k"), ["x"]);
}

#[test]
fn updated_cf_keeps_its_data_and_takes_new_options() {
    let clock = Arc::new(supercolumn::storage::ManualClock::new(1_000_000));
    let dir = tempfile::tempdir().unwrap();
    let opts = EngineOptions {
        clock: clock.clone(),
        ..disk(dir.path())
    };
    let e = Engine::open(with_dynamic(100, 864_000), opts).unwrap();
    e.apply(&put("dyn", "T", "k", "a", 1)).unwrap();
    e.apply(&RowMutation {
        keyspace: "dyn".into(),
        key: b"gone".to_vec(),
        updates: vec![(
            "T".into(),
            vec![Op::DeleteRow(DeletionTime::new(5, 1_000_000))],
        )],
    })
    .unwrap();
    e.flush(None).unwrap();
    e.update_schema(with_dynamic(100, 0)).unwrap();
    assert_eq!(names(&e, "dyn", "T", "k"), ["a"]);
    clock.advance(1);
    // gc grace is now 0: a major compaction purges the ghost row.
    e.compact("dyn", "T").unwrap();
    let rows = e
        .read_range(
            &all("dyn", "T"),
            &RowRange::Keys {
                start: vec![],
                end: vec![],
            },
            100,
        )
        .unwrap();
    assert_eq!(rows.len(), 1, "only k is left: {rows:?}");
}

#[test]
fn a_comparator_change_is_refused_and_changes_nothing() {
    let e = Engine::open(with_dynamic(100, 10), EngineOptions::default()).unwrap();
    e.apply(&put("dyn", "T", "k", "a", 1)).unwrap();
    let mut s = (*with_dynamic(100, 10)).clone();
    let cf = CfDef::new(
        "dyn",
        "T",
        100,
        Arc::new(supercolumn::marshal::LongType),
        None,
    );
    s.keyspaces
        .insert("dyn".into(), KeyspaceDef::new("dyn", [cf]));
    assert!(matches!(
        e.update_schema(Arc::new(s)),
        Err(StorageError::Invalid(_))
    ));
    assert_eq!(names(&e, "dyn", "T", "k"), ["a"]);
    assert!(e
        .schema()
        .cf("dyn", "T")
        .unwrap()
        .comparator
        .class_name()
        .ends_with("BytesType"));
}

#[test]
fn truncate_removes_earlier_data_in_memory_and_on_disk() {
    let mem = Engine::open(base(), EngineOptions::default()).unwrap();
    mem.apply(&put("ks", "Std", "k", "a", 1)).unwrap();
    mem.truncate("ks", "Std").unwrap();
    assert!(names(&mem, "ks", "Std", "k").is_empty());
    mem.apply(&put("ks", "Std", "k", "b", 1)).unwrap();
    assert_eq!(names(&mem, "ks", "Std", "k"), ["b"]);
    assert!(matches!(
        mem.truncate("ks", "Nope"),
        Err(StorageError::UnknownColumnFamily { .. })
    ));

    let dir = tempfile::tempdir().unwrap();
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    e.apply(&put("ks", "Std", "k", "flushed", 1)).unwrap();
    e.flush(None).unwrap();
    e.apply(&put("ks", "Std", "k", "logged", 1)).unwrap();
    e.apply(&put("ks", "Super", "k", "other", 1).clone_as_super())
        .unwrap();
    e.truncate("ks", "Std").unwrap();
    assert!(names(&e, "ks", "Std", "k").is_empty());
    assert_eq!(files_of(dir.path(), "ks", "Std"), 0);
    e.apply(&put("ks", "Std", "k", "after", 1)).unwrap();
    drop(e); // crash: the log still holds the records from before the truncate

    let e = Engine::open(base(), disk(dir.path())).unwrap();
    assert_eq!(names(&e, "ks", "Std", "k"), ["after"]);
    let sup = e
        .read(
            &ReadCommand {
                cf: "Super".into(),
                ..all("ks", "Super")
            },
            b"k",
        )
        .unwrap();
    assert_eq!(sup.len(), 1, "other CFs of the same records are replayed");
    // A second truncate after a restart, then a clean shutdown and restart.
    e.truncate("ks", "Std").unwrap();
    e.shutdown().unwrap();
    drop(e);
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    assert!(names(&e, "ks", "Std", "k").is_empty());
}

#[test]
fn sstables_left_by_a_crash_during_truncate_stay_truncated() {
    let dir = tempfile::tempdir().unwrap();
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    e.apply(&put("ks", "Std", "k", "old", 1)).unwrap();
    e.flush(None).unwrap();
    let saved = tempfile::tempdir().unwrap();
    let data = dir.path().join("ks");
    for f in std::fs::read_dir(&data).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), saved.path().join(f.file_name())).unwrap();
    }
    e.truncate("ks", "Std").unwrap();
    e.apply(&put("ks", "Std", "k", "new", 1)).unwrap();
    e.flush(None).unwrap();
    drop(e);
    // As if the process died after the marker but before the deletion.
    for f in std::fs::read_dir(saved.path()).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), data.join(f.file_name())).unwrap();
    }
    let e = Engine::open(base(), disk(dir.path())).unwrap();
    assert_eq!(names(&e, "ks", "Std", "k"), ["new"]);
}

#[test]
fn writes_racing_a_drop_fail_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let e = Arc::new(Engine::open(with_dynamic(100, 10), disk(dir.path())).unwrap());
    let writers: Vec<_> = (0..3)
        .map(|t| {
            let e = e.clone();
            std::thread::spawn(move || {
                let mut refused = 0;
                for i in 0..300 {
                    let key = format!("k{t}-{i}");
                    match e.apply(&put("dyn", "T", &key, "a", 1)) {
                        Ok(()) => {}
                        Err(StorageError::UnknownKeyspace(_)) => refused += 1,
                        Err(other) => panic!("unexpected {other}"),
                    }
                    match e.read(&all("dyn", "T"), key.as_bytes()) {
                        Ok(_) | Err(StorageError::UnknownKeyspace(_)) => {}
                        Err(other) => panic!("unexpected {other}"),
                    }
                }
                refused
            })
        })
        .collect();
    for _ in 0..5 {
        e.flush(None).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    e.update_schema(base()).unwrap();
    for w in writers {
        w.join().unwrap();
    }
    assert_eq!(files_of(dir.path(), "dyn", "T"), 0);
    e.flush(None).unwrap();
    assert_eq!(files_of(dir.path(), "dyn", "T"), 0);
}

trait AsSuper {
    fn clone_as_super(&self) -> RowMutation;
}

impl AsSuper for RowMutation {
    /// The same write into the Super CF, under super column `s`.
    fn clone_as_super(&self) -> RowMutation {
        let mut m = self.clone();
        for (_, ops) in &mut m.updates {
            for op in ops {
                if let Op::Put { super_column, .. } = op {
                    *super_column = Some(b"s".to_vec());
                }
            }
        }
        m
    }
}
