//! Why a node operation failed, in terms every front end can map: the
//! request was invalid, the write could not be made durable right now, or
//! the node itself failed. Each front end converts these to its own
//! exceptions in one place (Thrift: `thrift::error`); this module must not
//! know any wire protocol.

use crate::call::Refusal;
use crate::storage::commitlog::CommitLogError;
use crate::storage::StorageError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NodeError {
    /// The request cannot be served as asked (Cassandra's `why` text).
    #[error("invalid request: {0}")]
    Invalid(String),
    /// A write the node could not make durable: a full disk, no file
    /// descriptors left, or a commit log that refuses writes after a device
    /// error. Cassandra 1.2 answered this as a replica that never replied
    /// (`TimedOutException`), which old clients retry. Each episode is
    /// logged once by the storage engine, not per request.
    #[error("write not durable: {0}")]
    Unwritable(String),
    /// Anything the client did not cause (damaged SSTables among them).
    #[error("internal error: {0}")]
    Internal(String),
    /// A read in a no-wait attempt would have waited on the disk
    /// (`StorageError::WouldBlock`): not a failure, and never an answer.
    /// The front end that made the attempt runs the call again where it
    /// may wait, before anything becomes a protocol error.
    #[error("read would wait on the disk: {0}")]
    WouldBlock(String),
    /// A cluster backend had too few live replicas for the call's
    /// consistency level, or no node answered (Thrift's
    /// `UnavailableException`). `refusal` is the cluster's own answer, when
    /// it gave one.
    #[error("unavailable: {why}")]
    Unavailable {
        why: String,
        refusal: Option<Refusal>,
    },
    /// A cluster backend's replicas did not answer in time, a write failed
    /// on too many of them, or the connection broke while a request was on
    /// it (Thrift's `TimedOutException`).
    #[error("timed out: {why}")]
    TimedOut {
        why: String,
        acknowledged: Acknowledged,
        refusal: Option<Refusal>,
    },
}

/// What a cluster said of the replicas that acknowledged a timed-out write
/// (API 19.x's `TimedOutException` fields; unset when it did not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Acknowledged {
    pub by: Option<i32>,
    pub by_batchlog: Option<bool>,
}

pub type NodeResult<T> = Result<T, NodeError>;

/// Why an operator's action on the embedded engine failed (a flush, a
/// compaction, a snapshot, a column family's statistics: the calls of the
/// engine handle [`super::Node::embedded`] gives). Unlike a data call's
/// [`NodeError`], a closed engine is told apart: the server is stopping,
/// which the admin surface answers as a conflict, not a failure.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The action cannot be done as asked.
    #[error("{0}")]
    Invalid(String),
    /// The engine is closed (the server is stopping).
    #[error("storage is closed")]
    Closed,
    /// Anything else, in the engine's words.
    #[error("{0}")]
    Failed(String),
}

impl From<StorageError> for EngineError {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::Invalid(why) => EngineError::Invalid(why),
            StorageError::Closed => EngineError::Closed,
            other => EngineError::Failed(other.to_string()),
        }
    }
}

/// The cluster backend's errors for every call, in node terms (the one
/// place they are mapped; see `gateway::driver::error`). Every failure of the
/// cluster is one a client retries: a request that may have reached the
/// replicas (a timeout, a connection lost under it) is `TimedOut`, one that
/// reached none (too few replicas, no node reachable) is `Unavailable`.
/// Only a malformed answer or a driver failure is the node's own.
pub(super) fn gateway_error(e: crate::gateway::driver::error::GatewayError) -> NodeError {
    use crate::gateway::driver::error::GatewayError as G;
    let why = e.to_string();
    match e {
        G::Invalid(why) => NodeError::Invalid(why),
        G::Unavailable { refusal, .. } => NodeError::Unavailable { why, refusal },
        G::Unreachable(_) => NodeError::Unavailable { why, refusal: None },
        G::TimedOut(t) => NodeError::TimedOut {
            why,
            acknowledged: Acknowledged {
                by: t.acknowledged.by,
                by_batchlog: t.acknowledged.by_batchlog,
            },
            refusal: t.refusal,
        },
        G::ConnectionLost(_) => NodeError::TimedOut {
            why,
            acknowledged: Acknowledged::default(),
            refusal: None,
        },
        G::Internal(_) => NodeError::Internal(why),
    }
}

/// The engine's errors for data calls (reads, writes, truncate, CQL
/// statements). A keyspace or column family the engine no longer knows was
/// dropped while the call ran.
pub(super) fn storage_error(e: StorageError) -> NodeError {
    match e {
        StorageError::UnknownKeyspace(ks) => {
            NodeError::Invalid(format!("Keyspace {ks} does not exist"))
        }
        StorageError::UnknownColumnFamily { cf, .. } => {
            NodeError::Invalid(format!("unconfigured columnfamily {cf}"))
        }
        StorageError::Invalid(why) => NodeError::Invalid(why),
        e @ StorageError::WouldBlock { .. } => NodeError::WouldBlock(e.to_string()),
        StorageError::CommitLog(CommitLogError::PayloadTooLarge { len, max }) => {
            NodeError::Invalid(format!(
                "mutation of {len} bytes exceeds the commit log's maximum of {max} bytes"
            ))
        }
        e @ (StorageError::Exhausted { .. } | StorageError::CommitLog(_)) => {
            NodeError::Unwritable(e.to_string())
        }
        other => NodeError::Internal(other.to_string()),
    }
}

/// The engine's errors for schema changes. A schema change that cannot be
/// made durable is a failure of the node, not a retryable write (Thrift's
/// `system_*` calls declare no `TimedOutException`); the rest is as for data
/// calls.
pub(super) fn schema_storage_error(e: StorageError) -> NodeError {
    match e {
        e @ (StorageError::Exhausted { .. } | StorageError::CommitLog(_)) => {
            NodeError::Internal(e.to_string())
        }
        other => storage_error(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_writes_are_unwritable_and_damage_stays_internal() {
        use crate::storage::Exhaustion;
        let full = || StorageError::Exhausted {
            cause: Exhaustion::DiskFull,
            path: "/d/CommitLog-1.log".into(),
            source: std::io::Error::from_raw_os_error(28),
        };
        let emfile = StorageError::Exhausted {
            cause: Exhaustion::TooManyOpenFiles,
            path: "/d/data".into(),
            source: std::io::Error::from_raw_os_error(24),
        };
        assert!(matches!(storage_error(full()), NodeError::Unwritable(_)));
        assert!(matches!(storage_error(emfile), NodeError::Unwritable(_)));
        let failed = StorageError::CommitLog(CommitLogError::Failed("EIO".into()));
        assert!(matches!(storage_error(failed), NodeError::Unwritable(_)));
        let corrupt = StorageError::Corrupt {
            file: "/d/data/cf1-1-Data.db".into(),
            detail: "at offset 7: checksum".into(),
        };
        assert!(matches!(storage_error(corrupt), NodeError::Internal(d) if d.contains("offset 7")));
        let miss = StorageError::io(
            "/d/data/cf1-1-Data.db",
            std::io::Error::from(std::io::ErrorKind::WouldBlock),
        );
        assert!(matches!(storage_error(miss), NodeError::WouldBlock(d) if d.contains("cf1-1")));
        let big = StorageError::CommitLog(CommitLogError::PayloadTooLarge { len: 9, max: 8 });
        assert!(matches!(storage_error(big), NodeError::Invalid(_)));
        // A schema change that cannot be made durable is the node's failure.
        assert!(
            matches!(schema_storage_error(full()), NodeError::Internal(d) if d.contains("disk full"))
        );
    }
}
