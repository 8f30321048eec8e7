//! The storage engine in process: commit-log properties, the engine
//! against a model, concurrency, corruption, runtime schema changes,
//! SSTables and the on-disk layout. Its modules are the files of
//! `tests/storage/`. Nothing here starts a process: these tests reopen data
//! directories all the time, and a child forked meanwhile would briefly hold
//! their commit-log directory locks (the process tests are in `crash.rs`).
//!
//! One module: `cargo test --release --test storage -- engine_model::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod engine;
    pub mod sstable;
}

mod storage {
    mod commitlog_props;
    mod engine_concurrency;
    mod engine_corruption;
    mod engine_model;
    mod engine_schema;
    mod sstable_corruption;
    mod sstable_roundtrip;
    mod sstable_slice;
    mod sstable_wide;
    mod storage_layout;
}
