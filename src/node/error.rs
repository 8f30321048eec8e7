//! Why a node operation failed, in terms every front end can map: the
//! request was invalid, the write could not be made durable right now, or
//! the node itself failed. Each front end converts these to its own
//! exceptions in one place (Thrift: `thrift::error`); this module must not
//! know any wire protocol.

use crate::call::{Refusal, Said};
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
    /// What the emulated release failed on the server, an exception it did
    /// not catch (its Thrift server closed the connection).
    #[error("failed on the server: {0}")]
    FailedOnServer(String),
    /// A read in a no-wait attempt would have waited on the disk or on a
    /// lock (`StorageError::WouldBlock`, `LockBusy`): not a failure, and
    /// never an answer.
    /// The front end that made the attempt runs the call again where it
    /// may wait, before anything becomes a protocol error.
    #[error("read would wait: {0}")]
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

/// What a data call asked of the cluster: the level, how many replicas
/// that level waits for in the call's keyspace, and what it asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ClusterCall {
    pub consistency: crate::call::Consistency,
    pub block_for: i32,
    pub asked: Asked,
}

/// The kind of a data call, for the error its failure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    Read,
    /// A write, with its type by the native protocol's names.
    Write(&'static str),
    /// A truncate: every replica, whatever the level (Cassandra's `ALL`).
    Truncate,
}

impl ClusterCall {
    /// A call at `consistency` on a keyspace of `replication_factor`.
    pub fn new(
        consistency: crate::call::Consistency,
        replication_factor: i32,
        asked: Asked,
    ) -> ClusterCall {
        use crate::call::Consistency as C;
        let rf = replication_factor.max(1);
        let block_for = match consistency {
            C::Zero | C::Any | C::One | C::LocalOne => 1,
            C::Two => 2,
            C::Three => 3,
            C::Quorum | C::LocalQuorum | C::EachQuorum => rf / 2 + 1,
            C::All => rf,
        };
        ClusterCall {
            consistency,
            block_for,
            asked,
        }
    }

    /// The level's code and name (the native protocol's, which
    /// [`Refusal`]s carry).
    fn level(&self) -> (u16, &'static str) {
        use crate::call::Consistency as C;
        match self.consistency {
            C::Zero | C::Any => (0x0000, "ANY"),
            C::One => (0x0001, "ONE"),
            C::Two => (0x0002, "TWO"),
            C::Three => (0x0003, "THREE"),
            C::Quorum => (0x0004, "QUORUM"),
            C::All => (0x0005, "ALL"),
            C::LocalQuorum => (0x0006, "LOCAL_QUORUM"),
            C::EachQuorum => (0x0007, "EACH_QUORUM"),
            C::LocalOne => (0x000A, "LOCAL_ONE"),
        }
    }

    /// What a coordinator answers for a failure the cluster gave no counts
    /// for: no replica reachable is Unavailable with none alive, a request
    /// that may have reached them (the driver's deadline, a connection lost
    /// under it) a read or write timeout with none answered, in the words
    /// Cassandra used, the cluster's own failure after them.
    fn refusal(&self, unavailable: bool, why: &str) -> Refusal {
        let (consistency, name) = self.level();
        let block_for = self.block_for;
        let (message, said) = match (unavailable, self.asked) {
            // Cassandra's truncate refused at ALL, or timed out, as a
            // `TruncateException` ("Error during truncate: ...").
            (true, Asked::Truncate) => (
                format!("Error during truncate: Cannot achieve consistency level ALL ({why})"),
                Said::TruncateError,
            ),
            (false, Asked::Truncate) => (
                format!(
                    "Error during truncate: Truncate timed out - received only 0 responses ({why})"
                ),
                Said::TruncateError,
            ),
            (true, _) => (
                format!("Cannot achieve consistency level {name} ({why})"),
                Said::Unavailable {
                    consistency,
                    required: block_for,
                    alive: 0,
                },
            ),
            (false, Asked::Read) => (
                format!("Operation timed out - received only 0 responses. ({why})"),
                Said::ReadTimeout {
                    consistency,
                    received: 0,
                    block_for,
                    data_present: false,
                },
            ),
            (false, Asked::Write(write_type)) => (
                format!("Operation timed out - received only 0 responses. ({why})"),
                Said::WriteTimeout {
                    consistency,
                    received: 0,
                    block_for,
                    write_type: write_type.to_string(),
                },
            ),
        };
        Refusal { message, said }
    }
}

/// A data call's cluster errors: as [`gateway_error`] classifies them
/// (the classification Thrift answers by), each failure the cluster gave
/// no answer of its own for given the counts of `call`, so that a native
/// client gets Unavailable, ReadTimeout or WriteTimeout, which drivers
/// retry by policy, rather than a server error.
pub(super) fn gateway_call_error(
    e: crate::gateway::driver::error::GatewayError,
    call: ClusterCall,
) -> NodeError {
    match gateway_error(e) {
        NodeError::Unavailable { why, refusal: None } => NodeError::Unavailable {
            refusal: Some(call.refusal(true, &why)),
            why,
        },
        NodeError::TimedOut {
            why,
            acknowledged,
            refusal: None,
        } => NodeError::TimedOut {
            refusal: Some(call.refusal(false, &why)),
            why,
            acknowledged,
        },
        other => other,
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
        // 2.2 and 3.x: the local read threw IndexNotAvailableException, its
        // callback's onFailure made it a ReadFailureException, which Thrift
        // answered as a bare TimedOutException (ThriftConversion.toThrift).
        e @ StorageError::IndexBuilding(_) => NodeError::TimedOut {
            why: e.to_string(),
            acknowledged: Acknowledged::default(),
            refusal: None,
        },
        e @ (StorageError::WouldBlock { .. } | StorageError::LockBusy(_)) => {
            NodeError::WouldBlock(e.to_string())
        }
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

    /// Failures the cluster gave no counts for are classified as for
    /// Thrift and carry the call's counts; the cluster's own refusals and
    /// the rest pass as they were.
    #[test]
    fn cluster_failures_carry_the_calls_counts() {
        use crate::call::Consistency;
        use crate::gateway::driver::error::{GatewayError as G, TimeoutCause};
        let read = ClusterCall::new(Consistency::Quorum, 3, Asked::Read);
        let write = ClusterCall::new(Consistency::All, 3, Asked::Write("BATCH"));
        let said = |e: NodeError| match e {
            NodeError::Unavailable {
                refusal: Some(r), ..
            }
            | NodeError::TimedOut {
                refusal: Some(r), ..
            } => (r.said, r.message),
            other => panic!("{other:?}"),
        };
        let (s, message) = said(gateway_call_error(G::Unreachable("down".into()), read));
        assert_eq!(
            s,
            Said::Unavailable {
                consistency: 4,
                required: 2,
                alive: 0
            }
        );
        assert_eq!(
            message,
            "Cannot achieve consistency level QUORUM (cluster unreachable: down)"
        );
        let deadline = || G::timed_out(TimeoutCause::Client, "no answer in 2000 ms".into());
        let (s, message) = said(gateway_call_error(deadline(), read));
        assert_eq!(
            s,
            Said::ReadTimeout {
                consistency: 4,
                received: 0,
                block_for: 2,
                data_present: false
            }
        );
        assert!(message.starts_with("Operation timed out - received only 0 responses. ("));
        let (s, _) = said(gateway_call_error(G::ConnectionLost("reset".into()), write));
        assert_eq!(
            s,
            Said::WriteTimeout {
                consistency: 5,
                received: 0,
                block_for: 3,
                write_type: "BATCH".into()
            }
        );
        // A truncate is refused at ALL, or times out, as TRUNCATE_ERROR.
        let truncate = ClusterCall::new(Consistency::All, 3, Asked::Truncate);
        let (s, message) = said(gateway_call_error(G::Unreachable("down".into()), truncate));
        assert_eq!(s, Said::TruncateError);
        assert_eq!(
            message,
            "Error during truncate: Cannot achieve consistency level ALL (cluster unreachable: down)"
        );
        let (s, message) = said(gateway_call_error(deadline(), truncate));
        assert_eq!(s, Said::TruncateError);
        assert!(message.starts_with(
            "Error during truncate: Truncate timed out - received only 0 responses ("
        ));
        // Thrift's classification is unchanged.
        assert!(matches!(
            gateway_call_error(G::Unreachable("down".into()), truncate),
            NodeError::Unavailable { .. }
        ));
        assert!(matches!(
            gateway_call_error(deadline(), write),
            NodeError::TimedOut { .. }
        ));
        assert!(matches!(
            gateway_call_error(G::Internal("bad".into()), read),
            NodeError::Internal(_)
        ));
    }

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
