//! The storage engine: Cassandra's data model on a durable LSM.
//!
//! Owns rows, columns, tombstones and their reconciliation; the commit log,
//! memtables, SSTables and compaction. Front ends (Thrift, CQL) call it through
//! the narrow API of [`Engine`] only. It must not know about Thrift or CQL,
//! and it trusts its input's names, keys and comparators (front ends validate)
//! while never panicking on any input.
//!
//! # API (the only door)
//!
//! ```text
//! Engine::open(schema: Arc<Schema>, opts: EngineOptions) -> Result<Engine, StorageError>
//! engine.schema() -> Arc<Schema>
//! engine.apply(&RowMutation) -> Result<(), StorageError>         // durable per SyncMode when Ok
//! engine.apply_batch(&[RowMutation]) -> Result<(), StorageError>  // one group commit
//! engine.read(&ReadCommand, key: &[u8]) -> Result<RowResult, StorageError>
//! engine.read_range(&ReadCommand, &RowRange, max_rows) -> Result<Vec<(Bytes, RowResult)>, StorageError>
//! engine.flush(keyspace: Option<&str>) -> Result<(), StorageError>
//! engine.compact(ks, cf) -> Result<(), StorageError>
//! engine.stats(ks, cf) -> Result<CfStats, StorageError>
//! engine.shutdown() -> Result<(), StorageError>                  // flush all, stop threads
//! ```
//!
//! All calls block (the server runs them on `spawn_blocking`); `Engine` is
//! `Send + Sync` and cheap to share behind an `Arc`.
//!
//! Reads return only live data: reconciled (`Cell::supersedes`), with row and
//! super-column tombstones applied, expired TTL cells dropped, sliced, and a
//! `count` that counts live items only. `read_range` returns every row that
//! exists in storage in ring order, including rows whose data is all deleted
//! (empty result, Cassandra 0.6 "range ghosts") until compaction purges them.

mod cfstore;
pub mod clock;
mod codec;
pub mod commitlog;
mod compaction;
mod engine;
#[cfg(test)]
mod engine_tests;
mod flush;
mod memtable;
pub mod model;
mod options;
mod query;
mod range;
mod recovery;
mod row;
pub mod sstable;
mod sstore;
#[cfg(test)]
mod testutil;

pub use cfstore::CfStats;
pub use clock::{Clock, ManualClock, SystemClock};
pub use engine::Engine;
pub use options::{EngineOptions, SyncMode};

use std::path::PathBuf;

/// Everything the engine can fail with.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("I/O error on {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("corrupt data in {file}: {detail}")]
    Corrupt { file: PathBuf, detail: String },
    #[error("unknown keyspace {0}")]
    UnknownKeyspace(String),
    #[error("unknown column family {cf} in keyspace {keyspace}")]
    UnknownColumnFamily { keyspace: String, cf: String },
    /// The request does not fit the schema or the engine's limits.
    #[error("invalid request: {0}")]
    Invalid(String),
    #[error("the storage engine is shut down")]
    Closed,
    /// The commit log refused or failed a write (after a failed fsync it
    /// refuses all writes until the process restarts and replays).
    #[error(transparent)]
    CommitLog(#[from] commitlog::CommitLogError),
}
