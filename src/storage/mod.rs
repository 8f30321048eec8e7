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
//!     // on disk: removes leftovers of interrupted writes, opens SSTables, replays the log
//! engine.schema() -> Arc<Schema>
//! engine.apply(&RowMutation) -> Result<(), StorageError>          // durable per SyncMode when Ok
//! engine.apply_batch(&[RowMutation]) -> Result<(), StorageError>   // all validated first; one log write + sync
//! engine.read(&ReadCommand, key: &[u8]) -> Result<RowResult, StorageError>
//! engine.read_range(&ReadCommand, &RowRange, max_rows: usize)
//!     -> Result<Vec<(Bytes, RowResult)>, StorageError>             // ring order, ghosts included
//! engine.read_indexed(&ReadCommand, &IndexQuery) -> Result<Vec<(Bytes, RowResult)>, StorageError>
//!                                                               // KEYS secondary indexes (get_indexed_slices)
//! engine.flush(keyspace: Option<&str>) -> Result<(), StorageError> // returns when in SSTables
//! engine.compact(keyspace: &str, cf: &str) -> Result<(), StorageError> // major compaction
//! engine.stats(keyspace: &str, cf: &str) -> Result<CfStats, StorageError>
//! engine.update_schema(new: Arc<Schema>) -> Result<(), StorageError> // swap the schema snapshot
//! engine.truncate(keyspace: &str, cf: &str) -> Result<(), StorageError> // durable, Cassandra's TRUNCATE
//! engine.shutdown() -> Result<(), StorageError>  // refuse new calls, flush all, stop threads, sync log
//! ```
//!
//! - All calls block (the server runs them on `spawn_blocking`); `Engine` is
//!   `Send + Sync`; share it behind an `Arc`. After `shutdown` every call but
//!   `stats` returns `StorageError::Closed`. Dropping an `Engine` stops its
//!   threads without flushing (the commit log has everything).
//! - `EngineOptions { data_dir: None, .. }` (e.g. `EngineOptions::in_memory(clock)`)
//!   keeps everything in memory: no files, `flush`/`compact` do nothing.
//!   On disk (Cassandra 0.6's layout, see `layout`), SSTables live in
//!   `<data_dir>/<keyspace>/<cf>-<generation>-<Component>.db` and record
//!   the `CfDef::id` they were written for, truncation markers in
//!   `<data_dir>/<keyspace>/<cf>.truncated`, and the commit log in
//!   `commitlog_dir` or `<data_dir>/commitlog`. Keyspace and CF names must
//!   be letters, digits and `_` (`open` and `update_schema` refuse others
//!   with `Invalid`). `open` first moves a directory of the previous layout
//!   (`<data_dir>/data/cf<id>-<generation>-*`, `<data_dir>/markers`) into
//!   this one (`layout::upgrade`).
//! - Schema changes: the caller validates and persists the new schema, then
//!   calls `update_schema`. CFs are matched by `CfDef::id`: a new id gets an
//!   empty store (files a dropped CF left under its name are deleted); an
//!   id that is gone (dropped CF or keyspace) has its memtables, SSTables
//!   and truncation marker deleted before the call returns (and a dropped
//!   keyspace its directory), and its commit-log records are skipped on
//!   replay (ids are never reused); an SSTable or marker found under a CF's
//!   name but recorded for another id is deleted at `open`, so a CF dropped
//!   and created again never reads the old one's data; a kept id takes the
//!   new definition (options such as gc grace; comparators must not change).
//!   Writes in flight finish against the old snapshot; a write arriving after
//!   the drop gets `UnknownKeyspace` / `UnknownColumnFamily`. Reads in flight
//!   finish on the data they started with. `open` replays against the schema
//!   it is given, so load the persisted dynamic schema first.
//! - `truncate` removes all data of one CF written before the call, and writes
//!   a marker (`<data_dir>/<keyspace>/<cf>.truncated`: CF id, commit-log
//!   position and SSTable generation at truncation) so that after a restart or crash no
//!   older record is replayed and no older SSTable is reopened.
//! - gc grace is `CfDef::gc_grace_seconds` when it is >= 0, else
//!   `EngineOptions::gc_grace_seconds`. Local times (TTL expiry, deletion
//!   times, gc grace) come from `EngineOptions::clock`.
//! - Errors: `UnknownKeyspace` / `UnknownColumnFamily`, `Invalid` (an op that
//!   does not fit the CF type, e.g. a Standard write to a Super CF, or an
//!   unparsable token; nothing of the batch is applied), `Io`, `Exhausted
//!   { cause, .. }` (the disk is full or no file could be opened: the call
//!   did nothing durable and succeeds again once the resource is back, no
//!   restart needed; see "Running out of space" below), `Corrupt { file,
//!   detail }` (damaged SSTable: the read fails, no data is served),
//!   `CommitLog` (the log failed after a device error and refuses all
//!   writes; or, from `open`, the log is corrupt, see
//!   `EngineOptions::ignore_commitlog_replay_errors`), `Closed`.
//!
//! # Running out of space or descriptors
//!
//! A write whose commit-log append fails for lack of space or descriptors
//! is not applied and gets `Exhausted`; the log cuts back any partial
//! record and retries a segment it could not create on the next write. A
//! flush or compaction that fails the same way deletes what it half wrote
//! and keeps its inputs (a frozen memtable stays readable and in the log);
//! the background threads retry with a growing pause (up to 8 s). Each
//! episode is logged once when it starts and once when it ends
//! (`resource::Episodes`), not once per call. After a periodic-mode fsync
//! fails for lack of space the engine flushes every memtable, since the
//! log can no longer vouch for what it acknowledged since its last sync.
//!
//! # Semantics (Cassandra 0.6)
//!
//! Reads return only live data: reconciled (`Cell::supersedes`), with row and
//! super-column tombstones applied (a write at or below a covering tombstone's
//! timestamp stays invisible), expired TTL cells dropped, sliced by the CF
//! comparator (sub-columns by the subcomparator; `reversed` walks backwards,
//! `start` then being the upper bound), with `count` counting live items only.
//! A super column with no live sub-column is not returned; `Slice::Names`
//! returns the live names that exist, in comparator order. `read_range`
//! returns every row that exists in storage in ring order, including rows whose
//! data is all deleted (empty result, Cassandra 0.6 "range ghosts") until a
//! major compaction after gc grace purges them.
//!
//! Range tombstones (`Op::DeleteRange { start, end, deletion }`, Standard CFs
//! only, as CQL3 deletes rows and collections): every cell named from `start`
//! to `end` inclusive (compared with the CF comparator; composite bounds come
//! with their end-of-component bytes set by the caller; an empty bound is
//! open) and written at or before `deletion.marked_for_delete_at` is deleted.
//! They live with the row (SSTable partition header, version 2), make a row
//! a range ghost like other tombstones, and are purged by a major compaction
//! after gc grace.
//!
//! Counters (CFs with `CfDef::is_counter()`, Cassandra 1.2 on one node):
//! `Op::CounterAdd { super_column, name, delta, timestamp }` adds to a
//! counter column; a counter CF takes only increments and deletions
//! (`Op::Put` of a tombstone, row and super-column deletes), other CFs refuse
//! increments (`Invalid`). Reads return a counter as a cell of kind
//! `CellKind::Counter { .. }` whose value is the 8-byte big-endian total
//! (`Cell::counter_total()`) and whose timestamp is the highest increment's.
//! Versions of a counter add up, so each is merged exactly once: every
//! SSTable records how far into the commit log its CF's data is flushed
//! (`covers_until`, flushes of a CF complete in order) and which SSTables it
//! was compacted from; a restart replays each CF only past what its SSTables
//! hold and deletes leftover compaction inputs. Deleting a counter follows
//! Cassandra's caveat: increments with a higher timestamp than the deletion
//! start again from zero.
//!
//! Secondary indexes (KEYS, Standard CFs, the whole-name columns of
//! `CfDef::options.indexed_columns()`): kept in memory, rebuilt from the data
//! when the engine opens and when `update_schema` adds an index. An index may
//! hold stale entries (overwritten, deleted or expired values); `read_indexed`
//! checks every candidate against the row's live data. `IndexQuery {
//! expressions: Vec<IndexExpression { column, op: IndexOperator::{Eq, Gte,
//! Gt, Lte, Lt}, value }>, start_key, count }` returns the rows satisfying
//! every expression (values compared with the column's validator; a missing
//! column fails), in ring order from `start_key` inclusive, at most `count`,
//! each read with the command's slice (an empty result for a matching row
//! is still returned). It needs an `Eq` on an indexed column, else
//! `Invalid("No indexed columns present in index clause with operator EQ")`;
//! other checks of the clause are the front end's.

// The API: the types that cross it, at this level.
mod clock;
pub mod nowait;
mod options;
pub mod packed_batch;
mod resource;
pub mod stats;
pub mod stored_view;

// The implementation, a folder per concept.
mod codec;
pub mod commitlog;
mod engine;
mod heap;
mod index;
mod layout;
mod memtable;
mod query;
mod recovery;
mod row;
mod sorted;
pub mod sstable;
mod store;
#[cfg(test)]
mod testutil;

pub use clock::{Clock, ManualClock, SystemClock};
pub use engine::Engine;
pub use engine::{SnapshotEntry, SNAPSHOTS_DIR};
pub use options::{EngineOptions, IndexBuilds, IndexChecks, Reconciling, Ties};
pub use query::FlushedReads;
pub use resource::Exhaustion;
pub use row::range_tombstones::RangeJudging;
pub use store::CfStats;

use std::path::PathBuf;

/// Everything the engine can fail with.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("I/O error on {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The disk is full or no file could be opened. Nothing of the call was
    /// acknowledged and nothing already acknowledged is lost; the same call
    /// succeeds once space or descriptors are back (no restart needed).
    #[error("{cause} on {path}: {source}")]
    Exhausted {
        cause: Exhaustion,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("corrupt data in {file}: {detail}")]
    Corrupt { file: PathBuf, detail: String },
    /// In a no-wait read ([`nowait::attempt`]), the bytes of `path` were not
    /// in the page cache: nothing failed, the read is to be run again where
    /// it may wait (the caller decides where; this is never the client's).
    #[error("read of {path} would wait on the disk")]
    WouldBlock { path: PathBuf },
    /// In a no-wait read, a lock the read takes was held by a writer
    /// (a schema change, truncation, memtable switch): as `WouldBlock`.
    #[error("read would wait on the {0} lock")]
    LockBusy(&'static str),
    #[error("unknown keyspace {0}")]
    UnknownKeyspace(String),
    #[error("unknown column family {cf} in keyspace {keyspace}")]
    UnknownColumnFamily { keyspace: String, cf: String },
    /// The request does not fit the schema or the engine's limits.
    #[error("invalid request: {0}")]
    Invalid(String),
    #[error("the storage engine is shut down")]
    Closed,
    /// An index read by a column whose index is still being built from the
    /// rows stored when it was added, on a release that failed such a read
    /// (`IndexBuilds::Later { fails: true }`).
    #[error("the index on {0} is not built yet")]
    IndexBuilding(String),
    /// The commit log refused or failed a write (after a device error it
    /// refuses all writes until the process restarts and replays), or found
    /// corruption when opening. Its exhaustion errors become `Exhausted`.
    #[error(transparent)]
    CommitLog(commitlog::CommitLogError),
}

impl StorageError {
    /// The error for a failed OS call on `path`: `Exhausted` when it ran out
    /// of disk space or file descriptors, else `Io`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> StorageError {
        // Only a no-wait read fails this way (storage files are blocking).
        if source.kind() == std::io::ErrorKind::WouldBlock {
            return StorageError::WouldBlock { path: path.into() };
        }
        match Exhaustion::of(&source) {
            Some(cause) => StorageError::Exhausted {
                cause,
                path: path.into(),
                source,
            },
            None => StorageError::Io {
                path: path.into(),
                source,
            },
        }
    }
}

impl From<commitlog::CommitLogError> for StorageError {
    fn from(e: commitlog::CommitLogError) -> Self {
        match e {
            commitlog::CommitLogError::Exhausted {
                cause,
                path,
                source,
            } => StorageError::Exhausted {
                cause,
                path,
                source,
            },
            other => StorageError::CommitLog(other),
        }
    }
}
