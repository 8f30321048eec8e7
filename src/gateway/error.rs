//! The one place the driver's errors become the gateway's: [`GatewayError`].
//!
//! The cluster's typed answers keep their meaning: too few live replicas is
//! `Unavailable`; a read or write timeout, a write or read failure on too
//! many replicas and an overloaded coordinator are `TimedOut` (the answer
//! Thrift clients retry); a refused statement is `Invalid` (the gateway
//! built it, so this mostly means the cluster's schema differs from
//! supercolumn's); no reachable node is `Unreachable`. The node maps these
//! to its own errors in one function (`node::error::gateway_error`).

use scylla::errors::{
    DbError, ExecutionError, NewSessionError, NextPageError, NextRowError, PagerExecutionError,
    PrepareError, RequestAttemptError, RequestError,
};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// The request cannot be served as asked (bad URL, refused statement,
    /// a layout the gateway does not serve yet).
    #[error("{0}")]
    Invalid(String),
    /// Too few live replicas for the consistency level.
    #[error("cluster unavailable: {0}")]
    Unavailable(String),
    /// Replicas did not answer in time, or failed the request.
    #[error("cluster timed out: {0}")]
    TimedOut(String),
    /// No node of the cluster could be reached.
    #[error("cluster unreachable: {0}")]
    Unreachable(String),
    /// Anything else (a malformed answer, a driver failure).
    #[error("cluster error: {0}")]
    Internal(String),
}

pub type GatewayResult<T> = Result<T, GatewayError>;

/// The cluster's own refusal, by its error code.
fn db_error(e: &DbError, msg: &str) -> GatewayError {
    let text = format!("{e}: {msg}");
    match e {
        DbError::Unavailable { .. } => GatewayError::Unavailable(text),
        DbError::ReadTimeout { .. }
        | DbError::WriteTimeout { .. }
        | DbError::ReadFailure { .. }
        | DbError::WriteFailure { .. }
        | DbError::Overloaded
        | DbError::IsBootstrapping
        | DbError::TruncateError => GatewayError::TimedOut(text),
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
        RequestAttemptError::BrokenConnectionError(_)
        | RequestAttemptError::UnableToAllocStreamId => GatewayError::Unreachable(e.to_string()),
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

impl From<ExecutionError> for GatewayError {
    fn from(e: ExecutionError) -> Self {
        match &e {
            ExecutionError::LastAttemptError(a) => attempt_error(a),
            ExecutionError::PrepareError(p) => prepare_error(p),
            ExecutionError::ConnectionPoolError(_) | ExecutionError::EmptyPlan => {
                GatewayError::Unreachable(e.to_string())
            }
            ExecutionError::RequestTimeout(_) => GatewayError::TimedOut(e.to_string()),
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
            RequestError::RequestTimeout(_) => GatewayError::TimedOut(r.to_string()),
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
            GatewayError::Unavailable(_)
        ));
        let later = NextRowError::NextPageError(NextPageError::RequestFailure(
            RequestError::LastAttemptError(unavailable),
        ));
        assert!(matches!(
            GatewayError::from(later),
            GatewayError::Unavailable(_)
        ));
    }
}
