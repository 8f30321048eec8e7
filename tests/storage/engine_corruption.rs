//! Damage on disk: a flipped byte in an SSTable is reported as corruption
//! naming the file (never served as data); a truncated commit-log tail is
//! dropped and everything before it recovered.

use crate::support::engine;

use engine::schema;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions, StorageError};

fn open(dir: &Path) -> Result<Engine, StorageError> {
    let o = EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Batch {
            window: Duration::ZERO,
        },
        ..EngineOptions::default()
    };
    Engine::open(schema(Arc::new(ByteOrderedPartitioner), 864_000), o)
}

fn put(key: &str, i: usize) -> RowMutation {
    let cell = Cell::live(format!("c{i:04}").into_bytes(), vec![b'v'; 100], 1);
    engine::put_std(key, cell)
}

fn read_all(e: &Engine, key: &str) -> Result<RowResult, StorageError> {
    e.read(&engine::std_columns(usize::MAX), key.as_bytes())
}

fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    v.sort();
    v
}

#[test]
fn flipped_sstable_byte_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path()).unwrap();
    for k in 0..20 {
        for i in 0..50 {
            e.apply(&put(&format!("key{k:02}"), i)).unwrap();
        }
    }
    e.shutdown().unwrap();
    drop(e);
    let data = files_ending(&dir.path().join("ks"), "-Data.db");
    assert_eq!(data.len(), 1);
    let mut bytes = std::fs::read(&data[0]).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x40;
    std::fs::write(&data[0], &bytes).unwrap();

    let e = match open(dir.path()) {
        Ok(e) => e,
        Err(StorageError::Corrupt { file, .. }) => {
            assert_eq!(file, data[0]);
            return;
        }
        Err(other) => panic!("unexpected error {other}"),
    };
    let mut errors = 0;
    for k in 0..20 {
        match read_all(&e, &format!("key{k:02}")) {
            Ok(r) => {
                let RowResult::Cells(cells) = r else { panic!() };
                assert_eq!(
                    cells.len(),
                    50,
                    "a row came back incomplete instead of failing"
                );
                for (i, c) in cells.iter().enumerate() {
                    assert_eq!(c.name, format!("c{i:04}").into_bytes());
                    assert_eq!(c.value, vec![b'v'; 100]);
                }
            }
            Err(StorageError::Corrupt { file, .. }) => {
                assert_eq!(file, data[0], "the error must name the damaged file");
                errors += 1;
            }
            Err(other) => panic!("unexpected error {other}"),
        }
    }
    eprintln!("{errors} of 20 rows reported corruption");
    assert!(errors > 0, "the flipped byte went unnoticed");
}

#[test]
fn truncated_commit_log_tail_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let e = open(dir.path()).unwrap();
    for i in 0..10 {
        e.apply(&put("k", i)).unwrap();
    }
    drop(e); // no flush: everything is only in the log
    let segments = files_ending(&dir.path().join("commitlog"), ".log");
    let last = segments.last().expect("a commit log segment");
    let len = std::fs::metadata(last).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(last).unwrap();
    f.set_len(len - 5).unwrap();
    drop(f);

    let e = open(dir.path()).unwrap();
    let RowResult::Cells(cells) = read_all(&e, "k").unwrap() else {
        panic!()
    };
    let names: Vec<Vec<u8>> = cells.into_iter().map(|c| c.name).collect();
    let want: Vec<Vec<u8>> = (0..9).map(|i| format!("c{i:04}").into_bytes()).collect();
    assert_eq!(
        names, want,
        "the first nine records survive, the torn tenth is dropped"
    );
    // The engine keeps working after the repair.
    e.apply(&put("k", 9)).unwrap();
    assert_eq!(read_all(&e, "k").unwrap().len(), 10);
    e.shutdown().unwrap();
}
