//! When the gateway sends a request once more on its own: only when no
//! coordinator answered it ([`PassThrough`], the backend URL's
//! `retry=cluster`, the default).
//!
//! A gateway stands between an application and its cluster, and the
//! application has a retry policy of its own (Hector's, pycassa's, a
//! DataStax driver's) that reads the cluster's answers: an Unavailable
//! says the coordinator counts too few replicas alive, a read or write
//! timeout says how many replicas answered (`received`, `block_for`). The
//! gateway passes each such answer on at once, as the cluster gave it:
//! sent to another coordinator it would meet the same replicas down, or a
//! node that has stopped answering, and turn a 1 ms answer into a client
//! timeout. What is retried, on the next node of the plan, is a request no
//! coordinator answered: the connection broke under it, or the node was
//! bootstrapping or overloaded (it refused before coordinating); the first
//! two only when the request is idempotent (a read: a write may have been
//! applied). `retry=driver` keeps the driver's own policy instead. This
//! module must not send requests.

use scylla::errors::{DbError, RequestAttemptError};
use scylla::policies::retry::{RequestInfo, RetryDecision, RetryPolicy, RetrySession};

/// The retry policy that passes the cluster's answers through.
#[derive(Debug, Default)]
pub struct PassThrough;

impl RetryPolicy for PassThrough {
    fn new_session(&self) -> Box<dyn RetrySession> {
        Box::new(PassThroughSession)
    }
}

struct PassThroughSession;

impl RetrySession for PassThroughSession {
    fn decide_should_retry(&mut self, info: RequestInfo) -> RetryDecision {
        decide(info.error, info.is_idempotent)
    }

    fn reset(&mut self) {}
}

/// What [`PassThrough`] does after `error` (see the module note).
pub fn decide(error: &RequestAttemptError, idempotent: bool) -> RetryDecision {
    let next_if = |ok: bool| {
        if ok {
            RetryDecision::RetryNextTarget(None)
        } else {
            RetryDecision::DontRetry
        }
    };
    match error {
        RequestAttemptError::BrokenConnectionError(_) => next_if(idempotent),
        // No stream id left on the connection: nothing was sent.
        RequestAttemptError::UnableToAllocStreamId => next_if(true),
        RequestAttemptError::DbError(DbError::IsBootstrapping, _) => next_if(true),
        RequestAttemptError::DbError(DbError::Overloaded, _) => next_if(idempotent),
        _ => RetryDecision::DontRetry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scylla::errors::{BrokenConnectionErrorKind, WriteType};
    use scylla::statement::Consistency;

    fn db(e: DbError) -> RequestAttemptError {
        RequestAttemptError::DbError(e, "from the cluster".into())
    }

    #[test]
    fn the_clusters_answers_pass_through_and_only_unanswered_requests_move_on() {
        let unavailable = db(DbError::Unavailable {
            consistency: Consistency::Quorum,
            required: 2,
            alive: 1,
        });
        let write_timeout = db(DbError::WriteTimeout {
            consistency: Consistency::Quorum,
            received: 1,
            required: 2,
            write_type: WriteType::Simple,
        });
        let read_timeout = db(DbError::ReadTimeout {
            consistency: Consistency::Quorum,
            received: 2,
            required: 2,
            data_present: false,
        });
        for e in [&unavailable, &write_timeout, &read_timeout] {
            for idempotent in [false, true] {
                assert_eq!(decide(e, idempotent), RetryDecision::DontRetry, "{e}");
            }
        }
        for e in [db(DbError::ServerError), db(DbError::Invalid)] {
            assert_eq!(decide(&e, true), RetryDecision::DontRetry);
        }
        let next = RetryDecision::RetryNextTarget(None);
        let broken = RequestAttemptError::BrokenConnectionError(
            BrokenConnectionErrorKind::KeepaliveTimeout([127, 0, 0, 2].into()).into(),
        );
        assert_eq!(decide(&broken, true), next);
        assert_eq!(decide(&broken, false), RetryDecision::DontRetry);
        assert_eq!(decide(&db(DbError::IsBootstrapping), false), next);
        assert_eq!(decide(&db(DbError::Overloaded), true), next);
        assert_eq!(
            decide(&db(DbError::Overloaded), false),
            RetryDecision::DontRetry
        );
    }
}
