//! The one place the driver's errors become the gateway's: [`GatewayError`].
//!
//! The cluster's typed answers keep their meaning: too few live replicas is
//! `Unavailable`; a read or write timeout, a write or read failure on too
//! many replicas, an overloaded or bootstrapping coordinator and the
//! client-side deadline are `TimedOut` (the answer Thrift clients retry),
//! with what a write timeout says of the replicas that acknowledged it; a
//! connection lost while a request was on it is `ConnectionLost` (the
//! request may have been applied, as after a timeout); no node to send it to
//! is `Unreachable` (nothing was tried, as with too few replicas); a refused
//! statement is `Invalid` (the gateway built it, so this mostly means the
//! cluster's schema differs from supercolumn's). Only what none of these
//! is, a malformed answer or a driver failure, is `Internal`. The node maps
//! these to its own errors in one function (`node::error::gateway_error`),
//! and [`GatewayError::kind`] names each for the error counts.

use crate::call::{Refusal, Said};
use scylla::errors::{
    DbError, ExecutionError, NewSessionError, NextPageError, NextRowError, PagerExecutionError,
    PrepareError, RequestAttemptError, RequestError, WriteType,
};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// The request cannot be served as asked (bad URL, refused statement,
    /// a layout the gateway does not serve yet).
    #[error("{0}")]
    Invalid(String),
    /// Too few live replicas for the consistency level; `refusal` is the
    /// cluster's own answer when it gave one.
    #[error("cluster unavailable: {why}")]
    Unavailable {
        why: String,
        refusal: Option<Refusal>,
    },
    /// Replicas did not answer in time, or failed the request.
    #[error("cluster timed out: {}", .0.why)]
    TimedOut(Timeout),
    /// The connection a request was sent on broke before its answer.
    #[error("cluster connection lost: {0}")]
    ConnectionLost(String),
    /// No node of the cluster could be reached.
    #[error("cluster unreachable: {0}")]
    Unreachable(String),
    /// Anything else (a malformed answer, a driver failure).
    #[error("cluster error: {0}")]
    Internal(String),
}

/// A timeout or failure the cluster (or the driver's deadline) answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeout {
    pub cause: TimeoutCause,
    pub why: String,
    /// What a write timeout says of the replicas, as 1.2's Thrift told it.
    pub acknowledged: Acknowledged,
    /// The cluster's own answer, when it gave one (not for a lost
    /// connection or the driver's deadline).
    pub refusal: Option<Refusal>,
}

/// Which answer a [`Timeout`] was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutCause {
    Read,
    Write,
    /// A read or write failure on too many replicas (protocol v4).
    Failure,
    /// The coordinator was overloaded or still bootstrapping.
    Overloaded,
    /// No answer within the request's wait (`deadline`: its kind's cluster
    /// timeout plus a twentieth, at most the URL's `timeout_ms`).
    Client,
}

/// The replicas that acknowledged a timed-out write: API 19.x's
/// `TimedOutException.acknowledged_by` (set for write timeouts only, as
/// 1.2 set it) and `acknowledged_by_batchlog` (for a logged batch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Acknowledged {
    pub by: Option<i32>,
    pub by_batchlog: Option<bool>,
}

impl GatewayError {
    pub(crate) fn timed_out(cause: TimeoutCause, why: String) -> GatewayError {
        GatewayError::TimedOut(Timeout {
            cause,
            why,
            acknowledged: Acknowledged::default(),
            refusal: None,
        })
    }

    /// The kind of failure, as the error counts label it.
    pub fn kind(&self) -> &'static str {
        match self {
            GatewayError::Invalid(_) => "invalid",
            GatewayError::Unavailable { .. } => "unavailable",
            GatewayError::TimedOut(t) => match t.cause {
                TimeoutCause::Read => "read_timeout",
                TimeoutCause::Write => "write_timeout",
                TimeoutCause::Failure => "replica_failure",
                TimeoutCause::Overloaded => "overloaded",
                TimeoutCause::Client => "client_timeout",
            },
            GatewayError::ConnectionLost(_) => "connection_lost",
            GatewayError::Unreachable(_) => "unreachable",
            GatewayError::Internal(_) => "internal",
        }
    }

    /// Every [`GatewayError::kind`], in a fixed order.
    pub const KINDS: [&'static str; 10] = [
        "invalid",
        "unavailable",
        "read_timeout",
        "write_timeout",
        "replica_failure",
        "overloaded",
        "client_timeout",
        "connection_lost",
        "unreachable",
        "internal",
    ];
}

pub type GatewayResult<T> = Result<T, GatewayError>;

/// How many calls met each kind of cluster error ([`GatewayError::KINDS`]).
#[derive(Debug, Default)]
pub(crate) struct ErrorCounts([std::sync::atomic::AtomicU64; GatewayError::KINDS.len()]);

impl ErrorCounts {
    pub(crate) fn count(&self, e: &GatewayError) {
        if let Some(i) = GatewayError::KINDS.iter().position(|k| *k == e.kind()) {
            self.0[i].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    pub(crate) fn counts(&self) -> Vec<(&'static str, u64)> {
        GatewayError::KINDS
            .iter()
            .zip(&self.0)
            .map(|(k, n)| (*k, n.load(std::sync::atomic::Ordering::Relaxed)))
            .collect()
    }
}

/// The cluster's own refusal, by its error code.
fn db_error(e: &DbError, msg: &str) -> GatewayError {
    let text = format!("{e}: {msg}");
    let refusal = |said| {
        Some(Refusal {
            message: msg.to_string(),
            said,
        })
    };
    let timed_out = |cause, refusal| {
        GatewayError::TimedOut(Timeout {
            cause,
            why: text.clone(),
            acknowledged: Acknowledged::default(),
            refusal,
        })
    };
    match e {
        DbError::Unavailable {
            consistency,
            required,
            alive,
        } => GatewayError::Unavailable {
            why: text.clone(),
            refusal: refusal(Said::Unavailable {
                consistency: *consistency as u16,
                required: *required,
                alive: *alive,
            }),
        },
        DbError::WriteTimeout {
            consistency,
            received,
            required,
            write_type,
        } => GatewayError::TimedOut(Timeout {
            cause: TimeoutCause::Write,
            acknowledged: Acknowledged {
                by: Some(*received),
                by_batchlog: match write_type {
                    WriteType::BatchLog => Some(false),
                    WriteType::Batch => Some(true),
                    _ => None,
                },
            },
            refusal: refusal(Said::WriteTimeout {
                consistency: *consistency as u16,
                received: *received,
                block_for: *required,
                write_type: write_type.as_str().to_string(),
            }),
            why: text,
        }),
        DbError::ReadTimeout {
            consistency,
            received,
            required,
            data_present,
        } => timed_out(
            TimeoutCause::Read,
            refusal(Said::ReadTimeout {
                consistency: *consistency as u16,
                received: *received,
                block_for: *required,
                data_present: *data_present,
            }),
        ),
        DbError::TruncateError => timed_out(TimeoutCause::Read, refusal(Said::TruncateError)),
        // Thrift had no failure of its own (3.x answered a bare
        // TimedOutException, nothing acknowledged); a native client gets
        // the cluster's counts.
        DbError::ReadFailure {
            consistency,
            received,
            required,
            numfailures,
            data_present,
        } => timed_out(
            TimeoutCause::Failure,
            refusal(Said::ReadFailure {
                consistency: *consistency as u16,
                received: *received,
                block_for: *required,
                num_failures: *numfailures,
                data_present: *data_present,
            }),
        ),
        DbError::WriteFailure {
            consistency,
            received,
            required,
            numfailures,
            write_type,
        } => timed_out(
            TimeoutCause::Failure,
            refusal(Said::WriteFailure {
                consistency: *consistency as u16,
                received: *received,
                block_for: *required,
                num_failures: *numfailures,
                write_type: write_type.as_str().to_string(),
            }),
        ),
        DbError::Overloaded => timed_out(TimeoutCause::Overloaded, refusal(Said::Overloaded)),
        DbError::IsBootstrapping => {
            timed_out(TimeoutCause::Overloaded, refusal(Said::IsBootstrapping))
        }
        DbError::SyntaxError
        | DbError::Invalid
        | DbError::AlreadyExists { .. }
        | DbError::Unauthorized
        | DbError::ConfigError => GatewayError::Invalid(msg.to_string()),
        _ => GatewayError::Internal(text),
    }
}

fn attempt_error(e: &RequestAttemptError) -> GatewayError {
    match e {
        RequestAttemptError::DbError(db, msg) => db_error(db, msg),
        RequestAttemptError::BrokenConnectionError(_) => {
            GatewayError::ConnectionLost(e.to_string())
        }
        RequestAttemptError::UnableToAllocStreamId => GatewayError::Unreachable(e.to_string()),
        other => GatewayError::Internal(other.to_string()),
    }
}

fn prepare_error(e: &PrepareError) -> GatewayError {
    match e {
        PrepareError::AllAttemptsFailed { first_attempt } => attempt_error(first_attempt),
        PrepareError::ConnectionPoolError(_) => GatewayError::Unreachable(e.to_string()),
        other => GatewayError::Internal(other.to_string()),
    }
}

/// Whether `e` says the prepared statement sent is not the node's (still
/// unprepared after the driver's own re-preparation, or re-prepared under
/// another id: the table changed under its name), so that preparing it
/// afresh and running it once more may succeed.
pub(in crate::gateway) fn is_stale_prepared(e: &ExecutionError) -> bool {
    matches!(
        e,
        ExecutionError::LastAttemptError(
            RequestAttemptError::RepreparedIdChanged { .. }
                | RequestAttemptError::DbError(DbError::Unprepared { .. }, _)
        )
    )
}

impl From<ExecutionError> for GatewayError {
    fn from(e: ExecutionError) -> Self {
        match &e {
            ExecutionError::LastAttemptError(a) => attempt_error(a),
            ExecutionError::PrepareError(p) => prepare_error(p),
            ExecutionError::ConnectionPoolError(_) | ExecutionError::EmptyPlan => {
                GatewayError::Unreachable(e.to_string())
            }
            ExecutionError::RequestTimeout(_) => {
                GatewayError::timed_out(TimeoutCause::Client, e.to_string())
            }
            _ => GatewayError::Internal(e.to_string()),
        }
    }
}

impl From<PrepareError> for GatewayError {
    fn from(e: PrepareError) -> Self {
        prepare_error(&e)
    }
}

/// A page's request failing, the first page's (a paged read's answer to
/// its statement: unavailable at ALL with a node down, say) or a later one's.
fn page_error(e: &NextPageError) -> GatewayError {
    match e {
        NextPageError::RequestFailure(r) => match r {
            RequestError::LastAttemptError(a) => attempt_error(a),
            RequestError::ConnectionPoolError(_) | RequestError::EmptyPlan => {
                GatewayError::Unreachable(r.to_string())
            }
            RequestError::RequestTimeout(_) => {
                GatewayError::timed_out(TimeoutCause::Client, r.to_string())
            }
            _ => GatewayError::Internal(r.to_string()),
        },
        other => GatewayError::Internal(other.to_string()),
    }
}

impl From<PagerExecutionError> for GatewayError {
    fn from(e: PagerExecutionError) -> Self {
        match e {
            PagerExecutionError::PrepareError(p) => prepare_error(&p),
            PagerExecutionError::NextPageError(p) => page_error(&p),
            other => GatewayError::Internal(other.to_string()),
        }
    }
}

impl From<NextRowError> for GatewayError {
    fn from(e: NextRowError) -> Self {
        match &e {
            NextRowError::NextPageError(p) => page_error(p),
            _ => GatewayError::Internal(e.to_string()),
        }
    }
}

impl From<NewSessionError> for GatewayError {
    fn from(e: NewSessionError) -> Self {
        GatewayError::Unreachable(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scylla::statement::Consistency;

    #[test]
    fn each_cluster_failure_is_one_clients_retry_with_its_kind() {
        let attempt = |e| GatewayError::from(ExecutionError::LastAttemptError(e));
        let write = attempt(RequestAttemptError::DbError(
            DbError::WriteTimeout {
                consistency: Consistency::Quorum,
                received: 1,
                required: 2,
                write_type: WriteType::Simple,
            },
            "Operation timed out".into(),
        ));
        match &write {
            GatewayError::TimedOut(t) => {
                assert_eq!(t.acknowledged.by, Some(1));
                assert_eq!(t.acknowledged.by_batchlog, None);
                let said = t.refusal.as_ref().map(|r| (&r.message, &r.said));
                let expected = Said::WriteTimeout {
                    consistency: 4,
                    received: 1,
                    block_for: 2,
                    write_type: "SIMPLE".into(),
                };
                assert_eq!(said, Some((&"Operation timed out".to_string(), &expected)));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(write.kind(), "write_timeout");
        let logged = attempt(RequestAttemptError::DbError(
            DbError::WriteTimeout {
                consistency: Consistency::Quorum,
                received: 0,
                required: 2,
                write_type: WriteType::BatchLog,
            },
            String::new(),
        ));
        assert!(
            matches!(&logged, GatewayError::TimedOut(t) if t.acknowledged.by_batchlog == Some(false))
        );
        let read = attempt(RequestAttemptError::DbError(
            DbError::ReadTimeout {
                consistency: Consistency::One,
                received: 0,
                required: 1,
                data_present: false,
            },
            String::new(),
        ));
        assert!(matches!(&read, GatewayError::TimedOut(t) if t.acknowledged.by.is_none()));
        assert_eq!(read.kind(), "read_timeout");
        let overloaded = attempt(RequestAttemptError::DbError(
            DbError::Overloaded,
            String::new(),
        ));
        assert_eq!(overloaded.kind(), "overloaded");
        assert_eq!(
            GatewayError::from(ExecutionError::EmptyPlan).kind(),
            "unreachable"
        );
        for e in [write, read, overloaded] {
            assert!(GatewayError::KINDS.contains(&e.kind()));
        }
    }

    #[test]
    fn replica_failures_keep_the_clusters_counts_and_acknowledge_nothing() {
        let attempt = |e| {
            GatewayError::from(ExecutionError::LastAttemptError(
                RequestAttemptError::DbError(e, "Operation failed - received 1 responses".into()),
            ))
        };
        let said = |e: &GatewayError| match e {
            GatewayError::TimedOut(t) => {
                assert_eq!(t.acknowledged, Acknowledged::default());
                assert_eq!(e.kind(), "replica_failure");
                t.refusal.clone().map(|r| r.said)
            }
            other => panic!("{other:?}"),
        };
        let read = attempt(DbError::ReadFailure {
            consistency: Consistency::LocalQuorum,
            received: 1,
            required: 2,
            numfailures: 1,
            data_present: true,
        });
        assert_eq!(
            said(&read),
            Some(Said::ReadFailure {
                consistency: 6,
                received: 1,
                block_for: 2,
                num_failures: 1,
                data_present: true,
            })
        );
        let write = attempt(DbError::WriteFailure {
            consistency: Consistency::All,
            received: 2,
            required: 3,
            numfailures: 1,
            write_type: WriteType::BatchLog,
        });
        assert_eq!(
            said(&write),
            Some(Said::WriteFailure {
                consistency: 5,
                received: 2,
                block_for: 3,
                num_failures: 1,
                write_type: "BATCH_LOG".into(),
            })
        );
    }

    #[test]
    fn a_paged_reads_first_page_keeps_the_clusters_answer() {
        // A read at ALL with a replica down: the pager's first page fails.
        let unavailable = RequestAttemptError::DbError(
            DbError::Unavailable {
                consistency: Consistency::All,
                required: 3,
                alive: 2,
            },
            "Cannot achieve consistency level ALL".into(),
        );
        let first = PagerExecutionError::NextPageError(NextPageError::RequestFailure(
            RequestError::LastAttemptError(unavailable.clone()),
        ));
        assert!(matches!(
            GatewayError::from(first),
            GatewayError::Unavailable { .. }
        ));
        let later = NextRowError::NextPageError(NextPageError::RequestFailure(
            RequestError::LastAttemptError(unavailable),
        ));
        assert!(matches!(
            GatewayError::from(later),
            GatewayError::Unavailable { .. }
        ));
    }
}
