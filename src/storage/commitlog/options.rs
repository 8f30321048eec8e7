//! What a commit log is opened with (sync mode, segment size, the replay
//! override) and the positions it hands out.
//!
//! Plain data and its validation; no I/O.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::error::CommitLogError;

/// When appended records are made durable (Cassandra's `CommitLogSync`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncMode {
    /// Acknowledge at once; fsync every `period` (`CommitLogSyncPeriodInMS`).
    Periodic { period: Duration },
    /// Acknowledge after an fsync covering the record. Once a record is
    /// waiting, the syncer waits up to `window` (`CommitLogSyncBatchWindowInMS`)
    /// for appenders in progress to finish writing and for as many writes as
    /// its previous fsync acknowledged (those writers are likely to write
    /// again), so one fsync covers them all; a lone writer never waits. A
    /// zero window syncs at once (writes arriving during an fsync still share
    /// the next one).
    Batch { window: Duration },
}

/// How to open a commit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitLogOptions {
    /// The directory holding the segments (`CommitLogDirectory`). Created if
    /// missing. One open `CommitLog` owns it at a time.
    pub dir: PathBuf,
    pub sync: SyncMode,
    /// A segment is closed and a new one started before a record would grow
    /// it past this many bytes (`CommitLogRotationThresholdInMB`). A record
    /// larger than this gets a segment of its own.
    pub segment_size: u64,
    /// Open even when replay finds corruption (damage with intact records
    /// after it), replaying every intact record and skipping only the
    /// damaged bytes (Cassandra's `cassandra.commitlog.ignorereplayerrors`).
    pub ignore_replay_errors: bool,
}

/// The smallest accepted `segment_size`.
pub const MIN_SEGMENT_SIZE: u64 = 1024;

impl CommitLogOptions {
    /// Cassandra 0.6's defaults: periodic sync every 10 s, 128 MiB segments.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        CommitLogOptions {
            dir: dir.into(),
            sync: SyncMode::Periodic {
                period: Duration::from_millis(10_000),
            },
            segment_size: 128 * 1024 * 1024,
            ignore_replay_errors: false,
        }
    }

    pub(crate) fn validate(&self) -> Result<(), CommitLogError> {
        if self.segment_size < MIN_SEGMENT_SIZE {
            return Err(CommitLogError::InvalidOptions(format!(
                "segment_size {} is below the minimum of {MIN_SEGMENT_SIZE} bytes",
                self.segment_size
            )));
        }
        if let SyncMode::Periodic { period } = self.sync {
            if period.is_zero() {
                return Err(CommitLogError::InvalidOptions(
                    "the periodic sync period must be greater than zero".into(),
                ));
            }
        }
        Ok(())
    }
}

/// A place in the log: the start of a record, or (from `current_position`)
/// where the next record will start. Ordered by segment, then offset; every
/// record appended later has a greater position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    pub segment: u64,
    pub offset: u64,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.segment, self.offset)
    }
}
