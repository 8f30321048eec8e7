//! The commit log's error type.
//!
//! Owns only the taxonomy of failures a caller of the log can see. A torn
//! last record found while replaying is not an error (it is reported as a
//! `ReplayIssue` and skipped); damage with intact records after it is
//! [`CommitLogError::Corrupt`] unless the caller asked to replay around it.
//! Errors here mean "this call did not do what was asked".

use std::io;
use std::path::PathBuf;

use crate::storage::resource::Exhaustion;

/// Why a commit log call failed.
#[derive(Debug, thiserror::Error)]
pub enum CommitLogError {
    /// An operating-system call failed on the named file or directory.
    #[error("commit log I/O error on {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    /// The options cannot describe a working log.
    #[error("invalid commit log options: {0}")]
    InvalidOptions(String),

    /// Another open `CommitLog` (in this or another process) owns the directory.
    #[error("commit log directory {0} is already in use by another commit log")]
    Locked(PathBuf),

    /// The payload cannot be framed as one record.
    #[error("commit log record of {len} bytes exceeds the maximum of {max} bytes")]
    PayloadTooLarge { len: usize, max: usize },

    /// `discard_before` was given a position this log has not reached yet.
    #[error("position {requested} lies beyond the commit log's current position {current}")]
    PositionBeyondEnd { requested: String, current: String },

    /// The disk is full or no file could be opened (while writing a record,
    /// creating a segment or syncing). Nothing of this call is acknowledged,
    /// no partial record is left behind, and the log stays usable: the next
    /// write tries again.
    #[error("commit log write failed on {path}: {source}")]
    Exhausted {
        cause: Exhaustion,
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    /// Replay found a damaged record (or segment header) with intact records
    /// after it: corruption, not a write torn by a crash, which can only be
    /// the last thing in the log. Nothing is opened unless the log is opened
    /// with `ignore_replay_errors`.
    #[error("commit log segment {file} is damaged at byte offset {offset} ({what}) and intact records follow it: this is corruption, not a torn last write ({regions} damaged region(s) in all); refusing to replay around it")]
    Corrupt {
        file: PathBuf,
        offset: u64,
        what: String,
        regions: usize,
    },

    /// An earlier write, truncation or fsync failed for a reason other than
    /// exhaustion (an I/O error of the device). Nothing written since the
    /// last good sync can be trusted: the log refuses all further writes and
    /// the process must restart and replay (Cassandra's
    /// `commit_failure_policy: stop`).
    #[error("the commit log has failed and accepts no more writes: {0}")]
    Failed(String),
}

impl CommitLogError {
    /// The error for a failed OS call: `Exhausted` when it ran out of disk
    /// space or file descriptors, else `Io`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> Self {
        match Exhaustion::of(&source) {
            Some(cause) => CommitLogError::Exhausted {
                cause,
                path: path.into(),
                source,
            },
            None => CommitLogError::Io {
                path: path.into(),
                source,
            },
        }
    }

    /// What ran out, when this error is an exhaustion.
    pub fn exhaustion(&self) -> Option<Exhaustion> {
        match self {
            CommitLogError::Exhausted { cause, .. } => Some(*cause),
            _ => None,
        }
    }
}
