//! The engine's tunables, as storage-conf.xml names them, with Cassandra
//! 0.6's defaults.
//!
//! It must not read config files: the server maps its config onto these.

use super::clock::{Clock, SystemClock};
use super::commitlog::SyncMode;
use super::row::range_tombstones::RangeJudging;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Where SSTables live; `None` keeps everything in memory (no files at all).
    pub data_dir: Option<PathBuf>,
    /// Where the commit log lives; `None` means `<data_dir>/commitlog`.
    pub commitlog_dir: Option<PathBuf>,
    pub sync: SyncMode,
    /// Commit-log segment size in bytes.
    pub segment_size: u64,
    /// Open even when the commit log is corrupt (damage with intact records
    /// after it), replaying every intact record; see `CommitLogOptions`.
    pub ignore_commitlog_replay_errors: bool,
    /// One CF's memtable is flushed at this many MB (0: no such bound;
    /// Cassandra 1.0 and later have none).
    pub memtable_throughput_mb: u64,
    /// ... or at this many million operations (0: no such bound).
    pub memtable_operations_millions: f64,
    pub memtable_flush_after_minutes: u64,
    /// When every CF's memtables together (live and being flushed) hold
    /// this many MB, the largest live one is flushed, as Cassandra 1.0 to
    /// 1.2 did with `memtable_total_space_in_mb` (0: no such bound, as in
    /// 0.6). Checked by the flush thread twice a second.
    pub memtable_total_space_mb: u64,
    pub column_index_size_kb: u64,
    pub index_interval: usize,
    /// Used when a CF does not set its own (CfDef::gc_grace_seconds <= 0 is taken as unset).
    pub gc_grace_seconds: i32,
    pub compaction_min_threshold: usize,
    /// Server seconds for TTL and deletion times; tests inject a manual clock.
    pub clock: Arc<dyn Clock>,
    /// Which of two versions of a cell with the same timestamp and value
    /// stays (see [`Ties`]), and how values compare (see [`Reconciling`]).
    pub ties: Reconciling,
    /// How reads and compactions judge a cell on a bound two range
    /// tombstones share (see [`RangeJudging`]).
    pub range_judging: RangeJudging,
    /// When an index added over stored rows is built (see [`IndexBuilds`]).
    pub index_builds: IndexBuilds,
    /// What an indexed read checks its other expressions against (see
    /// [`IndexChecks`]).
    pub index_checks: IndexChecks,
}

/// What `get_indexed_slices` compares an expression other than the one
/// whose index it scans with. Cassandra 0.7 to 1.2 (`ColumnFamilyStore.scan`,
/// then `KeysSearcher` and `ExtendedFilter.isSatisfiedBy`) read the row as
/// the read path kept it, deleted columns included until `gc_grace_seconds`
/// passed, and compared whatever version it met: a column's tombstone (its
/// value, the deletion's second as a 4-byte int) or an expired column (its
/// value) could satisfy an expression, and the row was answered without it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IndexChecks {
    /// Live columns only: a deleted or expired column satisfies nothing.
    #[default]
    Live,
    /// The newest version of the column, deleted or expired ones included
    /// while `gc_grace_seconds` keeps them.
    Met,
}

/// When a secondary index added to a column family that already holds
/// rows is built from them. Writes made once the index exists are indexed
/// with the write in every mode.
///
/// Cassandra 0.7 to 3.11 answered the schema change first and built the
/// index on a thread of its own (0.7's `ColumnFamilyStore.addIndex`, then
/// `SecondaryIndex.buildIndexAsync`: flush the base CF, index its SSTables,
/// flush the index), which took a JVM node some 30 to 250 ms: a query made
/// at once saw only the later writes (0.7 to 2.1), or failed as not yet
/// queryable (2.2 and 3.x, `IndexNotAvailableException`). The engine builds
/// such an index once [`IndexBuilds::REQUESTS`] of its data requests
/// (writes and index reads) have been served since the change, or
/// [`IndexBuilds::AFTER`] has passed, whichever comes first (see the
/// constants for why).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IndexBuilds {
    /// Within the schema change: every query sees the stored rows.
    #[default]
    AtOnce,
    /// Later; a query before then reads only what was written since
    /// (`fails: false`) or fails ([`super::StorageError::IndexBuilding`]).
    Later { fails: bool },
}

impl IndexBuilds {
    /// Requests served while the build runs. On fresh real nodes
    /// (0.7.10 to 2.2.19, eight rows) back-to-back index queries saw the
    /// build done at the third to fifth one (a JVM's first calls of a path
    /// are slow), on a warmed path after 10 to 40: the first three
    /// requests after the change are the ones every release answered
    /// unbuilt, whatever the pace of the client or of this server (which
    /// answers far faster than a JVM did, so a time alone would stretch
    /// over many more calls than the release's build did).
    pub const REQUESTS: u64 = 3;
    /// ... or this long after the change: a client that waits before it
    /// queries finds the index built, as on a real node (whose build of a
    /// few rows took 30 to 250 ms).
    pub const AFTER: Duration = Duration::from_millis(100);
}

/// Two writes of one cell at the same timestamp with the same value (one
/// with a TTL, say): which version the memtable keeps. Cassandra up to 2.0
/// reconciled the new version against the old one and kept itself on a
/// tie (`column.reconcile(oldColumn)`); 2.1 on reconciled the old one
/// against the new and kept the old, unless both expire and the new one
/// lives longer (`FirstUnlessOutlived`); 3.0 on kept the one living longer
/// (the greater local deletion time, none the greatest), else the old.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    #[default]
    KeepFirst,
    TakeLater,
    LongerLived,
    FirstUnlessOutlived,
}

/// How the memtable reconciles two versions of a cell that are not
/// counters, tied on timestamp: which one a tie of value keeps, and how
/// values compare. 0.6 compared them as unsigned bytes
/// (`FBUtilities.compareByteArrays`); from 0.7 they were `ByteBuffer`s,
/// whose `compareTo` compares Java's signed bytes (`0x01` over `0x80`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reconciling {
    pub ties: Ties,
    pub signed_values: bool,
}

impl From<Ties> for Reconciling {
    fn from(ties: Ties) -> Reconciling {
        Reconciling {
            ties,
            signed_values: false,
        }
    }
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            data_dir: None,
            commitlog_dir: None,
            sync: SyncMode::Periodic {
                period: Duration::from_millis(10_000),
            },
            segment_size: 128 * 1024 * 1024,
            ignore_commitlog_replay_errors: false,
            memtable_throughput_mb: 64,
            memtable_operations_millions: 0.3,
            memtable_flush_after_minutes: 60,
            memtable_total_space_mb: 0,
            column_index_size_kb: 64,
            index_interval: 128,
            gc_grace_seconds: 864_000,
            compaction_min_threshold: 4,
            clock: Arc::new(SystemClock),
            ties: Reconciling::default(),
            range_judging: RangeJudging::Covering,
            index_builds: IndexBuilds::AtOnce,
            index_checks: IndexChecks::Live,
        }
    }
}

impl EngineOptions {
    /// In-memory options with this clock (tests).
    pub fn in_memory(clock: Arc<dyn Clock>) -> EngineOptions {
        EngineOptions {
            clock,
            ..EngineOptions::default()
        }
    }
}
