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
