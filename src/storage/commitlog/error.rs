//! The commit log's error type.
//!
//! Owns only the taxonomy of failures a caller of the log can see. Damage found
//! while replaying is not an error (it is reported as a `ReplayIssue` and
//! skipped); errors here mean "this call did not do what was asked".

use std::io;
use std::path::PathBuf;

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

    /// An earlier write or fsync failed. After a failed fsync the kernel may
    /// have dropped dirty pages, so nothing written since the last good sync
    /// can be trusted: the log refuses all further writes and the process
    /// must restart and replay (Cassandra's `commit_failure_policy: stop`).
    #[error("the commit log has failed and accepts no more writes: {0}")]
    Failed(String),
}

impl CommitLogError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> Self {
        CommitLogError::Io {
            path: path.into(),
            source,
        }
    }
}
